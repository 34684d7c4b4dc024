"""The ``donjon`` command line, every subcommand run through ``main(argv)``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from donjon.cli import COMMANDS, Console, build_parser, main
from donjon.games.unfairchess.catalogue import CARDS

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


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


def test_parser_lists_the_subcommands_one_function_each() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert {"cards", "perft", "selfplay", "replay", "play"} <= set(sub.choices)  # type: ignore[arg-type]
    assert len(COMMANDS) == len(sub.choices)  # type: ignore[arg-type]  # one function per subcommand
    with pytest.raises(SystemExit):
        build_parser().parse_args([])


# ---------------------------------------------------------------------- cards


def test_cards_json_is_the_catalogue() -> None:
    data = run_json(["cards", "unfairchess", "--json"])
    assert data == [c.to_json() for c in CARDS.values()]
    assert len(data) == 58 and data[0]["id"] == "poison"
    assert sum(c["copies"] for c in data) == 144


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


# ---------------------------------------------------------------------- perft


def test_perft_counts_and_divides() -> None:
    code, out, _ = run(["perft", "startpos", "3"])
    assert code == 0 and "nodes 8902" in out
    code, out, _ = run(["perft", KIWIPETE, "2", "--divide"])
    assert code == 0
    lines = dict(line.split(": ") for line in out.splitlines() if ": " in line)
    assert len(lines) == 48 and lines["e1g1"] == "43" and "nodes 2039" in out


def test_perft_json_compares_with_python_chess() -> None:
    data = run_json(["perft", KIWIPETE, "2", "--divide", "--compare", "--json"])
    assert data["nodes"] == 2039 and data["match"] is True and data["mismatches"] == []
    assert data["divide"] == data["python_chess"]["divide"]
    assert run_json(["perft", "startpos", "0", "--json"])["nodes"] == 1


def test_perft_errors() -> None:
    code, _, err = run(["perft", "not a fen", "2"])
    assert code == 2 and "FEN" in err
    code, _, err = run(["perft", "startpos", "-1"])
    assert code == 2


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


# ---------------------------------------------------------------------- play


def test_read_command_skips_blank_lines_and_stops_on_quit_or_end() -> None:
    out = io.StringIO()
    console = Console(io.StringIO("\n  \nCard 1 e4\nQuit\n"), out, io.StringIO())
    assert console.read_command() == ("Card 1 e4\n", ["Card", "1", "e4"])
    assert out.getvalue() == "> > > "
    assert console.read_command() is None  # quit
    assert console.read_command() is None and out.getvalue().endswith("> \n")  # the input ended



def test_play_session_commands_and_bad_input() -> None:
    script = "help\nfoo\ne5\ne2e5\ne4\nhand\ntext 1\ntargets 1\ncard 9 e4\nmoves\nquit\n"
    code, out, _ = run(["play", "unfairchess", "--seed", "3", "--bot", "random"], script)
    assert code == 0
    assert "You play White against the random bot" in out
    assert "♜" in out and "Your hand:" in out and "1. Pickpocket (larcin, add)" in out
    assert "Commands:" in out
    assert "'foo' is not a move or a command" in out
    assert "Illegal: e5 is not a legal move now" in out
    assert "Illegal: e2e5 is not a legal move for the pawn on e2" in out
    assert "You play e4" in out and "Bot plays" in out
    assert CARDS["larcin"].text_en in out
    assert "targeting(s)" in out
    assert "no card '9' in your hand" in out
    assert out.rstrip().endswith("Bye.")
    assert "[greyed]" in out


def test_play_cards_and_checkmate() -> None:
    opts = json.dumps({"hands": {"0": ["bouclier"], "1": []}, "decks": {"0": [], "1": []}})
    script = "card 1 a5\ncard 1 a1\nO-O\nRa8\n"
    code, out, _ = run(["play", "unfairchess", "--fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "--options", opts,
                        "--seed", "1"], script)
    assert code == 0
    assert "Illegal: Shield cannot be played on a5" in out
    assert "You play the card Shield a1" in out and "Now make your normal move." in out
    assert "Illegal: O-O is not a legal move now" in out
    assert "Statuses: a1 shield" in out
    assert "You play Ra8#" in out and "Game over: You win by checkmate." in out


def test_play_as_black_the_bot_opens_and_input_can_end() -> None:
    code, out, _ = run(["play", "unfairchess", "--seat", "1", "--bot", "greedy", "--seed", "4", "--ascii"], "")
    assert code == 0
    assert out.index("Bot plays") < out.index("Your hand:")
    # An ASCII board seen from Black: rank 1 on top, files from h to a.
    assert out.index("\n1 R") < out.index("\n8 r") and "  h g f e d c b a" in out
    assert "♜" not in out and "Bye." in out
    code, _, err = run(["play", "unfairchess", "--bot", "nobody"])
    assert code == 2 and "unknown bot" in err
    code, _, err = run(["play", "unfairchess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"])
    assert code == 2 and "king" in err
