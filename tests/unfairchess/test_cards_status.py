"""Group 1 — États (#1–#4): poison, sleep, shield, dynamite, and their triggers."""

from __future__ import annotations

import chess

from donjon.games.unfairchess import GAME
from donjon.games.unfairchess.state import State
from tests.unfairchess.util import card, illegal, make, move, piece, playable, statuses

START = chess.STARTING_FEN
KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
FILL = ["larcin", "prescience", "nouvelle_donne"]


def uci_moves(st: State) -> set[str]:
    return {m.uci() for m in st.moves or ()}


def event_types(st: State) -> list[str]:
    return [e["type"] for e in GAME.view(st, None)["events"]]


# ------------------------------------------------------------------ #1 Poison


def test_poison_marks_own_piece_then_normal_move() -> None:
    st = make(START, white=["poison", *FILL])
    st = card(st, "poison", "e2")
    assert statuses(st) == {"e2": ["poison"]} and st.must_move and st.seat == 0
    st = move(st, "e2e4")
    assert statuses(st) == {"e4": ["poison"]} and st.seat == 1


def test_poison_illegal_targets_and_greyed() -> None:
    st = make(START, white=["poison", *FILL], statuses={"e2": ["poison"]})
    illegal(st, "poison", "e2")  # already poisoned
    illegal(st, "poison", "e1")  # king
    illegal(st, "poison", "e7")  # enemy
    assert not playable(make(KINGS, white=["poison"]), "poison")


def test_poison_kills_the_capturer() -> None:
    st = make("4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1", statuses={"e4": ["poison"]})
    st = move(st, "d5e4")
    assert piece(st, "e4") is None and piece(st, "d5") is None
    assert st.removed == [{"p": 1}, {"p": 1}]
    assert {"type": "destroyed", "square": "e4", "piece": "p", "cause": "poison"} in st.events
    assert statuses(st) == {}


def test_poison_king_capturer_survives() -> None:
    st = make("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", statuses={"e2": ["poison"]})
    st = move(st, "e1e2")
    assert piece(st, "e2") == "K" and st.removed == [{}, {"p": 1}]


def test_poison_en_passant_capturer_dies() -> None:
    st = make("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", statuses={"d7": ["poison"]})
    st = move(st, "d7d5")
    assert statuses(st) == {"d5": ["poison"]}
    st = move(st, "e5d6")
    assert piece(st, "d6") is None and piece(st, "d5") is None and piece(st, "e5") is None
    assert st.removed == [{"p": 1}, {"p": 1}]


def test_poison_promotion_capture_destroys_promoted_piece() -> None:
    st = make("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", statuses={"b8": ["poison"]})
    st = move(st, "a7b8q")
    assert piece(st, "b8") is None and piece(st, "a7") is None
    assert st.removed == [{"q": 1}, {"r": 1}]
    assert not GAME.view(st, 1)["check"]


def test_poison_trigger_counts_for_king_safety() -> None:
    # The e2 rook is pinned on the e-file; taking the poisoned e5 pawn would kill it and open the file.
    fen = "4r1k1/8/8/4p3/8/8/4R3/4K3 w - - 0 1"
    assert "e2e5" in uci_moves(make(fen))
    st = make(fen, statuses={"e5": ["poison"]})
    assert "e2e5" not in uci_moves(st)
    assert "king" in illegal(st, {"type": "move", "uci": "e2e5"})
    assert "e2e4" in uci_moves(st)


def test_poison_not_triggered_by_destruction() -> None:
    # A poisoned piece caught in a dynamite blast dies alone: the blast's capturer is not hit twice.
    st = make("4k3/8/8/2pn4/4P3/8/8/4K3 w - - 0 1", statuses={"d5": ["dynamite"], "c5": ["poison"]})
    st = move(st, "e4d5")
    assert piece(st, "c5") is None and piece(st, "d5") is None
    assert st.removed == [{"p": 1}, {"n": 1, "p": 1}]
    assert event_types(st).count("explosion") == 1


# ------------------------------------------------------------------ #2 Sleep


def test_sommeil_puts_enemy_piece_to_sleep_and_ends_turn() -> None:
    st = make(START, white=["sommeil", *FILL])
    st = card(st, "sommeil", "g8")
    assert statuses(st) == {"g8": ["sleep"]} and st.seat == 1 and len(st.hands[0]) == 4
    assert not any(m.from_square == chess.G8 for m in st.moves or ())
    assert "asleep" in illegal(st, {"type": "move", "uci": "g8f6"})


