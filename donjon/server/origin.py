"""The same-site check of browser requests: a state-changing HTTP request or a WebSocket
upgrade whose ``Origin`` is neither this site (the ``Host`` it was sent to) nor one of
``settings.allowed_origins`` is refused.

SameSite=Lax already keeps the session cookie off cross-site POSTs; refusing them outright
too costs nothing. A request without ``Origin`` is not from a browser (bots, tests, the load
bench): the session cookie still rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse

UNSAFE_METHODS = frozenset(("POST", "PUT", "PATCH", "DELETE"))


def same_site(origin: str | None, host: str, allowed: Iterable[str]) -> bool:
    """May a request with this ``Origin`` header, sent to ``host``, act?

    >>> same_site("https://play.example.org", "play.example.org", ())
    True
    >>> same_site("https://evil.example", "play.example.org", ())
    False
    >>> same_site("https://friend.example", "play.example.org", ("https://friend.example",))
    True
    >>> same_site(None, "play.example.org", ())
    True
    """
    if not origin:
        return True
    return origin in allowed or urlsplit(origin).netloc == host


class OriginCheck:
    """ASGI middleware: a POST, PUT, PATCH or DELETE from another site gets 403
    ``{"error": "cross-site request refused", "code": "origin"}``.

    Plain ASGI rather than Starlette's ``@app.middleware("http")``: that wrapper runs every
    request through a task group and memory streams, and measured half a millisecond of CPU
    per request on the development machine, a third of a simple API call
    (docs/benchmarks.md, "Game start and HTTP API")."""

    def __init__(self, app: Any, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = tuple(allowed)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] in UNSAFE_METHODS:
            origin = host = None
            for name, value in scope["headers"]:
                if name == b"origin" and origin is None:
                    origin = value.decode("latin-1")
                elif name == b"host" and host is None:
                    host = value.decode("latin-1")
            if not same_site(origin, host or "", self.allowed):
                response = JSONResponse({"error": "cross-site request refused", "code": "origin"}, status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
