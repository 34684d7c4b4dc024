"""Queries over the schema of :mod:`donjon.store.models` (all take an ``AsyncSession``)."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, delete, func, or_, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from donjon.store.models import (
    BlockRow,
    FollowRow,
    GameActionRow,
    GameChatRow,
    GameRow,
    GameSeatRow,
    LedgerRow,
    NodeRow,
    SessionRow,
    TableRow,
    User,
)

_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_id(n: int = 8) -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(n))


def now() -> float:
    return time.time()


# --------------------------------------------------------------------------- users


async def create_user(s: AsyncSession, username: str, password_hash: str | None, *, is_guest: bool,
                      start_balance: int) -> User:
    user = User(username=username, username_key=username.lower(), password_hash=password_hash,
                is_guest=is_guest, created_at=now())
    s.add(user)
    await s.flush()
    if not is_guest and start_balance:
        s.add(LedgerRow(user_id=user.id, amount=start_balance, reason="welcome", game_id=None, created_at=now(),
                        key=f"welcome:{user.id}"))
    return user


async def upgrade_guest(s: AsyncSession, user: User, username: str, password_hash: str, start_balance: int) -> User:
    user.username = username
    user.username_key = username.lower()
    user.password_hash = password_hash
    user.is_guest = False
    await _renamed(s, user.id, username)  # its games are the account's, under its name
    if start_balance:
        s.add(LedgerRow(user_id=user.id, amount=start_balance, reason="welcome", game_id=None, created_at=now(),
                        key=f"welcome:{user.id}"))
    await s.flush()
    return user


async def replace_password_hash(s: AsyncSession, user_id: int, old: str, new: str) -> bool:
    """Set the password hash of account ``user_id`` to ``new`` if it is still ``old``;
    whether it was."""
    result = await s.execute(update(User).where(User.id == user_id, User.password_hash == old)
                             .values(password_hash=new).execution_options(synchronize_session=False))
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def set_password_hash(s: AsyncSession, user_id: int, new: str) -> None:
    """Set the password hash of account ``user_id`` to ``new``, whatever it was."""
    await s.execute(update(User).where(User.id == user_id).values(password_hash=new)
                    .execution_options(synchronize_session=False))


async def user_by_name(s: AsyncSession, username: str) -> User | None:
    """The account named ``username`` in any case (``username_key`` is the lower-case name,
    unique). Usernames are ASCII: a name that is not is nobody's, even when ``str.lower``
    would fold it onto one (the Kelvin sign K lowers to "k")."""
    if not username.isascii():
        return None
    return (await s.execute(select(User).where(User.username_key == username.lower(),
                                               User.closed_at.is_(None)))).scalar_one_or_none()


async def close_user(s: AsyncSession, user: User) -> None:
    """Close ``user``'s account in the caller's transaction: named ``closed-<id>`` (the name
    is free again), in its games' seats too, no password, no hat, no blocks or follows either way,
    ``closed_at`` now. Its sessions are the caller's."""
    name = f"closed-{user.id}"
    if (await s.execute(select(User.id).where(User.username_key == name))).first() is not None:
        name = f"{name}-{secrets.token_hex(3)}"  # a name taken before "closed-" was kept
    user.username, user.username_key = name, name
    user.password_hash, user.hat, user.closed_at = None, None, now()
    await _renamed(s, user.id, name)
    await s.execute(delete(BlockRow).where(or_(BlockRow.user_id == user.id, BlockRow.blocked_id == user.id)))
    await s.execute(delete(FollowRow).where(or_(FollowRow.user_id == user.id, FollowRow.followed_id == user.id)))


async def _renamed(s: AsyncSession, user_id: int, name: str) -> None:
    """In the caller's transaction, ``name`` for account ``user_id`` wherever a name of it was
    kept: its games' seats, and the tables that show it (its own, the challenges to it, the
    tables of its games, the open tables it sits at). A process that holds one of its games
    loaded reads its seats again (``Rooms.renamed``, the lobby bus's ``renamed``)."""
    await s.execute(update(GameSeatRow).where(GameSeatRow.user_id == user_id).values(name=name)
                    .execution_options(synchronize_session=False))
    played = select(GameRow.table_id).join(GameSeatRow, GameSeatRow.game_id == GameRow.id).where(
        GameSeatRow.user_id == user_id, GameRow.table_id.is_not(None))
    tables = await s.execute(select(TableRow).where(or_(TableRow.creator_id == user_id,
                                                        TableRow.addressee_id == user_id,
                                                        TableRow.id.in_(played), TableRow.status == "open")))
    for t in tables.scalars():
        if not t.seating:
            continue
        seating = {**t.seating, "sitting": [{**x, "name": name} if x and x.get("user_id") == user_id else x
                                            for x in t.seating.get("sitting", [])]}
        if t.addressee_id == user_id and "to" in seating:
            seating["to"] = name
        if seating != t.seating:
            t.seating = seating


