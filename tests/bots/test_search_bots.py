"""The stronger bots: legal actions only, fair (hidden cards never change a choice),
tactics for the UnfairChess search, and the tournament's table and Elo."""

from __future__ import annotations

import random
from typing import Any

import chess
import pytest

from donjon.bots import Bot
from donjon.bots.castel_mcts import CastelMCTSBot
from donjon.bots.citadel_planner import CitadelPlannerBot, team_value
from donjon.bots.levels import LEVEL_NAMES, make_bot
from donjon.bots.unfairchess_search import UnfairChessSearchBot
from donjon.games import get_game
from donjon.games.unfairchess import GAME as UC
from donjon.games.unfairchess.state import State
from donjon.stats import wilson
from donjon.tournament import elo_with_errors, fit_elo, main, pairwise, run_tournament


def uc_setup(fen: str, white: list[str] | None = None, black: list[str] | None = None) -> State:
    return UC.setup(2, 1, {"fen": fen, "hands": {"0": white or [], "1": black or []}, "decks": {"0": [], "1": []}})


def tiny(game_id: str) -> Bot:
    """Each search bot with a budget that does not depend on the clock."""
    if game_id == "unfairchess":
        return UnfairChessSearchBot(time_limit=None, max_depth=2, max_nodes=3000, samples=2, cards=3, threats=2)
    if game_id == "castel":
        return CastelMCTSBot(time_limit=None, iterations=30, rollout_depth=4)
    return CitadelPlannerBot(time_limit=None, beam=6, depth=3, candidates=3, rollouts=2)


# ---------------------------------------------------------------------------- levels


@pytest.mark.parametrize("game_id", ["unfairchess", "castel", "citadel"])
def test_every_level_makes_a_bot(game_id: str) -> None:
    for level in LEVEL_NAMES:
        bot = make_bot(game_id, level)
        assert isinstance(bot, Bot)
    with pytest.raises(KeyError):
        make_bot(game_id, "grandmaster")


# ---------------------------------------------------------------------------- legality


def _players(game_id: str) -> int:
    return 2


@pytest.mark.parametrize("game_id", ["unfairchess", "castel", "citadel"])
def test_search_bots_send_only_legal_actions_and_never_mutate(game_id: str) -> None:
    game = get_game(game_id)
    bot = tiny(game_id)
    rng = random.Random(3)
    state = game.setup(_players(game_id), 5)
    other = make_bot(game_id, "random")
    decisions = 0
    for step in range(40 if game_id != "unfairchess" else 14):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        if step % 2 == 0 or game_id == "citadel":
            before = repr(game.view(state, None)) if game_id != "unfairchess" else UC.dump(state)
            action = bot.choose(game, state, seat, rng)
            after = repr(game.view(state, None)) if game_id != "unfairchess" else UC.dump(state)
            assert before == after
            assert action in game.legal_actions(state, seat), action
            decisions += 1
        else:
            action = other.choose(game, state, seat, rng)
        state = game.apply(state, seat, action)
    assert decisions >= 5


def test_unfairchess_search_plays_cards_legally() -> None:
    # White holds Celestial Strike and can destroy the undefended black queen with it.
    s = uc_setup("4k3/8/8/3q4/8/8/8/4K3 w - - 0 1", white=["frappe_celeste"])
    bot = UnfairChessSearchBot(time_limit=None, max_depth=2, samples=1)
    action = bot.choose(UC, s, 0, random.Random(1))
    assert action in UC.legal_actions(s, 0)
    assert action == {"type": "card", "card": "frappe_celeste", "squares": ["d5"]}


# ---------------------------------------------------------------------------- fairness


def _uc_twin(state: State) -> State:
    """The same state for seat 0, with Black's hand and both deck orders changed."""
    twin = state.copy()
    pool = twin.hands[1] + twin.decks[1]
    random.Random(99).shuffle(pool)
    twin.hands[1], twin.decks[1] = pool[:4], pool[4:]
    random.Random(98).shuffle(twin.decks[0])
    return twin


def test_unfairchess_search_is_fair() -> None:
    s = UC.setup(2, 21)
    s = UC.apply(s, 0, {"type": "move", "uci": "e2e4"})
    s = UC.apply(s, 1, {"type": "move", "uci": "e7e5"})
    twin = _uc_twin(s)
    assert twin.hands[1] != s.hands[1] and twin.decks[0] != s.decks[0]
    assert UC.view(twin, 0) == UC.view(s, 0)
    bot = UnfairChessSearchBot(time_limit=None, max_depth=3, max_nodes=6000, samples=2, cards=4, threats=3)
    for seed in range(3):
        assert bot.choose(UC, s, 0, random.Random(seed)) == bot.choose(UC, twin, 0, random.Random(seed))


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


# ---------------------------------------------------------------------------- UnfairChess tactics


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_unfairchess_search_mates_in_one(level: str) -> None:
    s = uc_setup("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", black=["sommeil"])
    assert UnfairChessSearchBot(level).choose(UC, s, 0, random.Random(2)) == {"type": "move", "uci": "a1a8"}


