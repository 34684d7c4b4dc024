"""Setup, steps 1-13 of seed 001, the options and the character choice."""

from __future__ import annotations

from collections import Counter

import pytest

from donjon.games import IllegalAction, get_game
from donjon.games.citadel import GAME
from donjon.games.citadel.board import COLOURS, DOOR_IDS, LABORATORY, OUTSIDE, ROOM_IDS
from donjon.games.citadel.catalogue import CHARACTERS, SWITCH_TILES, TREASURES

from .util import act, table


def test_registered_and_cooperative() -> None:
    game = get_game("citadel")
    assert game is GAME
    assert (game.min_players, game.max_players, game.cooperative) == (1, 4, True)


def test_twelve_switch_tiles_six_off_six_on_one_per_room() -> None:
    for seed in range(20):
        st = GAME.setup(2, seed, {"characters": ["nathan", "ada"]})
        assert sorted(st.switch_type) == sorted(ROOM_IDS)
        assert Counter(st.switch_type.values()) == Counter(SWITCH_TILES)
        assert sum(st.switch_on.values()) == 6


def test_room_cards_and_switches_are_shuffled_from_the_seed() -> None:
    layouts = {tuple(sorted(GAME.setup(1, seed).switch_type.items())) for seed in range(10)}
    assert len(layouts) > 5
    a, b = GAME.setup(3, 42), GAME.setup(3, 42)
    assert GAME.dump(a) == GAME.dump(b)


def test_three_treasures_red_green_blue_counted_from_xii() -> None:
    for seed in range(20):
        st = GAME.setup(1, seed, {"difficulty": "easy"})
        assert list(st.treasures) == list(COLOURS)
        assert st.clock == 0
        rooms = [t.room for t in st.treasures.values()]
        assert len(set(rooms)) == 3
        for colour, t in st.treasures.items():
            assert t.pos == TREASURES[t.id].minutes  # minutes clockwise from XII
            assert st.left(colour) == TREASURES[t.id].minutes
        # The revealed room cards are on the room discard, the tiles left the face-down stack.
        assert all(r in st.room_discard for r in rooms)
        assert len(st.stack) == 15


def test_professor_in_laboratory_clock_on_xii_all_doors_closed_pawns_outside() -> None:
    st = table(("nathan", "irene", "ada"))
    view = GAME.view(st, 0)
    assert view["professor"] == LABORATORY
    assert view["clock"] == 0
    assert view["doors"] == {d: "closed" for d in DOOR_IDS}
    assert all(c["room"] == OUTSIDE for c in view["characters"])
    assert all(not c["face_up"] for c in view["characters"])


def test_each_character_shuffles_its_six_cards_and_unused_ones_stay_in_the_box() -> None:
    st = table(("edward", "destiny"))
    assert [c.id for c in st.chars] == ["edward", "destiny"]
    for ch in st.chars:
        cards = list(ch.deck or []) + list(ch.revealed or []) + list(ch.discard or [])
        assert sorted(cards) == sorted(CHARACTERS[ch.id].card_ids)
    orders = {tuple(GAME.setup(2, seed, {"characters": ["edward", "destiny"], "first": 0}).chars[1].deck or [])
              for seed in range(10)}
    assert len(orders) > 3
    assert {c["id"] for c in GAME.view(st, None)["characters"]} == {"edward", "destiny"}


def test_players_choose_their_characters() -> None:
    st = GAME.setup(2, 5)
    assert st.phase == "choose"
    assert GAME.to_act(st) == [0]
    assert [a["character"] for a in GAME.legal_actions(st, 0)] == list(CHARACTERS)
    st = act(st, {"type": "choose", "character": "irene"})
    assert GAME.to_act(st) == [1]
    assert {"type": "choose", "character": "irene"} not in GAME.legal_actions(st, 1)
    with pytest.raises(IllegalAction, match="already taken"):
        GAME.apply(st, 1, {"type": "choose", "character": "irene"})
    st = act(st, {"type": "choose", "character": "ada"})
    assert st.phase == "actions"
    assert [(c.id, c.seat) for c in st.chars] == [("irene", 0), ("ada", 1)]
    assert len(st.char.revealed or []) == 2


def test_solo_player_runs_two_characters_or_one() -> None:
    st = GAME.setup(1, 3)
    st = act(st, {"type": "choose", "character": "nathan"})
    assert GAME.to_act(st) == [0]
    st = act(st, {"type": "choose", "character": "destiny"})
    assert [(c.id, c.seat) for c in st.chars] == [("nathan", 0), ("destiny", 0)]
    pure = GAME.setup(1, 3, {"solo_characters": 1, "characters": ["irene"]})
    assert [c.id for c in pure.chars] == ["irene"]


def test_first_player_is_random_then_play_goes_clockwise() -> None:
    firsts = {GAME.setup(4, seed, {"characters": ["nathan", "irene", "edward", "ada"]}).active for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    st = table(("nathan", "irene", "edward"), first=1, dice=[{"action": "hourglass", "colour": "red", "clock": 5}] * 3)
    order = []
    for _ in range(3):
        order.append(st.char.id)
        st = act(st, {"type": "end_actions"})
    assert order == ["irene", "edward", "nathan"]


def test_difficulty_sets_the_treasure_stack() -> None:
    easy = GAME.setup(1, 9, {"difficulty": "easy"})
    normal = GAME.setup(1, 9, {"difficulty": "normal"})
    hard = GAME.setup(1, 9, {"difficulty": "hard"})
    assert (len(easy.stack), len(normal.stack), len(hard.stack)) == (15, 12, 9)
    assert easy.removed == [] and len(normal.removed) == 3 and hard.removed == ["T01", "T02", "T03", "T04", "T05", "T06"]
    assert all(TREASURES[t].easy for t in normal.removed)
    live_hard = [t.id for t in hard.treasures.values()] + hard.stack
    assert not any(TREASURES[t].easy for t in live_hard)
    assert GAME.setup(1, 9).difficulty == "normal"


@pytest.mark.parametrize("players, options, match", [
    (0, {}, "1 to 4"),
    (5, {}, "1 to 4"),
    (2, {"difficulty": "brutal"}, "difficulty"),
    (2, {"characters": ["nathan"]}, "characters"),
    (2, {"characters": ["nathan", "nathan"]}, "characters"),
    (2, {"characters": ["nathan", "bob"]}, "characters"),
    (2, {"solo_characters": 1}, "solo_characters"),
    (1, {"solo_characters": 3}, "solo_characters"),
    (2, {"first": 2, "characters": ["nathan", "ada"]}, "first"),
    (2, {"dice": [{"colour": "pink"}]}, "dice"),
    (2, {"dice": [{"clock": "5"}]}, "dice"),
    (2, {"colour": "red"}, "unknown Citadel option"),
])
def test_bad_setups_are_refused(players: int, options: dict, match: str) -> None:
    with pytest.raises(IllegalAction, match=match):
        GAME.setup(players, 1, options)


def test_there_is_no_balance_option_the_minutes_are_the_tiles() -> None:
    """Issue 20: the old off-by-default ``balance`` option (a hidden bonus per difficulty) is
    gone; every marker is placed exactly its tile's minutes ahead (seed step 9)."""
    with pytest.raises(IllegalAction, match="unknown Citadel option"):
        GAME.setup(2, 1, {"balance": "proposed"})
    for difficulty in ("easy", "normal", "hard"):
        for seed in range(5):
            st = GAME.setup(2, seed, {"difficulty": difficulty})
            assert all(st.left(c) == TREASURES[t.id].minutes for c, t in st.treasures.items())
