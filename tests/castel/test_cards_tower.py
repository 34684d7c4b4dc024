"""Scenario tests for the 6 tower cards: effect, requirement not met, protected target."""

from __future__ import annotations

from donjon.games.castel import GAME
from tests.castel.util import (
    draw,
    effect,
    first_targets,
    illegal,
    make,
    place,
    place_action,
    squares_for,
    targets_of,
    where,
)

# ---------------------------------------------------------------- Archers


def test_archers_send_back_a_card_outside_the_walls() -> None:
    st = make(hands={0: ["archers", "mendiant"], 1: ["page"]},
              slots={"N": [("engin_1", 1)]}, outside=[[("dragon", 0)]], castle={(0, 1): [("soldat_1", 1)]})
    st = place(st, "archers", (0, 0))
    assert first_targets(st) == {"engin_1", "dragon"}
    st = effect(st, "engin_1")
    assert where(st, "engin_1") == "hand:1" and "N" not in st.slots


def test_archers_only_on_a_free_tower() -> None:
    st = make(hands={0: ["archers", "mendiant"]}, castle={(0, 0): [("magicien", 1)]})
    assert squares_for(st, "archers") == {(0, 5), (5, 0), (5, 5)}
    assert "taken" in illegal(st, place_action("archers", (0, 0)))
    assert "tower" in illegal(st, place_action("archers", (2, 2)))


def test_archers_cannot_hit_a_protected_engine() -> None:
    st = make(hands={0: ["archers", "mendiant"], 1: ["page"]}, slots={"N": [("engin_1", 1), ("chevalier_1", 1)]})
    st = place(st, "archers", (0, 0))
    assert first_targets(st) == {"chevalier_1"}
    assert "protected" in illegal(st, {"type": "effect", "targets": ["engin_1"]})


# ---------------------------------------------------------------- Fantôme / Ghost


def test_fantome_takes_the_place_of_the_tower_card_it_sends_back() -> None:
    st = make(hands={0: ["fantome", "mendiant"], 1: ["page"]}, castle={(0, 0): [("magicien", 1)]})
    assert squares_for(st, "fantome") == {(0, 0), (0, 5), (5, 0), (5, 5)}
    st = place(st, "fantome", (0, 0))
    assert where(st, "magicien") == "hand:1" and where(st, "fantome") == (0, 0) and st.tokens["fantome"] == 0


def test_fantome_only_on_a_tower() -> None:
    st = make(hands={0: ["fantome", "mendiant"]})
    assert "tower" in illegal(st, place_action("fantome", (1, 1)))


def test_fantome_cannot_take_a_protected_tower() -> None:
    st = make(hands={0: ["fantome", "mendiant"], 1: ["page"]},
              castle={(0, 0): [("magicien", 1), ("chevalier_1", 1)], (0, 5): [("archers", 1)], (1, 4): [("pretre", 1)]})
    assert squares_for(st, "fantome") == {(5, 0), (5, 5)}
    assert "Knights" in illegal(st, place_action("fantome", (0, 0)))
    assert "Priest" in illegal(st, place_action("fantome", (0, 5)))


# ---------------------------------------------------------------- Magicien / Magician


def test_magicien_swaps_two_cards_of_the_same_zone() -> None:
    st = make(hands={0: ["magicien", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (4, 4): [("bailli", 0)], (0, 1): [("soldat_1", 1)], (5, 5): [("archers", 1)]})
    st = place(st, "magicien", (0, 0))
    pairs = {tuple(t) for t in targets_of(st)}
    assert pairs == {("roi", "bailli"), ("bailli", "roi")}  # the soldier has no rampart partner; one tower card
    st = effect(st, "bailli", "roi")
    assert where(st, "roi") == (4, 4) and where(st, "bailli") == (2, 2) and st.tokens["roi"] == 1


def test_magicien_only_on_a_free_tower() -> None:
    st = make(hands={0: ["magicien", "mendiant"]}, castle={(0, 0): [("archers", 1)]})
    assert "taken" in illegal(st, place_action("magicien", (0, 0)))
    assert "tower" in illegal(st, place_action("magicien", (0, 1)))


def test_magicien_protected_cards_stay() -> None:
    st = make(hands={0: ["magicien", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1), ("chevalier_1", 1)], (4, 4): [("bailli", 0)], (3, 3): [("ambassadeur", 1)]})
    st = place(st, "magicien", (0, 0))
    assert st.pending is None and where(st, "roi") == (2, 2)


# ---------------------------------------------------------------- Alchimiste / Alchemist


def test_alchimiste_exchanges_two_hand_cards_one_at_a_time() -> None:
    st = make(hands={0: ["alchimiste", "mendiant", "page", "roi"], 1: ["nourrice"]}, exchange=["dragon", "fee"], rest="box")
    st = place(st, "alchimiste", (0, 0))
    assert st.pending is not None and st.pending.remaining == 2
    assert {tuple(t) for t in targets_of(st)} == {(h, x) for h in ("roi", "page", "mendiant") for x in ("dragon", "fee")}
    st = effect(st, "page", "dragon")
    assert st.pending is not None and st.pending.remaining == 1
    st = effect(st, "dragon", "fee")  # the card just taken may go again
    assert st.pending is None and sorted(st.exchange) == ["dragon", "page"] and "fee" in st.hands[0]
    assert "fee" in st.known[1][0]  # the exchange is public


