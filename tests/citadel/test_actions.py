"""The turn's regular actions: move, open, switch, rescue (seed 001 and its FAQ)."""

from __future__ import annotations

from donjon.games.citadel import GAME
from donjon.games.citadel.board import OUTSIDE, ROOM_IDS
from donjon.games.citadel.catalogue import TREASURES

from .util import LAYOUT, act, events, illegal, legal_of, scene, stack_top


def test_the_regular_actions_are_move_open_switch_and_rescue() -> None:
    st = scene(rooms={"nathan": "salon"}, open_doors=["D11"])
    kinds = {a["type"] for a in GAME.legal_actions(st, 0)}
    assert {"move", "open", "switch", "rescue"} <= kinds
    assert kinds <= {"move", "open", "switch", "rescue", "card", "power", "end_actions"}


def test_three_regular_actions_then_only_cards_and_the_end() -> None:
    st = scene(rooms={"nathan": "gallery"})
    for door in ("D01", "D13", "D06"):
        st = act(st, {"type": "open", "door": door})
    assert st.actions_left == 0
    assert not legal_of(st, "move") and not legal_of(st, "open") and not legal_of(st, "switch")
    assert "no regular action left" in illegal(st, {"type": "move", "to": "conservatory"})
    assert legal_of(st, "end_actions")


def test_actions_may_repeat_and_unused_actions_are_lost() -> None:
    st = scene(rooms={"nathan": "gallery"}, dice=[{"colour": "red", "action": "hourglass", "clock": 5}] * 3)
    st = act(st, {"type": "switch", "room": "gallery"})
    st = act(st, {"type": "switch", "room": "gallery"})
    assert st.actions_left == 1 and st.switch_on["gallery"] is False
    st = act(st, {"type": "end_actions"})
    assert st.char.id == "irene" and st.actions_left == 3
    st = act(st, {"type": "end_actions"})
    assert st.char.id == "nathan" and st.actions_left == 3


def test_open_door_is_an_action_removes_the_marker_then_move_through_it_same_turn() -> None:
    st = scene(rooms={"nathan": "gallery"})
    assert illegal(st, {"type": "move", "to": "conservatory"}).startswith("door D01 to the conservatory is closed")
    st = act(st, {"type": "open", "door": "D01"})
    assert st.actions_left == 2
    assert GAME.view(st, 0)["doors"]["D01"] == "open"
    st = act(st, {"type": "move", "to": "conservatory"})
    assert st.char.room == "conservatory" and st.actions_left == 1


def test_opening_needs_a_closed_door_of_your_room() -> None:
    st = scene(rooms={"nathan": "gallery"}, open_doors=["D01"])
    assert "not a door of your room" in illegal(st, {"type": "open", "door": "D09"})
    assert "already open" in illegal(st, {"type": "open", "door": "D01"})
    out = scene()
    assert "outside" in illegal(out, {"type": "open", "door": "D01"})


def test_cannot_move_into_the_professors_room() -> None:
    st = scene(rooms={"nathan": "gallery"}, open_doors=["D01"], professor="conservatory")
    assert {"type": "move", "to": "conservatory"} not in GAME.legal_actions(st, 0)
    assert "Professor" in illegal(st, {"type": "move", "to": "conservatory"})
    outside = scene(professor="library")
    assert sorted(a["to"] for a in legal_of(outside, "move")) == ["ballroom", "gallery"]
    assert "Professor" in illegal(outside, {"type": "move", "to": "library"})


def test_from_outside_only_through_the_windows_of_gallery_library_ballroom() -> None:
    st = scene()
    assert sorted(a["to"] for a in legal_of(st, "move")) == ["ballroom", "gallery", "library"]
    assert "window" in illegal(st, {"type": "move", "to": "salon"})
    st = act(st, {"type": "move", "to": "library"})
    assert st.char.room == "library" and st.actions_left == 2


