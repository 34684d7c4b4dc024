"""A room asks its game for the views of every audience of a move at once
(:meth:`donjon.games.protocol.BaseGame.views`), and each socket gets its audience's frame."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from donjon.games.protocol import Action, View
from donjon.games.unfairchess.game import UnfairChess
from donjon.server.match import Match
from donjon.server.room import Room
from donjon.server.sockets import Conn


class Counting(UnfairChess):
    """UnfairChess that records each ``views`` call's audiences."""

    def __init__(self) -> None:
        self.calls: list[list[tuple[int | None, str | None]]] = []

    def views(self, state: Any, audiences: Sequence[tuple[int | None, str | None]]) -> list[tuple[View, list[Action]]]:
        self.calls.append(list(audiences))
        return super().views(state, audiences)


def room_of(game: Counting) -> Room:
    match = Match.start(game, 2, 5, None)
    row = SimpleNamespace(id="g1", kind="unfairchess", mode="friendly", stake=0, seed=5, options={}, table_id=None,
                          rematch_of=None, created_at=0.0, time_control=None, speed=None)
    seats = [SimpleNamespace(seat=s, user_id=s + 1, name=f"p{s}", bot_level=None, away_since=None, claim_at=None,
                             deadline_at=None, deadline_kind=None) for s in range(2)]
    return Room(row, seats, match, 64)  # type: ignore[arg-type]


def test_one_move_asks_the_game_once_for_every_audience() -> None:
    async def run() -> None:
        game = Counting()
        room = room_of(game)
        conns = [Conn(0, 1, ready=True, lazy=True), Conn(0, 1, ready=True), Conn(1, 2, ready=True, lazy=True),
                 Conn(None, None, ready=True), Conn(None, None, ready=True), Conn(1, 2)]  # the last: not ready yet
        room.conns.update(conns)
        nxt = room.match.step("play", 0, {"action": {"type": "move", "uci": "e2e4"}})
        room.match = nxt
        event = {"kind": "play", "by": 0, "action": {"type": "move", "uci": "e2e4"}}
        room.history.append((nxt, event))
        room.broadcast_event(nxt, event)
        assert len(game.calls) == 1
        # Black is to act: its lazy socket gets the brief list; white and the spectators the view alone.
        assert sorted(game.calls[0], key=repr) == sorted([(0, None), (1, "brief"), (None, None)], key=repr)
        frames = {id(c): [json.loads(c.queue.get_nowait()) for _ in range(c.queue.qsize())] for c in conns}
        assert frames[id(conns[-1])] == []
        for c in conns[:-1]:
            (f,) = frames[id(c)]
            alone = (game.view_and_brief_legal(nxt.state, c.seat) if c.seat == 1
                     else (game.view(nxt.state, c.seat), []))
            assert (f["v"], f["seat"], f["view"], f["legal"]) == (nxt.version, c.seat, *json.loads(json.dumps(alone)))
        assert "hand" not in frames[id(conns[3])][0]["view"]
        # The frames are sent: the next sync builds its view anew.
        assert room.sync_frame(1, True)["view"] == frames[id(conns[2])][0]["view"]
        assert len(game.calls) == 2 and game.calls[1] == [(1, "brief")]

    asyncio.run(run())
