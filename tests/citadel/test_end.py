"""The end: four saved wins, four lost loses, at once and for the whole table."""

from __future__ import annotations

import pytest

from donjon.games import IllegalAction
from donjon.games.citadel import GAME

from .util import act, end, scene


def test_the_fourth_rescue_wins_at_once_for_every_seat() -> None:
    st = scene(("nathan", "irene", "ada"), rooms={"nathan": "salon"}, treasures={"red": ("T02", "salon", 30)})
    st = st.copy()
    st.saved = ["T10", "T11", "T12"]
    st = act(st, {"type": "rescue", "colour": "red"})
    out = GAME.outcome(st)
    assert out is not None
    assert out.winners == (0, 1, 2) and out.losers == () and out.reason == "treasures_saved"
    assert out.scores == (1.0, 1.0, 1.0)
    assert GAME.view(st, None)["saved"] == ["T10", "T11", "T12", "T02"]
    # Nothing else happens: no switch turns back on, no new treasure, no Professor phase.
    assert not any(st.switch_on.values()) and "red" not in st.treasures
    assert st.actions_left == 2 and GAME.to_act(st) == []
    assert [e["type"] for e in st.events] == ["rescue", "game_over"]


def test_the_fourth_loss_loses_for_every_seat() -> None:
    st = scene(("nathan", "irene"), treasures={"red": ("T02", "salon", 5)},
               dice=[{"colour": "green", "action": "1", "clock": 10}]).copy()
    st.lost = ["T10", "T11", "T12"]
    st = end(st)
    out = GAME.outcome(st)
    assert out is not None and out.winners == () and out.losers == (0, 1) and out.reason == "treasures_lost"
    assert st.clock == 5  # the second clock step never happened
    assert GAME.view(st, 0)["outcome"]["reason"] == "treasures_lost"


def test_treasures_are_lost_both_by_time_and_by_the_professors_hourglass() -> None:
    by_clock = end(scene(treasures={"red": ("T02", "salon", 5)}, dice=[{"colour": "green", "action": "1", "clock": 5}]))
    by_die = end(scene(treasures={"red": ("T02", "salon", 5)}, dice=[{"colour": "red", "action": "hourglass", "clock": 5}]))
    assert by_clock.lost == ["T02"] and by_die.lost == ["T02"]
    assert [e["type"] for e in by_die.log].index("treasure_lost") < [e["type"] for e in by_die.log].index("clock")


def test_after_the_end_nothing_is_accepted() -> None:
    st = scene(rooms={"nathan": "salon"}, treasures={"red": ("T02", "salon", 30)}).copy()
    st.saved = ["T10", "T11", "T12"]
    st = act(st, {"type": "rescue", "colour": "red"})
    assert GAME.legal_actions(st, 0) == []
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(st, 0, {"type": "end_actions"})
