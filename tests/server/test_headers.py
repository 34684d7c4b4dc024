"""The security headers (donjon/server/headers.py) on pages, API answers, static files and errors."""

from __future__ import annotations

import asyncio
import base64
import doctest
import hashlib
import re
from typing import Any

import httpx
import pytest

from donjon.server import headers
from donjon.server.headers import SecurityHeaders
from tests.server.conftest import Site

FIXED = {"x-content-type-options": "nosniff", "referrer-policy": "same-origin", "x-frame-options": "DENY"}


def directives(csp: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            assert words[0] not in out, f"{words[0]} twice in {csp!r}"
            out[words[0]] = words[1:]
    return out


def assert_site_headers(r: httpx.Response, host: str = "testserver") -> None:
    for name, value in FIXED.items():
        assert r.headers.get(name) == value, (r.request.url, name, r.headers.get(name))
    assert len(r.headers.get_list("content-security-policy")) == 1
    d = directives(r.headers["content-security-policy"])
    assert d["default-src"] == ["'self'"]
    assert d["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval', no host
    assert d["style-src-elem"] == ["'self'"]
    assert d["connect-src"] == ["'self'", f"ws://{host}", f"wss://{host}"]
    assert d["img-src"] == ["'self'", "data:"]
    assert d["object-src"] == ["'none'"]
    assert d["base-uri"] == ["'self'"]
    assert d["form-action"] == ["'self'"]
    assert d["frame-ancestors"] == ["'none'"]


def test_doctests() -> None:
    assert doctest.testmod(headers).failed == 0


def test_every_kind_of_answer_has_the_headers(site: Site) -> None:
    alice = site.user("alice")
    bob = site.user("bobby")
    gid, _ = site.game_pair(alice, bob)
    answers = {
        "page": alice.get("/"),
        "game page": alice.get(f"/g/{gid}"),
        "rules page": alice.get("/games/castel/rules"),
        "API answer": alice.get("/api/me"),
        "API error": site.client().post("/api/login", json={"username": "alice", "password": "wrong password"}),
        "static file": alice.get("/static/js/site.js"),
        "missing static file": alice.get("/static/js/nothing.js"),
        "404 page": alice.get("/nowhere"),
        "health": alice.get("/healthz"),
        "redirect": alice.get("/leaderboard", follow_redirects=False),
        "cross-site refusal": alice.post("/api/tables", json={}, headers={"origin": "https://evil.example"}),
    }
    expected = {"page": 200, "game page": 200, "rules page": 200, "API answer": 200, "static file": 200,
                "missing static file": 404, "404 page": 404, "health": 200, "redirect": 307, "cross-site refusal": 403}
    for what, r in answers.items():
        if what in expected:
            assert r.status_code == expected[what], (what, r.status_code)
        else:
            assert r.status_code >= 400, (what, r.status_code)
        assert_site_headers(r)


def test_the_websocket_urls_follow_the_host(site: Site) -> None:
    r = site.main.get("/", headers={"host": "play.example.org:8443"})
    assert_site_headers(r, host="play.example.org:8443")
    r = site.main.get("/", headers={"host": "bad host; script-src *"})
    assert directives(r.headers["content-security-policy"])["connect-src"] == ["'self'"]
    assert directives(r.headers["content-security-policy"])["script-src"] == ["'self'"]


def test_no_page_has_an_inline_script_or_handler(site: Site) -> None:
    """What the policy would refuse: an inline <script> or an on*= attribute."""
    alice = site.user("alice")
    bob = site.user("bobby")
    gid, _ = site.game_pair(alice, bob)
    tid = alice.post("/api/tables", json={"opponent": "invite"}).json()["table"]["id"]
    pages = ["/", "/login", "/register", "/watch", f"/g/{gid}", f"/g/{gid}/replay", f"/t/{tid}",
             "/profile/alice", "/leaderboard/unfairchess", "/shop", "/account", "/nowhere",
             "/games/unfairchess/rules", "/games/unfairchess/cards", "/games/castel/rules",
             "/games/castel/cards", "/games/citadel/rules"]
    for url in pages:
        for lang in ("en", "fr"):
            html = alice.get(url, params={"lang": lang}).text
            for tag in re.findall(r"<script\b[^>]*>", html):
                assert 'type="application/json"' in tag or " src=" in tag, (url, tag)
            assert not re.search(r"<[^>]+\son[a-z]+\s*=", html), url
            assert "<style" not in html, url


def test_the_api_docs_page_allows_its_own_script_by_hash(site: Site) -> None:
    r = site.main.get("/docs")
    assert r.status_code == 200 and "swagger-ui" in r.text
    for name, value in FIXED.items():
        assert r.headers[name] == value
    assert len(r.headers.get_list("content-security-policy")) == 1
    d = directives(r.headers["content-security-policy"])
    inline = re.findall(r"<script>(.*?)</script>", r.text, re.S)
    assert len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert d["script-src"] == ["'self'", "https://cdn.jsdelivr.net", f"'sha256-{digest}'"]
    assert d["frame-ancestors"] == ["'none'"] and d["object-src"] == ["'none'"]
    assert site.main.get("/openapi.json").status_code == 200


def run(app: Any, scope_type: str = "http") -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def send(msg: dict[str, Any]) -> None:
        sent.append(msg)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    scope = {"type": scope_type, "method": "GET", "path": "/", "query_string": b"",
             "headers": [(b"host", b"play.example.org")]}
    asyncio.run(SecurityHeaders(app)(scope, receive, send))
    return sent


def test_a_header_the_response_sets_itself_is_kept() -> None:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-security-policy", b"default-src 'none'"), (b"x-frame-options", b"SAMEORIGIN")]})
        await send({"type": "http.response.body", "body": b"ok"})

    sent = run(app)
    got = sent[0]["headers"]
    assert [v for k, v in got if k == b"content-security-policy"] == [b"default-src 'none'"]
    assert [v for k, v in got if k == b"x-frame-options"] == [b"SAMEORIGIN"]
    assert (b"x-content-type-options", b"nosniff") in got and (b"referrer-policy", b"same-origin") in got
    assert sent[1] == {"type": "http.response.body", "body": b"ok"}


@pytest.mark.parametrize("scope_type", ["websocket", "lifespan"])
def test_other_scopes_pass_untouched(scope_type: str) -> None:
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["type"])
        await send({"type": "websocket.accept", "headers": []})

    assert run(app, scope_type) == [{"type": "websocket.accept", "headers": []}]
    assert seen == [scope_type]
