"""Group 3 — Échanges & téléportations (#17–#25): relocations.

A relocation (swap, teleport or push) ignores geometry and never captures (D3). Statuses
travel with the pieces; a king or rook that leaves its square loses its castling rights and
a rook arriving anywhere never gains one (D8); no pawn is put on rank 1 or 8 (D7.1); a
sleeping piece never changes square (D7.3); destinations are empty — no piece, wall or trap
(D7.4) — except Gust (#24), whose pushed pieces may land on a trap and spring it.
"""

from __future__ import annotations

from collections.abc import Iterator

import chess

from donjon.games.unfairchess.cards.base import (
    DIAGONAL,
    ORTHOGONAL,
    Card,
    Targeting,
    forward,
    in_half,
    last_rank,
    rank_of,
    register,
    squares,
    t,
)
from donjon.games.unfairchess.cards.common import free_king, king_reason, own_movers
from donjon.games.unfairchess.state import State, sq_name

MINOR_MAJOR = (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
"""Knights, bishops, rooks and queens: the pieces most relocation cards take."""

CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)

START_FILES = {
    chess.KNIGHT: (1, 6),
    chess.BISHOP: (2, 5),
    chess.ROOK: (0, 7),
    chess.QUEEN: (3,),
}
"""Files of the standard starting squares per piece type (Recall, #22)."""


def clear_rights(st: State, *sqs: int) -> None:
    """No castling right is born on a square a piece was relocated to (D8).

    python-chess keeps stale rook bits in ``castling_rights`` and re-filters them against
    the board only when generating moves, so a rook arriving on an old corner would
    otherwise castle again.
    """
    for sq in sqs:
        st.board.castling_rights &= ~chess.BB_SQUARES[sq]


def pawn_ok(st: State, piece_sq: int, dest: int) -> bool:
    """D7.1: the piece on ``piece_sq`` may stand on ``dest`` unless it is a pawn on rank 1/8."""
    return not (st.board.piece_type_at(piece_sq) == chess.PAWN and last_rank(dest))


def enemy_movable(st: State, sq: int) -> bool:
    """An enemy non-king piece this side's card may relocate: not shielded, not asleep."""
    return st.targetable(sq) and (st.suspended or not st.asleep(sq))


def own_movable(st: State, sq: int) -> bool:
    """One of our pieces that may change square this turn (sleep, freezes, Curfew)."""
    p = st.board.piece_at(sq)
    return p is not None and p.color == st.us and st.can_move(sq)


class _Swap(Card):
    """Exchanges the squares of the two pieces. Squares: [piece, piece]."""

    local = True

    def resolve(self, st: State, tg: Targeting) -> None:
        a, b = squares(tg)
        st.swap(a, b)
        clear_rights(st, a, b)


class _Relocate(Card):
    """Moves the piece to an empty square. Squares: [piece, destination]."""

    local = True

    def resolve(self, st: State, tg: Targeting) -> None:
        frm, to = squares(tg)
        st.move_piece(frm, to)
        clear_rights(st, to)


@register
class Switcheroo(_Swap):
    """#17 Repl. Exchange the squares of two of your non-king pieces; statuses travel,
    a pawn may not land on rank 1 or 8."""

    id = "permutation"
    no_target = "no_own_mover"

    def targetings(self, st: State) -> Iterator[Targeting]:
        own = list(own_movers(st))
        for a in own:
            for b in own:
                if a != b and pawn_ok(st, a, b) and pawn_ok(st, b, a):
                    yield t(a, b)


@register
class StandIn(_Swap):
    """#18 Repl. Exchange your king with one of your knights, bishops, rooks or queens;
    the king must not be attacked afterwards. All your castling rights are lost."""

    id = "doublure"

    def targetings(self, st: State) -> Iterator[Targeting]:
        king = free_king(st)
        if king is None:
            return
        for sq in own_movers(st, MINOR_MAJOR):
            yield t(king, sq)
            yield t(sq, king)

    def why_not(self, st: State) -> str | None:
        return king_reason(st, "no_own_mover")


@register
class Teleport(_Relocate):
    """#19 Repl. Move one of your knights, bishops, rooks or queens to any empty square in
    your half. It may give check."""

    id = "teleportation"
    no_target = "no_own_mover"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in own_movers(st, MINOR_MAJOR):
            for dest in chess.SQUARES:
                if in_half(st.us, dest) and st.is_empty(dest):
                    yield t(sq, dest)


@register
class Crossover(_Swap):
    """#20 Repl. Exchange one of your non-king pieces with an adjacent enemy non-king piece
    that is not shielded and not asleep; no pawn lands on rank 1 or 8."""

    id = "chasse_croise"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for own in own_movers(st):
            for sq in chess.scan_forward(chess.BB_KING_ATTACKS[own]):
                if enemy_movable(st, sq) and pawn_ok(st, own, sq) and pawn_ok(st, sq, own):
                    yield t(own, sq)


