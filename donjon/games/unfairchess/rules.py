"""The UnfairChess referee: normal moves, card plays, turns, the exception and the end.

Pure functions over :class:`~donjon.games.unfairchess.state.State`. The public ones
(:func:`new_state`, :func:`apply_move`, :func:`play_card`, :func:`card_actions`,
:func:`card_playable`) never mutate their argument. Section numbers (B.3-4, D6, D9 ...)
refer to ``shared/specs/unfairchess.md``; decisions are in ``docs/rules/unfairchess.md``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import chess

from donjon.games.protocol import IllegalAction, Outcome
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.cards.base import Targeting
from donjon.games.unfairchess.catalogue import CARDS, DECK
from donjon.games.unfairchess.state import STATUSES, State, color_of, copy_board, move_uci, seat_of, sq_name

HAND_SIZE = 4

# --------------------------------------------------------------------------- setup


def new_state(seed: int, options: dict[str, Any] | None = None) -> State:
    """The starting state: standard position (or ``options["fen"]``), decks shuffled from
    ``seed``, four cards each. ``options`` may fix ``hands`` and ``decks`` per seat
    (``{"0": [...], "1": [...]}``, decks top first), ``statuses``
    (``{"e4": ["poison"]}``) and ``traps`` (``{"d5": 0}``, square → owner seat)."""
    options = dict(options or {})
    known = {"fen", "hands", "decks", "statuses", "traps"}
    unknown = set(options) - known
    if unknown:
        raise IllegalAction(f"unknown option(s): {', '.join(sorted(unknown))}")
    st = State.__new__(State)
    try:
        st.board = chess.Board(options.get("fen", chess.STARTING_FEN))
    except ValueError as e:
        raise IllegalAction(f"bad FEN: {e}") from None
    for color in (chess.WHITE, chess.BLACK):
        if len(st.board.pieces(chess.KING, color)) != 1:
            raise IllegalAction("the position needs exactly one king per side")
    if st.board.pawns & (chess.BB_RANK_1 | chess.BB_RANK_8):
        raise IllegalAction("no pawn may stand on rank 1 or 8")
    st.statuses = {}
    st.shield_until = {}
    st.walls = {}
    st.traps = {}
    st.restrictions = ()
    hands_opt = _seat_lists(options.get("hands"), "hands")
    decks_opt = _seat_lists(options.get("decks"), "decks")
    st.hands, st.decks = [], []
    for seat in (0, 1):
        hand, deck = hands_opt.get(seat), decks_opt.get(seat)
        if deck is None:
            deck = _deck_without(hand or [])
            random.Random(f"{seed}:deck:{seat}").shuffle(deck)
        if hand is None:
            hand, deck = deck[:HAND_SIZE], deck[HAND_SIZE:]
        st.hands.append(list(hand))
        st.decks.append(list(deck))
    st.discard = []
    st.removed = [{}, {}]
    st.known_top = [0, 0]
    st.known_by_opp = [[], []]
    st.turn_no = 0
    st.card_played = False
    st.must_move = False
    st.suspended = False
    st.silenced = False
    st.frozen = frozenset()
    st.last_turn = [None, None]
    st.seed = int(seed)
    st.rng_counter = 0
    st.result = None
    st.can_save = False
    st.moves = None
    st.events = []
    st.arrivals = []
    st.zeroing = False
    st.skip_draw = False
    st.removed_now = [0, 0]
    st.plies = 0
    st.mover = None
    st.ordering = 0
    for name, sts in (options.get("statuses") or {}).items():
        sq = _square(name)
        bad = set(sts) - set(STATUSES)
        if bad or st.board.piece_at(sq) is None or st.board.piece_type_at(sq) == chess.KING:
            raise IllegalAction(f"bad statuses for {name}: {sts}")
        st.statuses[sq] = frozenset(sts)
        if "shield" in sts:
            st.shield_until[sq] = 0
    for name, owner in (options.get("traps") or {}).items():
        sq = _square(name)
        if st.board.piece_at(sq) is not None or owner not in (0, 1):
            raise IllegalAction(f"bad trap on {name}")
        st.traps[sq] = color_of(owner)
    begin_turn(st)
    return st


def _deck_without(hand: list[str]) -> list[str]:
    """The 144-card multiset less the cards of ``hand``, in catalogue order."""
    rest = Counter(DECK)
    rest.subtract(hand)
    return [c for c, n in rest.items() for _ in range(max(n, 0))]


def _seat_lists(value: Any, what: str) -> dict[int, list[str]]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise IllegalAction(f"{what} must be an object keyed by seat")
    out = {}
    for k, cards in value.items():
        if str(k) not in ("0", "1") or not isinstance(cards, list):
            raise IllegalAction(f"{what}: keys are seats 0 and 1, values lists of card ids")
        for c in cards:
            if c not in CARDS:
                raise IllegalAction(f"{what}: unknown card {c!r}")
        out[int(k)] = list(cards)
    if what == "hands" and any(len(h) > HAND_SIZE for h in out.values()):
        raise IllegalAction(f"a hand holds at most {HAND_SIZE} cards")
    return out


def _square(name: Any) -> int:
    try:
        return chess.parse_square(str(name).lower())
    except ValueError:
        raise IllegalAction(f"{name!r} is not a square name like 'e4'") from None


# ------------------------------------------------------------------ normal moves


def _rook_squares(move: chess.Move) -> tuple[int, int]:
    """(rook origin, rook destination) of a standard castling move."""
    rank = chess.square_rank(move.from_square)
    if move.to_square > move.from_square:
        return chess.square(7, rank), chess.square(5, rank)
    return chess.square(0, rank), chess.square(3, rank)


def _wall_blocks(st: State, move: chess.Move, castling: bool) -> bool:
    walls = st.walls_mask()
    if castling:
        rook_from, rook_to = _rook_squares(move)
        path = (chess.between(move.from_square, rook_from) | chess.BB_SQUARES[move.to_square]
                | chess.BB_SQUARES[rook_to])
        return bool(path & walls)
    return bool((chess.between(move.from_square, move.to_square) | chess.BB_SQUARES[move.to_square]) & walls)


def _needs_simulation(st: State, move: chess.Move, plain: bool) -> bool:
    """Could this move set off a trigger (poison, dynamite, trap) or meet a wall?"""
    if (st.walls and not plain) or move.to_square in st.traps:
        return True
    b = st.board
    if st.traps and b.is_castling(move):
        return True
    if st.statuses and b.is_capture(move):
        cap = move.to_square
        if b.is_en_passant(move):
            cap = move.to_square + (-8 if st.us else 8)
        if st.statuses.get(cap) or "dynamite" in st.statuses.get(move.from_square, ()):
            return True
    return False


def move_filter_reason(st: State, move: chess.Move, plain: bool = False) -> str | None:
    """Why a pseudo-legal move is ruled out by a status, restriction or wall (or None)."""
    b = st.board
    castling = b.is_castling(move)
    if st.walls and not plain and _wall_blocks(st, move, castling):
        return "a wall is in the way"
    if plain or st.suspended:
        return None
    frm = move.from_square
    piece = b.piece_at(frm)
    assert piece is not None
    name = chess.piece_name(piece.piece_type)
    if st.asleep(frm):
        return f"the {name} on {sq_name(frm)} is asleep"
    if frm in st.frozen:
        return f"the {name} on {sq_name(frm)} cannot move this turn"
    if castling:
        rook_from, _ = _rook_squares(move)
        if st.asleep(rook_from) or rook_from in st.frozen:
            return "that rook cannot move this turn"
    if piece.piece_type == chess.KING and st.restriction("curfew"):
        return "Curfew: your king cannot move this turn"
    if b.is_capture(move):
        if st.restriction("truce"):
            return "Truce: you cannot capture this turn"
        cap = move.to_square
        if b.is_en_passant(move):
            cap = move.to_square + (-8 if st.us else 8)
        if st.shielded_against(cap, st.us):
            return f"the piece on {sq_name(cap)} is shielded"
    if st.restriction("quicksand") and piece.piece_type in (chess.BISHOP, chess.ROOK, chess.QUEEN):
        if chess.square_distance(frm, move.to_square) > 2:
            return "Quicksand: that piece may travel at most 2 squares"
    if castling and st.restriction("quicksand"):
        rook_from, rook_to = _rook_squares(move)
        if chess.square_distance(rook_from, rook_to) > 2:
            return "Quicksand: that rook may travel at most 2 squares"
    taunt = st.restriction("taunt")
    if taunt is not None:
        (tsq,) = taunt.squares
        tp = b.piece_at(tsq)
        if tp is not None and tp.color == st.us and frm != tsq:
            return f"Taunt: your normal move must be made with the piece on {sq_name(tsq)}"
    return None


def gen_moves(st: State, plain: bool = False) -> list[chess.Move]:
    """The legal normal moves of the side to act (``plain``: with no restriction at all)."""
    b = st.board
    if not (st.statuses or st.traps or st.restrictions_active()):
        return list(b.generate_legal_moves())
    if plain or not st.walls:
        return _gen_moves_no_walls(st, plain)
    us = b.turn
    out = []
    candidates = list(b.generate_pseudo_legal_moves())
    if st.walls and not plain:
        # python-chess ignores walls, so it refuses castling across a square whose attack a
        # wall blocks (D5); ask it again with the walls standing in as blockers.
        probe_board = copy_board(b)
        for wsq in st.walls:
            probe_board._set_piece_at(wsq, chess.PAWN, us)
        candidates += [m for m in probe_board.generate_castling_moves() if m not in candidates]
    for move in candidates:
        if move_filter_reason(st, move, plain) is not None:
            continue
        if _needs_simulation(st, move, plain):
            probe = st.copy()
            if plain:
                probe.walls = {}
            _do_move(probe, move)
            if probe.king_exposed(us):
                continue
        elif b.is_into_check(move):
            continue
        out.append(move)
    return out


def _gen_moves_no_walls(st: State, plain: bool) -> list[chess.Move]:
    """:func:`gen_moves` when no wall is in play (or ``plain``): the same moves, faster.

    Without walls, python-chess's own legality is exact for every move that sets off no
    trigger, so its legal moves are taken as they are; only the moves that may set off a
    trigger (found with square masks, then checked by :func:`_needs_simulation`) are decided
    by simulation, and the restriction filter runs only if something can filter this turn.
    The set of moves is that of the general path; their order may differ.
    """
    b = st.board
    us = b.turn
    moves = list(b.generate_legal_moves())
    special_to, dynamite_from = _trigger_masks(st)
    if special_to or dynamite_from or st.traps:
        candidates = list(b.generate_pseudo_legal_moves(chess.BB_ALL, special_to)) if special_to else []
        if dynamite_from:
            targets = b.occupied_co[not us] | (chess.BB_SQUARES[b.ep_square] if b.ep_square is not None else 0)
            candidates += b.generate_pseudo_legal_moves(dynamite_from, targets)
        if st.traps:
            candidates += b.generate_castling_moves()
        simulated: set[chess.Move] = set()
        kept = []
        for move in candidates:
            if move in simulated or not _needs_simulation(st, move, plain):
                continue
            simulated.add(move)
            probe = st.copy()
            probe.walls = {}
            _do_move(probe, move)
            if not probe.king_exposed(us):
                kept.append(move)
        if simulated:
            moves = [m for m in moves if m not in simulated] + kept
    if not plain and not st.suspended and _may_filter(st):
        moves = [m for m in moves if move_filter_reason(st, m, plain) is None]
    return moves


def has_move(st: State, plain: bool = False, from_mask: int = chess.BB_ALL) -> bool:
    """``bool(gen_moves(st, plain))``, stopping at the first legal normal move; with
    ``from_mask``, whether a legal normal move starts on one of its squares.

    The same tests as :func:`gen_moves` on the same candidates (a move is kept iff
    :func:`gen_moves` would keep it; each move is decided on its own, so leaving out the
    moves from other squares changes nothing for the rest); only the order differs: cheap
    moves first, the moves that need a simulation last, and the search ends at the first
    one kept. Card probes (an add-to-move card must leave a normal move) need only this answer.
    """
    b = st.board
    if not (st.statuses or st.traps or st.restrictions_active()):
        return any(True for _ in b.generate_legal_moves(from_mask))
    if plain or not st.walls:
        return _has_move_no_walls(st, plain, from_mask)
    us = b.turn
    # Walls stand (and not plain): gen_moves simulates every move that passes the filter.
    # A move that sets off no trigger and that python-chess finds safe *without* the walls
    # is safe with them too (a wall only blocks attack lines), so it is kept at once; the
    # others (castling included) are simulated as gen_moves does, after the cheap ones.
    later = []
    pseudo = []
    for move in b.generate_pseudo_legal_moves(from_mask):
        pseudo.append(move)
        if move_filter_reason(st, move, plain) is not None:
            continue
        if not b.is_castling(move) and not _needs_simulation(st, move, True) and not b.is_into_check(move):
            return True
        later.append(move)
    probe_board = copy_board(b)
    for wsq in st.walls:
        probe_board._set_piece_at(wsq, chess.PAWN, us)
    for move in probe_board.generate_castling_moves(from_mask):
        if move not in pseudo and move_filter_reason(st, move, plain) is None:
            later.append(move)
    for move in later:
        probe = st.copy()
        _do_move(probe, move)
        if not probe.king_exposed(us):
            return True
    return False


def _has_move_no_walls(st: State, plain: bool, from_mask: int) -> bool:
    """:func:`has_move` on the path of :func:`_gen_moves_no_walls` (no wall, or ``plain``)."""
    b = st.board
    us = b.turn
    special_to, dynamite_from = _trigger_masks(st)
    dynamite_from &= from_mask
    simulate: list[chess.Move] = []
    if special_to or dynamite_from or st.traps:
        candidates = list(b.generate_pseudo_legal_moves(from_mask, special_to)) if special_to else []
        if dynamite_from:
            targets = b.occupied_co[not us] | (chess.BB_SQUARES[b.ep_square] if b.ep_square is not None else 0)
            candidates += b.generate_pseudo_legal_moves(dynamite_from, targets)
        if st.traps:
            candidates += b.generate_castling_moves(from_mask)
        simulate = list(dict.fromkeys(m for m in candidates if _needs_simulation(st, m, plain)))
    filtering = not plain and not st.suspended and _may_filter(st)
    skip = set(simulate)
    for move in b.generate_legal_moves(from_mask):
        if move in skip:
            continue
        if filtering and move_filter_reason(st, move, plain) is not None:
            continue
        return True
    for move in simulate:
        if filtering and move_filter_reason(st, move, plain) is not None:
            continue
        probe = st.copy()
        probe.walls = {}
        _do_move(probe, move)
        if not probe.king_exposed(us):
            return True
    return False


def _trigger_masks(st: State) -> tuple[int, int]:
    """(destinations, origins) of the normal moves that may set off a trigger.

    Destinations: traps, enemy pieces carrying a status, and the en-passant square when the
    pawn it would take carries one. Origins: the side's own pieces carrying dynamite.
    """
    b = st.board
    us = b.turn
    dest = 0
    for sq in st.traps:
        dest |= chess.BB_SQUARES[sq]
    origins = 0
    for sq, sts in st.statuses.items():
        if not sts:
            continue
        color = b.color_at(sq)
        if color == (not us):
            dest |= chess.BB_SQUARES[sq]
        elif color == us and "dynamite" in sts:
            origins |= chess.BB_SQUARES[sq]
    ep = b.ep_square
    if ep is not None and st.statuses.get(ep + (-8 if us else 8)):
        dest |= chess.BB_SQUARES[ep]
    return dest, origins


def _may_filter(st: State) -> bool:
    """Can :func:`move_filter_reason` rule out a move this turn (no wall in play)?

    Only a restriction binding the side to act, a frozen piece, one of its own pieces asleep
    or an enemy piece shielded can.
    """
    if st.frozen:
        return True
    b = st.board
    us = b.turn
    for r in st.restrictions:
        if r.turn == st.turn_no and r.victim == us:
            return True
    for sq, sts in st.statuses.items():
        if "sleep" in sts and b.color_at(sq) == us:
            return True
        if "shield" in sts and b.color_at(sq) == (not us):
            return True
    return False


def _do_move(st: State, move: chess.Move) -> None:
    """Play a normal move on ``st`` with D9 steps 2–3 and 5 (no turn bookkeeping)."""
    b = st.board
    us = b.turn
    frm, to = move.from_square, move.to_square
    castling = b.is_castling(move)
    cap_sq = None
    if b.is_en_passant(move):
        cap_sq = to + (-8 if us else 8)
    elif not castling and b.piece_at(to) is not None:
        cap_sq = to
    victim = b.piece_at(cap_sq) if cap_sq is not None else None
    victim_status = st.statuses.pop(cap_sq, frozenset()) if cap_sq is not None else frozenset()
    if cap_sq is not None:
        st.shield_until.pop(cap_sq, None)
    mover_status = st.statuses.pop(frm, None)
    mover_shield = st.shield_until.pop(frm, None)
    rook_move = None
    if castling:
        rook_move = _rook_squares(move)
        rook_status = st.statuses.pop(rook_move[0], None)
        rook_shield = st.shield_until.pop(rook_move[0], None)
    if victim is not None:
        # Count the captured piece in its owner's removed pile before python-chess takes it.
        if not (victim.piece_type == chess.PAWN and "converted" in victim_status):
            pile = st.removed[seat_of(victim.color)]
            letter = chess.piece_symbol(victim.piece_type)
            pile[letter] = pile.get(letter, 0) + 1
        st.removed_now[seat_of(victim.color)] += 1
        st.event("captured", square=sq_name(cap_sq), piece=victim.symbol())  # type: ignore[arg-type]
    b.push(move)
    b.turn = us  # the referee flips the turn itself at the end of the turn
    if mover_status is not None:
        st.statuses[to] = mover_status
    if mover_shield is not None:
        st.shield_until[to] = mover_shield
    if rook_move is not None:
        if rook_status is not None:
            st.statuses[rook_move[1]] = rook_status
        if rook_shield is not None:
            st.shield_until[rook_move[1]] = rook_shield
        st.arrivals.append(rook_move[1])
    st.arrivals.append(to)
    if victim is not None:
        st.zeroing = True
        st.capture_triggers(to, victim_status, mover_status or frozenset(), us)
    if b.piece_type_at(to) == chess.PAWN or move.promotion:
        st.zeroing = True
    st.resolve_traps(us)
    st.wake_up()


# ----------------------------------------------------------------------- turns


def begin_turn(st: State) -> None:
    """Start turn ``st.turn_no``: expire effects, apply B.3-4, referee the end (B.3-6)."""
    t = st.turn_no
    us = st.board.turn
    st.walls = {sq: e for sq, e in st.walls.items() if e >= t}
    for sq, e in list(st.shield_until.items()):
        if e < t:
            st.drop_status(sq, "shield")
    st.restrictions = tuple(r for r in st.restrictions if r.turn >= t)
    st.card_played = False
    st.must_move = False
    st.suspended = False
    st.can_save = False
    frozen: set[int] = set()
    for r in st.restrictions:
        if r.turn != t or r.victim != us:
            continue
        if r.kind in ("blizzard", "lock", "exhaustion"):
            for sq in r.squares:
                p = st.board.piece_at(sq)
                if p is not None and p.color == us:
                    frozen.add(sq)
    st.frozen = frozenset(frozen)
    moves = gen_moves(st)
    if not moves:
        plain = gen_moves(st, plain=True)
        if plain:
            st.suspended = True
            st.walls = {}
            st.frozen = frozenset()
            moves = plain
            st.event("exception")
    st.moves = moves
    silence = st.restriction("silence")
    st.silenced = silence is not None and not st.king_attacked(us) and bool(moves)
    if not moves:
        if any(card_playable(st, c) for c in set(st.hands[seat_of(us)])):
            st.can_save = True
        elif st.king_attacked(us):
            st.result = Outcome((seat_of(not us),), (seat_of(us),), False, "checkmate",
                                (1.0, 0.0) if not us else (0.0, 1.0))
        else:
            st.result = Outcome((), (), True, "stalemate", (0.5, 0.5))


def _end_turn(st: State, record: dict[str, Any]) -> None:
    """Close the turn of the side to act and begin the opponent's."""
    b = st.board
    us = b.turn
    if record["kind"] == "card":
        b.ep_square = None
        b.halfmove_clock = 0 if st.zeroing else b.halfmove_clock + 1
    else:
        # python-chess already counted the move; a card earlier in the turn may zero it.
        if st.zeroing:
            b.halfmove_clock = 0
    if us == chess.BLACK and record["kind"] == "card":
        b.fullmove_number += 1
    b.turn = not us
    if record["kind"] == "move" and b.ep_square is not None:
        st.fix_ep()
    st.last_turn[seat_of(us)] = record
    st.turn_no += 1
    st.plies += 1
    st.zeroing = False
    begin_turn(st)


