"""Castel behind the common game interface (:class:`donjon.games.protocol.Game`).

Seats 0..n-1 (2 to 4 players) play the colours :data:`~donjon.games.castel.state.COLOURS`
in seat order. Actions are documented in :mod:`donjon.games.castel.rules` and
``docs/protocol-castel.md``.

Hidden information: every hand is hidden from the other seats (unless the Herald is in
play: then all hands are open), every pile is hidden from everyone (its order and its
cards, its owner included). The exchange, the castle, the outside, the tokens and the
removed cards are public. A card's arrival in a hand is public when everyone saw it (taken
from the exchange, sent back), private to the two seats for the Jester's gift and the
Fool's passes, private to the drawer for a draw; :meth:`Castel.view` shows each seat what
it knows (``known_hands``) and :meth:`Castel.determinize` resamples only the rest.
"""

from __future__ import annotations

import random
from typing import Any

from donjon.games.castel import effects, notation, rules
from donjon.games.castel.board import SIDES, SIZE, zone_of
from donjon.games.castel.catalogue import CARDS, KIND, sort_cards
from donjon.games.castel.info import INFO
from donjon.games.castel.league import LEAGUE
from donjon.games.castel.state import COLOURS, COLOURS_FR, State
from donjon.games.protocol import Action, IllegalAction, RulesGame, View

ZONES_GRID = [[zone_of((r, c)) for c in range(SIZE)] for r in range(SIZE)]


