"""Elo: known values, the K schedule, multi-player pairs, rounding and conservation."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from donjon.league.elo import (
    K_ESTABLISHED,
    K_PROVISIONAL,
    START_RATING,
    Rating,
    expected_score,
    is_provisional,
    k_factor,
    ranks_from_scores,
    rate_game,
    round_half_away,
    update_pair,
    update_ranking,
)
from donjon.league.record import FinishedGame

EST = 30  # games of an established player


def test_start_and_constants() -> None:
    r = Rating()
    assert (r.value, r.games, r.provisional, r.k) == (1400, 0, True, 40)
    assert START_RATING == 1400 and K_PROVISIONAL == 40 and K_ESTABLISHED == 20


@pytest.mark.parametrize(("a", "b", "e"), [
    (1400, 1400, 0.5),
    (1600, 1400, 0.7597469266479578),
    (1400, 1600, 0.2402530733520421),
    (1800, 1400, 0.9090909090909091),
    (2000, 1400, 0.9693465699682844),
])
def test_expected_score_known_values(a: int, b: int, e: float) -> None:
    assert expected_score(a, b) == pytest.approx(e, abs=1e-12)
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1.0)


def test_first_game_win_with_k40_is_plus_minus_20() -> None:
    a, b = update_pair(Rating(), Rating(), 1.0)
    assert (a.delta, b.delta) == (20, -20)
    assert (a.after, b.after) == (Rating(1420, 1), Rating(1380, 1))
    assert a.k == 40 and a.expected == 0.5 and a.score == 1.0


def test_draw_between_equals_changes_nothing() -> None:
    a, b = update_pair(Rating(), Rating(), 0.5)
    assert (a.delta, b.delta) == (0, 0)
    assert a.after.games == b.after.games == 1


def test_1600_vs_1400_established() -> None:
    fav, dog = Rating(1600, EST), Rating(1400, EST)
    a, b = update_pair(fav, dog, 1.0)  # the favourite wins: 20 * (1 - 0.7597) = 4.81
    assert a.exact == pytest.approx(4.805, abs=1e-3)
    assert (a.delta, b.delta) == (5, -5)
    a, b = update_pair(fav, dog, 0.0)  # the upset: 20 * (0 - 0.7597) = -15.19
    assert (a.delta, b.delta) == (-15, 15)
    a, b = update_pair(fav, dog, 0.5)  # draw: 20 * (0.5 - 0.7597) = -5.19
    assert (a.delta, b.delta) == (-5, 5)


def test_newcomer_against_established_moves_faster() -> None:
    new, old = update_pair(Rating(1400, 0), Rating(1400, EST), 1.0)
    assert (new.delta, old.delta) == (20, -10)  # different K: no conservation, by design


def test_k_schedule_switches_at_the_11th_game() -> None:
    assert [k_factor(g) for g in range(12)] == [40] * 10 + [20] * 2
    assert [is_provisional(g) for g in (0, 9, 10, 11)] == [True, True, False, False]
    r, opp = Rating(), Rating(1400, EST)
    ks = []
    for _ in range(11):
        ks.append(r.k)
        r = update_pair(r, opp, 0.5)[0].after
    assert ks == [40] * 10 + [20]
    assert r.games == 11 and not r.provisional
    with pytest.raises(ValueError):
        k_factor(-1)


def test_provisional_until_ten_games() -> None:
    r = Rating()
    for _ in range(9):
        r = update_pair(r, Rating(), 1.0)[0].after
    assert r.provisional and r.games == 9
    r = update_pair(r, Rating(), 1.0)[0].after
    assert not r.provisional and r.games == 10


def test_round_half_away_is_symmetric() -> None:
    assert [round_half_away(x) for x in (2.5, -2.5, 0.5, -0.5, 2.49, -2.49, 0.0, 7.0)] == [3, -3, 1, -1, 2, -2, 0, 7]


def test_four_players_equal_ratings() -> None:
    # K/(n-1) = 20/3; winner: 3 pairs won (1.5 above expectation) = +10
    out = update_ranking([Rating(1400, EST)] * 4, [1, 2, 3, 4])
    assert [c.delta for c in out] == [10, 3, -3, -10]
    assert [c.k for c in out] == [pytest.approx(20 / 3)] * 4
    assert [c.score for c in out] == [3.0, 2.0, 1.0, 0.0]


def test_multiplayer_is_the_sum_of_pairs_with_k_over_n_minus_1() -> None:
    rs = [Rating(1520, EST), Rating(1400, 3), Rating(1330, EST)]
    ranks = [2, 1, 3]
    out = update_ranking(rs, ranks)
    for i, ri in enumerate(rs):
        expect = 0.0
        for j, rj in enumerate(rs):
            if i == j:
                continue
            s = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            expect += ri.k / 2 * (s - expected_score(ri.value, rj.value))
        assert out[i].exact == pytest.approx(expect)
        assert out[i].delta == round_half_away(expect)  # different K: plain rounding


def test_multiplayer_ties_draw_their_pair() -> None:
    out = update_ranking([Rating(1400, EST)] * 3, [1, 1, 3])
    assert out[0].delta == out[1].delta == 5 and out[2].delta == -10
    assert out[0].score == 1.5


def test_three_equal_k_players_conserve_after_rounding() -> None:
    out = update_ranking([Rating(1500, EST), Rating(1400, EST), Rating(1300, EST)], [1, 1, 3])
    assert sum(c.delta for c in out) == 0
    assert all(abs(c.delta - c.exact) <= 1 for c in out)


def test_update_pair_rejects_bad_scores_and_sizes() -> None:
    with pytest.raises(ValueError):
        update_pair(Rating(), Rating(), 0.7)
    with pytest.raises(ValueError):
        update_ranking([Rating()], [1])
    with pytest.raises(ValueError):
        update_ranking([Rating(), Rating()], [1])


def test_ranks_from_scores() -> None:
    assert ranks_from_scores([3, 7, 7, 1]) == [3, 1, 1, 4]
    assert ranks_from_scores([0, 5, 2], higher_is_better=False) == [1, 3, 2]


ratings = st.integers(min_value=600, max_value=2800)


@given(a=ratings, b=ratings, games=st.integers(0, 40), score=st.sampled_from([0.0, 0.5, 1.0]))
def test_two_players_same_k_conserve_points(a: int, b: int, games: int, score: float) -> None:
    ca, cb = update_pair(Rating(a, games), Rating(b, games), score)
    assert ca.delta + cb.delta == 0
    assert abs(ca.delta) <= ca.k


@given(a=ratings, b=ratings, ga=st.integers(0, 40), gb=st.integers(0, 40))
def test_two_players_rounding_is_to_nearest(a: int, b: int, ga: int, gb: int) -> None:
    ca, cb = update_pair(Rating(a, ga), Rating(b, gb), 1.0)
    assert abs(ca.delta - ca.exact) <= 0.5 and abs(cb.delta - cb.exact) <= 0.5
    assert ca.delta >= 0 >= cb.delta


@given(data=st.data(), n=st.integers(2, 4), games=st.integers(0, 40))
def test_equal_k_multiplayer_conserves_points(data: st.DataObject, n: int, games: int) -> None:
    rs = [Rating(data.draw(ratings), games) for _ in range(n)]
    ranks = data.draw(st.lists(st.integers(1, n), min_size=n, max_size=n))
    out = update_ranking(rs, ranks)
    assert sum(c.delta for c in out) == 0
    assert all(abs(c.delta - c.exact) < 1.0 + 1e-9 for c in out)
    assert all(c.after.games == games + 1 for c in out)


def test_rate_game_only_ranked_counted_competitive() -> None:
    ranked = FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(1,), acted=(20, 19), ranked=True)
    ratings = {7: Rating(1400, 0)}  # 8 is missing: starts at 1400
    out = rate_game(ratings, ranked)
    assert {a: c.delta for a, c in out.items()} == {7: -20, 8: 20}
    assert out[8].after == Rating(1420, 1)
    assert rate_game(ratings, replace(ranked, ranked=False)) == {}  # friendly
    bot = FinishedGame("g2", "unfairchess", seats=(7, None), winners=(0,), acted=(20, 19), ranked=True)
    assert rate_game(ratings, bot) == {}
    early = FinishedGame("g3", "unfairchess", seats=(7, 8), winners=(0,), acted=(1, 0), ranked=True)
    assert rate_game(ratings, early) == {}
    coop = FinishedGame("g4", "citadel", seats=(7, 8), winners=(0, 1), acted=(5, 5), ranked=True)
    assert rate_game(ratings, coop) == {}
    aborted = FinishedGame("g5", "unfairchess", seats=(7, 8), status="aborted", acted=(1, 1), ranked=True)
    assert rate_game(ratings, aborted) == {}


def test_rate_game_castel_with_explicit_ranks() -> None:
    g = FinishedGame("g6", "castel", seats=(1, 2, 3, 4), winners=(2,), acted=(9, 9, 9, 9), ranked=True,
                     ranks=(2, 3, 1, 4))
    out = rate_game({a: Rating(1400, EST) for a in (1, 2, 3, 4)}, g)
    assert {a: c.delta for a, c in out.items()} == {1: 3, 2: -3, 3: 10, 4: -10}
    draw = FinishedGame("g7", "unfairchess", seats=(1, 2), acted=(30, 30), ranked=True)
    # 1 is established (K 20), 2 is new (K 40): 40 * (0.5 - 0.2403) = 10.4
    assert {a: c.delta for a, c in rate_game({1: Rating(1600, EST)}, draw).items()} == {1: -5, 2: 10}
