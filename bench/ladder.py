"""The bot ladder of every game: random < easy < normal < hard, with Elo and error bars.

    python bench/ladder.py                      # the run in docs/benchmarks.md, "Bot ladder"
    python bench/ladder.py --quick              # a smoke test (a minute)
    python bench/ladder.py --json out.json      # also write every figure as JSON

Two-player games (UnfairChess, Castel): the neighbouring levels play each other
(random–easy, easy–normal, normal–hard; ``--games`` games per pairing, seats alternating,
``--workers`` processes) and :func:`donjon.cli.tournament.run_tournament` fits Elo (random = 0)
with standard errors, and the Elo interval of each pairing's own score (Wilson 95 %): a
level is "separated" when that interval's lower end is above +100. ``--time-scale-GAME``
multiplies the bots' time budgets for that game when the real ones would not fit the run
(the table says so). Think time p50/p95 per level comes from the same games, and for a
scaled game also from ``--think-decisions`` decisions per level at the real budget.

Citadel (cooperative): each level plays ``--citadel-games`` games as the whole team on every
difficulty (:func:`donjon.games.citadel.balance.win_rates`, the same seeds for every level);
Elo is against the Professor at Normal difficulty.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from typing import Any

from donjon.bots.levels import make_bot
from donjon.cli.tournament import format_table, run_tournament
from donjon.games import get_game
from donjon.games.citadel.balance import win_rates
from donjon.stats import elo_interval, percentile

LEVELS = ["random", "easy", "normal", "hard"]
PAIRS = [("random", "easy"), ("easy", "normal"), ("normal", "hard")]


def think_times(game_id: str, level: str, decisions: int, seed: int) -> dict[str, float]:
    """p50/p95 of ``decisions`` decisions of ``level`` (at its real budget) against random."""
    game = get_game(game_id)
    bot = make_bot(game_id, level)
    other = make_bot(game_id, "random")
    rng = random.Random(seed)
    times: list[float] = []
    g = 0
    while len(times) < decisions:
        state = game.setup(2, seed + g)
        mine = g % 2
        g += 1
        for _ in range(2000):
            to_act = game.to_act(state)
            if not to_act or len(times) >= decisions:
                break
            seat = to_act[0]
            if seat == mine:
                t0 = time.perf_counter()
                action = bot.choose(game, state, seat, rng)
                times.append(time.perf_counter() - t0)
            else:
                action = other.choose(game, state, seat, rng)
            state = game.apply(state, seat, action)
    return {"decisions": len(times), "p50": percentile(times, 0.5), "p95": percentile(times, 0.95),
            "max": max(times) if times else 0.0}


def ladder_two_player(game_id: str, games: int, seed: int, workers: int, scale: float,
                      think_decisions: int) -> dict[str, Any]:
    result = run_tournament(game_id, LEVELS, games, seed, workers=workers, pairings=PAIRS, time_scale=scale)
    sep = []
    for a, b in PAIRS:
        p = next(x for x in result["pairs"] if {x["a"], x["b"]} == {a, b})
        # Orient from the stronger level's side.
        if p["a"] == b:
            lo, hi, est = p["pair_elo_lo"], p["pair_elo_hi"], p["pair_elo"]
            score = p["a_score"]
        else:
            lo, hi, est = -p["pair_elo_hi"], -p["pair_elo_lo"], -p["pair_elo"]
            score = p["games"] - p["a_score"]
        sep.append({"lower": a, "upper": b, "games": p["games"], "upper_score": score, "elo": est,
                    "elo_lo": lo, "elo_hi": hi, "separated_100": lo > 100})
    result["ladder"] = sep
    if scale != 1.0 and think_decisions:
        result["think_real"] = {lv: think_times(game_id, lv, think_decisions, seed + 7000)
                                for lv in ("easy", "normal", "hard")}
    return result


def ladder_citadel(games: int, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {"games": games, "levels": {}}
    for level in LEVELS:
        bot = make_bot("citadel", level)
        times: list[float] = []

        def policy(game: Any, st: Any, seat: int, rng: random.Random, bot: Any = bot, times: list[float] = times) -> Any:
            t0 = time.perf_counter()
            a = bot.choose(game, st, seat, rng)
            times.append(time.perf_counter() - t0)
            return a

        rates = win_rates(games, players=2, seed=seed, policy=policy)
        normal = rates["normal"]
        elo, lo, hi = elo_interval(normal["wins"], normal["games"], prior_draws=1)
        out["levels"][level] = {
            "win_rates": rates,
            "elo_vs_professor": elo, "elo_lo": lo, "elo_hi": hi,
            "think": {"decisions": len(times), "p50": percentile(times, 0.5), "p95": percentile(times, 0.95),
                      "max": max(times) if times else 0.0},
        }
    return out


def citadel_what_if(extra_minutes: int, games: int, seed: int, level: str = "hard") -> dict[str, Any]:
    """Win rates if every treasure had ``extra_minutes`` more (a proposed rule change): the
    minutes are patched in this process only, the engine is not changed."""
    import dataclasses

    from donjon.games.citadel import catalogue

    saved = dict(catalogue.TREASURES)
    try:
        for k, t in saved.items():
            catalogue.TREASURES[k] = dataclasses.replace(t, minutes=t.minutes + extra_minutes)
        bot = make_bot("citadel", level)
        rates = win_rates(games, players=2, seed=seed, policy=lambda g, s, seat, rng: bot.choose(g, s, seat, rng))
    finally:
        catalogue.TREASURES.update(saved)
    return {"extra_minutes": extra_minutes, "level": level,
            "win_rates": {k: {"wins": v["wins"], "games": v["games"]} for k, v in rates.items()}}


def markdown(res: dict[str, Any]) -> str:
    lines = []
    for game_id in ("unfairchess", "castel"):
        r = res.get(game_id)
        if r is None:
            continue
        lines.append(f"### {game_id} ({r['games']} games per pairing, time budgets ×{r['time_scale']}, "
                     f"{r['seconds']:.0f} s)")
        lines.append("")
        lines.append("| level | Elo | 95 % interval | games | W–D–L | think p50 | think p95 |")
        lines.append("|---|---:|---|---:|---|---:|---:|")
        for row in sorted(r["table"], key=lambda x: LEVELS.index(x["bot"])):
            th = r["think"][row["bot"]]
            lines.append(f"| {row['bot']} | {row['elo']:.0f} | [{row['elo_lo']:.0f}, {row['elo_hi']:.0f}] | "
                         f"{row['played']} | {row['wins']}–{row['draws']}–{row['losses']} | "
                         f"{th['p50'] * 1000:.0f} ms | {th['p95'] * 1000:.0f} ms |")
        lines.append("")
        lines.append("| pairing | upper's score | Elo (this pairing) | 95 % interval | ≥ 100 apart? |")
        lines.append("|---|---:|---:|---|---|")
        for s in r["ladder"]:
            lines.append(f"| {s['upper']} vs {s['lower']} | {s['upper_score']:g}/{s['games']} | {s['elo']:+.0f} | "
                         f"[{s['elo_lo']:+.0f}, {s['elo_hi']:+.0f}] | {'yes' if s['separated_100'] else 'no'} |")
        if "think_real" in r:
            lines.append("")
            lines.append("Think time at the real budgets (against random): " + ", ".join(
                f"{lv} p50 {t['p50'] * 1000:.0f} ms / p95 {t['p95'] * 1000:.0f} ms ({t['decisions']} decisions)"
                for lv, t in r["think_real"].items()))
        lines.append("")
    c = res.get("citadel")
    if c is not None:
        lines.append(f"### citadel ({c['games']} games per level and difficulty, 2 players)")
        lines.append("")
        lines.append("| level | Easy | Normal | Hard | Elo vs Professor (Normal) | think p50 | think p95 |")
        lines.append("|---|---:|---:|---:|---|---:|---:|")
        for lv in LEVELS:
            d = c["levels"][lv]
            wr = d["win_rates"]
            cells = " | ".join(f"{wr[k]['wins']}/{wr[k]['games']} ({100 * wr[k]['win_rate']:.0f} %)"
                               for k in ("easy", "normal", "hard"))
            lines.append(f"| {lv} | {cells} | {d['elo_vs_professor']:+.0f} [{d['elo_lo']:+.0f}, {d['elo_hi']:+.0f}] | "
                         f"{d['think']['p50'] * 1000:.1f} ms | {d['think']['p95'] * 1000:.0f} ms |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=16, help="games per pairing (UnfairChess)")
    p.add_argument("--castel-games", type=int, default=12, help="games per pairing (Castel)")
    p.add_argument("--citadel-games", type=int, default=40, help="games per level and difficulty (Citadel)")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--time-scale-unfairchess", type=float, default=1.0)
    p.add_argument("--time-scale-castel", type=float, default=1.0)
    p.add_argument("--think-decisions", type=int, default=40)
    p.add_argument("--games-only", default="unfairchess,castel,citadel", help="which games to run")
    p.add_argument("--citadel-what-if", default="",
                   help="comma-separated extra treasure minutes to measure with the hard planner (e.g. 5,10)")
    p.add_argument("--quick", action="store_true", help="a smoke test: 2 games per pairing, tiny budgets")
    p.add_argument("--json", default=None, help="also write the figures to this file")
    args = p.parse_args(argv)
    if args.quick:
        args.games = args.castel_games = 2
        args.citadel_games = 2
        args.time_scale_unfairchess = args.time_scale_castel = 0.1
        args.think_decisions = 4
    only = set(args.games_only.split(","))
    t0 = time.perf_counter()
    res: dict[str, Any] = {
        "date": subprocess.run(["date", "-u"], capture_output=True, text=True).stdout.strip(),
        "nproc": subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip(),
        "command": " ".join(["python", "bench/ladder.py", *(argv if argv is not None else sys.argv[1:])]),
    }
    if "unfairchess" in only:
        res["unfairchess"] = ladder_two_player("unfairchess", args.games, args.seed, args.workers,
                                               args.time_scale_unfairchess, args.think_decisions)
        print(format_table(res["unfairchess"]), flush=True)
    if "castel" in only:
        res["castel"] = ladder_two_player("castel", args.castel_games, args.seed, args.workers,
                                          args.time_scale_castel, args.think_decisions)
        print(format_table(res["castel"]), flush=True)
    if "citadel" in only:
        res["citadel"] = ladder_citadel(args.citadel_games, args.seed)
        res["citadel"]["what_if"] = [citadel_what_if(int(m), args.citadel_games, args.seed)
                                     for m in args.citadel_what_if.split(",") if m]
        for w in res["citadel"]["what_if"]:
            print(f"citadel what-if +{w['extra_minutes']} min ({w['level']}): "
                  + ", ".join(f"{k} {v['wins']}/{v['games']}" for k, v in w["win_rates"].items()))
    res["seconds"] = round(time.perf_counter() - t0, 1)
    print()
    print(markdown(res))
    print(f"total {res['seconds']} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
