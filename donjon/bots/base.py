"""What a bot is, and the helpers every bot and runner shares.

A bot sees a game only through the :class:`~donjon.games.protocol.Game` interface and
decides from :meth:`Game.determinize` (the state with everything its seat cannot see
resampled), never from the real hidden hands or deck order::

    >>> import random
    >>> from donjon.bots import get_bot
    >>> from donjon.games import games
    >>> for game in games():
    ...     state = game.setup(game.info.default_seats, seed=3)
    ...     seat = game.to_act(state)[0]
    ...     assert get_bot("random").choose(game, state, seat, random.Random(1)) in game.legal_actions(state, seat)
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from donjon.games.protocol import Action, Game, IllegalAction


@runtime_checkable
class Bot(Protocol):
    """A player program: ``choose`` returns one action for ``seat`` to send now."""

    name: str

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Action:
        """An action for ``seat`` in ``state``, decided from ``game.determinize(state, seat, rng)``."""
        ...


def choose_and_apply(bot: Bot, game: Game, state: Any, seat: int, rng: random.Random) -> tuple[Action, Any, str | None]:
    """Ask ``bot`` for an action and apply it to the real ``state``.

    A bot decides on a determinized state, so in rare cases its action is refused by the
    referee (e.g. a card whose targeting names cards it could not see). The refusal is then
    returned as the third element and a uniformly random legal action is played instead.
    Returns ``(action played, new state, refusal reason or None)``.
    """
    action = bot.choose(game, state, seat, rng)
    try:
        return action, game.apply(state, seat, action), None
    except IllegalAction as e:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise
        fallback = rng.choice(legal)
        return fallback, game.apply(state, seat, fallback), f"{bot.name} bot sent {action}: {e.reason}"
