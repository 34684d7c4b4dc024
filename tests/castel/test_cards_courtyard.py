"""Scenario tests for the 21 courtyard cards: effect, requirement not met, protected target."""

from __future__ import annotations

from donjon.games.castel import GAME
from donjon.games.castel.board import COURTYARD
from tests.castel.util import (
    act,
    draw,
    effect,
    first_targets,
    illegal,
    make,
    place,
    place_action,
    squares_for,
    targets_of,
    where,
)

# ---------------------------------------------------------------- Roi / King


def test_roi_sends_back_every_adjacent_card_except_the_queen() -> None:
    st = make(hands={0: ["roi", "mendiant"], 1: ["page"]},
              castle={(1, 2): [("reine", 1)], (1, 1): ["courtisan"], (3, 3): [("pretre", 0)], (0, 2): [("soldat_1", 1)],
                      (4, 4): [("echanson", 1)]})
    st = place(st, "roi", (2, 2))
    assert where(st, "reine") == (1, 2)
    assert where(st, "courtisan") == "exchange"  # no token
    assert where(st, "pretre") == "hand:0"  # mandatory even against the placer
    assert where(st, "echanson") == (4, 4)  # not adjacent
    assert where(st, "soldat_1") == (0, 2)  # (0, 2) is not adjacent to (2, 2)
    sent = [e["card"] for e in st.events if e["type"] == "send_back"]
    assert sorted(sent) == ["courtisan", "pretre"]


def test_roi_only_on_a_free_courtyard_square() -> None:
    st = make(hands={0: ["roi", "mendiant"]}, castle={(2, 2): [("page", 1)]})
    assert (2, 2) not in squares_for(st, "roi") and len(squares_for(st, "roi")) == 15
    assert "taken" in illegal(st, place_action("roi", (2, 2)))
    assert "courtyard" in illegal(st, place_action("roi", (0, 2)))
    assert "courtyard" in illegal(st, place_action("roi", "outside"))


def test_roi_protected_neighbours_stay_and_stacks_come_apart_from_the_top() -> None:
    st = make(hands={0: ["roi", "mendiant"], 1: ["page"]},
              castle={(1, 1): [("courtisan", 1), ("chevalier_1", 0)], (2, 3): [("ambassadeur", 1)]})
    st = place(st, "roi", (2, 2))
    assert where(st, "chevalier_1") == "hand:0"
    assert where(st, "courtisan") == (1, 1)  # it was protected when the King arrived
    assert where(st, "ambassadeur") == (2, 3)


# ---------------------------------------------------------------- Reine / Queen


