"""CPU of the action log's group commit per entry at a player's pace, in process.

At ~600 moves/s spread over many games (``bench/load.py --think``), entries reach the group
commit one or two at a time with the event loop idle in between, so each batch's fixed costs
are paid per entry: the transaction, its fsync, and where it runs. This bench appends entries
to a real SQLite database (``Database``: migrations, pragmas, ``synchronous=FULL``) on uvloop,
one every ``--gap`` ms on average (uniform 0.5-1.5 times it), each awaited by its own task as
the server's moves are, and prints the process's CPU per entry (all threads)::

    python bench/commit_pace.py                   # --gap 1.6 --entries 2000, 3 repeats
    PYTHONPATH=../wt-old python bench/commit_pace.py   # an older checkout's group commit (A/B)

With a group commit that can write a batch on the loop (``_SqliteWriter.write_here``), it
also prints the same entries with every batch sent to the writer's thread (``thread``),
alternated with the default in every repeat. Two floors are measured the same way, alternated
too: ``idle``, the paced loop and its tasks with no entry written (what waking up costs), and
``raw``, each entry one bare sqlite3 transaction on the same file and pragmas (``BEGIN
IMMEDIATE``, the INSERT, ``COMMIT`` with its fsync), run by the task itself: ``raw`` less
``idle`` is what a durable entry costs at that pace before any code of ours.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

import uvloop

from donjon.store import Database, repo
from donjon.store.checkpoint import configure


async def _game(db: Database) -> str:
    async with db.write() as s:
        g = await repo.create_game(s, kind="unfairchess", mode="friendly", stake=0, seed=1, options={},
                                   seats=[repo.SeatSpec(None, "a", "easy"), repo.SeatSpec(None, "b", "easy")],
                                   table_id=None)
    return str(g.id)


async def run(path: str, entries: int, gap_ms: float, mode: str, seed: int) -> tuple[float, float]:
    """(CPU microseconds per entry, entries per commit) for ``entries`` paced appends."""
    db = Database(f"sqlite:///{path}")
    await db.migrate()
    game = await _game(db)
    log = db.log
    writer = getattr(log, "_sqlite", None)
    if mode == "thread" and writer is not None:
        writer.thread_until = float("inf")
    rng = random.Random(seed)
    action = {"action": {"type": "move", "uci": "e2e4"}}
    await log.append(game, 1, "play", 0, action)  # the writer's connection opened
    append: Callable[..., Awaitable[None]] = log.append
    bare: sqlite3.Connection | None = None
    if mode in ("idle", "raw"):
        bare = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        configure(bare, "FULL")
        append = _bare(bare, mode)
    batches0, rows0 = log.batches, log.rows
    tasks = []
    c0 = time.process_time()
    for seq in range(2, entries + 2):
        await asyncio.sleep(gap_ms / 1000 * rng.uniform(0.5, 1.5))
        tasks.append(asyncio.ensure_future(append(game, seq, "play", seq % 2, action)))
    await asyncio.gather(*tasks)
    cpu = time.process_time() - c0
    per_commit = (log.rows - rows0) / max(1, log.batches - batches0) if bare is None else 1.0
    if bare is not None:
        bare.close()
    await db.dispose()
    return cpu / entries * 1e6, per_commit


def _bare(conn: sqlite3.Connection, mode: str) -> Callable[..., Awaitable[None]]:
    """The floors' append: nothing (``idle``), or one bare sqlite3 transaction on ``conn``
    (``raw``)."""

    async def append(game: str, seq: int, kind: str, seat: int, data: dict[str, Any]) -> None:
        if mode == "raw":
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO game_actions (game_id, seq, kind, seat, data, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                         (game, seq, kind, seat, json.dumps(data), time.time()))
            conn.execute("COMMIT")

    return append


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--gap", type=float, default=1.6, help="mean ms between two entries (default 1.6: ~600/s)")
    p.add_argument("--entries", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args(argv)
    from donjon.store import groupcommit

    modes = ["default"] + (["thread"] if hasattr(groupcommit._SqliteWriter, "write_here") else []) + ["raw", "idle"]
    runs: dict[str, list[float]] = {m: [] for m in modes}
    tmp = tempfile.mkdtemp(prefix="donjon-commit-pace-")
    for rep in range(args.repeats):
        for m in modes:
            path = os.path.join(tmp, f"{m}-{rep}.sqlite3")
            cpu, per_commit = uvloop.run(run(path, args.entries, args.gap, m, rep))
            runs[m].append(cpu)
            print(f"  {m:8s} {cpu:6.1f} us CPU per entry ({per_commit:.2f} entries per commit)", flush=True)
    print(f"{groupcommit.__file__}: {args.entries} entries, one every {args.gap:g} ms on average")
    for m in modes:
        med = statistics.median(runs[m])
        print(f"{m:8s} {med:6.1f} us CPU per entry (median of {args.repeats})"
              + (f"  {med / statistics.median(runs['default']):.2f}x default" if m != "default" else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
