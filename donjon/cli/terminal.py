"""What the command line knows of a game beyond its :class:`~donjon.games.info.GameInfo`.

A game with a terminal UI names its module in ``GameInfo.tui``; that module defines
``TERMINAL = Terminal(...)`` and is imported only when a subcommand needs it, so the
registry stays cheap and no module of :mod:`donjon.cli` imports a game. Every hook is
optional: a game without ``tui`` (or with an empty :class:`Terminal`) is played in the
terminal through :class:`~donjon.cli.menu.JsonPlay`, replayed as JSON lines, and counted by
the generic self-play summary.

The helpers here are how the subcommands reach a game: :func:`find_game`, :func:`terminal`,
:func:`make_bot` (a level of the game's own bots, else a registered bot),
:func:`seat_label`.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from donjon.bots import bot_names, get_bot
from donjon.games import get_game
from donjon.games.info import GameInfo
from donjon.games.protocol import Game, Outcome

if TYPE_CHECKING:
    from donjon.bots.base import Bot
    from donjon.cli.console import Console

Subparsers = Any
"""argparse's private ``_SubParsersAction``, as ``add_parser`` hooks receive it."""


class SelfplayStats(Protocol):
    """A game's own figures in the ``donjon selfplay`` summary, under the key ``info.id``."""

    def add(self, state: Any, outcome: dict[str, Any] | None) -> None:
        """Count one game that ended without error (``outcome``: ``Outcome.to_json()``, or
        None when it was adjudicated)."""

    def summary(self) -> dict[str, Any]:
        """The JSON object of the summary."""

    def lines(self, summary: dict[str, Any]) -> list[str]:
        """The text lines of such an object (``donjon selfplay`` without ``--json``); they
        depend on ``summary`` only, so a new instance may print another's summary."""


GAME_OPPONENT = "game"
"""The default :attr:`Terminal.opponent`."""


@dataclass(frozen=True)
class Terminal:
    """A game's terminal hooks, each optional.

    * ``play(args, console, options)``: run ``donjon play GAME``; ``options`` are the setup
      options already read from ``--options`` and the option flags. Without it the game is
      played in :class:`~donjon.cli.menu.JsonPlay`.
    * ``play_arguments(parser)``: add the game's own flags to ``donjon play GAME``.
    * ``default_bot``: the bots of ``donjon play`` unless ``--bot`` says otherwise; default
      the middle one of the game's bot levels, else ``random`` (:func:`default_bot`).
    * ``render(game, state, dump)``: the text lines ``donjon replay`` prints of a final state
      (``dump`` is the game's full dump); the command adds ``to_act`` and ``outcome``.
    * ``seat_label(seat)``: a short word for a seat in self-play results
      (``<label>_wins``); default the seat's English name in lower case, else ``seat<n>``.
    * ``selfplay_stats(seats, options)``: a new :class:`SelfplayStats` for one run.
    * ``commands(subparsers)``: subcommands of the game's own (each registered with
      ``set_defaults(run=...)`` as the generic ones are).
    * ``adjudicate(state)``: the outcome of a game that a tournament stopped after
      ``max_actions`` actions; None (or no hook): a draw.
    * ``opponent``: the name a tournament's table gives the game itself, which a
      cooperative team plays against.
    """

    play: Callable[[argparse.Namespace, Console, dict[str, Any]], int] | None = None
    play_arguments: Callable[[argparse.ArgumentParser], None] | None = None
    default_bot: str | None = None
    render: Callable[[Game, Any, dict[str, Any]], list[str]] | None = None
    seat_label: Callable[[int], str] | None = None
    selfplay_stats: Callable[[int, dict[str, Any]], SelfplayStats] | None = None
    commands: Callable[[Subparsers], None] | None = None
    adjudicate: Callable[[Any], Outcome | None] | None = None
    max_actions: int = 5000
    opponent: str = GAME_OPPONENT


NO_TERMINAL = Terminal()


def terminal(info: GameInfo) -> Terminal:
    """The game's :class:`Terminal` (imports ``info.tui``); an empty one without ``tui``."""
    if info.tui is None:
        return NO_TERMINAL
    found = getattr(importlib.import_module(info.tui), "TERMINAL", None)
    if not isinstance(found, Terminal):
        raise TypeError(f"{info.tui} defines no TERMINAL = Terminal(...)")
    return found


def find_game(console: Console, game_id: str) -> Game | None:
    """The registered game ``game_id``, or None after saying on stderr which ids exist."""
    try:
        return get_game(game_id)
    except KeyError as e:
        console.error(str(e.args[0]))
        return None


def bot_choices(info: GameInfo) -> list[str]:
    """What ``--bots``/``--bot`` accept for the game: its levels, then every registered bot."""
    return list(info.bot_levels) + [n for n in bot_names() if n not in info.bot_levels]


def make_bot(info: GameInfo, name: str) -> Bot:
    """A bot from a level of the game (``info.bot(name)``) or a registered bot name;
    raises ``KeyError``."""
    if name in info.bot_levels:
        return info.bot(name)
    return get_bot(name)


def default_bot(info: GameInfo) -> str:
    """The bot ``donjon play`` seats unless ``--bot`` says otherwise (see :class:`Terminal`)."""
    own = terminal(info).default_bot
    if own is not None:
        return own
    levels = info.bot_levels
    return levels[(len(levels) - 1) // 2] if levels else "random"


def seat_label(info: GameInfo, seat: int) -> str:
    """A short lower-case word for ``seat`` (see :attr:`Terminal.seat_label`)."""
    own = terminal(info).seat_label
    if own is not None:
        return own(seat)
    name = info.seat_name(seat)
    return name.lower() if name else f"seat{seat}"
