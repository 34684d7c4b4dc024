"""The tournament runner: its table, Elo fit and command line."""

from __future__ import annotations

import pytest

from donjon.cli.tournament import elo_with_errors, fit_elo, main, pairwise, run_tournament
from donjon.stats import wilson


def test_elo_orders_a_rigged_round_robin() -> None:
    games = [("a", "b", 1.0)] * 8 + [("a", "b", 0.0)] * 2 + [("b", "c", 1.0)] * 8 + [("b", "c", 0.0)] * 2
    games += [("a", "c", 1.0)] * 10
    elo = fit_elo(["c", "b", "a"], games)
    assert elo["c"] == 0.0 < elo["b"] < elo["a"]
    assert 150 < elo["b"] < 350
    ratings, diffs = elo_with_errors(["c", "b", "a"], games)
    assert ratings["a"]["lo"] < ratings["a"]["elo"] < ratings["a"]["hi"]
    assert diffs[("a", "b")] > 0
    lo, hi = wilson(8, 10)
    assert 0.45 < lo < 0.8 < hi < 0.97


def test_tournament_table_shape() -> None:
    result = run_tournament("unfairchess", ["random", "greedy"], games=2, seed=3, max_actions=30)
    assert result["bots"] == ["random", "greedy"]
    assert {r["bot"] for r in result["table"]} == {"random", "greedy"}
    for row in result["table"]:
        assert row["played"] == 2 == row["wins"] + row["draws"] + row["losses"]
        assert row["elo_lo"] <= row["elo"] <= row["elo_hi"]
    assert result["pairs"][0]["games"] == 2
    assert set(result["think"]) == {"random", "greedy"}
    assert sum(result["reasons"].values()) == 2


def test_tournament_cooperative_counts_against_the_professor() -> None:
    result = run_tournament("citadel", ["random"], games=2, seed=1)
    assert {r["bot"] for r in result["table"]} == {"random", "professor"}
    assert result["pairs"][0]["games"] == 2
    pw = pairwise([], True)
    assert pw == []


def test_tournament_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["unfairchess", "--bots", "random,greedy", "--games", "1", "--max-actions", "10"]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "Elo" in out
    assert main(["unfairchess", "--bots", "random,nobody", "--games", "1"]) == 2
