"""The rules drawer of the game page (js/drawer.js) on a live game of each game, at 1280x860 and
390x844: its rules tab shows the game's rules, its cards tab the catalogue whose search box
narrows the list, the page never scrolls sideways, Escape closes it and gives the focus back;
and in UnfairChess a card zoomed on the board is explained there (the zoom's Explain button,
js/kit/explain.js)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import quick_games, save_shot, site_env

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
# game → (the board's root, the board, a hand card to click for its zoom, the zoom's box)
GAMES = {
    "unfairchess": (".ucg-root", ".ucg-board", ".ucg-hand .ucg-card", ".ucg-modal-box"),
    "castel": (".cg-root", ".cg-board", ".cg-hand .cg-card .cg-info", ".cg-modal-box"),
    "citadel": (".ctl-root", ".ctl-mapwrap", ".ctl-hand .ctl-card", ".ctl-modal-box"),
}
# game → (a search, the card it must keep, its catalogue element) in English and French
SEARCH = {
    "unfairchess": {"en": ("sleep", "sommeil", ".ucg-card"), "fr": ("sommeil", "sommeil", ".ucg-card"),
                    "es": ("sueno", "sommeil", ".ucg-card")},  # Sueño: accents do not count
    "castel": {"en": ("queen", "reine", ".cg-card"), "fr": ("reine", "reine", ".cg-card"),
               "es": ("reina", "reine", ".cg-card")},
}
# lang → (the rules tab's label, the search box's placeholder)
TEXTS = {"fr": ("Règles", "Chercher une carte"), "es": ("Reglas", "Buscar una carta")}
CARD_KEY = {"unfairchess": "card", "castel": "kind"}
SIZES = [(1280, 860), (390, 844)]


@pytest.fixture(scope="module")
def site(site_factory):
    return site_factory("site-drawer", site_env({}, bot_min_delay=0.2, bot_workers=1))


@pytest.fixture(scope="module")
def games(browser, site) -> Iterator[dict[str, Any]]:
    """One quick game against the easy bot per game (one guest), by game: its page's URL."""
    yield from quick_games(browser, site, {g: GAMES[g][0] for g in GAMES})


def open_game(games: dict[str, Any], game: str, width: int, height: int, lang: str = "en") -> Any:
    page = games["ctx"].new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{games['urls'][game]}?lang={lang}")
    page.wait_for_selector(f"{GAMES[game][0]}[data-version]", state="attached")
    page.errors = errors
    return page


def rect(page: Any, selector: str) -> dict[str, float]:
    return page.evaluate(f"() => {{ const r = document.querySelector('{selector}').getBoundingClientRect(); "
                         "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }")


def no_sideways_scroll(page: Any, what: str) -> None:
    scroll_width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert scroll_width <= inner, f"{what}: the page scrolls sideways ({scroll_width} > {inner})"
    panel = page.evaluate("() => { const p = document.querySelector('.drawer-panel:not([hidden])');"
                          " return p ? [p.scrollWidth, p.clientWidth] : [0, 0]; }")
    assert panel[0] <= panel[1] + 1, f"{what}: the drawer's content is wider than the drawer {panel}"


def visible_cards(page: Any, card: str) -> int:
    return int(page.evaluate(f"() => [...document.querySelectorAll('.drawer [data-groups] {card}')]"
                             ".filter((e) => e.getClientRects().length > 0).length"))


