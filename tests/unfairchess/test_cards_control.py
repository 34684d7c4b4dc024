"""Group 5 — Contrôle (#35–#43): each card as written, greyed or refused, and the
restrictions it creates played out through normal play (the referee enforces them)."""

from __future__ import annotations

import chess

from donjon.games.unfairchess import GAME
from donjon.games.unfairchess.state import Restriction, State
from tests.unfairchess.util import card, illegal, make, move, piece, playable, statuses, targetings


def sq(s: str) -> int:
    return chess.parse_square(s)


def ucis(st: State) -> set[str]:
    assert st.moves is not None
    return {m.uci() for m in st.moves}


def mv(uci: str) -> dict[str, str]:
    return {"type": "move", "uci": uci}


def added(before: State, after: State, seat: int, card_id: str) -> None:
    """An add-to-move card: discarded, replacement drawn, same seat must now move."""
    assert after.discard[-1] == {"seat": seat, "card": card_id}
    assert len(after.hands[seat]) == len(before.hands[seat])
    assert len(after.decks[seat]) == len(before.decks[seat]) - 1
    assert after.seat == seat and after.must_move and after.card_played
    assert GAME.view(after, seat)["must_move"]


def replaced(before: State, after: State, seat: int, card_id: str) -> None:
    assert after.discard[-1] == {"seat": seat, "card": card_id}
    assert len(after.hands[seat]) == len(before.hands[seat])
    assert len(after.decks[seat]) == len(before.decks[seat]) - 1
    assert after.seat == 1 - seat and not after.must_move


IN_CHECK = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"


def greyed_in_check(card_id: str, *squares: str) -> None:
    st = make(IN_CHECK, white=[card_id])
    assert st.king_attacked(chess.WHITE)
    assert not playable(st, card_id)
    illegal(st, card_id, *squares)


def test_blizzard_greyed_in_check() -> None:
    greyed_in_check("blizzard", "d5")


def test_couvre_feu_greyed_in_check() -> None:
    greyed_in_check("couvre_feu")


def test_treve_greyed_in_check() -> None:
    greyed_in_check("treve")


def test_chausse_trappe_greyed_in_check() -> None:
    greyed_in_check("chausse_trappe", "d5")


def test_silence_greyed_in_check() -> None:
    greyed_in_check("silence")


def test_sables_mouvants_greyed_in_check() -> None:
    greyed_in_check("sables_mouvants")


# ---------------------------------------------------------------------- #35 Blizzard

CASTLES = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"


def test_blizzard_freezes_enemy_pieces_in_the_area_for_one_turn() -> None:
    st = make(CASTLES, white=["blizzard"])
    assert len(targetings(st, "blizzard")) == 64
    after = card(st, "blizzard", "f8")
    added(st, after, 0, "blizzard")
    area = frozenset(sq(s) for s in ("e7", "f7", "g7", "e8", "f8", "g8"))
    assert after.restrictions == (Restriction("blizzard", 1, chess.BLACK, area),)
    st = move(after, "a2a3")
    assert st.frozen == {sq("e8"), sq("e7"), sq("f7"), sq("g7")}
    legal = ucis(st)
    for frozen in ("e8g8", "e8f8", "e8d8", "e7e5", "f7f6", "g7g5"):
        assert frozen not in legal
    assert "h8g8" in legal and "d7d5" in legal  # pieces may enter the area
    assert "cannot move" in illegal(st, mv("e7e5"))
    illegal(st, mv("e8g8"))  # the king is frozen: no castling
    st = move(move(st, "h7h6"), "a3a4")
    assert st.frozen == frozenset()
    assert {"e7e5", "e8g8", "e8f8"} <= ucis(st)  # next turn only


def test_blizzard_on_a_checked_king_is_lifted_by_the_exception() -> None:
    st = make("k6r/8/8/8/8/8/P7/4K3 b - - 0 1", black=["blizzard"])
    st = move(card(st, "blizzard", "e1"), "h8h1")
    assert st.king_attacked(chess.WHITE) and st.suspended and st.result is None
    assert ucis(st) == {"e1d2", "e1e2", "e1f2"}


