"""Past positions of a game: the public view at version ``v``, for a move list's "show the
position after this entry" (``{"t": "position", "v"}``, docs/protocol.md, "History").

Whoever asks — a seat or a spectator — gets the **public** view (``game.view(state, None)``,
what a spectator is sent): a seat learns nothing through it that a spectator would not see,
not even of its own past hands. Nothing runs in the browser and nothing in an HTTP handler:
the game socket's handler answers from the room this process holds.

A position is the room's match at ``v``: the current one, one of the room's recent versions
(:attr:`Room.history`, a reconnecting client's catch-up), or the log replayed through the same
:meth:`Match.step` as the live game (:attr:`Room.log`, every entry with its data, kept by
:meth:`Room.record`) from the nearest match kept here: one every :data:`CHECKPOINT` versions,
so a jump replays at most that many entries (a tenth of a millisecond each, typically). The last
:data:`VIEWS` views asked for are kept too, so paging through a list costs one view each.
Generic: no game is named, any game of the registry works (the fourth game of the tests too).
"""

from __future__ import annotations

import collections
import weakref
from typing import Any

from donjon.said import Reason
from donjon.server.match import Match
from donjon.server.refusals.play import say
from donjon.server.room import Room

CHECKPOINT = 32
"""A replayed match is kept every that many versions."""
VIEWS = 32
"""Public views kept per room (the most recently asked)."""


class PositionError(Exception):
    """A position request refused; ``code`` is machine-readable (``no_such_version``)."""

    def __init__(self, reason: Reason, code: str = "no_such_version") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class _Cache:
    def __init__(self) -> None:
        self.matches: dict[int, Match] = {}
        self.views: collections.OrderedDict[int, dict[str, Any]] = collections.OrderedDict()
        self.start: Match | None = None


_caches: weakref.WeakKeyDictionary[Room, _Cache] = weakref.WeakKeyDictionary()


def _cache(room: Room) -> _Cache:
    c = _caches.get(room)
    if c is None:
        c = _caches[room] = _Cache()
    return c


def check_version(room: Room, v: Any) -> int:
    """``v`` if it names a position of ``room`` (0: the start, up to the current version)."""
    cur = room.match.version
    if isinstance(v, bool) or not isinstance(v, int):
        raise PositionError(f"'v' is a whole number from 0 (the start) to {cur} (now), not {v!r}", "bad_request")
    if not 0 <= v <= cur:
        raise PositionError(say("no_such_version", v=v, now=cur))
    return v


def match_at(room: Room, v: int) -> Match:
    """The room's match at version ``v`` (``0 <= v <= room.match.version``)."""
    if v == room.match.version:
        return room.match
    for m, _ in room.history:
        if m.version == v:
            return m
    c = _cache(room)
    if v in c.matches:
        return c.matches[v]
    if len(room.log) < v:
        raise PositionError(say("version_unknown", v=v), "unavailable")
    below = [k for k in c.matches if k < v]
    if below:
        m = c.matches[max(below)]
    else:
        if c.start is None:
            c.start = Match.start(room.game, room.match.players, room.seed, room.options)
        m = c.start
    while m.version < v:
        ev = room.log[m.version]
        m = m.step(ev["kind"], ev["by"], {k: x for k, x in ev.items() if k not in ("kind", "by")})
        if m.version % CHECKPOINT == 0:
            c.matches[m.version] = m
    return m


def public_view(room: Room, v: Any) -> dict[str, Any]:
    """The public (spectator) view of ``room`` at version ``v``; raises :class:`PositionError`."""
    v = check_version(room, v)
    c = _cache(room)
    hit = c.views.get(v)
    if hit is not None:
        c.views.move_to_end(v)
        return hit
    view = room.game.view(match_at(room, v).state, None)
    c.views[v] = view
    while len(c.views) > VIEWS:
        c.views.popitem(last=False)
    return view


def position_frame(room: Room, msg_id: Any, v: Any) -> dict[str, Any]:
    """The answer to ``{"t": "position", "id", "v"}``: ``{"t": "position", "id", "v", "view"}``."""
    view = public_view(room, v)
    return {"t": "position", "id": msg_id, "v": v, "view": view}
