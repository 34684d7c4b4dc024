"""The fourth game (tests/fourth_game, found through its entry point) on the real app: a
lobby table against its bot, a table of three people, the game's page, its replay, and the
API's list of games — with no platform file naming it."""

from __future__ import annotations

import json
import re

from tests.server.conftest import Player, Site


def _drop_until_over(p: Player, me: int) -> None:
    """Play the first listed column whenever it is ``me``'s turn until the game ends."""
    for _ in range(200):
        if p.game.get("status") != "active":
            return
        if me in p.game["to_act"] and p.legal:
            assert p.act(p.legal[0])["t"] == "ack"
        else:
            p.recv(timeout=30)
    raise AssertionError("the game did not end")


def test_the_api_lists_the_fourth_game(site: Site) -> None:
    games = site.client().get("/api/games").json()
    text = str(games)
    assert "connect4" in text and "Connect Four" in text


def test_a_table_against_its_bot_plays_to_the_end_and_replays(site: Site) -> None:
    g = site.guest()
    r = g.post("/api/tables", json={"game": "connect4", "opponent": "bot", "bot_level": "easy"})
    assert r.status_code == 200, r.text
    game_id = r.json()["table"]["game_id"]
    p = Player(g, game_id)
    p.hello()
    assert p.view["rows"] == 6 and len(p.view["columns"]) == 7
    _drop_until_over(p, p.seat)
    assert p.game["status"] == "finished"
    bot_moves = [f for f in p.frames if f["t"] == "event" and f["event"]["by"] != p.seat]
    assert bot_moves, "the bot never played"
    replay = g.get(f"/api/games/{game_id}/replay")
    assert replay.status_code == 200, replay.text
    steps = replay.json()["steps"]
    plays = [s for s in steps if s["kind"] == "play"]
    assert plays and plays[-1]["view"]["moves"] == sum(len(c) for c in p.view["columns"])
    page = g.get(f"/g/{game_id}")
    assert page.status_code == 200 and "Connect Four" in page.text
    assert g.get(f"/g/{game_id}/replay").status_code == 200


def test_a_bot_level_the_game_does_not_declare_is_refused(site: Site) -> None:
    g = site.guest()
    r = g.post("/api/tables", json={"game": "connect4", "opponent": "bot", "bot_level": "hard"})
    assert r.status_code in (400, 422), r.text
    assert "hard" in r.json()["error"]
    assert site.sql("SELECT count(*) FROM tables") == [(0,)]


def test_a_table_is_filled_with_the_games_own_bot_levels(site: Site) -> None:
    """The table page's "fill the free seats with bots" offers the levels the game declares
    (connect4 has only "easy"), not UnfairChess's three with "normal" chosen."""
    a = site.user("ann_fill")
    tid = a.post("/api/tables", json={"game": "connect4", "opponent": "invite"}).json()["table"]["id"]
    page = a.get(f"/t/{tid}").text
    options = re.findall(r'<option value="([^"]+)"( selected)?>', page[page.index('id="fill-level"'):])
    assert options == [("easy", " selected")]
    assert re.search(r'<label class="fill-level"><span>Bot level</span>\s*<select id="fill-level">', page)
    r = a.post(f"/api/tables/{tid}/fill", json={"bot_level": options[0][0]})
    assert r.status_code == 200, r.text
    castel = a.post("/api/tables", json={"game": "castel", "opponent": "invite"}).json()["table"]["id"]
    page = a.get(f"/t/{castel}").text
    options = re.findall(r'<option value="([^"]+)"( selected)?>', page[page.index('id="fill-level"'):])
    assert options == [("easy", ""), ("normal", " selected"), ("hard", "")]


def _three_seated(site: Site, names: tuple[str, str, str]) -> tuple[str, dict[int, Player]]:
    """Three people (``names``) at one connect4 table of three, each socket said hello: the
    game's id and its players by seat."""
    a, b, c = (site.user(n) for n in names)
    r = a.post("/api/tables", json={"game": "connect4", "seats": 3})
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    for who in (b, c):
        j = who.post(f"/api/tables/{table['id']}/join", json={})
        assert j.status_code == 200, j.text
    game_id = j.json()["table"]["game_id"]
    players = {}
    for who in (a, b, c):
        p = Player(who, game_id)
        p.hello()
        players[p.seat] = p
    return game_id, players


def test_three_people_take_seats_and_play(site: Site) -> None:
    _, players = _three_seated(site, ("ann_c4", "bob_c4", "cyd_c4"))
    assert sorted(players) == [0, 1, 2]
    assert len(players[0].view["columns"]) == 9
    for _ in range(6):  # two rounds: every seat drops a disc
        seat = players[0].game["to_act"][0]
        mover = players[seat]
        assert mover.act(mover.legal[0])["t"] == "ack"
        for p in players.values():
            p.wait_version(mover.v)
    assert players[0].view["moves"] == 6


def test_a_player_leaving_a_game_of_three_is_replaced_by_the_games_own_bot(site: Site) -> None:
    """A leaver's seat goes to a bot of the game's default level: connect4 declares only
    "easy" (the platform once asked every game for "normal", which connect4 has not, and each
    of that bot's turns failed over to a random action)."""
    game_id, players = _three_seated(site, ("ann_lv", "bob_lv", "cyd_lv"))
    leaver = players[2]
    assert leaver.request("resign")["t"] == "ack"
    entry = site.sql("SELECT data FROM game_actions WHERE game_id = ? AND kind = 'resign'", game_id)
    assert [json.loads(d)["bot"] for (d,) in entry] == ["easy"]
    watcher = players[0]
    watcher.wait_version(leaver.v)
    assert [pl["bot"] for pl in watcher.game["players"]] == [None, None, "easy"]
    for _ in range(6):  # the two people play; the bot plays the leaver's turns
        seat = watcher.game["to_act"][0]
        if seat == 2:
            before = watcher.v
            while watcher.v == before:
                watcher.recv(timeout=30)
            continue
        mover = players[seat]
        mover.wait_version(watcher.v)
        assert mover.act(mover.legal[0])["t"] == "ack"
        watcher.wait_version(mover.v)
    by_bot = [f for f in watcher.frames if f["t"] == "event" and f["event"].get("by") == 2 and f["event"]["kind"] == "play"]
    assert by_bot, "the bot in the leaver's seat never played"


def test_seats_outside_the_games_range_are_refused(site: Site) -> None:
    g = site.guest()
    for seats, says in ((1, "2 to 4 seats, not 1"), (5, "4, not 5")):
        r = g.post("/api/tables", json={"game": "connect4", "seats": seats})
        assert r.status_code in (400, 422), r.text
        assert says in r.json()["error"]
    assert site.sql("SELECT count(*) FROM tables") == [(0,)]
