"""The boards' selection logic on its own: each game's select.js (pure functions of the view,
the legal list and the selection; no DOM) run in Chromium on engine positions, without a board.

The modules are imported into a blank page of the dev server (``page.evaluate``); the
positions are the fixtures the board tests use (tests/browser/make_*fixtures.py), built by
the real engines. Each test derives what it expects from the legal list: what is lit is
exactly what the legal actions allow, and every pick ends in one legal action, unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser import make_castel_fixtures, make_citadel_fixtures, make_fixtures
from tests.browser.devserver import DevServer

pytestmark = pytest.mark.browser

BLANK = "/__logic__.html"


@pytest.fixture(scope="module")
def fixtures() -> dict[str, dict[str, Any]]:
    """Every fixture of the three games by "<game>/<name>" (built once per module)."""
    out = {}
    for game, mod in (("unfairchess", make_fixtures), ("castel", make_castel_fixtures), ("citadel", make_citadel_fixtures)):
        for fx in mod.build():
            out[f"{game}/{fx['name']}"] = fx
    return out


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = DevServer(fixtures=tmp_path_factory.mktemp("logic"), live=False).start()
    yield srv
    srv.stop()


@pytest.fixture()
def page(pages, server):
    pg = pages.page(1280, 720)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.route(f"{server.url}{BLANK}", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><meta charset='utf-8'><title>logic</title>"))
    pg.goto(server.url + BLANK)
    yield pg
    pages.release(pg)
    assert not errors, errors


def last(fx: dict[str, Any]) -> dict[str, Any]:
    return fx["updates"][-1]


def js(page, module: str, body: str, arg: Any) -> Any:
    """Run `body` (a JS function body over `m`, the module, and `arg`) in the page."""
    return page.evaluate(f"async (arg) => {{ const m = await import({json.dumps(module)}); {body} }}", arg)


# ============================================================================ UnfairChess

UCG = "/static/unfairchess/select.js"


def test_unfairchess_a_piece_lights_exactly_its_legal_destinations(page, fixtures) -> None:
    u = last(fixtures["unfairchess/opening"])
    moves = [a for a in u["legal"] if a["type"] == "move"]
    froms = sorted({a["uci"][:2] for a in moves})
    assert len(froms) >= 8
    got = js(page, UCG, """
      const out = {};
      for (const sq of arg.squares) {
        const r = m.press(arg.legal, null, sq);
        const selected = r.kind === "select" ? r.sq : null;
        out[sq] = { press: r.kind, hl: m.highlights({ legal: arg.legal, selected, targeting: null, act: true }) };
      }
      return out;
    """, {"legal": u["legal"], "squares": [f + r for f in "abcdefgh" for r in "12345678"]})
    for sq, res in got.items():
        want = sorted({a["uci"][2:4] for a in moves if a["uci"].startswith(sq)})
        if want:
            assert res["press"] == "select", sq
            assert res["hl"]["selected"] == sq
            assert sorted(res["hl"]["dots"]) == want, sq
        else:
            assert res["press"] == "none", sq
            assert "dots" not in res["hl"], sq


FRENCH = str.maketrans({"N": "C", "B": "F", "R": "T", "Q": "D"})


def test_unfairchess_a_typed_move_names_its_one_legal_entry(page, fixtures) -> None:
    """Every legal move of every fixture, typed in UCI, and, where the legal list is plain
    chess's, in python-chess's SAN (in English and with the French letters, and lower-case
    where that cannot mislead): each names exactly its entry. Text that names no move, or
    several, plays nothing."""
    import chess

    cases: list[dict[str, Any]] = []
    for name, fx in fixtures.items():
        if not name.startswith("unfairchess/"):
            continue
        u = last(fx)
        moves = [a for a in u["legal"] if a["type"] == "move"]
        if not moves:
            continue
        board = chess.Board(u["view"]["fen"])
        plain = {a["uci"] for a in moves} == {m.uci() for m in board.legal_moves}
        for a in moves:
            typed = [(a["uci"], "en"), (a["uci"].upper(), "en")]
            if plain:
                san = board.san(chess.Move.from_uci(a["uci"]))
                typed += [(san, "en"), (san.rstrip("+#") + "!", "en"), (san.replace("x", ""), "en"),
                          (san.translate(FRENCH), "fr")]
                if san[0] in "NQK":
                    typed.append((san[0].lower() + san[1:], "en"))
            cases.append({"fen": u["view"]["fen"], "legal": u["legal"], "want": a, "typed": typed})
    assert sum(1 for c in cases if len(c["typed"]) > 2) > 40  # SAN checked on many moves
    got = js(page, UCG, """
      const { parseFen } = await import("/static/unfairchess/board.js");
      return arg.map((c) => c.typed.map(([text, lang]) => {
        const r = m.typedMove(c.legal, parseFen(c.fen), text, m.PIECE_LETTERS[lang]);
        return r.action ? r.action.uci : `count ${r.count}`;
      }));
    """, cases)
    for c, results in zip(cases, got, strict=True):
        assert results == [c["want"]["uci"]] * len(c["typed"]), (c["typed"], results)

    # a plain position made for what the fixtures lack: two rooks reaching one square,
    # castling (the long one only allowed), a promotion without its piece; and nonsense
    fen = "k7/4P3/8/8/8/R6R/8/R3K3 w Q - 0 1"
    legal = [{"type": "move", "uci": mv.uci()} for mv in chess.Board(fen).legal_moves]
    texts = ["Rd3", "Rad3", "Rhd3", "R3d3", "O-O", "0-0-0", "e8", "e7e8", "e8=Q", "e8Q", "e8=D", "Td3", "Rd3",
             "hello", "", "e9", "Nb9", "i2i4", "Zf3"]
    langs = ["en"] * 10 + ["fr"] * 3 + ["en"] * 6
    got2 = js(page, UCG, """
      const { parseFen } = await import("/static/unfairchess/board.js");
      return arg.texts.map((t, i) => {
        const r = m.typedMove(arg.legal, parseFen(arg.fen), t, m.PIECE_LETTERS[arg.langs[i]]);
        return r.action ? r.action.uci : r.count;
      });
    """, {"fen": fen, "legal": legal, "texts": texts, "langs": langs})
    assert got2 == [2, "a3d3", "h3d3", 2, 0, "e1c1", 4, 4, "e7e8q", "e7e8q", "e7e8q", 2, 2] + [0] * 6, got2


def test_unfairchess_a_second_press_moves_or_reselects(page, fixtures) -> None:
    u = last(fixtures["unfairchess/opening"])
    moves = [a["uci"] for a in u["legal"] if a["type"] == "move"]
    other = next(x[:2] for x in moves if x[:2] != "g1" and x[:2] not in {y[2:4] for y in moves if y.startswith("g1")})
    got = js(page, UCG, """
      const L = arg.legal;
      return {
        move: m.press(L, "g1", "f3"),
        intent: m.moveIntent(L, "g1", "f3"),
        other: m.press(L, "g1", arg.other),     // another piece that can move: picked instead
        empty: m.press(L, "g1", "e5"),          // nowhere: the selection goes
        again: m.press(L, "g1", "g1"),
        drop: m.release(L, { from: "g1", dragged: true, again: false }, "h3"),
        dropOff: m.release(L, { from: "g1", dragged: true, again: false }, "g4"),
        clickAgain: m.release(L, { from: "g1", dragged: false, again: true }, "g1"),
        illegal: m.moveIntent(L, "g1", "g3"),
      };
    """, {"legal": u["legal"], "other": other})
    assert got["move"] == {"kind": "move", "from": "g1", "to": "f3"}
    assert got["intent"] == {"action": {"type": "move", "uci": "g1f3"}}
    assert got["intent"]["action"] in u["legal"]
    assert got["other"] == {"kind": "select", "sq": other, "again": False}
    assert got["empty"] == {"kind": "clear"}
    assert got["again"] == {"kind": "select", "sq": "g1", "again": True}
    assert got["drop"] == {"kind": "move", "from": "g1", "to": "h3"}
    assert got["dropOff"] == {"kind": "back"}
    assert got["clickAgain"] == {"kind": "clear"}
    assert got["illegal"] is None


def test_unfairchess_a_promotion_asks_the_piece(page, fixtures) -> None:
    u = last(fixtures["unfairchess/promotion"])
    promos = [a for a in u["legal"] if a["type"] == "move" and len(a["uci"]) == 5]
    frm, to = promos[0]["uci"][:2], promos[0]["uci"][2:4]
    got = js(page, UCG, """
      const i = m.moveIntent(arg.legal, arg.frm, arg.to);
      return { choices: i.choices, knight: m.promotionIntent(i.actions, "n") };
    """, {"legal": u["legal"], "frm": frm, "to": to})
    letters = {a["uci"][4] for a in promos if a["uci"][:4] == frm + to}
    assert got["choices"] == [x for x in "qnrb" if x in letters]
    assert got["knight"] == {"type": "move", "uci": f"{frm}{to}n"}


PLAY_CARD = """
  // Play the entry E as a person would: pick its card, click its squares in order, then
  // answer every extra question with E's own value. Returns the action sent.
  function play(legal, E) {
    let tg = m.startTargeting(legal, E.card);
    if (!tg || tg.lazy) return { error: "no targeting" };
    for (const sq of E.squares || []) {
      if (m.finished(tg)) break;
      if (!m.stepOptions(tg).includes(sq)) return { error: `${sq} is not lit` };
      const r = m.clickTarget(tg, sq);
      if (r.step !== "pick") return { error: r.step };
      tg = { ...tg, picked: r.picked };
    }
    let rest = m.finished(tg) || m.completeCands(tg);
    const keys = m.choiceKeys(rest);
    for (let q = m.nextChoice(rest, keys); q; q = m.nextChoice(rest, keys)) {
      const value = q.index == null ? E[q.key] ?? null : (E[q.key] || [])[q.index] ?? null;
      rest = m.narrow(rest, q, value);
    }
    return rest[0];
  }
