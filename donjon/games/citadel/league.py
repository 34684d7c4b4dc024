"""What Citadel tells the league (:class:`~donjon.games.league.GameLeague`).

Events of an action of ``seat``, read from the engine's own events of that action
(``State.events``):

* ``card_played`` with ``card`` (an action card's id);
* ``treasure_saved`` for each treasure the action rescues, with ``treasure`` (its tile);
* ``switch_off`` with ``count``: how many switches the action turned OFF (the Turn-switch
  action, or a card or power that turns switches off). Switches the Professor or a
  rescue turns back ON do not count against it.

    >>> from donjon.games.citadel import GAME
    >>> st = GAME.setup(1, seed=0, options={"characters": ["nathan", "irene"]})
    >>> before = GAME.apply(st, 0, {"type": "move", "to": "ballroom"})
    >>> before.switch_on["ballroom"]
    True
    >>> action = {"type": "switch", "room": "ballroom"}
    >>> events(before, 0, action, GAME.apply(before, 0, action))
    [{'kind': 'switch_off', 'count': 1}]
"""

from __future__ import annotations

from typing import Any

from donjon.games.citadel.catalogue import CARDS
from donjon.games.citadel.state import State
from donjon.games.league import BadgeCard, Challenge, GameLeague, LeagueEvent


def events(before: State, seat: int, action: dict[str, Any], after: State) -> list[LeagueEvent]:
    out: list[LeagueEvent] = []
    off = 0
    for ev in after.events:
        kind = ev.get("type")
        if kind == "switch":
            if ev.get("on") is False:
                off += 1
        elif kind == "card":
            card = ev.get("card")
            if isinstance(card, str):
                out.append({"kind": "card_played", "card": card})
        elif kind == "rescue":
            out.append({"kind": "treasure_saved", "treasure": ev.get("treasure")})
    if off:
        out.append({"kind": "switch_off", "count": off})
    return out


CHALLENGES: tuple[Challenge, ...] = (
    Challenge("citadel_treasures_2", "citadel", "treasure_saved", 2, 50, "Rescue 2 treasures in Citadel",
              "Sauve 2 trésors à Citadel", "Rescata 2 tesoros en Citadel"),
    Challenge("citadel_win", "citadel", "game_won", 1, 60, "Win a game of Citadel with your team",
              "Gagne une partie de Citadel avec ton équipe", "Gana una partida de Citadel con tu equipo"),
    Challenge("citadel_switches_5", "citadel", "switch_off", 5, 30, "Turn off 5 switches in Citadel",
              "Coupe 5 interrupteurs à Citadel", "Apaga 5 interruptores en Citadel", measure="sum"),
)

LEAGUE = GameLeague(
    events=events,
    challenges=CHALLENGES,
    cards=tuple(BadgeCard(cid, c.name_en, c.name_fr, c.name_es) for cid, c in CARDS.items()),
)
