"""SQLite WAL checkpoints run in their own thread, never inside a commit of the action log."""

from __future__ import annotations

import asyncio
import doctest
import os
import sqlite3
from pathlib import Path

from donjon.store import Database, checkpoint
from tests.server.test_group_commit import _db_with_games


def test_doctests() -> None:
    assert doctest.testmod(checkpoint).failed == 0


def _wal_size(path: Path) -> int:
    wal = Path(f"{path}-wal")
    return wal.stat().st_size if wal.exists() else 0


async def test_commits_leave_the_wal_to_the_checkpointer(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    db, ids = await _db_with_games(path, 1)
    assert db.checkpointer is not None
    db.checkpointer.stop()  # hold the checkpoints back: the log's commits alone must not run one
    for seq in range(1, 1501):  # ~1,500 commits: well beyond SQLite's automatic 1,000-page checkpoint
        await db.log.append(ids[0], seq, "play", 0, {"action": {"type": "move", "uci": "e2e4", "pad": "x" * 2000}})
    grown = _wal_size(path)
    assert grown > 8 * 1024 * 1024, grown  # twice 1,000 pages of 4 KiB: an automatic checkpoint restarts it there
    with sqlite3.connect(path) as c:
        assert c.execute("pragma wal_autocheckpoint").fetchone()[0] == 1000  # a plain connection's default
    cp = checkpoint.Checkpointer(str(path), "FULL", every=3600)
    assert cp.checkpoint()  # everything copied into the database file
    cp.stop()
    await db.log.append(ids[0], 1501, "play", 0, {"action": {"type": "move", "uci": "e7e5"}})
    assert _wal_size(path) <= grown  # the next commit started the WAL over (same file, from the start)
    with sqlite3.connect(path) as c:
        assert c.execute("select count(*) from game_actions").fetchone()[0] == 1501
    await db.dispose()


async def test_every_connection_turns_automatic_checkpoints_off(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    db = Database(f"sqlite:///{path}")
    await db.migrate()
    async with db.engine.connect() as conn:
        raw = await conn.exec_driver_sql("pragma wal_autocheckpoint")
        assert raw.scalar() == 0
    await db.dispose()
    assert db.checkpointer is not None and not db.checkpointer._thread.is_alive()


async def test_the_thread_checkpoints_on_its_own(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    db, ids = await _db_with_games(path, 1)
    assert db.checkpointer is not None
    db.checkpointer.stop()
    cp = checkpoint.Checkpointer(str(path), "FULL", every=0.05)
    cp.start()
    await db.log.append(ids[0], 1, "play", 0, {"action": {}})
    for _ in range(200):
        if cp.checkpoints:
            break
        await asyncio.sleep(0.05)
    cp.stop()
    assert cp.checkpoints >= 1
    await db.dispose()


def test_no_checkpointer_without_a_file() -> None:
    assert Database("sqlite:///:memory:").checkpointer is None
    assert Database("postgresql://u@127.0.0.1/x").checkpointer is None
    assert not os.path.exists(":memory:")
