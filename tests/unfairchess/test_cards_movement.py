"""Group 2 — Mouvements (#5–#16): the twelve card-moves, each replacing the move."""

from __future__ import annotations

import chess

from donjon.games.unfairchess import rules
from donjon.games.unfairchess.state import Restriction, State
from tests.unfairchess.util import card, illegal, make, move, piece, playable, statuses, targetings

FILLER = ["bouclier", "poison", "bouclier"]


def hand(card_id: str) -> list[str]:
    """A full hand of four: the card under test first."""
    return [card_id, *FILLER]


def with_walls(st: State, *names: str) -> State:
    """Put walls (standing through the opponent's next turn) on ``names``."""
    for n in names:
        st.walls[chess.parse_square(n)] = st.turn_no + 1
    rules.begin_turn(st)
    return st


def restricted(st: State, kind: str, *names: str) -> State:
    """Bind the side to act with a timed restriction this turn (as if the opponent played it)."""
    sqs = frozenset(chess.parse_square(n) for n in names)
    st.restrictions = st.restrictions + (Restriction(kind, st.turn_no, st.us, sqs),)
    rules.begin_turn(st)
    return st


def assert_replaced(before: State, after: State, card_id: str) -> None:
    """The card went to the discard, a replacement was drawn and the turn passed."""
    seat = before.seat
    rest = list(before.hands[seat])
    rest.remove(card_id)
    assert after.hands[seat] == rest + before.decks[seat][:1]
    assert after.discard[-1] == {"seat": seat, "card": card_id}
    assert after.seat == 1 - seat
    assert after.turn_no == before.turn_no + 1
    assert not after.must_move


def dests(st: State, card_id: str, frm: str) -> set[str]:
    """Legal destinations (last square) of the card's targetings starting from ``frm``."""
    return {tg["squares"][-1] for tg in targetings(st, card_id) if tg["squares"][0] == frm}


# --------------------------------------------------------------------- #5 cavalcade


def test_cavalcade_captures_with_a_knight_jump() -> None:
    st = make("4k3/8/8/8/8/1n6/8/2B1K3 w - - 0 1", white=hand("cavalcade"))
    after = card(st, "cavalcade", "c1", "b3")
    assert piece(after, "b3") == "B" and piece(after, "c1") is None
    assert after.removed[1] == {"n": 1}
    assert_replaced(st, after, "cavalcade")
    assert after.board.ep_square is None


def test_cavalcade_jumps_over_pieces_and_a_moved_rook_loses_castling() -> None:
    st = make(chess.STARTING_FEN, white=hand("cavalcade"))
    after = card(st, "cavalcade", "a1", "b3")
    assert piece(after, "b3") == "R" and piece(after, "a1") is None
    assert not after.board.has_queenside_castling_rights(chess.WHITE)
    assert after.board.has_kingside_castling_rights(chess.WHITE)


def test_cavalcade_jump_ignores_walls_between_but_not_on_landing() -> None:
    st = with_walls(make("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", white=hand("cavalcade")), "a2", "b2", "a3", "c2")
    assert dests(st, "cavalcade", "a1") == {"b3"}
    after = card(st, "cavalcade", "a1", "b3")
    assert piece(after, "b3") == "R"
    illegal(st, "cavalcade", "a1", "c2")


def test_cavalcade_illegal_targets() -> None:
    st = make("8/8/8/8/8/1P1k4/n7/2B1K2N w - - 0 1", white=hand("cavalcade"), statuses={"a2": ["shield"]})
    assert dests(st, "cavalcade", "c1") == {"e2"}
    illegal(st, "cavalcade", "c1", "b3")  # own piece
    illegal(st, "cavalcade", "c1", "d3")  # the enemy king
    illegal(st, "cavalcade", "c1", "a2")  # shielded enemy
    illegal(st, "cavalcade", "h1", "g3")  # a knight is not a bishop, rook or queen
    illegal(st, "cavalcade", "c1", "d2")  # not a knight jump


def test_cavalcade_greyed_without_a_bishop_rook_or_queen() -> None:
    st = make("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", white=hand("cavalcade"))
    assert not playable(st, "cavalcade")