@register
class MirrorMatch(_Swap):
    """#21 Repl. Exchange one of your knights, bishops or rooks with an enemy piece of the same
    type (not shielded, not asleep). Both rooks lose their castling rights."""

    id = "jeu_de_miroirs"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for pt in (chess.KNIGHT, chess.BISHOP, chess.ROOK):
            for own in own_movers(st, (pt,)):
                for sq in st.pieces(not st.us, (pt,)):
                    if enemy_movable(st, sq):
                        yield t(own, sq)


@register
class Recall(_Relocate):
    """#22 Repl. Move one of your knights, bishops, rooks or queens to an empty standard
    starting square of its type and colour. Castling rights are not restored."""

    id = "rappel"
    no_target = "no_own_mover"

    def targetings(self, st: State) -> Iterator[Targeting]:
        home = 0 if st.us == chess.WHITE else 7
        for sq in own_movers(st, MINOR_MAJOR):
            pt = st.board.piece_type_at(sq)
            assert pt is not None
            for f in START_FILES[pt]:
                dest = chess.square(f, home)
                if st.is_empty(dest):
                    yield t(sq, dest)


@register
class Banishment(_Relocate):
    """#23 Repl. Move an enemy knight, bishop, rook or queen (not shielded, not asleep) to an
    empty corner; it cannot move during the opponent's next turn."""

    id = "exil"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(not st.us, MINOR_MAJOR):
            if not enemy_movable(st, sq):
                continue
            for corner in CORNERS:
                if st.is_empty(corner):
                    yield t(sq, corner)

    def resolve(self, st: State, tg: Targeting) -> None:
        super().resolve(st, tg)
        corner = squares(tg)[1]
        st.add_restriction("lock", frozenset({corner}))
        st.event("lock", square=sq_name(corner))


def gust_pushes(st: State, centre: int) -> list[tuple[int, int]]:
    """(from, to) of every push Gust (#24) centred on ``centre`` makes, on the start position.

    A pushed piece goes one square straight away from the centre; it stays put if that
    square is off the board, holds a piece or a wall, or (for a pawn) is on rank 1 or 8.
    A trap does not stop it: the piece lands and springs it.
    """
    b = st.board
    f0, r0 = chess.square_file(centre), chess.square_rank(centre)
    out = []
    for df, dr in ORTHOGONAL + DIAGONAL:
        f1, r1, f2, r2 = f0 + df, r0 + dr, f0 + 2 * df, r0 + 2 * dr
        if not (0 <= f1 < 8 and 0 <= r1 < 8 and 0 <= f2 < 8 and 0 <= r2 < 8):
            continue
        sq, dest = chess.square(f1, r1), chess.square(f2, r2)
        if not enemy_movable(st, sq):
            continue
        if b.piece_at(dest) is not None or dest in st.walls or not pawn_ok(st, sq, dest):
            continue
        out.append((sq, dest))
    return out


@register
class Gust(Card):
    """#24 Repl. Centred on one of your pieces: every adjacent enemy non-king piece (not
    shielded, not asleep) is pushed 1 square straight away, all together; traps spring."""

    id = "bourrasque"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        # gust_pushes only pushes an adjacent enemy non-king piece (enemy_movable), so a
        # centre with no such neighbour is skipped on the masks alone (same targetings).
        b = st.board
        enemies = b.occupied_co[not st.us] & ~b.kings
        for centre in st.pieces(st.us, (1, 2, 3, 4, 5, 6)):
            if chess.BB_KING_ATTACKS[centre] & enemies and gust_pushes(st, centre):
                yield t(centre)

    def resolve(self, st: State, tg: Targeting) -> None:
        (centre,) = squares(tg)
        pushes = gust_pushes(st, centre)
        # Computed on the start position; the destinations are distinct squares that were
        # empty and are not adjacent to the centre, so the order of the moves is irrelevant.
        for frm, to in pushes:
            st.move_piece(frm, to)
        clear_rights(st, *(to for _, to in pushes))
        st.event("gust", pushes=[[sq_name(a), sq_name(b)] for a, b in pushes])


@register
class Repel(Card):
    """#25 Repl. Move an enemy pawn (not shielded, not asleep) 1 or 2 squares straight back
    along an empty path, never onto its owner's first rank."""

    local = True

    id = "recul_force"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        them = not st.us
        back = -forward(them)
        for sq in st.pieces(them, (chess.PAWN,)):
            if not enemy_movable(st, sq):
                continue
            dest = sq
            for _ in range(2):
                dest += back
                if not 0 <= dest < 64 or rank_of(them, dest) <= 1 or not st.is_empty(dest):
                    break
                yield t(sq, dest)

    def resolve(self, st: State, tg: Targeting) -> None:
        frm, to = squares(tg)
        st.move_piece(frm, to)
