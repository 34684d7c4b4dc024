"""What every browser test shares: Debian's Chromium, launched once per test module.

Playwright's own browser download does not work on our machines, so the tests drive the
Debian package ``chromium`` with the flags below, and skip when it is not installed.
"""

import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.site_server import SiteServer

CHROMIUM = "/usr/bin/chromium"

DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SHOOT = os.environ.get("DONJON_SCREENSHOTS", "")
SHOTS = DOCS_SHOTS if SHOOT == "1" else Path(tempfile.gettempdir()) / "donjon-screenshots"
"""Where the tests save their screenshots when asked to: docs/screenshots (the pictures the
documentation shows) with ``DONJON_SCREENSHOTS=1``, a temporary folder with any other value."""
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def pulse_of(page: Any, selector: str) -> dict[str, str]:
    """The CSS animation of the first element ``selector`` finds, with no preference for motion
    and with reduced motion asked for: ``{"no-preference": name, "reduce": name}``."""
    out = {}
    for pref in ("no-preference", "reduce"):
        page.emulate_media(reduced_motion=pref)
        out[pref] = page.locator(selector).first.evaluate("e => getComputedStyle(e).animationName")
    return out


def save_shot(target: Any, name: str, settle_ms: int = 0, **options: Any) -> None:
    """Save the screenshot of ``target`` (a page, or a locator for one element) as ``name`` in
    :data:`SHOTS`, ``settle_ms`` after the last step (a transition ending), when screenshots are
    asked for (``DONJON_SCREENSHOTS`` set); otherwise do nothing. A screenshot costs ~0.5 s of
    CPU, and those of a plain test run were thrown away unseen."""
    if not SHOOT:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    if settle_ms:
        getattr(target, "page", target).wait_for_timeout(settle_ms)
    target.screenshot(path=str(SHOTS / name), **options)


class WarmContext:
    """One browser context for a test module's pages of one site, kept warm: a page of that
    site stays open in it (``anchor``), so Chromium puts each later page of the site in the
    same renderer process, whose scripts are already compiled, instead of starting a process
    for it. A board's page then loads in about half the CPU of a page in a new context.

    Its pages ask for reduced motion: the boards' highlights then stop pulsing, which otherwise
    costs ~0.2 s of CPU each second a page waits.

    ``page(width, height)`` opens a page at that window size; ``release(page)`` closes it and
    clears the site's cookies and storage, so the next test starts as on a new device."""

    def __init__(self, browser: Any, url: str) -> None:
        self.ctx = browser.new_context(device_scale_factor=1, reduced_motion="reduce")
        self.anchor = self.ctx.new_page()
        self.anchor.goto(url.rstrip("/") + "/warm")  # any answer of the site (a 404 here) is a page of it

    def page(self, width: int, height: int) -> Any:
        pg = self.ctx.new_page()
        pg.set_viewport_size({"width": width, "height": height})
        return pg

    def release(self, pg: Any) -> None:
        pg.close()
        self.ctx.clear_cookies()
        self.anchor.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


@pytest.fixture(scope="module")
def pages(browser, server) -> Iterator[WarmContext]:
    """The :class:`WarmContext` of a board module's dev server (the module's ``server``
    fixture), closed after the module."""
    w = WarmContext(browser, server.url)
    yield w
    w.ctx.close()


_MIDDLE_JS = """e => {
  const bar = document.querySelector('.topbar');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  let r = e.getBoundingClientRect();
  if (r.top < top || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
    e.scrollIntoView({block: 'center', inline: 'center'});
    r = e.getBoundingClientRect();
  }
  return r.width && r.height ? {x: r.x + r.width / 2, y: r.y + r.height / 2} : null;
}"""


def click_middle(page: Any, selector: str) -> None:
    """Click the middle of the first element ``selector`` finds, the way a person would: on
    what shows there (SVG shapes overlap, so Playwright's own click refuses many of them).

    The element is brought into the window (below the sticky top bar) and measured in one
    step of the page's JavaScript: a board drawn again between two steps would leave
    Playwright measuring an element already replaced (``bounding_box()`` gives None). An
    element without size yet (a board between two layouts) is measured again, for 5 s."""
    for _ in range(100):
        at = page.locator(selector).first.evaluate(_MIDDLE_JS)
        if at:
            page.mouse.click(at["x"], at["y"])
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} has no size on the page")


def site_env(game_options: dict[str, Any], **settings: Any) -> dict[str, str]:
    """The environment of a site test's server: each setting as ``DONJON_<NAME>``
    (``absence_claim=4`` gives ``DONJON_ABSENCE_CLAIM=4``) and the fixed deals ``game_options``
    as ``DONJON_TEST_GAME_OPTIONS`` (docs/server.md)."""
    env = {f"DONJON_{name.upper()}": str(value) for name, value in settings.items()}
    env["DONJON_TEST_GAME_OPTIONS"] = json.dumps(game_options)
    return env


@pytest.fixture(scope="module")
def site_factory(tmp_path_factory, zygote):
    """Start the real server (:class:`SiteServer`) in a fresh temp folder:
    ``site_factory("site", env)``. Every server started is stopped after the test module,
    and its log must hold no traceback."""
    started: list[SiteServer] = []

    def start(name: str, env: dict[str, str]) -> SiteServer:
        srv = SiteServer(tmp_path_factory.mktemp(name), env=env, zygote=zygote).start()
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.stop()
    for srv in started:
        log = srv.log_text(None)  # all of it: a traceback may be followed by many lines
        at = log.find("Traceback")
        assert at < 0, log[max(0, at - 1000):at + 4000]


def quick_games(browser: Any, site: SiteServer, roots: dict[str, str]) -> Iterator[dict[str, Any]]:
    """One quick game against the easy bot per game of ``roots`` (game → its board's root
    selector), all for one guest, in a 1280x860 browser context: yields ``{"ctx", "urls"}``
    (each game's page URL), for a module fixture. A page of the site stays open in the context,
    as in :class:`WarmContext`."""
    ctx = browser.new_context(base_url=site.url, viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    ctx.set_default_timeout(20000)
    page = ctx.new_page()
    urls = {}
    for game, root in roots.items():
        page.goto("/")
        page.locator(f"[data-quick-game={game}]").click()
        page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
        page.wait_for_function(f"() => document.querySelector('{root}')?.dataset.version !== undefined")
        urls[game] = page.url
    page.goto("/warm")  # stays open: the context's later pages of the site start warm (WarmContext)
    yield {"ctx": ctx, "urls": urls}
    ctx.close()
