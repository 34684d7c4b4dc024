"""Citadel as the platform sees it (:class:`~donjon.games.info.GameInfo`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from donjon.games.info import Choice, GameInfo, imported

if TYPE_CHECKING:
    from donjon.bots.base import Bot


def _make_bot(level: str) -> Bot:
    from donjon.games.citadel.bots import CitadelPlannerBot

    return CitadelPlannerBot(level)


DIFFICULTY = Choice(
    name="difficulty",
    values=("easy", "normal", "hard"),
    default="normal",
    title={"en": "Difficulty", "fr": "Difficulté", "es": "Dificultad"},
    labels={"easy": {"en": "Easy", "fr": "Facile", "es": "Fácil"},
            "normal": {"en": "Normal", "fr": "Normal", "es": "Normal"},
            "hard": {"en": "Hard", "fr": "Difficile", "es": "Difícil"}},
    help={"en": "Citadel is cooperative: the table wins or loses together. Always friendly, no stake.",
          "fr": "Citadel est coopératif : la table gagne ou perd ensemble. Toujours amical, sans mise.",
          "es": "Citadel es cooperativo: la mesa gana o pierde junta. Siempre amistoso, sin apuesta."},
)

INFO = GameInfo(
    id="citadel",
    names={"en": "Citadel", "fr": "Citadelle", "es": "Ciudadelas"},
    summary={"en": "A cooperative race against Professor Evil.",
             "fr": "Une course coopérative contre le Professeur Evil.",
             "es": "Una carrera cooperativa contra el Professor Evil."},
    min_seats=1, max_seats=4, default_seats=2,
    cooperative=True, rated=False,
    options=(DIFFICULTY,),
    make_bot=_make_bot,
    order=2,
    catalogue=imported("donjon.games.citadel.catalogue", "CARDS"),
    tui="donjon.games.citadel.tui",
    web="web", templates="templates", ui_module="ui.js", stylesheets=("board.css",),
    docs_pages=("rules",), tutorial="tutorial.json",
)
