"""What the league needs to know about a finished game, and whether it counts.

The server builds one :class:`FinishedGame` from its game row, seats and outcome, and
passes it to the coin settlement (:func:`donjon.league.ledger.settle_game`) and to the
rating update (:func:`donjon.league.elo.rate_game`).

A game **counts** (for Elo, coins, challenge progress and badges) only when

* no seat was held by a bot when the game started — *games against the bot never count*.
  A bot that takes over the seat of a player who left a game of three or more does not
  change this: the seat still belongs to the player who left;
* it was not aborted or abandoned (``status == "finished"``);
* it left the **abort window**: every seat made at least one game action. While some seat
  has not acted yet the server lets a player abort, and a game that ends in that window
  (a resignation on move one, a forfeit before playing) is treated like an abort.

    >>> g = FinishedGame("g1", "chess", seats=(7, 8), winners=(0,), acted=(12, 11))
    >>> counts(g), g.winner_accounts
    (True, (7,))
    >>> not_counted_reason(FinishedGame("g2", "chess", seats=(7, None), winners=(0,), acted=(3, 3)))
    'bot'

What the league knows of each game comes from its :class:`~donjon.games.info.GameInfo`
in the game registry (:mod:`donjon.games`): whether it is cooperative and whether it is
rated. A game id the registry does not know gets ``GameInfo``'s defaults (competitive and
rated). :func:`all_games`, :func:`cooperative_games`, :func:`competitive_games` and
:func:`rated_games` list the registered games; ``ALL_GAMES``, ``COOPERATIVE_GAMES``,
``COMPETITIVE_GAMES`` and ``RATED_GAMES`` give the same, read from the registry when the
name is looked up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from donjon.games.info import GameInfo

    ALL_GAMES: tuple[str, ...]
    COOPERATIVE_GAMES: frozenset[str]
    COMPETITIVE_GAMES: frozenset[str]
    RATED_GAMES: frozenset[str]


def _infos() -> list[GameInfo]:
    from donjon.games import games

    return [g.info for g in games()]


def game_info(game: str) -> GameInfo | None:
    """The registered :class:`~donjon.games.info.GameInfo` of ``game``, ``None`` if unknown."""
    from donjon.games import get_info

    try:
        return get_info(game)
    except KeyError:
        return None


def all_games() -> tuple[str, ...]:
    """Every registered game, in the registry's order."""
    return tuple(i.id for i in _infos())


def cooperative_games() -> frozenset[str]:
    """Games whose players win or lose together: no Elo, and stakes are always returned."""
    return frozenset(i.id for i in _infos() if i.cooperative)


def competitive_games() -> frozenset[str]:
    """Games that may be played ranked and for coins."""
    return frozenset(i.id for i in _infos() if i.competitive)


def rated_games() -> frozenset[str]:
    """Games whose ranked games change the players' Elo."""
    return frozenset(i.id for i in _infos() if i.rated)


_LISTS = {"ALL_GAMES": all_games, "COOPERATIVE_GAMES": cooperative_games, "COMPETITIVE_GAMES": competitive_games,
          "RATED_GAMES": rated_games}


def __getattr__(name: str) -> Any:
    if name in _LISTS:
        return _LISTS[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class FinishedGame:
    """A game at its end, as the league sees it.

    ``seats`` gives the account id of each seat, ``None`` for a seat a bot held when the
    game started. ``winners`` are **seat numbers**, exactly ``Outcome.winners``. ``status``
    is the server's final status (``"finished"``, ``"aborted"``, ``"abandoned"``).
    ``acted`` gives the number of game actions of each seat (``Match.acted``); when it is
    empty, ``plies`` (total game actions) must reach the number of seats instead, and when
    both are missing the abort window is not checked.
    ``ranks`` optionally gives a final ranking (1 = best, ties share a rank) for a game
    of three or more; without it the winners share rank 1 and everyone else rank 2.
    """

    game_id: str
    game: str
    seats: tuple[int | None, ...]
    winners: tuple[int, ...] = ()
    status: str = "finished"
    acted: tuple[int, ...] = ()
    plies: int | None = None
    ranked: bool = False
    ranks: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        n = len(self.seats)
        if not self.game_id:
            raise ValueError("a finished game needs its game id")
        if any(not 0 <= s < n for s in self.winners):
            raise ValueError(f"winner seats {self.winners} out of range for {n} seats")
        if self.acted and len(self.acted) != n:
            raise ValueError("acted must give one count per seat")
        if self.ranks and len(self.ranks) != n:
            raise ValueError("ranks must give one rank per seat")
        humans = [a for a in self.seats if a is not None]
        if len(set(humans)) != len(humans):
            raise ValueError("an account may hold only one seat of a game")

    @property
    def vs_bot(self) -> bool:
        """A bot held a seat when the game started."""
        return any(a is None for a in self.seats)

    @property
    def accounts(self) -> tuple[int, ...]:
        """The human accounts, in seat order."""
        return tuple(a for a in self.seats if a is not None)

    @property
    def winner_accounts(self) -> tuple[int, ...]:
        """Accounts of the winning seats (bot seats left out), in seat order."""
        return tuple(a for s, a in enumerate(self.seats) if s in self.winners and a is not None)

    @property
    def cooperative(self) -> bool:
        """The game's players win or lose together (``GameInfo.cooperative``)."""
        info = game_info(self.game)
        return info is not None and info.cooperative

    @property
    def rated(self) -> bool:
        """A ranked game of this game changes the players' Elo (``GameInfo.rated``)."""
        info = game_info(self.game)
        return info is None or info.rated

    @property
    def decisive(self) -> bool:
        """Some but not all seats won: coins change hands and ratings move by result."""
        return 0 < len(set(self.winners)) < len(self.seats)

    def seat_ranks(self) -> tuple[int, ...]:
        """Final rank of each seat, 1 = best, ties share a rank.

        ``ranks`` when given; otherwise winners 1 and the others 2 (no winner: everyone 1,
        which is a draw between all)."""
        if self.ranks:
            return self.ranks
        if not self.winners:
            return tuple(1 for _ in self.seats)
        return tuple(1 if s in self.winners else 2 for s in range(len(self.seats)))


def not_counted_reason(game: FinishedGame) -> str | None:
    """Why ``game`` does not count, or ``None`` when it counts.

    One of ``"bot"`` (a bot was seated at the start), ``"aborted"`` or ``"abandoned"``
    (its status; any status other than ``"finished"`` counts as ``"aborted"``),
    ``"abort_window"`` (some seat never acted)."""
    if game.vs_bot:
        return "bot"
    if game.status != "finished":
        return game.status if game.status in ("aborted", "abandoned") else "aborted"
    if game.acted:
        if min(game.acted) < 1:
            return "abort_window"
    elif game.plies is not None and game.plies < len(game.seats):
        return "abort_window"
    return None


def counts(game: FinishedGame) -> bool:
    """True when ``game`` counts for Elo, coins, challenge progress and badges."""
    return not_counted_reason(game) is None
