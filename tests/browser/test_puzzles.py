"""The puzzle page in Chromium: solve one puzzle by clicking its solution on the game's own
board, fail another with a wrong first move ("not the best — try again", the position back at
the start), and the home page's daily puzzle card; screenshots at 1280x860 and 390x844."""

from __future__ import annotations

from typing import Any

import pytest

from donjon.games import get_info
from donjon.games.puzzles import Puzzle
from tests.browser.conftest import save_shot, site_env

GAME = "unfairchess"


def pick(theme: str, skip: str = "") -> Puzzle:
    """A shipped puzzle of ``theme`` whose solver plays normal moves only (no promotion)."""
    for p in get_info(GAME).puzzles().load():
        moves = [p.line[i]["action"] for i in p.solver_steps()]
        if p.themes[0] == theme and p.id != skip and all(a["type"] == "move" and len(a["uci"]) == 4 for a in moves):
            return p
    pytest.skip(f"no shipped {theme} puzzle played with moves only")


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("site-puzzles", site_env({}))


def open_page(browser: Any, site: Any, path: str, width: int, height: int) -> Any:
    ctx = browser.new_context(base_url=site.url, viewport={"width": width, "height": height}, reduced_motion="reduce")
    ctx.set_default_timeout(20000)
    page = ctx.new_page()
    page.goto(path)
    page.wait_for_function("() => document.querySelector('.ucg-root')?.dataset.version > 0")
    page.wait_for_selector("#puzzle-status[data-state='play']")
    return page


def click(page: Any, uci: str) -> None:
    page.locator(f".ucg-sq[data-square='{uci[:2]}']").click()
    page.locator(f".ucg-sq[data-square='{uci[2:4]}']").click()


def shot(page: Any, name: str) -> None:
    save_shot(page, name, settle_ms=200)


def test_solve_a_puzzle_on_the_board(browser, site) -> None:
    p = pick("mate_in_1")
    page = open_page(browser, site, f"/puzzles/{GAME}/{p.id}", 1280, 860)
    assert "Mate in 1" in page.locator("#puzzle-themes").inner_text()
    assert page.locator("#puzzle-mine").inner_text() == "1500"
    shot(page, "puzzle-1280.png")
    click(page, p.line[0]["action"]["uci"])
    page.wait_for_selector("#puzzle-status[data-state='solved']")
    assert page.locator("#puzzle-status").inner_text() == "Solved!"
    assert page.locator("#puzzle-result").inner_text() == "You solved it."
    assert int(page.locator("#puzzle-mine").inner_text().split()[0]) > 1500
    assert page.locator("#puzzle-retry").is_visible()
    shot(page, "puzzle-solved-1280.png")
    page.context.close()


def test_fail_a_puzzle_then_try_again(browser, site) -> None:
    p = pick("material")
    right = p.line[0]["action"]["uci"]
    page = open_page(browser, site, f"/puzzles/{GAME}/{p.id}", 390, 844)
    legal = page.evaluate(f"() => fetch('/api/puzzles/{GAME}/{p.id}').then(r => r.json()).then(d => d.legal)")
    wrong = next(a["uci"] for a in legal if a["type"] == "move" and a["uci"] != right and len(a["uci"]) == 4)
    start = page.locator(f".ucg-piece[data-square='{wrong[:2]}']").get_attribute("data-piece")
    click(page, wrong)
    page.wait_for_selector("#puzzle-status[data-state='wrong']")
    assert page.locator("#puzzle-status").inner_text().startswith("Not the best — try again.")
    # the position is back at the start: the piece moved is home again
    page.wait_for_function(f"() => document.querySelector(\".ucg-piece[data-square='{wrong[:2]}']\")")
    assert page.locator(f".ucg-piece[data-square='{wrong[:2]}']").get_attribute("data-piece") == start
    assert page.locator("#puzzle-result").inner_text() == "You failed it the first time."
    assert int(page.locator("#puzzle-mine").inner_text().split()[0]) < 1500
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, "puzzle-wrong-390.png")
    page.context.close()


def test_daily_puzzle_card_on_the_home_page(browser, site) -> None:
    ctx = browser.new_context(base_url=site.url, viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto("/")
    page.locator("#daily-puzzle").scroll_into_view_if_needed()
    shot(page, "puzzle-home-390.png")
    page.locator("#daily-puzzle a[href='/puzzles/daily']").click()
    page.wait_for_function("() => document.querySelector('.ucg-root')?.dataset.version > 0")
    assert page.locator("#puzzle-title").inner_text() == "Puzzle of the day"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, "puzzle-daily-390.png")
    ctx.close()


@pytest.mark.parametrize("lang,theme", [("fr", "Mat en 1"), ("es", "Mate en 1")])
def test_a_theme_keeps_to_one_line_on_a_phone_and_shows_whole(browser, site, lang, theme) -> None:
    """The facts' themes are chips of a few words ("Mat en 1"): on a phone, in French and in
    Spanish (whose label "Tu clasificación en problemas" is the longest), each stays on one
    line beside its long label, and shows whole (not cut short with an ellipsis)."""
    p = pick("mate_in_1")
    page = open_page(browser, site, f"/puzzles/{GAME}/{p.id}?lang={lang}", 390, 844)
    chips = page.locator("#puzzle-themes .chip")
    assert chips.count() and theme in page.locator("#puzzle-themes").inner_text()
    lines = chips.evaluate_all("cs => cs.map((c) => c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight))")
    assert all(n < 1.9 for n in lines), lines
    cut = chips.evaluate_all("cs => cs.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent)")
    assert cut == [], f"themes cut short: {cut}"
    page.context.close()


def test_on_a_phone_the_verdict_comes_into_view(browser, site) -> None:
    """On a phone the puzzle's panel is above the board: after an action played lower down (the
    window scrolled to the hand), "Not the best" and "Solved!" with the next puzzle's button
    show in the window, below the top bar."""
    in_view = ("e => { const r = e.getBoundingClientRect(); const bar = document.querySelector('.topbar').getBoundingClientRect();"
               " return r.top >= bar.bottom - 1 && r.bottom <= innerHeight + 1; }")
    p = pick("material")
    page = open_page(browser, site, f"/puzzles/{GAME}/{p.id}", 390, 844)
    legal = page.evaluate(f"() => fetch('/api/puzzles/{GAME}/{p.id}').then(r => r.json()).then(d => d.legal)")
    wrong = next(a["uci"] for a in legal if a["type"] == "move" and a["uci"] != p.line[0]["action"]["uci"] and len(a["uci"]) == 4)
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    assert not page.locator("#puzzle-status").evaluate(in_view)
    click(page, wrong)
    page.wait_for_selector("#puzzle-status[data-state='wrong']")
    page.wait_for_timeout(100)
    assert page.locator("#puzzle-status").evaluate(in_view), page.evaluate("scrollY")
    page.context.close()

    p = pick("mate_in_1")
    page = open_page(browser, site, f"/puzzles/{GAME}/{p.id}", 390, 844)
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    click(page, p.line[0]["action"]["uci"])
    page.wait_for_selector("#puzzle-status[data-state='solved']")
    page.wait_for_timeout(100)
    assert page.locator("#puzzle-status").evaluate(in_view) and page.locator("#puzzle-next").evaluate(in_view)
    shot(page, "puzzle-solved-390.png")
    page.context.close()
