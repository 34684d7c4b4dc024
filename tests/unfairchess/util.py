"""Helpers for UnfairChess scenario tests: build a position, play, check refusals."""

from __future__ import annotations

import itertools
import random
from typing import Any

import chess
import pytest

from donjon.bots import RandomBot
from donjon.games import IllegalAction
from donjon.games.unfairchess import GAME, rules
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.state import State


def game_positions(games: int, seed0: int, max_plies: int = 120) -> list[State]:
    """Every position of ``games`` random games with cards (the random bot plays a card half
    of the time it can), seeds ``seed0``, ``seed0 + 1``...; each game ends at ``max_plies``."""
    bot = RandomBot(card_prob=0.5)
    out = []
    for seed in range(games):
        rng = random.Random(seed0 + seed)
        st = GAME.setup(2, seed0 + seed)
        while st.result is None and st.plies < max_plies:
            out.append(st)
            st = GAME.apply(st, st.seat, bot.choose(GAME, st, st.seat, rng))
        out.append(st)
    return out


def card_aftermaths(st: State, per_card: int = 3, add_only: bool = False) -> list[State]:
    """States right after the first ``per_card`` legal plays of each card in the hand (full
    resolution); ``add_only``: of the add-to-move cards only (the side must still move)."""
    out: list[State] = []
    if st.result is not None or st.must_move or st.ordering:
        return out
    for card in dict.fromkeys(st.hands[st.seat]):
        if add_only and CARDS[card].cost != "add":
            continue
        for tg in itertools.islice(rules.card_actions(st, card), per_card):
            out.append(rules._resolve_card(st, card, tg))
    return out


def make(fen: str, white: list[str] | tuple[str, ...] = (), black: list[str] | tuple[str, ...] = (),
         seed: int = 1, **options: Any) -> State:
    """A state from ``fen`` with the given hands (decks dealt from ``seed`` as usual).

    Extra keyword options go to setup: ``statuses={"e4": ["poison"]}``, ``traps={"d5": 1}``,
    ``decks={"0": [...]}``.
    """
    opts: dict[str, Any] = {"fen": fen, "hands": {"0": list(white), "1": list(black)}}
    opts.update(options)
    return GAME.setup(2, seed, opts)


def card(st: State, card_id: str, *squares: str, **extra: Any) -> State:
    """Play ``card_id`` for the side to act; returns the new state."""
    return GAME.apply(st, st.seat, {"type": "card", "card": card_id, "squares": list(squares), **extra})


def move(st: State, uci: str) -> State:
    return GAME.apply(st, st.seat, {"type": "move", "uci": uci})


def snapshot(st: State) -> dict[str, Any]:
    d = GAME.dump(st)
    d["_extra"] = (st.turn_no, st.card_played, st.must_move, st.rng_counter, st.board.fen(),
                   dict(st.statuses), dict(st.walls), dict(st.traps), st.restrictions)
    return d


def illegal(st: State, action: dict[str, Any] | str, *squares: str, **extra: Any) -> str:
    """Assert that the action is refused with IllegalAction and ``st`` is unchanged.

    ``illegal(st, "sommeil", "g8")`` is a card play; a dict is sent as it is.
    Returns the reason, for tests that check its wording.
    """
    if isinstance(action, str):
        action = {"type": "card", "card": action, "squares": list(squares), **extra}
    before = snapshot(st)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, st.seat, action)
    assert snapshot(st) == before, "a refused action changed the state"
    assert info.value.reason
    return info.value.reason


def playable(st: State, card_id: str) -> bool:
    """The greyed-out test for the side to act (the card must be in hand)."""
    return rules.card_playable(st, card_id)


def targetings(st: State, card_id: str) -> list[dict[str, Any]]:
    """Every legal targeting of the card now."""
    return list(rules.card_actions(st, card_id))


def piece(st: State, sq: str) -> str | None:
    """The piece symbol on ``sq`` ('N' white knight, 'p' black pawn) or None."""
    p = st.board.piece_at(chess.parse_square(sq))
    return None if p is None else p.symbol()


def statuses(st: State) -> dict[str, list[str]]:
    return GAME.view(st, None)["statuses"]


def reference_card_actions(st: State, card_id: str) -> list[dict]:  # type: ignore[type-arg]
    """What ``rules.card_actions`` must list: every distinct targeting of the card resolved in
    full (the replacement draw, the whole move list), without the shortcuts of the fast path."""
    try:
        rules._card_gate(st, card_id)
    except IllegalAction:
        return []
    out, seen = [], set()
    for tg in CARD_EFFECTS[card_id].targetings(st):
        key = repr(sorted(tg.items()))
        if key in seen:
            continue
        seen.add(key)
        try:
            rules._resolve_card(st, card_id, tg)
        except IllegalAction:
            continue
        out.append(tg)
    return out


def with_hand(st: State, hand: list[str]) -> State:
    """A copy of ``st`` where the side to act holds ``hand`` instead of its cards."""
    new = st.copy()
    new.events = list(st.events)
    new.hands[new.seat] = list(hand)
    return new
