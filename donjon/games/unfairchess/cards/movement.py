"""Group 2 — Mouvements: the twelve card-moves (#5–#16). Each one replaces the move.

Shared rules (B.0-D3, D7, brief): a card-move is blocked by pieces and walls (knight jumps
ignore both); it ends on a square with no piece and no wall — a trap there is sprung — or,
only where the card says "may capture", on an enemy non-king piece that is not shielded.
Traps never block a path. The moving piece must be free to move (:meth:`State.can_move`:
sleep, Blizzard, Banishment lock, Exhaustion, Curfew for the king); a bishop, rook or queen
obeys Quicksand (:meth:`State.quicksand_ok`). A pawn reaching its last rank promotes.
Every card sets ``st.mover`` to the square where its piece ends (Exhaustion #43).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

import chess

from donjon.games.unfairchess.cards.base import (
    DIAGONAL,
    ORTHOGONAL,
    Card,
    Targeting,
    directions,
    forward,
    knight_targets,
    move_footprint,
    promo_type,
    promotion_options,
    rank_of,
    ray_squares,
    register,
    square_mask,
    squares,
    t,
    with_promotion,
)
from donjon.games.unfairchess.cards.common import PawnCard, free_king, king_reason, own_movers
from donjon.games.unfairchess.state import State

LINE_PIECES = (chess.BISHOP, chess.ROOK, chess.QUEEN)

# ------------------------------------------------------------------ helpers


def _open(st: State, sq: int) -> bool:
    """No piece and no wall: a square a card-move may cross or end on (a trap is allowed)."""
    return not st.board.occupied & chess.BB_SQUARES[sq] and sq not in st.walls


def _landing(st: State, sq: int, may_capture: bool) -> bool:
    """May a card-move end on ``sq``: open, or (``may_capture``) a capturable enemy piece."""
    return _open(st, sq) or (may_capture and st.targetable(sq))


def _slides(st: State, frm: int, dirs: tuple[tuple[int, int], ...]) -> Iterator[int]:
    """Open squares reached from ``frm`` along ``dirs``, stopping at the first piece or wall."""
    for df, dr in dirs:
        for sq in ray_squares(frm, df, dr):
            if not _open(st, sq):
                break
            yield sq


def _lines(st: State) -> Iterator[tuple[int, Iterator[int]]]:
    """(piece, its squares outward along one line) for every line of every bishop, rook and
    queen of the side to act that may move."""
    b = st.board
    for frm in own_movers(st, LINE_PIECES):
        ptype = b.piece_type_at(frm)
        assert ptype is not None
        for df, dr in directions(ptype):
            yield frm, ray_squares(frm, df, dr)


def _file_step(sq: int, df: int, dr: int) -> int | None:
    f, r = chess.square_file(sq) + df, chess.square_rank(sq) + dr
    return chess.square(f, r) if 0 <= f < 8 and 0 <= r < 8 else None


def _pawn_targetings(frm: int, to: int) -> Iterator[Targeting]:
    """``[pawn, destination]``, once per promotion letter when ``to`` is a last rank."""
    for promo in promotion_options(to, chess.PAWN):
        yield with_promotion(t(frm, to), promo)


def _card_move(st: State, frm: int, to: int, promotion: int | None = None) -> None:
    """Move (capturing whatever enemy piece stands on ``to``) and note the mover."""
    st.capture_move(frm, to, promotion)
    st.mover = to


class _CardMove(Card):
    """A card-move of one piece. Squares: [piece, destination] (+ ``promotion`` where the
    card offers it); it captures whatever enemy piece stands on the destination."""

    no_target = "no_own_mover"
    local = True

    def footprint(self, st: State, tg: Targeting) -> int:
        return move_footprint(st, tg)

    def resolve(self, st: State, tg: Targeting) -> None:
        frm, to = squares(tg)
        _card_move(st, frm, to, promo_type(tg))


class _PawnMove(_CardMove, PawnCard):
    """A card-move of one of your pawns."""


class _SlideAs(_CardMove):
    """One of your :attr:`movers` slides along :attr:`dirs`, blocked normally, to an empty
    square (no capture)."""

    movers: tuple[int, ...] = ()
    dirs: tuple[tuple[int, int], ...] = ()

    def targetings(self, st: State) -> Iterator[Targeting]:
        for frm in own_movers(st, self.movers):
            for to in _slides(st, frm, self.dirs):
                if st.quicksand_ok(frm, to):
                    yield t(frm, to)


# ------------------------------------------------------------------ the cards


@register
class Cavalcade(_CardMove):
    """#5 Gallop. One of your bishops, rooks or queens makes one knight jump (ignoring pieces
    and walls in between); it may capture. Squares: [piece, destination]."""

    id = "cavalcade"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for frm in own_movers(st, LINE_PIECES):
            for to in knight_targets(frm):
                # A knight jump is 2 squares away: Quicksand never forbids it (kept for clarity).
                if _landing(st, to, True) and st.quicksand_ok(frm, to):
                    yield t(frm, to)


@register
class PasDeGeant(_PawnMove):
    """#6 Giant Stride. One of your pawns moves exactly 3 squares straight forward; the two
    squares crossed and the destination must be empty. No capture, no en-passant right; it
    promotes on the last rank. Squares: [pawn, destination] (+ ``promotion``)."""

    id = "pas_de_geant"
    fields = ("promotion",)

    def targetings(self, st: State) -> Iterator[Targeting]:
        step = forward(st.us)
        for frm in own_movers(st, (chess.PAWN,)):
            if rank_of(st.us, frm) > 5:
                continue
            path = [frm + step, frm + 2 * step, frm + 3 * step]
            if all(_open(st, sq) for sq in path):
                yield from _pawn_targetings(frm, path[2])


@register
class Repli(_PawnMove):
    """#7 Fall Back. One of your pawns moves 1 square straight backward, to an empty square
    that is not your first rank. Squares: [pawn, destination]."""

    id = "repli"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for frm in own_movers(st, (chess.PAWN,)):
            to = frm - forward(st.us)  # a pawn never stands on rank 1 or 8 (D7)
            if rank_of(st.us, to) != 1 and _open(st, to):
                yield t(frm, to)


@register
class PasChasse(_PawnMove):
    """#8 Sidestep. One of your pawns moves to an adjacent empty square on its own rank, or
    diagonally forward onto an empty square. No capture; it promotes on the last rank.
    Squares: [pawn, destination] (+ ``promotion``)."""

    id = "pas_chasse"
    fields = ("promotion",)

    def targetings(self, st: State) -> Iterator[Targeting]:
        dr = 1 if st.us else -1
        for frm in own_movers(st, (chess.PAWN,)):
            for df, rr in ((-1, 0), (1, 0), (-1, dr), (1, dr)):
                to = _file_step(frm, df, rr)
                if to is not None and _open(st, to):
                    yield from _pawn_targetings(frm, to)


@register
class Catapulte(_CardMove):
    """#9 Catapult. One of your bishops, rooks or queens moves along one of its lines over
    exactly one hurdle (a piece of either colour, or a wall); every other square crossed is
    empty. It may capture on the destination; the hurdle is not affected.
    Squares: [piece, destination]."""

    id = "catapulte"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for frm, line in _lines(st):
            jumped = False
            for sq in line:
                if not jumped:
                    if not _open(st, sq):
                        jumped = True
                    continue
                if _landing(st, sq, True) and st.quicksand_ok(frm, sq):
                    yield t(frm, sq)
                if not _open(st, sq):
                    break


@register
class Benediction(_SlideAs):
    """#10 Blessing. One of your knights or rooks moves like a bishop (any distance
    diagonally, blocked normally) to an empty square. No capture. Squares: [piece, destination]."""

    id = "benediction"
    movers = (chess.KNIGHT, chess.ROOK)
    dirs = DIAGONAL


@register
class LigneDroite(_SlideAs):
    """#11 Straight Line. One of your knights or bishops moves like a rook to an empty
    square. No capture. Squares: [piece, destination]."""

    id = "ligne_droite"
    movers = (chess.KNIGHT, chess.BISHOP)
    dirs = ORTHOGONAL


@register
class PasseMuraille(_CardMove):
    """#12 Ghostwalk. One of your bishops, rooks or queens moves along its own lines through
    your own pieces (enemy pieces and walls still block) to an empty square. No capture.

    Decision: the path must cross at least one of your own pieces (otherwise it would be a
    plain move). Squares: [piece, destination]."""

    id = "passe_muraille"

    def targetings(self, st: State) -> Iterator[Targeting]:
        b = st.board
        for frm, line in _lines(st):
            crossed = False
            for sq in line:
                if sq in st.walls:
                    break
                p = b.piece_at(sq)
                if p is None:
                    if crossed and st.quicksand_ok(frm, sq):
                        yield t(frm, sq)
                    continue
                if p.color != st.us:
                    break
                crossed = True


@register
class MarcheForcee(_PawnMove):
    """#13 Forced March. One or two of your pawns each step exactly 1 square forward, to a
    square empty in the starting position; both steps happen together. No capture, no double
    step, no en passant created; a pawn reaching the last rank promotes.

    Squares: the pawns' starting squares (one or two, either order). ``promotions`` is given
    only when some pawn reaches the last rank: a list aligned with ``squares``, a letter
    (q r b n) for each pawn that promotes and ``null`` for the others, e.g.
    ``{"squares": ["a7", "h2"], "promotions": ["q", null]}``."""

    id = "marche_forcee"
    fields = ("promotions",)

    def footprint(self, st: State, tg: Targeting) -> int:
        """The pawns' squares and the squares they step to (never a capture)."""
        mask = square_mask(tg)
        return mask | ((mask << 8) & chess.BB_ALL if st.us else mask >> 8)

    def targetings(self, st: State) -> Iterator[Targeting]:
        step = forward(st.us)
        pawns = [frm for frm in own_movers(st, (chess.PAWN,)) if _open(st, frm + step)]
        for n in (1, 2):
            for group in permutations(pawns, n):
                options = [promotion_options(frm + step, chess.PAWN) for frm in group]
                if all(o == [None] for o in options):
                    yield t(*group)
                    continue
                for combo in _product(options):
                    yield t(*group, promotions=list(combo))

    def resolve(self, st: State, tg: Targeting) -> None:
        step = forward(st.us)
        sqs = squares(tg)
        promos = tg.get("promotions") or [None] * len(sqs)
        for frm, letter in zip(sqs, promos, strict=True):
            ptype = None if letter is None else chess.PIECE_SYMBOLS.index(letter)
            st.capture_move(frm, frm + step, ptype)
        st.mover = sqs[0] + step


