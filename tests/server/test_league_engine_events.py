"""What the engines report to the league through their event hook, end to end: a game played
on the real app, in which the event happens, advances the daily challenge that counts it.

Each test plays a game over the WebSocket until it ends (a ranked game, or for cooperative
Citadel a game that counts: no bot, every seat acted), moves the game's events to a day
whose draw gives the player the challenge, and checks the board and the claim."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from donjon.games import get_game
from donjon.league import daily as league_daily
from donjon.server.match import Match
from tests.server.conftest import Player, Site


class Clock:
    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def _me(c: Any) -> int:
    return int(c.get("/api/me").json()["user"]["id"])


def _day_with(account: int, challenge: str) -> dt.date:
    """The first day from 2026-03-01 whose draw gives ``account`` the challenge."""
    d = dt.date(2026, 3, 1)
    for _ in range(2000):
        if challenge in [c.id for c in league_daily.daily_challenges(account, d)]:
            return d
        d += dt.timedelta(days=1)
    raise AssertionError(f"{challenge} is never drawn")


def _events(site: Site, gid: str, account: int) -> list[dict[str, Any]]:
    rows = site.sql("select events from league_events where game_id = ? and user_id = ?", gid, account)
    return [e for (evs,) in rows for e in json.loads(evs)]


def _challenge_row(site: Site, client: Any, challenge: str) -> dict[str, Any]:
    """``client``'s row of ``challenge`` on a day that draws it, with its games of today filed
    under that day."""
    account = _me(client)
    day = _day_with(account, challenge)
    site.execute("update league_events set day = ? where user_id = ?", day.isoformat(), account)
    site.app.state.league_clock = Clock(dt.datetime(day.year, day.month, day.day, 12, tzinfo=dt.UTC).timestamp())
    board = client.get("/api/challenges").json()
    assert board["day"] == day.isoformat()
    return next(c for c in board["challenges"] if c["id"] == challenge)


def _claim(client: Any, challenge: str, reward: int) -> None:
    before = client.get("/api/me").json()["user"]["balance"]
    r = client.post(f"/api/challenges/{challenge}/claim")
    assert r.status_code == 200, r.text
    assert r.json() == {"reward": reward, "balance": before + reward}


def _act(p: Player, others: list[Player], action: dict[str, Any]) -> None:
    r = p.act(action)
    assert r["t"] == "ack", r
    for o in others:
        o.wait_version(p.v)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- UnfairChess


def test_capturing_a_poisoned_piece_advances_uc_poisoned_capture(site_factory: Any) -> None:
    site = site_factory(test_game_options=json.dumps({"unfairchess": {"statuses": {"d7": ["poison"]}}}))
    alice, bob = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(alice, bob, color="white", mode="ranked")
    w, k = Player(seats[0], gid), Player(seats[1], gid)
    w.hello()
    k.hello()
    assert w.view["statuses"] == {"d7": ["poison"]}
    _act(w, [k], {"type": "move", "uci": "e2e4"})
    _act(k, [w], {"type": "move", "uci": "d7d5"})  # the poisoned pawn
    _act(w, [k], {"type": "move", "uci": "e4d5"})  # takes it, and dies of it
    _act(k, [w], {"type": "move", "uci": "g8f6"})  # black takes nothing poisoned
    _act(w, [k], {"type": "move", "uci": "b1c3"})
    assert k.request("resign")["t"] == "ack"
    w.wait_version(k.v)  # type: ignore[arg-type]
    assert w.game["status"] == "finished"

    white, black = _me(seats[0]), _me(seats[1])
    caps = [e for e in _events(site, gid, white) if e["kind"] == "capture"]
    assert caps == [{"kind": "capture", "piece": "p", "poisoned": True, "game": "unfairchess", "game_id": gid}]
    assert not [e for e in _events(site, gid, black) if e["kind"] == "capture"]
    row = _challenge_row(site, seats[0], "uc_poisoned_capture")
    assert (row["progress"], row["goal"], row["done"]) == (1, 1, True)
    _claim(seats[0], "uc_poisoned_capture", 50)
    assert _challenge_row(site, seats[1], "uc_poisoned_capture")["progress"] == 0


# --------------------------------------------------------------------------- Castel

RAMPART = {"first": 0, "position": {"hands": {"0": ["soldat_1", "soldat_2", "soldat_3", "soldat_4"],
                                              "1": ["soldat_5", "soldat_6", "soldat_7"]}}}
SEND_BACK = {"first": 1, "position": {
    "hands": {"0": ["roi"], "1": ["soldat_5", "soldat_6", "soldat_7"]},
    "castle": {"1,1": ["page"], "1,2": ["courtisan"], "1,3": ["intrigant"], "2,1": ["menestrel"], "3,3": ["nourrice"]}}}


def _castel(site_factory: Any, options: dict[str, Any]) -> tuple[Site, str, dict[int, Player]]:
    site = site_factory(test_game_options=json.dumps({"castel": options}))
    alice, bob = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(alice, bob, game="castel", mode="ranked")
    players = {s: Player(c, gid) for s, c in seats.items()}
    for p in players.values():
        p.hello()
    return site, gid, players


def _exchange(p: Player) -> dict[str, Any]:
    return next(a for a in p.legal if a["type"] == "exchange")


def test_four_soldiers_on_one_rampart_advance_castel_rampart_4(site_factory: Any) -> None:
    site, gid, p = _castel(site_factory, RAMPART)
    _act(p[0], [p[1]], {"type": "place", "card": "soldat_1", "square": [0, 1]})
    _act(p[0], [p[1]], {"type": "place", "card": "soldat_2", "square": [0, 2]})
    _act(p[1], [p[0]], {"type": "place", "card": "soldat_5", "square": [5, 1]})  # the other rampart
    _act(p[1], [p[0]], _exchange(p[1]))
    _act(p[0], [p[1]], {"type": "place", "card": "soldat_3", "square": [0, 3]})
    _act(p[0], [p[1]], {"type": "place", "card": "soldat_4", "square": [0, 4]})  # the last card: seat 0 wins
    assert p[0].game["status"] == "finished" and p[0].game["outcome"]["winners"] == [0]

    first, second = _me(p[0].client), _me(p[1].client)
    soldiers = [e for e in _events(site, gid, first) if e["kind"] == "card_played"]
    assert soldiers == [{"kind": "card_played", "card": "soldat", "zone": "rampart", "rampart": "N",
                         "game": "castel", "game_id": gid}] * 4
    assert [e.get("rampart") for e in _events(site, gid, second) if e["kind"] == "card_played"] == ["S"]
    row = _challenge_row(site, p[0].client, "castel_rampart_4")
    assert (row["progress"], row["goal"], row["done"]) == (4, 4, True)
    _claim(p[0].client, "castel_rampart_4", 60)
    assert _challenge_row(site, p[1].client, "castel_rampart_4")["progress"] == 1


def test_cards_sent_back_advance_castel_send_back_5(site_factory: Any) -> None:
    site, gid, p = _castel(site_factory, SEND_BACK)
    _act(p[1], [p[0]], _exchange(p[1]))
    _act(p[1], [p[0]], _exchange(p[1]))
    # the King sends back every card around him: five
    _act(p[0], [p[1]], {"type": "place", "card": "roi", "square": [2, 2]})
    assert p[0].game["status"] == "finished" and p[0].game["outcome"]["winners"] == [0]

    first, second = _me(p[0].client), _me(p[1].client)
    assert [e for e in _events(site, gid, first) if e["kind"] == "send_back"] == [
        {"kind": "send_back", "count": 5, "game": "castel", "game_id": gid}]
    assert not [e for e in _events(site, gid, second) if e["kind"] == "send_back"]
    row = _challenge_row(site, p[0].client, "castel_send_back_5")
    assert (row["progress"], row["goal"], row["done"]) == (5, 5, True)
    _claim(p[0].client, "castel_send_back_5", 40)


# --------------------------------------------------------------------------- Citadel

CITADEL = {"difficulty": "easy", "dice": [{"colour": "red", "action": "1", "clock": 5}] * 30}


def _citadel_policy(view: dict[str, Any], legal: list[dict[str, Any]], offs: int) -> dict[str, Any]:
    """Turn switches off (flipping one back on to turn it off again) until five are off, then
    end every turn until the Professor wins."""
    switches = view["switches"]
    if offs < 5:
        flips = [a for a in legal if a["type"] == "switch"]
        for a in flips:
            if switches[a["room"]]["on"]:
                return a
        if flips and view.get("actions_left", 0) >= 2:
            return flips[0]
        if view.get("actions_left", 0) > 0:
            for a in legal:
                if a["type"] == "move" and a["to"] in switches:
                    return a
    for kind in ("end_actions", "keep"):
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[0]


def test_switches_turned_off_advance_citadel_switches_5(site_factory: Any) -> None:
    site = site_factory(test_game_options=json.dumps({"citadel:1": CITADEL}))
    alice = site.user("alice")
    r = alice.post("/api/tables", json={"game": "citadel", "seats": 1, "difficulty": "easy"})
    assert r.status_code == 200, r.text
    gid = r.json()["table"]["game_id"]
    p = Player(alice, gid)
    p.hello()
    offs = 0
    for _ in range(200):
        if p.game["status"] != "active":
            break
        assert p.seat in p.game["to_act"] and p.legal
        action = _citadel_policy(p.view, p.legal, offs)
        was_on = action["type"] == "switch" and p.view["switches"][action["room"]]["on"]
        _act(p, [], action)
        offs += was_on
    assert p.game["status"] == "finished" and p.game["outcome"]["winners"] == []  # the team lost: it counts
    assert offs >= 5

    me = _me(alice)
    events = _events(site, gid, me)
    assert sum(e["count"] for e in events if e["kind"] == "switch_off") == offs
    assert [e["kind"] for e in events][:1] == ["game_played"]
    row = _challenge_row(site, alice, "citadel_switches_5")
    assert (row["progress"], row["goal"], row["done"]) == (5, 5, True)
    _claim(alice, "citadel_switches_5", 30)


# --------------------------------------------------------------------------- the match keeps the events


def test_the_match_keeps_the_hook_s_events_and_a_bot_s_plays_are_nobody_s() -> None:
    game = get_game("castel")
    opts = {"first": 0, "position": {"hands": {"0": ["soldat_1", "soldat_2", "page"],
                                               "1": ["soldat_3", "soldat_4", "soldat_5"],
                                               "2": ["soldat_6", "soldat_7", "soldat_8"]}}}
    m = Match.start(game, 3, 1, opts)
    m = m.step("play", 0, {"action": {"type": "place", "card": "soldat_1", "square": [0, 1]}})
    m = m.step("play", 0, {"action": {"type": "place", "card": "soldat_2", "square": [0, 2]}})
    assert [(s, e["rampart"]) for s, e in m.league] == [(0, "N"), (0, "N")]
    m = m.step("resign", 1, {"bot": "easy"})  # a bot takes seat 1 over
    m = m.step("play", 1, {"action": {"type": "place", "card": "soldat_3", "square": [5, 1]}})
    m = m.step("play", 1, {"action": {"type": "place", "card": "soldat_4", "square": [5, 2]}})
    m = m.step("play", 2, {"action": {"type": "place", "card": "soldat_6", "square": [1, 0]}})
    assert [(s, e["rampart"]) for s, e in m.league] == [(0, "N"), (0, "N"), (2, "W")]
    assert m._copy().league == m.league


def test_a_failing_hook_costs_the_events_never_the_move(caplog: Any) -> None:
    from donjon.games.league import GameLeague

    class Broken:
        def __init__(self) -> None:
            self._game = get_game("unfairchess")
            self.league = GameLeague(events=self._boom)

        def _boom(self, *args: Any) -> list[dict[str, Any]]:
            raise RuntimeError("boom")

        def __getattr__(self, name: str) -> Any:
            return getattr(self._game, name)

    m = Match.start(Broken(), 2, 7, None)  # type: ignore[arg-type]
    nxt = m.step("play", 0, {"action": {"type": "move", "uci": "e2e4"}})
    assert nxt.plies == 1 and nxt.league == ()
    assert "league event hook failed" in caplog.text
