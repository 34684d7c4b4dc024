"""The hat shop: hats bought with coins and worn by your king, on the boards that have one.

Each :class:`Hat` carries an SVG snippet drawn in the 45×45 viewBox of the chess pieces
(the board's ``pieces.js``, after the cburnett set): the king's cross
spans y = 6 … 11.6 around x = 22.5 and its head starts at y ≈ 12, so every hat is centred
on x = 22.5 with its brim at y ≈ 11–13, covers the cross, and stays inside the viewBox.
Draw the snippet *after* the king in the same square's coordinate system::

    <svg viewBox="0 0 45 45"> <use href="#ucg-wK"/> {hat.svg} </svg>

Every snippet is one ``<g class="hat hat-{id}">`` element with its own colours, so it reads
the same on a white and a black king.

Rules: a hat is bought once (:func:`donjon.league.ledger.buy_hat`, refused when the price
is above the balance or the hat is already owned); only an owned hat can be equipped, one
at a time (:func:`equip`); ``None`` takes the hat off.

    >>> len(HATS) >= 8, HATS["crown"].price
    (True, 1000)
    >>> equip({"beret"}, "beret")
    'beret'
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from donjon.league.errors import NotOwned, UnknownItem
from donjon.league.refusals import say

_LINE = 'stroke="#000" stroke-width="1.2" stroke-linejoin="round" stroke-linecap="round"'


@dataclass(frozen=True)
class Hat:
    id: str
    name_en: str
    name_fr: str
    name_es: str
    price: int
    body: str
    """Inner SVG markup, in the 45×45 piece coordinates."""

    @property
    def svg(self) -> str:
        """The hat as one SVG ``<g>`` element, ready to draw over a king."""
        return f'<g class="hat hat-{self.id}" {_LINE}>{self.body}</g>'

    @property
    def name(self) -> dict[str, str]:
        """The hat's name in each language, ``{"en", "fr", "es"}``."""
        return {"en": self.name_en, "fr": self.name_fr, "es": self.name_es}

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name_en": self.name_en, "name_fr": self.name_fr, "name_es": self.name_es,
                "price": self.price, "svg": self.svg}


