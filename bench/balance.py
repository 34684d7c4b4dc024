"""Citadel balance bench: the planner team's win rate per planner level, player count and difficulty.

    python3 bench/balance.py --games 500 --levels normal,hard --players 2,4 --out runs.jsonl
    python3 bench/balance.py --summarize runs.jsonl              # the table of a (stopped) run
    python3 bench/balance.py --games 50 --cells hard/2,normal/4  # only some cells
    python3 bench/balance.py --games 100 --levels normal --players 2 --minutes 30,5   # calibration

Every game is a team of :class:`~donjon.games.citadel.bots.CitadelPlannerBot` (one per seat,
all at the same level) against the Professor; game ``i`` of every cell uses setup seed
``--seed + i`` (the same seeds for every cell). ``--time-limit`` replaces the level's
per-decision time limit (``none``, the default here, makes the bench independent of the
machine's load: the level's beam/rollout budgets alone bound the search). The grid is
played interleaved (game ``i`` of every cell before game ``i + 1``), so a run stopped early
is balanced; ``--out`` appends every game's result as soon as it ends. ``--workers`` (default
1) processes play the games.

Prints, per cell (level, players) and difficulty, the wins, the win rate with its Wilson
95 % interval, the mean saved/lost counts and the game length in turns (one turn = one
character's turn, each followed by a Professor phase).

``--minutes BASE,PER_TYPE[,MAX]`` is for calibration only: it replaces every treasure tile's
minutes by ``min(MAX, BASE + PER_TYPE × its number of switch types)`` (MAX 55) in the bench
process; without it the rules' table (:data:`donjon.games.citadel.catalogue.TREASURES`) is
played.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from multiprocessing import Pool
from typing import Any

from donjon.games.citadel.bots import LEVELS, CitadelPlannerBot
from donjon.games.citadel.catalogue import DIFFICULTIES, TREASURES
from donjon.games.citadel.game import GAME
from donjon.stats import wilson

MAX_ACTIONS = 5000

Task = tuple[str, int, int, str, float | None]


def set_minutes(rule: str | None) -> str:
    """Replace the tiles' minutes by ``BASE,PER_TYPE[,MAX]`` (calibration); return the rule's name."""
    if not rule:
        return "table"
    parts = [int(x) for x in rule.split(",")]
    base, per = parts[0], parts[1]
    cap = parts[2] if len(parts) > 2 else 55
    for k, t in list(TREASURES.items()):
        TREASURES[k] = dataclasses.replace(t, minutes=min(cap, base + per * len(t.types)))
    return f"{base}+{per}xtypes<={cap}"


def play_one(task: Task) -> dict[str, Any]:
    """One game: (difficulty, seed, players, level, time limit) → result."""
    difficulty, seed, players, level, time_limit = task
    lv = LEVELS[level]
    st = GAME.setup(players, seed, {"difficulty": difficulty})
    bots = {s: CitadelPlannerBot(beam=lv.beam, depth=lv.depth, candidates=lv.candidates, rollouts=lv.rollouts,
                                 time_limit=time_limit) for s in range(players)}
    rng = random.Random(f"balance:{seed}")
    actions = 0
    t0 = time.perf_counter()
    while GAME.outcome(st) is None and actions < MAX_ACTIONS:
        seat = GAME.to_act(st)[0]
        st = GAME.apply(st, seat, bots[seat].choose(GAME, st, seat, rng))
        actions += 1
    out = GAME.outcome(st)
    return {"difficulty": difficulty, "seed": seed, "players": players, "level": level,
            "won": None if out is None else bool(out.winners),
            "saved": len(st.saved), "lost": len(st.lost), "turns": st.turn, "actions": actions,
            "characters": [c.id for c in st.chars], "seconds": time.perf_counter() - t0}


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(runs)
    wins = sum(1 for r in runs if r["won"])
    lo, hi = wilson(wins, n)
    mean = (lambda k: round(sum(r[k] for r in runs) / n, 2)) if n else (lambda k: 0.0)
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)], "saved_mean": mean("saved"), "lost_mean": mean("lost"),
            "turns_mean": mean("turns"), "turns_min": min((r["turns"] for r in runs), default=0),
            "turns_max": max((r["turns"] for r in runs), default=0),
            "unfinished": sum(1 for r in runs if r["won"] is None),
            "seconds_per_game": round(sum(r["seconds"] for r in runs) / n, 3) if n else 0.0}


def tasks_for(games: int, seed: int, cells: list[tuple[str, int]], difficulties: list[str],
              time_limit: float | None) -> list[Task]:
    return [(d, seed + i, p, lv, time_limit) for i in range(games) for lv, p in cells for d in difficulties]


def bench(games: int, seed: int, cells: list[tuple[str, int]], difficulties: list[str],
          time_limit: float | None = None, workers: int = 1, minutes: str = "table", progress: bool = False,
          out: str | None = None) -> dict[str, Any]:
    """Play ``games`` games per cell (level, players) and difficulty, interleaved; each result
    is also appended to ``out`` (JSON lines) as soon as it is known."""
    tasks = tasks_for(games, seed, cells, difficulties, time_limit)
    runs: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    sink = open(out, "a", encoding="utf-8") if out else None  # noqa: SIM115
    try:
        if workers > 1:
            with Pool(workers) as pool:
                _collect(pool.imap(play_one, tasks, chunksize=1), runs, sink, minutes, progress, len(tasks), t0)
        else:
            _collect(map(play_one, tasks), runs, sink, minutes, progress, len(tasks), t0)
    finally:
        if sink is not None:
            sink.close()
    res = summary(runs)
    res["seconds"] = round(time.perf_counter() - t0, 1)
    res["time_limit"] = time_limit
    return res


def _collect(it: Any, runs: list[dict[str, Any]], sink: Any, minutes: str, progress: bool, total: int,
             t0: float) -> None:
    for k, r in enumerate(it, 1):
        r["minutes"] = minutes
        runs.append(r)
        if sink is not None:
            sink.write(json.dumps(r) + "\n")
            sink.flush()
        if progress and k % 30 == 0:
            print(f"  {k}/{total} games, {time.perf_counter() - t0:.0f}s", file=sys.stderr, flush=True)


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per (minutes rule, level, players) cell and difficulty: :func:`summarize`."""
    cells: dict[str, dict[str, Any]] = {}
    keys = sorted({(r.get("minutes", "table"), r["level"], r["players"]) for r in runs},
                  key=lambda k: (k[0] != "table", k[0], list(LEVELS).index(k[1]), k[2]))
    for m, lv, p in keys:
        mine = [r for r in runs if r.get("minutes", "table") == m and r["level"] == lv and r["players"] == p]
        budget = LEVELS[lv]
        cells[f"{m}/{lv}/{p}"] = {
            "minutes": m, "level": lv, "players": p,
            "budget": {"beam": budget.beam, "depth": budget.depth, "candidates": budget.candidates,
                       "rollouts": budget.rollouts},
            "difficulties": {d: summarize(sorted((r for r in mine if r["difficulty"] == d), key=lambda r: r["seed"]))
                             for d in DIFFICULTIES if any(r["difficulty"] == d for r in mine)},
        }
    return {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "load_average_at_end": [round(x, 2) for x in os.getloadavg()], "cells": cells}


