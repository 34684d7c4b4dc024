"""The legal moves of a chess position, listed by compiled code.

UnfairChess lists the next side's normal moves after every move (``moves.gen_moves``); on a
position with no card effect on its moves they are exactly the moves of chess, which
python-chess lists in Python (30-80 µs a position, a quarter of a served move). Here the
Rust ``chess`` crate lists them (through the ``rust-chess`` bridge) from the position's FEN,
which the views need anyway, in ~15 µs; python-chess's list is taken instead for a position
the crate refuses (its sanity checks: the side not to move in check, a missing king...) and
for the boards where the two would differ (below)::

    >>> board = chess.Board()
    >>> moves = legal_moves(board, board.fen())
    >>> sorted(moves, key=str) == sorted(board.generate_legal_moves(), key=str)
    True
    >>> legal_moves(board, board.fen())[0] is legal_moves(board, board.fen())[0]  # shared values
    True

The same moves as python-chess's ``board.generate_legal_moves()``, each once, in the crate's
order (``tests/unfairchess/test_chessmoves.py`` compares them on game positions and on
random ones). The moves are shared ``chess.Move`` values, one per square pair and promotion:
like every ``chess.Move``, never change one.
"""

from __future__ import annotations

import chess
import rust_chess

_NO_HISTORY = rust_chess.RepetitionDetectionMode.NONE


class _MoveTable(dict[str, chess.Move]):
    """UCI -> its shared ``chess.Move``, each made the first time it is looked up (at most
    the ~1,800 square pairs a piece can join, and the promotions)."""

    def __missing__(self, uci: str) -> chess.Move:
        move = self[uci] = chess.Move.from_uci(uci)
        return move


_MOVES = _MoveTable()


def legal_moves(board: chess.Board, fen: str) -> list[chess.Move]:
    """The legal moves of ``board`` (standard chess), ``fen`` being its FEN.

    python-chess's own list is taken for a ``chess.Board`` subclass or a Chess960 board,
    and for the boards of UnfairChess that chess never has and where the two differ: a
    pawn on the first or last rank (python-chess lets a pawn on its own first rank advance
    one or two squares, the crate not at all) and a side with more than 16 pieces (the
    crate lists the moves of at most 18 pieces a side and garbles the rest; Betrayal and
    Reinforcements can give a side a 17th)."""
    if (type(board) is not chess.Board or board.chess960 or board.pawns & chess.BB_BACKRANKS
            or board.occupied_co[chess.WHITE].bit_count() > 16 or board.occupied_co[chess.BLACK].bit_count() > 16):
        return list(board.generate_legal_moves())
    try:
        position = rust_chess.Board(fen, _NO_HISTORY)
    except ValueError:  # refused by the crate's sanity checks: python-chess knows no such limits
        return list(board.generate_legal_moves())
    # All in C but a new move's first lookup: no Python frame per move (a ``get(uci) or
    # ...`` would call ``chess.Move.__bool__``, a Python method, for every move).
    return list(map(_MOVES.__getitem__, map(str, position.generate_legal_moves())))
