"""A bot always answers: a bot that raises, runs over its budget or loses its worker process
still plays a legal action, so a game against it never waits for ever."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest

from donjon.games import get_game
from donjon.server import bots
from donjon.server.bots import BotRunner
from donjon.server.settings import Settings
from tests.server.conftest import Player, Site


def start_state() -> Any:
    return get_game("unfairchess").setup(2, 7)


def legal_uci(state: Any) -> list[dict[str, Any]]:
    return [dict(a) for a in get_game("unfairchess").legal_actions(state, 0)]


def broken_think(*_: Any) -> dict[str, Any]:
    raise ValueError("a bug in the bot")


def slow_think(*_: Any) -> dict[str, Any]:
    time.sleep(2)
    return {"type": "move", "uci": "a2a3"}


async def test_a_bot_that_raises_plays_a_random_legal_action(monkeypatch: pytest.MonkeyPatch,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(bots, "think", broken_think)
    runner = BotRunner(Settings(bot_executor="thread", bot_workers=1))
    try:
        state = start_state()
        action = await runner.choose("unfairchess", state, 0, "easy", 3)
    finally:
        runner.shutdown()
    assert action in legal_uci(state)
    assert "bot easy failed in a unfairchess game" in caplog.text and "a bug in the bot" in caplog.text


async def test_a_bot_over_its_budget_plays_a_random_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "think", slow_think)
    runner = BotRunner(Settings(bot_executor="thread", bot_workers=2, bot_time_budget=0.05))
    try:
        state = start_state()
        started = time.monotonic()
        action = await runner.choose("unfairchess", state, 0, "easy", 3)
        took = time.monotonic() - started
    finally:
        runner.shutdown()
    assert action in legal_uci(state)
    assert took < 2  # it did not wait for the slow bot's a2a3


async def test_a_dead_worker_process_is_replaced(caplog: pytest.LogCaptureFixture) -> None:
    runner = BotRunner(Settings(bot_executor="process", bot_workers=1, bot_time_budget=60))
    try:
        state = start_state()
        first = await runner.choose("unfairchess", state, 0, "easy", 3)
        assert first in legal_uci(state)
        old = runner._pool
        assert old is not None
        for pid in list(old._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        action = await runner.choose("unfairchess", state, 0, "easy", 4)
        assert action in legal_uci(state)
        assert runner._pool is not None and runner._pool is not old
        assert "a bot worker process died: starting a new pool" in caplog.text
    finally:
        runner.shutdown()


def test_the_game_goes_on_when_no_bot_can_answer(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    async def cannot(*_: Any, **__: Any) -> dict[str, Any]:
        raise RuntimeError("the pool is gone")

    monkeypatch.setattr(site.app.state.hub.bots, "choose", cannot)
    g = site.guest()
    r = g.post("/api/tables", json={"opponent": "bot", "bot_level": "easy", "color": "white"})
    assert r.status_code == 200, r.text
    p = Player(g, r.json()["table"]["game_id"])
    p.hello()
    move = next(a for a in p.legal if a["type"] == "move")
    assert p.act(move)["t"] == "ack"
    ev = p.recv(timeout=30)
    while 0 not in ev["game"]["to_act"] and ev["game"]["status"] == "active":  # a card is an action of its own
        ev = p.recv(timeout=30)
    assert ev["t"] == "event" and ev["event"]["by"] == 1
    assert p.v is not None and p.v >= 2 and p.legal
