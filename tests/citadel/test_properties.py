"""Property tests in Citadel's own terms: every action type with random room, door, colour,
character, card, die and tile ids in its fields, at positions of every phase.
``GAME.apply`` either raises :class:`IllegalAction` with a readable reason, or accepts an
action that ``legal_actions`` lists (list fields compared as sets). Either way the state it
was given is unchanged.

The game-independent cases (random dicts, wrong types, mutated legal actions, wrong seats)
are checked on every game by ``tests/games/test_conformance.py``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from donjon.games.citadel import GAME
from donjon.games.citadel.balance import random_policy
from donjon.games.citadel.board import COLOURS, DOOR_IDS, ROOM_IDS
from donjon.games.citadel.catalogue import ACTION_DIE, CARDS, CHARACTERS, DICE, SWITCH_TYPES, TREASURES
from donjon.games.citadel.state import State
from donjon.games.protocol import IllegalAction

from .util import act, scene, snapshot

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
UNORDERED = ("doors", "rooms", "dice")


@lru_cache(maxsize=1)
def base_states() -> tuple[State, ...]:
    """Positions of every phase from seeded random games (a few of each), and a finished game."""
    by_phase: dict[str, list[State]] = {}
    for seed in range(60):
        rng = random.Random(seed)
        s = GAME.setup(1 + seed % 4, seed, {"difficulty": "easy"})
        while True:
            bucket = by_phase.setdefault(s.phase, [])
            if len(bucket) < 6 and rng.random() < 0.3:
                bucket.append(s)
            if GAME.outcome(s) is not None:
                break
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, random_policy(GAME, s, seat, rng))
    duck = scene(("nathan", "irene"), rooms={"nathan": "music_room"}, revealed=["duck_out", "sprint"],
                 dice=[{"colour": "red", "action": "1", "clock": 5}])
    duck = act(act(duck, {"type": "card", "card": "duck_out"}), {"type": "end_actions"})
    twist = scene(("destiny", "ada"), revealed=["twist_of_fate", "sent_home"])
    twist = act(act(twist, {"type": "card", "card": "twist_of_fate"}), {"type": "end_actions"})
    by_phase.setdefault("duck", []).append(duck)
    by_phase.setdefault("dice", []).append(twist)
    return tuple(x for phase in sorted(by_phase) for x in by_phase[phase])


def norm(action: Any) -> Any:
    if not isinstance(action, dict):
        return action
    return {k: (sorted(v) if k in UNORDERED and isinstance(v, list) else v) for k, v in action.items()}


def check(s: State, seat: Any, action: Any) -> None:
    before = snapshot(s)
    try:
        GAME.apply(s, seat, action)
    except IllegalAction as e:
        assert isinstance(e.reason, str) and len(e.reason) > 8, repr(e.reason)
    else:
        legal = [norm(a) for a in GAME.legal_actions(s, seat)]
        assert norm(action) in legal, f"accepted {action!r} for seat {seat} but it is not listed"
    assert snapshot(s) == before, f"{action!r} changed the state"


json_leaf = st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=False) | st.text(max_size=6)
json_value = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                          max_leaves=6)
TYPES = ["choose", "move", "open", "switch", "rescue", "card", "power", "end_actions", "reroll", "set_colour", "keep",
         "duck", "vote", "arrange"]
FIELDS = ["type", "to", "door", "doors", "room", "rooms", "colour", "character", "card", "choice", "dice", "face",
          "switch_type", "treasures"]
ids = (st.sampled_from(ROOM_IDS) | st.sampled_from(DOOR_IDS) | st.sampled_from(COLOURS) | st.sampled_from(list(CHARACTERS))
       | st.sampled_from(list(CARDS)) | st.sampled_from(DICE) | st.sampled_from(ACTION_DIE) | st.sampled_from(list(SWITCH_TYPES))
       | st.sampled_from(list(TREASURES)) | st.sampled_from(["outside", "LIBRARY", "d01", " library", ""]))
value = ids | st.lists(ids, max_size=5) | json_value
typed = st.builds(lambda t, extra: {"type": t, **extra}, st.sampled_from(TYPES),
                  st.dictionaries(st.sampled_from(FIELDS[1:]), value, max_size=3))


@SETTINGS
@given(data=st.data())
def test_typed_actions_with_random_fields_for_the_seat_to_act(data: st.DataObject) -> None:
    states = base_states()
    s = states[data.draw(st.integers(0, len(states) - 1))]
    seat = data.draw(st.sampled_from(GAME.to_act(s) or [0]))
    check(s, seat, data.draw(typed))


def test_every_phase_is_in_the_base_states() -> None:
    assert {s.phase for s in base_states()} == {"choose", "actions", "dice", "duck", "vote", "premonition", "over"}


def test_refusals_read_well() -> None:
    s = next(x for x in base_states() if x.phase == "actions")
    seat = GAME.to_act(s)[0]
    cases = {
        "end_actions": ({"type": "end_actions", "x": 1}, "unknown field(s): 'x'"),
        "move": ({"type": "move"}, "'move' needs 'to'"),
        "type": ({"type": "fly"}, "unknown action type 'fly'"),
        "phase": ({"type": "vote", "choice": "ada"}, "'vote' is not possible now"),
        "not a dict": (["move"], "JSON object"),
        "card": ({"type": "card", "card": "jump"}, "action-card id"),
    }
    for name, (action, text) in cases.items():
        try:
            GAME.apply(s, seat, action)
        except IllegalAction as e:
            assert text in e.reason, (name, e.reason)
        else:  # pragma: no cover
            raise AssertionError(name)
