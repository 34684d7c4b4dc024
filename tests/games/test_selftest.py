"""The conformance checks can fail: each broken copy of the fixture game (Tiny Hands,
:mod:`tests.games.fixture`) breaks one promise of the protocol, and the check of that
promise must catch it, while the sound game passes every check."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from donjon.games.protocol import Action, IllegalAction, View
from tests.games import conformance as c
from tests.games.fixture import PILES, State, TinyHands


def run(check: str, game: Any, players: int = 2) -> None:
    """``check`` on two short playouts of ``game``."""
    fn: Callable[..., Any] = getattr(c, check)
    rng = random.Random(5)
    for p in c.playouts(game, players, seeds=2, max_actions=30):
        if check in ("check_playout", "check_turns", "check_json", "check_brief_lists"):
            fn(p)
        else:
            fn(p, rng)


@pytest.mark.parametrize("players", [2, 3])
def test_the_sound_fixture_passes_every_check(players: int) -> None:
    game = TinyHands()
    ps = c.playouts(game, players, seeds=3, max_actions=40)
    assert any(p.ended for p in ps)
    c.check_all(ps)


class NoCopy(TinyHands):
    """Plays on the state it was given instead of a copy."""

    def apply(self, state: State, seat: int, action: Action) -> State:
        super().apply(state, seat, action)  # the checks
        return self._play(state, seat, action["card"], action["pile"])


class ChangesOnRefusal(TinyHands):
    """Counts a refused action in the state before refusing it."""

    def apply(self, state: State, seat: int, action: Action) -> State:
        try:
            return super().apply(state, seat, action)
        except IllegalAction:
            state.moves += 1
            raise


class CrashesOnGarbage(TinyHands):
    """Reads the card before checking that the action is an object with one."""

    def apply(self, state: State, seat: int, action: Action) -> State:
        action["card"]  # noqa: B018 - a KeyError or TypeError on malformed input
        return super().apply(state, seat, action)


class SilentRefusal(TinyHands):
    def apply(self, state: State, seat: int, action: Action) -> State:
        try:
            return super().apply(state, seat, action)
        except IllegalAction:
            raise IllegalAction("") from None


class AnySeat(TinyHands):
    """Plays for whoever is to act, whatever seat sent the action."""

    def apply(self, state: State, seat: int, action: Action) -> State:
        return super().apply(state, state.turn, action)


class AcceptsUnlisted(TinyHands):
    """Lets a seat play any card still in the deck, not only those of its hand."""

    def apply(self, state: State, seat: int, action: Action) -> State:
        card = action.get("card") if isinstance(action, dict) else None
        if isinstance(action, dict) and card in state.deck and seat == state.turn and action.get("pile") in PILES:
            st = state.copy()
            st.deck.remove(card)
            st.hands[seat].append(card)
            return self._play(st, seat, card, action["pile"])
        return super().apply(state, seat, action)


class LeaksHands(TinyHands):
    """Shows every seat the others' hands."""

    def view(self, state: State, seat: int | None) -> View:
        out = super().view(state, seat)
        if seat is not None:
            out["hands"] = [list(h) for h in state.hands]
        return out


class SpectatorSeesHands(TinyHands):
    def view(self, state: State, seat: int | None) -> View:
        out = super().view(state, seat)
        if seat is None:
            out["hands"] = [list(h) for h in state.hands]
        return out


class LeaksTheDeck(TinyHands):
    """Tells a seat the next card it will draw (the deck is hidden from everyone)."""

    def view(self, state: State, seat: int | None) -> View:
        out = super().view(state, seat)
        if seat is not None and state.deck:
            out["next"] = state.deck[0]
        return out


class ResamplesOwnHand(TinyHands):
    """Determinizes the seat's own hand too."""

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        st = super().determinize(state, seat, rng)
        pool = st.deck + st.hands[seat]
        rng.shuffle(pool)
        st.hands[seat], st.deck = pool[: len(st.hands[seat])], pool[len(st.hands[seat]):]
        return st


class UnseededDeterminize(TinyHands):
    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return super().determinize(state, seat, random.Random())


class TupleView(TinyHands):
    def view(self, state: State, seat: int | None) -> View:
        out = super().view(state, seat)
        out["hand_counts"] = tuple(out["hand_counts"])
        return out


class BriefLosesACard(TinyHands):
    def view_and_brief_legal(self, state: State, seat: int | None) -> tuple[View, list[Action]]:
        view, brief = super().view_and_brief_legal(state, seat)
        return view, brief[:-1]


class BriefViewDiffers(TinyHands):
    def view_and_brief_legal(self, state: State, seat: int | None) -> tuple[View, list[Action]]:
        view, brief = super().view_and_brief_legal(state, seat)
        return {**view, "brief": True}, brief


