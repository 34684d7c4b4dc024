"""A player's own account (donjon/server/account.py, docs/server.md "Accounts"): a password
changed only with the current one, the other sessions ended with it or on demand, and every
socket of an ended session closed with 4401 (a logout's too); an account closed for good;
the page ``/account``; the operator's ``donjon account`` command."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from donjon.cli import main
from tests.server.conftest import Player, Site, play, recv, recv_until

PASSWORD = "correct horse"


def login(site: Site, name: str, password: str = PASSWORD) -> Any:
    """A new client logged in as ``name`` (a session of its own), or None if refused."""
    c = site.client()
    return c if c.post("/api/login", json={"username": name, "password": password}).status_code == 200 else None


def me(c: Any) -> str | None:
    user = c.get("/api/me").json()["user"]
    return None if user is None else str(user["username"])


def password_hash(site: Site, name: str) -> str:
    return str(site.sql("select password_hash from users where username_key = ?", name)[0][0])


def sessions(site: Site, name: str) -> int:
    return int(site.sql("select count(*) from sessions join users on users.id = sessions.user_id "
                        "where username_key = ?", name)[0][0])


def closed_with(ws: Any, timeout: float = 10.0) -> int:
    """The close code of a socket the server closes (frames before it are skipped)."""
    with pytest.raises(WebSocketDisconnect) as info:
        for _ in range(100):
            recv(ws, timeout)
    return info.value.code


def answers_ping(ws: Any) -> bool:
    ws.send_json({"t": "ping", "id": 7})
    while True:
        f = recv(ws)
        if f["t"] == "pong":
            return bool(f["id"] == 7)


def test_the_password_changes_only_with_the_current_one_and_the_other_sessions_end(site: Site) -> None:
    here = site.user("alice")
    there = login(site, "alice")
    assert there is not None and sessions(site, "alice") == 2
    before = password_hash(site, "alice")

    r = here.post("/api/account/password", json={"current": "not my password", "new": "battery staple"})
    assert (r.status_code, r.json()["code"]) == (401, "wrong_password")
    r = here.post("/api/account/password", json={"current": PASSWORD, "new": "short"})
    assert (r.status_code, r.json()["code"]) == (400, "auth") and "at least 8" in r.json()["error"]
    for body in ({"current": PASSWORD}, {"current": PASSWORD, "new": 12345678},
                 {"current": PASSWORD, "new": "battery staple", "also": 1}):
        assert here.post("/api/account/password", json=body).status_code == 422
    assert password_hash(site, "alice") == before and sessions(site, "alice") == 2  # nothing changed
    assert me(there) == "alice"

    r = here.post("/api/account/password", json={"current": PASSWORD, "new": "battery staple"})
    assert r.status_code == 200, r.text
    assert r.json() == {"ok": True, "ended": 1}
    assert me(here) == "alice" and me(there) is None  # this session goes on, the other ended
    assert sessions(site, "alice") == 1
    assert login(site, "alice") is None and login(site, "alice", "battery staple") is not None


def test_a_password_changed_meanwhile_is_not_undone(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """The new hash is written only over the one just verified: when another request changed
    it between the two, the change is refused (409) and no session ends."""
    from donjon.store import repo

    here = site.user("alice")
    there = login(site, "alice")
    real = repo.replace_password_hash

    async def changed_meanwhile(s: Any, user_id: int, old: str, new: str) -> bool:
        await real(s, user_id, old, "$argon2id$changed-elsewhere")
        return await real(s, user_id, old, new)

    monkeypatch.setattr(repo, "replace_password_hash", changed_meanwhile)
    r = here.post("/api/account/password", json={"current": PASSWORD, "new": "battery staple"})
    assert (r.status_code, r.json()["code"]) == (409, "conflict")
    assert password_hash(site, "alice") != "$argon2id$changed-elsewhere"  # the transaction rolled back
    assert me(there) == "alice" and sessions(site, "alice") == 2


def test_a_wrong_current_password_counts_as_a_failed_login(site_factory: Callable[..., Site]) -> None:
    """The page is no way round the login limit: its failures count for the account's name,
    and past the limit even the right password is refused before any hash is computed."""
    site = site_factory(login_fail_limit=3)
    here = site.user("alice")
    for _ in range(3):
        assert here.post("/api/account/password", json={"current": "guess", "new": "battery staple"}).status_code == 401
    r = here.post("/api/account/password", json={"current": PASSWORD, "new": "battery staple"})
    assert (r.status_code, r.json()["code"]) == (429, "rate_limited")
    assert login(site, "alice") is None  # the name's logins are limited too
    assert login(site, "alice", "battery staple") is None


def test_the_sessions_listed_and_the_others_ended(site: Site) -> None:
    here = site.user("alice")
    others = [login(site, "alice") for _ in range(2)]
    bob = site.user("bobby")
    listed = here.get("/api/account").json()
    assert listed["username"] == "alice"
    assert len(listed["sessions"]) == 3 and [s["current"] for s in listed["sessions"]].count(True) == 1
    assert all(s["expires"] > s["started"] for s in listed["sessions"])
    assert not any(k not in ("started", "expires", "current") for s in listed["sessions"] for k in s)  # no token hash

    assert here.post("/api/account/sessions/end-others").json() == {"ended": 2}
    assert [me(c) for c in others] == [None, None] and me(here) == "alice" and me(bob) == "bobby"
    assert [s["current"] for s in here.get("/api/account").json()["sessions"]] == [True]
    assert here.post("/api/account/sessions/end-others").json() == {"ended": 0}


def test_guests_and_visitors_have_no_account_page_api(site: Site) -> None:
    guest, visitor = site.guest(), site.client()
    for c, status, code in ((guest, 403, "guest"), (visitor, 401, "login_required")):
        for method, path, body in (("get", "/api/account", None),
                                   ("post", "/api/account/password", {"current": "x" * 8, "new": "y" * 8}),
                                   ("post", "/api/account/sessions/end-others", None)):
            r = getattr(c, method)(path, **({"json": body} if body else {}))
            assert (r.status_code, r.json()["code"]) == (status, code), (path, r.text)
    assert me(guest) is not None


def test_the_sockets_of_ended_sessions_close_with_4401_and_this_sessions_stay(site: Site) -> None:
    here = site.user("alice")
    there = login(site, "alice")
    gid, _ = site.game_pair(site.guest(), site.guest())
    bob = site.user("bobby")
    with here.websocket_connect("/ws/lobby?tables=0") as mine, there.websocket_connect("/ws/lobby?tables=0") as page, \
            there.websocket_connect(f"/ws/game/{gid}") as game, bob.websocket_connect("/ws/lobby?tables=0") as bobs:
        for ws in (mine, page, bobs):
            assert recv(ws) == {"t": "ready"}
        game.send_json({"t": "hello", "v": None})
        assert recv(game)["t"] == "welcome"
        assert here.post("/api/account/sessions/end-others").json() == {"ended": 1}
        assert closed_with(page) == 4401 and closed_with(game) == 4401
        assert answers_ping(mine) and answers_ping(bobs)


def test_a_password_change_closes_the_other_sessions_sockets(site: Site) -> None:
    here = site.user("alice")
    there = login(site, "alice")
    with there.websocket_connect("/ws/lobby") as lobby, here.websocket_connect("/ws/lobby") as mine:
        assert recv(lobby)["t"] == "tables" and recv(mine)["t"] == "tables"
        r = here.post("/api/account/password", json={"current": PASSWORD, "new": "battery staple"})
        assert r.status_code == 200, r.text
        assert closed_with(lobby) == 4401
        assert answers_ping(mine)


def test_a_logout_closes_its_sessions_sockets_only(site: Site) -> None:
    """Logging out in one tab closes that session's sockets in the others (they load their
    page again, as a visitor); another session of the same account keeps its own."""
    here = site.user("alice")
    there = login(site, "alice")
    with here.websocket_connect("/ws/lobby?tables=0") as tab, there.websocket_connect("/ws/lobby?tables=0") as other:
        assert recv(tab) == {"t": "ready"} and recv(other) == {"t": "ready"}
        assert here.post("/api/logout").status_code == 200
        assert closed_with(tab) == 4401
        assert answers_ping(other) and me(there) == "alice"
    visitor = site.client()
    with visitor.websocket_connect("/ws/lobby?tables=0") as ws:
        assert recv(ws) == {"t": "ready"}
        assert visitor.post("/api/logout").status_code == 200  # no session: nothing to end
        assert answers_ping(ws)


def test_the_account_page(site: Site) -> None:
    r = site.client().get("/account", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/login?next=/account"
    guest = site.guest().get("/account")
    assert guest.status_code == 200 and 'id="account-guest"' in guest.text and "password-form" not in guest.text
    alice = site.user("alice")
    page = alice.get("/account")
    assert page.status_code == 200 and 'id="password-form"' in page.text and 'id="end-others"' in page.text
    assert 'id="close-form"' in page.text
    assert '"current": true' in page.text  # the sessions, for the page's script
    site.user("bobby")
    assert 'href="/account"' in alice.get("/profile/alice").text
    assert 'href="/account"' not in alice.get("/profile/bobby").text


def table(c: Any, **body: Any) -> dict[str, Any]:
    r = c.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json()["table"])


def table_status(site: Site, table_id: str) -> str:
    return str(site.sql("select status from tables where id = ?", table_id)[0][0])


def test_closing_an_account(site: Site) -> None:
    """Refused with a wrong password or while a game is in progress, changing nothing; then the
    account's tables are withdrawn, it is renamed ``closed-<id>`` everywhere its name showed,
    its sessions and sockets end, no lookup finds it, and its name is free again."""
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    other = login(site, "alice")
    alice_id = alice.get("/api/me").json()["user"]["id"]
    gid, seats = site.game_pair(alice, bob, color="white", mode="ranked")
    mine = table(alice, opponent="anyone")  # her own open table
    to_her = table(carol, game="unfairchess", to="alice")  # a challenge to her
    castel = table(carol, game="castel", seats=3)
    assert alice.post(f"/api/tables/{castel['id']}/join").status_code == 200  # her seat at carol's table

    r = alice.post("/api/account/close", json={"password": "not it"})
    assert (r.status_code, r.json()["code"]) == (401, "wrong_password")
    r = alice.post("/api/account/close", json={"password": PASSWORD})
    assert (r.status_code, r.json()["code"]) == (409, "games_in_progress")
    assert me(alice) == "alice" and me(other) == "alice" and sessions(site, "alice") == 2
    assert {table_status(site, t["id"]) for t in (mine, to_her, castel)} == {"open"}

    white, black = Player(seats[0], gid), Player(seats[1], gid)
    white.hello()
    black.hello()
    play(white, black, ("e2e4", "e7e5"))
    assert white.request("resign")["t"] == "ack"  # a rated game, over
    black.wait_version(white.v)  # type: ignore[arg-type]
    white.close()
    black.close()
    assert "alice" in [row["username"] for row in bob.get("/api/leaderboard/unfairchess").json()["rows"]]

    with other.websocket_connect("/ws/lobby?tables=0") as tab:
        assert recv(tab) == {"t": "ready"}
        r = alice.post("/api/account/close", json={"password": PASSWORD})
        assert r.status_code == 200, r.text
        assert 'donjon_session=""' in r.headers["set-cookie"]
        assert closed_with(tab) == 4401
    name = f"closed-{alice_id}"
    assert me(alice) is None and me(other) is None and sessions(site, name) == 0
    assert site.sql("select username, password_hash, closed_at is not null from users where id = ?", alice_id) == [
        (name, None, 1)]
    assert table_status(site, mine["id"]) == "cancelled" and table_status(site, to_her["id"]) == "declined"
    seated = [p["name"] for p in carol.get(f"/api/tables/{castel['id']}").json()["table"]["sitting"] if not p["open"]]
    assert table_status(site, castel["id"]) == "open" and seated == ["carol"]
    for t in site.sql("select seating from tables"):  # her name is nowhere: tables of her games, her challenges
        assert '"alice"' not in t[0], t

    players = bob.get(f"/api/games/{gid}").json()["game"]["players"]
    assert sorted(p["name"] for p in players) == sorted([name, "bobby"])  # the game stays, under the new name
    assert "alice" not in [row["username"] for row in bob.get("/api/leaderboard/unfairchess").json()["rows"]]
    assert name not in [row["username"] for row in bob.get("/api/leaderboard/unfairchess").json()["rows"]]
    for url in ("/profile/alice", f"/profile/{name}", "/api/users/alice", f"/api/users/{name}"):
        assert bob.get(url).status_code == 404, url
    assert login(site, "alice") is None
    r = carol.post("/api/tables", json={"game": "unfairchess", "to": name})
    assert r.status_code == 404, r.text

    again = site.user("alice")  # the name is free again: a new account
    assert again.get("/api/me").json()["user"]["id"] != alice_id
    assert sorted(p["name"] for p in bob.get(f"/api/games/{gid}").json()["game"]["players"]) == sorted([name, "bobby"])
    r = site.client().post("/api/register", json={"username": "Closed-1", "password": PASSWORD})
    assert r.status_code == 400 and "closed-" in r.json()["error"]


def test_a_guest_cannot_close_an_account(site: Site) -> None:
    guest = site.guest()
    r = guest.post("/api/account/close", json={"password": PASSWORD})
    assert (r.status_code, r.json()["code"]) == (403, "guest")
    assert me(guest) is not None


# --------------------------------------------------------------------------- the operator's command


def cli(site: Site, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["account", *argv, "--database-url", f"sqlite:///{site.db}"], stdin=io.StringIO(stdin),
                stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_the_operator_sets_a_password_and_every_session_ends(site: Site) -> None:
    here = site.user("alice")
    bob = site.user("bobby")
    with here.websocket_connect("/ws/lobby?tables=0") as tab:
        assert recv(tab) == {"t": "ready"}
        code, out, err = cli(site, "password", "alice", stdin="battery staple\n")
        assert code == 0, err
        assert "alice: password set" in out and "battery staple" not in out and "1 session(s) ended" in out
    assert me(here) is None and me(bob) == "bobby"
    assert login(site, "alice") is None and login(site, "alice", "battery staple") is not None

    code, out, _ = cli(site, "password", "alice", "--generate")
    new = out.split("password set to ")[1].split()[0]
    assert code == 0 and len(new) >= 12 and login(site, "alice", new) is not None

    code, out, _ = cli(site, "logout", "alice")
    assert code == 0 and "1 session(s) ended" in out and sessions(site, "alice") == 0


def test_the_operators_command_refuses_what_it_cannot_do_and_changes_nothing(site: Site, tmp_path: Any) -> None:
    site.user("alice")
    before = password_hash(site, "alice")
    assert cli(site, "password", "alice", stdin="short\n")[0] == 2
    code, _, err = cli(site, "password", "nobody", stdin="battery staple\n")
    assert code == 1 and "no account named 'nobody'" in err
    guest = site.guest().get("/api/me").json()["user"]["username"]
    assert cli(site, "logout", guest)[0] == 1
    assert password_hash(site, "alice") == before and sessions(site, "alice") == 1
    out, err = io.StringIO(), io.StringIO()
    missing = tmp_path / "nothing.sqlite3"
    assert main(["account", "logout", "alice", "--database-url", f"sqlite:///{missing}"], stdout=out, stderr=err) == 1
    assert "no database at" in err.getvalue() and not missing.exists()


def test_the_operator_closes_an_account_once_its_games_are_over(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(alice, bob)
    code, _, err = cli(site, "close", "alice")
    assert code == 1 and "1 game(s) in progress" in err and gid in err
    assert me(alice) == "alice"
    player = Player(seats[0], gid)
    player.hello()
    assert player.request("resign")["t"] == "ack"
    player.close()
    code, out, err = cli(site, "close", "alice")
    assert code == 0, err
    assert "alice: account closed, 1 session(s) ended" in out
    assert me(alice) is None and login(site, "alice") is None and me(bob) == "bobby"
    assert cli(site, "close", "alice")[0] == 1  # no account of that name any more


def presence_names(p: Player) -> list[str]:
    """The players' names of the next presence frame ``p``'s socket gets."""
    frame, _ = recv_until(p.ws, lambda f: f["t"] == "presence")
    return sorted(x["name"] for x in frame["game"]["players"])


def test_a_guest_who_signs_up_keeps_their_games_under_the_new_name_live_too(site: Site) -> None:
    """A guest who registers mid-game: the game's seats, its page (a presence frame to every
    socket of a process that holds it) and their open tables show the new name; their
    finished games too."""
    guest, bob = site.guest(), site.user("bobby")
    old = me(guest)
    assert old is not None and old.startswith("Guest-")
    gid, seats = site.game_pair(guest, bob, color="white")
    white, black = Player(seats[0], gid), Player(seats[1], gid)
    white.hello()
    black.hello()
    play(white, black, ("e2e4", "e7e5"))
    mine = table(guest, game="castel", seats=3)  # an open table of theirs
    r = guest.post("/api/register", json={"username": "dora", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert presence_names(black) == ["bobby", "dora"]  # the opponent's page, live
    assert sorted(p["name"] for p in bob.get(f"/api/games/{gid}").json()["game"]["players"]) == ["bobby", "dora"]
    assert site.sql("select name from game_seats where game_id = ? and seat = 0", gid) == [("dora",)]
    sitting = [p["name"] for p in bob.get(f"/api/tables/{mine['id']}").json()["table"]["sitting"] if not p["open"]]
    assert sitting == ["dora"]
    for t in site.sql("select seating from tables"):
        assert old not in t[0], t
    # and the game goes on as before
    play(white, black, ("g1f3", "b8c6"))


def test_a_closed_account_is_renamed_in_a_loaded_finished_game(site: Site) -> None:
    """The finished game still loaded (its players' pages open) shows ``closed-<id>`` at once."""
    alice, bob = site.user("alice"), site.user("bobby")
    alice_id = alice.get("/api/me").json()["user"]["id"]
    gid, seats = site.game_pair(alice, bob, color="white")
    white, black = Player(seats[0], gid), Player(seats[1], gid)
    white.hello()
    black.hello()
    assert white.request("resign")["t"] == "ack"
    black.wait_version(white.v)  # type: ignore[arg-type]
    white.close()
    assert alice.post("/api/account/close", json={"password": PASSWORD}).status_code == 200
    assert presence_names(black) == ["bobby", f"closed-{alice_id}"]
    black.close()
