"""The off-by-default ``{"balance": "proposed"}`` option (a measured proposal, not the rules)."""

from __future__ import annotations

import pytest

from donjon.games.citadel.catalogue import BALANCE_EXTRA_MINUTES, TREASURES
from donjon.games.citadel.game import GAME
from donjon.games.protocol import IllegalAction


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_proposed_balance_adds_minutes_per_difficulty(difficulty: str) -> None:
    extra = BALANCE_EXTRA_MINUTES["proposed"][difficulty]
    for seed in range(5):
        spec = GAME.setup(2, seed, {"difficulty": difficulty})
        prop = GAME.setup(2, seed, {"difficulty": difficulty, "balance": "proposed"})
        # Same deal (the option changes no draw), only the markers move.
        assert {c: t.id for c, t in spec.treasures.items()} == {c: t.id for c, t in prop.treasures.items()}
        for colour, t in spec.treasures.items():
            minutes = TREASURES[t.id].minutes
            assert spec.left(colour) == minutes
            assert prop.left(colour) == min(55, minutes + extra)


def test_the_rules_are_unchanged_without_the_option() -> None:
    st = GAME.setup(1, 3)
    assert "balance" not in st.options
    assert all(st.left(c) == TREASURES[t.id].minutes for c, t in st.treasures.items())


def test_proposal_orders_the_difficulties_and_unknown_values_are_refused() -> None:
    p = BALANCE_EXTRA_MINUTES["proposed"]
    assert p["easy"] > p["normal"] > p["hard"] >= 0
    with pytest.raises(IllegalAction, match="balance"):
        GAME.setup(2, 1, {"balance": "generous"})
