"""The time each move took, in the move lists of every board and the replay page's list.

A timed game's history entries carry ``at`` (docs/protocol.md, "History"); the shared kit
(``/static/js/kit/movelist.js``: ``spentByVersion``, ``spentAttrs``) turns them into the time
each action took, and each board shows it on its entry (``data-spent``). Here Castel's and
Citadel's boards are mounted on a blank page of the dev server with a real game's history
(tests/browser/make_*fixtures.py) stamped with times, and the lines are read back. The
replay page's list is checked on the real site in tests/browser/test_site_end.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser import make_castel_fixtures, make_citadel_fixtures
from tests.browser.devserver import DevServer

pytestmark = pytest.mark.browser

BLANK = "/__times__.html"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = DevServer(fixtures=tmp_path_factory.mktemp("times"), live=False).start()
    yield srv
    srv.stop()


@pytest.fixture()
def page(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.route(f"{server.url}{BLANK}", lambda route: route.fulfill(
        status=200, content_type="text/html",
        body="<!doctype html><meta charset='utf-8'><title>times</title><div id='root'></div>"))
    pg.goto(server.url + BLANK)
    yield pg
    ctx.close()
    assert not errors, errors


def js(page: Any, module: str, body: str, arg: Any) -> Any:
    return page.evaluate(f"async (arg) => {{ const m = await import({json.dumps(module)}); {body} }}", arg)


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
  const root = document.getElementById("root");
  root.innerHTML = "";
  const ui = m.createGameUI(root, { seat: arg.seat, lang: "en", mode: "play", send: () => Promise.resolve(),
    players: arg.players, position: () => Promise.resolve(null) });
  if (ui.ready) await ui.ready;
  ui.update({ view: arg.u.view, legal: arg.u.legal, version: arg.u.version, history: arg.history });
  await new Promise((r) => setTimeout(r, 50));
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


@pytest.mark.parametrize("game, maker, name", [
    ("castel", make_castel_fixtures, "midgame"),
    ("citadel", make_citadel_fixtures, "midgame"),
])
def test_each_action_of_a_timed_game_shows_the_time_it_took(page, game, maker, name) -> None:
    fx = next(f for f in maker.build() if f["name"] == name)
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


@pytest.mark.parametrize("game, maker", [("castel", make_castel_fixtures), ("citadel", make_citadel_fixtures)])
def test_an_untimed_game_shows_no_times(page, game, maker) -> None:
    fx = next(f for f in maker.build() if f["name"] == "midgame")
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
