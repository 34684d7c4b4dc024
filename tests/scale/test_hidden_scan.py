"""The hidden-information scan of tests/server/test_hidden_info.py over many games on both
stores, on a real server process.

The server has no bot-against-bot tables, so scripted WebSocket players (two guests per game,
plus a spectator) play every game kind of the lobby (UnfairChess with cards, Castel), picking
random legal actions, many games at once. Afterwards each game's action log is replayed
(``Match.start`` + ``Match.step``, as the server does) to know the exact state at every
version, and every frame each seat and the spectator received is scanned for what they may
not know: UnfairChess — another hand, any deck order, the engine's dump (the checks of
test_hidden_info); Castel — another seat's hidden hand cards (unless the Herald opens the
hands) and any pile card (the checks of tests/castel/test_hidden.py).

SQLite always runs; PostgreSQL needs ``DONJON_TEST_POSTGRES_URL``.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from donjon.games import get_game
from donjon.server.match import Match
from tests.castel.test_hidden import strings
from tests.scale.harness import (
    Node,
    WsPlayer,
    Zygote,
    game_rows,
    log_entries_many,
    make_game,
    pg_database,
    postgres_base_url,
)
from tests.scale.play import play_plies
from tests.server.test_hidden_info import CARD_IDS, OK_LISTS, allowed_cards, card_strings, walk

pytestmark = pytest.mark.slow

PG = postgres_base_url()
GAMES = {"unfairchess": 8, "castel": 4}  # per store
PLIES = {"unfairchess": 60, "castel": 50}  # then the side to act resigns


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'scan.sqlite3'}"
        return
    if not PG:
        pytest.skip("set DONJON_TEST_POSTGRES_URL to scan games on PostgreSQL")
    with pg_database(PG) as url:
        yield url


def check_unfairchess_frame(f: dict[str, Any], state: Any, seat: int | None) -> bool:
    """test_hidden_info's checks of one frame; True if it offered a card play."""
    text = json.dumps(f)
    assert '"hands"' not in text and '"decks"' not in text, f"dump leaked to seat {seat}"
    if "view" not in f:
        assert not card_strings(f), (seat, f)
        return False
    ok = allowed_cards(state, seat)
    for path, card in card_strings(f):
        assert card in ok, f"seat {seat} saw {card!r} at {'.'.join(path)} (v={f['v']})"
    if seat is not None:
        assert [c["card"] for c in f["view"]["hand"]] == state.hands[seat]
        assert f["view"]["hand_counts"][1 - seat] == len(state.hands[1 - seat])
    else:
        assert "hand" not in f["view"] and "known_top" not in f["view"]
    for path, v in walk(f):
        if isinstance(v, list) and len(v) >= 2 and all(isinstance(x, str) and x in CARD_IDS for x in v):
            if path[:2] == ("event", "action") and seat is not None and f["event"]["by"] == seat:
                continue
            if "statuses" in path:
                continue
            assert path and path[-1] in OK_LISTS, f"a list of cards at {'.'.join(path)} for seat {seat}"
            assert seat is not None
    return any(a.get("type") == "card" for a in f.get("legal", []))


def check_castel_frame(f: dict[str, Any], st: Any, seat: int | None) -> bool:
    """tests/castel/test_hidden.py's checks (no pile card, no hidden hand card of another seat)
    on the whole frame; True if the seat's hand was in it."""
    seen = strings(f)
    assert '"piles"' not in json.dumps(f), f"dump leaked to seat {seat}"
    x = st.players if seat is None else seat
    for p in range(st.players):
        leaked = seen & set(st.piles[p])
        assert not leaked, f"pile {p} cards {leaked} in a frame of seat {seat} (v={f.get('v')})"
        if p != seat and not st.herald_in_play():
            hidden = set(st.hands[p]) - st.known[x][p]
            assert not seen & hidden, f"seat {p}'s hidden cards {seen & hidden} in a frame of seat {seat}"
    if "view" in f and seat is not None:
        assert sorted(c["id"] for c in f["view"]["hand"]) == sorted(st.hands[seat])
        return True
    return False