def test_reine_sends_back_the_mistress_wherever_she_is() -> None:
    st = make(hands={0: ["reine", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (4, 4): [("favorite", 1)]})
    st = place(st, "reine", (2, 3))
    assert where(st, "favorite") == "hand:1" and where(st, "reine") == (2, 3)


def test_reine_must_arrive_next_to_the_king_of_any_colour() -> None:
    st = make(hands={0: ["reine", "mendiant"]})
    assert squares_for(st, "reine") == set()
    assert "next to the King" in illegal(st, place_action("reine", (2, 2)))
    st = make(hands={0: ["reine", "mendiant"]}, castle={(1, 1): [("roi", 1)]})
    assert squares_for(st, "reine") == {(1, 2), (2, 1), (2, 2)}
    assert "next to the King" in illegal(st, place_action("reine", (3, 3)))


def test_reine_cannot_send_back_a_protected_mistress() -> None:
    st = make(hands={0: ["reine", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (4, 4): [("favorite", 1), ("chevalier_2", 1)]})
    st = place(st, "reine", (2, 3))
    assert where(st, "favorite") == (4, 4)
    assert any(e["type"] == "no_target" for e in st.events)


# ---------------------------------------------------------------- Favorite / Mistress


def test_favorite_does_the_kings_deed_except_the_king() -> None:
    st = make(hands={0: ["favorite", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (2, 3): [("courtisan", 1)], (3, 4): [("bailli", 0)]})
    st = place(st, "favorite", (3, 3))
    assert where(st, "roi") == (2, 2)
    assert where(st, "courtisan") == "hand:1" and where(st, "bailli") == "hand:0"


def test_favorite_only_while_the_queen_is_not_in_the_castle() -> None:
    st = make(hands={0: ["favorite", "mendiant"]}, castle={(2, 2): [("roi", 1)], (2, 3): [("reine", 1)]})
    assert squares_for(st, "favorite") == set()
    assert "Queen is in the castle" in illegal(st, place_action("favorite", (4, 4)))
    # A Queen moved outside the walls by the Fairy is no longer in the castle.
    st = make(hands={0: ["favorite", "mendiant"]}, outside=[[("reine", 1)]])
    assert len(squares_for(st, "favorite")) == 16


def test_favorite_leaves_protected_neighbours() -> None:
    st = make(hands={0: ["favorite", "mendiant"], 1: ["page"]},
              castle={(2, 3): [("courtisan", 1), ("chevalier_1", 1)], (3, 4): [("ambassadeur", 1)]})
    st = place(st, "favorite", (3, 3))
    assert where(st, "courtisan") == (2, 3) and where(st, "chevalier_1") == "hand:1"
    assert where(st, "ambassadeur") == (3, 4)


# ---------------------------------------------------------------- Princesse / Prince


def test_princesse_sends_back_one_adjacent_card_of_your_choice() -> None:
    st = make(hands={0: ["princesse", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (3, 3): [("courtisan", 1)], (1, 1): [("echanson", 1)]})
    st = place(st, "princesse", (2, 3))
    assert st.pending is not None and st.pending.effect == "princesse"
    assert first_targets(st) == {"roi", "courtisan"}  # (1, 1) is not adjacent to (2, 3)
    st = effect(st, "courtisan")
    assert where(st, "courtisan") == "hand:1" and st.pending is None and st.actions_left == 1


def test_princesse_needs_the_king_or_the_queen() -> None:
    st = make(hands={0: ["princesse", "mendiant"]}, castle={(4, 4): [("reine", 1)]})
    assert squares_for(st, "princesse") == {(3, 3), (3, 4), (4, 3)}
    assert "next to the King or the Queen" in illegal(st, place_action("princesse", (1, 1)))


def test_princesse_cannot_target_a_protected_card() -> None:
    st = make(hands={0: ["princesse", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1), ("chevalier_1", 1)], (3, 3): [("courtisan", 1)]})
    st = place(st, "princesse", (2, 3))
    assert first_targets(st) == {"chevalier_1", "courtisan"}
    reason = illegal(st, {"type": "effect", "targets": ["roi"]})
    assert "protected" in reason and "Knight" in reason


def test_prince_next_to_the_princess_sends_back_one_adjacent_card() -> None:
    st = make(hands={0: ["prince", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("princesse", 1)], (3, 3): [("ambassadeur", 1)], (3, 2): [("bailli", 1)]})
    assert squares_for(st, "prince") == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 3)} - {(3, 3)}
    st = place(st, "prince", (2, 3))
    assert first_targets(st) == {"princesse", "bailli"}  # the Ambassador is protected
    st = effect(st, "princesse")
    assert where(st, "princesse") == "hand:1"


def test_prince_requirement_not_met() -> None:
    st = make(hands={0: ["prince", "mendiant"]}, castle={(2, 2): [("roi", 1)]})
    assert squares_for(st, "prince") == set()
    assert "next to the Princess" in illegal(st, place_action("prince", (2, 3)))


def test_prince_protected_target_refused() -> None:
    st = make(hands={0: ["prince", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("princesse", 1)], (1, 1): [("pretre", 1)], (1, 2): [("courtisan", 1)],
                      (3, 3): [("bailli", 0)]})
    st = place(st, "prince", (2, 3))
    assert first_targets(st) == {"bailli"}  # the Priest of their colour is next to the others
    assert "Priest" in illegal(st, {"type": "effect", "targets": ["courtisan"]})


# ---------------------------------------------------------------- Dame de compagnie / Lady-in-waiting


def test_dame_de_compagnie_sends_back_an_adjacent_male_card() -> None:
    st = make(hands={0: ["dame_de_compagnie", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("reine", 1)], (3, 3): [("courtisan", 1)], (2, 4): [("nourrice", 1)]})
    st = place(st, "dame_de_compagnie", (2, 3))
    assert first_targets(st) == {"courtisan"}  # not the Queen, not the Nurse: women
    st = effect(st, "courtisan")
    assert where(st, "courtisan") == "hand:1"
    st = make(hands={0: ["dame_de_compagnie", "mendiant"]}, castle={(2, 2): [("reine", 1)]})
    st = place(st, "dame_de_compagnie", (2, 3))
    assert st.pending is None and any(e["type"] == "no_target" for e in st.events)


def test_dame_de_compagnie_needs_the_queen_or_the_princess() -> None:
    st = make(hands={0: ["dame_de_compagnie", "mendiant"]}, castle={(2, 2): [("roi", 1)]})
    assert squares_for(st, "dame_de_compagnie") == set()
    assert "Queen or the Princess" in illegal(st, place_action("dame_de_compagnie", (2, 3)))


def test_dame_de_compagnie_protected_male_not_offered() -> None:
    st = make(hands={0: ["dame_de_compagnie", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("princesse", 1)], (3, 3): [("courtisan", 1), ("chevalier_1", 1)]})
    st = place(st, "dame_de_compagnie", (2, 3))
    assert first_targets(st) == {"chevalier_1"}
    assert "protected" in illegal(st, {"type": "effect", "targets": ["courtisan"]})


# ---------------------------------------------------------------- Courtisan / Courtier


def test_courtisan_next_to_the_king_has_no_effect() -> None:
    st = make(hands={0: ["courtisan", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (2, 4): [("bailli", 1)]})
    before = {c: where(st, c) for c in ("roi", "bailli")}
    st = place(st, "courtisan", (2, 3))
    assert {c: where(st, c) for c in ("roi", "bailli")} == before and st.pending is None


def test_courtisan_requirement_not_met() -> None:
    st = make(hands={0: ["courtisan", "mendiant"]}, castle={(2, 2): [("reine", 1)]})
    assert squares_for(st, "courtisan") == set()
    assert "next to the King" in illegal(st, place_action("courtisan", (2, 3)))


# ---------------------------------------------------------------- Intrigant / Schemer


def test_intrigant_swaps_two_different_token_states_even_protected() -> None:
    st = make(hands={0: ["intrigant", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1), ("chevalier_1", 1)], (4, 4): ["courtisan"], (0, 1): [("soldat_1", 0)]})
    st = place(st, "intrigant", (1, 4))
    pairs = {tuple(t) for t in targets_of(st)}
    assert ("roi", "chevalier_1") not in pairs  # same token state
    assert ("roi", "courtisan") in pairs and ("courtisan", "roi") in pairs  # protection does not matter
    st = effect(st, "roi", "courtisan")
    assert "roi" not in st.tokens and st.tokens["courtisan"] == 1


def test_intrigant_never_next_to_the_priest() -> None:
    st = make(hands={0: ["intrigant", "mendiant"]}, castle={(2, 2): [("pretre", 1)]})
    assert squares_for(st, "intrigant") == set(COURTYARD) - {
        (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)}
    assert "next to the Priest" in illegal(st, place_action("intrigant", (1, 1)))


def test_intrigant_swap_moves_the_priests_protection() -> None:
    # The Priest (seat 1) protects the Page (seat 1); once the Page's token is swapped for
    # seat 0's, the Page is no longer protected.
    st = make(hands={0: ["intrigant", "mendiant"], 1: ["echanson"]},
              castle={(1, 1): [("pretre", 1)], (1, 2): [("page", 1)], (0, 1): [("soldat_1", 0)]})
    assert st.is_protected("page")
    st = place(st, "intrigant", (4, 4))
    st = effect(st, "page", "soldat_1")
    assert st.tokens["page"] == 0 and not st.is_protected("page") and st.is_protected("pretre") is False


# ---------------------------------------------------------------- Bouffon / Jester


def test_bouffon_gives_a_hand_card_to_another_player() -> None:
    st = make(3, hands={0: ["bouffon", "mendiant", "page"], 1: ["echanson"], 2: ["nourrice"]})
    st = place(st, "bouffon", (2, 2))
    assert {(t[0], t[1]) for t in targets_of(st)} == {(c, s) for c in ("mendiant", "page") for s in (1, 2)}
    st = effect(st, "page", 2)
    assert where(st, "page") == "hand:2"
    assert "page" in st.known[0][2] and "page" not in st.known[1][2] and "page" not in st.known[3][2]
    gift = next(e for e in st.events if e["type"] == "give")
    assert "card" not in GAME.view(st, 1)["events"][st.events.index(gift)]
    assert GAME.view(st, 2)["events"][st.events.index(gift)]["card"] == "page"


def test_bouffon_three_players_or_more() -> None:
    assert GAME.setup(2, 1).box == ["bouffon", "fou"]
    assert "bouffon" not in [c for s in range(2) for c in GAME.setup(2, 7).hands[s]]


def test_bouffon_with_an_empty_hand_is_skipped_and_wins() -> None:
    st = make(3, hands={0: ["bouffon"], 1: ["echanson"], 2: ["nourrice"]})
    st = place(st, "bouffon", (2, 2))
    assert st.result is not None and st.result.winners == (0,)


# ---------------------------------------------------------------- Fou / Fool


def test_fou_every_hand_passes_a_random_card_to_the_left() -> None:
    st = make(3, hands={0: ["fou", "mendiant"], 1: ["echanson", "page"], 2: []}, piles={0: ["bailli"], 2: ["nourrice"]})
    st = place(st, "fou", (2, 2))
    # Seat 0 passes the Beggar to seat 1, seat 1 a random card to seat 2; seat 2 has none.
    assert where(st, "mendiant") == "hand:1"
    assert [len(h) for h in st.hands] == [0, 2, 1] and st.result is None
    passed = [c for c in ("echanson", "page") if where(st, c) == "hand:2"]
    assert len(passed) == 1
    assert passed[0] in st.known[1][2] and passed[0] not in st.known[0][2]
    again = place(make(3, hands={0: ["fou", "mendiant"], 1: ["echanson", "page"], 2: []},
                       piles={0: ["bailli"], 2: ["nourrice"]}),
                  "fou", (2, 2))
    assert GAME.dump(again) == GAME.dump(st)  # the chance is seeded


def test_fou_three_players_or_more() -> None:
    assert "fou" in GAME.setup(2, 1).box
    st = make(3, hands={0: ["fou"], 1: [], 2: []}, piles={1: ["page"], 2: ["echanson"]})
    st = place(st, "fou", (2, 2))
    assert st.result is not None and st.result.winners == (0,)


def test_fou_wrong_zone_refused() -> None:
    st = make(3, hands={0: ["fou", "mendiant"]})
    assert "courtyard" in illegal(st, place_action("fou", (0, 0)))


# ---------------------------------------------------------------- Prêtre / Priest


def test_pretre_protects_adjacent_cards_of_his_colour_not_himself() -> None:
    st = make(hands={0: ["pretre", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 0)], (2, 4): [("courtisan", 1)], (1, 1): [("bailli", 0)]})
    st = place(st, "pretre", (2, 3))
    assert st.is_protected("roi") and not st.is_protected("courtisan")
    assert not st.is_protected("bailli")  # not adjacent to (2, 3)
    assert not st.is_protected("pretre")


