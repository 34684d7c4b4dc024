"""Security headers on every HTTP response: pages, API answers, static files and errors.

The Content-Security-Policy lets a page run only the site's own script files (no inline
script, no ``eval``), connect only to the site itself (its WebSockets included), load images
only from the site or ``data:`` URLs, and be framed by nobody. Boot data reaches the scripts
through ``<script type="application/json">`` blocks and ``data-`` attributes, which are data,
not script.

Styles: ``style="..."`` attributes are allowed, ``<style>`` elements are not. The game boards
and card pages build their markup as HTML strings whose elements carry per-card colours in
style attributes (``style="--cc:#f0932b"``); CSS cannot exfiltrate anything from an attribute
(images and fonts still only come from the site), while an injected ``<style>`` element could
read the page with attribute selectors. ``style-src`` keeps ``'unsafe-inline'`` for browsers
without ``style-src-elem`` (Firefox before 108, Safari before 15.4): they get the styles they
got before; the others also refuse inline ``<style>``.

``connect-src 'self'`` covers same-origin ``ws:``/``wss:`` in current browsers (CSP level 3);
the WebSocket URLs of the ``Host`` the request was sent to are listed too for older ones.

The OpenAPI page (``/docs``, :func:`swagger_ui`) sets its own policy: Swagger UI comes from
its CDN and starts from one inline script, allowed by its hash. A response that carries a
``Content-Security-Policy`` of its own keeps it.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from typing import Any

from fastapi import Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse

CSP = "content-security-policy"

DIRECTIVES = ("default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "style-src-elem 'self'",
              "img-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'self'",
              "form-action 'self'", "frame-ancestors 'none'")

OTHER_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers without CSP level 2
)

_HOST = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


@functools.lru_cache(maxsize=64)
def policy(host: str) -> str:
    """The site's Content-Security-Policy for a request sent to ``host`` (its ``Host`` header).

    >>> "connect-src 'self' ws://play.example.org wss://play.example.org;" in policy("play.example.org")
    True
    >>> "connect-src 'self';" in policy("evil; script-src *")  # not a host: no WebSocket URLs
    True
    """
    ws = f" ws://{host} wss://{host}" if _HOST.fullmatch(host) else ""
    return "; ".join(d + ws if d.startswith("connect-src") else d for d in DIRECTIVES)


class SecurityHeaders:
    """ASGI middleware: adds the Content-Security-Policy, ``X-Content-Type-Options: nosniff``,
    ``Referrer-Policy: same-origin`` and ``X-Frame-Options: DENY`` to every HTTP response
    (a header the response already has is left as it is).

    Plain ASGI, like :class:`donjon.server.origin.OriginCheck`: it only rewrites the
    ``http.response.start`` message. The one answer it never sees is the plain-text 500 of an
    unhandled exception: Starlette's ``ServerErrorMiddleware`` sits outside every added
    middleware (a proxy in front can add the headers to it)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = ""
        for name, value in scope["headers"]:
            if name == b"host":
                host = value.decode("latin-1")
                break

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                if CSP.encode() not in present:
                    headers.append((CSP.encode(), policy(host).encode("latin-1")))
                headers.extend(h for h in OTHER_HEADERS if h[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _inline_script_hashes(html: str) -> list[str]:
    """``'sha256-…'`` sources for every inline ``<script>`` of ``html``."""
    hashes = []
    for body in re.findall(r"<script>(.*?)</script>", html, re.S):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return hashes


SWAGGER_CDN = "https://cdn.jsdelivr.net"
SWAGGER_ICON = "https://fastapi.tiangolo.com"


async def swagger_ui(request: Request) -> HTMLResponse:
    """FastAPI's Swagger UI page, with a policy that lets its CDN files and its one inline
    script (by hash) run. Install: ``FastAPI(docs_url=None)`` and
    ``app.add_route("/docs", swagger_ui, include_in_schema=False)``."""
    app = request.app
    root = request.scope.get("root_path", "").rstrip("/")
    page = get_swagger_ui_html(openapi_url=root + app.openapi_url, title=f"{app.title} - Swagger UI",
                               swagger_ui_parameters=app.swagger_ui_parameters)
    html = bytes(page.body).decode("utf-8")
    scripts = " ".join([f"'self' {SWAGGER_CDN}", *_inline_script_hashes(html)])
    page.headers[CSP] = (f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline' {SWAGGER_CDN}; "
                         f"img-src 'self' data: {SWAGGER_ICON}; connect-src 'self'; object-src 'none'; "
                         "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
    return page
