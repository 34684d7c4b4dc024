"""The history hooks (``BaseGame.history_entry`` / ``private_history``) on every registered
game, conformance-style: on seeded random playouts, each accepted action's entries are plain
JSON, leave the server's keys alone, and name nothing hidden — no string of the full state
(``dump``) that the receiver's views before and after the action do not show."""

from __future__ import annotations

import json
from typing import Any

import pytest

from donjon.games import game_ids, get_game
from donjon.games.protocol import RESERVED_HISTORY_KEYS, BaseGame, history_entries
from donjon.games.unfairchess.game import UnfairChess
from tests.games import conformance as c

CASES = [pytest.param(gid, n, id=f"{gid}-{n}p")
         for gid in game_ids() for n in sorted({get_game(gid).min_players, get_game(gid).max_players})]


def strings(x: Any) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(strings(v) | {str(k)} for k, v in x.items())) if x else set()
    if isinstance(x, list | tuple):
        return set().union(*(strings(v) for v in x)) if x else set()
    return set()


def check_entry(game: Any, before: Any, after: Any, entry: Any, viewer: int | None, where: str) -> None:
    assert isinstance(entry, dict), f"{where}: an entry is a dict, not {entry!r}"
    assert json.loads(json.dumps(entry)) == entry, f"{where}: not plain JSON: {entry!r}"
    assert not RESERVED_HISTORY_KEYS & set(entry), f"{where}: uses the server's keys: {entry!r}"
    hidden = strings(game.dump(before)) | strings(game.dump(after))
    shown = strings(game.view(before, viewer)) | strings(game.view(after, viewer))
    leaked = (strings(entry) & hidden) - shown
    assert not leaked, f"{where}: the entry for {viewer} names {sorted(leaked)}, which its views do not show: {entry}"


def check_playout(p: c.Playout) -> int:
    game = p.game
    checked = 0
    for k, (seat, action) in enumerate(p.actions):
        before, after = p.states[k], p.states[k + 1]
        where = f"{p.where(k)}: {action}"
        public, private = game.history_entry(before, seat, action, after), game.private_history(
            before, seat, action, after)
        assert (public, private) == history_entries(game, before, seat, action, after)
        check_entry(game, before, after, public, None, where)
        assert isinstance(private, dict)
        for s, entry in private.items():
            assert type(s) is int and 0 <= s < p.players, f"{where}: private entry for seat {s!r}"
            check_entry(game, before, after, entry, s, where)
        checked += 1
    return checked


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_history_entries_are_public_json(game_id: str, players: int) -> None:
    game = get_game(game_id)
    n = sum(check_playout(p) for p in c.playouts(game, players, seeds=2, max_actions=150))
    assert n > 0


class Leaky(UnfairChess):
    """Names the opponent's hand in its move list."""

    def history_entry(self, before: Any, seat: int, action: Any, after: Any) -> dict[str, Any]:
        return {**super().history_entry(before, seat, action, after), "theirs": list(after.hands[1 - seat])}


def test_the_check_catches_a_leak() -> None:
    p = c.play(Leaky(), 2, 5, max_actions=4)
    with pytest.raises(AssertionError, match="names"):
        check_playout(p)


def test_the_default_is_the_public_action() -> None:
    class Plain(BaseGame):
        id, min_players, max_players, cooperative = "plain", 1, 1, False

        def setup(self, players: int, seed: int, options: Any = None) -> int:
            return 0

        def to_act(self, state: int) -> list[int]:
            return [0]

        def legal_actions(self, state: int, seat: int) -> list[Any]:
            return [{"type": "add"}]

        def apply(self, state: int, seat: int, action: Any) -> int:
            return state + 1

        def view(self, state: int, seat: int | None) -> dict[str, Any]:
            return {"n": state}

        def outcome(self, state: int) -> None:
            return None

        def determinize(self, state: int, seat: int, rng: Any) -> int:
            return state

    assert Plain().history_entry(0, 0, {"type": "add"}, 1) == {"action": {"type": "add"}}
    assert Plain().private_history(0, 0, {"type": "add"}, 1) == {}
    # a game whose actions carry something private shows them as its replays do
    uc = get_game("unfairchess")
    assert isinstance(uc, BaseGame)
    assert BaseGame.history_entry(uc, None, 0, {"type": "order", "order": ["a", "b"]}, None) == {
        "action": {"type": "order"}}


def test_a_failing_hook_costs_the_line_not_the_move() -> None:
    class Broken(UnfairChess):
        def history_entry(self, before: Any, seat: int, action: Any, after: Any) -> dict[str, Any]:
            raise RuntimeError("boom")

    g = Broken()
    st = g.setup(2, 1)
    assert history_entries(g, st, 0, {"type": "move", "uci": "e2e4"}, g.apply(st, 0, {"type": "move",
                                                                                    "uci": "e2e4"})) == ({}, {})
