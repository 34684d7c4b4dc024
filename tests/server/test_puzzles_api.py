"""The puzzle API: a puzzle is served as the solver's seat view (deck and opponent's hand
hidden), a right action gets the stored replies, a wrong one "not the best — try again" and
the start again; the first result is rated once (player and puzzle, Glicko-2); bad input is
refused and changes nothing."""

from __future__ import annotations

from typing import Any

from donjon.games import get_info
from donjon.games.puzzles import Puzzle
from tests.server.conftest import Site

GAME = "unfairchess"


def shipped(theme: str) -> Puzzle:
    return next(p for p in get_info(GAME).puzzles().load() if p.themes[0] == theme)


def longest_mate() -> Puzzle:
    """The shipped mate with the most solver actions (a mate in 2 when the set has one)."""
    mates = [p for p in get_info(GAME).puzzles().load() if p.themes[0].startswith("mate_in_")]
    return max(mates, key=lambda p: (len(p.solver_steps()), p.themes[0]))


def url(p: Puzzle) -> str:
    return f"/api/puzzles/{p.game}/{p.id}"


def solver_actions(p: Puzzle) -> list[dict[str, Any]]:
    return [p.line[i]["action"] for i in p.solver_steps()]


def wrong_action(c: Any, p: Puzzle) -> dict[str, Any]:
    legal = c.get(url(p)).json()["legal"]
    right = p.line[0]["action"]
    return next(a for a in legal if a != right and a["type"] == "move")


def tables(site: Site) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    return (site.sql("select user_id, game, puzzle_id, progress, tries, result from puzzle_attempts order by id"),
            site.sql("select game, subject, rating, attempts from puzzle_ratings order by subject"))


def test_served_view_hides_the_deck_and_the_opponents_hand(site: Site) -> None:
    p = shipped("mate_in_1")
    data = site.client().get(url(p)).json()
    view = data["view"]
    assert data["seat"] == p.seat and view["seat"] == p.seat and data["steps"] == 1 and data["progress"] == 0
    assert [h["card"] for h in view["hand"]] == p.options["hands"][str(p.seat)]
    text = str(data)
    assert "decks" not in view and "hands" not in view and "line" not in data
    assert view["deck_counts"] == [len(p.options["decks"]["0"]), len(p.options["decks"]["1"])]
    assert view["discard"] == p.options["discard"]
    # the top of either deck is nowhere in the answer
    assert "known_top" not in view or view["known_top"] == []
    assert p.line[0]["action"] in data["legal"]
    opponent = p.options["hands"][str(1 - p.seat)]
    assert view["hand_counts"][1 - p.seat] == len(opponent) and "opponent_known" in view
    for deck in p.options["decks"].values():
        assert str(deck[:3])[1:-1] not in text


def test_solve_rates_once_and_moves_both_ratings(site: Site) -> None:
    p = longest_mate()
    alice = site.user("alice")
    steps = solver_actions(p)
    for i, action in enumerate(steps):
        r = alice.post(f"{url(p)}/act", json={"step": i, "action": action})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["correct"] is True and body["message"] is None
        idx = p.solver_steps()
        if i < len(steps) - 1:
            between = [e for e in p.line[idx[i] + 1: idx[i + 1]]]
            assert body["done"] is False and body["progress"] == i + 1 and body["replies"] == between
        else:
            assert body["done"] is True and body["legal"] == [] and body["view"]["outcome"]["winners"] == [p.seat]
    assert body["rated"]["after"] > body["rated"]["before"] == 1500
    attempts, ratings = tables(site)
    assert attempts == [(1, GAME, p.id, 0, 1, "solved")]
    assert [(s, n) for _, s, _, n in ratings] == [(f"p:{p.id}", 1), ("u:1", 1)]
    assert ratings[0][2] < p.rating  # the puzzle lost to the player
    # solving it again is practice: nothing rated twice
    for i, action in enumerate(steps):
        body = alice.post(f"{url(p)}/act", json={"step": i, "action": action}).json()
    assert body["done"] is True and body["rated"] is None
    attempts2, ratings2 = tables(site)
    assert attempts2 == [(1, GAME, p.id, 0, 2, "solved")] and ratings2 == ratings


