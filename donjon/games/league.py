"""What a game tells the league: the events of its moves, its daily challenges and its cards.

A game object declares its ``league``, a :class:`GameLeague` defined in its own package
(``donjon/games/<id>/league.py``); :class:`~donjon.games.protocol.BaseGame` gives
:data:`NO_LEAGUE` to a game that declares none. The league (``donjon/league/``) reads every
game-specific fact from there and from :class:`~donjon.games.info.GameInfo`, so it never
names a game:

* :attr:`GameLeague.events` is the **event hook** ``events(before, seat, action, after)``:
  the league events of one accepted action, ``before`` and ``after`` being the states
  :meth:`~donjon.games.protocol.Game.apply` was given and returned. The server calls it
  through :func:`donjon.games.protocol.league_events` on every accepted game action and
  keeps the result with the match until the game ends; the settlement files the events of
  a game that counts (docs/league.md). It must be pure and cheap (it runs on every move)
  and never raise;
* :attr:`GameLeague.challenges` are the game's daily challenges (the "any game" ones are
  the league's own);
* :attr:`GameLeague.cards` are the cards that earn a badge, and
  :attr:`GameLeague.card_kind` maps a played card id to its badge id (a game that numbers
  the copies of a card gives their kind).

An event is a JSON-ready ``dict`` about the seat that acted, with at least ``kind``; the
league adds ``game`` and ``game_id``. The kinds the challenges count are listed in
:mod:`donjon.league.events`; a game may report others. A game with :data:`NO_LEAGUE` reports
no events, has no challenges of its own and no badges::

    >>> from donjon.games import get_game
    >>> game = get_game("unfairchess")
    >>> before = game.setup(2, seed=7, options={"statuses": {"d7": ["poison"]}})
    >>> st = game.apply(before, 0, {"type": "move", "uci": "e2e4"})
    >>> st = game.apply(st, 1, {"type": "move", "uci": "d7d5"})
    >>> after = game.apply(st, 0, {"type": "move", "uci": "e4d5"})
    >>> game.league.events(st, 0, {"type": "move", "uci": "e4d5"}, after)
    [{'kind': 'capture', 'piece': 'p', 'poisoned': True}]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from donjon.games.protocol import Game

LeagueEvent = dict[str, Any]
"""One league event: ``{"kind": "capture", "piece": "p", "poisoned": True}``."""

EventHook = Callable[[Any, int, dict[str, Any], Any], list[LeagueEvent]]
"""``events(before, seat, action, after) -> [event, ...]``."""


@dataclass(frozen=True)
class Challenge:
    """A daily challenge: reach ``target`` with events of kind ``kind``.

    An event matches when its ``kind`` is ``kind``, its ``game`` is ``game`` (``None``:
    any game) and it has every ``(field, value)`` of ``where``. ``measure`` says how
    matching events add up: ``"count"`` counts them, ``"sum"`` adds their ``count`` field
    (1 when absent), ``"max_per"`` counts them per value of the ``per`` fields and keeps
    the largest group (e.g. soldiers per rampart of one game)."""

    id: str
    game: str | None
    kind: str
    target: int
    reward: int
    text_en: str
    text_fr: str
    text_es: str = ""
    where: tuple[tuple[str, Any], ...] = ()
    measure: str = "count"
    per: tuple[str, ...] = ()

    @property
    def group(self) -> str:
        """The draw takes at most one challenge per group: the game's id, or ``"any"``."""
        return self.game or "any"

    @property
    def text(self) -> dict[str, str]:
        """The text in each language, ``{"en", "fr", "es"}`` (English where one is missing:
        a game may leave ``text_es`` empty)."""
        return {"en": self.text_en, "fr": self.text_fr or self.text_en, "es": self.text_es or self.text_en}

    def matches(self, event: Mapping[str, Any]) -> bool:
        if event.get("kind") != self.kind:
            return False
        if self.game is not None and event.get("game") != self.game:
            return False
        return all(event.get(k) == v for k, v in self.where)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "target": self.target, "reward": self.reward,
                "text_en": self.text_en, "text_fr": self.text_fr, "text_es": self.text_es}


@dataclass(frozen=True)
class BadgeCard:
    """A card that earns a badge: its badge id and its names (``name_es`` empty: the game
    has no Spanish name for it)."""

    id: str
    name_en: str
    name_fr: str
    name_es: str = ""


def no_events(before: Any, seat: int, action: dict[str, Any], after: Any) -> list[LeagueEvent]:
    return []


def same_card(card: str) -> str:
    return card


@dataclass(frozen=True, eq=False)
class GameLeague:
    """The league's side of a game (see the module docstring). Compared and hashed by
    identity: each game declares one."""

    events: EventHook = no_events
    challenges: tuple[Challenge, ...] = ()
    cards: tuple[BadgeCard, ...] = ()
    card_kind: Callable[[str], str] = same_card

    def __post_init__(self) -> None:
        ids = [c.id for c in self.challenges]
        if len(set(ids)) != len(ids):
            raise ValueError("challenge ids must be unique")


NO_LEAGUE = GameLeague()


def league_of(game: Game) -> GameLeague:
    """``game.league`` (:data:`NO_LEAGUE` for a game that declares none)."""
    return game.league


__all__ = ["NO_LEAGUE", "BadgeCard", "Challenge", "EventHook", "GameLeague", "LeagueEvent", "league_of"]
