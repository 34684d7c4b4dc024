"""Group 3 — Échanges & téléportations (#17–#25): relocations (swaps, teleports, pushes)."""

from __future__ import annotations

import chess
import pytest

from donjon.games.unfairchess.state import Restriction, State
from tests.unfairchess.util import card, illegal, make, move, piece, playable, statuses, targetings


def played(before: State, after: State, card_id: str) -> None:
    """A replace-move card was played: discarded, hand refilled, turn passed."""
    seat = before.seat
    assert after.discard[-1] == {"seat": seat, "card": card_id}
    assert len(after.hands[seat]) == len(before.hands[seat])
    assert len(after.decks[seat]) == len(before.decks[seat]) - 1
    assert after.board.turn != before.board.turn
    assert after.turn_no == before.turn_no + 1
    assert after.board.ep_square is None


def squares_of(st: State, card_id: str) -> set[tuple[str, ...]]:
    return {tuple(tg["squares"]) for tg in targetings(st, card_id)}


# --------------------------------------------------------------------------- #17 Permutation


def test_permutation_swaps_two_own_pieces_with_their_statuses() -> None:
    st = make("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", white=["permutation"],
              statuses={"b1": ["poison"], "c1": ["dynamite", "shield"]})
    after = card(st, "permutation", "b1", "c1")
    played(st, after, "permutation")
    assert piece(after, "b1") == "B" and piece(after, "c1") == "N"
    assert statuses(after) == {"b1": ["dynamite"], "c1": ["poison"]}  # the shield expired with the turn
    assert after.shield_until == {}


def test_permutation_symmetric_pick_both_orders() -> None:
    st = make("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", white=["permutation"])
    assert squares_of(st, "permutation") == {("b1", "c1"), ("c1", "b1")}


def test_permutation_pawn_never_swapped_onto_first_rank() -> None:
    st = make("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1", white=["permutation"])
    illegal(st, "permutation", "e2", "g1")
    illegal(st, "permutation", "g1", "e2")
    assert not playable(st, "permutation")


def test_permutation_pawn_never_swapped_onto_last_rank() -> None:
    st = make("1N2k3/4P3/8/8/8/8/8/4K3 w - - 0 1", white=["permutation"])
    illegal(st, "permutation", "e7", "b8")
    assert not playable(st, "permutation")


def test_permutation_pawn_may_swap_off_the_back_ranks_and_double_step() -> None:
    st = make("4k3/8/8/8/8/4P3/5N2/4K3 w - - 0 1", white=["permutation"])
    after = card(st, "permutation", "e3", "f2")
    assert piece(after, "f2") == "P" and piece(after, "e3") == "N"
    after = move(after, "e8d8")
    after = move(after, "f2f4")  # back on its second rank: the double step again
    assert piece(after, "f4") == "P"


def test_permutation_sleeping_piece_never_relocated() -> None:
    st = make("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", white=["permutation"], statuses={"b1": ["sleep"]})
    illegal(st, "permutation", "b1", "c1")
    illegal(st, "permutation", "c1", "b1")
    assert not playable(st, "permutation")


def test_permutation_king_excluded_and_one_piece_is_not_enough() -> None:
    st = make("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", white=["permutation"])
    illegal(st, "permutation", "e1", "b1")
    illegal(st, "permutation", "b1", "b1")
    assert not playable(st, "permutation")


def test_permutation_rook_swapped_and_back_never_castles_again() -> None:
    st = make("4k3/8/8/8/8/N7/8/4K2R w K - 0 1", white=["permutation", "permutation"])
    st = card(st, "permutation", "h1", "a3")
    assert not st.board.castling_rights & chess.BB_H1
    st = move(st, "e8d8")
    st = card(st, "permutation", "a3", "h1")
    assert piece(st, "h1") == "R"
    st = move(st, "d8e8")
    assert not st.board.has_kingside_castling_rights(chess.WHITE)
    illegal(st, {"type": "move", "uci": "e1g1"})


# --------------------------------------------------------------------------- #18 Doublure


