"""Group commit of the action log: the entries of many games in one transaction.

The hot path of the server is "append entry ``seq`` of game G, commit, then acknowledge".
With SQLite in ``synchronous=FULL`` every commit is an fsync (3–4 ms on the development
machine), and SQLite has one writer, so one commit per entry caps the whole server at a few
hundred entries per second. :class:`GroupCommit` keeps the promise — an entry is
acknowledged only after the transaction holding it is committed — and shares the commit:

* :meth:`GroupCommit.append` queues the entry and waits for its own commit;
* one flusher task takes everything queued (up to ``max_batch`` entries), writes it in one
  transaction and commits once; meanwhile new entries queue up for the next batch. No delay
  is added: an entry that arrives when nothing is in flight is written at once (a batch of 1);
* an entry of a timed game carries the moment its next flag falls, and the batch's
  transaction writes it on the game (``games.flag_at``, one UPDATE per game of the batch), so
  the stored deadline always matches the stored log;
* an entry that ends its game carries a :class:`~donjon.store.repo.Finish`, and the batch's
  transaction also runs the on-finish hook given at construction
  (:data:`~donjon.store.repo.FinishHook`): the game's summary, cleared deadlines and, with
  the server's hook, its league settlement (stakes, Elo, challenge events, badges:
  :func:`donjon.store.league.settle_batch`) are committed with that final entry or not at
  all;
* a node's heartbeat (:meth:`GroupCommit.beat`) and a seat's absence clock and presence
  (:meth:`GroupCommit.set_absence`, when a player's last socket leaves or the first comes
  back) ride in the next batch's transaction too, and return once it is committed;
* if the batch breaks a unique constraint (another server process accepted one of those
  entries first), every entry of the batch is retried in its own transaction, so only the
  losing entry fails with :class:`~sqlalchemy.exc.IntegrityError`; any other error fails
  every entry of the batch (none of them was committed, none is acknowledged).

How a batch is written matters under load: the event loop is then busy with long turns
(every room of the previous batch building its frames), and each await of the writer waits
for the end of a turn. So a batch costs as few loop round trips as possible:

* SQLite file: **none** or **one** — the writer's own connection (same pragmas: WAL, the
  configured ``synchronous``, foreign keys) runs the whole transaction, fsync included, in one
  call, under the process's SQLite writer lock, with multi-row INSERTs: on the event loop's
  own thread while that is quick (:meth:`_SqliteWriter.write_here`: at a player's pace a
  batch holds one or two entries, and the hop to a thread and back cost more CPU than the
  transaction), else in the writer's thread (:meth:`_SqliteWriter.write`: after a batch that
  waited on a slow disk or on another process's write lock, for a second, longer while
  they stay slow);
* PostgreSQL: **one round trip** — the batch's entries, and its timed games' next flags, in
  one statement (arrays of columns, ``unnest``) on a connection of its own in autocommit
  (:meth:`GroupCommit._write_statement`); a batch with a heartbeat, a seat's clock or a
  game's end takes a transaction on another kept connection (no pool checkout, ping and
  reset per batch).
  There is no process-wide writer lock there, so other transactions never wait for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, cast

import asyncpg
from sqlalchemy import Table, bindparam, create_engine, insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.pool import StaticPool

from donjon.store.checkpoint import configure
from donjon.store.models import GameActionRow, GameRow
from donjon.store.repo import SET_ABSENCES, Finish, FinishHook, absence_params, heartbeat_statement

_LOG = cast(Table, GameActionRow.__table__)
_GAMES = cast(Table, GameRow.__table__)


class LogDatabase(Protocol):
    """What the group commit uses of its :class:`~donjon.store.db.Database`."""

    engine: AsyncEngine
    sqlite_path: str | None

    def write_lock(self) -> AbstractAsyncContextManager[None]: ...


@dataclass(eq=False)
class _Pending:
    row: dict[str, Any] | None
    """The log entry (None for a heartbeat)."""
    finish: Finish | None
    future: asyncio.Future[None]
    beat: tuple[str, float] | None = None
    """``(node id, time)``: a node's heartbeat, written in the batch's transaction."""
    timed: bool = False
    """The entry's game has a clock: :attr:`flag_at` is written on it."""
    flag_at: float | None = None
    """When that game's next flag falls after this entry (None: no time runs)."""
    to_act: tuple[int, ...] = ()
    """Who is to act in that game after this entry (written with :attr:`flag_at`)."""
    absence: dict[str, Any] | None = None
    """A seat's absence clock and presence (:data:`~donjon.store.repo.SET_ABSENCES`'s
    parameters), written in the batch's transaction before its games' ends."""


