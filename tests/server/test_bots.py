"""Bot opponents think in a worker process and answer offers."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.conftest import Player, Site


def bot_game(site: Site, level: str, color: str) -> tuple[Any, Player]:
    g = site.guest()
    r = g.post("/api/tables", json={"opponent": "bot", "bot_level": level, "color": color})
    assert r.status_code == 200, r.text
    p = Player(g, r.json()["table"]["game_id"])
    p.hello()
    return g, p


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bot_replies_from_a_worker_process(site: Site, level: str) -> None:
    g, p = bot_game(site, level, "white")
    assert p.seat == 0
    for _ in range(3):
        move = next(a for a in p.legal if a["type"] == "move")
        assert p.act(move)["t"] == "ack"
        while True:  # an add-to-move card is an action of its own: the bot may act twice
            ev = p.recv(timeout=30)
            assert ev["t"] == "event" and ev["event"]["by"] == 1 and ev["event"]["kind"] == "play"
            assert "action" not in ev["event"]  # the bot's action is seen through the view only
            if 0 in ev["game"]["to_act"] or ev["game"]["status"] != "active":
                break
        if p.game["status"] != "active":
            break
        assert p.legal


def test_bot_moves_first_as_white(site: Site) -> None:
    g, p = bot_game(site, "easy", "black")
    assert p.seat == 1
    while 1 not in p.game["to_act"]:  # the bot may play a card before its move (an action of its own)
        ev = p.recv(timeout=30)
        assert ev["t"] == "event" and ev["event"]["by"] == 0, ev
    assert p.v >= 1 and p.legal and p.game["status"] == "active"
    assert all(ev["event"]["by"] == 0 for ev in p.frames if ev["t"] == "event")


def test_bot_declines_draws_and_accepts_rematches(site: Site) -> None:
    g, p = bot_game(site, "easy", "white")
    assert p.request("draw", op="offer")["t"] == "ack"
    ev = p.recv(timeout=10)
    assert ev["event"] == {"kind": "draw", "by": 1, "op": "decline"}
    assert p.request("resign")["t"] == "ack"
    assert p.request("rematch", op="offer")["t"] == "ack"
    while not p.game.get("next_game"):
        p.recv(timeout=10)
    new = p.game["next_game"]
    info = g.get(f"/api/games/{new}").json()["game"]
    assert info["players"][0]["bot"] == "easy" and info["players"][1]["name"] == p.game["players"][0]["name"]
    assert info["stake"] == 0 and info["mode"] == "friendly"


@pytest.mark.parametrize(("fen", "answer"), [
    ("r3k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "decline"),   # the bot (Black) is ahead by a rook less a pawn
    ("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1", "accept"),    # the bot is behind by a rook and a pawn
    ("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1", "accept"),     # a knight alone: a bare ending (and behind by 3)
    ("4kn2/8/8/8/8/8/8/2N1K3 w - - 0 1", "accept"),    # a knight each: a bare ending
    ("3bkn2/8/8/8/8/8/8/2NBK3 w - - 0 1", "decline"),  # two minors each, level: play on
])
def test_a_bot_answers_a_draw_offer_by_the_position(site_factory: Callable[..., Site], fen: str, answer: str) -> None:
    site = site_factory(test_game_options=json.dumps({"unfairchess": {"fen": fen}}))
    g, p = bot_game(site, "easy", "white")
    assert p.request("draw", op="offer")["t"] == "ack"
    ev = p.recv(timeout=10)
    assert ev["event"] == {"kind": "draw", "by": 1, "op": answer}
    if answer == "accept":
        assert p.game["status"] != "active" and p.game["outcome"]["reason"] == "agreement"
        assert p.game["outcome"]["draw"] is True
