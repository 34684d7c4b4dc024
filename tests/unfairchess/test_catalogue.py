"""The card catalogue matches the seed's numbers and every card has an effect."""

from collections import Counter

from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.catalogue import CARDS, DECK


def test_58_cards_in_seven_groups_with_the_seed_counts() -> None:
    assert len(CARDS) == 58
    assert Counter(c.rarity for c in CARDS.values()) == {"common": 31, "rare": 24, "legendary": 3}
    assert Counter(c.cost for c in CARDS.values()) == {"replace": 47, "add": 11}
    assert sorted(Counter(c.group for c in CARDS.values()).items()) == [
        (1, 4), (2, 12), (3, 9), (4, 9), (5, 9), (6, 8), (7, 7)]


def test_group_one_is_the_four_status_cards() -> None:
    assert [c.id for c in CARDS.values() if c.group == 1] == ["poison", "sommeil", "bouclier", "dynamite"]


def test_rarer_cards_have_fewer_copies_and_the_deck_holds_144() -> None:
    copies = Counter(DECK)
    assert len(DECK) == 144
    for cid, card in CARDS.items():
        assert copies[cid] == {"common": 3, "rare": 2, "legendary": 1}[card.rarity]


def test_every_card_has_an_effect_and_french_and_english_texts() -> None:
    assert set(CARD_EFFECTS) == set(CARDS)
    for card in CARDS.values():
        assert card.name_fr and card.name_en and card.text_en
        assert card.text_fr and card.text_fr != card.text_en


def test_exactly_one_redeal_and_one_card_returning_a_captured_pawn() -> None:
    assert CARDS["nouvelle_donne"].cost == "add"
    assert CARDS["renfort"].group == 7
