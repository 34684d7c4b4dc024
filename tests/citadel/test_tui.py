"""Citadel in the terminal (:mod:`donjon.games.citadel.tui`) and the generic subcommands on
Citadel: selfplay with 1-4 seats and a difficulty, terminal play with bot teammates, replay
of saved records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from donjon.games.citadel.tui import describe, event_text
from tests.test_cli import run, run_json


@pytest.mark.parametrize(("players", "difficulty"), [(1, "easy"), (2, "normal"), (3, "hard"), (4, "easy")])
def test_selfplay_citadel_players_and_difficulty(players: int, difficulty: str) -> None:
    data = run_json(["selfplay", "citadel", "--players", str(players), "--difficulty", difficulty,
                     "--games", "2", "--seed", "4", "--json"])
    assert data["players"] == players and data["options"] == {"difficulty": difficulty}
    assert len(data["bots"]) == players
    c = data["citadel"]
    r = data["results"]
    assert c["difficulty"] == difficulty and c["games"] == 2
    assert r["team_wins"] + r["team_losses"] == 2 and c["wins"] == r["team_wins"]
    assert sum(c["saved"].values()) == 2 and sum(c["lost"].values()) == 2
    # A finished game ends with 4 saved or 4 lost.
    assert c["lost"].get("4", 0) + c["saved"].get("4", 0) == 2
    assert c["turns_min"] >= 1 and c["turns_min"] <= c["turns_mean"] <= c["turns_max"]
    lo, hi = c["ci95"]
    assert 0 <= lo <= c["win_rate"] <= hi <= 1


def test_selfplay_citadel_text_planner_and_saved_records(tmp_path: Path) -> None:
    code, out, err = run(["selfplay", "citadel", "--players", "2", "--difficulty", "easy", "--games", "1",
                          "--seed", "6", "--bots", "easy", "--save", str(tmp_path)])
    assert code == 0, err
    assert "bots citadel_easy, citadel_easy" in out
    assert "citadel easy: team win rate" in out and "95 % interval" in out
    assert "saved: mean" in out and "lost: mean" in out and "turns on average" in out
    record = json.loads((tmp_path / "game-6.json").read_text())
    assert record["players"] == 2 and record["options"] == {"difficulty": "easy"}
    # The saved record replays to the same end.
    data = run_json(["replay", str(tmp_path / "game-6.json"), "--json"])
    assert data["outcome"] is not None and data["difficulty"] == "easy"
    assert len(data["saved"]) == 4 or len(data["lost"]) == 4
    code, out, _ = run(["replay", str(tmp_path / "game-6.json")])
    assert code == 0 and "Professor Evil is in the" in out and "Rooms (switch" in out and "turns: " in out


def test_selfplay_citadel_defaults_and_errors() -> None:
    data = run_json(["selfplay", "citadel", "--games", "1", "--json"])
    assert data["players"] == 2 and data["options"] == {"difficulty": "normal"}
    code, _, err = run(["selfplay", "citadel", "--players", "5"])
    assert code == 2 and "1 to 4 players" in err
    code, _, err = run(["selfplay", "citadel", "--players", "3", "--bots", "easy,random"])
    assert code == 2 and "one per seat" in err
    with pytest.raises(SystemExit):
        run(["selfplay", "citadel", "--difficulty", "nightmare"])


def test_describe_actions_and_events() -> None:
    assert describe({"type": "move", "to": "library"}) == "move to the Library"
    assert describe({"type": "open", "door": "D01"}).startswith("open door D01 (")
    assert describe({"type": "card", "card": "sprint", "to": "study"}) == "play card Sprint: to the Study"
    assert describe({"type": "end_actions"}) == "end your actions (the Professor acts)"
    assert describe({"type": "reroll", "dice": ["colour", "clock"]}) == "reroll the colour and clock dice"
    assert event_text({"type": "treasure_lost", "colour": "red", "treasure": "T07", "room": "salon", "lost": 2}) \
        == "The red treasure T07 is LOST (2/4)"
    assert event_text({"type": "move", "character": "ada"}) == ""


def test_play_citadel_commands_and_bad_input() -> None:
    script = "help\nzzz\n99\nchoose\nnathan\ntext sprint\ntext ada\ntext nobody\nmove\nshow\nquit\n"
    code, out, _ = run(["play", "citadel", "--players", "2", "--seed", "3", "--bot", "random"], script)
    assert code == 0
    assert "you are seat 0, 1 bot teammate(s) (random)" in out
    assert "Professor Evil is in the Laboratory." in out and "Rooms (switch" in out
    assert "Commands:" in out
    assert "'zzz' is not a command or a legal action" in out
    assert "no action number 99" in out
    assert "'choose' matches 5 actions" in out
    assert "You (Nathan, seat 0): choose Nathan Goodspeed" in out
    assert "Bot (" in out and "seat 1): choose" in out
    assert "Sprint (Nathan Goodspeed's card): Move up to 2 rooms" in out
    assert "Ada Lockhart, Mistress of Locks. Persistent:" in out
    assert "no card or character 'nobody'" in out
    assert "'move' matches 3 actions" in out
    assert out.rstrip().endswith("Bye.")


def test_play_citadel_solo_two_characters_to_the_end() -> None:
    # Solo: you choose and run both characters; ending every turn at once loses the race.
    script = "1\n1\n" + "end\nkeep\nvote nathan\nvote irene\n" * 60
    code, out, _ = run(["play", "citadel", "--players", "1", "--seed", "2", "--difficulty", "hard"], script)
    assert code == 0
    assert "you run two characters" in out
    assert out.count("You (") >= 4 and "Bot (" not in out
    assert "The Professor's phase" in out and "Dice: colour" in out and "Clock: " in out
    assert "is LOST (4/4)" in out and "Game over: the team loses" in out
    assert "Bye." not in out


def test_play_citadel_errors() -> None:
    code, _, err = run(["play", "citadel", "--players", "5"])
    assert code == 2 and "1 to 4" in err
    code, _, err = run(["play", "citadel", "--players", "2", "--seat", "3"])
    assert code == 2 and "--seat" in err
    code, _, err = run(["play", "citadel", "--options", '{"solo_characters": 3}'])
    assert code == 2 and "solo_characters" in err
