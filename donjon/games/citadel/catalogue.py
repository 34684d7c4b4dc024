"""Citadel components as data: switch types, treasures, dice, characters and action cards.

Everything here is the spec's table (§3.1, §3.4, §3.5, §3.8) turned into frozen records;
the behaviour lives in :mod:`donjon.games.citadel.effects` (cards and powers) and
:mod:`donjon.games.citadel.professor` (dice).

    >>> TREASURES["T07"].types, TREASURES["T07"].minutes
    (('saw', 'padlock'), 35)
    >>> [c.id for c in CHARACTERS["nathan"].cards()][:2]
    ['sprint', 'window_leap']
    >>> len(SWITCH_TILES), len(TREASURES), len(CARDS)
    (12, 18, 30)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# ------------------------------------------------------------------ switches

SWITCH_TYPES: dict[str, tuple[int, str, str, str]] = {
    "padlock": (3, "Padlock", "Candado", "Cadenas"),
    "camera": (3, "Camera", "Cámara", "Caméra"),
    "laser": (2, "Laser", "Láser", "Laser"),
    "saw": (2, "Saw", "Sierra", "Scie"),
    "alarm": (2, "Alarm", "Alarma", "Alarme"),
}
"""Switch type → (tiles, English, Spanish, French names). ``alarm`` is the spec's invented fifth type."""

SWITCH_TILES: tuple[str, ...] = tuple(t for t, (n, *_names) in SWITCH_TYPES.items() for _ in range(n))
"""The 12 switch tiles (unshuffled): 3 padlocks, 3 cameras, 2 lasers, 2 saws, 2 alarms."""

# ------------------------------------------------------------------ treasures


@dataclass(frozen=True)
class TreasureTile:
    id: str
    name: str
    types: tuple[str, ...]
    minutes: int

    @property
    def easy(self) -> bool:
        """T01–T06, the tiles Normal and Hard take out (§3.9)."""
        return int(self.id[1:]) <= 6

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "types": list(self.types), "minutes": self.minutes, "easy": self.easy}


_TREASURES = (
    TreasureTile("T01", "Mona Lisa", ("camera",), 25),
    TreasureTile("T02", "Excalibur", ("laser",), 20),
    TreasureTile("T03", "Crown Jewels", ("padlock",), 25),
    TreasureTile("T04", "Magna Carta", ("saw",), 20),
    TreasureTile("T05", "Turin Shroud", ("alarm",), 20),
    TreasureTile("T06", "Crystal Skull", ("padlock",), 25),
    TreasureTile("T07", "Morimoto's Sabre", ("saw", "padlock"), 35),
    TreasureTile("T08", "Rosetta Stone", ("camera", "laser"), 35),
    TreasureTile("T09", "Dead Sea Scrolls", ("padlock", "alarm"), 35),
    TreasureTile("T10", "Da Vinci's Notebook", ("camera", "saw"), 35),
    TreasureTile("T11", "Ark of the Covenant", ("laser", "alarm"), 30),
    TreasureTile("T12", "Bust of Nefertiti", ("padlock", "camera"), 40),
    TreasureTile("T13", "Antikythera Mechanism", ("saw", "alarm"), 30),
    TreasureTile("T14", "Declaration of Independence", ("laser", "padlock"), 35),
    TreasureTile("T15", "Tutankhamun's Mask", ("camera", "laser", "saw"), 45),
    TreasureTile("T16", "Holy Grail", ("padlock", "saw", "alarm"), 45),
    TreasureTile("T17", "Terracotta Warrior", ("camera", "padlock", "laser"), 50),
    TreasureTile("T18", "Hope Diamond", ("laser", "saw", "alarm"), 40),
)

TREASURES: dict[str, TreasureTile] = {t.id: t for t in _TREASURES}
"""Treasure id (``"T01"`` … ``"T18"``) → :class:`TreasureTile`."""

DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "hard")
"""Easy keeps all 18 tiles; Normal removes 3 random easy tiles (T01–T06); Hard removes all six."""

BALANCE_EXTRA_MINUTES: dict[str, dict[str, int]] = {"proposed": {"easy": 15, "normal": 10, "hard": 5}}
"""NOT THE RULES: the off-by-default option ``{"balance": "proposed"}`` (docs/rules/citadel.md,
"Balance proposal") puts every new treasure's marker this many more minutes ahead, per
difficulty (at most 55 minutes ahead). Without the option the spec's minutes apply."""

# ------------------------------------------------------------------ dice

COLOUR_DIE: tuple[str, ...] = ("red", "red", "green", "green", "blue", "blue")
ACTION_DIE: tuple[str, ...] = ("1", "2", "3", "passage", "hourglass", "hourglass_all")
"""Walk 1/2/3 rooms, take the secret passage, push one treasure's marker back, or all three."""
CLOCK_DIE: tuple[int, ...] = (5, 5, 5, 5, 5, 10)
DICE: tuple[str, ...] = ("colour", "action", "clock")
"""Die names, as in ``{"type": "reroll", "dice": ["colour"]}``."""
IDEA_ICONS: tuple[int, ...] = (15, 45)
"""Clock minutes carrying an idea icon (seed): landing there lets the group flip a character up."""