def test_there_is_no_way_to_leave_the_castle_voluntarily() -> None:
    st = scene(rooms={"nathan": "library"}, open_doors=["D02", "D03", "D15"])
    assert all(a.get("to") != OUTSIDE for a in GAME.legal_actions(st, 0))
    assert "'to' must be a room id" in illegal(st, {"type": "move", "to": "outside"})


def test_switch_flips_either_way_in_your_room_only() -> None:
    st = scene(rooms={"nathan": "library"})
    assert [a["room"] for a in legal_of(st, "switch")] == ["library"]
    st = act(st, {"type": "switch", "room": "library"})
    assert st.switch_on["library"] is True
    st = act(st, {"type": "switch", "room": "library"})
    assert st.switch_on["library"] is False
    assert "only turn the switch of library" in illegal(st, {"type": "switch", "room": "study"})
    assert "outside" in illegal(scene(), {"type": "switch", "room": "library"})


def test_rescue_needs_the_treasure_room_and_every_switch_of_its_types_off() -> None:
    # Morimoto's Sabre needs every saw AND every padlock switch OFF, anywhere in the castle.
    st = scene(rooms={"nathan": "salon"}, treasures={"red": ("T07", "salon", 35)}, on=["observatory"])
    assert not legal_of(st, "rescue")
    reason = illegal(st, {"type": "rescue", "colour": "red"})
    assert "still ON in: observatory" in reason
    assert "not in your room" in illegal(st, {"type": "rescue", "colour": "green"})
    ok = scene(rooms={"nathan": "salon"}, treasures={"red": ("T07", "salon", 35)}, on=["library", "ballroom"])
    assert legal_of(ok, "rescue") == [{"type": "rescue", "colour": "red"}]
    ok = act(ok, {"type": "rescue", "colour": "red"})
    assert ok.saved == ["T07"] and ok.actions_left == 2


def test_a_rescued_tile_goes_to_saved_its_switch_types_turn_on_and_a_new_treasure_is_placed() -> None:
    st = scene(rooms={"nathan": "salon"}, treasures={"red": ("T07", "salon", 35)}, clock=20)
    st = stack_top(st, tiles=["T11"], rooms=["salon", "study"])
    st = act(st, {"type": "rescue", "colour": "red"})
    assert GAME.view(st, 0)["saved"] == ["T07"]
    on = sorted(r for r in ROOM_IDS if st.switch_on[r])
    assert on == sorted(r for r, t in LAYOUT.items() if t in ("saw", "padlock"))
    # The next tile goes to the next room card, its marker counted from the current clock.
    assert st.treasures["red"].id == "T11" and st.treasures["red"].room == "salon"
    assert st.treasures["red"].pos == (20 + TREASURES["T11"].minutes) % 60
    assert [e["type"] for e in st.events] == ["rescue", *["switch"] * 5, "treasure_placed"]


def test_no_limit_on_rescues_in_one_turn_each_is_an_action() -> None:
    st = scene(rooms={"nathan": "salon"}, open_doors=["D12"],
               treasures={"red": ("T02", "salon", 30), "green": ("T04", "trophy_room", 30)})
    # The next red treasure lands in the salon again (Turin Shroud: alarm, all OFF).
    st = stack_top(st, tiles=["T05", "T03", "T01"], rooms=["salon", "gallery", "study"])
    st = act(st, {"type": "rescue", "colour": "red"})
    st = act(st, {"type": "rescue", "colour": "red"})
    assert st.saved == ["T02", "T05"]
    st = act(st, {"type": "move", "to": "trophy_room"})
    assert st.actions_left == 0
    assert "no regular action left" in illegal(st, {"type": "rescue", "colour": "green"})


def test_move_and_open_do_not_move_the_professor() -> None:
    st = scene(rooms={"nathan": "library"})
    st = act(st, {"type": "open", "door": "D15"})
    st = act(st, {"type": "move", "to": "music_room"})
    assert st.professor == "laboratory"
    assert events(st, "move")[0]["path"] == ["music_room"]
