"""The action log's group commit: one transaction for the entries of many games, each entry
returned to its caller only once committed; a duplicate ``(game_id, seq)`` fails alone."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from donjon.store import Database, repo
from donjon.store.league import settle_batch


async def _db_with_games(path: Path, n: int) -> tuple[Database, list[str]]:
    return await _with_games(f"sqlite:///{path}", n)


async def _with_games(url: str, n: int) -> tuple[Database, list[str]]:
    """A migrated Database at ``url`` and the ids of ``n`` new games."""
    db = Database(url)
    await db.migrate()
    ids = []
    async with db.write() as s:
        for _ in range(n):
            g = await repo.create_game(s, kind="unfairchess", mode="friendly", stake=0, seed=1, options={},
                                       seats=[repo.SeatSpec(None, "a", "easy"), repo.SeatSpec(None, "b", "easy")],
                                       table_id=None)
            ids.append(g.id)
    return db, ids


def _rows(path: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(path) as c:
        return sorted(c.execute("select game_id, seq from game_actions"))


async def test_concurrent_entries_share_commits_and_each_is_committed_when_it_returns(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    db, ids = await _db_with_games(path, 40)
    seen_committed = []

    async def play(gid: str) -> None:
        for seq in range(1, 6):
            await db.log.append(gid, seq, "play", seq % 2, {"action": {"type": "move", "uci": "e2e4"}})
            # returned: the row is on disk, visible to another connection
            seen_committed.append((gid, seq) in _rows(path))

    try:
        await asyncio.gather(*(play(g) for g in ids))
    finally:
        await db.dispose()
    assert all(seen_committed) and len(seen_committed) == 200
    assert _rows(path) == sorted((g, s) for g in ids for s in range(1, 6))
    assert db.log.rows == 200
    assert db.log.batches < 200  # entries of different games shared transactions


async def test_a_duplicate_entry_fails_alone(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    db, ids = await _db_with_games(path, 3)
    try:
        await db.log.append(ids[0], 1, "play", 0, {})
        # the same batch: two good entries and one that another process already stored
        results = await asyncio.gather(
            db.log.append(ids[1], 1, "play", 0, {}),
            db.log.append(ids[0], 1, "play", 0, {"other": True}),
            db.log.append(ids[2], 1, "play", 0, {}),
            return_exceptions=True,
        )
    finally:
        await db.dispose()
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], IntegrityError)
    assert _rows(path) == sorted([(ids[0], 1), (ids[1], 1), (ids[2], 1)])


async def test_an_unknown_game_fails_and_nothing_of_its_batch_is_acknowledged_wrongly(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    db, ids = await _db_with_games(path, 1)
    try:
        ok, bad = await asyncio.gather(db.log.append(ids[0], 1, "play", 0, {}),
                                       db.log.append("nosuchgame", 1, "play", 0, {}), return_exceptions=True)
        assert ok is None and isinstance(bad, IntegrityError)  # foreign key
        with pytest.raises(IntegrityError):
            await db.log.append(ids[0], 1, "play", 0, {})
    finally:
        await db.dispose()
    assert _rows(path) == [(ids[0], 1)]


async def test_the_end_of_a_game_is_written_with_its_final_entry(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    db = Database(f"sqlite:///{path}", on_finish=settle_batch)
    await db.migrate()
    async with db.write() as s:
        a = await repo.create_user(s, "alice", "x", is_guest=False, start_balance=500)
        b = await repo.create_user(s, "bobby", "x", is_guest=False, start_balance=500)
        games = []
        for _ in range(2):
            g = await repo.create_game(s, kind="unfairchess", mode="ranked", stake=40, seed=1, options={},
                                       seats=[repo.SeatSpec(a.id, "alice"), repo.SeatSpec(b.id, "bobby")],
                                       table_id=None)
            games.append(g.id)
    won = repo.Finish("finished", {"winners": [0], "losers": [1], "draw": False, "reason": "resignation",
                                   "scores": [1.0, 0.0]}, 12, 40, ((0, a.id), (1, b.id)))
    try:
        await db.log.append(games[1], 1, "play", 0, {})
        ok, dup = await asyncio.gather(
            db.log.append(games[0], 1, "resign", 1, {}, won),
            db.log.append(games[1], 1, "resign", 1, {}, won),  # seq 1 is taken: fails with its finish
            return_exceptions=True)
    finally:
        await db.dispose()
    assert ok is None and isinstance(dup, IntegrityError)
    with sqlite3.connect(path) as c:
        status = dict(c.execute("select id, status from games"))
        ledger = sorted(c.execute("select user_id, amount, reason, game_id from ledger where reason != 'stake'"))
    assert status == {games[0]: "finished", games[1]: "active"}
    assert (a.id, 80, "win", games[0]) in ledger and not any(r[3] == games[1] for r in ledger)


async def test_an_entry_and_the_end_of_its_game_are_one_transaction(tmp_path: Path) -> None:
    """If settling the game fails, its final entry is not stored either (and not acknowledged)."""
    path = tmp_path / "g.sqlite3"
    db = Database(f"sqlite:///{path}", on_finish=settle_batch)
    await db.migrate()
    async with db.write() as s:
        a = await repo.create_user(s, "alice", "x", is_guest=False, start_balance=500)
        g = await repo.create_game(s, kind="unfairchess", mode="ranked", stake=40, seed=1, options={},
                                   seats=[repo.SeatSpec(a.id, "alice"), repo.SeatSpec(None, "bot", "easy")],
                                   table_id=None)
    with sqlite3.connect(path) as c:  # a refund already there: the ledger's unique index refuses a second one
        c.execute("insert into ledger (user_id, amount, reason, game_id, created_at) values (?, 40, 'refund', ?, 0)",
                  (a.id, g.id))
    won = repo.Finish("finished", {"winners": [0], "losers": [1], "draw": False, "reason": "resignation",
                                   "scores": [1.0, 0.0]}, 3, 40, ((0, a.id), (1, None)))
    try:
        with pytest.raises(IntegrityError):
            await db.log.append(g.id, 1, "resign", 1, {}, won)
    finally:
        await db.dispose()
    with sqlite3.connect(path) as c:
        assert c.execute("select count(*) from game_actions").fetchone() == (0,)
        assert c.execute("select status from games").fetchone() == ("active",)


async def test_a_heartbeat_rides_in_a_batch_with_entries(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    db, ids = await _db_with_games(path, 3)
    rows_before, batches_before = db.log.rows, db.log.batches
    await asyncio.gather(*(db.log.append(g, 1, "play", 0, {"action": {}}) for g in ids),
                         db.log.beat("node-a", 100.0), db.log.beat("node-b", 7.0))
    await db.log.beat("node-a", 105.5)  # alone: a batch of its own, refreshing the row
    async with db.read() as s:
        assert await repo.node_seen(s, "node-a") == 105.5
        assert await repo.node_seen(s, "node-b") == 7.0
    assert db.log.rows - rows_before == 3  # heartbeats are not log rows
    assert db.log.batches - batches_before <= 3
    assert _rows(path) == sorted((g, 1) for g in ids)
    await db.dispose()


async def test_seat_clocks_ride_in_one_batch_and_a_game_s_end_clears_its_own(
        new_database: Callable[[], str]) -> None:
    """Sockets that leave or come back all at once write their seats' clocks in one
    transaction with the entries of the moment, each call returning once it is committed; a
    seat's later call wins, and a game ending in the same batch has its clocks cleared."""
    db, ids = await _with_games(new_database(), 4)
    leave = {"away_since": 10.0, "claim_at": 40.0, "deadline_at": 130.0, "deadline_kind": "forfeit"}
    back = {"away_since": None, "claim_at": None, "deadline_at": None, "deadline_kind": None}
    ended = repo.Finish("finished", {"winners": [0], "reason": "resignation"}, 1, 0, ((0, None), (1, None)))
    try:
        before = db.log.batches
        await asyncio.gather(*(db.log.set_absence(g, s, **leave) for g in ids for s in (0, 1)),
                             db.log.set_absence(ids[0], 0, **back, present_node="n1"),
                             db.log.append(ids[1], 1, "play", 0, {"action": {}}),
                             db.log.append(ids[3], 1, "resign", 1, {}, ended))
        assert db.log.batches - before == 1
        async with db.read() as s:
            rows = {(g, seat): tuple(rest) for g, seat, *rest in (await s.execute(text(
                "select game_id, seat, away_since, claim_at, deadline_at, deadline_kind, present_node "
                "from game_seats"))).all()}
    finally:
        await db.dispose()
    away, cleared = (10.0, 40.0, 130.0, "forfeit", None), (None, None, None, None, None)
    assert rows == {(ids[0], 0): (None, None, None, None, "n1"), (ids[0], 1): away, (ids[1], 0): away,
                    (ids[1], 1): away, (ids[2], 0): away, (ids[2], 1): away, (ids[3], 0): cleared,
                    (ids[3], 1): cleared}


