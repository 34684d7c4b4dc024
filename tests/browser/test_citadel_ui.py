"""The Citadel board in real headless Chromium (Playwright, Debian's /usr/bin/chromium).

The dev harness (donjon/games/citadel/web/dev.html) is fed views produced by the real engine
(tests/browser/make_citadel_fixtures.py); ``send`` is a stub that records every action in
``window.__sent``, or, for the live games, posts it to the engine behind the harness. Every
action the tests expect is checked against the ``legal`` list the board was given.
Screenshots go to docs/screenshots/citadel-*.png.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.browser import make_citadel_fixtures as mcf
from tests.browser.conftest import click_middle, pulse_of, save_shot

pytestmark = pytest.mark.browser


# ----------------------------------------------------------------------------- no browser


def test_static_json_matches_the_engine() -> None:
    """The browser's copy of GAME.static_data() is current (refresh: make_citadel_fixtures.py --static)."""
    assert mcf.STATIC_JSON.read_text("utf-8") == mcf.static_text(), (
        "donjon/games/citadel/web/static.json is stale: run python3 tests/browser/make_citadel_fixtures.py --static")
    data = json.loads(mcf.STATIC_JSON.read_text("utf-8"))
    assert len(data["map"]["rooms"]) == 12 and len(data["map"]["doors"]) == 18 and len(data["cards"]) == 30


def test_rules_template_in_three_languages() -> None:
    for lang, title, word in (("en", "Citadel rules", "Professor Evil"), ("fr", "Règles de Citadelle", "Professeur Evil"),
                              ("es", "Reglas de Ciudadelas", "Professor Evil")):
        html = mcf.render_page("rules.html", lang)
        assert title in html and word in html
        assert f'<article lang="{lang}"' in html
    # every language is on the page, whichever is shown first
    html = mcf.render_page("rules.html", "en")
    assert 'lang="fr" hidden' in html and 'lang="es" hidden' in html
    # donjon's base.html names its body block `main`: the page fills it too
    main_base = "<title>{% block title %}{% endblock %}</title><main>{% block main %}{% endblock %}</main>"
    html = mcf.render_page("rules.html", "es", base=main_base)
    assert "Reglas de Ciudadelas" in html.split("<main>", 1)[1]


# ----------------------------------------------------------------------------- browser fixtures


@pytest.fixture(scope="module")
def server():
    srv = mcf.DevServer().start()
    yield srv
    srv.stop()


def new_page(pages, width: int, height: int):
    pg = pages.page(width, height)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    pages.release(pg)
    assert not errors, errors


@pytest.fixture()
def page(pages):
    yield from new_page(pages, 1280, 1120)


@pytest.fixture()
def phone(pages):
    """A phone's window: the board in one column, the map's small targets as buttons too."""
    yield from new_page(pages, 390, 844)


def load(server, name: str) -> dict[str, Any]:
    return json.loads((server.fixtures / f"{name}.json").read_text("utf-8"))


def open_fx(page, server, name: str, **params: Any) -> dict[str, Any]:
    params.setdefault("speed", 0)
    q = "&".join([f"f={name}"] + [f"{k}={v}" for k, v in params.items()])
    page.goto(f"{server.url}/static/citadel/dev.html?{q}")
    page.wait_for_selector(f"body[data-ready='{name}']", timeout=15000)
    fx = load(server, name)
    if not params["speed"]:
        wait_shown(page, last(fx)["version"])
    return fx


def last(fx: dict[str, Any]) -> dict[str, Any]:
    return fx["updates"][-1]


def wait_shown(page, version: int) -> None:
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector('.ctl-root'); return r && r.dataset.version === '{version}' && r.dataset.anim !== '1'; }})()",
        timeout=20000)


def sent(page) -> list[dict[str, Any]]:
    return page.evaluate("window.__sent")


def wait_sent(page, n: int) -> None:
    page.wait_for_function(f"window.__sent.length === {n}", timeout=15000)


def wait_idle(page) -> None:
    """Wait until the board takes input again (the harness answers a send after 30 ms; a click
    while the UI waits for that answer is ignored, as it should be)."""
    page.wait_for_function("document.querySelector('.ctl-root').dataset.state === 'idle'", timeout=15000)


def attr_list(page, selector: str, attr: str) -> list[str]:
    return sorted(page.eval_on_selector_all(selector, f"els => els.map(e => e.getAttribute('{attr}'))"))


