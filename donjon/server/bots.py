"""Bot opponents think in a worker process pool, never on the event loop.

The server hands the worker a *determinized* state (``game.determinize(state, seat, rng)``:
the human's hand and the deck orders resampled), so a bot cannot cheat even by accident.
Levels (easy / normal / hard) are :func:`donjon.bots.levels.make_bot`'s: each game's own
search bot at that level's time budget.

Every bot move has a time budget (``Settings.bot_time_budget``); past it the server
falls back to a random legal action computed in the pool as well. So it does when the bot
raises on a position (a bug: logged with its traceback), and a pool whose worker process
died (killed, out of memory) is replaced by a new one: a bot always moves, and a game
against a bot never waits for an answer that cannot come.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import pickle
import random
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from donjon.server.settings import Settings

log = logging.getLogger("donjon.bots")

LEVELS = ("easy", "normal", "hard")
"""The bot levels a table may choose."""


def think(kind: str, state_bytes: bytes, seat: int, level: str, rng_seed: int) -> dict[str, Any]:
    """Run in a worker process: determinize, then ask the bot for an action."""
    from donjon.games import get_game

    game = get_game(kind)
    state = pickle.loads(state_bytes)
    rng = random.Random(rng_seed)
    try:
        state = game.determinize(state, seat, rng)
    except NotImplementedError:  # a game without hidden information
        pass
    from donjon.bots import RandomBot
    from donjon.bots.levels import make_bot

    try:
        bot = make_bot(kind, level)
    except KeyError:  # a game or level without a search bot
        bot = RandomBot()
    return dict(bot.choose(game, state, seat, rng))


def random_action(kind: str, state_bytes: bytes, seat: int, rng_seed: int) -> dict[str, Any]:
    from donjon.games import get_game

    game = get_game(kind)
    state = pickle.loads(state_bytes)
    return dict(random.Random(rng_seed).choice(game.legal_actions(state, seat)))


def _warm() -> None:
    import donjon.games

    donjon.games.get_game("unfairchess")


class BotRunner:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._pool: concurrent.futures.Executor | None = None

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            workers = max(1, self.settings.bot_workers)
            if self.settings.bot_executor == "thread":
                self._pool = concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="donjon-bot")
            else:
                ctx = multiprocessing.get_context("spawn")
                self._pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx, initializer=_warm)
        return self._pool

    def warm(self) -> None:
        """Start the pool's worker now (it imports the games: seconds on a busy machine), so
        that the first bot move of a fresh server does not pay for it inside its budget."""
        try:
            self._executor().submit(_warm)
        except RuntimeError:  # the pool is shutting down
            pass

    async def choose(self, kind: str, state: Any, seat: int, level: str, rng_seed: int) -> dict[str, Any]:
        blob = pickle.dumps(state)
        try:
            return await self._run(think, (kind, blob, seat, level, rng_seed), self.settings.bot_time_budget)
        except TimeoutError:
            log.warning("bot %s over its %.1f s budget in a %s game; playing a random action",
                        level, self.settings.bot_time_budget, kind)
        except Exception:  # noqa: BLE001 - whatever the bot did, the game must go on
            log.exception("bot %s failed in a %s game; playing a random action", level, kind)
        return await self._run(random_action, (kind, blob, seat, rng_seed))

    async def _run(self, fn: Callable[..., dict[str, Any]], args: tuple[Any, ...],
                   timeout: float | None = None) -> dict[str, Any]:
        """``fn(*args)`` in the pool. A pool broken by the death of a worker process is
        replaced once and the call made again in the new one."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = self._executor()
            try:
                fut = loop.run_in_executor(pool, fn, *args)
                return await (fut if timeout is None else asyncio.wait_for(fut, timeout))
            except BrokenProcessPool:
                if attempt == 2:
                    raise
                log.warning("a bot worker process died: starting a new pool")
                self._drop(pool)
        raise AssertionError("unreachable")

    def _drop(self, pool: concurrent.futures.Executor) -> None:
        """Forget ``pool`` (if it is still the current one); the next call starts a new one."""
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