def test_pretre_without_a_token_protects_nothing() -> None:
    st = make(hands={0: ["mendiant"]}, castle={(2, 3): ["pretre"], (2, 2): [("roi", 0)], (2, 4): ["courtisan"]})
    assert not st.is_protected("roi") and not st.is_protected("courtisan")


def test_pretre_only_in_the_courtyard() -> None:
    st = make(hands={0: ["pretre", "mendiant"]})
    assert "courtyard" in illegal(st, place_action("pretre", (0, 1)))


# ---------------------------------------------------------------- Ambassadeur / Ambassador


def test_ambassadeur_is_never_sent_back_moved_or_assassinated() -> None:
    st = make(hands={0: ["assassin", "roi"], 1: ["page"]}, castle={(2, 2): [("ambassadeur", 1)]})
    st = place(st, "assassin", (2, 3))
    assert st.pending is None and where(st, "ambassadeur") == (2, 2)
    st = place(st, "roi", (3, 3))
    assert where(st, "ambassadeur") == (2, 2)
    st = make(hands={0: ["fee", "dragon"], 1: ["page"]}, castle={(2, 2): [("ambassadeur", 1)]})
    assert st.is_protected("ambassadeur")
    st = place(st, "fee", "outside")
    assert st.pending is None  # nothing else in play to move


