"""Bots: programs that play any game through the :class:`~donjon.games.protocol.Game` interface.

``get_bot(name)`` returns a fresh bot; ``bot_names()`` lists the registered ones: the
generic ``random``, ``uniform`` and ``greedy``. A game's own bots (its levels ``easy``,
``normal``, ``hard``...) live in its package and are made by :func:`donjon.bots.levels.make_bot`.

A game may help the generic bots by overriding hooks of
:class:`~donjon.games.protocol.BaseGame` (each has a default that works for any game);
those given the bot's keyword options ignore the ones they do not know:

* ``random_action(state, seat, rng, **options) -> Action``: a random legal action, drawn
  without listing them all if the game can (:class:`RandomBot`);
* ``greedy_scores(state, seat, actions, rng, **options) -> list[tuple[float, Action]]``:
  one-turn scores of ``actions`` (:class:`GreedyBot`); by default ``evaluate`` of the
  state after each action;
* ``evaluate(state, seat) -> float``: how good ``state`` is for ``seat``, finished or not;
  by default 1 won, -1 lost, else 0.

They only ever see states the bot derived from ``game.determinize(state, seat, rng)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from donjon.bots.base import Bot, choose_and_apply
from donjon.bots.greedy import GreedyBot
from donjon.bots.random_bot import RandomBot, UniformBot

_REGISTRY: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "uniform": UniformBot,
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