def test_cavalcade_sleeping_rook_cannot_jump() -> None:
    st = make("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", white=hand("cavalcade"), statuses={"a1": ["sleep"]})
    assert not playable(st, "cavalcade")
    illegal(st, "cavalcade", "a1", "b3")


def test_cavalcade_truce_forbids_the_capture_only() -> None:
    st = restricted(make("4k3/8/8/8/8/1n6/8/2B1K3 w - - 0 1", white=hand("cavalcade")), "truce")
    illegal(st, "cavalcade", "c1", "b3")
    assert piece(card(st, "cavalcade", "c1", "d3"), "d3") == "B"


def test_cavalcade_allowed_under_quicksand() -> None:
    # A knight jump is 2 squares away (king distance): Quicksand allows it.
    st = restricted(make("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", white=hand("cavalcade")), "quicksand")
    assert piece(card(st, "cavalcade", "c1", "b3"), "b3") == "B"


# ------------------------------------------------------------------ #6 pas_de_geant


def test_pas_de_geant_three_squares_and_no_en_passant() -> None:
    st = make("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", white=hand("pas_de_geant"))
    assert dests(st, "pas_de_geant", "e2") == {"e5"}
    after = card(st, "pas_de_geant", "e2", "e5")
    assert piece(after, "e5") == "P" and piece(after, "e2") is None
    assert_replaced(st, after, "pas_de_geant")
    assert after.board.ep_square is None
    assert after.board.halfmove_clock == 0
    illegal(after, {"type": "move", "uci": "d4e3"})  # no en passant after a card-move
    assert piece(move(after, "d4d3"), "d3") == "p"


def test_pas_de_geant_promotes_on_the_last_rank() -> None:
    st = make("k7/8/8/4P3/8/8/8/4K3 w - - 0 1", white=hand("pas_de_geant"))
    illegal(st, "pas_de_geant", "e5", "e8")  # the promotion letter is required
    illegal(st, "pas_de_geant", "e5", "e8", promotion="k")
    after = card(st, "pas_de_geant", "e5", "e8", promotion="n")
    assert piece(after, "e8") == "N" and piece(after, "e5") is None


def test_pas_de_geant_blocked_by_a_piece_or_a_wall() -> None:
    st = make("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", white=hand("pas_de_geant"))
    assert not playable(st, "pas_de_geant")
    illegal(st, "pas_de_geant", "e2", "e5")
    st = with_walls(make("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", white=hand("pas_de_geant")), "e3")
    assert not playable(st, "pas_de_geant")
    st = make("4k3/8/8/4n3/8/8/4P3/4K3 w - - 0 1", white=hand("pas_de_geant"))
    illegal(st, "pas_de_geant", "e2", "e5")  # no capture


def test_pas_de_geant_not_from_the_sixth_rank_and_not_asleep() -> None:
    st = make("k7/8/4P3/8/8/8/8/4K3 w - - 0 1", white=hand("pas_de_geant"))
    assert not playable(st, "pas_de_geant")
    st = make("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", white=hand("pas_de_geant"), statuses={"e2": ["sleep"]})
    assert not playable(st, "pas_de_geant")
    illegal(st, "pas_de_geant", "e2", "e5")


def test_pas_de_geant_may_end_on_a_trap_which_springs() -> None:
    st = make("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", white=hand("pas_de_geant"), traps={"e5": 1})
    after = card(st, "pas_de_geant", "e2", "e5")
    assert piece(after, "e5") is None and piece(after, "e2") is None
    assert after.removed[0] == {"p": 1}
    assert not after.traps


# ------------------------------------------------------------------------- #7 repli


def test_repli_one_square_back() -> None:
    st = make("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", white=hand("repli"))
    after = card(st, "repli", "e4", "e3")
    assert piece(after, "e3") == "P" and piece(after, "e4") is None
    assert_replaced(st, after, "repli")


def test_repli_back_on_the_second_rank_may_double_step_again() -> None:
    st = make("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", white=hand("repli"))
    after = card(st, "repli", "e3", "e2")
    after = move(after, "e8d8")
    after = move(after, "e2e4")
    assert piece(after, "e4") == "P"


