"""Property tests in UnfairChess's own terms: random square lists for every card of the
catalogue, random UCI strings, cards that are not in the hand. ``GAME.apply`` either raises
:class:`IllegalAction` with a non-empty reason, or accepts an action that ``legal_actions``
lists. Either way the state it was given is unchanged (dump, FEN and the private overlay
compared).

The game-independent cases (random dicts, wrong types, unknown fields, mutated legal
actions, wrong seats) are checked on every game by ``tests/games/test_conformance.py``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import chess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from donjon.bots import RandomBot
from donjon.games.protocol import IllegalAction
from donjon.games.unfairchess import GAME
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.state import State

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@lru_cache(maxsize=1)
def base_states() -> tuple[State, ...]:
    """A spread of positions from seeded random games with cards: the start, middle games,
    a state right after an add-to-move card (must move), and a finished game."""
    out: list[State] = [GAME.setup(2, 1)]
    must_move = finished = None
    for seed in range(1, 9):
        rng = random.Random(seed)
        bot = RandomBot(card_prob=0.6)
        s = GAME.setup(2, seed)
        for ply in range(400):
            if s.result is not None:
                finished = finished or s
                break
            if ply in (7, 30, 90):
                out.append(s)
            s = GAME.apply(s, s.seat, bot.choose(GAME, s, s.seat, rng))
            if s.must_move and must_move is None:
                must_move = s
    out.extend(x for x in (must_move, finished) if x is not None)
    return tuple(out)


def snapshot(s: State) -> Any:
    return (GAME.dump(s), s.board.fen(), s.turn_no, s.card_played, s.must_move, s.rng_counter,
            dict(s.statuses), dict(s.shield_until), dict(s.walls), dict(s.traps), s.restrictions,
            [list(h) for h in s.hands], [list(d) for d in s.decks], list(s.known_top), s.plies)


json_leaf = st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=False) | st.text(max_size=6)
json_value = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                          max_leaves=6)
square = st.sampled_from(chess.SQUARE_NAMES) | st.sampled_from(["E4", " e4", "i9", "a0", "", "e44"]) | st.text(max_size=3)
card_id = st.sampled_from(sorted(CARDS)) | st.text(max_size=8)
uci = (st.builds(lambda a, b, p: a + b + p, st.sampled_from(chess.SQUARE_NAMES), st.sampled_from(chess.SQUARE_NAMES),
                 st.sampled_from(["", "q", "r", "b", "n", "k", "Q", "x"]))
       | st.sampled_from(["0000", "e2e4 ", "E2E4", "e1g1", "e8c8", "P@e4", ""]) | st.text(max_size=6))
move_actions = st.fixed_dictionaries({"type": st.just("move"), "uci": uci | json_value},
                                     optional={"extra": json_value, "card": json_value})
card_actions = st.fixed_dictionaries(
    {"type": st.just("card"), "card": card_id | json_value, "squares": st.lists(square, max_size=4) | json_value},
    optional={
        "promotion": st.sampled_from(["q", "r", "b", "n", "k", "p", "", "Q"]) | json_value,
        "promotions": st.lists(st.sampled_from(["q", "r", "b", "n", "k"]), max_size=3) | json_value,
        "order": st.lists(card_id, max_size=3) | json_value,
        "bogus": json_value,
    },
)


def _normal(action: dict[str, Any]) -> Any:
    """An accepted action in the form ``legal_actions`` lists it."""
    if action["type"] == "move":
        return {"type": "move", "uci": action["uci"].strip().lower()}
    if action["type"] == "order":
        return dict(action)
    out = dict(action)
    out["squares"] = [s.strip().lower() for s in action.get("squares", [])]
    return out


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
    assert seat == s.seat and s.result is None
    legal = GAME.legal_actions(s, s.seat)
    assert _normal(action) in legal, f"accepted {action!r}, which legal_actions does not list"
    assert new is not s


@SETTINGS
@given(st.integers(0, 40), st.sampled_from([0, 1]), card_actions)
def test_card_plays_with_random_squares(index: int, seat: int, action: dict[str, Any]) -> None:
    check(index, seat, action)


@SETTINGS
@given(st.integers(0, 40), st.sampled_from([0, 1]), move_actions)
def test_random_uci_moves(index: int, seat: int, action: dict[str, Any]) -> None:
    check(index, seat, action)


@SETTINGS
@given(st.integers(0, 40), st.sampled_from(sorted(CARDS)), st.lists(st.sampled_from(chess.SQUARE_NAMES), max_size=3))
def test_cards_not_in_hand_are_refused(index: int, card: str, squares: list[str]) -> None:
    states = base_states()
    s = states[index % len(states)]
    if card in s.hands[s.seat]:
        return
    before = snapshot(s)
    try:
        GAME.apply(s, s.seat, {"type": "card", "card": card, "squares": squares})
    except IllegalAction as e:
        assert e.reason
    else:  # pragma: no cover - a failure message
        raise AssertionError(f"played {card}, which is not in the hand {s.hands[s.seat]}")
    assert snapshot(s) == before


def test_base_states_cover_the_interesting_cases() -> None:
    states = base_states()
    assert len(states) >= 10
    assert any(s.must_move for s in states)
    assert any(s.result is not None for s in states)
