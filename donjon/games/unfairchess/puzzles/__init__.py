"""UnfairChess puzzles: positions mined from bot self-play with cards, where one line wins.

``puzzles.json`` (beside this module) is the shipped set, made by the command it records
(``donjon puzzles generate --game unfairchess``, :mod:`.mine`); :mod:`.solve` holds the
searches that find and check a solution. :data:`PUZZLES` is what the platform reads
(``GameInfo.puzzles``, :class:`donjon.games.puzzles.PuzzleSource`).

A puzzle keeps the position, both hands, both decks and the discard pile. It is served as the
solver's normal seat view: its own hand, the opponent's hand and both decks hidden.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from donjon.games.puzzles import Puzzle

DATA = Path(__file__).with_name("puzzles.json")

THEMES: dict[str, dict[str, str]] = {
    "mate_in_1": {"en": "Mate in 1", "fr": "Mat en 1", "es": "Mate en 1"},
    "mate_in_2": {"en": "Mate in 2", "fr": "Mat en 2", "es": "Mate en 2"},
    "material": {"en": "Material gain", "fr": "Gain de matériel", "es": "Ganancia de material"},
}
CARD_THEME = {"en": "Card: {}", "fr": "Carte : {}", "es": "Carta: {}"}


def to_puzzle(raw: dict[str, Any]) -> Puzzle:
    from donjon.games.unfairchess.puzzles.mine import unpack_decks

    return Puzzle(id=raw["id"], game="unfairchess", seat=raw["seat"], seed=raw["seed"],
                  options=unpack_decks(raw["options"]), line=tuple(raw["line"]), themes=tuple(raw["themes"]),
                  rating=raw["rating"], extra={"source": raw.get("source")})


class UnfairChessPuzzles:
    """The :class:`~donjon.games.puzzles.PuzzleSource` of UnfairChess."""

    def __init__(self, path: Path = DATA) -> None:
        self.path = path

    def load(self) -> list[Puzzle]:
        return list(_load(self.path))

    def theme_names(self, theme: str) -> dict[str, str]:
        if theme.startswith("card:"):
            from donjon.games.unfairchess.catalogue import CARDS

            card = CARDS.get(theme[5:])
            if card is None:
                return {"en": theme, "fr": theme, "es": theme}
            names = {"en": card.name_en, "fr": card.name_fr, "es": card.name_es}
            return {lang: CARD_THEME[lang].format(names[lang]) for lang in CARD_THEME}
        return THEMES.get(theme, {"en": theme, "fr": theme, "es": theme})

    def generate(self, out: Path | None, *, count: int, minutes: float, jobs: int = 1, seed: int | None = None,
                 command: str = "", log: Callable[[str], None] = print) -> int:
        from donjon.games.unfairchess.puzzles.mine import generate

        n = generate(out or self.path, count=count, minutes=minutes, seed=seed, jobs=jobs, command=command, log=log)
        _load.cache_clear()
        return n

    def check(self, puzzle: Puzzle) -> str | None:
        """Replay the line through the engine, then search again: the stored first action must
        still be the only one that does as well (:mod:`.solve`)."""
        from donjon.games.protocol import IllegalAction
        from donjon.games.unfairchess.puzzles import solve

        try:
            states = solve.replay(puzzle.options, puzzle.seed, list(puzzle.line))
        except IllegalAction as e:
            return f"the line no longer replays: {e.reason}"
        start, end = states[0], states[-1]
        first = solve.key(puzzle.line[0]["action"])
        kind = puzzle.themes[0]
        if kind.startswith("mate_in_"):
            if not solve.won(end, puzzle.seat):
                return "the line no longer mates"
            sol = solve.mate_solution(start, puzzle.seat, two=kind == "mate_in_2")
            if sol is None or sol.turns != int(kind[-1]):
                return f"no unique {kind} any more"
        else:
            sol = solve.material_solution(start, puzzle.seat)
            if sol is None:
                return "the material gain is no longer unique"
        if solve.key(sol.line[0]["action"]) != first:
            return f"the search now prefers {sol.line[0]['action']}"
        return None


@cache
def _load(path: Path) -> tuple[Puzzle, ...]:
    if not path.exists():
        return ()
    data = json.loads(path.read_text("utf-8"))
    return tuple(to_puzzle(p) for p in data["puzzles"])


PUZZLES = UnfairChessPuzzles()
