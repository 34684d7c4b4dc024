"""Citadel rules: setup, the regular actions, the turn, and the referee for every action.

:func:`new_state` follows the seed's setup steps 1–13; :func:`legal_actions` lists every
action a seat may send; :func:`apply` checks an action and returns the new state (the given
state is never changed) or raises :class:`IllegalAction` with a reason for a person.
The action formats are documented in :mod:`donjon.games.citadel.game` and
``docs/protocol-citadel.md``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from donjon.games.citadel import professor
from donjon.games.citadel.board import (
    COLOURS,
    DOOR_IDS,
    DOORS_OF,
    LABORATORY,
    OUTSIDE,
    ROOM_IDS,
    WINDOW_ROOMS,
    neighbours,
    other_side,
)
from donjon.games.citadel.catalogue import (
    ACTION_DIE,
    CARDS,
    CHARACTERS,
    CLOCK_DIE,
    COLOUR_DIE,
    DICE,
    DIFFICULTIES,
    SWITCH_TILES,
    SWITCH_TYPES,
    TREASURES,
)
from donjon.games.citadel.effects import CARD_EFFECTS, POWER_EFFECTS, Effect, Params, move_pawn, open_doors, reach
from donjon.games.citadel.state import Char, State
from donjon.games.protocol import Action, IllegalAction

OPTION_KEYS = ("difficulty", "characters", "solo_characters", "first", "dice")
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "choose": ("choose",),
    "actions": ("move", "open", "switch", "rescue", "card", "power", "end_actions"),
    "dice": ("reroll", "set_colour", "keep"),
    "duck": ("duck",),
    "vote": ("vote",),
    "premonition": ("arrange",),
}
PHASE_WAIT = {
    "choose": "each player is choosing a character",
    "actions": "it is the action phase",
    "dice": "the dice were rolled and a reroll or colour choice is open",
    "duck": "Duck Out: choose the room to duck into",
    "vote": "the idea icon was reached: the group votes which character flips face up",
    "premonition": "Premonition: put the treasure tiles and room cards back in the order you want",
}

# ============================================================================ setup


def new_state(players: int, seed: int, options: dict[str, Any] | None) -> State:
    """A table for ``players`` seats (1–4), set up as the seed says (steps 1–13)."""
    opts = _check_options(players, options)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalAction("the seed is an integer")
    st = State.__new__(State)
    st.seed = seed
    st.rng_counter = 0
    st.players = players
    st.options = opts
    st.difficulty = opts["difficulty"]
    st.scripted_dice = tuple(opts.get("dice", ()))
    st.phase = "choose"
    st.slots = (0, 0)[: opts["solo_characters"]] if players == 1 else tuple(range(players))
    st.chars = []
    st.active = 0
    st.first = 0
    st.turn = 0
    st.events = []
    st.log = []
    st.in_prof = False
    st.result = None
    st.known_treasures = [0] * players
    st.known_rooms = [0] * players
    # 1-4. Room cards and switch tiles shuffled; the first 6 rooms get an OFF switch, the last 6 an ON one.
    cards = list(ROOM_IDS)
    st.shuffle(cards)
    tiles = list(SWITCH_TILES)
    st.shuffle(tiles)
    st.switch_type = {room: tiles[i] for i, room in enumerate(cards)}
    st.switch_on = {room: i >= 6 for i, room in enumerate(cards)}
    # 5. The treasure stack, face down; the difficulty takes out easy tiles.
    stack = [t for t in TREASURES]
    easy = [t for t in stack if TREASURES[t].easy]
    if st.difficulty == "normal":
        st.shuffle(easy)
        st.removed = sorted(easy[:3])
    elif st.difficulty == "hard":
        st.removed = list(easy)
    else:
        st.removed = []
    st.stack = [t for t in stack if t not in st.removed]
    st.shuffle(st.stack)
    # 6. All 12 room cards reshuffled into the face-down room deck.
    st.room_deck = list(ROOM_IDS)
    st.shuffle(st.room_deck)
    st.room_discard = []
    # 7-8. Professor in the Laboratory, clock on XII, all 18 doors closed.
    st.professor = LABORATORY
    st.clock = 0
    st.open_doors = set()
    st.saved = []
    st.lost = []
    # 9-10. Red, green, blue treasures, each counted from the clock marker (still at XII).
    st.treasures = {}
    for colour in COLOURS:
        st.place_treasure(colour)
    st.reset_turn()
    st.dice = None
    st.queue = []
    st.votes = {}
    st.duck = None
    st.peek = None
    # 11-13. Characters (chosen now from the options, or in the ``choose`` phase), then the first player.
    if "characters" in opts:
        for cid in opts["characters"]:
            _add_character(st, cid)
        _start(st)
    return st


def _check_options(players: Any, options: dict[str, Any] | None) -> dict[str, Any]:
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise IllegalAction("Citadel is played by 1 to 4 players")
    opts = dict(options or {})
    unknown = sorted(set(opts) - set(OPTION_KEYS))
    if unknown:
        raise IllegalAction(f"unknown Citadel option(s) {', '.join(map(repr, unknown))}; known: {', '.join(OPTION_KEYS)}")
    diff = opts.setdefault("difficulty", "normal")
    if diff not in DIFFICULTIES:
        raise IllegalAction(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {diff!r}")
    solo = opts.setdefault("solo_characters", 2 if players == 1 else players)
    if players == 1:
        if solo not in (1, 2):
            raise IllegalAction("solo_characters is 1 or 2 (a solo player runs one or two characters)")
    elif solo != players:
        raise IllegalAction("solo_characters is only for a 1-player game")
    n = solo if players == 1 else players
    if "characters" in opts:
        chars = opts["characters"]
        if (not isinstance(chars, list) or len(chars) != n or any(c not in CHARACTERS for c in chars)
                or len(set(chars)) != n):
            raise IllegalAction(f"characters is a list of {n} different ids among {', '.join(CHARACTERS)}")
    if "first" in opts:
        first = opts["first"]
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
            raise IllegalAction(f"first is the index (0 to {n - 1}) of the character who plays first")
    if "dice" in opts:
        script = opts["dice"]
        faces = {"colour": COLOUR_DIE, "action": ACTION_DIE, "clock": CLOCK_DIE}
        ok = isinstance(script, list) and all(
            roll is None or (isinstance(roll, dict) and all(k in faces and v in faces[k] and type(v) is type(faces[k][0])
                                                            for k, v in roll.items()))
            for roll in script)
        if not ok:
            raise IllegalAction("dice is a list (one per turn) of null or {colour, action, clock} faces, "
                                "e.g. [{\"colour\": \"red\", \"action\": \"2\", \"clock\": 5}]")
        opts["dice"] = [r or {} for r in script]
    return opts


def _add_character(st: State, cid: str) -> None:
    seat = st.slots[len(st.chars)]
    st.chars.append(Char(cid, seat, OUTSIDE, False, [], [], []))
    st.event("character_chosen", character=cid, seat=seat)


def _start(st: State) -> None:
    """Shuffle each chosen character's 6 cards, choose the first player at random, first draw."""
    for ch in st.chars:
        ch.deck = list(CHARACTERS[ch.id].card_ids)
        st.shuffle(ch.deck)
    first = st.options.get("first")
    st.first = first if first is not None else st.rng_draw() % len(st.chars)
    st.active = st.first
    st.turn = 1
    professor.begin_turn(st)