"""


def test_unfairchess_a_card_then_its_squares_make_that_very_action(page, fixtures) -> None:
    checked = 0
    for name in ("opening", "targeting", "statuses", "restrictions", "can_save", "promotion"):
        u = last(fixtures[f"unfairchess/{name}"])
        cards = [a for a in u["legal"] if a["type"] == "card" and not a.get("lazy")]
        got = js(page, UCG, PLAY_CARD + "return arg.cards.map((E) => play(arg.legal, E));", {"legal": u["legal"], "cards": cards})
        assert got == cards, name
        checked += len(cards)
    assert checked > 50


def test_unfairchess_targeting_lights_the_next_squares_and_refuses_others(page, fixtures) -> None:
    u = last(fixtures["unfairchess/targeting"])
    entries = [a for a in u["legal"] if a["type"] == "card" and a["card"] == "cavalcade"]
    got = js(page, UCG, """
      const tg = m.startTargeting(arg.legal, "cavalcade");
      const first = m.stepOptions(tg);
      const hl = m.highlights({ legal: arg.legal, selected: "e2", targeting: tg, act: true });
      const sq = first[0];
      const picked = { ...tg, picked: m.clickTarget(tg, sq).picked };
      return {
        first, hl, sq,
        second: m.stepOptions(picked),
        refuse: m.clickTarget(tg, "h8"),
        undo: m.clickTarget(picked, sq),
      };
    """, {"legal": u["legal"]})
    assert sorted(got["first"]) == sorted({e["squares"][0] for e in entries})
    assert sorted(got["hl"]["targets"]) == sorted(got["first"]) and got["hl"]["picked"] == []
    assert "dots" not in got["hl"]  # a card being targeted hides the piece's moves
    assert sorted(got["second"]) == sorted({e["squares"][1] for e in entries if e["squares"][0] == got["sq"]})
    assert got["refuse"] == {"picked": [], "step": "refuse"}
    assert got["undo"] == {"picked": [], "step": "undo"}


def test_unfairchess_a_lazy_card_asks_its_targetings_first(page, fixtures) -> None:
    u = last(fixtures["unfairchess/targeting"])
    full = [a for a in u["legal"] if a["type"] == "card" and a["card"] == "cavalcade"]
    brief = [a for a in u["legal"] if not (a["type"] == "card" and a["card"] == "cavalcade")] + [
        {"type": "card", "card": "cavalcade", "lazy": True}]
    got = js(page, UCG, """
      const w = m.withTargets(arg.brief, "cavalcade", arg.full);
      return { start: m.startTargeting(arg.brief, "cavalcade"), found: w.found, after: m.startTargeting(w.legal, "cavalcade").cands };
    """, {"brief": brief, "full": full})
    assert got["start"] == {"lazy": True}
    assert got["found"] == len(full) and got["after"] == full


def test_unfairchess_the_hand_and_who_may_act(page, fixtures) -> None:
    fx = fixtures["unfairchess/targeting"]
    u = last(fx)
    got = js(page, UCG, """
      const g = { mode: "play", seat: arg.seat, view: arg.view, legal: arg.legal };
      return {
        act: m.canAct({ ...g, pending: false }),
        pending: m.canAct({ ...g, pending: true }),
        spectator: m.canAct({ ...g, seat: null, pending: false }),
        hand: m.handState({ view: arg.view, legal: arg.legal, targeting: null, act: true }),
        reasons: arg.view.hand.map((h) => m.greyReason(g, h)),
        waiting: m.handState({ view: arg.view, legal: arg.legal, targeting: null, act: false }).map((h) => h.greyed),
      };
    """, {"seat": fx["seat"], "view": u["view"], "legal": u["legal"]})
    assert got["act"] is True and got["pending"] is False and got["spectator"] is False
    for h, shown, why in zip(u["view"]["hand"], got["hand"], got["reasons"], strict=True):
        playable = h["playable"] and any(a["type"] == "card" and a["card"] == h["card"] for a in u["legal"])
        assert shown["greyed"] == (not playable), h
        assert why == ("" if playable else "greyed"), h
    assert all(got["waiting"])


def test_unfairchess_a_premove_is_picked_on_the_opponents_turn_and_checked_on_ones_own(page, fixtures) -> None:
    waiting, mine = last(fixtures["unfairchess/waiting"]), last(fixtures["unfairchess/waiting_next"])
    promo = last(fixtures["unfairchess/promotion"])
    frm, to = next((a["uci"][:2], a["uci"][2:4]) for a in promo["legal"] if a["type"] == "move" and len(a["uci"]) == 5)
    got = js(page, UCG, """
      const g = (u, seat) => ({ mode: "play", seat, view: u.view });
      return {
        waiting: m.canPremove(g(arg.waiting, 0)),
        mine: m.canPremove(g(arg.mine, 0)),
        spectator: m.canPremove(g(arg.waiting, null)),
        replay: m.canPremove({ ...g(arg.waiting, 0), mode: "replay" }),
        pick: m.premovePress(null, "g1", true),
        notMine: m.premovePress(null, "e5", false),
        set: m.premovePress("g1", "f3", false),
        again: m.premovePress("g1", "g1", true),
        hl: m.highlights({ legal: [], selected: null, targeting: null, act: false, premove: { from: "g1", to: "f3" } }),
        hlPicked: m.highlights({ legal: [], selected: null, targeting: null, act: false, prePicked: "g1" }),
        legal: m.premoveAction(arg.mine.legal, { from: "g1", to: "f3" }),
        illegal: m.premoveAction(arg.mine.legal, { from: "d4", to: "d6" }),
        queen: m.premoveAction(arg.promo.legal, { from: arg.frm, to: arg.to }),
      };
    """, {"waiting": waiting, "mine": mine, "promo": promo, "frm": frm, "to": to})
    assert got["waiting"] is True and got["mine"] is False and got["spectator"] is False and got["replay"] is False
    assert got["pick"] == {"kind": "pick", "sq": "g1"} and got["notMine"] == {"kind": "clear"}
    assert got["set"] == {"kind": "set", "from": "g1", "to": "f3"} and got["again"] == {"kind": "clear"}
    assert got["hl"]["premove"] == ["g1", "f3"] and got["hlPicked"]["premove"] == ["g1"]
    assert got["legal"] == {"type": "move", "uci": "g1f3"} and got["legal"] in mine["legal"]
    assert got["illegal"] is None
    assert got["queen"] == {"type": "move", "uci": f"{frm}{to}q"} and got["queen"] in promo["legal"]


def test_unfairchess_foresight_asks_the_cards_in_order(page, fixtures) -> None:
    u = last(fixtures["unfairchess/prescience"])
    orders = [a for a in u["legal"] if a["type"] == "order"]
    got = js(page, UCG, """
      return arg.orders.map((E) => {
        let rest = m.orderActions(arg.legal);
        for (let q = m.nextOrder(rest); q; q = m.nextOrder(rest)) rest = m.narrowOrder(rest, q.index, E.order[q.index]);
        return rest;
      });
    """, {"legal": u["legal"], "orders": orders})
    assert got == [[o] for o in orders]


# ============================================================================ Castel

CG = "/static/castel/select.js"


def castel_key(a: dict[str, Any]) -> str:
    """board.js's key of the place a "place" entry names."""
    if a.get("on"):
        return f"card:{a['on']}"
    if a.get("slot"):
        return f"slot:{a['slot']}"
    if a.get("square") == "outside":
        return "out"
    r, c = a["square"]
    return f"sq:{r},{c}"