class Castel(RulesGame):
    """The game object: stateless; every method takes and returns states."""

    id = "castel"
    info = INFO
    league = LEAGUE
    rules = rules

    def to_act(self, state: State) -> list[int]:
        return [] if state.result is not None else [state.turn]

    # ------------------------------------------------------------------ views

    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator). Never another seat's hidden hand
        cards, never any pile's cards or order."""
        st = state
        n = st.players
        observer = seat if seat is not None and 0 <= seat < n else None
        prot = st.protected()

        def card(c: str) -> dict[str, Any]:
            return {"id": c, "kind": KIND[c], "token": st.tokens.get(c), "protected": prot.get(c)}

        castle: list[list[list[dict[str, Any]]]] = [[[] for _ in range(SIZE)] for _ in range(SIZE)]
        for (r, c), stack in st.grid.items():
            castle[r][c] = [card(x) for x in stack]
        open_hands = st.herald_in_play()
        p = st.pending
        pending = None
        if p is not None:
            pending = p.to_json()
            pending["kind"] = KIND[p.card]
            pending["prompts"] = [] if p.effect == "senechal" else [r.what for r in effects.ROLES[p.effect]]
        out: View = {
            "game": self.id,
            "seat": observer,
            "players": n,
            "colours": list(COLOURS[:n]),
            "colours_fr": list(COLOURS_FR[:n]),
            "turn": st.turn,
            "turn_no": st.turn_no,
            "round": (st.turn_no - 1) // n + 1,
            "max_rounds": st.max_rounds,
            "actions_left": st.actions_left,
            "to_act": self.to_act(st),
            "pending": pending,
            "zones": ZONES_GRID,
            "castle": castle,
            "slots": {side: [card(x) for x in st.slots.get(side, [])] for side in SIDES},
            "outside": [[card(x) for x in stack] for stack in st.outside.values()],
            "exchange": [{"id": c, "kind": KIND[c]} for c in st.exchange],
            "removed": list(st.removed),
            "box": list(st.box),
            "hand_counts": [len(h) for h in st.hands],
            "pile_counts": [len(p) for p in st.piles],
            "open_hands": open_hands,
            "idle_turns": st.idle_turns,
            "outcome": st.result.to_json() if st.result is not None else None,
            "events": [_event_for(e, observer) for e in st.events],
        }
        if observer is not None:
            out["hand"] = [{"id": c, "kind": KIND[c], "drawn": c in st.drawn} for c in st.hands[observer]]
        if open_hands:
            out["hands"] = [list(h) for h in st.hands]
        else:
            x = n if observer is None else observer
            out["known_hands"] = {str(h): sort_cards(st.known[x][h]) for h in range(n) if h != observer and st.known[x][h]}
        return out

    def dump(self, state: State) -> dict[str, Any]:
        """The whole state, hidden parts included (replays, tests; never sent to a client)."""
        st = state
        out = self.view(st, None)
        out.pop("events")
        out["hands"] = [list(h) for h in st.hands]
        out["piles"] = [list(p) for p in st.piles]
        out["known"] = [[sort_cards(k) for k in row] for row in st.known]
        out["drawn"] = sort_cards(st.drawn)
        out["placed_this_turn"] = st.placed_this_turn
        out["seed"] = st.seed
        out["rng_counter"] = st.rng_counter
        return out

    def catalogue(self) -> list[dict[str, Any]]:
        """Every card kind as JSON (``donjon cards castel --json``)."""
        return [info.to_json() for info in CARDS.values()]

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Resample what ``seat`` cannot see: the other hands' unknown cards and every pile
        (its own included: nobody sees a pile). Sizes, known cards and the public board stay;
        the future chance (the Fool) is reseeded."""
        st = state.copy()
        n = st.players
        if type(seat) is not int or not 0 <= seat < n:
            raise IllegalAction(f"there is no seat {seat!r} in this game")
        # copy() starts an empty event list; keep what the seat saw (its view shows the events),
        # without the card of a draw, a gift or a pass it did not see.
        st.events = [e if seat in e.get("_see", (seat,)) else {k: v for k, v in e.items() if k != "card"}
                     for e in state.events]
        keep: dict[int, list[str]] = {}
        hidden_counts: dict[int, int] = {}
        drawn_hidden: dict[int, int] = {}
        pool: list[str] = []
        for h in range(n):
            if h == seat:
                continue
            known = st.known[seat][h]
            kept = [c for c in st.hands[h] if c in known]
            hidden = [c for c in st.hands[h] if c not in known]
            keep[h] = kept
            hidden_counts[h] = len(hidden)
            drawn_hidden[h] = sum(1 for c in hidden if c in st.drawn)
            pool.extend(hidden)
        for pile in st.piles:
            pool.extend(pile)
        pool = sort_cards(pool)  # the result must not depend on the hidden order
        rng.shuffle(pool)
        for h in keep:
            new_hidden = pool[: hidden_counts[h]]
            del pool[: hidden_counts[h]]
            if h == st.turn:
                st.drawn = {c for c in st.drawn if c in keep[h]} | set(new_hidden[: drawn_hidden[h]])
            st.hands[h] = keep[h] + new_hidden
        for s in range(n):
            size = len(st.piles[s])
            st.piles[s] = pool[:size]
            del pool[:size]
        for x, row in enumerate(st.known):
            if x != seat:
                for h in range(n):
                    row[h] &= set(st.hands[h])
        st.seed = rng.getrandbits(62)
        st.rng_counter = 0
        return st

    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat`` (the greedy bot's hook,
        :func:`donjon.games.castel.bots.seat_value`)."""
        from donjon.games.castel.bots import seat_value

        return seat_value(self, state, seat)

    def choice_key(self, action: Any) -> Any:
        """``action`` with each card copy replaced by its kind (``soldat_7`` → ``soldat``):
        the copies of a kind are one choice; :meth:`legal_actions` lists the first copy
        only and :meth:`apply` takes any (:func:`donjon.games.castel.rules.legal_actions`)."""
        if isinstance(action, str):
            return KIND.get(action, action)
        if isinstance(action, dict):
            return {k: self.choice_key(v) for k, v in action.items()}
        if isinstance(action, list):
            return [self.choice_key(v) for v in action]
        return action

    def history_entry(self, before: State, seat: int, action: Action, after: State) -> dict[str, Any]:
        """The action's public events (:mod:`donjon.games.castel.notation`)."""
        return notation.history_entry(before, seat, action, after)

    def private_history(self, before: State, seat: int, action: Action, after: State) -> dict[int, dict[str, Any]]:
        """The entry with the private cards, for each seat that saw one (:mod:`donjon.games.castel.notation`)."""
        return notation.private_history(before, seat, action, after)

def _event_for(ev: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Events are public except the card of a draw, a gift or a pass (only who saw it)."""
    see = ev.get("_see")
    if see is None:
        return ev
    out = {k: v for k, v in ev.items() if k != "_see"}
    if seat not in see:
        out.pop("card", None)
    return out


GAME = Castel()
