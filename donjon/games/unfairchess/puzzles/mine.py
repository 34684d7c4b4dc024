"""Mining puzzles from bot self-play (``donjon puzzles generate --game unfairchess``).

Games are played by the search bot's ``easy`` and ``normal`` levels without their clocks
(easy blunders: that is where puzzles come from), game ``seed`` after game; every search is
capped in nodes, not in time, so the file depends only on the seeds the command went through. The game's own course is the first,
free filter (:func:`candidates`): a position is looked at only if the side to act mated at
that turn or the next, or won three points of material at that turn and kept them. Such a
position must be one setup can rebuild (no walls, no timed restriction, no Shield, no
Foresight knowledge; :func:`setup_options`); it is *rebuilt* from those options and every
check runs on the rebuilt state, so a stored puzzle is exactly what the checks saw.
Cheapest first:

1. a win at once (:func:`~.solve.winning_turns`, exhaustive): a mate in 1 if exactly one
   first action wins (two or more: no puzzle);
2. in one game in :data:`MATE2_EVERY`, where the game ended in a mate at the solver's next
   turn and the turn played forces it (every answer of the defender, its cards included):
   a forced win in two turns, proved unique over every first action
   (:func:`~.solve.mate_solution`), within :data:`MATE2_APPLIES` actions applied;
3. where material was won: a one-ply search with captures (200 nodes per first action) must
   show the gain; then the search at :data:`~.solve.BUDGET` confirms it
   (:func:`~.solve.material_solution`).

Found puzzles are written to the output file after each game (atomically), with the next game
seed, so a stopped run loses at most one game and ``generate`` resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from donjon.games.protocol import IllegalAction
from donjon.games.unfairchess.bots.search import LEVELS, UnfairChessSearchBot
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.game import GAME, public_statuses
from donjon.games.unfairchess.puzzles import solve
from donjon.games.unfairchess.state import State, seat_of, sq_name

MAX_PLIES = 160
MAX_SOLVER_ACTIONS = 3
"""A solution is at most three of the solver's actions (two add-to-move cards make four)."""
BATCH = 4
MATE2_EVERY = 2
"""Mates in 2 are looked for in one game in two (seeds divisible by it)."""
MATE2_APPLIES = 2000
"""A mate in 2 is given up after this many actions applied in its search (a proof over every
first action, card plays included, can cost tens of games of the other checks)."""
"""Games handed to each worker at a time (the workers take them as they finish)."""
QUICK = solve.Budget(depth=1, nodes=200, threats=0)
"""The material pre-filter: one ply and the captures, 200 nodes per first action."""

RATING = {"mate_in_1": 1100, "mate_in_2": 1500, "material": 1300}
"""A new puzzle's rating by kind; a card in the solution adds :data:`CARD_BONUS`."""
CARD_BONUS = 150

CARD_NUMBER = {cid: c.number for cid, c in CARDS.items()}
CARD_BY_NUMBER = {c.number: cid for cid, c in CARDS.items()}


def setup_options(st: State) -> dict[str, Any] | None:
    """The setup options that rebuild ``st`` (position, hands, decks, discard, statuses,
    traps), or None when ``st`` holds something setup cannot give (walls, timed
    restrictions, Shield, known cards, a half-played turn)."""
    if (st.result is not None or st.must_move or st.ordering or st.card_played or st.walls or st.restrictions
            or st.shield_until or any(st.known_top) or any(st.known_by_opp) or st.suspended or st.can_save):
        return None
    if any("converted" in s or "shield" in s for s in st.statuses.values()):
        return None
    opts: dict[str, Any] = {"fen": st.fen(), "hands": {"0": list(st.hands[0]), "1": list(st.hands[1])},
                            "decks": {"0": list(st.decks[0]), "1": list(st.decks[1])},
                            "discard": [dict(d) for d in st.discard]}
    statuses = public_statuses(st)
    if statuses:
        opts["statuses"] = statuses
    if st.traps:
        opts["traps"] = {sq_name(sq): seat_of(c) for sq, c in sorted(st.traps.items())}
    return opts


