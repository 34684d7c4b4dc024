"""The coin ledger as pure functions over a list of movements.

Every coin movement is one :class:`Movement` (one ledger row). A balance is the sum of an
account's movements; nothing else stores coins. The functions here read the movements
already written and return the movements to write, or raise a
:class:`~donjon.league.errors.LeagueError` (then nothing is to be written).

**Idempotence by construction.** Every movement carries a ``key`` that names the fact it
records (``"stake:g42:7"`` = account 7's stake in game g42). The same fact always gets the
same key, and the database holds a unique index on ``key``: when two server processes
settle the same game at the same moment, both compute the same rows, the second insert
violates the index and its transaction is rolled back. The functions also skip a
movement whose key is already in the movements they are given, so settling twice
returns nothing the second time.

Keys (``{day}`` is an ISO date, ``YYYY-MM-DD``):

======================================  ===========  =========================================
key                                     reason       movement
======================================  ===========  =========================================
``welcome:{account}``                   welcome      +500 opening grant, once per account
``stake:{game_id}:{account}``           stake        −stake escrowed when the game starts
``settle:{game_id}:{account}``          win/refund   pot share to a winner, or stake back
``daily:{account}:{day}``               daily        daily bonus (see :mod:`.daily`)
``challenge:{account}:{day}:{id}``      challenge    a challenge reward (see :mod:`.daily`)
``hat:{account}:{hat_id}``              hat          −price of a hat: each hat is bought once
======================================  ===========  =========================================

**Never negative.** Only stakes and hat purchases take coins, and both are refused when
the amount exceeds the balance; everything else adds coins. (With concurrent requests
the server must check and insert in one transaction that locks the account, e.g. ``SELECT
… FOR UPDATE`` on the user row, so two requests cannot both spend the same coins.)

    >>> ms = [opening_grant(7), opening_grant(8)]
    >>> ms += escrow_stakes(ms, "g1", [7, 8], 100)
    >>> balance(ms, 7)
    400
    >>> g = FinishedGame("g1", "chess", seats=(7, 8), winners=(1,), acted=(20, 20))
    >>> out = settle_game(ms, g)
    >>> [(m.account, m.amount, m.reason) for m in out]
    [(8, 200, 'win')]
    >>> settle_game(ms + out, g)
    []
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from donjon.league.errors import AlreadyOwned, InsufficientCoins, InvalidRequest
from donjon.league.hats import get_hat
from donjon.league.record import FinishedGame, counts
from donjon.league.refusals import say

OPENING_GRANT = 500
"""Coins of every new account."""

WELCOME = "welcome"
STAKE = "stake"
WIN = "win"
REFUND = "refund"
DAILY = "daily"
CHALLENGE = "challenge"
HAT = "hat"
REASONS: tuple[str, ...] = (WELCOME, STAKE, WIN, REFUND, DAILY, CHALLENGE, HAT)
"""Every ``Movement.reason`` (the names the store already uses for the first four)."""


@dataclass(frozen=True)
class Movement:
    """One ledger row: ``amount`` coins (negative when taken) on ``account`` for ``reason``.

    ``key`` is unique in the whole ledger (see the module text). ``game_id`` is set for
    stakes and settlements; ``ref`` names the item for hats and challenges (hat id,
    challenge id), so that ownership can be read back from the ledger."""

    account: int
    amount: int
    reason: str
    key: str
    game_id: str | None = None
    ref: str | None = None

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"unknown ledger reason {self.reason!r}")
        if not self.key:
            raise ValueError("a movement needs a key")


# --------------------------------------------------------------------------- reading


def balance(movements: Iterable[Movement], account: int) -> int:
    """Coins of ``account``: the sum of its movements."""
    return sum(m.amount for m in movements if m.account == account)


def balances(movements: Iterable[Movement]) -> dict[int, int]:
    """Coins of every account that has a movement."""
    out: dict[int, int] = defaultdict(int)
    for m in movements:
        out[m.account] += m.amount
    return dict(out)


def keys(movements: Iterable[Movement]) -> set[str]:
    return {m.key for m in movements}


def owned_hats(movements: Iterable[Movement], account: int) -> set[str]:
    """Hat ids ``account`` has bought."""
    return {m.ref for m in movements if m.account == account and m.reason == HAT and m.ref}


def escrowed(movements: Iterable[Movement], game_id: str) -> dict[int, int]:
    """Coins each account has in escrow for ``game_id`` (its stake movements, as positive)."""
    out: dict[int, int] = defaultdict(int)
    for m in movements:
        if m.game_id == game_id and m.reason == STAKE:
            out[m.account] -= m.amount
    return {a: c for a, c in out.items() if c}


def check_ledger(movements: Sequence[Movement]) -> None:
    """Raise ``AssertionError`` unless keys are unique and, replayed in order, no balance
    ever goes below zero. A consistency check for tests and audits."""
    seen: set[str] = set()
    running: dict[int, int] = defaultdict(int)
    for m in movements:
        assert m.key not in seen, f"duplicate ledger key {m.key}"
        seen.add(m.key)
        running[m.account] += m.amount
        assert running[m.account] >= 0, f"account {m.account} goes negative at {m.key}"


# --------------------------------------------------------------------------- writing


def opening_key(account: int) -> str:
    return f"{WELCOME}:{account}"


def opening_grant(account: int, amount: int = OPENING_GRANT) -> Movement:
    """The +500 of a new account (key ``welcome:{account}``: granted once)."""
    return Movement(account, amount, WELCOME, opening_key(account))


def stake_key(game_id: str, account: int) -> str:
    return f"{STAKE}:{game_id}:{account}"


def settle_key(game_id: str, account: int) -> str:
    return f"settle:{game_id}:{account}"


def check_stake(movements: Iterable[Movement], account: int, stake: int) -> None:
    """Refuse (:class:`InsufficientCoins`) a seat at a table whose stake exceeds the balance."""
    if stake < 0:
        raise InvalidRequest("a stake cannot be negative", stake=stake)
    have = balance(movements, account)
    if stake > have:
        raise InsufficientCoins.stake(account, balance=have, stake=stake)


def escrow_stakes(movements: Sequence[Movement], game_id: str, accounts: Sequence[int], stake: int, *,
                  vs_bot: bool = False) -> list[Movement]:
    """The stake movements of a game that starts: ``-stake`` from every seated account.

    All or nothing: if any account cannot cover the stake, :class:`InsufficientCoins`
    names the first one and no movement is returned. A stake of 0 escrows nothing; a
    table with a bot must have stake 0 (``vs_bot=True`` with a stake is refused). Accounts
    whose stake for this game is already written are skipped (escrowing twice is a no-op).
    """
    if stake < 0:
        raise InvalidRequest("a stake cannot be negative", stake=stake)
    if len(set(accounts)) != len(accounts):
        raise InvalidRequest("an account may hold only one seat of a game", game_id=game_id)
    if stake == 0:
        return []
    if vs_bot:
        raise InvalidRequest("a table with a bot has stake 0: games against the bot never count",
                             stake=stake)
    done = keys(movements)
    out = []
    for a in accounts:
        key = stake_key(game_id, a)
        if key in done:
            continue
        check_stake(movements, a, stake)
        out.append(Movement(a, -stake, STAKE, key, game_id=game_id))
    return out


def settle_game(movements: Sequence[Movement], game: FinishedGame) -> list[Movement]:
    """The movements that settle the stakes of a finished game (empty if nothing to do).

    The stakes are read back from the ledger (:func:`escrowed`), so the settlement pays out
    exactly what was escrowed, never more:

    * the game counts and has winners who are not everyone: each winner gets their own
      stake back plus an equal share of the losers' stakes (reason ``win``); when the pot
      does not divide evenly, the spare coins go one each to the winners in seat order;
      losers get nothing (their stake is already gone);
    * otherwise — a draw, an abort, an abandoned game, a game inside the abort window, a
      game with a bot, a cooperative game, or a game everyone won — every stake goes back
      to its owner (reason ``refund``).

    Each movement has key ``settle:{game_id}:{account}``; keys already present are
    skipped, so a second settlement returns ``[]``."""
    pot = escrowed(movements, game.game_id)
    if not pot:
        return []
    out: list[Movement] = []
    winners = [a for a in game.winner_accounts if a in pot]
    if counts(game) and not game.cooperative and game.decisive and winners:
        losers_pot = sum(c for a, c in pot.items() if a not in winners)
        share, spare = divmod(losers_pot, len(winners))
        for i, a in enumerate(winners):
            out.append(Movement(a, pot[a] + share + (1 if i < spare else 0), WIN,
                                settle_key(game.game_id, a), game_id=game.game_id))
    else:
        order = [a for a in game.accounts if a in pot] + sorted(a for a in pot if a not in game.accounts)
        for a in order:
            out.append(Movement(a, pot[a], REFUND, settle_key(game.game_id, a), game_id=game.game_id))
    done = keys(movements)
    return [m for m in out if m.key not in done]


def hat_key(account: int, hat_id: str) -> str:
    return f"{HAT}:{account}:{hat_id}"


def buy_hat(movements: Iterable[Movement], account: int, hat_id: str) -> Movement:
    """The movement that buys hat ``hat_id`` for ``account`` (``-price``, key ``hat:{account}:{hat_id}``).

    Raises :class:`UnknownItem` for a hat not in the shop, :class:`AlreadyOwned` when the
    account has it, :class:`InsufficientCoins` when the price is above the balance."""
    hat = get_hat(hat_id)
    ms = list(movements)
    if hat_id in owned_hats(ms, account):
        raise AlreadyOwned(say("hat_owned", hat=hat.name), hat=hat_id)
    have = balance(ms, account)
    if hat.price > have:
        raise InsufficientCoins(account, balance=have, needed=hat.price,
                                what=say("hat_price", hat=hat.name, price=hat.price))
    return Movement(account, -hat.price, HAT, hat_key(account, hat_id), ref=hat_id)
