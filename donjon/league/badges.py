"""Badges: the cards a player plays unlock a badge per card, with tiers.

One badge per ``(game, card id)``. Its tier comes from how many times the player played
that card in games that count (never against a bot): **bronze** from 1 play, **silver**
from 10, **gold** from 50. Play counts come from ``card_played`` events
(:func:`count_plays`) or straight from a database ``GROUP BY`` — the functions here only
need the numbers.

The cards of each game come from the game's own catalogue when it exists
(``donjon.games.<game>.catalogue.CARDS``, a mapping of card id to an object with
``name_en`` and ``name_fr``; UnfairChess has it). Until Castel and Citadel have theirs,
the lists below (from ``specs/castel.md`` §3 and ``specs/citadel.md`` §3.8.3) stand in:
Castel ids are French slugs like UnfairChess's (``soldat``, ``chevalier``), Citadel ids
English slugs (``sprint``, ``skeleton_key``). A card with several copies (Castel's 14
soldiers, ids ``soldat_1`` … ``soldat_14``) is one badge, under its kind (:func:`card_kind`).
Any other id met in the counts still gets its badge.

    >>> tier(0), tier(1), tier(9), tier(10), tier(50)
    (None, 'bronze', 'bronze', 'silver', 'gold')
    >>> b = badge("unfairchess", "poison", 12)
    >>> b.tier, b.next_tier, b.next_at, b.name_fr
    ('silver', 'gold', 50, 'Poison')
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from donjon.league.record import ALL_GAMES

TIERS: tuple[tuple[str, int], ...] = (("bronze", 1), ("silver", 10), ("gold", 50))
"""Tier name and the plays it needs, lowest first."""


def tier(plays: int) -> str | None:
    """The tier reached with ``plays`` plays of a card, ``None`` below 1."""
    reached = None
    for name, need in TIERS:
        if plays >= need:
            reached = name
    return reached


def next_tier(plays: int) -> tuple[str, int] | None:
    """The next tier and the plays it needs, ``None`` at gold."""
    for name, need in TIERS:
        if plays < need:
            return name, need
    return None


@dataclass(frozen=True)
class CardRef:
    game: str
    id: str
    name_en: str
    name_fr: str


@dataclass(frozen=True)
class Badge:
    game: str
    card: str
    name_en: str
    name_fr: str
    plays: int
    tier: str | None
    next_tier: str | None
    next_at: int | None

    @property
    def unlocked(self) -> bool:
        return self.tier is not None

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "card": self.card, "name_en": self.name_en, "name_fr": self.name_fr,
                "plays": self.plays, "tier": self.tier, "next_tier": self.next_tier, "next_at": self.next_at}


_CASTEL = (
    ("roi", "King", "Roi"), ("reine", "Queen", "Reine"), ("favorite", "Mistress", "Favorite"),
    ("princesse", "Princess", "Princesse"), ("prince", "Prince", "Prince"),
    ("dame_de_compagnie", "Lady-in-waiting", "Dame de compagnie"), ("courtisan", "Courtier", "Courtisan"),
    ("intrigant", "Schemer", "Intrigant"), ("bouffon", "Jester", "Bouffon"), ("fou", "Fool", "Fou"),
    ("pretre", "Priest", "Prêtre"), ("ambassadeur", "Ambassador", "Ambassadeur"), ("herault", "Herald", "Hérault"),
    ("assassin", "Assassin", "Assassin"), ("chambellan", "Chamberlain", "Chambellan"),
    ("senechal", "Seneschal", "Sénéchal"), ("menestrel", "Minstrel", "Ménestrel"), ("page", "Page", "Page"),
    ("nourrice", "Nurse", "Nourrice"), ("echanson", "Cupbearer", "Échanson"), ("bailli", "Bailiff", "Bailli"),
    ("archers", "Archers", "Archers"), ("fantome", "Ghost", "Fantôme"), ("magicien", "Magician", "Magicien"),
    ("alchimiste", "Alchemist", "Alchimiste"), ("guetteur", "Lookout", "Guetteur"),
    ("enchanteur", "Enchanter", "Enchanteur"), ("soldat", "Soldier", "Soldat"), ("capitaine", "Captain", "Capitaine"),
    ("engin", "Siege engine", "Engin de siège"), ("dragon", "Dragon", "Dragon"),
    ("barbare", "Barbarian", "Barbare"), ("fee", "Fairy", "Fée"), ("sorciere", "Witch", "Sorcière"),
    ("voleur", "Thief", "Voleur"), ("mendiant", "Beggar", "Mendiant"), ("chevalier", "Knight", "Chevalier"),
)

_CITADEL = (
    ("sprint", "Sprint", "Sprint"), ("window_leap", "Window Leap", "Saut par la fenêtre"),
    ("slip_through", "Slip Through", "Se faufiler"), ("escort", "Escort", "Escorte"),
    ("adrenaline", "Adrenaline", "Adrénaline"), ("duck_out", "Duck Out", "Esquive"),
    ("borrowed_time", "Borrowed Time", "Temps emprunté"), ("stitch_in_time", "Stitch in Time", "Point à temps"),
    ("frozen_hour", "Frozen Hour", "Heure figée"), ("time_slip", "Time Slip", "Faille temporelle"),
    ("premonition", "Premonition", "Prémonition"), ("second_chance", "Second Chance", "Seconde chance"),
    ("remote_control", "Remote Control", "Télécommande"), ("short_circuit", "Short Circuit", "Court-circuit"),
    ("jammed_gears", "Jammed Gears", "Engrenages grippés"), ("chain_reaction", "Chain Reaction", "Réaction en chaîne"),
    ("override", "Override", "Dérogation"), ("tinker", "Tinker", "Bricolage"),
    ("twist_of_fate", "Twist of Fate", "Coup du destin"), ("change_of_heart", "Change of Heart", "Revirement"),
    ("distraction", "Distraction", "Diversion"), ("slow_down", "Slow Down", "Ralentissement"),
    ("stay_put", "Stay Put", "Pas un geste"), ("sent_home", "Sent Home", "Retour au labo"),
    ("skeleton_key", "Skeleton Key", "Passe-partout"), ("pick_the_locks", "Pick the Locks", "Crochetage"),
    ("wedge", "Wedge", "Cale"), ("open_house", "Open House", "Portes ouvertes"),
    ("shoulder_charge", "Shoulder Charge", "Coup d'épaule"), ("grappling_hook", "Grappling Hook", "Grappin"),
)

_FALLBACK: dict[str, tuple[tuple[str, str, str], ...]] = {"castel": _CASTEL, "citadel": _CITADEL}


@cache
def card_catalogue(game: str) -> tuple[CardRef, ...]:
    """Every card of ``game`` that can earn a badge, in catalogue order."""
    try:
        cards = importlib.import_module(f"donjon.games.{game}.catalogue").CARDS
        return tuple(CardRef(game, cid, str(c.name_en), str(c.name_fr)) for cid, c in cards.items())
    except (ImportError, AttributeError):
        return tuple(CardRef(game, cid, en, fr) for cid, en, fr in _FALLBACK.get(game, ()))


def card_kind(game: str, card: str) -> str:
    """The badge id of a played card: the card *kind* when the game numbers its copies
    (Castel's ``"soldat_7"`` → ``"soldat"``, through its catalogue's ``kind_of``), else the id."""
    try:
        kind_of = importlib.import_module(f"donjon.games.{game}.catalogue").kind_of
    except (ImportError, AttributeError):
        return card.rsplit("_", 1)[0] if game == "castel" and card.rsplit("_", 1)[-1].isdigit() else card
    try:
        return str(kind_of(card))
    except KeyError:
        return card


def _card(game: str, card: str) -> CardRef:
    for ref in card_catalogue(game):
        if ref.id == card:
            return ref
    return CardRef(game, card, card, card)


PlayCounts = Mapping[tuple[str, str], int]
"""``(game, card id) → plays``."""


def count_plays(events: Iterable[Mapping[str, Any]]) -> Counter[tuple[str, str]]:
    """Plays per ``(game, card)`` from ``card_played`` events (of counted games only)."""
    return Counter((str(e["game"]), card_kind(str(e["game"]), str(e["card"]))) for e in events
                   if e.get("kind") == "card_played" and "game" in e and "card" in e)


def badge(game: str, card: str, plays: int) -> Badge:
    """The badge of one card for a player who played it ``plays`` times."""
    ref = _card(game, card)
    nxt = next_tier(plays)
    return Badge(game, card, ref.name_en, ref.name_fr, plays, tier(plays),
                 nxt[0] if nxt else None, nxt[1] if nxt else None)


def badges(play_counts: PlayCounts) -> list[Badge]:
    """The unlocked badges (at least bronze), by game then catalogue order."""
    return [b for bs in badge_shelf(play_counts).values() for b in bs if b.unlocked]


def badge_shelf(play_counts: PlayCounts, games: Iterable[str] = ALL_GAMES) -> dict[str, list[Badge]]:
    """Every card's badge for each game, locked ones included (tier ``None``), for the profile.

    Cards are in catalogue order; ids met in ``play_counts`` but not in a catalogue come last."""
    out: dict[str, list[Badge]] = {}
    for game in games:
        known = [ref.id for ref in card_catalogue(game)]
        known_set = set(known)
        extra = sorted(c for g, c in play_counts if g == game and c not in known_set)
        out[game] = [badge(game, c, int(play_counts.get((game, c), 0))) for c in known + extra]
    return out


def tier_ups(before: PlayCounts, events: Iterable[Mapping[str, Any]]) -> list[Badge]:
    """Badges whose tier rises when ``events`` are added to the counts ``before`` (for a
    "new badge" notice at the end of a game)."""
    added = count_plays(events)
    out = []
    for (game, card), n in added.items():
        old = int(before.get((game, card), 0))
        if tier(old + n) != tier(old):
            out.append(badge(game, card, old + n))
    return out
