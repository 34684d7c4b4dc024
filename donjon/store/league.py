"""The league in the store: settlement of finished games, and the coin, rating, challenge,
badge and hat queries behind ``/api/...`` (rules: :mod:`donjon.league`, docs/league.md).

**Settlement** (:func:`settle_batch`) runs on a *synchronous* connection inside the
transaction that stores a game's final log entry (the group commit's SQLite writer, on the
event loop or in its thread, or ``AsyncConnection.run_sync`` on PostgreSQL), so a game's end and its settlement are
committed together or not at all. For each game of the batch it

1. marks the game over with ``UPDATE games ... WHERE id = :g AND status = 'active'
   RETURNING kind, mode``: when no row changes, the game was already over (another
   process, or a replay of the same finish) and **nothing else is written** — this is what
   makes a settlement run exactly once; the unique keys below are the second line of defence;
2. settles the stakes from the escrow rows in the ledger (``league.ledger.settle_game``,
   keys ``settle:{game}:{user}``, unique);
3. for a ranked game of a rated game (``GameInfo.rated``) that counts, updates ``ratings``
   and writes one ``rating_history`` row per player (unique per game and player);
4. for a game that counts, files each human's league events of the game under the UTC day
   of its end (``league_events``, one row per player and game: the result events and what
   the game's event hook reported during the game, ``Finish.events``) and adds their card
   plays to ``card_plays`` (the badges).

Steps 2–4 are one statement of each kind for the whole batch (one read of the games'
ledger rows, one of the players' ratings, one insert of each), not one per game: on
PostgreSQL each statement is a round trip, and when many games end at once (a closed loop's
last moves, flags that fall together) the batch, and every acknowledgement behind it, waited
for them. The games are still settled in the batch's order: an account in two of them is
rated by the first, then by the second (``tests/server/test_league_batch.py`` checks a
batch writes what one batch a game writes).

The server gives :func:`settle_batch` to its database as the on-finish hook
(``Database(url, on_finish=settle_batch)``, :data:`donjon.store.repo.FinishHook`).

On PostgreSQL the seated accounts are locked first (``SELECT ... FOR NO KEY UPDATE``, in id
order) as every other coin movement does, so a balance check and the write that depends on
it never interleave with another; SQLite has one writer at a time.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Connection, Table, bindparam, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from donjon.league import badges as league_badges
from donjon.league import daily as league_daily
from donjon.league import hats as league_hats
from donjon.league import ledger as league_ledger
from donjon.league.elo import Rating, is_provisional, ranks_from_scores, rate_game
from donjon.league.errors import AlreadyClaimed, AlreadyOwned, UnknownItem
from donjon.league.events import game_events
from donjon.league.record import FinishedGame, all_games, counts
from donjon.league.refusals import say
from donjon.store import repo
from donjon.store.models import (
    CardPlayRow,
    GameRow,
    GameSeatRow,
    LeagueEventsRow,
    LedgerRow,
    RatingHistoryRow,
    RatingRow,
    User,
)

if TYPE_CHECKING:
    from donjon.store.db import Database

log = logging.getLogger("donjon.league")

_GAMES = cast(Table, GameRow.__table__)
_SEATS = cast(Table, GameSeatRow.__table__)
_LEDGER = cast(Table, LedgerRow.__table__)
_USERS = cast(Table, User.__table__)
_RATINGS = cast(Table, RatingRow.__table__)
_HISTORY = cast(Table, RatingHistoryRow.__table__)
_PLAYS = cast(Table, CardPlayRow.__table__)
_EVENTS = cast(Table, LeagueEventsRow.__table__)

# The statements every settlement runs, built once: a game's end is settled in the group
# commit's transaction, and building a statement (and its cache key) each time cost more
# than running it (``python3 bench/settle.py``).
_GAME_LEDGER = select(_LEDGER).where(_LEDGER.c.game_id.in_(bindparam("games", expanding=True))).order_by(_LEDGER.c.id)
_INSERT_EVENTS = insert(_EVENTS)
_INSERT_LEDGER = insert(_LEDGER)
_RATINGS_OF = (select(_RATINGS.c.user_id, _RATINGS.c.game, _RATINGS.c.rating, _RATINGS.c.games)
               .where(_RATINGS.c.user_id.in_(bindparam("users", expanding=True)),
                      _RATINGS.c.game.in_(bindparam("games", expanding=True))))
_UPDATE_RATING = (update(_RATINGS).where(_RATINGS.c.user_id == bindparam("uid"), _RATINGS.c.game == bindparam("g"))
                  .values(rating=bindparam("new_rating"), games=bindparam("new_games"), updated_at=bindparam("at")))
_INSERT_RATING = insert(_RATINGS)
_INSERT_HISTORY = insert(_HISTORY)


def _plays_upsert(insert_of: Any) -> Any:
    """Add each row's ``plays`` to the count of its (player, game, card), creating it if new."""
    stmt = insert_of(_PLAYS)
    return stmt.on_conflict_do_update(index_elements=["user_id", "game", "card"],
                                      set_={"plays": _PLAYS.c.plays + stmt.excluded.plays})


