"""``donjon tournament GAME``: round-robin tournaments among bots, with a score table and Elo
estimates.

    donjon tournament GAME --bots random,easy,normal --games 10 [--players 3] [--json]
    python -m donjon.cli.tournament GAME --bots random,easy --games 10

A bot is named by a level of the game's own bots (``GameInfo.bot_levels``, e.g. ``easy``,
``normal``, ``hard``) or by any name of the bot registry (``random``, ``greedy``,
``uniform``...). Every pair plays ``games`` games, seats alternating, seeds ``seed``,
``seed + 1``, ...; with ``players`` > 2 every group of that size plays, seats rotating, and
each game counts as one result between every two seats (the better score wins). A
cooperative game has no opponent seat: each bot plays ``games`` games on every seat of the
team (``players`` seats, default the game's ``default_seats``) against the game itself, a
pseudo-player named by the terminal's ``opponent`` (default :data:`OPPONENT`; a won game
beats it).

A game stopped at ``max_actions`` (default its terminal's ``max_actions``) is adjudicated by
its terminal's ``adjudicate`` hook when it has one, else it is a draw (a lost game for a
cooperative team).

Elo: the logistic (Bradley–Terry) maximum-likelihood ratings of all results, draws counting
half, with one virtual draw per pair that met so that a perfect score stays finite (as
BayesElo's prior does); the first bot listed is 0. Error bars: standard errors from the
observed information of the model at the maximum, for every rating (relative to the first
bot) and every difference; 95 % intervals are ±1.96 standard errors. As a perfect score
bounds a difference only from below, each pairing also gets the Elo interval of its own
score's 95 % Wilson interval (``pair_elo_lo``/``pair_elo_hi``): the ladder's test.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from donjon.bots.base import Bot
from donjon.cli.console import Console
from donjon.cli.options import add_options_argument, parse_options_json, setup_options
from donjon.cli.terminal import GAME_OPPONENT, Subparsers, make_bot, terminal
from donjon.games import game_ids, get_game
from donjon.games.protocol import Game, IllegalAction
from donjon.stats import elo_interval, percentile

OPPONENT = GAME_OPPONENT
"""The name of the pseudo-player a cooperative team plays against, the game itself, unless
the game's terminal gives another."""


def build_bot(game_id: str, name: str, time_scale: float = 1.0) -> Bot:
    """A level of the game's bots, else a bot of the registry; ``time_scale`` multiplies its
    time budget (benchmarks that cannot afford the real one say so)."""
    bot = make_bot(get_game(game_id).info, name)
    limit = getattr(bot, "time_limit", None)
    if time_scale != 1.0 and isinstance(limit, (int, float)):
        bot.time_limit = limit * time_scale  # type: ignore[attr-defined]
    return bot


@dataclass
class GameResult:
    bots: list[str]
    """Bot name per seat (one name for a cooperative game)."""
    seed: int
    scores: list[float]
    """Per seat: 1 win, 0.5 draw, 0 loss (cooperative: the team's 1 or 0)."""
    reason: str
    actions: int
    think: dict[str, list[float]]
    refusals: int
    error: str | None = None


def _adjudicate(game: Game, state: Any, players: int) -> tuple[list[float], str]:
    """Scores and reason of a game stopped before its end: the terminal's ``adjudicate``
    outcome, else a draw."""
    hook = terminal(game.info).adjudicate
    out = hook(state) if hook is not None else None
    if out is None:
        return [0.5] * players, "adjudicated"
    if out.draw:
        return [0.5] * players, out.reason
    return [1.0 if s in out.winners else 0.0 for s in range(players)], out.reason