def test_blizzard_leaves_your_own_pieces_free() -> None:
    st = make(chess.STARTING_FEN, white=["blizzard"])
    st = card(st, "blizzard", "d2")
    assert "d2d4" in ucis(st)
    st = move(st, "d2d4")
    assert st.frozen == frozenset()  # no black piece stood in the area


# ---------------------------------------------------------------------- #36 Curfew


def test_couvre_feu_blocks_the_enemy_king_for_one_turn() -> None:
    st = make("r3k2r/ppp2ppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", white=["couvre_feu"])
    assert targetings(st, "couvre_feu") == [{"squares": []}]
    after = card(st, "couvre_feu")
    added(st, after, 0, "couvre_feu")
    st = move(after, "a2a3")
    legal = ucis(st)
    assert not {"e8g8", "e8c8", "e8d8", "e8e7", "e8d7", "e8f8"} & legal
    assert {"a8d8", "h8g8", "a7a5"} <= legal
    assert "Curfew" in illegal(st, mv("e8g8"))
    st = move(move(st, "a7a6"), "a3a4")
    assert {"e8g8", "e8c8", "e8d7"} <= ucis(st)


def test_couvre_feu_lifted_by_the_exception_when_only_king_moves_exist() -> None:
    st = make("7k/7p/7P/8/8/8/8/2K5 w - - 0 1", white=["couvre_feu"])
    st = move(card(st, "couvre_feu"), "c1c2")
    assert st.suspended and GAME.view(st, 1)["exception"]
    assert ucis(st) == {"h8g8"}
    st = move(st, "h8g8")
    assert piece(st, "g8") == "k"


# ----------------------------------------------------------------------- #37 Truce

TRUCE = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"


def test_treve_forbids_captures_and_destruction_of_your_pieces() -> None:
    st = make(TRUCE, white=["treve"], black=["frappe_celeste"])
    assert targetings(st, "treve") == [{"squares": []}]
    after = card(st, "treve")
    replaced(st, after, 0, "treve")
    st = after
    assert "d5e4" not in ucis(st) and "d5d4" in ucis(st)
    assert "Truce" in illegal(st, mv("d5e4"))
    assert not playable(st, "frappe_celeste")
    assert "Truce" in illegal(st, "frappe_celeste", "e4")
    st = move(move(st, "e8d7"), "e1d1")
    assert "d5e4" in ucis(st)  # the truce is over
    assert playable(st, "frappe_celeste")


def test_treve_forbids_card_captures() -> None:
    st = make("4k3/8/8/3p4/3N4/8/8/4K3 w - - 0 1", white=["treve"], black=["percee"])
    st = card(st, "treve")
    assert not playable(st, "percee")
    assert "Truce" in illegal(st, "percee", "d5", "d4")


def test_treve_still_allows_blasting_only_your_own_pieces() -> None:
    st = make("4k3/p7/8/8/4P3/8/8/4K3 w - - 0 1", white=["treve"], black=["detonateur"],
              statuses={"a7": ["dynamite"]})
    st = card(st, "treve")
    after = card(st, "detonateur", "a7")
    assert piece(after, "a7") is None


def test_treve_lifted_by_the_exception_when_only_captures_exist() -> None:
    st = make("7k/6pp/5NPP/8/8/8/8/K7 w - - 0 1", white=["treve"])
    st = card(st, "treve")
    assert st.suspended
    assert ucis(st) == {"g7f6", "g7h6", "h7g6"}
    st = move(st, "g7f6")
    assert piece(st, "f6") == "p"


# ------------------------------------------------------------------------ #38 Wall

WALL_CHECK = "4r1k1/8/8/8/R7/8/8/4K3 w - - 0 1"


