"""Citadel components as data: switch types, treasures, dice, characters and action cards.

Everything here is the spec's table (§3.1, §3.4, §3.5, §3.8) turned into frozen records,
except the treasure tiles' minutes, which are the site's (:data:`TREASURES`);
the behaviour lives in :mod:`donjon.games.citadel.effects` (cards and powers) and
:mod:`donjon.games.citadel.professor` (dice).

    >>> TREASURES["T07"].types, TREASURES["T07"].minutes
    (('saw', 'padlock'), 40)
    >>> [c.id for c in CHARACTERS["nathan"].cards()][:2]
    ['sprint', 'window_leap']
    >>> len(SWITCH_TILES), len(TREASURES), len(CARDS)
    (12, 18, 30)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from donjon.games.info import LANGS, Names, pick

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
    TreasureTile("T01", "Mona Lisa", ("camera",), 40),
    TreasureTile("T02", "Excalibur", ("laser",), 40),
    TreasureTile("T03", "Crown Jewels", ("padlock",), 40),
    TreasureTile("T04", "Magna Carta", ("saw",), 40),
    TreasureTile("T05", "Turin Shroud", ("alarm",), 40),
    TreasureTile("T06", "Crystal Skull", ("padlock",), 40),
    TreasureTile("T07", "Morimoto's Sabre", ("saw", "padlock"), 40),
    TreasureTile("T08", "Rosetta Stone", ("camera", "laser"), 40),
    TreasureTile("T09", "Dead Sea Scrolls", ("padlock", "alarm"), 40),
    TreasureTile("T10", "Da Vinci's Notebook", ("camera", "saw"), 40),
    TreasureTile("T11", "Ark of the Covenant", ("laser", "alarm"), 40),
    TreasureTile("T12", "Bust of Nefertiti", ("padlock", "camera"), 40),
    TreasureTile("T13", "Antikythera Mechanism", ("saw", "alarm"), 40),
    TreasureTile("T14", "Declaration of Independence", ("laser", "padlock"), 40),
    TreasureTile("T15", "Tutankhamun's Mask", ("camera", "laser", "saw"), 45),
    TreasureTile("T16", "Holy Grail", ("padlock", "saw", "alarm"), 45),
    TreasureTile("T17", "Terracotta Warrior", ("camera", "padlock", "laser"), 45),
    TreasureTile("T18", "Hope Diamond", ("laser", "saw", "alarm"), 45),
)

TREASURES: dict[str, TreasureTile] = {t.id: t for t in _TREASURES}
"""Treasure id (``"T01"`` … ``"T18"``) → :class:`TreasureTile`.

