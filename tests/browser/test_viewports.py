"""The three boards in a laptop's and a phone's window, their card zoom, and the greyed reasons.

* On the site's game page (the real server, a quick game against the easy bot), at 1280x860 and
  390x844: the page never scrolls sideways, and the board and the hand are both on screen
  without scrolling. A lesson (/learn/<game>) and the daily puzzle play the board in the same
  layout: on a laptop, board and hand on screen together too.
* The card zoom (js/kit/zoom.js) keeps to the window: opened from the hand, its box lies inside
  the viewport, however tall the board under it.
* UnfairChess: a greyed hand card says why (the hand entry's ``why``, reasons.json), in the
  player's language; reasons.json is the engine's table.
* The dev pages are one page, the kit's (js/kit/devpage.js).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser import make_fixtures
from tests.browser.conftest import quick_games, save_shot, site_env
from tests.browser.devserver import DevServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
REASONS_JSON = ROOT / "donjon" / "games" / "unfairchess" / "web" / "reasons.json"

# game → (the board's root, its board, its hand)
GAMES = {
    "unfairchess": (".ucg-root", ".ucg-board", ".ucg-hand"),
    "castel": (".cg-root", ".cg-board", ".cg-hand"),
    "citadel": (".ctl-root", ".ctl-mapwrap", ".ctl-hand"),
}
# game → a hand card to click for its zoom, and the zoom's box
ZOOM = {
    "unfairchess": (".ucg-hand .ucg-card", ".ucg-modal-box"),
    "castel": (".cg-hand .cg-card .cg-info", ".cg-modal-box"),
    "citadel": (".ctl-hand .ctl-card", ".ctl-modal-box"),
}
SIZES = [(1280, 860), (390, 844)]


# ----------------------------------------------------------------------------- no browser


def test_reasons_json_is_the_engines_table() -> None:
    from donjon.games.unfairchess.reasons import LANGUAGES, REASONS

    assert json.loads(REASONS_JSON.read_text("utf-8")) == REASONS, (
        "donjon/games/unfairchess/web/reasons.json is stale: python3 -c \"import json; from donjon.games.unfairchess"
        ".reasons import REASONS; open('donjon/games/unfairchess/web/reasons.json', 'w').write("
        "json.dumps(REASONS, ensure_ascii=False, indent=1) + '\\n')\"")
    assert all(set(texts) == set(LANGUAGES) for texts in REASONS.values())


def test_dev_pages_are_the_kits_page() -> None:
    for game in GAMES:
        html = (ROOT / "donjon" / "games" / game / "web" / "dev.html").read_text("utf-8")
        assert "../js/kit/devpage.js" in html and len(html.splitlines()) <= 5, game


# ----------------------------------------------------------------------------- the site


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("site-viewports", site_env({}, bot_min_delay=0.2, bot_workers=1))


@pytest.fixture(scope="module")
def games(browser, site) -> Iterator[dict[str, Any]]:
    """One quick game against the easy bot per game (one guest), by game: its page's URL."""
    yield from quick_games(browser, site, {g: GAMES[g][0] for g in GAMES})


def open_game(games: dict[str, Any], game: str, width: int, height: int, url: str | None = None) -> Any:
    """The game's page (or another page playing its board: ``url``) at that size, its hand
    drawn (Citadel: a character chosen first)."""
    page = games["ctx"].new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size({"width": width, "height": height})
    page.goto(url or games["urls"][game])
    root, _, hand = GAMES[game]
    page.wait_for_selector(f"{root}[data-version]", state="attached")
    if game == "citadel":
        page.wait_for_function("() => document.querySelector('[data-choose]') || document.querySelector('.ctl-hand .ctl-card')")
        if page.locator("[data-choose]").count():
            page.locator("[data-choose]").first.click()
    page.wait_for_selector(f"{hand} {ZOOM[game][0].split(' ', 1)[1]}")
    page.wait_for_timeout(400)  # the last layout (fonts, the hand's fit)
    page.errors = errors
    return page


def box(page: Any, selector: str) -> dict[str, float]:
    return page.evaluate(f"() => {{ const r = document.querySelector('{selector}').getBoundingClientRect(); "
                         "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }")


def in_view(page: Any, b: dict[str, float]) -> bool:
    w, h = page.evaluate("[innerWidth, innerHeight]")
    return b["left"] >= -0.5 and b["top"] >= -0.5 and b["right"] <= w + 0.5 and b["bottom"] <= h + 0.5


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", list(GAMES))
def test_board_and_hand_fit_the_window(games, game, width, height) -> None:
    page = open_game(games, game, width, height)
    save_shot(page, f"viewport-{game}-{width}.png")
    board_and_hand_in_view(page, game, width, height)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_lessons_board_and_hand_fit_a_laptop(games, game) -> None:
    """A lesson (/learn/<game>) plays the board in the game page's layout, sized the same way.
    (On a phone the lesson's text comes first, above the board.)"""
    width, height = SIZES[0]
    page = open_game(games, game, width, height, url=f"/learn/{game}")
    save_shot(page, f"viewport-learn-{game}-{width}.png")
    board_and_hand_in_view(page, game, width, height)


