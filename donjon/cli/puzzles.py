"""``donjon puzzles generate|list [--game G]``: the puzzles of the games that have some
(``GameInfo.puzzles``, :class:`donjon.games.puzzles.PuzzleSource`).

``generate`` asks each game's source for more puzzles, written to its data file (or
``--out``) as they are found, until ``--count`` or ``--minutes``; run again, it resumes where
it stopped. ``list`` prints them (``--json``: id, game, seat, themes, rating, solver actions
and the stored line).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from donjon.cli.console import Console
from donjon.cli.terminal import Subparsers
from donjon.games import games


def add(sub: Subparsers) -> None:
    p = sub.add_parser("puzzles", help="generate or list the games' puzzles",
                       description="Puzzles: positions where one line wins, mined from bot self-play.")
    ps = p.add_subparsers(dest="puzzles_command", metavar="ACTION", required=True)
    with_puzzles = [g.id for g in games() if g.info.puzzles is not None]
    hint = f"only this game ({', '.join(with_puzzles) or 'none has puzzles'}); default: every game with puzzles"
    g = ps.add_parser("generate", help="mine more puzzles (resumable)")
    g.add_argument("--game", help=hint)
    g.add_argument("--count", type=int, default=500, help="stop once the file holds this many (default 500)")
    g.add_argument("--minutes", type=float, default=60.0, help="stop after this long (default 60)")
    g.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    g.add_argument("--seed", type=int, help="first self-play game seed (default: where the file stopped)")
    g.add_argument("--out", type=Path, help="the data file (default: the game's shipped file)")
    g.set_defaults(run=run_generate)
    li = ps.add_parser("list", help="list the shipped puzzles")
    li.add_argument("--game", help=hint)
    li.add_argument("--json", action="store_true", help="print them as JSON")
    li.set_defaults(run=run_list)


def _sources(console: Console, game: str | None) -> list[tuple[str, object]] | None:
    chosen = [(g.id, g.info.puzzles()) for g in games() if g.info.puzzles is not None and game in (None, g.id)]
    if game is not None and not chosen:
        console.error(f"no game {game!r} with puzzles; games with puzzles: "
                      f"{', '.join(g.id for g in games() if g.info.puzzles is not None) or 'none'}")
        return None
    return chosen


def run_generate(args: argparse.Namespace, console: Console) -> int:
    sources = _sources(console, args.game)
    if sources is None:
        return 2
    if args.count < 1 or args.minutes <= 0 or args.jobs < 1:
        console.error("--count and --jobs must be at least 1, --minutes more than 0")
        return 2
    command = "donjon " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:2] == ["puzzles"] else ""
    for gid, src in sources:
        n = src.generate(args.out, count=args.count, minutes=args.minutes, jobs=args.jobs,  # type: ignore[attr-defined]
                         seed=args.seed, command=command, log=lambda line, gid=gid: console.print(f"{gid}: {line}"))
        console.print(f"{gid}: {n} puzzles")
    return 0


def run_list(args: argparse.Namespace, console: Console) -> int:
    sources = _sources(console, args.game)
    if sources is None:
        return 2
    out = [p.to_json() for _, src in sources for p in src.load()]  # type: ignore[attr-defined]
    if args.json:
        console.json(out)
        return 0
    for p in out:
        console.print(f"{p['game']:<12} {p['id']:<10} {p['rating']:>5}  {p['moves']} move(s)  {', '.join(p['themes'])}")
    console.print(f"{len(out)} puzzles")
    return 0