def play_one(game_id: str, names: Sequence[str], seed: int, max_actions: int | None = None,
             options: dict[str, Any] | None = None, time_scale: float = 1.0, players: int | None = None) -> GameResult:
    """One game, bot ``names[i]`` at seat ``i`` (one name for a cooperative game, on all
    ``players`` seats: default the game's ``default_seats``)."""
    game = get_game(game_id)
    cooperative = game.info.cooperative
    if not cooperative:
        players = len(names)
    elif players is None:
        players = game.info.default_seats
    bots = [build_bot(game_id, n, time_scale) for n in names]
    rng = random.Random(f"tournament:{game_id}:{seed}:{','.join(names)}")
    state = game.setup(players, seed, options)
    cap = max_actions or terminal(game.info).max_actions
    think: dict[str, list[float]] = {n: [] for n in names}
    refusals = 0
    actions = 0
    error = None
    while actions < cap:
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        idx = 0 if cooperative else seat
        bot = bots[idx]
        t0 = time.perf_counter()
        try:
            action = bot.choose(game, state, seat, rng)
        except Exception as e:  # a bot failure is reported, the game is lost for it
            error = f"{names[idx]}: {type(e).__name__}: {e}"
            break
        think[names[idx]].append(time.perf_counter() - t0)
        try:
            state = game.apply(state, seat, action)
        except IllegalAction:
            refusals += 1
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, rng.choice(legal))
        actions += 1
    out = game.outcome(state)
    if error is not None:
        loser = 0 if cooperative else seat
        scores = [0.0] * (1 if cooperative else players)
        if not cooperative:
            scores = [1.0 if s != loser else 0.0 for s in range(players)]
        return GameResult(list(names), seed, scores, "error", actions, think, refusals, error)
    if out is None:
        if cooperative:
            return GameResult(list(names), seed, [0.0], "adjudicated", actions, think, refusals)
        scores, reason = _adjudicate(game, state, players)
        return GameResult(list(names), seed, scores, reason, actions, think, refusals)
    if cooperative:
        return GameResult(list(names), seed, [1.0 if out.winners else 0.0], out.reason, actions, think, refusals)
    if out.draw:
        return GameResult(list(names), seed, [0.5] * players, out.reason, actions, think, refusals)
    return GameResult(list(names), seed, [1.0 if s in out.winners else 0.0 for s in range(players)], out.reason,
                      actions, think, refusals)


def _play_task(task: tuple[str, tuple[str, ...], int, int | None, dict[str, Any] | None, float, int]) -> GameResult:
    return play_one(*task)


def schedule(bots: Sequence[str], games: int, seed: int, players: int, cooperative: bool,
             pairings: Sequence[tuple[str, ...]] | None = None) -> list[tuple[str, ...]]:
    """The seatings of the tournament, one per game (seeds follow the list); ``pairings``
    restricts the round robin to those groups."""
    out: list[tuple[str, ...]] = []
    if cooperative:
        for b in bots:
            out += [(b,)] * games
        return out
    groups = list(pairings) if pairings is not None else list(itertools.combinations(bots, players))
    for group in groups:
        for g in range(games):
            k = g % players
            out.append(tuple(group[k:]) + tuple(group[:k]))
    return out


def pairwise(results: Sequence[GameResult], cooperative: bool, opponent: str = OPPONENT) -> list[tuple[str, str, float]]:
    """Every game as results between two players: (a, b, a's score); a cooperative game is
    the team's bot against ``opponent``."""
    out: list[tuple[str, str, float]] = []
    for r in results:
        if cooperative:
            out.append((r.bots[0], opponent, r.scores[0]))
            continue
        for i, j in itertools.combinations(range(len(r.bots)), 2):
            if r.bots[i] == r.bots[j]:
                continue
            si, sj = r.scores[i], r.scores[j]
            out.append((r.bots[i], r.bots[j], 1.0 if si > sj else 0.0 if si < sj else 0.5))
    return out


