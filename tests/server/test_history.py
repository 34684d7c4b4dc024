"""The game's history from the server: ``history`` in every ``sync`` frame (the whole list, as
the receiving seat may see it), ``entry`` in every ``event`` frame (the new line), rebuilt
identically when a game is loaded again from the store (docs/protocol.md, "History")."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from donjon.games.unfairchess.catalogue import CARDS
from tests.server.conftest import Player, Site
from tests.server.test_hidden_info import play_random_game, walk

OPENING = ("e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7")
SANS = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]


def start(site: Site) -> tuple[str, dict[int, Player]]:
    a, b = site.user(f"w{random.randrange(10**6)}"), site.user(f"b{random.randrange(10**6)}")
    gid, seats = site.game_pair(a, b, color="white")
    players = {s: Player(c, gid) for s, c in seats.items()}
    for p in players.values():
        p.hello()
    return gid, players


def play(players: dict[int, Player], ucis: tuple[str, ...] | list[str]) -> None:
    for uci in ucis:
        seat = players[0].game["to_act"][0]
        me = players[seat]
        me.wait_version(players[0].v)  # type: ignore[arg-type]
        ack = me.act({"type": "move", "uci": uci})
        assert ack["t"] == "ack", ack
        for p in players.values():
            p.wait_version(ack["v"])


def synced_history(p: Player, v: int | None = None) -> list[dict[str, Any]]:
    frames = p.hello(v)
    syncs = [f for f in frames if f["t"] == "sync"]
    assert syncs, frames
    return syncs[-1]["history"]  # type: ignore[no-any-return]


def test_a_reload_gets_the_whole_list(site: Site) -> None:
    gid, players = start(site)
    play(players, OPENING[:4])
    again = Player(players[0].client, gid)  # the page reloaded: a new socket, hello v=null
    history = synced_history(again)
    assert [e["san"] for e in history] == SANS[:4]
    assert [e["v"] for e in history] == [1, 2, 3, 4]
    assert [e["by"] for e in history] == [0, 1, 0, 1]
    assert [e["ply"] for e in history] == [1, 2, 3, 4]
    assert all(e["kind"] == "play" for e in history)
    first = dict(history[0])
    assert isinstance(first.pop("at"), float) and first.pop("left") == 303.0  # 5+3: the opening costs nothing
    assert first == {"v": 1, "kind": "play", "by": 0, "ply": 1, "san": "e4", "uci": "e2e4"}


def test_two_plies_in_san(site: Site) -> None:
    gid, players = start(site)
    play(players, ("e2e4", "e7e5"))
    assert [e["san"] for e in synced_history(Player(site.client(), gid))] == ["e4", "e5"]


def test_events_carry_the_new_entry_and_a_late_spectator_gets_plies_1_to_10(site: Site) -> None:
    gid, players = start(site)
    early = Player(site.client(), gid)
    early.hello()
    play(players, OPENING)
    late = Player(site.client(), gid)  # a spectator arriving at ply 10
    history = synced_history(late)
    assert [e["san"] for e in history] == SANS
    assert [e["ply"] for e in history] == list(range(1, 11))
    # a connected client appends each event's entry: the same list
    early.wait_version(10)
    entries = [f["entry"] for f in early.frames if f["t"] == "event"]
    assert entries == history
    # every audience gets the same public lines here (no private ones in UnfairChess)
    assert [f["entry"] for f in players[0].frames if f["t"] == "event"] == history
    # a catch-up (reconnect a few versions behind) carries the entries of the missed events
    back = Player(site.client(), gid)
    frames = back.hello(7)
    assert [f["entry"] for f in frames if f["t"] == "event"] == history[7:]
    # a client up to date gets only the welcome: no history resent
    again = Player(site.client(), gid)
    assert [f["t"] for f in again.hello(10)] == ["welcome"]


def test_a_card_turn_has_its_card_id_and_squares(site: Site) -> None:
    # Random games until a card is playable; its entry names the card and its squares.
    rng = random.Random(11)
    for _ in range(10):
        gid, players = start(site)
        for _ply in range(40):
            seat = players[0].game["to_act"][0]
            me = players[seat]
            me.wait_version(players[0].v)  # type: ignore[arg-type]
            cards = [a for a in me.legal if a["type"] == "card" and a["squares"]]
            action = rng.choice(cards) if cards else rng.choice([a for a in me.legal if a["type"] == "move"])
            ack = me.act(action)
            assert ack["t"] == "ack", ack
            for p in players.values():
                p.wait_version(ack["v"])
            if cards:
                entry = synced_history(Player(site.client(), gid))[-1]
                assert entry["v"] == ack["v"] and entry["kind"] == "play" and entry["by"] == seat
                assert entry["card"] == action["card"] and entry["squares"] == action["squares"]
                assert "san" not in entry
                return
            if players[0].game["status"] != "active":
                break
    pytest.fail("no card was ever playable")


def test_lifecycle_entries(site: Site) -> None:
    gid, players = start(site)
    play(players, ("e2e4", "e7e5"))
    assert players[0].request("draw", op="offer")["t"] == "ack"
    players[1].wait_version(3)
    untimed = lambda e: {k: v for k, v in e.items() if k != "at"}  # noqa: E731 - the game's clock stamps each entry
    assert untimed(players[1].frames[-1]["entry"]) == {"v": 3, "kind": "draw", "by": 0, "op": "offer"}
    assert players[1].request("draw", op="decline")["t"] == "ack"
    assert players[1].request("resign")["t"] == "ack"
    history = [untimed(e) for e in synced_history(Player(site.client(), gid))]
    assert history[2:] == [{"v": 3, "kind": "draw", "by": 0, "op": "offer"},
                           {"v": 4, "kind": "draw", "by": 1, "op": "decline"},
                           {"v": 5, "kind": "resign", "by": 1}]


def card_ids(obj: Any) -> set[str]:
    return {v for _, v in walk(obj) if isinstance(v, str) and v in CARDS}


def test_no_entry_shows_a_hidden_card(site_factory: Any) -> None:
    """Random games with cards; the entries every seat and a spectator got (by event, and in
    the sync of a late hello) name no card but those played (the discard pile, public)."""
    site = site_factory(ws_rate_limit=10_000)
    rng = random.Random(20240612)
    from donjon.games import get_game
    from donjon.server.match import Match

    game = get_game("unfairchess")
    named = 0
    for _ in range(2):
        gid, players = play_random_game(site, rng, max_plies=120)
        (seed, options), = site.sql("select seed, options from games where id=?", gid)
        rows = site.sql("select seq, kind, seat, data from game_actions where game_id=? order by seq", gid)
        m = Match.start(game, 2, seed, json.loads(options) or None)
        states = {0: m.state}
        for seq, kind, seat, data in rows:
            m = m.step(kind, seat, json.loads(data))
            states[seq] = m.state
        late = {s: Player(p.client, gid) for s, p in players.items()}
        for seat, p in players.items():
            got = [(f["v"], f["entry"]) for f in p.frames if f["t"] == "event"]
            got += [(e["v"], e) for e in synced_history(late[seat])]
            for v, entry in got:
                played = {d["card"] for d in states[v].discard}
                hidden = set(states[v].hands[0]) | set(states[v].hands[1]) | {c for d in states[v].decks for c in d}
                shown = card_ids(entry)
                named += bool(shown)
                assert shown <= played, f"seat {seat} saw {shown - played} in {entry}"
                # a card still hidden somewhere was not named for being hidden
                assert not (shown & hidden) - played, entry
                assert set(entry) - {"v", "kind", "by", "ply", "san", "uci", "card", "squares", "promotion",
                                     "promotions", "order", "op", "loser", "bot", "game", "at", "left"} == set(), entry
        assert synced_history(Player(site.client(), gid)) == synced_history(Player(players[0].client, gid))
    assert named > 5  # cards really were played


def test_reloaded_from_the_store_the_history_is_the_same(site: Site) -> None:
    gid, players = start(site)
    play(players, OPENING[:6])
    assert players[0].request("draw", op="offer")["t"] == "ack"
    before = synced_history(Player(site.client(), gid))
    for p in list(players.values()):
        p.close()
    hub = site.app.state.hub
    room = hub.rooms[gid]
    room.conns.clear()
    hub.rooms.pop(gid)  # as after a restart: the room is rebuilt from the stored entries
    after = synced_history(Player(site.client(), gid))
    assert hub.rooms[gid] is not room
    assert after == before and len(after) == 7


@pytest.mark.slow
async def test_history_after_a_restart(tmp_path: Path) -> None:
    """kill -9 and start again (tests/server/test_restart.py): the history is rebuilt
    identically from the action log."""
    from tests.server.test_restart import Sock, free_port, start_server

    db, log, port = tmp_path / "donjon.sqlite3", tmp_path / "server.log", free_port()
    proc = start_server(db, port, log)
    try:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, verify=False) as a, httpx.Client(base_url=base, verify=False) as b:
            for c, name in ((a, "alice"), (b, "bobby")):
                assert c.post("/api/register", json={"username": name, "password": "correct horse"}).status_code == 200
            tid = a.post("/api/tables", json={"color": "white"}).json()["table"]["id"]
            gid = b.post(f"/api/tables/{tid}/join").json()["table"]["game_id"]
            cookies = {0: a.cookies["donjon_session"], 1: b.cookies["donjon_session"]}

        w = await Sock.open(port, gid, cookies[0])
        k = await Sock.open(port, gid, cookies[1])
        for mw, mb in (("e2e4", "e7e5"), ("g1f3", "b8c6")):
            ack = await w.act(mw)
            assert ack["t"] == "ack"
            await k.wait(ack["v"])
            ack = await k.act(mb)
            assert ack["t"] == "ack"
            await w.wait(ack["v"])
        first = await synced(port, gid, cookies[1])
        assert [e["san"] for e in first] == ["e4", "e5", "Nf3", "Nc6"]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        for s in (w, k):
            await s.ws.close()
        proc = start_server(db, port, log)
        assert await synced(port, gid, cookies[1]) == first
        assert await synced(port, gid, cookies[0]) == first
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


async def synced(port: int, gid: str, cookie: str) -> list[dict[str, Any]]:
    """The ``history`` of the sync a new socket's hello gets."""
    import websockets

    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/game/{gid}",
                                  additional_headers={"Cookie": f"donjon_session={cookie}"}) as ws:
        await ws.send(json.dumps({"t": "hello", "v": None}))
        while True:
            f = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if f["t"] == "sync":
                return f["history"]  # type: ignore[no-any-return]


