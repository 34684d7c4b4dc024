"""Random players: cheap ones for self-play, fuzzing and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from donjon.games.protocol import Action, Game, IllegalAction


class RandomBot:
    """A random legal action, decided from the determinized state: the game's
    :meth:`~donjon.games.protocol.BaseGame.random_action` (by default a uniformly random
    legal action; a game whose legal list is long to build draws one without listing them
    all). The bot's keyword ``options`` (e.g. ``card_prob``, the share of turns a card is
    tried first) go to that hook, which ignores the ones it does not know.
    """

    name = "random"

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        det = game.determinize(state, seat, rng)
        return game.random_action(det, seat, rng, **self.options)


class UniformBot:
    """A uniformly random action among *all* legal actions (slow: lists every targeting)."""

    name = "uniform"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        det = game.determinize(state, seat, rng)
        actions = game.legal_actions(det, seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no legal action")
        return rng.choice(actions)
