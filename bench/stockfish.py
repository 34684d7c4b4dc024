"""The plain-chess check: the UnfairChess bot, cards disabled, against Stockfish.

    python bench/stockfish.py                          # hard vs skill 0-5, 12 games per skill
    python bench/stockfish.py --skills 3 --games 20 --movetime 0.1 --workers 2 --json out.json

Cards are disabled by the engine's own setup options: empty hands and empty decks for both
seats (``{"hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}}``), so nobody ever holds
a card and UnfairChess is classical chess. The bot plays through the ``Game`` interface as
on the server (``choose`` on the real state; it determinizes itself). Stockfish (the Debian
package, ``/usr/games/stockfish``) plays through ``chess.engine`` UCI with ``Skill Level`` n,
one thread and a fixed time per move (``--movetime``).

Games differ by their opening: each starts from one of :data:`OPENINGS` (a few plies of a
common opening, played for both sides), and each opening is played twice per skill, once with
the bot as White, once as Black. The referee (the UnfairChess engine) decides checkmate and
stalemate; this harness adds the classical draws UnfairChess does not have (threefold
repetition, fifty moves, insufficient material: python-chess's ``is_game_over(claim_draw=True)``)
and adjudicates a game still running at ``--max-plies`` on material (3 pawns ahead wins, as
a tournament does: :func:`donjon.games.unfairchess.tui.adjudicate`).

Per skill level: the bot's score, its 95 % Wilson interval and the Elo difference both imply,
and the bot's think time p50/p95.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import chess
import chess.engine

from donjon.bots.levels import make_bot
from donjon.games import get_game
from donjon.games.unfairchess.tui import MATERIAL
from donjon.stats import percentile, score_summary

NO_CARDS: dict[str, Any] = {"hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}}
"""Setup options of a plain-chess UnfairChess game: no hand, no deck."""

OPENINGS: list[str] = [
    "e2e4 e7e5 g1f3 b8c6",  # open game
    "e2e4 c7c5 g1f3 d7d6",  # Sicilian
    "d2d4 d7d5 c2c4 e7e6",  # Queen's Gambit Declined
    "d2d4 g8f6 c2c4 g7g6",  # King's Indian
    "e2e4 e7e6 d2d4 d7d5",  # French
    "e2e4 c7c6 d2d4 d7d5",  # Caro-Kann
    "c2c4 e7e5 b1c3 g8f6",  # English
    "g1f3 d7d5 g2g3 g8f6",  # Réti
    "e2e4 d7d5 e4d5 d8d5",  # Scandinavian
    "d2d4 g8f6 c2c4 e7e6",  # Nimzo/Queen's Indian complex
]


def stockfish_path() -> str:
    path = shutil.which("stockfish") or "/usr/games/stockfish"
    if not os.path.exists(path):
        raise SystemExit("stockfish not found: apt-get install -y stockfish")
    return path


def play_game(task: tuple[int, int, str, float, int, int]) -> dict[str, Any]:
    """One game: (skill, game index, bot level, movetime, max plies, seed) -> result dict."""
    skill, index, level, movetime, max_plies, seed = task
    opening = OPENINGS[(index // 2) % len(OPENINGS)].split()
    bot_seat = index % 2  # seat 0 is White
    game = get_game("unfairchess")
    bot = make_bot("unfairchess", level)
    rng = random.Random(f"stockfish:{seed}:{skill}:{index}")
    state = game.setup(2, seed + index, NO_CARDS)
    board = chess.Board()
    for uci in opening:
        state = game.apply(state, state.seat, {"type": "move", "uci": uci})
        board.push_uci(uci)
    think: list[float] = []
    engine = chess.engine.SimpleEngine.popen_uci(stockfish_path())
    try:
        engine.configure({"Skill Level": skill, "Threads": 1, "Hash": 16})
        reason = ""
        score = 0.5
        while True:
            out = game.outcome(state)
            if out is not None:
                reason = out.reason
                score = 0.5 if out.draw else (1.0 if bot_seat in out.winners else 0.0)
                break
            if board.is_game_over(claim_draw=True):
                outcome = board.outcome(claim_draw=True)
                reason = outcome.termination.name.lower() if outcome else "draw"
                score = 0.5
                break
            if board.ply() >= max_plies:
                diff = sum(v * (len(board.pieces(pt, chess.WHITE)) - len(board.pieces(pt, chess.BLACK)))
                           for pt, v in MATERIAL.items())
                white_score = 1.0 if diff >= 3 else 0.0 if diff <= -3 else 0.5
                score = white_score if bot_seat == 0 else 1.0 - white_score
                reason = "adjudicated_material" if score != 0.5 else "adjudicated_draw"
                break
            seat = state.seat
            if seat == bot_seat:
                t0 = time.perf_counter()
                action = bot.choose(game, state, seat, rng)
                think.append(time.perf_counter() - t0)
                if action.get("type") != "move":
                    raise RuntimeError(f"the bot sent {action} in a game without cards")
                uci = action["uci"]
            else:
                uci = engine.play(board, chess.engine.Limit(time=movetime)).move.uci()
            state = game.apply(state, seat, {"type": "move", "uci": uci})
            board.push_uci(uci)
            if state.board.board_fen() != board.board_fen():
                raise RuntimeError(f"boards differ after {uci}: {state.board.fen()} vs {board.fen()}")
    finally:
        engine.quit()
    return {"skill": skill, "index": index, "bot_white": bot_seat == 0, "opening": " ".join(opening),
            "score": score, "reason": reason, "plies": board.ply(), "think": think}


def summarize(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for skill in sorted({r["skill"] for r in results}):
        rs = [r for r in results if r["skill"] == skill]
        n = len(rs)
        s = sum(r["score"] for r in rs)
        think = [t for r in rs for t in r["think"]]
        rows.append({
            "skill": skill, "games": n, "score": s,
            "wins": sum(r["score"] == 1.0 for r in rs), "draws": sum(r["score"] == 0.5 for r in rs),
            "losses": sum(r["score"] == 0.0 for r in rs), **score_summary(s, n),
            "think_p50": percentile(think, 0.5), "think_p95": percentile(think, 0.95),
            "think_max": max(think, default=0.0), "decisions": len(think),
            "reasons": {k: sum(r["reason"] == k for r in rs) for k in sorted({r["reason"] for r in rs})},
        })
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--skills", default="0,1,2,3,4,5", help="Stockfish skill levels (0-20)")
    p.add_argument("--games", type=int, default=12, help="games per skill level (even: both colours)")
    p.add_argument("--level", default="hard", help="the UnfairChess bot level")
    p.add_argument("--movetime", type=float, default=0.05, help="Stockfish seconds per move")
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", default=None, help="write every game and the summary to this file")
    args = p.parse_args(argv)
    skills = [int(x) for x in args.skills.split(",")]
    tasks = [(sk, i, args.level, args.movetime, args.max_plies, args.seed) for sk in skills for i in range(args.games)]
    start = time.time()
    load0 = os.getloadavg()
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for r in pool.map(play_game, tasks):
            results.append(r)
            print(f"skill {r['skill']} game {r['index']}: {r['score']} ({r['reason']}, {r['plies']} plies)",
                  file=sys.stderr, flush=True)
    rows = summarize(results)
    elapsed = time.time() - start
    print(f"{args.level} (cards disabled) vs Stockfish {', '.join(map(str, skills))}, {args.games} games per skill, "
          f"{args.movetime} s/move; {elapsed:.0f} s; load average at start {load0[0]:.2f}, "
          f"at end {os.getloadavg()[0]:.2f}")
    print("| skill | score | W–D–L | % | 95 % Wilson | Elo vs skill | 95 % Elo | think p50 | think p95 |")
    print("|---:|---:|---|---:|---|---:|---|---:|---:|")
    for r in rows:
        print(f"| {r['skill']} | {r['score']:g}/{r['games']} | {r['wins']}–{r['draws']}–{r['losses']} | "
              f"{100 * r['pct']:.0f} % | {100 * r['wilson_lo']:.0f}–{100 * r['wilson_hi']:.0f} % | "
              f"{r['elo']:+.0f} | [{r['elo_lo']:+.0f}, {r['elo_hi']:+.0f}] | "
              f"{1000 * r['think_p50']:.0f} ms | {1000 * r['think_p95']:.0f} ms |")
    for r in rows:
        print(f"skill {r['skill']}: endings {r['reasons']}; think max {1000 * r['think_max']:.0f} ms "
              f"over {r['decisions']} decisions")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "elapsed": elapsed, "load_start": load0, "summary": rows,
                       "games": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
