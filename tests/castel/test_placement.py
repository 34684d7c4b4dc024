"""Placement: zones, one card per square, colours, requirements, mandatory and one-off effects."""

from __future__ import annotations

from donjon.games.castel import GAME
from donjon.games.castel.board import zone_of
from donjon.games.castel.catalogue import CARDS
from tests.castel.util import act, effect, first_targets, illegal, make, place, place_action, squares_for, where


def test_each_card_arrives_only_in_its_zone() -> None:
    board = {(2, 2): [("roi", 1)], (3, 3): [("princesse", 1)]}
    for kind, info in CARDS.items():
        if kind in ("roi", "princesse"):
            continue
        card = info.ids[0]
        st = make(3, hands={0: [card, "mendiant" if kind != "mendiant" else "page"]}, castle=board)
        where_to = squares_for(st, card)
        assert where_to, kind
        for w in where_to:
            if isinstance(w, tuple):
                assert zone_of(w) == info.zone, (kind, w)
            elif w == "outside" or w.startswith("slot:"):
                assert info.zone == "outside", (kind, w)
            else:
                assert info.zone == "knight" and w in ("on:roi", "on:princesse"), (kind, w)


def test_outside_cards_go_anywhere_outside_engines_face_a_rampart() -> None:
    st = make(hands={0: ["dragon", "engin_1"], 1: ["page"]}, outside=[[("barbare", 1)], [("mendiant", 1)]])
    assert squares_for(st, "dragon") == {"outside"}
    assert squares_for(st, "engin_1") == {"slot:N", "slot:E", "slot:S", "slot:W"}


def test_one_card_per_square_except_knights() -> None:
    st = make(hands={0: ["courtisan", "chevalier_1"], 1: ["page"]}, castle={(2, 2): [("roi", 1)]})
    assert "taken" in illegal(st, place_action("courtisan", (2, 2)))
    st = place(st, "chevalier_1", on="roi")
    assert st.grid[(2, 2)] == ["roi", "chevalier_1"]


def test_placed_card_carries_the_placers_colour() -> None:
    st = make(3, hands={0: ["mendiant", "page"], 1: ["roi", "nourrice"], 2: ["echanson"]}, first=1)
    st = place(st, "roi", (2, 2))
    assert st.tokens["roi"] == 1 and GAME.view(st, None)["castle"][2][2][0]["token"] == 1


def test_requirements_hold_for_cards_of_any_colour() -> None:
    mine = make(hands={0: ["reine", "mendiant"]}, castle={(2, 2): [("roi", 0)]})
    theirs = make(hands={0: ["reine", "mendiant"]}, castle={(2, 2): [("roi", 1)]})
    assert squares_for(mine, "reine") == squares_for(theirs, "reine") and len(squares_for(mine, "reine")) == 8


def test_no_free_square_meeting_every_requirement_means_the_card_cannot_be_placed() -> None:
    around = {(1, 2): ["page"], (2, 1): ["nourrice"], (2, 2): ["echanson"]}
    st = make(hands={0: ["reine", "mendiant"], 1: ["bailli"]}, castle={(1, 1): [("roi", 1)], **around})
    assert squares_for(st, "reine") == set()
    assert "taken" in illegal(st, place_action("reine", (1, 2)))
    assert all(a.get("card") != "reine" for a in GAME.legal_actions(st, 0))


def test_the_effect_is_mandatory_even_against_the_placer() -> None:
    st = make(hands={0: ["princesse", "mendiant"], 1: ["page"]}, castle={(2, 2): [("roi", 0)]})
    st = place(st, "princesse", (2, 3))
    assert first_targets(st) == {"roi"}  # the placer's own King is the only target
    assert "first finish" in illegal(st, {"type": "draw"})
    assert "first finish" in illegal(st, {"type": "skip"})
    st = effect(st, "roi")
    assert where(st, "roi") == "hand:0"


def test_effect_without_target_is_skipped_and_the_card_stays() -> None:
    st = make(hands={0: ["princesse", "mendiant"], 1: ["page"]}, castle={(2, 2): [("roi", 1)], (1, 1): [("pretre", 1)]})
    st = place(st, "princesse", (3, 3))
    assert st.pending is None and where(st, "princesse") == (3, 3) and st.actions_left == 1
    assert st.events[-1] == {"type": "no_target", "card": "princesse", "kind": "princesse"}


def test_effects_apply_once_not_continuously() -> None:
    st = make(hands={0: ["roi", "mendiant"], 1: ["courtisan", "page"]}, piles={0: ["bailli"]})
    st = place(st, "roi", (2, 2))
    st = place(st, "mendiant", "outside")
    st = place(st, "courtisan", (2, 3))  # next to the King, which does nothing now
    assert where(st, "courtisan") == (2, 3) and where(st, "roi") == (2, 2)


def test_place_answers_and_effects_are_not_extra_actions() -> None:
    st = make(hands={0: ["princesse", "mendiant", "page"], 1: ["nourrice"]}, castle={(2, 2): [("roi", 1)]})
    st = effect(place(st, "princesse", (2, 3)), "roi")
    assert st.turn == 0 and st.actions_left == 1
    st = act(st, place_action("mendiant", "outside"))
    assert st.turn == 1
