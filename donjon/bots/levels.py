"""The bot a table gets for a game and a level: ``make_bot(game_id, level)``.

``random`` is every game's level; the others are the ones the game declares
(:attr:`GameInfo.bot_levels <donjon.games.info.GameInfo.bot_levels>`), made by its own
``make_bot`` (:meth:`GameInfo.bot <donjon.games.info.GameInfo.bot>`)::

    >>> from donjon.games import game_ids
    >>> game_id = game_ids()[0]
    >>> levels(game_id)
    ('random', 'easy', 'normal', 'hard')
    >>> make_bot(game_id, "random").name
    'random'
    >>> make_bot(game_id, "hard").name == f"{game_id}_hard"
    True
    >>> make_bot(game_id, "grandmaster")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    KeyError: "... has no bot level 'grandmaster'; levels: random, easy, normal, hard"
    >>> make_bot("nogame", "random")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    KeyError: "unknown game 'nogame'; known: ..."

A game's hard level thinks at most about a second per decision on a 2-core machine (p95,
see ``docs/benchmarks.md``), normal less, easy plays plausibly but can be beaten. Every bot
decides from ``game.determinize(state, seat, rng)`` only.
"""

from __future__ import annotations

from collections.abc import Callable

from donjon.bots.base import Bot
from donjon.bots.random_bot import RandomBot
from donjon.games import get_info

RANDOM = "random"
"""The level every game has: :class:`~donjon.bots.random_bot.RandomBot`."""

LEVEL_NAMES = (RANDOM, "easy", "normal", "hard")
"""``random`` and the levels a game declares unless it says otherwise; a game's own
levels are :func:`levels`."""


def levels(game_id: str) -> tuple[str, ...]:
    """The levels of ``game_id``: ``random``, then the ones it declares."""
    return (RANDOM, *(lv for lv in get_info(game_id).bot_levels if lv != RANDOM))


def make_bot(game_id: str, level: str) -> Bot:
    """A new bot playing ``game_id`` at ``level`` (one of :func:`levels`); ``KeyError`` for
    an unknown game or a level the game has not."""
    info = get_info(game_id)
    if level == RANDOM:
        return RandomBot()
    if level not in info.bot_levels:
        raise KeyError(f"{game_id} has no bot level {level!r}; levels: {', '.join(levels(game_id))}")
    return info.bot(level)


def level_factory(level: str) -> Callable[..., Bot]:
    """``factory(game=...)`` for :func:`donjon.bots.register_bot`: ``get_bot("hard", game=...)``."""

    def factory(game: str) -> Bot:
        return make_bot(game, level)

    return factory
