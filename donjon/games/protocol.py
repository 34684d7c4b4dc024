"""The one interface every game implements (after OpenSpiel's Game/State).

A game is a stateless object; a *state* is a value owned by the game. The server, bots,
self-play, replays and benchmarks use only these functions, so they work with any game::

    >>> from donjon.games import get_game
    >>> game = get_game("unfairchess")
    >>> state = game.setup(2, seed=7)
    >>> game.to_act(state)
    [0]
    >>> state = game.apply(state, 0, {"type": "move", "uci": "e2e4"})
    >>> game.to_act(state)
    [1]

Everything a game returns (actions, views, outcomes) is JSON-ready: plain dicts, lists,
strings, numbers and booleans. Every state is deterministic given
``(game id, players, seed, options, actions)``: chance comes from an RNG kept in the state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Action = dict[str, Any]
"""An intent as the client sends it, e.g. ``{"type": "move", "uci": "e2e4"}``."""

View = dict[str, Any]


class IllegalAction(Exception):
    """Raised by :meth:`Game.apply` when an action is malformed or not allowed.

    The message is meant for a person: it says what is wrong, e.g.
    ``"e2e5 is not a legal move: a pawn cannot go there"``. The state is never changed.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` and ``losers`` are seat numbers; a draw has neither. ``scores`` gives one
    number per seat (1 win, 0.5 draw, 0 loss for two-player games; points in Castel; the
    team result in a cooperative game). ``reason`` is a short machine-readable word
    (``"checkmate"``, ``"stalemate"``, ``"resignation"``, ``"agreement"``, ``"forfeit"``,
    ``"adjudicated"`` ...).
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    draw: bool
    reason: str
    scores: tuple[float, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "losers": list(self.losers),
            "draw": self.draw,
            "reason": self.reason,
            "scores": list(self.scores),
        }


@runtime_checkable
class Game(Protocol):
    """What every game of donjon provides. A game object holds no mutable state."""

    id: str
    min_players: int
    max_players: int
    cooperative: bool

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A new state for ``players`` seats; all chance is drawn from ``seed``."""

    def to_act(self, state: Any) -> list[int]:
        """Seats whose input is awaited now (empty when the game is over)."""

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may send now, each ready to pass back to :meth:`apply`."""

    def apply(self, state: Any, seat: int, action: Action) -> Any:
        """The state after ``seat`` plays ``action``; raises :class:`IllegalAction`.

        Never mutates ``state``: on error the caller still holds the unchanged state.
        """

    def view(self, state: Any, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator, the public view)."""

    def outcome(self, state: Any) -> Outcome | None:
        """``None`` while the game goes on."""

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state consistent with all that ``seat`` knows, hidden parts resampled."""


def view_and_legal(game: Game, state: Any, seat: int | None) -> tuple[View, list[Action]]:
    """``(game.view(state, seat), game.legal_actions(state, seat))``; ``[]`` for a spectator.

    A game may provide its own ``view_and_legal`` that shares work between the two (the
    UnfairChess hand's greyed flags are read off the legal list); it must return exactly
    what the two calls return.
    """
    own = getattr(game, "view_and_legal", None)
    if own is not None:
        return own(state, seat)  # type: ignore[no-any-return]
    return game.view(state, seat), (game.legal_actions(state, seat) if seat is not None else [])


def view_and_brief_legal(game: Game, state: Any, seat: int | None) -> tuple[View, list[Action]]:
    """The view and the *brief* legal list the server sends on each move: a game whose
    actions carry many targetings (UnfairChess's cards) lists each such group once, marked
    ``"lazy": True``, and gives its members on request (:func:`card_targets`). A game without
    a ``view_and_brief_legal`` of its own sends its full list (:func:`view_and_legal`)."""
    own = getattr(game, "view_and_brief_legal", None)
    if own is not None:
        return own(state, seat)  # type: ignore[no-any-return]
    return view_and_legal(game, state, seat)


def card_targets(game: Game, state: Any, seat: int, card: str) -> list[Action]:
    """The full legal actions behind a ``lazy`` entry of :func:`view_and_brief_legal`: every
    legal action of ``seat`` that plays ``card`` (``[]`` if none)."""
    own = getattr(game, "card_targets", None)
    if own is not None:
        return own(state, seat, card)  # type: ignore[no-any-return]
    return [a for a in game.legal_actions(state, seat) if a.get("type") == "card" and a.get("card") == card]