def test_doublure_escapes_check_and_loses_all_castling_rights() -> None:
    # a black rook gives check on the e-file
    st = make("4k3/8/8/8/4r3/2N5/8/R3K2R w KQ - 0 1", white=["doublure"])
    assert st.king_attacked(chess.WHITE)
    assert playable(st, "doublure")
    after = card(st, "doublure", "e1", "c3")
    played(st, after, "doublure")
    assert piece(after, "c3") == "K" and piece(after, "e1") == "N"
    assert not after.board.castling_rights & chess.BB_RANK_1
    assert not after.king_attacked(chess.WHITE)


def test_doublure_keeps_the_opponents_castling_rights() -> None:
    st = make("r3k2r/8/8/8/8/2N5/8/R3K2R w KQkq - 0 1", white=["doublure"])
    after = card(st, "doublure", "c3", "e1")
    assert piece(after, "c3") == "K"
    assert after.board.castling_rights & chess.BB_RANK_1 == 0
    assert after.board.has_kingside_castling_rights(chess.BLACK)
    assert after.board.has_queenside_castling_rights(chess.BLACK)


def test_doublure_king_new_square_attacked_is_illegal() -> None:
    st = make("3rk3/8/8/8/8/8/8/3NK3 w - - 0 1", white=["doublure"])
    reason = illegal(st, "doublure", "e1", "d1")
    assert "king" in reason
    assert not playable(st, "doublure")


def test_doublure_needs_a_knight_bishop_rook_or_queen() -> None:
    st = make("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", white=["doublure"])
    illegal(st, "doublure", "e1", "d2")
    assert not playable(st, "doublure")


def test_doublure_forbidden_under_curfew_and_for_sleeping_pieces() -> None:
    st = make("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", white=["doublure"])
    assert playable(st, "doublure")
    st.restrictions = (Restriction("curfew", st.turn_no, chess.WHITE),)
    illegal(st, "doublure", "e1", "d1")
    st = make("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", white=["doublure"], statuses={"d1": ["sleep"]})
    illegal(st, "doublure", "e1", "d1")
    assert not playable(st, "doublure")


# --------------------------------------------------------------------------- #19 Téléportation


def test_teleportation_to_any_empty_square_in_own_half_may_give_check() -> None:
    st = make("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", white=["teleportation"], statuses={"a1": ["poison"]})
    after = card(st, "teleportation", "a1", "e4")
    played(st, after, "teleportation")
    assert piece(after, "e4") == "R" and piece(after, "a1") is None
    assert statuses(after) == {"e4": ["poison"]}
    assert after.king_attacked(chess.BLACK)
    assert not after.board.castling_rights & chess.BB_A1


def test_teleportation_destinations_are_exactly_the_empty_own_half() -> None:
    st = make("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", white=["teleportation"], traps={"c3": 0})
    dests = {tg[1] for tg in squares_of(st, "teleportation")}
    expected = {chess.square_name(s) for s in range(32)} - {"a1", "e1", "c3"}
    assert dests == expected


def test_teleportation_illegal_targets() -> None:
    st = make("4k3/8/8/8/8/8/3P4/N3K3 w - - 0 1", white=["teleportation"], traps={"c3": 1})
    illegal(st, "teleportation", "a1", "e5")  # enemy half
    illegal(st, "teleportation", "a1", "d2")  # occupied
    illegal(st, "teleportation", "a1", "c3")  # a trap
    illegal(st, "teleportation", "d2", "d3")  # a pawn
    illegal(st, "teleportation", "e1", "e2")  # the king


def test_teleportation_sleeping_piece_greyed() -> None:
    st = make("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", white=["teleportation"], statuses={"a1": ["sleep"]})
    illegal(st, "teleportation", "a1", "b3")
    assert not playable(st, "teleportation")


# --------------------------------------------------------------------------- #20 Chassé-croisé


def test_chasse_croise_swaps_with_adjacent_enemy_statuses_travel() -> None:
    st = make("4k3/8/8/4b3/3N4/8/8/4K3 w - - 0 1", white=["chasse_croise"],
              statuses={"d4": ["poison"], "e5": ["dynamite"]})
    after = card(st, "chasse_croise", "d4", "e5")
    played(st, after, "chasse_croise")
    assert piece(after, "d4") == "b" and piece(after, "e5") == "N"
    assert statuses(after) == {"d4": ["dynamite"], "e5": ["poison"]}


