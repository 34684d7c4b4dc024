"""The site under its Content-Security-Policy, and the login page's ``?next=``, in Chromium
against the real server (``python -m donjon.server`` in a subprocess).

- every page (lobby, login, table, the three games as a player and as a spectator, watch,
  replay, profile, leaderboard, shop, the rules pages and card catalogues, the 404 page and
  the API docs) comes with the policy, draws its main content, and logs no console error and
  no ``securitypolicyviolation`` event (a listener the test adds before any page script);
- logging in through the login form follows ``?next=`` only to an address on the site:
  ``/\\host/...`` and ``/<tab>/host/...``, which the browser reads as ``//host/...``, lead to
  the lobby instead.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import site_env
from tests.browser.site_server import SiteServer

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
ENV = site_env({}, absence_claim=60, absence_forfeit=300, timer_interval=0.5)

WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
});
"""

# Swagger UI stands in for its CDN files (the tests run offline): the bundle only marks the
# page, so the inline script that calls it shows whether the policy let it run.
SWAGGER_STUB = """
window.SwaggerUIBundle = (cfg) => { document.querySelector(cfg.dom_id).dataset.started = cfg.url; };
SwaggerUIBundle.presets = { apis: {} };
SwaggerUIBundle.SwaggerUIStandalonePreset = {};
"""


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("site-security", ENV)


class Visitor:
    """A browser context (own cookies) with one page whose console errors, page errors and
    policy violations are collected."""

    def __init__(self, browser: Any, site: SiteServer, viewport: dict[str, int] | None = None) -> None:
        self.site = site
        self.ctx = browser.new_context(base_url=site.url, viewport=viewport or {"width": 1280, "height": 860},
                                       reduced_motion="reduce")
        self.ctx.set_default_timeout(15000)
        self.ctx.add_init_script(WATCH_CSP)
        self.errors: list[str] = []
        self.page = self.ctx.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def register(self, name: str) -> None:
        r = self.ctx.request.post("/api/register", data={"username": name, "password": PASSWORD})
        assert r.ok, r.text()

    def open_table(self, **body: Any) -> dict[str, Any]:
        r = self.ctx.request.post("/api/tables", data=body)
        assert r.ok, r.text()
        return r.json()["table"]  # type: ignore[no-any-return]

    def join(self, table: dict[str, Any]) -> str:
        """Sit at ``table``; returns the id of the game that starts."""
        r = self.ctx.request.post(f"/api/tables/{table['id']}/join", data={})
        assert r.ok, r.text()
        return game_of(self, r.json()["table"])

    def visit(self, path: str, ready: str, *, allow: tuple[str, ...] = ()) -> Any:
        """Open ``path``, wait until ``ready`` (a selector, or a JS expression if it starts with
        ``js:``) holds, and check the page's policy, console and violations."""
        self.errors.clear()
        resp = self.page.goto(path)
        assert resp is not None
        csp = resp.headers.get("content-security-policy", "")
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, (path, csp)
        assert resp.headers.get("x-content-type-options") == "nosniff", path
        if ready.startswith("js:"):
            self.page.wait_for_function(f"() => ({ready[3:]})")  # a function: a bare expression would need eval
        else:
            self.page.locator(ready).first.wait_for()
        self.page.wait_for_timeout(300)  # late errors: a module imported after the first paint
        violations = self.page.evaluate("window.__csp")
        assert violations == [], (path, violations)
        errors = [e for e in self.errors if not any(a in e for a in allow)]
        assert errors == [], (path, errors)
        return resp


def game_of(v: Visitor, table: dict[str, Any]) -> str:
    gid = table.get("game_id")
    for _ in range(100):
        if gid:
            return str(gid)
        v.page.wait_for_timeout(100)
        gid = v.ctx.request.get(f"/api/tables/{table['id']}").json()["table"]["game_id"]
    raise AssertionError(f"table {table['id']} did not start")