async def user_by_id(s: AsyncSession, user_id: int) -> User | None:
    return await s.get(User, user_id)


async def lock_users(s: AsyncSession, user_ids: list[int]) -> None:
    """Lock the rows of ``user_ids`` until the end of the transaction: PostgreSQL ``FOR NO KEY
    UPDATE`` (it waits for another such lock but not for foreign-key checks), in id order so
    two transactions never wait for each other crosswise. SQLite ignores it: its writers are
    serialised by the database's writer lock."""
    if user_ids and (s.bind is None or s.bind.dialect.name != "sqlite"):
        await s.execute(select(User.id).where(User.id.in_(sorted(user_ids))).order_by(User.id)
                        .with_for_update(key_share=True))


async def balance(s: AsyncSession, user_id: int) -> int:
    total = (await s.execute(select(func.coalesce(func.sum(LedgerRow.amount), 0))
                             .where(LedgerRow.user_id == user_id))).scalar_one()
    return int(total)


async def ledger(s: AsyncSession, user_id: int, limit: int = 50) -> list[LedgerRow]:
    rows = await s.execute(select(LedgerRow).where(LedgerRow.user_id == user_id)
                           .order_by(LedgerRow.id.desc()).limit(limit))
    return list(rows.scalars())


# --------------------------------------------------------------------------- sessions


async def create_session(s: AsyncSession, token_hash: str, user_id: int, days: float) -> None:
    t = now()
    s.add(SessionRow(token_hash=token_hash, user_id=user_id, created_at=t, expires_at=t + days * 86400))


async def session_user(s: AsyncSession, token_hash: str) -> User | None:
    row = (await s.execute(select(User).join(SessionRow, SessionRow.user_id == User.id)
                           .where(SessionRow.token_hash == token_hash, SessionRow.expires_at > now()))).first()
    return row[0] if row else None


async def delete_session(s: AsyncSession, token_hash: str) -> None:
    await s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))


async def user_sessions(s: AsyncSession, user_id: int) -> list[SessionRow]:
    """The user's sessions that have not expired, the newest first."""
    rows = await s.execute(select(SessionRow).where(SessionRow.user_id == user_id, SessionRow.expires_at > now())
                           .order_by(SessionRow.created_at.desc()))
    return list(rows.scalars())


async def end_sessions(s: AsyncSession, user_id: int, keep: str | None = None) -> list[str]:
    """Delete every session of ``user_id`` but ``keep`` (a token hash, or None: all of them);
    returns the hashes of those deleted, expired ones included."""
    query = select(SessionRow.token_hash).where(SessionRow.user_id == user_id)
    if keep is not None:
        query = query.where(SessionRow.token_hash != keep)
    ended = list((await s.execute(query)).scalars())
    if ended:
        await s.execute(delete(SessionRow).where(SessionRow.token_hash.in_(ended)))
    return ended


# --------------------------------------------------------------------------- blocks


async def block_user(s: AsyncSession, user_id: int, other_id: int) -> bool:
    """``user_id`` blocks ``other_id``; whether it is new (blocking twice changes nothing)."""
    if await s.get(BlockRow, (user_id, other_id)) is not None:
        return False
    s.add(BlockRow(user_id=user_id, blocked_id=other_id, created_at=now()))
    await s.flush()
    return True


async def unblock_user(s: AsyncSession, user_id: int, other_id: int) -> bool:
    """``user_id`` no longer blocks ``other_id``; whether they did."""
    result = await s.execute(delete(BlockRow).where(BlockRow.user_id == user_id, BlockRow.blocked_id == other_id))
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def blocks_of(s: AsyncSession, user_id: int) -> list[tuple[int, str, float]]:
    """The accounts ``user_id`` blocked, the newest first: (id, name, since)."""
    rows = await s.execute(select(User.id, User.username, BlockRow.created_at)
                           .join(BlockRow, BlockRow.blocked_id == User.id)
                           .where(BlockRow.user_id == user_id).order_by(BlockRow.created_at.desc()))
    return [(r[0], r[1], r[2]) for r in rows.all()]


async def has_blocked(s: AsyncSession, user_id: int, other_id: int) -> bool:
    return await s.get(BlockRow, (user_id, other_id)) is not None


async def blocked_of(s: AsyncSession, user_id: int, others: Sequence[int]) -> list[int]:
    """Those of ``others`` whom ``user_id`` blocked."""
    if not others:
        return []
    rows = await s.execute(select(BlockRow.blocked_id).where(BlockRow.user_id == user_id,
                                                             BlockRow.blocked_id.in_(list(others))))
    return sorted(r[0] for r in rows.all())