def lit_rooms(page) -> list[str]:
    return attr_list(page, ".ctl-roomhit.ctl-hl", "data-room")


def click_room(page, room: str) -> None:
    """Click a room where nothing else is drawn: on its name."""
    click_middle(page, f".ctl-roomname[data-label='{room}']")


def click_door(page, door: str) -> None:
    page.locator(f".ctl-door[data-door='{door}']").click(force=True)


def click_switch(page, room: str) -> None:
    page.locator(f".ctl-switch[data-switch='{room}']").click(force=True)


def shot(page, name: str, full: bool = False) -> None:
    if full:
        save_shot(page, name, settle_ms=300, full_page=True)
    else:
        save_shot(page.locator("#game"), name, settle_ms=300)


def targeting(page) -> dict[str, Any] | None:
    return page.evaluate("window.__ui.state.targeting")


# ----------------------------------------------------------------------------- what is drawn


def test_the_map_draws_the_whole_view(page, server) -> None:
    fx = open_fx(page, server, "midgame")
    v = last(fx)["view"]
    # the rooms one may enter pulse, unless the reader asks for less motion
    assert pulse_of(page, ".ctl-roomhit.ctl-hl") == {"no-preference": "ctl-march", "reduce": "none"}
    assert page.locator(".ctl-roomhit").count() == 12
    assert page.locator(".ctl-door").count() == 18
    assert page.locator(".ctl-window").count() == 3
    for door, state in v["doors"].items():
        assert page.locator(f".ctl-door[data-door='{door}']").get_attribute("data-state") == state, door
    for room, sw in v["switches"].items():
        el = page.locator(f".ctl-switch[data-switch='{room}']")
        assert el.get_attribute("data-type") == sw["type"] and el.get_attribute("data-on") == ("1" if sw["on"] else "0")
        assert el.locator(".ctl-sw-state").text_content() == ("ON" if sw["on"] else "OFF")
    for colour, tr in v["treasures"].items():
        el = page.locator(f".ctl-treasure[data-treasure='{colour}']")
        assert el.get_attribute("data-tile") == tr["id"]
        assert el.locator(".ctl-tr-left").text_content() == f"{tr['left']}′"
        assert page.locator(f".ctl-marker[data-marker='{colour}']").get_attribute("data-minute") == str(tr["marker"])
    assert page.locator("[data-professor]").get_attribute("data-room") == v["professor"]
    for ch in v["characters"]:
        assert page.locator(f".ctl-pawn[data-pawn='{ch['id']}']").get_attribute("data-room") == ch["room"]
    assert page.locator(".ctl-clockhand").get_attribute("data-clock") == str(v["clock"])
    assert page.locator(".ctl-idea").count() == 2
    # saved and lost treasures, with their names
    assert page.locator(".ctl-vault-saved .ctl-slot-full").count() == len(v["saved"]) >= 1
    assert page.locator(".ctl-vault-lost .ctl-slot-full").count() == len(v["lost"]) >= 1
    assert page.locator(".ctl-vault-saved .ctl-vault-n").inner_text() == f"{len(v['saved'])}/4"
    # the dice of the last roll
    for die in ("colour", "action", "clock"):
        assert page.locator(f".ctl-sdie[data-sdie='{die}']").get_attribute("data-value") == str(v["dice"][die])
    # your two revealed cards
    mine = next(c for c in v["characters"] if c["active"])
    assert attr_list(page, ".ctl-hand .ctl-card", "data-card") == sorted(r["card"] for r in mine["revealed"])
    shot(page, "citadel-board.png")


# ----------------------------------------------------------------------------- regular actions


def test_move_by_clicking_a_lit_room(page, server) -> None:
    fx = open_fx(page, server, "start")
    legal = last(fx)["legal"]
    want = sorted(a["to"] for a in legal if a["type"] == "move")
    assert want == ["ballroom", "gallery", "library"]
    assert lit_rooms(page) == want
    assert attr_list(page, ".ctl-window.ctl-hl", "data-window") == want
    # a room that is not lit does nothing
    click_room(page, "study")
    page.wait_for_timeout(150)
    assert sent(page) == []
    shot(page, "citadel-start.png")
    click_room(page, "library")
    wait_sent(page, 1)
    assert sent(page) == [{"type": "move", "to": "library"}]
    assert sent(page)[0] in legal


