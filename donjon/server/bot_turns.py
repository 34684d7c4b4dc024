"""The bots' part in a room: they take their turns and answer offers.

When a bot's seat is to act (after an entry accepted here, a catch-up, a load, a lobby start),
:meth:`BotTurns.maybe_bot` starts one turn: the worker pool (:class:`BotRunner`) chooses an
action, at least ``bot_min_delay`` after the turn began, and it is submitted like a person's
intent. Bots answer a draw offer as their game judges the position (its ``accepts_draw``
hook) and accept a rematch. A bot always answers: if the pool
cannot, a random legal action is played, and so if the bot's choice is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import Any

from donjon.games import get_info
from donjon.server.bots import BotRunner
from donjon.server.match import Match, MatchError
from donjon.server.room import Room, SeatInfo
from donjon.server.room_state import Rooms, takeover_level
from donjon.server.settings import Settings
from donjon.server.tasks import Background

log = logging.getLogger("donjon.rooms")


class BotTurns:
    """The bots of every room of ``rooms`` (the rooms' :class:`~donjon.server.room_state.Turns`)."""

    def __init__(self, settings: Settings, rooms: Rooms, bots: BotRunner, background: Background) -> None:
        self.settings = settings
        self.rooms = rooms
        self.bots = bots
        self.background = background

    @staticmethod
    def bot_owner(room: Room) -> int | str:
        """Whose turn of the bot scheduler a bot's thinking waits for (its round robin is over
        owners): the first person playing in the game, or the game itself if nobody does."""
        for s in room.seats:
            if s.human and s.user_id is not None:
                return s.user_id
        return room.id

    def loaded(self, room: Room) -> None:
        """A game with a bot was loaded: the bot's worker starts while the person reads the board."""
        if room.has_bot and room.match.active:
            self.bots.warm()

    def after_commit(self, room: Room, kind: str, seat: int | None, data: dict[str, Any]) -> None:
        """Bots answer offers; a bot whose turn it is starts thinking."""
        m = room.match
        bot_seats = [s.seat for s in room.seats if s.bot]
        if bot_seats and seat not in bot_seats:
            bot = bot_seats[0]
            if kind == "draw" and data.get("op") == "offer" and m.draw_offer is not None and m.active:
                answer = "accept" if self._accepts_draw(room, bot) else "decline"
                self.background.spawn(self._bot_entry(room, bot, "draw", {"op": answer}), f"bot-draw-{room.id}")
            if kind == "rematch" and data.get("op") == "offer" and m.rematch_offer is not None:
                self.background.spawn(self._bot_entry(room, bot, "rematch", {"op": "accept"}),
                                      f"bot-rematch-{room.id}")
        self.maybe_bot(room)

    @staticmethod
    def _accepts_draw(room: Room, seat: int) -> bool:
        """The game's judgement (``accepts_draw`` hook); a hook that fails declines."""
        try:
            return bool(room.game.accepts_draw(room.match.state, seat))
        except Exception:  # noqa: BLE001 - a bot's answer never stops the game
            log.exception("%s: accepts_draw failed; the bot declines", room.id)
            return False

    def maybe_bot(self, room: Room) -> None:
        """Start the turn of a bot to act in ``room``, unless one is thinking already."""
        if self.background.closing or not room.match.active or room.bot_task is not None:
            return
        to_act = room.match.to_act()
        autoplay = room.match.autoplay  # seats out of time in a cooperative game: a bot plays this turn
        for s in room.seats:
            if (s.bot_level or s.seat in autoplay) and s.seat in to_act:
                room.bot_task = self.background.spawn(self._bot_turn(room, s), f"bot-{room.id}")
                return

    async def _bot_entry(self, room: Room, seat: int, kind: str, data: dict[str, Any]) -> None:
        await asyncio.sleep(min(self.settings.bot_min_delay, 0.5))
        try:
            await self.rooms.submit(room, seat, kind, data)
        except MatchError as e:
            if kind == "rematch" and e.code == "too_many_bot_games":
                with contextlib.suppress(MatchError):  # the stored entry keeps the English sentence
                    await self.rooms.submit(room, seat, "rematch", {"op": "decline", "reason": str(e.reason)})

    async def _bot_turn(self, room: Room, seat: SeatInfo) -> None:
        try:
            started = time.monotonic()
            m = room.match
            rng_seed = hash((room.seed, m.version, seat.seat)) & 0xFFFFFFFF
            try:
                # a seat's own bot; a cooperative absentee's turn: the takeover's level; else the weakest
                level = seat.bot_level or (takeover_level(room.kind) if seat.seat in m.autoplay
                                           else next(iter(get_info(room.kind).bot_levels), None))
                if level is None:
                    raise LookupError(f"{room.kind} has no bots")
                action = await self.bots.choose(room.kind, m.state, seat.seat, level, rng_seed,
                                                owner=self.bot_owner(room))
            except Exception:  # noqa: BLE001 - no pool could answer: a random action here, so the game goes on
                log.exception("the bots of %s could not answer; a random legal action instead", room.id)
                action = random.Random(rng_seed).choice(room.game.legal_actions(m.state, seat.seat))
            wait = self.settings.bot_min_delay - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            await self.background.shielded(self._bot_play(room, seat, m, action, rng_seed))
        finally:
            room.bot_task = None
        self.maybe_bot(room)

    async def _bot_play(self, room: Room, seat: SeatInfo, m: Match, action: dict[str, Any], rng_seed: int) -> None:
        async with room.lock:
            if room.match is not m:
                return  # the game moved on (resign, abort, another process)
            try:
                await self.rooms.submit_locked(room, seat.seat, "play", {"action": action}, None)
            except MatchError as e:
                log.error("bot %s in %s chose an illegal action %r: %s", seat.bot, room.id, action, e.reason)
                legal = room.game.legal_actions(m.state, seat.seat)
                if legal:
                    fallback = random.Random(rng_seed).choice(legal)
                    await self.rooms.submit_locked(room, seat.seat, "play", {"action": fallback}, None)
