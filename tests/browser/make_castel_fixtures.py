"""Views for the Castel board's dev harness and browser tests, and the harness's server.

Every fixture is a list of ``{view, legal, version}`` updates produced by playing real
positions through :data:`donjon.games.castel.GAME` (positions are laid out with the engine's
``position`` option, then real actions are applied). The same positions serve as *scenarios*
of the live game (``/live/new`` with ``{"scenario": name}``): the browser then plays them
against the engine, the other seats answering with random legal actions.

    python3 tests/browser/make_castel_fixtures.py OUTDIR         # OUTDIR/<name>.json + index.json
    python3 tests/browser/make_castel_fixtures.py --cards        # refresh donjon/games/castel/web/cards.json
    python3 tests/browser/make_castel_fixtures.py --check-cards  # exit 1 if the copy is stale
    python3 tests/browser/make_castel_fixtures.py --serve [PORT] # http://127.0.0.1:PORT/static/castel/dev.html
"""

from __future__ import annotations

import json
import random
import sys
import threading
from pathlib import Path
from typing import Any

from donjon.games.castel import GAME
from donjon.games.castel.catalogue import deck_for

try:
    from tests.browser import devserver
    from tests.browser.fixture_history import entry
except ImportError:  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.browser import devserver
    from tests.browser.fixture_history import entry

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "donjon" / "web" / "static"
WEB = ROOT / "donjon" / "games" / "castel" / "web"
CARDS_JSON = WEB / "cards.json"


def catalogue_json() -> list[dict[str, Any]]:
    """The catalogue as the browser gets it (``GAME.catalogue()``: 37 kinds in order)."""
    return GAME.catalogue()


def cards_text() -> str:
    return json.dumps(catalogue_json(), ensure_ascii=False, indent=1) + "\n"


# ============================================================================ positions

# Scenario name → (players, options, actions applied before the human's first decision).
# Actions are (seat, action); the human is seat 0 unless the fixture says otherwise.

MIDGAME = {
    "hands": {
        "0": ["dragon", "page", "soldat_5", "echanson", "fee", "chevalier_4"],
        "1": ["nourrice", "bailli", "soldat_7"],
        "2": ["enchanteur", "menestrel", "soldat_8"],
        "3": ["voleur", "assassin", "soldat_9", "guetteur"],
    },
    "piles": {"0": ["soldat_10", "intrigant"], "1": ["soldat_11", "senechal"], "2": ["alchimiste"], "3": ["soldat_12", "soldat_13"]},
    "castle": {
        "2,2": [["roi", 0]],
        "2,3": [["reine", 1]],
        "1,2": [["princesse", 0], ["chevalier_1", 1]],
        "3,2": [["pretre", 2]],
        "3,1": [["courtisan", 2]],
        "1,4": [["ambassadeur", 3]],
        "0,1": [["soldat_1", 0]],
        "0,2": [["soldat_2", 1]],
        "0,4": [["soldat_6", 3]],
        "5,2": [["capitaine", 3]],
        "5,1": [["soldat_3", 2]],
        "5,3": [["soldat_4", 0]],
        "0,0": [["archers", 1]],
        "5,5": [["magicien", 2]],
        "3,0": [["prince", None]],
    },
    "slots": {"N": [["engin_1", 3]], "E": [["engin_2", 0], ["chevalier_2", 2]]},
    "outside": [[["barbare", 1]], [["mendiant", 3], ["chevalier_3", 0]], [["sorciere", 2]]],
}


def _midgame_actions() -> list[tuple[int, dict[str, Any]]]:
    return [
        (1, {"type": "place", "card": "nourrice", "square": [1, 1]}),
        (1, {"type": "draw"}),
        (2, {"type": "place", "card": "enchanteur", "square": [0, 5]}),
        (2, {"type": "exchange", "give": "soldat_8", "take": "herault"}),
        (3, {"type": "place", "card": "voleur", "square": "outside"}),
        (3, {"type": "effect", "targets": ["roi"]}),
        (3, {"type": "draw"}),
    ]


