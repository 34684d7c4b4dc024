"""The generic bots on UnfairChess: legality, the random bot's cards, what the greedy bot sees
(its scores are the game's ``greedy_scores`` hook), and that hidden cards stay hidden."""

from __future__ import annotations

import random

import chess
import pytest

from donjon.bots import GreedyBot, RandomBot, choose_and_apply, get_bot
from donjon.games import get_game
from donjon.games.unfairchess import GAME
from donjon.games.unfairchess.bots.greedy import evaluate
from donjon.games.unfairchess.state import State


def setup(fen: str, white: list[str] | None = None, black: list[str] | None = None) -> State:
    return GAME.setup(2, 1, {"fen": fen, "hands": {"0": white or [], "1": black or []}, "decks": {"0": [], "1": []}})


@pytest.mark.parametrize("name", ["random", "uniform", "greedy"])
def test_bots_only_send_legal_actions_and_never_mutate(name: str) -> None:
    bot = get_bot(name)
    rng = random.Random(5)
    s = GAME.setup(2, 11)
    cards = 0
    for _ in range(60 if name != "greedy" else 25):
        if s.result is not None:
            break
        before = GAME.dump(s)
        action = bot.choose(GAME, s, s.seat, rng)
        assert GAME.dump(s) == before
        legal = GAME.legal_actions(s, s.seat)
        assert action in legal
        cards += action["type"] == "card"
        s = GAME.apply(s, s.seat, action)
    if name != "greedy":  # greedy keeps its cards unless they gain something
        assert cards > 0  # the cards are part of the game


def test_random_bot_plays_cards_when_it_has_no_move() -> None:
    # White is stalemated on the board but holds Sleep: the bot must play the card.
    s = setup("k7/8/8/8/8/p7/P1q5/K7 w - - 0 1", white=["sommeil"])
    assert not s.moves and s.result is None and s.can_save
    bot = RandomBot(card_prob=0.0)
    action = bot.choose(GAME, s, 0, random.Random(1))
    assert action["type"] == "card" and action["card"] == "sommeil"


def test_greedy_mates_in_one() -> None:
    s = setup("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    for seed in range(3):
        assert GreedyBot().choose(GAME, s, 0, random.Random(seed)) == {"type": "move", "uci": "a1a8"}
    after = GAME.apply(s, 0, {"type": "move", "uci": "a1a8"})
    assert after.result is not None and after.result.winners == (0,)
    assert evaluate(after, 0) > 1000 > -1000 > evaluate(after, 1)


def test_greedy_takes_a_free_queen_and_keeps_its_own() -> None:
    s = setup("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")
    assert GreedyBot().choose(GAME, s, 0, random.Random(1)) == {"type": "move", "uci": "d1d5"}
    # Black's queen is attacked by the rook (which the king defends): it goes to a safe square.
    s = setup("4k3/8/8/3q4/8/8/8/3RK3 b - - 0 1")
    for seed in range(3):
        action = GreedyBot().choose(GAME, s, 1, random.Random(seed))
        after = GAME.apply(s, 1, action)
        queen = chess.parse_square(action["uci"][2:4])
        assert after.board.piece_type_at(queen) == chess.QUEEN
        assert not after.board.is_attacked_by(chess.WHITE, queen)


def test_greedy_counts_an_add_card_and_its_move_as_one_line() -> None:
    # Shield (add) on the queen, then Qxd5: worth more than Qxd5 alone, although the card
    # alone wins nothing. The bot must see the line, play the card, then the capture.
    s = setup("7k/8/8/3r4/8/8/8/3Q2K1 w - - 0 1", white=["bouclier"])
    bot = GreedyBot()
    first = bot.choose(GAME, s, 0, random.Random(2))
    assert first == {"type": "card", "card": "bouclier", "squares": ["d1"]}
    s = GAME.apply(s, 0, first)
    assert s.must_move and s.seat == 0
    assert bot.choose(GAME, s, 0, random.Random(2)) == {"type": "move", "uci": "d1d5"}


def test_greedy_uses_a_replace_card_and_answers_checks() -> None:
    # Nothing to take: putting the enemy queen to sleep is the best this turn.
    s = setup("3qk3/8/8/8/8/8/P7/4K3 w - - 0 1", white=["sommeil"])
    assert GreedyBot().choose(GAME, s, 0, random.Random(1)) == {"type": "card", "card": "sommeil", "squares": ["d8"]}
    # In check from an undefended queen: the king takes it rather than putting it to sleep.
    s = setup("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", white=["sommeil"])
    assert s.king_attacked(True)
    assert GreedyBot().choose(GAME, s, 0, random.Random(1)) == {"type": "move", "uci": "e1d2"}


def _hide_differently(s: State, rng: random.Random) -> State:
    """The same state with the opponent's (Black's) hidden hand and deck reshuffled together."""
    other = s.copy()
    pool = other.hands[1] + other.decks[1]
    rng.shuffle(pool)
    n = len(other.hands[1])
    other.hands[1], other.decks[1] = pool[:n], pool[n:]
    return other


@pytest.mark.parametrize("name", ["random", "greedy", "uniform"])
def test_bots_decide_without_the_hidden_cards(name: str) -> None:
    rng = random.Random(3)
    s = GAME.setup(2, 21)
    walker = RandomBot(card_prob=0.5)
    checked = 0
    for ply in range(40):
        if s.result is not None:
            break
        if s.seat == 0 and ply % 3 == 0:
            other = _hide_differently(s, random.Random(ply))
            assert other.hands[1] != s.hands[1] or other.decks[1] != s.decks[1]
            for k in range(3):
                a = get_bot(name).choose(GAME, s, 0, random.Random(k))
                b = get_bot(name).choose(GAME, other, 0, random.Random(k))
                assert a == b, f"ply {ply}: the {name} bot's choice depends on Black's hidden cards"
            checked += 1
        s = GAME.apply(s, s.seat, walker.choose(GAME, s, s.seat, rng))
    assert checked >= 5


def test_determinize_does_not_depend_on_the_hidden_order() -> None:
    s = GAME.setup(2, 4)
    other = _hide_differently(s, random.Random(9))
    for seat in (0, 1):
        if seat == 1:
            other = s.copy()
            pool = other.hands[0] + other.decks[0]
            random.Random(1).shuffle(pool)
            other.hands[0], other.decks[0] = pool[:4], pool[4:]
        a = GAME.determinize(s, seat, random.Random(7))
        b = GAME.determinize(other, seat, random.Random(7))
        assert GAME.dump(a) == GAME.dump(b)
        assert a.hands[seat] == s.hands[seat]  # its own hand is known
        assert sorted(a.hands[1 - seat] + a.decks[1 - seat]) == sorted(s.hands[1 - seat] + s.decks[1 - seat])


def test_greedy_beats_random() -> None:
    game = get_game("unfairchess")
    bots = [get_bot("greedy"), get_bot("random")]
    wins = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = game.setup(2, seed)
        while s.result is None and s.plies < 200:
            seat = s.seat
            _, s, refused = choose_and_apply(bots[seat], game, s, seat, rng)
            assert refused is None
        wins += s.result is not None and s.result.winners == (0,)
    assert wins >= 2
