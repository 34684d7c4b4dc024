"""Group 6 — Métamorphoses (#44–#51): transformations and changes of side on the spot."""

from __future__ import annotations

import chess
import pytest

from donjon.games.unfairchess.state import State
from tests.unfairchess.util import card, illegal, make, move, piece, playable, statuses, targetings


def played(before: State, after: State, card_id: str) -> None:
    """A replace-move card was played: discarded, hand refilled, turn passed, nothing removed."""
    seat = before.seat
    assert after.discard[-1] == {"seat": seat, "card": card_id}
    assert len(after.hands[seat]) == len(before.hands[seat])
    assert len(after.decks[seat]) == len(before.decks[seat]) - 1
    assert after.board.turn != before.board.turn
    assert after.turn_no == before.turn_no + 1
    assert after.removed == before.removed  # a transformed or converted piece is not removed
    assert after.board.halfmove_clock == 0


def picks(st: State, card_id: str) -> set[str]:
    return {tg["squares"][0] for tg in targetings(st, card_id)}


# --------------------------------------------------------------------------- #44 Adoubement


def test_adoubement_pawn_becomes_knight_keeping_statuses() -> None:
    st = make("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", white=["adoubement"], statuses={"e4": ["poison", "sleep"]})
    after = card(st, "adoubement", "e4")
    played(st, after, "adoubement")
    assert piece(after, "e4") == "N"
    assert statuses(after) == {"e4": ["poison", "sleep"]}  # asleep pieces can be transformed


def test_adoubement_only_own_pawns() -> None:
    st = make("4k3/8/8/3p4/8/8/8/4K1N1 w - - 0 1", white=["adoubement"])
    illegal(st, "adoubement", "d5")
    illegal(st, "adoubement", "g1")
    illegal(st, "adoubement", "e1")
    assert not playable(st, "adoubement")


# --------------------------------------------------------------------------- #45 Couronnement


def test_couronnement_pawn_in_enemy_half_becomes_queen_and_may_check() -> None:
    st = make("4k3/8/8/4P3/3P4/8/8/4K3 w - - 0 1", white=["couronnement"], statuses={"e5": ["dynamite"]})
    assert picks(st, "couronnement") == {"e5"}
    after = card(st, "couronnement", "e5")
    played(st, after, "couronnement")
    assert piece(after, "e5") == "Q"
    assert statuses(after) == {"e5": ["dynamite"]}
    assert after.king_attacked(chess.BLACK)


def test_couronnement_greyed_in_own_half() -> None:
    st = make("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", white=["couronnement"])
    illegal(st, "couronnement", "d4")
    assert not playable(st, "couronnement")


def test_couronnement_black_uses_white_half() -> None:
    st = make("4k3/8/8/3p4/4p3/8/8/4K3 b - - 0 1", black=["couronnement"])
    assert picks(st, "couronnement") == {"e4"}
    illegal(st, "couronnement", "d5")
    after = card(st, "couronnement", "e4")
    assert piece(after, "e4") == "q"


# --------------------------------------------------------------------------- #46 Dégradation


def test_degradation_knight_becomes_pawn_that_may_double_step() -> None:
    st = make("4k3/3n4/8/8/8/8/8/4K3 w - - 0 1", white=["degradation"], statuses={"d7": ["dynamite"]})
    after = card(st, "degradation", "d7")
    played(st, after, "degradation")
    assert piece(after, "d7") == "p"
    assert statuses(after) == {"d7": ["dynamite"]}
    after = move(after, "d7d5")
    assert piece(after, "d5") == "p"


def test_degradation_by_black_white_bishop_on_second_rank() -> None:
    st = make("4k3/8/8/8/8/8/4B3/K7 b - - 0 1", black=["degradation"])
    after = card(st, "degradation", "e2")
    assert piece(after, "e2") == "P"
    after = move(after, "e2e4")
    assert piece(after, "e4") == "P"


def test_degradation_rook_off_the_back_rank() -> None:
    st = make("4k3/8/8/8/r7/8/8/4K3 w - - 0 1", white=["degradation"])
    after = card(st, "degradation", "a4")
    assert piece(after, "a4") == "p"


