"""The server's shortcuts give exactly the answers of the plain code.

- ``rules.card_actions`` probes a targeting without drawing the replacement card and, for an
  add-to-move card, asks ``rules.has_move`` instead of listing every follow-up move: the
  same targetings as a full resolution of each one.
- ``rules.has_move(st, plain) == bool(rules.gen_moves(st, plain))``.
- ``GAME.view_and_legal(state, seat) == (GAME.view(state, seat), GAME.legal_actions(...))``.
- ``state.copy_board(b)`` is ``b.copy(stack=False)``; ``State.copy`` copies every per-seat list.
- ``state.fen(b)``, ``state.board_fen(b)`` and the cached ``State.fen()`` are python-chess's
  ``b.fen()`` and ``b.board_fen()``; ``state.move_uci(m)`` is ``m.uci()``.
- The square queries of ``State`` (read off the masks) answer as with ``board.piece_at``.
- ``rules.has_move(st, plain, from_mask)`` tells whether ``gen_moves`` has a move from the mask,
  and Taunt lists the targetings it listed when it asked for the opponent's whole move list.

Positions come from random games with cards; at some of them the hand of the side to act is
replaced by cards drawn from the whole catalogue, so that every card is probed.
"""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as hst

from donjon.games import IllegalAction
from donjon.games.protocol import view_and_legal
from donjon.games.unfairchess import GAME, rules
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.cards.base import t
from donjon.games.unfairchess.cards.control import _next_turn_probe
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.state import Restriction, State, board_fen, castling_xfen, copy_board, fen, move_uci
from tests.unfairchess.util import card_aftermaths, game_positions, make, reference_card_actions, with_hand


def test_card_probes_equal_full_resolution_for_every_card() -> None:
    rng = random.Random(7)
    catalogue = sorted(CARDS)
    probed: set[str] = set()
    empty_probes = 0
    for i, st in enumerate(game_positions(4, 900)):
        states = [st]
        if i % 3 == 0 and st.result is None:
            states.append(with_hand(st, rng.sample(catalogue, 4)))
        for s in states:
            for card in dict.fromkeys(s.hands[s.seat]):
                ref = reference_card_actions(s, card)
                assert list(rules.card_actions(s, card)) == ref, (card, s.board.fen())
                assert rules.card_playable(s, card) == bool(ref)
                probed.add(card)
                empty_probes += not ref
    assert probed == set(catalogue), sorted(set(catalogue) - probed)
    assert empty_probes > 50


