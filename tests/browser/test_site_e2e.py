"""The whole site end to end: the real server (``python -m donjon.server`` in a subprocess, a
temp SQLite file, shortened absence durations) and two people, each in their own headless
Chromium context (own cookies), clicking through the pages as a person would.

- two accounts registered through the sign-up form; one opens a table in the lobby, the other
  sees it appear live and joins; a game to checkmate with a card play (hand card → enlarged →
  Play → red target squares step by step, checked against the seat's legal actions);
- a reload mid-game resumes the board and the hand, and the player can still move;
- absence: a player closes their page; the other sees "Claim victory" count down, claims and wins;
- a game against the easy bot opened from the lobby: the bot answers every move.

The cards dealt are fixed with the test-only ``DONJON_TEST_GAME_OPTIONS`` (docs/server.md), so
nothing depends on luck. What a page was sent is read from its own WebSocket frames
(Playwright's ``framereceived``), never from a side channel. Screenshots go to
docs/screenshots/site-*.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import save_shot, site_env
from tests.browser.site_server import SiteServer

pytestmark = pytest.mark.browser


VIEWPORT = {"width": 1360, "height": 900}
PASSWORD = "correct horse battery"

CLAIM_AFTER = 4.0  # seconds away before the opponent may claim victory
# White holds Gallop (a bishop/rook/queen makes a knight jump) and nothing that could save it
# from the fool's mate; both decks hold only Shield and Poison, which never stop a mate.
HANDS = {"0": ["cavalcade", "bouclier", "double_tour", "renfort"],
         "1": ["sommeil", "muraille", "frappe_celeste", "poison"]}
DECKS = {"0": ["bouclier", "poison"] * 12, "1": ["poison", "bouclier"] * 12}
ENV = site_env({"unfairchess": {"hands": HANDS, "decks": DECKS}}, absence_claim=CLAIM_AFTER, absence_forfeit=90,
               timer_interval=0.25, bot_min_delay=0.3, bot_time_budget=2, bot_workers=1)


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("site", ENV)


class Person:
    """One person: a browser context (own cookies), one open page, and the frames its game
    sockets received."""

    def __init__(self, browser: Any, site: SiteServer, name: str) -> None:
        self.name = name
        self.site = site
        self.ctx = browser.new_context(base_url=site.url, viewport=VIEWPORT, device_scale_factor=1,
                                       reduced_motion="reduce")
        self.ctx.set_default_timeout(15000)
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []  # sync/event frames of /ws/game/*, in order
        self.targets: list[dict[str, Any]] = []  # answers to the page's "targets" requests
        self.lobby_frames: list[dict[str, Any]] = []
        self.gid: str | None = None
        self.page = self.new_page()

    def new_page(self) -> Any:
        pg = self.ctx.new_page()
        pg.on("pageerror", lambda e: self.errors.append(f"{self.name}: {e}"))
        pg.on("websocket", self._socket)
        self.page = pg
        return pg

    def _socket(self, ws: Any) -> None:
        if "/ws/game/" in ws.url:
            ws.on("framereceived", self._game_frame)
        elif "/ws/lobby" in ws.url:
            ws.on("framereceived", lambda p: self.lobby_frames.append(json.loads(p)))

    def _game_frame(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("t") in ("sync", "event"):
            self.frames.append(msg)
        elif msg.get("t") == "targets":
            self.targets.append(msg)

    # ------------------------------------------------------------ waiting and reading

    def wait_until(self, pred: Any, timeout: float = 10.0, what: str = "") -> Any:
        for _ in range(int(timeout / 0.05)):
            got = pred()
            if got:
                return got
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{self.name}: timed out waiting for {what or pred}")

    def shown_version(self) -> int:
        v = self.page.locator(".ucg-root").get_attribute("data-version")
        return int(v) if v else -1

    def state(self) -> dict[str, Any]:
        """The frame behind what the board shows now (view, legal, game meta)."""
        v = self.shown_version()
        return self.wait_until(
            lambda: next((f for f in reversed(self.frames) if f["v"] == v and f["game"]["id"] == self.gid), None),
            what=f"the frame of version {v}")

    def wait_version(self, v: int) -> None:
        """Until the board shows version ``v`` or later and is not waiting for an ack."""
        self.page.wait_for_function(
            "v => { const r = document.querySelector('.ucg-root');"
            " return r && r.dataset.version !== '' && Number(r.dataset.version) >= v && r.dataset.state === 'idle'; }",
            arg=v)

    def wait_my_turn(self, after: int = -1, timeout: float | None = None) -> dict[str, Any]:
        """Wait until the board shows a version above ``after`` on which this player may act
        (right after a move the board may still show the version before it for a moment);
        ``timeout`` in ms (the context's default if None)."""
        try:
            self.page.wait_for_function(
                "v => { const r = document.querySelector('.ucg-root');"
                " return r && r.classList.contains('ucg-can-act') && Number(r.dataset.version || -1) > v; }",
                arg=after, timeout=timeout)
        except PlaywrightTimeout:
            raise AssertionError(f"{self.name}: not my turn after v={after}:\n{self.diagnosis()}") from None
        return self.state()

    def diagnosis(self) -> str:
        """What the page, its last frames and the server's log say (for a failed wait)."""
        root = self.page.evaluate("() => { const r = document.querySelector('.ucg-root');"
                                  " return r ? {cls: r.className, ...r.dataset} : null; }")
        last = [{"v": f["v"], "seat": f.get("seat"), "event": f.get("event"), "to_act": f["game"].get("to_act"),
                 "status": f["game"].get("status"), "legal": len(f.get("legal") or [])} for f in self.frames[-4:]]
        return f"board: {root}\nlast frames: {last}\nserver log (tail):\n{self.site.log_text(3000)}"

    def enter_game(self) -> str:
        self.page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
        self.gid = self.page.url.rsplit("/", 1)[1]
        self.page.wait_for_selector("#conn-state[data-state='connected']")
        # a function: the site's Content-Security-Policy refuses the eval a bare expression needs
        self.page.wait_for_function("() => document.querySelector('.ucg-root')?.dataset.version !== ''")
        return self.gid

    # ------------------------------------------------------------------- acting

    def square(self, sq: str) -> None:
        self.page.locator(f".ucg-sq[data-square='{sq}']").click()

    def marked(self, selector: str) -> list[str]:
        return sorted(self.page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.square)"))

    def move(self, uci: str) -> None:
        """Click the piece, check the lit destinations against ``legal``, click the destination."""
        st = self.wait_my_turn()
        assert {"type": "move", "uci": uci} in st["legal"], (uci, st["legal"])
        self.square(uci[:2])
        want = sorted({a["uci"][2:4] for a in st["legal"] if a["type"] == "move" and a["uci"].startswith(uci[:2])})
        assert self.marked(".ucg-dot, .ucg-capture") == want
        self.square(uci[2:4])
        self.wait_version(st["v"] + 1)
        assert self.page.locator(".ucg-toast").is_hidden()

    def piece(self, sq: str) -> str | None:
        loc = self.page.locator(f".ucg-piece[data-square='{sq}']")
        return loc.get_attribute("data-piece") if loc.count() else None

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all(".ucg-hand .ucg-card", "els => els.map(e => e.dataset.card)")

    def shot(self, name: str) -> None:
        save_shot(self.page, name, settle_ms=200, animations="disabled")

    def no_horizontal_overflow(self) -> None:
        over = self.page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert over <= 0, f"{self.name}: the page is {over}px wider than the window"


def sign_up(browser: Any, site: SiteServer, name: str) -> Person:
    """A new person who signs up as ``name`` through the registration form, in their own context."""
    p = Person(browser, site, name)
    p.page.goto("/register")
    p.page.fill("#auth-form input[name=username]", name)
    p.page.fill("#auth-form input[name=password]", PASSWORD)
    p.page.click("#auth-form button[type=submit]")
    p.page.wait_for_url(f"{site.url}/")
    return p


@pytest.fixture(scope="module")
def people(browser, site):
    """Alice and Bob, each signed up through the registration form in their own context."""
    out = []
    for name in ("alice", "bob"):
        p = sign_up(browser, site, name)
        assert p.page.locator(".userbox .chip").inner_text() == name
        assert p.page.locator(".userbox .coins").inner_text().strip() == "500"
        out.append(p)
    yield out
    for p in out:
        p.ctx.close()


@pytest.fixture()
def alice_bob(people):
    alice, bob = people
    for p in people:
        p.errors.clear()
        if p.page.is_closed():
            p.new_page()
    yield alice, bob
    for p in people:
        assert not p.errors, p.errors


def start_game(white: Person, black: Person, lobby_shot: str | None = None,
               while_pressed: Callable[[], None] | None = None) -> str:
    """White opens a public friendly table as White; Black, already on the lobby, sees it
    appear live and joins; both land on the game page. ``while_pressed`` runs between the
    press on Join and its release."""
    black.lobby_frames.clear()
    black.page.goto("/")
    black.wait_until(lambda: any(f.get("t") == "tables" for f in black.lobby_frames), what="the lobby socket")
    white.page.goto("/")
    form = white.page.locator("#table-form")
    form.locator("label:has(input[name=opponent][value=anyone])").click()
    form.locator("label:has(input[name=mode][value=friendly])").click()
    form.locator("label:has(input[name=color][value=white])").click()
    assert form.locator("[data-show=bot]").is_hidden()
    form.locator("button[type=submit]").click()
    white.page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    assert white.page.locator(".waiting").is_visible()
    # Bob's lobby was loaded before the table existed: the row arrives over /ws/lobby.
    row = black.page.locator("#open-tables .table-row", has_text=white.name)
    row.wait_for()
    assert row.count() == 1
    assert row.locator(".tr-color").inner_text() == "Black"  # the colour the joiner gets
    assert "Friendly" in row.inner_text()
    if lobby_shot:
        black.no_horizontal_overflow()
        black.shot(lobby_shot)
    if while_pressed is None:
        row.locator("[data-join]").click()
    else:  # a real press, in the middle of the window: the row may move down meanwhile
        row.locator("[data-join]").evaluate("b => b.scrollIntoView({ block: 'center' })")
        box = row.locator("[data-join]").bounding_box()
        black.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        black.page.mouse.down()
        while_pressed()
        box = row.locator("[data-join]").bounding_box()
        black.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        black.page.mouse.up()
    gid = black.enter_game()
    assert white.enter_game() == gid  # the table page followed the game by itself
    for p in (white, black):
        # The board names the players (once: the shell lists a player only while they are away).
        names = p.page.locator(".ucg-player .ucg-pname").all_inner_texts()
        assert sorted(n.split()[0] for n in names) == sorted([white.name, black.name])
        p.page.wait_for_selector("#players", state="hidden")
    return gid


# ------------------------------------------------------------------------------ tests


def card_steps(legal: list[dict[str, Any]], card: str, picked: list[str]) -> list[str]:
    k = len(picked)
    return sorted({a["squares"][k] for a in legal if a["type"] == "card" and a["card"] == card
                   and a["squares"][:k] == picked and len(a["squares"]) > k})


def test_register_open_join_and_checkmate_with_a_card(alice_bob, site) -> None:
    alice, bob = alice_bob
    gid = start_game(alice, bob, lobby_shot="site-lobby.png")

    # The fixed deal, each seeing only their own hand.
    assert alice.hand() == HANDS["0"] and bob.hand() == HANDS["1"]
    # Fool's mate, every move clicked, with White's second move replaced by a card:
    # 1. f3 e5 2. [Gallop: Bc1 jumps to b3] a6 3. g4 Qh4#
    alice.move("f2f3")
    bob.move("e7e5")

    # White's turn: Gallop playable, Reinforcements greyed (no pawn of White's was taken).
    st = alice.wait_my_turn()
    assert [h["card"] for h in st["view"]["hand"]] == alice.hand() == HANDS["0"]
    assert "ucg-greyed" in alice.page.locator(".ucg-hand [data-card='renfort']").get_attribute("class")
    gallop = alice.page.locator(".ucg-hand [data-card='cavalcade']")
    assert "ucg-greyed" not in gallop.get_attribute("class")

    # Click the card: it shows large with its text and Play.
    gallop.click()
    big = alice.page.locator(".ucg-modal .ucg-card.ucg-big")
    big.wait_for()
    assert "Gallop" in big.inner_text() and "knight jump" in big.inner_text()
    alice.no_horizontal_overflow()
    alice.shot("site-game-card.png")
    # The page was sent the brief legal list: Gallop once, its targetings not yet.
    playable = [h["card"] for h in st["view"]["hand"] if h["playable"]]
    assert "cavalcade" in playable and "renfort" not in playable
    assert [a for a in st["legal"] if a["type"] == "card"] == [
        {"type": "card", "card": c, "lazy": True} for c in dict.fromkeys(playable)]
    alice.page.locator(".ucg-modal [data-action='play']").click()
    assert alice.page.locator(".ucg-modal").is_hidden()
    # Play asks the server for Gallop's targetings (once), then they light up.
    told = alice.wait_until(lambda: next((f for f in alice.targets if f["v"] == st["v"]), None),
                            what="the answer to the targets request")
    assert told["card"] == "cavalcade" and len(alice.targets) == 1
    alice.page.wait_for_selector(".ucg-target")
    # Step 1: every piece Gallop may move lights up red — exactly those of the legal actions.
    first = card_steps(told["legal"], "cavalcade", [])
    assert first == ["a1", "c1", "d1", "f1", "h1"]  # bishops, rooks and the queen with a free jump
    assert alice.marked(".ucg-target") == first
    fill = alice.page.eval_on_selector(".ucg-target-fill", "e => getComputedStyle(e).fill")
    assert fill == "rgb(232, 38, 42)", fill  # red
    alice.square("c1")
    second = card_steps(told["legal"], "cavalcade", ["c1"])
    assert second == ["b3", "d3"]
    assert alice.marked(".ucg-target") == second and alice.marked(".ucg-picked") == ["c1"]
    assert "Gallop" in alice.page.locator(".ucg-targetbar").inner_text()
    alice.shot("site-game-targets.png")
    alice.square("b3")
    alice.wait_version(st["v"] + 1)
    ack = next(f for f in reversed(alice.frames) if f["t"] == "event" and f["game"]["id"] == gid)
    assert ack["event"]["action"] == {"type": "card", "card": "cavalcade", "squares": ["c1", "b3"]}
    bob.wait_version(st["v"] + 1)
    for p in (alice, bob):
        assert p.piece("b3") == "wB" and p.piece("c1") is None
        assert "Gallop" in p.page.locator(".ucg-moves").inner_text()
        assert "Gallop" in p.page.locator(".ucg-discard").inner_text()
    assert alice.hand() == ["bouclier", "double_tour", "renfort", "bouclier"]  # drew a Shield
    # Bob's page was never sent the cards Alice still holds.
    assert bob.frames and not {"double_tour", "renfort"} & set(re.findall(r"[a-z_]+", json.dumps(bob.frames)))

    bob.move("a7a6")
    alice.move("g2g4")
    bob.move("d8h4")
    alice.wait_version(bob.shown_version())

    for p, text, banner in ((alice, "You lost (by checkmate).", "Game over — You lose (by checkmate)."),
                            (bob, "You won (by checkmate)!", "Game over — You win (by checkmate)!")):
        line = p.page.locator("#status-line")
        p.page.wait_for_selector("#status-line[data-over='1']")
        assert line.inner_text() == text
        assert p.page.locator(".ucg-side .ucg-b-over").inner_text() == banner
        assert p.page.locator("#actions [data-act='rematch-offer']").is_visible()
        assert p.page.locator(f"#actions a[href='/g/{gid}/replay']").is_visible()
        assert p.state()["game"]["outcome"]["reason"] == "checkmate"
    assert alice.marked(".ucg-check") == ["e1"]
    assert alice.page.locator(".ucg-hand .ucg-card.ucg-greyed").count() == 4
    alice.no_horizontal_overflow()
    bob.shot("site-game-over.png")
    alice.shot("site-game-over-white.png")

    # The server agrees, and the card play is in the PGN.
    info = alice.page.request.get(f"/api/games/{gid}").json()["game"]
    assert info["status"] == "finished" and info["outcome"]["winners"] == [1]
    pgn = alice.page.request.get(f"/api/games/{gid}/pgn").text()
    assert "[%card white cavalcade c1 b3]" in pgn and "Qh4#" in pgn


def test_reload_mid_game_resumes(alice_bob) -> None:
    alice, bob = alice_bob
    start_game(alice, bob)
    alice.move("e2e4")
    bob.move("e7e5")
    alice.move("g1f3")
    bob.wait_version(alice.shown_version())  # Bob's page has the move before it is compared
    before = {"hand": bob.hand(), "fen": bob.state()["view"]["fen"], "v": bob.shown_version()}

    bob.page.reload()
    bob.enter_game()
    assert bob.shown_version() == before["v"]
    assert bob.state()["view"]["fen"] == before["fen"]
    assert bob.hand() == before["hand"] == HANDS["1"]
    assert bob.piece("e4") == "wP" and bob.piece("e5") == "bP" and bob.piece("f3") == "wN"
    assert bob.marked(".ucg-last") == ["f3", "g1"]
    # Back online for Alice too, and Bob can still move.
    alice.page.wait_for_selector("#players .pb-dot.off", state="detached")
    bob.move("b8c6")
    alice.wait_version(before["v"] + 1)
    assert alice.piece("c6") == "bN"
    alice.move("f1c4")
    bob.wait_version(before["v"] + 2)
    assert bob.piece("c4") == "wB"


def test_absent_player_loses_to_a_victory_claim(alice_bob) -> None:
    alice, bob = alice_bob
    gid = start_game(alice, bob)
    alice.move("d2d4")
    bob.move("d7d5")

    bob.page.close()  # Bob leaves
    claim = alice.page.locator("#actions [data-act='claim']")
    claim.wait_for()
    # First the countdown, the button disabled...
    assert claim.is_disabled()
    assert re.fullmatch(r"Claim victory \([1-9]\d* s\)", claim.inner_text()), claim.inner_text()
    assert re.search(r"bob is away\. You may claim victory in \d+ s\.", alice.page.locator("#status-sub").inner_text())
    assert alice.page.locator("#players .pb-dot.off").count() == 1
    # ...then it can be clicked.
    alice.page.wait_for_selector("#actions [data-act='claim']:not([disabled])", timeout=(CLAIM_AFTER + 5) * 1000)
    assert claim.inner_text() == "Claim victory"
    assert "bob left: you may claim victory." in alice.page.locator("#status-sub").inner_text()
    alice.shot("site-claim.png")
    claim.click()
    alice.page.wait_for_selector("#status-line[data-over='1']")
    assert alice.page.locator("#status-line").inner_text() == "You won (by forfeit)!"
    outcome = alice.state()["game"]["outcome"]
    assert outcome["winners"] == [0] and outcome["reason"] == "forfeit"

    # Bob comes back and finds the result.
    bob.new_page().goto(f"/g/{gid}")
    bob.enter_game()
    bob.page.wait_for_selector("#status-line[data-over='1']")
    assert bob.page.locator("#status-line").inner_text() == "You lost (by forfeit)."


def test_a_press_held_across_a_live_update_still_clicks(alice_bob) -> None:
    """The game page draws its panels again on every frame and every second (the countdowns).
    A button whose markup did not change stays the same element, so a press that spans a
    live update (here the opponent's move) still clicks: a button replaced between press and
    release would get no click at all."""
    alice, bob = alice_bob
    start_game(alice, bob)
    alice.move("e2e4")
    bob.move("e7e5")
    alice.move("d2d4")  # no abort any more: the actions stay "resign" and "offer a draw"
    box = alice.page.locator("#actions [data-act='draw-offer']").bounding_box()
    alice.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    alice.page.mouse.down()
    v = alice.shown_version()
    bob.move("d7d5")
    alice.wait_version(v + 1)  # Alice's page has drawn the move while the button is pressed
    alice.page.mouse.up()
    bob.page.locator("#actions [data-act='draw-accept']").wait_for()  # the offer was made
    # Alice's own page shows the offer pending once the frame of her offer has reached it
    alice.page.locator("#actions [data-act='draw-offer']").wait_for(state="detached")
    bob.page.locator("#actions [data-act='draw-decline']").click()


def test_a_join_pressed_while_the_lobby_changes_still_joins(alice_bob, site) -> None:
    """The lobby's list of tables changes live (here a guest opens a table while Bob presses
    Join on Alice's): the rows that stay keep their elements, so Bob's press still joins."""
    alice, bob = alice_bob

    def another_table() -> None:
        rows = bob.page.locator("#open-tables .table-row")
        before = rows.count()
        with httpx.Client(base_url=site.url) as guest:
            guest.post("/api/guest").raise_for_status()
            guest.post("/api/tables", json={"opponent": "anyone", "mode": "friendly"}).raise_for_status()
        bob.wait_until(lambda: rows.count() == before + 1, what="the guest's table in Bob's lobby")

    start_game(alice, bob, while_pressed=another_table)


def test_a_join_on_its_way_stays_disabled_while_its_row_changes(alice_bob, site) -> None:
    """Bob presses Join on a table for three; while his request is on its way a guest sits at
    the same table, so its row changes live in Bob's lobby: his button stays disabled (a
    second press would send the join again), and his join then takes him on."""
    alice, bob = alice_bob
    alice.page.goto("/")
    r = alice.page.request.post("/api/tables", data={"game": "castel", "seats": 3, "opponent": "anyone",
                                                       "mode": "friendly"})
    assert r.ok, r.text()
    tid = r.json()["table"]["id"]
    bob.page.goto("/")
    button = bob.page.locator(f"#open-tables [data-join='{tid}']")
    button.wait_for()
    held: list[Any] = []
    bob.page.route(f"**/api/tables/{tid}/join", lambda route: held.append(route))
    button.click()
    bob.wait_until(lambda: held, what="Bob's join on its way")
    assert button.is_disabled()
    row = bob.page.locator(f"#open-tables .table-row[data-table='{tid}']")
    open_before = row.get_attribute("data-open")
    with httpx.Client(base_url=site.url) as guest:
        guest.post("/api/guest").raise_for_status()
        guest.post(f"/api/tables/{tid}/join").raise_for_status()
    bob.wait_until(lambda: row.get_attribute("data-open") != open_before, what="the guest seated in Bob's lobby")
    assert button.is_disabled()
    held[0].continue_()
    bob.page.wait_for_url(re.compile(r"/(g|t)/[^/?#]+$"))
    bob.page.unroute(f"**/api/tables/{tid}/join")


def test_the_lobby_with_open_tables_fits_a_phone_and_a_laptop(alice_bob, site) -> None:
    """Open tables (one of four seats, and the viewer's own, whose row ends with a long
    "Waiting for an opponent" link) wrap inside their card: no row sticks out of it and the
    page never scrolls sideways, on a phone or a laptop."""
    alice, _ = alice_bob
    alice.page.goto("/")
    mine = alice.page.request.post("/api/tables", data={"opponent": "anyone", "mode": "friendly"})
    assert mine.ok, mine.text()
    with httpx.Client(base_url=site.url) as guest:
        guest.post("/api/guest").raise_for_status()
        guest.post("/api/tables", json={"opponent": "anyone", "mode": "friendly", "game": "castel",
                                        "seats": 4}).raise_for_status()
    rows = alice.page.locator("#open-tables .table-row")
    try:
        for width, height in ((390, 844), (1280, 860)):
            alice.page.set_viewport_size({"width": width, "height": height})
            alice.page.goto("/")
            alice.page.locator("#open-tables .table-row.mine").wait_for()
            alice.page.locator("#open-tables .table-row[data-seats='4']").wait_for()
            alice.no_horizontal_overflow()
            card = alice.page.locator("#open-tables").bounding_box()
            for i in range(rows.count()):
                end = rows.nth(i).locator(":scope > :last-child").bounding_box()
                assert end["x"] + end["width"] <= card["x"] + card["width"] + 0.5, (width, rows.nth(i).inner_text())
            alice.shot(f"site-lobby-tables-{width}.png")
    finally:
        alice.page.set_viewport_size(VIEWPORT)
        alice.page.request.delete(f"/api/tables/{mine.json()['table']['id']}")


def test_game_against_the_easy_bot(alice_bob) -> None:
    alice, _ = alice_bob
    alice.page.goto("/")
    form = alice.page.locator("#table-form")
    form.locator("label:has(input[name=opponent][value=bot])").click()
    assert form.locator("[data-show=bot]").is_visible() and form.locator("input[name=stake]").is_hidden()
    form.locator("label:has(input[name=bot_level][value=easy])").click()
    form.locator("label:has(input[name=color][value=white])").click()
    form.locator("button[type=submit]").click()
    alice.enter_game()  # a bot table starts at once
    assert alice.page.locator(".ucg-top .ucg-pname").inner_text() == "Bot (easy)"

    preferred = ["e2e4", "d2d4", "g1f3", "b1c3", "c2c3", "a2a3", "h2h3"]
    for _ in range(3):
        st = alice.wait_my_turn()
        moves = [a["uci"] for a in st["legal"] if a["type"] == "move"]
        uci = next((m for m in preferred if m in moves), next(m for m in moves if len(m) == 4))
        alice.move(uci)
        mine = st["v"] + 1  # my move's version: the board may already show the bot's answer
        # The bot answers (a move, or a card and then possibly a move) and it is my turn again.
        # (Generous: on a loaded machine the bot's worker process may still be starting.)
        after = alice.wait_my_turn(after=mine, timeout=60_000)
        assert after["v"] > mine
        assert after["view"]["turn_no"] == st["view"]["turn_no"] + 2
        assert after["view"]["fen"] != st["view"]["fen"]
        bot_acts = [f for f in alice.frames if f["t"] == "event" and f["game"]["id"] == alice.gid
                    and mine < f["v"] <= after["v"]]
        assert bot_acts and all(f["event"]["by"] == 1 for f in bot_acts)
    assert alice.page.locator(".ucg-moves .ucg-turn").count() >= 6
    alice.no_horizontal_overflow()
    alice.shot("site-bot.png")
