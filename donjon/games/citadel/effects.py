"""Action cards and character powers (spec §3.8.3): their targets and their effects.

Each effect is an :class:`Effect` with the extra fields its action carries (``to``,
``colour``, ``doors`` …), a ``targets`` function listing every legal choice of those fields
in the current state (an empty list means "not playable now", and ``blocked`` says why), and
an ``apply`` function. The referee accepts exactly what ``targets`` lists, so the client,
the bots and the referee share one definition. List fields (``doors``, ``rooms``) are
sorted; the referee sorts what a client sends before comparing.

Character movement (:func:`reach`) never ends in or passes through the Professor's room.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
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
from donjon.games.citadel.catalogue import ACTION_DIE, CARDS, SWITCH_TYPES
from donjon.games.citadel.state import Char, State

Params = dict[str, Any]

# ------------------------------------------------------------------ movement


def reach(st: State, start: str, steps: int, windows: bool = True) -> dict[str, list[str]]:
    """Rooms a pawn at ``start`` can reach in 1…``steps`` steps → the path (rooms entered).

    A step goes through an open door, or from ``outside`` through a window (when
    ``windows``). No step enters the Professor's room; ``start`` itself is never a target.
    """
    out: dict[str, list[str]] = {}
    frontier: list[tuple[str, list[str]]] = [(start, [])]
    for _ in range(steps):
        nxt: list[tuple[str, list[str]]] = []
        for room, path in frontier:
            for dest in _step_targets(st, room, windows):
                if dest == start or dest in out:
                    continue
                out[dest] = path + [dest]
                nxt.append((dest, path + [dest]))
        frontier = nxt
    return out


def _step_targets(st: State, room: str, windows: bool) -> list[str]:
    if room == OUTSIDE:
        return sorted(w for w in WINDOW_ROOMS if w != st.professor) if windows else []
    return sorted(other_side(d, room) for d in DOORS_OF[room]
                  if d in st.open_doors and other_side(d, room) != st.professor)


def move_pawn(st: State, ch: Char, path: list[str], cause: str) -> None:
    frm = ch.room
    ch.room = path[-1]
    st.event("move", character=ch.id, frm=frm, to=ch.room, path=path, cause=cause)


def open_doors(st: State, doors: list[str] | tuple[str, ...], cause: str) -> None:
    opened = sorted(d for d in doors if d not in st.open_doors)
    st.open_doors.update(opened)
    if opened:
        st.event("open", doors=opened, cause=cause)


def set_switch(st: State, room: str, on: bool, cause: str) -> None:
    if st.switch_on[room] != on:
        st.switch_on[room] = on
        st.event("switch", room=room, on=on, cause=cause)


def all_closed(st: State) -> list[str]:
    """Every closed door, in id order."""
    return [d for d in DOOR_IDS if d not in st.open_doors]


# ------------------------------------------------------------------ effects


@dataclass(frozen=True)
class Effect:
    fields: tuple[str, ...]
    targets: Callable[[State], list[Params]]
    apply: Callable[[State, Params], None]
    blocked: Callable[[State], str]


def _inside(st: State) -> bool:
    return st.char.room != OUTSIDE


def _none(reason: str) -> Callable[[State], str]:
    return lambda st: reason


def _always(st: State) -> list[Params]:
    return [{}]


def _pending(card: str) -> Callable[[State, Params], None]:
    def run(st: State, p: Params) -> None:
        st.pending.append(card)
        st.event("pending", card=card)

    return run


def _move_targets(steps_out: int, steps_in: int) -> Callable[[State], list[Params]]:
    def targets(st: State) -> list[Params]:
        here = st.char.room
        steps = steps_out if here == OUTSIDE else steps_in
        return [{"to": r} for r in sorted(reach(st, here, steps))]

    return targets


def _move_apply(steps_out: int, steps_in: int, cause: str) -> Callable[[State, Params], None]:
    def run(st: State, p: Params) -> None:
        here = st.char.room
        path = reach(st, here, steps_out if here == OUTSIDE else steps_in)[p["to"]]
        move_pawn(st, st.char, path, cause)

    return run


# --- Nathan -----------------------------------------------------------------


def _slip_targets(st: State) -> list[Params]:
    if not _inside(st):
        return []
    return [{"to": n} for n in neighbours(st.char.room) if n != st.professor]


def _slip_apply(st: State, p: Params) -> None:
    move_pawn(st, st.char, [p["to"]], "slip_through")


def _escort_targets(st: State) -> list[Params]:
    out = []
    for ch in st.chars:
        if ch is st.char:
            continue
        dests = reach(st, ch.room, 1) if ch.room == OUTSIDE else reach(st, ch.room, 2, windows=False)
        out += [{"character": ch.id, "to": r} for r in sorted(dests)]
    return out


def _escort_apply(st: State, p: Params) -> None:
    ch = st.find(p["character"])
    assert ch is not None
    dests = reach(st, ch.room, 1) if ch.room == OUTSIDE else reach(st, ch.room, 2, windows=False)
    move_pawn(st, ch, dests[p["to"]], "escort")


def _extra_actions(n: int, card: str) -> Callable[[State, Params], None]:
    def run(st: State, p: Params) -> None:
        st.actions_left += n
        st.event("actions", card=card, added=n, left=st.actions_left)

    return run


# --- Irene ------------------------------------------------------------------


def _colours_with_room(st: State) -> list[Params]:
    return [{"colour": c} for c in COLOURS if c in st.treasures and st.left(c) < 55]


def _plus(minutes: int, cause: str) -> Callable[[State, Params], None]:
    def run(st: State, p: Params) -> None:
        st.shift_marker(p["colour"], minutes, cause)

    return run


def _stitch_apply(st: State, p: Params) -> None:
    for c in COLOURS:
        st.shift_marker(c, 5, "stitch_in_time")


def _premonition_apply(st: State, p: Params) -> None:
    if len(st.room_deck) < 3:
        # The deck would be rebuilt from the discard anyway: put the reshuffled discard under it.
        rest = st.room_discard
        st.room_discard = []
        st.shuffle(rest)
        st.room_deck.extend(rest)
        st.event("room_deck_reshuffled")
    st.peek = {"treasures": st.stack[:3], "rooms": st.room_deck[:3]}
    st.phase = "premonition"
    st.event("premonition", character=st.char.id, seat=st.seat)


def _second_chance_apply(st: State, p: Params) -> None:
    st.actions_left += 2
    st.event("actions", card="second_chance", added=2, left=st.actions_left)
    st.queue = [("tick",), ("resume",)]
    st.phase = "professor"
    professor.run_queue(st)


# --- Edward -----------------------------------------------------------------


def _remote_targets(st: State) -> list[Params]:
    return [{"room": r} for r in ROOM_IDS]


def _remote_apply(st: State, p: Params) -> None:
    r = p["room"]
    set_switch(st, r, not st.switch_on[r], "remote_control")


def _short_targets(st: State) -> list[Params]:
    out: list[Params] = []
    for t in SWITCH_TYPES:
        on = sorted(r for r in ROOM_IDS if st.switch_type[r] == t and st.switch_on[r])
        out += [{"rooms": [r]} for r in on]
        out += [{"rooms": list(pair)} for pair in itertools.combinations(on, 2)]
    return sorted(out, key=lambda p: p["rooms"])


def _short_apply(st: State, p: Params) -> None:
    for r in p["rooms"]:
        set_switch(st, r, False, "short_circuit")


def _chain_targets(st: State) -> list[Params]:
    if not _inside(st):
        return []
    return [{"room": n} for n in neighbours(st.char.room)]


def _chain_apply(st: State, p: Params) -> None:
    set_switch(st, st.char.room, False, "chain_reaction")
    set_switch(st, p["room"], False, "chain_reaction")


def _override_apply(st: State, p: Params) -> None:
    st.override = True
    st.event("effect", card="override")


def _tinker_apply(st: State, p: Params) -> None:
    st.switch_actions += 1
    st.event("actions", card="tinker", added=1, left=st.actions_left, switch_only=st.switch_actions)


# --- Destiny ----------------------------------------------------------------


def _distraction_apply(st: State, p: Params) -> None:
    professor.walk(st, p["colour"], cause="distraction")


def _sent_home_targets(st: State) -> list[Params]:
    return [] if st.professor == LABORATORY else [{}]


def _sent_home_apply(st: State, p: Params) -> None:
    professor.send_home(st)


# --- Ada --------------------------------------------------------------------


def _skeleton_targets(st: State) -> list[Params]:
    closed = all_closed(st)
    return [{"doors": [d]} for d in closed] + [{"doors": list(c)} for c in itertools.combinations(closed, 2)]


def _open_listed(cause: str) -> Callable[[State, Params], None]:
    def run(st: State, p: Params) -> None:
        open_doors(st, p["doors"], cause)

    return run


def _pick_targets(st: State) -> list[Params]:
    if not _inside(st) or all(d in st.open_doors for d in DOORS_OF[st.char.room]):
        return []
    return [{}]


def _pick_apply(st: State, p: Params) -> None:
    open_doors(st, DOORS_OF[st.char.room], "pick_the_locks")


def _open_house_targets(st: State) -> list[Params]:
    return [{"room": r} for r in ROOM_IDS if any(d not in st.open_doors for d in DOORS_OF[r])]


def _open_house_apply(st: State, p: Params) -> None:
    open_doors(st, DOORS_OF[p["room"]], "open_house")


def _shoulder_targets(st: State) -> list[Params]:
    if not _inside(st):
        return []
    here = st.char.room
    return [{"door": d} for d in DOORS_OF[here] if other_side(d, here) != st.professor]


def _shoulder_apply(st: State, p: Params) -> None:
    open_doors(st, [p["door"]], "shoulder_charge")
    move_pawn(st, st.char, [other_side(p["door"], st.char.room)], "shoulder_charge")


def _hook_targets(st: State) -> list[Params]:
    here = st.char.room
    if here == OUTSIDE:
        return [{"to": r} for r in sorted(reach(st, OUTSIDE, 1))]
    return [{"to": other_side(d, here)} for d in sorted(DOORS_OF[here], key=lambda d: other_side(d, here))
            if d not in st.open_doors and other_side(d, here) != st.professor]


def _hook_apply(st: State, p: Params) -> None:
    here = st.char.room
    if here != OUTSIDE:
        door = next(d for d in DOORS_OF[here] if other_side(d, here) == p["to"])
        open_doors(st, [door], "grappling_hook")
    move_pawn(st, st.char, [p["to"]], "grappling_hook")


CARD_EFFECTS: dict[str, Effect] = {
    "sprint": Effect(("to",), _move_targets(2, 2), _move_apply(2, 2, "sprint"),
                     _none("no room is reachable through open doors (or a window) without the Professor")),
    "window_leap": Effect(("to",), _move_targets(2, 1), _move_apply(2, 1, "window_leap"),
                          _none("no room is reachable that way without the Professor")),
    "slip_through": Effect(("to",), _slip_targets, _slip_apply,
                           lambda st: "you must be inside the castle" if not _inside(st)
                           else "every room next to yours holds the Professor"),
    "escort": Effect(("character", "to"), _escort_targets, _escort_apply,
                     _none("no other character can be moved")),
    "adrenaline": Effect((), _always, _extra_actions(1, "adrenaline"), _none("")),
    "duck_out": Effect((), _always, _pending("duck_out"), _none("")),
    "borrowed_time": Effect(("colour",), _colours_with_room, _plus(10, "borrowed_time"),
                            _none("every treasure already has 55 minutes left")),
    "stitch_in_time": Effect((), _always, _stitch_apply, _none("")),
    "frozen_hour": Effect((), _always, _pending("frozen_hour"), _none("")),
    "time_slip": Effect((), _always, _pending("time_slip"), _none("")),
    "premonition": Effect((), _always, _premonition_apply, _none("")),
    "second_chance": Effect((), _always, _second_chance_apply, _none("")),
    "remote_control": Effect(("room",), _remote_targets, _remote_apply, _none("")),
    "short_circuit": Effect(("rooms",), _short_targets, _short_apply, _none("every switch is already OFF")),
    "jammed_gears": Effect((), _always, _pending("jammed_gears"), _none("")),
    "chain_reaction": Effect(("room",), _chain_targets, _chain_apply, _none("you must be inside the castle")),
    "override": Effect((), _always, _override_apply, _none("")),
    "tinker": Effect((), _always, _tinker_apply, _none("")),
    "twist_of_fate": Effect((), _always, _pending("twist_of_fate"), _none("")),
    "change_of_heart": Effect((), _always, _pending("change_of_heart"), _none("")),
    "distraction": Effect(("colour",), lambda st: [{"colour": c} for c in COLOURS], _distraction_apply, _none("")),
    "slow_down": Effect((), _always, _pending("slow_down"), _none("")),
    "stay_put": Effect((), _always, _pending("stay_put"), _none("")),
    "sent_home": Effect((), _sent_home_targets, _sent_home_apply, _none("the Professor is already in the Laboratory")),
    "skeleton_key": Effect(("doors",), _skeleton_targets, _open_listed("skeleton_key"), _none("every door is open")),
    "pick_the_locks": Effect((), _pick_targets, _pick_apply,
                             lambda st: "you must be inside the castle" if not _inside(st)
                             else "every door of your room is already open"),
    "wedge": Effect((), _always, _pending("wedge"), _none("")),
    "open_house": Effect(("room",), _open_house_targets, _open_house_apply, _none("every door is open")),
    "shoulder_charge": Effect(("door",), _shoulder_targets, _shoulder_apply,
                              lambda st: "you must be inside the castle" if not _inside(st)
                              else "every door of your room leads to the Professor"),
    "grappling_hook": Effect(("to",), _hook_targets, _hook_apply,
                             _none("no room is reachable that way without the Professor")),
}
"""Card id → :class:`Effect`; every card of the catalogue has one."""

assert set(CARD_EFFECTS) == set(CARDS)

# ------------------------------------------------------------------ powers


def _nathan_targets(st: State) -> list[Params]:
    return [{"to": r} for r in ROOM_IDS if r != st.professor and r != st.char.room]


def _nathan_apply(st: State, p: Params) -> None:
    move_pawn(st, st.char, [p["to"]], "power")


def _irene_apply(st: State, p: Params) -> None:
    st.shift_marker(p["colour"], 15, "power")


def _edward_targets(st: State) -> list[Params]:
    return [{"switch_type": t} for t in SWITCH_TYPES
            if any(st.switch_on[r] for r in ROOM_IDS if st.switch_type[r] == t)]


def _edward_apply(st: State, p: Params) -> None:
    for r in ROOM_IDS:
        if st.switch_type[r] == p["switch_type"]:
            set_switch(st, r, False, "power")


def _destiny_targets(st: State) -> list[Params]:
    return [{"colour": c, "face": f} for c in COLOURS for f in ACTION_DIE]


def _destiny_apply(st: State, p: Params) -> None:
    st.forced = {"colour": p["colour"], "action": p["face"]}
    st.event("dice_chosen", colour=p["colour"], action=p["face"])


def _ada_targets(st: State) -> list[Params]:
    closed = all_closed(st)
    if not closed:
        return []
    return [{"doors": list(c)} for c in itertools.combinations(closed, min(4, len(closed)))]


POWER_EFFECTS: dict[str, Effect] = {
    "nathan": Effect(("to",), _nathan_targets, _nathan_apply, _none("no room is free of the Professor")),
    "irene": Effect(("colour",), _colours_with_room, _irene_apply, _none("every treasure already has 55 minutes left")),
    "edward": Effect(("switch_type",), _edward_targets, _edward_apply, _none("every switch is already OFF")),
    "destiny": Effect(("colour", "face"), _destiny_targets, _destiny_apply, _none("")),
    "ada": Effect(("doors",), _ada_targets, _open_listed("power"), _none("every door is open")),
}
"""Character id → the :class:`Effect` of its power action."""
