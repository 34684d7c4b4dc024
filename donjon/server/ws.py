"""WebSocket endpoints: ``/ws/game/{id}`` (play and watch) and ``/ws/lobby``.

The socket layer only parses and carries messages (a connection's queue and writer:
:mod:`donjon.server.sockets`); every rule is checked by the rooms
(:mod:`donjon.server.room_state`). A bad message gets ``{"t": "error", ...}`` and the socket
stays open. The full message reference is ``docs/protocol.md``.

Limits (settings, docs/server.md): each socket may send ``ws_rate_limit`` messages per
``ws_rate_window`` seconds; beyond, a message is dropped with ``rate_limited``, and a socket
that keeps flooding (``ws_rate_close`` dropped messages in one window) is closed with 1008.
A message longer than ``ws_max_message`` bytes, a binary frame, is refused (``bad_request``).
A node holds at most ``ws_max_per_user`` open sockets of one user (game and lobby sockets,
every game together) and ``ws_max_per_ip`` of one client address; one more is closed with
4429 (counted in this process only: :class:`donjon.server.limits.SocketCounts`).
Every refusal of a socket (4403 foreign Origin, 4404 no such game, 4429, 1013, 1012) happens
after the handshake is accepted, so that a browser sees the close code: a socket closed
before it is accepted is an HTTP 403 to the client, which a browser reports as 1006.
A socket whose session ends (a logout, a password change: :mod:`donjon.server.account`) is
closed with 4401. While the server drains for a shutdown (:func:`drain`) every socket gets ``{"t": "bye"}``
and close code 1012 (service restart): the client reconnects, to another node if any.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import TimeoutError as PoolTimeout

from donjon.said import Reason, in_lang
from donjon.server import auth, chat, clock, i18n
from donjon.server.limits import Limits, SlidingWindow, client_ip
from donjon.server.match import MAX_LAG, MatchError
from donjon.server.origin import same_site
from donjon.server.positions import PositionError, position_frame
from donjon.server.refusals.play import say
from donjon.server.room import Room
from donjon.server.rooms import Hub
from donjon.server.sockets import Conn, Sock, dumps, finish_writer, loads, receive, start_writer

log = logging.getLogger("donjon.ws")
router = APIRouter()

MAX_FRAME = 16_384
"""The default of ``Settings.ws_max_message``."""
CLOSE_RESTART = 1012
CLOSE_TRY_AGAIN = 1013
CLOSE_POLICY = 1008
CLOSE_FORBIDDEN = 4403
"""A browser's Origin is not this site: the client does not reconnect."""
CLOSE_NOT_FOUND = 4404
"""No such game: the client does not reconnect."""
CLOSE_TOO_MANY = 4429
"""Too many open sockets of this user or address: the client waits long before it tries again."""
CLOSE_SIGNED_OUT = 4401
"""The session the socket was opened with ended (logged out, here or elsewhere; a password
changed): the browser loads its page again, as whoever its cookie now says."""
BYE = {"t": "bye", "reason": "the server is restarting: reconnect (your game is safe)", "code": "restarting"}

# Fields allowed in each client message (beyond "t").
FIELDS: dict[str, set[str]] = {
    "hello": {"v", "legal", "user"},
    "ping": {"id"},
    "targets": {"id", "v", "card"},
    "position": {"id", "v"},
    "act": {"id", "v", "action", "seat", "lag"},
    "resign": {"id", "v", "seat"},
    "draw": {"id", "v", "op", "seat"},
    "abort": {"id", "v", "seat"},
    "claim": {"id", "v", "seat"},
    "rematch": {"id", "v", "op", "seat"},
    "chat": {"id", "text"},
}
REQUIRED: dict[str, set[str]] = {
    "targets": {"id", "v", "card"},
    "position": {"id", "v"},
    "act": {"id", "v", "action"},
    "resign": {"id"},
    "draw": {"id", "op"},
    "abort": {"id"},
    "claim": {"id"},
    "rematch": {"id", "op"},
    "chat": {"id", "text"},
}


