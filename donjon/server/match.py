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
``flag``   the server: ``seat``'s time is up (a game with a clock)
``clock``  the server: ``data = {"given": s}``, the running time given back after an outage
========== ======================================================================

**Clocks.** A game with a time control has a :class:`~donjon.server.clock.Clock`. The
server puts the time it accepted each entry in its data (``data["at"]``, epoch seconds, and
``data["lag"]``, the network delay credited to the mover), so the clock is part of the match
and a game rebuilt from its log has the same one. Time counts once every seat has acted
(before that the game may still be aborted and the absence rules watch it); a seat played by
a bot has no running time. A move after its seat's time is up is refused, and the ``flag``
entry ends the game as its number of players says: two players, the flagged seat loses —
a draw when its opponent cannot win any more (the game's ``can_win`` hook); three or more, a
bot takes the seat (``data["bot"]``) and it ranks last, or the game ends as when a player
leaves; a cooperative game, a bot plays that seat's turn (:attr:`Match.autoplay`) and the
seat plays again from its next turn.

**Leaving a game of more than two, or a cooperative one.** ``resign``, ``forfeit`` and
``claim`` carry ``data["bot"]`` (a bot level) when the server decided that a bot takes the
leaver's seat so the others can finish (:meth:`donjon.server.room_state.Rooms.leave_policy`): the
seat is *out* (``Match.replaced``), the game goes on, and a competitive game ranks it last
whatever its bot does (the earlier a seat left, the lower it ranks). Without ``bot`` a
game of three or more ends at once: the seats still in share the win, the leavers rank
last. A finished game of three or more players carries ``outcome["ranks"]`` (1 = best,
ties share a rank, one per seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from donjon.games import Game, IllegalAction, Outcome, get_game
from donjon.games.protocol import league_events
from donjon.said import Reason
from donjon.server.clock import Clock, TimeControl
from donjon.server.refusals.play import say

if TYPE_CHECKING:
    from donjon.store.models import GameRow, GameSeatRow

ENTRY_KINDS = ("play", "resign", "draw", "abort", "claim", "forfeit", "abandon", "rematch", "flag", "clock")
MAX_LAG = 1.0
"""The most network delay (seconds) an entry's ``lag`` may credit its mover."""


class MatchError(Exception):
    """An intent refused by the lifecycle or the rules; ``code`` is machine-readable.

    ``reason`` is a sentence of :mod:`donjon.server.refusals.play` (the socket renders it in
    the player's language), a rule's own reason, or English for an entry only the server or a
    program of one's own writes (its kind, its data's shape, a flag, a clock)."""

    def __init__(self, reason: Reason, code: str = "illegal") -> None:
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
    replaced: tuple[tuple[int, str], ...] = ()
    """``(seat, bot level)`` of the seats whose player left and a bot took over, in order."""
    league: tuple[tuple[int, dict[str, Any]], ...] = ()
    """``(seat, event)`` of every league event the game's hook reported
    (:func:`donjon.games.protocol.league_events`), in order; a seat's events stop when a bot
    takes it over. The settlement files them when the game ends (``repo.Finish.events``)."""
    clock: Clock | None = None
    """The game's clock, None for an untimed game."""
    unclocked: tuple[int, ...] = ()
    """Seats played by bots from the start: no time runs for them."""
    autoplay: tuple[int, ...] = ()
    """Seats of a cooperative game whose time ran out: a bot plays their current turn."""

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any] | None,
              control: TimeControl | None = None, t: float = 0.0, unclocked: tuple[int, ...] = ()) -> Match:
        """A new match; with a ``control``, its clock starts at ``t`` (the game's creation)."""
        state = game.setup(players, seed, options or None)
        m = cls(game=game, state=state, players=players, acted=[0] * players, unclocked=tuple(unclocked))
        m._check_engine_end()
        if control is not None:
            m.clock = Clock.start(control, players, t, m._clocked()) if m.active else None
        return m

    @classmethod
    def of_game(cls, row: GameRow, seats: Sequence[GameSeatRow]) -> Match:
        """The stored game ``row``'s match before its first entry: its clock (if timed) started
        at the game's creation, bots' seats unclocked. Replaying the log from here gives the
        live match, its clock included."""
        control = TimeControl.parse(row.time_control) if row.time_control else None
        return cls.start(get_game(row.kind), len(seats), row.seed, row.options, control=control,
                         t=row.created_at, unclocked=tuple(x.seat for x in seats if x.bot_level))

    # ------------------------------------------------------------------ queries

    @property
    def active(self) -> bool:
        return self.status == "active"

    def to_act(self) -> list[int]:
        return self.game.to_act(self.state) if self.active else []

    def can_abort(self) -> bool:
        return self.active and any(n == 0 for n in self.acted)

    def _clocked(self) -> list[int]:
        """The seats to act whose time runs: not a bot's seat, not one a bot plays now."""
        return [s for s in self.to_act() if s not in self.unclocked and s not in self.autoplay
                and self.takeover(s) is None]

    def flag_due(self) -> tuple[float, int] | None:
        """``(when, seat)``: the first seat whose time will be up, if time counts now."""
        if self.clock is None or not self.active or self.can_abort():
            return None
        return self.clock.deadline(skip=self.autoplay)

    def time_left(self, seat: int, t: float) -> float | None:
        """What ``seat`` has left at ``t``; None in an untimed game."""
        if self.clock is None:
            return None
        return self.clock.remaining(t, seat) if not self.can_abort() else self.clock.left[seat]

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
            "left": [s for s, _ in self.replaced],
            "clock": self.clock.to_json() if self.clock is not None else None,
            "clock_counts": self.clock is not None and not self.can_abort(),
        }

    def takeover(self, seat: int) -> str | None:
        """The level of the bot that took ``seat`` over after its player left, else None."""
        for s, level in self.replaced:
            if s == seat:
                return level
        return None

    # ------------------------------------------------------------------ transitions

    def step(self, kind: str, seat: int | None, data: dict[str, Any]) -> Match:
        """The match after entry ``(kind, seat, data)``; raises MatchError, never mutates ``self``."""
        handler = getattr(self, "_step_" + kind, None) if kind in ENTRY_KINDS else None
        if handler is None:
            raise MatchError(f"unknown entry kind {kind!r}", "bad_request")
        if seat is not None and not (0 <= seat < self.players):
            raise MatchError(f"there is no seat {seat} in this game", "bad_seat")
        nxt = self._copy()
        handler(nxt, seat, data)
        nxt.version = self.version + 1
        if self.clock is not None:
            nxt._tick(self, kind, seat, data)
        return nxt

    def _tick(self, before: Match, kind: str, seat: int | None, data: dict[str, Any]) -> None:
        """The clock after an entry stamped ``data["at"]`` (an entry without a time, as the
        tests write them, leaves the clock as it was)."""
        at = _number(data.get("at"))
        if at is None or self.clock is None or kind == "clock":
            return
        if not self.active:
            self.clock = self.clock.stopped(at)
            return
        lag = min(max(_number(data.get("lag")) or 0.0, 0.0), MAX_LAG)
        if self.autoplay:
            self.autoplay = tuple(s for s in self.autoplay if s in self.to_act())
        self.clock = self.clock.after(at, self._clocked(), seat if kind == "play" else None, lag,
                                      count=not before.can_abort())
        if kind == "flag" and seat is not None and seat in self.autoplay:
            left = list(self.clock.left)  # out of time: its next turn starts from nothing but its increment
            left[seat] = float(self.clock.control.increment)
            self.clock = replace(self.clock, left=tuple(left))

    def _copy(self) -> Match:
        """A shallow copy with its own ``acted`` list: ``copy.copy`` costs four times as much
        on this hot path, and going through ``__dict__`` would turn both objects' attributes
        into a plain dict, slower for every later access (tests/server/test_match.py checks
        that every field is copied)."""
        new = Match.__new__(Match)
        new.game = self.game
        new.state = self.state
        new.players = self.players
        new.version = self.version
        new.play_version = self.play_version
        new.status = self.status
        new.outcome = self.outcome
        new.draw_offer = self.draw_offer
        new.rematch_offer = self.rematch_offer
        new.next_game = self.next_game
        new.acted = list(self.acted)
        new.plies = self.plies
        new.replaced = self.replaced
        new.league = self.league
        new.clock = self.clock
        new.unclocked = self.unclocked
        new.autoplay = self.autoplay
        return new

    def _need_active(self) -> None:
        if self.status != "active":
            raise MatchError(say("game_over"), "game_over")

    def _step_play(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        action = data.get("action")
        if not isinstance(action, dict):
            raise MatchError("an action is a JSON object such as {\"type\": \"move\", \"uci\": \"e2e4\"}", "bad_request")
        if seat not in self.game.to_act(self.state):
            raise MatchError(say("not_your_turn"), "not_your_turn")
        at = _number(data.get("at"))
        if at is not None and seat not in self.autoplay:
            left = self.time_left(seat, at)
            if left is not None and left < 0 and seat in self._clocked():
                raise MatchError(say("time_up"), "time_up")
        try:
            nxt.state = self.game.apply(self.state, seat, action)
        except IllegalAction as e:
            raise MatchError(e.reason, "illegal") from None
        if not self.replaced or self.takeover(seat) is None:
            evs = league_events(self.game, self.state, seat, action, nxt.state)
            if evs:
                nxt.league = self.league + tuple((seat, e) for e in evs)
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

    def _finish(self, out: Outcome, status: str = "finished", leaver: int | None = None) -> None:
        """End the game. In a competitive game of three or more, the seats that left (and
        ``leaver``, whose leaving ends it) rank last, and ``outcome["ranks"]`` is set."""
        self.status = status
        if self.players > 2 and not self.game.cooperative:
            left = self._left_order() + ([leaver] if leaver is not None else [])
            ranks = self._ranks(out, left)
            if left:
                winners = tuple(s for s in range(self.players) if ranks[s] == 1)
                out = Outcome(winners, tuple(s for s in range(self.players) if s not in winners), False,
                              out.reason, out.scores)
            self.outcome = {**out.to_json(), "ranks": ranks}
        else:
            self.outcome = out.to_json()
        self.draw_offer = None

    def _left_order(self) -> list[int]:
        return [s for s, _ in self.replaced]

    def _ranks(self, out: Outcome, left: list[int]) -> list[int]:
        """One rank per seat (1 = best, ties share): the seats still in by score (by result
        when there are no scores), then the seats that left, the last to leave first."""
        inside = [s for s in range(self.players) if s not in left]
        if len(out.scores) == self.players:
            key = {s: out.scores[s] for s in inside}
        else:
            key = {s: (1.0 if s in out.winners or out.draw else 0.0) for s in inside}
        ranks = [0] * self.players
        order = sorted(inside, key=lambda s: -key[s])
        for i, s in enumerate(order):
            ranks[s] = ranks[order[i - 1]] if i and key[s] == key[order[i - 1]] else i + 1
        for j, s in enumerate(reversed(left)):
            ranks[s] = len(inside) + j + 1
        return ranks

    def _others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s != seat)

    def _scores(self, winners: tuple[int, ...]) -> tuple[float, ...]:
        return tuple(1.0 if s in winners else 0.0 for s in range(self.players))

    def _still_in(self, seat: int) -> None:
        if self.takeover(seat) is not None:
            raise MatchError(say("left"), "left")

    def _leave(self, nxt: Match, seat: int, data: dict[str, Any]) -> bool:
        """A takeover (``data["bot"]``): the seat is out, a bot plays it; True if done."""
        bot = data.get("bot")
        if bot is None:
            return False
        if not isinstance(bot, str) or not bot:
            raise MatchError("'bot' is the level of the bot taking the seat", "bad_request")
        if self.players <= 2 and not self.game.cooperative:
            raise MatchError("in a two-player game the one who leaves loses: no bot takes the seat", "illegal")
        nxt.replaced = self.replaced + ((seat, bot),)
        return True

    def _leave_by_entry(self, nxt: Match, seat: int, data: dict[str, Any]) -> bool:
        """``seat`` leaves by its own entry (resign, forfeit): it must still be in, then :meth:`_leave`."""
        self._still_in(seat)
        return self._leave(nxt, seat, data)

    @staticmethod
    def _abandon(nxt: Match) -> None:
        """The game ends with nobody winning and nobody losing."""
        nxt.status = "abandoned"
        nxt.outcome = {"winners": [], "losers": [], "draw": False, "reason": "abandoned", "scores": []}
        nxt.draw_offer = None

    def _end_by_leaving(self, nxt: Match, seat: int, reason: str) -> None:
        """``seat`` leaves and no bot takes over: the game ends; the seats still in win."""
        left = set(self._left_order()) | {seat}
        winners = tuple(s for s in range(self.players) if s not in left)
        losers = tuple(s for s in range(self.players) if s in left)
        nxt._finish(Outcome(winners, losers, False, reason, self._scores(winners)), leaver=seat)

    def _step_resign(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        if self._leave_by_entry(nxt, seat, data):
            return
        if self.game.cooperative:
            raise MatchError(say("coop_resign"), "illegal")
        self._end_by_leaving(nxt, seat, "resignation")

    def _step_draw(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        if self.players != 2 or self.game.cooperative:
            raise MatchError(say("draw_two_players"), "illegal")
        op = data.get("op")
        if op == "offer":
            if self.draw_offer == seat:
                raise MatchError(say("draw_offered"), "illegal")
            if self.draw_offer is not None:  # both offered: that is an agreement
                nxt._finish(Outcome((), (), True, "agreement", (0.5, 0.5)))
            else:
                nxt.draw_offer = seat
        elif op == "accept":
            if self.draw_offer is None or self.draw_offer == seat:
                raise MatchError(say("no_draw_to_accept"), "illegal")
            nxt._finish(Outcome((), (), True, "agreement", (0.5, 0.5)))
        elif op == "decline":
            if self.draw_offer is None or self.draw_offer == seat:
                raise MatchError(say("no_draw_to_decline"), "illegal")
            nxt.draw_offer = None
        else:
            raise MatchError("draw needs op: offer, accept or decline", "bad_request")

    def _step_abort(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        if not self.can_abort():
            raise MatchError(say("abort_too_late"), "illegal")
        nxt.status = "aborted"
        nxt.outcome = {"winners": [], "losers": [], "draw": False, "reason": "aborted", "scores": []}
        nxt.draw_offer = None

    def _step_claim(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        loser = data.get("loser")
        if not isinstance(loser, int) or loser == seat or not (0 <= loser < self.players):
            raise MatchError("claim needs the absent opponent's seat", "bad_request")
        self._still_in(seat)
        self._still_in(loser)
        if self._leave(nxt, loser, data):
            return
        self._end_by_leaving(nxt, loser, "forfeit")

    def _step_forfeit(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        if self._leave_by_entry(nxt, seat, data):
            return
        if self.game.cooperative:  # nobody left to play with: nobody wins, nobody loses
            self._abandon(nxt)
            return
        self._end_by_leaving(nxt, seat, "forfeit")

    def _step_abandon(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        self._abandon(nxt)

    def _step_rematch(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        assert seat is not None
        if self.status == "active":
            raise MatchError(say("rematch_game_on"), "illegal")
        if self.players != 2:
            raise MatchError(say("rematch_two_players"), "illegal")
        if self.next_game is not None:
            raise MatchError(say("rematch_started"), "illegal")
        op = data.get("op")
        if op == "offer":
            if self.rematch_offer == seat:
                raise MatchError(say("rematch_proposed"), "illegal")
            if self.rematch_offer is not None:
                raise MatchError(say("rematch_theirs"), "illegal")
            nxt.rematch_offer = seat
        elif op == "accept":
            if self.rematch_offer is None or self.rematch_offer == seat:
                raise MatchError(say("no_rematch_proposal"), "illegal")
            game_id = data.get("game")
            if not isinstance(game_id, str):
                raise MatchError("rematch accept needs the new game id", "bad_request")
            nxt.next_game = game_id
            nxt.rematch_offer = None
        elif op == "decline":
            if self.rematch_offer is None or self.rematch_offer == seat:
                raise MatchError(say("no_rematch_proposal"), "illegal")
            nxt.rematch_offer = None
        else:
            raise MatchError("rematch needs op: offer, accept or decline", "bad_request")

    def _step_flag(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        assert seat is not None
        at = _number(data.get("at"))
        if self.clock is None:
            raise MatchError("this game has no clock", "illegal")
        due = self.flag_due()
        if at is None or due is None or seat not in self.clock.running or self.clock.remaining(at, seat) > 0:
            raise MatchError("this seat still has time", "illegal")
        if self.game.cooperative:  # a bot plays this turn; the seat plays again from its next one
            nxt.autoplay = self.autoplay + (seat,)
            return
        if self._leave_by_entry(nxt, seat, data):
            return
        if self.players == 2:
            other = 1 - seat
            if not self.game.can_win(self.state, other):
                nxt._finish(Outcome((), (), True, "timeout", (0.5, 0.5)))
                return
        self._end_by_leaving(nxt, seat, "timeout")


    def _step_clock(self, nxt: Match, seat: int | None, data: dict[str, Any]) -> None:
        self._need_active()
        given = _number(data.get("given"))
        if self.clock is None or given is None or not 0 < given <= 7 * 86_400:
            raise MatchError("a clock entry gives back between 0 and 7 days of a running clock", "bad_request")
        nxt.clock = self.clock.shifted(given)


def _number(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None
