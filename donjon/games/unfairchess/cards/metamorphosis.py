"""Group 6 — Métamorphoses (#44–#51): a piece changes type (or side) on its square.

A transformation keeps the piece's statuses; a change of sides (#50, #51) removes them.
Never a king. No pawn is created on rank 1 or 8 (D7.1). A rook transformed or converted
loses its castling right, and no piece ever gains one (D8). Sleep does not prevent a
transformation (#2: a sleeping piece "can still be transformed"); enemy targets must not be
shielded (D7.2). Nothing goes to a removed pile: a transformed or converted piece is not
removed.
"""

from __future__ import annotations

from collections.abc import Iterator

import chess

from donjon.games.unfairchess.cards.base import Card, Targeting, in_half, last_rank, register, squares, t
from donjon.games.unfairchess.state import State


def transform(st: State, sq: int, piece_type: int, color: chess.Color | None = None) -> None:
    """Turn the piece on ``sq`` into ``piece_type`` (of ``color`` for a conversion).

    The new piece never holds a castling right, even where python-chess kept a stale bit.
    """
    st.set_piece(sq, piece_type, color)
    st.board.castling_rights &= ~chess.BB_SQUARES[sq]


@register
class Knighting(Card):
    """#44 Repl. One of your pawns becomes a knight."""

    id = "adoubement"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(st.us, (chess.PAWN,)):
            yield t(sq)

    def why_not(self, st: State) -> str | None:
        return "no_pawn"

    def resolve(self, st: State, tg: Targeting) -> None:
        transform(st, squares(tg)[0], chess.KNIGHT)


@register
class Coronation(Card):
    """#45 Repl. One of your pawns standing in the enemy half becomes a queen. It may give check."""

    id = "couronnement"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(st.us, (chess.PAWN,)):
            if not in_half(st.us, sq):
                yield t(sq)

    def why_not(self, st: State) -> str | None:
        return "no_pawn_enemy_half" if st.board.pieces_mask(chess.PAWN, st.us) else "no_pawn"

    def resolve(self, st: State, tg: Targeting) -> None:
        transform(st, squares(tg)[0], chess.QUEEN)


@register
class Demotion(Card):
    """#46 Repl. An enemy knight, bishop or rook (not shielded) off ranks 1 and 8 becomes a
    pawn of its own colour; pawn rules then apply by rank (a double step from its 2nd rank)."""

    id = "degradation"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(not st.us, (chess.KNIGHT, chess.BISHOP, chess.ROOK)):
            if st.targetable(sq) and not last_rank(sq):
                yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        transform(st, squares(tg)[0], chess.PAWN)


@register
class Shapeshift(Card):
    """#47 Repl. One of your knights becomes a bishop, or one of your bishops becomes a knight."""

    id = "metamorphose"
    no_target = "no_own_piece"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(st.us, (chess.KNIGHT, chess.BISHOP)):
            yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        sq = squares(tg)[0]
        new = chess.BISHOP if st.board.piece_type_at(sq) == chess.KNIGHT else chess.KNIGHT
        transform(st, sq, new)


@register
class Forge(Card):
    """#48 Repl. One of your knights or bishops becomes a rook. It gains no castling right."""

    id = "forge"
    no_target = "no_own_piece"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(st.us, (chess.KNIGHT, chess.BISHOP)):
            yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        transform(st, squares(tg)[0], chess.ROOK)


@register
class Abdication(Card):
    """#49 Repl. One enemy queen (not shielded) becomes a rook of its colour."""

    id = "abdication"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(not st.us, (chess.QUEEN,)):
            if st.targetable(sq):
                yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        transform(st, squares(tg)[0], chess.ROOK)


@register
class Desertion(Card):
    """#50 Repl. An enemy pawn standing in your half (not shielded) becomes your pawn, moving
    your way; its statuses are removed. Nine pawns are legal."""

    id = "desertion"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(not st.us, (chess.PAWN,)):
            if in_half(st.us, sq) and st.targetable(sq):
                yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        transform(st, squares(tg)[0], chess.PAWN, st.us)


@register
class Treason(Card):
    """#51 Repl. An enemy knight, bishop or rook in your half (not shielded) changes sides; its
    statuses are removed, a rook's castling right is lost and none is gained."""

    id = "trahison"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(not st.us, (chess.KNIGHT, chess.BISHOP, chess.ROOK)):
            if in_half(st.us, sq) and st.targetable(sq):
                yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        sq = squares(tg)[0]
        pt = st.board.piece_type_at(sq)
        assert pt is not None
        transform(st, sq, pt, st.us)
