"""What UnfairChess tells the league (:class:`~donjon.games.league.GameLeague`).

Events of an action of ``seat``, read from the engine's own events of that action
(``State.events``):

* ``card_played`` with ``card`` and ``rarity`` (``common`` / ``rare`` / ``legendary``);
* ``capture`` with ``piece`` (the captured piece's letter, ``"p"`` … ``"q"``) and
  ``poisoned`` (it carried Poison: the capturer dies with it), for a normal move's capture
  and a card's (Percée).

    >>> from donjon.games.unfairchess import GAME
    >>> before = GAME.setup(2, seed=1, options={"hands": {"0": ["poison"] * 4}})
    >>> action = {"type": "card", "card": "poison", "squares": ["d1"]}
    >>> events(before, 0, action, GAME.apply(before, 0, action))
    [{'kind': 'card_played', 'card': 'poison', 'rarity': 'common'}]
"""

from __future__ import annotations

from typing import Any

import chess

from donjon.games.league import BadgeCard, Challenge, GameLeague, LeagueEvent
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.state import State

RARITY: dict[str, str] = {cid: c.rarity for cid, c in CARDS.items()}


def events(before: State, seat: int, action: dict[str, Any], after: State) -> list[LeagueEvent]:
    out: list[LeagueEvent] = []
    evs = after.events
    for i, ev in enumerate(evs):
        kind = ev.get("type")
        if kind == "card" and ev.get("seat") == seat:
            card = ev.get("card")
            if isinstance(card, str):
                out.append({"kind": "card_played", "card": card, "rarity": RARITY.get(card)})
        elif kind == "captured":
            square = ev.get("square")
            piece = ev.get("piece")
            poisoned = _poisoned(before, square) or any(
                e.get("type") == "destroyed" and e.get("cause") == "poison" and e.get("square") == square
                for e in evs[i + 1:i + 2])
            out.append({"kind": "capture", "piece": piece.lower() if isinstance(piece, str) else piece,
                        "poisoned": poisoned})
    return out


def _poisoned(before: State, square: Any) -> bool:
    """The piece on ``square`` carried Poison before the action."""
    try:
        sq = chess.parse_square(square)
    except (TypeError, ValueError):
        return False
    return "poison" in before.statuses.get(sq, ())


CHALLENGES: tuple[Challenge, ...] = (
    Challenge("uc_rare_3", "unfairchess", "card_played", 3, 40, "Play 3 rare cards in UnfairChess",
              "Joue 3 cartes rares à UnfairChess", "Juega 3 cartas raras en UnfairChess", where=(("rarity", "rare"),)),
    Challenge("uc_legendary", "unfairchess", "card_played", 1, 60, "Play a legendary card in UnfairChess",
              "Joue une carte légendaire à UnfairChess", "Juega una carta legendaria en UnfairChess",
              where=(("rarity", "legendary"),)),
    Challenge("uc_poisoned_capture", "unfairchess", "capture", 1, 50, "Capture a poisoned piece in UnfairChess",
              "Capture une pièce empoisonnée à UnfairChess", "Captura una pieza envenenada en UnfairChess",
              where=(("poisoned", True),)),
    Challenge("uc_win_no_card", "unfairchess", "game_won", 1, 80, "Win an UnfairChess game without playing a card",
              "Gagne une partie d'UnfairChess sans jouer une seule carte",
              "Gana una partida de UnfairChess sin jugar ninguna carta", where=(("cards_played", 0),)),
    Challenge("uc_checkmate", "unfairchess", "game_won", 1, 50, "Win an UnfairChess game by checkmate",
              "Gagne une partie d'UnfairChess par échec et mat", "Gana una partida de UnfairChess por jaque mate",
              where=(("reason", "checkmate"),)),
    Challenge("uc_cards_10", "unfairchess", "card_played", 10, 40, "Play 10 cards in UnfairChess",
              "Joue 10 cartes à UnfairChess", "Juega 10 cartas en UnfairChess"),
)

LEAGUE = GameLeague(
    events=events,
    challenges=CHALLENGES,
    cards=tuple(BadgeCard(cid, c.name_en, c.name_fr, c.name_es) for cid, c in CARDS.items()),
)
