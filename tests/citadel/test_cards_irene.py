"""Irene Elder's six action cards (E1-E6)."""

from __future__ import annotations

import itertools

from donjon.games.citadel import GAME

from .util import act, card, end, illegal, legal_of, scene, stack_top

IRENE = ("irene", "nathan")
QUIET_WALK = {"colour": "green", "action": "1", "clock": 5}


def test_borrowed_time_gives_one_treasure_ten_minutes_capped_at_55() -> None:
    st = scene(IRENE, revealed=["borrowed_time", "stitch_in_time"], treasures={"green": ("T04", "trophy_room", 50)})
    assert [a["colour"] for a in legal_of(st, "card", "borrowed_time")] == ["red", "green", "blue"]
    assert card(st, "borrowed_time", colour="red").left("red") == 50
    assert card(st, "borrowed_time", colour="green").left("green") == 55
    full = scene(IRENE, revealed=["borrowed_time", "stitch_in_time"],
                 treasures={c: (t, r, 55) for c, t, r in (("red", "T02", "salon"), ("green", "T04", "trophy_room"),
                                                          ("blue", "T05", "conservatory"))})
    assert "55 minutes" in illegal(full, {"type": "card", "card": "borrowed_time", "colour": "red"})


def test_stitch_in_time_gives_every_treasure_five_minutes() -> None:
    st = card(scene(IRENE, revealed=["stitch_in_time", "borrowed_time"]), "stitch_in_time")
    assert (st.left("red"), st.left("green"), st.left("blue")) == (45, 45, 45)


def test_frozen_hour_ignores_the_clock_die() -> None:
    st = scene(IRENE, revealed=["frozen_hour", "time_slip"], dice=[{"colour": "green", "action": "1", "clock": 10}])
    st = end(card(st, "frozen_hour"))
    assert st.clock == 0 and st.professor == "observatory"


def test_time_slip_cancels_both_hourglass_faces() -> None:
    for face in ("hourglass", "hourglass_all"):
        st = scene(IRENE, revealed=["time_slip", "frozen_hour"], dice=[{"colour": "red", "action": face, "clock": 5}])
        st = end(card(st, "time_slip"))
        assert (st.left("red"), st.left("green"), st.left("blue")) == (35, 35, 35)
    walk = end(card(scene(IRENE, revealed=["time_slip", "frozen_hour"], dice=[QUIET_WALK]), "time_slip"))
    assert walk.professor == "observatory"


def test_premonition_looks_at_three_tiles_and_three_room_cards_and_reorders_them() -> None:
    st = scene(IRENE, players=2, revealed=["premonition", "stitch_in_time"])
    st = stack_top(st, tiles=["T09", "T10", "T11"], rooms=["gallery", "study", "salon"])
    st = card(st, "premonition")
    assert st.phase == "premonition"
    assert GAME.view(st, 0)["peek"] == {"treasures": ["T09", "T10", "T11"], "rooms": ["gallery", "study", "salon"]}
    assert GAME.view(st, 1)["peek"] is None and GAME.view(st, None).get("peek") is None
    assert len(legal_of(st, "arrange")) == 36
    assert "put back all of them" in illegal(st, {"type": "arrange", "treasures": ["T09"], "rooms": ["gallery"]})
    assert "looked at" in illegal(st, {"type": "arrange", "treasures": ["T09", "T10", "T12"],
                                       "rooms": ["gallery", "study", "salon"]})
    st = act(st, {"type": "arrange", "treasures": ["T11", "T09", "T10"], "rooms": ["study", "salon", "gallery"]})
    assert st.phase == "actions"
    assert st.stack[:3] == ["T11", "T09", "T10"] and st.room_deck[:3] == ["study", "salon", "gallery"]
    assert GAME.view(st, 0)["known"] == {"treasures": ["T11", "T09", "T10"], "rooms": ["study", "salon", "gallery"]}
    assert GAME.view(st, 1)["known"] == {"treasures": [], "rooms": []}


def test_premonition_order_is_what_the_next_placement_uses() -> None:
    st = scene(IRENE, revealed=["premonition", "stitch_in_time"], treasures={"red": ("T02", "salon", 5)},
               dice=[QUIET_WALK])
    st = card(st, "premonition")
    peek = st.peek
    assert peek is not None
    tiles, rooms = peek["treasures"], [r for r in peek["rooms"]]
    free = [r for r in rooms if r not in ("trophy_room", "conservatory", "salon")]
    order_rooms = free[:1] + [r for r in rooms if r not in free[:1]]
    st = act(st, {"type": "arrange", "treasures": list(reversed(tiles)), "rooms": order_rooms})
    st = end(st)
    assert st.treasures["red"].id == tiles[-1] and st.treasures["red"].room == order_rooms[0]


def test_premonition_with_a_short_room_deck_puts_the_discard_under_it() -> None:
    st = scene(IRENE, revealed=["premonition", "stitch_in_time"]).copy()
    st.room_discard = st.room_deck[1:] + st.room_discard
    st.room_deck = st.room_deck[:1]
    st = card(st, "premonition")
    assert st.peek is not None and len(st.peek["rooms"]) == 3
    assert len(st.room_deck) + len(st.room_discard) == 12


def test_premonition_every_arrangement_is_legal() -> None:
    st = card(scene(IRENE, revealed=["premonition", "stitch_in_time"]), "premonition")
    assert st.peek is not None
    for t, r in itertools.product(itertools.permutations(st.peek["treasures"]), itertools.permutations(st.peek["rooms"])):
        assert {"type": "arrange", "treasures": list(t), "rooms": list(r)} in legal_of(st, "arrange")


def test_second_chance_two_more_actions_and_the_clock_moves_five_minutes_now() -> None:
    st = scene(IRENE, revealed=["second_chance", "stitch_in_time"], treasures={"red": ("T02", "salon", 5)})
    st = stack_top(st, tiles=["T08"], rooms=["study"])
    st = card(st, "second_chance")
    assert st.actions_left == 5 and st.clock == 5
    assert st.lost == ["T02"] and st.treasures["red"].id == "T08"
    assert st.phase == "actions"


def test_second_chance_reaching_an_idea_icon_opens_the_vote_then_the_turn_goes_on() -> None:
    st = scene(IRENE, players=1, revealed=["second_chance", "stitch_in_time"], clock=10)
    st = card(st, "second_chance")
    assert st.phase == "vote" and st.clock == 15
    st = act(st, {"type": "vote", "choice": "irene"})
    assert st.phase == "actions" and st.chars[0].face_up and st.actions_left == 5
    assert legal_of(st, "power")