# ============================================================================ whose turn


def to_act(st: State) -> list[int]:
    if st.over:
        return []
    if st.phase == "choose":
        return [st.slots[len(st.chars)]]
    if st.phase == "vote":
        return [s for s in range(st.players) if s not in st.votes]
    return [st.seat]


# ============================================================================ legal actions


def legal_actions(st: State, seat: int) -> list[Action]:
    if seat not in to_act(st):
        return []
    phase = st.phase
    if phase == "choose":
        taken = {c.id for c in st.chars}
        return [{"type": "choose", "character": c} for c in CHARACTERS if c not in taken]
    if phase == "vote":
        return [{"type": "vote", "choice": c.id} for c in st.chars if not c.face_up]
    if phase == "duck":
        assert st.duck is not None
        return [{"type": "duck", "to": r} for r in neighbours(st.duck) if r != st.professor]
    if phase == "dice":
        return dice_actions(st)
    if phase == "premonition":
        assert st.peek is not None
        return [{"type": "arrange", "treasures": list(t), "rooms": list(r)}
                for t in itertools.permutations(st.peek["treasures"])
                for r in itertools.permutations(st.peek["rooms"])]
    out = regular_actions(st)
    if st.card_played is None:
        for card in dict.fromkeys(st.char.revealed or []):
            out += [{"type": "card", "card": card, **p} for p in CARD_EFFECTS[card].targets(st)]
    if st.char.face_up and not st.power_used:
        out += [{"type": "power", **p} for p in POWER_EFFECTS[st.char.id].targets(st)]
    out.append({"type": "end_actions"})
    return out


