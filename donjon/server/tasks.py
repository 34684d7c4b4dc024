"""The background work of a hub: tasks it spawns and work that must not be cut short.

Two kinds of task, treated differently when the hub stops:

* **spawned** tasks (:meth:`Background.spawn`: a bot thinking, a bot answering an offer) are
  cancelled;
* **shielded** work (:meth:`Background.shielded`: a commit and its broadcast, a presence
  write) runs to its end even if its caller is cancelled (a socket closing mid-commit), and
  is awaited, never cancelled.

``closing`` is set once the hub stops: no new bot turn starts, and a socket closing then
starts no absence clock (the presence lease does, on another node).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

log = logging.getLogger("donjon.rooms")
T = TypeVar("T")


def _quiet_done(tasks: set[asyncio.Task[Any]]) -> Callable[[asyncio.Task[Any]], None]:
    def done(task: asyncio.Task[Any]) -> None:
        tasks.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: the awaiting caller (if still there) handles it

    return done


class Background:
    def __init__(self) -> None:
        self.closing = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._critical: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Awaitable[Any], name: str) -> asyncio.Task[Any]:
        """Run ``coro`` in a task of its own; a failure is logged."""
        task = asyncio.ensure_future(coro)
        task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())

    async def shielded(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` to completion even if the caller is cancelled."""
        task = asyncio.ensure_future(coro)
        self._critical.add(task)
        task.add_done_callback(_quiet_done(self._critical))
        return await asyncio.shield(task)

    async def settle(self, timeout: float) -> None:
        """Wait at most ``timeout`` seconds for the shielded work in flight now."""
        critical = list(self._critical)
        if critical:
            await asyncio.wait(critical, timeout=timeout)

    async def stop(self) -> None:
        """Cancel the spawned tasks (waiting at most 5 s for them), then wait at most 15 s for
        the shielded work."""
        self.closing = True
        for t in list(self._tasks):
            t.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        await self.settle(15)
