"""Clocks in the match (donjon/server/match.py): the time stamped on each entry drives the
clock, the opening moves cost nothing, a late move is refused, and a flag ends a game as its
number of players says. Times are given, never read from the machine."""

from __future__ import annotations

import pytest

from donjon.games import get_game
from donjon.server.clock import TimeControl
from donjon.server.match import Match, MatchError

UC = get_game("unfairchess")
BLITZ = TimeControl(180, 2)


def play(m: Match, seat: int, uci: str, at: float, lag: float = 0.0) -> Match:
    return m.step("play", seat, {"action": {"type": "move", "uci": uci}, "at": at, "lag": lag})


def opened(fen: str | None = None) -> Match:
    """Both sides moved once (at 100 s and 105 s): from now on time counts."""
    m = Match.start(UC, 2, 7, {"fen": fen} if fen else None, control=BLITZ, t=0.0)
    first = "e2e4" if fen is None else "e2e3"
    m = play(m, 0, first, 100.0)
    return play(m, 1, "e7e5" if fen is None else "e8d8", 105.0)


def test_the_opening_costs_nothing_then_each_turn_pays_and_gets_its_increment() -> None:
    m = opened()
    assert m.clock is not None and m.clock.left == (182.0, 182.0) and m.clock.running == (0,)
    m = play(m, 0, "g1f3", 125.0)
    assert m.clock.left == (164.0, 182.0)
    m = play(m, 1, "b8c6", 130.5, lag=0.3)
    assert m.clock.left == (164.0, 178.8)  # 5.5 s less 0.3 of lag, plus 2
    assert m.meta()["clock"]["running"] == [0] and m.meta()["clock_counts"] is True
    assert m.flag_due() == (130.5 + 164.0, 0)


def test_lag_credit_is_bounded() -> None:
    m = play(opened(), 0, "g1f3", 125.0, lag=30.0)
    assert m.clock is not None and m.clock.left[0] == 182.0 - 20.0 + 1.0 + 2.0


def test_a_move_after_the_flag_is_refused_and_the_flag_ends_the_game() -> None:
    m = opened()
    late = 105.0 + 183.0
    with pytest.raises(MatchError) as e:
        play(m, 0, "g1f3", late)
    assert e.value.code == "time_up"
    with pytest.raises(MatchError):
        m.step("flag", 0, {"at": 105.0 + 100.0})  # still has time
    with pytest.raises(MatchError):
        m.step("flag", 1, {"at": late})  # not its turn: its time is not running
    done = m.step("flag", 0, {"at": late})
    assert done.status == "finished"
    assert done.outcome == {"winners": [1], "losers": [0], "draw": False, "reason": "timeout", "scores": [0.0, 1.0]}
    assert done.clock is not None and done.clock.running == () and done.clock.left[0] < 0


