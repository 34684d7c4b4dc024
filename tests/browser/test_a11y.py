"""The site's pages pass axe-core's accessibility checks (WCAG 2 A and AA, and axe's best
practices), in the light theme and, for the rules that depend on colours, the dark one: enough
contrast, names for controls and landmarks, headings, no control inside another.

axe-core runs in the page (``axe-playwright-python`` carries it); a page is checked once its
scripts have drawn it: the home page with a signed-up player's daily challenges, a profile,
the shop, each game's page in a game against the bot, a lesson, a puzzle, the rules pages.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import quick_games, site_env

pytestmark = pytest.mark.browser

ROOTS = {"unfairchess": ".ucg-root", "castel": ".cg-root", "citadel": ".ctl-root"}
PAGES = ["/", "/watch", "/learn", "/my-games", "/account", "/profile/{me}", "/leaderboard/unfairchess", "/shop",
         "/puzzles", "/learn/castel", "/games/unfairchess/rules", "/games/castel/rules", "/games/unfairchess/cards",
         "/login", "/register"]
AXE = Axe()


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("site-a11y", site_env({}, bot_min_delay=0.2, bot_workers=1))


@pytest.fixture(scope="module")
def games(browser, site) -> Iterator[dict[str, Any]]:
    yield from quick_games(browser, site, ROOTS)


COLOURS = {"runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}, "resultTypes": ["violations"]}
"""The rules whose outcome a colour scheme changes: the pages are the same elements in both
themes, so the dark one is checked with these alone."""


def violations(page: Any, options: dict[str, Any] | None = None) -> list[str]:
    """axe's violations on ``page`` as it is now (all its rules, or those of ``options``):
    ``id (impact): where`` per rule."""
    found = AXE.run(page, options=options or {"resultTypes": ["violations"]}).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in found]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_passes_axe(browser, site, games, scheme) -> None:
    ctx = browser.new_context(base_url=site.url, viewport={"width": 1280, "height": 860}, color_scheme=scheme,
                              reduced_motion="reduce")
    ctx.set_default_timeout(20000)
    page = ctx.new_page()
    options = COLOURS if scheme == "dark" else None
    me = f"axe{scheme}"
    page.goto("/")
    assert page.request.post("/api/register", data={"username": me, "password": "correct horse"}).ok
    found = {}
    for path in [p.format(me=me) for p in PAGES]:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        found[path] = violations(page, options)
    page.close()
    ctx.close()
    # the games' pages, with a board in play (the guest's of the fixture)
    play = games["ctx"].new_page()
    play.emulate_media(color_scheme=scheme)
    for game, url in games["urls"].items():
        play.goto(url)
        play.wait_for_function(f"() => document.querySelector('{ROOTS[game]}')?.dataset.version !== undefined")
        play.wait_for_load_state("networkidle")
        found[url] = violations(play, options)
    play.close()
    bad = {path: v for path, v in found.items() if v}
    assert not bad, "\n".join(f"{path}: {line}" for path, lines in bad.items() for line in lines)
