"""Graceful shutdown: in-flight commits finish and are acknowledged, then every socket gets
``{"t": "bye"}`` and close code 1012; a real ``donjon serve`` does it on SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from donjon.server import ws as ws_module
from tests.browser.site_server import free_port
from tests.server.conftest import Player, Site, recv


def test_drain_waits_for_inflight_commit_then_says_bye(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    gid, by_seat = site.game_pair(site.user("alice"), site.user("bob"))
    white, black = Player(by_seat[0], gid), Player(by_seat[1], gid)
    white.hello()
    black.hello()
    log = site.app.state.db.log
    real_append = log.append
    gate: dict[str, Any] = {}

    async def held_append(*args: Any, **kw: Any) -> None:
        gate["entered"] = True
        await gate["release"].wait()
        await real_append(*args, **kw)

    async def make_event() -> None:
        gate["release"] = asyncio.Event()

    site.main.portal.call(make_event)
    monkeypatch.setattr(log, "append", held_append)
    mid = white.send({"t": "act", "v": 0, "action": {"type": "move", "uci": "e2e4"}})
    deadline = time.monotonic() + 10
    while not gate.get("entered"):
        assert time.monotonic() < deadline, "the move never reached the commit"
        time.sleep(0.01)

    drained = site.main.portal.start_task_soon(ws_module.drain, site.app, 10.0)
    time.sleep(0.3)
    assert not drained.done(), "drain must wait for the commit in flight"
    # meanwhile: new intents are refused, a new socket is sent away
    err = black.request("resign")
    assert err["t"] == "error" and err["code"] == "restarting"
    with site.client().websocket_connect(f"/ws/game/{gid}") as late:
        assert recv(late)["t"] == "bye"
        with pytest.raises(WebSocketDisconnect) as e:
            recv(late)
        assert e.value.code == 1012

    site.main.portal.call(_set, gate["release"])
    drained.result(timeout=10)
    frames = []
    with pytest.raises(WebSocketDisconnect) as e:
        while True:
            frames.append(white.recv())
    assert e.value.code == 1012
    kinds = [f["t"] for f in frames]
    assert kinds[:2] == ["ack", "event"] and frames[0]["id"] == mid and frames[0]["v"] == 1, frames
    assert kinds[-1] == "bye" and frames[-1]["code"] == "restarting"
    with pytest.raises(WebSocketDisconnect) as e:
        while True:
            black.recv()
    assert e.value.code == 1012
    assert site.sql("select seq, kind from game_actions where game_id=?", gid) == [(1, "play")]
    for p in (white, black):
        with contextlib.suppress(Exception):
            p.close()


async def _set(ev: asyncio.Event) -> None:
    ev.set()


def _wait_up(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/healthz", timeout=1, verify=False).status_code == 200:
                return
        time.sleep(0.1)
    raise AssertionError(f"server did not start:\n{log.read_text()}")


@pytest.mark.slow
def test_sigterm_on_a_real_server(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DONJON_")}
    env.update({"DONJON_LOG_FORMAT": "json", "DONJON_NODE_ID": "node-t", "DONJON_WS_MAX_MESSAGE": "4096"})
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "donjon.server", "--port", str(port), "--database-url",
             f"sqlite:///{tmp_path / 'db.sqlite3'}", "--log-level", "info"],
            stdout=out, stderr=subprocess.STDOUT, env=env, cwd=tmp_path)
    try:
        _wait_up(url, proc, log)
        a, b = httpx.Client(base_url=url, verify=False), httpx.Client(base_url=url, verify=False)
        a.post("/api/guest").raise_for_status()
        b.post("/api/guest").raise_for_status()
        tid = a.post("/api/tables", json={"opponent": "anyone"}).json()["table"]["id"]
        gid = b.post(f"/api/tables/{tid}/join").json()["table"]["game_id"]
        ws_url = f"ws://127.0.0.1:{port}/ws/game/{gid}"

        def sock(client: httpx.Client) -> Any:
            return connect(ws_url, additional_headers={"Cookie": f"donjon_session={client.cookies['donjon_session']}"})

        # a message far above the limit is not even read: the socket layer closes with 1009
        with sock(a) as big:
            big.send(json.dumps({"t": "hello", "v": None}))
            assert json.loads(big.recv(10))["t"] == "welcome"
            big.send('{"t": "ping", "pad": "' + "x" * 70_000 + '"}')
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    big.recv(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        with sock(a) as bad:  # a text frame that is not UTF-8: closed 1007 by the socket layer
            bad.send(b'{"t": "ping", "id": "\xff\xfe"}', text=True)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    bad.recv(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007

        with sock(a) as s:
            s.send(json.dumps({"t": "hello", "v": None}))
            assert json.loads(s.recv(10))["t"] == "welcome"
            proc.send_signal(signal.SIGTERM)
            frames = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    frames.append(json.loads(s.recv(10)))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
            assert frames and frames[-1]["t"] == "bye", frames
        # uvicorn re-raises the signal once shut down: the exit status says "ended by SIGTERM"
        assert proc.wait(15) in (0, -signal.SIGTERM)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    msgs = [x["msg"] for x in lines]
    assert any(m.startswith("donjon ready") for m in msgs), msgs
    assert any(m.startswith("draining: 1 socket") for m in msgs), msgs
    assert msgs.index("drained: 1 socket(s) told to reconnect") < msgs.index("donjon stopping (node node-t)"), msgs
    # (uvicorn logs the client's invalid UTF-8 as an error of its own)
    assert not [x for x in lines if x["level"] == "error" and "UTF-8" not in x["msg"]], lines
    assert all(x["node"] == "node-t" and x["level"] and x["logger"] and x["ts"].endswith("Z") for x in lines)
