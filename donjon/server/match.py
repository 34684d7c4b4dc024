"""The match: a game state plus its lifecycle (draw offers, resignation, abort, rematch ...).

Pure and deterministic, no I/O: :meth:`Match.step` takes one log entry ``(kind, seat,
data)`` and returns the next match or raises :class:`MatchError` with a reason for a
person. The server calls it on a live intent (then stores the entry), and calls it again
on every stored entry to rebuild a game after a restart — so the live path and the replay
path are the same code.

Entry kinds (``game_actions.kind``):

========== ======================================================================
``play``   ``data = {"action": {...}}`` — an engine action of ``seat``
``resign`` ``seat`` resigns
``draw``   ``data = {"op": "offer" | "accept" | "decline"}``
``abort``  ``seat`` aborts a game in which not every seat has acted yet
``claim``  ``seat`` claims victory; ``data = {"loser": s}`` (the absent seat)
``forfeit`` the server: ``seat`` lost by absence (2 min)
``abandon`` the server: a bot game whose human left is dropped without consequence
``rematch`` ``data = {"op": "offer" | "decline" | "accept", "game": new id}``
========== ======================================================================
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from donjon.games import Game, IllegalAction, Outcome

ENTRY_KINDS = ("play", "resign", "draw", "abort", "claim", "forfeit", "abandon", "rematch")


class MatchError(Exception):
    """An intent refused by the lifecycle or the rules; ``code`` is machine-readable."""

    def __init__(self, reason: str, code: str = "illegal") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


@dataclass
class Match:
    game: Game
    state: Any
    players: int
    version: int = 0
    play_version: int = 0
    """Version of the last engine action: an intent computed on an older position is stale."""
    status: str = "active"  # active | finished | aborted | abandoned
    outcome: dict[str, Any] | None = None
    draw_offer: int | None = None
    rematch_offer: int | None = None
    next_game: str | None = None
    acted: list[int] = field(default_factory=list)
    """Engine actions per seat."""
    plies: int = 0

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any] | None) -> Match:
        state = game.setup(players, seed, options or None)
        m = cls(game=game, state=state, players=players, acted=[0] * players)
        m._check_engine_end()
        return m

    # ------------------------------------------------------------------ queries

    @property
    def active(self) -> bool:
        return self.status == "active"

    def to_act(self) -> list[int]:
        return self.game.to_act(self.state) if self.active else []

    def can_abort(self) -> bool:
        return self.active and any(n == 0 for n in self.acted)

    def meta(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "outcome": self.outcome,
            "draw_offer": self.draw_offer,
            "rematch_offer": self.rematch_offer,
            "next_game": self.next_game,
            "can_abort": self.can_abort(),
            "to_act": self.to_act(),
            "plies": self.plies,
        }

    # ------------------------------------------------------------------ transitions

    def step(self, kind: str, seat: int | None, data: dict[str, Any]) -> Match:
        """The match after entry ``(kind, seat, data)``; raises MatchError, never mutates ``self``."""
        handler = getattr(self, "_step_" + kind, None) if kind in ENTRY_KINDS else None
        if handler is None:
            raise MatchError(f"unknown entry kind {kind!r}", "bad_request")
        if seat is not None and not (0 <= seat < self.players):
            raise MatchError(f"there is no seat {seat} in this game", "bad_seat")
        nxt = copy.copy(self)
        nxt.acted = list(self.acted)
        handler(nxt, seat, data)
        nxt.version = self.version + 1
        return nxt

    def _need_active(self) -> None:
        if self.status != "active":
            raise MatchError("the game is over", "game_over")

    def _step_play(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        action = data.get("action")
        if not isinstance(action, dict):
            raise MatchError("an action is a JSON object such as {\"type\": \"move\", \"uci\": \"e2e4\"}", "bad_request")
        if seat not in self.game.to_act(self.state):
            raise MatchError("it is not your turn", "not_your_turn")
        try:
            nxt.state = self.game.apply(self.state, seat, action)
        except IllegalAction as e:
            raise MatchError(e.reason, "illegal") from None
        nxt.acted[seat] += 1
        nxt.plies = self.plies + 1
        nxt.play_version = self.version + 1
        if self.draw_offer is not None and self.draw_offer != seat:
            nxt.draw_offer = None  # the offer lapses when the opponent moves
        nxt._check_engine_end()

    def _check_engine_end(self) -> None:
        out = self.game.outcome(self.state)
        if out is not None:
            self._finish(out)

    def _finish(self, out: Outcome, status: str = "finished") -> None:
        self.status = status
        self.outcome = out.to_json()
        self.draw_offer = None

    def _others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s != seat)

    def _scores(self, winners: tuple[int, ...]) -> tuple[float, ...]:
        return tuple(1.0 if s in winners else 0.0 for s in range(self.players))

    def _step_resign(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        if self.game.cooperative:
            raise MatchError("a cooperative game cannot be resigned; abandon it instead", "illegal")
        winners = self._others(seat)
        nxt._finish(Outcome(winners, (seat,), False, "resignation", self._scores(winners)))

    def _step_draw(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        if self.players != 2 or self.game.cooperative:
            raise MatchError("draws by agreement exist only in two-player games", "illegal")
        op = data.get("op")
        if op == "offer":
            if self.draw_offer == seat:
                raise MatchError("you have already offered a draw", "illegal")
            if self.draw_offer is not None:  # both offered: that is an agreement
                nxt._finish(Outcome((), (), True, "agreement", (0.5, 0.5)))
            else:
                nxt.draw_offer = seat
        elif op == "accept":
            if self.draw_offer is None or self.draw_offer == seat:
                raise MatchError("there is no draw offer from your opponent to accept", "illegal")
            nxt._finish(Outcome((), (), True, "agreement", (0.5, 0.5)))
        elif op == "decline":
            if self.draw_offer is None or self.draw_offer == seat:
                raise MatchError("there is no draw offer from your opponent to decline", "illegal")
            nxt.draw_offer = None
        else:
            raise MatchError("draw needs op: offer, accept or decline", "bad_request")

    def _step_abort(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        if not self.can_abort():
            raise MatchError("too late to abort: both sides have moved (you may resign)", "illegal")
        nxt.status = "aborted"
        nxt.outcome = {"winners": [], "losers": [], "draw": False, "reason": "aborted", "scores": []}
        nxt.draw_offer = None

    def _step_claim(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        loser = data.get("loser")
        if not isinstance(loser, int) or loser == seat or not (0 <= loser < self.players):
            raise MatchError("claim needs the absent opponent's seat", "bad_request")
        winners = self._others(loser)
        nxt._finish(Outcome(winners, (loser,), False, "forfeit", self._scores(winners)))

    def _step_forfeit(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        winners = self._others(seat)
        nxt._finish(Outcome(winners, (seat,), False, "forfeit", self._scores(winners)))

    def _step_abandon(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        nxt.status = "abandoned"
        nxt.outcome = {"winners": [], "losers": [], "draw": False, "reason": "abandoned", "scores": []}
        nxt.draw_offer = None

    def _step_rematch(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        assert seat is not None
        if self.status == "active":
            raise MatchError("a rematch can be proposed once the game is over", "illegal")
        if self.players != 2:
            raise MatchError("rematches exist only in two-player games", "illegal")
        if self.next_game is not None:
            raise MatchError("the rematch has already started", "illegal")
        op = data.get("op")
        if op == "offer":
            if self.rematch_offer == seat:
                raise MatchError("you have already proposed a rematch", "illegal")
            if self.rematch_offer is not None:
                raise MatchError("your opponent already proposed a rematch: accept it", "illegal")
            nxt.rematch_offer = seat
        elif op == "accept":
            if self.rematch_offer is None or self.rematch_offer == seat:
                raise MatchError("there is no rematch proposal from your opponent", "illegal")
            game_id = data.get("game")
            if not isinstance(game_id, str):
                raise MatchError("rematch accept needs the new game id", "bad_request")
            nxt.next_game = game_id
            nxt.rematch_offer = None
        elif op == "decline":
            if self.rematch_offer is None or self.rematch_offer == seat:
                raise MatchError("there is no rematch proposal from your opponent", "illegal")
            nxt.rematch_offer = None
        else:
            raise MatchError("rematch needs op: offer, accept or decline", "bad_request")
