"""Group 4 — Destructions (#26–#34): every card as written, and greyed or refused."""

from __future__ import annotations

import chess

from donjon.games.unfairchess.state import State
from tests.unfairchess.util import card, illegal, make, move, piece, playable, targetings


def replaced(before: State, after: State, seat: int, card_id: str) -> None:
    """A replace-move card was discarded, its replacement drawn and the turn passed."""
    assert after.discard[-1] == {"seat": seat, "card": card_id}
    assert len(after.hands[seat]) == len(before.hands[seat])
    assert len(after.decks[seat]) == len(before.decks[seat]) - 1
    assert after.seat == 1 - seat
    assert after.board.halfmove_clock == 0  # a destruction zeroes the clock (D8)


def sq(s: str) -> int:
    return chess.parse_square(s)


# ----------------------------------------------------------------- #26 Sniper Shot

SNIPER = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"


def test_tir_d_elite_destroys_an_attacked_piece() -> None:
    st = make(SNIPER, white=["tir_d_elite"])
    assert targetings(st, "tir_d_elite") == [{"squares": ["d5"]}]
    after = card(st, "tir_d_elite", "d5")
    assert piece(after, "d5") is None
    assert piece(after, "d1") == "R"  # the shooter does not move
    assert after.removed[1] == {"n": 1}
    replaced(st, after, 0, "tir_d_elite")


def test_tir_d_elite_not_a_queen_nor_an_unattacked_piece_nor_the_king() -> None:
    st = make("4k3/8/8/3q4/8/8/n7/3RK3 w - - 0 1", white=["tir_d_elite"])
    illegal(st, "tir_d_elite", "d5")  # a queen
    illegal(st, "tir_d_elite", "a2")  # nobody attacks it
    illegal(st, "tir_d_elite", "e8")
    assert not playable(st, "tir_d_elite")


def test_tir_d_elite_needs_an_awake_attacker_and_an_unshielded_target() -> None:
    assert not playable(make(SNIPER, white=["tir_d_elite"], statuses={"d1": ["sleep"]}), "tir_d_elite")
    st = make(SNIPER, white=["tir_d_elite"], statuses={"d5": ["shield"]})
    illegal(st, "tir_d_elite", "d5")
    assert not playable(st, "tir_d_elite")


def test_tir_d_elite_a_wall_blocks_the_line_of_fire() -> None:
    st = make(SNIPER.replace(" w ", " b "), white=["tir_d_elite"], black=["muraille"])
    st = card(st, "muraille", "d3")
    st = move(st, "e8e7")
    assert not playable(st, "tir_d_elite")


# ----------------------------------------------------------------------- #27 Arrow


def test_fleche_destroys_an_enemy_pawn_in_your_half() -> None:
    st = make("4k3/8/8/4p3/3p4/8/8/4K3 w - - 0 1", white=["fleche"])
    assert targetings(st, "fleche") == [{"squares": ["d4"]}]
    after = card(st, "fleche", "d4")
    assert piece(after, "d4") is None and piece(after, "e5") == "p"
    assert after.removed[1] == {"p": 1}
    replaced(st, after, 0, "fleche")


def test_fleche_black_uses_its_own_half() -> None:
    st = make("4k3/8/8/4P3/3P4/8/8/4K3 b - - 0 1", black=["fleche"])
    illegal(st, "fleche", "d4")  # White's half
    after = card(st, "fleche", "e5")
    assert piece(after, "e5") is None and after.removed[0] == {"p": 1}


def test_fleche_greyed_for_pawns_outside_your_half_or_shielded() -> None:
    st = make("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1", white=["fleche"])
    illegal(st, "fleche", "e5")
    assert not playable(st, "fleche")
    st = make("4k3/8/8/8/3p4/8/8/4K3 w - - 0 1", white=["fleche"], statuses={"d4": ["shield"]})
    assert not playable(st, "fleche")


# -------------------------------------------------------------------- #28 Kamikaze

KAMIKAZE = "r7/8/8/4p3/2kN4/2P1b3/8/7K w - - 0 1"


def test_kamikaze_blows_up_the_piece_and_its_neighbours() -> None:
    st = make(KAMIKAZE, white=["kamikaze"], statuses={"e3": ["shield"]})
    assert targetings(st, "kamikaze") == [{"squares": ["d4"]}]
    after = card(st, "kamikaze", "d4")
    assert piece(after, "d4") is None
    assert piece(after, "c3") is None  # own neighbours too
    assert piece(after, "e5") is None
    assert piece(after, "e3") == "b"  # shielded enemy survives
    assert piece(after, "c4") == "k"  # kings survive
    assert piece(after, "a8") == "r"  # out of the blast
    assert after.removed == [{"n": 1, "p": 1}, {"p": 1}]
    replaced(st, after, 0, "kamikaze")


