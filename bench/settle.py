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
difference is the settlement::

    python bench/settle.py                          # 300 friendly games, 3 repeats
    python bench/settle.py --mode ranked
    PYTHONPATH=../wt-old python bench/settle.py     # an older checkout's settlement (A/B)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time

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


async def run(path: str, games: int, gap_ms: float, seed: int, mode: str = "friendly") -> tuple[float, float]:
    """(CPU microseconds per plain entry, per game-ending entry)."""
    db = Database(f"sqlite:///{path}", on_finish=settle_batch)
    await db.migrate()
    played = await _games(db, games + 1, mode)
    rng = random.Random(seed)
    for gid, _, _ in played:  # each game's first move: the writer's connection opened
        await db.log.append(gid, 1, "play", 0, MOVE)

    async def paced(entries: list[tuple[str, int, str, int, dict, repo.Finish | None]]) -> float:
        c0 = time.process_time()
        for gid, seq, kind, seat, data, finish in entries:
            await asyncio.sleep(gap_ms / 1000 * rng.uniform(0.5, 1.5))
            await db.log.append(gid, seq, kind, seat, data, finish)
        return (time.process_time() - c0) / len(entries) * 1e6

    def end(gid: str, a: int, b: int) -> tuple[str, int, str, int, dict, repo.Finish | None]:
        return gid, 3, "resign", 0, {}, repo.Finish("finished", {"winners": [1], "reason": "resign"}, 2, 0,
                                                    ((0, a), (1, b)), (1, 1))

    warm, *played = played  # the first game's end imports what the league reads (the games' registry)
    await db.log.append(warm[0], 2, "play", 1, MOVE)
    await db.log.append(*end(*warm))
    plain = await paced([(gid, 2, "play", 1, MOVE, None) for gid, _, _ in played])
    ends = await paced([end(gid, a, b) for gid, a, b in played])
    await db.dispose()
    return plain, ends


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--gap", type=float, default=1.6, help="mean ms between two entries (default 1.6)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--mode", choices=("friendly", "ranked"), default="friendly")
    args = p.parse_args(argv)
    from donjon.store import league

    tmp = tempfile.mkdtemp(prefix="donjon-settle-")
    plains, ends = [], []
    for rep in range(args.repeats):
        plain, end = uvloop.run(run(os.path.join(tmp, f"{rep}.sqlite3"), args.games, args.gap, rep, args.mode))
        plains.append(plain)
        ends.append(end)
        print(f"  plain {plain:6.0f} us  game's end {end:6.0f} us CPU per entry", flush=True)
    plain, end = statistics.median(plains), statistics.median(ends)
    print(f"{league.__file__}: {args.games} {args.mode} games, one entry every {args.gap:g} ms on average")
    print(f"plain entry {plain:.0f} us, game-ending entry {end:.0f} us CPU (medians of {args.repeats}): "
          f"the settlement {end - plain:.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