def test_repli_black_pawn_goes_up_the_board() -> None:
    st = make("4k3/8/4p3/8/8/8/8/4K3 b - - 0 1", black=hand("repli"))
    after = card(st, "repli", "e6", "e7")
    assert piece(after, "e7") == "p"
    st = make("k7/4p3/8/8/8/8/8/4K3 b - - 0 1", black=hand("repli"))
    assert not playable(st, "repli")  # e8 is Black's first rank


def test_repli_never_to_the_first_rank_or_an_occupied_square() -> None:
    st = make("4k3/8/8/8/8/8/4P3/3K4 w - - 0 1", white=hand("repli"))
    assert not playable(st, "repli")
    illegal(st, "repli", "e2", "e1")
    st = make("4k3/8/8/8/4P3/4N3/8/4K3 w - - 0 1", white=hand("repli"))
    illegal(st, "repli", "e4", "e3")
    st = with_walls(make("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", white=hand("repli")), "e3")
    assert not playable(st, "repli")


# -------------------------------------------------------------------- #8 pas_chasse


def test_pas_chasse_sideways_and_diagonally_forward() -> None:
    st = make("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", white=hand("pas_chasse"))
    assert dests(st, "pas_chasse", "e4") == {"d4", "f4", "d5", "f5"}
    after = card(st, "pas_chasse", "e4", "d4")
    assert piece(after, "d4") == "P" and piece(after, "e4") is None
    assert_replaced(st, after, "pas_chasse")
    assert piece(card(st, "pas_chasse", "e4", "f5"), "f5") == "P"


def test_pas_chasse_no_capture_no_backward_no_wall() -> None:
    st = with_walls(make("4k3/8/8/5p2/4P3/8/8/4K3 w - - 0 1", white=hand("pas_chasse")), "d4")
    assert dests(st, "pas_chasse", "e4") == {"d5", "f4"}
    illegal(st, "pas_chasse", "e4", "f5")  # enemy pawn: no capture
    illegal(st, "pas_chasse", "e4", "d4")  # wall
    illegal(st, "pas_chasse", "e4", "d3")  # backward
    illegal(st, "pas_chasse", "e4", "e5")  # straight forward


def test_pas_chasse_promotes_on_the_last_rank() -> None:
    st = make("k7/6P1/8/8/8/8/8/4K3 w - - 0 1", white=hand("pas_chasse"))
    illegal(st, "pas_chasse", "g7", "h8")
    after = card(st, "pas_chasse", "g7", "h8", promotion="r")
    assert piece(after, "h8") == "R"
    illegal(st, "pas_chasse", "g7", "f7", promotion="q")  # no promotion on the 7th rank
    assert piece(card(st, "pas_chasse", "g7", "f7"), "f7") == "P"


def test_pas_chasse_sleeping_pawn() -> None:
    st = make("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", white=hand("pas_chasse"), statuses={"e4": ["sleep"]})
    assert not playable(st, "pas_chasse")


# --------------------------------------------------------------------- #9 catapulte


def test_catapulte_over_one_hurdle_and_capture() -> None:
    st = make("4k3/n7/8/8/8/8/P7/R3K3 w - - 0 1", white=hand("catapulte"))
    assert dests(st, "catapulte", "a1") == {"a3", "a4", "a5", "a6", "a7", "f1", "g1", "h1"}
    after = card(st, "catapulte", "a1", "a7")
    assert piece(after, "a7") == "R" and piece(after, "a2") == "P" and piece(after, "a1") is None
    assert after.removed[1] == {"n": 1}
    assert_replaced(st, after, "catapulte")


def test_catapulte_illegal_paths() -> None:
    st = make("k7/8/8/8/8/8/P7/R3K1Nn w - - 0 1", white=hand("catapulte"))
    assert dests(st, "catapulte", "a1") == {"a3", "a4", "a5", "a6", "a7", "f1"}
    illegal(st, "catapulte", "a1", "a2")  # the hurdle's own square
    illegal(st, "catapulte", "a1", "b1")  # no hurdle
    illegal(st, "catapulte", "a1", "a8")  # the enemy king
    illegal(st, "catapulte", "a1", "h1")  # behind two hurdles (king e1, knight g1)