SCENARIOS: dict[str, dict[str, Any]] = {
    # 2 players, a fresh deal: the human plays first.
    "opening": {"players": 2, "seed": 3, "options": {"first": 0}, "actions": []},
    # 4 players in the middle of a game: Knights, Priest, Captain, engines, outside cards.
    "midgame": {"players": 4, "seed": 1, "options": {"first": 1, "position": MIDGAME}, "actions": _midgame_actions()},
    # 2 players: the Dragon in hand, cards of both colours in play (the Priest protects).
    "dragon": {
        "players": 2, "seed": 5,
        "options": {"first": 0, "position": {
            "hands": {"0": ["dragon", "page", "soldat_1", "chevalier_1", "engin_2"], "1": ["roi", "soldat_2", "archers"]},
            "piles": {"0": ["soldat_3", "soldat_4"], "1": ["soldat_5", "soldat_6"]},
            "castle": {"2,2": [["pretre", 1]], "2,3": [["courtisan", 1]], "3,3": [["ambassadeur", 1]],
                       "1,1": [["assassin", 0]], "0,2": [["soldat_7", 1]], "0,3": [["soldat_8", 0]],
                       "5,5": [["guetteur", 1]]},
            "slots": {"W": [["engin_1", 1]]},
            "outside": [[["barbare", 0]]],
            "fill": 10,
        }},
        "actions": [],
    },
    # The Seneschal is placed: one more card may be placed for free, or skipped.
    "seneschal": {
        "players": 2, "seed": 6,
        "options": {"first": 0, "position": {
            "hands": {"0": ["senechal", "soldat_1", "page", "mendiant"], "1": ["dragon", "soldat_2"]},
            "piles": {"0": ["soldat_3"], "1": ["soldat_4"]},
            "fill": 10, "castle": {"2,2": [["roi", 1]], "2,3": [["prince", 1]]},
        }},
        "actions": [(0, {"type": "place", "card": "senechal", "square": [3, 3]})],
    },
    # The Alchemist: a hand card, then a card of the exchange, twice.
    "alchemist": {
        "players": 2, "seed": 7,
        "options": {"first": 0, "position": {
            "hands": {"0": ["alchimiste", "soldat_1", "soldat_2", "page", "mendiant"], "1": ["roi", "soldat_3"]},
            "piles": {"0": ["soldat_4"], "1": ["soldat_5"]},
            "exchange": ["dragon", "fee", "herault", "soldat_6", "soldat_7"],
            "fill": 5,
        }},
        "actions": [(0, {"type": "place", "card": "alchimiste", "square": [0, 5]})],
    },
    # 3 players, the Jester: a card of the hand, then the player who receives it.
    "jester": {
        "players": 3, "seed": 8,
        "options": {"first": 0, "position": {
            "hands": {"0": ["bouffon", "soldat_1", "page", "dragon"], "1": ["soldat_2", "roi"], "2": ["soldat_3"]},
            "piles": {"0": ["soldat_4"], "1": ["soldat_5"], "2": ["soldat_6"]},
            "fill": 11, "castle": {"2,2": [["reine", 1]]},
        }},
        "actions": [(0, {"type": "place", "card": "bouffon", "square": [3, 3]})],
    },
    # 3 players, the Herald is in play: every hand is open.
    "herald": {
        "players": 3, "seed": 9,
        "options": {"first": 1, "position": {
            "hands": {"0": ["dragon", "soldat_1", "fee", "page"], "1": ["herault", "soldat_2", "prince"], "2": ["soldat_3", "mendiant", "assassin"]},
            "piles": {"0": ["soldat_4", "soldat_5"], "1": ["soldat_6"], "2": ["soldat_7", "soldat_8"]},
            "fill": 11, "castle": {"2,2": [["roi", 0]], "1,1": [["courtisan", 2]], "0,1": [["soldat_9", 1]]},
        }},
        "actions": [(1, {"type": "place", "card": "herault", "square": [2, 3]}), (1, {"type": "draw"}),
                    (2, {"type": "draw"}), (2, {"type": "place", "card": "soldat_3", "square": [4, 0]})],
    },
    # The Fairy: a card in play, then a free square of another zone or outside the walls.
    "fairy": {
        "players": 2, "seed": 10,
        "options": {"first": 0, "position": {
            "hands": {"0": ["fee", "soldat_1", "page"], "1": ["soldat_2"]},
            "piles": {"0": ["soldat_3"], "1": ["soldat_4"]},
            "fill": 10, "castle": {"2,2": [["roi", 1]], "0,0": [["archers", 1]], "0,2": [["soldat_5", 0]], "3,3": [["pretre", 0]],
                       "2,3": [["courtisan", 0]]},
        }},
        "actions": [(0, {"type": "place", "card": "fee", "square": "outside"})],
    },
    # The Schemer: two cards with different token states, Knights and covered cards included.
    "schemer": {
        "players": 3, "seed": 11,
        "options": {"first": 0, "position": {
            "hands": {"0": ["intrigant", "soldat_1"], "1": ["soldat_2"], "2": ["soldat_3"]},
            "piles": {"0": ["soldat_4"], "1": ["soldat_5"], "2": ["soldat_6"]},
            "fill": 11, "castle": {"2,2": [["roi", 1], ["chevalier_1", 2]], "1,1": [["echanson", 0]], "4,4": ["page"]},
        }},
        "actions": [(0, {"type": "place", "card": "intrigant", "square": [2, 3]})],
    },
    # The Ghost may take an occupied tower.
    "ghost": {
        "players": 2, "seed": 12,
        "options": {"first": 0, "position": {
            "hands": {"0": ["fantome", "chevalier_1", "soldat_1"], "1": ["soldat_2"]},
            "piles": {"0": ["soldat_3"], "1": ["soldat_4"]},
            "fill": 10, "castle": {"0,0": [["archers", 1]], "0,5": [["magicien", 1], ["chevalier_2", 1]], "5,0": [["guetteur", 0]], "2,2": [["roi", 1]]},
        }},
        "actions": [],
    },
    # 3 players: the human places the last card and wins.
    "finale": {
        "players": 3, "seed": 13,
        "options": {"first": 1, "position": {
            "hands": {"0": ["mendiant", "soldat_1"], "1": ["soldat_2", "page", "roi"], "2": ["soldat_3", "dragon"]},
            "piles": {"0": [], "1": ["soldat_4", "soldat_5"], "2": ["soldat_6"]},
            "fill": {"exchange": 11, "seats": [1, 2]}, "castle": {"2,2": [["reine", 1]], "1,1": [["pretre", 2]]},
        }},
        "actions": [(1, {"type": "place", "card": "soldat_2", "square": [0, 1]}), (1, {"type": "draw"}),
                    (2, {"type": "place", "card": "soldat_3", "square": [0, 2]}), (2, {"type": "draw"}),
                    (0, {"type": "place", "card": "soldat_1", "square": [5, 2]})],
    },
}


