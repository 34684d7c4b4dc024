"""donjon.stats: the Wilson interval, Elo with error bars and percentiles shared by the CLI,
the tournament and the bench scripts."""

from __future__ import annotations

import doctest

import pytest

import donjon.stats
from donjon.stats import elo_interval, elo_of, percentile, score_summary, wilson


def test_doctests() -> None:
    result = doctest.testmod(donjon.stats)
    assert result.attempted >= 6 and result.failed == 0


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    # Draws count half: a fractional score falls between its neighbours.
    assert wilson(7, 10)[0] < wilson(7.5, 10)[0] < wilson(8, 10)[0]


def test_elo_is_symmetric_and_clamped() -> None:
    assert elo_of(0.5) == 0.0
    assert elo_of(0.8) == pytest.approx(-elo_of(0.2))
    assert elo_of(1.0) <= 1200.0 and elo_of(0.0) >= -1200.0


def test_elo_interval_brackets_the_estimate() -> None:
    for score, n in ((0, 10), (3, 10), (5.5, 10), (10, 10)):
        est, lo, hi = elo_interval(score, n, prior_draws=1)
        assert lo <= est <= hi
    # Without virtual draws the estimate is the plain mean score's.
    assert elo_interval(3, 4)[0] == elo_of(0.75)
    # One virtual draw: (score + 0.5) / (n + 1), as the tournament's pairings use.
    assert elo_interval(10, 10, prior_draws=1)[0] == elo_of(10.5 / 11)
    assert elo_interval(0, 0, prior_draws=0) == (0.0, elo_of(0.0), elo_of(1.0))


def test_score_summary_fields() -> None:
    s = score_summary(6, 8)
    assert list(s) == ["pct", "wilson_lo", "wilson_hi", "elo", "elo_lo", "elo_hi"]
    assert s["pct"] == 0.75 and (s["wilson_lo"], s["wilson_hi"]) == wilson(6, 8)
    assert (s["elo"], s["elo_lo"], s["elo_hi"]) == elo_interval(6, 8)


def test_percentile_nearest_rank() -> None:
    xs = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert percentile(xs, 0.0) == 1.0 and percentile(xs, 0.5) == 3.0 and percentile(xs, 1.0) == 5.0
    assert percentile([], 0.95) == 0.0
