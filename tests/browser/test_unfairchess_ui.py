"""The UnfairChess board in real headless Chromium (Playwright, Debian's /usr/bin/chromium).

The dev harness (donjon/games/unfairchess/web/dev.html) is fed views produced by the real
engine (tests/browser/make_fixtures.py); ``send`` is a stub that records every action in
``window.__sent``. Screenshots go to docs/screenshots/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser import make_fixtures
from tests.browser.conftest import pulse_of, save_shot

pytestmark = pytest.mark.browser



def test_static_cards_json_matches_catalogue() -> None:
    """The browser's copy of the catalogue is the engine's (refresh: make_fixtures.py --cards)."""
    assert make_fixtures.CARDS_JSON.read_text("utf-8") == make_fixtures.cards_text(), (
        "donjon/games/unfairchess/web/cards.json is stale: run python3 tests/browser/make_fixtures.py --cards")
    data = json.loads(make_fixtures.CARDS_JSON.read_text("utf-8"))
    assert len(data) == 58
    assert {c["rarity"] for c in data} == {"common", "rare", "legendary"}


def test_templates_render_with_a_minimal_base() -> None:
    from tests.browser.devserver import render_page

    for lang in ("en", "fr"):
        cards = render_page("cards.html", lang)
        rules = render_page("rules.html", lang)
        assert "ucg-catalogue" in cards and "/static/unfairchess/cards-page.js" in cards
        assert ("Sleep" if lang == "en" else "Sommeil") in cards
        assert "UnfairChess" in rules
    assert "checkmate" in render_page("rules.html", "en")
    assert "échec et mat" in render_page("rules.html", "fr")
    # donjon's base.html names its body block `main`: the pages fill it too
    main_base = "<title>{% block title %}{% endblock %}</title><main>{% block main %}{% endblock %}</main>"
    for name in ("cards.html", "rules.html"):
        html = render_page(name, "en", base=main_base)
        assert "<main>" in html and "UnfairChess" in html.split("<main>", 1)[1]


# ----------------------------------------------------------------------------- browser


@pytest.fixture(scope="module")
def server():
    from tests.browser.devserver import DevServer

    srv = DevServer().start()
    yield srv
    srv.stop()


@pytest.fixture()
def page(pages):
    pg = pages.page(1280, 1050)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    pages.release(pg)
    assert not errors, errors


def load(server, name: str) -> dict[str, Any]:
    return json.loads((server.fixtures / f"{name}.json").read_text("utf-8"))


def open_fx(page, server, name: str, **params: str) -> dict[str, Any]:
    q = "&".join([f"f={name}"] + [f"{k}={v}" for k, v in params.items()])
    page.goto(f"{server.url}/static/unfairchess/dev.html?{q}")
    page.wait_for_selector(f"body[data-ready='{name}']", timeout=10000)
    return load(server, name)


def last(fx: dict[str, Any]) -> dict[str, Any]:
    return fx["updates"][-1]


def square(page, sq: str) -> None:
    page.locator(f".ucg-sq[data-square='{sq}']").click()


def marked(page, selector: str) -> list[str]:
    return sorted(page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.square)"))


def sent(page) -> list[dict[str, Any]]:
    return page.evaluate("window.__sent")


def shot(page, name: str) -> None:
    save_shot(page.locator("#game"), name, settle_ms=250, animations="disabled")


def hand_card(page, card_id: str):
    return page.locator(f".ucg-hand .ucg-card[data-card='{card_id}']")


# ------------------------------------------------------------------------ moves


def test_click_piece_shows_its_legal_destinations(page, server) -> None:
    fx = open_fx(page, server, "opening")
    legal = last(fx)["legal"]
    square(page, "g1")
    want = sorted({a["uci"][2:4] for a in legal if a["type"] == "move" and a["uci"].startswith("g1")})
    assert want == ["e2", "f3", "h3"]
    assert marked(page, ".ucg-dot, .ucg-capture") == want
    assert marked(page, ".ucg-selected") == ["g1"]
    # clicking the same piece again deselects it
    square(page, "g1")
    assert marked(page, ".ucg-dot, .ucg-capture") == []
    # a capture shows as a ring, not a dot
    square(page, "e4")
    assert marked(page, ".ucg-capture") == ["d5"]
    assert marked(page, ".ucg-dot") == ["e5"]
    shot(page, "unfairchess-board.png")


def test_click_click_move_sends_the_move(page, server) -> None:
    open_fx(page, server, "opening")
    square(page, "g1")
    square(page, "f3")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "move", "uci": "g1f3"}]
    # the piece is shown on its new square until the server's next view
    assert page.locator(".ucg-piece[data-square='f3']").get_attribute("data-piece") == "wN"


def test_clicking_a_non_destination_does_not_move(page, server) -> None:
    open_fx(page, server, "opening")
    square(page, "g1")
    square(page, "g4")
    assert sent(page) == []
    assert marked(page, ".ucg-dot, .ucg-capture") == []


def drag(page, frm: str, to: str) -> None:
    """Drag the piece on ``frm`` to ``to`` with the mouse; its ghost follows the pointer."""
    src = page.locator(f".ucg-sq[data-square='{frm}']").bounding_box()
    dst = page.locator(f".ucg-sq[data-square='{to}']").bounding_box()
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
    page.mouse.down()
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] - 30, steps=4)
    assert page.locator(".ucg-ghost").count() == 1
    page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] / 2, steps=6)
    page.mouse.up()


def test_drag_and_drop_move(page, server) -> None:
    open_fx(page, server, "opening")
    drag(page, "d2", "d4")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "move", "uci": "d2d4"}]


def test_promotion_picker(page, server) -> None:
    fx = open_fx(page, server, "promotion")
    assert {"type": "move", "uci": "b7b8n"} in last(fx)["legal"]
    square(page, "b7")
    assert marked(page, ".ucg-dot, .ucg-capture") == ["a8", "b8", "c8"]
    square(page, "b8")
    opts = page.locator(".ucg-promo-opt")
    assert opts.count() == 4
    shot(page, "unfairchess-promotion.png")
    page.locator(".ucg-promo-opt[data-promo='n']").click()
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "move", "uci": "b7b8n"}]


def test_flip_board(page, server) -> None:
    open_fx(page, server, "opening")
    y_white = page.locator(".ucg-sq[data-square='e1']").bounding_box()["y"]
    y_black = page.locator(".ucg-sq[data-square='e8']").bounding_box()["y"]
    assert y_white > y_black
    page.locator("[data-action='flip']").click()
    assert page.locator(".ucg-sq[data-square='e1']").bounding_box()["y"] < page.locator(".ucg-sq[data-square='e8']").bounding_box()["y"]


# ------------------------------------------------------------------------ cards


def card_steps(legal: list[dict[str, Any]], card: str, picked: list[str]) -> list[str]:
    k = len(picked)
    return sorted({a["squares"][k] for a in legal if a["type"] == "card" and a["card"] == card
                   and a["squares"][:k] == picked and len(a["squares"]) > k})


def test_card_enlarged_then_red_squares_step_by_step(page, server) -> None:
    fx = open_fx(page, server, "targeting")
    legal = last(fx)["legal"]
    hand_card(page, "cavalcade").click()
    big = page.locator(".ucg-modal .ucg-card.ucg-big")
    assert big.is_visible()
    assert "knight jump" in big.inner_text()
    shot(page, "unfairchess-card.png")
    page.locator(".ucg-modal [data-action='play']").click()
    assert page.locator(".ucg-modal").is_hidden()
    first = card_steps(legal, "cavalcade", [])
    assert first and marked(page, ".ucg-target") == first
    square(page, "d1")
    second = card_steps(legal, "cavalcade", ["d1"])
    assert second and marked(page, ".ucg-target") == second
    assert marked(page, ".ucg-picked") == ["d1"]
    shot(page, "unfairchess-targeting.png")
    # a square that is not lit does nothing
    square(page, "h8")
    assert sent(page) == []
    square(page, second[0])
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "card", "card": "cavalcade", "squares": ["d1", second[0]]}]
    assert sent(page)[0] in legal


def test_card_cancel_at_any_step(page, server) -> None:
    open_fx(page, server, "targeting")
    hand_card(page, "cavalcade").click()
    page.locator(".ucg-modal [data-action='cancel']").click()
    assert page.locator(".ucg-modal").is_hidden() and marked(page, ".ucg-target") == []
    hand_card(page, "cavalcade").click()
    page.locator(".ucg-modal [data-action='play']").click()
    square(page, "d1")
    page.locator("[data-action='tcancel']").click()
    assert marked(page, ".ucg-target") == [] and marked(page, ".ucg-picked") == []
    # normal moves work again
    square(page, "c3")
    assert marked(page, ".ucg-dot, .ucg-capture")
    assert sent(page) == []


def test_card_with_one_or_two_pawns_and_a_promotion(page, server) -> None:
    fx = open_fx(page, server, "targeting")
    legal = last(fx)["legal"]
    hand_card(page, "marche_forcee").click()
    page.locator(".ucg-modal [data-action='play']").click()
    assert marked(page, ".ucg-target") == card_steps(legal, "marche_forcee", [])
    square(page, "a2")
    # a2 alone is complete, a second pawn may still be added
    assert page.locator("[data-action='tconfirm']").is_visible()
    assert marked(page, ".ucg-target") == card_steps(legal, "marche_forcee", ["a2"])
    square(page, "b7")
    # b7 promotes: the picker asks which piece
    choices = page.locator(".ucg-modal .ucg-choice")
    assert choices.count() == 4
    page.locator(".ucg-modal .ucg-choice").nth(3).click()
    page.wait_for_function("window.__sent.length === 1")
    action = sent(page)[0]
    assert action in legal
    assert action["squares"] == ["a2", "b7"] and action["promotions"][0] is None


def test_card_confirm_with_fewer_squares(page, server) -> None:
    fx = open_fx(page, server, "targeting")
    hand_card(page, "marche_forcee").click()
    page.locator(".ucg-modal [data-action='play']").click()
    square(page, "f2")
    page.locator("[data-action='tconfirm']").click()
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "card", "card": "marche_forcee", "squares": ["f2"]}]
    assert sent(page)[0] in last(fx)["legal"]


def test_card_without_squares_plays_on_play(page, server) -> None:
    open_fx(page, server, "targeting")
    hand_card(page, "couvre_feu").click()
    page.locator(".ucg-modal [data-action='play']").click()
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "card", "card": "couvre_feu", "squares": []}]


def test_greyed_card_cannot_be_played(page, server) -> None:
    fx = open_fx(page, server, "opening")
    hand = {h["card"]: h["playable"] for h in last(fx)["view"]["hand"]}
    assert hand["renfort"] is False
    assert not any(a["type"] == "card" and a["card"] == "renfort" for a in last(fx)["legal"])
    card = hand_card(page, "renfort")
    assert "ucg-greyed" in card.get_attribute("class")
    assert "ucg-greyed" not in hand_card(page, "poison").get_attribute("class")
    card.click()
    play = page.locator(".ucg-modal [data-action='play']")
    assert play.is_disabled()
    assert page.locator(".ucg-grey-reason").is_visible()
    play.click(force=True)
    assert sent(page) == [] and marked(page, ".ucg-target") == []


def test_rarity_glow_classes(page, server) -> None:
    open_fx(page, server, "opening")
    assert "ucg-r-common" in hand_card(page, "poison").get_attribute("class")
    assert "ucg-r-rare" in hand_card(page, "sommeil").get_attribute("class")
    assert "ucg-r-legendary" in hand_card(page, "frappe_celeste").get_attribute("class")
    glow = page.evaluate("getComputedStyle(document.querySelector(\".ucg-hand [data-card='frappe_celeste']\")).boxShadow")
    assert "rgba(255, 185, 30" in glow or "rgb(255" in glow
    # the legendary glow pulses, unless the reader asks for less motion
    assert pulse_of(page, ".ucg-hand [data-card='frappe_celeste']") == {"no-preference": "ucg-legend", "reduce": "none"}


def test_status_card_on_a_piece(page, server) -> None:
    fx = open_fx(page, server, "opening")
    legal = last(fx)["legal"]
    hand_card(page, "sommeil").click()
    page.locator(".ucg-modal [data-action='play']").click()
    assert marked(page, ".ucg-target") == card_steps(legal, "sommeil", [])
    square(page, "d5")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "card", "card": "sommeil", "squares": ["d5"]}]


def test_order_choice_for_foresight(page, server) -> None:
    fx = open_fx(page, server, "prescience")
    legal = last(fx)["legal"]
    assert legal and all(a["type"] == "order" for a in legal)
    # The order picker opens by itself once Foresight is played.
    page.locator(".ucg-modal .ucg-choice[data-value='\"poison\"']").click()
    page.locator(".ucg-modal .ucg-choice[data-value='\"trahison\"']").click()
    page.wait_for_function("window.__sent.length === 1")
    action = sent(page)[0]
    assert action in legal
    assert action == {"type": "order", "order": ["poison", "trahison", "fleche"]}


def test_refused_action_shows_the_reason(page, server) -> None:
    open_fx(page, server, "opening", reject="1")
    square(page, "g1")
    square(page, "f3")
    toast = page.locator(".ucg-toast")
    toast.wait_for(state="visible")
    assert "test rejection" in toast.inner_text()
    # the optimistic move is undone
    assert page.locator(".ucg-piece[data-square='g1']").count() == 1


# ---------------------------------------------------------------- what is drawn


def test_statuses_walls_traps_are_drawn(page, server) -> None:
    fx = open_fx(page, server, "statuses")
    view = last(fx)["view"]
    for sts in view["statuses"].values():
        for st in sts:
            assert page.locator(f".ucg-board-svg .ucg-b-{st}").count() >= 1, st
    assert page.locator(".ucg-board-svg .ucg-b-sleep").count() == sum("sleep" in s for s in view["statuses"].values())
    assert page.locator(".ucg-board-svg .ucg-shield-ring").count() == sum("shield" in s for s in view["statuses"].values()) >= 1
    assert page.locator(".ucg-board-svg .ucg-trap").count() == len(view["traps"]) == 2
    # black pieces stay black under a status
    assert page.locator(".ucg-piece[data-square='c6']").get_attribute("data-piece") == "bN"
    shot(page, "unfairchess-statuses.png")


def test_wall_and_move_list(page, server) -> None:
    fx = open_fx(page, server, "opening")
    assert page.locator(".ucg-board-svg .ucg-wall").count() == len(last(fx)["view"]["walls"]) == 1
    moves = page.locator(".ucg-moves").inner_text()  # the fixture's history entries, in SAN
    plies = page.locator(".ucg-moves [data-v]").all_inner_texts()
    assert "e4" in plies and "d5" in plies and any(p.startswith("Wall") for p in plies), plies
    assert "1." in moves
    assert marked(page, ".ucg-last") == ["d5", "d7"]
    # the discard pile lists the played card
    page.locator("[data-action='discard']").click()
    assert page.locator(".ucg-discard-item").count() == 1
    assert "Wall" in page.locator(".ucg-modal").inner_text()


def test_frozen_pieces_after_blizzard(page, server) -> None:
    fx = open_fx(page, server, "blizzard")
    view = last(fx)["view"]
    assert view["frozen"]
    assert page.locator(".ucg-board-svg .ucg-b-frozen").count() == len(view["frozen"])
    assert page.locator(".ucg-board-svg .ucg-area").count() == 9
    assert "Blizzard" in page.locator(".ucg-side .ucg-banners").inner_text()
    shot(page, "unfairchess-blizzard.png")


def test_can_save_banner(page, server) -> None:
    fx = open_fx(page, server, "can_save")
    assert last(fx)["view"]["can_save"]
    assert "a card can still save you" in page.locator(".ucg-side .ucg-b-save").inner_text()
    assert page.locator(".ucg-check").count() == 1
    assert "ucg-greyed" not in hand_card(page, "muraille").get_attribute("class")
    shot(page, "unfairchess-can-save.png")


def test_restriction_banners(page, server) -> None:
    open_fx(page, server, "restrictions")
    text = page.locator(".ucg-side .ucg-banners").inner_text()
    for word in ("Curfew", "Quicksand", "Taunt", "Truce", "Silence"):
        assert word in text
    assert marked(page, ".ucg-taunt") == [] or page.locator(".ucg-taunt").count() == 1


def test_silence_greys_every_card(page, server) -> None:
    open_fx(page, server, "silenced")
    assert page.locator(".ucg-hand .ucg-card.ucg-greyed").count() == 4
    assert "Silence" in page.locator(".ucg-side .ucg-banners").inner_text()


def test_must_move_after_add_card(page, server) -> None:
    open_fx(page, server, "must_move")
    assert page.locator(".ucg-hand .ucg-card.ucg-greyed").count() == 4
    assert "normal move" in page.locator(".ucg-side .ucg-banners").inner_text()
    assert page.locator(".ucg-b-shield").count() == 0 or True
    square(page, "g1")
    square(page, "f3")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "move", "uci": "g1f3"}]


def test_checkmate_banner(page, server) -> None:
    open_fx(page, server, "checkmate")
    assert "Game over" in page.locator(".ucg-side .ucg-b-over").inner_text()
    assert page.locator(".ucg-hand .ucg-card.ucg-greyed").count() == 4


def test_waiting_for_the_opponent(page, server) -> None:
    open_fx(page, server, "waiting")
    assert page.locator(".ucg-hand .ucg-card.ucg-greyed").count() == 4
    square(page, "g1")
    assert marked(page, ".ucg-dot, .ucg-capture") == []


def test_a_premove_is_played_when_the_turn_comes(page, server) -> None:
    """On the opponent's turn a piece and a square (clicked, or the piece dragged there) make a
    premove (shown, nothing sent); when the turn comes it is sent if it is legal then, else
    dropped; Escape or a press on the piece again takes it back."""
    open_fx(page, server, "waiting")
    square(page, "g1")
    assert marked(page, ".ucg-premove") == ["g1"]
    square(page, "g1")
    assert marked(page, ".ucg-premove") == []
    square(page, "g1")
    square(page, "f3")
    assert marked(page, ".ucg-premove") == ["f3", "g1"] and sent(page) == []
    shot(page, "unfairchess-premove.png")
    page.keyboard.press("Escape")
    assert marked(page, ".ucg-premove") == []
    # dragged: the piece follows the pointer, the premove is where it is dropped
    drag(page, "g1", "f3")
    assert marked(page, ".ucg-premove") == ["f3", "g1"] and sent(page) == []
    after = last(load(server, "waiting_next"))
    page.evaluate("(u) => window.__ui.update(u)", after)
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "move", "uci": "g1f3"}] and sent(page)[0] in after["legal"]
    assert marked(page, ".ucg-premove") == []
    # an illegal premove (a pawn two squares ahead from d4) is dropped when the turn comes
    open_fx(page, server, "waiting")
    square(page, "d4")
    square(page, "d6")
    assert marked(page, ".ucg-premove") == ["d4", "d6"]
    page.evaluate("(u) => window.__ui.update(u)", after)
    page.wait_for_timeout(200)
    assert sent(page) == [] and marked(page, ".ucg-premove") == []


def test_spectator_sees_no_hand_and_cannot_move(page, server) -> None:
    open_fx(page, server, "spectator")
    assert page.locator(".ucg-hand .ucg-card").count() == 0
    assert page.locator(".ucg-backs").count() == 2
    square(page, "g1")
    assert marked(page, ".ucg-dot, .ucg-capture") == [] and sent(page) == []


def test_french(page, server) -> None:
    open_fx(page, server, "statuses_fr")
    assert "coups" in page.locator(".ucg-moves-panel").inner_text().lower()
    assert "Remplace ton coup" in page.locator(".ucg-hand").inner_text()
    hand_card(page, "cavalcade").click()
    assert page.locator(".ucg-modal [data-action='play']").inner_text() == "Jouer"
    page.locator(".ucg-modal [data-action='cancel']").click()
    shot(page, "unfairchess-board-fr.png")


def test_catalogue_page(page, server) -> None:
    page.goto(f"{server.url}/pages/cards.html")
    page.wait_for_selector(".ucg-cat-grid .ucg-card")
    assert page.locator(".ucg-cat-group").count() == 7
    assert page.locator(".ucg-cat-grid .ucg-card").count() == 58
    page.locator(".ucg-cat-grid .ucg-card[data-card='trahison']").click()
    assert page.locator(".ucg-cat-modal .ucg-card.ucg-big").is_visible()
    save_shot(page, "unfairchess-card-zoom.png", animations="disabled")
    page.keyboard.press("Escape")
    assert page.locator(".ucg-cat-modal").is_hidden()
    save_shot(page, "unfairchess-catalogue.png", full_page=True, animations="disabled")


def test_rules_page(page, server) -> None:
    page.goto(f"{server.url}/pages/rules.html?lang=fr")
    assert "Règles" in page.locator("article:not([hidden]) h1").inner_text()
    page.locator(".ucg-rules-lang [data-lang='en']").click()
    assert "rules" in page.locator("article:not([hidden]) h1").inner_text()
    page.locator(".ucg-rules-lang [data-lang='fr']").click()
    save_shot(page, "unfairchess-rules-fr.png", full_page=False)


def test_live_game_through_the_ui_against_a_random_bot(page, server) -> None:
    """Plays random legal actions of the real engine by clicking, as a player would."""
    import random

    rng = random.Random(5)
    page.goto(f"{server.url}/static/unfairchess/dev.html?live=1&seed=11")
    page.wait_for_selector("body[data-ready='live']", timeout=10000)
    played_cards = 0
    for _ in range(24):
        data = page.evaluate("window.__last")
        if data["view"]["outcome"]:
            break
        legal = data["legal"]
        cards = [a for a in legal if a["type"] == "card" and set(a) <= {"type", "card", "squares", "promotion"}]
        moves = [a for a in legal if a["type"] == "move"]
        orders = [a for a in legal if a["type"] == "order"]  # after Foresight: nothing else is legal
        version = data["version"]
        n = len(sent(page))
        if orders:
            action = rng.choice(orders)
            for c in action["order"][:-1]:  # the picker opens by itself; the last card follows
                page.locator(f".ucg-modal .ucg-choice[data-value='\"{c}\"']").first.click()
            page.wait_for_function(f"window.__sent.length === {n + 1}")
            assert sent(page)[-1] in orders
            page.wait_for_function(f"window.__last.version > {version}")
            continue
        action = rng.choice(cards) if cards and (rng.random() < 0.4 or not moves) else rng.choice(moves)
        if action["type"] == "move":
            uci = action["uci"]
            square(page, uci[:2])
            square(page, uci[2:4])
            if len(uci) == 5:
                page.locator(f".ucg-promo-opt[data-promo='{uci[4]}']").click()
        else:
            hand_card(page, action["card"]).first.click()
            page.locator(".ucg-modal [data-action='play']").click()
            for sq in action["squares"]:
                square(page, sq)
            if page.locator("[data-action='tconfirm']").count():
                page.locator("[data-action='tconfirm']").click()
            if "promotion" in action and page.locator(".ucg-modal .ucg-choice").count():
                page.locator(f".ucg-modal .ucg-choice[data-value='\"{action['promotion']}\"']").click()
            played_cards += 1
        page.wait_for_function(f"window.__sent.length === {n + 1}")
        assert sent(page)[-1] == action
        page.wait_for_function(f"window.__last.version > {version} && document.querySelector('.ucg-root').dataset.version == String(window.__last.version)")
        assert page.locator(".ucg-toast").is_hidden()
    assert played_cards >= 3
    assert page.locator(".ucg-moves .ucg-turn").count() >= 10
    # A card's chip in the move table keeps to its column (a long name, Reinforcements here, breaks).
    overflow = page.evaluate("""[...document.querySelectorAll('.mv-cell .ucg-chip')].filter(
        ch => ch.getBoundingClientRect().right > ch.closest('.mv-cell').getBoundingClientRect().right + 0.5
    ).map(ch => ch.textContent)""")
    assert overflow == []
    shot(page, "unfairchess-live.png")


# ---------------------------------------------------------------------------- hats


HAT_PLAYERS = [{"name": "Alice", "hat": "crown"}, {"name": "Bob", "hat": "wizard"}]


def hats_on_board(page) -> list[list[str]]:
    return sorted(page.eval_on_selector_all(
        ".ucg-board-svg [data-hat]", "els => els.map(e => [e.dataset.hat, e.dataset.square])"))


def hat_inside_its_square(page, sq: str) -> None:
    """The hat is drawn over the top of the king's square, within its column."""
    hat = page.locator(f".ucg-board-svg [data-hat][data-square='{sq}']").bounding_box()
    box = page.locator(f".ucg-sq[data-square='{sq}']").bounding_box()
    cx = hat["x"] + hat["width"] / 2
    assert box["x"] <= cx <= box["x"] + box["width"], (hat, box)
    assert box["y"] - 2 <= hat["y"] and hat["y"] + hat["height"] <= box["y"] + box["height"] * 0.45, (hat, box)


