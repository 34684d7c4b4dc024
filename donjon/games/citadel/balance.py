"""Balance runs: many seeded games per difficulty, played by a team of policies.

    >>> from donjon.games.citadel.balance import win_rates
    >>> rates = win_rates(games=4, players=2, seed=1)
    >>> sorted(rates), rates["normal"]["games"]
    (['easy', 'hard', 'normal'], 4)

A *policy* is ``policy(game, state, seat, rng) -> action``. :func:`random_policy` (the
default) is a planner-free team: it picks a kind of action uniformly (move, open, switch,
rescue, each card, the power, end of actions …) and then one of its targets uniformly, so a
card with hundreds of targets is not chosen hundreds of times more often than a move.
:func:`eager_policy` is a goal-directed team without search (a baseline). The planner team's
bench is ``bench/balance.py`` (docs/benchmarks.md, "Citadel balance"); the treasure minutes
were set so that the normal planner team wins Normal 45–60 %, Easy clearly more and Hard
clearly less (docs/rules/citadel.md, "Treasure minutes").
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from typing import Any

from donjon.games.citadel.board import DOORS_OF, OUTSIDE, ROOM_IDS, WINDOW_ROOMS, other_side
from donjon.games.citadel.catalogue import DIFFICULTIES, TREASURES
from donjon.games.citadel.game import GAME, Citadel
from donjon.games.citadel.state import State
from donjon.games.protocol import Action

Policy = Callable[[Citadel, State, int, random.Random], Action]

MAX_ACTIONS = 20_000
"""A safety cap per game (a random team ends far sooner); a capped game counts as unfinished."""


def _kind(a: Action) -> str:
    return f"{a['type']}:{a.get('card', '')}"


def random_policy(game: Citadel, state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random kind of action, then a uniformly random action of that kind."""
    groups: dict[str, list[Action]] = {}
    for a in game.legal_actions(state, seat):
        groups.setdefault(_kind(a), []).append(a)
    kind = rng.choice(sorted(groups))
    return rng.choice(groups[kind])


# ---------------------------------------------------------------- a goal-directed team (no search)


def _costs(st: State, start: str) -> tuple[dict[str, int], dict[str, str]]:
    """Action cost from ``start`` to every room (move 1, +1 to open a closed door; windows from
    outside cost 1; the Professor's room is avoided) and the first room of each path."""
    import heapq

    dist: dict[str, int] = {start: 0}
    first: dict[str, str] = {}
    heap: list[tuple[int, str, str]] = [(0, start, "")]
    while heap:
        d, room, f = heapq.heappop(heap)
        if d > dist.get(room, 1 << 30):
            continue
        if room == OUTSIDE:
            steps = [(w, 1) for w in sorted(WINDOW_ROOMS)]
        else:
            steps = [(other_side(door, room), 1 if door in st.open_doors else 2) for door in DOORS_OF[room]]
        for nxt, c in steps:
            if nxt == st.professor:
                continue
            nd = d + c
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt] = nd
                first[nxt] = f or nxt
                heapq.heappush(heap, (nd, nxt, f or nxt))
    return dist, first


def _plan(st: State, colour: str, here: str) -> tuple[int, list[str]]:
    """Estimated actions to rescue ``colour`` alone from ``here``, and the rooms to visit in order."""
    types = TREASURES[st.treasures[colour].id].types
    todo = [r for r in ROOM_IDS if st.switch_type[r] in types and st.switch_on[r]]
    order, total, pos = [], 0, here
    while todo:
        dist, _ = _costs(st, pos)
        nxt = min(todo, key=lambda r: (dist.get(r, 99), r))
        total += dist.get(nxt, 99) + 1
        order.append(nxt)
        todo.remove(nxt)
        pos = nxt
    dist, _ = _costs(st, pos)
    total += dist.get(st.treasures[colour].room, 99) + 1
    order.append(st.treasures[colour].room)
    return total, order


GOOD_NOW = ("adrenaline", "second_chance", "tinker", "stitch_in_time", "frozen_hour", "time_slip", "stay_put",
            "slow_down", "jammed_gears", "wedge", "duck_out", "override")


