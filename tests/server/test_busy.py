"""A connection storm (every client of a restarted node coming back at once) is met with
back-pressure, not errors: a game socket whose database work cannot get a connection is
closed with 1013 ("try again later", the browser reconnects with its backoff) instead of an
HTTP 500, and a burst of bus messages waits for Redis connections instead of failing."""

from __future__ import annotations

import asyncio
import shutil
from typing import Any

import pytest
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.websockets import WebSocketDisconnect

from donjon.bus import redis_bus
from donjon.bus.redis_bus import RedisBus
from donjon.server import auth
from tests.server.conftest import Player, Site


def test_pool_exhausted_socket_is_told_to_try_again(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(a, b, color="white")

    async def busy(conn: Any) -> None:
        raise PoolTimeout("QueuePool limit of size 10 overflow 20 reached, connection timed out, timeout 30.00")

    monkeypatch.setattr(auth, "current_user", busy)
    with seats[0].websocket_connect(f"/ws/game/{gid}") as ws, pytest.raises(WebSocketDisconnect) as info:
        ws.receive_text()
    assert info.value.code == 1013 and "busy" in info.value.reason
    monkeypatch.undo()
    p = Player(seats[0], gid)  # once the pool has room again, the same client gets in
    p.hello()
    assert p.seat == 0 and p.v == 0
    p.close()


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
async def test_a_burst_of_publishes_waits_for_redis_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.scale.harness import redis_server

    monkeypatch.setattr(redis_bus, "MAX_CONNECTIONS", 8)  # far fewer than the burst
    with redis_server() as url:
        sender, receiver = RedisBus(url, "A"), RedisBus(url, "B")
        got: list[int] = []

        async def on_game(channel: str, message: dict[str, Any]) -> None:
            got.append(message["n"])

        receiver.subscribe("game:", on_game)
        await sender.start()
        await receiver.start()
        try:
            await asyncio.gather(*(sender.publish(f"game:{n}", {"n": n}) for n in range(300)))
            for _ in range(200):
                if len(got) == 300:
                    break
                await asyncio.sleep(0.05)
            assert sorted(got) == list(range(300))  # none failed, none delivered twice
        finally:
            await sender.stop()
            await receiver.stop()