def _rows(batch: list[_Pending]) -> list[dict[str, Any]]:
    return [p.row for p in batch if p.row is not None]


def _ordered_rows(batch: list[_Pending]) -> list[dict[str, Any]]:
    """:func:`_rows` in (game, seq) order: two processes' batches then meet the unique index
    in the same order and never wait for each other crosswise (PostgreSQL)."""
    return sorted(_rows(batch), key=lambda r: (r["game_id"], r["seq"]))


def _beats(batch: list[_Pending]) -> list[tuple[str, float]]:
    return [p.beat for p in batch if p.beat is not None]


def _absences(batch: list[_Pending]) -> list[dict[str, Any]]:
    """The batch's seat clocks, in the order they were asked for (the last one of a seat wins)."""
    return [p.absence for p in batch if p.absence is not None]


def _flags(batch: list[_Pending]) -> list[dict[str, Any]]:
    """``{"g": game id, "f": flag_at}`` of each timed game of the batch, its last entry's."""
    last: dict[str, tuple[float | None, tuple[int, ...]]] = {}
    for p in batch:
        if p.timed and p.row is not None:
            last[p.row["game_id"]] = (p.flag_at, p.to_act)
    return [{"g": g, "f": f, "a": list(a)} for g, (f, a) in sorted(last.items())]


_SET_FLAG = _GAMES.update().where(_GAMES.c.id == bindparam("g")).values(flag_at=bindparam("f"),
                                                                        to_act=bindparam("a"))


_PG_INSERT = ("INSERT INTO game_actions (game_id, seq, kind, seat, data, created_at) "
              "SELECT * FROM unnest($1::varchar[], $2::integer[], $3::varchar[], $4::integer[], $5::json[], "
              "$6::double precision[])")
"""PostgreSQL: a batch's entries, one array per column (:meth:`GroupCommit._write_statement`)."""

_PG_INSERT_FLAGS = (f"WITH entries AS ({_PG_INSERT} RETURNING 1) "
                    "UPDATE games SET flag_at = v.f, to_act = v.a "
                    "FROM unnest($7::varchar[], $8::double precision[], $9::json[]) AS v(g, f, a) WHERE games.id = v.g")
"""PostgreSQL: the entries and, in the same statement, each timed game's next flag and seats to
act (a data-modifying ``WITH`` runs once, to completion, whether or not the rest reads it)."""


def _finishes(batch: list[_Pending]) -> list[tuple[str, Finish]]:
    return [(p.row["game_id"], p.finish) for p in batch if p.finish is not None and p.row is not None]


