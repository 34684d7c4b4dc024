"""A SQLite file's read sessions run on the event loop's thread and cannot write
(donjon/store/inloop.py); writes stay on aiosqlite's thread; an in-memory database and
PostgreSQL have one engine."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import OperationalError

from donjon.store import Database, repo


def _threads_seen(db: Database) -> None:
    """Every new connection of either engine gets ``tid()``: the thread SQLite runs it on."""
    for engine in {db.engine, db.read_engine}:
        @event.listens_for(engine.sync_engine, "connect")
        def _tid(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.create_function("tid", 0, threading.get_ident)


async def test_reads_run_on_the_loops_thread_and_writes_do_not(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        await db.migrate()
        await db.engine.dispose()  # the migration's connection: the next ones get tid()
        _threads_seen(db)
        here = threading.get_ident()
        async with db.write() as s:
            writer = (await s.execute(text("select tid()"))).scalar_one()
            user = await repo.create_user(s, "reader", None, is_guest=True, start_balance=0)
        async with db.read() as s:
            assert (await s.execute(text("select tid()"))).scalar_one() == here
            found = await repo.user_by_name(s, "reader")
            assert found is not None and found.id == user.id  # it sees what was committed
        assert writer != here
    finally:
        await db.dispose()


async def test_a_read_session_cannot_write(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    try:
        await db.migrate()
        async with db.read() as s:
            with pytest.raises(OperationalError, match="readonly"):
                await repo.create_user(s, "sneaky", None, is_guest=True, start_balance=0)
        async with db.read() as s:
            assert await repo.user_by_name(s, "sneaky") is None
        async with db.write() as s:
            await repo.create_user(s, "honest", None, is_guest=True, start_balance=0)
        async with db.read() as s:
            assert await repo.user_by_name(s, "honest") is not None
    finally:
        await db.dispose()


async def test_an_in_memory_database_has_one_engine() -> None:
    db = Database("sqlite:///:memory:")
    try:
        assert db.read_engine is db.engine
    finally:
        await db.dispose()


async def test_read_sessions_that_wait_reuse_their_connections(tmp_path: Path) -> None:
    """Read sessions holding their connection across an await, ten at a time: the pool keeps
    those connections instead of opening and closing one (with its pragmas) per session."""
    import asyncio

    from donjon.store.db import READ_POOL

    db = Database(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    try:
        await db.migrate()
        opened = []

        @event.listens_for(db.read_engine.sync_engine, "connect")
        def _count(*_: Any) -> None:
            opened.append(1)

        async def one() -> None:
            async with db.read() as s:
                await s.execute(text("select 1"))
                await asyncio.sleep(0.001)

        for _ in range(20):
            await asyncio.gather(*(one() for _ in range(10)))
        assert 10 <= len(opened) <= READ_POOL, len(opened)
    finally:
        await db.dispose()