class ProtocolError(Exception):
    def __init__(self, reason: Reason, msg_id: Any = None, code: str = "bad_request") -> None:
        super().__init__(reason)
        self.reason = reason
        self.id = msg_id
        self.code = code


def origin_ok(ws: WebSocket) -> bool:
    """A browser always sends Origin: it must be this site (or an allowed origin)."""
    return same_site(ws.headers.get("origin"), ws.headers.get("host", ""), ws.app.state.settings.allowed_origins)


def parse(text: str, max_size: int = MAX_FRAME) -> dict[str, Any]:
    if len(text) > max_size:
        raise ProtocolError(f"message too long ({len(text)} bytes; at most {max_size})")
    try:
        msg = loads(text)
    except ValueError as e:
        raise ProtocolError(f"malformed JSON: {e}") from None
    except RecursionError:
        raise ProtocolError("malformed JSON: nested too deeply") from None
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
    lag = msg.get("lag")
    if lag is not None and (isinstance(lag, bool) or not isinstance(lag, (int, float)) or not 0 <= lag <= 60):
        raise ProtocolError("'lag' is the seconds your last message took to reach the server (0 to 60)", msg_id)
    if t == "act" and not isinstance(msg["action"], dict):
        raise ProtocolError("'action' is a JSON object such as {\"type\": \"move\", \"uci\": \"e2e4\"}", msg_id)
    if t == "hello" and not isinstance(msg.get("user", False), bool):
        raise ProtocolError("'user' is true (this socket also carries what is addressed to you, as the lobby "
                            "socket does) or false")
    if t == "hello" and msg.get("legal", "full") not in ("full", "lazy"):
        raise ProtocolError("'legal' is 'full' (every legal action in each frame) or 'lazy' (one entry per "
                            "playable card; ask its targetings with {\"t\": \"targets\"})")
    if t == "targets" and not isinstance(msg["card"], str):
        raise ProtocolError("'card' is a card id such as \"poison\"", msg_id)
    if "op" in msg and msg["op"] not in ("offer", "accept", "decline"):
        raise ProtocolError("'op' is 'offer', 'accept' or 'decline'", msg_id)
    return msg


class Gate:
    """What every incoming message goes through first: the rate limit and the size limit."""

    def __init__(self, ws: WebSocket, conn: Sock) -> None:
        st = ws.app.state
        self.settings = st.settings
        self.metrics = st.metrics
        self.limits = st.limits
        self.conn = conn
        self.window: SlidingWindow = st.limits.socket_window()
        # the language of the page that opened the socket: its refusals are in it
        self.lang = i18n.reader_lang(ws)

    def admit(self, raw: str | bytes) -> str | None:
        """The message's text if it is to be handled; None if it was refused (answered here)."""
        st = self.settings
        if not self.window.hit():
            self.metrics.rate_limited.labels("ws").inc()
            self.metrics.refused.labels("rate_limited").inc()
            if st.ws_rate_close > 0 and self.window.refused >= st.ws_rate_close:
                self.metrics.ws_closed_abuse.inc()
                log.info("socket closed for flooding", extra={"user": self.conn.user_id})
                self.conn.close_with(CLOSE_POLICY, "too many messages")
                return None
            wait = self.window.retry_after()
            msg_id = _id(raw) if isinstance(raw, str) and len(raw) <= st.ws_max_message else None
            reason = say("too_many_messages", most=st.ws_rate_limit, window=st.ws_rate_window, wait=wait)
            self.conn.push({"t": "error", "id": msg_id, "code": "rate_limited", "retry_after": round(wait, 1),
                            "reason": in_lang(reason, self.lang)})
            return None
        if isinstance(raw, bytes):
            self.refuse(None, "binary frames are not accepted: send JSON text", "bad_request")
            return None
        return raw

    def refuse(self, msg_id: Any, reason: Reason, code: str) -> None:
        self.metrics.refused.labels(code).inc()
        self.conn.push({"t": "error", "id": msg_id, "reason": in_lang(reason, self.lang), "code": code})


