"""Elo ratings: one rating per player and game, moved only by ranked games.

Numbers (platform spec §3):

* every player starts at :data:`START_RATING` = 1400 in each game;
* K = :data:`K_PROVISIONAL` = 40 for a player's first :data:`PROVISIONAL_GAMES` = 10 ranked
  games in that game, then K = :data:`K_ESTABLISHED` = 20 (the 11th game already uses 20);
  the rating is marked *provisional* while fewer than 10 ranked games are played;
* expected score of A against B: ``E = 1 / (1 + 10 ** ((Rb - Ra) / 400))``;
* two players: ``Ra' = Ra + K_a * (S_a - E_a)`` with ``S`` = 1 win, 0.5 draw, 0 loss;
* 3–4 players: every pair of players is one result between them (the better
  final rank wins the pair, equal ranks draw it) and each player's K is divided by
  ``players - 1``: ``Ra' = Ra + K_a / (n - 1) * sum over opponents (S_ab - E_ab)``.

**Rounding.** Ratings are whole numbers. The exact change of each player is rounded half
away from zero (``+2.5 → +3``, ``-2.5 → -3``), never with banker's rounding. Each pair's
``S - E`` is computed once and used negated for the other player, so in a two-player game
where both players have the same K the two changes are exact opposites *before* rounding,
and the symmetric rounding keeps them opposite: no point is created or lost. When every
player of a 3–4 player game has the same K, the rounded changes can miss a zero sum by a
point or two; then the players whose rounding moved them furthest in the surplus direction
give one point back each (ties: lower seat first), so those games conserve points too.
Players with different K (a newcomer against an established player) never conserve points:
that is the purpose of the faster K. There is no rating floor.

    >>> a, b = update_pair(Rating(), Rating(), 1.0)
    >>> a.delta, b.delta, a.after.value, a.after.provisional
    (20, -20, 1420, True)
    >>> round(expected_score(1600, 1400), 4)
    0.7597
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from donjon.league.record import FinishedGame, counts

START_RATING = 1400
PROVISIONAL_GAMES = 10
K_PROVISIONAL = 40
K_ESTABLISHED = 20
SCALE = 400.0


def k_factor(games_played: int) -> int:
    """K for a player's next ranked game, given the ranked games already played in that game.

    ``k_factor(0) … k_factor(9)`` are 40 (games 1 to 10), ``k_factor(10)`` and later 20."""
    if games_played < 0:
        raise ValueError("games_played cannot be negative")
    return K_PROVISIONAL if games_played < PROVISIONAL_GAMES else K_ESTABLISHED


def is_provisional(games_played: int) -> bool:
    """A rating is provisional until 10 ranked games are played in that game."""
    return games_played < PROVISIONAL_GAMES


def expected_score(rating: float, opponent: float) -> float:
    """Expected score (0..1) of a player rated ``rating`` against one rated ``opponent``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / SCALE))


def round_half_away(x: float) -> int:
    """Round to the nearest integer, halves away from zero: symmetric, ``r(-x) == -r(x)``."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game and the number of ranked games behind it."""

    value: int = START_RATING
    games: int = 0

    @property
    def provisional(self) -> bool:
        return is_provisional(self.games)

    @property
    def k(self) -> int:
        """K of this player's next ranked game."""
        return k_factor(self.games)


@dataclass(frozen=True)
class RatingChange:
    """The effect of one ranked game on one player (a row of the rating history).

    ``k`` is the K actually applied (already divided by ``players - 1``), ``score`` the sum
    of pair results and ``expected`` the sum of pair expectations; ``exact`` is the
    unrounded change."""

    before: Rating
    after: Rating
    k: float
    score: float
    expected: float
    exact: float

    @property
    def delta(self) -> int:
        return self.after.value - self.before.value


def ranks_from_scores(scores: Sequence[float], *, higher_is_better: bool = True) -> list[int]:
    """Competition ranks (1 = best, ties share a rank, ``1, 2, 2, 4``) from per-seat scores."""
    sign = -1 if higher_is_better else 1
    return [1 + sum(1 for o in scores if sign * o < sign * s) for s in scores]


def update_ranking(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[RatingChange]:
    """New ratings after one ranked game between ``len(ratings)`` players (2 or more).

    ``ranks[i]`` is the final rank of player ``i`` (1 = best; equal ranks draw their pair).
    Returns one :class:`RatingChange` per player, in the same order."""
    n = len(ratings)
    if n < 2:
        raise ValueError("a rated game needs at least two players")
    if len(ranks) != n:
        raise ValueError("one rank per player")
    share = n - 1
    diff = [[0.0] * n for _ in range(n)]  # diff[i][j] = S_ij - E_ij, antisymmetric
    score = [0.0] * n
    expect = [0.0] * n
    for i in range(n):
        for j in range(i + 1, n):
            e = expected_score(ratings[i].value, ratings[j].value)
            s = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            diff[i][j] = s - e
            diff[j][i] = -(s - e)
            score[i] += s
            score[j] += 1.0 - s
            expect[i] += e
            expect[j] += 1.0 - e
    ks = [r.k / share for r in ratings]
    exact = [ks[i] * sum(diff[i]) for i in range(n)]
    deltas = [round_half_away(x) for x in exact]
    if len({r.k for r in ratings}) == 1:
        _conserve(deltas, exact)
    return [
        RatingChange(before=r, after=Rating(r.value + d, r.games + 1), k=ks[i], score=score[i],
                     expected=expect[i], exact=exact[i])
        for i, (r, d) in enumerate(zip(ratings, deltas, strict=True))
    ]


def _conserve(deltas: list[int], exact: Sequence[float]) -> None:
    """Make integer ``deltas`` sum to zero, moving those rounded furthest the surplus way."""
    surplus = sum(deltas)
    step = 1 if surplus > 0 else -1
    order = sorted(range(len(deltas)), key=lambda i: (-step * (deltas[i] - exact[i]), i))
    for i in order[: abs(surplus)]:
        deltas[i] -= step


def update_pair(a: Rating, b: Rating, score_a: float) -> tuple[RatingChange, RatingChange]:
    """Two-player ranked game: ``score_a`` is 1 (A won), 0.5 (draw) or 0 (B won)."""
    if score_a not in (0.0, 0.5, 1.0):
        raise ValueError("score_a is 1, 0.5 or 0")
    ranks = (1, 1) if score_a == 0.5 else (1, 2) if score_a == 1.0 else (2, 1)
    ca, cb = update_ranking((a, b), ranks)
    return ca, cb


def rate_game(ratings: Mapping[int, Rating], game: FinishedGame) -> dict[int, RatingChange]:
    """Rating changes of a finished game, by account; empty when the game does not rate.

    A game rates when it is ranked, of a rated game (``GameInfo.rated``; never a
    cooperative one), counts (no bot at the start, not aborted, out of the abort window,
    see :mod:`donjon.league.record`) and has two or more seats. ``ratings`` gives each account's current rating in ``game.game``; a
    missing account starts at 1400 with no games. The server stores each change once per
    ``(game_id, account)`` (e.g. key ``f"elo:{game_id}:{account}"``)."""
    if not game.ranked or game.cooperative or not game.rated or not counts(game) or len(game.seats) < 2:
        return {}
    accounts = game.accounts
    changes = update_ranking([ratings.get(a, Rating()) for a in accounts], game.seat_ranks())
    return dict(zip(accounts, changes, strict=True))