The tiles, names and switch types are the spec's (§3.5); the **minutes are the site's
table** (docs/rules/citadel.md §22): :func:`tile_minutes`, i.e. 40 minutes, 45 for a tile of
three switch types. The spec's own minutes (``10 + 5 ×`` the number of switch tiles of its
types, 20–50) are a proposal, not the published game's, and left a planner team at 26 % on
Normal; these were measured with ``python3 bench/balance.py``."""


def tile_minutes(types: tuple[str, ...]) -> int:
    """The minutes of a tile with these switch types (the site's rule, see :data:`TREASURES`).

    >>> tile_minutes(("camera",)), tile_minutes(("saw", "padlock")), tile_minutes(("laser", "saw", "alarm"))
    (40, 40, 45)
    """
    return 45 if len(types) >= 3 else 40


DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "hard")
"""Easy keeps all 18 tiles; Normal removes 3 random easy tiles (T01–T06); Hard removes all six."""

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
    """An action card; ``name`` and ``text`` hold its languages (:data:`donjon.games.info.LANGS`)."""

    id: str
    code: str  # the spec's code: G1 … G6, E1 …, W1 …, B1 …, L1 …
    character: str
    pending: bool
    params: str  # the extra action fields, as documented in docs/protocol-citadel.md
    name: Names = field(hash=False)
    text: Names = field(hash=False)

    name_en = property(lambda self: self.name["en"])
    name_fr = property(lambda self: self.name["fr"])
    name_es = property(lambda self: self.name["es"])
    text_en = property(lambda self: self.text["en"])

    def to_json(self) -> dict[str, Any]:
        """``name_en`` … ``text_es``: the name and text in each language, beside the card's data."""
        return {"id": self.id, "code": self.code, "character": self.character, "pending": self.pending,
                "params": self.params, **{f"name_{lang}": pick(self.name, lang) for lang in LANGS},
                **{f"text_{lang}": pick(self.text, lang) for lang in LANGS}}


@dataclass(frozen=True)
class Character:
    """A character. Its ``title``, ``persistent`` (face-up ability) and ``power`` texts, in each
    language, are in :data:`CHARACTER_TEXTS`; ``card_ids``: its 6 action cards, in the spec's order."""

    id: str
    name: str
    power_params: str

    title = property(lambda self: CHARACTER_TEXTS[self.id, "title"])
    persistent = property(lambda self: CHARACTER_TEXTS[self.id, "persistent"])
    power = property(lambda self: CHARACTER_TEXTS[self.id, "power"])
    title_en = property(lambda self: self.title["en"])
    persistent_en = property(lambda self: self.persistent["en"])
    power_en = property(lambda self: self.power["en"])

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in _CARDS if c.character == self.id)

    def cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.card_ids)

    def to_json(self) -> dict[str, Any]:
        """``title_en`` … ``power_es``: its texts in each language, beside its data."""
        texts = {"title": self.title, "persistent": self.persistent, "power": self.power}
        return {"id": self.id, "name": self.name, "power_params": self.power_params, "cards": list(self.card_ids),
                **{f"{k}_{lang}": pick(v, lang) for k, v in texts.items() for lang in LANGS}}