def kind_of(card_id: str) -> str:
    head, _, tail = card_id.rpartition("_")
    return head if head and tail.isdigit() else card_id


def test_castel_a_hand_card_lights_exactly_its_legal_places(page, fixtures) -> None:
    fx = fixtures["castel/midgame"]
    u = last(fx)
    got = js(page, CG, """
      const g0 = { view: arg.view, legal: arg.legal, seat: arg.seat, mode: "play", sending: false, sel: null, picked: [] };
      return arg.view.hand.map((h) => {
        const click = m.handClick(g0, h.id);
        const g = click.kind === "select" ? { ...g0, sel: click.sel } : g0;
        return { id: h.id, click, lights: m.boardLights(g), phase: m.phase(g) };
      });
    """, {"view": u["view"], "legal": u["legal"], "seat": fx["seat"]})
    lit_some = 0
    for res in got:
        kind = kind_of(res["id"])
        places = [a for a in u["legal"] if a["type"] == "place" and kind_of(a["card"]) == kind]
        swaps = [a for a in u["legal"] if a["type"] == "exchange" and kind_of(a["give"]) == kind]
        assert res["phase"] == "main"
        if places or swaps:
            assert res["click"] == {"kind": "select", "sel": {"from": "hand", "id": res["id"], "kind": kind}}
            assert sorted(res["lights"]["lit"]) == sorted({castel_key(a) for a in places}), res["id"]
            assert res["lights"]["litClass"] == "cg-lit-place"
            assert sorted(x[0] for x in res["lights"]["states"]) == sorted(a["on"] for a in places if a.get("on"))
            lit_some += bool(places)
        else:
            assert res["click"]["kind"] == "tell" and res["lights"]["lit"] == []
    assert lit_some >= 2


