"""Drive one game with scripted players: whoever is to act sends a random legal action, every
socket then waits for that version. Shared by the scale-out tests."""

from __future__ import annotations

import random
from typing import Any

from tests.scale.harness import WsPlayer, wait_all


def pick(legal: list[dict[str, Any]], rng: random.Random, cards: float) -> dict[str, Any]:
    """A random legal action; with probability ``cards`` a non-move (card) action if any."""
    moves = [a for a in legal if a.get("type") == "move"]
    other = [a for a in legal if a.get("type") != "move"]
    if other and (not moves or rng.random() < cards):
        return rng.choice(other)
    return rng.choice(moves or legal)


async def play_plies(players: dict[int, WsPlayer], rng: random.Random, plies: int, *, watchers: list[WsPlayer] = (),
                     cards: float = 0.0, resign_at: int | None = None) -> None:
    """Play ``plies`` accepted actions (fewer if the game ends). ``resign_at``: once the game
    has that many plies, the seat to act resigns. ``conflict`` / ``stale`` answers (another
    node moved first, a node died with the intent in flight) are retried after the resync."""
    every = [*players.values(), *watchers]
    done = 0
    retries = 0
    while done < plies:
        await wait_all(every)
        g = players[0].game
        if g["status"] != "active":
            return
        seat = g["to_act"][0]
        me = players[seat]
        if resign_at is not None and g["plies"] >= resign_at:
            r = await me.request("resign")
            assert r["t"] == "ack", r
            await wait_all_at(every, r["v"])
            return
        assert me.legal, f"seat {seat} to act without legal actions (v={me.v})"
        r = await me.act(pick(me.legal, rng, cards))
        if r["t"] == "error":
            assert r["code"] in ("conflict", "stale"), r
            retries += 1
            assert retries < 20, "too many conflicts"
            while (await me.recv())["t"] != "sync":  # the sync that follows either
                pass
            continue
        await wait_all_at(every, r["v"])
        done += 1


async def wait_all_at(players: list[WsPlayer], v: int) -> None:
    for p in players:
        await p.wait_version(v)
    await wait_all(players)
