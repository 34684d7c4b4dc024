"""The behaviour of the 58 cards, one module per group (see :mod:`.base` for the shape).

Importing this package fills :data:`CARD_EFFECTS` (card id → effect object).
"""

from donjon.games.unfairchess.cards import (  # noqa: F401  (registration side effect)
    control,
    destruction,
    exchange,
    metamorphosis,
    movement,
    resources,
    status,
)
from donjon.games.unfairchess.cards.base import CARD_EFFECTS, Card

__all__ = ["CARD_EFFECTS", "Card"]
