"""The Castel bots (the easy, normal and hard levels; the greedy bot through the game's
``evaluate`` hook): legal, fair (hidden cards never change a choice), the turn search takes a win."""

from __future__ import annotations

import random
from typing import Any

from donjon.bots import get_bot
from donjon.bots.levels import make_bot
from donjon.games import get_game
from donjon.games.castel import GAME as CASTEL
from donjon.games.castel.bots import CastelMCTSBot, _main_actions, castel_values


def test_mcts_sends_only_legal_actions_and_never_mutates() -> None:
    game = CASTEL
    bot = CastelMCTSBot(time_limit=None, iterations=30, rollout_depth=4)
    other = make_bot("castel", "random")
    rng = random.Random(3)
    state = game.setup(2, 5)
    decisions = 0
    for step in range(40):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        if step % 2 == 0:
            before = repr(game.dump(state))
            action = bot.choose(game, state, seat, rng)
            assert repr(game.dump(state)) == before
            assert action in game.legal_actions(state, seat), action
            decisions += 1
        else:
            action = other.choose(game, state, seat, rng)
        state = game.apply(state, seat, action)
    assert decisions >= 5


def test_evaluate_hook_is_the_search_value() -> None:
    s = CASTEL.setup(3, 2)
    assert [CASTEL.evaluate(s, seat) for seat in range(3)] == castel_values(s)


def _castel_twin(game: Any, state: Any, seat: int) -> Any:
    twin = state.copy()
    opp = 1 - seat
    known = twin.known[seat][opp]
    hidden = [c for c in twin.hands[opp] if c not in known]
    pool = hidden + twin.piles[opp] + twin.piles[seat]
    random.Random(7).shuffle(pool)
    n_hidden, n_opp = len(hidden), len(twin.piles[opp])
    twin.hands[opp] = [c for c in twin.hands[opp] if c in known] + pool[:n_hidden]
    twin.piles[opp] = pool[n_hidden:n_hidden + n_opp]
    twin.piles[seat] = pool[n_hidden + n_opp:]
    return twin


def _public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "events"}  # a copy starts with no events


def test_castel_mcts_is_fair() -> None:
    game = get_game("castel")
    s = game.setup(2, 8)
    seat = game.to_act(s)[0]
    twin = _castel_twin(game, s, seat)
    assert twin.hands[1 - seat] != s.hands[1 - seat]
    assert _public(game.view(twin, seat)) == _public(game.view(s, seat))
    bot = CastelMCTSBot(time_limit=None, iterations=60, rollout_depth=4)
    for seed in range(2):
        assert bot.choose(game, s, seat, random.Random(seed)) == bot.choose(game, twin, seat, random.Random(seed))


def test_castel_greedy_places_and_beats_nothing_worse() -> None:
    game = get_game("castel")
    s = game.setup(2, 11)
    seat = game.to_act(s)[0]
    actions = game.legal_actions(s, seat)
    assert any(a["type"] == "place" for a in actions)
    best = max(castel_values(game.apply(s, seat, a))[seat] for a in actions)
    for bot in (get_bot("greedy"), make_bot("castel", "normal")):
        a = bot.choose(game, s, seat, random.Random(2))
        assert a in actions and a["type"] == "place"
        assert castel_values(game.apply(s, seat, a))[seat] == best


def _last_card_state(game: Any, seed: int) -> tuple[Any, int, str]:
    """A state where the seat to act holds one placeable card and no pile: placing it wins."""
    s = game.setup(2, seed)
    seat = game.to_act(s)[0]
    place = next(a for a in game.legal_actions(s, seat) if a["type"] == "place")
    t = s.copy()
    rest = [c for c in t.hands[seat] if c != place["card"]] + t.piles[seat]
    t.hands[seat] = [place["card"]]
    t.piles[seat] = []
    t.piles[1 - seat] = t.piles[1 - seat] + rest
    return t, seat, place["card"]


def test_castel_turn_search_takes_the_win() -> None:
    game = get_game("castel")
    s, seat, card = _last_card_state(game, 4)
    bot = CastelMCTSBot(search="turn", time_limit=None, iterations=2, width=4, replies=1)
    action = bot.choose(game, s, seat, random.Random(1))
    assert action["type"] == "place" and action["card"] == card
    out = game.outcome(game.apply(s, seat, action))
    assert out is not None and seat in out.winners


def test_castel_turn_search_is_legal_and_fair() -> None:
    game = get_game("castel")
    s = game.setup(2, 8)
    seat = game.to_act(s)[0]
    twin = _castel_twin(game, s, seat)
    assert twin.hands[1 - seat] != s.hands[1 - seat]
    assert _public(game.view(twin, seat)) == _public(game.view(s, seat))
    for seed in range(2):
        bot = CastelMCTSBot(search="turn", time_limit=None, iterations=2, width=3, replies=1)
        a = bot.choose(game, s, seat, random.Random(seed))
        assert a in game.legal_actions(s, seat)
        assert bot.last_iterations == 2
        b = CastelMCTSBot(search="turn", time_limit=None, iterations=2, width=3, replies=1).choose(
            game, twin, seat, random.Random(seed))
        assert a == b


def test_castel_main_actions_keep_one_exchange_per_card_taken() -> None:
    game = get_game("castel")
    s = game.setup(2, 2)
    seat = game.to_act(s)[0]
    actions = game.legal_actions(s, seat)
    main = _main_actions(s, seat, actions)
    takes = {a["take"] for a in actions if a["type"] == "exchange"}
    kept = [a for a in main if a["type"] == "exchange"]
    assert sorted(a["take"] for a in kept) == sorted(takes)
    assert [a for a in main if a["type"] != "exchange"] == [a for a in actions if a["type"] != "exchange"]
    assert all(a in actions for a in main)
