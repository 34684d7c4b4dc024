"""Protection by the Knight, the Priest and the Captain; the Ambassador; tokens stay fair game."""

from __future__ import annotations

from tests.castel.util import effect, first_targets, illegal, make, place, targets_of, where


def test_a_protected_card_cannot_be_sent_back_moved_or_assassinated() -> None:
    board = {(2, 2): [("roi", 1), ("chevalier_1", 1)], (4, 4): [("page", 1)]}
    for card, square, needs in (("dragon", "outside", "send back"), ("fee", "outside", "move"),
                                ("assassin", (2, 3), "assassinate")):
        st = make(hands={0: [card, "mendiant"], 1: ["nourrice"]}, castle=board)
        st = place(st, card, square)
        assert "roi" not in first_targets(st), needs
        assert "protected" in illegal(st, {"type": "effect", "targets": ["roi"] + ([[1, 1]] if card == "fee" else [])})


def test_protection_lasts_only_while_the_protector_is_present() -> None:
    st = make(hands={0: ["dragon", "barbare", "mendiant"], 1: ["nourrice"]},
              castle={(0, 1): [("soldat_1", 1)], (0, 2): [("capitaine", 1)]})
    st = place(st, "dragon", "outside")
    assert {t[0] for t in targets_of(st)} == {"capitaine"}  # one card only: the soldier is protected
    st = effect(st, "capitaine")
    st = effect(place(st, "barbare", "outside"), "soldat_1")
    assert where(st, "soldat_1") == "hand:1"


def test_the_token_of_a_protected_card_can_be_removed_or_replaced() -> None:
    st = make(hands={0: ["voleur", "mendiant"], 1: ["nourrice"]}, castle={(2, 2): [("roi", 1), ("chevalier_1", 0)]})
    st = effect(place(st, "voleur", "outside"), "roi")
    assert "roi" not in st.tokens and st.is_protected("roi")
    st = make(hands={0: ["intrigant", "mendiant"], 1: ["nourrice"]},
              castle={(1, 1): [("ambassadeur", 1)], (4, 4): [("page", 0)]})
    st = effect(place(st, "intrigant", (3, 1)), "ambassadeur", "page")
    assert st.tokens["ambassadeur"] == 0 and st.tokens["page"] == 1


def test_the_knight_alone_goes_on_a_card_colours_may_differ_knight_on_knight() -> None:
    st = make(hands={0: ["chevalier_1", "chevalier_2", "mendiant"], 1: ["nourrice"]}, castle={(2, 2): [("roi", 1)]})
    st = place(place(st, "chevalier_1", on="roi"), "chevalier_2", on="chevalier_1")
    assert st.grid[(2, 2)] == ["roi", "chevalier_1", "chevalier_2"]
    assert [st.tokens[c] for c in st.grid[(2, 2)]] == [1, 0, 0]
    assert st.is_protected("roi") and st.is_protected("chevalier_1") and not st.is_protected("chevalier_2")


def test_the_ambassador_is_always_protected() -> None:
    st = make(hands={0: ["enchanteur", "dragon", "mendiant"], 1: ["nourrice"]}, castle={(1, 1): [("ambassadeur", 1)]})
    st = place(st, "enchanteur", (0, 0))
    assert where(st, "ambassadeur") == (1, 1)
    st = place(st, "dragon", "outside")
    assert "ambassadeur" not in first_targets(st)
    assert "always protected" in illegal(st, {"type": "effect", "targets": ["ambassadeur"]})


def test_the_priest_protects_adjacent_cards_of_his_colour() -> None:
    st = make(hands={0: ["enchanteur", "mendiant"], 1: ["nourrice"]},
              castle={(1, 1): [("roi", 1)], (0, 1): [("soldat_1", 0)], (2, 2): [("pretre", 1)]})
    st = place(st, "enchanteur", (0, 0))
    assert where(st, "roi") == (1, 1) and where(st, "soldat_1") == "hand:0"


def test_the_captain_protects_his_soldiers_not_himself() -> None:
    st = make(hands={0: ["dragon", "mendiant"], 1: ["nourrice"]},
              castle={(0, 1): [("capitaine", 1)], (0, 3): [("soldat_1", 1)], (2, 0): [("soldat_2", 1)]})
    st = place(st, "dragon", "outside")
    assert first_targets(st) == {"capitaine", "soldat_2"}  # soldat_2 stands on another rampart
    assert "Captain" in illegal(st, {"type": "effect", "targets": ["soldat_1", "capitaine"]})
    st = effect(st, "capitaine", "soldat_2")
    assert where(st, "capitaine") == "hand:1" and where(st, "soldat_1") == (0, 3)