def test_castel_a_click_on_a_lit_place_sends_its_placement(page, fixtures) -> None:
    fx = fixtures["castel/midgame"]
    u = last(fx)
    places = [a for a in u["legal"] if a["type"] == "place"]
    got = js(page, CG, """
      const g0 = { view: arg.view, legal: arg.legal, seat: arg.seat, mode: "play", sending: false, sel: null, picked: [] };
      const info = (a) => a.on ? { card: a.on } : a.slot ? { slot: a.slot } : a.square === "outside" ? { outside: true } : { square: a.square };
      const kind = (id) => id.replace(/_\\d+$/, "");
      return {
        sent: arg.places.map((a) => m.boardClick({ ...g0, sel: { from: "hand", id: a.card, kind: kind(a.card) } }, info(a))),
        nowhere: m.boardClick({ ...g0, sel: { from: "hand", id: arg.places[0].card, kind: kind(arg.places[0].card) } }, { square: [9, 9] }),
        idle: m.boardClick(g0, { square: [0, 0] }),
      };
    """, {"view": u["view"], "legal": u["legal"], "seat": fx["seat"], "places": places})
    for a, res in zip(places, got["sent"], strict=True):
        assert res["kind"] == "submit" and res["action"] in u["legal"]
        # copies of one kind are alike: the one sent is of that kind, at that place
        assert kind_of(res["action"]["card"]) == kind_of(a["card"]) and castel_key(res["action"]) == castel_key(a)
    assert got["nowhere"] == {"kind": "shake"}
    assert got["idle"] == {"kind": "none"}


def test_castel_an_exchange_needs_a_hand_card_and_an_exchange_card(page, fixtures) -> None:
    fx = fixtures["castel/midgame"]
    u = last(fx)
    swaps = [a for a in u["legal"] if a["type"] == "exchange"]
    got = js(page, CG, """
      const g0 = { view: arg.view, legal: arg.legal, seat: arg.seat, mode: "play", sending: false, sel: null, picked: [] };
      const kind = (id) => id.replace(/_\\d+$/, "");
      return arg.swaps.map((a) => {
        const first = m.exchangeClick(g0, kind(a.take));
        const g = { ...g0, sel: first.sel };
        const hand = arg.view.hand.find((h) => h.kind === kind(a.give) && !h.drawn);
        return { first, lit: m.handGroups(g).filter((x) => x.state === "lit").map((x) => x.kind), then: m.handClick(g, hand.id) };
      });
    """, {"view": u["view"], "legal": u["legal"], "seat": fx["seat"], "swaps": swaps})
    for a, res in zip(swaps, got, strict=True):
        assert res["first"] == {"kind": "select", "sel": {"from": "exchange", "kind": kind_of(a["take"])}}
        givers = {kind_of(x["give"]) for x in swaps if kind_of(x["take"]) == kind_of(a["take"])}
        assert set(res["lit"]) == givers
        assert res["then"]["kind"] == "submit"
        sent = res["then"]["action"]
        assert sent in u["legal"] and kind_of(sent["give"]) == kind_of(a["give"]) and kind_of(sent["take"]) == kind_of(a["take"])


def test_castel_an_effect_lights_its_targets_and_ends_in_one_entry(page, fixtures) -> None:
    fx = fixtures["castel/dragon_targets"]
    u = last(fx)
    effects = [a for a in u["legal"] if a["type"] == "effect"]
    got = js(page, CG, """
      const g0 = { view: arg.view, legal: arg.legal, seat: arg.seat, mode: "play", sending: false, sel: null, picked: [] };
      const first = { phase: m.phase(g0), values: m.stepValues(g0), lights: m.boardLights(g0) };
      const sent = arg.effects.map((E) => {
        const picked = [];
        for (const v of E.targets) {
          const g = { ...g0, picked: [...picked] };
          if (!m.stepValues(g).some((x) => JSON.stringify(x) === JSON.stringify(v))) return { error: `${JSON.stringify(v)} not offered` };
          picked.push(v);
          const a = m.afterPick({ ...g0, picked });
          if (a) return a;
        }
        return m.completeActs({ ...g0, picked })[0];
      });
      return { first, sent };
    """, {"view": u["view"], "legal": u["legal"], "seat": fx["seat"], "effects": effects})
    assert got["first"]["phase"] == "effect"
    firsts = {json.dumps(e["targets"][0]) for e in effects}
    assert {json.dumps(v) for v in got["first"]["values"]} == firsts
    assert got["first"]["lights"]["litClass"] == "cg-lit-target"
    lit_cards = sorted(s[0] for s in got["first"]["lights"]["states"] if s[1] == "target")
    assert lit_cards and set(lit_cards) <= {json.loads(v) for v in firsts}
    assert got["sent"] == effects


def test_castel_a_spectator_lights_nothing(page, fixtures) -> None:
    u = last(fixtures["castel/midgame"])
    got = js(page, CG, """
      const g = { view: arg.view, legal: arg.legal, seat: null, mode: "watch", sending: false, sel: null, picked: [] };
      return { phase: m.phase(g), lights: m.boardLights(g), click: m.handClick(g, arg.view.hand[0].id).kind };
    """, {"view": u["view"], "legal": u["legal"]})
    assert got["phase"] == "wait" and got["lights"]["lit"] == [] and not got["lights"]["interactive"]
    assert got["click"] == "openHand"


# ============================================================================ Citadel

CTL = "/static/citadel/select.js"
STATIC = json.loads(Path(make_citadel_fixtures.STATIC_JSON).read_text("utf-8"))

CTL_CONTEXT = """
  const info = m.indexStatic(arg.data);
  const ctx = (u, seat, tg = null) => ({ view: u.view, legal: u.legal, seat, mode: "play", anim: false, pending: false, tg,
    model: { professor: u.view.professor, treasures: u.view.treasures || {} }, info });
"""


def test_citadel_a_move_lights_the_rooms_next_door(page, fixtures) -> None:
    fx = fixtures["citadel/midgame"]
    u = last(fx)
    got = js(page, CTL, CTL_CONTEXT + """
      const g = ctx(arg.u, arg.seat);
      const hl = m.highlights(g);
      return {
        hl,
        picks: hl.rooms.map((r) => m.pick(g, [{ kind: "room", id: r }])),
        wall: m.pick(g, [{ kind: "room", id: arg.far }]),
        spectator: m.highlights(ctx(arg.u, null)),
      };
    """, {"data": STATIC, "u": u, "seat": fx["seat"], "far": "clock_room"})
    moves = [a for a in u["legal"] if a["type"] == "move"]
    me = next(c for c in u["view"]["characters"] if c["active"])
    assert got["hl"]["interactive"] and sorted(got["hl"]["rooms"]) == sorted(a["to"] for a in moves)
    assert sorted(got["hl"]["doors"]) == sorted(a["door"] for a in u["legal"] if a["type"] == "open")
    assert sorted(got["hl"]["switches"]) == sorted(a["room"] for a in u["legal"] if a["type"] == "switch")
    # every lit room shares an open door with the room the active character stands in
    doors = {d["id"]: d for d in STATIC["map"]["doors"]}
    for room in got["hl"]["rooms"]:
        assert any(set(d["rooms"]) == {me["room"], room} and u["view"]["doors"].get(d["id"]) == "open" for d in doors.values()), room
    assert [p["action"] for p in got["picks"]] == [next(a for a in moves if a["to"] == r) for r in got["hl"]["rooms"]]
    assert got["wall"] == {"kind": "shake"}
    assert got["spectator"]["rooms"] == [] and not got["spectator"]["interactive"]


