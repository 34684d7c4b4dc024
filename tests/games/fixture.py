"""Tiny Hands: a fixture game for the conformance suite's self-test (never registered).

Two or three seats; twelve cards numbered 1 to 12, shuffled from the seed. Each seat holds
two cards (hidden from the others) and the rest is a hidden deck. On your turn you play a
card of your hand face up on your ``gain`` pile (it counts for you) or your ``loss`` pile
(against you), then draw the top card of the deck if there is one. When every hand is
empty, the best total (gains minus losses) wins; equal totals share the win, all equal is
a draw. Like UnfairChess's cards, each card has several targetings: the brief legal list
gives one ``lazy`` entry per card, and the default ``expand``
(:meth:`donjon.games.protocol.BaseGame.expand`) gives its plays::

    >>> st = GAME.setup(2, seed=1)
    >>> GAME.to_act(st), GAME.view(st, 1)["hand_counts"]
    ([0], [2, 2])
    >>> st = GAME.apply(st, 0, GAME.legal_actions(st, 0)[0])
    >>> GAME.to_act(st)
    [1]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from donjon.games.info import GameInfo
from donjon.games.protocol import Action, BaseGame, IllegalAction, Outcome, View

PILES = ("gain", "loss")

INFO = GameInfo(id="tinyhands", names={"en": "Tiny Hands"}, min_seats=2, max_seats=3, default_seats=2, bot_levels=())


@dataclass
class State:
    players: int
    hands: list[list[int]]
    deck: list[int]
    piles: list[dict[str, list[int]]]
    turn: int = 0
    last: dict[str, Any] | None = None
    """The last card played, public."""
    moves: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)

    def copy(self) -> State:
        return State(self.players, [list(h) for h in self.hands], list(self.deck),
                     [{k: list(v) for k, v in p.items()} for p in self.piles], self.turn,
                     dict(self.last) if self.last else None, self.moves, [])

    @property
    def over(self) -> bool:
        return not any(self.hands)

    def total(self, seat: int) -> int:
        return sum(self.piles[seat]["gain"]) - sum(self.piles[seat]["loss"])


class TinyHands(BaseGame):
    id = "tinyhands"
    info = INFO
    min_players = 2
    max_players = 3
    cooperative = False

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if players not in (2, 3):
            raise IllegalAction("Tiny Hands is for 2 or 3 players")
        if options:
            raise IllegalAction("Tiny Hands has no options")
        deck = list(range(1, 13))
        random.Random(seed).shuffle(deck)
        hands = [deck[2 * s: 2 * s + 2] for s in range(players)]
        return State(players, hands, deck[2 * players:], [{"gain": [], "loss": []} for _ in range(players)])

    def to_act(self, state: State) -> list[int]:
        return [] if state.over else [state.turn]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        return [{"type": "card", "card": c, "pile": p} for c in state.hands[seat] for p in PILES]

    def apply(self, state: State, seat: int, action: Action) -> State:
        if not isinstance(action, dict):
            raise IllegalAction("an action is a JSON object")
        if state.over:
            raise IllegalAction("the game is over")
        if type(seat) is not int or not 0 <= seat < state.players:
            raise IllegalAction(f"there is no seat {seat!r}")
        if seat != state.turn:
            raise IllegalAction("it is not your turn")
        if action.get("type") != "card":
            raise IllegalAction(f"unknown action type {action.get('type')!r}; expected 'card'")
        if set(action) != {"type", "card", "pile"}:
            raise IllegalAction("a card play is {\"type\": \"card\", \"card\": n, \"pile\": \"gain\" | \"loss\"}")
        card, pile = action["card"], action["pile"]
        if type(card) is not int or card not in state.hands[seat]:
            raise IllegalAction(f"{card!r} is not a card of your hand")
        if pile not in PILES:
            raise IllegalAction(f"the pile is 'gain' or 'loss', not {pile!r}")
        return self._play(state.copy(), seat, card, pile)

    def _play(self, st: State, seat: int, card: int, pile: str) -> State:
        st.hands[seat].remove(card)
        st.piles[seat][pile].append(card)
        st.last = {"seat": seat, "card": card, "pile": pile}
        st.events = [{"type": "card", "seat": seat, "card": card, "pile": pile}]
        if st.deck:
            st.hands[seat].append(st.deck.pop(0))
            st.events.append({"type": "draw", "seat": seat})
        st.moves += 1
        st.turn = (seat + 1) % st.players
        while not st.over and not st.hands[st.turn]:
            st.turn = (st.turn + 1) % st.players
        return st

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        totals = [state.total(s) for s in range(state.players)]
        best = max(totals)
        if len(set(totals)) == 1:
            return Outcome((), (), True, "equal", tuple(0.5 for _ in totals))
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        losers = tuple(s for s, t in enumerate(totals) if t != best)
        return Outcome(winners, losers, False, "best_total", tuple(1.0 if t == best else 0.0 for t in totals))

    def view(self, state: State, seat: int | None) -> View:
        out: View = {
            "seat": seat,
            "turn": state.turn,
            "to_act": self.to_act(state),
            "piles": [{k: list(v) for k, v in p.items()} for p in state.piles],
            "hand_counts": [len(h) for h in state.hands],
            "deck_count": len(state.deck),
            "last": dict(state.last) if state.last else None,
            "events": [dict(e) for e in state.events],
        }
        if seat is not None and 0 <= seat < state.players:
            out["hand"] = list(state.hands[seat])
        return out

    def view_and_brief_legal(self, state: State, seat: int | None) -> tuple[View, list[Action]]:
        view = self.view(state, seat)
        if seat is None:
            return view, []
        cards = dict.fromkeys(a["card"] for a in self.legal_actions(state, seat))
        return view, [{"type": "card", "card": c, "lazy": True} for c in cards]

    def dump(self, state: State) -> dict[str, Any]:
        out = self.view(state, None)
        out["hands"] = [list(h) for h in state.hands]
        out["deck"] = list(state.deck)
        return out

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Resample the other hands and the deck (keeping their sizes)."""
        st = state.copy()
        st.events = [dict(e) for e in state.events]
        pool = sorted(st.deck + [c for s, h in enumerate(st.hands) if s != seat for c in h])
        rng.shuffle(pool)
        for s in range(st.players):
            if s != seat:
                st.hands[s], pool = pool[: len(st.hands[s])], pool[len(st.hands[s]):]
        st.deck = pool
        return st


GAME = TinyHands()