async def count_blocks(s: AsyncSession, user_id: int) -> int:
    return int((await s.execute(select(func.count()).select_from(BlockRow)
                                .where(BlockRow.user_id == user_id))).scalar_one())


async def blocked_with(s: AsyncSession, user_id: int, others: Sequence[int]) -> bool:
    """Whether ``user_id`` blocked one of ``others`` or one of them blocked ``user_id``."""
    others = [o for o in others if o != user_id]
    if not others:
        return False
    row = (await s.execute(select(BlockRow.user_id).where(or_(
        (BlockRow.user_id == user_id) & BlockRow.blocked_id.in_(others),
        (BlockRow.blocked_id == user_id) & BlockRow.user_id.in_(others))).limit(1))).first()
    return row is not None


async def blocks_touching(s: AsyncSession, user_ids: Collection[int]) -> list[tuple[int, int]]:
    """Every block ``(blocker, blocked)`` of which one side is among ``user_ids``."""
    ids = sorted(set(user_ids))
    if not ids:
        return []
    rows = await s.execute(select(BlockRow.user_id, BlockRow.blocked_id)
                           .where(or_(BlockRow.user_id.in_(ids), BlockRow.blocked_id.in_(ids))))
    return [(r[0], r[1]) for r in rows.all()]


async def blocked_among(s: AsyncSession, user_ids: Sequence[int]) -> bool:
    """Whether one of ``user_ids`` blocked another of them."""
    ids = sorted(set(user_ids))
    if len(ids) < 2:
        return False
    row = (await s.execute(select(BlockRow.user_id).where(BlockRow.user_id.in_(ids), BlockRow.blocked_id.in_(ids))
                           .limit(1))).first()
    return row is not None


# --------------------------------------------------------------------------- follows


async def follow_user(s: AsyncSession, user_id: int, other_id: int) -> bool:
    """``user_id`` follows ``other_id``; whether it is new."""
    if await s.get(FollowRow, (user_id, other_id)) is not None:
        return False
    s.add(FollowRow(user_id=user_id, followed_id=other_id, created_at=now()))
    await s.flush()
    return True


async def unfollow_user(s: AsyncSession, user_id: int, other_id: int) -> bool:
    """``user_id`` no longer follows ``other_id``; whether they did."""
    result = await s.execute(delete(FollowRow).where(FollowRow.user_id == user_id, FollowRow.followed_id == other_id))
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def unfollow_both(s: AsyncSession, a: int, b: int) -> None:
    """Neither of ``a`` and ``b`` follows the other any more (a block between them)."""
    await s.execute(delete(FollowRow).where(or_((FollowRow.user_id == a) & (FollowRow.followed_id == b),
                                                (FollowRow.user_id == b) & (FollowRow.followed_id == a))))


async def follows_of(s: AsyncSession, user_id: int) -> list[tuple[int, str, float]]:
    """The accounts ``user_id`` follows, by name: (id, name, since)."""
    rows = await s.execute(select(User.id, User.username, FollowRow.created_at)
                           .join(FollowRow, FollowRow.followed_id == User.id)
                           .where(FollowRow.user_id == user_id).order_by(User.username_key))
    return [(r[0], r[1], r[2]) for r in rows.all()]


async def is_following(s: AsyncSession, user_id: int, other_id: int) -> bool:
    return await s.get(FollowRow, (user_id, other_id)) is not None


async def count_follows(s: AsyncSession, user_id: int) -> int:
    return int((await s.execute(select(func.count()).select_from(FollowRow)
                                .where(FollowRow.user_id == user_id))).scalar_one())


# --------------------------------------------------------------------------- tables


async def create_table(s: AsyncSession, **kw: Any) -> TableRow:
    row = TableRow(id=new_id(), status="open", created_at=now(), **kw)
    s.add(row)
    await s.flush()
    return row


async def get_table(s: AsyncSession, table_id: str) -> TableRow | None:
    return await s.get(TableRow, table_id)


async def open_tables(s: AsyncSession, limit: int = 100) -> list[tuple[TableRow, str]]:
    rows = await s.execute(select(TableRow, User.username).join(User, User.id == TableRow.creator_id)
                           .where(TableRow.status == "open", TableRow.opponent == "anyone")
                           .order_by(TableRow.created_at.desc()).limit(limit))
    return [(r[0], r[1]) for r in rows.all()]


