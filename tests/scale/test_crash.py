"""kill -9 under load, 20 times, on SQLite (the default store; always runs): after every kill
every acknowledged intent is in the action log, every player reconnects with its last version
and play goes on; at the end every game is played out and matches its log.

The machinery is ``bench/crash.py`` (which runs the same with 100 kills, on SQLite or
PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.crash import crash_run
from tests.scale.harness import Node, Zygote

pytestmark = pytest.mark.slow


async def test_kill_dash_nine_twenty_times_under_load(tmp_path: Path, zygote: Zygote) -> None:
    # each restart is a fresh server process forked by the zygote: no 2 s of imports 20 times
    node = Node(f"sqlite:///{tmp_path / 'crash.sqlite3'}", tmp_path / "server.log",
                env={"DONJON_SQLITE_SYNCHRONOUS": "FULL"}, zygote=zygote)
    try:
        await node.astart()
        report = await crash_run(node, games=5, kills=20, plies=40, seed=20, gap=(0.02, 0.4))
    finally:
        node.stop()
    print(report.summary())
    assert not report.problems, report.problems[:10]
    assert report.kills == 20 and len(report.restart_seconds) == 20
    assert report.games >= 5 and report.finished == report.games
    assert report.acks_total > 20 * 1  # at least one new acknowledged intent between two kills
    assert report.reconnects >= 20  # the players did come back after the kills
    assert set(report.errors) <= {"stale", "conflict"}, report.errors
