"""Soldiers and siege engines (seed: the last paragraph)."""

from __future__ import annotations

from tests.castel.util import effect, illegal, make, place, place_action, where

NORTH3 = {(0, 1): [("soldat_1", 1)], (0, 2): [("soldat_2", 1)], (0, 3): [("soldat_3", 0)]}
ENGINES3 = {"N": [("engin_1", 1)], "E": [("engin_2", 1)], "S": [("engin_3", 0)]}


def test_one_siege_engine_facing_each_rampart() -> None:
    st = make(hands={0: ["engin_2", "mendiant"]}, slots={"N": [("engin_1", 1)]})
    assert "already a siege engine" in illegal(st, place_action("engin_2", slot="N"))
    assert "face a rampart" in illegal(st, place_action("engin_2", "outside"))
    assert "not a slot" in illegal(st, place_action("engin_2", slot="X"))


def test_the_fourth_and_last_soldier_sends_back_the_facing_engine() -> None:
    st = make(hands={0: ["soldat_4", "mendiant"], 1: ["page"]}, castle=NORTH3, slots={"N": [("engin_1", 1)]})
    st = place(st, "soldat_4", (0, 4))
    assert where(st, "engin_1") == "hand:1"


def test_a_rampart_with_a_captain_never_holds_four_soldiers() -> None:
    walls = {(0, 1): [("soldat_1", 1)], (0, 2): [("soldat_2", 1)], (0, 3): [("capitaine", 0)]}
    st = make(hands={0: ["soldat_4", "mendiant"], 1: ["page"]}, castle=walls, slots={"N": [("engin_1", 1)]})
    st = place(st, "soldat_4", (0, 4))
    assert where(st, "engin_1") == "slot:N"


def test_an_engine_may_face_a_rampart_of_four_soldiers() -> None:
    full = {**NORTH3, (0, 4): [("soldat_4", 1)]}
    st = make(hands={0: ["engin_1", "mendiant"], 1: ["page"]}, castle=full)
    st = place(st, "engin_1", slot="N")
    assert where(st, "engin_1") == "slot:N"


def test_soldiers_may_be_placed_while_four_engines_are_in_place() -> None:
    st = make(hands={0: ["soldat_1", "mendiant"], 1: ["page"]}, slots={**ENGINES3, "W": [("engin_4", 1)]})
    st = place(st, "soldat_1", (0, 1))
    assert where(st, "soldat_1") == (0, 1) and len(st.slots) == 4


def test_the_fourth_engine_sends_back_every_soldier_on_every_rampart() -> None:
    walls = {(0, 1): [("soldat_1", 1)], (2, 0): [("soldat_2", 0)], (5, 3): ["soldat_3"], (3, 5): [("soldat_4", 1)]}
    st = make(hands={0: ["engin_4", "mendiant"], 1: ["page"]}, castle={**walls, (2, 2): [("soldat_5", 1)]},
              slots=ENGINES3)
    st = place(st, "engin_4", slot="W")
    assert where(st, "soldat_1") == "hand:1" and where(st, "soldat_2") == "hand:0"
    assert where(st, "soldat_3") == "exchange" and where(st, "soldat_4") == "hand:1"
    assert where(st, "soldat_5") == (2, 2)  # moved into the courtyard by a Fairy: not on a rampart


def test_captain_sent_back_while_his_soldiers_stay() -> None:
    walls = {(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1)], (0, 3): [("soldat_2", 0)], (2, 0): [("soldat_3", 1)]}
    st = make(hands={0: ["engin_4", "mendiant"], 1: ["page"]}, castle=walls, slots=ENGINES3)
    st = place(st, "engin_4", slot="W")
    assert where(st, "capitaine") == "hand:1"
    assert where(st, "soldat_1") == (0, 1) and where(st, "soldat_2") == (0, 3)
    assert where(st, "soldat_3") == "hand:1"


def test_lookout_moving_a_soldier_to_the_last_free_square_sends_back_the_engine() -> None:
    st = make(hands={0: ["guetteur", "mendiant"], 1: ["page"]},
              castle={**NORTH3, (2, 0): [("soldat_4", 1)]}, slots={"N": [("engin_1", 1)]})
    st = place(st, "guetteur", (5, 5))
    st = effect(st, "soldat_4", (0, 4))
    assert where(st, "soldat_4") == (0, 4) and where(st, "engin_1") == "hand:1"


def test_other_moves_of_a_soldier_do_not_trigger() -> None:
    st = make(hands={0: ["fee", "mendiant"], 1: ["page"]},
              castle={**NORTH3, (2, 2): [("soldat_4", 1)]}, slots={"N": [("engin_1", 1)]})
    st = effect(place(st, "fee", "outside"), "soldat_4", (0, 4))
    assert where(st, "soldat_4") == (0, 4) and where(st, "engin_1") == "slot:N"