async def open_challenges(s: AsyncSession, user_id: int) -> list[tuple[TableRow, str, str]]:
    """The open tables addressed to ``user_id`` or addressed by them to someone, newest first,
    with the names of their creator and addressee."""
    addressee = aliased(User)
    rows = await s.execute(select(TableRow, User.username, addressee.username)
                           .join(User, User.id == TableRow.creator_id)
                           .join(addressee, addressee.id == TableRow.addressee_id)
                           .where(TableRow.status == "open",
                                  or_(TableRow.addressee_id == user_id, TableRow.creator_id == user_id))
                           .order_by(TableRow.created_at.desc()).limit(100))
    return [(r[0], r[1], r[2]) for r in rows.all()]


async def open_tables_of(s: AsyncSession, user_id: int) -> list[TableRow]:
    """Every open table ``user_id`` created, is challenged to, or sits at, locked for update
    (only those: the others are read, not locked)."""
    rows = await s.execute(select(TableRow.id, TableRow.creator_id, TableRow.addressee_id, TableRow.seating)
                           .where(TableRow.status == "open"))
    ids = [r.id for r in rows.all()
           if user_id in (r.creator_id, r.addressee_id)
           or any(x and x.get("user_id") == user_id for x in (r.seating or {}).get("sitting", []))]
    if not ids:
        return []
    locked = await s.execute(select(TableRow).where(TableRow.id.in_(ids)).with_for_update())
    return [t for t in locked.scalars() if t.status == "open"]


async def user_active_games(s: AsyncSession, user_id: int) -> list[str]:
    """The games in progress where ``user_id`` holds a seat."""
    rows = await s.execute(select(GameRow.id).join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                           .where(GameSeatRow.user_id == user_id, GameRow.status == "active"))
    return sorted({r[0] for r in rows.all()})


async def user_open_tables(s: AsyncSession, user_id: int) -> list[TableRow]:
    rows = await s.execute(select(TableRow).where(TableRow.status == "open", TableRow.creator_id == user_id)
                           .order_by(TableRow.created_at.desc()))
    return list(rows.scalars())


# --------------------------------------------------------------------------- games


@dataclass
class SeatSpec:
    user_id: int | None
    name: str
    bot_level: str | None = None


async def create_game(s: AsyncSession, *, kind: str, mode: str, stake: int, seed: int,
                      options: dict[str, Any] | None, seats: list[SeatSpec], table_id: str | None,
                      rematch_of: str | None = None, game_id: str | None = None,
                      time_control: dict[str, Any] | None = None, speed: str | None = None,
                      to_act: Sequence[int] | None = None) -> GameRow:
    """Insert a game and its seats and escrow the stake of every human seat. ``to_act``: the
    seats to act first (the game's lists read them before its first entry is written).

    The seated accounts are locked first (``SELECT ... FOR NO KEY UPDATE`` on PostgreSQL; SQLite
    writers are serialised) and a stake above a balance raises
    :class:`~donjon.league.errors.InsufficientCoins`: a balance never goes below zero."""
    t = now()
    humans = sorted({x.user_id for x in seats if x.user_id is not None})
    if stake and humans:
        await lock_users(s, humans)
        for uid in humans:
            have = await balance(s, uid)
            if stake > have:
                from donjon.league.errors import InsufficientCoins

                raise InsufficientCoins.stake(uid, balance=have, stake=stake)
    g = GameRow(id=game_id or new_id(), kind=kind, table_id=table_id, mode=mode, stake=stake, seed=seed,
                options=options or {}, status="active", outcome=None, plies=0, created_at=t,
                rematch_of=rematch_of, time_control=time_control, speed=speed)
    if to_act is not None:  # (set only then: the JSON column would store None as 'null', not NULL)
        g.to_act = list(to_act)
    s.add(g)
    await s.flush()
    for i, spec in enumerate(seats):
        s.add(GameSeatRow(game_id=g.id, seat=i, user_id=spec.user_id, bot_level=spec.bot_level, name=spec.name))
        if stake and spec.user_id is not None:
            s.add(LedgerRow(user_id=spec.user_id, amount=-stake, reason="stake", game_id=g.id, created_at=t,
                            key=f"stake:{g.id}:{spec.user_id}"))
    await s.flush()
    return g


async def get_game(s: AsyncSession, game_id: str) -> GameRow | None:
    return await s.get(GameRow, game_id)


async def game_seats(s: AsyncSession, game_id: str) -> list[GameSeatRow]:
    rows = await s.execute(select(GameSeatRow).where(GameSeatRow.game_id == game_id).order_by(GameSeatRow.seat))
    return list(rows.scalars())


async def game_entries(s: AsyncSession, game_id: str, after: int = 0) -> list[GameActionRow]:
    rows = await s.execute(select(GameActionRow).where(GameActionRow.game_id == game_id, GameActionRow.seq > after)
                           .order_by(GameActionRow.seq))
    return list(rows.scalars())


