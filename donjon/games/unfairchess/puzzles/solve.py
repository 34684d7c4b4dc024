"""The puzzle searches: exact mates within two turns, and a fixed-budget search for material.

A *turn* of the side to act is one action (a normal move or a replace-the-move card) or two
(an add-to-move card and the normal move that must follow). Foresight's follow-up order is
part of the turn too; a solver's line never uses Foresight (what it shows depends on the
hidden deck order).

* :func:`winning_turns` lists, exhaustively through the referee, every turn of the side to act
  that wins the game at once (checkmate, or any other win the rules give).
* :func:`forces_win` asks whether a turn wins at the solver's next turn *whatever* the
  defender does, every normal move and every legal card play of its real hand included.
* :func:`mate_solution` finds the unique first action that wins within one or two turns: a
  mate in 1 is accepted only if no other first action wins at once, a mate in 2 only if no
  other first action wins at once or forces a win at the next turn (both checked exactly).
* :func:`material_solution` uses the search bot's alpha-beta (:mod:`..bots.search`) on the
  real hands, at the fixed budget :data:`BUDGET`, to score every first action of the solver
  (all its card plays included) and keeps a first action that wins at least
  :data:`MIN_GAIN` centipawns and beats every other first action by :data:`MARGIN`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import chess

from donjon.games.protocol import Action, IllegalAction
from donjon.games.unfairchess import rules
from donjon.games.unfairchess.bots import search as bot_search
from donjon.games.unfairchess.game import GAME
from donjon.games.unfairchess.state import State, color_of

Turn = tuple[Action, ...]

POINTS = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


@dataclass(frozen=True)
class Budget:
    """The material search's budget: ``depth`` plies from the root (the solver's turn, then
    the defender's reply, its ``threats`` most damaging card plays included; then captures
    only), at most ``nodes`` nodes for each first action (one over the cap and the position
    is given up, never guessed)."""

    depth: int = 2
    nodes: int = 4000
    threats: int = 3


BUDGET = Budget()
MIN_GAIN = 280
"""Centipawns the solution must win over the position's own evaluation (about three pawns)."""
MARGIN = 200
"""Centipawns by which the solution must beat every other first action."""


def key(action: Action) -> str:
    """A canonical text of an action, to compare two of them."""
    return repr(sorted(action.items()))


def won(st: State, seat: int) -> bool:
    return st.result is not None and seat in st.result.winners


def _plain(st: State) -> bool:
    """Nothing on the board but chess: a move's consequences are python-chess's own."""
    return not (st.statuses or st.traps or st.walls or st.restrictions)


class OverBudget(Exception):
    """More actions applied than :func:`capped` allows."""


_left: list[int | None] = [None]


def _apply(st: State, seat: int, action: Action) -> State:
    left = _left[0]
    if left is not None:
        if left <= 0:
            raise OverBudget
        _left[0] = left - 1
    return GAME.apply(st, seat, action)


