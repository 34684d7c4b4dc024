"""HTML pages (Jinja2 shells driven by plain ES modules under ``/static/js``).

The pages know games only through the registry: every page gets ``games`` (each
registered game's ``GameInfo.to_json(lang)``) in its template context and in its boot data,
so the nav, the lobby form, the game and replay pages and the profile are built from it. A
game's own templates (its rules and cards pages) live in its package and are found as
``<id>/<name>.html`` (:class:`GameTemplates`); its static files are served at
``/static/<id>/`` (app.py, :func:`game_static_dirs`).
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, TemplateNotFound

from donjon.games import game_ids, games, get_info
from donjon.server import account, auth, blocks, gctune, i18n, notices
from donjon.store import league as league_store
from donjon.store import moderation, repo

WEB = Path(__file__).resolve().parent.parent / "web"


class GameTemplates(BaseLoader):
    """Finds ``<id>/<name>`` in the ``templates`` folder of the registered game ``<id>``."""

    def __init__(self) -> None:
        self._loaders: dict[Path, FileSystemLoader] = {}

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Any]:
        game, _, rest = template.partition("/")
        folder = get_info(game).templates_dir() if rest and game in game_ids() else None
        if folder is None:
            raise TemplateNotFound(template)
        loader = self._loaders.setdefault(folder, FileSystemLoader(str(folder)))
        return loader.get_source(environment, rest)


templates = Jinja2Templates(env=Environment(
    loader=ChoiceLoader([FileSystemLoader(str(WEB / "templates")), GameTemplates()]), autoescape=True))


def game_static_dirs() -> dict[str, Path]:
    """Each registered game's ``web`` folder by game id, served at ``/static/<id>/``.

    A game id may not name one of the site's own folders (``/static/js``, a template
    folder), which the game's files would hide or be hidden by."""
    shell = {p.name for p in (WEB / "static").iterdir()} | {p.name for p in (WEB / "templates").iterdir()}
    out = {}
    for info in (g.info for g in games()):
        if info.id in shell:
            raise ValueError(f"game id {info.id!r} names a folder of the site's own web files")
        folder = info.web_dir()
        if folder is not None:
            out[info.id] = folder
    return out
router = APIRouter(include_in_schema=False)
ops = APIRouter(tags=["ops"])


def _date(ts: float | None) -> str:
    if not ts:
        return ""
    return dt.datetime.fromtimestamp(ts, dt.UTC).strftime("%Y-%m-%d")


templates.env.filters["date"] = _date


def moved(request: Request, path: str, status: int = 307) -> RedirectResponse:
    """A redirect to ``path`` that keeps the request's query (``?lang=`` among it), after
    ``path``'s own."""
    query = request.url.query
    if query:
        path += ("&" if "?" in path else "?") + query
    return RedirectResponse(path, status_code=status)


def back_here(request: Request) -> str:
    """The query that brings a visitor back to this page after logging in or signing up
    (``?next=/g/abc``; auth.js goes there once it stays on this site): on the log-in and
    sign-up pages the ``next`` they were given, on the home page nothing."""
    path = request.url.path
    if path in ("/login", "/register"):
        nxt = request.query_params.get("next")
        return "?" + urlencode({"next": nxt}) if nxt else ""
    if path == "/":
        return ""
    return "?" + urlencode({"next": path + ("?" + request.url.query if request.url.query else "")})


async def render(request: Request, name: str, status: int = 200, **ctx: Any) -> Response:
    lang = i18n.reader_lang(request)
    user = await auth.current_user(request)
    me = None
    if user is not None:
        async with request.app.state.db.read() as s:
            me = {"id": user.id, "username": user.username, "guest": user.is_guest,
                  "balance": await repo.balance(s, user.id)}
    t = i18n.strings(lang)
    infos = [g.info.to_json(lang) for g in games()]
    # "now": when the page was made (server time), which its scripts compare with stored times
    boot = {"lang": lang, "user": me, "t": t, "games": infos, "now": round(time.time(), 3), **ctx.pop("boot", {})}
    notice = await request.app.state.notices.for_page(lang, request.cookies.get(notices.SEEN_COOKIE))
    context = {"lang": lang, "t": t, "me": me, "notice": notice, "boot_json": json.dumps(boot).replace("</", "<\\/"),
               "games": infos, "game_info": {g["id"]: g for g in infos},
               "game_name": lambda k: i18n.game_name(k, lang), "path": request.url.path, "back": back_here(request),
               **ctx}
    resp = templates.TemplateResponse(request, name, context, status_code=status)
    q = request.query_params.get("lang")
    if q in i18n.LANGS:
        resp.set_cookie("lang", q, max_age=365 * 86400, samesite="lax")
    return resp


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> Response:
    return await render(request, "home.html")


@router.get("/login", response_class=HTMLResponse)
async def login_page(request: Request) -> Response:
    return await render(request, "login.html", mode="login")


@router.get("/register", response_class=HTMLResponse)
async def register_page(request: Request) -> Response:
    return await render(request, "login.html", mode="register", least=auth.MIN_PASSWORD)


@router.get("/account", response_class=HTMLResponse)
async def account_page(request: Request) -> Response:
    """Your password and sessions (donjon/server/account.py); a visitor logs in first."""
    user = await auth.current_user(request)
    if user is None:
        return moved(request, "/login?next=/account", 303)
    sessions = [] if user.is_guest else await account.sessions_json(request, user)
    return await render(request, "account.html", least=auth.MIN_PASSWORD,
                        boot={"sessions": sessions, "blocked": await blocks.blocked_json(request, user.id)})


