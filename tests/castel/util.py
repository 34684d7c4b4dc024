"""Helpers for Castel scenario tests: lay out a position, play, check refusals.

    st = make(hands={0: ["roi"]}, castle={(2, 2): [("pretre", 1)]})
    st = place(st, "roi", (2, 3))

Positions go through the ``position`` setup option, so every scenario is also a valid,
replayable game record. Cards not named go to the exchange (``rest="box"``: out of the game).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from donjon.games.castel import GAME
from donjon.games.castel.board import Square
from donjon.games.castel.state import State
from donjon.games.protocol import IllegalAction

Entry = str | tuple[str, int | None]


def _entries(stack: Iterable[Entry]) -> list[Any]:
    return [e if isinstance(e, str) else [e[0], e[1]] for e in stack]


def make(players: int = 2, *, hands: dict[int, list[str]] | None = None, piles: dict[int, list[str]] | None = None,
         castle: dict[Square, list[Entry]] | None = None, slots: dict[str, list[Entry]] | None = None,
         outside: list[list[Entry]] | None = None, exchange: list[str] | None = None, removed: list[str] | None = None,
         rest: str = "exchange", first: int = 0, seed: int = 1, max_rounds: int | None = None) -> State:
    """A position: ``castle={(r, c): ["roi", ("pretre", 1)]}`` (bottom first; a bare id has no token)."""
    pos: dict[str, Any] = {
        "hands": {str(s): list(c) for s, c in (hands or {}).items()},
        "piles": {str(s): list(c) for s, c in (piles or {}).items()},
        "castle": {f"{r},{c}": _entries(stack) for (r, c), stack in (castle or {}).items()},
        "slots": {side: _entries(stack) for side, stack in (slots or {}).items()},
        "outside": [_entries(stack) for stack in (outside or [])],
        "rest": rest,
    }
    if exchange is not None:
        pos["exchange"] = list(exchange)
    if removed is not None:
        pos["removed"] = list(removed)
    opts: dict[str, Any] = {"position": pos, "first": first}
    if max_rounds is not None:
        opts["max_rounds"] = max_rounds
    return GAME.setup(players, seed, opts)


def act(st: State, action: dict[str, Any]) -> State:
    """Apply ``action`` for the seat to act."""
    return GAME.apply(st, st.turn, action)


def place(st: State, card: str, square: Square | str | None = None, *, slot: str | None = None,
          on: str | None = None) -> State:
    """Place ``card`` for the seat to act: a square ``(r, c)``, ``"outside"``, a ``slot`` or ``on`` a card."""
    action: dict[str, Any] = {"type": "place", "card": card}
    if slot is not None:
        action["slot"] = slot
    elif on is not None:
        action["on"] = on
    else:
        action["square"] = square if square == "outside" else list(square)  # type: ignore[arg-type]
    return act(st, action)


def effect(st: State, *targets: Any) -> State:
    """Answer the pending effect: card ids, squares ``(r, c)``, ``"outside"``, seats."""
    return act(st, {"type": "effect", "targets": [list(t) if isinstance(t, tuple) else t for t in targets]})


def draw(st: State) -> State:
    return act(st, {"type": "draw"})


def exchange(st: State, give: str, take: str) -> State:
    return act(st, {"type": "exchange", "give": give, "take": take})


def snapshot(st: State) -> Any:
    return (GAME.dump(st), st.turn, st.turn_no, st.actions_left, sorted(st.drawn), st.pending, st.idle_turns,
            st.rng_counter, {k: list(v) for k, v in st.grid.items()}, dict(st.tokens), [[set(k) for k in r] for r in st.known])


def illegal(st: State, action: dict[str, Any], seat: int | None = None) -> str:
    """Assert ``action`` is refused with a reason and ``st`` is unchanged; return the reason."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, st.turn if seat is None else seat, action)
    assert snapshot(st) == before, "a refused action changed the state"
    assert info.value.reason.strip()
    return info.value.reason


def place_action(card: str, square: Square | str | None = None, *, slot: str | None = None,
                 on: str | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "place", "card": card}
    if slot is not None:
        action["slot"] = slot
    elif on is not None:
        action["on"] = on
    else:
        action["square"] = square if square == "outside" else list(square)  # type: ignore[arg-type]
    return action


def where(st: State, card: str) -> Any:
    """Where ``card`` is: a square ``(r, c)``, ``"slot:N"``, ``"outside"``, ``"hand:0"``,
    ``"pile:1"``, ``"exchange"``, ``"removed"`` or ``"box"``."""
    loc = st.loc(card)
    if loc is not None:
        area, key = loc
        return key if area == "sq" else f"slot:{key}" if area == "slot" else "outside"
    for s in range(st.players):
        if card in st.hands[s]:
            return f"hand:{s}"
        if card in st.piles[s]:
            return f"pile:{s}"
    for name in ("exchange", "removed", "box"):
        if card in getattr(st, name):
            return name
    raise AssertionError(f"{card} is nowhere")


def targets_of(st: State) -> list[list[Any]]:
    """The target lists the pending effect offers (as JSON)."""
    return [a["targets"] for a in GAME.legal_actions(st, st.turn) if a["type"] == "effect"]


def first_targets(st: State) -> set[Any]:
    """The first targets the pending effect offers (what the UI lights up first)."""
    return {t[0] if isinstance(t[0], str) else tuple(t[0]) for t in targets_of(st) if t}


def squares_for(st: State, card: str) -> set[Any]:
    """Where ``card`` may be placed now: squares as tuples, "outside", "slot:N", "on:card"."""
    out: set[Any] = set()
    for a in GAME.legal_actions(st, st.turn):
        if a["type"] == "place" and a["card"] == card:
            if "square" in a:
                out.add(a["square"] if a["square"] == "outside" else tuple(a["square"]))
            elif "slot" in a:
                out.add(f"slot:{a['slot']}")
            else:
                out.add(f"on:{a['on']}")
    return out
