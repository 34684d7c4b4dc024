"""Information-set Monte Carlo tree search over any :class:`~donjon.games.protocol.Game`.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): every iteration draws a fresh
``game.determinize(state, seat, rng)`` (the hidden parts resampled from what the seat sees),
walks one shared tree keyed by the actions' JSON, choosing among the children that are legal
in *this* determinization by UCB1 with availability counts, expands one untried action,
finishes with a short rollout and backs up one reward per seat.

The game-specific parts are passed in: ``evaluate(state) -> list[float]`` (one value in
[0, 1] per seat, used when a rollout stops before the end) and ``rollout_policy(actions,
state, rng) -> action``. The search stops at ``iterations`` or at ``time_limit`` seconds,
whichever comes first; with ``time_limit=None`` the choice is a pure function of the
determinizations, hence of the seat's view and the rng.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from donjon.games.protocol import Action, Game

Evaluate = Callable[[Any], list[float]]
RolloutPolicy = Callable[[list[Action], Any, random.Random], Action]


def action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def uniform_policy(actions: list[Action], state: Any, rng: random.Random) -> Action:
    return rng.choice(actions)


class Node:
    __slots__ = ("action", "seat", "children", "visits", "avail", "value")

    def __init__(self, action: Action | None, seat: int) -> None:
        self.action = action
        self.seat = seat
        """The seat that played ``action`` to reach this node."""
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0


def outcome_rewards(game: Game, state: Any, players: int) -> list[float] | None:
    """Per-seat rewards of a finished game: 1 for a winner, 0 for a loser, 0.5 for a draw."""
    out = game.outcome(state)
    if out is None:
        return None
    if out.draw or not (out.winners or out.losers):
        return [0.5] * players
    share = 1.0 if len(out.winners) == 1 else 0.75
    return [share if s in out.winners else 0.0 for s in range(players)]


def next_turn(game: Game, state: Any) -> tuple[int, list[Action]] | None:
    """The seat that plays next in ``state`` and its legal actions; ``None`` when nobody can."""
    to_act = game.to_act(state)
    if not to_act:
        return None
    actions = game.legal_actions(state, to_act[0])
    return (to_act[0], actions) if actions else None


@dataclass(eq=False)
class ISMCTS:
    """One search; :meth:`run` returns the most visited root action and the root statistics."""

    game: Game
    players: int
    evaluate: Evaluate
    _: KW_ONLY
    rollout_policy: RolloutPolicy = uniform_policy
    rollout_depth: int = 12
    exploration: float = 0.7
    iterations: int = 1000
    time_limit: float | None = None
    done: int = field(default=0, init=False)
    """The iterations of the last :meth:`run`."""

    def run(self, state: Any, seat: int, rng: random.Random) -> tuple[Action, dict[str, tuple[int, float]]]:
        game = self.game
        root = Node(None, seat)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        first_actions: list[Action] = []
        self.done = 0
        while self.done < self.iterations:
            if deadline is not None and self.done and time.perf_counter() > deadline:
                break
            det = game.determinize(state, seat, rng)
            if not self.done:
                first_actions = game.legal_actions(det, seat)
                if len(first_actions) == 1:
                    return first_actions[0], {}
            self._iterate(root, det, rng)
            self.done += 1
        if not root.children:
            return rng.choice(first_actions), {}
        stats = {k: (c.visits, c.value / max(1, c.visits)) for k, c in root.children.items()}
        best = max(root.children.values(), key=lambda c: (c.visits, c.value / max(1, c.visits), action_key(c.action or {})))
        assert best.action is not None
        return best.action, stats

    def _iterate(self, root: Node, st: Any, rng: random.Random) -> None:
        game = self.game
        node = root
        path = [root]
        while (turn := next_turn(game, st)) is not None:
            actor, actions = turn
            keyed = {action_key(a): a for a in actions}
            untried = [k for k in keyed if k not in node.children]
            for k in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                k = rng.choice(untried)
                child = Node(keyed[k], actor)
                child.avail = 1
                node.children[k] = child
                st = game.apply(st, actor, keyed[k])
                path.append(child)
                break
            best_score = -1.0
            best_child: Node | None = None
            for k in keyed:
                c = node.children[k]
                score = c.value / c.visits + self.exploration * math.sqrt(math.log(max(1, c.avail)) / c.visits)
                if score > best_score:
                    best_score, best_child = score, c
            assert best_child is not None and best_child.action is not None
            node = best_child
            st = game.apply(st, actor, best_child.action)
            path.append(node)
        rewards = self._rollout(st, rng)
        for n in path:
            n.visits += 1
            if n is not root:
                n.value += rewards[n.seat]

    def _rollout(self, st: Any, rng: random.Random) -> list[float]:
        game = self.game
        for _ in range(self.rollout_depth):
            done = outcome_rewards(game, st, self.players)
            if done is not None:
                return done
            turn = next_turn(game, st)
            if turn is None:
                break
            actor, actions = turn
            st = game.apply(st, actor, self.rollout_policy(actions, st, rng))
        done = outcome_rewards(game, st, self.players)
        return done if done is not None else self.evaluate(st)
