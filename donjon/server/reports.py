"""Reporting a player to the site's operators (``POST /api/reports``; the Report button of a
profile and of a game's chat).

``{"username": ..., "reason": "chat" | "cheating" | "name" | "other", "game": <id> | null,
"text": ...}`` stores a report, open until an operator reads and closes it (``donjon reports``,
``donjon account mute``: docs/deploy.md, "Reports and mutes"). ``game`` is a game the
reported player sat at (its chat is then shown to the operator with the report); ``text`` is
the reporter's words, up to :data:`MAX_TEXT` characters, required for ``other``. Nobody but the
operators sees a report; the reported player is not told.

Refused, nothing stored: yourself (400), no such player or game (404), a game the player did
not sit at (400 ``not_in_game``), the same report while the first is open (409
``already_reported``), more than :data:`MAX_OPEN` open reports of one player (429
``too_many_reports``). Guests report and are reported as anyone (they chat).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from donjon.server.api_common import STRICT, ApiError, other_player, require_user
from donjon.server.refusals.site import say
from donjon.store import moderation, repo

router = APIRouter(prefix="/api/reports", tags=["account"])

MAX_TEXT = 500
"""Characters of a report's text, at most (the column's width)."""
MAX_OPEN = 10
"""Reports of one player still open, at most."""
REASONS = ("chat", "cheating", "name", "other")


class ReportIn(BaseModel):
    model_config = STRICT
    username: str = Field(max_length=64)
    reason: Literal["chat", "cheating", "name", "other"]
    game: str | None = Field(default=None, max_length=32)
    text: str = Field(default="", max_length=4 * MAX_TEXT)


def clean_text(text: str) -> str:
    """``text`` trimmed, or :class:`ApiError`: at most :data:`MAX_TEXT` characters, line
    breaks but no other control characters.

    >>> clean_text("  he said\\nthings  ")
    'he said\\nthings'
    """
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise ApiError(say("report_too_long", most=MAX_TEXT, length=len(text)))
    if any(c != "\n" and unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text):
        raise ApiError(say("report_control"))
    return text


@router.post("", summary="Report a player to the site's operators")
async def report(body: ReportIn, request: Request) -> dict[str, Any]:
    user = await require_user(request)
    text = clean_text(body.text)
    if body.reason == "other" and not text:
        raise ApiError(say("report_say_what"))
    async with request.app.state.db.write() as s:
        other = await other_player(s, user, body.username, say("self_report"))
        if body.game is not None:
            if await repo.get_game(s, body.game) is None:
                raise ApiError(say("no_game", game=body.game), 404, "not_found")
            if other.id not in {seat.user_id for seat in await repo.game_seats(s, body.game)}:
                raise ApiError(say("not_in_game", name=other.username, game=body.game), 400, "not_in_game")
        if await moderation.has_open_report(s, user.id, other.id, body.reason, body.game):
            raise ApiError(say("already_reported", name=other.username), 409, "already_reported")
        if await moderation.count_open_reports_by(s, user.id) >= MAX_OPEN:
            raise ApiError(say("too_many_reports", most=MAX_OPEN), 429, "too_many_reports")
        report_id = await moderation.add_report(s, user.id, other.id, body.reason, body.game, text)
    return {"report": {"id": report_id}}