def test_muraille_interposes_in_check_and_blocks_lines_until_after_the_next_turn() -> None:
    st = make(WALL_CHECK, white=["muraille"])
    assert st.king_attacked(chess.WHITE)
    assert sorted(tg["squares"][0] for tg in targetings(st, "muraille")) == ["e2", "e3", "e4", "e5", "e6", "e7"]
    after = card(st, "muraille", "e4")
    added(st, after, 0, "muraille")
    assert after.walls == {sq("e4"): 1} and GAME.view(after, 0)["walls"] == {"e4": 1}
    assert not after.king_attacked(chess.WHITE)
    legal = ucis(after)
    assert "a4h4" not in legal and "a4e4" not in legal and "a4d4" in legal  # from now on
    assert "wall" in illegal(after, mv("a4h4"))
    st = move(after, "e1d2")
    legal = ucis(st)
    assert not {"e8e4", "e8e3", "e8e1"} & legal and "e8e5" in legal
    assert "wall" in illegal(st, mv("e8e1"))
    st = move(st, "g8h8")
    assert st.walls == {}  # gone after Black's turn
    st = move(st, "d2d3")
    assert "e8e1" in ucis(st)


def test_muraille_blocks_castling() -> None:
    st = make("4k3/8/8/8/8/8/8/4K2R b K - 0 1", black=["muraille"])
    st = move(card(st, "muraille", "f1"), "e8d8")
    assert "e1g1" not in ucis(st) and "h1g1" in ucis(st)
    assert "wall" in illegal(st, mv("e1g1"))


def test_muraille_blocking_an_attack_lets_the_king_castle_across() -> None:
    st = make("5r1k/8/8/8/8/8/8/4K2R w K - 0 1", white=["muraille"])
    assert "e1g1" not in ucis(st)  # f1 is attacked
    st = card(st, "muraille", "f4")
    assert "e1g1" in ucis(st)  # the wall blocks the rook's line (D5)
    st = move(st, "e1g1")
    assert piece(st, "g1") == "K" and piece(st, "f1") == "R"


def test_muraille_knights_jump_it_pawns_cannot_double_step_through_it() -> None:
    st = make("4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 1", white=["muraille"])
    st = card(st, "muraille", "b2")
    assert "b1c3" in ucis(st)
    st = make("4k3/8/8/8/8/8/4P3/1N2K3 b - - 0 1", black=["muraille"])
    st = move(card(st, "muraille", "e3"), "e8d8")
    assert "e2e4" not in ucis(st) and "e2e3" not in ucis(st)


def test_muraille_needs_an_empty_square() -> None:
    st = make(WALL_CHECK.replace("R7", "8"), white=["muraille"], traps={"d4": 1})
    illegal(st, "muraille", "e1")
    illegal(st, "muraille", "d4")  # a trap
    st = make(chess.STARTING_FEN, white=["muraille"])
    illegal(st, "muraille", "e2")
    assert "e4" in {tg["squares"][0] for tg in targetings(st, "muraille")}
    assert "e2" not in {tg["squares"][0] for tg in targetings(st, "muraille")}


# ------------------------------------------------------------------- #39 Bear Trap


def test_chausse_trappe_destroys_an_arriving_enemy_piece() -> None:
    st = make("1n2k3/8/8/8/8/8/8/4K3 w - - 0 1", white=["chausse_trappe"])
    after = card(st, "chausse_trappe", "c6")
    replaced(st, after, 0, "chausse_trappe")
    assert after.traps == {sq("c6"): chess.WHITE} and GAME.view(after, 1)["traps"] == {"c6": 0}
    st = move(after, "b8c6")
    assert piece(st, "c6") is None and st.traps == {}
    assert st.removed[1] == {"n": 1}
    assert any(e["type"] == "trap" for e in st.events)


def test_chausse_trappe_a_capture_onto_it_still_stands() -> None:
    st = make("4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1", white=["chausse_trappe"])
    st = move(card(st, "chausse_trappe", "e5"), "e8e7")
    st = move(st, "f3e5")  # your own piece is unaffected
    assert piece(st, "e5") == "N" and st.traps == {sq("e5"): chess.WHITE}
    st = move(st, "d6e5")
    assert piece(st, "e5") is None and st.traps == {}
    assert st.removed == [{"n": 1}, {"p": 1}]  # captured knight, destroyed pawn


