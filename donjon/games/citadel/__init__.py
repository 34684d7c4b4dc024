"""Citadel: the cooperative race against Professor Evil (seed 001).

    >>> from donjon.games.citadel import GAME
    >>> st = GAME.setup(2, seed=1, options={"characters": ["nathan", "ada"], "first": 0})
    >>> GAME.to_act(st), GAME.view(st, 0)["professor"]
    ([0], 'laboratory')
    >>> sorted(a["to"] for a in GAME.legal_actions(st, 0) if a["type"] == "move")
    ['ballroom', 'gallery', 'library']
"""

from donjon.games.citadel.game import GAME, Citadel

__all__ = ["GAME", "Citadel"]
