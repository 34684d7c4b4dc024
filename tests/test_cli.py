"""The ``donjon`` command line, every subcommand run through ``main(argv)``: the generic jobs
on the registered games and on a game the tests add (:data:`RACE`, no terminal UI of its
own), and the layering of :mod:`donjon.cli` (it names no game; no import cycle)."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from donjon.cli import COMMANDS, Console, build_parser, main
from donjon.cli.commands import game_commands
from donjon.cli.tournament import run_tournament
from donjon.games import game_ids, register, unregister
from donjon.games.info import Choice, GameInfo
from donjon.games.protocol import Action, BaseGame, IllegalAction, Outcome, View
from donjon.games.unfairchess.catalogue import CARDS

ROOT = Path(__file__).resolve().parents[1]


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def run_json(argv: list[str]) -> Any:
    code, out, err = run(argv)
    assert code == 0, err
    lines = [x for x in out.splitlines() if x.strip()]
    assert len(lines) == 1, "--json prints exactly one JSON document on one line"
    return json.loads(lines[0])


# ---------------------------------------------------------------------- a game of the tests


@dataclass(frozen=True)
class RaceState:
    players: int
    goal: int
    total: int = 0
    turn: int = 0
    last: int | None = None


LENGTH = Choice(name="length", values=("short", "long"), default="short", title={"en": "Length"})

RACE_INFO = GameInfo(id="race", names={"en": "Race"}, min_seats=2, max_seats=3, default_seats=2,
                     options=(LENGTH,), bot_levels=(), order=900)


class Race(BaseGame):
    """Players in turn add 1 or 2 to a total; who reaches the goal (5, or 9 when ``length``
    is ``long``) wins. ``start`` sets the first total."""

    id = "race"
    info = RACE_INFO
    min_players = 2
    max_players = 3
    cooperative = False

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> RaceState:
        opts = dict(options or {})
        unknown = set(opts) - {"length", "start"}
        if unknown:
            raise IllegalAction(f"no option {', '.join(sorted(unknown))}")
        start = opts.get("start", 0)
        if not isinstance(start, int):
            raise IllegalAction("start is a whole number")
        return RaceState(players, 9 if opts.get("length") == "long" else 5, start)

    def to_act(self, state: RaceState) -> list[int]:
        return [] if state.total >= state.goal else [state.turn]

    def legal_actions(self, state: RaceState, seat: int) -> list[Action]:
        return [{"type": "add", "n": n} for n in (1, 2)] if seat in self.to_act(state) else []

    def apply(self, state: RaceState, seat: int, action: Action) -> RaceState:
        if seat not in self.to_act(state):
            raise IllegalAction("not your turn")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("add 1 or 2")
        return RaceState(state.players, state.goal, state.total + action["n"], (state.turn + 1) % state.players, seat)

    def view(self, state: RaceState, seat: int | None) -> View:
        return {"total": state.total, "goal": state.goal}

    def outcome(self, state: RaceState) -> Outcome | None:
        if state.total < state.goal or state.last is None:
            return None
        others = tuple(s for s in range(state.players) if s != state.last)
        return Outcome((state.last,), others, False, "goal",
                       tuple(1.0 if s == state.last else 0.0 for s in range(state.players)))

    def determinize(self, state: RaceState, seat: int, rng: random.Random) -> RaceState:
        return state


RACE = Race()


@pytest.fixture
def race() -> Iterator[Race]:
    register(RACE)
    yield RACE
    unregister(RACE.id)


# ---------------------------------------------------------------------- the parser


def test_parser_lists_the_subcommands_one_function_each() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert {"cards", "selfplay", "replay", "play", "tournament", "serve"} <= set(sub.choices)  # type: ignore[arg-type]
    # One function per subcommand: the generic ones, then those the games' terminals add.
    assert len(COMMANDS) + len(game_commands()) == len(sub.choices)  # type: ignore[arg-type]
    assert "perft" in sub.choices  # type: ignore[operator]  # an UnfairChess command, through its hook
    with pytest.raises(SystemExit):
        build_parser().parse_args([])


def test_play_has_one_subcommand_per_registered_game(race: Race) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    play = sub.choices["play"]  # type: ignore[index]
    per_game = next(a for a in play._actions if a.dest == "game")
    assert list(per_game.choices) == game_ids() and "race" in per_game.choices
    with pytest.raises(SystemExit):
        run(["play", "nogame"])


# ---------------------------------------------------------------------- cards


def test_cards_json_is_the_catalogue() -> None:
    data = run_json(["cards", "unfairchess", "--json"])
    assert data == [c.to_json() for c in CARDS.values()]
    assert len(data) == 58 and data[0]["id"] == "poison"
    assert sum(c["copies"] for c in data) == 144


def test_cards_json_carries_spanish_and_lang_prints_it() -> None:
    data = run_json(["cards", "unfairchess", "--json"])
    assert all(c["name_es"] and c["text_es"] and c["group_es"] for c in data)
    assert (data[1]["name_es"], data[1]["text_es"]) == ("Sueño", CARDS["sommeil"].text_es)
    code, out, _ = run(["cards", "unfairchess", "sueño", "--lang", "es"])
    assert code == 0 and out.startswith("#2 Sueño (Sleep, sommeil)") and CARDS["sommeil"].text_es in out
    code, out, _ = run(["cards", "unfairchess", "--lang", "es"])
    assert code == 0 and "Castigo divino" in out and "Heaven's Strike" not in out
    code, out, _ = run(["cards", "unfairchess", "--lang", "fr"])
    assert "Frappe céleste" in out
    with pytest.raises(SystemExit):
        run(["cards", "unfairchess", "--lang", "de"])


def test_cards_table_and_single_card_text() -> None:
    code, out, _ = run(["cards", "unfairchess"])
    assert code == 0
    assert len(out.splitlines()) == 1 + 58 + 1
    assert "poison" in out and "Sleep" in out and "144 copies" in out
    code, out, _ = run(["cards", "unfairchess", "sleep", "Poison"])
    assert code == 0
    assert out.startswith("#2 Sleep (Sommeil, sommeil)") and CARDS["sommeil"].text_en in out and "#1 Poison" in out
    data = run_json(["cards", "unfairchess", "dynamite", "--json"])
    assert [c["id"] for c in data] == ["dynamite"]


def test_cards_errors() -> None:
    code, _, err = run(["cards", "nogame"])
    assert code == 2 and "unknown game 'nogame'" in err
    code, _, err = run(["cards", "unfairchess", "nocard"])
    assert code == 2 and "no card 'nocard'" in err


def test_cards_of_a_game_without_cards(race: Race) -> None:
    code, _, err = run(["cards", "race"])
    assert code == 2 and "race has no cards" in err


# ---------------------------------------------------------------------- selfplay


def test_selfplay_json_summary() -> None:
    data = run_json(["selfplay", "unfairchess", "--games", "3", "--seed", "5", "--bots", "random,random",
                     "--max-plies", "120", "--json"])
    assert data["games"] == 3 and data["bots"] == ["random", "random"]
    r = data["results"]
    assert r["white_wins"] + r["black_wins"] + r["draws"] + r["adjudicated"] == 3
    assert data["adjudicated"] == r["adjudicated"]
    assert data["errors"] == {"count": 0, "first": []}
    assert 0 < data["plies"] <= 3 * 120 and data["actions"] >= data["plies"]
    assert data["plies_per_second"] > 0 and data["seconds"] > 0
    assert sum(data["card_plays"].values()) > 0 and set(data["card_plays"]) <= set(CARDS)
    again = run_json(["selfplay", "unfairchess", "--games", "3", "--seed", "5", "--max-plies", "120", "--json"])
    for key in ("seconds", "plies_per_second"):
        data.pop(key), again.pop(key)
    assert again == data  # deterministic given the seed


def test_selfplay_greedy_and_text_output(tmp_path: Path) -> None:
    code, out, err = run(["selfplay", "unfairchess", "--games", "1", "--seed", "2", "--bots", "greedy,random",
                          "--max-plies", "16", "--save", str(tmp_path)])
    assert code == 0, err
    plies = int(re.search(r"1 games, (\d+) plies", out).group(1))  # type: ignore[union-attr]
    assert 0 < plies <= 16 and "errors: 0" in out and "bots greedy, random" in out
    record = json.loads((tmp_path / "game-2.json").read_text())
    assert record["game"] == "unfairchess" and record["seed"] == 2 and len(record["actions"]) >= plies


def test_selfplay_errors() -> None:
    code, _, err = run(["selfplay", "unfairchess", "--bots", "random,nobody"])
    assert code == 2 and "--bots" in err
    code, _, err = run(["selfplay", "nogame"])
    assert code == 2


# ---------------------------------------------------------------------- replay


def _record(tmp_path: Path, actions: list[dict[str, Any]], **extra: Any) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "unfairchess", "seed": 7, "options": {}, "actions": actions, **extra}))
    return str(path)


def test_replay_prints_the_final_state(tmp_path: Path) -> None:
    opts = {"hands": {"0": ["poison", "bouclier", "sommeil", "dynamite"]}}
    actions = [
        {"seat": 0, "action": {"type": "card", "card": "poison", "squares": ["e2"]}},
        {"seat": 0, "action": {"type": "move", "uci": "e2e4"}},
        {"seat": 1, "action": {"type": "move", "uci": "e7e5"}},
    ]
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "unfairchess", "seed": 7, "options": opts, "actions": actions}))
    data = run_json(["replay", str(path), "--json"])
    assert data["fen"] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert data["statuses"] == {"e4": ["poison"]}
    assert data["tokens"] == {"walls": {}, "traps": {}}
    assert data["to_act"] == [0] and data["outcome"] is None
    assert "poison" not in data["hands"][0][:3] and len(data["hands"][0]) == 4
    assert data["discard"] == [{"seat": 0, "card": "poison"}]
    assert data["actions_replayed"] == 3
    assert run_json(["replay", str(path), "--json", "--upto", "1"])["must_move"] is True
    code, out, _ = run(["replay", str(path)])
    assert code == 0 and "fen: " in out and '"e4": ["poison"]' in out


def test_replay_of_a_selfplay_record_reaches_the_same_end(tmp_path: Path) -> None:
    run(["selfplay", "unfairchess", "--games", "1", "--seed", "9", "--max-plies", "60", "--save", str(tmp_path)])
    data = run_json(["replay", str(tmp_path / "game-9.json"), "--json"])
    assert data["turn_no"] == 60 or data["outcome"] is not None


def test_replay_names_the_illegal_action(tmp_path: Path) -> None:
    path = _record(tmp_path, [{"seat": 0, "action": {"type": "move", "uci": "e2e4"}},
                              {"seat": 1, "action": {"type": "move", "uci": "e7e4"}}])
    code, out, err = run(["replay", path, "--json"])
    assert code == 1 and out == ""
    assert "action 1" in err and "e7e4 is not a legal move" in err
    path = _record(tmp_path, [{"seat": 1, "action": {"type": "move", "uci": "e7e5"}}])
    code, _, err = run(["replay", path])
    assert code == 1 and "action 0" in err and "not your turn" in err


def test_replay_bad_files(tmp_path: Path) -> None:
    code, _, err = run(["replay", str(tmp_path / "missing.json")])
    assert code == 2 and "cannot read" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    assert run(["replay", str(bad)])[0] == 2
    path = _record(tmp_path, [], game="nogame")
    code, _, err = run(["replay", path])
    assert code == 1 and "unknown game" in err
    path = _record(tmp_path, [{"seat": 0}])
    assert run(["replay", path])[0] == 1


# ---------------------------------------------------------------------- setup options


def test_selfplay_options_json_reaches_the_setup() -> None:
    data = run_json(["selfplay", "castel", "--games", "2", "--seed", "1", "--options", '{"max_rounds": 1}', "--json"])
    assert data["options"] == {"max_rounds": 1}
    assert data["results"]["by_reason"] == {"turn_limit": 2}
    hard = run_json(["selfplay", "citadel", "--games", "1", "--options", '{"difficulty": "hard"}', "--json"])
    flag = run_json(["selfplay", "citadel", "--games", "1", "--difficulty", "hard", "--json"])
    assert hard["options"] == flag["options"] == {"difficulty": "hard"} and hard["citadel"]["difficulty"] == "hard"
    for d in (hard, flag):
        d.pop("seconds"), d.pop("plies_per_second")
    assert hard == flag  # the flag is the declared option, nothing more
    # A flag overrides the same key of --options.
    both = run_json(["selfplay", "citadel", "--games", "1", "--options", '{"difficulty": "hard"}',
                     "--difficulty", "easy", "--json"])
    assert both["options"] == {"difficulty": "easy"}


@pytest.mark.parametrize(("options", "message"), [
    ("{nope", "--options is a JSON object: "),
    ("[1, 2]", "--options is a JSON object, not list"),
    ('"hard"', "--options is a JSON object, not str"),
    ("3", "--options is a JSON object, not int"),
])
def test_selfplay_options_must_be_a_json_object(options: str, message: str) -> None:
    code, out, err = run(["selfplay", "castel", "--options", options])
    assert code == 2 and out == "" and message in err


def test_selfplay_options_are_checked_before_any_game() -> None:
    code, _, err = run(["selfplay", "citadel", "--options", '{"difficulty": "nightmare"}'])
    assert code == 2 and "difficulty is 'easy', 'normal' or 'hard'" in err
    code, _, err = run(["selfplay", "citadel", "--options", '{"solo_characters": 3}', "--players", "1"])
    assert code == 2 and "bad setup options" in err and "solo_characters" in err


def test_option_flags_come_from_the_declared_options(race: Race) -> None:
    data = run_json(["selfplay", "race", "--games", "3", "--length", "long", "--json"])
    assert data["options"] == {"length": "long"} and data["results"]["by_reason"] == {"goal": 3}
    assert run_json(["selfplay", "race", "--games", "1", "--json"])["options"] == {"length": "short"}
    code, _, err = run(["selfplay", "castel", "--length", "long"])
    assert code == 2 and "--length is for race only" in err
    code, _, err = run(["selfplay", "race", "--difficulty", "hard"])
    assert code == 2 and "--difficulty is for citadel only" in err
    code, _, err = run(["selfplay", "race", "--options", '{"colour": "red"}'])
    assert code == 2 and "bad setup options: no option colour" in err


# ---------------------------------------------------------------------- a game without a terminal UI


def test_selfplay_and_replay_of_a_game_without_terminal_ui(race: Race, tmp_path: Path) -> None:
    data = run_json(["selfplay", "race", "--players", "3", "--games", "4", "--seed", "2", "--save", str(tmp_path),
                     "--json"])
    r = data["results"]
    assert data["players"] == 3 and r["seat0_wins"] + r["seat1_wins"] + r["seat2_wins"] == 4
    assert "race" not in data  # no figures of its own
    code, _, err = run(["selfplay", "race", "--players", "4"])
    assert code == 2 and "race is played by 2 to 3 players" in err
    code, _, err = run(["selfplay", "race", "--bots", "hard"])
    assert code == 2 and "--bots takes names among" in err
    path = str(tmp_path / "game-2.json")
    dump = run_json(["replay", path, "--json"])
    assert dump["total"] >= 5 and dump["outcome"]["reason"] == "goal"
    code, out, _ = run(["replay", path])
    assert code == 0 and out.splitlines()[0].startswith('{"goal": 5, "total": ')
    assert "to_act: []" in out and 'outcome: {"winners": [' in out


def test_play_a_game_without_terminal_ui(race: Race) -> None:
    code, out, _ = run(["play", "race", "--seed", "1", "--options", '{"start": 3}'], "help\nadd 9\n2\n")
    assert code == 0
    assert "Seed 1. Race, 2 players: you are seat 0." in out
    assert '{"goal": 5, "total": 3}' in out and '1. {"n": 1, "type": "add"}' in out
    assert "Commands:" in out and "'add 9' is not a command or a legal action" in out
    assert 'You (seat 0): {"n": 2, "type": "add"}' in out and "Game over (goal): you win." in out
    code, out, _ = run(["play", "race", "--seat", "1", "--length", "long", "--bot", "random"], "")
    assert code == 0 and "Bot (seat 0): " in out and '"goal": 9' in out and out.rstrip().endswith("Bye.")
    code, _, err = run(["play", "race", "--seat", "2"])
    assert code == 2 and "--seat is 0 to 1" in err
    code, _, err = run(["play", "race", "--options", "{"])
    assert code == 2 and "--options is a JSON object" in err


def test_tournament_of_a_game_without_terminal_ui(race: Race) -> None:
    result = run_tournament("race", ["random", "uniform"], games=4, seed=1, options={"length": "long"})
    assert result["options"] == {"length": "long"} and sum(result["reasons"].values()) == 4
    assert {r["bot"] for r in result["table"]} == {"random", "uniform"}
    code, out, _ = run(["tournament", "race", "--bots", "random,uniform", "--games", "2", "--players", "3"])
    assert code == 0 and "race: 2 bots" in out
    code, _, err = run(["tournament", "race", "--bots", "random,uniform", "--options", "[]"])
    assert code == 2 and "--options is a JSON object" in err
    code, _, err = run(["tournament", "race", "--bots", "random,uniform", "--players", "4"])
    assert code == 2 and "race is played by 2 to 3 players" in err


# ---------------------------------------------------------------------- play


def test_read_command_skips_blank_lines_and_stops_on_quit_or_end() -> None:
    out = io.StringIO()
    console = Console(io.StringIO("\n  \nCard 1 e4\nQuit\n"), out, io.StringIO())
    assert console.read_command() == ("Card 1 e4\n", ["Card", "1", "e4"])
    assert out.getvalue() == "> > > "
    assert console.read_command() is None  # quit
    assert console.read_command() is None and out.getvalue().endswith("> \n")  # the input ended
