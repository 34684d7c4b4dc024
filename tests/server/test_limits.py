"""Abuse limits: per-socket message rate, failed logins, registrations, message and body
size, and the Origin check on WebSocket upgrades (docs/server.md "Limits")."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from donjon.server import auth
from tests.server.conftest import Player, Site, no_frame, recv


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def clocked(site: Site) -> FakeClock:
    clock = FakeClock()
    site.app.state.limits.clock = clock
    return clock


def client_from(site: Site, ip: str) -> TestClient:
    c = TestClient(site.app, base_url="http://testserver", client=(ip, 50000))
    c.portal = site.main.portal
    return c


def duel(site: Site) -> tuple[str, Player, Player]:
    gid, by_seat = site.game_pair(site.user("alice"), site.user("bob"))
    white, black = Player(by_seat[0], gid), Player(by_seat[1], gid)
    white.hello()
    black.hello()
    return gid, white, black


def log_of(site: Site, gid: str) -> list[tuple[Any, ...]]:
    return site.sql("select seq, kind, seat from game_actions where game_id=? order by seq", gid)


# --------------------------------------------------------------------------- socket rate


def test_101st_message_in_window_is_dropped_then_socket_works(site: Site) -> None:
    clock = clocked(site)
    gid, white, black = duel(site)  # hello was message 1
    for i in range(99):  # messages 2..100
        white.ws.send_json({"t": "ping", "id": 1000 + i})
    for i in range(99):
        assert white.recv() == {"t": "pong", "id": 1000 + i}
    before = log_of(site, gid)
    err = white.act({"type": "move", "uci": "e2e4"})  # message 101
    assert err["t"] == "error" and err["code"] == "rate_limited", err
    assert "at most 100 per 20 s" in err["reason"] and err["retry_after"] > 0
    assert log_of(site, gid) == before
    no_frame(black.ws)
    clock.t += 19.0  # still within the window of the first messages
    white.ws.send_json({"t": "ping", "id": 5})
    assert white.recv()["code"] == "rate_limited"
    clock.t += 1.5  # the window has slid past them
    ack = white.act({"type": "move", "uci": "e2e4"})
    assert ack["t"] == "ack" and ack["v"] == len(before) + 1
    assert len(log_of(site, gid)) == len(before) + 1
    text = site.app.state.metrics.registry.get_sample_value("donjon_rate_limited_total", {"scope": "ws"})
    assert text == 2


def test_sustained_flooding_closes_the_socket(site_factory: Callable[..., Site]) -> None:
    site = site_factory(ws_rate_limit=5, ws_rate_close=3)
    clocked(site)
    gid, white, black = duel(site)
    for i in range(4):
        white.ws.send_json({"t": "ping", "id": i})
        assert white.recv() == {"t": "pong", "id": i}
    for _ in range(2):
        white.ws.send_json({"t": "ping"})
        assert white.recv()["code"] == "rate_limited"
    white.ws.send_json({"t": "ping"})  # the third refused message in the window
    with pytest.raises(WebSocketDisconnect) as e:
        white.recv()
    assert e.value.code == 1008
    with contextlib.suppress(Exception):
        white.close()
    assert site.app.state.metrics.registry.get_sample_value("donjon_ws_closed_for_abuse_total") == 1
    # the player may come back
    again = Player(white.client, gid)
    again.hello()
    assert again.act({"type": "move", "uci": "e2e4"})["t"] == "ack"


def test_lobby_socket_is_rate_limited(site_factory: Callable[..., Site]) -> None:
    site = site_factory(ws_rate_limit=3)
    clock = clocked(site)
    c = site.client()
    with c.websocket_connect("/ws/lobby") as ws:
        assert recv(ws)["t"] == "tables"
        for i in range(3):
            ws.send_json({"t": "ping", "id": i})
            assert recv(ws) == {"t": "pong", "id": i}
        ws.send_json({"t": "ping", "id": 9})
        assert recv(ws)["code"] == "rate_limited"
        clock.t += 21
        ws.send_json({"t": "ping", "id": 10})
        assert recv(ws) == {"t": "pong", "id": 10}


# --------------------------------------------------------------------------- sizes and frames


def test_oversized_and_binary_messages_are_refused(site_factory: Callable[..., Site]) -> None:
    site = site_factory(ws_max_message=1000)
    gid, white, black = duel(site)
    before = log_of(site, gid)
    big = '{"t": "act", "id": 3, "v": 0, "action": {"type": "move", "uci": "e2e4", "pad": "' + "x" * 1000 + '"}}'
    white.ws.send_text(big)
    err = white.recv()
    assert err["t"] == "error" and err["code"] == "bad_request" and "at most 1000" in err["reason"]
    white.ws.send_bytes(b'{"t": "ping", "id": 4}')
    err = white.recv()
    assert err["code"] == "bad_request" and "binary" in err["reason"]
    assert log_of(site, gid) == before
    no_frame(black.ws)
    assert white.act({"type": "move", "uci": "e2e4"})["t"] == "ack"
    with site.client().websocket_connect("/ws/lobby") as ws:
        assert recv(ws)["t"] == "tables"
        ws.send_text('{"t": "ping", "pad": "' + "y" * 1000 + '"}')
        assert "at most 1000" in recv(ws)["reason"]
        ws.send_bytes(b"\x00\xff")
        assert "binary" in recv(ws)["reason"]
        ws.send_json({"t": "ping", "id": 1})
        assert recv(ws) == {"t": "pong", "id": 1}


def test_http_body_limit(site_factory: Callable[..., Site]) -> None:
    site = site_factory(max_body=2000)
    c = site.client()
    r = c.post("/api/login", json={"username": "alice", "password": "x" * 5000})
    assert r.status_code == 413 and r.json()["code"] == "too_large"

    def chunks() -> Any:  # no Content-Length: the limit applies as the body streams in
        for _ in range(10):
            yield b"x" * 500

    r = c.post("/api/login", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413, r.text
    r = c.post("/api/register", json={"username": "alice", "password": "correct horse"})
    assert r.status_code == 200


# --------------------------------------------------------------------------- logins


@pytest.fixture
def counted_verify(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    real = auth.verify_password

    async def verify(hasher: Any, hashed: str, password: str) -> bool:
        calls.append(password)
        return await real(hasher, hashed, password)

    monkeypatch.setattr(auth, "verify_password", verify)
    return calls


def test_failed_logins_per_ip(site_factory: Callable[..., Site], counted_verify: list[str]) -> None:
    site = site_factory(login_fail_limit=3, login_window=300.0)
    clock = clocked(site)
    site.user("alice")
    site.user("bobby")
    c = client_from(site, "10.0.0.1")
    for name in ("alice", "bobby", "alice"):
        r = c.post("/api/login", json={"username": name, "password": "wrong password"})
        assert r.status_code == 401
    assert len(counted_verify) == 3
    for name in ("alice", "bobby", "nobody"):  # every username from this address, even the right password
        r = c.post("/api/login", json={"username": name, "password": "correct horse"})
        assert r.status_code == 429 and r.json()["code"] == "rate_limited"
        assert 1 <= int(r.headers["retry-after"]) <= 300
    assert len(counted_verify) == 3  # no argon2 work on a refused attempt
    other = client_from(site, "10.0.0.2")  # another address may still log in to bobby
    assert other.post("/api/login", json={"username": "bobby", "password": "correct horse"}).status_code == 200
    clock.t += 301
    assert c.post("/api/login", json={"username": "alice", "password": "correct horse"}).status_code == 200
    assert site.app.state.metrics.registry.get_sample_value("donjon_rate_limited_total", {"scope": "login"}) == 3


def test_failed_logins_per_username(site_factory: Callable[..., Site], counted_verify: list[str]) -> None:
    site = site_factory(login_fail_limit=3)
    clock = clocked(site)
    site.user("alice")
    for i in range(3):  # three addresses, one failure each
        r = client_from(site, f"10.0.1.{i}").post("/api/login", json={"username": "Alice", "password": "nope nope"})
        assert r.status_code == 401
    r = client_from(site, "10.0.1.9").post("/api/login", json={"username": "alice", "password": "correct horse"})
    assert r.status_code == 429
    assert len(counted_verify) == 3
    clock.t += 301
    r = client_from(site, "10.0.1.9").post("/api/login", json={"username": "alice", "password": "correct horse"})
    assert r.status_code == 200


def test_success_clears_the_username_count(site_factory: Callable[..., Site]) -> None:
    site = site_factory(login_fail_limit=3)
    clocked(site)
    site.user("alice")
    for i in range(2):
        c = client_from(site, f"10.0.2.{i}")
        assert c.post("/api/login", json={"username": "alice", "password": "nope nope"}).status_code == 401
    ok = client_from(site, "10.0.2.5")
    assert ok.post("/api/login", json={"username": "alice", "password": "correct horse"}).status_code == 200
    c = client_from(site, "10.0.2.6")
    for _ in range(2):  # the count started again
        assert c.post("/api/login", json={"username": "alice", "password": "nope nope"}).status_code == 401
    assert c.post("/api/login", json={"username": "alice", "password": "correct horse"}).status_code == 200


def test_registrations_per_ip(site_factory: Callable[..., Site]) -> None:
    site = site_factory(register_limit=2, register_window=3600.0)
    clock = clocked(site)
    c = client_from(site, "10.0.3.1")
    for name in ("user1", "user2"):
        assert c.post("/api/register", json={"username": name, "password": "correct horse"}).status_code == 200
    r = c.post("/api/register", json={"username": "user3", "password": "correct horse"})
    assert r.status_code == 429 and "Retry-After" in r.headers
    assert site.sql("select count(*) from users where username='user3'")[0][0] == 0
    other = client_from(site, "10.0.3.2")
    assert other.post("/api/register", json={"username": "user3", "password": "correct horse"}).status_code == 200
    clock.t += 3601
    assert c.post("/api/register", json={"username": "user4", "password": "correct horse"}).status_code == 200


# --------------------------------------------------------------------------- origin


def test_foreign_origin_refused_on_upgrade_and_post(site_factory: Callable[..., Site]) -> None:
    site = site_factory(allowed_origins=("https://friend.example",))
    gid, white, black = duel(site)
    for path in (f"/ws/game/{gid}", "/ws/lobby"):
        with pytest.raises(WebSocketDisconnect) as e:
            with white.client.websocket_connect(path, headers={"origin": "https://evil.example"}) as ws:
                ws.receive_text()
        assert e.value.code == 4403
        # the site itself and an allowed origin may
        for origin in ("http://testserver", "https://friend.example"):
            with white.client.websocket_connect(path, headers={"origin": origin}) as ws:
                if path == "/ws/lobby":
                    assert recv(ws)["t"] == "tables"
                else:
                    ws.send_json({"t": "hello", "v": None})
                    assert recv(ws)["t"] == "welcome"
    r = white.client.post("/api/tables", json={"opponent": "anyone"}, headers={"origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["code"] == "origin"
    assert white.act({"type": "move", "uci": "e2e4"})["t"] == "ack"
