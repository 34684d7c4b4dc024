"""Idea icons, the group vote, persistent abilities and power actions of the five characters."""

from __future__ import annotations

from donjon.games.citadel import GAME
from donjon.games.citadel.board import OUTSIDE

from .util import act, end, events, illegal, legal_of, power, scene

IDEA = {"colour": "green", "action": "hourglass", "clock": 5}


def at_idea(chars: tuple[str, ...], players: int | None = None, **kw: object) -> object:
    st = scene(chars, players, clock=10, dice=[IDEA, IDEA, IDEA, IDEA], **kw)
    return act(st, {"type": "end_actions"})


# ---------------------------------------------------------------- the vote


def test_idea_icon_opens_a_group_vote_and_the_majority_tile_flips_face_up() -> None:
    st = at_idea(("nathan", "irene", "ada"))
    assert st.phase == "vote" and GAME.to_act(st) == [0, 1, 2]
    assert sorted(a["choice"] for a in GAME.legal_actions(st, 2)) == ["ada", "irene", "nathan"]
    st = act(st, {"type": "vote", "choice": "ada"}, seat=2)
    assert GAME.to_act(st) == [0, 1]
    assert GAME.view(st, 0)["vote"] == {"candidates": ["nathan", "irene", "ada"], "votes": {"2": "ada"}}
    assert "already voted" in illegal(st, {"type": "vote", "choice": "irene"}, seat=2)
    st = act(st, {"type": "vote", "choice": "irene"}, seat=0)
    st = act(st, {"type": "vote", "choice": "ada"}, seat=1)
    assert [c.id for c in st.chars if c.face_up] == ["ada"]
    up = [e for e in st.events if e["type"] == "power_up"][0]
    assert up["votes"] == {"0": "irene", "1": "ada", "2": "ada"}
    assert st.phase == "actions" and st.char.id == "irene" and st.clock == 15


def test_a_tie_goes_to_the_active_players_choice() -> None:
    st = at_idea(("nathan", "irene"))
    st = act(st, {"type": "vote", "choice": "irene"}, seat=1)
    st = act(st, {"type": "vote", "choice": "nathan"}, seat=0)  # Nathan (seat 0) was the active player
    assert [c.id for c in st.chars if c.face_up] == ["nathan"]


def test_majority_beats_the_active_player_and_ties_go_to_the_active_player() -> None:
    # With at most 4 voters the active player's choice is always among the tied ones.
    st = at_idea(("nathan", "irene", "edward", "ada"), face_up=[])
    for seat, choice in ((0, "ada"), (1, "irene"), (2, "edward"), (3, "edward")):
        st = act(st, {"type": "vote", "choice": choice}, seat=seat)
    assert [c.id for c in st.chars if c.face_up] == ["edward"]
    st = at_idea(("nathan", "irene", "edward", "ada"))
    for seat, choice in ((0, "nathan"), (1, "irene"), (2, "irene"), (3, "ada")):
        st = act(st, {"type": "vote", "choice": choice}, seat=seat)
    assert [c.id for c in st.chars if c.face_up] == ["irene"]
    st = at_idea(("nathan", "irene", "edward", "ada"))
    for seat, choice in ((0, "nathan"), (1, "irene"), (2, "irene"), (3, "nathan")):
        st = act(st, {"type": "vote", "choice": choice}, seat=seat)
    assert [c.id for c in st.chars if c.face_up] == ["nathan"]


def test_only_face_down_tiles_can_be_chosen_and_a_single_one_flips_by_itself() -> None:
    st = at_idea(("nathan", "irene", "ada"), face_up=["irene"])
    assert sorted(a["choice"] for a in GAME.legal_actions(st, 0)) == ["ada", "nathan"]
    assert "face-down" in illegal(st, {"type": "vote", "choice": "irene"}, seat=0)
    assert "face-down" in illegal(st, {"type": "vote", "choice": "edward"}, seat=0)
    single = at_idea(("nathan", "irene"), face_up=["irene"])
    assert single.phase == "actions" and all(c.face_up for c in single.chars)
    none = at_idea(("nathan", "irene"), face_up=["nathan", "irene"])
    assert none.phase == "actions" and [e for e in none.log if e["type"] == "idea_no_effect"]


def test_solo_player_chooses_alone() -> None:
    st = at_idea(("nathan", "irene"), players=1)
    assert GAME.to_act(st) == [0]
    st = act(st, {"type": "vote", "choice": "irene"})
    assert [c.id for c in st.chars if c.face_up] == ["irene"]


def test_the_power_is_used_once_on_your_own_turn_and_flips_the_tile_down() -> None:
    st = scene(("nathan", "irene"), face_up=["nathan", "irene"], professor="salon", dice=[IDEA])
    assert not GAME.legal_actions(st, 1)
    assert "not your turn" in illegal(st, {"type": "power", "colour": "red"}, seat=1)
    st = power(st, to="study")
    assert st.chars[0].room == "study" and not st.chars[0].face_up and st.power_used
    assert not legal_of(st, "power")
    assert "face down" in illegal(st, {"type": "power", "to": "gallery"})
    assert st.actions_left == 3


def test_power_used_this_turn_cannot_be_used_again_even_if_flipped_up() -> None:
    st = scene(("irene", "nathan"), players=1, face_up=["irene"], clock=10)
    st = act(st, {"type": "power", "colour": "red"})
    st = st.copy()
    st.chars[0].face_up = True
    assert not legal_of(st, "power")
    assert "already used this turn" in illegal(st, {"type": "power", "colour": "red"})


# ---------------------------------------------------------------- Nathan


