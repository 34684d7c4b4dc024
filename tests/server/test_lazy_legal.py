"""The brief legal list: a client that says ``"legal": "lazy"`` in its hello gets each playable
card once (``{"type": "card", "card": id, "lazy": true}``) and asks for its targetings with
``{"t": "targets"}``; what it is told equals the full list a ``full`` client gets, and every bad
request is answered with a clear error while nothing changes (docs/protocol.md)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Player, Site, no_frame
from tests.server.test_protocol import snapshot


def ask(p: Player, **kw: Any) -> dict[str, Any]:
    """Send a ``targets`` request; its answer (``targets`` or ``error``)."""
    mid = p.send({"t": "targets", **kw})
    while True:
        f = p.recv()
        if f["t"] in ("targets", "error") and f.get("id") == mid:
            return f


def cards_of(legal: list[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(a["card"] for a in legal if a["type"] == "card"))


@pytest.fixture
def lazy_duel(site: Site) -> tuple[Site, str, Player, Player, Player]:
    """White with a lazy socket and a full one (two tabs), black lazy; white to play a card."""
    a, b = site.user("alice"), site.user("bobby")
    # A seed whose white opening hand has a playable card (most have: Shield, Poison...).
    for _ in range(20):
        gid, seats = site.game_pair(a, b, color="white")
        lazy, full, black = Player(seats[0], gid), Player(seats[0], gid), Player(seats[1], gid)
        lazy.hello(legal="lazy")
        full.hello()
        black.hello(legal="lazy")
        if cards_of(full.legal):
            return site, gid, lazy, full, black
        for p in (lazy, full, black):
            p.close()
    pytest.fail("no opening hand with a playable card in 20 games")


def test_lazy_list_and_targets_equal_the_full_list(lazy_duel: tuple[Site, str, Player, Player, Player]) -> None:
    site, gid, lazy, full, black = lazy_duel
    assert lazy.v == full.v == 0
    assert lazy.view == full.view  # same view (the hand's greyed flags too)
    moves = [a for a in full.legal if a["type"] == "move"]
    assert [a for a in lazy.legal if a["type"] == "move"] == moves
    stubs = [a for a in lazy.legal if a["type"] == "card"]
    assert stubs == [{"type": "card", "card": c, "lazy": True} for c in cards_of(full.legal)]
    assert {h["card"] for h in lazy.view["hand"] if h["playable"]} == set(cards_of(full.legal))
    told: list[dict[str, Any]] = []
    for stub in stubs:
        got = ask(lazy, v=lazy.v, card=stub["card"])
        assert got["t"] == "targets" and got["v"] == 0 and got["card"] == stub["card"]
        assert got["legal"] and all(a["type"] == "card" and a["card"] == stub["card"] for a in got["legal"])
        told += got["legal"]
    assert told == [a for a in full.legal if a["type"] == "card"]
    no_frame(black.ws)  # asking tells the opponent nothing
    # one of the actions it was told is accepted as it is
    before = snapshot(site, gid)
    ack = lazy.act(told[0])
    assert ack["t"] == "ack" and ack["v"] == before[1] + 1
    # each socket of white's seat got the frame of its own kind
    full.wait_version(ack["v"])
    assert full.v == lazy.v


def test_spectator_and_waiting_seat_get_no_targetings(lazy_duel: tuple[Site, str, Player, Player, Player]) -> None:
    site, gid, lazy, full, black = lazy_duel
    assert black.legal == []
    card = cards_of(full.legal)[0]
    err = ask(black, v=black.v, card=card)
    assert err["t"] == "error" and err["code"] == "not_playable"
    spec = Player(site.user("carol"), gid)
    spec.hello(legal="lazy")
    assert spec.legal == [] and "hand" not in spec.view
    err = ask(spec, v=spec.v, card=card)
    assert err["t"] == "error" and err["code"] == "not_a_player"
    spec.close()


BAD = [
    ("stale version", {"v": 5}, "stale"),
    ("card not held", {"card": "nope"}, "not_playable"),
    ("card not a string", {"card": 3}, "bad_request"),
    ("no card", {"card": None}, "bad_request"),
    ("no version", {"v": None}, "bad_request"),
]


@pytest.mark.parametrize(("label", "change", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_targets_request_changes_nothing(lazy_duel: tuple[Site, str, Player, Player, Player], label: str,
                                             change: dict[str, Any], code: str) -> None:
    site, gid, lazy, full, black = lazy_duel
    before = snapshot(site, gid)
    msg: dict[str, Any] = {"v": lazy.v, "card": cards_of(full.legal)[0], **change}
    msg = {k: v for k, v in msg.items() if v is not None}
    err = ask(lazy, **msg)
    assert err["t"] == "error" and err["code"] == code and err["reason"]
    assert snapshot(site, gid) == before
    no_frame(black.ws)
    ack = lazy.act({"type": "move", "uci": "e2e4"})  # the socket stays usable
    assert ack["t"] == "ack"


def test_hello_with_an_unknown_legal_mode_is_refused(site: Site) -> None:
    a, b = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(a, b, color="white")
    p = Player(seats[0], gid)
    p.ws.send_json({"t": "hello", "v": None, "legal": "some"})
    err = p.recv()
    assert err["t"] == "error" and err["code"] == "bad_request" and "'legal' is 'full'" in err["reason"]
    p.hello(legal="lazy")  # and it may say hello properly after
    assert p.v == 0
    p.close()
