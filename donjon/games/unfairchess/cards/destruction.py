"""Group 4 — Destructions (#26–#34). All replace your move.

Never a king; shielded enemy pieces cannot be targeted; a destruction triggers neither
poison nor dynamite (D3). Only Percée (#31) is a capture. Truce (#37) is enforced by the
referee for all of them (no enemy piece may be removed under a Truce).
"""

from __future__ import annotations

from collections.abc import Iterator

import chess

from donjon.games.unfairchess.cards.base import (
    Targeting,
    forward,
    in_half,
    move_footprint,
    promo_type,
    promotion_options,
    register,
    squares,
    t,
    with_promotion,
)
from donjon.games.unfairchess.cards.common import OnePiece, PawnCard
from donjon.games.unfairchess.state import State, blast, seat_of


def _awake(st: State, sq: int) -> bool:
    """An awake piece (sleep counts for nothing while the exception is in force)."""
    return st.suspended or not st.asleep(sq)


def _awake_attackers(st: State, color: chess.Color, sq: int) -> int:
    """How many of ``color``'s awake pieces (king included) attack ``sq`` (walls block, D5)."""
    return sum(1 for a in chess.scan_forward(st.attackers(color, sq)) if _awake(st, a))


class _Destroy(OnePiece):
    """Destroys the piece (an enemy one unless the card says otherwise)."""

    local = True

    no_target = "no_enemy_target"

    def resolve(self, st: State, tg: Targeting) -> None:
        st.destroy(squares(tg)[0], st.us, self.id)


class _Explode(OnePiece):
    """The piece explodes: it and every non-king piece on its 8 adjacent squares are destroyed
    (shielded enemy pieces excepted)."""

    local = True

    def footprint(self, st: State, tg: Targeting) -> int:
        return blast(squares(tg)[0])

    def resolve(self, st: State, tg: Targeting) -> None:
        st.explode(squares(tg)[0], st.us, self.id)


@register
class SniperShot(_Destroy):
    """#26 Tir d'élite. Destroy an enemy piece other than a king or queen that one of your
    awake pieces attacks; your piece does not move."""

    id = "tir_d_elite"
    types = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK)

    def eligible(self, st: State, sq: int) -> bool:
        return _awake_attackers(st, st.us, sq) >= 1


@register
class Arrow(_Destroy):
    """#27 Flèche. Destroy one enemy pawn standing in your half."""

    id = "fleche"
    types = (chess.PAWN,)

    def eligible(self, st: State, sq: int) -> bool:
        return in_half(st.us, sq)


@register
class Kamikaze(_Explode):
    """#28 Kamikaze. One of your non-king pieces with an enemy piece adjacent is destroyed
    with every non-king piece on its 8 adjacent squares (shielded enemy pieces survive)."""

    id = "kamikaze"
    no_target = "no_adjacent_enemy"

    def targetings(self, st: State) -> Iterator[Targeting]:
        enemies = 0
        for sq in st.pieces(not st.us):
            enemies |= chess.BB_SQUARES[sq]
        for sq in st.pieces(st.us):
            if chess.BB_KING_ATTACKS[sq] & enemies:
                yield t(sq)


@register
class Lightning(_Destroy):
    """#29 Foudre. Destroy the enemy pawn, knight or bishop that made the opponent's most
    recent normal move, if it is still on the board (greyed after a replace-move card)."""

    id = "foudre"

    def targetings(self, st: State) -> Iterator[Targeting]:
        rec = st.last_turn[seat_of(not st.us)]
        if rec is None or rec.get("kind") != "move":
            return
        sq = rec.get("to")
        if sq is None:
            return
        p = st.board.piece_at(sq)
        if p is None or p.color == st.us or p.piece_type not in (chess.PAWN, chess.KNIGHT, chess.BISHOP):
            return
        if st.targetable(sq):
            yield t(sq)

    def why_not(self, st: State) -> str | None:
        rec = st.last_turn[seat_of(not st.us)]
        if rec is None or rec.get("kind") != "move":
            return "last_not_normal_move"
        return "last_mover_untargetable"


@register
class PawnDuel(PawnCard):
    """#30 Duel de pions. Destroy one of your pawns and one enemy pawn on the same or an
    adjacent file (your pawn first, then the enemy pawn)."""

    local = True

    id = "duel_de_pions"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        theirs = [sq for sq in st.pieces(not st.us, (chess.PAWN,)) if st.targetable(sq)]
        for own in st.pieces(st.us, (chess.PAWN,)):
            for sq in theirs:
                if abs(chess.square_file(own) - chess.square_file(sq)) <= 1:
                    yield t(own, sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        own, enemy = squares(tg)
        st.destroy(own, st.us, self.id)
        st.destroy(enemy, st.us, self.id)


@register
class Breakthrough(PawnCard):
    """#31 Percée. One of your pawns captures the capturable enemy piece directly ahead by
    stepping forward: a real capture (poison and dynamite trigger); it promotes on the last rank."""

    id = "percee"
    no_target = "no_enemy_target"
    fields = ("promotion",)
    local = True

    def footprint(self, st: State, tg: Targeting) -> int:
        return move_footprint(st, tg)

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(st.us, (chess.PAWN,)):
            ahead = sq + forward(st.us)
            if not 0 <= ahead < 64 or not st.can_move(sq) or not st.targetable(ahead):
                continue
            for promo in promotion_options(ahead, chess.PAWN):
                yield with_promotion(t(sq, ahead), promo)

    def resolve(self, st: State, tg: Targeting) -> None:
        frm, to = squares(tg)
        st.capture_move(frm, to, promo_type(tg))
        st.mover = to


@register
class Detonator(_Explode):
    """#32 Détonateur. A piece carrying dynamite, of either colour, explodes now: it and every
    non-king piece on its 8 adjacent squares are destroyed (shielded enemy pieces excepted)."""

    id = "detonateur"
    no_target = "no_dynamite"
    side = "any"

    def targetings(self, st: State) -> Iterator[Targeting]:
        # Most positions have no dynamite at all: then no piece is looked at.
        if not any("dynamite" in s for s in st.statuses.values()):
            return iter(())
        return super().targetings(st)

    def eligible(self, st: State, sq: int) -> bool:
        return st.has(sq, "dynamite")


@register
class Encirclement(_Destroy):
    """#33 Encerclement. Destroy an enemy piece attacked by at least two of your awake pieces."""

    id = "encerclement"

    def eligible(self, st: State, sq: int) -> bool:
        return _awake_attackers(st, st.us, sq) >= 2


@register
class HeavensStrike(_Destroy):
    """#34 Frappe céleste. Destroy any one enemy non-king, non-shielded piece."""

    id = "frappe_celeste"
