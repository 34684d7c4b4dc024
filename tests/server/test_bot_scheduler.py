"""The bot scheduler (donjon/server/bots.py FairScheduler) alone: a fake pool whose calls end
when the test says so, so every order below is deterministic (no clock, no threads)."""

from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any

import pytest

from donjon.server.bots import FairScheduler, Job


class FakePool:
    """``submit`` records each call; :meth:`finish` ends one (as a worker returning)."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, concurrent.futures.Future[Any]]] = []

    def submit(self, fn: Any, args: tuple[Any, ...]) -> concurrent.futures.Future[Any]:
        f: concurrent.futures.Future[Any] = concurrent.futures.Future()
        f.set_running_or_notify_cancel()
        self.calls.append((args[0], f))
        return f

    @property
    def names(self) -> list[Any]:
        return [name for name, _ in self.calls]

    def running(self) -> list[Any]:
        return [name for name, f in self.calls if not f.done()]

    async def finish(self, name: Any, result: Any = "done") -> None:
        f = next(f for n, f in self.calls if n == name and not f.done())
        f.set_result(result)
        await settle()


async def settle() -> None:
    """Let the loop run the callbacks of calls that ended (they come through call_soon_threadsafe)."""
    for _ in range(5):
        await asyncio.sleep(0)


def sched(pool: FakePool, workers: int, reserved: int) -> FairScheduler:
    tick = iter(range(10**6))
    return FairScheduler(workers, reserved, pool.submit, clock=lambda: float(next(tick)))


def queue(s: FairScheduler, owner: str, level: str, name: str) -> Job:
    return s.enqueue(owner, level, lambda *a: a, (name,))


@pytest.mark.parametrize("workers, reserved", [(2, 1), (2, 0), (1, 0), (3, 1)])
async def test_an_easy_job_starts_before_a_flood_of_hard_ones(workers: int, reserved: int) -> None:
    pool = FakePool()
    s = sched(pool, workers, reserved)
    for i in range(20):
        queue(s, "A", "hard", f"A{i}")
    assert pool.names == ["A0"]  # one hard search per owner at a time
    b = queue(s, "B", "easy", "B")
    if workers > 1:
        assert pool.names == ["A0", "B"]  # a free worker: at once
    else:
        assert pool.names == ["A0"]
        await pool.finish("A0")  # the only worker frees: B, not A's next search
        assert pool.names == ["A0", "B"]
    assert b.started_at is not None
    assert s.queued("hard") == 19  # A's remaining searches wait: B was not put behind them


async def test_the_hard_lane_leaves_the_reserved_worker_to_fast_levels() -> None:
    pool = FakePool()
    s = sched(pool, 2, 1)
    for owner in "ABC":  # three people, each a hard search
        queue(s, owner, "hard", owner)
    assert pool.names == ["A"]  # at most workers - reserved = 1 hard search
    queue(s, "D", "normal", "D")
    queue(s, "E", "easy", "E")
    assert pool.names == ["A", "D"]
    await pool.finish("D")
    assert pool.names == ["A", "D", "E"]  # the fast job waited for a fast job, never for B or C
    await pool.finish("A")
    assert pool.names == ["A", "D", "E", "B"]


async def test_round_robin_among_owners() -> None:
    pool = FakePool()
    s = sched(pool, 1, 0)
    queue(s, "X", "easy", "X")  # holds the worker while the others queue
    for owner in "ABC":
        for i in range(3):
            queue(s, owner, "easy", f"{owner}{i}")
    for _ in range(9):
        await pool.finish(pool.running()[0])
    assert pool.names[1:] == ["A0", "B0", "C0", "A1", "B1", "C1", "A2", "B2", "C2"]


async def test_round_robin_in_the_hard_lane() -> None:
    pool = FakePool()
    s = sched(pool, 2, 1)
    for owner in "ABC":
        for i in range(2):
            queue(s, owner, "hard", f"{owner}{i}")
    for _ in range(6):
        await pool.finish(pool.running()[0])
    assert pool.names == ["A0", "B0", "C0", "A1", "B1", "C1"]


async def test_a_newcomer_goes_before_an_owner_with_many_jobs() -> None:
    pool = FakePool()
    s = sched(pool, 1, 0)
    for i in range(5):
        queue(s, "A", "easy", f"A{i}")
    await pool.finish("A0")
    queue(s, "B", "easy", "B0")  # arrives while A1 runs, A2..A4 queued
    await pool.finish("A1")
    assert pool.names == ["A0", "A1", "B0"]


async def test_at_most_one_hard_search_per_owner() -> None:
    pool = FakePool()
    s = sched(pool, 3, 0)
    for i in range(4):
        queue(s, "A", "hard", f"A{i}")
    queue(s, "B", "hard", "B0")
    assert pool.running() == ["A0", "B0"]  # a worker stays free rather than run A1 beside A0
    queue(s, "A", "easy", "Ae")  # fast levels are not bound by it
    assert pool.running() == ["A0", "B0", "Ae"]


async def test_fast_jobs_never_starve_the_hard_lane() -> None:
    pool = FakePool()
    s = sched(pool, 2, 1)
    queue(s, "F1", "easy", "F1")
    queue(s, "F2", "easy", "F2")
    queue(s, "H", "hard", "H")
    queue(s, "F3", "easy", "F3")
    assert pool.names == ["F1", "F2"]
    await pool.finish("F1")
    assert pool.names == ["F1", "F2", "H"]  # no hard search runs: the hard lane gets the worker
    await pool.finish("F2")
    assert pool.names == ["F1", "F2", "H", "F3"]


async def test_a_job_that_times_out_in_the_queue_never_runs() -> None:
    pool = FakePool()
    s = sched(pool, 1, 0)
    queue(s, "X", "hard", "X")
    with pytest.raises(TimeoutError):
        await s.run("A", "easy", lambda *a: a, ("late",), timeout=0.001)
    assert s.queued() == 0
    await pool.finish("X")
    assert pool.names == ["X"]  # "late" was dropped, not run for nobody


async def test_a_job_that_times_out_running_keeps_its_worker_until_it_returns() -> None:
    pool = FakePool()
    s = sched(pool, 1, 0)
    with pytest.raises(TimeoutError):
        await s.run("A", "hard", lambda *a: a, ("slow",), timeout=0.001)
    nxt = queue(s, "B", "easy", "next")
    assert pool.names == ["slow"] and s.running == 1  # the worker still thinks about "slow"
    await pool.finish("slow", "too late")
    assert pool.names == ["slow", "next"] and nxt.started_at is not None


async def test_a_cancelled_caller_leaves_the_queue() -> None:
    pool = FakePool()
    s = sched(pool, 1, 0)
    queue(s, "X", "easy", "X")
    task = asyncio.ensure_future(s.run("A", "easy", lambda *a: a, ("gone",)))
    await settle()
    assert s.queued() == 1
    task.cancel()
    await settle()
    assert s.queued() == 0
    await pool.finish("X")
    assert pool.names == ["X"]


async def test_results_and_errors_reach_the_caller() -> None:
    pool = FakePool()
    s = sched(pool, 1, 0)
    ok = asyncio.ensure_future(s.run("A", "easy", lambda *a: a, ("ok",)))
    bad = asyncio.ensure_future(s.run("B", "easy", lambda *a: a, ("bad",)))
    await settle()
    await pool.finish("ok", {"type": "move"})
    assert await ok == {"type": "move"}
    pool.calls[1][1].set_exception(ValueError("a bug in the bot"))
    with pytest.raises(ValueError, match="a bug in the bot"):
        await bad
    assert s.running == 0 and s.queued() == 0


async def test_a_pool_that_refuses_a_call_does_not_stop_the_others() -> None:
    calls: list[Any] = []

    def submit(fn: Any, args: tuple[Any, ...]) -> concurrent.futures.Future[Any]:
        calls.append(args[0])
        if args[0] == "refused":
            raise RuntimeError("cannot schedule new futures after shutdown")
        f: concurrent.futures.Future[Any] = concurrent.futures.Future()
        f.set_result(args[0])
        return f

    s = FairScheduler(1, 0, submit)
    with pytest.raises(RuntimeError):
        await s.run("A", "easy", lambda *a: a, ("refused",))
    assert await s.run("B", "easy", lambda *a: a, ("fine",)) == "fine"
    assert calls == ["refused", "fine"] and s.running == 0


async def test_job_times_come_from_the_scheduler_clock() -> None:
    pool = FakePool()
    now = [100.0]
    s = FairScheduler(1, 0, pool.submit, clock=lambda: now[0])
    a = queue(s, "A", "hard", "A")
    b = queue(s, "B", "easy", "B")
    now[0] = 102.5
    await pool.finish("A")
    now[0] = 102.55
    await pool.finish("B")
    assert (a.queued_at, a.started_at, a.done_at) == (100.0, 100.0, 102.5)
    assert (b.queued_at, b.started_at, b.done_at) == (100.0, 102.5, 102.55)
    assert [j.owner for j in s.started] == ["A", "B"]
