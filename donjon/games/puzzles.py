"""Puzzles as the platform sees them: a position, the solver's seat and the stored line.

A game that ships puzzles sets ``GameInfo.puzzles`` to a loader of its
:class:`PuzzleSource`; the platform (``donjon puzzles``, the puzzle API and pages) reaches
puzzles only through it. A puzzle starts from ``game.setup(players, seed, options)`` with
``seat`` to act; ``line`` is every action of the solution in order, the solver's and the
replies (``{"seat", "action"}``). The solver must play the line's actions of its seat; the
others are the server's replies. An action that wins the game at once is accepted in place
of the stored one (two mates are as good).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from donjon.games.info import Names


@dataclass(frozen=True)
class Puzzle:
    id: str
    game: str
    seat: int
    seed: int
    options: dict[str, Any]
    line: tuple[dict[str, Any], ...]
    themes: tuple[str, ...]
    rating: int
    players: int = 2
    extra: dict[str, Any] = field(default_factory=dict)

    def solver_steps(self) -> list[int]:
        """The indices in ``line`` of the solver's actions."""
        return [i for i, e in enumerate(self.line) if e["seat"] == self.seat]

    def to_json(self) -> dict[str, Any]:
        """What ``donjon puzzles list --json`` prints (the stored line included; the
        server never sends it)."""
        return {"id": self.id, "game": self.game, "seat": self.seat, "themes": list(self.themes),
                "rating": self.rating, "moves": len(self.solver_steps()), "line": list(self.line)}


class PuzzleSource(Protocol):
    """A game's puzzles: the shipped set, how it was made, how to make more, how to check one."""

    def load(self) -> list[Puzzle]:
        """The shipped puzzles, in a fixed order."""

    def theme_names(self, theme: str) -> Names:
        """A theme's label per language (``en``, ``fr``, ``es``)."""

    def generate(self, out: Path | None, *, count: int, minutes: float, jobs: int, seed: int | None,
                 command: str, log: Callable[[str], None]) -> int:
        """Add puzzles to ``out`` (None: the shipped file) until it holds ``count`` or
        ``minutes`` have passed; resumable; returns how many the file holds."""

    def check(self, puzzle: Puzzle) -> str | None:
        """None if the stored line still replays and is still the unique solution, else why not."""
