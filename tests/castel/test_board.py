"""Board geometry (seed: zones, squares, "cases voisines")."""

from __future__ import annotations

from collections import Counter

from donjon.games.castel.board import COURTYARD, NEIGHBOURS, RAMPARTS, SQUARES, TOWERS, adjacent, zone_of
from tests.castel.util import make, place, squares_for, where


def test_four_zones_castle_is_courtyard_ramparts_towers() -> None:
    zones = Counter(zone_of(sq) for sq in SQUARES)
    assert zones == {"courtyard": 16, "rampart": 16, "tower": 4}
    assert all(len(RAMPARTS[s]) == 4 for s in "NESW") and len(TOWERS) == 4 and len(COURTYARD) == 16


def test_courtyard_corner_is_next_to_one_tower_four_ramparts_three_courtyard() -> None:
    for corner in ((1, 1), (1, 4), (4, 1), (4, 4)):
        zones = Counter(zone_of(n) for n in NEIGHBOURS[corner])
        assert zones == {"tower": 1, "rampart": 4, "courtyard": 3}, corner


def test_neighbours_share_a_side_or_a_corner_across_zones() -> None:
    assert adjacent((0, 1), (1, 0))  # ends of two ramparts meeting at a tower
    assert adjacent((0, 0), (1, 1)) and not adjacent((0, 0), (2, 2)) and not adjacent((2, 2), (2, 2))
    assert len(NEIGHBOURS[(0, 0)]) == 3 and len(NEIGHBOURS[(2, 2)]) == 8


def test_outside_cards_are_next_to_nothing() -> None:
    # The Enchanter on a tower sends back adjacent cards only; a card outside never is one,
    # and a Prince can never be placed "next to" a Princess standing outside.
    st = make(hands={0: ["enchanteur", "mendiant"], 1: ["page"]}, castle={(0, 1): [("soldat_1", 1)]},
              outside=[[("dragon", 1)]])
    st = place(st, "enchanteur", (0, 0))
    assert where(st, "soldat_1") == "hand:1" and where(st, "dragon") == "outside"
    st = make(hands={0: ["prince"]}, outside=[[("princesse", 1)]])
    assert squares_for(st, "prince") == set()