def test_open_a_door_and_turn_a_switch(page, server) -> None:
    fx = open_fx(page, server, "midgame")
    legal = last(fx)["legal"]
    doors = sorted(a["door"] for a in legal if a["type"] == "open")
    switches = sorted(a["room"] for a in legal if a["type"] == "switch")
    assert doors and switches
    assert attr_list(page, ".ctl-door.ctl-hl", "data-door") == doors
    assert attr_list(page, ".ctl-switch.ctl-hl", "data-switch") == switches
    assert lit_rooms(page) == sorted(a["to"] for a in legal if a["type"] == "move")
    click_door(page, doors[0])
    wait_sent(page, 1)
    wait_idle(page)
    click_switch(page, switches[0])
    wait_sent(page, 2)
    assert sent(page) == [{"type": "open", "door": doors[0]}, {"type": "switch", "room": switches[0]}]


def test_rescue_by_clicking_the_treasure(page, server) -> None:
    fx = open_fx(page, server, "rescue")
    rescue = next(a for a in last(fx)["legal"] if a["type"] == "rescue")
    assert attr_list(page, ".ctl-treasure.ctl-hl", "data-treasure") == [rescue["colour"]]
    page.locator(f".ctl-treasure[data-treasure='{rescue['colour']}']").click(force=True)
    wait_sent(page, 1)
    assert sent(page) == [rescue]
    shot(page, "citadel-rescue.png")


def test_end_actions_button(page, server) -> None:
    open_fx(page, server, "start")
    page.locator("[data-action='end']").click()
    wait_sent(page, 1)
    assert sent(page) == [{"type": "end_actions"}]


def test_refused_action_shows_the_reason(page, server) -> None:
    open_fx(page, server, "start", reject=1)
    click_room(page, "gallery")
    toast = page.locator(".ctl-toast")
    toast.wait_for(state="visible")
    assert "test rejection" in toast.inner_text()
    # the board is usable again
    assert lit_rooms(page) == ["ballroom", "gallery", "library"]


# ----------------------------------------------------------------------------- cards and powers


def test_card_flow_escort_character_then_room(page, server) -> None:
    fx = open_fx(page, server, "card_escort")
    legal = last(fx)["legal"]
    escorts = [a for a in legal if a["type"] == "card" and a["card"] == "escort"]
    assert escorts and {a["character"] for a in escorts} == {"irene"}
    page.locator(".ctl-hand .ctl-card[data-card='escort']").click()
    big = page.locator(".ctl-modal .ctl-card.ctl-big")
    assert big.is_visible() and "Move one other character" in big.inner_text()
    shot(page, "citadel-card.png")
    page.locator(".ctl-modal [data-action='play']").click()
    # one character only: it is chosen for you; the rooms Irene can reach light up
    tg = targeting(page)
    assert tg and tg["card"] == "escort" and tg["field"] == "to" and tg["picked"] == {"character": "irene"}
    assert lit_rooms(page) == sorted(a["to"] for a in escorts)
    assert "ctl-hl" in page.locator(".ctl-pawn[data-pawn='irene']").get_attribute("class")
    shot(page, "citadel-targeting.png")
    click_room(page, "study")  # not lit
    page.wait_for_timeout(150)
    assert sent(page) == []
    click_room(page, escorts[0]["to"])
    wait_sent(page, 1)
    assert sent(page) == [escorts[0]]


def test_card_multi_select_skeleton_key_and_cancel(page, server) -> None:
    fx = open_fx(page, server, "card_skeleton")
    legal = [a for a in last(fx)["legal"] if a["type"] == "card" and a["card"] == "skeleton_key"]
    page.locator(".ctl-hand .ctl-card[data-card='skeleton_key']").click()
    page.locator(".ctl-modal [data-action='play']").click()
    closed = sorted({d for a in legal for d in a["doors"]})
    assert attr_list(page, ".ctl-door.ctl-hl", "data-door") == closed
    # cancel, then again: one door and Confirm
    page.locator("[data-action='tcancel']").click()
    # back to the regular actions: only the doors of Ada's room are lit
    assert targeting(page) is None
    assert attr_list(page, ".ctl-door.ctl-hl", "data-door") == sorted(a["door"] for a in last(fx)["legal"] if a["type"] == "open")
    page.locator(".ctl-hand .ctl-card[data-card='skeleton_key']").click()
    page.locator(".ctl-modal [data-action='play']").click()
    click_door(page, "D13")
    assert attr_list(page, ".ctl-door.ctl-picked", "data-door") == ["D13"]
    assert page.locator("[data-action='tconfirm']").is_visible()
    # a second door completes the card at once
    click_door(page, "D01")
    wait_sent(page, 1)
    action = sent(page)[0]
    assert action == {"type": "card", "card": "skeleton_key", "doors": ["D01", "D13"]} and action in legal


