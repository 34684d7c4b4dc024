"""The presence lease (docs/server.md, "Presence lease"): each node's heartbeat in ``nodes``,
the node each connected seat is present on in ``game_seats.present_node``; any node starts
the absence clock of the seats of a node that went silent, exactly once, and leaves alone a
seat whose player came back elsewhere. Hubs are driven directly (no sockets), on SQLite and,
with ``DONJON_TEST_POSTGRES_URL``, on a fresh PostgreSQL database. The same with real
processes and a SIGKILL: ``tests/scale/test_two_nodes.py``."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from donjon.bus import InProcessBus
from donjon.server.rooms import Hub
from donjon.server.settings import Settings
from donjon.server.sockets import Conn
from donjon.store import Database, repo
from tests.server.conftest import fast_settings

PG = os.environ.get("DONJON_TEST_POSTGRES_URL")
LEASE = 2.0


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'lease.sqlite3'}"
        return
    if not PG:
        pytest.skip("set DONJON_TEST_POSTGRES_URL to run the lease tests on PostgreSQL")
    from tests.scale.harness import pg_database

    with pg_database(PG) as url:
        yield url


class Cluster:
    """Hubs of several nodes over one database (each with its own in-process bus)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.db = Database(url, sqlite_synchronous="NORMAL")
        self.hubs: list[Hub] = []

    def settings(self, node: str, **kw: Any) -> Settings:
        return fast_settings(Path("unused"), database_url=self.url, node_id=node, redis_url="redis://unused",
                             presence_lease=LEASE, bot_executor="thread", **kw)

    def hub(self, node: str, **kw: Any) -> Hub:
        h = Hub(self.settings(node, **kw), Database(self.url, sqlite_synchronous="NORMAL"), InProcessBus(node))
        self.hubs.append(h)
        return h

    async def game(self) -> str:
        async with self.db.write() as s:
            a = await repo.create_user(s, "alice", None, is_guest=True, start_balance=0)
            b = await repo.create_user(s, "bobby", None, is_guest=True, start_balance=0)
            g = await repo.create_game(s, kind="unfairchess", mode="friendly", stake=0, seed=7, options=None,
                                       seats=[repo.SeatSpec(a.id, "alice"), repo.SeatSpec(b.id, "bobby")],
                                       table_id=None)
            return g.id

    async def beat(self, node: str, at: float) -> None:
        async with self.db.write() as s:
            await repo.heartbeat(s, node, at)

    async def present(self, game_id: str, seat: int, node: str | None) -> None:
        """The seat as a node's connect leaves it: no clock, held present by ``node``."""
        async with self.db.write() as s:
            await repo.set_absence(s, game_id, seat, away_since=None, claim_at=None, deadline_at=None,
                                   deadline_kind=None, present_node=node)

    async def seats(self, game_id: str) -> list[tuple[str | None, float | None, float | None]]:
        """``(present_node, away_since, deadline_at)`` by seat."""
        async with self.db.read() as s:
            return [(r.present_node, r.away_since, r.deadline_at) for r in await repo.game_seats(s, game_id)]

    async def close(self) -> None:
        for h in self.hubs:
            h.bots.shutdown()
            await h.db.dispose()
        await self.db.dispose()


@pytest.fixture
async def cluster(db_url: str) -> AsyncIterator[Cluster]:
    c = Cluster(db_url)
    await c.db.migrate()
    try:
        yield c
    finally:
        await c.close()


def test_the_lease_must_exceed_three_timer_intervals() -> None:
    with pytest.raises(ValueError, match="PRESENCE_LEASE"):
        Settings(timer_interval=1.0, presence_lease=3.0)
    assert Settings.from_env({"DONJON_PRESENCE_LEASE": "4"}).presence_lease == 4.0


