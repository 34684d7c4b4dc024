"""The end of a game and the pages around it, in Chromium against the real server:

- a visitor's "Play with the computer" is one click to a game against the easy bot;
- a draw offered to the bot in a position it judges lost is accepted, visibly, and the board
  stops saying "your turn";
- a ranked game with a stake ends by resignation: no "your turn" is left on any board, the
  result banner names the reason, the Elo change and the coin change; the profile's recent
  games show both changes; a spectator follows the players into their rematch;
- the shop asks before it spends coins;
- at 390×844 the top bar is one row and opens its nav from a menu button;
- after an intent's ack, the board waits for the intent's own event before it takes input;
- a premove picked on the opponent's turn is sent as soon as the opponent has moved.

Every UnfairChess game of this server starts from a fixed position (``DONJON_TEST_GAME_OPTIONS``):
White has a rook and a pawn more, so the bot playing Black accepts a draw.
"""

from __future__ import annotations

import concurrent.futures
import io
import json
import re
import sqlite3
import time
from typing import Any

import pytest

from tests.browser.conftest import save_shot, site_env

pytestmark = pytest.mark.browser

FEN = "4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1"
ENV = site_env({"unfairchess": {"fen": FEN}}, bot_min_delay=0.2, bot_workers=1, timer_interval=0.25,
               register_limit=100)  # the module's tests register more than 20 players from one address
PASSWORD = "correct horse battery"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("end", ENV)


@pytest.fixture()
def new_page(browser, site):
    """``new_page(viewport)``: a page in a fresh context (own cookies); page errors fail the test."""
    made: list[Any] = []
    errors: list[str] = []

    def make(viewport: dict[str, int] = DESKTOP) -> Any:
        ctx = browser.new_context(base_url=site.url, viewport=viewport, device_scale_factor=1, reduced_motion="reduce")
        ctx.set_default_timeout(15000)
        made.append(ctx)
        pg = ctx.new_page()
        pg.on("pageerror", lambda e: errors.append(str(e)))
        return pg

    yield make
    for ctx in made:
        ctx.close()
    assert not errors, errors


def register(pg: Any, name: str) -> None:
    r = pg.request.post("/api/register", data={"username": name, "password": PASSWORD})
    assert r.ok, r.text()


def enter(pg: Any) -> str:
    pg.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    pg.wait_for_selector("#conn-state[data-state='connected']")
    pg.wait_for_function("() => document.querySelector('.ucg-root')?.dataset.version !== ''")
    return pg.url.rsplit("/", 1)[1]


def move(pg: Any, uci: str) -> None:
    pg.wait_for_selector(".ucg-root.ucg-can-act")
    v = int(pg.locator(".ucg-root").get_attribute("data-version") or -1)
    pg.locator(f".ucg-sq[data-square='{uci[:2]}']").click()
    pg.locator(f".ucg-sq[data-square='{uci[2:4]}']").click()
    pg.wait_for_function("v => Number(document.querySelector('.ucg-root').dataset.version) > v", arg=v)


def seated(alice: Any, bob: Any, table: dict[str, Any]) -> str:
    """Alice opens ``table``, Bob joins it: the id of their game."""
    r = alice.request.post("/api/tables", data=table)
    assert r.ok, r.text()
    tid = r.json()["table"]["id"]
    assert bob.request.post(f"/api/tables/{tid}/join").ok
    return str(alice.request.get(f"/api/tables/{tid}").json()["table"]["game_id"])


def at_the_board(alice: Any, bob: Any, names: tuple[str, str], table: dict[str, Any]) -> str:
    """Alice and Bob sign up as ``names``, sit at ``table`` (Alice opens it) and open its game,
    both connected: its id."""
    register(alice, names[0])
    register(bob, names[1])
    gid = seated(alice, bob, table)
    for pg in (alice, bob):
        pg.goto(f"/g/{gid}")
        enter(pg)
    return gid


def shot(pg: Any, name: str) -> None:
    save_shot(pg, name, animations="disabled")


def no_turn_shown(pg: Any) -> None:
    assert pg.locator(".ucg-tomove").count() == 0
    assert pg.locator(".ucg-root.ucg-can-act").count() == 0
    assert pg.locator("#status-line[data-over='1']").count() == 1


def test_play_with_the_computer_is_one_click(new_page) -> None:
    pg = new_page()
    pg.goto("/")
    pg.locator("[data-quick-game=unfairchess]").click()
    enter(pg)
    assert pg.locator(".ucg-top .ucg-pname").inner_text() == "Bot (easy)"
    pg.wait_for_selector(".userbox .chip-guest")  # the visitor plays as a guest


def test_a_guest_who_signs_up_mid_game_comes_back_to_the_game(new_page) -> None:
    """The header's Sign up (and Log in) bring the visitor back to the page they left: a
    guest who signs up in the middle of a game is back on its board, in their seat."""
    pg = new_page(PHONE)
    pg.goto("/")
    pg.locator("[data-quick-game=unfairchess]").click()
    gid = enter(pg)
    pg.locator(".userbox a[href^='/register']").click()
    pg.wait_for_url(re.compile(r"/register\?next="))
    assert pg.locator("a[href^='/login?next=']").count() >= 1  # "Have an account? Log in" keeps it
    pg.fill("#auth-form input[name=username]", "midgame")
    pg.fill("#auth-form input[name=password]", PASSWORD)
    pg.locator("#auth-form button[type=submit]").click()
    pg.wait_for_url(re.compile(rf"/g/{gid}$"))
    enter(pg)
    me = pg.request.get("/api/me").json()["user"]
    players = pg.request.get(f"/api/games/{gid}").json()["game"]["players"]
    assert me["username"] == "midgame" and me["id"] in [p["user_id"] for p in players]


def test_a_bot_is_named_in_the_pages_language(new_page) -> None:
    """A bot's seat is stored as "Bot (easy)"; a page names it in its own language: on the
    board, in the list of games being played, in the player's own list of games and, once
    the game is over, among the opponents of the player's profile."""
    pg = new_page()
    register(pg, "linguist")
    pg.goto("/?lang=es")
    pg.locator("[data-quick-game=unfairchess]").click()
    gid = enter(pg)
    for lang, name in (("es", "Bot (fácil)"), ("fr", "Bot (facile)"), ("en", "Bot (easy)")):
        pg.goto(f"/g/{gid}?lang={lang}")
        pg.wait_for_selector("#conn-state[data-state='connected']")
        assert pg.locator(".ucg-top .ucg-pname").inner_text() == name
        pg.goto(f"/watch?lang={lang}")
        pg.wait_for_function("n => [...document.querySelectorAll('.gl-players')].some((e) => e.textContent.includes(n))",
                             arg=name)
        pg.goto(f"/my-games?lang={lang}")
        pg.wait_for_function("n => [...document.querySelectorAll('.gl-players')].some((e) => e.textContent.includes(n))",
                             arg=name)
    pg.goto(f"/g/{gid}")
    pg.wait_for_selector("#conn-state[data-state='connected']")
    end = pg.locator("#actions [data-act=abort], #actions [data-act=resign]").first
    if end.get_attribute("data-act") == "resign":  # asks first; an abort does not
        pg.once("dialog", lambda d: d.accept())
    end.click()
    pg.wait_for_selector("#status-line[data-over='1']")
    for lang, name in (("es", "Bot (fácil)"), ("en", "Bot (easy)")):
        pg.goto(f"/profile/linguist?lang={lang}")
        pg.wait_for_function("n => document.querySelector('#recent-games .gl-players')?.textContent.includes(n)", arg=name)