def test_card_with_one_door_confirmed(page, server) -> None:
    fx = open_fx(page, server, "card_skeleton")
    page.locator(".ctl-hand .ctl-card[data-card='skeleton_key']").click()
    page.locator(".ctl-modal [data-action='play']").click()
    click_door(page, "D06")
    page.locator("[data-action='tconfirm']").click()
    wait_sent(page, 1)
    assert sent(page) == [{"type": "card", "card": "skeleton_key", "doors": ["D06"]}]
    assert sent(page)[0] in last(fx)["legal"]


def test_power_after_the_vote(page, server) -> None:
    fx = open_fx(page, server, "power")
    legal = [a for a in last(fx)["legal"] if a["type"] == "power"]
    assert legal
    assert "Face up" in page.locator(".ctl-tile[data-char='nathan']").inner_text()
    page.locator("[data-action='power']").click()
    assert lit_rooms(page) == sorted(a["to"] for a in legal)
    click_room(page, legal[0]["to"])
    wait_sent(page, 1)
    assert sent(page) == [legal[0]]


# ----------------------------------------------------------------------------- the Professor phase


def test_professor_walk_is_animated_step_by_step(page, server) -> None:
    fx = open_fx(page, server, "professor", speed=0.6)
    events = last(fx)["view"]["events"]
    walk = [e["to"] for e in events if e["type"] == "professor_move"]
    assert walk == ["dining_room", "library"]
    rooms_seen: list[str] = []
    log_sizes: list[int] = []
    shot_taken = False
    for _ in range(200):
        state = page.evaluate("""() => ({anim: document.querySelector('.ctl-root').dataset.anim,
            room: document.querySelector('[data-professor]').dataset.room,
            log: document.querySelectorAll('.ctl-log li').length})""")
        if not rooms_seen or rooms_seen[-1] != state["room"]:
            rooms_seen.append(state["room"])
        log_sizes.append(state["log"])
        if state["room"] == "library" and not shot_taken:
            page.wait_for_timeout(500)
            shot(page, "citadel-professor.png")
            shot_taken = True
        if state["anim"] != "1" and len(rooms_seen) > 1:
            break
        page.wait_for_timeout(60)
    assert rooms_seen[:3] == ["laboratory", "dining_room", "library"]
    assert len(set(log_sizes)) >= 4, "the log grows line by line"
    wait_shown(page, last(fx)["version"])
    log = page.locator(".ctl-log").inner_text()
    for words in ("Dice: blue · 2 rooms · +10", "into the Dining Room", "shuts the door", "Ada flees outside", "The clock strikes II"):
        assert words in log, words
    assert page.locator(".ctl-pawn[data-pawn='ada']").get_attribute("data-room") == "outside"
    assert page.locator(".ctl-door[data-door='D03']").get_attribute("data-state") == "closed"
    assert page.locator(".ctl-clockhand").get_attribute("data-clock") == "10"


def test_skip_finishes_the_animation(page, server) -> None:
    fx = open_fx(page, server, "professor", speed=0.3)
    page.wait_for_function("document.querySelector('.ctl-root').dataset.anim === '1'")
    page.locator("[data-action='skip']").click()
    wait_shown(page, last(fx)["version"])
    assert page.locator("[data-professor]").get_attribute("data-room") == "library"


