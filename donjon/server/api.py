"""The JSON API (``/api/...``): accounts, lobby, games, replays, exports. OpenAPI at ``/docs``.

Errors are ``{"error": "a sentence for a person", "code": "machine_word"}`` with a 4xx status.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy.exc import IntegrityError

from donjon.games import game_ids, get_info
from donjon.games import games as registered_games
from donjon.games.info import LANGS
from donjon.server import auth
from donjon.server.account import renamed, sessions_ended
from donjon.server.api_common import STRICT, ApiError, require_user, user_json
from donjon.server.auth import AuthError
from donjon.server.export import export, played_games, ratings_before, replay_record
from donjon.server.limits import client_ip
from donjon.server.lobby import TABLE_SCHEMA, LobbyError, TableRequest
from donjon.server.refusals.auth import say as say_auth
from donjon.server.refusals.site import say
from donjon.store import league as league_store
from donjon.store import repo
from donjon.store.models import User

router = APIRouter(prefix="/api")


class Credentials(BaseModel):
    model_config = STRICT
    username: str = Field(max_length=64)
    password: str = Field(max_length=256)


class FillIn(BaseModel):
    model_config = STRICT
    bot_level: str | None = Field(None, description="one of the table's game's bot levels (default: its default)")


class JoinIn(BaseModel):
    model_config = STRICT
    code: str | None = None


async def _me(request: Request) -> dict[str, Any] | None:
    user = await auth.current_user(request)
    if user is None:
        return None
    async with request.app.state.db.read() as s:
        bal = await repo.balance(s, user.id)
    return user_json(user, bal)


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
    hashed = await auth.hash_password(st.hasher, password)
    current = await auth.current_user(request)
    try:
        async with st.db.write() as s:
            if await repo.user_by_name(s, username) is not None:
                raise AuthError(say_auth("username_taken"), 409)
            guest = await repo.user_by_id(s, current.id) if current is not None and current.is_guest else None
            # read again in this transaction: another request of this guest may have registered it
            if guest is not None and not guest.is_guest:
                guest = None
            if guest is not None:
                user = await repo.upgrade_guest(s, guest, username, hashed, st.settings.start_balance)
            else:
                user = await repo.create_user(s, username, hashed, is_guest=False,
                                              start_balance=st.settings.start_balance)
    except IntegrityError:
        # the name (in any case) was registered between the check and the insert: the unique
        # users.username_key refused it, and the transaction was rolled back
        raise AuthError(say_auth("username_taken"), 409) from None
    if guest is not None:  # the guest's games and tables show the new name, live too
        await renamed(st.bus, user.id)
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


@router.post("/logout", summary="End this session (its sockets close)")
async def logout(request: Request, response: Response) -> dict[str, Any]:
    here = auth.session_of(request)
    if here is not None:
        async with request.app.state.db.write() as s:
            await repo.delete_session(s, here)
        await sessions_ended(request.app.state.bus, [here])  # this session's sockets, in other tabs too
    auth.clear_session_cookie(response, secure=request.app.state.settings.cookie_secure)
    return {"ok": True}


@router.post("/guest", summary="Play at once as a guest (friendly games and bots)")
async def guest(request: Request, response: Response) -> dict[str, Any]:
    user = await auth.current_user(request)
    if user is None:
        user = await auth.create_guest(request, response)
    return {"user": user_json(user, 0 if user.is_guest else None)}


# --------------------------------------------------------------------------- lobby


@router.get("/games", summary="The games this server hosts: seats, table options, bot levels, exports")
async def games(lang: str = "en") -> dict[str, Any]:
    lang = lang if lang in LANGS else "en"
    return {"games": [g.info.to_json(lang) for g in registered_games()]}


@router.get("/tables", summary="Open tables anyone may join")
async def tables(request: Request) -> dict[str, Any]:
    user = await auth.current_user(request)
    return {"tables": await request.app.state.lobby.open_tables(user.id if user is not None else None)}


@router.post("/tables", summary="Open a table (against anyone, a friend by invite link, a bot, or a challenge to one player)",
             openapi_extra={"requestBody": {"required": True,
                                            "content": {"application/json": {"schema": TABLE_SCHEMA}}}})
async def open_table(request: Request, response: Response, body: Annotated[Any, Body()] = None) -> dict[str, Any]:
    req = TableRequest.parse(body)  # the one check of a table's terms (lobby.py)
    ip = client_ip(request)
    await request.app.state.lobby.check_bot_slot(req, ip)  # before a visitor without a session gets a guest
    user = await user_or_guest(request, response)
    return {"table": await request.app.state.lobby.open_table(user, req, ip=ip)}


@router.get("/tables/{table_id}", summary="One table")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    user = await auth.current_user(request)
    async with request.app.state.db.read() as s:
        t = await repo.get_table(s, table_id)
        if t is None:
            raise ApiError(say("no_such_table"), 404, "not_found")
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
    return {"table": await request.app.state.lobby.fill_table(user, table_id, body.bot_level if body else None,
                                                              ip=client_ip(request))}


@router.post("/tables/{table_id}/decline", summary="Turn down a challenge addressed to you: the table closes")
async def decline_table(table_id: str, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    return {"table": await request.app.state.lobby.decline_table(user, table_id)}


@router.get("/my-challenges", summary="Your open challenges (tables addressed to one player): received "
                                      "(accept: join; decline) and sent (cancel: delete)")
async def my_challenges(request: Request) -> dict[str, Any]:
    user = await require_user(request)
    return await request.app.state.lobby.challenges(user)  # type: ignore[no-any-return]


@router.delete("/tables/{table_id}", summary="Cancel your open table (or a challenge you sent)")
async def cancel_table(table_id: str, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    await request.app.state.lobby.cancel_table(user, table_id)
    return {"ok": True}


# --------------------------------------------------------------------------- games


@router.get("/live", summary="Games in progress (to watch), the most watched first")
async def live(request: Request) -> dict[str, Any]:
    async with request.app.state.db.read() as s:
        rows = await repo.games_listing(s, status="active", limit=100)
    hub = request.app.state.hub
    for g in rows:
        room = hub.rooms.get(g["id"])
        g["watching"] = 0
        if room is not None:
            g["plies"] = room.match.plies
            # what this node knows: its own spectators, and other nodes' once it holds the room
            g["watching"] = sum(room.crowd.values())
    rows.sort(key=lambda g: -g["watching"])
    return {"games": rows}


@router.get("/my-games", summary="Your games: those in progress first, the ones where it is your turn before the "
                                 "others; and the open challenges you received")
async def my_games(request: Request) -> dict[str, Any]:
    user = await require_user(request)
    async with request.app.state.db.read() as s:
        rows = await repo.games_listing(s, user_id=user.id, limit=50)
    hub = request.app.state.hub
    for g in rows:
        mine = [p["seat"] for p in g["players"] if p["user_id"] == user.id]
        to_act = g.get("to_act")
        room = hub.rooms.get(g["id"]) if g["status"] == "active" else None
        if room is not None:
            to_act = room.match.to_act()
        g["your_turn"] = g["status"] == "active" and any(s in (to_act or []) for s in mine)
        g["result"] = league_store.result_of(g["outcome"], g["status"], mine[0]) if mine else None
    rows.sort(key=lambda g: (g["status"] != "active", not g["your_turn"]))
    received = (await request.app.state.lobby.challenges(user))["received"]
    return {"games": rows, "your_turn": sum(1 for g in rows if g["your_turn"]), "challenges": received}


@router.get("/games/{game_id}", summary="A game's players, status and result (and, once over, each person's rating and coin change)")
async def game_info(game_id: str, request: Request) -> dict[str, Any]:
    async with request.app.state.db.read() as s:
        row = await repo.get_game(s, game_id)
        if row is None:
            raise ApiError(say("no_such_game"), 404, "not_found")
        seats = await repo.game_seats(s, game_id)
        changes = await league_store.game_changes(s, game_id) if row.status != "active" else {}
    out = repo.game_summary(row, seats)
    for p in out["players"]:
        if p["user_id"] in changes:
            p.update(changes[p["user_id"]])
    room = request.app.state.hub.rooms.get(game_id)
    if room is not None:
        out["version"] = room.match.version
        out["plies"] = room.match.plies
    return {"game": out}


async def _finished(request: Request, game_id: str, check: Callable[[Any], None] | None = None) -> tuple[Any, Any, Any]:
    """A finished game's row, seats and log entries (``check(row)`` first, if given)."""
    async with request.app.state.db.read() as s:
        row = await repo.get_game(s, game_id)
        if row is None:
            raise ApiError(say("no_such_game"), 404, "not_found")
        if check is not None:
            check(row)
        if row.status == "active":
            raise ApiError(say("game_active"), 409, "game_active")
        seats = await repo.game_seats(s, game_id)
        entries = await repo.game_entries(s, game_id)
    return row, seats, entries


