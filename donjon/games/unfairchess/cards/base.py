"""How a card is written: a class with ``targetings`` and ``resolve``.

A card effect lists every *structural* targeting (the card's own conditions: the right
pieces, empty squares, paths) and applies one targeting to a private copy of the state.
The referee in :mod:`donjon.games.unfairchess.rules` does the rest for every card alike:
hand and turn checks, Silence, the trap/wake-up/bookkeeping steps of D9, king safety (D6),
Truce, "an add-to-move card must leave a normal move", and drawing the replacement.

A targeting is a dict with ``squares`` (square names, in the order the player picks them)
and, for a few cards, ``promotion`` (``"q"``...), ``promotions`` (one per pawn) or
``order`` (card ids). Example, a whole card::

    @register
    class Poison(Card):
        id = "poison"

        def targetings(self, st):
            for sq in st.pieces(st.us):
                if not st.has(sq, "poison"):
                    yield t(sq)

        def resolve(self, st, tg):
            st.add_status(squares(tg)[0], "poison")
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import chess

from donjon.games.unfairchess.state import State, blast, sq_name

Targeting = dict[str, Any]

PROMOTIONS = ("q", "r", "b", "n")


class Card:
    """Base class of a card effect. Subclasses set ``id`` and implement the two methods."""

    id: str = ""
    fields: tuple[str, ...] = ()
    """Extra action fields this card takes besides ``squares``."""
    piles: bool = False
    """True if ``resolve`` reads or changes a card pile: ``hands``, ``decks``, ``discard``,
    ``known_top`` or ``known_by_opp`` (``draw_cards`` included). A card probe of a card
    without it works on :meth:`State.probe_copy`, which shares those lists with the real state."""
    no_target: str | None = None
    """The reason code :meth:`why_not` gives by default (None: the generic ``"no_target"``)."""
    local: bool = False
    """True if :meth:`footprint` holds for the card: ``resolve``, and the referee's steps after
    it (traps, en passant, waking), change pieces and walls only on the squares it names
    (a card that moves no piece changes none). When the king is attacked, such a targeting
    can end the attack only if its footprint holds the king's square, an attacker's or one
    between a sliding attacker and the king: the referee probes no other
    (:func:`donjon.games.unfairchess.rules.card_playable`); when it is not, such a targeting
    whose footprint misses the king's lines leaves it unattacked and the greyed-out test
    takes it as legal without a probe (``rules._quiet_mask``).
    ``tests/unfairchess/test_fast_paths.py`` plays every targeting of every such card on game
    positions and checks that nothing changed outside the footprint."""
    keeps_moves: bool = False
    """True for an add-to-move card after which the side to act has the very normal moves it
    had (``gen_moves``): it changes no piece, wall or trap, no status a normal move of the
    side to act reads, and no restriction of this turn. Then it leaves a normal move to
    follow it iff there is one now, and the greyed-out test does not probe it for that
    (``rules._quiet_mask``). ``tests/unfairchess/test_fast_paths.py`` compares the moves
    before and after every targeting of every such card on game positions."""

    def targetings(self, st: State) -> Iterator[Targeting]:
        """Every targeting that meets the card's own conditions in ``st`` (side to act)."""
        raise NotImplementedError

    def resolve(self, st: State, tg: Targeting) -> None:
        """Apply ``tg`` to ``st`` (a private copy); the actor is ``st.us``."""
        raise NotImplementedError

    def footprint(self, st: State, tg: Targeting) -> int:
        """For a :attr:`local` card, the squares (a mask) outside which playing ``tg`` in ``st``
        changes no piece and no wall; by default the targeting's own squares."""
        return square_mask(tg)

    def why_not(self, st: State) -> str | None:
        """Why ``targetings(st)`` is empty: a reason code of
        :data:`donjon.games.unfairchess.reasons.REASONS`, or None for the generic
        ``"no_target"``. Asked only for a card already found unplayable (greyed view); the
        default is the class's :attr:`no_target`."""
        return self.no_target


CARD_EFFECTS: dict[str, Card] = {}