def test_bots_of_one_level_are_told_apart(new_page) -> None:
    """Two bots of one level at a table of three were both "Bot (normal)" on the board, in
    "Waiting for …", the lists of games and the profile: they are numbered in seat order."""
    pg = new_page()
    register(pg, "trio")
    r = pg.request.post("/api/tables", data={"game": "castel", "seats": 3, "opponent": "bot"})
    assert r.ok, r.text()
    gid = r.json()["table"]["game_id"]
    pg.goto(f"/g/{gid}")
    pg.wait_for_selector("#conn-state[data-state='connected']")
    pg.wait_for_selector(".cg-seat-name")
    names = pg.locator(".cg-seat-name").all_inner_texts()  # "Bot 1 (normal) blue": the seat's colour after it
    assert sorted(n.rsplit(" ", 1)[0] for n in names if n.startswith("Bot")) == ["Bot 1 (normal)", "Bot 2 (normal)"], names
    pg.goto("/my-games")
    players = pg.locator(f"#my-games-list li[data-game-id='{gid}'] .gl-players")
    players.wait_for()
    assert "Bot 1 (normal)" in players.inner_text() and "Bot 2 (normal)" in players.inner_text()
    pg.goto(f"/g/{gid}")
    pg.wait_for_selector("#conn-state[data-state='connected']")
    leave = pg.locator("#actions [data-act=abort], #actions [data-act=resign]").first
    if leave.get_attribute("data-act") == "resign":
        pg.once("dialog", lambda d: d.accept())
    leave.click()
    pg.wait_for_selector("#status-line[data-over='1']")
    pg.goto("/profile/trio")
    pg.wait_for_function("() => document.querySelector('#recent-games .gl-players')?.textContent.includes('Bot 2 (normal)')")
    assert "Bot 1 (normal)" in pg.locator("#recent-games .gl-players").first.inner_text()
    pg.goto(f"/g/{gid}/replay")
    pg.wait_for_selector("#players .pb-name")
    assert sorted(n for n in pg.locator("#players .pb-name").all_inner_texts() if n.startswith("Bot")) == [
        "Bot 1 (normal)", "Bot 2 (normal)"]


# game → (its board's root, where the board says how the game ended)
ENDS = {"unfairchess": (".ucg-root", ".ucg-b-over"), "castel": (".cg-root", ".cg-over-title"),
        "citadel": (".ctl-root", ".ctl-status")}


@pytest.mark.parametrize("game", list(ENDS))
def test_an_aborted_game_has_no_winner_on_its_board(new_page, game) -> None:
    """An aborted game has no result: the board says so, in the page's language, instead of
    a loss ("Tu as perdu", UnfairChess), a draw (Castel) or the Professor's win (Citadel),
    and no longer asks what the game stopped on (Citadel's choice of a character)."""
    root, said = ENDS[game]
    pg = new_page()
    pg.goto("/?lang=fr")
    pg.locator(f"[data-quick-game={game}]").click()
    pg.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    pg.wait_for_selector("#conn-state[data-state='connected']")
    pg.wait_for_function(f"() => (document.querySelector('{root}')?.dataset.version || '') !== ''")
    pg.locator("#actions [data-act=abort]").click()
    pg.wait_for_selector("#status-line[data-over='1']")
    pg.wait_for_function("s => document.querySelector(s)?.textContent.includes('Partie annulée')", arg=said)
    text = pg.locator(root).inner_text()
    for wrong in ("perdu", "Nulle", "Égalité", "gagne", "Victoire", "Le Professeur", "Choisis ton personnage"):
        assert wrong not in text, (wrong, text)
    shot(pg, f"site-aborted-{game}.png")


FAKE_AUDIO = """
window.__sounds = [];
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() {
    const o = { type: "", frequency: { value: 0 }, connect: (n) => n, stop() {},
                start() { window.__sounds.push(o.frequency.value); } };
    return o;
  }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n) => n }; }
};
"""
"""A Web Audio stand-in that records the frequency of every note started (``window.__sounds``)."""


def sounds(pg: Any) -> list[float]:
    return list(pg.evaluate("window.__sounds"))


def test_moves_and_the_end_sound_unless_the_speaker_is_off(new_page) -> None:
    """Each move played, the player's own and the bot's, sounds once as it arrives, and the
    game's end has its own two notes; opening or reloading the page sounds nothing. The
    speaker button turns the sounds off for this browser: the next game is silent."""
    pg = new_page()
    pg.add_init_script(FAKE_AUDIO)
    pg.on("dialog", lambda d: d.accept())
    pg.goto("/")
    assert pg.request.post("/api/guest").ok
    speaker = pg.locator("#sound-btn")

    def against_the_bot() -> None:
        r = pg.request.post("/api/tables", data={"game": "unfairchess", "opponent": "bot", "bot_level": "easy",
                                                   "color": "white"})
        assert r.ok, r.text()
        pg.goto(f"/g/{r.json()['table']['game_id']}")
        enter(pg)
        assert sounds(pg) == []
        move(pg, "a1a7")
        pg.wait_for_selector(".ucg-root.ucg-can-act")  # the bot has answered

    against_the_bot()
    assert pg.locator("#chat").count() == 0  # against the computer there is nobody to talk to
    assert speaker.get_attribute("aria-pressed") == "true"
    # one note for each action (the bot may play a card before its move): as many as versions
    played = int(pg.locator(".ucg-root").get_attribute("data-version") or 0)
    assert played >= 2 and sounds(pg) == [520] * played, sounds(pg)
    pg.reload()
    enter(pg)
    assert sounds(pg) == []
    pg.locator("[data-act='resign']").click()
    pg.wait_for_selector("#status-line[data-over='1']")
    assert sounds(pg) == [660, 880], sounds(pg)

    speaker.click()
    assert speaker.get_attribute("aria-pressed") == "false"
    against_the_bot()
    assert speaker.get_attribute("aria-pressed") == "false"
    pg.locator("[data-act='resign']").click()
    pg.wait_for_selector("#status-line[data-over='1']")
    assert sounds(pg) == []


def test_the_bot_accepts_a_draw_it_judges_lost(new_page) -> None:
    pg = new_page()
    pg.goto("/")
    assert pg.request.post("/api/guest").ok
    r = pg.request.post("/api/tables", data={"game": "unfairchess", "opponent": "bot", "bot_level": "easy",
                                               "color": "white"})  # the bot plays Black, a rook down
    assert r.ok, r.text()
    pg.goto(f"/g/{r.json()['table']['game_id']}")
    enter(pg)
    pg.locator("[data-act=draw-offer]").click()
    pg.wait_for_selector("#status-line[data-over='1']")
    assert "agreement" in pg.locator("#status-line").inner_text()
    toasts = " ".join(pg.locator(".toast").all_inner_texts())
    assert "accepts the draw" in toasts
    no_turn_shown(pg)
    assert pg.locator("#result-banner").is_visible()


