"""Castel's history lines (donjon/games/castel/notation.py): the action's events as a
spectator sees them, each seat that saw a private card getting its own line with it."""

from __future__ import annotations

import random

from donjon.games.castel import GAME
from donjon.games.castel.catalogue import KIND


def test_entries_are_the_view_events_and_draws_stay_private() -> None:
    rng = random.Random(4)
    draws = knights = 0
    for seed in range(6):
        st = GAME.setup(3, seed)
        for _ in range(200):
            if st.result is not None:
                break
            seat = GAME.to_act(st)[0]
            action = rng.choice(GAME.legal_actions(st, seat))
            nxt = GAME.apply(st, seat, action)
            public = GAME.history_entry(st, seat, action, nxt)
            private = GAME.private_history(st, seat, action, nxt)
            strip = [{k: v for k, v in e.items() if k not in ("turn_no", "under")} for e in public["events"]]
            assert strip == GAME.view(nxt, None)["events"]
            turns = [e for e in public["events"] if e["type"] == "turn"]
            if turns:
                assert turns[-1]["turn_no"] == nxt.turn_no
            for e in public["events"]:
                if e["type"] == "draw" and not nxt.herald_in_play():  # the Herald opens every hand
                    assert "card" not in e
                    draws += 1
                if e["type"] == "place" and KIND[e["card"]] == "chevalier":
                    knights += 1
                    assert "under" in e
            for s in range(3):
                mine = [{k: v for k, v in e.items() if k not in ("turn_no", "under")}
                        for e in private.get(s, public)["events"]]
                assert mine == GAME.view(nxt, s)["events"], (s, action)
            if any(e["type"] == "draw" for e in public["events"]) and not nxt.herald_in_play():
                drawer = next(e["seat"] for e in public["events"] if e["type"] == "draw")
                assert drawer in private and "card" in next(e for e in private[drawer]["events"] if e["type"] == "draw")
            st = nxt
    assert draws > 10 and knights > 0