def dice_actions(st: State) -> list[Action]:
    kind = st.dice_choices[0]
    out: list[Action] = []
    if kind == "destiny":
        out = [{"type": "reroll", "dice": [d]} for d in DICE]
    elif kind == "twist":
        out = [{"type": "reroll", "dice": list(c)} for n in (1, 2, 3) for c in itertools.combinations(DICE, n)]
    else:
        out = [{"type": "set_colour", "colour": c} for c in COLOURS]
    return out + [{"type": "keep"}]


def move_steps(st: State) -> int:
    """Rooms per Move action: 2 for Nathan while his tile is face up, else 1."""
    return 2 if st.char.id == "nathan" and st.char.face_up else 1


def switch_rooms(st: State) -> list[str]:
    """Rooms whose switch the active character's Turn-switch action may flip."""
    here = st.char.room
    if here == OUTSIDE:
        return []
    if st.char.id == "edward" and st.char.face_up:
        return sorted((here, *neighbours(here)))
    return [here]


def regular_actions(st: State) -> list[Action]:
    out: list[Action] = []
    here = st.char.room
    if st.actions_left > 0:
        out += [{"type": "move", "to": r} for r in sorted(reach(st, here, move_steps(st)))]
        if here != OUTSIDE:
            out += [{"type": "open", "door": d} for d in sorted(DOORS_OF[here]) if d not in st.open_doors]
    if st.actions_left > 0 or st.switch_actions > 0:
        out += [{"type": "switch", "room": r} for r in switch_rooms(st)]
    if st.actions_left > 0 and here != OUTSIDE:
        colour = st.treasure_in(here)
        if colour is not None and st.rescuable(colour):
            out.append({"type": "rescue", "colour": colour})
    return out


# ============================================================================ apply


