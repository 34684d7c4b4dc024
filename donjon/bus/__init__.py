"""Event fan-out between server processes.

A message is a small JSON-ready dict published on a channel (``"game:<id>"``,
``"lobby"``). The bus only says *that* something happened ("game G is at version v");
every subscriber repairs what it missed from the database, so a lost message costs a
little latency, never correctness.

* :class:`InProcessBus` — the embedded default: one process, handlers called directly.
* :class:`~donjon.bus.redis_bus.RedisBus` — Redis pub/sub, for several processes.

``make_bus(redis_url)`` picks one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

log = logging.getLogger("donjon.bus")

Handler = Callable[[str, dict[str, Any]], Awaitable[None]]


class Bus(Protocol):
    node_id: str

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    async def publish(self, channel: str, message: dict[str, Any]) -> None: ...

    def subscribe(self, prefix: str, handler: Handler) -> None:
        """Call ``handler(channel, message)`` for every message on a channel starting with ``prefix``."""


class InProcessBus:
    """Delivers every message to the handlers of this process (in order, awaited)."""

    def __init__(self, node_id: str = "local") -> None:
        self.node_id = node_id
        self._handlers: list[tuple[str, Handler]] = []

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        self._handlers.clear()

    def subscribe(self, prefix: str, handler: Handler) -> None:
        self._handlers.append((prefix, handler))

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        message = {**message, "node": self.node_id}
        await dispatch(self._handlers, channel, message)


async def dispatch(handlers: list[tuple[str, Handler]], channel: str, message: dict[str, Any]) -> None:
    for prefix, handler in list(handlers):
        if channel.startswith(prefix):
            try:
                await handler(channel, message)
            except asyncio.CancelledError:
                raise
            except Exception:  # a bad handler must not break the publisher
                log.exception("bus handler failed for %s", channel)


def make_bus(redis_url: str | None, node_id: str) -> Bus:
    if redis_url:
        from donjon.bus.redis_bus import RedisBus

        return RedisBus(redis_url, node_id)
    return InProcessBus(node_id)


__all__ = ["Bus", "Handler", "InProcessBus", "dispatch", "make_bus"]
