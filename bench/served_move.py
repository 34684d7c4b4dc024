"""CPU of one served UnfairChess move without sockets or database, against python-chess.

What the server does for every accepted move once the intent is parsed, in process: the
room's :meth:`Match.step` (the rules check and apply the move), then each seat's view and
brief legal list (what ``legal: "lazy"`` clients get) and its frame as JSON text, exactly as
:meth:`Room.broadcast_event` builds them. Games are random: the side to act picks a uniformly
random normal move (as ``bench/load.py`` does without ``--cards``), capped at ``--plies``.

The reference, measured in the same run: python-chess listing the legal moves of the same
positions' boards and pushing the same moves (what any chess server must do at least).
Printed: microseconds per served move, each part's share, and the ratio to the reference, so
figures from machines of different speeds compare::

    python bench/served_move.py                 # 60 games of up to 80 plies, best of 3
    python bench/served_move.py --games 20 --repeats 1
    python bench/served_move.py --profile       # cProfile's top functions as well
    python bench/served_move.py --gaps 0,1,5    # CPU per move when the thread pauses between moves

``--gaps``: the same moves served with the thread sleeping (or, with ``--spin``, busy with a
tight loop) the given milliseconds before each move, as a server's event loop does between the
messages of players who think; each move's CPU is read with ``time.thread_time_ns`` around the
move alone, the gaps alternated in every repeat, and printed with the ratio to the no-gap run.
``bench/chessjs_gap.js`` measures the same for the chess.js rules the peer servers run.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from types import SimpleNamespace

import chess

from donjon.games import get_game
from donjon.server.match import Match
from donjon.server.rooms import Room, dumps


def make_room(seed: int) -> Room:
    game = get_game("unfairchess")
    match = Match.start(game, 2, seed, None)
    row = SimpleNamespace(id=f"g{seed}", kind="unfairchess", mode="friendly", stake=0, seed=seed, options={},
                          table_id=None, rematch_of=None, created_at=0.0, time_control=None, speed=None)
    seats = [SimpleNamespace(seat=s, user_id=s + 1, name=f"p{s}", bot_level=None, away_since=None, claim_at=None,
                             deadline_at=None, deadline_kind=None) for s in range(2)]
    return Room(row, seats, match, 64)  # type: ignore[arg-type]


def record_games(games: int, plies: int, seed: int) -> list[list[str]]:
    """The UCI moves of each random game (chosen once, replayed by every timed run)."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        room = make_room(seed + g)
        moves: list[str] = []
        m = room.match
        while m.active and len(moves) < plies:
            _, legal = room.view_for(m, m.to_act()[0], True)
            ucis = [a["uci"] for a in legal if a.get("type") == "move"]
            if not ucis:
                break
            uci = rng.choice(ucis)
            m = m.step("play", m.to_act()[0], {"action": {"type": "move", "uci": uci}})
            room.match = m
            moves.append(uci)
        out.append(moves)
    return out


def serve_move(room: Room, uci: str, clock: Callable[[], float]) -> tuple[float, float, float]:
    """Serve the move ``uci`` in ``room`` as the server does; returns the ``clock``'s time in
    the rules (:meth:`Match.step`), in the views and legal lists, and in the frames (JSON)."""
    m = room.match
    seat = m.to_act()[0]
    t0 = clock()
    nxt = m.step("play", seat, {"action": {"type": "move", "uci": uci}})
    t1 = clock()
    room.match = nxt
    event = {"kind": "play", "by": seat, "action": {"type": "move", "uci": uci}}
    room.history.append((nxt, event))
    meta = room.meta(nxt)
    views = room.views_for(nxt, [(0, True), (1, True)])
    t2 = clock()
    frames = [dumps(room.event_frame(nxt, event, s, True, meta)) for s in (0, 1)]
    t3 = clock()
    del views, frames
    return t1 - t0, t2 - t1, t3 - t2


def serve(games: list[list[str]], seed: int, parts: dict[str, float]) -> int:
    """Replay the games as the server serves them; adds each part's seconds to ``parts``."""
    n = 0
    for g, moves in enumerate(games):
        room = make_room(seed + g)
        for uci in moves:
            rules, views, frames = serve_move(room, uci, time.perf_counter)
            parts["rules (Match.step)"] += rules
            parts["views + legal"] += views
            parts["frames (JSON)"] += frames
            n += 1
    return n