class GroupCommit:
    def __init__(self, db: LogDatabase, on_finish: FinishHook, max_batch: int = 256,
                 sqlite_synchronous: str = "FULL") -> None:
        self.db = db
        self.on_finish = on_finish
        """Writes the end of the games whose final entries are in a batch, in its transaction."""
        self.max_batch = max_batch
        self._queue: list[_Pending] = []
        self._flusher: asyncio.Task[None] | None = None
        self._sqlite: _SqliteWriter | None = None
        if db.sqlite_path is not None:
            self._sqlite = _SqliteWriter(db.sqlite_path, sqlite_synchronous, on_finish)
        self._conn: AsyncConnection | None = None
        self._driver_conn: AsyncConnection | None = None
        self._driver: Any = None
        """PostgreSQL: the asyncpg connection under :attr:`_driver_conn`, for :meth:`_write_statement`."""
        self.batches = 0
        """Transactions committed (for the load bench and metrics)."""
        self.rows = 0
        """Entries committed."""
        self.seconds = 0.0
        """Time from taking a batch to seeing its commit on the event loop (this includes
        waiting for the loop to come back to the writer when it is busy)."""

    async def append(self, game_id: str, seq: int, kind: str, seat: int | None, data: dict[str, Any],
                     finish: Finish | None = None, *, timed: bool = False, flag_at: float | None = None,
                     to_act: tuple[int, ...] = ()) -> None:
        """Store entry ``seq`` of ``game_id`` (and the end of its game if ``finish``; with
        ``timed``, ``flag_at`` as the moment its next flag falls and ``to_act`` the seats to
        act); returns once it is committed, raises if it is not."""
        row = {"game_id": game_id, "seq": seq, "kind": kind, "seat": seat, "data": data, "created_at": time.time()}
        await self._enqueue(row, finish, timed=timed, flag_at=flag_at, to_act=to_act)

    async def beat(self, node_id: str, at: float) -> None:
        """Insert or refresh the heartbeat of ``node_id`` (the presence lease) in the next
        batch's transaction; returns once it is committed. Under load it costs no transaction,
        fsync or hold of the SQLite writer lock of its own (a session's transaction holds that
        lock across several trips to the database thread, and every ack waited behind it)."""
        await self._enqueue(None, None, (node_id, at))

    async def set_absence(self, game_id: str, seat: int, *, away_since: float | None, claim_at: float | None,
                          deadline_at: float | None, deadline_kind: str | None,
                          present_node: str | None = None) -> None:
        """:func:`donjon.store.repo.set_absence` in the next batch's transaction; returns once
        it is committed. A socket that connects or leaves writes its seat's clock: when
        hundreds do at once (a reconnect after a network blip, the end of many games), one
        transaction a seat held the SQLite writer lock for one fsync each, and every ack
        waited behind them."""
        await self._enqueue(None, None, absence=absence_params(
            game_id, seat, away_since=away_since, claim_at=claim_at, deadline_at=deadline_at,
            deadline_kind=deadline_kind, present_node=present_node))

    async def _enqueue(self, row: dict[str, Any] | None, finish: Finish | None,
                       beat: tuple[str, float] | None = None, timed: bool = False,
                       flag_at: float | None = None, to_act: tuple[int, ...] = (),
                       absence: dict[str, Any] | None = None) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(_Pending(row, finish, fut, beat, timed, flag_at, to_act, absence))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush_all(), name="group-commit")
        await fut

    async def drain(self) -> None:
        """Wait until every queued entry is committed or failed (shutdown)."""
        while self._flusher is not None and not self._flusher.done():
            await asyncio.wait([self._flusher])

    @property
    def write_seconds(self) -> float:
        """Time spent in the transactions themselves (SQLite: in the writer's calls, on the
        loop or in its thread; other databases: the same as :attr:`seconds`)."""
        return self._sqlite.seconds if self._sqlite is not None else self.seconds

    @property
    def batches_on_loop(self) -> int:
        """SQLite: batches written on the event loop's thread (:meth:`_SqliteWriter.write_here`);
        the rest of :attr:`batches` went to the writer's thread, after a slow or refused one.
        Other databases: 0."""
        return self._sqlite.here if self._sqlite is not None else 0

    async def close(self) -> None:
        """Drain, then close the writer's connection (and thread)."""
        await self.drain()
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()
        if self._driver_conn is not None:
            driver_conn, self._driver_conn, self._driver = self._driver_conn, None, None
            await driver_conn.close()
        if self._sqlite is not None:
            await asyncio.get_running_loop().run_in_executor(self._sqlite.executor, self._sqlite.close)
            self._sqlite.executor.shutdown(wait=True)

    async def _flush_all(self) -> None:
        while self._queue:
            batch = self._queue[: self.max_batch]
            del self._queue[: self.max_batch]
            try:
                await self._write(batch)
            except IntegrityError as e:
                if len(batch) == 1:
                    _fail(batch, e)
                    continue
                for p in batch:  # find the entry another process accepted first
                    try:
                        await self._write([p])
                    except Exception as e1:  # noqa: BLE001 - handed to the waiting caller
                        _fail([p], e1)
                    else:
                        _done([p])
                continue
            except BaseException as e:
                _fail(batch, e)
                if isinstance(e, asyncio.CancelledError):
                    _fail(self._queue, e)
                    self._queue.clear()
                    raise
                continue
            _done(batch)

    async def _write(self, batch: list[_Pending]) -> None:
        t = time.perf_counter()
        if self._sqlite is not None:
            async with self.db.write_lock():
                if not self._sqlite.write_here(batch):
                    await asyncio.get_running_loop().run_in_executor(self._sqlite.executor, self._sqlite.write, batch)
        else:
            await self._write_async(batch)
        self.seconds += time.perf_counter() - t
        self.batches += 1
        self.rows += len(_rows(batch))

    async def _write_async(self, batch: list[_Pending]) -> None:
        beats, absences, finishes = _beats(batch), _absences(batch), _finishes(batch)
        if _rows(batch) and not beats and not absences and not finishes and self.db.engine.dialect.driver == "asyncpg":
            await self._write_statement(batch)
            return
        if self._conn is None or self._conn.closed:
            self._conn = await self.db.engine.connect()
        conn = self._conn
        try:
            async with self.db.write_lock(), conn.begin():  # one transaction, one COMMIT
                rows = _ordered_rows(batch)
                if rows:
                    await conn.execute(insert(_LOG), rows)
                for node_id, at in beats:
                    await conn.execute(heartbeat_statement(conn.dialect.name, node_id, at))
                flags = _flags(batch)
                if flags:
                    await conn.execute(_SET_FLAG, flags)
                if absences:
                    await conn.execute(SET_ABSENCES, absences)
                if finishes:
                    await conn.run_sync(self.on_finish, finishes, time.time())
        except IntegrityError:
            raise
        except BaseException:
            # a broken connection is not reused: the next batch opens a new one
            self._conn = None
            try:
                await conn.close()
            except Exception:  # noqa: BLE001
                pass
            raise

    async def _write_statement(self, batch: list[_Pending]) -> None:
        """PostgreSQL: the batch's entries, and its timed games' next flags, in one statement
        on a connection of its own in autocommit (:data:`_PG_INSERT`, :data:`_PG_INSERT_FLAGS`):
        one round trip to the server instead of three (BEGIN, the INSERT, COMMIT). A
        statement is atomic: all of it is committed, or none. The same two statements serve
        every batch, whatever its size (the columns go as arrays), so the server has them
        prepared after the first time."""
        rows = _ordered_rows(batch)
        params: list[Any] = [[r["game_id"] for r in rows], [r["seq"] for r in rows], [r["kind"] for r in rows],
                             [r["seat"] for r in rows], [json.dumps(r["data"]) for r in rows],
                             [r["created_at"] for r in rows]]
        flags = _flags(batch)
        if flags:
            params += [[f["g"] for f in flags], [f["f"] for f in flags], [json.dumps(f["a"]) for f in flags]]
        sql = _PG_INSERT_FLAGS if flags else _PG_INSERT
        if self._driver is None:
            self._driver_conn = await self.db.engine.connect()
            raw = await self._driver_conn.get_raw_connection()
            self._driver = raw.driver_connection
        try:
            async with self.db.write_lock():
                await self._driver.execute(sql, *params)
        except asyncpg.IntegrityConstraintViolationError as e:  # a duplicate entry, an unknown game
            raise IntegrityError(sql, None, e) from e
        except BaseException:
            # a broken connection is not reused: the next batch opens a new one
            conn, self._driver, self._driver_conn = self._driver_conn, None, None
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.invalidate()
            raise


