"""UnfairChess: chess plus a hand of four cards from 58 (seed 002).

    >>> from donjon.games.unfairchess import GAME
    >>> st = GAME.setup(2, seed=1, options={"hands": {"0": ["poison"] * 4}})
    >>> st = GAME.apply(st, 0, {"type": "card", "card": "poison", "squares": ["d1"]})
    >>> GAME.view(st, None)["statuses"]
    {'d1': ['poison']}
"""

from donjon.games.unfairchess.game import GAME, UnfairChess

__all__ = ["GAME", "UnfairChess"]
