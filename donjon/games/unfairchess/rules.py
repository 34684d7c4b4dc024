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
from donjon.games.unfairchess.moves import do_move, gen_moves, has_move, move_filter_reason
from donjon.games.unfairchess.state import STATUSES, State, color_of, move_uci, seat_of, sq_name

HAND_SIZE = 4

# --------------------------------------------------------------------------- setup


def new_state(seed: int, options: dict[str, Any] | None = None) -> State:
    """The starting state: standard position (or ``options["fen"]``), decks shuffled from
    ``seed``, four cards each. ``options`` may fix ``hands`` and ``decks`` per seat
    (``{"0": [...], "1": [...]}``, decks top first), ``statuses``
    (``{"e4": ["poison"]}``), ``traps`` (``{"d5": 0}``, square → owner seat) and the
    ``discard`` pile (``[{"seat": 0, "card": "poison"}, ...]``, oldest first; a puzzle keeps
    the discard of the game it was taken from)."""
    options = dict(options or {})
    known = {"fen", "hands", "decks", "statuses", "traps", "discard"}
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
    st.discard = _discard(options.get("discard"))
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


def _discard(value: Any) -> list[dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise IllegalAction("discard must be a list of {\"seat\": 0 or 1, \"card\": id}")
    out = []
    for entry in value:
        if (not isinstance(entry, dict) or set(entry) != {"seat", "card"} or entry["seat"] not in (0, 1)
                or type(entry["seat"]) is not int or entry["card"] not in CARDS):
            raise IllegalAction(f"discard: bad entry {entry!r}, expected {{\"seat\": 0 or 1, \"card\": id}}")
        out.append({"seat": entry["seat"], "card": entry["card"]})
    return out


def _square(name: Any) -> int:
    try:
        return chess.parse_square(str(name).lower())
    except ValueError:
        raise IllegalAction(f"{name!r} is not a square name like 'e4'") from None


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
    do_move(nst, move)
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
        raise _refused("king_exposed", f"{name} there would leave your king attacked")
    if nst.removed_now[seat_of(not us)] and not st.suspended and st.restriction("truce"):
        raise _refused("truce", "Truce: you cannot take or convert an enemy piece this turn")
    if CARDS[card_id].cost == "add":
        nst.card_played = True
        nst.must_move = True
        if probe:
            nst.moves = None
            if not has_move(nst, plain=nst.suspended):
                raise _refused("no_follow_move", f"{name} there would leave you no normal move to follow it")
        else:
            nst.moves = gen_moves(nst, plain=nst.suspended)
            if not nst.moves:
                raise _refused("no_follow_move", f"{name} there would leave you no normal move to follow it")
    return nst


def _refused(code: str, reason: str) -> IllegalAction:
    """An IllegalAction of :func:`_resolve_card` tagged with the greyed-reason ``code``
    (:mod:`donjon.games.unfairchess.reasons`)."""
    err = IllegalAction(reason)
    err.code = code  # type: ignore[attr-defined]
    return err


def _probe_legal(st: State, card_id: str, tg: Targeting) -> bool:
    """Is the structural targeting ``tg`` of ``card_id`` legal now (a probe of :func:`_resolve_card`)?"""
    try:
        _resolve_card(st, card_id, tg, probe=True)
    except IllegalAction:
        return False
    return True


def _rescue_mask(st: State) -> int:
    """The squares a card play must change for the side to act's king to end it safe: 0 if the
    king is not exposed now (:meth:`State.king_exposed`), else the king's square, each
    attacker's and the squares between a sliding attacker and the king."""
    attackers = st.king_attackers(st.us)
    if not attackers:
        return 0
    k = st.board.king(st.us)
    assert k is not None
    mask = chess.BB_SQUARES[k] | attackers
    for a in chess.scan_forward(attackers):
        mask |= chess.between(a, k)
    return mask


def _king_lines(st: State) -> int:
    """The squares where a change of pieces or walls could change which pieces attack the
    side to act's king (:meth:`State.king_attackers`): the king's square, its knight squares,
    and along each file, rank and diagonal from the king every empty square up to and
    including the first one that blocks (a piece, or a wall that outlasts the turn); 0
    without a king. Beyond that first blocker nothing reaches the king while the blocker
    stays, so a local card whose footprint (``Card.footprint``) holds none of these leaves
    the king's attackers as they were."""
    k = st.board.king(st.us)
    if k is None:
        return 0
    occupied = st.lasting_occupied()
    return (chess.BB_SQUARES[k] | chess.BB_KNIGHT_ATTACKS[k]
            | chess.BB_DIAG_ATTACKS[k][chess.BB_DIAG_MASKS[k] & occupied]
            | chess.BB_FILE_ATTACKS[k][chess.BB_FILE_MASKS[k] & occupied]
            | chess.BB_RANK_ATTACKS[k][chess.BB_RANK_MASKS[k] & occupied])


def _quiet_mask(st: State, card_id: str, rescue: int, lines: int | None) -> int | None:
    """:func:`_king_lines` if a targeting of ``card_id`` whose footprint misses those squares
    is legal without a probe, else None. It is when the card changes pieces and walls only
    on its footprint (``Card.local``, ``Card.footprint``: the king's attackers stay as they
    are, the traps, en passant and waking that follow included), the king is not exposed
    now (``rescue`` is 0), no Truce binds (a card may remove an enemy piece on a quiet
    square), and the card replaces the move or leaves the normal moves as they are
    (``Card.keeps_moves``) while there is one now (an add-to-move card must leave a normal
    move to follow it). ``lines``: :func:`_king_lines` if the caller has it."""
    effect = CARD_EFFECTS[card_id]
    if rescue or not effect.local or (CARDS[card_id].cost == "add" and not (effect.keeps_moves and st.moves)):
        return None
    if st.restriction("truce") is not None and not st.suspended:
        return None
    return _king_lines(st) if lines is None else lines


def _candidates(st: State, card_id: str, rescue: int | None = None) -> Iterator[Targeting]:
    """``card_id``'s structural targetings worth probing: all of them, except that when the
    king is exposed, a card that changes the board only on its footprint (``Card.local``)
    is probed only on targetings whose footprint meets :func:`_rescue_mask` (any other one
    leaves every attack on the king as it is, so the probe would refuse it for king safety). ``rescue``:
    that mask if the caller has it."""
    effect = CARD_EFFECTS[card_id]
    targetings = effect.targetings(st)
    if not effect.local:
        return targetings
    if rescue is None:
        rescue = _rescue_mask(st)
    if not rescue:
        return targetings
    return (tg for tg in targetings if effect.footprint(st, tg) & rescue)


def card_actions(st: State, card_id: str) -> Iterator[Targeting]:
    """Every legal full targeting of ``card_id`` for the side to act (B.3-3)."""
    try:
        _card_gate(st, card_id)
    except IllegalAction:
        return
    seen: set[str] = set()
    for tg in _candidates(st, card_id):
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
    return any(_probe_legal(st, card_id, tg) for tg in _candidates(st, card_id))


def hand_reasons(st: State, cards: list[str]) -> dict[str, str | None]:
    """Each distinct card of ``cards`` (in order): None if :func:`card_playable`, else its
    :func:`card_why_not` code.

    The same answers for less: the king's attackers are looked at once for the whole hand,
    and an unplayable card's reason comes from the failure of its first targeting, which
    the greyed-out test has just probed (:func:`card_why_not` would probe it again), or, for
    a card with no targeting at all, from the card (:meth:`Card.why_not`) without listing
    its targetings again; only when the card was probed on the targetings of
    :func:`_rescue_mask` alone is its reason asked of :func:`card_why_not`. A targeting
    that :func:`_quiet_mask` shows legal is not probed.
    """
    rescue: int | None = None
    lines: int | None = None
    out: dict[str, str | None] = {}
    for card in dict.fromkeys(cards):
        try:
            _card_gate(st, card)
        except IllegalAction:
            out[card] = card_why_not(st, card)
            continue
        effect = CARD_EFFECTS[card]
        if rescue is None and effect.local:
            rescue = _rescue_mask(st)
        quiet = _quiet_mask(st, card, rescue or 0, lines)
        if quiet is not None:
            lines = quiet
        first: IllegalAction | None = None
        for tg in _candidates(st, card, rescue):
            if quiet is not None and not effect.footprint(st, tg) & quiet:
                out[card] = None  # legal without a probe (_quiet_mask)
                break
            try:
                _resolve_card(st, card, tg, probe=True)
            except IllegalAction as e:
                first = first or e
                continue
            out[card] = None
            break
        else:
            if rescue and effect.local:
                out[card] = card_why_not(st, card)
            elif first is not None:
                out[card] = _reason(st, first)
            else:  # no targeting at all (what card_why_not would find listing them again)
                out[card] = "ordering" if st.ordering else effect.why_not(st) or "no_target"
    return out


def _reason(st: State, error: IllegalAction) -> str:
    """The reason code of a card probe's failure (see :func:`card_why_not`)."""
    code: str = getattr(error, "code", "king_exposed")
    if code == "king_exposed" and st.king_attacked(st.us):
        return "in_check"
    return code


def card_why_not(st: State, card_id: str) -> str:
    """The reason code (:data:`donjon.games.unfairchess.reasons.REASONS`) of a card the seat
    to act holds and that :func:`card_playable` found unplayable; call it only then.

    Cheap: the gate's conditions are flags; then the card's ``targetings`` are asked for
    their first element only. None at all: the card's own :meth:`Card.why_not`, else
    ``"no_target"``. Otherwise that first targeting is probed once (it fails, as every one
    does) and its failure names the reason: king safety (``"in_check"`` when the king is
    attacked now, i.e. the card does not end the check, else ``"king_exposed"``), Truce, or
    an add-to-move card leaving no normal move.
    """
    if st.result is not None:
        return "game_over"
    if st.ordering:
        return "ordering"
    if st.card_played or st.must_move:
        return "card_played"
    if st.silenced:
        return "silenced"
    effect = CARD_EFFECTS[card_id]
    first = next(iter(effect.targetings(st)), None)
    if first is None:
        return effect.why_not(st) or "no_target"
    try:
        _resolve_card(st, card_id, first, probe=True)
    except IllegalAction as e:
        return _reason(st, e)
    return _reason(st, IllegalAction("playable"))  # (a playable card has no reason; not reached)


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
