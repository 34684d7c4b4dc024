"""The Citadel team planner (the easy, normal and hard levels): legal, fair (hidden decks and
future dice never change a choice), and its static value."""

from __future__ import annotations

import random
from typing import Any

from donjon.bots.levels import make_bot
from donjon.games import get_game
from donjon.games.citadel.bots import CitadelPlannerBot, team_value


def _public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "events"}  # a copy starts with no events


def test_planner_sends_only_legal_actions_and_never_mutates() -> None:
    game = get_game("citadel")
    bot = CitadelPlannerBot(time_limit=None, beam=6, depth=3, candidates=3, rollouts=2)
    rng = random.Random(3)
    state = game.setup(2, 5)
    decisions = 0
    for _ in range(40):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        before = repr(game.view(state, None))
        action = bot.choose(game, state, seat, rng)
        assert repr(game.view(state, None)) == before
        assert action in game.legal_actions(state, seat), action
        decisions += 1
        state = game.apply(state, seat, action)
    assert decisions >= 5


def test_every_level_plays_a_legal_first_action() -> None:
    game = get_game("citadel")
    state = game.setup(2, 5)
    seat = game.to_act(state)[0]
    for level in ("easy", "normal", "hard"):
        assert make_bot("citadel", level).choose(game, state, seat, random.Random(1)) in game.legal_actions(state, seat)


def test_citadel_planner_is_fair() -> None:
    game = get_game("citadel")
    s = game.setup(2, 4, {"characters": ["edward", "irene"], "first": 0})
    twin = s.copy()
    for ch in twin.chars:
        random.Random(5).shuffle(ch.deck)
    twin.stack = twin.stack[:1] + list(reversed(twin.stack[1:]))
    twin.seed = s.seed + 1
    assert _public(game.view(twin, 0)) == _public(game.view(s, 0))
    bot = CitadelPlannerBot(time_limit=None, beam=8, depth=3, candidates=3, rollouts=3)
    for seed in range(2):
        assert bot.choose(game, s, 0, random.Random(seed)) == CitadelPlannerBot(
            time_limit=None, beam=8, depth=3, candidates=3, rollouts=3).choose(game, twin, 0, random.Random(seed))


def test_citadel_value_prefers_saved_treasures() -> None:
    game = get_game("citadel")
    s = game.setup(2, 1, {"characters": ["edward", "irene"], "first": 0})
    better = s.copy()
    better.saved = ["T01"]
    assert team_value(better) > team_value(s)
