"""The timer loop: every ``timer_interval`` the presence lease is checked and due deadlines act:
the absence deadlines of the seats, and the flags of the game clocks.

A deadline is stored on its seat (``game_seats.deadline_at``, ``deadline_kind``), so a restart
keeps it. When it is due and the seat's player is still away, its entry is submitted like an
intent: ``forfeit`` (the player loses, or a bot takes the seat: :meth:`Rooms.leave_policy`),
or ``abandon`` in a game against bots only. A claim is not a timer: it is checked when a
player asks (:meth:`Rooms.submit`). A clock's next flag is stored on its game
(``games.flag_at``, written with each entry); when it is due the seat whose time is up
flags (``flag``; :mod:`donjon.server.match` says what that does).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable

from donjon.server import clock
from donjon.server.match import MatchError
from donjon.server.presence import Presence
from donjon.server.room_state import Rooms
from donjon.server.settings import Settings
from donjon.server.tasks import Background
from donjon.store import Database, repo

log = logging.getLogger("donjon.rooms")


class Timers:
    def __init__(self, settings: Settings, db: Database, rooms: Rooms, presence: Presence,
                 background: Background) -> None:
        self.settings = settings
        self.db = db
        self.rooms = rooms
        self.presence = presence
        self.background = background
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="absence-timers")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        while True:
            try:
                await asyncio.sleep(self.settings.timer_interval)
                await self.background.shielded(self.run())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("absence timer failed")

    async def run(self) -> None:
        """One round: the presence lease when it is due, then every due deadline.

        The due games are handled side by side (at most :attr:`AT_ONCE` at a time, each under
        its room's lock), so that after an outage their entries share the group commit's
        batches instead of each waiting for a commit of its own; one that fails is logged
        and the others go on."""
        t = time.time()
        await self.presence.check_lease(t)
        async with self.db.read() as s:
            due = await repo.due_deadlines(s, t)
        await self._each([functools.partial(self._deadline, game_id, seat_no, kind, t) for game_id, seat_no, kind in due])
        t = clock.now()
        async with self.db.read() as s:
            flags = await repo.due_flags(s, t)
        await self._each([functools.partial(self.flag, game_id, t) for game_id in flags])

    AT_ONCE = 64
    """Due games handled at the same time in a round."""

    async def _each(self, jobs: list[Callable[[], Awaitable[None]]]) -> None:
        gate = asyncio.Semaphore(self.AT_ONCE)

        async def one(job: Callable[[], Awaitable[None]]) -> None:
            async with gate:
                await job()

        for failed in await asyncio.gather(*map(one, jobs), return_exceptions=True):
            if isinstance(failed, BaseException):
                if isinstance(failed, asyncio.CancelledError):
                    raise failed
                log.error("timer failed", exc_info=failed)

    async def _deadline(self, game_id: str, seat_no: int, kind: str, t: float) -> None:
        """A seat's absence deadline is due: its player forfeits (or abandons), unless they came
        back or a bot plays the seat (then the stale clock is cleared)."""
        room = await self.rooms.room(game_id)
        if room is None:
            return
        async with room.lock:
            if not room.match.active:
                return
            seat = room.seats[seat_no]
            if seat.takeover is not None:  # a bot plays it: no clock (cleared at the takeover)
                await self.db.log.set_absence(room.id, seat_no, away_since=None, claim_at=None,
                                              deadline_at=None, deadline_kind=None)
                return
            if seat.online > 0 or seat.deadline_at is None or seat.deadline_at > t:
                return
            try:
                if kind == "abandon":
                    await self.rooms.submit_locked(room, None, "abandon", {"seat": seat_no}, None)
                else:
                    await self.rooms.submit_locked(room, seat_no, "forfeit", {}, None)
            except MatchError as e:
                log.warning("timer for %s seat %s: %s", game_id, seat_no, e.reason)

    async def flag(self, game_id: str, t: float) -> None:
        """The clock of ``game_id`` ran out at ``t`` (its stored ``flag_at``): the seat whose
        time is up flags (``flag`` entry), and if the stored moment was early — the game moved
        on meanwhile — it is written again."""
        room = await self.rooms.room(game_id)
        if room is None:
            return
        async with room.lock:
            due = room.match.flag_due()
            if due is not None and due[0] <= t:
                try:
                    await self.rooms.submit_locked(room, due[1], "flag", {}, None)
                except MatchError as e:
                    log.warning("flag of %s seat %s: %s", game_id, due[1], e.reason)
                return
            async with self.db.write() as s:
                await repo.set_flag_at(s, game_id, due[0] if due is not None else None)
