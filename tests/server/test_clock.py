"""The game clock as a value (donjon/server/clock.py): time controls, increments, caps,
correspondence turns, flags, the opening moves that cost nothing, and restarts."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from donjon.server import clock as clock_module
from donjon.server.clock import Clock, ClockError, TimeControl


def test_doctests() -> None:
    assert doctest.testmod(clock_module).failed == 0


@pytest.mark.parametrize(("data", "want"), [
    ({"initial": 180, "increment": 2}, TimeControl(180, 2)),
    ({"initial": 600}, TimeControl(600, 0)),
    ({"initial": 300, "increment": 20, "maximum": 600}, TimeControl(300, 20, 600)),
    ({"correspondence_days": 3}, TimeControl(days=3)),
])
def test_time_controls_parse(data: dict, want: TimeControl) -> None:
    tc = TimeControl.parse(data)
    assert tc == want
    assert TimeControl.parse(tc.to_json()) == tc


@pytest.mark.parametrize(("data", "words"), [
    (None, "an object"),
    ([300, 3], "an object"),
    ({}, "initial"),
    ({"initial": 14}, "from 15"),
    ({"initial": 300.0}, "from 15"),
    ({"initial": True}, "from 15"),
    ({"initial": "300"}, "from 15"),
    ({"initial": 300, "increment": -1}, "increment"),
    ({"initial": 300, "increment": 181}, "increment"),
    ({"initial": 300, "maximum": 200}, "maximum"),
    ({"initial": 300, "bonus": 3}, "unknown field 'bonus'"),
    ({"correspondence_days": 0}, "correspondence_days"),
    ({"correspondence_days": 15}, "correspondence_days"),
    ({"correspondence_days": 3, "initial": 300}, "alone"),
])
def test_bad_time_controls_are_refused_with_a_reason(data: object, words: str) -> None:
    with pytest.raises(ClockError, match=words):
        TimeControl.parse(data)


@pytest.mark.parametrize(("tc", "speed"), [
    (TimeControl(60, 0), "bullet"), (TimeControl(120, 1), "bullet"), (TimeControl(180, 2), "blitz"),
    (TimeControl(300, 3), "blitz"), (TimeControl(600, 5), "rapid"), (TimeControl(900, 10), "rapid"),
    (TimeControl(1800, 0), "classical"), (TimeControl(days=1), "correspondence"),
])
def test_speeds(tc: TimeControl, speed: str) -> None:
    assert tc.speed == speed


def test_increment_and_flag_time() -> None:
    c = Clock.start(TimeControl(60, 5), 2, t=0.0, to_act=[0])
    c = c.after(20.0, [1], seat=0)
    assert c.left == (45.0, 60.0) and c.running == (1,)
    c = c.after(80.0, [0], seat=1)  # Black used all 60 s but moved just in time: gets 5 back
    assert c.left == (45.0, 5.0)
    assert c.deadline() == (125.0, 0)
    assert c.remaining(130.0, 0) == -5.0


def test_a_turn_of_several_actions_gets_one_increment() -> None:
    """An UnfairChess add-to-move card, Castel's two actions: the seat's time keeps running."""
    c = Clock.start(TimeControl(60, 5), 2, t=0.0, to_act=[0])
    c = c.after(10.0, [0], seat=0)
    assert c.left == (50.0, 60.0) and c.running == (0,)
    c = c.after(15.0, [1], seat=0)
    assert c.left == (50.0, 60.0)  # 45 + 5 once


def test_the_reserve_is_capped() -> None:
    c = Clock.start(TimeControl(100, 30, maximum=110), 2, t=0.0, to_act=[0])
    c = c.after(5.0, [1], seat=0)
    assert c.left[0] == 110.0


def test_correspondence_gives_each_turn_its_days() -> None:
    day = 86_400.0
    c = Clock.start(TimeControl(days=3), 2, t=0.0, to_act=[0])
    assert c.deadline() == (3 * day, 0)
    c = c.after(2.5 * day, [1], seat=0)
    assert c.deadline() == (5.5 * day, 1)
    c = c.after(3 * day, [0], seat=1)
    assert c.left[0] == 3 * day  # a new turn: three whole days again
    assert c.deadline() == (6 * day, 0)


def test_lag_is_credited_to_the_mover_only_and_never_gives_time() -> None:
    c = Clock.start(TimeControl(60, 0), 3, t=0.0, to_act=[0, 1])  # a vote: two clocks run
    c2 = c.after(10.0, [1], seat=0, lag=0.4)
    assert c2.left == (50.4, 50.0, 60.0)
    c3 = c.after(0.2, [1], seat=0, lag=0.4)
    assert c3.left[0] == 60.0


def test_the_opening_moves_cost_nothing_and_a_stopped_clock_stays() -> None:
    c = Clock.start(TimeControl(60, 2), 2, t=0.0, to_act=[0])
    c = c.after(30.0, [1], seat=0, count=False)
    assert c.left == (62.0, 60.0)
    s = c.stopped(40.0)
    assert s.left == (62.0, 50.0) and s.running == () and s.deadline() is None
    assert s.after(99.0, [0], seat=1) == s


def test_a_restart_gives_back_its_time() -> None:
    c = Clock.start(TimeControl(60, 0), 2, t=0.0, to_act=[0])
    assert c.shifted(30.0).deadline() == (90.0, 0)
    assert c.shifted(-5.0) == c


def test_the_deadline_skips_the_seats_asked() -> None:
    c = Clock.start(TimeControl(60, 0), 3, t=0.0, to_act=[0, 2])
    c = c.after(10.0, [0, 2], seat=0, lag=1.0)  # seat 0 got a second of lag back
    assert c.deadline() == (60.0, 2)
    assert c.deadline(skip=[2]) == (61.0, 0)
    assert c.deadline(skip=[0, 2]) is None


@given(st.lists(st.tuples(st.floats(0, 100), st.integers(0, 2), st.floats(0, 1)), max_size=30),
       st.integers(15, 600), st.integers(0, 30))
def test_time_is_conserved(steps: list[tuple[float, int, float]], initial: int, inc: int) -> None:
    """Whatever the moves, each seat's time left is its start, plus its increments and lag
    credits, less the time its clock ran: the clock loses and invents nothing."""
    c = Clock.start(TimeControl(initial, inc), 3, t=0.0, to_act=[0])
    t = 0.0
    used = [0.0, 0.0, 0.0]
    gained = [0.0, 0.0, 0.0]
    for dt, nxt, lag in steps:
        mover = c.running[0]
        t += dt
        used[mover] += max(0.0, dt - lag)
        if nxt != mover:
            gained[mover] += inc
        c = c.after(t, [nxt], seat=mover, lag=lag)
    for s in range(3):
        assert c.left[s] == pytest.approx(initial + gained[s] - used[s], abs=0.01 * (len(steps) + 1))
