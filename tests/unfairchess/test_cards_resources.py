"""Group 7 — Ressources & tempo (#52–#58)."""

from __future__ import annotations

import chess

from donjon.games.unfairchess import GAME, rules
from donjon.games.unfairchess.state import Restriction, State
from tests.unfairchess.util import card, illegal, make, move, piece, playable, statuses, targetings

START = chess.STARTING_FEN
FILL = ["poison", "bouclier", "sommeil"]


def uci_moves(st: State) -> set[str]:
    return {m.uci() for m in st.moves or ()}


# ------------------------------------------------------------------ #52 Nouvelle donne


def test_nouvelle_donne_discards_hand_face_up_and_draws_four() -> None:
    deck = ["dynamite", "renfort", "larcin", "prescience", "dissipation"]
    st = make(START, white=["nouvelle_donne", *FILL], decks={"0": deck})
    assert playable(st, "nouvelle_donne")
    st = card(st, "nouvelle_donne")
    assert st.hands[0] == deck[:4]
    assert st.decks[0] == deck[4:]
    assert [d["card"] for d in st.discard] == ["nouvelle_donne", *FILL]
    assert all(d["seat"] == 0 for d in st.discard)
    assert GAME.view(st, 1)["discard"] == st.discard  # face-up: the opponent sees them
    assert st.must_move and st.seat == 0
    st = move(st, "e2e4")
    assert st.seat == 1 and st.hands[0] == deck[:4]


def test_nouvelle_donne_short_deck_draws_what_is_left() -> None:
    st = make(START, white=["nouvelle_donne", *FILL], decks={"0": ["larcin", "renfort"]})
    st = card(st, "nouvelle_donne")
    assert st.hands[0] == ["larcin", "renfort"]
    assert st.decks[0] == []
    assert len(st.discard) == 4


def test_nouvelle_donne_greyed_with_empty_deck() -> None:
    st = make(START, white=["nouvelle_donne", *FILL], decks={"0": []})
    assert not playable(st, "nouvelle_donne")
    illegal(st, "nouvelle_donne")


def test_nouvelle_donne_forgets_cards_the_opponent_knew() -> None:
    # Black holds a card White knows about (as after a steal); the redeal discards it face-up.
    st = make(START.replace(" w ", " b "), black=["nouvelle_donne", "renfort", "renfort", "larcin"],
              decks={"1": ["poison"] * 10})
    st.known_by_opp[1] = ["larcin"]
    st = card(st, "nouvelle_donne")
    assert st.known_by_opp[1] == []
    assert GAME.view(st, 0)["opponent_known"] == []
    assert st.hands[1] == ["poison"] * 4


# ------------------------------------------------------------------ #53 Renfort

# Black's d5 pawn can take White's e4 pawn; White then has a pawn in the removed pile.
CAPTURE = "4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1"


def test_renfort_greyed_while_no_pawn_was_taken() -> None:
    st = make(START, white=["renfort", *FILL])
    assert not playable(st, "renfort")
    illegal(st, "renfort", "e3")


def test_renfort_returns_a_captured_pawn_on_second_or_third_rank() -> None:
    st = make(CAPTURE, white=["renfort", *FILL])
    st = move(st, "d5e4")
    assert st.removed[0] == {"p": 1}
    tgs = {tg["squares"][0] for tg in targetings(st, "renfort")}
    assert tgs == {f"{f}{r}" for f in "abcdefgh" for r in "23"}
    st = card(st, "renfort", "d3")
    assert piece(st, "d3") == "P"
    assert st.removed[0] == {}
    assert st.seat == 1 and len(st.hands[0]) == 4 and st.discard[-1]["card"] == "renfort"
    assert st.board.halfmove_clock == 0


def test_renfort_pawn_on_second_rank_may_double_step() -> None:
    st = make(CAPTURE, white=["renfort", *FILL])
    st = move(st, "d5e4")
    st = card(st, "renfort", "a2")
    st = move(st, "e8d8")
    st = move(st, "a2a4")
    assert piece(st, "a4") == "P"


def test_renfort_wrong_squares_illegal() -> None:
    st = make(CAPTURE, white=["renfort", *FILL], traps={"c3": 1})
    st = move(st, "d5e4")
    for sq in ("d4", "d1", "e4", "c3", "d6"):
        illegal(st, "renfort", sq)


