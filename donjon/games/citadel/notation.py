"""Citadel's history lines (:meth:`donjon.games.protocol.BaseGame.history_entry`).

One entry per accepted action: the events of that action, as every view shows them
(``view["events"]``: a move, a card, the whole Professor phase an ``end_actions`` set off
...), all public::

    {"events": [{"type": "move", "character": "nathan", "from": "hall", "to": "library", ...}]}

Premonition's order (``arrange``) is known to its author only: the public entry has its
``arranged`` event; the author's own entry adds ``"arranged": {"treasures": [...], "rooms": [...]}``.
"""

from __future__ import annotations

from typing import Any

from donjon.games.citadel.state import State


def history_entry(before: State, seat: int, action: dict[str, Any], after: State) -> dict[str, Any]:
    return {"events": [dict(e) for e in after.events]}


def private_history(before: State, seat: int, action: dict[str, Any], after: State) -> dict[int, dict[str, Any]]:
    if action.get("type") != "arrange":
        return {}
    entry = history_entry(before, seat, action, after)
    entry["arranged"] = {"treasures": list(action.get("treasures") or []), "rooms": list(action.get("rooms") or [])}
    return {seat: entry}