def test_the_vote(page, server) -> None:
    fx = open_fx(page, server, "vote")
    v = last(fx)["view"]
    assert v["phase"] == "vote" and v["vote"]["votes"] == {"1": "nathan"}
    overlay = page.locator(".ctl-overlay")
    assert overlay.is_visible() and "III" in overlay.inner_text()
    assert page.locator(".ctl-vote-card").count() == len(v["vote"]["candidates"]) == 2
    assert page.locator(".ctl-vote-card[data-candidate='nathan'] .ctl-vote-count").get_attribute("data-votes") == "1"
    shot(page, "citadel-vote.png")
    page.locator("[data-vote='irene']").click()
    wait_sent(page, 1)
    assert sent(page) == [{"type": "vote", "choice": "irene"}]
    assert sent(page)[0] in last(fx)["legal"]


def test_dice_twist_of_fate(page, server) -> None:
    fx = open_fx(page, server, "dice_twist")
    legal = last(fx)["legal"]
    assert last(fx)["view"]["dice_choice"] == "twist"
    reroll = page.locator("[data-action='twist']")
    assert reroll.is_disabled()
    page.locator("[data-twist='colour']").click()
    page.locator("[data-twist='clock']").click()
    shot(page, "citadel-dice.png")
    reroll.click()
    wait_sent(page, 1)
    assert sent(page) == [{"type": "reroll", "dice": ["colour", "clock"]}] and sent(page)[0] in legal
    wait_idle(page)
    page.locator("[data-action='keep']").click()
    wait_sent(page, 2)
    assert sent(page)[1] == {"type": "keep"}


def test_duck_out(page, server) -> None:
    fx = open_fx(page, server, "duck")
    legal = last(fx)["legal"]
    assert lit_rooms(page) == sorted(a["to"] for a in legal)
    click_room(page, legal[0]["to"])
    wait_sent(page, 1)
    assert sent(page) == [legal[0]]


def test_premonition_order(page, server) -> None:
    fx = open_fx(page, server, "premonition")
    peek = last(fx)["view"]["peek"]
    ok = page.locator("[data-action='premok']")
    want_t = list(reversed(peek["treasures"]))
    want_r = [peek["rooms"][1], peek["rooms"][0], peek["rooms"][2]]
    for tid in want_t:
        page.locator(f"[data-prem='treasures'][data-id='{tid}']").click()
    assert ok.is_disabled()
    for room in want_r:
        page.locator(f"[data-prem='rooms'][data-id='{room}']").click()
    shot(page, "citadel-premonition.png")
    ok.click()
    wait_sent(page, 1)
    assert sent(page) == [{"type": "arrange", "treasures": want_t, "rooms": want_r}]
    assert sent(page)[0] in last(fx)["legal"]


def test_choose_a_character(page, server) -> None:
    fx = open_fx(page, server, "choose")
    assert page.locator(".ctl-overlay [data-choose]").count() == 5
    # the characters on offer are nobody's yet: none is labelled "(you)"
    names = page.locator(".ctl-overlay .ctl-vote-card .ctl-tile-name").all_inner_texts()
    assert len(names) == 5 and not any("(you)" in n for n in names), names
    assert page.locator(".ctl-overlay h2").inner_text() == "Choose your character"
    page.locator("[data-choose='destiny']").click()
    wait_sent(page, 1)
    assert sent(page) == [{"type": "choose", "character": "destiny"}] and sent(page)[0] in last(fx)["legal"]
    # a spectator is not told to choose: the overlay and the status name the choice, not "your"
    open_fx(page, server, "choose", mode="watch", lang="es")
    assert page.locator(".ctl-overlay [data-choose]").count() == 0
    assert page.locator(".ctl-overlay h2").inner_text() == "Elección de personajes"
    assert "Elige tu personaje" not in page.locator(".ctl-root").inner_text()


# ----------------------------------------------------------------------------- on a phone


def quick(page) -> list[list[str]]:
    """The row of buttons under the prompt: [kind, id] of each."""
    return page.eval_on_selector_all(".ctl-quick [data-pick-kind]", "els => els.map(e => [e.dataset.pickKind, e.dataset.pickId])")


def test_on_a_phone_doors_and_switches_are_buttons_too(phone, server) -> None:
    fx = open_fx(phone, server, "midgame")
    legal = last(fx)["legal"]
    doors = [a["door"] for a in legal if a["type"] == "open"]
    switches = [a["room"] for a in legal if a["type"] == "switch"]
    assert doors and switches
    assert sorted(quick(phone)) == sorted([["door", d] for d in doors] + [["switch", r] for r in switches])
    assert phone.locator(".ctl-hint-short").is_visible() and phone.locator(".ctl-hint-long").is_hidden()
    # the map and the board's other parts keep to the window's width
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(phone, "citadel-phone.png")
    tap(phone, f".ctl-quick [data-pick-id='{doors[0]}']")
    wait_sent(phone, 1)
    wait_idle(phone)
    tap(phone, f".ctl-quick [data-pick-kind='switch'][data-pick-id='{switches[0]}']")
    wait_sent(phone, 2)
    assert sent(phone) == [{"type": "open", "door": doors[0]}, {"type": "switch", "room": switches[0]}]


