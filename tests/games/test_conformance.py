"""The protocol's promises, checked on every registered game and every seat count.

After OpenSpiel's random-simulation test: seeded random playouts of each game
(:mod:`tests.games.conformance`, 3 per seat count, 100 actions at most, plus one long one),
and at every position:

* ``apply`` never changes the state it is given, whether it accepts or refuses;
* a refusal is an ``IllegalAction`` with a reason, for malformed actions, wrong seats,
  near misses of the listed actions and anything once the game is over;
* every listed action is accepted, and every accepted action is listed (or is an alias of
  a listed one: its result cannot be told apart, or the game declares it the same choice
  with its ``choice_key``); a brief legal list expands to exactly the full list;
* a determinization shows its seat and a spectator exactly the real views, with the same
  legal actions: no view holds what its seat cannot know, and spectators see no more
  than any seat (a game without hidden information may raise ``NotImplementedError``);
* a record ``(game, players, seed, options, actions)`` replays, as ``donjon replay`` does
  it, to the same state;
* actions, views and outcomes are plain JSON, and a JSON copy of an action plays the same;
* ``to_act`` is empty iff there is an outcome, a seat not to act has no legal action, and
  outcomes are well formed.

A game added to the registry is checked with no change here. ``tests/games/test_selftest.py``
shows that each check fails on a game that breaks its promise.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from donjon.games import game_ids, get_game
from tests.games import conformance as c

LONG_ACTIONS = 300
"""The long playout's cap: most games end before it."""

CASES = [pytest.param(gid, n, id=f"{gid}-{n}p")
         for gid in game_ids() for n in range(get_game(gid).min_players, get_game(gid).max_players + 1)]


@cache
def playouts(game_id: str, players: int) -> tuple[c.Playout, ...]:
    """The playouts of one game and seat count, made once per test process."""
    return tuple(c.playouts(get_game(game_id), players))


@cache
def pools(game_id: str, players: int) -> tuple[c.Pools, ...]:
    return tuple(c.Pools(p) for p in playouts(game_id, players))


def rng_for(game_id: str, players: int, test: str) -> random.Random:
    return random.Random(f"{test}:{game_id}:{players}")


@pytest.mark.parametrize("game_id", game_ids())
def test_the_lobby_offers_only_seat_counts_the_engine_plays(game_id: str) -> None:
    game = get_game(game_id)
    info = game.info
    assert info.id == game.id
    assert game.min_players <= info.min_seats <= info.default_seats <= info.max_seats <= game.max_players
    assert info.cooperative == game.cooperative


@pytest.mark.parametrize("game_id, players", CASES)
def test_random_playouts_run_and_whose_turn_agrees_with_the_outcome(game_id: str, players: int) -> None:
    for p in playouts(game_id, players):
        c.check_playout(p)
        c.check_turns(p)


@pytest.mark.parametrize("game_id, players", CASES)
def test_listed_actions_are_accepted_and_leave_the_state_alone(game_id: str, players: int) -> None:
    rng = rng_for(game_id, players, "listed")
    for p in playouts(game_id, players):
        c.check_listed_are_accepted(p, rng)


@pytest.mark.parametrize("game_id, players", CASES)
def test_refusals_give_a_reason_and_change_nothing(game_id: str, players: int) -> None:
    rng = rng_for(game_id, players, "refusals")
    for p in playouts(game_id, players):
        c.check_refusals(p, rng)


@pytest.mark.parametrize("game_id, players", CASES)
def test_accepted_actions_are_listed(game_id: str, players: int) -> None:
    rng = rng_for(game_id, players, "accepted")
    for p in playouts(game_id, players):
        c.check_accepted_are_listed(p, rng)


@pytest.mark.parametrize("game_id, players", CASES)
def test_brief_legal_lists_expand_to_the_full_list(game_id: str, players: int) -> None:
    for p in playouts(game_id, players):
        c.check_brief_lists(p)


@pytest.mark.parametrize("game_id, players", CASES)
def test_determinize_agrees_with_the_views_so_views_hide_what_they_must(game_id: str, players: int) -> None:
    rng = rng_for(game_id, players, "determinize")
    for p in playouts(game_id, players):
        if not c.check_determinize(p, rng):
            pytest.skip(f"{game_id} has no hidden information (determinize raises NotImplementedError)")


@pytest.mark.parametrize("game_id, players", CASES)
def test_records_replay_to_the_same_state(game_id: str, players: int) -> None:
    rng = rng_for(game_id, players, "replay")
    for p in playouts(game_id, players):
        c.check_replay(p, rng)


@pytest.mark.parametrize("game_id, players", CASES)
def test_actions_views_and_outcomes_are_json(game_id: str, players: int) -> None:
    for p in playouts(game_id, players):
        c.check_json(p)


@pytest.mark.parametrize("game_id, players", CASES)
def test_a_long_playout_ends_or_reaches_the_cap_cleanly(game_id: str, players: int) -> None:
    """One playout of up to 300 actions (most end): whose turn and outcome agree all along,
    the end refuses everything, and the record replays."""
    p = c.play(get_game(game_id), players, seed=77, max_actions=LONG_ACTIONS)
    rng = rng_for(game_id, players, "long")
    c.check_playout(p)
    c.check_turns(p)
    c.check_refusals(p, rng, last_only=True)
    c.check_replay(p, rng)


json_leaf = st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=False) | st.text(max_size=6)
json_value = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                                  max_size=3), max_leaves=6)


@pytest.mark.parametrize("game_id, players", CASES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_arbitrary_json_is_refused_or_listed(game_id: str, players: int, data: st.DataObject) -> None:
    """Hypothesis: any JSON object built from the field names and values the game lists
    (and junk), sent by any seat or none, at any position of the playouts."""
    ps = playouts(game_id, players)
    i = data.draw(st.integers(0, len(ps) - 1), label="playout")
    p, pool = ps[i], pools(game_id, players)[i]
    k = data.draw(st.integers(0, len(p.states) - 1), label="position")
    obs = p.observations[k]
    seat = data.draw(st.sampled_from(obs["to_act"] or [0]) | st.integers(-1, players) | st.sampled_from(c.JUNK_SEATS),
                     label="seat")
    names = sorted(pool.values)
    key = st.sampled_from(names) | st.text(max_size=5) if names else st.text(max_size=5)
    value = st.sampled_from([v for vs in pool.values.values() for v in vs]) | json_value
    typed = st.builds(lambda t, rest: {**rest, "type": t}, st.sampled_from(pool.values.get("type", ["zz"])),
                      st.dictionaries(key, value, max_size=4))
    action = data.draw(typed | st.dictionaries(key, value, max_size=4) | json_value, label="action")
    status, result = c.attempt(p.game, p.states[k], seat, action)
    c.assert_refused_well(p, k, seat, action, status, result)
    if status == "ok":
        c.assert_listed(p, k, seat, action, result)
    c.assert_unchanged(p, k, p.states[k], f"sending {action!r:.200}")