@pytest.mark.parametrize("games", [3, 160])  # 160: more games than one UPDATE statement takes
async def test_each_timed_game_of_a_batch_gets_its_own_next_flag_and_seats(tmp_path: Path, games: int) -> None:
    """Entries of timed games write ``flag_at`` and ``to_act`` on their game in the batch's
    transaction: each game its own values (the last entry's when a game has two in a batch),
    an untimed game's entry leaves its game alone, a ``None`` deadline clears it."""
    path = tmp_path / "f.sqlite3"
    db, ids = await _db_with_games(path, games + 1)
    untimed = ids.pop()
    try:
        await _two_timed_batches(db, ids, untimed)
    finally:
        await db.dispose()
    with sqlite3.connect(path) as c:
        stored = dict((g, (f, a)) for g, f, a in c.execute("select id, flag_at, to_act from games"))
    assert stored[untimed] == (None, None)
    for i, g in enumerate(ids):
        assert stored[g] == (_deadline(i), f"[{i % 2}]"), (i, stored[g])


def _deadline(i: int) -> float | None:
    """The next flag :func:`_two_timed_batches` gives the ``i``-th game (None: no time runs)."""
    return None if i % 7 == 3 else 1_000.0 + i


async def _two_timed_batches(db: Database, ids: list[str], untimed: str) -> None:
    """Two entries for each game, each round in one gather (so, batches of many games): the
    timed games' first flag 5.0, then :func:`_deadline`; seats to act ``[0]``, then ``[i % 2]``."""
    await asyncio.gather(
        *(db.log.append(g, 1, "play", 0, {}, timed=True, flag_at=5.0, to_act=(0,)) for g in ids),
        db.log.append(untimed, 1, "play", 0, {}))
    await asyncio.gather(
        *(db.log.append(g, 2, "play", 1, {}, timed=True, flag_at=_deadline(i), to_act=(i % 2,))
          for i, g in enumerate(ids)),
        db.log.append(untimed, 2, "play", 1, {}))