def test_a_ranked_game_ends_cleanly_and_a_spectator_follows_the_rematch(new_page) -> None:
    alice, bob, watcher = new_page(), new_page(PHONE), new_page()
    register(alice, "alice")
    register(bob, "bobby")
    gid = seated(alice, bob, {"game": "unfairchess", "mode": "ranked", "stake": 50, "color": "white",
                             "opponent": "anyone"})
    for pg in (alice, bob, watcher):
        pg.goto(f"/g/{gid}")
        enter(pg)
    move(alice, "e2e3")
    move(bob, "e8d8")
    move(alice, "e3e4")
    alice.once("dialog", lambda d: d.accept())
    alice.locator("[data-act=resign]").click()
    for pg in (alice, bob, watcher):
        pg.wait_for_selector("#result-banner:not([hidden])")
        no_turn_shown(pg)
        assert "resignation" in pg.locator("#result-banner").inner_text()
    # the players see what the game changed for them: Elo and coins
    bob.wait_for_selector("#result-banner .rb-coins")
    assert bob.locator("#result-banner .rb-coins").get_attribute("data-change") == "50"
    assert int(bob.locator("#result-banner .rb-elo").get_attribute("data-change")) > 0
    alice.wait_for_selector("#result-banner .rb-coins")
    assert alice.locator("#result-banner .rb-coins").get_attribute("data-change") == "-50"
    assert int(alice.locator("#result-banner .rb-elo").get_attribute("data-change")) < 0
    assert watcher.locator("#result-banner .rb-changes").count() == 0  # a spectator's game changed nothing
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    shot(bob, "site-end-390.png")
    shot(alice, "site-end-1280.png")

    # the profile's recent games: the Elo and the coin change
    bob.goto("/profile/bobby")
    row = bob.locator(f"#recent-games li[data-game-id='{gid}']")
    row.wait_for()
    assert row.locator("[data-coins]").get_attribute("data-coins") == "50"
    assert int(row.locator("[data-delta]").get_attribute("data-delta")) > 0

    # a rematch: the spectator follows the players into the new game
    bob.goto(f"/g/{gid}")
    enter(bob)
    bob.locator("[data-act=rematch-offer]").click()
    alice.locator("#actions [data-act=rematch-accept]").click()  # beside her board (the bar is for one column)
    for pg in (alice, bob, watcher):
        pg.wait_for_url(re.compile(r"/g/(?!" + gid + r")[^/?#]+$"), timeout=10000)
    assert watcher.url == alice.url == bob.url


def test_the_shop_asks_before_it_spends(new_page) -> None:
    pg = new_page()
    register(pg, "carol")
    pg.goto("/shop")
    pg.wait_for_selector("#hat-grid[data-loaded='1'] [data-buy]")
    before = pg.locator("#shop-balance").inner_text()
    asked: list[str] = []

    def dismiss(d: Any) -> None:
        asked.append(d.message)
        d.dismiss()

    pg.once("dialog", dismiss)
    pg.locator("[data-buy]:not([disabled])").first.click()
    for _ in range(200):  # the dialog's event may reach the test a moment after the click
        if asked:
            break
        pg.wait_for_timeout(50)
    assert asked and "coins" in asked[0]
    assert pg.locator("#shop-balance").inner_text() == before
    assert pg.request.get("/api/shop").json()["balance"] == int(before)
    pg.once("dialog", lambda d: d.accept())
    pg.locator("[data-buy]:not([disabled])").first.click()
    pg.wait_for_function("b => document.getElementById('shop-balance').textContent !== b", arg=before)
    assert int(pg.locator("#shop-balance").inner_text()) < int(before)


def test_the_top_bar_is_one_row_on_a_phone(new_page) -> None:
    pg = new_page(PHONE)
    register(pg, "a_long_username_x")
    pg.goto("/")
    bar = pg.locator(".topbar").bounding_box()
    assert bar["height"] < 60, bar
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    assert pg.locator(".mainnav").is_hidden()
    pg.locator("#nav-toggle").click()
    watch = pg.locator(".mainnav a[href='/watch']")
    assert watch.is_visible()
    pg.keyboard.press("Escape")
    assert pg.locator(".mainnav").is_hidden()
    shot(pg, "site-header-390.png")
    desk = new_page()
    desk.goto("/")
    assert desk.locator("#nav-toggle").is_hidden() and desk.locator(".mainnav a[href='/watch']").is_visible()


def test_the_longest_names_stay_inside_the_window(new_page) -> None:
    """Two players with the longest usernames (20 wide letters, no space to break at): their
    game, the table page, a profile, the lobby and the lists of games never scroll sideways,
    on a phone or a laptop (a name is cut with an ellipsis or broken, never widens its box)."""
    wide, other = "W" * 20, "M" * 20
    alice, bob = new_page(), new_page()
    register(alice, wide)
    register(bob, other)
    gid = seated(alice, bob, {"game": "unfairchess", "opponent": "anyone", "mode": "ranked", "stake": 10})
    r = alice.request.post("/api/tables", data={"opponent": "anyone", "mode": "friendly"})
    assert r.ok, r.text()
    waiting = r.json()["table"]["id"]
    try:
        for width, height in ((390, 844), (1280, 860)):
            alice.set_viewport_size({"width": width, "height": height})
            for path in (f"/g/{gid}", f"/t/{waiting}", f"/u/{other}", f"/profile/{wide}", "/", "/my-games", "/watch"):
                alice.goto(path)
                alice.wait_for_load_state("networkidle")
                over = alice.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert over <= 0, f"{path} at {width}px: {over}px wider than the window"
    finally:
        alice.request.delete(f"/api/tables/{waiting}")


def test_a_phones_list_of_games_names_each_game(new_page) -> None:
    """/my-games (and /watch, the same list) on a phone: each row says which game it is, and
    who plays it, whole (the opponent's name came last and was cut to "cont…")."""
    pg = new_page(PHONE)
    assert pg.request.post("/api/guest").ok
    pg.goto("/")
    pg.locator("[data-quick-game]").first.click()
    pg.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    pg.goto("/my-games")
    row = pg.locator("#my-games-list li[data-game-id]").first
    row.wait_for()
    kind = row.locator(".gl-kind")
    first = pg.request.get("/api/games").json()["games"][0]["name"]  # the quick game's
    assert kind.is_visible() and kind.inner_text() == first
    players = row.locator(".gl-players")
    assert "Bot (easy)" in players.inner_text()
    assert players.evaluate("e => e.scrollWidth <= e.clientWidth"), players.inner_text()
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    shot(pg, "site-my-games-390.png")


@pytest.mark.parametrize("width", [1221, 1280, 1440])
def test_the_top_bar_is_one_row_on_a_desktop(new_page, width) -> None:
    """Every nav entry (Learn and Puzzles too) and the user box fit one row in the three
    languages, for a guest (name, Sign up, Log out) and for a member (coins, name)."""
    for who in ("guest", "member"):
        pg = new_page({"width": width, "height": 860})
        if who == "guest":
            assert pg.request.post("/api/guest").ok
        else:
            register(pg, f"a_long_name_{width}")
        for lang in ("en", "fr", "es"):
            pg.goto(f"/?lang={lang}")
            bar = pg.locator(".topbar").bounding_box()
            assert bar["height"] < 60, (who, lang, bar)
            assert pg.locator("#nav-toggle").is_hidden()
            tops = pg.evaluate("() => [...document.querySelectorAll('.mainnav > a, .mainnav > details > summary, .userbox > *')]"
                               ".map((e) => Math.round(e.getBoundingClientRect().height))")
            assert max(tops) < 48, (who, lang, tops)  # no entry wraps onto a second line
            assert pg.evaluate("document.documentElement.scrollWidth") <= width
            for href in ("/", "/watch", "/learn", "/puzzles", "/leaderboard", "/shop"):
                assert pg.locator(f".mainnav a[href='{href}']").is_visible(), (who, lang, href)
        if width == 1280:
            shot(pg, f"site-header-1280-{who}.png")


