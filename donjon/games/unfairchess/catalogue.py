"""The 58 UnfairChess cards as data: names, group, rarity, cost and rules text.

The texts live in ``cards.json`` beside this module (English from the spec, French and
Spanish written for the site). :meth:`CardInfo.name` and :meth:`CardInfo.text` pick a
language, English for any other. The behaviour of each card is in ``donjon.games.unfairchess.cards``.

    >>> CARDS["poison"].cost
    'add'
    >>> len(CARDS), len(DECK)
    (58, 144)
    >>> CARDS["sommeil"].name("es"), CARDS["sommeil"].name("de")
    ('Sueño', 'Sleep')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

GROUPS = {
    1: ("États", "Status", "Estados"),
    2: ("Mouvements", "Movements", "Movimientos"),
    3: ("Échanges & téléportations", "Swaps & teleports", "Intercambios y teletransportes"),
    4: ("Destructions", "Destructions", "Destrucciones"),
    5: ("Contrôle", "Control", "Control"),
    6: ("Métamorphoses", "Transformations", "Transformaciones"),
    7: ("Ressources & tempo", "Resources & tempo", "Recursos y tempo"),
}
"""Group number → its name in French, English and Spanish."""
LANGS = ("en", "fr", "es")
COPIES = {"common": 3, "rare": 2, "legendary": 1}


@dataclass(frozen=True)
class CardInfo:
    number: int
    id: str
    name_fr: str
    name_en: str
    name_es: str
    group: int
    rarity: str  # "common" | "rare" | "legendary"
    cost: str  # "replace" | "add"
    targeting: str
    playable_when: str
    text_en: str
    text_fr: str
    text_es: str

    @property
    def copies(self) -> int:
        return COPIES[self.rarity]

    def name(self, lang: str) -> str:
        """The card's name in ``lang`` (``en``, ``fr``, ``es``; English for any other)."""
        return str(getattr(self, f"name_{lang if lang in LANGS else 'en'}"))

    def text(self, lang: str) -> str:
        """The card's rules text in ``lang`` (English for any other language)."""
        return str(getattr(self, f"text_{lang if lang in LANGS else 'en'}"))

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "id": self.id,
            "name_fr": self.name_fr,
            "name_en": self.name_en,
            "name_es": self.name_es,
            "group": self.group,
            "group_fr": GROUPS[self.group][0],
            "group_en": GROUPS[self.group][1],
            "group_es": GROUPS[self.group][2],
            "rarity": self.rarity,
            "copies": self.copies,
            "cost": self.cost,
            "targeting": self.targeting,
            "playable_when": self.playable_when,
            "text_en": self.text_en,
            "text_fr": self.text_fr,
            "text_es": self.text_es,
        }


def _load() -> dict[str, CardInfo]:
    raw = json.loads(resources.files(__package__).joinpath("cards.json").read_text("utf-8"))
    cards = {}
    for row in raw:
        cards[row["id"]] = CardInfo(**row)
    return cards


CARDS: dict[str, CardInfo] = _load()
"""Card id → :class:`CardInfo`, in catalogue order (#1 … #58)."""

DECK: tuple[str, ...] = tuple(cid for cid, c in CARDS.items() for _ in range(c.copies))
"""The 144-card deck multiset (unshuffled), identical for both players."""