def register(cls: type[Card]) -> type[Card]:
    """Class decorator: add one instance of the card to :data:`CARD_EFFECTS`."""
    CARD_EFFECTS[cls.id] = cls()
    return cls


def t(*sqs: int, **extra: Any) -> Targeting:
    """A targeting from square numbers: ``t(chess.E4)`` → ``{"squares": ["e4"]}``."""
    d: Targeting = {"squares": [sq_name(s) for s in sqs]}
    d.update(extra)
    return d


_SQUARE_OF = {name: sq for sq, name in enumerate(chess.SQUARE_NAMES)}


def squares(tg: Targeting) -> list[int]:
    """The targeting's squares as numbers (``chess.parse_square`` of each, by a dict lookup)."""
    try:
        return [_SQUARE_OF[s] for s in tg["squares"]]
    except (KeyError, TypeError):
        return [chess.parse_square(s) for s in tg["squares"]]  # raises the same error as before


def square_mask(tg: Targeting) -> int:
    """The targeting's squares as a mask."""
    return _mask(squares(tg))


def _mask(sqs: list[int]) -> int:
    mask = 0
    for sq in sqs:
        mask |= chess.BB_SQUARES[sq]
    return mask


def no_footprint(card: Card, st: State, tg: Targeting) -> int:
    """:meth:`Card.footprint` of a card that moves, removes and builds nothing: no square."""
    return 0


def move_footprint(st: State, tg: Targeting) -> int:
    """The footprint of a card-move that may capture (squares: the piece first, its destination
    last): the targeting's squares, and the blast around the destination when a capture there
    sets dynamite off (the victim's or the capturer's, :meth:`State.capture_triggers`)."""
    sqs = squares(tg)
    mask = _mask(sqs)
    frm, to = sqs[0], sqs[-1]
    if st.board.occupied & chess.BB_SQUARES[to] and (st.has(to, "dynamite") or st.has(frm, "dynamite")):
        mask |= blast(to)
    return mask


def forward(color: chess.Color) -> int:
    """+8 for White, -8 for Black: one rank forward for ``color``'s pawns."""
    return 8 if color else -8


def rank_of(color: chess.Color, sq: int) -> int:
    """The rank of ``sq`` counted from ``color``'s side, 1 to 8 (D1)."""
    r = chess.square_rank(sq)
    return r + 1 if color else 8 - r


def in_half(color: chess.Color, sq: int) -> bool:
    """Is ``sq`` in ``color``'s half (ranks 1–4 for White, 5–8 for Black)?"""
    return rank_of(color, sq) <= 4


def last_rank(sq: int) -> bool:
    return chess.square_rank(sq) in (0, 7)


def promotion_options(sq: int, piece_type: int) -> list[str | None]:
    """``[None]`` unless a pawn lands on a last rank: then the four promotion letters."""
    if piece_type == chess.PAWN and last_rank(sq):
        return list(PROMOTIONS)
    return [None]


def with_promotion(tg: Targeting, promo: str | None) -> Targeting:
    if promo is not None:
        tg["promotion"] = promo
    return tg


def promo_type(tg: Targeting) -> int | None:
    p = tg.get("promotion")
    return None if p is None else chess.PIECE_SYMBOLS.index(p)


def ray_squares(frm: int, df: int, dr: int) -> Iterator[int]:
    """Squares from ``frm`` (excluded) in direction (df, dr) up to the board edge."""
    f, r = chess.square_file(frm) + df, chess.square_rank(frm) + dr
    while 0 <= f < 8 and 0 <= r < 8:
        yield chess.square(f, r)
        f += df
        r += dr


ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def directions(piece_type: int) -> tuple[tuple[int, int], ...]:
    if piece_type == chess.ROOK:
        return ORTHOGONAL
    if piece_type == chess.BISHOP:
        return DIAGONAL
    return ORTHOGONAL + DIAGONAL


def knight_targets(sq: int) -> Iterator[int]:
    f, r = chess.square_file(sq), chess.square_rank(sq)
    for df, dr in KNIGHT_JUMPS:
        if 0 <= f + df < 8 and 0 <= r + dr < 8:
            yield chess.square(f + df, r + dr)