async def add_chat(s: AsyncSession, game_id: str, seat: int, user_id: int | None, text: str, at: float) -> GameChatRow:
    """Store a line of ``game_id``'s chat written by ``seat``."""
    row = GameChatRow(game_id=game_id, seat=seat, user_id=user_id, text=text, created_at=at)
    s.add(row)
    await s.flush()
    return row


async def chat_lines(s: AsyncSession, game_id: str, limit: int = 100) -> list[GameChatRow]:
    """The last ``limit`` lines of ``game_id``'s chat, oldest first."""
    rows = await s.execute(select(GameChatRow).where(GameChatRow.game_id == game_id)
                           .order_by(GameChatRow.id.desc()).limit(limit))
    return list(reversed(list(rows.scalars())))


async def append_entry(s: AsyncSession, game_id: str, seq: int, kind: str, seat: int | None,
                       data: dict[str, Any]) -> None:
    s.add(GameActionRow(game_id=game_id, seq=seq, kind=kind, seat=seat, data=data, created_at=now()))
    await s.flush()


@dataclass(frozen=True)
class Finish:
    """How a game ended, as written in the same transaction as its final log entry."""

    status: str
    outcome: dict[str, Any] | None
    plies: int
    stake: int
    seats: tuple[tuple[int, int | None], ...]
    """``(seat, user_id)`` of every seat (``None`` for a bot)."""
    acted: tuple[int, ...] = ()
    """Game actions of each seat (``Match.acted``), for the abort window; empty: ``plies`` is used."""
    events: tuple[tuple[int, dict[str, Any]], ...] = ()
    """``(seat, event)``: what the game's league event hook reported during the game
    (``Match.league``, :func:`donjon.games.protocol.league_events`)."""


FinishHook = Callable[[Connection, Sequence[tuple[str, Finish]], float], list[bool]]
"""``on_finish(conn, [(game_id, finish), ...], t)``: writes the end of games on the synchronous
connection ``conn``, inside the transaction that stores their final entries, and says for
each game whether it ended now (False: it was already over, and nothing was written). The
server's is the league's settlement, :func:`donjon.store.league.settle_batch`; the group
commit (:class:`donjon.store.groupcommit.GroupCommit`) and
:meth:`donjon.store.db.Database.apply_finish` call the one the database was given."""


_GAMES = cast(Table, GameRow.__table__)
_SEATS = cast(Table, GameSeatRow.__table__)

_END_GAME = (update(_GAMES).where(_GAMES.c.id == bindparam("g"), _GAMES.c.status == "active")
             .values(status=bindparam("end_status"), outcome=bindparam("end_outcome", type_=_GAMES.c.outcome.type),
                     plies=bindparam("end_plies"), finished_at=bindparam("end_at"))
             .returning(_GAMES.c.kind, _GAMES.c.mode))
_CLEAR_CLOCKS = (update(_SEATS).where(_SEATS.c.game_id.in_(bindparam("games", expanding=True)))
                 .values(away_since=None, claim_at=None, deadline_at=None, deadline_kind=None))
_PG_END_GAMES = text(
    "UPDATE games SET status = v.status, outcome = v.outcome, plies = v.plies, finished_at = :at "
    "FROM unnest(CAST(:ids AS VARCHAR[]), CAST(:statuses AS VARCHAR[]), CAST(:outcomes AS JSON[]), "
    "CAST(:plies AS INTEGER[])) AS v(id, status, outcome, plies) "
    "WHERE games.id = v.id AND games.status = 'active' RETURNING games.id, games.kind, games.mode")
"""The statements of :func:`end_batch`, built once: a game's end runs in the group commit's
transaction, and building a statement (and its cache key) each time cost more than running
it. PostgreSQL ends all the games of a batch in one statement (one round trip), their
columns as arrays; SQLite, with no round trips, one ``UPDATE ... RETURNING`` a game."""


def end_batch(conn: Connection, finishes: Sequence[tuple[str, Finish]], t: float) -> list[tuple[str, str] | None]:
    """Mark each game of ``finishes`` over and clear its seats' clocks, exactly once: for
    each game, its ``(kind, mode)`` if it ended now, ``None`` (and nothing written) if it was
    already over, as is a game's second finish in the same batch (the first one ends it)."""
    first: dict[str, Finish] = {}
    for game_id, f in finishes:
        first.setdefault(game_id, f)
    if conn.dialect.name == "postgresql":
        ended = {str(r[0]): (str(r[1]), str(r[2])) for r in conn.execute(_PG_END_GAMES, {
            "ids": list(first), "statuses": [f.status for f in first.values()],
            "outcomes": [json.dumps(f.outcome) for f in first.values()],
            "plies": [f.plies for f in first.values()], "at": t})}
    else:
        ended = {}
        for game_id, f in first.items():
            row = conn.execute(_END_GAME, {"g": game_id, "end_status": f.status, "end_outcome": f.outcome,
                                           "end_plies": f.plies, "end_at": t}).first()
            if row is not None:
                ended[game_id] = (str(row[0]), str(row[1]))
    if ended:
        conn.execute(_CLEAR_CLOCKS, {"games": list(ended)})
    seen: set[str] = set()
    out: list[tuple[str, str] | None] = []
    for game_id, _ in finishes:
        out.append(ended.get(game_id) if game_id not in seen else None)
        seen.add(game_id)
    return out


