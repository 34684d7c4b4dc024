"""The Professor phase: every face of the three dice and what the Professor does (seed + §3.7.3)."""

from __future__ import annotations

import pytest

from donjon.games.citadel import GAME
from donjon.games.citadel.board import OUTSIDE
from donjon.games.citadel.catalogue import TREASURES

from .util import act, end, events, illegal, scene, stack_top


def roll(colour: str = "red", action: str = "hourglass", clock: int = 5) -> dict:
    return {"colour": colour, "action": action, "clock": clock}


@pytest.mark.parametrize("colour, steps, path", [
    ("red", "1", ["music_room"]),
    ("red", "2", ["music_room", "study"]),
    ("red", "3", ["music_room", "study", "trophy_room"]),
    ("green", "1", ["observatory"]),
    ("green", "3", ["observatory", "salon", "trophy_room"]),
    ("blue", "1", ["dining_room"]),
    ("blue", "2", ["dining_room", "library"]),
    ("blue", "3", ["dining_room", "library", "conservatory"]),
])
def test_walk_faces_follow_the_rolled_colour_room_by_room(colour: str, steps: str, path: list[str]) -> None:
    st = end(scene(dice=[roll(colour, steps)]))
    moves = events(st, "professor_move") or [e for e in st.log if e["type"] == "professor_move"]
    assert [m["to"] for m in moves] == path
    assert all(m["colour"] == colour for m in moves)
    assert st.professor == path[-1]


def test_walking_closes_open_doors_and_passes_closed_ones_which_stay_closed() -> None:
    # Laboratory -red-> Music Room (D09 open) -red-> Study (D08 closed) -red-> Trophy Room (D07 open).
    st = end(scene(open_doors=["D09", "D07", "D01"], dice=[roll("red", "3")]))
    assert st.professor == "trophy_room"
    assert st.open_doors == {"D01"}
    closed = [(m["door"], m["closed"]) for m in st.log if m["type"] == "professor_move"]
    assert closed == [("D09", True), ("D08", False), ("D07", True)]


def test_he_turns_on_every_off_switch_in_rooms_he_enters_but_not_his_start() -> None:
    st = end(scene(on=[], dice=[roll("red", "2")]))
    assert st.switch_on["music_room"] and st.switch_on["study"]
    assert not st.switch_on["laboratory"]
    assert sum(st.switch_on.values()) == 2
    assert [e["room"] for e in st.log if e["type"] == "switch"] == ["music_room", "study"]


def test_a_switch_already_on_stays_on() -> None:
    st = end(scene(on=["music_room"], dice=[roll("red", "1")]))
    assert st.switch_on["music_room"]
    assert not [e for e in st.log if e["type"] == "switch"]


def test_characters_in_any_room_he_enters_flee_outside_even_mid_walk() -> None:
    st = scene(("nathan", "irene", "ada"), rooms={"nathan": "music_room", "irene": "study", "ada": "library"},
               dice=[roll("red", "2")])
    st = end(st)
    rooms = {c.id: c.room for c in st.chars}
    assert rooms == {"nathan": OUTSIDE, "irene": OUTSIDE, "ada": "library"}
    assert [(e["character"], e["room"]) for e in st.log if e["type"] == "flee"] == [("nathan", "music_room"),
                                                                                  ("irene", "study")]


def test_a_fled_character_re_enters_later_by_a_move_through_a_window() -> None:
    st = scene(rooms={"nathan": "music_room"}, dice=[roll("red", "1"), roll(), roll()])
    st = end(st)
    assert st.chars[0].room == OUTSIDE
    st = end(st)  # Irene's turn
    assert st.char.id == "nathan"
    assert sorted(a["to"] for a in GAME.legal_actions(st, 0) if a["type"] == "move") == ["ballroom", "gallery", "library"]
    st = act(st, {"type": "move", "to": "library"})
    assert st.chars[0].room == "library"


def test_passage_goes_straight_to_the_treasure_of_the_colour() -> None:
    st = end(scene(rooms={"irene": "conservatory"}, open_doors=["D16"], dice=[roll("blue", "passage")]))
    assert st.professor == "conservatory"
    assert st.chars[1].room == OUTSIDE
    assert st.open_doors == {"D16"}
    move = [e for e in st.log if e["type"] == "professor_move"][0]
    assert move["door"] is None and move["cause"] == "passage"
    assert st.switch_on["conservatory"]


def test_passage_does_nothing_when_he_is_already_there() -> None:
    st = scene(treasures={"red": ("T02", "laboratory", 40)}, dice=[roll("red", "passage")])
    st = end(st)
    assert st.professor == "laboratory"
    assert [e for e in st.log if e["type"] == "passage_none"]
    assert not st.switch_on["laboratory"]


def test_hourglass_moves_the_rolled_colour_marker_five_minutes_back() -> None:
    st = end(scene(dice=[roll("green", "hourglass")]))
    # Green lost 5 minutes to the die and 5 to the clock; the others only 5 to the clock.
    assert (st.left("red"), st.left("green"), st.left("blue")) == (35, 30, 35)


def test_hourglass_all_moves_every_marker_back_red_green_blue() -> None:
    st = end(scene(dice=[roll("blue", "hourglass_all")]))
    assert (st.left("red"), st.left("green"), st.left("blue")) == (30, 30, 30)
    order = [e["colour"] for e in st.log if e["type"] == "treasure_time"]
    assert order == ["red", "green", "blue"]


