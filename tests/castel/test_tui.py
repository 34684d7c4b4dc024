"""Castel in the terminal (:mod:`donjon.games.castel.tui`) and the generic subcommands on
Castel: cards, selfplay with 2-4 seats, terminal play, replay."""

from __future__ import annotations

import json
from pathlib import Path

from donjon.games.castel.tui import describe, square_name
from tests.test_cli import run, run_json


def test_cards_castel_json() -> None:
    data = run_json(["cards", "castel", "--json"])
    assert len(data) == 37 and data[0]["id"] == "roi"
    assert sum(c["copies"] for c in data) == 56


def test_selfplay_castel_three_players_json() -> None:
    data = run_json(["selfplay", "castel", "--players", "3", "--games", "3", "--seed", "1", "--json"])
    assert data["players"] == 3 and data["bots"] == ["random"] * 3
    r = data["results"]
    assert set(r) >= {"blue_wins", "yellow_wins", "red_wins"} and "green_wins" not in r
    seats = data["castel"]["seats"]
    assert [s["colour"] for s in seats] == ["blue", "yellow", "red"]
    ranked = data["castel"]["ranked_games"]
    assert ranked == 3 and all(sum(s["ranks"].values()) == ranked for s in seats)
    # Whoever wins a game has rank 1 in it: rank-1 counts cover every win.
    assert all(s["ranks"]["1"] >= s["wins"] for s in seats) and sum(s["wins"] for s in seats) >= 3
    for s in seats:
        assert 1 <= s["mean_rank"] <= 3
    again = run_json(["selfplay", "castel", "--players", "3", "--games", "3", "--seed", "1", "--json"])
    for d in (data, again):
        d.pop("seconds"), d.pop("plies_per_second")
    assert again == data


def test_selfplay_castel_four_players_per_seat_bots_and_text(tmp_path: Path) -> None:
    code, out, err = run(["selfplay", "castel", "--players", "4", "--games", "2", "--seed", "3",
                          "--bots", "random,greedy,random,random", "--save", str(tmp_path)])
    assert code == 0, err
    assert "4 players, bots random, greedy, random, random" in out
    assert "seat 3 (green): wins" in out and "mean rank" in out
    record = json.loads((tmp_path / "game-3.json").read_text())
    assert record["players"] == 4 and record["game"] == "castel"
    assert {a["seat"] for a in record["actions"]} == {0, 1, 2, 3}


def test_selfplay_castel_errors() -> None:
    code, _, err = run(["selfplay", "castel", "--players", "5"])
    assert code == 2 and "2 to 4 players" in err
    code, _, err = run(["selfplay", "castel", "--players", "3", "--bots", "random,random"])
    assert code == 2 and "one per seat" in err
    code, _, err = run(["selfplay", "castel", "--difficulty", "easy"])
    assert code == 2 and "citadel only" in err


def test_replay_castel_record(tmp_path: Path) -> None:
    run(["selfplay", "castel", "--players", "3", "--games", "1", "--seed", "8", "--save", str(tmp_path)])
    path = str(tmp_path / "game-8.json")
    data = run_json(["replay", path, "--json"])
    assert data["players"] == 3 and data["outcome"] is not None and data["to_act"] == []
    assert len(data["hands"]) == 3
    code, out, _ = run(["replay", path])
    assert code == 0
    assert " 1  " in out and "    a" in out and "Exchange:" in out and "outcome: " in out
    half = run_json(["replay", path, "--json", "--upto", "4"])
    assert half["outcome"] is None and half["actions_replayed"] == 4


def test_describe_and_square_names() -> None:
    assert square_name([0, 0]) == "a1" and square_name([5, 2]) == "c6"
    assert describe({"type": "place", "card": "roi", "square": [2, 3]}) == "place King on d3"
    assert describe({"type": "place", "card": "engin_2", "slot": "N"}) == "place Siege engine#2 in the N siege slot"
    assert describe({"type": "place", "card": "chevalier_1", "on": "roi"}) == "place Knight#1 on top of King"
    assert describe({"type": "effect", "targets": ["pretre", [1, 3]]}) == "effect: Priest, d2"
    assert describe({"type": "draw"}) == "draw a card from your pile"


def test_play_castel_commands_and_bad_input() -> None:
    script = "help\nfoo\n999\nplace\ntext king\ntext nobody\nplace king c3 x\ndraw\nquit\n"
    code, out, _ = run(["play", "castel", "--seed", "3", "--players", "3", "--bot", "random"], script)
    assert code == 0
    assert "you are blue (seat 0)" in out
    assert "Bot (red): " in out  # seed 3: red starts, the bots' moves are logged in words
    assert "Commands:" in out
    assert "'foo' is not a command or a legal action" in out
    assert "no action number 999" in out
    assert "'place' matches" in out and "(type the number)" in out
    assert "Send back every card on the squares adjacent to the King" in out
    assert "no card 'nobody'" in out
    assert "'place king c3 x' is not a command or a legal action" in out
    assert "You (blue): draw a card from your pile" in out
    assert "Legal actions" in out and "place King on:" in out
    assert out.rstrip().endswith("Bye.")


def test_play_castel_places_by_words_and_reaches_the_end() -> None:
    # A 1-round cap ends the game after everyone's first turn (fewest cards left win).
    script = "place priest c3\n1\n" + "1\n" * 10
    code, out, _ = run(["play", "castel", "--seed", "3", "--players", "2", "--bot", "random",
                        "--options", '{"max_rounds": 1, "first": 0}'], script)
    assert code == 0
    assert "You (blue): place Priest on c3" in out and "Priest(b)" in out
    assert "Game over (turn limit)" in out and "Cards left: blue" in out
    assert "Bye." not in out


def test_play_castel_errors() -> None:
    code, _, err = run(["play", "castel", "--players", "5"])
    assert code == 2 and "2 to 4" in err
    code, _, err = run(["play", "castel", "--players", "2", "--seat", "2"])
    assert code == 2 and "--seat" in err
    code, _, err = run(["play", "castel", "--bot", "nobody"])
    assert code == 2 and "unknown bot" in err
