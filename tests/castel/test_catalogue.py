"""The 56 cards: counts per zone, duplicates, names and texts in both languages."""

from __future__ import annotations

from collections import Counter

from donjon.games.castel import GAME
from donjon.games.castel.catalogue import BANNERS, CARDS, DECK, deck_for, kind_of


def test_56_cards_21_courtyard_15_rampart_10_outside_6_tower_4_knights() -> None:
    assert len(DECK) == len(set(DECK)) == 56
    zones = Counter(CARDS[kind_of(c)].zone for c in DECK)
    assert zones == {"courtyard": 21, "rampart": 15, "outside": 10, "tower": 6, "knight": 4}


def test_only_soldiers_engines_and_knights_have_copies() -> None:
    copies = {k: info.copies for k, info in CARDS.items() if info.copies > 1}
    assert copies == {"soldat": 14, "engin": 4, "chevalier": 4}
    numbers = sorted(n for info in CARDS.values() for n in info.numbers)
    assert numbers == list(range(1, 57))


def test_every_card_has_french_and_english_names_and_texts() -> None:
    for info in CARDS.values():
        for field in ("name_fr", "name_en", "text_fr", "text_en", "requirement_fr", "requirement_en"):
            assert getattr(info, field).strip(), (info.id, field)
        assert info.gender in ("M", "F", "-")
        assert info.banner == BANNERS[info.zone]
    assert {CARDS["roi"].banner, CARDS["archers"].banner, CARDS["soldat"].banner, CARDS["dragon"].banner,
            CARDS["chevalier"].banner} == {"red", "blue", "orange", "green", "mauve"}


def test_two_players_play_without_the_jester_and_the_fool() -> None:
    assert len(deck_for(2)) == 54 and "fou" not in deck_for(2) and "bouffon" not in deck_for(2)
    assert len(deck_for(3)) == len(deck_for(4)) == 56


def test_catalogue_json_lists_every_kind() -> None:
    rows = GAME.catalogue()
    assert len(rows) == 37 and sum(r["copies"] for r in rows) == 56
    assert rows[0]["id"] == "roi" and rows[0]["name_fr"] == "Roi" and rows[0]["banner"] == "red"