def test_a_clock_flags_and_the_loser_sees_why(new_page) -> None:
    alice, bob = new_page(), new_page(PHONE)
    register(alice, "dora")
    register(bob, "eddy")
    gid = seated(alice, bob, {"game": "unfairchess", "color": "white", "opponent": "anyone",
                             "time_control": {"initial": 15, "increment": 0}})
    for pg in (alice, bob):
        pg.goto(f"/g/{gid}")
        enter(pg)
        pg.wait_for_selector("#clocks .clk[data-seat='0']")
    move(alice, "e2e3")
    move(bob, "e8d8")
    # on the phone the opponent's strip keeps a short name whole beside "White to move"
    name = bob.locator(".ucg-player:has(.ucg-tomove) .ucg-pname")
    name.wait_for()
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), name.inner_text()
    move(alice, "e3e4")
    # Black's clock runs: it ticks down on both pages, red under 10 s
    bob.wait_for_selector("#clocks .clk.running[data-seat='1']")
    first = float(bob.locator("#clocks .clk[data-seat='1']").get_attribute("data-left"))
    bob.wait_for_function("f => Number(document.querySelector(\"#clocks .clk[data-seat='1']\").dataset.left) < f - 1",
                          arg=first)
    # the move list shows the time each move took (White's 2nd move came right after Black's)
    assert (alice.locator(".mv-ply[data-v='3']").get_attribute("data-spent") or "").endswith("s")
    bob.wait_for_selector("#clocks .clk.low[data-seat='1']", timeout=20000)
    shot(bob, "site-clock-low-390.png")
    bob.wait_for_selector("#status-line[data-over='1']", timeout=30000)
    assert bob.locator("#status-line").inner_text() == "You lost (on time)."
    assert "on time" in bob.locator("#result-banner").inner_text()
    alice.wait_for_selector("#status-line[data-over='1']")
    assert alice.locator("#status-line").inner_text() == "You won (on time)!"
    assert alice.locator("#clocks .clk.running").count() == 0
    # the replay's list shows the time each move took too (the first move has none)
    for _ in range(100):  # the game's end is stored by the group commit
        if alice.request.get(f"/api/games/{gid}/replay").ok:
            break
        alice.wait_for_timeout(100)
    alice.goto(f"/g/{gid}/replay")
    alice.wait_for_selector("#rp-list li[data-i='3'][data-spent]")
    assert alice.locator("#rp-list li[data-i='3']").get_attribute("data-spent").endswith("s")
    assert alice.locator("#rp-list li[data-i='1']").get_attribute("data-spent") is None


def test_the_players_chat_live_after_a_reload_and_not_for_spectators(new_page) -> None:
    alice, bob, watcher = new_page(), new_page(PHONE), new_page()
    register(alice, "chatty")
    register(bob, "quiet")
    gid = seated(alice, bob, {"game": "unfairchess", "color": "white", "opponent": "anyone"})
    for pg in (alice, bob, watcher):
        pg.goto(f"/g/{gid}")
        enter(pg)
    assert watcher.locator("#chat").count() == 0  # what the players say is theirs
    # everybody sees that one person watches
    for pg in (alice, bob, watcher):
        pg.wait_for_selector("#watching:not([hidden]) >> text='1 watching'")
    # the list of live games says so too
    for size, name in ((PHONE, "390"), (DESKTOP, "1280")):
        lister = new_page(size)
        lister.goto("/watch")
        lister.wait_for_selector(f"#live-games a[href='/g/{gid}'] .gl-watching >> text='1 watching'")
        shot(lister, f"site-watch-{name}.png")
    assert alice.locator("#chat-lines").inner_text() == "Nobody has written yet."
    # on the phone the chat is below the board, out of view: a line also comes as a toast
    bob.evaluate("scrollTo(0, 0)")
    alice.fill("#chat-form input", "good luck <b>!</b>")
    alice.keyboard.press("Enter")
    alice.wait_for_selector("#chat-lines li.mine")
    assert alice.locator("#chat-form input").input_value() == ""
    line = bob.locator("#chat-lines li[data-seat='0']")
    line.wait_for()
    assert line.inner_text().split(maxsplit=1) == ["chatty", "good luck <b>!</b>"]  # text, not markup
    assert bob.locator("#chat-lines b").count() == 0
    bob.wait_for_selector(".toast:has-text('chatty: good luck <b>!</b>')")
    bob.fill("#chat-form input", "thanks")
    bob.locator("#chat-form button").click()
    alice.wait_for_selector("#chat-lines li[data-seat='1']:has-text('thanks')")
    shot(bob, "site-chat-390.png")
    shot(alice, "site-chat-1280.png")
    watcher.close()
    alice.wait_for_selector("#watching", state="hidden")
    # a reload shows the conversation; hiding it is kept by the browser
    bob.reload()
    enter(bob)
    bob.wait_for_selector("#chat-lines li[data-seat='1']")
    assert bob.locator("#chat-lines li").count() == 2
    bob.locator("#chat-toggle").click()
    assert not bob.locator("#chat-lines").is_visible()
    bob.reload()
    enter(bob)
    assert bob.locator("#chat").get_attribute("data-off") == "The chat is hidden on this browser."
    assert not bob.locator("#chat-form").is_visible()
    # a line refused by the server says why and changes nothing
    alice.evaluate("document.querySelector('#chat-form input').removeAttribute('maxlength')")
    alice.fill("#chat-form input", "x" * 201)
    alice.keyboard.press("Enter")
    alice.wait_for_selector(".toast:has-text('at most 200 characters')")
    assert alice.locator("#chat-lines li").count() == 2
    # on a French page the server's refusal is French: the socket carries the page's language
    alice.goto("/?lang=fr")
    alice.goto(f"/g/{gid}")
    enter(alice)
    alice.evaluate("document.querySelector('#chat-form input').removeAttribute('maxlength')")
    alice.fill("#chat-form input", "x" * 201)
    alice.keyboard.press("Enter")
    alice.wait_for_selector(".toast:has-text('un message du chat a au plus 200 caractères (201 ici)')")
    assert alice.locator("#chat-lines li").count() == 2


