"""Shapes the card groups share: the pieces free to move, a card aimed at one piece, and
the reasons a card played with a pawn or the king has no targeting."""

from __future__ import annotations

from collections.abc import Iterator

import chess

from donjon.games.unfairchess.cards.base import Card, Targeting, t
from donjon.games.unfairchess.state import State

NON_KING = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)


def own_movers(st: State, types: tuple[int, ...] = NON_KING) -> Iterator[int]:
    """The side to act's pieces of ``types`` that may change square this turn."""
    for sq in st.pieces(st.us, types):
        if st.can_move(sq):
            yield sq


def free_king(st: State) -> int | None:
    """The side to act's king square if the king may move this turn (Curfew...), else None."""
    k = st.board.king(st.us)
    return k if k is not None and st.can_move(k) else None


def king_reason(st: State, reason: str) -> str:
    """``reason`` if the king may move, else ``"king_cannot_move"``: why a king card is greyed."""
    return reason if free_king(st) is not None else "king_cannot_move"


class PawnCard(Card):
    """A card played with one of your pawns: with no pawn at all, the reason is ``no_pawn``."""

    def why_not(self, st: State) -> str | None:
        return self.no_target if st.board.pieces_mask(chess.PAWN, st.us) else "no_pawn"


class OnePiece(Card):
    """A card aimed at one non-king piece. Squares: [piece].

    ``side`` says whose: ``"own"`` (the actor's), ``"enemy"`` (the opponent's that a card may
    target, :meth:`State.targetable`) or ``"any"`` (the actor's, then those enemy ones).
    ``types`` narrows the piece types; :meth:`eligible` is the card's own condition.
    """

    side = "enemy"
    types: tuple[int, ...] = NON_KING

    def eligible(self, st: State, sq: int) -> bool:
        return True

    def targetings(self, st: State) -> Iterator[Targeting]:
        if self.side != "enemy":
            for sq in st.pieces(st.us, self.types):
                if self.eligible(st, sq):
                    yield t(sq)
        if self.side != "own":
            for sq in st.pieces(not st.us, self.types):
                if st.targetable(sq) and self.eligible(st, sq):
                    yield t(sq)
