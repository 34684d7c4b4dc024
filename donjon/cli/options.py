"""Setup options from the command line: ``--options JSON`` and one flag per declared table
option.

``--options '{"max_rounds": 1}'`` hands any setup option to ``game.setup``. Each table option
a game declares (a :class:`~donjon.games.info.Choice` in ``GameInfo.options``) also gets a
flag of its name, ``--NAME VALUE``, whose values are the declared ones; a flag overrides the
same key of ``--options``. :func:`setup_options` checks the declared options and fills in
their defaults; the others are left for ``game.setup`` to judge.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Mapping
from typing import Any

from donjon.games import games
from donjon.games.info import Choice, GameInfo, OptionError


def option_flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def option_dest(name: str) -> str:
    return f"option_{name}"


def add_options_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--options", metavar="JSON",
                        help='setup options as a JSON object, e.g. \'{"max_rounds": 1}\' (the game decides which it takes)')


def add_option_flags(parser: argparse.ArgumentParser, infos: Iterable[GameInfo]) -> list[str]:
    """A ``--NAME`` flag for every table option the games declare (values: the union of
    theirs); returns the option names that got one. A name that would shadow a flag of
    ``parser`` gets none (``--options`` still sets it)."""
    declared: dict[str, list[tuple[GameInfo, Choice]]] = {}
    for info in infos:
        for opt in info.options:
            declared.setdefault(opt.name, []).append((info, opt))
    added = []
    for name, owners in declared.items():
        values = list(dict.fromkeys(v for _, opt in owners for v in opt.values))
        by_game = "; ".join(f"{info.name()}: {', '.join(opt.values)}, default {opt.default}" for info, opt in owners)
        title = owners[0][1].title.get("en", name)
        try:
            parser.add_argument(option_flag(name), dest=option_dest(name), choices=values, default=None,
                                help=f"{title} ({by_game})")
        except argparse.ArgumentError:
            continue
        added.append(name)
    return added


def parse_options_json(text: str | None) -> dict[str, Any]:
    """The object ``--options`` gives; :class:`OptionError` for bad JSON or another value."""
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError as e:
        raise OptionError(f"--options is a JSON object: {e}") from None
    if not isinstance(value, dict):
        raise OptionError(f"--options is a JSON object, not {type(value).__name__} {text.strip()[:40]}")
    return value


def setup_options(info: GameInfo, given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` with the game's declared table options checked and their defaults filled in
    (first, in declared order); other keys follow unchanged. Raises :class:`OptionError`."""
    declared = {k: v for k, v in given.items() if info.option(k) is not None}
    return {**info.validate_options(declared), **{k: v for k, v in given.items() if k not in declared}}


def options_from_args(args: argparse.Namespace, info: GameInfo, flags: Iterable[str]) -> dict[str, Any]:
    """The setup options of ``args`` for the game: ``--options`` then the option flags
    (``flags``: the option names that have one), checked by :func:`setup_options`. Raises
    :class:`OptionError`, e.g. for a flag the game does not declare."""
    given = parse_options_json(getattr(args, "options", None))
    for name in flags:
        value = getattr(args, option_dest(name), None)
        if value is None:
            continue
        if info.option(name) is None:
            owners = [g.id for g in games() if g.info.option(name) is not None]
            raise OptionError(f"{option_flag(name)} is for {' and '.join(owners) or 'no game'} only")
        given[name] = value
    return setup_options(info, given)
