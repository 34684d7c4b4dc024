"""One turn ahead in UnfairChess: material, statuses, hanging pieces and mate in one.

:func:`greedy_scores` is the game's ``greedy_scores`` hook: the generic
:class:`~donjon.bots.greedy.GreedyBot` plays the best-scored action (ties at random)::

    >>> import random
    >>> from donjon.bots import GreedyBot
    >>> from donjon.games.unfairchess import GAME
    >>> state = GAME.setup(2, 1, {"fen": "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    ...                           "hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}})
    >>> GreedyBot().choose(GAME, state, 0, random.Random(1))
    {'type': 'move', 'uci': 'a1a8'}
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import chess

from donjon.games.protocol import Action, Game
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.state import State, color_of

VALUES = {chess.PAWN: 1.0, chess.KNIGHT: 3.0, chess.BISHOP: 3.25, chess.ROOK: 5.0, chess.QUEEN: 9.0, chess.KING: 0.0}
WIN = 10_000.0
CHECK_BONUS = 0.1
HANGING_WEIGHT = 0.8
POISON_CREDIT = 0.3
SHIELD_CREDIT = 0.35
SLEEP_BASE, SLEEP_PER_POINT = 0.2, 0.15
DYNAMITE_WEIGHT = 0.3
CARD_COST = 0.15
"""A card is a resource: a card line must gain at least this much over the best move."""
EXPAND = 2
"""Targetings of each add-to-move card followed by every move (the most promising first)."""


def material(st: State, color: chess.Color) -> float:
    b = st.board
    return sum(v * chess.popcount(b.pieces_mask(pt, color)) for pt, v in VALUES.items() if v)


def _value_at(st: State, sq: int) -> float:
    pt = st.board.piece_type_at(sq)
    return VALUES[pt] if pt is not None else 0.0


def status_holders(b: chess.Board, statuses: Mapping[int, frozenset[str]],
                   us: chess.Color) -> Iterator[tuple[int, frozenset[str], int, int]]:
    """(square, statuses, sign, piece type) of every piece carrying statuses; the sign is +1
    for ``us``'s pieces and -1 for the enemy's."""
    for sq, sts in statuses.items():
        piece = b.piece_at(sq)
        if piece is not None:
            yield sq, sts, (1 if piece.color == us else -1), piece.piece_type


def blast_value(b: chess.Board, sq: int, us: chess.Color, values: Mapping[int, Any]) -> Any:
    """What dynamite exploding on ``sq`` would destroy (``sq`` and its 8 neighbours, kings
    spared), by ``values``: the enemy's pieces count for ``us``, ours against."""
    blast = 0
    for n in chess.scan_forward(chess.BB_KING_ATTACKS[sq] | chess.BB_SQUARES[sq]):
        p = b.piece_at(n)
        if p is not None and p.piece_type != chess.KING:
            blast += values[p.piece_type] if p.color != us else -values[p.piece_type]
    return blast


def status_credit(st: State, us: chess.Color) -> float:
    """Credits for statuses on our pieces, debits for the same on the enemy's (and vice versa)."""
    b = st.board
    score = 0.0
    for sq, sts, sign, pt in status_holders(b, st.statuses, us):
        value = VALUES[pt]
        if "poison" in sts:
            score += sign * POISON_CREDIT
        if "shield" in sts:
            score += sign * SHIELD_CREDIT
        if "sleep" in sts:
            score -= sign * (SLEEP_BASE + SLEEP_PER_POINT * value)
        if "dynamite" in sts:
            score += DYNAMITE_WEIGHT * blast_value(b, sq, us, VALUES)
    return score


def hanging_threat(st: State, us: chess.Color) -> float:
    """The most the opponent (to act) can win at once by capturing one of our pieces."""
    them = not us
    worst = 0.0
    for sq in st.pieces(us):
        if st.has(sq, "shield"):
            continue
        attackers = [a for a in chess.scan_forward(st.attackers(them, sq)) if not st.asleep(a)]
        if not attackers:
            continue
        value = _value_at(st, sq)
        defended = bool(st.attackers(us, sq))
        cheapest = min(VALUES[st.board.piece_type_at(a) or chess.PAWN] if st.board.piece_type_at(a) != chess.KING
                       else (100.0 if defended else 0.0) for a in attackers)
        gain = value - cheapest if defended else value
        if st.has(sq, "poison"):
            gain -= min(cheapest, 9.0)
        worst = max(worst, gain)
    return worst


def evaluate(st: State, seat: int) -> float:
    """The position after ``seat``'s turn, from ``seat``'s point of view (opponent to act)."""
    res = st.result
    if res is not None:
        if res.draw:
            return 0.0
        return WIN if seat in res.winners else -WIN
    us = color_of(seat)
    score = material(st, us) - material(st, not us) + status_credit(st, us)
    if st.board.turn != us:
        if st.king_attacked(not us):
            score += CHECK_BONUS
        score -= HANGING_WEIGHT * hanging_threat(st, us)
    return score


def greedy_scores(game: Game, det: State, seat: int, actions: list[Action], rng: random.Random,
                  expand: int = EXPAND, **_options: Any) -> list[tuple[float, Action]]:
    """Every legal action of ``seat`` on the determinized ``det``, scored by :func:`evaluate`
    after ``seat``'s turn.

    An add-to-move card and the best normal move after it count as one line; to keep it
    fast, only the ``expand`` most promising targetings of each add card (by the evaluation
    after the card, ties at random) are followed by every move. A card line is charged
    :data:`CARD_COST`, so cards are kept unless they gain something.
    """
    scored: list[tuple[float, Action]] = []
    add_lines: dict[str, list[tuple[float, State, Action]]] = {}
    for action in actions:
        nst = game.apply(det, seat, action)
        if nst.result is None and nst.seat == seat and nst.must_move:
            add_lines.setdefault(action["card"], []).append((evaluate(nst, seat), nst, action))
        else:
            scored.append((evaluate(nst, seat) - (CARD_COST if action.get("type") == "card" else 0.0), action))
    for lines in add_lines.values():
        rng.shuffle(lines)
        lines.sort(key=lambda x: -x[0])
        for _, after_card, action in lines[:expand]:
            best = max(evaluate(game.apply(after_card, seat, m), seat) for m in game.legal_actions(after_card, seat))
            scored.append((best - CARD_COST, action))
    return scored


def describe(action: Action) -> str:
    """A short English description of an UnfairChess action.

    >>> describe({"type": "card", "card": "sommeil", "squares": ["d8"]})
    'Sleep d8'
    >>> describe({"type": "move", "uci": "e2e4"})
    'e2e4'
    """
    if action.get("type") == "card":
        card = CARDS.get(action.get("card", ""))
        name = card.name_en if card else str(action.get("card"))
        extra = "".join(f" {k}={v}" for k, v in action.items() if k not in ("type", "card", "squares"))
        return f"{name} {' '.join(action.get('squares', []))}{extra}".strip()
    return str(action.get("uci", action))