def test_kamikaze_needs_an_adjacent_enemy_non_king_piece() -> None:
    st = make(KAMIKAZE, white=["kamikaze"])
    illegal(st, "kamikaze", "c3")  # only the enemy king is adjacent
    illegal(st, "kamikaze", "h1")  # never your king
    st = make("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", white=["kamikaze"])
    assert not playable(st, "kamikaze")


def test_kamikaze_refused_if_it_exposes_your_king() -> None:
    # The knight on e2 shields the king from the rook; blowing it up is illegal (D6).
    st = make("4r1k1/8/8/8/8/3p4/4N3/4K3 w - - 0 1", white=["kamikaze"])
    assert not st.king_attacked(chess.WHITE)
    illegal(st, "kamikaze", "e2")
    assert playable(make("6k1/8/8/8/8/3p4/4N3/4K3 w - - 0 1", white=["kamikaze"]), "kamikaze")


# ------------------------------------------------------------------- #29 Lightning


def test_foudre_destroys_the_piece_that_just_moved() -> None:
    st = make(chess.STARTING_FEN, white=["foudre"])
    assert not playable(st, "foudre")  # no move yet
    st = move(st, "e2e4")
    st = move(st, "g8f6")
    assert targetings(st, "foudre") == [{"squares": ["f6"]}]
    after = card(st, "foudre", "f6")
    assert piece(after, "f6") is None and after.removed[1] == {"n": 1}
    replaced(st, after, 0, "foudre")


def test_foudre_greyed_after_a_rook_or_queen_move() -> None:
    st = make("r3k3/8/8/8/8/8/8/4K3 b - - 0 1", white=["foudre"])
    st = move(st, "a8a2")
    illegal(st, "foudre", "a2")
    assert not playable(st, "foudre")


def test_foudre_greyed_after_a_replace_move_card() -> None:
    st = make(chess.STARTING_FEN, white=["foudre"], black=["sables_mouvants"])
    st = move(st, "e2e4")
    st = card(st, "sables_mouvants")
    assert not playable(st, "foudre")


def test_foudre_takes_the_piece_as_it_stands_after_promotion() -> None:
    st = make("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", white=["foudre"])
    after = card(move(st, "a2a1n"), "foudre", "a1")
    assert piece(after, "a1") is None
    st = move(st, "a2a1q")
    assert not playable(st, "foudre")


# ------------------------------------------------------------------- #30 Pawn Duel

DUEL = "4k3/5p1p/8/8/8/8/4P3/4K3 w - - 0 1"


def test_duel_de_pions_destroys_both_pawns() -> None:
    st = make(DUEL, white=["duel_de_pions"])
    assert targetings(st, "duel_de_pions") == [{"squares": ["e2", "f7"]}]
    after = card(st, "duel_de_pions", "e2", "f7")
    assert piece(after, "e2") is None and piece(after, "f7") is None and piece(after, "h7") == "p"
    assert after.removed == [{"p": 1}, {"p": 1}]
    replaced(st, after, 0, "duel_de_pions")


def test_duel_de_pions_refused_on_a_far_file_a_shield_or_a_pin() -> None:
    st = make(DUEL, white=["duel_de_pions"])
    illegal(st, "duel_de_pions", "e2", "h7")
    illegal(st, "duel_de_pions", "f7", "e2")  # your pawn comes first
    assert not playable(make(DUEL, white=["duel_de_pions"], statuses={"f7": ["shield"]}), "duel_de_pions")
    pinned = make("4r1k1/5p2/8/8/8/8/4P3/4K3 w - - 0 1", white=["duel_de_pions"])
    illegal(pinned, "duel_de_pions", "e2", "f7")
    assert not playable(pinned, "duel_de_pions")


# ---------------------------------------------------------------- #31 Breakthrough

PERCEE = "4k3/8/8/4n3/4P3/8/8/4K3 w - - 0 1"


def test_percee_captures_the_piece_ahead() -> None:
    st = make(PERCEE, white=["percee"])
    assert targetings(st, "percee") == [{"squares": ["e4", "e5"]}]
    after = card(st, "percee", "e4", "e5")
    assert piece(after, "e5") == "P" and piece(after, "e4") is None
    assert after.removed[1] == {"n": 1}
    assert after.last_turn[0] is not None and after.last_turn[0]["to"] == sq("e5")  # a card-move
    replaced(st, after, 0, "percee")


def test_percee_is_a_real_capture_poison_triggers() -> None:
    after = card(make(PERCEE, white=["percee"], statuses={"e5": ["poison"]}), "percee", "e4", "e5")
    assert piece(after, "e5") is None
    assert after.removed == [{"p": 1}, {"n": 1}]


def test_percee_is_a_real_capture_dynamite_triggers() -> None:
    st = make("4k3/8/3p4/4n3/4P3/8/8/4K3 w - - 0 1", white=["percee"], statuses={"e5": ["dynamite"]})
    after = card(st, "percee", "e4", "e5")
    assert piece(after, "e5") is None and piece(after, "d6") is None
    assert after.removed == [{"p": 1}, {"n": 1, "p": 1}]


