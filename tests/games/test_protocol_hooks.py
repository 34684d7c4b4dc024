"""The optional hooks of the game protocol: every game is a ``BaseGame``, a minimal game gets
working defaults for every hook, overrides are what the platform calls, and the platform
never probes a game for a method."""

from __future__ import annotations

import doctest
import importlib
import inspect
import random
import re
from pathlib import Path
from typing import Any

import pytest

from donjon.bots import GreedyBot, RandomBot
from donjon.cli.replay import final_dump
from donjon.games import games, get_game, register, unregister
from donjon.games.info import GameInfo
from donjon.games.league import NO_LEAGUE, GameLeague
from donjon.games.protocol import (
    HOOKS,
    Action,
    BaseGame,
    Game,
    IllegalAction,
    Outcome,
    View,
    card_targets,
    league_events,
    view_and_brief_legal,
    view_and_legal,
)

# ---------------------------------------------------------------------------- a minimal game


class Pick(BaseGame):
    """One seat picks a card of its hand (``a1``, ``a2``, ``b1``) for a slot (0 or 1); the
    game ends after two picks, won if the sum of the slots is odd. Only the required methods."""

    id = "pick_test"
    info = GameInfo(id="pick_test", names={"en": "Pick"}, min_seats=1, max_seats=1, default_seats=1, rated=False,
                    bot_levels=())
    min_players = max_players = 1
    cooperative = False

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> tuple[str, ...]:
        return ()

    def to_act(self, state: tuple[str, ...]) -> list[int]:
        return [] if len(state) >= 2 else [0]

    def legal_actions(self, state: tuple[str, ...], seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "card", "card": c, "slot": s} for c in ("a1", "a2", "b1") if c not in state for s in (0, 1)]

    def apply(self, state: tuple[str, ...], seat: int, action: Action) -> tuple[str, ...]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"{action!r} is not legal")
        return (*state, action["card"])

    def view(self, state: tuple[str, ...], seat: int | None) -> View:
        return {"picked": list(state), "seat": seat}

    def outcome(self, state: tuple[str, ...]) -> Outcome | None:
        if len(state) < 2:
            return None
        won = sum(int(c[1]) for c in state) % 2 == 1
        return Outcome((0,) if won else (), () if won else (0,), False, "picked", (1.0 if won else 0.0,))

    def determinize(self, state: tuple[str, ...], seat: int, rng: random.Random) -> tuple[str, ...]:
        return state


def test_every_registered_game_is_a_base_game() -> None:
    assert games()
    for game in games():
        assert isinstance(game, BaseGame), game.id
        assert isinstance(game, Game), game.id


def test_every_hook_has_a_default_and_is_in_the_protocol() -> None:
    for name in HOOKS:
        assert hasattr(BaseGame, name), name
        assert name in Game.__annotations__ or inspect.isfunction(vars(Game).get(name)), name
    abstract = BaseGame.__abstractmethods__
    assert abstract == {"setup", "to_act", "legal_actions", "apply", "view", "outcome", "determinize"}
    assert not abstract & set(HOOKS)


def test_a_minimal_game_gets_working_defaults_for_every_hook() -> None:
    game = Pick()
    st = game.setup(1, 0)
    legal = game.legal_actions(st, 0)
    assert game.view_and_legal(st, 0) == (game.view(st, 0), legal)
    assert game.view_and_legal(st, None) == (game.view(st, None), [])
    assert game.view_and_brief_legal(st, 0) == (game.view(st, 0), legal)  # the brief list is the full list
    assert game.view_and_brief_legal(st, None) == (game.view(st, None), [])
    # views: each audience's (view, legal) as the separate calls give them, in order.
    assert game.views(st, [(None, None), (0, "full"), (0, "brief"), (0, None)]) == [
        (game.view(st, None), []), (game.view(st, 0), legal), (game.view(st, 0), legal), (game.view(st, 0), [])]
    assert game.views(st, []) == []
    with pytest.raises(ValueError, match="'brief', 'full' or None, not 'lazy'"):
        game.views(st, [(0, "lazy")])
    # expand: the legal actions with every field of the partial action (the lazy flag aside), in order.
    assert game.expand(st, 0, {"type": "card", "card": "a2", "lazy": True}) == [
        {"type": "card", "card": "a2", "slot": 0}, {"type": "card", "card": "a2", "slot": 1}]
    assert game.expand(st, 0, {"type": "card", "card": "a2", "slot": 1}) == [{"type": "card", "card": "a2", "slot": 1}]
    assert game.expand(st, 0, {}) == legal
    assert game.expand(st, 0, {"type": "card", "card": "zz"}) == []
    assert game.expand(st, 0, {"type": "card", "slot": True}) == []  # True is not 1
    assert game.expand(game.apply(game.apply(st, 0, legal[0]), 0, legal[-1]), 0, {"type": "card"}) == []
    assert game.dump(st) == game.view(st, None)
    assert game.league is NO_LEAGUE
    assert game.league.events(st, 0, legal[0], game.apply(st, 0, legal[0])) == []
    assert game.random_action(st, 0, random.Random(3)) in legal
    with pytest.raises(IllegalAction, match="no legal action"):
        game.random_action(("a1", "b1"), 0, random.Random(3))
    assert game.choice_key({"type": "card", "card": "a1"}) == {"type": "card", "card": "a1"}
    # evaluate knows only finished games; greedy_scores is evaluate after each action.
    assert game.evaluate(st, 0) == 0.0
    assert game.evaluate(("a1", "a2"), 0) == 1.0 and game.evaluate(("a1", "b1"), 0) == -1.0
    after_a1 = game.apply(st, 0, legal[0])
    scores = game.greedy_scores(after_a1, 0, game.legal_actions(after_a1, 0), random.Random(1))
    assert {a["card"]: s for s, a in scores} == {"a2": 1.0, "b1": -1.0}
    assert GreedyBot().choose(game, after_a1, 0, random.Random(2))["card"] == "a2"


