"""Daily bonus once per UTC day; three deterministic daily challenges; progress from events."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import pytest

from donjon.games import get_game, register, unregister
from donjon.games.info import GameInfo
from donjon.games.league import GameLeague
from donjon.league.daily import (
    ANY_GAME,
    DAILY_BONUS,
    Challenge,
    bonus_due,
    catalogue,
    challenge_board,
    challenges_by_id,
    claim_challenge,
    daily_bonus,
    daily_challenges,
    last_bonus_day,
    progress,
    utc_day,
)
from donjon.league.errors import AlreadyClaimed, NotComplete, UnknownItem
from donjon.league.ledger import Movement, balance, opening_grant
from donjon.league.record import ALL_GAMES
from tests.fourth_game import ConnectFour

WITH_CHALLENGES = tuple(g for g in ALL_GAMES if get_game(g).league.challenges)
"""The games that declare challenges of their own (a game may declare none: Connect Four)."""

CHALLENGES = catalogue()
CHALLENGES_BY_ID = challenges_by_id()

NOON = datetime(2025, 6, 14, 12, 0, tzinfo=UTC)


def test_utc_day() -> None:
    assert utc_day(NOON) == date(2025, 6, 14)
    paris_night = datetime(2025, 6, 15, 1, 30, tzinfo=timezone(timedelta(hours=2)))  # 23:30 UTC the 14th
    assert utc_day(paris_night) == date(2025, 6, 14)
    assert utc_day(NOON.timestamp()) == date(2025, 6, 14)
    with pytest.raises(ValueError):
        utc_day(datetime(2025, 6, 14, 12, 0))


def test_bonus_due_once_per_utc_day() -> None:
    assert bonus_due(None, NOON)
    assert not bonus_due(date(2025, 6, 14), NOON)
    assert bonus_due(date(2025, 6, 13), NOON)
    last_second = datetime(2025, 6, 14, 23, 59, 59, tzinfo=UTC)
    assert not bonus_due(date(2025, 6, 14), last_second)
    assert bonus_due(date(2025, 6, 14), last_second + timedelta(seconds=1))  # midnight UTC, not 24 h later


def test_daily_bonus_twice_the_same_day_is_refused() -> None:
    ms = [opening_grant(7)]
    m = daily_bonus(ms, 7, NOON)
    assert (m.amount, m.reason, m.key) == (DAILY_BONUS, "daily", "daily:7:2025-06-14")
    ms.append(m)
    before = list(ms)
    with pytest.raises(AlreadyClaimed) as err:
        daily_bonus(ms, 7, NOON + timedelta(hours=11))
    assert "already claimed" in str(err.value) and err.value.code == "already_claimed"
    assert ms == before
    assert last_bonus_day(ms, 7) == date(2025, 6, 14)
    ms.append(daily_bonus(ms, 7, NOON + timedelta(hours=12)))  # the 15th
    assert balance(ms, 7) == 500 + 2 * DAILY_BONUS
    assert daily_bonus([], 8, NOON).key == "daily:8:2025-06-14"  # per account


def test_catalogue() -> None:
    assert len(CHALLENGES) >= 12
    assert len(CHALLENGES_BY_ID) == len(CHALLENGES)
    assert {c.game for c in CHALLENGES} >= set(WITH_CHALLENGES) >= {"unfairchess", "castel", "citadel"}
    for c in CHALLENGES:
        assert c.reward > 0 and c.target >= 1
        assert c.text_en and c.text_fr and c.text_en != c.text_fr
        assert c.measure in ("count", "sum", "max_per")


def test_challenges_are_deterministic_distinct_and_renewed() -> None:
    day = date(2025, 6, 14)
    three = daily_challenges(7, day)
    assert len(three) == 3 and len({c.id for c in three}) == 3
    assert daily_challenges(7, day) == three
    assert daily_challenges(7, NOON) == three  # a moment of that day
    assert daily_challenges(7, datetime(2025, 6, 14, 23, 59, tzinfo=UTC)) == three
    days = {tuple(c.id for c in daily_challenges(7, day + timedelta(days=i))) for i in range(30)}
    assert len(days) > 10  # renewed each day
    accounts = {tuple(c.id for c in daily_challenges(a, day)) for a in range(1, 31)}
    assert len(accounts) > 10  # and different between players


def test_every_player_has_a_challenge_for_any_single_game() -> None:
    for account in range(1, 20):
        for i in range(40):
            three = daily_challenges(account, date(2025, 1, 1) + timedelta(days=i))
            groups = [c.group for c in three]
            assert len(set(groups)) == 3
            for game in WITH_CHALLENGES:
                assert "any" in groups or game in groups


def test_every_challenge_is_drawn_sometimes() -> None:
    seen = {c.id for i in range(365) for c in daily_challenges(1, date(2025, 1, 1) + timedelta(days=i))}
    assert seen == set(CHALLENGES_BY_ID)
    # the four whose events only the engines know are drawn too
    assert {"uc_poisoned_capture", "castel_rampart_4", "castel_send_back_5", "citadel_switches_5"} <= seen


def test_the_challenges_cover_every_game() -> None:
    assert {c.game for c in CHALLENGES_BY_ID.values()} >= set(WITH_CHALLENGES)


def test_each_game_declares_its_own_challenges() -> None:
    from donjon.games import games
    from donjon.games.league import league_of

    own = [c for g in games() for c in league_of(g).challenges]
    assert list(CHALLENGES) == list(ANY_GAME) + own
    assert all(c.game is None for c in ANY_GAME)
    for g in games():
        assert all(c.game == g.id for c in league_of(g).challenges)
        if type(g).__module__.startswith("donjon.games."):
            assert league_of(g).challenges  # every built-in game has challenges


class _Connect4(ConnectFour):
    id = "fourinrow"
    info = GameInfo(id="fourinrow", names={"en": "Four in a row"}, min_seats=2, max_seats=2, default_seats=2)
    league = GameLeague(challenges=(Challenge("c4_win", "fourinrow", "game_won", 1, 50, "Win four in a row",
                                              "Gagne au quatre en ligne"),))


def test_a_registered_game_brings_its_challenges_into_the_draw() -> None:
    from donjon.league import record

    get_game("unfairchess")  # the built-in games first
    register(_Connect4())
    try:
        assert "c4_win" in challenges_by_id() and "fourinrow" in record.ALL_GAMES
        days = [daily_challenges(1, date(2025, 1, 1) + timedelta(days=i)) for i in range(200)]
        assert any(c.id == "c4_win" for three in days for c in three)
        assert all(len({c.group for c in three}) == 3 for three in days)
    finally:
        unregister("fourinrow")
    assert "c4_win" not in challenges_by_id() and "fourinrow" not in record.ALL_GAMES


class _Liar(ConnectFour):
    id = "liar"
    info = GameInfo(id="liar", names={"en": "Liar"}, min_seats=2, max_seats=2, default_seats=2)
    league = GameLeague(challenges=(Challenge("liar_win", "castel", "game_won", 1, 50, "x", "y"),))


def test_the_catalogue_refuses_a_challenge_of_another_game() -> None:
    get_game("unfairchess")
    register(_Liar())
    try:
        with pytest.raises(ValueError, match="liar_win"):
            catalogue()
    finally:
        unregister("liar")


def ev(kind: str, game: str = "unfairchess", gid: str = "g1", **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "game": game, "game_id": gid, **fields}


COMPLETING: dict[str, list[dict[str, Any]]] = {
    "win_ranked": [ev("game_won", "castel", ranked=True)],
    "play_3_games": [ev("game_played", g, f"g{i}", ranked=False) for i, g in enumerate(ALL_GAMES[:3])],
    "win_2_games": [ev("game_won", gid="a", ranked=False), ev("game_won", "citadel", "b", ranked=False)],
    "uc_rare_3": [ev("card_played", card="exil", rarity="rare")] * 3,
    "uc_legendary": [ev("card_played", card="frappe_celeste", rarity="legendary")],
    "uc_poisoned_capture": [ev("capture", poisoned=True, piece="n")],
    "uc_win_no_card": [ev("game_won", ranked=False, reason="checkmate", cards_played=0)],
    "uc_checkmate": [ev("game_won", ranked=True, reason="checkmate", cards_played=4)],
    "uc_cards_10": [ev("card_played", card="poison", rarity="common")] * 10,
    "castel_rampart_4": [ev("card_played", "castel", card="soldat", zone="rampart", rampart="N")] * 4,
    "castel_win": [ev("game_won", "castel", ranked=False)],
    "castel_send_back_5": [ev("send_back", "castel", count=3), ev("send_back", "castel", count=2)],
    "castel_knight_2": [ev("card_played", "castel", card="chevalier", zone="any")] * 2,
    "citadel_treasures_2": [ev("treasure_saved", "citadel")] * 2,
    "citadel_win": [ev("game_won", "citadel", ranked=False)],
    "citadel_switches_5": [ev("switch_off", "citadel", count=1)] * 5,
}


@pytest.mark.parametrize("cid", sorted(CHALLENGES_BY_ID))
def test_progress_reaches_the_target(cid: str) -> None:
    ch = CHALLENGES_BY_ID[cid]
    events = COMPLETING[cid]
    assert progress(ch, events) == ch.target
    assert progress(ch, events * 3) == ch.target  # capped
    assert progress(ch, events[:-1]) < ch.target or ch.measure == "sum"
    assert progress(ch, []) == 0


def test_progress_ignores_other_games_and_fields() -> None:
    rare = CHALLENGES_BY_ID["uc_rare_3"]
    assert progress(rare, [ev("card_played", card="exil", rarity="rare"), ev("card_played", card="poison",
                    rarity="common"), ev("card_played", "castel", card="roi")]) == 1
    ranked = CHALLENGES_BY_ID["win_ranked"]
    assert progress(ranked, [ev("game_won", ranked=False), ev("game_played", ranked=True)]) == 0
    no_card = CHALLENGES_BY_ID["uc_win_no_card"]
    assert progress(no_card, [ev("game_won", ranked=True, cards_played=1)]) == 0


def test_rampart_counts_one_rampart_of_one_game() -> None:
    ch = CHALLENGES_BY_ID["castel_rampart_4"]
    soldier = {"card": "soldat", "zone": "rampart"}
    spread = [ev("card_played", "castel", rampart=r, **soldier) for r in "NNNEEE"]
    assert progress(ch, spread) == 3
    two_games = [ev("card_played", "castel", gid, rampart="N", **soldier) for gid in ("a", "a", "b", "b")]
    assert progress(ch, two_games) == 2
    captain = [ev("card_played", "castel", rampart="N", card="capitaine", zone="rampart")]
    assert progress(ch, spread[:3] + captain) == 3


def today_challenge(account: int) -> Challenge:
    return daily_challenges(account, NOON)[0]


def test_claim_a_completed_challenge_once() -> None:
    ch = today_challenge(7)
    ms = [opening_grant(7)]
    with pytest.raises(NotComplete) as err:
        claim_challenge(ms, 7, ch.id, [], NOON)
    assert f"0/{ch.target}" in str(err.value)
    m = claim_challenge(ms, 7, ch.id, COMPLETING[ch.id], NOON)
    assert (m.amount, m.reason, m.key, m.ref) == (ch.reward, "challenge", f"challenge:7:2025-06-14:{ch.id}", ch.id)
    ms.append(m)
    with pytest.raises(AlreadyClaimed):
        claim_challenge(ms, 7, ch.id, COMPLETING[ch.id], NOON)


def test_claim_refuses_challenges_not_of_today() -> None:
    todays = {c.id for c in daily_challenges(7, NOON)}
    other = next(c for c in CHALLENGES if c.id not in todays)
    with pytest.raises(UnknownItem):
        claim_challenge([], 7, other.id, COMPLETING[other.id], NOON)
    with pytest.raises(UnknownItem):
        claim_challenge([], 7, "fly_to_the_moon", [], NOON)


def test_challenge_board() -> None:
    ch = today_challenge(7)
    rows = challenge_board([], 7, COMPLETING[ch.id], NOON)
    assert [r["id"] for r in rows] == [c.id for c in daily_challenges(7, NOON)]
    first = rows[0]
    assert first["progress"] == ch.target and first["claimable"] and not first["claimed"]
    claimed: list[Movement] = [claim_challenge([], 7, ch.id, COMPLETING[ch.id], NOON)]
    rows = challenge_board(claimed, 7, COMPLETING[ch.id], NOON)
    assert rows[0]["claimed"] and not rows[0]["claimable"]
    assert {"text_en", "text_fr", "reward", "target", "day"} <= set(rows[0])
