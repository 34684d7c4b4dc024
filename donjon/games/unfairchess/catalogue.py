"""The 58 UnfairChess cards as data: names, group, rarity, cost and rules text.

The texts live in ``cards.json`` beside this module (English from the spec, French
written for the site). The behaviour of each card is in ``donjon.games.unfairchess.cards``.

    >>> CARDS["poison"].cost
    'add'
    >>> len(CARDS), len(DECK)
    (58, 144)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

GROUPS = {
    1: ("États", "Status"),
    2: ("Mouvements", "Movements"),
    3: ("Échanges & téléportations", "Swaps & teleports"),
    4: ("Destructions", "Destructions"),
    5: ("Contrôle", "Control"),
    6: ("Métamorphoses", "Transformations"),
    7: ("Ressources & tempo", "Resources & tempo"),
}
COPIES = {"common": 3, "rare": 2, "legendary": 1}


@dataclass(frozen=True)
class CardInfo:
    number: int
    id: str
    name_fr: str
    name_en: str
    group: int
    rarity: str  # "common" | "rare" | "legendary"
    cost: str  # "replace" | "add"
    targeting: str
    playable_when: str
    text_en: str
    text_fr: str

    @property
    def copies(self) -> int:
        return COPIES[self.rarity]

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "id": self.id,
            "name_fr": self.name_fr,
            "name_en": self.name_en,
            "group": self.group,
            "group_fr": GROUPS[self.group][0],
            "group_en": GROUPS[self.group][1],
            "rarity": self.rarity,
            "copies": self.copies,
            "cost": self.cost,
            "targeting": self.targeting,
            "playable_when": self.playable_when,
            "text_en": self.text_en,
            "text_fr": self.text_fr,
        }


def _load() -> dict[str, CardInfo]:
    raw = json.loads(resources.files(__package__).joinpath("cards.json").read_text("utf-8"))
    cards = {}
    for row in raw:
        row.setdefault("text_fr", row["text_en"])
        cards[row["id"]] = CardInfo(**row)
    return cards


CARDS: dict[str, CardInfo] = _load()
"""Card id → :class:`CardInfo`, in catalogue order (#1 … #58)."""

DECK: tuple[str, ...] = tuple(cid for cid, c in CARDS.items() for _ in range(c.copies))
"""The 144-card deck multiset (unshuffled), identical for both players."""
