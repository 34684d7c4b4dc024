"""Following a player (``/api/follows``; the Follow button of their profile, the list at the
top of the watch page).

A player follows others to see, on the watch page, which of them plays now and to open those
games in one click (as a spectator, like any game in progress). Following is one-way and
public to nobody: the followed player is not told and sees no list of followers. It is refused
between two players when one blocked the other (403 ``blocked``), and a block ends it both
ways (:mod:`donjon.server.blocks`); a closed account's follows go with it.

- ``GET /api/follows``: the players you follow, by name, each with the games in progress
  they sit at (``games``: the summaries of ``GET /api/live``).
- ``POST /api/follows`` ``{"username": ...}``: follow them (again: nothing changes).
  Yourself: 400; no such player: 404; beyond :data:`MAX_FOLLOWS`: 409 ``too_many_follows``.
- ``DELETE /api/follows/{username}``: stop following them (yourself: 400; no such player: 404).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from donjon.server.api_common import STRICT, ApiError, other_player, require_user
from donjon.server.refusals.site import say
from donjon.store import repo

router = APIRouter(prefix="/api/follows", tags=["account"])

MAX_FOLLOWS = 500
"""Players one account may follow."""


class FollowIn(BaseModel):
    model_config = STRICT
    username: str = Field(max_length=64)


@router.get("", summary="The players you follow, and the games they play now")
async def follows(request: Request) -> dict[str, Any]:
    user = await require_user(request)
    async with request.app.state.db.read() as s:
        followed = await repo.follows_of(s, user.id)
        ids = [i for i, _, _ in followed]
        live = await repo.games_listing(s, status="active", user_ids=ids, limit=200) if ids else []
    return {"following": [{"username": name, "since": since,
                           "games": [g for g in live if any(p["user_id"] == i for p in g["players"])]}
                          for i, name, since in followed]}


@router.post("", summary="Follow a player: the watch page shows you their games")
async def follow(body: FollowIn, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    async with request.app.state.db.write() as s:
        other = await other_player(s, user, body.username, say("self_follow"))
        if await repo.blocked_with(s, user.id, [other.id]):
            raise ApiError(say("follow_blocked", name=other.username), 403, "blocked")
        if not await repo.is_following(s, user.id, other.id):
            if await repo.count_follows(s, user.id) >= MAX_FOLLOWS:
                raise ApiError(say("too_many_follows", most=MAX_FOLLOWS), 409, "too_many_follows")
            await repo.follow_user(s, user.id, other.id)
    return {"following": {"username": other.username}}


@router.delete("/{username}", summary="Stop following a player")
async def unfollow(username: str, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    async with request.app.state.db.write() as s:
        other = await other_player(s, user, username, say("self_unfollow"))
        was = await repo.unfollow_user(s, user.id, other.id)
    return {"unfollowed": was}
