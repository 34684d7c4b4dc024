"""The examples in the league modules' docstrings run, and in each game's league hook."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [*(f"donjon.league.{m}" for m in ("badges", "daily", "elo", "errors", "events", "hats", "ledger", "record")),
           "donjon.games.league", "donjon.games.unfairchess.league", "donjon.games.castel.league",
           "donjon.games.citadel.league"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
