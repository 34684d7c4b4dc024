"""What the JSON API's routers share: the error they raise, the strict body config, the
current user."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from pydantic import ConfigDict

from donjon.said import Reason
from donjon.server import auth
from donjon.server.refusals.auth import say
from donjon.server.refusals.site import say as say_site
from donjon.store import repo
from donjon.store.models import User


class ApiError(Exception):
    def __init__(self, reason: Reason, status: int = 400, code: str = "bad_request") -> None:
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
        raise ApiError(say("login_required"), 401, "login_required")
    return user


async def other_player(s: Any, user: User, username: str, yourself: Reason) -> User:
    """The account named ``username``, someone else than ``user``, whom ``user`` does
    something to (blocks, follows...): 404 ``not_found`` if there is none, 400 with the
    refusal ``yourself`` ("you cannot block yourself") if it is ``user``."""
    other = await repo.user_by_name(s, username)
    if other is None:
        raise ApiError(say_site("no_player", name=username), 404, "not_found")
    if other.id == user.id:
        raise ApiError(yourself, 400, "bad_request")
    return other