class _SqliteWriter:
    """The action log's own SQLite connection.

    A batch is written on the event loop's thread when that is quick (:meth:`write_here`),
    else by this writer's thread (:meth:`write`, through :attr:`executor`); never both at
    once (the caller holds the process's SQLite writer lock). Entries and next flags go
    through the sqlite3 connection itself; a batch with a heartbeat, a seat's clock or the end
    of a game goes through a synchronous SQLAlchemy engine over the same connection (the league's
    on-finish hook takes a SQLAlchemy connection). Errors are SQLAlchemy's either way
    (:class:`~sqlalchemy.exc.IntegrityError` for a duplicate entry or an unknown game)."""

    WAIT_HERE = 0.005
    """Seconds a batch written on the event loop may spend waiting (its wall time less its
    CPU time: the fsync, SQLite's file locks, or the thread kept off a busy CPU) before the
    next batches go to the thread."""

    THREAD_FIRST = 1.0
    """Seconds the batches go to the thread after a slow or refused one on the loop. Each slow
    or refused batch within :attr:`THREAD_MAX` seconds of the last doubles it (a disk that
    stays slow, a lock held long), up to :attr:`THREAD_MAX`. One fsync slower than
    :attr:`WAIT_HERE` (a moment of load on a shared disk) then costs a second on the thread,
    and a disk slow every few seconds is tried on the loop only once a minute."""

    THREAD_MAX = 60.0

    BUSY_MS = 10_000
    """SQLite's busy timeout in the thread (:data:`~donjon.store.checkpoint.PRAGMAS`): there
    a batch waits for another process's write lock. On the loop it waits for nothing
    (``busy_timeout=0``): a batch that finds the file locked goes to the thread instead."""

    def __init__(self, path: str, synchronous: str, on_finish: FinishHook) -> None:
        self.path = path
        self.on_finish = on_finish
        self.synchronous = synchronous.upper()
        if self.synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad SQLite synchronous mode {synchronous!r}")
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="donjon-log")
        self.engine: Engine | None = None
        self._db: sqlite3.Connection | None = None
        self._busy_ms = self.BUSY_MS
        self.thread_until = 0.0
        """``time.monotonic()`` until which :meth:`write_here` declines (0: it tries)."""
        self.thread_for = 0.0
        """Seconds on the thread after the last slow or refused batch on the loop (0: none yet)."""
        self.seconds = 0.0
        """Time spent in :meth:`write` and :meth:`write_here` (the transactions themselves)."""
        self.here = 0
        """Batches written on the event loop's thread."""

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            db = sqlite3.connect(self.path, check_same_thread=False)
            configure(db, self.synchronous)
            self._db = db
            self.engine = create_engine("sqlite://", creator=lambda: db, poolclass=StaticPool)
        return self._db

    def _busy_timeout(self, ms: int) -> None:
        if self._busy_ms != ms:
            self._connection().execute(f"PRAGMA busy_timeout={int(ms)}")
            self._busy_ms = ms

    ROWS_PER_INSERT = 150
    """Rows per multi-row INSERT (6 parameters each: within SQLite's oldest limit of 999)."""

    GAMES_PER_UPDATE = 150
    """Timed games per UPDATE of ``flag_at`` and ``to_act`` (5 parameters each)."""

    def write_here(self, batch: list[_Pending]) -> bool:
        """Write ``batch`` on the calling thread (the event loop's) unless a recent batch was
        slow or refused there (:attr:`thread_until`); False if not written (nothing of it
        is then in the database: call :meth:`write` in the thread).

        At a player's pace most batches hold one or two entries, and the hop to the thread
        and back (two wake-ups, the GIL handed over twice) cost more CPU than the
        transaction (``bench/commit_pace.py``); a commit here blocks the loop for its fsync
        (a fraction of a millisecond on an SSD). A batch that waited longer than
        :attr:`WAIT_HERE` (a slow disk) or found the file locked by another process sends
        the next ones to the thread for a while (:attr:`THREAD_FIRST`)."""
        if time.monotonic() < self.thread_until:
            return False
        self._busy_timeout(0)
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            self._write(batch)
        except OperationalError as e:
            if getattr(e.orig, "sqlite_errorcode", 0) & 0xFF != sqlite3.SQLITE_BUSY:
                raise
            self._to_thread()
            return False
        waited = (time.perf_counter() - wall) - (time.thread_time() - cpu)
        if waited > self.WAIT_HERE:
            self._to_thread()
        self.here += 1
        return True

    def _to_thread(self) -> None:
        """Send the next batches to the thread for :attr:`thread_for` seconds: twice the last
        time if that was less than :attr:`THREAD_MAX` seconds ago, else :attr:`THREAD_FIRST`."""
        now = time.monotonic()
        recent = now - self.thread_until < self.THREAD_MAX
        self.thread_for = min(max(self.thread_for * 2, self.THREAD_FIRST), self.THREAD_MAX) if recent \
            else self.THREAD_FIRST
        self.thread_until = now + self.thread_for

    def write(self, batch: list[_Pending]) -> None:
        """Write ``batch`` in one transaction and commit (in the writer thread)."""
        self._busy_timeout(self.BUSY_MS)
        self._write(batch)

    def _write(self, batch: list[_Pending]) -> None:
        """One transaction, committed; rolled back on an error, raised as SQLAlchemy's.

        The entries go in multi-row INSERTs, and the timed games' next flags in one UPDATE
        per :attr:`GAMES_PER_UPDATE` games: in the thread, the sqlite3 module releases the GIL
        around every statement step and the busy event loop takes it back for up to the
        switch interval (5 ms) each time, so one statement per row would make a batch of 200
        rows take a second; a few statements take a few milliseconds."""
        db = self._connection()
        t0 = time.perf_counter()
        finishes, beats, absences = _finishes(batch), _beats(batch), _absences(batch)
        if finishes or beats or absences:
            assert self.engine is not None
            with self.engine.begin() as conn:
                self._statements(conn.exec_driver_sql, batch)
                for node_id, at in beats:
                    conn.execute(heartbeat_statement("sqlite", node_id, at))
                if absences:
                    conn.execute(SET_ABSENCES, absences)
                if finishes:
                    self.on_finish(conn, finishes, time.time())
        else:
            try:
                self._statements(db.execute, batch)
                db.commit()
            except BaseException as e:
                db.rollback()
                if isinstance(e, sqlite3.Error):
                    raise DBAPIError.instance(None, None, e, sqlite3.Error) from e
                raise
        self.seconds += time.perf_counter() - t0

    def _statements(self, execute: Callable[[str, tuple[Any, ...]], object], batch: list[_Pending]) -> None:
        """The batch's INSERTs and flag UPDATEs, through ``execute(sql, parameters)``."""
        rows = _rows(batch)
        for i in range(0, len(rows), self.ROWS_PER_INSERT):
            chunk = rows[i:i + self.ROWS_PER_INSERT]
            params: list[Any] = []
            for r in chunk:
                params += (r["game_id"], r["seq"], r["kind"], r["seat"], json.dumps(r["data"]), r["created_at"])
            execute(_insert_sql(len(chunk)), tuple(params))
        flags = _flags(batch)
        for i in range(0, len(flags), self.GAMES_PER_UPDATE):
            chunk = flags[i:i + self.GAMES_PER_UPDATE]
            execute(_set_flags_sql(len(chunk)), _set_flags_params(chunk))

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()
            self.engine = None
        if self._db is not None:
            self._db.close()
            self._db = None


