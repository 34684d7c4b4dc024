"""Abuse limits: per-socket message rate, open sockets per user / IP, failed logins and
registrations per IP / username, guest accounts per IP, games against a bot per address,
request body size. Every limit is a setting (``DONJON_*``, docs/server.md "Limits").

The clock is :data:`Limits.clock` (``time.monotonic``), replaceable by tests so that a
window can pass without waiting for it.
"""

from __future__ import annotations

import collections
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.exceptions import HTTPException

from donjon.said import Reason
from donjon.server.refusals.auth import say
from donjon.server.settings import Settings

Clock = Callable[[], float]


class SlidingWindow:
    """At most ``limit`` events in any ``window`` seconds (an exact sliding log).

    ``limit <= 0`` means no limit."""

    __slots__ = ("limit", "window", "clock", "_times", "refused")

    def __init__(self, limit: int, window: float, clock: Clock) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._times: collections.deque[float] = collections.deque()
        self.refused = 0
        """Events refused since the window last had room (the 'sustained abuse' counter)."""

    def _prune(self, now: float) -> None:
        times = self._times
        while times and times[0] <= now - self.window:
            times.popleft()

    def hit(self) -> bool:
        """Count one event; False (and not counted) if it is over the limit."""
        if self.limit <= 0:
            return True
        now = self.clock()
        self._prune(now)
        if len(self._times) >= self.limit:
            self.refused += 1
            return False
        self._times.append(now)
        self.refused = 0
        return True

    def full(self) -> bool:
        if self.limit <= 0:
            return False
        self._prune(self.clock())
        return len(self._times) >= self.limit

    def retry_after(self) -> float:
        """Seconds until one more event is allowed (0 if it is now)."""
        if not self.full():
            return 0.0
        return max(0.0, self._times[0] + self.window - self.clock())

    def add(self) -> None:
        """Count one event without checking (a failed login)."""
        if self.limit > 0:
            self._prune(self.clock())
            self._times.append(self.clock())

    def clear(self) -> None:
        self._times.clear()
        self.refused = 0


class KeyedLimiter:
    """One :class:`SlidingWindow` per key (an IP address, a username), forgotten once idle."""

    def __init__(self, limit: int, window: float, clock: Callable[[], Clock]) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._windows: dict[str, SlidingWindow] = {}

    def _get(self, key: str) -> SlidingWindow:
        w = self._windows.get(key)
        if w is None:
            if len(self._windows) >= 10_000:
                self._sweep()
            w = self._windows[key] = SlidingWindow(self.limit, self.window, self._clock())
        return w

    def _sweep(self) -> None:
        for k, w in list(self._windows.items()):
            w._prune(w.clock())
            if not w._times:
                del self._windows[k]

    def blocked(self, key: str) -> float:
        """Seconds to wait before ``key`` may try again (0: it may now)."""
        w = self._windows.get(key)
        return 0.0 if w is None else w.retry_after()

    def add(self, key: str) -> None:
        self._get(key).add()

    def clear(self, key: str) -> None:
        self._windows.pop(key, None)


class SocketCounts:
    """Open WebSockets per user and per client address, in this process: a socket is
    counted by :meth:`open` and uncounted by :meth:`close`. ``per_user`` or ``per_ip``
    ``<= 0`` turns that cap off. A key is forgotten when its count falls to 0."""

    def __init__(self, per_user: int, per_ip: int) -> None:
        self.per_user = per_user
        self.per_ip = per_ip
        self.users: dict[int, int] = {}
        self.ips: dict[str, int] = {}

    def open(self, ip: str, user_id: int | None) -> str | None:
        """Count one more socket of ``ip`` (and ``user_id``, if any), or say why not: None if
        it is counted, else the reason (nothing is counted then)."""
        if self.per_user > 0 and user_id is not None and self.users.get(user_id, 0) >= self.per_user:
            return f"too many connections: at most {self.per_user} open sockets per user"
        if self.per_ip > 0 and self.ips.get(ip, 0) >= self.per_ip:
            return f"too many connections: at most {self.per_ip} open sockets per address"
        self.ips[ip] = self.ips.get(ip, 0) + 1
        if user_id is not None:
            self.users[user_id] = self.users.get(user_id, 0) + 1
        return None

    def close(self, ip: str, user_id: int | None) -> None:
        """Uncount a socket counted by :meth:`open` with the same arguments."""
        _decrement(self.ips, ip)
        if user_id is not None:
            _decrement(self.users, user_id)


def _decrement(counts: dict[Any, int], key: Any) -> None:
    n = counts.get(key, 0) - 1
    if n > 0:
        counts[key] = n
    else:
        counts.pop(key, None)


class RateLimited(Exception):
    """A request refused by a limit: 429 with ``Retry-After``."""

    def __init__(self, reason: Reason, retry_after: float) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = max(1, math.ceil(retry_after))


