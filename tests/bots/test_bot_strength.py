"""What the stronger levels rely on: the plain-chess shortcut and memoized evaluation of the
UnfairChess search, the Castel greedy bot and the Castel turn search (legal, fair, takes a win)."""

from __future__ import annotations

import random
from typing import Any

import chess

from donjon.bots import get_bot
from donjon.bots.castel_mcts import CastelMCTSBot, _main_actions, castel_values
from donjon.bots.levels import make_bot
from donjon.bots.unfairchess_search import UnfairChessSearchBot, _board_eval_white, board_eval_white
from donjon.games import get_game
from donjon.games.unfairchess import GAME as UC

NO_CARDS: dict[str, Any] = {"hands": {"0": [], "1": []}, "decks": {"0": [], "1": []}}


# ---------------------------------------------------------------------------- UnfairChess


def test_no_cards_is_plain_chess_and_searched_once() -> None:
    s = UC.setup(2, 3, NO_CARDS)
    assert all(a["type"] == "move" for a in UC.legal_actions(s, 0))
    bot = UnfairChessSearchBot(time_limit=None, max_depth=2, samples=3)
    action = bot.choose(UC, s, 0, random.Random(1))
    assert action in UC.legal_actions(s, 0)
    assert len(bot.last) == 1  # nothing is hidden: one search, not three identical ones
    with_cards = UC.setup(2, 3)
    bot.choose(UC, with_cards, 0, random.Random(1))
    assert len(bot.last) == 3


def test_memoized_evaluation_matches_and_is_symmetric() -> None:
    rng = random.Random(5)
    for _ in range(6):
        b = chess.Board()
        for _ in range(rng.randrange(4, 60)):
            moves = list(b.legal_moves)
            if not moves:
                break
            b.push(rng.choice(moves))
        assert board_eval_white(b) == _board_eval_white(b)
        assert board_eval_white(b) == board_eval_white(b)  # from the memo
        assert board_eval_white(b.mirror()) == -board_eval_white(b)


def test_search_takes_a_hanging_rook_in_plain_chess() -> None:
    s = UC.setup(2, 1, {**NO_CARDS, "fen": "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1"})
    action = UnfairChessSearchBot(time_limit=None, max_depth=3, samples=1).choose(UC, s, 0, random.Random(1))
    assert action == {"type": "move", "uci": "e3d5"}


# ---------------------------------------------------------------------------- Castel


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
    from tests.bots.test_search_bots import _castel_twin, _public

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