def test_alchimiste_drawn_cards_stay_out_and_empty_hand_skips() -> None:
    st = make(hands={0: ["alchimiste", "mendiant"], 1: ["nourrice"]}, piles={0: ["roi"]})
    st = draw(st)
    st = place(st, "alchimiste", (0, 0))
    assert {t[0] for t in targets_of(st)} == {"mendiant"}
    assert "drawn" in illegal(st, {"type": "effect", "targets": ["roi", st.exchange[0]]})
    st = effect(st, "mendiant", "page")
    assert st.pending is not None and {t[0] for t in targets_of(st)} == {"page"}  # the card taken, not the drawn King
    st = make(hands={0: ["alchimiste"], 1: ["nourrice"]}, piles={0: ["roi"]})
    st = place(draw(st), "alchimiste", (0, 0))
    assert st.pending is None and any(e["type"] == "no_target" for e in st.events)


def test_alchimiste_only_on_a_free_tower() -> None:
    st = make(hands={0: ["alchimiste", "mendiant"]}, castle={(5, 5): [("archers", 1)]})
    assert squares_for(st, "alchimiste") == {(0, 0), (0, 5), (5, 0)}
    assert "tower" in illegal(st, place_action("alchimiste", "outside"))


# ---------------------------------------------------------------- Guetteur / Lookout


def test_guetteur_moves_a_soldier_to_another_free_rampart_square() -> None:
    st = make(hands={0: ["guetteur", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (2, 2): [("roi", 1)]})
    st = place(st, "guetteur", (5, 5))
    assert first_targets(st) == {"soldat_1"}
    assert len(targets_of(st)) == 15
    st = effect(st, "soldat_1", (3, 5))
    assert where(st, "soldat_1") == (3, 5) and st.tokens["soldat_1"] == 1


def test_guetteur_onto_the_last_free_square_of_a_rampart_sends_its_engine_back() -> None:
    # Seed: "si un soldat est déplacé par le guetteur vers la dernière place libre sur un
    # rempart, l'engin de siège situé en face de ce rempart est renvoyé" — whatever fills the
    # other squares: here a Captain, so the rampart never holds four soldiers.
    st = make(hands={0: ["guetteur", "mendiant"], 1: ["page"]}, slots={"N": [("engin_1", 1)]},
              castle={(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1)], (0, 3): [("soldat_2", 1)],
                      (3, 0): [("soldat_3", 1)]})
    st = place(st, "guetteur", (5, 5))
    st = effect(st, "soldat_3", (0, 4))
    assert where(st, "soldat_3") == (0, 4)
    assert where(st, "engin_1") == "hand:1"


def test_guetteur_onto_a_rampart_with_a_free_square_left_sends_nothing_back() -> None:
    st = make(hands={0: ["guetteur", "mendiant"], 1: ["page"]}, slots={"N": [("engin_1", 1)]},
              castle={(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1)], (3, 0): [("soldat_3", 1)]})
    st = place(st, "guetteur", (5, 5))
    st = effect(st, "soldat_3", (0, 4))
    assert where(st, "engin_1") == "slot:N"


def test_guetteur_onto_the_last_free_square_spares_a_protected_engine() -> None:
    st = make(hands={0: ["guetteur", "mendiant"], 1: ["page"]}, slots={"N": [("engin_1", 1), ("chevalier_1", 1)]},
              castle={(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1)], (0, 3): [("soldat_2", 1)],
                      (3, 0): [("soldat_3", 1)]})
    st = place(st, "guetteur", (5, 5))
    st = effect(st, "soldat_3", (0, 4))
    assert where(st, "engin_1") == "slot:N"


def test_guetteur_only_on_a_free_tower() -> None:
    st = make(hands={0: ["guetteur", "mendiant"]})
    assert "tower" in illegal(st, place_action("guetteur", (0, 2)))


def test_guetteur_cannot_move_a_protected_soldier() -> None:
    st = make(hands={0: ["guetteur", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1)], (3, 0): [("soldat_2", 1), ("chevalier_1", 1)]})
    st = place(st, "guetteur", (5, 5))
    assert st.pending is None and where(st, "soldat_1") == (0, 1)


# ---------------------------------------------------------------- Enchanteur / Enchanter


def test_enchanteur_sends_back_every_adjacent_card() -> None:
    st = make(hands={0: ["enchanteur", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (1, 0): ["soldat_2"], (1, 1): [("roi", 0)], (2, 2): [("reine", 1)]})
    st = place(st, "enchanteur", (0, 0))
    assert where(st, "soldat_1") == "hand:1" and where(st, "soldat_2") == "exchange" and where(st, "roi") == "hand:0"
    assert where(st, "reine") == (2, 2)


def test_enchanteur_only_on_a_free_tower() -> None:
    st = make(hands={0: ["enchanteur", "mendiant"]}, castle={(0, 0): [("archers", 1)]})
    assert "taken" in illegal(st, place_action("enchanteur", (0, 0)))


def test_enchanteur_protected_neighbours_stay() -> None:
    st = make(hands={0: ["enchanteur", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1)], (1, 1): [("ambassadeur", 1)]})
    st = place(st, "enchanteur", (0, 0))
    assert where(st, "soldat_1") == (0, 1) and where(st, "ambassadeur") == (1, 1)
    assert st.pending is None and any(e["type"] == "no_target" for e in st.events)


def test_tower_cards_listed_in_view_with_protection() -> None:
    st = make(hands={0: ["mendiant"]}, castle={(0, 0): [("archers", 1), ("chevalier_1", 0)]})
    stack = GAME.view(st, 0)["castle"][0][0]
    assert [c["id"] for c in stack] == ["archers", "chevalier_1"]
    assert stack[0]["protected"] == "knight" and stack[1]["protected"] is None and stack[1]["token"] == 0
