"""A table's terms come from its game's GameInfo, and so do a finished game's downloads.

Two games of the tests only, registered for each test and removed after it: **Tally**
(2–4 seats, 3 by default, a ``length`` option, two bot levels of its own, a ``txt``
export, actions whose amount spectators do not see) and **Duet** (cooperative, 1–2 seats,
no options, no bots). The lobby, the API and the exports know them through the registry
alone: their seat ranges, options, bot levels, cooperative rules and exports are checked
here through ``POST /api/tables`` and ``GET /api/games/{id}/export/{name}``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from donjon.bots.random_bot import RandomBot
from donjon.games import BaseGame, game_ids, register, unregister
from donjon.games.info import Choice, GameInfo
from donjon.games.protocol import Action, IllegalAction, Outcome, View
from donjon.games.record import ExportFile, GameRecord
from donjon.server.lobby import LobbyError, TableRequest
from tests.server.conftest import Player, Site

LENGTH = Choice(name="length", values=("short", "long"), default="short", title={"en": "Length"})
GOALS = {"short": 3, "long": 6}


@dataclass(frozen=True)
class TallyState:
    players: int
    goal: int
    total: int = 0
    turn: int = 0
    last: int | None = None


def tally_txt(record: GameRecord) -> ExportFile:
    """Tally's ``txt`` export: a line per step, with the total before it (the record's states)."""
    lines = [f"{record.game} {record.id} {record.status} {','.join(p.name for p in record.players)}"]
    for step in record.steps:
        if step.kind == "play":
            lines.append(f"seat {step.seat} adds {step.data['action']['n']} to {step.before.total}")
        else:
            lines.append(f"seat {step.seat} {step.kind}")
    return ExportFile("\n".join(lines) + "\n", "text/plain", "txt")


def hide_amount(action: Any) -> Any:
    return {"type": action["type"]} if isinstance(action, dict) and "type" in action else action


TALLY_INFO = GameInfo(
    id="tally", names={"en": "Tally"}, min_seats=2, max_seats=4, default_seats=3, options=(LENGTH,),
    bot_levels=("weak", "strong"), default_bot_level="weak", make_bot=lambda level: RandomBot(), order=900,
    exports=("txt",), make_exporter=lambda name: {"txt": tally_txt}[name], public_action=hide_amount,
)
DUET_INFO = GameInfo(id="duet", names={"en": "Duet"}, min_seats=1, max_seats=2, default_seats=1,
                     cooperative=True, rated=False, bot_levels=(), order=901)


class Tally(BaseGame):
    """Players in turn add 1 or 2 to a total; who reaches the goal (3, or 6 when ``length`` is
    ``long``) wins. Duet is the same game played together: reaching the goal wins for all."""

    id = "tally"
    info = TALLY_INFO
    min_players = 2
    max_players = 4
    cooperative = False

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> TallyState:
        return TallyState(players, GOALS[(options or {}).get("length", "short")])

    def to_act(self, state: TallyState) -> list[int]:
        return [] if state.total >= state.goal else [state.turn]

    def legal_actions(self, state: TallyState, seat: int) -> list[Action]:
        return [{"type": "add", "n": n} for n in (1, 2)] if seat in self.to_act(state) else []

    def apply(self, state: TallyState, seat: int, action: Action) -> TallyState:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("add 1 or 2, in your turn")
        return replace(state, total=state.total + action["n"], turn=(state.turn + 1) % state.players, last=seat)

    def view(self, state: TallyState, seat: int | None) -> View:
        return {"total": state.total, "goal": state.goal}

    def outcome(self, state: TallyState) -> Outcome | None:
        if state.total < state.goal or state.last is None:
            return None
        if self.cooperative:
            return Outcome(tuple(range(state.players)), (), False, "goal", (1.0,) * state.players)
        others = tuple(s for s in range(state.players) if s != state.last)
        return Outcome((state.last,), others, False, "goal",
                       tuple(1.0 if s == state.last else 0.0 for s in range(state.players)))

    def determinize(self, state: TallyState, seat: int, rng: random.Random) -> TallyState:
        return state


class Duet(Tally):
    id = "duet"
    info = DUET_INFO
    min_players = 1
    max_players = 2
    cooperative = True


@pytest.fixture(autouse=True)
def test_games() -> Iterator[None]:
    game_ids()  # the registry's own games first
    register(Tally())
    register(Duet())
    yield
    unregister("tally")
    unregister("duet")


@pytest.fixture
def site(site_factory: Any) -> Site:
    # the bots of a game registered here think in this process (a worker process knows only
    # the games it discovers)
    return site_factory(bot_executor="thread")


def nothing_changed(site: Site) -> bool:
    return site.sql("select count(*) from tables")[0][0] == 0 and site.sql("select count(*) from games")[0][0] == 0


# --------------------------------------------------------------------------- the validator


def test_defaults_come_from_the_game_info() -> None:
    req = TableRequest.parse({"game": "tally"})
    assert (req.seats, req.bots, req.bot_level, req.options) == (3, 0, None, {"length": "short"})
    req = TableRequest.parse({"game": "tally", "seats": 2, "opponent": "bot"})
    assert (req.bots, req.bot_level) == (1, "weak")  # Tally's default_bot_level
    assert TableRequest.parse({"game": "tally", "seats": 4, "bots": 3}).opponent == "bot"
    assert TableRequest.parse({"game": "tally", "length": "long"}).options == {"length": "long"}
    assert TableRequest.parse({"game": "tally", "options": {"length": None}}).options == {"length": "short"}
    assert TableRequest.parse({"game": "duet"}).seats == 1
    with pytest.raises(LobbyError, match="a tally bot is 'weak' or 'strong'") as e:
        TableRequest.parse({"game": "tally", "opponent": "bot", "bot_level": "hard"})
    assert e.value.status == 422 and e.value.code == "invalid"


class First(Tally):
    id = "first"
    info = GameInfo(id="first", names={"en": "First"}, min_seats=2, max_seats=2, default_seats=2, order=-1)


def test_the_default_game_is_the_first_of_the_registry() -> None:
    register(First())
    try:
        assert TableRequest.parse({}).game == "first"
    finally:
        unregister("first")
    assert TableRequest.parse({}).game == game_ids()[0] != "first"


def test_an_unregistered_game_is_unknown_again(site: Site) -> None:
    alice = site.user("alice")
    unregister("tally")
    r = alice.post("/api/tables", json={"game": "tally"})
    assert r.status_code == 400 and r.json()["error"].startswith("unknown game 'tally'; known: "), r.text
    assert nothing_changed(site)


# --------------------------------------------------------------------------- through the API


def test_tables_of_a_registered_game(site: Site) -> None:
    alice = site.user("alice")
    r = alice.post("/api/tables", json={"game": "tally"})
    assert r.status_code == 200, r.text
    t = r.json()["table"]
    assert (t["game"], t["seats"], t["open_seats"], t["options"], t["cooperative"]) == ("tally", 3, 2,
                                                                                       {"length": "short"}, False)
    r = alice.post("/api/tables", json={"game": "tally", "seats": 4, "options": {"length": "long"}})
    assert r.status_code == 200 and r.json()["table"]["options"] == {"length": "long"}, r.text
    r = alice.post("/api/tables", json={"game": "tally", "seats": 2, "length": "long"})  # top level: the same
    assert r.status_code == 200 and r.json()["table"]["options"] == {"length": "long"}, r.text

    g = site.guest()
    r = g.post("/api/tables", json={"game": "tally", "seats": 2, "opponent": "bot", "bot_level": "strong",
                                    "options": {"length": "long"}})
    assert r.status_code == 200, r.text
    t = r.json()["table"]
    assert t["status"] == "started" and t["bot_level"] == "strong" and t["sitting"][1]["bot"] == "strong"
    row = site.sql("select kind, options from games where id = ?", t["game_id"])
    assert row == [("tally", '{"length": "long"}')]

    r = g.post("/api/tables", json={"game": "duet"})  # one seat: the creator's; cooperative
    assert r.status_code == 200, r.text
    t = r.json()["table"]
    assert (t["status"], t["seats"], t["cooperative"], t["options"]) == ("started", 1, True, {})


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        # seats: the game's range (400), and at most the most seats of any game hosted (422)
        ({"game": "tally", "seats": 1}, 400, "a tally table has 2 to 4 seats, not 1 (seats)"),
        ({"game": "duet", "seats": 3}, 400, "a duet table has 1 to 2 seats, not 3 (seats)"),
        ({"game": "tally", "seats": 5}, 422, "seats: from 1 to 4, not 5"),
        ({"game": "tally", "seats": 3, "bots": 3}, 400, "bots is between 0 and 2: you sit at one of the 3 seats"),
        # options: the game's validate_options, named by where they were given
        ({"game": "tally", "options": {"length": "medium"}}, 422, "options.length: length is 'short' or 'long'"),
        ({"game": "tally", "length": 3}, 422, "length: length is 'short' or 'long'"),
        ({"game": "tally", "options": {"speed": "fast"}}, 422,
         "options.speed: Tally has no option speed (its options: length)"),
        ({"game": "tally", "speed": "fast"}, 422, "speed: no such field: a table has game, mode, stake, color, "
         "opponent, bot_level, seats, bots, options, time_control, to, and Tally's options are length"),
        ({"game": "tally", "length": "long", "options": {"length": "long"}}, 422,
         "length: given twice: at the top level and in options"),
        ({"game": "tally", "options": "long"}, 422, 'options: a JSON object of the game\'s table options, not "long"'),
        ({"game": "duet", "options": {"length": "short"}}, 422,
         "options.length: Duet has no option length (its options: none)"),
        # bot levels
        ({"game": "tally", "opponent": "bot", "bot_level": "hard"}, 422,
         "bot_level: a tally bot is 'weak' or 'strong', not \"hard\""),
        ({"game": "duet", "seats": 2, "opponent": "bot"}, 400, "duet has no bots: every seat is for a person"),
        ({"game": "duet", "seats": 2, "bot_level": "weak"}, 422, "bot_level: duet has no bots"),
        # a cooperative game: never ranked, no stake
        ({"game": "duet", "mode": "ranked"}, 400,
         "duet is cooperative: the table wins or loses together, so it is always friendly (never ranked)"),
        ({"game": "duet", "seats": 2, "stake": 10}, 400,
         "duet is cooperative: nobody wins a teammate's coins, so its stake is 0"),
        ({"game": "tally", "seats": 3, "color": "white"}, 400, "drawn at random"),
    ],
)
def test_refusals_come_from_the_game_info(site: Site, body: dict[str, Any], status: int, error: str) -> None:
    alice = site.user("alice")
    r = alice.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    assert r.json() == {"error": r.json()["error"], "code": "invalid" if status == 422 else "bad_request"}
    assert error in r.json()["error"], r.text
    assert nothing_changed(site)
    assert alice.get("/api/me").json()["user"]["balance"] == 500


def test_a_competitive_game_may_be_ranked_and_staked(site: Site) -> None:
    alice = site.user("alice")
    r = alice.post("/api/tables", json={"game": "tally", "seats": 2, "mode": "ranked", "stake": 10})
    assert r.status_code == 200, r.text


def test_fill_uses_the_game_bot_levels(site: Site) -> None:
    alice = site.user("alice")
    tid = alice.post("/api/tables", json={"game": "tally", "seats": 3}).json()["table"]["id"]
    r = alice.post(f"/api/tables/{tid}/fill", json={"bot_level": "hard"})
    assert r.status_code == 422 and r.json()["error"].startswith("bot_level: a tally bot is 'weak' or 'strong'"), r.text
    assert site.sql("select status from tables where id = ?", tid) == [("open",)]
    r = alice.post(f"/api/tables/{tid}/fill")
    assert r.status_code == 200, r.text
    assert [x["bot"] for x in r.json()["table"]["sitting"][1:]] == ["weak", "weak"]


def test_the_games_list_gives_each_game_info(site: Site) -> None:
    listed = {g["id"]: g for g in site.main.get("/api/games").json()["games"]}
    assert list(listed)[-2:] == ["tally", "duet"]  # the registry's order
    tally = listed["tally"]
    assert (tally["min_seats"], tally["max_seats"], tally["default_seats"], tally["bot_levels"]) == (2, 4, 3,
                                                                                                  ["weak", "strong"])
    assert [o["name"] for o in tally["options"]] == ["length"] and listed["duet"]["cooperative"] is True


# --------------------------------------------------------------------------- exports


def play_tally(site: Site) -> str:
    """alice and bobby play a short two-seat Tally to its end, adding 1 each turn; its id."""
    a, b = site.user("alice"), site.user("bobby")
    gid, by_seat = site.game_pair(a, b, game="tally", seats=2)
    players = {s: Player(c, gid) for s, c in by_seat.items()}
    for p in players.values():
        p.hello()
    for _ in range(3):
        p = players[players[0].game["to_act"][0]]
        p.wait_version(max(q.v or 0 for q in players.values()))
        assert p.act({"type": "add", "n": 1})["t"] == "ack"
        for q in players.values():
            q.wait_version(p.v or 0)
    assert players[0].game["status"] == "finished"
    return gid


def test_a_game_exports_what_it_declares(site: Site) -> None:
    gid = play_tally(site)
    r = site.main.get(f"/api/games/{gid}/export/txt")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    assert r.headers["content-disposition"] == f'attachment; filename="donjon-{gid}.txt"'
    lines = r.text.splitlines()
    assert lines[0].startswith(f"tally {gid} finished ") and sorted(lines[0].split()[-1].split(",")) == ["alice",
                                                                                                        "bobby"]
    assert lines[1:] == ["seat 0 adds 1 to 0", "seat 1 adds 1 to 1", "seat 0 adds 1 to 2"]
    # the replay shows each action as the game's public_action makes it
    steps = site.main.get(f"/api/games/{gid}/replay").json()["steps"]
    assert [s["action"] for s in steps if s["kind"] == "play"] == [{"type": "add"}] * 3

    for path in (f"/api/games/{gid}/pgn", f"/api/games/{gid}/export/pgn"):
        r = site.main.get(path)
        assert r.status_code == 404, r.text
        assert r.json() == {"error": "a tally game has no export 'pgn' (its exports: txt)", "code": "not_found"}


def test_an_export_the_game_does_not_declare_is_a_404(site: Site) -> None:
    a, b = site.user("carol"), site.user("dave")
    gid, by_seat = site.game_pair(a, b, game="tally", seats=2)  # still being played
    r = site.main.get(f"/api/games/{gid}/export/sgf")
    assert r.status_code == 404 and r.json()["error"] == "a tally game has no export 'sgf' (its exports: txt)"
    r = site.main.get(f"/api/games/{gid}/export/txt")  # declared: it waits for the end
    assert r.status_code == 409 and r.json()["code"] == "game_active"
    r = site.main.get(f"/api/games/{gid}/export/" + "x" * 60)
    assert r.status_code == 404 and "x" * 37 + "...'" in r.json()["error"]

    g = site.guest()
    duet = g.post("/api/tables", json={"game": "duet"}).json()["table"]["game_id"]
    r = site.main.get(f"/api/games/{duet}/pgn")
    assert r.status_code == 404 and r.json()["error"] == "a duet game has no export 'pgn' (its exports: none)"
    r = site.main.get("/api/games/nosuchgame/export/txt")
    assert r.status_code == 404 and r.json()["error"] == "there is no such game"
