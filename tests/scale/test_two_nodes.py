"""Scale-out with real processes: two ``donjon serve`` nodes share one PostgreSQL database and
one Redis. Two players on different nodes play a whole game; a node is killed (SIGKILL) mid-game
and its player moves to the other node, resyncs with its last version and the game goes on;
an absence forfeit fires once in the cluster although both nodes run the timer; a player of a
killed node who never comes back forfeits through the presence lease; a game clock's flag
falls once, at its stored deadline, after the node that served the game is killed; a move
that makes it the turn of a player away from the game is told to that player's page on the
other node, and not once the player is at the board there; a session ended on one node (or by
the operator's command) closes its sockets on the other.

Needs PostgreSQL (``DONJON_TEST_POSTGRES_URL``, exported by ``.ci/run``) and ``redis-server``;
skipped without them. Each test gets its own database and its own Redis server.
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import websockets

from tests.scale.harness import (
    Closed,
    Node,
    WsPlayer,
    Zygote,
    game_flag_at,
    log_entries,
    make_game,
    pg_database,
    postgres_base_url,
    redis_server,
)
from tests.scale.play import pick, play_plies, wait_all_at

PG = postgres_base_url()
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not PG, reason="set DONJON_TEST_POSTGRES_URL to run the two-node tests on PostgreSQL"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
]

Cluster = Callable[..., tuple[Node, Node]]


@pytest.fixture
def cluster(tmp_path: Path, zygote: Zygote) -> Iterator[Cluster]:
    nodes: list[Node] = []
    with pg_database(PG or "") as db_url, redis_server() as redis_url:

        def make(**env: str) -> tuple[Node, Node]:
            for name in ("A", "B"):  # one after the other: each applies the migrations at start
                nodes.append(Node(db_url, tmp_path / f"node{name}.log", redis_url=redis_url, name=name,
                                  env={"DONJON_TIMER_INTERVAL": "0.2", **env}, zygote=zygote).start())
            return nodes[0], nodes[1]

        try:
            yield make
        finally:
            for n in nodes:
                n.stop()


def assert_log_has(db_url: str, gid: str, players: list[WsPlayer]) -> list[tuple[int, str, int | None, dict]]:
    """Every acknowledged intent is in the log, at its version, unchanged."""
    entries = log_entries(db_url, gid)
    by_seq = {seq: (kind, data) for seq, kind, _, data in entries}
    assert [e[0] for e in entries] == list(range(1, len(entries) + 1))
    for p in players:
        for a in p.acks:
            assert a.v in by_seq, f"acknowledged v={a.v} ({a.kind}) is not in the log"
            kind, data = by_seq[a.v]
            assert kind == a.kind
            if a.kind == "play":
                assert data["action"] == a.data["action"]
    return entries


async def test_two_players_on_two_nodes_play_a_whole_game(cluster: Cluster) -> None:
    a, b = cluster()
    gid, cookies = await make_game(a.url)
    w, k = WsPlayer(gid, cookies[0]), WsPlayer(gid, cookies[1])
    watcher = WsPlayer(gid, None)
    await w.connect(a.ws_url)  # white on node A
    await k.connect(b.ws_url)  # black and a spectator on node B
    await watcher.connect(b.ws_url)
    try:
        await play_plies({0: w, 1: k}, random.Random(8), 10_000, watchers=[watcher], cards=0.2, resign_at=60)
        assert w.game["status"] != "active"
        assert (k.game["status"], k.game["outcome"]) == (w.game["status"], w.game["outcome"])
        assert w.v == k.v == watcher.v
        assert w.view["fen"] == k.view["fen"] == watcher.view["fen"]
        entries = assert_log_has(a.database_url, gid, [w, k])
        assert len(entries) == w.v
        assert sum(len(p.acks) for p in (w, k)) == len(entries)  # nobody else wrote to this game
        assert {e[2] for e in entries if e[1] == "play"} == {0, 1}  # both nodes accepted moves
        assert not w.errors and not k.errors
    finally:
        for p in (w, k, watcher):
            await p.close()


async def test_a_killed_node_s_player_moves_to_the_other_node(cluster: Cluster) -> None:
    a, b = cluster()
    gid, cookies = await make_game(b.url)
    w, k = WsPlayer(gid, cookies[0]), WsPlayer(gid, cookies[1])
    await w.connect(a.ws_url)
    await k.connect(b.ws_url)
    rng = random.Random(11)
    try:
        await play_plies({0: w, 1: k}, rng, 12)
        assert w.active and w.game["to_act"] == [0]
        # White's intent is in flight when node A dies: stored or not, the resync tells.
        before = w.v
        await w.send({"t": "act", "v": w.v, "action": pick(w.legal, rng, 0.0)})
        a.kill()
        with pytest.raises(Closed):
            for _ in range(20):
                await w.recv(10)
        got = await w.connect(b.ws_url)  # hello with the last version seen
        assert got[0]["t"] == "welcome" and got[0]["seat"] == 0
        assert w.v is not None and w.v >= before
        await play_plies({0: w, 1: k}, rng, 10_000, resign_at=50)
        assert not w.active and w.v == k.v and w.view["fen"] == k.view["fen"]
        entries = assert_log_has(b.database_url, gid, [w, k])
        assert len(entries) == w.v
        assert any(e[1] in ("resign", "play") and e[0] > before for e in entries)
        assert w.game["outcome"] == k.game["outcome"] and w.game["outcome"]["reason"]
        # node B served the rest of the game alone
        assert w.node == k.node == b.ws_url
    finally:
        for p in (w, k):
            await p.close()


async def test_absence_forfeit_fires_once_in_the_cluster(cluster: Cluster) -> None:
    a, b = cluster(DONJON_ABSENCE_CLAIM="2", DONJON_ABSENCE_FORFEIT="5")
    gid, cookies = await make_game(a.url)
    w, k = WsPlayer(gid, cookies[0]), WsPlayer(gid, cookies[1])
    await w.connect(a.ws_url)
    await k.connect(b.ws_url)
    try:
        await play_plies({0: w, 1: k}, random.Random(3), 2)
        await w.close()  # white leaves node A: A starts the clock; both nodes' timers look for it
        f = None
        while f is None or f["t"] != "event":
            f = await k.recv(30)
        assert f["event"]["kind"] == "forfeit" and f["event"]["by"] == 0
        assert k.game["status"] == "finished" and k.game["outcome"]["winners"] == [1]
        await asyncio.sleep(1.5)  # both timers have run several times more
        entries = log_entries(b.database_url, gid)
        assert [e[1] for e in entries] == ["play", "play", "forfeit"]
        with pytest.raises(TimeoutError):
            await k.recv(0.5)  # no second forfeit, no other event
        await wait_all_at([k], 3)
    finally:
        for p in (w, k):
            await p.close()


async def test_a_killed_node_s_player_who_never_returns_forfeits_once(cluster: Cluster) -> None:
    """The presence lease: node A is killed (SIGKILL) with white connected; white never comes
    back. Node B sees A's heartbeat go stale, starts white's absence clock (counted from A's
    last heartbeat), black is shown it, and the forfeit fires once."""
    lease, forfeit = 1.5, 4.0
    a, b = cluster(DONJON_PRESENCE_LEASE=str(lease), DONJON_ABSENCE_CLAIM="2", DONJON_ABSENCE_FORFEIT=str(forfeit))
    gid, cookies = await make_game(a.url)
    w, k = WsPlayer(gid, cookies[0]), WsPlayer(gid, cookies[1])
    await w.connect(a.ws_url)  # white on node A
    await k.connect(b.ws_url)  # black on node B
    try:
        await play_plies({0: w, 1: k}, random.Random(3), 2)
        assert k.game["players"][0]["online"] and k.game["players"][0]["deadline_at"] is None
        gone = time.time()
        a.kill()
        stopped = time.time()
        clock = f = None
        while f is None or f["t"] != "event":
            f = await k.recv(30)
            white = f["game"]["players"][0]
            if f["t"] == "presence" and white["deadline_at"] is not None and clock is None:
                clock = white, time.time()
        assert clock is not None, "black was never shown white's absence clock"
        white, shown = clock
        assert white["deadline_kind"] == "forfeit" and not white["online"]
        # counted from node A's last heartbeat (refreshed every lease / 5 s; a loaded machine may
        # delay it, and the count never starts more than two leases back), not from when B saw it
        assert gone - 2 * lease <= white["away_since"] <= stopped
        assert white["deadline_at"] == pytest.approx(white["away_since"] + forfeit)
        assert shown >= white["away_since"] + lease
        assert f["event"]["kind"] == "forfeit" and f["event"]["by"] == 0
        assert time.time() >= white["deadline_at"] - 0.05
        assert k.game["status"] == "finished" and k.game["outcome"]["winners"] == [1]
        await asyncio.sleep(1.5)  # node B's timer has run several times more
        assert [e[1] for e in log_entries(b.database_url, gid)] == ["play", "play", "forfeit"]
        with pytest.raises(TimeoutError):
            await k.recv(0.5)  # no second forfeit, no other event
    finally:
        for p in (w, k):
            await p.close()


async def test_reconnect_to_a_node_catches_up_entries_whose_bus_message_was_lost(cluster: Cluster) -> None:
    a, b = cluster()
    gid, cookies = await make_game(a.url)
    w, k = WsPlayer(gid, cookies[0]), WsPlayer(gid, cookies[1])
    await w.connect(a.ws_url)
    await k.connect(b.ws_url)  # node B holds the room
    try:
        await play_plies({0: w, 1: k}, random.Random(5), 2)
        assert w.v == 2 and w.game["to_act"] == [0]
        # Node A commits white's move and dies before publishing it: write the entry as A would.
        move = pick(w.legal, random.Random(1), 0.0)
        a.kill()
        import json
        import time

        import asyncpg

        con = await asyncpg.connect(a.database_url.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            await con.execute("insert into game_actions (game_id, seq, kind, seat, data, created_at) "
                              "values ($1, 3, 'play', 0, $2, $3)", gid, json.dumps({"action": move}), time.time())
        finally:
            await con.close()
        got = await w.connect(b.ws_url)  # white comes back on node B with v=2
        assert got[0]["v"] == 3, f"node B says v={got[0]['v']} although entry 3 is stored"
    finally:
        for p in (w, k):
            await p.close()


async def test_a_flag_falls_once_at_its_stored_deadline_after_a_node_kill(cluster: Cluster) -> None:
    """Both players on node A, white's 15 s running; A is killed (SIGKILL). Node B, finding A's
    lease lapsed, loads the game and gives white back the time nobody served it — from A's last
    sign of life: its last heartbeat or the move that started white's clock, whichever came
    later (either can be the last thing A did before it died) — as a ``clock`` entry. The
    deadline is on the game row (``games.flag_at``, written with each entry), so node B's timer
    flags white at the stored deadline plus what was given — with nobody connected to B —
    exactly once although both nodes run the timer loop, and black, coming back on B, is told
    why the game ended. (Absence clocks are set to an hour: only the game clock can end this
    game.)"""
    lease = 2.5
    a, b = cluster(DONJON_PRESENCE_LEASE=str(lease), DONJON_ABSENCE_CLAIM="3600", DONJON_ABSENCE_FORFEIT="3600")
    gid, cookies = await make_game(a.url, time_control={"initial": 15, "increment": 0})
    w, k = WsPlayer(gid, cookies[0]), WsPlayer(gid, cookies[1])
    await w.connect(a.ws_url)
    await k.connect(a.ws_url)
    try:
        await play_plies({0: w, 1: k}, random.Random(5), 2)  # each side's first move is free
        await wait_all_at([w, k], 2)
        clock = k.game["clock"]
        assert clock["running"] == [0] and clock["left"][0] == 15.0
        flag_at = clock["since"] + clock["left"][0]
        stored = game_flag_at(b.database_url, gid)
        assert stored == pytest.approx(flag_at, abs=0.01)
        a.kill()
        with pytest.raises(Closed):
            for _ in range(20):
                await k.recv(10)
        assert time.time() < flag_at - 5, "the machine was too slow to reach the kill in time"
        entries: list[tuple[int, str, int | None, dict]] = []
        for _ in range(300):  # node B's timer acts alone: nobody is connected to B yet
            entries = log_entries(b.database_url, gid)
            if entries[-1][1] == "flag":
                break
            await asyncio.sleep(0.1)
        assert [e[1] for e in entries] == ["play", "play", "clock", "flag"]
        given = entries[2][3]["given"]
        # A's lease lapsed, less at most a heartbeat interval (0.5 s; 1 s of margin) if the move
        # came after A's last heartbeat, plus the time B took to notice
        assert lease - 1 <= given <= lease + 5
        flagged = entries[-1][3]["at"]  # the flag entry's own time, as node B stamped it
        assert flag_at + given <= flagged <= flag_at + given + 5  # at the new deadline, not before
        await k.connect(b.ws_url)  # black comes back on B: the game is over, on time
        assert k.game["status"] == "finished" and k.game["outcome"]["winners"] == [1]
        assert k.game["outcome"]["reason"] == "timeout"
        await asyncio.sleep(1.5)  # node B's timer has run several times more
        assert [e[1] for e in log_entries(b.database_url, gid)] == ["play", "play", "clock", "flag"]
    finally:
        for p in (w, k):
            await p.close()



async def test_a_turn_is_told_across_nodes_only_to_a_player_away_from_the_game(cluster: Cluster) -> None:
    """White moves on node A, which makes it Black's turn: Black, away from the game, hears it
    on a page's lobby socket on node B (``turn``). Once Black's game socket is on node B, node A
    holds no socket of Black's but no absence clock either (node B holds Black present): a move
    sends no ``turn``."""
    a, b = cluster()
    gid, cookies = await make_game(a.url)
    w, k = WsPlayer(gid, cookies[0]), WsPlayer(gid, cookies[1])
    await w.connect(a.ws_url)
    page = await websockets.connect(f"{b.ws_url}/ws/lobby?tables=0",
                                    additional_headers={"Cookie": f"donjon_session={cookies[1]}"})
    try:
        assert json.loads(await asyncio.wait_for(page.recv(), 30)) == {"t": "ready"}
        assert (await w.act(pick(w.legal, random.Random(1), 0)))["t"] == "ack"
        assert json.loads(await asyncio.wait_for(page.recv(), 30)) == {"t": "turn", "game": gid}

        await k.connect(b.ws_url)
        while not w.game["players"][1]["online"]:  # node A heard that node B holds Black present
            await w.recv()
        ack = await k.act(pick(k.legal, random.Random(2), 0))
        assert ack["t"] == "ack"
        await w.wait_version(ack["v"])
        ack = await w.act(pick(w.legal, random.Random(3), 0))
        assert ack["t"] == "ack"
        await k.wait_version(ack["v"])  # Black's turn again, Black at the board on node B
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(page.recv(), 1.0)
    finally:
        await page.close()
        for p in (w, k):
            await p.close()


async def test_an_ended_session_closes_its_sockets_on_every_node(cluster: Cluster,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice, logged in twice, ends her other sessions on node A: the other session's socket on
    node B closes with 4401 (the ended sessions go over Redis). The operator's ``donjon account
    logout`` reaches the nodes the same way, from outside any node."""
    import httpx

    from donjon.cli import main

    a, b = cluster()

    async def session(login: bool) -> str:
        async with httpx.AsyncClient(base_url=a.url, timeout=60, verify=False) as c:
            path, body = ("/api/login", {"username": "alice", "password": "correct horse"}) if login else \
                ("/api/register", {"username": "alice", "password": "correct horse"})
            r = await c.post(path, json=body)
            assert r.status_code == 200, r.text
            return str(c.cookies["donjon_session"])

    async def page(cookie: str) -> websockets.ClientConnection:
        ws = await websockets.connect(f"{b.ws_url}/ws/lobby?tables=0",
                                      additional_headers={"Cookie": f"donjon_session={cookie}"})
        assert json.loads(await asyncio.wait_for(ws.recv(), 30)) == {"t": "ready"}
        return ws

    async def close_code(ws: websockets.ClientConnection) -> int | None:
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 30)
        return ws.close_code

    here = await session(login=False)
    there = await page(await session(login=True))
    async with httpx.AsyncClient(base_url=a.url, timeout=60, verify=False,
                                 cookies={"donjon_session": here}) as c:
        assert (await c.post("/api/account/sessions/end-others")).json() == {"ended": 1}
    assert await close_code(there) == 4401

    again = await page(here)
    monkeypatch.setenv("DONJON_REDIS_URL", str(a.redis_url))
    assert await asyncio.to_thread(main, ["account", "logout", "alice", "--database-url", a.database_url]) == 0
    assert await close_code(again) == 4401
