"""The UnfairChess search bot (the easy, normal and hard levels): legal and fair, its tactics,
the plain-chess shortcut and the memoized evaluation."""

from __future__ import annotations

import random
from typing import Any

import chess
import pytest

from donjon.bots.levels import make_bot
from donjon.games.unfairchess import GAME as UC
from donjon.games.unfairchess.bots.search import (
    UnfairChessSearchBot,
    _board_eval_white,
    _FastPos,
    _material_phase,
    _pseudo_moves,
    action_key,
    board_eval_white,
)
from donjon.games.unfairchess.state import State


def uc_setup(fen: str, white: list[str] | None = None, black: list[str] | None = None) -> State:
    return UC.setup(2, 1, {"fen": fen, "hands": {"0": white or [], "1": black or []}, "decks": {"0": [], "1": []}})


def test_search_sends_only_legal_actions_and_never_mutates() -> None:
    bot = UnfairChessSearchBot(time_limit=None, max_depth=2, max_nodes=3000, samples=2, cards=3, threats=2)
    other = make_bot("unfairchess", "random")
    rng = random.Random(3)
    state = UC.setup(2, 5)
    decisions = 0
    for step in range(14):
        to_act = UC.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        if step % 2 == 0:
            before = UC.dump(state)
            action = bot.choose(UC, state, seat, rng)
            assert UC.dump(state) == before
            assert action in UC.legal_actions(state, seat), action
            decisions += 1
        else:
            action = other.choose(UC, state, seat, rng)
        state = UC.apply(state, seat, action)
    assert decisions >= 5


def test_unfairchess_search_plays_cards_legally() -> None:
    # White holds Celestial Strike and can destroy the undefended black queen with it.
    s = uc_setup("4k3/8/8/3q4/8/8/8/4K3 w - - 0 1", white=["frappe_celeste"])
    bot = UnfairChessSearchBot(time_limit=None, max_depth=2, samples=1)
    action = bot.choose(UC, s, 0, random.Random(1))
    assert action in UC.legal_actions(s, 0)
    assert action == {"type": "card", "card": "frappe_celeste", "squares": ["d5"]}


# ---------------------------------------------------------------------------- fairness


def _uc_twin(state: State) -> State:
    """The same state for seat 0, with Black's hand and both deck orders changed."""
    twin = state.copy()
    pool = twin.hands[1] + twin.decks[1]
    random.Random(99).shuffle(pool)
    twin.hands[1], twin.decks[1] = pool[:4], pool[4:]
    random.Random(98).shuffle(twin.decks[0])
    return twin


def test_unfairchess_search_is_fair() -> None:
    s = UC.setup(2, 21)
    s = UC.apply(s, 0, {"type": "move", "uci": "e2e4"})
    s = UC.apply(s, 1, {"type": "move", "uci": "e7e5"})
    twin = _uc_twin(s)
    assert twin.hands[1] != s.hands[1] and twin.decks[0] != s.decks[0]
    assert UC.view(twin, 0) == UC.view(s, 0)
    bot = UnfairChessSearchBot(time_limit=None, max_depth=3, max_nodes=6000, samples=2, cards=4, threats=3)
    for seed in range(3):
        assert bot.choose(UC, s, 0, random.Random(seed)) == bot.choose(UC, twin, 0, random.Random(seed))


# ---------------------------------------------------------------------------- tactics


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_unfairchess_search_mates_in_one(level: str) -> None:
    s = uc_setup("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", black=["sommeil"])
    assert UnfairChessSearchBot(level).choose(UC, s, 0, random.Random(2)) == {"type": "move", "uci": "a1a8"}


def test_unfairchess_search_mates_in_two() -> None:
    # The back rank: 1. Re8+ Rxe8 2. Rxe8#.
    s = uc_setup("2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1")
    action = UnfairChessSearchBot(time_limit=None, max_depth=4, samples=1).choose(UC, s, 0, random.Random(1))
    assert action == {"type": "move", "uci": "e2e8"}


@pytest.mark.parametrize("fen", [
    "6k1/8/5p2/4p3/3Q4/8/8/6K1 w - - 0 1",  # the queen is attacked by a pawn; Qxe5?? fxe5
    "4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1",  # the black queen is attacked by a pawn
])
def test_unfairchess_search_does_not_hang_its_queen(fen: str) -> None:
    s = uc_setup(fen)
    seat = s.seat
    us = s.board.turn
    for level in ("normal", "hard"):
        action = UnfairChessSearchBot(level).choose(UC, s, seat, random.Random(4))
        after = UC.apply(s, seat, action)
        queens = after.board.pieces(chess.QUEEN, us)
        assert queens, action
        (q,) = queens
        assert not after.board.is_attacked_by(not us, q), action


@pytest.mark.parametrize("fen", [
    "6k1/8/5p2/4p3/3Q4/8/8/6K1 w - - 0 1",
    "4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1",
])
def test_unfairchess_search_out_of_time_still_searches_one_ply(fen: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A busy machine: every look at the clock finds a second gone, so each deadline has
    # passed. The move must still come from a finished one-ply search, not from its prior.
    import types

    import donjon.games.unfairchess.bots.search as search

    ticks = iter(range(10**9))
    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=lambda: float(next(ticks))))
    s = uc_setup(fen)
    us = s.board.turn
    for level in ("normal", "hard"):
        bot = UnfairChessSearchBot(level)
        after = UC.apply(s, s.seat, bot.choose(UC, s, s.seat, random.Random(4)))
        (q,) = after.board.pieces(chess.QUEEN, us)
        assert not after.board.is_attacked_by(not us, q), level


