"""The Castel state: hands, piles, the exchange, the castle and its outside, colour tokens.

Where a card can be:

* in a seat's ``hands[s]`` (hidden from the others unless the Herald is in play) or
  ``piles[s]`` (face down, ``piles[s][0]`` is the top; nobody sees the order);
* in the ``exchange`` (face up, no order: kept in catalogue order);
* in play: on a castle square (``grid[(r, c)]``), on a siege-engine slot (``slots["N"]``) or
  outside the walls (``outside[base card]``). Each of these holds a *stack*, bottom first:
  one card, with Knights piled on top of it;
* ``removed`` (assassinated, out of the game) or ``box`` (not used in this game: the Jester
  and the Fool at two players).

``tokens`` maps a card in play to the seat whose colour token is on it. ``known[x][h]`` is
the set of cards that observer ``x`` knows are in seat ``h``'s hand (``x == players`` is the
public, i.e. a spectator); it is kept a subset of the hand and feeds :meth:`Castel.view`
and :meth:`Castel.determinize`.

The primitives here (:meth:`State.put`, :meth:`State.send_back`, :meth:`State.move`, ...)
are what effects are written with; they keep the stacks, tokens, knowledge and the event
log right. A state is copied before any change (:meth:`State.copy`): the public functions
of :mod:`donjon.games.castel.rules` never mutate the state they are given.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from donjon.games.castel.board import (
    NEIGHBOURS,
    RAMPARTS,
    SIDES,
    Square,
    side_of,
    square_json,
    zone_of,
)
from donjon.games.castel.catalogue import CARDS, KIND, ORDER, sort_cards
from donjon.games.protocol import Outcome

Loc = tuple[str, Any]
"""Where a stack is: ``("sq", (r, c))``, ``("slot", "N")`` or ``("out", base card id)``."""

COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "green")
"""Seat → colour of its tokens."""
COLOURS_FR: tuple[str, ...] = ("bleu", "jaune", "rouge", "vert")


@dataclass(frozen=True)
class Pending:
    """An effect waiting for the placing player's choice.

    ``effect`` is the kind whose effect awaits (``"senechal"``: the optional extra
    placement); ``card`` the card that was placed; ``remaining`` how many more times the
    choice is asked (the Alchemist's two exchanges).
    """

    effect: str
    card: str
    remaining: int = 1

    @property
    def optional(self) -> bool:
        return self.effect == "senechal"

    def to_json(self) -> dict[str, Any]:
        return {"effect": self.effect, "card": self.card, "remaining": self.remaining, "optional": self.optional}


class State:
    """One Castel position; see the module docstring."""

    __slots__ = (
        "players",
        "seed",
        "rng_counter",
        "max_rounds",
        "hands",
        "piles",
        "exchange",
        "removed",
        "box",
        "grid",
        "slots",
        "outside",
        "tokens",
        "known",
        "turn",
        "turn_no",
        "actions_left",
        "drawn",
        "placed_this_turn",
        "idle_turns",
        "pending",
        "result",
        "events",
        "_index",
        "_protected",
    )

    players: int
    seed: int
    rng_counter: int
    max_rounds: int
    hands: list[list[str]]
    piles: list[list[str]]
    exchange: list[str]
    removed: list[str]
    box: list[str]
    grid: dict[Square, list[str]]
    slots: dict[str, list[str]]
    outside: dict[str, list[str]]
    tokens: dict[str, int]
    known: list[list[set[str]]]
    turn: int
    turn_no: int
    actions_left: int
    drawn: set[str]
    placed_this_turn: bool
    idle_turns: int
    pending: Pending | None
    result: Outcome | None
    events: list[dict[str, Any]]
    _index: dict[str, Loc] | None
    _protected: dict[str, str] | None

    @classmethod
    def empty(cls, players: int, seed: int) -> State:
        st = cls.__new__(cls)
        st.players = players
        st.seed = seed
        st.rng_counter = 0
        st.max_rounds = 200
        st.hands = [[] for _ in range(players)]
        st.piles = [[] for _ in range(players)]
        st.exchange = []
        st.removed = []
        st.box = []
        st.grid = {}
        st.slots = {}
        st.outside = {}
        st.tokens = {}
        st.known = [[set() for _ in range(players)] for _ in range(players + 1)]
        st.turn = 0
        st.turn_no = 1
        st.actions_left = 2
        st.drawn = set()
        st.placed_this_turn = False
        st.idle_turns = 0
        st.pending = None
        st.result = None
        st.events = []
        st._index = None
        st._protected = None
        return st

    def copy(self) -> State:
        """An independent copy (the event list starts empty: events are per action)."""
        new = State.__new__(State)
        new.players = self.players
        new.seed = self.seed
        new.rng_counter = self.rng_counter
        new.max_rounds = self.max_rounds
        new.hands = [list(h) for h in self.hands]
        new.piles = [list(p) for p in self.piles]
        new.exchange = list(self.exchange)
        new.removed = list(self.removed)
        new.box = list(self.box)
        new.grid = {k: list(v) for k, v in self.grid.items()}
        new.slots = {k: list(v) for k, v in self.slots.items()}
        new.outside = {k: list(v) for k, v in self.outside.items()}
        new.tokens = dict(self.tokens)
        new.known = [[set(k) for k in row] for row in self.known]
        new.turn = self.turn
        new.turn_no = self.turn_no
        new.actions_left = self.actions_left
        new.drawn = set(self.drawn)
        new.placed_this_turn = self.placed_this_turn
        new.idle_turns = self.idle_turns
        new.pending = self.pending
        new.result = self.result
        new.events = []
        new._index = self._index
        new._protected = self._protected
        return new

    def __getstate__(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for k, v in data.items():
            setattr(self, k, v)

    # ------------------------------------------------------------------ chance

    def rng_draw(self) -> int:
        """A fresh pseudo-random 64-bit number from the state's seeded stream."""
        self.rng_counter += 1
        h = hashlib.blake2b(f"castel:{self.seed}:{self.rng_counter}".encode(), digest_size=8).digest()
        return int.from_bytes(h, "big")

    def shuffle(self, items: list[str]) -> None:
        """Fisher–Yates with :meth:`rng_draw`."""
        for i in range(len(items) - 1, 0, -1):
            j = self.rng_draw() % (i + 1)
            items[i], items[j] = items[j], items[i]

    # ------------------------------------------------------------------ queries

    def _dirty(self) -> None:
        self._index = None
        self._protected = None

    def index(self) -> dict[str, Loc]:
        """Card in play → the location of its stack (cached until the next change)."""
        if self._index is None:
            idx: dict[str, Loc] = {}
            for sq, stack in self.grid.items():
                for c in stack:
                    idx[c] = ("sq", sq)
            for side, stack in self.slots.items():
                for c in stack:
                    idx[c] = ("slot", side)
            for base, stack in self.outside.items():
                for c in stack:
                    idx[c] = ("out", base)
            self._index = idx
        return self._index

    def loc(self, card: str) -> Loc | None:
        return self.index().get(card)

    def stack(self, loc: Loc) -> list[str]:
        area, key = loc
        if area == "sq":
            return self.grid.get(key, [])
        if area == "slot":
            return self.slots.get(key, [])
        return self.outside.get(key, [])

    def stacks(self) -> Iterator[tuple[Loc, list[str]]]:
        """Every stack in play: castle squares (row by row), slots, then outside."""
        for sq in sorted(self.grid):
            yield ("sq", sq), self.grid[sq]
        for side in SIDES:
            if side in self.slots:
                yield ("slot", side), self.slots[side]
        for base, stack in self.outside.items():
            yield ("out", base), stack

    def in_play(self) -> list[str]:
        """Every card in play, stack by stack, bottom first."""
        return [c for _, stack in self.stacks() for c in stack]

    def tops(self) -> list[str]:
        """The top card of every stack."""
        return [stack[-1] for _, stack in self.stacks()]

    def is_top(self, card: str) -> bool:
        loc = self.loc(card)
        return loc is not None and self.stack(loc)[-1] == card

    def square_of(self, card: str) -> Square | None:
        loc = self.loc(card)
        return loc[1] if loc is not None and loc[0] == "sq" else None

    def zone_of_card(self, card: str) -> str | None:
        """``courtyard``/``rampart``/``tower``/``outside`` for a card in play, else None."""
        loc = self.loc(card)
        if loc is None:
            return None
        return zone_of(loc[1]) if loc[0] == "sq" else "outside"

    def base(self, sq: Square) -> str | None:
        stack = self.grid.get(sq)
        return stack[0] if stack else None

    def squares_of_kind(self, kind: str) -> list[Square]:
        """Castle squares where a card of ``kind`` stands (at any height of a stack)."""
        return [sq for sq, stack in self.grid.items() if any(KIND[c] == kind for c in stack)]

    def adjacent_cards(self, sq: Square) -> list[str]:
        """Every card (any height) on the squares adjacent to ``sq``."""
        return [c for n in NEIGHBOURS[sq] for c in self.grid.get(n, ())]

    def soldiers_on(self, side: str) -> int:
        """How many squares of rampart ``side`` hold a soldier (a Knight on it counts it)."""
        return sum(1 for sq in RAMPARTS[side] if (b := self.base(sq)) is not None and KIND[b] == "soldat")

    def herald_in_play(self) -> bool:
        return "herault" in self.index()

    def protected(self) -> dict[str, str]:
        """Protected card → why (``knight``, ``priest``, ``captain``, ``ambassador``).

        A card is protected while a Knight lies on it, while it sits next to a Priest of its
        colour (castle squares only; a Priest without a token protects nothing), while it is
        a soldier on a rampart that holds a Captain; the Ambassador always is. A protector
        never protects itself.
        """
        if self._protected is None:
            prot: dict[str, str] = {}
            for _, stack in self.stacks():
                for c in stack[:-1]:
                    prot[c] = "knight"
            idx = self.index()
            if "ambassadeur" in idx:
                prot.setdefault("ambassadeur", "ambassador")
            sq = self.square_of("pretre") if "pretre" in idx else None
            colour = self.tokens.get("pretre")
            if sq is not None and colour is not None:
                for c in self.adjacent_cards(sq):
                    if self.tokens.get(c) == colour:
                        prot.setdefault(c, "priest")
            if "capitaine" in idx:
                csq = self.square_of("capitaine")
                side = side_of(csq) if csq is not None else None
                if side is not None:
                    for rsq in RAMPARTS[side]:
                        for c in self.grid.get(rsq, ()):
                            if KIND[c] == "soldat":
                                prot.setdefault(c, "captain")
            self._protected = prot
        return self._protected

    def is_protected(self, card: str) -> bool:
        return card in self.protected()

    def where_json(self, card: str) -> Any:
        """Where a card in play is, for events and views: ``[r, c]``, ``"N"`` slot or ``"outside"``."""
        loc = self.loc(card)
        if loc is None:
            return None
        if loc[0] == "sq":
            return square_json(loc[1])
        if loc[0] == "slot":
            return {"slot": loc[1]}
        return "outside"

    # --------------------------------------------------------------- primitives

    def event(self, etype: str, see: Iterable[int] | None = None, **data: Any) -> None:
        """Log an event of the current action. ``see``: only these seats see its ``card``."""
        ev: dict[str, Any] = {"type": etype, **data}
        if see is not None and not self.herald_in_play():
            ev["_see"] = sorted(set(see))
        self.events.append(ev)

    def put(self, card: str, loc: Loc, token: int | None) -> None:
        """Put ``card`` in play on top of the stack at ``loc`` (a new stack when empty)."""
        area, key = loc
        if area == "sq":
            self.grid.setdefault(key, []).append(card)
        elif area == "slot":
            self.slots.setdefault(key, []).append(card)
        else:
            self.outside.setdefault(key, []).append(card)
        self.set_token(card, token)
        self._dirty()

    def lift(self, card: str) -> None:
        """Take ``card`` (the top of its stack) out of play, keeping nothing of it behind."""
        loc = self.loc(card)
        assert loc is not None, card
        area, key = loc
        container: dict[Any, list[str]] = self.grid if area == "sq" else self.slots if area == "slot" else self.outside
        stack = container[key]
        assert stack[-1] == card, (card, stack)
        stack.pop()
        if not stack:
            del container[key]
        self.tokens.pop(card, None)
        self._dirty()

    def set_token(self, card: str, seat: int | None) -> None:
        if seat is None:
            self.tokens.pop(card, None)
        else:
            self.tokens[card] = seat
        self._protected = None

    def hand_add(self, seat: int, card: str, seen_by: Iterable[int] | None = None) -> None:
        """Add ``card`` to ``seat``'s hand. ``seen_by``: observers who know it (None: everyone)."""
        self.hands[seat].append(card)
        observers = range(self.players + 1) if seen_by is None else seen_by
        for x in observers:
            if x != seat:
                self.known[x][seat].add(card)

    def hand_remove(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.drawn.discard(card)
        for row in self.known:
            row[seat].discard(card)

    def to_exchange(self, card: str) -> None:
        self.exchange.append(card)
        self.exchange.sort(key=ORDER.__getitem__)

    def send_back(self, card: str, by: str) -> None:
        """*Renvoyer*: to the hand of the colour on the card, or to the exchange without one."""
        owner = self.tokens.get(card)
        frm = self.where_json(card)
        self.lift(card)
        if owner is None:
            self.to_exchange(card)
        else:
            self.hand_add(owner, card)
        self.event("send_back", card=card, kind=KIND[card], by=by, frm=frm,
                   to="exchange" if owner is None else owner)

    def send_back_all(self, cards: Iterable[str], by: str) -> None:
        """Several cards at once, protection judged once before any leaves (spec §4.3).

        Cards are taken top first, so a stack comes apart from the top."""
        chosen = [c for c in cards if not self.is_protected(c)]
        idx = self.index()
        heights = {c: self.stack(idx[c]).index(c) for c in chosen}
        for c in sorted(chosen, key=lambda c: (-heights[c], ORDER[c])):
            self.send_back(c, by)

    def assassinate(self, card: str, by: str) -> None:
        frm = self.where_json(card)
        owner = self.tokens.get(card)
        self.lift(card)
        self.removed.append(card)
        self.event("assassinate", card=card, kind=KIND[card], by=by, frm=frm, owner=owner)

    def move(self, card: str, dest: Square | str, by: str) -> None:
        """Move a lone card to the empty square ``dest`` or ``"outside"``; it keeps its token."""
        token = self.tokens.get(card)
        frm = self.where_json(card)
        self.lift(card)
        if dest == "outside":
            self.put(card, ("out", card), token)
        else:
            assert isinstance(dest, tuple) and dest not in self.grid, dest
            self.put(card, ("sq", dest), token)
        self.event("move", card=card, kind=KIND[card], by=by, frm=frm, to=self.where_json(card))

    def swap_squares(self, a: str, b: str, by: str) -> None:
        sa, sb = self.square_of(a), self.square_of(b)
        assert sa is not None and sb is not None and self.grid[sa] == [a] and self.grid[sb] == [b]
        self.grid[sa], self.grid[sb] = [b], [a]
        self._dirty()
        self.event("swap", cards=[a, b], by=by, squares=[square_json(sa), square_json(sb)])

    # --------------------------------------------------------------- helpers

    def hand_kinds(self, seat: int, usable: bool = True) -> dict[str, str]:
        """Kind → one representative card of it in ``seat``'s hand (the first in catalogue
        order; with ``usable``, among the cards not drawn this turn)."""
        out: dict[str, str] = {}
        for c in sort_cards(self.hands[seat]):
            if usable and c in self.drawn:
                continue
            out.setdefault(KIND[c], c)
        return out

    def exchange_kinds(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for c in self.exchange:
            out.setdefault(KIND[c], c)
        return out

    def cards_left(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.piles[seat])

    def name(self, card: str) -> str:
        return CARDS[KIND[card]].name_en
