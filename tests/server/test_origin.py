"""The same-site check (donjon/server/origin.py) as plain ASGI middleware."""

from __future__ import annotations

import asyncio
import doctest
import json
from typing import Any

import pytest

from donjon.server import origin
from donjon.server.origin import OriginCheck


def test_doctests() -> None:
    assert doctest.testmod(origin).failed == 0


def call(method: str, headers: dict[str, str], allowed: tuple[str, ...] = ()) -> tuple[list[dict[str, Any]], bool]:
    """Run one request through the middleware; returns what it sent and whether the app ran."""
    reached = False

    async def app(scope: Any, receive: Any, send: Any) -> None:
        nonlocal reached
        reached = True
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    sent: list[dict[str, Any]] = []

    async def send(msg: dict[str, Any]) -> None:
        sent.append(msg)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    scope = {"type": "http", "method": method, "path": "/api/tables", "query_string": b"",
             "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}
    asyncio.run(OriginCheck(app, allowed)(scope, receive, send))
    return sent, reached


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_a_cross_site_write_is_refused_before_the_app_runs(method: str) -> None:
    sent, reached = call(method, {"host": "play.example.org", "origin": "https://evil.example"})
    assert not reached
    assert sent[0]["status"] == 403
    assert (b"content-type", b"application/json") in sent[0]["headers"]
    assert json.loads(sent[1]["body"]) == {"error": "cross-site request refused", "code": "origin"}


@pytest.mark.parametrize("headers", [
    {"host": "play.example.org", "origin": "https://play.example.org"},   # the site itself
    {"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"},        # with a port
    {"host": "play.example.org"},                                         # not a browser
    {"host": "play.example.org", "origin": "https://friend.example"},     # allowed
])
def test_same_site_allowed_and_origin_less_writes_pass(headers: dict[str, str]) -> None:
    sent, reached = call("POST", headers, allowed=("https://friend.example",))
    assert reached and sent[0]["status"] == 200


def test_reads_are_not_checked() -> None:
    sent, reached = call("GET", {"host": "play.example.org", "origin": "https://evil.example"})
    assert reached and sent[0]["status"] == 200


def test_a_port_is_part_of_the_site() -> None:
    _, reached = call("POST", {"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:9000"})
    assert not reached
