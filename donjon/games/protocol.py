"""The one interface every game implements (after OpenSpiel's Game/State).

A game is a stateless object; a *state* is a value owned by the game. The server, bots,
self-play, replays and benchmarks use only these functions, so they work with any game::

    >>> from donjon.games import get_game
    >>> game = get_game("unfairchess")
    >>> state = game.setup(2, seed=7)
    >>> game.to_act(state)
    [0]
    >>> state = game.apply(state, 0, {"type": "move", "uci": "e2e4"})
    >>> game.to_act(state)
    [1]

Everything a game returns (actions, views, outcomes) is JSON-ready: plain dicts, lists,
strings, numbers and booleans. Every state is deterministic given
``(game id, players, seed, options, actions)``: chance comes from an RNG kept in the state.

A game subclasses :class:`BaseGame`: it implements the required methods of :class:`Game`
and overrides those of the optional hooks it has something better for (a cheaper
view-and-legal pass, a brief legal list, a full dump, bot helpers, its league). The platform
calls the hooks directly; :class:`BaseGame` gives each one a default that works for any
game. :data:`HOOKS` names them.
"""

from __future__ import annotations

import logging
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from donjon.games.league import NO_LEAGUE, GameLeague

if TYPE_CHECKING:
    from donjon.games.info import GameInfo

Action = dict[str, Any]
"""An intent as the client sends it, e.g. ``{"type": "move", "uci": "e2e4"}``."""

View = dict[str, Any]


class IllegalAction(Exception):
    """Raised by :meth:`Game.apply` when an action is malformed or not allowed.

    The message is meant for a person: it says what is wrong, e.g.
    ``"e2e5 is not a legal move: a pawn cannot go there"``. The state is never changed.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` and ``losers`` are seat numbers; a draw has neither. ``scores`` gives one
    number per seat (1 win, 0.5 draw, 0 loss for two-player games; points in Castel; the
    team result in a cooperative game). ``reason`` is a short machine-readable word
    (``"checkmate"``, ``"stalemate"``, ``"resignation"``, ``"agreement"``, ``"forfeit"``,
    ``"adjudicated"`` ...).
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    draw: bool
    reason: str
    scores: tuple[float, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "losers": list(self.losers),
            "draw": self.draw,
            "reason": self.reason,
            "scores": list(self.scores),
        }


@runtime_checkable
class Game(Protocol):
    """What every game of donjon provides. A game object holds no mutable state.

    The attributes and the methods from :meth:`setup` to :meth:`determinize` are required;
    the rest are the optional hooks, each documented with its default on :class:`BaseGame`
    (which every game subclasses)."""

    id: str
    info: GameInfo
    """Names, seats, table options, bot levels and rating rules (:mod:`donjon.games.info`)."""
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def cooperative(self) -> bool: ...
    league: GameLeague
    """The league's side of the game (:mod:`donjon.games.league`); see :attr:`BaseGame.league`."""

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A new state for ``players`` seats; all chance is drawn from ``seed``."""

    def to_act(self, state: Any) -> list[int]:
        """Seats whose input is awaited now (empty when the game is over)."""

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may send now, each ready to pass back to :meth:`apply`."""

    def apply(self, state: Any, seat: int, action: Action) -> Any:
        """The state after ``seat`` plays ``action``; raises :class:`IllegalAction`.

        Never mutates ``state``: on error the caller still holds the unchanged state.
        """

    def view(self, state: Any, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator, the public view)."""

    def outcome(self, state: Any) -> Outcome | None:
        """``None`` while the game goes on."""

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state consistent with all that ``seat`` knows, hidden parts resampled."""

    # The optional hooks (defaults: BaseGame).

    def view_and_legal(self, state: Any, seat: int | None) -> tuple[View, list[Action]]:
        """See :meth:`BaseGame.view_and_legal`."""

    def view_and_brief_legal(self, state: Any, seat: int | None) -> tuple[View, list[Action]]:
        """See :meth:`BaseGame.view_and_brief_legal`."""

    def views(self, state: Any, audiences: Sequence[tuple[int | None, str | None]]) -> list[tuple[View, list[Action]]]:
        """See :meth:`BaseGame.views`."""

    def expand(self, state: Any, seat: int, partial: Action) -> list[Action]:
        """See :meth:`BaseGame.expand`."""

    def dump(self, state: Any) -> dict[str, Any]:
        """See :meth:`BaseGame.dump`."""

    def random_action(self, state: Any, seat: int, rng: random.Random, **options: Any) -> Action:
        """See :meth:`BaseGame.random_action`."""

    def greedy_scores(self, state: Any, seat: int, actions: list[Action], rng: random.Random,
                      **options: Any) -> list[tuple[float, Action]]:
        """See :meth:`BaseGame.greedy_scores`."""

    def evaluate(self, state: Any, seat: int) -> float:
        """See :meth:`BaseGame.evaluate`."""

    def choice_key(self, action: Any) -> Any:
        """See :meth:`BaseGame.choice_key`."""

    def history_entry(self, before: Any, seat: int, action: Action, after: Any) -> dict[str, Any]:
        """See :meth:`BaseGame.history_entry`."""

    def private_history(self, before: Any, seat: int, action: Action, after: Any) -> dict[int, dict[str, Any]]:
        """See :meth:`BaseGame.private_history`."""

    def accepts_draw(self, state: Any, seat: int) -> bool:
        """See :meth:`BaseGame.accepts_draw`."""

    def can_win(self, state: Any, seat: int) -> bool:
        """See :meth:`BaseGame.can_win`."""


