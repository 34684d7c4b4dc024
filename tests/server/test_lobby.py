"""Opening, listing, joining and cancelling tables; every refusal is clear and changes nothing."""

from __future__ import annotations

import pytest

from tests.server.conftest import Player, Site, no_frame, recv, recv_until


def test_open_join_and_live_lobby(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    with bob.websocket_connect("/ws/lobby") as lobby_b, alice.websocket_connect("/ws/lobby") as lobby_a:
        assert recv(lobby_b) == {"t": "tables", "tables": []}
        recv(lobby_a)
        r = alice.post("/api/tables", json={"mode": "ranked", "stake": 50, "color": "white"})
        assert r.status_code == 200, r.text
        table = r.json()["table"]
        assert table["status"] == "open" and table["stake"] == 50
        pushed = recv(lobby_b)
        assert pushed["t"] == "tables" and [t["id"] for t in pushed["tables"]] == [table["id"]]
        assert bob.get("/api/tables").json()["tables"][0]["creator"] == "alice"

        r = bob.post(f"/api/tables/{table['id']}/join")
        assert r.status_code == 200, r.text
        gid = r.json()["table"]["game_id"]
        started, _ = recv_until(lobby_a, lambda f: f["t"] == "started")
        assert started["game"] == gid
        started_b, _ = recv_until(lobby_b, lambda f: f["t"] == "started")
        assert started_b["game"] == gid
    info = alice.get(f"/api/games/{gid}").json()["game"]
    assert [p["name"] for p in info["players"]] == ["alice", "bobby"]  # alice chose white
    assert info["mode"] == "ranked" and info["stake"] == 50
    # the stake is escrowed from both players at the start
    assert alice.get("/api/me").json()["user"]["balance"] == 450
    assert bob.get("/api/me").json()["user"]["balance"] == 450
    assert alice.get("/api/tables").json()["tables"] == []
    r = site.user("carol").post(f"/api/tables/{table['id']}/join")
    assert r.status_code == 409 and "no longer open" in r.json()["error"]


def test_games_changed_goes_to_the_players_of_the_game_only(site: Site) -> None:
    """A game's end tells its players' lobby sockets (their lists of games, the header's
    count); a table against bots tells its creator when its game starts. Nobody else's lobby
    socket hears of it: every lobby socket of the site would otherwise ask for its games
    again at every game's end anywhere."""
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    gid, seats = site.game_pair(alice, bob, color="white")
    with alice.websocket_connect("/ws/lobby") as lobby_a, bob.websocket_connect("/ws/lobby") as lobby_b, \
            carol.websocket_connect("/ws/lobby") as lobby_c:
        for ws in (lobby_a, lobby_b, lobby_c):
            recv(ws)
        w = Player(seats[0], gid)
        w.hello()
        assert w.request("resign")["t"] == "ack"
        recv_until(lobby_a, lambda f: f["t"] == "games_changed")
        recv_until(lobby_b, lambda f: f["t"] == "games_changed")
        r = carol.post("/api/tables", json={"opponent": "bot", "bot_level": "easy"})
        assert r.status_code == 200 and r.json()["table"]["game_id"], r.text
        recv_until(lobby_c, lambda f: f["t"] == "games_changed")
        assert no_frame(lobby_a) and no_frame(lobby_b)  # not of carol's game
        w.close()


def test_a_page_socket_gets_what_is_addressed_to_its_user_and_no_tables(site: Site) -> None:
    """``/ws/lobby?tables=0`` (every page of a logged-in person but the home page) says
    ``ready`` and then carries only the frames addressed to its user: no list of open tables,
    at connection or when tables change; what is addressed to its user, as a lobby socket."""
    alice, bob = site.user("alice"), site.user("bobby")
    with alice.websocket_connect("/ws/lobby?tables=0") as page_a, bob.websocket_connect("/ws/lobby") as lobby_b:
        assert recv(page_a) == {"t": "ready"}
        assert recv(lobby_b)["t"] == "tables"
        r = bob.post("/api/tables", json={"opponent": "anyone"})
        assert r.status_code == 200, r.text
        recv_until(lobby_b, lambda f: f["t"] == "tables" and f["tables"])
        assert no_frame(page_a)  # a table opened: not this socket's business
        r = alice.post(f"/api/tables/{r.json()['table']['id']}/join")
        assert r.status_code == 200, r.text
        started, seen = recv_until(page_a, lambda f: f["t"] == "started")
        assert started["game"] == r.json()["table"]["game_id"] and seen == [started]
        assert no_frame(page_a)


def test_turn_goes_to_a_player_who_is_not_looking_at_the_game(site: Site) -> None:
    """A move that makes it someone's turn in a game they hold no socket on is told to their
    lobby sockets (``turn``: the header's count on any page); a player looking at the game,
    and anyone else, hears nothing of it, so a game played live costs nothing more a move."""
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    gid, seats = site.game_pair(alice, bob, color="white")
    with alice.websocket_connect("/ws/lobby?tables=0") as page_a, bob.websocket_connect("/ws/lobby?tables=0") as page_b, \
            carol.websocket_connect("/ws/lobby?tables=0") as page_c:
        for ws in (page_a, page_b, page_c):
            assert recv(ws) == {"t": "ready"}
        w = Player(seats[0], gid)
        w.hello()
        assert w.act({"type": "move", "uci": "e2e4"})["t"] == "ack"
        turn, _ = recv_until(page_b, lambda f: f["t"] == "turn")  # bob is not at the board
        assert turn == {"t": "turn", "game": gid}
        b = Player(seats[1], gid)
        b.hello()
        assert b.act({"type": "move", "uci": "e7e5"})["t"] == "ack"
        w.wait_version(b.v or 0)
        assert w.act({"type": "move", "uci": "g1f3"})["t"] == "ack"
        b.wait_version(w.v or 0)
        assert no_frame(page_a) and no_frame(page_b) and no_frame(page_c)  # both at the board
        b.close()
        assert w.request("draw", op="offer")["t"] == "ack"  # not a move: still not bob's turn
        w.close()
        assert no_frame(page_a) and no_frame(page_b) and no_frame(page_c)


def test_a_game_socket_that_asks_carries_its_users_frames(site: Site) -> None:
    """A game page holds one socket: with ``"user": true`` in its hello, the game socket also
    carries what is addressed to its user (here: another game became their turn), and only
    then; ``user`` must be a boolean."""
    alice, bob = site.user("alice"), site.user("bobby")
    gid1, seats1 = site.game_pair(alice, bob, color="white")
    gid2, seats2 = site.game_pair(alice, bob, color="white")
    asked, plain = Player(seats2[1], gid2), Player(seats2[1], gid2)
    asked.ws.send_json({"t": "hello", "v": None, "user": True})
    assert asked.recv()["t"] == "welcome"
    plain.hello()
    w = Player(seats1[0], gid1)
    w.hello()
    assert w.act({"type": "move", "uci": "e2e4"})["t"] == "ack"
    f = asked.recv()
    while f["t"] in ("sync", "event", "chat"):
        f = asked.recv()
    assert f == {"t": "turn", "game": gid1}
    assert no_frame(plain.ws)
    bad = Player(seats2[1], gid2)
    bad.ws.send_json({"t": "hello", "v": None, "user": "yes"})
    err = bad.recv()
    assert err["t"] == "error" and err["code"] == "bad_request" and "'user' is true" in err["reason"]
    for p in (asked, plain, w, bad):
        p.close()


def _tables(site: Site) -> int:
    return site.sql("select count(*) from tables")[0][0]


@pytest.mark.parametrize(
    ("body", "status", "needle"),
    [
        ({"stake": 600}, 400, "a stake of 600 coins is above your balance of 500 coins"),
        ({"opponent": "bot", "mode": "ranked"}, 400, "ranked tables are for people only"),
        ({"opponent": "bot", "stake": 10}, 400, "a table with a bot has stake 0"),
        ({"game": "go"}, 400, "unknown game 'go'"),
        ({"mode": "casual"}, 422, "mode"),
        ({"stake": -5}, 422, "stake"),
        ({"color": "green"}, 422, "color"),
        ({"opponent": "bot", "bot_level": "insane"}, 422, "bot_level"),
        ({"bot_level": "easy"}, 400, "bot_level only goes with opponent 'bot'"),
        ({"seats": 3}, 400, "a unfairchess table has 2 seats, not 3"),
        ({"seats": 9}, 422, "seats"),
    ],
)
def test_open_table_refusals(site: Site, body: dict, status: int, needle: str) -> None:
    alice = site.user("alice")
    r = alice.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    assert needle in r.json()["error"]
    assert _tables(site) == 0
    assert alice.get("/api/me").json()["user"]["balance"] == 500


def test_guests_ranked_and_stakes(site: Site) -> None:
    g = site.guest()
    r = g.post("/api/tables", json={"mode": "ranked"})
    assert r.status_code == 403 and "ranked games need an account" in r.json()["error"]
    r = g.post("/api/tables", json={"stake": 5})
    assert r.status_code == 403 and "guests play without coins" in r.json()["error"]
    assert _tables(site) == 0
    # a ranked table cannot be joined by a guest
    alice = site.user("alice")
    tid = alice.post("/api/tables", json={"mode": "ranked"}).json()["table"]["id"]
    r = g.post(f"/api/tables/{tid}/join")
    assert r.status_code == 403 and "ranked games need an account" in r.json()["error"]
    # a friendly one can: instant guest play, even without a session yet
    tid2 = alice.post("/api/tables", json={"mode": "friendly"}).json()["table"]["id"]
    fresh = site.client()
    r = fresh.post(f"/api/tables/{tid2}/join")
    assert r.status_code == 200 and r.json()["table"]["game_id"]
    assert fresh.get("/api/me").json()["user"]["guest"] is True


def test_join_stake_above_balance(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    site.execute("insert into ledger(user_id, amount, reason, game_id, created_at) values (2, -480, 'test', null, 0)")
    assert bob.get("/api/me").json()["user"]["balance"] == 20
    tid = alice.post("/api/tables", json={"stake": 100}).json()["table"]["id"]
    r = bob.post(f"/api/tables/{tid}/join")
    assert r.status_code == 400
    assert r.json()["error"] == "this table's stake of 100 coins is above your balance of 20 coins"
    assert r.json()["code"] == "insufficient_balance"
    assert site.sql("select status from tables where id=?", tid) == [("open",)]
    assert site.sql("select count(*) from games")[0][0] == 0


def test_invite_own_table_and_cancel(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    t = alice.post("/api/tables", json={"opponent": "invite", "color": "black"}).json()["table"]
    assert t["invite_url"].startswith(f"/t/{t['id']}?code=")
    assert alice.get("/api/tables").json()["tables"] == []  # invitations are not public
    r = bob.post(f"/api/tables/{t['id']}/join")
    assert r.status_code == 403 and "by invitation" in r.json()["error"]
    r = bob.post(f"/api/tables/{t['id']}/join", json={"code": "wrong"})
    assert r.status_code == 403
    r = alice.post(f"/api/tables/{t['id']}/join", json={"code": t["invite_code"]})
    assert r.status_code == 409 and "your own table" in r.json()["error"]
    r = bob.post(f"/api/tables/{t['id']}/join", json={"code": t["invite_code"]})
    assert r.status_code == 200
    gid = r.json()["table"]["game_id"]
    players = alice.get(f"/api/games/{gid}").json()["game"]["players"]
    assert [p["name"] for p in players] == ["bobby", "alice"]  # alice chose black

    t2 = alice.post("/api/tables", json={}).json()["table"]
    assert bob.delete(f"/api/tables/{t2['id']}").status_code == 404
    assert alice.delete(f"/api/tables/{t2['id']}").status_code == 200
    r = bob.post(f"/api/tables/{t2['id']}/join")
    assert r.status_code == 409


def test_bot_table_starts_at_once(site: Site) -> None:
    g = site.guest()
    r = g.post("/api/tables", json={"opponent": "bot", "bot_level": "easy", "color": "white"})
    assert r.status_code == 200, r.text
    t = r.json()["table"]
    assert t["status"] == "started" and t["game_id"] and t["stake"] == 0
    players = g.get(f"/api/games/{t['game_id']}").json()["game"]["players"]
    assert players[1]["bot"] == "easy" and players[1]["user_id"] is None


def test_test_game_options_fix_the_cards_dealt(site_factory) -> None:
    """The test-only DONJON_TEST_GAME_OPTIONS hands its setup options to every new lobby game
    of that kind (the browser tests use it); by default a game is dealt from its seed."""
    import json

    from donjon.server import Settings
    from tests.server.conftest import Player

    hands = {"0": ["cavalcade", "bouclier", "poison", "renfort"], "1": ["sommeil", "muraille", "poison", "bouclier"]}
    fixed = site_factory(test_game_options=json.dumps({"unfairchess": {"hands": hands}}))
    gid, by_seat = fixed.game_pair(fixed.user("alice"), fixed.user("bobby"), color="white")
    for seat in (0, 1):
        p = Player(by_seat[seat], gid)
        p.hello()
        assert [h["card"] for h in p.view["hand"]] == hands[str(seat)]
        p.close()
    assert fixed.sql("SELECT options FROM games WHERE id = ?", gid)[0][0] not in (None, "{}", "null")
    assert Settings().game_options("unfairchess") == {}
    with pytest.raises(ValueError, match="DONJON_TEST_GAME_OPTIONS"):
        Settings(test_game_options="[1, 2]")
