"""Looking back at a finished game: the step-by-step replay, and the downloads a game declares.

Both are rebuilt from the stored action log, through the same :class:`Match` as the live
game, so a replay is exactly what was played. Replays show only public views (seat None)
and public actions (the game's ``GameInfo.public_action``). A download (``GameInfo.exports``)
is made by the game's own exporter from a :class:`~donjon.games.record.GameRecord`, which
:func:`game_record` builds from the rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from donjon.games import get_game, get_info
from donjon.games.record import ExportFile, GameRecord, PlayerRecord, StepRecord
from donjon.server.match import Match
from donjon.server.room import history_lines
from donjon.server.room_state import public_event
from donjon.store.models import GameActionRow, GameRow, GameSeatRow, RatingHistoryRow


def replay_record(row: GameRow, seats: list[GameSeatRow], entries: list[GameActionRow],
                  hats: dict[int, str | None] | None = None) -> dict[str, Any]:
    game = get_game(row.kind)
    m = Match.of_game(row, seats)
    steps: list[dict[str, Any]] = [{"seq": 0, "kind": "start", "seat": None, "view": game.view(m.state, None)}]
    history: list[dict[str, Any]] = []
    for e in entries:
        if not m.active:
            break  # after its end a game's log holds the rematch's offer and answer: ``next_game``
        data = dict(e.data or {})
        before, m = m, m.step(e.kind, e.seat, data)
        history.append(history_lines(game, before, m, public_event(e.kind, e.seat, data))[0])
        step: dict[str, Any] = {"seq": e.seq, "kind": e.kind, "seat": e.seat, "at": e.created_at}
        if e.kind == "play":
            step["action"] = public_action(row.kind, data.get("action"))
            step["view"] = game.view(m.state, None)
        else:
            step["data"] = {k: v for k, v in data.items() if k != "action"}
        steps.append(step)
    return {
        "game": {"id": row.id, "kind": row.kind, "mode": row.mode, "stake": row.stake, "status": row.status,
                 "outcome": row.outcome, "created_at": row.created_at, "finished_at": row.finished_at,
                 "next_game": row.next_game, "rematch_of": row.rematch_of},
        # ``hat``: the hat the player wears now (hats are not recorded per game; docs/league.md)
        "players": [{"seat": x.seat, "name": x.name, "bot": x.bot_level,
                     "hat": (hats or {}).get(x.user_id) if x.user_id is not None else None} for x in seats],
        "steps": steps,
        # the move list as a spectator of the live game saw it (docs/protocol.md, "History")
        "history": history,
    }


def public_action(kind: str, action: Any) -> Any:
    """What a spectator may know of an action of a ``kind`` game: the game's
    ``GameInfo.public_action``, else the action itself."""
    hide = get_info(kind).public_action
    return action if hide is None else hide(action)


async def ratings_before(s: AsyncSession, game_id: str) -> dict[int, int]:
    """The ratings of a rated game's players before it (``rating_history``), by user id
    (empty for a game that was not rated)."""
    rows = (await s.execute(select(RatingHistoryRow.user_id, RatingHistoryRow.rating_before)
                            .where(RatingHistoryRow.game_id == game_id))).all()
    return {int(uid): int(before) for uid, before in rows}


StoredGame = tuple[GameRow, list[GameSeatRow], list[GameActionRow], dict[int, int]]
"""A stored game as its exporter needs it: its row, seats, log entries and rated players'
ratings before it."""


async def played_games(s: AsyncSession, user_id: int, kind: str, limit: int) -> list[StoredGame]:
    """The last ``limit`` games of ``kind`` that ``user_id`` played to their end (finished
    or abandoned, not aborted nor in play), the newest first, each with what
    :func:`export` needs: four statements, whatever their number."""
    ids = select(GameSeatRow.game_id).where(GameSeatRow.user_id == user_id)
    rows = list((await s.execute(
        select(GameRow).where(GameRow.id.in_(ids), GameRow.kind == kind, GameRow.status.in_(("finished", "abandoned")))
        .order_by(GameRow.finished_at.desc(), GameRow.id).limit(limit))).scalars())
    game_ids = [r.id for r in rows]
    seats: dict[str, list[GameSeatRow]] = {g: [] for g in game_ids}
    entries: dict[str, list[GameActionRow]] = {g: [] for g in game_ids}
    ratings: dict[str, dict[int, int]] = {g: {} for g in game_ids}
    if game_ids:
        for seat in (await s.execute(select(GameSeatRow).where(GameSeatRow.game_id.in_(game_ids))
                                     .order_by(GameSeatRow.seat))).scalars():
            seats[seat.game_id].append(seat)
        for e in (await s.execute(select(GameActionRow).where(GameActionRow.game_id.in_(game_ids))
                                  .order_by(GameActionRow.game_id, GameActionRow.seq))).scalars():
            entries[e.game_id].append(e)
        for gid, uid, before in (await s.execute(
                select(RatingHistoryRow.game_id, RatingHistoryRow.user_id, RatingHistoryRow.rating_before)
                .where(RatingHistoryRow.game_id.in_(game_ids)))).all():
            ratings[gid][int(uid)] = int(before)
    return [(r, seats[r.id], entries[r.id], ratings[r.id]) for r in rows]


def game_record(row: GameRow, seats: list[GameSeatRow], entries: list[GameActionRow], site: str = "",
                ratings: Mapping[int, int] | None = None) -> GameRecord:
    """The record of a stored game, replayed step by step: each step carries the game's state
    before it; the status and outcome are the replayed match's. ``ratings`` (user id →
    rating before the game, :func:`ratings_before`) gives the players' ``elo``."""
    m = Match.of_game(row, seats)
    steps: list[StepRecord] = []
    for e in entries:
        data = dict(e.data or {})
        before = m.state
        m = m.step(e.kind, e.seat, dict(data))
        steps.append(StepRecord(e.seq, e.kind, e.seat, data, before, e.created_at,
                                m.clock.left if m.clock is not None else None))
    elo = ratings or {}
    players = tuple(PlayerRecord(x.seat, x.name, x.bot_level, elo.get(x.user_id) if x.user_id is not None else None)
                    for x in sorted(seats, key=lambda x: x.seat))
    return GameRecord(id=row.id, game=row.kind, mode=row.mode, stake=row.stake, seed=row.seed,
                      options=dict(row.options or {}), created_at=row.created_at, finished_at=row.finished_at,
                      status=m.status, outcome=m.outcome, players=players, steps=tuple(steps), state=m.state,
                      site=site, time_control=row.time_control)


def export(row: GameRow, seats: list[GameSeatRow], entries: list[GameActionRow], name: str,
           site: str = "", ratings: Mapping[int, int] | None = None) -> ExportFile:
    """The ``name`` download of a stored game, made by its game's exporter; ``KeyError`` if the
    game does not declare that export. ``ratings``: as for :func:`game_record`."""
    exporter = get_info(row.kind).exporter(name)
    return exporter(game_record(row, seats, entries, site, ratings))
