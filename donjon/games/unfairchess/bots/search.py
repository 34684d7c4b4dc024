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
* **Below.** Normal moves only. A position with nothing of the card overlay left but the
  statuses and traps (:func:`is_fast`) is searched as plain chess on a python-chess board
  (:class:`_FastPos`): its own move generation and make/unmake on the board's masks with an
  incremental material count, principal-variation search with a transposition table (its
  move tried before the others are generated), killer moves and a history table, check
  extensions, reverse futility, null move, futility pruning and late-move reductions, and
  a repetition of a position on the line (or of a plain-chess position met earlier in the
  game, see :meth:`UnfairChessSearchBot._remember`) scores as a draw. That is many times
  faster than the referee; other positions go through the referee's own rules. Leaves are
  resolved by a quiescence search (captures that do not lose the capturing piece, queen
  promotions, check evasions for its first plies).

The evaluation (centipawns, side to act) credits material and piece squares, king safety
(pawn shield and king squares by game phase), pawn structure (passed, doubled, isolated),
the bishop pair and rooks on open files, the statuses (Poison, Shield, Sleep, Dynamite, as
the greedy scores of :mod:`.greedy` weigh them) and the cards in hand (its own hand by card,
the opponent's by count, so that a card is spent only when it gains something).

Several samples (``samples``) split the time; the action chosen by most samples wins (ties:
the best mean score). Levels: :data:`LEVELS` (``easy`` adds noise and searches one ply;
``normal`` searches one ply and the captures within 250 nodes, no noise; ``hard`` deepens
for 0.75 s over two determinizations).
With ``time_limit=None`` and a ``max_depth``/``max_nodes`` budget the choice is a pure
function of the determinized samples, hence of the seat's view and the rng (and, in a game
without cards, of the positions of earlier turns the same bot was asked about).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import chess

from donjon.games.protocol import Action, Game, IllegalAction
from donjon.games.unfairchess import rules
from donjon.games.unfairchess.bots.greedy import blast_value, status_holders
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.moves import captured_square
from donjon.games.unfairchess.state import State, color_of

_T = TypeVar("_T")

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


