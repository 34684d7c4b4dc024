"""Hidden information: hands (unless the Herald), piles; determinize resamples only the unseen."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from donjon.games.castel import GAME
from donjon.games.castel.state import State
from tests.castel.util import draw, effect, make, place


def strings(obj: Any) -> set[str]:
    """Every string value or key anywhere in a JSON value."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            out.update(k for k in x if isinstance(k, str))
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


def check_view_secrets(st: State) -> None:
    n = st.players
    for seat in [*range(n), None]:
        seen = strings(GAME.view(st, seat))
        x = n if seat is None else seat
        for p in range(n):
            leaked = seen & set(st.piles[p])
            assert not leaked, f"pile {p} cards {leaked} in the view of {seat}"
            if p != seat and not st.herald_in_play():
                hidden = set(st.hands[p]) - st.known[x][p]
                assert not seen & hidden, f"seat {p}'s hidden hand cards {seen & hidden} in the view of {seat}"


def test_no_hand_and_no_pile_visible_at_the_start() -> None:
    for players in (2, 3, 4):
        st = GAME.setup(players, 11)
        for seat in range(players):
            seen = strings(GAME.view(st, seat))
            assert set(st.hands[seat]) <= seen
            for p in range(players):
                assert not seen & set(st.piles[p])
                if p != seat:
                    assert not seen & set(st.hands[p])
        assert not strings(GAME.view(st, None)) & {c for h in st.hands for c in h}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_never_leak_hidden_hands_nor_piles_during_play(players: int) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME.setup(players, 500 + seed)
        while st.result is None:
            check_view_secrets(st)
            legal = GAME.legal_actions(st, st.turn)
            kinds = sorted({a["type"] for a in legal})
            kind = rng.choice(kinds)
            st = GAME.apply(st, st.turn, rng.choice([a for a in legal if a["type"] == kind]))
        check_view_secrets(st)


def test_a_draw_shows_the_card_to_the_drawer_only() -> None:
    st = draw(make(hands={0: ["mendiant"], 1: ["page"]}, piles={0: ["roi", "reine"]}))
    assert [e.get("card") for e in GAME.view(st, 0)["events"] if e["type"] == "draw"] == ["roi"]
    assert [e.get("card") for e in GAME.view(st, 1)["events"] if e["type"] == "draw"] == [None]
    assert "roi" not in strings(GAME.view(st, None))


def test_the_exchange_is_public_and_what_you_take_is_known() -> None:
    st = make(hands={0: ["mendiant"], 1: ["page"]}, exchange=["roi", "dragon"], rest="box")
    assert [c["id"] for c in GAME.view(st, 1)["exchange"]] == ["roi", "dragon"]
    st = GAME.apply(st, 0, {"type": "exchange", "give": "mendiant", "take": "roi"})
    assert GAME.view(st, 1)["known_hands"] == {"0": ["roi"]} and GAME.view(st, None)["known_hands"] == {"0": ["roi"]}


def test_the_herald_opens_every_hand() -> None:
    st = make(hands={0: ["herault", "mendiant"], 1: ["page", "nourrice"]}, castle={(2, 2): [("roi", 1)]})
    st = place(st, "herault", (2, 3))
    assert GAME.view(st, 0)["hands"] == [["mendiant"], ["page", "nourrice"]]
    det = GAME.determinize(st, 0, random.Random(1))
    assert det.hands == st.hands  # nothing hidden in hands any more


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest() -> None:
    st = GAME.setup(3, 21, {"first": 0})
    st = GAME.apply(st, 0, {"type": "exchange", "give": st.hands[0][0], "take": st.exchange[0]})
    taken = st.exchange  # public
    st = GAME.apply(st, 0, {"type": "draw"})  # seat 1 now
    st = GAME.apply(st, 1, {"type": "draw"})  # seat 1 drew a card: it may not place it
    samples = set()
    for i in range(8):
        det = GAME.determinize(st, 2, random.Random(i))
        assert det.hands[2] == st.hands[2] and det.exchange == taken
        assert [len(h) for h in det.hands] == [len(h) for h in st.hands]
        assert [len(p) for p in det.piles] == [len(p) for p in st.piles]
        assert st.known[2][0] <= set(det.hands[0])  # the card seat 0 took in public stays
        hidden = Counter(c for p in range(3) for c in st.piles[p]) + Counter(
            c for p in (0, 1) for c in st.hands[p] if c not in st.known[2][p])
        again = Counter(c for p in range(3) for c in det.piles[p]) + Counter(
            c for p in (0, 1) for c in det.hands[p] if c not in st.known[2][p])
        assert hidden == again
        assert len(det.drawn) == 1 and det.drawn <= set(det.hands[1])
        samples.add(tuple(det.hands[0]) + tuple(det.piles[2]))
        for a in GAME.legal_actions(det, det.turn)[:20]:
            GAME.apply(det, det.turn, a)
    assert len(samples) > 1
    assert GAME.determinize(st, 2, random.Random(5)).hands == GAME.determinize(st, 2, random.Random(5)).hands


def test_the_jesters_gift_stays_private_to_giver_and_receiver() -> None:
    st = make(3, hands={0: ["bouffon", "page", "mendiant"], 1: ["nourrice"], 2: ["echanson"]})
    st = effect(place(st, "bouffon", (2, 2)), "page", 1)
    det = GAME.determinize(st, 0, random.Random(3))
    assert "page" in det.hands[1]  # the giver knows
    check_view_secrets(st)
    assert "page" not in strings(GAME.view(st, 2))
