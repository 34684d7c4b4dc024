"""1,000 concurrent settlements, duplicate settlements, purchases and daily bonuses, over
SQLite and over PostgreSQL (two "server processes": two Database handles on one database).

Afterwards every balance equals its ledger sum, no balance ever went below zero (replayed in
ledger order, which per account is commit order: every movement of an account is written
under its lock), every game is settled exactly once and every ranked game rated once.
PostgreSQL is skipped unless DONJON_TEST_POSTGRES_URL is set (it then uses its own database,
``<name>_league``, so it never meets tests/server/test_postgres.py's reset)."""

from __future__ import annotations

import asyncio
import os
import random
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from donjon.league import ledger as league_ledger
from donjon.league.elo import START_RATING
from donjon.league.errors import LeagueError
from donjon.league.hats import HATS
from donjon.store import Database, repo
from donjon.store import league as store
from donjon.store.db import normalize_url
from donjon.store.models import LedgerRow, RatingHistoryRow, RatingRow

PG_URL = os.environ.get("DONJON_TEST_POSTGRES_URL")
USERS = 40
GAMES = 200
DAY = 1_790_000_000.0  # a fixed moment for the daily bonus


def _won(winner: int | None) -> dict[str, Any]:
    if winner is None:
        return {"winners": [], "losers": [], "draw": True, "reason": "agreement", "scores": [0.5, 0.5]}
    return {"winners": [winner], "losers": [1 - winner], "draw": False, "reason": "resignation",
            "scores": [1.0 if s == winner else 0.0 for s in (0, 1)]}


