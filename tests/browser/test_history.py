"""The move lists come from the server's history (docs/protocol.md, "History"), on the real site:

- UnfairChess against the bot: after a reload the list still shows every ply, in SAN, two plies
  per row (move number, White, Black);
- a spectator arriving at ply 10 sees plies 1–10; clicking ply 3 shows the board after ply 3
  (the squares checked), read-only, with a way back to live; ←/→, Home and End step through it;
- Castel and Citadel against their bots: a reload keeps the game log.

Each person has their own Chromium context (own cookies); tables are opened through the JSON
API, moves are made by clicking the board. What a page was sent is read from its own frames.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import site_env
from tests.browser.site_server import SiteServer

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 860}
# White holds Sleep (replaces the move: an enemy piece falls asleep), to show a card turn.
HANDS = {"0": ["sommeil", "bouclier", "muraille", "poison"], "1": ["bouclier", "muraille", "poison", "poison"]}
DECKS = {"0": ["bouclier", "poison"] * 12, "1": ["poison", "bouclier"] * 12}
ENV = site_env({"unfairchess": {"hands": HANDS, "decks": DECKS}}, bot_min_delay=0.1, bot_time_budget=1, bot_workers=1)
OPENING = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "b1c3", "d7d6"]
SANS = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3", "Bc5", "Nc3", "d6"]


@pytest.fixture(scope="module")
def site(site_factory) -> SiteServer:
    return site_factory("history", ENV)


class Guest:
    """A guest in a context of their own, one page, the game frames it received."""

    def __init__(self, browser: Any, site: SiteServer) -> None:
        self.site = site
        self.ctx = browser.new_context(base_url=site.url, viewport=VIEWPORT, reduced_motion="reduce")
        self.ctx.set_default_timeout(20000)
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.page = self.new_page()
        r = self.ctx.request.post("/api/guest", headers={"Origin": site.url})
        assert r.ok, r.text()

    def new_page(self) -> Any:
        pg = self.ctx.new_page()
        pg.on("pageerror", lambda e: self.errors.append(str(e)))
        pg.on("websocket", lambda ws: ws.on("framereceived", self._frame) if "/ws/game/" in ws.url else None)
        self.page = pg
        return pg

    def _frame(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("t") in ("sync", "event", "position"):
            self.frames.append(msg)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = self.ctx.request.post(path, data=body, headers={"Origin": self.site.url})
        assert r.ok, r.text()
        return r.json()  # type: ignore[no-any-return]

    def open(self, gid: str, root: str) -> None:
        self.page.goto(f"/g/{gid}")
        self.page.wait_for_selector("#conn-state[data-state='connected']")
        self.page.wait_for_function(f"() => document.querySelector('{root}')?.dataset.version > ''")

    def history(self) -> list[dict[str, Any]]:
        """The list as the frames give it: the last sync's history and the entries after it."""
        out: list[dict[str, Any]] = []
        for f in self.frames:
            if f["t"] == "sync":
                out = list(f["history"])
            elif f["t"] == "event" and f.get("entry"):
                out = [e for e in out if e["v"] < f["entry"]["v"]] + [f["entry"]]
        return out

    def close(self) -> None:
        assert not self.errors, self.errors
        self.ctx.close()


def bot_game(guest: Guest, game: str, root: str) -> str:
    body = {"opponent": "bot", "bot_level": "easy", "game": game}
    if game == "unfairchess":
        body["color"] = "white"
    gid = guest.post("/api/tables", body)["table"]["game_id"]
    guest.open(gid, root)
    return gid


def version(page: Any, root: str = ".ucg-root") -> int:
    v = page.locator(root).get_attribute("data-version")
    return int(v) if v else -1


def wait_can_act(page: Any, after: int, root: str = ".ucg-root", cls: str = "ucg-can-act", timeout: float = 60000) -> None:
    page.wait_for_function(
        "([r, c, v]) => { const el = document.querySelector(r); return el && el.classList.contains(c) && Number(el.dataset.version) > v; }",
        arg=[root, cls, after], timeout=timeout)


def click_move(page: Any, uci: str) -> int:
    """Click the move's two squares; returns the move's version once the board shows it (or later)."""
    v = version(page)
    page.locator(f".ucg-sq[data-square='{uci[:2]}']").click()
    page.locator(f".ucg-sq[data-square='{uci[2:4]}']").click()
    page.wait_for_function("v => Number(document.querySelector('.ucg-root').dataset.version) > v", arg=v)
    return v + 1