def test_catapulte_two_hurdles_are_too_many() -> None:
    st = make("4k3/8/8/8/8/P7/P7/R3K3 w - - 0 1", white=hand("catapulte"))
    assert {"a4", "a5"} & dests(st, "catapulte", "a1") == set()
    illegal(st, "catapulte", "a1", "a4")


def test_catapulte_wall_as_hurdle_and_shielded_target() -> None:
    st = with_walls(make("4k3/8/8/n7/8/8/8/R3K3 w - - 0 1", white=hand("catapulte"),
                         statuses={"a5": ["shield"]}), "a3")
    assert dests(st, "catapulte", "a1") & {"a2", "a3", "a4", "a5"} == {"a4"}
    illegal(st, "catapulte", "a1", "a5")
    assert piece(card(st, "catapulte", "a1", "a4"), "a4") == "R"


def test_catapulte_bishop_on_diagonal() -> None:
    st = make("4k3/8/8/8/8/8/3P4/2B1K3 w - - 0 1", white=hand("catapulte"))
    assert dests(st, "catapulte", "c1") == {"e3", "f4", "g5", "h6"}


def test_catapulte_quicksand_limits_the_flight() -> None:
    st = restricted(make("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", white=hand("catapulte")), "quicksand")
    assert dests(st, "catapulte", "a1") == {"a3"}
    illegal(st, "catapulte", "a1", "a4")


# ------------------------------------------------------------------- #10 benediction


def test_benediction_knight_moves_like_a_bishop() -> None:
    st = make("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", white=hand("benediction"))
    assert dests(st, "benediction", "b1") == {"a2", "c2", "d3", "e4", "f5", "g6", "h7"}
    after = card(st, "benediction", "b1", "f5")
    assert piece(after, "f5") == "N" and piece(after, "b1") is None
    assert_replaced(st, after, "benediction")


def test_benediction_rook_loses_castling_right() -> None:
    st = make("4k3/8/8/8/8/8/8/4K2R w K - 0 1", white=hand("benediction"))
    after = card(st, "benediction", "h1", "g2")
    assert piece(after, "g2") == "R"
    assert not after.board.has_kingside_castling_rights(chess.WHITE)


def test_benediction_no_capture_blocked_and_bishops_excluded() -> None:
    st = with_walls(make("4k3/8/8/8/8/3p4/8/1NB1K3 w - - 0 1", white=hand("benediction")), "a2")
    assert dests(st, "benediction", "b1") == {"c2"}
    illegal(st, "benediction", "b1", "d3")  # no capture
    illegal(st, "benediction", "b1", "e4")  # blocked by the pawn
    illegal(st, "benediction", "b1", "a2")  # wall
    illegal(st, "benediction", "c1", "d2")  # a bishop is not a knight or rook


def test_benediction_quicksand_limits_the_rook_not_the_knight() -> None:
    st = restricted(make("4k3/8/8/8/8/8/8/1N2K2R w - - 0 1", white=hand("benediction")), "quicksand")
    assert dests(st, "benediction", "h1") == {"g2", "f3"}
    illegal(st, "benediction", "h1", "e4")
    assert piece(card(st, "benediction", "b1", "f5"), "f5") == "N"


# ------------------------------------------------------------------ #11 ligne_droite


def test_ligne_droite_bishop_and_knight_move_like_rooks() -> None:
    st = make("4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1", white=hand("ligne_droite"))
    assert dests(st, "ligne_droite", "c1") == {"a1", "b1", "d1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"}
    after = card(st, "ligne_droite", "c1", "c6")
    assert piece(after, "c6") == "B" and piece(after, "c1") is None
    assert_replaced(st, after, "ligne_droite")
    assert piece(card(st, "ligne_droite", "g1", "g5"), "g5") == "N"