def test_after_the_ack_the_board_waits_for_its_own_event(new_page) -> None:
    """The server acknowledges an intent before it sends the event the intent made: until that
    event is on the board, the board takes no input (it offered the position the move had just
    left, and a Citadel vote twice)."""
    alice, bob = new_page(), new_page()
    register(alice, "hasty")
    register(bob, "patient")
    gid = seated(alice, bob, {"game": "unfairchess", "color": "white", "opponent": "anyone"})
    acks: list[int] = []
    held: list[str] = []
    pages: list[Any] = []  # the route's page side, to let the held event through

    def route(ws: Any) -> None:
        server = ws.connect_to_server()
        pages.append(ws)

        def down(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("t") == "ack":
                acks.append(frame["v"])
            if frame.get("t") == "event" and frame["v"] in acks:
                held.append(str(message))  # the event of Alice's own move, kept back
            else:
                ws.send(message)

        server.on_message(down)

    alice.route_web_socket(re.compile(r"/ws/game/"), route)
    for pg in (alice, bob):
        pg.goto(f"/g/{gid}")
        enter(pg)
    alice.wait_for_selector(".ucg-root.ucg-can-act")
    alice.locator(".ucg-sq[data-square='e2']").click()
    alice.locator(".ucg-sq[data-square='e4']").click()
    for _ in range(100):
        if held:
            break
        alice.wait_for_timeout(50)
    assert acks == [1] and len(held) == 1
    alice.wait_for_timeout(300)
    root = alice.locator(".ucg-root")
    assert root.get_attribute("data-version") == "0"
    assert root.get_attribute("data-state") == "pending"
    assert alice.locator(".ucg-root.ucg-can-act").count() == 0
    bob.wait_for_function("() => document.querySelector('.ucg-root').dataset.version === '1'")
    pages[-1].send(held[0])
    alice.wait_for_function("() => document.querySelector('.ucg-root').dataset.version === '1'")
    alice.wait_for_selector(".ucg-root[data-state='idle']")
    assert alice.locator(".ucg-piece[data-square='e4']").count() == 1
    move(bob, "e8d8")
    alice.wait_for_selector(".ucg-root.ucg-can-act")


def type_move(pg: Any, text: str) -> None:
    pg.fill(".ucg-typed input", text)
    pg.keyboard.press("Enter")


def test_moves_typed_in_algebraic_notation(new_page) -> None:
    """A player types moves in the moves panel: Enter plays the one legal move the text names
    (SAN with the pieces' letters of the page's language, or UCI); a text naming none is
    said and plays nothing, as is typing out of turn. A spectator has no field."""
    ana, bo, fan = new_page(), new_page(PHONE), new_page()
    register(ana, "typista")
    register(bo, "tipeador")
    gid = seated(ana, bo, {"game": "unfairchess", "color": "white", "opponent": "anyone"})
    bo.goto("/?lang=fr")  # the language is kept (a cookie)
    ana.goto(f"/g/{gid}")
    bo.goto(f"/g/{gid}")
    for pg in (ana, bo):
        enter(pg)
    assert ana.locator(".ucg-typed input").get_attribute("placeholder") == "Type a move (Nf3, e4, O-O)"
    type_move(bo, "Rd8")
    bo.wait_for_selector(".ucg-toast:has-text('Attends ton tour')")  # not their turn
    type_move(ana, "Nf3")
    ana.wait_for_selector(".ucg-toast:has-text('No legal move is “Nf3”')")
    assert ana.locator(".ucg-root").get_attribute("data-version") == "0"
    type_move(ana, "Ra7+")
    bo.wait_for_function("() => document.querySelector('.ucg-root').dataset.version === '1'")
    assert bo.locator(".ucg-piece[data-square='a7']").count() == 1
    assert ana.locator(".ucg-typed input").input_value() == ""
    type_move(bo, "Kf8")  # the move list's letters in every language
    ana.wait_for_function("() => document.querySelector('.ucg-root').dataset.version === '2'")
    assert ana.locator(".ucg-piece[data-square='f8']").count() == 1
    type_move(ana, "e2e4")
    bo.wait_for_function("() => document.querySelector('.ucg-root').dataset.version === '3'")
    assert bo.locator(".ucg-piece[data-square='e4']").count() == 1
    shot(bo, "site-typed-move-390.png")
    fan.goto(f"/g/{gid}")
    fan.wait_for_selector("#conn-state[data-state='connected']")
    assert fan.locator(".ucg-typed").count() == 0


def test_a_premove_is_sent_when_the_opponent_has_moved(new_page) -> None:
    alice, bob = new_page(), new_page(PHONE)
    register(alice, "opener")
    register(bob, "premover")
    gid = seated(alice, bob, {"game": "unfairchess", "color": "white", "opponent": "anyone"})
    for pg in (alice, bob):
        pg.goto(f"/g/{gid}")
        enter(pg)
    bob.locator(".ucg-sq[data-square='e8']").click()
    bob.locator(".ucg-sq[data-square='d8']").click()
    assert bob.locator(".ucg-premove").count() == 2
    move(alice, "e2e4")
    bob.wait_for_function("() => document.querySelector('.ucg-root').dataset.version === '2'")
    assert bob.locator(".ucg-piece[data-square='d8']").count() == 1 and bob.locator(".ucg-premove").count() == 0
    alice.wait_for_selector(".ucg-root.ucg-can-act")
    assert alice.locator(".ucg-piece[data-square='d8']").count() == 1
    # a premove is dropped when its player looks back at an earlier position
    bob.locator(".ucg-sq[data-square='d8']").click()
    bob.locator(".ucg-sq[data-square='c8']").click()
    assert bob.locator(".ucg-premove").count() == 2
    bob.keyboard.press("ArrowLeft")
    bob.wait_for_selector(".mv-past-board")
    bob.keyboard.press("End")
    bob.wait_for_selector(".mv-past-board", state="detached")
    assert bob.locator(".ucg-premove").count() == 0
    move(alice, "a1a2")
    bob.wait_for_function("() => document.querySelector('.ucg-root').dataset.version === '3'")
    bob.wait_for_timeout(300)
    assert bob.locator(".ucg-root").get_attribute("data-version") == "3"
    assert bob.locator(".ucg-piece[data-square='d8']").count() == 1


def log_in(pg: Any, name: str) -> None:
    pg.goto("/login")
    pg.fill("#auth-form input[name=username]", name)
    pg.fill("#auth-form input[name=password]", PASSWORD)
    pg.click("#auth-form button[type=submit]")
    pg.wait_for_url(re.compile(r"/$"))


def log_out(pg: Any) -> None:
    pg.locator("#logout-btn").click()
    pg.wait_for_selector(".userbox a[href^='/login']")


def my_turn_count(pg: Any) -> int:
    """The header's count of what waits for the player, once the site's first look shows one
    (it asks the server after the page loads: a fixed wait is too short on a loaded machine)."""
    pg.wait_for_selector("#turns-count:not([hidden])")
    return int(pg.locator("#turns-count").inner_text())


def test_a_list_of_ones_games_says_who_won(new_page) -> None:
    """/my-games and the home page's "Your games" give each player the game's result for
    them ("Win", "Loss"), not a score by seat ("0–1" said nothing of who they were)."""
    alice, bob = new_page(), new_page()
    at_the_board(alice, bob, ("hilda", "ivan"), {"game": "unfairchess", "color": "black", "opponent": "anyone"})
    move(bob, "e2e3")
    move(alice, "e8d8")
    alice.once("dialog", lambda d: d.accept())
    alice.locator("[data-act=resign]").click()
    alice.wait_for_selector("#result-banner:not([hidden])")
    for pg, word, res in ((alice, "Loss", "res-loss"), (bob, "Win", "res-win")):
        for path, rows in (("/my-games", "#my-games-list li[data-game-id]"), ("/", "#my-games li")):
            pg.goto(path)
            result = pg.locator(f"{rows} .gl-result").first
            result.wait_for()
            assert (result.inner_text(), res in (result.get_attribute("class") or "")) == (word, True), path


def test_a_phone_answers_an_offer_without_scrolling(new_page) -> None:
    """On a phone the actions card is far below the board: an opponent's draw offer comes with
    its two buttons at the window's foot (and no toast saying it twice); in two columns the
    actions card beside the board has them and the bar stays hidden."""
    alice, bob = new_page(), new_page(PHONE)
    at_the_board(alice, bob, ("oona", "piet"), {"game": "unfairchess", "color": "white", "opponent": "anyone"})
    move(alice, "e2e3")
    move(bob, "e8d8")
    alice.locator("#actions [data-act=draw-offer]").click()
    bar = bob.locator("#offer-bar")
    bar.wait_for()
    assert bar.locator(".ob-text").inner_text() == "oona offers a draw."
    box = bar.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]  # in sight
    assert bob.locator("#toasts .toast").count() == 0
    shot(bob, "site-offer-bar-390.png")
    assert alice.locator("#offer-bar").is_hidden()  # her own offer; and beside her board, the actions card
    bar.locator("[data-act=draw-accept]").click()
    for pg in (alice, bob):
        pg.wait_for_selector("#status-line[data-over='1']")
    assert bob.locator("#status-line").inner_text() == "Draw (by agreement)."
    assert bob.locator("#offer-bar").is_hidden()


def test_a_ranked_board_shows_the_players_elo(new_page) -> None:
    """A ranked game in play shows each player's Elo beside their name ("1400?": provisional
    before ten ranked games); on a phone one's own gives its room to one's name. A friendly
    game shows none."""
    alice, bob = new_page(), new_page(PHONE)
    at_the_board(alice, bob, ("rhea", "saul"),
                 {"game": "unfairchess", "mode": "ranked", "color": "white", "opponent": "anyone"})
    assert alice.locator(".ucg-top .kit-rating").inner_text() == "1400?"
    assert alice.locator(".ucg-bottom .kit-rating").inner_text() == "1400?"
    assert bob.locator(".ucg-top .kit-rating").inner_text() == "1400?"
    assert bob.locator(".ucg-bottom .kit-rating").is_hidden()
    friendly = seated(alice, bob, {"game": "unfairchess", "opponent": "anyone"})
    alice.goto(f"/g/{friendly}")
    enter(alice)
    assert alice.locator(".kit-rating").count() == 0
    castel = seated(alice, bob, {"game": "castel", "mode": "ranked", "opponent": "anyone"})
    alice.goto(f"/g/{castel}")
    alice.wait_for_selector(".cg-seat-name")
    assert alice.locator(".cg-seat .kit-rating").all_inner_texts() == ["1400?", "1400?"]


