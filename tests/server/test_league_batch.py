"""The league's settlement of many games in one group-commit batch
(:func:`donjon.store.league.settle_batch`): the same rows as settling each game in a batch
of its own, in the statements of one game (SQLite: one more a game), on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import event, text

from donjon.store import Database, repo
from donjon.store.league import settle_batch

CARD = {"kind": "card_played", "card": "poison", "rarity": "common"}
T = 1_780_000_000.0


async def _store(url: str) -> tuple[Database, int, int, int]:
    """A migrated store, three accounts of 500 coins (alice, bobby, carol), games g0–g5
    between them and h1–h4 between alice and bobby (ranked, 10 coins); g0 (alice beats bobby, ranked) is already settled, so alice and bobby
    have stored ratings and carol has none; g3's first seat has a running absence clock."""
    db = Database(url)
    await db.migrate()
    async with db.write() as s:
        a, b, c = [(await repo.create_user(s, n, "x", is_guest=False, start_balance=500)).id
                   for n in ("alice", "bobby", "carol")]
        for gid, mode, stake, x, y in (("g0", "ranked", 0, a, b), ("g1", "ranked", 40, a, b), ("g2", "ranked", 20, c, a),
                                       ("g3", "friendly", 10, b, c), ("g4", "ranked", 0, b, c), ("g5", "ranked", 30, a, c),
                                       *((f"h{i}", "ranked", 10, a, b) for i in range(1, 5))):
            await repo.create_game(s, kind="unfairchess", mode=mode, stake=stake, seed=1, options={}, game_id=gid,
                                   seats=[repo.SeatSpec(x, "x"), repo.SeatSpec(y, "y")], table_id=None)
        await repo.set_absence(s, "g3", 0, away_since=T - 60, claim_at=T + 30, deadline_at=T + 60,
                               deadline_kind="forfeit")
    await _settle(db, [("g0", _won(0, a, b))])
    return db, a, b, c


def _won(winner: int, x: int, y: int, events: tuple[tuple[int, dict[str, Any]], ...] = ()) -> repo.Finish:
    return repo.Finish("finished", {"winners": [winner], "losers": [1 - winner], "draw": False, "reason": "checkmate"},
                       20, 0, ((0, x), (1, y)), (10, 10), events)


def _ends(a: int, b: int, c: int) -> list[tuple[str, repo.Finish]]:
    """g1: bobby beats alice (she played Poison twice); g2: alice beats carol (Poison three
    times); g3: a draw; g4: aborted; g5: an end the league cannot read (one account in both
    seats: its stakes go back); then g1 again, already over."""
    g1 = _won(1, a, b, ((0, CARD), (0, CARD)))
    return [("g1", g1), ("g2", _won(1, c, a, ((1, CARD),) * 3)),
            ("g3", repo.Finish("finished", {"winners": [], "losers": [], "draw": True, "reason": "agreement"},
                               20, 10, ((0, b), (1, c)), (10, 10))),
            ("g4", repo.Finish("aborted", {"winners": [], "reason": "aborted"}, 1, 0, ((0, b), (1, c)), (1, 0))),
            ("g5", repo.Finish("finished", {"winners": [0], "losers": [1], "draw": False, "reason": "resignation"},
                               20, 30, ((0, a), (1, a)), (10, 10))),
            ("g1", g1)]


async def _settle(db: Database, finishes: list[tuple[str, repo.Finish]]) -> list[bool]:
    async with db.engine.begin() as conn:
        return await conn.run_sync(settle_batch, finishes, T)


async def _rows(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    queries = {
        "ledger": "select user_id, amount, reason, game_id, key, ref from ledger order by id",
        "ratings": "select user_id, game, rating, games from ratings order by user_id, game",
        "history": "select user_id, game, game_id, rating_before, rating_after from rating_history order by id",
        "events": "select user_id, game_id, day, events from league_events order by user_id, game_id",
        "plays": "select user_id, game, card, plays from card_plays order by user_id, game, card",
        "games": "select id, status, outcome, plies, finished_at from games order by id",
        "clocks": "select game_id, seat, away_since, claim_at, deadline_at, deadline_kind from game_seats "
                  "order by game_id, seat",
    }
    async with db.read() as s:
        return {k: [tuple(r) for r in (await s.execute(text(q))).all()] for k, q in queries.items()}


async def test_a_batch_of_ends_writes_what_one_batch_each_writes(new_database: Callable[[], str]) -> None:
    together, alone = await _store(new_database()), await _store(new_database())
    try:
        db, a, b, c = together
        assert await _settle(db, _ends(a, b, c)) == [True] * 5 + [False]
        db1, a1, b1, c1 = alone
        assert (a1, b1, c1) == (a, b, c)
        assert [ok for end in _ends(a, b, c) for ok in await _settle(db1, [end])] == [True] * 5 + [False]
        rows = await _rows(db)
        assert rows == await _rows(db1)
    finally:
        await together[0].dispose()
        await alone[0].dispose()
    # alice's second game of the batch starts from her first one's result
    hist = [(g, before, after) for uid, _, g, before, after in rows["history"] if uid == a]
    assert [g for g, _, _ in hist] == ["g0", "g1", "g2"]
    assert hist[1][1] == hist[0][2] and hist[2][1] == hist[1][2]
    assert hist[1][2] < hist[1][1] and hist[2][2] > hist[2][1]  # she lost g1, won g2
    assert [(uid, n) for uid, _, _, n in rows["ratings"]] == [(a, 3), (b, 2), (c, 1)]
    assert rows["plays"] == [(a, "unfairchess", "poison", 5)]
    assert sorted((uid, amount, reason) for uid, amount, reason, g, _, _ in rows["ledger"] if g == "g5") == \
        [(a, -30, "stake"), (a, 30, "refund"), (c, -30, "stake"), (c, 30, "refund")]
    assert {g: status for g, status, *_ in rows["games"]} == {"g0": "finished", "g1": "finished", "g2": "finished",
                                                              "g3": "finished", "g4": "aborted", "g5": "finished",
                                                              **{f"h{i}": "active" for i in range(1, 5)}}
    assert all(r[2:] == (None, None, None, None) for r in rows["clocks"])


async def test_a_batch_of_games_costs_the_statements_of_one(new_database: Callable[[], str]) -> None:
    """The games' ends, ledger, ratings, events and card plays go in the statements of the
    whole batch: on PostgreSQL (a statement is a round trip) three games cost what one costs;
    SQLite ends each game with an ``UPDATE ... RETURNING`` of its own."""
    url = new_database()
    db, a, b, _ = await _store(url)
    statements: list[str] = []
    event.listen(db.engine.sync_engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    try:
        await _settle(db, [("h1", _won(0, a, b, ((0, CARD),)))])
        one = len(statements)
        statements.clear()
        assert await _settle(db, [(f"h{i}", _won(i % 2, a, b, ((0, CARD),))) for i in (2, 3, 4)]) == [True] * 3
        three = len(statements)
        rows = await _rows(db)
    finally:
        await db.dispose()
    assert three - one == (2 if url.startswith("sqlite") else 0), statements
    assert [g for uid, _, g, _, _ in rows["history"] if uid == a] == ["g0", "h1", "h2", "h3", "h4"]
    assert rows["plays"] == [(a, "unfairchess", "poison", 4)]
