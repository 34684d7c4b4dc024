"""Game clocks: the time control chosen at a table, and the clock the server runs with it.

A :class:`TimeControl` is *live* — every seat starts with ``initial`` seconds in its reserve
and gets ``increment`` seconds back when one of its turns ends (Fischer's clock; Board Game
Arena's "time per turn"), never holding more than ``maximum`` — or *correspondence*: each turn
may last ``days`` days, whatever the earlier turns took::

    >>> TimeControl.parse({"initial": 300, "increment": 3})
    TimeControl(initial=300, increment=3, maximum=None, days=None)
    >>> TimeControl.parse({"initial": 300, "increment": 3}).speed, TimeControl(days=3).speed
    ('blitz', 'correspondence')
    >>> TimeControl.parse({"initial": 5})
    Traceback (most recent call last):
    ...
    donjon.server.clock.ClockError: time_control.initial: from 15 to 10800 seconds

A :class:`Clock` is a value: what each seat has left, whose time runs, and since when. The
server makes a new one from each accepted entry (:meth:`Clock.after`) with the time it
accepted it, which the entry stores, so a game rebuilt from its log has the same clock::

    >>> c = Clock.start(TimeControl(initial=60, increment=2), players=2, t=1000.0, to_act=[0])
    >>> c = c.after(1010.0, to_act=[1], seat=0)     # White took 10 s and gets 2 back
    >>> c.left, c.running, c.since
    ((52.0, 60.0), (1,), 1010.0)
    >>> c.deadline()                                  # Black runs out at 1070 s
    (1070.0, 1)
    >>> round(c.remaining(1030.0, 1), 3)
    40.0
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from donjon.server.refusals.lobby import say

DAY = 86_400.0
MIN_INITIAL, MAX_INITIAL = 15, 3 * 3600
MAX_INCREMENT = 180
MAX_DAYS = 14
SPEEDS = ("bullet", "blitz", "rapid", "classical", "correspondence")
"""The speeds a game is filed under (Lichess's, from the estimated duration of a game)."""


def now() -> float:
    """The time the clocks read (epoch seconds): the server stamps entries and checks flags
    with it; tests replace it to run a game's clock without waiting."""
    return time.time()


class ClockError(ValueError):
    """A time control that is not one: the message (``args[0]``, a str or a
    :class:`~donjon.said.Said`) names the field and what it accepts."""


def _int(data: dict[str, Any], key: str, lo: int, hi: int, days: bool = False) -> int:
    v = data[key]
    if type(v) is not int or not lo <= v <= hi:
        field = f"time_control.{key}"  # a custom clock left empty is 0 s: the table form's users see this one
        raise ClockError(say("clock_days", field=field, lo=lo, hi=hi) if days else
                         say("clock_seconds", field=field, lo=lo, hi=hi))
    return v


@dataclass(frozen=True)
class TimeControl:
    """A live clock (``initial`` seconds, ``increment`` seconds per turn, at most ``maximum``
    in a reserve) or a correspondence one (``days`` per turn)."""

    initial: int = 0
    increment: int = 0
    maximum: int | None = None
    days: int | None = None

    @classmethod
    def parse(cls, data: Any) -> TimeControl:
        """The time control of a table request: ``{"initial": s, "increment": s}`` (and
        ``"maximum": s`` to cap a reserve) or ``{"correspondence_days": d}``. Raises
        :class:`ClockError` for anything else."""
        if not isinstance(data, dict):
            raise ClockError('time_control: an object such as {"initial": 300, "increment": 3} '
                             'or {"correspondence_days": 3}')
        if "correspondence_days" in data:
            if set(data) != {"correspondence_days"}:
                raise ClockError("time_control: correspondence_days comes alone")
            return cls(days=_int(data, "correspondence_days", 1, MAX_DAYS, days=True))
        unknown = set(data) - {"initial", "increment", "maximum"}
        if unknown:
            raise ClockError(f"time_control: unknown field {sorted(unknown)[0]!r} "
                             "(initial, increment, maximum or correspondence_days)")
        if "initial" not in data:
            raise ClockError("time_control.initial: the seconds each seat starts with")
        initial = _int(data, "initial", MIN_INITIAL, MAX_INITIAL)
        increment = _int(data, "increment", 0, MAX_INCREMENT) if "increment" in data else 0
        maximum = _int(data, "maximum", initial, 2 * MAX_INITIAL) if "maximum" in data else None
        return cls(initial=initial, increment=increment, maximum=maximum)

    @property
    def correspondence(self) -> bool:
        return self.days is not None

    @property
    def speed(self) -> str:
        """``correspondence``, else by the estimated length of a game of 40 turns each
        (``initial + 40 × increment``): bullet under 3 minutes, blitz under 8, rapid under 25,
        classical beyond."""
        if self.days is not None:
            return "correspondence"
        estimate = self.initial + 40 * self.increment
        return "bullet" if estimate < 180 else "blitz" if estimate < 480 else "rapid" if estimate < 1500 else "classical"

    @property
    def turn_time(self) -> float:
        """What a seat has when one of its turns starts, in a correspondence game."""
        return (self.days or 0) * DAY

    def to_json(self) -> dict[str, Any]:
        if self.days is not None:
            return {"correspondence_days": self.days}
        out: dict[str, Any] = {"initial": self.initial, "increment": self.increment}
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def label(self) -> str:
        """``5+3``, ``3 days``: how a lobby shows it."""
        if self.days is not None:
            return f"{self.days} day" + ("s" if self.days > 1 else "")
        minutes = self.initial / 60
        return f"{minutes:g}+{self.increment}"


@dataclass(frozen=True)
class Clock:
    """What each seat has ``left`` (seconds, at ``since``), the seats whose time ``running``
    counts down from ``since`` (epoch seconds; ``None`` once stopped), and the ``control``."""

    control: TimeControl
    left: tuple[float, ...]
    running: tuple[int, ...]
    since: float | None

    @classmethod
    def start(cls, control: TimeControl, players: int, t: float, to_act: Iterable[int]) -> Clock:
        full = control.turn_time if control.correspondence else float(control.initial)
        return cls(control, (full,) * players, tuple(sorted(to_act)), t)

    def remaining(self, t: float, seat: int) -> float:
        """What ``seat`` has left at ``t`` (below zero once its time is up)."""
        if self.since is not None and seat in self.running:
            return self.left[seat] - max(0.0, t - self.since)
        return self.left[seat]

    def deadline(self, skip: Iterable[int] = ()) -> tuple[float, int] | None:
        """``(when, seat)`` of the first running seat to run out of time (not those in
        ``skip``), or None when no time runs."""
        if self.since is None:
            return None
        skipped = set(skip)
        due = [(self.since + self.left[s], s) for s in self.running if s not in skipped]
        return min(due) if due else None

    def after(self, t: float, to_act: Iterable[int], seat: int | None = None, lag: float = 0.0,
              count: bool = True) -> Clock:
        """The clock once an entry by ``seat`` was accepted at ``t`` and ``to_act`` may act
        next. The running seats pay the time since :attr:`since` (``seat`` less ``lag``, the
        network delay the server credits it, and never below nothing), unless ``count`` is
        False (the opening moves, before every seat has moved once). A seat whose turn ends gets
        its increment (live) and a seat whose turn starts gets the whole turn (correspondence)."""
        if self.since is None:
            return self
        spent = max(0.0, t - self.since) if count else 0.0
        left = list(self.left)
        for s in self.running:
            left[s] -= max(0.0, spent - (lag if s == seat else 0.0))
        nxt = tuple(sorted(set(to_act)))
        c = self.control
        for s in self.running:
            if s not in nxt and not c.correspondence:
                left[s] += c.increment
                if c.maximum is not None:
                    left[s] = min(left[s], float(c.maximum))
        if c.correspondence:
            for s in nxt:
                if s not in self.running:
                    left[s] = c.turn_time
        return Clock(c, tuple(round(x, 3) for x in left), nxt, t)

    def stopped(self, t: float) -> Clock:
        """The clock at the end of the game: the running seats pay until ``t``, then nothing runs."""
        if self.since is None:
            return self
        spent = max(0.0, t - self.since)
        left = tuple(round(x - spent, 3) if s in self.running else x for s, x in enumerate(self.left))
        return Clock(self.control, left, (), None)

    def shifted(self, seconds: float) -> Clock:
        """The running time started ``seconds`` later: the time a server restart took is given back."""
        if self.since is None or seconds <= 0:
            return self
        return replace(self, since=self.since + seconds)

    def to_json(self) -> dict[str, Any]:
        """``{"control", "left", "running", "since"}``: a client's clock shows
        ``left[s] - (now - since)`` for each running seat."""
        return {"control": self.control.to_json(), "left": list(self.left), "running": list(self.running),
                "since": self.since}