def _fill(players: int, pos: dict[str, Any], exchange: int, seats: list[int] | None = None) -> dict[str, Any]:
    """Deal the cards a position does not name: ``exchange`` of them (in a seeded random
    order) to the exchange, the others one by one to the piles (after the named ones)."""
    named: set[str] = set()
    for cards in list(pos.get("hands", {}).values()) + list(pos.get("piles", {}).values()):
        named.update(cards)
    for stack in list(pos.get("castle", {}).values()) + list(pos.get("slots", {}).values()) + list(pos.get("outside", [])):
        named.update(e[0] if isinstance(e, list) else e for e in stack)
    named.update(pos.get("exchange", []))
    named.update(pos.get("removed", []))
    rest = [c for c in deck_for(players) if c not in named]
    random.Random(len(rest)).shuffle(rest)
    out = json.loads(json.dumps(pos))
    out["exchange"] = list(pos.get("exchange", [])) + rest[:exchange]
    piles = out.setdefault("piles", {})
    seats = seats if seats is not None else list(range(players))
    for i, c in enumerate(rest[exchange:]):
        piles.setdefault(str(seats[i % len(seats)]), []).append(c)
    return out


def scenario_state(name: str) -> tuple[Any, list[Any]]:
    """The state of a scenario after its scripted actions, and every intermediate state."""
    sc = SCENARIOS[name]
    options = json.loads(json.dumps(sc["options"]))
    pos = options.get("position")
    if pos is not None and "fill" in pos:
        fill = pos.pop("fill")
        n, seats = (fill, None) if isinstance(fill, int) else (fill["exchange"], fill["seats"])
        options["position"] = _fill(sc["players"], pos, n, seats)
    st = GAME.setup(sc["players"], sc["seed"], options)
    states = [st]
    for seat, action in sc["actions"]:
        if GAME.to_act(st) != [seat]:
            raise AssertionError(f"{name}: seat {seat} is not to act (to_act={GAME.to_act(st)}) for {action}")
        st = GAME.apply(st, seat, action)
        states.append(st)
    return st, states


