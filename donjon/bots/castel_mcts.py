"""A Castel bot: information-set MCTS over the two-action turn (:mod:`donjon.bots.ismcts`).

Each iteration resamples what the seat cannot see (the other hands' unknown cards and every
pile, its own included) with ``game.determinize``; the tree holds every action of the turn
(draw, exchange, place, and the choices a placed card's effect asks for), so a turn's two
actions and their effects are searched together, then the opponents' replies. A rollout
plays a few more actions with a cheap policy (placing first) and the position is scored by
the cards each seat still has to get rid of (hand and pile), the game's own measure.

Levels (:data:`LEVELS`): ``easy`` a few dozen iterations, ``normal`` about 0.2 s, ``hard``
about 0.75 s per decision.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from donjon.bots.ismcts import ISMCTS
from donjon.games.protocol import Action, Game, IllegalAction

KIND_WEIGHT = {"place": 6.0, "effect": 1.0, "draw": 1.5, "exchange": 0.4, "skip": 0.3}
SCALE = 2.5
"""Cards of difference that make a position about 70/30."""


@dataclass(frozen=True)
class Level:
    time_limit: float | None
    iterations: int
    rollout_depth: int


LEVELS = {
    "easy": Level(time_limit=0.05, iterations=40, rollout_depth=4),
    "normal": Level(time_limit=0.2, iterations=100_000, rollout_depth=8),
    "hard": Level(time_limit=0.75, iterations=100_000, rollout_depth=8),
}


def castel_values(st: Any) -> list[float]:
    """Per seat, in [0, 1]: how far ahead it is in cards left (hand + pile)."""
    n = st.players
    left = [st.cards_left(s) for s in range(n)]
    out = []
    for s in range(n):
        others = min(left[o] for o in range(n) if o != s)
        out.append(1.0 / (1.0 + math.exp(-(others - left[s]) / SCALE)))
    return out


def rollout_policy(actions: list[Action], state: Any, rng: random.Random) -> Action:
    """A kind of action by weight (placing first), then one of that kind uniformly."""
    groups: dict[str, list[Action]] = {}
    for a in actions:
        groups.setdefault(a["type"], []).append(a)
    kinds = sorted(groups)
    weights = [KIND_WEIGHT.get(k, 1.0) for k in kinds]
    kind = rng.choices(kinds, weights)[0]
    return rng.choice(groups[kind])


class CastelMCTSBot:
    """ISMCTS for Castel; ``time_limit`` seconds and/or ``iterations`` per decision."""

    name = "castel_mcts"

    def __init__(self, level: str | None = None, *, time_limit: float | None = 0.5, iterations: int = 100_000,
                 rollout_depth: int = 8, exploration: float = 0.7) -> None:
        if level is not None:
            lv = LEVELS[level]
            time_limit, iterations, rollout_depth = lv.time_limit, lv.iterations, lv.rollout_depth
            self.name = f"castel_{level}"
        self.time_limit = time_limit
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.last_iterations = 0

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        if seat not in game.to_act(state):
            raise IllegalAction(f"seat {seat} has no legal action")
        search = ISMCTS(game, state.players, castel_values, rollout_policy=rollout_policy,
                        rollout_depth=self.rollout_depth, exploration=self.exploration,
                        iterations=self.iterations, time_limit=self.time_limit)
        action, _ = search.run(state, seat, rng)
        self.last_iterations = search.done
        return action
