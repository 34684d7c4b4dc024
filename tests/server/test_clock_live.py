"""Clocks through the server: a table's time control, the time stamped on each move, a flag
fired by the timers from the stored deadline (also after a restart), a flag in a game of
three, a correspondence deadline days away, and bad time controls refused. The server's
clock (``donjon.server.clock.now``) is a fake one the tests move."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from donjon.server import clock
from donjon.server.app import create_app
from tests.server.conftest import OPEN, Player, Site, fast_settings


@pytest.fixture()
def fake_now(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    t = [1_000_000.0]
    monkeypatch.setattr(clock, "now", lambda: t[0])
    yield t


def moves(p: Player) -> list[dict[str, Any]]:
    return [a for a in p.legal if a["type"] == "move"]


def start(site: Site, time_control: dict[str, Any] | None, **table: Any) -> tuple[str, Player, Player]:
    a, b = site.user("alice"), site.user("bobby")
    body: dict[str, Any] = {"color": "white", **table}
    if time_control is not None:
        body["time_control"] = time_control
    gid, seats = site.game_pair(a, b, **body)
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    return gid, w, k


def move(p: Player, other: Player, uci: str) -> None:
    assert p.act({"type": "move", "uci": uci})["t"] == "ack"
    other.wait_version(p.v)  # type: ignore[arg-type]


def wait_status(p: Player, timeout: float = 10.0) -> dict[str, Any]:
    while p.game.get("status") == "active":
        p.recv(timeout)
    return p.game


def test_a_table_has_the_game_s_default_clock_and_each_move_pays(site: Site, fake_now: list[float]) -> None:
    gid, w, k = start(site, None)
    assert w.game["clock"]["control"] == {"initial": 300, "increment": 3}
    info = w.client.get(f"/api/games/{gid}").json()["game"]
    assert info["time_control"] == {"initial": 300, "increment": 3} and info["speed"] == "blitz"
    move(w, k, "e2e4")
    fake_now[0] += 50.0  # the opening costs nothing
    move(k, w, "e7e5")
    assert k.game["clock"]["left"] == [303.0, 303.0] and k.game["clock_counts"] is True
    fake_now[0] += 20.0
    move(w, k, "g1f3")
    assert k.game["clock"]["left"] == [286.0, 303.0] and k.game["clock"]["running"] == [1]
    stored = site.sql("select data from game_actions where game_id=? order by seq", gid)
    assert all('"at"' in d for (d,) in stored)
    (flag_at,) = site.sql("select flag_at from games where id=?", gid)[0]
    assert flag_at == pytest.approx(fake_now[0] + 303.0)


def test_the_timers_flag_a_player_out_of_time(site: Site, fake_now: list[float]) -> None:
    gid, w, k = start(site, {"initial": 60, "increment": 0})
    move(w, k, "e2e4")
    move(k, w, "e7e5")
    fake_now[0] += 59.0
    move(w, k, "g1f3")  # just in time
    fake_now[0] += 61.0  # Black thinks too long
    game = wait_status(w)
    assert game["status"] == "finished"
    assert game["outcome"]["winners"] == [0] and game["outcome"]["reason"] == "timeout"
    assert site.sql("select kind, seat from game_actions where game_id=? order by seq desc limit 1", gid) == [("flag", 1)]
    assert site.sql("select flag_at from games where id=?", gid) == [(None,)]
    err = k.act(moves(k)[0]) if k.legal else {"t": "error", "code": "game_over"}
    assert err["t"] == "error"
    # the PGN carries the clock: the time control, each move's time left, the end on time
    import io

    import chess.pgn

    text = w.client.get(f"/api/games/{gid}/pgn").text
    assert '[TimeControl "60+0"]' in text and '[Termination "time forfeit"]' in text
    pgn = chess.pgn.read_game(io.StringIO(text))
    assert pgn is not None and not pgn.errors
    assert [round(n.clock() or -1) for n in pgn.mainline()] == [60, 60, 1]


def test_a_move_after_the_flag_is_refused(site_factory: Callable[..., Site], fake_now: list[float]) -> None:
    site = site_factory(timer_interval=3600.0, presence_lease=20000.0)  # the timers do not run: the late move arrives first
    gid, w, k = start(site, {"initial": 60, "increment": 0})
    move(w, k, "e2e4")
    move(k, w, "e7e5")
    fake_now[0] += 61.0
    err = w.act(moves(w)[0])
    assert err["t"] == "error" and err["code"] == "time_up", err
    assert site.sql("select count(*) from game_actions where game_id=?", gid) == [(2,)]


def test_bad_time_controls_are_refused(site: Site) -> None:
    a = site.user("alice")
    for tc, code in [({"initial": 5}, 422), ({"initial": 300, "increment": "3"}, 422), ({"days": 3}, 422),
                     ("5+3", 422), ({"correspondence_days": 30}, 422), (None, 400)]:
        r = a.post("/api/tables", json={"opponent": "anyone", "time_control": tc})
        assert r.status_code == code, (tc, r.text)
        assert "time_control" in r.json()["error"]
    assert a.get("/api/tables").json()["tables"] == []
    r = a.post("/api/tables", json={"opponent": "bot", "time_control": None})
    assert r.status_code == 200, r.text
    gid = r.json()["table"]["game_id"]
    assert a.get(f"/api/games/{gid}").json()["game"]["time_control"] is None  # against a bot: untimed


def test_a_correspondence_deadline_days_away(site: Site, fake_now: list[float]) -> None:
    gid, w, k = start(site, {"correspondence_days": 3}, game="unfairchess")
    move(w, k, "e2e4")
    move(k, w, "e7e5")
    fake_now[0] += 2 * 86_400.0  # two days: still White's turn, nothing happens
    move(w, k, "g1f3")
    (flag_at,) = site.sql("select flag_at from games where id=?", gid)[0]
    assert flag_at == pytest.approx(fake_now[0] + 3 * 86_400.0)
    fake_now[0] += 2.9 * 86_400.0
    w.ws.send_json({"t": "ping", "id": 1})
    assert w.recv()["t"] == "pong" and k.game["status"] == "active"
    fake_now[0] += 0.2 * 86_400.0
    assert wait_status(w)["outcome"]["reason"] == "timeout"


def test_the_deadline_survives_a_restart(tmp_path: Any, fake_now: list[float]) -> None:
    db = tmp_path / "restart.sqlite3"
    first = TestClient(create_app(fast_settings(db, timer_interval=3600.0, presence_lease=20000.0)), base_url="http://testserver")
    first.__enter__()
    site = Site(first.app, first, db)
    gid, w, k = start(site, {"initial": 60, "increment": 0})
    move(w, k, "e2e4")
    move(k, w, "e7e5")
    w.close()
    k.close()
    OPEN.clear()
    first.__exit__(None, None, None)  # the server stops with White's clock running
    fake_now[0] += 120.0
    second = TestClient(create_app(fast_settings(db, timer_interval=0.05)), base_url="http://testserver")
    second.__enter__()
    try:
        again = Site(second.app, second, db)
        for _ in range(200):
            if again.sql("select status from games where id=?", gid) != [("active",)]:
                break
            second.portal.call(__import__("anyio").sleep, 0.05)
        assert again.sql("select status, game_actions.kind from games join game_actions on game_actions.game_id = games.id "
                         "where games.id=? order by seq desc limit 1", gid) == [("finished", "flag")]
    finally:
        second.__exit__(None, None, None)


def test_a_flag_in_a_game_of_three_gives_the_seat_to_a_bot(site: Site, fake_now: list[float]) -> None:
    people = [site.user(n) for n in ("ann", "ben", "cat")]
    r = people[0].post("/api/tables", json={"game": "castel", "seats": 3, "opponent": "anyone",
                                            "time_control": {"initial": 60, "increment": 5}})
    assert r.status_code == 200, r.text
    tid = r.json()["table"]["id"]
    for c in people[1:]:
        assert c.post(f"/api/tables/{tid}/join").status_code == 200
    gid = people[0].get(f"/api/tables/{tid}").json()["table"]["game_id"]
    ids = {p["user_id"]: p["seat"] for p in people[0].get(f"/api/games/{gid}").json()["game"]["players"]}
    players = {}
    for c in people:
        p = Player(c, gid)
        p.hello()
        players[ids[c.get("/api/me").json()["user"]["id"]]] = p
    by_seat = {p.seat: p for p in players.values()}
    while by_seat[0].game["can_abort"]:
        seat = by_seat[0].game["to_act"][0]
        p = by_seat[seat]
        assert p.act(p.legal[0])["t"] == "ack"
        for q in by_seat.values():
            q.wait_version(p.v)  # type: ignore[arg-type]
    late = by_seat[0].game["to_act"][0]
    fake_now[0] += 500.0
    watcher = by_seat[(late + 1) % 3]
    while late not in watcher.game.get("left", []):
        watcher.recv()
    assert watcher.game["status"] == "active"
    flagged = [f for f in watcher.frames if f["t"] == "event" and f["event"]["kind"] == "flag"]
    assert flagged and flagged[-1]["event"]["by"] == late and flagged[-1]["event"]["bot"] == "normal"


def test_a_correspondence_game_has_no_absence_clock(site: Site, fake_now: list[float]) -> None:
    """Its players come and go: leaving the page neither lets the other claim nor forfeits."""
    import time

    gid, w, k = start(site, {"correspondence_days": 1})
    move(w, k, "e2e4")
    move(k, w, "e7e5")
    site.set_clock(claim=0.05, forfeit=0.1)
    k.close()
    time.sleep(0.5)  # the absence clock, were there one, would have run out (real time)
    assert site.sql("select deadline_at, claim_at from game_seats where game_id=? and seat=1", gid) == [(None, None)]
    assert w.request("claim")["t"] == "error"
    assert site.sql("select status from games where id=?", gid) == [("active",)]


def test_a_restart_gives_back_the_time_it_took(tmp_path: Any, fake_now: list[float]) -> None:
    """The server is down 100 s (its last heartbeat says so) while White's clock runs: when the
    game is loaded again, a ``clock`` entry gives those 100 s back."""
    import json
    import time

    fake_now[0] = time.time() - 300.0  # the game was played a while ago
    db = tmp_path / "outage.sqlite3"
    first = TestClient(create_app(fast_settings(db, node_id="n1")), base_url="http://testserver")
    first.__enter__()
    site = Site(first.app, first, db)
    gid, w, k = start(site, {"initial": 600, "increment": 0})
    move(w, k, "e2e4")
    move(k, w, "e7e5")
    since = k.game["clock"]["since"]
    w.close()
    k.close()
    OPEN.clear()
    first.__exit__(None, None, None)
    site.execute("update nodes set seen_at = ? where id = 'n1'", time.time() - 100.0)
    second = TestClient(create_app(fast_settings(db, node_id="n2")), base_url="http://testserver")
    second.__enter__()
    try:
        again = Site(second.app, second, db)
        client = second
        client.cookies = w.client.cookies
        p = Player(client, gid)
        p.hello()
        kind, data = again.sql("select kind, data from game_actions where game_id=? order by seq desc limit 1", gid)[0]
        assert kind == "clock" and json.loads(data)["given"] == pytest.approx(100.0, abs=5.0)
        while p.game["clock"]["since"] == since:
            p.recv()
        assert p.game["clock"]["since"] == pytest.approx(since + 100.0, abs=5.0)
        assert p.game["clock"]["left"][0] == 600.0
        p.close()
    finally:
        OPEN.clear()
        second.__exit__(None, None, None)
