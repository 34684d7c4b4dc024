"""The league on the server: daily bonus, challenges, shop and hats, profile, leaderboard,
and what a finished game changes (Elo, ledger, challenge events, badges) — exactly once."""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from donjon.league import daily as league_daily
from donjon.league.errors import InsufficientCoins
from donjon.store import Database, repo
from donjon.store import league as store
from tests.server.conftest import Player, Site, play

DAY1 = dt.datetime(2026, 3, 1, 23, 59, 0, tzinfo=dt.UTC).timestamp()
DAY2 = dt.datetime(2026, 3, 2, 0, 0, 1, tzinfo=dt.UTC).timestamp()


class Clock:
    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def me(c: Any) -> dict[str, Any]:
    return c.get("/api/me").json()["user"]  # type: ignore[no-any-return]


def ledger(site: Site) -> list[tuple[Any, ...]]:
    return site.sql("select user_id, amount, reason, game_id, key, ref from ledger order by id")


def league_tables(site: Site) -> dict[str, int]:
    return {t: site.sql(f"select count(*) from {t}")[0][0]
            for t in ("ratings", "rating_history", "league_events", "card_plays")}


# --------------------------------------------------------------------------- daily bonus


def test_daily_bonus_once_per_utc_day(site: Site) -> None:
    clock = Clock(DAY1)
    site.app.state.league_clock = clock
    alice = site.user("alice")
    u = me(alice)
    assert u["balance"] == 500 and u["hat"] is None and u["daily"] == {"claimed": False, "amount": 50}
    r = alice.post("/api/daily/claim")
    assert r.status_code == 200 and r.json() == {"amount": 50, "balance": 550}
    before = ledger(site)
    r = alice.post("/api/daily/claim")
    assert r.status_code == 409 and r.json()["code"] == "already_claimed" and "already claimed" in r.json()["error"]
    assert ledger(site) == before and me(alice)["balance"] == 550
    assert me(alice)["daily"] == {"claimed": True, "amount": 50}
    clock.t = DAY2  # two minutes later, but a new UTC day
    assert me(alice)["daily"]["claimed"] is False
    assert alice.post("/api/daily/claim").json() == {"amount": 50, "balance": 600}
    assert alice.post("/api/daily/claim").status_code == 409
    assert [r[4] for r in ledger(site) if r[2] == "daily"] == ["daily:1:2026-03-01", "daily:1:2026-03-02"]
    # guests have no coins; nobody logged in must log in
    guest = site.guest()
    assert me(guest)["daily"] == {"claimed": False, "amount": 0}
    r = guest.post("/api/daily/claim")
    assert r.status_code == 403 and r.json()["code"] == "account_required"
    assert site.client().post("/api/daily/claim").status_code == 401
    assert len(ledger(site)) == 3


# --------------------------------------------------------------------------- shop and hats


def test_shop_bad_inputs_change_nothing(site: Site) -> None:
    alice = site.user("alice")
    before = ledger(site)
    for body, status, code in (
        ({"hat": "sombrero"}, 404, "unknown_item"),
        ({"hat": "crown"}, 402, "insufficient_coins"),  # 1000 coins, alice has 500
        ({"hat": "beret", "colour": "red"}, 422, "invalid"),
        ({}, 422, "invalid"),
    ):
        r = alice.post("/api/shop/buy", json=body)
        assert r.status_code == status and r.json()["code"] == code, (body, r.text)
        assert r.json()["error"]
    assert "above your balance of 500 coins" in alice.post("/api/shop/buy", json={"hat": "crown"}).json()["error"]
    r = alice.post("/api/hats/equip", json={"hat": "beret"})
    assert r.status_code == 403 and r.json()["code"] == "not_owned"
    assert alice.post("/api/hats/equip", json={"hat": "sombrero"}).status_code == 404
    assert ledger(site) == before and site.sql("select hat from users") == [(None,)]
    # buy, buy again, equip, take off
    assert alice.post("/api/shop/buy", json={"hat": "beret"}).json() == {"balance": 400}
    after = ledger(site)
    assert after[-1] == (1, -100, "hat", None, "hat:1:beret", "beret")
    r = alice.post("/api/shop/buy", json={"hat": "beret"})
    assert r.status_code == 409 and r.json()["code"] == "already_owned"
    assert ledger(site) == after
    assert alice.post("/api/hats/equip", json={"hat": "beret"}).json() == {"equipped": "beret"}
    shop = alice.get("/api/shop").json()
    assert shop["balance"] == 400 and shop["equipped"] == "beret"
    beret = next(h for h in shop["hats"] if h["id"] == "beret")
    assert beret["owned"] and beret["equipped"] and beret["price"] == 100 and beret["name"]["fr"] == "Béret"
    assert not any(h["owned"] for h in shop["hats"] if h["id"] != "beret")
    assert me(alice)["hat"] == "beret"
    assert alice.post("/api/hats/equip", json={"hat": None}).json() == {"equipped": None}
    assert me(alice)["hat"] is None
    # guests see the shop but cannot buy
    guest = site.guest()
    assert guest.get("/api/shop").json()["balance"] == 0
    assert guest.post("/api/shop/buy", json={"hat": "beret"}).status_code == 403
    assert ledger(site) == after


