"""The castle map as data (spec §3.2): 12 rooms, 18 doors with coloured doorways, 3 windows.

The castle is a hexagonal prism: an outer ring of six rooms on the exterior walls, an inner
ring of six rooms around the sealed clock room, and one "spoke" door from each outer room to
the inner room beside it. Every room has exactly three doors, one doorway of each die colour
(red, green, blue), and the two sides of a door show different colours, so the Professor
following one colour never bounces straight back.

    >>> DOORWAY["laboratory"]["green"], other_side("D10", "laboratory")
    ('D10', 'observatory')
    >>> sorted(WINDOW_ROOMS)
    ['ballroom', 'gallery', 'library']
    >>> neighbours("gallery")
    ('conservatory', 'trophy_room', 'wine_cellar')

Ids are the JSON names used in actions and views (``"library"``, ``"D03"``, ``"outside"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COLOURS: tuple[str, ...] = ("red", "green", "blue")
"""The three die colours, in the order treasures are handled (red, then green, then blue)."""

OUTSIDE = "outside"
"""The location of a pawn that has not entered the castle yet, or that fled."""

LABORATORY = "laboratory"
"""The Professor's start (seed, setup step 7)."""


@dataclass(frozen=True)
class Room:
    id: str
    name_en: str
    name_es: str
    name_fr: str
    ring: str  # "outer" | "inner"
    index: int  # position 0..5 on its ring, clockwise; O_k is next to I_k
    window: bool

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name_en": self.name_en, "name_es": self.name_es, "name_fr": self.name_fr,
                "ring": self.ring, "index": self.index, "window": self.window}


@dataclass(frozen=True)
class Door:
    id: str
    rooms: tuple[str, str]
    colours: tuple[str, str]  # colour of the doorway on rooms[0]'s side, on rooms[1]'s side

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "rooms": list(self.rooms), "colours": list(self.colours)}


_ROOMS = (
    Room("gallery", "Gallery", "Galería", "Galerie", "outer", 0, True),
    Room("conservatory", "Conservatory", "Invernadero", "Jardin d'hiver", "outer", 1, False),
    Room("library", "Library", "Biblioteca", "Bibliothèque", "outer", 2, True),
    Room("dining_room", "Dining Room", "Comedor", "Salle à manger", "outer", 3, False),
    Room("ballroom", "Ballroom", "Salón de Baile", "Salle de bal", "outer", 4, True),
    Room("wine_cellar", "Wine Cellar", "Bodega", "Cellier", "outer", 5, False),
    Room("trophy_room", "Trophy Room", "Sala de Trofeos", "Salle des trophées", "inner", 0, False),
    Room("study", "Study", "Estudio", "Bureau", "inner", 1, False),
    Room("music_room", "Music Room", "Sala de Música", "Salle de musique", "inner", 2, False),
    Room("laboratory", "Laboratory", "Laboratorio", "Laboratoire", "inner", 3, False),
    Room("observatory", "Observatory", "Observatorio", "Observatoire", "inner", 4, False),
    Room("salon", "Salon", "Salón", "Salon", "inner", 5, False),
)

ROOMS: dict[str, Room] = {r.id: r for r in _ROOMS}
"""Room id → :class:`Room`, outer ring first (clockwise), then the inner ring."""

ROOM_IDS: tuple[str, ...] = tuple(ROOMS)

WINDOW_ROOMS: frozenset[str] = frozenset(r.id for r in _ROOMS if r.window)
"""Gallery, Library and Ballroom: the only ways in from ``outside`` (seed)."""


def _door_table() -> dict[str, Door]:
    outer = [r.id for r in _ROOMS if r.ring == "outer"]
    inner = [r.id for r in _ROOMS if r.ring == "inner"]
    doors: list[Door] = []
    # D01-D06: outer ring, clockwise; red on the first room's side, blue on the second's.
    for k in range(6):
        doors.append(Door(f"D{k + 1:02d}", (outer[k], outer[(k + 1) % 6]), ("red", "blue")))
    # D07-D12: inner ring, clockwise; green on the first room's side, red on the second's.
    for k in range(6):
        doors.append(Door(f"D{k + 7:02d}", (inner[k], inner[(k + 1) % 6]), ("green", "red")))
    # D13-D18: spokes from O_k to I_k; green on the outer side, blue on the inner side.
    for k in range(6):
        doors.append(Door(f"D{k + 13:02d}", (outer[k], inner[k]), ("green", "blue")))
    return {d.id: d for d in doors}


DOORS: dict[str, Door] = _door_table()
"""Door id (``"D01"`` … ``"D18"``) → :class:`Door`, as in the spec's table."""

DOOR_IDS: tuple[str, ...] = tuple(DOORS)

DOORWAY: dict[str, dict[str, str]] = {r: {} for r in ROOM_IDS}
"""Room → colour → the door whose doorway of that colour is in that room."""

DOORS_OF: dict[str, tuple[str, ...]] = {}
"""Room → its three doors, in colour order (red, green, blue)."""

for _d in DOORS.values():
    for _room, _colour in zip(_d.rooms, _d.colours, strict=True):
        assert _colour not in DOORWAY[_room], (_room, _colour)
        DOORWAY[_room][_colour] = _d.id
for _room in ROOM_IDS:
    DOORS_OF[_room] = tuple(DOORWAY[_room][c] for c in COLOURS)


def other_side(door: str, room: str) -> str:
    """The room on the other side of ``door`` seen from ``room``."""
    a, b = DOORS[door].rooms
    return b if room == a else a


def neighbours(room: str) -> tuple[str, ...]:
    """The three rooms next to ``room`` (through any door, whatever its state), sorted."""
    return tuple(sorted(other_side(d, room) for d in DOORS_OF[room]))


def door_between(a: str, b: str) -> str | None:
    """The door joining rooms ``a`` and ``b``, if they are next to each other."""
    for d in DOORS_OF.get(a, ()):
        if other_side(d, a) == b:
            return d
    return None


def map_json() -> dict[str, Any]:
    """The static map for a client: rooms, doors with doorway colours, windows, start room."""
    return {
        "rooms": [r.to_json() for r in _ROOMS],
        "doors": [d.to_json() for d in DOORS.values()],
        "windows": sorted(WINDOW_ROOMS),
        "professor_start": LABORATORY,
        "outside": OUTSIDE,
    }
