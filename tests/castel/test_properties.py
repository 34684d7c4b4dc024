"""Property tests in Castel's own terms: actions of every type with random cards, squares,
slots and targets, and effect targets drawn from the cards in play, in hand and in the
exchange. ``GAME.apply`` either raises :class:`IllegalAction` with a non-empty reason and
leaves the state unchanged, or accepts an action that ``legal_actions`` lists (up to
equivalent copies: two Soldiers of a hand are one choice).

The game-independent cases (random dicts, wrong types, mutated legal actions, wrong seats,
every listed action applies) are checked on every game by ``tests/games/test_conformance.py``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from donjon.games.castel import GAME
from donjon.games.castel.catalogue import DECK, KIND
from donjon.games.castel.state import State
from donjon.games.protocol import IllegalAction
from tests.castel.util import snapshot

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _pick(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    kinds = sorted({a["type"] for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a["type"] == kind])


@lru_cache(maxsize=1)
def base_states() -> tuple[State, ...]:
    """Positions from seeded random games of 2–4 players: starts, middles, pending effect
    choices of several kinds, a Seneschal's extra placement, finished games."""
    out: list[State] = []
    pendings: dict[str, State] = {}
    for seed in range(12):
        players = 2 + seed % 3
        rng = random.Random(seed)
        s = GAME.setup(players, 900 + seed)
        out.append(s)
        step = 0
        while s.result is None:
            if step in (15, 60):
                out.append(s)
            if s.pending is not None and s.pending.effect not in pendings:
                pendings[s.pending.effect] = s
            s = GAME.apply(s, s.turn, _pick(rng, GAME.legal_actions(s, s.turn)))
            step += 1
        out.append(s)
    out.extend(pendings.values())
    return tuple(out)


def norm(x: Any) -> Any:
    """Card ids by their kind (equivalent copies), tuples as lists."""
    if isinstance(x, str):
        return KIND.get(x, x)
    if isinstance(x, dict):
        return {k: norm(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [norm(v) for v in x]
    return x


json_leaf = st.none() | st.booleans() | st.integers(-3, 8) | st.floats(allow_nan=False) | st.text(max_size=6)
json_value = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                          max_leaves=6)
card = st.sampled_from(DECK) | st.sampled_from(["soldat", "engin", "", "ROI", "roi "]) | st.text(max_size=8)
square = st.lists(st.integers(-1, 6), min_size=2, max_size=2) | st.sampled_from(["outside", "OUTSIDE", [1.0, 2.0], [True, 1], []])
slot = st.sampled_from(["N", "E", "S", "W", "n", "X", ""]) | json_leaf
target = card | square | st.integers(-1, 4) | json_leaf
types = st.sampled_from(["draw", "exchange", "place", "effect", "skip", "move", "DRAW"]) | json_leaf

draws = st.fixed_dictionaries({"type": st.just("draw")}, optional={"pile": json_value})
exchanges = st.fixed_dictionaries({"type": st.just("exchange"), "give": card | json_leaf, "take": card | json_leaf})
places = st.fixed_dictionaries({"type": st.just("place"), "card": card | json_leaf},
                               optional={"square": square | json_leaf, "slot": slot, "on": card | json_leaf})
effects = st.fixed_dictionaries({"type": st.just("effect"), "targets": st.lists(target, max_size=3) | json_value})
skips = st.fixed_dictionaries({"type": st.just("skip")}, optional={"x": json_value})
castel_actions = draws | exchanges | places | effects | skips | st.fixed_dictionaries({"type": types})
seats = st.sampled_from([0, 1, 2, 3, 0, 1, -1, 4]) | st.none() | st.text(max_size=2) | st.booleans() | st.floats(allow_nan=False)


def check(index: int, seat: Any, action: Any) -> None:
    states = base_states()
    s = states[index % len(states)]
    before = snapshot(s)
    try:
        new = GAME.apply(s, seat, action)
    except IllegalAction as e:
        assert isinstance(e.reason, str) and e.reason.strip(), f"empty reason for {action!r}"
        assert snapshot(s) == before, f"refusing {action!r} changed the state"
        return
    assert snapshot(s) == before, f"playing {action!r} changed the original state"
    assert seat == s.turn and s.result is None
    legal = [norm(a) for a in GAME.legal_actions(s, s.turn)]
    assert norm(action) in legal, f"accepted {action!r}, which legal_actions does not list"
    assert new is not s


@SETTINGS
@given(st.integers(0, 100), seats, castel_actions)
def test_castel_actions_with_random_fields_are_refused_cleanly_or_legal(index: int, seat: Any, action: Any) -> None:
    check(index, seat, action)


@SETTINGS
@given(st.integers(0, 100), st.data())
def test_effect_targets_with_random_cards_and_squares(index: int, data: st.DataObject) -> None:
    pending = [s for s in base_states() if s.pending is not None]
    s = pending[index % len(pending)]
    targets = data.draw(st.lists(st.sampled_from(s.in_play() + s.hands[s.turn] + s.exchange) | square | st.integers(0, 3),
                                 max_size=3))
    check(base_states().index(s), s.turn, {"type": "effect", "targets": targets})

