"""The game rooms of this process: the table service between the sockets, the engine and the store.

:class:`Hub` is what the app, the sockets and the lobby hold. It composes four parts, each in
its own module, and wires them together:

* :class:`~donjon.server.room_state.Rooms` — loading and caching the rooms, replaying their
  entries, catching up from the bus; every entry: submit → commit → broadcast; the leave
  policy;
* :class:`~donjon.server.presence.Presence` — sockets connecting and closing, absence clocks,
  the heartbeat and the presence lease between nodes;
* :class:`~donjon.server.timers.Timers` — the timer loop: the lease check and due deadlines
  (forfeits, abandons);
* :class:`~donjon.server.bot_turns.BotTurns` — bots taking their turns and answering offers.

One game in memory is a :class:`~donjon.server.room.Room`; a socket of it a
:class:`~donjon.server.sockets.Conn`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from donjon.bus import Bus
from donjon.server.bot_turns import BotTurns
from donjon.server.bots import BotRunner
from donjon.server.presence import Presence
from donjon.server.room import Room, SeatInfo
from donjon.server.room_state import Rooms
from donjon.server.settings import Settings
from donjon.server.sockets import Conn, dumps
from donjon.server.tasks import Background
from donjon.server.timers import Timers
from donjon.store import Database, repo

log = logging.getLogger("donjon.rooms")
T = TypeVar("T")

__all__ = ["Conn", "Hub", "Room", "SeatInfo", "dumps"]
"""With :class:`Hub`, the types one meets through it (a room, its seats, its sockets, their frames)."""


class Hub:
    """All rooms of this process, the presence of their players, the timers and the bots."""

    def __init__(self, settings: Settings, db: Database, bus: Bus) -> None:
        self.db = db
        self.bus = bus
        self.background = Background()
        self.bots = BotRunner(settings)
        self.room_state = Rooms(settings, db, bus, self.background)
        self.rooms: dict[str, Room] = self.room_state.rooms
        """The rooms loaded here, by game id."""
        self.presence = Presence(settings, db, bus, self.room_state, self.background)
        self.timers = Timers(settings, db, self.room_state, self.presence, self.background)
        self.bot_turns = BotTurns(settings, self.room_state, self.bots, self.background)
        self.room_state.turns = self.bot_turns
        self.settings = settings

    @property
    def settings(self) -> Settings:
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        """Every part reads the same settings (tests shorten the absence clock mid-game)."""
        self._settings = settings
        self.room_state.settings = self.presence.settings = self.room_state.crowd.settings = settings
        self.timers.settings = self.bot_turns.settings = settings

    @property
    def closing(self) -> bool:
        """The hub is stopping: no bot turn starts, a closing socket starts no clock."""
        return self.background.closing

    @closing.setter
    def closing(self, value: bool) -> None:
        self.background.closing = value

    @property
    def on_commit(self) -> Callable[[Room, str, int | None], None] | None:
        """Called after each accepted entry (metrics, debug log)."""
        return self.room_state.on_commit

    @on_commit.setter
    def on_commit(self, hook: Callable[[Room, str, int | None], None] | None) -> None:
        self.room_state.on_commit = hook

    @property
    def bot_rematch_check(self) -> Callable[[AsyncSession, Room, str], Awaitable[None]] | None:
        """Called in the transaction of a rematch a bot accepts (the lobby's limits)."""
        return self.room_state.bot_rematch_check

    @bot_rematch_check.setter
    def bot_rematch_check(self, hook: Callable[[AsyncSession, Room, str], Awaitable[None]] | None) -> None:
        self.room_state.bot_rematch_check = hook

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        self.bus.subscribe("game:", self.room_state.on_bus_game)
        if not self.settings.redis_url:
            await self._startup_sweep()
        else:
            # Other nodes may hold players; nobody is connected to this process yet: what an
            # earlier process of the same node id held is released (its clocks start) before
            # the heartbeat renews the id, and so is what silent nodes held.
            await self.presence.expire_presence(time.time(), own=True)
        await self.presence.start()
        self.timers.start()

    async def stop(self) -> None:
        """Stop timers and bots, let in-flight commits finish, close the sockets."""
        self.closing = True
        await self.timers.stop()
        await self.background.stop()
        for room in self.rooms.values():
            for c in list(room.conns):
                c.close()
        self.bots.shutdown()

    async def _startup_sweep(self) -> None:
        """After a (re)start nobody is connected: load every active game, start the absence
        clock of human seats that have none, and let bots whose turn it is think."""
        async with self.db.read() as s:
            ids = await repo.active_game_ids(s)
        t = time.time()
        for gid in ids:
            try:
                room = await self.room(gid)
            except Exception:
                log.exception("could not rebuild game %s", gid)
                continue
            if room is None or not room.match.active:
                continue
            await self.presence.start_clocks(room, t)
            self.bot_turns.maybe_bot(room)
        if ids:
            log.info("rebuilt %d active game(s) in %.2f s", len(ids), time.time() - t)

    def spawn(self, coro: Awaitable[Any], name: str) -> asyncio.Task[Any]:
        return self.background.spawn(coro, name)

    async def shielded(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` to completion even if the caller is cancelled."""
        return await self.background.shielded(coro)

    async def settle(self, timeout: float) -> None:
        """Wait at most ``timeout`` seconds for the commits (and presence writes) in flight."""
        await self.background.settle(timeout)

    # ------------------------------------------------------------------ rooms and intents

    async def room(self, game_id: str) -> Room | None:
        return await self.room_state.room(game_id)

    async def catch_up(self, room: Room) -> bool:
        return await self.room_state.catch_up(room)

    async def submit(self, room: Room, seat: int | None, kind: str, data: dict[str, Any],
                     expected: int | None = None, ack: Callable[[int], None] | None = None) -> int:
        """:meth:`Rooms.submit <donjon.server.room_state.Rooms.submit>`."""
        return await self.room_state.submit(room, seat, kind, data, expected, ack)

    async def notify_lobby(self, message: dict[str, Any]) -> None:
        await self.room_state.notify_lobby(message)

    # ------------------------------------------------------------------ presence and timers

    async def connect(self, room: Room, conn: Conn) -> None:
        await self.presence.connect(room, conn)

    async def disconnect(self, room: Room, conn: Conn) -> None:
        await self.presence.disconnect(room, conn)

    def absence_values(self, vs_bot: bool, t: float, correspondence: bool = False) -> dict[str, Any]:
        """The absence clock of a seat whose player is away from ``t`` (a new game's seats)."""
        return self.presence.absence_values(vs_bot, t, correspondence)

    async def expire_presence(self, t: float, own: bool = False) -> int:
        return await self.presence.expire_presence(t, own)

    async def run_timers(self) -> None:
        await self.timers.run()

    # ------------------------------------------------------------------ bots

    bot_owner = staticmethod(BotTurns.bot_owner)

    def maybe_bot(self, room: Room) -> None:
        self.bot_turns.maybe_bot(room)

    # ------------------------------------------------------------------ under the names tests drive

    _absence_values = absence_values
    _maybe_bot = maybe_bot

    async def _reload_seats(self, room: Room) -> None:
        await self.room_state.reload_seats(room)

    @property
    def _beat_at(self) -> float | None:
        return self.presence.beat_at

    @_beat_at.setter
    def _beat_at(self, t: float | None) -> None:
        self.presence.beat_at = t

    @property
    def _lease_due(self) -> float:
        return self.presence.lease_due

    @_lease_due.setter
    def _lease_due(self, t: float) -> None:
        self.presence.lease_due = t
