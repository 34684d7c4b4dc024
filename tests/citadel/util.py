"""Helpers for Citadel scenario tests: a rigged table, actions, refusals, scripted dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from donjon.games import IllegalAction
from donjon.games.citadel import GAME
from donjon.games.citadel.board import ROOM_IDS
from donjon.games.citadel.state import Live, State


def table(chars: tuple[str, ...] | list[str] = ("nathan", "irene"), players: int | None = None, seed: int = 1,
          difficulty: str = "easy", first: int = 0, **options: Any) -> State:
    """A fresh table in the first character's action phase.

    ``players`` defaults to the number of characters (a 1-player table runs two characters
    only when asked with ``players=1``).
    """
    n = len(chars) if players is None else players
    opts: dict[str, Any] = {"characters": list(chars), "difficulty": difficulty, "first": first, **options}
    if n == 1:
        opts["solo_characters"] = len(chars)
    return GAME.setup(n, seed, opts)


def rig(st: State, *, professor: str | None = None, rooms: dict[str, str] | None = None,
        open_doors: list[str] | tuple[str, ...] | None = None, on: list[str] | tuple[str, ...] | None = None,
        types: dict[str, str] | None = None, treasures: dict[str, tuple[str, str, int]] | None = None,
        revealed: list[str] | None = None, face_up: list[str] | tuple[str, ...] | None = None,
        clock: int | None = None, dice: list[dict[str, Any]] | None = None, actions: int | None = None) -> State:
    """A copy of ``st`` with the given parts replaced.

    ``on``: the rooms whose switch is ON (all others OFF). ``types``: room → switch type
    (the rest unchanged). ``treasures``: colour → (tile id, room, minutes left).
    ``revealed``: the active character's two cards. ``dice``: rolls for this turn and the next.
    """
    s = st.copy()
    if clock is not None:
        s.clock = clock
    if professor is not None:
        s.professor = professor
    if rooms is not None:
        for cid, room in rooms.items():
            ch = s.find(cid)
            assert ch is not None, cid
            ch.room = room
    if open_doors is not None:
        s.open_doors = set(open_doors)
    if on is not None:
        s.switch_on = {r: r in on for r in ROOM_IDS}
    if types is not None:
        s.switch_type = {**s.switch_type, **types}
    if treasures is not None:
        for colour, (tid, room, left) in treasures.items():
            old = s.treasures.get(colour)
            if tid in s.stack:
                s.stack.remove(tid)
                if old is not None and old.id != tid:
                    s.stack.append(old.id)
            s.treasures[colour] = Live(tid, room, (s.clock + left) % 60)
    if revealed is not None:
        ch = s.char
        pool = list(ch.revealed or []) + list(ch.deck or []) + list(ch.discard or [])
        for c in revealed:
            pool.remove(c)
        ch.revealed = list(revealed)
        ch.deck = pool
        ch.discard = []
    if face_up is not None:
        for ch in s.chars:
            ch.face_up = ch.id in face_up
    if dice is not None:
        s.scripted_dice = tuple([{}] * (s.turn - 1) + list(dice))
    if actions is not None:
        s.actions_left = actions
    return s


def left(st: State, colour: str) -> int:
    return st.left(colour)


def act(st: State, action: dict[str, Any], seat: int | None = None) -> State:
    """Apply ``action`` for ``seat`` (default: the first seat awaited)."""
    return GAME.apply(st, GAME.to_act(st)[0] if seat is None else seat, action)


def card(st: State, card_id: str, **fields: Any) -> State:
    return act(st, {"type": "card", "card": card_id, **fields})


def power(st: State, **fields: Any) -> State:
    return act(st, {"type": "power", **fields})


def end(st: State, settle: bool = True) -> State:
    """End the actions; with ``settle``, an idea-icon vote is answered for the first candidate."""
    st = act(st, {"type": "end_actions"})
    while settle and st.phase == "vote":
        choice = [c.id for c in st.chars if not c.face_up][0]
        st = act(st, {"type": "vote", "choice": choice})
    return st


def snapshot(st: State) -> Any:
    return (GAME.dump(st), st.rng_counter, st.scripted_dice, sorted(st.open_doors), dict(st.switch_on),
            [(c.id, c.room, c.face_up, list(c.deck or []), list(c.discard or []), list(c.revealed or [])) for c in st.chars])


def illegal(st: State, action: Any, seat: int | None = None) -> str:
    """Assert the action is refused with a reason and ``st`` is unchanged; return the reason."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, GAME.to_act(st)[0] if seat is None and GAME.to_act(st) else (seat or 0), action)
    assert snapshot(st) == before, "a refused action changed the state"
    assert info.value.reason
    return info.value.reason


def events(st: State, kind: str) -> list[dict[str, Any]]:
    return [e for e in st.events if e["type"] == kind]


def legal_of(st: State, kind: str, card_id: str | None = None) -> list[dict[str, Any]]:
    seat = GAME.to_act(st)[0]
    return [a for a in GAME.legal_actions(st, seat) if a["type"] == kind and (card_id is None or a.get("card") == card_id)]


def with_treasure_room(st: State, colour: str, room: str) -> State:
    s = st.copy()
    s.treasures[colour] = replace(s.treasures[colour], room=room)
    return s


LAYOUT = {
    "gallery": "padlock", "wine_cellar": "padlock", "observatory": "padlock",
    "conservatory": "camera", "trophy_room": "camera", "salon": "camera",
    "library": "laser", "study": "laser",
    "dining_room": "saw", "music_room": "saw",
    "ballroom": "alarm", "laboratory": "alarm",
}
"""A fixed switch layout for scenarios (3 padlocks, 3 cameras, 2 lasers, 2 saws, 2 alarms)."""

QUIET = {"colour": "red", "action": "hourglass", "clock": 5}
"""A roll that moves nobody: the red marker 5 minutes back and the clock 5 minutes on."""


def scene(chars: tuple[str, ...] | list[str] = ("nathan", "irene"), players: int | None = None, seed: int = 1,
          difficulty: str = "easy", **kw: Any) -> State:
    """A table with the :data:`LAYOUT` switches all OFF, three treasures with 40 minutes left
    (red Excalibur/laser in the salon, green Magna Carta/saw in the trophy room, blue Turin
    Shroud/alarm in the conservatory), the Professor in the Laboratory, then ``rig(**kw)``."""
    base = rig(table(chars, players, seed=seed, difficulty=difficulty), types=LAYOUT, on=[], treasures={
        "red": ("T02", "salon", 40), "green": ("T04", "trophy_room", 40), "blue": ("T05", "conservatory", 40)})
    return rig(base, **kw)


def stack_top(st: State, tiles: list[str] | None = None, rooms: list[str] | None = None) -> State:
    """A copy whose next treasure tiles / room cards are the given ones (the rest follow)."""
    s = st.copy()
    if tiles is not None:
        live = {t.id for t in s.treasures.values()}
        s.stack = list(tiles) + [t for t in s.stack if t not in tiles and t not in live]
    if rooms is not None:
        s.room_deck = list(rooms) + [r for r in s.room_deck if r not in rooms]
        s.room_discard = [r for r in s.room_discard if r not in rooms]
    return s