def pack_decks(options: dict[str, Any]) -> dict[str, Any]:
    """Options as stored: each deck a string of card numbers (the file stays small)."""
    out = dict(options)
    out["decks"] = {s: " ".join(str(CARD_NUMBER[c]) for c in d) for s, d in options["decks"].items()}
    return out


def unpack_decks(options: dict[str, Any]) -> dict[str, Any]:
    out = dict(options)
    out["decks"] = {s: [CARD_BY_NUMBER[int(n)] for n in d.split()] for s, d in options["decks"].items()}
    return out


def puzzle_id(options: dict[str, Any], seat: int) -> str:
    text = json.dumps([options["fen"], options["hands"], seat], sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def themes(sol: solve.Solution, seat: int) -> list[str]:
    out = [f"mate_in_{sol.turns}"] if sol.kind == "mate" else ["material"]
    for entry in sol.line:
        a = entry["action"]
        if entry["seat"] == seat and a.get("type") == "card":
            t = f"card:{a['card']}"
            if t not in out:
                out.append(t)
    return out


def _turn_end(states: list[State], i: int) -> int:
    """The index of the state after the turn that starts at ``states[i]`` (an add-to-move card
    and its move are one turn)."""
    seat = states[i].seat
    j = i + 1
    while j < len(states) - 1 and states[j].result is None and states[j].seat == seat:
        j += 1
    return j


def candidates(states: list[State]) -> list[tuple[int, str]]:
    """The positions of a played game worth checking, each with what to look for, from the
    game's own course (the cheap filter; the checks decide): ``mate1`` where the side to act
    mated at this turn, ``mate2`` where it mated at its next turn, ``material`` where its turn
    won three points of material that the reply did not win back."""
    out = []
    end = states[-1]
    for i, st in enumerate(states[:-1]):
        if st.result is not None or st.must_move or st.ordering:
            continue
        seat = st.seat
        j = _turn_end(states, i)
        if states[j].result is not None:
            if seat in states[j].result.winners:
                out.append((i, "mate1"))
            continue
        if j == len(states) - 1:
            break
        k = _turn_end(states, j)
        if k < len(states) - 1 and end is states[_turn_end(states, k)] and end.result is not None \
                and seat in end.result.winners:
            out.append((i, "mate2"))
        elif solve.material(states[j], seat) - solve.material(st, seat) >= 3 and \
                solve.material(states[k], seat) - solve.material(st, seat) >= 3:
            out.append((i, "material"))
    return out


def find(st: State, game_seed: int, hint: str = "mate2", played: State | None = None) -> dict[str, Any] | None:
    """The puzzle at ``st`` (the side to act solves), or None. ``hint``: ``mate1`` looks for a
    mate in 1 only, ``mate2`` for a mate in 1 or 2, ``material`` for a mate in 1 or a material
    gain. ``played``: for ``mate2``, the state after the turn the game went on with; unless
    that turn forces the win (one check, cheaper than proving every first action), there is no
    mate in 2 to look for."""
    opts = setup_options(st)
    if opts is None:
        return None
    seat = st.seat
    try:
        rebuilt = GAME.setup(2, game_seed, opts)
    except IllegalAction:  # e.g. a trap under a piece, which setup does not place
        return None
    if rebuilt.result is not None or rebuilt.seat != seat or rebuilt.can_save:
        return None
    once = solve.winning_turns(rebuilt, seat, stop=2)
    sol = None
    if len(once) == 1:
        sol = solve.Solution("mate", 1, solve._entries(seat, next(iter(once.values()))))
    elif once:
        return None  # two first actions win at once: no puzzle here
    elif hint == "mate2":
        try:
            with solve.capped(MATE2_APPLIES):
                if played is None or solve.forces_win(played, seat) is not None:
                    sol = solve.mate_solution(rebuilt, seat)
        except solve.OverBudget:
            return None
    elif hint == "material":
        quick = solve.root_scores(rebuilt, seat, QUICK)
        if quick:
            stand = solve.bot_search.evaluate(rebuilt, seat)
            if quick[0][0] - stand >= solve.MIN_GAIN and (len(quick) < 2 or quick[0][0] - quick[1][0] >= solve.MARGIN):
                sol = solve.material_solution(rebuilt, seat)
    if sol is None or sum(e["seat"] == seat for e in sol.line) > MAX_SOLVER_ACTIONS:
        return None
    th = themes(sol, seat)
    rating = RATING[th[0]] + (CARD_BONUS if any(t.startswith("card:") for t in th) else 0)
    return {"id": puzzle_id(opts, seat), "seat": seat, "seed": game_seed, "options": pack_decks(opts),
            "line": sol.line, "themes": th, "rating": rating}


def bot(level: str) -> UnfairChessSearchBot:
    """The search bot of ``level`` without its clock: the same depth, node cap, card and noise
    settings, so that a game (hence the data file) depends only on its seed, not on how busy
    the machine was."""
    lv = LEVELS[level]
    return UnfairChessSearchBot(time_limit=None, max_depth=lv.max_depth, max_nodes=lv.max_nodes, samples=lv.samples,
                                cards=lv.cards, threats=lv.threats, noise=lv.noise)


def play_game(game_seed: int) -> list[State]:
    """One self-play game: every state, the start first."""
    rng = random.Random(game_seed)
    levels = ["easy", "normal"]
    rng.shuffle(levels)
    bots = [bot(levels[0]), bot(levels[1])]
    st = GAME.setup(2, game_seed)
    out = [st]
    while st.result is None and st.plies < MAX_PLIES:
        seat = st.seat
        st = GAME.apply(st, seat, bots[seat].choose(GAME, st, seat, rng))
        out.append(st)
    return out


def load_file(path: Path) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text("utf-8"))
        return data
    return {"game": "unfairchess", "next_seed": 1, "puzzles": []}


