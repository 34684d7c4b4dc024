"""Think time per game and level: p50 / p95 / max of a bot's decisions, in self-play.

    python bench/think.py                                   # 100 decisions per game and level
    python bench/think.py --games unfairchess --levels hard --decisions 300
    python bench/think.py --json out.json

Every seat of a game is played by the same level (a level's think time depends on the
positions it meets, and self-play gives it positions of its own strength); the decisions of
seat 0 are timed (``time.perf_counter`` around ``bot.choose``), one process, until
``--decisions`` are timed (new games as needed, setup seeds ``--seed``, ``--seed`` + 1, ...).
Issue 7's target: hard at most 1 s at p95 on the 2-core machine, normal less. The load
average at the start and the end is printed: a bot's budget is wall-clock time, so other
processes on the machine lengthen what is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from typing import Any

from donjon.bots.levels import LEVEL_NAMES, make_bot
from donjon.games import get_game

GAMES = ("unfairchess", "castel", "citadel")


def percentile(xs: list[float], p: float) -> float:
    """The ``p`` quantile of ``xs`` (nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, round(p * len(ys)) - 1))] if ys else float("nan")


def think(game_id: str, level: str, decisions: int, seed: int, max_plies: int = 400) -> list[float]:
    """Seconds of ``decisions`` decisions of seat 0 when every seat plays ``level``."""
    game = get_game(game_id)
    bots = [make_bot(game_id, level), make_bot(game_id, level)]
    rng = random.Random(seed)
    times: list[float] = []
    g = 0
    while len(times) < decisions:
        state = game.setup(2, seed + g)
        g += 1
        for _ in range(max_plies):
            to_act = game.to_act(state)
            if not to_act or len(times) >= decisions:
                break
            seat = to_act[0]
            t0 = time.perf_counter()
            action = bots[seat].choose(game, state, seat, rng)
            if seat == 0:
                times.append(time.perf_counter() - t0)
            state = game.apply(state, seat, action)
    return times


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    p.add_argument("--levels", nargs="+", default=[lv for lv in LEVEL_NAMES if lv != "random"],
                   choices=LEVEL_NAMES)
    p.add_argument("--decisions", type=int, default=100)
    p.add_argument("--seed", type=int, default=9000)
    p.add_argument("--json", default=None, help="write the figures to this file")
    args = p.parse_args(argv)
    print(f"date {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; nproc {os.cpu_count()}; "
          f"load average at start {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| game | level | decisions | p50 | p95 | max |")
    print("|---|---|---:|---:|---:|---:|")
    out: list[dict[str, Any]] = []
    for gid in args.games:
        for lv in args.levels:
            ts = think(gid, lv, args.decisions, args.seed)
            row = {"game": gid, "level": lv, "decisions": len(ts), "p50": percentile(ts, 0.5),
                   "p95": percentile(ts, 0.95), "max": max(ts), "load": os.getloadavg()[0]}
            out.append(row)
            print(f"| {gid} | {lv} | {len(ts)} | {row['p50'] * 1000:.0f} ms | {row['p95'] * 1000:.0f} ms | "
                  f"{row['max'] * 1000:.0f} ms |", flush=True)
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