def _listed(moves: list[chess.Move], move: chess.Move) -> bool:
    """``move in moves``, about 7 times faster.

    :class:`chess.Move` is a dataclass whose ``__eq__`` builds and compares the tuples of
    its four fields for every element; comparing the same four fields directly (the target
    square first, the most selective) gives the same answer without the tuples.
    """
    frm, to, promotion, drop = move.from_square, move.to_square, move.promotion, move.drop
    for m in moves:
        if m.to_square == to and m.from_square == frm and m.promotion == promotion and m.drop == drop:
            return True
    return False


def apply_move(st: State, move: chess.Move) -> State:
    """The state after the side to act plays the normal ``move``; raises IllegalAction."""
    if st.result is not None:
        raise IllegalAction("the game is over")
    assert st.moves is not None
    if st.ordering:
        raise IllegalAction("first put back the cards you looked at with Foresight: send their order")
    if not _listed(st.moves, move):
        raise IllegalAction(explain_illegal_move(st, move))
    b = st.board
    quiet = not (b.is_capture(move) or b.is_castling(move) or move.promotion)
    record = {"kind": "move", "from": move.from_square, "to": move.to_square, "quiet": quiet,
              "uci": move_uci(move), "card": None}
    if st.card_played:
        record["card"] = st.discard[-1]["card"] if st.discard else None
    nst = st.copy()
    was_zeroing = st.zeroing
    _do_move(nst, move)
    nst.zeroing = nst.zeroing or was_zeroing
    nst.must_move = False
    _end_turn(nst, record)
    return nst