def test_chasse_croise_not_adjacent_shielded_asleep_or_king() -> None:
    st = make("8/8/8/2k1b3/3N2n1/8/8/4K3 w - - 0 1", white=["chasse_croise"])
    illegal(st, "chasse_croise", "d4", "g4")  # not adjacent
    illegal(st, "chasse_croise", "d4", "c5")  # enemy king
    st = make("4k3/8/8/4b3/3N4/8/8/4K3 w - - 0 1", white=["chasse_croise"], statuses={"e5": ["shield"]})
    illegal(st, "chasse_croise", "d4", "e5")
    assert not playable(st, "chasse_croise")
    st = make("4k3/8/8/4b3/3N4/8/8/4K3 w - - 0 1", white=["chasse_croise"], statuses={"e5": ["sleep"]})
    illegal(st, "chasse_croise", "d4", "e5")
    assert not playable(st, "chasse_croise")
    st = make("4k3/8/8/4b3/3N4/8/8/4K3 w - - 0 1", white=["chasse_croise"], statuses={"d4": ["sleep"]})
    illegal(st, "chasse_croise", "d4", "e5")


def test_chasse_croise_pawn_rank_ban_applies_to_both_pieces() -> None:
    # the white pawn would land on a8
    st = make("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", white=["chasse_croise"])
    illegal(st, "chasse_croise", "b7", "a8")
    assert not playable(st, "chasse_croise")
    # the black pawn would land on h1
    st = make("4k3/8/8/8/8/8/6p1/4K2N w - - 0 1", white=["chasse_croise"])
    illegal(st, "chasse_croise", "h1", "g2")
    assert not playable(st, "chasse_croise")


def test_chasse_croise_loses_the_rooks_castling_right() -> None:
    st = make("4k3/8/8/8/8/8/7n/4K2R w K - 0 1", white=["chasse_croise"])
    after = card(st, "chasse_croise", "h1", "h2")
    assert piece(after, "h2") == "R" and piece(after, "h1") == "n"
    assert not after.board.castling_rights & chess.BB_H1


# --------------------------------------------------------------------------- #21 Jeu de miroirs


def test_jeu_de_miroirs_swaps_rooks_both_lose_castling_rights() -> None:
    st = make("rn2k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", white=["jeu_de_miroirs"])
    after = card(st, "jeu_de_miroirs", "a1", "h8")
    played(st, after, "jeu_de_miroirs")
    assert piece(after, "a1") == "r" and piece(after, "h8") == "R"
    b = after.board
    assert not b.castling_rights & (chess.BB_A1 | chess.BB_H8)
    assert b.has_kingside_castling_rights(chess.WHITE) and b.has_queenside_castling_rights(chess.BLACK)
    assert not b.has_queenside_castling_rights(chess.WHITE) and not b.has_kingside_castling_rights(chess.BLACK)


def test_jeu_de_miroirs_knights_with_statuses() -> None:
    st = make("4k3/8/2n5/8/8/8/8/1N2K3 w - - 0 1", white=["jeu_de_miroirs"],
              statuses={"c6": ["poison"]})
    after = card(st, "jeu_de_miroirs", "b1", "c6")
    assert piece(after, "b1") == "n" and piece(after, "c6") == "N"
    assert statuses(after) == {"b1": ["poison"]}


def test_jeu_de_miroirs_needs_the_same_type_and_no_queen() -> None:
    st = make("3qk3/8/2n5/8/8/8/8/1B1QK3 w - - 0 1", white=["jeu_de_miroirs"])
    illegal(st, "jeu_de_miroirs", "b1", "c6")
    illegal(st, "jeu_de_miroirs", "d1", "d8")
    assert not playable(st, "jeu_de_miroirs")