async def _refuse(ws: WebSocket, code: int, reason: str) -> None:
    """Accept the handshake, then close with ``code``: a close before the accept would be an
    HTTP 403, and a browser would see 1006 instead of ``code``."""
    with contextlib.suppress(Exception):  # a client already gone needs no close frame
        await ws.accept()
        await ws.close(code=code, reason=reason)


@contextlib.asynccontextmanager
async def _counted(ws: WebSocket, user_id: int | None) -> AsyncIterator[bool]:
    """Count the socket among its user's and address's open ones while the block runs; if
    there are too many already, close it with 4429 and give False (nothing is counted)."""
    limits: Limits = ws.app.state.limits
    ip = client_ip(ws)
    refused = limits.open_socket(ip, user_id)
    if refused is not None:
        log.info("socket refused: %s", refused, extra={"user": user_id, "ip": ip})
        await _refuse(ws, CLOSE_TOO_MANY, refused)
        yield False
        return
    try:
        yield True
    finally:
        limits.close_socket(ip, user_id)


async def _refuse_draining(ws: WebSocket) -> bool:
    """While the server drains, a new socket is told to go elsewhere at once."""
    if not getattr(ws.app.state, "draining", False):
        return False
    await ws.accept()
    with contextlib.suppress(Exception):
        await ws.send_text(dumps(BYE))
        await ws.close(code=CLOSE_RESTART, reason="service restart")
    return True


@router.websocket("/ws/game/{game_id}")
async def game_socket(ws: WebSocket, game_id: str) -> None:
    if not origin_ok(ws):
        await _refuse(ws, CLOSE_FORBIDDEN, "origin not allowed")
        return
    if await _refuse_draining(ws):
        return
    hub: Hub = ws.app.state.hub
    try:
        room = await hub.room(game_id)
        user = await auth.current_user(ws) if room is not None else None
    except PoolTimeout:
        # Every database connection stayed busy for the pool's timeout (a connection storm:
        # every client of a restarted node coming back at once): "try again later", and the
        # client reconnects with its backoff, rather than an HTTP 500.
        log.warning("database pool exhausted: socket for game %s refused (1013)", game_id)
        await _refuse(ws, CLOSE_TRY_AGAIN, "the server is busy: reconnecting")
        return
    if room is None:
        await _refuse(ws, CLOSE_NOT_FOUND, "no such game")
        return
    user_id = user.id if user is not None else None
    async with _counted(ws, user_id) as admitted:
        if admitted:
            await _game_session(ws, hub, room, user_id, auth.session_of(ws) if user is not None else None)


async def _game_session(ws: WebSocket, hub: Hub, room: Room, user_id: int | None, session: str | None) -> None:
    seat = room.seat_of_user(user_id)
    await ws.accept()
    conn = Sock(seat=seat, user_id=user_id, session=session)
    writer = start_writer(ws, conn)
    gate = Gate(ws, conn)
    ctx = {"game_id": room.id, "seat": seat, "user": user_id}
    await hub.shielded(hub.connect(room, conn))
    try:
        while not conn.closed:
            raw = await receive(ws)
            text = gate.admit(raw)
            if text is None:
                continue
            received = time.perf_counter()
            try:
                msg = parse(text, gate.settings.ws_max_message)
                await handle(hub, room, conn, msg, received, ws.app.state)
            except ProtocolError as e:
                gate.refuse(e.id, e.reason, e.code)
                log.debug("message refused: %s", e.reason, extra={**ctx, "code": e.code})
            except MatchError as e:
                gate.refuse(_id(text), e.reason, e.code)
                log.debug("intent refused: %s", e.reason, extra={**ctx, "code": e.code})
                if e.code in ("stale", "conflict") and conn.ready:
                    conn.push(room.sync_frame(conn.seat, conn.lazy))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        conn.close()
        ws.app.state.lobby_sockets.discard(conn)
        with contextlib.suppress(asyncio.CancelledError):
            await hub.shielded(hub.disconnect(room, conn))
        await finish_writer(writer, conn)