def test_sommeil_illegal_targets_and_greyed() -> None:
    st = make(START, white=["sommeil", *FILL], statuses={"g8": ["sleep"], "b8": ["shield"]})
    illegal(st, "sommeil", "g8")  # already asleep
    illegal(st, "sommeil", "b8")  # shielded
    illegal(st, "sommeil", "e8")  # king
    illegal(st, "sommeil", "g1")  # own piece
    assert not playable(make(KINGS, white=["sommeil"]), "sommeil")
    only_asleep = make("4k3/p7/8/8/8/8/8/4K3 w - - 0 1", white=["sommeil"], statuses={"a7": ["sleep"]})
    assert not playable(only_asleep, "sommeil")


def test_sleeping_piece_still_attacks() -> None:
    st = make("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", statuses={"d8": ["sleep"]})
    assert "e1d1" not in uci_moves(st) and "e1d2" not in uci_moves(st) and "e1e2" in uci_moves(st)


def test_sleeping_rook_cannot_castle() -> None:
    st = make("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", statuses={"h8": ["sleep"]})
    assert "e8g8" not in uci_moves(st) and "e8c8" in uci_moves(st)


def test_sleepers_wake_when_a_king_is_checked() -> None:
    st = make("1n2k1n1/8/8/8/8/8/8/3R1K2 w - - 0 1", statuses={"b8": ["sleep"], "g8": ["sleep", "poison"]})
    assert not any(m.from_square in (chess.B8, chess.G8) for m in st.moves or ())
    st = move(st, "d1e1")
    assert statuses(st) == {"g8": ["poison"]}  # both woke at once; poison stays
    assert "wake" in event_types(st)
    assert "g8e7" in uci_moves(st)


def test_sleepers_wake_when_own_side_gives_check() -> None:
    st = make("1n1rk1n1/8/8/8/8/8/8/5K2 b - - 0 1", statuses={"b8": ["sleep"], "g8": ["sleep"]})
    st = move(st, "d8d1")
    assert GAME.view(st, 0)["check"] and statuses(st) == {}


def test_sleepers_wake_on_check_given_by_a_card() -> None:
    st = make("n7/8/8/8/4k3/8/8/4K3 w - - 0 1", white=["renfort"], statuses={"a8": ["sleep"]})
    st.removed[0]["p"] = 1
    st = card(st, "renfort", "d3")
    assert GAME.view(st, 1)["check"] and statuses(st) == {}


def test_sleep_without_check_persists() -> None:
    st = make(START, statuses={"g8": ["sleep"]})
    st = move(move(st, "e2e4"), "e7e5")
    assert statuses(st) == {"g8": ["sleep"]}


# ------------------------------------------------------------------ #3 Shield


def test_bouclier_blocks_capture_for_one_opponent_turn_then_expires() -> None:
    st = make("4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1", white=["bouclier", *FILL])
    st = card(st, "bouclier", "e2")
    assert st.must_move
    st = move(st, "e2e4")
    assert statuses(st) == {"e4": ["shield"]}
    assert "d5e4" not in uci_moves(st)
    assert "shielded" in illegal(st, {"type": "move", "uci": "d5e4"})
    st = move(st, "e8d8")
    assert statuses(st) == {}  # expired at the end of Black's turn
    st = move(st, "e1d1")
    assert "d5e4" in uci_moves(st)


def test_bouclier_blocks_en_passant_and_enemy_cards() -> None:
    st = make("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", white=["bouclier", *FILL], black=["sommeil", "dynamite"])
    st = move(card(st, "bouclier", "e2"), "e2e4")
    assert "d4e3" not in uci_moves(st)
    illegal(st, "sommeil", "e4")
    illegal(st, "dynamite", "e4")


def test_bouclier_greyed_and_illegal_targets() -> None:
    assert not playable(make(KINGS, white=["bouclier"]), "bouclier")
    st = make(START, white=["bouclier", *FILL])
    illegal(st, "bouclier", "e1")
    illegal(st, "bouclier", "e7")


def test_shielded_piece_still_gives_check() -> None:
    st = make("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", white=["bouclier", *FILL])
    st = move(card(st, "bouclier", "a1"), "a1a8")
    assert GAME.view(st, 1)["check"]
    assert uci_moves(st) == {"e8d7", "e8e7", "e8f7"}


# ------------------------------------------------------------------ #4 Dynamite


