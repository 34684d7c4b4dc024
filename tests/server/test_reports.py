"""Reports and mutes (donjon/server/reports.py, donjon/cli/reports.py, ``donjon account
mute``; docs/deploy.md "Reports and mutes"): a player reports another to the operators, who
read the report with the chat it is about, close it, and may mute the player, whose chat lines
are then refused on every node until the mute ends."""

from __future__ import annotations

import io
import time
from typing import Any

from donjon.cli import main
from tests.server.conftest import Player, Site, duel_on


def report(c: Any, **body: Any) -> Any:
    return c.post("/api/reports", json=body)


def cli(site: Site, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*argv, "--database-url", f"sqlite:///{site.db}"], stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def reports(site: Site) -> list[tuple[Any, ...]]:
    return site.sql("select reporter_id, user_id, reason, game_id, text, closed_at is null from reports order by id")


def test_a_report_is_stored_for_the_operators_and_bad_ones_change_nothing(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    a_id, b_id = (c.get("/api/me").json()["user"]["id"] for c in (alice, bob))
    assert report(site.client(), username="bobby", reason="chat").status_code == 401
    for body in ({"username": "bobby"}, {"username": "bobby", "reason": "rude"}, {"username": 7, "reason": "chat"},
                 {"username": "bobby", "reason": "chat", "x": 1}, {"username": "bobby", "reason": "chat", "game": 3},
                 {"username": "bobby", "reason": "chat", "text": None}):
        assert report(alice, **body).status_code == 422, body
    bad = [
        (dict(username="nobody", reason="chat"), 404, "not_found"),
        (dict(username="alice", reason="chat"), 400, "bad_request"),
        (dict(username="bobby", reason="other"), 400, "bad_request"),  # "other" says what
        (dict(username="bobby", reason="other", text="   "), 400, "bad_request"),
        (dict(username="bobby", reason="chat", text="x" * 501), 400, "bad_request"),
        (dict(username="bobby", reason="chat", text="a\x07b"), 400, "bad_request"),
        (dict(username="bobby", reason="chat", game="nogame"), 404, "not_found"),
    ]
    for body, status, code in bad:
        r = report(alice, **body)
        assert (r.status_code, r.json()["code"]) == (status, code), (body, r.text)
    assert reports(site) == []

    r = report(alice, username="Bobby", reason="cheating", text="  an engine, surely\nevery move  ")
    assert r.status_code == 200 and isinstance(r.json()["report"]["id"], int)
    assert reports(site) == [(a_id, b_id, "cheating", None, "an engine, surely\nevery move", 1)]
    again = report(alice, username="bobby", reason="cheating")
    assert (again.status_code, again.json()["code"]) == (409, "already_reported")
    assert report(alice, username="bobby", reason="name").status_code == 200  # another reason
    assert report(bob, username="alice", reason="other", text="she reported me").status_code == 200
    guest = site.guest()
    gname = guest.get("/api/me").json()["user"]["username"]
    assert report(guest, username="alice", reason="chat").status_code == 200  # guests report
    assert report(alice, username=gname, reason="name").status_code == 200  # and are reported
    assert len(reports(site)) == 5


def test_a_report_about_a_game_names_a_game_the_player_sat_at(site: Site) -> None:
    alice, bob, carol = site.user("alice"), site.user("bobby"), site.user("carol")
    gid, _ = site.game_pair(alice, bob)
    r = report(alice, username="carol", reason="chat", game=gid)
    assert (r.status_code, r.json()["code"]) == (400, "not_in_game")
    assert report(carol, username="bobby", reason="cheating", game=gid).status_code == 200  # a spectator too
    assert report(alice, username="bobby", reason="chat", game=gid).status_code == 200
    assert report(alice, username="bobby", reason="chat").status_code == 200  # not the same report
    r = report(alice, username="bobby", reason="chat", game=gid)
    assert r.status_code == 409
    assert [(row[2], row[3]) for row in reports(site)] == [("cheating", gid), ("chat", gid), ("chat", None)]


def test_one_player_has_at_most_ten_reports_open(site: Site) -> None:
    alice = site.user("alice")
    for i in range(10):
        site.user(f"pl{i}")
        assert report(alice, username=f"pl{i}", reason="name").status_code == 200
    site.user("eleven")
    r = report(alice, username="eleven", reason="name")
    assert (r.status_code, r.json()["code"]) == (429, "too_many_reports")
    assert len(reports(site)) == 10
    code, out, _ = cli(site, "reports", "close", "1", "--note", "fine")
    assert code == 0 and "#1: closed" in out
    assert report(alice, username="eleven", reason="name").status_code == 200  # one was read


def test_the_operator_reads_a_report_with_its_chat_and_closes_it(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    assert white.request("chat", text="good luck")["t"] == "ack"
    assert black.request("chat", text="you are a <rude word>")["t"] == "ack"
    carol = site.user("carol")
    assert report(white.client, username="bobby", reason="chat", game=gid, text="see the chat").status_code == 200
    assert report(carol, username="bobby", reason="name").status_code == 200

    code, out, err = cli(site, "reports")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 2 and "#1" in lines[0] and "alice → bobby: chat game " + gid in lines[0]
    assert "see the chat" in lines[0] and "#2" in lines[1] and "carol → bobby: name" in lines[1]

    code, out, err = cli(site, "reports", "show", "1")
    assert code == 0, err
    assert "see the chat" in out and f"chat of game {gid} (2 line(s)" in out
    assert " alice: good luck" in out and "*" in out.split("bobby: you are a <rude word>")[0].splitlines()[-1]
    assert "other reports about bobby: 1" in out and "carol → bobby: name" in out
    code, out, _ = cli(site, "reports", "show", "2")  # no game: bobby's last lines anywhere
    assert f"game {gid}: you are a <rude word>" in out and "good luck" not in out

    code, out, _ = cli(site, "reports", "close", "1", "2", "9", "--note", "muted a day")
    assert code == 0 and out.splitlines() == ["#1: closed", "#2: closed", "#9: no open report"]
    assert site.sql("select note, closed_at is not null from reports") == [("muted a day", 1)] * 2
    assert cli(site, "reports", "close", "1")[0] == 1  # closed already: nothing changes
    assert cli(site, "reports", "list")[1].strip() == "no open report"
    code, out, _ = cli(site, "reports", "--all", "--user", "bobby")
    assert [line.split()[0] for line in out.splitlines()] == ["#2", "#1"] and "(closed " in out
    assert cli(site, "reports", "show", "9")[0] == 1
    assert cli(site, "reports", "--user", "nobody")[0] == 1
    assert cli(site, "reports", "close", "1", "--note", "x" * 501)[0] == 2


def test_a_muted_player_cannot_chat_until_the_mute_ends(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, black = duel
    code, out, err = cli(site, "account", "mute", "bobby", "--days", "2")
    assert code == 0, err
    assert "bobby: muted until " in out
    until = site.sql("select muted_until from users where username = 'bobby'")[0][0]
    assert abs(until - (time.time() + 2 * 86400)) < 60
    r = black.request("chat", text="hello?")
    assert (r["t"], r["code"]) == ("error", "muted") and "muted you until" in r["reason"]
    assert site.sql("select count(*) from game_chat") == [(0,)]
    assert white.request("chat", text="others still talk")["t"] == "ack"
    # a mute is about the chat only: the game goes on
    assert white.act({"type": "move", "uci": "e2e4"})["t"] == "ack"
    black.wait_version(white.v)  # type: ignore[arg-type]
    assert black.act({"type": "move", "uci": "e7e5"})["t"] == "ack"

    site.execute("update users set muted_until = ? where username = 'bobby'", time.time() - 1)  # it ended
    assert black.request("chat", text="back")["t"] == "ack"
    assert cli(site, "account", "mute", "bobby")[0] == 0  # a day, by default
    assert black.request("chat", text="again?")["code"] == "muted"
    code, out, _ = cli(site, "account", "unmute", "bobby")
    assert code == 0 and "bobby: may chat" in out
    assert site.sql("select muted_until from users where username = 'bobby'") == [(None,)]
    assert black.request("chat", text="thanks")["t"] == "ack"

    assert cli(site, "account", "mute", "nobody")[0] == 1
    assert cli(site, "account", "mute", "bobby", "--days", "0")[0] == 2
    assert cli(site, "account", "mute", "bobby", "--days", "4000")[0] == 2
    assert site.sql("select muted_until from users where username = 'bobby'") == [(None,)]


def test_a_guest_can_be_muted(site: Site) -> None:
    guest = site.guest()
    gname = guest.get("/api/me").json()["user"]["username"]
    code, out, err = cli(site, "account", "mute", gname, "--days", "0.5")
    assert code == 0 and gname in out, err
    assert site.sql("select muted_until is not null from users where username = ?", gname) == [(1,)]


def test_the_report_forms_are_on_a_profile_and_in_a_games_chat(duel: tuple[Site, str, Player, Player]) -> None:
    site, gid, white, _ = duel
    page = white.client.get("/profile/bobby").text
    assert 'id="report-btn"' in page and 'id="report-box"' in page and 'name="username" value="bobby"' in page
    assert 'id="report-btn"' not in white.client.get("/profile/alice").text  # not oneself
    assert 'id="report-btn"' not in site.client().get("/profile/bobby").text  # not a visitor
    game = white.client.get(f"/g/{gid}").text
    assert 'id="chat-report"' in game and f'data-game="{gid}"' in game and 'value="bobby"' in game
    assert 'value="alice"' not in game.split('id="chat-report-box"')[1].split("</form>")[0]
    assert 'id="chat-report"' not in site.client().get(f"/g/{gid}").text  # a spectator has no chat


def test_reports_and_mutes_on_each_database(site_factory: Any, new_database: Any) -> None:
    """The same flow on SQLite and on PostgreSQL: a report about a game, read with its chat
    and closed by the operator's command; a mute read by the chat before each line."""
    url = new_database()
    site = site_factory(database_url=url)

    def op(*argv: str) -> tuple[int, str]:
        out, err = io.StringIO(), io.StringIO()
        code = main([*argv, "--database-url", url], stdin=io.StringIO(""), stdout=out, stderr=err)
        return code, out.getvalue() + err.getvalue()

    _, gid, white, black = duel_on(site)
    a = white.client
    assert black.request("chat", text="rude words")["t"] == "ack"
    assert report(a, username="bobby", reason="chat", game=gid, text="see").status_code == 200
    assert report(a, username="bobby", reason="chat", game=gid).status_code == 409
    code, out = op("reports", "show", "1")
    assert code == 0 and "alice → bobby: chat game " + gid in out and "bobby: rude words" in out, out
    assert op("account", "mute", "bobby")[0] == 0
    assert black.request("chat", text="more")["code"] == "muted"
    code, out = op("reports", "close", "1", "--note", "muted")
    assert code == 0 and "#1: closed" in out
    assert op("reports")[1].strip() == "no open report"
    assert op("account", "unmute", "bobby")[0] == 0
    assert black.request("chat", text="sorry")["t"] == "ack"
    white.close()
    black.close()