_ADD_PLAYS = {"postgresql": _plays_upsert(pg_insert), "sqlite": _plays_upsert(sqlite_insert)}
"""The card plays' upsert by dialect (others read, then write: :func:`_add_plays`)."""


# =========================================================================== settlement


def settle_batch(conn: Connection, finishes: Sequence[tuple[str, repo.Finish]], t: float) -> list[bool]:
    """Settle every ``(game_id, finish)`` on ``conn`` (in its transaction); for each game,
    True if it was settled now, False if it was already over (then nothing was written).

    The batch's games are settled together, with one statement of each kind for all of
    them (their ledger, ratings, events and card plays), in the order of ``finishes``: an
    account in two of them is rated by the first, then by the second, as if each had been
    settled in a batch of its own."""
    accounts = sorted({uid for _, f in finishes for _, uid in f.seats if uid is not None})
    if accounts and conn.dialect.name != "sqlite":
        conn.execute(select(_USERS.c.id).where(_USERS.c.id.in_(accounts)).order_by(_USERS.c.id)
                     .with_for_update(key_share=True))
    ended = repo.end_batch(conn, finishes, t)
    settled: list[tuple[str, repo.Finish, FinishedGame | None]] = []
    for (game_id, f), kind_mode in zip(finishes, ended, strict=True):
        if kind_mode is None:
            log.info("game %s was already over: not settled again", game_id)
            continue
        seats = tuple(uid for _, uid in sorted(f.seats))
        try:
            settled.append((game_id, f, finished_game(game_id, *kind_mode, seats, f)))
        except ValueError:  # never expected; the game's end must still be stored
            log.exception("game %s: cannot read its end for the league; its stakes are refunded", game_id)
            settled.append((game_id, f, None))
    if settled:
        _settle_stakes(conn, settled, t)
        counted = [(f, fg) for _, f, fg in settled if fg is not None and counts(fg)]
        _rate(conn, [fg for _, fg in counted], t)
        _file_events(conn, counted, t)
    return [e is not None for e in ended]


def finished_game(game_id: str, kind: str, mode: str, seats: tuple[int | None, ...], f: repo.Finish) -> FinishedGame:
    """The league's view of a game's end (:class:`~donjon.league.record.FinishedGame`)."""
    out = f.outcome or {}
    n = len(seats)
    winners = tuple(sorted({int(s) for s in out.get("winners") or [] if isinstance(s, int) and 0 <= s < n}))
    ranks: tuple[int, ...] = ()
    scores = out.get("scores") or []
    given = out.get("ranks") or []
    if n > 2 and len(given) == n and all(isinstance(r, int) and 1 <= r <= n for r in given):
        ranks = tuple(int(r) for r in given)  # the server's ranking (a leaver ranks last: docs/server.md)
    elif n > 2 and len(scores) == n and not out.get("draw") and all(isinstance(x, int | float) for x in scores):
        ranks = tuple(ranks_from_scores([float(x) for x in scores]))
        if winners and any(ranks[s] != 1 for s in winners):
            ranks = ()  # scores that disagree with the winners: winners first, the others second
    acted = tuple(f.acted) if len(f.acted) == n else ()
    return FinishedGame(game_id, kind, seats=seats, winners=winners, status=f.status, acted=acted,
                        plies=f.plies, ranked=mode == "ranked", ranks=ranks)


def _movement(row: Any) -> league_ledger.Movement | None:
    reason = str(row.reason)
    if reason not in league_ledger.REASONS:
        return None
    return league_ledger.Movement(int(row.user_id), int(row.amount), reason, row.key or f"row:{row.id}",
                                  game_id=row.game_id, ref=row.ref)