def eager_policy(game: Citadel, state: State, seat: int, rng: random.Random) -> Action:
    """A goal-directed team without search: each character picks the treasure it can rescue
    in the fewest actions (time left breaking ties), walks there turning OFF the switches on
    the way, rescues, plays its cards when they obviously help, and ends its actions when
    nothing useful is left. A baseline for balance runs, not a planner."""
    legal = game.legal_actions(state, seat)
    st = state
    if st.phase != "actions":
        return _eager_other(st, legal, rng)
    for a in legal:
        if a["type"] == "rescue":
            return a
    ch = st.char
    here = ch.room
    plans = sorted((_plan(st, c, here) + (st.left(c), c)) for c in st.treasures)
    cost, route, _, colour = plans[0]
    types = TREASURES[st.treasures[colour].id].types
    # Cards and the power that obviously help.
    for a in legal:
        if a["type"] == "card" and a["card"] in GOOD_NOW:
            return a
        if a["type"] == "card" and a["card"] in ("short_circuit", "remote_control"):
            rooms = a.get("rooms") or [a["room"]]
            if all(st.switch_type[r] in types and st.switch_on[r] for r in rooms):
                return a
        if a["type"] == "card" and a["card"] in ("borrowed_time",) and a["colour"] == colour:
            return a
        if a["type"] == "power" and ch.id == "edward" and a["switch_type"] in types:
            return a
        if a["type"] == "power" and ch.id == "irene" and a["colour"] == colour:
            return a
    target = route[0]
    if here == target and here != st.treasures[colour].room and {"type": "switch", "room": here} in legal:
        return {"type": "switch", "room": here}
    for a in legal:
        if a["type"] == "switch" and st.switch_on[a["room"]] and st.switch_type[a["room"]] in types:
            return a
    if here != target:
        dist, first = _costs(st, here)
        step = first.get(target)
        if step is not None:
            if {"type": "move", "to": step} in legal:
                return {"type": "move", "to": step}
            door = next((d for d in DOORS_OF.get(here, ()) if other_side(d, here) == step), None)
            if door is not None and {"type": "open", "door": door} in legal:
                return {"type": "open", "door": door}
    return {"type": "end_actions"}


def _eager_other(st: State, legal: list[Action], rng: random.Random) -> Action:
    if st.phase == "choose":
        for cid in ("edward", "nathan", "ada", "irene", "destiny"):
            if {"type": "choose", "character": cid} in legal:
                return {"type": "choose", "character": cid}
    if st.phase == "vote":
        for cid in ("edward", "nathan", "ada", "irene", "destiny"):
            if {"type": "vote", "choice": cid} in legal:
                return {"type": "vote", "choice": cid}
    if st.phase == "dice" and st.dice is not None:
        if st.dice["clock"] == 10 and {"type": "reroll", "dice": ["clock"]} in legal:
            return {"type": "reroll", "dice": ["clock"]}
        return {"type": "keep"} if {"type": "keep"} in legal else legal[0]
    return legal[0]


def play(players: int, difficulty: str, seed: int, policy: Policy = random_policy,
         characters: list[str] | None = None) -> dict[str, Any]:
    """One game; returns its result (``won`` is None for a game stopped at the cap)."""
    options: dict[str, Any] = {"difficulty": difficulty}
    if characters is not None:
        options["characters"] = characters
    rng = random.Random(f"citadel-balance:{seed}")
    st = GAME.setup(players, seed, options)
    actions = 0
    while GAME.outcome(st) is None and actions < MAX_ACTIONS:
        seat = GAME.to_act(st)[0]
        st = GAME.apply(st, seat, policy(GAME, st, seat, rng))
        actions += 1
    out = GAME.outcome(st)
    return {"won": None if out is None else bool(out.winners), "saved": len(st.saved), "lost": len(st.lost),
            "turns": st.turn, "actions": actions}


def win_rates(games: int = 100, players: int = 2, difficulties: Iterable[str] = DIFFICULTIES, seed: int = 0,
              policy: Policy = random_policy) -> dict[str, dict[str, Any]]:
    """Play ``games`` games per difficulty (seeds ``seed`` … ``seed + games - 1``, the same
    seeds for every difficulty) and return, per difficulty: games, wins, win_rate, the mean
    saved/lost counts, the mean number of turns, unfinished games and seconds."""
    out: dict[str, dict[str, Any]] = {}
    for diff in difficulties:
        t0 = time.perf_counter()
        runs = [play(players, diff, seed + i, policy) for i in range(games)]
        wins = sum(1 for r in runs if r["won"])
        n = max(1, len(runs))
        out[diff] = {
            "games": len(runs),
            "wins": wins,
            "win_rate": wins / n,
            "saved_mean": sum(r["saved"] for r in runs) / n,
            "lost_mean": sum(r["lost"] for r in runs) / n,
            "turns_mean": sum(r["turns"] for r in runs) / n,
            "unfinished": sum(1 for r in runs if r["won"] is None),
            "seconds": round(time.perf_counter() - t0, 3),
        }
    return out


if __name__ == "__main__":  # python -m donjon.games.citadel.balance
    import json

    print(json.dumps({"random": win_rates(200), "eager": win_rates(200, policy=eager_policy)}, indent=1))
