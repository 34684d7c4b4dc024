"""``donjon selfplay GAME``: bots play whole games through the game protocol.

    donjon selfplay GAME --games 10 --seed 1 --bots random,random --json
    donjon selfplay GAME --players 3 --bots hard,easy,random --games 20 --save DIR
    donjon selfplay GAME --options '{"max_rounds": 5}' --games 50

The summary counts wins per seat (a cooperative game: the team's wins and losses), draws,
adjudicated games (stopped at ``--max-plies``), end reasons, errors, refused bot actions
and card plays; a game whose terminal UI declares ``selfplay_stats`` adds its own figures
under its id (:class:`~donjon.cli.terminal.SelfplayStats`). ``--options`` and the option
flags (:mod:`donjon.cli.options`) give the setup options, so any of them can be measured.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from donjon.bots import choose_and_apply
from donjon.cli.console import Console
from donjon.cli.options import add_option_flags, add_options_argument, options_from_args
from donjon.cli.terminal import Subparsers, bot_choices, find_game, make_bot, seat_label, terminal
from donjon.games import games, get_game
from donjon.games.info import OptionError
from donjon.games.protocol import Action, Game, IllegalAction


def add(sub: Subparsers) -> None:
    p = sub.add_parser("selfplay", help="bots play whole games", description="Bots play whole games through the Game interface.")
    infos = [g.info for g in games()]
    p.add_argument("game", help=f"game id: {', '.join(i.id for i in infos)}")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0, help="game i uses setup seed SEED+i")
    p.add_argument("--players", type=int, default=None,
                   help="seats (default the game's usual table; " + ", ".join(
                       f"{i.id} {i.min_seats}-{i.max_seats}" if i.min_seats < i.max_seats else f"{i.id} {i.min_seats}"
                       for i in infos) + ")")
    p.add_argument("--bots", default="random",
                   help="one bot for every seat or one per seat, comma-separated: a level of the game's own bots "
                        "(e.g. easy, normal, hard) or a registered bot name (e.g. random, greedy)")
    p.add_argument("--max-plies", type=int, default=400, help="adjudicate a draw after this many plies")
    add_options_argument(p)
    flags = add_option_flags(p, infos)
    p.add_argument("--save", metavar="DIR", help="write each game's record to DIR/game-SEED.json (replayable)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run_selfplay, option_flags=flags)


ACTIONS_PER_PLY_CAP = 20


@dataclass
class GameRun:
    """One finished self-play game."""

    record: dict[str, Any]
    state: Any
    plies: int
    outcome: dict[str, Any] | None
    adjudicated: bool
    error: str | None
    refusals: list[str]


def play_game(game: Game, bots: list[Any], seed: int, max_plies: int, rng: random.Random,
              options: dict[str, Any] | None = None, on_action: Callable[[Any, int, Action, Any], None] | None = None,
              players: int | None = None) -> GameRun:
    """Play one game with one bot per seat; stop at ``max_plies`` plies (turns).

    ``players`` is the seat count (default the game's minimum). A ply ends when the seats
    to act change (a card played before a move and that move are one ply). As a
    game where one seat acts alone never changes seats, the game is also adjudicated after
    ``ACTIONS_PER_PLY_CAP * max_plies`` actions. ``on_action(before, seat, action, after)`` is
    called after every action (tests check invariants there). Engine exceptions other than
    ``IllegalAction`` end the game and are returned in ``error``.
    """
    players = game.info.min_seats if players is None else players
    state = game.setup(players, seed, options)
    record: dict[str, Any] = {"game": game.id, "seed": seed, "players": players, "options": options or {}, "actions": []}
    plies = 0
    refusals: list[str] = []
    error = None
    while True:
        to_act = game.to_act(state)
        if not to_act or plies >= max_plies or len(record["actions"]) >= ACTIONS_PER_PLY_CAP * max_plies:
            break
        seat = to_act[0]
        try:
            action, new, refused = choose_and_apply(bots[seat % len(bots)], game, state, seat, rng)
        except Exception as e:  # an engine or bot failure: report it, do not hide it
            error = f"seed {seed} action {len(record['actions'])}: {type(e).__name__}: {e}"
            break
        if refused:
            refusals.append(f"seed {seed} action {len(record['actions'])}: {refused}")
        record["actions"].append({"seat": seat, "action": action})
        if on_action is not None:
            on_action(state, seat, action, new)
        if game.to_act(new) != to_act:
            plies += 1
        state = new
    out = game.outcome(state)
    return GameRun(record, state, plies, out.to_json() if out is not None else None,
                   out is None and error is None, error, refusals)


def selfplay(game_id: str, games: int, seed: int, bots: list[str], max_plies: int,
             save: str | None = None, players: int | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run ``games`` games and return the summary printed by ``donjon selfplay --json``.

    ``bots`` has one name per seat (or one for every seat); ``players`` defaults to the
    game's ``default_seats``. The game's own figures (its terminal's ``selfplay_stats``)
    come under the key of its id."""
    game = get_game(game_id)
    info = game.info
    seats = players if players is not None else info.default_seats
    if len(bots) == 1:
        bots = bots * seats
    bot_list = [make_bot(info, name) for name in bots]
    make_stats = terminal(info).selfplay_stats
    stats = make_stats(seats, dict(options or {})) if make_stats is not None else None
    wins = [0] * seats
    draws = adjudicated = plies = actions = no_winner = 0
    reasons: Counter[str] = Counter()
    card_plays: Counter[str] = Counter()
    errors: list[str] = []
    refusals: list[str] = []
    t0 = time.perf_counter()
    for i in range(games):
        run = play_game(game, bot_list, seed + i, max_plies, random.Random(f"selfplay:{seed}:{i}"), options or None,
                        players=seats)
        plies += run.plies
        actions += len(run.record["actions"])
        for entry in run.record["actions"]:
            a = entry["action"]
            if a.get("type") == "card":
                card_plays[str(a.get("card"))] += 1
        if run.error:
            errors.append(run.error)
            reasons["error"] += 1
        elif run.adjudicated:
            adjudicated += 1
            reasons["adjudicated"] += 1
        elif run.outcome is not None:
            reasons[run.outcome["reason"]] += 1
            if run.outcome["draw"]:
                draws += 1
            elif not run.outcome["winners"]:
                no_winner += 1
            for w in run.outcome["winners"]:
                wins[w] += 1
        refusals.extend(run.refusals)
        if stats is not None and run.error is None:
            stats.add(run.state, run.outcome)
        if save:
            Path(save).mkdir(parents=True, exist_ok=True)
            Path(save, f"game-{seed + i}.json").write_text(json.dumps(run.record), encoding="utf-8")
    seconds = time.perf_counter() - t0
    results: dict[str, Any] = {}
    if info.cooperative:
        results["team_wins"] = wins[0]  # every seat wins or loses together
        results["team_losses"] = no_winner
    else:
        results.update({f"{seat_label(info, s)}_wins": wins[s] for s in range(seats)})
        if no_winner:
            results["no_winner"] = no_winner
    results.update({"draws": draws, "adjudicated": adjudicated})
    results["by_reason"] = dict(sorted(reasons.items()))
    summary: dict[str, Any] = {
        "game": game_id,
        "players": seats,
        "options": options or {},
        "bots": [p.name for p in bot_list],
        "seed": seed,
        "max_plies": max_plies,
        "games": games,
        "plies": plies,
        "actions": actions,
        "seconds": round(seconds, 3),
        "plies_per_second": round(plies / seconds, 1) if seconds else None,
        "results": results,
        "adjudicated": adjudicated,
        "errors": {"count": len(errors), "first": errors[:5]},
        "refused": {"count": len(refusals), "first": refusals[:5]},
        "card_plays": dict(sorted(card_plays.items(), key=lambda kv: (-kv[1], kv[0]))),
    }
    if stats is not None:
        summary[game_id] = stats.summary()
    return summary


def run_selfplay(args: argparse.Namespace, console: Console) -> int:
    game = find_game(console, args.game)
    if game is None:
        return 2
    info = game.info
    players = args.players if args.players is not None else info.default_seats
    if not info.min_seats <= players <= info.max_seats:
        console.error(f"--players: {game.id} is played by {info.min_seats} to {info.max_seats} players")
        return 2
    try:
        options = options_from_args(args, info, args.option_flags)
    except OptionError as e:
        console.error(str(e))
        return 2
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    choices = bot_choices(info)
    if not names or any(n not in choices for n in names):
        console.error(f"--bots takes names among {', '.join(choices)}, e.g. random,greedy")
        return 2
    if len(names) not in (1, players):
        console.error(f"--bots takes one bot for every seat or one per seat ({players} names), not {len(names)}")
        return 2
    if args.games < 0 or args.max_plies < 0:
        console.error("--games and --max-plies must be >= 0")
        return 2
    try:
        game.setup(players, args.seed, options or None)
    except IllegalAction as e:
        console.error(f"bad setup options: {e.reason}")
        return 2
    except (TypeError, ValueError, KeyError) as e:
        console.error(f"bad setup options: {type(e).__name__}: {e}")
        return 2
    summary = selfplay(args.game, args.games, args.seed, names, args.max_plies, args.save, players, options)
    if args.json:
        console.json(summary)
        return 1 if summary["errors"]["count"] else 0
    console.print(f"{summary['games']} games, {summary['plies']} plies in {summary['seconds']}s "
                  f"({summary['plies_per_second']} plies/s), {players} players, bots {', '.join(summary['bots'])}")
    r = summary["results"]
    console.print("results: " + ", ".join(f"{k} {v}" for k, v in r.items() if k != "by_reason"))
    console.print("by reason: " + ", ".join(f"{k} {v}" for k, v in r["by_reason"].items()))
    make_stats = terminal(info).selfplay_stats
    if make_stats is not None and game.id in summary:
        for line in make_stats(players, options).lines(summary[game.id]):
            console.print(line)
    console.print(f"errors: {summary['errors']['count']}, refused bot actions: {summary['refused']['count']}")
    for msg in summary["errors"]["first"]:
        console.print(f"  {msg}")
    if summary["card_plays"]:
        console.print("card plays: " + ", ".join(f"{k} {v}" for k, v in summary["card_plays"].items()))
    return 1 if summary["errors"]["count"] else 0
