"""The UnfairChess state: a python-chess board plus the public overlay and the cards.

Everything on the board that python-chess does not know lives beside it:

* ``statuses`` — per square, the statuses of the piece standing there (``poison``,
  ``sleep``, ``shield``, ``dynamite``; and the internal marker ``converted`` for a pawn
  that changed sides). They travel with the piece.
* ``walls`` (square → last turn number it stands) and ``traps`` (square → owner colour).
* ``restrictions`` — timed effects on the opponent's next turn (:class:`Restriction`).
* ``hands``, ``decks`` (top first), ``discard`` and ``removed`` (per seat, piece letter →
  count), indexed by seat (0 = White, 1 = Black).

The primitives here (:meth:`State.move_piece`, :meth:`State.destroy`, :meth:`State.explode`,
...) are what card effects are written with; they keep statuses, castling rights, the
removed piles and the trap arrivals right. A state is copied before any change: the public
functions of :mod:`donjon.games.unfairchess.rules` never mutate the state they are given.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import chess

STATUSES = ("poison", "sleep", "shield", "dynamite")
"""The four public statuses of group 1, in display order."""

WHITE, BLACK = chess.WHITE, chess.BLACK


def seat_of(color: chess.Color) -> int:
    """Seat 0 plays White, seat 1 plays Black."""
    return 0 if color else 1


def color_of(seat: int) -> chess.Color:
    return seat == 0


def sq_name(sq: int) -> str:
    return chess.SQUARE_NAMES[sq]


def blast(sq: int) -> int:
    """The squares an explosion on ``sq`` reaches (:meth:`State.explode`), as a mask: it and
    its 8 neighbours, clipped at the board edge."""
    return chess.BB_KING_ATTACKS[sq] | chess.BB_SQUARES[sq]


_BOARD_FIELDS = ("occupied_co", "pawns", "knights", "bishops", "rooks", "queens", "kings", "promoted", "occupied",
                 "chess960", "ep_square", "move_stack", "_stack", "turn", "castling_rights", "halfmove_clock",
                 "fullmove_number")
"""The attributes of a plain :class:`chess.Board`, in the order its ``__init__`` sets them."""

_FAST_COPY = tuple(vars(chess.Board())) == _BOARD_FIELDS
"""True when this python-chess version's boards hold exactly :data:`_BOARD_FIELDS` (checked
once, on a throwaway board); otherwise :func:`copy_board` takes python-chess's own path."""

_new_board = chess.Board.__new__


def copy_board(board: chess.Board) -> chess.Board:
    """``board.copy(stack=False)``, about 3 times faster.

    python-chess's copy builds an empty board (``Board(None)``: clear, clear the stack) and
    then overwrites every field. A plain :class:`chess.Board` holds only ints, bools, the
    list ``occupied_co`` and the two stack lists, so copying its attributes and giving it
    fresh lists is the same board with no move stack (``tests/unfairchess/test_fast_paths.py``
    compares the two). Subclasses take python-chess's own path.

    The attributes are read and set one by one, in the order of ``Board.__init__``, never
    through ``__dict__``: on CPython 3.11+ touching an object's ``__dict__`` turns its
    compact inline attribute storage into a real dict, and every later attribute access
    of python-chess on *both* boards (move generation included) was then about 20 %
    slower. Set in ``__init__``'s order, the copy keeps the fast layout.
    """
    if not _FAST_COPY or type(board) is not chess.Board:
        return board.copy(stack=False)
    new = _new_board(chess.Board)
    occupied_co = board.occupied_co
    new.occupied_co = [occupied_co[0], occupied_co[1]]
    new.pawns = board.pawns
    new.knights = board.knights
    new.bishops = board.bishops
    new.rooks = board.rooks
    new.queens = board.queens
    new.kings = board.kings
    new.promoted = board.promoted
    new.occupied = board.occupied
    new.chess960 = board.chess960
    new.ep_square = board.ep_square
    new.move_stack = []
    new._stack = []
    new.turn = board.turn
    new.castling_rights = board.castling_rights
    new.halfmove_clock = board.halfmove_clock
    new.fullmove_number = board.fullmove_number
    return new


_UCI = tuple(a + b for a in chess.SQUARE_NAMES for b in chess.SQUARE_NAMES)
"""``_UCI[from * 64 + to]``: the UCI text of a move without promotion."""


