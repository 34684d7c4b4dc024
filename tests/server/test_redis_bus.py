"""Scale-out: two server processes (apps) share the database and a Redis bus; a player on
node A and a player on node B play the same game."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from donjon.server import create_app
from tests.server.conftest import OPEN, Player, Site, fast_settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def redis_url() -> Iterator[str]:
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.skip("redis-server is not installed")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([exe, "--port", str(port), "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}/0"
    proc.terminate()
    proc.wait(10)


def test_two_nodes_one_game(tmp_path: Path, redis_url: str) -> None:
    db = tmp_path / "shared.sqlite3"
    app_a = create_app(fast_settings(db, redis_url=redis_url, node_id="A"))
    app_b = create_app(fast_settings(db, redis_url=redis_url, node_id="B"))
    with TestClient(app_a) as main_a, TestClient(app_b) as main_b:
        a, b = Site(app_a, main_a, db), Site(app_b, main_b, db)
        alice = a.user("alice")
        bob = b.user("bobby")
        # the lobby of node B hears about a table opened on node A
        with bob.websocket_connect("/ws/lobby") as lobby_b:
            from tests.server.conftest import recv, recv_until

            assert recv(lobby_b)["tables"] == []
            tid = alice.post("/api/tables", json={"color": "white"}).json()["table"]["id"]
            f, _ = recv_until(lobby_b, lambda f: f["t"] == "tables" and bool(f["tables"]))
            assert f["tables"][0]["id"] == tid
        gid = bob.post(f"/api/tables/{tid}/join").json()["table"]["game_id"]
        w, k = Player(alice, gid), Player(bob, gid)  # white on node A, black on node B
        w.hello()
        k.hello()
        for mw, mb in (("e2e4", "e7e5"), ("g1f3", "b8c6")):
            assert w.act({"type": "move", "uci": mw})["t"] == "ack"
            k.wait_version(w.v)  # type: ignore[arg-type]  # delivered through Redis + the log
            assert k.act({"type": "move", "uci": mb})["t"] == "ack"
            w.wait_version(k.v)  # type: ignore[arg-type]
        assert w.view["fen"] == k.view["fen"]
        assert w.view["fen"].startswith("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w")
        assert w.game["players"][1]["online"] and k.game["players"][0]["online"]
        # both nodes refuse a stale intent the same way
        err = w.act({"type": "move", "uci": "f1c4"}, v=1)
        assert err["code"] == "stale"
        # a chat line said on node A reaches the player on node B, once
        assert w.request("chat", text="well played")["t"] == "ack"
        f = k.recv()
        assert f["t"] == "chat" and [line["text"] for line in f["lines"]] == ["well played"]
        assert [line["text"] for x in w.frames if x["t"] == "chat" for line in x["lines"]] == ["well played"]
        # the spectators of both nodes are counted on both
        from tests.server.test_crowd import watching

        watcher_b = Player(b.client(), gid)
        watcher_b.hello()
        watching(w, 1)
        watcher_a = Player(a.client(), gid)
        watcher_a.hello()
        watching(k, 2)
        watching(w, 2)
        watcher_b.close()
        watching(w, 1)
        watching(k, 1)
        while OPEN:
            OPEN.pop().close()
