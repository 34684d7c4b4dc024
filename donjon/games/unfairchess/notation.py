"""UnfairChess's history lines (:meth:`donjon.games.protocol.BaseGame.history_entry`).

One public entry per accepted action, with ``ply``: the half-move the action belongs to
(1 = White's first turn, 2 = Black's first; a card that adds to the move and that move share
their ply; the move number is ``(ply + 1) // 2``)::

    {"ply": 1, "san": "e4", "uci": "e2e4"}                   # a normal move, in SAN
    {"ply": 4, "card": "sommeil", "squares": ["g8"]}          # a card, by id (+ promotion(s))
    {"ply": 9, "order": true}                                 # Foresight's follow-up (hidden order)

SAN is worked out on the board before the move: the piece letter, the disambiguation among
the *UnfairChess* legal moves of that position (walls, frozen pieces and the like count),
``x`` for a capture, ``=Q`` for a promotion, ``O-O`` / ``O-O-O``; the suffix is the game's
own: ``#`` when the move wins by checkmate, ``+`` when it leaves the opponent's king attacked.
Nothing hidden is named: the card played is public (it goes to the discard pile), its squares
are shown to every seat (``view.events``), and Foresight's order is not given.
"""

from __future__ import annotations

from typing import Any

import chess

from donjon.games.unfairchess.state import State

_LETTER = {chess.KNIGHT: "N", chess.BISHOP: "B", chess.ROOK: "R", chess.QUEEN: "Q", chess.KING: "K"}
_CARD_FIELDS = ("promotion", "promotions")


def ply_of(board: chess.Board) -> int:
    """The half-move the side to act on ``board`` plays: 1 for White's first turn."""
    return 2 * (board.fullmove_number - 1) + (1 if board.turn == chess.BLACK else 0) + 1


_SQUARE = {name: sq for sq, name in enumerate(chess.SQUARE_NAMES)}
_PROMOTION = {"n": chess.KNIGHT, "b": chess.BISHOP, "r": chess.ROOK, "q": chess.QUEEN}


def parse_uci(uci: str) -> chess.Move:
    """``chess.Move.from_uci`` for a move the rules accepted (no drop, no null move), about
    five times faster: this runs on every served move."""
    try:
        return chess.Move(_SQUARE[uci[0:2]], _SQUARE[uci[2:4]], _PROMOTION[uci[4]] if len(uci) > 4 else None)
    except KeyError:
        return chess.Move.from_uci(uci)


def san(before: State, move: chess.Move, after: State | None = None) -> str:
    """``move`` in SAN, on ``before``'s board, disambiguated among ``before``'s legal moves;
    the suffix (``+``, ``#``) from ``after`` if given."""
    b = before.board
    frm, to = move.from_square, move.to_square
    piece = b.piece_type_at(frm)
    if piece is None:
        return move.uci()
    if piece == chess.KING and b.is_castling(move):
        text = "O-O" if chess.square_file(to) > chess.square_file(frm) else "O-O-O"
    else:
        capture = b.is_capture(move)
        if piece == chess.PAWN:
            text = (chess.FILE_NAMES[chess.square_file(frm)] + "x" if capture else "") + chess.SQUARE_NAMES[to]
            if move.promotion:
                text += "=" + chess.piece_symbol(move.promotion).upper()
        else:
            text = _LETTER[piece]
            # Other pieces of the kind that may go to the same square: the legal moves are
            # looked at only when there is another piece of the kind (never for most moves).
            mask = b.pieces_mask(piece, b.turn) & ~chess.BB_SQUARES[frm]
            others = [m.from_square for m in before.moves or ()
                      if m.to_square == to and chess.BB_SQUARES[m.from_square] & mask] if mask else []
            if others:
                file, rank = chess.square_file(frm), chess.square_rank(frm)
                same_file = any(chess.square_file(s) == file for s in others)
                same_rank = any(chess.square_rank(s) == rank for s in others)
                if not same_file:
                    text += chess.FILE_NAMES[file]
                elif not same_rank:
                    text += chess.RANK_NAMES[rank]
                else:
                    text += chess.FILE_NAMES[file] + chess.RANK_NAMES[rank]
            text += ("x" if capture else "") + chess.SQUARE_NAMES[to]
    if after is not None:
        if after.result is not None and after.result.reason == "checkmate" and after.result.winners == (
                0 if b.turn == chess.WHITE else 1,):
            text += "#"
        elif after.result is None and after.king_attacked(after.board.turn) and after.board.turn != b.turn:
            text += "+"
    return text


def history_entry(before: State, seat: int, action: dict[str, Any], after: State) -> dict[str, Any]:
    """The public history line of ``seat``'s accepted ``action`` (see the module)."""
    ply = ply_of(before.board)
    kind = action.get("type")
    if kind == "move":
        uci = str(action["uci"]).strip().lower()
        return {"ply": ply, "san": san(before, parse_uci(uci), after), "uci": uci}
    if kind == "card":
        # The squares as the rules read them ("G8" -> "g8"), from the card's public event.
        ev = next((e for e in after.events if e.get("type") == "card" and e.get("card") == action["card"]), None)
        squares = ev["squares"] if ev is not None else action.get("squares") or []
        out: dict[str, Any] = {"ply": ply, "card": action["card"], "squares": list(squares)}
        for f in _CARD_FIELDS:
            if f in action:
                out[f] = action[f]
        return out
    return {"ply": ply, "order": True}