def serve_with_gap(games: list[list[str]], seed: int, gap_ms: float, spin: bool) -> float:
    """Microseconds of this thread's CPU per served move, pausing ``gap_ms`` before each move
    (sleeping, or spinning on the clock with ``spin``); the pause itself is not counted."""
    cpu = 0
    n = 0
    gap = gap_ms / 1000
    for g, moves in enumerate(games):
        room = make_room(seed + g)
        for uci in moves:
            if gap and spin:
                end = time.perf_counter() + gap
                while time.perf_counter() < end:
                    pass
            elif gap:
                time.sleep(gap)
            cpu += sum(serve_move(room, uci, time.thread_time_ns))
            n += 1
    return cpu / n / 1000


def main_gaps(games: list[list[str]], seed: int, gaps: list[float], repeats: int, spin: bool) -> int:
    runs: dict[float, list[float]] = {g: [] for g in gaps}
    gc.disable()  # the collector's passes would land on whichever move triggers them
    for _ in range(repeats):
        for g in gaps:
            runs[g].append(serve_with_gap(games, seed, g, spin))
    gc.enable()
    base = statistics.median(runs[gaps[0]])
    how = "spinning" if spin else "sleeping"
    print(f"Python {sys.version.split()[0]}; {len(games)} games, {sum(map(len, games))} moves; "
          f"{repeats} alternating repeats; CPU of the move alone, {how} between moves")
    for g in gaps:
        med = statistics.median(runs[g])
        print(f"gap {g:5.1f} ms: {med:7.1f} us CPU per served move (median; runs "
              f"{', '.join(f'{x:.0f}' for x in runs[g])})  {med / base:.2f}x gap {gaps[0]:g} ms")
    return 0


def reference(games: list[list[str]]) -> float:
    """python-chess: list the legal moves of each position, then push the game's move."""
    t0 = time.perf_counter()
    for moves in games:
        board = chess.Board()
        for uci in moves:
            legal = list(board.legal_moves)
            mv = chess.Move.from_uci(uci)
            if mv not in legal:  # a card-free game never differs from chess here
                break
            board.push(mv)
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--plies", type=int, default=80)
    p.add_argument("--seed", type=int, default=5000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--profile", action="store_true", help="also print cProfile's top 25 by own time")
    p.add_argument("--gaps", help="comma-separated pauses in ms before each move (e.g. 0,1,5): print the CPU "
                                  "per move at each instead of the parts")
    p.add_argument("--spin", action="store_true", help="with --gaps: spin on the clock instead of sleeping")
    args = p.parse_args(argv)
    games = record_games(args.games, args.plies, args.seed)
    if args.gaps:
        return main_gaps(games, args.seed, [float(x) for x in args.gaps.split(",")], args.repeats, args.spin)
    total_moves = sum(map(len, games))
    gc.collect()
    best: tuple[float, dict[str, float]] | None = None
    ref_best = float("inf")
    for _ in range(args.repeats):
        parts = dict.fromkeys(("rules (Match.step)", "views + legal", "frames (JSON)"), 0.0)
        t0 = time.perf_counter()
        n = serve(games, args.seed, parts)
        took = time.perf_counter() - t0
        if best is None or took < best[0]:
            best = (took, parts)
        ref_best = min(ref_best, reference(games))
    assert best is not None
    took, parts = best
    per = took / n * 1e6
    ref_per = ref_best / total_moves * 1e6
    print(f"Python {sys.version.split()[0]}; {len(games)} games, {n} served moves; best of {args.repeats}")
    print(f"served move: {per:8.1f} us  (loop included)")
    for k, v in parts.items():
        print(f"  {k:22s} {v / n * 1e6:8.1f} us  {100 * v / took:5.1f} %")
    print(f"python-chess reference (legal list + push): {ref_per:6.1f} us per move")
    print(f"served move / reference: {per / ref_per:.1f}x")
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        serve(games, args.seed, dict.fromkeys(parts, 0.0))
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
