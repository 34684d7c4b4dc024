"""Challenges: a two-seat table addressed to one person (``POST /api/tables`` with ``to``).

Only the addressee may take the seat (their accept is the join), they may decline, the
challenger may cancel; it is never in the public list, and the two of them see it in
``GET /api/my-challenges`` (the addressee also in ``GET /api/my-games``). Every refusal is clear
and stores nothing (docs/protocol.md, "Challenges").
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Site, recv, recv_until

BLITZ = {"initial": 180, "increment": 2}


def _tables(site: Site) -> int:
    return site.sql("select count(*) from tables")[0][0]


def challenge(client: Any, to: str, **terms: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "unfairchess", "to": to, **terms})
    assert r.status_code == 200, r.text
    return r.json()["table"]  # type: ignore[no-any-return]


def test_a_challenge_is_listed_for_the_two_players_only_and_accepting_starts_the_game(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    with bob.websocket_connect("/ws/lobby") as lobby_b, carol.websocket_connect("/ws/lobby") as lobby_c:
        recv(lobby_b)
        recv(lobby_c)
        table = challenge(alice, "Bobby", mode="ranked", stake=20, color="black", time_control=BLITZ)
        assert table["opponent"] == "user" and table["to"] == "bobby" and table["seats"] == 2
        assert table["status"] == "open" and table["time_control"] == BLITZ
        # the addressee's lobby socket hears of it; nobody else's
        frame, _ = recv_until(lobby_b, lambda f: f["t"] == "challenges")
        assert frame["table"] == table["id"]
        assert all(f["t"] != "challenges" for f in _drain(lobby_c))
    # not in the public list
    assert carol.get("/api/tables").json()["tables"] == []
    got = bob.get("/api/my-challenges").json()
    assert [t["id"] for t in got["received"]] == [table["id"]] and got["sent"] == []
    assert got["received"][0]["creator"] == "alice" and got["received"][0]["stake"] == 20
    assert [t["id"] for t in bob.get("/api/my-games").json()["challenges"]] == [table["id"]]
    assert [t["id"] for t in alice.get("/api/my-challenges").json()["sent"]] == [table["id"]]
    assert alice.get("/api/my-challenges").json()["received"] == []
    assert carol.get("/api/my-challenges").json() == {"received": [], "sent": []}
    assert "day" in bob.get("/api/challenges").json()  # the league's daily challenges are another thing
    assert carol.get("/api/my-games").json()["challenges"] == []

    # someone else may not take the seat, whatever they try
    for who in (carol, site.guest()):
        r = who.post(f"/api/tables/{table['id']}/join")
        assert r.status_code == 403 and r.json()["code"] == "not_addressee", r.text
        assert "this challenge is for bobby" in r.json()["error"]
        r = who.post(f"/api/tables/{table['id']}/decline")
        assert r.status_code == 404
        assert who.delete(f"/api/tables/{table['id']}").status_code == 404
    assert alice.get(f"/api/tables/{table['id']}").json()["table"]["status"] == "open"

    r = bob.post(f"/api/tables/{table['id']}/join")
    assert r.status_code == 200, r.text
    gid = r.json()["table"]["game_id"]
    game = alice.get(f"/api/games/{gid}").json()["game"]
    assert [p["name"] for p in game["players"]] == ["bobby", "alice"]  # alice chose black
    assert game["mode"] == "ranked" and game["stake"] == 20
    assert game["time_control"] == BLITZ and game["speed"] == "blitz"
    assert bob.get("/api/my-challenges").json() == {"received": [], "sent": []}
    assert alice.get("/api/my-challenges").json() == {"received": [], "sent": []}


def _drain(ws: Any) -> list[dict[str, Any]]:
    from tests.server.conftest import no_frame

    out = []
    while not no_frame(ws):
        out.append(recv(ws))
    return out


def test_the_addressee_declines_and_the_challenger_cancels(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    first = challenge(alice, "bobby")
    second = challenge(alice, "bobby", game="castel")
    assert second["seats"] == 2  # a challenge is for two, whatever the game's usual table
    # the challenger cannot decline their own challenge, take its seat, or give it to a bot
    assert alice.post(f"/api/tables/{first['id']}/decline").status_code == 404
    assert alice.post(f"/api/tables/{first['id']}/join").status_code == 409
    r = alice.post(f"/api/tables/{first['id']}/fill", json={"bot_level": "easy"})
    assert r.status_code == 409 and r.json()["code"] == "challenge"
    r = bob.post(f"/api/tables/{first['id']}/decline")
    assert r.status_code == 200 and r.json()["table"]["status"] == "declined"
    assert [t["id"] for t in bob.get("/api/my-challenges").json()["received"]] == [second["id"]]
    # a declined challenge can be neither accepted nor declined again
    r = bob.post(f"/api/tables/{first['id']}/join")
    assert r.status_code == 409 and r.json()["code"] == "table_closed"
    assert bob.post(f"/api/tables/{first['id']}/decline").status_code == 409
    assert alice.delete(f"/api/tables/{second['id']}").json() == {"ok": True}
    assert bob.get("/api/my-challenges").json() == {"received": [], "sent": []}
    assert bob.post(f"/api/tables/{second['id']}/join").status_code == 409
    assert site.sql("select count(*) from games")[0][0] == 0


@pytest.mark.parametrize(
    ("to", "terms", "status", "needle"),
    [
        ("nobody", {}, 404, "there is no player 'nobody' to challenge"),
        ("alice", {}, 400, "you cannot challenge yourself"),
        ("Bot (easy)", {}, 404, "there is no player 'Bot (easy)'"),
        ("bobby", {"opponent": "bot"}, 400, "opponent is 'user', not 'bot'"),
        ("bobby", {"bots": 1, "game": "castel"}, 400, "a challenge is between two people"),
        ("bobby", {"seats": 3, "game": "castel"}, 400, "a challenge is for two seats"),
        ("bobby", {"time_control": {"initial": 1}}, 422, "time_control"),
        ("bobby", {"time_control": None}, 400, "a table of people has a clock"),
        ("bobby", {"stake": 900}, 400, "above your balance"),
        ("bobby", {"mode": "ranked", "game": "citadel"}, 400, "cooperative"),
        ("", {}, 422, "to: the username of the player you challenge"),
        (7, {}, 422, "to: the username"),
    ],
)
def test_bad_challenges_are_refused_and_store_nothing(site: Site, to: Any, terms: dict[str, Any], status: int,
                                                      needle: str) -> None:
    alice = site.user("alice")
    site.user("bobby")
    r = alice.post("/api/tables", json={"game": "unfairchess", "to": to, **terms})
    assert r.status_code == status, r.text
    assert needle in r.json()["error"], r.json()
    assert _tables(site) == 0


def test_user_without_to_is_refused(site: Site) -> None:
    r = site.user("alice").post("/api/tables", json={"opponent": "user"})
    assert r.status_code == 400 and "name the player you challenge in 'to'" in r.json()["error"]
    assert _tables(site) == 0


def test_guests_are_challenged_to_friendly_games_only(site: Site) -> None:
    alice = site.user("alice")
    guest = site.guest()
    name = guest.get("/api/me").json()["user"]["username"]
    for terms in ({"mode": "ranked"}, {"stake": 10}):
        r = alice.post("/api/tables", json={"to": name, **terms})
        assert r.status_code == 403 and r.json()["code"] == "account_required", r.text
        assert "plays as a guest" in r.json()["error"]
    assert _tables(site) == 0
    table = challenge(alice, name)
    assert [t["id"] for t in guest.get("/api/my-challenges").json()["received"]] == [table["id"]]
    r = guest.post(f"/api/tables/{table['id']}/join")
    assert r.status_code == 200 and r.json()["table"]["game_id"]


def test_a_stake_above_the_addressees_balance_is_refused(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    gid, _ = site.game_pair(alice, bob, stake=400)  # both put 400 of their 500 coins in
    assert gid
    r = site.user("carol").post("/api/tables", json={"to": "bobby", "stake": 200})
    assert r.status_code == 400 and r.json()["code"] == "insufficient_balance"
    assert "above bobby's balance of 100 coins" in r.json()["error"]
    assert site.sql("select count(*) from tables where addressee_id is not null")[0][0] == 0


def test_challenges_need_a_session(site: Site) -> None:
    c = site.client()
    assert c.get("/api/my-challenges").status_code == 401
    assert c.post("/api/tables/whatever/decline").status_code == 401
