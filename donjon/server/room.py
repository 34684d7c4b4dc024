"""One game in memory: its seats, its match, its connections and the frames they get.

A :class:`Room` holds the current :class:`~donjon.server.match.Match` of a game, the recent
versions (for a reconnecting client's catch-up), who plays each seat (:class:`SeatInfo`: a
person, a bot, or a bot standing in for a person who left) and the sockets open on it. It
builds each audience's frames — a seat's view and legal actions, or the spectators' public
view — and broadcasts them; changing the room is :class:`donjon.server.room_state.Rooms`'
job, under :attr:`Room.lock`.
"""

from __future__ import annotations

import asyncio
import collections
import time
from dataclasses import dataclass
from typing import Any

from donjon.games.protocol import Game, card_targets, history_entries
from donjon.server.match import Match
from donjon.server.settings import Settings
from donjon.server.sockets import Conn, dumps
from donjon.store.models import GameRow, GameSeatRow


def absence_values(settings: Settings, vs_bot: bool, t: float, correspondence: bool = False) -> dict[str, Any]:
    """The absence clock of a seat whose player is away from ``t`` (the ``game_seats``
    columns): the claim and the forfeit, or against bots only the abandon. A correspondence
    game has none: its players come and go, and its clock decides."""
    if correspondence:
        return {"away_since": t, "claim_at": None, "deadline_at": None, "deadline_kind": None}
    if vs_bot:
        return {"away_since": t, "claim_at": None, "deadline_at": t + settings.bot_abandon,
                "deadline_kind": "abandon"}
    return {"away_since": t, "claim_at": t + settings.absence_claim, "deadline_at": t + settings.absence_forfeit,
            "deadline_kind": "forfeit"}