_CARDS = (
    # Nathan Goodspeed
    Card("sprint", "G1", "nathan", pending=False, params="to",
         name={"en": "Sprint", "fr": "Sprint", "es": "Esprint"},
         text={"en": "Move up to 2 rooms through open doors (from outside, the first step is a window).",
               "fr": "Déplace-toi de 2 salles au plus par des portes ouvertes (depuis dehors, le premier pas passe par une fenêtre).",
               "es": "Muévete hasta 2 habitaciones por puertas abiertas (desde fuera, el primer paso es por una ventana)."}),
    Card("window_leap", "G2", "nathan", pending=False, params="to",
         name={"en": "Window Leap", "fr": "Saut par la fenêtre", "es": "Salto por la ventana"},
         text={"en": "If outside: enter any window room without the Professor, then you may move 1 more room through an open door. If inside: move 1 room through an open door.",
               "fr": "Dehors : entre dans une salle à fenêtre sans le Professeur, puis avance si tu veux d'une salle par une porte ouverte. Dedans : avance d'une salle par une porte ouverte.",
               "es": "Fuera: entra en una habitación con ventana sin el Professor y, si quieres, avanza 1 habitación más por una puerta abierta. Dentro: avanza 1 habitación por una puerta abierta."}),
    Card("slip_through", "G3", "nathan", pending=False, params="to",
         name={"en": "Slip Through", "fr": "Se faufiler", "es": "Escabullirse"},
         text={"en": "Move 1 room through a door of your room even if it is closed. The door keeps its state.",
               "fr": "Passe dans une salle voisine par une porte de ta salle, même fermée. La porte reste comme elle est.",
               "es": "Pasa a una habitación vecina por una puerta de tu habitación aunque esté cerrada. La puerta queda como estaba."}),
    Card("escort", "G4", "nathan", pending=False, params="character, to",
         name={"en": "Escort", "fr": "Escorte", "es": "Escolta"},
         text={"en": "Move one other character up to 2 rooms through open doors, or from outside into a window room.",
               "fr": "Déplace un autre personnage de 2 salles au plus par des portes ouvertes, ou de dehors dans une salle à fenêtre.",
               "es": "Mueve a otro personaje hasta 2 habitaciones por puertas abiertas, o desde fuera a una habitación con ventana."}),
    Card("adrenaline", "G5", "nathan", pending=False, params="",
         name={"en": "Adrenaline", "fr": "Adrénaline", "es": "Adrenalina"},
         text={"en": "+1 regular action this turn.",
               "fr": "+1 action ce tour-ci.",
               "es": "+1 acción regular este turno."}),
    Card("duck_out", "G6", "nathan", pending=True, params="",
         name={"en": "Duck Out", "fr": "Esquive", "es": "Esquivar"},
         text={"en": "This Professor phase, if you would flee, instead move to a room next to yours, through any door state, that does not hold the Professor (your choice).",
               "fr": "Pendant cette phase du Professeur, si tu devais t'enfuir, passe plutôt dans une salle voisine sans le Professeur, porte ouverte ou fermée (à toi de choisir).",
               "es": "En esta fase del Professor, si tuvieras que huir, pasa en su lugar a una habitación vecina sin el Professor, con la puerta abierta o cerrada (tú eliges)."}),
    # Irene Elder
    Card("borrowed_time", "E1", "irene", pending=False, params="colour",
         name={"en": "Borrowed Time", "fr": "Temps emprunté", "es": "Tiempo prestado"},
         text={"en": "+10 min to one treasure.",
               "fr": "+10 min à un trésor.",
               "es": "+10 min a un tesoro."}),
    Card("stitch_in_time", "E2", "irene", pending=False, params="",
         name={"en": "Stitch in Time", "fr": "Point de temps", "es": "Puntada a tiempo"},
         text={"en": "+5 min to every treasure.",
               "fr": "+5 min à chaque trésor.",
               "es": "+5 min a cada tesoro."}),
    Card("frozen_hour", "E3", "irene", pending=True, params="",
         name={"en": "Frozen Hour", "fr": "Heure figée", "es": "Hora congelada"},
         text={"en": "Ignore the clock die this Professor phase.",
               "fr": "Le dé horloge est ignoré pendant cette phase du Professeur.",
               "es": "Se ignora el dado de reloj en esta fase del Professor."}),
    Card("time_slip", "E4", "irene", pending=True, params="",
         name={"en": "Time Slip", "fr": "Glissement temporel", "es": "Desliz temporal"},
         text={"en": "If the action die shows an hourglass this Professor phase, it has no effect.",
               "fr": "Si le dé d'action montre un sablier pendant cette phase du Professeur, il n'a aucun effet.",
               "es": "Si el dado de acción muestra un reloj de arena en esta fase del Professor, no tiene efecto."}),
    Card("premonition", "E5", "irene", pending=False, params="",
         name={"en": "Premonition", "fr": "Prémonition", "es": "Premonición"},
         text={"en": "Look at the top 3 treasure tiles and the top 3 room cards, and return each set in any order.",
               "fr": "Regarde les 3 premières tuiles trésor et les 3 premières cartes salle, et remets chaque paquet dans l'ordre de ton choix.",
               "es": "Mira las 3 primeras losetas de tesoro y las 3 primeras cartas de habitación, y devuelve cada grupo en el orden que quieras."}),
    Card("second_chance", "E6", "irene", pending=False, params="",
         name={"en": "Second Chance", "fr": "Seconde chance", "es": "Segunda oportunidad"},
         text={"en": "+2 regular actions this turn. When played, the clock marker advances 5 minutes at once (losses and the idea icon apply).",
               "fr": "+2 actions ce tour-ci. Quand tu la joues, l'horloge avance aussitôt de 5 minutes (pertes et icône idée comprises).",
               "es": "+2 acciones regulares este turno. Al jugarla, el marcador del reloj avanza 5 minutos de inmediato (se aplican las pérdidas y el icono de idea)."}),
    # Edward Wyre
    Card("remote_control", "W1", "edward", pending=False, params="room",
         name={"en": "Remote Control", "fr": "Télécommande", "es": "Control remoto"},
         text={"en": "Flip one switch in any room (either direction).",
               "fr": "Bascule l'interrupteur de n'importe quelle salle (dans un sens ou dans l'autre).",
               "es": "Gira el interruptor de cualquier habitación (en un sentido u otro)."}),
    Card("short_circuit", "W2", "edward", pending=False, params="rooms",
         name={"en": "Short Circuit", "fr": "Court-circuit", "es": "Cortocircuito"},
         text={"en": "Turn OFF up to 2 switches of the same type, anywhere.",
               "fr": "Mets sur OFF jusqu'à 2 interrupteurs du même type, n'importe où.",
               "es": "Pon en OFF hasta 2 interruptores del mismo tipo, en cualquier lugar."}),
    Card("jammed_gears", "W3", "edward", pending=True, params="",
         name={"en": "Jammed Gears", "fr": "Engrenages grippés", "es": "Engranajes atascados"},
         text={"en": "This Professor phase, the Professor does not turn switches ON.",
               "fr": "Pendant cette phase du Professeur, il ne rallume aucun interrupteur.",
               "es": "En esta fase del Professor, el Professor no activa interruptores."}),
    Card("chain_reaction", "W4", "edward", pending=False, params="room",
         name={"en": "Chain Reaction", "fr": "Réaction en chaîne", "es": "Reacción en cadena"},
         text={"en": "Turn OFF the switch in your room and in one room next to yours.",
               "fr": "Mets sur OFF l'interrupteur de ta salle et celui d'une salle voisine.",
               "es": "Pon en OFF el interruptor de tu habitación y el de una habitación vecina."}),
    Card("override", "W5", "edward", pending=False, params="",
         name={"en": "Override", "fr": "Dérogation", "es": "Anulación"},
         text={"en": "This turn, rescuing a treasure does not turn switches back ON.",
               "fr": "Ce tour-ci, sauver un trésor ne rallume pas ses interrupteurs.",
               "es": "Este turno, rescatar un tesoro no vuelve a activar sus interruptores."}),
    Card("tinker", "W6", "edward", pending=False, params="",
         name={"en": "Tinker", "fr": "Bricolage", "es": "Trastear"},
         text={"en": "+1 regular action this turn, which must be a Turn-switch action.",
               "fr": "+1 action ce tour-ci, qui doit servir à basculer un interrupteur.",
               "es": "+1 acción regular este turno, que debe ser girar un interruptor."}),
    # Destiny Bradshaw
    Card("twist_of_fate", "B1", "destiny", pending=True, params="",
         name={"en": "Twist of Fate", "fr": "Coup du sort", "es": "Giro del destino"},
         text={"en": "After this turn's roll, you may reroll any of the 3 dice once.",
               "fr": "Après le lancer de ce tour, tu peux relancer une fois les dés de ton choix.",
               "es": "Tras la tirada de este turno, puedes volver a tirar una vez los dados que quieras."}),
    Card("change_of_heart", "B2", "destiny", pending=True, params="",
         name={"en": "Change of Heart", "fr": "Revirement", "es": "Cambio de opinión"},
         text={"en": "After this turn's roll, set the colour die to a colour of your choice.",
               "fr": "Après le lancer de ce tour, mets le dé couleur sur la couleur de ton choix.",
               "es": "Tras la tirada de este turno, pon el dado de color en el color que elijas."}),
    Card("distraction", "B3", "destiny", pending=False, params="colour",
         name={"en": "Distraction", "fr": "Diversion", "es": "Distracción"},
         text={"en": "Now: move the Professor 1 room through a doorway of his room that you choose. An open door he passes closes; he enters the room as usual.",
               "fr": "Tout de suite : le Professeur avance d'une salle par la porte de sa salle que tu choisis. Une porte ouverte qu'il franchit se ferme ; il entre dans la salle comme d'habitude.",
               "es": "Ahora: el Professor avanza 1 habitación por la puerta de su habitación que elijas. Una puerta abierta que cruce se cierra; entra en la habitación como siempre."}),
    Card("slow_down", "B4", "destiny", pending=True, params="",
         name={"en": "Slow Down", "fr": "Ralentir", "es": "Más despacio"},
         text={"en": "If the action die shows 2 or 3 this turn, treat it as 1.",
               "fr": "Si le dé d'action montre 2 ou 3 ce tour-ci, il compte comme 1.",
               "es": "Si el dado de acción muestra 2 o 3 este turno, cuenta como 1."}),
    Card("stay_put", "B5", "destiny", pending=True, params="",
         name={"en": "Stay Put", "fr": "Pas bouger", "es": "Quieto"},
         text={"en": "This turn the Professor does not move: 1/2/3/passage are ignored. Hourglass results and the clock still apply.",
               "fr": "Ce tour-ci le Professeur ne bouge pas : 1, 2, 3 et passage sont ignorés. Les sabliers et l'horloge s'appliquent.",
               "es": "Este turno el Professor no se mueve: se ignoran 1, 2, 3 y pasadizo. Los relojes de arena y el reloj sí se aplican."}),
    Card("sent_home", "B6", "destiny", pending=False, params="",
         name={"en": "Sent Home", "fr": "Retour au labo", "es": "A casa"},
         text={"en": "Now: the Professor takes a secret passage to the Laboratory and enters it as usual.",
               "fr": "Tout de suite : le Professeur file au Laboratoire par un passage secret et y entre comme d'habitude.",
               "es": "Ahora: el Professor vuelve al Laboratorio por un pasadizo secreto y entra como siempre."}),
    # Ada Lockhart
    Card("skeleton_key", "L1", "ada", pending=False, params="doors",
         name={"en": "Skeleton Key", "fr": "Passe-partout", "es": "Llave maestra"},
         text={"en": "Open any 2 doors, anywhere.",
               "fr": "Ouvre 2 portes, n'importe où.",
               "es": "Abre 2 puertas cualesquiera, en cualquier lugar."}),
    Card("pick_the_locks", "L2", "ada", pending=False, params="",
         name={"en": "Pick the Locks", "fr": "Crocheter", "es": "Forzar cerraduras"},
         text={"en": "Open every door of your room.",
               "fr": "Ouvre toutes les portes de ta salle.",
               "es": "Abre todas las puertas de tu habitación."}),
    Card("wedge", "L3", "ada", pending=True, params="",
         name={"en": "Wedge", "fr": "Cale", "es": "Cuña"},
         text={"en": "This Professor phase, the Professor does not close doors.",
               "fr": "Pendant cette phase du Professeur, il ne ferme aucune porte.",
               "es": "En esta fase del Professor, el Professor no cierra puertas."}),
    Card("open_house", "L4", "ada", pending=False, params="room",
         name={"en": "Open House", "fr": "Portes ouvertes", "es": "Puertas abiertas"},
         text={"en": "Open every door of any one room.",
               "fr": "Ouvre toutes les portes d'une salle au choix.",
               "es": "Abre todas las puertas de una habitación cualquiera."}),
    Card("shoulder_charge", "L5", "ada", pending=False, params="door",
         name={"en": "Shoulder Charge", "fr": "Coup d'épaule", "es": "Embestida"},
         text={"en": "Open 1 door of your room, then move through it.",
               "fr": "Ouvre une porte de ta salle, puis franchis-la.",
               "es": "Abre 1 puerta de tu habitación y crúzala."}),
    Card("grappling_hook", "L6", "ada", pending=False, params="to",
         name={"en": "Grappling Hook", "fr": "Grappin", "es": "Garfio"},
         text={"en": "If outside: enter any window room without the Professor. If inside: move to a room next to yours through a closed door, and that door becomes open.",
               "fr": "Dehors : entre dans une salle à fenêtre sans le Professeur. Dedans : passe dans une salle voisine par une porte fermée, qui devient ouverte.",
               "es": "Fuera: entra en una habitación con ventana sin el Professor. Dentro: pasa a una habitación vecina por una puerta cerrada, que queda abierta."}),
)