def test_renfort_black_uses_ranks_seven_and_six() -> None:
    st = make("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", black=["renfort", *FILL])
    st = move(st, "e4d5")
    assert st.removed[1] == {"p": 1}
    squares = {tg["squares"][0] for tg in targetings(st, "renfort")}
    assert "f7" in squares and "f6" in squares and "f3" not in squares and "e8" not in squares
    st = card(st, "renfort", "f6")
    assert piece(st, "f6") == "p"


def test_renfort_cures_check_by_interposing() -> None:
    # White's e2 pawn was taken; a black rook checks along the e-file.
    st = make("4r1k1/8/8/8/8/8/3P4/4K3 w - - 0 1", white=["renfort", *FILL])
    st.removed[0]["p"] = 1
    assert st.king_attacked(chess.WHITE)
    tgs = targetings(st, "renfort")
    assert sorted(tg["squares"][0] for tg in tgs) == ["e2", "e3"]
    st = card(st, "renfort", "e3")
    assert piece(st, "e3") == "P" and not st.king_attacked(chess.WHITE)


def test_renfort_promoted_piece_counts_as_its_type() -> None:
    # A White pawn promotes, the queen is taken: it goes to the pile as a queen, not a pawn.
    st = make("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", white=["renfort", *FILL])
    st = move(st, "a7a8q")
    st = move(st, "b8a8")
    assert st.removed[0] == {"q": 1}
    assert not playable(st, "renfort")


def test_renfort_converted_pawn_does_not_count() -> None:
    st = make(CAPTURE, white=["renfort", *FILL])
    st.statuses[chess.E4] = frozenset({"converted"})  # as after Desertion
    st = move(st, "d5e4")
    assert st.removed[0] == {}
    assert not playable(st, "renfort")


# ------------------------------------------------------------------ #54 Double tour


def test_double_tour_extra_move_then_normal_move() -> None:
    st = make(START, white=["double_tour", *FILL])
    st = card(st, "double_tour", "e2", "e4")
    assert piece(st, "e4") == "P" and piece(st, "e2") is None
    assert st.must_move and st.seat == 0 and st.board.turn == chess.WHITE
    assert st.board.ep_square is None
    assert len(st.hands[0]) == 4 and st.discard[-1]["card"] == "double_tour"
    illegal(st, "poison", "d1")  # one card per turn
    st = move(st, "d2d4")
    assert st.seat == 1 and piece(st, "d4") == "P" and piece(st, "e4") == "P"
    assert st.board.fullmove_number == 1 and st.plies == 1


def test_double_tour_uses_up_the_en_passant_right() -> None:
    # The extra move is the move "right after" the double step: en passant is gone afterwards.
    st = make("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", white=["double_tour", *FILL])
    st = move(st, "d7d5")
    assert "e5d6" in uci_moves(st)
    illegal(st, "double_tour", "e5", "d6")  # a capture in any case
    st = card(st, "double_tour", "e1", "d1")
    assert "e5d6" not in uci_moves(st)
    illegal(st, {"type": "move", "uci": "e5d6"})


def test_double_tour_is_one_ply_for_clocks() -> None:
    st = make("4k3/8/8/8/8/8/8/R3K2R b - - 7 30", black=["double_tour", *FILL])
    st = card(st, "double_tour", "e8", "d8")
    st = move(st, "d8c8")
    assert st.board.halfmove_clock == 8 and st.board.fullmove_number == 31


def test_double_tour_cannot_capture_or_check() -> None:
    st = make("4k3/8/8/3p4/8/8/8/R3K3 w Q - 0 1", white=["double_tour", *FILL])
    illegal(st, "double_tour", "a1", "a8")  # gives check
    illegal(st, "double_tour", "a1", "e1")  # not a move
    st2 = make("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", white=["double_tour", *FILL])
    illegal(st2, "double_tour", "d1", "d5")  # a capture
    assert {"squares": ["d1", "d4"]} in targetings(st2, "double_tour")


def test_double_tour_castling_allowed() -> None:
    st = make("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", white=["double_tour", *FILL])
    st = card(st, "double_tour", "e1", "g1")
    assert piece(st, "g1") == "K" and piece(st, "f1") == "R"
    assert not st.board.has_castling_rights(chess.WHITE)
    st = move(st, "a1a2")
    assert st.seat == 1


def test_double_tour_quiet_promotion() -> None:
    st = make("7k/1P6/8/8/8/8/8/4K3 w - - 0 1", white=["double_tour", *FILL])
    tgs = targetings(st, "double_tour")
    assert {"squares": ["b7", "b8"], "promotion": "n"} in tgs
    assert {"squares": ["b7", "b8"], "promotion": "q"} not in tgs  # Qb8+ checks h8
    assert {"squares": ["b7", "b8"], "promotion": "r"} not in tgs
    illegal(st, "double_tour", "b7", "b8")  # promotion piece missing
    st = card(st, "double_tour", "b7", "b8", promotion="n")
    assert piece(st, "b8") == "N"
    st = move(st, "b8c6")
    assert piece(st, "c6") == "N"


