"""The bot a table gets for a game and a level: ``make_bot(game_id, level)``.

Levels are ``random``, ``easy``, ``normal`` and ``hard`` for every game::

    >>> make_bot("unfairchess", "hard").name
    'unfairchess_hard'
    >>> make_bot("castel", "easy").name
    'castel_easy'
    >>> sorted(LEVEL_NAMES)
    ['easy', 'hard', 'normal', 'random']

Hard thinks at most about a second per decision on a 2-core machine (p95, see
``docs/benchmarks.md``), normal less, easy plays plausibly but can be beaten. Every bot
decides from ``game.determinize(state, seat, rng)`` only.
"""

from __future__ import annotations

from collections.abc import Callable

from donjon.bots.base import Bot
from donjon.bots.castel_mcts import CastelMCTSBot
from donjon.bots.citadel_planner import CitadelPlannerBot
from donjon.bots.random_bot import RandomBot
from donjon.bots.unfairchess_search import UnfairChessSearchBot

LEVEL_NAMES = ("random", "easy", "normal", "hard")
GAME_IDS = ("unfairchess", "castel", "citadel")


def make_bot(game_id: str, level: str) -> Bot:
    """A new bot playing ``game_id`` at ``level`` (one of :data:`LEVEL_NAMES`)."""
    if level not in LEVEL_NAMES:
        raise KeyError(f"unknown level {level!r}; levels: {', '.join(LEVEL_NAMES)}")
    if game_id not in GAME_IDS:
        raise KeyError(f"no bot levels for game {game_id!r}; games: {', '.join(GAME_IDS)}")
    if level == "random":
        return RandomBot()
    if game_id == "unfairchess":
        return UnfairChessSearchBot(level)
    if game_id == "castel":
        return CastelMCTSBot(level)
    return CitadelPlannerBot(level)


def level_factory(level: str) -> Callable[..., Bot]:
    """``factory(game=...)`` for :func:`donjon.bots.register_bot`: ``get_bot("hard", game="castel")``."""

    def factory(game: str = "unfairchess") -> Bot:
        return make_bot(game, level)

    return factory