def test_hats_are_drawn_on_each_king_and_move_with_it(page, server) -> None:
    import chess

    fx = open_fx(page, server, "opening")
    upd = last(fx)
    assert hats_on_board(page) == []  # no players given: no hat
    page.evaluate("([u, players]) => window.__ui.update({ ...u, players })", [upd, HAT_PLAYERS])
    assert hats_on_board(page) == [["crown", "e1"], ["wizard", "e8"]]
    hat_inside_its_square(page, "e1")
    hat_inside_its_square(page, "e8")
    # the players' strips show the hat too
    assert page.locator(".ucg-player .ucg-pname-hat").count() == 2
    shot(page, "unfairchess-hats.png")

    # The white king steps to e2 (e2 is empty after 1. e4): its hat follows it.
    board = chess.Board(upd["view"]["fen"])
    assert board.piece_at(chess.E2) is None
    board.remove_piece_at(chess.E1)
    board.set_piece_at(chess.E2, chess.Piece(chess.KING, chess.WHITE))
    moved = {**upd, "view": {**upd["view"], "fen": board.fen()}, "version": upd["version"] + 1}
    page.evaluate("(u) => window.__ui.update(u)", moved)
    assert page.locator(".ucg-piece[data-square='e2']").get_attribute("data-piece") == "wK"
    assert hats_on_board(page) == [["crown", "e2"], ["wizard", "e8"]]
    hat_inside_its_square(page, "e2")

    # Flipped, the hats stay on their kings.
    page.locator("[data-action='flip']").click()
    assert hats_on_board(page) == [["crown", "e2"], ["wizard", "e8"]]
    hat_inside_its_square(page, "e2")
    hat_inside_its_square(page, "e8")

    # A frame whose players changed (Bob took his hat off) redraws the board.
    page.evaluate("(players) => window.__ui.update({ players })", [HAT_PLAYERS[0], {"name": "Bob", "hat": None}])
    assert hats_on_board(page) == [["crown", "e2"]]
    # An unknown hat id draws nothing rather than failing.
    page.evaluate("() => window.__ui.setPlayers([{ name: 'A', hat: 'no-such-hat' }, { name: 'B', hat: 'halo' }])")
    assert hats_on_board(page) == [["halo", "e8"]]


