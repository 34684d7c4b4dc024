"""The turn: draw 2, 3 regular actions, at most 1 card, then the Professor; decks and cleanup."""

from __future__ import annotations

from donjon.games.citadel import GAME
from donjon.games.citadel.catalogue import CHARACTERS

from .util import QUIET, act, card, end, events, illegal, legal_of, scene


def test_each_turn_draws_two_cards_and_reveals_them() -> None:
    st = scene(dice=[QUIET] * 6)
    for _ in range(4):
        assert len(st.char.revealed or []) == 2
        view = GAME.view(st, None)
        me = next(c for c in view["characters"] if c["active"])
        assert [c["card"] for c in me["revealed"]] == st.char.revealed
        st = end(st)


def test_at_most_one_card_per_turn_at_any_moment_between_actions() -> None:
    st = scene(rooms={"nathan": "gallery"}, revealed=["adrenaline", "sprint"], dice=[QUIET])
    st = act(st, {"type": "open", "door": "D01"})
    st = card(st, "adrenaline")
    assert st.actions_left == 3 and st.card_played == "adrenaline"
    assert not legal_of(st, "card")
    assert "already played Adrenaline" in illegal(st, {"type": "card", "card": "sprint", "to": "conservatory"})
    st = act(st, {"type": "move", "to": "conservatory"})
    assert st.actions_left == 2


def test_playing_a_card_is_optional_and_costs_no_action() -> None:
    st = scene(revealed=["sprint", "adrenaline"], dice=[QUIET])
    st = card(st, "sprint", to="gallery")
    assert st.actions_left == 3
    st2 = scene(revealed=["sprint", "adrenaline"], dice=[QUIET])
    st2 = end(st2)
    assert st2.turn == 2


def test_only_a_revealed_card_may_be_played() -> None:
    st = scene(revealed=["sprint", "adrenaline"])
    assert "not one of your two revealed cards" in illegal(st, {"type": "card", "card": "slip_through", "to": "gallery"})
    assert "not one of your two revealed cards" in illegal(st, {"type": "card", "card": "skeleton_key", "doors": ["D01"]})


def test_cleanup_discards_both_cards_played_or_not() -> None:
    st = scene(revealed=["adrenaline", "sprint"], dice=[QUIET])
    st = card(st, "adrenaline")
    st = end(st)
    nathan = st.chars[0]
    assert sorted(nathan.discard or []) == ["adrenaline", "sprint"]
    assert nathan.revealed == []


def test_an_empty_deck_reshuffles_all_six_discards_every_third_turn() -> None:
    st = scene(("nathan",), players=1, dice=[QUIET] * 8)
    seen = []
    for turn in range(1, 8):
        ch = st.char
        seen.append(tuple(ch.revealed or []))
        if turn in (4, 7):
            assert events(st, "deck_reshuffled") == [{"type": "deck_reshuffled", "character": "nathan", "cards": 6}]
        else:
            assert not events(st, "deck_reshuffled")
        assert len(ch.deck or []) + len(ch.discard or []) + len(ch.revealed or []) == 6
        st = end(st)
    first_cycle = [c for pair in seen[:3] for c in pair]
    assert sorted(first_cycle) == sorted(CHARACTERS["nathan"].card_ids)


def test_end_of_turn_rolls_the_three_dice_and_the_professor_acts_after_every_turn() -> None:
    st = scene(("nathan", "irene", "ada"), dice=[{"colour": "green", "action": "1", "clock": 5}] * 3)
    st = end(st)
    roll = events(st, "roll")[0]
    assert {k: roll[k] for k in ("colour", "action", "clock")} == {"colour": "green", "action": "1", "clock": 5}
    assert st.professor == "observatory" and st.clock == 5
    st = end(st)
    assert st.professor == "salon" and st.clock == 10
    assert st.char.id == "ada"


def test_unscripted_dice_come_from_the_seeded_rng() -> None:
    a = end(scene())
    b = end(scene())
    assert a.dice == b.dice
    rolls = set()
    for seed in range(30):
        st = GAME.setup(2, seed, {"characters": ["nathan", "ada"], "first": 0})
        st = end(st)
        assert st.dice is not None
        rolls.add((st.dice["colour"], st.dice["action"], st.dice["clock"]))
    assert len(rolls) > 10


def test_solo_two_characters_alternate_with_a_professor_phase_after_each() -> None:
    st = scene(("nathan", "irene"), players=1, dice=[QUIET] * 4)
    assert GAME.to_act(st) == [0]
    order = []
    for _ in range(4):
        order.append(st.char.id)
        st = end(st)
        assert [e["type"] for e in st.log].count("roll") == 1
    assert order == ["nathan", "irene", "nathan", "irene"]
    assert st.clock == 20


def test_professor_phase_is_reported_as_events_for_the_ui() -> None:
    st = scene(rooms={"nathan": "music_room"}, dice=[{"colour": "red", "action": "2", "clock": 5}])
    st = end(st)
    kinds = [e["type"] for e in GAME.view(st, 0)["professor_log"]]
    assert kinds[:2] == ["professor_phase", "roll"]
    assert kinds.count("professor_move") == 2
    assert "flee" in kinds and "clock" in kinds
    assert [e["type"] for e in GAME.view(st, 0)["events"]][-2:] == ["turn", "draw"]