def test_double_tour_respects_current_restrictions() -> None:
    st = make(START, white=["double_tour", *FILL], statuses={"g1": ["sleep"]})
    illegal(st, "double_tour", "g1", "f3")
    assert {"squares": ["b1", "c3"]} in targetings(st, "double_tour")


def test_double_tour_in_check_extra_move_must_cure() -> None:
    st = make("4r1k1/8/8/8/8/8/P7/4K3 w - - 0 1", white=["double_tour", *FILL])
    assert playable(st, "double_tour")
    illegal(st, "double_tour", "a2", "a3")
    st = card(st, "double_tour", "e1", "d1")
    assert piece(st, "d1") == "K" and st.must_move
    st = move(st, "a2a3")
    assert st.seat == 1


def test_double_tour_greyed_when_no_move_would_follow() -> None:
    # White's only legal move is a3a4; after it White would have no normal move left.
    st = make("4k3/8/8/p7/8/P5p1/6Pp/7K w - - 0 1", white=["double_tour", *FILL])
    assert [m.uci() for m in st.moves or ()] == ["a3a4"]
    assert not playable(st, "double_tour")
    illegal(st, "double_tour", "a3", "a4")


def test_double_tour_taunt_follows_the_piece() -> None:
    st = make(START, white=["double_tour", *FILL])
    st.restrictions = (Restriction("taunt", 0, chess.WHITE, frozenset({chess.G1})),)
    rules.begin_turn(st)
    assert {m.from_square for m in st.moves or ()} == {chess.G1}
    illegal(st, "double_tour", "e2", "e4")
    st = card(st, "double_tour", "g1", "f3")
    assert {m.from_square for m in st.moves or ()} == {chess.F3}
    illegal(st, {"type": "move", "uci": "e2e4"})
    st = move(st, "f3g5")
    assert piece(st, "g5") == "N"


# ------------------------------------------------------------------ #55 Prescience


def test_prescience_reorders_top_three_then_draws() -> None:
    deck = ["larcin", "renfort", "dynamite", "poison", "sommeil"]
    st = make(START, white=["prescience", *FILL], decks={"0": deck})
    # Nothing of the deck shows before the card is played: one targeting, no field.
    assert targetings(st, "prescience") == [{"squares": []}]
    assert "larcin" not in str(GAME.legal_actions(st, 0))
    st = card(st, "prescience")
    # The replacement card is drawn first; then the player sees the next three.
    assert st.hands[0] == [*FILL, "larcin"]
    assert GAME.view(st, 0)["known_top"] == ["renfort", "dynamite", "poison"]
    assert GAME.view(st, 0)["ordering"] == 3
    assert GAME.view(st, 1)["known_top"] == []  # only the player sees them
    assert "known_top" not in GAME.view(st, None)
    orders = GAME.legal_actions(st, 0)
    assert len(orders) == 6 and all(a["type"] == "order" for a in orders)
    illegal(st, {"type": "move", "uci": "e2e4"})  # first the order
    st = GAME.apply(st, 0, {"type": "order", "order": ["poison", "renfort", "dynamite"]})
    assert st.decks[0] == ["poison", "renfort", "dynamite", "sommeil"]
    assert st.must_move and not st.ordering
    assert GAME.view(st, 0)["known_top"] == ["poison", "renfort", "dynamite"]
    st = move(st, "e2e4")
    assert st.seat == 1 and st.decks[0][:3] == ["poison", "renfort", "dynamite"]


def test_prescience_short_deck_and_bad_orders() -> None:
    st = make(START, white=["prescience", *FILL], decks={"0": ["larcin", "renfort", "poison"]})
    illegal(st, "prescience", order=["larcin", "renfort"])  # the play takes no order
    st = card(st, "prescience")
    assert st.ordering == 2 and len(GAME.legal_actions(st, 0)) == 2
    illegal(st, {"type": "order", "order": ["renfort", "poison", "larcin"]})
    illegal(st, {"type": "order", "order": ["renfort", "renfort"]})
    illegal(st, {"type": "order", "order": ["renfort"]})
    illegal(st, {"type": "order", "order": "renfort,poison"})
    illegal(st, {"type": "order", "order": ["poison", "renfort"], "extra": 1})
    illegal(st, {"type": "card", "card": "poison", "squares": ["d1"]})
    st = GAME.apply(st, 0, {"type": "order", "order": ["poison", "renfort"]})
    assert st.decks[0] == ["poison", "renfort"]
    illegal(st, {"type": "order", "order": ["poison", "renfort"]})  # only once