def test_on_a_phone_rescue_and_a_cards_doors_by_buttons(phone, server) -> None:
    fx = open_fx(phone, server, "rescue")
    rescue = next(a for a in last(fx)["legal"] if a["type"] == "rescue")
    tap(phone, f".ctl-quick [data-pick-kind='treasure'][data-pick-id='{rescue['colour']}']")
    wait_sent(phone, 1)
    assert sent(phone) == [rescue]
    fx = open_fx(phone, server, "card_skeleton")
    legal = [a for a in last(fx)["legal"] if a["type"] == "card" and a["card"] == "skeleton_key"]
    tap(phone, ".ctl-hand .ctl-card[data-card='skeleton_key']")
    tap(phone, ".ctl-modal [data-action='play']")
    assert sorted(quick(phone)) == [["door", d] for d in sorted({d for a in legal for d in a["doors"]})]
    tap(phone, ".ctl-quick [data-pick-id='D13']")
    assert "ctl-choice-picked" in phone.locator(".ctl-quick [data-pick-id='D13']").get_attribute("class")
    tap(phone, ".ctl-quick [data-pick-id='D01']")
    wait_sent(phone, 1)
    assert sent(phone) == [{"type": "card", "card": "skeleton_key", "doors": ["D01", "D13"]}]


def test_a_wide_board_has_no_row_of_buttons(page, server) -> None:
    open_fx(page, server, "midgame")
    assert page.locator(".ctl-quick [data-pick-kind]").count() > 0
    assert page.locator(".ctl-quick").is_hidden() and page.locator(".ctl-hint-long").is_visible()


def test_live_game_on_a_phone_by_taps(phone, server) -> None:
    """A whole game at 390x844: every door, switch and treasure tapped in the row of buttons,
    every button tapped at least 40 px."""
    final = play_live(phone, server, players=1, seed=3, shot_name="citadel-live-phone.png", phone=True)
    assert final["view"]["outcome"]
    assert {"open", "switch", "rescue", "power"} <= final["kinds"]


# ----------------------------------------------------------------------------- the end, languages, spectators


def test_victory_and_defeat(page, server) -> None:
    fx = open_fx(page, server, "won")
    v = last(fx)["view"]
    assert len(v["saved"]) == 4
    assert "Victory" in page.locator(".ctl-overlay").inner_text()
    assert page.locator(".ctl-vault-saved .ctl-slot-full").count() == 4
    shot(page, "citadel-won.png")
    page.locator("[data-action='overclose']").click()
    assert page.locator(".ctl-overlay").is_hidden()
    fx = open_fx(page, server, "lost")
    assert len(last(fx)["view"]["lost"]) == 4
    assert "Defeat" in page.locator(".ctl-overlay").inner_text()
    assert page.locator(".ctl-vault-lost .ctl-slot-full").count() == 4
    shot(page, "citadel-lost.png")


def test_french_and_spanish(page, server) -> None:
    open_fx(page, server, "midgame_fr")
    assert "Trésors sauvés" in page.locator(".ctl-vault-saved").text_content()
    assert "Finir mes actions" in page.locator("[data-action='end']").inner_text()
    assert page.locator(".ctl-roomname[data-label='library']").text_content() == "Bibliothèque"
    assert "Passe-partout" in page.locator(".ctl-hand").inner_text()
    shot(page, "citadel-board-fr.png")
    open_fx(page, server, "midgame_es")
    assert "Tesoros salvados" in page.locator(".ctl-vault-saved").text_content()
    assert page.locator(".ctl-roomname[data-label='library']").text_content() == "Biblioteca"
    assert "Llave maestra" in page.locator(".ctl-hand").inner_text()
    page.locator(".ctl-hand .ctl-card[data-card='skeleton_key']").click()
    assert "Abre 2 puertas" in page.locator(".ctl-modal").inner_text()
    assert page.locator(".ctl-modal [data-action='play']").inner_text() == "Jugar"
    page.locator(".ctl-modal [data-action='mclose']").click()
    shot(page, "citadel-board-es.png")


