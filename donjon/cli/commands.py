"""The ``donjon`` parser: the generic subcommands, then the games' own.

Each generic subcommand is a module of :mod:`donjon.cli` with ``add(subparsers)``, which
registers its parser with ``set_defaults(run=...)``; :data:`COMMANDS` lists them. A game adds
subcommands through its terminal's ``commands`` hook (:class:`~donjon.cli.terminal.Terminal`).
A ``run`` function takes the parsed arguments and a :class:`~donjon.cli.console.Console` and
returns the exit status.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from typing import IO

from donjon.cli.console import Console
from donjon.cli.terminal import Subparsers

COMMANDS: tuple[str, ...] = (
    "donjon.cli.cards",
    "donjon.cli.selfplay",
    "donjon.cli.replay",
    "donjon.cli.play",
    "donjon.cli.tournament",
    "donjon.cli.serve",
    "donjon.cli.puzzles",
    "donjon.cli.account",
    "donjon.cli.reports",
    "donjon.cli.notice",
)
"""The modules of the generic subcommands, each with ``add(subparsers)``, in help order."""


def game_commands() -> list[Callable[[Subparsers], None]]:
    """The ``commands`` hooks of the registered games' terminals."""
    from donjon.cli.terminal import terminal
    from donjon.games import games

    hooks = (terminal(g.info).commands for g in games())
    return [h for h in hooks if h is not None]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="donjon", description="donjon: board games refereed by a server.")
    parser.add_argument("--version", action="version", version="donjon 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(name).add(sub)
    for add in game_commands():
        add(sub)
    return parser


def main(argv: list[str] | None = None, stdin: IO[str] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    """Run the command line; returns the exit status (streams are injectable for tests)."""
    args = build_parser().parse_args(argv)
    console = Console(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    try:
        status: int = args.run(args, console)
    except BrokenPipeError:  # e.g. `donjon cards GAME | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return status
