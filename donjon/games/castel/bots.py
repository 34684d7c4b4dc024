"""Castel bots: a determinized turn search (normal, hard) and ISMCTS (easy).

Every level decides from ``game.determinize(state, seat, rng)`` samples only (the other hands'
unknown cards and every pile, its own included, resampled from what the seat sees). A
position is scored by :func:`castel_values`: the cards each seat still has to get rid of
(hand and pile), the game's own measure.

* ``turn`` search (hard). A Castel turn is two actions plus the choices a placed
  card's effect asks for. On each determinization the bot scores every legal action one
  ply ahead, keeps the ``width`` best, and for each of them tries every next action of the
  same turn (the rest of the turn, if any, is finished greedily); with ``replies`` > 0 the
  ``replies`` best ends of turn found under each first action are then scored after the
  next seat's best one-ply answer (the placement that hurts it most). Determinizations are
  repeated until the clock runs out; the first action with the best mean wins.
* ``greedy`` (normal): one action ahead on one determinization, scored by :func:`seat_value`
  (what the generic :class:`donjon.bots.greedy.GreedyBot` does with it); when an effect
  offers hundreds of target pairs, they are tried in random order until ``time_limit``.
* ``ismcts`` (:mod:`donjon.bots.ismcts`): the tree holds every action of the turn and the
  opponents' replies; a rollout plays a few more actions with a cheap policy (placing first).
  With ~100 root actions (64 exchanges) and ~100 iterations a second it barely tries each
  once, so it is the weak level.

Levels (:data:`LEVELS`): ``easy`` ISMCTS with 40 iterations, ``normal`` greedy (at most
0.25 s), ``hard`` the turn search for about 0.75 s per decision (greedy within the turn when the
clock stops before a first determinization is searched). Measured in ``docs/benchmarks.md``.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from donjon.bots.ismcts import ISMCTS, action_key
from donjon.games.protocol import Action, Game, IllegalAction

KIND_WEIGHT = {"place": 6.0, "effect": 1.0, "draw": 1.5, "exchange": 0.4, "skip": 0.3}
INF_TIME = float("inf")
SETTLE_CHOICES = 40
"""Effect choices tried when settling an effect inside the turn search."""
SCALE = 2.5
"""Cards of difference that make a position about 70/30."""


@dataclass(frozen=True)
class Level:
    time_limit: float | None
    iterations: int
    rollout_depth: int
    search: str = "ismcts"
    width: int = 8
    replies: int = 0


LEVELS = {
    "easy": Level(time_limit=0.05, iterations=40, rollout_depth=4),
    "normal": Level(time_limit=0.25, iterations=1, rollout_depth=0, search="greedy"),
    "hard": Level(time_limit=0.75, iterations=100_000, rollout_depth=0, search="turn", width=6, replies=2),
}
"""``iterations`` is the ISMCTS iteration cap, and the determinization cap of the turn search."""


class _Timeout(Exception):
    pass


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
    """A Castel bot (see the module docstring): ``search`` is ``"turn"``, ``"greedy"`` or
    ``"ismcts"``; ``time_limit`` seconds and/or ``iterations`` (ISMCTS iterations, or
    determinizations of the turn search) per decision."""

    name = "castel_mcts"

    def __init__(self, level: str | None = None, *, time_limit: float | None = 0.5, iterations: int = 100_000,
                 rollout_depth: int = 8, exploration: float = 0.7, search: str = "ismcts", width: int = 8,
                 replies: int = 0) -> None:
        if level is not None:
            lv = LEVELS[level]
            time_limit, iterations, rollout_depth = lv.time_limit, lv.iterations, lv.rollout_depth
            search, width, replies = lv.search, lv.width, lv.replies
            self.name = f"castel_{level}"
        if search not in ("turn", "greedy", "ismcts"):
            raise ValueError(f"unknown search {search!r}")
        self.time_limit = time_limit
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.search = search
        self.width = max(1, width)
        self.replies = replies
        self.last_iterations = 0
        self._deadline = INF_TIME

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        if seat not in game.to_act(state):
            raise IllegalAction(f"seat {seat} has no legal action")
        if self.search == "greedy":
            return self._greedy(game, game.determinize(state, seat, rng), seat, rng)
        if self.search == "turn":
            return self._turn_search(game, state, seat, rng)
        search = ISMCTS(game, state.players, castel_values, rollout_policy=rollout_policy,
                        rollout_depth=self.rollout_depth, exploration=self.exploration,
                        iterations=self.iterations, time_limit=self.time_limit)
        action, _ = search.run(state, seat, rng)
        self.last_iterations = search.done
        return action

    # ------------------------------------------------------------------ greedy

    def _greedy(self, game: Game, det: Any, seat: int, rng: random.Random) -> Action:
        actions = game.legal_actions(det, seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no legal action")
        deadline = INF_TIME if self.time_limit is None else time.perf_counter() + self.time_limit
        if len(actions) > 1 and deadline < INF_TIME:
            # Hundreds of choices (a two-target effect): tried in random order until the clock stops.
            actions = [actions[i] for i in sorted(range(len(actions)), key=lambda _: rng.random())]
        scored: list[tuple[float, Action]] = []
        for a in actions:
            if scored and time.perf_counter() > deadline:
                break
            scored.append((seat_value(game, game.apply(det, seat, a), seat), a))
        top = max(v for v, _ in scored)
        return rng.choice([a for v, a in scored if v >= top - 1e-9])

    # ------------------------------------------------------------------ turn search

    def _turn_search(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        start = time.perf_counter()
        self._deadline = INF_TIME if self.time_limit is None else start + self.time_limit
        det = game.determinize(state, seat, rng)
        actions = game.legal_actions(det, seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no legal action")
        self.last_iterations = 0
        if len(actions) == 1:
            return actions[0]
        main = _main_actions(det, seat, actions)
        # Candidates: the ``width`` best first actions, one action ahead (an exchange: with
        # the best placement of the card it takes), ties in a fixed order.
        first: list[tuple[float, str, Action]] = []
        try:
            for a in main:
                first.append((-self._first_value(game, det, seat, a), action_key(a), a))
        except _Timeout:
            if not first:
                return self._greedy(game, det, seat, rng)
        first.sort(key=lambda x: (x[0], x[1]))
        cands = [a for _, _, a in first[: self.width]]
        keys = [action_key(a) for a in cands]
        total = dict.fromkeys(keys, 0.0)
        done = 0
        try:
            while done < self.iterations:
                if done:
                    det = game.determinize(state, seat, rng)
                values = [self._line_value(game, _settle(game, game.apply(det, seat, a), seat, self), seat)
                          for a in cands]
                for k, v in zip(keys, values, strict=True):
                    total[k] += v
                done += 1
        except _Timeout:
            pass  # the determinization cut short counts for nothing
        self.last_iterations = done
        if not done:
            return cands[0]  # the best first action one action ahead
        return cands[max(range(len(cands)), key=lambda i: (total[keys[i]], -i))]

    def tick(self) -> None:
        if time.perf_counter() > self._deadline:
            raise _Timeout

    def _first_value(self, game: Game, det: Any, seat: int, a: Action) -> float:
        self.tick()
        nst = _settle(game, game.apply(det, seat, a), seat, self)
        if a["type"] != "exchange" or _turn_over(game, nst, seat):
            return seat_value(game, nst, seat)
        take = a["take"]
        best = seat_value(game, nst, seat)
        for b in game.legal_actions(nst, seat):
            if b["type"] == "place" and _kind(b["card"]) == _kind(take):
                best = max(best, seat_value(game, _settle(game, game.apply(nst, seat, b), seat, self), seat))
        return best

    def _line_value(self, game: Game, st: Any, seat: int) -> float:
        """The value for ``seat`` of the best way to finish its turn from ``st`` (every next
        placement tried), with the next seat's best answer to the ``replies`` best ends."""
        if _turn_over(game, st, seat):
            return self._after_reply(game, st, seat) if self.replies else seat_value(game, st, seat)
        ends: list[tuple[float, Any]] = [(seat_value(game, st, seat), st)]  # a draw or exchange: nobody's count moves
        for a in game.legal_actions(st, seat):
            if a["type"] in ("place", "effect", "skip"):
                self.tick()
                nst = _settle(game, game.apply(st, seat, a), seat, self)
                ends.append((seat_value(game, nst, seat), nst))
        if not self.replies:
            return max(v for v, _ in ends)
        ends.sort(key=lambda x: -x[0])
        best = -9.0
        for v, nst in ends[: self.replies]:
            if v <= best:
                break  # an answer never helps the seat: a worse end cannot win
            best = max(best, self._after_reply(game, nst, seat))
        return best

    def _after_reply(self, game: Game, st: Any, seat: int) -> float:
        """``st`` after the next seat's best placement (one action ahead, effects settled),
        from ``seat``'s side; the seat may still be acting in ``st`` (its draw or exchange,
        which moves no count, is then skipped)."""
        if game.outcome(st) is not None:
            return seat_value(game, st, seat)
        to_act = game.to_act(st)
        if not to_act:
            return seat_value(game, st, seat)
        if to_act[0] == seat:
            return seat_value(game, st, seat)  # its turn is not over (rare: an effect it could not settle)
        other = to_act[0]
        best_for_other = -9.0
        value = seat_value(game, st, seat)
        for a in game.legal_actions(st, other):
            if a["type"] != "place":
                continue  # drawing and exchanging change nobody's count
            self.tick()
            nst = _settle(game, game.apply(st, other, a), other, self)
            v = seat_value(game, nst, other)
            if v > best_for_other:
                best_for_other, value = v, seat_value(game, nst, seat)
        return value


