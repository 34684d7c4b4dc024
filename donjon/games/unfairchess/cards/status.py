"""Group 1 — États: the four status cards (#1–#4). They move nothing (seed)."""

from __future__ import annotations

from donjon.games.unfairchess.cards.base import Targeting, no_footprint, register, squares
from donjon.games.unfairchess.cards.common import OnePiece
from donjon.games.unfairchess.state import State


class _Status(OnePiece):
    """Puts :attr:`status` on a piece that does not carry it yet."""

    local = True
    footprint = no_footprint

    status = ""

    def eligible(self, st: State, sq: int) -> bool:
        return not st.has(sq, self.status)

    def resolve(self, st: State, tg: Targeting) -> None:
        st.add_status(squares(tg)[0], self.status)


@register
class Poison(_Status):
    """#1 Add. One of your non-king pieces that is not poisoned becomes Poisoned."""

    id = "poison"
    no_target = "no_own_piece"
    side = "own"
    status = "poison"
    keeps_moves = True  # poison acts when the piece is captured, never on its own moves


@register
class Sleep(_Status):
    """#2 Repl. An enemy non-king piece, awake and not shielded, falls asleep."""

    id = "sommeil"
    no_target = "no_enemy_target"
    status = "sleep"


@register
class Shield(_Status):
    """#3 Add. One of your non-king pieces is Shielded until the end of the opponent's next turn."""

    id = "bouclier"
    no_target = "no_own_piece"
    side = "own"
    status = "shield"
    keeps_moves = True  # a shield acts against the opponent's actions only

    def eligible(self, st: State, sq: int) -> bool:
        return True  # a shielded piece may be shielded again (the shield is renewed)

    def resolve(self, st: State, tg: Targeting) -> None:
        super().resolve(st, tg)
        st.shield_until[squares(tg)[0]] = st.turn_no + 1


@register
class Dynamite(_Status):
    """#4 Repl. Any non-king piece without dynamite (not an enemy shielded one) carries Dynamite."""

    id = "dynamite"
    no_target = "no_target"
    side = "any"
    status = "dynamite"