def save_file(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    os.replace(tmp, path)


def mine_game(game_seed: int) -> list[dict[str, Any]]:
    """The puzzles of one self-play game (a worker's job)."""
    found: list[dict[str, Any]] = []
    states = play_game(game_seed)
    for i, hint in candidates(states):
        if hint == "mate2" and game_seed % MATE2_EVERY:
            continue
        p = find(states[i], game_seed, hint, states[_turn_end(states, i)])
        if p is not None and p["id"] not in {q["id"] for q in found}:
            p["source"] = {"game_seed": game_seed, "action": i}
            found.append(p)
    return found


def generate(out: Path, *, count: int, minutes: float, seed: int | None = None, jobs: int = 1,
             command: str = "", log: Callable[[str], None] = print) -> int:
    """Play games from the file's ``next_seed`` (or ``seed``) until ``out`` holds ``count``
    puzzles or ``minutes`` have passed; returns the number of puzzles in the file. ``jobs``
    worker processes play games side by side; their puzzles are kept in game-seed order, so
    the file does not depend on ``jobs``."""
    data = load_file(out)
    if seed is not None:
        data["next_seed"] = seed
    if command:
        data["command"] = command
    data["budget"] = {"depth": solve.BUDGET.depth, "nodes": solve.BUDGET.nodes, "threats": solve.BUDGET.threats,
                      "min_gain": solve.MIN_GAIN, "margin": solve.MARGIN}
    have = {p["id"] for p in data["puzzles"]}
    end = time.monotonic() + minutes * 60
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        while len(data["puzzles"]) < count and time.monotonic() < end:
            seeds = range(data["next_seed"], data["next_seed"] + BATCH * jobs)
            results = pool.imap(mine_game, seeds) if pool is not None else map(mine_game, seeds)
            for game_seed, found in zip(seeds, results, strict=True):
                new = [p for p in found if p["id"] not in have]
                have.update(p["id"] for p in new)
                data["puzzles"].extend(new)
                data["next_seed"] = game_seed + 1
                log(f"game {game_seed}: {len(new)} new, {len(data['puzzles'])} in all")
                save_file(out, data)
                if len(data["puzzles"]) >= count or time.monotonic() >= end:
                    break
    finally:
        if pool is not None:
            pool.terminate()
    return len(data["puzzles"])