def test_chausse_trappe_spares_kings() -> None:
    st = make("4k3/8/8/8/8/8/8/4K3 w - - 0 1", white=["chausse_trappe"])
    st = move(card(st, "chausse_trappe", "d7"), "e8d7")
    assert piece(st, "d7") == "k" and st.traps == {sq("d7"): chess.WHITE}


def test_chausse_trappe_needs_an_empty_square() -> None:
    st = make(chess.STARTING_FEN, white=["chausse_trappe"], traps={"d4": 1})
    illegal(st, "chausse_trappe", "e2")
    illegal(st, "chausse_trappe", "d4")
    assert len(targetings(st, "chausse_trappe")) == 31


# ----------------------------------------------------------------------- #40 Taunt


def test_provocation_forces_the_normal_move_with_that_piece() -> None:
    st = make(chess.STARTING_FEN, white=["provocation", "provocation"], black=["couvre_feu", "treve"])
    expected = {s + "7" for s in "abcdefgh"} | {"b8", "g8"}
    assert {tg["squares"][0] for tg in targetings(st, "provocation")} == expected
    after = card(st, "provocation", "b8")
    replaced(st, after, 0, "provocation")
    st = after
    assert ucis(st) == {"b8a6", "b8c6"}
    assert "Taunt" in illegal(st, mv("e7e5"))
    # An add-to-move card, then that piece's move, is allowed.
    st2 = card(st, "couvre_feu")
    assert ucis(st2) == {"b8a6", "b8c6"}
    st2 = move(st2, "b8c6")
    assert piece(st2, "c6") == "n"
    # So is a replace-move card.
    st3 = card(st, "treve")
    assert st3.seat == 0
    # Next turn it is over.
    st2 = move(st2, "e2e4")
    assert "e7e5" in ucis(st2)


def test_provocation_needs_an_enemy_non_king_piece_with_a_legal_move() -> None:
    st = make(chess.STARTING_FEN, white=["provocation"])
    illegal(st, "provocation", "a8")  # boxed in
    illegal(st, "provocation", "e8")  # a king
    illegal(st, "provocation", "e2")  # your own
    st = make("4k3/4r3/8/8/8/8/4N3/4K3 b - - 0 1", black=["provocation"])
    illegal(st, "provocation", "e2")  # pinned: no legal move
    assert not playable(st, "provocation")


# --------------------------------------------------------------------- #41 Silence


def test_silence_bars_cards_for_the_next_turn() -> None:
    st = make(chess.STARTING_FEN, white=["silence"], black=["treve"])
    after = card(st, "silence")
    added(st, after, 0, "silence")
    st = move(after, "e2e4")
    assert st.silenced and GAME.view(st, 1)["silenced"]
    assert not playable(st, "treve")
    assert "Silence" in illegal(st, "treve")
    st = move(move(st, "e7e5"), "g1f3")
    assert not st.silenced and playable(st, "treve")


def test_silence_does_not_apply_in_check() -> None:
    st = make("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", white=["silence"], black=["frappe_celeste"])
    st = move(card(st, "silence"), "a1a8")
    assert st.king_attacked(chess.BLACK) and not st.silenced
    st = card(st, "frappe_celeste", "a8")
    assert piece(st, "a8") is None


def test_silence_does_not_apply_with_no_legal_normal_move() -> None:
    st = make("k7/8/8/8/8/8/1Q6/7K w - - 0 1", white=["silence"], black=["frappe_celeste"])
    st = move(card(st, "silence"), "b2b6")
    assert st.moves == [] and not st.silenced and st.can_save and st.result is None
    st = card(st, "frappe_celeste", "b6")
    assert piece(st, "b6") is None


