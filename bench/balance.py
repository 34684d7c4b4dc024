"""Citadel balance bench: the planner team's win rate per difficulty.

    python bench/balance.py --games 500 --level hard --workers 2 --json > /tmp/balance.json
    python bench/balance.py --games 500 --level hard --balance proposed   # the (non-rule) proposal

Every game is a team of :class:`~donjon.games.citadel.bots.CitadelPlannerBot` (one per seat,
all at ``--level``) against the Professor; game ``i`` of each difficulty uses setup seed
``--seed + i`` (the same seeds for every difficulty). ``--time-limit`` replaces the level's
per-decision time limit (``none``, the default here, makes the bench independent of the
machine's load: the level's beam/rollout budgets alone bound the search). Games run in
``--workers`` processes. Prints, per difficulty, the win rate with its Wilson 95 % interval,
the mean saved/lost counts and the game length in turns (one turn = one character's turn,
each followed by a Professor phase).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from multiprocessing import Pool
from typing import Any

from donjon.games.citadel.bots import LEVELS, CitadelPlannerBot
from donjon.games.citadel.catalogue import BALANCE_EXTRA_MINUTES, DIFFICULTIES
from donjon.games.citadel.game import GAME
from donjon.stats import wilson

MAX_ACTIONS = 5000


def play_one(task: tuple[str, int, int, str, float | None, str | None]) -> dict[str, Any]:
    """One game: (difficulty, seed, players, level, time limit, balance option) → result."""
    difficulty, seed, players, level, time_limit, balance = task
    lv = LEVELS[level]
    options: dict[str, Any] = {"difficulty": difficulty}
    if balance:
        options["balance"] = balance
    st = GAME.setup(players, seed, options)
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
    return {"difficulty": difficulty, "seed": seed, "won": None if out is None else bool(out.winners),
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


def bench(games: int, seed: int, players: int, level: str, time_limit: float | None, workers: int,
          difficulties: list[str], balances: list[str | None] | None = None, progress: bool = False,
          out: str | None = None) -> dict[str, Any]:
    """Play ``games`` games per (rules, difficulty), interleaved (game i of every rules and
    difficulty before game i + 1), so a run stopped early is balanced; each result is also
    appended to ``out`` (JSON lines) as soon as it is known."""
    balances = balances or [None]
    tasks = [(d, seed + i, players, level, time_limit, b) for i in range(games) for b in balances for d in difficulties]
    runs: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    sink = open(out, "a", encoding="utf-8") if out else None  # noqa: SIM115
    try:
        with Pool(workers) as pool:
            for k, r in enumerate(pool.imap(play_one, tasks, chunksize=1), 1):
                r["balance"] = tasks[k - 1][5] or "spec"
                r["level"] = level
                runs.append(r)
                if sink is not None:
                    sink.write(json.dumps(r) + "\n")
                    sink.flush()
                if progress and k % 30 == 0:
                    print(f"  {k}/{len(tasks)} games, {time.perf_counter() - t0:.0f}s", file=sys.stderr, flush=True)
    finally:
        if sink is not None:
            sink.close()
    res = summary(runs, level, players, seed)
    res["seconds"] = round(time.perf_counter() - t0, 1)
    res["budget"]["time_limit"] = time_limit
    return res


def summary(runs: list[dict[str, Any]], level: str, players: int, seed: int) -> dict[str, Any]:
    """Per rules (``spec`` or a balance option) and difficulty: :func:`summarize`."""
    lv = LEVELS[level]
    by: dict[str, dict[str, Any]] = {}
    for bal in sorted({r["balance"] for r in runs}, key=lambda b: (b != "spec", b)):
        mine = [r for r in runs if r["balance"] == bal]
        by[bal] = {"extra_minutes": BALANCE_EXTRA_MINUTES.get(bal),
                   "difficulties": {d: summarize(sorted((r for r in mine if r["difficulty"] == d), key=lambda r: r["seed"]))
                                    for d in DIFFICULTIES if any(r["difficulty"] == d for r in mine)}}
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "players": players, "level": level, "seed": seed,
        "budget": {"beam": lv.beam, "depth": lv.depth, "candidates": lv.candidates, "rollouts": lv.rollouts},
        "rules": by,
    }


def table(res: dict[str, Any]) -> str:
    lines = ["| rules | difficulty | wins | win rate | 95 % interval | saved | lost | turns (mean, min–max) |",
             "|---|---|---:|---:|---|---:|---:|---|"]
    for bal, block in res["rules"].items():
        for d, s in block["difficulties"].items():
            lo, hi = s["ci95"]
            extra = f" (+{block['extra_minutes'][d]} min)" if block.get("extra_minutes") else ""
            lines.append(f"| {bal}{extra} | {d} | {s['wins']}/{s['games']} | {100 * s['win_rate']:.1f} % "
                         f"| {100 * lo:.1f}–{100 * hi:.1f} % | {s['saved_mean']:.2f} | {s['lost_mean']:.2f} "
                         f"| {s['turns_mean']:.1f} ({s['turns_min']}–{s['turns_max']}) |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=500, help="games per difficulty (and per rules)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=2, choices=[1, 2, 3, 4])
    p.add_argument("--level", default="normal", choices=sorted(LEVELS))
    p.add_argument("--time-limit", default="none", help="seconds per decision, or none (budgets only)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    p.add_argument("--balance", default="spec",
                   help="comma-separated rules to measure: spec (the rules) and/or the engine's off-by-default "
                        "balance option values (e.g. spec,proposed)")
    p.add_argument("--extra-minutes", default=None,
                   help="calibration only: replace the proposal's extra minutes, e.g. easy=10,normal=5,hard=0")
    p.add_argument("--out", default=None, help="append every game's result to this JSON-lines file as it ends")
    p.add_argument("--summarize", default=None, metavar="JSONL",
                   help="print the summary of a (possibly interrupted) --out file instead of playing")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.extra_minutes:  # patched before the workers fork; the engine file is unchanged
        BALANCE_EXTRA_MINUTES["proposed"] = {k: int(v) for k, v in (kv.split("=") for kv in args.extra_minutes.split(","))}
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as f:
            runs = [json.loads(line) for line in f if line.strip()]
        res = summary(runs, runs[0]["level"] if runs else args.level, args.players, args.seed)
        res["games_in_file"] = len(runs)
    else:
        tl = None if args.time_limit == "none" else float(args.time_limit)
        balances: list[str | None] = [None if b == "spec" else b for b in args.balance.split(",") if b]
        res = bench(args.games, args.seed, args.players, args.level, tl, args.workers,
                    [d for d in args.difficulties.split(",") if d], balances, progress=True, out=args.out)
    if args.json:
        print(json.dumps(res))
    else:
        print(f"{res['date']}, {res['players']} players, planner {res['level']} {res['budget']}, "
              f"{res.get('seconds', '?')} s, load {res['load_average_at_end']}")
        print(table(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
