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

Jobs reach the pool through a :class:`FairScheduler` (docs/server.md, "Bot scheduling"): a
queue per owner (the person playing against the bot) served in turn, in two lanes, so that
one client's many hard searches delay neither another player's hard bot by more than a turn
nor anyone's easy or normal bot by a hard search at all.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import logging
import multiprocessing
import pickle
import random
import time
from collections.abc import Callable, Hashable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from donjon.server.settings import Settings

log = logging.getLogger("donjon.bots")

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
    """A worker's start: import every registered game (the registry's discovery imports each
    game's package and rules), so a worker's first bot move does not pay for it."""
    from donjon.games import games

    games()


FAST = "fast"
HARD = "hard"
"""The scheduler's lanes: hard searches, and everything else (easy, normal, the random fallback)."""


def lane_of(level: str) -> str:
    return HARD if level == "hard" else FAST


Submit = Callable[[Callable[..., Any], tuple[Any, ...]], "concurrent.futures.Future[Any]"]


@dataclass(eq=False)
class Job:
    """One call waiting for, or running in, a worker; times by :attr:`FairScheduler.clock`."""

    owner: Hashable
    level: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    queued_at: float
    result: asyncio.Future[Any]
    started_at: float | None = None
    done_at: float | None = None

    @property
    def lane(self) -> str:
        return lane_of(self.level)


@dataclass
class _Lane:
    queues: dict[Hashable, collections.deque[Job]] = field(default_factory=dict)
    running: int = 0


