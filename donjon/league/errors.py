"""Errors of the league rules.

Every refusal is a :class:`LeagueError`: ``str(err)`` is an English sentence meant for a
person (``err.message`` renders it in any language of the site, :mod:`donjon.league.refusals`),
``err.code`` a stable machine-readable word the server can map to an HTTP status
or a translated message, and ``err.params`` the numbers in the sentence. A function that
raises never returned anything to write, so *nothing changed*.

    >>> err = InsufficientCoins(7, balance=40, needed=100, what="a stake of 100 coins")
    >>> str(err)
    'a stake of 100 coins is above your balance of 40 coins'
    >>> err.code, err.params["needed"]
    ('insufficient_coins', 100)
"""

from __future__ import annotations

from typing import Any

from donjon.league.refusals import say
from donjon.said import Reason


class LeagueError(ValueError):
    """A league rule refused a request; nothing was changed.

    Each kind of refusal is a subclass that names its code in its header,
    ``class NotOwned(LeagueError, code="not_owned")``: a subclass without one is an error.
    """

    code = "league_error"

    def __init_subclass__(cls, *, code: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.code = code

    def __init__(self, message: Reason, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


class InsufficientCoins(LeagueError, code="insufficient_coins"):
    """A stake or a price is above the account's balance."""

    def __init__(self, account: int, *, balance: int, needed: int, what: Reason) -> None:
        super().__init__(say("above_balance", what=what, balance=balance),
                         account=account, balance=balance, needed=needed)

    @classmethod
    def stake(cls, account: int, *, balance: int, stake: int) -> InsufficientCoins:
        """A stake of ``stake`` coins above ``balance``."""
        return cls(account, balance=balance, needed=stake, what=say("a_stake", stake=stake))


class AlreadyOwned(LeagueError, code="already_owned"):
    """The hat is already in the account's collection."""


class NotOwned(LeagueError, code="not_owned"):
    """Equipping a hat the account does not own."""


class UnknownItem(LeagueError, code="unknown_item"):
    """An id that is not in a catalogue (hat, challenge)."""


class AlreadyClaimed(LeagueError, code="already_claimed"):
    """A once-only reward (daily bonus, challenge reward) was already taken."""


class NotComplete(LeagueError, code="not_complete"):
    """A challenge reward claimed before its target is reached."""


class InvalidRequest(LeagueError, code="invalid_request"):
    """Malformed input: a negative stake, a stake on a bot table, duplicated seats..."""
