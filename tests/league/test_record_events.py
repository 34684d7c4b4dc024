"""Which games count, and the events built from a finished game."""

from __future__ import annotations

from typing import Any

import pytest

from donjon.league.events import card_events, cards_played_per_seat, result_events
from donjon.league.record import FinishedGame, counts, not_counted_reason


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


LOG: list[tuple[int | None, dict[str, Any]]] = [(0, {"type": "move", "uci": "e2e4"}), (1, {"type": "card", "card": "poison", "squares": ["e7"]}),
       (0, {"type": "card", "card": "frappe_celeste", "squares": ["d7"]}), (1, {"type": "move", "uci": "e7e5"}),
       (None, {"type": "card", "card": "x"})]


def test_result_events() -> None:
    g = FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(1,), acted=(2, 2), ranked=True)
    evs = result_events(g, reason="checkmate", cards_played=cards_played_per_seat(g, LOG))
    assert evs[7] == [{"kind": "game_played", "game": "unfairchess", "game_id": "g1", "ranked": True}]
    assert evs[8][1] == {"kind": "game_won", "game": "unfairchess", "game_id": "g1", "ranked": True,
                         "reason": "checkmate", "cards_played": 1}
    draw = FinishedGame("g2", "unfairchess", seats=(7, 8), acted=(9, 9))
    assert all(len(v) == 1 for v in result_events(draw).values())
    team = FinishedGame("g3", "citadel", seats=(7, 8), winners=(0, 1), acted=(9, 9))
    assert all(v[1]["kind"] == "game_won" for v in result_events(team).values())
    bot = FinishedGame("g4", "unfairchess", seats=(7, None), winners=(0,), acted=(9, 9))
    assert result_events(bot) == {}


def test_card_events() -> None:
    g = FinishedGame("g1", "unfairchess", seats=(7, 8), winners=(1,), acted=(2, 2))
    evs = card_events(g, LOG)
    assert evs[8] == [{"kind": "card_played", "game": "unfairchess", "game_id": "g1", "card": "poison",
                       "rarity": "common"}]
    assert evs[7][0]["rarity"] == "legendary"
    assert card_events(FinishedGame("g5", "unfairchess", seats=(7, None), acted=(2, 2)), LOG) == {}
    assert cards_played_per_seat(g, LOG) == {0: 1, 1: 1}


def test_castel_placements_count_under_the_card_kind() -> None:
    g = FinishedGame("g6", "castel", seats=(7, 8), winners=(0,), acted=(9, 9))
    log: list[tuple[int | None, dict[str, Any]]] = [(0, {"type": "place", "card": "soldat_7", "square": [0, 1]}), (1, {"type": "draw"}),
           (1, {"type": "place", "card": "roi", "square": [2, 2]})]
    evs = card_events(g, log)
    assert [e["card"] for e in evs[7]] == ["soldat"] and [e["card"] for e in evs[8]] == ["roi"]
    assert cards_played_per_seat(g, log) == {0: 1, 1: 1}
