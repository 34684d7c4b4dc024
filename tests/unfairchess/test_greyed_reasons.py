"""Greyed cards say why: the ``why`` code of each unplayable card in the seat's hand view.

One position per card that can be greyed (each card's own reason when it has no target at
all, the in-check case for the cards that always have one), then the gate's reasons (Silence,
a card already played, Foresight's pending order, not your turn), the referee's (Truce, an
add-to-move card leaving no normal move), the text table, the fast path and hidden hands.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from donjon.games.protocol import view_and_legal
from donjon.games.unfairchess import GAME, rules
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.reasons import LANGUAGES, REASONS, reason_text
from donjon.games.unfairchess.state import State

from .util import card, make, move

BARE = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
"""Two kings: most cards have nothing to target."""
KNIGHT_CHECK = "4k3/8/8/8/8/3n4/8/4K3 w - - 0 1"
"""White in check by a knight: no wall, trap or restriction ends it, nor sleep (it still attacks)."""
BOXED_KING = "4k3/8/8/8/8/8/6PP/6RK w - - 0 1"
"""White's king hemmed in by its own pieces."""
ONE_MOVE = "8/8/8/8/p7/6p1/P4k2/7K w - - 0 1"
"""White's only move is a2a3, after which it has none: Time Warp leaves no normal move."""

