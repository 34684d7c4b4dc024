"""WebSocket endpoints: ``/ws/game/{id}`` (play and watch) and ``/ws/lobby``.

The socket layer only parses and carries messages; every rule is checked by the room
(:mod:`donjon.server.rooms`). A bad message gets ``{"t": "error", ...}`` and the socket
stays open. The full message reference is ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from donjon.server import auth
from donjon.server.match import MatchError
from donjon.server.rooms import Conn, Hub, Room, dumps

log = logging.getLogger("donjon.ws")
router = APIRouter()

MAX_FRAME = 16_384

# Fields allowed in each client message (beyond "t").
FIELDS: dict[str, set[str]] = {
    "hello": {"v"},
    "ping": {"id"},
    "act": {"id", "v", "action", "seat"},
    "resign": {"id", "v", "seat"},
    "draw": {"id", "v", "op", "seat"},
    "abort": {"id", "v", "seat"},
    "claim": {"id", "v", "seat"},
    "rematch": {"id", "v", "op", "seat"},
}
REQUIRED: dict[str, set[str]] = {
    "act": {"id", "v", "action"},
    "resign": {"id"},
    "draw": {"id", "op"},
    "abort": {"id"},
    "claim": {"id"},
    "rematch": {"id", "op"},
}


class ProtocolError(Exception):
    def __init__(self, reason: str, msg_id: Any = None, code: str = "bad_request") -> None:
        super().__init__(reason)
        self.reason = reason
        self.id = msg_id
        self.code = code


def origin_ok(ws: WebSocket) -> bool:
    """A browser always sends Origin: it must be this site (or an allowed origin)."""
    origin = ws.headers.get("origin")
    if not origin:
        return True  # not a browser (bots, tests, the load bench); the session cookie still rules
    allowed = ws.app.state.settings.allowed_origins
    if origin in allowed:
        return True
    host = ws.headers.get("host", "")
    return urlsplit(origin).netloc == host


def parse(text: str) -> dict[str, Any]:
    if len(text) > MAX_FRAME:
        raise ProtocolError(f"message too long ({len(text)} bytes; at most {MAX_FRAME})")
    try:
        msg = json.loads(text)
    except ValueError as e:
        raise ProtocolError(f"malformed JSON: {e}") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object with a field 't'")
    msg_id = msg.get("id")
    if msg_id is not None and (isinstance(msg_id, bool) or not isinstance(msg_id, (int, str))):
        raise ProtocolError("'id' is a number or a string")
    t = msg.get("t")
    if t not in FIELDS:
        raise ProtocolError(f"unknown message type {t!r}; expected one of {', '.join(sorted(FIELDS))}", msg_id)
    unknown = set(msg) - FIELDS[t] - {"t"}
    if unknown:
        raise ProtocolError(f"unknown field(s) in {t!r}: {', '.join(sorted(map(str, unknown)))}", msg_id)
    missing = REQUIRED.get(t, set()) - set(msg)
    if missing:
        raise ProtocolError(f"{t!r} needs field(s): {', '.join(sorted(missing))}", msg_id)
    for k in ("v", "seat"):
        val = msg.get(k)
        if val is not None and (isinstance(val, bool) or not isinstance(val, int)):
            raise ProtocolError(f"'{k}' is a whole number", msg_id)
    if t == "act" and not isinstance(msg["action"], dict):
        raise ProtocolError("'action' is a JSON object such as {\"type\": \"move\", \"uci\": \"e2e4\"}", msg_id)
    if "op" in msg and msg["op"] not in ("offer", "accept", "decline"):
        raise ProtocolError("'op' is 'offer', 'accept' or 'decline'", msg_id)
    return msg


async def _writer(ws: WebSocket, conn: Conn) -> None:
    while True:
        frame = await conn.queue.get()
        if frame is None:
            break
        await ws.send_text(frame if isinstance(frame, str) else dumps(frame))
    with contextlib.suppress(Exception):
        await ws.close()


@router.websocket("/ws/game/{game_id}")
async def game_socket(ws: WebSocket, game_id: str) -> None:
    if not origin_ok(ws):
        await ws.close(code=4403, reason="origin not allowed")
        return
    hub: Hub = ws.app.state.hub
    room = await hub.room(game_id)
    if room is None:
        await ws.close(code=4404, reason="no such game")
        return
    user = await auth.current_user(ws)
    user_id = user.id if user is not None else None
    seat = room.seat_of_user(user_id)
    await ws.accept()
    conn = Conn(seat=seat, user_id=user_id)
    writer = asyncio.create_task(_writer(ws, conn))
    await hub.shielded(hub.connect(room, conn))
    try:
        while True:
            text = await ws.receive_text()
            try:
                msg = parse(text)
                await handle(hub, room, conn, msg)
            except ProtocolError as e:
                conn.push({"t": "error", "id": e.id, "reason": e.reason, "code": e.code})
            except MatchError as e:
                conn.push({"t": "error", "id": _id(text), "reason": e.reason, "code": e.code})
                if e.code in ("stale", "conflict") and conn.ready:
                    conn.push(room.sync_frame(conn.seat))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        conn.close()
        with contextlib.suppress(asyncio.CancelledError):
            await hub.shielded(hub.disconnect(room, conn))
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


def _id(text: str) -> Any:
    try:
        return json.loads(text).get("id")
    except (ValueError, AttributeError):
        return None


async def handle(hub: Hub, room: Room, conn: Conn, msg: dict[str, Any]) -> None:
    t = msg["t"]
    msg_id = msg.get("id")
    if t == "ping":
        conn.push({"t": "pong", "id": msg_id})
        return
    if t == "hello":
        async with room.lock:
            frames = room.missed(msg.get("v"), conn.seat)
            conn.push({"t": "welcome", "v": room.match.version, "seat": conn.seat, "game": room.meta()})
            for f in frames:
                conn.push(f)
            conn.ready = True
        return
    if conn.seat is None:
        raise ProtocolError("you are watching this game: only its players can act", msg_id, "not_a_player")
    if msg.get("seat") is not None and msg["seat"] != conn.seat:
        raise ProtocolError(f"seat {msg['seat']} is not yours (you play seat {conn.seat})", msg_id, "not_your_seat")
    if not conn.ready:
        raise ProtocolError("say hello first: {\"t\": \"hello\", \"v\": null}", msg_id, "hello_first")
    if t == "act":
        kind, data = "play", {"action": msg["action"]}
    elif t in ("draw", "rematch"):
        kind, data = t, {"op": msg["op"]}
    else:
        kind, data = t, {}
    await hub.submit(room, conn.seat, kind, data, msg.get("v") if t == "act" else None,
                     ack=lambda v: conn.push({"t": "ack", "id": msg_id, "v": v}))


# --------------------------------------------------------------------------- lobby


class LobbySockets:
    """The lobby's live list: every change of the open tables is pushed to every socket."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.conns: set[Conn] = set()

    async def on_bus(self, channel: str, message: dict[str, Any]) -> None:
        typ = message.get("type")
        if typ == "tables_changed":
            frame = {"t": "tables", "tables": await self.app.state.lobby.open_tables()}
            for c in list(self.conns):
                c.push(frame)
        elif typ == "games_changed":
            for c in list(self.conns):
                c.push({"t": "games_changed"})
        elif typ == "started":
            users = set(message.get("users") or [])
            for c in list(self.conns):
                if c.user_id in users:
                    c.push({"t": "started", "game": message.get("game"), "table": message.get("table")})


@router.websocket("/ws/lobby")
async def lobby_socket(ws: WebSocket) -> None:
    if not origin_ok(ws):
        await ws.close(code=4403, reason="origin not allowed")
        return
    user = await auth.current_user(ws)
    await ws.accept()
    sockets: LobbySockets = ws.app.state.lobby_sockets
    conn = Conn(seat=None, user_id=user.id if user else None, ready=True)
    writer = asyncio.create_task(_writer(ws, conn))
    sockets.conns.add(conn)
    conn.push({"t": "tables", "tables": await ws.app.state.lobby.open_tables()})
    try:
        while True:
            text = await ws.receive_text()
            try:
                msg = json.loads(text)
            except ValueError:
                conn.push({"t": "error", "reason": "malformed JSON"})
                continue
            if isinstance(msg, dict) and msg.get("t") == "ping":
                conn.push({"t": "pong", "id": msg.get("id")})
            else:
                conn.push({"t": "error", "reason": "the lobby socket only answers {\"t\": \"ping\"}"})
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        sockets.conns.discard(conn)
        conn.close()
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
