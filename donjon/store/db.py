"""The database handle: an async engine, sessions, Alembic migrations at start.

SQLite (the embedded default) runs in WAL mode; its writers are serialised by one
``asyncio.Lock`` in the process (SQLite allows one writer at a time anyway, and a
deferred transaction that reads and then writes could otherwise fail with "database is
locked"). PostgreSQL needs no such lock: concurrency there is arbitrated by the unique
``(game_id, seq)`` constraint of the action log.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, async_sessionmaker, create_async_engine

from donjon.store import inloop
from donjon.store.checkpoint import Checkpointer, configure
from donjon.store.groupcommit import GroupCommit
from donjon.store.repo import Finish, FinishHook, end_games

MIGRATIONS = Path(__file__).with_name("migrations")
READ_POOL = 20
"""Read connections kept open (and as many more opened at need, closed when returned). A
session that awaits something else holds its connection meanwhile; with SQLAlchemy's default
of 5 kept, every sixth such session opened a new SQLite connection (its pragmas included) and
closed it after. A connection without a thread costs a file handle and its page cache."""
READ_BUSY_MS = 2000
"""How long a read on the event loop's thread waits for a lock, at most. In WAL mode a reader
waits for no writer; only the rare recovery of another connection's WAL index can hold one."""


def normalize_url(url: str) -> str:
    """Accept ``sqlite:///x``, ``postgresql://...`` and give the async driver variants."""
    u = make_url(url)
    if u.drivername in ("sqlite", "sqlite+pysqlite"):
        u = u.set(drivername="sqlite+aiosqlite")
    elif u.drivername in ("postgresql", "postgres", "postgresql+psycopg2"):
        u = u.set(drivername="postgresql+asyncpg")
    return u.render_as_string(hide_password=False)


class Database:
    """Engine + session factory + the SQLite writer lock."""

    def __init__(self, url: str, *, sqlite_synchronous: str = "FULL", echo: bool = False,
                 pool_timeout: float = 30.0, on_finish: FinishHook = end_games) -> None:
        """``pool_timeout``: seconds a session waits for one of the (PostgreSQL) pool's 30
        connections before :class:`sqlalchemy.exc.TimeoutError` (a socket then gets 1013).

        ``on_finish`` writes the end of games in the transaction that stores their final
        entries (:data:`~donjon.store.repo.FinishHook`): the server passes the league's
        settlement (:func:`donjon.store.league.settle_batch`); the default only marks the
        games over."""
        self.url = normalize_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {"echo": echo}
        if not self.is_sqlite:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True, pool_timeout=pool_timeout)
        self.engine = create_async_engine(self.url, **kwargs)
        if self.is_sqlite:
            sync = sqlite_synchronous.upper()
            if sync not in ("OFF", "NORMAL", "FULL", "EXTRA"):
                raise ValueError(f"bad SQLite synchronous mode {sqlite_synchronous!r}")

            @event.listens_for(self.engine.sync_engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:  # pragma: no cover - trivial
                cur = dbapi_conn.cursor()
                configure(cur, sync)
                cur.close()

        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.sqlite_path = _sqlite_file(self.url)
        """The SQLite database file (None for PostgreSQL or an in-memory database)."""
        self.read_engine = self.engine
        """The engine of :meth:`read`: for a SQLite file, its own connections, which run on the
        event loop's thread and cannot write (donjon/store/inloop.py)."""
        if self.sqlite_path is not None:
            self.read_engine = create_async_engine(self.url, module=inloop.dbapi(), echo=echo,
                                                   pool_size=READ_POOL, max_overflow=READ_POOL)

            @event.listens_for(self.read_engine.sync_engine, "connect")
            def _read_pragmas(dbapi_conn: Any, _record: Any) -> None:  # pragma: no cover - trivial
                cur = dbapi_conn.cursor()
                configure(cur, sync)
                cur.execute(f"PRAGMA busy_timeout={READ_BUSY_MS}")
                cur.execute("PRAGMA query_only=1")
                cur.close()
        self.read_sessions = async_sessionmaker(self.read_engine, expire_on_commit=False)
        self.checkpointer: Checkpointer | None = None
        """WAL checkpoints off the commit path (donjon/store/checkpoint.py), for a SQLite file."""
        if self.sqlite_path is not None:
            self.checkpointer = Checkpointer(self.sqlite_path, sqlite_synchronous.upper())
            self.checkpointer.start()
        self._write_lock = asyncio.Lock() if self.is_sqlite else None
        self.on_finish = on_finish
        """Writes the end of games (:data:`~donjon.store.repo.FinishHook`)."""
        self.log = GroupCommit(self, on_finish, sqlite_synchronous=sqlite_synchronous)
        """The action log's group commit: ``await db.log.append(game_id, seq, kind, seat, data)``."""

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A session for reads (no transaction kept open afterwards). On a SQLite file its
        statements run on the event loop's thread (a WAL reader waits for no writer) and a
        write through it fails (``PRAGMA query_only``)."""
        async with self.read_sessions() as s:
            yield s

    @contextlib.asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """A session in a transaction, committed on normal exit, rolled back on error."""
        if self._write_lock is not None:
            async with self._write_lock:
                async with self.sessions() as s, s.begin():
                    yield s
        else:
            async with self.sessions() as s, s.begin():
                yield s

    @contextlib.asynccontextmanager
    async def write_lock(self) -> AsyncIterator[None]:
        """Hold the SQLite writer lock (nothing to hold on other databases)."""
        if self._write_lock is not None:
            async with self._write_lock:
                yield
        else:
            yield

    @contextlib.asynccontextmanager
    async def write_conn(self) -> AsyncIterator[AsyncConnection]:
        """A Core connection in a transaction (the hot path: one INSERT per accepted action)."""
        if self._write_lock is not None:
            async with self._write_lock:
                async with self.engine.begin() as conn:
                    yield conn
        else:
            async with self.engine.begin() as conn:
                yield conn

    async def apply_finish(self, s: AsyncSession, game_id: str, f: Finish, t: float) -> bool:
        """Write the end of ``game_id`` with :attr:`on_finish` in the transaction of session
        ``s`` (an entry that writes more than the log); False when the game was already over."""
        hook = self.on_finish
        return await s.run_sync(lambda sync: hook(sync.connection(), [(game_id, f)], t)[0])

    async def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision."""
        async with self.engine.begin() as conn:
            if not self.is_sqlite:
                await conn.execute(text("SELECT pg_advisory_xact_lock(724115)"))
            await conn.run_sync(_upgrade)

    async def dispose(self) -> None:
        await self.log.close()
        await self.engine.dispose()
        if self.read_engine is not self.engine:
            await self.read_engine.dispose()
        if self.checkpointer is not None:
            await asyncio.to_thread(self.checkpointer.stop)

    async def ping(self) -> bool:
        async with self.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
        return True


def _sqlite_file(url: str) -> str | None:
    u = make_url(url)
    if u.drivername.startswith("sqlite") and u.database and u.database != ":memory:" and not u.query:
        return u.database
    return None


def alembic_config(connection: Any = None) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def _upgrade(sync_conn: Any) -> None:
    from alembic import command

    command.upgrade(alembic_config(sync_conn), "head")


async def run_migrations(url: str) -> None:
    db = Database(url)
    try:
        await db.migrate()
    finally:
        await db.dispose()


__all__ = ["AsyncConnection", "Database", "normalize_url", "run_migrations"]
