"""Players' reports to the site's operators, and mutes, in the database.

A :class:`~donjon.store.models.ReportRow` is open until an operator closes it (``donjon
reports close``); a mute is ``users.muted_until``, read by the chat before each line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Select, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from donjon.store.models import GameChatRow, GameSeatRow, ReportRow, User
from donjon.store.repo import now


@dataclass(frozen=True)
class Report:
    """A report as an operator reads it: the two players by their names of today."""

    id: int
    reporter: str
    user: str
    user_id: int
    reason: str
    game_id: str | None
    text: str
    created_at: float
    closed_at: float | None
    note: str | None


async def add_report(s: AsyncSession, reporter_id: int, user_id: int, reason: str, game_id: str | None,
                     text: str) -> int:
    row = ReportRow(reporter_id=reporter_id, user_id=user_id, reason=reason, game_id=game_id, text=text,
                    created_at=now())
    s.add(row)
    await s.flush()
    return row.id


async def has_open_report(s: AsyncSession, reporter_id: int, user_id: int, reason: str, game_id: str | None) -> bool:
    """Whether ``reporter_id`` already reported ``user_id`` for ``reason`` about ``game_id``
    (or about no game), and no operator closed it yet."""
    game = ReportRow.game_id.is_(None) if game_id is None else ReportRow.game_id == game_id
    q = select(ReportRow.id).where(ReportRow.reporter_id == reporter_id, ReportRow.user_id == user_id,
                                   ReportRow.reason == reason, game, ReportRow.closed_at.is_(None))
    return (await s.execute(q.limit(1))).first() is not None


async def count_open_reports_by(s: AsyncSession, reporter_id: int) -> int:
    q = select(func.count()).select_from(ReportRow).where(ReportRow.reporter_id == reporter_id,
                                                          ReportRow.closed_at.is_(None))
    return int((await s.execute(q)).scalar_one())


def _reports_query() -> Select[ReportRow, str, str]:
    reporter, user = aliased(User), aliased(User)
    return (select(ReportRow, reporter.username, user.username)
            .join(reporter, reporter.id == ReportRow.reporter_id)
            .join(user, user.id == ReportRow.user_id))


def _report(row: ReportRow, reporter: str, user: str) -> Report:
    return Report(row.id, reporter, user, row.user_id, row.reason, row.game_id, row.text, row.created_at, row.closed_at, row.note)


async def reports(s: AsyncSession, *, closed: bool = False, user_id: int | None = None,
                  limit: int = 200) -> list[Report]:
    """The open reports, oldest first (``closed``: every report, the newest first), of
    ``user_id`` alone if given."""
    q = _reports_query()
    if not closed:
        q = q.where(ReportRow.closed_at.is_(None)).order_by(ReportRow.id)
    else:
        q = q.order_by(ReportRow.id.desc())
    if user_id is not None:
        q = q.where(ReportRow.user_id == user_id)
    return [_report(row, a, b) for row, a, b in (await s.execute(q.limit(limit))).all()]


async def report(s: AsyncSession, report_id: int) -> Report | None:
    r = (await s.execute(_reports_query().where(ReportRow.id == report_id))).first()
    return _report(r[0], r[1], r[2]) if r is not None else None


async def close_reports(s: AsyncSession, ids: list[int], note: str | None) -> list[int]:
    """Close those of ``ids`` still open, with the operator's ``note``; the ids closed."""
    rows = await s.execute(select(ReportRow.id).where(ReportRow.id.in_(ids), ReportRow.closed_at.is_(None)))
    found = sorted(r[0] for r in rows.all())
    if found:
        await s.execute(update(ReportRow).where(ReportRow.id.in_(found)).values(closed_at=now(), note=note)
                        .execution_options(synchronize_session=False))
    return found


async def chat_of(s: AsyncSession, game_id: str, limit: int = 200) -> list[tuple[float, str, str]]:
    """The last ``limit`` lines of ``game_id``'s chat, oldest first: (when, who, text), who by
    the name its seat has today."""
    q = (select(GameChatRow.created_at, GameSeatRow.name, GameChatRow.text)
         .join(GameSeatRow, (GameSeatRow.game_id == GameChatRow.game_id) & (GameSeatRow.seat == GameChatRow.seat))
         .where(GameChatRow.game_id == game_id).order_by(GameChatRow.id.desc()).limit(limit))
    return [(at, name, text) for at, name, text in reversed((await s.execute(q)).all())]


async def chat_by(s: AsyncSession, user_id: int, limit: int = 50) -> list[tuple[float, str, str]]:
    """``user_id``'s last ``limit`` chat lines in any game, oldest first: (when, game id, text)."""
    q = (select(GameChatRow.created_at, GameChatRow.game_id, GameChatRow.text)
         .where(GameChatRow.user_id == user_id).order_by(GameChatRow.id.desc()).limit(limit))
    return [(at, game, text) for at, game, text in reversed((await s.execute(q)).all())]


def utc(at: float) -> str:
    """A time as the chat's refusal and the operator's commands write it (``2026-12-08 16:52 UTC``)."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


async def muted_until(s: AsyncSession, user_id: int) -> float | None:
    """Until when ``user_id`` is muted, if that is still to come."""
    until = (await s.execute(select(User.muted_until).where(User.id == user_id))).scalar_one_or_none()
    return until if until is not None and until > now() else None


async def set_muted_until(s: AsyncSession, user_id: int, until: float | None) -> None:
    await s.execute(update(User).where(User.id == user_id).values(muted_until=until)
                    .execution_options(synchronize_session=False))
