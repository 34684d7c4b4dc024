"""The FastAPI application: ``create_app(settings)``.

At start: migrations (Alembic), the bus, the hub (which rebuilds every active game from its
action log, restarts absence clocks and bots). OpenAPI at ``/docs``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import donjon
from donjon.bus import make_bus
from donjon.games import game_ids
from donjon.said import in_lang
from donjon.server import (
    account,
    api,
    auth,
    blocks,
    follows,
    gctune,
    headers,
    i18n,
    league_api,
    league_pages,
    pages,
    puzzles,
    reports,
    tutorials,
    ws,
)
from donjon.server.auth import AuthError
from donjon.server.limits import BodyLimit, Limits, RateLimited
from donjon.server.lobby import Lobby, LobbyError
from donjon.server.match import MatchError
from donjon.server.metrics import Metrics
from donjon.server.metrics import router as metrics_router
from donjon.server.notices import NoticeBoard
from donjon.server.origin import OriginCheck
from donjon.server.rooms import Hub
from donjon.server.settings import Settings
from donjon.store import Database
from donjon.store import league as league_store

log = logging.getLogger("donjon.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    # Every game's rules are imported now, with the app: otherwise the first table opened
    # imports them inside its request (~0.2 s with the event loop stalled on the development
    # machine), after `donjon serve` has frozen its start-up objects (gctune).
    game_ids()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(settings.database_url, sqlite_synchronous=settings.sqlite_synchronous,
                      on_finish=league_store.settle_batch)
        await db.migrate()
        bus = make_bus(settings.redis_url, settings.node_id)
        await bus.start()
        hub = Hub(settings, db, bus)
        hub.on_commit = app.state.metrics.on_commit
        app.state.db = db
        app.state.bus = bus
        app.state.hub = hub
        app.state.lobby = Lobby(hub)
        app.state.lobby_sockets = ws.LobbySockets(app)
        app.state.notices = NoticeBoard(db)
        bus.subscribe("lobby", app.state.lobby_sockets.on_bus)
        await hub.start()
        log.info("donjon ready (node %s, %s)", settings.node_id, db.url.split("://")[0])
        if settings.test_game_options:
            log.warning("DONJON_TEST_GAME_OPTIONS is set: new lobby games start from fixed test options")
        try:
            yield
        finally:
            log.info("donjon stopping (node %s)", settings.node_id)
            await hub.stop()
            await bus.stop()
            await db.dispose()

    app = FastAPI(
        title="donjon",
        version=getattr(donjon, "__version__", "0"),
        description="Board games refereed by the server. Real-time play is over WebSocket "
                    "(`/ws/game/{id}`, `/ws/lobby`); see docs/protocol.md.",
        lifespan=lifespan,
        docs_url=None,  # /docs below, with a Content-Security-Policy that lets Swagger UI run
        redoc_url=None,
    )
    app.add_route("/docs", headers.swagger_ui, include_in_schema=False)
    app.state.settings = settings
    app.state.limits = Limits(settings)
    app.state.hasher = auth.password_hasher(settings)
    app.state.metrics = Metrics()
    app.state.player_exports = asyncio.Semaphore(1)  # api.export_player_games: one at a time
    gctune.watch()  # /healthz and /metrics report the garbage collector's pauses
    app.state.metrics.bind(app)
    app.state.limits.on_hit = lambda scope: app.state.metrics.rate_limited.labels(scope).inc()
    app.state.ws_writers = set()
    app.state.draining = False
    app.add_middleware(BodyLimit, limit=settings.max_body)
    for game, folder in pages.game_static_dirs().items():  # before /static, which would take them
        app.mount(f"/static/{game}", StaticFiles(directory=str(folder)), name=f"static-{game}")
    app.mount("/static", StaticFiles(directory=str(pages.WEB / "static")), name="static")
    app.include_router(api.router)
    app.include_router(account.router)
    app.include_router(blocks.router)
    app.include_router(follows.router)
    app.include_router(reports.router)
    league_api.install(app)
    app.include_router(puzzles.api)
    app.include_router(puzzles.router)
    app.include_router(ws.router)
    app.include_router(pages.ops)
    app.include_router(metrics_router)
    app.include_router(league_pages.router)
    app.include_router(tutorials.api)
    app.include_router(tutorials.pages)
    app.include_router(pages.router)

    def _err(status: int, reason: str, code: str) -> JSONResponse:
        return JSONResponse({"error": reason, "code": code}, status_code=status)

    # A refusal's sentence is in the reader's language (the page's: ?lang=, the cookie, then
    # Accept-Language), its code the same in all.
    @app.exception_handler(AuthError)
    async def _auth_error(r: Request, e: AuthError) -> JSONResponse:
        return _err(e.status, in_lang(e.reason, i18n.reader_lang(r)), "auth")

    @app.exception_handler(LobbyError)
    async def _lobby_error(r: Request, e: LobbyError) -> JSONResponse:
        return _err(e.status, in_lang(e.reason, i18n.reader_lang(r)), e.code)

    @app.exception_handler(api.ApiError)
    async def _api_error(r: Request, e: api.ApiError) -> JSONResponse:
        return _err(e.status, in_lang(e.reason, i18n.reader_lang(r)), e.code)

    @app.exception_handler(RateLimited)
    async def _rate_limited(r: Request, e: RateLimited) -> JSONResponse:
        return JSONResponse({"error": in_lang(e.reason, i18n.reader_lang(r)), "code": "rate_limited"},
                            status_code=429, headers={"Retry-After": str(e.retry_after)})

    @app.exception_handler(MatchError)
    async def _match_error(r: Request, e: MatchError) -> JSONResponse:
        return _err(409, in_lang(e.reason, i18n.reader_lang(r)), e.code)

    @app.exception_handler(RequestValidationError)
    async def _validation(_r: Request, e: RequestValidationError) -> JSONResponse:
        parts = []
        for err in e.errors():
            loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{loc}: {err.get('msg')}" if loc else str(err.get("msg")))
        return _err(422, "; ".join(parts) or "invalid request", "invalid")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, e: StarletteHTTPException) -> Any:
        if e.status_code == 404 and not request.url.path.startswith(("/api", "/static")):
            return await pages.render(request, "404.html", status=404)
        return _err(e.status_code, str(e.detail), "http")

    # outside the body limit: a cross-site POST is refused before anything reads its body
    app.add_middleware(OriginCheck, allowed=settings.allowed_origins)
    # outermost: every answer gets the security headers, a refused request's 403 too
    app.add_middleware(headers.SecurityHeaders)
    return app
