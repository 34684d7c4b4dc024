"""Group 1 — États: the four status cards (#1–#4). They move nothing (seed)."""

from __future__ import annotations

from collections.abc import Iterator

from donjon.games.unfairchess.cards.base import Card, Targeting, register, squares, t
from donjon.games.unfairchess.state import State


@register
class Poison(Card):
    """#1 Add. One of your non-king pieces that is not poisoned becomes Poisoned."""

    id = "poison"
    no_target = "no_own_piece"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(st.us):
            if not st.has(sq, "poison"):
                yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        st.add_status(squares(tg)[0], "poison")


@register
class Sleep(Card):
    """#2 Repl. An enemy non-king piece, awake and not shielded, falls asleep."""

    id = "sommeil"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(not st.us):
            if st.targetable(sq) and not st.asleep(sq):
                yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        st.add_status(squares(tg)[0], "sleep")


@register
class Shield(Card):
    """#3 Add. One of your non-king pieces is Shielded until the end of the opponent's next turn."""

    id = "bouclier"
    no_target = "no_own_piece"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in st.pieces(st.us):
            yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        sq = squares(tg)[0]
        st.add_status(sq, "shield")
        st.shield_until[sq] = st.turn_no + 1


@register
class Dynamite(Card):
    """#4 Repl. Any non-king piece without dynamite (not an enemy shielded one) carries Dynamite."""

    id = "dynamite"
    no_target = "no_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for color in (st.us, not st.us):
            for sq in st.pieces(color):
                if st.has(sq, "dynamite"):
                    continue
                if color != st.us and not st.targetable(sq):
                    continue
                yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        st.add_status(squares(tg)[0], "dynamite")


