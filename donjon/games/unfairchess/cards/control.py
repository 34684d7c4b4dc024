"""Group 5 — Contrôle (#35–#43): restrictions on the opponent's next turn, walls and traps.

The cards only create the restriction, wall or trap; the referee
(:func:`donjon.games.unfairchess.rules.begin_turn`, and ``move_filter_reason``, ``gen_moves`` of
:mod:`donjon.games.unfairchess.moves`)
enforces them on normal moves and lifts the move restrictions under the no-legal-move
exception (B.3-4). Silence and traps are not move restrictions.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import chess

from donjon.games.unfairchess import moves
from donjon.games.unfairchess.cards.base import Card, Targeting, no_footprint, register, squares, t
from donjon.games.unfairchess.state import State, blast, seat_of


def area(center: int) -> frozenset[int]:
    """The 3×3 area around ``center``, clipped at the board edge."""
    return frozenset(chess.scan_forward(blast(center)))


class _Restriction(Card):
    """Adds the restriction :attr:`kind` on the opponent's next turn; no targeting field."""

    local = True
    footprint = no_footprint
    keeps_moves = True  # (read for the add-to-move ones: Curfew, Silence)

    kind = ""

    def targetings(self, st: State) -> Iterator[Targeting]:
        yield t()

    def resolve(self, st: State, tg: Targeting) -> None:
        st.add_restriction(self.kind)


class _OnEmpty(Card):
    """Aimed at an empty square. Squares: [square]."""

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in chess.SQUARES:
            if st.is_empty(sq):
                yield t(sq)


@register
class Blizzard(Card):
    """#35 Add. Pick a centre square: enemy pieces standing in its 3×3 area at the start of the
    opponent's next turn cannot move during that turn (the king included, so no castling)."""

    local = True
    footprint = no_footprint
    keeps_moves = True

    id = "blizzard"

    def targetings(self, st: State) -> Iterator[Targeting]:
        for sq in chess.SQUARES:
            yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        st.add_restriction("blizzard", area(squares(tg)[0]))


@register
class Curfew(_Restriction):
    """#36 Add. During the opponent's next turn their king cannot move: no king move, no
    castling, no #14 / #15 / #18."""

    id = "couvre_feu"
    kind = "curfew"


@register
class Truce(_Restriction):
    """#37 Repl. During the opponent's next turn they cannot capture, nor destroy or convert
    your pieces with a card."""

    id = "treve"
    kind = "truce"


@register
class Wall(_OnEmpty):
    """#38 Add. An empty square becomes a Wall from now until the end of the opponent's next
    turn: nothing stops on or passes through it (knights jump it) and it blocks attack lines."""

    local = True

    id = "muraille"

    def resolve(self, st: State, tg: Targeting) -> None:
        st.walls[squares(tg)[0]] = st.turn_no + 1


@register
class BearTrap(_OnEmpty):
    """#39 Repl. Put your Trap on an empty square: an enemy non-king piece arriving there by any
    means is destroyed after its move resolves (a capture it made still stands)."""

    local = True

    id = "chausse_trappe"

    def resolve(self, st: State, tg: Targeting) -> None:
        st.traps[squares(tg)[0]] = st.us


def _next_turn_probe(st: State) -> State:
    """The opponent at the start of their next turn, if this card (which adds no other
    restriction) ends our turn now: a null-move probe, to ask for their legal normal moves."""
    probe = st.probe_copy()  # (the moves read no card pile)
    probe.board.turn = not st.us
    probe.board.ep_square = None  # a replace-move card clears it (D8)
    probe.turn_no = st.turn_no + 1
    probe.walls = {sq: e for sq, e in probe.walls.items() if e >= probe.turn_no}
    for sq, e in list(probe.shield_until.items()):
        if e < probe.turn_no:
            probe.drop_status(sq, "shield")
    probe.restrictions = tuple(r for r in probe.restrictions if r.turn >= probe.turn_no)
    probe.frozen = frozenset()
    probe.suspended = False
    return probe


@register
class Taunt(Card):
    """#40 Repl. Pick an enemy non-king piece that has a legal move: on the opponent's next
    turn, a normal move must be made with that piece (cards stay allowed)."""

    local = True
    footprint = no_footprint

    id = "provocation"
    no_target = "no_enemy_target"

    def targetings(self, st: State) -> Iterator[Targeting]:
        rest = (sq for sq in st.pieces(not st.us) if st.targetable(sq))
        first = next(rest, None)
        if first is None:
            return
        probe = _next_turn_probe(st)
        # The first candidate that can move is found one square at a time (the greyed-out
        # test stops there); the others are read off the opponent's whole move list.
        for sq in itertools.chain((first,), rest):
            if moves.has_move(probe, from_mask=chess.BB_SQUARES[sq]):
                yield t(sq)
                break
        else:
            return
        movers = {m.from_square for m in moves.gen_moves(probe)}
        for sq in rest:
            if sq in movers:
                yield t(sq)

    def resolve(self, st: State, tg: Targeting) -> None:
        st.add_restriction("taunt", frozenset(squares(tg)))


@register
class Silence(_Restriction):
    """#41 Add. The opponent cannot play cards during their next turn (not if they start it in
    check or with no legal normal move; the exception does not lift it)."""

    id = "silence"
    kind = "silence"


@register
class Quicksand(_Restriction):
    """#42 Repl. During the opponent's next turn each of their bishops, rooks and queens may
    travel at most 2 squares (normal moves and card-moves)."""

    id = "sables_mouvants"
    no_target = "no_enemy_line_piece"
    kind = "quicksand"

    def targetings(self, st: State) -> Iterator[Targeting]:
        if next(st.pieces(not st.us, (chess.BISHOP, chess.ROOK, chess.QUEEN)), None) is not None:
            yield t()


@register
class Exhaustion(Card):
    """#43 Add. The enemy non-king piece that made the opponent's most recent normal move or
    card-move, if still on the board, cannot move during the opponent's next turn."""

    local = True
    footprint = no_footprint
    keeps_moves = True

    id = "epuisement"

    def targetings(self, st: State) -> Iterator[Targeting]:
        rec = st.last_turn[seat_of(not st.us)]
        if rec is None:
            return
        sq = rec.get("to")
        if sq is not None and st.targetable(sq):
            yield t(sq)

    def why_not(self, st: State) -> str | None:
        rec = st.last_turn[seat_of(not st.us)]
        if rec is None or rec.get("to") is None:
            return "last_moved_nothing"
        return "last_mover_untargetable"

    def resolve(self, st: State, tg: Targeting) -> None:
        st.add_restriction("exhaustion", frozenset(squares(tg)))