def test_degradation_never_on_rank_one_or_eight() -> None:
    # a rook still holding its castling right stands on its back rank, so it is out of reach
    st = make("4k2r/8/8/8/8/8/8/1n2K3 w k - 0 1", white=["degradation"])
    illegal(st, "degradation", "h8")
    illegal(st, "degradation", "b1")
    assert not playable(st, "degradation")
    assert st.board.has_kingside_castling_rights(chess.BLACK)


def test_degradation_illegal_targets() -> None:
    st = make("4k3/3q4/8/3p4/8/2N5/8/4K3 w - - 0 1", white=["degradation"])
    illegal(st, "degradation", "d7")  # a queen
    illegal(st, "degradation", "d5")  # already a pawn
    illegal(st, "degradation", "c3")  # own knight
    illegal(st, "degradation", "e8")  # the king
    assert not playable(st, "degradation")


def test_degradation_shielded_enemy_untargetable() -> None:
    st = make("4k3/3n4/8/8/8/8/8/4K3 w - - 0 1", white=["degradation"], statuses={"d7": ["shield"]})
    illegal(st, "degradation", "d7")
    assert not playable(st, "degradation")


# --------------------------------------------------------------------------- #47 Métamorphose


def test_metamorphose_knight_becomes_bishop_keeping_statuses() -> None:
    st = make("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", white=["metamorphose"], statuses={"b1": ["poison"]})
    after = card(st, "metamorphose", "b1")
    played(st, after, "metamorphose")
    assert piece(after, "b1") == "B"
    assert statuses(after) == {"b1": ["poison"]}


def test_metamorphose_bishop_becomes_knight() -> None:
    st = make("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", white=["metamorphose"])
    after = card(st, "metamorphose", "c1")
    assert piece(after, "c1") == "N"


def test_metamorphose_takes_no_choice_and_no_other_piece() -> None:
    st = make("4k3/8/8/8/8/8/P7/R2QK1N1 w - - 0 1", white=["metamorphose"])
    assert picks(st, "metamorphose") == {"g1"}
    illegal(st, "metamorphose", "g1", promotion="r")
    for sq in ("a1", "a2", "d1", "e1"):
        illegal(st, "metamorphose", sq)
    st = make("4k3/8/8/3n4/8/8/P7/R2QK3 w - - 0 1", white=["metamorphose"])
    illegal(st, "metamorphose", "d5")
    assert not playable(st, "metamorphose")


# --------------------------------------------------------------------------- #48 Forge


def test_forge_bishop_becomes_rook_keeping_statuses() -> None:
    st = make("4k3/8/8/8/8/2B5/8/4K3 w - - 0 1", white=["forge"], statuses={"c3": ["dynamite"]})
    after = card(st, "forge", "c3")
    played(st, after, "forge")
    assert piece(after, "c3") == "R"
    assert statuses(after) == {"c3": ["dynamite"]}


def test_forge_gains_no_castling_right() -> None:
    # python-chess keeps a stale h1 bit from the FEN's "K" although a knight stands there
    st = make("4k3/8/8/8/8/8/8/4K2N w K - 0 1", white=["forge"])
    assert st.board.castling_rights & chess.BB_H1
    after = card(st, "forge", "h1")
    assert piece(after, "h1") == "R"
    after = move(after, "e8d8")
    assert not after.board.has_kingside_castling_rights(chess.WHITE)
    illegal(after, {"type": "move", "uci": "e1g1"})


def test_forge_only_own_knights_and_bishops() -> None:
    st = make("4k3/8/2n5/8/8/8/P7/R2QK3 w - - 0 1", white=["forge"])
    for sq in ("c6", "a2", "a1", "d1", "e1"):
        illegal(st, "forge", sq)
    assert not playable(st, "forge")


# --------------------------------------------------------------------------- #49 Abdication


def test_abdication_enemy_queen_becomes_rook_keeping_statuses() -> None:
    st = make("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", white=["abdication"], statuses={"d8": ["poison"]})
    after = card(st, "abdication", "d8")
    played(st, after, "abdication")
    assert piece(after, "d8") == "r"
    assert statuses(after) == {"d8": ["poison"]}


def test_abdication_shielded_queen_and_own_queen() -> None:
    st = make("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", white=["abdication"], statuses={"d8": ["shield"]})
    illegal(st, "abdication", "d8")
    illegal(st, "abdication", "d1")
    assert not playable(st, "abdication")