def test_migrations_match_the_models(tmp_path: Path) -> None:
    """The schema the migrations build is the schema the models describe (SQLite)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import create_engine

    from donjon.store.db import run_migrations
    from donjon.store.models import Base

    url = f"sqlite:///{tmp_path / 'schema.sqlite3'}"
    asyncio.run(run_migrations(url))
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
    finally:
        engine.dispose()
    assert diff == []


async def test_heartbeat_inserts_then_refreshes(cluster: Cluster) -> None:
    await cluster.beat("A", 100.0)
    await cluster.beat("A", 105.5)
    async with cluster.db.read() as s:
        assert await repo.node_seen(s, "A") == 105.5
        assert await repo.node_seen(s, "Z") is None
    hub = cluster.hub("B")
    await hub.run_timers()
    async with cluster.db.read() as s:
        assert await repo.node_seen(s, "B") == pytest.approx(time.time(), abs=5)


async def test_a_silent_node_s_seat_gets_its_clock_once(cluster: Cluster) -> None:
    gid = await cluster.game()
    t = time.time()
    await cluster.beat("dead", t - 100)  # killed long ago
    await cluster.present(gid, 0, "dead")
    await cluster.present(gid, 1, "B")  # black is on node B, alive
    b, c = cluster.hub("B"), cluster.hub("C")
    await cluster.beat("B", t)
    await cluster.beat("C", t)
    # both live nodes look at once: one starts the clock
    started = await asyncio.gather(b.expire_presence(t), c.expire_presence(t))
    assert sorted(started) == [0, 1]
    (n0, away0, deadline0), (n1, away1, deadline1) = await cluster.seats(gid)
    assert n0 is None and deadline0 is not None
    # counted from two leases ago at most (the dead node's last heartbeat is older)
    assert away0 == pytest.approx(t - 2 * LEASE)
    assert deadline0 == pytest.approx(t - 2 * LEASE + b.settings.absence_forfeit)
    assert (n1, away1, deadline1) == ("B", None, None)
    # the nodes' rooms show it (the winner's directly, the other's through the bus or its load)
    for h in (b, c):
        room = await h.room(gid)
        assert room is not None
        await h._reload_seats(room)
        assert room.seats[0].deadline_at == pytest.approx(deadline0)
    # again, and later within B's lease (from its heartbeat, not the clock): nothing more
    assert await b.expire_presence(t + LEASE / 2) == 0
    assert await c.expire_presence(t + LEASE / 2) == 0
    assert (await cluster.seats(gid))[0] == (n0, away0, deadline0)


async def test_the_clock_counts_from_the_last_heartbeat_of_a_node_that_just_died(cluster: Cluster) -> None:
    gid = await cluster.game()
    t = time.time()
    await cluster.beat("dead", t - LEASE - 0.5)
    await cluster.present(gid, 0, "dead")
    b = cluster.hub("B")
    assert await b.expire_presence(t) == 1
    _, away, deadline = (await cluster.seats(gid))[0]
    assert away == pytest.approx(t - LEASE - 0.5)
    assert deadline == pytest.approx(away + b.settings.absence_forfeit)  # type: ignore[operator]


async def test_a_node_without_a_heartbeat_row_is_dead(cluster: Cluster) -> None:
    gid = await cluster.game()
    await cluster.present(gid, 1, "ghost")
    b = cluster.hub("B")
    t = time.time()
    assert await b.expire_presence(t) == 1
    node, away, deadline = (await cluster.seats(gid))[1]
    assert node is None and away == pytest.approx(t) and deadline is not None


async def test_a_live_node_s_seats_are_left_alone(cluster: Cluster) -> None:
    gid = await cluster.game()
    t = time.time()
    await cluster.beat("A", t - LEASE / 2)  # within the lease
    await cluster.present(gid, 0, "A")
    await cluster.present(gid, 1, "A")
    assert await cluster.hub("B").expire_presence(t) == 0
    assert await cluster.seats(gid) == [("A", None, None), ("A", None, None)]


async def test_a_seat_that_came_back_elsewhere_is_not_touched(cluster: Cluster) -> None:
    gid = await cluster.game()
    t = time.time()
    await cluster.beat("dead", t - 100)
    await cluster.beat("C", t)
    await cluster.present(gid, 0, "dead")
    b = cluster.hub("B")
    async with cluster.db.read() as s:
        assert [x[:3] for x in await repo.lapsed_presence(s, t - LEASE)] == [(gid, 0, "dead")]
    # the player reconnects on node C between B's read and B's write
    await cluster.present(gid, 0, "C")
    vals = b._absence_values(False, t)
    async with cluster.db.write() as s:
        assert not await repo.start_absence_from(s, gid, 0, "dead", **vals)
    assert await b.expire_presence(t) == 0
    assert (await cluster.seats(gid))[0] == ("C", None, None)


async def test_a_seat_connected_here_is_taken_over_not_clocked(cluster: Cluster) -> None:
    gid = await cluster.game()
    t = time.time()
    b = cluster.hub("B")
    await cluster.beat("B", t)
    room = await b.room(gid)
    assert room is not None
    conn = Conn(seat=0, user_id=room.seats[0].user_id)
    await b.connect(room, conn)
    assert (await cluster.seats(gid))[0] == ("B", None, None)  # connecting binds the seat to B
    # white also had a socket on node A, which then died; A's connect came last
    await cluster.beat("A", t - 100)
    await cluster.present(gid, 0, "A")
    assert await b.expire_presence(t) == 0
    assert (await cluster.seats(gid))[0] == ("B", None, None)
    # closing the last socket starts the clock and unbinds the seat
    await b.disconnect(room, conn)
    node, away, deadline = (await cluster.seats(gid))[0]
    assert node is None and away is not None and deadline is not None


async def test_a_seat_a_bot_took_over_is_unbound_without_a_clock(cluster: Cluster) -> None:
    gid = await cluster.game()
    await cluster.present(gid, 1, "ghost")
    b = cluster.hub("B")
    room = await b.room(gid)
    assert room is not None
    room.seats[1].takeover = "normal"  # as Room.sync_takeovers after a leave in a 3-4 player game
    assert await b.expire_presence(time.time()) == 0
    assert (await cluster.seats(gid))[1] == (None, None, None)


async def test_a_restarted_node_releases_what_its_previous_process_held(cluster: Cluster) -> None:
    gid = await cluster.game()
    t = time.time()
    await cluster.beat("A", t - 0.5)  # killed half a second ago, restarted under the same id
    await cluster.present(gid, 0, "A")
    await cluster.present(gid, 1, "B")
    await cluster.beat("B", t)
    a = cluster.hub("A")
    await a.start()
    try:
        (n0, away0, deadline0), seat1 = await cluster.seats(gid)
        assert n0 is None and away0 == pytest.approx(t - 0.5) and deadline0 is not None
        assert seat1 == ("B", None, None)
        async with cluster.db.read() as s:
            assert await repo.node_seen(s, "A") == pytest.approx(time.time(), abs=5)
    finally:
        await a.stop()


async def test_a_single_node_start_sweeps_every_seat(cluster: Cluster) -> None:
    gid = await cluster.game()
    await cluster.present(gid, 0, "old")
    await cluster.beat("old", time.time())  # a fresh heartbeat: without Redis nobody else can hold it
    hub = Hub(cluster.settings("new").with_(redis_url=None), cluster.db, InProcessBus("new"))
    await hub.start()
    try:
        seats = await cluster.seats(gid)
        assert all(node is None and deadline is not None for node, _, deadline in seats)
    finally:
        await hub.stop()


async def test_a_node_taken_for_dead_takes_its_connected_seats_back(cluster: Cluster) -> None:
    gid = await cluster.game()
    b = cluster.hub("B")
    await b.run_timers()  # heartbeat
    room = await b.room(gid)
    assert room is not None
    await b.connect(room, Conn(seat=0, user_id=room.seats[0].user_id))
    # node C started white's clock (B's heartbeat looked old to it) and its bus message was lost
    vals = b._absence_values(False, time.time())
    async with cluster.db.write() as s:
        assert await repo.start_absence_from(s, gid, 0, "B", **vals)
    assert room.seats[0].deadline_at is None
    b._beat_at = time.time() - LEASE  # B's own heartbeat lapsed
    b._lease_due = 0.0
    await b.run_timers()
    assert (await cluster.seats(gid))[0] == ("B", None, None)
    # the same when the message did arrive (or the player closed a socket on another node)
    async with cluster.db.write() as s:
        await repo.set_absence(s, gid, 0, **vals)
    await b._reload_seats(room)
    assert room.seats[0].deadline_at is not None
    b._lease_due = 0.0
    await b.run_timers()
    assert (await cluster.seats(gid))[0] == ("B", None, None)
    assert room.seats[0].deadline_at is None


async def test_a_stopping_node_s_players_get_their_clock_from_the_lease(cluster: Cluster) -> None:
    """A socket that closes while its node stops (``Hub.closing``) starts no clock: the seat
    stays bound to that node, whose heartbeat ends; a lease later another node starts it."""
    gid = await cluster.game()
    a, b = cluster.hub("A"), cluster.hub("B")
    await a.run_timers()
    room = await a.room(gid)
    assert room is not None
    conn = Conn(seat=0, user_id=room.seats[0].user_id)
    await a.connect(room, conn)
    a.closing = True
    await a.disconnect(room, conn)
    assert (await cluster.seats(gid))[0] == ("A", None, None)
    # counted from A's last heartbeat, not from the clock: the steps above may take a lease
    # on a loaded machine
    assert await b.expire_presence(a._beat_at + LEASE - 0.1) == 0  # A's heartbeat is fresh
    assert await b.expire_presence(a._beat_at + LEASE + 0.1) == 1  # a lease later
    node, away, deadline = (await cluster.seats(gid))[0]
    assert node is None and away == pytest.approx(a._beat_at) and deadline is not None