PLAY_TARGETS = """
  // Target the entry E as a person would, value by value; returns the action sent.
  function play(g, kind, E) {
    let tg = m.startTargeting(g, kind, E.card);
    if (!tg) return { error: "no targeting" };
    let r = m.advance(tg);
    for (let n = 0; r.tg && n < 20; n += 1) {
      tg = r.tg;
      const f = m.field(tg);
      if (m.isList(tg)) {
        const next = (E[f] || []).find((x) => !tg.multi.includes(x));
        r = next !== undefined ? m.choose(tg, next) : m.confirm(tg);
      } else r = m.choose(tg, E[f]);
      if (!r || r.refuse) return { error: `${f} refused` };
    }
    return r.action;
  }
"""


def test_citadel_every_card_and_power_targeting_ends_in_its_entry(page, fixtures) -> None:
    checked = 0
    for name, fx in fixtures.items():
        if not name.startswith("citadel/play_"):
            continue
        u = last(fx)
        entries = [a for a in u["legal"] if a["type"] in ("card", "power")]
        entries = entries[::max(1, len(entries) // 60)]  # Ada's power has thousands: a spread of them
        got = js(page, CTL, CTL_CONTEXT + PLAY_TARGETS + """
          const g = ctx(arg.u, arg.seat);
          return arg.entries.map((E) => play(g, E.type, E));
        """, {"data": STATIC, "u": u, "seat": fx["seat"], "entries": entries})
        assert got == entries, name
        checked += len(entries)
    assert checked > 100


def test_citadel_a_card_lights_what_it_targets(page, fixtures) -> None:
    fx = fixtures["citadel/play_escort"]
    u = last(fx)
    escort = [a for a in u["legal"] if a.get("card") == "escort"]
    got = js(page, CTL, CTL_CONTEXT + """
      const g = ctx(arg.u, arg.seat);
      const steps = [];
      let r = m.advance(m.startTargeting(g, "card", "escort"));
      while (r.tg) {
        const on = { ...g, tg: r.tg };
        const hl = m.highlights(on);
        const f = m.field(r.tg);
        const value = m.values(r.tg)[0];
        const kind = f === "character" ? "pawn" : "room";
        steps.push({ field: f, values: m.values(r.tg), chars: hl.chars, rooms: hl.rooms,
          click: m.pick(on, [{ kind, id: value }]), wrong: m.pick(on, [{ kind: "door", id: "D01" }]) });
        r = m.choose(r.tg, value);
      }
      return { steps, sent: r.action, direct: m.playCard(g, "escort") };
    """, {"data": STATIC, "u": u, "seat": fx["seat"]})
    fields = [st["field"] for st in got["steps"]]
    assert fields[-1] == "to" and set(fields) <= {"character", "to"}
    chars = sorted({a["character"] for a in escort})
    for st in got["steps"]:
        if st["field"] == "character":
            assert sorted(st["chars"]) == chars and sorted(st["values"]) == chars
        else:
            picked = got["sent"]["character"]
            assert st["chars"] == [picked]  # the character being escorted stays lit
            assert sorted(st["rooms"]) == sorted(a["to"] for a in escort if a["character"] == picked)
        assert st["click"] == {"kind": "choose", "value": st["values"][0]}
        assert st["wrong"] == {"kind": "shake"}
    assert got["sent"] in escort
    assert got["direct"] == ({"action": escort[0]} if len(escort) == 1 and len(escort[0]) == 2 else {"target": True})


def test_citadel_a_list_of_rooms_completes_by_itself_or_waits_for_confirm(page, fixtures) -> None:
    fx = fixtures["citadel/play_short_circuit"]
    u = last(fx)
    lists = [a["rooms"] for a in u["legal"] if a.get("card") == "short_circuit"]
    alone = next(r[0] for r in lists if len(r) == 1 and not any(len(x) > 1 and r[0] in x for x in lists))
    more = next(r for r in lists if len(r) == 2 and [r[0]] in lists)
    got = js(page, CTL, CTL_CONTEXT + """
      const g = ctx(arg.u, arg.seat);
      const tg = m.advance(m.startTargeting(g, "card", "short_circuit")).tg;
      const hl = m.highlights({ ...g, tg });
      const one = m.choose(tg, arg.more[0]);
      const shown = m.highlights({ ...g, tg: one.tg });
      return {
        field: m.field(tg), lit: hl.rooms, switches: hl.switches,
        alone: m.choose(tg, arg.alone),
        waits: one.tg && one.tg.multi, picked: shown.pickedRooms, pickedSwitches: shown.pickedSwitches,
        confirmed: m.confirm(one.tg),
        both: m.choose(one.tg, arg.more[1]),
        untoggled: m.choose(one.tg, arg.more[0]).tg.multi,
        refused: m.choose(tg, "clock_room"),
      };
    """, {"data": STATIC, "u": u, "seat": fx["seat"], "alone": alone, "more": more})
    rooms = sorted({r for x in lists for r in x})
    assert got["field"] == "rooms" and got["lit"] == rooms and got["switches"] == rooms
    card = {"type": "card", "card": "short_circuit"}
    assert got["alone"] == {"action": {**card, "rooms": [alone]}}
    assert got["waits"] == [more[0]] and got["picked"] == [more[0]] and got["pickedSwitches"] == [more[0]]
    assert got["confirmed"] == {"action": {**card, "rooms": [more[0]]}}
    assert got["both"] == {"action": {**card, "rooms": more}}
    assert got["untoggled"] == []
    assert got["refused"] == {"refuse": True}


def test_citadel_dice_and_premonition_pick_legal_entries(page, fixtures) -> None:
    twist = last(fixtures["citadel/dice_twist"])
    prem = last(fixtures["citadel/premonition"])
    rerolls = [a for a in twist["legal"] if a["type"] == "reroll"]
    arranges = [a for a in prem["legal"] if a["type"] == "arrange"]
    got = js(page, CTL, """
      return {
        rerolls: arg.rerolls.map((a) => m.reroll(arg.twist, [...a.dice].reverse())),
        toggled: m.toggle(m.toggle(["clock"], "colour"), "clock"),
        arranged: arg.arranges.slice(0, 5).map((a) => m.arrange(arg.prem, { treasures: a.treasures, rooms: a.rooms })),
        partial: m.arrange(arg.prem, { treasures: [], rooms: [] }),
      };
    """, {"twist": twist["legal"], "prem": prem["legal"], "rerolls": rerolls, "arranges": arranges})
    assert got["rerolls"] == rerolls
    assert got["toggled"] == ["colour"]
    assert got["arranged"] == arranges[:5] and got["partial"] is None


def test_castel_final_ranking_counts_the_cards_left_however_the_game_ended(page) -> None:
    """The game-over box's ranking: the rules' end ranks by cards left; a resignation ranks
    the seat still in first; either way each seat shows the cards it has left."""
    got = page.evaluate("""async () => {
      const { ranking } = await import("/static/castel/render.js");
      const counts = { players: 3, hand_counts: [2, 0, 1], pile_counts: [4, 0, 0] };
      return {
        rules: ranking({ ...counts, outcome: { winners: [1], losers: [0, 2], reason: "no_cards", scores: [-6, 0, -1] } }),
        resigned: ranking({ ...counts, players: 2, hand_counts: [2, 6], pile_counts: [13, 13],
                            outcome: { winners: [1], losers: [0], reason: "resignation", scores: [0, 1] } }),
      };
    }""")
    assert got["rules"] == [{"seat": 1, "rank": 1, "left": 0}, {"seat": 2, "rank": 2, "left": 1}, {"seat": 0, "rank": 3, "left": 6}]
    assert got["resigned"] == [{"seat": 1, "rank": 1, "left": 19}, {"seat": 0, "rank": 2, "left": 15}]


@pytest.mark.parametrize("reason, lang, said", [
    ("resignation", "en", "By resignation."), ("timeout", "fr", "Au temps."), ("resignation", "es", "Por rendición.")])
def test_castel_game_over_says_how_a_game_ended_outside_its_rules(page, fixtures, reason, lang, said) -> None:
    u = last(fixtures["castel/midgame"])
    view = {**u["view"], "outcome": {"winners": [1], "losers": [0], "draw": False, "reason": reason, "scores": [0, 1]}}
    got = js(page, "/static/castel/ui.js", """
      document.body.innerHTML = "<div id='root'></div>";
      const ui = m.createGameUI(document.getElementById("root"), { seat: 0, lang: arg.lang, mode: "play", send: () => Promise.resolve() });
      if (ui.ready) await ui.ready;
      ui.update({ view: arg.view, legal: [], version: 1 });
      await new Promise((r) => setTimeout(r, 50));
      return document.querySelector(".cg-over-reason")?.textContent;
    """, {"view": view, "lang": lang})
    assert got == said


# ============================================================================ the kit


def test_kit_escaping_and_translation(page) -> None:
    got = page.evaluate("""async () => {
      const { esc } = await import("/static/js/kit/html.js");
      const { makeT, fill } = await import("/static/js/kit/i18n.js");
      const t = makeT({ en: { hi: "Hi {name}", only_en: "English" }, fr: { hi: "Salut {name}" } }, "fr");
      const es = makeT({ en: { hi: "Hi" } }, "es");
      return {
        esc: esc(`<a href="x" title='y'>&</a>`), empty: esc(null),
        fr: t("hi", { name: "<b>" }), fallback: t("only_en"), missing: t("nope"), keep: fill("{a} {b}", { a: 1 }),
        es: es("hi"),
      };
    }""")
    assert got["esc"] == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;" and got["empty"] == ""
    assert got["fr"] == "Salut <b>" and got["fallback"] == "English" and got["missing"] == "nope"
    assert got["keep"] == "1 {b}" and got["es"] == "Hi"


def test_kit_an_ends_reason_sits_inside_its_sentence(page) -> None:
    """A reason goes in brackets before the sentence's closing mark, in every language's
    punctuation ("You lost (by checkmate).", not "You lost. (by checkmate)")."""
    got = page.evaluate("""async () => {
      const { withReason } = await import("/static/js/kit/outcome.js");
      return [["You lost.", "by checkmate"], ["Tu as gagné !", "au temps"], ["¡Has ganado!", "por rendición"],
              ["alice won", "on time"], ["Draw.", ""], ["Partie terminée…", "x"]].map(([a, b]) => withReason(a, b));
    }""")
    assert got == ["You lost (by checkmate).", "Tu as gagné (au temps) !", "¡Has ganado (por rendición)!",
                   "alice won (on time)", "Draw.", "Partie terminée (x)…"]


def test_kit_set_rows_keeps_the_rows_that_stay(page) -> None:
    """setRows (the lobby's tables, /watch, my games, challenges): a row whose key stays keeps
    its element, with only what changed changed; rows that left go, new ones come in order."""
    got = page.evaluate("""async () => {
      const { setRows } = await import("/static/js/kit/html.js");
      const ul = document.createElement("ul");
      document.body.append(ul);
      ul.innerHTML = "<li class='empty'>none</li>";
      const row = (id, n, extra = "") => [id, `<li data-id="${id}"${extra}><a href="/g/${id}"><b>${id}</b> <i>${n}</i></a></li>`];
      setRows(ul, [row("a", 1), row("b", 1), row("c", 1)]);
      const [a, b, c] = ul.children;
      const aLink = a.querySelector("a"), aCount = a.querySelector("i");
      setRows(ul, [row("n", 0), row("a", 2, " class='live'"), row("c", 1)]);  // b left, n came, a changed
      const after = [...ul.children];
      setRows(ul, []);
      return {
        first: after.map((li) => li.dataset.id), sameA: after[1] === a, sameLink: a.querySelector("a") === aLink,
        sameCount: a.querySelector("i") === aCount, aText: a.textContent, aClass: a.className, sameC: after[2] === c,
        bGone: !b.isConnected, emptied: ul.children.length,
      };
    }""")
    assert got["first"] == ["n", "a", "c"] and got["bGone"] and got["emptied"] == 0
    assert got["sameA"] and got["sameLink"] and got["sameCount"] and got["sameC"]
    assert got["aText"] == "a 2" and got["aClass"] == "live"


def test_kit_set_rows_a_press_held_across_an_update_still_clicks(page) -> None:
    """A real press (mouse down, the list updated with a new row above and the pressed row's
    text changed, mouse up) clicks the button it started on."""
    page.evaluate("""async () => {
      const { setRows } = await import("/static/js/kit/html.js");
      const ul = document.createElement("ul");
      document.body.append(ul);
      window.__clicked = [];
      ul.addEventListener("click", (ev) => { const b = ev.target.closest("button"); if (b) window.__clicked.push(b.dataset.join); });
      window.__rows = (ids, n) => setRows(ul, ids.map((id) => [id, `<li><span>${id}: ${n} seats</span> <button data-join="${id}" style="padding:10px">Join ${id}</button></li>`]));
      window.__rows(["t1", "t2"], 1);
    }""")
    box = page.locator("[data-join='t2']").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate("window.__rows(['t0', 't1', 't2'], 2)")
    box = page.locator("[data-join='t2']").bounding_box()  # one row lower now
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.up()
    assert page.evaluate("window.__clicked") == ["t2"]


def test_kit_submit_reports_the_ack_or_the_refusal(page) -> None:
    got = page.evaluate("""async () => {
      const { createSubmit } = await import("/static/js/kit/submit.js");
      const log = [];
      const action = { type: "move", uci: "e2e4" };
      const make = (send) => createSubmit({ send, busy: (on) => log.push(`busy ${on}`), refused: (r) => log.push(`refused ${r}`), render: () => log.push("render") });
      let seen = null;
      const ok = await make((a) => { seen = a; a.uci = "changed"; return Promise.resolve(); })(action);
      const no = await make(() => Promise.reject(new Error("not your turn")))(action);
      const thrown = await make(() => { throw new Error("offline"); })(action);
      return { ok, no, thrown, log, original: action.uci, copied: seen !== action };
    }""")
    assert got["ok"] is True and got["no"] is False and got["thrown"] is False
    assert got["original"] == "e2e4" and got["copied"]  # the board's legal entry is never handed out
    assert got["log"] == ["busy true", "render", "busy false", "render",
                          "busy true", "render", "busy false", "refused not your turn", "render",
                          "busy true", "render", "busy false", "refused offline", "render"]


def test_kit_zoom_opens_renders_and_closes(page) -> None:
    got = page.evaluate("""async () => {
      const { createZoom } = await import("/static/js/kit/zoom.js");
      document.body.innerHTML = `<div id="m" hidden><div class="box"></div></div>`;
      const el = document.getElementById("m");
      const closed = [];
      const zoom = createZoom(el, { box: ".box", render: (x) => `<b>${x}</b><button data-close>×</button><i data-go>go</i>`,
        onClick: (ev, x) => { if (ev.target.closest("[data-go]")) closed.push(`go ${x}`); }, onClose: (x) => closed.push(`closed ${x}`) });
      zoom.open("A");
      const shown = { hidden: el.hidden, html: el.querySelector(".box").innerHTML, item: zoom.item };
      el.querySelector("[data-go]").click();
      const still = zoom.isOpen;
      el.querySelector("[data-close]").click();
      zoom.open("B", { boxClass: "wide" });
      const cls = el.querySelector(".box").className;
      zoom.open("C");                      // replaces B: B's popup is closed
      el.dispatchEvent(new MouseEvent("click", { bubbles: true }));   // the backdrop
      zoom.open("D");
      const esc = [zoom.escape(), zoom.escape()];
      return { shown, still, closed, cls, esc, hidden: el.hidden, empty: el.querySelector(".box").innerHTML };
    }""")
    assert got["shown"] == {"hidden": False, "html": "<b>A</b><button data-close=\"\">×</button><i data-go=\"\">go</i>", "item": "A"}
    assert got["still"] is True
    assert got["closed"] == ["go A", "closed A", "closed B", "closed C", "closed D"]
    assert got["cls"] == "box kit-zoom-box wide" and got["esc"] == [True, False]  # the kit's layout (zoom.css), then the popup's own
    assert got["hidden"] is True and got["empty"] == ""


def test_kit_zoom_keeps_to_the_viewport(page) -> None:
    """A popup over a board taller than the window: the part above and below the viewport is
    kept out of its box (--zoom-above / --zoom-below), and follows the page as it scrolls."""
    got = page.evaluate("""async () => {
      const { createZoom } = await import("/static/js/kit/zoom.js");
      const { loadCss } = await import("/static/js/kit/css.js");
      await loadCss("/static/js/kit/zoom.css");   // the one zoom.js links (the same promise)
      document.body.style.margin = "0";
      document.body.innerHTML = `<div id="host" style="position: relative; margin-top: 100px; height: ${innerHeight * 3}px">
        <div id="m" hidden><div class="box"></div></div></div>`;
      const el = document.getElementById("m");
      const zoom = createZoom(el, { box: ".box", render: (x) => `<div style="height: 5000px">${x}</div>` });
      const vars = () => [el.style.getPropertyValue("--zoom-above"), el.style.getPropertyValue("--zoom-below")];
      zoom.open("A");
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const atTop = vars();
      const box = el.querySelector(".box").getBoundingClientRect();
      // the popup follows the scroll on its own frame: wait for the scroll, then two frames
      // (a fixed delay is too short on a loaded machine)
      await new Promise((r) => {
        addEventListener("scroll", () => requestAnimationFrame(() => requestAnimationFrame(r)), { once: true });
        scrollTo(0, 300);
      });
      for (let i = 0; i < 50 && vars()[0] !== "200px"; i++) await new Promise((r) => setTimeout(r, 20));
      const scrolled = vars();
      const box2 = el.querySelector(".box").getBoundingClientRect();
      return { atTop, scrolled, h: innerHeight, cls: el.className,
               box: [box.top, box.bottom], box2: [box2.top, box2.bottom], overflow: getComputedStyle(el.querySelector(".box")).overflowY };
    }""")
    h = got["h"]
    assert got["cls"] == "kit-zoom" and got["overflow"] == "auto"
    assert got["atTop"] == ["0px", f"{2 * h + 100}px"]
    assert got["scrolled"] == ["200px", f"{2 * h - 200}px"]
    assert 100 <= got["box"][0] and got["box"][1] <= h  # inside the window, though the host is 3 windows tall
    assert 0 <= got["box2"][0] and got["box2"][1] <= h


def test_kit_css_is_linked_once(page) -> None:
    got = page.evaluate("""async () => {
      const { loadCss } = await import("/static/js/kit/css.js");
      await Promise.all([loadCss("/static/css/site.css"), loadCss(new URL("/static/css/site.css", location.href))]);
      await loadCss("/static/css/site.css");
      return [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname);
    }""")
    assert got == ["/static/css/site.css"]


def test_kit_pieces_are_the_boards_and_the_hat_shops(page) -> None:
    """One drawing of each chess piece (js/kit/pieces.js): the UnfairChess board's symbols and
    standalone pieces, and the king the shell's hat shop draws hats on (js/king.js)."""
    got = page.evaluate("""async () => {
      const kit = await import("/static/js/kit/pieces.js");
      const { KING } = await import("/static/js/king.js");
      const board = await import("/static/unfairchess/pieces.js");
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.innerHTML = `<defs>${board.pieceDefs()}</defs>`;
      const codes = Object.keys(kit.PIECE_SVG);
      const one = document.createElement("div");
      one.innerHTML = board.pieceSvg("bQ", 30, "x");
      return {
        codes, kings: [KING.w === kit.PIECE_SVG.wK, KING.b === kit.PIECE_SVG.bK, board.PIECE_SVG === kit.PIECE_SVG],
        symbols: [...svg.querySelectorAll("symbol")].map((s) => [s.id, s.querySelectorAll("path, circle").length > 0]),
        one: [one.firstElementChild.getAttribute("class"), one.firstElementChild.getAttribute("width")],
        black: [kit.PIECE_SVG.bK.includes('fill="#000"'), kit.PIECE_SVG.wK.includes('fill="#fff"'), kit.PIECE_SVG.wK.includes("#ececec")],
      };
    }""")
    assert sorted(got["codes"]) == sorted(f"{s}{p}" for s in "wb" for p in "KQRBNP")
    assert got["kings"] == [True, True, True]
    assert [s[0] for s in got["symbols"]] == [f"ucg-{c}" for c in got["codes"]] and all(s[1] for s in got["symbols"])
    assert got["one"] == ["ucg-piece-svg x", "30"]
    assert got["black"] == [True, True, False]


# ============================================================================ time per move
# The time each move took (kit/movelist.js: spentByVersion, spentAttrs) in Castel's and
# Citadel's logs: each board is mounted with a real game's history stamped with times (a timed
# game's entries carry `at`, docs/protocol.md "History"). The replay page's list is checked on
# the real site (test_site_end.py), UnfairChess's move list too.

def timed_history(fx: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]], dict[int, str]]:
    """The fixture's last update, its history with entry k stamped at 1000 + k² * 7 seconds,
    and the time each entry after the first took, as the list should write it."""
    entries = [u["entry"] for u in fx["updates"] if u.get("entry")]
    assert len(entries) >= 3
    history = [{**e, "at": 1000 + k * k * 7} for k, e in enumerate(entries)]
    want = {}
    for k in range(1, len(history)):
        s = history[k]["at"] - history[k - 1]["at"]
        want[history[k]["v"]] = f"{s}s" if s < 60 else f"{s // 60}:{s % 60:02d}"
    return fx["updates"][-1], history, want


