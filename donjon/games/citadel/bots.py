"""A Citadel team planner: search over the turn's actions, rollouts of the Professor's dice.

Citadel is cooperative: every seat runs the same planner for the character it controls.

* **Actions phase.** From ``game.determinize(state, seat, rng)`` (action decks, treasure
  stack, room deck and the future dice resampled), a beam search enumerates the sequences of
  the turn's actions (moves, doors, switches, rescues, the card, the power), merging
  sequences that reach the same table. Every prefix is a candidate "then end the actions".
  The ``candidates`` best candidates by the static value are then scored by ``rollouts``
  Professor phases each: the candidate is determinized again (fresh dice) and
  ``end_actions`` is applied, so pending cards (Frozen Hour, Stay Put...) and the danger of
  standing next to the Professor are valued by the dice themselves. The first action of the
  best sequence is played; the rest of the plan is kept and followed while the table is the
  one it expected.
* **Dice, Duck Out, Premonition, votes.** Every option is scored by Professor rollouts (or
  the static value) the same way.

The static value: saved and lost treasures, and for each live treasure how many actions
the team still needs to rescue it (every ON switch of its types to visit, the doors to open,
the way to its room, by the cheapest character) against the actions the team will get
before its marker is reached (3 per turn, taking turns, at about 6.5 minutes of clock per
Professor phase).

Levels (:data:`LEVELS`): ``easy`` the static value over a narrow beam and no rollouts,
``normal`` and ``hard`` wider beams and more rollouts.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from donjon.games.citadel.board import DOORS_OF, OUTSIDE, ROOM_IDS, WINDOW_ROOMS, other_side
from donjon.games.citadel.catalogue import TREASURES
from donjon.games.protocol import Action, Game, IllegalAction

WIN = 100_000.0
RESCUE = 1000.0
LOSS = 800.0
LIKELY = 350.0
"""A live treasure the team can surely rescue in time is worth this much."""
MINUTES_PER_PHASE = 6.5
"""The clock die averages 5.83 minutes and hourglass faces take some more."""
CHARACTER_ORDER = ("edward", "irene", "ada", "nathan", "destiny")
"""Who to pick first (measured: Edward and Irene win most often with this planner)."""


@dataclass(frozen=True)
class Level:
    beam: int
    depth: int
    candidates: int
    rollouts: int
    time_limit: float | None


LEVELS = {
    "easy": Level(beam=6, depth=4, candidates=1, rollouts=0, time_limit=0.05),
    "normal": Level(beam=30, depth=6, candidates=6, rollouts=6, time_limit=0.25),
    "hard": Level(beam=80, depth=7, candidates=14, rollouts=16, time_limit=0.8),
}


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


PROFESSOR_ROOM = 2
"""Extra cost of a way through the Professor's room (he will likely have moved on)."""


_STEPS: dict[str, tuple[tuple[str, str], ...]] = {
    room: tuple((door, other_side(door, room)) for door in DOORS_OF[room]) for room in ROOM_IDS
}
_WINDOWS = tuple(sorted(WINDOW_ROOMS))
_DIST_CACHE: dict[tuple[str, frozenset[str], str], dict[str, int]] = {}


def distances(st: Any, start: str) -> dict[str, int]:
    """Actions from ``start`` to every room: a move through an open door 1, through a closed
    one 2 (open, then move), a window from outside 1; the Professor's room costs
    :data:`PROFESSOR_ROOM` more. Cached by (start, open doors, Professor's room); the
    returned dict is shared: do not change it."""
    import heapq

    open_doors = st.open_doors
    prof = st.professor
    key = (start, frozenset(open_doors), prof)
    hit = _DIST_CACHE.get(key)
    if hit is not None:
        return hit
    dist: dict[str, int] = {start: 0}
    heap: list[tuple[int, str]] = [(0, start)]
    while heap:
        d, room = heapq.heappop(heap)
        if d > dist.get(room, 1 << 30):
            continue
        if room == OUTSIDE:
            steps = [(w, 1) for w in _WINDOWS]
        else:
            steps = [(nxt, 1 if door in open_doors else 2) for door, nxt in _STEPS[room]]
        for nxt, c in steps:
            nd = d + c + (PROFESSOR_ROOM if nxt == prof else 0)
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    if len(_DIST_CACHE) > 200_000:
        _DIST_CACHE.clear()
    _DIST_CACHE[key] = dist
    return dist


