"""Badges: the cards a player plays unlock a badge per card, with tiers.

One badge per ``(game, card id)``. Its tier comes from how many times the player played
that card in games that count (never against a bot): **bronze** from 1 play, **silver**
from 10, **gold** from 50. Play counts come from ``card_played`` events
(:func:`count_plays`) or straight from a database ``GROUP BY`` — the functions here only
need the numbers.

The cards of each game, their names and the badge id of a played card come from the
game's own :class:`~donjon.games.league.GameLeague` (``cards`` and ``card_kind``): a card
with several copies is one badge, under its kind. Any other id met in the counts still
gets its badge, named by its id.

    >>> tier(0), tier(1), tier(9), tier(10), tier(50)
    (None, 'bronze', 'bronze', 'silver', 'gold')
    >>> b = badge("chess", "poison", 12)
    >>> b.tier, b.next_tier, b.next_at, b.name_fr
    ('silver', 'gold', 50, 'poison')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from donjon.games.league import NO_LEAGUE, GameLeague, league_of
from donjon.league.record import all_games

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
    name_es: str


@dataclass(frozen=True)
class Badge:
    game: str
    card: str
    name_en: str
    name_fr: str
    name_es: str
    plays: int
    tier: str | None
    next_tier: str | None
    next_at: int | None

    @property
    def unlocked(self) -> bool:
        return self.tier is not None

    @property
    def name(self) -> dict[str, str]:
        """The card's name in each language, ``{"en", "fr", "es"}``."""
        return {"en": self.name_en, "fr": self.name_fr, "es": self.name_es}

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "card": self.card, "name_en": self.name_en, "name_fr": self.name_fr,
                "name_es": self.name_es, "plays": self.plays, "tier": self.tier, "next_tier": self.next_tier, "next_at": self.next_at}


def _league(game: str) -> GameLeague:
    from donjon.games import get_game

    try:
        return league_of(get_game(game))
    except KeyError:
        return NO_LEAGUE


def card_catalogue(game: str) -> tuple[CardRef, ...]:
    """Every card of ``game`` that can earn a badge, in the game's order."""
    return tuple(_refs(game, _league(game)).values())


@cache
def _refs(game: str, league: GameLeague) -> dict[str, CardRef]:
    return {c.id: CardRef(game, c.id, c.name_en, c.name_fr, c.name_es or c.name_en) for c in league.cards}


def card_kind(game: str, card: str) -> str:
    """The badge id of a played card: the card *kind* when the game numbers its copies
    (the game's ``card_kind``), else the id."""
    try:
        return str(_league(game).card_kind(card))
    except KeyError:
        return card


def _card(game: str, card: str) -> CardRef:
    return _refs(game, _league(game)).get(card) or CardRef(game, card, card, card, card)


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
    return Badge(game, card, ref.name_en, ref.name_fr, ref.name_es, plays, tier(plays),
                 nxt[0] if nxt else None, nxt[1] if nxt else None)


def badges(play_counts: PlayCounts) -> list[Badge]:
    """The unlocked badges (at least bronze), by game then catalogue order."""
    return [b for bs in badge_shelf(play_counts).values() for b in bs if b.unlocked]


def badge_shelf(play_counts: PlayCounts, games: Iterable[str] | None = None) -> dict[str, list[Badge]]:
    """Every card's badge for each game (every registered game by default), locked ones
    included (tier ``None``), for the profile.

    Cards are in catalogue order; ids met in ``play_counts`` but not in a catalogue come last."""
    out: dict[str, list[Badge]] = {}
    for game in all_games() if games is None else games:
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
