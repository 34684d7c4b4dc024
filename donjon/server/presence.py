"""Who is connected, the absence clocks, and the presence lease between nodes.

A seat whose player has a socket open here is *present*: its absence clock is cleared and
``game_seats.present_node`` names this node. When its last socket closes, the clock starts
(a claim after ``absence_claim``, a forfeit after ``absence_forfeit``; against bots only, an
abandon after ``bot_abandon``); the timers act on it (:mod:`donjon.server.timers`).

Scale-out (docs/server.md, "Presence lease"): this node's heartbeat in ``nodes`` is the lease
of every seat present on it. A node silent for longer than ``presence_lease`` is dead, and
any live node starts the clocks of the seats it held (:meth:`Presence.expire_presence`); a
node that finds its own seats clocked by another takes them back
(:meth:`Presence.reassert`).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from donjon.bus import Bus
from donjon.server.room import Room, SeatInfo, absence_values
from donjon.server.room_state import Rooms
from donjon.server.settings import Settings
from donjon.server.sockets import Conn
from donjon.server.tasks import Background
from donjon.store import Database, repo

log = logging.getLogger("donjon.rooms")


class Presence:
    def __init__(self, settings: Settings, db: Database, bus: Bus, rooms: Rooms, background: Background) -> None:
        self.settings = settings
        self.db = db
        self.bus = bus
        self.rooms = rooms
        self.background = background
        self.lease_due = 0.0
        """``time.monotonic()`` of the next heartbeat and presence-lease check."""
        self.beat_at: float | None = None
        """``time.time()`` of this node's last heartbeat."""

    # ------------------------------------------------------------------ absence clocks

    def absence_values(self, vs_bot: bool, t: float, correspondence: bool = False) -> dict[str, Any]:
        """The absence clock of a seat whose player is away from ``t``."""
        return absence_values(self.settings, vs_bot, t, correspondence)

    async def start_absence(self, room: Room, seat: SeatInfo, t: float) -> None:
        vals = self.absence_values(room.alone_with_bots(seat.seat), t, room.correspondence)
        await self.db.log.set_absence(room.id, seat.seat, **vals)
        seat.away_since, seat.claim_at, seat.deadline_at, seat.deadline_kind = (
            vals["away_since"], vals["claim_at"], vals["deadline_at"], vals["deadline_kind"])

    async def start_clocks(self, room: Room, t: float) -> None:
        """Nobody is connected (a single node just started): every person's seat without a
        clock gets one from ``t``."""
        for seat in room.seats:
            if seat.human and seat.deadline_at is None:
                await self.start_absence(room, seat, t)

    # ------------------------------------------------------------------ sockets

    async def connect(self, room: Room, conn: Conn) -> None:
        room.conns.add(conn)
        if conn.seat is None:
            self.rooms.crowd.changed(room)
            return
        seat = room.seats[conn.seat]
        seat.online += 1
        if seat.online == 1:
            if room.match.active:
                await self.mark_present(room, seat)
            room.broadcast_presence()

    async def mark_present(self, room: Room, seat: SeatInfo, announce: bool = False) -> None:
        """The seat is connected here: clear its absence clock and make this node the one that
        holds it present (its heartbeat is the seat's lease), in one write. Other nodes are
        told if a clock was known to run (or if ``announce``)."""
        had_clock = announce or seat.deadline_at is not None
        await self.db.log.set_absence(room.id, seat.seat, away_since=None, claim_at=None, deadline_at=None,
                                      deadline_kind=None, present_node=self.settings.node_id)
        seat.away_since = seat.claim_at = seat.deadline_at = None
        seat.deadline_kind = None
        if had_clock:
            await self.bus.publish("game:" + room.id, {"type": "presence"})

    async def disconnect(self, room: Room, conn: Conn) -> None:
        room.conns.discard(conn)
        conn.close()
        if conn.seat is None:
            self.rooms.crowd.changed(room)
        else:
            seat = room.seats[conn.seat]
            seat.online = max(0, seat.online - 1)
            if seat.online == 0 and room.match.active and not self.background.closing:
                await self.start_absence(room, seat, time.time())
                await self.bus.publish("game:" + room.id, {"type": "presence"})
                room.broadcast_presence()
        self.rooms.release(room)

    # ------------------------------------------------------------------ presence lease (scale-out)

    async def start(self) -> None:
        """Forget nodes silent for a day, then the first heartbeat."""
        t = time.time()
        async with self.db.write() as s:
            await repo.forget_nodes(s, t - 86400)
        await self.heartbeat(t)

    async def heartbeat(self, t: float) -> None:
        await self.db.log.beat(self.settings.node_id, t)  # in the group commit's next transaction
        self.beat_at = t

    async def check_lease(self, t: float) -> None:
        """Every ``presence_lease / 5`` (at least every timer interval): the heartbeat, the
        clocks of silent nodes' seats, and this node's own seats taken back."""
        if time.monotonic() < self.lease_due:
            return
        lapsed = self.beat_at is not None and t - self.beat_at > self.settings.presence_lease / 2
        await self.heartbeat(t)
        self.lease_due = time.monotonic() + max(self.settings.timer_interval, self.settings.presence_lease / 5)
        await self.expire_presence(t)
        await self.reassert(check_store=lapsed)
        await self.forget_dead_crowds(t)

    async def forget_dead_crowds(self, t: float) -> None:
        """The spectators counted on nodes silent for longer than the presence lease are gone."""
        others = self.rooms.crowd.others()
        if not others:
            return
        async with self.db.read() as s:
            dead = await repo.dead_nodes(s, t - self.settings.presence_lease)
        if others & dead.keys():
            self.rooms.crowd.forget(others & dead.keys())

    async def expire_presence(self, t: float, own: bool = False) -> int:
        """Start the absence clock of the seats held present by a node whose heartbeat is older
        than the presence lease (killed, stopped, cut off) or unknown — and, with ``own``, by
        this node id (an earlier process of it) — unless the seat is connected here: then this
        node takes the seat over. Of several nodes doing this at once, one starts each clock
        (a conditional UPDATE). The clock counts from the dead node's last heartbeat, but from
        at most two leases ago (after a whole cluster was down, players get their time).
        Returns the number of clocks started."""
        lease = self.settings.presence_lease
        me = self.settings.node_id
        async with self.db.read() as s:
            lapsed = await repo.lapsed_presence(s, t - lease, me if own else None)
        started = 0
        for game_id, seat_no, node, seen in lapsed:
            try:
                room = await self.rooms.room(game_id)
            except Exception:
                log.exception("could not rebuild game %s", game_id)
                continue
            if room is None or not room.match.active:
                continue
            seat = room.seats[seat_no]
            if not seat.human or seat.online > 0:
                # a bot plays the seat now: nobody is absent; connected here: this node holds it
                to = me if seat.human else None
                if to != node:
                    async with self.db.write() as s:
                        await repo.move_presence(s, game_id, seat_no, node, to)
                continue
            since = t if seen is None else min(t, max(seen, t - 2 * lease))
            vals = self.absence_values(room.alone_with_bots(seat_no), since, room.correspondence)
            async with self.db.write() as s:
                won = await repo.start_absence_from(s, game_id, seat_no, node, **vals)
            if not won:
                continue  # another node did it, or the player came back meanwhile
            started += 1
            log.info("node %s is silent: absence clock of game %s seat %d started", node, game_id, seat_no)
            if seat.online == 0:  # (a socket that connected meanwhile has cleared it after us)
                seat.away_since, seat.claim_at, seat.deadline_at, seat.deadline_kind = (
                    vals["away_since"], vals["claim_at"], vals["deadline_at"], vals["deadline_kind"])
            await self.bus.publish("game:" + room.id, {"type": "presence"})
            room.broadcast_presence()
        return started

    async def reassert(self, check_store: bool = False) -> None:
        """Seats connected here that have an absence clock (another node started it: the player
        closed a socket there, or took this node for dead) are present again, as at a connect.
        With ``check_store`` (this node's heartbeat lapsed: another node may have given its
        seats away and its bus message may be lost), the store is asked, not the rooms."""
        held = [(room, seat) for room in list(self.rooms.rooms.values()) if room.match.active
                for seat in room.seats if seat.online > 0 and seat.human]
        if check_store and held:
            async with self.db.read() as s:
                nodes = await repo.present_nodes(s, sorted({room.id for room, _ in held}))
            held = [(room, seat) for room, seat in held if nodes.get((room.id, seat.seat)) != self.settings.node_id]
        else:
            held = [(room, seat) for room, seat in held if seat.deadline_at is not None]
        for room, seat in held:
            if seat.online > 0 and room.match.active:
                await self.mark_present(room, seat, announce=check_store)
                room.broadcast_presence()
