"""Games: rules only, no web and no database. ``get_game(id)`` returns a game object."""

from __future__ import annotations

from donjon.games.protocol import Action, Game, IllegalAction, Outcome, View

_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry under ``game.id``."""
    _REGISTRY[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``; raises ``KeyError`` with the known ids."""
    _load_builtin()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(_REGISTRY))}") from None


def game_ids() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def _load_builtin() -> None:
    if "unfairchess" not in _REGISTRY:
        from donjon.games.unfairchess import GAME as unfairchess

        register(unfairchess)
    if "castel" not in _REGISTRY:
        from donjon.games.castel import GAME as castel

        register(castel)
    if "citadel" not in _REGISTRY:
        from donjon.games.citadel import GAME as citadel

        register(citadel)


__all__ = ["Action", "Game", "IllegalAction", "Outcome", "View", "get_game", "game_ids", "register"]