CARDS: dict[str, Card] = {c.id: c for c in _CARDS}
"""Card id → :class:`Card` (30 cards, 6 per character, in the spec's order)."""

CHARACTER_TEXTS: dict[tuple[str, str], Names] = {
    ("nathan", "title"): {
        "en": "Master of Movement",
        "fr": "Maître des Mouvements",
        "es": "Maestro del Movimiento",
    },
    ("nathan", "persistent"): {
        "en": "Each Move action may move you up to 2 rooms through open doors (from outside, the first step is a window).",
        "fr": "Chaque déplacement peut aller jusqu'à 2 salles par des portes ouvertes (depuis dehors, le premier pas passe par une fenêtre).",
        "es": "Cada movimiento puede recorrer hasta 2 habitaciones por puertas abiertas (desde fuera, el primer paso es por una ventana).",
    },
    ("nathan", "power"): {
        "en": "Move to any room not containing the Professor, from anywhere including outside.",
        "fr": "Va dans n'importe quelle salle sans le Professeur, même depuis dehors.",
        "es": "Ve a cualquier habitación sin el Professor, incluso desde fuera.",
    },
    ("irene", "title"): {
        "en": "Queen of Time",
        "fr": "Reine du Temps",
        "es": "Reina del Tiempo",
    },
    ("irene", "persistent"): {
        "en": "Whenever the clock die shows +10, on any player's turn, it counts as +5.",
        "fr": "Quand le dé horloge montre +10, à n'importe quel tour, il compte +5.",
        "es": "Cuando el dado de reloj muestra +10, en cualquier turno, cuenta +5.",
    },
    ("irene", "power"): {
        "en": "+15 min to one treasure.",
        "fr": "+15 min à un trésor.",
        "es": "+15 min a un tesoro.",
    },
    ("edward", "title"): {
        "en": "Lord of Cogs",
        "fr": "Seigneur des Rouages",
        "es": "Señor de los Engranajes",
    },
    ("edward", "persistent"): {
        "en": "Your Turn-switch action may target your room or any room next to it, whatever the door states.",
        "fr": "Ton action interrupteur peut viser ta salle ou une salle voisine, quelles que soient les portes.",
        "es": "Tu acción de girar interruptor puede ser en tu habitación o en una vecina, sin importar las puertas.",
    },
    ("edward", "power"): {
        "en": "Turn OFF every switch of one type.",
        "fr": "Mets sur OFF tous les interrupteurs d'un type.",
        "es": "Pon en OFF todos los interruptores de un tipo.",
    },
    ("destiny", "title"): {
        "en": "Mistress of Fate",
        "fr": "Maîtresse du Destin",
        "es": "Señora del Destino",
    },
    ("destiny", "persistent"): {
        "en": "On your own turn, after the Professor roll, you may reroll one die once.",
        "fr": "À ton tour, après le lancer du Professeur, tu peux relancer un dé une fois.",
        "es": "En tu turno, tras la tirada del Professor, puedes volver a tirar un dado una vez.",
    },
    ("destiny", "power"): {
        "en": "This turn, do not roll the colour and action dice: choose their faces instead (the clock die is still rolled).",
        "fr": "Ce tour-ci, ne lance pas les dés couleur et action : choisis leurs faces (le dé horloge est lancé).",
        "es": "Este turno no tires los dados de color y acción: elige sus caras (el dado de reloj se tira).",
    },
    ("ada", "title"): {
        "en": "Mistress of Locks",
        "fr": "Maîtresse des Serrures",
        "es": "Señora de las Cerraduras",
    },
    ("ada", "persistent"): {
        "en": "Your Open-door action opens all closed doors of your room.",
        "fr": "Ton action ouvrir ouvre toutes les portes fermées de ta salle.",
        "es": "Tu acción de abrir abre todas las puertas cerradas de tu habitación.",
    },
    ("ada", "power"): {
        "en": "Open any 4 closed doors, anywhere.",
        "fr": "Ouvre 4 portes fermées, n'importe où.",
        "es": "Abre 4 puertas cerradas cualesquiera.",
    },
}
"""(character id, ``"title"`` | ``"persistent"`` | ``"power"``) → the text in each language:
its title, its face-up ability and its power."""

_CHARACTERS = (
    Character("nathan", "Nathan Goodspeed", power_params="to"),
    Character("irene", "Irene Elder", power_params="colour"),
    Character("edward", "Edward Wyre", power_params="switch_type"),
    Character("destiny", "Destiny Bradshaw", power_params="colour, face"),
    Character("ada", "Ada Lockhart", power_params="doors"),
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