@pytest.mark.parametrize("clock_face, minutes", [(5, 5), (10, 10)])
def test_clock_die_advances_the_clock_five_or_ten_minutes(clock_face: int, minutes: int) -> None:
    st = end(scene(dice=[roll("red", "1", clock_face)]))
    assert st.clock == minutes
    assert [e["clock"] for e in st.log if e["type"] == "clock"] == list(range(5, minutes + 1, 5))


def test_action_die_resolves_before_the_clock_die() -> None:
    st = end(scene(rooms={"nathan": "music_room"}, dice=[roll("red", "1", 5)]))
    kinds = [e["type"] for e in st.log]
    assert kinds.index("professor_move") < kinds.index("clock")


def test_a_treasure_is_lost_when_the_clock_reaches_its_marker_and_a_new_one_is_placed() -> None:
    st = scene(treasures={"red": ("T02", "salon", 5)}, clock=20, dice=[roll("green", "1", 5)])
    st = stack_top(st, tiles=["T12"], rooms=["study"])
    st = end(st)
    assert st.lost == ["T02"]
    assert st.treasures["red"].id == "T12" and st.treasures["red"].room == "study"
    assert st.treasures["red"].pos == (25 + TREASURES["T12"].minutes) % 60
    assert GAME.view(st, 0)["lost"] == ["T02"]


def test_a_marker_pushed_back_onto_the_clock_loses_the_treasure_and_a_new_one_comes() -> None:
    st = scene(treasures={"blue": ("T05", "conservatory", 5)}, clock=30, dice=[roll("blue", "hourglass", 5)])
    st = stack_top(st, tiles=["T09"], rooms=["gallery"])
    st = end(st)
    assert st.lost == ["T05"]
    new = st.treasures["blue"]
    assert (new.id, new.room) == ("T09", "gallery")
    # Counted clockwise from the clock marker where it stood at the loss (30), then the clock moved on.
    assert new.pos == (30 + TREASURES["T09"].minutes) % 60
    kinds = [e["type"] for e in st.log]
    assert kinds.index("treasure_lost") < kinds.index("treasure_placed") < kinds.index("clock")


def test_a_room_card_of_a_room_holding_a_treasure_is_skipped() -> None:
    st = scene(treasures={"red": ("T02", "salon", 5)}, clock=0, dice=[roll("green", "1", 5)])
    st = stack_top(st, tiles=["T10"], rooms=["trophy_room", "conservatory", "dining_room"])
    st = end(st)
    assert st.treasures["red"].room == "dining_room"
    assert [e["room"] for e in st.log if e["type"] == "room_card_skipped"] == ["trophy_room", "conservatory"]


def test_the_room_deck_is_rebuilt_from_its_discard_when_empty() -> None:
    st = scene(treasures={"red": ("T02", "salon", 5)}, clock=0, dice=[roll("green", "1", 5)])
    st = st.copy()
    st.room_discard = st.room_deck + st.room_discard
    st.room_deck = []
    st = end(st)
    assert [e for e in st.log if e["type"] == "room_deck_reshuffled"]
    assert len(st.room_deck) + len(st.room_discard) == 12


@pytest.mark.parametrize("start, face, icon", [(10, 5, 15), (10, 10, 15), (40, 5, 45), (40, 10, 45)])
def test_the_idea_icon_triggers_when_the_clock_lands_on_or_passes_15_and_45(start: int, face: int, icon: int) -> None:
    st = scene(clock=start, dice=[roll("red", "1", face)])
    st = act(st, {"type": "end_actions"})
    assert st.phase == "vote"
    assert [e["clock"] for e in st.log if e["type"] == "idea"] == [icon]


def test_no_idea_icon_elsewhere() -> None:
    st = end(scene(clock=20, dice=[roll("red", "1", 10)]), settle=False)
    assert st.phase == "actions"
    assert not [e for e in st.log if e["type"] == "idea"]


def test_the_fourth_loss_ends_the_game_at_once_and_skips_the_rest() -> None:
    st = scene(treasures={"red": ("T02", "salon", 5), "green": ("T04", "trophy_room", 5)},
               dice=[roll("red", "hourglass_all", 10)])
    st = st.copy()
    st.lost = ["T10", "T11", "T12"]
    st = end(st)
    assert GAME.outcome(st) is not None
    assert st.lost == ["T10", "T11", "T12", "T02"]
    assert st.left("green") == 5 and st.clock == 0  # green never moved, no clock step
    assert GAME.to_act(st) == []
    assert st.phase == "over"


def test_a_door_he_closed_blocks_players_until_they_open_it_again() -> None:
    st = scene(professor="trophy_room", rooms={"irene": "salon"}, open_doors=["D07", "D12"],
               dice=[{"colour": "green", "action": "2", "clock": 5}])
    st = end(st)
    assert st.professor == "music_room" and "D07" not in st.open_doors and st.char.id == "irene"
    st = act(st, {"type": "move", "to": "trophy_room"})
    assert "D07" in illegal(st, {"type": "move", "to": "study"})
    st = act(st, {"type": "open", "door": "D07"})
    st = act(st, {"type": "move", "to": "study"})
    assert st.chars[1].room == "study"
