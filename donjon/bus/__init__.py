"""Event fan-out between server processes.

A message is a small JSON-ready dict published on a channel (``"game:<id>"``,
``"lobby"``). The bus only says *that* something happened ("game G is at version v");
every subscriber repairs what it missed from the database, so a lost message costs a
little latency, never correctness.

* :class:`InProcessBus` — the embedded default: one process, handlers called directly.
* :class:`~donjon.bus.redis_bus.RedisBus` — Redis pub/sub, for several processes.

``make_bus(redis_url)`` picks one. The interface and the delivery to handlers, which both
share, are in :mod:`donjon.bus.base`.
"""

from __future__ import annotations

from typing import Any

from donjon.bus.base import Bus, Handler, dispatch


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


def make_bus(redis_url: str | None, node_id: str) -> Bus:
    if redis_url:
        from donjon.bus.redis_bus import RedisBus

        return RedisBus(redis_url, node_id)
    return InProcessBus(node_id)


__all__ = ["Bus", "Handler", "InProcessBus", "dispatch", "make_bus"]
