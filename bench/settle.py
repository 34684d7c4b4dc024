"""CPU of a game's end in the action log's group commit, against a plain entry, in process.

A game-ending entry is committed with the end of its game and, with the server's hook, its
league settlement (:func:`donjon.store.league.settle_batch`: the game marked over, its seats'
clocks cleared, its stakes, its players' league events), in the same transaction. At a
player's pace (``bench/load.py --think``) every batch holds one or two entries, so each
game's end costs its whole settlement once. This bench plays ``--games`` games of two guest
accounts on a real SQLite database (``Database``: migrations, pragmas, ``synchronous=FULL``),
one entry every ``--gap`` ms on average, each awaited as the server's are, and prints the
process's CPU per plain entry and per game-ending one (a resignation in a friendly game,
which counts for the league; ``--mode ranked``: its players' Elo ratings too); the
difference is the settlement. ``--together N`` appends N entries at once, so that N games end
in one batch (as when many games end together: a closed loop's last moves, flags that fall
at one moment), and prints the wall time of a batch too; ``--database-url`` runs it on a
fresh PostgreSQL database (created and dropped on that server) instead of SQLite::

    python bench/settle.py                          # 300 friendly games, 3 repeats
    python bench/settle.py --mode ranked
    python bench/settle.py --together 20 --database-url postgresql+asyncpg://postgres@127.0.0.1/test
    PYTHONPATH=../wt-old python bench/settle.py     # an older checkout's settlement (A/B)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator

import uvloop

from donjon.store import Database, repo
from donjon.store.league import settle_batch

MOVE = {"action": {"type": "move", "uci": "e2e4"}}


async def _games(db: Database, n: int, mode: str) -> list[tuple[str, int, int]]:
    """``n`` games of two new guests each: ``(game id, first user, second user)``."""
    games = []
    async with db.write() as s:
        for i in range(n):
            a = await repo.create_user(s, f"a{i}", None, is_guest=True, start_balance=0)
            b = await repo.create_user(s, f"b{i}", None, is_guest=True, start_balance=0)
            await s.flush()
            g = await repo.create_game(s, kind="unfairchess", mode=mode, stake=0, seed=i, options={},
                                       seats=[repo.SeatSpec(a.id, "a", None), repo.SeatSpec(b.id, "b", None)],
                                       table_id=None)
            games.append((str(g.id), a.id, b.id))
    return games


async def run(url: str, games: int, gap_ms: float, seed: int, mode: str = "friendly",
              together: int = 1) -> tuple[float, float, float, float]:
    """(CPU microseconds per plain entry, per game-ending entry; wall milliseconds per batch
    of plain entries, of game-ending ones)."""
    db = Database(url, on_finish=settle_batch)
    await db.migrate()
    played = await _games(db, games + 1, mode)
    rng = random.Random(seed)
    for gid, _, _ in played:  # each game's first move: the writer's connection opened
        await db.log.append(gid, 1, "play", 0, MOVE)

    async def paced(entries: list[tuple[str, int, str, int, dict, repo.Finish | None]]) -> tuple[float, float]:
        c0, wall = time.process_time(), 0.0
        for i in range(0, len(entries), together):
            await asyncio.sleep(gap_ms / 1000 * rng.uniform(0.5, 1.5))
            w0 = time.perf_counter()
            await asyncio.gather(*(db.log.append(*e) for e in entries[i:i + together]))
            wall += time.perf_counter() - w0
        batches = -(-len(entries) // together)
        return (time.process_time() - c0) / len(entries) * 1e6, wall / batches * 1e3

    def end(gid: str, a: int, b: int) -> tuple[str, int, str, int, dict, repo.Finish | None]:
        return gid, 3, "resign", 0, {}, repo.Finish("finished", {"winners": [1], "reason": "resign"}, 2, 0,
                                                    ((0, a), (1, b)), (1, 1))

    warm, *played = played  # the first game's end imports what the league reads (the games' registry)
    await db.log.append(warm[0], 2, "play", 1, MOVE)
    await db.log.append(*end(*warm))
    plain, plain_ms = await paced([(gid, 2, "play", 1, MOVE, None) for gid, _, _ in played])
    ends, ends_ms = await paced([end(gid, a, b) for gid, a, b in played])
    await db.dispose()
    return plain, ends, plain_ms, ends_ms


@contextlib.contextmanager
def _database(url: str | None, tmp: str, rep: int) -> Iterator[str]:
    """A new database: a SQLite file in ``tmp``, or a fresh one on the server of ``url``."""
    if url is None:
        yield "sqlite:///" + os.path.join(tmp, f"{rep}.sqlite3")
        return
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from tests.scale.harness import pg_database

    with pg_database(url) as fresh:
        yield fresh


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--gap", type=float, default=1.6, help="mean ms between two entries (default 1.6)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--mode", choices=("friendly", "ranked"), default="friendly")
    p.add_argument("--together", type=int, default=1, help="entries appended at once, one batch (default 1)")
    p.add_argument("--database-url", help="a PostgreSQL server (a fresh database on it each repeat); default SQLite")
    args = p.parse_args(argv)
    from donjon.store import league

    tmp = tempfile.mkdtemp(prefix="donjon-settle-")
    plains, ends, walls = [], [], []
    for rep in range(args.repeats):
        with _database(args.database_url, tmp, rep) as url:
            plain, end, plain_ms, end_ms = uvloop.run(run(url, args.games, args.gap, rep, args.mode, args.together))
        plains.append(plain)
        ends.append(end)
        walls.append((plain_ms, end_ms))
        print(f"  plain {plain:6.0f} us  game's end {end:6.0f} us CPU per entry;"
              f"  a batch {plain_ms:6.2f} / {end_ms:6.2f} ms", flush=True)
    plain, end = statistics.median(plains), statistics.median(ends)
    plain_ms, end_ms = statistics.median(w[0] for w in walls), statistics.median(w[1] for w in walls)
    where = "SQLite" if args.database_url is None else "PostgreSQL"
    print(f"{league.__file__}: {args.games} {args.mode} games on {where}, {args.together} entries a batch, "
          f"one batch every {args.gap:g} ms on average")
    print(f"plain entry {plain:.0f} us, game-ending entry {end:.0f} us CPU (medians of {args.repeats}): "
          f"the settlement {end - plain:.0f} us; a batch of plain entries {plain_ms:.2f} ms, "
          f"of game ends {end_ms:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
