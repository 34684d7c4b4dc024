"""Random self-play with cards, UnfairChess's invariants checked after every action.

300 full games (10 chunks of 30, xdist-friendly), ply cap 300 then adjudication. Every
action comes from a random bot deciding on a determinized state (it must never be refused)
or, at sampled positions, from the real ``legal_actions`` list. A failure names the seed
and the action index: rerun it with ``donjon replay`` on the record written to
``$DONJON_FUZZ_DIR`` (if set).

What holds for every game (listed actions are accepted and change nothing, views are JSON,
a record replays to the same state) is checked by ``tests/games/test_conformance.py``.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import chess
import pytest

from donjon.bots import RandomBot
from donjon.games.protocol import IllegalAction
from donjon.games.unfairchess import GAME
from donjon.games.unfairchess.catalogue import DECK
from donjon.games.unfairchess.state import STATUSES, State

CHUNKS = 10
GAMES_PER_CHUNK = 30
MAX_PLIES = 300
SAMPLE_POSITIONS = 0.15  # share of positions where the action comes from legal_actions and the views are checked
FULL_DECKS = Counter(DECK) + Counter(DECK)
PAWN_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8


def discard_cards(st: State) -> list[str]:
    return [d["card"] for d in st.discard]


def check_invariants(st: State, where: str) -> None:
    b = st.board
    for color in (chess.WHITE, chess.BLACK):
        assert chess.popcount(b.pieces_mask(chess.KING, color)) == 1, f"{where}: not one king per side: {b.fen()}"
    assert not b.pawns & PAWN_RANKS, f"{where}: a pawn on rank 1 or 8: {b.fen()}"
    assert all(len(h) <= 4 for h in st.hands), f"{where}: a hand holds more than 4 cards: {st.hands}"
    cards = st.hands[0] + st.hands[1] + st.decks[0] + st.decks[1] + discard_cards(st)
    assert len(cards) == 288, f"{where}: {len(cards)} cards in play instead of 288"
    assert Counter(cards) == FULL_DECKS, f"{where}: the card multiset changed: {(Counter(cards) - FULL_DECKS) or (FULL_DECKS - Counter(cards))}"
    for sq, sts in st.statuses.items():
        piece = b.piece_at(sq)
        assert piece is not None, f"{where}: statuses {set(sts)} on the empty square {chess.SQUARE_NAMES[sq]}"
        assert piece.piece_type != chess.KING or sts <= {"converted"}, f"{where}: statuses on a king"
        assert sts and sts <= set(STATUSES) | {"converted"}, f"{where}: bad statuses {sts}"
    shielded = {sq for sq, sts in st.statuses.items() if "shield" in sts}
    assert set(st.shield_until) == shielded, f"{where}: shield timers {st.shield_until} vs shielded {shielded}"
    for sq in st.walls:
        assert b.piece_at(sq) is None, f"{where}: a piece stands on the wall {chess.SQUARE_NAMES[sq]}"
    # Whose turn, and the end of the game.
    if st.result is not None:
        assert GAME.to_act(st) == []
    else:
        assert GAME.to_act(st) == [st.seat]
        assert st.moves or (st.can_save and not st.must_move), f"{where}: no move, no card and no result"
        if st.must_move:
            assert st.moves, f"{where}: must move but has no move"
    # D6: nobody ends their own turn with their king attacked.
    if not st.must_move and st.result is None:
        assert not st.king_attacked(not b.turn), f"{where}: the side that just played left its king attacked"


def check_views(st: State, where: str) -> None:
    for seat in (0, 1):
        assert [e["card"] for e in GAME.view(st, seat)["hand"]] == st.hands[seat], where
    assert "hand" not in GAME.view(st, None)


def play_one(seed: int, card_prob: float, rng: random.Random) -> None:
    bot = RandomBot(card_prob=card_prob)
    st = GAME.setup(2, seed)
    record: dict[str, Any] = {"game": "unfairchess", "seed": seed, "options": {}, "actions": []}
    check_invariants(st, f"seed {seed} setup")
    plies = 0
    while st.result is None and plies < MAX_PLIES:
        i = len(record["actions"])
        where = f"seed {seed} action {i}"
        seat = st.seat
        action = None
        if rng.random() < SAMPLE_POSITIONS:
            check_views(st, where)
            if rng.random() < 0.5:
                action = rng.choice(GAME.legal_actions(st, seat))
        if action is None:
            action = bot.choose(GAME, st, seat, rng)
        try:
            new = GAME.apply(st, seat, action)
        except IllegalAction as e:
            pytest.fail(f"{where}: the random bot's {action} was refused: {e.reason}")
        record["actions"].append({"seat": seat, "action": action})
        check_invariants(new, where)
        if new.seat != seat or new.result is not None:
            plies += 1
        st = new
    out_dir = os.environ.get("DONJON_FUZZ_DIR")
    if out_dir:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        Path(out_dir, f"fuzz-{seed}.json").write_text(json.dumps(record))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_selfplay_keeps_invariants(chunk: int) -> None:
    rng = random.Random(f"fuzz:{chunk}")
    for i in range(GAMES_PER_CHUNK):
        seed = 10_000 + chunk * GAMES_PER_CHUNK + i
        # Mostly ordinary players; some card-hungry ones empty their decks before the cap.
        card_prob = (0.25, 0.5, 0.95)[i % 3]
        play_one(seed, card_prob, rng)