def _id(text: str) -> Any:
    """The message's id if it is a valid one (a number or a string), else None."""
    try:
        msg_id = loads(text).get("id")
    except (ValueError, AttributeError, RecursionError):
        return None
    return msg_id if isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool) else None


async def handle(hub: Hub, room: Room, conn: Conn, msg: dict[str, Any], received: float | None = None,
                 state: Any = None) -> None:
    t = msg["t"]
    msg_id = msg.get("id")
    if t == "ping":
        conn.push({"t": "pong", "id": msg_id})
        return
    if t == "hello":
        async with room.lock:
            if hub.settings.redis_url:
                # Another node may have committed entries whose bus message never came (it died
                # between COMMIT and PUBLISH): a (re)connecting client is the moment to look.
                await hub.catch_up(room)
            conn.lazy = msg.get("legal") == "lazy"
            if msg.get("user") and conn.user_id is not None and state is not None:
                state.lobby_sockets.carry(conn)
            frames = room.missed(msg.get("v"), conn.seat, conn.lazy)
            conn.push({"t": "welcome", "v": room.match.version, "seat": conn.seat, "game": room.meta()})
            for f in frames:
                conn.push(f)
            conn.ready = True
            lines = chat.history(room) if conn.seat is not None else None
            if lines is not None:
                conn.push(lines)
        return
    if t == "position":  # anyone may look back; the answer is the public view (server/positions.py)
        if not conn.ready:
            raise ProtocolError("say hello first: {\"t\": \"hello\", \"v\": null}", msg_id, "hello_first")
        try:
            conn.push(position_frame(room, msg_id, msg["v"]))
        except PositionError as e:
            raise ProtocolError(e.reason, msg_id, e.code) from None
        return
    if conn.seat is None:
        raise ProtocolError(say("not_a_player"), msg_id, "not_a_player")
    if msg.get("seat") is not None and msg["seat"] != conn.seat:
        raise ProtocolError(f"seat {msg['seat']} is not yours (you play seat {conn.seat})", msg_id, "not_your_seat")
    if not conn.ready:
        raise ProtocolError("say hello first: {\"t\": \"hello\", \"v\": null}", msg_id, "hello_first")
    if t == "chat":
        try:
            await chat.say(hub, room, conn, msg["text"])
        except chat.ChatRefused as e:
            raise ProtocolError(e.reason, msg_id, e.code) from None
        conn.push({"t": "ack", "id": msg_id})
        return
    if t == "targets":
        v = msg["v"]
        if v != room.match.version:
            raise ProtocolError(say("targets_stale", v=v, now=room.match.version), msg_id, "stale")
        card = msg["card"]
        legal = room.card_targets(conn.seat, card)
        if not legal:
            raise ProtocolError(say("not_playable", card=card), msg_id, "not_playable")
        conn.push({"t": "targets", "id": msg_id, "v": v, "card": card, "legal": legal})
        return
    if getattr(state, "draining", False):
        raise ProtocolError(say("restarting"), msg_id, "restarting")
    if t == "act":
        kind, data = "play", {"action": msg["action"]}
    elif t in ("draw", "rematch"):
        kind, data = t, {"op": msg["op"]}
    else:
        kind, data = t, {}
    metrics = getattr(state, "metrics", None)
    start = time.perf_counter() if received is None else received

    if room.match.clock is not None:  # the clock counts from when the intent arrived, not when it was handled
        data["at"] = round(clock.now() - (time.perf_counter() - start), 3)
        if t == "act" and msg.get("lag") is not None:
            data["lag"] = min(float(msg["lag"]), MAX_LAG)

    def ack(v: int) -> None:
        if metrics is not None:
            metrics.ack_seconds.observe(time.perf_counter() - start)
        conn.push({"t": "ack", "id": msg_id, "v": v})

    await hub.submit(room, conn.seat, kind, data, msg.get("v") if t == "act" else None, ack=ack)


