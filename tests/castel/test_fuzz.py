"""Random self-play for 2, 3 and 4 players with invariants checked after every action.

200 games per player count (4 chunks of 50, xdist-friendly). The random player picks an
action type (draw, exchange, place, effect, skip) uniformly, then an action of that type;
so games draw, place and finish instead of exchanging forever. After every action:

* every card is in exactly one place (hands, piles, exchange, in play, removed, box);
* one card per castle square except Knights stacked on top; the same for the outside;
* at most one siege engine per slot, and engines in play only there;
* tokens only on cards in play, knowledge only about cards really held;
* whoever must act has a legal action; each seat's view shows its own hand.

A failure names the seed and the action index. What holds for every game (listed actions
are accepted and change nothing, views are JSON, a record replays to the same state) is
checked by ``tests/games/test_conformance.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from donjon.games.castel import GAME
from donjon.games.castel.catalogue import DECK, KIND
from donjon.games.castel.state import State
from donjon.games.protocol import IllegalAction

GAMES = 200
CHUNKS = 4
SAMPLE = 0.1
ALL = Counter(DECK)


def check_invariants(st: State, where: str) -> None:
    places = [c for h in st.hands for c in h] + [c for p in st.piles for c in p] + st.exchange + st.in_play() \
        + st.removed + st.box
    assert Counter(places) == ALL, f"{where}: cards lost or doubled: {(Counter(places) - ALL) or (ALL - Counter(places))}"
    for sq, stack in st.grid.items():
        assert stack and KIND[stack[0]] != "chevalier", f"{where}: bad stack on {sq}: {stack}"
        assert all(KIND[c] == "chevalier" for c in stack[1:]), f"{where}: two cards on {sq}: {stack}"
        assert KIND[stack[0]] != "engin", f"{where}: an engine inside the castle"
    for base, stack in st.outside.items():
        assert stack[0] == base and KIND[base] not in ("chevalier", "engin"), f"{where}: bad outside stack {stack}"
        assert all(KIND[c] == "chevalier" for c in stack[1:]), f"{where}: outside stack {stack}"
    assert set(st.slots) <= {"N", "E", "S", "W"}
    for side, stack in st.slots.items():
        assert KIND[stack[0]] == "engin" and all(KIND[c] == "chevalier" for c in stack[1:]), f"{where}: slot {side}: {stack}"
    in_play = set(st.in_play())
    assert set(st.tokens) <= in_play and all(0 <= s < st.players for s in st.tokens.values()), f"{where}: tokens"
    for row in st.known:
        for h, known in enumerate(row):
            assert known <= set(st.hands[h]), f"{where}: knowledge of cards not held"
    assert st.drawn <= set(st.hands[st.turn]), f"{where}: drawn cards not in the hand"
    if st.result is None:
        assert GAME.to_act(st) == [st.turn] and 0 < st.actions_left <= 2 or st.pending is not None
        assert GAME.legal_actions(st, st.turn), f"{where}: the game goes on but nothing is legal"
    else:
        assert GAME.to_act(st) == [] and st.pending is None


def check_views(st: State, where: str) -> None:
    for seat in range(st.players):
        assert [c["id"] for c in GAME.view(st, seat)["hand"]] == st.hands[seat], where


def pick(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    kinds = sorted({a["type"] for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a["type"] == kind])


def play_one(players: int, seed: int, rng: random.Random) -> Counter[str]:
    st = GAME.setup(players, seed)
    record: dict[str, Any] = {"game": "castel", "players": players, "seed": seed, "options": {}, "actions": []}
    check_invariants(st, f"seed {seed} setup")
    while st.result is None:
        where = f"{players}p seed {seed} action {len(record['actions'])}"
        seat = st.turn
        legal = GAME.legal_actions(st, seat)
        if rng.random() < SAMPLE:
            check_views(st, where)
        action = pick(rng, legal)
        try:
            st = GAME.apply(st, seat, action)
        except IllegalAction as e:  # pragma: no cover - a failure message
            pytest.fail(f"{where}: listed action {action} refused: {e.reason}")
        record["actions"].append({"seat": seat, "action": action})
        check_invariants(st, where)
    check_views(st, f"seed {seed} end")
    outcome = GAME.outcome(st)
    assert outcome is not None
    return Counter([outcome.reason])


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_selfplay_keeps_invariants(players: int, chunk: int) -> None:
    rng = random.Random(f"castel-fuzz:{players}:{chunk}")
    per = GAMES // CHUNKS
    reasons: Counter[str] = Counter()
    for i in range(per):
        reasons += play_one(players, 50_000 + players * 1000 + chunk * per + i, rng)
    assert reasons["no_cards"] > 0, reasons  # games really end with a winner