def move_uci(move: chess.Move) -> str:
    """``move.uci()``, read from a table for a plain move (no promotion, drop or null move)."""
    if move.promotion or move.drop or move.from_square == move.to_square:
        return move.uci()
    return _UCI[move.from_square * 64 + move.to_square]


_RANKS: dict[tuple[int, ...], str] = {}
"""The FEN of each rank seen: key ``(white, pawns, knights, bishops, rooks, queens, kings)``,
the rank's byte of each mask (:func:`board_fen`); at most :data:`_RANKS_KEPT` entries."""

_RANKS_KEPT = 16384
"""How many rank FENs :data:`_RANKS` keeps before it starts again (~4 MB): a game's ranks
repeat from one position to the next (the 4,800 positions of 60 random games have 5,600
distinct ranks)."""

_LETTERS = tuple(chess.piece_symbol(t).upper() for t in chess.PIECE_TYPES)


def _rank_fen(key: tuple[int, ...]) -> str:
    """The FEN of one rank from its key (see :data:`_RANKS`), kept in :data:`_RANKS`."""
    white, *types = key
    parts: list[str] = []
    empty = 0
    for file in range(8):
        bit = 1 << file
        letter = next((_LETTERS[i] for i, mask in enumerate(types) if mask & bit), None)
        if letter is None:
            empty += 1
            continue
        if empty:
            parts.append(str(empty))
            empty = 0
        parts.append(letter if white & bit else letter.lower())
    if empty:
        parts.append(str(empty))
    if len(_RANKS) >= _RANKS_KEPT:
        _RANKS.clear()
    out = _RANKS[key] = "".join(parts)
    return out


def board_fen(board: chess.BaseBoard) -> str:
    """``board.board_fen()`` (no promoted marks), built from the bitboards: about 10 times faster.

    python-chess asks ``piece_at`` for each of the 64 squares; here each rank is looked up
    by its byte of the white mask and of the six piece masks (``int.to_bytes`` cuts all
    eight ranks at once), and only a rank never seen before is spelt out
    (``tests/unfairchess/test_fast_paths.py`` compares the two)::

        >>> board_fen(chess.Board()) == chess.STARTING_BOARD_FEN
        True
    """
    get = _RANKS.get
    ranks = [get(key) or _rank_fen(key) for key in zip(
        board.occupied_co[chess.WHITE].to_bytes(8, "little"), board.pawns.to_bytes(8, "little"),
        board.knights.to_bytes(8, "little"), board.bishops.to_bytes(8, "little"), board.rooks.to_bytes(8, "little"),
        board.queens.to_bytes(8, "little"), board.kings.to_bytes(8, "little"), strict=True)]
    ranks.reverse()
    return "/".join(ranks)


def fen(board: chess.Board) -> str:
    """``board.fen()`` (its defaults: X-FEN castling, en-passant square only when legal),
    with the fast :func:`board_fen`. Subclasses of :class:`chess.Board` take python-chess's path."""
    if type(board) is not chess.Board:
        return board.fen()
    ep = board.ep_square if board.has_legal_en_passant() else None
    return " ".join([
        board_fen(board),
        "w" if board.turn == chess.WHITE else "b",
        castling_xfen(board),
        chess.SQUARE_NAMES[ep] if ep is not None else "-",
        str(board.halfmove_clock),
        str(board.fullmove_number),
    ])


_CORNER_LETTERS = ((chess.BB_H1, "K"), (chess.BB_A1, "Q"), (chess.BB_H8, "k"), (chess.BB_A8, "q"))
_KING_HOMES = ((chess.BB_RANK_1, chess.BB_E1, chess.WHITE), (chess.BB_RANK_8, chess.BB_E8, chess.BLACK))


def castling_xfen(board: chess.Board) -> str:
    """``board.castling_xfen()``, about three times faster for a standard board whose castling
    rooks stand in the corners and whose king, for a side that may castle, is the one on e1
    or e8 (python-chess reads a side's letters from its king's file: a second king of that
    colour elsewhere would change them): there each right is its letter (``KQkq``). Other
    boards take python-chess's path."""
    rights = board.clean_castling_rights()
    if board.chess960 or rights & ~chess.BB_CORNERS or any(
            rights & rank and board.kings & board.occupied_co[colour] & ~board.promoted != home
            for rank, home, colour in _KING_HOMES):
        return board.castling_xfen()
    return "".join([letter for square, letter in _CORNER_LETTERS if rights & square]) or "-"


