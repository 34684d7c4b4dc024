"""Global rules of UnfairChess through the engine: chess, hands, card timing, check, the end, B.3-4."""

from __future__ import annotations

from collections import Counter

import chess
import pytest

from donjon.games import IllegalAction
from donjon.games.unfairchess import GAME
from donjon.games.unfairchess.catalogue import DECK
from donjon.games.unfairchess.state import State
from tests.unfairchess.util import card, illegal, make, move, piece, statuses

START = chess.STARTING_FEN
# Cards that never cure a check nor matter here: Poison and Shield add, Sleep replaces.
FILL = ["poison", "bouclier", "sommeil"]
NONE: list[str] = []


def uci_moves(st: State) -> set[str]:
    return {m.uci() for m in st.moves or ()}


# ------------------------------------------------------------------ standard chess


def test_castling_both_sides_and_rights() -> None:
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    st = move(make(fen), "e1g1")
    assert piece(st, "g1") == "K" and piece(st, "f1") == "R" and piece(st, "h1") is None
    assert not st.board.has_castling_rights(chess.WHITE)
    st = move(st, "e8c8")
    assert piece(st, "c8") == "k" and piece(st, "d8") == "r" and piece(st, "a8") is None


def test_castling_refused_through_check_or_after_king_moved() -> None:
    st = make("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    st = move(move(move(st, "e1f1"), "e8d8"), "f1e1")
    st = move(st, "d8e8")
    assert "e1g1" not in uci_moves(st) and "e1c1" not in uci_moves(st)
    illegal(st, {"type": "move", "uci": "e1g1"})
    # A black rook on f8 covers f1: kingside castling passes through check.
    st = make("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert "e1g1" not in uci_moves(st) and "e1c1" in uci_moves(st)


def test_en_passant_only_right_after_the_double_step() -> None:
    st = make("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    st = move(st, "d7d5")
    assert "e5d6" in uci_moves(st)
    after = move(st, "e5d6")
    assert piece(after, "d6") == "P" and piece(after, "d5") is None
    assert after.removed[1] == {"p": 1}
    late = move(move(st, "e1e2"), "e8e7")
    assert "e5d6" not in uci_moves(late)
    illegal(late, {"type": "move", "uci": "e5d6"})


def test_en_passant_kept_after_an_add_card() -> None:
    st = make("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", white=["bouclier", *FILL])
    st = move(st, "d7d5")
    st = card(st, "bouclier", "e5")
    assert "e5d6" in uci_moves(st)
    st = move(st, "e5d6")
    assert piece(st, "d5") is None and piece(st, "d6") == "P"


def test_promotion_choice_and_missing_piece() -> None:
    st = make("7k/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert {"a7a8q", "a7a8r", "a7a8b", "a7a8n"} <= uci_moves(st)
    reason = illegal(st, {"type": "move", "uci": "a7a8"})
    assert "promotion" in reason
    assert piece(move(st, "a7a8n"), "a8") == "N"


def test_check_must_be_answered() -> None:
    st = make("4k3/8/8/8/8/8/P7/4K2r w - - 0 1", white=FILL)
    assert GAME.view(st, 0)["check"]
    assert uci_moves(st) == {"e1d2", "e1e2", "e1f2"}
    illegal(st, {"type": "move", "uci": "a2a3"})


def test_checkmate_ends_the_game_when_no_card_saves() -> None:
    st = make(START, white=FILL, black=FILL)
    for uci in ("f2f3", "e7e5", "g2g4"):
        st = move(st, uci)
    st = move(st, "d8h4")
    assert st.moves == []
    out = GAME.outcome(st)
    assert out is not None and out.reason == "checkmate"
    assert out.winners == (1,) and out.losers == (0,) and out.scores == (0.0, 1.0)
    assert GAME.view(st, None)["outcome"]["reason"] == "checkmate"
    assert GAME.to_act(st) == []
    illegal(st, {"type": "move", "uci": "e1f2"})
    illegal(st, "poison", "d1")


def test_black_checkmated_scores() -> None:
    st = make("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", black=FILL)
    st = move(st, "a1a8")
    out = GAME.outcome(st)
    assert out is not None and out.reason == "checkmate" and out.winners == (0,) and out.scores == (1.0, 0.0)


def test_stalemate_is_a_draw() -> None:
    st = make("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", black=NONE)
    st = move(st, "f1f7")
    out = GAME.outcome(st)
    assert out is not None and out.reason == "stalemate" and out.draw
    assert out.winners == () and out.scores == (0.5, 0.5)


def test_stalemate_with_a_playable_card_goes_on() -> None:
    # Sleep on the white queen is legal for Black: no normal move, but a card, so no stalemate.
    st = make("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", black=["sommeil"])
    st = move(st, "f1f7")
    assert GAME.outcome(st) is None and st.moves == []
    assert GAME.view(st, 1)["can_save"]
    st = card(st, "sommeil", "f7")
    assert st.seat == 0 and statuses(st) == {"f7": ["sleep"]}


# ------------------------------------------------------------------ hands and decks


def test_hands_start_with_four_and_decks_share_the_multiset() -> None:
    st = GAME.setup(2, 12345)
    assert [len(h) for h in st.hands] == [4, 4]
    assert [len(d) for d in st.decks] == [140, 140]
    full = Counter(DECK)
    assert sum(full.values()) == 144
    for seat in (0, 1):
        assert Counter(st.hands[seat] + st.decks[seat]) == full
    assert st.hands[0] + st.decks[0] != st.hands[1] + st.decks[1]
    again = GAME.setup(2, 12345)
    assert again.hands == st.hands and again.decks == st.decks
    other = GAME.setup(2, 54321)
    assert other.hands[0] + other.decks[0] != st.hands[0] + st.decks[0]


def _total(st: State, seat: int) -> int:
    return len(st.hands[seat]) + len(st.decks[seat]) + sum(1 for d in st.discard if d["seat"] == seat)


def test_draw_on_play_discard_is_public_and_cards_are_conserved() -> None:
    st = make(START, white=["poison", "nouvelle_donne", "sommeil", "bouclier"], black=["sommeil", *FILL])
    top = st.decks[0][0]
    st = card(st, "poison", "b1")
    assert len(st.hands[0]) == 4 and st.hands[0][-1] == top and len(st.decks[0]) == 139
    assert _total(st, 0) == 144
    st = move(st, "b1c3")
    st = card(st, "sommeil", "c3")
    assert _total(st, 1) == 144
    for seat in (0, 1, None):
        assert [d["card"] for d in GAME.view(st, seat)["discard"]] == ["poison", "sommeil"]
    st = move(card(st, "nouvelle_donne"), "e2e4")
    assert _total(st, 0) == 144 and len(st.hands[0]) == 4 and len(st.decks[0]) == 135
    # The discard never returns: its cards are nowhere else.
    assert [d["card"] for d in st.discard][:2] == ["poison", "sommeil"]


def test_empty_deck_no_reshuffle_hand_shrinks() -> None:
    st = make(START, white=["poison", "bouclier", "poison", "bouclier"], decks={"0": []})
    st = move(card(st, "poison", "b1"), "b1c3")
    assert st.hands[0] == ["bouclier", "poison", "bouclier"] and st.decks[0] == []
    st = move(st, "e7e5")
    st = move(card(st, "bouclier", "c3"), "c3d5")
    assert len(st.hands[0]) == 2 and st.decks[0] == []
    assert _total(st, 0) == 4


# ------------------------------------------------------------------ card timing


def test_add_card_then_normal_move_same_seat_one_card_per_turn() -> None:
    st = make(START, white=["poison", "bouclier", "sommeil", "dynamite"])
    st = card(st, "poison", "e2")
    assert st.must_move and GAME.to_act(st) == [0] and st.turn_no == 0
    reason = illegal(st, "bouclier", "e2")
    assert "normal move" in reason
    assert not any(h["playable"] for h in GAME.view(st, 0)["hand"])
    assert all(a["type"] == "move" for a in GAME.legal_actions(st, 0))
    st = move(st, "e2e4")
    assert st.seat == 1 and st.turn_no == 1 and not st.must_move
    assert statuses(st) == {"e4": ["poison"]}


def test_replace_card_ends_the_turn() -> None:
    st = make(START, white=["sommeil", *FILL])
    st = card(st, "sommeil", "g8")
    assert st.seat == 1 and st.turn_no == 1 and not st.must_move


def test_cards_only_on_your_own_turn() -> None:
    st = make(START, white=FILL, black=["poison", *FILL])
    assert [h["playable"] for h in GAME.view(st, 1)["hand"]] == [False] * 4
    assert any(h["playable"] for h in GAME.view(st, 0)["hand"])
    before = GAME.dump(st)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, 1, {"type": "card", "card": "poison", "squares": ["d8"]})
    assert "not your turn" in info.value.reason
    assert GAME.dump(st) == before
    assert GAME.legal_actions(st, 1) == []


def test_card_not_in_hand_refused() -> None:
    st = make(START, white=["poison"] * 4)
    assert "do not hold" in illegal(st, "bouclier", "e2")


def test_in_check_only_curing_cards_playable() -> None:
    # Black's knight left e4, uncovering the e8 rook: Rewind and Time Warp cure, the others do not.
    st = make("4r1k1/8/8/8/4n3/8/P7/4K3 b - - 0 1", white=["rembobinage", "poison", "sommeil", "double_tour"])
    st = move(st, "e4c5")
    hand = {h["card"]: h["playable"] for h in GAME.view(st, 0)["hand"]}
    assert hand == {"rembobinage": True, "poison": False, "sommeil": False, "double_tour": True}
    illegal(st, "sommeil", "e8")  # the sleeping rook would still give check (D5)
    illegal(st, "poison", "a2")  # an add card must cure by itself
    illegal(st, "double_tour", "a2", "a3")


# ------------------------------------------------------------------ a card can still save you


BACK_RANK = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"


def test_a_card_can_still_save_you() -> None:
    st = make(BACK_RANK, white=["rembobinage", *FILL])
    st = move(st, "a8a1")
    assert st.moves == [] and st.king_attacked(chess.WHITE)
    assert GAME.outcome(st) is None and GAME.to_act(st) == [0]
    view = GAME.view(st, 0)
    assert view["can_save"] and view["check"]
    assert {h["card"]: h["playable"] for h in view["hand"]} == {
        "rembobinage": True, "poison": False, "bouclier": False, "sommeil": False}
    assert GAME.legal_actions(st, 0) == [{"type": "card", "card": "rembobinage", "squares": ["a1", "a8"]}]
    illegal(st, {"type": "move", "uci": "g1f1"})
    st = card(st, "rembobinage", "a1", "a8")
    assert piece(st, "a8") == "r" and st.seat == 1 and GAME.outcome(st) is None


def test_without_a_saving_card_it_is_checkmate() -> None:
    st = make(BACK_RANK, white=FILL)
    st = move(st, "a8a1")
    out = GAME.outcome(st)
    assert out is not None and out.reason == "checkmate" and out.winners == (1,)
    assert not GAME.view(st, 0)["can_save"]


# ------------------------------------------------------------------ no-legal-move exception (B.3-4)

# White's only legal move is a3a4 (g2 blocked, g1 covered by h2, h2 guarded by g3).
LOCKED = "4k3/8/8/p7/8/P5p1/6Pp/7K b - - 0 1"


def test_exception_lifts_sleep_when_it_leaves_no_move() -> None:
    st = make(LOCKED, black=["sommeil", *FILL])
    st = card(st, "sommeil", "a3")
    view = GAME.view(st, 0)
    assert view["exception"] and GAME.outcome(st) is None
    assert uci_moves(st) == {"a3a4"}
    st = move(st, "a3a4")
    assert piece(st, "a4") == "P"
    assert statuses(st) == {"a4": ["sleep"]}  # statuses kept, the sleeper did not wake
    assert not GAME.view(st, 1)["exception"]


def test_exception_lifts_shield_on_the_only_capture() -> None:
    # White shields its queen and checks; Black's only legal move is to take the queen.
    st = make("7k/8/8/8/8/8/8/K5Q1 w - - 0 1", white=["bouclier", *FILL], black=FILL)
    st = move(card(st, "bouclier", "g1"), "g1g7")
    assert statuses(st) == {"g7": ["shield"]}
    view = GAME.view(st, 1)
    assert view["exception"] and view["check"] and GAME.outcome(st) is None
    assert uci_moves(st) == {"h8g7"}
    st = move(st, "h8g7")
    assert piece(st, "g7") == "k" and st.removed[0] == {"q": 1}


def test_exception_not_for_real_stalemate() -> None:
    # The sleeping a5 pawn is blocked anyway: no plain move either, so it is a true stalemate.
    st = make("7k/8/6K1/p7/P7/8/8/5Q2 w - - 0 1", black=NONE, statuses={"a5": ["sleep"]})
    st = move(st, "f1f7")
    out = GAME.outcome(st)
    assert out is not None and out.reason == "stalemate"
    assert not st.suspended


# ------------------------------------------------------------------ D6 and walls that are about to go


def test_king_may_not_shelter_behind_a_wall_that_expires_this_turn() -> None:
    # White's wall on f7 stands during Black's turn only; at its end the h7 rook sees the 7th rank
    # again, so Black may not end the turn with the king on c7, d7 or e7 (D6).
    st = make("3k4/7R/8/8/8/8/8/4K3 w - - 0 1", white=["muraille", *FILL])
    st = move(card(st, "muraille", "f7"), "e1d1")
    assert st.walls == {chess.F7: 1}
    assert uci_moves(st) == {"d8c8", "d8e8"}
    illegal(st, {"type": "move", "uci": "d8d7"})
    st = move(st, "d8e8")
    assert st.walls == {} and not st.king_attacked(chess.BLACK)
