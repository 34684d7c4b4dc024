"""Views for the Citadel board's dev harness and browser tests, and the harness's server.

Every fixture is a list of ``{view, legal, version}`` updates produced by playing a real game
through :data:`donjon.games.citadel.GAME` (scripted dice come from the engine's own ``dice``
option; the first cards drawn from the seed that deals them). Nothing is edited by hand.

    python3 tests/browser/make_citadel_fixtures.py OUTDIR          # OUTDIR/<name>.json + index.json
    python3 tests/browser/make_citadel_fixtures.py --static        # refresh donjon/games/citadel/web/static.json
    python3 tests/browser/make_citadel_fixtures.py --check-static  # exit 1 if that copy is stale
    python3 tests/browser/make_citadel_fixtures.py --serve [PORT]  # the dev harness:
        http://127.0.0.1:PORT/static/citadel/dev.html            fixtures, step by step
        http://127.0.0.1:PORT/static/citadel/dev.html?live=1     a live game (solo, or &players=2 with a bot)
        http://127.0.0.1:PORT/pages/rules.html?lang=es           the rules page over a stand-in base.html
"""

from __future__ import annotations

import json
import random
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from donjon.games.citadel import GAME  # noqa: E402
from donjon.games.citadel.balance import eager_policy, random_policy  # noqa: E402
from donjon.games.citadel.catalogue import CARDS, CHARACTERS  # noqa: E402
from tests.browser import devserver  # noqa: E402
from tests.browser.fixture_history import LiveGame, entry  # noqa: E402

STATIC = ROOT / "donjon" / "web" / "static"
WEB = ROOT / "donjon" / "games" / "citadel" / "web"
STATIC_JSON = WEB / "static.json"


def static_text() -> str:
    return json.dumps(GAME.static_data(), ensure_ascii=False, indent=1) + "\n"


# ----------------------------------------------------------------------------- recording


class Recorder:
    """Plays a game through GAME and keeps one update per state, as seen by ``seat``."""

    def __init__(self, seat: int | None, players: int, seed: int, options: dict[str, Any] | None = None) -> None:
        self.seat = seat
        self.state = GAME.setup(players, seed, options or {})
        self.updates: list[dict[str, Any]] = []
        self.version = 0
        self.snap()

    def snap(self, action: tuple[Any, int, dict[str, Any]] | None = None) -> None:
        """One update of the state; ``action``: (state before, seat, action) that made it,
        whose history entry the update carries (as an event frame does)."""
        st = self.state
        self.version += 1
        legal = GAME.legal_actions(st, self.seat) if self.seat is not None else []
        update = {"view": GAME.view(st, self.seat), "legal": legal, "version": self.version}
        if action is not None:
            update["entry"] = entry(GAME, action[0], action[1], action[2], st, self.version, self.seat)
        self.updates.append(update)

    def act(self, action: dict[str, Any], seat: int | None = None) -> Recorder:
        who = seat if seat is not None else GAME.to_act(self.state)[0]
        before = self.state
        self.state = GAME.apply(before, who, action)
        self.snap((before, who, action))
        return self

    def do(self, *actions: dict[str, Any]) -> Recorder:
        for a in actions:
            self.act(a)
        return self

    def legal(self, seat: int | None = None) -> list[dict[str, Any]]:
        who = seat if seat is not None else GAME.to_act(self.state)[0]
        return GAME.legal_actions(self.state, who)

    def until(self, done, policy=eager_policy, rng_seed: int = 1, limit: int = 2000) -> Recorder:
        """Play ``policy`` for every seat until ``done(state)`` (or the game ends)."""
        rng = random.Random(rng_seed)
        for _ in range(limit):
            if done(self.state) or GAME.outcome(self.state) is not None:
                break
            who = GAME.to_act(self.state)[0]
            self.act(policy(GAME, self.state, who, rng), who)
        return self

    def fixture(self, name: str, title: str, keep: int = 14, **extra: Any) -> dict[str, Any]:
        """The last ``keep`` updates; the first carries the history so far (as a sync frame)."""
        kept = [dict(u) for u in self.updates[-keep:]]
        if kept:
            kept[0]["history"] = [u["entry"] for u in self.updates if "entry" in u and u["version"] <= kept[0]["version"]]
        return {"name": name, "title": title, "seat": self.seat, "mode": extra.pop("mode", "play"),
                "lang": extra.pop("lang", "en"), "updates": kept, **extra}