# --------------------------------------------------------------------------- lobby


class LobbySockets:
    """The lobby sockets of this process, and what each is sent.

    A socket opened for the lobby's live list (the home page) gets every change of the open
    tables; every socket, that one or a page's own (``?tables=0``: any page of a logged-in
    person), and a game socket whose hello asked (``"user": true``), gets the frames addressed
    to its user (``started``, ``games_changed``, ``challenges``, ``turn``), found by user, not
    by looking at every socket.

    The list is read from the database once per change, not per socket, and changes that
    arrive while it is being read are coalesced: the reader reads once more when it is done
    (so the last frame every socket gets was read after the last change), however many
    changes came meanwhile. Without a socket showing the list in this process nothing is
    read. A burst of tables opened and joined used to cost one query of every open table
    per change, even with nobody in the lobby (docs/benchmarks.md, seventh session)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.conns: set[Conn] = set()
        self.watching: set[Conn] = set()  # the sockets shown the list of open tables
        self.by_user: dict[int, set[Conn]] = {}
        self._reading = False
        self._changed = False

    def add(self, conn: Conn, tables: bool) -> None:
        """A lobby socket (``tables``: shown the list of open tables)."""
        self.conns.add(conn)
        if tables:
            self.watching.add(conn)
        self.carry(conn)

    def carry(self, conn: Conn) -> None:
        """``conn`` gets the frames addressed to its user: a lobby socket, or a game socket whose
        hello asked for them (``"user": true``: a game page holds no other socket)."""
        if conn.user_id is not None:
            self.by_user.setdefault(conn.user_id, set()).add(conn)

    def discard(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self.watching.discard(conn)
        if conn.user_id is not None:
            mine = self.by_user.get(conn.user_id, set())
            mine.discard(conn)
            if not mine:
                self.by_user.pop(conn.user_id, None)

    async def on_bus(self, channel: str, message: dict[str, Any]) -> None:
        typ = message.get("type")
        if typ == "tables_changed":
            await self._push_tables()
        elif typ == "games_changed":
            self._to_users(message, {"t": "games_changed"})
        elif typ == "challenges_changed":
            self._to_users(message, {"t": "challenges", "table": message.get("table")})
        elif typ == "started":
            self._to_users(message, {"t": "started", "game": message.get("game"), "table": message.get("table")})
        elif typ == "turn":
            self._to_users(message, {"t": "turn", "game": message.get("game")})
        elif typ == "sessions_ended":
            self._close_sessions(set(message.get("sessions") or ()))
        elif typ == "renamed" and isinstance(message.get("user"), int):
            await self.app.state.hub.room_state.renamed(message["user"])

    def _close_sessions(self, ended: set[str]) -> None:
        """Close (4401) every socket of this process opened with one of these sessions, game
        sockets included: sessions end rarely, so they are looked for among all sockets."""
        for conn in all_conns(self.app):
            if isinstance(conn, Sock) and conn.session in ended:
                conn.close_with(CLOSE_SIGNED_OUT, "signed out")

    def _to_users(self, message: dict[str, Any], frame: dict[str, Any]) -> None:
        """``frame`` to the sockets that carry the frames of the users of ``message["users"]``
        (their lobby sockets, and game sockets that asked), and to no other."""
        for user_id in set(message.get("users") or []):
            for c in list(self.by_user.get(user_id, ())):
                c.push(frame)

    async def _push_tables(self) -> None:
        self._changed = True
        if self._reading:
            return  # the reader in progress reads again when it is done
        self._reading = True
        try:
            while self._changed and self.watching:
                self._changed = False
                # encoded once for every socket (50 open tables: ~25 KB, ~27 µs to encode), and
                # once for each reader with a list of their own (a block with a seated player)
                readers = {c.user_id for c in self.watching if c.user_id is not None}
                lists = await self.app.state.lobby.open_tables_for(readers)
                texts = {reader: dumps({"t": "tables", "tables": tables}) for reader, tables in lists.items()}
                for c in list(self.watching):
                    c.push(texts.get(c.user_id, texts[None]))
        finally:
            self._reading = False


@router.websocket("/ws/lobby")
async def lobby_socket(ws: WebSocket) -> None:
    if not origin_ok(ws):
        await _refuse(ws, CLOSE_FORBIDDEN, "origin not allowed")
        return
    if await _refuse_draining(ws):
        return
    user = await auth.current_user(ws)
    user_id = user.id if user is not None else None
    tables = ws.query_params.get("tables", "1") != "0"
    async with _counted(ws, user_id) as admitted:
        if admitted:
            await _lobby_session(ws, user_id, tables, auth.session_of(ws) if user is not None else None)


async def _lobby_session(ws: WebSocket, user_id: int | None, tables: bool, session: str | None) -> None:
    await ws.accept()
    sockets: LobbySockets = ws.app.state.lobby_sockets
    conn = Sock(seat=None, user_id=user_id, ready=True, session=session)
    writer = start_writer(ws, conn)
    gate = Gate(ws, conn)
    sockets.add(conn, tables)
    if tables:
        conn.push({"t": "tables", "tables": await ws.app.state.lobby.open_tables(user_id)})
    else:
        conn.push({"t": "ready"})
    try:
        while not conn.closed:
            text = gate.admit(await receive(ws))
            if text is None:
                continue
            if len(text) > gate.settings.ws_max_message:
                gate.refuse(None, f"message too long ({len(text)} bytes; at most {gate.settings.ws_max_message})",
                            "bad_request")
                continue
            try:
                msg = loads(text)
            except (ValueError, RecursionError):
                gate.refuse(None, "malformed JSON", "bad_request")
                continue
            if isinstance(msg, dict) and msg.get("t") == "ping":
                msg_id = msg.get("id")
                conn.push({"t": "pong", "id": msg_id if isinstance(msg_id, (int, str)) else None})
            else:
                gate.refuse(None, "the lobby socket only answers {\"t\": \"ping\"}", "bad_request")
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        sockets.discard(conn)
        conn.close()
        await finish_writer(writer, conn)


# --------------------------------------------------------------------------- shutdown


def all_conns(app: Any) -> list[Conn]:
    conns: list[Conn] = []
    hub = getattr(app.state, "hub", None)
    if hub is not None:
        for room in list(hub.rooms.values()):
            conns.extend(room.conns)
    lobby = getattr(app.state, "lobby_sockets", None)
    if lobby is not None:
        conns.extend(lobby.conns)
    return conns


async def drain(app: Any, timeout: float = 10.0) -> None:
    """Graceful shutdown, before the server closes connections: refuse new sockets and
    intents, let in-flight commits finish (their acks are queued), then send every socket
    ``{"t": "bye"}`` and close it with 1012 once what it was owed is written."""
    state = app.state
    if getattr(state, "draining", False):
        return
    state.draining = True
    hub = getattr(state, "hub", None)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    n = len(all_conns(app))
    log.info("draining: %d socket(s) to close", n)
    if hub is not None:
        await hub.settle(max(0.1, deadline - loop.time()))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(hub.db.log.drain(), max(0.1, deadline - loop.time()))
    for conn in all_conns(app):
        if isinstance(conn, Sock):
            conn.close_with(CLOSE_RESTART, "service restart", BYE)
        else:
            conn.push(BYE)
            conn.close()
    writers = list(getattr(state, "ws_writers", ()))
    if writers:
        await asyncio.wait(writers, timeout=max(0.5, min(5.0, deadline - loop.time())))
    log.info("drained: %d socket(s) told to reconnect", n)
