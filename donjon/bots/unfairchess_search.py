"""A search bot for UnfairChess: alpha-beta with iterative deepening over moves and cards.

The bot never looks at what its seat cannot see: every decision is made on
``game.determinize(state, seat, rng)`` samples (the opponent's hand and both deck orders
resampled from the unseen cards). On each sample it runs a negamax alpha-beta search:

* **Root (its own turn).** Every normal move, plus the most promising card plays of its
  own hand (all legal targetings are scored statically; an add-to-move card is scored with
  the best move that follows it; the ``cards`` best are searched). An add-to-move card and
  the move after it are one turn: the card is not a ply.
* **First reply (the opponent's turn).** Every normal move, plus the ``threats`` most
  damaging plays of the *sampled* opponent hand among the cards that take or spoil pieces
  (destructions, conversions, Exile, Sleep...), searched like moves.
* **Below.** Normal moves only. A position with nothing of the card overlay left (no
  status, token, restriction) is searched as plain chess on a python-chess board with
  push/pop, a transposition table, killer moves and check extensions, which is several
  times faster than the referee; other positions go through the referee's own rules.
  Leaves are resolved by a capture-only quiescence search.

The evaluation (centipawns, side to act) credits material and piece squares, king safety
(pawn shield and king squares by game phase), the statuses (Poison, Shield, Sleep,
Dynamite, as the greedy bot weighs them) and the cards in hand (its own hand by card, the
opponent's by count, so that a card is spent only when it gains something).

Several samples (``samples``) split the time; the action chosen by most samples wins (ties:
the best mean score). Levels: :data:`LEVELS` (``easy`` adds noise and searches one ply).
With ``time_limit=None`` and a ``max_depth``/``max_nodes`` budget the choice is a pure
function of the determinized samples, hence of the seat's view and the rng.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import chess

from donjon.games.protocol import Action, Game, IllegalAction
from donjon.games.unfairchess import rules
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.state import State, color_of

INF = 10**9
MATE = 1_000_000
MATE_BOUND = MATE - 1000

PIECE = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}

# Piece-square tables (the "simplified evaluation function"), rank 8 first, from White's side.
_PST_TEXT = {
    chess.PAWN: """
  0   0   0   0   0   0   0   0
 50  50  50  50  50  50  50  50
 10  10  20  30  30  20  10  10
  5   5  10  25  25  10   5   5
  0   0   0  20  20   0   0   0
  5  -5 -10   0   0 -10  -5   5
  5  10  10 -20 -20  10  10   5
  0   0   0   0   0   0   0   0""",
    chess.KNIGHT: """
-50 -40 -30 -30 -30 -30 -40 -50
-40 -20   0   0   0   0 -20 -40
-30   0  10  15  15  10   0 -30
-30   5  15  20  20  15   5 -30
-30   0  15  20  20  15   0 -30
-30   5  10  15  15  10   5 -30
-40 -20   0   5   5   0 -20 -40
-50 -40 -30 -30 -30 -30 -40 -50""",
    chess.BISHOP: """
-20 -10 -10 -10 -10 -10 -10 -20
-10   0   0   0   0   0   0 -10
-10   0   5  10  10   5   0 -10
-10   5   5  10  10   5   5 -10
-10   0  10  10  10  10   0 -10
-10  10  10  10  10  10  10 -10
-10   5   0   0   0   0   5 -10
-20 -10 -10 -10 -10 -10 -10 -20""",
    chess.ROOK: """
  0   0   0   0   0   0   0   0
  5  10  10  10  10  10  10   5
 -5   0   0   0   0   0   0  -5
 -5   0   0   0   0   0   0  -5
 -5   0   0   0   0   0   0  -5
 -5   0   0   0   0   0   0  -5
 -5   0   0   0   0   0   0  -5
  0   0   0   5   5   0   0   0""",
    chess.QUEEN: """
-20 -10 -10  -5  -5 -10 -10 -20
-10   0   0   0   0   0   0 -10
-10   0   5   5   5   5   0 -10
 -5   0   5   5   5   5   0  -5
  0   0   5   5   5   5   0  -5
-10   5   5   5   5   5   0 -10
-10   0   5   0   0   0   0 -10
-20 -10 -10  -5  -5 -10 -10 -20""",
    chess.KING: """
