"""The browser's sockets and the server's close codes, on the real site in Chromium.

- A game page whose game the server does not know gets 4404 (the server accepts the
  handshake, then closes): the page says so and never opens another socket.
- A page of a user who already holds ``ws_max_per_user`` sockets gets 4429: the game page
  says "too many connections" and waits at least 22.5 s (30 s, jittered) before its next try,
  one try per wait, and gets in once a socket of that user closed; the lobby page's socket
  waits as long.

The page's timers run on Playwright's clock (``page.clock``), paused: time moves only when the
test says, so "no new socket within 20 s" is checked without waiting 20 s, and cannot pass by
luck. Sockets are counted as the page constructs them (an init script wraps ``WebSocket``),
synchronously with the timer that reconnects.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.browser.conftest import site_env
from tests.browser.site_server import SiteServer

pytestmark = pytest.mark.browser

PER_USER = 2
COUNT_SOCKETS = """
window.__sockets = [];
window.__opened_at = [];
window.__closes = [];
const RealWebSocket = window.WebSocket;
const [FROM, TO] = %s;
window.WebSocket = class extends RealWebSocket {
  constructor(url, ...rest) {
    const to = FROM ? String(url).replace(FROM, TO) : String(url);
    super(to, ...rest);
    window.__sockets.push(to);
    window.__opened_at.push(Date.now());
    this.addEventListener("close", (ev) => window.__closes.push(ev.code));
  }
};
"""


@pytest.fixture(scope="module")
def site(site_factory: Any) -> SiteServer:
    return site_factory("socket-close", site_env({}, ws_max_per_user=PER_USER))


@pytest.fixture(scope="module")
def gid(site: SiteServer) -> str:
    a, b = httpx.Client(base_url=site.url), httpx.Client(base_url=site.url)
    a.post("/api/guest").raise_for_status()
    b.post("/api/guest").raise_for_status()
    tid = a.post("/api/tables", json={"opponent": "anyone"}).json()["table"]["id"]
    return str(b.post(f"/api/tables/{tid}/join").json()["table"]["game_id"])


@pytest.fixture
def ctx(browser: Any, site: SiteServer) -> Iterator[Any]:
    c = browser.new_context(base_url=site.url)
    c.set_default_timeout(15000)
    yield c
    c.close()


def clocked_page(ctx: Any, rewrite: tuple[str, str] | None = None) -> tuple[Any, list[str]]:
    """A page whose timers stand still until the test moves its clock, and its errors. Its
    sockets are listed in ``window.__sockets``; ``rewrite``: (part of a socket's URL, what
    to put instead)."""
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(COUNT_SOCKETS % json.dumps(list(rewrite or ("", ""))))
    page.clock.install(time=1_000_000)
    page.clock.pause_at(1_001_000)  # (the clock runs from its install: pausing is a jump forward)
    return page, errors


def sockets(page: Any) -> list[str]:
    return list(page.evaluate("window.__sockets"))


def closes(page: Any) -> list[int]:
    """The close codes of the page's sockets, in order."""
    return list(page.evaluate("window.__closes"))


def step_until_new_socket(page: Any, limit: int) -> None:
    """Move the page's clock on by half-seconds until it opens one more socket (at most
    ``limit`` ms). Small steps: one jump of minutes would also run out the heartbeat of a
    socket that gets in meanwhile."""
    before = len(sockets(page))
    for _ in range(limit // 500):
        page.clock.run_for(500)
        if len(sockets(page)) > before:
            return
    raise AssertionError(f"no new socket within {limit} ms: {sockets(page)}, closes {closes(page)}")


def conn_state(page: Any) -> str:
    return str(page.get_attribute("#conn-state", "data-state"))


def test_a_game_the_server_does_not_know_is_not_retried(ctx: Any, site: SiteServer, gid: str) -> None:
    # /g/<unknown id> is the 404 page, without a socket: this is the page of a real game
    # whose socket asks for a game the server does not know, /ws/game/nosuchgame.
    page, errors = clocked_page(ctx, (f"/ws/game/{gid}", "/ws/game/nosuchgame"))
    page.goto(f"/g/{gid}")
    page.wait_for_selector('#conn-state[data-state="gone"]')
    assert page.inner_text("#conn-state .txt") == "This game does not exist."
    assert sockets(page) == [f"{site.url.replace('http', 'ws')}/ws/game/nosuchgame"] and closes(page) == [4404]
    page.clock.run_for(300_000)  # five minutes: far beyond any backoff
    page.wait_for_timeout(300)
    assert len(sockets(page)) == 1 and conn_state(page) == "gone"
    assert not errors, errors


@contextlib.contextmanager
def held_sockets(site: SiteServer, session: str, n: int) -> Iterator[list[Any]]:
    """``n`` lobby sockets of the user of ``session``, open for the block."""
    url = site.url.replace("http://", "ws://") + "/ws/lobby"
    with contextlib.ExitStack() as stack:
        held = []
        for _ in range(n):
            ws = stack.enter_context(connect(url, additional_headers={"Cookie": f"donjon_session={session}"}))
            assert json.loads(ws.recv(10))["t"] == "tables"
            held.append(ws)
        yield held


def guest_session(ctx: Any) -> str:
    assert ctx.request.post("/api/guest").ok
    return str(next(c["value"] for c in ctx.cookies() if c["name"] == "donjon_session"))


def test_too_many_sockets_the_game_page_waits_long_then_gets_in(ctx: Any, site: SiteServer, gid: str) -> None:
    session = guest_session(ctx)
    with held_sockets(site, session, PER_USER) as held:
        page, errors = clocked_page(ctx)
        page.goto(f"/g/{gid}")
        page.wait_for_selector('#conn-state[data-state="limited"]')
        assert page.inner_text("#conn-state .txt").startswith("Too many connections open")
        assert len(sockets(page)) == 1 and closes(page) == [4429]
        page.clock.run_for(20_000)  # the shortest wait after 4429 is 30 s − 25 %
        page.wait_for_timeout(300)
        assert len(sockets(page)) == 1 and conn_state(page) == "limited"
        held[0].close()
        # the next try gets in (or, while the server has not yet uncounted the closed socket,
        # is refused again and waits longer still: 30 s, 60 s, 120 s at most, ± 25 %)
        for _ in range(4):
            step_until_new_socket(page, 160_000)
            page.wait_for_selector('#conn-state[data-state="connected"], #conn-state[data-state="limited"]')
            if conn_state(page) == "connected":
                break
        assert conn_state(page) == "connected"
        assert set(closes(page)) == {4429}
        opened = page.evaluate("window.__opened_at")
        assert all(b - a >= 22_500 for a, b in zip(opened, opened[1:], strict=False)), opened
        assert not errors, errors


def test_too_many_sockets_the_lobby_waits_long(ctx: Any, site: SiteServer) -> None:
    session = guest_session(ctx)
    with held_sockets(site, session, PER_USER):
        page, errors = clocked_page(ctx)
        with page.expect_websocket(lambda ws: ws.url.endswith("/ws/lobby")) as info:
            page.goto("/")
        info.value.wait_for_event("close")
        page.wait_for_timeout(300)  # the page's onclose, after the socket's close
        assert len(sockets(page)) == 1
        page.clock.run_for(20_000)
        page.wait_for_timeout(300)
        assert len(sockets(page)) == 1
        step_until_new_socket(page, 20_000)  # 40 s: past the longest first wait (37.5 s)
        assert len(sockets(page)) == 2 and set(closes(page)) == {4429}  # refused again, as it is still over
        assert not errors, errors
