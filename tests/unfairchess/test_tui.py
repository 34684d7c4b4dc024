"""UnfairChess in the terminal (:mod:`donjon.games.unfairchess.tui`): ``donjon play
unfairchess``, the ``donjon perft`` subcommand it adds, and the material rule of its
tournament games."""

from __future__ import annotations

import json

from donjon.cli.tournament import run_tournament
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.perft import plain_state
from donjon.games.unfairchess.tui import TERMINAL, adjudicate, render_board
from tests.test_cli import run, run_json

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


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


# ---------------------------------------------------------------------- play


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


def test_play_seat_and_players_come_from_the_game_info() -> None:
    code, _, err = run(["play", "unfairchess", "--seat", "2"])
    assert code == 2 and "--seat is 0 (White) or 1 (Black)" in err
    code, _, err = run(["play", "unfairchess", "--players", "3"])
    assert code == 2 and "UnfairChess is played by 2 to 2 players" in err
    code, _, err = run(["play", "unfairchess", "--options", "[1, 2]"])
    assert code == 2 and "--options is a JSON object" in err


def test_play_takes_a_level_of_the_game_bots() -> None:
    code, out, _ = run(["play", "unfairchess", "--seat", "1", "--bot", "easy", "--seed", "2"], "")
    assert code == 0 and "Bot plays" in out and "Bye." in out


# ---------------------------------------------------------------------- replay and tournament


def test_replay_prints_the_board() -> None:
    state = plain_state("startpos")
    board = render_board(state, 0, ascii_only=True)
    assert board.splitlines()[0] == "8 r n b q k b n r " and board.splitlines()[-1] == "  a b c d e f g h "


def test_a_stopped_game_is_adjudicated_on_material() -> None:
    ahead = plain_state("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    out = adjudicate(ahead)
    assert out is not None and out.winners == (0,) and out.reason == "adjudicated_material"
    behind = plain_state("r3k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert adjudicate(behind).winners == (1,)  # type: ignore[union-attr]
    assert adjudicate(plain_state("startpos")) is None  # even material: a draw
    assert TERMINAL.max_actions == 400


def test_a_tournament_game_stopped_early_is_adjudicated_by_the_hook() -> None:
    result = run_tournament("unfairchess", ["random", "greedy"], games=2, seed=3, max_actions=6)
    assert set(result["reasons"]) <= {"adjudicated", "adjudicated_material"}