-30 -40 -40 -50 -50 -40 -40 -30
-30 -40 -40 -50 -50 -40 -40 -30
-30 -40 -40 -50 -50 -40 -40 -30
-30 -40 -40 -50 -50 -40 -40 -30
-20 -30 -30 -40 -40 -30 -30 -20
-10 -20 -20 -20 -20 -20 -20 -10
 20  20   0   0   0   0  20  20
 20  30  10   0   0  10  30  20""",
}
_KING_END_TEXT = """
-50 -40 -30 -20 -20 -30 -40 -50
-30 -20 -10   0   0 -10 -20 -30
-30 -10  20  30  30  20 -10 -30
-30 -10  30  40  40  30 -10 -30
-30 -10  30  40  40  30 -10 -30
-30 -10  20  30  30  20 -10 -30
-30 -30   0   0   0   0 -30 -30
-50 -30 -30 -30 -30 -30 -30 -50"""


def _table(text: str) -> list[int]:
    rows = [[int(x) for x in line.split()] for line in text.strip().splitlines()]
    out = [0] * 64
    for r, row in enumerate(rows):  # r = 0 is rank 8
        for f, v in enumerate(row):
            out[chess.square(f, 7 - r)] = v
    return out


def _both(table: list[int], base: int) -> tuple[list[int], list[int]]:
    white = [base + v for v in table]
    black = [base + table[chess.square_mirror(sq)] for sq in range(64)]
    return white, black


PST: dict[tuple[int, bool], list[int]] = {}
for _pt, _text in _PST_TEXT.items():
    _w, _b = _both(_table(_text), PIECE[_pt])
    PST[(_pt, chess.WHITE)], PST[(_pt, chess.BLACK)] = _w, _b
KING_END = dict(zip((chess.WHITE, chess.BLACK), _both(_table(_KING_END_TEXT), 0), strict=True))
PHASE_WEIGHT = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}
SHIELD_PAWN = 12
"""King safety: per own pawn on the two ranks in front of the king (while queens are on)."""

CARD_VALUE = {cid: 25 + (15 if c.group == 4 or c.rarity == "legendary" else 0) for cid, c in CARDS.items()}
DRAW_VALUE = 27
"""The mean value of an unseen card (about one card in seven is a strong one)."""
OPP_CARD_VALUE = DRAW_VALUE
"""An opponent's card counts by number only (its identity is a guess)."""
CARD_PLAY_COST = 40
"""A card play must gain at least this much over the best move."""

THREAT_CARDS = frozenset(
    [cid for cid, c in CARDS.items() if c.group == 4]
    + ["degradation", "abdication", "desertion", "trahison", "couronnement", "exil", "sommeil", "chasse_croise",
       "jeu_de_miroirs"]
)
"""Opponent cards searched at the first reply: the ones that take, convert or spoil pieces."""


@dataclass(frozen=True)
class Level:
    time_limit: float | None
    max_depth: int
    samples: int
    cards: int
    threats: int
    noise: int = 0
    max_nodes: int | None = None


# Normal is capped in nodes as well as time (about 250 nodes: one ply and the captures, part
# of the second ply), so that the gap to hard does not depend on how loaded the machine is.
LEVELS: dict[str, Level] = {
    "easy": Level(time_limit=0.05, max_depth=1, samples=1, cards=2, threats=0, noise=80),
    "normal": Level(time_limit=0.08, max_depth=2, samples=1, cards=3, threats=0, max_nodes=250),
    "hard": Level(time_limit=0.75, max_depth=12, samples=2, cards=6, threats=3),
}


class _Timeout(Exception):
    pass


def is_fast(st: State) -> bool:
    """Only the persistent overlay (statuses, traps) is in force: no wall, restriction,
    frozen piece, exception or pending move, so :class:`_FastPos` plays it exactly."""
    return not (st.walls or st.frozen or st.restrictions or st.suspended or st.must_move or st.result is not None)


_EVAL_CACHE: dict[tuple[int, ...], int] = {}
_EVAL_CACHE_SIZE = 200_000


def board_eval_white(b: chess.Board) -> int:
    """Material, piece squares and king safety, from White's side (centipawns).

    A function of where the pieces stand only, so it is memoized on the piece masks (the
    iterations of the deepening meet the same leaves again)."""
    key = (b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings, b.occupied_co[chess.WHITE])
    score = _EVAL_CACHE.get(key)
    if score is None:
        if len(_EVAL_CACHE) >= _EVAL_CACHE_SIZE:
            _EVAL_CACHE.clear()
        score = _EVAL_CACHE[key] = _board_eval_white(b)
    return score