def test_the_daily_puzzles_board_and_hand_fit_a_laptop(games) -> None:
    width, height = SIZES[0]
    probe = games["ctx"].new_page()
    probe.goto("/puzzles/daily")
    probe.wait_for_selector(", ".join(f"{root}[data-version]" for root, _, _ in GAMES.values()), state="attached")
    game = next(g for g, (root, _, _) in GAMES.items() if probe.locator(root).count())
    probe.close()
    page = open_game(games, game, width, height, url="/puzzles/daily")
    board_and_hand_in_view(page, game, width, height)


def test_the_choice_of_characters_is_read_whole_on_a_laptop(browser, site) -> None:
    """Citadel's map is sized to the window's height; its overlays (the choice of characters,
    the vote, the premonition, the end) lie over the board's whole column, not over the map
    alone: the characters on offer, their texts and their buttons are all shown, with no
    scrolling inside the overlay."""
    ctx = browser.new_context(base_url=site.url, viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    ctx.set_default_timeout(20000)
    page = ctx.new_page()  # a new guest: the module's one plays as many bot games as allowed
    page.goto("/")
    page.locator("[data-quick-game=citadel]").click()
    page.wait_for_selector(".ctl-overlay [data-choose]")
    save_shot(page, "viewport-citadel-choose-1280.png", settle_ms=400)
    scroll, client = page.evaluate("() => { const e = document.querySelector('.ctl-ov-box'); return [e.scrollHeight, e.clientHeight]; }")
    assert scroll <= client + 1, f"the choice scrolls inside its box ({scroll} > {client})"
    buttons = page.locator(".ctl-overlay [data-choose]")
    assert buttons.count() >= 4
    for i in range(buttons.count()):
        buttons.nth(i).scroll_into_view_if_needed()
        hit = buttons.nth(i).evaluate("(b) => { const r = b.getBoundingClientRect(); return b.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)); }")
        assert hit, f"the choice {buttons.nth(i).get_attribute('data-choose')} is hidden"
    ctx.close()


def board_and_hand_in_view(page: Any, game: str, width: int, height: int) -> None:
    """No sideways scroll; the board and the hand on screen at once, at the top of the page."""
    _, board, hand = GAMES[game]
    scroll_width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    wide = page.evaluate("() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)"
                         ".slice(0, 6).map((e) => e.tagName + '.' + (e.className.baseVal ?? e.className) + ' ' + Math.round(e.getBoundingClientRect().right))")
    assert scroll_width <= inner, f"{game} {width}x{height}: the page scrolls sideways ({scroll_width} > {inner}): {wide}"
    page.evaluate("scrollTo(0, 0)")
    b, h = box(page, board), box(page, hand)
    assert in_view(page, b) and in_view(page, h), f"{game} {width}x{height}: board {b}, hand {h}"
    # each card of a hand that does not scroll sideways inside itself (Castel's long hand does)
    # lies inside the board's panel, tilt included
    root = box(page, GAMES[game][0])
    cards = page.evaluate(f"""() => {{
      const hand = document.querySelector('{hand}');
      if (['auto', 'scroll'].includes(getComputedStyle(hand).overflowX)) return [];
      return [...hand.children].map((e) => {{ const r = e.getBoundingClientRect(); return {{left: r.left, right: r.right}}; }});
    }}""")
    out = [c for c in cards if c["left"] < root["left"] - 0.5 or c["right"] > root["right"] + 0.5]
    assert not out, f"{game} {width}x{height}: hand cards stick out of the board's panel {root}: {out}"
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", list(GAMES))
def test_card_zoom_fits_the_window(games, game, width, height) -> None:
    page = open_game(games, game, width, height)
    card, zoom_box = ZOOM[game]
    # A new frame from the server (the bot, the clock) draws the hand again, which may take the
    # card away under the click or close the zoom: open it again.
    for _ in range(5):
        try:
            page.locator(card).first.scroll_into_view_if_needed(timeout=3000)
            page.locator(card).first.click(timeout=3000)
            page.wait_for_selector(zoom_box, state="visible", timeout=3000)
            break
        except PlaywrightError:
            continue
    page.wait_for_selector(zoom_box, state="visible")
    page.wait_for_timeout(100)
    b = box(page, zoom_box)
    assert in_view(page, b), f"{game} {width}x{height}: the zoom's box {b} leaves the window"
    # what does not fit scrolls inside the box, and the close button can be reached
    inner = page.evaluate(f"() => {{ const e = document.querySelector('{zoom_box}'); return [e.scrollHeight, e.clientHeight, e.scrollWidth, e.clientWidth]; }}")
    assert inner[0] <= inner[1] or page.evaluate(f"() => getComputedStyle(document.querySelector('{zoom_box}')).overflowY") == "auto"
    assert inner[2] <= inner[3] + 1, f"{game} {width}x{height}: the enlarged card is wider than its box ({inner[2]} > {inner[3]})"
    save_shot(page, f"viewport-zoom-{game}-{width}.png")
    assert not page.errors, page.errors
    page.close()


# ----------------------------------------------------------------------------- greyed reasons

IN_CHECK = "rnbqk1nr/pppp1ppp/8/4p3/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3"  # White in check from b4


@pytest.fixture(scope="module")
def dev(tmp_path_factory):
    folder = tmp_path_factory.mktemp("why")
    make_fixtures.write(folder)
    r = make_fixtures.Recorder(0, {"fen": IN_CHECK, "hands": make_fixtures.hands(
        ["sommeil", "roque_libre", "poison", "bouclier"], ["poison"] * 4)})
    for lang in ("en", "fr"):
        (folder / f"why_{lang}.json").write_text(json.dumps(r.fixture(f"why_{lang}", "Sleep in check", lang=lang)), "utf-8")
    srv = DevServer(fixtures=folder, live=False).start()
    yield srv
    srv.stop()


def test_the_dev_page_is_drawn_by_the_kit(browser, dev) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{dev.url}/static/unfairchess/dev.html?f=opening")
    page.wait_for_selector("body[data-ready='opening']")
    got = page.evaluate("""() => ({ title: document.title, head: document.querySelector('#bar b').textContent,
        langs: [...document.querySelectorAll('#lang option')].map((o) => o.value),
        live: [...document.querySelectorAll('#bar a')].map((a) => [a.getAttribute('href'), a.textContent]),
        fixtures: document.querySelectorAll('#fx option').length, board: !!document.querySelector('#game.ucg-root'),
        wide: document.documentElement.scrollWidth <= innerWidth })""")
    assert got["title"] == "UnfairChess board · dev harness" and got["head"] == "UnfairChess dev"
    assert got["langs"] == ["en", "fr", "es"] and got["live"] == [["?live=1", "live game vs random bot"]]
    assert got["fixtures"] > 5 and got["board"] and got["wide"]
    page.close()


def test_the_hand_entries_carry_their_reasons() -> None:
    from donjon.games.unfairchess import GAME

    st = GAME.setup(2, 7, {"fen": IN_CHECK, "hands": make_fixtures.hands(["sommeil", "roque_libre", "poison", "bouclier"], ["poison"] * 4)})
    why = {h["card"]: h.get("why") for h in GAME.view(st, 0)["hand"]}
    assert why["sommeil"] == "in_check" and why["roque_libre"] == "castle_blocked"


def test_greyed_why_texts(browser, dev) -> None:
    page = browser.new_page()
    page.goto(f"{dev.url}/static/unfairchess/dev.html?f=opening")
    page.wait_for_selector("body[data-ready]")
    texts = page.evaluate("""async () => {
        const m = await import('/static/unfairchess/cards.js');
        await m.whyReady();
        return ['en', 'fr', 'es', 'de'].map((l) => m.greyedWhy('in_check', l)).concat([m.greyedWhy('nope', 'en'), m.greyedWhy(undefined, 'en')]);
    }""")
    from donjon.games.unfairchess.reasons import REASONS

    r = REASONS["in_check"]
    assert texts == [r["en"], r["fr"], r["es"], r["en"], "", ""]
    page.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_greyed_card_says_why_in_its_zoom(browser, dev, lang) -> None:
    from donjon.games.unfairchess.reasons import REASONS

    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.goto(f"{dev.url}/static/unfairchess/dev.html?f=why_{lang}")
    page.wait_for_selector("body[data-ready]")
    for card, code in (("sommeil", "in_check"), ("roque_libre", "castle_blocked")):
        page.locator(f".ucg-hand .ucg-card[data-card='{card}']").click()
        page.wait_for_selector(".ucg-modal-box .ucg-grey-reason")
        assert page.locator(".ucg-modal-box .ucg-grey-reason").inner_text().strip() == REASONS[code][lang]
        assert page.locator(".ucg-modal-box [data-action='play']").is_disabled()
        page.locator(".ucg-modal-box [data-close]").first.click()
        page.wait_for_selector(".ucg-modal", state="hidden")
    page.close()
