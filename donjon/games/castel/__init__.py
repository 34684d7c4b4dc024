"""Castel: place all your cards in and around a small castle before the others (seed 000).

    >>> from donjon.games.castel import GAME
    >>> st = GAME.setup(2, seed=1, options={"first": 0})
    >>> [len(h) for h in st.hands], [len(p) for p in st.piles], len(st.exchange)
    ([9, 9], [13, 13], 10)
    >>> st = GAME.apply(st, 0, {"type": "draw"})
    >>> GAME.view(st, 1)["hand_counts"]
    [10, 9]
"""

from donjon.games.castel.game import GAME, Castel

__all__ = ["GAME", "Castel"]
