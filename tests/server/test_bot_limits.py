"""Bots cannot be used to starve everyone's bots: guest accounts per address, games against
bots per account and per address, and the bot scheduler under a flood of hard searches
(docs/server.md "Limits" and "Bot scheduling")."""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Callable
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from donjon.server import bots, create_app
from tests.server.conftest import Player, Site, fast_settings
from tests.server.test_limits import client_from, clocked

BOT = {"opponent": "bot", "bot_level": "easy", "color": "white"}
"""A game against an easy bot in which the person moves first (the bot thinks only after)."""


def count(site: Site, table: str) -> int:
    return int(site.sql(f"select count(*) from {table}")[0][0])


def too_many(r: Any) -> None:
    assert r.status_code == 429, r.text
    assert r.json()["code"] == "too_many_bot_games" and "finish or resign one" in r.json()["error"], r.text


def resign(client: TestClient, gid: str) -> None:
    p = Player(client, gid)
    p.hello()
    assert p.request("resign")["t"] == "ack"
    p.close()


# --------------------------------------------------------------------------- guests


def test_guests_per_address(site_factory: Callable[..., Site]) -> None:
    site = site_factory(guest_limit=2, guest_window=3600.0)
    clock = clocked(site)
    for _ in range(2):
        assert client_from(site, "10.1.0.1").post("/api/guest").status_code == 200
    users = count(site, "users")
    r = client_from(site, "10.1.0.1").post("/api/guest")
    assert r.status_code == 429 and r.json()["code"] == "rate_limited" and "guest" in r.json()["error"]
    assert 1 <= int(r.headers["retry-after"]) <= 3600
    # the guest a visitor without a session gets on opening or joining a table counts too
    r = client_from(site, "10.1.0.1").post("/api/tables", json=BOT)
    assert r.status_code == 429 and r.json()["code"] == "rate_limited"
    tid = site.user("alice").post("/api/tables", json={"opponent": "anyone"}).json()["table"]["id"]
    assert client_from(site, "10.1.0.1").post(f"/api/tables/{tid}/join").status_code == 429
    assert count(site, "users") == users + 1 and count(site, "games") == 0  # alice only
    assert client_from(site, "10.1.0.2").post("/api/guest").status_code == 200  # another address
    clock.t += 3601
    assert client_from(site, "10.1.0.1").post("/api/tables", json=BOT).status_code == 200
    assert site.app.state.metrics.registry.get_sample_value("donjon_rate_limited_total", {"scope": "guest"}) == 3


# --------------------------------------------------------------------------- games against bots


def test_bot_games_per_account(site_factory: Callable[..., Site]) -> None:
    site = site_factory(bot_games_per_account=3, bot_games_per_ip=0)
    alice = site.user("alice")
    games = [alice.post("/api/tables", json=BOT).json()["table"]["game_id"] for _ in range(3)]
    assert all(games)
    tables, made = count(site, "tables"), count(site, "games")
    too_many(alice.post("/api/tables", json={**BOT, "bot_level": "hard"}))
    tid = alice.post("/api/tables", json={"game": "castel", "seats": 3, "bots": 1}).json()["table"]["id"]
    too_many(alice.post(f"/api/tables/{tid}/fill", json={"bot_level": "easy"}))
    # a person completing a table with a bot seat starts a game of its creator's: refused too
    r = site.user("bobby").post(f"/api/tables/{tid}/join")
    assert r.status_code == 429 and r.json()["code"] == "too_many_bot_games" and "creator" in r.json()["error"]
    assert count(site, "tables") == tables + 1 and count(site, "games") == made  # nothing started
    assert site.sql("select status from tables where id=?", tid) == [("open",)]
    # a table against people is not limited
    assert alice.post("/api/tables", json={"opponent": "invite"}).status_code == 200
    # a finished game frees its slot, and so does an aborted one
    resign(alice, games[0])
    assert alice.post("/api/tables", json=BOT).status_code == 200
    too_many(alice.post("/api/tables", json=BOT))
    p = Player(alice, games[1])
    p.hello()
    assert p.request("abort")["t"] == "ack"
    assert alice.post(f"/api/tables/{tid}/fill", json={"bot_level": "easy"}).status_code == 200
    too_many(alice.post("/api/tables", json=BOT))
    # another account may
    assert site.user("carol").post("/api/tables", json=BOT).status_code == 200


def test_the_account_count_is_read_from_the_store(site_factory: Callable[..., Site]) -> None:
    """Another node, or this one after a restart, refuses the fourth game too: nothing of the
    count is in a process's memory."""
    site = site_factory()
    alice = site.user("alice")
    for _ in range(3):
        assert alice.post("/api/tables", json=BOT).status_code == 200
    app = create_app(fast_settings(site.db, node_id="test-2"))
    with TestClient(app, base_url="http://testserver") as fresh:
        fresh.cookies = alice.cookies
        too_many(fresh.post("/api/tables", json=BOT))


