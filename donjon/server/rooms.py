"""Game rooms: the table service between the sockets, the engine and the store.

One :class:`Room` per game this process holds. Every intent goes through
:meth:`Hub.submit`, under the room's lock:

1. :meth:`Match.step` validates it (rules and lifecycle) on an immutable copy;
2. the entry is appended to ``game_actions`` and **committed** (unique ``(game_id, seq)``);
3. only then the room advances, the intent is acknowledged, and every connection of the
   room receives the versioned event with *its own* view (``game.view(state, seat)``) and
   legal actions; spectators get the public view (seat ``None``);
4. the bus tells other processes "game G is at version v"; they catch up from the store.

After a restart a room is rebuilt by replaying its stored entries through the same
:meth:`Match.step`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from donjon.bus import Bus
from donjon.games import get_game
from donjon.games.protocol import card_targets, view_and_brief_legal, view_and_legal
from donjon.server.bots import BotRunner
from donjon.server.match import Match, MatchError
from donjon.server.settings import Settings
from donjon.store import Database, repo
from donjon.store import league as league_store
from donjon.store.models import GameActionRow, GameRow, GameSeatRow

log = logging.getLogger("donjon.rooms")
TAKEOVER_LEVEL = "normal"
"""The level of the bot that takes the seat of a player who left a game of 3–4 or a Citadel."""
T = TypeVar("T")


def _quiet_done(tasks: set[asyncio.Task[Any]]) -> Callable[[asyncio.Task[Any]], None]:
    def done(task: asyncio.Task[Any]) -> None:
        tasks.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: the awaiting caller (if still there) handles it

    return done

SEND_QUEUE = 512


def dumps(frame: dict[str, Any]) -> str:
    """A frame's JSON text, as every socket sends it: compact UTF-8 JSON by orjson, about six
    times faster than :func:`json.dumps` on a game frame (2 against 14 µs, up to three frames
    per move); keys that are not strings are written as strings, as :mod:`json` does. What
    orjson refuses (an integer beyond 64 bits, echoed from a client's ``id``) goes through
    :mod:`json`."""
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(frame, separators=(",", ":"))


@dataclass(eq=False)
class Conn:
    """One WebSocket of a room; frames go through a queue drained by a writer task."""

    seat: int | None
    user_id: int | None
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    ready: bool = False
    closed: bool = False
    lazy: bool = False
    """The client said ``"legal": "lazy"`` in its hello: its frames carry the brief legal
    list (one entry per playable card) and it asks for a card's targetings."""

    def push(self, frame: dict[str, Any] | str) -> None:
        """Queue a frame: a dict, or the JSON text of one (shared by every socket of an audience)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:  # a client that does not read: drop it, it will resync
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)


@dataclass
class SeatInfo:
    seat: int
    user_id: int | None
    name: str
    bot: str | None
    away_since: float | None = None
    claim_at: float | None = None
    deadline_at: float | None = None
    deadline_kind: str | None = None
    online: int = 0
    hat: str | None = None
    """The hat the player wore when the room was loaded (league; bots: None)."""

    takeover: str | None = None
    """The level of the bot that took this seat over after its player left (3–4 player
    Castel, Citadel), else None."""

    @property
    def human(self) -> bool:
        """A person plays this seat now (not a bot, not a bot standing in for a leaver)."""
        return self.bot is None and self.takeover is None

    @property
    def bot_level(self) -> str | None:
        """The level of the bot playing this seat now, if a bot does."""
        return self.bot or self.takeover


class Room:
    def __init__(self, row: GameRow, seats: list[GameSeatRow], match: Match, buffer: int) -> None:
        self.id = row.id
        self.kind = row.kind
        self.mode = row.mode
        self.stake = row.stake
        self.seed = row.seed
        self.options = dict(row.options or {})
        self.table_id = row.table_id
        self.rematch_of = row.rematch_of
        self.created_at = row.created_at
        self.game = match.game
        self.seats = [SeatInfo(x.seat, x.user_id, x.name, x.bot_level, x.away_since, x.claim_at, x.deadline_at,
                               x.deadline_kind) for x in seats]
        self.match = match
        self.history: collections.deque[tuple[Match, dict[str, Any]]] = collections.deque(maxlen=buffer)
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self._views: dict[tuple[int, int | None, bool], tuple[dict[str, Any], list[Any]]] = {}
        self._targets: dict[tuple[int, int, str], list[Any]] = {}
        self._views_version = -1

    # ------------------------------------------------------------------ who is who

    def seat_of_user(self, user_id: int | None) -> int | None:
        """The seat ``user_id`` plays; None for a spectator and for a player who left (a bot
        plays their seat now: they watch like anyone else)."""
        if user_id is None:
            return None
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat if s.takeover is None else None
        return None

    def alone_with_bots(self, seat: int) -> bool:
        """No other person plays in this game (the absence rule of games against bots)."""
        return not any(s.human for s in self.seats if s.seat != seat)

    def sync_takeovers(self) -> None:
        for s, level in self.match.replaced:
            self.seats[s].takeover = level

    @property
    def has_bot(self) -> bool:
        return any(s.bot for s in self.seats)

    # ------------------------------------------------------------------ frames

    def view_for(self, match: Match, seat: int | None, lazy: bool = False) -> tuple[dict[str, Any], list[Any]]:
        """``seat``'s view and legal actions at ``match`` (legal only for a seat to act; the
        brief list if ``lazy``), computed once per (version, seat, lazy) for the current
        version until its frames are sent (:meth:`broadcast_event` drops them). Older
        versions (a reconnecting client's catch-up) are computed again when asked: keeping
        them would cost tens of kilobytes per version and game."""
        key = (match.version, seat, lazy)
        hit = self._views.get(key)
        if hit is None:
            if seat is not None and seat in match.to_act():
                hit = (view_and_brief_legal if lazy else view_and_legal)(self.game, match.state, seat)
            else:
                hit = (self.game.view(match.state, seat), [])
            if match is self.match:
                self._keep_version(match.version)
                self._views[key] = hit
        return hit

    def _keep_version(self, version: int) -> None:
        if self._views_version != version:
            self._views.clear()
            self._targets.clear()
            self._views_version = version

    def card_targets(self, seat: int, card: str) -> list[Any]:
        """The legal actions of ``seat`` that play ``card`` now (behind a lazy entry of its
        brief legal list), computed once per version."""
        key = (self.match.version, seat, card)
        hit = self._targets.get(key)
        if hit is None:
            hit = card_targets(self.game, self.match.state, seat, card) if seat in self.match.to_act() else []
            self._keep_version(self.match.version)
            self._targets[key] = hit
        return hit

    def meta(self, match: Match | None = None) -> dict[str, Any]:
        m = match or self.match
        return {
            "id": self.id,
            "kind": self.kind,
            "mode": self.mode,
            "stake": self.stake,
            "players": [
                {"seat": s.seat, "name": s.name, "user_id": s.user_id, "bot": s.bot_level,
                 # connected here, or (scale-out) no absence clock running: connected elsewhere
                 "online": s.online > 0 or bool(s.bot_level) or s.away_since is None,
                 "left": s.takeover is not None,
                 "away_since": s.away_since, "claim_at": s.claim_at, "deadline_at": s.deadline_at,
                 "deadline_kind": s.deadline_kind, "hat": s.hat}
                for s in self.seats
            ],
            "server_time": time.time(),
            **m.meta(),
        }

    def sync_frame(self, seat: int | None, lazy: bool = False) -> dict[str, Any]:
        view, legal = self.view_for(self.match, seat, lazy)
        return {"t": "sync", "v": self.match.version, "seat": seat, "view": view, "legal": legal,
                "game": self.meta()}

    def event_frame(self, match: Match, event: dict[str, Any], seat: int | None,
                    lazy: bool = False, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """``seat``'s frame of ``event`` (``meta``: :meth:`meta` of ``match``, if already built)."""
        view, legal = self.view_for(match, seat, lazy)
        ev = dict(event)
        action = ev.pop("action", None)
        if action is not None and ev.get("by") == seat:
            ev["action"] = action  # an engine action is shown to its author only; others see the view
        return {"t": "event", "v": match.version, "seat": seat, "event": ev, "view": view, "legal": legal,
                "game": self.meta(match) if meta is None else meta}

    def missed(self, since: int | None, seat: int | None, lazy: bool = False) -> list[dict[str, Any]]:
        """Frames to bring a client at version ``since`` up to date: events, or one sync."""
        cur = self.match.version
        if since is None or since < 0 or since > cur:
            return [self.sync_frame(seat, lazy)]
        if since == cur:
            return []
        versions = [m.version for m, _ in self.history]
        if not versions or versions[0] > since + 1:
            return [self.sync_frame(seat, lazy)]
        return [self.event_frame(m, ev, seat, lazy) for m, ev in self.history if m.version > since]

    def broadcast_event(self, match: Match, event: dict[str, Any]) -> None:
        """Each audience (a seat, or the spectators) gets its frame, built and serialised once."""
        frames: dict[tuple[int | None, bool], str] = {}
        meta: dict[str, Any] | None = None
        for c in list(self.conns):
            if not c.ready:
                continue
            text = frames.get((c.seat, c.lazy))
            if text is None:
                meta = meta or self.meta(match)
                text = frames[(c.seat, c.lazy)] = dumps(self.event_frame(match, event, c.seat, c.lazy, meta))
            c.push(text)
        # Sent: the views need not stay alive until the next move (a sync asks for them again).
        # Dropped now they die young, before the garbage collector's young collections walk
        # them (about 25 us of collector time a move, measured in process over 200 games
        # played move by move in turn).
        self._views.clear()

    def broadcast(self, frame: dict[str, Any]) -> None:
        text = None
        for c in list(self.conns):
            if c.ready:
                if text is None:
                    text = dumps(frame)
                c.push(text)

    def broadcast_presence(self) -> None:
        self.broadcast({"t": "presence", "game": self.meta()})


def public_event(kind: str, seat: int | None, data: dict[str, Any]) -> dict[str, Any]:
    ev: dict[str, Any] = {"kind": kind, "by": seat}
    for k, v in data.items():
        ev[k] = v
    return ev


class Hub:
    """All rooms of this process, the absence timers and the bot scheduling."""

    def __init__(self, settings: Settings, db: Database, bus: Bus) -> None:
        self.settings = settings
        self.db = db
        self.bus = bus
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.bots = BotRunner(settings)
        self._timer_task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._critical: set[asyncio.Task[Any]] = set()
        """Shielded work (commits, presence writes): awaited, never cancelled, at shutdown."""
        self.lobby_listeners: list[Callable[[dict[str, Any]], Awaitable[None]]] = []
        self.closing = False
        self.on_commit: Callable[[Room, str, int | None], None] | None = None
        """Called after each accepted entry (metrics, debug log)."""
        self._lease_due = 0.0
        """``time.monotonic()`` of the next heartbeat and presence-lease check."""
        self._beat_at: float | None = None
        """``time.time()`` of this node's last heartbeat."""

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        self.bus.subscribe("game:", self._on_bus_game)
        if not self.settings.redis_url:
            await self._startup_sweep()
        else:
            # Other nodes may hold players; nobody is connected to this process yet: what an
            # earlier process of the same node id held is released (its clocks start) before
            # the heartbeat renews the id, and so is what silent nodes held.
            await self.expire_presence(time.time(), own=True)
        t = time.time()
        async with self.db.write() as s:
            await repo.forget_nodes(s, t - 86400)
        await self._heartbeat(t)
        self._timer_task = asyncio.create_task(self._timer_loop(), name="absence-timers")

    async def stop(self) -> None:
        """Stop timers and bots, let in-flight commits finish, close the sockets."""
        self.closing = True
        if self._timer_task is not None:
            self._timer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timer_task
        for t in list(self._tasks):
            t.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        if self._critical:
            await asyncio.wait(list(self._critical), timeout=15)
        for room in self.rooms.values():
            for c in list(room.conns):
                c.close()
        self.bots.shutdown()

    def spawn(self, coro: Awaitable[Any], name: str) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())

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
            for seat in room.seats:
                if seat.human and seat.deadline_at is None:
                    await self._start_absence(room, seat, t)
            self._maybe_bot(room)
        if ids:
            log.info("rebuilt %d active game(s) in %.2f s", len(ids), time.time() - t)

    # ------------------------------------------------------------------ loading

    async def room(self, game_id: str) -> Room | None:
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
                    if room.has_bot and room.match.active:
                        self.bots.warm()  # the bot's worker starts while the person reads the board
        self._loading.pop(game_id, None)
        return room

    async def _load(self, game_id: str) -> Room | None:
        async with self.db.read() as s:
            row = await repo.get_game(s, game_id)
            if row is None:
                return None
            seats = await repo.game_seats(s, game_id)
            entries = await repo.game_entries(s, game_id)
            hats = await league_store.hats_of(s, [x.user_id for x in seats if x.user_id is not None])
        match = Match.start(get_game(row.kind), len(seats), row.seed, row.options)
        room = Room(row, seats, match, self.settings.event_buffer)
        for si in room.seats:
            si.hat = hats.get(si.user_id) if si.user_id is not None else None
        for e in entries:
            self._replay_entry(room, e)
        return room

    def _replay_entry(self, room: Room, e: GameActionRow) -> None:
        if e.seq != room.match.version + 1:
            raise RuntimeError(f"game {room.id}: action log has a gap at seq {e.seq}")
        nxt = room.match.step(e.kind, e.seat, dict(e.data or {}))
        room.match = nxt
        room.sync_takeovers()
        room.history.append((nxt, public_event(e.kind, e.seat, dict(e.data or {}))))

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
                await self._reload_seats(room)
        self._maybe_bot(room)
        return True

    async def _reload_seats(self, room: Room) -> None:
        async with self.db.read() as s:
            rows = await repo.game_seats(s, room.id)
        for r in rows:
            si = room.seats[r.seat]
            si.away_since, si.claim_at, si.deadline_at, si.deadline_kind = (
                r.away_since, r.claim_at, r.deadline_at, r.deadline_kind)

    async def _on_bus_game(self, channel: str, message: dict[str, Any]) -> None:
        if message.get("node") == self.settings.node_id:
            return
        room = self.rooms.get(channel.split(":", 1)[1])
        if room is None:
            return
        if message.get("type") == "presence":
            await self._reload_seats(room)
            room.broadcast_presence()
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
                    raise MatchError("you left this game: a bot plays your seat now", "left")
                return await self._submit_locked(room, seat, kind, data, expected, ack)

        # Shielded: a socket closing mid-commit must not leave the room half-updated.
        return await self.shielded(run())

    async def shielded(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` to completion even if the caller is cancelled."""
        task = asyncio.ensure_future(coro)
        self._critical.add(task)
        task.add_done_callback(_quiet_done(self._critical))
        return await asyncio.shield(task)

    async def _submit_locked(self, room: Room, seat: int | None, kind: str, data: dict[str, Any],
                             expected: int | None, ack: Callable[[int], None] | None = None) -> int:
        m = room.match
        if expected is not None and not (m.play_version <= expected <= m.version):
            raise MatchError(f"stale version: you sent v={expected} but the position changed at "
                             f"v={m.play_version} (now v={m.version}); your view has been refreshed", "stale")
        extra: Callable[[AsyncSession], Awaitable[None]] | None = None
        if kind == "claim":
            self._check_claim(room, seat, data)
        if kind in ("resign", "forfeit", "claim"):
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
        three or more: a bot (:data:`TAKEOVER_LEVEL`) takes the seat so the others finish,
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
        if people and (coop or len(still_in) >= 2):
            return kind, seat, {**data, "bot": TAKEOVER_LEVEL}
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
                raise MatchError(f"your opponent has been away for less than {self.settings.absence_claim:g} s; "
                                 f"you may claim in {other.claim_at - t:.0f} s", "too_early")
        raise MatchError("your opponent is not away: there is no victory to claim", "illegal")

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
                await self.db.log.append(room.id, nxt.version, kind, seat, data, finish)
            else:
                await self._commit_slow(room, nxt, kind, seat, data, extra, finish)
        except IntegrityError:
            # Another process accepted this seq first: catch up and let the client retry.
            await self.catch_up(room)
            raise MatchError("the game moved on before your intent arrived; try again", "conflict") from None
        room.match = nxt
        if nxt.replaced != prev.replaced:
            await self._taken_over(room)
        event = public_event(kind, seat, data)
        room.history.append((nxt, event))
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
        if ended:
            await self.notify_lobby({"type": "games_changed"})
        if kind == "rematch" and nxt.next_game:
            users = [s.user_id for s in room.seats if s.user_id is not None]
            await self.notify_lobby({"type": "started", "game": nxt.next_game, "users": users})
        self._after_commit(room, kind, seat, data)

    async def _taken_over(self, room: Room) -> None:
        """A bot took a seat over: its player's absence clock stops, their sockets watch."""
        room.sync_takeovers()
        for si in room.seats:
            if si.takeover is None or (si.deadline_at is None and si.online == 0):
                continue
            si.away_since = si.claim_at = si.deadline_at = None
            si.deadline_kind = None
            si.online = 0
            async with self.db.write() as s:
                await repo.set_absence(s, room.id, si.seat, away_since=None, claim_at=None, deadline_at=None,
                                       deadline_kind=None)
        for c in room.conns:
            if c.seat is not None and room.seats[c.seat].takeover is not None:
                c.seat = None

    @staticmethod
    def _finish(room: Room, nxt: Match) -> repo.Finish:
        return repo.Finish(nxt.status, nxt.outcome, nxt.plies, room.stake,
                           tuple((si.seat, si.user_id) for si in room.seats), tuple(nxt.acted))

    async def _commit_slow(self, room: Room, nxt: Match, kind: str, seat: int | None, data: dict[str, Any],
                           extra: Callable[[AsyncSession], Awaitable[None]] | None,
                           finish: repo.Finish | None) -> None:
        """Entries that write more than the log (a rematch creates the next game)."""
        async with self.db.write() as s:
            await repo.append_entry(s, room.id, nxt.version, kind, seat, data)
            if extra is not None:
                await extra(s)
            if finish is not None:
                await repo.apply_finish(s, room.id, finish, time.time())
            elif kind == "rematch" and nxt.next_game:
                await repo.set_next_game(s, room.id, nxt.next_game)

    def _after_commit(self, room: Room, kind: str, seat: int | None, data: dict[str, Any]) -> None:
        """Bots answer offers; a bot whose turn it is starts thinking."""
        m = room.match
        bot_seats = [s.seat for s in room.seats if s.bot]
        if bot_seats and seat not in bot_seats:
            bot = bot_seats[0]
            if kind == "draw" and data.get("op") == "offer" and m.draw_offer is not None and m.active:
                self.spawn(self._bot_entry(room, bot, "draw", {"op": "decline"}), f"bot-draw-{room.id}")
            if kind == "rematch" and data.get("op") == "offer" and m.rematch_offer is not None:
                self.spawn(self._bot_entry(room, bot, "rematch", {"op": "accept"}), f"bot-rematch-{room.id}")
        self._maybe_bot(room)

    async def _bot_entry(self, room: Room, seat: int, kind: str, data: dict[str, Any]) -> None:
        await asyncio.sleep(min(self.settings.bot_min_delay, 0.5))
        with contextlib.suppress(MatchError):
            await self.submit(room, seat, kind, data)

    def _rematch_creator(self, room: Room, new_id: str) -> Callable[[AsyncSession], Awaitable[None]]:
        async def create(s: AsyncSession) -> None:
            if room.stake:
                for si in room.seats:
                    if si.user_id is not None and await repo.balance(s, si.user_id) < room.stake:
                        raise MatchError(f"{si.name} no longer has the {room.stake} coins of the stake "
                                         "for a rematch", "insufficient_balance")
            seats = [repo.SeatSpec(si.user_id, si.name, si.bot) for si in reversed(room.seats)]
            await repo.create_game(s, kind=room.kind, mode=room.mode, stake=room.stake,
                                   seed=random.SystemRandom().randrange(2**53), options=room.options, seats=seats,
                                   table_id=room.table_id, rematch_of=room.id, game_id=new_id)
            t = time.time()
            for i, spec in enumerate(seats):
                if spec.user_id is not None:
                    await repo.set_absence(s, new_id, i, **self._absence_values(bool(room.has_bot), t))

        return create

    # ------------------------------------------------------------------ presence / absence

    def _absence_values(self, vs_bot: bool, t: float) -> dict[str, Any]:
        st = self.settings
        if vs_bot:
            return {"away_since": t, "claim_at": None, "deadline_at": t + st.bot_abandon, "deadline_kind": "abandon"}
        return {"away_since": t, "claim_at": t + st.absence_claim, "deadline_at": t + st.absence_forfeit,
                "deadline_kind": "forfeit"}

    async def _start_absence(self, room: Room, seat: SeatInfo, t: float) -> None:
        vals = self._absence_values(room.alone_with_bots(seat.seat), t)
        async with self.db.write() as s:
            await repo.set_absence(s, room.id, seat.seat, **vals)
        seat.away_since, seat.claim_at, seat.deadline_at, seat.deadline_kind = (
            vals["away_since"], vals["claim_at"], vals["deadline_at"], vals["deadline_kind"])

    async def connect(self, room: Room, conn: Conn) -> None:
        room.conns.add(conn)
        if conn.seat is None:
            return
        seat = room.seats[conn.seat]
        seat.online += 1
        if seat.online == 1:
            if room.match.active:
                await self._mark_present(room, seat)
            room.broadcast_presence()

    async def _mark_present(self, room: Room, seat: SeatInfo, announce: bool = False) -> None:
        """The seat is connected here: clear its absence clock and make this node the one that
        holds it present (its heartbeat is the seat's lease), in one write. Other nodes are
        told if a clock was known to run (or if ``announce``)."""
        had_clock = announce or seat.deadline_at is not None
        async with self.db.write() as s:
            await repo.set_absence(s, room.id, seat.seat, away_since=None, claim_at=None, deadline_at=None,
                                   deadline_kind=None, present_node=self.settings.node_id)
        seat.away_since = seat.claim_at = seat.deadline_at = None
        seat.deadline_kind = None
        if had_clock:
            await self.bus.publish("game:" + room.id, {"type": "presence"})

    async def disconnect(self, room: Room, conn: Conn) -> None:
        room.conns.discard(conn)
        conn.close()
        if conn.seat is not None:
            seat = room.seats[conn.seat]
            seat.online = max(0, seat.online - 1)
            if seat.online == 0 and room.match.active and not self.closing:
                await self._start_absence(room, seat, time.time())
                await self.bus.publish("game:" + room.id, {"type": "presence"})
                room.broadcast_presence()
        if not room.conns and not room.match.active and room.bot_task is None:
            self.rooms.pop(room.id, None)

    async def _timer_loop(self) -> None:
        while True:
            try:
                await asyncio.sleep(self.settings.timer_interval)
                await self.shielded(self.run_timers())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("absence timer failed")

    async def run_timers(self) -> None:
        t = time.time()
        if time.monotonic() >= self._lease_due:
            lapsed = self._beat_at is not None and t - self._beat_at > self.settings.presence_lease / 2
            await self._heartbeat(t)
            self._lease_due = time.monotonic() + max(self.settings.timer_interval, self.settings.presence_lease / 5)
            await self.expire_presence(t)
            await self._reassert_presence(check_store=lapsed)
        async with self.db.read() as s:
            due = await repo.due_deadlines(s, t)
        for game_id, seat_no, kind in due:
            room = await self.room(game_id)
            if room is None:
                continue
            async with room.lock:
                if not room.match.active:
                    continue
                seat = room.seats[seat_no]
                if seat.takeover is not None:  # a bot plays it: no clock (cleared at the takeover)
                    async with self.db.write() as s:
                        await repo.set_absence(s, room.id, seat_no, away_since=None, claim_at=None,
                                               deadline_at=None, deadline_kind=None)
                    continue
                if seat.online > 0 or seat.deadline_at is None or seat.deadline_at > t:
                    continue
                try:
                    if kind == "abandon":
                        await self._submit_locked(room, None, "abandon", {"seat": seat_no}, None)
                    else:
                        await self._submit_locked(room, seat_no, "forfeit", {}, None)
                except MatchError as e:
                    log.warning("timer for %s seat %s: %s", game_id, seat_no, e.reason)

    # ------------------------------------------------------------------ presence lease (scale-out)

    async def _heartbeat(self, t: float) -> None:
        await self.db.log.beat(self.settings.node_id, t)  # in the group commit's next transaction
        self._beat_at = t

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
                room = await self.room(game_id)
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
            vals = self._absence_values(room.alone_with_bots(seat_no), since)
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

    async def _reassert_presence(self, check_store: bool = False) -> None:
        """Seats connected here that have an absence clock (another node started it: the player
        closed a socket there, or took this node for dead) are present again, as at a connect.
        With ``check_store`` (this node's heartbeat lapsed: another node may have given its
        seats away and its bus message may be lost), the store is asked, not the rooms."""
        held = [(room, seat) for room in list(self.rooms.values()) if room.match.active
                for seat in room.seats if seat.online > 0 and seat.human]
        if check_store and held:
            async with self.db.read() as s:
                nodes = await repo.present_nodes(s, sorted({room.id for room, _ in held}))
            held = [(room, seat) for room, seat in held if nodes.get((room.id, seat.seat)) != self.settings.node_id]
        else:
            held = [(room, seat) for room, seat in held if seat.deadline_at is not None]
        for room, seat in held:
            if seat.online > 0 and room.match.active:
                await self._mark_present(room, seat, announce=check_store)
                room.broadcast_presence()

    # ------------------------------------------------------------------ bots

    def _maybe_bot(self, room: Room) -> None:
        if self.closing or not room.match.active or room.bot_task is not None:
            return
        to_act = room.match.to_act()
        for s in room.seats:
            if s.bot_level and s.seat in to_act:
                room.bot_task = self.spawn(self._bot_turn(room, s), f"bot-{room.id}")
                return

    async def _bot_turn(self, room: Room, seat: SeatInfo) -> None:
        try:
            started = time.monotonic()
            m = room.match
            rng_seed = hash((room.seed, m.version, seat.seat)) & 0xFFFFFFFF
            try:
                action = await self.bots.choose(room.kind, m.state, seat.seat, seat.bot_level or "easy", rng_seed)
            except Exception:  # noqa: BLE001 - no pool could answer: a random action here, so the game goes on
                log.exception("the bots of %s could not answer; a random legal action instead", room.id)
                action = random.Random(rng_seed).choice(room.game.legal_actions(m.state, seat.seat))
            wait = self.settings.bot_min_delay - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            await self.shielded(self._bot_play(room, seat, m, action, rng_seed))
        finally:
            room.bot_task = None
        self._maybe_bot(room)

    async def _bot_play(self, room: Room, seat: SeatInfo, m: Match, action: dict[str, Any], rng_seed: int) -> None:
        async with room.lock:
            if room.match is not m:
                return  # the game moved on (resign, abort, another process)
            try:
                await self._submit_locked(room, seat.seat, "play", {"action": action}, None)
            except MatchError as e:
                log.error("bot %s in %s chose an illegal action %r: %s", seat.bot, room.id, action, e.reason)
                legal = room.game.legal_actions(m.state, seat.seat)
                if legal:
                    fallback = random.Random(rng_seed).choice(legal)
                    await self._submit_locked(room, seat.seat, "play", {"action": fallback}, None)

    # ------------------------------------------------------------------ lobby fan-out

    async def notify_lobby(self, message: dict[str, Any]) -> None:
        await self.bus.publish("lobby", message)
