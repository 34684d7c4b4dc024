"""Tables of 1–4 seats (Castel 2–4, Citadel 1–4), bot seats, and what happens when a player
leaves a game of three or more or a cooperative one."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.server.conftest import Player, Site, recv, recv_until

# A Castel position for three near its end: every pile empty, one round at most.
CASTEL3 = {"position": {"hands": {"0": ["soldat_1"], "1": ["soldat_2", "soldat_3"], "2": ["soldat_4", "soldat_5"]}},
           "first": 0, "max_rounds": 1}


def _tables(site: Site) -> int:
    return site.sql("select count(*) from tables")[0][0]


def _me(c: Any) -> int:
    return int(c.get("/api/me").json()["user"]["id"])


def _open(c: Any, **body: Any) -> dict[str, Any]:
    r = c.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json()["table"])


def _players(c: Any, gid: str) -> list[dict[str, Any]]:
    return list(c.get(f"/api/games/{gid}").json()["game"]["players"])


def _by_seat(clients: list[Any], gid: str) -> dict[int, Any]:
    ids = {_me(c): c for c in clients}
    return {p["seat"]: ids[p["user_id"]] for p in _players(clients[0], gid) if p["user_id"] in ids}


def _wait(pred: Any, timeout: float = 20.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("timed out")


def _drain(p: Player) -> None:
    while True:
        try:
            p.recv(0.05)
        except TimeoutError:
            return


def _play_out(site_client: Any, gid: str, players: list[Player], timeout: float = 90.0) -> dict[str, Any]:
    """The people still playing act (their first legal action) until the game is over."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        info = site_client.get(f"/api/games/{gid}").json()["game"]
        if info["status"] != "active":
            return dict(info)
        for p in players:
            _drain(p)
            if p.seat is not None and p.seat in p.game.get("to_act", []) and p.legal:
                p.act(p.legal[0])
    raise AssertionError("the game did not end")


# --------------------------------------------------------------------------- tables