async def test_a_batch_is_written_on_the_event_loop_and_stored_as_by_the_thread(tmp_path: Path) -> None:
    """At a player's pace a batch is written on the loop's thread, without the hop to the
    writer's thread; sent to the thread instead, the same entries are stored the same way."""
    path = tmp_path / "g.sqlite3"
    db, ids = await _db_with_games(path, 2)
    writer = db.log._sqlite
    assert writer is not None
    try:
        await db.log.append(ids[0], 1, "play", 0, {"action": {"type": "move", "uci": "e2e4"}})
        assert writer.here == 1
        writer.thread_until = float("inf")
        await db.log.append(ids[1], 1, "play", 0, {"action": {"type": "move", "uci": "e2e4"}})
        assert writer.here == 1  # that one went through the thread
        assert (db.log.batches, db.log.batches_on_loop) == (2, 1)
    finally:
        await db.dispose()
    with sqlite3.connect(path) as c:
        stored = sorted(c.execute("select game_id, seq, kind, seat, data from game_actions"))
    assert stored == sorted((g, 1, "play", 0, '{"action": {"type": "move", "uci": "e2e4"}}') for g in ids)


async def test_a_locked_file_does_not_stop_the_event_loop_and_the_entry_is_still_committed(tmp_path: Path) -> None:
    """Another process holds SQLite's write lock: the batch is not written on the loop (which
    would wait there for the lock, up to the 10 s busy timeout), but in the writer's thread
    once the lock is released; meanwhile the loop goes on, and the next batches go to the
    thread for a while."""
    path = tmp_path / "g.sqlite3"
    db, ids = await _db_with_games(path, 1)
    writer = db.log._sqlite
    assert writer is not None
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # the write lock, as another process would hold it
    loop = asyncio.get_running_loop()
    events: list[str] = []
    ticks: list[float] = []

    async def tick() -> None:
        while True:
            ticks.append(loop.time())
            await asyncio.sleep(0.01)

    def release() -> None:
        other.execute("COMMIT")
        events.append("released")

    ticker = asyncio.create_task(tick())
    handle = loop.call_later(0.3, release)
    try:
        await db.log.append(ids[0], 1, "play", 0, {})
        events.append("committed")
    finally:
        handle.cancel()
        ticker.cancel()
        other.close()
        await db.dispose()
    assert events == ["released", "committed"]  # it waited for the lock...
    # ...and the loop never stopped for SQLite's busy timeout (10 s) meanwhile
    assert max(b - a for a, b in zip(ticks, ticks[1:], strict=False)) < 5.0
    # ...and sent the next batches to the thread for its first while (the window itself, not
    # whether it is still open: on a loaded machine the test may outlast it)
    assert writer.here == 0 and writer.thread_for == writer.THREAD_FIRST and writer.thread_until > 0
    assert _rows(path) == [(ids[0], 1)]