def first_draw_seed(players: int, chars: list[str], card: str, start: int = 0) -> int:
    """The first seed whose first turn (slot 0 playing first) reveals ``card``."""
    for seed in range(start, start + 5000):
        st = GAME.setup(players, seed, {"characters": chars, "first": 0})
        if card in (st.chars[0].revealed or []):
            return seed
    raise AssertionError(f"no seed deals {card} first")


def _legal_one(rec: Recorder, **match: Any) -> dict[str, Any]:
    for a in rec.legal():
        if all(a.get(k) == v for k, v in match.items()):
            return a
    raise AssertionError(f"no legal action {match} among {rec.legal()}")


# ----------------------------------------------------------------------------- fixtures


def build() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    # 1. A solo game at its first turn: Nathan and Edward outside; move in through a window.
    r = Recorder(0, 1, 7, {"characters": ["nathan", "edward"], "first": 0, "difficulty": "easy"})
    out.append(r.fixture("start", "Solo, first turn: both pawns outside, three windows lit"))

    # 2. A game in progress (2 players, seat 0 = Ada): doors open, switches flipped, a rescue or two.
    r = Recorder(0, 2, 183, {"difficulty": "easy", "characters": ["ada", "edward"], "first": 0})
    r.until(lambda st: st.turn >= 9 and st.phase == "actions" and st.seat == 0 and st.actions_left == 3)
    mid = r
    assert r.state.result is None and r.state.saved and r.state.lost, "the midgame fixture should be a game in progress"
    out.append(r.fixture("midgame", "Two players, turn 9: Ada to play"))
    fr = dict(r.fixture("midgame_fr", "The same game, in French", lang="fr"))
    out.append(fr)
    es = dict(r.fixture("midgame_es", "The same game, in Spanish", lang="es"))
    out.append(es)

    # A treasure ready to be rescued from Ada's room.
    r = Recorder(0, 2, 183, {"difficulty": "easy", "characters": ["ada", "edward"], "first": 0})
    r.until(lambda st: st.phase == "actions" and st.seat == 0 and any(
        a["type"] == "rescue" for a in GAME.legal_actions(st, 0)))
    assert any(a["type"] == "rescue" for a in r.updates[-1]["legal"])
    out.append(r.fixture("rescue", "Every switch of its types is OFF: Ada can rescue the treasure"))

    # 3. The same game for a spectator.
    w = Recorder(None, 2, 183, {"difficulty": "easy", "characters": ["ada", "edward"], "first": 0})
    w.until(lambda st: st.turn >= 9 and st.phase == "actions" and st.seat == 0 and st.actions_left == 3)
    out.append(w.fixture("spectator", "A spectator's view of the same game", mode="watch"))
    assert mid.updates[-1]["view"]["turn"] == w.updates[-1]["view"]["turn"]

    # 4. The Professor's walk: Ada climbs into the Library, then blue 2 walks him Laboratory →
    #    Dining Room → Library, where she flees; the clock die shows +10.
    r = Recorder(0, 2, 3, {"characters": ["ada", "edward"], "first": 0,
                           "dice": [{"colour": "blue", "action": "2", "clock": 10}]})
    r.do({"type": "move", "to": "library"})
    r.do(_legal_one(r, type="open", door="D03"))
    r.do({"type": "end_actions"})
    out.append(r.fixture("professor", "End of turn: the Professor walks two rooms, Ada flees, the clock moves 10"))

    # 5. Cards: Escort (a character, then a room) and Skeleton Key (1 or 2 doors).
    seed = first_draw_seed(2, ["nathan", "irene"], "escort")
    r = Recorder(0, 2, seed, {"characters": ["nathan", "irene"], "first": 0})
    out.append(r.fixture("card_escort", "Nathan holds Escort: move Irene into a window room"))
    seed = first_draw_seed(2, ["ada", "destiny"], "skeleton_key")
    r = Recorder(0, 2, seed, {"characters": ["ada", "destiny"], "first": 0})
    r.do({"type": "move", "to": "gallery"})
    out.append(r.fixture("card_skeleton", "Ada holds Skeleton Key: pick one or two closed doors"))

    # 6. The idea-icon vote: +10 then +5 reach III on turn 2; seat 1 has already voted.
    r = Recorder(0, 2, 11, {"characters": ["nathan", "irene"], "first": 0,
                            "dice": [{"colour": "red", "action": "hourglass", "clock": 10},
                                     {"colour": "green", "action": "hourglass", "clock": 5}]})
    r.do({"type": "end_actions"}, {"type": "end_actions"})
    assert r.state.phase == "vote", r.state.phase
    out.append(r.fixture("vote_open", "The clock reaches III: every seat votes"))
    r.act({"type": "vote", "choice": "nathan"}, seat=1)
    out.append(r.fixture("vote", "The vote, Irene's player has voted for Nathan"))

    # 7. A face-up power: both vote Nathan, then on his turn his power (any room) is offered.
    r.act({"type": "vote", "choice": "nathan"}, seat=0)
    r.until(lambda st: st.phase == "actions" and st.seat == 0 and st.char.face_up, policy=lambda g, s, seat, rng: {"type": "end_actions"})
    out.append(r.fixture("power", "Nathan's tile is face up: his power can be used"))

    # 8. Dice decisions: Twist of Fate (reroll any dice).
    seed = first_draw_seed(2, ["destiny", "ada"], "twist_of_fate")
    r = Recorder(0, 2, seed, {"characters": ["destiny", "ada"], "first": 0})
    r.do({"type": "card", "card": "twist_of_fate"}, {"type": "end_actions"})
    assert r.state.phase == "dice"
    out.append(r.fixture("dice_twist", "Twist of Fate: choose the dice to reroll"))

    # 9. Duck Out: Nathan in the Library; blue 2 brings the Professor there.
    seed = first_draw_seed(2, ["nathan", "irene"], "duck_out")
    r = Recorder(0, 2, seed, {"characters": ["nathan", "irene"], "first": 0,
                              "dice": [{"colour": "blue", "action": "2", "clock": 5}]})
    r.do({"type": "move", "to": "library"}, {"type": "card", "card": "duck_out"}, {"type": "end_actions"})
    assert r.state.phase == "duck", r.state.phase
    out.append(r.fixture("duck", "Duck Out: choose where Nathan slips to"))

    # 10. Premonition: put the next treasures and room cards in order.
    seed = first_draw_seed(2, ["irene", "edward"], "premonition")
    r = Recorder(0, 2, seed, {"characters": ["irene", "edward"], "first": 0})
    r.do({"type": "card", "card": "premonition"})
    assert r.state.phase == "premonition"
    out.append(r.fixture("premonition", "Premonition: order the next tiles and room cards"))

    # 11. Choosing characters (no characters option).
    r = Recorder(0, 2, 5, {})
    out.append(r.fixture("choose", "Choose your character"))

    # 12. Game over: won (the goal-directed team, seed 8) and lost (a random team).
    r = Recorder(0, 2, 8, {"difficulty": "easy", "characters": ["edward", "ada"]})
    r.until(lambda st: False, rng_seed=8)
    assert r.state.result is not None and r.state.result.reason == "treasures_saved", r.state.result
    out.append(r.fixture("won", "Victory: four treasures saved"))
    r = Recorder(0, 1, 4, {"characters": ["irene", "destiny"], "difficulty": "hard"})
    r.until(lambda st: False, policy=random_policy, rng_seed=4)
    assert r.state.result is not None and r.state.result.reason == "treasures_lost"
    out.append(r.fixture("lost", "Defeat: four treasures lost"))

    # 13. Every card and every power, each in a state where it can be played (random games).
    out += every_card_and_power()

    # 14. A whole game for the replay page (no seat): every state, in order.
    r = Recorder(None, 1, 4, {"characters": ["irene", "destiny"], "difficulty": "hard"})
    r.until(lambda st: False, policy=random_policy, rng_seed=4)
    out.append(r.fixture("replay", "A whole game, as the replay page feeds it", keep=100000, mode="replay"))
    return out


