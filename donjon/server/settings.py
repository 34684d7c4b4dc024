"""Server settings: defaults, then environment variables (``DONJON_*``), then CLI flags."""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import dataclass, field, fields, replace
from typing import Any


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = "sqlite:///./donjon.sqlite3"
    redis_url: str | None = None
    """Set to use Redis pub/sub between several server processes."""
    sqlite_synchronous: str = "FULL"
    """FULL: an acknowledged move survives even a power cut (fsync per commit)."""

    # absence clock (seconds)
    absence_claim: float = 30.0
    absence_forfeit: float = 120.0
    bot_abandon: float = 600.0
    timer_interval: float = 1.0
    presence_lease: float = 15.0
    """Scale-out: a node whose heartbeat (refreshed by its timer loop) is older than this is
    dead, and any node starts the absence clock of the players it held (docs/server.md,
    "Presence lease"). Must exceed 3 × ``timer_interval``."""
    crowd_interval: float = 1.0
    """At most one frame per room in this many seconds says how many people watch it
    (:mod:`donjon.server.crowd`)."""

    # bots
    bot_time_budget: float = 3.0
    bot_workers: int = 2
    bot_executor: str = "process"  # process | thread (thread is for tests on tiny machines only)
    bot_min_delay: float = 0.4
    bot_reserved_workers: int = 1
    """Pool workers kept for the fast levels (easy, normal, the random fallback): hard searches
    use at most ``bot_workers`` minus this many at once (at least one; docs/server.md, "Bot
    scheduling")."""
    bot_games_per_account: int = 3
    """Games in progress against a bot that one account may have created (tables it opened or
    filled with bots, their rematches); beyond: 429 ``too_many_bot_games``."""
    bot_games_per_ip: int = 6
    """Idem per client address, counted by each node in its memory."""

    # accounts
    start_balance: int = 500
    session_days: float = 30.0
    cookie_secure: bool = False
    allowed_origins: tuple[str, ...] = ()
    """Extra origins allowed to open WebSockets (the page's own host always is)."""

    argon2_time_cost: int = 3
    """Passes of an argon2id password hash. The three ``argon2_*`` defaults are RFC 9106's
    low-memory profile (argon2-cffi's own): ~150 ms of CPU a hash on a 2-core machine. A
    password stored with other parameters still verifies and is hashed again with these at its
    owner's next login (docs/server.md, "Password hashes"). Lower them only for tests."""
    argon2_memory_kib: int = 65_536
    """Memory of an argon2id password hash, in KiB (at least 8 × ``argon2_parallelism``)."""
    argon2_parallelism: int = 4
    """Lanes of an argon2id password hash."""

    # abuse limits (docs/server.md, "Limits"); 0 turns a limit off
    ws_rate_limit: int = 100
    """Messages a socket may send per ``ws_rate_window`` seconds; beyond, dropped with ``rate_limited``."""
    ws_rate_window: float = 20.0
    ws_rate_close: int = 100
    """A socket whose messages beyond the limit reach this many within one window is closed (1008)."""
    ws_max_message: int = 16_384
    """Largest WebSocket message (bytes) that is read; longer ones are refused (``bad_request``).
    The WebSocket layer of ``donjon serve`` closes the socket (1009) above 4 times this."""
    ws_max_per_user: int = 32
    """Open WebSockets (game and lobby, every game together) per user on one node; one more is
    accepted and closed at once with 4429. Every page of a logged-in person holds one socket
    (a game page its game's, any other a lobby socket): a tab is a socket."""
    ws_max_per_ip: int = 128
    """Open WebSockets per client address on one node (with or without a session); beyond: 4429."""
    ws_compression: bool = False
    """permessage-deflate on WebSockets. Off by default: each compressed socket keeps zlib
    windows (tens of KiB, measured ~93 KiB of server memory per idle socket with it on) and the
    compression cost ~5 % of the server's CPU under load (docs/benchmarks.md), while a game
    frame is a few KiB of JSON. Turn it on for players on slow links."""
    max_body: int = 65_536
    """Largest HTTP request body (bytes); larger ones get 413."""
    login_fail_limit: int = 10
    """Failed logins per IP address and per username within ``login_window``; beyond: 429."""
    login_window: float = 300.0
    register_limit: int = 20
    """Accounts registered (with a password) per IP address within ``register_window``; beyond: 429."""
    register_window: float = 3600.0
    guest_limit: int = 30
    """Guest accounts created per IP address within ``guest_window`` (``/api/guest``, or the
    visitor without a session who opens or joins a table); beyond: 429."""
    guest_window: float = 3600.0
    metrics_token: str = ""
    """If set, ``/metrics`` answers ``Authorization: Bearer <token>`` from anywhere; it always
    answers loopback clients (127.0.0.1, ::1)."""
    log_format: str = "text"
    """``text`` (one readable line) or ``json`` (one JSON object per line) for ``donjon serve``."""
    drain_seconds: float = 10.0
    """On SIGTERM: how long to wait for in-flight commits before telling clients to reconnect."""

    gc_young: int = 700
    """``donjon serve``: threshold of the cyclic garbage collector's youngest generation, after
    freezing the objects alive at start (donjon/server/gctune.py); 0 leaves the collector as
    Python sets it."""
    gc_full_every: float = 600.0
    """``donjon serve``: seconds between full garbage collections, run by a thread instead of
    the middle and full collections Python starts by its counters (0: Python decides)."""

    event_buffer: int = 64
    """How many recent events a game keeps to replay to a reconnecting client."""
    node_id: str = field(default_factory=lambda: uuid.uuid4().hex[:8])
    base_url: str = ""

    test_game_options: str = ""
    """Tests only, off by default: a JSON object ``{"<game id>": {setup options}}`` given to the
    engine's ``setup`` for every new lobby game of that kind (a card game's fixed hands and
    decks, say), so a browser test does not depend on the cards dealt; a key
    ``"<game id>:<seats>"`` applies to the games of that many seats only and wins over the
    plain one."""

    def __post_init__(self) -> None:
        if self.presence_lease <= 3 * self.timer_interval:
            raise ValueError(f"DONJON_PRESENCE_LEASE ({self.presence_lease:g} s) must exceed 3 × "
                             f"DONJON_TIMER_INTERVAL ({self.timer_interval:g} s)")
        if self.test_game_options:
            self.game_options("")  # fail at start on a malformed value
        if self.argon2_time_cost < 1 or self.argon2_parallelism < 1:
            raise ValueError("DONJON_ARGON2_TIME_COST and DONJON_ARGON2_PARALLELISM are at least 1")
        if self.argon2_memory_kib < 8 * self.argon2_parallelism:
            raise ValueError(f"DONJON_ARGON2_MEMORY_KIB ({self.argon2_memory_kib}) is at least 8 × "
                             f"DONJON_ARGON2_PARALLELISM ({8 * self.argon2_parallelism})")

    def game_options(self, kind: str) -> dict[str, Any]:
        """Setup options of a new lobby game of ``kind``: none, unless ``test_game_options`` names it."""
        if not self.test_game_options:
            return {}
        try:
            data = json.loads(self.test_game_options)
        except ValueError as e:
            raise ValueError(f"DONJON_TEST_GAME_OPTIONS is not JSON: {e}") from None
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise ValueError('DONJON_TEST_GAME_OPTIONS is an object {"<game id>": {options}}')
        return dict(data.get(kind) or {})

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: Any) -> Settings:
        """Defaults, overridden by ``DONJON_<FIELD>`` variables, overridden by ``overrides``."""
        env = dict(os.environ if env is None else env)
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get("DONJON_" + f.name.upper())
            if raw is None or raw == "":
                continue
            values[f.name] = _parse(f.name, raw, cls.__dataclass_fields__[f.name].type)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def with_(self, **kw: Any) -> Settings:
        return replace(self, **kw)


def _parse(name: str, raw: str, typ: Any) -> Any:
    t = str(typ)
    try:
        if t == "int":
            return int(raw)
        if t == "float":
            return float(raw)
        if t == "bool":
            return raw.strip().lower() in ("1", "true", "yes", "on")
        if t.startswith("tuple"):
            return tuple(x.strip() for x in raw.split(",") if x.strip())
    except ValueError:
        raise ValueError(f"DONJON_{name.upper()}={raw!r} is not a valid {t}") from None
    return raw