def _board_eval_white(b: chess.Board) -> int:
    score = 0
    phase = 0
    for pt in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
        w, bl = PST[(pt, True)], PST[(pt, False)]
        for sq in chess.scan_forward(b.pieces_mask(pt, True)):
            score += w[sq]
        for sq in chess.scan_forward(b.pieces_mask(pt, False)):
            score -= bl[sq]
        if pt != chess.PAWN:
            phase += PHASE_WEIGHT[pt] * chess.popcount(b.pieces_mask(pt, True) | b.pieces_mask(pt, False))
    wk, bk = b.king(True), b.king(False)
    if phase >= 10 and b.queens:
        if wk is not None:
            score += PST[(chess.KING, True)][wk] + SHIELD_PAWN * _shield(b, wk, True)
        if bk is not None:
            score -= PST[(chess.KING, False)][bk] + SHIELD_PAWN * _shield(b, bk, False)
    else:
        if wk is not None:
            score += KING_END[True][wk]
        if bk is not None:
            score -= KING_END[False][bk]
    return score


def _shield(b: chess.Board, king: int, color: bool) -> int:
    rank = chess.square_rank(king)
    if (rank > 1 if color else rank < 6):
        return 0
    files = chess.BB_FILES[chess.square_file(king)]
    if chess.square_file(king) > 0:
        files |= chess.BB_FILES[chess.square_file(king) - 1]
    if chess.square_file(king) < 7:
        files |= chess.BB_FILES[chess.square_file(king) + 1]
    ahead = 0
    for dr in (1, 2):
        r = rank + dr if color else rank - dr
        if 0 <= r <= 7:
            ahead |= chess.BB_RANKS[r]
    return chess.popcount(b.pieces_mask(chess.PAWN, color) & files & ahead)


def hand_white(st: State, seat: int, known: Counter[str] | None = None) -> int:
    """The cards in hand, from White's side: ``seat``'s own cards (the ones in ``known``, its
    hand at the root, each by its value; a card drawn since is a guess: the mean), the
    other's by count (what they are is only a guess)."""
    hand = st.hands[seat]
    own = DRAW_VALUE * len(hand)
    if known:
        for c, n in Counter(hand).items():
            k = known.get(c, 0)
            if k:
                own += min(n, k) * (CARD_VALUE.get(c, DRAW_VALUE) - DRAW_VALUE)
    other = OPP_CARD_VALUE * len(st.hands[1 - seat])
    return own - other if seat == 0 else other - own


def evaluate(st: State, seat: int, owner: int | None = None, known: Counter[str] | None = None) -> int:
    """The position from ``seat``'s side (centipawns); terminal states score ±MATE.
    ``owner``: the seat whose hand is known (default ``seat``), ``known``: its hand at the root."""
    res = st.result
    if res is not None:
        if res.draw:
            return 0
        return MATE if seat in res.winners else -MATE
    score = board_eval_white(st.board) + hand_white(st, seat if owner is None else owner, known)
    if seat == 1:
        score = -score
    if st.statuses:
        score += status_eval(st.board, st.statuses, color_of(seat))
    return score


def _mvv_lva(b: chess.Board, m: chess.Move) -> int:
    victim = b.piece_type_at(m.to_square) or chess.PAWN
    attacker = b.piece_type_at(m.from_square) or chess.PAWN
    return 10 * PIECE[victim] - PIECE[attacker] // 10


@dataclass
class _RootChild:
    action: Action
    state: State
    same_side: bool
    prior: float
    replies: list[State] | None = None
    """Opponent card replies searched at the first reply (computed once)."""
    score: float = -INF


@dataclass
class SampleResult:
    best: Action
    score: float
    depth: int
    nodes: int
    scores: dict[str, float] = field(default_factory=dict)


def action_key(a: Action) -> str:
    return repr(sorted(a.items()))