def castel_game(site: Site, names: tuple[str, str], seed: int, actions: int,
                draws: float) -> tuple[str, dict[int, Any], dict[int, Player]]:
    """A two-player Castel game whose seats play up to ``actions`` random actions, a draw
    from the pile with probability ``draws`` when one is legal."""
    gid, seats = site.game_pair(site.user(names[0]), site.user(names[1]), game="castel")
    players = {s: Player(c, gid) for s, c in seats.items()}
    for p in players.values():
        p.hello()
    rng = random.Random(seed)
    for _ in range(actions):
        me = players[players[0].game["to_act"][0]]
        me.wait_version(players[0].v)  # type: ignore[arg-type]
        pile = [x for x in me.legal if x["type"] == "draw"]
        ack = me.act(rng.choice(pile) if pile and rng.random() < draws else rng.choice(me.legal))
        assert ack["t"] == "ack", ack
        for p in players.values():
            p.wait_version(ack["v"])
        if players[0].game["status"] != "active":
            break
    return gid, seats, players


def test_castel_a_draw_is_in_the_drawers_history_only(site: Site) -> None:
    gid, seats, players = castel_game(site, ("castel_a", "castel_b"), seed=8, actions=60, draws=0.6)
    public = synced_history(Player(site.client(), gid))
    mine = {s: synced_history(Player(seats[s], gid)) for s in (0, 1)}
    draws = 0
    for i, e in enumerate(public):
        for ev in e.get("events", []):
            if ev["type"] == "draw" and "card" not in ev:
                draws += 1
                drawer = ev["seat"]
                seen = [x for x in mine[drawer][i]["events"] if x["type"] == "draw"]
                assert all("card" in x for x in seen), mine[drawer][i]
                assert mine[1 - drawer][i] == e  # the other seat gets the public line
    assert draws > 3
    # the entries the event frames carried are the same lines
    for s in (0, 1):
        assert [f["entry"] for f in players[s].frames if f["t"] == "event"] == mine[s]