def fit_elo(names: Sequence[str], games: Sequence[tuple[str, str, float]], prior_draws: float = 1.0,
            iterations: int = 2000) -> dict[str, float]:
    """Logistic maximum-likelihood Elo ratings (draws half), ``prior_draws`` virtual draws per
    pair that met, centred on ``names[0]`` = 0."""
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    count = [[0.0] * k for _ in range(k)]
    for a, b, s in games:
        i, j = idx[a], idx[b]
        wins[i][j] += s
        wins[j][i] += 1.0 - s
        count[i][j] += 1
        count[j][i] += 1
    for i in range(k):
        for j in range(k):
            if i != j and count[i][j]:
                wins[i][j] += prior_draws / 2
                count[i][j] += prior_draws
    # Minorization-maximization for Bradley-Terry strengths (Hunter 2004).
    gamma = [1.0] * k
    for _ in range(iterations):
        delta = 0.0
        for i in range(k):
            w = sum(wins[i][j] for j in range(k) if j != i)
            denom = sum(count[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i and count[i][j])
            if denom <= 0 or w <= 0:
                continue
            new = w / denom
            delta = max(delta, abs(math.log(new / gamma[i])))
            gamma[i] = new
        norm = gamma[0]
        gamma = [g / norm for g in gamma]
        if delta < 1e-9:
            break
    return {n: 400.0 * math.log10(gamma[idx[n]]) for n in names}


def _invert(m: list[list[float]]) -> list[list[float]]:
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[piv][c]) < 1e-12:
            raise ValueError("singular information matrix")
        a[c], a[piv] = a[piv], a[c]
        f = a[c][c]
        a[c] = [x / f for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                g = a[r][c]
                a[r] = [x - g * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]


ELO_PER_NAT = 400.0 / math.log(10.0)


def elo_with_errors(names: Sequence[str], games: Sequence[tuple[str, str, float]],
                    prior_draws: float = 1.0) -> tuple[dict[str, dict[str, float]], dict[tuple[str, str], float]]:
    """Ratings (:func:`fit_elo`) with standard errors from the observed information of the
    logistic model at the maximum (the virtual draws included, as BayesElo does): per name
    ``elo``, ``sd``, ``lo``/``hi`` (±1.96 sd, relative to ``names[0]``); and the standard
    error of every difference ``(a, b)``."""
    ratings = fit_elo(names, games, prior_draws)
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    count = [[0.0] * k for _ in range(k)]
    for a, b, _ in games:
        count[idx[a]][idx[b]] += 1
        count[idx[b]][idx[a]] += 1
    theta = [ratings[n] / ELO_PER_NAT for n in names]
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and count[i][j]:
                nij = count[i][j] + prior_draws
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                w = nij * p * (1.0 - p)
                info[i][i] += w
                info[i][j] -= w
    cov = [[0.0] * k for _ in range(k)]
    if k > 1:
        try:
            inv = _invert([row[1:] for row in info[1:]])
            for i in range(1, k):
                for j in range(1, k):
                    cov[i][j] = inv[i - 1][j - 1]
        except ValueError:
            cov = [[math.inf] * k for _ in range(k)]
    out = {}
    for n in names:
        i = idx[n]
        sd = ELO_PER_NAT * math.sqrt(max(0.0, cov[i][i]))
        out[n] = {"elo": ratings[n], "sd": sd, "lo": ratings[n] - 1.96 * sd, "hi": ratings[n] + 1.96 * sd}
    diffs = {}
    for a in names:
        for b in names:
            if a != b:
                i, j = idx[a], idx[b]
                var = cov[i][i] + cov[j][j] - 2 * cov[i][j]
                diffs[(a, b)] = ELO_PER_NAT * math.sqrt(max(0.0, var))
    return out, diffs


def run_tournament(game_id: str, bots: Sequence[str], games: int, seed: int = 0, players: int | None = None,
                   workers: int = 1, max_actions: int | None = None, options: dict[str, Any] | None = None,
                   pairings: Sequence[tuple[str, ...]] | None = None, time_scale: float = 1.0) -> dict[str, Any]:
    """Play the round robin and return the table (see the module docstring).

    ``pairings`` (tuples of names) restricts the round robin, e.g. to neighbouring levels.
    ``players`` defaults to the game's ``default_seats``.
    Returns ``{"game", "bots", "games", "seed", "players", "table": [...], "pairs": [...],
    "think": {...}, "seconds", "errors"}``; each table row has ``bot``, ``played``, ``wins``,
    ``draws``, ``losses``, ``score`` (points), ``elo``, ``elo_lo``, ``elo_hi``, ``elo_sd``,
    sorted by Elo, best first.
    """
    game = get_game(game_id)
    info = game.info
    cooperative = info.cooperative
    if players is None:
        players = info.default_seats
    names = list(dict.fromkeys(bots))
    if len(names) < (1 if cooperative else 2):
        raise ValueError("a tournament needs at least two different bots")
    if not info.min_seats <= players <= info.max_seats:
        raise ValueError(f"{game_id} is played by {info.min_seats} to {info.max_seats} players")
    opponent = terminal(info).opponent
    if cooperative and opponent in names:
        raise ValueError(f"{opponent!r} names the game itself in a cooperative tournament")
    options = setup_options(info, options or {})
    for name in names:
        build_bot(game_id, name)  # an unknown name fails here, before any game
    t0 = time.perf_counter()
    seatings = schedule(names, games, seed, players, cooperative, pairings)
    tasks = [(game_id, s, seed + i, max_actions, options or None, time_scale, players) for i, s in enumerate(seatings)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_play_task, tasks, chunksize=1))
    else:
        results = [_play_task(t) for t in tasks]
    pw = pairwise(results, cooperative, opponent)
    everyone = names + ([opponent] if cooperative else [])
    ratings, diff_sd = elo_with_errors(everyone, pw)
    table: list[dict[str, Any]] = []
    for n in everyone:
        mine = [(s if a == n else 1.0 - s) for a, b, s in pw if n in (a, b)]
        table.append({
            "bot": n,
            "played": len(mine),
            "wins": sum(1 for s in mine if s == 1.0),
            "draws": sum(1 for s in mine if s == 0.5),
            "losses": sum(1 for s in mine if s == 0.0),
            "score": sum(mine),
            "elo": round(ratings[n]["elo"], 1),
            "elo_lo": round(ratings[n]["lo"], 1),
            "elo_hi": round(ratings[n]["hi"], 1),
            "elo_sd": round(ratings[n]["sd"], 1),
        })
    table.sort(key=lambda r: -float(r["elo"]))
    pairs = []
    for a, b in itertools.combinations(everyone, 2):
        res = [(s if x == a else 1.0 - s) for x, y, s in pw if {x, y} == {a, b}]
        if res:
            pairs.append({"a": a, "b": b, "games": len(res), "a_score": sum(res),
                          "a_wins": res.count(1.0), "draws": res.count(0.5), "b_wins": res.count(0.0),
                          "elo_diff": round(ratings[a]["elo"] - ratings[b]["elo"], 1),
                          "elo_diff_sd": round(diff_sd[(a, b)], 1),
                          **_pair_interval(sum(res), len(res))})
    think: dict[str, dict[str, float]] = {}
    for n in names:
        xs = [x for r in results for x in r.think.get(n, [])]
        think[n] = {"decisions": len(xs), "p50": percentile(xs, 0.5), "p95": percentile(xs, 0.95),
                    "max": max(xs) if xs else 0.0}
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    return {
        "game": game_id,
        "bots": names,
        "games": games,
        "seed": seed,
        "players": players,
        "options": options,
        "table": table,
        "pairs": pairs,
        "think": think,
        "reasons": reasons,
        "refusals": sum(r.refusals for r in results),
        "errors": [r.error for r in results if r.error],
        "time_scale": time_scale,
        "seconds": round(time.perf_counter() - t0, 2),
    }


