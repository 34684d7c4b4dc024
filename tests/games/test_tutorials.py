"""Every game's tutorial (GameInfo.tutorial) replays through its engine: each lesson's setup
and prelude are legal, its solution is one of the seat's legal actions and is expected, the
scripted replies are legal. A rule change that makes a lesson's expected action illegal
fails here, not silently in a lesson."""

from __future__ import annotations

import json

import pytest

from donjon.games import game_ids, get_game, get_info
from donjon.games.info import LANGS
from donjon.server import tutorials

WITH = [g for g in game_ids() if get_info(g).tutorial]


def lessons() -> list[tuple[str, int]]:
    return [(g, i) for g in WITH for i in range(len(tutorials.tutorial(g).lessons))]


def test_the_three_games_have_a_tutorial() -> None:
    assert {"unfairchess", "castel", "citadel"} <= set(WITH)


@pytest.mark.parametrize(("game", "n"), lessons())
def test_a_lesson_replays_through_the_engine(game: str, n: int) -> None:
    g = get_game(game)
    lesson = tutorials.tutorial(game).lessons[n]
    st = tutorials.lesson_state(game, lesson)
    assert lesson.seat in g.to_act(st), "the lesson opens on the learner's turn"
    legal = g.legal_actions(st, lesson.seat)
    assert lesson.solution in legal
    # every matcher names at least one legal action (no matcher the engine can never satisfy)
    for m in lesson.expect:
        assert any(all(a.get(k) == v for k, v in m.items()) for a in legal), m
    after, end = tutorials.play(game, lesson, lesson.solution)
    assert after is not st
    json.dumps(g.view(end, lesson.seat))


@pytest.mark.parametrize("game", WITH)
def test_texts_in_every_language(game: str) -> None:
    tut = tutorials.tutorial(game)
    assert 5 <= len(tut.lessons) <= 8
    for lesson in tut.lessons:
        for field in (lesson.title, lesson.text, lesson.hint, lesson.done):
            assert set(field) == set(LANGS) and all(field.values())


def test_a_malformed_tutorial_is_refused() -> None:
    good = {"id": "a", "title": dict.fromkeys(LANGS, "t"), "text": dict.fromkeys(LANGS, "t"),
            "hint": dict.fromkeys(LANGS, "h"), "done": dict.fromkeys(LANGS, "d"),
            "expect": [{"type": "move"}], "solution": {"type": "move", "uci": "e2e4"}}
    finish = dict.fromkeys(LANGS, "f")
    assert tutorials.parse("x", {"lessons": [good], "finish": finish}).lessons[0].id == "a"
    for bad in ({**good, "solution": {"type": "card"}}, {**good, "expect": []},
                {**good, "text": {"en": "only English"}}, {**good, "prelude": [{"action": {}}]}):
        with pytest.raises(tutorials.TutorialError):
            tutorials.parse("x", {"lessons": [bad], "finish": finish})
