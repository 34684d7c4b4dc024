"""``donjon play GAME``: a person against (or with) bots in the terminal.

Every registered game is a sub-command of ``play`` with the same flags: ``--seat`` (yours),
``--players`` (default the smallest table), ``--bot`` (the other seats: a level of the game's
bots or a registered bot name), ``--seed``, ``--options JSON`` and one flag per declared table
option; a game's terminal UI may add its own (``donjon play GAME --help``). The game's
:attr:`~donjon.cli.terminal.Terminal.play` runs the session, most often on
:func:`play_setup` and a :class:`~donjon.cli.menu.MenuPlay`; a game without one is played
in :class:`~donjon.cli.menu.JsonPlay`.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from typing import Any

from donjon.cli.console import Console
from donjon.cli.menu import JsonPlay
from donjon.cli.options import add_option_flags, add_options_argument, options_from_args
from donjon.cli.terminal import Subparsers, default_bot, make_bot, terminal
from donjon.games import games, get_game
from donjon.games.info import GameInfo, OptionError
from donjon.games.protocol import Game, IllegalAction


def add(sub: Subparsers) -> None:
    p = sub.add_parser("play", help="play against bots in the terminal",
                       description="Play against bots, or with bot teammates in a cooperative game. "
                                   "Type 'help' in the game.")
    per_game = p.add_subparsers(dest="game", metavar="GAME", required=True)
    for game in games():
        add_game(per_game, game.info)


def seats_text(info: GameInfo, players: int | None = None) -> str:
    """``0 (White) or 1 (Black)``; ``0 to 3`` for seats without names."""
    n = info.max_seats if players is None else players
    if info.seat_names and n == len(info.seat_names):
        return " or ".join(f"{s} ({info.seat_name(s)})" for s in range(n))
    return f"0 to {n - 1}"


def add_game(sub: Subparsers, info: GameInfo) -> None:
    """``donjon play <info.id>`` with the common flags and the game's own."""
    term = terminal(info)
    p = sub.add_parser(info.id, help=_summary(info), description=f"Play {info.name()} in the terminal.")
    p.add_argument("--seat", type=int, default=0, help=f"your seat: {seats_text(info)} (default 0)")
    levels = f"level ({', '.join(info.bot_levels)}) or " if info.bot_levels else ""
    p.add_argument("--bot", default=None, help=f"the other seats' {levels}bot name (default {default_bot(info)})")
    seats = f"{info.min_seats}" if info.min_seats == info.max_seats else f"{info.min_seats}-{info.max_seats}"
    p.add_argument("--players", type=int, default=None, help=f"seats, {seats} (default {info.min_seats})")
    p.add_argument("--seed", type=int, default=None, help="deal seed (random if omitted)")
    add_options_argument(p)
    flags = add_option_flags(p, [info])
    if term.play_arguments is not None:
        term.play_arguments(p)
    p.set_defaults(run=run_play, option_flags=flags)


def _summary(info: GameInfo) -> str:
    return info.summary.get("en") or info.name()


def run_play(args: argparse.Namespace, console: Console) -> int:
    game = get_game(args.game)
    try:
        options = options_from_args(args, game.info, args.option_flags)
    except OptionError as e:
        console.error(str(e))
        return 2
    play = terminal(game.info).play
    if play is not None:
        return play(args, console, options)
    return play_json(args, console, options)


@dataclass
class PlaySetup:
    """What :func:`play_setup` settled."""

    players: int
    seed: int
    bots: dict[int, Any]
    """A bot per seat that is not the person's."""
    state: Any


def play_setup(args: argparse.Namespace, console: Console, game: Game, options: dict[str, Any] | None,
               default_players: int | None = None) -> PlaySetup | None:
    """The checks and setup of ``donjon play``: ``--players`` (``default_players`` when omitted,
    else the game's smallest table) within the game's range, ``--seat`` one of them, the seed
    (``--seed`` or a random one), a bot of ``--bot`` (default the terminal's ``default_bot``)
    on every other seat and the first state. None after saying on stderr what is wrong (the
    caller exits 2)."""
    info = game.info
    if default_players is None:
        default_players = info.min_seats
    players = args.players if args.players is not None else default_players
    if not info.min_seats <= players <= info.max_seats:
        console.error(f"--players: {info.name()} is played by {info.min_seats} to {info.max_seats} players")
        return None
    if not 0 <= args.seat < players:
        console.error(f"--seat is {seats_text(info, players)}")
        return None
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    bot_name = args.bot or default_bot(info)
    try:
        bots = {s: make_bot(info, bot_name) for s in range(players) if s != args.seat}
        state = game.setup(players, seed, options or None)
    except KeyError as e:
        console.error(str(e.args[0]))
        return None
    except IllegalAction as e:
        console.error(e.reason)
        return None
    return PlaySetup(players, seed, bots, state)


def play_json(args: argparse.Namespace, console: Console, options: dict[str, Any]) -> int:
    """``donjon play`` for a game without a terminal UI of its own (:class:`JsonPlay`)."""
    game = get_game(args.game)
    setup = play_setup(args, console, game, options)
    if setup is None:
        return 2
    who = game.info.seat_name(args.seat)
    console.print(f"Seed {setup.seed}. {game.info.name()}, {setup.players} players: you are seat {args.seat}"
                  + (f" ({who})" if who else "") + ". Type 'help' for commands.")
    return JsonPlay(game, setup.state, {args.seat}, setup.bots, random.Random(setup.seed), console).run()