async def play_one(node: Node, kind: str, rng: random.Random) -> tuple[str, list[WsPlayer]]:
    gid, cookies = await make_game(node.url, kind=kind, color="random")
    players = {s: WsPlayer(gid, c, keep_frames=True) for s, c in cookies.items()}
    spectator = WsPlayer(gid, None, keep_frames=True)
    every = [players[0], players[1], spectator]
    for p in every:
        await p.connect(node.ws_url, timeout=120)
    try:
        await play_plies(players, rng, 10_000, watchers=[spectator], cards=0.5, resign_at=PLIES[kind])
    finally:
        for p in every:
            await p.close()
    return gid, every


async def test_no_frame_leaks_over_many_games(store_url: str, tmp_path: Path, zygote: Zygote) -> None:
    node = Node(store_url, tmp_path / "server.log", zygote=zygote)
    await node.astart()
    rng = random.Random(8080)
    try:
        jobs = [play_one(node, kind, random.Random(rng.random())) for kind, n in GAMES.items() for _ in range(n)]
        played = await asyncio.gather(*jobs)
    finally:
        node.stop()
    ids = [gid for gid, _ in played]
    logs = log_entries_many(store_url, ids)
    rows = game_rows(store_url, ids)
    kinds = {gid: every[0].game["kind"] for gid, every in played}
    frames = {"unfairchess": 0, "castel": 0}
    card_frames = hand_frames = 0
    for gid, every in played:
        seed, options, status, _ = rows[gid]
        assert status != "active"
        game = get_game(kinds[gid])
        m = Match.start(game, 2, seed, options or None)
        states = {0: m.state}
        for seq, kind, seat, data in logs[gid]:
            m = m.step(kind, seat, data)
            states[seq] = m.state
        for p in every:
            assert p.frames
            for f in p.frames:
                frames[kinds[gid]] += 1
                if "v" not in f or f["t"] == "ack":  # presence, pong, error, ack: meta only, no card at all
                    assert f["t"] in ("presence", "ack", "error", "pong"), f
                    if kinds[gid] == "unfairchess":
                        assert not card_strings(f), (p.seat, f)
                    else:
                        check_castel_frame(f, states[max(states)], p.seat)
                    continue
                state = states[f["v"]]
                if kinds[gid] == "unfairchess":
                    card_frames += check_unfairchess_frame(f, state, p.seat)
                else:
                    hand_frames += check_castel_frame(f, state, p.seat)
    print(f"scanned {sum(frames.values())} frames of {len(played)} games: {frames}")
    assert card_frames > 50  # cards really were in play
    assert hand_frames > 50
    assert frames["castel"] > 200 and frames["unfairchess"] > 500


def test_the_scan_catches_a_leak() -> None:
    """The checks above do fail on a frame that shows a hidden card."""
    uc = get_game("unfairchess")
    st = uc.setup(2, seed=5, options=None)
    frame = {"t": "sync", "v": 0, "seat": 0, "view": uc.view(st, 0), "legal": [], "game": {}}
    check_unfairchess_frame(frame, st, 0)
    secret = next(c for c in st.hands[1] if c not in st.hands[0])
    with pytest.raises(AssertionError):
        check_unfairchess_frame({**frame, "game": {"note": secret}}, st, 0)
    with pytest.raises(AssertionError):
        check_unfairchess_frame({**frame, "seat": None, "view": uc.view(st, 0)}, st, None)  # a seat's view
    castel = get_game("castel")
    cs = castel.setup(2, 5, None)
    frame = {"t": "sync", "v": 0, "seat": 1, "view": castel.view(cs, 1), "legal": [], "game": {}}
    check_castel_frame(frame, cs, 1)
    with pytest.raises(AssertionError):
        check_castel_frame({**frame, "game": {"note": cs.piles[0][0]}}, cs, 1)
    with pytest.raises(AssertionError):
        check_castel_frame({**frame, "game": {"note": cs.hands[0][0]}}, cs, 1)
