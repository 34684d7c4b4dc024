"""How many people watch a game: the sockets without a seat, on every node.

Each node counts the sockets of a room that hold no seat (spectators, and players whose seat a
bot took over) and tells the other nodes on the game's channel, ``{"type": "crowd", "node",
"count"}``. A room keeps the count of each node (:attr:`Room.crowd`); its ``game`` block says
the sum (``watching``, :meth:`Room.meta`). A change reaches the room's sockets as a
``presence`` frame at most once every ``crowd_interval`` seconds per room, so that a popular
game's spectators arriving together do not each send a frame to everybody. A node that loads
a room asks the others for their counts (``"ask": true``); a node found dead (its heartbeat
older than the presence lease) is dropped from every room's count.
"""

from __future__ import annotations

import asyncio
from typing import Any

from donjon.bus import Bus
from donjon.server.room import Room
from donjon.server.settings import Settings
from donjon.server.tasks import Background


def _count(room: Room, node: str, n: int) -> bool:
    """Set ``node``'s count of ``room`` to ``n``; True if it changed."""
    if room.crowd.get(node, 0) == n:
        return False
    if n:
        room.crowd[node] = n
    else:
        room.crowd.pop(node, None)
    return True


class Crowd:
    """The spectators' counts of the rooms of this process (``rooms``, by game id)."""

    def __init__(self, settings: Settings, bus: Bus, background: Background, rooms: dict[str, Room]) -> None:
        self.settings = settings
        self.bus = bus
        self.background = background
        self.rooms = rooms
        self._due: dict[str, asyncio.TimerHandle] = {}
        """Rooms whose new count is to be sent, by game id: the call that sends it."""
        self._tell: set[str] = set()
        """Of those, the rooms whose count of this node the other nodes are to hear."""

    def changed(self, room: Room) -> None:
        """A socket of ``room`` opened or closed here."""
        if _count(room, self.settings.node_id, sum(1 for c in room.conns if c.seat is None)):
            self._soon(room, tell=True)

    def loaded(self, room: Room) -> None:
        """``room`` was just loaded here: the nodes that hold it say their counts."""
        self.background.spawn(self.bus.publish("game:" + room.id, {"type": "crowd", "count": 0, "ask": True}),
                              "crowd ask")

    def heard(self, room: Room, node: str, message: dict[str, Any]) -> None:
        """``node`` said its count of ``room`` (a ``crowd`` message)."""
        count = message.get("count")
        if type(count) is int and count >= 0 and _count(room, node, count):  # not a bool
            self._soon(room)
        if message.get("ask") is True and room.crowd.get(self.settings.node_id):
            self._soon(room, tell=True)

    def forget(self, nodes: set[str]) -> None:
        """These nodes are dead: their spectators are gone with them."""
        for room in list(self.rooms.values()):
            if nodes & room.crowd.keys():
                for node in nodes:
                    room.crowd.pop(node, None)
                self._soon(room)

    def others(self) -> set[str]:
        """The other nodes counted in a room here."""
        me = self.settings.node_id
        return {node for room in self.rooms.values() for node in room.crowd if node != me}

    def _soon(self, room: Room, tell: bool = False) -> None:
        if self.background.closing:
            return
        if tell and self.settings.redis_url:  # alone, no other node to tell
            self._tell.add(room.id)
        if room.id not in self._due:
            loop = asyncio.get_running_loop()
            self._due[room.id] = loop.call_later(self.settings.crowd_interval, self._send, room.id)

    def _send(self, game_id: str) -> None:
        self._due.pop(game_id, None)
        tell = game_id in self._tell
        self._tell.discard(game_id)
        room = self.rooms.get(game_id)
        if room is None:
            return
        room.broadcast_presence()
        if tell:
            count = room.crowd.get(self.settings.node_id, 0)
            self.background.spawn(self.bus.publish("game:" + game_id, {"type": "crowd", "count": count}),
                                  "crowd count")
