"""Castel's history lines (:meth:`donjon.games.protocol.BaseGame.history_entry`).

One entry per accepted action: the action's events as a spectator's view shows them
(``view["events"]``, what the game log prints today, ``web/log.js``), with what the log
works out from the view added in the server: each ``turn`` event's ``turn_no``, and for a
placed Knight the card right under it (``under``)::

    {"events": [{"type": "place", "seat": 0, "card": "chevalier_1", "kind": "chevalier",
                 "where": [2, 3], "under": "roi_1"},
                {"type": "draw", "seat": 0}, {"type": "turn", "seat": 1, "turn_no": 2}]}

The card of a draw, a gift (the Jester) or a pass (the Fool) is private: the public entry
leaves it out, and each seat that saw it (the drawer; the two seats of a gift or pass) gets
its own entry with the card (:meth:`~donjon.games.protocol.BaseGame.private_history`).
"""

from __future__ import annotations

from typing import Any

from donjon.games.castel.catalogue import KIND
from donjon.games.castel.state import State


def _for(ev: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """``ev`` as ``seat`` sees it (``None``: a spectator): a new dict, without ``_see``."""
    see = ev.get("_see")
    out = {k: v for k, v in ev.items() if k != "_see"}
    if see is not None and seat not in see:
        out.pop("card", None)
    return out


def _under(st: State, card: str) -> str | None:
    loc = st.loc(card)
    if loc is None:
        return None
    stack = st.stack(loc)
    i = stack.index(card) if card in stack else -1
    return stack[i - 1] if i > 0 else None


def events_for(after: State, seat: int | None) -> list[dict[str, Any]]:
    """The events of the action that made ``after``, as ``seat`` sees them, annotated."""
    evs = after.events
    turns = sum(1 for e in evs if e.get("type") == "turn")
    k = 0
    out = []
    for e in evs:
        ev = _for(e, seat)
        if ev.get("type") == "turn":
            ev["turn_no"] = after.turn_no - (turns - 1 - k)
            k += 1
        elif ev.get("type") == "place" and KIND.get(ev.get("card", "")) == "chevalier":
            ev["under"] = _under(after, ev["card"])
        out.append(ev)
    return out


def history_entry(before: State, seat: int, action: dict[str, Any], after: State) -> dict[str, Any]:
    return {"events": events_for(after, None)}


def private_history(before: State, seat: int, action: dict[str, Any], after: State) -> dict[int, dict[str, Any]]:
    seers = sorted({s for e in after.events if "card" in e for s in e.get("_see", ())})
    return {s: {"events": events_for(after, s)} for s in seers}
