"""Edward Wyre's six action cards (W1-W6)."""

from __future__ import annotations

from .util import act, card, end, illegal, legal_of, scene

EDWARD = ("edward", "nathan")


def test_remote_control_flips_any_switch_even_in_the_professors_room() -> None:
    st = scene(EDWARD, revealed=["remote_control", "tinker"], on=["laboratory"])
    assert len(legal_of(st, "card", "remote_control")) == 12
    st2 = card(st, "remote_control", room="laboratory")
    assert st2.switch_on["laboratory"] is False and st2.professor == "laboratory"
    assert card(st, "remote_control", room="salon").switch_on["salon"] is True


def test_short_circuit_turns_off_up_to_two_switches_of_one_type() -> None:
    st = scene(EDWARD, revealed=["short_circuit", "tinker"], on=["gallery", "wine_cellar", "observatory", "library"])
    targets = [a["rooms"] for a in legal_of(st, "card", "short_circuit")]
    assert ["gallery", "wine_cellar"] in targets and ["library"] in targets
    assert ["gallery", "library"] not in targets
    st2 = card(st, "short_circuit", rooms=["wine_cellar", "gallery"])  # any order
    assert not st2.switch_on["gallery"] and not st2.switch_on["wine_cellar"] and st2.switch_on["observatory"]
    assert "not a legal choice" in illegal(st, {"type": "card", "card": "short_circuit", "rooms": ["gallery", "library"]})
    assert "same one twice" in illegal(st, {"type": "card", "card": "short_circuit", "rooms": ["gallery", "gallery"]})
    assert "already OFF" in illegal(scene(EDWARD, revealed=["short_circuit", "tinker"]),
                                    {"type": "card", "card": "short_circuit", "rooms": ["gallery"]})


def test_jammed_gears_the_professor_turns_nothing_on_this_phase() -> None:
    st = scene(EDWARD, revealed=["jammed_gears", "tinker"], on=[], dice=[{"colour": "red", "action": "3", "clock": 5}])
    st = end(card(st, "jammed_gears"))
    assert not any(st.switch_on.values())
    assert [e["room"] for e in st.log if e["type"] == "switch_jammed"] == ["music_room", "study", "trophy_room"]


def test_chain_reaction_turns_off_your_room_and_one_next_to_it() -> None:
    st = scene(EDWARD, rooms={"edward": "library"}, revealed=["chain_reaction", "tinker"],
               on=["library", "music_room", "conservatory"])
    assert sorted(a["room"] for a in legal_of(st, "card", "chain_reaction")) == ["conservatory", "dining_room", "music_room"]
    st = card(st, "chain_reaction", room="music_room")
    assert not st.switch_on["library"] and not st.switch_on["music_room"] and st.switch_on["conservatory"]
    assert "inside the castle" in illegal(scene(EDWARD, revealed=["chain_reaction", "tinker"]),
                                          {"type": "card", "card": "chain_reaction", "room": "gallery"})


def test_override_a_rescue_does_not_turn_switches_back_on() -> None:
    st = scene(EDWARD, rooms={"edward": "salon"}, revealed=["override", "tinker"], treasures={"red": ("T07", "salon", 35)})
    st = act(card(st, "override"), {"type": "rescue", "colour": "red"})
    assert st.saved == ["T07"] and not any(st.switch_on.values())
    plain = act(scene(EDWARD, rooms={"edward": "salon"}, revealed=["override", "tinker"],
                      treasures={"red": ("T07", "salon", 35)}), {"type": "rescue", "colour": "red"})
    assert sum(plain.switch_on.values()) == 5


def test_tinker_adds_one_action_that_must_turn_a_switch() -> None:
    st = scene(EDWARD, rooms={"edward": "gallery"}, revealed=["tinker", "override"])
    st = card(st, "tinker")
    for door in ("D01", "D13", "D06"):
        st = act(st, {"type": "open", "door": door})
    assert st.actions_left == 0 and st.switch_actions == 1
    assert not legal_of(st, "move")
    assert "no regular action left" in illegal(st, {"type": "move", "to": "conservatory"})
    st = act(st, {"type": "switch", "room": "gallery"})
    assert st.switch_on["gallery"] and st.switch_actions == 0
    assert not legal_of(st, "switch")