def test_a_flag_against_a_side_that_cannot_win_is_a_draw() -> None:
    m = opened("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")  # Black has its king alone
    m = play(m, 0, "e3e4", 110.0)
    done = m.step("flag", 1, {"at": 110.0 + 183.0})  # Black flags: White can still win, and does
    assert done.outcome is not None and done.outcome["winners"] == [0] and done.outcome["reason"] == "timeout"
    m = play(opened("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), 0, "e3e4", 110.0)
    m = play(m, 1, "d8e8", 111.0)
    won = m.step("flag", 0, {"at": 111.0 + 300.0})  # White flags: Black's lone king cannot win
    assert won.outcome is not None and won.outcome["draw"] is True


def test_no_time_counts_before_every_seat_moved() -> None:
    m = Match.start(UC, 2, 7, None, control=BLITZ, t=0.0)
    assert m.flag_due() is None and m.meta()["clock_counts"] is False
    m = play(m, 0, "e2e4", 5000.0)  # a very slow first move: no time lost (the absence rules watch it)
    assert m.clock is not None and m.clock.left == (182.0, 180.0)
    with pytest.raises(MatchError):
        m.step("flag", 1, {"at": 99999.0})


def test_the_clock_is_rebuilt_from_the_log() -> None:
    entries = [("play", 0, {"action": {"type": "move", "uci": "e2e4"}, "at": 1.0}),
               ("play", 1, {"action": {"type": "move", "uci": "e7e5"}, "at": 3.0}),
               ("draw", 0, {"op": "offer", "at": 4.0}),
               ("play", 0, {"action": {"type": "move", "uci": "g1f3"}, "at": 9.0, "lag": 0.5})]
    a = b = Match.start(UC, 2, 7, None, control=BLITZ, t=0.0)
    for e in entries:
        a = a.step(*e)
    for e in entries:
        b = b.step(*e)
    assert a.clock == b.clock and a.clock is not None
    assert a.clock.left == (182.0 - 5.5 + 2.0, 182.0)


def test_an_untimed_match_has_no_clock() -> None:
    m = Match.start(UC, 2, 7, None)
    m = play(m, 0, "e2e4", 1.0)
    assert m.clock is None and m.meta()["clock"] is None and m.flag_due() is None
    with pytest.raises(MatchError, match="no clock"):
        m.step("flag", 1, {"at": 10.0})


def past_the_opening(kind: str, players: int, seed: int, control: TimeControl) -> tuple[Match, float]:
    """A match whose every seat acted once (its first legal action, one second apart), and the time."""
    game = get_game(kind)
    m = Match.start(game, players, seed, None, control=control, t=0.0)
    t = 0.0
    while m.can_abort():
        seat = m.to_act()[0]
        t += 1.0
        m = m.step("play", seat, {"action": game.legal_actions(m.state, seat)[0], "at": t})
    return m, t


def test_a_flag_in_a_game_of_three_puts_a_bot_in_the_seat() -> None:
    m, t = past_the_opening("castel", 3, 1, TimeControl(60, 10))
    seat = m.flag_due()[1]  # type: ignore[index]
    out = m.step("flag", seat, {"at": t + 1000.0, "bot": "normal"})
    assert out.active and out.takeover(seat) == "normal"
    assert seat not in out._clocked()


def test_a_flag_in_a_cooperative_game_lets_a_bot_play_that_turn() -> None:
    citadel = get_game("citadel")
    m, t = past_the_opening("citadel", 2, 3, TimeControl(60, 15))
    seat = m.flag_due()[1]  # type: ignore[index]
    out = m.step("flag", seat, {"at": t + 100.0})
    assert out.active and out.autoplay == (seat,) and out.takeover(seat) is None
    assert out.flag_due() is None or out.flag_due()[1] != seat  # type: ignore[index]
    assert out.clock is not None and out.clock.left[seat] == 15.0
    # the bot plays the seat's turn to its end; then the seat is the player's again
    while seat in out.to_act() and out.active:
        t += 1.0
        out = out.step("play", seat, {"action": citadel.legal_actions(out.state, seat)[0], "at": t})
    assert out.autoplay == ()


def test_a_clock_entry_gives_back_running_time_and_nothing_else() -> None:
    m = opened()
    back = m.step("clock", None, {"given": 30.0, "at": 200.0})
    assert back.clock is not None and m.clock is not None
    assert back.clock.since == m.clock.since + 30.0 and back.clock.left == m.clock.left
    for bad in ({"given": 0}, {"given": -5}, {"given": "30"}, {"given": 8 * 86_400.0}, {}):
        with pytest.raises(MatchError):
            m.step("clock", None, bad)
    with pytest.raises(MatchError):
        Match.start(UC, 2, 7, None).step("clock", None, {"given": 5.0})


def test_the_replay_of_a_game_lost_on_time_steps_through_its_flag() -> None:
    """The replay record rebuilds a timed game with its clock: its flag entry is a step."""
    from donjon.server.export import replay_record
    from donjon.store.models import GameActionRow, GameRow, GameSeatRow

    row = GameRow(id="g1", kind="unfairchess", mode="friendly", stake=0, seed=7, options=None, status="finished",
                  outcome=None, created_at=0.0, finished_at=300.0, next_game=None, rematch_of=None,
                  time_control=BLITZ.to_json(), plies=2)
    seats = [GameSeatRow(game_id="g1", seat=i, user_id=i + 1, name=n, bot_level=None) for i, n in enumerate("ab")]
    log = [("play", 0, {"action": {"type": "move", "uci": "e2e4"}, "at": 100.0}),
           ("play", 1, {"action": {"type": "move", "uci": "e7e5"}, "at": 105.0}),
           ("flag", 0, {"at": 105.0 + 183.0})]
    entries = [GameActionRow(game_id="g1", seq=i + 1, kind=k, seat=s, data=d, created_at=d["at"])
               for i, (k, s, d) in enumerate(log)]
    rec = replay_record(row, seats, entries)
    assert [s["kind"] for s in rec["steps"]] == ["start", "play", "play", "flag"]
