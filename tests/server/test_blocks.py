"""Blocking a player (donjon/server/blocks.py, docs/server.md "Blocking a player"): no
challenge, shared table or rematch between the two, either way; what was open between them
closes when the block is made; the blocker's pages know whom they blocked."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.server.conftest import Site, duel_on, play, recv_until


def block(c: Any, name: str) -> Any:
    return c.post("/api/blocks", json={"username": name})


def challenge(c: Any, to: str) -> Any:
    return c.post("/api/tables", json={"game": "unfairchess", "to": to})


def status(site: Site, table_id: str) -> str:
    return str(site.sql("select status from tables where id = ?", table_id)[0][0])


def boot(html: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    assert m is not None
    return json.loads(m.group(1))  # type: ignore[no-any-return]


def test_blocking_and_unblocking(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    guest = site.guest()
    assert site.client().get("/api/blocks").status_code == 401
    assert (block(alice, "nobody").status_code, block(alice, "alice").status_code) == (404, 400)
    for body in ({"username": 3}, {"name": "bobby"}, {"username": "bobby", "x": 1}):
        assert alice.post("/api/blocks", json=body).status_code == 422
    assert alice.get("/api/blocks").json() == {"blocked": []}

    assert block(alice, "Bobby").json() == {"blocked": {"username": "bobby"}}
    assert block(alice, "bobby").status_code == 200  # again: nothing more
    listed = alice.get("/api/blocks").json()["blocked"]
    assert [b["username"] for b in listed] == ["bobby"] and site.sql("select count(*) from blocks") == [(1,)]
    assert bob.get("/api/blocks").json() == {"blocked": []}  # a block is the blocker's
    gname = guest.get("/api/me").json()["user"]["username"]
    assert block(guest, "alice").status_code == 200 and block(alice, gname).status_code == 200  # guests too

    assert alice.delete("/api/blocks/bobby").json() == {"unblocked": True}
    assert alice.delete("/api/blocks/bobby").json() == {"unblocked": False}
    assert alice.delete("/api/blocks/nobody").status_code == 404
    assert [b["username"] for b in alice.get("/api/blocks").json()["blocked"]] == [gname]


def test_no_challenge_either_way_and_what_was_open_closes(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    from_bob = challenge(bob, "alice").json()["table"]
    to_bob = challenge(alice, "bobby").json()["table"]
    to_carol = challenge(alice, "carol").json()["table"]
    castel = alice.post("/api/tables", json={"game": "castel", "seats": 3}).json()["table"]
    assert bob.post(f"/api/tables/{castel['id']}/join").status_code == 200
    assert carol.post(f"/api/tables/{castel['id']}/join").status_code == 200  # full: the game starts
    castel4 = alice.post("/api/tables", json={"game": "castel", "seats": 4}).json()["table"]
    assert bob.post(f"/api/tables/{castel4['id']}/join").status_code == 200

    assert block(alice, "bobby").status_code == 200
    assert (status(site, from_bob["id"]), status(site, to_bob["id"]), status(site, to_carol["id"])) == (
        "declined", "cancelled", "open")
    sitting = alice.get(f"/api/tables/{castel4['id']}").json()["table"]["sitting"]
    assert [p["name"] for p in sitting if not p["open"]] == ["alice"]  # Bob's seat emptied

    for who, to in ((bob, "alice"), (alice, "bobby")):
        r = challenge(who, to)
        assert (r.status_code, r.json()["code"]) == (403, "blocked"), r.text
        assert "one of you blocked the other" in r.json()["error"]
    assert challenge(carol, "bobby").status_code == 200 and challenge(carol, "alice").status_code == 200

    assert alice.delete("/api/blocks/bobby").status_code == 200
    assert challenge(bob, "alice").status_code == 200


def test_no_table_shared_with_a_blocked_player(site: Site) -> None:
    alice, bob, carol, dave = site.user("alice"), site.user("bobby"), site.user("carol"), site.user("davey")
    assert block(bob, "alice").status_code == 200
    hers = alice.post("/api/tables", json={"opponent": "anyone"}).json()["table"]
    r = bob.post(f"/api/tables/{hers['id']}/join")
    assert (r.status_code, r.json()["code"]) == (403, "blocked")
    his = bob.post("/api/tables", json={"opponent": "anyone"}).json()["table"]
    r = alice.post(f"/api/tables/{his['id']}/join")
    assert (r.status_code, r.json()["code"]) == (403, "blocked")
    assert status(site, hers["id"]) == status(site, his["id"]) == "open"  # nothing changed

    # at a table of several seats, a player already sitting counts as its creator does
    castel = carol.post("/api/tables", json={"game": "castel", "seats": 4}).json()["table"]
    assert bob.post(f"/api/tables/{castel['id']}/join").status_code == 200
    r = alice.post(f"/api/tables/{castel['id']}/join")
    assert (r.status_code, r.json()["code"]) == (403, "blocked")
    assert dave.post(f"/api/tables/{castel['id']}/join").status_code == 200
    assert carol.post(f"/api/tables/{hers['id']}/join").status_code == 200  # others are not concerned


def test_no_rematch_between_blocked_players(site: Site) -> None:
    _, gid, w, k = duel_on(site)
    alice, bob = w.client, k.client
    play(w, k, ("e2e4", "e7e5"))
    assert k.request("resign")["t"] == "ack"
    w.wait_version(k.v)  # type: ignore[arg-type]
    assert w.request("rematch", op="offer")["t"] == "ack"
    k.wait_version(w.v)  # type: ignore[arg-type]
    assert block(bob, "alice").status_code == 200
    refused = k.request("rematch", op="accept")
    assert refused["t"] == "error" and refused["code"] == "blocked"
    assert site.sql("select count(*) from games") == [(1,)]
    assert alice.delete("/api/blocks/alice").status_code == 400  # herself
    assert bob.delete("/api/blocks/alice").json() == {"unblocked": True}
    assert k.request("rematch", op="accept")["t"] == "ack"
    assert site.sql("select count(*) from games") == [(2,)]
    w.close()
    k.close()


def test_the_blockers_pages_know(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    bob_id = bob.get("/api/me").json()["user"]["id"]
    gid, _ = site.game_pair(alice, bob)
    page = alice.get("/profile/bobby").text
    assert 'id="block-btn"' in page and 'data-blocked=""' in page
    assert 'id="block-btn"' not in alice.get("/profile/alice").text
    assert block(alice, "bobby").status_code == 200
    assert 'data-blocked="1"' in alice.get("/profile/bobby").text
    assert 'data-blocked=""' in bob.get("/profile/alice").text  # Bob is not told
    assert boot(alice.get(f"/g/{gid}").text)["blocked"] == [bob_id]
    assert boot(bob.get(f"/g/{gid}").text)["blocked"] == []
    assert boot(site.client().get(f"/g/{gid}").text)["blocked"] == []  # a visitor
    assert [b["username"] for b in boot(alice.get("/account").text)["blocked"]] == ["bobby"]


def test_a_closed_account_leaves_no_block(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    assert block(alice, "bobby").status_code == 200 and block(bob, "alice").status_code == 200
    assert bob.post("/api/account/close", json={"password": "correct horse"}).status_code == 200
    assert alice.get("/api/blocks").json() == {"blocked": []}
    assert site.sql("select count(*) from blocks") == [(0,)]


def test_at_most_max_blocks(site: Site, monkeypatch: Any) -> None:
    from donjon.server import blocks

    monkeypatch.setattr(blocks, "MAX_BLOCKS", 1)
    alice = site.user("alice")
    site.user("bobby")
    site.user("carol")
    assert block(alice, "bobby").status_code == 200
    r = block(alice, "carol")
    assert (r.status_code, r.json()["code"]) == (409, "too_many_blocks")
    assert [b["username"] for b in alice.get("/api/blocks").json()["blocked"]] == ["bobby"]
    assert block(alice, "bobby").status_code == 200  # one already blocked is no new block


def listed(c: Any) -> set[str]:
    return {t["id"] for t in c.get("/api/tables").json()["tables"]}


def pushed(ws: Any) -> set[str]:
    """The tables of the next ``tables`` frame of a lobby socket."""
    frame, _ = recv_until(ws, lambda f: f["t"] == "tables")
    return {t["id"] for t in frame["tables"]}


def test_the_open_tables_hide_a_blocked_players_tables_either_way(site: Site) -> None:
    """A table where a player sits with whom the reader has a block, either way, is not in
    the reader's list of open tables (the API's and the lobby socket's, live): joining it
    would be refused. Everyone else's list is the same for all."""
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    hers = alice.post("/api/tables", json={"opponent": "anyone"}).json()["table"]["id"]
    castel = carol.post("/api/tables", json={"game": "castel", "seats": 4}).json()["table"]["id"]
    assert bob.post(f"/api/tables/{castel}/join").status_code == 200
    everyone = {hers, castel}
    assert listed(alice) == listed(bob) == listed(carol) == listed(site.client()) == everyone

    with bob.websocket_connect("/ws/lobby") as bob_ws, carol.websocket_connect("/ws/lobby") as carol_ws, \
            alice.websocket_connect("/ws/lobby") as alice_ws:
        for ws in (bob_ws, carol_ws, alice_ws):
            assert pushed(ws) == everyone
        assert block(bob, "alice").status_code == 200
        # the block is pushed: alice's table leaves bob's list, the table bob sits at alice's
        assert pushed(bob_ws) == {castel} and pushed(alice_ws) == {hers} and pushed(carol_ws) == everyone
        assert listed(bob) == {castel} and listed(alice) == {hers} and listed(carol) == everyone
        # a later change keeps each list as its reader's
        dave = site.user("davey")
        his = dave.post("/api/tables", json={"opponent": "anyone"}).json()["table"]["id"]
        assert pushed(bob_ws) == {castel, his} and pushed(alice_ws) == {hers, his}
        assert pushed(carol_ws) == everyone | {his}
        # and an unblock brings the tables back
        assert bob.delete("/api/blocks/alice").status_code == 200
        assert pushed(bob_ws) == pushed(alice_ws) == everyone | {his}
    assert listed(alice) == listed(bob) == everyone | {his}
    # a table where both sit (they sat down before the block) stays in both lists
    both = carol.post("/api/tables", json={"game": "castel", "seats": 4}).json()["table"]["id"]
    for c in (alice, bob):
        assert c.post(f"/api/tables/{both}/join").status_code == 200
    assert block(alice, "bobby").status_code == 200
    assert both in listed(alice) and both in listed(bob) and hers not in listed(bob)
