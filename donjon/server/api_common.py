"""What the JSON API's routers share: the error they raise, the strict body config, the
current user."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from pydantic import ConfigDict

from donjon.server import auth
from donjon.store import repo
from donjon.store.models import User


class ApiError(Exception):
    def __init__(self, reason: str, status: int = 400, code: str = "bad_request") -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.code = code


STRICT = ConfigDict(strict=True, extra="forbid")
"""Every request body: unknown fields are refused, and so is a value of the wrong JSON type (a
number is a JSON integer, not ``"100"``, ``true`` or ``1.0``; a string is a string)."""


def user_json(user: User, balance: int | None = None) -> dict[str, Any]:
    return {"id": user.id, "username": user.username, "guest": user.is_guest, "balance": balance}


async def require_user(request: Request) -> User:
    user = await auth.current_user(request)
    if user is None:
        raise ApiError("log in or play as a guest first", 401, "login_required")
    return user


async def other_player(s: Any, user: User, username: str, doing: str) -> User:
    """The account named ``username``, someone else than ``user``, whom ``user`` is ``doing``
    something to ("block", "follow"...): 404 ``not_found`` if there is none, 400 if it is
    ``user``."""
    other = await repo.user_by_name(s, username)
    if other is None:
        raise ApiError(f"there is no player {username!r}", 404, "not_found")
    if other.id == user.id:
        raise ApiError(f"you cannot {doing} yourself", 400, "bad_request")
    return other