# ------------------------------------------------------------------ characters and cards


@dataclass(frozen=True)
class Card:
    id: str
    code: str  # the spec's code: G1 … G6, E1 …, W1 …, B1 …, L1 …
    character: str
    name_en: str
    name_es: str
    name_fr: str
    pending: bool
    text_en: str
    params: str  # the extra action fields, as documented in docs/protocol-citadel.md

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "code": self.code, "character": self.character, "name_en": self.name_en,
                "name_es": self.name_es, "name_fr": self.name_fr, "pending": self.pending,
                "text_en": self.text_en, "params": self.params}


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    title_en: str
    title_es: str
    title_fr: str
    persistent_en: str
    power_en: str
    power_params: str
    card_ids: tuple[str, ...]

    def cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.card_ids)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "title_en": self.title_en, "title_es": self.title_es,
                "title_fr": self.title_fr, "persistent_en": self.persistent_en, "power_en": self.power_en,
                "power_params": self.power_params, "cards": list(self.card_ids)}


_CARDS = (
    # Nathan Goodspeed
    Card("sprint", "G1", "nathan", "Sprint", "Esprint", "Sprint", False,
         "Move up to 2 rooms through open doors (from outside, the first step is a window).", "to"),
    Card("window_leap", "G2", "nathan", "Window Leap", "Salto por la ventana", "Saut par la fenêtre", False,
         "If outside: enter any window room without the Professor, then you may move 1 more room through an "
         "open door. If inside: move 1 room through an open door.", "to"),
    Card("slip_through", "G3", "nathan", "Slip Through", "Escabullirse", "Se faufiler", False,
         "Move 1 room through a door of your room even if it is closed. The door keeps its state.", "to"),
    Card("escort", "G4", "nathan", "Escort", "Escolta", "Escorte", False,
         "Move one other character up to 2 rooms through open doors, or from outside into a window room.",
         "character, to"),
    Card("adrenaline", "G5", "nathan", "Adrenaline", "Adrenalina", "Adrénaline", False,
         "+1 regular action this turn.", ""),
    Card("duck_out", "G6", "nathan", "Duck Out", "Esquivar", "Esquive", True,
         "This Professor phase, if you would flee, instead move to a room next to yours, through any door "
         "state, that does not hold the Professor (your choice).", ""),
    # Irene Elder
    Card("borrowed_time", "E1", "irene", "Borrowed Time", "Tiempo prestado", "Temps emprunté", False,
         "+10 min to one treasure.", "colour"),
    Card("stitch_in_time", "E2", "irene", "Stitch in Time", "Puntada a tiempo", "Point de temps", False,
         "+5 min to every treasure.", ""),
    Card("frozen_hour", "E3", "irene", "Frozen Hour", "Hora congelada", "Heure figée", True,
         "Ignore the clock die this Professor phase.", ""),
    Card("time_slip", "E4", "irene", "Time Slip", "Desliz temporal", "Glissement temporel", True,
         "If the action die shows an hourglass this Professor phase, it has no effect.", ""),
    Card("premonition", "E5", "irene", "Premonition", "Premonición", "Prémonition", False,
         "Look at the top 3 treasure tiles and the top 3 room cards, and return each set in any order.", ""),
    Card("second_chance", "E6", "irene", "Second Chance", "Segunda oportunidad", "Seconde chance", False,
         "+2 regular actions this turn. When played, the clock marker advances 5 minutes at once "
         "(losses and the idea icon apply).", ""),
    # Edward Wyre
    Card("remote_control", "W1", "edward", "Remote Control", "Control remoto", "Télécommande", False,
         "Flip one switch in any room (either direction).", "room"),
    Card("short_circuit", "W2", "edward", "Short Circuit", "Cortocircuito", "Court-circuit", False,
         "Turn OFF up to 2 switches of the same type, anywhere.", "rooms"),
    Card("jammed_gears", "W3", "edward", "Jammed Gears", "Engranajes atascados", "Engrenages grippés", True,
         "This Professor phase, the Professor does not turn switches ON.", ""),
    Card("chain_reaction", "W4", "edward", "Chain Reaction", "Reacción en cadena", "Réaction en chaîne", False,
         "Turn OFF the switch in your room and in one room next to yours.", "room"),
    Card("override", "W5", "edward", "Override", "Anulación", "Dérogation", False,
         "This turn, rescuing a treasure does not turn switches back ON.", ""),
    Card("tinker", "W6", "edward", "Tinker", "Trastear", "Bricolage", False,
         "+1 regular action this turn, which must be a Turn-switch action.", ""),
    # Destiny Bradshaw
    Card("twist_of_fate", "B1", "destiny", "Twist of Fate", "Giro del destino", "Coup du sort", True,
         "After this turn's roll, you may reroll any of the 3 dice once.", ""),
    Card("change_of_heart", "B2", "destiny", "Change of Heart", "Cambio de opinión", "Revirement", True,
         "After this turn's roll, set the colour die to a colour of your choice.", ""),
    Card("distraction", "B3", "destiny", "Distraction", "Distracción", "Diversion", False,
         "Now: move the Professor 1 room through a doorway of his room that you choose. An open door he "
         "passes closes; he enters the room as usual.", "colour"),
    Card("slow_down", "B4", "destiny", "Slow Down", "Más despacio", "Ralentir", True,
         "If the action die shows 2 or 3 this turn, treat it as 1.", ""),
    Card("stay_put", "B5", "destiny", "Stay Put", "Quieto", "Pas bouger", True,
         "This turn the Professor does not move: 1/2/3/passage are ignored. Hourglass results and the clock "
         "still apply.", ""),
    Card("sent_home", "B6", "destiny", "Sent Home", "A casa", "Retour au labo", False,
         "Now: the Professor takes a secret passage to the Laboratory and enters it as usual.", ""),
    # Ada Lockhart
    Card("skeleton_key", "L1", "ada", "Skeleton Key", "Llave maestra", "Passe-partout", False,
         "Open any 2 doors, anywhere.", "doors"),
    Card("pick_the_locks", "L2", "ada", "Pick the Locks", "Forzar cerraduras", "Crocheter", False,
         "Open every door of your room.", ""),
    Card("wedge", "L3", "ada", "Wedge", "Cuña", "Cale", True,
         "This Professor phase, the Professor does not close doors.", ""),
    Card("open_house", "L4", "ada", "Open House", "Puertas abiertas", "Portes ouvertes", False,
         "Open every door of any one room.", "room"),
    Card("shoulder_charge", "L5", "ada", "Shoulder Charge", "Embestida", "Coup d'épaule", False,
         "Open 1 door of your room, then move through it.", "door"),
    Card("grappling_hook", "L6", "ada", "Grappling Hook", "Garfio", "Grappin", False,
         "If outside: enter any window room without the Professor. If inside: move to a room next to yours "
         "through a closed door, and that door becomes open.", "to"),
)