def test_every_page_under_the_policy(browser, site) -> None:
    ann = Visitor(browser, site)  # plays UnfairChess against bea
    ann.register("ann")
    bea = Visitor(browser, site)
    bea.register("bea")
    cas = Visitor(browser, site)  # plays Castel against bea
    cas.register("cas")
    cid = Visitor(browser, site)  # plays Citadel alone
    cid.register("cid")
    tom = Visitor(browser, site)  # waits at an open table
    tom.register("tom")
    guest = Visitor(browser, site)  # not logged in
    try:
        chess = bea.join(ann.open_table(game="unfairchess", opponent="anyone", color="white"))
        castel = bea.join(cas.open_table(game="castel", opponent="anyone", seats=2))
        citadel = game_of(cid, cid.open_table(game="citadel", opponent="anyone", seats=1))
        waiting = tom.open_table(game="unfairchess", opponent="anyone")

        guest.visit("/", "#table-form")
        guest.page.locator("#theme-btn").click()  # site.js stores the choice...
        theme = guest.page.evaluate("document.documentElement.dataset.theme")
        guest.visit("/login", "#auth-form")
        assert guest.page.evaluate("document.documentElement.dataset.theme") == theme  # ...theme.js applies it
        guest.visit("/register", "#auth-form")
        ann.visit("/", "#daily-bonus[data-claimed]")
        ann.page.wait_for_function("() => !document.querySelector('#challenge-list').textContent.includes('Loading')")
        ann.page.locator("#open-tables .table-row", has_text="tom").wait_for()  # the lobby socket
        tom.visit(f"/t/{waiting['id']}", ".waiting")

        live = "js:document.querySelector('#conn-state').dataset.state === 'connected'"
        ann.visit(f"/g/{chess}", ".ucg-root .ucg-board, .ucg-root svg")
        ann.visit(f"/g/{chess}", live)
        cas.visit(f"/g/{castel}", ".cg-root")
        cas.visit(f"/g/{castel}", live)
        cid.visit(f"/g/{citadel}", ".ctl-root")
        cid.visit(f"/g/{citadel}", live)
        for gid, root in ((chess, ".ucg-root"), (castel, ".cg-root"), (citadel, ".ctl-root")):
            guest.visit(f"/g/{gid}", root)
        guest.visit("/watch", f"#live-games a[href='/g/{chess}']")

        # The replay of a finished game: Ann gives up her game on its page.
        ann.visit(f"/g/{chess}", "#actions [data-act]")
        ann.page.once("dialog", lambda d: d.accept())
        ann.page.locator("#actions [data-act=abort], #actions [data-act=resign]").first.click()
        ann.page.locator(f"#actions a[href='/g/{chess}/replay']").click()
        ann.page.wait_for_url(re.compile(r"/replay$"))
        ann.visit(f"/g/{chess}/replay", "js:/^\\d+ \\/ \\d+$/.test(document.querySelector('#rp-step').textContent)"
                  " && document.querySelector('#board-root.ucg-root svg')")

        ann.visit("/profile/ann", "#rating-grid .rating-card")
        ann.page.locator("#recent-games li:not(.empty)").first.wait_for()  # the game Ann gave up
        assert "Loading" not in ann.page.locator("#hat-row").inner_text()
        ann.visit("/leaderboard/unfairchess", "js:!document.querySelector('#leaderboard tbody').textContent.includes('Loading')")
        ann.visit("/shop", "#hat-grid .hat-item")
        ann.visit("/account", "#session-list li.current")

        guest.visit("/games/unfairchess/rules", "#ucg-rules article:not([hidden])")
        guest.page.locator(".ucg-rules-lang button[data-lang=fr]").click()
        assert guest.page.locator("#ucg-rules article:not([hidden])").get_attribute("lang") == "fr"
        guest.visit("/games/castel/rules", "#cg-rules [data-card-table] tbody tr")
        guest.page.locator(".cg-rules-lang [data-lang=fr]").click()
        assert guest.page.locator("#cg-rules article[lang]:not([hidden])").get_attribute("lang") == "fr"
        guest.visit("/games/citadel/rules", "#ctl-rules article:not([hidden])")
        guest.page.locator(".ctl-rules-lang button[data-lang=es]").click()
        assert guest.page.locator("#ctl-rules article:not([hidden])").get_attribute("lang") == "es"
        guest.visit("/games/unfairchess/cards", "#ucg-catalogue .ucg-cat-group .ucg-card")
        assert guest.page.locator("#ucg-catalogue .ucg-cat-group").count() == 7
        guest.page.locator("#ucg-catalogue .ucg-card").first.click()
        guest.page.locator(".ucg-cat-modal:not([hidden])").wait_for()
        guest.visit("/games/castel/cards?lang=fr", "#cg-catalogue .cg-cat-group")
        assert "Cour" in guest.page.locator("#cg-catalogue .cg-cat-group h2").first.inner_text()

        resp = guest.visit("/nowhere", "h1:has-text('404')", allow=("status of 404",))
        assert resp.status == 404

        guest.ctx.route("https://cdn.jsdelivr.net/**", lambda route: route.fulfill(
            status=200, body=SWAGGER_STUB if route.request.url.endswith(".js") else "",
            content_type="text/javascript" if route.request.url.endswith(".js") else "text/css"))
        guest.ctx.route("https://fastapi.tiangolo.com/**", lambda route: route.fulfill(status=204))
        guest.visit("/docs", "js:document.querySelector('#swagger-ui').dataset.started === '/openapi.json'")
    finally:
        for v in (ann, bea, cas, cid, tom, guest):
            v.ctx.close()


@pytest.mark.parametrize(("next_", "lands"), [
    ("/%5C127.0.0.2:18104/pwned", "/"),       # "/\host": the browser reads "//host"
    ("/%09/host/x", "/"),                     # "/<tab>/host": tabs are dropped, "//host"
    ("https://evil.example/x", "/"),
    ("javascript:alert(1)", "/"),
    ("/.//evil.example/x", "//evil.example/x"),  # a path on this site, not a host
    ("/profile/nina%3Ftab%3Dhats%23top", "/profile/nina?tab=hats#top"),
])
def test_login_follows_next_only_on_the_site(browser, site, next_: str, lands: str) -> None:
    setup = Visitor(browser, site)
    try:
        if setup.ctx.request.post("/api/login", data={"username": "nina", "password": PASSWORD}).status != 200:
            setup.register("nina")
    finally:
        setup.ctx.close()
    v = Visitor(browser, site)
    elsewhere: list[str] = []
    here = urlsplit(site.url).netloc

    def other_site(route: Any) -> None:
        elsewhere.append(route.request.url)
        route.fulfill(status=200, body="<h1>pwned</h1>", content_type="text/html")

    try:
        v.ctx.route(lambda url: urlsplit(url).netloc != here, other_site)
        v.page.goto(f"/login?next={next_}")
        v.page.fill("#auth-form input[name=username]", "nina")
        v.page.fill("#auth-form input[name=password]", PASSWORD)
        with v.page.expect_navigation():
            v.page.click("#auth-form button[type=submit]")
        v.page.wait_for_load_state()
        assert v.page.url == site.url + lands, (next_, v.page.url)
        assert elsewhere == []
        assert urlsplit(v.page.url).netloc == here
    finally:
        v.ctx.close()