def apply(state: State, seat: Any, action: Any) -> State:
    """Check ``action`` for ``seat`` and return the new state; raises IllegalAction."""
    if not isinstance(action, dict):
        raise IllegalAction('an action is a JSON object with a "type", e.g. {"type": "end_actions"}')
    if state.over:
        raise IllegalAction("the game is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise IllegalAction(f"there is no seat {seat!r} at this table (seats 0 to {state.players - 1})")
    waiting = to_act(state)
    if seat not in waiting:
        if state.phase == "vote":
            raise IllegalAction("you have already voted; waiting for the other players")
        raise IllegalAction(f"it is not your turn: waiting for seat {', '.join(map(str, waiting))}")
    kind = action.get("type")
    allowed = PHASE_ACTIONS[state.phase]
    if not isinstance(kind, str) or kind not in allowed:
        known = {k for ks in PHASE_ACTIONS.values() for k in ks}
        what = f"{kind!r} is not possible now" if isinstance(kind, str) and kind in known else f"unknown action type {kind!r}"
        raise IllegalAction(f"{what}: {PHASE_WAIT[state.phase]}; expected {', '.join(map(repr, allowed))}")
    st = state.copy()
    if kind == "vote":
        _vote(st, action, seat)
    else:
        HANDLERS[kind](st, action)
    return st


def _fields(action: Action, *names: str) -> None:
    extra = sorted(map(str, set(action) - {"type", *names}))
    if extra:
        takes = f"takes only {', '.join(repr(n) for n in names)}" if names else "takes no other field"
        raise IllegalAction(f"{action['type']!r} {takes}; unknown field(s): {', '.join(map(repr, extra))}")
    missing = [n for n in names if n not in action]
    if missing:
        raise IllegalAction(f"{action['type']!r} needs {', '.join(repr(n) for n in missing)}")


def _str(action: Action, key: str, choices: tuple[str, ...] | list[str], what: str) -> str:
    value = action.get(key)
    if not isinstance(value, str) or value not in choices:
        raise IllegalAction(f"{key!r} must be {what}, one of: {', '.join(choices)} (got {value!r})")
    return value


def _str_list(action: Action, key: str, choices: tuple[str, ...] | list[str], what: str) -> list[str]:
    value = action.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalAction(f"{key!r} must be a list of {what}")
    bad = [v for v in value if v not in choices]
    if bad:
        raise IllegalAction(f"{key!r}: {', '.join(map(repr, bad))} is not {what}; choose among {', '.join(choices)}")
    if len(set(value)) != len(value):
        raise IllegalAction(f"{key!r} names the same one twice")
    return value


# --------------------------------------------------------------------- choose, vote, duck, dice


def _choose(st: State, action: Action) -> None:
    _fields(action, "character")
    cid = _str(action, "character", tuple(CHARACTERS), "a character id")
    if st.find(cid) is not None:
        raise IllegalAction(f"{CHARACTERS[cid].name} is already taken")
    _add_character(st, cid)
    if len(st.chars) == len(st.slots):
        _start(st)


def _vote(st: State, action: Action, seat: int) -> None:
    _fields(action, "choice")
    down = [c.id for c in st.chars if not c.face_up]
    choice = _str(action, "choice", tuple(CHARACTERS), "a character id")
    if choice not in down:
        raise IllegalAction(f"{choice!r} cannot be chosen: vote for a face-down character in play ({', '.join(down)})")
    st.votes[seat] = choice
    st.event("vote", seat=seat, choice=choice)
    if len(st.votes) == st.players:
        professor.close_vote(st)


def _duck(st: State, action: Action) -> None:
    _fields(action, "to")
    assert st.duck is not None
    options = [r for r in neighbours(st.duck) if r != st.professor]
    to = _str(action, "to", ROOM_IDS, "a room id")
    if to not in options:
        raise IllegalAction(f"Duck Out goes to a room next to yours: {', '.join(options)}")
    professor.duck(st, to)


def _reroll(st: State, action: Action) -> None:
    _fields(action, "dice")
    kind = st.dice_choices[0]
    if kind == "change":
        raise IllegalAction("Change of Heart sets the colour die: send 'set_colour' or 'keep'")
    dice = _str_list(action, "dice", DICE, "a die name")
    if not dice:
        raise IllegalAction("name at least one die to reroll, or send 'keep'")
    if kind == "destiny" and len(dice) != 1:
        raise IllegalAction("Destiny's ability rerolls exactly one die")
    dice = [d for d in DICE if d in dice]
    professor.reroll(st, dice, "destiny" if kind == "destiny" else "twist_of_fate")
    professor.dice_choice_done(st)


def _set_colour(st: State, action: Action) -> None:
    _fields(action, "colour")
    if st.dice_choices[0] != "change":
        raise IllegalAction("only Change of Heart sets the colour die; send 'reroll' or 'keep'")
    professor.set_colour(st, _str(action, "colour", COLOURS, "a colour"))
    professor.dice_choice_done(st)


def _keep(st: State, action: Action) -> None:
    _fields(action)
    st.event("keep", choice=st.dice_choices[0])
    professor.dice_choice_done(st)


def _arrange(st: State, action: Action) -> None:
    _fields(action, "treasures", "rooms")
    assert st.peek is not None
    peek = st.peek
    treasures = _str_list(action, "treasures", peek["treasures"], "one of the treasure tiles you looked at")
    rooms = _str_list(action, "rooms", peek["rooms"], "one of the room cards you looked at")
    if len(treasures) != len(peek["treasures"]) or len(rooms) != len(peek["rooms"]):
        raise IllegalAction(f"put back all of them: treasures {', '.join(peek['treasures'])}; rooms {', '.join(peek['rooms'])}")
    st.stack[: len(treasures)] = treasures
    st.room_deck[: len(rooms)] = rooms
    st.known_treasures = [len(treasures) if s == st.seat else 0 for s in range(st.players)]
    st.known_rooms = [len(rooms) if s == st.seat else 0 for s in range(st.players)]
    st.peek = None
    st.phase = "actions"
    st.event("arranged", character=st.char.id, seat=st.seat)


# --------------------------------------------------------------------- the regular actions


def _spend(st: State, what: str) -> None:
    if st.actions_left <= 0:
        raise IllegalAction(f"you have no regular action left to {what} (play a card or end your actions)")
    st.actions_left -= 1


def _move(st: State, action: Action) -> None:
    _fields(action, "to")
    to = _str(action, "to", ROOM_IDS, "a room id")
    _spend(st, "move")
    here = st.char.room
    paths = reach(st, here, move_steps(st))
    if to not in paths:
        raise IllegalAction(_why_not_move(st, here, to))
    move_pawn(st, st.char, paths[to], "move")


def _why_not_move(st: State, here: str, to: str) -> str:
    if to == here:
        return "you are already there"
    if to == st.professor:
        return f"the Professor is in the {to}: nobody may enter his room"
    if here == OUTSIDE:
        if to not in WINDOW_ROOMS:
            return f"from outside you can only enter through a window: {', '.join(sorted(WINDOW_ROOMS))}"
        return f"you cannot enter the {to} now"
    door = next((d for d in DOORS_OF[here] if other_side(d, here) == to), None)
    if door is not None and door not in st.open_doors:
        return f"door {door} to the {to} is closed: open it first (an Open action)"
    if move_steps(st) == 2:
        return f"the {to} is not within 2 rooms through open doors avoiding the Professor"
    return f"the {to} is not next to your room ({', '.join(neighbours(here))} are)"


def _open(st: State, action: Action) -> None:
    _fields(action, "door")
    door = _str(action, "door", DOOR_IDS, "a door id")
    _spend(st, "open a door")
    here = st.char.room
    if here == OUTSIDE:
        raise IllegalAction("you are outside: enter through a window first")
    if door not in DOORS_OF[here]:
        raise IllegalAction(f"door {door} is not a door of your room ({', '.join(DOORS_OF[here])} are)")
    if door in st.open_doors:
        raise IllegalAction(f"door {door} is already open")
    if st.char.id == "ada" and st.char.face_up:
        open_doors(st, DOORS_OF[here], "open_all")
    else:
        open_doors(st, [door], "open")


def _switch(st: State, action: Action) -> None:
    _fields(action, "room")
    room = _str(action, "room", ROOM_IDS, "a room id")
    rooms = switch_rooms(st)
    if not rooms:
        raise IllegalAction("you are outside: there is no switch to turn")
    if room not in rooms:
        raise IllegalAction(f"you can only turn the switch of {' or '.join(rooms) if len(rooms) < 3 else ', '.join(rooms)}")
    if st.switch_actions > 0:
        st.switch_actions -= 1
    else:
        _spend(st, "turn a switch")
    on = not st.switch_on[room]
    st.switch_on[room] = on
    st.event("switch", room=room, on=on, cause="action", character=st.char.id)


def _rescue(st: State, action: Action) -> None:
    _fields(action, "colour")
    colour = _str(action, "colour", COLOURS, "a treasure colour")
    _spend(st, "rescue a treasure")
    t = st.treasures.get(colour)
    if t is None or t.room != st.char.room:
        raise IllegalAction(f"the {colour} treasure is not in your room")
    tile = TREASURES[t.id]
    if not st.rescuable(colour):
        on = sorted(r for r in ROOM_IDS if st.switch_type[r] in tile.types and st.switch_on[r])
        raise IllegalAction(f"{tile.name} needs every {'/'.join(tile.types)} switch OFF; still ON in: {', '.join(on)}")
    rescue(st, colour)


def rescue(st: State, colour: str) -> None:
    """Rescue steps (§3.7.2): saved, win check, the tile's switch types back ON, a new treasure."""
    t = st.treasures.pop(colour)
    st.saved.append(t.id)
    st.event("rescue", colour=colour, treasure=t.id, room=t.room, character=st.char.id, saved=len(st.saved))
    if len(st.saved) >= 4:
        st.end_game(True)
        return
    if st.override:
        st.event("effect", card="override")
    else:
        for r in ROOM_IDS:
            if st.switch_type[r] in TREASURES[t.id].types and not st.switch_on[r]:
                st.switch_on[r] = True
                st.event("switch", room=r, on=True, cause="rescue")
    st.place_treasure(colour)


def _end_actions(st: State, action: Action) -> None:
    _fields(action)
    st.event("end_actions", character=st.char.id, unused=st.actions_left)
    professor.roll_dice(st)


# --------------------------------------------------------------------- cards and powers


def _params(st: State, action: Action, effect: Effect, what: str) -> Params:
    """The effect's fields checked and normalised (lists sorted), then matched against its targets."""
    _fields(action, *(("card",) if action["type"] == "card" else ()), *effect.fields)
    p: Params = {}
    for f in effect.fields:
        if f in ("to", "room"):
            p[f] = _str(action, f, ROOM_IDS, "a room id")
        elif f == "colour":
            p[f] = _str(action, f, COLOURS, "a colour")
        elif f == "character":
            p[f] = _str(action, f, tuple(CHARACTERS), "a character id")
        elif f == "door":
            p[f] = _str(action, f, DOOR_IDS, "a door id")
        elif f == "switch_type":
            p[f] = _str(action, f, tuple(SWITCH_TYPES), "a switch type")
        elif f == "face":
            p[f] = _str(action, f, ACTION_DIE, "an action-die face")
        elif f == "rooms":
            p[f] = sorted(_str_list(action, f, ROOM_IDS, "a room id"))
        elif f == "doors":
            p[f] = sorted(_str_list(action, f, DOOR_IDS, "a door id"))
    targets = effect.targets(st)
    if not targets:
        raise IllegalAction(f"{what} cannot be played now: {effect.blocked(st)}")
    if p not in targets:
        raise IllegalAction(f"{what} cannot do that: {_describe(p)} is not a legal choice now{_hint(effect, targets)}")
    return p


def _describe(p: Params) -> str:
    return ", ".join(f"{k} {v if isinstance(v, str) else '+'.join(v)}" for k, v in p.items()) or "it"


def _hint(effect: Effect, targets: list[Params]) -> str:
    if len(effect.fields) == 1 and len(targets) <= 20:
        f = effect.fields[0]
        vals = [t[f] if isinstance(t[f], str) else "+".join(t[f]) for t in targets]
        return f" (legal {f}: {', '.join(vals)})"
    return ""


def _card(st: State, action: Action) -> None:
    card = action.get("card")
    if not isinstance(card, str) or card not in CARDS:
        raise IllegalAction(f"'card' must be an action-card id such as 'sprint' (got {card!r})")
    name = CARDS[card].name_en
    if card not in (st.char.revealed or []):
        raise IllegalAction(f"{name} is not one of your two revealed cards ({', '.join(st.char.revealed or [])})")
    if st.card_played is not None:
        raise IllegalAction(f"you already played {CARDS[st.card_played].name_en} this turn (one card per turn)")
    effect = CARD_EFFECTS[card]
    p = _params(st, action, effect, name)
    st.card_played = card
    st.event("card", card=card, character=st.char.id, params=p)
    effect.apply(st, p)


def _power(st: State, action: Action) -> None:
    ch = st.char
    name = f"{CHARACTERS[ch.id].name}'s power"
    if not ch.face_up:
        raise IllegalAction(f"{name} is not available: the tile is face down (it flips up at an idea icon)")
    if st.power_used:
        raise IllegalAction(f"{name} was already used this turn")
    effect = POWER_EFFECTS[ch.id]
    p = _params(st, action, effect, name)
    ch.face_up = False
    st.power_used = True
    st.event("power", character=ch.id, params=p)
    effect.apply(st, p)


HANDLERS: dict[str, Callable[[State, Action], None]] = {
    "choose": _choose,
    "duck": _duck,
    "reroll": _reroll,
    "set_colour": _set_colour,
    "keep": _keep,
    "arrange": _arrange,
    "move": _move,
    "open": _open,
    "switch": _switch,
    "rescue": _rescue,
    "end_actions": _end_actions,
    "card": _card,
    "power": _power,
}

__all__ = ["apply", "legal_actions", "new_state", "rescue", "to_act"]