async def _scenario(db: Database, other: Database) -> None:
    """``other`` plays a second server process (on SQLite: the same handle, which is the
    only supported SQLite deployment)."""
    rng = random.Random(20261130)
    async with db.write() as s:
        users = [(await repo.create_user(s, f"p{i:03d}", "x", is_guest=False, start_balance=500)).id
                 for i in range(USERS)]

    games: list[tuple[str, int, int, int, str, int | None]] = []
    have = dict.fromkeys(users, 500)
    async with db.write() as s:  # the games, with their stakes escrowed (one transaction: fast)
        for i in range(GAMES):
            a, b = rng.sample(users, 2)
            stake = rng.choice([x for x in (0, 20, 50, 100, 200) if x <= min(have[a], have[b])])
            mode = rng.choice(("ranked", "friendly"))
            g = await repo.create_game(s, kind="unfairchess", mode=mode, stake=stake, seed=i, options={},
                                       seats=[repo.SeatSpec(a, "a"), repo.SeatSpec(b, "b")], table_id=None)
            have[a] -= stake
            have[b] -= stake
            games.append((g.id, a, b, stake, mode, rng.choice((0, 1, None))))

    # seat 0 of every game plays a card (the badges count it once the game is settled)
    await asyncio.gather(*(db.log.append(gid, 1, "play", 0, {"action": {"type": "card", "card": "poison"}})
                           for gid, *_rest in games))
    played = ((0, {"kind": "card_played", "card": "poison", "rarity": "common"}),)  # what the hook reported

    async def settle(node: Database, gid: str, a: int, b: int, stake: int, winner: int | None, seq: int) -> str:
        finish = repo.Finish("finished", _won(winner), 2, stake, ((0, a), (1, b)), (1, 1), played)
        try:
            await node.log.append(gid, seq, "resign" if winner is not None else "draw", 1, {}, finish)
        except IntegrityError:
            return "conflict"
        return "stored"

    async def buy(uid: int, hat: str) -> str:
        try:
            await store.buy_hat(db if uid % 2 else other, uid, hat, DAY)
        except LeagueError as e:
            return e.code
        return "bought"

    async def bonus(uid: int) -> str:
        try:
            await store.credit_daily(db if rng.random() < 0.5 else other, uid, DAY)
        except LeagueError as e:
            return e.code
        return "credited"

    ops: list[Any] = []
    for gid, a, b, stake, _mode, winner in games:
        ops.append(settle(db, gid, a, b, stake, winner, 2))
        ops.append(settle(other, gid, a, b, stake, winner, 2))  # the same entry from another process
    for gid, a, b, stake, _mode, winner in games[: len(games) // 4]:
        ops.append(settle(other, gid, a, b, stake, winner, 3))  # a later entry that ends it again
    cheap = sorted(HATS, key=lambda h: HATS[h].price)[:6]
    while len(ops) < 1000:
        uid = rng.choice(users)
        ops.append(bonus(uid) if rng.random() < 0.2 else buy(uid, rng.choice(cheap)))
    rng.shuffle(ops)
    results = await asyncio.gather(*ops)
    counted = Counter(results)
    assert counted["stored"] >= len(games) and counted["bought"] > 0 and counted["credited"] > 0
    assert counted["insufficient_coins"] + counted["already_owned"] + counted["already_claimed"] > 0

    async with db.read() as s:
        rows = (await s.execute(select(LedgerRow).order_by(LedgerRow.id))).scalars().all()
        history = (await s.execute(select(RatingHistoryRow).order_by(RatingHistoryRow.id))).scalars().all()
        ratings = (await s.execute(select(RatingRow))).scalars().all()
        status = dict((await s.execute(text("select id, status from games"))).all())
        balances = {uid: await repo.balance(s, uid) for uid in users}
        plays = dict((await s.execute(text("select user_id, plays from card_plays where card = 'poison'"))).all())

    # balances = ledger sums, never negative at any point; keys unique
    moves = [league_ledger.Movement(r.user_id, r.amount, r.reason, r.key or f"row:{r.id}", r.game_id, r.ref)
             for r in rows]
    league_ledger.check_ledger(moves)
    assert balances == {u: league_ledger.balance(moves, u) for u in users}
    assert await store.audit(db) == balances
    assert all(v >= 0 for v in balances.values())
    assert sum(balances.values()) == 500 * USERS + sum(m.amount for m in moves if m.reason in ("daily", "hat"))

    # every game settled exactly once, paying out exactly its pot
    assert set(status.values()) == {"finished"}
    settled: dict[str, list[int]] = defaultdict(list)
    for m in moves:
        if m.reason in ("win", "refund"):
            settled[m.game_id or ""].append(m.amount)
    for gid, _a, _b, stake, _mode, winner in games:
        if stake:
            assert sum(settled[gid]) == 2 * stake, gid
            assert len(settled[gid]) == (1 if winner is not None else 2), gid
        else:
            assert gid not in settled
    assert plays == {u: n for u, n in Counter(a for _g, a, *_rest in games).items()}  # each game counted once
    # every ranked game rated once; each rating is the end of its history
    per_game = Counter(h.game_id for h in history)
    ranked = {gid for gid, *_x, mode, _w in games if mode == "ranked"}
    assert set(per_game) == ranked and set(per_game.values()) == {2}
    for r in ratings:
        mine = [h for h in history if h.user_id == r.user_id and h.game == r.game]
        assert r.games == len(mine)
        assert r.rating == START_RATING + sum(h.rating_after - h.rating_before for h in mine)
        assert mine[0].rating_before == START_RATING and mine[-1].rating_after == r.rating
        assert all(x.rating_after == y.rating_before for x, y in zip(mine, mine[1:], strict=False))


async def test_concurrent_settlements_and_purchases_sqlite(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'league.sqlite3'}", sqlite_synchronous="OFF", on_finish=store.settle_batch)
    await db.migrate()
    try:
        await _scenario(db, db)
    finally:
        await db.dispose()


def _pg_league_url(url: str) -> str:
    u = make_url(normalize_url(url))
    return u.set(database=f"{u.database or 'postgres'}_league").render_as_string(hide_password=False)


async def _pg_fresh(url: str) -> str:
    from sqlalchemy.ext.asyncio import create_async_engine

    target = _pg_league_url(url)
    name = make_url(target).database
    eng = create_async_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
    async with eng.connect() as conn:
        exists = (await conn.execute(text("select 1 from pg_database where datname = :n"), {"n": name})).first()
        if not exists:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
    await eng.dispose()
    eng = create_async_engine(target)
    async with eng.begin() as conn:
        await conn.execute(text("DROP SCHEMA public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
    await eng.dispose()
    return target


@pytest.mark.skipif(not PG_URL, reason="set DONJON_TEST_POSTGRES_URL to run against PostgreSQL")
async def test_concurrent_settlements_and_purchases_postgres() -> None:
    assert PG_URL
    url = await _pg_fresh(PG_URL)
    # 1,000 operations at once queue for 2 × 30 connections, most behind row locks: on a loaded
    # machine the last may wait longer than the production pool timeout (30 s) for a connection
    db, other = (Database(url, pool_timeout=300, on_finish=store.settle_batch),
                 Database(url, pool_timeout=300, on_finish=store.settle_batch))
    await db.migrate()
    await other.migrate()
    try:
        await _scenario(db, other)
    finally:
        await db.dispose()
        await other.dispose()
