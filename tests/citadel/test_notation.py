"""Citadel's history lines (donjon/games/citadel/notation.py): the action's events, public;
Premonition's order for its author only."""

from __future__ import annotations

import random

from donjon.games.citadel import GAME


def test_entries_are_the_view_events() -> None:
    rng = random.Random(2)
    arranged = 0
    for seed in range(16):  # enough random games for a Premonition to be played
        st = GAME.setup(2, seed)
        for _ in range(300):
            if st.result is not None:
                break
            seat = rng.choice(GAME.to_act(st))
            legal = GAME.legal_actions(st, seat)
            arr = [a for a in legal if a["type"] == "arrange"]
            action = rng.choice(arr or legal)
            nxt = GAME.apply(st, seat, action)
            public = GAME.history_entry(st, seat, action, nxt)
            assert public == {"events": GAME.view(nxt, None)["events"]}
            private = GAME.private_history(st, seat, action, nxt)
            if action["type"] == "arrange":
                arranged += 1
                assert private == {seat: {**public, "arranged": {"treasures": action["treasures"],
                                                                 "rooms": action["rooms"]}}}
            else:
                assert private == {}
            st = nxt
    assert arranged > 0