def end_games(conn: Connection, finishes: Sequence[tuple[str, Finish]], t: float) -> list[bool]:
    """The :data:`FinishHook` that writes only the end of each game (no league)."""
    return [e is not None for e in end_batch(conn, finishes, t)]


async def set_plies(s: AsyncSession, game_id: str, plies: int) -> None:
    await s.execute(update(GameRow).where(GameRow.id == game_id).values(plies=plies))


async def set_next_game(s: AsyncSession, game_id: str, next_game: str) -> None:
    await s.execute(update(GameRow).where(GameRow.id == game_id).values(next_game=next_game))


async def set_absence(s: AsyncSession, game_id: str, seat: int, *, away_since: float | None,
                      claim_at: float | None, deadline_at: float | None, deadline_kind: str | None,
                      present_node: str | None = None) -> None:
    """Write a seat's absence clock and the node it is present on (a running clock and a
    presence exclude each other: starting a clock clears ``present_node``), in the
    transaction of ``s`` (a game's creation). A clock written on its own (a socket that
    connects or leaves, a seat a bot took over) goes through the group commit instead
    (:meth:`donjon.store.groupcommit.GroupCommit.set_absence`)."""
    await s.execute(update(GameSeatRow).where(GameSeatRow.game_id == game_id, GameSeatRow.seat == seat)
                    .values(away_since=away_since, claim_at=claim_at, deadline_at=deadline_at,
                            deadline_kind=deadline_kind, present_node=present_node))


SET_ABSENCES = (update(_SEATS).where(_SEATS.c.game_id == bindparam("g"), _SEATS.c.seat == bindparam("s"))
                .values(away_since=bindparam("v_away_since"), claim_at=bindparam("v_claim_at"),
                        deadline_at=bindparam("v_deadline_at"), deadline_kind=bindparam("v_deadline_kind"),
                        present_node=bindparam("v_present_node")))
""":func:`set_absence` for many seats (an executemany), built once: parameters ``g``, ``s``
and the columns prefixed with ``v_`` (:func:`absence_params`)."""


def absence_params(game_id: str, seat: int, *, away_since: float | None, claim_at: float | None,
                   deadline_at: float | None, deadline_kind: str | None,
                   present_node: str | None = None) -> dict[str, Any]:
    """One seat's parameters of :data:`SET_ABSENCES`."""
    return {"g": game_id, "s": seat, "v_away_since": away_since, "v_claim_at": claim_at,
            "v_deadline_at": deadline_at, "v_deadline_kind": deadline_kind, "v_present_node": present_node}


# --------------------------------------------------------------------------- presence lease


def heartbeat_statement(dialect: str, node_id: str, at: float) -> Any:
    """The statement that inserts or refreshes the heartbeat of ``node_id`` (``dialect``:
    ``postgresql`` or ``sqlite``)."""
    from sqlalchemy.dialects import postgresql, sqlite

    if dialect == "postgresql":
        pq = postgresql.insert(NodeRow).values(id=node_id, seen_at=at)
        return pq.on_conflict_do_update(index_elements=[NodeRow.id], set_={"seen_at": at})
    sq = sqlite.insert(NodeRow).values(id=node_id, seen_at=at)
    return sq.on_conflict_do_update(index_elements=[NodeRow.id], set_={"seen_at": at})


async def heartbeat(s: AsyncSession, node_id: str, at: float) -> None:
    """Insert or refresh the heartbeat of ``node_id`` (the server writes it through the
    group commit, :meth:`donjon.store.groupcommit.GroupCommit.beat`)."""
    await s.execute(heartbeat_statement(s.bind.dialect.name if s.bind is not None else "sqlite", node_id, at))


async def node_seen(s: AsyncSession, node_id: str) -> float | None:
    """The last heartbeat of ``node_id`` (None: never seen, or forgotten)."""
    return (await s.execute(select(NodeRow.seen_at).where(NodeRow.id == node_id))).scalar_one_or_none()


async def dead_nodes(s: AsyncSession, before: float) -> dict[str, float]:
    """``{node id: last heartbeat}`` of the nodes silent since ``before``."""
    rows = await s.execute(select(NodeRow.id, NodeRow.seen_at).where(NodeRow.seen_at < before))
    return {str(i): float(t) for i, t in rows.all()}