def test_ligne_droite_no_capture_walls_block_rooks_excluded() -> None:
    st = with_walls(make("4k3/8/8/2p5/8/8/8/R1B1K3 w - - 0 1", white=hand("ligne_droite")), "d1")
    assert dests(st, "ligne_droite", "c1") == {"b1", "c2", "c3", "c4"}
    illegal(st, "ligne_droite", "c1", "c5")  # no capture
    illegal(st, "ligne_droite", "c1", "c6")  # blocked
    illegal(st, "ligne_droite", "c1", "d1")  # wall
    illegal(st, "ligne_droite", "a1", "a4")  # a rook is not a knight or bishop


def test_ligne_droite_quicksand_limits_the_bishop_not_the_knight() -> None:
    st = restricted(make("4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1", white=hand("ligne_droite")), "quicksand")
    assert dests(st, "ligne_droite", "c1") == {"a1", "b1", "d1", "c2", "c3"}
    illegal(st, "ligne_droite", "c1", "c4")
    assert piece(card(st, "ligne_droite", "g1", "g5"), "g5") == "N"


def test_ligne_droite_sleeping_bishop() -> None:
    st = make("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", white=hand("ligne_droite"), statuses={"c1": ["sleep"]})
    assert not playable(st, "ligne_droite")


# ---------------------------------------------------------------- #12 passe_muraille


def test_passe_muraille_through_own_pieces() -> None:
    st = make(chess.STARTING_FEN, white=hand("passe_muraille"))
    assert dests(st, "passe_muraille", "a1") == {"a3", "a4", "a5", "a6"}
    after = card(st, "passe_muraille", "a1", "a5")
    assert piece(after, "a5") == "R" and piece(after, "a1") is None and piece(after, "a2") == "P"
    assert not after.board.has_queenside_castling_rights(chess.WHITE)
    assert_replaced(st, after, "passe_muraille")


def test_passe_muraille_queen_and_bishop_lines() -> None:
    st = make(chess.STARTING_FEN, white=hand("passe_muraille"))
    d1 = dests(st, "passe_muraille", "d1")
    assert {"d3", "d4", "d5", "d6", "f3", "g4", "h5", "b3", "a4"} <= d1
    assert "d7" not in d1 and "c1" not in d1
    assert dests(st, "passe_muraille", "c1") == {"e3", "f4", "g5", "h6", "a3"}


def test_passe_muraille_must_cross_an_own_piece_and_enemies_block() -> None:
    st = make("4k3/8/8/8/p7/P7/8/R3K3 w - - 0 1", white=hand("passe_muraille"))
    # a2 free: no own piece crossed yet; a3 own; a4 enemy stops; along rank 1 the king is crossed.
    assert dests(st, "passe_muraille", "a1") == {"f1", "g1", "h1"}
    illegal(st, "passe_muraille", "a1", "a2")  # crosses nothing of yours
    illegal(st, "passe_muraille", "a1", "a5")  # enemy pawn blocks
    illegal(st, "passe_muraille", "a1", "a4")  # no capture
    after = card(st, "passe_muraille", "a1", "g1")
    assert piece(after, "g1") == "R" and piece(after, "e1") == "K"


def test_passe_muraille_walls_block() -> None:
    st = with_walls(make("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", white=hand("passe_muraille")), "a4", "f1")
    assert dests(st, "passe_muraille", "a1") == {"a3"}
    illegal(st, "passe_muraille", "a1", "a5")
    illegal(st, "passe_muraille", "a1", "g1")


def test_passe_muraille_quicksand() -> None:
    st = restricted(make(chess.STARTING_FEN, white=hand("passe_muraille")), "quicksand")
    assert dests(st, "passe_muraille", "a1") == {"a3"}
    illegal(st, "passe_muraille", "a1", "a4")


def test_passe_muraille_greyed_when_nothing_to_cross() -> None:
    st = make("4k3/8/8/8/7R/8/8/4K3 w - - 0 1", white=hand("passe_muraille"))
    assert not playable(st, "passe_muraille")


# ----------------------------------------------------------------- #13 marche_forcee


