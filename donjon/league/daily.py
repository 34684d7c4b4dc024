"""Daily bonus and the three daily challenges, renewed each UTC day.

**Daily bonus.** :data:`DAILY_BONUS` = 50 coins at the first connection of each UTC day.
The bonus of a day has key ``daily:{account}:{YYYY-MM-DD}``: it can be written once per
account and day, and a second claim the same day is refused (:class:`AlreadyClaimed`).
Days are UTC calendar days: the bonus is due again at 00:00 UTC, not 24 hours later.

**Daily challenges.** Three challenges a day per account, drawn from :func:`catalogue`:
the league's "any game" challenges (:data:`ANY_GAME`) and each registered game's own
(``GameLeague.challenges``, declared in the game's package). The draw depends only on
``(account, UTC date)``: each challenge gets the score ``sha256("{account}:{date}:{id}")``
and the lowest scores win, taking at most one challenge per *group* (each game, and "any
game"). So the three are distinct, from three different groups, the same for every server
process and every Python version, and with the three games of the site, a player who
plays only one game always has at least one challenge they can complete in it (only one
group of four is left out each day).

Progress comes from the player's events of that UTC day (vocabulary in
:mod:`donjon.league.events`; only games that count produce events) through
:func:`progress`. A completed challenge's reward is claimed once, on that day, with key
``challenge:{account}:{YYYY-MM-DD}:{challenge id}``.

    >>> from datetime import date
    >>> [c.id for c in daily_challenges(7, date(2025, 1, 1))] == [c.id for c in daily_challenges(7, date(2025, 1, 1))]
    True
    >>> win = get_challenge("win_ranked")
    >>> progress(win, [{"kind": "game_won", "game": "chess", "game_id": "g", "ranked": True}])
    1
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Any

from donjon.games.league import Challenge, league_of
from donjon.league.errors import AlreadyClaimed, NotComplete, UnknownItem
from donjon.league.ledger import CHALLENGE, DAILY, Movement, keys
from donjon.league.refusals import say

DAILY_BONUS = 50
DAILY_CHALLENGES = 3

Instant = datetime | float
"""A moment: an aware ``datetime`` or POSIX seconds (``time.time()``)."""


def utc_day(now: Instant) -> date:
    """The UTC calendar day of ``now``. A naive ``datetime`` is refused (it has no zone)."""
    if isinstance(now, datetime):
        if now.tzinfo is None or now.utcoffset() is None:
            raise ValueError("use an aware datetime (e.g. datetime.now(UTC)) or POSIX seconds")
        return now.astimezone(UTC).date()
    return datetime.fromtimestamp(now, UTC).date()


# --------------------------------------------------------------------------- daily bonus


def daily_key(account: int, day: date) -> str:
    return f"{DAILY}:{account}:{day.isoformat()}"


def bonus_due(last_claim: date | None, now: Instant) -> bool:
    """True when the bonus of ``now``'s UTC day has not been claimed (``last_claim`` is the
    UTC day of the last claim, ``None`` if never)."""
    return last_claim is None or last_claim < utc_day(now)


def last_bonus_day(movements: Iterable[Movement], account: int) -> date | None:
    """UTC day of ``account``'s last daily bonus in the ledger."""
    days = [date.fromisoformat(m.ref) for m in movements if m.account == account and m.reason == DAILY and m.ref]
    return max(days, default=None)


def daily_bonus(movements: Iterable[Movement], account: int, now: Instant) -> Movement:
    """The bonus movement of ``now``'s UTC day; :class:`AlreadyClaimed` if it is in the ledger."""
    day = utc_day(now)
    key = daily_key(account, day)
    if key in keys(movements):
        raise AlreadyClaimed(say("daily_claimed"), day=day.isoformat())
    return Movement(account, DAILY_BONUS, DAILY, key, ref=day.isoformat())


# --------------------------------------------------------------------------- challenges


ANY_GAME: tuple[Challenge, ...] = (
    Challenge("win_ranked", None, "game_won", 1, 60, "Win a ranked game", "Gagne une partie classée",
              "Gana una partida clasificatoria", where=(("ranked", True),)),
    Challenge("play_3_games", None, "game_played", 3, 40, "Play 3 games", "Joue 3 parties", "Juega 3 partidas"),
    Challenge("win_2_games", None, "game_won", 2, 70, "Win 2 games", "Gagne 2 parties", "Gana 2 partidas"),
)
"""The challenges of any game; each game adds its own."""