@router.get("/my-games", response_class=HTMLResponse)
async def my_games_page(request: Request) -> Response:
    return await render(request, "my_games.html")


@router.get("/watch", response_class=HTMLResponse)
async def watch_page(request: Request) -> Response:
    return await render(request, "watch.html")


async def _not_found(request: Request) -> Response:
    return await render(request, "404.html", status=404)


@router.get("/games/{game}/{page}", response_class=HTMLResponse)
async def game_doc_page(game: str, page: str, request: Request) -> Response:
    """One of a game's ``docs_pages``: its rules (``/games/<id>/rules``) or its cards."""
    if game not in game_ids() or page not in get_info(game).docs_pages:
        return await _not_found(request)
    return await render(request, f"{game}/{page}.html", rules_url="rules", cards_url="cards")


@router.get("/games/{game}/{page}/fragment", response_class=HTMLResponse)
async def game_doc_fragment(game: str, page: str, request: Request) -> Response:
    """The content of one of a game's ``docs_pages`` without the site around it, for the game
    page's rules drawer (web/static/js/drawer.js): the page template's ``content`` block,
    rendered in the reader's language, its links to the game's other pages absolute."""
    if game not in game_ids() or page not in get_info(game).docs_pages:
        return HTMLResponse("Not found", status_code=404)
    try:
        template = templates.env.get_template(f"{game}/{page}.html")
    except TemplateNotFound:
        return HTMLResponse("Not found", status_code=404)
    block = template.blocks.get("content") or template.blocks.get("main")
    if block is None:
        return HTMLResponse("Not found", status_code=404)
    lang = i18n.reader_lang(request)
    context = template.new_context({"lang": lang, "t": i18n.strings(lang), "path": request.url.path,
                                    "rules_url": f"/games/{game}/rules", "cards_url": f"/games/{game}/cards"})
    return HTMLResponse("".join(block(context)))


async def _stored_game(request: Request, game_id: str) -> tuple[Any, list[Any]] | None:
    """The game's row and seats, or None if there is no such game."""
    async with request.app.state.db.read() as s:
        row = await repo.get_game(s, game_id)
        return None if row is None else (row, await repo.game_seats(s, game_id))


@router.get("/g/{game_id}", response_class=HTMLResponse)
async def game_page(game_id: str, request: Request) -> Response:
    found = await _stored_game(request, game_id)
    if found is None:
        return await _not_found(request)
    row, seats = found
    user = await auth.current_user(request)
    seat = next((x.seat for x in seats if user is not None and x.user_id == user.id), None)
    summary = repo.game_summary(row, seats)
    blocked: list[int] = []
    muted: float | None = None
    others = [x.user_id for x in seats if user is not None and x.user_id not in (None, user.id)]
    if seat is not None and user is not None and others:  # the chat: hides those they blocked; says a mute
        async with request.app.state.db.read() as s:
            blocked = await repo.blocked_of(s, user.id, others)
            muted = await moderation.muted_until(s, user.id)
    ratings: dict[int, dict[str, Any]] = {}
    info = get_info(row.kind)
    if row.mode == "ranked" and row.status == "active" and info.rated and not info.cooperative:
        async with request.app.state.db.read() as s:  # the Elo each player brings to the board
            ratings = await league_store.seat_ratings(
                s, row.kind, {x.seat: x.user_id for x in seats if x.user_id is not None and not x.bot_level})
    return await render(request, "game.html", game=summary, seat=seat,
                        boot={"game": summary, "seat": seat, "mode": "play" if seat is not None else "watch",
                              "blocked": blocked, "muted_until": muted, "ratings": ratings})


@router.get("/g/{game_id}/replay", response_class=HTMLResponse)
async def replay_page(game_id: str, request: Request) -> Response:
    found = await _stored_game(request, game_id)
    if found is None:
        return await _not_found(request)
    summary = repo.game_summary(*found)
    return await render(request, "replay.html", game=summary, boot={"game": summary})


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(table_id: str, request: Request) -> Response:
    async with request.app.state.db.read() as s:
        table = await repo.get_table(s, table_id)
        if table is None:
            return await _not_found(request)
        creator = await repo.user_by_id(s, table.creator_id)
    user = await auth.current_user(request)
    from donjon.server.lobby import table_json

    mine = user is not None and user.id == table.creator_id
    tj = table_json(table, creator.username if creator else "?", with_code=mine)
    return await render(request, "table.html", table=tj, mine=mine,
                        boot={"table": tj, "mine": mine, "code": request.query_params.get("code")})


@router.get("/u/{username}", response_class=HTMLResponse)
async def profile_page(username: str, request: Request) -> Response:
    """The old profile address: the profile is ``/profile/{username}`` (league_pages.py)."""
    from urllib.parse import quote

    return moved(request, f"/profile/{quote(username, safe='')}")


@ops.get("/healthz", summary="Liveness and database check")
async def healthz(request: Request) -> JSONResponse:
    try:
        db_ok = await request.app.state.db.ping()
    except Exception:
        db_ok = False
    hub = request.app.state.hub
    log = request.app.state.db.log
    body = {"ok": db_ok, "db": db_ok, "node": request.app.state.settings.node_id, "rooms": len(hub.rooms),
            "log_commits": log.batches, "log_rows": log.rows, "log_commit_seconds": round(log.seconds, 3),
            "log_write_seconds": round(log.write_seconds, 3), "log_commits_on_loop": log.batches_on_loop,
            "gc": gctune.PAUSES.to_json()}
    return JSONResponse(body, status_code=200 if db_ok else 503)
