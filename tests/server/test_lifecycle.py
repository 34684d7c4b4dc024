"""Match lifecycle: resign, draws, abort, rematch, reload, absence clock and forfeit, stakes."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.server.conftest import Player, Site, play


def start(site: Site, **table: Any) -> tuple[str, Player, Player, dict[int, Any]]:
    a, b = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(a, b, color="white", **table)
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    return gid, w, k, seats


def balance(c: Any) -> int:
    return c.get("/api/me").json()["user"]["balance"]  # type: ignore[no-any-return]


def test_resign_settles_stakes(site: Site) -> None:
    gid, w, k, seats = start(site, stake=40, mode="ranked")
    assert balance(seats[0]) == 460 and balance(seats[1]) == 460
    play(w, k, ("e2e4", "e7e5"))
    ack = k.request("resign")
    assert ack["t"] == "ack"
    ev = w.recv()
    assert ev["event"]["kind"] == "resign" and ev["game"]["status"] == "finished"
    assert ev["game"]["outcome"]["winners"] == [0] and ev["game"]["outcome"]["reason"] == "resignation"
    k.wait_version(ev["v"])
    assert w.legal == [] and k.legal == []
    assert balance(seats[0]) == 540 and balance(seats[1]) == 460
    assert site.sql("select status from games where id=?", gid) == [("finished",)]
    # nothing more can happen in a finished game
    err = w.act({"type": "move", "uci": "d2d4"})
    assert err["code"] == "game_over" and err["reason"] == "the game is over"
    assert w.request("resign")["code"] == "game_over"
    # the ledger always sums to the balances
    rows = dict(site.sql("select user_id, sum(amount) from ledger group by user_id"))
    assert rows == {1: 540, 2: 460}


def test_draw_offer_accept_decline_and_lapse(site: Site) -> None:
    gid, w, k, seats = start(site, stake=10)
    # offer, decline
    assert w.request("draw", op="offer")["t"] == "ack"
    assert k.recv()["game"]["draw_offer"] == 0
    assert w.request("draw", op="accept")["code"] == "illegal"  # cannot accept your own offer
    assert w.request("draw", op="offer")["reason"] == "you have already offered a draw"
    assert k.request("draw", op="decline")["t"] == "ack"
    assert w.recv()["game"]["draw_offer"] is None
    # offer, then the opponent moves instead: the offer lapses
    play(w, k, ("e2e4", ""))
    assert w.request("draw", op="offer")["t"] == "ack"
    k.recv()
    assert k.game["draw_offer"] == 0
    assert k.act({"type": "move", "uci": "e7e5"})["t"] == "ack"
    assert k.game["draw_offer"] is None
    w.wait_version(k.v)  # type: ignore[arg-type]
    assert w.game["draw_offer"] is None
    assert k.request("draw", op="accept")["code"] == "illegal"
    # the offerer's own move does not withdraw it; the opponent accepts
    assert w.request("draw", op="offer")["t"] == "ack"
    k.recv()
    assert w.act({"type": "move", "uci": "g1f3"})["t"] == "ack"
    k.wait_version(w.v)  # type: ignore[arg-type]
    assert k.game["draw_offer"] == 0
    assert k.request("draw", op="accept")["t"] == "ack"
    out = k.game["outcome"]
    assert k.game["status"] == "finished" and out["draw"] and out["reason"] == "agreement"
    assert balance(seats[0]) == 500 and balance(seats[1]) == 500  # a draw returns the stakes


def test_abort_only_before_both_moved(site: Site) -> None:
    gid, w, k, seats = start(site, stake=25)
    play(w, k, ("e2e4", ""))
    assert w.game["can_abort"] is True
    assert k.request("abort")["t"] == "ack"
    assert w.recv()["game"]["status"] == "aborted"
    assert balance(seats[0]) == 500 and balance(seats[1]) == 500
    gid2, w2, k2, _ = start_again(site)
    play(w2, k2, ("e2e4", "e7e5"))
    err = w2.request("abort")
    assert err["code"] == "illegal" and "too late to abort" in err["reason"]
    assert site.sql("select status from games where id=?", gid2) == [("active",)]


def start_again(site: Site) -> tuple[str, Player, Player, dict[int, Any]]:
    a = site.client()
    a.post("/api/login", json={"username": "alice", "password": "correct horse"})
    b = site.client()
    b.post("/api/login", json={"username": "bobby", "password": "correct horse"})
    gid, seats = site.game_pair(a, b, color="white")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    return gid, w, k, seats


def test_rematch_swaps_colours_same_terms(site: Site) -> None:
    gid, w, k, seats = start(site, stake=30, mode="ranked")
    play(w, k, ("e2e4", "e7e5"))  # out of the abort window: the game counts
    assert k.request("resign")["t"] == "ack"
    w.wait_version(k.v)  # type: ignore[arg-type]
    assert w.request("rematch", op="accept")["code"] == "illegal"
    assert w.request("rematch", op="offer")["t"] == "ack"
    k.wait_version(w.v)  # type: ignore[arg-type]
    assert k.game["rematch_offer"] == 0
    assert k.request("rematch", op="accept")["t"] == "ack"
    w.wait_version(k.v)  # type: ignore[arg-type]
    new = w.game["next_game"]
    assert new and k.game["next_game"] == new
    info = seats[0].get(f"/api/games/{new}").json()["game"]
    assert [p["name"] for p in info["players"]] == ["bobby", "alice"]  # colours swapped
    assert info["mode"] == "ranked" and info["stake"] == 30 and info["rematch_of"] == gid
    assert seats[0].get(f"/api/games/{gid}").json()["game"]["next_game"] == new
    assert k.request("rematch", op="offer")["reason"] == "the rematch has already started"
    assert balance(seats[0]) == 530 - 30 and balance(seats[1]) == 470 - 30
    # bobby now plays white in the new game
    nb = Player(seats[1], new)
    nb.hello()
    assert nb.seat == 0 and {"type": "move", "uci": "e2e4"} in nb.legal


def test_rematch_needs_the_coins(site: Site) -> None:
    gid, w, k, seats = start(site, stake=300)
    play(w, k, ("e2e4", "e7e5"))  # out of the abort window: the game counts
    assert w.request("resign")["t"] == "ack"
    k.wait_version(w.v)  # type: ignore[arg-type]
    assert balance(seats[0]) == 200
    assert k.request("rematch", op="offer")["t"] == "ack"
    w.wait_version(k.v)  # type: ignore[arg-type]
    err = w.request("rematch", op="accept")
    assert err["code"] == "insufficient_balance" and "alice no longer has the 300 coins" in err["reason"]
    assert site.sql("select count(*) from games")[0][0] == 1
    assert w.game["next_game"] is None and w.game["rematch_offer"] == 1
    assert w.request("rematch", op="decline")["t"] == "ack"


def test_reload_resumes_with_full_view(site: Site) -> None:
    gid, w, k, seats = start(site)
    play(w, k, ("e2e4", "e7e5"), ("g1f3", "b8c6"))
    view_before, legal_before = w.view, w.legal
    w.close()
    again = Player(seats[0], gid)
    got = again.hello()
    assert [f["t"] for f in got] == ["welcome", "sync"]
    assert again.seat == 0 and again.view == view_before and again.legal == legal_before
    assert again.act({"type": "move", "uci": "f1c4"})["t"] == "ack"


def test_absence_claim_and_forfeit(site_factory: Any) -> None:
    site = site_factory(absence_claim=0.4, absence_forfeit=30.0)
    gid, w, k, seats = start(site, stake=20)
    play(w, k, ("e2e4", "e7e5"))
    k.close()
    pres = w.recv(presence=True)
    assert pres["t"] == "presence"
    black = pres["game"]["players"][1]
    assert black["online"] is False and black["claim_at"] and black["deadline_kind"] == "forfeit"
    # the deadlines are in the database, so a restart keeps them
    (claim_at, deadline_at, kind), = site.sql("select claim_at, deadline_at, deadline_kind from game_seats "
                                             "where game_id=? and seat=1", gid)
    assert kind == "forfeit" and deadline_at - claim_at > 29
    err = w.request("claim")
    assert err["code"] == "too_early" and "you may claim in" in err["reason"]
    time.sleep(0.5)
    assert w.request("claim")["t"] == "ack"
    assert w.game["status"] == "finished" and w.game["outcome"]["reason"] == "forfeit"
    assert w.game["outcome"]["winners"] == [0]
    assert balance(seats[0]) == 520 and balance(seats[1]) == 480
    assert site.sql("select deadline_at from game_seats where game_id=?", gid) == [(None,), (None,)]


def test_coming_back_stops_the_clock(site: Site) -> None:
    gid, w, k, seats = start(site)
    site.set_clock(0.3, 0.8)
    k.close()
    w.recv(presence=True)
    back = Player(seats[1], gid)
    back.hello()
    assert back.game["players"][1]["online"] is True and back.game["players"][1]["deadline_at"] is None
    time.sleep(1.0)
    assert w.request("claim")["code"] == "illegal"
    assert site.sql("select status from games where id=?", gid) == [("active",)]


def test_automatic_forfeit(site: Site) -> None:
    gid, w, k, seats = start(site)
    site.set_clock(0.2, 0.5)
    k.close()
    deadline = time.time() + 10
    while w.game.get("status") == "active" and time.time() < deadline:
        w.recv(presence=True)
    assert w.game["status"] == "finished"
    assert w.game["outcome"] == {"winners": [0], "losers": [1], "draw": False, "reason": "forfeit",
                                 "scores": [1.0, 0.0]}
    kinds = [r[0] for r in site.sql("select kind from game_actions where game_id=? order by seq", gid)]
    assert kinds == ["forfeit"]


def test_never_connected_player_forfeits(site_factory: Any) -> None:
    """The clock starts when the game is created: a joiner who never opens it forfeits."""
    # long enough for white to connect in time on a loaded machine (its clock runs too)
    site = site_factory(absence_claim=1.0, absence_forfeit=3.0)
    a, b = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(a, b, color="white")
    w = Player(seats[0], gid)
    w.hello()
    deadline = time.time() + 30  # generous: a loaded machine delays the timer task
    while w.game.get("status") == "active" and time.time() < deadline:
        w.recv(presence=True)
    assert w.game["outcome"]["winners"] == [0]


def test_bot_game_abandoned_without_consequence(site_factory: Any) -> None:
    site = site_factory(bot_abandon=1.0, bot_executor="thread")
    g = site.guest()
    gid = g.post("/api/tables", json={"opponent": "bot", "bot_level": "easy", "color": "white"}).json()["table"]["game_id"]
    p = Player(g, gid)
    p.hello()
    assert p.game["players"][0]["deadline_at"] is None
    watcher = Player(site.client(), gid)  # told of every change of the seat's clock, in order
    watcher.hello()
    p.close()
    kinds = set()
    while watcher.game["status"] == "active":
        watcher.recv(presence=True)
        kinds.add(watcher.game["players"][0]["deadline_kind"])
    assert "abandon" in kinds and "forfeit" not in kinds
    deadline = time.time() + 10
    while site.sql("select status from games where id=?", gid) != [("abandoned",)]:
        assert time.time() < deadline
        time.sleep(0.05)
    (outcome,), = site.sql("select outcome from games where id=?", gid)
    assert '"abandoned"' in outcome
    assert site.sql("select count(*) from ledger")[0][0] == 0


def test_due_forfeits_of_many_games_share_commits(site_factory: Any) -> None:
    """After an outage many absence deadlines are due at once: one timer round forfeits the
    games side by side, their entries in shared group-commit batches, not a commit each."""
    site = site_factory(absence_claim=3600.0, absence_forfeit=7200.0)
    games = [site.game_pair(site.guest(), site.guest(), color="white")[0] for _ in range(12)]
    log = site.app.state.db.log
    before = log.batches
    t = time.time()
    site.execute("update game_seats set away_since = ?, claim_at = ?, deadline_at = ?, deadline_kind = 'forfeit' "
                 "where seat = 1", t - 100, t - 90, t - 1)
    for gid in games:  # the rooms this node holds (the others load the stored clocks)
        room = site.app.state.hub.rooms.get(gid)
        if room is not None:
            room.seats[1].away_since, room.seats[1].claim_at, room.seats[1].deadline_at = t - 100, t - 90, t - 1
    deadline = time.time() + 30
    while time.time() < deadline:
        rows = site.sql("select status, outcome from games")
        if all(status == "finished" for status, _ in rows):
            break
        time.sleep(0.05)
    assert [json.loads(o)["reason"] for _, o in site.sql("select status, outcome from games")] == ["forfeit"] * 12
    assert len(site.sql("select 1 from game_actions where kind = 'forfeit'")) == len(games)
    assert log.batches - before < len(games) / 2