def test_wrong_first_action_try_again_counts_as_failed(site: Site) -> None:
    p = shipped("mate_in_1")
    bob = site.user("bob")
    start = bob.get(url(p)).json()
    r = bob.post(f"{url(p)}/act", json={"step": 0, "action": wrong_action(bob, p)})
    body = r.json()
    assert r.status_code == 200 and body["correct"] is False and body["done"] is False
    assert body["message"] == "Not the best — try again."
    assert body["view"] == start["view"] and body["progress"] == 0  # back at the start
    assert body["rated"]["after"] < body["rated"]["before"] == 1500
    assert body["attempt"]["result"] == "failed"
    # then solving it does not turn the failure into a success
    body = bob.post(f"{url(p)}/act", json={"step": 0, "action": p.line[0]["action"]}).json()
    assert body["correct"] is True and body["done"] is True and body["rated"] is None
    assert tables(site)[0] == [(1, GAME, p.id, 0, 2, "failed")]
    fr = bob.post(f"{url(p)}/act?lang=fr", json={"step": 0, "action": wrong_action(bob, p)}).json()
    assert fr["message"] == "Pas le meilleur coup — réessaie."


def test_bad_input_is_refused_and_changes_nothing(site: Site) -> None:
    p = shipped("material")
    carol = site.user("carol")
    before = tables(site)
    assert site.client().post(f"{url(p)}/act", json={"step": 0, "action": p.line[0]["action"]}).status_code == 401
    r = carol.post(f"{url(p)}/act", json={"step": 0, "action": {"type": "move", "uci": "a1a8"}})
    assert r.status_code == 400 and r.json()["code"] == "illegal_action"
    r = carol.post(f"{url(p)}/act", json={"step": 0, "action": {"type": "dance"}})
    assert r.status_code == 400
    assert carol.post(f"{url(p)}/act", json={"step": "0", "action": {}}).status_code == 422
    assert carol.post(f"{url(p)}/act", json={"step": 0, "action": {}, "x": 1}).status_code == 422
    r = carol.post(f"{url(p)}/act", json={"step": 1, "action": p.line[0]["action"]})
    assert r.status_code == 409 and r.json()["code"] == "stale_step"
    assert carol.get(f"/api/puzzles/{GAME}/nope").status_code == 404
    assert carol.post(f"/api/puzzles/{GAME}/nope/act", json={"step": 0, "action": {}}).status_code == 404
    assert carol.get("/api/puzzles/next?game=nope").status_code == 404
    assert tables(site) == before


def test_next_and_daily(site: Site) -> None:
    c = site.guest()
    listed = c.get("/api/puzzles").json()
    assert listed["games"][0]["game"] == GAME and listed["games"][0]["count"] >= 5
    daily = c.get("/api/puzzles/daily").json()
    assert daily == listed["daily"] == c.get("/api/puzzles/daily").json()
    nxt = c.get("/api/puzzles/next").json()
    assert nxt["game"] == GAME
    # once tried, another puzzle comes next
    p = next(q for q in get_info(GAME).puzzles().load() if q.id == nxt["id"])
    legal = c.get(url(p)).json()["legal"]
    c.post(f"{url(p)}/act", json={"step": 0, "action": next(a for a in legal if a != p.line[0]["action"])})
    assert c.get("/api/puzzles/next").json()["id"] != nxt["id"]
    home = c.get("/")
    assert 'href="/puzzles/daily"' in home.text
    assert c.get(f"/puzzles/{GAME}/{p.id}").status_code == 200 and c.get("/puzzles").status_code == 200
    assert c.get(f"/puzzles/{GAME}/nope").status_code == 404
