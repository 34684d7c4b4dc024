"""Tutorials: a short sequence of lessons per game, played on the game's own setups.

A game declares its tutorial with ``GameInfo.tutorial`` (a JSON file in its package; the
format is in docs/protocol.md, "Tutorials"). A lesson is a position (``setup`` handed to
``game.setup``, then ``prelude`` actions applied), the seat the learner plays, a sentence, a
hint and the expected action(s). The rules stay the engine's: the learner's intent goes to
``game.apply`` on the lesson's state; a refusal answers with the engine's reason, a legal
action that is not the lesson's with the lesson's hint, the expected one with the position
after it (and the other seats' scripted replies) and the next lesson. Nothing is kept
between requests but the player's progress (``tutorial_progress``): the lesson's index is
the whole state, rebuilt from the data on each request.

Pages: ``/learn`` (every game with a tutorial, with the player's progress) and
``/learn/<game>``; API under ``/api/learn``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel
from sqlalchemy import select

from donjon.games import game_ids, games, get_game, get_info
from donjon.games.info import LANGS, pick
from donjon.games.protocol import IllegalAction
from donjon.server import auth, i18n
from donjon.server.api_common import STRICT, ApiError, require_user
from donjon.server.pages import render
from donjon.server.refusals.site import say
from donjon.store import repo
from donjon.store.models import TutorialProgressRow

api = APIRouter(prefix="/api/learn", tags=["tutorials"])
pages = APIRouter(include_in_schema=False)


# ----------------------------------------------------------------------------- the data


class TutorialError(ValueError):
    """A tutorial file that does not follow the format (a message for its author)."""


@dataclass(frozen=True)
class Lesson:
    id: str
    title: dict[str, str]
    text: dict[str, str]
    hint: dict[str, str]
    done: dict[str, str]
    setup: dict[str, Any]
    seat: int
    prelude: tuple[dict[str, Any], ...]
    expect: tuple[dict[str, Any], ...]
    solution: dict[str, Any]
    replies: tuple[dict[str, Any], ...]
    highlight: tuple[str, ...]

    def expects(self, action: Any) -> bool:
        """``action`` matches one of the lesson's matchers (each field of the matcher equal)."""
        return isinstance(action, dict) and any(all(action.get(k) == v for k, v in m.items()) for m in self.expect)


@dataclass(frozen=True)
class Tutorial:
    game: str
    lessons: tuple[Lesson, ...]
    finish: dict[str, str]


def _texts(raw: Any, where: str) -> dict[str, str]:
    if not isinstance(raw, dict) or any(not isinstance(raw.get(lang), str) or not raw[lang] for lang in LANGS):
        raise TutorialError(f"{where} needs a text in each of {', '.join(LANGS)}")
    return {lang: raw[lang] for lang in LANGS}


def _steps(raw: Any, where: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list) or any(not isinstance(x, dict) or set(x) != {"seat", "action"}
                                        or not isinstance(x["action"], dict) for x in raw):
        raise TutorialError(f"{where} is a list of {{seat, action}}")
    return tuple(raw)


