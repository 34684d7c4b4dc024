"""The 56 Castel cards as data: names, zone, gender, placement requirement and texts
(each text in English, French and Spanish: ``name_en`` / ``name_fr`` / ``name_es`` ...).

The rows live in ``cards.json`` beside this module, one per card *kind* (37 kinds: the
Soldier ×14, the Siege engine ×4 and the Knight ×4 are the only duplicates). Every physical
card has its own *card id*: the kind for a unique card (``"roi"``), the kind and a copy number
otherwise (``"soldat_7"``). The behaviour of each kind is in
:mod:`donjon.games.castel.effects`.

    >>> CARDS["reine"].requirement, CARDS["reine"].gender, CARDS["reine"].banner
    ({'adjacent': ['roi']}, 'F', 'red')
    >>> len(CARDS), len(DECK), kind_of("soldat_7"), kind_of("dame_de_compagnie")
    (37, 56, 'soldat', 'dame_de_compagnie')
    >>> sum(1 for cid in DECK if CARDS[kind_of(cid)].zone == "courtyard")
    21
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

BANNERS = {"courtyard": "red", "outside": "green", "rampart": "orange", "tower": "blue", "knight": "mauve"}
"""Banner colour of each placement zone (seed: red courtyard, green outside, orange
ramparts, blue towers, mauve knights)."""

ZONE_NAMES = {
    "courtyard": ("Cour", "Courtyard", "Patio"),
    "rampart": ("Remparts", "Ramparts", "Murallas"),
    "tower": ("Tours", "Towers", "Torres"),
    "outside": ("Hors les murs", "Outside the walls", "Fuera de las murallas"),
    "knight": ("Sur une carte", "On a card", "Sobre una carta"),
}
"""Zone → its (French, English, Spanish) name."""


@dataclass(frozen=True)
class CardInfo:
    """One card kind. ``zone`` is where it arrives (``knight``: on top of a card in play).

    ``requirement`` is the machine form of the placement requirement:
    ``adjacent`` (next to one of these kinds), ``not_adjacent``, ``absent_from_castle``,
    ``replace_unprotected`` (the Ghost), ``slot`` (siege engines), ``on_card`` (knights).
    ``status`` is the spec's provenance tag (C confirmed, P proposed, I invented).
    """

    numbers: tuple[int, ...]
    id: str
    name_fr: str
    name_en: str
    name_es: str
    zone: str
    gender: str  # "M" | "F" | "-"
    copies: int
    min_players: int
    requirement: dict[str, Any]
    requirement_en: str
    requirement_fr: str
    requirement_es: str
    text_en: str
    text_fr: str
    text_es: str
    status: str

    @property
    def banner(self) -> str:
        return BANNERS[self.zone]

    @property
    def ids(self) -> tuple[str, ...]:
        """The card ids of this kind's copies."""
        if self.copies == 1:
            return (self.id,)
        return tuple(f"{self.id}_{i}" for i in range(1, self.copies + 1))

    def to_json(self) -> dict[str, Any]:
        return {
            "numbers": list(self.numbers),
            "id": self.id,
            "ids": list(self.ids),
            "name_fr": self.name_fr,
            "name_en": self.name_en,
            "name_es": self.name_es,
            "zone": self.zone,
            "zone_fr": ZONE_NAMES[self.zone][0],
            "zone_en": ZONE_NAMES[self.zone][1],
            "zone_es": ZONE_NAMES[self.zone][2],
            "banner": self.banner,
            "gender": self.gender,
            "copies": self.copies,
            "min_players": self.min_players,
            "requirement": self.requirement,
            "requirement_en": self.requirement_en,
            "requirement_fr": self.requirement_fr,
            "requirement_es": self.requirement_es,
            "text_en": self.text_en,
            "text_fr": self.text_fr,
            "text_es": self.text_es,
            "status": self.status,
        }


def _load() -> dict[str, CardInfo]:
    raw = json.loads(resources.files(__package__).joinpath("cards.json").read_text("utf-8"))
    cards = {}
    for row in raw:
        row["numbers"] = tuple(row["numbers"])
        cards[row["id"]] = CardInfo(**row)
    return cards


CARDS: dict[str, CardInfo] = _load()
"""Kind → :class:`CardInfo`, in catalogue order (#1 … #56)."""

DECK: tuple[str, ...] = tuple(cid for info in CARDS.values() for cid in info.ids)
"""The 56 card ids, in catalogue order."""

KIND: dict[str, str] = {cid: info.id for info in CARDS.values() for cid in info.ids}
"""Card id → kind."""

ORDER: dict[str, int] = {cid: i for i, cid in enumerate(DECK)}
"""Card id → catalogue position (a stable sort key: ``soldat_2`` before ``soldat_10``)."""


def kind_of(card: str) -> str:
    """The kind of a card id (``"soldat_7"`` → ``"soldat"``)."""
    return KIND[card]


def info(card: str) -> CardInfo:
    """The :class:`CardInfo` of a card id or a kind."""
    return CARDS[KIND.get(card, card)]


def deck_for(players: int) -> tuple[str, ...]:
    """The cards used by ``players`` seats: all 56, minus the Jester and the Fool at 2."""
    return tuple(cid for cid in DECK if CARDS[KIND[cid]].min_players <= players)


def sort_cards(cards: Any) -> list[str]:
    """Card ids in catalogue order."""
    return sorted(cards, key=ORDER.__getitem__)


DEAL: dict[int, tuple[int, int, int]] = {2: (9, 13, 10), 3: (7, 8, 11), 4: (5, 6, 12), 5: (5, 4, 11)}
"""Players → (hand, pile, exchange) sizes of the initial deal (spec §4.1). The platform
offers 2 to 4 players; the 5-player row is kept for reference."""
