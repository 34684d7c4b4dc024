"""Each game's league event hook (``donjon/games/<id>/league.py``) on the engine's own moves."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from donjon.games import game_ids, get_game
from donjon.games.league import NO_LEAGUE, GameLeague, league_of
from donjon.games.protocol import league_events
from tests.fourth_game import ConnectFour


def step(game_id: str, st: Any, seat: int, action: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    game = get_game(game_id)
    after = game.apply(st, seat, action)
    return after, league_events(game, st, seat, action, after)


# --------------------------------------------------------------------------- UnfairChess


def test_unfairchess_captures_say_whether_the_piece_was_poisoned() -> None:
    game = get_game("unfairchess")
    st = game.setup(2, 1, {"statuses": {"d7": ["poison"]}})
    st, evs = step("unfairchess", st, 0, {"type": "move", "uci": "e2e4"})
    assert evs == []
    st, _ = step("unfairchess", st, 1, {"type": "move", "uci": "d7d5"})
    st, evs = step("unfairchess", st, 0, {"type": "move", "uci": "e4d5"})
    assert evs == [{"kind": "capture", "piece": "p", "poisoned": True}]
    assert "e4d5" not in [m["uci"] for m in game.legal_actions(st, 0) if m["type"] == "move"]
    st, evs = step("unfairchess", st, 1, {"type": "move", "uci": "d8d2"})  # the queen takes an ordinary pawn
    assert evs == [{"kind": "capture", "piece": "p", "poisoned": False}]


def test_unfairchess_en_passant_and_cards() -> None:
    game = get_game("unfairchess")
    st = game.setup(2, 1, {"hands": {"0": ["poison", "frappe_celeste", "exil", "poison"]}})
    for seat, uci in ((0, "e2e4"), (1, "a7a6"), (0, "e4e5"), (1, "d7d5")):
        st, _ = step("unfairchess", st, seat, {"type": "move", "uci": uci})
    st, evs = step("unfairchess", st, 0, {"type": "move", "uci": "e5d6"})
    assert evs == [{"kind": "capture", "piece": "p", "poisoned": False}]
    st, _ = step("unfairchess", st, 1, {"type": "move", "uci": "a6a5"})
    st, evs = step("unfairchess", st, 0, {"type": "card", "card": "poison", "squares": ["d1"]})
    assert evs == [{"kind": "card_played", "card": "poison", "rarity": "common"}]


# --------------------------------------------------------------------------- Castel


def castel(hands: dict[str, list[str]], **position: Any) -> Any:
    return get_game("castel").setup(2, 1, {"first": 0, "position": {"hands": hands, **position}})


def test_castel_placements_give_the_kind_the_zone_and_the_rampart() -> None:
    st = castel({"0": ["soldat_7", "chevalier_1", "engin_1", "mendiant", "page"], "1": ["roi", "archers", "reine"]})
    st, evs = step("castel", st, 0, {"type": "place", "card": "soldat_7", "square": [2, 5]})
    assert evs == [{"kind": "card_played", "card": "soldat", "zone": "rampart", "rampart": "E"}]
    st, evs = step("castel", st, 0, {"type": "place", "card": "chevalier_1", "on": "soldat_7"})
    assert evs == [{"kind": "card_played", "card": "chevalier", "zone": "rampart", "rampart": "E"}]
    st, _ = step("castel", st, 1, {"type": "place", "card": "roi", "square": [3, 3]})
    st, evs = step("castel", st, 1, {"type": "place", "card": "archers", "square": [0, 0]})
    assert evs == [{"kind": "card_played", "card": "archers", "zone": "tower"}]
    st, evs = step("castel", st, 0, {"type": "place", "card": "engin_1", "slot": "N"})
    assert evs == [{"kind": "card_played", "card": "engin", "zone": "outside"}]
    st, evs = step("castel", st, 0, {"type": "place", "card": "mendiant", "square": "outside"})
    assert evs == [{"kind": "card_played", "card": "mendiant", "zone": "outside"}]


def test_castel_counts_the_cards_an_action_sends_back() -> None:
    st = castel({"0": ["roi", "page"], "1": ["soldat_1"]},
                castle={"1,1": ["menestrel"], "1,2": [["courtisan", 1]], "2,1": ["intrigant"]})
    st, evs = step("castel", st, 0, {"type": "place", "card": "roi", "square": [2, 2]})
    assert evs == [{"kind": "card_played", "card": "roi", "zone": "courtyard"}, {"kind": "send_back", "count": 3}]
    st, evs = step("castel", st, 0, {"type": "exchange", "give": "page", "take": "menestrel"})
    assert evs == []


# --------------------------------------------------------------------------- Citadel


def test_citadel_counts_switches_turned_off_not_on() -> None:
    game = get_game("citadel")
    st = game.setup(1, 0, {"characters": ["nathan", "irene"]})
    st, _ = step("citadel", st, 0, {"type": "move", "to": "ballroom"})
    assert st.switch_on["ballroom"]
    st, evs = step("citadel", st, 0, {"type": "switch", "room": "ballroom"})
    assert evs == [{"kind": "switch_off", "count": 1}]
    st, evs = step("citadel", st, 0, {"type": "switch", "room": "ballroom"})  # back on
    assert evs == []


def test_citadel_cards_and_rescues() -> None:
    game = get_game("citadel")
    st = game.setup(1, 0, {"characters": ["nathan", "irene"]})
    _, evs = step("citadel", st, 0, {"type": "card", "card": "sprint", "to": "library"})
    assert evs == [{"kind": "card_played", "card": "sprint"}]
    for seed in range(200):  # random games until a treasure is rescued
        rng = random.Random(seed)
        st = game.setup(1, seed, {"difficulty": "easy", "characters": ["nathan", "irene"]})
        while game.outcome(st) is None:
            legal = game.legal_actions(st, game.to_act(st)[0])
            rescue = [a for a in legal if a["type"] == "rescue"]
            action = rescue[0] if rescue else rng.choice(legal)
            tile = st.treasures[action["colour"]].id if rescue else None
            st, evs = step("citadel", st, game.to_act(st)[0], action)
            if rescue:
                assert evs == [{"kind": "treasure_saved", "treasure": tile}]
                return
    raise AssertionError("no rescue in 200 games")


# --------------------------------------------------------------------------- the hook's contract


def test_every_game_declares_its_league() -> None:
    for gid in ("unfairchess", "castel", "citadel"):
        league = league_of(get_game(gid))
        assert league is not NO_LEAGUE and league.cards and league.challenges


def test_a_game_without_a_league_reports_nothing() -> None:
    assert ConnectFour().league is NO_LEAGUE and league_of(ConnectFour()) is NO_LEAGUE
    assert league_events(ConnectFour(), None, 0, {}, None) == []
    assert NO_LEAGUE.events(None, 0, {}, None) == [] and NO_LEAGUE.card_kind("x_1") == "x_1"


def test_a_failing_hook_is_logged_and_reports_nothing(caplog: pytest.LogCaptureFixture) -> None:
    def boom(*_: Any) -> list[dict[str, Any]]:
        raise KeyError("no such square")

    class Broken:
        id = "broken"
        league = GameLeague(events=boom)

    with caplog.at_level(logging.ERROR, "donjon.games"):
        assert league_events(Broken(), None, 0, {"type": "x"}, None) == []  # type: ignore[arg-type]
    assert "broken: the league event hook failed" in caplog.text


def test_challenge_ids_are_unique_per_game() -> None:
    from donjon.games.league import Challenge

    c = Challenge("a", "g", "game_won", 1, 1, "x", "y")
    with pytest.raises(ValueError):
        GameLeague(challenges=(c, c))


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_s_hook_gives_json_events_on_random_playouts(game_id: str) -> None:
    import json

    game = get_game(game_id)
    hook = league_of(game).events
    kinds: set[str] = set()
    for seats in sorted({game.info.min_seats, game.info.default_seats, game.info.max_seats}):
        for seed in range(3):
            rng = random.Random(seed)
            st = game.setup(seats, seed)
            for _ in range(150):
                if game.outcome(st) is not None:
                    break
                seat = rng.choice(game.to_act(st))
                action = rng.choice(game.legal_actions(st, seat))
                after = game.apply(st, seat, action)
                evs = hook(st, seat, action, after)  # called directly: an error fails the test
                assert isinstance(evs, list)
                for ev in evs:
                    assert isinstance(ev, dict) and isinstance(ev.get("kind"), str)
                    assert not {"game", "game_id", "seat"} & set(ev)  # the league adds those
                    assert json.loads(json.dumps(ev)) == ev
                    kinds.add(ev["kind"])
                st = after
    if league_of(game).challenges:  # a game with challenges reports what they count; the card games, cards
        assert kinds
    if league_of(game).cards:
        assert "card_played" in kinds
