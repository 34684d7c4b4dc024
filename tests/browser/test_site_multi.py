"""Castel for three, Castel for two with a card sent back, and Citadel with a bot teammate,
on the real site (``python -m donjon.server`` in a subprocess), each player in their own
headless Chromium context, clicking the lobby and the boards as a person would:

- a) Castel, 3 seats: one person and two easy bots opened from the lobby form; the person
  clicks legal actions until the game ends; the end screen shows the ranking of three;
- b) Castel, 2 seats, two browsers: Alice's Barbarian sends Bob's Soldier back; Bob's page
  shows the Soldier back in his hand and the log line;
- c) Citadel with one bot teammate, played to its end through the board.

The deals are fixed with the test-only ``DONJON_TEST_GAME_OPTIONS``, keyed ``"<game>:<seats>"``
(docs/server.md): a Castel position near its end, a position where the Barbarian has a
Soldier to send back, Citadel dice that make the Professor hurry. What a page was sent is
read from its own WebSocket frames. The boards are waited for until they take input again
(``data-state="idle"``) before every click; the contexts ask for reduced motion, so the
Citadel board does not animate. Screenshots go to docs/screenshots/site-multi-*.png.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from tests.browser.conftest import click_middle, save_shot, site_env
from tests.browser.site_server import SiteServer
from tests.browser.test_castel_ui import click_card, click_hand, play_by_clicking
from tests.browser.test_citadel_ui import perform

pytestmark = pytest.mark.browser


VIEWPORT = {"width": 1360, "height": 1300}  # the board and the hand both on screen (clicks by coordinates)

# Castel for three near its end: three Soldiers in every hand (two turns to place them: every
# seat plays at least once), the piles empty, two rounds at most.
CASTEL3 = {"position": {"hands": {"0": ["soldat_1", "soldat_2", "soldat_3"], "1": ["soldat_4", "soldat_5", "soldat_6"],
                                  "2": ["soldat_7", "soldat_8", "soldat_9"]}},
           "first": 0, "max_rounds": 2}
# Castel for two: Bob's Soldier stands on the north rampart; Alice (seat 0, she starts) holds
# the Barbarian, who sends back one Soldier.
CASTEL2 = {"position": {"hands": {"0": ["barbare", "page"], "1": ["soldat_2", "courtisan"]},
                        "castle": {"0,1": [["soldat_1", 1]]}},
           "first": 0}
# Citadel for two: every Professor phase the hourglass moves every treasure and the clock runs
# ten minutes, so treasures are lost fast and the game ends in a few turns.
CITADEL2 = {"characters": ["nathan", "irene"], "dice": [{"colour": "red", "action": "hourglass_all", "clock": 10}] * 60}
ENV = site_env({"castel:3": CASTEL3, "castel:2": CASTEL2, "citadel:2": CITADEL2}, absence_claim=60,
               absence_forfeit=300, timer_interval=0.5, bot_min_delay=0.2, bot_time_budget=2, bot_workers=1)


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("site-multi", ENV)


class Person:
    """One person: a browser context (own cookies, reduced motion), one page, the frames of
    its game socket and of its lobby socket."""

    def __init__(self, browser: Any, site: SiteServer, name: str) -> None:
        self.name = name
        self.ctx = browser.new_context(base_url=site.url, viewport=VIEWPORT, device_scale_factor=1,
                                       reduced_motion="reduce")
        self.ctx.set_default_timeout(20000)
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.lobby_frames: list[dict[str, Any]] = []
        self.gid: str | None = None
        self.page = self.ctx.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(f"{self.name}: {e}"))
        self.page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        if "/ws/game/" in ws.url:
            ws.on("framereceived", self._game_frame)
        elif "/ws/lobby" in ws.url:
            ws.on("framereceived", lambda p: self.lobby_frames.append(json.loads(p)))

    def _game_frame(self, payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("t") in ("sync", "event"):
            self.frames.append(msg)

    def close(self) -> None:
        self.ctx.close()

    # ------------------------------------------------------------------ the site

    def sign_up_as_guest(self) -> None:
        # the site makes a visitor a guest on their first table or quick game; here, up front
        assert self.page.request.post("/api/guest").ok
        self.page.goto("/")
        self.page.wait_for_selector(".userbox .chip-guest")

    def open_table(self, game: str, seats: int, opponent: str = "anyone", level: str | None = None,
                   color: str | None = None, difficulty: str | None = None, shot: str | None = None) -> None:
        self.page.goto("/")
        form = self.page.locator("#table-form")
        form.locator("select[name=game]").select_option(game)
        form.locator(f"label:has(input[name=seats][value='{seats}'])").click()
        form.locator(f"label:has(input[name=opponent][value={opponent}])").click()
        if level:
            form.locator(f"label:has(input[name=bot_level][value={level}])").click()
        if color:
            form.locator(f"label:has(input[name=color][value={color}])").click()
        if difficulty:
            form.locator(f"label:has(input[name=difficulty][value={difficulty}])").click()
        if shot:
            save_shot(form, shot)
        form.locator("button[type=submit]").click()

    def enter_game(self, root: str) -> str:
        for _ in range(3):  # a navigation may be replaced by another one to the same page
            try:
                self.page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
                break
            except Exception:
                self.page.wait_for_timeout(200)
        self.gid = self.page.url.rsplit("/", 1)[1]
        self.page.wait_for_selector("#conn-state[data-state='connected']")
        # waits are functions: the site's Content-Security-Policy refuses the eval a bare expression needs
        self.page.wait_for_function(f"() => document.querySelector('{root}')?.dataset.version !== ''")
        return self.gid

    # ------------------------------------------------------------------ the board

    def frame_at(self, v: int) -> dict[str, Any]:
        for _ in range(400):
            got = next((f for f in reversed(self.frames) if f["v"] == v and f["game"]["id"] == self.gid), None)
            if got:
                return got
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{self.name}: no frame of version {v}")

    def settled(self, root: str, timeout: float = 30000) -> dict[str, Any]:
        """Wait until the board shows the newest frame received and takes input again
        (``data-state`` "idle", or "targeting" when an effect waits for its targets: never
        "pending" or "animating"); returns that frame."""
        for _ in range(int(timeout / 50)):
            v = self.page.locator(root).get_attribute("data-version")
            state = self.page.locator(root).get_attribute("data-state")
            newest = max((f["v"] for f in self.frames if f["game"]["id"] == self.gid), default=-1)
            if v and int(v) == newest and state in ("idle", "targeting"):
                return self.frame_at(newest)
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{self.name}: the board did not settle")

    def shot(self, name: str) -> None:
        save_shot(self.page, name, settle_ms=250, animations="disabled")


@pytest.fixture()
def people(browser, site):
    made: list[Person] = []

    def make(name: str) -> Person:
        p = Person(browser, site, name)
        p.sign_up_as_guest()
        made.append(p)
        return p

    yield make
    errors = [e for p in made for e in p.errors]
    for p in made:
        p.close()
    assert not errors, errors


# ------------------------------------------------------------------------------ tests


def test_castel_for_three_with_two_bots_to_the_end(people) -> None:
    ann = people("ann")
    ann.open_table("castel", 3, opponent="bot", level="easy")
    gid = ann.enter_game(".cg-root")
    players = ann.frame_at(int(ann.page.locator(".cg-root").get_attribute("data-version")))["game"]["players"]
    assert len(players) == 3 and sorted(p["bot"] or "me" for p in players) == ["easy", "easy", "me"]
    me = next(p["seat"] for p in players if not p["bot"])
    rng = random.Random(5)
    clicks = 0
    while True:
        f = ann.settled(".cg-root")
        if f["game"]["status"] != "active":
            break
        if me not in f["game"]["to_act"]:
            ann.page.wait_for_timeout(100)
            continue
        assert clicks < 40, "the game does not end"
        legal = f["legal"]
        strong = [a for a in legal if a["type"] in ("place", "effect", "skip")]
        action = rng.choice(strong) if strong and rng.random() < 0.8 else rng.choice(legal)
        play_by_clicking(ann.page, action, f["view"])
        ann.page.wait_for_function(
            f"() => Number(document.querySelector('.cg-root').dataset.version) > {f['v']}", timeout=30000)
        mine = next(x for x in ann.frames if x["v"] == f["v"] + 1 and x["game"]["id"] == gid)
        assert mine["event"]["by"] == me and mine["event"]["action"] == action
        clicks += 1
    assert clicks >= 1
    outcome = f["game"]["outcome"]
    assert f["game"]["status"] == "finished" and len(outcome["ranks"]) == 3
    # The board's end screen ranks the three players; the page lists the ranking too.
    ann.page.wait_for_selector(".cg-over-box")
    assert ann.page.locator(".cg-rank-row").count() == 3
    assert ann.page.locator("#ranking li").count() == 3
    assert ann.page.locator("#status-line[data-over='1']").is_visible()
    ann.shot("site-multi-castel3.png")


def test_castel_for_two_a_card_sends_back_the_other_players_card(people, site) -> None:
    alice, bob = people("alice"), people("bob")
    bob.page.goto("/")
    bob.page.wait_for_function("() => document.querySelectorAll('#open-tables').length === 1")
    alice.open_table("castel", 2, color="white")
    alice.page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    # Bob sees the table appear live, with who sits where, and sits down.
    row = bob.page.locator("#open-tables .table-row", has_text="Castel")
    row.wait_for()
    assert row.locator(".tr-seat").count() == 2 and row.locator(".tr-seat.open").count() == 1
    row.locator("[data-join]").click()
    gid = bob.enter_game(".cg-root")
    assert alice.enter_game(".cg-root") == gid

    f = alice.settled(".cg-root")
    assert f["seat"] == 0 and 0 in f["game"]["to_act"]
    assert [h["id"] for h in f["view"]["hand"]] == ["barbare", "page"]
    b = bob.settled(".cg-root")
    assert [h["id"] for h in b["view"]["hand"]] == ["soldat_2", "courtisan"]
    # Alice places the Barbarian outside the walls...
    click_hand(alice.page, "barbare")
    click_middle(alice.page, ".cg-board-svg .cg-out-spot")
    alice.page.wait_for_function(f"() => Number(document.querySelector('.cg-root').dataset.version) > {f['v']}")
    f = alice.settled(".cg-root")
    assert f["view"]["pending"]["effect"] == "barbare"
    assert alice.page.locator(".cg-root").get_attribute("data-phase") == "effect"
    # ...and picks Bob's Soldier: it goes back to Bob's hand.
    click_card(alice.page, "soldat_1")
    alice.page.wait_for_function(f"() => Number(document.querySelector('.cg-root').dataset.version) > {f['v']}")
    # (equal cards are shown once in a hand, with their count: the Soldiers are one group of two)
    bob.page.wait_for_selector(".cg-hand .cg-card[data-copies~='soldat_1']")
    assert bob.page.locator(".cg-hand .cg-card[data-copies~='soldat_1']").get_attribute("data-copies").split() \
        == ["soldat_2", "soldat_1"]
    b = bob.settled(".cg-root")
    assert "soldat_1" in [h["id"] for h in b["view"]["hand"]]
    log = bob.page.locator(".cg-log").inner_text()
    assert re.search(r"Barbarian sends back the Soldier to .+ hand\.", log), log
    assert alice.page.locator(".cg-toast").is_hidden()
    bob.shot("site-multi-castel2-send-back.png")


def test_citadel_with_a_bot_teammate_to_the_end(people) -> None:
    cleo = people("cleo")
    cleo.open_table("citadel", 2, opponent="bot", level="easy", difficulty="hard", shot="site-multi-form-citadel.png")
    # (Citadel is cooperative: no mode, no stake on its form)
    gid = cleo.enter_game(".ctl-root")
    f = cleo.settled(".ctl-root")
    players = f["game"]["players"]
    assert sorted(p["bot"] or "me" for p in players) == ["easy", "me"]
    assert f["view"]["difficulty"] == "hard"
    me = f["seat"]
    rng = random.Random(3)
    clicks = 0
    bot_turns = set()
    while True:
        f = cleo.settled(".ctl-root")
        if f["game"]["status"] != "active":
            break
        if me not in f["game"]["to_act"] or not f["legal"]:
            cleo.page.wait_for_timeout(100)
            continue
        assert clicks < 80, "the game does not end"
        if clicks == 3:
            cleo.shot("site-multi-citadel.png")
        # Any legal action but cards and powers, whose step-by-step targeting the board tests
        # cover (tests/browser/test_citadel_ui.py reads it from the harness page).
        legal = [a for a in f["legal"] if a["type"] not in ("card", "power")]
        ends = [a for a in legal if a["type"] == "end_actions"]
        action = ends[0] if ends and rng.random() < 0.4 else rng.choice(legal)
        perform(cleo.page, action, f["view"])
        cleo.page.wait_for_function(
            f"() => Number(document.querySelector('.ctl-root').dataset.version) > {f['v']}", timeout=30000)
        clicks += 1
        bot_turns |= {x["event"]["by"] for x in cleo.frames
                      if x["game"]["id"] == gid and x["t"] == "event" and x["event"].get("by") != me}
    assert clicks >= 2
    assert bot_turns & {1 - me}, "the bot teammate played its own turns"
    v = f["view"]
    assert f["game"]["status"] == "finished" and (len(v["saved"]) == 4 or len(v["lost"]) == 4)
    cleo.page.wait_for_selector(".ctl-overlay.ctl-ov-end")
    assert cleo.page.locator("#status-line[data-over='1']").is_visible()
    won = len(v["saved"]) == 4
    assert cleo.page.locator("#status-line").inner_text().startswith("You won (" if won else "You lost (")
    cleo.shot("site-multi-citadel-end.png")
    # the replay (anyone's) says how the team did, not one teammate's name or nothing
    cleo.page.goto(f"/g/{gid}/replay")
    cleo.page.wait_for_function("() => document.getElementById('status-line').textContent.length > 0")
    assert cleo.page.locator("#status-line").inner_text().startswith("The team won (" if won else "The team lost (")


def test_a_three_seat_table_fills_live_then_with_a_bot(people) -> None:
    """The lobby shows who sits where, live; a second person sits and waits on the table page;
    the creator fills the last seat with a bot and both land in the game."""
    dora, eve = people("dora"), people("eve")
    eve.page.goto("/")
    eve.page.wait_for_function("() => document.querySelectorAll('#open-tables').length === 1")
    dora.open_table("castel", 3)
    dora.page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    assert dora.page.locator("#seat-list li").count() == 3
    assert dora.page.locator("#seat-list li.open").count() == 2
    row = eve.page.locator("#open-tables .table-row", has_text="Castel")
    row.wait_for()
    assert row.get_attribute("data-seats") == "3"
    assert row.locator(".tr-seat").all_inner_texts()[1:] == ["Open seat", "Open seat"]
    eve.shot("site-multi-lobby.png")
    row.locator("[data-join]").click()
    # Eve sits and waits: the table page shows her in her seat...
    eve.page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    eve.page.wait_for_selector("#seat-list li.me")
    assert eve.page.locator("#seated").is_visible() and eve.page.locator("#join-btn").is_hidden()
    # ...and Dora's page shows her arrive, live.
    dora.page.wait_for_function("() => document.querySelectorAll('#seat-list li.open').length === 1")
    dora.shot("site-multi-table.png")
    dora.page.locator("#fill-level").select_option("easy")
    dora.page.locator("#fill-btn").click()
    gid = dora.enter_game(".cg-root")
    assert eve.enter_game(".cg-root") == gid
    players = dora.settled(".cg-root")["game"]["players"]
    assert sorted(p["bot"] or "person" for p in players) == ["easy", "person", "person"]


class Requests:
    """A new page of ``person``'s context, watched from before it loads: the URLs of its GETs
    that end with ``suffix``, the URLs of its sockets, and the types of the frames its lobby
    sockets receive."""

    def __init__(self, person: Person, suffix: str) -> None:
        self.page = person.ctx.new_page()
        self.gets: list[str] = []
        self.frames: list[str] = []
        self.sockets: list[str] = []
        self.page.on("request", lambda r: self.gets.append(r.url)
                     if r.method == "GET" and r.url.endswith(suffix) else None)
        self.page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        self.sockets.append(ws.url)
        if "/ws/lobby" in ws.url:
            ws.on("framereceived", lambda p: self.frames.append(json.loads(p)["t"]))

    def steady(self, gets_for_frames: Any, what: str) -> None:
        """Wait until some frame came and, for half a second, the GETs number
        ``gets_for_frames(frames)`` (a frame's GET is seen a moment after the frame; a second GET
        for the same frame would be asked in the same tick)."""
        since = None
        for _ in range(300):
            if self.frames and len(self.gets) == gets_for_frames(self.frames):
                since = since or time.monotonic()
                if time.monotonic() - since >= 0.5:
                    return
            else:
                since = None
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{len(self.gets)} GETs of {what} for the frames {self.frames}")


def test_the_table_page_asks_for_its_table_once_a_tables_frame(people) -> None:
    """The table page GETs its table once for each "tables" frame of its lobby socket, the
    first of which comes as the socket gets in (so it also covers what changed while the page
    loaded): not once more when the socket connects. A seat taken meanwhile shows, live."""
    fay, gus = people("fay"), people("gus")
    fay.open_table("castel", 3)
    fay.page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    tid = fay.page.url.rsplit("/", 1)[1]
    seen = Requests(fay, f"/api/tables/{tid}")
    seen.page.goto(f"/t/{tid}")
    seen.steady(lambda frames: frames.count("tables"), "the table")
    assert gus.page.request.post(f"/api/tables/{tid}/join").ok
    seen.page.wait_for_function("() => document.querySelectorAll('#seat-list li.open').length === 1")
    seen.steady(lambda frames: max(2, frames.count("tables")), "the table")  # gus's seat: a second frame
    assert [u.split("/ws/", 1)[1] for u in seen.sockets] == ["lobby"]  # the page's one socket


def test_the_home_page_asks_for_your_games_once_a_connection(people) -> None:
    """The home page's list of your games and the header's count share each answer of
    /api/my-games: one GET when its lobby socket's first frame comes (nothing is missed: the
    server listens before it sends it), one for each "games_changed" or "turn" frame; not one
    for each."""
    hal = people("hal")
    r = hal.page.request.post("/api/tables", data={"game": "castel", "seats": 2, "opponent": "bot", "bot_level": "easy"})
    assert r.ok, r.text()
    gid = r.json()["table"]["game_id"]
    seen = Requests(hal, "/api/my-games")
    seen.page.goto("/")
    seen.page.locator(f"#my-games a[href='/g/{gid}']").wait_for()
    # (a "turn" comes when the bot has moved: hal is not at that game's board)
    seen.steady(lambda frames: 1 + sum(f in ("games_changed", "turn") for f in frames), "/api/my-games")
    assert [u.split("/ws/", 1)[1] for u in seen.sockets] == ["lobby"]  # the page's one socket