def card_names(game: str) -> dict[str, dict[str, str]]:
    cards = json.loads((ROOT / "donjon" / "games" / game / "web" / "cards.json").read_text("utf-8"))
    return {c["id"]: {"en": c["name_en"], "fr": c["name_fr"]} for c in cards}


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_drawer_shows_the_rules_and_the_searchable_catalogue(games, game, width, height) -> None:
    page = open_game(games, game, width, height)
    button = page.locator("#drawer-btn")
    assert button.is_visible() and button.get_attribute("aria-expanded") == "false"
    assert page.get_by_role("button", name="Rules", exact=True).count() == 1
    if width < 1000:  # a round icon at the window's corner, and the page ends above it
        r = rect(page, "#drawer-btn")
        assert 40 <= r["right"] - r["left"] <= 50 and 40 <= r["bottom"] - r["top"] <= 50, r
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        fab = rect(page, "#drawer-btn")
        for what in (".side-col > :last-child", ".footer > :last-child"):  # the footer's API link
            last = rect(page, what)
            assert last["bottom"] <= fab["top"], (what, last, fab)
        page.evaluate("scrollTo(0, 0)")
    button.click()
    drawer = page.locator("#rules-drawer")
    drawer.wait_for(state="visible")
    assert button.get_attribute("aria-expanded") == "true"
    assert page.evaluate("document.getElementById('rules-drawer').contains(document.activeElement)"), "the focus is not in the drawer"

    # the rules: the game's own rules page, in the page's language
    rules = page.locator("#drawer-panel-rules article[lang=en]")
    rules.wait_for(state="visible")
    assert rules.locator("h1").inner_text().strip().lower().endswith("rules")
    assert len(rules.inner_text()) > 2000

    b, d = rect(page, GAMES[game][1]), rect(page, "#rules-drawer")
    if width >= 1000:  # a side panel: the board is not all under it
        assert d["left"] > b["left"] + 200 and d["right"] == width, (b, d)
    else:  # a sheet over the whole window, the page behind it out of reach
        assert d["left"] == 0 and d["right"] == width and d["top"] == 0, d
        assert page.evaluate("document.querySelector('main').inert && document.querySelector('header').inert")
        assert drawer.get_attribute("aria-modal") == "true"
    no_sideways_scroll(page, f"{game} {width} rules")

    tabs = page.locator("#rules-drawer [role=tab]")
    if game in SEARCH:
        assert tabs.count() == 2
        page.locator("#drawer-tab-cards").click()
        query, kept, card = SEARCH[game]["en"]
        page.wait_for_selector(f".drawer [data-groups] {card}")
        assert page.locator("#drawer-panel-rules").is_hidden()
        everything = visible_cards(page, card)
        assert everything >= 37
        page.locator(".drawer .kit-cat-search input").fill(query)
        page.wait_for_function(f"() => [...document.querySelectorAll('.drawer [data-groups] {card}')]"
                               f".filter((e) => e.getClientRects().length).length < {everything}")
        left = visible_cards(page, card)
        assert 0 < left < everything
        assert page.locator(f".drawer [data-groups] {card}[data-{CARD_KEY[game]}={kept}]").is_visible()
        page.locator(".drawer .kit-cat-search input").fill("zzzz nothing")
        assert visible_cards(page, card) == 0 and page.locator(".drawer .kit-cat-none").is_visible()
        page.locator(".drawer .kit-cat-search input").fill("")
        assert visible_cards(page, card) == everything
        no_sideways_scroll(page, f"{game} {width} cards")
    else:  # Citadel has no card catalogue page: no tab for one
        assert tabs.count() == 1 and page.locator("#drawer-tab-cards").count() == 0

    save_shot(page, f"drawer-{game}-{width}.png")
    page.keyboard.press("Escape")
    drawer.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "drawer-btn"
    assert button.get_attribute("aria-expanded") == "false"
    assert not page.evaluate("document.querySelector('main').inert")
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_catalogue_search_speaks_the_players_language(games, lang) -> None:
    """In French or Spanish the rules tab shows the rules in that language and the search finds
    the cards by their names in it."""
    for game in SEARCH:
        page = open_game(games, game, 1280, 860, lang=lang)
        page.locator("#drawer-btn").click()
        page.locator(f"#drawer-panel-rules article[lang={lang}]").wait_for(state="visible")
        assert page.locator("#drawer-panel-rules article[lang=en]").is_hidden()
        assert page.locator("#drawer-tab-rules").inner_text() == TEXTS[lang][0]
        page.locator("#drawer-tab-cards").click()
        query, kept, card = SEARCH[game][lang]
        page.wait_for_selector(f".drawer [data-groups] {card}")
        assert page.locator(".drawer .kit-cat-search input").get_attribute("placeholder") == TEXTS[lang][1]
        everything = visible_cards(page, card)
        page.locator(".drawer .kit-cat-search input").fill(query.upper())  # case does not count
        assert 0 < visible_cards(page, card) < everything
        assert page.locator(f".drawer [data-groups] {card}[data-{CARD_KEY[game]}={kept}]").is_visible()
        assert not page.errors, page.errors
        page.close()