def _game_movements(conn: Connection, game_ids: Sequence[str]) -> dict[str, list[league_ledger.Movement]]:
    """The ledger's movements of each of ``game_ids`` (its stakes and anything already settled)."""
    out: dict[str, list[league_ledger.Movement]] = {g: [] for g in game_ids}
    for m in map(_movement, conn.execute(_GAME_LEDGER, {"games": list(out)}).all()):
        if m is not None and m.game_id in out:
            out[m.game_id].append(m)
    return out


def _settle_stakes(conn: Connection, settled: Sequence[tuple[str, repo.Finish, FinishedGame | None]], t: float) -> None:
    """Pay out or give back the stakes of each game (``None``: a game the league cannot
    read, whose stakes all go back)."""
    movements = _game_movements(conn, [game_id for game_id, _, _ in settled])
    pay = [m for game_id, _, fg in settled
           for m in (league_ledger.settle_game(movements[game_id], fg) if fg is not None
                     else _refunds(movements[game_id], game_id))]
    if pay:
        conn.execute(_INSERT_LEDGER, [_ledger_values(m, t) for m in pay])


def _refunds(ms: Sequence[league_ledger.Movement], game_id: str) -> list[league_ledger.Movement]:
    done = league_ledger.keys(ms)
    pay = [league_ledger.Movement(a, c, league_ledger.REFUND, league_ledger.settle_key(game_id, a), game_id=game_id)
           for a, c in sorted(league_ledger.escrowed(ms, game_id).items())]
    return [m for m in pay if m.key not in done]


def _ledger_values(m: league_ledger.Movement, t: float) -> dict[str, Any]:
    return {"user_id": m.account, "amount": m.amount, "reason": m.reason, "game_id": m.game_id,
            "created_at": t, "key": m.key, "ref": m.ref}


def _rate(conn: Connection, games: Sequence[FinishedGame], t: float) -> None:
    """Rate the ranked games of ``games`` in order (an account's second game of the batch
    starts from its first one's result), then write each changed rating once."""
    rated = [fg for fg in games if fg.ranked and fg.rated and not fg.cooperative]
    if not rated:
        return
    users, kinds = sorted({a for fg in rated for a in fg.accounts}), sorted({fg.game for fg in rated})
    stored = {(int(r[0]), str(r[1])): Rating(int(r[2]), int(r[3]))
              for r in conn.execute(_RATINGS_OF, {"users": users, "games": kinds}).all()}
    now = dict(stored)
    touched: dict[tuple[int, str], None] = {}
    history: list[dict[str, Any]] = []
    for fg in rated:
        have = {a: now[(a, fg.game)] for a in fg.accounts if (a, fg.game) in now}
        for uid, ch in rate_game(have, fg).items():
            now[(uid, fg.game)] = ch.after
            touched[(uid, fg.game)] = None
            history.append({"user_id": uid, "game": fg.game, "game_id": fg.game_id,
                            "rating_before": ch.before.value, "rating_after": ch.after.value, "at": t})
    updated = [{"uid": uid, "g": g, "new_rating": now[uid, g].value, "new_games": now[uid, g].games, "at": t}
               for uid, g in touched if (uid, g) in stored]
    if updated:
        conn.execute(_UPDATE_RATING, updated)
    created = [{"user_id": uid, "game": g, "rating": now[uid, g].value, "games": now[uid, g].games, "updated_at": t}
               for uid, g in touched if (uid, g) not in stored]
    if created:
        conn.execute(_INSERT_RATING, created)
    if history:
        conn.execute(_INSERT_HISTORY, history)


def _file_events(conn: Connection, counted: Sequence[tuple[repo.Finish, FinishedGame]], t: float) -> None:
    """File each human's league events of each counted game under the UTC day of its end,
    and add their card plays to the badges' counts."""
    day = league_daily.utc_day(t).isoformat()
    rows: list[dict[str, Any]] = []
    plays: Counter[tuple[int, str, str]] = Counter()
    for f, fg in counted:
        events = game_events(fg, f.events, reason=(f.outcome or {}).get("reason"))
        rows += [{"user_id": uid, "game_id": fg.game_id, "day": day, "events": evs} for uid, evs in events.items() if evs]
        for uid, evs in events.items():
            for (g, c), n in league_badges.count_plays(evs).items():
                plays[uid, g, c] += n
    if rows:
        conn.execute(_INSERT_EVENTS, rows)
    if plays:
        _add_plays(conn, [{"user_id": uid, "game": g, "card": c, "plays": n} for (uid, g, c), n in plays.items()])