def test_spectator_cannot_act(page, server) -> None:
    open_fx(page, server, "spectator")
    assert page.locator(".ctl-roomhit.ctl-hl, .ctl-door.ctl-hl, .ctl-switch.ctl-hl").count() == 0
    assert page.locator("[data-action='end']").count() == 0
    click_room(page, "gallery")
    page.locator(".ctl-hand .ctl-card").first.click()
    assert page.locator(".ctl-modal [data-action='play']").count() == 0
    assert sent(page) == []


def test_replay_feeds_and_jumps_back(page, server) -> None:
    fx = open_fx(page, server, "replay")
    ups = fx["updates"]
    assert len(ups) > 30 and ups[-1]["view"]["outcome"]
    assert page.locator(".ctl-overlay.ctl-ov-end").is_visible()
    full = page.locator(".ctl-log li").count()
    # jump back to an early state, as the replay page does (every update from the start again)
    page.evaluate("(ups) => { for (const u of ups) window.__ui.update(u); }", ups[:6])
    wait_shown(page, ups[5]["version"])
    assert page.locator(".ctl-log li").count() < full
    assert page.locator(".ctl-overlay.ctl-ov-end").count() == 0
    v = ups[5]["view"]
    assert page.locator("[data-professor]").get_attribute("data-room") == v["professor"]
    assert page.locator(".ctl-roomhit.ctl-hl").count() == 0 and sent(page) == []


def test_rules_page(page, server) -> None:
    page.goto(f"{server.url}/pages/rules.html?lang=fr")
    assert "Règles" in page.locator("article:not([hidden]) h1").inner_text()
    page.locator(".ctl-rules-lang [data-lang='es']").click()
    assert "Reglas" in page.locator("article:not([hidden]) h1").inner_text()
    page.locator(".ctl-rules-lang [data-lang='en']").click()
    assert "rules" in page.locator("article:not([hidden]) h1").inner_text()
    save_shot(page, "citadel-rules.png")


# ----------------------------------------------------------------------------- live games through the UI


def tap(page, selector: str) -> None:
    """Click what a finger can hit: at least 40 px wide and high."""
    loc = page.locator(selector)
    loc.scroll_into_view_if_needed()
    box = loc.bounding_box()
    assert box and box["width"] >= 40 and box["height"] >= 40, f"{selector}: {box}"
    loc.click()


def perform(page, action: dict[str, Any], view: dict[str, Any], phone: bool = False) -> None:
    """Do ``action`` the way a player would: clicks on the map, the cards and the buttons.
    On a phone (``phone``), a door, a switch or a treasure is tapped in the row of buttons under
    the prompt (on the map they are small), and every button tapped is at least 40 px."""
    kind = action["type"]
    click = (lambda sel: tap(page, sel)) if phone else (lambda sel: page.locator(sel).click())
    if kind in ("move", "duck"):
        click_room(page, action["to"])
    elif phone and kind in ("open", "switch", "rescue"):
        pick = {"open": ("door", action.get("door")), "switch": ("switch", action.get("room")), "rescue": ("treasure", action.get("colour"))}[kind]
        click(f".ctl-quick [data-pick-kind='{pick[0]}'][data-pick-id='{pick[1]}']")
    elif kind == "open":
        click_door(page, action["door"])
    elif kind == "switch":
        click_switch(page, action["room"])
    elif kind == "rescue":
        page.locator(f".ctl-treasure[data-treasure='{action['colour']}']").click(force=True)
    elif kind == "end_actions":
        click("[data-action='end']")
    elif kind in ("card", "power"):
        if kind == "card":
            click(f".ctl-hand .ctl-card[data-card='{action['card']}']")
            click(".ctl-modal [data-action='play']")
        else:
            click("[data-action='power']")
        door = (lambda d: click(f".ctl-quick [data-pick-id='{d}']")) if phone else (lambda d: click_door(page, d))
        for _ in range(12):
            tg = targeting(page)
            if not tg:
                break
            field = tg["field"]
            value = action[field]
            if field in ("doors", "rooms"):
                for x in value:
                    if x in targeting(page)["multi"]:
                        continue
                    if field == "doors":
                        door(x)
                    elif phone:  # the switch's room: the room is large, its switch small
                        click_room(page, x)
                    else:
                        click_switch(page, x)
                    if not targeting(page):
                        break
                if targeting(page):
                    click("[data-action='tconfirm']")
            elif field in ("to", "room"):
                click_room(page, value)
            elif field == "door":
                door(value)
            else:
                click(f".ctl-prompt .ctl-choice[data-value='{json.dumps(value)}']")
    elif kind == "keep":
        click("[data-action='keep']")
    elif kind == "reroll":
        if view["dice_choice"] == "destiny":
            click(f"[data-reroll='{action['dice'][0]}']")
        else:
            for d in action["dice"]:
                click(f"[data-twist='{d}']")
            click("[data-action='twist']")
    elif kind == "set_colour":
        click(f"[data-setcolour='{action['colour']}']")
    elif kind == "vote":
        click(f"[data-vote='{action['choice']}']")
    elif kind == "choose":
        click(f"[data-choose='{action['character']}']")
    elif kind == "arrange":
        for tid in action["treasures"]:
            click(f"[data-prem='treasures'][data-id='{tid}']")
        for room in action["rooms"]:
            click(f"[data-prem='rooms'][data-id='{room}']")
        click("[data-action='premok']")
    else:  # pragma: no cover
        raise AssertionError(f"no way to click {action}")