def test_prescience_duplicate_cards_give_distinct_orders_only() -> None:
    st = make(START, white=["prescience", *FILL], decks={"0": ["poison", "larcin", "larcin", "renfort"]})
    st = card(st, "prescience")
    assert len(GAME.legal_actions(st, 0)) == 3


def test_prescience_greyed_with_empty_deck() -> None:
    st = make(START, white=["prescience", *FILL], decks={"0": []})
    assert not playable(st, "prescience")
    illegal(st, "prescience")


def test_prescience_known_cards_survive_determinization() -> None:
    import random

    st = make(START, white=["prescience", *FILL], decks={"0": ["larcin", "renfort", "dynamite", "poison", "sommeil"]})
    st = card(st, "prescience")
    st = GAME.apply(st, 0, {"type": "order", "order": ["poison", "renfort", "dynamite"]})
    for seed in range(5):
        d = GAME.determinize(st, 0, random.Random(seed))
        assert d.decks[0][:3] == ["poison", "renfort", "dynamite"]


# ------------------------------------------------------------------ #56 Rembobinage


def test_rembobinage_moves_the_piece_back() -> None:
    st = make(START, black=["rembobinage", *FILL])
    st = move(st, "g1f3")
    assert targetings(st, "rembobinage") == [{"squares": ["f3", "g1"]}]
    st = card(st, "rembobinage", "f3", "g1")
    assert piece(st, "g1") == "N" and piece(st, "f3") is None
    assert st.seat == 0 and len(st.hands[1]) == 4 and st.board.ep_square is None


def test_rembobinage_keeps_lost_castling_rights() -> None:
    st = make("4k3/8/8/8/8/8/8/4K2R w K - 0 1", black=["rembobinage", *FILL])
    st = move(st, "h1h4")
    st = card(st, "rembobinage", "h4", "h1")
    assert piece(st, "h1") == "R" and not st.board.has_castling_rights(chess.WHITE)


