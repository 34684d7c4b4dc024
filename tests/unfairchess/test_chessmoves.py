"""The compiled legal-move list (``chessmoves.legal_moves``) is python-chess's, move for move.

UnfairChess takes the moves of chess from the Rust ``chess`` crate on every position with no
card effect on its moves (``moves.gen_moves``); python-chess remains the reference. Compared
here as multisets (the crate lists them in its own order): on the positions of random games
with cards and right after card plays, on random boards (hypothesis: any placement, side,
castling rights and en-passant square, the boards the crate refuses included), and on
positions built for castling, en passant, promotions and checks.
"""

from __future__ import annotations

from collections import Counter

import chess
from hypothesis import given, settings
from hypothesis import strategies as hst

from donjon.games.unfairchess.chessmoves import legal_moves
from donjon.games.unfairchess.moves import gen_moves
from donjon.games.unfairchess.state import State
from tests.unfairchess.util import card_aftermaths, game_positions


def same_moves(board: chess.Board) -> None:
    got = legal_moves(board, board.fen())
    expected = list(board.generate_legal_moves())
    assert Counter(m.uci() for m in got) == Counter(m.uci() for m in expected), board.fen()
    assert len(set(got)) == len(got), board.fen()


def _positions(games: int, seed0: int, max_plies: int = 160) -> list[State]:
    """Every position of random games with cards, and the states right after the first
    legal play of each card in the hand."""
    return [s for st in game_positions(games, seed0, max_plies) for s in (st, *card_aftermaths(st, 1))]


def test_the_moves_of_game_positions_are_python_chess_s() -> None:
    states = _positions(10, 4100)
    plain = 0
    for st in states:
        same_moves(st.board)
        if not (st.statuses or st.traps or st.restrictions_active()):
            # gen_moves takes them as they are there: python-chess's moves, in any order.
            assert sorted(gen_moves(st), key=str) == sorted(st.board.generate_legal_moves(), key=str)
            plain += 1
    assert len(states) > 4000 and plain > 800, (len(states), plain)


BUILT = [
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",        # castling both ways, both sides
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",                     # in check: no castling
    "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1",                     # f1 attacked: no O-O
    "rn2k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1",                     # blocked on both wings
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",                          # en passant
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",                          # en passant would expose the king
    "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",                         # two pawns may take en passant
    "8/8/8/8/2pP4/8/8/2K1k3 b - d3 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",                          # promotions, four each
    "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",                           # promotion by capture
    "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",                            # check: evasions only
    "4k3/8/8/8/1b6/8/3P4/4K2r w - - 0 1",                         # double check: the king alone
    "4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1",                           # pinned queen may only take
    "7k/5Q2/8/8/8/8/8/K7 b - - 0 1",                              # stalemate: no move
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",                             # checkmate: no move
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",                             # a pawn on the last rank (cards)
    "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",                            # the side not to move in check
    "8/8/8/8/8/8/8/4K3 w - - 0 1",                                # no black king
    "4k3/8/8/8/8/8/PPPPPPPP/PPPPK3 w - - 0 1",                    # more pawns than chess has
    "rn1bkq1r/QPP1N1r1/p2R1p1Q/1n2P3/1R1p1p2/P1N1P1B1/1rpPpB1Q/R1Q1K2R w k - 0 1",  # 19 white pieces
    "4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/1N2K3 w - - 0 1",              # 18 white pieces
]


def test_the_moves_of_built_positions_are_python_chess_s() -> None:
    for fen in BUILT:
        same_moves(chess.Board(fen))


def test_a_position_the_crate_refuses_gets_python_chess_s_list_in_its_order() -> None:
    for fen in ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "8/8/8/8/8/8/8/4K3 w - - 0 1"):
        board = chess.Board(fen)
        assert legal_moves(board, fen) == list(board.generate_legal_moves())


def test_a_board_of_another_kind_gets_python_chess_s_list() -> None:
    board = chess.Board("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", chess960=True)
    assert legal_moves(board, board.fen()) == list(board.generate_legal_moves())


def test_a_pawn_on_its_first_rank_moves_as_python_chess_moves_it() -> None:
    # python-chess lets it advance one or two squares; the crate would not move it at all.
    for fen in ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "p3k3/8/8/8/8/8/8/4K3 b - - 0 1"):
        board = chess.Board(fen)
        assert legal_moves(board, fen) == list(board.generate_legal_moves())
        assert {"a1a2", "a1a3", "a8a7", "a8a6"} & {m.uci() for m in legal_moves(board, fen)}


pieces = hst.dictionaries(hst.sampled_from(chess.SQUARES),
                          hst.builds(chess.Piece, hst.sampled_from(chess.PIECE_TYPES), hst.booleans()), max_size=48)


@settings(max_examples=500, deadline=None)
@given(pieces, hst.booleans(), hst.integers(0, chess.BB_ALL), hst.none() | hst.sampled_from(chess.SQUARES))
def test_the_moves_of_random_boards_are_python_chess_s(placement: dict[int, chess.Piece], turn: bool, castling: int,
                                                      ep: int | None) -> None:
    board = chess.Board.empty()
    board.set_piece_map(placement)
    # Kings where python-chess and UnfairChess have them: one each (cards never remove one).
    for colour, square in ((chess.WHITE, 4), (chess.BLACK, 60)):
        if not board.kings & board.occupied_co[colour]:
            board.set_piece_at(square, chess.Piece(chess.KING, colour))
        while chess.popcount(board.kings & board.occupied_co[colour]) > 1:
            board.remove_piece_at(chess.msb(board.kings & board.occupied_co[colour]))
    board.turn = turn
    board.castling_rights = board.clean_castling_rights() & castling | castling & chess.BB_CORNERS & board.rooks
    board.castling_rights = board.clean_castling_rights()
    board.ep_square = ep
    same_moves(board)


def test_the_examples_in_the_docstrings_run() -> None:
    import doctest

    from donjon.games.unfairchess import chessmoves, state

    assert doctest.testmod(chessmoves).failed == 0
    assert doctest.testmod(state).failed == 0