CASES: list[tuple[str, str, dict[str, Any], str]] = [
    # card, fen, extra setup options, expected why
    ("poison", BARE, {}, "no_own_piece"),
    ("sommeil", KNIGHT_CHECK, {}, "in_check"),
    ("bouclier", BARE, {}, "no_own_piece"),
    ("dynamite", BARE, {}, "no_target"),
    ("cavalcade", BARE, {}, "no_own_mover"),
    ("pas_de_geant", BARE, {}, "no_pawn"),
    ("repli", BARE, {}, "no_pawn"),
    ("pas_chasse", BARE, {}, "no_pawn"),
    ("catapulte", BARE, {}, "no_own_mover"),
    ("benediction", BARE, {}, "no_own_mover"),
    ("ligne_droite", BARE, {}, "no_own_mover"),
    ("passe_muraille", BARE, {}, "no_own_mover"),
    ("marche_forcee", BARE, {}, "no_pawn"),
    ("roque_libre", BARE, {}, "castle_blocked"),
    ("escapade_royale", BOXED_KING, {}, "no_own_mover"),
    ("charge", BARE, {}, "no_own_mover"),
    ("permutation", BARE, {}, "no_own_mover"),
    ("doublure", BARE, {}, "no_own_mover"),
    ("teleportation", BARE, {}, "no_own_mover"),
    ("chasse_croise", BARE, {}, "no_enemy_target"),
    ("jeu_de_miroirs", BARE, {}, "no_enemy_target"),
    ("rappel", BARE, {}, "no_own_mover"),
    ("exil", BARE, {}, "no_enemy_target"),
    ("bourrasque", BARE, {}, "no_enemy_target"),
    ("recul_force", BARE, {}, "no_enemy_target"),
    ("tir_d_elite", BARE, {}, "no_enemy_target"),
    ("fleche", BARE, {}, "no_enemy_target"),
    ("kamikaze", BARE, {}, "no_adjacent_enemy"),
    ("foudre", BARE, {}, "last_not_normal_move"),
    ("duel_de_pions", BARE, {}, "no_pawn"),
    ("percee", BARE, {}, "no_pawn"),
    ("detonateur", BARE, {}, "no_dynamite"),
    ("encerclement", BARE, {}, "no_enemy_target"),
    ("frappe_celeste", BARE, {}, "no_enemy_target"),
    ("blizzard", KNIGHT_CHECK, {}, "in_check"),
    ("couvre_feu", KNIGHT_CHECK, {}, "in_check"),
    ("treve", KNIGHT_CHECK, {}, "in_check"),
    ("muraille", KNIGHT_CHECK, {}, "in_check"),
    ("chausse_trappe", KNIGHT_CHECK, {}, "in_check"),
    ("provocation", BARE, {}, "no_enemy_target"),
    ("silence", KNIGHT_CHECK, {}, "in_check"),
    ("sables_mouvants", BARE, {}, "no_enemy_line_piece"),
    ("epuisement", BARE, {}, "last_moved_nothing"),
    ("adoubement", BARE, {}, "no_pawn"),
    ("couronnement", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", {}, "no_pawn_enemy_half"),
    ("degradation", BARE, {}, "no_enemy_target"),
    ("metamorphose", BARE, {}, "no_own_piece"),
    ("forge", BARE, {}, "no_own_piece"),
    ("abdication", BARE, {}, "no_enemy_target"),
    ("desertion", BARE, {}, "no_enemy_target"),
    ("trahison", BARE, {}, "no_enemy_target"),
    ("nouvelle_donne", BARE, {"decks": {"0": []}}, "deck_empty"),
    ("renfort", BARE, {}, "no_removed_pawn"),
    ("double_tour", ONE_MOVE, {}, "no_follow_move"),
    ("prescience", BARE, {"decks": {"0": []}}, "deck_empty"),
    ("rembobinage", BARE, {}, "last_not_normal_move"),
    ("larcin", BARE, {"hands": {"0": ["larcin"], "1": []}}, "opponent_hand_empty"),
    ("dissipation", BARE, {}, "nothing_to_dispel"),
]


def entry(st: State, seat: int, card_id: str) -> dict[str, Any]:
    view = GAME.view(st, seat)
    (e,) = [e for e in view["hand"] if e["card"] == card_id]
    return e


def check_agreement(st: State) -> None:
    for seat in (0, 1, None):
        assert GAME.view_and_legal(st, seat) == view_and_legal(GAME, st, seat) == (
            GAME.view(st, seat), GAME.legal_actions(st, seat) if seat is not None else [])
        if seat is not None:
            assert GAME.view_and_brief_legal(st, seat)[0] == GAME.view(st, seat)


def test_every_card_has_a_case() -> None:
    assert sorted(c for c, *_ in CASES) == sorted(CARDS)


@pytest.mark.parametrize(("card_id", "fen", "options", "why"), CASES, ids=[c[0] for c in CASES])
def test_greyed_card_says_why(card_id: str, fen: str, options: dict[str, Any], why: str) -> None:
    opts = dict(options)
    hands = opts.pop("hands", {"0": [card_id], "1": []})
    st = GAME.setup(2, 1, {"fen": fen, "hands": hands, **opts})
    assert not rules.card_playable(st, card_id)
    assert entry(st, 0, card_id) == {"card": card_id, "playable": False, "why": why}
    assert rules.card_why_not(st, card_id) == why
    check_agreement(st)


def test_king_cannot_move_under_curfew() -> None:
    # (A pawn keeps a legal move, so the exception does not lift the Curfew.)
    st = make("4k3/8/8/8/8/8/P7/4K3 b - - 0 1", white=["escapade_royale", "roque_libre", "doublure"],
              black=["couvre_feu"])
    st = move(card(st, "couvre_feu"), "e8d8")
    for c in ("escapade_royale", "roque_libre", "doublure"):
        assert entry(st, 0, c)["why"] == "king_cannot_move"
    check_agreement(st)


def test_last_move_reasons() -> None:
    # White's rook captures on a7: not quiet (Rewind), not a pawn, knight or bishop (Lightning).
    st = make("3k4/p7/8/8/8/8/8/R3K3 w - - 0 1", black=["rembobinage", "foudre", "epuisement"])
    st = move(st, "a1a7")
    assert entry(st, 1, "rembobinage")["why"] == "last_move_not_quiet"
    assert entry(st, 1, "foudre")["why"] == "last_mover_untargetable"
    check_agreement(st)
    # A king move: Exhaustion never targets a king.
    st = make("3k4/8/8/8/8/8/P7/4K3 w - - 0 1", black=["epuisement"])
    st = move(st, "e1f1")
    assert entry(st, 1, "epuisement")["why"] == "last_mover_untargetable"
    # A replace-move card that moved no piece (Truce): nothing moved, not a normal move.
    st = make("3k4/8/8/8/8/8/P7/4K3 w - - 0 1", white=["treve"], black=["epuisement", "rembobinage"])
    st = card(st, "treve")
    assert entry(st, 1, "epuisement")["why"] == "last_moved_nothing"
    assert entry(st, 1, "rembobinage")["why"] == "last_not_normal_move"
    check_agreement(st)


def test_silence_greys_every_card() -> None:
    st = make("4k3/p7/8/8/8/8/P7/4K3 b - - 0 1", white=["frappe_celeste", "bouclier"], black=["silence"])
    st = move(card(st, "silence"), "e8d8")
    view = GAME.view(st, 0)
    assert [e["why"] for e in view["hand"]] == ["silenced", "silenced"]
    check_agreement(st)


def test_truce_refuses_every_targeting() -> None:
    st = make("4k3/p7/8/8/8/8/8/4K3 b - - 0 1", white=["frappe_celeste"], black=["treve"])
    st = card(st, "treve")
    assert entry(st, 0, "frappe_celeste")["why"] == "truce"
    check_agreement(st)


def test_card_played_and_ordering() -> None:
    st = make("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", white=["bouclier", "poison", "prescience"])
    after = card(st, "bouclier", "a2")
    hand = {e["card"]: e for e in GAME.view(after, 0)["hand"]}
    assert hand["poison"] == {"card": "poison", "playable": False, "why": "card_played"}
    check_agreement(after)
    looking = card(st, "prescience")
    assert looking.ordering
    assert {e.get("why") for e in GAME.view(looking, 0)["hand"]} == {"ordering"}
    check_agreement(looking)


def test_in_check_a_card_that_ends_it_has_no_why() -> None:
    st = make(KNIGHT_CHECK, white=["sommeil", "frappe_celeste", "couvre_feu"])
    hand = {e["card"]: e for e in GAME.view(st, 0)["hand"]}
    assert hand["frappe_celeste"] == {"card": "frappe_celeste", "playable": True}
    assert hand["sommeil"]["why"] == hand["couvre_feu"]["why"] == "in_check"
    check_agreement(st)


def test_king_exposed_when_not_in_check() -> None:
    # The knight on d2 is pinned: moving it like a rook exposes the king.
    st = make("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", white=["ligne_droite"])
    assert entry(st, 0, "ligne_droite")["why"] == "king_exposed"
    check_agreement(st)


def test_playable_cards_carry_no_why_and_hands_stay_hidden() -> None:
    st = GAME.setup(2, 7)
    mine = GAME.view(st, 0)["hand"]
    for e in mine:
        assert ("why" in e) == (not e["playable"])
        if e["playable"]:
            assert e == {"card": e["card"], "playable": True}
    theirs = GAME.view(st, 1)
    assert all(e == {"card": e["card"], "playable": False, "why": "not_your_turn"} for e in theirs["hand"])
    # Seat 0 sees no entry of seat 1's hand, a spectator no hand at all.
    assert len(GAME.view(st, 0)["hand"]) == len(st.hands[0])
    assert "hand" not in GAME.view(st, None)
    check_agreement(st)


def test_game_over() -> None:
    st = make("4k3/8/8/8/8/8/5PPP/3r2K1 w - - 0 1", white=["poison"])
    assert st.result is not None
    assert entry(st, 0, "poison")["why"] == "game_over"


def test_every_code_has_three_texts() -> None:
    codes = {why for *_, why in CASES} | {eff.no_target for eff in CARD_EFFECTS.values() if eff.no_target}
    codes |= {"game_over", "not_your_turn", "card_played", "ordering", "silenced", "in_check",
              "king_exposed", "truce", "no_follow_move", "no_target", "king_cannot_move",
              "last_mover_untargetable", "last_move_not_quiet", "last_moved_nothing",
              "origin_occupied"}
    assert codes <= set(REASONS)
    assert set(REASONS) == codes, "a code no test produces"
    for code, texts in REASONS.items():
        assert set(texts) == set(LANGUAGES), code
        assert all(isinstance(v, str) and v.strip() for v in texts.values()), code
        assert reason_text(code, "de") == texts["en"]
    json.dumps(REASONS)


def test_random_games_every_greyed_card_has_a_known_reason() -> None:
    import random

    for g in range(3):
        rng = random.Random(g)
        st = GAME.setup(2, g)
        for _ in range(40):
            if st.result is not None:
                break
            for seat in (0, 1):
                for e in GAME.view(st, seat)["hand"]:
                    assert e["playable"] == (seat == st.seat and rules.card_playable(st, e["card"]))
                    assert ("why" in e) == (not e["playable"])
                    if not e["playable"]:
                        assert e["why"] in REASONS
            st = GAME.apply(st, st.seat, rng.choice(GAME.legal_actions(st, st.seat)))
