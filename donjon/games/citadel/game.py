"""Citadel behind the common game interface (:class:`donjon.games.protocol.Game`).

A cooperative race (seed 001): 1–4 players rescue treasures from Professor Evil's castle
before he locks four away. Every seat wins or loses together. A solo player runs two
characters (option ``solo_characters: 1`` for one). Full reference: ``docs/protocol-citadel.md``.

Options (all optional)::

    {"difficulty": "easy" | "normal" | "hard",          # default "normal"
     "characters": ["nathan", "irene"],                  # else a "choose" phase
     "solo_characters": 2,                               # 1-player games only: 1 or 2
     "first": 0,                                         # index of the first character, else random
     "dice": [{"colour": "red", "action": "2", "clock": 5}, null, ...]}  # scripted rolls per turn

Actions, by phase (``legal_actions`` lists them all, ready to send back)::

    choose       {"type": "choose", "character": "nathan"}
    actions      {"type": "move", "to": "library"}            # also from "outside" through a window
                 {"type": "open", "door": "D03"}
                 {"type": "switch", "room": "library"}        # flips it, ON <-> OFF
                 {"type": "rescue", "colour": "red"}
                 {"type": "card", "card": "sprint", "to": "study"}      # + the card's fields
                 {"type": "power", "to": "salon"}                       # + the power's fields
                 {"type": "end_actions"}                      # then the Professor phase resolves
    dice         {"type": "reroll", "dice": ["colour", "clock"]} | {"type": "set_colour", "colour": "blue"}
                 | {"type": "keep"}
    duck         {"type": "duck", "to": "study"}
    vote         {"type": "vote", "choice": "irene"}          # every seat votes; simultaneous
    premonition  {"type": "arrange", "treasures": ["T09", "T02", "T14"], "rooms": ["salon", "study", "gallery"]}

Card and power fields: ``to`` (room), ``character``, ``colour`` (treasure or doorway
colour), ``room``, ``rooms`` (list), ``door``, ``doors`` (list), ``switch_type``, ``face``
(action-die face). Each card's fields are in :data:`catalogue.CARDS` (``params``).

The Professor phase resolves inside the ``apply`` of ``end_actions`` (or of the choice that
resumes it); ``view(...)["events"]`` lists what that apply did, step by step, and
``view(...)["professor_log"]`` the whole current or last Professor phase.
"""

from __future__ import annotations

import random
from typing import Any

from donjon.games.citadel import notation, rules
from donjon.games.citadel.board import COLOURS, DOOR_IDS, ROOM_IDS, map_json, neighbours
from donjon.games.citadel.catalogue import CARDS, CHARACTERS, IDEA_ICONS, TREASURES, catalogue_json
from donjon.games.citadel.info import INFO
from donjon.games.citadel.league import LEAGUE
from donjon.games.citadel.state import State
from donjon.games.protocol import Action, RulesGame, View


