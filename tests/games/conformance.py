"""Game-independent checks of :class:`donjon.games.protocol.Game`, after OpenSpiel's
random-simulation test: seeded random playouts, and at every position of them the promises
of the protocol, checked with nothing but the protocol's own functions (its required
methods, its optional hooks, whether the game overrides them or not, and the module-level
functions the server calls: ``view_and_legal``, ``view_and_brief_legal``, ``card_targets``).

:func:`play` plays one game; each ``check_*`` function takes a :class:`Playout` and raises
:class:`AssertionError` naming the game, the seat count, the seed and the action index of
the first broken promise. ``tests/games/test_conformance.py`` runs every check on every
registered game and seat count; ``tests/games/test_selftest.py`` runs them on broken copies
of a tiny fixture game to show that each one can fail.

Nothing here names a game: a new game in the registry is checked as it is. The table
options a game declares in its ``info`` (:class:`donjon.games.info.GameInfo`) are drawn at
random; a game whose ``apply`` accepts several spellings of one listed action that leave
*different* states (Castel's copies of a card) declares how to compare them with its
``choice_key`` hook (:meth:`donjon.games.protocol.BaseGame.choice_key`).
"""

from __future__ import annotations

import enum
import json
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from donjon.games import get_game
from donjon.games.protocol import (
    Action,
    Game,
    IllegalAction,
    Outcome,
    card_targets,
    view_and_brief_legal,
    view_and_legal,
)

SEEDS = 3
"""Random playouts per game and seat count."""
MAX_ACTIONS = 100
"""Actions per playout at most (a game that reaches the cap is fine)."""
MUTANTS = 10
"""Near-miss actions tried at each position for each seat to act (:func:`mutants`)."""
MAX_LISTED = 10
"""Listed actions applied at each position for each seat to act (at least one of each type)."""

JUNK_SEATS: tuple[Any, ...] = (-1, None, "0", [0], 0.0, 1.0, True, False)
"""Seats no game has: ``0.0``, ``1.0``, ``True`` and ``False`` compare equal to seats 0
and 1 but are not ints (a record read from JSON could carry them)."""
JUNK_VALUES: tuple[Any, ...] = (None, True, False, -1, 0, 10**9, 1.5, "", "zz", [], {}, [None], {"zz": 1})



# ============================================================================ values


def snapshot(x: Any, _path: frozenset[int] = frozenset()) -> Any:
    """A plain, comparable picture of ``x`` by value, deep: every public attribute of every
    object (slots and ``__dict__``), lists, dicts in their order, sets sorted. Attributes
    whose name starts with ``_`` are caches (a FEN, an index) that a read may fill, so they
    are left out; that the state still *behaves* the same is checked on what it shows
    (:func:`observe`)."""
    t = type(x)
    if x is None or t in (bool, int, float, str, bytes, complex):
        return x
    if isinstance(x, enum.Enum):
        return (t.__qualname__, x.value)
    if isinstance(x, random.Random):
        return ("Random", x.getstate())
    if id(x) in _path:
        return ("<cycle>",)
    path = _path | {id(x)}
    if isinstance(x, (list, tuple)):
        return (t.__name__, [snapshot(v, path) for v in x])
    if isinstance(x, dict):
        return (t.__name__, [(snapshot(k, path), snapshot(v, path)) for k, v in x.items()])
    if isinstance(x, (set, frozenset)):
        return (t.__name__, sorted((snapshot(v, path) for v in x), key=repr))
    names: list[str] = []
    for klass in t.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    names.extend(getattr(x, "__dict__", {}))
    fields = {n: snapshot(getattr(x, n, "<unset>"), path) for n in dict.fromkeys(names) if not n.startswith("_")}
    return (f"{t.__module__}.{t.__qualname__}", fields)


def canon(value: Any) -> str:
    """A JSON value as canonical text (sorted keys): how listed and sent actions compare."""
    return json.dumps(value, sort_keys=True)