def test_a_correspondence_game_over_two_visits(new_page) -> None:
    alice, bob = new_page(), new_page(PHONE)
    register(alice, "fanny")
    register(bob, "gaston")
    gid = seated(alice, bob, {"game": "unfairchess", "color": "white", "opponent": "anyone",
                             "time_control": {"correspondence_days": 3}})
    for pg in (alice, bob):  # both leave the site for now
        pg.goto("/")
        log_out(pg)

    # Visit 1: White logs in, sees the game waiting for her, moves, logs out.
    log_in(alice, "fanny")
    assert my_turn_count(alice) == 1
    alice.goto("/my-games")
    row = alice.locator(f"#my-games-list li[data-game-id='{gid}']")
    row.wait_for()
    assert "your-turn" in (row.get_attribute("class") or "") and "3 days per move" in row.inner_text()
    row.locator("a").click()
    enter(alice)
    move(alice, "e2e3")
    log_out(alice)

    # Visit 2: Black logs in: one game waits for him; he moves and leaves.
    log_in(bob, "gaston")
    assert my_turn_count(bob) == 1
    bob.goto("/my-games")
    bob.locator(f"#my-games-list li.your-turn[data-game-id='{gid}'] a").click()
    enter(bob)
    move(bob, "e8d8")
    # the opponent's strip on the phone, now to move and with a clock of days: the name whole
    name = bob.locator(".ucg-top:has(.ucg-tomove) .ucg-pname")
    name.wait_for()
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), name.inner_text()
    shot(bob, "site-correspondence-390.png")
    log_out(bob)

    # Visit 3: White again; the game went on without any absence forfeit.
    log_in(alice, "fanny")
    assert my_turn_count(alice) == 1
    alice.goto(f"/g/{gid}")
    enter(alice)
    move(alice, "e3e4")
    assert alice.locator("#status-line[data-over='1']").count() == 0
    # The header's count follows her move at once, not at the site's next look (every 20 s
    # from the page's load): the game page tells it (turns.js turnHere).
    alice.wait_for_function("() => document.getElementById('turns-count').hidden", timeout=10000)


def first_move(white: Any, black: Any, board: Any) -> str:
    """``white`` opens a correspondence game that ``black`` joins; White's page ``board`` (a
    tab of ``white``'s) plays e2e3 there: Black's turn. The game's id."""
    gid = seated(white, black, {"game": "unfairchess", "color": "white", "opponent": "anyone",
                                "time_control": {"correspondence_days": 3}})
    board.goto(f"/g/{gid}")
    enter(board)
    move(board, "e2e3")
    return gid


def test_any_page_hears_of_a_turn_at_once_and_asks_only_then(new_page) -> None:
    """A player on any page of the site (here the tutorials) sees at once that a game became
    their turn: the page's own lobby socket says so (``turn``) and the page asks for its games
    then, not on a timer. The page's timers are stopped (Playwright's clock), so only a frame
    can bring the count. A move the player makes in another tab clears the count in this one
    at once, without a request (the tabs tell each other)."""
    alice, bob = new_page(), new_page()
    register(alice, "hedda")
    register(bob, "ivar")
    gid = seated(alice, bob, {"game": "unfairchess", "color": "white", "opponent": "anyone",
                              "time_control": {"correspondence_days": 3}})
    asked: list[str] = []
    bob.on("request", lambda r: asked.append(r.url) if r.url.endswith("/api/my-games") else None)
    bob.clock.install(time=1_000_000)
    bob.clock.pause_at(1_001_000)  # (the clock runs from its install: pausing is a jump forward)
    with bob.expect_response(lambda r: r.url.endswith("/api/my-games")):
        bob.goto("/learn")  # its first look: when its socket opens
    assert bob.locator("#turns-count").is_hidden()  # White is to move

    alice_sockets: list[str] = []
    alice.on("websocket", lambda ws: alice_sockets.append(ws.url))
    alice.goto(f"/g/{gid}")
    enter(alice)
    move(alice, "e2e3")
    assert my_turn_count(bob) == 1
    assert bob.title().startswith("(1) ")
    assert len(asked) == 2, asked  # when its socket opened, and on the frame

    bob.clock.resume()  # the game page's board needs its timers
    other = bob.context.new_page()  # the same player's second tab: the game
    other.goto(f"/g/{gid}")
    enter(other)
    move(other, "e8d8")
    bob.wait_for_function("() => document.getElementById('turns-count').hidden")
    assert len(asked) == 2, asked

    # A game page holds one socket, its game's, which carries the rest: Alice, at the board of
    # the first game (her turn there), hears that a second one became her turn too.
    assert my_turn_count(alice) == 1
    alice_asked: list[str] = []
    alice.on("request", lambda r: alice_asked.append(r.url) if r.url.endswith("/api/my-games") else None)
    first_move(bob, alice, other)
    alice.wait_for_function("() => document.getElementById('turns-count').textContent === '2'")
    assert len(alice_asked) == 2, alice_asked  # the second game's start ("started"), then its move ("turn")
    assert [u.split("/ws/", 1)[1] for u in alice_sockets] == [f"game/{gid}"], alice_sockets


FAKE_NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", { get() { return window.__hidden; }, configurable: true });
window.Notification = class {
  static get permission() { return localStorage.getItem("fake.permission") || "default"; }
  static async requestPermission() { localStorage.setItem("fake.permission", "granted"); return "granted"; }
  constructor(title, opts) { this.title = title; window.__notes.push({ title, body: opts.body, tag: opts.tag }); window.__note = this; }
  close() {}
};
"""


def notes(pg: Any) -> list[dict[str, str]]:
    return pg.evaluate("window.__notes")  # type: ignore[no-any-return]


def test_a_player_who_asked_is_notified_of_a_turn_while_the_site_is_out_of_view(new_page) -> None:
    """On My games a player turns on the browser's notifications (the permission is asked
    then); once, whatever the number of tabs, a tab out of view tells them of a turn or a
    challenge, and a click opens the game; a tab in view toasts instead, and nothing is
    shown once they are turned off. (The browser's Notification and the page's visibility
    are stand-ins: a headless browser shows neither.)"""
    nora, max_ = new_page(), new_page()
    nora.context.add_init_script(FAKE_NOTIFICATIONS)
    register(nora, "noranote")
    register(max_, "maxmover")
    nora.goto("/my-games")
    button = nora.locator("#notify-btn")
    assert button.inner_text() == "Notify me of my turns"
    button.click()
    nora.wait_for_selector("#notify-btn[aria-pressed='true']:has-text('Stop the notifications')")
    assert nora.evaluate("Notification.permission") == "granted"
    shot(nora, "site-notify-1280.png")
    second = nora.context.new_page()  # another tab of hers, out of view too
    second.goto("/learn")
    for pg in (nora, second):
        pg.evaluate("window.__hidden = true")

    gid = first_move(max_, nora, max_)
    nora.wait_for_function("() => document.getElementById('turns-count').textContent === '1'")
    second.wait_for_function("() => document.getElementById('turns-count').textContent === '1'")
    got = notes(nora) + notes(second)
    assert got == [{"title": "Your turn in UnfairChess", "body": "against maxmover", "tag": f"turn-{gid}"}], got
    shown = nora if notes(nora) else second
    with shown.expect_navigation():
        shown.evaluate("window.__note.onclick()")
    assert shown.url.endswith(f"/g/{gid}")

    # in view: a toast and no notification; a challenge out of view: one notification
    other = nora if shown is second else second
    other.evaluate("window.__hidden = false; window.__notes = []")
    r = max_.request.post("/api/tables", data={"game": "unfairchess", "to": "noranote"})
    assert r.ok, r.text()
    other.wait_for_selector(".toast:has-text('maxmover challenges you')")
    assert notes(other) == []

    # turned off: nothing more
    other.goto("/my-games")
    other.locator("#notify-btn[aria-pressed='true']").click()
    other.wait_for_selector("#notify-btn[aria-pressed='false']")
    other.evaluate("window.__hidden = true")
    max_.request.post("/api/tables", data={"game": "castel", "to": "noranote"})
    other.wait_for_function("() => document.getElementById('turns-count').textContent === '3'")
    assert notes(other) == []


def socket_ready(pg: Any, url: str) -> None:
    """Open ``url``; return once its page's own socket (``/ws/lobby?tables=0``) is in."""
    with pg.expect_websocket(lambda ws: "tables=0" in ws.url) as info:
        pg.goto(url)
    info.value.wait_for_event("framereceived")