HOOKS = ("league", "view_and_legal", "view_and_brief_legal", "views", "expand", "dump", "random_action", "greedy_scores",
         "evaluate", "choice_key", "history_entry", "private_history", "accepts_draw",
         "can_win")
"""The optional members of :class:`Game`: :class:`BaseGame` gives each a default."""


class BaseGame(ABC):
    """The base class of every game: the required methods of :class:`Game` are abstract
    here, and each optional hook has a default that is right for any game. A game overrides
    a hook when it can do better (faster, or with knowledge of its own); an override keeps
    the contract documented here, which the conformance suite (``tests/games``) checks.

    A minimal game implements the seven required methods and declares ``id`` and ``info``
    (``min_players``, ``max_players`` and ``cooperative`` come from the info unless the game
    declares them itself, as this one does)::

        >>> import random
        >>> class Count(BaseGame):
        ...     id, min_players, max_players, cooperative = "count", 1, 1, False
        ...     def setup(self, players, seed, options=None): return 0
        ...     def to_act(self, state): return [] if state >= 2 else [0]
        ...     def legal_actions(self, state, seat): return [{"type": "add"}] if self.to_act(state) else []
        ...     def apply(self, state, seat, action): return state + 1
        ...     def view(self, state, seat): return {"total": state}
        ...     def outcome(self, state): return Outcome((0,), (), False, "done", (1.0,)) if state >= 2 else None
        ...     def determinize(self, state, seat, rng): return state
        >>> game = Count()
        >>> game.view_and_brief_legal(0, 0)
        ({'total': 0}, [{'type': 'add'}])
        >>> game.expand(0, 0, {"type": "add"}), game.dump(1), game.league.events(0, 0, {"type": "add"}, 1)
        ([{'type': 'add'}], {'total': 1}, [])
        >>> game.random_action(0, 0, random.Random(1)), game.evaluate(2, 0)
        ({'type': 'add'}, 1.0)
    """

    id: str
    info: GameInfo

    @property
    def min_players(self) -> int:
        """The fewest seats the engine plays: ``info.min_seats`` unless the game says otherwise."""
        return self.info.min_seats

    @property
    def max_players(self) -> int:
        return self.info.max_seats

    @property
    def cooperative(self) -> bool:
        return self.info.cooperative

    league: GameLeague = NO_LEAGUE
    """The league's side of the game: the league events of each accepted action (called
    through :func:`league_events`), the game's daily challenges and its badge cards
    (:class:`donjon.games.league.GameLeague`, declared in ``donjon/games/<id>/league.py``).
    Default :data:`~donjon.games.league.NO_LEAGUE`: no events, no challenges, no badges."""

    # ---------------------------------------------------------------- required (see Game)

    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        """See :meth:`Game.setup`."""

    @abstractmethod
    def to_act(self, state: Any) -> list[int]:
        """See :meth:`Game.to_act`."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """See :meth:`Game.legal_actions`."""

    @abstractmethod
    def apply(self, state: Any, seat: int, action: Action) -> Any:
        """See :meth:`Game.apply`."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> View:
        """See :meth:`Game.view`."""

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """See :meth:`Game.outcome`."""

    @abstractmethod
    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """See :meth:`Game.determinize`."""

    # ---------------------------------------------------------------- optional hooks

    def view_and_legal(self, state: Any, seat: int | None) -> tuple[View, list[Action]]:
        """``(view(state, seat), legal_actions(state, seat))``, with ``[]`` for a spectator
        (``seat`` ``None``): what the server sends a seat after each move.

        Override when the two share work (UnfairChess reads its hand's greyed flags off the
        legal list instead of probing each card again); the override returns exactly what
        the two calls return. Default: the two calls."""
        return self.view(state, seat), (self.legal_actions(state, seat) if seat is not None else [])

    def view_and_brief_legal(self, state: Any, seat: int | None) -> tuple[View, list[Action]]:
        """The view and the *brief* legal list the server sends on each move to a client
        that asked for it (``docs/protocol.md``, "Brief legal list"): the legal list in which
        a group of actions that is long to list (every targeting of a card) may stand as one
        *lazy entry*, ``{"type": ..., <the fields its members share>, "lazy": True}``. A lazy
        entry is not an action: its members are given on request by :meth:`expand`.

        Override when the full list is expensive to build and most of it is rarely looked at
        (UnfairChess lists each playable card once, found by probing its targetings only
        until the first legal one). The view is :meth:`view`'s; the lazy entries, expanded,
        give exactly :meth:`legal_actions`. The server asks for a lazy entry's members by
        card (:func:`card_targets`), so a lazy entry is ``{"type": "card", "card": id, ...}``.
        Default: :meth:`view_and_legal` (the full list, nothing lazy)."""
        return self.view_and_legal(state, seat)

    def views(self, state: Any, audiences: Sequence[tuple[int | None, str | None]]) -> list[tuple[View, list[Action]]]:
        """Each audience's view and legal list at ``state``, in the order given. An audience
        is ``(seat, legal)``: ``seat`` a seat or ``None`` (the spectators); ``legal``
        ``"brief"`` for :meth:`view_and_brief_legal`, ``"full"`` for :meth:`view_and_legal`,
        ``None`` for the view alone and ``[]`` (a seat the server does not wait for).

        The server asks once per accepted action for every audience connected to the game,
        so that what they all see (the board, the public cards) can be built once. Override
        to share that work (UnfairChess builds the public part of its view once); the views
        may then share their unchanged parts, and no caller changes a view. The override
        returns what the separate calls return. Default: the separate calls.

            >>> class Count(BaseGame):
            ...     id, min_players, max_players, cooperative = "count", 1, 1, False
            ...     def setup(self, players, seed, options=None): return 0
            ...     def to_act(self, state): return [0]
            ...     def legal_actions(self, state, seat): return [{"type": "add"}]
            ...     def apply(self, state, seat, action): return state + 1
            ...     def view(self, state, seat): return {"total": state, "seat": seat}
            ...     def outcome(self, state): return None
            ...     def determinize(self, state, seat, rng): return state
            >>> Count().views(0, [(0, "brief"), (0, None), (None, None)])
            [({'total': 0, 'seat': 0}, [{'type': 'add'}]), ({'total': 0, 'seat': 0}, []), ({'total': 0, 'seat': None}, [])]
        """
        out = []
        for seat, legal in audiences:
            if legal == "brief":
                out.append(self.view_and_brief_legal(state, seat))
            elif legal == "full":
                out.append(self.view_and_legal(state, seat))
            elif legal is None:
                out.append((self.view(state, seat), []))
            else:
                raise ValueError(f"an audience's legal list is 'brief', 'full' or None, not {legal!r}")
        return out

    def expand(self, state: Any, seat: int, partial: Action) -> list[Action]:
        """The legal actions of ``seat`` behind the partial action ``partial`` (a lazy entry
        of :meth:`view_and_brief_legal`; its ``lazy`` flag is ignored): every legal action
        that has each field of ``partial`` with the same value, in :meth:`legal_actions`'s
        order; ``[]`` when there is none (a card ``seat`` does not hold, a seat not to act).

        Override with a way to list them without the rest of the legal list (UnfairChess
        lists the targetings of one card). Default: :func:`matching` on
        :meth:`legal_actions`."""
        return matching(self.legal_actions(state, seat), partial)

    def dump(self, state: Any) -> dict[str, Any]:
        """The whole state as JSON, hidden parts included (hands, decks, the RNG's position):
        for ``donjon replay --json``, tests and debugging, never sent to a client.

        Override in a game with hidden information, so that the dump tells apart states that
        the public view does not. Default: the spectator view, ``view(state, None)``."""
        return dict(self.view(state, None))

    def random_action(self, state: Any, seat: int, rng: random.Random, **options: Any) -> Action:
        """A random legal action of ``seat``: the move of the generic random bot
        (:class:`donjon.bots.RandomBot`), on a state it determinized. The bot's keyword
        ``options`` come along; a game ignores those it does not know.

        Override when the legal list is long to build, to draw an action without listing
        them all (UnfairChess tries a card on a share ``card_prob`` of its turns, else a
        normal move). Default: ``rng.choice(legal_actions(state, seat))``;
        :class:`IllegalAction` when ``seat`` has no legal action."""
        actions = self.legal_actions(state, seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no legal action")
        return rng.choice(actions)

    def greedy_scores(self, state: Any, seat: int, actions: list[Action], rng: random.Random,
                      **options: Any) -> list[tuple[float, Action]]:
        """``(score, action)`` for each of ``actions``, legal actions of ``seat`` in the
        determinized ``state``: the one-turn scores the generic greedy bot
        (:class:`donjon.bots.GreedyBot`) maximises, ties broken at random. The bot's keyword
        ``options`` come along; a game ignores those it does not know.

        Override when one action is not one decision (UnfairChess scores an add-to-move card
        with the best move it adds). Default: :meth:`evaluate` of the state after each
        action."""
        return [(self.evaluate(self.apply(state, seat, a), seat), a) for a in actions]

    def evaluate(self, state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat``, finished or not; higher is better. The
        default :meth:`greedy_scores` scores each action by it.

        Override with the game's own heuristic (Castel: points and the board). Default:
        :func:`outcome_value`, which knows only finished games (1 won, -1 lost, else 0)."""
        return outcome_value(self, state, seat)

    def choice_key(self, action: Any) -> Any:
        """What choice ``action`` makes, as a JSON value: two actions with equal keys are one
        choice of the player even when :meth:`apply` gives states that differ. ``action`` is
        anything a client sent (any JSON value), so this never raises.

        Override when :meth:`legal_actions` lists one action for several that :meth:`apply`
        accepts (Castel lists the first copy of a card kind, ``soldat_1``, and takes any copy,
        ``soldat_7``). The conformance suite accepts an unlisted action whose key is a
        listed action's key. Default: ``action`` itself."""
        return action

    def history_entry(self, before: Any, seat: int, action: Action, after: Any) -> dict[str, Any]:
        """The **public** line of the game's history (its move list) for ``seat``'s accepted
        ``action`` (``before`` → ``after``), as JSON: what every spectator may know of it,
        e.g. UnfairChess ``{"ply": 7, "san": "Nf3"}``. The server computes it once per
        accepted action (and again for each stored one when it loads a game) and sends the
        list to every client (``docs/protocol.md``, "History"), so it is cheap and never
        names what a spectator's view would not show. The keys ``v``, ``kind`` and ``by``
        are the server's (the entry's version, ``"play"``, the seat): a game does not use them.

        Override to describe the action in the game's own terms (UnfairChess: SAN; Castel and
        Citadel: the public events of the action). Default: ``{"action": a}``, ``a`` the
        action as a replay shows it (``info.public_action``, else the action itself)."""
        public = getattr(getattr(self, "info", None), "public_action", None)
        return {"action": public(action) if public is not None else action}

    def private_history(self, before: Any, seat: int, action: Action, after: Any) -> dict[int, dict[str, Any]]:
        """The history line of ``seat``'s accepted ``action`` as each seat that may know
        more of it than a spectator sees it, by seat: that seat gets this entry *instead of*
        the public one (:meth:`history_entry`), so it repeats what the public entry says
        (Castel: the card of a draw for the drawer, the card of a gift for its two seats).
        Only the seats named get it. Default: ``{}`` (every seat gets the public entry)."""
        return {}

    def accepts_draw(self, state: Any, seat: int) -> bool:
        """Whether a bot playing ``seat`` accepts a draw its opponent offers in ``state`` (a
        game going on). The server asks it in the room's task when a draw is offered to a
        bot, and the bot's answer (accept or decline) is an entry every player sees, so it is
        cheap and never raises.

        Override with the game's own judgement (UnfairChess: the bot accepts when it is behind
        in material or only a bare ending is left). Default: :meth:`evaluate` below zero, the
        bot judging itself worse; a game without its own ``evaluate`` declines until it ends."""
        return self.evaluate(state, seat) < 0

    def can_win(self, state: Any, seat: int) -> bool:
        """Whether ``seat`` could still win ``state`` (a game going on) whatever its
        opponents do. The server asks it when a seat's opponent runs out of time in a
        two-player game: the game is then a draw instead of a win for ``seat``.

        Override when the game knows positions a seat cannot win any more (UnfairChess: a
        side with only its king left). Default: True."""
        return True


class Rules(Protocol):
    """A game's rules module as :class:`RulesGame` uses it."""

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None, /) -> Any: ...

    def legal_actions(self, state: Any, seat: int, /) -> list[Action]: ...

    def apply(self, state: Any, seat: int, action: Action, /) -> Any: ...


class RulesGame(BaseGame):
    """A :class:`BaseGame` whose engine is a module of functions, ``rules`` (``new_state``,
    ``legal_actions`` and ``apply``, see :class:`Rules`), and whose state carries its result,
    ``state.result``: the :class:`Outcome`, ``None`` while the game goes on. It gives
    :meth:`setup`, :meth:`legal_actions`, :meth:`apply` and :meth:`outcome`; the game writes
    the rest."""

    rules: Rules

    def setup(self, players: int, seed: int = 0, options: dict[str, Any] | None = None) -> Any:
        return self.rules.new_state(players, seed, options)

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        return self.rules.legal_actions(state, seat)

    def apply(self, state: Any, seat: int, action: Action) -> Any:
        return self.rules.apply(state, seat, action)

    def outcome(self, state: Any) -> Outcome | None:
        result: Outcome | None = state.result
        return result


def matching(actions: list[Action], partial: Action) -> list[Action]:
    """The ``actions`` that have every field of ``partial`` but ``lazy``, with the same value
    and type (``True`` is not ``1``)::

        >>> matching([{"type": "card", "card": "a", "to": 1}, {"type": "card", "card": "b"}],
        ...          {"type": "card", "card": "a", "lazy": True})
        [{'type': 'card', 'card': 'a', 'to': 1}]
    """
    fields = [(k, v) for k, v in partial.items() if k != "lazy"]
    return [a for a in actions if all(k in a and type(a[k]) is type(v) and a[k] == v for k, v in fields)]


def outcome_value(game: Game | BaseGame, state: Any, seat: int) -> float:
    """1 if ``seat`` has won ``state``, -1 if it has lost, 0 for a draw or a game going on."""
    out = game.outcome(state)
    if out is None or out.draw:
        return 0.0
    if seat in out.winners:
        return 1.0
    return -1.0 if seat in out.losers or out.winners else 0.0


def view_and_legal(game: Game, state: Any, seat: int | None) -> tuple[View, list[Action]]:
    """``(game.view(state, seat), game.legal_actions(state, seat))``, ``[]`` for a spectator:
    :meth:`BaseGame.view_and_legal`."""
    return game.view_and_legal(state, seat)


def view_and_brief_legal(game: Game, state: Any, seat: int | None) -> tuple[View, list[Action]]:
    """The view and the brief legal list the server sends on each move to a client that
    asked for it: :meth:`BaseGame.view_and_brief_legal`. Its lazy entries are expanded with
    :func:`card_targets`."""
    return game.view_and_brief_legal(state, seat)


def card_targets(game: Game, state: Any, seat: int, card: str) -> list[Action]:
    """The full legal actions behind the lazy entry of ``card`` in
    :func:`view_and_brief_legal`: every legal action of ``seat`` that plays ``card``
    (``[]`` if none), ``game.expand(state, seat, {"type": "card", "card": card})``."""
    return game.expand(state, seat, {"type": "card", "card": card})


def league_events(game: Game, before: Any, seat: int, action: Action, after: Any) -> list[dict[str, Any]]:
    """The league events of ``seat``'s accepted ``action`` (``before`` → ``after``): the
    game's hook ``game.league.events(before, seat, action, after)``
    (:class:`donjon.games.league.GameLeague`; :attr:`BaseGame.league` reports none).

    The server calls it on every accepted game action, so a hook that fails costs the league
    its events, never the move: the error is logged and ``[]`` returned."""
    try:
        return game.league.events(before, seat, action, after)
    except Exception:
        logging.getLogger("donjon.games").exception("%s: the league event hook failed on %r", game.id, action)
        return []


RESERVED_HISTORY_KEYS = frozenset(("v", "kind", "by"))
"""The keys of a history entry the server sets (:func:`history_entries`)."""


def history_entries(game: Game, before: Any, seat: int, action: Action,
                    after: Any) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """``(public entry, private entries by seat)`` of ``seat``'s accepted ``action``: the
    game's hooks :meth:`BaseGame.history_entry` and :meth:`BaseGame.private_history`.

    The server calls it on every accepted game action, so a hook that fails costs the
    history its line, never the move: the error is logged and ``({}, {})`` returned."""
    try:
        return game.history_entry(before, seat, action, after), game.private_history(before, seat, action, after)
    except Exception:
        logging.getLogger("donjon.games").exception("%s: the history hook failed on %r", game.id, action)
        return {}, {}