class FairScheduler:
    """At most ``workers`` jobs in flight (the pool's size), chosen fairly among the queued ones.

    * Each lane keeps one queue per owner; a free worker goes to the owner of the lane served
      least recently (a newcomer first), so owners take turns: round robin.
    * The hard lane has at most ``workers - reserved`` jobs in flight (at least one), and at
      most one per owner: with two workers and one reserved, an easy or normal job never waits
      for a hard search, only for another fast job to end. When both lanes wait, the fast one
      goes first, unless no hard job runs at all (so neither lane is ever starved). With a
      single worker nothing can be reserved: fast jobs go first.
    * A job stays in flight until its call returns in the worker, even if its caller stopped
      waiting (a process cannot be interrupted mid-search): the pool never has a job waiting
      inside it, where this order would not apply.

    ``submit(fn, args)`` hands a call to the pool and returns its
    :class:`concurrent.futures.Future`; it may complete in any thread. ``clock`` stamps each
    :class:`Job` (replaceable by tests); :attr:`started` keeps the latest started jobs in order.
    """

    def __init__(self, workers: int, reserved: int, submit: Submit,
                 clock: Callable[[], float] = time.monotonic, history: int = 256) -> None:
        self.workers = max(1, workers)
        self.hard_cap = max(1, self.workers - max(0, reserved))
        self.submit = submit
        self.clock = clock
        self._lanes = {FAST: _Lane(), HARD: _Lane()}
        self._hard_owners: set[Hashable] = set()
        """Owners with a hard job in flight."""
        self._served: dict[Hashable, int] = {}
        """The turn at which each owner with a job queued or in flight last got a worker."""
        self._turn = 0
        self._running: set[Job] = set()
        self.started: collections.deque[Job] = collections.deque(maxlen=history)

    @property
    def running(self) -> int:
        return len(self._running)

    def queued(self, lane: str | None = None) -> int:
        lanes = [self._lanes[lane]] if lane else list(self._lanes.values())
        return sum(len(q) for ln in lanes for q in ln.queues.values())

    async def run(self, owner: Hashable, level: str, fn: Callable[..., Any], args: tuple[Any, ...],
                  timeout: float | None = None) -> Any:
        """``fn(*args)`` in a worker, in its turn. Past ``timeout`` seconds from now:
        :class:`TimeoutError`, and a job that has not started is dropped (it never runs)."""
        job = self.enqueue(owner, level, fn, args)
        try:
            return await asyncio.wait_for(asyncio.shield(job.result), timeout)
        finally:
            self.cancel(job)

    def enqueue(self, owner: Hashable, level: str, fn: Callable[..., Any], args: tuple[Any, ...]) -> Job:
        job = Job(owner, level, fn, args, self.clock(), asyncio.get_running_loop().create_future())
        job.result.add_done_callback(_retrieve)
        self._lanes[job.lane].queues.setdefault(owner, collections.deque()).append(job)
        self._served.setdefault(owner, -1)
        self._dispatch()
        return job

    def cancel(self, job: Job) -> bool:
        """Drop ``job`` if it has not started (True); a started job runs to its end."""
        if job.started_at is not None:
            return False
        lane = self._lanes[job.lane]
        jobs = lane.queues.get(job.owner)
        if jobs is not None and job in jobs:
            jobs.remove(job)
            if not jobs:
                del lane.queues[job.owner]
        job.result.cancel()
        self._idle(job.owner)
        return True

    def _dispatch(self) -> None:
        while len(self._running) < self.workers:
            job = self._next()
            if job is None:
                return
            self._start(job)

    def _next(self) -> Job | None:
        fast, hard = self._lanes[FAST], self._lanes[HARD]
        hard_owner = None
        if hard.running < self.hard_cap:
            hard_owner = self._first(o for o in hard.queues if o not in self._hard_owners)
        if hard_owner is not None and (not fast.queues or (hard.running == 0 and self.hard_cap < self.workers)):
            return self._pop(hard, hard_owner)
        if fast.queues:
            return self._pop(fast, self._first(iter(fast.queues)))
        return None

    def _first(self, owners: Any) -> Hashable | None:
        """The owner served least recently (the first queued of equals)."""
        return min(owners, key=lambda o: self._served[o], default=None)

    @staticmethod
    def _pop(lane: _Lane, owner: Hashable) -> Job:
        jobs = lane.queues[owner]
        job = jobs.popleft()
        if not jobs:
            del lane.queues[owner]
        return job

    def _start(self, job: Job) -> None:
        job.started_at = self.clock()
        self._served[job.owner] = self._turn
        self._turn += 1
        self._running.add(job)
        self._lanes[job.lane].running += 1
        if job.lane == HARD:
            self._hard_owners.add(job.owner)
        self.started.append(job)
        try:
            cf = self.submit(job.fn, job.args)
        except Exception as e:  # noqa: BLE001 - the pool refused it (shut down, broken): the caller hears why
            self._finish(job, None, e, dispatch=False)  # _dispatch's loop goes on
            return
        loop = asyncio.get_running_loop()

        def done(f: concurrent.futures.Future[Any]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
                loop.call_soon_threadsafe(self._finish, job, f, None)

        cf.add_done_callback(done)

    def _finish(self, job: Job, f: concurrent.futures.Future[Any] | None, error: BaseException | None,
                dispatch: bool = True) -> None:
        job.done_at = self.clock()
        self._running.discard(job)
        self._lanes[job.lane].running -= 1
        if job.lane == HARD:
            self._hard_owners.discard(job.owner)
        if not job.result.done():
            if f is not None and f.cancelled():
                job.result.cancel()
            elif f is not None and f.exception() is None:
                job.result.set_result(f.result())
            else:
                job.result.set_exception(error if f is None else f.exception())  # type: ignore[arg-type]
        self._idle(job.owner)
        if dispatch:
            self._dispatch()

    def _idle(self, owner: Hashable) -> None:
        """Forget ``owner``'s turn once it has nothing queued or in flight."""
        if any(owner in ln.queues for ln in self._lanes.values()) or any(j.owner == owner for j in self._running):
            return
        self._served.pop(owner, None)


def _retrieve(f: asyncio.Future[Any]) -> None:
    """Mark a job's outcome as seen: its caller may have stopped waiting (a timeout)."""
    if not f.cancelled():
        f.exception()


class BotRunner:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._pool: concurrent.futures.Executor | None = None
        self.scheduler = FairScheduler(settings.bot_workers, settings.bot_reserved_workers, self._submit)

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
        """Start the pool's workers now if there is no pool yet (each imports the games: seconds
        on a busy machine), so that the first bot move of a fresh server does not pay for it
        inside its budget. Once the pool runs, nothing: a call that bypassed the scheduler
        would wait in the pool ahead of the jobs it orders."""
        if self._pool is not None:
            return
        pool = self._executor()
        try:
            for _ in range(max(1, self.settings.bot_workers)):  # a process pool starts a worker per call
                pool.submit(_warm)
        except RuntimeError:  # the pool is shutting down
            pass

    async def choose(self, kind: str, state: Any, seat: int, level: str, rng_seed: int,
                     owner: Hashable = None) -> dict[str, Any]:
        """The bot's action, thought in the pool in ``owner``'s turn (:class:`FairScheduler`);
        past ``bot_time_budget`` from the request (waiting included), or if the bot fails, a
        random legal action, computed in the fast lane."""
        blob = pickle.dumps(state)
        try:
            return await self._run(owner, level, think, (kind, blob, seat, level, rng_seed),
                                   self.settings.bot_time_budget)
        except TimeoutError:
            log.warning("bot %s over its %.1f s budget in a %s game; playing a random action",
                        level, self.settings.bot_time_budget, kind)
        except Exception:  # noqa: BLE001 - whatever the bot did, the game must go on
            log.exception("bot %s failed in a %s game; playing a random action", level, kind)
        return await self._run(owner, "random", random_action, (kind, blob, seat, rng_seed))

    def _submit(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> concurrent.futures.Future[Any]:
        """Hand a call to the pool; a pool already broken by the death of a worker process is
        replaced first."""
        pool = self._executor()
        try:
            return pool.submit(fn, *args)
        except BrokenProcessPool:
            self._drop(pool)
            return self._executor().submit(fn, *args)

    async def _run(self, owner: Hashable, level: str, fn: Callable[..., dict[str, Any]], args: tuple[Any, ...],
                   timeout: float | None = None) -> dict[str, Any]:
        """``fn(*args)`` in the pool through the scheduler. A call lost with its worker process
        is made once more (in a new pool: :meth:`_submit`)."""
        for attempt in (1, 2):
            try:
                result: dict[str, Any] = await self.scheduler.run(owner, level, fn, args, timeout)
                return result
            except BrokenProcessPool:
                if attempt == 2:
                    raise
                log.warning("a bot worker process died: starting a new pool")
        raise AssertionError("unreachable")

    def _drop(self, pool: concurrent.futures.Executor) -> None:
        """Forget ``pool`` (if it is still the current one); the next call starts a new one."""
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the pool without waiting. Worker processes are terminated: one in the middle of
        a search when the server process ends (``donjon serve`` ends by the SIGTERM it was
        sent, before the pool's manager thread tells the workers to stop) would otherwise
        wait for work for ever once its search is over."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            with contextlib.suppress(Exception):
                proc.terminate()
