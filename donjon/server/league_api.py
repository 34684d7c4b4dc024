"""The league's JSON API: daily bonus, daily challenges, the hat shop, profiles, leaderboards.

Contract in docs/protocol.md ("League API"); rules in docs/league.md. Every refusal is a
:class:`~donjon.league.errors.LeagueError` turned into ``{"error", "code"}`` with the status
of :data:`STATUS` — and nothing was written.

Guests (accounts without a password) have no coins: they see their challenges and the shop,
but claiming, buying and equipping need an account (403 ``account_required``), like stakes
in the lobby.

The clock is ``app.state.league_clock`` when set (tests), else :func:`time.time`.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from donjon.league import daily as league_daily
from donjon.league.errors import LeagueError
from donjon.said import in_lang
from donjon.server import i18n
from donjon.server.api_common import STRICT, ApiError, require_user
from donjon.server.clock import SPEEDS
from donjon.server.refusals.site import say
from donjon.store import league as store
from donjon.store.models import User

router = APIRouter(prefix="/api", tags=["league"])

STATUS: dict[str, int] = {
    "insufficient_coins": 402,
    "already_owned": 409,
    "not_owned": 403,
    "unknown_item": 404,
    "already_claimed": 409,
    "not_complete": 409,
    "invalid_request": 400,
}
"""HTTP status of each :class:`LeagueError` code."""


def league_now(request: Request) -> float:
    clock = getattr(request.app.state, "league_clock", None)
    return float(clock()) if clock is not None else time.time()


async def require_account(request: Request) -> User:
    user = await require_user(request)
    if user.is_guest:
        raise ApiError(say("account_required"), 403, "account_required")
    return user


async def me_extra(request: Request, user: User) -> dict[str, Any]:
    """What ``GET /api/me`` adds for the league: ``balance``, ``hat`` and ``daily``
    (``claimed``: today's bonus is in the ledger; ``amount``: the bonus, 0 for a guest).
    A GET changes nothing: the site collects the bonus with ``POST /api/daily/claim`` on the
    first page of the day where ``claimed`` is false."""
    db = request.app.state.db
    now = league_now(request)
    from donjon.store import repo

    async with db.read() as s:
        hat = (await store.hats_of(s, [user.id])).get(user.id)
        balance = await repo.balance(s, user.id)
    if user.is_guest:
        daily = {"claimed": False, "amount": 0}
    else:
        daily = {"claimed": await store.daily_claimed(db, user.id, now), "amount": league_daily.DAILY_BONUS}
    return {"balance": balance, "hat": hat, "daily": daily}


# --------------------------------------------------------------------------- daily


class HatIn(BaseModel):
    model_config = STRICT
    hat: str = Field(max_length=32)


class EquipIn(BaseModel):
    model_config = STRICT
    hat: str | None = Field(default=None, max_length=32)


@router.post("/daily/claim", summary="Collect today's daily bonus (409 if already collected today)")
async def claim_daily(request: Request) -> dict[str, Any]:
    user = await require_account(request)
    balance = await store.credit_daily(request.app.state.db, user.id, league_now(request))
    return {"amount": league_daily.DAILY_BONUS, "balance": balance}


@router.get("/challenges", summary="Today's three challenges and their progress")
async def challenges(request: Request) -> dict[str, Any]:
    user = await require_user(request)
    return await store.challenges(request.app.state.db, user.id, league_now(request))


@router.post("/challenges/{challenge_id}/claim", summary="Collect the reward of a completed challenge of today")
async def claim_challenge(challenge_id: str, request: Request) -> dict[str, Any]:
    user = await require_account(request)
    reward, balance = await store.claim_challenge(request.app.state.db, user.id, challenge_id[:64],
                                                  league_now(request))
    return {"reward": reward, "balance": balance}


# --------------------------------------------------------------------------- hats


@router.get("/shop", summary="The hat shop: prices, what you own, what you wear")
async def shop(request: Request) -> dict[str, Any]:
    user = await require_user(request)
    return await store.shop(request.app.state.db, user.id)


@router.post("/shop/buy", summary="Buy a hat (404 unknown, 402 not enough coins, 409 already owned)")
async def buy(body: HatIn, request: Request) -> dict[str, Any]:
    user = await require_account(request)
    balance = await store.buy_hat(request.app.state.db, user.id, body.hat, league_now(request))
    return {"balance": balance}


@router.post("/hats/equip", summary="Wear one of your hats on your king (null takes it off)")
async def equip(body: EquipIn, request: Request) -> dict[str, Any]:
    user = await require_account(request)
    return {"equipped": await store.equip_hat(request.app.state.db, user.id, body.hat)}


# --------------------------------------------------------------------------- profile, leaderboard


@router.get("/users/{username}/profile", summary="A player's ratings, coins, badges, hats and recent games")
async def profile(username: str, request: Request) -> dict[str, Any]:
    out = await store.profile(request.app.state.db, username[:64])
    if out is None:
        raise ApiError(say("no_such_player"), 404, "not_found")
    return out


@router.get("/leaderboard/{game}", summary="The ranked ladder of one game")
async def leaderboard(game: str, request: Request, speed: str | None = None) -> dict[str, Any]:
    if speed is not None and speed not in SPEEDS:
        raise ApiError(say("speed_one_of", speeds=", ".join(SPEEDS)), 422, "invalid")
    return await store.leaderboard(request.app.state.db, game[:32], speed=speed)


def install(app: FastAPI) -> None:
    """Mount the league API on ``app`` and map league refusals to HTTP errors."""
    app.include_router(router)

    @app.exception_handler(LeagueError)
    async def _league_error(r: Request, e: LeagueError) -> JSONResponse:
        return JSONResponse({"error": in_lang(e.message, i18n.reader_lang(r)), "code": e.code},
                            status_code=STATUS.get(e.code, 400))


__all__ = ["STATUS", "install", "league_now", "me_extra", "router"]
