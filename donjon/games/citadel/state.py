"""The Citadel state and the primitives every rule is written with.

A :class:`State` holds the whole table, hidden parts included:

* the castle: ``professor`` (room id), ``open_doors`` (door ids without a closed marker),
  ``switch_type`` (room → type, fixed at setup) and ``switch_on`` (room → ON?);
* the clock (``clock`` ∈ {0, 5, …, 55}) and the live treasures (``treasures``: colour →
  :class:`Live`, with the room and the clock position of its marker);
* the hidden piles: ``stack`` (treasure tiles, top first), ``removed`` (tiles taken out by
  the difficulty, face down), ``room_deck`` (top first) and the public ``room_discard``;
* ``saved`` and ``lost`` (treasure ids, in order);
* the characters (:class:`Char`): pawn location, tile face up or down, action deck (top
  first, hidden), discard and the two revealed cards;
* the turn: ``active`` character, ``phase``, actions left, the card and power flags, the
  pending effects, the dice, and ``queue`` — the steps of a Professor phase (or of a clock
  step caused by a card) still to resolve, so a vote or a Duck Out choice can pause it.

All chance comes from :meth:`State.rng_draw`, a hash of ``(seed, counter)``: a game is fully
defined by its seed, options and actions. States are copied before any change
(:meth:`State.copy`); the rule functions never mutate the state they are given.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace
from typing import Any

from donjon.games.citadel.board import COLOURS, OUTSIDE, ROOM_IDS
from donjon.games.citadel.catalogue import IDEA_ICONS, TREASURES
from donjon.games.protocol import Outcome

PHASES = ("choose", "actions", "dice", "duck", "vote", "premonition", "over")
"""``choose`` a character; the active player's ``actions``; a ``dice`` decision after the
roll (Destiny's reroll, Twist of Fate, Change of Heart); a ``duck`` choice (Duck Out);
the idea-icon ``vote``; the ``premonition`` ordering; ``over``. (While a queue of steps
resolves inside one apply the phase is ``"professor"``; a state at rest never shows it.)"""


@dataclass
class Char:
    """One character in play (mutable; copied with the state)."""

    id: str
    seat: int
    room: str = OUTSIDE
    face_up: bool = False
    deck: list[str] | None = None
    discard: list[str] | None = None
    revealed: list[str] | None = None

    def copy(self) -> Char:
        return Char(self.id, self.seat, self.room, self.face_up, list(self.deck or []), list(self.discard or []),
                    list(self.revealed or []))


@dataclass(frozen=True)
class Live:
    """A treasure on the board: its tile, its room and its marker's minute on the clock."""

    id: str
    room: str
    pos: int


class State:
    """One Citadel table; see the module docstring."""

    __slots__ = (
        "seed", "rng_counter", "players", "options", "difficulty", "scripted_dice",
        "phase", "slots", "chars", "active", "first", "turn",
        "professor", "open_doors", "switch_type", "switch_on", "clock", "treasures",
        "stack", "removed", "room_deck", "room_discard", "saved", "lost",
        "actions_left", "switch_actions", "card_played", "power_used", "pending", "override", "forced",
        "dice", "dice_choices", "queue", "votes", "duck", "peek", "known_treasures", "known_rooms",
        "in_prof", "result", "events", "log",
    )

    seed: int
    rng_counter: int
    players: int
    options: dict[str, Any]
    difficulty: str
    scripted_dice: tuple[dict[str, Any], ...]
    phase: str
    slots: tuple[int, ...]
    chars: list[Char]
    active: int
    first: int
    turn: int
    professor: str
    open_doors: set[str]
    switch_type: dict[str, str]
    switch_on: dict[str, bool]
    clock: int
    treasures: dict[str, Live]
    stack: list[str]
    removed: list[str]
    room_deck: list[str]
    room_discard: list[str]
    saved: list[str]
    lost: list[str]
    actions_left: int
    switch_actions: int
    card_played: str | None
    power_used: bool
    pending: list[str]
    override: bool
    forced: dict[str, str] | None
    dice: dict[str, Any] | None
    dice_choices: list[str]
    queue: list[tuple[str, ...]]
    votes: dict[int, str]
    duck: str | None
    peek: dict[str, list[str]] | None
    known_treasures: list[int]
    known_rooms: list[int]
    in_prof: bool
    result: Outcome | None
    events: list[dict[str, Any]]
    log: list[dict[str, Any]]

    def copy(self) -> State:
        """An independent copy; ``events`` starts empty (they belong to one apply)."""
        new = State.__new__(State)
        new.seed = self.seed
        new.rng_counter = self.rng_counter
        new.players = self.players
        new.options = self.options
        new.difficulty = self.difficulty
        new.scripted_dice = self.scripted_dice
        new.phase = self.phase
        new.slots = self.slots
        new.chars = [c.copy() for c in self.chars]
        new.active = self.active
        new.first = self.first
        new.turn = self.turn
        new.professor = self.professor
        new.open_doors = set(self.open_doors)
        new.switch_type = self.switch_type  # never changes after setup
        new.switch_on = dict(self.switch_on)
        new.clock = self.clock
        new.treasures = dict(self.treasures)
        new.stack = list(self.stack)
        new.removed = list(self.removed)
        new.room_deck = list(self.room_deck)
        new.room_discard = list(self.room_discard)
        new.saved = list(self.saved)
        new.lost = list(self.lost)
        new.actions_left = self.actions_left
        new.switch_actions = self.switch_actions
        new.card_played = self.card_played
        new.power_used = self.power_used
        new.pending = list(self.pending)
        new.override = self.override
        new.forced = dict(self.forced) if self.forced is not None else None
        new.dice = dict(self.dice) if self.dice is not None else None
        new.dice_choices = list(self.dice_choices)
        new.queue = list(self.queue)
        new.votes = dict(self.votes)
        new.duck = self.duck
        new.peek = {k: list(v) for k, v in self.peek.items()} if self.peek is not None else None
        new.known_treasures = list(self.known_treasures)
        new.known_rooms = list(self.known_rooms)
        new.in_prof = self.in_prof
        new.result = self.result
        new.events = []
        new.log = list(self.log)
        return new

    # ------------------------------------------------------------------ chance

    def rng_draw(self) -> int:
        """A fresh pseudo-random 64-bit number from the state's seeded stream."""
        self.rng_counter += 1
        h = hashlib.blake2b(f"{self.seed}:{self.rng_counter}".encode(), digest_size=8).digest()
        return int.from_bytes(h, "big")

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place from one draw of the seeded stream."""
        random.Random(self.rng_draw()).shuffle(items)

    def roll(self, faces: tuple[Any, ...]) -> Any:
        return faces[self.rng_draw() % len(faces)]

    # ------------------------------------------------------------------ the turn

    def reset_turn(self) -> None:
        """The turn's counters and flags as a turn starts: 3 regular actions, no switch
        action, card, power, pending effect, override, forced move or dice choice yet."""
        self.actions_left = 3
        self.switch_actions = 0
        self.card_played = None
        self.power_used = False
        self.pending = []
        self.override = False
        self.forced = None
        self.dice_choices = []

    # ------------------------------------------------------------------ queries

    @property
    def char(self) -> Char:
        """The active character."""
        return self.chars[self.active]

    @property
    def seat(self) -> int:
        """The seat of the active character (the active player); while choosing, the chooser's."""
        if self.phase == "choose":
            return self.slots[len(self.chars)]
        return self.chars[self.active].seat

    def find(self, char_id: str) -> Char | None:
        for c in self.chars:
            if c.id == char_id:
                return c
        return None

    def face_up(self, char_id: str) -> bool:
        c = self.find(char_id)
        return c is not None and c.face_up

    def active_is(self, char_id: str) -> bool:
        return bool(self.chars) and self.char.id == char_id

    def left(self, colour: str) -> int:
        """Minutes left for the live treasure of ``colour`` (5…55)."""
        return (self.treasures[colour].pos - self.clock) % 60

    def treasure_in(self, room: str) -> str | None:
        """The colour of the treasure in ``room``, if any."""
        for colour, t in self.treasures.items():
            if t.room == room:
                return colour
        return None

    def rescuable(self, colour: str) -> bool:
        """Every switch, castle-wide, of the types on the tile is OFF (seed + S4)."""
        types = TREASURES[self.treasures[colour].id].types
        return all(not self.switch_on[r] for r in ROOM_IDS if self.switch_type[r] in types)

    @property
    def over(self) -> bool:
        return self.result is not None

    # ------------------------------------------------------------------ events

    def event(self, kind: str, **data: Any) -> None:
        """Record an event of this apply (and of the Professor phase's log); ``frm`` is sent as ``from``."""
        ev = {"type": kind, **{("from" if k == "frm" else k): v for k, v in data.items()}}
        self.events.append(ev)
        if self.in_prof:
            self.log.append(ev)

    # ------------------------------------------------------------------ piles

    def draw_room_card(self) -> str:
        """The top room card, revealed onto the discard (the discard is reshuffled when empty)."""
        if not self.room_deck:
            self.room_deck = self.room_discard
            self.room_discard = []
            self.shuffle(self.room_deck)
            self.known_rooms = [0] * self.players
            self.event("room_deck_reshuffled")
        card = self.room_deck.pop(0)
        self.room_discard.append(card)
        self.known_rooms = [max(0, k - 1) for k in self.known_rooms]
        return card

    def draw_treasure_tile(self) -> str:
        tile = self.stack.pop(0)
        self.known_treasures = [max(0, k - 1) for k in self.known_treasures]
        return tile

    # ------------------------------------------------------------------ treasures

    def place_treasure(self, colour: str) -> None:
        """Reveal the top tile and room card; put the tile there, its marker ``minutes`` ahead.

        A room card naming a room that already holds a treasure is discarded and the next
        one revealed (spec §3.7.6).
        """
        tile = self.draw_treasure_tile()
        room = self.draw_room_card()
        while self.treasure_in(room) is not None:
            self.event("room_card_skipped", room=room)
            room = self.draw_room_card()
        minutes = TREASURES[tile].minutes
        pos = (self.clock + minutes) % 60
        self.treasures[colour] = Live(tile, room, pos)
        self.event("treasure_placed", colour=colour, treasure=tile, room=room, marker=pos,
                   left=(pos - self.clock) % 60)

    def end_game(self, won: bool) -> None:
        seats = tuple(range(self.players))
        if won:
            self.result = Outcome(seats, (), False, "treasures_saved", tuple(1.0 for _ in seats))
        else:
            self.result = Outcome((), seats, False, "treasures_lost", tuple(0.0 for _ in seats))
        self.phase = "over"
        self.queue = []
        self.dice_choices = []
        self.votes = {}
        self.duck = None
        self.peek = None
        self.event("game_over", won=won, saved=len(self.saved), lost=len(self.lost))

    def lose_treasure(self, colour: str) -> None:
        """Its time ran out: to Lost Treasures, markers off, 4 lost ends the game, else a new one."""
        t = self.treasures.pop(colour)
        self.lost.append(t.id)
        self.event("treasure_lost", colour=colour, treasure=t.id, room=t.room, lost=len(self.lost))
        if len(self.lost) >= 4:
            self.end_game(False)
            return
        self.place_treasure(colour)

    def shift_marker(self, colour: str, minutes: int, cause: str) -> None:
        """Move a treasure marker: clockwise (+) capped at 55 minutes left, or counterclockwise (−)
        in 5-minute steps with the loss check after each step."""
        t = self.treasures[colour]
        if minutes >= 0:
            left = min(55, self.left(colour) + minutes)
            pos = (self.clock + left) % 60
            self.treasures[colour] = replace(t, pos=pos)
            self.event("treasure_time", colour=colour, marker=pos, left=left, cause=cause)
            return
        for _ in range(-minutes // 5):
            t = self.treasures[colour]
            pos = (t.pos - 5) % 60
            self.treasures[colour] = replace(t, pos=pos)
            self.event("treasure_time", colour=colour, marker=pos, left=(pos - self.clock) % 60, cause=cause)
            if pos == self.clock:
                self.lose_treasure(colour)
                return

    def clock_step(self) -> bool:
        """Advance the clock marker 5 minutes: losses (red, green, blue), then the idea icon.

        Returns True when an idea icon was reached (the caller opens the vote).
        """
        self.clock = (self.clock + 5) % 60
        self.event("clock", clock=self.clock)
        for colour in COLOURS:
            t = self.treasures.get(colour)
            if t is not None and t.pos == self.clock:
                self.lose_treasure(colour)
                if self.over:
                    return False
        if self.clock in IDEA_ICONS:
            self.event("idea", clock=self.clock)
            return True
        return False

    # ------------------------------------------------------------------ the Professor

    def flee(self, ch: Char, room: str) -> None:
        ch.room = OUTSIDE
        self.event("flee", character=ch.id, room=room)
