"""Following a player (donjon/server/follows.py, docs/server.md "Following a player"): the
players one follows and the games each plays now; no follow across a block."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Player, Site


def follow(c: Any, name: str) -> Any:
    return c.post("/api/follows", json={"username": name})


def following(c: Any) -> list[tuple[str, list[str]]]:
    return [(f["username"], [g["id"] for g in f["games"]]) for f in c.get("/api/follows").json()["following"]]


def test_following_shows_the_games_they_play_now(site: Site) -> None:
    alice, bob, carol, dave = site.user("alice"), site.user("bobby"), site.user("carol"), site.user("davey")
    assert site.client().get("/api/follows").status_code == 401
    assert (follow(alice, "nobody").status_code, follow(alice, "alice").status_code) == (404, 400)
    for body in ({"username": 3}, {"user": "bobby"}, {"username": "bobby", "x": 1}):
        assert alice.post("/api/follows", json=body).status_code == 422
    assert following(alice) == []

    assert follow(alice, "Carol").json() == {"following": {"username": "carol"}}
    assert follow(alice, "bobby").status_code == 200 and follow(alice, "bobby").status_code == 200
    assert following(alice) == [("bobby", []), ("carol", [])]  # by name, none playing
    assert following(bob) == []  # one-way

    gid, seats = site.game_pair(bob, dave, color="white")
    other, _ = site.game_pair(carol, dave)
    assert following(alice) == [("bobby", [gid]), ("carol", [other])]
    live = alice.get("/api/follows").json()["following"][0]["games"][0]
    assert {p["name"] for p in live["players"]} == {"bobby", "davey"} and live["status"] == "active"

    p = Player(seats[0], gid)
    p.hello()
    assert p.request("resign")["t"] == "ack"  # over: no longer listed
    p.close()
    assert following(alice) == [("bobby", []), ("carol", [other])]

    assert alice.delete("/api/follows/carol").json() == {"unfollowed": True}
    assert alice.delete("/api/follows/carol").json() == {"unfollowed": False}
    assert alice.delete("/api/follows/nobody").status_code == 404
    assert alice.delete("/api/follows/alice").status_code == 400
    assert following(alice) == [("bobby", [])]


def test_no_follow_across_a_block_and_a_block_ends_it(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    assert follow(alice, "bobby").status_code == 200 and follow(bob, "alice").status_code == 200
    assert bob.post("/api/blocks", json={"username": "alice"}).status_code == 200
    assert following(alice) == [] and following(bob) == []
    for who, name in ((alice, "bobby"), (bob, "alice")):
        r = follow(who, name)
        assert (r.status_code, r.json()["code"]) == (403, "blocked")
    assert bob.delete("/api/blocks/alice").status_code == 200
    assert follow(alice, "bobby").status_code == 200


def test_the_pages(site: Site) -> None:
    alice = site.user("alice")
    site.user("bobby")
    assert 'id="follow-btn"' in alice.get("/profile/bobby").text
    assert 'data-following=""' in alice.get("/profile/bobby").text
    assert 'id="follow-btn"' not in alice.get("/profile/alice").text
    assert follow(alice, "bobby").status_code == 200
    assert 'data-following="1"' in alice.get("/profile/bobby").text
    assert 'id="following"' in alice.get("/watch").text
    assert 'id="following"' not in site.client().get("/watch").text  # a visitor follows nobody


def test_a_closed_account_leaves_no_follow(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    assert follow(alice, "bobby").status_code == 200 and follow(bob, "alice").status_code == 200
    assert bob.post("/api/account/close", json={"password": "correct horse"}).status_code == 200
    assert following(alice) == [] and site.sql("select count(*) from follows") == [(0,)]


def test_at_most_max_follows(site: Site, monkeypatch: Any) -> None:
    from donjon.server import follows

    monkeypatch.setattr(follows, "MAX_FOLLOWS", 1)
    alice = site.user("alice")
    site.user("bobby")
    site.user("carol")
    assert follow(alice, "bobby").status_code == 200
    r = follow(alice, "carol")
    assert (r.status_code, r.json()["code"]) == (409, "too_many_follows")
    assert following(alice) == [("bobby", [])]
    assert follow(alice, "bobby").status_code == 200  # one already followed is no new follow