def test_abdication_greyed_without_enemy_queen() -> None:
    st = make("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", white=["abdication"])
    illegal(st, "abdication", "d8")
    assert not playable(st, "abdication")


# --------------------------------------------------------------------------- #50 Désertion


def test_desertion_gives_a_ninth_pawn_without_statuses() -> None:
    st = make("4k3/8/5n2/8/4p3/8/PPPPPPPP/4K3 w - - 0 1", white=["desertion"],
              statuses={"e4": ["poison", "sleep", "dynamite"]})
    after = card(st, "desertion", "e4")
    played(st, after, "desertion")
    assert piece(after, "e4") == "P"
    assert len(after.board.pieces(chess.PAWN, chess.WHITE)) == 9
    assert statuses(after) == {}
    # the deserter moves White's way
    after = move(after, "e8d8")
    after = move(after, "e4e5")
    assert piece(after, "e5") == "P"


def test_desertion_converted_pawn_never_feeds_a_removed_pile() -> None:
    st = make("4k3/8/5n2/8/4p3/8/8/4K3 w - - 0 1", white=["desertion"])
    after = card(st, "desertion", "e4")
    after = move(after, "f6e4")  # Black takes its former pawn back
    assert piece(after, "e4") == "n"
    assert after.removed == [{}, {}]


def test_desertion_only_in_own_half_and_not_shielded() -> None:
    st = make("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1", white=["desertion"])
    illegal(st, "desertion", "e5")
    assert not playable(st, "desertion")
    st = make("4k3/8/8/8/4p3/8/8/4K3 w - - 0 1", white=["desertion"], statuses={"e4": ["shield"]})
    illegal(st, "desertion", "e4")
    assert not playable(st, "desertion")


def test_desertion_by_black_pawn_moves_down() -> None:
    st = make("4k3/8/8/3P4/8/8/8/4K3 b - - 0 1", black=["desertion"])
    after = card(st, "desertion", "d5")
    assert piece(after, "d5") == "p"
    after = move(after, "e1f1")
    after = move(after, "d5d4")
    assert piece(after, "d4") == "p"


# --------------------------------------------------------------------------- #51 Trahison


def test_trahison_knight_changes_sides_and_loses_statuses() -> None:
    st = make("4k3/8/8/8/3n4/8/8/4K3 w - - 0 1", white=["trahison"],
              statuses={"d4": ["poison", "sleep", "dynamite"]})
    after = card(st, "trahison", "d4")
    played(st, after, "trahison")
    assert piece(after, "d4") == "N"
    assert statuses(after) == {}


def test_trahison_rook_cures_check_and_gains_no_castling_right() -> None:
    # the black rook on h1 gives check; python-chess keeps a stale h1 bit from the FEN's "K"
    st = make("4k3/8/8/8/8/8/8/4K2r w K - 0 1", white=["trahison"])
    assert st.king_attacked(chess.WHITE) and st.board.castling_rights & chess.BB_H1
    after = card(st, "trahison", "h1")
    assert piece(after, "h1") == "R"
    after = move(after, "e8d8")
    illegal(after, {"type": "move", "uci": "e1g1"})


@pytest.mark.parametrize("fen,sq", [
    ("4k3/8/8/8/3q4/8/8/4K3 w - - 0 1", "d4"),  # a queen
    ("4k3/8/8/3n4/8/8/8/4K3 w - - 0 1", "d5"),  # in the enemy half
    ("4k3/8/8/8/3p4/8/8/4K3 w - - 0 1", "d4"),  # a pawn
    ("8/8/8/8/3k4/8/8/4K3 w - - 0 1", "d4"),  # the king
])
def test_trahison_illegal_targets(fen: str, sq: str) -> None:
    st = make(fen, white=["trahison"])
    illegal(st, "trahison", sq)
    assert not playable(st, "trahison")


def test_trahison_shielded_piece_untargetable() -> None:
    st = make("4k3/8/8/8/3b4/8/8/4K3 w - - 0 1", white=["trahison"], statuses={"d4": ["shield"]})
    illegal(st, "trahison", "d4")
    assert not playable(st, "trahison")
