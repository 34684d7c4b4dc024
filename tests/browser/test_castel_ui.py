"""The Castel board in real headless Chromium (Playwright, Debian's /usr/bin/chromium).

The dev harness (donjon/games/castel/web/dev.html) is fed views produced by the real engine
(tests/browser/make_castel_fixtures.py); ``send`` is a stub that records every action in
``window.__sent``. The live tests play through the harness's server against the engine, the
other seats answering with random legal actions. Screenshots go to docs/screenshots/castel-*.png.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.browser import make_castel_fixtures as fx_mod
from tests.browser.conftest import click_middle, pulse_of, save_shot

pytestmark = pytest.mark.browser



def kind(card_id: str) -> str:
    head, _, tail = card_id.rpartition("_")
    return head if head and tail.isdigit() else card_id


# ----------------------------------------------------------------------------- no browser


def test_static_cards_json_matches_catalogue() -> None:
    """The browser's copy of the catalogue is the engine's (refresh: make_castel_fixtures.py --cards)."""
    assert fx_mod.CARDS_JSON.read_text("utf-8") == fx_mod.cards_text(), (
        "donjon/games/castel/web/cards.json is stale: run python3 tests/browser/make_castel_fixtures.py --cards")
    data = json.loads(fx_mod.CARDS_JSON.read_text("utf-8"))
    assert len(data) == 37 and sum(c["copies"] for c in data) == 56
    assert {c["zone"] for c in data} == {"courtyard", "rampart", "tower", "outside", "knight"}


def test_every_card_has_an_icon_and_a_french_article() -> None:
    js = (fx_mod.WEB / "cards.js").read_text("utf-8")
    i18n = (fx_mod.WEB / "i18n.js").read_text("utf-8")
    for c in fx_mod.catalogue_json():
        assert f"\n  {c['id']}: '" in js, f"no icon for {c['id']}"
        assert f"{c['id']}: \"" in i18n or f" {c['id']}: \"" in i18n, f"no French article for {c['id']}"


def test_templates_render_with_a_minimal_base() -> None:
    for lang in ("en", "fr", "es"):
        cards = fx_mod.render_page("cards.html", lang)
        rules = fx_mod.render_page("rules.html", lang)
        assert "cg-catalogue" in cards and "/static/castel/cards-page.js" in cards
        assert ({"en": "Dragon", "fr": "Dragon", "es": "Dragón"}[lang] in cards)
        assert {"en": "Priest", "fr": "Prêtre", "es": "Sacerdote"}[lang] in cards
        assert "Castel" in rules and all(f'lang="{x}"' in rules for x in ("en", "fr", "es"))
    assert "Your turn: two actions" in fx_mod.render_page("rules.html", "en")
    assert "Le tour de jeu : deux actions" in fx_mod.render_page("rules.html", "fr")
    assert "Tu turno: dos acciones" in fx_mod.render_page("rules.html", "es")
    # donjon's base.html names its body block `main`: the pages fill it too
    main_base = "<title>{% block title %}{% endblock %}</title><main>{% block main %}{% endblock %}</main>"
    for name in ("cards.html", "rules.html"):
        html = fx_mod.render_page(name, "en", base=main_base)
        assert "<main>" in html and "Castel" in html.split("<main>", 1)[1]
        assert "Castel" in html.split("<title>", 1)[1].split("</title>", 1)[0]
    # without the catalogue in the context the pages still render (the browser fetches cards.json)
    assert "cg-card-table" in fx_mod.render_page("rules.html", "en", with_cards=False)


def test_every_scenario_is_a_real_engine_position() -> None:
    from donjon.games.castel import GAME

    for name in fx_mod.SCENARIOS:
        st, _ = fx_mod.scenario_state(name)
        assert GAME.to_act(st) == [0], name
        assert GAME.legal_actions(st, 0), name


# ----------------------------------------------------------------------------- browser


@pytest.fixture(scope="module")
def server():
    srv = fx_mod.DevServer().start()
    yield srv
    srv.stop()


@pytest.fixture()
def page(pages):
    pg = pages.page(1280, 1050)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield pg
    pages.release(pg)
    assert not errors, errors


def load(server, name: str) -> dict[str, Any]:
    return json.loads((server.fixtures / f"{name}.json").read_text("utf-8"))


def open_fx(page, server, name: str, **params: str) -> dict[str, Any]:
    q = "&".join([f"f={name}"] + [f"{k}={v}" for k, v in params.items()])
    page.goto(f"{server.url}/static/castel/dev.html?{q}")
    page.wait_for_selector(f"body[data-ready='{name}']", timeout=10000)
    return load(server, name)


def last(fx: dict[str, Any]) -> dict[str, Any]:
    return fx["updates"][-1]


def sent(page) -> list[dict[str, Any]]:
    return page.evaluate("window.__sent")


def shot(page, name: str, selector: str = "#game") -> None:
    save_shot(page.locator(selector), name, settle_ms=200, animations="disabled")


def click_square(page, sq: list[int]) -> None:
    click_middle(page, f".cg-board-svg [data-hit='sq'][data-sq='{sq[0]},{sq[1]}']")


def click_card(page, card_id: str) -> None:
    click_middle(page, f".cg-board-svg [data-hit='card'][data-card='{card_id}']")


def click_hand(page, card_id: str) -> None:
    page.locator(f".cg-hand .cg-card[data-card='{card_id}']").click(position={"x": 60, "y": 120})


def click_exchange(page, kind_id: str) -> None:
    page.locator(f".cg-exchange .cg-card[data-kind='{kind_id}']").click()


def attrs(page, selector: str, attr: str) -> list[str]:
    return sorted(page.eval_on_selector_all(selector, f"els => els.map(e => e.getAttribute('{attr}'))"))


def lit_squares(page) -> list[str]:
    return attrs(page, ".cg-board-svg [data-sqlit]", "data-sqlit")


def lit_cards(page, cls: str = "cg-target") -> list[str]:
    return attrs(page, f".cg-board-svg .{cls}[data-card]", "data-card")


def sq_key(sq: list[int]) -> str:
    return f"{sq[0]},{sq[1]}"


# ------------------------------------------------------------------------ what is drawn


def test_board_draws_every_card_tokens_knights_and_protection(page, server) -> None:
    fx = open_fx(page, server, "midgame")
    view = last(fx)["view"]
    stacks = [st for row in view["castle"] for st in row if st] + [st for st in view["slots"].values() if st] + view["outside"]
    cards = [c for st in stacks for c in st]
    drawn = attrs(page, ".cg-board-svg [data-hit='card']", "data-card")
    assert drawn == sorted(c["id"] for c in cards)
    knights = [c["id"] for st in stacks for c in st[1:]]
    assert attrs(page, ".cg-board-svg .cg-knight", "data-card") == sorted(knights) and len(knights) == 3
    # a colour token on every card that has one, in its seat's colour
    tokens = page.locator(".cg-board-svg .cg-tile .cg-token-svg").count()
    assert tokens == sum(1 for st in stacks if st[0]["token"] is not None)
    assert page.locator(".cg-board-svg .cg-tile[data-card='roi'] .cg-token-svg").count() == 0  # the Thief removed it
    blue = page.eval_on_selector(".cg-board-svg .cg-tile[data-card='princesse'] .cg-token-svg circle:nth-of-type(2)", "e => e.getAttribute('fill')")
    assert blue.lower() == "#3d82f0"
    # protection shields: protected cards that are not under a Knight
    shields = sum(1 for st in stacks if st[0]["protected"] and len(st) == 1)
    assert page.locator(".cg-board-svg .cg-prot").count() == shields >= 3
    # four siege-engine slots, two of them taken
    assert page.locator(".cg-board-svg .cg-slot").count() == 4
    assert page.locator(".cg-board-svg .cg-tile[data-slot]").count() == 2
    # counts per seat
    for seat in range(4):
        panel = page.locator(f".cg-seat[data-seat='{seat}']")
        assert panel.locator(".cg-count-hand b").inner_text() == str(view["hand_counts"][seat])
        assert panel.locator(".cg-count-pile b").inner_text() == str(view["pile_counts"][seat])
    # what the seat knows of the others' hands: Red took the Herald from the exchange
    assert "Herald" in page.locator(".cg-seat[data-seat='2'] .cg-seat-cards").inner_text()
    shot(page, "castel-board.png")


def test_seats_sit_around_the_board(page, server) -> None:
    def centre(sel: str) -> tuple[float, float]:
        b = page.locator(sel).bounding_box()
        return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

    open_fx(page, server, "midgame")
    bx, by = centre(".cg-boardwrap")
    me = centre(".cg-seat[data-seat='0']")
    left = centre(".cg-seat[data-seat='1']")
    top = centre(".cg-seat[data-seat='2']")
    right = centre(".cg-seat[data-seat='3']")
    assert me[1] > by and top[1] < by and left[0] < bx < right[0]
    open_fx(page, server, "jester")  # 3 players: left and right
    bx, by = centre(".cg-boardwrap")
    assert centre(".cg-seat[data-seat='1']")[0] < bx < centre(".cg-seat[data-seat='2']")[0]
    open_fx(page, server, "opening")  # 2 players: facing each other
    bx, by = centre(".cg-boardwrap")
    assert centre(".cg-seat[data-seat='1']")[1] < by < centre(".cg-seat[data-seat='0']")[1]
    assert page.locator(".cg-seat[hidden]").count() == 2
    shot(page, "castel-2p.png")


def test_log_tells_every_effect_in_english(page, server) -> None:
    open_fx(page, server, "midgame")
    log = page.locator(".cg-log").inner_text()
    assert "Red places the Enchanter on the north-east tower." in log
    assert "The Enchanter sends back the Soldier to Green’s hand." in log
    assert "Red exchanges the Soldier for the Herald." in log
    assert "Green places the Thief outside the walls." in log
    assert "The Thief removes the colour token from the King (Blue)." in log
    assert "Yellow draws a card." in log
    # a card name in the log opens the card
    page.locator(".cg-log .cg-chip[data-card='enchanteur']").first.click()
    assert "Enchanter" in page.locator(".cg-modal .cg-s-big").inner_text()


def test_player_names_from_the_page_shell(page, server) -> None:
    open_fx(page, server, "midgame", names="Alice,Bob,Carol,Dan")
    me = page.locator(".cg-seat[data-seat='0']").inner_text()
    assert "Alice" in me and "(you)" in me and "blue" in me.lower()
    log = page.locator(".cg-log").inner_text()
    assert "Carol places the Enchanter on the north-east tower." in log
    assert "The Enchanter sends back the Soldier to Dan’s hand." in log


def test_french(page, server) -> None:
    open_fx(page, server, "midgame_fr")
    log = page.locator(".cg-log").inner_text()
    assert "Rouge pose l'Enchanteur sur la tour nord-est." in log
    assert "L'Enchanteur renvoie le Soldat dans la main de Vert." in log
    assert "Le Voleur ôte le jeton de couleur du Roi (Bleu)." in log
    assert "Piocher" in page.locator("[data-action='draw']").inner_text()
    assert "Échange" in page.locator(".cg-exchange-panel h3").text_content()
    shot(page, "castel-fr.png")


def test_spanish_board_log_and_zoom(page, server) -> None:
    """At ?lang=es the cards, the log, the prompts and the enlarged card speak Spanish."""
    open_fx(page, server, "midgame", lang="es")
    hand = page.locator(".cg-hand").inner_text()
    assert "Dragón" in hand and "Copero" in hand and "Dragon" not in hand
    assert "Fuera de las murallas." in hand  # the Dragon's requirement
    log = page.locator(".cg-log").inner_text()
    assert "Rojo coloca el Encantador en la torre noreste." in log
    assert "El Encantador devuelve el Soldado a la mano de Verde." in log
    assert "Rojo cambia el Soldado por el Heraldo." in log
    assert "El Ladrón quita la ficha de color del Rey (Azul)." in log
    assert "Amarillo roba una carta." in log
    assert "Robar" in page.locator("[data-action='draw']").inner_text()
    click_hand(page, "dragon")
    assert "Dragón: haz clic en un lugar iluminado" in page.locator(".cg-actionbar").inner_text()
    page.locator(".cg-log .cg-chip[data-card='enchanteur']").first.click()
    big = page.locator(".cg-modal .cg-s-big").inner_text()
    assert "Encantador" in big and "Devuelve todas las cartas de las casillas vecinas." in big and "torres" in big.lower()
    for width, height in ((1280, 860), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        save_shot(page, f"castel-es-zoom-{width}.png", animations="disabled")


def test_spectator_sees_no_hand_and_cannot_act(page, server) -> None:
    fx = open_fx(page, server, "spectator")
    assert last(fx)["legal"] == []
    assert page.locator(".cg-hand .cg-card").count() == 0
    assert page.locator(".cg-seat .cg-count-hand").count() == 4
    click_card(page, "roi")  # opens the card, nothing is sent
    assert page.locator(".cg-modal .cg-s-big").is_visible()
    assert sent(page) == []
    assert "Spectating" in page.locator(".cg-actionbar").text_content()


def test_waiting_for_another_player(page, server) -> None:
    fx = open_fx(page, server, "waiting")
    assert last(fx)["legal"] == []
    hand = last(fx)["view"]["hand"]
    copies = page.eval_on_selector_all(".cg-hand .cg-card", "els => els.map(e => e.dataset.copies).join(' ').split(' ')")
    assert sorted(copies) == sorted(h["id"] for h in hand)
    click_hand(page, last(fx)["view"]["hand"][0]["id"])
    assert lit_squares(page) == [] and sent(page) == []
    assert "Waiting for Blue" in page.locator(".cg-actionbar").inner_text()


# ------------------------------------------------------------------------ main actions


def test_hand_card_lights_its_legal_places_and_swaps(page, server) -> None:
    fx = open_fx(page, server, "midgame")
    legal = last(fx)["legal"]
    click_hand(page, "echanson")
    want = sorted(sq_key(a["square"]) for a in legal if a["type"] == "place" and a["card"] == "echanson")
    assert want and lit_squares(page) == want
    swaps = sorted({kind(a["take"]) for a in legal if a["type"] == "exchange" and a["give"] == "echanson"})
    assert attrs(page, ".cg-exchange .cg-card.cg-lit", "data-kind") == swaps
    assert "cg-selected" in page.locator(".cg-hand .cg-card[data-card='echanson']").get_attribute("class")
    # clicking a square that is not lit sends nothing
    click_square(page, [4, 4] if "4,4" not in want else [5, 4])
    assert sent(page) == []
    # the same card again deselects it
    click_hand(page, "echanson")
    assert lit_squares(page) == []


def test_placing_a_card_sends_the_right_action(page, server) -> None:
    fx = open_fx(page, server, "midgame")
    legal = last(fx)["legal"]
    target = next(a for a in legal if a["type"] == "place" and a["card"] == "echanson")
    click_hand(page, "echanson")
    click_square(page, target["square"])
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [target]


def test_placing_a_soldier_on_a_rampart(page, server) -> None:
    fx = open_fx(page, server, "midgame")
    legal = last(fx)["legal"]
    places = [a for a in legal if a["type"] == "place" and a["card"] == "soldat_5"]
    click_hand(page, "soldat_5")
    assert lit_squares(page) == sorted(sq_key(a["square"]) for a in places)
    shot(page, "castel-placement.png")
    click_square(page, places[-1]["square"])
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [places[-1]]


def test_place_outside_the_walls_and_a_knight_on_a_card(page, server) -> None:
    fx = open_fx(page, server, "dragon")
    legal = last(fx)["legal"]
    click_hand(page, "dragon")
    assert page.locator(".cg-board-svg .cg-out-spot").count() == 1
    assert lit_squares(page) == []
    click_middle(page, ".cg-board-svg .cg-out-spot")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page)[0] == {"type": "place", "card": "dragon", "square": "outside"} and sent(page)[0] in legal
    # a Knight goes on top of any card in play
    open_fx(page, server, "dragon")
    click_hand(page, "chevalier_1")
    tops = sorted(a["on"] for a in legal if a["type"] == "place" and a["card"] == "chevalier_1")
    assert lit_cards(page, "cg-placelit") == tops
    click_card(page, "pretre")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "place", "card": "chevalier_1", "on": "pretre"}]


def test_siege_engine_goes_on_a_free_slot(page, server) -> None:
    fx = open_fx(page, server, "dragon")
    legal = last(fx)["legal"]
    slots = sorted(a["slot"] for a in legal if a["type"] == "place" and a["card"] == "engin_2")
    assert slots == ["E", "N", "S"]  # the west slot holds an engine already
    click_hand(page, "engin_2")
    assert attrs(page, ".cg-board-svg [data-slotlit]", "data-slotlit") == slots
    click_middle(page, ".cg-board-svg .cg-slot[data-slot='E']")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "place", "card": "engin_2", "slot": "E"}]


def test_exchange_a_hand_card_for_an_exchange_card(page, server) -> None:
    fx = open_fx(page, server, "midgame")
    legal = last(fx)["legal"]
    click_hand(page, "page")
    click_exchange(page, "engin")
    page.wait_for_function("window.__sent.length === 1")
    action = sent(page)[0]
    assert action["type"] == "exchange" and action["give"] == "page" and kind(action["take"]) == "engin"
    assert action in legal


def test_exchange_from_the_exchange_first(page, server) -> None:
    fx = open_fx(page, server, "opening")
    legal = last(fx)["legal"]
    ex_kind = kind(next(a["take"] for a in legal if a["type"] == "exchange"))
    click_exchange(page, ex_kind)
    givers = {a["give"] for a in legal if a["type"] == "exchange" and kind(a["take"]) == ex_kind}
    lit = attrs(page, ".cg-hand .cg-card.cg-lit", "data-card")
    assert lit and set(lit) >= givers
    # a lit card pulses, unless the reader asks for less motion
    assert pulse_of(page, ".cg-hand .cg-card.cg-lit") == {"no-preference": "cg-card-glow", "reduce": "none"}
    click_hand(page, sorted(givers)[0])
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page)[0] in legal and sent(page)[0]["give"] == sorted(givers)[0]


def test_draw_button_and_a_drawn_card(page, server) -> None:
    open_fx(page, server, "opening")
    page.locator("[data-action='draw']").click()
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "draw"}]
    fx = open_fx(page, server, "after_draw")
    hand = last(fx)["view"]["hand"]
    drawn = [h for h in hand if h["drawn"]]
    assert len(drawn) == 1
    card = page.locator(f".cg-hand .cg-card[data-card='{drawn[0]['id']}']")
    assert "cg-dim" in card.get_attribute("class") and card.locator(".cg-drawn-tag").count() == 1
    click_hand(page, drawn[0]["id"])
    assert lit_squares(page) == [] and sent(page) == []
    assert page.locator(".cg-toast").is_visible()
    assert "1 action left" in page.locator(".cg-actionbar").inner_text()


def test_ghost_takes_an_occupied_tower(page, server) -> None:
    fx = open_fx(page, server, "ghost")
    legal = last(fx)["legal"]
    squares = sorted(sq_key(a["square"]) for a in legal if a["type"] == "place" and a["card"] == "fantome")
    click_hand(page, "fantome")
    assert lit_squares(page) == squares and "0,0" in squares and "0,5" not in squares
    click_card(page, "archers")  # the card on the tower: the click goes to its square
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "place", "card": "fantome", "square": [0, 0]}]


def test_refused_action_shows_the_reason(page, server) -> None:
    open_fx(page, server, "opening", reject="1")
    page.locator("[data-action='draw']").click()
    toast = page.locator(".cg-toast")
    toast.wait_for(state="visible")
    assert "test rejection" in toast.inner_text()
    assert page.locator(".cg-root").get_attribute("data-state") == "idle"


# ------------------------------------------------------------------------ effect targets


def steps(legal: list[dict[str, Any]], picked: list[Any]) -> list[Any]:
    k = len(picked)
    out = []
    for a in legal:
        if a["type"] == "effect" and a["targets"][:k] == picked and len(a["targets"]) > k and a["targets"][k] not in out:
            out.append(a["targets"][k])
    return out


def test_dragon_targets_step_by_step(page, server) -> None:
    fx = open_fx(page, server, "dragon_targets")
    legal = last(fx)["legal"]
    assert last(fx)["view"]["pending"]["effect"] == "dragon"
    first = steps(legal, [])
    assert lit_cards(page) == sorted(first)
    assert "pretre" in first and "courtisan" not in first and "ambassadeur" not in first
    assert "Choose a first unprotected card" in page.locator(".cg-actionbar").inner_text()
    click_card(page, "pretre")
    second = steps(legal, ["pretre"])
    assert lit_cards(page) == sorted(second) and "pretre" not in second
    assert page.locator(".cg-board-svg .cg-pickmark").count() == 1
    shot(page, "castel-targeting.png")
    # clicking the picked card again takes it back
    click_card(page, "pretre")
    assert lit_cards(page) == sorted(first)
    click_card(page, "pretre")
    # a card that is not lit does nothing
    click_card(page, "ambassadeur")
    assert sent(page) == []
    click_card(page, "soldat_7")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "effect", "targets": ["pretre", "soldat_7"]}]
    assert sent(page)[0] in legal


def test_alchemist_hand_then_exchange(page, server) -> None:
    fx = open_fx(page, server, "alchemist")
    legal = last(fx)["legal"]
    give = steps(legal, [])
    assert attrs(page, ".cg-hand .cg-card.cg-lit-target", "data-card") == sorted(give)
    assert page.locator(".cg-hand .cg-card[data-card='soldat_1'] .cg-count").inner_text() == "×2"
    click_hand(page, "page")
    take = steps(legal, ["page"])
    assert attrs(page, ".cg-exchange .cg-card.cg-lit-target", "data-kind") == sorted({kind(t) for t in take})
    assert "(1 of 2)" in page.locator(".cg-actionbar").inner_text()
    click_exchange(page, "dragon")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "effect", "targets": ["page", "dragon"]}] and sent(page)[0] in legal


def test_jester_card_then_player(page, server) -> None:
    fx = open_fx(page, server, "jester")
    legal = last(fx)["legal"]
    click_hand(page, "dragon")
    seats = steps(legal, ["dragon"])
    assert seats == [1, 2]
    assert attrs(page, ".cg-seat.cg-seat-lit", "data-seat") == ["1", "2"]
    assert page.locator(".cg-actionbar [data-action='seat']").count() == 2
    shot(page, "castel-jester.png")
    page.locator(".cg-seat[data-seat='2']").click()
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "effect", "targets": ["dragon", 2]}]


def test_fairy_moves_a_card_outside_the_walls(page, server) -> None:
    fx = open_fx(page, server, "fairy")
    legal = last(fx)["legal"]
    assert lit_cards(page) == sorted(steps(legal, []))
    click_card(page, "roi")
    dests = steps(legal, ["roi"])
    assert "outside" in dests
    assert lit_squares(page) == sorted(sq_key(d) for d in dests if isinstance(d, list))
    assert page.locator(".cg-board-svg .cg-out-spot").count() == 1
    click_middle(page, ".cg-board-svg .cg-out-spot")
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "effect", "targets": ["roi", "outside"]}]


def test_schemer_reaches_a_knight_and_the_card_under_it(page, server) -> None:
    fx = open_fx(page, server, "schemer")
    legal = last(fx)["legal"]
    first = steps(legal, [])
    assert "chevalier_1" in first and "roi" in first
    assert lit_cards(page) == sorted(first)
    click_card(page, "chevalier_1")
    second = steps(legal, ["chevalier_1"])
    assert lit_cards(page) == sorted(second)
    click_card(page, "roi") if "roi" in second else click_card(page, second[0])
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page)[0] in legal and sent(page)[0]["targets"][0] == "chevalier_1"


def test_seneschal_place_or_skip(page, server) -> None:
    fx = open_fx(page, server, "seneschal")
    legal = last(fx)["legal"]
    assert {"type": "skip"} in legal
    assert page.locator("[data-action='draw']").count() == 0
    page.locator("[data-action='skip']").click()
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [{"type": "skip"}]
    open_fx(page, server, "seneschal")
    target = next(a for a in legal if a["type"] == "place" and a["card"] == "soldat_1")
    click_hand(page, "soldat_1")
    click_square(page, target["square"])
    page.wait_for_function("window.__sent.length === 1")
    assert sent(page) == [target]


# ------------------------------------------------------------------------ herald, end


def test_herald_opens_every_hand(page, server) -> None:
    fx = open_fx(page, server, "herald")
    view = last(fx)["view"]
    assert view["open_hands"] is True
    assert "every hand is open" in page.locator(".cg-status").inner_text()
    for seat in (1, 2):
        shown = attrs(page, f".cg-seat[data-seat='{seat}'] .cg-minichip", "data-kind")
        assert shown == sorted(kind(c) for c in view["hands"][seat])
    shot(page, "castel-herald.png")


def test_game_over_shows_the_ranking(page, server) -> None:
    fx = open_fx(page, server, "finale")
    out = last(fx)["view"]["outcome"]
    assert out["winners"] == [0] and out["reason"] == "no_cards"
    box = page.locator(".cg-over-box")
    assert box.is_visible()
    assert "You win!" in box.inner_text()
    rows = page.locator(".cg-rank-row")
    assert rows.count() == 3
    order = [int(x) for x in page.eval_on_selector_all(".cg-rank-row", "els => els.map(e => e.dataset.seat)")]
    scores = out["scores"]
    assert order[0] == 0 and scores[order[1]] >= scores[order[2]]
    assert "no card left" in rows.nth(0).inner_text()
    assert "Game over: Blue wins!" in page.locator(".cg-log").inner_text()
    shot(page, "castel-over.png")
    page.locator("[data-action='hide-over']").click()
    assert page.locator(".cg-over").is_hidden()
    page.locator("[data-action='show-over']").click()
    assert page.locator(".cg-over-box").is_visible()


def test_a_narrow_board_says_the_end_once_under_the_hand(page, server) -> None:
    """In one column the action bar and the side's first banner come one under the other:
    the end is said by the action bar only (two columns: the side beside the board says it too)."""
    for width, lines in ((390, 1), (1400, 2)):
        page.set_viewport_size({"width": width, "height": 900})
        open_fx(page, server, "finale")
        page.locator("[data-action='hide-over']").click()
        said = [e for e in page.locator(".cg-prompt, .cg-b-over").all() if e.is_visible()]
        assert len(said) == lines and all("Game over" in e.inner_text() for e in said), width


# ------------------------------------------------------------------------ pages


def test_catalogue_page(page, server) -> None:
    page.goto(f"{server.url}/pages/cards.html")
    page.wait_for_selector(".cg-cat-grid .cg-card")
    assert page.locator(".cg-cat-group").count() == 5
    assert page.locator(".cg-cat-grid .cg-card").count() == 37
    page.locator(".cg-cat-grid .cg-card[data-kind='dragon']").click()
    assert page.locator(".cg-cat-modal .cg-s-big").is_visible()
    assert "Send back 2 cards" in page.locator(".cg-cat-modal").inner_text()
    save_shot(page, "castel-card-zoom.png", animations="disabled")
    page.keyboard.press("Escape")
    assert page.locator(".cg-cat-modal").is_hidden()
    save_shot(page, "castel-catalogue.png", full_page=True, animations="disabled")
    page.goto(f"{server.url}/pages/cards.html?lang=fr")
    page.wait_for_selector(".cg-cat-grid .cg-card")
    assert "Hors les murs" in page.locator(".cg-catalogue").inner_text()
    page.goto(f"{server.url}/pages/cards.html?lang=es")
    page.wait_for_selector(".cg-cat-grid .cg-card")
    text = page.locator(".cg-catalogue").inner_text()
    assert "Fuera de las murallas" in text and "21 cartas" in text and "Máquina de asedio" in text
    # a phone: two cards a row (one card of 178 px left half the width empty), none cut
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.url}/pages/cards.html?lang=fr")
    page.wait_for_selector(".cg-cat-grid .cg-card")
    boxes = page.evaluate("[...document.querySelector('.cg-cat-grid').children].slice(0, 4)"
                          ".map((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.top), r.left, r.right]; })")
    assert boxes[0][0] == boxes[1][0] < boxes[2][0] == boxes[3][0], boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    cut = page.evaluate("""[...document.querySelectorAll('.cg-cat-grid .cg-card')].filter((c) => {
      const box = c.getBoundingClientRect();  // what lies outside its card, but the count badge (×3) on its corner
      return [...c.querySelectorAll('*:not(.cg-count)')].some((e) => { const r = e.getBoundingClientRect();
        return r.width && (r.bottom > box.bottom + 1 || r.right > box.right + 1 || r.left < box.left - 1); });
    }).map((c) => c.dataset.kind)""")
    assert cut == []
    save_shot(page, "castel-catalogue-390.png", animations="disabled")


def test_rules_page(page, server) -> None:
    page.goto(f"{server.url}/pages/rules.html?lang=fr")
    assert "Règles" in page.locator("article:not([hidden]) h1").inner_text()
    assert page.locator("article[lang='fr'] .cg-card-table tbody tr").count() == 37
    page.locator(".cg-rules-lang [data-lang='en']").click()
    assert "Castel rules" in page.locator("article:not([hidden]) h1").inner_text()
    page.locator(".cg-rules-lang [data-lang='fr']").click()
    save_shot(page, "castel-rules-fr.png", full_page=False)
    # in Spanish, with its card table, at a desktop and a phone width
    for width, height in ((1280, 860), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server.url}/pages/rules.html?lang=es")
        assert page.locator("article:not([hidden]) h1").inner_text() == "Reglas de Castel"
        rows = page.locator("article[lang='es'] .cg-card-table tbody tr")
        assert rows.count() == 37 and "Dama de compañía" in rows.nth(5).inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        save_shot(page, f"castel-rules-es-{width}.png", full_page=False)
    page.locator(".cg-rules-lang [data-lang='en']").click()
    assert "Castel rules" in page.locator("article:not([hidden]) h1").inner_text()
    page.set_viewport_size({"width": 1280, "height": 1050})
    # without the catalogue in the context the tables are filled from cards.json, in each language
    page.goto(f"{server.url}/pages/rules.html?nocards=1&lang=es")
    page.wait_for_function("document.querySelectorAll(\"article[lang='es'] .cg-card-table tbody tr\").length === 37")
    assert "Devuelve 2 cartas" in page.locator("article[lang='es'] .cg-card-table").inner_text()
    page.goto(f"{server.url}/pages/rules.html?nocards=1")
    page.wait_for_function("document.querySelectorAll(\"article[lang='en'] .cg-card-table tbody tr\").length === 37")


# ------------------------------------------------------------------------ live games


def live(page, server, **params: Any) -> dict[str, Any]:
    q = "&".join(f"{k}={v}" for k, v in {"live": 1, **params}.items())
    page.goto(f"{server.url}/static/castel/dev.html?{q}")
    page.wait_for_selector("body[data-ready='live']", timeout=10000)
    return page.evaluate("window.__last")


def wait_version(page, version: int) -> dict[str, Any]:
    page.wait_for_function(
        f"window.__last && window.__last.version > {version} && "
        "document.querySelector('.cg-root').dataset.version == String(window.__last.version)")
    return page.evaluate("window.__last")


def click_target(page, view: dict[str, Any], value: Any) -> None:
    """Click whatever stands for one effect target."""
    if isinstance(value, list):
        click_square(page, value)
    elif value == "outside":
        click_middle(page, ".cg-board-svg .cg-out-spot")
    elif isinstance(value, int):
        page.locator(f".cg-actionbar [data-action='seat'][data-seat='{value}']").click()
    elif any(h["id"] == value for h in view.get("hand", [])):
        click_hand(page, value)
    elif any(x["id"] == value for x in view["exchange"]):
        click_exchange(page, kind(value))
    else:
        click_card(page, value)


def play_by_clicking(page, action: dict[str, Any], view: dict[str, Any]) -> None:
    t = action["type"]
    if t == "draw":
        page.locator("[data-action='draw']").click()
    elif t == "skip":
        page.locator("[data-action='skip']").click()
    elif t == "exchange":
        click_hand(page, action["give"])
        click_exchange(page, kind(action["take"]))
    elif t == "place":
        click_hand(page, action["card"])
        if "on" in action:
            click_card(page, action["on"])
        elif "slot" in action:
            click_middle(page, f".cg-board-svg .cg-slot[data-slot='{action['slot']}']")
        elif action["square"] == "outside":
            click_middle(page, ".cg-board-svg .cg-out-spot")
        else:
            click_square(page, action["square"])
    elif t == "effect":
        for value in action["targets"]:
            click_target(page, view, value)
    else:
        raise AssertionError(action)


def test_live_dragon_sends_back_the_other_players_cards(page, server) -> None:
    data = live(page, server, scenario="dragon", seed=3)
    assert data["view"]["turn"] == 0
    click_hand(page, "dragon")
    click_middle(page, ".cg-board-svg .cg-out-spot")
    data = wait_version(page, data["version"])
    assert data["view"]["pending"]["effect"] == "dragon"
    assert page.locator(".cg-root").get_attribute("data-phase") == "effect"
    click_card(page, "pretre")
    click_card(page, "soldat_7")
    wait_version(page, data["version"])
    assert sent(page)[-1] == {"type": "effect", "targets": ["pretre", "soldat_7"]}
    log = page.locator(".cg-log").inner_text()
    assert "Blue places the Dragon outside the walls." in log
    assert "The Dragon sends back the Priest to Yellow’s hand." in log
    assert "The Dragon sends back the Soldier to Yellow’s hand." in log
    # Yellow now knows... and so do we: the Priest is known in Yellow's hand, or already replayed
    assert page.locator(".cg-toast").is_hidden()


def test_live_three_player_game_to_the_end(page, server) -> None:
    """One human (random legal actions, by clicking) against two random bots, to the end."""
    rng = random.Random(7)
    data = live(page, server, players=3, seed=17)
    moves = 0
    effects = 0
    while not data["view"]["outcome"]:
        assert moves < 400, "the game does not end"
        legal = data["legal"]
        strong = [a for a in legal if a["type"] in ("place", "effect", "skip")]
        action = rng.choice(strong) if strong and rng.random() < 0.8 else rng.choice(legal)
        n = len(sent(page))
        play_by_clicking(page, action, data["view"])
        page.wait_for_function(f"window.__sent.length === {n + 1}")
        got = sent(page)[-1]
        assert got == action, (got, action)
        data = wait_version(page, data["version"])
        assert page.locator(".cg-toast").is_hidden()
        moves += 1
        effects += action["type"] == "effect"
    assert moves > 10 and effects >= 1
    assert page.locator(".cg-over-box").is_visible()
    assert page.locator(".cg-rank-row").count() == 3
    assert page.locator(".cg-log li").count() > 50
    page.locator("[data-action='hide-over']").click()
    shot(page, "castel-live.png")


def test_a_phones_full_hand_shows_every_name(page, server) -> None:
    """Seven cards or more in 390 px overlap so far that a name across a card would show two letters:
    each covered card's name runs down the part of it left in view instead, whole; the card
    on top, a hovered or a selected one shows its face as usual."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_fx(page, server, "opening")
    page.wait_for_selector(".cg-hand.cg-hand-spines")
    cards = page.locator(".cg-hand .cg-card")
    assert cards.count() >= 7
    seen = page.evaluate("""() => [...document.querySelectorAll('.cg-hand .cg-card')].slice(0, -1).map((c) => {
        const name = c.querySelector('.cg-card-name'), r = name.getBoundingClientRect();
        return {name: name.textContent, whole: name.scrollHeight <= name.clientHeight + 1,
                inView: r.right <= c.nextElementSibling.getBoundingClientRect().left + 1 && r.height > r.width};
    })""")
    assert all(s["whole"] and s["inView"] for s in seen), seen
    top = page.locator(".cg-hand .cg-card").last.locator(".cg-card-art")
    assert top.is_visible()
    shot(page, "castel-hand-390.png", selector=".cg-hand")
