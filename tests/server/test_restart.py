"""The real server in a subprocess: play over WebSockets, kill -9, start again, reconnect —
the game goes on and no acknowledged move is lost."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int, log: Path, via_cli: bool = False) -> subprocess.Popen[bytes]:
    """``python -m donjon.server``, or ``donjon serve`` run from the database's folder with
    the default database file and the port from the environment."""
    env = {**os.environ, "DONJON_BOT_EXECUTOR": "thread", "DONJON_TIMER_INTERVAL": "0.2"}
    out = open(log, "ab")  # noqa: SIM115 - closed with the process
    if via_cli:
        assert db.name == "donjon.sqlite3"
        env["DONJON_PORT"] = str(port)
        cmd = [sys.executable, "-c", "import sys; from donjon.cli import main; sys.exit(main())", "serve",
               "--log-level", "warning"]
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=db.parent)
    else:
        proc = subprocess.Popen(
            [sys.executable, "-m", "donjon.server", "--port", str(port), "--database-url", f"sqlite:///{db}",
             "--log-level", "warning"],
            stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.time() + 30
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1, verify=False).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


class Sock:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.v: int | None = None
        self.legal: list[Any] = []
        self.view: dict[str, Any] = {}
        self.n = 0

    @classmethod
    async def open(cls, port: int, gid: str, cookie: str, v: int | None = None) -> Sock:
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/game/{gid}",
                                      additional_headers={"Cookie": f"donjon_session={cookie}"})
        s = cls(ws)
        await ws.send(json.dumps({"t": "hello", "v": v}))
        s.v = v
        welcome = await s.recv()
        assert welcome["t"] == "welcome"
        while s.v != welcome["v"]:
            await s.recv()
        return s

    async def recv(self) -> dict[str, Any]:
        f = json.loads(await asyncio.wait_for(self.ws.recv(), 10))
        if f["t"] in ("sync", "event"):
            self.v, self.legal, self.view = f["v"], f["legal"], f["view"]
        return f  # type: ignore[no-any-return]

    async def act(self, uci: str) -> dict[str, Any]:
        self.n += 1
        await self.ws.send(json.dumps({"t": "act", "id": self.n, "v": self.v,
                                       "action": {"type": "move", "uci": uci}}))
        while True:
            f = await self.recv()
            if f.get("id") == self.n and f["t"] in ("ack", "error"):
                return f

    async def wait(self, v: int) -> None:
        while self.v is None or self.v < v:
            await self.recv()


async def test_kill_dash_nine_and_restart(tmp_path: Path) -> None:
    db, log, port = tmp_path / "donjon.sqlite3", tmp_path / "server.log", free_port()
    proc = start_server(db, port, log, via_cli=True)  # `donjon serve`: ./donjon.sqlite3, WAL
    try:
        base = f"http://127.0.0.1:{port}"
        cookies = {}
        with httpx.Client(base_url=base, verify=False) as a, httpx.Client(base_url=base, verify=False) as b:
            for c, name in ((a, "alice"), (b, "bobby")):
                assert c.post("/api/register", json={"username": name, "password": "correct horse"}).status_code == 200
            tid = a.post("/api/tables", json={"color": "white"}).json()["table"]["id"]
            gid = b.post(f"/api/tables/{tid}/join").json()["table"]["game_id"]
            cookies = {0: a.cookies["donjon_session"], 1: b.cookies["donjon_session"]}
        w = await Sock.open(port, gid, cookies[0])
        k = await Sock.open(port, gid, cookies[1])
        acked: list[int] = []
        for mw, mb in (("e2e4", "e7e5"), ("g1f3", "b8c6"), ("f1c4", "g8f6")):
            ack = await w.act(mw)
            assert ack["t"] == "ack"
            acked.append(ack["v"])
            await k.wait(ack["v"])
            ack = await k.act(mb)
            assert ack["t"] == "ack"
            acked.append(ack["v"])
            await w.wait(ack["v"])
        ack = await w.act("d2d3")  # killed right after this ack
        acked.append(ack["v"])
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        last_w, last_k = w.v, k.v
        with pytest.raises(Exception):  # noqa: B017 - the socket is gone, whatever the error
            for _ in range(10):
                await k.recv()

        assert db.exists() and (tmp_path / "donjon.sqlite3-wal").exists()
        proc = start_server(db, port, log)  # `python -m donjon.server` on the same file
        w2 = await Sock.open(port, gid, cookies[0], v=last_w)
        k2 = await Sock.open(port, gid, cookies[1], v=last_k)
        assert w2.v == k2.v == max(acked) == 7
        fen = k2.view["fen"]
        assert fen.startswith("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b")
        ack = await k2.act("f8c5")
        assert ack["t"] == "ack" and ack["v"] == 8
        await w2.wait(8)
        assert any(x == {"type": "move", "uci": "e1g1"} for x in w2.legal)
        for s in (w, k, w2, k2):
            await s.ws.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
