"""A finished game as it was played, handed to a game's exporters: :class:`GameRecord`.

A game offers downloads of its finished games (UnfairChess: PGN) by declaring them in its
:class:`~donjon.games.info.GameInfo`: ``exports`` names the formats and
``make_exporter(name)`` gives each format's :data:`Exporter`, imported when first asked
for. The server builds the record from what it stored, replaying the action log through the
same match as the live game, so an exporter sees every step with the game's state before it
and needs nothing of the server or the store::

    >>> record = GameRecord(id="g1", game="count", mode="friendly", stake=0, seed=7, options={},
    ...                     created_at=0.0, finished_at=1.0, status="finished", outcome=None,
    ...                     players=(PlayerRecord(0, "alice"),), steps=())
    >>> def text(r: GameRecord) -> ExportFile:
    ...     return ExportFile(f"{r.id}: {', '.join(p.name for p in r.players)}\\n", "text/plain", "txt")
    >>> text(record).body
    'g1: alice\\n'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PlayerRecord:
    """Who played a seat: ``bot`` is the level of a bot seated from the start, else ``None``;
    ``elo`` the player's rating in the game before a ranked game, when known."""

    seat: int
    name: str
    bot: str | None = None
    elo: int | None = None


@dataclass(frozen=True)
class StepRecord:
    """One entry of the action log.

    ``kind`` is ``"play"`` for a game action (``data["action"]``, as the player sent it) or
    the match's own entry: ``"resign"``, ``"draw"`` (``data["op"]``: offer, accept,
    decline), ``"abort"``, ``"claim"``, ``"forfeit"``, ``"abandon"`` or ``"rematch"``.
    ``before`` is the game's state before the step (only a play changes it); ``at`` the
    time it was stored (seconds since the epoch). ``clock``: in a timed game, each seat's
    seconds left once the step was accepted (None: untimed).
    """

    seq: int
    kind: str
    seat: int | None
    data: Mapping[str, Any]
    before: Any
    at: float
    clock: tuple[float, ...] | None = None


@dataclass(frozen=True)
class GameRecord:
    """A finished game: its table's terms, its players by seat, its steps in order, and how
    it ended (``status`` ``"finished"``, ``"aborted"`` or ``"abandoned"``; ``outcome`` the
    match's, as ``Outcome.to_json()`` gives it, with ``ranks`` for three or more players).
    ``state`` is the game's final state; ``site`` the address of the server (``""``:
    unknown)."""

    id: str
    game: str
    mode: str
    stake: int
    seed: int
    options: Mapping[str, Any]
    created_at: float
    finished_at: float | None
    status: str
    outcome: Mapping[str, Any] | None
    players: tuple[PlayerRecord, ...]
    steps: tuple[StepRecord, ...]
    state: Any = None
    site: str = ""
    time_control: Mapping[str, Any] | None = None
    """The game's clock as its table chose it (``{"initial", "increment"}`` or
    ``{"correspondence_days"}``); None: untimed."""


@dataclass(frozen=True)
class ExportFile:
    """What an exporter makes: the file's text, its media type, and the extension of its name
    (``"pgn"``: the download is ``donjon-<game id>.pgn``)."""

    body: str
    media_type: str
    extension: str


Exporter = Callable[[GameRecord], ExportFile]
"""A format a game's finished games are downloaded in."""


__all__ = ["ExportFile", "Exporter", "GameRecord", "PlayerRecord", "StepRecord"]
