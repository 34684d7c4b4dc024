"""What Castel tells the league (:class:`~donjon.games.league.GameLeague`).

Events of an action of ``seat``, read from the engine's own events of that action
(``State.events``):

* ``card_played`` for each card the player places (the Seneschal's free card included),
  with ``card`` (its kind: ``soldat_7`` counts as ``soldat``), ``zone`` (``courtyard``,
  ``rampart``, ``tower`` or ``outside``) and, on a rampart, ``rampart`` (``N``, ``E``, ``S``
  or ``W``);
* ``send_back`` with ``count``: how many cards the action sent back (the effect of the
  card the player placed, or of the choice it asked for).

    >>> from donjon.games.castel import GAME
    >>> before = GAME.setup(2, seed=1, options={"first": 0, "position": {
    ...     "hands": {"0": ["soldat_1", "roi"], "1": ["page"]}}})
    >>> action = {"type": "place", "card": "soldat_1", "square": [0, 2]}
    >>> events(before, 0, action, GAME.apply(before, 0, action))
    [{'kind': 'card_played', 'card': 'soldat', 'zone': 'rampart', 'rampart': 'N'}]
"""

from __future__ import annotations

from typing import Any

from donjon.games.castel.board import parse_square, side_of, zone_of
from donjon.games.castel.catalogue import CARDS, KIND
from donjon.games.castel.state import State
from donjon.games.league import BadgeCard, Challenge, GameLeague, LeagueEvent


def events(before: State, seat: int, action: dict[str, Any], after: State) -> list[LeagueEvent]:
    out: list[LeagueEvent] = []
    sent_back = 0
    for ev in after.events:
        kind = ev.get("type")
        if kind == "place" and ev.get("seat") == seat:
            card = ev.get("card")
            if isinstance(card, str):
                out.append(_placed(card, ev.get("where")))
        elif kind == "send_back":
            sent_back += 1
    if sent_back:
        out.append({"kind": "send_back", "count": sent_back})
    return out


def _placed(card: str, where: Any) -> LeagueEvent:
    ev: LeagueEvent = {"kind": "card_played", "card": KIND.get(card, card)}
    sq = parse_square(where)
    if sq is None:
        ev["zone"] = "outside"  # outside the walls, or a siege engine's slot
        return ev
    ev["zone"] = zone_of(sq)
    side = side_of(sq)
    if side is not None:
        ev["rampart"] = side
    return ev


def card_kind(card: str) -> str:
    """The badge id of a card: its kind (``soldat_7`` → ``soldat``)."""
    return KIND.get(card, card)


CHALLENGES: tuple[Challenge, ...] = (
    Challenge("castel_rampart_4", "castel", "card_played", 4, 60, "Place 4 soldiers on one rampart in Castel",
              "Place 4 soldats sur un même rempart à Castel", "Coloca 4 soldados en una misma muralla en Castel", where=(("card", "soldat"), ("zone", "rampart")),
              measure="max_per", per=("game_id", "rampart")),
    Challenge("castel_win", "castel", "game_won", 1, 50, "Win a game of Castel", "Gagne une partie de Castel",
              "Gana una partida de Castel"),
    Challenge("castel_send_back_5", "castel", "send_back", 5, 40, "Send back 5 cards in Castel",
              "Renvoie 5 cartes à Castel", "Devuelve 5 cartas en Castel", measure="sum"),
    Challenge("castel_knight_2", "castel", "card_played", 2, 30, "Place 2 knights in Castel",
              "Place 2 chevaliers à Castel", "Coloca 2 caballeros en Castel", where=(("card", "chevalier"),)),
)

LEAGUE = GameLeague(
    events=events,
    challenges=CHALLENGES,
    cards=tuple(BadgeCard(kind, c.name_en, c.name_fr, c.name_es) for kind, c in CARDS.items()),
    card_kind=card_kind,
)