class UnfairChessSearchBot:
    """Alpha-beta with iterative deepening over moves and cards; see the module docstring.

    Parameters: ``time_limit`` (seconds per decision, all samples together; None: no clock),
    ``max_depth`` (plies), ``max_nodes`` (per sample; None: no cap), ``samples``
    (determinizations), ``cards`` (own card plays searched at the root), ``threats``
    (opponent card plays searched at the first reply), ``noise`` (centipawns: the action is
    drawn among those within ``noise`` of the best, for the easy level).
    """

    name = "unfairchess_search"

    def __init__(self, level: str | None = None, *, time_limit: float | None = 0.5, max_depth: int = 12,
                 max_nodes: int | None = None, samples: int = 1, cards: int = 4, threats: int = 2,
                 noise: int = 0) -> None:
        if level is not None:
            lv = LEVELS[level]
            time_limit, max_depth, samples, cards, threats, noise, max_nodes = (
                lv.time_limit, lv.max_depth, lv.samples, lv.cards, lv.threats, lv.noise, lv.max_nodes)
            self.name = f"unfairchess_{level}"
        self.time_limit = time_limit
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.samples = max(1, samples)
        self.cards = cards
        self.threats = threats
        self.noise = noise
        self.last: list[SampleResult] = []
        self._deadline = INF * 1.0
        self._nodes = 0
        self._node_cap = INF
        self._tt: dict[Any, tuple[int, int, int, chess.Move | None]] = {}
        self._killers: dict[int, list[chess.Move]] = {}
        self._hand_w = 0
        self._seat = 0
        self._known: Counter[str] = Counter()

    # ------------------------------------------------------------------ entry point

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        start = time.perf_counter()
        results: list[SampleResult] = []
        # One table for all samples: the opponent's hand counts by number only, so the move
        # lines of two samples share their values (card replies are searched outside it).
        self._tt = {}
        self._killers = {}
        samples = self.samples
        if isinstance(state, State) and not (state.hands[1 - seat] or state.decks[0] or state.decks[1]):
            samples = 1  # nothing is hidden (no card left but its own hand): one search, all the time
        for i in range(samples):
            det = game.determinize(state, seat, rng)
            if self.time_limit is not None:
                share = (self.time_limit - (time.perf_counter() - start)) / (samples - i)
                deadline = time.perf_counter() + max(0.005, share)
            else:
                deadline = INF * 1.0
            results.append(self._search_sample(game, det, seat, deadline, rng))
        self.last = results
        if len(results) == 1:
            return results[0].best
        votes: Counter[str] = Counter(action_key(r.best) for r in results)
        by_key = {action_key(r.best): r.best for r in results}
        mean: dict[str, float] = {}
        for k in by_key:
            vals = [r.scores.get(k, r.score if action_key(r.best) == k else -INF) for r in results]
            mean[k] = sum(vals) / len(vals)
        best_key = max(by_key, key=lambda k: (votes[k], mean[k], k))
        return by_key[best_key]

    # ------------------------------------------------------------------ one sample

    def _search_sample(self, game: Game, det: State, seat: int, deadline: float, rng: random.Random) -> SampleResult:
        if det.result is not None or det.seat != seat:
            raise IllegalAction(f"seat {seat} has no legal action")
        self._deadline = deadline
        self._nodes = 0
        self._node_cap = self.max_nodes if self.max_nodes is not None else INF
        self._seat = seat
        self._known = Counter(det.hands[seat])
        if getattr(det, "ordering", 0):  # Foresight's follow-up: the most valuable cards on top
            top = det.decks[seat][: det.ordering]
            order = sorted(top, key=lambda c: (-CARD_VALUE.get(c, 0), c))
            return SampleResult({"type": "order", "order": order}, 0.0, 0, 0)
        children = self._root_children(det, seat)
        if not children:
            # Only cards it cannot judge are left (e.g. Foresight on unseen cards).
            legal = game.legal_actions(det, seat)
            if not legal:
                raise IllegalAction(f"seat {seat} has no legal action")
            return SampleResult(rng.choice(legal), 0.0, 0, 0)
        children.sort(key=lambda c: -c.prior)
        best = children[0]
        best_score: int = -INF
        done_depth = 0
        scores: dict[str, float] = {}
        for depth in range(1, self.max_depth + 1):
            if depth >= 2 and self.threats:
                try:
                    self._prepare_replies(children, seat)
                except _Timeout:
                    break
            alpha = -INF
            iter_best: _RootChild | None = None
            try:
                for ch in children:
                    s = self._root_score(ch, depth, alpha)
                    ch.score = s
                    if s > alpha:
                        alpha, iter_best = s, ch
            except _Timeout:
                # Keep a better move found by this unfinished iteration (searched in full).
                if iter_best is not None and iter_best is not best and alpha > best_score:
                    best, best_score = iter_best, alpha
                break
            assert iter_best is not None
            best, best_score, done_depth = iter_best, alpha, depth
            scores = {action_key(c.action): c.score for c in children}
            children.sort(key=lambda c: (c is not best, -c.score))
            if abs(best_score) >= MATE_BOUND:
                break
        if self.noise and len(children) > 1 and abs(best_score) < MATE_BOUND:
            pool = [c for c in children if c.score >= best_score - self.noise and c.score > -INF]
            if pool:
                best = rng.choice(sorted(pool, key=lambda c: action_key(c.action)))
        return SampleResult(best.action, best_score, done_depth, self._nodes, scores)

    def _root_score(self, ch: _RootChild, depth: int, alpha: int) -> int:
        if ch.same_side:  # an add-to-move card: the same side moves now, in the same turn
            s = self._search_state(ch.state, depth, alpha, INF, 1)
        else:
            s = -self._search_state(ch.state, depth - 1, -INF, -alpha, 1, ch.replies)
        if ch.action.get("type") == "card":
            s -= CARD_PLAY_COST
        return s

    def _root_children(self, det: State, seat: int) -> list[_RootChild]:
        out: list[_RootChild] = []
        b = det.board
        for m in det.moves or ():
            child = rules.apply_move(det, m)
            prior = _mvv_lva(b, m) if b.is_capture(m) else 0
            if m.promotion:
                prior += PIECE[m.promotion]
            out.append(_RootChild({"type": "move", "uci": m.uci()}, child, False, prior - 10**6 * (not b.is_capture(m))
                                  + (-evaluate(child, child.seat, seat, self._known) if not b.is_capture(m) else 0)))
        if self.cards and not det.must_move and not det.silenced:
            out.extend(self._card_children(det, seat))
        return out

    def _card_children(self, det: State, seat: int) -> list[_RootChild]:
        scored: list[tuple[float, _RootChild]] = []
        add_lines: dict[str, list[tuple[float, Action, State]]] = {}
        for card in sorted(set(det.hands[seat])):
            for tg, nst in _card_lines(det, card):
                action = {"type": "card", "card": card, **tg}
                if nst.result is None and nst.seat == seat:
                    add_lines.setdefault(card, []).append((evaluate(nst, seat, seat, self._known), action, nst))
                else:
                    s = evaluate(nst, seat, seat, self._known)
                    scored.append((s, _RootChild(action, nst, False, s)))
        for lines in add_lines.values():
            for sc, action, nst in lines:
                scored.append((sc, _RootChild(action, nst, True, sc)))
        scored.sort(key=lambda x: (-x[0], action_key(x[1].action)))
        keep = [c for _, c in scored[: self.cards]]
        for c in keep:
            c.prior = c.prior - CARD_PLAY_COST
        return keep

    def _prepare_replies(self, children: list[_RootChild], seat: int) -> None:
        for ch in children:
            if ch.replies is not None or ch.same_side:
                continue
            self._tick()
            st = ch.state
            replies: list[tuple[float, str, State]] = []
            if st.result is None and not st.silenced:
                opp = st.seat
                for card in sorted(set(st.hands[opp]) & THREAT_CARDS):
                    for tg, nst in _card_lines(st, card):
                        self._tick()
                        if nst.seat == opp and nst.result is None:
                            continue  # an add-to-move card (none of the threat cards is)
                        replies.append((evaluate(nst, seat, seat, self._known), repr(tg), nst))
            replies.sort(key=lambda x: (x[0], x[1]))
            ch.replies = [r[2] for r in replies[: self.threats]]

    # ------------------------------------------------------------------ search on referee states

    def _tick(self) -> None:
        self._nodes += 1
        if self._nodes >= self._node_cap:
            raise _Timeout
        if not self._nodes & 127 and time.perf_counter() > self._deadline:
            raise _Timeout

    def _search_state(self, st: State, depth: int, alpha: int, beta: int, ply: int,
                      extra: list[State] | None = None) -> int:
        """Negamax value of ``st`` for the side to act; ``extra``: card replies (their result
        states, where the other side acts) searched beside the moves."""
        self._tick()
        if st.result is not None:
            return _terminal(st, ply)
        if depth <= 0:
            return self._qs_state(st, alpha, beta, ply, 0)
        if not extra and is_fast(st):
            return self._ab(self._fast(st), depth, alpha, beta, ply)
        moves = st.moves or []
        if not moves and not extra:
            return evaluate(st, st.seat, self._seat, self._known)  # no move: only a card can save (can_save)
        b = st.board
        ordered = sorted(moves, key=lambda m: -(_mvv_lva(b, m) if b.is_capture(m) else -10**6))
        best = -INF
        for nst in extra or ():
            s = -self._search_state(nst, depth - 1, -beta, -alpha, ply + 1)
            if s > best:
                best = s
            if s > alpha:
                alpha = s
            if alpha >= beta:
                return best
        for m in ordered:
            child = rules.apply_move(st, m)
            s = -self._search_state(child, depth - 1, -beta, -alpha, ply + 1)
            if s > best:
                best = s
            if s > alpha:
                alpha = s
            if alpha >= beta:
                break
        return best

    def _qs_state(self, st: State, alpha: int, beta: int, ply: int, qply: int) -> int:
        if st.result is not None:
            return _terminal(st, ply)
        if is_fast(st):
            return self._qs(self._fast(st), alpha, beta, ply, qply)
        stand = evaluate(st, st.seat, self._seat, self._known)
        if stand >= beta or qply >= 4:
            return stand
        alpha = max(alpha, stand)
        b = st.board
        caps = [m for m in st.moves or () if b.is_capture(m)]
        caps.sort(key=lambda m: -_mvv_lva(b, m))
        for m in caps:
            self._tick()
            child = rules.apply_move(st, m)
            s = -self._qs_state(child, -beta, -alpha, ply + 1, qply + 1)
            if s > alpha:
                alpha = s
                if alpha >= beta:
                    break
        return alpha

    # ------------------------------------------------------------------ fast positions

    def _fast(self, st: State) -> _FastPos:
        self._hand_w = hand_white(st, self._seat, self._known)
        return _FastPos(st.board.copy(stack=False), dict(st.statuses), dict(st.traps))

    def _eval_fast(self, pos: _FastPos) -> int:
        b = pos.board
        s = board_eval_white(b) + self._hand_w
        if not b.turn:
            s = -s
        if pos.statuses:
            s += status_eval(b, pos.statuses, b.turn)
        return s

    def _key(self, pos: _FastPos) -> Any:
        k = pos.board._transposition_key()
        if pos.statuses or pos.traps:
            return (k, self._hand_w, frozenset(pos.statuses.items()), frozenset(pos.traps.items()))
        return (k, self._hand_w)

    def _ab(self, pos: _FastPos, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        b = pos.board
        in_check = b.is_check()
        if in_check and ply < 24:
            depth += 1
        if depth <= 0:
            return self._qs(pos, alpha, beta, ply, 0)
        key = self._key(pos)
        entry = self._tt.get(key)
        tt_move = None
        if entry is not None:
            edepth, flag, escore, tt_move = entry
            if edepth >= depth:
                if flag == 0:
                    return escore
                if flag == 1 and escore >= beta:
                    return escore
                if flag == 2 and escore <= alpha:
                    return escore
        if (not in_check and depth >= 3 and beta < MATE_BOUND and ply > 1
                and b.occupied_co[b.turn] & ~(b.pawns | b.kings) and self._eval_fast(pos) >= beta):
            b.push(chess.Move.null())  # null move: even passing keeps the score above beta
            s = -self._ab(pos, depth - 3, -beta, -beta + 1, ply + 1)
            b.pop()
            if s >= beta:
                return s
        moves = pos.moves()
        if not moves:
            return -MATE + ply if in_check else 0
        killers = self._killers.get(ply, [])

        def order(m: chess.Move) -> int:
            if m == tt_move:
                return -10**9
            if b.is_capture(m):
                return -10**6 - _mvv_lva(b, m)
            if m.promotion:
                return -10**5
            if m in killers:
                return -10**4
            return 0

        moves.sort(key=order)
        alpha0 = alpha
        best = -INF
        best_move = None
        for i, m in enumerate(moves):
            quiet = not (b.is_capture(m) or m.promotion or m in killers or m == tt_move)
            if not pos.push(m):
                pos.pop()
                continue
            if i >= 4 and depth >= 3 and quiet and not in_check and not b.is_check():
                s = -self._ab(pos, depth - 2, -alpha - 1, -alpha, ply + 1)  # late move: reduced first
                if s > alpha:
                    s = -self._ab(pos, depth - 1, -beta, -alpha, ply + 1)
            else:
                s = -self._ab(pos, depth - 1, -beta, -alpha, ply + 1)
            pos.pop()
            if s > best:
                best, best_move = s, m
            if s > alpha:
                alpha = s
            if alpha >= beta:
                if not b.is_capture(m):
                    ks = self._killers.setdefault(ply, [])
                    if m not in ks:
                        ks.insert(0, m)
                        del ks[2:]
                break
        if best_move is None:  # every move set off a trigger that exposed the king
            return -MATE + ply if in_check else 0
        flag = 0 if alpha0 < best < beta else (1 if best >= beta else 2)
        self._tt[key] = (depth, flag, best, best_move)
        return best

    def _qs(self, pos: _FastPos, alpha: int, beta: int, ply: int, qply: int) -> int:
        self._tick()
        stand = self._eval_fast(pos)
        if stand >= beta or qply >= 6:
            return stand
        if stand + 1000 < alpha:
            return stand  # delta pruning: not even a queen would lift it
        alpha = max(alpha, stand)
        b = pos.board
        caps = pos.captures()
        if not caps:
            return alpha
        caps.sort(key=lambda m: -_mvv_lva(b, m))
        for m in caps:
            if not pos.push(m):
                pos.pop()
                continue
            s = -self._qs(pos, -beta, -alpha, ply + 1, qply + 1)
            pos.pop()
            if s > alpha:
                alpha = s
                if alpha >= beta:
                    break
        return alpha


_NEIGHBOURHOOD = [chess.BB_KING_ATTACKS[sq] | chess.BB_SQUARES[sq] for sq in range(64)]


class _FastPos:
    """A python-chess board with the persistent overlay (statuses, traps), searched with
    push/pop: the triggers of a normal move (poison, dynamite, traps, waking up) are applied
    after ``board.push`` and undone by ``board.pop`` (which restores the whole board)."""

    __slots__ = ("board", "statuses", "traps", "_undo")

    def __init__(self, board: chess.Board, statuses: dict[int, frozenset[str]], traps: dict[int, bool]) -> None:
        self.board = board
        self.statuses = statuses
        self.traps = traps
        self._undo: list[tuple[dict[int, frozenset[str]], dict[int, bool]] | None] = []

    def _allowed(self, m: chess.Move) -> bool:
        st = self.statuses
        frm = st.get(m.from_square)
        if frm is not None and "sleep" in frm:
            return False
        b = self.board
        if b.is_castling(m):
            rook = chess.square(7 if m.to_square > m.from_square else 0, chess.square_rank(m.from_square))
            rs = st.get(rook)
            return rs is None or "sleep" not in rs
        to = st.get(m.to_square)
        if to is not None and "shield" in to and b.piece_at(m.to_square) is not None:
            return False
        return True

    def moves(self) -> list[chess.Move]:
        legal = list(self.board.generate_legal_moves())
        if not self.statuses:
            return legal
        kept = [m for m in legal if self._allowed(m)]
        return kept or legal  # no move left: the exception lifts the statuses' restrictions

    def captures(self) -> list[chess.Move]:
        caps = list(self.board.generate_legal_captures())
        if not self.statuses:
            return caps
        return [m for m in caps if self._allowed(m)]

    def push(self, m: chess.Move) -> bool:
        """Play ``m``; False if a trigger left the mover's king attacked (then ``pop`` it)."""
        b = self.board
        st = self.statuses
        if not st and not self.traps:
            b.push(m)
            self._undo.append(None)
            return True
        self._undo.append((dict(st), dict(self.traps)))
        us = b.turn
        frm, to = m.from_square, m.to_square
        castling = b.is_castling(m)
        cap = None
        if b.is_en_passant(m):
            cap = to + (-8 if us else 8)
        elif not castling and b.piece_at(to) is not None:
            cap = to
        victim = st.pop(cap, frozenset()) if cap is not None else frozenset()
        mover = st.pop(frm, None)
        rook_status = None
        if castling:
            rook_from = chess.square(7 if to > frm else 0, chess.square_rank(frm))
            rook_to = chess.square(5 if to > frm else 3, chess.square_rank(frm))
            rook_status = st.pop(rook_from, None)
        b.push(m)
        if mover is not None:
            st[to] = mover
        if rook_status is not None:
            st[rook_to] = rook_status
        triggered = False
        if cap is not None and (victim or mover):
            if "poison" in victim and b.piece_type_at(to) != chess.KING:
                b._remove_piece_at(to)
                st.pop(to, None)
                triggered = True
            if "dynamite" in victim or (mover is not None and "dynamite" in mover):
                for sq in chess.scan_forward(_NEIGHBOURHOOD[to]):
                    p = b.piece_at(sq)
                    if p is None or p.piece_type == chess.KING:
                        continue
                    s_ = st.get(sq)
                    if p.color != us and s_ is not None and "shield" in s_:
                        continue
                    b._remove_piece_at(sq)
                    st.pop(sq, None)
                triggered = True
        owner = self.traps.get(to)
        if owner is not None and owner != us and b.piece_type_at(to) not in (None, chess.KING):
            del self.traps[to]
            b._remove_piece_at(to)
            st.pop(to, None)
            triggered = True
        if any("sleep" in s_ for s_ in st.values()) and (b.is_check() or _attacked_king(b, not b.turn)):
            for sq, s_ in list(st.items()):
                if "sleep" in s_:
                    rest = s_ - {"sleep"}
                    if rest:
                        st[sq] = rest
                    else:
                        del st[sq]
        if triggered:
            b.ep_square = None
            if _attacked_king(b, us):
                return False
        return True

    def pop(self) -> None:
        self.board.pop()
        saved = self._undo.pop()
        if saved is not None:
            self.statuses, self.traps = saved


def _attacked_king(b: chess.Board, color: bool) -> bool:
    k = b.king(color)
    return k is not None and b.is_attacked_by(not color, k)


def status_eval(b: chess.Board, statuses: dict[int, frozenset[str]], us: bool) -> int:
    """The statuses, from ``us``'s side (centipawns): a poisoned piece is a little safer (a
    shield counts by what it prevents in the search), a sleeping one cannot defend or flee, dynamite is worth the blast it threatens."""
    score = 0
    for sq, sts in statuses.items():
        p = b.piece_at(sq)
        if p is None:
            continue
        sign = 1 if p.color == us else -1
        value = PIECE[p.piece_type]
        if "poison" in sts:
            score += sign * (5 + value // 60)
        if "sleep" in sts:
            score -= sign * (20 + value // 7)
        if "dynamite" in sts:
            blast = 0
            for n in chess.scan_forward(_NEIGHBOURHOOD[sq]):
                q = b.piece_at(n)
                if q is not None and q.piece_type != chess.KING:
                    blast += PIECE[q.piece_type] if q.color != us else -PIECE[q.piece_type]
            score += blast // 4
    return score


def _terminal(st: State, ply: int) -> int:
    res = st.result
    if res.draw:
        return 0
    return MATE - ply if st.seat in res.winners else -MATE + ply


def _card_lines(st: State, card: str) -> list[tuple[dict[str, Any], State]]:
    """Every legal targeting of ``card`` for the side to act that it can choose from what it
    sees, with the state after it (after the end of the turn for a replace card): the
    referee's own checks (``rules.play_card``), resolving each targeting once."""
    try:
        rules._card_gate(st, card)
    except IllegalAction:
        return []
    effect = CARD_EFFECTS.get(card)
    if effect is None:
        return []
    out = []
    seen: set[str] = set()
    for tg in effect.targetings(st):
        key = repr(sorted(tg.items()))
        if key in seen:
            continue
        seen.add(key)
        try:
            nst = rules._resolve_card(st, card, tg)
        except IllegalAction:
            continue
        if getattr(nst, "ordering", 0):  # Foresight: searched with the cards left as they are
            nst = rules.put_back(nst, nst.decks[nst.seat][: nst.ordering])
        if CARDS[card].cost == "replace":
            rules._end_turn(nst, {"kind": "card", "card": card, "to": nst.mover, "quiet": False})
        out.append((tg, nst))
    return out
