"""The lobby: open a table, join one, cancel one. A seated table becomes a game."""

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
MAX_STAKE = 1_000_000
MAX_OPEN_TABLES = 5


class LobbyError(Exception):
    def __init__(self, reason: str, status: int = 400, code: str = "bad_request") -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.code = code


@dataclass
class TableRequest:
    game: str = "unfairchess"
    mode: str = "friendly"
    stake: int = 0
    color: str = "random"
    opponent: str = "anyone"
    bot_level: str | None = None

    @classmethod
    def parse(cls, data: Any) -> TableRequest:
        if not isinstance(data, dict):
            raise LobbyError("send a JSON object describing the table")
        allowed = {"game", "mode", "stake", "color", "opponent", "bot_level"}
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
        if isinstance(req.stake, bool) or not isinstance(req.stake, int):
            if isinstance(req.stake, str) and req.stake.strip().isdigit():
                req.stake = int(req.stake.strip())
            else:
                raise LobbyError("the stake is a whole number of coins")
        if req.stake < 0 or req.stake > MAX_STAKE:
            raise LobbyError(f"the stake is between 0 and {MAX_STAKE} coins")
        if req.opponent == "bot":
            req.bot_level = req.bot_level or "normal"
            if req.bot_level not in LEVELS:
                raise LobbyError("bot_level is 'easy', 'normal' or 'hard'")
            if req.mode == "ranked":
                raise LobbyError("ranked tables are for people only: games against a bot never count")
            if req.stake:
                raise LobbyError("a table with a bot has stake 0: games against a bot never count")
        elif req.bot_level is not None:
            raise LobbyError("bot_level only goes with opponent 'bot'")
        if req.game not in lobby_games():
            raise LobbyError(f"{req.game} tables cannot be opened from the lobby yet "
                             "(two-seat competitive tables only for now)")
        return req


def lobby_games() -> list[str]:
    """Games a two-seat table can host: competitive and playable by two (UnfairChess first)."""
    out = []
    for gid in game_ids():
        g = get_game(gid)
        if not g.cooperative and g.min_players <= 2 <= g.max_players:
            out.append(gid)
    return sorted(out, key=lambda g: (g != "unfairchess", g))


def table_json(t: TableRow, creator: str, *, with_code: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": t.id, "game": t.game_kind, "mode": t.mode, "stake": t.stake, "color": t.color,
        "opponent": t.opponent, "bot_level": t.bot_level, "creator": creator, "creator_id": t.creator_id,
        "status": t.status, "game_id": t.game_id, "created_at": t.created_at,
    }
    if with_code and t.invite_code:
        out["invite_code"] = t.invite_code
        out["invite_url"] = f"/t/{t.id}?code={t.invite_code}"
    return out


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
        async with self.hub.db.write() as s:
            if req.stake:
                bal = await repo.balance(s, user.id)
                if req.stake > bal:
                    raise LobbyError(f"a stake of {req.stake} coins is above your balance of {bal} coins",
                                     400, "insufficient_balance")
            if req.opponent != "bot" and len(await repo.user_open_tables(s, user.id)) >= MAX_OPEN_TABLES:
                raise LobbyError(f"you already have {MAX_OPEN_TABLES} open tables; cancel one first", 409,
                                 "too_many_tables")
            table = await repo.create_table(
                s, game_kind=req.game, mode=req.mode, stake=req.stake, color=req.color, opponent=req.opponent,
                bot_level=req.bot_level, invite_code=secrets.token_urlsafe(9) if req.opponent == "invite" else None,
                creator_id=user.id)
            if req.opponent == "bot":
                me = repo.SeatSpec(user.id, user.username)
                bot = repo.SeatSpec(None, f"Bot ({req.bot_level})", req.bot_level)
                seats = [me, bot] if self._creator_first(req.color) else [bot, me]
                game = await self._create_game(s, table, seats)
                table.status = "started"
                table.game_id = game
        if req.opponent == "anyone":
            await self.hub.notify_lobby({"type": "tables_changed"})
        else:
            await self.hub.notify_lobby({"type": "games_changed"})
        if table.game_id:
            room = await self.hub.room(table.game_id)
            if room is not None:
                self.hub._maybe_bot(room)
        return table_json(table, user.username, with_code=True)

    @staticmethod
    def _creator_first(color: str) -> bool:
        if color == "random":
            return random.SystemRandom().random() < 0.5
        return color == "white"

    async def _create_game(self, s: Any, table: TableRow, seats: list[repo.SeatSpec]) -> str:
        game = await repo.create_game(s, kind=table.game_kind, mode=table.mode, stake=table.stake,
                                      seed=random.SystemRandom().randrange(2**53),
                                      options=self.hub.settings.game_options(table.game_kind), seats=seats,
                                      table_id=table.id)
        t = time.time()
        vs_bot = any(x.bot_level for x in seats)
        for i, spec in enumerate(seats):
            if spec.user_id is not None:
                await repo.set_absence(s, game.id, i, **self.hub._absence_values(vs_bot, t))
        return game.id

    async def join_table(self, user: User, table_id: str, code: str | None) -> dict[str, Any]:
        async with self.hub.db.write() as s:
            table = await repo.get_table(s, table_id)
            if table is None:
                raise LobbyError("there is no such table", 404, "not_found")
            if table.status != "open":
                raise LobbyError("this table is no longer open" + (" (its game has started)"
                                 if table.status == "started" else ""), 409, "table_closed")
            if table.opponent == "invite" and (not code or not secrets.compare_digest(code, table.invite_code or "")):
                raise LobbyError("this table is by invitation: open the invite link you were sent", 403,
                                 "invite_required")
            if table.creator_id == user.id:
                raise LobbyError("you cannot sit at your own table; wait for an opponent", 409, "own_table")
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
                if table.stake > await repo.balance(s, creator.id):
                    raise LobbyError("the table's creator no longer has the coins of the stake", 409,
                                     "table_closed")
            me = repo.SeatSpec(user.id, user.username)
            them = repo.SeatSpec(creator.id, creator.username)
            seats = [them, me] if self._creator_first(table.color) else [me, them]
            game_id = await self._create_game(s, table, seats)
            table.status = "started"
            table.game_id = game_id
            out = table_json(table, creator.username)
        await self.hub.notify_lobby({"type": "tables_changed"})
        await self.hub.notify_lobby({"type": "started", "game": game_id, "table": table_id,
                                     "users": [creator.id, user.id]})
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
