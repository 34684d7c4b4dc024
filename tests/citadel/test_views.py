"""Views are JSON-ready and never show hidden information; determinize resamples exactly that."""

from __future__ import annotations

import json
import random
from collections import Counter

from donjon.games.citadel import GAME
from donjon.games.citadel.state import State

from .util import act, card, scene, stack_top


def some_states() -> list[State]:
    out = []
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME.setup(1 + seed % 4, seed, {"difficulty": ("easy", "normal", "hard")[seed % 3]})
        for _ in range(120):
            if GAME.outcome(st) is not None:
                break
            out.append(st)
            seat = GAME.to_act(st)[0]
            st = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        out.append(st)
    return out


def test_views_are_json_ready_for_every_seat_and_spectators() -> None:
    for st in some_states()[::7]:
        for seat in [None, *range(st.players)]:
            text = json.dumps(GAME.view(st, seat))
            assert json.loads(text)["game"] == "citadel"


def test_a_view_does_not_change_when_the_hidden_parts_are_resampled() -> None:
    rng = random.Random(3)
    for st in some_states()[::5]:
        for seat in range(st.players):
            det = GAME.determinize(st, seat, rng)
            assert GAME.view(det, seat) == GAME.view(st, seat)
            assert GAME.legal_actions(det, seat) == GAME.legal_actions(st, seat)


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
