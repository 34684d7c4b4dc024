"""Views for the UnfairChess board's dev harness and browser tests.

Every fixture is a list of ``{view, legal, version}`` updates, produced by playing real
positions through :data:`donjon.games.unfairchess.GAME` (statuses and traps come from the
setup options; walls and restrictions from playing the cards). The ``restrictions`` fixture
also adds a few restrictions straight into the state so that every banner shows at once; it
says so in its ``note``.

    python3 tests/browser/make_fixtures.py OUTDIR        # write OUTDIR/<name>.json + index.json
    python3 tests/browser/make_fixtures.py --cards       # refresh the static cards.json copy
    python3 tests/browser/make_fixtures.py --check-cards # exit 1 if the copy is stale
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import chess

from donjon.games.unfairchess import GAME, rules
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.state import Restriction
from tests.browser.fixture_history import entry

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "donjon" / "games" / "unfairchess" / "web"
CARDS_JSON = STATIC / "cards.json"


def catalogue_json() -> list[dict[str, Any]]:
    """The catalogue as the browser gets it (``CardInfo.to_json`` of the 58 cards, in order)."""
    return [c.to_json() for c in CARDS.values()]


def cards_text() -> str:
    return json.dumps(catalogue_json(), ensure_ascii=False, indent=1) + "\n"


class Recorder:
    """Plays a game through GAME and keeps one update per state, as seen by ``seat``."""

    def __init__(self, seat: int | None, options: dict[str, Any], seed: int = 7) -> None:
        self.seat = seat
        self.state = GAME.setup(2, seed, options)
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

    def apply(self, action: dict[str, Any]) -> None:
        before, seat = self.state, self.state.seat
        self.state = GAME.apply(before, seat, action)
        self.snap((before, seat, action))

    def move(self, uci: str) -> Recorder:
        self.apply({"type": "move", "uci": uci})
        return self

    def card(self, card: str, *squares: str, **extra: Any) -> Recorder:
        action = {"type": "card", "card": card, "squares": list(squares), **extra}
        self.apply(action)
        return self

    def fixture(self, name: str, title: str, **extra: Any) -> dict[str, Any]:
        return {"name": name, "title": title, "seat": self.seat, "mode": extra.pop("mode", "play"),
                "lang": extra.pop("lang", "en"), "updates": list(self.updates), **extra}


def hands(white: list[str], black: list[str]) -> dict[str, list[str]]:
    return {"0": white, "1": black}


def build() -> list[dict[str, Any]]:
    out = []

    # 1. An opening with a card already played, seen by White.
    r = Recorder(0, {"hands": hands(["poison", "sommeil", "frappe_celeste", "renfort"],
                                     ["muraille", "bouclier", "fleche", "silence"])})
    r.move("e2e4").card("muraille", "e6").move("d7d5")
    out.append(r.fixture("opening", "Opening: White to move, one card greyed (Renfort)"))

    # 2. Every status on both colours, a wall and traps (White to move, seat 0).
    fen = "r2qk2r/ppp2ppp/2n2n2/2bpp1B1/2B1P1b1/2NP1N2/PPP2PPP/R2QK2R b KQkq - 0 7"
    r = Recorder(0, {
        "fen": fen,
        "hands": hands(["cavalcade", "tir_d_elite", "trahison", "fleche"], ["bouclier", "poison", "sommeil", "treve"]),
        "statuses": {"f3": ["poison"], "c6": ["sleep"], "e5": ["dynamite"],
                     "d8": ["poison"], "g5": ["sleep", "dynamite"], "f6": ["poison"]},
        "traps": {"d4": 1, "e3": 0},
    })
    r.card("bouclier", "d8").move("e8g8")
    out.append(r.fixture("statuses", "Statuses and traps on both sides"))

    # 3. Same position for a spectator, and in French.
    r2 = Recorder(None, {"fen": fen, "hands": hands(["cavalcade", "tir_d_elite", "trahison", "fleche"],
                                                        ["bouclier", "poison", "sommeil", "treve"]),
                         "statuses": {"f3": ["poison"], "c6": ["sleep"], "e5": ["dynamite"],
                                      "d8": ["poison"], "g5": ["sleep", "dynamite"], "f6": ["poison"]},
                         "traps": {"d4": 1, "e3": 0}})
    r2.card("bouclier", "d8").move("e8g8")
    out.append(r2.fixture("spectator", "Spectator view", mode="watch"))
    fr = r.fixture("statuses_fr", "Statuses, in French", lang="fr")
    fr["name"] = "statuses_fr"
    out.append(fr)

    # 4. Card targeting: a two-step card, a one-or-two-pawn card, a no-square card, a promotion.
    r = Recorder(0, {"fen": "4k3/1P3ppp/8/8/8/2N5/P1P2PPP/R2QKB1R w KQ - 0 1",
                     "hands": hands(["cavalcade", "marche_forcee", "couvre_feu", "renfort"], ["poison", "poison", "poison", "poison"])})
    out.append(r.fixture("targeting", "Targeting: Gallop (2 steps), Forced March (1–2 pawns), Curfew (no square)"))

    # 5. Promotion by a normal move.
    r = Recorder(0, {"fen": "r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
                     "hands": hands(["poison", "bouclier", "repli", "pas_chasse"], ["poison"] * 4)})
    out.append(r.fixture("promotion", "Promotion picker"))

    # 6. Mated on the board, a card (Wall) saves.
    r = Recorder(0, {"fen": "6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 0 1",
                     "hands": hands(["muraille", "poison", "renfort", "bouclier"], ["poison"] * 4)})
    out.append(r.fixture("can_save", "A card can still save you"))

    # 7. Blizzard played by Black: White's pieces in the area are frozen.
    r = Recorder(0, {"hands": hands(["poison", "bouclier", "sommeil", "treve"], ["blizzard", "poison", "poison", "poison"])})
    r.move("e2e4").card("blizzard", "e2").move("e7e5")
    out.append(r.fixture("blizzard", "Blizzard: frozen pieces"))

    # 8. Every restriction banner at once (restrictions added to the state directly).
    r = Recorder(0, {"fen": "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
                     "hands": hands(["poison", "bouclier", "sommeil", "treve"], ["poison"] * 4)})
    st = r.state.copy()
    t = st.turn_no
    st.restrictions = (
        Restriction("curfew", t, chess.WHITE),
        Restriction("quicksand", t, chess.WHITE),
        Restriction("taunt", t, chess.WHITE, frozenset({chess.F3})),
        Restriction("truce", t + 1, chess.BLACK),
        Restriction("silence", t + 1, chess.BLACK),
    )
    rules.begin_turn(st)
    r.state = st
    r.updates = []
    r.snap()
    out.append(r.fixture("restrictions", "Restriction banners", note="restrictions added to the state by the fixture"))

    # 9. Silence on White.
    r = Recorder(0, {"hands": hands(["poison", "bouclier", "sommeil", "treve"], ["silence", "poison", "poison", "poison"])})
    r.move("g1f3").card("silence").move("g8f6")
    out.append(r.fixture("silenced", "Silence: no cards this turn"))

    # 10. Checkmate, no card saves.
    r = Recorder(0, {"hands": hands(["renfort", "poison", "nouvelle_donne", "prescience"], ["poison"] * 4)})
    r.move("f2f3").move("e7e5").move("g2g4").move("d8h4")
    out.append(r.fixture("checkmate", "Game over: checkmate"))

    # 11. Not your turn: all cards greyed.
    r = Recorder(0, {"hands": hands(["poison", "sommeil", "frappe_celeste", "double_tour"], ["poison"] * 4)})
    r.move("d2d4")
    out.append(r.fixture("waiting", "Opponent to move"))
    r.move("e7e5")  # the same game, the opponent has moved: the frame that follows "waiting"
    out.append(r.fixture("waiting_next", "Your move again, after the opponent's"))

    # 12. Foresight played: put the next three cards back in an order.
    r = Recorder(0, {"hands": hands(["prescience", "poison", "bouclier", "sommeil"], ["poison"] * 4),
                     "decks": {"0": ["frappe_celeste", "trahison", "fleche", "poison", "poison"]}})
    r.card("prescience")
    out.append(r.fixture("prescience", "Foresight: order of the top three cards"))

    # 13. Add-to-move card played: now make the normal move (seat 0, must_move).
    r = Recorder(0, {"hands": hands(["bouclier", "poison", "sommeil", "treve"], ["poison"] * 4)})
    r.move("e2e4").move("e7e5").card("bouclier", "e4")
    out.append(r.fixture("must_move", "After an add-to-move card"))
    return out


def write(outdir: Path) -> list[str]:
    outdir.mkdir(parents=True, exist_ok=True)
    names = []
    for fx in build():
        (outdir / f"{fx['name']}.json").write_text(json.dumps(fx, ensure_ascii=False), "utf-8")
        names.append({"name": fx["name"], "title": fx["title"]})
    (outdir / "index.json").write_text(json.dumps(names, ensure_ascii=False, indent=1), "utf-8")
    return [n["name"] for n in names]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--cards"]:
        CARDS_JSON.write_text(cards_text(), "utf-8")
        print(f"wrote {CARDS_JSON}")
        return 0
    if argv[:1] == ["--check-cards"]:
        ok = CARDS_JSON.exists() and CARDS_JSON.read_text("utf-8") == cards_text()
        print("cards.json is up to date" if ok else "cards.json is stale: run make_fixtures.py --cards")
        return 0 if ok else 1
    outdir = Path(argv[0]) if argv else ROOT / "build" / "fixtures"
    names = write(outdir)
    print(f"wrote {len(names)} fixtures to {outdir}: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