def test_jeu_de_miroirs_shielded_or_sleeping_enemy_untargetable() -> None:
    for status in ("shield", "sleep"):
        st = make("4k3/8/2n5/8/8/8/8/1N2K3 w - - 0 1", white=["jeu_de_miroirs"], statuses={"c6": [status]})
        illegal(st, "jeu_de_miroirs", "b1", "c6")
        assert not playable(st, "jeu_de_miroirs")


# --------------------------------------------------------------------------- #22 Rappel


def test_rappel_knight_home_to_an_empty_starting_square() -> None:
    st = make("4k3/8/8/4N3/8/8/8/1N2K3 w - - 0 1", white=["rappel"], statuses={"e5": ["dynamite"]})
    assert squares_of(st, "rappel") == {("e5", "g1"), ("b1", "g1")}
    after = card(st, "rappel", "e5", "g1")
    played(st, after, "rappel")
    assert piece(after, "g1") == "N" and piece(after, "e5") is None
    assert statuses(after) == {"g1": ["dynamite"]}
    illegal(st, "rappel", "e5", "b1")  # occupied


def test_rappel_bishop_may_change_square_colour_queen_only_d1() -> None:
    st = make("4k3/8/8/8/8/4B3/8/Q3K3 w - - 0 1", white=["rappel"])
    assert squares_of(st, "rappel") == {("e3", "c1"), ("e3", "f1"), ("a1", "d1")}
    after = card(st, "rappel", "e3", "f1")  # dark-squared bishop onto light f1
    assert piece(after, "f1") == "B"
    illegal(st, "rappel", "a1", "e1")


def test_rappel_black_uses_rank_eight() -> None:
    st = make("4k3/8/8/3r4/8/8/8/4K3 b - - 0 1", black=["rappel"])
    assert squares_of(st, "rappel") == {("d5", "a8"), ("d5", "h8")}
    illegal(st, "rappel", "d5", "a1")


def test_rappel_castling_rights_not_restored() -> None:
    st = make("4k3/8/8/8/8/8/8/4K2R w K - 0 1", white=["rappel"])
    st = move(st, "h1h4")
    st = move(st, "e8d8")
    st = card(st, "rappel", "h4", "h1")
    st = move(st, "d8e8")
    assert piece(st, "h1") == "R"
    illegal(st, {"type": "move", "uci": "e1g1"})


def test_rappel_rook_onto_corner_never_gains_a_stale_right() -> None:
    # python-chess keeps the h1 bit from the FEN although no rook stands there
    st = make("4k3/8/8/8/R7/8/8/4K3 w K - 0 1", white=["rappel"])
    assert st.board.castling_rights & chess.BB_H1
    st = card(st, "rappel", "a4", "h1")
    st = move(st, "e8d8")
    assert not st.board.has_kingside_castling_rights(chess.WHITE)
    illegal(st, {"type": "move", "uci": "e1g1"})


def test_rappel_greyed_when_every_starting_square_is_taken() -> None:
    st = make(chess.STARTING_FEN, white=["rappel"])
    assert not playable(st, "rappel")
    illegal(st, "rappel", "b1", "g1")


# --------------------------------------------------------------------------- #23 Exil


def test_exil_banishes_to_a_corner_and_locks_the_piece() -> None:
    st = make("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1", white=["exil"], statuses={"e5": ["poison"]})
    after = card(st, "exil", "e5", "h1")
    played(st, after, "exil")
    assert piece(after, "h1") == "n" and piece(after, "e5") is None
    assert statuses(after) == {"h1": ["poison"]}
    assert Restriction("lock", after.turn_no, chess.BLACK, frozenset({chess.H1})) in after.restrictions
    assert not after.suspended
    assert all(m.from_square != chess.H1 for m in after.moves or [])
    illegal(after, {"type": "move", "uci": "h1g3"})
    after = move(after, "e8d8")
    after = move(after, "e1d1")
    after = move(after, "h1g3")  # the lock lasted one turn
    assert piece(after, "g3") == "n"


