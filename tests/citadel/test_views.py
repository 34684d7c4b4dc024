"""Views never show the deck and stack orders; determinize really resamples them, and keeps
what Premonition showed a seat. (That every view is JSON, and that a determinization gives
its seat the same view and legal actions, is checked on every game by
``tests/games/test_conformance.py``.)"""

from __future__ import annotations

import json
import random
from collections import Counter

from donjon.games.citadel import GAME

from .util import act, card, scene, stack_top


def test_determinize_really_resamples_decks_stack_room_deck_and_future_dice() -> None:
    st = scene(("nathan", "irene"), difficulty="normal")
    dets = [GAME.determinize(st, 0, random.Random(i)) for i in range(12)]
    assert len({tuple(d.stack) for d in dets}) > 1
    assert len({tuple(d.room_deck) for d in dets}) > 1
    assert len({tuple(d.chars[1].deck or []) for d in dets}) > 1
    assert len({d.seed for d in dets}) > 1
    for d in dets:
        assert Counter(d.stack + d.removed) == Counter(st.stack + st.removed)
        assert sorted(d.room_deck) == sorted(st.room_deck)
        assert all(GAME.dump(d)["treasures"] == GAME.dump(st)["treasures"] for _ in [0])


def test_treasure_stack_and_deck_orders_are_never_in_a_view() -> None:
    st = scene(("nathan", "irene"))
    for seat in (None, 0, 1):
        view = GAME.view(st, seat)
        text = json.dumps(view)
        assert not any(f'"{t}"' in text for t in st.stack)
        assert all(isinstance(c["deck"], int) for c in view["characters"])
        assert isinstance(view["treasure_stack"], int) and isinstance(view["room_deck"], int)


def test_premonition_knowledge_stays_with_its_seat_through_determinize() -> None:
    st = scene(("irene", "nathan"), revealed=["premonition", "stitch_in_time"])
    st = stack_top(st, tiles=["T09", "T10", "T11"], rooms=["gallery", "study", "salon"])
    st = card(st, "premonition")
    for i in range(5):
        det = GAME.determinize(st, 0, random.Random(i))
        assert det.peek == st.peek and det.stack[:3] == st.stack[:3]
    others = {tuple(GAME.determinize(st, 1, random.Random(i)).stack[:3]) for i in range(10)}
    assert len(others) > 1
    st = act(st, {"type": "arrange", "treasures": ["T10", "T11", "T09"], "rooms": ["salon", "gallery", "study"]})
    det = GAME.determinize(st, 0, random.Random(9))
    assert det.stack[:3] == ["T10", "T11", "T09"] and det.room_deck[:3] == ["salon", "gallery", "study"]


def test_static_data_for_the_client() -> None:
    data = GAME.static_data()
    assert len(data["map"]["rooms"]) == 12 and len(data["map"]["doors"]) == 18
    assert len(data["characters"]) == 5
    json.dumps(data)
