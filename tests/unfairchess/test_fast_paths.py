"""The server's shortcuts give exactly the answers of the plain code.

- ``rules.card_actions`` probes a targeting without drawing the replacement card and, for an
  add-to-move card, asks ``rules.has_move`` instead of listing every follow-up move: the
  same targetings as a full resolution of each one.
- ``rules.has_move(st, plain) == bool(rules.gen_moves(st, plain))``.
- ``GAME.view_and_legal(state, seat) == (GAME.view(state, seat), GAME.legal_actions(...))``.
- ``state.copy_board(b)`` is ``b.copy(stack=False)``.

Positions come from random games with cards; at some of them the hand of the side to act is
replaced by cards drawn from the whole catalogue, so that every card is probed.
"""

from __future__ import annotations

import random

import chess

from donjon.bots import RandomBot
from donjon.games import IllegalAction
from donjon.games.protocol import view_and_legal
from donjon.games.unfairchess import GAME, rules
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.catalogue import CARDS
from donjon.games.unfairchess.state import State, copy_board


def _reference_card_actions(st: State, card_id: str) -> list[dict]:  # type: ignore[type-arg]
    """``card_actions`` as it was: every distinct targeting fully resolved (draw, move list)."""
    try:
        rules._card_gate(st, card_id)
    except IllegalAction:
        return []
    out, seen = [], set()
    for tg in CARD_EFFECTS[card_id].targetings(st):
        key = repr(sorted(tg.items()))
        if key in seen:
            continue
        seen.add(key)
        try:
            rules._resolve_card(st, card_id, tg)
        except IllegalAction:
            continue
        out.append(tg)
    return out


def _positions(games: int, seed0: int, max_plies: int = 120) -> list[State]:
    bot = RandomBot(card_prob=0.5)
    out = []
    for seed in range(games):
        rng = random.Random(seed0 + seed)
        st = GAME.setup(2, seed0 + seed)
        while st.result is None and st.plies < max_plies:
            out.append(st)
            st = GAME.apply(st, st.seat, bot.choose(GAME, st, st.seat, rng))
        out.append(st)
    return out


def _with_hand(st: State, hand: list[str]) -> State:
    new = st.copy()
    new.events = list(st.events)
    new.hands[new.seat] = list(hand)
    return new


def test_card_probes_equal_full_resolution_for_every_card() -> None:
    rng = random.Random(7)
    catalogue = sorted(CARDS)
    probed: set[str] = set()
    empty_probes = 0
    for i, st in enumerate(_positions(4, 900)):
        states = [st]
        if i % 3 == 0 and st.result is None:
            states.append(_with_hand(st, rng.sample(catalogue, 4)))
        for s in states:
            for card in dict.fromkeys(s.hands[s.seat]):
                ref = _reference_card_actions(s, card)
                assert list(rules.card_actions(s, card)) == ref, (card, s.board.fen())
                assert rules.card_playable(s, card) == bool(ref)
                probed.add(card)
                empty_probes += not ref
    assert probed == set(catalogue), sorted(set(catalogue) - probed)
    assert empty_probes > 50


def _no_move_states() -> list[State]:
    """Positions where the side to act has no normal move: mate, stalemate, and every piece
    asleep but the blocked king (with and without the no-legal-move exception)."""
    out = [GAME.setup(2, 1, {"fen": "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}),
           GAME.setup(2, 1, {"fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"})]
    asleep = GAME.setup(2, 1, {"fen": "k7/8/8/8/8/8/PP6/KR6 w - - 0 1",
                               "statuses": {"a2": ["sleep"], "b2": ["sleep"], "b1": ["sleep", "poison"]}})
    assert asleep.suspended  # only the exception leaves moves
    strict = asleep.copy()
    strict.suspended = False
    # the only capture (of a poisoned knight: decided by simulation) is by a sleeping rook
    poisoned = GAME.setup(2, 1, {"fen": "k7/8/8/8/8/8/PP6/KRn5 w - - 0 1",
                                 "statuses": {"a2": ["sleep"], "b2": ["sleep"], "b1": ["sleep"], "c1": ["poison"]}})
    poisoned_strict = poisoned.copy()
    poisoned_strict.suspended = False
    # stalemate with a wall standing: the general path, every king move simulated
    walled = GAME.setup(2, 1, {"fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}).copy()
    walled.walls = {chess.A4: walled.turn_no + 1}
    return [*out, asleep, strict, poisoned, poisoned_strict, walled]


def test_has_move_equals_gen_moves() -> None:
    compared = walls = none = 0
    for st in _positions(4, 950) + _no_move_states():
        candidates = [st]
        if st.result is None and not st.must_move and not st.ordering:
            # states after an add-to-move card (walls, statuses, traps): has_move decides them
            for card in dict.fromkeys(st.hands[st.seat]):
                if CARDS[card].cost != "add":
                    continue
                for tg in list(CARD_EFFECTS[card].targetings(st))[:12]:
                    try:
                        candidates.append(rules._resolve_card(st, card, tg))
                    except IllegalAction:
                        pass
        for s in candidates:
            for plain in (False, True):
                assert rules.has_move(s, plain) == bool(rules.gen_moves(s, plain)), (s.board.fen(), plain)
                compared += 1
            walls += bool(s.walls)
            none += not rules.gen_moves(s)
    assert compared > 500 and walls > 10 and none > 0, (compared, walls, none)


def test_view_and_legal_equals_view_plus_legal_actions() -> None:
    rng = random.Random(3)
    catalogue = sorted(CARDS)
    checked = greyed = 0
    for i, st in enumerate(_positions(3, 990)):
        states = [st] if i % 2 else [st, _with_hand(st, rng.sample(catalogue, 4))]
        for s in states:
            for seat in (0, 1, None):
                legal = GAME.legal_actions(s, seat) if seat is not None else []
                assert GAME.view_and_legal(s, seat) == (GAME.view(s, seat), legal)
                assert view_and_legal(GAME, s, seat) == (GAME.view(s, seat), legal)
                checked += 1
                if seat == s.seat:
                    greyed += sum(not c["playable"] for c in GAME.view(s, seat)["hand"])
    assert checked > 300 and greyed > 20


def test_copy_board_is_copy_without_stack() -> None:
    b = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    b.push_uci("e1g1")
    b.promoted |= chess.BB_SQUARES[chess.A1]
    c = copy_board(b)
    assert vars(c) == vars(b.copy(stack=False))
    assert c.move_stack == [] and c.occupied_co is not b.occupied_co
    c.push_uci("a8b8")
    assert b.fen() != c.fen() and len(b.move_stack) == 1 and b.occupied_co != c.occupied_co
