"""Engine speed: UnfairChess self-play and perft against python-chess, in one run.

    python3 bench/engine.py            # about a minute; prints the figures and the ratios
    python3 bench/engine.py --quick    # a few seconds, for a smoke test
    python3 bench/engine.py --json     # one JSON object

(a) plies per second of random self-play **with cards** through the Game interface (the
random bot, which determinizes each turn and plays a card 25 % of the time) against
python-chess random self-play on plain chess (``list(board.legal_moves)``, a random choice,
``push``). Both stop at checkmate/stalemate or at the ply cap. Two more rows show where our
time goes: the same games without determinization, and plain moves only (no cards).

(b) perft nodes per second of our generator (``rules.gen_moves`` + ``rules.apply_move``,
see ``donjon perft``) against python-chess perft (push/pop), both bulk-counting the leaves,
on the six standard positions of the chess programming wiki at depth 3.

Targets: self-play with cards >= 0.5x python-chess; plain perft >= 1.0x.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import chess

from donjon.bots import RandomBot
from donjon.games.unfairchess import GAME, rules
from donjon.games.unfairchess.bots.random_play import random_card_targeting
from donjon.games.unfairchess.perft import chess_perft, perft, plain_state
from donjon.games.unfairchess.state import State

PERFT_POSITIONS = {
    "initial": chess.STARTING_FEN,
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position3": "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "position4": "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "position5": "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "position6": "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
}


# ------------------------------------------------------------------ self-play


def selfplay_ours(games: int, max_plies: int, seed: int) -> tuple[int, float]:
    """Random bots with cards through the Game interface (determinize + choose + apply)."""
    bot = RandomBot(card_prob=0.25)
    plies = 0
    t0 = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        st = GAME.setup(2, seed + g)
        while st.result is None and st.plies < max_plies:
            st = GAME.apply(st, st.seat, bot.choose(GAME, st, st.seat, rng))
        plies += st.plies
    return plies, time.perf_counter() - t0


def selfplay_engine(games: int, max_plies: int, seed: int, card_prob: float) -> tuple[int, float]:
    """The same random player without determinization: engine cost only."""
    plies = 0
    t0 = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        st: State = GAME.setup(2, seed + g)
        while st.result is None and st.plies < max_plies:
            action = None
            if st.ordering:  # Foresight's follow-up: put the cards back in a random order
                st = rules.put_back(st, rng.choice(rules.order_actions(st)))
                continue
            if not st.must_move and (not st.moves or rng.random() < card_prob):
                cards = list(dict.fromkeys(st.hands[st.seat]))
                rng.shuffle(cards)
                for c in cards:
                    tg = random_card_targeting(st, c, rng)
                    if tg is not None:
                        action = {"type": "card", "card": c, **tg}
                        break
            if action is None:
                st = rules.apply_move(st, rng.choice(st.moves or []))
            else:
                st = GAME.apply(st, st.seat, action)
        plies += st.plies
    return plies, time.perf_counter() - t0


def selfplay_python_chess(games: int, max_plies: int, seed: int) -> tuple[int, float]:
    plies = 0
    t0 = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        board = chess.Board()
        n = 0
        while n < max_plies:
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            n += 1
        plies += n
    return plies, time.perf_counter() - t0


# ------------------------------------------------------------------ perft


def perft_ours(depth: int) -> tuple[int, float]:
    states = [plain_state(fen) for fen in PERFT_POSITIONS.values()]
    t0 = time.perf_counter()
    nodes = sum(perft(st, depth) for st in states)
    return nodes, time.perf_counter() - t0


def perft_python_chess(depth: int) -> tuple[int, float]:
    boards = [chess.Board(fen) for fen in PERFT_POSITIONS.values()]
    t0 = time.perf_counter()
    nodes = sum(chess_perft(b, depth) for b in boards)
    return nodes, time.perf_counter() - t0


def best_of(repeats: int, fn: Callable[[], tuple[int, float]]) -> tuple[int, float]:
    """The fastest of ``repeats`` runs (the least disturbed by other processes)."""
    runs = [fn() for _ in range(repeats)]
    return min(runs, key=lambda r: r[1])


def measure(quick: bool = False) -> dict[str, Any]:
    games = 4 if quick else 40
    max_plies = 300
    repeats = 1 if quick else 3
    depth = 2 if quick else 3
    seed = 1000
    rows: dict[str, Any] = {}

    def rate(name: str, result: tuple[int, float], unit: str) -> None:
        n, s = result
        rows[name] = {unit: n, "seconds": round(s, 3), f"{unit}_per_second": round(n / s, 1)}

    rate("selfplay_cards_bot", best_of(repeats, lambda: selfplay_ours(games, max_plies, seed)), "plies")
    rate("selfplay_cards_engine", best_of(repeats, lambda: selfplay_engine(games, max_plies, seed, 0.25)), "plies")
    rate("selfplay_moves_only", best_of(repeats, lambda: selfplay_engine(games, max_plies, seed, 0.0)), "plies")
    rate("selfplay_python_chess", best_of(repeats, lambda: selfplay_python_chess(games, max_plies, seed)), "plies")
    rate("perft_ours", best_of(repeats, lambda: perft_ours(depth)), "nodes")
    rate("perft_python_chess", best_of(repeats, lambda: perft_python_chess(depth)), "nodes")
    pc = rows["selfplay_python_chess"]["plies_per_second"]
    ratios = {
        "selfplay_cards_bot_vs_python_chess": round(rows["selfplay_cards_bot"]["plies_per_second"] / pc, 3),
        "selfplay_cards_engine_vs_python_chess": round(rows["selfplay_cards_engine"]["plies_per_second"] / pc, 3),
        "selfplay_moves_only_vs_python_chess": round(rows["selfplay_moves_only"]["plies_per_second"] / pc, 3),
        "perft_vs_python_chess": round(rows["perft_ours"]["nodes_per_second"] / rows["perft_python_chess"]["nodes_per_second"], 3),
    }
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "chess": chess.__version__,
        "games": games,
        "max_plies": max_plies,
        "perft_depth": depth,
        "repeats_best_of": repeats,
        "rows": rows,
        "ratios": ratios,
        "targets": {"selfplay_cards_bot_vs_python_chess": 0.5, "perft_vs_python_chess": 1.0},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds (smoke test)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.quick)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Python {result['python']} ({result['implementation']}), python-chess {result['chess']}")
    print(f"self-play: {result['games']} games, cap {result['max_plies']} plies; perft: six positions, depth "
          f"{result['perft_depth']}; best of {result['repeats_best_of']}")
    for name, row in result["rows"].items():
        unit = "plies" if "plies" in row else "nodes"
        print(f"  {name:24s} {row[unit]:>9} {unit} in {row['seconds']:>7.3f}s = {row[unit + '_per_second']:>11.1f} {unit}/s")
    for name, ratio in result["ratios"].items():
        target = result["targets"].get(name)
        print(f"  {name:40s} {ratio:6.3f}x" + (f"  (target >= {target}x)" if target else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
