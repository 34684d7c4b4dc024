"""Nathan Goodspeed's six action cards (G1-G6)."""

from __future__ import annotations

from donjon.games.citadel import GAME
from donjon.games.citadel.board import OUTSIDE

from .util import act, card, end, events, illegal, legal_of, scene

NATHAN = ("nathan", "irene")


def test_sprint_moves_up_to_two_rooms_through_open_doors() -> None:
    st = scene(NATHAN, rooms={"nathan": "gallery"}, open_doors=["D01", "D02"], revealed=["sprint", "adrenaline"])
    assert sorted(a["to"] for a in legal_of(st, "card", "sprint")) == ["conservatory", "library"]
    after = card(st, "sprint", to="library")
    assert after.chars[0].room == "library" and after.actions_left == 3
    assert events(after, "move")[0]["path"] == ["conservatory", "library"]
    assert card(st, "sprint", to="conservatory").chars[0].room == "conservatory"


def test_sprint_never_passes_through_the_professor() -> None:
    st = scene(NATHAN, rooms={"nathan": "gallery"}, open_doors=["D01", "D02"], professor="conservatory",
               revealed=["sprint", "adrenaline"])
    assert not legal_of(st, "card", "sprint")
    assert "cannot be played now" in illegal(st, {"type": "card", "card": "sprint", "to": "library"})


def test_sprint_from_outside_enters_by_a_window_then_one_more() -> None:
    st = scene(NATHAN, open_doors=["D15"], revealed=["sprint", "adrenaline"])
    assert sorted(a["to"] for a in legal_of(st, "card", "sprint")) == ["ballroom", "gallery", "library", "music_room"]


def test_window_leap_outside_then_one_more_room_or_inside_one_room() -> None:
    st = scene(NATHAN, open_doors=["D03"], revealed=["window_leap", "adrenaline"])
    assert sorted(a["to"] for a in legal_of(st, "card", "window_leap")) == ["ballroom", "dining_room", "gallery", "library"]
    assert card(st, "window_leap", to="dining_room").chars[0].room == "dining_room"
    inside = scene(NATHAN, rooms={"nathan": "library"}, open_doors=["D03", "D04"], revealed=["window_leap", "adrenaline"])
    assert [a["to"] for a in legal_of(inside, "card", "window_leap")] == ["dining_room"]
    assert "not a legal choice" in illegal(inside, {"type": "card", "card": "window_leap", "to": "ballroom"})


def test_slip_through_a_closed_door_which_stays_closed() -> None:
    st = scene(NATHAN, rooms={"nathan": "music_room"}, revealed=["slip_through", "adrenaline"])
    assert sorted(a["to"] for a in legal_of(st, "card", "slip_through")) == ["library", "study"]  # not the Lab
    st = card(st, "slip_through", to="study")
    assert st.chars[0].room == "study" and st.open_doors == set()
    out = scene(NATHAN, revealed=["slip_through", "adrenaline"])
    assert "inside the castle" in illegal(out, {"type": "card", "card": "slip_through", "to": "gallery"})


def test_escort_moves_another_character_two_rooms_or_in_by_a_window() -> None:
    st = scene(NATHAN, rooms={"irene": "gallery"}, open_doors=["D01", "D02"], revealed=["escort", "adrenaline"])
    targets = legal_of(st, "card", "escort")
    assert {a["to"] for a in targets} == {"conservatory", "library"}
    assert all(a["character"] == "irene" for a in targets)
    st = card(st, "escort", character="irene", to="library")
    assert st.chars[1].room == "library" and st.chars[0].room == OUTSIDE
    out = scene(NATHAN, open_doors=["D15"], revealed=["escort", "adrenaline"])
    assert sorted(a["to"] for a in legal_of(out, "card", "escort")) == ["ballroom", "gallery", "library"]
    assert "not a legal choice" in illegal(out, {"type": "card", "card": "escort", "character": "nathan", "to": "gallery"})


def test_adrenaline_gives_a_fourth_regular_action() -> None:
    st = scene(NATHAN, rooms={"nathan": "gallery"}, revealed=["adrenaline", "sprint"])
    st = card(st, "adrenaline")
    for door in ("D01", "D13", "D06"):
        st = act(st, {"type": "open", "door": door})
    st = act(st, {"type": "move", "to": "conservatory"})
    assert st.actions_left == 0


def test_duck_out_lets_you_step_aside_instead_of_fleeing() -> None:
    st = scene(NATHAN, rooms={"nathan": "music_room", "irene": "music_room"}, revealed=["duck_out", "adrenaline"],
               dice=[{"colour": "red", "action": "1", "clock": 5}])
    st = card(st, "duck_out")
    assert st.pending == ["duck_out"]
    st = act(st, {"type": "end_actions"})
    assert st.phase == "duck" and GAME.to_act(st) == [0]
    assert st.chars[1].room == OUTSIDE  # Irene flees as usual
    assert sorted(a["to"] for a in GAME.legal_actions(st, 0)) == ["laboratory", "library", "study"]
    assert GAME.view(st, 0)["duck"] == {"room": "music_room", "options": ["laboratory", "library", "study"]}
    assert "next to yours" in illegal(st, {"type": "duck", "to": "salon"})
    st = act(st, {"type": "duck", "to": "library"})
    assert st.chars[0].room == "library"
    assert st.phase == "actions" and st.char.id == "irene" and st.clock == 5


def test_duck_out_holds_for_every_entry_of_the_phase() -> None:
    st = scene(NATHAN, rooms={"nathan": "music_room"}, revealed=["duck_out", "adrenaline"],
               dice=[{"colour": "red", "action": "2", "clock": 5}])
    st = card(st, "duck_out")
    st = act(st, {"type": "end_actions"})
    st = act(st, {"type": "duck", "to": "study"})  # the next red step goes to the Study
    assert st.phase == "duck" and st.duck == "study"
    st = act(st, {"type": "duck", "to": "conservatory"})
    assert st.chars[0].room == "conservatory" and st.professor == "study"


def test_without_duck_out_you_flee() -> None:
    st = end(scene(NATHAN, rooms={"nathan": "music_room"}, revealed=["adrenaline", "sprint"],
                   dice=[{"colour": "red", "action": "1", "clock": 5}]))
    assert st.chars[0].room == OUTSIDE