def _product(options: list[list[str | None]]) -> Iterator[tuple[str | None, ...]]:
    if not options:
        yield ()
        return
    for head in options[0]:
        for rest in _product(options[1:]):
            yield (head, *rest)


@register
class RoqueLibre(Card):
    """#14 Free Castling. Your king and one of your rooks on the same rank with only empty
    squares between them: the rook slides next to the king on its side, then the king jumps
    over it to the square just beyond (empty, or the rook's vacated square). Allowed in check
    and through attacked squares; all of that side's castling rights are lost.

    Squares: [king, rook]. Forbidden under Curfew (the king cannot move); under Quicksand the
    rook may slide at most 2 squares."""

    id = "roque_libre"

    def targetings(self, st: State) -> Iterator[Targeting]:
        k = free_king(st)
        if k is None:
            return
        for rook in own_movers(st, (chess.ROOK,)):
            landing = _castle_squares(st, k, rook)
            if landing is not None and st.quicksand_ok(rook, landing[0]):
                yield t(k, rook)

    def why_not(self, st: State) -> str | None:
        return king_reason(st, "castle_blocked")

    def resolve(self, st: State, tg: Targeting) -> None:
        k, rook = squares(tg)
        landing = _castle_squares(st, k, rook)
        assert landing is not None
        rook_to, king_to = landing
        if rook_to != rook:
            st.move_piece(rook, rook_to)
        st.move_piece(k, king_to)
        st.mover = king_to


