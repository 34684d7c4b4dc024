"""Real server processes, their stores and scripted WebSocket players, for the scale-out
tests (``tests/scale``) and benches (``bench/crash.py``, ``bench/idle.py``).

* :class:`Node` — one server process of a cluster (a :class:`~tests.server_process.ServerProcess`,
  as the browser tests' sites are): ``start``, ``stop`` (SIGTERM), ``kill`` (SIGKILL).
* :func:`pg_database` — a fresh PostgreSQL database ``donjon_t_<random>`` (dropped after),
  so parallel tests and other jobs never share one.
* :func:`redis_server` — a private ``redis-server`` on a free port (pub/sub channels are
  global to a Redis server, whatever the DB number, so only a private server isolates).
* :class:`WsPlayer` — one seat (or a spectator) over ``/ws/game/{id}``: hello with the last
  version seen, absorbs frames, sends intents, records every ``ack``; reconnects anywhere.
* :func:`log_entries` — a game's action log read straight from the database.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import secrets
import shutil
import socket
import sqlite3
import subprocess
import time
from collections.abc import AsyncIterator, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import websockets

from tests.cheap_hashes import CHEAP_HASHES_ENV
from tests.server_process import ServerProcess
from tests.server_process import free_port as free_port  # bench/idle.py takes it from here
from tests.zygote import Zygote as Zygote  # the scale tests and bench/crash.py take it from here

T = TypeVar("T")


# --------------------------------------------------------------------------- server processes


class Node(ServerProcess):
    """One server process of a cluster (:class:`~tests.server_process.ServerProcess`) on
    ``database_url`` and, if given, the Redis of ``redis_url``. ``env`` adds ``DONJON_*``
    settings to the nodes' own: bots on one thread, every player a guest from 127.0.0.1 (no
    limit of guests per address)."""

    def __init__(self, database_url: str, log: Path, *, redis_url: str | None = None, port: int | None = None,
                 env: dict[str, str] | None = None, name: str = "node", zygote: Zygote | None = None) -> None:
        super().__init__(database_url, log, port=port, name=name, zygote=zygote,
                         env={"DONJON_BOT_EXECUTOR": "thread", "DONJON_BOT_WORKERS": "1", "DONJON_NODE_ID": name,
                              "DONJON_GUEST_LIMIT": "0", **CHEAP_HASHES_ENV, **(env or {})})
        self.redis_url = redis_url

    def argv(self) -> list[str]:
        return super().argv() + (["--redis-url", self.redis_url] if self.redis_url else [])


# --------------------------------------------------------------------------- stores


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to completion from sync code, even under a running event loop (in a thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


def postgres_base_url() -> str | None:
    """The PostgreSQL the tests may use (``.ci/run`` exports it when PostgreSQL is up)."""
    return os.environ.get("DONJON_TEST_POSTGRES_URL") or None


def _asyncpg_dsn(url: str) -> str:
    return url.replace("postgresql+asyncpg://", "postgresql://", 1)


def _with_database(url: str, name: str) -> str:
    head, _, tail = url.partition("://")
    rest, _, query = tail.partition("?")
    host = rest.split("/", 1)[0]
    return f"{head}://{host}/{name}" + (f"?{query}" if query else "")


@contextlib.contextmanager
def pg_database(base_url: str) -> Iterator[str]:
    """A new empty database on the server of ``base_url``; yields its URL, drops it after."""
    import asyncpg

    name = "donjon_t_" + secrets.token_hex(6)

    async def admin(sql: str) -> None:
        con = await asyncpg.connect(_asyncpg_dsn(base_url))
        try:
            await con.execute(sql)
        finally:
            await con.close()

    run_sync(admin(f'CREATE DATABASE "{name}"'))
    try:
        yield _with_database(base_url, name)
    finally:
        with contextlib.suppress(Exception):
            run_sync(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A private redis-server on a free port (no persistence); yields its URL."""
    exe = shutil.which("redis-server")
    if exe is None:
        raise RuntimeError("redis-server is not installed")
    port = free_port()
    proc = subprocess.Popen([exe, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def log_entries(database_url: str, game_id: str) -> list[tuple[int, str, int | None, dict[str, Any]]]:
    """``(seq, kind, seat, data)`` of a game's action log, in order (SQLite or PostgreSQL)."""
    return log_entries_many(database_url, [game_id])[game_id]


def log_entries_many(database_url: str, game_ids: list[str]) -> dict[str, list[tuple[int, str, int | None, Any]]]:
    out: dict[str, list[tuple[int, str, int | None, Any]]] = {g: [] for g in game_ids}
    if database_url.startswith("sqlite"):
        path = database_url.split("///", 1)[1]
        con = sqlite3.connect(path)
        try:
            for gid in game_ids:
                rows = con.execute("select seq, kind, seat, data from game_actions where game_id=? order by seq",
                                   (gid,)).fetchall()
                out[gid] = [(s, k, seat, json.loads(d)) for s, k, seat, d in rows]
        finally:
            con.close()
        return out
    import asyncpg

    async def go() -> None:
        con = await asyncpg.connect(_asyncpg_dsn(database_url))
        try:
            rows = await con.fetch("select game_id, seq, kind, seat, data from game_actions "
                                   "where game_id = any($1::text[]) order by game_id, seq", game_ids)
            for r in rows:
                data = r["data"]
                out[r["game_id"]].append((r["seq"], r["kind"], r["seat"],
                                          json.loads(data) if isinstance(data, str) else data))
        finally:
            await con.close()

    run_sync(go())
    return out


def game_rows(database_url: str, game_ids: list[str]) -> dict[str, tuple[int, Any, str, int]]:
    """``{game id: (seed, options, status, plies)}``."""
    out: dict[str, tuple[int, Any, str, int]] = {}
    q = "select id, seed, options, status, plies from games"
    if database_url.startswith("sqlite"):
        con = sqlite3.connect(database_url.split("///", 1)[1])
        try:
            for gid, seed, options, status, plies in con.execute(q).fetchall():
                if gid in game_ids:
                    out[gid] = (seed, json.loads(options) if isinstance(options, str) else options, status, plies)
        finally:
            con.close()
        return out
    import asyncpg

    async def go() -> None:
        con = await asyncpg.connect(_asyncpg_dsn(database_url))
        try:
            for r in await con.fetch(q + " where id = any($1::text[])", game_ids):
                opts = r["options"]
                out[r["id"]] = (r["seed"], json.loads(opts) if isinstance(opts, str) else opts, r["status"],
                                r["plies"])
        finally:
            await con.close()

    run_sync(go())
    return out


def game_flag_at(database_url: str, game_id: str) -> float | None:
    """``games.flag_at`` of ``game_id`` (PostgreSQL): when its next flag falls, as stored."""
    import asyncpg

    async def go() -> float | None:
        con = await asyncpg.connect(_asyncpg_dsn(database_url))
        try:
            value = await con.fetchval("select flag_at from games where id = $1", game_id)
            return None if value is None else float(value)
        finally:
            await con.close()

    return run_sync(go())


# --------------------------------------------------------------------------- games and players


async def make_game(base: str, kind: str = "unfairchess", color: str = "white",
                    time_control: dict[str, Any] | None = None) -> tuple[str, dict[int, str]]:
    """Two guests: the first opens an invite table (with ``time_control`` if given, else the
    game's default clock), the second joins. Returns the game id and the session cookies by
    seat."""
    # verify=False: plain HTTP on loopback. Without it httpx loads the CA bundle into a new TLS
    # context for every client, ~45 ms of CPU each (the tests make many games).
    async with httpx.AsyncClient(base_url=base, timeout=60, verify=False) as a, \
            httpx.AsyncClient(base_url=base, timeout=60, verify=False) as b:
        for c in (a, b):
            r = await c.post("/api/guest")
            r.raise_for_status()
        table_form: dict[str, Any] = {"game": kind, "opponent": "invite", "color": color}
        if time_control is not None:
            table_form["time_control"] = time_control
        r = await a.post("/api/tables", json=table_form)
        r.raise_for_status()
        table = r.json()["table"]
        r = await b.post(f"/api/tables/{table['id']}/join", json={"code": table["invite_code"]})
        r.raise_for_status()
        gid = r.json()["table"]["game_id"]
        info = (await a.get(f"/api/games/{gid}")).json()["game"]
        a_id = (await a.get("/api/me")).json()["user"]["id"]
        cookies = {}
        for p in info["players"]:
            cookies[p["seat"]] = (a if p["user_id"] == a_id else b).cookies["donjon_session"]
        return gid, cookies


class Closed(Exception):
    """The socket is gone (server killed, closed...)."""


@dataclass
class Ack:
    v: int
    kind: str
    data: dict[str, Any]


@dataclass
class WsPlayer:
    """A game socket that survives its server: ``connect(url)`` again to resume with the last
    version seen. ``acks`` lists every intent the server acknowledged (its version, kind, data)."""

    game_id: str
    cookie: str | None  # None: a spectator
    keep_frames: bool = False
    v: int | None = None
    seat: int | None = None
    view: dict[str, Any] = field(default_factory=dict)
    legal: list[Any] = field(default_factory=list)
    game: dict[str, Any] = field(default_factory=dict)
    frames: list[dict[str, Any]] = field(default_factory=list)
    acks: list[Ack] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    ws: Any = None
    node: str = ""
    _id: int = 0
    _sent: dict[int, tuple[str, dict[str, Any]]] = field(default_factory=dict)

    async def connect(self, ws_base: str, timeout: float = 30.0) -> list[dict[str, Any]]:
        """Open the socket on ``ws_base`` (``ws://host:port``) and say hello with the last
        version seen; returns the welcome and the catch-up frames."""
        await self.close()
        headers = {"Cookie": f"donjon_session={self.cookie}"} if self.cookie else {}
        try:
            self.ws = await websockets.connect(f"{ws_base}/ws/game/{self.game_id}", additional_headers=headers,
                                               max_size=2**22, open_timeout=timeout)
        except (TimeoutError, OSError, websockets.exceptions.WebSocketException) as e:
            raise Closed(str(e)) from e
        self.node = ws_base
        self._sent.clear()  # intents of the previous socket: their fate is in the catch-up
        await self.send({"t": "hello", "v": self.v})
        welcome = await self.recv(timeout)
        assert welcome["t"] == "welcome", welcome
        got = [welcome]
        while self.v != welcome["v"]:
            got.append(await self.recv(timeout))
        return got

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
            self.ws = None

    async def send(self, msg: dict[str, Any]) -> int:
        if msg["t"] != "hello":
            self._id += 1
            msg = {"id": self._id, **msg}
            self._sent[self._id] = (msg["t"], msg)
        try:
            await self.ws.send(json.dumps(msg))
        except (OSError, websockets.exceptions.WebSocketException) as e:
            raise Closed(str(e)) from e
        return self._id

    async def recv(self, timeout: float = 30.0) -> dict[str, Any]:
        if self.ws is None:
            raise Closed("not connected")
        try:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
        except TimeoutError:  # (an OSError too): nothing came, the socket is still open
            raise
        except (OSError, websockets.exceptions.WebSocketException) as e:
            raise Closed(str(e)) from e
        f: dict[str, Any] = json.loads(raw)
        if self.keep_frames:
            self.frames.append(f)
        self.absorb(f)
        return f

    def absorb(self, f: dict[str, Any]) -> None:
        t = f["t"]
        if t in ("sync", "event"):
            self.v, self.view, self.legal, self.game, self.seat = f["v"], f["view"], f["legal"], f["game"], f["seat"]
        elif t == "welcome":
            self.game, self.seat = f["game"], f["seat"]
        elif t == "presence":
            self.game = f["game"]
        elif t == "ack":
            sent = self._sent.pop(f["id"], None)
            if sent is not None:
                kind, msg = sent
                if kind == "act":
                    self.acks.append(Ack(f["v"], "play", {"action": msg["action"]}))
                else:
                    self.acks.append(Ack(f["v"], kind, {k: v for k, v in msg.items() if k in ("op",)}))
        elif t == "error":
            if f.get("id") is not None:
                self._sent.pop(f["id"], None)
            self.errors[f["code"]] = self.errors.get(f["code"], 0) + 1

    async def request(self, t: str, timeout: float = 30.0, **kw: Any) -> dict[str, Any]:
        """Send an intent; returns its ack or error (other frames are absorbed meanwhile)."""
        mid = await self.send({"t": t, **kw})
        while True:
            f = await self.recv(timeout)
            if f["t"] in ("ack", "error") and f.get("id") == mid:
                return f

    async def act(self, action: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        return await self.request("act", timeout, v=self.v, action=action)

    async def wait_version(self, v: int, timeout: float = 30.0) -> None:
        while self.v is None or self.v < v:
            await self.recv(timeout)

    @property
    def active(self) -> bool:
        return self.game.get("status") == "active"


async def wait_all(players: list[WsPlayer], timeout: float = 30.0) -> None:
    """Every socket has seen the highest version any of them has seen."""
    top = max(p.v or 0 for p in players)
    await asyncio.gather(*(p.wait_version(top, timeout) for p in players))


@contextlib.asynccontextmanager
async def closing(players: list[WsPlayer]) -> AsyncIterator[list[WsPlayer]]:
    try:
        yield players
    finally:
        for p in players:
            await p.close()