def test_marche_forcee_two_pawns_together() -> None:
    st = make(chess.STARTING_FEN, white=hand("marche_forcee"))
    after = card(st, "marche_forcee", "a2", "h2")
    assert piece(after, "a3") == "P" and piece(after, "h3") == "P"
    assert piece(after, "a2") is None and piece(after, "h2") is None
    assert after.board.ep_square is None
    assert_replaced(st, after, "marche_forcee")
    # Either order, and one pawn alone.
    assert piece(card(st, "marche_forcee", "h2", "a2"), "a3") == "P"
    one = card(st, "marche_forcee", "e2")
    assert piece(one, "e3") == "P" and piece(one, "e4") is None


def test_marche_forcee_squares_empty_in_the_starting_position() -> None:
    st = make("4k3/8/8/8/4P3/4P3/8/4K3 w - - 0 1", white=hand("marche_forcee"))
    illegal(st, "marche_forcee", "e4", "e3")  # e4 is occupied before the steps
    illegal(st, "marche_forcee", "e3")
    illegal(st, "marche_forcee", "e4", "e4")
    assert piece(card(st, "marche_forcee", "e4"), "e5") == "P"


def test_marche_forcee_no_capture_no_wall_no_sleeper() -> None:
    st = with_walls(make("4k3/8/8/8/p7/P7/1P5P/4K3 w - - 0 1", white=hand("marche_forcee"),
                         statuses={"h2": ["sleep"]}), "b3")
    assert not playable(st, "marche_forcee")
    illegal(st, "marche_forcee", "a3")
    illegal(st, "marche_forcee", "h2")


def test_marche_forcee_promotions_per_pawn() -> None:
    st = make("7k/P7/8/8/8/8/7P/4K3 w - - 0 1", white=hand("marche_forcee"))
    illegal(st, "marche_forcee", "a7", "h2")  # a7 needs its letter
    illegal(st, "marche_forcee", "a7", "h2", promotions=["q", "q"])  # h3 is no last rank
    illegal(st, "marche_forcee", "h2", promotions=[None])  # no promotions without a promoting pawn
    after = card(st, "marche_forcee", "a7", "h2", promotions=["q", None])
    assert piece(after, "a8") == "Q" and piece(after, "h3") == "P"
    assert piece(card(st, "marche_forcee", "h2", "a7", promotions=[None, "n"]), "a8") == "N"
    assert piece(card(st, "marche_forcee", "a7", promotions=["b"]), "a8") == "B"


def test_marche_forcee_king_safety_after_both_steps() -> None:
    st = make("4k2b/8/8/8/8/8/1PP5/K7 w - - 0 1", white=hand("marche_forcee"))
    illegal(st, "marche_forcee", "b2")  # opens the long diagonal on the king
    after = card(st, "marche_forcee", "b2", "c2")  # c3 closes it again
    assert piece(after, "b3") == "P" and piece(after, "c3") == "P"


# ------------------------------------------------------------------- #14 roque_libre


def test_roque_libre_gives_standard_castling_results_and_drops_rights() -> None:
    st = make("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", white=hand("roque_libre"))
    short = card(st, "roque_libre", "e1", "h1")
    assert piece(short, "g1") == "K" and piece(short, "f1") == "R"
    assert piece(short, "e1") is None and piece(short, "h1") is None
    assert short.board.castling_xfen() == "kq"
    assert_replaced(st, short, "roque_libre")
    long = card(st, "roque_libre", "e1", "a1")
    assert piece(long, "c1") == "K" and piece(long, "d1") == "R" and piece(long, "a1") is None
    assert long.board.castling_xfen() == "kq"


def test_roque_libre_on_any_rank_and_with_a_close_rook() -> None:
    st = make("4k3/8/8/8/R3K3/8/8/8 w - - 0 1", white=hand("roque_libre"))
    after = card(st, "roque_libre", "e4", "a4")
    assert piece(after, "c4") == "K" and piece(after, "d4") == "R"
    st = make("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1", white=hand("roque_libre"))
    after = card(st, "roque_libre", "e1", "g1")  # the king lands on the rook's vacated square
    assert piece(after, "g1") == "K" and piece(after, "f1") == "R"
    st = make("4k3/8/8/8/8/8/8/4KR2 w - - 0 1", white=hand("roque_libre"))
    after = card(st, "roque_libre", "e1", "f1")  # the rook is already next to the king
    assert piece(after, "g1") == "K" and piece(after, "f1") == "R" and piece(after, "e1") is None