def _add_plays(conn: Connection, rows: list[dict[str, Any]]) -> None:
    upsert = _ADD_PLAYS.get(conn.dialect.name)
    if upsert is not None:
        conn.execute(upsert, rows)
    else:  # pragma: no cover - the accounts are locked: read, then write
        for r in rows:
            cur = conn.execute(select(_PLAYS.c.plays).where(_PLAYS.c.user_id == r["user_id"], _PLAYS.c.game == r["game"],
                                                            _PLAYS.c.card == r["card"])).scalar_one_or_none()
            if cur is None:
                conn.execute(insert(_PLAYS).values(**r))
            else:
                conn.execute(update(_PLAYS).where(_PLAYS.c.user_id == r["user_id"], _PLAYS.c.game == r["game"],
                                                  _PLAYS.c.card == r["card"]).values(plays=cur + r["plays"]))


# =========================================================================== coins


async def _movements(s: AsyncSession, user_id: int, *, reason: str | None = None) -> list[league_ledger.Movement]:
    q = select(_LEDGER).where(_LEDGER.c.user_id == user_id).order_by(_LEDGER.c.id)
    if reason is not None:
        q = q.where(_LEDGER.c.reason == reason)
    return [m for m in map(_movement, (await s.execute(q)).all()) if m is not None]


async def _has_key(s: AsyncSession, key: str) -> bool:
    return (await s.execute(select(_LEDGER.c.id).where(_LEDGER.c.key == key))).first() is not None


def _add(s: AsyncSession, m: league_ledger.Movement, t: float) -> None:
    s.add(LedgerRow(user_id=m.account, amount=m.amount, reason=m.reason, game_id=m.game_id, created_at=t,
                    key=m.key, ref=m.ref))


async def daily_claimed(db: Database, user_id: int, now: float) -> bool:
    """Whether the daily bonus of ``now``'s UTC day is in the ledger."""
    async with db.read() as s:
        return await _has_key(s, league_daily.daily_key(user_id, league_daily.utc_day(now)))


async def credit_daily(db: Database, user_id: int, now: float) -> int:
    """Credit the daily bonus of ``now``'s UTC day and return the new balance; raises
    :class:`AlreadyClaimed` (nothing written) when it is already in the ledger."""
    day = league_daily.utc_day(now)
    key = league_daily.daily_key(user_id, day)
    try:
        async with db.write() as s:
            await repo.lock_users(s, [user_id])
            if await _has_key(s, key):
                raise AlreadyClaimed(say("daily_claimed"), day=day.isoformat())
            _add(s, league_ledger.Movement(user_id, league_daily.DAILY_BONUS, league_daily.DAILY, key,
                                           ref=day.isoformat()), now)
            await s.flush()
            return await repo.balance(s, user_id)
    except IntegrityError:  # the same bonus written by another request or process meanwhile
        raise AlreadyClaimed(say("daily_claimed"), day=day.isoformat()) from None


async def _today_events(s: AsyncSession, user_id: int, day: date) -> list[dict[str, Any]]:
    rows = await s.execute(select(_EVENTS.c.events).where(_EVENTS.c.user_id == user_id,
                                                          _EVENTS.c.day == day.isoformat()))
    return [e for (evs,) in rows.all() for e in (evs or []) if isinstance(e, dict)]


async def challenges(db: Database, user_id: int, now: float) -> dict[str, Any]:
    """Today's three challenges with their progress (the ``GET /api/challenges`` body)."""
    day = league_daily.utc_day(now)
    async with db.read() as s:
        events = await _today_events(s, user_id, day)
        claimed = {m.ref for m in await _movements(s, user_id, reason=league_ledger.CHALLENGE)
                   if m.key == league_daily.challenge_key(user_id, day, m.ref or "")}
    rows = []
    for ch in league_daily.daily_challenges(user_id, day):
        p = league_daily.progress(ch, events)
        rows.append({"id": ch.id, "game": ch.game, "text": ch.text,
                     "goal": ch.target, "progress": p, "reward": ch.reward, "done": p >= ch.target,
                     "claimed": ch.id in claimed})
    return {"day": day.isoformat(), "challenges": rows}