def test_bot_games_per_address(site_factory: Callable[..., Site]) -> None:
    site = site_factory(bot_games_per_ip=2, bot_games_per_account=0)
    first = client_from(site, "10.2.0.1")
    gid = first.post("/api/tables", json=BOT).json()["table"]["game_id"]
    assert client_from(site, "10.2.0.1").post("/api/tables", json=BOT).status_code == 200
    users, games = count(site, "users"), count(site, "games")
    too_many(client_from(site, "10.2.0.1").post("/api/tables", json=BOT))  # a visitor without a session
    too_many(first.post("/api/tables", json=BOT))  # one with
    assert count(site, "users") == users and count(site, "games") == games  # not even a guest was made
    alice = site.user("alice")  # registered from "testclient"
    tid = alice.post("/api/tables", json={"opponent": "anyone"}).json()["table"]["id"]
    alice_there = client_from(site, "10.2.0.1")
    alice_there.cookies = alice.cookies
    too_many(alice_there.post(f"/api/tables/{tid}/fill"))  # an account is refused from that address
    assert alice.post(f"/api/tables/{tid}/fill").status_code == 200  # and not from its own
    assert client_from(site, "10.2.0.2").post("/api/tables", json=BOT).status_code == 200
    resign(first, gid)
    assert client_from(site, "10.2.0.1").post("/api/tables", json=BOT).status_code == 200
    too_many(client_from(site, "10.2.0.1").post("/api/tables", json=BOT))


def test_a_bot_declines_a_rematch_beyond_the_limit(site_factory: Callable[..., Site]) -> None:
    site = site_factory(bot_games_per_account=1)
    alice = site.user("alice")
    first = alice.post("/api/tables", json=BOT).json()["table"]["game_id"]
    p = Player(alice, first)
    p.hello()
    assert p.request("resign")["t"] == "ack"
    second = alice.post("/api/tables", json=BOT).json()["table"]["game_id"]
    games = count(site, "games")
    assert p.request("rematch", op="offer")["t"] == "ack"
    ev = p.recv(timeout=10)
    assert ev["event"]["kind"] == "rematch" and ev["event"]["op"] == "decline", ev
    assert "games against bots" in ev["event"]["reason"]
    assert count(site, "games") == games and not p.game.get("next_game")
    resign(alice, second)
    assert p.request("rematch", op="offer")["t"] == "ack"
    while not p.game.get("next_game"):
        p.recv(timeout=10)
    assert count(site, "games") == games + 1


# --------------------------------------------------------------------------- the bot scheduler, served


EASY_THINK = 0.05
"""An easy search's time per decision (UnfairChess's easy level: ``time_limit=0.05``)."""


class SimClock:
    """The bot scheduler's clock in the test below: it moves only by the thinking it simulates."""

    def __init__(self) -> None:
        self.t = 0.0
        self.lock = threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            return self.t

    def advance(self, dt: float) -> None:
        with self.lock:
            self.t += dt


def test_an_easy_bot_answers_while_another_client_floods_hard_bots(site_factory: Callable[..., Site],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty visitors without a session (each from its own address, so no limit applies) open
    tables against hard bots that move first; their searches last as long as the test lets
    them. A player then opens a table against an easy bot: it moves at once, while 19 of the
    hard searches still wait, and its answer took its level's thinking time and nothing more
    on the scheduler's clock (before the scheduler, both workers were taken by the flood and
    the easy bot never answered)."""
    site = site_factory(bot_executor="thread", bot_workers=2, bot_time_budget=60.0)
    hub = site.app.state.hub
    sim = SimClock()
    hub.bots.scheduler.clock = sim
    flood_goes_on = threading.Event()
    searching = [0, 0]  # hard searches running now, and at most
    lock = threading.Lock()

    def think(kind: str, blob: bytes, seat: int, level: str, seed: int) -> dict[str, Any]:
        if level == "hard":
            with lock:
                searching[0] += 1
                searching[1] = max(searching)
            flood_goes_on.wait(120)
            with lock:
                searching[0] -= 1
        else:
            sim.advance(EASY_THINK)  # the easy search uses its whole time
        return bots.random_action(kind, blob, seat, seed)

    monkeypatch.setattr(bots, "think", think)
    asked: list[str] = []
    choose = hub.bots.choose

    async def counted(*args: Any, **kw: Any) -> dict[str, Any]:
        asked.append(args[3])
        return await choose(*args, **kw)

    monkeypatch.setattr(hub.bots, "choose", counted)
    try:
        for i in range(20):
            r = client_from(site, f"10.3.0.{i}").post(
                "/api/tables", json={"opponent": "bot", "bot_level": "hard", "color": "black"})
            assert r.status_code == 200, r.text
        deadline = time.monotonic() + 30
        while asked.count("hard") < 20:
            assert time.monotonic() < deadline, f"the flood's bots were asked {asked.count('hard')} times"
            time.sleep(0.01)
        assert site.main.portal is not None
        site.main.portal.call(lambda: None)  # the loop has handed the last one to the scheduler

        player = client_from(site, "10.3.1.1")
        r = player.post("/api/tables", json={"opponent": "bot", "bot_level": "easy", "color": "black"})
        p = Player(player, r.json()["table"]["game_id"])
        p.hello()
        while 1 not in p.game["to_act"]:  # the bot (white) has moved: the player's turn
            p.recv(timeout=20)
        assert p.game["status"] == "active" and p.legal

        sched = hub.bots.scheduler
        started = list(sched.started)
        easy = next(j for j in started if j.level == "easy")
        # one search of the flood, then the player's bot (which may play a card, then move)
        levels = [j.level for j in started]
        assert levels[0] == "hard" and levels[1:] and set(levels[1:]) == {"easy"}, levels
        assert sched.queued("hard") == 19  # the rest of the flood still waits
        assert easy.queued_at == easy.started_at  # it waited for nothing
        assert easy.done_at is not None and easy.done_at - easy.queued_at <= EASY_THINK
    finally:
        flood_goes_on.set()
    # the flood is then served too, one hard search at a time (one worker stays for fast levels)
    deadline = time.monotonic() + 60
    while sum(1 for j in hub.bots.scheduler.started if j.level == "hard") < 20:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert searching[1] == 1
