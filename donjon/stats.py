"""Small statistics of match results, shared by ``donjon selfplay``, the tournament
(:mod:`donjon.cli.tournament`) and the bench scripts: a score's Wilson interval, the Elo
difference a score implies (with error bars from that interval) and a nearest-rank
percentile.

A *score* is points over ``n`` games: a win 1, a draw ½, a loss 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

ELO_CLAMP = 1200.0
"""The largest Elo difference :func:`elo_of` gives (a perfect score has no finite one)."""


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``score`` points over ``n`` games (95 % by default);
    ``(0, 1)`` when there is no game.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = score / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_of(p: float) -> float:
    """The Elo difference that gives an expected score ``p`` (clamped to ±1200).

    >>> elo_of(0.5), round(elo_of(0.75)), round(elo_of(1.0)), round(elo_of(0.0))
    (0.0, 191, 1200, -1200)
    """
    p = min(max(p, 1e-3), 1 - 1e-3)
    return max(-ELO_CLAMP, min(ELO_CLAMP, 400.0 * math.log10(p / (1 - p))))


def elo_interval(score: float, n: int, prior_draws: float = 0.0) -> tuple[float, float, float]:
    """Elo with error bars from ``score`` points over ``n`` games: ``(elo, lo, hi)``, where
    ``elo`` is :func:`elo_of` the mean score counting ``prior_draws`` virtual draws (1 keeps a
    perfect score finite, as the tournament does) and ``lo``/``hi`` are :func:`elo_of` the
    bounds of the score's 95 % Wilson interval.

    >>> [round(x) for x in elo_interval(15, 20)]
    [191, 22, 360]
    >>> [round(x) for x in elo_interval(10, 10, prior_draws=1)]
    [529, 166, 1200]
    """
    lo, hi = wilson(score, n)
    games = n + prior_draws
    est = elo_of((score + prior_draws / 2) / games) if games > 0 else 0.0
    return est, elo_of(lo), elo_of(hi)


def score_summary(score: float, n: int) -> dict[str, Any]:
    """The fields a bench reports for a score (``n`` > 0): ``pct``, ``wilson_lo``,
    ``wilson_hi``, ``elo``, ``elo_lo``, ``elo_hi`` (fractions and Elo, not rounded).

    >>> {k: round(v, 3) for k, v in score_summary(3, 4).items()}
    {'pct': 0.75, 'wilson_lo': 0.301, 'wilson_hi': 0.954, 'elo': 190.849, 'elo_lo': -146.665, 'elo_hi': 528.362}
    """
    lo, hi = wilson(score, n)
    elo, elo_lo, elo_hi = elo_interval(score, n)
    return {"pct": score / n, "wilson_lo": lo, "wilson_hi": hi, "elo": elo, "elo_lo": elo_lo, "elo_hi": elo_hi}


def percentile(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank, rounding the index); 0.0 when empty.

    >>> percentile([3.0, 1.0, 2.0, 4.0], 0.5), percentile([3.0, 1.0, 2.0, 4.0], 0.95), percentile([], 0.5)
    (3.0, 4.0, 0.0)
    """
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]