def explain_illegal_move(st: State, move: chess.Move) -> str:
    b = st.board
    uci = move.uci()
    piece = b.piece_at(move.from_square)
    if piece is None:
        return f"{uci} is not a legal move: there is no piece on {sq_name(move.from_square)}"
    if piece.color != b.turn:
        return f"{uci} is not a legal move: that piece is not yours"
    if move in b.generate_pseudo_legal_moves():
        reason = move_filter_reason(st, move)
        if reason:
            return f"{uci} is not allowed: {reason}"
        return f"{uci} is not allowed: it would leave your king attacked"
    if piece.piece_type == chess.PAWN and chess.square_rank(move.to_square) in (0, 7) and not move.promotion:
        return f"{uci} needs a promotion piece, e.g. {uci}q"
    return f"{uci} is not a legal move for the {chess.piece_name(piece.piece_type)} on {sq_name(move.from_square)}"


# ----------------------------------------------------------------------- cards


def _normalize_targeting(card_id: str, action: dict[str, Any]) -> Targeting:
    eff = CARD_EFFECTS[card_id]
    allowed = {"type", "card", "squares", *eff.fields}
    unknown = set(action) - allowed
    if unknown:
        raise IllegalAction(f"{CARDS[card_id].name_en} takes no field {', '.join(sorted(unknown))}")
    raw = action.get("squares", [])
    if not isinstance(raw, list) or not all(isinstance(s, str) for s in raw):
        raise IllegalAction("squares must be a list of square names like 'e4'")
    tg: Targeting = {"squares": [sq_name(_square(s)) for s in raw]}
    for f in eff.fields:
        if f in action:
            tg[f] = action[f]
    return tg


