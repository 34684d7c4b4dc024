"""The real-time protocol: hello/sync, act/ack/event, per-seat views, and every bad input
answered with a clear error while nothing changes and the socket stays open."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Player, Site, no_frame, recv_until


def snapshot(site: Site, gid: str) -> tuple[int, int, dict[str, Any]]:
    """(stored entries, version, public view) as a brand-new spectator sees them."""
    spec = Player(site.client(), gid)
    spec.hello()
    spec.close()
    rows = site.sql("select count(*) from game_actions where game_id=?", gid)[0][0]
    assert spec.v is not None and spec.view
    return rows, spec.v, spec.view


def test_hello_sync_and_own_views(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    assert white.seat == 0 and black.seat == 1 and white.v == 0
    assert white.view["seat"] == 0 and len(white.view["hand"]) == 4
    assert black.view["seat"] == 1 and len(black.view["hand"]) == 4
    assert {"type": "move", "uci": "e2e4"} in white.legal and black.legal == []
    assert white.game["players"][0]["name"] == "alice" and white.game["status"] == "active"

    ack = white.act({"type": "move", "uci": "e2e4"})
    assert ack == {"t": "ack", "id": ack["id"], "v": 1}
    ev = white.frames[-1]
    assert ev["t"] == "event" and ev["v"] == 1 and ev["event"]["kind"] == "play"
    assert ev["event"]["action"] == {"type": "move", "uci": "e2e4"}  # the author sees their action
    bev = black.recv()
    assert bev["t"] == "event" and bev["v"] == 1 and "action" not in bev["event"]
    assert bev["view"]["seat"] == 1 and bev["view"]["hand"] != []
    assert {"type": "move", "uci": "e7e5"} in black.legal and white.legal == []
    # a spectator gets the public view: no hand at all
    spec = Player(site.client(), gid)
    spec.hello()
    assert spec.seat is None and "hand" not in spec.view and spec.legal == []
    assert spec.view["fen"] == bev["view"]["fen"]
    black.act({"type": "move", "uci": "e7e5"})
    sev = spec.recv()
    assert sev["v"] == 2 and "hand" not in sev["view"]
    spec.close()


def test_reconnect_missed_events_or_resync(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    white.act({"type": "move", "uci": "e2e4"})
    black.recv()
    black.close()
    black2_client = black.client
    # black is away while white cannot move (it's black's turn): let black come back at v=1
    b2 = Player(black2_client, gid)
    got = b2.hello(v=1)
    assert [f["t"] for f in got] == ["welcome"]  # already up to date: nothing to replay
    b2.act({"type": "move", "uci": "c7c5"})
    white.wait_version(2)
    white.act({"type": "move", "uci": "g1f3"})
    b2.wait_version(3)
    b2.close()
    # a client that remembers v=1 gets the two missed events, in order
    b3 = Player(black2_client, gid)
    got = b3.hello(v=1)
    assert [(f["t"], f.get("v")) for f in got] == [("welcome", 3), ("event", 2), ("event", 3)]
    assert got[-1]["view"]["seat"] == 1 and got[-1]["legal"]
    b3.close()
    # a client with no version (a reload) gets one full sync
    b4 = Player(black2_client, gid)
    got = b4.hello()
    assert [(f["t"], f.get("v")) for f in got] == [("welcome", 3), ("sync", 3)]
    assert b4.view["hand"] and b4.legal
    # a version from the future (another game, a wiped server) also gets a sync
    b5 = Player(black2_client, gid)
    got = b5.hello(v=99)
    assert [f["t"] for f in got] == ["welcome", "sync"]
    b4.close()
    b5.close()


def test_event_buffer_overflow_resyncs(site_factory: Any) -> None:
    site = site_factory(event_buffer=2)
    a, b = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(a, b, color="white")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    for mw, mb in (("g1f3", "g8f6"), ("f3g1", "f6g8"), ("g1f3", "g8f6")):
        w.act({"type": "move", "uci": mw})
        k.wait_version(w.v)  # type: ignore[arg-type]
        k.act({"type": "move", "uci": mb})
        w.wait_version(k.v)  # type: ignore[arg-type]
    late = Player(seats[1], gid)
    got = late.hello(v=1)
    assert [f["t"] for f in got] == ["welcome", "sync"] and late.v == 6
    late.close()


BAD_ACTS: list[tuple[str, Any, str, str]] = [
    ("malformed JSON", "{not json", "malformed JSON", "bad_request"),
    ("not an object", "[1, 2]", "a message is a JSON object", "bad_request"),
    ("unknown type", '{"t": "teleport", "id": 1}', "unknown message type 'teleport'", "bad_request"),
    ("unknown field", '{"t": "act", "id": 1, "v": 0, "action": {"type": "move", "uci": "e2e4"}, "cheat": 1}',
     "unknown field(s) in 'act': cheat", "bad_request"),
    ("unknown action field", '{"t": "act", "id": 1, "v": 0, "action": {"type": "move", "uci": "e2e4", "fast": true}}',
     "unknown field(s): fast", "illegal"),
    ("missing version", '{"t": "act", "id": 1, "action": {"type": "move", "uci": "e2e4"}}',
     "'act' needs field(s): v", "bad_request"),
    ("bad version type", '{"t": "act", "id": 1, "v": "0", "action": {"type": "move", "uci": "e2e4"}}',
     "'v' is a whole number", "bad_request"),
    ("action not object", '{"t": "act", "id": 1, "v": 0, "action": "e2e4"}', "'action' is a JSON object",
     "bad_request"),
    ("unknown action type", '{"t": "act", "id": 1, "v": 0, "action": {"type": "castle"}}',
     "unknown action type 'castle'", "illegal"),
    ("illegal move", '{"t": "act", "id": 1, "v": 0, "action": {"type": "move", "uci": "e2e5"}}',
     "e2e5 is not a legal move", "illegal"),
    ("not uci", '{"t": "act", "id": 1, "v": 0, "action": {"type": "move", "uci": "Nf3"}}',
     "'Nf3' is not a move in UCI notation", "illegal"),
    ("card not held", '{"t": "act", "id": 1, "v": 0, "action": {"type": "card", "card": "ZZZ", "squares": []}}',
     "there is no card 'ZZZ'", "illegal"),
    ("not your seat", '{"t": "act", "id": 1, "v": 0, "seat": 1, "action": {"type": "move", "uci": "e2e4"}}',
     "seat 1 is not yours (you play seat 0)", "not_your_seat"),
    ("stale version", '{"t": "act", "id": 1, "v": 7, "action": {"type": "move", "uci": "e2e4"}}',
     "stale version", "stale"),
    ("bad draw op", '{"t": "draw", "id": 1, "op": "maybe"}', "'op' is 'offer', 'accept' or 'decline'",
     "bad_request"),
    ("accept no draw", '{"t": "draw", "id": 1, "op": "accept"}', "there is no draw offer from your opponent",
     "illegal"),
    ("claim present", '{"t": "claim", "id": 1}', "your opponent is not away", "illegal"),
    ("rematch too early", '{"t": "rematch", "id": 1, "op": "offer"}', "once the game is over", "illegal"),
    ("too long", '{"t": "ping", "pad": "' + "x" * 20000 + '"}', "message too long", "bad_request"),
]


@pytest.mark.parametrize(("label", "text", "needle", "code"), BAD_ACTS, ids=[b[0] for b in BAD_ACTS])
def test_bad_input_changes_nothing(duel: tuple[Site, str, Player, Player], label: str, text: str, needle: str,
                                   code: str) -> None:
    site, gid, white, black = duel
    before = snapshot(site, gid)
    white.ws.send_text(text)
    err = white.recv()
    assert err["t"] == "error", err
    assert needle in err["reason"], err["reason"]
    assert err["code"] == code
    assert snapshot(site, gid) == before
    no_frame(black.ws)
    if code == "stale":  # a stale intent is followed by a fresh sync of the same version
        sync = white.recv()
        assert sync["t"] == "sync" and sync["v"] == before[1]
    # the socket stays open and usable
    white.ws.send_json({"t": "ping", "id": 77})
    pong, _ = recv_until(white.ws, lambda f: f["t"] != "presence")  # a seat's presence may change any time
    assert pong == {"t": "pong", "id": 77}
    ack = white.act({"type": "move", "uci": "e2e4"})
    assert ack["t"] == "ack"


def test_out_of_turn_and_spectator(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    before = snapshot(site, gid)
    err = black.act({"type": "move", "uci": "e7e5"})
    assert err["t"] == "error" and err["reason"] == "it is not your turn" and err["code"] == "not_your_turn"
    assert snapshot(site, gid) == before
    spec = Player(site.user("carol"), gid)
    spec.hello()
    err = spec.act({"type": "move", "uci": "e2e4"})
    assert err["code"] == "not_a_player" and "only its players can act" in err["reason"]
    err = spec.request("resign")
    assert err["code"] == "not_a_player"
    assert snapshot(site, gid) == before
    spec.close()
    # acting before hello is refused too
    fresh = Player(white.client, gid)
    fresh.ws.send_json({"t": "act", "id": 5, "v": 0, "action": {"type": "move", "uci": "e2e4"}})
    err = fresh.recv()
    assert err["code"] == "hello_first"
    fresh.close()
    assert snapshot(site, gid) == before


def test_illegal_card_play(site: Site) -> None:
    """A card the seat holds but cannot play there, and one it does not hold."""
    a, b = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(a, b, color="white")
    white, black = Player(seats[0], gid), Player(seats[1], gid)
    white.hello()
    black.hello()
    before = snapshot(site, gid)
    hand = [c["card"] for c in white.view["hand"]]
    card = hand[0]
    err = white.act({"type": "card", "card": card, "squares": ["h9"]})
    assert err["t"] == "error" and err["code"] == "illegal" and err["reason"]
    theirs = next((c["card"] for c in black.view["hand"] if c["card"] not in hand), None)
    if theirs is not None:
        err = white.act({"type": "card", "card": theirs, "squares": []})
        assert err["t"] == "error" and "you do not hold" in err["reason"]
    assert snapshot(site, gid) == before
    no_frame(black.ws)


def test_foreign_origin_refused(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as exc:
        with white.client.websocket_connect(f"/ws/game/{gid}", headers={"origin": "https://evil.example"}) as ws:
            ws.receive_json()
    assert exc.value.code == 4403
    with pytest.raises(WebSocketDisconnect) as exc2:
        with white.client.websocket_connect("/ws/game/nosuchgame") as ws:
            ws.receive_json()
    assert exc2.value.code == 4404


def test_frames_are_compact_json_whatever_they_hold() -> None:
    """Every frame goes through ``sockets.dumps`` (msgspec): the same JSON as :mod:`json` for
    what a frame holds, int keys as strings, and what msgspec refuses (an id beyond 64 bits,
    echoed from a client) still written."""
    import json

    from donjon.server.sockets import dumps

    frame = {"t": "event", "v": 3, "view": {"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "hand": [{"card": "poison"}]},
             "game": {"name": "Élodie", "server_time": 1.5}, "counts": {0: 2, 1: 3}}
    text = dumps(frame)
    assert " " not in text.replace("Élodie", "").replace("8/8/8/8/8/8/8/8 w - - 0 1", "")
    assert json.loads(text) == json.loads(json.dumps(frame))
    assert json.loads(dumps({"t": "error", "id": 10**30})) == {"t": "error", "id": 10**30}


def test_messages_are_strict_json() -> None:
    """Client messages are read by ``sockets.loads`` (msgspec): NaN, Infinity, numbers out of
    range, trailing text and deep nesting are malformed JSON with a clear reason, not values
    the checks after it must catch; an id beyond 64 bits is still read (and echoed)."""
    from donjon.server.ws import ProtocolError, parse

    for text in ('{"t": "ping", "id": NaN}', '{"t": "ping", "id": Infinity}', '{"t": "act", "id": 1, "v": 1e400, '
                 '"action": {}}', '{"t": "ping"} x', "[" * 5000 + "]" * 5000):
        with pytest.raises(ProtocolError, match="malformed JSON"):
            parse(text, max_size=100_000)
    assert parse('{"t": "ping", "id": 123456789012345678901234567890}')["id"] == 123456789012345678901234567890
