"""Check every shipped puzzle: its line replays through the engine and the search still finds
no other first action that does as well (``PuzzleSource.check``, for UnfairChess
donjon/games/unfairchess/puzzles/solve.py).

    python3 bench/puzzles.py              # every puzzle of every game with puzzles
    python3 bench/puzzles.py --quick      # the first five of each game (--limit N: the first N)
    python3 bench/puzzles.py --game unfairchess --json

Exit status 1 if any puzzle fails its check. A mate in 2 is checked exhaustively (seconds
each); the whole UnfairChess set takes minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from donjon.games import games


def run(game: str | None, limit: int | None) -> dict[str, object]:
    out: dict[str, object] = {}
    for g in games():
        if g.info.puzzles is None or game not in (None, g.id):
            continue
        src = g.info.puzzles()
        puzzles = src.load()[:limit] if limit else src.load()
        start = time.process_time()
        failed = {}
        for p in puzzles:
            why = src.check(p)
            if why is not None:
                failed[p.id] = why
        out[g.id] = {"checked": len(puzzles), "failed": failed, "cpu_seconds": round(time.process_time() - start, 1)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game")
    ap.add_argument("--quick", action="store_true", help="the first five puzzles of each game")
    ap.add_argument("--limit", type=int, help="the first LIMIT puzzles of each game")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = run(args.game, 5 if args.quick else args.limit)
    if args.json:
        print(json.dumps(res))
    else:
        for gid, r in res.items():
            print(f"{gid}: {r['checked']} checked, {len(r['failed'])} failed, {r['cpu_seconds']} s CPU")  # type: ignore[index]
            for pid, why in r["failed"].items():  # type: ignore[index]
                print(f"  {pid}: {why}")
    return 1 if any(r["failed"] for r in res.values()) else 0  # type: ignore[index]


if __name__ == "__main__":
    sys.exit(main())