def _card_gate(st: State, card_id: str) -> None:
    """Global greyed-test conditions (B.3-3 i, ii) and the hand."""
    if st.result is not None:
        raise IllegalAction("the game is over")
    if card_id not in CARDS:
        raise IllegalAction(f"there is no card {card_id!r}")
    if card_id not in st.hands[st.seat]:
        raise IllegalAction(f"you do not hold {CARDS[card_id].name_en}")
    if st.card_played or st.must_move:
        raise IllegalAction("you have already played a card this turn")
    if st.silenced:
        raise IllegalAction("Silence: you cannot play cards this turn")


def _resolve_card(st: State, card_id: str, tg: Targeting, probe: bool = False) -> State:
    """Apply a structurally valid card play to a copy; check D6, Truce and B.3-3 (iv).

    ``probe``: the caller only asks whether the play is legal and throws the copy away, so
    the replacement card is not drawn and, for an add-to-move card, the follow-up normal
    moves are not listed, only shown to exist (:func:`has_move`); the returned state is then
    incomplete (no draw, ``moves`` unset; for a card without ``Card.piles``, the card still in
    the hand and the piles shared with ``st``, see :meth:`State.probe_copy`) and must not be
    played on or kept."""
    us = st.us
    seat = seat_of(us)
    effect = CARD_EFFECTS[card_id]
    if probe and not effect.piles:
        # The card leaves the hand for the discard pile: nothing after this point reads
        # either for a card without ``piles``, so a probe skips that and shares the piles
        # (State.probe_copy).
        nst = st.probe_copy()
    else:
        nst = st.copy()
        nst.hands[seat].remove(card_id)
        if card_id in nst.known_by_opp[seat]:
            nst.known_by_opp[seat].remove(card_id)
        nst.discard.append({"seat": seat, "card": card_id})
    effect.resolve(nst, tg)
    if not nst.skip_draw and not probe:
        # (A probe skips the replacement draw: it changes only the hand and the deck, which
        # none of the checks below reads.)
        nst.draw_cards(seat, 1)
    nst.resolve_traps(us)
    nst.fix_ep()
    nst.wake_up()
    name = CARDS[card_id].name_en
    if nst.king_exposed(us):
        raise IllegalAction(f"{name} there would leave your king attacked")
    if nst.removed_now[seat_of(not us)] and not st.suspended and st.restriction("truce"):
        raise IllegalAction("Truce: you cannot take or convert an enemy piece this turn")
    if CARDS[card_id].cost == "add":
        nst.card_played = True
        nst.must_move = True
        if probe:
            nst.moves = None
            if not has_move(nst, plain=nst.suspended):
                raise IllegalAction(f"{name} there would leave you no normal move to follow it")
        else:
            nst.moves = gen_moves(nst, plain=nst.suspended)
            if not nst.moves:
                raise IllegalAction(f"{name} there would leave you no normal move to follow it")
    return nst