class ViewsShareTheFirstSeat(TinyHands):
    """Builds every audience's view once, for the first audience's seat."""

    def views(self, state: State, audiences: Sequence[tuple[int | None, str | None]]) -> list[tuple[View, list[Action]]]:
        first = self.view(state, audiences[0][0])
        return [(first, [] if kind is None else self.legal_actions(state, seat) if seat is not None else [])
                for seat, kind in audiences]


class ExpandsToTheWholeHand(TinyHands):
    """Gives every play of the hand behind each card's lazy entry."""

    def expand(self, state: State, seat: int, partial: Action) -> list[Action]:
        return self.legal_actions(state, seat)


class ListsForEverySeat(TinyHands):
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [{"type": "card", "card": c, "pile": p} for c in state.hands[seat] for p in PILES]


class ListsAnUnplayableAction(TinyHands):
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        out = super().legal_actions(state, seat)
        return [*out, {"type": "card", "card": 0, "pile": "gain"}] if out else out


class ToActAfterTheEnd(TinyHands):
    def to_act(self, state: State) -> list[int]:
        return [state.turn]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        out = super().legal_actions(state, seat)
        return out or ([{"type": "pass"}] if seat == state.turn else [])


class UnseededSetup(TinyHands):
    """Shuffles with an unseeded rng: a record no longer replays."""

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        return super().setup(players, random.randrange(10**9), options)


class DrawIsNotAnOutcome(TinyHands):
    """A game over with a malformed outcome: a draw that names winners."""

    def outcome(self, state: State) -> Any:
        out = super().outcome(state)
        if out is not None and out.draw:
            return out
        if out is not None:
            return type(out)(out.winners, out.losers, True, out.reason, out.scores)
        return None


class NoHiddenInformation(TinyHands):
    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        raise NotImplementedError


BROKEN = [
    (NoCopy, "check_listed_are_accepted", "changed the state it was given"),
    (NoCopy, "check_replay", "replays to another state|changed the state it was given"),
    (ChangesOnRefusal, "check_refusals", "refusing actions changed the state"),
    (CrashesOnGarbage, "check_refusals", "raised (KeyError|TypeError)"),
    (SilentRefusal, "check_refusals", "gave no reason"),
    (AnySeat, "check_refusals", "is not to act"),
    (AcceptsUnlisted, "check_accepted_are_listed", "which legal_actions does not list"),
    (LeaksHands, "check_determinize", r"changed what seat \d sees: .hands"),
    (SpectatorSeesHands, "check_determinize", "changed what seat None sees"),
    (LeaksTheDeck, "check_determinize", r"changed what seat \d sees: .next"),
    (ResamplesOwnHand, "check_determinize", r"changed what seat \d sees: .hand"),
    (UnseededDeterminize, "check_determinize", "two states for one seed"),
    (TupleView, "check_json", "tuple .* is not plain JSON"),
    (BriefLosesACard, "check_brief_lists", "expands to another list"),
    (BriefViewDiffers, "check_brief_lists", "view_and_brief_legal.* view differs"),
    (ExpandsToTheWholeHand, "check_brief_lists", "gives other actions"),
    (ViewsShareTheFirstSeat, "check_brief_lists", r"views' \(\d, 'brief'\) differs from the separate call"),
    (ListsForEverySeat, "check_turns", "is not to act .* but has legal actions"),
    (ListsAnUnplayableAction, "check_listed_are_accepted", "listed action .* was refused"),
    (ListsAnUnplayableAction, "check_playout", "was refused"),
    (ToActAfterTheEnd, "check_turns", r"to_act \[\d\] but outcome Outcome"),
    (UnseededSetup, "check_replay", "replays to another state"),
    (DrawIsNotAnOutcome, "check_turns", "a draw has neither winners nor losers"),
]


@pytest.mark.parametrize("broken, check, message", BROKEN,
                         ids=[f"{b.__name__}-{chk[6:]}" for b, chk, _ in BROKEN])
def test_each_check_catches_its_broken_promise(broken: type[TinyHands], check: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        run(check, broken())


def test_a_game_without_hidden_information_may_refuse_to_determinize() -> None:
    p = c.play(NoHiddenInformation(), 2, 1, max_actions=10)
    assert c.check_determinize(p, random.Random(1)) is False


def test_snapshot_sees_deep_changes_but_not_caches() -> None:
    st = TinyHands().setup(2, 3)
    before = c.snapshot(st)
    st.piles[0]["gain"].append(99)
    assert c.snapshot(st) != before
    st.piles[0]["gain"].pop()
    assert c.snapshot(st) == before
    st._cache = {"filled": True}  # type: ignore[attr-defined]
    assert c.snapshot(st) == before


def test_json_problem_names_what_is_not_plain_json() -> None:
    assert c.json_problem({"a": [1, "x", None, True, 1.5, {"b": []}]}) is None
    assert "tuple" in (c.json_problem({"a": (1,)}) or "")
    assert "key" in (c.json_problem({1: 2}) or "")
    assert "number" in (c.json_problem([float("nan")]) or "")
    assert "set" in (c.json_problem({"a": {1}}) or "")
