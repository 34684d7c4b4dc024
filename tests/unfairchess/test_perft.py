"""Perft: the engine's normal-move generator counts the same nodes as python-chess.

Counts go through ``rules.gen_moves`` (``state.moves``, computed when each turn begins) and
``rules.apply_move`` (a whole referee turn per node). Reference numbers are the chess
programming wiki's; python-chess is asked too, and ``--divide`` pinpoints a mismatch.
"""

from __future__ import annotations

import chess
import pytest

from donjon.games.unfairchess import moves, rules
from donjon.games.unfairchess.perft import chess_divide, chess_perft, perft, perft_divide, plain_state

POSITIONS = {
    "initial": (chess.STARTING_FEN, {1: 20, 2: 400, 3: 8902, 4: 197281}),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", {1: 48, 2: 2039, 3: 97862}),
    "position3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {1: 14, 2: 191, 3: 2812, 4: 43238}),
    "position4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", {1: 6, 2: 264, 3: 9467}),
    "position5": ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {1: 44, 2: 1486, 3: 62379}),
    "position6": ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", {1: 46, 2: 2079, 3: 89890}),
}
CASES = [(name, depth) for name, (_, counts) in POSITIONS.items() for depth in counts]


@pytest.mark.parametrize(("name", "depth"), CASES, ids=[f"{n}-d{d}" for n, d in CASES])
def test_perft_matches_reference(name: str, depth: int) -> None:
    fen, counts = POSITIONS[name]
    assert perft(plain_state(fen), depth) == counts[depth]


@pytest.mark.parametrize("name", list(POSITIONS))
def test_divide_matches_python_chess(name: str) -> None:
    fen = POSITIONS[name][0]
    assert perft_divide(plain_state(fen), 2) == chess_divide(chess.Board(fen), 2)
    assert chess_perft(chess.Board(fen), 2) == POSITIONS[name][1][2]


def _slow_path_state(fen: str):  # type: ignore[no-untyped-def]
    """The same position, with a marker status on both kings.

    ``converted`` changes nothing for the rules, but any status sends ``gen_moves`` down its
    general path (pseudo-legal moves, restriction filter, simulation), which perft then
    checks too. Kings are never captured, so the markers stay for the whole tree.
    """
    st = plain_state(fen)
    for color in (chess.WHITE, chess.BLACK):
        k = st.board.king(color)
        st.statuses[k] = frozenset({"converted"})
    st.moves = rules.gen_moves(st)
    return st


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_general_path(name: str) -> None:
    fen, counts = POSITIONS[name]
    st = _slow_path_state(fen)
    assert st.statuses and not st.result
    assert perft(st, 3) == counts[3]


def test_perft_leaves_statuses_on_kings_and_counts_checkmate() -> None:
    # Fool's mate: no move, the game is over, perft counts 0 below it.
    st = plain_state("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert st.result is not None and st.result.reason == "checkmate"
    assert perft(st, 1) == 0 and perft(st, 3) == 0
    assert perft(st, 0) == 1


def _reference_moves(st, plain: bool) -> set[str]:  # type: ignore[no-untyped-def]
    """The general algorithm, move by move (what gen_moves does when walls stand): every
    pseudo-legal move through the restriction filter, then a simulation if it may set off a
    trigger, else python-chess's own check test."""
    b = st.board
    us = b.turn
    out = set()
    for move in b.generate_pseudo_legal_moves():
        if rules.move_filter_reason(st, move, plain) is not None:
            continue
        if moves._needs_simulation(st, move, plain):
            probe = st.copy()
            if plain:
                probe.walls = {}
            moves.do_move(probe, move)
            if probe.king_exposed(us):
                continue
        elif b.is_into_check(move):
            continue
        out.add(move.uci())
    return out


def test_fast_generator_equals_the_general_algorithm_in_games_with_cards() -> None:
    """``gen_moves`` takes shortcuts when no wall stands (python-chess's legality for moves
    that set off no trigger, masks to find those that may): same set of moves on positions
    from random games with cards (statuses, traps, restrictions, sleepers, shields)."""
    import random

    from donjon.bots import RandomBot
    from donjon.games.unfairchess import GAME

    bot = RandomBot(card_prob=0.5)
    compared = overlay = 0
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME.setup(2, 500 + seed)
        while st.result is None and st.plies < 150:
            for plain in (False, True):
                if plain or not st.walls:
                    assert {m.uci() for m in rules.gen_moves(st, plain)} == _reference_moves(st, plain), st.board.fen()
                    compared += 1
            overlay += bool(st.statuses or st.traps or st.restrictions)
            st = GAME.apply(st, st.seat, bot.choose(GAME, st, st.seat, rng))
    assert compared > 1000 and overlay > 300
