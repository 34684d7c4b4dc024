"""The end: no card left after the last placed card's effect; deadlock; the round cap."""

from __future__ import annotations

from donjon.games.castel import GAME
from donjon.games.castel.state import State
from tests.castel.util import act, effect, illegal, make, place


def test_win_after_the_last_placed_cards_effect_resolves() -> None:
    st = make(hands={0: ["princesse"], 1: ["page", "nourrice"]}, castle={(2, 2): [("roi", 1)]})
    st = place(st, "princesse", (2, 3))
    assert st.pending is not None and GAME.outcome(st) is None  # the effect is not resolved yet
    st = effect(st, "roi")
    out = GAME.outcome(st)
    assert out is not None and out.winners == (0,) and out.losers == (1,) and out.reason == "no_cards"
    assert out.scores == (0.0, -3.0) and GAME.to_act(st) == [] and GAME.legal_actions(st, 0) == []
    assert out.to_json()["winners"] == [0]


def test_no_win_while_the_pile_still_holds_cards() -> None:
    st = make(hands={0: ["mendiant"], 1: ["page"]}, piles={0: ["nourrice"]})
    st = place(st, "mendiant", "outside")
    assert GAME.outcome(st) is None


def test_no_win_when_the_effect_sends_a_card_back_to_you() -> None:
    st = make(hands={0: ["enchanteur"], 1: ["page"]}, castle={(0, 1): [("soldat_1", 0)]})
    st = place(st, "enchanteur", (0, 0))
    assert GAME.outcome(st) is None and st.hands[0] == ["soldat_1"]


def test_the_first_player_without_cards_wins() -> None:
    st = make(3, hands={0: ["mendiant", "barbare"], 1: ["page"], 2: ["nourrice"]})
    st = place(st, "mendiant", "outside")
    assert GAME.outcome(st) is None
    st = place(st, "barbare", "outside")
    out = GAME.outcome(st)
    assert out is not None and out.winners == (0,) and out.losers == (1, 2)


def test_a_player_the_fool_leaves_without_cards_wins_too() -> None:
    st = make(3, hands={0: ["fou"], 1: ["echanson"], 2: ["nourrice"]}, piles={0: ["bailli"]})
    st = place(st, "fou", (2, 2))
    out = GAME.outcome(st)
    assert out is not None and out.winners == (1,) and st.hands == [["nourrice"], [], ["echanson"]]


def _exchange_only(st: State, turns: int) -> State:
    for _ in range(turns * 2):
        if st.result is not None:
            break
        hand = sorted(c for c in st.hands[st.turn] if c not in st.drawn)
        st = act(st, {"type": "exchange", "give": hand[0], "take": st.exchange[0]})
    return st


def test_deadlock_fewest_cards_in_hand_wins() -> None:
    st = make(hands={0: ["reine", "page"], 1: ["nourrice"]}, exchange=["echanson"], rest="box")
    st = _exchange_only(st, 3)
    assert GAME.outcome(st) is None and st.idle_turns == 3
    st = _exchange_only(st, 1)
    out = GAME.outcome(st)
    assert out is not None and out.reason == "deadlock" and out.winners == (1,) and out.scores == (-2.0, -1.0)


def test_deadlock_ties_share_the_win_and_all_equal_is_a_draw() -> None:
    st = make(3, hands={0: ["reine"], 1: ["nourrice"], 2: ["page", "favorite"]}, exchange=["echanson"], rest="box")
    st = GAME.apply(st, 0, {"type": "exchange", "give": "reine", "take": "echanson"})
    st = _exchange_only(st, 6)
    out = GAME.outcome(st)
    assert out is not None and out.reason == "deadlock" and out.winners == (0, 1) and not out.draw
    st = _exchange_only(make(hands={0: ["reine"], 1: ["nourrice"]}, exchange=["echanson"], rest="box"), 4)
    out = GAME.outcome(st)
    assert out is not None and out.draw and out.winners == () and out.losers == ()


def test_deadlock_needs_every_pile_empty_and_a_placement_resets_it() -> None:
    st = make(hands={0: ["reine", "page"], 1: ["nourrice"]}, piles={1: ["echanson"]}, exchange=["prince"], rest="box")
    st = _exchange_only(st, 6)
    assert GAME.outcome(st) is None and st.idle_turns == 0
    st = make(hands={0: ["reine", "page", "mendiant"], 1: ["nourrice"]}, exchange=["echanson"], rest="box")
    st = _exchange_only(st, 3)
    assert st.idle_turns == 3 and st.turn == 1
    st = _exchange_only(st, 1)  # the fourth turn without a placement: two full rounds
    assert GAME.outcome(st) is not None
    st = make(hands={0: ["reine", "page", "mendiant"], 1: ["nourrice"]}, exchange=["echanson"], rest="box")
    st = _exchange_only(st, 2)
    st = place(st, "mendiant", "outside")
    st = act(st, {"type": "exchange", "give": "page", "take": "echanson"})
    assert st.idle_turns == 0


def test_round_cap_ends_the_game_like_a_deadlock() -> None:
    st = make(hands={0: ["reine", "page"], 1: ["nourrice"]}, piles={0: ["bailli"], 1: ["echanson"]},
              exchange=["prince"], rest="box", max_rounds=2)
    st = _exchange_only(st, 4)
    out = GAME.outcome(st)
    assert out is not None and out.reason == "turn_limit" and out.winners == (1,)


def test_a_finished_game_refuses_every_action() -> None:
    st = place(make(hands={0: ["mendiant"], 1: ["page"]}), "mendiant", "outside")
    assert illegal(st, {"type": "draw"}, seat=1) == "the game is over"
