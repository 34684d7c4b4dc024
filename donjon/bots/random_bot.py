"""Random players: cheap ones for self-play, fuzzing and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from donjon.games.protocol import Action, Game, IllegalAction
from donjon.games.unfairchess import rules
from donjon.games.unfairchess.cards import CARD_EFFECTS
from donjon.games.unfairchess.cards.base import Targeting
from donjon.games.unfairchess.state import State


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


class RandomBot:
    """Plays a random normal move, or with probability ``card_prob`` a random card.

    For UnfairChess: with probability ``card_prob`` (or always, when no normal move is
    left) it tries the distinct cards of its hand in random order and plays a uniformly
    random legal targeting of the first playable one; otherwise a uniformly random normal
    move. Other games: a uniformly random legal action. Decides from the determinized state.
    """

    name = "random"

    def __init__(self, card_prob: float = 0.25) -> None:
        self.card_prob = card_prob

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        det = game.determinize(state, seat, rng)
        if isinstance(det, State):
            return self._unfairchess(det, seat, rng)
        actions = game.legal_actions(det, seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no legal action")
        return rng.choice(actions)

    def _unfairchess(self, st: State, seat: int, rng: random.Random) -> Action:
        moves = st.moves or []
        if seat != st.seat or st.result is not None:
            raise IllegalAction(f"seat {seat} has no legal action")
        if st.ordering:
            return {"type": "order", "order": rng.choice(rules.order_actions(st))}
        if not st.must_move and (not moves or rng.random() < self.card_prob):
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


class UniformBot:
    """A uniformly random action among *all* legal actions (slow: lists every targeting)."""

    name = "uniform"

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        det = game.determinize(state, seat, rng)
        actions = game.legal_actions(det, seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no legal action")
        return rng.choice(actions)
