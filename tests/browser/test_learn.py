"""The tutorials in the browser (/learn): a visitor completes each game's tutorial from the
first lesson to the offered game, every lesson played on the game's own board by clicking
what a person clicks; a wrong action shows the lesson's hint and keeps the lesson; the
progress survives a reload; the last lesson offers the easy bot, whose game opens.

What to click for a lesson is read from the tutorial's data (each lesson's ``solution``), so a
new lesson needs no new test code, only a way to click its kind of action (``CLICKS``).
Screenshots at 1280x860 and 390x844 (learn-*.png).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from donjon.server import tutorials
from tests.browser.conftest import click_middle, save_shot, site_env

pytestmark = pytest.mark.browser

SIZES = {"wide": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("learn", site_env({}, bot_min_delay=0.3, bot_time_budget=2, bot_workers=1))


def shot(page: Any, name: str) -> None:
    save_shot(page, name, settle_ms=150, animations="disabled")


def no_sideways_scroll(page: Any) -> None:
    over = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert over <= 0, f"the page is {over}px wider than the window"


# ----------------------------------------------------------------------------- clicking an action


def unfairchess(page: Any, action: dict[str, Any]) -> None:
    sq = lambda s: page.locator(f".ucg-sq[data-square='{s}']")  # noqa: E731
    if action["type"] == "move":
        sq(action["uci"][:2]).click()
        sq(action["uci"][2:4]).click()
        return
    page.locator(f".ucg-hand [data-card='{action['card']}']").first.click()
    page.locator(".ucg-modal [data-action='play']").click()
    for s in action["squares"]:
        page.locator(f".ucg-target[data-square='{s}']").first.wait_for()
        sq(s).click()


def castel(page: Any, action: dict[str, Any]) -> None:
    kind = lambda card: card.split("_")[0] if card.split("_")[-1].isdigit() else card  # noqa: E731
    if action["type"] == "draw":
        page.locator("[data-action='draw']").click()
        return
    if action["type"] == "exchange":
        page.locator(f".cg-hand .cg-card[data-card='{action['give']}']").click(position={"x": 60, "y": 120})
        page.locator(f".cg-exchange .cg-card[data-kind='{kind(action['take'])}']").click()
        return
    page.locator(f".cg-hand .cg-card[data-card='{action['card']}']").click(position={"x": 60, "y": 120})
    if "on" in action:
        click_middle(page, f".cg-board-svg [data-hit='card'][data-card='{action['on']}']")
    elif "slot" in action:
        click_middle(page, f".cg-board-svg .cg-slot[data-slot='{action['slot']}']")
    elif action["square"] == "outside":
        click_middle(page, ".cg-board-svg .cg-out-spot")
    else:
        r, c = action["square"]
        click_middle(page, f".cg-board-svg [data-hit='sq'][data-sq='{r},{c}']")


def citadel(page: Any, action: dict[str, Any]) -> None:
    kind = action["type"]
    if kind == "move":
        click_middle(page, f".ctl-roomname[data-label='{action['to']}']")
    elif kind == "open":
        click_middle(page, f".ctl-door[data-door='{action['door']}']")
    elif kind == "switch":
        click_middle(page, f".ctl-switch[data-switch='{action['room']}']")
    elif kind == "rescue":
        click_middle(page, f".ctl-treasure[data-treasure='{action['colour']}']")
    elif kind == "end_actions":
        page.locator("[data-action='end']").click()
    elif kind == "power":
        page.locator("[data-action='power']").click()
        click_middle(page, f".ctl-roomname[data-label='{action['to']}']")
    else:
        raise AssertionError(f"no clicks for {action}")


CLICKS: dict[str, Callable[[Any, dict[str, Any]], None]] = {"unfairchess": unfairchess, "castel": castel, "citadel": citadel}
# legal in each tutorial's first lesson, not the lesson's
WRONG = {"unfairchess": {"type": "move", "uci": "d2d4"},
         "castel": {"type": "place", "card": "soldat_1", "square": [0, 2]},
         "citadel": {"type": "move", "to": "library"}}
BOARD = {"unfairchess": ".ucg-root", "castel": ".cg-root", "citadel": ".ctl-root"}


def lesson_open(page: Any, n: int) -> None:
    page.wait_for_selector(f"#lesson[data-lesson='{n}'][data-state='lesson']")


@pytest.mark.parametrize("game", list(CLICKS))
def test_complete_a_tutorial_then_play_the_easy_bot(browser, site, game: str) -> None:
    tut = tutorials.tutorial(game)
    ctx = browser.new_context(base_url=site.url, viewport=SIZES["wide"], device_scale_factor=1, reduced_motion="reduce")
    ctx.set_default_timeout(15000)
    errors: list[str] = []
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto("/")
        page.locator("nav a[href='/learn']").click()
        page.wait_for_url(re.compile(r"/learn$"))
        shot(page, "learn-list.png")
        page.locator(f"a[href='/learn/{game}']").click()
        page.wait_for_url(re.compile(rf"/learn/{game}$"))
        page.wait_for_selector(BOARD[game])
        lesson_open(page, 0)
        assert page.locator("#lesson-count").inner_text() == f"Lesson 1 of {len(tut.lessons)}"
        assert page.locator("#lesson-text").inner_text() == tut.lessons[0].text["en"]
        page.locator(".learn-lit").first.wait_for()  # the expected action is lit, once the board has drawn

        # a legal action that is not the lesson's: the hint, and the lesson stays
        CLICKS[game](page, WRONG[game])
        page.wait_for_selector("#lesson-hint:not([hidden])")
        assert page.locator("#lesson-hint").inner_text() == tut.lessons[0].hint["en"]
        assert page.locator("#lesson").get_attribute("data-state") == "lesson"
        shot(page, f"learn-{game}-hint.png")

        for n, lesson in enumerate(tut.lessons):
            if n == 3:  # the progress survives a reload: the page opens at the lesson to do
                page.reload()
                lesson_open(page, 3)
                assert page.locator("#lesson-list li.done").count() == 3
            lesson_open(page, n)
            assert page.locator("#lesson-title").inner_text() == lesson.title["en"]
            CLICKS[game](page, lesson.solution)
            last = n == len(tut.lessons) - 1
            page.wait_for_selector(f"#lesson[data-state='{'finished' if last else 'done'}']")
            assert page.locator("#lesson-done").inner_text() == lesson.done["en"]
            if n == 1:
                shot(page, f"learn-{game}-done.png")
            if not last:
                page.locator("#lesson-next").click()

        assert page.locator("#lesson-finish-text").inner_text() == tut.finish["en"]
        shot(page, f"learn-{game}-finished.png")
        no_sideways_scroll(page)
        listed = page.request.get(f"/api/learn/{game}").json()["tutorial"]
        assert listed["done"] == len(tut.lessons) and listed["finished_at"]

        # the offered game: the home page's "Play with the computer", against the easy bot
        page.locator("#lesson-bot").click()
        page.wait_for_url(re.compile(r"/g/[^/?#]+$"))
        gid = page.url.rsplit("/", 1)[1]
        info = page.request.get(f"/api/games/{gid}").json()["game"]
        assert info["kind"] == game and info["status"] == "active"
        assert [p["bot"] for p in info["players"] if p.get("bot")] == ["easy"] * (len(info["players"]) - 1)
        page.wait_for_selector(BOARD[game])
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_lesson_on_a_laptop_and_a_phone(browser, site, size: str) -> None:
    ctx = browser.new_context(base_url=site.url, viewport=SIZES[size], device_scale_factor=1, reduced_motion="reduce")
    page = ctx.new_page()
    try:
        for game in CLICKS:
            page.goto(f"/learn/{game}")
            page.wait_for_selector(BOARD[game])
            lesson_open(page, 0)
            no_sideways_scroll(page)
            shot(page, f"learn-{game}-{size}.png")
        page.goto("/learn")
        no_sideways_scroll(page)
        shot(page, f"learn-list-{size}.png")
    finally:
        ctx.close()


def in_view(page: Any, selector: str) -> bool:
    """``selector`` shows whole in the window, below the sticky top bar."""
    return bool(page.locator(selector).evaluate(
        "e => { const r = e.getBoundingClientRect(); const bar = document.querySelector('.topbar').getBoundingClientRect();"
        " return r.top >= bar.bottom - 1 && r.bottom <= innerHeight + 1; }"))


@pytest.mark.parametrize("game", list(CLICKS))
def test_on_a_phone_what_the_lesson_says_next_comes_into_view(browser, site, game: str) -> None:
    """On a phone the lesson's panel is above the board and the player acts below it: the hint,
    "well done" with its Next button, and the next lesson's title and text show in the window
    without scrolling back up (they were left above it, or under the top bar)."""
    tut = tutorials.tutorial(game)
    ctx = browser.new_context(base_url=site.url, viewport=SIZES["phone"], device_scale_factor=1, reduced_motion="reduce")
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    try:
        page.goto(f"/learn/{game}")
        page.wait_for_selector(BOARD[game])
        lesson_open(page, 0)
        page.evaluate("scrollTo(0, document.body.scrollHeight)")  # down to the hand
        CLICKS[game](page, WRONG[game])
        page.wait_for_selector("#lesson-hint:not([hidden])")
        assert in_view(page, "#lesson-hint"), page.evaluate("scrollY")
        for n, lesson in enumerate(tut.lessons[:5]):
            lesson_open(page, n)
            page.evaluate("scrollTo(0, document.body.scrollHeight)")
            CLICKS[game](page, lesson.solution)
            page.wait_for_selector("#lesson[data-state='done']")
            assert in_view(page, "#lesson-done") and in_view(page, "#lesson-next"), (n, page.evaluate("scrollY"))
            assert page.evaluate("document.activeElement.id") == "lesson-next"
            page.locator("#lesson-next").click()
            lesson_open(page, n + 1)
            assert in_view(page, "#lesson-title") and in_view(page, "#lesson-text"), (n + 1, page.evaluate("scrollY"))
        shot(page, f"learn-{game}-next-390.png")
    finally:
        ctx.close()
