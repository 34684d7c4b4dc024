"""The balance helper a later bench calls: win rates per difficulty from seeded team games."""

from __future__ import annotations

from donjon.games.citadel.balance import eager_policy, play, random_policy, win_rates


def test_win_rates_per_difficulty_are_reproducible() -> None:
    a = win_rates(games=6, players=2, seed=3)
    b = win_rates(games=6, players=2, seed=3)
    assert sorted(a) == ["easy", "hard", "normal"]
    for diff in a:
        assert a[diff]["games"] == 6 and 0.0 <= a[diff]["win_rate"] <= 1.0 and a[diff]["unfinished"] == 0
        assert {k: v for k, v in a[diff].items() if k != "seconds"} == {k: v for k, v in b[diff].items() if k != "seconds"}


def test_one_game_reports_its_result() -> None:
    r = play(3, "hard", 11, eager_policy)
    assert r["won"] in (True, False)
    assert r["saved"] == 4 or r["lost"] == 4
    assert r["turns"] >= 1


def test_a_custom_policy_is_used() -> None:
    calls = []

    def spy(game, state, seat, rng):  # type: ignore[no-untyped-def]
        calls.append(state.phase)
        return random_policy(game, state, seat, rng)

    win_rates(games=1, players=1, difficulties=["easy"], policy=spy)
    assert calls and calls[0] == "choose"
