"""Blocking a player (``/api/blocks``; the button on their profile, the list on ``/account``).

Once one of two players blocked the other, neither can challenge the other nor sit at a table
where the other sits (403 ``blocked``, nothing changed), nor start a rematch of a game they
played (``blocked``), nor follow the other; the open challenges between them close when the
block is made, the blocked player's seats at the blocker's open tables are emptied, and
neither follows the other any more. Neither sees in the list of open tables those where the
other sits. On the blocker's game page
the blocked player's chat lines are not shown. The blocked player is not told, but learns it
from those refusals, whose reason says that one of the two blocked the other (not which).

- ``GET /api/blocks``: the players you blocked, the newest first.
- ``POST /api/blocks`` ``{"username": ...}``: block them (again: nothing changes). Yourself:
  400; no such player: 404; beyond :data:`MAX_BLOCKS`: 409 ``too_many_blocks``.
- ``DELETE /api/blocks/{username}``: unblock them (yourself: 400; no such player: 404).

Guests may block and be blocked (a guest sits at tables and chats as anyone does).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from donjon.server.api_common import STRICT, ApiError, other_player, require_user
from donjon.server.lobby import part
from donjon.server.refusals.site import say
from donjon.store import repo

router = APIRouter(prefix="/api/blocks", tags=["account"])

MAX_BLOCKS = 1000
"""Players one account may block."""


class BlockIn(BaseModel):
    model_config = STRICT
    username: str = Field(max_length=64)


async def blocked_json(request: Request, user_id: int) -> list[dict[str, Any]]:
    async with request.app.state.db.read() as s:
        rows = await repo.blocks_of(s, user_id)
    return [{"id": i, "username": name, "since": since} for i, name, since in rows]


@router.get("", summary="The players you blocked")
async def blocks(request: Request) -> dict[str, Any]:
    user = await require_user(request)
    return {"blocked": await blocked_json(request, user.id)}


@router.post("", summary="Block a player: no challenge, table or rematch between you; their chat hidden")
async def block(body: BlockIn, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    st = request.app.state
    async with st.db.write() as s:
        other = await other_player(s, user, body.username, say("self_block"))
        if not await repo.has_blocked(s, user.id, other.id):
            if await repo.count_blocks(s, user.id) >= MAX_BLOCKS:
                raise ApiError(say("too_many_blocks", most=MAX_BLOCKS), 409, "too_many_blocks")
            await repo.block_user(s, user.id, other.id)
        await repo.unfollow_both(s, user.id, other.id)
        messages = await part(s, user.id, other.id)
    # the two no longer see each other's open tables (Lobby.open_tables_for)
    for message in [m for m in messages if m["type"] != "tables_changed"] + [{"type": "tables_changed"}]:
        await st.bus.publish("lobby", message)
    return {"blocked": {"username": other.username}}


@router.delete("/{username}", summary="Unblock a player")
async def unblock(username: str, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    async with request.app.state.db.write() as s:
        other = await other_player(s, user, username, say("self_unblock"))
        was = await repo.unblock_user(s, user.id, other.id)
    if was:  # their open tables are in each other's list again
        await request.app.state.bus.publish("lobby", {"type": "tables_changed"})
    return {"unblocked": was}