@router.get("/games/{game_id}/replay", summary="A finished game's record with the public view after every step")
async def replay(game_id: str, request: Request) -> dict[str, Any]:
    row, seats, entries = await _finished(request, game_id)
    async with request.app.state.db.read() as s:
        hats = await league_store.hats_of(s, [x.user_id for x in seats if x.user_id is not None])
    return replay_record(row, seats, entries, hats)


async def _export(request: Request, game_id: str, name: str) -> Response:
    def declared(row: Any) -> None:
        exports = get_info(row.kind).exports if row.kind in game_ids() else ()
        if name not in exports:
            shown = name if len(name) <= 40 else name[:37] + "..."
            listed = ", ".join(exports) or say("no_exports")
            raise ApiError(say("no_export", kind=row.kind, name=shown, exports=listed), 404, "not_found")

    row, seats, entries = await _finished(request, game_id, declared)
    async with request.app.state.db.read() as s:
        ratings = await ratings_before(s, row.id)
    file = export(row, seats, entries, name, site=str(request.base_url).rstrip("/"), ratings=ratings)
    return Response(file.body, media_type=file.media_type,
                    headers={"Content-Disposition": f'attachment; filename="donjon-{row.id}.{file.extension}"'})


_EXPORT_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"description": "the file, as an attachment", "content": {"text/plain": {}}},
    404: {"description": "no such game, or its game has no such export"},
    409: {"description": "the game is still being played"},
}