# Normal is capped in nodes as well as time (at most 250 nodes), so that the gap to hard does
# not depend on how loaded the machine is, and searches one ply and the captures (issue 7: it
# searched part of a second ply within the same 250 nodes, about 70 Elo stronger, and hard was
# not 100 Elo above it provably; one ply is still about 350 Elo above easy).
LEVELS: dict[str, Level] = {
    "easy": Level(time_limit=0.05, max_depth=1, samples=1, cards=2, threats=0, noise=80),
    "normal": Level(time_limit=0.08, max_depth=1, samples=1, cards=3, threats=0, max_nodes=250),
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
    mat, phase = _material_phase(b)
    return mat + _king_term(b, phase) + _structure(b)


PASSED_BONUS = [0, 5, 8, 15, 28, 50, 80, 0]
"""A passed pawn, by rank counted from its own side (rank 2 is 1)."""
DOUBLED_PAWN = 12
"""Per pawn beyond the first on a file."""
ISOLATED_PAWN = 10
"""Per pawn with no own pawn on the neighbouring files."""
BISHOP_PAIR = 30
ROOK_OPEN_FILE = 15
"""A rook on a file without pawns (half of it on a file without own pawns)."""


def _passed_mask(sq: int, color: bool) -> int:
    """The squares in front of a pawn on ``sq``, on its file and the neighbouring ones: a
    pawn with no enemy pawn there is passed."""
    f, r = chess.square_file(sq), chess.square_rank(sq)
    mask = 0
    for ff in (f - 1, f, f + 1):
        if 0 <= ff <= 7:
            for rr in (range(r + 1, 8) if color else range(0, r)):
                mask |= chess.BB_SQUARES[chess.square(ff, rr)]
    return mask


PASSED_MASK = {c: [_passed_mask(sq, c) for sq in range(64)] for c in (chess.WHITE, chess.BLACK)}
_ADJACENT_FILES = [(chess.BB_FILES[f - 1] if f > 0 else 0) | (chess.BB_FILES[f + 1] if f < 7 else 0) for f in range(8)]
_PAWN_CACHE: dict[tuple[int, int], int] = {}


def _pawn_structure(white: int, black: int) -> int:
    """Passed, doubled and isolated pawns, from White's side (memoized on the two pawn masks)."""
    key = (white, black)
    score = _PAWN_CACHE.get(key)
    if score is not None:
        return score
    score = 0
    for color, own, other, sign in ((True, white, black, 1), (False, black, white, -1)):
        part = 0
        for f in range(8):
            n = (own & chess.BB_FILES[f]).bit_count()
            if n:
                if n > 1:
                    part -= DOUBLED_PAWN * (n - 1)
                if not own & _ADJACENT_FILES[f]:
                    part -= ISOLATED_PAWN * n
        passed = PASSED_MASK[color]
        p = own
        while p:
            sq = p.bit_length() - 1
            p ^= 1 << sq
            if not other & passed[sq]:
                rank = chess.square_rank(sq)
                part += PASSED_BONUS[rank if color else 7 - rank]
        score += sign * part
    if len(_PAWN_CACHE) >= _EVAL_CACHE_SIZE:
        _PAWN_CACHE.clear()
    _PAWN_CACHE[key] = score
    return score


def _structure(b: chess.Board) -> int:
    """Pawn structure, the bishop pair and rooks on open files, from White's side."""
    white, black = b.occupied_co[True], b.occupied_co[False]
    pawns = b.pawns
    score = _pawn_structure(pawns & white, pawns & black)
    bishops = b.bishops
    if (bishops & white).bit_count() >= 2:
        score += BISHOP_PAIR
    if (bishops & black).bit_count() >= 2:
        score -= BISHOP_PAIR
    rooks = b.rooks
    while rooks:
        sq = rooks.bit_length() - 1
        rooks ^= 1 << sq
        file = chess.BB_FILES[sq & 7]
        is_white = white >> sq & 1
        own = white if is_white else black
        if not pawns & file:
            bonus = ROOK_OPEN_FILE
        elif not pawns & own & file:
            bonus = ROOK_OPEN_FILE // 2
        else:
            continue
        score += bonus if is_white else -bonus
    return score


PHASE_W = [0, 0, 1, 1, 2, 4, 0]
""":data:`PHASE_WEIGHT` indexed by piece type (pawns and kings weigh nothing)."""


def _material_phase(b: chess.Board) -> tuple[int, int]:
    """Material and piece squares of every piece but the kings, from White's side, and the
    game phase (the weights of the pieces left): the part of the evaluation that the search
    updates move by move (:meth:`_FastPos.push`)."""
    score = 0
    phase = 0
    white_occ, black_occ = b.occupied_co[True], b.occupied_co[False]
    for pt, mask in ((chess.PAWN, b.pawns), (chess.KNIGHT, b.knights), (chess.BISHOP, b.bishops),
                     (chess.ROOK, b.rooks), (chess.QUEEN, b.queens)):
        w, bl = PST[(pt, True)], PST[(pt, False)]
        for sq in chess.scan_forward(mask & white_occ):
            score += w[sq]
        for sq in chess.scan_forward(mask & black_occ):
            score -= bl[sq]
        phase += PHASE_W[pt] * (mask & (white_occ | black_occ)).bit_count()
    return score, phase


def _shield_mask(king: int, color: bool) -> int:
    """The squares whose own pawns shield a king on ``king``: the king's file and its
    neighbours, one and two ranks ahead; none once the king has left its first two ranks."""
    rank = chess.square_rank(king)
    if (rank > 1 if color else rank < 6):
        return 0
    f = chess.square_file(king)
    files = chess.BB_FILES[f]
    if f > 0:
        files |= chess.BB_FILES[f - 1]
    if f < 7:
        files |= chess.BB_FILES[f + 1]
    ahead = 0
    for dr in (1, 2):
        r = rank + dr if color else rank - dr
        if 0 <= r <= 7:
            ahead |= chess.BB_RANKS[r]
    return files & ahead


SHIELD_MASK = {c: [_shield_mask(sq, c) for sq in range(64)] for c in (chess.WHITE, chess.BLACK)}
_KING_MID = {c: PST[(chess.KING, c)] for c in (chess.WHITE, chess.BLACK)}


def _king_term(b: chess.Board, phase: int) -> int:
    """The kings' squares and pawn shields (middlegame while queens are on and ``phase`` is at
    least 10, else the endgame table), from White's side."""
    kings = b.kings & ~b.promoted
    wmask = kings & b.occupied_co[True]
    bmask = kings & b.occupied_co[False]
    score = 0
    if phase >= 10 and b.queens:
        pawns = b.pawns
        if wmask:
            wk = wmask.bit_length() - 1
            score += _KING_MID[True][wk] + SHIELD_PAWN * (pawns & b.occupied_co[True] & SHIELD_MASK[True][wk]).bit_count()
        if bmask:
            bk = bmask.bit_length() - 1
            score -= _KING_MID[False][bk] + SHIELD_PAWN * (pawns & b.occupied_co[False]
                                                           & SHIELD_MASK[False][bk]).bit_count()
    else:
        if wmask:
            score += KING_END[True][wmask.bit_length() - 1]
        if bmask:
            score -= KING_END[False][bmask.bit_length() - 1]
    return score


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
    """Opponent card replies searched at the first reply (computed once, when the move would
    become the best: None until then)."""
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

    Parameters: ``time_limit`` (seconds per decision, all samples together; None: no clock;
    the first, one-ply iteration always ends, so a slow machine never gets an unsearched move),
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
        self._tt: dict[Any, tuple[int, int, int, int]] = {}
        """Fast position key -> (depth, bound flag, score, best move as from*64+to+promotion*4096)."""
        self._killers: dict[int, list[int]] = {}
        self._history: list[int] = [0] * 8192
        """Quiet-move history (colour, from, to): depth² per beta cutoff."""
        self._path: set[Any] = set()
        self._game_keys: dict[Any, int] = {}
        """Plain-chess positions met in this game (search key -> turn number), see :meth:`_remember`."""
        self._seen: frozenset[Any] = frozenset()
        """The fast positions of the line being searched (a repeat scores as a draw)."""
        self._hand_w = 0
        self._seat = 0
        self._known: Counter[str] = Counter()

    # ------------------------------------------------------------------ entry point

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        action = self._choose(game, state, seat, rng)
        if isinstance(state, State):
            self._remember(state, action)
        return action

    def _remember(self, state: State, action: Action) -> None:
        """Keep the plain-chess positions of this game seen so far (the root, and the position
        after the move chosen), so that the search scores a return to one of them as a draw
        (a repetition). Only earlier turns count: asked twice at the same turn (or at an
        earlier one: another game), the bot chooses the same way."""
        t = state.turn_no
        key = _plain_key(state.board, state)
        if key is not None:
            self._game_keys[key] = t
            if action.get("type") == "move":
                after = state.board.copy(stack=False)
                after.push(chess.Move.from_uci(action["uci"]))
                self._game_keys[_plain_key(after, state)] = t

    def _choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        start = time.perf_counter()
        results: list[SampleResult] = []
        # One table for all samples: the opponent's hand counts by number only, so the move
        # lines of two samples share their values (card replies are searched outside it).
        self._tt = {}
        self._killers = {}
        self._history = [0] * 8192
        if isinstance(state, State):
            t = state.turn_no
            self._game_keys = {k: tn for k, tn in self._game_keys.items() if t - _GAME_MEMORY <= tn < t}
            self._seen = frozenset(self._game_keys)
        else:
            self._seen = frozenset()
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
            # The first iteration always ends (only the node cap stops it): on a slow or busy
            # machine a move is never chosen unsearched, by its prior alone (a queen taking a
            # defended pawn first among the captures).
            self._deadline = deadline if depth > 1 else INF * 1.0
            alpha = -INF
            iter_best: _RootChild | None = None
            self._path = set(self._seen)
            try:
                for ch in children:
                    if iter_best is None:
                        s = self._root_score(ch, depth, alpha, INF)
                    else:  # principal variation search: prove it worse with a null window first
                        s = self._root_score(ch, depth, alpha, alpha + 1)
                        if s > alpha:
                            s = self._root_score(ch, depth, alpha, INF)
                    if s > alpha and depth >= 2 and self.threats and ch.replies is None and not ch.same_side:
                        # The opponent's card replies only add to its options: a move that
                        # fails low without them fails low with them, so they are prepared
                        # (once) for the moves that would become best, and searched again.
                        self._prepare_replies([ch], seat)
                        if ch.replies:
                            s = self._root_score(ch, depth, alpha, INF)
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

    def _root_score(self, ch: _RootChild, depth: int, alpha: int, beta: int) -> int:
        """The value of a root action within (``alpha``, ``beta``), its card cost paid."""
        cost = CARD_PLAY_COST if ch.action.get("type") == "card" else 0
        a, b = alpha + cost, beta + cost
        if ch.same_side:  # an add-to-move card: the same side moves now, in the same turn
            s = self._search_state(ch.state, depth, a, b, 1)
        else:
            s = -self._search_state(ch.state, depth - 1, -b, -a, 1, ch.replies)
        return s - cost

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
            self._tick_slow()
            st = ch.state
            replies: list[tuple[float, str, State]] = []
            if st.result is None and not st.silenced:
                opp = st.seat
                for card in sorted(set(st.hands[opp]) & THREAT_CARDS):
                    for tg, nst in _card_lines(st, card):
                        self._tick_slow()
                        if nst.seat == opp and nst.result is None:
                            continue  # an add-to-move card (none of the threat cards is)
                        replies.append((evaluate(nst, seat, seat, self._known), repr(tg), nst))
            replies.sort(key=lambda x: (x[0], x[1]))
            ch.replies = [r[2] for r in replies[: self.threats]]

    # ------------------------------------------------------------------ search on referee states

    def _tick(self) -> None:
        """Count a node of the fast search; look at the clock every 128 nodes."""
        self._nodes += 1
        if self._nodes >= self._node_cap:
            raise _Timeout
        if not self._nodes & 127 and time.perf_counter() > self._deadline:
            raise _Timeout

    def _tick_slow(self) -> None:
        """Count a node of the referee's search (or a card resolution): each costs as much as
        dozens of fast nodes, so the clock is read every time (the deadline holds)."""
        self._nodes += 1
        if self._nodes >= self._node_cap or time.perf_counter() > self._deadline:
            raise _Timeout

    def _search_state(self, st: State, depth: int, alpha: int, beta: int, ply: int,
                      extra: list[State] | None = None) -> int:
        """Negamax value of ``st`` for the side to act; ``extra``: card replies (their result
        states, where the other side acts) searched beside the moves."""
        self._tick_slow()
        if st.result is not None:
            return _terminal(st, ply)
        if depth <= 0:
            return self._qs_state(st, alpha, beta, ply, 0)
        # The card replies (if any) through the referee first, then the normal moves.
        best = self._search_children(extra or (), -INF, alpha, beta, depth, ply)
        if extra:
            alpha = max(alpha, best)
            if alpha >= beta:
                return best
        if is_fast(st):  # the moves on the fast board
            return max(best, self._ab(self._fast(st), depth, alpha, beta, ply))
        moves = st.moves or []
        if not moves and not extra:
            return evaluate(st, st.seat, self._seat, self._known)  # no move: only a card can save (can_save)
        b = st.board
        ordered = sorted(moves, key=lambda m: -(_mvv_lva(b, m) if b.is_capture(m) else -10**6))
        return self._search_children((rules.apply_move(st, m) for m in ordered), best, alpha, beta, depth, ply)

    def _search_children(self, children: Iterable[State], best: int, alpha: int, beta: int,
                         depth: int, ply: int) -> int:
        """:func:`_alpha_beta` over ``children`` (states where the other side acts), one ply deeper."""
        return _alpha_beta(children, lambda child, a: -self._search_state(child, depth - 1, -beta, -a, ply + 1),
                           best, alpha, beta)

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

        def score(m: chess.Move, a: int) -> int:
            self._tick_slow()
            return -self._qs_state(rules.apply_move(st, m), -beta, -a, ply + 1, qply + 1)

        return _alpha_beta(caps, score, alpha, alpha, beta)

    # ------------------------------------------------------------------ fast positions

    def _fast(self, st: State) -> _FastPos:
        self._hand_w = hand_white(st, self._seat, self._known)
        return _FastPos(st.board.copy(stack=False), dict(st.statuses), dict(st.traps))

    def _eval_fast(self, pos: _FastPos) -> int:
        """:func:`evaluate` of a fast position, from the incremental material (same figure)."""
        b = pos.board
        s = pos.mat + _king_term(b, pos.phase) + _structure(b) + self._hand_w
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

    def _order(self, b: chess.Board, moves: list[chess.Move], tt_code: int, ply: int) -> tuple[list[chess.Move], list[int]]:
        """``moves`` best first, with their ordering scores: the table's move, good captures
        (most valuable victim, least valuable attacker), queen promotions, the killers of this
        ply, quiet moves by history, then captures that lose the capturing piece to a defender."""
        us = b.turn
        occ_them = b.occupied_co[not us]
        killers = self._killers.get(ply, ())
        hist = self._history
        base = 4096 if us else 0
        type_at = b.piece_type_at
        keyed = []
        for i, m in enumerate(moves):
            frm, to = m.from_square, m.to_square
            code = frm * 64 + to + (m.promotion or 0) * 4096
            if code == tt_code:
                sc = _ORD_TT
            elif occ_them >> to & 1:
                victim = PIECE_BY_TYPE[type_at(to) or 0]
                attacker = PIECE_BY_TYPE[type_at(frm) or 0]
                sc = _ORD_CAPTURE + 10 * victim - attacker // 10
                if attacker > victim + 50 and b.is_attacked_by(not us, to):
                    sc -= _ORD_CAPTURE + _ORD_BAD  # probably loses the attacker: after the quiet moves
            elif m.promotion:
                sc = _ORD_PROMO if m.promotion == chess.QUEEN else -_ORD_BAD
            elif code in killers:
                sc = _ORD_KILLER
            else:
                sc = hist[base + frm * 64 + to]
            keyed.append((sc, i))
        keyed.sort(reverse=True)
        return [moves[i] for _, i in keyed], [sc for sc, _ in keyed]

    def _ab(self, pos: _FastPos, depth: int, alpha: int, beta: int, ply: int, in_check: bool | None = None) -> int:
        """Principal-variation alpha-beta on a fast position (negamax, centipawns).

        ``in_check``: whether the side to move is in check, when the caller knows. The move of
        the transposition table is searched before the others are generated; below it,
        reverse futility, null move, futility pruning of quiet moves and late-move reductions
        cut what a plain alpha-beta would search, and a position met again on the line scores
        as a draw."""
        self._tick()
        b = pos.board
        if in_check is None:
            in_check = b.is_check()
        if in_check and ply < 24:
            depth += 1
        if depth <= 0:
            return self._qs(pos, alpha, beta, ply, 0, in_check)
        key = self._key(pos)
        path = self._path
        if key in path:
            return 0  # the line came back to a position: a repetition (a draw in classical chess)
        # Mate distance: no line from here can beat a mate found nearer the root.
        if alpha < -MATE + ply:
            alpha = -MATE + ply
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
        if alpha >= beta:
            return alpha
        entry = self._tt.get(key)
        tt_code = -1
        if entry is not None:
            edepth, flag, escore, tt_code = entry
            if edepth >= depth:
                if escore > MATE_BOUND:
                    escore -= ply
                elif escore < -MATE_BOUND:
                    escore += ply
                if flag == 0 or (flag == 1 and escore >= beta) or (flag == 2 and escore <= alpha):
                    return escore
        pv = beta - alpha > 1
        static = -INF
        if not in_check:
            static = self._eval_fast(pos)
            if not pv and -MATE_BOUND < beta < MATE_BOUND:
                if depth <= 3 and static - _RFP_MARGIN * depth >= beta:
                    return static  # reverse futility: far above beta with little depth left
                if (depth >= 3 and ply > 1 and static >= beta
                        and b.occupied_co[b.turn] & ~(b.pawns | b.kings)):
                    r = 3 if depth >= 6 else 2
                    pos.push_null()  # null move: even passing keeps the score above beta
                    path.add(key)
                    try:
                        s = -self._ab(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, False)
                    finally:
                        path.discard(key)
                        pos.pop()
                    if s >= beta:
                        return beta if s > MATE_BOUND else s
        futile = not pv and not in_check and depth <= 2 and static + _FUTILITY[depth] <= alpha
        alpha0 = alpha
        best = -INF
        best_move: chess.Move | None = None
        searched = 0
        us = b.turn
        killers = self._killers
        history = self._history
        path.add(key)
        try:
            for stage in (0, 1):
                if stage == 0:
                    if tt_code < 0:
                        continue
                    promo = tt_code >> 12
                    todo = [chess.Move((tt_code >> 6) & 63, tt_code & 63, promo or None)]
                    keys = [_ORD_TT]
                else:
                    todo, keys = self._order(b, pos.moves(in_check), tt_code, ply)
                for m, sc in zip(todo, keys, strict=True):
                    if sc == _ORD_TT and stage:
                        continue  # searched first
                    quiet = 0 <= sc < _ORD_KILLER
                    if futile and searched and quiet and not m.promotion:
                        continue  # futility: a quiet move cannot lift this position to alpha
                    if not pos.push(m):
                        pos.pop()
                        continue
                    gives_check = b.is_check()
                    if searched == 0:
                        s = -self._ab(pos, depth - 1, -beta, -alpha, ply + 1, gives_check)
                    else:
                        r = 0
                        if depth >= 3 and quiet and searched >= 3 and not in_check and not gives_check:
                            r = 2 if (searched >= 8 and depth >= 5) else 1  # late quiet move: reduced first
                        s = -self._ab(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1, gives_check)
                        if s > alpha and r:
                            s = -self._ab(pos, depth - 1, -alpha - 1, -alpha, ply + 1, gives_check)
                        if alpha < s < beta:
                            s = -self._ab(pos, depth - 1, -beta, -alpha, ply + 1, gives_check)
                    pos.pop()
                    searched += 1
                    if s > best:
                        best, best_move = s, m
                    if s > alpha:
                        alpha = s
                    if alpha >= beta:
                        if quiet:
                            code = m.from_square * 64 + m.to_square
                            ks = killers.setdefault(ply, [])
                            if code not in ks:
                                ks.insert(0, code)
                                del ks[2:]
                            hi = (4096 if us else 0) + code
                            history[hi] = min(history[hi] + depth * depth, _ORD_KILLER - 1)
                        break
                if alpha >= beta:
                    break
        finally:
            path.discard(key)
        if best_move is None:
            return -MATE + ply if in_check else 0  # no legal move (or every one exposed the king)
        flag = 0 if alpha0 < best < beta else (1 if best >= beta else 2)
        stored = best + ply if best > MATE_BOUND else best - ply if best < -MATE_BOUND else best
        code = best_move.from_square * 64 + best_move.to_square + (best_move.promotion or 0) * 4096
        self._tt[key] = (depth, flag, stored, code)
        return best

    def _qs(self, pos: _FastPos, alpha: int, beta: int, ply: int, qply: int, in_check: bool | None = None) -> int:
        """Quiescence: captures that do not lose the capturing piece (all check evasions in
        check, for the first plies), with stand-pat and delta pruning."""
        self._tick()
        b = pos.board
        if in_check is None:
            in_check = b.is_check()
        if in_check:
            if qply >= 3:
                return self._eval_fast(pos)  # deep in the captures: no evasion search
            moves = pos.moves(True)
            if not moves:
                return -MATE + ply
            moves, _ = self._order(b, moves, -1, ply)
            best = self._qs_moves(pos, moves, -INF, alpha, beta, ply, qply)
            return best if best > -INF else -MATE + ply
        stand = self._eval_fast(pos)
        if stand >= beta or qply >= 6:
            return stand
        if stand + 1000 < alpha:
            return stand  # delta pruning: not even a queen would lift it
        if stand > alpha:
            alpha = stand
        caps = pos.captures()
        if not caps:
            return alpha
        us = b.turn
        type_at = b.piece_type_at
        keyed = []
        for i, m in enumerate(caps):
            to = m.to_square
            vt = type_at(to)
            victim = PIECE_BY_TYPE[vt] if vt else (0 if m.promotion else 100)  # en passant: a pawn
            if m.promotion:
                victim += PIECE_BY_TYPE[m.promotion] - 100
            elif stand + victim + 200 <= alpha:
                continue  # delta pruning: this capture cannot reach alpha
            attacker = PIECE_BY_TYPE[type_at(m.from_square) or 0]
            if attacker > victim + 50 and not m.promotion and b.is_attacked_by(not us, to):
                continue  # a bad capture: the defender takes back more than it won
            keyed.append((10 * victim - attacker // 10, i))
        keyed.sort(reverse=True)
        return self._qs_moves(pos, [caps[i] for _, i in keyed], alpha, alpha, beta, ply, qply)

    def _qs_moves(self, pos: _FastPos, moves: list[chess.Move], best: int, alpha: int, beta: int,
                  ply: int, qply: int) -> int:
        """:func:`_alpha_beta` in quiescence over ``moves`` (a move that leaves the king
        attacked does not count)."""

        def score(m: chess.Move, a: int) -> int | None:
            legal = pos.push(m)
            s = -self._qs(pos, -beta, -a, ply + 1, qply + 1) if legal else None
            pos.pop()
            return s

        return _alpha_beta(moves, score, best, alpha, beta)


def _alpha_beta(children: Iterable[_T], score: Callable[[_T, int], int | None], best: int, alpha: int,
                beta: int) -> int:
    """Fail-soft alpha-beta over ``children`` in this order, for a window with ``alpha < beta``
    and ``best <= alpha``. ``score(child, alpha)`` is the child's value for the side to act,
    searched with the current ``alpha``, or None for a child that does not count. Returns the
    best value, or ``best`` if none beats it; stops at the first value reaching ``beta``."""
    for child in children:
        s = score(child, alpha)
        if s is None:
            continue
        if s > best:
            best = s
            if s > alpha:
                alpha = s
                if alpha >= beta:
                    break
    return best


_NEIGHBOURHOOD = [chess.BB_KING_ATTACKS[sq] | chess.BB_SQUARES[sq] for sq in range(64)]
PIECE_BY_TYPE = [0, 100, 320, 330, 500, 900, 20000]
""":data:`PIECE` indexed by piece type (the king weighs most: it never is a victim)."""
_ORD_TT = 1 << 40
_ORD_CAPTURE = 1 << 30
_ORD_PROMO = 1 << 29
_ORD_KILLER = 1 << 28
_ORD_BAD = 1 << 20
_RFP_MARGIN = 110
"""Reverse futility: a position this far (per ply of depth left) above beta is cut."""
_FUTILITY = [0, 160, 360]
"""Futility margins by depth left: quiet moves of a position this far below alpha are skipped."""
_ROOK_CASTLE = {chess.G1: (chess.H1, chess.F1), chess.C1: (chess.A1, chess.D1),
                chess.G8: (chess.H8, chess.F8), chess.C8: (chess.A8, chess.D8)}


class _FastPos:
    """A python-chess board with the persistent overlay (statuses, traps), searched with
    push/pop: the triggers of a normal move (poison, dynamite, traps, waking up) are applied
    after ``board.push`` and undone by ``board.pop`` (which restores the whole board).

    ``mat`` and ``phase`` (:func:`_material_phase`) are kept up to date move by move. Without
    an overlay, moves are generated pseudo-legal (legal when in check) and :meth:`push` tells
    whether the move left the mover's king attacked."""

    __slots__ = ("board", "statuses", "traps", "_undo", "mat", "phase", "_evals")

    def __init__(self, board: chess.Board, statuses: dict[int, frozenset[str]], traps: dict[int, bool]) -> None:
        self.board = board
        self.statuses = statuses
        self.traps = traps
        self._undo: list[tuple[Any, ...]] = []
        """Per move: the overlay before it (after ``Board.push``), or the board's masks (:func:`_save`)."""
        self.mat, self.phase = _material_phase(board)
        self._evals: list[tuple[int, int]] = []

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

    def moves(self, in_check: bool = False) -> list[chess.Move]:
        """The moves to search: pseudo-legal ones without an overlay (legal ones in check),
        legal ones the statuses allow otherwise."""
        if not self.statuses and not self.traps:
            if in_check:
                return list(self.board.generate_legal_moves())
            return _pseudo_moves(self.board, False)
        legal = list(self.board.generate_legal_moves())
        if not self.statuses:
            return legal
        kept = [m for m in legal if self._allowed(m)]
        return kept or legal  # no move left: the exception lifts the statuses' restrictions

    def captures(self) -> list[chess.Move]:
        """Captures and queen promotions (pseudo-legal without an overlay, as :meth:`moves`)."""
        b = self.board
        if not self.statuses and not self.traps:
            return _pseudo_moves(b, True)
        caps = list(b.generate_legal_captures())
        if not self.statuses:
            return caps
        return [m for m in caps if self._allowed(m)]

    def push_null(self) -> None:
        """Pass the turn (the null move of the search)."""
        b = self.board
        self._evals.append((self.mat, self.phase))
        self._undo.append(_save(b))
        b.ep_square = None
        b.turn = not b.turn

    def push(self, m: chess.Move) -> bool:
        """Play ``m``; False if it left the mover's king attacked (then ``pop`` it).

        Without an overlay the move is made on the board's masks directly (the board's move
        stack is left alone: :meth:`pop` restores the masks), which is several times cheaper
        than ``Board.push``."""
        b = self.board
        self._evals.append((self.mat, self.phase))
        if self.statuses or self.traps:
            ok = self._push_overlay(m)
            self.mat, self.phase = _material_phase(b)
            return ok
        self._undo.append(_save(b))
        us = b.turn
        them = not us
        frm, to = m.from_square, m.to_square
        fb, tb = chess.BB_SQUARES[frm], chess.BB_SQUARES[to]
        pt = b.piece_type_at(frm) or 0
        occ_us, occ_them = b.occupied_co[us], b.occupied_co[them]
        promoted = b.promoted
        ep = b.ep_square
        b.ep_square = None
        b.castling_rights &= ~(fb | tb)
        d = 0
        check = pt == chess.KING
        if occ_them & tb:
            cap = b.piece_type_at(to) or 0
            d = PST[(cap, them)][to]
            self.phase -= PHASE_W[cap]
            _xor(b, cap, tb)
            occ_them ^= tb
        elif pt == chess.PAWN and to == ep:
            csq = to - 8 if us else to + 8
            d = PST[(chess.PAWN, them)][csq]
            cb = chess.BB_SQUARES[csq]
            b.pawns ^= cb
            occ_them ^= cb
            promoted &= ~cb
            check = True
        if promoted & fb:
            promoted = (promoted & ~fb) | tb
        else:
            promoted &= ~tb
        occ_us ^= fb | tb
        if pt == chess.PAWN:
            if m.promotion:
                d += PST[(m.promotion, us)][to] - PST[(chess.PAWN, us)][frm]
                self.phase += PHASE_W[m.promotion]
                b.pawns ^= fb
                _xor(b, m.promotion, tb)
                promoted |= tb
            else:
                tab = PST[(chess.PAWN, us)]
                d += tab[to] - tab[frm]
                b.pawns ^= fb | tb
                if to - frm == 16:
                    b.ep_square = frm + 8
                elif frm - to == 16:
                    b.ep_square = frm - 8
        elif pt == chess.KING:
            b.kings ^= fb | tb
            b.castling_rights &= ~(chess.BB_RANK_1 if us else chess.BB_RANK_8)
            if to - frm == 2 or frm - to == 2:
                rf, rt = _ROOK_CASTLE[to]
                tab = PST[(chess.ROOK, us)]
                d += tab[rt] - tab[rf]
                rb = chess.BB_SQUARES[rf] | chess.BB_SQUARES[rt]
                b.rooks ^= rb
                occ_us ^= rb
        else:
            tab = PST[(pt, us)]
            d += tab[to] - tab[frm]
            _xor(b, pt, fb | tb)
        self.mat += d if us else -d
        b.occupied_co[us] = occ_us
        b.occupied_co[them] = occ_them
        b.occupied = occ_us | occ_them
        b.promoted = promoted
        b.turn = them
        kmask = b.kings & occ_us
        if not kmask:
            return True
        ksq = kmask.bit_length() - 1
        if check or chess.BB_RAYS[ksq][frm]:
            return not b.is_attacked_by(them, ksq)
        return True

    def _push_overlay(self, m: chess.Move) -> bool:
        b = self.board
        st = self.statuses
        self._undo.append((dict(st), dict(self.traps)))
        us = b.turn
        frm, to = m.from_square, m.to_square
        castling = b.is_castling(m)
        cap = captured_square(b, m, castling)
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
        saved = self._undo.pop()
        if len(saved) == 2:  # a move with the overlay: Board.push, the overlay as it was
            self.board.pop()
            self.statuses, self.traps = saved  # type: ignore[assignment]
        else:
            _restore(self.board, saved)  # type: ignore[arg-type]
        self.mat, self.phase = self._evals.pop()


_PROMOS = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
_LAST_RANK = {chess.WHITE: chess.BB_RANK_8, chess.BLACK: chess.BB_RANK_1}
_BACK_RANK = {chess.WHITE: chess.BB_RANK_1, chess.BLACK: chess.BB_RANK_8}


def _pseudo_moves(b: chess.Board, captures_only: bool) -> list[chess.Move]:
    """The pseudo-legal moves of ``b`` (as ``generate_pseudo_legal_moves``, in another order),
    or only its captures and queen promotions: one pass over the masks, without generators."""
    Move = chess.Move
    us = b.turn
    our = b.occupied_co[us]
    them = b.occupied_co[not us]
    occ = b.occupied
    targets = them if captures_only else ~our
    out: list[chess.Move] = []
    attacks = b.attacks_mask
    pieces = our & ~b.pawns
    while pieces:
        sq = pieces.bit_length() - 1
        pieces ^= 1 << sq
        t = attacks(sq) & targets
        while t:
            to = t.bit_length() - 1
            t ^= 1 << to
            out.append(Move(sq, to))
    if not captures_only and b.castling_rights & _BACK_RANK[us]:
        out.extend(b.generate_castling_moves())
    pawns = b.pawns & our
    if not pawns:
        return out
    last = _LAST_RANK[us]
    pawn_attacks = chess.BB_PAWN_ATTACKS[us]
    p = pawns
    while p:
        sq = p.bit_length() - 1
        p ^= 1 << sq
        t = pawn_attacks[sq] & them
        while t:
            to = t.bit_length() - 1
            t ^= 1 << to
            if (1 << to) & last:
                if captures_only:
                    out.append(Move(sq, to, chess.QUEEN))
                else:
                    out.extend(Move(sq, to, pr) for pr in _PROMOS)
            else:
                out.append(Move(sq, to))
    ep = b.ep_square
    if ep is not None and not occ & chess.BB_SQUARES[ep] and b.pawns & them & chess.BB_SQUARES[ep - 8 if us else ep + 8]:
        p = pawns & chess.BB_PAWN_ATTACKS[not us][ep]
        while p:
            sq = p.bit_length() - 1
            p ^= 1 << sq
            out.append(Move(sq, ep))
    if us:
        single = pawns << 8 & ~occ & chess.BB_ALL
        double = single << 8 & ~occ & chess.BB_RANK_4
        step = 8
    else:
        single = pawns >> 8 & ~occ
        double = single >> 8 & ~occ & chess.BB_RANK_5
        step = -8
    if captures_only:
        single &= last
        double = 0
    while single:
        to = single.bit_length() - 1
        single ^= 1 << to
        if (1 << to) & last:
            if captures_only:
                out.append(Move(to - step, to, chess.QUEEN))
            else:
                out.extend(Move(to - step, to, pr) for pr in _PROMOS)
        else:
            out.append(Move(to - step, to))
    while double:
        to = double.bit_length() - 1
        double ^= 1 << to
        out.append(Move(to - 2 * step, to))
    return out


def _save(b: chess.Board) -> tuple[Any, ...]:
    """What :meth:`_FastPos.push` changes on a board without an overlay (13 fields)."""
    return (b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings, b.occupied_co[True],
            b.occupied_co[False], b.occupied, b.promoted, b.castling_rights, b.ep_square, b.turn)


def _restore(b: chess.Board, saved: tuple[Any, ...]) -> None:
    (b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings, white, black, b.occupied, b.promoted,
     b.castling_rights, b.ep_square, b.turn) = saved
    b.occupied_co[True] = white
    b.occupied_co[False] = black


def _xor(b: chess.Board, pt: int, bits: int) -> None:
    """Flip ``bits`` in the mask of piece type ``pt``."""
    if pt == chess.PAWN:
        b.pawns ^= bits
    elif pt == chess.KNIGHT:
        b.knights ^= bits
    elif pt == chess.BISHOP:
        b.bishops ^= bits
    elif pt == chess.ROOK:
        b.rooks ^= bits
    elif pt == chess.QUEEN:
        b.queens ^= bits
    else:
        b.kings ^= bits


def _attacked_king(b: chess.Board, color: bool) -> bool:
    k = b.king(color)
    return k is not None and b.is_attacked_by(not color, k)


def status_eval(b: chess.Board, statuses: dict[int, frozenset[str]], us: bool) -> int:
    """The statuses, from ``us``'s side (centipawns): a poisoned piece is a little safer (a
    shield counts by what it prevents in the search), a sleeping one cannot defend or flee, dynamite is worth the blast it threatens."""
    score = 0
    for sq, sts, sign, pt in status_holders(b, statuses, us):
        value = PIECE[pt]
        if "poison" in sts:
            score += sign * (5 + value // 60)
        if "sleep" in sts:
            score -= sign * (20 + value // 7)
        if "dynamite" in sts:
            score += blast_value(b, sq, us, PIECE) // 4
    return score


_GAME_MEMORY = 100
"""Turns a position of the game is remembered for the repetition test."""


def _plain_key(board: chess.Board, state: State) -> Any:
    """The search key (:meth:`UnfairChessSearchBot._key`) of ``board`` in a game with no card
    in either hand, no status and no trap; None otherwise."""
    if state.hands[0] or state.hands[1] or state.statuses or state.traps:
        return None
    return (board._transposition_key(), 0)


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