def catalogue() -> tuple[Challenge, ...]:
    """Every challenge: :data:`ANY_GAME`, then each registered game's, in the registry's order."""
    from donjon.games import games

    out = list(ANY_GAME)
    for game in games():
        for c in league_of(game).challenges:
            if c.game != game.id:
                raise ValueError(f"challenge {c.id!r} of {game.id} names the game {c.game!r}")
            out.append(c)
    if len({c.id for c in out}) != len(out):
        raise ValueError("two challenges share an id")
    return tuple(out)


def challenges_by_id() -> dict[str, Challenge]:
    return {c.id: c for c in catalogue()}


def get_challenge(challenge_id: str) -> Challenge:
    try:
        return challenges_by_id()[challenge_id]
    except KeyError:
        raise UnknownItem(say("no_challenge", challenge=challenge_id), challenge=challenge_id) from None


def _score(account: int, day: date, challenge_id: str) -> bytes:
    return hashlib.sha256(f"{account}:{day.isoformat()}:{challenge_id}".encode()).digest()


def daily_challenges(account: int, day: date | Instant) -> tuple[Challenge, ...]:
    """The three challenges of ``account`` on UTC day ``day`` (a date, or a moment in it)."""
    if not isinstance(day, date) or isinstance(day, datetime):
        day = utc_day(day)
    picked: list[Challenge] = []
    groups: set[str] = set()
    for c in sorted(catalogue(), key=lambda c: _score(account, day, c.id)):
        if c.group not in groups:
            picked.append(c)
            groups.add(c.group)
            if len(picked) == DAILY_CHALLENGES:
                break
    return tuple(picked)


def progress(challenge: Challenge, events: Iterable[Mapping[str, Any]]) -> int:
    """How far ``events`` (one player's, one UTC day, counted games only) take ``challenge``:
    0 … ``challenge.target``."""
    hits = [e for e in events if challenge.matches(e)]
    if challenge.measure == "count":
        value = len(hits)
    elif challenge.measure == "sum":
        value = sum(max(0, int(e.get("count", 1))) for e in hits)
    elif challenge.measure == "max_per":
        groups = Counter(tuple(e.get(f) for f in challenge.per) for e in hits)
        value = max(groups.values(), default=0)
    else:
        raise ValueError(f"unknown measure {challenge.measure!r}")
    return min(value, challenge.target)


def challenge_key(account: int, day: date, challenge_id: str) -> str:
    return f"{CHALLENGE}:{account}:{day.isoformat()}:{challenge_id}"


def claim_challenge(movements: Iterable[Movement], account: int, challenge_id: str,
                    events: Iterable[Mapping[str, Any]], now: Instant) -> Movement:
    """The reward movement of a completed challenge of today (``now``'s UTC day).

    Refused with :class:`UnknownItem` (not one of today's three), :class:`NotComplete`
    (target not reached by ``events``) or :class:`AlreadyClaimed` (key in the ledger)."""
    day = utc_day(now)
    ch = get_challenge(challenge_id)
    if ch not in daily_challenges(account, day):
        raise UnknownItem(say("not_today", challenge=ch.text), challenge=challenge_id)
    key = challenge_key(account, day, challenge_id)
    if key in keys(movements):
        raise AlreadyClaimed(say("reward_claimed", challenge=ch.text), challenge=challenge_id)
    done = progress(ch, events)
    if done < ch.target:
        raise NotComplete(say("not_complete", challenge=ch.text, done=done, target=ch.target, reward=ch.reward),
                          challenge=challenge_id, progress=done, target=ch.target)
    return Movement(account, ch.reward, CHALLENGE, key, ref=challenge_id)


def challenge_board(movements: Sequence[Movement], account: int, events: Sequence[Mapping[str, Any]],
                    now: Instant) -> list[dict[str, Any]]:
    """Today's three challenges as JSON rows for the progress bars: texts, ``progress``,
    ``target``, ``reward``, ``claimed`` and ``claimable``."""
    day = utc_day(now)
    done = keys(movements)
    rows = []
    for ch in daily_challenges(account, day):
        p = progress(ch, events)
        claimed = challenge_key(account, day, ch.id) in done
        rows.append({**ch.to_json(), "day": day.isoformat(), "progress": p, "claimed": claimed,
                     "claimable": p >= ch.target and not claimed})
    return rows
