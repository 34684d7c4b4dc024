"""Random UnfairChess play without listing every card targeting (self-play, fuzzing, benchmarks).

:func:`random_action` is the game's ``random_action`` hook, which the generic
:class:`~donjon.bots.random_bot.RandomBot` calls on its determinized state::

    >>> import random
    >>> from donjon.bots import RandomBot
    >>> from donjon.games.unfairchess import GAME
    >>> state = GAME.setup(2, seed=3)
    >>> action = RandomBot(card_prob=1.0).choose(GAME, state, 0, random.Random(1))
    >>> action["type"], action in GAME.legal_actions(state, 0)
    ('card', True)
"""

from __future__ import annotations

import random
from typing import Any

from donjon.games.protocol import Action, IllegalAction
from donjon.games.unfairchess import rules
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.cards.base import Targeting
from donjon.games.unfairchess.state import State

CARD_PROB = 0.25
"""The share of turns on which a card is tried before a normal move."""


def random_card_targeting(st: State, card_id: str, rng: random.Random) -> Targeting | None:
    """A uniformly random legal targeting of ``card_id`` for the side to act, or None.

    Same result set as :func:`rules.card_actions`, but lazy: the card's structural
    targetings are shuffled and only checked (a full private resolution each) until the
    first legal one, which is uniform among the legal ones.
    """
    try:
        rules._card_gate(st, card_id)
    except IllegalAction:
        return None
    effect = CARD_EFFECTS.get(card_id)
    if effect is None:  # a card not written yet is never playable
        return None
    options: dict[str, Targeting] = {}
    for tg in effect.targetings(st):
        options.setdefault(repr(sorted(tg.items())), tg)
    candidates = list(options.values())
    rng.shuffle(candidates)
    for tg in candidates:
        try:
            rules._resolve_card(st, card_id, tg, probe=True)
        except IllegalAction:
            continue
        return tg
    return None


def random_action(st: State, seat: int, rng: random.Random, card_prob: float = CARD_PROB, **_options: Any) -> Action:
    """A random legal action of ``seat``: a random order of the cards to put back when one is
    asked for; else with probability ``card_prob`` (or always, when no normal move is left)
    the distinct cards of its hand are tried in random order and a uniformly random legal
    targeting of the first playable one is played; otherwise a uniformly random normal move."""
    moves = st.moves or []
    if seat != st.seat or st.result is not None:
        raise IllegalAction(f"seat {seat} has no legal action")
    if st.ordering:
        return {"type": "order", "order": rng.choice(rules.order_actions(st))}
    if not st.must_move and (not moves or rng.random() < card_prob):
        cards = list(dict.fromkeys(st.hands[seat]))
        rng.shuffle(cards)
        for card in cards:
            tg = random_card_targeting(st, card, rng)
            if tg is not None:
                return {"type": "card", "card": card, **tg}
    if not moves:
        actions = [{"type": "card", "card": c, **tg} for c in dict.fromkeys(st.hands[seat])
                   for tg in rules.card_actions(st, c)]
        if not actions:
            raise IllegalAction(f"seat {seat} has no legal action")
        return rng.choice(actions)
    return {"type": "move", "uci": rng.choice(moves).uci()}