def test_ambassadeur_only_in_the_courtyard() -> None:
    st = make(hands={0: ["ambassadeur", "mendiant"]})
    assert len(squares_for(st, "ambassadeur")) == 16
    assert "courtyard" in illegal(st, place_action("ambassadeur", (0, 0)))


# ---------------------------------------------------------------- Hérault / Herald


def test_herault_opens_every_hand_while_in_play() -> None:
    st = make(hands={0: ["herault", "mendiant", "page"], 1: ["echanson", "nourrice"]}, castle={(2, 2): [("roi", 1)]})
    assert "hands" not in GAME.view(st, 1) and GAME.view(st, 1)["open_hands"] is False
    st = place(st, "herault", (2, 3))
    v = GAME.view(st, 1)
    assert v["open_hands"] is True and v["hands"][0] == ["mendiant", "page"]
    assert GAME.view(st, None)["hands"][1] == ["echanson", "nourrice"]
    # Sent back: hands close again (what was seen stays known).
    st = make(hands={0: ["enchanteur", "page"], 1: ["echanson"]}, castle={(1, 1): [("herault", 1)], (2, 2): [("roi", 1)]})
    st = place(st, "enchanteur", (0, 0))
    assert where(st, "herault") == "hand:1" and GAME.view(st, 0)["open_hands"] is False and "hands" not in GAME.view(st, 0)