def _no_move_states() -> list[State]:
    """Positions where the side to act has no normal move: mate, stalemate, and every piece
    asleep but the blocked king (with and without the no-legal-move exception)."""
    out = [GAME.setup(2, 1, {"fen": "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}),
           GAME.setup(2, 1, {"fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"})]
    asleep = GAME.setup(2, 1, {"fen": "k7/8/8/8/8/8/PP6/KR6 w - - 0 1",
                               "statuses": {"a2": ["sleep"], "b2": ["sleep"], "b1": ["sleep", "poison"]}})
    assert asleep.suspended  # only the exception leaves moves
    strict = asleep.copy()
    strict.suspended = False
    # the only capture (of a poisoned knight: decided by simulation) is by a sleeping rook
    poisoned = GAME.setup(2, 1, {"fen": "k7/8/8/8/8/8/PP6/KRn5 w - - 0 1",
                                 "statuses": {"a2": ["sleep"], "b2": ["sleep"], "b1": ["sleep"], "c1": ["poison"]}})
    poisoned_strict = poisoned.copy()
    poisoned_strict.suspended = False
    # stalemate with a wall standing: the general path, every king move simulated
    walled = GAME.setup(2, 1, {"fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}).copy()
    walled.walls = {chess.A4: walled.turn_no + 1}
    return [*out, asleep, strict, poisoned, poisoned_strict, walled]


def test_has_move_equals_gen_moves() -> None:
    compared = walls = none = 0
    for st in game_positions(4, 950) + _no_move_states():
        candidates = [st]
        if st.result is None and not st.must_move and not st.ordering:
            # states after an add-to-move card (walls, statuses, traps): has_move decides them
            for card in dict.fromkeys(st.hands[st.seat]):
                if CARDS[card].cost != "add":
                    continue
                for tg in list(CARD_EFFECTS[card].targetings(st))[:12]:
                    try:
                        candidates.append(rules._resolve_card(st, card, tg))
                    except IllegalAction:
                        pass
        for s in candidates:
            for plain in (False, True):
                assert rules.has_move(s, plain) == bool(rules.gen_moves(s, plain)), (s.board.fen(), plain)
                compared += 1
            walls += bool(s.walls)
            none += not rules.gen_moves(s)
    assert compared > 500 and walls > 10 and none > 0, (compared, walls, none)


def test_view_and_legal_equals_view_plus_legal_actions() -> None:
    rng = random.Random(3)
    catalogue = sorted(CARDS)
    checked = greyed = 0
    for i, st in enumerate(game_positions(3, 990)):
        states = [st] if i % 2 else [st, with_hand(st, rng.sample(catalogue, 4))]
        for s in states:
            for seat in (0, 1, None):
                legal = GAME.legal_actions(s, seat) if seat is not None else []
                assert GAME.view_and_legal(s, seat) == (GAME.view(s, seat), legal)
                assert view_and_legal(GAME, s, seat) == (GAME.view(s, seat), legal)
                checked += 1
                if seat == s.seat:
                    greyed += sum(not c["playable"] for c in GAME.view(s, seat)["hand"])
    assert checked > 300 and greyed > 20


def test_copy_board_is_copy_without_stack() -> None:
    b = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    b.push_uci("e1g1")
    b.promoted |= chess.BB_SQUARES[chess.A1]
    c = copy_board(b)
    assert vars(c) == vars(b.copy(stack=False))
    assert c.move_stack == [] and c.occupied_co is not b.occupied_co
    c.push_uci("a8b8")
    assert b.fen() != c.fen() and len(b.move_stack) == 1 and b.occupied_co != c.occupied_co


def test_state_copy_copies_every_per_seat_list() -> None:
    for s in game_positions(1, 960, max_plies=40):
        c = s.copy()
        for name in ("hands", "decks", "removed", "known_by_opp", "known_top", "discard"):
            mine, theirs = getattr(c, name), getattr(s, name)
            assert mine == theirs and mine is not theirs, name
            if name in ("hands", "decks", "removed", "known_by_opp"):
                assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name


# ------------------------------------------------------------------ FEN and UCI


def test_fast_fen_equals_python_chess_on_game_positions() -> None:
    checked = ep = 0
    for st in game_positions(4, 970):
        for s in [st, *card_aftermaths(st)]:
            b = s.board
            assert board_fen(b) == b.board_fen()
            assert fen(b) == b.fen()
            assert s.fen() == b.fen() and s.fen() == b.fen()  # the second call reads the cache
            assert GAME.view(s, None)["fen"] == b.fen()
            checked += 1
            ep += b.has_legal_en_passant()
    assert checked > 1000 and ep > 0, (checked, ep)


pieces = hst.dictionaries(hst.sampled_from(chess.SQUARES),
                          hst.builds(chess.Piece, hst.sampled_from(chess.PIECE_TYPES), hst.booleans()), max_size=40)


@settings(max_examples=300, deadline=None)
@given(pieces, hst.booleans(), hst.integers(0, chess.BB_ALL), hst.none() | hst.sampled_from(chess.SQUARES),
       hst.integers(0, 200), hst.integers(1, 300), hst.integers(0, chess.BB_ALL))
def test_fast_fen_equals_python_chess_on_random_boards(placement: dict[int, chess.Piece], turn: bool, castling: int,
                                                       ep: int | None, halfmove: int, fullmove: int,
                                                       promoted: int) -> None:
    b = chess.Board.empty()
    b.set_piece_map(placement)
    b.turn, b.castling_rights, b.ep_square = turn, castling, ep
    b.halfmove_clock, b.fullmove_number, b.promoted = halfmove, fullmove, promoted & b.occupied
    assert board_fen(b) == b.board_fen()
    assert fen(b) == b.fen()


corner_rights = hst.lists(hst.sampled_from([chess.BB_A1, chess.BB_H1, chess.BB_A8, chess.BB_H8])).map(
    lambda bits: sum(set(bits)))


@settings(max_examples=300, deadline=None)
@given(pieces, hst.booleans(), corner_rights | hst.integers(0, chess.BB_ALL))
# two white kings: python-chess reads the letters from the file of the one on a3
@example({chess.E1: chess.Piece.from_symbol("K"), chess.A3: chess.Piece.from_symbol("K"),
          chess.F1: chess.Piece.from_symbol("p")}, False, chess.BB_A1)
def test_fast_castling_field_equals_python_chess_even_with_stale_rights(placement: dict[int, chess.Piece],
                                                                        turn: bool, castling: int) -> None:
    # With a move stack python-chess no longer cleans the castling rights: whatever bits are
    # set are written (a file letter for a rook off the corner, nothing for a missing king).
    b = chess.Board.empty()
    b.set_piece_map(placement)
    b.turn = turn
    b.push(chess.Move.null())
    b.castling_rights = castling
    assert castling_xfen(b) == b.castling_xfen()
    assert fen(b) == b.fen()
    for fen_text in ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1",
                     "4k3/8/8/8/8/8/8/4K3 w - - 0 1"):
        board = chess.Board(fen_text)
        assert castling_xfen(board) == board.castling_xfen() == fen_text.split()[2]


def test_the_ranks_kept_for_the_fen_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from donjon.games.unfairchess import state as state_module

    monkeypatch.setattr(state_module, "_RANKS_KEPT", 50)
    monkeypatch.setattr(state_module, "_RANKS", {})
    for st in game_positions(2, 77, max_plies=60):
        assert board_fen(st.board) == st.board.board_fen()
        assert len(state_module._RANKS) <= 50


def test_state_fen_cache_follows_the_board() -> None:
    s = GAME.setup(2, 1)
    assert s.fen() == chess.STARTING_FEN
    s.board.push_uci("e2e4")  # changed in place after the call: never shown stale
    assert s.fen() == s.board.fen() != chess.STARTING_FEN
    s.board = chess.Board("8/8/8/8/8/8/8/K6k w - - 0 1")
    assert s.fen() == "8/8/8/8/8/8/8/K6k w - - 0 1"
    c = s.copy()
    c.board.push_uci("a1a2")
    assert c.fen() == c.board.fen() and s.fen() == "8/8/8/8/8/8/8/K6k w - - 0 1"


def test_move_uci_equals_python_chess() -> None:
    moves = [chess.Move.null(), chess.Move(chess.E7, chess.E8, chess.QUEEN), chess.Move(chess.A2, chess.A1, chess.KNIGHT),
             chess.Move(chess.E4, chess.E4, drop=chess.KNIGHT), chess.Move(chess.A1, chess.A1)]
    moves += [chess.Move(a, b) for a in chess.SQUARES for b in chess.SQUARES]
    for st in game_positions(1, 975, max_plies=60):
        moves += st.moves or []
    for m in moves:
        assert move_uci(m) == m.uci(), m


# ------------------------------------------------------------------ square queries


def _piece_at_queries(s: State, sq: int, actor: chess.Color) -> tuple[bool, ...]:
    """``is_empty``, ``shielded_against``, ``targetable`` and ``can_move`` as they were
    written with ``board.piece_at``."""
    b = s.board
    p = b.piece_at(sq)
    empty = p is None and sq not in s.walls and sq not in s.traps
    shielded = (not (s.suspended and actor == b.turn)) and p is not None and p.color != actor and s.has(sq, "shield")
    targetable = p is not None and p.color != actor and p.piece_type != chess.KING and not shielded
    if s.suspended:
        can_move = True
    elif s.asleep(sq):
        can_move = False
    elif p is not None and p.color == b.turn and (
            sq in s.frozen or (p.piece_type == chess.KING and s.restriction("curfew") is not None)):
        can_move = False
    else:
        can_move = True
    return empty, shielded, targetable, can_move


def _piece_at_fix_ep(s: State) -> None:
    """``State.fix_ep`` as it was written with ``board.piece_at``."""
    b = s.board
    ep = b.ep_square
    if ep is None:
        return
    them = not b.turn
    pawn_sq = ep + 8 if them == chess.WHITE else ep - 8
    if b.piece_at(ep) is not None or b.piece_at(pawn_sq) != chess.Piece(chess.PAWN, them):
        b.ep_square = None


def test_square_queries_equal_piece_at_definitions() -> None:
    checked = shielded = frozen = 0
    ep_squares = [None, *chess.SquareSet(chess.BB_RANK_3 | chess.BB_RANK_6)]
    for st in game_positions(3, 980):
        for s in [st, *card_aftermaths(st, 1)]:
            for suspended in (False, True):
                probe = s.copy()
                probe.suspended = suspended
                for sq in chess.SQUARES:
                    for actor in (chess.WHITE, chess.BLACK):
                        got = (probe.is_empty(sq), probe.shielded_against(sq, actor), probe.targetable(sq, actor),
                               probe.can_move(sq))
                        assert got == _piece_at_queries(probe, sq, actor), (probe.board.fen(), sq, actor, suspended)
                        shielded += got[1]
                    frozen += not got[3]
                checked += 1
            for ep in ep_squares:
                a, b = s.copy(), s.copy()
                a.board.ep_square = b.board.ep_square = ep
                a.fix_ep()
                _piece_at_fix_ep(b)
                assert a.board.ep_square == b.board.ep_square, (s.board.fen(), ep)
    assert checked > 300 and shielded > 0 and frozen > 0, (checked, shielded, frozen)


# ------------------------------------------------------------------ has_move by square, Taunt


def _mask_edge_states() -> list[State]:
    """A rook with dynamite that can capture (simulated moves), and castling with a trap on
    the board (simulated) or a wall standing (the general path)."""
    dynamite = GAME.setup(2, 1, {"fen": "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1", "statuses": {"a1": ["dynamite"]}})
    trapped = GAME.setup(2, 1, {"fen": "4k3/8/8/8/8/8/6P1/4K2R w K - 0 1", "traps": {"d5": 1}})
    walled = GAME.setup(2, 1, {"fen": "4k3/8/8/8/8/8/6P1/4K2R w K - 0 1"}).copy()
    walled.walls = {chess.A4: walled.turn_no + 1}
    return [dynamite, trapped, walled]


def test_has_move_from_mask_equals_gen_moves() -> None:
    compared = found = walls = 0
    for st in game_positions(3, 985) + _no_move_states() + _mask_edge_states():
        for s in [st, *card_aftermaths(st, 4, add_only=True)]:
            walls += bool(s.walls)
            for plain in (False, True):
                origins = {m.from_square for m in rules.gen_moves(s, plain)}
                masks = [chess.BB_SQUARES[sq] for sq in chess.scan_forward(s.board.occupied_co[s.board.turn])]
                masks += [chess.BB_EMPTY, s.board.pawns, chess.BB_RANK_1 | chess.BB_FILE_H]
                for mask in masks:
                    want = any(chess.BB_SQUARES[o] & mask for o in origins)
                    assert rules.has_move(s, plain, mask) == want, (s.board.fen(), plain, mask)
                    compared += 1
                    found += want
    assert compared > 5000 and found > 1000 and walls > 10, (compared, found, walls)


def _taunt_targetings_as_before(st: State) -> list[dict]:  # type: ignore[type-arg]
    """Taunt's targetings as they were: the candidates that start a move of the opponent's
    whole next-turn move list."""
    candidates = [sq for sq in st.pieces(not st.us) if st.targetable(sq)]
    if not candidates:
        return []
    movers = {m.from_square for m in rules.gen_moves(_next_turn_probe(st))}
    return [t(sq) for sq in candidates if sq in movers]


def test_taunt_targetings_unchanged() -> None:
    taunt = CARD_EFFECTS["provocation"]
    listed = 0
    for st in game_positions(3, 990):
        if st.result is not None:
            continue
        for s in (st, *card_aftermaths(st, 1)):
            want = _taunt_targetings_as_before(s)
            assert list(taunt.targetings(s)) == want, s.board.fen()
            listed += len(want)
    assert listed > 500, listed


# ------------------------------------------------------------------ probe isolation


def _deep_snapshot(s: State) -> dict[str, object]:
    """Every slot of ``s`` by value (deep copies), the board field by field (read as
    attributes: ``vars`` would change the board's attribute storage); not the FEN's cache,
    which a probe may fill (listing the moves of chess reads the FEN) and which never
    changes what :meth:`State.fen` answers (``test_state_fen_cache_follows_the_board``)."""
    import copy

    from donjon.games.unfairchess.state import _BOARD_FIELDS

    out: dict[str, object] = {}
    for name in State.__slots__:
        if name == "_fen_cache":
            continue
        if name == "board":
            b = s.board
            out[name] = tuple(copy.deepcopy(getattr(b, f)) for f in _BOARD_FIELDS if f != "_stack") + (len(b._stack),)
        elif hasattr(s, name):
            out[name] = copy.deepcopy(getattr(s, name))
    return out


def test_card_probes_leave_the_state_unchanged() -> None:
    """Every targeting of every card, probed (``rules._probe_legal``, which shares the card
    piles for most cards: ``State.probe_copy``) on game positions with random hands: the
    probed state is exactly as it was before, every slot compared by value."""
    rng = random.Random(11)
    catalogue = sorted(CARDS)
    probed: set[str] = set()
    probes = 0
    for i, st in enumerate(game_positions(6, 1300, max_plies=100)):
        if st.result is not None or st.must_move or st.ordering:
            continue
        states = [st] if i % 2 else [st, with_hand(st, rng.sample(catalogue, 4))]
        for s in states:
            for card in dict.fromkeys(s.hands[s.seat]):
                try:
                    rules._card_gate(s, card)
                except IllegalAction:
                    continue
                before = _deep_snapshot(s)
                for tg in CARD_EFFECTS[card].targetings(s):
                    rules._probe_legal(s, card, tg)
                    probes += 1
                assert _deep_snapshot(s) == before, (card, s.board.fen())
                probed.add(card)
    assert probed == set(catalogue), sorted(set(catalogue) - probed)
    assert probes > 5000


def _after_effect(st: State, card_id: str, tg: dict) -> State:  # type: ignore[type-arg]
    """``st`` after ``card_id``'s effect on ``tg`` and the referee's steps that follow it
    (traps, en passant, waking), before any legality check: what ``Card.local`` speaks of."""
    nst = st.copy()
    CARD_EFFECTS[card_id].resolve(nst, tg)
    nst.resolve_traps(st.us)
    nst.fix_ep()
    nst.wake_up()
    return nst


def _check_positions(games: int, seed0: int) -> list[State]:
    """Positions of random games with cards where the side to act's king is exposed."""
    return [s for s in game_positions(games, seed0, max_plies=160) if s.result is None and s.king_exposed(s.us)]


def _with_dynamite(st: State, rng: random.Random) -> State:
    """``st`` with dynamite on a few non-king pieces of each side (captures then explode)."""
    new = with_hand(st, st.hands[st.seat])
    for color in (chess.WHITE, chess.BLACK):
        pieces = list(new.pieces(color))
        for sq in rng.sample(pieces, min(3, len(pieces))):
            new.add_status(sq, "dynamite")
    return new


def test_local_cards_change_the_board_only_on_their_footprint() -> None:
    """Every targeting of every card marked ``local``, played on game positions (in check and
    not, with hands drawn from the whole catalogue, and with dynamite added on some pieces):
    no piece and no wall changes outside the card's ``footprint``. Some of those plays change
    squares beyond the targeting's own (an explosion, a Forced March's steps)."""
    rng = random.Random(11)
    local = sorted(c for c, e in CARD_EFFECTS.items() if e.local)
    assert len(local) >= 45
    seen: set[str] = set()
    beyond = set()
    states = game_positions(3, 1400, max_plies=80)[::3] + _check_positions(6, 1500)[:40]
    for i, st in enumerate(states):
        if st.result is not None:
            continue
        s = with_hand(st, rng.sample(local, 8))
        if i % 2:
            s = _with_dynamite(s, rng)
        for card in dict.fromkeys(s.hands[s.seat]):
            for tg in CARD_EFFECTS[card].targetings(s):
                after = _after_effect(s, card, tg)
                footprint = CARD_EFFECTS[card].footprint(s, tg)
                own = {chess.parse_square(n) for n in tg["squares"]}
                for sq in chess.SQUARES:
                    changed = after.board.piece_at(sq) != s.board.piece_at(sq) or after.walls.get(sq) != s.walls.get(sq)
                    if changed:
                        assert chess.BB_SQUARES[sq] & footprint, (card, tg, chess.square_name(sq), s.board.fen())
                        if sq not in own:
                            beyond.add(card)
                seen.add(card)
    assert seen == set(local), sorted(set(local) - seen)
    assert {"kamikaze", "marche_forcee", "cavalcade", "catapulte", "percee"} <= beyond, beyond


def test_cards_that_keep_the_moves_leave_the_normal_moves_as_they_were() -> None:
    """Every targeting of every card marked ``keeps_moves``, played on game positions (some
    with dynamite added, some with Curfew, Blizzard or Exhaustion binding the side to act
    now): the normal moves the side to act may make after it are the ones it had."""
    rng = random.Random(14)
    keeping = sorted(c for c, e in CARD_EFFECTS.items() if e.keeps_moves)
    assert {"poison", "bouclier", "couvre_feu", "silence", "blizzard", "epuisement", "nouvelle_donne",
            "prescience", "larcin"} <= set(keeping)
    seen: set[str] = set()
    plays = 0
    states = game_positions(4, 1450, max_plies=100)[::3] + _check_positions(4, 1550)[:20]
    for i, st in enumerate(states):
        if st.result is not None or st.must_move or st.ordering:
            continue
        s = with_hand(st, rng.sample(keeping, 6))
        if i % 3 == 1:
            s = _with_dynamite(s, rng)
        elif i % 3 == 2:
            kind = rng.choice(["curfew", "blizzard", "exhaustion"])
            own = list(s.pieces(s.us))
            area = frozenset(rng.sample(own, min(3, len(own))))
            s.restrictions = s.restrictions + (Restriction(kind, s.turn_no, s.us, area),)
        rules.begin_turn(s)
        before = sorted(m.uci() for m in s.moves or ())
        for card in dict.fromkeys(s.hands[s.seat]):
            for tg in CARD_EFFECTS[card].targetings(s):
                after = _after_effect(s, card, tg)
                after.card_played = after.must_move = True
                assert sorted(m.uci() for m in rules.gen_moves(after, plain=after.suspended)) == before, (card, tg, s.board.fen())
                plays += 1
                seen.add(card)
    assert seen == set(keeping), sorted(set(keeping) - seen)
    assert plays > 1000, plays


def test_card_probes_in_check_equal_full_resolution() -> None:
    """In check, a local card is probed only on the targetings that touch the king, an
    attacker or the squares between: the same legal targetings as probing them all."""
    rng = random.Random(12)
    catalogue = sorted(CARDS)
    states = _check_positions(12, 1600)
    assert len(states) >= 40
    playable = 0
    for st in states:
        s = with_hand(st, rng.sample(catalogue, 8))
        for card in dict.fromkeys(s.hands[s.seat]):
            ref = reference_card_actions(s, card)
            assert list(rules.card_actions(s, card)) == ref, (card, s.board.fen())
            assert rules.card_playable(s, card) == bool(ref)
            playable += bool(ref) and CARD_EFFECTS[card].local
    assert playable >= 10  # some local cards do end the check


def test_hand_reasons_equal_the_greyed_test_and_its_reason() -> None:
    """``rules.hand_reasons`` (one look at the king's attackers for the hand, an unplayable
    card's reason taken from its first probe) gives ``card_playable`` and ``card_why_not``'s
    answers, in check and not, with hands drawn from the whole catalogue."""
    rng = random.Random(13)
    catalogue = sorted(CARDS)
    greyed = set()
    # In check under a Truce, a card's targetings fail for different reasons: Heaven's Strike
    # on the checking rook breaks the Truce, on the knights it leaves the king attacked; the
    # reason is the first targeting's (the knight's), though only the rook's is probed.
    truce = []
    for position, cards in (("4r2k/8/8/8/8/8/n6n/4K3 w - - 0 1", ["frappe_celeste", "kamikaze", "foudre", "fleche"]),
                       ("7k/8/8/3b4/8/8/4r3/2N1K1R1 w - - 0 1", ["cavalcade", "catapulte", "charge", "percee"])):
        s = make(position, white=cards, black=["poison"])
        s.restrictions = s.restrictions + (Restriction("truce", s.turn_no, s.us, frozenset()),)
        rules.begin_turn(s)
        truce.append(s)
    for st in truce + game_positions(4, 1700)[::2] + _check_positions(8, 1800):
        for s in (st, with_hand(st, rng.sample(catalogue, 6))):
            hand = s.hands[s.seat]
            expected = {c: None if rules.card_playable(s, c) else rules.card_why_not(s, c) for c in dict.fromkeys(hand)}
            assert rules.hand_reasons(s, hand) == expected, s.board.fen()
            greyed |= {why for why in expected.values() if why is not None}
    assert {"in_check", "king_exposed", "card_played"} <= greyed and len(greyed) >= 6, greyed


def test_a_quiet_targeting_is_legal_without_a_probe() -> None:
    """Where ``rules._quiet_mask`` allows it (a local card that replaces the move or keeps the
    normal moves, the king not exposed, no Truce), every targeting whose footprint misses
    the king's lines resolves legally: checked by probing each one, on game positions with
    hands of such cards."""
    rng = random.Random(21)
    quiet_cards = sorted(c for c, e in CARD_EFFECTS.items() if e.local and (CARDS[c].cost != "add" or e.keeps_moves))
    assert len(quiet_cards) >= 40
    quiet = touching = 0
    for st in game_positions(4, 2100, max_plies=100)[::2]:
        if st.result is not None:
            continue
        s = with_hand(st, rng.sample(quiet_cards, 6))
        for card in dict.fromkeys(s.hands[s.seat]):
            try:
                rules._card_gate(s, card)
            except IllegalAction:
                continue
            mask = rules._quiet_mask(s, card, rules._rescue_mask(s), None)
            if mask is None:
                continue
            for tg in CARD_EFFECTS[card].targetings(s):
                if CARD_EFFECTS[card].footprint(s, tg) & mask:
                    touching += 1
                    continue
                quiet += 1
                assert rules._probe_legal(s, card, tg), (card, tg, s.board.fen())
    assert quiet >= 500 and touching >= 100, (quiet, touching)


def test_targetings_on_the_king_lines_are_probed() -> None:
    """Each part of the king's lines (``rules._king_lines``) and each condition of
    ``rules._quiet_mask`` matters: a card whose only targetings would expose the king through
    a knight square, through the first piece on a line or through an empty square of a line,
    break a Truce, or add to a move there is none of, is greyed with that reason (taken
    without a probe, each would be shown playable)."""
    truce = make("7k/8/8/3b4/8/8/8/4K3 w - - 0 1", white=["frappe_celeste"], black=["poison"])
    truce.restrictions = truce.restrictions + (Restriction("truce", truce.turn_no, truce.us, frozenset()),)
    rules.begin_turn(truce)
    cases = [
        # Swapping the bishop with the knight puts a black knight on f3, a knight square of e1.
        (make("7k/8/8/8/6n1/5B2/8/4K3 w - - 0 1", white=["chasse_croise"]), "chasse_croise", "king_exposed"),
        # The knight on e4 is the first piece on the king's file; sent home, it opens the file.
        (make("4r2k/8/8/8/4N3/8/4K3/8 w - - 0 1", white=["rappel"]), "rappel", "king_exposed"),
        # The rook exiled to the only empty corner, h1, checks along the empty first rank.
        (make("k6N/8/8/1r6/8/8/8/B3K3 w - - 0 1", white=["exil"]), "exil", "king_exposed"),
        # Far from the king, but the Truce forbids destroying an enemy piece.
        (truce, "frappe_celeste", "truce"),
        # Stalemated but for a card (Heaven's Strike on the queen): Shield adds to a move
        # there is none of.
        (make("7k/8/8/8/8/1q5p/7P/K7 w - - 0 1", white=["bouclier", "frappe_celeste"]), "bouclier", "no_follow_move"),
    ]
    for s, card, why in cases:
        assert not s.king_attacked(s.us), s.board.fen()
        assert list(CARD_EFFECTS[card].targetings(s)), (card, s.board.fen())
        assert not rules.card_playable(s, card) and rules.card_why_not(s, card) == why, (card, s.board.fen())
        assert rules.hand_reasons(s, [card]) == {card: why}, (card, s.board.fen())


def test_a_footprint_beyond_the_targeting_is_looked_at() -> None:
    """A card's ``footprint`` beyond its targeting's squares is what the greyed-out test looks
    at: an explosion next to a piece shielding the king (a capture setting dynamite off, a
    Kamikaze) exposes it, and a pawn of a Forced March stepping between a checking rook and
    the king ends the check. Judged on the targeting's squares alone, the first two would be
    shown playable and the third greyed."""
    # Gallop's only targeting takes the dynamite pawn on f4; the blast removes the knight on e3.
    gallop = make("k3r3/6P1/5P2/7B/5p2/4N1N1/8/4K3 w - - 0 1", white=["cavalcade"], statuses={"f4": ["dynamite"]})
    # Kamikaze's only targeting is the pawn on f4, next to the knight on e3.
    kamikaze = make("k3r3/8/8/6p1/5P2/4N3/8/4K3 w - - 0 1", white=["kamikaze"])
    for s, card in ((gallop, "cavalcade"), (kamikaze, "kamikaze")):
        assert not s.king_attacked(s.us) and len(list(CARD_EFFECTS[card].targetings(s))) == 1, s.board.fen()
        assert not rules.card_playable(s, card) and rules.hand_reasons(s, [card]) == {card: "king_exposed"}
    # In check along the fourth rank: the pawn on d3 steps to d4, between the rook and the king.
    march = make("7k/8/8/8/K6r/3P4/8/8 w - - 0 1", white=["marche_forcee"])
    assert march.king_attacked(march.us)
    assert rules.card_playable(march, "marche_forcee") and rules.hand_reasons(march, ["marche_forcee"]) == {"marche_forcee": None}
    assert [tg["squares"] for tg in rules.card_actions(march, "marche_forcee")] == [["d3"]]
