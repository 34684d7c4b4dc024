"""A player's own account: their password and their sessions (``/api/account``, and the
page ``/account`` that uses it).

- ``GET /api/account``: the account's sessions that have not expired (when each began, when
  it ends, which one is this browser's), the newest first.
- ``POST /api/account/password`` ``{"current": ..., "new": ...}``: when ``current`` is the
  account's password, ``new`` replaces it and every *other* session of the account ends (a
  password changed because it leaked also shuts out whoever used it); this one goes on. A
  wrong ``current`` is 401 ``wrong_password`` and changes nothing; it counts as a failed login
  of the account, under the login limit (docs/server.md "Limits"), so this is no way round it.
- ``POST /api/account/sessions/end-others``: every other session of the account ends.
- ``POST /api/account/close`` ``{"password": ...}``: the account closes, for good. Refused
  (409 ``games_in_progress``, nothing changed) while it holds a seat in a game in progress.
  Otherwise, in one transaction: its open tables are cancelled, the challenges to it
  declined, its seats at other open tables emptied; it is renamed ``closed-<id>`` (its name
  is free again; no one can register a ``closed-`` name), loses its password and hat, and
  every session of it ends. Its finished games, ratings history and chat lines stay, under
  the new name, in its opponents' history; no lookup by name finds it (its profile is a 404,
  it cannot be challenged or logged into) and it leaves the leaderboards. Its coins go with it.

Guests have no password and one session: these answer them 403 ``guest``.

A session that ends closes its sockets, on every node: :func:`sessions_ended` publishes the
ended token hashes on the ``lobby`` channel, and each node closes the sockets opened with them
(4401, ``ws.CLOSE_SIGNED_OUT``); the browser then loads its page again, as whoever its cookie
now says (a visitor). Logging out (``/api/logout``) ends its session the same way. An operator
sets a password, ends an account's sessions or closes it from the command line
(``donjon account``, :mod:`donjon.cli.account`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from donjon.server import auth
from donjon.server.api_common import STRICT, ApiError, require_user
from donjon.server.auth import AuthError
from donjon.server.lobby import withdraw
from donjon.server.refusals.auth import say
from donjon.store import repo
from donjon.store.models import User

router = APIRouter(prefix="/api/account", tags=["account"])


class PasswordChange(BaseModel):
    model_config = STRICT
    current: str = Field(max_length=256)
    new: str = Field(max_length=256)


class Closing(BaseModel):
    model_config = STRICT
    password: str = Field(max_length=256)


async def sessions_ended(bus: Any, hashes: list[str]) -> None:
    """Tell every node that the sessions of these token hashes ended: their sockets close."""
    if hashes:
        await bus.publish("lobby", {"type": "sessions_ended", "sessions": hashes})


async def end_sessions(state: Any, user_id: int, keep: str | None = None) -> int:
    """End every session of ``user_id`` but ``keep`` (a token hash; None: all), in the
    database and on every node's sockets; how many ended."""
    async with state.db.write() as s:
        ended = await repo.end_sessions(s, user_id, keep)
    await sessions_ended(state.bus, ended)
    return len(ended)


async def _member(request: Request) -> User:
    user = await require_user(request)
    if user.is_guest:
        raise ApiError(say("guest_no_password"), 403, "guest")
    return user


async def sessions_json(request: Request, user: User) -> list[dict[str, Any]]:
    """The account's sessions that have not expired, the newest first: when each started and
    ends (Unix seconds), and whether it is this request's."""
    here = auth.session_of(request)
    async with request.app.state.db.read() as s:
        rows = await repo.user_sessions(s, user.id)
    return [{"started": r.created_at, "expires": r.expires_at, "current": r.token_hash == here} for r in rows]


@router.get("", summary="Your sessions (where you are logged in)")
async def account(request: Request) -> dict[str, Any]:
    user = await _member(request)
    return {"username": user.username, "sessions": await sessions_json(request, user)}


async def _verify(request: Request, user: User, password: str) -> None:
    """``password`` is ``user``'s, under the login limit (else 401 ``wrong_password``, or 429)."""
    try:
        await auth.verify_login(request, user, user.username, password)
    except AuthError as e:
        if e.status != 401:
            raise
        raise ApiError(say("wrong_password"), 401, "wrong_password") from None


@router.post("/password", summary="Change your password; your other sessions end")
async def change_password(body: PasswordChange, request: Request) -> dict[str, Any]:
    user = await _member(request)
    st = request.app.state
    new = auth.check_password(body.new)
    await _verify(request, user, body.current)
    old = user.password_hash
    assert old is not None  # verify_login refuses an account without a password
    hashed = await auth.hash_password(st.hasher, new)
    here = auth.session_of(request)
    async with st.db.write() as s:
        # only over the hash just verified: a change made meanwhile (another tab) is not undone
        if not await repo.replace_password_hash(s, user.id, old, hashed):
            raise ApiError(say("password_changed"), 409, "conflict")
        ended = await repo.end_sessions(s, user.id, keep=here)
    user.password_hash = hashed
    await sessions_ended(st.bus, ended)
    return {"ok": True, "ended": len(ended)}


@router.post("/sessions/end-others", summary="Log out everywhere but here")
async def end_others(request: Request) -> dict[str, Any]:
    user = await _member(request)
    return {"ended": await end_sessions(request.app.state, user.id, keep=auth.session_of(request))}


class StillPlaying(Exception):
    """The account holds a seat in games in progress (their ids): it cannot close yet."""

    def __init__(self, games: list[str]) -> None:
        super().__init__(say("games_in_progress", count=len(games)))
        self.games = games


async def close(db: Any, bus: Any, user_id: int) -> int:
    """Close account ``user_id`` in one transaction (:class:`StillPlaying`, nothing changed,
    while it plays), then tell the lobby and the sockets; how many sessions ended."""
    async with db.write() as s:
        messages = await withdraw(s, user_id)  # its tables locked first: no game starts from them meanwhile
        active = await repo.user_active_games(s, user_id)
        if active:  # raised inside the transaction: the tables stay as they were
            raise StillPlaying(active)
        row = await repo.user_by_id(s, user_id)
        assert row is not None
        await repo.close_user(s, row)
        ended = await repo.end_sessions(s, user_id)
    for message in messages:
        await bus.publish("lobby", message)
    await renamed(bus, user_id)
    await sessions_ended(bus, ended)
    return len(ended)


async def renamed(bus: Any, user_id: int) -> None:
    """Tell every process that account ``user_id`` has a new name (``repo.upgrade_guest``,
    ``repo.close_user`` wrote it): the games it holds loaded and the open tables show it."""
    await bus.publish("lobby", {"type": "renamed", "user": user_id})
    await bus.publish("lobby", {"type": "tables_changed"})


@router.post("/close", summary="Close your account, for good: your name is freed, your finished games stay "
                               "under closed-<id>")
async def close_account(body: Closing, request: Request, response: Response) -> dict[str, Any]:
    user = await _member(request)
    st = request.app.state
    await _verify(request, user, body.password)
    try:
        await close(st.db, st.bus, user.id)
    except StillPlaying as e:
        raise ApiError(e.args[0], 409, "games_in_progress") from None
    auth.clear_session_cookie(response, secure=st.settings.cookie_secure)
    return {"ok": True}