class Recorder:
    """Plays a game through GAME and keeps one update per state, as seen by ``seat``."""

    def __init__(self, seat: int | None, state: Any) -> None:
        self.seat = seat
        self.state = state
        self.updates: list[dict[str, Any]] = []
        self.snap()

    def snap(self, action: tuple[Any, int, dict[str, Any]] | None = None) -> None:
        """One update of the state; ``action``: (state before, seat, action) that made it,
        whose history entry the update carries (as an event frame does)."""
        st = self.state
        legal = GAME.legal_actions(st, self.seat) if self.seat is not None else []
        v = len(self.updates) + 1
        update: dict[str, Any] = {"view": GAME.view(st, self.seat), "legal": legal, "version": v}
        if action is not None:
            update["entry"] = entry(GAME, action[0], action[1], action[2], st, v, self.seat)
        self.updates.append(update)

    def act(self, seat: int, action: dict[str, Any]) -> Recorder:
        before = self.state
        self.state = GAME.apply(before, seat, action)
        self.snap((before, seat, action))
        return self

    def fixture(self, name: str, title: str, **extra: Any) -> dict[str, Any]:
        return {"name": name, "title": title, "seat": self.seat, "mode": extra.pop("mode", "play"),
                "lang": extra.pop("lang", "en"), "players": self.state.players, "updates": self.updates, **extra}


def record(name: str, seat: int | None = 0) -> Recorder:
    """A recorder over a scenario: one update per scripted action, as ``seat`` sees it."""
    sc = SCENARIOS[name]
    _, states = scenario_state(name)
    r = Recorder(seat, states[0])
    for (who, action), before, st in zip(sc["actions"], states, states[1:], strict=False):
        r.state = st
        r.snap((before, who, action))
    assert r.state.players == sc["players"]
    return r


def random_game(players: int, seed: int, seat: int, turns: int) -> Recorder:
    """A real game of random legal actions (placing preferred), recorded from ``seat``."""
    rng = random.Random(seed)
    r = Recorder(seat, GAME.setup(players, seed, {"first": 0}))
    while GAME.to_act(r.state) and r.state.turn_no < turns:
        s = GAME.to_act(r.state)[0]
        r.act(s, bot_choice(r.state, s, rng))
    return r