def piece(page: Any, sq: str) -> str | None:
    loc = page.locator(f".ucg-piece[data-square='{sq}']")
    return loc.get_attribute("data-piece") if loc.count() else None


def plies(page: Any) -> list[str]:
    return page.locator(".ucg-moves [data-v]").all_inner_texts()


def wait_plies(page: Any, n: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('.ucg-moves .mv-ply[data-v]').length >= n", arg=n)


# ------------------------------------------------------------------------------ UnfairChess


def test_a_reload_keeps_the_whole_list_against_the_bot(browser, site) -> None:
    g = Guest(browser, site)
    bot_game(g, "unfairchess", ".ucg-root")
    mine = -1
    for uci in ("e2e4", "d2d4"):
        wait_can_act(g.page, mine)  # the bot answered (a move, or a card and a move)
        legal = [f for f in g.frames if f["t"] in ("sync", "event")][-1]["legal"]
        move = uci if {"type": "move", "uci": uci} in legal else next(a["uci"] for a in legal if a["type"] == "move")
        mine = click_move(g.page, move)
    wait_can_act(g.page, mine)  # the bot answered twice: 4 plies (and maybe a card)
    before = g.history()
    assert len({e["ply"] for e in before if e["kind"] == "play"}) == 4, before
    assert same_list(plies(g.page), before)
    g.frames.clear()
    g.page.reload()
    g.page.wait_for_function("() => document.querySelector('.ucg-root')?.dataset.version > ''")
    wait_plies(g.page, len(before))
    assert "No moves yet" not in g.page.locator(".ucg-moves").inner_text()
    assert g.history() == before
    assert same_list(plies(g.page), before)
    rows = g.page.locator(".ucg-moves .mv-row")
    assert rows.count() == 2
    assert rows.nth(0).locator(".mv-num").inner_text() == "1." and rows.nth(1).locator(".mv-num").inner_text() == "2."
    assert rows.nth(0).locator(".mv-cell").count() == 2
    g.close()


def same_list(shown: list[str], history: list[dict[str, Any]]) -> bool:
    """The list shows one item per entry: a move's SAN, a card's squares after its name."""
    assert len(shown) == len(history), (shown, history)
    for text, e in zip(shown, history, strict=True):
        if "san" in e:
            assert text == e["san"], (text, e)
        elif "card" in e:
            assert e["card"] not in text and all(sq in text for sq in e.get("squares") or []), (text, e)
    return True


@pytest.fixture(scope="module")
def ten_plies(browser, site):
    """Two guests play the ten plies of OPENING by clicking; yields them and the game id."""
    white, black = Guest(browser, site), Guest(browser, site)
    tid = white.post("/api/tables", {"opponent": "anyone", "color": "white"})["table"]["id"]
    gid = black.post(f"/api/tables/{tid}/join", {})["table"]["game_id"]
    for p in (white, black):
        p.open(gid, ".ucg-root")
    for i, uci in enumerate(OPENING):
        p = white if i % 2 == 0 else black
        wait_can_act(p.page, i - 1, timeout=20000)
        click_move(p.page, uci)
    for p in (white, black):
        p.page.wait_for_function("() => Number(document.querySelector('.ucg-root').dataset.version) >= 10")
    yield white, black, gid
    white.close()
    black.close()


def test_a_late_spectator_sees_plies_1_to_10_and_the_position_after_ply_3(browser, site, ten_plies) -> None:
    white, _, gid = ten_plies
    sp = Guest(browser, site)
    sp.open(gid, ".ucg-root")
    wait_plies(sp.page, 10)
    assert plies(sp.page) == SANS
    rows = sp.page.locator(".ucg-moves .mv-row")
    assert rows.count() == 5
    assert rows.nth(2).inner_text().split() == ["3.", "Bc4", "Nf6"]
    # click ply 3 (Nf3): the board shows the position after it
    sp.page.locator(".ucg-moves [data-v='3']").click()
    sp.page.wait_for_selector(".ucg-viewbar:not([hidden])")
    # (g1 is empty live too: wait for b8, whose knight left at ply 4, to be drawn again)
    sp.page.wait_for_function("() => document.querySelector(\".ucg-piece[data-square='b8']\")")
    assert (piece(sp.page, "f3"), piece(sp.page, "e4"), piece(sp.page, "e5"), piece(sp.page, "b8")) == ("wN", "wP", "bP", "bN")
    assert piece(sp.page, "g1") is None and piece(sp.page, "c6") is None and piece(sp.page, "c4") is None
    assert sp.page.locator(".ucg-moves .mv-current").inner_text() == "Nf3"
    asked = [f for f in sp.frames if f["t"] == "position"]
    assert asked and asked[-1]["v"] == 3 and "hand" not in asked[-1]["view"]
    # → one ply on (Nc6), ← ← two back (e5), Home the start, End live again
    sp.page.keyboard.press("ArrowRight")
    sp.page.wait_for_function("() => document.querySelector(\".ucg-piece[data-square='c6']\")")
    assert piece(sp.page, "b8") is None and sp.page.locator(".ucg-moves .mv-current").inner_text() == "Nc6"
    sp.page.keyboard.press("ArrowLeft")
    sp.page.wait_for_function("() => !document.querySelector(\".ucg-piece[data-square='c6']\")")
    sp.page.keyboard.press("ArrowLeft")
    sp.page.wait_for_function("() => document.querySelector(\".ucg-piece[data-square='g1']\")")
    assert piece(sp.page, "e5") == "bP" and piece(sp.page, "f3") is None
    assert sp.page.locator(".ucg-moves .mv-current").inner_text() == "e5"
    sp.page.keyboard.press("Home")
    sp.page.wait_for_function("() => document.querySelector(\".ucg-piece[data-square='e2']\")")
    assert piece(sp.page, "e4") is None and piece(sp.page, "e7") == "bP"
    sp.page.keyboard.press("End")
    sp.page.wait_for_selector(".ucg-viewbar", state="hidden")
    assert piece(sp.page, "d6") == "bP" and piece(sp.page, "c3") == "wN"
    sp.close()


def test_a_player_looks_back_read_only_and_returns_to_live(ten_plies) -> None:
    white, _, _ = ten_plies
    page = white.page
    wait_can_act(page, 9)
    assert page.locator(".ucg-hand .ucg-card").count() > 0
    page.locator(".ucg-moves [data-v='5']").click()  # Bc4
    page.wait_for_selector(".ucg-viewbar:not([hidden])")
    page.wait_for_function("() => !document.querySelector(\".ucg-piece[data-square='d3']\")")
    assert piece(page, "c4") == "wB" and piece(page, "f6") is None
    # read-only: the public view (no hand) and nothing to pick
    assert not page.locator(".ucg-root").evaluate("r => r.classList.contains('ucg-can-act')")
    assert page.locator(".ucg-hand .ucg-card").count() == 0
    page.locator(".ucg-viewbar [data-mv='live']").click()
    page.wait_for_selector(".ucg-viewbar", state="hidden")
    wait_can_act(page, 9)
    assert piece(page, "d6") == "bP" and page.locator(".ucg-hand .ucg-card").count() > 0
    click_move(page, "c1g5")  # and the game goes on
    assert plies(page)[-1] == "Bg5"


def test_a_card_turn_is_named_and_the_replay_names_every_step(ten_plies) -> None:
    white, black, gid = ten_plies
    if version(white.page) == 10:
        # the test above, which plays ply 11, ran in another worker (pytest-xdist spreads a
        # module's tests): play it here
        wait_can_act(white.page, 9)
        click_move(white.page, "c1g5")
    wait_can_act(black.page, 10)
    click_move(black.page, "a7a6")  # ply 12
    page = white.page
    wait_can_act(page, 11)
    page.locator(".ucg-hand .ucg-card[data-card='sommeil']").click()
    page.locator(".ucg-modal [data-action='play']").click()
    page.wait_for_selector(".ucg-target[data-square='f6']")
    v = version(page)
    page.locator(".ucg-sq[data-square='f6']").click()
    page.wait_for_function("v => Number(document.querySelector('.ucg-root').dataset.version) > v", arg=v)
    wait_plies(page, 13)
    card = page.locator(".ucg-moves [data-v='13']")
    assert card.inner_text().split() == ["Sleep", "f6"]  # the card's name and its square, not its id
    rows = page.locator(".ucg-moves .mv-row")
    assert rows.nth(6).inner_text().split() == ["7.", "Sleep", "f6"]
    white.page.on("dialog", lambda d: d.accept())
    page.locator("[data-act='resign']").click()
    page.wait_for_selector("#status-line[data-over='1']")
    # the replay: its side list names the steps as the board does; a click in the board's list moves it
    page.goto(f"/g/{gid}/replay")
    page.wait_for_function("() => document.querySelectorAll('#rp-list li').length >= 14")
    page.wait_for_timeout(300)  # the lists are drawn and scrolled to the last step
    # the page opens at its top: the lists scroll to the last step inside themselves
    assert page.evaluate("scrollY") == 0
    assert within(page, "#rp-list", "#rp-list li.current") and within(page, ".ucg-moves", ".ucg-moves .mv-current")
    # its last step is the game's end: the board says so, and nobody is "to move"
    assert "by resignation" in page.locator(".ucg-side .ucg-b-over").inner_text()
    assert page.locator(".ucg-tomove").count() == 0
    side = page.locator("#rp-list").inner_text()
    assert "Nf3" in side and "Sleep f6" in side and "sommeil" not in side and "resigns" in side, side
    assert page.locator("#rp-step").inner_text() == "14 / 14"
    page.locator(".ucg-moves [data-v='3']").click()
    page.wait_for_function("() => document.querySelector('#rp-step').textContent === '3 / 14'")
    assert piece(page, "f3") == "wN" and piece(page, "g1") is None
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#rp-step').textContent === '4 / 14'")
    assert page.locator(".ucg-moves .mv-current").inner_text() == "Nc6"
    page.locator(".ucg-moves [data-v='13']").click()  # forward, past the step shown
    page.wait_for_function("() => document.querySelector('#rp-step').textContent === '13 / 14'")
    assert page.locator("#rp-list li.current").inner_text().split()[-2:] == ["Sleep", "f6"]
    # Play: a step a second from the one shown to the last, where it stops
    step = "() => document.querySelector('#rp-step').textContent"
    page.locator("#rp-play").click()
    assert page.locator("#rp-play").get_attribute("aria-pressed") == "true"
    assert page.locator("#rp-play").inner_text() == "Pause"
    page.wait_for_function(f"() => ({step})() === '14 / 14'", timeout=5000)
    page.wait_for_selector("#rp-play[aria-pressed='false']", timeout=3000)
    assert page.locator("#rp-play").inner_text() == "Play"
    # from the last step it starts again from the first; a step by hand stops it
    page.locator("#rp-play").click()
    page.wait_for_function(f"() => ({step})() === '1 / 14'", timeout=5000)
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(1500)
    assert page.evaluate(f"({step})()") == "2 / 14" and page.locator("#rp-play").get_attribute("aria-pressed") == "false"
    # on a phone, in Spanish (the longest "to move" pill), the players' strips stay in the window
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(f"/g/{gid}/replay?lang=es")
        page.wait_for_function("() => document.querySelectorAll('#rp-list li').length >= 14")
        page.wait_for_timeout(300)
        assert page.evaluate("scrollY") == 0  # the lists below the board do not pull the page down
        page.keyboard.press("ArrowLeft")  # the step before the resignation: a side is to move
        page.wait_for_selector(".ucg-player .ucg-tomove")
        over = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert over <= 0, f"the replay is {over}px wider than a phone"
        # each strip holds its parts; a name too long for it is cut with an ellipsis on its one
        # line, neither drawn over the "to move" pill nor broken at its hyphen
        bad = page.evaluate("""() => [...document.querySelectorAll('.ucg-player')].flatMap((strip) => {
          const edge = strip.getBoundingClientRect().right;
          const name = strip.querySelector('.ucg-pname');
          const spills = name.scrollWidth > name.clientWidth && getComputedStyle(name).textOverflow !== 'ellipsis';
          const lines = name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).fontSize);
          return [...strip.children].filter((c) => c.getBoundingClientRect().right > edge + 0.5).map((c) => c.className)
            .concat(spills ? ['the name spills over'] : [], lines > 1.8 ? [`the name takes ${lines.toFixed(1)} lines`] : []);
        })""")
        assert not bad, bad
    finally:
        page.set_viewport_size(VIEWPORT)


# ------------------------------------------------------------------------------ Castel, Citadel


def within(page: Any, box: str, item: str) -> bool:
    """``item`` shows inside the scrolling ``box``."""
    return bool(page.evaluate("""([box, item]) => {
      const b = document.querySelector(box).getBoundingClientRect(), r = document.querySelector(item).getBoundingClientRect();
      return r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
    }""", [box, item]))


def log_lines(page: Any, sel: str) -> list[str]:
    return page.locator(sel).all_inner_texts()


def test_castel_a_reload_keeps_the_log(browser, site) -> None:
    g = Guest(browser, site)
    bot_game(g, "castel", ".cg-root")
    for _ in range(2):
        wait_can_act(g.page, version(g.page, ".cg-root") - 1, ".cg-root", "cg-can-act")
        v = version(g.page, ".cg-root")
        g.page.locator("[data-action='draw']").click()
        g.page.wait_for_function("v => Number(document.querySelector('.cg-root').dataset.version) > v", arg=v)
    wait_can_act(g.page, version(g.page, ".cg-root") - 1, ".cg-root", "cg-can-act")
    before = log_lines(g.page, ".cg-log li")
    assert len(before) > 4 and any("draws" in x for x in before), before
    g.page.reload()
    g.page.wait_for_function("() => document.querySelector('.cg-root')?.dataset.version > ''")
    g.page.wait_for_function("n => document.querySelectorAll('.cg-log li[data-v]').length >= n", arg=len(before) - 1)
    after = log_lines(g.page, ".cg-log li")
    assert after == before
    g.close()


def test_citadel_a_reload_keeps_the_log(browser, site) -> None:
    g = Guest(browser, site)
    bot_game(g, "citadel", ".ctl-root")
    for _ in range(6):  # choose characters until the game is on and its log has lines
        if g.page.locator(".ctl-log li").count():
            break
        choose = g.page.locator("[data-choose]:not([disabled])")
        if choose.count():
            v = version(g.page, ".ctl-root")
            choose.first.click()
            g.page.wait_for_function("v => Number(document.querySelector('.ctl-root').dataset.version) > v", arg=v)
        g.page.wait_for_timeout(500)
    g.page.wait_for_function("() => document.querySelectorAll('.ctl-log li').length > 0", timeout=60000)
    g.page.wait_for_function("() => document.querySelector('.ctl-root').dataset.anim !== '1'", timeout=60000)
    before = log_lines(g.page, ".ctl-log li")
    g.page.reload()
    g.page.wait_for_function("() => document.querySelector('.ctl-root')?.dataset.version > ''")
    g.page.wait_for_function("n => document.querySelectorAll('.ctl-log li').length >= n", arg=len(before))
    assert log_lines(g.page, ".ctl-log li")[:len(before)] == before
    g.close()


# ------------------------------------------------------------------------------ the fourth game


def test_the_fourth_game_lists_its_history_on_the_page_and_looks_back(browser, site_factory) -> None:
    """A game without a board module (Connect Four, tests/fourth_game): the page shows the list."""
    from tests.fourth_game import plugin

    srv = site_factory("history-fourth", {**plugin.env(), "DONJON_BOT_MIN_DELAY": "0.05"})
    g = Guest(browser, srv)
    gid = g.post("/api/tables", {"game": "connect4", "opponent": "bot", "bot_level": "easy"})["table"]["game_id"]
    g.page.goto(f"/g/{gid}")
    moves = "() => JSON.parse(document.querySelector('.fb-json').textContent).moves"
    for n in (2, 4):
        g.page.wait_for_selector(".fb-send")
        g.page.locator(".fb-send").first.click()
        g.page.wait_for_function(f"() => ({moves})() >= {n}", timeout=20000)
    g.page.wait_for_function("() => document.querySelectorAll('#movelist [data-v]').length >= 5")  # the start and 4 drops
    assert g.page.locator("#movelist").is_visible()
    g.page.locator("#movelist [data-v='1']").click()
    g.page.wait_for_function(f"() => ({moves})() === 1")
    assert g.page.locator("#movelist .mv-bar").is_visible() and g.page.locator(".fb-send").count() == 0
    g.page.keyboard.press("ArrowRight")
    g.page.wait_for_function(f"() => ({moves})() === 2")
    g.page.keyboard.press("End")
    g.page.wait_for_function(f"() => ({moves})() >= 4")
    assert g.page.locator("#movelist .mv-bar").is_hidden()
    g.close()
