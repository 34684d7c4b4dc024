"""Open WebSockets per user and per client address are capped (``ws_max_per_user``,
``ws_max_per_ip``): one socket more is accepted, then closed with 4429 and a reason; the
counts go down as sockets close, so new ones get in again."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from donjon.server import Settings
from tests.server.conftest import Site, recv


def client_from(site: Site, ip: str) -> TestClient:
    c = TestClient(site.app, base_url="http://testserver", client=(ip, 50000))
    c.portal = site.main.portal
    return c


class Socks:
    """Sockets held open by a test, closed at its end."""

    def __init__(self) -> None:
        self.open: list[tuple[Any, Any]] = []

    def connect(self, client: TestClient, path: str) -> Any:
        """Open ``path``; the socket once the server has counted it (its first frame is read)."""
        cm = client.websocket_connect(path)
        ws = cm.__enter__()
        self.open.append((cm, ws))
        if path == "/ws/lobby":
            assert recv(ws)["t"] == "tables"
        else:
            ws.send_json({"t": "hello", "v": None})
            assert recv(ws)["t"] == "welcome"
        return ws

    def close(self, ws: Any) -> None:
        for i, (cm, w) in enumerate(self.open):
            if w is ws:
                del self.open[i]
                cm.__exit__(None, None, None)
                return
        raise AssertionError("not an open socket")

    def close_all(self) -> None:
        while self.open:
            self.open.pop()[0].__exit__(None, None, None)


@pytest.fixture
def socks() -> Any:
    s = Socks()
    yield s
    s.close_all()


def refused(client: TestClient, path: str) -> WebSocketDisconnect:
    """The close of a socket the server accepts and then closes at once."""
    with client.websocket_connect(path) as ws, pytest.raises(WebSocketDisconnect) as info:
        recv(ws, 5)
    return info.value


def guests_game(site: Site) -> tuple[TestClient, str, str]:
    """A guest playing two games; returns the guest and both game ids."""
    g, other = site.guest(), site.guest()
    gid1, _ = site.game_pair(g, other)
    gid2, _ = site.game_pair(other, g)
    return g, gid1, gid2


def test_defaults_and_environment() -> None:
    assert (Settings().ws_max_per_user, Settings().ws_max_per_ip) == (32, 128)
    st = Settings.from_env({"DONJON_WS_MAX_PER_USER": "3", "DONJON_WS_MAX_PER_IP": "0"})
    assert (st.ws_max_per_user, st.ws_max_per_ip) == (3, 0)


def test_one_user_holds_at_most_ws_max_per_user_sockets_over_games_and_lobby(site_factory: Callable[..., Site],
                                                                              socks: Socks) -> None:
    site = site_factory(ws_max_per_user=16)
    g, gid1, gid2 = guests_game(site)
    held = [socks.connect(g, f"/ws/game/{gid1}") for _ in range(10)]
    held += [socks.connect(g, "/ws/lobby") for _ in range(5)]
    held.append(socks.connect(g, f"/ws/game/{gid2}"))
    for path in (f"/ws/game/{gid1}", f"/ws/game/{gid2}", "/ws/lobby"):
        e = refused(g, path)
        assert e.code == 4429, (path, e.code)
        assert e.reason == "too many connections: at most 16 open sockets per user"
    # another user (same address) is not concerned
    socks.connect(site.guest(), f"/ws/game/{gid1}")
    # closing three makes room for three, not a fourth
    for ws in (held[0], held[10], held[15]):
        socks.close(ws)
    socks.connect(g, "/ws/lobby")
    socks.connect(g, f"/ws/game/{gid2}")
    socks.connect(g, f"/ws/game/{gid1}")
    assert refused(g, "/ws/lobby").code == 4429
    socks.close_all()
    counts = site.app.state.limits.sockets
    assert counts.users == {} and counts.ips == {}  # nothing left behind once every socket closed
    socks.connect(g, f"/ws/game/{gid1}")


def test_refused_sockets_are_counted_in_metrics(site_factory: Callable[..., Site], socks: Socks) -> None:
    site = site_factory(ws_max_per_user=1)
    g = site.guest()
    socks.connect(g, "/ws/lobby")
    assert refused(g, "/ws/lobby").code == 4429
    text = client_from(site, "127.0.0.1").get("/metrics").text
    assert 'donjon_rate_limited_total{scope="sockets"} 1.0' in text


def test_one_address_holds_at_most_ws_max_per_ip(site_factory: Callable[..., Site], socks: Socks) -> None:
    site = site_factory(ws_max_per_ip=5, ws_max_per_user=0)
    g, gid1, _ = guests_game(site)
    here = client_from(site, "10.0.0.7")
    held = [socks.connect(here, "/ws/lobby") for _ in range(3)]  # no session: counted by address only
    held.append(socks.connect(here, f"/ws/game/{gid1}"))
    me = client_from(site, "10.0.0.7")
    me.cookies = g.cookies  # the guest, from the same address
    held.append(socks.connect(me, f"/ws/game/{gid1}"))
    e = refused(here, "/ws/lobby")
    assert e.code == 4429 and e.reason == "too many connections: at most 5 open sockets per address"
    assert refused(me, f"/ws/game/{gid1}").code == 4429
    socks.connect(client_from(site, "10.0.0.8"), "/ws/lobby")  # another address is not concerned
    socks.close(held[0])
    socks.connect(me, "/ws/lobby")
    assert refused(here, f"/ws/game/{gid1}").code == 4429


def test_zero_turns_the_caps_off(site_factory: Callable[..., Site], socks: Socks) -> None:
    site = site_factory(ws_max_per_user=0, ws_max_per_ip=0)
    g = site.guest()
    for _ in range(70):
        socks.connect(g, "/ws/lobby")
