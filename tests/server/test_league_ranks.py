"""The league rates a 3–4 player game by the server's ranking when the outcome carries one."""

from donjon.store import repo
from donjon.store.league import finished_game


def _finish(outcome: dict) -> repo.Finish:
    return repo.Finish("finished", outcome, 40, 0, ((0, 1), (1, 2), (2, 3)), (5, 5, 5))


def test_the_outcome_ranks_win_over_the_scores() -> None:
    # seat 2 left and its bot emptied the hand: the scores tie it with seat 1, the ranking puts it last
    out = {"winners": [0], "losers": [1, 2], "draw": False, "scores": [0.0, -2.0, -2.0], "ranks": [1, 2, 3]}
    fg = finished_game("g", "castel", "ranked", (1, 2, 3), _finish(out))
    assert fg.seat_ranks() == (1, 2, 3)


def test_without_ranks_the_scores_rank_the_seats() -> None:
    out = {"winners": [0], "losers": [1, 2], "draw": False, "scores": [0.0, -2.0, -2.0]}
    fg = finished_game("g", "castel", "ranked", (1, 2, 3), _finish(out))
    assert fg.seat_ranks() == (1, 2, 2)


def test_malformed_ranks_are_ignored() -> None:
    out = {"winners": [0], "losers": [1, 2], "draw": False, "scores": [0.0, -1.0, -2.0], "ranks": [1, 9, "x"]}
    fg = finished_game("g", "castel", "ranked", (1, 2, 3), _finish(out))
    assert fg.seat_ranks() == (1, 2, 3)
