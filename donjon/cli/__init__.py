"""The ``donjon`` command line.

Subcommands (``donjon COMMAND --help`` for each)::

    donjon cards GAME [--json] [CARD ...]          a game's card catalogue
    donjon selfplay GAME --games 10 --seed 1 --bots random,random [--players N] [--options JSON] [--json]
    donjon replay RECORD.json [--upto N] [--json]  replay a game record, print the final state
    donjon play GAME [--players N] [--seat S] [--bot LEVEL] [--seed N] [--options JSON]
    donjon tournament GAME --bots a,b,c --games N [--json]   round-robin among bots, with Elo
    donjon serve                                   the web server
    donjon account password|logout|close NAME      set a player's password, end their sessions, close the account
    donjon account mute|unmute NAME [--days N]     refuse a player's chat lines for N days, or no more
    donjon reports [list|show ID|close ID...]      read and close what players reported
    donjon notice [show|post TEXT|clear]           the operators' notice at the top of every page

and the subcommands a game adds through its terminal UI. ``--bots``/``--bot`` take a level
of the game's own bots (``GameInfo.bot_levels``) or a registered bot name (``random``,
``greedy``...). Every table option a game declares also has a flag of its name on
``selfplay`` and ``play`` (:mod:`donjon.cli.options`).

One module per job: :mod:`~donjon.cli.commands` (the parser and :func:`main`),
:mod:`~donjon.cli.console` and :mod:`~donjon.cli.menu` (terminal plumbing),
:mod:`~donjon.cli.terminal` (the hooks a game's terminal UI declares),
:mod:`~donjon.cli.cards`, :mod:`~donjon.cli.selfplay`, :mod:`~donjon.cli.replay`,
:mod:`~donjon.cli.play`, :mod:`~donjon.cli.tournament`, :mod:`~donjon.cli.account`, :mod:`~donjon.cli.reports`, :mod:`~donjon.cli.notice`. No module here imports a game:
they reach games through the registry and ``GameInfo`` (a game's terminal UI is the
module ``GameInfo.tui``, imported when needed).
"""

from __future__ import annotations

from donjon.cli.commands import COMMANDS, build_parser, main
from donjon.cli.console import Console
from donjon.cli.menu import MenuPlay
from donjon.cli.replay import ReplayError, replay

__all__ = ["COMMANDS", "Console", "MenuPlay", "ReplayError", "build_parser", "main", "replay"]
