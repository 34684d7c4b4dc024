"""Badges per card with bronze / silver / gold tiers; the hat shop and the equip rule."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from donjon.games.unfairchess.catalogue import CARDS
from donjon.league.badges import (
    TIERS,
    badge,
    badge_shelf,
    badges,
    card_catalogue,
    count_plays,
    next_tier,
    tier,
    tier_ups,
)
from donjon.league.errors import InsufficientCoins, NotOwned, UnknownItem
from donjon.league.hats import HATS, equip, get_hat, shop, worn_hat
from donjon.league.ledger import Movement, buy_hat, opening_grant, owned_hats

# --------------------------------------------------------------------------- badges


@pytest.mark.parametrize(("plays", "expect"), [(0, None), (1, "bronze"), (9, "bronze"), (10, "silver"),
                                               (49, "silver"), (50, "gold"), (500, "gold")])
def test_tiers(plays: int, expect: str | None) -> None:
    assert tier(plays) == expect


def test_tier_thresholds_and_next() -> None:
    assert TIERS == (("bronze", 1), ("silver", 10), ("gold", 50))
    assert next_tier(0) == ("bronze", 1)
    assert next_tier(3) == ("silver", 10)
    assert next_tier(10) == ("gold", 50)
    assert next_tier(50) is None


def test_catalogues_cover_every_game() -> None:
    assert [c.id for c in card_catalogue("unfairchess")] == list(CARDS)
    assert len(card_catalogue("castel")) == 37  # 56 cards, soldiers / engines / knights as one id each
    assert len(card_catalogue("citadel")) == 30  # 5 characters × 6 action cards
    for game in ("unfairchess", "castel", "citadel"):
        refs = card_catalogue(game)
        assert len({r.id for r in refs}) == len(refs)
        assert all(r.name_en and r.name_fr for r in refs)


def test_count_plays_from_events() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "card_played", "game": "unfairchess", "game_id": "g", "card": "poison", "rarity": "common"},
        {"kind": "card_played", "game": "unfairchess", "game_id": "g", "card": "poison", "rarity": "common"},
        {"kind": "card_played", "game": "castel", "game_id": "h", "card": "soldat"},
        {"kind": "capture", "game": "unfairchess", "game_id": "g", "poisoned": True},
    ]
    assert count_plays(events) == {("unfairchess", "poison"): 2, ("castel", "soldat"): 1}


def test_badges_from_counts() -> None:
    counts = {("unfairchess", "poison"): 12, ("unfairchess", "exil"): 1, ("castel", "soldat"): 50,
              ("citadel", "sprint"): 0}
    got = {(b.game, b.card): b.tier for b in badges(counts)}
    assert got == {("unfairchess", "poison"): "silver", ("unfairchess", "exil"): "bronze",
                   ("castel", "soldat"): "gold"}
    b = badge("castel", "soldat", 50)
    assert (b.name_en, b.name_fr, b.next_tier, b.next_at) == ("Soldier", "Soldat", None, None)


def test_badge_shelf_shows_locked_cards_and_unknown_ids() -> None:
    shelf = badge_shelf({("unfairchess", "poison"): 3, ("castel", "new_card"): 2})
    assert len(shelf["unfairchess"]) == 58
    assert shelf["unfairchess"][0].card == "poison" and shelf["unfairchess"][0].tier == "bronze"
    assert sum(b.unlocked for b in shelf["unfairchess"]) == 1
    assert shelf["castel"][-1].card == "new_card" and shelf["castel"][-1].tier == "bronze"
    assert len(shelf["citadel"]) == 30 and not any(b.unlocked for b in shelf["citadel"])
    assert shelf["unfairchess"][0].to_json()["plays"] == 3


def test_tier_ups() -> None:
    play = {"kind": "card_played", "game": "unfairchess", "game_id": "g", "card": "poison"}
    ups = tier_ups({("unfairchess", "poison"): 9}, [play, play])
    assert [(b.card, b.tier, b.plays) for b in ups] == [("poison", "silver", 11)]
    assert tier_ups({("unfairchess", "poison"): 11}, [play]) == []
    assert [b.tier for b in tier_ups({}, [play])] == ["bronze"]


# --------------------------------------------------------------------------- hats

NUM = re.compile(r"-?\d*\.?\d+")


def test_shop_catalogue() -> None:
    assert len(HATS) >= 8
    prices = [h.price for h in HATS.values()]
    assert prices == sorted(prices) and min(prices) > 0
    for h in HATS.values():
        assert h.name_en and h.name_fr
        g = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">{h.svg}</svg>')[0]
        assert g.tag.endswith("g") and g.get("class") == f"hat hat-{h.id}"
        for el in g.iter():
            for attr in ("cx", "cy", "x", "y"):
                if el.get(attr) is not None:
                    assert 0 <= float(el.get(attr, "0")) <= 45
        assert h.to_json()["svg"] == h.svg


def test_buy_without_coins_is_refused() -> None:
    poor = [opening_grant(7), Movement(7, -500, "stake", "stake:g1:7", game_id="g1")]
    with pytest.raises(InsufficientCoins) as err:
        buy_hat(poor, 7, "beret")
    assert "above your balance of 0 coins" in str(err.value)
    assert owned_hats(poor, 7) == set()


def test_equip_rules() -> None:
    with pytest.raises(NotOwned) as err:
        equip(set(), "crown")
    assert err.value.code == "not_owned" and "buy it" in str(err.value)
    with pytest.raises(UnknownItem):
        equip({"sombrero"}, "sombrero")
    owned = {"beret", "wizard"}
    assert equip(owned, "beret") == "beret"
    assert equip(owned, "wizard") == "wizard"  # one at a time: the new one replaces the old
    assert equip(owned, None) is None
    with pytest.raises(UnknownItem):
        get_hat("nope")


def test_worn_hat_and_shop_rows() -> None:
    assert worn_hat({"beret"}, "beret") == "beret"
    assert worn_hat(set(), "beret") is None
    assert worn_hat({"gone"}, "gone") is None
    rows = shop({"beret"}, "beret", balance=160)
    by_id = {r["id"]: r for r in rows}
    assert by_id["beret"]["owned"] and by_id["beret"]["equipped"] and not by_id["beret"]["affordable"]
    assert by_id["party"]["affordable"] and not by_id["crown"]["affordable"]


def test_buy_then_equip() -> None:
    ms = [opening_grant(7)]
    ms.append(buy_hat(ms, 7, "top_hat"))
    assert equip(owned_hats(ms, 7), "top_hat") == "top_hat"


def test_card_kinds_and_catalogues_come_from_each_game() -> None:
    from donjon.games import get_game
    from donjon.games.castel.catalogue import CARDS as CASTEL_CARDS
    from donjon.games.citadel.catalogue import CARDS as CITADEL_CARDS
    from donjon.league import badges as b

    assert b.card_kind("castel", "soldat_7") == "soldat"
    assert b.card_kind("castel", "dame_de_compagnie") == "dame_de_compagnie"
    assert b.card_kind("castel", "no_such_card") == "no_such_card"
    assert b.card_kind("unfairchess", "poison") == "poison"
    assert b.card_kind("go", "stone") == "stone"  # a game the registry does not know
    assert count_plays([{"kind": "card_played", "game": "castel", "card": "chevalier_2"}]) == {
        ("castel", "chevalier"): 1}
    for game, cards in (("unfairchess", CARDS), ("castel", CASTEL_CARDS), ("citadel", CITADEL_CARDS)):
        refs = card_catalogue(game)
        assert [r.id for r in refs] == list(cards)
        assert [(r.name_en, r.name_fr) for r in refs] == [(c.name_en, c.name_fr) for c in cards.values()]
        assert [r.id for r in refs] == [c.id for c in get_game(game).league.cards]  # type: ignore[attr-defined]
    assert card_catalogue("go") == () and badge("go", "stone", 1).name_en == "stone"