def test_rembobinage_greyed_after_capture_castling_promotion_en_passant() -> None:
    cases = [
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"),
        ("8/P6k/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
    ]
    for fen, uci in cases:
        st = move(make(fen, black=["rembobinage", *FILL]), uci)
        assert not playable(st, "rembobinage"), uci


def test_rembobinage_greyed_at_start_and_after_a_replace_card() -> None:
    st = make(START.replace(" w ", " b "), black=["rembobinage", *FILL])
    assert not playable(st, "rembobinage")
    st = make(START, white=["sommeil", *FILL], black=["rembobinage", *FILL])
    st = card(st, "sommeil", "g8")
    assert not playable(st, "rembobinage")
    illegal(st, "rembobinage", "g8", "g8")


def test_rembobinage_after_add_card_and_move() -> None:
    st = make(START, white=["poison", *FILL], black=["rembobinage", *FILL])
    st = move(card(st, "poison", "g1"), "g1f3")
    st = card(st, "rembobinage", "f3", "g1")
    assert piece(st, "g1") == "N" and statuses(st) == {"g1": ["poison"]}


def test_rembobinage_not_on_king_or_shielded_piece() -> None:
    st = make("4k3/8/8/8/8/8/8/4K3 w - - 0 1", black=["rembobinage", *FILL])
    st = move(st, "e1d2")
    assert not playable(st, "rembobinage")
    st = make(START, white=["bouclier", *FILL], black=["rembobinage", *FILL])
    st = move(card(st, "bouclier", "g1"), "g1f3")
    assert not playable(st, "rembobinage")
    illegal(st, "rembobinage", "f3", "g1")


def test_rembobinage_origin_must_be_empty_of_traps() -> None:
    # White's knight used its own trap square f3 (own pieces are unaffected), then left it.
    st = make("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", black=["rembobinage", *FILL], traps={"f3": 0})
    st = move(st, "g1f3")
    assert piece(st, "f3") == "N"
    st = move(st, "e8d8")
    st = move(st, "f3g5")
    assert not playable(st, "rembobinage")


def test_rembobinage_cures_discovered_check() -> None:
    st = make("4r1k1/8/8/8/4n3/8/8/4K3 b - - 0 1", white=["rembobinage", *FILL])
    st = move(st, "e4c5")
    assert st.king_attacked(chess.WHITE)
    assert targetings(st, "rembobinage") == [{"squares": ["c5", "e4"]}]
    st = card(st, "rembobinage", "c5", "e4")
    assert piece(st, "e4") == "n" and not st.king_attacked(chess.WHITE) and st.seat == 1


# ------------------------------------------------------------------ #57 Larcin


def test_larcin_steals_a_random_card_opponent_redraws() -> None:
    black = ["renfort", "dynamite", "prescience", "dissipation"]
    st = make(START, white=["larcin", *FILL], black=black, decks={"1": ["double_tour", "sommeil"]})
    white_deck = list(st.decks[0])
    nst = card(st, "larcin")
    stolen = nst.hands[0][-1]
    assert stolen in black
    assert nst.hands[0] == [*FILL, stolen]
    assert nst.decks[0] == white_deck  # no replacement draw
    rest = list(black)
    rest.remove(stolen)
    assert nst.hands[1] == [*rest, "double_tour"] and nst.decks[1] == ["sommeil"]
    assert nst.known_by_opp[0] == [stolen]
    assert GAME.view(nst, 1)["opponent_known"] == [stolen]
    assert GAME.view(nst, 0)["opponent_known"] == []
    spectator = [e for e in GAME.view(nst, None)["events"] if e["type"] == "steal"]
    assert spectator == [{"type": "steal", "by": 0}]
    mine = [e for e in GAME.view(nst, 0)["events"] if e["type"] == "steal"]
    assert mine == [{"type": "steal", "by": 0, "card": stolen}]
    assert nst.must_move
    # Deterministic from the game's seed.
    assert card(st, "larcin").hands[0] == nst.hands[0]


def test_larcin_opponent_with_empty_deck_hand_shrinks() -> None:
    st = make(START, white=["larcin", *FILL], black=["renfort"] * 4, decks={"1": []})
    st = card(st, "larcin")
    assert st.hands[0] == [*FILL, "renfort"] and st.hands[1] == ["renfort"] * 3


def test_larcin_greyed_when_opponent_hand_empty() -> None:
    st = make(START, white=["larcin", *FILL], black=[], decks={"1": []})
    assert not playable(st, "larcin")
    illegal(st, "larcin")


def test_larcin_stolen_card_can_be_played_next_turn() -> None:
    st = make(START, white=["larcin", *FILL], black=["prescience"] * 4,
              decks={"0": ["dynamite"] * 5, "1": []})
    st = move(card(st, "larcin"), "e2e4")
    assert st.known_by_opp[0] == ["prescience"]
    st = move(st, "e7e5")
    st = card(st, "prescience")
    st = GAME.apply(st, 0, {"type": "order", "order": ["dynamite"] * 3})
    assert st.must_move and st.hands[0] == [*FILL, "dynamite"]
    assert st.known_by_opp[0] == []


# ------------------------------------------------------------------ #58 Dissipation


def test_dissipation_clears_statuses_tokens_and_restrictions() -> None:
    st = make(START, white=["dissipation", *FILL],
              statuses={"e2": ["poison", "shield"], "g8": ["sleep"], "d7": ["dynamite"]}, traps={"e4": 1, "d5": 0})
    st.walls[chess.C4] = 1
    st.statuses[chess.B2] = frozenset({"converted", "poison"})
    st.restrictions = (Restriction("curfew", 0, chess.WHITE),)
    rules.begin_turn(st)
    assert playable(st, "dissipation")
    st = card(st, "dissipation")
    assert statuses(st) == {}
    assert st.statuses == {chess.B2: frozenset({"converted"})}
    assert st.walls == {} and st.traps == {} and st.restrictions == () and st.shield_until == {}
    assert st.seat == 1 and len(st.hands[0]) == 4
    st = move(st, "g8f6")  # the knight is awake again
    assert piece(st, "f6") == "n"


def test_dissipation_lifts_restriction_pending_for_opponent() -> None:
    st = make(START, white=["dissipation", *FILL])
    st.restrictions = (Restriction("truce", 1, chess.BLACK),)
    assert playable(st, "dissipation")
    st = card(st, "dissipation")
    assert st.restrictions == ()


def test_dissipation_greyed_when_nothing_to_dispel() -> None:
    st = make(START, white=["dissipation", *FILL])
    assert not playable(st, "dissipation")
    illegal(st, "dissipation")
    st.statuses[chess.B2] = frozenset({"converted"})
    assert not playable(st, "dissipation")