MOUNT = """
  document.body.innerHTML = "<div id='root'></div>";
  const root = document.getElementById("root");
  const ui = m.createGameUI(root, { seat: arg.seat, lang: "en", mode: "play", send: () => Promise.resolve(),
    players: arg.players, position: () => Promise.resolve(null) });
  if (ui.ready) await ui.ready;
  ui.update({ view: arg.u.view, legal: arg.u.legal, version: arg.u.version, history: arg.history });
  await new Promise((r) => setTimeout(r, 50));
  // the move list's stylesheet (which draws the times) applies once loaded: on a busy
  // machine that may take longer than the 50 ms above
  const { loadCss } = await import("/static/js/kit/css.js");
  await loadCss("/static/js/kit/movelist.css");
  const out = {};
  for (const li of root.querySelectorAll(".mv-list li[data-spent]")) {
    if (li.dataset.v in out) return "two lines of one entry carry a time: " + li.dataset.v;
    out[li.dataset.v] = li.dataset.spent;
  }
  const plain = [...root.querySelectorAll(".mv-list li[data-v]")].filter((li) => !li.dataset.spent).length;
  const first = root.querySelector(".mv-list li[data-spent]");
  return { times: out, plain, title: first ? first.title : null,
           after: first ? getComputedStyle(first, "::after").content : null };
"""


