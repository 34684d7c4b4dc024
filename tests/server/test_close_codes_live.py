"""Close codes as a real client receives them: ``python -m donjon.server`` (uvicorn) on
loopback and the ``websockets`` client. A refused socket completes its handshake and is then
closed with its code (4403 foreign Origin, 4404 no such game, 4429 too many sockets); a close
before the handshake would be an HTTP 403, which a browser only reports as 1006."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from tests.browser.site_server import SiteServer

pytestmark = pytest.mark.slow

PER_USER = 3
PER_IP = 6


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    srv = SiteServer(Path(tmp_path_factory.mktemp("close-codes")),
                     env={"DONJON_WS_MAX_PER_USER": str(PER_USER), "DONJON_WS_MAX_PER_IP": str(PER_IP)}).start()
    yield srv
    srv.stop()
    log = srv.log_text(None)
    assert "Traceback" not in log, log


@pytest.fixture(scope="module")
def game(server: SiteServer) -> tuple[str, str]:
    """A game between two guests: (game id, the first guest's session cookie)."""
    a, b = httpx.Client(base_url=server.url), httpx.Client(base_url=server.url)
    a.post("/api/guest").raise_for_status()
    b.post("/api/guest").raise_for_status()
    tid = a.post("/api/tables", json={"opponent": "anyone"}).json()["table"]["id"]
    gid = b.post(f"/api/tables/{tid}/join").json()["table"]["game_id"]
    return gid, a.cookies["donjon_session"]


def ws_url(server: SiteServer, path: str) -> str:
    return server.url.replace("http://", "ws://") + path


def open_socket(server: SiteServer, path: str, session: str | None = None, origin: str | None = None) -> ClientConnection:
    """The client socket (to use as a context manager); connect() raises InvalidStatus if the
    server answers the upgrade with an HTTP status instead."""
    headers = {"Cookie": f"donjon_session={session}"} if session else {}
    return connect(ws_url(server, path), additional_headers=headers, origin=Origin(origin) if origin else None,
                   open_timeout=10)


def closed_with(sock: ClientConnection) -> tuple[int, str]:
    """Read until the server closes; its close code and reason."""
    with sock, pytest.raises(ConnectionClosed) as info:
        while True:
            sock.recv(10)
    assert info.value.rcvd is not None, "the server sent no close frame"
    return info.value.rcvd.code, info.value.rcvd.reason


def admitted(sock: ClientConnection, path: str) -> ClientConnection:
    """The socket, once its first frame says the server took it."""
    if path == "/ws/lobby":
        assert json.loads(sock.recv(10))["t"] == "tables"
    else:
        sock.send(json.dumps({"t": "hello", "v": None}))
        assert json.loads(sock.recv(10))["t"] == "welcome"
    return sock


def test_unknown_game_is_closed_4404_after_the_handshake(server: SiteServer) -> None:
    assert closed_with(open_socket(server, "/ws/game/nosuchgame")) == (4404, "no such game")


@pytest.mark.parametrize("path", ["game", "/ws/lobby", "/ws/game/nosuchgame"])
def test_foreign_origin_is_closed_4403_after_the_handshake(server: SiteServer, game: tuple[str, str],
                                                           path: str) -> None:
    gid, session = game
    path = f"/ws/game/{gid}" if path == "game" else path
    sock = open_socket(server, path, session, origin="https://evil.example")
    assert closed_with(sock) == (4403, "origin not allowed")
    # the site's own origin gets in
    with open_socket(server, f"/ws/game/{gid}", session, origin=server.url) as ok:
        admitted(ok, f"/ws/game/{gid}")


def test_too_many_sockets_of_one_user_are_closed_4429(server: SiteServer, game: tuple[str, str]) -> None:
    gid, session = game
    with contextlib.ExitStack() as stack:
        first = stack.enter_context(open_socket(server, f"/ws/game/{gid}", session))
        admitted(first, f"/ws/game/{gid}")
        for p in ("/ws/lobby", f"/ws/game/{gid}"):
            admitted(stack.enter_context(open_socket(server, p, session)), p)
        for p in ("/ws/lobby", f"/ws/game/{gid}"):
            code, reason = closed_with(open_socket(server, p, session))
            assert (code, reason) == (4429, f"too many connections: at most {PER_USER} open sockets per user")
        first.close()
        _admitted_soon(stack, server, "/ws/lobby", session)
        assert closed_with(open_socket(server, "/ws/lobby", session))[0] == 4429


def test_too_many_sockets_of_one_address_are_closed_4429(server: SiteServer, game: tuple[str, str]) -> None:
    gid, _ = game
    with contextlib.ExitStack() as stack:
        # the sockets of the test before, from this address too, may not all be uncounted yet
        held = [_admitted_soon(stack, server, "/ws/lobby") for _ in range(PER_IP)]
        code, reason = closed_with(open_socket(server, f"/ws/game/{gid}"))
        assert (code, reason) == (4429, f"too many connections: at most {PER_IP} open sockets per address")
        held[0].close()
        _admitted_soon(stack, server, f"/ws/game/{gid}")


def _admitted_soon(stack: contextlib.ExitStack, server: SiteServer, path: str,
                   session: str | None = None) -> ClientConnection:
    """Open one more socket (kept in ``stack``; returned) right after one was closed: the
    client's close returns once the close handshake is done and the server uncounts the socket
    just after, so a few first tries may still be refused with 4429, never anything else."""
    for _ in range(50):
        with contextlib.ExitStack() as attempt:
            sock = attempt.enter_context(open_socket(server, path, session))
            try:
                admitted(sock, path)
            except ConnectionClosed as e:
                assert e.rcvd is not None and e.rcvd.code == 4429
                time.sleep(0.02)  # a loaded machine's server takes a moment to uncount it
                continue
            stack.push(attempt.pop_all())
            return sock
    raise AssertionError(f"{path}: still refused after a socket closed")
