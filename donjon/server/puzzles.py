"""Puzzles on the site: the pages ``/puzzles``, ``/puzzles/daily``, ``/puzzles/{game}/{id}``
and their JSON API (docs/protocol.md, "Puzzles").

The puzzles come from each game's ``GameInfo.puzzles`` source; this module names no game.
A puzzle is served as the solver's normal seat view (``game.view_and_legal``): what the rules
hide from that seat (the opponent's hand, the decks) stays hidden. The solver sends its
actions one at a time; the server compares each with the stored line (an action that wins
the game at once also counts), answers a right one with the line's replies and a wrong one
with "not the best — try again" and the position back at the start. The first result of a
player on a puzzle moves both Glicko-2 ratings (:mod:`donjon.store.puzzles`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import time
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel

from donjon.games import games, get_game, get_info
from donjon.games.protocol import IllegalAction
from donjon.games.puzzles import Puzzle
from donjon.server import auth, i18n, pages
from donjon.server.api_common import STRICT, ApiError, require_user
from donjon.server.refusals.site import say
from donjon.store import puzzles as store

router = APIRouter()
api = APIRouter(prefix="/api/puzzles", tags=["puzzles"])


# --------------------------------------------------------------------------- the puzzle sets


@cache
def _sets() -> dict[str, tuple[dict[str, Puzzle], Any]]:
    out: dict[str, tuple[dict[str, Puzzle], Any]] = {}
    for g in games():
        if g.info.puzzles is not None:
            src = g.info.puzzles()
            out[g.id] = ({p.id: p for p in src.load()}, src)
    return out


def puzzle_games() -> list[str]:
    return [gid for gid, (ps, _) in _sets().items() if ps]


def find(game: str, puzzle_id: str) -> Puzzle:
    ps = _sets().get(game)
    if ps is None or puzzle_id not in ps[0]:
        raise ApiError(say("no_puzzle", puzzle=puzzle_id, game=game), 404, "unknown_puzzle")
    return ps[0][puzzle_id]


def themes(game: str, puzzle: Puzzle, lang: str) -> list[dict[str, str]]:
    src = _sets()[game][1]
    return [{"id": th, "name": src.theme_names(th).get(lang) or src.theme_names(th)["en"]} for th in puzzle.themes]


@cache
def _every() -> tuple[Puzzle, ...]:
    """Every puzzle of every game, in a fixed order (the daily draw's)."""
    return tuple(p for gid in puzzle_games() for p in sorted(_sets()[gid][0].values(), key=lambda p: p.id))


def daily(day: dt.date) -> Puzzle | None:
    """The puzzle of the UTC ``day``: the same for everyone, drawn from the day's date."""
    every = _every()
    if not every:
        return None
    h = int(hashlib.sha256(f"puzzle:{day.isoformat()}".encode()).hexdigest(), 16)
    return every[h % len(every)]


def _today(request: Request) -> dt.date:
    clock = getattr(request.app.state, "league_clock", None)
    now = float(clock()) if clock is not None else time.time()
    return dt.datetime.fromtimestamp(now, dt.UTC).date()


def same_action(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _state_at(puzzle: Puzzle, progress: int) -> tuple[Any, int]:
    """The state before the solver's action number ``progress`` (0: the start) and its index
    in the line."""
    game = get_game(puzzle.game)
    st = game.setup(puzzle.players, puzzle.seed, puzzle.options)
    steps = puzzle.solver_steps()
    upto = steps[progress] if progress < len(steps) else len(puzzle.line)
    for entry in puzzle.line[:upto]:
        st = game.apply(st, entry["seat"], entry["action"])
    return st, upto


def _frame(puzzle: Puzzle, st: Any) -> dict[str, Any]:
    game = get_game(puzzle.game)
    view, legal = game.view_and_legal(st, puzzle.seat)
    return {"view": view, "legal": legal}


async def _payload(request: Request, puzzle: Puzzle, user_id: int | None, lang: str) -> dict[str, Any]:
    db = request.app.state.db
    att = await store.attempt(db, puzzle.game, puzzle.id, user_id) if user_id is not None else None
    progress = att["progress"] if att else 0
    st, _ = _state_at(puzzle, progress)
    rating = (await store.puzzle_ratings(db, puzzle.game, {puzzle.id: puzzle.rating}))[puzzle.id]
    return {"game": puzzle.game, "id": puzzle.id, "seat": puzzle.seat, "themes": themes(puzzle.game, puzzle, lang),
            "rating": rating, "steps": len(puzzle.solver_steps()), "progress": progress,
            "daily": daily(_today(request)) is puzzle,
            "player": await store.player_rating(db, puzzle.game, user_id), "attempt": att, **_frame(puzzle, st)}


# --------------------------------------------------------------------------- API


@api.get("", summary="The games with puzzles, how many each, and today's puzzle")
async def list_puzzles(request: Request) -> dict[str, Any]:
    d = daily(_today(request))
    return {"games": [{"game": gid, "count": len(_sets()[gid][0])} for gid in puzzle_games()],
            "daily": None if d is None else {"game": d.game, "id": d.id}}


@api.get("/next", summary="A puzzle near the player's rating that they have not tried yet")
async def next_puzzle(request: Request, game: str | None = None) -> dict[str, Any]:
    gids = puzzle_games()
    if game is not None and game not in gids:
        listed = ", ".join(gids) or say("no_puzzle_games")
        raise ApiError(say("no_puzzle_game", game=game, games=listed), 404, "unknown_game")
    gid = game or (gids[0] if gids else None)
    if gid is None:
        raise ApiError(say("no_puzzles"), 404, "no_puzzles")
    user = await auth.current_user(request)
    db = request.app.state.db
    mine = (await store.player_rating(db, gid, user.id if user else None))["rating"]
    done = await store.attempted(db, gid, user.id) if user else set()
    ps = _sets()[gid][0]
    current = await store.puzzle_ratings(db, gid, {p.id: p.rating for p in ps.values()})
    left = [pid for pid in ps if pid not in done] or list(ps)
    pid = min(left, key=lambda p: (abs(current[p] - mine), p))
    return {"game": gid, "id": pid}


@api.get("/daily", summary="Today's puzzle (UTC), the same for everyone")
async def daily_puzzle(request: Request) -> dict[str, Any]:
    d = daily(_today(request))
    if d is None:
        raise ApiError(say("no_puzzles"), 404, "no_puzzles")
    return {"game": d.game, "id": d.id}


@api.get("/{game}/{puzzle_id}", summary="A puzzle as its solver sees it, at the player's current step")
async def get_puzzle(game: str, puzzle_id: str, request: Request) -> dict[str, Any]:
    puzzle = find(game, puzzle_id)
    user = await auth.current_user(request)
    return await _payload(request, puzzle, user.id if user else None, i18n.reader_lang(request))


class ActIn(BaseModel):
    model_config = STRICT
    step: int
    action: dict[str, Any]


@api.post("/{game}/{puzzle_id}/act", summary="Play the solver's next action")
async def act(game: str, puzzle_id: str, body: ActIn, request: Request) -> dict[str, Any]:
    puzzle = find(game, puzzle_id)
    user = await require_user(request)
    lang = i18n.reader_lang(request)
    db = request.app.state.db
    att = await store.attempt(db, game, puzzle_id, user.id)
    progress = att["progress"] if att else 0
    if body.step != progress:
        raise ApiError(say("stale_step", progress=progress, step=body.step), 409, "stale_step")
    eng = get_game(game)
    st, upto = _state_at(puzzle, progress)
    try:
        after = eng.apply(st, puzzle.seat, body.action)
    except IllegalAction as e:
        raise ApiError(e.reason, 400, "illegal_action") from None
    expected = puzzle.line[upto]["action"]
    outcome = eng.outcome(after)
    wins_now = outcome is not None and puzzle.seat in outcome.winners
    correct = same_action(body.action, expected) or wins_now
    replies: list[Any] = []
    done = wins_now
    if correct and not wins_now:
        # The line's replies up to the solver's next action (or the end of the line).
        i = upto + 1
        while i < len(puzzle.line) and puzzle.line[i]["seat"] != puzzle.seat:
            entry = puzzle.line[i]
            after = eng.apply(after, entry["seat"], entry["action"])
            public = get_info(game).public_action
            replies.append({"seat": entry["seat"], "action": public(entry["action"]) if public else entry["action"]})
            i += 1
        done = i >= len(puzzle.line)
    rating = (await store.puzzle_ratings(db, game, {puzzle.id: puzzle.rating}))[puzzle.id]
    try:
        rec = await store.step(db, game, puzzle_id, rating, user.id, progress=progress, correct=correct, done=done,
                               now=time.time())
    except store.StaleStep as e:
        raise ApiError(say("stale_step", progress=e.progress, step=progress), 409, "stale_step") from None
    out = await _payload(request, puzzle, user.id, lang)
    out.update({"correct": correct, "done": done, "replies": replies, "rated": rec["rated"],
                "message": None if correct else i18n.text("puzzle_try_again", lang)})
    if correct:
        out.update(_frame(puzzle, after))  # the position after the replies (or the won one)
        if done:
            out["legal"] = []
    return out


# --------------------------------------------------------------------------- pages


def _boot(**kw: Any) -> dict[str, Any]:
    return {"puzzle": kw}


@router.get("/puzzles", response_class=HTMLResponse, include_in_schema=False)
async def puzzles_page(request: Request) -> Response:
    return await pages.render(request, "puzzle.html", boot=_boot(mode="next", game=request.query_params.get("game")))


@router.get("/puzzles/daily", response_class=HTMLResponse, include_in_schema=False)
async def daily_page(request: Request) -> Response:
    return await pages.render(request, "puzzle.html", boot=_boot(mode="daily"))


@router.get("/puzzles/{puzzle_id}", response_class=HTMLResponse, include_in_schema=False)
async def puzzle_by_id(puzzle_id: str, request: Request) -> Response:
    for gid in puzzle_games():
        if puzzle_id in _sets()[gid][0]:
            return pages.moved(request, f"/puzzles/{gid}/{puzzle_id}")
    return await pages.render(request, "404.html", status=404)


@router.get("/puzzles/{game}/{puzzle_id}", response_class=HTMLResponse, include_in_schema=False)
async def puzzle_page(game: str, puzzle_id: str, request: Request) -> Response:
    if game not in _sets() or puzzle_id not in _sets()[game][0]:
        return await pages.render(request, "404.html", status=404)
    return await pages.render(request, "puzzle.html", boot=_boot(mode="one", game=game, id=puzzle_id))


def home_daily(lang: str) -> dict[str, Any] | None:
    """The home page's daily card: today's puzzle, its game and themes (None: no puzzles)."""
    d = daily(dt.datetime.now(dt.UTC).date())
    if d is None:
        return None
    return {"game": get_info(d.game).name(lang), "themes": [t["name"] for t in themes(d.game, d, lang)],
            "rating": d.rating}


pages.templates.env.globals["daily_puzzle"] = home_daily
