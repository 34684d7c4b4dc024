"""The event vocabulary that drives daily challenges and badges.

An event is a JSON-ready ``dict`` about **one player** (the account it is filed under),
produced from a game that **counts** (:func:`donjon.league.record.counts`: no bot at the
start, not aborted, out of the abort window). Events of games that do not count must
never be fed to :func:`donjon.league.daily.progress` or
:func:`donjon.league.badges.count_plays` — that is how bot games give no challenge progress
and no badges. Every event has ``kind``, ``game`` (the game's id) and ``game_id``.

Two kinds come from the league itself, from the game's result (:func:`result_events`):

==================  ============================================  ==========================================
kind                fields                                        filed when
==================  ============================================  ==========================================
``game_played``     ``ranked``                                    a counted game ends (every human seat)
``game_won``        ``ranked``, ``reason``, ``cards_played``      the player is among the winners of a
                                                                  decisive game, or their cooperative
                                                                  team won
==================  ============================================  ==========================================

The others come from the game engines, through the event hook of each game
(:class:`donjon.games.league.GameLeague`, ``events(before, seat, action, after)``, called
on every accepted action: :func:`donjon.games.protocol.league_events`). The kinds the
challenges and badges read:

==================  ==========================================================================================
kind                fields
==================  ==========================================================================================
``card_played``     ``card`` (the badge id: the card's kind), and what the game adds (a ``rarity``; the
                    ``zone`` and ``rampart`` a card was placed on)
``capture``         ``piece``, ``poisoned`` (the captured piece carried Poison)
``send_back``       ``count``: cards the action sent back
``treasure_saved``  ``treasure``
``switch_off``      ``count``: switches the action turned off
==================  ==========================================================================================

A game may report other kinds; they are filed with the rest and count for any challenge
that names them. Examples::

    {"kind": "game_won", "game": "chess", "game_id": "g1", "ranked": True, "reason": "checkmate",
     "cards_played": 0}
    {"kind": "card_played", "game": "chess", "game_id": "g1", "card": "poison", "rarity": "common"}
    {"kind": "capture", "game": "chess", "game_id": "g1", "poisoned": True, "piece": "n"}

The server keeps ``(seat, event)`` pairs of the hook for each game as it is played
(``Match.league``) and :func:`game_events` turns them, with the result, into each
account's events of the game.

    >>> from donjon.league.record import FinishedGame
    >>> g = FinishedGame("g1", "chess", seats=(7, 8), winners=(1,), acted=(3, 3))
    >>> evs = game_events(g, [(1, {"kind": "capture", "piece": "p", "poisoned": False})], reason="resignation")
    >>> [e["kind"] for e in evs[8]], evs[8][1]["cards_played"], evs[8][2]["game_id"]
    (['game_played', 'game_won', 'capture'], 0, 'g1')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from donjon.league.record import FinishedGame, counts

Event = dict[str, Any]

Reported = Iterable[tuple[int | None, Mapping[str, Any]]]
"""``(seat, event)`` pairs as a game's event hook gave them, in the order of the game."""

KINDS: tuple[str, ...] = ("game_played", "game_won", "card_played", "capture", "send_back", "treasure_saved",
                          "switch_off")
"""The kinds the league's challenges and badges read."""


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


def engine_events(game: FinishedGame, reported: Reported) -> dict[int, list[Event]]:
    """The events a game's hook reported, per account, with ``game`` and ``game_id``;
    ``{}`` if the game does not count. A pair whose seat is a bot's or out of range is
    left out."""
    if not counts(game):
        return {}
    out: dict[int, list[Event]] = {a: [] for a in game.accounts}
    for seat, ev in reported:
        if seat is None or not 0 <= seat < len(game.seats) or not isinstance(ev.get("kind"), str):
            continue
        account = game.seats[seat]
        if account is not None:
            out[account].append({**ev, "game": game.game, "game_id": game.game_id})
    return out


def cards_played_per_seat(game: FinishedGame, reported: Reported) -> dict[int, int]:
    """Number of ``card_played`` events of each seat (for :func:`result_events`)."""
    out = {s: 0 for s in range(len(game.seats))}
    for seat, ev in reported:
        if seat is not None and seat in out and ev.get("kind") == "card_played":
            out[seat] += 1
    return out


def game_events(game: FinishedGame, reported: Reported, *, reason: str | None = None) -> dict[int, list[Event]]:
    """Each human account's events of a finished game: its result events, then what the
    game's hook reported for its seat (:func:`engine_events`); ``{}`` if the game does not
    count."""
    if not counts(game):
        return {}
    pairs = list(reported)
    out: dict[int, list[Event]] = {a: [] for a in game.accounts}
    per_seat = cards_played_per_seat(game, pairs)
    for acc, evs in result_events(game, reason=reason, cards_played=per_seat).items():
        out[acc] += evs
    for acc, evs in engine_events(game, pairs).items():
        out[acc] += evs
    return out
