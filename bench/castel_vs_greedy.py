"""Castel: one search bot against greedy bots (issue 5's bench).

    python bench/castel_vs_greedy.py                         # hard vs greedy, 2 players, 100 games
    python bench/castel_vs_greedy.py --players 3 --games 30  # hard vs two greedy bots
    python bench/castel_vs_greedy.py --bot normal --json out.json

``--bot`` (a level of :func:`donjon.bots.levels.make_bot`, default ``hard``) sits at seat
``g % players`` of game ``g`` (seats rotate), the other seats are ``greedy``
(:class:`donjon.bots.greedy.GreedyBot`: the action after which it is furthest ahead in cards
left, one action ahead). Seeds ``--seed``, ``--seed + 1``...; ``--workers`` processes.

Score per game, rank-based: the share of the greedy bots the search bot finishes ahead of
(fewer cards left in hand and pile; a tie counts half). With 2 players it is the usual
1 / ½ / 0. Printed: the mean score with its 95 % Wilson interval, the Elo difference both
imply, how games ended, and the search bot's think time p50/p95/max.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from donjon.bots import get_bot
from donjon.bots.base import choose_and_apply
from donjon.bots.levels import make_bot
from donjon.games import get_game
from donjon.stats import percentile, score_summary

MAX_ACTIONS = 3000


def play(task: tuple[str, int, int, int]) -> dict[str, Any]:
    level, players, index, seed = task
    game = get_game("castel")
    seat_of_bot = index % players
    bots = [make_bot("castel", level) if s == seat_of_bot else get_bot("greedy") for s in range(players)]
    rng = random.Random(f"castel_vs_greedy:{seed}:{index}")
    state = game.setup(players, seed + index)
    think: list[float] = []
    refusals = 0
    actions = 0
    while actions < MAX_ACTIONS:
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        t0 = time.perf_counter()
        _, state, refused = choose_and_apply(bots[seat], game, state, seat, rng)
        if seat == seat_of_bot:
            think.append(time.perf_counter() - t0)
        refusals += refused is not None
        actions += 1
    left = [state.cards_left(s) for s in range(players)]
    out = game.outcome(state)
    mine = left[seat_of_bot]
    others = [left[s] for s in range(players) if s != seat_of_bot]
    score = sum(1.0 if mine < o else 0.5 if mine == o else 0.0 for o in others) / len(others)
    won = out is not None and seat_of_bot in out.winners
    return {"index": index, "seat": seat_of_bot, "players": players, "score": score, "won": won,
            "reason": out.reason if out is not None else "cap", "left": left, "actions": actions,
            "refusals": refusals, "think": think}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bot", default="hard", help="level of the search bot (easy, normal, hard)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--json", default=None)
    args = p.parse_args(argv)
    load0 = os.getloadavg()
    start = time.time()
    tasks = [(args.bot, args.players, i, args.seed) for i in range(args.games)]
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for r in pool.map(play, tasks):
            results.append(r)
            print(f"game {r['index']} seat {r['seat']}: {r['score']:g} ({r['reason']}, left {r['left']})",
                  file=sys.stderr, flush=True)
    n = len(results)
    s = sum(r["score"] for r in results)
    think = [t for r in results for t in r["think"]]
    summary = {
        "bot": args.bot, "players": args.players, "games": n, "score": s, **score_summary(s, n),
        "wins": sum(r["won"] for r in results),
        "reasons": {k: sum(r["reason"] == k for r in results) for k in sorted({r["reason"] for r in results})},
        "refusals": sum(r["refusals"] for r in results),
        "think_p50": percentile(think, 0.5), "think_p95": percentile(think, 0.95),
        "think_max": max(think, default=0.0), "decisions": len(think),
        "seconds": time.time() - start, "load_start": load0[0], "load_end": os.getloadavg()[0],
    }
    print(f"castel: {args.bot} vs {args.players - 1} greedy, {n} games, seeds {args.seed}..{args.seed + n - 1}, "
          f"{summary['seconds']:.0f} s, load average {load0[0]:.1f} at start, {summary['load_end']:.1f} at end")
    print(f"score {s:g}/{n} = {100 * s / n:.1f} % "
          f"(95 % Wilson {100 * summary['wilson_lo']:.1f}–{100 * summary['wilson_hi']:.1f} %), "
          f"Elo {summary['elo']:+.0f} [{summary['elo_lo']:+.0f}, {summary['elo_hi']:+.0f}]; "
          f"won {summary['wins']} games; endings {summary['reasons']}; refusals {summary['refusals']}")
    print(f"think: p50 {1000 * summary['think_p50']:.0f} ms, p95 {1000 * summary['think_p95']:.0f} ms, "
          f"max {1000 * summary['think_max']:.0f} ms over {len(think)} decisions")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "summary": summary, "games": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