CARD_KEYS = [*CARDS, *(f"power_{c}" for c in CHARACTERS)]
"""One fixture per card (``play_<card>``) and per power (``play_power_<character>``)."""


def every_card_and_power() -> list[dict[str, Any]]:
    """A state of some random 2-player game where each card / power has legal targets."""
    found: dict[str, dict[str, Any]] = {}
    pairs = [["nathan", "irene"], ["edward", "destiny"], ["ada", "nathan"], ["irene", "edward"], ["destiny", "ada"]]
    for g in range(600):
        if len(found) == len(CARD_KEYS):
            break
        st = GAME.setup(2, 1000 + g, {"characters": pairs[g % len(pairs)], "difficulty": "easy"})
        rng = random.Random(g)
        for _ in range(3000):
            if GAME.outcome(st) is not None:
                break
            if st.phase == "actions":
                seat = st.seat
                legal = GAME.legal_actions(st, seat)
                for a in legal:
                    key = a["card"] if a["type"] == "card" else f"power_{st.char.id}" if a["type"] == "power" else None
                    if key and key not in found:
                        found[key] = {"name": f"play_{key}", "title": f"Playable: {key}", "seat": seat, "mode": "play",
                                      "lang": "en", "updates": [{"view": GAME.view(st, seat), "legal": legal, "version": 1}]}
            who = GAME.to_act(st)[0]
            st = GAME.apply(st, who, random_policy(GAME, st, who, rng))
    missing = sorted(set(CARD_KEYS) - set(found))
    assert not missing, f"no random state found for {missing}"
    return [found[k] for k in CARD_KEYS]