class Limits:
    """The app's limiters (``app.state.limits``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.clock: Clock = time.monotonic
        self.login_ip = KeyedLimiter(settings.login_fail_limit, settings.login_window, self._get_clock)
        self.login_user = KeyedLimiter(settings.login_fail_limit, settings.login_window, self._get_clock)
        self.register_ip = KeyedLimiter(settings.register_limit, settings.register_window, self._get_clock)
        self.guest_ip = KeyedLimiter(settings.guest_limit, settings.guest_window, self._get_clock)
        self.sockets = SocketCounts(settings.ws_max_per_user, settings.ws_max_per_ip)
        self.on_hit: Callable[[str], None] = lambda scope: None
        """Called with ``"ws"``, ``"login"``, ``"register"``, ``"sockets"`` or ``"guest"`` at every
        refusal (metrics)."""

    def _get_clock(self) -> Clock:
        return lambda: self.clock()

    def socket_window(self) -> SlidingWindow:
        st = self.settings
        return SlidingWindow(st.ws_rate_limit, st.ws_rate_window, lambda: self.clock())

    def open_socket(self, ip: str, user_id: int | None) -> str | None:
        """Count a new WebSocket of ``ip`` / ``user_id``; the reason it is refused (too many
        open ones), or None. A counted socket is uncounted by :meth:`close_socket`."""
        reason = self.sockets.open(ip, user_id)
        if reason is not None:
            self.on_hit("sockets")
        return reason

    def close_socket(self, ip: str, user_id: int | None) -> None:
        self.sockets.close(ip, user_id)

    # ------------------------------------------------------------------ logins

    def check_login(self, ip: str, username: str) -> None:
        """Raise :class:`RateLimited` if this IP or username has too many recent failures
        (before any password hash is computed)."""
        wait = max(self.login_ip.blocked(ip), self.login_user.blocked(username.lower()))
        if wait > 0:
            self.on_hit("login")
            raise RateLimited(say("too_many_logins", seconds=math.ceil(wait)), wait)

    def login_failed(self, ip: str, username: str) -> None:
        self.login_ip.add(ip)
        self.login_user.add(username.lower())

    def login_succeeded(self, username: str) -> None:
        self.login_user.clear(username.lower())

    def check_register(self, ip: str) -> None:
        wait = self.register_ip.blocked(ip)
        if wait > 0:
            self.on_hit("register")
            raise RateLimited(say("too_many_accounts", seconds=math.ceil(wait)), wait)

    def registered(self, ip: str) -> None:
        self.register_ip.add(ip)

    def count_guest(self, ip: str) -> None:
        """Count a guest account about to be created from ``ip``; raise :class:`RateLimited`
        (``on_hit("guest")``, nothing counted) if the address made ``guest_limit`` of them
        within ``guest_window``."""
        wait = self.guest_ip.blocked(ip)
        if wait > 0:
            self.on_hit("guest")
            raise RateLimited(say("too_many_guests", seconds=math.ceil(wait)), wait)
        self.guest_ip.add(ip)


class LiveBotGames:
    """The games against a bot created from each client address that may still be in
    progress, in this process's memory: a per-node count, forgotten at a restart.

    :meth:`reserve` holds a slot before the game is created and :meth:`settle` turns it into
    the game's id (or frees it); there is no ``await`` between the last count and the hold,
    so two requests at once cannot both take the last slot. The games that ended are dropped
    when an address is at its limit, by asking the store which are still active
    (``still_active``): a game that ends on another node or by a timer frees its slot too."""

    MAX_ADDRESSES = 10_000
    """Addresses tracked at most; beyond, the one that created a bot game least recently is
    forgotten (its count starts again)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._games: dict[str, set[str]] = {}
        """address -> its games, the address that created one most recently last"""
        self._pending: collections.Counter[str] = collections.Counter()
        self._address: dict[str, str] = {}
        """game id -> the address that created it"""

    def count(self, ip: str) -> int:
        return len(self._games.get(ip, ())) + self._pending[ip]

    def address_of(self, game_id: str) -> str | None:
        return self._address.get(game_id)

    async def reserve(self, ip: str, still_active: Callable[[set[str]], Awaitable[set[str]]]) -> bool:
        """Hold a slot of ``ip`` for a bot game about to be created; False if none is left."""
        if self.limit > 0 and self.count(ip) >= self.limit:
            games = set(self._games.get(ip, ()))
            if games:
                live = await still_active(games)
                for gid in games - live:
                    self._forget(ip, gid)
            if self.count(ip) >= self.limit:
                return False
        self._pending[ip] += 1
        return True

    def settle(self, ip: str, game_id: str | None) -> None:
        """Release the slot :meth:`reserve` held: to the game ``game_id`` if it was created."""
        self._pending[ip] -= 1
        if self._pending[ip] <= 0:
            del self._pending[ip]
        if game_id is None:
            return
        games = self._games.pop(ip, set())
        games.add(game_id)
        self._games[ip] = games
        self._address[game_id] = ip
        while len(self._games) > self.MAX_ADDRESSES:
            for gid in self._games.pop(next(iter(self._games))):
                self._address.pop(gid, None)

    def _forget(self, ip: str, game_id: str) -> None:
        games = self._games.get(ip)
        if games is not None:
            games.discard(game_id)
            if not games:
                del self._games[ip]
        self._address.pop(game_id, None)


def client_ip(conn: Any) -> str:
    """The client's address (behind a proxy: X-Forwarded-For, trusted by uvicorn's
    ``--forwarded-allow-ips``)."""
    client = getattr(conn, "client", None)
    return client.host if client is not None and client.host else "?"


class BodyTooLarge(HTTPException):
    """Raised while reading a body past the limit (an HTTPException, so the route's body
    parsing lets it through and the app answers 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body too large (at most {limit} bytes)")


class BodyLimit:
    """ASGI middleware: an HTTP request body above ``limit`` bytes gets 413 (by its
    Content-Length at once, or when the streamed body passes the limit)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or self.limit <= 0:
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _send_413(send, self.limit)
                    return
        seen = 0
        started = False

        async def limited_receive() -> Any:
            nonlocal seen
            msg = await receive()
            if msg.get("type") == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return msg

        async def tracking_send(msg: Any) -> None:
            nonlocal started
            if msg.get("type") == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await _send_413(send, self.limit)


async def _send_413(send: Any, limit: int) -> None:
    body = f'{{"error": "request body too large (at most {limit} bytes)", "code": "too_large"}}'.encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
