"""The history entries the dev harnesses' fixtures and live games carry, as the server makes
them (docs/protocol.md, "History"): ``{"v", "kind": "play", "by", ...}`` from the game's
``history_entry`` hook, or the seat's own entry where it knows more (``private_history``)."""

from __future__ import annotations

from typing import Any

from donjon.games.protocol import history_entries


def entry(game: Any, before: Any, seat: int, action: dict[str, Any], after: Any, v: int,
          viewer: int | None) -> dict[str, Any]:
    """The entry of ``seat``'s ``action`` (``before`` → ``after``, version ``v``) as ``viewer`` sees it."""
    public, private = history_entries(game, before, seat, action, after)
    body = private.get(viewer, public) if viewer is not None else public
    return {"v": v, "kind": "play", "by": seat, **body}
