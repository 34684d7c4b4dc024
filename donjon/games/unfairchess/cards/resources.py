"""Group 7 — Ressources & tempo (#52–#58): the hand, the deck, tempo and clean-up."""

from __future__ import annotations

from collections.abc import Iterator

import chess

from donjon.games.unfairchess import moves
from donjon.games.unfairchess.cards.base import (
    Card,
    Targeting,
    no_footprint,
    promo_type,
    rank_of,
    register,
    squares,
    t,
)
from donjon.games.unfairchess.state import Restriction, State, seat_of


class _FromDeck(Card):
    """A card that works on the actor's own deck: greyed while that deck is empty."""

    no_target = "deck_empty"
    piles = True
    footprint = no_footprint
    keeps_moves = True  # only the piles change

    def targetings(self, st: State) -> Iterator[Targeting]:
        if st.decks[st.seat]:
            yield t()


@register
class Redeal(_FromDeck):
    """#52 Add. Put this card and the rest of your hand face-up on the discard pile, then draw 4
    (what is left if your deck holds fewer). Greyed if your deck is empty."""

    local = True

    id = "nouvelle_donne"

    def resolve(self, st: State, tg: Targeting) -> None:
        seat = st.seat
        # The referee already discarded this card; the rest of the hand follows it, face-up.
        for c in st.hands[seat]:
            st.discard.append({"seat": seat, "card": c})
        st.hands[seat] = []
        st.known_by_opp[seat] = []
        st.skip_draw = True
        st.draw_cards(seat, 4)


@register
class Reinforcements(Card):
    """#53 Repl. Put one of your removed pawns back on an empty square of your 2nd or 3rd rank.
    Greyed while no pawn of yours is in your removed pile."""

    local = True

    id = "renfort"

    def targetings(self, st: State) -> Iterator[Targeting]:
        if st.removed[st.seat].get("p", 0) < 1:
            return
        for sq in chess.SQUARES:
            if rank_of(st.us, sq) in (2, 3) and st.is_empty(sq):
                yield t(sq)

    def why_not(self, st: State) -> str | None:
        # (With a removed pawn, only a full 2nd and 3rd rank leaves no square.)
        return "no_removed_pawn" if st.removed[st.seat].get("p", 0) < 1 else "no_target"

    def resolve(self, st: State, tg: Targeting) -> None:
        sq = squares(tg)[0]
        pile = st.removed[st.seat]
        pile["p"] -= 1
        if pile["p"] <= 0:
            del pile["p"]
        st.place(sq, chess.PAWN, st.us)


@register
class TimeWarp(Card):
    """#54 Add. The card is one extra normal move (legal, no capture, no check; castling and quiet
    promotion allowed), then you make your regular normal move."""

    id = "double_tour"
    fields = ("promotion",)

    def _extra_moves(self, st: State) -> Iterator[chess.Move]:
        b = st.board
        them = not st.us
        for move in moves.gen_moves(st, plain=st.suspended):
            if b.is_capture(move):
                continue
            probe = st.copy()
            self._play(probe, move)
            if probe.king_attacked(them):
                continue
            yield move

    def targetings(self, st: State) -> Iterator[Targeting]:
        for move in self._extra_moves(st):
            tg = t(move.from_square, move.to_square)
            if move.promotion:
                tg["promotion"] = chess.piece_symbol(move.promotion)
            yield tg

    @staticmethod
    def _play(st: State, move: chess.Move) -> None:
        """The extra move: one ply of the same turn (no clock, no en-passant right)."""
        b = st.board
        halfmove, fullmove = b.halfmove_clock, b.fullmove_number
        taunt = st.restriction("taunt")
        moves.do_move(st, move)
        b.ep_square = None
        b.halfmove_clock, b.fullmove_number = halfmove, fullmove
        if taunt is not None and move.from_square in taunt.squares:
            # Taunt follows the piece: the regular move must still be made with it.
            st.restrictions = tuple(
                Restriction(r.kind, r.turn, r.victim, frozenset({move.to_square})) if r is taunt else r
                for r in st.restrictions
            )

    def resolve(self, st: State, tg: Targeting) -> None:
        frm, to = squares(tg)
        self._play(st, chess.Move(frm, to, promo_type(tg)))