@pytest.mark.parametrize("name", ["donjon.games.protocol", "donjon.games.unfairchess.game"])
def test_the_examples_in_the_docstrings_run(name: str) -> None:
    assert doctest.testmod(importlib.import_module(name)).failed == 0


def test_the_module_functions_call_the_defaults() -> None:
    game = Pick()
    st = game.setup(1, 0)
    assert view_and_legal(game, st, 0) == game.view_and_legal(st, 0)
    assert view_and_brief_legal(game, st, 0) == game.view_and_legal(st, 0)
    assert card_targets(game, st, 0, "b1") == [a for a in game.legal_actions(st, 0) if a["card"] == "b1"]
    assert card_targets(game, st, 0, "zz") == []
    assert league_events(game, st, 0, {"type": "card", "card": "a1", "slot": 0}, ("a1",)) == []
    assert final_dump(game, st) == {"picked": [], "seat": None, "to_act": [0], "outcome": None}


# ---------------------------------------------------------------------------- overrides


class Calls(Pick):
    """Pick with every hook overridden, recording what the platform calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.league = GameLeague(events=self._events)

    def _events(self, before: Any, seat: int, action: Action, after: Any) -> list[dict[str, Any]]:
        self.calls.append(("events", action))
        return [{"kind": "picked", "card": action["card"]}]

    def view_and_legal(self, state: tuple[str, ...], seat: int | None) -> tuple[View, list[Action]]:
        self.calls.append(("view_and_legal", seat))
        return super().view_and_legal(state, seat)

    def view_and_brief_legal(self, state: tuple[str, ...], seat: int | None) -> tuple[View, list[Action]]:
        self.calls.append(("view_and_brief_legal", seat))
        view, legal = super().view_and_legal(state, seat)
        return view, [{"type": "card", "card": c, "lazy": True} for c in dict.fromkeys(a["card"] for a in legal)]

    def expand(self, state: tuple[str, ...], seat: int, partial: Action) -> list[Action]:
        self.calls.append(("expand", partial))
        return super().expand(state, seat, partial)

    def dump(self, state: tuple[str, ...]) -> dict[str, Any]:
        self.calls.append(("dump", state))
        return {"all": list(state)}

    def random_action(self, state: tuple[str, ...], seat: int, rng: random.Random, **options: Any) -> Action:
        self.calls.append(("random_action", options))
        return self.legal_actions(state, seat)[-1]

    def greedy_scores(self, state: tuple[str, ...], seat: int, actions: list[Action], rng: random.Random,
                      **options: Any) -> list[tuple[float, Action]]:
        self.calls.append(("greedy_scores", options))
        return [(1.0 if a["card"] == "b1" else 0.0, a) for a in actions]


def test_the_module_functions_and_the_bots_call_the_overrides() -> None:
    game = Calls()
    st = game.setup(1, 0)
    legal = game.legal_actions(st, 0)
    assert view_and_legal(game, st, 0) == (game.view(st, 0), legal)
    view, brief = view_and_brief_legal(game, st, 0)
    assert brief == [{"type": "card", "card": c, "lazy": True} for c in ("a1", "a2", "b1")]
    assert card_targets(game, st, 0, "a1") == legal[:2]
    assert league_events(game, st, 0, legal[0], game.apply(st, 0, legal[0])) == [{"kind": "picked", "card": "a1"}]
    assert final_dump(game, st) == {"all": [], "to_act": [0], "outcome": None}
    assert RandomBot(card_prob=0.5).choose(game, st, 0, random.Random(1)) == legal[-1]
    assert GreedyBot(depth=2).choose(game, st, 0, random.Random(1))["card"] == "b1"
    assert game.calls == [
        ("view_and_legal", 0), ("view_and_brief_legal", 0), ("expand", {"type": "card", "card": "a1"}),
        ("events", legal[0]), ("dump", ()), ("random_action", {"card_prob": 0.5}), ("greedy_scores", {"depth": 2}),
    ]


def test_unfairchess_expands_a_card_without_the_rest_of_the_list() -> None:
    game = get_game("unfairchess")
    st = game.setup(2, 7, {"hands": {"0": ["poison", "sommeil"]}})
    legal = game.legal_actions(st, 0)
    for card in ("poison", "sommeil"):
        mine = [a for a in legal if a["type"] == "card" and a["card"] == card]
        assert mine and game.expand(st, 0, {"type": "card", "card": card, "lazy": True}) == mine
        assert card_targets(game, st, 0, card) == mine
        one = mine[0]
        assert game.expand(st, 0, one) == [one]
    assert game.expand(st, 1, {"type": "card", "card": "poison"}) == []  # not its turn
    assert game.expand(st, 0, {"type": "move", "uci": "e2e4"}) == [{"type": "move", "uci": "e2e4"}]


def test_castel_says_the_copies_of_a_card_are_one_choice() -> None:
    game = get_game("castel")
    assert game.choice_key({"type": "place", "card": "soldat_7", "on": "soldat_1"}) == \
        {"type": "place", "card": "soldat", "on": "soldat"}
    assert game.choice_key([None, 3, "zz"]) == [None, 3, "zz"]


# ---------------------------------------------------------------------------- the registry


def test_register_refuses_what_is_not_a_game() -> None:
    class Bare:
        id = "bare"
        info = GameInfo(id="bare", names={"en": "Bare"}, min_seats=1, max_seats=1, default_seats=1)

        def setup(self, players: int, seed: int, options: Any = None) -> None:
            return None

    with pytest.raises(TypeError, match=r"not a donjon.games.protocol.BaseGame.*missing: min_players, max_players"):
        register(Bare())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs an info: GameInfo with the same id"):
        register(type("Other", (Pick,), {"id": "other"})())
    with pytest.raises(TypeError, match="abstract method"):
        type("Half", (BaseGame,), {"id": "half"})()


def test_register_takes_a_game_with_every_member_of_the_protocol() -> None:
    class Standalone:
        """Not a BaseGame, but everything a Game has, the hooks included."""

    game = Standalone()
    for name in ("setup", "to_act", "legal_actions", "apply", "view", "outcome", "determinize", *HOOKS):
        setattr(game, name, getattr(Pick(), name))
    for name in ("min_players", "max_players", "cooperative"):
        setattr(game, name, getattr(Pick, name))
    game.id, game.info = "standalone", GameInfo(id="standalone", names={"en": "S"}, min_seats=1, max_seats=1,  # type: ignore[attr-defined]
                                                default_seats=1)
    register(game)  # type: ignore[arg-type]
    try:
        assert get_game("standalone") is game
    finally:
        unregister("standalone")
    register(Pick())
    try:
        assert get_game("pick_test").view_and_brief_legal((), 0)[1] == Pick().legal_actions((), 0)
    finally:
        unregister("pick_test")


# ---------------------------------------------------------------------------- no probing


PROBE = re.compile(r"\b(?:getattr|hasattr)\(\s*(?:self\.|room\.|match\.)?(?:game|g)\b")
"""``getattr(game, ...)``, ``hasattr(self.game, ...)``: probing a game object for a member."""


def test_the_platform_calls_the_hooks_instead_of_probing_games() -> None:
    root = Path(__file__).resolve().parents[2] / "donjon"
    games_dir = root / "games"
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if path.parent != games_dir and games_dir in path.parents:
            continue  # a game's own package may look at its own objects as it likes
        for no, line in enumerate(path.read_text().splitlines(), 1):
            if PROBE.search(line):
                found.append(f"donjon/{rel}:{no}: {line.strip()}")
    assert not found, "\n".join(found)
