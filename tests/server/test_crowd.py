"""How many people watch a game (server/crowd.py): the players' and the spectators' ``game``
block says ``watching``, kept up to date by presence frames at most once per
``crowd_interval`` per room; other nodes' counts are added, and a dead node's dropped."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

from donjon.store import repo
from tests.server.conftest import Player, Site, duel_on, no_frame


def watching(p: Player, want: int, timeout: float = 5.0) -> list[dict[str, Any]]:
    """Read ``p``'s frames until its game block says ``want`` people watch; the presence
    frames read meanwhile."""
    seen = []
    deadline = time.monotonic() + timeout
    while p.game is None or p.game.get("watching") != want:
        assert time.monotonic() < deadline, f"watching {p.game and p.game.get('watching')}, not {want}"
        f = p.recv(timeout, presence=True)
        if f["t"] == "presence":
            seen.append(f)
    return seen


def test_the_players_see_how_many_watch(site_factory: Callable[..., Site]) -> None:
    site, gid, white, black = duel_on(site_factory(crowd_interval=0.05))
    assert white.game["watching"] == 0
    first = Player(site.client(), gid)
    first.hello()
    watching(white, 1)
    watching(black, 1)
    second = Player(site.client(), gid)
    got = second.hello()
    assert got[0]["game"]["watching"] == 2  # its own socket counted
    watching(white, 2)
    # the count goes down when a spectator leaves, and moves carry it too
    first.close()
    watching(white, 1)
    white.act({"type": "move", "uci": "e2e4"})
    black.wait_version(1)
    second.wait_version(1)
    assert black.game["watching"] == second.game["watching"] == 1
    for p in (white, black, second):
        p.close()


def test_the_list_of_live_games_says_how_many_watch_most_watched_first(site_factory: Callable[..., Site]) -> None:
    site, gid, white, black = duel_on(site_factory(crowd_interval=0.05))
    other, _ = site.game_pair(site.user("carol"), site.user("david"), color="white")  # newer: listed first unwatched
    assert [g["id"] for g in site.client().get("/api/live").json()["games"]] == [other, gid]
    spectator = Player(site.client(), gid)
    spectator.hello()
    watching(white, 1)
    games = site.client().get("/api/live").json()["games"]
    assert [(g["id"], g["watching"]) for g in games][:1] == [(gid, 1)]
    assert all(g["watching"] == 0 for g in games[1:]) and len(games) == 2
    spectator.close()
    watching(white, 0)
    assert [g["watching"] for g in site.client().get("/api/live").json()["games"]] == [0, 0]
    for p in (white, black):
        p.close()


def test_spectators_arriving_together_make_one_frame(site_factory: Callable[..., Site]) -> None:
    site, gid, white, black = duel_on(site_factory(crowd_interval=3600.0))
    watchers = []
    for _ in range(6):
        p = Player(site.client(), gid)
        p.hello()
        watchers.append(p)
    crowd = site.app.state.hub.room_state.crowd
    due = crowd._due[gid]  # one frame waits for the interval, for all six

    async def now() -> None:  # the interval is over
        due.cancel()
        crowd._send(gid)

    site.main.portal.call(now)
    # (a presence frame of the players' own arrival may still be on its way: it counts nobody)
    frames = [f for f in watching(white, 6) if f["game"].get("watching")]
    assert len(frames) == 1
    assert no_frame(white.ws, 0.3)
    for p in [white, black, *watchers]:
        p.close()


def test_other_nodes_counts_are_added_and_a_dead_nodes_dropped(site_factory: Callable[..., Site]) -> None:
    site, gid, white, black = duel_on(site_factory(crowd_interval=0.05))
    hub = site.app.state.hub
    room = hub.rooms[gid]
    told: list[dict[str, Any]] = []

    async def publish(channel: str, message: dict[str, Any]) -> None:
        told.append({"channel": channel, **message})

    hub.bus.publish = publish
    crowd = hub.room_state.crowd
    crowd.settings = dataclasses.replace(crowd.settings, redis_url="redis://other-nodes")  # one node of several

    def on_loop(fn: Callable[[], Any]) -> Any:
        async def run() -> Any:
            return fn()
        return site.main.portal.call(run)

    on_loop(lambda: crowd.heard(room, "B", {"type": "crowd", "count": 3}))
    watching(white, 3)
    # a count that is not one (from a node of another version, say) changes nothing
    for bad in (-1, "2", None, 1.5, True):
        on_loop(lambda bad=bad: crowd.heard(room, "B", {"type": "crowd", "count": bad}))
    assert room.crowd == {"B": 3}
    # a node asking for the counts hears this node's only if it has spectators
    on_loop(lambda: crowd.heard(room, "C", {"type": "crowd", "count": 0, "ask": True}))
    time.sleep(0.2)
    assert told == []
    spectator = Player(site.client(), gid)
    spectator.hello()
    watching(white, 4)
    assert told[-1] == {"channel": "game:" + gid, "type": "crowd", "count": 1}
    on_loop(lambda: crowd.heard(room, "C", {"type": "crowd", "count": 0, "ask": True}))
    time.sleep(0.2)
    assert told[-1] == {"channel": "game:" + gid, "type": "crowd", "count": 1} and len(told) == 2
    # node B stops beating: after the presence lease its spectators are no longer counted
    t = time.time()

    async def beats() -> None:
        async with hub.db.write() as s:
            await repo.heartbeat(s, "B", t - 2 * hub.settings.presence_lease)

    site.main.portal.call(beats)
    site.main.portal.call(hub.presence.forget_dead_crowds, t)
    watching(white, 1)
    for p in (white, black, spectator):
        p.close()