def test_silence_and_traps_survive_the_exception() -> None:
    # Black's only mobile piece is an asleep knight: the exception lifts sleep, not Silence
    # nor the trap on f6.
    st = make("6nk/7p/7P/8/8/8/8/K7 w - - 0 1", white=["silence"], black=["frappe_celeste"],
              statuses={"g8": ["sleep"]}, traps={"f6": 0})
    st = move(card(st, "silence"), "a1b1")
    assert st.suspended and st.silenced
    assert statuses(st) == {"g8": ["sleep"]}  # the sleeper does not wake
    assert ucis(st) == {"g8e7", "g8f6", "g8h6"}
    assert not playable(st, "frappe_celeste")
    st = move(st, "g8f6")
    assert piece(st, "f6") is None and st.traps == {} and st.removed[1] == {"n": 1}


# ------------------------------------------------------------------- #42 Quicksand

QUICKSAND = "r3k2r/8/8/3q1b2/8/8/8/4K3 w kq - 0 1"


def test_sables_mouvants_limits_line_pieces_to_two_squares() -> None:
    st = make(QUICKSAND, white=["sables_mouvants"])
    after = card(st, "sables_mouvants")
    replaced(st, after, 0, "sables_mouvants")
    legal = ucis(after)
    assert {"d5d3", "f5h3", "a8a6", "e8g8", "e8d8"} <= legal
    assert not {"d5d1", "d5a5", "f5b1", "a8a3", "e8c8"} & legal  # O-O-O moves the rook 3
    assert "Quicksand" in illegal(after, mv("d5d1"))
    st = move(move(after, "e8d8"), "e1e2")
    assert {"d5d1", "a8a3"} <= ucis(st)


def test_sables_mouvants_greyed_without_enemy_bishop_rook_or_queen() -> None:
    st = make("4k3/pppp3n/8/8/8/8/8/4K3 w - - 0 1", white=["sables_mouvants"])
    assert not playable(st, "sables_mouvants")
    illegal(st, "sables_mouvants")


# ------------------------------------------------------------------ #43 Exhaustion


def test_epuisement_freezes_the_piece_that_last_moved() -> None:
    st = make(chess.STARTING_FEN, white=["epuisement"])
    assert not playable(st, "epuisement")  # nothing has moved yet
    st = move(move(st, "e2e4"), "b8c6")
    assert targetings(st, "epuisement") == [{"squares": ["c6"]}]
    after = card(st, "epuisement", "c6")
    added(st, after, 0, "epuisement")
    st = move(after, "d2d4")
    assert st.frozen == {sq("c6")}
    assert not {m for m in ucis(st) if m.startswith("c6")}
    assert "cannot move" in illegal(st, mv("c6d4"))
    st = move(move(st, "e7e5"), "g1f3")
    assert "c6d4" in ucis(st)


def test_epuisement_targets_a_card_move_too() -> None:
    st = make("4k3/8/8/4p3/4N3/8/8/4K3 b - - 0 1", white=["epuisement"], black=["percee"])
    st = card(st, "percee", "e5", "e4")
    assert targetings(st, "epuisement") == [{"squares": ["e4"]}]
    st = move(card(st, "epuisement", "e4"), "e1d1")
    assert "e4e3" not in ucis(st) and "e8d8" in ucis(st)


def test_epuisement_greyed_after_a_king_move_or_a_non_moving_card() -> None:
    st = make("4k3/8/8/8/8/8/8/4K3 b - - 0 1", white=["epuisement"])
    st = move(st, "e8d8")
    assert not playable(st, "epuisement")
    illegal(st, "epuisement", "d8")
    st = make(chess.STARTING_FEN, white=["epuisement"], black=["treve"])
    st = card(move(st, "e2e4"), "treve")
    assert not playable(st, "epuisement")


def test_epuisement_lifted_by_the_exception() -> None:
    st = make("7k/4n2p/7P/8/8/8/8/K7 b - - 0 1", white=["epuisement"])
    st = move(st, "e7g8")
    st = move(card(st, "epuisement", "g8"), "a1b1")
    assert st.suspended
    assert {"g8f6", "g8e7"} <= ucis(st)
