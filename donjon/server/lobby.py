"""The lobby: open a table, sit at one, fill it with bots, cancel it. A full table becomes a game.

A table has a number of **seats** (UnfairChess 2, Castel 2–4, Citadel 1–4). The creator
sits at once; some seats may be given to bots when the table is opened (``bots``, or
``opponent: "bot"`` for every other seat); people take the open seats (``join``) and may
get up again before the start (``leave``); the creator may fill the remaining seats with
bots (``fill``). The game starts the moment the last seat is taken.

Who sits where is kept in ``tables.seating`` (JSON)::

    {"seats": 3, "options": {"difficulty": "easy"},
     "sitting": [{"user_id": 4, "name": "alice"}, {"bot": "easy", "name": "Bot (easy)"}, null]}

A table opened before seating existed has ``seating`` NULL: two seats, its creator in one.
"""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass
from typing import Any

from donjon.games import game_ids, get_game
from donjon.server.bots import LEVELS
from donjon.server.rooms import Hub
from donjon.store import repo
from donjon.store.models import TableRow, User

MODES = ("friendly", "ranked")
COLORS = ("white", "black", "random")
OPPONENTS = ("anyone", "invite", "bot")
DIFFICULTIES = ("easy", "normal", "hard")
MAX_STAKE = 1_000_000
MAX_OPEN_TABLES = 5


class LobbyError(Exception):
    def __init__(self, reason: str, status: int = 400, code: str = "bad_request") -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.code = code


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().isdigit():
            return int(value.strip())
        raise LobbyError(f"{what} is a whole number")
    return value


