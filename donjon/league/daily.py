"""Daily bonus and the three daily challenges, renewed each UTC day.

**Daily bonus.** :data:`DAILY_BONUS` = 50 coins at the first connection of each UTC day.
The bonus of a day has key ``daily:{account}:{YYYY-MM-DD}``: it can be written once per
account and day, and a second claim the same day is refused (:class:`AlreadyClaimed`).
Days are UTC calendar days: the bonus is due again at 00:00 UTC, not 24 hours later.

**Daily challenges.** Three challenges a day per account, drawn from :data:`CHALLENGES`
(15 challenges over the three games and "any game"). The draw depends only on
``(account, UTC date)``: each challenge gets the score ``sha256("{account}:{date}:{id}")``
and the lowest scores win, taking at most one challenge per *group* (UnfairChess, Castel,
Citadel, any game). So the three are distinct, from three different groups, the same for
every server process and every Python version, and a player who plays only one game
always has at least one challenge they can complete in it (only one group of four is left
out each day).

Progress comes from the player's events of that UTC day (vocabulary in
:mod:`donjon.league.events`; only games that count produce events) through
:func:`progress`. A completed challenge's reward is claimed once, on that day, with key
``challenge:{account}:{YYYY-MM-DD}:{challenge id}``.

    >>> from datetime import date
    >>> [c.id for c in daily_challenges(7, date(2025, 1, 1))] == [c.id for c in daily_challenges(7, date(2025, 1, 1))]
    True
    >>> win = CHALLENGES_BY_ID["win_ranked"]
    >>> progress(win, [{"kind": "game_won", "game": "castel", "game_id": "g", "ranked": True}])
    1
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from donjon.league.errors import AlreadyClaimed, NotComplete, UnknownItem
from donjon.league.ledger import CHALLENGE, DAILY, Movement, keys

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
        raise AlreadyClaimed("today's bonus is already claimed: come back after 00:00 UTC", day=day.isoformat())
    return Movement(account, DAILY_BONUS, DAILY, key, ref=day.isoformat())


# --------------------------------------------------------------------------- challenges


@dataclass(frozen=True)
class Challenge:
    """A daily challenge: reach ``target`` with events of kind ``kind``.

    An event matches when its ``kind`` is ``kind``, its ``game`` is ``game`` (``None``:
    any game) and it has every ``(field, value)`` of ``where``. ``measure`` says how
    matching events add up: ``"count"`` counts them, ``"sum"`` adds their ``count`` field
    (1 when absent), ``"max_per"`` counts them per value of the ``per`` fields and keeps
    the largest group (e.g. soldiers per rampart of one game)."""

    id: str
    game: str | None
    kind: str
    target: int
    reward: int
    text_en: str
    text_fr: str
    where: tuple[tuple[str, Any], ...] = ()
    measure: str = "count"
    per: tuple[str, ...] = ()
    drawn: bool = True
    """False: in the catalogue but never drawn as a daily challenge, because the server does not
    yet record the events it counts (the engines do not report them to the league); a player
    must never be given a challenge that cannot progress."""

    @property
    def group(self) -> str:
        return self.game or "any"

    def matches(self, event: Mapping[str, Any]) -> bool:
        if event.get("kind") != self.kind:
            return False
        if self.game is not None and event.get("game") != self.game:
            return False
        return all(event.get(k) == v for k, v in self.where)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "target": self.target, "reward": self.reward,
                "text_en": self.text_en, "text_fr": self.text_fr}


CHALLENGES: tuple[Challenge, ...] = (
    # any game
    Challenge("win_ranked", None, "game_won", 1, 60, "Win a ranked game", "Gagne une partie classée",
              where=(("ranked", True),)),
    Challenge("play_3_games", None, "game_played", 3, 40, "Play 3 games", "Joue 3 parties"),
    Challenge("win_2_games", None, "game_won", 2, 70, "Win 2 games", "Gagne 2 parties"),
    # UnfairChess
    Challenge("uc_rare_3", "unfairchess", "card_played", 3, 40, "Play 3 rare cards in UnfairChess",
              "Joue 3 cartes rares à UnfairChess", where=(("rarity", "rare"),)),
    Challenge("uc_legendary", "unfairchess", "card_played", 1, 60, "Play a legendary card in UnfairChess",
              "Joue une carte légendaire à UnfairChess", where=(("rarity", "legendary"),)),
    Challenge("uc_poisoned_capture", "unfairchess", "capture", 1, 50, "Capture a poisoned piece in UnfairChess",
              "Capture une pièce empoisonnée à UnfairChess", where=(("poisoned", True),), drawn=False),
    Challenge("uc_win_no_card", "unfairchess", "game_won", 1, 80, "Win an UnfairChess game without playing a card",
              "Gagne une partie d'UnfairChess sans jouer une seule carte", where=(("cards_played", 0),)),
    Challenge("uc_checkmate", "unfairchess", "game_won", 1, 50, "Win an UnfairChess game by checkmate",
              "Gagne une partie d'UnfairChess par échec et mat", where=(("reason", "checkmate"),)),
    Challenge("uc_cards_10", "unfairchess", "card_played", 10, 40, "Play 10 cards in UnfairChess",
              "Joue 10 cartes à UnfairChess"),
    # Castel
    Challenge("castel_rampart_4", "castel", "card_played", 4, 60, "Place 4 soldiers on one rampart in Castel",
              "Place 4 soldats sur un même rempart à Castel", where=(("card", "soldat"),), measure="max_per",
              per=("game_id", "rampart"), drawn=False),
    Challenge("castel_win", "castel", "game_won", 1, 50, "Win a game of Castel", "Gagne une partie de Castel"),
    Challenge("castel_send_back_5", "castel", "send_back", 5, 40, "Send back 5 cards in Castel",
              "Renvoie 5 cartes à Castel", measure="sum", drawn=False),
    Challenge("castel_knight_2", "castel", "card_played", 2, 30, "Place 2 knights in Castel",
              "Place 2 chevaliers à Castel", where=(("card", "chevalier"),)),
    # Citadel
    Challenge("citadel_treasures_2", "citadel", "treasure_saved", 2, 50, "Rescue 2 treasures in Citadel",
              "Sauve 2 trésors à Citadel"),
    Challenge("citadel_win", "citadel", "game_won", 1, 60, "Win a game of Citadel with your team",
              "Gagne une partie de Citadel avec ton équipe"),
    Challenge("citadel_switches_5", "citadel", "switch_off", 5, 30, "Turn off 5 switches in Citadel",
              "Coupe 5 interrupteurs à Citadel", measure="sum", drawn=False),
)

CHALLENGES_BY_ID: dict[str, Challenge] = {c.id: c for c in CHALLENGES}


def get_challenge(challenge_id: str) -> Challenge:
    try:
        return CHALLENGES_BY_ID[challenge_id]
    except KeyError:
        raise UnknownItem(f"there is no challenge {challenge_id!r}", challenge=challenge_id) from None


def _score(account: int, day: date, challenge_id: str) -> bytes:
    return hashlib.sha256(f"{account}:{day.isoformat()}:{challenge_id}".encode()).digest()


def daily_challenges(account: int, day: date | Instant) -> tuple[Challenge, ...]:
    """The three challenges of ``account`` on UTC day ``day`` (a date, or a moment in it)."""
    if not isinstance(day, date) or isinstance(day, datetime):
        day = utc_day(day)
    picked: list[Challenge] = []
    groups: set[str] = set()
    for c in sorted((c for c in CHALLENGES if c.drawn), key=lambda c: _score(account, day, c.id)):
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
        raise UnknownItem(f"“{ch.text_en}” is not one of today's challenges", challenge=challenge_id)
    key = challenge_key(account, day, challenge_id)
    if key in keys(movements):
        raise AlreadyClaimed(f"the reward of “{ch.text_en}” is already claimed", challenge=challenge_id)
    done = progress(ch, events)
    if done < ch.target:
        raise NotComplete(f"“{ch.text_en}” is at {done}/{ch.target}: finish it to claim {ch.reward} coins",
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
