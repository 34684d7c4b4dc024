"""The coin ledger: stakes, settlement (idempotent), refunds, bot games, hats, invariants."""

from __future__ import annotations

import pytest

from donjon.league.errors import AlreadyOwned, InsufficientCoins, InvalidRequest, UnknownItem
from donjon.league.hats import HATS
from donjon.league.ledger import (
    OPENING_GRANT,
    Movement,
    balance,
    balances,
    buy_hat,
    check_ledger,
    check_stake,
    escrow_stakes,
    escrowed,
    opening_grant,
    owned_hats,
    settle_game,
)
from donjon.league.record import FinishedGame


def fresh(*accounts: int) -> list[Movement]:
    return [opening_grant(a) for a in accounts]


def started(stake: int, *accounts: int, game_id: str = "g1") -> list[Movement]:
    ms = fresh(*accounts)
    return ms + escrow_stakes(ms, game_id, list(accounts), stake)


def test_opening_grant_is_500_once() -> None:
    m = opening_grant(7)
    assert (m.account, m.amount, m.reason, m.key) == (7, 500, "welcome", "welcome:7")
    assert OPENING_GRANT == 500
    assert opening_grant(7).key == m.key  # the same fact, the same key: the DB writes it once


def test_movement_checks_reason_and_key() -> None:
    with pytest.raises(ValueError):
        Movement(1, 5, "gift", "k")
    with pytest.raises(ValueError):
        Movement(1, 5, "win", "")


def test_escrow_takes_the_stake_from_every_seat() -> None:
    ms = started(120, 7, 8)
    assert balances(ms) == {7: 380, 8: 380}
    assert escrowed(ms, "g1") == {7: 120, 8: 120}
    stakes = [m for m in ms if m.reason == "stake"]
    assert [(m.key, m.amount, m.game_id) for m in stakes] == [("stake:g1:7", -120, "g1"), ("stake:g1:8", -120, "g1")]
    assert escrow_stakes(ms, "g1", [7, 8], 120) == []  # escrowing again writes nothing


def test_stake_above_balance_is_refused_with_a_clear_error_and_nothing_changes() -> None:
    ms = fresh(7, 8)
    ms += [Movement(8, -450, "hat", "hat:8:x", ref="x")]  # 8 has 50 left
    before = list(ms)
    with pytest.raises(InsufficientCoins) as err:
        escrow_stakes(ms, "g1", [7, 8], 100)
    assert str(err.value) == "a stake of 100 coins is above your balance of 50 coins"
    assert err.value.code == "insufficient_coins"
    assert err.value.params == {"account": 8, "balance": 50, "needed": 100}
    assert ms == before
    with pytest.raises(InsufficientCoins):
        check_stake(ms, 8, 51)
    check_stake(ms, 8, 50)  # exactly the balance is fine


def test_stake_rules_for_zero_negative_bot_and_duplicate_seats() -> None:
    ms = fresh(7, 8)
    assert escrow_stakes(ms, "g1", [7, 8], 0) == []
    with pytest.raises(InvalidRequest):
        escrow_stakes(ms, "g1", [7, 8], -5)
    with pytest.raises(InvalidRequest, match="bot"):
        escrow_stakes(ms, "g1", [7], 10, vs_bot=True)
    assert escrow_stakes(ms, "g1", [7], 0, vs_bot=True) == []
    with pytest.raises(InvalidRequest):
        escrow_stakes(ms, "g1", [7, 7], 10)


def test_winner_takes_the_losers_stake_once() -> None:
    ms = started(100, 7, 8)
    g = FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(0,), acted=(30, 29))
    out = settle_game(ms, g)
    assert [(m.account, m.amount, m.reason, m.key) for m in out] == [(7, 200, "win", "settle:g1:7")]
    ms += out
    assert balances(ms) == {7: 600, 8: 400}
    assert settle_game(ms, g) == []  # idempotent: a second settlement writes nothing
    check_ledger(ms)


def test_two_processes_settling_at_once_write_the_same_keys() -> None:
    ms = started(100, 7, 8)
    g = FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(1,), acted=(30, 30))
    assert settle_game(ms, g) == settle_game(list(ms), g)  # identical rows: the unique key keeps one