async def test_a_slow_batch_on_the_loop_sends_the_next_ones_to_the_thread(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.sqlite3"
    db, ids = await _db_with_games(path, 1)
    writer = db.log._sqlite
    assert writer is not None
    monkeypatch.setattr(writer, "WAIT_HERE", -1.0)  # every wait counts as slow (a disk whose fsync takes long)
    try:
        await db.log.append(ids[0], 1, "play", 0, {})
        assert writer.here == 1 and writer.thread_until > time.monotonic()
        await db.log.append(ids[0], 2, "play", 1, {})
        assert writer.here == 1
    finally:
        await db.dispose()
    assert _rows(path) == [(ids[0], 1), (ids[0], 2)]


async def test_a_slow_moment_costs_a_second_on_the_thread_and_a_slow_disk_a_minute(tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """One slow batch sends the next ones to the thread for a second; each slow one on the
    loop soon after that doubles the time, up to a minute; after a minute without, a second again."""
    path = tmp_path / "g.sqlite3"
    db, ids = await _db_with_games(path, 1)
    writer = db.log._sqlite
    assert writer is not None
    monkeypatch.setattr(writer, "WAIT_HERE", -1.0)  # every batch on the loop counts as slow
    periods = []
    try:
        for seq in range(1, 10):
            if seq == 9:
                writer.thread_until = time.monotonic() - writer.THREAD_MAX - 1  # a minute went by
            else:
                writer.thread_until = min(writer.thread_until, time.monotonic())  # the period is over
            await db.log.append(ids[0], seq, "play", seq % 2, {})
            periods.append(round(writer.thread_until - time.monotonic()))
    finally:
        await db.dispose()
    assert writer.here == 9
    assert periods == [1, 2, 4, 8, 16, 32, 60, 60, 1]
    assert len(_rows(path)) == 9


# ----------------------------------------------------------------------- PostgreSQL

async def _pg_rows(db: Database) -> list[tuple[Any, ...]]:
    async with db.read() as s:
        return sorted(tuple(r) for r in (await s.execute(text(
            "select game_id, seq, kind, seat, data::text, created_at > 0 from game_actions"))).all())


async def test_postgres_entries_of_many_games_are_one_statement_each_committed_when_it_returns(pg_url: str) -> None:
    db, ids = await _with_games(pg_url, 30)
    seen = []

    async def play(gid: str) -> None:
        for seq in range(1, 4):
            await db.log.append(gid, seq, "play", seq % 2, {"action": {"type": "move", "uci": "e2e4"}})
            async with db.read() as s:  # returned: committed, visible to another connection
                seen.append((await s.execute(text("select count(*) from game_actions where game_id = :g "
                                                  "and seq = :s"), {"g": gid, "s": seq})).scalar_one())

    try:
        await asyncio.gather(*(play(g) for g in ids))
        rows = await _pg_rows(db)
    finally:
        await db.dispose()
    assert seen == [1] * 90
    assert rows == sorted((g, s, "play", s % 2, '{"action": {"type": "move", "uci": "e2e4"}}', True)
                          for g in ids for s in range(1, 4))
    assert db.log.batches < 90


async def test_postgres_a_duplicate_or_an_unknown_game_fails_alone(pg_url: str) -> None:
    db, ids = await _with_games(pg_url, 3)
    try:
        await db.log.append(ids[0], 1, "play", 0, {})
        results = await asyncio.gather(
            db.log.append(ids[1], 1, "play", None, {}),
            db.log.append(ids[0], 1, "play", 0, {"other": True}),  # seq 1 is taken
            db.log.append("nosuchgame", 1, "play", 0, {}),  # foreign key
            db.log.append(ids[2], 1, "play", 0, {}),
            return_exceptions=True)
        rows = await _pg_rows(db)
        await db.log.append(ids[0], 2, "play", 1, {})  # the connection still serves
    finally:
        await db.dispose()
    assert results[0] is None and results[3] is None
    assert isinstance(results[1], IntegrityError) and isinstance(results[2], IntegrityError)
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == sorted(
        [(ids[0], 1, 0, "{}"), (ids[1], 1, None, "{}"), (ids[2], 1, 0, "{}")])


@pytest.mark.parametrize("games", [3, 160])
async def test_postgres_each_timed_game_of_a_batch_gets_its_own_next_flag_and_seats(pg_url: str, games: int) -> None:
    """The entries and the timed games' next flags are one statement: each game its own
    values (the last entry's when a game has two in a batch), an untimed game's entry leaves
    its game alone, a ``None`` deadline clears it."""
    db, ids = await _with_games(pg_url, games + 1)
    untimed = ids.pop()
    try:
        await _two_timed_batches(db, ids, untimed)
        async with db.read() as s:
            stored = {g: (f, a) for g, f, a in (await s.execute(text("select id, flag_at, to_act from games"))).all()}
        assert len(await _pg_rows(db)) == 2 * (games + 1)
    finally:
        await db.dispose()
    assert stored[untimed] == (None, None)
    for i, g in enumerate(ids):
        assert stored[g] == (_deadline(i), [i % 2]), (i, stored[g])
