"""Moves stay in their zone (except the Fairy's), ignore requirements and effects; send-back."""

from __future__ import annotations

from donjon.games.castel.board import RAMPART_SQUARES, zone_of
from tests.castel.util import effect, first_targets, make, place, targets_of, where


def _dests(st, card: str) -> set:  # type: ignore[no-untyped-def]
    return {tuple(t[1]) if isinstance(t[1], list) else t[1] for t in targets_of(st) if t[0] == card}


def test_moves_stay_in_their_zone() -> None:
    st = make(hands={0: ["chambellan", "mendiant"], 1: ["page"]}, castle={(2, 2): [("roi", 1)]})
    st = place(st, "chambellan", (2, 3))
    assert {zone_of(d) for d in _dests(st, "roi")} == {"courtyard"}
    st = make(hands={0: ["guetteur", "mendiant"], 1: ["page"]}, castle={(0, 1): [("soldat_1", 1)]})
    st = place(st, "guetteur", (0, 0))
    assert {zone_of(d) for d in _dests(st, "soldat_1")} == {"rampart"}
    st = make(hands={0: ["magicien", "mendiant"], 1: ["page"]},
              castle={(0, 1): [("soldat_1", 1)], (2, 2): [("roi", 1)], (5, 1): [("soldat_2", 1)]})
    st = place(st, "magicien", (0, 0))
    assert {tuple(t) for t in targets_of(st)} == {("soldat_1", "soldat_2"), ("soldat_2", "soldat_1")}


def test_the_fairy_alone_moves_a_card_to_another_zone() -> None:
    st = make(hands={0: ["fee", "mendiant"], 1: ["page"]}, castle={(0, 1): [("soldat_1", 1)]})
    st = place(st, "fee", "outside")
    dests = _dests(st, "soldat_1")
    assert "outside" in dests and not any(isinstance(d, tuple) and zone_of(d) == "rampart" for d in dests)
    st = effect(st, "soldat_1", (2, 2))
    assert where(st, "soldat_1") == (2, 2)


def test_no_free_square_in_its_zone_the_card_stays() -> None:
    walls = {sq: [(f"soldat_{i}", 1)] for i, sq in enumerate(RAMPART_SQUARES[:14], start=1)}
    walls[RAMPART_SQUARES[14]] = [("capitaine", 1)]
    walls[RAMPART_SQUARES[15]] = [("mendiant", 1)]  # brought there by a Fairy
    st = make(hands={0: ["guetteur", "page"], 1: ["nourrice"]}, castle=walls)
    st = place(st, "guetteur", (0, 0))
    assert st.pending is None and all(where(st, f"soldat_{i}") == sq for i, sq in enumerate(RAMPART_SQUARES[:14], 1))


def test_requirements_do_not_apply_to_a_moved_card() -> None:
    st = make(hands={0: ["chambellan", "mendiant"], 1: ["page"]}, castle={(2, 2): [("roi", 1)], (1, 1): [("reine", 1)]})
    st = place(st, "chambellan", (2, 3))
    assert (4, 4) in _dests(st, "reine")  # far from the King
    st = effect(st, "reine", (4, 4))
    assert where(st, "reine") == (4, 4)


def test_a_moved_cards_effect_does_not_apply() -> None:
    st = make(hands={0: ["chambellan", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (4, 4): [("enchanteur", 1)], (3, 3): [("bailli", 1)]})
    st = place(st, "chambellan", (2, 3))
    st = effect(st, "roi", (4, 3))  # the King now stands next to the Bailiff: nothing happens
    assert where(st, "bailli") == (3, 3) and where(st, "roi") == (4, 3)


def test_a_sent_back_card_returns_to_the_hand_of_its_colour_or_to_the_exchange() -> None:
    st = make(3, hands={0: ["dragon", "mendiant"], 1: ["page"], 2: ["nourrice"]},
              castle={(2, 2): [("roi", 2)], (3, 3): ["courtisan"]})
    st = place(st, "dragon", "outside")
    st = effect(st, "roi", "courtisan")
    assert where(st, "roi") == "hand:2" and where(st, "courtisan") == "exchange"
    assert "roi" in st.known[1][2] and "roi" in st.known[3][2]  # everyone saw it go
    assert first_targets(make(hands={0: ["mendiant"]})) == set()
