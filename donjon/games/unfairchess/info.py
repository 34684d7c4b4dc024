"""UnfairChess as the platform sees it (:class:`~donjon.games.info.GameInfo`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from donjon.games.info import GameInfo, imported

if TYPE_CHECKING:
    from donjon.bots.base import Bot
    from donjon.games.record import Exporter


def _make_bot(level: str) -> Bot:
    from donjon.games.unfairchess.bots.search import UnfairChessSearchBot

    return UnfairChessSearchBot(level)


def _make_exporter(name: str) -> Exporter:
    from donjon.games.unfairchess.export import EXPORTERS

    return EXPORTERS[name]


def _public_action(action: Any) -> Any:
    """A Foresight follow-up (``{"type": "order", "order": [...]}``) names the top of its
    author's deck: a spectator learns only that an order was given."""
    if isinstance(action, dict) and action.get("type") == "order":
        return {"type": "order"}
    return action


INFO = GameInfo(
    id="unfairchess",
    names={"en": "UnfairChess", "fr": "UnfairChess", "es": "UnfairChess"},
    summary={"en": "Chess plus a hand of four cards from 58.",
             "fr": "Les échecs plus une main de quatre cartes parmi 58.",
             "es": "Ajedrez más una mano de cuatro cartas entre 58."},
    min_seats=2, max_seats=2, default_seats=2,
    seat_names=({"en": "White", "fr": "Blancs", "es": "Blancas"},
                {"en": "Black", "fr": "Noirs", "es": "Negras"}),
    seat_colours=("white", "black"),
    make_bot=_make_bot,
    order=0,
    catalogue=imported("donjon.games.unfairchess.catalogue", "CARDS"),
    tui="donjon.games.unfairchess.tui",
    web="web", templates="templates", ui_module="ui.js", stylesheets=("page.css", "board.css"),
    docs_pages=("rules", "cards"), badge_module="badge.js", exports=("pgn",), tutorial="tutorial.json",
    make_exporter=_make_exporter, public_action=_public_action,
    puzzles=imported("donjon.games.unfairchess.puzzles", "PUZZLES"),
    # Fischer clocks, the clock running through card play too (docs/rules/unfairchess.md)
    time_controls=({"initial": 300, "increment": 3}, {"initial": 180, "increment": 2},
                   {"initial": 600, "increment": 5}, {"initial": 900, "increment": 10}),
)
