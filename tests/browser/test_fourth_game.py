"""The fourth game in Chromium: a server that finds Connect Four through its entry point
only serves it in the lobby, and its game page plays it on the generic board (the game has
no board module of its own) against its bot, under the site's CSP."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import save_shot
from tests.fourth_game import plugin

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("fourth", {**plugin.env(), "DONJON_BOT_MIN_DELAY": "0.05"})


def _moves(page: Any) -> int:
    text = page.locator(".fb-json").inner_text()
    return int(json.loads(text)["moves"])


@pytest.mark.parametrize("width, height", [(1280, 860), (390, 844)])
def test_the_lobby_offers_it_and_its_page_plays_against_the_bot(browser, site, width: int, height: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site.url}/")
    assert page.locator("select[name=game] option[value=connect4]").count() == 1
    assert "Connect Four" in page.locator("select[name=game]").inner_text()
    r = page.request.post(f"{site.url}/api/tables", data={"game": "connect4", "opponent": "bot", "bot_level": "easy"},
                          headers={"Origin": site.url})
    assert r.ok, r.text()
    game_id = r.json()["table"]["game_id"]
    page.goto(f"{site.url}/g/{game_id}")
    page.wait_for_selector(".fb-json")
    page.wait_for_function("() => !!document.querySelector('.fb-send')")
    before = _moves(page)
    page.locator(".fb-send").click()
    page.wait_for_function(f"() => JSON.parse(document.querySelector('.fb-json').textContent).moves >= {before + 2}",
                           timeout=20_000)  # our drop and the bot's answer
    assert _moves(page) >= before + 2
    save_shot(page, f"fourth-game-{width}x{height}.png")
    width_ok = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert width_ok, "the page scrolls sideways"
    assert errors == []
    ctx.close()


def test_the_lobby_form_offers_the_games_own_bot_levels(browser, site) -> None:
    """The table form's bot levels are the chosen game's (connect4 has only "easy"), and a
    game against its bot opens from the form; UnfairChess's three come back with "normal"."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site.url}/")
    form = page.locator("#table-form")
    levels = "els => els.map((e) => e.value + (e.checked ? '*' : ''))"
    assert form.locator("input[name=bot_level]").evaluate_all(levels) == ["easy", "normal*", "hard"]
    form.locator("select[name=game]").select_option("connect4")
    form.locator("label:has(input[name=opponent][value=bot])").click()
    assert form.locator("input[name=bot_level]").evaluate_all(levels) == ["easy*"]
    assert form.locator("[data-bot-levels]").inner_text() == "Easy"
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{site.url}/g/*")
    page.wait_for_selector(".fb-json")
    page.goto(f"{site.url}/")
    form.locator("select[name=game]").select_option("connect4")
    form.locator("select[name=game]").select_option("unfairchess")
    assert form.locator("input[name=bot_level]").evaluate_all(levels) == ["easy*", "normal", "hard"]  # easy kept
    assert errors == []
    ctx.close()


# A board that tells every update step by step for 1.5 s (as Citadel plays the Professor's
# turn): the generic board, its root marked data-anim="1" meanwhile.
SLOW_BOARD = """
import { createGameUI as generic } from "/static/js/fallback-ui.js?generic";
export function createGameUI(root, opts) {
  const ui = generic(root, opts);
  return { ...ui, update(frame) {
    ui.update(frame);
    if (!frame.view) return;
    queueMicrotask(() => { root.dataset.anim = "1"; });
    setTimeout(() => { root.dataset.anim = "0"; }, 1500);
  } };
}
"""


def test_the_end_waits_for_the_board_to_show_it(browser, site) -> None:
    """While the board marks its root data-anim="1", the page says nothing of the end the
    last frame brought (no result, no "Game over" state); once the mark is gone, it does."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/static/js/fallback-ui.js",
               lambda route: route.fulfill(status=200, content_type="text/javascript", body=SLOW_BOARD))
    r = page.request.post(f"{site.url}/api/tables", data={"game": "connect4", "opponent": "bot", "bot_level": "easy"},
                          headers={"Origin": site.url})
    assert r.ok, r.text()
    page.goto(f"{site.url}/g/{r.json()['table']['game_id']}")
    page.wait_for_selector(".fb-send")
    page.wait_for_function("() => document.getElementById('board-root').dataset.anim === '0'", timeout=10_000)
    page.wait_for_function("() => !!document.querySelector('#actions [data-act=abort]')")
    # what the page says at each change of the board's mark and of the status line
    page.evaluate("""() => {
      const root = document.getElementById("board-root"), line = document.getElementById("status-line");
      window.seen = [];
      const note = () => window.seen.push({ anim: root.dataset.anim, over: line.dataset.over });
      new MutationObserver(note).observe(root, { attributes: true, attributeFilter: ["data-anim"] });
      new MutationObserver(note).observe(line, { attributes: true, attributeFilter: ["data-over"] });
    }""")
    page.locator("#actions [data-act=abort]").click()
    page.wait_for_selector("#status-line[data-over='1']", timeout=10_000)
    seen = page.evaluate("window.seen")
    assert {"anim": "1", "over": "0"} in seen, seen  # the board showed the last frame first...
    assert all(not (s["anim"] == "1" and s["over"] == "1") for s in seen), seen  # ...and only then the end
    assert errors == []
    ctx.close()
