"""Group 6 — Métamorphoses (#44–#51): a piece changes type (or side) on its square.

A transformation keeps the piece's statuses; a change of sides (#50, #51) removes them.
Never a king. No pawn is created on rank 1 or 8 (D7.1). A rook transformed or converted
loses its castling right, and no piece ever gains one (D8). Sleep does not prevent a
transformation (#2: a sleeping piece "can still be transformed"); enemy targets must not be
shielded (D7.2). Nothing goes to a removed pile: a transformed or converted piece is not
removed.
"""

from __future__ import annotations

import chess

from donjon.games.unfairchess.cards.base import Targeting, in_half, last_rank, register, squares
from donjon.games.unfairchess.cards.common import OnePiece, PawnCard
from donjon.games.unfairchess.state import State


def transform(st: State, sq: int, piece_type: int, color: chess.Color | None = None) -> None:
    """Turn the piece on ``sq`` into ``piece_type`` (of ``color`` for a conversion).

    The new piece never holds a castling right, even where python-chess kept a stale bit.
    """
    st.set_piece(sq, piece_type, color)
    st.board.castling_rights &= ~chess.BB_SQUARES[sq]


class _Transform(OnePiece):
    """The piece becomes an :attr:`into`; with :attr:`convert`, it changes to the actor's side."""

    local = True

    into = chess.PAWN
    convert = False

    def new_type(self, st: State, sq: int) -> int:
        return self.into

    def resolve(self, st: State, tg: Targeting) -> None:
        sq = squares(tg)[0]
        transform(st, sq, self.new_type(st, sq), st.us if self.convert else None)


@register
class Knighting(_Transform):
    """#44 Repl. One of your pawns becomes a knight."""

    id = "adoubement"
    no_target = "no_pawn"
    side = "own"
    types = (chess.PAWN,)
    into = chess.KNIGHT


@register
class Coronation(_Transform, PawnCard):
    """#45 Repl. One of your pawns standing in the enemy half becomes a queen. It may give check."""

    id = "couronnement"
    no_target = "no_pawn_enemy_half"
    side = "own"
    types = (chess.PAWN,)
    into = chess.QUEEN

    def eligible(self, st: State, sq: int) -> bool:
        return not in_half(st.us, sq)


@register
class Demotion(_Transform):
    """#46 Repl. An enemy knight, bishop or rook (not shielded) off ranks 1 and 8 becomes a
    pawn of its own colour; pawn rules then apply by rank (a double step from its 2nd rank)."""

    id = "degradation"
    no_target = "no_enemy_target"
    types = (chess.KNIGHT, chess.BISHOP, chess.ROOK)
    into = chess.PAWN

    def eligible(self, st: State, sq: int) -> bool:
        return not last_rank(sq)


class _OwnMinor(_Transform):
    """Aimed at one of your knights or bishops."""

    no_target = "no_own_piece"
    side = "own"
    types = (chess.KNIGHT, chess.BISHOP)


@register
class Shapeshift(_OwnMinor):
    """#47 Repl. One of your knights becomes a bishop, or one of your bishops becomes a knight."""

    id = "metamorphose"

    def new_type(self, st: State, sq: int) -> int:
        return chess.BISHOP if st.board.piece_type_at(sq) == chess.KNIGHT else chess.KNIGHT


@register
class Forge(_OwnMinor):
    """#48 Repl. One of your knights or bishops becomes a rook. It gains no castling right."""

    id = "forge"
    into = chess.ROOK


@register
class Abdication(_Transform):
    """#49 Repl. One enemy queen (not shielded) becomes a rook of its colour."""

    id = "abdication"
    no_target = "no_enemy_target"
    types = (chess.QUEEN,)
    into = chess.ROOK


@register
class Desertion(_Transform):
    """#50 Repl. An enemy pawn standing in your half (not shielded) becomes your pawn, moving
    your way; its statuses are removed. Nine pawns are legal."""

    id = "desertion"
    no_target = "no_enemy_target"
    types = (chess.PAWN,)
    into = chess.PAWN
    convert = True

    def eligible(self, st: State, sq: int) -> bool:
        return in_half(st.us, sq)


@register
class Treason(_Transform):
    """#51 Repl. An enemy knight, bishop or rook in your half (not shielded) changes sides; its
    statuses are removed, a rook's castling right is lost and none is gained."""

    id = "trahison"
    no_target = "no_enemy_target"
    types = (chess.KNIGHT, chess.BISHOP, chess.ROOK)
    convert = True

    def eligible(self, st: State, sq: int) -> bool:
        return in_half(st.us, sq)

    def new_type(self, st: State, sq: int) -> int:
        pt = st.board.piece_type_at(sq)
        assert pt is not None
        return pt
