"""Bots: programs that play any game through the :class:`~donjon.games.protocol.Game` interface.

``get_bot(name)`` returns a fresh bot; ``bot_names()`` lists the registered ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from donjon.bots.base import Bot, choose_and_apply
from donjon.bots.castel_mcts import CastelMCTSBot
from donjon.bots.citadel_planner import CitadelPlannerBot
from donjon.bots.greedy import GreedyBot
from donjon.bots.random_bot import RandomBot, UniformBot
from donjon.bots.unfairchess_search import UnfairChessSearchBot

_REGISTRY: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "uniform": UniformBot,
    "unfairchess_search": UnfairChessSearchBot,
    "castel_mcts": CastelMCTSBot,
    "citadel_planner": CitadelPlannerBot,
}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory(**options)`` available as ``get_bot(name)``."""
    _REGISTRY[name] = factory


def get_bot(name: str, **options: Any) -> Bot:
    """A new bot called ``name``; raises ``KeyError`` naming the known bots."""
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(bot_names())}") from None
    return factory(**options)


def bot_names() -> list[str]:
    return sorted(_REGISTRY)


__all__ = ["Bot", "GreedyBot", "RandomBot", "UniformBot", "bot_names", "choose_and_apply", "get_bot", "register_bot"]