def bot_choice(st: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    """A random legal action, placing (and resolving effects) more often than not."""
    legal = GAME.legal_actions(st, seat)
    strong = [a for a in legal if a["type"] in ("place", "effect")]
    if strong and rng.random() < 0.75:
        return rng.choice(strong)
    return rng.choice(legal)


def build() -> list[dict[str, Any]]:
    out = []
    out.append(record("opening").fixture("opening", "Opening, 2 players: the human plays first"))
    r = record("opening")
    r.act(0, {"type": "draw"})
    out.append(r.fixture("after_draw", "The human drew a card: it waits for the next turn"))
    mid = record("midgame")
    out.append(mid.fixture("midgame", "4 players, middle of the game: Knights, Priest, Captain, engines"))
    out.append(record("midgame").fixture("midgame_fr", "4 players, in French", lang="fr"))
    out.append(record("midgame", seat=None).fixture("spectator", "4 players, spectator view", mode="watch"))
    out.append(record("dragon").fixture("dragon", "The Dragon in hand (2 players)"))
    r = record("dragon")
    r.act(0, {"type": "place", "card": "dragon", "square": "outside"})
    out.append(r.fixture("dragon_targets", "The Dragon placed: choose two cards to send back"))
    out.append(record("seneschal").fixture("seneschal", "The Seneschal: place one more card or skip"))
    out.append(record("alchemist").fixture("alchemist", "The Alchemist: hand card then exchange card, twice"))
    out.append(record("jester").fixture("jester", "The Jester (3 players): a card, then a player"))
    out.append(record("herald").fixture("herald", "The Herald in play: open hands (3 players)"))
    out.append(record("fairy").fixture("fairy", "The Fairy: a card, then another zone or outside"))
    out.append(record("schemer").fixture("schemer", "The Schemer: two cards with different colours, Knights included"))
    out.append(record("ghost").fixture("ghost", "The Ghost can take an occupied tower"))
    r = record("finale")
    r.act(0, {"type": "place", "card": "mendiant", "square": "outside"})
    out.append(r.fixture("finale", "Game over: the human placed the last card (3 players)"))
    out.append(random_game(3, 21, 0, 30).fixture("random3", "A random 3-player game, 30 turns in"))
    out.append(record("midgame", seat=2).fixture("waiting", "Another player's turn (seat 3)"))
    return out


def write(outdir: Path) -> list[str]:
    outdir.mkdir(parents=True, exist_ok=True)
    names = []
    for fx in build():
        (outdir / f"{fx['name']}.json").write_text(json.dumps(fx, ensure_ascii=False), "utf-8")
        names.append({"name": fx["name"], "title": fx["title"]})
    (outdir / "index.json").write_text(json.dumps(names, ensure_ascii=False, indent=1), "utf-8")
    return [n["name"] for n in names]


# ============================================================================ pages

STUB_BASE = """<!doctype html>
<html lang="{{ lang|default('en') }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{% block title %}{% endblock %} · donjon</title>
<style>body{margin:0;background:#14110e;color:#eee;font-family:system-ui,'DejaVu Sans',sans-serif}
main{max-width:1240px;margin:0 auto;padding:24px}</style></head>
<body><main>{% block content %}{% endblock %}</main></body></html>"""


def render_page(name: str, lang: str = "en", base: str = STUB_BASE, with_cards: bool = True) -> str:
    """Render ``castel/<name>`` over a stand-in ``base.html`` (``base``: its source)."""
    ctx: dict[str, Any] = {"cards": catalogue_json()} if with_cards else {}
    return devserver.render_game_page(GAME.id, name, lang, base, **ctx)


# ============================================================================ live game


class Live:
    """One game: the browser plays seat 0, the other seats play random legal actions."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.new({"seed": 1})

    def new(self, data: dict[str, Any]) -> dict[str, Any]:
        seed = int(data.get("seed", 1))
        self.rng = random.Random(seed)
        if data.get("scenario"):
            self.state, _ = scenario_state(str(data["scenario"]))
        else:
            self.state = GAME.setup(int(data.get("players", 3)), seed, {"first": int(data.get("first", 0))})
        self.version = 1
        self.history: list[dict[str, Any]] = []
        self.updates = [self.snapshot()]
        self.bots()
        return self.reply()

    def snapshot(self) -> dict[str, Any]:
        """The state as seat 0 sees it, with the whole history (as a sync frame has it)."""
        return {"view": GAME.view(self.state, 0), "legal": GAME.legal_actions(self.state, 0), "version": self.version,
                "history": list(self.history)}

    def reply(self) -> dict[str, Any]:
        out = dict(self.updates[-1])
        out["updates"] = self.updates
        self.updates = []
        return out

    def step(self, seat: int, action: dict[str, Any]) -> None:
        before = self.state
        self.state = GAME.apply(before, seat, action)
        self.version += 1
        self.history.append(entry(GAME, before, seat, action, self.state, self.version, 0))
        self.updates.append(self.snapshot())

    def bots(self) -> None:
        while GAME.to_act(self.state) and GAME.to_act(self.state) != [0]:
            seat = GAME.to_act(self.state)[0]
            self.step(seat, bot_choice(self.state, seat, self.rng))

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        self.updates = []
        self.step(0, action)
        self.bots()
        return self.reply()


class DevServer(devserver.DevServer):
    """Castel's harness (:class:`tests.browser.devserver.DevServer`): ``/pages/<name>?nocards=1``
    renders a page without the catalogue."""

    game = GAME.id
    live_game = Live
    write_fixtures = staticmethod(write)

    def page(self, name: str, query: str) -> str:
        return render_page(name, devserver.query_lang(query), with_cards="nocards=1" not in query)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--cards"]:
        CARDS_JSON.write_text(cards_text(), "utf-8")
        print(f"wrote {CARDS_JSON}")
        return 0
    if argv[:1] == ["--check-cards"]:
        ok = CARDS_JSON.exists() and CARDS_JSON.read_text("utf-8") == cards_text()
        print("cards.json is up to date" if ok else "cards.json is stale: run make_castel_fixtures.py --cards")
        return 0 if ok else 1
    if argv[:1] == ["--serve"]:
        devserver.serve(DevServer(int(argv[1]) if len(argv) > 1 else 8766))
        return 0
    outdir = Path(argv[0]) if argv else ROOT / "build" / "castel-fixtures"
    names = write(outdir)
    print(f"wrote {len(names)} fixtures to {outdir}: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