def _pair_interval(score: float, n: int) -> dict[str, float]:
    elo, lo, hi = elo_interval(score, n, prior_draws=1)
    return {"pair_elo": round(elo, 1), "pair_elo_lo": round(lo, 1), "pair_elo_hi": round(hi, 1)}


def format_table(result: dict[str, Any]) -> str:
    lines = [f"{result['game']}: {len(result['bots'])} bots, {result['games']} games per pairing, "
             f"seed {result['seed']}, {result['seconds']} s"]
    lines.append(f"{'bot':<14} {'played':>6} {'W':>4} {'D':>4} {'L':>4} {'score':>7} {'Elo':>7}  {'95% interval':<17} "
                 f"{'think p50':>9} {'p95':>7}")
    for row in result["table"]:
        th = result["think"].get(row["bot"], {})
        think = f"{th.get('p50', 0):9.3f} {th.get('p95', 0):7.3f}" if th else f"{'-':>9} {'-':>7}"
        lines.append(f"{row['bot']:<14} {row['played']:>6} {row['wins']:>4} {row['draws']:>4} {row['losses']:>4} "
                     f"{row['score']:>7.1f} {row['elo']:>7.0f}  [{row['elo_lo']:>6.0f}, {row['elo_hi']:>6.0f}]  {think}")
    for p in result["pairs"]:
        lines.append(f"  {p['a']} vs {p['b']}: {p['a_wins']}-{p['draws']}-{p['b_wins']} ({p['games']} games), "
                     f"Elo difference {p['elo_diff']:+.0f} ± {1.96 * p['elo_diff_sd']:.0f}; from this pairing alone "
                     f"{p['pair_elo']:+.0f} [{p['pair_elo_lo']:+.0f}, {p['pair_elo_hi']:+.0f}]")
    if result["errors"]:
        lines.append(f"errors: {len(result['errors'])}: {result['errors'][:3]}")
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help=f"game id: {', '.join(game_ids())}")
    p.add_argument("--bots", required=True,
                   help="comma-separated: levels of the game's bots (e.g. easy,normal,hard) or bot names (e.g. random)")
    p.add_argument("--games", type=int, default=10, help="games per pairing (per bot for a cooperative game)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=None, help="seats per game (default the game's usual table)")
    p.add_argument("--workers", type=int, default=1, help="processes (the machine has 2 cores)")
    p.add_argument("--max-actions", type=int, default=None, help="adjudicate a game after this many actions")
    p.add_argument("--time-scale", type=float, default=1.0, help="multiply the bots' time budgets (benchmarks)")
    add_options_argument(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def add(sub: Subparsers) -> None:
    p = sub.add_parser("tournament", help="round-robin among bots: score table and Elo",
                       description="Round-robin among bots: score table and Elo.")
    add_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, console: Console) -> int:
    try:
        options = parse_options_json(args.options)
        result = run_tournament(args.game, args.bots.split(","), args.games, args.seed, args.players,
                                workers=args.workers, max_actions=args.max_actions, options=options,
                                time_scale=args.time_scale)
    except (KeyError, ValueError) as e:  # OptionError is a ValueError
        console.error(str(e.args[0] if e.args else e))
        return 2
    except IllegalAction as e:
        console.error(f"bad setup options: {e.reason}")
        return 2
    if args.json:
        console.json(result, indent=1)
    else:
        console.print(format_table(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m donjon.cli.tournament``: the same as ``donjon tournament``."""
    p = argparse.ArgumentParser(prog="donjon tournament", description="Round-robin among bots: score table and Elo.")
    add_arguments(p)
    return run(p.parse_args(argv), Console())


if __name__ == "__main__":
    raise SystemExit(main())