def test_nathan_face_up_moves_up_to_two_rooms_per_move_action() -> None:
    st = scene(("nathan", "irene"), face_up=["nathan"], open_doors=["D15", "D08"])
    assert sorted(a["to"] for a in legal_of(st, "move")) == ["ballroom", "gallery", "library", "music_room"]
    st = act(st, {"type": "move", "to": "music_room"})
    assert st.actions_left == 2
    assert sorted(a["to"] for a in legal_of(st, "move")) == ["library", "study"]
    down = scene(("nathan", "irene"), open_doors=["D15"])
    assert "window" in illegal(down, {"type": "move", "to": "music_room"})


def test_nathan_power_goes_to_any_room_without_the_professor() -> None:
    st = scene(("nathan", "irene"), face_up=["nathan"], professor="salon")
    rooms = sorted(a["to"] for a in legal_of(st, "power"))
    assert len(rooms) == 11 and "salon" not in rooms
    assert "not a legal choice" in illegal(st, {"type": "power", "to": "salon"})


# ---------------------------------------------------------------- Irene


def test_irene_face_up_turns_a_ten_into_five_on_any_players_turn() -> None:
    st = scene(("nathan", "irene"), face_up=["irene"], dice=[{"colour": "red", "action": "hourglass", "clock": 10}])
    assert end(st).clock == 5
    assert end(scene(("nathan", "irene"), dice=[{"colour": "red", "action": "hourglass", "clock": 10}])).clock == 10


def test_irene_power_gives_fifteen_minutes() -> None:
    st = scene(("irene", "nathan"), face_up=["irene"])
    st = power(st, colour="blue")
    assert st.left("blue") == 55 and not st.chars[0].face_up


# ---------------------------------------------------------------- Edward


def test_edward_face_up_turns_switches_next_door_whatever_the_doors_even_the_professors() -> None:
    st = scene(("edward", "nathan"), face_up=["edward"], rooms={"edward": "music_room"})
    assert [a["room"] for a in legal_of(st, "switch")] == ["laboratory", "library", "music_room", "study"]
    st = act(st, {"type": "switch", "room": "laboratory"})
    assert st.switch_on["laboratory"] and st.professor == "laboratory"
    down = scene(("edward", "nathan"), rooms={"edward": "music_room"})
    assert [a["room"] for a in legal_of(down, "switch")] == ["music_room"]


def test_edward_power_turns_off_every_switch_of_one_type() -> None:
    st = scene(("edward", "nathan"), face_up=["edward"], on=["gallery", "wine_cellar", "observatory", "salon"])
    assert sorted(a["switch_type"] for a in legal_of(st, "power")) == ["camera", "padlock"]
    st = power(st, switch_type="padlock")
    assert [r for r, on in st.switch_on.items() if on] == ["salon"]


# ---------------------------------------------------------------- Destiny


def test_destiny_face_up_may_reroll_one_die_on_her_own_turn() -> None:
    st = scene(("destiny", "nathan"), face_up=["destiny"], dice=[{"colour": "red", "action": "3", "clock": 10}, IDEA])
    st = act(st, {"type": "end_actions"})
    assert st.phase == "dice" and GAME.view(st, 0)["dice_choice"] == "destiny"
    assert len(GAME.legal_actions(st, 0)) == 4
    assert "exactly one die" in illegal(st, {"type": "reroll", "dice": ["colour", "clock"]})
    st = act(st, {"type": "reroll", "dice": ["action"]})
    assert st.phase == "actions" and [e["die"] for e in st.log if e["type"] == "reroll"] == ["action"]
    # Not on another player's turn.
    st2 = scene(("nathan", "destiny"), face_up=["destiny"], dice=[IDEA])
    assert act(st2, {"type": "end_actions"}).phase == "actions"


def test_destiny_power_chooses_colour_and_action_faces_the_clock_is_still_rolled() -> None:
    st = scene(("destiny", "nathan"), face_up=["destiny"], dice=[{"colour": "red", "action": "hourglass", "clock": 10}])
    assert len(legal_of(st, "power")) == 18
    st = power(st, colour="blue", face="2")
    assert GAME.view(st, 0)["chosen_dice"] == {"colour": "blue", "action": "2"}
    st = end(st)
    assert st.professor == "library" and st.clock == 10
    assert [e["chosen"] for e in st.log if e["type"] == "roll"] == [["action", "colour"]]


# ---------------------------------------------------------------- Ada


def test_ada_face_up_opens_all_closed_doors_of_her_room_with_one_action() -> None:
    st = scene(("ada", "nathan"), face_up=["ada"], rooms={"ada": "study"}, open_doors=["D08"])
    st = act(st, {"type": "open", "door": "D07"})
    assert st.open_doors == {"D07", "D08", "D14"} and st.actions_left == 2


def test_ada_power_opens_four_closed_doors_anywhere() -> None:
    st = scene(("ada", "nathan"), face_up=["ada"], open_doors=[f"D{i:02d}" for i in range(1, 13)])
    assert len(legal_of(st, "power")) == 15  # C(6, 4)
    st = power(st, doors=["D18", "D13", "D14", "D15"])
    assert st.open_doors >= {"D13", "D14", "D15", "D18"} and not st.chars[0].face_up
    few = scene(("ada", "nathan"), face_up=["ada"], open_doors=[f"D{i:02d}" for i in range(1, 17)])
    assert [a["doors"] for a in legal_of(few, "power")] == [["D17", "D18"]]


def test_a_fled_pawn_keeps_its_face_up_tile() -> None:
    st = scene(("nathan", "irene"), face_up=["nathan"], rooms={"nathan": "music_room"},
               dice=[{"colour": "red", "action": "1", "clock": 5}])
    st = end(st)
    assert st.chars[0].room == OUTSIDE and st.chars[0].face_up
    assert events(st, "flee") or [e for e in st.log if e["type"] == "flee"]