def table(res: dict[str, Any]) -> str:
    lines = ["| minutes | planner | players | difficulty | wins / games | win rate | 95 % interval | saved | lost "
             "| turns (mean, min–max) | s / game |",
             "|---|---|---:|---|---:|---:|---|---:|---:|---|---:|"]
    for cell in res["cells"].values():
        for d, s in cell["difficulties"].items():
            lo, hi = s["ci95"]
            lines.append(f"| {cell['minutes']} | {cell['level']} | {cell['players']} | {d} | {s['wins']}/{s['games']} "
                         f"| {100 * s['win_rate']:.1f} % | {100 * lo:.1f}–{100 * hi:.1f} % | {s['saved_mean']:.2f} "
                         f"| {s['lost_mean']:.2f} | {s['turns_mean']:.1f} ({s['turns_min']}–{s['turns_max']}) "
                         f"| {s['seconds_per_game']:.2f} |")
    return "\n".join(lines)


def _csv(text: str) -> list[str]:
    return [x for x in text.split(",") if x]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=500, help="games per cell and difficulty")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", default="2,4", help="comma-separated player counts (1-4)")
    p.add_argument("--levels", default="normal,hard", help=f"comma-separated planner levels ({', '.join(LEVELS)})")
    p.add_argument("--cells", default=None, metavar="LEVEL/PLAYERS,...",
                   help="play only these cells, e.g. hard/2,normal/4 (instead of levels x players)")
    p.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    p.add_argument("--time-limit", default="none", help="seconds per decision, or none (budgets only)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--minutes", default=None, metavar="BASE,PER_TYPE[,MAX]",
                   help="calibration only: tile minutes = min(MAX, BASE + PER_TYPE x switch types), MAX 55")
    p.add_argument("--out", default=None, help="append every game's result to this JSON-lines file as it ends")
    p.add_argument("--summarize", nargs="+", default=None, metavar="JSONL",
                   help="print the summary of (possibly interrupted) --out files instead of playing")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.summarize:
        runs = []
        for path in args.summarize:
            with open(path, encoding="utf-8") as f:
                runs += [json.loads(line) for line in f if line.strip()]
        res = summary(runs)
        res["games_in_files"] = len(runs)
    else:
        if args.cells:
            cells = [(c.split("/")[0], int(c.split("/")[1])) for c in _csv(args.cells)]
        else:
            cells = [(lv, int(n)) for lv in _csv(args.levels) for n in _csv(args.players)]
        bad = [f"{lv}/{n}" for lv, n in cells if lv not in LEVELS or not 1 <= n <= 4]
        if bad:
            p.error(f"unknown level or player count: {', '.join(bad)}")
        minutes = set_minutes(args.minutes)  # before the workers fork; the engine file is unchanged
        tl = None if args.time_limit == "none" else float(args.time_limit)
        res = bench(args.games, args.seed, cells, _csv(args.difficulties), tl, args.workers, minutes,
                    progress=True, out=args.out)
    if args.json:
        print(json.dumps(res))
    else:
        print(f"{res['date']}, {res.get('seconds', '?')} s, load {res['load_average_at_end']}")
        print(table(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
