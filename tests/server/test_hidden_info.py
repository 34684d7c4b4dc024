"""Hidden information never leaves the server except to the seat that may see it.

Whole random games with cards are played over the real sockets by both seats while a
spectator watches. Every frame each of them receives is scanned: no card id may appear that
the receiver cannot know (the opponent's hand, any deck order), no list of card ids may
appear except the seat's own known deck top and the opponent cards it knows about, and no
frame carries the engine's full dump (``hands`` / ``decks``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from donjon.games import get_game
from donjon.games.unfairchess.catalogue import CARDS
from donjon.server.match import Match
from tests.server.conftest import Player, Site

CARD_IDS = set(CARDS)
# Card ids that are also status or restriction names: harmless at these keys.
NAME_KEYS = {"kind", "cause", "type"}
OK_LISTS = {"known_top", "opponent_known", "order"}  # the cards in them are checked one by one


def walk(obj: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(v, (*path, str(k)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk(v, (*path, f"[{i}]"))


def card_strings(frame: dict[str, Any]) -> list[tuple[tuple[str, ...], str]]:
    out = []
    for path, v in walk(frame):
        if isinstance(v, str) and v in CARD_IDS:
            if path and (path[-1] in NAME_KEYS or "statuses" in path):
                continue
            out.append((path, v))
    return out


def allowed_cards(state: Any, seat: int | None) -> set[str]:
    ok = {d["card"] for d in state.discard}
    if seat is None:
        return ok
    ok |= set(state.hands[seat])
    ok |= set(state.decks[seat][: state.known_top[seat]])
    ok |= set(state.known_by_opp[1 - seat])
    ok |= {e["card"] for e in state.events if e.get("type") == "steal" and "card" in e}
    return ok


def play_random_game(site: Site, rng: random.Random, max_plies: int,
                     lazy: bool = False) -> tuple[str, dict[int | None, Player]]:
    """A game of random legal actions (cards half of the time when one is legal); ``lazy``:
    every socket asks for the brief legal list and a card's targetings are asked for."""
    a, b = site.user(f"a{rng.randrange(10**6)}"), site.user(f"b{rng.randrange(10**6)}")
    gid, seats = site.game_pair(a, b, color="white")
    players: dict[int | None, Player] = {0: Player(seats[0], gid), 1: Player(seats[1], gid)}
    spectator = Player(site.client(), gid)
    for p in (*players.values(), spectator):
        p.hello(legal="lazy" if lazy else None)
    players[None] = spectator
    plies = 0
    while players[0].game["status"] == "active" and plies < max_plies:
        seat = players[0].game["to_act"][0]
        me = players[seat]
        me.wait_version(players[0].v)  # type: ignore[arg-type]
        cards = [x for x in me.legal if x["type"] == "card"]
        pool = cards if cards and rng.random() < 0.5 else me.legal
        action = rng.choice(pool)
        if action.get("lazy"):
            mid = me.send({"t": "targets", "v": me.v, "card": action["card"]})
            told = me.recv()
            assert told["t"] == "targets" and told["id"] == mid, told
            action = rng.choice(told["legal"])
        ack = me.act(action)
        assert ack["t"] == "ack", ack
        for p in players.values():
            p.wait_version(ack["v"])
        plies += 1
    if players[0].game["status"] == "active":
        assert players[0].request("resign")["t"] == "ack"
        for p in players.values():
            p.wait_version(players[0].v)  # type: ignore[arg-type]
    return gid, players


@pytest.mark.parametrize("lazy", [False, True], ids=["full", "lazy"])
def test_no_frame_leaks_hidden_information(site_factory: Any, lazy: bool) -> None:
    # A scripted player sends far faster than a person: lift the per-socket rate limit.
    site = site_factory(ws_rate_limit=10_000)
    rng = random.Random(20240611)
    game = get_game("unfairchess")
    card_frames = 0
    for _ in range(3):
        gid, players = play_random_game(site, rng, max_plies=160, lazy=lazy)
        (seed, options), = site.sql("select seed, options from games where id=?", gid)
        entries = site.sql("select seq, kind, seat, data from game_actions where game_id=? order by seq", gid)
        m = Match.start(game, 2, seed, json.loads(options) or None)
        states = {0: m.state}
        for seq, kind, seat, data in entries:
            m = m.step(kind, seat, json.loads(data))
            states[seq] = m.state
        for seat, p in players.items():
            assert p.frames, seat
            for f in p.frames:
                text = json.dumps(f)
                assert '"hands"' not in text and '"decks"' not in text, f"dump leaked to seat {seat}"
                if f["t"] == "targets":  # the seat's own card, at the version it asked about
                    assert seat is not None and f["card"] in states[f["v"]].hands[seat]
                    assert {a["card"] for a in f["legal"]} == {f["card"]}
                    continue
                if "view" not in f:
                    assert not card_strings(f), (seat, f)
                    continue
                state = states[f["v"]]
                ok = allowed_cards(state, seat)
                for path, card in card_strings(f):
                    assert card in ok, f"seat {seat} saw {card!r} at {'.'.join(path)} (v={f['v']}, seed {seed})"
                if seat is not None:
                    assert [c["card"] for c in f["view"]["hand"]] == state.hands[seat]
                    opp_hand = state.hands[1 - seat]
                    assert f["view"]["hand_counts"][1 - seat] == len(opp_hand)
                else:
                    assert "hand" not in f["view"] and "known_top" not in f["view"]
                for path, v in walk(f):
                    if isinstance(v, list) and len(v) >= 2 and all(isinstance(x, str) and x in CARD_IDS for x in v):
                        if path[:2] == ("event", "action") and seat is not None and f["event"]["by"] == seat:
                            continue  # the author's own action, echoed to the author only
                        if "statuses" in path:
                            continue  # status names (poison, dynamite) that are also card ids
                        assert path and path[-1] in OK_LISTS, f"a list of cards at {'.'.join(path)} for seat {seat}"
                        assert seat is not None
                if any(a.get("type") == "card" for a in f.get("legal", [])):
                    card_frames += 1
    assert card_frames > 20  # cards really were in play


def test_foresight_shows_nothing_before_it_is_played(site: Site) -> None:
    """Foresight (#55) is played first; only then its author sees its top cards and sends
    the order (``{"type": "order", ...}``). The opponent and spectators never see them, and
    a replay shows only that an order was given."""
    from donjon.games.unfairchess.catalogue import CARDS as _C

    game = get_game("unfairchess")
    st = game.setup(2, seed=3, options={"hands": {"0": ["prescience", "poison", "poison", "poison"]}})
    before = game.legal_actions(st, 0)
    assert not [a for a in before if "order" in a]  # no deck card is named before the play
    plays = [a for a in before if a.get("card") == "prescience"]
    assert plays == [{"type": "card", "card": "prescience", "squares": []}]
    st = game.apply(st, 0, plays[0])
    top = st.decks[0][:3]  # after the replacement draw
    orders = game.legal_actions(st, 0)
    assert orders and all(a["type"] == "order" and sorted(a["order"]) == sorted(top) for a in orders)
    assert game.view(st, 0)["known_top"] == top
    for seat in (1, None):
        text = json.dumps(game.view(st, seat))
        assert not any(f'"{c}"' in text for c in top if c not in {d["card"] for d in st.discard} and c in _C
                       and c not in st.hands[1] and c not in {"poison", "dynamite", "silence", "blizzard"})
    from donjon.server.export import public_action

    assert public_action("unfairchess", orders[0]) == {"type": "order"}