def _probe_legal(st: State, card_id: str, tg: Targeting) -> bool:
    """Is the structural targeting ``tg`` of ``card_id`` legal now (a probe of :func:`_resolve_card`)?"""
    try:
        _resolve_card(st, card_id, tg, probe=True)
    except IllegalAction:
        return False
    return True


def card_actions(st: State, card_id: str) -> Iterator[Targeting]:
    """Every legal full targeting of ``card_id`` for the side to act (B.3-3)."""
    try:
        _card_gate(st, card_id)
    except IllegalAction:
        return
    seen: set[str] = set()
    for tg in CARD_EFFECTS[card_id].targetings(st):
        key = repr(sorted(tg.items()))
        if key in seen:
            continue
        seen.add(key)
        if _probe_legal(st, card_id, tg):
            yield tg


def card_playable(st: State, card_id: str) -> bool:
    """The greyed-out test: True iff the card has a legal targeting now, i.e. iff
    :func:`card_actions` yields one (``tests/unfairchess/test_fast_paths.py`` compares them).

    The same probes in the same order, stopping at the first legal one, but a targeting
    listed twice is probed again instead of being looked up: a probe is deterministic, and
    a repeat is rarer than the key :func:`card_actions` builds for every targeting.
    """
    try:
        _card_gate(st, card_id)
    except IllegalAction:
        return False
    return any(_probe_legal(st, card_id, tg) for tg in CARD_EFFECTS[card_id].targetings(st))