def test_three_seat_castel_table_fills_live_and_starts(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    with carol.websocket_connect("/ws/lobby") as lobby_c, alice.websocket_connect("/ws/lobby") as lobby_a:
        assert recv(lobby_c) == {"t": "tables", "tables": []}
        recv(lobby_a)
        t = _open(alice, game="castel", seats=3)
        assert t["status"] == "open" and t["seats"] == 3 and t["open_seats"] == 2
        assert [(x["seat"], x["name"], x["open"]) for x in t["sitting"]] == [
            (0, "alice", False), (1, None, True), (2, None, True)]
        pushed = recv(lobby_c)
        assert pushed["t"] == "tables" and pushed["tables"][0]["open_seats"] == 2

        r = bob.post(f"/api/tables/{t['id']}/join")
        assert r.status_code == 200, r.text
        half = r.json()["table"]
        assert half["status"] == "open" and half["game_id"] is None and half["open_seats"] == 1
        assert [x["name"] for x in half["sitting"]] == ["alice", "bobby", None]
        # Carol sees who sits where, live.
        pushed, _ = recv_until(lobby_c, lambda f: f["t"] == "tables" and f["tables"][0]["open_seats"] == 1)
        assert [x["name"] for x in pushed["tables"][0]["sitting"]] == ["alice", "bobby", None]

        r = carol.post(f"/api/tables/{t['id']}/join")
        assert r.status_code == 200, r.text
        full = r.json()["table"]
        gid = full["game_id"]
        assert full["status"] == "started" and gid and full["open_seats"] == 0
        for ws in (lobby_a, lobby_c):
            started, _ = recv_until(ws, lambda f: f["t"] == "started")
            assert started["game"] == gid
    players = _players(alice, gid)
    assert sorted(p["name"] for p in players) == ["alice", "bobby", "carol"]
    assert all(p["bot"] is None for p in players)
    assert alice.get("/api/tables").json()["tables"] == []
    # Every one of them plays their own seat.
    for c in (alice, bob, carol):
        p = Player(c, gid)
        p.hello()
        assert p.seat is not None and p.view["players"] == 3 and len(p.view["hand"]) == 7
        p.close()


def test_creator_fills_the_open_seats_with_bots(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    t = _open(alice, game="castel", seats=4)
    assert bob.post(f"/api/tables/{t['id']}/join").status_code == 200
    r = bob.post(f"/api/tables/{t['id']}/fill", json={"bot_level": "easy"})
    assert r.status_code == 403 and "only the table's creator" in r.json()["error"]
    r = alice.post(f"/api/tables/{t['id']}/fill", json={"bot_level": "easy"})
    assert r.status_code == 200, r.text
    gid = r.json()["table"]["game_id"]
    players = _players(alice, gid)
    assert sorted(p["bot"] or p["name"] for p in players) == ["alice", "bobby", "easy", "easy"]
    assert all(p["user_id"] is None for p in players if p["bot"])
    info = alice.get(f"/api/games/{gid}").json()["game"]
    assert info["mode"] == "friendly" and info["stake"] == 0


def test_bot_seats_at_creation_and_a_person_completes_the_table(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    t = _open(alice, game="castel", seats=3, bots=1, bot_level="easy")
    assert t["status"] == "open" and t["open_seats"] == 1
    assert [x["bot"] for x in t["sitting"]] == [None, "easy", None]
    assert [x["id"] for x in bob.get("/api/tables").json()["tables"]] == [t["id"]]
    r = bob.post(f"/api/tables/{t['id']}/join")
    assert r.status_code == 200, r.text
    gid = r.json()["table"]["game_id"]
    assert sorted(p["bot"] or p["name"] for p in _players(alice, gid)) == ["alice", "bobby", "easy"]
    # every bot seat taken at once: the game starts at once (a table against bots)
    t2 = _open(alice, game="castel", seats=3, bots=2)
    assert t2["status"] == "started" and t2["opponent"] == "bot" and t2["game_id"]


def test_leave_a_table_before_it_starts(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    t = _open(alice, game="castel", seats=3)
    assert bob.post(f"/api/tables/{t['id']}/join").status_code == 200
    r = carol.post(f"/api/tables/{t['id']}/leave")
    assert r.status_code == 409 and "you do not sit at this table" in r.json()["error"]
    r = alice.post(f"/api/tables/{t['id']}/leave")
    assert r.status_code == 409 and "cancel it instead" in r.json()["error"]
    r = bob.post(f"/api/tables/{t['id']}/leave")
    assert r.status_code == 200, r.text
    assert r.json()["table"]["open_seats"] == 2


def test_citadel_solo_starts_at_once_with_the_chosen_difficulty(site: Site) -> None:
    g = site.guest()
    t = _open(g, game="citadel", seats=1, difficulty="hard")
    assert t["status"] == "started" and t["options"] == {"difficulty": "hard"}
    gid = t["game_id"]
    assert json.loads(site.sql("select options from games where id = ?", gid)[0][0]) == {"difficulty": "hard"}
    p = Player(g, gid)
    p.hello()
    assert p.seat == 0 and p.view["players"] == 1 and p.view["difficulty"] == "hard"
    p.close()


def test_citadel_with_a_bot_teammate(site: Site) -> None:
    g = site.guest()
    t = _open(g, game="citadel", seats=2, bots=1, bot_level="easy", difficulty="easy")
    assert t["status"] == "started"
    gid = t["game_id"]
    players = _players(g, gid)
    assert sorted(p["bot"] or "me" for p in players) == ["easy", "me"]
    # the bot teammate plays by itself whenever it is its turn: the game moves on
    p = Player(g, gid)
    p.hello()
    for _ in range(40):
        if p.seat in p.game["to_act"] or p.game["status"] != "active":
            break
        p.recv(30)
    assert p.seat in p.game["to_act"]
    p.close()


def test_joining_twice_or_a_full_table_is_refused_and_changes_nothing(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    t = _open(alice, game="castel", seats=3)
    assert bob.post(f"/api/tables/{t['id']}/join").status_code == 200
    before = site.sql("select seating, status from tables where id = ?", t["id"])
    r = bob.post(f"/api/tables/{t['id']}/join")
    assert r.status_code == 409 and r.json()["code"] == "already_seated"
    assert "you already sit at this table" in r.json()["error"]
    r = alice.post(f"/api/tables/{t['id']}/join")
    assert r.status_code == 409 and "your own table" in r.json()["error"]
    assert site.sql("select seating, status from tables where id = ?", t["id"]) == before
    assert carol.post(f"/api/tables/{t['id']}/join").status_code == 200  # the last seat: it starts
    games = site.sql("select count(*) from games")[0][0]
    r = site.user("dave").post(f"/api/tables/{t['id']}/join")
    assert r.status_code == 409 and "every seat is taken" in r.json()["error"]
    assert site.sql("select count(*) from games")[0][0] == games


@pytest.mark.parametrize(
    ("body", "status", "needle"),
    [
        ({"game": "castel", "seats": 5}, 422, "seats"),
        ({"game": "castel", "seats": 1}, 400, "a castel table has 2 to 4 seats, not 1"),
        ({"game": "citadel", "seats": 0}, 422, "seats"),
        ({"game": "unfairchess", "seats": 4}, 400, "a unfairchess table has 2 seats, not 4"),
        ({"game": "citadel", "mode": "ranked"}, 400, "citadel is cooperative"),
        ({"game": "citadel", "stake": 10}, 400, "its stake is 0"),
        ({"game": "castel", "difficulty": "easy"}, 422, "difficulty: no such field"),
        ({"game": "castel", "options": {"difficulty": "easy"}}, 422, "Castel has no option difficulty"),
        ({"game": "citadel", "options": {"difficulty": "brutal"}}, 422, "options.difficulty: difficulty is"),
        ({"game": "castel", "seats": 3, "bots": 3}, 400, "bots is between 0 and 2"),
        ({"game": "castel", "seats": 3, "bots": 1, "mode": "ranked"}, 400, "ranked tables are for people only"),
        ({"game": "castel", "seats": 3, "bots": 1, "stake": 5}, 400, "a table with a bot has stake 0"),
        ({"game": "castel", "seats": 3, "color": "white"}, 400, "drawn at random"),
        ({"game": "castel", "seats": 3, "stake": 501}, 400, "a stake of 501 coins is above your balance of 500"),
        ({"game": "citadel", "seats": 1, "opponent": "bot"}, 400, "no seat for a bot"),
        ({"game": "castel", "seats": 3, "opponent": "bot", "bots": 1}, 400, "bots is 2"),
    ],
)
def test_multi_seat_refusals_change_nothing(site: Site, body: dict[str, Any], status: int, needle: str) -> None:
    alice = site.user("alice")
    before = alice.get("/api/me").json()["user"]["balance"]
    r = alice.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    assert needle in r.json()["error"]
    assert _tables(site) == 0
    assert site.sql("select count(*) from games")[0][0] == 0
    assert alice.get("/api/me").json()["user"]["balance"] == before


def test_fill_refused_on_a_ranked_or_staked_table(site: Site) -> None:
    alice = site.user("alice")
    t = _open(alice, game="castel", seats=3, mode="ranked", stake=20)
    before = site.sql("select seating, status from tables where id = ?", t["id"])
    r = alice.post(f"/api/tables/{t['id']}/fill", json={})
    assert r.status_code == 400 and "for people only" in r.json()["error"]
    assert site.sql("select seating, status from tables where id = ?", t["id"]) == before


def test_stake_of_a_multi_seat_table_escrowed_from_everyone(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    t = _open(alice, game="castel", seats=3, stake=40)
    before = {c: c.get("/api/me").json()["user"]["balance"] for c in (alice, bob, carol)}
    assert bob.post(f"/api/tables/{t['id']}/join").status_code == 200
    assert bob.get("/api/me").json()["user"]["balance"] == before[bob]  # nothing taken before the start
    r = carol.post(f"/api/tables/{t['id']}/join")
    assert r.status_code == 200, r.text
    for c in (alice, bob, carol):
        assert c.get("/api/me").json()["user"]["balance"] == before[c] - 40


# --------------------------------------------------------------------------- leaving a game


def _castel3(site_factory: Any, **kw: Any) -> tuple[Site, str, dict[int, Any]]:
    site = site_factory(test_game_options=json.dumps({"castel:3": CASTEL3}), **kw)
    users = [site.user(n) for n in ("alice", "bobby", "carol")]
    t = _open(users[0], game="castel", seats=3)
    for c in users[1:]:
        r = c.post(f"/api/tables/{t['id']}/join")
        assert r.status_code == 200, r.text
    gid = r.json()["table"]["game_id"]
    return site, gid, _by_seat(users, gid)


def test_a_resigning_player_ranks_last_and_a_bot_takes_the_seat(site_factory: Any) -> None:
    site, gid, by_seat = _castel3(site_factory)
    p0, p1, p2 = Player(by_seat[0], gid), Player(by_seat[1], gid), Player(by_seat[2], gid)
    for p in (p0, p1, p2):
        p.hello()
    assert p0.view["hand"] == [{"id": "soldat_1", "kind": "soldat", "drawn": False}]
    assert p0.request("resign")["t"] == "ack"
    p1.wait_version(p0.v)  # type: ignore[arg-type]
    ev = next(f for f in reversed(p1.frames) if f["t"] == "event" and f["event"]["kind"] == "resign")
    assert ev["event"]["by"] == 0 and ev["event"]["bot"] == "normal"
    assert p1.game["status"] == "active" and p1.game["left"] == [0]
    seat0 = p1.game["players"][0]
    assert seat0["left"] is True and seat0["bot"] == "normal" and seat0["user_id"] is not None
    # the one who left watches now: no hand, no turn
    r = p0.request("act", v=p0.v, action={"type": "draw"})
    assert r["t"] == "error"
    # the bot plays seat 0, the others play theirs; with one round at most, the game ends soon
    info = _play_out(by_seat[1], gid, [p1, p2])
    assert info["status"] == "finished"
    out = info["outcome"]
    assert out["ranks"][0] == 3, out  # whatever its bot did (it may even have emptied its hand)
    assert 0 in out["losers"] and 0 not in out["winners"]
    assert set(out["winners"]) <= {1, 2} and out["draw"] is False
    assert [p["user_id"] for p in info["players"]][0] == _me(by_seat[0])  # the seat still belongs to them
    # a second resignation is refused: they left already
    assert site.sql("select count(*) from game_actions where game_id = ? and kind = 'resign'", gid) == [(1,)]
    for p in (p0, p1, p2):
        p.close()


def test_two_leave_a_three_player_game_the_last_one_wins(site_factory: Any) -> None:
    site, gid, by_seat = _castel3(site_factory)
    players = {s: Player(c, gid) for s, c in by_seat.items()}
    for p in players.values():
        p.hello()
    assert players[1].request("resign")["t"] == "ack"
    assert players[2].request("resign")["t"] == "ack"
    players[0].wait_version(players[2].v)  # type: ignore[arg-type]
    g = players[0].game
    assert g["status"] == "finished"
    # seat 1 left first: last; seat 2 left after it: second to last
    assert g["outcome"]["winners"] == [0] and g["outcome"]["ranks"] == [1, 3, 2]
    assert g["outcome"]["reason"] == "resignation"
    for p in players.values():
        p.close()


def test_the_only_person_among_bots_resigns_the_game_ends(site: Site) -> None:
    g = site.guest()
    t = _open(g, game="castel", seats=3, bots=2, bot_level="easy")
    p = Player(g, t["game_id"])
    p.hello()
    assert p.request("resign")["t"] == "ack"
    assert p.game["status"] == "finished"
    me = p.seat
    assert p.game["outcome"]["ranks"][me] == 3 and me in p.game["outcome"]["losers"]
    p.close()


def test_an_absent_player_forfeits_and_a_bot_finishes_for_them(site_factory: Any) -> None:
    # 3 s: long enough for seats 1 and 2 to connect in time on a loaded machine (their clocks run too)
    site, gid, by_seat = _castel3(site_factory, absence_claim=1.0, absence_forfeit=3.0)
    p1, p2 = Player(by_seat[1], gid), Player(by_seat[2], gid)
    p1.hello()
    p2.hello()  # seat 0 never comes: after 3 s it forfeits

    def forfeited() -> bool:
        while True:
            try:
                f = p1.recv(0.2)
            except TimeoutError:
                return False
            if f["t"] == "event" and f["event"]["kind"] == "forfeit":
                return True

    _wait(forfeited, 20)
    assert p1.game["left"] == [0] and p1.game["status"] == "active"
    # its clock is stopped for good, in the database too
    assert site.sql("select deadline_at from game_seats where game_id = ? and seat = 0", gid) == [(None,)]
    out = _play_out(by_seat[1], gid, [p1, p2])["outcome"]
    assert out["ranks"][0] == 3 and 0 not in out["winners"]
    assert site.sql("select count(*) from game_actions where game_id = ? and kind = 'forfeit'", gid) == [(1,)]
    p1.close()
    p2.close()


def test_two_player_resignation_still_ends_the_game(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    t = _open(alice, game="castel", seats=2, color="white")
    gid = bob.post(f"/api/tables/{t['id']}/join").json()["table"]["game_id"]
    p = Player(alice, gid)
    p.hello()
    assert p.seat == 0
    assert p.request("resign")["t"] == "ack"
    assert p.game["status"] == "finished" and p.game["outcome"]["winners"] == [1]
    assert "ranks" not in p.game["outcome"] and p.game["left"] == []
    p.close()


def test_citadel_leaver_is_replaced_by_a_bot_teammate(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    t = _open(alice, game="citadel", seats=2, difficulty="easy")
    gid = bob.post(f"/api/tables/{t['id']}/join").json()["table"]["game_id"]
    pa, pb = Player(alice, gid), Player(bob, gid)
    pa.hello()
    pb.hello()
    assert pa.request("resign")["t"] == "ack"
    pb.wait_version(pa.v)  # type: ignore[arg-type]
    assert pb.game["status"] == "active" and pb.game["left"] == [pa.seat]
    assert pb.game["players"][pa.seat]["bot"] == "normal"
    # the last person leaving abandons the game: nobody wins, nobody loses
    assert pb.request("resign")["t"] == "ack"
    assert pb.game["status"] == "abandoned" and pb.game["outcome"]["reason"] == "abandoned"
    pa.close()
    pb.close()


def test_restart_keeps_the_bot_in_the_seat_of_the_leaver(site_factory: Any) -> None:
    """The takeover is in the action log: a rebuilt room knows who left."""
    site, gid, by_seat = _castel3(site_factory)
    p1 = Player(by_seat[1], gid)
    p1.hello()
    assert p1.request("resign")["t"] == "ack"
    p1.close()
    hub = site.app.state.hub
    hub.rooms.pop(gid, None)  # forget the room: it is rebuilt from the log

    async def rebuilt() -> Any:
        return await hub.room(gid)

    room = site.main.portal.call(rebuilt)
    assert room.match.takeover(1) == "normal" and room.seats[1].takeover == "normal"
    assert room.seat_of_user(_me(by_seat[1])) is None


def test_a_claimed_absence_in_a_three_player_game_is_a_takeover(site_factory: Any) -> None:
    site, gid, by_seat = _castel3(site_factory, absence_claim=0.3, absence_forfeit=600)
    p1, p2 = Player(by_seat[1], gid), Player(by_seat[2], gid)
    p1.hello()
    p2.hello()  # seat 0 never comes; after 0.3 s its absence may be claimed
    time.sleep(0.5)
    r = p1.request("claim")
    assert r["t"] == "ack", r
    assert p1.game["status"] == "active" and p1.game["left"] == [0]
    ev = next(f for f in reversed(p1.frames) if f["t"] == "event" and f["event"]["kind"] == "claim")
    assert ev["event"]["loser"] == 0 and ev["event"]["bot"] == "normal"
    # nobody else is away: a second claim is refused
    r = p2.request("claim")
    assert r["t"] == "error" and "not away" in r["reason"]
    p1.close()
    p2.close()


def test_match_ranks_a_leaver_last_even_when_its_bot_empties_the_hand() -> None:
    """Pure Match: seat 0 leaves (a bot takes it), then its bot places seat 0's last card —
    the engine says seat 0 won, the match ranks it last and the best seats still in win."""
    from donjon.games import get_game
    from donjon.server.match import Match, MatchError

    m = Match.start(get_game("castel"), 3, 1, CASTEL3)
    m = m.step("resign", 0, {"bot": "normal"})
    assert m.active and m.takeover(0) == "normal" and m.meta()["left"] == [0]
    with pytest.raises(MatchError, match="you left this game"):
        m.step("resign", 0, {})
    m = m.step("play", 0, {"action": {"type": "place", "card": "soldat_1", "square": [0, 1]}})
    assert not m.active and m.outcome is not None
    assert m.outcome["reason"] == "no_cards"
    assert m.outcome["ranks"] == [3, 1, 1]
    assert m.outcome["winners"] == [1, 2] and m.outcome["losers"] == [0] and m.outcome["draw"] is False
    # without a takeover, leaving a game of three ends it: the two still in share the win
    m2 = Match.start(get_game("castel"), 3, 1, CASTEL3).step("forfeit", 2, {})
    assert m2.outcome is not None and m2.outcome["winners"] == [0, 1] and m2.outcome["ranks"] == [1, 1, 3]
    # two players: no takeover
    with pytest.raises(MatchError, match="two-player"):
        Match.start(get_game("castel"), 2, 1, None).step("resign", 0, {"bot": "normal"})
