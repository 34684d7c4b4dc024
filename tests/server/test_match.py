"""Match: the copy each entry makes of it."""

from __future__ import annotations

import dataclasses

from donjon.games import get_game
from donjon.server.match import Match


def test_copy_copies_every_field_and_owns_its_acted_list() -> None:
    m = Match.start(get_game("unfairchess"), 2, 7, None)
    m.version, m.play_version, m.status, m.outcome = 5, 4, "finished", {"winner": 1}
    m.draw_offer, m.rematch_offer, m.next_game, m.plies, m.replaced = 0, 1, "g2", 9, ((1, "easy"),)
    c = m._copy()
    for f in dataclasses.fields(Match):
        assert getattr(c, f.name) == getattr(m, f.name), f.name  # a field added to Match must be copied
    assert c.acted is not m.acted
    c.acted[0] += 1
    assert m.acted[0] == 0


def test_step_leaves_the_match_unchanged() -> None:
    m = Match.start(get_game("unfairchess"), 2, 7, None)
    nxt = m.step("play", 0, {"action": {"type": "move", "uci": "e2e4"}})
    assert (m.version, m.acted, m.plies) == (0, [0, 0], 0)
    assert (nxt.version, nxt.acted) == (1, [1, 0])
