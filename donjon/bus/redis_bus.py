"""Redis pub/sub behind the :class:`donjon.bus.Bus` interface (for several server processes).

All channels are prefixed with ``donjon:``. Messages are JSON. Every node receives its own
messages too; handlers use the ``node`` field to skip work they already did.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from donjon.bus.base import Handler, dispatch

log = logging.getLogger("donjon.bus.redis")

PREFIX = "donjon:"
MAX_CONNECTIONS = 64
"""Connections to Redis per node (publishes beyond wait for one: :data:`POOL_TIMEOUT`)."""
POOL_TIMEOUT = 10.0
"""Seconds a publish waits for a free connection before it fails (then it is delivered
locally only, and the version check repairs the other nodes)."""


class RedisBus:
    def __init__(self, url: str, node_id: str) -> None:
        self.url = url
        self.node_id = node_id
        self._handlers: list[tuple[str, Handler]] = []
        self._redis: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        import redis.asyncio as aioredis

        # A blocking pool: at a burst of publishes (every client of a node reconnecting at
        # once) a publish waits for a free connection instead of failing with "Too many
        # connections" (redis-py's default pool refuses the 101st).
        pool = aioredis.BlockingConnectionPool.from_url(self.url, decode_responses=True,
                                                        max_connections=MAX_CONNECTIONS, timeout=POOL_TIMEOUT)
        self._redis = aioredis.Redis(connection_pool=pool)
        await self._redis.ping()
        self._pubsub = self._redis.pubsub()
        await self._pubsub.psubscribe(PREFIX + "*")
        self._task = asyncio.create_task(self._listen(), name="redis-bus")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
        self._handlers.clear()

    def subscribe(self, prefix: str, handler: Handler) -> None:
        self._handlers.append((prefix, handler))

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        message = {**message, "node": self.node_id}
        try:
            await self._redis.publish(PREFIX + channel, json.dumps(message))
        except Exception:
            # Lost bus messages are repaired by version checks; deliver locally at least.
            log.exception("redis publish failed; delivering locally only")
            await dispatch(self._handlers, channel, message)

    async def _listen(self) -> None:
        while True:
            try:
                async for msg in self._pubsub.listen():
                    if msg.get("type") != "pmessage":
                        continue
                    channel = str(msg["channel"])[len(PREFIX):]
                    try:
                        data = json.loads(msg["data"])
                    except (TypeError, ValueError):
                        continue
                    await dispatch(self._handlers, channel, data)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis bus listener failed; retrying in 1 s")
                await asyncio.sleep(1.0)
