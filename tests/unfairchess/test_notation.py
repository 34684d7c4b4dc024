"""UnfairChess's history lines (donjon/games/unfairchess/notation.py): SAN for moves, card
ids and squares for cards, the ply each belongs to, nothing hidden."""

from __future__ import annotations

import random

import chess

from donjon.games.unfairchess import GAME
from donjon.games.unfairchess.state import State
from tests.unfairchess.util import make


def entry(st: State, action: dict) -> tuple[dict, State]:  # type: ignore[type-arg]
    nxt = GAME.apply(st, st.seat, action)
    return GAME.history_entry(st, st.seat, action, nxt), nxt


def sans(st: State, ucis: list[str]) -> list[str]:
    out = []
    for u in ucis:
        e, st = entry(st, {"type": "move", "uci": u})
        out.append(e["san"])
    return out


def test_the_opening_in_san() -> None:
    st = GAME.setup(2, 7)
    assert sans(st, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1"]) == [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"]
    e, _ = entry(st, {"type": "move", "uci": "e2e4"})
    assert e == {"ply": 1, "san": "e4", "uci": "e2e4"}


def test_disambiguation_promotion_check_and_castling_long() -> None:
    st = make("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert sans(st, ["a1d1"]) == ["Rd1+"]
    assert sans(st, ["e1c1"]) == ["O-O-O+"]
    assert sans(st, ["e1g1"]) == ["O-O"]
    st = make("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
    assert sans(st, ["a1b1"]) == ["Rab1"]
    st = make("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1")
    assert sans(st, ["a1a2"]) == ["R1a2"]
    st = make("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert sans(st, ["a7a8q"]) == ["a8=Q+"]
    st = make("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1")
    e, nxt = entry(st, {"type": "move", "uci": "a1a8"})
    assert nxt.result is not None and nxt.result.reason == "checkmate"
    assert e["san"] == "Ra8#"


def test_matches_python_chess_on_plain_games() -> None:
    """Without cards in hand UnfairChess is chess: the same SAN as python-chess."""
    rng = random.Random(3)
    n = 0
    for g in range(15):
        st = make(chess.STARTING_FEN, seed=g)
        board = chess.Board()
        for _ in range(120):
            if st.result is not None:
                break
            moves = [a for a in GAME.legal_actions(st, st.seat) if a["type"] == "move"]
            action = rng.choice(moves)
            e, st = entry(st, action)
            mv = chess.Move.from_uci(action["uci"])
            assert e["ply"] == board.ply() + 1
            assert e["san"] == board.san(mv), (board.fen(), action)
            board.push(mv)
            n += 1
    assert n > 500


def test_a_card_turn_and_an_add_to_move_card() -> None:
    st = make(chess.STARTING_FEN, ["sommeil"], ["poison"])
    e, st = entry(st, {"type": "card", "card": "sommeil", "squares": ["G8"]})
    assert e == {"ply": 1, "card": "sommeil", "squares": ["g8"]}  # replaces the move: White's turn
    e, st2 = entry(st, {"type": "card", "card": "poison", "squares": ["b8"]})
    assert e == {"ply": 2, "card": "poison", "squares": ["b8"]}
    e, _ = entry(st2, {"type": "move", "uci": "e7e5"})  # then the move of the same turn
    assert e == {"ply": 2, "san": "e5", "uci": "e7e5"}


def test_foresight_order_names_no_card() -> None:
    st = make(chess.STARTING_FEN, ["prescience"])
    _, st = entry(st, {"type": "card", "card": "prescience", "squares": []})
    order = GAME.legal_actions(st, 0)[0]
    e, _ = entry(st, order)
    assert e == {"ply": 1, "order": True}
    assert GAME.private_history(st, 0, order, st) == {}