def parse(game: str, data: Any) -> Tutorial:
    """The tutorial of ``game`` from its JSON; :class:`TutorialError` for a malformed one."""
    if not isinstance(data, dict) or not isinstance(data.get("lessons"), list) or not data["lessons"]:
        raise TutorialError(f"{game}: a tutorial is an object with a non-empty list of lessons")
    base = data.get("setup", {})
    lessons = []
    for i, raw in enumerate(data["lessons"]):
        where = f"{game} lesson {i + 1}"
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise TutorialError(f"{where}: a lesson is an object with an id")
        setup = {**base, **raw.get("setup", {})}
        if set(setup) - {"players", "seed", "options"}:
            raise TutorialError(f"{where}: setup holds players, seed and options")
        expect = raw.get("expect")
        if not isinstance(expect, list) or not expect or any(not isinstance(m, dict) or not m for m in expect):
            raise TutorialError(f"{where}: expect is a non-empty list of action matchers")
        seat, solution = raw.get("seat", data.get("seat", 0)), raw.get("solution")
        if type(seat) is not int or not isinstance(solution, dict):
            raise TutorialError(f"{where}: seat is a seat number and solution an action")
        lesson = Lesson(
            id=raw["id"], title=_texts(raw.get("title"), f"{where} title"), text=_texts(raw.get("text"), f"{where} text"),
            hint=_texts(raw.get("hint"), f"{where} hint"), done=_texts(raw.get("done"), f"{where} done"),
            setup=setup, seat=seat, prelude=_steps(raw.get("prelude", []), f"{where} prelude"), expect=tuple(expect),
            solution=solution, replies=_steps(raw.get("replies", []), f"{where} replies"),
            highlight=tuple(raw.get("highlight", ())))
        if not lesson.expects(solution):
            raise TutorialError(f"{where}: the solution is an action the lesson expects")
        if any(not isinstance(h, str) for h in lesson.highlight):
            raise TutorialError(f"{where}: highlight is a list of CSS selectors")
        lessons.append(lesson)
    if len({x.id for x in lessons}) != len(lessons):
        raise TutorialError(f"{game}: two lessons share an id")
    return Tutorial(game, tuple(lessons), _texts(data.get("finish"), f"{game} finish"))


@cache
def tutorial(game: str) -> Tutorial | None:
    """The registered game's tutorial, or ``None`` when it declares none."""
    path = get_info(game).tutorial_path() if game in game_ids() else None
    if path is None:
        return None
    return parse(game, json.loads(path.read_text(encoding="utf-8")))


def with_tutorials() -> list[str]:
    """The ids of the registered games that have a tutorial, in the registry's order."""
    return [g.info.id for g in games() if g.info.tutorial is not None]


def lesson_state(game: str, lesson: Lesson) -> Any:
    """The lesson's position: the game's setup, then the prelude's actions."""
    g = get_game(game)
    st = g.setup(lesson.setup.get("players", g.info.default_seats), lesson.setup.get("seed", 0),
                 dict(lesson.setup.get("options", {})))
    for step in lesson.prelude:
        st = g.apply(st, step["seat"], step["action"])
    return st


def play(game: str, lesson: Lesson, action: Any) -> tuple[Any, Any]:
    """The learner plays ``action`` in ``lesson``: the state after it and after the scripted
    replies. :class:`IllegalAction` (the engine's reason) for an action the rules refuse."""
    g = get_game(game)
    after = g.apply(lesson_state(game, lesson), lesson.seat, action)
    st = after
    for step in lesson.replies:
        st = g.apply(st, step["seat"], step["action"])
    return after, st


# ----------------------------------------------------------------------------- helpers


def _tutorial(game: str) -> Tutorial:
    tut = tutorial(game) if game in game_ids() else None
    if tut is None:
        raise ApiError(say("no_tutorial"), 404, "not_found")
    return tut


def _lesson(tut: Tutorial, n: int) -> Lesson:
    if not 0 <= n < len(tut.lessons):
        raise ApiError(say("lesson_range", last=len(tut.lessons) - 1), 404, "not_found")
    return tut.lessons[n]


async def progress_of(request: Request) -> dict[str, dict[str, Any]]:
    """The current user's progress by game (empty for a visitor without a session)."""
    user = await auth.current_user(request)
    if user is None:
        return {}
    async with request.app.state.db.read() as s:
        rows = (await s.execute(select(TutorialProgressRow).where(TutorialProgressRow.user_id == user.id))).scalars()
        return {r.game: {"done": r.done, "finished_at": r.finished_at} for r in rows}


def _summary(game: str, lang: str, progress: dict[str, dict[str, Any]]) -> dict[str, Any]:
    tut = _tutorial(game)
    mine = progress.get(game, {"done": 0, "finished_at": None})
    return {"game": game, "name": get_info(game).name(lang), "lessons": len(tut.lessons),
            "titles": [pick(x.title, lang) for x in tut.lessons], **mine}


