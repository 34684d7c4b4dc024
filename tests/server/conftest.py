"""Fixtures for the server tests: one temp SQLite file per test, one app, several clients.

All clients share the first client's event loop (the TestClient portal), each with its own
cookie jar, so two players and a spectator can talk to the same app.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import shutil
import sqlite3
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketTestSession

from donjon.server import Settings, create_app
from donjon.store.db import run_migrations
from tests.cheap_hashes import CHEAP_HASHES


def fast_settings(db: Path, **kw: Any) -> Settings:
    base: dict[str, Any] = dict(
        database_url=f"sqlite:///{db}", absence_claim=30.0, absence_forfeit=120.0, bot_abandon=600.0,
        timer_interval=0.05, bot_min_delay=0.0, bot_time_budget=10.0, bot_workers=1, node_id="test",
        sqlite_synchronous="NORMAL", **CHEAP_HASHES,
    )
    base.update(kw)
    return Settings(**base)


class Site:
    """An app under test with helpers to make players."""

    def __init__(self, app: Any, main: TestClient, db: Path) -> None:
        self.app = app
        self.main = main
        self.db = db

    def set_clock(self, claim: float, forfeit: float) -> None:
        """From now on an absence clock allows ``claim`` s before a claim and ``forfeit`` s before
        the forfeit. Tests start their games with the defaults and shorten the clock once every
        player is connected: a short clock from the start would also run out for a player a
        loaded machine is slow to connect (the lobby starts every seat's clock at creation)."""
        hub = self.app.state.hub
        hub.settings = dataclasses.replace(hub.settings, absence_claim=claim, absence_forfeit=forfeit)

    def client(self) -> TestClient:
        c = TestClient(self.app, base_url="http://testserver")
        c.portal = self.main.portal
        return c

    def user(self, name: str, password: str = "correct horse") -> TestClient:
        c = self.client()
        r = c.post("/api/register", json={"username": name, "password": password})
        assert r.status_code == 200, r.text
        return c

    def guest(self) -> TestClient:
        c = self.client()
        r = c.post("/api/guest")
        assert r.status_code == 200, r.text
        return c

    def sql(self, query: str, *args: Any) -> list[tuple[Any, ...]]:
        con = sqlite3.connect(self.db)
        try:
            return con.execute(query, args).fetchall()
        finally:
            con.close()

    def execute(self, query: str, *args: Any) -> None:
        con = sqlite3.connect(self.db)
        try:
            con.execute(query, args)
            con.commit()
        finally:
            con.close()

    def game_pair(self, a: TestClient, b: TestClient, **table: Any) -> tuple[str, dict[int, TestClient]]:
        """``a`` opens a public table, ``b`` joins; returns the game id and the clients by seat."""
        body = {"opponent": "anyone", **table}
        r = a.post("/api/tables", json=body)
        assert r.status_code == 200, r.text
        tid = r.json()["table"]["id"]
        r = b.post(f"/api/tables/{tid}/join")
        assert r.status_code == 200, r.text
        gid = r.json()["table"]["game_id"]
        info = a.get(f"/api/games/{gid}").json()["game"]
        ids = {p["seat"]: p["user_id"] for p in info["players"]}
        a_id = a.get("/api/me").json()["user"]["id"]
        by_seat = {s: (a if uid == a_id else b) for s, uid in ids.items()}
        return gid, by_seat


def play(w: Player, k: Player, *pairs: tuple[str, str]) -> None:
    """White ``w`` and Black ``k`` play ``pairs`` of UnfairChess moves (UCI; Black's "" for
    none), each acknowledged and seen by the other before the next."""
    for mw, mb in pairs:
        assert w.act({"type": "move", "uci": mw})["t"] == "ack"
        k.wait_version(w.v)  # type: ignore[arg-type]
        if mb:
            assert k.act({"type": "move", "uci": mb})["t"] == "ack"
            w.wait_version(k.v)  # type: ignore[arg-type]


def recv(ws: WebSocketTestSession, timeout: float = 10.0) -> dict[str, Any]:
    """The next frame, or fail after ``timeout`` seconds."""

    async def _get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    msg = ws.portal.call(_get)
    ws._raise_on_close(msg)
    return json.loads(msg["text"])  # type: ignore[no-any-return]


def recv_until(ws: WebSocketTestSession, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0,
               limit: int = 200) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    seen = []
    for _ in range(limit):
        f = recv(ws, timeout)
        seen.append(f)
        if pred(f):
            return f, seen
    raise AssertionError(f"no matching frame among {len(seen)}")


def no_frame(ws: WebSocketTestSession, wait: float = 0.2) -> bool:
    """True if nothing but presence frames arrives within ``wait`` seconds."""
    while True:
        try:
            f = recv(ws, wait)
        except TimeoutError:
            return True
        if f["t"] != "presence":
            raise AssertionError(f"unexpected frame {f}")


OPEN: list[Any] = []


class Player:
    """A connected game socket with the last state it was told (``query``: on its URL, e.g.
    ``?lang=es``; ``headers``: of its handshake)."""

    def __init__(self, client: TestClient, game_id: str, query: str = "",
                 headers: dict[str, str] | None = None) -> None:
        OPEN.append(self)
        self.closed = False
        self.client = client
        self.game_id = game_id
        self.cm = client.websocket_connect(f"/ws/game/{game_id}{query}", headers=dict(headers or {}))
        self.ws = self.cm.__enter__()
        self.v: int | None = None
        self.view: dict[str, Any] = {}
        self.legal: list[Any] = []
        self.game: dict[str, Any] = {}
        self.seat: int | None = None
        self.frames: list[dict[str, Any]] = []
        self._id = 0

    def hello(self, v: int | None = None, legal: str | None = None) -> list[dict[str, Any]]:
        """Say hello as a client at version ``v`` (``legal="lazy"``: ask for the brief legal
        list); returns the welcome and catch-up frames."""
        self.ws.send_json({"t": "hello", "v": v} if legal is None else {"t": "hello", "v": v, "legal": legal})
        welcome = self.recv()
        assert welcome["t"] == "welcome", welcome
        self.seat = welcome["seat"]
        self.v = v
        got = [welcome]
        while self.v != welcome["v"]:
            got.append(self.recv())
        return got

    def recv(self, timeout: float = 10.0, presence: bool = False) -> dict[str, Any]:
        """The next frame (presence frames are absorbed and skipped unless ``presence``)."""
        while True:
            f = recv(self.ws, timeout)
            self.frames.append(f)
            self.absorb(f)
            if presence or f["t"] != "presence":
                return f

    def absorb(self, f: dict[str, Any]) -> None:
        if f["t"] in ("sync", "event"):
            self.v = f["v"]
            self.view = f["view"]
            self.legal = f["legal"]
            self.game = f["game"]
        elif f["t"] in ("presence", "welcome"):
            self.game = f["game"]

    def send(self, msg: dict[str, Any]) -> int:
        self._id += 1
        msg = {"id": self._id, **msg}
        self.ws.send_json(msg)
        return self._id

    def request(self, t: str, **kw: Any) -> dict[str, Any]:
        """Send an intent and return its ack or error (later frames are absorbed)."""
        mid = self.send({"t": t, **kw})
        while True:
            f = self.recv()
            if f["t"] in ("ack", "error") and f.get("id") == mid:
                if f["t"] == "ack" and "v" in f:  # a chat line's ack has no version
                    self.wait_version(f["v"])
                return f

    def act(self, action: dict[str, Any], v: int | None = None) -> dict[str, Any]:
        return self.request("act", v=self.v if v is None else v, action=action)

    def wait_version(self, v: int, timeout: float = 10.0) -> None:
        while self.v is None or self.v < v:
            self.recv(timeout)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.cm.__exit__(None, None, None)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file at the newest schema revision, made once per test process: a site's
    database starts as a copy of it (the app's own migration then finds nothing to do)
    instead of running every migration again (~0.15 s a site). An app migrating an empty
    file at its start is still what every test of a server of its own does (the browser and
    scale tests, ``test_migrations_match_the_models``)."""
    path = tmp_path_factory.mktemp("template") / "migrated.sqlite3"
    anyio.run(run_migrations, f"sqlite:///{path}")
    return path


@pytest.fixture
def site_factory(tmp_path: Path, migrated_sqlite: Path) -> Iterator[Callable[..., Site]]:
    made: list[TestClient] = []

    def make(**kw: Any) -> Site:
        db = tmp_path / f"donjon{len(made)}.sqlite3"
        if "database_url" not in kw:
            shutil.copyfile(migrated_sqlite, db)
        app = create_app(fast_settings(db, **kw))
        main = TestClient(app, base_url="http://testserver")
        main.__enter__()
        made.append(main)
        return Site(app, main, db)

    yield make
    while OPEN:
        p = OPEN.pop()
        with contextlib.suppress(Exception):
            p.close()
    for c in made:
        c.__exit__(None, None, None)


@pytest.fixture
def site(site_factory: Callable[..., Site]) -> Site:
    return site_factory()


@pytest.fixture
def duel(site: Site) -> tuple[Site, str, Player, Player]:
    """An UnfairChess game of alice (White) and bobby, both sockets said hello."""
    return duel_on(site)


def duel_on(site: Site, **table: Any) -> tuple[Site, str, Player, Player]:
    """:func:`duel` on ``site`` (one made with its own settings; ``table``: more of the
    table's fields, ``mode="ranked"``...). Each player's client is its ``client``."""
    a, b = site.user("alice"), site.user("bobby")
    gid, by_seat = site.game_pair(a, b, color="white", **table)
    white, black = Player(by_seat[0], gid), Player(by_seat[1], gid)
    white.hello()
    black.hello()
    return site, gid, white, black


@pytest.fixture()
def pg_url() -> Iterator[str]:
    """A new empty PostgreSQL database of this test's own (tests run in parallel), dropped
    after; skipped unless ``DONJON_TEST_POSTGRES_URL`` names the server."""
    base = os.environ.get("DONJON_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("set DONJON_TEST_POSTGRES_URL to run against PostgreSQL")
    from tests.scale.harness import pg_database

    with pg_database(base) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def new_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], str]]:
    """A maker of new empty databases, each call another: SQLite files, then (a second run of
    the test) databases on the PostgreSQL server, the first of them ``pg_url``'s, dropped
    after (skipped without one)."""
    first = request.getfixturevalue("pg_url") if request.param == "postgresql" else None  # skips without a server
    from tests.scale.harness import pg_database

    with contextlib.ExitStack() as stack:
        made: list[str] = []

        def make() -> str:
            if request.param == "sqlite":
                made.append(f"sqlite:///{tmp_path / f'db{len(made)}.sqlite3'}")
            else:
                made.append(first if not made and first else
                            stack.enter_context(pg_database(os.environ["DONJON_TEST_POSTGRES_URL"])))
            return made[-1]

        yield make