def test_a_new_password_logs_the_players_other_devices_out_at_once(new_page) -> None:
    """``/account`` (linked from the player's own profile): the current password is asked and
    a wrong one said so, the new one twice; once it is changed, the player's other devices are
    logged out at once, their pages loaded again as a visitor's (their sockets closed 4401),
    and this one stays. A logout in one tab does the same to the session's other tabs."""
    laptop, phone = new_page(), new_page(PHONE)
    register(laptop, "jonas")
    log_in(phone, "jonas")
    socket_ready(phone, "/learn")

    laptop.goto("/profile/jonas")
    laptop.locator("#account-link").click()
    laptop.wait_for_url(re.compile(r"/account$"))
    laptop.wait_for_function("() => document.querySelectorAll('#session-list li').length === 2")
    assert laptop.locator("#session-list li.current").count() == 1
    form = laptop.locator("#password-form")
    form.locator("[name=current]").fill("not the password")
    form.locator("[name=new]").fill("a new password")
    form.locator("[name=again]").fill("a new password")
    form.locator("button[type=submit]").click()
    form.locator(".form-error:not([hidden])").wait_for()
    assert form.locator(".form-error").inner_text() == "That is not your current password."
    form.locator("[name=current]").fill(PASSWORD)
    form.locator("[name=again]").fill("a new passwort")
    form.locator("button[type=submit]").click()
    assert form.locator(".form-error").inner_text() == "The two new passwords differ."
    assert phone.locator(".userbox a[href^='/login']").count() == 0  # nothing changed yet
    form.locator("[name=again]").fill("a new password")
    form.locator("button[type=submit]").click()
    form.locator(".form-done:not([hidden])").wait_for()
    assert form.locator(".form-done").inner_text() == "Password changed. Sessions ended elsewhere: 1."
    phone.wait_for_selector(".userbox a[href^='/login']")  # the phone's page loaded again, logged out
    assert "/learn" in phone.url
    laptop.wait_for_function("() => document.querySelectorAll('#session-list li').length === 1")
    assert laptop.locator("#end-others").is_disabled()
    shot(laptop, "account-1280.png")

    phone.goto("/login")
    phone.fill("#auth-form input[name=username]", "jonas")
    phone.fill("#auth-form input[name=password]", "a new password")
    phone.click("#auth-form button[type=submit]")
    phone.wait_for_url(re.compile(r"/$"))
    phone.goto("/account")
    phone.wait_for_function("() => document.querySelectorAll('#session-list li').length === 2")
    shot(phone, "account-390.png")

    tab = laptop.context.new_page()  # the laptop's second tab
    socket_ready(tab, "/learn")
    laptop.locator("#logout-btn").click()
    laptop.wait_for_selector(".userbox a[href^='/login']")
    tab.wait_for_selector(".userbox a[href^='/login']")  # the tab loaded again, logged out
    phone.reload()
    phone.wait_for_function("() => document.querySelectorAll('#session-list li').length === 1")


def test_a_player_closes_their_account_once_their_games_are_over(new_page) -> None:
    """``/account``'s last section: the account closes only with the password, after a
    confirmation, and not while a game is in progress (said so); then the browser is at the
    home page, logged out, and the name logs in no more."""
    pg = new_page(PHONE)
    register(pg, "kaja")
    r = pg.request.post("/api/tables", data={"game": "unfairchess", "opponent": "bot", "bot_level": "easy"})
    assert r.ok, r.text()
    gid = r.json()["table"]["game_id"]
    pg.goto("/account")
    form = pg.locator("#close-form")
    form.locator("[name=password]").fill(PASSWORD)
    pg.once("dialog", lambda d: d.accept())
    form.locator("button[type=submit]").click()
    form.locator(".form-error:not([hidden])").wait_for()
    assert form.locator(".form-error").inner_text() == "Finish or resign your games in progress first."
    form.scroll_into_view_if_needed()
    shot(pg, "account-close-390.png")

    pg.goto(f"/g/{gid}")
    enter(pg)  # its socket in: the button's intent is sent, not lost to a connection in progress
    end = pg.locator("#actions [data-act=abort], #actions [data-act=resign]").first
    if end.get_attribute("data-act") == "resign":  # asks first; an abort does not
        pg.once("dialog", lambda d: d.accept())
    end.click()
    pg.wait_for_selector("#status-line[data-over='1']")
    pg.goto("/account")
    form.locator("[name=password]").fill(PASSWORD)
    asked: list[str] = []
    pg.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    form.locator("button[type=submit]").click()
    pg.wait_for_url(re.compile(r"/$"))
    pg.wait_for_selector(".userbox a[href^='/login']")
    assert asked == ["Close your account for good? This cannot be undone."]
    assert pg.request.post("/api/login", data={"username": "kaja", "password": PASSWORD}).status == 401


def say(pg: Any, line: str) -> None:
    """Write ``line`` in the game page's chat; return once it is stored and shown as one's own."""
    pg.fill("#chat-form input", line)
    pg.keyboard.press("Enter")
    pg.wait_for_selector(f"#chat-lines li.mine:has-text({line!r})")


def test_a_blocked_players_chat_is_hidden_and_the_block_undone_from_the_account(new_page) -> None:
    """Blocking from a profile asks first; the blocker's game page no longer shows the blocked
    player's chat lines (a line said before the block included), while the blocked player
    still sees their own; ``/account`` lists the block and undoes it."""
    ann, troll = new_page(), new_page()
    register(ann, "annika")
    register(troll, "trolle")
    gid = seated(ann, troll, {"game": "unfairchess", "color": "white", "opponent": "anyone"})
    troll.goto(f"/g/{gid}")
    enter(troll)
    say(troll, "before the block")

    ann.goto("/profile/trolle")
    asked: list[str] = []
    ann.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    ann.locator("#block-btn").click()
    ann.wait_for_selector("#block-btn[data-blocked='1']:has-text('Unblock')")
    assert asked and asked[0].startswith("Block trolle? Neither of you")
    shot(ann, "site-block-profile-1280.png")

    ann.goto(f"/g/{gid}")
    enter(ann)
    say(ann, "hello")
    troll.wait_for_selector("#chat-lines li[data-seat='0']:has-text('hello')")
    say(troll, "after the block")
    # Ann's socket gets the lines in the order they were stored: once her next line shows,
    # Trolle's (stored before it) has come too
    say(ann, "anyone?")
    assert ann.locator("#chat-lines li").all_inner_texts() == ["annika hello", "annika anyone?"]
    assert ann.locator(".toast:has-text('after the block')").count() == 0

    ann.goto("/account")
    row = ann.locator("#blocked-list li", has_text="trolle")
    row.wait_for()
    row.scroll_into_view_if_needed()
    shot(ann, "site-block-account-1280.png")
    row.locator("[data-unblock]").click()
    ann.wait_for_selector("#blocked-list li:has-text('You have blocked nobody.')")
    ann.goto(f"/g/{gid}")
    enter(ann)
    ann.wait_for_selector("#chat-lines li[data-seat='1']:has-text('after the block')")