def _castle_squares(st: State, k: int, rook: int) -> tuple[int, int] | None:
    """(rook destination, king destination) of Free Castling, or None if it is not possible."""
    if chess.square_rank(k) != chess.square_rank(rook):
        return None
    if any(not _open(st, sq) for sq in chess.SquareSet(chess.between(k, rook))):
        return None
    d = 1 if rook > k else -1
    rook_to = k + d
    king_file = chess.square_file(k) + 2 * d
    if not 0 <= king_file < 8:
        return None
    king_to = k + 2 * d
    if king_to != rook and not _open(st, king_to):
        return None
    return rook_to, king_to


@register
class EscapadeRoyale(_CardMove):
    """#15 Royal Dash. Your king moves 1 or 2 squares in a straight line (orthogonal or
    diagonal); for 2 the middle square must be empty with no wall. It may capture; the
    destination must not be attacked (checked by the referee, D6). Castling rights lost.
    Squares: [king, destination]. Forbidden under Curfew."""

    id = "escapade_royale"

    def targetings(self, st: State) -> Iterator[Targeting]:
        k = free_king(st)
        if k is None:
            return
        for df, dr in ORTHOGONAL + DIAGONAL:
            for i, sq in enumerate(ray_squares(k, df, dr)):
                if i == 2:
                    break
                if _landing(st, sq, True):
                    yield t(k, sq)
                if not _open(st, sq):
                    break

    def why_not(self, st: State) -> str | None:
        return king_reason(st, "no_own_mover")


@register
class Charge(_CardMove):
    """#16 Charge! One of your knights makes two knight jumps in a row: the first lands on an
    empty square with no trap or wall, the second may capture. Only the final position is
    judged (D6). Decision: the second jump may not return to the starting square (no pass).
    Squares: [knight, first landing, second landing]."""

    id = "charge"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for frm in own_movers(st, (chess.KNIGHT,)):
            for mid in knight_targets(frm):
                if not _open(st, mid) or mid in st.traps:
                    continue
                for to in knight_targets(mid):
                    # (The start square still holds the knight here, so it is never a landing.)
                    if to != frm and _landing(st, to, True):
                        yield t(frm, mid, to)

    def resolve(self, st: State, tg: Targeting) -> None:
        frm, mid, to = squares(tg)
        st.move_piece(frm, mid)
        _card_move(st, mid, to)