@dataclass
class TableRequest:
    game: str = "unfairchess"
    mode: str = "friendly"
    stake: int = 0
    color: str = "random"
    opponent: str = "anyone"
    bot_level: str | None = None
    seats: int | None = None
    bots: int | None = None
    difficulty: str | None = None

    @classmethod
    def parse(cls, data: Any) -> TableRequest:
        if not isinstance(data, dict):
            raise LobbyError("send a JSON object describing the table")
        allowed = {"game", "mode", "stake", "color", "opponent", "bot_level", "seats", "bots", "difficulty"}
        unknown = set(data) - allowed
        if unknown:
            raise LobbyError(f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
        req = cls(**{k: data[k] for k in allowed if k in data and data[k] is not None})
        if req.game not in game_ids():
            raise LobbyError(f"unknown game {req.game!r}; known: {', '.join(game_ids())}")
        if req.mode not in MODES:
            raise LobbyError("mode is 'friendly' or 'ranked'")
        if req.color not in COLORS:
            raise LobbyError("color is 'white', 'black' or 'random'")
        if req.opponent not in OPPONENTS:
            raise LobbyError("opponent is 'anyone', 'invite' or 'bot'")
        req.stake = _whole(req.stake, "the stake")
        if req.stake < 0 or req.stake > MAX_STAKE:
            raise LobbyError(f"the stake is between 0 and {MAX_STAKE} coins")
        g = get_game(req.game)
        lo, hi = seat_range(req.game)
        req.seats = _whole(req.seats, "seats") if req.seats is not None else max(lo, min(2, hi))
        if not lo <= req.seats <= hi:
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise LobbyError(f"a {req.game} table has {span} seats, not {req.seats} (seats)")
        if req.opponent == "bot":
            if req.bots is not None and _whole(req.bots, "bots") != req.seats - 1:
                raise LobbyError(f"opponent 'bot' gives every other seat to a bot: bots is {req.seats - 1}")
            req.bots = req.seats - 1
            if req.bots == 0:
                raise LobbyError("a one-seat table has no seat for a bot")
        else:
            req.bots = _whole(req.bots, "bots") if req.bots is not None else 0
            if not 0 <= req.bots <= req.seats - 1:
                raise LobbyError(f"bots is between 0 and {req.seats - 1}: you sit at one of the {req.seats} seats")
        if req.bots:
            req.bot_level = req.bot_level or "normal"
            if req.bot_level not in LEVELS:
                raise LobbyError("bot_level is 'easy', 'normal' or 'hard'")
            if req.mode == "ranked":
                raise LobbyError("ranked tables are for people only: games against a bot never count")
            if req.stake:
                raise LobbyError("a table with a bot has stake 0: games against a bot never count")
        elif req.bot_level is not None:
            raise LobbyError("bot_level only goes with opponent 'bot' or bot seats ('bots')")
        if g.cooperative:
            if req.mode == "ranked":
                raise LobbyError(f"{req.game} is cooperative: the table wins or loses together, so it is "
                                 "always friendly (never ranked)")
            if req.stake:
                raise LobbyError(f"{req.game} is cooperative: nobody wins a teammate's coins, so its stake is 0")
            req.difficulty = req.difficulty or "normal"
            if req.difficulty not in DIFFICULTIES:
                raise LobbyError("difficulty is 'easy', 'normal' or 'hard'")
        elif req.difficulty is not None:
            raise LobbyError(f"difficulty is a Citadel option; {req.game} has none")
        if req.color != "random" and req.seats != 2:
            raise LobbyError("the seat order of a table of more or fewer than two seats is drawn at random: "
                             "color is 'random'")
        if req.bots == req.seats - 1 and req.bots:
            req.opponent = "bot"  # nobody to wait for: the game starts at once
        return req


def seat_range(game: str) -> tuple[int, int]:
    g = get_game(game)
    return g.min_players, g.max_players


def lobby_games() -> list[str]:
    """Every game a lobby table can host, UnfairChess first."""
    return sorted(game_ids(), key=lambda g: (g != "unfairchess", g))


def seating_of(t: TableRow) -> dict[str, Any]:
    """The table's seating; a table from before seating existed has two seats, its creator in one."""
    if t.seating:
        return {"seats": int(t.seating.get("seats", 2)), "options": dict(t.seating.get("options") or {}),
                "sitting": list(t.seating.get("sitting") or [])}
    return {"seats": 2, "options": {}, "sitting": [{"user_id": t.creator_id, "name": None}, None]}


def table_json(t: TableRow, creator: str, *, with_code: bool = False) -> dict[str, Any]:
    st = seating_of(t)
    sitting: list[dict[str, Any]] = []
    for i, x in enumerate(st["sitting"]):
        if x is None:
            sitting.append({"seat": i, "open": True, "name": None, "user_id": None, "bot": None})
        else:
            name = x.get("name") or (creator if x.get("user_id") == t.creator_id else "?")
            sitting.append({"seat": i, "open": False, "name": name, "user_id": x.get("user_id"), "bot": x.get("bot")})
    out: dict[str, Any] = {
        "id": t.id, "game": t.game_kind, "mode": t.mode, "stake": t.stake, "color": t.color,
        "opponent": t.opponent, "bot_level": t.bot_level, "creator": creator, "creator_id": t.creator_id,
        "status": t.status, "game_id": t.game_id, "created_at": t.created_at,
        "seats": st["seats"], "sitting": sitting, "open_seats": sum(1 for x in sitting if x["open"]),
        "difficulty": st["options"].get("difficulty"),
        "cooperative": get_game(t.game_kind).cooperative if t.game_kind in game_ids() else False,
    }
    if with_code and t.invite_code:
        out["invite_code"] = t.invite_code
        out["invite_url"] = f"/t/{t.id}?code={t.invite_code}"
    return out


def _bot_name(level: str) -> str:
    return f"Bot ({level})"


class Lobby:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def open_table(self, user: User, req: TableRequest) -> dict[str, Any]:
        if user.is_guest:
            if req.mode == "ranked":
                raise LobbyError("ranked games need an account: register or log in", 403, "account_required")
            if req.stake:
                raise LobbyError("guests play without coins: register to put a stake on a game", 403,
                                 "account_required")
        seats = req.seats or 2
        bots = req.bots or 0
        sitting: list[dict[str, Any] | None] = [{"user_id": user.id, "name": user.username}]
        sitting += [{"bot": req.bot_level, "name": _bot_name(req.bot_level or "normal")} for _ in range(bots)]
        sitting += [None] * (seats - len(sitting))
        options = {"difficulty": req.difficulty} if req.difficulty else {}
        starts = all(x is not None for x in sitting)
        async with self.hub.db.write() as s:
            if req.stake:
                bal = await repo.balance(s, user.id)
                if req.stake > bal:
                    raise LobbyError(f"a stake of {req.stake} coins is above your balance of {bal} coins",
                                     400, "insufficient_balance")
            if not starts and len(await repo.user_open_tables(s, user.id)) >= MAX_OPEN_TABLES:
                raise LobbyError(f"you already have {MAX_OPEN_TABLES} open tables; cancel one first", 409,
                                 "too_many_tables")
            table = await repo.create_table(
                s, game_kind=req.game, mode=req.mode, stake=req.stake, color=req.color, opponent=req.opponent,
                bot_level=req.bot_level, invite_code=secrets.token_urlsafe(9) if req.opponent == "invite" else None,
                creator_id=user.id, seating={"seats": seats, "options": options, "sitting": sitting})
            if starts:
                await self._start(s, table, sitting, user.id)
        if req.opponent == "anyone" and not starts:
            await self.hub.notify_lobby({"type": "tables_changed"})
        else:
            await self.hub.notify_lobby({"type": "games_changed"})
        if table.game_id:
            await self._wake_bots(table.game_id)
        return table_json(table, user.username, with_code=True)

    async def _wake_bots(self, game_id: str) -> None:
        room = await self.hub.room(game_id)
        if room is not None:
            self.hub._maybe_bot(room)

    @staticmethod
    def _creator_first(color: str) -> bool:
        if color == "random":
            return random.SystemRandom().random() < 0.5
        return color == "white"

    def _game_options(self, table: TableRow, seats: int) -> dict[str, Any]:
        """The engine's setup options: the table's (Citadel's difficulty), then the test-only
        ``test_game_options`` of ``"<game>:<seats>"`` or else of ``"<game>"``."""
        settings = self.hub.settings
        test = settings.game_options(f"{table.game_kind}:{seats}") or settings.game_options(table.game_kind)
        return {**seating_of(table)["options"], **test}

    async def _start(self, s: Any, table: TableRow, sitting: list[dict[str, Any] | None], creator_id: int) -> str:
        """Every seat is taken: draw the seat order, create the game, close the table."""
        people = [x for x in sitting if x is not None]
        if len(people) == 2 and table.color != "random":
            creator = next(x for x in people if x.get("user_id") == creator_id)
            other = next(x for x in people if x is not creator)
            order = [creator, other] if table.color == "white" else [other, creator]
        else:
            order = list(people)
            random.SystemRandom().shuffle(order)
        seats = [repo.SeatSpec(x.get("user_id"), x.get("name") or "?", x.get("bot")) for x in order]
        game = await repo.create_game(s, kind=table.game_kind, mode=table.mode, stake=table.stake,
                                      seed=random.SystemRandom().randrange(2**53),
                                      options=self._game_options(table, len(seats)) or None, seats=seats,
                                      table_id=table.id)
        t = time.time()
        for i, spec in enumerate(seats):
            if spec.user_id is not None:
                alone = not any(o.user_id is not None for j, o in enumerate(seats) if j != i)
                await repo.set_absence(s, game.id, i, **self.hub._absence_values(alone, t))
        table.status = "started"
        table.game_id = game.id
        return game.id

    async def _locked_table(self, s: Any, table_id: str) -> TableRow:
        table = await s.get(TableRow, table_id, with_for_update=True)
        if table is None:
            raise LobbyError("there is no such table", 404, "not_found")
        return table

    async def join_table(self, user: User, table_id: str, code: str | None) -> dict[str, Any]:
        started = None
        async with self.hub.db.write() as s:
            table = await self._locked_table(s, table_id)
            st = seating_of(table)
            sitting = st["sitting"]
            mine = table.creator_id == user.id or any(x and x.get("user_id") == user.id for x in sitting)
            if table.status != "open":
                if table.status == "started":
                    raise LobbyError("this table is no longer open: every seat is taken and its game has started",
                                     409, "table_closed")
                raise LobbyError("this table is no longer open", 409, "table_closed")
            if table.opponent == "invite" and not mine and (
                    not code or not secrets.compare_digest(code, table.invite_code or "")):
                raise LobbyError("this table is by invitation: open the invite link you were sent", 403,
                                 "invite_required")
            if table.creator_id == user.id:
                raise LobbyError("you already sit at this table (it is your own table); wait for the other players",
                                 409, "own_table")
            if mine:
                raise LobbyError("you already sit at this table; wait for the other players", 409, "already_seated")
            if None not in sitting:
                raise LobbyError("this table is full", 409, "table_full")
            creator = await repo.user_by_id(s, table.creator_id)
            assert creator is not None
            if table.mode == "ranked" and (user.is_guest or creator.is_guest):
                raise LobbyError("ranked games need an account: register or log in", 403, "account_required")
            if table.stake:
                if user.is_guest:
                    raise LobbyError("guests play without coins: register to join a table with a stake", 403,
                                     "account_required")
                bal = await repo.balance(s, user.id)
                if table.stake > bal:
                    raise LobbyError(f"this table's stake of {table.stake} coins is above your balance of "
                                     f"{bal} coins", 400, "insufficient_balance")
            sitting = list(sitting)
            sitting[sitting.index(None)] = {"user_id": user.id, "name": user.username}
            if None not in sitting:
                await self._check_stakes(s, table, sitting)
                started = await self._start(s, table, sitting, creator.id)
            table.seating = {**st, "sitting": sitting}
            out = table_json(table, creator.username)
        await self.hub.notify_lobby({"type": "tables_changed"})
        if started:
            await self._announce(table, started, sitting)
        return out

    async def _check_stakes(self, s: Any, table: TableRow, sitting: list[dict[str, Any] | None]) -> None:
        """At the start every person seated must still have the coins of the stake."""
        if not table.stake:
            return
        for x in sitting:
            uid = x.get("user_id") if x else None
            if uid is not None and table.stake > await repo.balance(s, uid):
                who = "the table's creator" if uid == table.creator_id else (x or {}).get("name") or "a player"
                raise LobbyError(f"{who} no longer has the coins of the stake", 409, "table_closed")

    async def _announce(self, table: TableRow, game_id: str, sitting: list[dict[str, Any] | None]) -> None:
        users = [x["user_id"] for x in sitting if x and x.get("user_id") is not None]
        await self.hub.notify_lobby({"type": "started", "game": game_id, "table": table.id, "users": users})
        await self._wake_bots(game_id)

    async def leave_table(self, user: User, table_id: str) -> dict[str, Any]:
        """Get up from a table before its game starts (its creator cancels it instead)."""
        async with self.hub.db.write() as s:
            table = await self._locked_table(s, table_id)
            if table.status != "open":
                raise LobbyError("this table is no longer open", 409, "table_closed")
            if table.creator_id == user.id:
                raise LobbyError("this is your own table: cancel it instead", 409, "own_table")
            st = seating_of(table)
            sitting = list(st["sitting"])
            where = [i for i, x in enumerate(sitting) if x and x.get("user_id") == user.id]
            if not where:
                raise LobbyError("you do not sit at this table", 409, "not_seated")
            sitting[where[0]] = None
            table.seating = {**st, "sitting": sitting}
            creator = await repo.user_by_id(s, table.creator_id)
            out = table_json(table, creator.username if creator else "?")
        await self.hub.notify_lobby({"type": "tables_changed"})
        return out

    async def fill_table(self, user: User, table_id: str, level: str | None) -> dict[str, Any]:
        """The creator gives every open seat to a bot; the game starts at once."""
        level = level or "normal"
        if level not in LEVELS:
            raise LobbyError("bot_level is 'easy', 'normal' or 'hard'")
        async with self.hub.db.write() as s:
            table = await self._locked_table(s, table_id)
            if table.creator_id != user.id:
                raise LobbyError("only the table's creator may fill it with bots", 403, "not_creator")
            if table.status != "open":
                raise LobbyError("this table is no longer open", 409, "table_closed")
            if table.mode == "ranked" or table.stake:
                raise LobbyError("a ranked table or a table with a stake is for people only: games against a bot "
                                 "never count", 400)
            st = seating_of(table)
            sitting = [x if x is not None else {"bot": level, "name": _bot_name(level)} for x in st["sitting"]]
            table.seating = {**st, "sitting": sitting}
            if table.bot_level is None:
                table.bot_level = level
            started = await self._start(s, table, sitting, user.id)
            out = table_json(table, user.username)
        await self.hub.notify_lobby({"type": "tables_changed"})
        await self._announce(table, started, sitting)
        return out

    async def cancel_table(self, user: User, table_id: str) -> None:
        async with self.hub.db.write() as s:
            table = await repo.get_table(s, table_id)
            if table is None or table.creator_id != user.id:
                raise LobbyError("there is no such table of yours", 404, "not_found")
            if table.status != "open":
                raise LobbyError("this table is no longer open", 409, "table_closed")
            table.status = "cancelled"
        await self.hub.notify_lobby({"type": "tables_changed"})

    async def open_tables(self) -> list[dict[str, Any]]:
        async with self.hub.db.read() as s:
            return [table_json(t, name) for t, name in await repo.open_tables(s)]
