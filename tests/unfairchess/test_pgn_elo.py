"""Players' ratings in the PGN export: ``WhiteElo`` / ``BlackElo`` from the ratings before a
rated game (donjon/server/export.py ``ratings_before`` → ``game_record(ratings=...)``)."""

from __future__ import annotations

import asyncio
import io

import chess.pgn
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from donjon.server.export import export, game_record, ratings_before
from donjon.store.models import Base, GameActionRow, GameRow, GameSeatRow, RatingHistoryRow


def _rows(mode: str = "ranked") -> tuple[GameRow, list[GameSeatRow], list[GameActionRow]]:
    row = GameRow(id="g1", kind="unfairchess", mode=mode, stake=0, seed=1, options={}, status="finished",
                  created_at=0.0, finished_at=1.0)
    seats = [GameSeatRow(game_id="g1", seat=0, user_id=7, name="alice"),
             GameSeatRow(game_id="g1", seat=1, user_id=None, bot_level="easy", name="bot")]
    entries = [GameActionRow(game_id="g1", seq=1, kind="play", seat=0,
                             data={"action": {"type": "move", "uci": "e2e4"}}, created_at=0.5),
               GameActionRow(game_id="g1", seq=2, kind="resign", seat=1, data={}, created_at=0.6)]
    return row, seats, entries


def test_ratings_before_from_rating_history() -> None:
    async def run() -> dict[int, int]:
        engine = create_async_engine("sqlite+aiosqlite://")
        async with engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)
        sessions = async_sessionmaker(engine, expire_on_commit=False)
        async with sessions() as s, s.begin():
            s.add_all([RatingHistoryRow(user_id=7, game="unfairchess", game_id="g1", rating_before=1512,
                                        rating_after=1528, at=1.0),
                       RatingHistoryRow(user_id=8, game="unfairchess", game_id="g2", rating_before=1400,
                                        rating_after=1390, at=1.0)])
        async with sessions() as s:
            out = await ratings_before(s, "g1")
        await engine.dispose()
        return out

    assert asyncio.run(run()) == {7: 1512}


def test_elo_headers_from_ratings() -> None:
    row, seats, entries = _rows()
    rec = game_record(row, seats, entries, ratings={7: 1512})
    assert [p.elo for p in rec.players] == [1512, None]
    game = chess.pgn.read_game(io.StringIO(export(row, seats, entries, "pgn", ratings={7: 1512}).body))
    assert game is not None and game.errors == []
    assert game.headers["WhiteElo"] == "1512" and "BlackElo" not in game.headers
    assert game.headers["Result"] == "1-0" and game.headers["DonjonTermination"] == "resignation"
    plain = chess.pgn.read_game(io.StringIO(export(row, seats, entries, "pgn").body))
    assert plain is not None and "WhiteElo" not in plain.headers
