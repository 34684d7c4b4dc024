"""The map and the components as data (spec §3.1, §3.2, §3.4, §3.5)."""

from __future__ import annotations

from collections import Counter, deque

from donjon.games.citadel.board import (
    COLOURS,
    DOORS,
    DOORS_OF,
    DOORWAY,
    LABORATORY,
    ROOM_IDS,
    WINDOW_ROOMS,
    door_between,
    map_json,
    neighbours,
    other_side,
)
from donjon.games.citadel.catalogue import (
    ACTION_DIE,
    CARDS,
    CHARACTERS,
    CLOCK_DIE,
    COLOUR_DIE,
    IDEA_ICONS,
    SWITCH_TILES,
    SWITCH_TYPES,
    TREASURES,
    catalogue_json,
    tile_minutes,
)


def distance(a: str, b: str) -> int:
    seen = {a: 0}
    todo = deque([a])
    while todo:
        r = todo.popleft()
        for n in neighbours(r):
            if n not in seen:
                seen[n] = seen[r] + 1
                todo.append(n)
    return seen[b]


def test_twelve_rooms_eighteen_doors_three_per_room() -> None:
    assert len(ROOM_IDS) == 12
    assert len(DOORS) == 18
    for room in ROOM_IDS:
        assert len(DOORS_OF[room]) == 3
        assert len(set(neighbours(room))) == 3


def test_each_room_has_one_doorway_of_each_colour_and_sides_differ() -> None:
    for room in ROOM_IDS:
        assert sorted(DOORWAY[room]) == sorted(COLOURS)
    for d in DOORS.values():
        assert d.colours[0] != d.colours[1], d.id


def test_map_matches_the_spec_adjacency_list() -> None:
    spec = {
        "gallery": ("D01", "D13", "D06"), "conservatory": ("D02", "D14", "D01"), "library": ("D03", "D15", "D02"),
        "dining_room": ("D04", "D16", "D03"), "ballroom": ("D05", "D17", "D04"), "wine_cellar": ("D06", "D18", "D05"),
        "trophy_room": ("D12", "D07", "D13"), "study": ("D07", "D08", "D14"), "music_room": ("D08", "D09", "D15"),
        "laboratory": ("D09", "D10", "D16"), "observatory": ("D10", "D11", "D17"), "salon": ("D11", "D12", "D18"),
    }
    for room, (red, green, blue) in spec.items():
        assert (DOORWAY[room]["red"], DOORWAY[room]["green"], DOORWAY[room]["blue"]) == (red, green, blue), room
    assert other_side("D16", "laboratory") == "dining_room"
    assert door_between("gallery", "trophy_room") == "D13"
    assert door_between("gallery", "salon") is None


def test_windows_and_the_laboratory_position() -> None:
    assert WINDOW_ROOMS == {"gallery", "library", "ballroom"}
    assert distance(LABORATORY, "library") == 2
    assert distance(LABORATORY, "ballroom") == 2
    assert distance(LABORATORY, "gallery") == 4
    assert not set(neighbours(LABORATORY)) & WINDOW_ROOMS


def test_no_colour_sends_the_professor_straight_back() -> None:
    for room in ROOM_IDS:
        for colour in COLOURS:
            nxt = other_side(DOORWAY[room][colour], room)
            back = other_side(DOORWAY[nxt][colour], nxt)
            assert back != room, (room, colour)


def test_red_circles_the_rings() -> None:
    room, seen = "gallery", []
    for _ in range(6):
        room = other_side(DOORWAY[room]["red"], room)
        seen.append(room)
    assert seen == ["conservatory", "library", "dining_room", "ballroom", "wine_cellar", "gallery"]


def test_switch_tiles_are_twelve_of_five_types() -> None:
    assert len(SWITCH_TILES) == 12
    assert Counter(SWITCH_TILES) == {"padlock": 3, "camera": 3, "laser": 2, "saw": 2, "alarm": 2}
    assert len(SWITCH_TYPES) == 5


def test_treasure_minutes_follow_the_rule() -> None:
    assert len(TREASURES) == 18
    for t in TREASURES.values():
        # The site's table (docs/rules/citadel.md §22), not the spec's proposal (10 + 5 x switch tiles).
        assert t.minutes == {1: 40, 2: 40, 3: 45}[len(t.types)] == tile_minutes(t.types), t.id
        assert 1 <= len(t.types) <= 3
        assert all(ty in SWITCH_TILES for ty in t.types)
    assert [t.id for t in TREASURES.values() if t.easy] == ["T01", "T02", "T03", "T04", "T05", "T06"]


def test_three_dice_faces() -> None:
    assert sorted(COLOUR_DIE) == ["blue", "blue", "green", "green", "red", "red"]
    assert ACTION_DIE == ("1", "2", "3", "passage", "hourglass", "hourglass_all")
    assert sorted(CLOCK_DIE) == [5, 5, 5, 5, 5, 10]
    assert IDEA_ICONS == (15, 45)


def test_five_characters_with_six_cards_each() -> None:
    assert len(CHARACTERS) == 5
    assert len(CARDS) == 30
    for ch in CHARACTERS.values():
        assert len(ch.card_ids) == 6
        assert all(CARDS[c].character == ch.id for c in ch.card_ids)


def test_static_data_is_json_ready() -> None:
    import json

    json.dumps(map_json())
    data = catalogue_json()
    json.dumps(data)
    assert len(data["cards"]) == 30