_CATALOGUE: tuple[Hat, ...] = (
    Hat("beret", "Beret", "Béret", "Boina", 100,
        '<path fill="#2b3a67" d="M13 11.5c0-4 4.5-6.5 9.5-6.5s9.5 2.5 9.5 6.5c-3 1.2-16 1.2-19 0z"/>'
        '<path fill="none" d="M22.5 5V3.2"/>'),
    Hat("party", "Party hat", "Chapeau de fête", "Gorro de fiesta", 150,
        '<path fill="#ff5fa2" d="M16.5 12.5 22.5 1.8l6 10.7c-3.5 1.3-8.5 1.3-12 0z"/>'
        '<path fill="none" stroke="#fff" stroke-width="1.4" d="M18.6 8.9l6.2 1.7M20.6 5.3l3.6 1"/>'
        '<circle cx="22.5" cy="1.8" r="1.4" fill="#ffd400"/>'),
    Hat("toque", "Chef's toque", "Toque de chef", "Gorro de chef", 200,
        '<path fill="#fff" d="M17 12.8V9.2c-2.6-.6-3.6-4.3-1-5.9 1.4-.9 2.8-.5 3.6.2.8-1.9 4.9-1.9 5.8 0 '
        '.8-.7 2.2-1.1 3.6-.2 2.6 1.6 1.6 5.3-1 5.9v3.6c-3.5.7-7.5.7-11 0z"/>'
        '<path fill="none" d="M17 10.6c3.5.6 7.5.6 11 0"/>'),
    Hat("cowboy", "Cowboy hat", "Chapeau de cow-boy", "Sombrero vaquero", 250,
        '<path fill="#a0632b" d="M17.2 10.4 18 4.4c1.5-1.4 3-.4 4.5-1.3 1.5.9 3 0 4.5 1.3l.8 6z"/>'
        '<path fill="#7a4a1e" d="M10.5 9.4c2 3.2 22 3.2 24 0-2.5 5.2-21.5 5.2-24 0z"/>'
        '<path fill="none" stroke="#e0b060" stroke-width="1" d="M17.6 8.6c3 .7 6.8.7 9.8 0"/>'),
    Hat("tricorne", "Pirate tricorne", "Tricorne de pirate", "Tricornio pirata", 300,
        '<path fill="#1d1d1d" d="M12 8.5c3.5 1.2 5.5-.5 10.5-4.6 5 4.1 7 5.8 10.5 4.6-1.5 2.4-3 4.2-4.8 4.8'
        '-3.8 1-7.6 1-11.4 0-1.8-.6-3.3-2.4-4.8-4.8z"/>'
        '<circle cx="22.5" cy="8.7" r="1.6" fill="#fff" stroke-width=".8"/>'
        '<path fill="none" stroke="#d4af37" stroke-width=".9" d="M13.6 9.6c5.8 3.3 12 3.3 17.8 0"/>'),
    Hat("viking", "Viking helmet", "Casque viking", "Casco vikingo", 400,
        '<path fill="#f1e6c8" d="M15.4 9.5c-3.4-.6-5.2-3.8-4.6-7.3 1.3 2.5 3.2 3.4 6 3.7z"/>'
        '<path fill="#f1e6c8" d="M29.6 9.5c3.4-.6 5.2-3.8 4.6-7.3-1.3 2.5-3.2 3.4-6 3.7z"/>'
        '<path fill="#9aa3ad" d="M15 12.6c0-5.6 3.2-8.6 7.5-8.6s7.5 3 7.5 8.6c-5 1-10 1-15 0z"/>'
        '<path fill="#c9a227" d="M14.6 12.6c5.1 1.1 10.7 1.1 15.8 0l-.4-2c-5 1-10 1-15 0z"/>'),
    Hat("top_hat", "Top hat", "Haut-de-forme", "Sombrero de copa", 500,
        '<path fill="#1d1d1d" d="M17.6 11V2.2c3.2-.8 6.6-.8 9.8 0V11z"/>'
        '<path fill="#c0392b" d="M17.6 9.1c3.2.6 6.6.6 9.8 0V11c-3.2.6-6.6.6-9.8 0z"/>'
        '<path fill="#1d1d1d" d="M12.5 11.6c3-1.6 17-1.6 20 0-3 1.8-17 1.8-20 0z"/>'),
    Hat("jester", "Jester's cap", "Bonnet de bouffon", "Gorro de bufón", 600,
        '<path fill="#7d3c98" d="M16 12.6 13.5 7 8.8 8.6C11.6 4.2 15 3.2 17.8 5L22.5 12.6z"/>'
        '<path fill="#27ae60" d="M29 12.6 31.5 7l4.7 1.6C33.4 4.2 30 3.2 27.2 5L22.5 12.6z"/>'
        '<path fill="#f39c12" d="M18.2 12.6 22.5 1.6l4.3 11z"/>'
        '<circle cx="8.8" cy="8.6" r="1.3" fill="#ffd400"/><circle cx="36.2" cy="8.6" r="1.3" fill="#ffd400"/>'
        '<circle cx="22.5" cy="1.8" r="1.3" fill="#ffd400"/>'
        '<path fill="#fff" d="M14.8 12.4c5 1.3 10.4 1.3 15.4 0l-.4 1.6c-4.9 1.2-9.7 1.2-14.6 0z"/>'),
    Hat("santa", "Winter bonnet", "Bonnet d'hiver", "Gorro de invierno", 700,
        '<path fill="#d62828" d="M16 11.5c.3-5.4 3.6-8.6 8-8.6 3.2 0 5.6 2 7 5.4-1.4-1.2-2.8-1.6-4-1.2 '
        '1.1 1.2 1.8 2.6 2 4.4z"/>'
        '<circle cx="31.2" cy="8.6" r="1.8" fill="#fff"/>'
        '<path fill="#fff" d="M15 11c5-1 10-1 15 0v2.2c-5 1-10 1-15 0z"/>'),
    Hat("wizard", "Wizard hat", "Chapeau de magicien", "Sombrero de mago", 800,
        '<path fill="#3949ab" d="M15.5 11.8 21 3.4c.8-1.4 2.6-2.6 4.8-2-1.9.7-2.5 1.8-2.4 3.2l5.1 7.2z"/>'
        '<path fill="#3949ab" d="M12.3 12c2.7-1.9 17.7-1.9 20.4 0-2.7 1.9-17.7 1.9-20.4 0z"/>'
        '<path fill="#ffd400" stroke-width=".6" d="M20.6 8.2l.5 1 1.1.1-.8.7.2 1.1-1-.5-1 .5.2-1.1-.8-.7 '
        '1.1-.1zM24.5 5.3l.4.8.9.1-.6.6.1.9-.8-.4-.8.4.1-.9-.6-.6.9-.1z"/>'),
    Hat("crown", "Golden crown", "Couronne d'or", "Corona de oro", 1000,
        '<path fill="#f5c518" d="M14.5 12.8 13.4 4.6l4.4 3.6 4.7-5.8 4.7 5.8 4.4-3.6-1.1 8.2c-5 1-10 1-15 0z"/>'
        '<circle cx="13.4" cy="4.6" r="1" fill="#f5c518"/><circle cx="22.5" cy="2.4" r="1" fill="#f5c518"/>'
        '<circle cx="31.6" cy="4.6" r="1" fill="#f5c518"/>'
        '<circle cx="22.5" cy="9.6" r="1.3" fill="#d62828" stroke-width=".7"/>'
        '<circle cx="17.9" cy="10.5" r=".9" fill="#1e88e5" stroke-width=".6"/>'
        '<circle cx="27.1" cy="10.5" r=".9" fill="#1e88e5" stroke-width=".6"/>'),
    Hat("halo", "Halo", "Auréole", "Aureola", 1500,
        '<ellipse cx="22.5" cy="3.6" rx="8" ry="2.2" fill="none" stroke="#b8860b" stroke-width="2.6"/>'
        '<ellipse cx="22.5" cy="3.6" rx="8" ry="2.2" fill="none" stroke="#ffe066" stroke-width="1.4"/>'),
)