@functools.cache
def _insert_sql(n: int) -> str:
    return ("INSERT INTO game_actions (game_id, seq, kind, seat, data, created_at) VALUES "
            + ", ".join(["(?, ?, ?, ?, ?, ?)"] * n))


@functools.cache
def _set_flags_sql(n: int) -> str:
    """One UPDATE of ``flag_at`` and ``to_act`` for ``n`` games (any SQLite version: no
    ``UPDATE ... FROM``); its parameters are :func:`_set_flags_params`."""
    whens = " ".join(["WHEN ? THEN ?"] * n)
    return (f"UPDATE {_GAMES.name} SET flag_at = CASE id {whens} END, to_act = CASE id {whens} END "
            f"WHERE id IN ({', '.join(['?'] * n)})")


def _set_flags_params(flags: list[dict[str, Any]]) -> tuple[Any, ...]:
    """The parameters of :func:`_set_flags_sql` for the :func:`_flags` rows ``flags``
    (``to_act`` as the JSON text the column's type stores)."""
    params: list[Any] = []
    for f in flags:
        params += (f["g"], f["f"])
    for f in flags:
        params += (f["g"], json.dumps(f["a"]))
    params += (f["g"] for f in flags)
    return tuple(params)


def _done(batch: list[_Pending]) -> None:
    for p in batch:
        if not p.future.done():
            p.future.set_result(None)


def _fail(batch: list[_Pending], e: BaseException) -> None:
    for p in batch:
        if not p.future.done():
            if isinstance(e, asyncio.CancelledError):
                p.future.cancel()
            else:
                p.future.set_exception(e)
