"""Castel's board geometry: a 6×6 castle with its outside (spec §2).

Row ``r`` runs 0..5 from top to bottom and column ``c`` 0..5 from left to right; a castle
square is the tuple ``(r, c)`` (``[r, c]`` in JSON)::

          c0   c1   c2   c3   c4   c5
    r0    T    N    N    N    N    T        T = tower (4)
    r1    W    C    C    C    C    E        N/E/S/W = the four ramparts (4 squares each)
    r2    W    C    C    C    C    E        C = courtyard (4×4)
    r3    W    C    C    C    C    E
    r4    W    C    C    C    C    E
    r5    T    S    S    S    S    T

Two castle squares are *adjacent* ("voisines") when they share a side or a corner, whatever
their zones (Chebyshev distance 1). Outside the walls has no squares and no adjacency; its
only places are the four siege-engine slots ``N``, ``E``, ``S``, ``W``, each facing the
rampart of the same name.

    >>> zone_of((1, 1)), len(NEIGHBOURS[(1, 1)]), [zone_of(s) for s in NEIGHBOURS[(1, 1)]].count("rampart")
    ('courtyard', 8, 4)
    >>> side_of((3, 5)), RAMPARTS["N"]
    ('E', ((0, 1), (0, 2), (0, 3), (0, 4)))
"""

from __future__ import annotations

from typing import Any

Square = tuple[int, int]

SIZE = 6
ZONES = ("courtyard", "rampart", "tower")
"""The three castle zones; the fourth zone, ``outside``, has no squares."""

TOWERS: tuple[Square, ...] = ((0, 0), (0, 5), (5, 0), (5, 5))
RAMPARTS: dict[str, tuple[Square, ...]] = {
    "N": tuple((0, c) for c in range(1, 5)),
    "E": tuple((r, 5) for r in range(1, 5)),
    "S": tuple((5, c) for c in range(1, 5)),
    "W": tuple((r, 0) for r in range(1, 5)),
}
SIDES: tuple[str, ...] = ("N", "E", "S", "W")
"""Rampart sides, which are also the names of the siege-engine slots facing them."""

COURTYARD: tuple[Square, ...] = tuple((r, c) for r in range(1, 5) for c in range(1, 5))
RAMPART_SQUARES: tuple[Square, ...] = tuple(sq for side in SIDES for sq in RAMPARTS[side])
SQUARES: tuple[Square, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))

_ZONE: dict[Square, str] = {}
for _sq in TOWERS:
    _ZONE[_sq] = "tower"
for _sq in RAMPART_SQUARES:
    _ZONE[_sq] = "rampart"
for _sq in COURTYARD:
    _ZONE[_sq] = "courtyard"

ZONE_SQUARES: dict[str, tuple[Square, ...]] = {"courtyard": COURTYARD, "rampart": RAMPART_SQUARES, "tower": TOWERS}

_SIDE: dict[Square, str] = {sq: side for side in SIDES for sq in RAMPARTS[side]}

NEIGHBOURS: dict[Square, tuple[Square, ...]] = {
    (r, c): tuple(
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    )
    for r, c in SQUARES
}
"""Castle square → the squares adjacent to it (sides and corners, across zones)."""


def zone_of(sq: Square) -> str:
    """``"courtyard"``, ``"rampart"`` or ``"tower"``."""
    return _ZONE[sq]


def side_of(sq: Square) -> str | None:
    """The rampart (``N``/``E``/``S``/``W``) of a rampart square, else None."""
    return _SIDE.get(sq)


def adjacent(a: Square, b: Square) -> bool:
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def parse_square(value: Any) -> Square | None:
    """``[r, c]`` (two integers 0..5) as a square, or None when it is not one."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        r, c = value
        if type(r) is int and type(c) is int and 0 <= r < SIZE and 0 <= c < SIZE:
            return (r, c)
    return None


def square_json(sq: Square) -> list[int]:
    return [sq[0], sq[1]]
