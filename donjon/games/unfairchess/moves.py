"""Normal moves under the card overlay: generation, the filters of statuses, restrictions
and walls, and playing one move on a state.

This module sits below the referee (:mod:`~donjon.games.unfairchess.rules`) and the cards
(:mod:`~donjon.games.unfairchess.cards`): both use it, it uses neither::

    >>> from donjon.games.unfairchess.rules import new_state
    >>> st = new_state(seed=1)
    >>> len(gen_moves(st)), has_move(st)
    (20, True)
"""

from __future__ import annotations

import chess

from donjon.games.unfairchess.chessmoves import legal_moves
from donjon.games.unfairchess.state import State, copy_board, seat_of, sq_name


def _rook_squares(move: chess.Move) -> tuple[int, int]:
    """(rook origin, rook destination) of a standard castling move."""
    rank = chess.square_rank(move.from_square)
    if move.to_square > move.from_square:
        return chess.square(7, rank), chess.square(5, rank)
    return chess.square(0, rank), chess.square(3, rank)


def captured_square(b: chess.Board, move: chess.Move, castling: bool) -> int | None:
    """The square of the piece ``move`` takes on ``b`` (the passed pawn's for en passant), or
    None; ``castling`` is ``b.is_castling(move)``, which the caller needs as well."""
    to = move.to_square
    if b.is_en_passant(move):
        return to + (-8 if b.turn else 8)
    if not castling and b.piece_at(to) is not None:
        return to
    return None


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
        return legal_moves(b, st.fen())  # the moves of chess (listed by compiled code)
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
            do_move(probe, move)
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
    moves = legal_moves(b, st.fen())
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
            do_move(probe, move)
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
        do_move(probe, move)
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
        do_move(probe, move)
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


def do_move(st: State, move: chess.Move) -> None:
    """Play a normal move on ``st`` with D9 steps 2–3 and 5 (no turn bookkeeping)."""
    b = st.board
    us = b.turn
    frm, to = move.from_square, move.to_square
    castling = b.is_castling(move)
    cap_sq = captured_square(b, move, castling)
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
