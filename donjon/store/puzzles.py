"""Puzzle attempts and Glicko-2 puzzle ratings (league/glicko.py) in the database.

One :class:`~donjon.store.models.PuzzleAttemptRow` per (player, game, puzzle), unique: the
first result of a player on a puzzle (solved, or failed at the first wrong action) is rated
once, in the same transaction as the two ratings it moves; later tries are practice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from donjon.league.glicko import Glicko, update
from donjon.store.db import Database
from donjon.store.models import PuzzleAttemptRow, PuzzleRatingRow

PLAYER_START = Glicko(1500.0, 350.0, 0.06)
PUZZLE_RD = 150.0
"""A new puzzle's deviation: its rating starts from the generator's guess, held loosely."""


def player_subject(user_id: int) -> str:
    return f"u:{user_id}"


def puzzle_subject(puzzle_id: str) -> str:
    return f"p:{puzzle_id}"


async def _rating_row(s: AsyncSession, game: str, subject: str) -> PuzzleRatingRow | None:
    return await s.get(PuzzleRatingRow, (game, subject))


async def ratings(s: AsyncSession, game: str, subjects: Sequence[str]) -> dict[str, Glicko]:
    rows = (await s.execute(select(PuzzleRatingRow).where(PuzzleRatingRow.game == game,
                                                          PuzzleRatingRow.subject.in_(list(subjects))))).scalars()
    return {r.subject: Glicko(r.rating, r.rd, r.vol) for r in rows}


async def player_rating(db: Database, game: str, user_id: int | None) -> dict[str, Any]:
    """``{"rating", "rd", "attempts"}`` of a player (a new one's when None or unrated)."""
    if user_id is not None:
        async with db.read() as s:
            row = await _rating_row(s, game, player_subject(user_id))
            if row is not None:
                return {"rating": round(row.rating), "rd": round(row.rd), "attempts": row.attempts}
    return {"rating": round(PLAYER_START.rating), "rd": round(PLAYER_START.rd), "attempts": 0}


async def puzzle_ratings(db: Database, game: str, start: dict[str, int]) -> dict[str, int]:
    """Every puzzle's current rating: the stored one, else ``start`` (the shipped rating)."""
    async with db.read() as s:
        rows = (await s.execute(select(PuzzleRatingRow.subject, PuzzleRatingRow.rating).where(
            PuzzleRatingRow.game == game, PuzzleRatingRow.subject.like("p:%")))).all()
    out = dict(start)
    for subject, rating in rows:
        out[subject[2:]] = round(rating)
    return out


async def attempted(db: Database, game: str, user_id: int) -> set[str]:
    async with db.read() as s:
        rows = (await s.execute(select(PuzzleAttemptRow.puzzle_id).where(
            PuzzleAttemptRow.game == game, PuzzleAttemptRow.user_id == user_id))).scalars()
        return set(rows)


async def attempt(db: Database, game: str, puzzle_id: str, user_id: int) -> dict[str, Any] | None:
    async with db.read() as s:
        row = (await s.execute(select(PuzzleAttemptRow).where(
            PuzzleAttemptRow.game == game, PuzzleAttemptRow.puzzle_id == puzzle_id,
            PuzzleAttemptRow.user_id == user_id))).scalar_one_or_none()
        return None if row is None else _attempt_json(row)


def _attempt_json(row: PuzzleAttemptRow) -> dict[str, Any]:
    return {"progress": row.progress, "tries": row.tries, "result": row.result,
            "rating_before": None if row.rating_before is None else round(row.rating_before),
            "rating_after": None if row.rating_after is None else round(row.rating_after)}


async def step(db: Database, game: str, puzzle_id: str, puzzle_rating: int, user_id: int, *,
               progress: int, correct: bool, done: bool, now: float) -> dict[str, Any]:
    """Record one action of the player at ``progress`` (the solver actions already played,
    checked by the caller against the stored attempt): a right one moves the attempt on
    (``done``: the last one, back to the start, solved); a wrong one sends it back to the
    start. The first result is rated (player and puzzle); returns the attempt and ``rated``
    (the rating change of this request, or None)."""
    for _ in range(2):  # a concurrent first insert of the same attempt: read it again
        try:
            async with db.write() as s:
                row = (await s.execute(select(PuzzleAttemptRow).where(
                    PuzzleAttemptRow.game == game, PuzzleAttemptRow.puzzle_id == puzzle_id,
                    PuzzleAttemptRow.user_id == user_id))).scalar_one_or_none()
                if row is None:
                    row = PuzzleAttemptRow(user_id=user_id, game=game, puzzle_id=puzzle_id, progress=0, tries=0,
                                           result=None, created_at=now)
                    s.add(row)
                if row.progress != progress:
                    raise StaleStep(row.progress)
                if progress == 0:
                    row.tries += 1
                rated = None
                if correct and not done:
                    row.progress = progress + 1
                else:
                    row.progress = 0
                    if row.result is None:
                        rated = await _rate(s, game, puzzle_id, puzzle_rating, user_id, solved=correct, now=now)
                        row.result = "solved" if correct else "failed"
                        row.rating_before, row.rating_after = rated
                        row.finished_at = now
                await s.flush()
                out = _attempt_json(row)
                out["rated"] = None if rated is None else {"before": round(rated[0]), "after": round(rated[1])}
                return out
        except IntegrityError:
            continue
    raise StaleStep(0)


class StaleStep(Exception):
    """The action was sent for another position than the attempt's (another tab moved it on)."""

    def __init__(self, progress: int) -> None:
        super().__init__(progress)
        self.progress = progress


async def _rate(s: AsyncSession, game: str, puzzle_id: str, puzzle_rating: int, user_id: int, *,
                solved: bool, now: float) -> tuple[float, float]:
    ps, qs = player_subject(user_id), puzzle_subject(puzzle_id)
    prow = await _rating_row(s, game, ps)
    qrow = await _rating_row(s, game, qs)
    p = Glicko(prow.rating, prow.rd, prow.vol) if prow else PLAYER_START
    q = Glicko(qrow.rating, qrow.rd, qrow.vol) if qrow else Glicko(float(puzzle_rating), PUZZLE_RD, 0.06)
    p2, q2 = update(p, q, 1.0 if solved else 0.0)
    for row, subject, new in ((prow, ps, p2), (qrow, qs, q2)):
        if row is None:
            s.add(PuzzleRatingRow(game=game, subject=subject, rating=new.rating, rd=new.rd, vol=new.vol, attempts=1,
                                  updated_at=now))
        else:
            row.rating, row.rd, row.vol, row.attempts, row.updated_at = new.rating, new.rd, new.vol, row.attempts + 1, now
    return p.rating, p2.rating