def _fen_key(board: chess.Board) -> tuple[Any, ...]:
    """Every field of a :class:`chess.Board` that its FEN depends on: equal keys, equal FENs."""
    return (board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.pawns, board.knights,
            board.bishops, board.rooks, board.queens, board.kings, board.turn, board.castling_rights,
            board.ep_square, board.halfmove_clock, board.fullmove_number)


@dataclass(frozen=True)
class Restriction:
    """A timed restriction on the ``victim``'s turn number ``turn``.

    ``kind`` is one of ``blizzard`` (``squares`` is the 3×3 area), ``curfew``, ``truce``,
    ``quicksand``, ``silence``, ``taunt`` / ``exhaustion`` / ``lock`` (``squares`` holds
    the one piece's square).
    """

    kind: str
    turn: int
    victim: chess.Color
    squares: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "turn": self.turn,
            "seat": seat_of(self.victim),
            "squares": sorted(sq_name(s) for s in self.squares),
        }


MOVE_RESTRICTIONS = frozenset({"blizzard", "curfew", "truce", "quicksand", "taunt", "exhaustion", "lock"})


class State:
    """One UnfairChess position with its cards; see the module docstring."""

    __slots__ = (
        "board",
        "statuses",
        "shield_until",
        "walls",
        "traps",
        "restrictions",
        "hands",
        "decks",
        "discard",
        "removed",
        "known_top",
        "known_by_opp",
        "turn_no",
        "card_played",
        "must_move",
        "suspended",
        "silenced",
        "frozen",
        "last_turn",
        "seed",
        "rng_counter",
        "result",
        "can_save",
        "moves",
        "events",
        "arrivals",
        "zeroing",
        "skip_draw",
        "removed_now",
        "plies",
        "mover",
        "ordering",
        "_fen_cache",
    )

    board: chess.Board
    statuses: dict[int, frozenset[str]]
    shield_until: dict[int, int]
    walls: dict[int, int]
    traps: dict[int, chess.Color]
    restrictions: tuple[Restriction, ...]
    hands: list[list[str]]
    decks: list[list[str]]
    discard: list[dict[str, Any]]
    removed: list[dict[str, int]]
    known_top: list[int]
    known_by_opp: list[list[str]]
    turn_no: int
    card_played: bool
    must_move: bool
    suspended: bool
    silenced: bool
    frozen: frozenset[int]
    last_turn: list[dict[str, Any] | None]
    seed: int
    rng_counter: int
    result: Any
    can_save: bool
    moves: list[chess.Move] | None
    events: list[dict[str, Any]]
    arrivals: list[int]
    zeroing: bool
    skip_draw: bool
    removed_now: list[int]
    plies: int
    mover: int | None
    ordering: int
    """Foresight: how many top cards of the acting seat's deck await their new order (0: none)."""
    _fen_cache: tuple[tuple[Any, ...], str] | None
    """(:func:`_fen_key` of the board, its FEN) from the last :meth:`fen` call; None (or unset) before."""

    def copy(self) -> State:
        """An independent copy (the board without its move stack)."""
        new = self._copy_except_piles()
        # Per-seat pairs copied by hand: two slices beat list(map(list, ...)) on this hot path.
        hands, decks, known_by_opp = self.hands, self.decks, self.known_by_opp
        new.hands = [hands[0][:], hands[1][:]]
        new.decks = [decks[0][:], decks[1][:]]
        new.discard = self.discard[:]
        new.known_top = self.known_top[:]
        new.known_by_opp = [known_by_opp[0][:], known_by_opp[1][:]]
        new.last_turn = list(self.last_turn)
        return new

    def probe_copy(self) -> State:
        """A throw-away copy for a card probe that leaves the card piles alone.

        :func:`donjon.games.unfairchess.rules._resolve_card` with ``probe=True`` only asks
        whether a play is legal and drops the copy. For a card whose effect neither reads nor
        changes the piles (``Card.piles`` false: every card but Redeal, Foresight and
        Pickpocket), the probe skips the hand/discard bookkeeping, and none of the checks
        after the effect reads a pile; so the copy *shares* ``hands``, ``decks``,
        ``discard``, ``known_top``, ``known_by_opp`` and ``last_turn`` with this state
        (nothing on the probe path writes to them), and copies what a card effect or a
        check may change in place: the board, the four square tables and ``removed``
        (destructions and Reinforcements change the piles of removed pieces). The other
        fields are immutable values, replaced rather than changed, as in :meth:`copy`.
        ``tests/unfairchess/test_fast_paths.py`` probes every targeting of every card on
        game positions and checks that the original state is left exactly as it was.
        Never play on, or keep, a probe copy.
        """
        new = self._copy_except_piles()
        new.hands = self.hands
        new.decks = self.decks
        new.discard = self.discard
        new.known_top = self.known_top
        new.known_by_opp = self.known_by_opp
        new.last_turn = self.last_turn
        return new

    def _copy_except_piles(self) -> State:
        """:meth:`copy` and :meth:`probe_copy` but for the card piles and ``last_turn``,
        which the caller sets (copied, or shared)."""
        new = State.__new__(State)
        new.board = copy_board(self.board)
        new.statuses = dict(self.statuses)
        new.shield_until = dict(self.shield_until)
        new.walls = dict(self.walls)
        new.traps = dict(self.traps)
        new.restrictions = self.restrictions
        removed = self.removed
        new.removed = [removed[0].copy(), removed[1].copy()]
        new.turn_no = self.turn_no
        new.card_played = self.card_played
        new.must_move = self.must_move
        new.suspended = self.suspended
        new.silenced = self.silenced
        new.frozen = self.frozen
        new.seed = self.seed
        new.rng_counter = self.rng_counter
        new.result = self.result
        new.can_save = self.can_save
        new.moves = self.moves
        new.events = []
        new.arrivals = []
        new.zeroing = False
        new.skip_draw = False
        new.removed_now = [0, 0]
        new.plies = self.plies
        new.mover = None
        new.ordering = self.ordering
        new._fen_cache = None
        return new

    # ------------------------------------------------------------------ queries

    def fen(self) -> str:
        """``self.board.fen()``, worked out once per position (both seats' views ask for it).

        The FEN is cached with the :func:`_fen_key` of the board it was computed from and is
        recomputed whenever the key differs, so a board changed in place (or replaced) after
        the call is never shown stale.
        """
        b = self.board
        if type(b) is not chess.Board:  # a variant's FEN may depend on more than _fen_key
            return b.fen()
        key = _fen_key(b)
        cached = getattr(self, "_fen_cache", None)  # unset until the first call on a new_state
        if cached is not None and cached[0] == key:
            return cached[1]
        out = fen(b)
        self._fen_cache = (key, out)
        return out

    @property
    def us(self) -> chess.Color:
        """The colour whose turn it is."""
        return self.board.turn

    @property
    def seat(self) -> int:
        return seat_of(self.board.turn)

    def status(self, sq: int) -> frozenset[str]:
        return self.statuses.get(sq, frozenset())

    def has(self, sq: int, name: str) -> bool:
        st = self.statuses.get(sq)
        return st is not None and name in st

    def pieces(self, color: chess.Color, types: tuple[int, ...] = (1, 2, 3, 4, 5), ) -> Iterator[int]:
        """Squares of ``color``'s pieces of the given types (kings excluded by default)."""
        b = self.board
        mask = 0
        for t in types:
            mask |= b.pieces_mask(t, color)
        return chess.scan_forward(mask)

    def walls_mask(self) -> int:
        m = 0
        for sq in self.walls:
            m |= chess.BB_SQUARES[sq]
        return m

    def is_empty(self, sq: int) -> bool:
        """No piece, no wall and no trap (D7.4)."""
        return not self.board.occupied & chess.BB_SQUARES[sq] and sq not in self.walls and sq not in self.traps

    def attacked_by(self, color: chess.Color, sq: int) -> bool:
        """Attack with standard geometry, walls blocking lines (D5)."""
        b = self.board
        if self.walls:
            return bool(b.attackers_mask(color, sq, b.occupied | self.walls_mask()))
        return b.is_attacked_by(color, sq)

    def attackers(self, color: chess.Color, sq: int) -> int:
        b = self.board
        if self.walls:
            return b.attackers_mask(color, sq, b.occupied | self.walls_mask())
        return b.attackers_mask(color, sq)

    def king_attacked(self, color: chess.Color) -> bool:
        k = self.board.king(color)
        return k is not None and self.attacked_by(not color, k)

    def king_exposed(self, color: chess.Color) -> bool:
        """D6 at the end of the turn: is ``color``'s king attacked once the walls that expire at
        the end of this turn (``walls[sq] <= turn_no``) are gone? A wall cannot shelter a king
        into the next turn."""
        return bool(self.king_attackers(color))

    def king_attackers(self, color: chess.Color) -> int:
        """The squares of the pieces that attack ``color``'s king as :meth:`king_exposed`
        counts them (the walls that outlast the turn block lines), as a mask; 0 without a king."""
        b = self.board
        k = b.king(color)
        if k is None:
            return 0
        return b.attackers_mask(not color, k, self.lasting_occupied())

    def lasting_occupied(self) -> int:
        """The squares that block a line at the end of this turn, as a mask: the pieces and
        the walls that outlast the turn (``walls[sq] > turn_no``)."""
        occupied = self.board.occupied
        for sq, last in self.walls.items():
            if last > self.turn_no:
                occupied |= chess.BB_SQUARES[sq]
        return occupied

    def restriction(self, kind: str) -> Restriction | None:
        """The restriction of ``kind`` that binds the side to act this turn, if any."""
        for r in self.restrictions:
            if r.kind == kind and r.turn == self.turn_no and r.victim == self.board.turn:
                return r
        return None

    def shielded_against(self, sq: int, actor: chess.Color) -> bool:
        """True if the piece on ``sq`` is shielded against ``actor``'s actions (D7.2)."""
        if self.suspended and actor == self.board.turn:
            return False
        # (The card probes ask this often: masks rather than board.piece_at, here and below.)
        return bool(self.board.occupied_co[not actor] & chess.BB_SQUARES[sq]) and self.has(sq, "shield")

    def targetable(self, sq: int, actor: chess.Color | None = None) -> bool:
        """An enemy non-king piece that ``actor`` may target with a card (not shielded)."""
        b = self.board
        actor = b.turn if actor is None else actor
        mask = chess.BB_SQUARES[sq]
        return (bool(b.occupied_co[not actor] & mask) and not b.kings & mask
                and not self.shielded_against(sq, actor))

    def asleep(self, sq: int) -> bool:
        return self.has(sq, "sleep")

    def can_move(self, sq: int) -> bool:
        """May the piece on ``sq`` change square by any means this turn?

        Use it for every piece a card moves, swaps, pushes or teleports, of either side.
        Sleep holds for both sides; Blizzard, Banishment's lock, Exhaustion and Curfew bind
        only the side to act; all of them are lifted while the no-legal-move exception is
        in force. (Quicksand is :meth:`quicksand_ok`.)
        """
        if self.suspended:
            return True
        if self.asleep(sq):
            return False
        b = self.board
        mask = chess.BB_SQUARES[sq]
        if b.occupied_co[b.turn] & mask:
            if sq in self.frozen:
                return False
            if b.kings & mask and self.restriction("curfew") is not None:
                return False
        return True

    def quicksand_ok(self, sq: int, dest: int) -> bool:
        """Quicksand: the side's bishops, rooks and queens travel at most 2 squares."""
        if self.suspended or self.restriction("quicksand") is None:
            return True
        p = self.board.piece_at(sq)
        if p is None or p.piece_type not in (chess.BISHOP, chess.ROOK, chess.QUEEN):
            return True
        return chess.square_distance(sq, dest) <= 2

    def rng_draw(self) -> int:
        """A fresh pseudo-random 64-bit number from the state's seeded stream."""
        import hashlib

        self.rng_counter += 1
        h = hashlib.blake2b(f"{self.seed}:{self.rng_counter}".encode(), digest_size=8).digest()
        return int.from_bytes(h, "big")

    def event(self, kind: str, **data: Any) -> None:
        self.events.append({"type": kind, **data})

    # --------------------------------------------------------------- primitives

    def _lose_castling(self, sq: int, piece: chess.Piece) -> None:
        b = self.board
        if piece.piece_type == chess.ROOK:
            b.castling_rights &= ~chess.BB_SQUARES[sq]
        elif piece.piece_type == chess.KING:
            b.castling_rights &= ~(chess.BB_RANK_1 if piece.color else chess.BB_RANK_8)

    def move_piece(self, frm: int, to: int) -> None:
        """Relocate the piece on ``frm`` to the empty square ``to`` with its statuses.

        A king or rook moved by a card loses its castling rights (D8); the arrival is
        noted for traps (D9 step 3).
        """
        b = self.board
        piece = b.piece_at(frm)
        assert piece is not None and b.piece_at(to) is None, (frm, to)
        promoted = bool(b.promoted & chess.BB_SQUARES[frm])
        b._remove_piece_at(frm)
        b._set_piece_at(to, piece.piece_type, piece.color, promoted)
        self._lose_castling(frm, piece)
        st = self.statuses.pop(frm, None)
        if st is not None:
            self.statuses[to] = st
        sh = self.shield_until.pop(frm, None)
        if sh is not None:
            self.shield_until[to] = sh
        self.arrivals.append(to)
        if piece.piece_type == chess.PAWN:
            self.zeroing = True

    def swap(self, a: int, b_: int) -> None:
        """Exchange the pieces (and statuses) on two occupied squares."""
        b = self.board
        pa, pb = b.piece_at(a), b.piece_at(b_)
        assert pa is not None and pb is not None
        proma = bool(b.promoted & chess.BB_SQUARES[a])
        promb = bool(b.promoted & chess.BB_SQUARES[b_])
        b._remove_piece_at(a)
        b._remove_piece_at(b_)
        b._set_piece_at(b_, pa.piece_type, pa.color, proma)
        b._set_piece_at(a, pb.piece_type, pb.color, promb)
        self._lose_castling(a, pa)
        self._lose_castling(b_, pb)
        for table in (self.statuses, self.shield_until):
            va, vb = table.pop(a, None), table.pop(b_, None)
            if va is not None:
                table[b_] = va  # type: ignore[assignment]
            if vb is not None:
                table[a] = vb  # type: ignore[assignment]
        self.arrivals.extend((a, b_))
        if chess.PAWN in (pa.piece_type, pb.piece_type):
            self.zeroing = True

    def set_piece(self, sq: int, piece_type: int, color: chess.Color | None = None) -> None:
        """Transform (or convert, with ``color``) the piece on ``sq`` in place.

        A transformation keeps the statuses (group 6); a change of sides drops them.
        """
        b = self.board
        old = b.piece_at(sq)
        assert old is not None and old.piece_type != chess.KING
        new_color = old.color if color is None else color
        b._remove_piece_at(sq)
        b._set_piece_at(sq, piece_type, new_color)
        self._lose_castling(sq, old)
        if new_color != old.color:
            self.statuses[sq] = frozenset({"converted"})
            self.shield_until.pop(sq, None)
            self.removed_now[seat_of(old.color)] += 1
        self.zeroing = True

    def place(self, sq: int, piece_type: int, color: chess.Color) -> None:
        """Put a new piece on the empty square ``sq`` (Renfort)."""
        assert self.board.piece_at(sq) is None
        self.board._set_piece_at(sq, piece_type, color)
        self.arrivals.append(sq)
        self.zeroing = True

    def _remove(self, sq: int) -> chess.Piece:
        b = self.board
        piece = b.piece_at(sq)
        assert piece is not None and piece.piece_type != chess.KING
        st = self.statuses.pop(sq, frozenset())
        self.shield_until.pop(sq, None)
        b._remove_piece_at(sq)
        self._lose_castling(sq, piece)
        if not (piece.piece_type == chess.PAWN and "converted" in st):
            pile = self.removed[seat_of(piece.color)]
            letter = chess.piece_symbol(piece.piece_type)
            pile[letter] = pile.get(letter, 0) + 1
        self.removed_now[seat_of(piece.color)] += 1
        self.zeroing = True
        return piece

    def destroy(self, sq: int, actor: chess.Color, cause: str) -> bool:
        """Destroy the non-king piece on ``sq`` (D3: no poison or dynamite trigger).

        Kings survive; a piece shielded against ``actor`` survives. Returns True if a piece
        was removed.
        """
        piece = self.board.piece_at(sq)
        if piece is None or piece.piece_type == chess.KING or self.shielded_against(sq, actor):
            return False
        self._remove(sq)
        self.event("destroyed", square=sq_name(sq), piece=piece.symbol(), cause=cause)
        return True

    def explode(self, center: int, actor: chess.Color, cause: str = "dynamite") -> None:
        """Blast ``center`` and its 8 neighbours: every non-king piece there is destroyed."""
        self.event("explosion", square=sq_name(center), cause=cause)
        for sq in chess.scan_forward(blast(center)):
            self.destroy(sq, actor, cause)

    def capture_triggers(self, to: int, victim_status: frozenset[str], capturer_status: frozenset[str],
                         actor: chess.Color) -> None:
        """D9 step 2 after a capture landing on ``to``: poison first, then dynamite."""
        piece = self.board.piece_at(to)
        if "poison" in victim_status and piece is not None and piece.piece_type != chess.KING:
            self._remove(to)
            self.event("destroyed", square=sq_name(to), piece=piece.symbol(), cause="poison")
        if "dynamite" in victim_status or "dynamite" in capturer_status:
            self.explode(to, actor)

    def capture_move(self, frm: int, to: int, promotion: int | None = None) -> None:
        """A card-move that may capture: the piece on ``frm`` goes to ``to``, taking what is there."""
        b = self.board
        actor = b.turn
        victim = b.piece_at(to)
        victim_status: frozenset[str] = frozenset()
        if victim is not None:
            assert victim.color != actor and victim.piece_type != chess.KING
            victim_status = self.statuses.get(to, frozenset())
            self._remove(to)
            self.event("captured", square=sq_name(to), piece=victim.symbol())
        capturer_status = self.statuses.get(frm, frozenset())
        self.move_piece(frm, to)
        if promotion is not None:
            b._remove_piece_at(to)
            b._set_piece_at(to, promotion, actor, True)
        if victim is not None:
            self.capture_triggers(to, victim_status, capturer_status, actor)

    def resolve_traps(self, actor: chess.Color) -> None:
        """D9 step 3: an enemy non-king piece that arrived on a trap is destroyed."""
        if not self.traps:
            return
        for sq in self.arrivals:
            owner = self.traps.get(sq)
            if owner is None:
                continue
            p = self.board.piece_at(sq)
            if p is None or p.piece_type == chess.KING or p.color == owner:
                continue
            del self.traps[sq]
            self.event("trap", square=sq_name(sq))
            self.destroy(sq, actor, "trap")
        self.arrivals = []

    def wake_up(self) -> None:
        """D9 step 5: if either king is attacked, every sleeping piece wakes."""
        if not any("sleep" in s for s in self.statuses.values()):
            return
        if self.king_attacked(WHITE) or self.king_attacked(BLACK):
            for sq, s in list(self.statuses.items()):
                if "sleep" in s:
                    rest = s - {"sleep"}
                    if rest:
                        self.statuses[sq] = rest
                    else:
                        del self.statuses[sq]
            self.event("wake")

    def fix_ep(self) -> None:
        """Drop an en-passant right whose double-stepped pawn is no longer there."""
        b = self.board
        ep = b.ep_square
        if ep is None:
            return
        them = not b.turn
        pawn_sq = ep + 8 if them == WHITE else ep - 8
        # (masks for piece_at(ep) is not None, piece_at(pawn_sq) != Piece(PAWN, them))
        if b.occupied & chess.BB_SQUARES[ep] or not b.pawns & b.occupied_co[them] & chess.BB_SQUARES[pawn_sq]:
            b.ep_square = None

    def add_status(self, sq: int, name: str) -> None:
        self.statuses[sq] = self.statuses.get(sq, frozenset()) | {name}

    def drop_status(self, sq: int, name: str) -> None:
        s = self.statuses.get(sq)
        if s is not None and name in s:
            rest = s - {name}
            if rest:
                self.statuses[sq] = rest
            else:
                del self.statuses[sq]
        if name == "shield":
            self.shield_until.pop(sq, None)

    def draw_cards(self, seat: int, n: int) -> None:
        """Draw up to ``n`` cards from the top of ``seat``'s deck (no reshuffle, seed)."""
        deck = self.decks[seat]
        take = deck[:n]
        del deck[:n]
        self.hands[seat].extend(take)
        self.known_top[seat] = max(0, self.known_top[seat] - len(take))

    def restrictions_active(self) -> bool:
        """Is any restriction binding the side to act (for the fast move path)?"""
        if self.frozen or self.walls:
            return True
        for r in self.restrictions:
            if r.turn == self.turn_no and r.victim == self.board.turn and r.kind in MOVE_RESTRICTIONS:
                return True
        return False

    def add_restriction(self, kind: str, squares: frozenset[int] = frozenset()) -> None:
        """Create a timed restriction on the opponent's next turn (D4)."""
        self.restrictions = self.restrictions + (Restriction(kind, self.turn_no + 1, not self.board.turn, squares),)