@register
class Foresight(_FromDeck):
    """#55 Add. Look at the top 3 cards of your deck (all if fewer) and put them back in any order.

    Two steps, so that nobody sees a card before the card is played: the play itself takes no
    field (the replacement card is drawn first, as for every card); then the seat sees its next
    three cards and sends ``{"type": "order", "order": [...]}`` (top first) before its move.
    Greyed if your deck is empty.
    """

    local = True

    id = "prescience"

    def resolve(self, st: State, tg: Targeting) -> None:
        seat = st.seat
        st.skip_draw = True
        st.draw_cards(seat, 1)
        n = min(3, len(st.decks[seat]))
        st.ordering = n
        st.known_top[seat] = max(st.known_top[seat], n)


@register
class Rewind(Card):
    """#56 Repl. If the opponent's last turn ended with a plain quiet normal move, move that piece
    back to its (empty) origin square."""

    local = True

    id = "rembobinage"

    def targetings(self, st: State) -> Iterator[Targeting]:
        them = not st.us
        rec = st.last_turn[seat_of(them)]
        if rec is None or rec.get("kind") != "move" or not rec.get("quiet"):
            return
        frm, to = rec["from"], rec["to"]
        p = st.board.piece_at(to)
        if p is None or p.color != them or not st.targetable(to):
            return
        if st.asleep(to) and not st.suspended:
            return
        if not st.is_empty(frm):
            return
        yield t(to, frm)

    def why_not(self, st: State) -> str | None:
        rec = st.last_turn[seat_of(not st.us)]
        if rec is None or rec.get("kind") != "move":
            return "last_not_normal_move"
        if not rec.get("quiet"):
            return "last_move_not_quiet"
        p = st.board.piece_at(rec["to"])
        if p is None or p.color == st.us or not st.targetable(rec["to"]) or (st.asleep(rec["to"]) and not st.suspended):
            return "last_mover_untargetable"
        return "origin_occupied"

    def resolve(self, st: State, tg: Targeting) -> None:
        to, frm = squares(tg)
        st.move_piece(to, frm)


@register
class Pickpocket(Card):
    """#57 Add. Instead of drawing, take one random card from the opponent's hand; they draw one
    from their own deck (nothing if it is empty). Greyed if the opponent's hand is empty."""

    local = True

    id = "larcin"
    no_target = "opponent_hand_empty"
    piles = True
    footprint = no_footprint
    keeps_moves = True  # only the hands and the opponent's deck change

    def targetings(self, st: State) -> Iterator[Targeting]:
        if st.hands[1 - st.seat]:
            yield t()

    def resolve(self, st: State, tg: Targeting) -> None:
        seat, opp = st.seat, 1 - st.seat
        st.skip_draw = True
        hand = st.hands[opp]
        card = hand.pop(st.rng_draw() % len(hand))
        if card in st.known_by_opp[opp]:
            st.known_by_opp[opp].remove(card)
        st.hands[seat].append(card)
        st.known_by_opp[seat].append(card)
        st.draw_cards(opp, 1)
        st.event("steal", by=seat, card=card)


@register
class Dispel(Card):
    """#58 Repl. Remove every status, wall, trap and pending timed restriction from both sides.
    Playable only if at least one of these exists."""

    id = "dissipation"
    no_target = "nothing_to_dispel"

    def targetings(self, st: State) -> Iterator[Targeting]:
        if (st.walls or st.traps or st.restrictions
                or any(s - {"converted"} for s in st.statuses.values())):
            yield t()

    def resolve(self, st: State, tg: Targeting) -> None:
        kept = {sq: s & {"converted"} for sq, s in st.statuses.items()}
        st.statuses = {sq: s for sq, s in kept.items() if s}
        st.shield_until = {}
        st.walls = {}
        st.traps = {}
        st.restrictions = ()
        st.frozen = frozenset()
        st.event("dispel")
