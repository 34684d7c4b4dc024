"""The same code path on PostgreSQL (asyncpg), on a database of the test's own (the
``pg_url`` fixture). Opt-in: set DONJON_TEST_POSTGRES_URL to a server's database, e.g.
``postgresql+asyncpg://postgres@127.0.0.1/test``."""

from __future__ import annotations

import warnings
from pathlib import Path

from donjon.server import create_app
from tests.server.conftest import OPEN, Player, Site, fast_settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def test_postgres_game_and_restart(tmp_path: Path, pg_url: str) -> None:
    """A game played on PostgreSQL survives a restart of the server: the second app
    resumes it from the database and settles it."""
    app = create_app(fast_settings(tmp_path / "unused.sqlite3", database_url=pg_url))
    with TestClient(app) as main:
        site = Site(app, main, tmp_path / "unused.sqlite3")
        a, b = site.user("alice"), site.user("bobby")
        gid, seats = site.game_pair(a, b, color="white", stake=50, mode="ranked")
        w, k = Player(seats[0], gid), Player(seats[1], gid)
        w.hello()
        k.hello()
        assert w.act({"type": "move", "uci": "e2e4"})["t"] == "ack"
        k.wait_version(1)
        assert k.act({"type": "move", "uci": "e7e5"})["t"] == "ack"
        w.wait_version(2)
        err = w.act({"type": "move", "uci": "e4e5"})
        assert err["t"] == "error" and err["code"] == "illegal"
        cookies = {s: c.cookies.get("donjon_session") for s, c in seats.items()}
        while OPEN:
            OPEN.pop().close()
    app2 = create_app(fast_settings(tmp_path / "unused.sqlite3", database_url=pg_url))
    with TestClient(app2) as main2:
        site2 = Site(app2, main2, tmp_path / "unused.sqlite3")
        c0, c1 = site2.client(), site2.client()
        c0.cookies.set("donjon_session", cookies[0] or "")
        c1.cookies.set("donjon_session", cookies[1] or "")
        w2, k2 = Player(c0, gid), Player(c1, gid)
        w2.hello()
        k2.hello()
        assert w2.v == 2 and w2.view["fen"] == k2.view["fen"]
        assert k2.request("resign")["t"] == "ack"
        w2.wait_version(3)
        assert c0.get("/api/me").json()["user"]["balance"] == 550
        assert c1.get("/api/me").json()["user"]["balance"] == 450
        while OPEN:
            OPEN.pop().close()
