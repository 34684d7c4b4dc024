"""A one-turn greedy player for any game: the best-scored legal action, ties at random."""

from __future__ import annotations

import random
from typing import Any

from donjon.games.protocol import Action, Game, IllegalAction


class GreedyBot:
    """Tries every legal action of its seat on one determinized state and keeps the best.

    The scores are the game's :meth:`~donjon.games.protocol.BaseGame.greedy_scores`: by
    default :meth:`~donjon.games.protocol.BaseGame.evaluate` of the state after each action
    (a game's own heuristic, else :func:`~donjon.games.protocol.outcome_value`: a win first,
    never a loss, else at random); a game may score its actions itself (e.g. a card and the
    move it adds counted as one line). The bot's keyword ``options`` go to that hook, and
    the game ignores the ones it does not know.
    """

    name = "greedy"

    def __init__(self, **options: Any) -> None:
        self.options = options

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        det = game.determinize(state, seat, rng)
        actions = game.legal_actions(det, seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no legal action")
        scored = self.scores(game, det, seat, actions, rng)
        top = max(s for s, _ in scored)
        return rng.choice([a for s, a in scored if s >= top - 1e-9])

    def scores(self, game: Game, det: Any, seat: int, actions: list[Action],
               rng: random.Random) -> list[tuple[float, Action]]:
        """``(score, action)`` for the ``actions`` of ``seat`` in the determinized ``det``."""
        return game.greedy_scores(det, seat, actions, rng, **self.options)
