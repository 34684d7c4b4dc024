"""What the stronger levels rely on: the plain-chess shortcut and memoized evaluation of the
UnfairChess search, the Castel greedy bot and the Castel turn search (legal, fair, takes a win)."""

from __future__ import annotations

import random
from typing import Any

import chess

from donjon.bots import get_bot
from donjon.bots.castel_mcts import CastelMCTSBot, _main_actions, castel_values
from donjon.bots.levels import make_bot
from donjon.bots.unfairchess_search import (
    UnfairChessSearchBot,
    _board_eval_white,
    _FastPos,
    _material_phase,
    _pseudo_moves,
    action_key,
    board_eval_white,
)
from donjon.games import get_game
from donjon.games.unfairchess import GAME as UC

NO_CARDS: dict[str, Any] = {"hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}}


# ---------------------------------------------------------------------------- UnfairChess


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


# ---------------------------------------------------------------------------- Castel


def test_castel_greedy_places_and_beats_nothing_worse() -> None:
    game = get_game("castel")
    s = game.setup(2, 11)
    seat = game.to_act(s)[0]
    actions = game.legal_actions(s, seat)
    assert any(a["type"] == "place" for a in actions)
    best = max(castel_values(game.apply(s, seat, a))[seat] for a in actions)
    for bot in (get_bot("greedy"), make_bot("castel", "normal")):
        a = bot.choose(game, s, seat, random.Random(2))
        assert a in actions and a["type"] == "place"
        assert castel_values(game.apply(s, seat, a))[seat] == best


def _last_card_state(game: Any, seed: int) -> tuple[Any, int, str]:
    """A state where the seat to act holds one placeable card and no pile: placing it wins."""
    s = game.setup(2, seed)
    seat = game.to_act(s)[0]
    place = next(a for a in game.legal_actions(s, seat) if a["type"] == "place")
    t = s.copy()
    rest = [c for c in t.hands[seat] if c != place["card"]] + t.piles[seat]
    t.hands[seat] = [place["card"]]
    t.piles[seat] = []
    t.piles[1 - seat] = t.piles[1 - seat] + rest
    return t, seat, place["card"]


def test_castel_turn_search_takes_the_win() -> None:
    game = get_game("castel")
    s, seat, card = _last_card_state(game, 4)
    bot = CastelMCTSBot(search="turn", time_limit=None, iterations=2, width=4, replies=1)
    action = bot.choose(game, s, seat, random.Random(1))
    assert action["type"] == "place" and action["card"] == card
    out = game.outcome(game.apply(s, seat, action))
    assert out is not None and seat in out.winners


def test_castel_turn_search_is_legal_and_fair() -> None:
    game = get_game("castel")
    s = game.setup(2, 8)
    seat = game.to_act(s)[0]
    from tests.bots.test_search_bots import _castel_twin, _public

    twin = _castel_twin(game, s, seat)
    assert twin.hands[1 - seat] != s.hands[1 - seat]
    assert _public(game.view(twin, seat)) == _public(game.view(s, seat))
    for seed in range(2):
        bot = CastelMCTSBot(search="turn", time_limit=None, iterations=2, width=3, replies=1)
        a = bot.choose(game, s, seat, random.Random(seed))
        assert a in game.legal_actions(s, seat)
        assert bot.last_iterations == 2
        b = CastelMCTSBot(search="turn", time_limit=None, iterations=2, width=3, replies=1).choose(
            game, twin, seat, random.Random(seed))
        assert a == b


def test_castel_main_actions_keep_one_exchange_per_card_taken() -> None:
    game = get_game("castel")
    s = game.setup(2, 2)
    seat = game.to_act(s)[0]
    actions = game.legal_actions(s, seat)
    main = _main_actions(s, seat, actions)
    takes = {a["take"] for a in actions if a["type"] == "exchange"}
    kept = [a for a in main if a["type"] == "exchange"]
    assert sorted(a["take"] for a in kept) == sorted(takes)
    assert [a for a in main if a["type"] != "exchange"] == [a for a in actions if a["type"] != "exchange"]
    assert all(a in actions for a in main)
