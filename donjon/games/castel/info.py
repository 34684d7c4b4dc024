"""Castel as the platform sees it (:class:`~donjon.games.info.GameInfo`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from donjon.games.info import GameInfo, imported

if TYPE_CHECKING:
    from donjon.bots.base import Bot


def _make_bot(level: str) -> Bot:
    from donjon.games.castel.bots import CastelMCTSBot

    return CastelMCTSBot(level)


INFO = GameInfo(
    id="castel",
    names={"en": "Castel", "fr": "Castel", "es": "Castel"},
    summary={"en": "Place all your cards in and around a small castle before the others.",
             "fr": "Place toutes tes cartes dans et autour d'un petit château avant les autres.",
             "es": "Coloca todas tus cartas dentro y alrededor de un pequeño castillo antes que los demás."},
    min_seats=2, max_seats=4, default_seats=2,
    make_bot=_make_bot,
    order=1,
    catalogue=imported("donjon.games.castel.catalogue", "CARDS"),
    tui="donjon.games.castel.tui",
    web="web", templates="templates", ui_module="ui.js", stylesheets=("castel.css",),
    docs_pages=("rules", "cards"), badge_module="badge.js", tutorial="tutorial.json",
)