def test_dynamite_on_any_piece_replaces_the_move() -> None:
    st = make(START, white=["dynamite", *FILL], statuses={"b8": ["shield"]})
    st = card(st, "dynamite", "g8")
    # (the setup shield on b8 covered White's turn 0 only, so it is gone now)
    assert statuses(st) == {"g8": ["dynamite"]} and st.seat == 1
    st2 = make(START, white=["dynamite", *FILL], statuses={"b8": ["shield"], "g1": ["dynamite"]})
    illegal(st2, "dynamite", "b8")  # enemy shielded
    illegal(st2, "dynamite", "e8")  # king
    illegal(st2, "dynamite", "g1")  # already carrying
    assert piece(card(st2, "dynamite", "b1"), "b1") == "N"
    assert not playable(make(KINGS, white=["dynamite"]), "dynamite")


BLAST = "8/8/2bkN3/2pnn3/3BPP2/8/8/4K3 w - - 0 1"


def test_dynamite_blast_on_capture() -> None:
    st = make(BLAST, statuses={"d5": ["dynamite"], "e5": ["dynamite"], "c5": ["poison"], "c6": ["shield"],
                               "e6": ["shield"]})
    st = move(st, "e4d5")
    # Centre (the capturer) and every non-king neighbour go; the enemy shielded bishop and the
    # kings stay; the own shielded knight is not protected against its own side's blast.
    assert piece(st, "d5") is None and piece(st, "d4") is None and piece(st, "c5") is None
    assert piece(st, "e5") is None and piece(st, "e6") is None
    assert piece(st, "c6") == "b" and piece(st, "d6") == "k"
    assert piece(st, "f4") == "P"  # next to e5's dynamite: no chain reaction
    assert statuses(st) == {}  # the set-up shield lasted White's turn only
    assert st.removed == [{"p": 1, "b": 1, "n": 1}, {"n": 2, "p": 1}]
    assert event_types(st).count("explosion") == 1
    assert st.board.halfmove_clock == 0


def test_dynamite_capturer_explodes() -> None:
    st = make("4k3/8/8/8/p7/1p6/8/R3K3 w Q - 0 1", statuses={"a1": ["dynamite"]})
    st = move(st, "a1a4")
    assert piece(st, "a4") is None and piece(st, "b3") is None
    assert st.removed == [{"r": 1}, {"p": 2}]
    assert not st.board.has_queenside_castling_rights(chess.WHITE)


def test_dynamite_en_passant_blast_at_destination() -> None:
    st = make("4k3/2rp4/8/4P3/2n5/8/8/4K3 b - - 0 1", statuses={"d7": ["dynamite"]})
    st = move(st, "d7d5")
    st = move(st, "e5d6")
    assert piece(st, "d6") is None and piece(st, "d5") is None and piece(st, "c7") is None
    assert piece(st, "c4") == "n"  # next to d5 but not to d6
    assert st.removed == [{"p": 1}, {"p": 1, "r": 1}]


def test_dynamite_kings_survive_the_blast() -> None:
    st = make("8/8/8/1N2k3/2Kp4/8/8/8 w - - 0 1", statuses={"d4": ["dynamite"]})
    st = move(st, "b5d4")  # both kings stand next to the blast
    assert piece(st, "d4") is None and piece(st, "c4") == "K" and piece(st, "e5") == "k"
    assert st.removed == [{"n": 1}, {"p": 1}]
    # A king that takes a dynamite piece survives its own blast.
    st = make("8/8/4k3/8/3p4/3K4/8/8 w - - 0 1", statuses={"d4": ["dynamite"]})
    st = move(st, "d3d4")
    assert piece(st, "d4") == "K" and st.removed == [{}, {"p": 1}]


def test_dynamite_blast_illegal_if_it_exposes_own_king() -> None:
    fen = "4r1k1/8/8/8/3n4/2P1B3/8/4K3 w - - 0 1"
    assert "c3d4" in uci_moves(make(fen))
    st = make(fen, statuses={"d4": ["dynamite"]})
    assert "c3d4" not in uci_moves(st)
    illegal(st, {"type": "move", "uci": "c3d4"})
    assert "e3d4" not in uci_moves(st)  # the bishop itself would be blasted too


def test_dynamite_poison_capturer_dies_once() -> None:
    st = make("4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1", statuses={"e4": ["poison", "dynamite"]})
    st = move(st, "d5e4")
    assert piece(st, "e4") is None
    assert st.removed == [{"p": 1}, {"p": 1}]
    assert event_types(st).count("explosion") == 1
