"""Perft over UnfairChess's own normal-move generator: leaf-node counts of
:func:`rules.gen_moves` and :func:`rules.apply_move` on a position with no cards and no
overlay, and the same counts with python-chess alone to compare (``donjon perft``).

    >>> perft(plain_state("startpos"), 3)
    8902
"""

from __future__ import annotations

from typing import Any

import chess

from donjon.games.unfairchess import rules


def plain_state(fen: str) -> Any:
    """An UnfairChess state of ``fen`` with empty hands and decks (no card can interfere)."""
    if fen == "startpos":
        fen = chess.STARTING_FEN
    return rules.new_state(0, {"fen": fen, "hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}})


def perft(state: Any, depth: int) -> int:
    """Leaf nodes ``depth`` plies below ``state`` with the engine's generator.

    ``state.moves`` is what :func:`rules.gen_moves` returned when the turn began; children
    come from :func:`rules.apply_move` (a full referee turn each). Leaves are bulk-counted.
    """
    if depth <= 0:
        return 1
    moves = state.moves or []
    if depth == 1:
        return len(moves)
    return sum(perft(rules.apply_move(state, m), depth - 1) for m in moves)


def perft_divide(state: Any, depth: int) -> dict[str, int]:
    return {m.uci(): perft(rules.apply_move(state, m), depth - 1) for m in state.moves or []}


def chess_perft(board: chess.Board, depth: int) -> int:
    """The same count with python-chess alone (push/pop, bulk-counted leaves)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += chess_perft(board, depth - 1)
        board.pop()
    return n


def chess_divide(board: chess.Board, depth: int) -> dict[str, int]:
    out = {}
    for m in list(board.legal_moves):
        board.push(m)
        out[m.uci()] = chess_perft(board, depth - 1)
        board.pop()
    return out
