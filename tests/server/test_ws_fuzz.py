"""Fuzzing the game socket: random frames (binary, odd text, random JSON, huge numbers,
wrong types) and valid-looking intents (wrong seat, version, game, out of turn, a
spectator's) sent by both players and a spectator of one game.

After every message the server still answers a ping on that socket, and the game's action
log grows exactly by the intents the server acknowledged, each of which was legal for its
sender at that moment.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.server.conftest import Player, Site

TYPES = ["hello", "ping", "act", "draw", "claim", "rematch", "welcome", "sync", "", None, 7]
ENDING = ["resign", "abort"]  # rarer, or the game would be over after a few examples

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**80), max_value=2**80),
                      st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20))
json_value = st.recursive(json_leaf, lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
    st.text(max_size=8), kids, max_size=4), max_leaves=12)
versions = st.one_of(st.none(), st.integers(min_value=-3, max_value=40), st.integers(min_value=2**31),
                     st.integers(max_value=-(2**63)), st.floats(), st.text(max_size=3), st.booleans())
seats = st.one_of(st.none(), st.integers(min_value=-2, max_value=3), st.just(2**64), st.text(max_size=2))
ids = st.one_of(st.integers(min_value=-(2**70), max_value=2**70), st.text(max_size=10), st.none(), st.floats(),
                st.lists(st.integers(), max_size=2))
squares = st.sampled_from(["e2", "e4", "e7", "e5", "a1", "h8", "z9", "", "e2e4"])
actions = st.one_of(
    st.fixed_dictionaries({"type": st.just("move"), "uci": st.one_of(
        st.sampled_from(["e2e4", "e7e5", "g1f3", "e1g1", "e7e8q", "a1a1", "0000", "Nf3"]), st.text(max_size=6))}),
    st.fixed_dictionaries({"type": st.just("card"), "card": st.sampled_from(["sommeil", "prescience", "ZZZ", ""]),
                           "squares": st.lists(squares, max_size=3)}),
    st.fixed_dictionaries({"type": st.just("order"), "order": st.lists(st.text(max_size=8), max_size=3)}),
    json_value,
)


@st.composite
def intents(draw: st.DrawFn) -> dict[str, Any]:
    t = draw(st.sampled_from(ENDING if draw(st.integers(0, 40)) == 0 else TYPES))
    msg: dict[str, Any] = {"t": t}
    if draw(st.booleans()):
        msg["id"] = draw(ids)
    if draw(st.booleans()):
        msg["v"] = draw(versions)
    if draw(st.integers(0, 3)) == 0:
        msg["seat"] = draw(seats)
    if t == "act" or draw(st.integers(0, 5)) == 0:
        msg["action"] = draw(actions)
    if t in ("draw", "rematch") or draw(st.integers(0, 5)) == 0:
        msg["op"] = draw(st.one_of(st.sampled_from(["offer", "accept", "decline"]), json_leaf))
    if draw(st.integers(0, 6)) == 0:
        msg[draw(st.text(min_size=1, max_size=6))] = draw(json_value)  # an unknown field
    return msg


def _dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=True)


NASTY = [
    "", "{", "[]", "null", "1e999999", "9" * 5000, '{"t": "ping", "id": ' + "9" * 5000 + "}",
    '{"t": "act", "id": 1, "v": 1e400, "action": {}}', '{"t": "act", "id": NaN, "v": 0, "action": {}}',
    "[" * 5000 + "]" * 5000, '{"t": "act", "id": 1, "v": 0, "action": ' + "[" * 3000 + "]" * 3000 + "}",
    '{"t": "\\ud800"}', '{"t": "ping", "id": "\ud800"}', '{"t": "ping"} trailing', "\x00" * 10,
    '{"t": "act", "id": 1, "v": 0, "action": {"type": "move", "uci": "e2e4"}, "game": "other"}']
"""Frames that once broke, or could break, a JSON reader."""

# What one fuzz step sends: ("text", str) or ("bytes", bytes), or ("legal", n) for the n-th
# legal action of the sender at its current version (so the game moves on).
frames = st.one_of(
    st.tuples(st.just("bytes"), st.binary(max_size=64)),
    st.tuples(st.just("text"), st.text(max_size=80)),
    st.tuples(st.just("text"), st.sampled_from(NASTY)),
    st.tuples(st.just("text"), json_value.map(_dumps)),
    st.tuples(st.just("text"), intents().map(_dumps)),
    st.tuples(st.just("legal"), st.integers(0, 50)),
    st.tuples(st.just("legal"), st.integers(0, 50)),
    st.tuples(st.just("stale"), st.integers(0, 50)),
)


@pytest.fixture
def table(site_factory: Callable[..., Site]) -> tuple[Site, str, list[Player]]:
    site = site_factory(ws_rate_limit=0)  # the rate limit has its own tests
    alice, bob = site.user("alice"), site.user("bob")
    gid, by_seat = site.game_pair(alice, bob)
    players = [Player(by_seat[0], gid), Player(by_seat[1], gid), Player(site.user("carol"), gid)]
    for p in players:
        p.hello()
    return site, gid, players


def test_fuzz_game_socket(table: tuple[Site, str, list[Player]]) -> None:
    site, gid, players = table
    room = site.app.state.hub.rooms[gid]
    acked: list[tuple[int | None, dict[str, Any]]] = []
    assert [p.seat for p in players] == [0, 1, None]

    def log_len() -> int:
        return int(site.sql("select count(*) from game_actions where game_id=?", gid)[0][0])

    # One game shared by every example: no shrinking (a failure leaves the game where it is)
    @settings(max_examples=160, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
              phases=[Phase.explicit, Phase.generate], database=None)
    @given(who=st.integers(0, 2), frame=frames)
    def step(who: int, frame: tuple[str, Any]) -> None:
        p = players[who]
        kind, payload = frame
        sent_action: dict[str, Any] | None = None
        legal_before = list(p.legal)
        if kind == "bytes":
            p.ws.send_bytes(payload)
        elif kind == "text":
            p.ws.send_text(payload)
            try:
                decoded = json.loads(payload)
            except (ValueError, RecursionError):
                decoded = None
            if isinstance(decoded, dict) and decoded.get("t") == "act" and isinstance(decoded.get("action"), dict):
                sent_action = decoded["action"]
        else:  # a legal action of the sender, with its version, or with a stale one
            if not p.legal:
                p.ws.send_text(_dumps({"t": "act", "id": "x", "v": p.v, "action": {"type": "move", "uci": "e2e4"}}))
                sent_action = {"type": "move", "uci": "e2e4"}
            else:
                sent_action = p.legal[payload % len(p.legal)]
                v = p.v if kind == "legal" else max(0, room.match.play_version - 1 - payload % 3)
                p.ws.send_text(_dumps({"t": "act", "id": "x", "v": v, "action": sent_action}))
        got = ping(p)  # the server still answers this socket
        acks = [f for f in got if f["t"] == "ack"]
        assert len(acks) <= 1, got
        if acks:
            acked.append((p.seat, sent_action or {}))
            assert p.seat is not None, "a spectator's intent was accepted"
            if sent_action is not None:
                assert sent_action in legal_before, f"accepted {sent_action} not in the legal list {legal_before}"
        for f in got:
            assert f["t"] in ("ack", "error", "event", "sync", "welcome", "pong", "presence"), f
            if f["t"] == "error":
                assert isinstance(f["reason"], str) and f["reason"] and isinstance(f["code"], str)
        for other in players:  # keep every socket read, and in step with the game
            ping(other)
        # the game changed exactly by the acknowledged intents
        assert room.match.version == len(acked) == log_len()
        assert all(o.v == room.match.version for o in players)

    step()
    assert len(acked) > 0, "the fuzz run never played a legal move"
    assert log_len() == len(acked)


def ping(p: Player) -> list[dict[str, Any]]:
    """Ping ``p``'s socket; the frames received up to its pong (which is last)."""
    ping_id = f"fuzz-ping-{len(p.frames)}"
    p.ws.send_json({"t": "ping", "id": ping_id})
    got = []
    while True:
        f = p.recv(timeout=5)
        got.append(f)
        if f["t"] == "pong" and f["id"] == ping_id:
            return got


def test_nasty_frames_change_nothing(table: tuple[Site, str, list[Player]]) -> None:
    """Every frame of NASTY, from each socket: an error (or a pong), never a dead socket."""
    site, gid, players = table
    before = site.sql("select count(*) from game_actions where game_id=?", gid)
    for p in players:
        for text in NASTY:
            p.ws.send_text(text)
            got = ping(p)
            assert all(f["t"] in ("error", "pong") for f in got), (text[:40], got)
    assert site.sql("select count(*) from game_actions where game_id=?", gid) == before
