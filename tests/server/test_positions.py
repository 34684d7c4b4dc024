"""``{"t": "position", "v"}``: the public view of a game at a past version, for the move list
(docs/protocol.md, "History"; donjon/server/positions.py). Whoever asks gets exactly what a
spectator was sent at that version, refusals change nothing, and it works for every game."""

from __future__ import annotations

import random
from typing import Any

from donjon.games import get_game
from donjon.server.match import Match
from tests.server.conftest import Player, Site
from tests.server.test_history import OPENING, play, start


def ask(p: Player, v: Any) -> dict[str, Any]:
    """Send a position request and return its answer (a position or an error frame)."""
    mid = p.send({"t": "position", "v": v})
    while True:
        f = p.recv()
        if f["t"] in ("position", "error") and f.get("id") == mid:
            return f


def spectator_views(p: Player) -> dict[int, dict[str, Any]]:
    """The views a spectator was sent, by version (its sync and events)."""
    return {f["v"]: f["view"] for f in p.frames if f["t"] in ("sync", "event")}


def test_every_position_is_the_spectators_view(site: Site) -> None:
    gid, players = start(site)
    watcher = Player(site.client(), gid)
    watcher.hello()
    play(players, OPENING[:6])
    watcher.wait_version(6)
    seen = spectator_views(watcher)
    game = get_game("unfairchess")
    (seed,), = site.sql("select seed from games where id=?", gid)
    seen[0] = game.view(Match.start(game, 2, seed, None).state, None)
    for who in (watcher, players[0], players[1]):
        for v in range(7):
            f = ask(who, v)
            assert f == {"t": "position", "id": f["id"], "v": v, "view": seen[v]}, (who.seat, v)
    # a seat's own frames carry its hand; the position never does (the public view only)
    assert "hand" in players[0].view and "hand" not in ask(players[0], 6)["view"]
    assert ask(players[0], 3)["view"]["fen"] != ask(players[0], 4)["view"]["fen"]


def test_bad_requests_are_refused_and_change_nothing(site: Site) -> None:
    gid, players = start(site)
    play(players, OPENING[:2])
    p = players[0]
    before = (p.v, p.view, site.sql("select count(*) from game_actions where game_id=?", gid))
    for v, code, says in ((3, "no_such_version", "from 0 (the start) to 2 (now)"),
                          (-1, "no_such_version", "no version -1"),
                          (10**9, "no_such_version", "no version 1000000000"),
                          ("1", "bad_request", "whole number"),
                          (1.5, "bad_request", "whole number"),
                          (True, "bad_request", "whole number"),
                          (None, "bad_request", "whole number")):
        f = ask(p, v)
        assert f["t"] == "error" and f["code"] == code, (v, f)
        assert says in f["reason"], (v, f["reason"])
    p.send({"t": "position"})  # no v at all
    f = p.recv()
    assert f["t"] == "error" and f["code"] == "bad_request" and "needs field(s): v" in f["reason"]
    p.send({"t": "position", "v": 1, "seat": 0})  # no other field
    f = p.recv()
    assert f["t"] == "error" and f["code"] == "bad_request" and "unknown field" in f["reason"]
    assert (p.v, p.view, site.sql("select count(*) from game_actions where game_id=?", gid)) == before
    assert ask(p, 2)["t"] == "position"  # the socket still answers
    assert players[1].act({"type": "move", "uci": "g1f3"}, v=2)["t"] == "error"  # not its turn: state as before
    assert p.act({"type": "move", "uci": "g1f3"})["t"] == "ack"


def test_before_hello_it_is_refused(site: Site) -> None:
    gid, players = start(site)
    fresh = Player(site.client(), gid)
    f = ask(fresh, 0)
    assert f["t"] == "error" and f["code"] == "hello_first"


def test_old_positions_are_replayed_from_the_log_also_after_a_reload(site_factory: Any) -> None:
    site = site_factory(event_buffer=2, ws_rate_limit=10_000)  # the room keeps only 2 versions
    gid, players = start(site)
    watcher = Player(site.client(), gid)
    watcher.hello()
    play(players, OPENING)
    assert players[0].request("draw", op="offer")["t"] == "ack"  # a lifecycle entry is a version too
    watcher.wait_version(11)
    seen = spectator_views(watcher)
    for v in (10, 1, 5, 11, 7, 2, 9):
        assert ask(players[1], v)["view"] == seen[v], v
    hub = site.app.state.hub
    for p in [*players.values(), watcher]:
        p.close()
    room = hub.rooms.pop(gid)
    room.conns.clear()
    again = Player(site.client(), gid)  # the room is rebuilt from the stored entries
    again.hello()
    assert hub.rooms[gid] is not room and len(hub.rooms[gid].log) == 11
    for v in (3, 8, 11):
        assert ask(again, v)["view"] == seen[v], v


def test_castel_positions_show_no_hand(site: Site) -> None:
    """Castel hides hands and drawn cards: a seat's past position is the spectator's view."""
    a, b = site.user("cas_a"), site.user("cas_b")
    gid, seats = site.game_pair(a, b, game="castel")
    players = {s: Player(c, gid) for s, c in seats.items()}
    watcher = Player(site.client(), gid)
    for p in (*players.values(), watcher):
        p.hello()
    rng = random.Random(5)
    for _ in range(8):
        seat = players[0].game["to_act"][0]
        me = players[seat]
        me.wait_version(players[0].v)  # type: ignore[arg-type]
        assert me.act(rng.choice(me.legal))["t"] == "ack"
        for p in (*players.values(), watcher):
            p.wait_version(me.v)  # type: ignore[arg-type]
    seen = spectator_views(watcher)
    for seat, p in players.items():
        assert p.view.get("hand"), "a seat's own frames show its hand"
        for v in range(1, 9):
            got = ask(p, v)["view"]
            assert got == seen[v], (seat, v)
            assert got.get("hand") is None


def test_the_fourth_game_too(site: Site) -> None:
    a, b = site.user("c4_a"), site.user("c4_b")
    r = a.post("/api/tables", json={"game": "connect4", "seats": 2})
    assert r.status_code == 200, r.text
    j = b.post(f"/api/tables/{r.json()['table']['id']}/join", json={})
    gid = j.json()["table"]["game_id"]
    players = {}
    for who in (a, b):
        p = Player(who, gid)
        p.hello()
        players[p.seat] = p
    watcher = Player(site.client(), gid)
    watcher.hello()
    for _ in range(4):
        mover = players[players[0].game["to_act"][0]]
        assert mover.act(mover.legal[0])["t"] == "ack"
        for p in (*players.values(), watcher):
            p.wait_version(mover.v)  # type: ignore[arg-type]
    seen = spectator_views(watcher)
    assert [ask(players[0], v)["view"] for v in (1, 2, 3, 4)] == [seen[v] for v in (1, 2, 3, 4)]
    assert ask(players[0], 0)["view"]["moves"] == 0
