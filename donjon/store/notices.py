"""The operators' notice at the top of every page, in the database (``donjon notice``).

At most one notice is current: the last one posted, until its ``until`` passes or an
operator clears it. Posting clears the one before.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from donjon.store.models import NoticeRow
from donjon.store.repo import now

MAX_TEXT = 300
"""Characters of a notice's text in one language."""


@dataclass(frozen=True)
class Notice:
    id: int
    texts: dict[str, str]
    """Its text in each language given; English always."""
    created_at: float
    until: float | None


async def current(s: AsyncSession, at: float | None = None) -> Notice | None:
    """The notice shown at ``at`` (now by default), or None."""
    at = now() if at is None else at
    q = (select(NoticeRow).where(NoticeRow.cleared_at.is_(None), or_(NoticeRow.until.is_(None), NoticeRow.until > at))
         .order_by(NoticeRow.id.desc()).limit(1))
    row = (await s.execute(q)).scalar_one_or_none()
    return None if row is None else Notice(row.id, dict(row.texts), row.created_at, row.until)


async def clear(s: AsyncSession) -> int:
    """Clear the notices not yet cleared; how many were (expired ones included)."""
    result = await s.execute(update(NoticeRow).where(NoticeRow.cleared_at.is_(None)).values(cleared_at=now()))
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def post(s: AsyncSession, texts: dict[str, str], until: float | None = None) -> int:
    """Post a notice (``texts``: English and any other language of the site), clearing the
    one before; its id."""
    if not texts.get("en"):
        raise ValueError("a notice has an English text")
    await clear(s)
    row = NoticeRow(texts=texts, created_at=now(), until=until)
    s.add(row)
    await s.flush()
    return row.id