class capped:  # noqa: N801 - used as a function: ``with capped(n): ...``
    """Within ``with capped(n):``, the searches of this module apply at most ``n`` actions
    (then :class:`OverBudget`): a bound counted in work, not time, so results do not depend
    on the machine."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __enter__(self) -> None:
        _left[0] = self.n

    def __exit__(self, *exc: object) -> None:
        _left[0] = None


def turns(st: State, seat: int, *, foresight: bool = True, checks: bool = False) -> Iterator[tuple[Turn, State]]:
    """Every complete turn of ``seat`` (to act in ``st``), with the state after it.
    ``checks``: leave out the normal moves that cannot end the turn with the enemy king
    attacked, which only a checkmate needs (skipped only where the position is plain chess,
    so that python-chess's ``gives_check`` is exact)."""
    for a in GAME.legal_actions(st, seat):
        if checks and a["type"] == "move" and _plain(st) and not st.board.gives_check(chess.Move.from_uci(a["uci"])):
            continue
        try:
            nst = _apply(st, seat, a)
        except IllegalAction:  # pragma: no cover - every listed action is legal
            continue
        line: Turn = (a,)
        if nst.ordering:
            if not foresight:
                continue
            order = {"type": "order", "order": nst.decks[seat][: nst.ordering]}
            nst = _apply(nst, seat, order)
            line = (a, order)
        if nst.result is None and nst.seat == seat and nst.must_move:
            plain = checks and _plain(nst)
            for m in GAME.legal_moves(nst):
                if plain and not nst.board.gives_check(chess.Move.from_uci(m["uci"])):
                    continue
                yield (*line, m), _apply(nst, seat, m)
        else:
            yield line, nst


def winning_turns(st: State, seat: int, *, first: str | None = None, stop: int = 0) -> dict[str, Turn]:
    """The turns of ``seat`` that win at once, one per distinct first action (by :func:`key`);
    ``first``: only turns starting with that action; ``stop``: return once that many distinct
    first actions win (0: list them all)."""
    out: dict[str, Turn] = {}
    for line, nst in turns(st, seat, foresight=False, checks=True):
        k = key(line[0])
        if k in out or (first is not None and k != first):
            continue
        if won(nst, seat):
            out[k] = line
            if stop and len(out) >= stop:
                break
    return out


def forces_win(st: State, seat: int) -> tuple[Turn, Turn] | None:
    """``st``: the defender to act after a turn of ``seat``. If ``seat`` wins at its next turn
    whatever the defender plays, the defender's most resisting turn (by the search bot's
    evaluation, ties by text) and a winning answer to it; else None (at the first escape)."""
    if st.result is not None:
        return None  # already over: not a two-turn win
    defender = st.seat
    best: tuple[int, str, Turn, Turn] | None = None
    for line, nst in turns(st, defender):
        if nst.result is not None:
            return None  # the defender ends the game (a draw or its own win)
        wins = winning_turns(nst, seat, stop=1)
        if not wins:
            return None
        cand = (-bot_search.evaluate(nst, seat), repr([key(a) for a in line]), line, next(iter(wins.values())))
        if best is None or cand[:2] > best[:2]:
            best = cand
    if best is None:
        return None
    return best[2], best[3]


@dataclass
class Solution:
    kind: str  # "mate" | "material"
    turns: int  # solver turns (mate in N)
    line: list[dict[str, Any]]  # [{"seat", "action"}], solver and defender in order
    gain: int = 0  # material: centipawns won (search score over the position's evaluation)


def _entries(seat: int, actions: Turn) -> list[dict[str, Any]]:
    return [{"seat": seat, "action": a} for a in actions]


def mate_solution(st: State, seat: int, *, two: bool = True) -> Solution | None:
    """The unique first action of ``seat`` that wins within one turn, else (``two``) within
    two turns whatever the defender does; None if there is none or more than one."""
    if st.result is not None or st.seat != seat or st.must_move or st.ordering:
        return None
    once = winning_turns(st, seat, stop=2)
    if len(once) == 1:
        return Solution("mate", 1, _entries(seat, next(iter(once.values()))))
    if once or not two:
        return None
    found: list[tuple[Turn, Turn, Turn]] = []
    seen_first: set[str] = set()
    for line, nst in turns(st, seat, foresight=False):
        k = key(line[0])
        if k in seen_first:
            continue
        forced = forces_win(nst, seat)
        if forced is None:
            continue
        seen_first.add(k)
        found.append((line, *forced))
        if len(found) > 1:
            return None
    if len(found) != 1:
        return None
    first, reply, answer = found[0]
    defender = 1 - seat
    return Solution("mate", 2, _entries(seat, first) + _entries(defender, reply) + _entries(seat, answer))


def material(st: State, seat: int) -> int:
    """``seat``'s material minus its opponent's, in points (pawn 1 ... queen 9)."""
    b = st.board
    us = color_of(seat)
    return sum(v * (len(b.pieces(pt, us)) - len(b.pieces(pt, not us))) for pt, v in POINTS.items())


def _bot(st: State, seat: int, budget: Budget) -> bot_search.UnfairChessSearchBot:
    bot = bot_search.UnfairChessSearchBot(time_limit=None, max_depth=budget.depth, cards=10**6,
                                          threats=budget.threats)
    bot._seat = seat
    bot._known = Counter(st.hands[seat])
    bot._deadline = float("inf")
    bot._seen = frozenset()
    return bot


def _score(bot: bot_search.UnfairChessSearchBot, ch: Any, budget: Budget) -> int:
    bot._nodes = 0
    bot._node_cap = budget.nodes
    bot._path = set()
    s = bot._root_score(ch, budget.depth, -bot_search.INF, bot_search.INF)
    if ch.action.get("type") == "card":
        s += bot_search.CARD_PLAY_COST  # a puzzle's card is no waste
    return int(s)


def root_scores(st: State, seat: int, budget: Budget = BUDGET) -> list[tuple[int, Action, State]] | None:
    """Every first action of ``seat`` scored by the search bot on the real state (nothing
    resampled: the puzzle's hands are the real ones), each with a full window and its own
    node cap, best first. The defender's card replies (``budget.threats``) are searched for
    the best action only: they can only lower a score, so the others' scores stay upper
    bounds and the best one's margin over them holds. None when a search runs over the cap."""
    bot = _bot(st, seat, budget)
    children = bot._root_children(st, seat)
    try:
        scored = [(_score(bot, ch, budget), ch) for ch in children]
        scored.sort(key=lambda x: (-x[0], key(x[1].action)))
        if scored and budget.threats:
            while True:  # the best with its card replies; another may overtake it
                top = scored[0][1]
                if top.replies is not None or top.same_side:
                    break
                bot._prepare_replies([top], seat)
                scored[0] = (_score(bot, top, budget), top)
                scored.sort(key=lambda x: (-x[0], key(x[1].action)))
    except bot_search._Timeout:
        return None
    return [(s, ch.action, ch.state) for s, ch in scored]


def material_solution(st: State, seat: int, budget: Budget = BUDGET) -> Solution | None:
    """A first action winning material (see the module docstring), its turn completed by the
    search's best normal move after an add-to-move card; None otherwise."""
    if st.result is not None or st.seat != seat or st.must_move or st.ordering:
        return None
    scores = root_scores(st, seat, budget)
    if not scores or len(scores) < 2:
        return None
    ranked = scores
    best, second = ranked[0], ranked[1]
    stand = bot_search.evaluate(st, seat)
    if best[0] >= bot_search.MATE_BOUND or best[0] - stand < MIN_GAIN or best[0] - second[0] < MARGIN:
        return None
    line: Turn = (best[1],)
    after = best[2]
    if after.result is None and after.seat == seat:  # an add-to-move card: its best move
        follow = root_scores(after, seat, budget)
        if not follow:
            return None
        fr = follow
        if len(fr) > 1 and fr[0][0] - fr[1][0] < MARGIN:
            return None
        line = (best[1], fr[0][1])
        after = fr[0][2]
    if material(after, seat) <= material(st, seat) and not won(after, seat):
        return None  # the gain must be on the board after the solver's turn, not a promise
    return Solution("material", 1, _entries(seat, line), best[0] - stand)


def replay(options: dict[str, Any], seed: int, line: list[dict[str, Any]]) -> list[State]:
    """The states along a stored line, the start first (raises IllegalAction if one fails)."""
    st = rules.new_state(seed, options)
    out = [st]
    for entry in line:
        st = GAME.apply(st, entry["seat"], entry["action"])
        out.append(st)
    return out