def test_a_dragged_king_carries_its_hat(page, server) -> None:
    fx = open_fx(page, server, "opening")
    page.evaluate("([u, players]) => window.__ui.update({ ...u, players })", [last(fx), HAT_PLAYERS])
    src = page.locator(".ucg-sq[data-square='e1']").bounding_box()
    x0, y0 = src["x"] + src["width"] / 2, src["y"] + src["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 60, y0 - 90, steps=5)
    # the hat on e1 fades with its king; a copy rides on the ghost, above the pointer
    assert "ucg-dragging" in page.locator(".ucg-hat[data-square='e1']").get_attribute("class")
    ghost = page.locator(".ucg-ghost-hat[data-hat='crown']")
    assert ghost.count() == 1
    box = ghost.bounding_box()
    assert box["x"] <= x0 + 60 <= box["x"] + box["width"] and box["y"] + box["height"] <= y0 - 90, (box, x0, y0)
    shot(page, "unfairchess-drag-hat.png")
    page.mouse.move(x0, y0, steps=5)
    page.mouse.up()  # dropped back on its square: no move
    assert page.locator(".ucg-ghost-hat").count() == 0
    assert "ucg-dragging" not in (page.locator(".ucg-hat[data-square='e1']").get_attribute("class") or "")
    assert sent(page) == []


def test_spectator_sees_the_hats(page, server) -> None:
    fx = open_fx(page, server, "spectator")
    page.evaluate("([u, players]) => window.__ui.update({ ...u, players })", [last(fx), HAT_PLAYERS])
    kings = dict(page.eval_on_selector_all(
        ".ucg-piece[data-piece$='K']", "els => els.map(e => [e.dataset.piece, e.dataset.square])"))
    assert hats_on_board(page) == sorted([["crown", kings["wK"]], ["wizard", kings["bK"]]])


def test_static_hats_module_matches_the_shop() -> None:
    """static/js/hats.js is generated from donjon/league/hats.py (refresh: python3 -m donjon.server.league_pages)."""
    from donjon.league.hats import HATS
    from donjon.server import league_pages

    text = league_pages.HATS_JS.read_text("utf-8")
    assert text == league_pages.hats_js(), "static/js/hats.js is stale: run python3 -m donjon.server.league_pages"
    for hat in HATS.values():
        assert json.dumps(hat.svg)[1:-1] in text


def test_spanish_board_rules_and_catalogue(page, server) -> None:
    """At ?lang=es the board, its card zoom, the rules and the catalogue speak Spanish."""
    cards = {c["id"]: c for c in json.loads(make_fixtures.CARDS_JSON.read_text("utf-8"))}
    for width, height in ((1280, 860), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        open_fx(page, server, "statuses", lang="es")
        ids = [c.get_attribute("data-card") for c in page.locator(".ucg-hand .ucg-card").all()]
        assert ids
        hand = page.locator(".ucg-hand").inner_text()
        for cid in ids:
            assert cards[cid]["name_es"] in hand
        assert "Sustituye a tu jugada" in hand or "Se suma a tu jugada" in hand
        hand_card(page, ids[0]).click()
        big = page.locator(".ucg-modal .ucg-card.ucg-big")
        assert cards[ids[0]]["name_es"] in big.inner_text()
        assert cards[ids[0]]["text_es"].split(".")[0] in big.inner_text()
        assert page.locator(".ucg-modal [data-action='cancel']").inner_text() == "Cancelar"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(page, f"unfairchess-board-es-zoom-{width}.png")
        page.locator(".ucg-modal [data-action='cancel']").click()

        page.goto(f"{server.url}/pages/rules.html?lang=es")
        article = page.locator("article:not([hidden])")
        assert article.get_attribute("lang") == "es" and "Reglas de UnfairChess" in article.locator("h1").inner_text()
        assert "jaque mate" in article.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        save_shot(page, f"unfairchess-rules-es-{width}.png", full_page=False)
        page.locator(".ucg-rules-lang [data-lang='en']").click()
        assert page.locator("article:not([hidden])").get_attribute("lang") == "en"
        page.locator(".ucg-rules-lang [data-lang='es']").click()
        assert page.locator("article:not([hidden])").get_attribute("lang") == "es"

    page.goto(f"{server.url}/pages/cards.html?lang=es")
    page.wait_for_selector(".ucg-cat-grid .ucg-card")
    assert "1. Estados" in page.locator("#group-1 h2").inner_text()
    page.locator(".ucg-cat-grid .ucg-card[data-card='sommeil']").click()
    zoom = page.locator(".ucg-cat-modal").inner_text()
    assert "Sueño" in zoom and "2 ejemplares en cada mazo" in zoom