def lines_with_times(page: Any, module: str, fx: dict[str, Any], history: list[dict[str, Any]]) -> dict[str, Any]:
    n = fx.get("players")
    players = [{"name": f"P{i}"} for i in range(len(n) if isinstance(n, list) else n)] if n else None
    got = js(page, module, MOUNT, {"seat": fx["seat"], "players": players, "u": fx["updates"][-1], "history": history})
    assert isinstance(got, dict), got
    return got


@pytest.mark.parametrize("game, name", [
    ("castel", "midgame"),
    ("citadel", "midgame"),
])
def test_each_action_of_a_timed_game_shows_the_time_it_took(page, fixtures, game, name) -> None:
    fx = fixtures[f"{game}/{name}"]
    _, history, want = timed_history(fx)
    got = lines_with_times(page, f"/static/{game}/ui.js", fx, history)
    shown = {int(v): s for v, s in got["times"].items()}
    assert shown, got
    # every entry shown gets its own time (Citadel's log keeps the last lines only), the first none
    assert all(shown[v] == want[v] for v in shown), (shown, want)
    assert history[0]["v"] not in shown
    last_v = history[-1]["v"]
    assert shown.get(last_v) == want[last_v]
    assert got["plain"] > 0  # the other lines of an entry carry no time
    assert got["title"].startswith("Time spent on this move: ")
    assert got["after"] == json.dumps(shown[min(shown)])  # drawn by kit/movelist.css