def play_card(st: State, card_id: str, action: dict[str, Any]) -> State:
    """The state after the side to act plays ``card_id`` as ``action``; raises IllegalAction."""
    _card_gate(st, card_id)
    tg = _normalize_targeting(card_id, action)
    eff = CARD_EFFECTS[card_id]
    if tg not in list(eff.targetings(st)):
        raise IllegalAction(f"{CARDS[card_id].name_en} cannot be played on {' '.join(tg['squares']) or 'nothing'}"
                            + (f" with {', '.join(f'{k}={tg[k]}' for k in eff.fields if k in tg)}" if len(tg) > 1 else ""))
    nst = _resolve_card(st, card_id, tg)
    nst.events.insert(0, {"type": "card", "seat": st.seat, "card": card_id, "squares": tg["squares"]})
    if CARDS[card_id].cost == "replace":
        record = {"kind": "card", "card": card_id, "to": nst.mover, "quiet": False}
        _end_turn(nst, record)
    return nst


def order_actions(st: State) -> list[list[str]]:
    """Foresight's follow-up: every distinct order of the cards the seat looked at."""
    from itertools import permutations

    if not st.ordering:
        return []
    top = st.decks[st.seat][: st.ordering]
    return [list(p) for p in dict.fromkeys(permutations(top))]


def put_back(st: State, order: object) -> State:
    """Foresight's follow-up: put the looked-at cards back on the deck in ``order`` (top first)."""
    if st.result is not None:
        raise IllegalAction("the game is over")
    if not st.ordering:
        raise IllegalAction("there are no cards to put back: play Foresight first")
    if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
        raise IllegalAction("order must be the list of the cards you looked at, top first")
    n = st.ordering
    top = st.decks[st.seat][:n]
    if len(order) != n or sorted(order) != sorted(top):
        raise IllegalAction(f"order must list exactly the {n} card(s) you looked at: {', '.join(sorted(top))}")
    nst = st.copy()
    nst.decks[st.seat][:n] = list(order)
    nst.ordering = 0
    nst.events.append({"type": "order", "seat": st.seat, "count": n})
    return nst
