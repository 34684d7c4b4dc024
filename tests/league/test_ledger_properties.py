"""Property tests: random games, settlements (some twice), bonuses and purchases keep the
ledger consistent — balances are the ledger sums, never negative, keys unique, every settled
game zero-sum, and coins only come from grants, bonuses and rewards."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from donjon.league.daily import daily_bonus
from donjon.league.errors import AlreadyClaimed, AlreadyOwned, InsufficientCoins
from donjon.league.hats import HATS
from donjon.league.ledger import (
    Movement,
    balance,
    balances,
    buy_hat,
    check_ledger,
    escrow_stakes,
    opening_grant,
    settle_game,
)
from donjon.league.record import FinishedGame

ACCOUNTS = list(range(1, 6))
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


class Db:
    """A stand-in for the database: rows plus a unique index on ``key`` (a batch with a
    duplicate key is rolled back whole, as one transaction)."""

    def __init__(self) -> None:
        self.rows: list[Movement] = []
        self.index: set[str] = set()

    def write(self, batch: list[Movement]) -> bool:
        ks = [m.key for m in batch]
        if len(set(ks)) != len(ks) or self.index.intersection(ks):
            return False
        self.rows.extend(batch)
        self.index.update(ks)
        return True


class LedgerMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.db = Db()
        self.games: dict[str, tuple[tuple[int, ...], int]] = {}
        self.finished: dict[str, FinishedGame] = {}
        self.now = T0
        self.n = 0

    @initialize()
    def open_accounts(self) -> None:
        assert self.db.write([opening_grant(a) for a in ACCOUNTS])
        assert not self.db.write([opening_grant(1)])  # granted once

    @rule(seats=st.lists(st.sampled_from(ACCOUNTS), min_size=2, max_size=4, unique=True),
          stake=st.integers(0, 700))
    def start_game(self, seats: list[int], stake: int) -> None:
        self.n += 1
        gid = f"g{self.n}"
        short = [a for a in seats if balance(self.db.rows, a) < stake]
        before = list(self.db.rows)
        try:
            batch = escrow_stakes(self.db.rows, gid, seats, stake)
        except InsufficientCoins as e:
            assert short and e.params["account"] == short[0]
            assert self.db.rows == before
            return
        assert not short
        assert self.db.write(batch)
        self.games[gid] = (tuple(seats), stake)

    @precondition(lambda self: any(g not in self.finished for g in self.games))
    @rule(data=st.data(), status=st.sampled_from(["finished", "finished", "finished", "aborted"]),
          early=st.booleans())
    def finish_game(self, data: st.DataObject, status: str, early: bool) -> None:
        gid = data.draw(st.sampled_from(sorted(g for g in self.games if g not in self.finished)))
        seats, _ = self.games[gid]
        winners = data.draw(st.lists(st.integers(0, len(seats) - 1), max_size=len(seats), unique=True))
        game = FinishedGame(gid, "castel" if len(seats) > 2 else "unfairchess", seats=seats,
                            winners=tuple(sorted(winners)), status=status,
                            acted=tuple(0 if early and i == 0 else 5 for i in range(len(seats))))
        self.finished[gid] = game
        self.settle(gid)

    @precondition(lambda self: bool(self.finished))
    @rule(data=st.data())
    def settle(self, data: st.DataObject | str) -> None:
        """Settle a finished game again, or replay the same batch as a racing process."""
        gid = data if isinstance(data, str) else data.draw(st.sampled_from(sorted(self.finished)))
        game = self.finished[gid]
        batch = settle_game(self.db.rows, game)
        racing = list(batch)
        self.db.write(batch)
        assert settle_game(self.db.rows, game) == []
        assert not racing or not self.db.write(racing)  # the other process's insert hits the index

    @rule(account=st.sampled_from(ACCOUNTS), hat=st.sampled_from(sorted(HATS)))
    def buy(self, account: int, hat: str) -> None:
        before = list(self.db.rows)
        try:
            m = buy_hat(self.db.rows, account, hat)
        except (InsufficientCoins, AlreadyOwned):
            assert self.db.rows == before
            return
        assert balance(self.db.rows, account) >= HATS[hat].price
        assert self.db.write([m])

    @rule(account=st.sampled_from(ACCOUNTS), hours=st.integers(0, 40))
    def daily(self, account: int, hours: int) -> None:
        self.now += timedelta(hours=hours)
        try:
            m = daily_bonus(self.db.rows, account, self.now)
        except AlreadyClaimed:
            return
        assert self.db.write([m])

    @invariant()
    def consistent(self) -> None:
        rows = self.db.rows
        check_ledger(rows)  # unique keys, never negative in order
        assert all(v >= 0 for v in balances(rows).values())
        for a in ACCOUNTS:
            assert balance(rows, a) == sum(m.amount for m in rows if m.account == a)
        for gid in self.finished:
            assert sum(m.amount for m in rows if m.game_id == gid) == 0  # settled games are zero-sum
        minted = sum(m.amount for m in rows if m.reason in ("welcome", "daily", "challenge"))
        spent = -sum(m.amount for m in rows if m.reason == "hat")
        in_play = -sum(m.amount for m in rows if m.game_id is not None and m.game_id not in self.finished)
        assert sum(balances(rows).values()) == minted - spent - in_play


LedgerMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
TestLedger = LedgerMachine.TestCase