def test_exil_lock_also_stops_card_relocations() -> None:
    st = make("4k3/8/8/8/3N4/8/8/4K3 b - - 0 1", black=["exil"], white=["teleportation", "rappel"])
    st = card(st, "exil", "d4", "a8")
    assert not playable(st, "teleportation")
    assert not playable(st, "rappel")
    illegal(st, "teleportation", "a8", "d4")


def test_exil_lock_lifted_by_the_no_legal_move_exception() -> None:
    # black: king a8 stalemated by Qb6; only the knight can move
    st = make("k7/8/1Q6/4n3/8/8/8/4K3 w - - 0 1", white=["exil"])
    after = card(st, "exil", "e5", "h8")
    assert after.suspended
    after = move(after, "h8g6")
    assert piece(after, "g6") == "n"


def test_exil_illegal_targets() -> None:
    st = make("4k3/8/8/3pn3/8/8/8/R3K3 w - - 0 1", white=["exil"])
    illegal(st, "exil", "d5", "h8")  # a pawn
    illegal(st, "exil", "e8", "h8")  # the king
    illegal(st, "exil", "e5", "a1")  # occupied corner
    illegal(st, "exil", "e5", "d1")  # not a corner
    illegal(st, "exil", "a1", "h8")  # own piece
    for status in ("shield", "sleep"):
        st = make("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1", white=["exil"], statuses={"e5": [status]})
        illegal(st, "exil", "e5", "h1")
        assert not playable(st, "exil")


def test_exil_rook_into_corner_no_castling() -> None:
    # python-chess keeps a stale h8 bit from the FEN's "k" although no rook stands there
    st = make("r3k3/8/8/8/8/8/8/4K3 w kq - 0 1", white=["exil"])
    assert st.board.castling_rights & chess.BB_H8
    after = card(st, "exil", "a8", "h8")
    assert not after.board.castling_rights & chess.BB_RANK_8
    illegal(after, {"type": "move", "uci": "e8g8"})


# --------------------------------------------------------------------------- #24 Bourrasque


def test_bourrasque_pushes_every_adjacent_enemy_together() -> None:
    st = make("4k3/8/8/2b1p3/3N4/3r4/8/4K3 w - - 0 1", white=["bourrasque"],
              statuses={"c5": ["poison"]})
    after = card(st, "bourrasque", "d4")
    played(st, after, "bourrasque")
    assert piece(after, "b6") == "b" and piece(after, "f6") == "p" and piece(after, "d2") == "r"
    assert piece(after, "c5") is None and piece(after, "e5") is None and piece(after, "d3") is None
    assert piece(after, "d4") == "N"
    assert statuses(after) == {"b6": ["poison"]}


def test_bourrasque_blocked_shielded_sleeping_and_king_stay() -> None:
    st = make("8/8/1P6/2b1p3/3Nk3/3r4/3P4/4K3 w - - 0 1", white=["bourrasque"],
              statuses={"e5": ["shield"], "d3": ["sleep"]})
    # c5 blocked by b6 is the only candidate... so nothing moves: greyed
    assert not playable(st, "bourrasque")
    st = make("8/8/1P6/2b1p3/3Nk3/3r4/8/4K3 w - - 0 1", white=["bourrasque"],
              statuses={"e5": ["shield"]})
    after = card(st, "bourrasque", "d4")
    assert piece(after, "c5") == "b"  # blocked by the b6 pawn
    assert piece(after, "e5") == "p"  # shielded
    assert piece(after, "e4") == "k"  # kings are never pushed
    assert piece(after, "d2") == "r"


def test_bourrasque_computed_on_the_starting_position() -> None:
    # every push is judged on the start position: the rook on e4 stays (f4 is taken)
    st = make("4k3/8/8/3n4/2pNrP2/8/8/7K w - - 0 1", white=["bourrasque"])
    after = card(st, "bourrasque", "d4")
    assert piece(after, "b4") == "p" and piece(after, "d6") == "n"
    assert piece(after, "e4") == "r" and piece(after, "f4") == "P"


def test_bourrasque_pawn_never_pushed_onto_rank_one_or_eight() -> None:
    st = make("4k3/8/8/8/8/3N4/3p4/7K w - - 0 1", white=["bourrasque"])
    assert not playable(st, "bourrasque")
    illegal(st, "bourrasque", "d3")