async def claim_challenge(db: Database, user_id: int, challenge_id: str, now: float) -> tuple[int, int]:
    """Credit the reward of today's completed challenge; returns ``(reward, balance)``.
    Raises :class:`UnknownItem`, :class:`NotComplete` or :class:`AlreadyClaimed`."""
    day = league_daily.utc_day(now)
    try:
        async with db.write() as s:
            await repo.lock_users(s, [user_id])
            ms = await _movements(s, user_id, reason=league_ledger.CHALLENGE)
            events = await _today_events(s, user_id, day)
            m = league_daily.claim_challenge(ms, user_id, challenge_id, events, now)
            _add(s, m, now)
            await s.flush()
            return m.amount, await repo.balance(s, user_id)
    except IntegrityError:
        raise AlreadyClaimed(say("this_reward_claimed"), challenge=challenge_id) from None


# =========================================================================== hats


async def shop(db: Database, user_id: int) -> dict[str, Any]:
    """The ``GET /api/shop`` body."""
    async with db.read() as s:
        bal = await repo.balance(s, user_id)
        owned = league_ledger.owned_hats(await _movements(s, user_id, reason=league_ledger.HAT), user_id)
        equipped = (await s.execute(select(_USERS.c.hat).where(_USERS.c.id == user_id))).scalar_one_or_none()
    worn = league_hats.worn_hat(owned, equipped)
    return {"balance": bal, "equipped": worn,
            "hats": [{"id": h.id, "name": h.name, "price": h.price,
                      "owned": h.id in owned, "equipped": h.id == worn, "svg": h.svg}
                     for h in league_hats.HATS.values()]}


async def buy_hat(db: Database, user_id: int, hat_id: str, now: float) -> int:
    """Buy ``hat_id``: returns the new balance. Raises :class:`UnknownItem`,
    :class:`AlreadyOwned` or :class:`InsufficientCoins` (nothing written)."""
    league_hats.get_hat(hat_id)
    try:
        async with db.write() as s:
            await repo.lock_users(s, [user_id])
            ms = await _movements(s, user_id)
            m = league_ledger.buy_hat(ms, user_id, hat_id)
            _add(s, m, now)
            await s.flush()
            return league_ledger.balance(ms, user_id) + m.amount
    except IntegrityError:
        raise AlreadyOwned(say("this_hat_owned"), hat=hat_id) from None


async def equip_hat(db: Database, user_id: int, hat_id: str | None) -> str | None:
    """Equip an owned hat (``None`` takes it off). Raises :class:`NotOwned` / :class:`UnknownItem`."""
    async with db.write() as s:
        await repo.lock_users(s, [user_id])
        owned = league_ledger.owned_hats(await _movements(s, user_id, reason=league_ledger.HAT), user_id)
        hat = league_hats.equip(owned, hat_id)
        await s.execute(update(_USERS).where(_USERS.c.id == user_id).values(hat=hat))
    return hat


async def hats_of(s: AsyncSession, user_ids: Sequence[int]) -> dict[int, str | None]:
    """The hat each user wears now (equipped and owned)."""
    if not user_ids:
        return {}
    rows = (await s.execute(select(_USERS.c.id, _USERS.c.hat).where(_USERS.c.id.in_(list(user_ids)),
                                                                    _USERS.c.hat.is_not(None)))).all()
    return {int(uid): (h if h in league_hats.HATS else None) for uid, h in rows}


async def seat_ratings(s: AsyncSession, kind: str, seats: Mapping[int, int]) -> dict[int, dict[str, Any]]:
    """The Elo in game ``kind`` of each seat's player now (``seats``: seat → user id), as a
    ranked game in play shows them: ``{"rating", "provisional"}`` by seat (1400 and
    provisional before a first ranked game)."""
    if not seats:
        return {}
    rows = (await s.execute(select(_RATINGS.c.user_id, _RATINGS.c.rating, _RATINGS.c.games).where(
        _RATINGS.c.user_id.in_(list(seats.values())), _RATINGS.c.game == kind))).all()
    now = {int(uid): Rating(int(r), int(n)) for uid, r, n in rows}
    return {seat: {"rating": now.get(uid, Rating()).value, "provisional": now.get(uid, Rating()).provisional}
            for seat, uid in seats.items()}


# =========================================================================== profile, leaderboard