async def forget_nodes(s: AsyncSession, before: float) -> None:
    """Drop the heartbeats older than ``before`` (nodes gone for good)."""
    await s.execute(delete(NodeRow).where(NodeRow.seen_at < before))


async def lapsed_presence(s: AsyncSession, cutoff: float,
                          node: str | None = None) -> list[tuple[str, int, str, float | None]]:
    """Seats of active games held present (no absence clock) by a node whose heartbeat is
    older than ``cutoff`` or missing, and, if ``node`` is given, every such seat held by
    ``node`` whatever its heartbeat. ``(game_id, seat, present_node, its last heartbeat)``."""
    stale = or_(NodeRow.seen_at.is_(None), NodeRow.seen_at < cutoff)
    if node is not None:
        stale = or_(stale, GameSeatRow.present_node == node)
    rows = await s.execute(select(GameSeatRow.game_id, GameSeatRow.seat, GameSeatRow.present_node, NodeRow.seen_at)
                           .join(GameRow, GameRow.id == GameSeatRow.game_id)
                           .outerjoin(NodeRow, NodeRow.id == GameSeatRow.present_node)
                           .where(GameRow.status == "active", GameSeatRow.present_node.is_not(None),
                                  GameSeatRow.deadline_at.is_(None), stale)
                           .order_by(GameSeatRow.game_id, GameSeatRow.seat))
    return [(r[0], r[1], str(r[2]), r[3]) for r in rows.all()]


async def present_nodes(s: AsyncSession, game_ids: list[str]) -> dict[tuple[str, int], str | None]:
    """``{(game_id, seat): present_node}`` of the seats of ``game_ids``."""
    out: dict[tuple[str, int], str | None] = {}
    for i in range(0, len(game_ids), 500):
        rows = await s.execute(select(GameSeatRow.game_id, GameSeatRow.seat, GameSeatRow.present_node)
                               .where(GameSeatRow.game_id.in_(game_ids[i:i + 500])))
        for gid, seat, node in rows.all():
            out[(gid, seat)] = node
    return out


async def start_absence_from(s: AsyncSession, game_id: str, seat: int, node: str, *, away_since: float,
                             claim_at: float | None, deadline_at: float, deadline_kind: str) -> bool:
    """Start the absence clock of a seat held present by ``node`` (a dead node) and clear its
    presence, only if it still is (``present_node = node``, no clock): of several nodes
    trying at once, exactly one gets True."""
    res = await s.execute(update(GameSeatRow)
                          .where(GameSeatRow.game_id == game_id, GameSeatRow.seat == seat,
                                 GameSeatRow.present_node == node, GameSeatRow.deadline_at.is_(None))
                          .values(away_since=away_since, claim_at=claim_at, deadline_at=deadline_at,
                                  deadline_kind=deadline_kind, present_node=None)
                          .execution_options(synchronize_session=False))
    return bool(res.rowcount == 1)  # type: ignore[attr-defined]


async def move_presence(s: AsyncSession, game_id: str, seat: int, node: str, to: str | None) -> bool:
    """Move a seat's presence from ``node`` to ``to`` (None: nowhere), only if ``node`` still
    holds it; True if it moved."""
    res = await s.execute(update(GameSeatRow)
                          .where(GameSeatRow.game_id == game_id, GameSeatRow.seat == seat,
                                 GameSeatRow.present_node == node)
                          .values(present_node=to)
                          .execution_options(synchronize_session=False))
    return bool(res.rowcount == 1)  # type: ignore[attr-defined]


async def due_deadlines(s: AsyncSession, at: float) -> list[tuple[str, int, str]]:
    rows = await s.execute(select(GameSeatRow.game_id, GameSeatRow.seat, GameSeatRow.deadline_kind)
                           .join(GameRow, GameRow.id == GameSeatRow.game_id)
                           .where(GameSeatRow.deadline_at <= at, GameRow.status == "active")
                           .order_by(GameSeatRow.deadline_at))
    return [(r[0], r[1], r[2] or "forfeit") for r in rows.all()]


async def due_flags(s: AsyncSession, at: float) -> list[str]:
    """The games in progress whose next flag falls at ``at`` or before, earliest first."""
    rows = await s.execute(select(GameRow.id).where(GameRow.flag_at <= at, GameRow.status == "active")
                           .order_by(GameRow.flag_at))
    return [r[0] for r in rows.all()]


async def set_flag_at(s: AsyncSession, game_id: str, flag_at: float | None) -> None:
    """When the next flag of ``game_id`` falls (the group commit writes it with each entry;
    this is for the other writes)."""
    await s.execute(update(GameRow).where(GameRow.id == game_id).values(flag_at=flag_at))


