"""Destiny Bradshaw's six action cards (B1-B6)."""

from __future__ import annotations

from donjon.games.citadel import GAME
from donjon.games.citadel.board import OUTSIDE

from .util import act, card, end, illegal, legal_of, scene

DESTINY = ("destiny", "nathan")


def test_twist_of_fate_rerolls_any_of_the_three_dice_once() -> None:
    st = scene(DESTINY, revealed=["twist_of_fate", "slow_down"], dice=[{"colour": "red", "action": "3", "clock": 10}])
    st = act(card(st, "twist_of_fate"), {"type": "end_actions"})
    assert st.phase == "dice" and GAME.view(st, 0)["dice_choice"] == "twist"
    choices = GAME.legal_actions(st, 0)
    assert len(choices) == 8 and {"type": "keep"} in choices
    before = st.rng_counter
    st2 = act(st, {"type": "reroll", "dice": ["clock", "colour"]})
    rerolls = [e for e in st2.log if e["type"] == "reroll"]
    assert [e["die"] for e in rerolls] == ["colour", "clock"]
    assert st2.rng_counter == before + 2
    assert st2.dice is not None and st2.dice["action"] == "3"
    kept = act(st, {"type": "keep"})
    assert kept.dice == {"colour": "red", "action": "3", "clock": 10} and kept.professor == "trophy_room"


def test_change_of_heart_sets_the_colour_die() -> None:
    st = scene(DESTINY, revealed=["change_of_heart", "slow_down"], dice=[{"colour": "red", "action": "1", "clock": 5}])
    st = act(card(st, "change_of_heart"), {"type": "end_actions"})
    assert sorted(a.get("colour", "") for a in GAME.legal_actions(st, 0)) == ["", "blue", "green", "red"]
    assert "set_colour" in illegal(st, {"type": "reroll", "dice": ["colour"]})
    st = act(st, {"type": "set_colour", "colour": "blue"})
    assert st.professor == "dining_room"


def test_distraction_moves_the_professor_one_room_now_through_the_chosen_doorway() -> None:
    st = scene(DESTINY, rooms={"nathan": "observatory"}, open_doors=["D10"], revealed=["distraction", "slow_down"])
    assert [a["colour"] for a in legal_of(st, "card", "distraction")] == ["red", "green", "blue"]
    st = card(st, "distraction", colour="green")
    assert st.professor == "observatory"
    assert "D10" not in st.open_doors
    assert st.chars[1].room == OUTSIDE and st.switch_on["observatory"]
    assert st.phase == "actions" and st.actions_left == 3


def test_slow_down_treats_two_or_three_as_one() -> None:
    for face in ("2", "3"):
        st = scene(DESTINY, revealed=["slow_down", "stay_put"], dice=[{"colour": "red", "action": face, "clock": 5}])
        st = end(card(st, "slow_down"))
        assert st.professor == "music_room"
    hour = scene(DESTINY, revealed=["slow_down", "stay_put"], dice=[{"colour": "red", "action": "hourglass", "clock": 5}])
    assert end(card(hour, "slow_down")).left("red") == 30


def test_stay_put_ignores_walks_and_passage_but_not_hourglass_or_clock() -> None:
    for face in ("1", "2", "3", "passage"):
        st = scene(DESTINY, revealed=["stay_put", "slow_down"], dice=[{"colour": "blue", "action": face, "clock": 10}])
        st = end(card(st, "stay_put"))
        assert st.professor == "laboratory" and st.clock == 10
    st = scene(DESTINY, revealed=["stay_put", "slow_down"], dice=[{"colour": "blue", "action": "hourglass_all", "clock": 5}])
    st = end(card(st, "stay_put"))
    assert (st.left("red"), st.left("green"), st.left("blue")) == (30, 30, 30)


def test_sent_home_takes_the_professor_to_the_laboratory_by_secret_passage() -> None:
    st = scene(DESTINY, professor="salon", rooms={"nathan": "laboratory"}, open_doors=["D11"],
               revealed=["sent_home", "slow_down"])
    st = card(st, "sent_home")
    assert st.professor == "laboratory" and st.open_doors == {"D11"}
    assert st.chars[1].room == OUTSIDE and st.switch_on["laboratory"]
    assert "already in the Laboratory" in illegal(scene(DESTINY, revealed=["sent_home", "slow_down"]),
                                                 {"type": "card", "card": "sent_home"})
    assert not legal_of(scene(DESTINY, revealed=["sent_home", "slow_down"]), "card", "sent_home")
