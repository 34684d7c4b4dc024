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


class LiveGame:
    """A dev harness's live game, seat 0 in the browser: its state, version and history, one
    step at a time (:meth:`step`), and what a sync frame gives seat 0 (:meth:`snapshot`)."""

    game: Any

    def restart(self, state: Any) -> None:
        self.state = state
        self.version = 1
        self.history: list[dict[str, Any]] = []

    def snapshot(self) -> dict[str, Any]:
        """The state as seat 0 sees it, with the whole history (as a sync frame has it)."""
        return {"view": self.game.view(self.state, 0), "legal": self.game.legal_actions(self.state, 0),
                "version": self.version, "history": list(self.history)}

    def step(self, seat: int, action: dict[str, Any]) -> None:
        before = self.state
        self.state = self.game.apply(before, seat, action)
        self.version += 1
        self.history.append(entry(self.game, before, seat, action, self.state, self.version, 0))
