"""The league: Elo ratings, the coin ledger, daily bonus and challenges, badges and hats.

Pure, typed functions and data, with no database and no web code: the server reads rows,
calls these functions and writes what they return. Rules as built: ``docs/league.md``.
The league names no game: it reads each game's :class:`~donjon.games.info.GameInfo` and
:class:`~donjon.games.league.GameLeague` (its event hook, challenges and badge cards)
from the game registry.

=================  ==============================================================
module             what it holds
=================  ==============================================================
``record``         :class:`FinishedGame` and :func:`counts` (bot games, aborts and
                   the abort window never count)
``elo``            ratings: start 1400, K 40 then 20, multi-player pairs
``ledger``         :class:`Movement`, balances, stakes, settlement, hat purchase
``daily``          daily bonus, the three daily challenges and their progress
``events``         the event vocabulary that feeds challenges and badges, and
                   the events of a finished game
``badges``         per-card badges, bronze / silver / gold at 1 / 10 / 50 plays
``hats``           the hat shop and the equip rule
``errors``         :class:`LeagueError` and its kinds (each with a ``code``)
=================  ==============================================================
"""

from donjon.league.errors import (
    AlreadyClaimed,
    AlreadyOwned,
    InsufficientCoins,
    InvalidRequest,
    LeagueError,
    NotComplete,
    NotOwned,
    UnknownItem,
)
from donjon.league.record import FinishedGame, counts, not_counted_reason

__all__ = [
    "AlreadyClaimed",
    "AlreadyOwned",
    "FinishedGame",
    "InsufficientCoins",
    "InvalidRequest",
    "LeagueError",
    "NotComplete",
    "NotOwned",
    "UnknownItem",
    "counts",
    "not_counted_reason",
]