def rescue_cost(st: Any, colour: str, here: str, cache: dict[str, dict[str, int]] | None = None) -> int:
    """Actions for one character at ``here`` to rescue ``colour`` alone: reach and turn OFF
    every ON switch of its types (nearest first), then reach the treasure and rescue it."""
    cache = {} if cache is None else cache

    def dist(frm: str) -> dict[str, int]:
        d = cache.get(frm)
        if d is None:
            d = cache[frm] = distances(st, frm)
        return d

    types = TREASURES[st.treasures[colour].id].types
    todo = [r for r in ROOM_IDS if st.switch_on[r] and st.switch_type[r] in types]
    total, pos = 0, here
    while todo:
        dd = dist(pos)
        nxt = min(todo, key=lambda r: (dd.get(r, 99), r))
        total += dd.get(nxt, 99) + 1
        todo.remove(nxt)
        pos = nxt
    room = st.treasures[colour].room
    if pos != room:
        total += dist(pos).get(room, 99)
    return total + 1


def team_value(st: Any) -> float:
    """The static value of a table for the team (higher is better)."""
    res = st.result
    if res is not None:
        return (WIN if res.winners else -WIN) + RESCUE * len(st.saved) - LOSS * len(st.lost)
    v = RESCUE * len(st.saved) - LOSS * len(st.lost)
    chars = st.chars
    n = len(chars)
    if not n or st.phase == "choose":
        return v
    acting = st.phase == "actions"
    cache: dict[str, dict[str, int]] = {}
    for colour in sorted(st.treasures):
        phases = st.left(colour) / MINUTES_PER_PHASE
        best_margin = -99.0
        best_cost = 99
        for i, ch in enumerate(chars):
            cost = rescue_cost(st, colour, ch.room, cache)
            offset = (i - st.active) % n
            avail = 0.0
            k = offset
            while k < phases + (1 if acting else 0):
                avail += st.actions_left + st.switch_actions if (k == 0 and acting) else 3
                k += n
            best_margin = max(best_margin, avail - cost)
            best_cost = min(best_cost, cost)
        v += LIKELY * _sigmoid(best_margin / 1.5) - 4.0 * best_cost
    return v


def state_key(st: Any) -> tuple[Any, ...]:
    """What the rest of the turn depends on (two sequences reaching it are merged)."""
    return (
        st.phase, st.professor, frozenset(st.open_doors), tuple(sorted(st.switch_on.items())),
        tuple((c.room, c.face_up) for c in st.chars), st.actions_left, st.switch_actions, st.card_played,
        st.power_used, tuple(st.pending), st.override, tuple(sorted((k, t.id, t.room, t.pos) for k, t in st.treasures.items())),
        st.clock, len(st.saved), len(st.lost),
    )


class _Timeout(Exception):
    pass