def result_of(outcome: Mapping[str, Any] | None, status: str, seat: int) -> str:
    """What a game came to for ``seat``: ``playing``, ``win``, ``loss``, ``draw``, ``aborted``
    or ``abandoned`` (a profile's recent games, a player's list of games)."""
    if status == "active":
        return "playing"
    if status != "finished":
        return status  # aborted | abandoned
    out = outcome or {}
    if out.get("draw"):
        return "draw"
    if seat in (out.get("winners") or []):
        return "win"
    if seat in (out.get("losers") or []):
        return "loss"
    return "draw"


async def coin_changes(s: AsyncSession, game_ids: Sequence[str]) -> dict[tuple[str, int], int]:
    """The net coins each account won or lost in each of ``game_ids`` (stake escrow, refund
    and settlement rows of the ledger), by ``(game_id, user_id)``; accounts with no movement
    are left out."""
    if not game_ids:
        return {}
    rows = (await s.execute(select(_LEDGER.c.game_id, _LEDGER.c.user_id, func.sum(_LEDGER.c.amount))
                            .where(_LEDGER.c.game_id.in_(list(game_ids)))
                            .group_by(_LEDGER.c.game_id, _LEDGER.c.user_id))).all()
    return {(str(g), int(u)): int(n) for g, u, n in rows}


async def game_changes(s: AsyncSession, game_id: str) -> dict[int, dict[str, int | None]]:
    """What a finished game changed for each account seated in it, by user id:
    ``{"rating_before", "rating_after"}`` (None when the game was not rated) and ``"coins"``
    (the net coin change, 0 without a stake). Written by the settlement in the transaction
    of the game's end, so it is there as soon as the end is."""
    users = [int(u) for u in (await s.execute(select(_SEATS.c.user_id).where(
        _SEATS.c.game_id == game_id, _SEATS.c.user_id.is_not(None)))).scalars()]
    coins = await coin_changes(s, [game_id])
    out: dict[int, dict[str, int | None]] = {
        u: {"rating_before": None, "rating_after": None, "coins": coins.get((game_id, u), 0)} for u in users}
    for h in (await s.execute(select(_HISTORY).where(_HISTORY.c.game_id == game_id))).all():
        if h.user_id in out:
            out[h.user_id].update(rating_before=h.rating_before, rating_after=h.rating_after)
    return out


async def profile(db: Database, username: str, recent: int = 20) -> dict[str, Any] | None:
    """The ``GET /api/users/{username}/profile`` body, or None for an unknown name."""
    async with db.read() as s:
        user = await repo.user_by_name(s, username)
        if user is None:
            return None
        bal = await repo.balance(s, user.id)
        owned = league_ledger.owned_hats(await _movements(s, user.id, reason=league_ledger.HAT), user.id)
        ratings_rows = (await s.execute(select(_RATINGS).where(_RATINGS.c.user_id == user.id))).all()
        hist_rows = (await s.execute(select(_HISTORY).where(_HISTORY.c.user_id == user.id)
                                     .order_by(_HISTORY.c.at, _HISTORY.c.id))).all()
        plays = {(str(g), str(c)): int(n) for g, c, n in (await s.execute(
            select(_PLAYS.c.game, _PLAYS.c.card, _PLAYS.c.plays).where(_PLAYS.c.user_id == user.id))).all()}
        games = (await s.execute(
            select(_GAMES.c.id, _GAMES.c.kind, _GAMES.c.mode, _GAMES.c.status, _GAMES.c.outcome,
                   _GAMES.c.finished_at, _GAMES.c.speed, _SEATS.c.seat)
            .join(_SEATS, _SEATS.c.game_id == _GAMES.c.id)
            .where(_SEATS.c.user_id == user.id, _GAMES.c.status != "active")
            .order_by(_GAMES.c.finished_at.desc(), _GAMES.c.id).limit(recent))).all()
        ids = [g.id for g in games]
        seated: dict[str, list[tuple[int, str, str | None]]] = {}
        if ids:
            for gid, seat, name, bot in (await s.execute(
                    select(_SEATS.c.game_id, _SEATS.c.seat, _SEATS.c.name, _SEATS.c.bot_level)
                    .where(_SEATS.c.game_id.in_(ids)).order_by(_SEATS.c.game_id, _SEATS.c.seat))).all():
                seated.setdefault(str(gid), []).append((int(seat), str(name), bot))
        coins = await coin_changes(s, ids)
    by_game_change = {h.game_id: h.rating_after - h.rating_before for h in hist_rows}
    ratings: dict[str, Any] = {}
    for r in ratings_rows:
        ratings[r.game] = {"rating": r.rating, "games": r.games, "provisional": is_provisional(r.games),
                           "history": [{"at": h.at, "rating": h.rating_after, "game_id": h.game_id}
                                       for h in hist_rows if h.game == r.game]}
    recent_rows = []
    for g in games:
        names = [{"name": n, "bot": bot} for seat, n, bot in seated.get(g.id, []) if seat != g.seat]
        recent_rows.append({"game_id": g.id, "game": g.kind, "mode": g.mode,
                            "result": result_of(g.outcome, g.status, g.seat), "opponents": names,
                            "ended_at": g.finished_at, "rating_change": by_game_change.get(g.id),
                            "coin_change": coins.get((g.id, user.id), 0), "speed": g.speed})
    return {
        "user": {"username": user.username, "balance": bal, "hat": league_hats.worn_hat(owned, user.hat),
                 "guest": user.is_guest},
        "ratings": ratings,
        "badges": [{"game": b.game, "card": b.card, "plays": b.plays, "tier": b.tier,
                    "name": b.name} for b in league_badges.badges(plays)],
        "hats": sorted(owned, key=lambda h: (league_hats.HATS[h].price if h in league_hats.HATS else 0, h)),
        "recent": recent_rows,
    }