def reports_in(site: Any) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(site.db)
    try:
        return con.execute("select u.username, r.reason, r.game_id, r.text from reports r"
                           " join users u on u.id = r.user_id order by r.id").fetchall()
    finally:
        con.close()


def test_a_player_reports_from_a_profile_and_from_the_chat_and_a_mute_is_said(new_page, site) -> None:
    """The Report button of a profile opens a short form (cheating by default) that sends the
    report and says thanks; the chat card's Report names the game and its other player (an
    insult by default); a player the operator muted is told why their line was refused."""
    rep, rude = new_page(), new_page(PHONE)
    register(rep, "reporter")
    register(rude, "rudeboy")
    rep.goto("/profile/rudeboy")
    rep.locator("#report-btn").click()
    form = rep.locator("#report-form")
    form.wait_for()
    assert form.locator("select[name=reason]").input_value() == "cheating"
    form.locator("textarea").fill("moves like an engine")
    shot(rep, "site-report-profile-1280.png")
    form.locator("button[type=submit]").click()
    rep.wait_for_selector(".toast:has-text('operators will read your report')")
    assert rep.locator("#report-box").is_hidden()

    gid = seated(rep, rude, {"game": "unfairchess", "color": "white", "opponent": "anyone"})
    rude.goto(f"/g/{gid}")
    enter(rude)
    say(rude, "you are bad")
    con = sqlite3.connect(site.db)  # as `donjon account mute rudeboy` does (tests/server/test_reports.py)
    with con:
        con.execute("update users set muted_until = ? where username = 'rudeboy'", (time.time() + 86400,))
    con.close()
    rude.fill("#chat-form input", "still here")
    rude.keyboard.press("Enter")
    rude.wait_for_selector(".toast:has-text('an operator muted you until')")
    rude.reload()  # a page loaded while muted says so in the chat's field
    enter(rude)
    field = rude.locator("#chat-form input")
    assert field.is_disabled() and rude.locator(".chat-muted").inner_text().startswith("An operator muted you until")
    field.scroll_into_view_if_needed()
    shot(rude, "site-muted-390.png")

    rep.goto(f"/g/{gid}")
    enter(rep)
    rep.locator("#chat-report").click()
    chat_form = rep.locator("#chat-report-form")
    chat_form.wait_for()
    assert chat_form.locator("select[name=reason]").input_value() == "chat"
    shot(rep, "site-report-chat-1280.png")
    chat_form.locator("button[type=submit]").click()
    rep.wait_for_selector(".toast:has-text('operators will read your report')")
    assert reports_in(site) == [("rudeboy", "cheating", None, "moves like an engine"), ("rudeboy", "chat", gid, "")]
    rep.locator("#chat-report").click()  # the same report again: said in the form, nothing stored
    chat_form.locator("button[type=submit]").click()
    rep.wait_for_selector("#chat-report-form .form-error:has-text('you already reported rudeboy')")
    assert len(reports_in(site)) == 2


def test_the_watch_page_shows_the_games_of_the_players_you_follow(new_page) -> None:
    """Follow from a profile; the watch page lists the players you follow, those playing first,
    with their games one click away (as a spectator), and follows them as they start to play."""
    fan, star, rival, quiet = new_page(), new_page(PHONE), new_page(), new_page()
    for pg, name in ((fan, "follower"), (star, "stella"), (rival, "rivaldo"), (quiet, "quietus")):
        register(pg, name)
    for name in ("stella", "quietus"):
        fan.goto(f"/profile/{name}")
        fan.locator("#follow-btn").click()
        fan.wait_for_selector("#follow-btn[data-following='1']:has-text('Unfollow')")
    fan.goto("/watch")
    fan.wait_for_selector("#following-list li[data-user='stella']:has-text('not playing now')")
    gid = seated(star, rival, {"game": "unfairchess", "color": "white", "opponent": "anyone"})
    link = fan.locator(f"#following-list li[data-user='stella'] a[href='/g/{gid}']")
    link.wait_for()  # the page looks again every few seconds
    assert "rivaldo" in link.inner_text()
    assert fan.locator("#following-list li").first.get_attribute("data-user") == "stella"  # playing: first
    shot(fan, "site-following-1280.png")
    phone = new_page(PHONE)
    phone.request.post("/api/login", data={"username": "follower", "password": PASSWORD})
    phone.goto("/watch")
    phone.wait_for_selector(f"#following-list a[href='/g/{gid}']")
    shot(phone, "site-following-390.png")
    link.click()
    fan.wait_for_url(re.compile(rf"/g/{gid}$"))
    fan.wait_for_selector("#conn-state[data-state='connected']")
    assert fan.locator("#chat").count() == 0  # a spectator


def test_a_cooperative_game_offers_no_draw(new_page) -> None:
    pg = new_page()
    pg.goto("/")
    pg.locator("[data-quick-game=citadel]").click()
    pg.wait_for_url(re.compile(r"/g/[^/?#]+$"))
    pg.wait_for_selector("#conn-state[data-state='connected']")
    pg.wait_for_selector("#actions [data-act]")
    assert pg.locator("[data-act=draw-offer]").count() == 0
    assert pg.locator("[data-act=abort], [data-act=resign]").count() == 1


def notice_cli(site: Any, *argv: str) -> int:
    """``donjon notice ARGV`` on the site's database, in a thread of its own (Playwright's
    loop runs in this one, and the command runs its own)."""
    from donjon.cli import main

    args = ["notice", *argv, "--database-url", f"sqlite:///{site.db}"]
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(main, args, stdin=io.StringIO(""), stdout=io.StringIO(), stderr=io.StringIO()).result()


def until_notice(pg: Any, path: str, there: bool) -> None:
    """Load ``path`` until the notice is there (or gone): a server reads it every 5 s."""
    for _ in range(40):
        pg.goto(path)
        if (pg.locator("#site-notice").count() > 0) == there:
            return
        pg.wait_for_timeout(250)
    raise AssertionError(f"the notice is still {'missing' if there else 'shown'}")


def test_the_operators_notice_tops_every_page_until_a_reader_hides_it(new_page, site) -> None:
    """``donjon notice post`` puts a notice at the top of every page, in the reader's language
    (English where the operator gave none); its button hides it on that browser, for good;
    ``donjon notice clear`` takes it down."""
    desk, phone = new_page(), new_page(PHONE)
    phone.goto("/?lang=fr")
    assert notice_cli(site, "post", "The site restarts at 20:00 UTC for a few seconds: your games wait for you.",
                      "--fr", "Le site redémarre à 20 h UTC pour quelques secondes : tes parties t'attendent.") == 0
    try:
        until_notice(desk, "/", True)
        until_notice(phone, "/watch", True)
        assert desk.locator("#site-notice p").inner_text().startswith("The site restarts at 20:00 UTC")
        assert phone.locator("#site-notice p").inner_text().startswith("Le site redémarre à 20 h UTC")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        shot(desk, "site-notice-1280.png")
        shot(phone, "site-notice-fr-390.png")
        # a board sized to the window's height takes the notice's height off (--notice-h)
        height = "document.documentElement.style.getPropertyValue('--notice-h')"
        assert abs(float(desk.evaluate(height).removesuffix("px")) - desk.locator("#site-notice").bounding_box()["height"]) < 1
        desk.locator(".site-notice-hide").click()
        assert desk.locator("#site-notice").count() == 0 and desk.evaluate(height) == "0px"
        for path in ("/", "/watch", "/leaderboard/unfairchess"):
            desk.goto(path)
            assert desk.locator("#site-notice").count() == 0, path  # hidden on this browser
        phone.reload()
        assert phone.locator("#site-notice").count() == 1  # not on another one
    finally:
        assert notice_cli(site, "clear") == 0
    until_notice(phone, "/", False)