def play_live(page, server, players: int, seed: int, shot_name: str, phone: bool = False) -> dict[str, Any]:
    rng = random.Random(seed)
    page.goto(f"{server.url}/static/citadel/dev.html?live=1&players={players}&seed={seed}&speed=25&difficulty=normal")
    page.wait_for_selector("body[data-ready='live']", timeout=15000)
    kinds: set[str] = set()
    for step in range(600):
        data = page.evaluate("window.__last")
        wait_shown(page, data["version"])
        view = data["view"]
        if view["outcome"]:
            break
        if step == 12:
            shot(page, shot_name)  # the game in full swing
        legal = data["legal"]
        assert legal, "seat 0 has something to do until the end"
        groups: dict[str, list[dict[str, Any]]] = {}
        for a in legal:
            groups.setdefault(f"{a['type']}:{a.get('card', '')}", []).append(a)
        action = rng.choice(groups[rng.choice(sorted(groups))])
        n = len(sent(page))
        perform(page, action, view, phone=phone)
        wait_sent(page, n + 1)
        assert sent(page)[-1] == action
        kinds.add(action["type"])
        page.wait_for_function(f"window.__last.version > {data['version']}", timeout=10000)
        assert page.locator(".ctl-toast").is_hidden()
    final = page.evaluate("window.__last")
    wait_shown(page, final["version"])
    assert final["view"]["outcome"], "the game reached its end"
    assert page.locator(".ctl-overlay.ctl-ov-end").is_visible()
    assert {"move", "end_actions", "card"} <= kinds
    return {**final, "kinds": kinds}


@pytest.mark.parametrize("key", mcf.CARD_KEYS)
def test_every_card_and_power_through_the_ui(page, server, key: str) -> None:
    """Each of the 30 cards and 5 powers, played by clicks on a state where it has targets."""
    fx = open_fx(page, server, f"play_{key}")
    up = last(fx)
    if key.startswith("power_"):
        legal = [a for a in up["legal"] if a["type"] == "power"]
    else:
        legal = [a for a in up["legal"] if a["type"] == "card" and a["card"] == key]
    assert legal
    action = random.Random(key).choice(legal)
    perform(page, action, up["view"])
    wait_sent(page, 1)
    assert sent(page) == [action]


def test_live_game_with_a_bot_teammate_to_its_end(page, server) -> None:
    """A whole game by clicks on a desktop, the bot teammate playing its turns. Seed 8: doors
    opened, switches, cards, a power, the vote and a character chosen; the phone's game (seed
    3, 46 actions, alone) also rescues a treasure."""
    final = play_live(page, server, players=2, seed=8, shot_name="citadel-live-bot.png")
    assert final["view"]["players"] == 2
    assert {"open", "switch", "power", "vote", "choose"} <= final["kinds"]
    v = final["view"]
    assert len(v["saved"]) == 4 or len(v["lost"]) == 4
