"""The JSON API (``/api/...``): accounts, lobby, games, replays, PGN. OpenAPI at ``/docs``.

Errors are ``{"error": "a sentence for a person", "code": "machine_word"}`` with a 4xx status.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from donjon.games import game_ids, get_game
from donjon.server import auth
from donjon.server.auth import AuthError
from donjon.server.export import EXPORTERS, replay_record
from donjon.server.lobby import LobbyError, TableRequest
from donjon.store import league as league_store
from donjon.store import repo
from donjon.store.models import User

router = APIRouter(prefix="/api")


class ApiError(Exception):
    def __init__(self, reason: str, status: int = 400, code: str = "bad_request") -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.code = code


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(max_length=64)
    password: str = Field(max_length=256)


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = "unfairchess"
    mode: Literal["friendly", "ranked"] = "friendly"
    stake: int = Field(0, ge=0, le=1_000_000)
    color: Literal["white", "black", "random"] = "random"
    opponent: Literal["anyone", "invite", "bot"] = "anyone"
    bot_level: Literal["easy", "normal", "hard"] | None = None
    seats: int | None = Field(None, ge=1, le=4, description="UnfairChess 2, Castel 2–4, Citadel 1–4 (default 2)")
    bots: int | None = Field(None, ge=0, le=3, description="seats given to bots at once (friendly, stake 0)")
    difficulty: Literal["easy", "normal", "hard"] | None = Field(None, description="Citadel only")


class FillIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot_level: Literal["easy", "normal", "hard"] | None = None


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str | None = None


def user_json(user: User, balance: int | None = None) -> dict[str, Any]:
    return {"id": user.id, "username": user.username, "guest": user.is_guest, "balance": balance}


async def _me(request: Request) -> dict[str, Any] | None:
    user = await auth.current_user(request)
    if user is None:
        return None
    async with request.app.state.db.read() as s:
        bal = await repo.balance(s, user.id)
    return user_json(user, bal)


async def require_user(request: Request) -> User:
    user = await auth.current_user(request)
    if user is None:
        raise ApiError("log in or play as a guest first", 401, "login_required")
    return user


async def user_or_guest(request: Request, response: Response) -> User:
    """Instant play: a visitor without a session gets a guest account on the spot."""
    user = await auth.current_user(request)
    if user is None:
        user = await auth.create_guest(request, response)
    return user


# --------------------------------------------------------------------------- accounts


@router.get("/me", summary="The logged-in user, or null")
async def me(request: Request) -> dict[str, Any]:
    user = await auth.current_user(request)
    if user is None:
        return {"user": None}
    from donjon.server.league_api import me_extra  # credits the daily bonus of the day

    return {"user": {**user_json(user), **await me_extra(request, user)}}


@router.post("/register", summary="Create an account and log in (a guest keeps their games)")
async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    st = request.app.state
    username, password = auth.check_credentials(body.username, body.password)
    auth.count_register(request)
    hashed = await auth.hash_password(password)
    current = await auth.current_user(request)
    async with st.db.write() as s:
        if await repo.user_by_name(s, username) is not None:
            raise AuthError("that username is taken", 409)
        if current is not None and current.is_guest:
            guest = await repo.user_by_id(s, current.id)
            assert guest is not None
            user = await repo.upgrade_guest(s, guest, username, hashed, st.settings.start_balance)
        else:
            user = await repo.create_user(s, username, hashed, is_guest=False,
                                          start_balance=st.settings.start_balance)
    token = await auth.new_session(st, user.id)
    auth.set_session_cookie(response, token, secure=st.settings.cookie_secure, days=st.settings.session_days)
    return {"user": user_json(user, st.settings.start_balance)}


@router.post("/login", summary="Log in with username and password")
async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    st = request.app.state
    async with st.db.read() as s:
        user = await repo.user_by_name(s, body.username)
    user = await auth.verify_login(request, user, body.username, body.password)
    token = await auth.new_session(st, user.id)
    auth.set_session_cookie(response, token, secure=st.settings.cookie_secure, days=st.settings.session_days)
    async with st.db.read() as s:
        bal = await repo.balance(s, user.id)
    return {"user": user_json(user, bal)}


@router.post("/logout", summary="End this session")
async def logout(request: Request, response: Response) -> dict[str, Any]:
    token = request.cookies.get(auth.COOKIE)
    if token:
        async with request.app.state.db.write() as s:
            await repo.delete_session(s, auth.token_hash(token))
    auth.clear_session_cookie(response, secure=request.app.state.settings.cookie_secure)
    return {"ok": True}


@router.post("/guest", summary="Play at once as a guest (friendly games and bots)")
async def guest(request: Request, response: Response) -> dict[str, Any]:
    user = await auth.current_user(request)
    if user is None:
        user = await auth.create_guest(request, response)
    return {"user": user_json(user, 0 if user.is_guest else None)}


# --------------------------------------------------------------------------- lobby


@router.get("/games", summary="The games this server hosts")
async def games() -> dict[str, Any]:
    out = []
    for gid in game_ids():
        g = get_game(gid)
        out.append({"id": gid, "min_players": g.min_players, "max_players": g.max_players,
                    "cooperative": g.cooperative})
    return {"games": out}


@router.get("/tables", summary="Open tables anyone may join")
async def tables(request: Request) -> dict[str, Any]:
    return {"tables": await request.app.state.lobby.open_tables()}


@router.post("/tables", summary="Open a table (against anyone, a friend by invite link, or a bot)")
async def open_table(body: TableIn, request: Request, response: Response) -> dict[str, Any]:
    user = await user_or_guest(request, response)
    req = TableRequest.parse(body.model_dump())
    return {"table": await request.app.state.lobby.open_table(user, req)}


@router.get("/tables/{table_id}", summary="One table")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    user = await auth.current_user(request)
    async with request.app.state.db.read() as s:
        t = await repo.get_table(s, table_id)
        if t is None:
            raise ApiError("there is no such table", 404, "not_found")
        creator = await repo.user_by_id(s, t.creator_id)
    from donjon.server.lobby import table_json

    return {"table": table_json(t, creator.username if creator else "?",
                                with_code=user is not None and user.id == t.creator_id)}


@router.post("/tables/{table_id}/join", summary="Sit at an open table; the game starts when every seat is taken")
async def join_table(table_id: str, request: Request, response: Response, body: JoinIn | None = None) -> dict[str, Any]:
    user = await user_or_guest(request, response)
    code = (body.code if body else None) or request.query_params.get("code")
    return {"table": await request.app.state.lobby.join_table(user, table_id, code)}


@router.post("/tables/{table_id}/leave", summary="Get up from a table whose game has not started")
async def leave_table(table_id: str, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    return {"table": await request.app.state.lobby.leave_table(user, table_id)}


@router.post("/tables/{table_id}/fill", summary="Your table: give every open seat to a bot; the game starts")
async def fill_table(table_id: str, request: Request, body: FillIn | None = None) -> dict[str, Any]:
    user = await require_user(request)
    return {"table": await request.app.state.lobby.fill_table(user, table_id, body.bot_level if body else None)}


@router.delete("/tables/{table_id}", summary="Cancel your open table")
async def cancel_table(table_id: str, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    await request.app.state.lobby.cancel_table(user, table_id)
    return {"ok": True}


# --------------------------------------------------------------------------- games


@router.get("/live", summary="Games in progress (to watch)")
async def live(request: Request) -> dict[str, Any]:
    async with request.app.state.db.read() as s:
        rows = await repo.games_listing(s, status="active", limit=100)
    hub = request.app.state.hub
    for g in rows:
        room = hub.rooms.get(g["id"])
        if room is not None:
            g["plies"] = room.match.plies
    return {"games": rows}


@router.get("/my-games", summary="Your games, newest first")
async def my_games(request: Request) -> dict[str, Any]:
    user = await require_user(request)
    async with request.app.state.db.read() as s:
        rows = await repo.games_listing(s, user_id=user.id, limit=50)
    return {"games": rows}


@router.get("/games/{game_id}", summary="A game's players, status and result")
async def game_info(game_id: str, request: Request) -> dict[str, Any]:
    async with request.app.state.db.read() as s:
        row = await repo.get_game(s, game_id)
        if row is None:
            raise ApiError("there is no such game", 404, "not_found")
        seats = await repo.game_seats(s, game_id)
    out = repo.game_summary(row, seats)
    room = request.app.state.hub.rooms.get(game_id)
    if room is not None:
        out["version"] = room.match.version
        out["plies"] = room.match.plies
    return {"game": out}


async def _finished(request: Request, game_id: str) -> tuple[Any, Any, Any]:
    async with request.app.state.db.read() as s:
        row = await repo.get_game(s, game_id)
        if row is None:
            raise ApiError("there is no such game", 404, "not_found")
        if row.status == "active":
            raise ApiError("this game is still being played: watch it live", 409, "game_active")
        seats = await repo.game_seats(s, game_id)
        entries = await repo.game_entries(s, game_id)
    return row, seats, entries


@router.get("/games/{game_id}/replay", summary="A finished game's record with the public view after every step")
async def replay(game_id: str, request: Request) -> dict[str, Any]:
    row, seats, entries = await _finished(request, game_id)
    async with request.app.state.db.read() as s:
        hats = await league_store.hats_of(s, [x.user_id for x in seats if x.user_id is not None])
    return replay_record(row, seats, entries, hats)


@router.get("/games/{game_id}/pgn", summary="PGN of a finished UnfairChess game (cards as comments)",
            response_class=PlainTextResponse)
async def pgn(game_id: str, request: Request) -> PlainTextResponse:
    row, seats, entries = await _finished(request, game_id)
    exporter = EXPORTERS.get(row.kind)
    if exporter is None:
        raise ApiError(f"no PGN for {row.kind} games", 404, "not_found")
    site = str(request.base_url).rstrip("/")
    text = exporter(row, seats, entries, site)
    return PlainTextResponse(text, media_type="application/x-chess-pgn",
                             headers={"Content-Disposition": f'attachment; filename="donjon-{row.id}.pgn"'})


@router.get("/users/{username}", summary="A public profile")
async def profile(username: str, request: Request) -> dict[str, Any]:
    async with request.app.state.db.read() as s:
        user = await repo.user_by_name(s, username)
        if user is None or user.is_guest:
            raise ApiError("there is no such player", 404, "not_found")
        stats = await repo.user_stats(s, user.id)
        games_ = await repo.games_listing(s, user_id=user.id, limit=20)
        bal = await repo.balance(s, user.id)
    return {"user": {"username": user.username, "created_at": user.created_at, "balance": bal, **stats},
            "games": games_}


__all__ = ["ApiError", "LobbyError", "router"]