async def leaderboard(db: Database, game: str, limit: int = 100, speed: str | None = None) -> dict[str, Any]:
    """The ``GET /api/leaderboard/{game}`` body; :class:`UnknownItem` for an unknown game.
    With ``speed`` (``blitz`` ...), only the players with rated games of that speed, and
    ``games`` counts those (a game has one Elo, whatever the speed: the seed's rule). Closed
    accounts are not listed."""
    if game not in all_games():
        raise UnknownItem(say("no_game", game=game), game=game)
    async with db.read() as s:
        if speed is None:
            q = (select(_USERS.c.username, _USERS.c.hat, _RATINGS.c.rating, _RATINGS.c.games)
                 .join(_USERS, _USERS.c.id == _RATINGS.c.user_id)
                 .where(_RATINGS.c.game == game, _RATINGS.c.games >= 1, _USERS.c.closed_at.is_(None)))
        else:
            played = (select(_HISTORY.c.user_id, func.count().label("n"))
                      .join(_GAMES, _GAMES.c.id == _HISTORY.c.game_id)
                      .where(_HISTORY.c.game == game, _GAMES.c.speed == speed)
                      .group_by(_HISTORY.c.user_id).subquery())
            q = (select(_USERS.c.username, _USERS.c.hat, _RATINGS.c.rating, played.c.n.label("games"))
                 .join(_USERS, _USERS.c.id == _RATINGS.c.user_id)
                 .join(played, played.c.user_id == _RATINGS.c.user_id)
                 .where(_RATINGS.c.game == game, _USERS.c.closed_at.is_(None)))
        rows = (await s.execute(q.order_by(_RATINGS.c.rating.desc(), _USERS.c.username_key).limit(limit))).all()
    out = []
    rank = 0
    prev: int | None = None
    for i, r in enumerate(rows, 1):
        if r.rating != prev:
            rank, prev = i, r.rating
        out.append({"rank": rank, "username": r.username, "rating": r.rating, "games": r.games,
                    "provisional": is_provisional(r.games),
                    "hat": r.hat if r.hat in league_hats.HATS else None})
    return {"game": game, "rows": out} if speed is None else {"game": game, "speed": speed, "rows": out}


async def audit(db: Database) -> dict[int, int]:
    """Every account's ledger sum (tests and operators: each must be >= 0)."""
    async with db.read() as s:
        rows = (await s.execute(select(_LEDGER.c.user_id, func.sum(_LEDGER.c.amount))
                                .group_by(_LEDGER.c.user_id))).all()
    return {int(u): int(n) for u, n in rows}


__all__ = ["audit", "buy_hat", "challenges", "claim_challenge", "credit_daily", "daily_claimed", "equip_hat",
           "finished_game", "hats_of", "leaderboard", "profile", "result_of", "seat_ratings", "settle_batch", "shop"]
