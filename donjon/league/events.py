"""The event vocabulary that drives daily challenges and badges.

An event is a JSON-ready ``dict`` about **one player** (the account it is filed under),
produced from a game that **counts** (:func:`donjon.league.record.counts`: no bot at the
start, not aborted, out of the abort window). Events of games that do not count must
never be fed to :func:`donjon.league.daily.progress` or
:func:`donjon.league.badges.count_plays` — that is how bot games give no challenge progress
and no badges. Every event has ``kind``, ``game`` (``"unfairchess"``, ``"castel"``,
``"citadel"``) and ``game_id``; the other fields depend on the kind:

==================  ============================================  ==========================================
kind                fields                                        filed when
==================  ============================================  ==========================================
``game_played``     ``ranked``                                    a counted game ends (every human seat)
``game_won``        ``ranked``, ``reason``, ``cards_played``      the player is among the winners of a
                                                                  decisive game, or their Citadel team won
``card_played``     ``card``; ``rarity`` (unfairchess:            the player plays a card (Castel: places it)
                    common/rare/legendary); ``zone``,
                    ``rampart`` (castel: ``"N"``/``"E"``/…)
``capture``         ``poisoned`` (bool), ``piece`` (``"q"``…)     the player captures a piece (unfairchess)
``send_back``       ``count``                                     the player's card sends back ``count``
                                                                  cards (castel)
``treasure_saved``  —                                             the player rescues a treasure (citadel)
``switch_off``      ``count``                                     the player turns off ``count`` switches
                                                                  (citadel)
==================  ============================================  ==========================================

Examples::

    {"kind": "card_played", "game": "unfairchess", "game_id": "g1", "card": "poison", "rarity": "common"}
    {"kind": "game_won", "game": "unfairchess", "game_id": "g1", "ranked": True, "reason": "checkmate",
     "cards_played": 0}
    {"kind": "capture", "game": "unfairchess", "game_id": "g1", "poisoned": True, "piece": "n"}
    {"kind": "card_played", "game": "castel", "game_id": "g2", "card": "soldat", "zone": "rampart",
     "rampart": "N"}
    {"kind": "treasure_saved", "game": "citadel", "game_id": "g3"}

Card ids are the games' own ids (UnfairChess: ``donjon.games.unfairchess.catalogue.CARDS``;
Castel and Citadel: see :mod:`donjon.league.badges`). The two helpers below build the
events the league can derive on its own: the result events of a finished game and the
``card_played`` events of an action log whose card plays look like
``{"type": "card" | "place", "card": id, ...}``. Captures, send-backs, treasures and switches come
from the game engines, which know what each action did.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from donjon.league.record import FinishedGame, counts

Event = dict[str, Any]

CARD_ACTIONS: tuple[str, ...] = ("card", "place")
"""Action types that play a card (with the card id in ``action["card"]``)."""

KINDS: tuple[str, ...] = ("game_played", "game_won", "card_played", "capture", "send_back", "treasure_saved",
                          "switch_off")


def result_events(game: FinishedGame, *, reason: str | None = None,
                  cards_played: Mapping[int, int] | None = None) -> dict[int, list[Event]]:
    """``game_played`` (and ``game_won``) events of each human account; ``{}`` if the game does not count.

    ``cards_played`` maps a **seat** to the cards it played (for "win without playing a
    card"); ``reason`` is the outcome's reason (``"checkmate"``, ``"resignation"``…)."""
    if not counts(game):
        return {}
    out: dict[int, list[Event]] = {}
    for seat, account in enumerate(game.seats):
        if account is None:
            continue
        base = {"game": game.game, "game_id": game.game_id, "ranked": game.ranked}
        evs: list[Event] = [{"kind": "game_played", **base}]
        if seat in game.winners and (game.decisive or game.cooperative):
            evs.append({"kind": "game_won", **base, "reason": reason,
                        "cards_played": (cards_played or {}).get(seat, 0)})
        out[account] = evs
    return out


def card_events(game: FinishedGame, actions: Iterable[tuple[int | None, Mapping[str, Any]]]) -> dict[int, list[Event]]:
    """``card_played`` events per account from a log of ``(seat, action)``; ``{}`` if the game does not count.

    An action is a card play when it is ``{"type": "card" | "place", "card": <id>, ...}``
    (UnfairChess and Citadel play cards, Castel places them). The event's ``card`` is the
    card kind (:func:`donjon.league.badges.card_kind`: Castel ``soldat_7`` → ``soldat``);
    for UnfairChess the card's rarity is added from the catalogue. Castel's ``zone`` and
    ``rampart`` need the board, so the engine adds them."""
    from donjon.league.badges import card_kind

    if not counts(game):
        return {}
    rarity: dict[str, str] = {}
    if game.game == "unfairchess":
        from donjon.games.unfairchess.catalogue import CARDS

        rarity = {cid: c.rarity for cid, c in CARDS.items()}
    out: dict[int, list[Event]] = {a: [] for a in game.accounts}
    for seat, action in actions:
        if seat is None or not 0 <= seat < len(game.seats):
            continue
        account = game.seats[seat]
        card = action.get("card")
        if account is None or action.get("type") not in CARD_ACTIONS or not isinstance(card, str):
            continue
        card = card_kind(game.game, card)
        ev: Event = {"kind": "card_played", "game": game.game, "game_id": game.game_id, "card": card}
        if card in rarity:
            ev["rarity"] = rarity[card]
        out[account].append(ev)
    return out


def cards_played_per_seat(game: FinishedGame, actions: Iterable[tuple[int | None, Mapping[str, Any]]]) -> dict[int, int]:
    """Number of card plays of each seat in an action log (for :func:`result_events`)."""
    out = {s: 0 for s in range(len(game.seats))}
    for seat, action in actions:
        if seat is not None and seat in out and action.get("type") in CARD_ACTIONS:
            out[seat] += 1
    return out
