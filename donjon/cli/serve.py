"""``donjon serve``: the web server (its parser and run live in :mod:`donjon.server.cli_serve`)."""

from __future__ import annotations

from donjon.cli.terminal import Subparsers


def add(sub: Subparsers) -> None:
    from donjon.server.cli_serve import add_parser

    add_parser(sub)
