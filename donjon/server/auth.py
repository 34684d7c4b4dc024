"""Accounts and sessions: argon2 password hashes, random session tokens in an HttpOnly
SameSite=Lax cookie, the token's SHA-256 in the ``sessions`` table."""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import Request, Response
from starlette.requests import HTTPConnection

from donjon.said import Reason
from donjon.server.limits import Limits, client_ip
from donjon.server.refusals.auth import say
from donjon.server.settings import Settings
from donjon.store import repo
from donjon.store.models import User

COOKIE = "donjon_session"
USERNAME_RE = re.compile(r"[A-Za-z0-9_-]{3,20}")
"""A username, matched whole (:func:`valid_username`): ASCII letters, digits, ``_`` and ``-``
only, so no name holds a character a reader cannot see or a lookalike of another letter."""
MIN_PASSWORD = 8

_stand_ins: dict[tuple[int, int, int], str] = {}


def password_hasher(settings: Settings) -> PasswordHasher:
    """The argon2id hasher of a site's settings (``argon2_*``); the app keeps one in
    ``app.state.hasher``."""
    return PasswordHasher(time_cost=settings.argon2_time_cost, memory_cost=settings.argon2_memory_kib,
                          parallelism=settings.argon2_parallelism)


class AuthError(Exception):
    def __init__(self, reason: Reason, status: int = 400) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def hash_password(hasher: PasswordHasher, password: str) -> str:
    return await asyncio.to_thread(hasher.hash, password)


def valid_username(name: Any) -> bool:
    """``name`` is a string of 3 to 20 ASCII letters, digits, '_' or '-' and nothing else
    (``fullmatch``: not even a final newline, which ``$`` would let through)."""
    return isinstance(name, str) and USERNAME_RE.fullmatch(name) is not None


async def stand_in_hash(hasher: PasswordHasher) -> str:
    """The argon2 hash of a random password, made once with the parameters of account hashes:
    a login without an account to check verifies against it, so it costs what a wrong password
    costs (one argon2 verification) and its timing does not tell the two apart."""
    key = (hasher.time_cost, hasher.memory_cost, hasher.parallelism)
    if key not in _stand_ins:
        _stand_ins[key] = await asyncio.to_thread(hasher.hash, secrets.token_urlsafe(24))
    return _stand_ins[key]


async def verify_password(hasher: PasswordHasher, hashed: str, password: str) -> bool:
    def _verify() -> bool:
        try:
            return hasher.verify(hashed, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(_verify)


def check_credentials(username: Any, password: Any) -> tuple[str, str]:
    if not valid_username(username):
        raise AuthError(say("username_form"))
    if username.lower().startswith("guest"):
        raise AuthError(say("username_guest"))
    if username.lower().startswith("closed-"):
        raise AuthError(say("username_closed"))
    return username, check_password(password)


def check_password(password: Any) -> str:
    """``password`` if it may be a new password (8 to 256 characters), else :class:`AuthError`."""
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        raise AuthError(say("password_short", least=MIN_PASSWORD))
    if len(password) > 256:
        raise AuthError(say("password_long"))
    return password


async def verify_login(request: Request, user: User | None, username: str, password: str) -> User:
    """``user`` if ``password`` is theirs, else :class:`AuthError` (401); under the login
    limit (docs/server.md "Limits"): an IP address or a username with too many recent
    failures is refused with 429 (:class:`~donjon.server.limits.RateLimited`) before any
    argon2 work is spent. Otherwise exactly one argon2 verification is spent, against
    :func:`stand_in_hash` when there is no account or it has no password (a guest). A
    password stored with other parameters than the site's is hashed again with the site's
    (:func:`rehash`)."""
    limits: Limits = request.app.state.limits
    hasher: PasswordHasher = request.app.state.hasher
    ip = client_ip(request)
    limits.check_login(ip, username)
    hashed = user.password_hash if user is not None else None
    ok = await verify_password(hasher, hashed or await stand_in_hash(hasher), password)
    if user is None or hashed is None or not ok:
        limits.login_failed(ip, username)
        raise AuthError(say("wrong_login"), 401)
    limits.login_succeeded(username)
    if hasher.check_needs_rehash(hashed):
        await rehash(request.app.state, user, hashed, password)
    return user


async def rehash(app_state: Any, user: User, hashed: str, password: str) -> None:
    """Store ``password`` hashed with the site's parameters in place of ``hashed``, the
    account's hash made with others (a site that raised its argon2 cost: each account gets
    the new cost at its next login). Written only if the account still holds ``hashed``."""
    new = await hash_password(app_state.hasher, password)
    async with app_state.db.write() as s:
        if await repo.replace_password_hash(s, user.id, hashed, new):
            user.password_hash = new


def count_register(request: Request) -> None:
    """Count a registration attempt (one that would hash a password) of this address;
    refuse it (429) if the address made too many lately, before any argon2 work."""
    limits: Limits = request.app.state.limits
    ip = client_ip(request)
    limits.check_register(ip)
    limits.registered(ip)


def set_session_cookie(response: Response, token: str, *, secure: bool, days: float) -> None:
    response.set_cookie(COOKIE, token, max_age=int(days * 86400), httponly=True, samesite="lax",
                        secure=secure, path="/")


def clear_session_cookie(response: Response, *, secure: bool) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)


async def new_session(app_state: Any, user_id: int) -> str:
    """A new session of ``user_id`` in its own transaction; returns its token."""
    async with app_state.db.write() as s:
        return await add_session(s, app_state, user_id)


async def add_session(s: Any, app_state: Any, user_id: int) -> str:
    """A new session of ``user_id`` in the caller's transaction ``s``; returns its token."""
    token = secrets.token_urlsafe(32)
    await repo.create_session(s, token_hash(token), user_id, app_state.settings.session_days)
    return token


def session_of(conn: HTTPConnection) -> str | None:
    """The token hash of the session cookie of this request or WebSocket (None without one);
    whether the session exists is :func:`current_user`'s question."""
    token = conn.cookies.get(COOKIE)
    return token_hash(token) if token else None


async def current_user(conn: HTTPConnection) -> User | None:
    """The user of the session cookie of this request or WebSocket (or None)."""
    cached = conn.scope.get("donjon.user", False)
    if cached is not False:
        return cached  # type: ignore[no-any-return]
    token = conn.cookies.get(COOKIE)
    user = None
    if token:
        async with conn.app.state.db.read() as s:
            user = await repo.session_user(s, token_hash(token))
    conn.scope["donjon.user"] = user
    return user


async def create_guest(request: Request, response: Response) -> User:
    """A fresh guest account, logged in on ``response``; 429 (:class:`RateLimited`) if the
    client's address created ``guest_limit`` guests lately (docs/server.md "Limits")."""
    st = request.app.state
    st.limits.count_guest(client_ip(request))
    for _ in range(20):
        name = "Guest-" + secrets.token_hex(3)
        # the account and its session in one transaction (one commit, one fsync)
        async with st.db.write() as s:
            if await repo.user_by_name(s, name) is None:
                user = await repo.create_user(s, name, None, is_guest=True, start_balance=0)
                token = await add_session(s, st, user.id)
                break
    else:  # pragma: no cover - 16 million names
        raise AuthError(say("guest_busy"), 503)
    set_session_cookie(response, token, secure=st.settings.cookie_secure, days=st.settings.session_days)
    request.scope["donjon.user"] = user
    return user