CARDS: dict[str, Card] = {c.id: c for c in _CARDS}
"""Card id → :class:`Card` (30 cards, 6 per character, in the spec's order)."""

_CHARACTERS = (
    Character("nathan", "Nathan Goodspeed", "Master of Movement", "Maestro del Movimiento", "Maître des Mouvements",
              "Each Move action may move you up to 2 rooms through open doors (from outside, the first step "
              "is a window).",
              "Move to any room not containing the Professor, from anywhere including outside.", "to",
              tuple(c.id for c in _CARDS if c.character == "nathan")),
    Character("irene", "Irene Elder", "Queen of Time", "Reina del Tiempo", "Reine du Temps",
              "Whenever the clock die shows +10, on any player's turn, it counts as +5.",
              "+15 min to one treasure.", "colour",
              tuple(c.id for c in _CARDS if c.character == "irene")),
    Character("edward", "Edward Wyre", "Lord of Cogs", "Señor de los Engranajes", "Seigneur des Rouages",
              "Your Turn-switch action may target your room or any room next to it, whatever the door states.",
              "Turn OFF every switch of one type.", "switch_type",
              tuple(c.id for c in _CARDS if c.character == "edward")),
    Character("destiny", "Destiny Bradshaw", "Mistress of Fate", "Señora del Destino", "Maîtresse du Destin",
              "On your own turn, after the Professor roll, you may reroll one die once.",
              "This turn, do not roll the colour and action dice: choose their faces instead (the clock die "
              "is still rolled).", "colour, face",
              tuple(c.id for c in _CARDS if c.character == "destiny")),
    Character("ada", "Ada Lockhart", "Mistress of Locks", "Señora de las Cerraduras", "Maîtresse des Serrures",
              "Your Open-door action opens all closed doors of your room.",
              "Open any 4 closed doors, anywhere.", "doors",
              tuple(c.id for c in _CARDS if c.character == "ada")),
)

CHARACTERS: dict[str, Character] = {c.id: c for c in _CHARACTERS}
"""Character id → :class:`Character`, in the spec's order."""


def catalogue_json() -> dict[str, Any]:
    """Switch types, treasures, dice, characters and cards, for a client or ``donjon cards``."""
    return {
        "switch_types": [{"id": t, "tiles": n, "name_en": en, "name_es": es, "name_fr": fr}
                         for t, (n, en, es, fr) in SWITCH_TYPES.items()],
        "treasures": [t.to_json() for t in _TREASURES],
        "dice": {"colour": list(COLOUR_DIE), "action": list(ACTION_DIE), "clock": list(CLOCK_DIE)},
        "idea_icons": list(IDEA_ICONS),
        "characters": [c.to_json() for c in _CHARACTERS],
        "cards": [c.to_json() for c in _CARDS],
        "difficulties": list(DIFFICULTIES),
    }