def test_herault_must_arrive_next_to_the_king() -> None:
    st = make(hands={0: ["herault", "mendiant"]}, castle={(1, 1): [("reine", 1)]})
    assert squares_for(st, "herault") == set()
    assert "next to the King" in illegal(st, place_action("herault", (1, 2)))


# ---------------------------------------------------------------- Assassin


def test_assassin_removes_an_adjacent_card_from_the_game() -> None:
    st = make(hands={0: ["assassin", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (1, 1): [("courtisan", 1)]})
    st = place(st, "assassin", (2, 3))
    assert first_targets(st) == {"roi"}
    st = effect(st, "roi")
    assert where(st, "roi") == "removed" and "roi" not in st.tokens


def test_assassin_only_in_the_courtyard() -> None:
    st = make(hands={0: ["assassin", "mendiant"]})
    assert "courtyard" in illegal(st, place_action("assassin", "outside"))


def test_assassin_cannot_kill_a_protected_card() -> None:
    st = make(hands={0: ["assassin", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1), ("chevalier_1", 1)], (2, 4): [("ambassadeur", 1)]})
    st = place(st, "assassin", (2, 3))
    assert first_targets(st) == {"chevalier_1"}
    assert "always protected" in illegal(st, {"type": "effect", "targets": ["ambassadeur"]})
    assert "protected" in illegal(st, {"type": "effect", "targets": ["roi"]})


# ---------------------------------------------------------------- Chambellan / Chamberlain


def test_chambellan_moves_a_courtyard_card_to_a_free_courtyard_square() -> None:
    st = make(hands={0: ["chambellan", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1)], (4, 4): [("bailli", 1)], (0, 1): [("soldat_1", 1)]})
    st = place(st, "chambellan", (2, 3))
    assert first_targets(st) == {"roi", "bailli"}  # not the soldier: not in the courtyard
    st = effect(st, "bailli", (1, 1))
    assert where(st, "bailli") == (1, 1) and st.tokens["bailli"] == 1
    assert "next to the King" in illegal(make(hands={0: ["chambellan", "mendiant"]}, castle={(2, 2): [("roi", 1)]}),
                            place_action("chambellan", (4, 4)))


def test_chambellan_protected_card_not_moved_and_no_free_square_skips() -> None:
    st = make(hands={0: ["chambellan", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("roi", 1), ("chevalier_1", 1)], (4, 4): [("ambassadeur", 1)]})
    st = place(st, "chambellan", (2, 3))
    assert st.pending is None  # the King is covered by a Knight, the Ambassador always protected
    full = {(r, c): [f"soldat_{i}"] for i, (r, c) in enumerate(
        [(r, c) for r in range(1, 5) for c in range(1, 5) if (r, c) not in ((2, 2), (2, 3))], start=1)}
    st = make(hands={0: ["chambellan", "mendiant"]}, castle={(2, 2): [("roi", 1)], **full})
    st = place(st, "chambellan", (2, 3))
    assert st.pending is None and where(st, "roi") == (2, 2)


# ---------------------------------------------------------------- Sénéchal / Seneschal


def test_senechal_places_one_more_card_for_free_with_its_effect() -> None:
    st = make(hands={0: ["senechal", "roi", "page"], 1: ["echanson"]}, castle={(1, 1): [("bailli", 1)]})
    st = place(st, "senechal", (4, 4))
    assert st.pending is not None and st.pending.effect == "senechal" and st.actions_left == 1
    assert {a["type"] for a in GAME.legal_actions(st, 0)} == {"place", "skip"}
    st = place(st, "roi", (2, 2))
    assert st.pending is None and st.actions_left == 1 and where(st, "bailli") == "hand:1"