def test_the_replay_record_carries_the_spectators_history(site: Site) -> None:
    """A finished game's replay has the move list a spectator of the live game got, to the
    letter (times included), so the replay page needs no socket."""
    gid, players = start(site)
    play(players, OPENING[:4])
    assert players[0].request("draw", op="offer")["t"] == "ack"
    players[1].wait_version(5)
    assert players[1].request("resign")["t"] == "ack"
    live = synced_history(Player(site.client(), gid))
    record = site.main.get(f"/api/games/{gid}/replay").json()
    assert record["history"] == live
    assert [e["v"] for e in record["history"]] == [s["seq"] for s in record["steps"][1:]]
    assert [e.get("san") for e in record["history"]] == SANS[:4] + [None, None]


def test_the_castel_replay_history_is_the_public_one(site: Site) -> None:
    gid, _, players = castel_game(site, ("castel_ra", "castel_rb"), seed=3, actions=12, draws=1.0)
    assert players[0].request("resign")["t"] == "ack"
    public = synced_history(Player(site.client(), gid))
    record = site.main.get(f"/api/games/{gid}/replay").json()
    assert record["history"] == public
    drawn = [ev for e in public for ev in e.get("events", []) if ev["type"] == "draw"]
    assert drawn and not any("card" in ev for ev in drawn)  # nobody's drawn card is in the replay