@pytest.mark.parametrize("game", ["castel", "citadel"])
def test_an_untimed_game_shows_no_times(page, fixtures, game) -> None:
    fx = fixtures[f"{game}/midgame"]
    history = [u["entry"] for u in fx["updates"] if u.get("entry")]
    got = lines_with_times(page, f"/static/{game}/ui.js", fx, history)
    assert got["times"] == {} and got["plain"] > 0


def test_the_kit_counts_from_the_entry_before_lifecycle_entries_included(page) -> None:
    got = js(page, "/static/js/kit/movelist.js", """
      const h = [{ v: 1, kind: "play", at: 100 }, { v: 2, kind: "draw", op: "offer", at: 130 },
                 { v: 3, kind: "play", at: 200.4 }, { v: 4, kind: "play", at: 3800 }, { v: 5, kind: "play" }];
      const s = m.spentByVersion(h);
      return { map: [...s.entries()], texts: [5, 65, 3600 * 3, 86400 * 2].map(m.spentText),
               attrs: m.spentAttrs(4, "fr"), none: m.spentAttrs(undefined, "en") };
    """, None)
    assert got["map"] == [[3, pytest.approx(70.4)], [4, pytest.approx(3599.6)]]
    assert got["texts"] == ["5s", "1:05", "3h", "2d"]
    assert got["attrs"] == ' data-spent="4s" title="Temps passé sur ce coup: 4s"'
    assert got["none"] == ""