HATS: dict[str, Hat] = {h.id: h for h in _CATALOGUE}
"""Hat id → :class:`Hat`, in shop order (cheapest first)."""


def get_hat(hat_id: str) -> Hat:
    """The hat ``hat_id``, or :class:`UnknownItem`."""
    try:
        return HATS[hat_id]
    except KeyError:
        raise UnknownItem(say("no_hat", hat=hat_id), hat=hat_id) from None


def equip(owned: Collection[str], hat_id: str | None) -> str | None:
    """The hat to wear after asking to equip ``hat_id`` (``None`` takes the hat off).

    One hat at a time: the returned id replaces whatever was worn. Raises
    :class:`UnknownItem` for a hat not in the shop and :class:`NotOwned` for a hat the
    player has not bought (then the worn hat stays as it was)."""
    if hat_id is None:
        return None
    hat = get_hat(hat_id)
    if hat_id not in owned:
        raise NotOwned(say("hat_not_owned", hat=hat.name), hat=hat_id)
    return hat_id


def worn_hat(owned: Collection[str], equipped: str | None) -> str | None:
    """The hat to draw on the king: the equipped one if it is still owned and in the shop."""
    return equipped if equipped in HATS and equipped in owned else None


def shop(owned: Collection[str] = (), equipped: str | None = None, balance: int | None = None) -> list[dict[str, object]]:
    """The shop as JSON rows: each hat with ``owned``, ``equipped`` and ``affordable`` flags."""
    rows = []
    for h in _CATALOGUE:
        row = h.to_json()
        row["owned"] = h.id in owned
        row["equipped"] = h.id == equipped
        row["affordable"] = balance is None or (h.id not in owned and h.price <= balance)
        rows.append(row)
    return rows