def history_lines(game: Game, before: Match, after: Match,
                  event: dict[str, Any]) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The history entries of the log entry that made ``after`` from ``before`` (``event``:
    its :func:`~donjon.server.room_state.public_event`, the action included): the public
    entry, and each seat's own entry where that seat knows more than a spectator.

    A ``play`` entry is ``{"v", "kind": "play", "by", ...}`` with the game's public
    description of the action (:meth:`~donjon.games.protocol.BaseGame.history_entry`), the
    private ones from :meth:`~donjon.games.protocol.BaseGame.private_history`; a lifecycle
    entry is ``{"v", **event}`` (``{"v": 9, "kind": "draw", "by": 0, "op": "offer"}``).
    In a timed game every entry has ``at`` (when it was accepted) and a ``play`` entry
    ``left``, the seconds its seat had left once it was accepted."""
    v = after.version
    kind = event["kind"]
    if kind != "play":
        return {"v": v, **event}, {}
    seat = event["by"]
    public, private = history_entries(game, before.state, seat, event["action"], after.state)
    timed: dict[str, Any] = {}
    if after.clock is not None and "at" in event:
        timed = {"at": event["at"], "left": after.clock.left[seat]} if seat is not None else {"at": event["at"]}
    head = {"v": v, "kind": kind, "by": seat}
    return ({**head, **public, **timed},
            {s: {**head, **entry, **timed} for s, entry in private.items()})


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
    """The level of the bot that took this seat over after its player left (a game of 3–4
    seats or a cooperative one), else None."""

    @property
    def human(self) -> bool:
        """A person plays this seat now (not a bot, not a bot standing in for a leaver)."""
        return self.bot is None and self.takeover is None

    @property
    def bot_level(self) -> str | None:
        """The level of the bot playing this seat now, if a bot does."""
        return self.bot or self.takeover


class Room:
    """One game this process holds: its match, recent versions, seats and sockets."""

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
        self.time_control = row.time_control
        self.speed = row.speed
        self.correspondence = match.clock is not None and match.clock.control.correspondence
        """A correspondence game: no absence clock (its game clock decides)."""
        self.game = match.game
        self.seats = [SeatInfo(x.seat, x.user_id, x.name, x.bot_level, x.away_since, x.claim_at, x.deadline_at,
                               x.deadline_kind) for x in seats]
        self.match = match
        self.history: collections.deque[tuple[Match, dict[str, Any]]] = collections.deque(maxlen=buffer)
        """The last ``buffer`` versions and their events: a reconnecting client's catch-up."""
        self.entries: list[dict[str, Any]] = []
        """The game's history (its move list), one public entry per stored log entry, in
        order: ``entries[v - 1]`` is version ``v``'s (:meth:`record`)."""
        self.private_entries: dict[int, dict[int, dict[str, Any]]] = {}
        """Seat -> version -> that seat's own entry where it knows more than a spectator."""
        self.log: list[dict[str, Any]] = []
        """Every entry's event with its data (the action included; never sent as such):
        ``log[v - 1]`` made version ``v``; :mod:`donjon.server.positions` replays it."""
        self.conns: set[Conn] = set()
        self.chat: list[dict[str, Any]] = []
        """The chat's last lines (:mod:`donjon.server.chat`), oldest first: those stored when
        the room was loaded, then those said since."""
        self.chat_said: dict[int, collections.deque[float]] = {}
        """Seat -> when it said its last lines (the chat's pace limit)."""
        self.crowd: dict[str, int] = {}
        """Node id -> how many sockets without a seat it holds (:mod:`donjon.server.crowd`)."""
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self._views: dict[tuple[int, int | None, bool], tuple[dict[str, Any], list[Any]]] = {}
        self._targets: dict[tuple[int, int, str], list[Any]] = {}
        self._views_version = -1

    # ------------------------------------------------------------------ who is who

    def user_ids(self) -> list[int]:
        """The accounts seated at this game, in seat order: a seat given to a bot has none; a
        player who left (a bot plays for them) keeps theirs."""
        return [s.user_id for s in self.seats if s.user_id is not None]

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

    # ------------------------------------------------------------------ history

    def record(self, before: Match, after: Match, event: dict[str, Any]) -> None:
        """Add the history entry of the log entry that made ``after`` from ``before``
        (``event``: its :func:`~donjon.server.room_state.public_event`, the action included):
        computed once per accepted (or replayed) entry, kept for every socket
        (:func:`history_lines`)."""
        self.log.append(event)
        public, private = history_lines(self.game, before, after, event)
        self.entries.append(public)
        for s, entry in private.items():
            self.private_entries.setdefault(s, {})[after.version] = entry

    def history_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The whole history as ``seat`` sees it (``None``: a spectator): the public entries,
        with the seat's own in place of those it knows more of. A new list: a frame may be
        serialised after later entries were appended (a socket's writer sends dict frames
        when it gets to them)."""
        own = self.private_entries.get(seat) if seat is not None else None
        if not own:
            return self.entries[:]
        return [own.get(e["v"], e) for e in self.entries]

    def entry_for(self, version: int, seat: int | None) -> dict[str, Any] | None:
        """Version ``version``'s history entry as ``seat`` sees it (None if not recorded)."""
        if seat is not None:
            own = self.private_entries.get(seat)
            if own:
                hit = own.get(version)
                if hit is not None:
                    return hit
        i = version - 1
        return self.entries[i] if 0 <= i < len(self.entries) else None

    # ------------------------------------------------------------------ frames

    def view_for(self, match: Match, seat: int | None, lazy: bool = False) -> tuple[dict[str, Any], list[Any]]:
        """``seat``'s view and legal actions at ``match``: :meth:`views_for` of one audience."""
        return self.views_for(match, [(seat, lazy)])[0]

    def views_for(self, match: Match, audiences: list[tuple[int | None, bool]]) -> list[tuple[dict[str, Any], list[Any]]]:
        """Each audience's ``(view, legal)`` at ``match``, in order: an audience is ``(seat,
        lazy)``; the legal list is for a seat to act only (the brief list if ``lazy``). The
        ones not cached are asked of the game in one call (:meth:`BaseGame.views`, which may
        build what they see alike once). Computed once per (version, seat, lazy) for the
        current version until its frames are sent (:meth:`broadcast_event` drops them). Older
        versions (a reconnecting client's catch-up) are computed again when asked: keeping
        them would cost tens of kilobytes per version and game."""
        version = match.version
        cache = self._views if match is self.match and self._views_version == version else {}
        missing = [a for a in audiences if (version, *a) not in cache]
        if missing:
            acting = match.to_act()
            asked = {(seat, lazy): (seat, ("brief" if lazy else "full") if seat is not None and seat in acting else None)
                     for seat, lazy in missing}
            kinds = list(dict.fromkeys(asked.values()))  # a seat not to act: one view for both lists
            got = dict(zip(kinds, self.game.views(match.state, kinds), strict=True))
            if match is self.match:
                self._keep_version(version)
                cache = self._views
            for (seat, lazy), kind in asked.items():
                cache[(version, seat, lazy)] = got[kind]
        return [cache[(version, *a)] for a in audiences]

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
            "watching": sum(self.crowd.values()),
            **m.meta(),
        }

    def sync_frame(self, seat: int | None, lazy: bool = False) -> dict[str, Any]:
        view, legal = self.view_for(self.match, seat, lazy)
        return {"t": "sync", "v": self.match.version, "seat": seat, "view": view, "legal": legal,
                "game": self.meta(), "history": self.history_for(seat)}

    def event_frame(self, match: Match, event: dict[str, Any], seat: int | None, lazy: bool = False,
                    meta: dict[str, Any] | None = None,
                    seen: tuple[dict[str, Any], list[Any]] | None = None) -> dict[str, Any]:
        """``seat``'s frame of ``event`` (``meta``: :meth:`meta` of ``match``, and ``seen``:
        its :meth:`view_for`, if already built)."""
        view, legal = self.view_for(match, seat, lazy) if seen is None else seen
        ev = dict(event)
        action = ev.pop("action", None)
        if action is not None and ev.get("by") == seat:
            ev["action"] = action  # an engine action is shown to its author only; others see the view
        return {"t": "event", "v": match.version, "seat": seat, "event": ev, "view": view, "legal": legal,
                "game": self.meta(match) if meta is None else meta, "entry": self.entry_for(match.version, seat)}

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
        """Each audience (a seat, or the spectators) gets its frame, built and serialised
        once; the audiences' views are asked of the game together (:meth:`views_for`)."""
        conns = [c for c in self.conns if c.ready]
        if conns:
            audiences = list(dict.fromkeys((c.seat, c.lazy) for c in conns))
            meta = self.meta(match)
            frames = {a: dumps(self.event_frame(match, event, a[0], a[1], meta, seen))
                      for a, seen in zip(audiences, self.views_for(match, audiences), strict=True)}
            for c in conns:
                c.push(frames[(c.seat, c.lazy)])
        # Sent: the views need not stay alive until the next move (a sync asks for them again).
        # Dropped now they die young, before the garbage collector's young collections walk
        # them (about 25 us of collector time a move, measured in process over 200 games
        # played move by move in turn).
        self._views.clear()

    def broadcast(self, frame: dict[str, Any], players_only: bool = False) -> None:
        """``frame`` to every ready socket of the room (``players_only``: those holding a
        seat), serialised once."""
        text = None
        for c in list(self.conns):
            if c.ready and not (players_only and c.seat is None):
                if text is None:
                    text = dumps(frame)
                c.push(text)

    def broadcast_presence(self) -> None:
        self.broadcast({"t": "presence", "game": self.meta()})