async def active_game_ids(s: AsyncSession) -> list[str]:
    rows = await s.execute(select(GameRow.id).where(GameRow.status == "active"))
    return [r[0] for r in rows.all()]


async def still_active(s: AsyncSession, game_ids: set[str]) -> set[str]:
    """Those of ``game_ids`` that are in progress."""
    if not game_ids:
        return set()
    rows = await s.execute(select(GameRow.id).where(GameRow.id.in_(sorted(game_ids)), GameRow.status == "active"))
    return {r[0] for r in rows.all()}


async def live_bot_games(s: AsyncSession, creator_id: int) -> int:
    """Games in progress from the bot tables ``creator_id`` opened or filled (a table with a
    bot has a ``bot_level``; its rematches keep its ``table_id``)."""
    q = (select(func.count()).select_from(GameRow).join(TableRow, TableRow.id == GameRow.table_id)
         .where(TableRow.creator_id == creator_id, TableRow.bot_level.is_not(None), GameRow.status == "active"))
    return int((await s.execute(q)).scalar_one())


async def games_listing(s: AsyncSession, *, status: str | None = None, user_id: int | None = None,
                        limit: int = 50, user_ids: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """Games with their players' names, newest first (``user_id``: of that player;
    ``user_ids``: of any of those players)."""
    q = select(GameRow).order_by(GameRow.created_at.desc()).limit(limit)
    if status == "over":
        q = q.where(GameRow.status != "active")
    elif status is not None:
        q = q.where(GameRow.status == status)
    if user_id is not None:
        q = q.where(GameRow.id.in_(select(GameSeatRow.game_id).where(GameSeatRow.user_id == user_id)))
    if user_ids is not None:
        q = q.where(GameRow.id.in_(select(GameSeatRow.game_id).where(GameSeatRow.user_id.in_(list(user_ids)))))
    games = list((await s.execute(q)).scalars())
    if not games:
        return []
    seats = await s.execute(select(GameSeatRow).where(GameSeatRow.game_id.in_([g.id for g in games]))
                            .order_by(GameSeatRow.game_id, GameSeatRow.seat))
    by_game: dict[str, list[GameSeatRow]] = {}
    for seat in seats.scalars():
        by_game.setdefault(seat.game_id, []).append(seat)
    return [game_summary(g, by_game.get(g.id, [])) for g in games]


def game_summary(g: GameRow, seats: list[GameSeatRow]) -> dict[str, Any]:
    return {
        "id": g.id,
        "kind": g.kind,
        "mode": g.mode,
        "stake": g.stake,
        "status": g.status,
        "outcome": g.outcome,
        "plies": g.plies,
        "created_at": g.created_at,
        "finished_at": g.finished_at,
        "rematch_of": g.rematch_of,
        "next_game": g.next_game,
        "players": [{"seat": x.seat, "name": x.name, "user_id": x.user_id, "bot": x.bot_level} for x in seats],
        "time_control": g.time_control,
        "speed": g.speed,
        "to_act": g.to_act if g.status == "active" else [],
    }


async def user_stats(s: AsyncSession, user_id: int) -> dict[str, int]:
    q = (select(GameRow.status, GameRow.outcome, GameSeatRow.seat)
         .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
         .where(GameSeatRow.user_id == user_id, GameRow.status == "finished"))
    wins = losses = draws = 0
    for _status, outcome, seat in (await s.execute(q)).all():
        out = outcome or {}
        if out.get("draw"):
            draws += 1
        elif seat in (out.get("winners") or []):
            wins += 1
        elif seat in (out.get("losers") or []):
            losses += 1
    return {"wins": wins, "losses": losses, "draws": draws}


__all__ = [
    "Finish", "SeatSpec", "active_game_ids", "append_entry", "balance", "create_game", "create_session", "create_table",
    "create_user", "delete_session", "end_sessions", "user_sessions", "set_password_hash", "close_user", "open_tables_of", "user_active_games", "block_user", "unblock_user", "blocks_of", "has_blocked", "blocked_of", "count_blocks", "follow_user", "unfollow_user", "unfollow_both", "follows_of", "is_following", "count_follows", "blocked_with", "blocks_touching", "blocked_among", "dead_nodes", "due_deadlines", "due_flags", "set_flag_at", "SET_ABSENCES", "absence_params", "end_batch", "end_games", "FinishHook", "lock_users", "game_entries",
    "game_seats", "game_summary", "forget_nodes", "heartbeat", "lapsed_presence", "move_presence", "node_seen",
    "present_nodes",
    "start_absence_from",
    "games_listing", "get_game", "get_table", "ledger", "new_id", "now", "open_tables", "session_user",
    "set_absence", "set_next_game", "set_plies", "upgrade_guest", "user_by_id", "user_by_name", "user_open_tables",
    "user_stats",
]