def test_roque_libre_blocked_or_no_landing() -> None:
    st = make("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1", white=hand("roque_libre"))
    assert not playable(st, "roque_libre")  # the knight stands between
    illegal(st, "roque_libre", "e1", "a1")
    st = make("4k3/8/8/8/8/8/8/4KRN1 w - - 0 1", white=hand("roque_libre"))
    illegal(st, "roque_libre", "e1", "f1")  # g1 is occupied
    st = make("4k3/8/8/8/8/8/8/RK6 w - - 0 1", white=hand("roque_libre"))
    illegal(st, "roque_libre", "b1", "a1")  # the king would leave the board
    st = make("4k3/8/8/8/R7/8/8/4K3 w - - 0 1", white=hand("roque_libre"))
    illegal(st, "roque_libre", "e1", "a4")  # not on the same rank
    st = with_walls(make("4k3/8/8/8/8/8/8/4K2R w K - 0 1", white=hand("roque_libre")), "f1")
    illegal(st, "roque_libre", "e1", "h1")  # a wall between them
    st = with_walls(make("4k3/8/8/8/8/8/8/4KR2 w - - 0 1", white=hand("roque_libre")), "g1")
    illegal(st, "roque_libre", "e1", "f1")  # a wall on the king's landing


def test_roque_libre_cures_check_and_may_cross_attacked_squares() -> None:
    st = make("4rrk1/8/8/8/8/P7/8/4K2R w K - 0 1", white=["roque_libre", "repli", *FILLER[:2]])
    assert st.king_attacked(chess.WHITE)
    illegal(st, {"type": "move", "uci": "e1g1"})  # normal castling out of check
    assert playable(st, "roque_libre")
    assert not playable(st, "repli")  # a3-a2 does not answer the check: greyed
    after = card(st, "roque_libre", "e1", "h1")
    assert piece(after, "g1") == "K" and piece(after, "f1") == "R"


def test_roque_libre_king_must_not_end_attacked() -> None:
    st = make("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", white=hand("roque_libre"))
    assert not playable(st, "roque_libre")
    illegal(st, "roque_libre", "e1", "h1")


def test_roque_libre_forbidden_under_curfew() -> None:
    st = restricted(make("4k3/8/8/8/8/8/8/4K2R w K - 0 1", white=hand("roque_libre")), "curfew")
    assert not st.suspended
    assert not playable(st, "roque_libre")
    illegal(st, "roque_libre", "e1", "h1")


def test_roque_libre_sleeping_rook() -> None:
    st = make("4k3/8/8/8/8/8/8/4K2R w K - 0 1", white=hand("roque_libre"), statuses={"h1": ["sleep"]})
    assert not playable(st, "roque_libre")


def test_roque_libre_quicksand_limits_the_rook_slide() -> None:
    st = restricted(make("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", white=hand("roque_libre")), "quicksand")
    illegal(st, "roque_libre", "e1", "a1")  # a1 → d1 is 3 squares
    after = card(st, "roque_libre", "e1", "h1")  # h1 → f1 is 2
    assert piece(after, "g1") == "K"


# --------------------------------------------------------------- #15 escapade_royale


def test_escapade_royale_two_squares_and_castling_lost() -> None:
    st = make("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", white=hand("escapade_royale"))
    assert dests(st, "escapade_royale", "e1") == {"d1", "f1", "c1", "g1", "d2", "e2", "f2", "c3", "e3", "g3"}
    after = card(st, "escapade_royale", "e1", "e3")
    assert piece(after, "e3") == "K" and piece(after, "e1") is None
    assert after.board.castling_xfen() == "-"
    assert_replaced(st, after, "escapade_royale")


def test_escapade_royale_may_capture() -> None:
    st = make("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", white=hand("escapade_royale"))
    after = card(st, "escapade_royale", "e1", "d2")
    assert piece(after, "d2") == "K" and after.removed[1] == {"n": 1}