@pytest.mark.parametrize("game", [
    FinishedGame("g1", "unfairchess", seats=(7, 8), acted=(30, 30)),  # draw
    FinishedGame("g1", "unfairchess", seats=(7, 8), status="aborted", acted=(1, 0)),
    FinishedGame("g1", "unfairchess", seats=(7, 8), status="abandoned", acted=(4, 4)),
    FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(0,), acted=(1, 0)),  # resigned in the abort window
    FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(0,), plies=1),
    FinishedGame("g1", "citadel", seats=(7, 8), winners=(0, 1), acted=(9, 9)),  # cooperative win
    FinishedGame("g1", "citadel", seats=(7, 8), acted=(9, 9)),  # cooperative loss
], ids=["draw", "aborted", "abandoned", "abort-window", "abort-window-plies", "coop-win", "coop-loss"])
def test_no_decision_returns_every_stake(game: FinishedGame) -> None:
    ms = started(100, 7, 8)
    out = settle_game(ms, game)
    assert [(m.account, m.amount, m.reason) for m in out] == [(7, 100, "refund"), (8, 100, "refund")]
    ms += out
    assert balances(ms) == {7: 500, 8: 500}
    assert settle_game(ms, game) == []


def test_bot_games_never_count() -> None:
    ms = fresh(7)
    with pytest.raises(InvalidRequest):
        escrow_stakes(ms, "g1", [7], 50, vs_bot=True)
    g = FinishedGame("g1", "unfairchess", seats=(7, None), winners=(0,), acted=(30, 30))
    assert settle_game(ms, g) == []
    # even if a stake had been escrowed by mistake, a bot game gives it back, no win
    ms += [Movement(7, -50, "stake", "stake:g1:7", game_id="g1")]
    assert [(m.amount, m.reason) for m in settle_game(ms, g)] == [(50, "refund")]


def test_castel_shared_win_splits_the_pot_without_losing_a_coin() -> None:
    ms = started(5, 1, 2, 3)
    g = FinishedGame("g1", "castel", seats=(1, 2, 3), winners=(0, 2), acted=(8, 8, 8))
    out = settle_game(ms, g)
    assert [(m.account, m.amount) for m in out] == [(1, 8), (3, 7)]  # 5 back each, the loser's 5 split 3 + 2
    assert sum(m.amount for m in out) == 15


def test_four_player_castel_single_winner() -> None:
    ms = started(40, 1, 2, 3, 4)
    g = FinishedGame("g1", "castel", seats=(1, 2, 3, 4), winners=(3,), acted=(8, 8, 8, 7))
    out = settle_game(ms, g)
    assert [(m.account, m.amount) for m in out] == [(4, 160)]
    assert balances(ms + out) == {1: 460, 2: 460, 3: 460, 4: 620}


def test_stake_zero_game_settles_nothing() -> None:
    ms = fresh(7, 8)
    assert settle_game(ms, FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(0,), acted=(9, 9))) == []


def test_buy_hat() -> None:
    ms = fresh(7)
    m = buy_hat(ms, 7, "beret")
    assert (m.amount, m.reason, m.key, m.ref) == (-HATS["beret"].price, "hat", "hat:7:beret", "beret")
    ms.append(m)
    assert owned_hats(ms, 7) == {"beret"} and owned_hats(ms, 8) == set()
    assert balance(ms, 7) == 500 - HATS["beret"].price


def test_buy_hat_refusals_change_nothing() -> None:
    ms = fresh(7) + [Movement(7, -480, "stake", "stake:g9:7", game_id="g9")]  # 20 coins left
    before = list(ms)
    with pytest.raises(InsufficientCoins) as err:
        buy_hat(ms, 7, "crown")
    assert str(err.value) == "the Golden crown costs 1000 coins, which is above your balance of 20 coins"
    with pytest.raises(UnknownItem):
        buy_hat(ms, 7, "sombrero")
    rich = fresh(7)
    rich.append(buy_hat(rich, 7, "beret"))
    with pytest.raises(AlreadyOwned) as owned:
        buy_hat(rich, 7, "beret")
    assert owned.value.code == "already_owned"
    assert ms == before


def test_check_ledger_catches_duplicates_and_overdrafts() -> None:
    with pytest.raises(AssertionError, match="duplicate"):
        check_ledger([opening_grant(1), opening_grant(1)])
    with pytest.raises(AssertionError, match="negative"):
        check_ledger([Movement(1, -5, "hat", "hat:1:x", ref="x")])