def test_senechal_drawn_cards_still_excluded_and_skip() -> None:
    st = make(hands={0: ["senechal", "mendiant"], 1: ["echanson"]}, piles={0: ["roi"]})
    st = draw(st)
    st = place(st, "senechal", (4, 4))
    assert {a.get("card") for a in GAME.legal_actions(st, 0)} == {"mendiant", None}
    assert "drew" in illegal(st, place_action("roi", (2, 2)))
    st = act(st, {"type": "skip"})
    assert st.turn == 1 and where(st, "mendiant") == "hand:0"


def test_senechal_only_in_the_courtyard_and_nothing_to_add_is_skipped() -> None:
    st = make(hands={0: ["senechal", "reine"], 1: ["echanson"]})
    assert "courtyard" in illegal(st, place_action("senechal", (0, 0)))
    st = place(st, "senechal", (4, 4))  # the Queen cannot be placed: no King
    assert st.pending is None and st.actions_left == 1


# ---------------------------------------------------------------- Ménestrel / Minstrel


def test_menestrel_sends_back_an_adjacent_female_card() -> None:
    st = make(hands={0: ["menestrel", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("reine", 1)], (2, 4): [("roi", 1)], (3, 3): [("nourrice", 1)]})
    st = place(st, "menestrel", (2, 3))
    assert first_targets(st) == {"reine", "nourrice"}
    st = effect(st, "nourrice")
    assert where(st, "nourrice") == "hand:1"


def test_menestrel_only_in_the_courtyard() -> None:
    st = make(hands={0: ["menestrel", "mendiant"]})
    assert "courtyard" in illegal(st, place_action("menestrel", (5, 5)))


def test_menestrel_protected_female_not_offered() -> None:
    st = make(hands={0: ["menestrel", "mendiant"], 1: ["page"]},
              castle={(2, 2): [("reine", 1), ("chevalier_1", 0)]})
    st = place(st, "menestrel", (2, 3))
    assert st.pending is None and where(st, "reine") == (2, 2)  # the Knight is male


# ---------------------------------------------------------------- Page, Nourrice, Échanson


def test_page_next_to_prince_or_princess_no_effect() -> None:
    st = make(hands={0: ["page", "mendiant"]}, castle={(2, 2): [("prince", 1)]})
    st = place(st, "page", (2, 3))
    assert where(st, "prince") == (2, 2) and st.pending is None
    st = make(hands={0: ["page", "mendiant"]}, castle={(2, 2): [("roi", 1)]})
    assert "next to the Prince or the Princess" in illegal(st, place_action("page", (2, 3)))


def test_nourrice_next_to_the_princess_no_effect() -> None:
    st = make(hands={0: ["nourrice", "mendiant"]}, castle={(2, 2): [("princesse", 1)]})
    st = place(st, "nourrice", (3, 3))
    assert where(st, "princesse") == (2, 2) and st.pending is None
    st = make(hands={0: ["nourrice", "mendiant"]}, castle={(2, 2): [("prince", 1)]})
    assert "next to the Princess" in illegal(st, place_action("nourrice", (3, 3)))


def test_echanson_next_to_king_or_queen_no_effect() -> None:
    st = make(hands={0: ["echanson", "mendiant"]}, castle={(2, 2): [("reine", 1)]})
    st = place(st, "echanson", (1, 1))
    assert where(st, "reine") == (2, 2) and st.pending is None
    st = make(hands={0: ["echanson", "mendiant"]}, castle={(2, 2): [("princesse", 1)]})
    assert "next to the King or the Queen" in illegal(st, place_action("echanson", (1, 1)))


# ---------------------------------------------------------------- Bailli / Bailiff


def test_bailli_removes_an_adjacent_token_even_protected() -> None:
    st = make(hands={0: ["bailli", "mendiant", "enchanteur"], 1: ["page"]},
              castle={(1, 1): [("roi", 1), ("chevalier_1", 0)], (4, 4): [("courtisan", 1)]})
    st = place(st, "bailli", (2, 2))
    assert first_targets(st) == {"roi", "chevalier_1"}  # the covered King too: tokens ignore protection
    st = effect(st, "roi")
    assert "roi" not in st.tokens and where(st, "roi") == (1, 1)


def test_bailli_only_in_the_courtyard_and_untokened_cards_not_offered() -> None:
    st = make(hands={0: ["bailli", "mendiant"], 1: ["page"]}, castle={(1, 1): ["roi"]})
    assert "courtyard" in illegal(st, place_action("bailli", (0, 1)))
    st = place(st, "bailli", (2, 2))
    assert st.pending is None
