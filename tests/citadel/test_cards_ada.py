"""Ada Lockhart's six action cards (L1-L6)."""

from __future__ import annotations

from .util import card, end, illegal, legal_of, scene

ADA = ("ada", "nathan")


def test_skeleton_key_opens_any_two_doors_anywhere() -> None:
    st = scene(ADA, revealed=["skeleton_key", "wedge"])
    targets = legal_of(st, "card", "skeleton_key")
    assert len(targets) == 18 + 18 * 17 // 2
    st = card(st, "skeleton_key", doors=["D16", "D01"])
    assert st.open_doors == {"D01", "D16"}
    one = card(scene(ADA, revealed=["skeleton_key", "wedge"]), "skeleton_key", doors=["D05"])
    assert one.open_doors == {"D05"}
    assert "not a legal choice" in illegal(scene(ADA, revealed=["skeleton_key", "wedge"], open_doors=["D01"]),
                                           {"type": "card", "card": "skeleton_key", "doors": ["D01", "D02"]})


def test_pick_the_locks_opens_every_door_of_your_room() -> None:
    st = card(scene(ADA, rooms={"ada": "study"}, revealed=["pick_the_locks", "wedge"]), "pick_the_locks")
    assert st.open_doors == {"D07", "D08", "D14"}
    assert "inside the castle" in illegal(scene(ADA, revealed=["pick_the_locks", "wedge"]),
                                          {"type": "card", "card": "pick_the_locks"})


def test_wedge_the_professor_leaves_doors_open() -> None:
    st = scene(ADA, open_doors=["D09", "D08"], revealed=["wedge", "open_house"],
               dice=[{"colour": "red", "action": "2", "clock": 5}])
    st = end(card(st, "wedge"))
    assert st.professor == "study" and st.open_doors == {"D08", "D09"}


def test_open_house_opens_every_door_of_any_room() -> None:
    st = scene(ADA, revealed=["open_house", "wedge"], open_doors=["D10"])
    assert len(legal_of(st, "card", "open_house")) == 12
    st = card(st, "open_house", room="laboratory")
    assert st.open_doors == {"D09", "D10", "D16"}


def test_shoulder_charge_opens_a_door_of_your_room_and_goes_through() -> None:
    st = scene(ADA, rooms={"ada": "library"}, revealed=["shoulder_charge", "wedge"], professor="music_room")
    assert sorted(a["door"] for a in legal_of(st, "card", "shoulder_charge")) == ["D02", "D03"]  # not to the Professor
    st = card(st, "shoulder_charge", door="D03")
    assert st.chars[0].room == "dining_room" and st.open_doors == {"D03"} and st.actions_left == 3


def test_grappling_hook_in_through_a_window_or_through_a_closed_door_that_opens() -> None:
    out = scene(ADA, revealed=["grappling_hook", "wedge"], professor="gallery")
    assert sorted(a["to"] for a in legal_of(out, "card", "grappling_hook")) == ["ballroom", "library"]
    assert card(out, "grappling_hook", to="ballroom").chars[0].room == "ballroom"
    inside = scene(ADA, rooms={"ada": "library"}, open_doors=["D02"], revealed=["grappling_hook", "wedge"])
    assert sorted(a["to"] for a in legal_of(inside, "card", "grappling_hook")) == ["dining_room", "music_room"]
    st = card(inside, "grappling_hook", to="music_room")
    assert st.chars[0].room == "music_room" and st.open_doors == {"D02", "D15"}
