"""The decisions of docs/rules/castel.md that the card and rule tests do not already cover."""

from __future__ import annotations

from donjon.games.castel import GAME
from tests.castel.util import (
    act,
    draw,
    effect,
    exchange,
    first_targets,
    make,
    place,
    squares_for,
    targets_of,
    where,
)


def test_a_card_sent_back_to_you_may_be_placed_again_the_same_turn() -> None:
    st = make(hands={0: ["enchanteur", "mendiant"], 1: ["page"]}, castle={(0, 1): [("soldat_1", 0)]})
    st = place(st, "enchanteur", (0, 0))
    assert where(st, "soldat_1") == "hand:0"
    st = place(st, "soldat_1", (5, 2))
    assert where(st, "soldat_1") == (5, 2)


def test_exchanging_a_card_for_an_identical_one_is_legal() -> None:
    st = make(hands={0: ["soldat_1", "mendiant"], 1: ["page"]}, exchange=["soldat_2"], rest="box")
    st = exchange(st, "soldat_1", "soldat_2")
    assert st.hands[0] == ["mendiant", "soldat_2"] and st.exchange == ["soldat_1"]


def test_copies_are_listed_once_and_any_copy_is_accepted() -> None:
    st = make(hands={0: ["soldat_3", "soldat_9", "mendiant"], 1: ["page"]})
    places = [a for a in GAME.legal_actions(st, 0) if a["type"] == "place" and a["card"].startswith("soldat")]
    assert {a["card"] for a in places} == {"soldat_3"} and len(places) == 16
    st = act(st, {"type": "place", "card": "soldat_9", "square": [0, 1]})
    assert where(st, "soldat_9") == (0, 1)


def test_a_covered_card_still_counts_for_next_to() -> None:
    st = make(hands={0: ["reine", "mendiant"]}, castle={(2, 2): [("roi", 1), ("chevalier_1", 1)]})
    assert len(squares_for(st, "reine")) == 8


def test_the_dragon_cannot_take_a_knight_and_the_card_under_it_together() -> None:
    st = make(hands={0: ["dragon", "mendiant"], 1: ["page"]}, castle={(2, 2): [("roi", 1), ("chevalier_1", 1)],
                                                                       (4, 4): [("bailli", 1)]})
    st = place(st, "dragon", "outside")
    assert all("roi" not in t for t in targets_of(st))
    st = effect(st, "chevalier_1", "bailli")
    assert where(st, "roi") == (2, 2) and not st.is_protected("roi")


def test_moves_never_take_a_knight() -> None:
    st = make(hands={0: ["chambellan", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (4, 4): [("bailli", 1), ("chevalier_1", 1)]})
    st = place(st, "chambellan", (2, 3))
    assert first_targets(st) == {"roi"}


def test_the_barbarian_may_hit_a_soldier_off_the_ramparts() -> None:
    st = make(hands={0: ["barbare", "mendiant"], 1: ["page"]}, castle={(2, 2): [("soldat_1", 1)]})
    st = effect(place(st, "barbare", "outside"), "soldat_1")
    assert where(st, "soldat_1") == "hand:1"


def test_the_ghost_may_send_back_your_own_tower_card() -> None:
    st = make(hands={0: ["fantome", "mendiant"], 1: ["page"]}, castle={(0, 5): [("archers", 0)]})
    st = place(st, "fantome", (0, 5))
    assert where(st, "archers") == "hand:0" and where(st, "fantome") == (0, 5)


def test_the_jester_may_give_a_card_drawn_this_turn() -> None:
    st = make(3, hands={0: ["bouffon"], 1: ["page"], 2: ["nourrice"]}, piles={0: ["roi"]})
    st = place(draw(st), "bouffon", (2, 2))
    assert targets_of(st) == [["roi", 1], ["roi", 2]]
    st = effect(st, "roi", 1)
    assert where(st, "roi") == "hand:1" and GAME.outcome(st) is not None


def test_priest_outside_and_captain_off_the_ramparts_protect_nothing() -> None:
    st = make(hands={0: ["mendiant"]}, outside=[[("pretre", 1)]], castle={(2, 2): [("capitaine", 1)], (2, 0): [("soldat_1", 1)]})
    assert not st.protected()
    st = make(hands={0: ["mendiant"]}, castle={(3, 0): [("capitaine", 1)], (2, 0): [("soldat_1", 1)]})
    assert st.protected() == {"soldat_1": "captain"}


def test_a_knight_on_a_soldier_keeps_it_counted() -> None:
    walls = {(0, 1): [("soldat_1", 1), ("chevalier_1", 1)], (0, 2): [("soldat_2", 1)], (0, 3): [("soldat_3", 0)]}
    st = make(hands={0: ["soldat_4", "mendiant"], 1: ["page"]}, castle=walls, slots={"N": [("engin_1", 1)]})
    st = place(st, "soldat_4", (0, 4))
    assert where(st, "engin_1") == "hand:1"


def test_the_seneschals_extra_card_can_win_the_game() -> None:
    st = make(hands={0: ["senechal", "mendiant"], 1: ["page"]})
    st = place(st, "senechal", (2, 2))
    assert GAME.outcome(st) is None
    st = place(st, "mendiant", "outside")
    out = GAME.outcome(st)
    assert out is not None and out.winners == (0,)