def _frame(game: str, state: Any, seat: int, legal: bool = True) -> dict[str, Any]:
    view, actions = get_game(game).view_and_legal(state, seat)
    return {"view": view, "legal": actions if legal else []}


# ----------------------------------------------------------------------------- API


class ActIn(BaseModel):
    model_config = STRICT
    action: dict[str, Any]


@api.get("", summary="The games with a tutorial and your progress in each")
async def list_tutorials(request: Request) -> dict[str, Any]:
    lang, progress = i18n.reader_lang(request), await progress_of(request)
    return {"tutorials": [_summary(g, lang, progress) for g in with_tutorials()]}


@api.get("/{game}", summary="One game's tutorial: its lessons' titles and your progress")
async def get_tutorial(game: str, request: Request) -> dict[str, Any]:
    return {"tutorial": _summary(game, i18n.reader_lang(request), await progress_of(request))}


@api.get("/{game}/lessons/{n}", summary="A lesson: its sentence, the seat you play, the view and legal actions")
async def get_lesson(game: str, n: int, request: Request) -> dict[str, Any]:
    tut = _tutorial(game)
    lesson, lang = _lesson(tut, n), i18n.reader_lang(request)
    st = lesson_state(game, lesson)
    return {"lesson": {"game": game, "index": n, "count": len(tut.lessons), "id": lesson.id,
                       "title": pick(lesson.title, lang), "text": pick(lesson.text, lang),
                       "seat": lesson.seat, "players": lesson.setup.get("players", get_info(game).default_seats),
                       "highlight": list(lesson.highlight), **_frame(game, st, lesson.seat)}}


@api.post("/{game}/lessons/{n}", summary="Play an action in a lesson",
          description="The engine's reason (409, code `illegal`) for an action the rules refuse; the "
                      "lesson's hint (409, code `not_expected`) for a legal action that is not the "
                      "lesson's; else the position after it and your progress. Needs a session "
                      "(a guest's is enough).")
async def act(game: str, n: int, body: ActIn, request: Request) -> dict[str, Any]:
    tut = _tutorial(game)
    lesson, lang = _lesson(tut, n), i18n.reader_lang(request)
    user = await require_user(request)
    try:
        _, st = play(game, lesson, body.action)
    except IllegalAction as e:
        raise ApiError(str(e), 409, "illegal") from None
    if not lesson.expects(body.action):
        raise ApiError(pick(lesson.hint, lang), 409, "not_expected")
    count = len(tut.lessons)
    async with request.app.state.db.write() as s:
        row = await s.get(TutorialProgressRow, (user.id, game))
        now = repo.now()
        if row is None:
            row = TutorialProgressRow(user_id=user.id, game=game, done=0, updated_at=now)
            s.add(row)
        row.done = max(row.done, n + 1)
        row.updated_at = now
        if row.done >= count and row.finished_at is None:
            row.finished_at = now
        done, finished_at = row.done, row.finished_at
    return {"result": {"done": pick(lesson.done, lang), "next": n + 1 if n + 1 < count else None,
                       "finish": pick(tut.finish, lang) if n + 1 >= count else None,
                       **_frame(game, st, lesson.seat, legal=False)},
            "progress": {"done": done, "finished_at": finished_at}}


# ----------------------------------------------------------------------------- pages


@pages.get("/learn", response_class=HTMLResponse)
async def learn_page(request: Request) -> Response:
    lang, progress = i18n.reader_lang(request), await progress_of(request)
    return await render(request, "learn.html", tutorials=[_summary(g, lang, progress) for g in with_tutorials()])


@pages.get("/learn/{game}", response_class=HTMLResponse)
async def learn_game_page(game: str, request: Request) -> Response:
    if game not in game_ids() or tutorial(game) is None:
        return await render(request, "404.html", status=404)
    summary = _summary(game, i18n.reader_lang(request), await progress_of(request))
    return await render(request, "learn_game.html", learn=summary, boot={"learn": summary})
