"""Seed 002, the pieces: each moves as the seed says (through the UnfairChess referee)."""

from __future__ import annotations

import chess

from donjon.games.unfairchess import GAME
from tests.unfairchess.util import illegal, make, move


def destinations(fen: str, square: str) -> set[str]:
    st = make(fen)
    frm = square
    return {a["uci"][2:4] for a in GAME.legal_actions(st, st.seat) if a["type"] == "move" and a["uci"][:2] == frm}


def test_white_moves_first_and_turns_alternate() -> None:
    st = GAME.setup(2, 3)
    assert GAME.to_act(st) == [0]
    assert "not yours" in illegal(st, {"type": "move", "uci": "e7e5"})
    st = move(st, "e2e4")
    assert GAME.to_act(st) == [1]
    illegal(st, {"type": "move", "uci": "d2d4"})


def test_board_has_64_squares_and_16_pieces_each() -> None:
    st = GAME.setup(2, 3)
    assert len(chess.SQUARES) == 64
    assert len(list(chess.SquareSet(st.board.occupied_co[chess.WHITE]))) == 16
    assert len(list(chess.SquareSet(st.board.occupied_co[chess.BLACK]))) == 16


def test_king_moves_one_square_in_any_direction() -> None:
    assert destinations("8/8/8/8/3K4/8/8/7k w - - 0 1", "d4") == {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}


def test_queen_goes_as_far_as_she_likes_straight_or_diagonal() -> None:
    got = destinations("k7/8/8/8/3Q4/8/8/7K w - - 0 1", "d4")
    assert {"d8", "d1", "a4", "h4", "a7", "h8", "a1", "g1"} <= got and len(got) == 27


def test_rook_straight_lines_only() -> None:
    got = destinations("7k/8/8/8/3R4/8/8/K7 w - - 0 1", "d4")
    assert got == {f"d{r}" for r in "1235678"} | {f"{f}4" for f in "abcefgh"}


def test_bishop_diagonals_only() -> None:
    got = destinations("7k/8/8/8/3B4/8/8/K7 w - - 0 1", "d4")
    assert "d5" not in got and {"a7", "g7", "g1", "c3", "b2"} <= got and "a1" not in got  # own king on a1


def test_knight_moves_in_l_and_jumps_over_pieces() -> None:
    got = destinations("7k/8/8/2PPP3/2PNP3/2PPP3/8/K7 w - - 0 1", "d4")
    assert got == {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}


def test_pawn_one_or_two_on_first_move_captures_diagonally_never_ahead() -> None:
    assert destinations("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "e2") == {"e3", "e4"}
    assert destinations("7k/8/8/8/8/4P3/8/K7 w - - 0 1", "e3") == {"e4"}
    assert destinations("7k/8/8/3pp3/4P3/8/8/K7 w - - 0 1", "e4") == {"d5"}  # blocked ahead, takes d5
