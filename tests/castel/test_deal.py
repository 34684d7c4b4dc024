"""The deal for 2, 3 and 4 players, colours, the first player."""

from __future__ import annotations

from collections import Counter

import pytest

from donjon.games.castel import GAME
from donjon.games.castel.catalogue import deck_for
from donjon.games.protocol import IllegalAction


@pytest.mark.parametrize(("players", "hand", "pile", "exchange", "used"),
                         [(2, 9, 13, 10, 54), (3, 7, 8, 11, 56), (4, 5, 6, 12, 56)])
def test_deal_table(players: int, hand: int, pile: int, exchange: int, used: int) -> None:
    for seed in range(5):
        st = GAME.setup(players, seed)
        assert [len(h) for h in st.hands] == [hand] * players
        assert [len(p) for p in st.piles] == [pile] * players
        assert len(st.exchange) == exchange
        cards = [c for h in st.hands for c in h] + [c for p in st.piles for c in p] + st.exchange
        assert len(cards) == used and Counter(cards) == Counter(deck_for(players))
        assert not st.grid and not st.slots and not st.outside
        v = GAME.view(st, 0)
        assert v["colours"] == ["blue", "yellow", "red", "green"][:players]
        assert v["hand_counts"] == [hand] * players and v["pile_counts"] == [pile] * players


def test_two_player_deal_leaves_jester_and_fool_in_the_box() -> None:
    st = GAME.setup(2, 3)
    assert st.box == ["bouffon", "fou"]


def test_deal_is_seeded_and_first_player_drawn_at_random() -> None:
    a, b = GAME.setup(3, 42), GAME.setup(3, 42)
    assert GAME.dump(a) == GAME.dump(b)
    firsts = {GAME.setup(3, s).turn for s in range(30)}
    assert firsts == {0, 1, 2}
    assert GAME.setup(4, 1, {"first": 2}).turn == 2


@pytest.mark.parametrize("players", [0, 1, 5, "2"])
def test_two_to_four_players_only(players: object) -> None:
    with pytest.raises(IllegalAction):
        GAME.setup(players, 1)  # type: ignore[arg-type]


def test_each_player_gets_a_colour_used_on_placed_cards() -> None:
    st = GAME.setup(3, 5, {"first": 1})
    # Seat 1 places whatever card it can; the token on it is seat 1's colour.
    place = next(a for a in GAME.legal_actions(st, 1) if a["type"] == "place")
    new = GAME.apply(st, 1, place)
    assert new.tokens[place["card"]] == 1
