"""The turn: two actions among draw, exchange, place; drawn cards wait for the next turn."""

from __future__ import annotations

from donjon.games.castel import GAME
from tests.castel.util import act, draw, exchange, illegal, make, place, place_action, where


def test_two_actions_per_turn_then_the_next_player() -> None:
    st = make(hands={0: ["mendiant", "page"], 1: ["nourrice"]}, piles={0: ["roi"], 1: ["reine"]})
    assert GAME.to_act(st) == [0] and st.actions_left == 2
    st = draw(st)
    assert GAME.to_act(st) == [0] and st.actions_left == 1
    st = exchange(st, "page", "dragon")
    assert GAME.to_act(st) == [1] and st.actions_left == 2 and st.turn_no == 2
    assert illegal(st, {"type": "draw"}, seat=0) == "it is not your turn"


def test_the_same_action_twice() -> None:
    st = make(hands={0: ["mendiant", "barbare"], 1: ["nourrice"]}, piles={0: ["roi", "reine"], 1: ["page", "prince"]})
    st = draw(draw(st))
    assert st.turn == 1 and st.hands[0] == ["mendiant", "barbare", "roi", "reine"]
    st = exchange(exchange(st, "nourrice", "dragon"), "dragon", "fee")
    assert st.turn == 0 and "fee" in st.hands[1] and "nourrice" in st.exchange and "dragon" in st.exchange
    st = place(place(st, "mendiant", "outside"), "barbare", "outside")
    assert st.turn == 1 and where(st, "mendiant") == where(st, "barbare") == "outside"


def test_draw_takes_the_top_card_of_your_pile_into_your_hand() -> None:
    st = make(hands={0: ["mendiant"], 1: ["nourrice"]}, piles={0: ["roi", "reine"]})
    st = draw(st)
    assert st.hands[0] == ["mendiant", "roi"] and st.piles[0] == ["reine"]
    assert GAME.view(st, 0)["hand"][1] == {"id": "roi", "kind": "roi", "drawn": True}
    assert "roi" not in str(GAME.view(st, 1)) and GAME.view(st, 1)["hand_counts"] == [2, 1]
    st = make(hands={0: ["mendiant"], 1: ["nourrice"]})
    assert illegal(st, {"type": "draw"}) == "your pile is empty"


def test_drawn_card_cannot_be_exchanged_or_placed_this_turn() -> None:
    st = make(hands={0: ["mendiant"], 1: ["nourrice"]}, piles={0: ["roi"]})
    st = draw(st)
    assert "drew" in illegal(st, place_action("roi", (2, 2)))
    assert "drew" in illegal(st, {"type": "exchange", "give": "roi", "take": "dragon"})
    assert all(a.get("card") != "roi" and a.get("give") != "roi" for a in GAME.legal_actions(st, 0))
    st = exchange(st, "mendiant", "dragon")  # the turn ends; seat 1 plays; then the King is free
    st = exchange(exchange(st, "nourrice", "fee"), "fee", "nourrice")
    assert st.turn == 0 and not st.drawn
    st = place(st, "roi", (2, 2))
    assert where(st, "roi") == (2, 2)


def test_exchange_swaps_a_hand_card_with_one_of_the_exchange() -> None:
    st = make(hands={0: ["page", "mendiant"], 1: ["nourrice"]}, exchange=["dragon", "roi"], rest="box")
    st = exchange(st, "page", "roi")
    assert sorted(st.exchange) == ["dragon", "page"]
    assert "roi" in st.hands[0] and "page" not in st.hands[0]
    st = place(st, "roi", (2, 2))  # a card taken from the exchange may be placed this turn
    assert where(st, "roi") == (2, 2)
    assert "not in the exchange" in illegal(make(hands={0: ["page"]}, exchange=["roi"], rest="box"),
                                            {"type": "exchange", "give": "page", "take": "dragon"})
    assert "not in your hand" in illegal(make(hands={0: ["page"]}, exchange=["roi"], rest="box"),
                                         {"type": "exchange", "give": "dragon", "take": "roi"})


def test_place_a_card_of_your_hand_on_the_board() -> None:
    st = make(hands={0: ["roi", "mendiant"], 1: ["nourrice"]})
    st = place(st, "roi", (2, 2))
    assert where(st, "roi") == (2, 2) and st.actions_left == 1 and st.tokens["roi"] == 0
    assert "not in your hand" in illegal(st, place_action("reine", (2, 3)))


def test_turn_ends_early_when_no_second_action_is_possible() -> None:
    st = make(hands={0: ["reine"], 1: ["nourrice"]}, piles={0: ["roi"], 1: ["page"]}, exchange=[], rest="box")
    st = draw(st)  # the Queen cannot be placed (no King), nothing to exchange with, the pile is empty
    assert st.turn == 1 and st.actions_left == 2
    assert [e["type"] for e in st.events][-1] == "turn"


def test_unknown_or_malformed_actions_are_refused() -> None:
    st = make(hands={0: ["roi", "mendiant"], 1: ["nourrice"]})
    assert "unknown action type" in illegal(st, {"type": "pass"})
    assert "unknown field" in illegal(st, {"type": "draw", "pile": 1})
    assert "no effect is waiting" in illegal(st, {"type": "effect", "targets": []})
    assert "exactly one of" in illegal(st, {"type": "place", "card": "roi"})
    assert "not a square" in illegal(st, {"type": "place", "card": "roi", "square": [6, 0]})
    assert "JSON object" in illegal(st, ["draw"])  # type: ignore[arg-type]
    assert act(st, {"type": "place", "card": "roi", "square": [1, 1]}).actions_left == 1