class Citadel(RulesGame):
    """The game object: stateless; every method takes and returns states."""

    id = "citadel"
    info = INFO
    league = LEAGUE
    rules = rules

    def to_act(self, state: State) -> list[int]:
        return rules.to_act(state)

    def static_data(self) -> dict[str, Any]:
        """What never changes: the map and the catalogue (a client loads it once)."""
        return {"map": map_json(), **catalogue_json()}

    # ------------------------------------------------------------------ views

    def view(self, state: State, seat: int | None) -> View:
        """Everything public, plus for ``seat`` what only it knows (Premonition)."""
        st = state
        out: View = {
            "game": self.id,
            "seat": seat,
            "players": st.players,
            "difficulty": st.difficulty,
            "phase": st.phase,
            "turn": st.turn,
            "to_act": rules.to_act(st),
            "active": ({"character": st.char.id, "seat": st.seat} if st.chars and st.phase != "choose" else None),
            "clock": st.clock,
            "idea_icons": list(IDEA_ICONS),
            "professor": st.professor,
            "doors": {d: ("open" if d in st.open_doors else "closed") for d in DOOR_IDS},
            "switches": {r: {"type": st.switch_type[r], "on": st.switch_on[r]} for r in ROOM_IDS},
            "treasures": {c: _treasure_json(st, c) for c in COLOURS if c in st.treasures},
            "saved": list(st.saved),
            "lost": list(st.lost),
            "characters": [_char_json(st, i) for i in range(len(st.chars))],
            "choices": ([c for c in CHARACTERS if st.find(c) is None] if st.phase == "choose" else []),
            "actions_left": st.actions_left,
            "switch_actions": st.switch_actions,
            "card_played": st.card_played,
            "power_used": st.power_used,
            "pending": list(st.pending),
            "override": st.override,
            "chosen_dice": dict(st.forced) if st.forced else None,
            "dice": dict(st.dice) if st.dice is not None else None,
            "dice_choice": st.dice_choices[0] if st.dice_choices else None,
            "vote": ({"candidates": [c.id for c in st.chars if not c.face_up],
                      "votes": {str(k): v for k, v in sorted(st.votes.items())}} if st.phase == "vote" else None),
            "duck": ({"room": st.duck, "options": [r for r in neighbours(st.duck) if r != st.professor]}
                     if st.duck is not None else None),
            "treasure_stack": len(st.stack),
            "removed_treasures": len(st.removed),
            "room_deck": len(st.room_deck),
            "room_discard": list(st.room_discard),
            "outcome": st.result.to_json() if st.result is not None else None,
            "events": [dict(e) for e in st.events],
            "professor_log": [dict(e) for e in st.log],
        }
        if seat is not None and 0 <= seat < st.players:
            k_t, k_r = st.known_treasures[seat], st.known_rooms[seat]
            out["known"] = {"treasures": st.stack[:k_t], "rooms": st.room_deck[:k_r]}
            out["peek"] = ({k: list(v) for k, v in st.peek.items()}
                           if st.peek is not None and seat == st.seat else None)
        return out

    def dump(self, state: State) -> dict[str, Any]:
        """The whole state, hidden parts included (replays, tests; never sent to a client)."""
        st = state
        out = self.view(st, None)
        out.pop("events")
        out["hidden"] = {
            "decks": {c.id: list(c.deck or []) for c in st.chars},
            "stack": list(st.stack),
            "removed": list(st.removed),
            "room_deck": list(st.room_deck),
            "known_treasures": list(st.known_treasures),
            "known_rooms": list(st.known_rooms),
            "peek": st.peek,
            "queue": [list(s) for s in st.queue],
            "rng_counter": st.rng_counter,
            "first": st.first,
            "in_prof": st.in_prof,
        }
        return out

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Resample what ``seat`` cannot see: the order of every action deck, of the treasure
        stack (and which easy tiles Normal took out) and of the room deck, and the future
        dice (a fresh seed). What the seat learnt with Premonition stays in place."""
        st = state.copy()
        st.events = list(state.events)
        for ch in st.chars:
            deck = sorted(ch.deck or [])
            rng.shuffle(deck)
            ch.deck = deck
        peeking = st.phase == "premonition" and st.peek is not None
        own_peek = peeking and st.chars and seat == st.seat
        kt = st.known_treasures[seat] if 0 <= seat < st.players else 0
        kr = st.known_rooms[seat] if 0 <= seat < st.players else 0
        if own_peek and st.peek is not None:
            kt, kr = max(kt, len(st.peek["treasures"])), max(kr, len(st.peek["rooms"]))
        pool = sorted(st.stack[kt:] + st.removed)
        rng.shuffle(pool)
        if st.removed:
            easy = [t for t in pool if TREASURES[t].easy]
            removed = sorted(easy[: len(st.removed)])
            pool = [t for t in pool if t not in removed]
            st.removed = removed
        st.stack = st.stack[:kt] + pool
        rest = sorted(st.room_deck[kr:])
        rng.shuffle(rest)
        st.room_deck = st.room_deck[:kr] + rest
        if peeking and not own_peek and st.peek is not None:
            st.peek = {"treasures": st.stack[: len(st.peek["treasures"])], "rooms": st.room_deck[: len(st.peek["rooms"])]}
        st.seed = rng.getrandbits(63)
        st.rng_counter = 0
        return st

    def history_entry(self, before: State, seat: int, action: Action, after: State) -> dict[str, Any]:
        """The action's public events (:mod:`donjon.games.citadel.notation`)."""
        return notation.history_entry(before, seat, action, after)

    def private_history(self, before: State, seat: int, action: Action, after: State) -> dict[int, dict[str, Any]]:
        """Premonition's order, for its author (:mod:`donjon.games.citadel.notation`)."""
        return notation.private_history(before, seat, action, after)

def _treasure_json(st: State, colour: str) -> dict[str, Any]:
    t = st.treasures[colour]
    tile = TREASURES[t.id]
    return {"id": t.id, "name": tile.name, "types": list(tile.types), "minutes": tile.minutes, "room": t.room,
            "marker": t.pos, "left": st.left(colour), "rescuable": st.rescuable(colour)}


def _char_json(st: State, i: int) -> dict[str, Any]:
    ch = st.chars[i]
    return {
        "id": ch.id,
        "name": CHARACTERS[ch.id].name,
        "seat": ch.seat,
        "room": ch.room,
        "face_up": ch.face_up,
        "active": i == st.active and st.phase != "choose",
        "revealed": [{"card": c, "name": CARDS[c].name_en, "pending": CARDS[c].pending,
                      "played": c == st.card_played and i == st.active} for c in ch.revealed or []],
        "deck": len(ch.deck or []),
        "discard": list(ch.discard or []),
    }


GAME = Citadel()
