"""Random self-play for 1-4 players (200 games each), invariants checked after every action.

Each game is played by a random team (a random kind of action, then a random target; now
and then a uniformly random legal action, or a choice made on a determinized state, which
must be accepted). After every action the table's invariants are checked. A failure names
the game and the action index. What holds for every game (listed actions are accepted and
change nothing, views are JSON, a record replays to the same state) is checked by
``tests/games/test_conformance.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from donjon.games.citadel import GAME
from donjon.games.citadel.balance import random_policy
from donjon.games.citadel.board import COLOURS, OUTSIDE, ROOM_IDS
from donjon.games.citadel.catalogue import CARDS, CHARACTERS, SWITCH_TILES, TREASURES
from donjon.games.citadel.state import PHASES, State
from donjon.games.protocol import IllegalAction

GAMES = 200
CHUNKS = 4
MAX_ACTIONS = 3000
ALL_TILES = Counter(list(TREASURES))


def check(st: State, where: str) -> None:
    over = GAME.outcome(st) is not None
    assert st.phase in PHASES, f"{where}: phase {st.phase!r} at rest"
    assert (st.phase == "over") == over, f"{where}: phase {st.phase} but outcome {GAME.outcome(st)}"
    assert st.clock in range(0, 60, 5), f"{where}: clock {st.clock}"
    live = list(st.treasures.values())
    if over:
        assert len(st.saved) == 4 or len(st.lost) == 4, f"{where}: over with {st.saved} saved, {st.lost} lost"
        assert not (len(st.saved) == 4 and len(st.lost) == 4)
        assert GAME.to_act(st) == []
    else:
        assert len(live) == 3 and set(st.treasures) == set(COLOURS), f"{where}: live treasures {st.treasures}"
        assert len(st.saved) < 4 and len(st.lost) < 4
        assert GAME.to_act(st), f"{where}: nobody to act"
    rooms = [t.room for t in live]
    assert len(set(rooms)) == len(rooms), f"{where}: two treasures in one room: {rooms}"
    assert all(r in ROOM_IDS for r in rooms)
    for colour in st.treasures if not over else ():
        assert 5 <= st.left(colour) <= 55, f"{where}: {colour} has {st.left(colour)} minutes left"
    tiles = Counter([t.id for t in live] + st.saved + st.lost + st.stack + st.removed)
    assert tiles == ALL_TILES, f"{where}: treasure tiles not conserved: {tiles - ALL_TILES or ALL_TILES - tiles}"
    assert sorted(st.room_deck + st.room_discard) == sorted(ROOM_IDS), f"{where}: room cards not conserved"
    assert Counter(st.switch_type.values()) == Counter(SWITCH_TILES)
    assert st.professor in ROOM_IDS
    for ch in st.chars:
        cards = list(ch.deck or []) + list(ch.discard or []) + list(ch.revealed or [])
        if st.phase != "choose":
            assert sorted(cards) == sorted(CHARACTERS[ch.id].card_ids), f"{where}: {ch.id}'s cards {cards}"
        assert len(ch.revealed or []) <= 2
        assert ch.room == OUTSIDE or ch.room in ROOM_IDS
        if ch.room == st.professor:
            assert st.phase == "duck" and ch is st.char, f"{where}: {ch.id} shares the Professor's room"
    assert st.actions_left >= 0 and st.switch_actions >= 0
    if st.phase not in ("choose", "over"):
        assert not st.queue or st.phase in ("vote", "duck"), f"{where}: steps left in the queue at rest"


def play(players: int, seed: int) -> None:
    rng = random.Random(f"fuzz:{players}:{seed}")
    options: dict[str, Any] = {"difficulty": rng.choice(["easy", "normal", "hard"])}
    if players == 1:
        options["solo_characters"] = rng.choice([1, 2, 2])
    st = GAME.setup(players, seed, options)
    check(st, f"{players}p seed {seed} setup")
    i = 0
    while GAME.outcome(st) is None:
        where = f"{players}p seed {seed} action {i}"
        assert i < MAX_ACTIONS, f"{where}: game too long"
        seats = GAME.to_act(st)
        seat = rng.choice(seats)
        r = rng.random()
        if r < 0.1:
            action = rng.choice(GAME.legal_actions(st, seat))
        elif r < 0.2:
            det = GAME.determinize(st, seat, rng)
            action = random_policy(GAME, det, seat, rng)
        else:
            action = random_policy(GAME, st, seat, rng)
        try:
            st = GAME.apply(st, seat, action)
        except IllegalAction as e:  # pragma: no cover - a failure message
            pytest.fail(f"{where}: {action} refused: {e.reason}")
        i += 1
        check(st, where)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_selfplay_keeps_the_invariants(players: int, chunk: int) -> None:
    per = GAMES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        play(players, seed)


def test_random_play_reaches_every_phase_card_and_power() -> None:
    phases: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    powers: Counter[str] = Counter()
    for seed in range(300):
        rng = random.Random(seed)
        st = GAME.setup(4, 1000 + seed, {"difficulty": "easy"})
        while GAME.outcome(st) is None:
            phases[st.phase] += 1
            seat = GAME.to_act(st)[0]
            action = random_policy(GAME, st, seat, rng)
            if action["type"] == "card":
                cards[action["card"]] += 1
            if action["type"] == "power":
                powers[st.char.id] += 1
            st = GAME.apply(st, seat, action)
    assert set(phases) == set(PHASES) - {"over"}
    assert set(cards) == set(CARDS)
    assert set(powers) == set(CHARACTERS)