def json_problem(x: Any, where: str = "") -> str | None:
    """Why ``x`` is not plain JSON (dicts with string keys, lists, strings, finite numbers,
    booleans, None), or None. A tuple is refused: it comes back from JSON as a list."""
    t = type(x)
    if x is None or t in (bool, int, str):
        return None
    if t is float:
        return None if math.isfinite(x) else f"{where}: the number {x!r} is not JSON"
    if t is list:
        return next((p for i, v in enumerate(x) if (p := json_problem(v, f"{where}[{i}]"))), None)
    if t is dict:
        bad = [k for k in x if type(k) is not str]
        if bad:
            return f"{where}: the key {bad[0]!r} is not a string"
        return next((p for k, v in x.items() if (p := json_problem(v, f"{where}.{k}"))), None)
    return f"{where}: {t.__name__} {x!r:.80} is not plain JSON"


def diff(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON-like values first differ (for failure messages)."""
    if type(a) is not type(b):
        return f"{path or '.'}: {a!r:.200} != {b!r:.200}"
    if isinstance(a, dict):
        for k in [*a, *(k for k in b if k not in a)]:
            if k not in a or k not in b:
                return f"{path}.{k}: only in {'the first' if k in a else 'the second'}"
            if a[k] != b[k]:
                return diff(a[k], b[k], f"{path}.{k}")
        return ""
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}: {a!r:.200} != {b!r:.200}"
        return next((diff(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y), "")
    return f"{path or '.'}: {a!r:.200} != {b!r:.200}" if a != b else ""


# ============================================================================ observations


def seats_of(players: int) -> list[int | None]:
    """Every seat, and a spectator (``None``)."""
    return [None, *range(players)]


def observe(game: Game, state: Any, players: int) -> dict[str, Any]:
    """Everything the protocol lets anyone read off ``state``: whose turn, the outcome, each
    seat's and a spectator's view, each seat's legal actions, and the dump."""
    outcome = game.outcome(state)
    out: dict[str, Any] = {
        "to_act": list(game.to_act(state)),
        "outcome": outcome.to_json() if isinstance(outcome, Outcome) else outcome,
        "views": {str(s): game.view(state, s) for s in seats_of(players)},
        "legal": {str(s): game.legal_actions(state, s) for s in range(players)},
        "dump": game.dump(state),
    }
    return out


def same_result(game: Game, players: int, a: Any, b: Any) -> bool:
    """Two states nothing can tell apart: the same snapshot and the same observations."""
    return bool(snapshot(a) == snapshot(b) and observe(game, a, players) == observe(game, b, players))


# ============================================================================ playouts


@dataclass
class Playout:
    """One seeded random game: ``states[k]`` is the state after ``actions[:k]``, with its
    snapshot and observations taken when it was made."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any] | None
    max_actions: int = MAX_ACTIONS
    states: list[Any] = field(default_factory=list)
    actions: list[tuple[int, Action]] = field(default_factory=list)
    snapshots: list[Any] = field(default_factory=list)
    observations: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    """Why the playout stopped early (a listed action refused, an exception ...)."""

    def where(self, k: int) -> str:
        return f"{self.game.id} {self.players}p seed {self.seed} options {self.options} after {k} actions"

    def record(self, upto: int | None = None) -> dict[str, Any]:
        """The game record ``donjon replay`` reads."""
        acts = self.actions if upto is None else self.actions[:upto]
        return {"game": self.game.id, "players": self.players, "seed": self.seed, "options": self.options or {},
                "actions": [{"seat": s, "action": a} for s, a in acts]}

    @property
    def ended(self) -> bool:
        return bool(self.observations) and self.observations[-1]["outcome"] is not None

    def points(self) -> Iterator[tuple[int, Any, dict[str, Any]]]:
        """``(k, state, observations)`` for every position."""
        yield from zip(range(len(self.states)), self.states, self.observations, strict=True)


def random_options(game: Game, rng: random.Random) -> dict[str, Any] | None:
    """Random values of the table options the game declares (``game.info.options``)."""
    out = {}
    for opt in getattr(getattr(game, "info", None), "options", ()) or ():
        values = getattr(opt, "values", None)
        if values:
            out[opt.name] = rng.choice(list(values))
    return out or None


def pick(rng: random.Random, legal: list[Action]) -> Action:
    """A random listed action: mostly a random type first (so a game with many targetings
    of one kind still draws, moves and ends), sometimes uniformly."""
    if rng.random() < 0.3:
        return rng.choice(legal)
    kind = rng.choice(sorted({str(a.get("type")) for a in legal}))
    return rng.choice([a for a in legal if str(a.get("type")) == kind])


def play(game: Game, players: int, seed: int, options: dict[str, Any] | None = None,
         max_actions: int = MAX_ACTIONS) -> Playout:
    """A random playout from ``setup(players, seed, options)``, every position observed."""
    rng = random.Random(f"conformance:{game.id}:{players}:{seed}")
    p = Playout(game, players, seed, options, max_actions)
    try:
        state = game.setup(players, seed, options or None)
    except Exception as e:  # noqa: BLE001 - reported by check_playout
        p.error = f"setup({players}, {seed}, {options}) raised {type(e).__name__}: {e}"
        return p
    while True:
        k = len(p.actions)
        try:
            obs = observe(game, state, players)
        except Exception as e:  # noqa: BLE001
            p.error = f"{p.where(k)}: reading the state raised {type(e).__name__}: {e}"
            return p
        p.states.append(state)
        p.snapshots.append(snapshot(state))
        p.observations.append(obs)
        to_act = obs["to_act"]
        if not to_act or k >= max_actions:
            return p
        seat = rng.choice(to_act)
        legal = obs["legal"].get(str(seat)) if type(seat) is int else None
        if not legal:
            p.error = f"{p.where(k)}: seat {seat!r} is to act but has no legal action"
            return p
        action = pick(rng, legal)
        status, result = attempt(game, state, seat, action)
        if status != "ok":
            p.error = f"{p.where(k)}: the listed action {action} of seat {seat} was {status}: {result}"
            return p
        state = result
        p.actions.append((seat, action))


def playouts(game: Game, players: int, seeds: int = SEEDS, max_actions: int = MAX_ACTIONS) -> list[Playout]:
    """``seeds`` playouts: the first with no options (the game's defaults), the others with
    random values of its declared options."""
    out = []
    for i in range(seeds):
        options = None if i == 0 else random_options(game, random.Random(f"options:{game.id}:{players}:{i}"))
        out.append(play(game, players, 1000 * players + i, options, max_actions))
    return out


# ============================================================================ candidate actions


class Pools:
    """Values seen in each field of the listed actions of a playout (any seat, any
    position): the material for plausible wrong actions."""

    def __init__(self, playout: Playout) -> None:
        seen: dict[str, dict[str, Any]] = {}
        self.actions: list[Action] = []
        for obs in playout.observations:
            for legal in obs["legal"].values():
                for a in legal:
                    if not isinstance(a, dict):
                        continue
                    if len(self.actions) < 400:
                        self.actions.append(a)
                    for k, v in a.items():
                        bucket = seen.setdefault(k, {})
                        if len(bucket) < 60:
                            bucket.setdefault(canon(v), v)
        self.values = {k: list(v.values()) for k, v in seen.items()}

    def value(self, rng: random.Random, key: str) -> Any:
        pool = self.values.get(key)
        if pool and rng.random() < 0.7:
            return rng.choice(pool)
        return rng.choice(JUNK_VALUES)


def bend(rng: random.Random, v: Any, pools: Pools, key: str) -> Any:
    """A value near ``v``: another value seen in the field, junk, or a small edit."""
    if rng.random() < 0.4:
        return pools.value(rng, key)
    if isinstance(v, str):
        return rng.choice([v.upper(), f" {v}", v[:-1], v + v[-1:], [v], v + "x"])
    if isinstance(v, bool):
        return not v
    if isinstance(v, (int, float)):
        return rng.choice([v + 1, v - 1, -v - 1, str(v), float(v) + 0.5, [v]])
    if isinstance(v, list):
        edits: list[Callable[[], Any]] = [
            lambda: v[::-1],
            lambda: rng.sample(v, len(v)),
            lambda: v[1:],
            lambda: v[:-1],
            lambda: v + v[:1],
            lambda: [*v, pools.value(rng, key)],
            lambda: v[0] if v else [],
            lambda: [bend(rng, x, pools, key) for x in v],
        ]
        return rng.choice(edits)()
    if isinstance(v, dict):
        return {k: bend(rng, x, pools, key) for k, x in v.items()}
    return rng.choice(JUNK_VALUES)


def mutants(rng: random.Random, legal: list[Action], others: list[Action], pools: Pools,
            n: int = MUTANTS) -> list[Action]:
    """Plausible actions near the listed ones: a field changed (to a value seen elsewhere,
    to junk, or edited), dropped or added; the type changed; two listed actions crossed;
    and actions listed at other positions or for other seats (``others``)."""
    out: list[Action] = []
    for _ in range(n):
        a = dict(rng.choice(legal))
        how = rng.random()
        keys = [k for k in a if k != "type"]
        if how < 0.4 and keys:
            k = rng.choice(keys)
            a[k] = bend(rng, a[k], pools, k)
        elif how < 0.5:
            a.pop(rng.choice(list(a)), None)
        elif how < 0.6:
            k = rng.choice([*pools.values, "zz_unknown"])
            a[k] = pools.value(rng, k)
        elif how < 0.7:
            a["type"] = rng.choice([*pools.values.get("type", []), "zz", None, 5, str(a.get("type")).upper()])
        elif how < 0.8:
            b = rng.choice(legal)
            for k in set(a) | set(b):
                if rng.random() < 0.5:
                    if k in b:
                        a[k] = b[k]
                    else:
                        a.pop(k, None)
        else:
            a = dict(rng.choice(others or pools.actions or legal))
        out.append(a)
    return out


def malformed(rng: random.Random, legal: list[Action]) -> list[Any]:
    """Actions no game may accept: not a JSON object, no type, an unknown type, a type that
    is not a string, and a listed action with an unknown field."""
    a = rng.choice(legal) if legal else {"type": "zz"}
    return [
        None, [], "type", 3, 1.5, True, [a], json.dumps(a), (a,),
        {}, {k: v for k, v in a.items() if k != "type"},
        {**a, "type": "zz_no_such_type"}, {**a, "type": None}, {**a, "type": 7}, {**a, "type": [a.get("type")]},
        {**a, "type": {"type": a.get("type")}},
        {**a, "zz_unknown_field": rng.choice(JUNK_VALUES)},
    ]


# ============================================================================ applying


def attempt(game: Game, state: Any, seat: Any, action: Any) -> tuple[str, Any]:
    """What one ``apply`` did: ``("ok", new state)``, ``("refused", reason)``, or
    ``("raised", text)`` for any exception but :class:`IllegalAction`."""
    try:
        return "ok", game.apply(state, seat, action)
    except IllegalAction as e:
        return "refused", e.reason
    except Exception as e:  # noqa: BLE001
        return "raised", f"{type(e).__name__}: {e}"


def assert_unchanged(p: Playout, k: int, state: Any, what: str, shows: bool = False) -> None:
    """``state`` (``p.states[k]``) is as it was made: the same snapshot, and with ``shows``
    the same observations (a stale cache would show there)."""
    now = snapshot(state)
    if now != p.snapshots[k]:
        raise AssertionError(f"{p.where(k)}: {what} changed the state it was given ({diff(now, p.snapshots[k])})")
    if not shows:
        return
    seen = observe(p.game, state, p.players)
    if seen != p.observations[k]:
        raise AssertionError(f"{p.where(k)}: {what} changed what the state shows ({diff(seen, p.observations[k])})")


def assert_refused_well(p: Playout, k: int, seat: Any, action: Any, status: str, result: Any) -> None:
    """A refusal is an :class:`IllegalAction` with a reason; no other exception."""
    if status == "raised":
        raise AssertionError(f"{p.where(k)}: seat {seat!r} sending {action!r:.300} raised {result} "
                             f"instead of IllegalAction")
    if status == "refused" and not (isinstance(result, str) and result.strip()):
        raise AssertionError(f"{p.where(k)}: refusing {action!r:.300} of seat {seat!r} gave no reason: {result!r}")


def likeness(a: Action, b: Action) -> int:
    """How alike two actions look (the likeliest alias is tried first)."""
    score = 0
    for k in set(a) | set(b):
        x, y = a.get(k), b.get(k)
        if x == y:
            score += 4
        elif isinstance(x, list) and isinstance(y, list) and sorted(map(canon, x)) == sorted(map(canon, y)):
            score += 3
        elif isinstance(x, str) and isinstance(y, str) and x.strip().lower() == y.strip().lower():
            score += 3
        elif k in a and k in b:
            score += 1
    return score


def assert_listed(p: Playout, k: int, seat: Any, action: Any, new: Any) -> None:
    """An accepted action is listed for that seat (as JSON), or is an alias of a listed one:
    a listed action whose result nothing can tell apart (``" e2e4"`` for ``"e2e4"``, a list
    in another order), or one the game declares the same choice (its ``choice_key``)."""
    legal = p.observations[k]["legal"].get(str(seat)) if type(seat) is int else None
    if legal is None:
        raise AssertionError(f"{p.where(k)}: accepted {action!r:.300} from {seat!r}, which is no seat of the game")
    sent = canon(action)
    if sent in {canon(a) for a in legal}:
        return
    key = p.game.choice_key
    if canon(key(action)) in {canon(key(a)) for a in legal}:
        return
    same_type = [a for a in legal if isinstance(action, dict) and a.get("type") == action.get("type")]
    for a in sorted(same_type, key=lambda a: -likeness(action, a)):
        status, other = attempt(p.game, p.states[k], seat, a)
        if status == "ok" and same_result(p.game, p.players, new, other):
            return
    raise AssertionError(f"{p.where(k)}: seat {seat} sent {action!r:.300}, which legal_actions does not list, "
                         f"and it was accepted (to_act {p.observations[k]['to_act']}, {len(legal)} listed, "
                         f"e.g. {same_type[:3]})")


def sample(rng: random.Random, legal: list[Action], limit: int) -> list[Action]:
    """``limit`` listed actions at random, at least one of each type (all if fewer)."""
    if len(legal) <= limit:
        return legal
    firsts = list({str(a.get("type")): a for a in rng.sample(legal, len(legal))}.values())
    rest = [a for a in legal if not any(a is f for f in firsts)]
    return firsts + rng.sample(rest, max(0, limit - len(firsts)))


# ============================================================================ the checks


def check_playout(p: Playout) -> None:
    """The playout ran: setup worked, every listed action it chose was accepted, and it
    stopped at an outcome or at the action cap."""
    if p.error:
        raise AssertionError(p.error)
    assert p.states, f"{p.where(0)}: no state"
    assert p.ended or len(p.actions) == p.max_actions, f"{p.where(len(p.actions))}: stopped with no outcome"


def check_turns(p: Playout) -> None:
    """``to_act`` is empty iff ``outcome`` is not None and names distinct seats of the game;
    each of them has a legal action, every other seat none; no action is listed twice; an
    outcome names seats of the game, a draw has neither winners nor losers, scores give one
    number per seat, and a cooperative game is won or lost by every seat together."""
    n = p.players
    for k, state, obs in p.points():
        where = p.where(k)
        to_act, outcome = obs["to_act"], p.game.outcome(state)
        assert all(type(s) is int and 0 <= s < n for s in to_act), f"{where}: to_act {to_act} names no seat of {n}"
        assert len(set(to_act)) == len(to_act), f"{where}: to_act {to_act} names a seat twice"
        assert (not to_act) == (outcome is not None), f"{where}: to_act {to_act} but outcome {outcome}"
        for s in range(n):
            legal = obs["legal"][str(s)]
            assert isinstance(legal, list), f"{where}: legal_actions(seat {s}) is a {type(legal).__name__}"
            if s in to_act:
                assert legal, f"{where}: seat {s} is to act but has no legal action"
            else:
                assert legal == [], f"{where}: seat {s} is not to act (to_act {to_act}) but has legal actions {legal[:3]}"
            assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal), \
                f"{where}: a legal action of seat {s} is not an object with a string type: {legal[:3]}"
            keys = [canon(a) for a in legal]
            assert len(set(keys)) == len(keys), f"{where}: seat {s}'s legal actions list an action twice"
        if outcome is not None:
            check_outcome(p, k, outcome)


def check_outcome(p: Playout, k: int, outcome: Any) -> None:
    where, seats = p.where(k), set(range(p.players))
    assert isinstance(outcome, Outcome), f"{where}: the outcome is a {type(outcome).__name__}, not an Outcome"
    winners, losers = set(outcome.winners), set(outcome.losers)
    assert winners <= seats and losers <= seats, f"{where}: {outcome} names no seat of the game"
    assert not winners & losers, f"{where}: a seat both won and lost: {outcome}"
    if outcome.draw:
        assert not winners and not losers, f"{where}: a draw has neither winners nor losers: {outcome}"
    assert isinstance(outcome.reason, str) and outcome.reason, f"{where}: the outcome has no reason: {outcome}"
    assert len(outcome.scores) in (0, p.players), f"{where}: {len(outcome.scores)} scores for {p.players} seats"
    if p.game.cooperative:
        assert winners in (set(), seats) and losers in (set(), seats), \
            f"{where}: a cooperative game is won or lost by every seat together: {outcome}"


def check_json(p: Playout) -> None:
    """Listed actions, views and outcomes are plain JSON; each action played survives a
    JSON round trip, and the round-tripped copy is accepted with the same result."""
    for k, state, obs in p.points():
        where = p.where(k)
        for s, view in obs["views"].items():
            problem = json_problem(view, f"view(seat {s})")
            assert problem is None, f"{where}: {problem}"
        for s, legal in obs["legal"].items():
            problem = json_problem(legal, f"legal_actions(seat {s})")
            assert problem is None, f"{where}: {problem}"
            for a in legal:
                assert json.loads(json.dumps(a)) == a, f"{where}: {a!r} does not survive a JSON round trip"
        outcome = p.game.outcome(state)
        if outcome is not None:
            problem = json_problem(outcome.to_json(), "outcome.to_json()")
            assert problem is None, f"{where}: {problem}"
        if k < len(p.actions):
            seat, action = p.actions[k]
            status, again = attempt(p.game, state, seat, json.loads(json.dumps(action)))
            assert status == "ok", f"{where}: the JSON copy of {action} was {status}: {again}"
            assert snapshot(again) == p.snapshots[k + 1] and observe(p.game, again, p.players) == p.observations[k + 1], \
                f"{where}: the JSON copy of {action} gave another state than the action itself"


def check_listed_are_accepted(p: Playout, rng: random.Random, limit: int = MAX_LISTED) -> None:
    """Every listed action of every seat to act is accepted (``limit`` per position and
    seat, at least one of each type), and leaves the state it was given unchanged."""
    for k, state, obs in p.points():
        assert_unchanged(p, k, state, "the next action of the playout")
        for seat in obs["to_act"]:
            for a in sample(rng, obs["legal"][str(seat)], limit):
                status, result = attempt(p.game, state, seat, a)
                assert status == "ok", f"{p.where(k)}: seat {seat}'s listed action {a} was {status}: {result}"
        assert_unchanged(p, k, state, "applying its listed actions")


def check_refusals(p: Playout, rng: random.Random, last_only: bool = False) -> None:
    """Malformed actions, listed actions sent by a seat that is not to act (or is no seat),
    and any action once the game is over are refused with a reason (never another
    exception), and change nothing."""
    n = p.players
    for k, state, obs in p.points():
        if last_only and k < len(p.states) - 1:
            continue
        to_act = obs["to_act"]
        listed = [a for s in to_act for a in obs["legal"][str(s)]]
        for seat in to_act or [0]:
            for action in malformed(rng, obs["legal"].get(str(seat), [])):
                status, result = attempt(p.game, state, seat, action)
                assert_refused_well(p, k, seat, action, status, result)
                assert status != "ok", f"{p.where(k)}: seat {seat}'s malformed action {action!r:.300} was accepted"
        for seat in [*(s for s in range(n) if s not in to_act), n, n + 3, *JUNK_SEATS]:
            for action in rng.sample(listed, min(3, len(listed))) if listed else [{"type": "zz"}]:
                status, result = attempt(p.game, state, seat, action)
                assert_refused_well(p, k, seat, action, status, result)
                if status == "ok":
                    who = (f"seat {seat} is not to act (to_act {to_act})" if type(seat) is int and 0 <= seat < n
                           else f"{seat!r} (a {type(seat).__name__}) is no seat: seats are the ints 0 to {n - 1}")
                    raise AssertionError(f"{p.where(k)}: {who}, but {action} sent by it was accepted")
        if obs["outcome"] is not None:
            for seat, action in p.actions[-3:]:
                status, result = attempt(p.game, state, seat, action)
                assert_refused_well(p, k, seat, action, status, result)
                assert status != "ok", f"{p.where(k)}: the game is over but {action} was accepted"
        assert_unchanged(p, k, state, "refusing actions")


def check_accepted_are_listed(p: Playout, rng: random.Random, n: int = MUTANTS) -> None:
    """Near misses of the listed actions (:func:`mutants`), actions listed for other seats
    or at earlier positions, and the entries of the brief list are each refused with a
    reason, or accepted and then listed (or an alias of a listed action,
    :func:`assert_listed`); the state they were sent to is unchanged."""
    pools = Pools(p)
    history: list[Action] = []
    for k, state, obs in p.points():
        to_act = obs["to_act"]
        for seat in to_act:
            legal = obs["legal"][str(seat)]
            others = [a for s in to_act if s != seat for a in obs["legal"][str(s)]]
            others += rng.sample(history, min(4, len(history)))
            listed = {canon(a) for a in legal}
            brief = [a for a in view_and_brief_legal(p.game, state, seat)[1] if canon(a) not in listed]
            for action in mutants(rng, legal, others, pools, n) + brief[:4]:
                status, result = attempt(p.game, state, seat, action)
                assert_refused_well(p, k, seat, action, status, result)
                if status == "ok":
                    assert_listed(p, k, seat, action, result)
        here = [a for s in to_act for a in obs["legal"][str(s)]]
        history.extend(rng.sample(here, min(3, len(here))))
        assert_unchanged(p, k, state, "trying near-miss actions")


def check_brief_lists(p: Playout) -> None:
    """``view_and_legal`` is ``(view, legal_actions)``; ``view_and_brief_legal`` gives the
    same view and a list whose ``lazy`` entries, expanded with the game's ``expand``, make
    exactly the full legal list (none lost, none added, none twice). A lazy entry is a
    card's, and ``card_targets`` (what the server calls) gives the same actions. ``views``
    of every audience at once (what the server calls on each move) gives what the
    separate calls give, in either order."""
    for k, state, obs in p.points():
        where = p.where(k)
        for seat in seats_of(p.players):
            view = obs["views"][str(seat)]
            legal = obs["legal"][str(seat)] if seat is not None else []
            v2, l2 = view_and_legal(p.game, state, seat)
            assert v2 == view, f"{where}: view_and_legal(seat {seat})'s view differs from view: {diff(v2, view)}"
            assert l2 == legal, f"{where}: view_and_legal(seat {seat})'s list differs from legal_actions"
            v3, brief = view_and_brief_legal(p.game, state, seat)
            assert v3 == view, f"{where}: view_and_brief_legal(seat {seat})'s view differs from view: {diff(v3, view)}"
            expanded: list[str] = []
            for entry in brief:
                if isinstance(entry, dict) and entry.get("lazy"):
                    assert seat is not None, f"{where}: a spectator's brief list has a lazy entry {entry}"
                    assert entry.get("type") == "card", f"{where}: the lazy entry {entry} is not a card's"
                    members = p.game.expand(state, seat, entry)
                    assert members, f"{where}: seat {seat}'s lazy entry {entry} has no targets"
                    bad = [m for m in members if any(m.get(f) != v for f, v in entry.items() if f != "lazy")]
                    assert not bad, f"{where}: expand of {entry} gives other actions: {bad[:3]}"
                    by_card = card_targets(p.game, state, seat, entry.get("card"))  # type: ignore[arg-type]
                    assert by_card == members, f"{where}: card_targets for {entry} differs from expand"
                    expanded.extend(canon(m) for m in members)
                else:
                    expanded.append(canon(entry))
            full = [canon(a) for a in legal]
            assert sorted(expanded) == sorted(full), (
                f"{where}: seat {seat}'s brief list expands to another list than legal_actions "
                f"({len(expanded)} vs {len(full)} actions): missing {sorted(set(full) - set(expanded))[:3]}, "
                f"extra {sorted(set(expanded) - set(full))[:3]}")
            if seat is not None:
                assert card_targets(p.game, state, seat, "zz-no-such-card") == [], \
                    f"{where}: card_targets of a card nobody holds is not empty"
        audiences = [(seat, kind) for seat in seats_of(p.players) for kind in ("brief", "full", None)]
        for order in (audiences, audiences[::-1]):
            for (seat, kind), got in zip(order, p.game.views(state, order), strict=True):
                alone = (view_and_brief_legal(p.game, state, seat) if kind == "brief" else
                         view_and_legal(p.game, state, seat) if kind == "full" else (p.game.view(state, seat), []))
                assert got == alone, (f"{where}: views' ({seat}, {kind!r}) differs from the separate call: "
                                      f"{diff(got[0], alone[0]) if got[0] != alone[0] else 'the legal list'}")
        assert_unchanged(p, k, state, "listing the brief legal actions")


def check_determinize(p: Playout, rng: random.Random) -> bool:
    """For each seat, a determinization shows that seat *and* a spectator the very views of
    the real state, with the same to_act, outcome and legal actions of that seat; one rng
    seed gives one state; neither determinizing nor playing on the result changes the real
    state. So no view holds what its seat cannot know (what determinize resamples), and a
    spectator sees nothing that any seat does not. Returns False for a game that does not
    determinize (``NotImplementedError``: no hidden information)."""
    for k, state, obs in p.points():
        where = p.where(k)
        for seat in range(p.players):
            seed = rng.getrandbits(32)
            try:
                det = p.game.determinize(state, seat, random.Random(seed))
            except NotImplementedError:
                return False
            for s in (seat, None):
                v = p.game.view(det, s)
                assert v == obs["views"][str(s)], \
                    f"{where}: determinize(seat {seat}) changed what seat {s} sees: {diff(v, obs['views'][str(s)])}"
            assert p.game.to_act(det) == obs["to_act"], f"{where}: determinize(seat {seat}) changed to_act"
            o = p.game.outcome(det)
            assert (o.to_json() if o is not None else None) == obs["outcome"], \
                f"{where}: determinize(seat {seat}) changed the outcome"
            legal = p.game.legal_actions(det, seat)
            assert legal == obs["legal"][str(seat)], (f"{where}: determinize(seat {seat}) changed seat {seat}'s "
                                                      f"legal actions: {diff(legal, obs['legal'][str(seat)])}")
            again = p.game.determinize(state, seat, random.Random(seed))
            assert snapshot(again) == snapshot(det), f"{where}: determinize(seat {seat}) gave two states for one seed"
            if legal:
                p.game.apply(det, seat, rng.choice(legal))
        assert_unchanged(p, k, state, "determinizing it (and playing on the determinization)")
    return True


def replay_record(game: Game, record: dict[str, Any], upto: int | None = None) -> Any:
    """The state a record leads to, built as ``donjon replay`` builds it
    (:func:`donjon.cli.replay`) for a registered game; a fixture game that is not in the
    registry is replayed the same way here."""
    try:
        registered = get_game(game.id) is game
    except KeyError:
        registered = False
    if registered:
        from donjon.cli import replay

        return replay(record, upto)[1]
    state = game.setup(record["players"], record["seed"], record.get("options") or None)
    for entry in record["actions"] if upto is None else record["actions"][:upto]:
        state = game.apply(state, entry["seat"], entry["action"])
    return state


def check_replay(p: Playout, rng: random.Random) -> None:
    """The record ``(game, players, seed, options, actions)``, through JSON, replays to the
    same state (views, legal lists, to_act, outcome, dump and snapshot) at the end, at the
    start and at a random point; and every state of the playout is still what it was."""
    record = json.loads(json.dumps(p.record()))
    last = len(p.actions)
    for k in sorted({0, rng.randrange(last + 1), last}):
        state = replay_record(p.game, record, None if k == last else k)
        got = observe(p.game, state, p.players)
        assert got == p.observations[k], f"{p.where(k)}: the record replays to another state: {diff(got, p.observations[k])}"
        assert snapshot(state) == p.snapshots[k], \
            f"{p.where(k)}: the record replays to another state: {diff(snapshot(state), p.snapshots[k])}"
    for k, state, _ in p.points():
        assert_unchanged(p, k, state, "a later action (or a read)", shows=True)


def check_all(playouts: list[Playout], seed: int = 0) -> None:
    """Every check on every playout."""
    rng = random.Random(seed)
    for p in playouts:
        check_playout(p)
        check_turns(p)
        check_json(p)
        check_listed_are_accepted(p, rng)
        check_refusals(p, rng)
        check_accepted_are_listed(p, rng)
        check_brief_lists(p)
        check_determinize(p, rng)
        check_replay(p, rng)