@router.get("/games/{game_id}/export/{name}", response_class=Response, responses=_EXPORT_RESPONSES,
            summary="A finished game in one of the formats its game declares (GET /api/games: exports)")
async def export_game(game_id: str, name: str, request: Request) -> Response:
    return await _export(request, game_id, name)


MAX_PLAYER_EXPORT = 200
"""Games in one download of a player's games, at most. Such downloads are made one at a time
in a process (``app.state.player_exports``): each replays up to this many games (in a thread,
off the event loop), and the CPU is the games in play's first."""


@router.get("/users/{username}/export/{game}/{name}", response_class=Response,
            responses={**_EXPORT_RESPONSES, 404: {"description": "no such player, game or export"}},
            summary="A player's last finished games of one game, newest first, in one file of a format the "
                    "game declares (PGN: one game after another)")
async def export_player_games(username: str, game: str, name: str, request: Request,
                              limit: Annotated[int, Query(ge=1, le=MAX_PLAYER_EXPORT)] = 100) -> Response:
    if game not in game_ids() or name not in get_info(game).exports:
        raise ApiError(say("no_game_export", game=game, name=name), 404, "not_found")
    async with request.app.state.db.read() as s:
        user = await repo.user_by_name(s, username)
        if user is None:
            raise ApiError(say("no_player", name=username), 404, "not_found")
        stored = await played_games(s, user.id, game, limit)
    site = str(request.base_url).rstrip("/")
    async with request.app.state.player_exports:
        files = await asyncio.to_thread(
            lambda: [export(row, seats, entries, name, site=site, ratings=ratings)
                     for row, seats, entries, ratings in stored])
    body = "\n".join(f.body.rstrip("\n") + "\n" for f in files)  # a blank line between two games
    extension = files[0].extension if files else name
    media_type = files[0].media_type if files else "text/plain"
    return Response(body, media_type=media_type, headers={
        "Content-Disposition": f'attachment; filename="donjon-{user.username}-{game}.{extension}"'})


@router.get("/games/{game_id}/pgn", response_class=Response, responses=_EXPORT_RESPONSES,
            summary="A finished game as PGN, for a game that declares the pgn export (= /export/pgn)")
async def pgn(game_id: str, request: Request) -> Response:
    return await _export(request, game_id, "pgn")


@router.get("/users/{username}", summary="A public profile")
async def profile(username: str, request: Request) -> dict[str, Any]:
    async with request.app.state.db.read() as s:
        user = await repo.user_by_name(s, username)
        if user is None or user.is_guest:
            raise ApiError(say("no_such_player"), 404, "not_found")
        stats = await repo.user_stats(s, user.id)
        games_ = await repo.games_listing(s, user_id=user.id, limit=20)
        bal = await repo.balance(s, user.id)
    return {"user": {"username": user.username, "created_at": user.created_at, "balance": bal, **stats},
            "games": games_}


__all__ = ["ApiError", "LobbyError", "router"]
