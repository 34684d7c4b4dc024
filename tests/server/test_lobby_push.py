"""The lobby's table list is read once per burst of changes, and never for nobody
(donjon/server/ws.py LobbySockets)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from donjon.server.sockets import Conn, loads
from donjon.server.ws import LobbySockets


class SlowLobby:
    """``open_tables_for`` returns the tables as they are when it is called, after a gate
    opens: everyone's list, no reader's own."""

    def __init__(self) -> None:
        self.tables: list[str] = []
        self.gate = asyncio.Event()
        self.calls = 0

    async def open_tables_for(self, readers: Any) -> dict[int | None, list[Any]]:
        self.calls += 1
        snapshot = list(self.tables)
        await self.gate.wait()
        return {None: snapshot}


def make() -> tuple[LobbySockets, SlowLobby, Conn]:
    lobby = SlowLobby()
    sockets = LobbySockets(SimpleNamespace(state=SimpleNamespace(lobby=lobby)))
    conn = Conn(seat=None, user_id=1, ready=True)
    return sockets, lobby, conn


def frames(conn: Conn) -> list[dict[str, Any]]:
    out = []
    while not conn.queue.empty():
        f = conn.queue.get_nowait()
        out.append(loads(f) if isinstance(f, str) else f)
    return out


def test_a_burst_of_changes_is_read_twice_and_the_last_frame_is_current() -> None:
    async def go() -> None:
        sockets, lobby, conn = make()
        sockets.add(conn, tables=True)
        tasks = []
        for i in range(1, 12):  # eleven changes, the first read still waiting at its gate
            lobby.tables.append(f"t{i}")
            tasks.append(asyncio.create_task(sockets.on_bus("lobby", {"type": "tables_changed"})))
            await asyncio.sleep(0)
        lobby.gate.set()
        await asyncio.gather(*tasks)
        assert lobby.calls == 2
        got = frames(conn)
        assert [f["t"] for f in got] == ["tables", "tables"]
        assert got[-1]["tables"] == [f"t{i}" for i in range(1, 12)]

    asyncio.run(go())


def test_one_change_one_read() -> None:
    async def go() -> None:
        sockets, lobby, conn = make()
        sockets.add(conn, tables=True)
        lobby.gate.set()
        for i in range(3):
            lobby.tables.append(f"t{i}")
            await sockets.on_bus("lobby", {"type": "tables_changed"})
        assert lobby.calls == 3
        assert [f["tables"] for f in frames(conn)] == [["t0"], ["t0", "t1"], ["t0", "t1", "t2"]]

    asyncio.run(go())


def test_nothing_is_read_without_a_lobby_socket() -> None:
    async def go() -> None:
        sockets, lobby, conn = make()
        lobby.gate.set()
        await sockets.on_bus("lobby", {"type": "tables_changed"})
        assert lobby.calls == 0
        sockets.add(conn, tables=True)  # a socket that connects later is sent the list by its handler;
        await sockets.on_bus("lobby", {"type": "tables_changed"})  # the next change reaches it
        assert lobby.calls == 1 and len(frames(conn)) == 1

    asyncio.run(go())


def test_the_list_is_encoded_once_for_every_socket() -> None:
    """Each socket's writer sends the text it is given as it is: the list's JSON is made once
    per change, not once per socket (a thousand home pages would encode it a thousand times)."""
    async def go() -> None:
        sockets, lobby, a = make()
        b = Conn(seat=None, user_id=2, ready=True)
        page = Conn(seat=None, user_id=3, ready=True)
        for c, tables in ((a, True), (b, True), (page, False)):
            sockets.add(c, tables=tables)
        lobby.gate.set()
        lobby.tables.append("t1")
        await sockets.on_bus("lobby", {"type": "tables_changed"})
        got_a, got_b = a.queue.get_nowait(), b.queue.get_nowait()
        assert isinstance(got_a, str) and got_a is got_b
        assert loads(got_a) == {"t": "tables", "tables": ["t1"]}
        assert page.queue.empty()  # a page socket without the list (?tables=0)

    asyncio.run(go())
