"""Every acknowledged action is in the log before its ack; a new process rebuilds every game."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from donjon.server import create_app
from tests.server.conftest import OPEN, Player, Site, fast_settings


def _close_players() -> None:
    while OPEN:
        OPEN.pop().close()


def test_restart_in_process_rebuilds_by_replay(tmp_path: Path) -> None:
    db = tmp_path / "d.sqlite3"
    app = create_app(fast_settings(db))
    with TestClient(app) as main:
        site = Site(app, main, db)
        a, b = site.user("alice"), site.user("bobby")
        gid, seats = site.game_pair(a, b, color="white", stake=10)
        w, k = Player(seats[0], gid), Player(seats[1], gid)
        w.hello()
        k.hello()
        for mw, mb in (("e2e4", "e7e5"), ("g1f3", "b8c6")):
            ack = w.act({"type": "move", "uci": mw})
            # committed before the ack reached us
            assert site.sql("select max(seq) from game_actions where game_id=?", gid)[0][0] >= ack["v"]
            k.wait_version(ack["v"])
            k.act({"type": "move", "uci": mb})
            w.wait_version(k.v)  # type: ignore[arg-type]
        assert w.request("draw", op="offer")["t"] == "ack"
        k.wait_version(w.v)  # type: ignore[arg-type]
        view_w, view_k, v = w.view, k.view, w.v
        rows = site.sql("select seq, kind from game_actions where game_id=? order by seq", gid)
        assert rows == [(1, "play"), (2, "play"), (3, "play"), (4, "play"), (5, "draw")]
        tokens = {s: c.cookies.get("donjon_session") for s, c in seats.items()}
        _close_players()

    # a new server on the same database file
    app2 = create_app(fast_settings(db))
    with TestClient(app2) as main2:
        site2 = Site(app2, main2, db)
        w2c, k2c = site2.client(), site2.client()
        w2c.cookies.set("donjon_session", tokens[0] or "")
        k2c.cookies.set("donjon_session", tokens[1] or "")
        w2, k2 = Player(w2c, gid), Player(k2c, gid)
        w2.hello(v=v)
        assert w2.v == v
        k2.hello()
        assert k2.view == view_k and k2.game["draw_offer"] == 0
        w2.close()
        w3 = Player(w2c, gid)
        w3.hello()
        assert w3.view == view_w
        assert w3.act({"type": "move", "uci": "f1c4"})["t"] == "ack"
        assert w3.game["draw_offer"] == 0
        assert k2.request("draw", op="accept")["t"] == "ack"
        w3.wait_version(k2.v)  # type: ignore[arg-type]
        assert w3.game["outcome"]["reason"] == "agreement"
        # the stakes came back
        assert w2c.get("/api/me").json()["user"]["balance"] == 500
        _close_players()
