"""The rooms of this process: loaded from the store, changed only by committed entries.

Every intent goes through :meth:`Rooms.submit`, under the room's lock:

1. :meth:`Match.step` validates it (rules and lifecycle) on an immutable copy;
2. the entry is appended to ``game_actions`` and **committed** (unique ``(game_id, seq)``);
3. only then the room advances, the intent is acknowledged, and every connection of the
   room receives the versioned event with *its own* view (``game.view(state, seat)``) and
   legal actions; spectators get the public view (seat ``None``);
4. the bus tells other processes "game G is at version v"; they catch up from the store
   (:meth:`Rooms.catch_up`).

A room is loaded on first use and rebuilt by replaying its stored entries through the same
:meth:`Match.step`, after a restart too. A player's leaving goes through
:meth:`Rooms.leave_policy`. What follows a change — bots answering an offer or taking their
turn — is the :class:`Turns` the hub plugs in.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from donjon.bus import Bus
from donjon.games import get_info
from donjon.server import chat, clock
from donjon.server.crowd import Crowd
from donjon.server.match import Match, MatchError
from donjon.server.refusals.play import say
from donjon.server.room import Room, absence_values
from donjon.server.settings import Settings
from donjon.server.tasks import Background
from donjon.store import Database, repo
from donjon.store import league as league_store
from donjon.store.models import GameActionRow

log = logging.getLogger("donjon.rooms")


def takeover_level(kind: str) -> str | None:
    """The level of the bot that takes the seat of a player who left a game of 3–4 seats or a
    cooperative one: the game's default (:meth:`~donjon.games.info.GameInfo.bot_level`, the
    middle of its levels: "normal" for the three games of the site); None for a game without
    bots, whose leavers end the game instead."""
    info = get_info(kind)
    return info.bot_level() if info.bot_levels else None


def public_event(kind: str, seat: int | None, data: dict[str, Any]) -> dict[str, Any]:
    ev: dict[str, Any] = {"kind": kind, "by": seat}
    for k, v in data.items():
        ev[k] = v
    return ev


class Turns(Protocol):
    """Who acts on their own once a room changed: its bots
    (:class:`donjon.server.bot_turns.BotTurns`)."""

    def loaded(self, room: Room) -> None:
        """``room`` was just loaded."""

    def after_commit(self, room: Room, kind: str, seat: int | None, data: dict[str, Any]) -> None:
        """This process accepted an entry of ``room``."""

    def maybe_bot(self, room: Room) -> None:
        """``room`` moved (entries of another process)."""


class _NoTurns:
    def loaded(self, room: Room) -> None:
        return None

    def after_commit(self, room: Room, kind: str, seat: int | None, data: dict[str, Any]) -> None:
        return None

    def maybe_bot(self, room: Room) -> None:
        return None


class Rooms:
    """The rooms this process holds, by game id (:attr:`rooms`), and every change of them."""

    def __init__(self, settings: Settings, db: Database, bus: Bus, background: Background) -> None:
        self.settings = settings
        self.db = db
        self.bus = bus
        self.background = background
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.started_at = time.time()
        """When this process started (a game loaded later whose clock ran before may have lost
        time to an outage: :meth:`_downtime`)."""
        self.turns: Turns = _NoTurns()
        self.crowd = Crowd(settings, bus, background, self.rooms)
        self.on_commit: Callable[[Room, str, int | None], None] | None = None
        """Called after each accepted entry (metrics, debug log)."""
        self.bot_rematch_check: Callable[[AsyncSession, Room, str], Awaitable[None]] | None = None
        """Called in the transaction of a rematch a bot accepts, with the new game's id: raises
        MatchError (``too_many_bot_games``) if its players may start no more games against
        bots (the lobby's limits); the bot then declines."""

    # ------------------------------------------------------------------ loading

    async def room(self, game_id: str) -> Room | None:
        """The room of ``game_id``, loaded from the store if this process does not hold it;
        None if there is no such game."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(game_id)
            if room is None:
                room = await self._load(game_id)
                if room is not None:
                    self.rooms[game_id] = room
                    await self._give_back(room)
                    self.turns.loaded(room)
                    if self.settings.redis_url:
                        self.crowd.loaded(room)
        self._loading.pop(game_id, None)
        return room

    async def _give_back(self, room: Room) -> None:
        """A game loaded with its clock running, after the node that served it went down:
        the time no node served it is given back (a ``clock`` entry, so every later load
        agrees)."""
        gone = await self._downtime(room)
        if gone >= 1.0:
            try:
                await self.submit(room, None, "clock", {"given": round(gone, 3)})
            except MatchError as e:  # noqa: PERF203 - another node gave it back first
                log.info("no time given back in %s: %s", room.id, e.reason)

    async def _downtime(self, room: Room) -> float:
        """How long no node served ``room``'s running clock, to now: from the last sign of
        life of the dead node that held its players (their ``present_node``) — its last
        heartbeat, or the clock's start if that came later (the entry that started it was
        served) — or, for a game nobody held, from the last heartbeat of the last node that
        died after its clock started and before this one started (a restart); 0 if it was
        served all along. Heartbeats are wall-clock times."""
        m = room.match
        if m.flag_due() is None or m.clock is None or m.clock.since is None:
            return 0.0
        t = time.time()
        since = m.clock.since
        async with self.db.read() as s:
            dead = await repo.dead_nodes(s, t - self.settings.presence_lease)
            held = {n for n in (await repo.present_nodes(s, [room.id])).values() if n}
        mine = [max(seen, since) for node, seen in dead.items() if node in held]
        if not mine and not held and self.started_at > since:
            mine = [seen for node, seen in dead.items()
                    if node != self.settings.node_id and since <= seen <= self.started_at]
        return max(0.0, t - max(mine)) if mine else 0.0

    def release(self, room: Room) -> None:
        """Forget ``room`` if nothing needs it here: no socket, its game over, no bot thinking."""
        if not room.conns and not room.match.active and room.bot_task is None:
            self.rooms.pop(room.id, None)

    async def _load(self, game_id: str) -> Room | None:
        async with self.db.read() as s:
            row = await repo.get_game(s, game_id)
            if row is None:
                return None
            seats = await repo.game_seats(s, game_id)
            entries = await repo.game_entries(s, game_id)
            hats = await league_store.hats_of(s, [x.user_id for x in seats if x.user_id is not None])
            lines = await repo.chat_lines(s, game_id, chat.HISTORY)
        match = Match.of_game(row, seats)
        room = Room(row, seats, match, self.settings.event_buffer)
        room.chat = [chat.line_of(r) for r in lines]
        for si in room.seats:
            si.hat = hats.get(si.user_id) if si.user_id is not None else None
        for e in entries:
            self._replay_entry(room, e)
        return room

    def _replay_entry(self, room: Room, e: GameActionRow) -> None:
        if e.seq != room.match.version + 1:
            raise RuntimeError(f"game {room.id}: action log has a gap at seq {e.seq}")
        before = room.match
        nxt = before.step(e.kind, e.seat, dict(e.data or {}))
        room.match = nxt
        room.sync_takeovers()
        event = public_event(e.kind, e.seat, dict(e.data or {}))
        room.history.append((nxt, event))
        room.record(before, nxt, event)

    async def catch_up(self, room: Room) -> bool:
        """Apply entries another process stored; True if the room moved."""
        async with self.db.read() as s:
            entries = await repo.game_entries(s, room.id, after=room.match.version)
        if not entries:
            return False
        for e in entries:
            before = room.match
            self._replay_entry(room, e)
            room.broadcast_event(room.match, room.history[-1][1])
            if before.active and not room.match.active:
                await self.reload_seats(room)
        self.turns.maybe_bot(room)
        return True

    async def reload_seats(self, room: Room) -> None:
        """Read the seats' absence clocks and names again (another process changed them)."""
        async with self.db.read() as s:
            rows = await repo.game_seats(s, room.id)
        for r in rows:
            si = room.seats[r.seat]
            si.away_since, si.claim_at, si.deadline_at, si.deadline_kind, si.name = (
                r.away_since, r.claim_at, r.deadline_at, r.deadline_kind, r.name)

    async def renamed(self, user_id: int) -> None:
        """Account ``user_id`` has a new name (a guest registered, an account closed): the
        loaded rooms where it sits read their seats again and tell their sockets."""
        for room in [r for r in self.rooms.values() if any(si.user_id == user_id for si in r.seats)]:
            await self.reload_seats(room)
            room.broadcast_presence()

    async def on_bus_game(self, channel: str, message: dict[str, Any]) -> None:
        """A message on ``game:<id>`` from another process: a presence change, a chat line,
        its count of spectators or a new version."""
        if message.get("node") == self.settings.node_id:
            return
        room = self.rooms.get(channel.split(":", 1)[1])
        if room is None:
            return
        if message.get("type") == "presence":
            await self.reload_seats(room)
            room.broadcast_presence()
            return
        if message.get("type") == "chat" and isinstance(message.get("line"), dict):
            chat.heard(room, message["line"])
            return
        if message.get("type") == "crowd" and isinstance(message.get("node"), str):
            self.crowd.heard(room, message["node"], message)
            return
        v = message.get("v")
        if isinstance(v, int) and v > room.match.version:
            async with room.lock:
                await self.catch_up(room)

    # ------------------------------------------------------------------ intents

    async def submit(self, room: Room, seat: int | None, kind: str, data: dict[str, Any],
                     expected: int | None = None, ack: Callable[[int], None] | None = None) -> int:
        """Validate, store, then apply and broadcast one entry; returns the new version.

        ``ack(version)`` is called once the entry is committed, just before the event frames
        are queued, so the author receives its ack before the event."""
        async def run() -> int:
            async with room.lock:
                if seat is not None and room.match.takeover(seat) is not None:
                    raise MatchError(say("left"), "left")
                return await self.submit_locked(room, seat, kind, data, expected, ack)

        # Shielded: a socket closing mid-commit must not leave the room half-updated.
        return await self.background.shielded(run())

    async def submit_locked(self, room: Room, seat: int | None, kind: str, data: dict[str, Any],
                            expected: int | None, ack: Callable[[int], None] | None = None) -> int:
        """:meth:`submit` for a caller that holds ``room.lock``."""
        m = room.match
        if expected is not None and not (m.play_version <= expected <= m.version):
            raise MatchError(say("stale", sent=expected, changed=m.play_version, now=m.version), "stale")
        extra: Callable[[AsyncSession], Awaitable[None]] | None = None
        if kind == "claim":
            self._check_claim(room, seat, data)
        if m.clock is not None and "at" not in data:
            data = {**data, "at": round(clock.now(), 3)}  # the clock's time of this entry
        if kind in ("resign", "forfeit", "claim") or (kind == "flag" and not room.game.cooperative):
            kind, seat, data = self.leave_policy(room, kind, seat, data)
        if kind == "rematch" and data.get("op") == "accept":
            data = {**data, "game": repo.new_id()}
            nxt = m.step(kind, seat, data)  # validate before touching balances
            extra = self._rematch_creator(room, data["game"])
        else:
            nxt = m.step(kind, seat, data)
        await self._commit(room, nxt, kind, seat, data, extra, ack)
        return nxt.version

    @staticmethod
    def leave_policy(room: Room, kind: str, seat: int | None,
                     data: dict[str, Any]) -> tuple[str, int | None, dict[str, Any]]:
        """What a player's leaving (resignation, forfeit, claimed absence) does.

        Two-player competitive games: unchanged (the leaver loses, the game ends). A game of
        three or more: a bot (:func:`takeover_level`) takes the seat so the others finish,
        as long as another person still plays and two seats remain in; otherwise the game
        ends with the leaver last. Cooperative games: a bot teammate takes the seat while
        another person still plays; the last person leaving abandons the game."""
        m = room.match
        leaver = data.get("loser") if kind == "claim" else seat
        coop = room.game.cooperative
        if (not isinstance(leaver, int) or not 0 <= leaver < m.players or m.takeover(leaver) is not None
                or (m.players <= 2 and not coop)):
            return kind, seat, data  # the match refuses or decides as before
        people = [s.seat for s in room.seats if s.human and s.seat != leaver]
        still_in = [s for s in range(m.players) if s != leaver and m.takeover(s) is None]
        level = takeover_level(room.kind)
        if level is not None and people and (coop or len(still_in) >= 2):
            return kind, seat, {**data, "bot": level}
        if coop:
            return "abandon", None, {"seat": leaver}
        return kind, seat, data

    def _check_claim(self, room: Room, seat: int | None, data: dict[str, Any]) -> None:
        t = time.time()
        for other in room.seats:
            if other.seat == seat or not other.human:
                continue
            if other.online == 0 and other.claim_at is not None and other.claim_at <= t:
                data["loser"] = other.seat
                return
            if other.online == 0 and other.claim_at is not None:
                raise MatchError(say("claim_too_early", claim=self.settings.absence_claim, wait=other.claim_at - t),
                                 "too_early")
        raise MatchError(say("claim_not_away"), "illegal")

    async def _commit(self, room: Room, nxt: Match, kind: str, seat: int | None, data: dict[str, Any],
                      extra: Callable[[AsyncSession], Awaitable[None]] | None = None,
                      ack: Callable[[int], None] | None = None) -> None:
        prev = room.match
        ended = prev.active and not nxt.active
        finish = self._finish(room, nxt) if ended else None
        try:
            if extra is None and kind != "rematch":
                # The hot path: the entry (with the end of the game, if it ends it) is
                # committed in one transaction with the entries of other games that arrived
                # meanwhile (group commit: one COMMIT, one fsync per batch).
                due = nxt.flag_due()
                await self.db.log.append(room.id, nxt.version, kind, seat, data, finish,
                                         timed=nxt.clock is not None, flag_at=due[0] if due else None,
                                         to_act=tuple(nxt.to_act()))
            else:
                await self._commit_slow(room, nxt, kind, seat, data, extra, finish)
        except IntegrityError:
            # Another process accepted this seq first: catch up and let the client retry.
            await self.catch_up(room)
            raise MatchError(say("conflict"), "conflict") from None
        room.match = nxt
        if nxt.replaced != prev.replaced:
            await self._taken_over(room)
        event = public_event(kind, seat, data)
        room.history.append((nxt, event))
        room.record(prev, nxt, event)
        if ended:
            for si in room.seats:
                si.away_since = si.claim_at = si.deadline_at = None
                si.deadline_kind = None
        if ack is not None:
            ack(nxt.version)
        if self.on_commit is not None:
            self.on_commit(room, kind, seat)
        room.broadcast_event(nxt, event)
        await self.bus.publish("game:" + room.id, {"v": nxt.version})
        if ended:  # its players' lists of games (the home page's, the header's count)
            await self.notify_lobby({"type": "games_changed", "users": room.user_ids()})
        elif nxt.active:
            await self._nudge_away(room, prev, nxt)
        if kind == "rematch" and nxt.next_game:
            await self.notify_lobby({"type": "started", "game": nxt.next_game, "users": room.user_ids()})
        self.turns.after_commit(room, kind, seat, data)

    async def _nudge_away(self, room: Room, prev: Match, nxt: Match) -> None:
        """The players whose turn this entry made it and who are away from this game (no
        socket on it here, and an absence clock: no other node holds them present) hear it on
        their other pages (``turn``: the header's count, a toast). A player looking at the game
        needs no word, so a game played live costs nothing more a move."""
        away = [si for si in room.seats
                if si.online == 0 and si.away_since is not None and si.user_id is not None and si.human]
        if not away:
            return
        now, before = nxt.to_act(), prev.to_act()
        users = [si.user_id for si in away if si.seat in now and si.seat not in before]
        if users:
            await self.notify_lobby({"type": "turn", "game": room.id, "users": users})

    async def _taken_over(self, room: Room) -> None:
        """A bot took a seat over: its player's absence clock stops, their sockets watch."""
        room.sync_takeovers()
        for si in room.seats:
            if si.takeover is None or (si.deadline_at is None and si.online == 0):
                continue
            si.away_since = si.claim_at = si.deadline_at = None
            si.deadline_kind = None
            si.online = 0
            await self.db.log.set_absence(room.id, si.seat, away_since=None, claim_at=None, deadline_at=None,
                                          deadline_kind=None)
        for c in room.conns:
            if c.seat is not None and room.seats[c.seat].takeover is not None:
                c.seat = None
        self.crowd.changed(room)

    @staticmethod
    def _finish(room: Room, nxt: Match) -> repo.Finish:
        return repo.Finish(nxt.status, nxt.outcome, nxt.plies, room.stake,
                           tuple((si.seat, si.user_id) for si in room.seats), tuple(nxt.acted), nxt.league)

    async def _commit_slow(self, room: Room, nxt: Match, kind: str, seat: int | None, data: dict[str, Any],
                           extra: Callable[[AsyncSession], Awaitable[None]] | None,
                           finish: repo.Finish | None) -> None:
        """Entries that write more than the log (a rematch creates the next game)."""
        async with self.db.write() as s:
            await repo.append_entry(s, room.id, nxt.version, kind, seat, data)
            if extra is not None:
                await extra(s)
            if finish is not None:
                await self.db.apply_finish(s, room.id, finish, time.time())
                if nxt.clock is not None:
                    await repo.set_flag_at(s, room.id, None)
            elif kind == "rematch" and nxt.next_game:
                await repo.set_next_game(s, room.id, nxt.next_game)

    def _rematch_creator(self, room: Room, new_id: str) -> Callable[[AsyncSession], Awaitable[None]]:
        async def create(s: AsyncSession) -> None:
            if await repo.blocked_among(s, [si.user_id for si in room.seats if si.user_id is not None]):
                raise MatchError(say("rematch_blocked"), "blocked")
            if room.has_bot and self.bot_rematch_check is not None:
                await self.bot_rematch_check(s, room, new_id)
            if room.stake:
                for si in room.seats:
                    if si.user_id is not None and await repo.balance(s, si.user_id) < room.stake:
                        raise MatchError(say("rematch_balance", name=si.name, stake=room.stake), "insufficient_balance")
            seats = [repo.SeatSpec(si.user_id, si.name, si.bot) for si in reversed(room.seats)]
            seed = random.SystemRandom().randrange(2**53)
            await repo.create_game(s, kind=room.kind, mode=room.mode, stake=room.stake, seed=seed,
                                   options=room.options, seats=seats, table_id=room.table_id, rematch_of=room.id,
                                   game_id=new_id, time_control=room.time_control, speed=room.speed,
                                   to_act=Match.start(room.game, len(seats), seed, room.options).to_act())
            t = time.time()
            for i, spec in enumerate(seats):
                if spec.user_id is not None:
                    await repo.set_absence(s, new_id, i, **absence_values(self.settings, bool(room.has_bot), t,
                                                                                 room.correspondence))

        return create

    # ------------------------------------------------------------------ lobby fan-out

    async def notify_lobby(self, message: dict[str, Any]) -> None:
        await self.bus.publish("lobby", message)