def test_unfairchess_search_mates_in_two() -> None:
    # The back rank: 1. Re8+ Rxe8 2. Rxe8#.
    s = uc_setup("2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1")
    action = UnfairChessSearchBot(time_limit=None, max_depth=4, samples=1).choose(UC, s, 0, random.Random(1))
    assert action == {"type": "move", "uci": "e2e8"}


@pytest.mark.parametrize("fen", [
    "6k1/8/5p2/4p3/3Q4/8/8/6K1 w - - 0 1",  # the queen is attacked by a pawn; Qxe5?? fxe5
    "4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1",  # the black queen is attacked by a pawn
])
def test_unfairchess_search_does_not_hang_its_queen(fen: str) -> None:
    s = uc_setup(fen)
    seat = s.seat
    us = s.board.turn
    for level in ("normal", "hard"):
        action = UnfairChessSearchBot(level).choose(UC, s, seat, random.Random(4))
        after = UC.apply(s, seat, action)
        queens = after.board.pieces(chess.QUEEN, us)
        assert queens, action
        (q,) = queens
        assert not after.board.is_attacked_by(not us, q), action


@pytest.mark.parametrize("fen", [
    "6k1/8/5p2/4p3/3Q4/8/8/6K1 w - - 0 1",
    "4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1",
])
def test_unfairchess_search_out_of_time_still_searches_one_ply(fen: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A busy machine: every look at the clock finds a second gone, so each deadline has
    # passed. The move must still come from a finished one-ply search, not from its prior.
    import types

    import donjon.bots.unfairchess_search as search

    ticks = iter(range(10**9))
    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=lambda: float(next(ticks))))
    s = uc_setup(fen)
    us = s.board.turn
    for level in ("normal", "hard"):
        bot = UnfairChessSearchBot(level)
        after = UC.apply(s, s.seat, bot.choose(UC, s, s.seat, random.Random(4)))
        (q,) = after.board.pieces(chess.QUEEN, us)
        assert not after.board.is_attacked_by(not us, q), level


def test_unfairchess_search_fears_the_opponents_cards() -> None:
    # Black's queen could take the e4 pawn, but White (as sampled: every unseen card is a
    # Celestial Strike here) would destroy it with a card; with nothing else to do it still
    # must not blunder material, and the chosen action is legal.
    s = uc_setup("4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1", white=["frappe_celeste"])
    action = UnfairChessSearchBot(time_limit=None, max_depth=3, samples=1, threats=3).choose(UC, s, 1, random.Random(1))
    assert action in UC.legal_actions(s, 1)


# ---------------------------------------------------------------------------- Citadel value


def test_citadel_value_prefers_saved_treasures() -> None:
    game = get_game("citadel")
    s = game.setup(2, 1, {"characters": ["edward", "irene"], "first": 0})
    better = s.copy()
    better.saved = ["T01"]
    assert team_value(better) > team_value(s)


# ---------------------------------------------------------------------------- tournament


def test_elo_orders_a_rigged_round_robin() -> None:
    games = [("a", "b", 1.0)] * 8 + [("a", "b", 0.0)] * 2 + [("b", "c", 1.0)] * 8 + [("b", "c", 0.0)] * 2
    games += [("a", "c", 1.0)] * 10
    elo = fit_elo(["c", "b", "a"], games)
    assert elo["c"] == 0.0 < elo["b"] < elo["a"]
    assert 150 < elo["b"] < 350
    ratings, diffs = elo_with_errors(["c", "b", "a"], games)
    assert ratings["a"]["lo"] < ratings["a"]["elo"] < ratings["a"]["hi"]
    assert diffs[("a", "b")] > 0
    lo, hi = wilson(8, 10)
    assert 0.45 < lo < 0.8 < hi < 0.97


def test_tournament_table_shape() -> None:
    result = run_tournament("unfairchess", ["random", "greedy"], games=2, seed=3, max_actions=30)
    assert result["bots"] == ["random", "greedy"]
    assert {r["bot"] for r in result["table"]} == {"random", "greedy"}
    for row in result["table"]:
        assert row["played"] == 2 == row["wins"] + row["draws"] + row["losses"]
        assert row["elo_lo"] <= row["elo"] <= row["elo_hi"]
    assert result["pairs"][0]["games"] == 2
    assert set(result["think"]) == {"random", "greedy"}
    assert sum(result["reasons"].values()) == 2


def test_tournament_cooperative_counts_against_the_professor() -> None:
    result = run_tournament("citadel", ["random"], games=2, seed=1)
    assert {r["bot"] for r in result["table"]} == {"random", "professor"}
    assert result["pairs"][0]["games"] == 2
    pw = pairwise([], True)
    assert pw == []


def test_tournament_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["unfairchess", "--bots", "random,greedy", "--games", "1", "--max-actions", "10"]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "Elo" in out
    assert main(["unfairchess", "--bots", "random,nobody", "--games", "1"]) == 2
