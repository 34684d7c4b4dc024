"""SQLite reads on the event loop's own thread: aiosqlite's connection without its thread.

SQLAlchemy's asyncio extension reaches SQLite through aiosqlite, which runs each call of a
statement (open a cursor, execute, fetch, close) on a thread of its own and wakes the event
loop with the result: four or five hand-overs between threads a statement, each costing more
CPU than the statement itself (docs/benchmarks.md, "HTTP requests"). A read from the site's
SQLite file in WAL mode never waits for a writer, and takes microseconds: :func:`dbapi`
gives SQLAlchemy an aiosqlite whose connections run every call at once on the calling
(event loop's) thread. :class:`~donjon.store.db.Database` uses it for its read sessions only
(``PRAGMA query_only``: such a connection cannot write); writes, whose commit waits for the
disk, stay on aiosqlite's thread.

Nothing of aiosqlite's or SQLAlchemy's code is changed: :class:`InLoopConnection` is an
``aiosqlite.Connection`` whose queue of calls runs each call as it is put, so the future
it awaits is already done and awaiting it does not yield to the loop.
"""

from __future__ import annotations

import asyncio
import sqlite3
import types
from collections.abc import Callable, Generator
from typing import Any

import aiosqlite
from sqlalchemy.dialects.sqlite.aiosqlite import AsyncAdapt_aiosqlite_dbapi


class _RunNow:
    """Stands for aiosqlite's queue of calls to its thread: runs each call as it is put."""

    @staticmethod
    def put_nowait(item: tuple[asyncio.Future[Any] | None, Callable[[], Any]]) -> None:
        future, function = item
        try:
            result = function()
        except BaseException as e:  # noqa: BLE001 - handed to the awaiting caller, as aiosqlite's thread does
            if future is not None and not future.done():
                future.set_exception(e)
        else:
            if future is not None and not future.done():
                future.set_result(result)


class InLoopConnection(aiosqlite.Connection):
    """An ``aiosqlite.Connection`` that runs its calls on the calling thread (no thread)."""

    def __init__(self, connector: Callable[[], sqlite3.Connection], iter_chunk_size: int) -> None:
        super().__init__(connector, iter_chunk_size)
        self._tx = _RunNow()  # type: ignore[assignment]

    def __await__(self) -> Generator[Any, None, aiosqlite.Connection]:
        return self._connect().__await__()  # the base class would start its thread first


def connect(database: str, *, iter_chunk_size: int = 64, **kwargs: Any) -> InLoopConnection:
    """Like ``aiosqlite.connect``, without the thread."""
    return InLoopConnection(lambda: sqlite3.connect(database, **kwargs), iter_chunk_size)


def dbapi() -> AsyncAdapt_aiosqlite_dbapi:
    """SQLAlchemy's aiosqlite adaptation over :func:`connect`: ``create_async_engine(url,
    module=dbapi())``."""
    module = types.ModuleType("donjon_inloop_aiosqlite")
    module.__dict__.update(vars(aiosqlite))
    module.connect = connect  # type: ignore[attr-defined]
    return AsyncAdapt_aiosqlite_dbapi(module, sqlite3)