def test_bourrasque_pushed_piece_springs_a_trap() -> None:
    st = make("4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1", white=["bourrasque"], traps={"f6": 0})
    after = card(st, "bourrasque", "d4")
    assert piece(after, "f6") is None and piece(after, "e5") is None
    assert chess.F6 not in after.traps
    assert after.removed[1] == {"p": 1}


def test_bourrasque_wall_blocks_and_king_may_be_the_centre() -> None:
    st = make("8/8/8/8/3n4/4K3/8/k7 w - - 0 1", white=["bourrasque"])
    st.walls = {chess.C5: st.turn_no}
    assert not playable(st, "bourrasque")
    st.walls = {}
    after = card(st, "bourrasque", "e3")
    assert piece(after, "c5") == "n"


def test_bourrasque_rook_pushed_into_a_corner_gains_no_castling() -> None:
    # stale h8 bit from the FEN's "k"; the rook on g7 is pushed to h8
    st = make("4k3/6r1/5P2/8/8/8/8/4K3 w k - 0 1", white=["bourrasque"])
    assert st.board.castling_rights & chess.BB_H8
    after = card(st, "bourrasque", "f6")
    assert piece(after, "h8") == "r"
    assert not after.board.castling_rights & chess.BB_H8
    illegal(after, {"type": "move", "uci": "e8g8"})


def test_bourrasque_corner_piece_cannot_be_pushed_off_the_board() -> None:
    st = make("r3k3/1N6/8/8/8/8/8/4K3 w q - 0 1", white=["bourrasque"])
    assert not playable(st, "bourrasque")
    illegal(st, "bourrasque", "b7")


# --------------------------------------------------------------------------- #25 Recul forcé


def test_recul_force_two_squares_back_regains_double_step() -> None:
    st = make("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1", white=["recul_force"], statuses={"e5": ["poison"]})
    assert squares_of(st, "recul_force") == {("e5", "e6"), ("e5", "e7")}
    after = card(st, "recul_force", "e5", "e7")
    played(st, after, "recul_force")
    assert piece(after, "e7") == "p" and statuses(after) == {"e7": ["poison"]}
    after = move(after, "e7e5")
    assert piece(after, "e5") == "p"


def test_recul_force_black_pushes_white_pawn_down() -> None:
    st = make("4k3/8/8/8/8/3P4/8/4K3 b - - 0 1", black=["recul_force"])
    assert squares_of(st, "recul_force") == {("d3", "d2")}
    illegal(st, "recul_force", "d3", "d1")  # owner's first rank
    after = card(st, "recul_force", "d3", "d2")
    assert piece(after, "d2") == "P"


def test_recul_force_path_must_be_empty() -> None:
    st = make("4k3/8/4n3/4p3/8/8/8/4K3 w - - 0 1", white=["recul_force"])
    illegal(st, "recul_force", "e5", "e6")
    illegal(st, "recul_force", "e5", "e7")
    assert not playable(st, "recul_force")
    st = make("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1", white=["recul_force"], traps={"e6": 0})
    illegal(st, "recul_force", "e5", "e7")
    assert not playable(st, "recul_force")


def test_recul_force_never_onto_first_rank_nor_three_squares() -> None:
    st = make("4k3/3p4/8/8/8/8/8/4K3 w - - 0 1", white=["recul_force"])
    illegal(st, "recul_force", "d7", "d8")
    assert not playable(st, "recul_force")
    st = make("4k3/8/8/8/3p4/8/8/4K3 w - - 0 1", white=["recul_force"])
    illegal(st, "recul_force", "d4", "d7")
    illegal(st, "recul_force", "d4", "d3")  # forward, not back


@pytest.mark.parametrize("status", ["shield", "sleep"])
def test_recul_force_shielded_or_sleeping_pawn_untargetable(status: str) -> None:
    st = make("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1", white=["recul_force"], statuses={"e5": [status]})
    illegal(st, "recul_force", "e5", "e6")
    assert not playable(st, "recul_force")
