"""A fourth game, defined in the tests only: Connect Four for 2 to 4 players.

It proves that a game is one package plus one registration (``register(GAME)``): the
lobby, the bots, the browser's fallback board, replays, ``donjon selfplay`` and
``donjon replay`` and the conformance suite all take it with no platform file changed.

Two players drop discs in a 7 × 6 grid; three play on 9 × 7, four on 11 × 8. The first to
line up four of their discs (row, column or diagonal) wins; a full grid is a draw. There is
no hidden information and no chance (the seed decides nothing)::

    >>> st = GAME.setup(2, seed=0)
    >>> for col in (0, 1, 0, 1, 0, 1, 0):
    ...     st = GAME.apply(st, GAME.to_act(st)[0], {"type": "drop", "column": col})
    >>> GAME.outcome(st).winners, GAME.outcome(st).reason
    ((0,), 'four_in_a_row')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from donjon.games.info import GameInfo
from donjon.games.protocol import Action, BaseGame, IllegalAction, Outcome, View

SIZES = {2: (7, 6), 3: (9, 7), 4: (11, 8)}
"""Columns and rows of the grid for each number of players."""


@dataclass(frozen=True)
class State:
    players: int
    columns: tuple[tuple[int, ...], ...]
    """Each column's discs from the bottom up, as seat numbers."""
    turn: int = 0
    winner: int | None = None
    moves: int = 0

    @property
    def size(self) -> tuple[int, int]:
        return SIZES[self.players]

    def full(self) -> bool:
        return all(len(c) == self.size[1] for c in self.columns)


def _make_bot(level: str) -> Any:
    from donjon.bots.random_bot import RandomBot

    return RandomBot()


INFO = GameInfo(
    id="connect4",
    names={"en": "Connect Four", "fr": "Puissance 4", "es": "Conecta 4"},
    summary={"en": "Line up four discs before the others."},
    min_seats=2, max_seats=4, default_seats=2,
    bot_levels=("easy",),
    make_bot=_make_bot,
    order=50,
)


def _four(st: State, col: int, seat: int) -> bool:
    """Does the disc just dropped in ``col`` line up four of ``seat``'s?"""
    ncols, _ = st.size
    row = len(st.columns[col]) - 1

    def at(c: int, r: int) -> int | None:
        if 0 <= c < ncols and 0 <= r < len(st.columns[c]):
            return st.columns[c][r]
        return None

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while at(c, r) == seat:
                n += 1
                c, r = c + sign * dc, r + sign * dr
        if n >= 4:
            return True
    return False


class ConnectFour(BaseGame):
    id = "connect4"
    info = INFO
    min_players = 2
    max_players = 4
    cooperative = False

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if players not in SIZES:
            raise IllegalAction("Connect Four is for 2 to 4 players")
        if options:
            raise IllegalAction(f"Connect Four has no options (got {', '.join(sorted(map(str, options)))})")
        return State(players=players, columns=tuple(() for _ in range(SIZES[players][0])))

    def to_act(self, state: State) -> list[int]:
        return [] if self.outcome(state) is not None else [state.turn]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if type(seat) is not int or seat not in self.to_act(state):
            return []
        rows = state.size[1]
        return [{"type": "drop", "column": c} for c, col in enumerate(state.columns) if len(col) < rows]

    def apply(self, state: State, seat: int, action: Action) -> State:
        if not isinstance(action, dict) or action.get("type") != "drop" or set(action) != {"type", "column"}:
            raise IllegalAction('an action is {"type": "drop", "column": n}')
        col = action["column"]
        if isinstance(col, bool) or not isinstance(col, int) or not 0 <= col < len(state.columns):
            raise IllegalAction(f"column is a whole number from 0 to {len(state.columns) - 1}")
        if self.outcome(state) is not None:
            raise IllegalAction("the game is over")
        if type(seat) is not int or not 0 <= seat < state.players:
            raise IllegalAction(f"seat is a whole number from 0 to {state.players - 1}")
        if seat != state.turn:
            raise IllegalAction("it is not your turn")
        if len(state.columns[col]) == state.size[1]:
            raise IllegalAction(f"column {col} is full")
        columns = list(state.columns)
        columns[col] = columns[col] + (seat,)
        dropped = State(state.players, tuple(columns), state.turn, None, state.moves + 1)
        winner = seat if _four(dropped, col, seat) else None
        return State(state.players, dropped.columns, (state.turn + 1) % state.players, winner, dropped.moves)

    def view(self, state: State, seat: int | None) -> View:
        return {"columns": [list(c) for c in state.columns], "rows": state.size[1], "turn": state.turn,
                "moves": state.moves}

    def outcome(self, state: State) -> Outcome | None:
        n = state.players
        if state.winner is not None:
            scores = tuple(1.0 if s == state.winner else 0.0 for s in range(n))
            return Outcome((state.winner,), tuple(s for s in range(n) if s != state.winner), False,
                           "four_in_a_row", scores)
        if state.full():
            return Outcome((), (), True, "full", tuple(0.5 for _ in range(n)))
        return None

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return state  # nothing is hidden


GAME = ConnectFour()