def write(outdir: Path) -> list[str]:
    outdir.mkdir(parents=True, exist_ok=True)
    names = []
    for fx in build():
        (outdir / f"{fx['name']}.json").write_text(json.dumps(fx, ensure_ascii=False), "utf-8")
        names.append({"name": fx["name"], "title": fx["title"]})
    (outdir / "index.json").write_text(json.dumps(names, ensure_ascii=False, indent=1), "utf-8")
    return [n["name"] for n in names]


# ----------------------------------------------------------------------------- the dev server

STUB_BASE = """<!doctype html>
<html lang="{{ lang|default('en') }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% block title %}{% endblock %} · donjon</title>
<style>body{margin:0;background:#100f15;color:#eee;font-family:system-ui,'DejaVu Sans',sans-serif}
main{max-width:1180px;margin:0 auto;padding:24px}</style></head>
<body><main>{% block content %}{% endblock %}</main></body></html>"""


def render_page(name: str, lang: str = "en", base: str = STUB_BASE) -> str:
    """Render ``citadel/<name>`` over a stand-in ``base.html`` (``base``: its source)."""
    return devserver.render_game_page(GAME.id, name, lang, base)


class Live(LiveGame):
    """One live game: seat 0 plays through the browser; other seats are random bot teammates."""

    game = GAME

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.new({})

    def new(self, opts: dict[str, Any]) -> dict[str, Any]:
        players = int(opts.get("players", 1))
        seed = int(opts.get("seed", 1))
        options: dict[str, Any] = {"difficulty": opts.get("difficulty", "normal")}
        if opts.get("characters"):
            options["characters"] = list(opts["characters"])
        self.restart(GAME.setup(players, seed, options))
        self.rng = random.Random(seed)
        out = [self.snapshot()]
        out += self.bots()
        return {"updates": out}

    def bots(self) -> list[dict[str, Any]]:
        out = []
        for _ in range(500):
            seats = [s for s in GAME.to_act(self.state) if s != 0]
            if not seats or GAME.outcome(self.state) is not None:
                break
            seat = seats[0]
            self.step(seat, random_policy(GAME, self.state, seat, self.rng))
            out.append(self.snapshot())
        return out

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        self.step(0, action)
        return {"updates": [self.snapshot(), *self.bots()]}


class DevServer(devserver.DevServer):
    """Citadel's harness (:class:`tests.browser.devserver.DevServer`)."""

    game = GAME.id
    live_game = Live
    write_fixtures = staticmethod(write)
    render = staticmethod(render_page)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--static"]:
        STATIC_JSON.write_text(static_text(), "utf-8")
        print(f"wrote {STATIC_JSON}")
        return 0
    if argv[:1] == ["--check-static"]:
        ok = STATIC_JSON.exists() and STATIC_JSON.read_text("utf-8") == static_text()
        print("static.json is up to date" if ok else "static.json is stale: run make_citadel_fixtures.py --static")
        return 0 if ok else 1
    if argv[:1] == ["--serve"]:
        devserver.serve(DevServer(int(argv[1]) if len(argv) > 1 else 8766))
        return 0
    outdir = Path(argv[0]) if argv else ROOT / "build" / "citadel-fixtures"
    names = write(outdir)
    print(f"wrote {len(names)} fixtures to {outdir}: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
