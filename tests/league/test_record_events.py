"""Which games count, and the events built from a finished game."""

from __future__ import annotations

from typing import Any

import pytest

from donjon.league import record
from donjon.league.events import cards_played_per_seat, engine_events, game_events, result_events
from donjon.league.record import ALL_GAMES, COOPERATIVE_GAMES, RATED_GAMES, FinishedGame, counts, not_counted_reason


@pytest.mark.parametrize(("game", "why"), [
    (FinishedGame("g", "unfairchess", seats=(1, 2), winners=(0,), acted=(5, 4)), None),
    (FinishedGame("g", "unfairchess", seats=(1, None), winners=(0,), acted=(5, 4)), "bot"),
    (FinishedGame("g", "citadel", seats=(1, None, None), winners=(0, 1, 2), acted=(5, 4, 4)), "bot"),
    (FinishedGame("g", "unfairchess", seats=(1, 2), status="aborted", acted=(1, 0)), "aborted"),
    (FinishedGame("g", "unfairchess", seats=(1, 2), status="abandoned", acted=(9, 9)), "abandoned"),
    (FinishedGame("g", "unfairchess", seats=(1, 2), winners=(1,), acted=(1, 0)), "abort_window"),
    (FinishedGame("g", "castel", seats=(1, 2, 3), winners=(1,), plies=2), "abort_window"),
    (FinishedGame("g", "castel", seats=(1, 2, 3), winners=(1,), plies=3), None),
    (FinishedGame("g", "citadel", seats=(1,), winners=(0,), acted=(12,)), None),  # solo Citadel, no bot
])
def test_not_counted_reason(game: FinishedGame, why: str | None) -> None:
    assert not_counted_reason(game) == why
    assert counts(game) == (why is None)


def test_a_bot_replacing_a_forfeited_seat_keeps_the_game_counted() -> None:
    # the seat still belongs to the player who left: the seats are those of the start
    g = FinishedGame("g", "castel", seats=(1, 2, 3, 4), winners=(0,), acted=(9, 9, 9, 2), ranks=(1, 2, 3, 4))
    assert counts(g)


def test_finished_game_validation() -> None:
    with pytest.raises(ValueError):
        FinishedGame("g", "unfairchess", seats=(1, 2), winners=(2,))
    with pytest.raises(ValueError):
        FinishedGame("g", "unfairchess", seats=(1, 1))
    with pytest.raises(ValueError):
        FinishedGame("g", "unfairchess", seats=(1, 2), acted=(1,))
    with pytest.raises(ValueError):
        FinishedGame("", "unfairchess", seats=(1, 2))


def test_seat_ranks() -> None:
    assert FinishedGame("g", "castel", seats=(1, 2, 3), winners=(1,)).seat_ranks() == (2, 1, 2)
    assert FinishedGame("g", "castel", seats=(1, 2, 3)).seat_ranks() == (1, 1, 1)
    assert FinishedGame("g", "castel", seats=(1, 2, 3), ranks=(3, 1, 2)).seat_ranks() == (3, 1, 2)


REPORTED: list[tuple[int | None, dict[str, Any]]] = [
    (1, {"kind": "card_played", "card": "poison", "rarity": "common"}),
    (0, {"kind": "card_played", "card": "frappe_celeste", "rarity": "legendary"}),
    (0, {"kind": "capture", "piece": "p", "poisoned": True}),
    (None, {"kind": "card_played", "card": "x"}), (5, {"kind": "capture"}), (1, {"no": "kind"}),
]


def test_result_events() -> None:
    g = FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(1,), acted=(2, 2), ranked=True)
    evs = result_events(g, reason="checkmate", cards_played=cards_played_per_seat(g, REPORTED))
    assert evs[7] == [{"kind": "game_played", "game": "unfairchess", "game_id": "g1", "ranked": True}]
    assert evs[8][1] == {"kind": "game_won", "game": "unfairchess", "game_id": "g1", "ranked": True,
                         "reason": "checkmate", "cards_played": 1}
    draw = FinishedGame("g2", "unfairchess", seats=(7, 8), acted=(9, 9))
    assert all(len(v) == 1 for v in result_events(draw).values())
    team = FinishedGame("g3", "citadel", seats=(7, 8), winners=(0, 1), acted=(9, 9))
    assert all(v[1]["kind"] == "game_won" for v in result_events(team).values())
    bot = FinishedGame("g4", "unfairchess", seats=(7, None), winners=(0,), acted=(9, 9))
    assert result_events(bot) == {}


def test_engine_events_are_filed_under_the_seat_s_account() -> None:
    g = FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(1,), acted=(2, 2))
    evs = engine_events(g, REPORTED)
    assert evs[8] == [{"kind": "card_played", "game": "unfairchess", "game_id": "g1", "card": "poison",
                       "rarity": "common"}]
    assert [e["kind"] for e in evs[7]] == ["card_played", "capture"]
    assert evs[7][1] == {"kind": "capture", "game": "unfairchess", "game_id": "g1", "piece": "p", "poisoned": True}
    assert engine_events(FinishedGame("g5", "unfairchess", seats=(7, None), acted=(2, 2)), REPORTED) == {}
    assert cards_played_per_seat(g, REPORTED) == {0: 1, 1: 1}


def test_game_events_results_first_then_what_the_engine_reported() -> None:
    g = FinishedGame("g1", "castel", seats=(7, None, 9), winners=(0,), acted=(3, 3, 3), ranks=(1, 2, 3))
    assert game_events(g, REPORTED) == {}  # a bot at the start: nothing counts
    g = FinishedGame("g1", "castel", seats=(7, 8, 9), winners=(0,), acted=(3, 3, 3))
    evs = game_events(g, [(0, {"kind": "send_back", "count": 2}), (2, {"kind": "card_played", "card": "roi"})],
                      reason="empty_hand")
    assert [e["kind"] for e in evs[7]] == ["game_played", "game_won", "send_back"]
    assert evs[7][1]["cards_played"] == 0 and evs[7][1]["reason"] == "empty_hand"
    assert [e["kind"] for e in evs[8]] == ["game_played"]
    assert evs[9][-1] == {"kind": "card_played", "card": "roi", "game": "castel", "game_id": "g1"}


def test_cooperative_and_rated_come_from_the_game_info() -> None:
    from donjon.games import get_info

    for gid in ("unfairchess", "castel", "citadel"):
        g = FinishedGame("g", gid, seats=(1, 2), acted=(1, 1))
        assert g.cooperative == get_info(gid).cooperative and g.rated == get_info(gid).rated
    assert FinishedGame("g", "citadel", seats=(1, 2)).cooperative
    assert not FinishedGame("g", "citadel", seats=(1, 2)).rated
    unknown = FinishedGame("g", "go", seats=(1, 2))  # GameInfo's defaults
    assert not unknown.cooperative and unknown.rated
    assert ALL_GAMES[:3] == ("unfairchess", "castel", "citadel")  # then any game the registry finds
    assert COOPERATIVE_GAMES == frozenset({"citadel"})
    assert RATED_GAMES == record.COMPETITIVE_GAMES == frozenset(ALL_GAMES) - {"citadel"}
    with pytest.raises(AttributeError):
        record.NO_SUCH_NAME  # noqa: B018