def open_zoom(page: Any, game: str) -> None:
    """Click a hand card until its zoom shows (a new frame from the server may close it)."""
    _, _, card, zoom_box = GAMES[game]
    if game == "citadel":
        page.wait_for_function("() => document.querySelector('[data-choose]') || document.querySelector('.ctl-hand .ctl-card')")
        if page.locator("[data-choose]").count():
            page.locator("[data-choose]").first.click()
    page.wait_for_selector(card)
    for _ in range(5):
        page.locator(card).first.dispatch_event("click")  # a card still moving (a deal) gets it too
        try:
            page.wait_for_selector(zoom_box, state="visible", timeout=3000)
            return
        except Exception:  # noqa: BLE001 - tried again
            continue
    page.wait_for_selector(zoom_box, state="visible")


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_zoomed_card_is_explained_in_the_drawer(games, width, height) -> None:
    page = open_game(games, "unfairchess", width, height)
    names = card_names("unfairchess")
    open_zoom(page, "unfairchess")
    explain = page.locator(".ucg-modal-box .kit-explain")
    assert explain.inner_text() == "Explain"
    card = explain.get_attribute("data-explain")
    assert card in names
    explain.click()
    page.locator("#rules-drawer").wait_for(state="visible")
    assert page.locator("#drawer-tab-cards").get_attribute("aria-selected") == "true"
    entry = page.locator("#rules-drawer .kit-zoom:not([hidden])")
    entry.wait_for(state="visible")
    assert names[card]["en"] in entry.inner_text()
    assert page.evaluate("document.getElementById('rules-drawer').contains(document.activeElement)")
    no_sideways_scroll(page, f"explained {width}")
    save_shot(page, f"drawer-explained-{width}.png")
    # Escape closes the entry first, then the drawer
    page.keyboard.press("Escape")
    entry.wait_for(state="hidden")
    assert page.locator("#rules-drawer").is_visible()
    page.keyboard.press("Escape")
    page.locator("#rules-drawer").wait_for(state="hidden")

    if width >= 1000:
        # the drawer open beside the board: a card zoomed on the board shows there at once
        page.keyboard.press("Escape")  # the board's zoom
        page.locator("#drawer-btn").click()
        page.locator("#rules-drawer").wait_for(state="visible")
        page.locator("#drawer-tab-rules").click()  # it opens on the tab it was left on
        open_zoom(page, "unfairchess")
        card = page.locator(".ucg-modal-box .kit-explain").get_attribute("data-explain")
        entry.wait_for(state="visible")
        assert names[card]["en"] in entry.inner_text()
        assert page.locator("#drawer-tab-cards").get_attribute("aria-selected") == "true"
    assert not page.errors, page.errors
    page.close()


def test_no_explain_button_without_a_catalogue(games) -> None:
    """Citadel's drawer has no cards tab, so its board's zoom offers nothing to explain."""
    page = open_game(games, "citadel", 1280, 860)
    page.locator("#drawer-btn").wait_for(state="visible")
    open_zoom(page, "citadel")
    assert page.locator(".ctl-modal-box .kit-explain").count() == 0
    assert not page.errors, page.errors
    page.close()


def test_the_replay_page_has_the_drawer_too(games) -> None:
    page = games["ctx"].new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(games["urls"]["castel"] + "/replay")
    page.locator("#drawer-btn").click()
    page.locator("#drawer-panel-rules article[lang=en] h1").wait_for(state="visible")
    page.locator("#drawer-tab-cards").click()
    page.wait_for_selector(".drawer [data-groups] .cg-card")
    assert not errors, errors
    page.close()


def test_a_card_picked_in_castel_is_explained_in_the_open_drawer(games) -> None:
    """Castel: picking a hand card to place it (not only its zoom) shows its entry in the open drawer."""
    page = open_game(games, "castel", 1280, 860)
    names = {k: v["en"] for k, v in card_names("castel").items()}
    page.locator("#drawer-btn").click()
    page.locator("#drawer-panel-rules article[lang=en]").wait_for(state="visible")
    entry = page.locator("#rules-drawer .kit-zoom:not([hidden])")
    page.wait_for_selector(".cg-hand .cg-card[data-kind]")
    shown = None
    for _ in range(3):  # a card drawn this turn, or one with no use, is not picked: try the others
        for kind in page.eval_on_selector_all(".cg-hand .cg-card[data-kind]", "(els) => els.map((e) => e.dataset.kind)"):
            page.locator(f".cg-hand .cg-card[data-kind={kind}]").first.dispatch_event("click")
            try:
                entry.wait_for(state="visible", timeout=1500)
            except Exception:  # noqa: BLE001 - not picked, the next one
                continue
            shown = kind
            break
        if shown:
            break
    assert shown, "no hand card could be picked"
    assert page.locator("#drawer-tab-cards").get_attribute("aria-selected") == "true"
    assert names[shown] in entry.inner_text()
    assert not page.errors, page.errors
    page.close()
