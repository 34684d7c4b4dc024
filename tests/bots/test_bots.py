"""The generic bots: the registry, legal play in every game, the game hooks they use, and
``make_bot`` over the levels each game declares."""

from __future__ import annotations

import doctest
import importlib
import pickle
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from donjon.bots import Bot, GreedyBot, RandomBot, bot_names, choose_and_apply, get_bot
from donjon.bots.levels import LEVEL_NAMES, levels, make_bot
from donjon.games import game_ids, get_game, register, unregister
from donjon.games.info import GameInfo
from donjon.games.protocol import Action, BaseGame, IllegalAction, Outcome, View

# ---------------------------------------------------------------------------- a toy game


@dataclass(frozen=True)
class Pile:
    stones: int
    turn: int = 0
    winner: int | None = None


class Nim(BaseGame):
    """Two seats take 1 or 2 stones in turn; whoever takes the last one wins."""

    id = "nim_test"
    info = GameInfo(id="nim_test", names={"en": "Nim"}, min_seats=2, max_seats=2, default_seats=2,
                    bot_levels=("easy",), make_bot=lambda level: GreedyBot())
    min_players = max_players = 2
    cooperative = False

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Pile:
        return Pile(stones=(options or {}).get("stones", 7))

    def to_act(self, state: Pile) -> list[int]:
        return [] if state.winner is not None else [state.turn]

    def legal_actions(self, state: Pile, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "take", "n": n} for n in (1, 2) if n <= state.stones]

    def apply(self, state: Pile, seat: int, action: Action) -> Pile:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"{action} is not legal")
        left = state.stones - action["n"]
        return replace(state, stones=left, turn=1 - seat, winner=seat if left == 0 else None)

    def view(self, state: Pile, seat: int | None) -> View:
        return {"stones": state.stones, "turn": state.turn}

    def outcome(self, state: Pile) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome((state.winner,), (1 - state.winner,), False, "last_stone", (1.0, 0.0))

    def determinize(self, state: Pile, seat: int, rng: random.Random) -> Pile:
        return state


class NimWithHooks(Nim):
    """Nim whose bot hooks record what they were given."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def random_action(self, state: Pile, seat: int, rng: random.Random, **options: Any) -> Action:
        self.calls.append(("random_action", options))
        return {"type": "take", "n": 1}

    def evaluate(self, state: Pile, seat: int) -> float:
        return -state.stones  # take as much as possible

    def greedy_scores(self, state: Pile, seat: int, actions: list[Action], rng: random.Random,
                      **options: Any) -> list[tuple[float, Action]]:
        self.calls.append(("greedy_scores", options))
        return [(-a["n"], a) for a in actions]  # take as little as possible


@pytest.fixture
def nim() -> Iterator[Nim]:
    game = Nim()
    register(game)
    yield game
    unregister(game.id)


# ---------------------------------------------------------------------------- registry


def test_registry() -> None:
    assert set(bot_names()) == {"random", "greedy", "uniform"}
    for name in bot_names():
        bot = get_bot(name)
        assert isinstance(bot, Bot) and bot.name == name
    with pytest.raises(KeyError, match="known: .*greedy"):
        get_bot("nobody")
    assert get_bot("random", card_prob=1.0).options == {"card_prob": 1.0}  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- every game


@pytest.mark.parametrize("name", ["random", "uniform", "greedy"])
@pytest.mark.parametrize("game_id", game_ids())
def test_generic_bots_send_only_legal_actions_and_never_mutate(game_id: str, name: str) -> None:
    game = get_game(game_id)
    bot = get_bot(name)
    rng = random.Random(5)
    state = game.setup(game.info.default_seats, 11)
    decisions = 0
    for _ in range(12):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        before = pickle.dumps(state)
        action = bot.choose(game, state, seat, rng)
        assert pickle.dumps(state) == before
        assert action in game.legal_actions(state, seat), action
        state = game.apply(state, seat, action)
        decisions += 1
    assert decisions >= 5


# ---------------------------------------------------------------------------- hooks


def test_greedy_without_hooks_takes_the_win_and_avoids_the_loss() -> None:
    game = Nim()
    assert GreedyBot().choose(game, Pile(2), 0, random.Random(1)) == {"type": "take", "n": 2}
    # From 3 stones nothing wins at once and every action is still open: a random one.
    seen = {GreedyBot().choose(game, Pile(3), 0, random.Random(seed))["n"] for seed in range(12)}
    assert seen == {1, 2}


def test_greedy_prefers_greedy_scores_then_evaluate() -> None:
    game = NimWithHooks()
    assert GreedyBot(expand=3).choose(game, Pile(5), 0, random.Random(1)) == {"type": "take", "n": 1}
    assert game.calls == [("greedy_scores", {"expand": 3})]

    class EvaluateOnly(Nim):
        def evaluate(self, state: Pile, seat: int) -> float:
            return -state.stones

    assert GreedyBot().choose(EvaluateOnly(), Pile(5), 0, random.Random(1)) == {"type": "take", "n": 2}


def test_random_bot_uses_the_games_random_action_with_its_options() -> None:
    game = NimWithHooks()
    bot = RandomBot(card_prob=0.5)
    assert bot.choose(game, Pile(5), 0, random.Random(1)) == {"type": "take", "n": 1}
    assert game.calls == [("random_action", {"card_prob": 0.5})]
    # Without the hook: uniformly among the legal actions, options ignored.
    assert {bot.choose(Nim(), Pile(5), 0, random.Random(s))["n"] for s in range(12)} == {1, 2}


def test_a_game_plays_to_the_end_with_choose_and_apply() -> None:
    game = Nim()
    state = game.setup(2, 0)
    rng = random.Random(2)
    bots = [get_bot("greedy"), get_bot("random")]
    while game.to_act(state):
        seat = game.to_act(state)[0]
        _, state, refused = choose_and_apply(bots[seat], game, state, seat, rng)
        assert refused is None
    assert game.outcome(state) is not None


# ---------------------------------------------------------------------------- levels


@pytest.mark.parametrize("game_id", game_ids())
def test_every_declared_level_makes_a_bot(game_id: str) -> None:
    assert levels(game_id) == ("random", *get_game(game_id).info.bot_levels)
    for level in levels(game_id):
        bot = make_bot(game_id, level)
        assert isinstance(bot, Bot)
    assert isinstance(make_bot(game_id, "random"), RandomBot)
    with pytest.raises(KeyError, match=f"{game_id} has no bot level 'grandmaster'; levels: random, "):
        make_bot(game_id, "grandmaster")


def test_levels_come_from_the_game(nim: Nim) -> None:
    assert levels(nim.id) == ("random", "easy")
    assert isinstance(make_bot(nim.id, "easy"), GreedyBot)
    assert isinstance(make_bot(nim.id, "random"), RandomBot)
    with pytest.raises(KeyError, match="levels: random, easy"):
        make_bot(nim.id, "hard")
    assert "hard" in LEVEL_NAMES  # the usual names, not this game's


def test_unknown_game() -> None:
    with pytest.raises(KeyError, match="unknown game 'nogame'"):
        make_bot("nogame", "random")


# ---------------------------------------------------------------------------- doctests


@pytest.mark.parametrize("name", [
    "donjon.bots", "donjon.bots.base", "donjon.bots.greedy", "donjon.bots.ismcts", "donjon.bots.levels",
    "donjon.bots.random_bot", "donjon.games.unfairchess.bots.greedy", "donjon.games.unfairchess.bots.random_play",
])
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
