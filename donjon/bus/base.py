"""What every bus shares: the :class:`Bus` interface and the delivery of a message to the
handlers of one process (:func:`dispatch`)."""

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


async def dispatch(handlers: list[tuple[str, Handler]], channel: str, message: dict[str, Any]) -> None:
    for prefix, handler in list(handlers):
        if channel.startswith(prefix):
            try:
                await handler(channel, message)
            except asyncio.CancelledError:
                raise
            except Exception:  # a bad handler must not break the publisher
                log.exception("bus handler failed for %s", channel)