def test_unfairchess_search_fears_the_opponents_cards() -> None:
    # Black's queen could take the e4 pawn, but White (as sampled: every unseen card is a
    # Celestial Strike here) would destroy it with a card; with nothing else to do it still
    # must not blunder material, and the chosen action is legal.
    s = uc_setup("4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1", white=["frappe_celeste"])
    action = UnfairChessSearchBot(time_limit=None, max_depth=3, samples=1, threats=3).choose(UC, s, 1, random.Random(1))
    assert action in UC.legal_actions(s, 1)


# ---------------------------------------------------------------------------- plain chess


NO_CARDS: dict[str, Any] = {"hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}}


def test_no_cards_is_plain_chess_and_searched_once() -> None:
    s = UC.setup(2, 3, NO_CARDS)
    assert all(a["type"] == "move" for a in UC.legal_actions(s, 0))
    bot = UnfairChessSearchBot(time_limit=None, max_depth=2, samples=3)
    action = bot.choose(UC, s, 0, random.Random(1))
    assert action in UC.legal_actions(s, 0)
    assert len(bot.last) == 1  # nothing is hidden: one search, not three identical ones
    with_cards = UC.setup(2, 3)
    bot.choose(UC, with_cards, 0, random.Random(1))
    assert len(bot.last) == 3


def test_memoized_evaluation_matches_and_is_symmetric() -> None:
    rng = random.Random(5)
    for _ in range(6):
        b = chess.Board()
        for _ in range(rng.randrange(4, 60)):
            moves = list(b.legal_moves)
            if not moves:
                break
            b.push(rng.choice(moves))
        assert board_eval_white(b) == _board_eval_white(b)
        assert board_eval_white(b) == board_eval_white(b)  # from the memo
        assert board_eval_white(b.mirror()) == -board_eval_white(b)


def test_search_takes_a_hanging_rook_in_plain_chess() -> None:
    s = UC.setup(2, 1, {**NO_CARDS, "fen": "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1"})
    action = UnfairChessSearchBot(time_limit=None, max_depth=3, samples=1).choose(UC, s, 0, random.Random(1))
    assert action == {"type": "move", "uci": "e3d5"}


_TRICKY_FENS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  # castling, pins
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",  # en passant along a rank
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",  # promotions
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
]


def _fields(b: chess.Board) -> tuple[Any, ...]:
    return (b.board_fen(), b.turn, b.clean_castling_rights(), b.ep_square)


def test_fast_position_moves_like_python_chess() -> None:
    """The search's own move generation and make/unmake agree with python-chess on every
    pseudo-legal move of random games: same moves, same position after, the same verdict on
    legality, the incremental material equal to a full count, and unmake restores all."""
    rng = random.Random(11)
    checked = 0
    for g in range(12):
        ref = chess.Board(_TRICKY_FENS[g % len(_TRICKY_FENS)])
        pos = _FastPos(ref.copy(stack=False), {}, {})
        for _ in range(rng.randrange(10, 80)):
            b = pos.board
            assert set(_pseudo_moves(b, False)) == set(ref.generate_pseudo_legal_moves())
            captures = {m for m in ref.generate_pseudo_legal_moves()
                        if m.promotion == chess.QUEEN or (ref.is_capture(m) and not m.promotion)}
            assert set(_pseudo_moves(b, True)) == captures
            legal = set(ref.legal_moves)
            for m in pos.moves(ref.is_check()):
                before = _fields(b)
                ok = pos.push(m)
                assert ok == (m in legal), (ref.fen(), m)
                if ok:
                    after = ref.copy()
                    after.push(m)
                    assert _fields(b) == _fields(after)
                    assert (pos.mat, pos.phase) == _material_phase(after)
                pos.pop()
                assert _fields(b) == before
                checked += 1
            if not legal:
                break
            m = rng.choice(sorted(legal, key=lambda x: x.uci()))
            pos.push(m)
            ref.push(m)
    assert checked > 1000


def test_a_return_to_an_earlier_position_scores_as_a_draw() -> None:
    """A rook up, the bot scores the move back into a position of this game as a draw (the
    classical threefold repetition it may lead to) and plays another; asked twice at the same
    turn it answers the same; a bot without that memory scores the same move as a win."""
    s0 = UC.setup(2, 1, {**NO_CARDS, "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"})
    bot = UnfairChessSearchBot(time_limit=None, max_depth=3, samples=1)
    m0 = bot.choose(UC, s0, 0, random.Random(1))
    move = chess.Move.from_uci(m0["uci"])
    assert not s0.board.is_capture(move) and s0.board.piece_type_at(move.from_square) != chess.PAWN
    s = UC.apply(s0, 0, m0)
    black = next(m for m in s.board.legal_moves if s.board.piece_type_at(m.from_square) == chess.KING)
    s = UC.apply(s, 1, {"type": "move", "uci": black.uci()})
    s = UC.apply(s, 0, {"type": "move", "uci": chess.Move(move.to_square, move.from_square).uci()})
    s = UC.apply(s, 1, {"type": "move", "uci": chess.Move(black.to_square, black.from_square).uci()})
    assert s.board.board_fen() == s0.board.board_fen() and s.turn_no > s0.turn_no
    again = bot.choose(UC, s, 0, random.Random(1))
    assert bot.last[0].scores[action_key(m0)] == 0
    assert again != m0
    assert bot.choose(UC, s, 0, random.Random(1)) == again
    fresh = UnfairChessSearchBot(time_limit=None, max_depth=3, samples=1)
    fresh.choose(UC, s, 0, random.Random(1))
    assert fresh.last[0].scores[action_key(m0)] > 300