class CitadelPlannerBot:
    """The team planner; see the module docstring. Parameters as in :class:`Level`."""

    name = "citadel_planner"

    def __init__(self, level: str | None = None, *, beam: int = 30, depth: int = 6, candidates: int = 6,
                 rollouts: int = 6, time_limit: float | None = 0.5) -> None:
        if level is not None:
            lv = LEVELS[level]
            beam, depth, candidates, rollouts, time_limit = lv.beam, lv.depth, lv.candidates, lv.rollouts, lv.time_limit
            self.name = f"citadel_{level}"
        self.beam = beam
        self.depth = depth
        self.candidates = candidates
        self.rollouts = rollouts
        self.time_limit = time_limit
        self._plan: list[tuple[tuple[Any, ...], Action]] = []
        self._deadline = math.inf

    # ------------------------------------------------------------------ entry point

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        det = game.determinize(state, seat, rng)
        legal = game.legal_actions(det, seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        self._deadline = math.inf if self.time_limit is None else time.perf_counter() + self.time_limit
        phase = det.phase
        if phase == "choose":
            return self._choose_character(legal)
        if phase == "actions":
            if self._plan and self._plan[0][0] == state_key(det) and self._plan[0][1] in legal:
                return self._plan.pop(0)[1]
            return self._plan_turn(game, det, seat, legal, rng)
        self._plan = []
        if phase == "vote":
            return self._vote(det, legal)
        return self._best_by_rollouts(game, det, seat, legal, rng)

    def _choose_character(self, legal: list[Action]) -> Action:
        for cid in CHARACTER_ORDER:
            for a in legal:
                if a.get("character") == cid:
                    return a
        return legal[0]

    def _vote(self, st: Any, legal: list[Action]) -> Action:
        # The character whose tile goes face up: the one acting soonest gets its power first.
        n = len(st.chars)
        order = sorted(range(n), key=lambda i: ((i - st.active) % n, i))
        for i in order[1:] + order[:1]:
            a = {"type": "vote", "choice": st.chars[i].id}
            if a in legal:
                return a
        return legal[0]

    # ------------------------------------------------------------------ the turn

    def _plan_turn(self, game: Game, det: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        ends: list[tuple[float, Any, list[Action]]] = [(team_value(det), det, [])]
        frontier: list[tuple[Any, list[Action]]] = [(det, [])]
        seen = {state_key(det)}
        try:
            for _ in range(self.depth):
                nxt: list[tuple[float, Any, list[Action]]] = []
                for st, seq in frontier:
                    for a in game.legal_actions(st, seat):
                        if a["type"] == "end_actions":
                            continue
                        self._check_time()
                        nst = game.apply(st, seat, a)
                        if nst.phase != "actions" or seat not in game.to_act(nst):
                            ends.append((team_value(nst), nst, seq + [a]))  # the turn goes on elsewhere
                            continue
                        key = state_key(nst)
                        if key in seen:
                            continue
                        seen.add(key)
                        val = team_value(nst)
                        nxt.append((val, nst, seq + [a]))
                        ends.append((val, nst, seq + [a]))
                if not nxt:
                    break
                nxt.sort(key=lambda x: -x[0])
                frontier = [(s, q) for _, s, q in nxt[: self.beam]]
        except _Timeout:
            pass
        ends.sort(key=lambda x: -x[0])
        best_seq: list[Action] = []
        if self.rollouts and len(ends) > 1:
            best_val = -math.inf
            for static, st, seq in ends[: self.candidates]:
                after = self._after_professor(game, st, seat, rng)
                val = static if after is None else after
                if val > best_val:
                    best_val, best_seq = val, seq
                if time.perf_counter() > self._deadline:
                    break
        else:
            best_seq = ends[0][2]
        if not best_seq:
            end = {"type": "end_actions"}
            return end if end in legal else legal[0]
        # Keep the plan: (expected table, action) pairs, followed while the table matches.
        self._plan = []
        st = game.apply(det, seat, best_seq[0])
        for a in best_seq[1:]:
            self._plan.append((state_key(st), a))
            try:
                st = game.apply(st, seat, a)
            except IllegalAction:
                break
        if best_seq and st.phase == "actions" and seat in game.to_act(st):
            self._plan.append((state_key(st), {"type": "end_actions"}))
        return best_seq[0]

    def _after_professor(self, game: Game, st: Any, seat: int, rng: random.Random) -> float | None:
        """Mean value after ending the actions, over ``rollouts`` fresh dice."""
        if st.result is not None:
            return team_value(st)
        total = 0.0
        done = 0
        for _ in range(self.rollouts):
            if done and time.perf_counter() > self._deadline:
                break
            d = game.determinize(st, seat, rng)
            if d.phase == "actions" and seat in game.to_act(d):
                d = game.apply(d, seat, {"type": "end_actions"})
            d = _settle(game, d, rng)
            total += team_value(d)
            done += 1
        return total / done if done else None

    def _best_by_rollouts(self, game: Game, det: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        best, best_val = legal[0], -math.inf
        for a in legal:
            vals = []
            for _ in range(max(1, self.rollouts)):
                d = game.determinize(det, seat, rng)
                try:
                    d = game.apply(d, seat, a)
                except IllegalAction:
                    break
                d = _settle(game, d, rng)
                vals.append(team_value(d))
                if time.perf_counter() > self._deadline:
                    break
            if vals and sum(vals) / len(vals) > best_val:
                best, best_val = a, sum(vals) / len(vals)
        return best

    def _check_time(self) -> None:
        if time.perf_counter() > self._deadline:
            raise _Timeout


def _settle(game: Game, st: Any, rng: random.Random, limit: int = 12) -> Any:
    """Finish a paused Professor phase with plain choices (keep the dice, first option)."""
    for _ in range(limit):
        if st.result is not None or st.phase in ("actions", "choose", "over"):
            return st
        to_act = game.to_act(st)
        if not to_act:
            return st
        seat = to_act[0]
        legal = game.legal_actions(st, seat)
        if not legal:
            return st
        keep = {"type": "keep"}
        st = game.apply(st, seat, keep if keep in legal else legal[0])
    return st