def test_escapade_royale_cures_check() -> None:
    st = make("4r1k1/8/8/8/8/P7/8/4K3 w - - 0 1", white=["escapade_royale", "repli", *FILLER[:2]])
    assert st.king_attacked(chess.WHITE)
    assert not playable(st, "repli")
    assert "e2" not in dests(st, "escapade_royale", "e1")
    after = card(st, "escapade_royale", "e1", "c3")
    assert piece(after, "c3") == "K"


def test_escapade_royale_illegal_destinations() -> None:
    st = with_walls(make("3rk3/8/8/8/8/8/4P3/4K1n1 w - - 0 1", white=hand("escapade_royale"),
                         statuses={"g1": ["shield"]}), "f2")
    illegal(st, "escapade_royale", "e1", "d2")  # attacked by the rook on d8
    illegal(st, "escapade_royale", "e1", "e3")  # e2 is in the way
    illegal(st, "escapade_royale", "e1", "g3")  # wall on f2
    illegal(st, "escapade_royale", "e1", "f2")  # wall
    illegal(st, "escapade_royale", "e1", "g1")  # shielded knight
    illegal(st, "escapade_royale", "e1", "e4")  # three squares
    illegal(st, "escapade_royale", "e1", "f3")  # not a line
    # Passing over the attacked d1 / d2 is fine: only the destination counts.
    assert dests(st, "escapade_royale", "e1") == {"f1", "c1", "c3"}


def test_escapade_royale_forbidden_under_curfew() -> None:
    st = restricted(make("4k3/8/8/8/8/P7/8/4K3 w - - 0 1", white=hand("escapade_royale")), "curfew")
    assert not st.suspended
    assert not playable(st, "escapade_royale")
    illegal(st, "escapade_royale", "e1", "e2")


# ------------------------------------------------------------------------ #16 charge


def test_charge_two_jumps_and_capture() -> None:
    st = make("4k3/8/8/3p4/8/8/8/1N2K3 w - - 0 1", white=hand("charge"))
    after = card(st, "charge", "b1", "c3", "d5")
    assert piece(after, "d5") == "N" and piece(after, "b1") is None and piece(after, "c3") is None
    assert after.removed[1] == {"p": 1}
    assert_replaced(st, after, "charge")


def test_charge_only_the_final_position_counts() -> None:
    st = make("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1", white=hand("charge"))
    after = card(st, "charge", "e4", "c5", "e6")  # leaves the pin line and comes back to it
    assert piece(after, "e6") == "N"
    illegal(st, "charge", "e4", "c5", "a6")


def test_charge_first_jump_needs_an_empty_square() -> None:
    st = with_walls(make("4k3/8/8/8/8/P7/8/1N2K3 w - - 0 1", white=hand("charge"), traps={"c3": 1}), "d2")
    assert not playable(st, "charge")  # a3 piece, c3 trap, d2 wall
    illegal(st, "charge", "b1", "c3", "d5")
    illegal(st, "charge", "b1", "d2", "f3")
    illegal(st, "charge", "b1", "a3", "b5")


def test_charge_second_jump_rules() -> None:
    st = make("4k3/8/8/3P4/8/8/8/1N2K3 w - - 0 1", white=hand("charge"), traps={"e4": 1})
    illegal(st, "charge", "b1", "c3", "b1")  # no return to the start
    illegal(st, "charge", "b1", "c3", "d5")  # own pawn
    illegal(st, "charge", "b1", "c3", "c5")  # not a knight jump
    after = card(st, "charge", "b1", "c3", "e4")  # may end on a trap: it springs
    assert piece(after, "e4") is None and after.removed[0] == {"n": 1}


def test_charge_sleeping_knight() -> None:
    st = make("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", white=hand("charge"), statuses={"b1": ["sleep"]})
    assert not playable(st, "charge")


def test_charge_statuses_travel_with_the_knight() -> None:
    st = make("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", white=hand("charge"), statuses={"b1": ["poison"]})
    after = card(st, "charge", "b1", "c3", "e4")
    assert statuses(after) == {"e4": ["poison"]}
