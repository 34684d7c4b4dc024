"""The examples in the league modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["badges", "daily", "elo", "errors", "events", "hats", "ledger", "record"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    mod = importlib.import_module(f"donjon.league.{name}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
