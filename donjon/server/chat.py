"""A game's chat between its players: lines written over the game socket, kept with the game.

    → {"t": "chat", "id": 7, "text": "good luck!"}
    ← {"t": "ack", "id": 7}                          (the line is stored)
    ← {"t": "chat", "lines": [{"id": 12, "seat": 0, "text": "good luck!", "at": 1765000000.0}]}
                                                     (to every socket of the game's players)

Only the game's players write and read it (the game page offers it where another seat is a
person, not in a game against bots only); spectators do neither (what the players say to each
other is theirs, as in a game between two players on Lichess). After its hello a player's
socket gets the last :data:`HISTORY` lines (no frame while nobody said anything), so a reload
shows the conversation; the game's end does not close it ("good game"). A line is 1 to
:data:`MAX_LENGTH` characters once trimmed, without control characters; a seat writes at most
:data:`BURST` lines in :data:`WINDOW` seconds. A refused line changes nothing and is answered
with an error frame (``bad_chat``, ``chat_too_fast``, and ``muted`` while an operator has
muted the player: ``donjon account mute``, read from the database before each line, so it holds
on every node at once). A line is stored (``game_chat``, a
transaction of its own) before it is acknowledged and sent, and published on the bus for the
players' sockets on other nodes. No rule of any game runs here.
"""

from __future__ import annotations

import collections
import time
import unicodedata
from typing import TYPE_CHECKING, Any

from donjon.said import Reason
from donjon.server.refusals.play import say as say_play
from donjon.store import moderation, repo

if TYPE_CHECKING:
    from donjon.server.room import Room
    from donjon.server.rooms import Hub
    from donjon.server.sockets import Conn

MAX_LENGTH = 200
"""Characters in a line, at most (the column's width)."""
HISTORY = 100
"""Lines sent to a player's socket after its hello."""
BURST = 5
WINDOW = 10.0
"""A seat writes at most :data:`BURST` lines in any :data:`WINDOW` seconds."""


class ChatRefused(Exception):
    """A line the server does not take: ``reason`` for the player, ``code`` for programs."""

    def __init__(self, reason: Reason, code: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


def clean(text: Any) -> str:
    """``text`` trimmed, or :class:`ChatRefused` (``bad_chat``).

    >>> clean("  gg  ")
    'gg'
    >>> clean("a\\u0007b")
    Traceback (most recent call last):
    ...
    donjon.server.chat.ChatRefused: a chat line has no control characters
    """
    if not isinstance(text, str):
        raise ChatRefused("'text' is the line to say, a string", "bad_chat")
    text = text.strip()
    if not text:
        raise ChatRefused(say_play("chat_empty"), "bad_chat")
    if len(text) > MAX_LENGTH:
        raise ChatRefused(say_play("chat_long", most=MAX_LENGTH, length=len(text)), "bad_chat")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text):
        raise ChatRefused(say_play("chat_control"), "bad_chat")
    return text


def history(room: Room) -> dict[str, Any] | None:
    """The frame of the room's last :data:`HISTORY` lines (read with the room), or None while
    nobody said anything."""
    return {"t": "chat", "lines": list(room.chat)} if room.chat else None


async def say(hub: Hub, room: Room, conn: Conn, text: Any) -> None:
    """Store ``conn``'s line, then send it to the game's players here and on other nodes."""
    line_text = clean(text)
    seat = conn.seat
    assert seat is not None, "a spectator's line is refused before this"
    if conn.user_id is not None:
        async with hub.db.read() as s:
            until = await moderation.muted_until(s, conn.user_id)
        if until is not None:
            raise ChatRefused(say_play("chat_muted", until=moderation.utc(until)), "muted")
    now = time.monotonic()
    said = room.chat_said.setdefault(seat, collections.deque(maxlen=BURST))
    if len(said) == BURST and now - said[0] < WINDOW:
        raise ChatRefused(say_play("chat_too_fast", burst=BURST, window=WINDOW), "chat_too_fast")
    said.append(now)
    async with hub.db.write() as s:
        line = line_of(await repo.add_chat(s, room.id, seat, conn.user_id, line_text, time.time()))
    heard(room, line)
    await hub.bus.publish("game:" + room.id, {"type": "chat", "line": line})  # the bus adds this node's id


def heard(room: Room, line: dict[str, Any]) -> None:
    """A stored line (said here or on another node): kept with the room's last lines and sent
    to its players' sockets."""
    room.chat.append(line)
    del room.chat[:-HISTORY]
    room.broadcast({"t": "chat", "lines": [line]}, players_only=True)


def line_of(row: Any) -> dict[str, Any]:
    """A stored line (a ``game_chat`` row) as the frames carry it."""
    return {"id": row.id, "seat": row.seat, "text": row.text, "at": round(row.created_at, 3)}