def _kind(card: str) -> str:
    return card.rsplit("_", 1)[0] if card[-1:].isdigit() else card


def _main_actions(det: Any, seat: int, actions: list[Action]) -> list[Action]:
    """The actions worth comparing: every placement, effect choice and draw, and for each
    card of the exchange one exchange (giving the hand card with the fewest placements)."""
    places: dict[str, int] = {}
    for a in actions:
        if a["type"] == "place":
            places[_kind(a["card"])] = places.get(_kind(a["card"]), 0) + 1
    out: list[Action] = []
    by_take: dict[str, Action] = {}
    for a in actions:
        if a["type"] != "exchange":
            out.append(a)
            continue
        cur = by_take.get(a["take"])
        if cur is None or (places.get(_kind(a["give"]), 0), a["give"]) < (places.get(_kind(cur["give"]), 0), cur["give"]):
            by_take[a["take"]] = a
    return out + [by_take[k] for k in sorted(by_take)]


def _settle(game: Game, st: Any, seat: int, clock: CastelMCTSBot | None = None, limit: int = 6) -> Any:
    """Make ``seat``'s pending effect choices greedily (one action ahead each)."""
    for _ in range(limit):
        if clock is not None:
            clock.tick()
        if getattr(st, "pending", None) is None or _turn_over(game, st, seat):
            break
        actions = [a for a in game.legal_actions(st, seat) if a["type"] in ("effect", "skip")]
        if not actions:
            break
        if len(actions) > SETTLE_CHOICES:  # a two-target effect: an even spread of its choices
            step = len(actions) / SETTLE_CHOICES
            actions = [actions[int(i * step)] for i in range(SETTLE_CHOICES)]
        best_v = -9.0
        best_st = st
        for a in actions:
            nst = game.apply(st, seat, a)
            v = seat_value(game, nst, seat)
            if v > best_v:
                best_v, best_st = v, nst
        st = best_st
    return st


def seat_value(game: Game, st: Any, seat: int) -> float:
    """How good ``st`` is for ``seat``: 2 won, -1 lost, 0.5 a draw, else its
    :func:`castel_values` (the game's ``evaluate`` hook, used by the generic greedy bot)."""
    out = game.outcome(st)
    if out is not None:
        if seat in out.winners:
            return 2.0
        return 0.5 if out.draw else -1.0
    return castel_values(st)[seat]


def _turn_over(game: Game, st: Any, seat: int) -> bool:
    return game.outcome(st) is not None or seat not in game.to_act(st)