def test_stake_above_balance_refused_at_seating(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    assert bob.post("/api/shop/buy", json={"hat": "top_hat"}).json() == {"balance": 0}
    tid = alice.post("/api/tables", json={"stake": 300}).json()["table"]["id"]
    before = ledger(site)
    r = bob.post(f"/api/tables/{tid}/join")
    assert r.status_code == 400 and r.json()["code"] == "insufficient_balance"
    assert "above your balance of 0 coins" in r.json()["error"]
    assert ledger(site) == before
    assert site.sql("select status from tables where id=?", tid) == [("open",)]
    assert site.sql("select count(*) from games")[0][0] == 0


async def test_escrow_checks_balances_under_lock(tmp_path: Path) -> None:
    """The store itself refuses a stake above a balance (the lobby's check could race)."""
    db = Database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    await db.migrate()
    try:
        async with db.write() as s:
            a = (await repo.create_user(s, "alice", "x", is_guest=False, start_balance=500)).id
            b = (await repo.create_user(s, "bobby", "x", is_guest=False, start_balance=100)).id
        with pytest.raises(InsufficientCoins, match="a stake of 200 coins is above your balance of 100 coins"):
            async with db.write() as s:
                await repo.create_game(s, kind="unfairchess", mode="ranked", stake=200, seed=1, options={},
                                       seats=[repo.SeatSpec(a, "a"), repo.SeatSpec(b, "b")], table_id=None)
        assert await store.audit(db) == {a: 500, b: 100}
        async with db.read() as s:
            assert await repo.games_listing(s) == []
    finally:
        await db.dispose()


# --------------------------------------------------------------------------- games


def test_ranked_game_changes_elo_and_ledger_exactly_once(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    assert alice.post("/api/shop/buy", json={"hat": "party"}).status_code == 200
    assert alice.post("/api/hats/equip", json={"hat": "party"}).status_code == 200
    gid, seats = site.game_pair(alice, bob, color="white", stake=40, mode="ranked")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    hats = {p["name"]: p["hat"] for p in w.game["players"]}
    assert hats == {"alice": "party", "bobby": None}
    watcher = Player(site.client(), gid)
    watcher.hello()
    assert {p["name"]: p["hat"] for p in watcher.game["players"]} == hats
    play(w, k, ("e2e4", "e7e5"))
    assert k.request("resign")["t"] == "ack"
    w.wait_version(k.v)  # type: ignore[arg-type]
    assert me(alice)["balance"] == 350 - 40 + 80 and me(bob)["balance"] == 460
    assert sorted(site.sql("select user_id, game, rating, games from ratings")) == [
        (1, "unfairchess", 1420, 1), (2, "unfairchess", 1380, 1)]
    hist = sorted(site.sql("select user_id, game_id, rating_before, rating_after from rating_history"))
    assert hist == [(1, gid, 1400, 1420), (2, gid, 1400, 1380)]
    settle = [r for r in ledger(site) if r[3] == gid and r[2] != "stake"]
    assert settle == [(1, 80, "win", gid, f"settle:{gid}:1", None)]
    events = dict(site.sql("select user_id, events from league_events where game_id=?", gid))
    assert set(events) == {1, 2} and '"game_won"' in events[1] and '"game_won"' not in events[2]

    # the same end stored again (a second process, a replayed finish) pays nothing more
    snapshot = (ledger(site), league_tables(site), site.sql("select * from ratings"))
    finish = repo.Finish("finished", {"winners": [0], "losers": [1], "draw": False, "reason": "resignation",
                                      "scores": [1.0, 0.0]}, 2, 40, ((0, 1), (1, 2)), (1, 1))
    db = site.app.state.db
    site.main.portal.call(db.log.append, gid, (k.v or 0) + 1, "forfeit", 1, {}, finish)

    async def slow_path() -> None:
        async with db.write() as s:
            assert await db.apply_finish(s, gid, finish, time.time()) is False

    site.main.portal.call(slow_path)
    assert (ledger(site), league_tables(site), site.sql("select * from ratings")) == snapshot

    # profile and leaderboard
    p = alice.get("/api/users/alice/profile").json()
    assert p["user"] == {"username": "alice", "balance": 390, "hat": "party", "guest": False}
    uc = p["ratings"]["unfairchess"]
    assert uc["rating"] == 1420 and uc["games"] == 1 and uc["provisional"] is True
    assert [(h["rating"], h["game_id"]) for h in uc["history"]] == [(1420, gid)]
    assert p["hats"] == ["party"] and p["badges"] == []
    assert p["recent"][0] == {"game_id": gid, "game": "unfairchess", "mode": "ranked", "result": "win",
                              "opponents": [{"name": "bobby", "bot": None}], "ended_at": p["recent"][0]["ended_at"], "rating_change": 20,
                              "coin_change": 40, "speed": "blitz"}
    lost = bob.get("/api/users/bobby/profile").json()["recent"][0]
    assert lost["result"] == "loss" and lost["rating_change"] == -20 and lost["coin_change"] == -40
    # the game's own page: what it changed for each person (the end-of-game banner)
    players = {p["name"]: p for p in site.client().get(f"/api/games/{gid}").json()["game"]["players"]}
    assert {n: (p["rating_before"], p["rating_after"], p["coins"]) for n, p in players.items()} == {
        "alice": (1400, 1420, 40), "bobby": (1400, 1380, -40)}
    assert alice.get("/api/users/nobody/profile").status_code == 404
    board = site.client().get("/api/leaderboard/unfairchess").json()
    assert board == {"game": "unfairchess", "rows": [
        {"rank": 1, "username": "alice", "rating": 1420, "games": 1, "provisional": True, "hat": "party"},
        {"rank": 2, "username": "bobby", "rating": 1380, "games": 1, "provisional": True, "hat": None}]}
    assert site.client().get("/api/leaderboard/castel").json() == {"game": "castel", "rows": []}
    # by speed: the game was 5+3 (blitz, the default clock of a table of people)
    blitz = site.client().get("/api/leaderboard/unfairchess?speed=blitz").json()
    assert [(r["username"], r["rating"], r["games"]) for r in blitz["rows"]] == [("alice", 1420, 1), ("bobby", 1380, 1)]
    assert site.client().get("/api/leaderboard/unfairchess?speed=bullet").json()["rows"] == []
    assert site.client().get("/api/leaderboard/unfairchess?speed=slow").status_code == 422
    assert p["recent"][0]["speed"] == "blitz"
    assert site.client().get("/api/leaderboard/go").status_code == 404


def test_friendly_game_counts_for_challenges_but_not_elo(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(alice, bob, color="white")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    play(w, k, ("e2e4", "e7e5"))
    assert w.request("resign")["t"] == "ack"
    k.wait_version(w.v)  # type: ignore[arg-type]
    assert league_tables(site)["ratings"] == 0 and league_tables(site)["rating_history"] == 0
    assert league_tables(site)["league_events"] == 2
    assert bob.get("/api/users/bobby/profile").json()["recent"][0]["rating_change"] is None
    players = site.client().get(f"/api/games/{gid}").json()["game"]["players"]
    assert [(p["rating_before"], p["rating_after"], p["coins"]) for p in players] == [(None, None, 0)] * 2


def test_bot_game_changes_nothing(site: Site) -> None:
    alice = site.user("alice")
    r = alice.post("/api/tables", json={"opponent": "bot", "bot_level": "easy", "color": "white"})
    gid = r.json()["table"]["game_id"]
    p = Player(alice, gid)
    p.hello()
    assert [x["hat"] for x in p.game["players"]] == [None, None]
    assert p.act({"type": "move", "uci": "e2e4"})["t"] == "ack"
    while p.game.get("to_act") != [0]:
        p.recv()
    # any legal move: past its time budget (a loaded machine) the bot plays a random action, and
    # a card may then forbid a given one (Provocation, Sleep...)
    move = next(a for a in p.legal if a["type"] == "move")
    ack = p.act(move)
    assert ack["t"] == "ack", ack
    assert p.request("resign")["t"] == "ack"
    assert p.game["status"] == "finished"
    assert league_tables(site) == {"ratings": 0, "rating_history": 0, "league_events": 0, "card_plays": 0}
    assert [r[2] for r in ledger(site)] == ["welcome"]


def test_abort_window_game_changes_nothing(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(alice, bob, color="white", stake=40, mode="ranked")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    play(w, k, ("e2e4", ""))
    assert k.request("resign")["t"] == "ack"  # black never moved: inside the abort window
    w.wait_version(k.v)  # type: ignore[arg-type]
    assert w.game["status"] == "finished"
    assert me(alice)["balance"] == 500 and me(bob)["balance"] == 500
    assert league_tables(site) == {"ratings": 0, "rating_history": 0, "league_events": 0, "card_plays": 0}
    assert sorted(r[2] for r in ledger(site) if r[3] == gid) == ["refund", "refund", "stake", "stake"]


# --------------------------------------------------------------------------- challenges and badges


def _day_with(account: int, challenge: str) -> float:
    d = dt.date(2026, 3, 1)
    while challenge not in [c.id for c in league_daily.daily_challenges(account, d)]:
        d += dt.timedelta(days=1)
    return dt.datetime(d.year, d.month, d.day, 12, tzinfo=dt.UTC).timestamp()


def test_challenges_progress_and_claim(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(alice, bob, color="white", mode="ranked")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    play(w, k, ("e2e4", "e7e5"))
    assert k.request("resign")["t"] == "ack"
    w.wait_version(k.v)  # type: ignore[arg-type]
    # the game ended on a day whose draw gives alice "win a ranked game"
    t = _day_with(1, "win_ranked")
    day = dt.datetime.fromtimestamp(t, dt.UTC).date().isoformat()
    site.execute("update league_events set day=?", day)
    site.app.state.league_clock = Clock(t)
    board = alice.get("/api/challenges").json()
    assert board["day"] == day and len(board["challenges"]) == 3
    row = next(c for c in board["challenges"] if c["id"] == "win_ranked")
    assert row == {"id": "win_ranked", "game": None, "text": {"en": "Win a ranked game", "fr": "Gagne une partie classée",
                                                          "es": "Gana una partida clasificatoria"},
                   "goal": 1, "progress": 1, "reward": 60, "done": True, "claimed": False}
    todo = next((c for c in board["challenges"] if not c["done"]), None)
    before = ledger(site)
    if todo is not None:
        r = alice.post(f"/api/challenges/{todo['id']}/claim")
        assert r.status_code == 409 and r.json()["code"] == "not_complete"
    r = alice.post("/api/challenges/uc_nonexistent/claim")
    assert r.status_code == 404 and r.json()["code"] == "unknown_item"
    assert ledger(site) == before
    assert alice.post("/api/challenges/win_ranked/claim").json() == {"reward": 60, "balance": 560}
    r = alice.post("/api/challenges/win_ranked/claim")
    assert r.status_code == 409 and r.json()["code"] == "already_claimed"
    assert len(ledger(site)) == len(before) + 1
    assert next(c for c in alice.get("/api/challenges").json()["challenges"] if c["id"] == "win_ranked")["claimed"]
    # bob lost: his ranked-win challenge (if he has one) stays at 0
    site.app.state.league_clock = Clock(_day_with(2, "win_ranked"))
    site.execute("update league_events set day=?", dt.datetime.fromtimestamp(_day_with(2, "win_ranked"),
                                                                          dt.UTC).date().isoformat())
    row = next(c for c in bob.get("/api/challenges").json()["challenges"] if c["id"] == "win_ranked")
    assert row["progress"] == 0 and bob.post("/api/challenges/win_ranked/claim").status_code == 409


async def _settling_db(path: Path) -> tuple[Database, int, int]:
    """A migrated store that settles finished games for the league, and the ids of two
    accounts (alice, bobby) of 500 coins."""
    db = Database(f"sqlite:///{path}", on_finish=store.settle_batch)
    await db.migrate()
    async with db.write() as s:
        a = (await repo.create_user(s, "alice", "x", is_guest=False, start_balance=500)).id
        b = (await repo.create_user(s, "bobby", "x", is_guest=False, start_balance=500)).id
    return db, a, b


async def test_card_plays_feed_badges(tmp_path: Path) -> None:
    db, a, b = await _settling_db(tmp_path / "x.sqlite3")
    try:
        for _ in range(2):
            async with db.write() as s:
                g = await repo.create_game(s, kind="unfairchess", mode="friendly", stake=0, seed=1, options={},
                                           seats=[repo.SeatSpec(a, "a"), repo.SeatSpec(b, "b")], table_id=None)
            reported = ((0, {"kind": "card_played", "card": "poison", "rarity": "common"}),
                        (1, {"kind": "capture", "piece": "p", "poisoned": False})) * 5
            fin = repo.Finish("finished", {"winners": [0], "losers": [1], "draw": False, "reason": "checkmate",
                                           "scores": [1.0, 0.0]}, 10, 0, ((0, a), (1, b)), (5, 5), reported)
            await db.log.append(g.id, 11, "resign", 1, {}, fin)
            await asyncio.gather(db.log.append(g.id, 12, "forfeit", 1, {}, fin), return_exceptions=True)
        prof = await store.profile(db, "alice")
        assert prof is not None
        assert prof["badges"] == [{"game": "unfairchess", "card": "poison", "plays": 10, "tier": "silver",
                                   "name": {"en": "Poison", "fr": "Poison", "es": "Veneno"}}]
        bob_prof = await store.profile(db, "bobby")
        assert bob_prof is not None and bob_prof["badges"] == []
        board = await store.challenges(db, a, time.time())
        assert len(board["challenges"]) == 3
    finally:
        await db.dispose()


async def test_an_end_the_league_cannot_read_refunds_the_stakes_once(tmp_path: Path) -> None:
    """A finish the league cannot read (here two seats of one account) still ends the game,
    and gives each stake back, once: a second finish of the game writes nothing."""
    path = tmp_path / "x.sqlite3"
    db, a, b = await _settling_db(path)
    try:
        async with db.write() as s:
            g = (await repo.create_game(s, kind="unfairchess", mode="ranked", stake=40, seed=1, options={},
                                        seats=[repo.SeatSpec(a, "a"), repo.SeatSpec(b, "b")], table_id=None)).id
        with sqlite3.connect(path) as c:  # the game's creation escrowed both stakes
            assert sorted(c.execute("select user_id, amount from ledger where game_id = ?", (g,))) == [(a, -40), (b, -40)]
        unreadable = repo.Finish("finished", {"winners": [0], "losers": [1], "draw": False, "reason": "resignation"},
                                 10, 40, ((0, a), (1, a)), (5, 5))
        await db.log.append(g, 1, "resign", 1, {}, unreadable)
        await db.log.append(g, 2, "forfeit", 1, {}, unreadable)  # the game is over: nothing more is settled
    finally:
        await db.dispose()
    with sqlite3.connect(path) as c:
        assert c.execute("select status from games where id = ?", (g,)).fetchone() == ("finished",)
        rows = sorted(c.execute("select user_id, amount, reason, key from ledger where game_id = ?", (g,)))
    assert rows == sorted([(a, -40, "stake", f"stake:{g}:{a}"), (b, -40, "stake", f"stake:{g}:{b}"),
                           (a, 40, "refund", f"settle:{g}:{a}"), (b, 40, "refund", f"settle:{g}:{b}")])


def test_migration_keys_existing_ledger_rows(tmp_path: Path) -> None:
    """Revision 0002 gives the rows written before it the league's keys."""
    import sqlite3

    from alembic import command
    from sqlalchemy import create_engine

    from donjon.store.db import alembic_config

    path = tmp_path / "old.sqlite3"
    eng = create_engine(f"sqlite:///{path}")
    with eng.begin() as conn:
        command.upgrade(alembic_config(conn), "0001")
    with sqlite3.connect(path) as c:
        c.execute("insert into users (id, username, username_key, is_guest, created_at) values (7, 'al', 'al', 0, 0)")
        c.execute("insert into games (id, kind, mode, stake, seed, options, status, plies, created_at) "
                  "values ('g1', 'unfairchess', 'ranked', 10, 1, '{}', 'finished', 3, 0)")
        c.executemany("insert into ledger (user_id, amount, reason, game_id, created_at) values (7, ?, ?, ?, 0)",
                      [(500, "welcome", None), (-10, "stake", "g1"), (20, "win", "g1"), (-5, "test", None)])
    with eng.begin() as conn:
        command.upgrade(alembic_config(conn), "head")
    eng.dispose()
    with sqlite3.connect(path) as c:
        keys = [r[0] for r in c.execute("select key from ledger order by id")]
        assert keys == ["welcome:7", "stake:g1:7", "settle:g1:7", None]
        with pytest.raises(sqlite3.IntegrityError):
            c.execute("insert into ledger (user_id, amount, reason, created_at, key) values (7, 1, 'x', 0, 'welcome:7')")
