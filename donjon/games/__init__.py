"""Games: rules only, no web and no database. ``get_game(id)`` returns a game object.

The registry finds games in two places, the first time it is asked:

* every sub-package of ``donjon.games`` that exports ``GAME`` (``donjon/games/<id>/``);
* every entry point of the ``donjon.games`` group, so a game may live in a package of its
  own: ``[project.entry-points."donjon.games"] connect4 = "connect4:GAME"``.

A game may also be added at run time with :func:`register` (tests do). Each game object
carries its :class:`~donjon.games.info.GameInfo` as ``game.info``::

    >>> [g.info.name("fr") for g in games()]
    ['UnfairChess', 'Castel', 'Citadelle']
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import threading
from importlib.metadata import entry_points

from donjon.games.info import GameInfo
from donjon.games.protocol import HOOKS, Action, BaseGame, Game, IllegalAction, Outcome, View

log = logging.getLogger("donjon.games")

ENTRY_POINT_GROUP = "donjon.games"

_REGISTRY: dict[str, Game] = {}
_discovered = False
_discovering = False
_discover_lock = threading.RLock()


def register(game: Game) -> Game:
    """Add ``game`` to the registry under ``game.id`` (its ``info.id``).

    ``game`` is a :class:`~donjon.games.protocol.BaseGame` (or has every member of the
    :class:`~donjon.games.protocol.Game` protocol, optional hooks included); a
    ``TypeError`` says what is missing otherwise."""
    if not isinstance(game, BaseGame | Game):
        members = ("id", "info", "min_players", "max_players", "cooperative", "setup", "to_act", "legal_actions",
                   "apply", "view", "outcome", "determinize", *HOOKS)
        missing = [m for m in members if m not in dir(game)]
        raise TypeError(f"game {game!r} is not a donjon.games.protocol.BaseGame: subclass it "
                        f"(missing: {', '.join(missing)})")
    if not isinstance(game.info, GameInfo) or game.info.id != game.id:
        raise TypeError(f"game {game.id!r} needs an info: GameInfo with the same id")
    _REGISTRY[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Remove a game added with :func:`register` (tests)."""
    _REGISTRY.pop(game_id, None)


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``; raises ``KeyError`` with the known ids."""
    _discover()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(game_ids())}") from None


def games() -> list[Game]:
    """Every registered game, in their ``info.order``."""
    _discover()
    return sorted(_REGISTRY.values(), key=lambda g: (g.info.order, g.id))


def game_ids() -> list[str]:
    """Every registered game's id, in their ``info.order``."""
    return [g.id for g in games()]


def get_info(game_id: str) -> GameInfo:
    return get_game(game_id).info


def _discover() -> None:
    """Register every game package and entry point, once. Another thread asking meanwhile
    waits for the whole registry (a threaded server's first requests arrive together); the
    discovering thread itself, re-entering through a game module's import, gets what is
    registered so far."""
    global _discovered, _discovering
    if _discovered:
        return
    with _discover_lock:
        if _discovered or _discovering:
            return
        _discovering = True
        try:
            _register_found()
        finally:
            _discovering = False
            _discovered = True


def _register_found() -> None:
    for mod in pkgutil.iter_modules(__path__):
        if not mod.ispkg:
            continue
        game = getattr(importlib.import_module(f"{__name__}.{mod.name}"), "GAME", None)
        if game is not None and game.id not in _REGISTRY:
            register(game)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            game = ep.load()
        except Exception:
            log.exception("game entry point %s (%s) failed to load", ep.name, ep.value)
            continue
        if game.id not in _REGISTRY:
            register(game)


__all__ = ["Action", "BaseGame", "Game", "GameInfo", "IllegalAction", "Outcome", "View", "game_ids", "games", "get_game",
           "get_info", "register", "unregister"]
