"""Scenario tests for the rampart, outside and knight cards: effect, requirement, protection."""

from __future__ import annotations

from tests.castel.util import (
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

NORTH3 = {(0, 1): [("soldat_1", 1)], (0, 2): [("soldat_2", 1)], (0, 3): [("soldat_3", 0)]}

# ---------------------------------------------------------------- Soldat / Soldier


def test_soldat_fourth_on_its_rampart_sends_back_the_facing_engine() -> None:
    st = make(hands={0: ["soldat_4", "mendiant"], 1: ["page"]}, castle=NORTH3,
              slots={"N": [("engin_1", 1)], "E": [("engin_2", 1)]})
    st = place(st, "soldat_4", (0, 4))
    assert where(st, "engin_1") == "hand:1" and where(st, "engin_2") == "slot:E"


def test_soldat_only_on_a_free_rampart_square() -> None:
    st = make(hands={0: ["soldat_4", "mendiant"]}, castle=NORTH3)
    assert len(squares_for(st, "soldat_4")) == 13
    assert "rampart" in illegal(st, place_action("soldat_4", (0, 0)))
    assert "taken" in illegal(st, place_action("soldat_4", (0, 1)))


def test_soldat_protected_engine_stays() -> None:
    st = make(hands={0: ["soldat_4", "mendiant"], 1: ["page"]}, castle=NORTH3,
              slots={"N": [("engin_1", 1), ("chevalier_1", 1)]})
    st = place(st, "soldat_4", (0, 4))
    assert where(st, "engin_1") == "slot:N"


# ---------------------------------------------------------------- Capitaine / Captain


def test_capitaine_protects_the_soldiers_of_his_rampart_not_himself() -> None:
    st = make(hands={0: ["capitaine", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (1, 0): [("soldat_2", 1)]})
    st = place(st, "capitaine", (0, 3))
    assert st.is_protected("soldat_1") and not st.is_protected("soldat_2") and not st.is_protected("capitaine")


def test_capitaine_only_on_a_rampart() -> None:
    st = make(hands={0: ["capitaine", "mendiant"]})
    assert len(squares_for(st, "capitaine")) == 16
    assert "rampart" in illegal(st, place_action("capitaine", (1, 1)))


def test_capitaine_protected_soldiers_refused_as_targets() -> None:
    st = make(hands={0: ["barbare", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1)], (1, 0): [("soldat_2", 1)]})
    st = place(st, "barbare", "outside")
    assert first_targets(st) == {"soldat_2"}
    assert "Captain" in illegal(st, {"type": "effect", "targets": ["soldat_1"]})


# ---------------------------------------------------------------- Engin de siège / Siege engine


def test_engin_fourth_sends_back_every_unprotected_soldier() -> None:
    st = make(hands={0: ["engin_4", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (5, 2): ["soldat_2"], (2, 5): [("soldat_3", 0), ("chevalier_1", 0)]},
              slots={"N": [("engin_1", 1)], "E": [("engin_2", 1)], "S": [("engin_3", 0)]})
    st = place(st, "engin_4", slot="W")
    assert where(st, "soldat_1") == "hand:1" and where(st, "soldat_2") == "exchange"
    assert where(st, "soldat_3") == (2, 5)  # under a Knight


def test_engin_must_face_a_rampart_without_engine() -> None:
    st = make(hands={0: ["engin_4", "mendiant"]}, slots={"N": [("engin_1", 1)]})
    assert squares_for(st, "engin_4") == {"slot:E", "slot:S", "slot:W"}
    assert "already a siege engine" in illegal(st, place_action("engin_4", slot="N"))
    assert "face a rampart" in illegal(st, place_action("engin_4", "outside"))


def test_engin_fourth_protected_captain_stays() -> None:
    st = make(hands={0: ["engin_4", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1), ("chevalier_1", 1)]},
              slots={"N": [("engin_1", 1)], "E": [("engin_2", 1)], "S": [("engin_3", 0)]})
    st = place(st, "engin_4", slot="W")
    assert where(st, "soldat_1") == (0, 1) and where(st, "capitaine") == (0, 2)


# ---------------------------------------------------------------- Dragon


def test_dragon_sends_back_two_cards_anywhere() -> None:
    st = make(hands={0: ["dragon", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (0, 1): ["soldat_1"]}, slots={"S": [("engin_1", 0)]})
    st = place(st, "dragon", "outside")
    assert first_targets(st) == {"roi", "soldat_1", "engin_1"}
    assert len(targets_of(st)) == 6  # ordered pairs
    st = effect(st, "engin_1", "roi")
    assert where(st, "engin_1") == "hand:0" and where(st, "roi") == "hand:1"
    assert "also needs" in illegal(place(make(hands={0: ["dragon", "mendiant"]}, castle={(2, 2): [("roi", 1)],
                                                                                       (3, 3): ["page"]}),
                                         "dragon", "outside"), {"type": "effect", "targets": ["roi"]})


def test_dragon_with_a_single_target_sends_back_one() -> None:
    st = make(hands={0: ["dragon", "mendiant"], 1: ["page"]}, castle={(2, 2): [("roi", 1)], (2, 3): [("ambassadeur", 1)]})
    st = place(st, "dragon", "outside")
    assert targets_of(st) == [["roi"]]
    st = effect(st, "roi")
    assert where(st, "roi") == "hand:1"


def test_dragon_only_outside_and_protected_cards_refused() -> None:
    st = make(hands={0: ["dragon", "mendiant"], 1: ["nourrice"]},
              castle={(2, 2): [("roi", 1), ("chevalier_1", 1)], (3, 3): [("page", 0)]})
    assert "outside" in illegal(st, place_action("dragon", (2, 3)))
    st = place(st, "dragon", "outside")
    assert first_targets(st) == {"chevalier_1", "page"}
    assert "protected" in illegal(st, {"type": "effect", "targets": ["roi", "page"]})
    assert "second, different" in illegal(st, {"type": "effect", "targets": ["page", "page"]})


# ---------------------------------------------------------------- Barbare / Barbarian


def test_barbare_sends_back_a_soldier() -> None:
    st = make(hands={0: ["barbare", "mendiant"], 1: ["page"]}, castle={(0, 1): [("soldat_1", 1)], (2, 2): [("roi", 1)]})
    st = place(st, "barbare", "outside")
    assert first_targets(st) == {"soldat_1"}
    st = effect(st, "soldat_1")
    assert where(st, "soldat_1") == "hand:1"
    assert "soldier" in illegal(place(make(hands={0: ["barbare", "mendiant"]}, castle={(0, 1): [("soldat_1", 1)],
                                                                                       (2, 2): [("roi", 1)]}),
                                      "barbare", "outside"), {"type": "effect", "targets": ["roi"]})


def test_barbare_only_outside() -> None:
    st = make(hands={0: ["barbare", "mendiant"]})
    assert squares_for(st, "barbare") == {"outside"}
    assert "outside" in illegal(st, place_action("barbare", (0, 1)))


def test_barbare_protected_soldier_not_offered() -> None:
    st = make(hands={0: ["barbare", "mendiant"], 1: ["page"]}, castle={(0, 1): [("soldat_1", 1), ("chevalier_1", 1)]})
    st = place(st, "barbare", "outside")
    assert st.pending is None and where(st, "soldat_1") == (0, 1)


# ---------------------------------------------------------------- Fée / Fairy


def test_fee_moves_a_card_to_another_zone_or_outside() -> None:
    st = make(hands={0: ["fee", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (0, 1): [("soldat_1", 1)]}, slots={"N": [("engin_1", 1)]},
              outside=[[("barbare", 1)]])
    st = place(st, "fee", "outside")
    assert first_targets(st) == {"roi", "soldat_1", "barbare"}  # not the engine
    dests = {tuple(t[1]) if isinstance(t[1], list) else t[1] for t in targets_of(st) if t[0] == "roi"}
    assert "outside" in dests and (1, 1) not in dests and (0, 0) in dests and (0, 2) in dests
    dests_out = {tuple(t[1]) if isinstance(t[1], list) else t[1] for t in targets_of(st) if t[0] == "barbare"}
    assert "outside" not in dests_out and (3, 3) in dests_out
    st = effect(st, "roi", (5, 5))
    assert where(st, "roi") == (5, 5) and st.tokens["roi"] == 1


def test_fee_only_outside() -> None:
    st = make(hands={0: ["fee", "mendiant"]})
    assert "outside" in illegal(st, place_action("fee", (0, 0)))


def test_fee_knights_engines_and_protected_cards_stay() -> None:
    st = make(hands={0: ["fee", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1), ("chevalier_1", 1)]}, slots={"N": [("engin_1", 1)]})
    st = place(st, "fee", "outside")
    assert st.pending is None and where(st, "roi") == (2, 2) and where(st, "chevalier_1") == (2, 2)


# ---------------------------------------------------------------- Sorcière / Witch


def test_sorciere_sends_back_a_card_in_a_tower() -> None:
    st = make(hands={0: ["sorciere", "mendiant"], 1: ["page"]},
              castle={(0, 0): [("archers", 1)], (0, 1): [("soldat_1", 1)]})
    st = place(st, "sorciere", "outside")
    assert first_targets(st) == {"archers"}
    st = effect(st, "archers")
    assert where(st, "archers") == "hand:1"


def test_sorciere_only_outside() -> None:
    st = make(hands={0: ["sorciere", "mendiant"]})
    assert "outside" in illegal(st, place_action("sorciere", (5, 5)))


def test_sorciere_protected_tower_card_not_offered() -> None:
    st = make(hands={0: ["sorciere", "mendiant"], 1: ["page"]},
              castle={(0, 0): [("archers", 1), ("chevalier_1", 0)], (5, 5): [("magicien", 1)], (4, 4): [("pretre", 1)]})
    st = place(st, "sorciere", "outside")
    assert first_targets(st) == {"chevalier_1"}  # the Magician is next to the Priest of his colour
    assert "Priest" in illegal(st, {"type": "effect", "targets": ["magicien"]})


# ---------------------------------------------------------------- Voleur / Thief


def test_voleur_removes_a_token_anywhere_even_protected() -> None:
    st = make(hands={0: ["voleur", "mendiant"], 1: ["nourrice"]},
              castle={(2, 2): [("roi", 1), ("chevalier_1", 1)], (3, 3): ["page"]}, outside=[[("dragon", 0)]])
    st = place(st, "voleur", "outside")
    assert first_targets(st) == {"roi", "chevalier_1", "dragon"}  # not the Thief, not a card without token
    st = effect(st, "roi")
    assert "roi" not in st.tokens and where(st, "roi") == (2, 2)


def test_voleur_only_outside() -> None:
    st = make(hands={0: ["voleur", "mendiant"]})
    assert "outside" in illegal(st, place_action("voleur", (2, 2)))


def test_voleur_then_sent_back_goes_to_the_exchange() -> None:
    st = make(hands={0: ["voleur", "enchanteur"], 1: ["page"]}, castle={(0, 1): [("soldat_1", 1)]})
    st = effect(place(st, "voleur", "outside"), "soldat_1")
    st = place(st, "enchanteur", (0, 0))
    assert where(st, "soldat_1") == "exchange"


# ---------------------------------------------------------------- Mendiant / Beggar


def test_mendiant_outside_no_effect() -> None:
    st = make(hands={0: ["mendiant", "page"], 1: ["nourrice"]}, castle={(2, 2): [("roi", 1)]})
    assert squares_for(st, "mendiant") == {"outside"}
    assert "outside" in illegal(st, place_action("mendiant", (1, 1)))
    st = place(st, "mendiant", "outside")
    assert where(st, "mendiant") == "outside" and where(st, "roi") == (2, 2) and st.pending is None


# ---------------------------------------------------------------- Chevalier / Knight


def test_chevalier_goes_on_any_card_and_protects_it() -> None:
    st = make(hands={0: ["chevalier_1", "chevalier_2", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)]}, slots={"N": [("engin_1", 1)]}, outside=[[("dragon", 1)]])
    assert squares_for(st, "chevalier_1") == {"on:roi", "on:engin_1", "on:dragon"}
    st = place(st, "chevalier_1", on="roi")
    assert st.grid[(2, 2)] == ["roi", "chevalier_1"] and st.tokens["chevalier_1"] == 0 and st.tokens["roi"] == 1
    assert st.is_protected("roi") and not st.is_protected("chevalier_1")
    st = place(st, "chevalier_2", on="chevalier_1")  # a Knight on a Knight
    assert st.grid[(2, 2)] == ["roi", "chevalier_1", "chevalier_2"] and st.is_protected("chevalier_1")


def test_chevalier_only_on_top_of_a_card_in_play() -> None:
    st = make(hands={0: ["chevalier_1", "mendiant"]}, castle={(2, 2): [("roi", 1), ("chevalier_2", 1)]})
    assert squares_for(st, "chevalier_1") == {"on:chevalier_2"}
    assert "covered" in illegal(st, place_action("chevalier_1", on="roi"))
    assert "on top of a card" in illegal(st, place_action("chevalier_1", (2, 3)))
    assert "not a card in play" in illegal(st, place_action("chevalier_1", on="reine"))
    assert squares_for(make(hands={0: ["chevalier_1", "mendiant"]}), "chevalier_1") == set()


def test_chevalier_itself_can_be_sent_back() -> None:
    st = make(hands={0: ["dragon", "mendiant"], 1: ["page"]}, outside=[[("barbare", 1), ("chevalier_1", 0)]])
    st = place(st, "dragon", "outside")
    assert targets_of(st) == [["chevalier_1"]]
    st = effect(st, "chevalier_1")
    assert where(st, "chevalier_1") == "hand:0" and not st.is_protected("barbare")