def test_percee_promotes_on_the_last_rank() -> None:
    st = make("r3k3/P7/8/8/8/8/8/4K3 w - - 0 1", white=["percee"])
    assert len(targetings(st, "percee")) == 4
    illegal(st, "percee", "a7", "a8")  # the promotion piece is required
    after = card(st, "percee", "a7", "a8", promotion="n")
    assert piece(after, "a8") == "N" and piece(after, "a7") is None


def test_percee_refused_on_kings_empty_squares_own_pieces_and_shields() -> None:
    st = make("8/8/8/4k3/4P3/3P4/3P4/4K3 w - - 0 1", white=["percee"])
    illegal(st, "percee", "e4", "e5")  # a king
    illegal(st, "percee", "d3", "d4")  # empty
    illegal(st, "percee", "d2", "d3")  # own piece
    assert not playable(st, "percee")
    assert not playable(make(PERCEE, white=["percee"], statuses={"e5": ["shield"]}), "percee")


def test_percee_a_frozen_pawn_cannot_break_through() -> None:
    st = make(PERCEE.replace(" w ", " b "), white=["percee"], black=["blizzard"])
    st = move(card(st, "blizzard", "e4"), "e8d8")
    assert st.frozen == {sq("e4")}
    assert not playable(st, "percee")


# ------------------------------------------------------------------- #32 Detonator

DETONATOR = "4k3/8/5p2/2bpn3/3N4/8/8/4K3 w - - 0 1"


def test_detonateur_explodes_without_chain() -> None:
    st = make(DETONATOR, white=["detonateur"],
              statuses={"d4": ["dynamite"], "e5": ["dynamite"], "c5": ["shield"]})
    assert sorted(tg["squares"][0] for tg in targetings(st, "detonateur")) == ["d4", "e5"]
    after = card(st, "detonateur", "d4")
    for s in ("d4", "d5", "e5"):
        assert piece(after, s) is None
    assert piece(after, "c5") == "b"  # shielded enemy piece
    assert piece(after, "f6") == "p"  # e5's dynamite did not go off (no chain)
    assert after.removed == [{"n": 1}, {"p": 1, "n": 1}]
    replaced(st, after, 0, "detonateur")


def test_detonateur_greyed_without_dynamite_or_on_a_shielded_enemy() -> None:
    assert not playable(make(DETONATOR, white=["detonateur"]), "detonateur")
    st = make(DETONATOR, white=["detonateur"], statuses={"e5": ["dynamite", "shield"]})
    illegal(st, "detonateur", "e5")
    assert not playable(st, "detonateur")


# ---------------------------------------------------------------- #33 Encirclement

ENCIRCLE = "4k3/8/8/3n4/4P3/8/8/3RK3 w - - 0 1"


def test_encerclement_destroys_a_piece_attacked_twice() -> None:
    st = make(ENCIRCLE, white=["encerclement"])
    assert targetings(st, "encerclement") == [{"squares": ["d5"]}]
    after = card(st, "encerclement", "d5")
    assert piece(after, "d5") is None and after.removed[1] == {"n": 1}
    replaced(st, after, 0, "encerclement")


def test_encerclement_may_hit_a_queen() -> None:
    st = make(ENCIRCLE.replace("3n4", "3q4"), white=["encerclement"])
    after = card(st, "encerclement", "d5")
    assert piece(after, "d5") is None and after.removed[1] == {"q": 1}


def test_encerclement_refused_when_attacked_once_or_by_a_sleeper() -> None:
    st = make(SNIPER, white=["encerclement"])
    illegal(st, "encerclement", "d5")
    assert not playable(st, "encerclement")
    assert not playable(make(ENCIRCLE, white=["encerclement"], statuses={"e4": ["sleep"]}), "encerclement")


# ------------------------------------------------------------ #34 Heaven's Strike


def test_frappe_celeste_destroys_any_enemy_piece_and_can_cure_check() -> None:
    st = make("4k3/p7/8/8/8/8/3q4/4K3 w - - 0 1", white=["frappe_celeste"])
    assert st.king_attacked(chess.WHITE)
    assert targetings(st, "frappe_celeste") == [{"squares": ["d2"]}]  # only the cure
    illegal(st, "frappe_celeste", "a7")  # leaves the king in check
    after = card(st, "frappe_celeste", "d2")
    assert piece(after, "d2") is None and after.removed[1] == {"q": 1}
    replaced(st, after, 0, "frappe_celeste")


def test_frappe_celeste_never_a_king_nor_a_shielded_piece() -> None:
    st = make("4k3/p7/8/8/8/8/8/4K3 w - - 0 1", white=["frappe_celeste"], statuses={"a7": ["shield"]})
    illegal(st, "frappe_celeste", "e8")
    illegal(st, "frappe_celeste", "a7")
    assert not playable(st, "frappe_celeste")
