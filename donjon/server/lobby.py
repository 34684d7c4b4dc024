"""The lobby: open a table, sit at one, fill it with bots, cancel it. A full table becomes a game.

A table has a number of **seats**, within its game's ``GameInfo.min_seats..max_seats``. The
creator sits at once; some seats may be given to bots when the table is opened (``bots``, or
``opponent: "bot"`` for every other seat); people take the open seats (``join``) and may
get up again before the start (``leave``); the creator may fill the remaining seats with
bots (``fill``). The game starts the moment the last seat is taken.

A table request is checked by :meth:`TableRequest.parse` alone, from the game's
:class:`~donjon.games.info.GameInfo`: its seats, its table options, its bot levels, and
whether it is cooperative (never ranked, no stake).

Who sits where is kept in ``tables.seating`` (JSON); ``options`` are the table options
the game's ``validate_options`` gave, defaults filled in::

    {"seats": 3, "options": {"difficulty": "easy"},
     "sitting": [{"user_id": 4, "name": "alice"}, {"bot": "easy", "name": "Bot (easy)"}, null]}

A table opened before seating existed has ``seating`` NULL: two seats, its creator in one.

A **challenge** is a two-seat table addressed to one person (``to``: their username;
``opponent`` ``user``, ``tables.addressee_id``): only they may take the open seat (join is
their *accept*; :meth:`Lobby.decline_table` their refusal), it is not in the public list, and
:meth:`Lobby.challenges` lists it for the addressee and its creator.
"""

from __future__ import annotations

import contextlib
import json
import random
import secrets
import time
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from donjon.games import game_ids, games, get_game, get_info
from donjon.games.info import GameInfo, OptionError
from donjon.said import Reason
from donjon.server.clock import ClockError, TimeControl
from donjon.server.limits import LiveBotGames
from donjon.server.match import Match, MatchError
from donjon.server.refusals.lobby import say
from donjon.server.rooms import Hub, Room
from donjon.store import repo
from donjon.store.models import TableRow, User

MODES = ("friendly", "ranked")
COLORS = ("white", "black", "random")
"""A two-seat table's creator takes seat 0 (``white``), seat 1 (``black``), or a seat drawn at random."""
OPPONENTS = ("anyone", "invite", "bot", "user")
"""``user``: a challenge, addressed to the person named in ``to``."""
MAX_STAKE = 1_000_000
MAX_OPEN_TABLES = 5

TABLE_FIELDS = ("game", "mode", "stake", "color", "opponent", "bot_level", "seats", "bots", "options",
                "time_control", "to")
"""The fields of a table request. A game's table options go in ``options``; each may also be
given at the top level under its own name (``"difficulty": "hard"``) unless that name is one
of these fields."""

_NULLABLE = ("bot_level", "seats", "bots", "options", "to")
"""The fields whose ``null`` means "not given"."""


def _time_control(info: Any, data: dict[str, Any], people: int) -> TimeControl | None:
    """The table's clock: given, or the game's default at a table of two people or more."""
    if "time_control" not in data:
        return TimeControl.parse(info.time_controls[0]) if people >= 2 and info.time_controls else None
    given = data["time_control"]
    if given is None:
        if people >= 2:
            raise LobbyError("a table of people has a clock: give a time_control (or leave it out for "
                             "the game's default)")
        return None
    try:
        return TimeControl.parse(given)
    except ClockError as e:
        raise LobbyError(e.args[0], 422, "invalid") from None  # its sentence, rendered by the edge


class LobbyError(Exception):
    def __init__(self, reason: Reason, status: int = 400, code: str = "bad_request") -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.code = code


def _invalid(where: str, why: str) -> LobbyError:
    """The 422 of a body that is not a table request, as the API words it: ``"<field>: why"``."""
    return LobbyError(f"{where}: {why}", 422, "invalid")


def _show(value: Any) -> str:
    """``value`` as JSON, cut short."""
    text = json.dumps(value, default=repr)
    return text if len(text) <= 40 else text[:37] + "..."


def _either(values: Sequence[str]) -> str:
    quoted = [repr(v) for v in values]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _given(data: Mapping[str, Any], name: str, default: Any) -> Any:
    """The value of field ``name``, or ``default`` when it is absent (or null, for the nullable ones)."""
    if name not in data or (data[name] is None and name in _NULLABLE):
        return default
    return data[name]


def _word(data: Mapping[str, Any], name: str, values: Sequence[str], default: str) -> str:
    value = _given(data, name, default)
    if not isinstance(value, str):
        raise _invalid(name, f"a string, not {_show(value)}")
    if value not in values:
        raise _invalid(name, f"{_either(values)}, not {_show(value)}")
    return value


def _whole(data: Mapping[str, Any], name: str, lo: int, hi: int, default: int | None) -> int | None:
    """A JSON integer from ``lo`` to ``hi``: not a string of digits, a boolean or a float such as 1.0."""
    value = _given(data, name, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _invalid(name, f"a whole number (a JSON integer), not {_show(value)}")
    if not lo <= value <= hi:
        raise LobbyError(say("field_range", field=name, lo=lo, hi=hi, value=value), 422, "invalid")
    return value


def _options(info: GameInfo, data: Mapping[str, Any]) -> dict[str, Any]:
    """The table options of ``data`` (its ``options`` and the top-level fields named after one of
    the game's options), checked by the game's ``validate_options``, defaults filled in."""
    given = _given(data, "options", {})
    if not isinstance(given, dict):
        raise _invalid("options", f"a JSON object of the game's table options, not {_show(given)}")
    where = {k: f"options.{k}" for k in given}
    top = {k: v for k, v in data.items() if k not in TABLE_FIELDS}
    for k in top:
        if k in given:
            raise _invalid(k, "given twice: at the top level and in options")
        where[k] = k
    chosen = {**given, **top}
    for k, v in chosen.items():  # one by one first: the error names the field
        try:
            info.validate_options({k: v})
        except OptionError as e:
            raise _invalid(where[k], str(e)) from None
    try:
        return info.validate_options(chosen)
    except OptionError as e:
        raise _invalid("options", str(e)) from None


@dataclass
class TableRequest:
    """A table to open, as :meth:`parse` checked it: every field is set."""

    game: str
    mode: str = "friendly"
    stake: int = 0
    color: str = "random"
    opponent: str = "anyone"
    bot_level: str | None = None
    """The level of the table's bots; ``None`` when it has none."""
    seats: int = 2
    bots: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    """The game's table options, defaults filled in (``GameInfo.validate_options``)."""
    time_control: TimeControl | None = None
    """The table's clock; None: untimed (a person alone with bots only)."""
    to: str | None = None
    """A challenge's addressee (a username, as given); None: not a challenge."""

    @classmethod
    def parse(cls, data: Any) -> TableRequest:
        """Check a table request, the JSON body of ``POST /api/tables``, against the game's
        :class:`~donjon.games.info.GameInfo`; the one check of a table's terms.

        Fields (all optional): ``game`` (default: the first game of the registry's order),
        ``mode``, ``stake``, ``color``, ``opponent``, ``bot_level``, ``seats`` (default: the
        game's ``default_seats``; 2 for a challenge), ``bots``, ``options`` (the game's table
        options; each may also be given at the top level), ``time_control``, ``to`` (a
        challenge: the username of the one person who may take the other seat). Raises
        :class:`LobbyError`:

        * 422 ``invalid``, ``"<field>: why"``: not a table request. The body is not an
          object; a field is unknown (neither a table field nor an option of the game); a
          value has the wrong JSON type (a number is a JSON integer: not ``"100"``, ``true``
          or ``1.0``); a word is not among its field's values (``mode``, ``color``,
          ``opponent``, the game's bot levels, an option's values, as the game's
          ``validate_options`` says); ``stake`` is outside 0..``MAX_STAKE``, ``seats``
          outside 1..the most seats of any game hosted, ``bots`` below 0 or above that less one.
        * 400 ``bad_request``: a request the game or its other fields rule out. An unknown
          game; seats outside the game's ``min_seats..max_seats``; bots for every seat, or
          more bots than seats; a bot level without bots; a ranked or staked table with bots;
          a ranked or staked table of a cooperative game; a colour at a table of more or
          fewer than two seats; a challenge (``to``) with another opponent than ``user``, with
          bots or other than two seats, or ``user`` without ``to``.

        The site's table form sends none of these but a stake above ``MAX_STAKE``, an empty
        custom clock, bots for a game without any and, from a stale page, an unknown game:
        those are said in the reader's language (``refusals/lobby.py``), the others in English.
        """
        if not isinstance(data, dict):
            raise LobbyError('the body is a JSON object describing the table, e.g. {"game": "...", "seats": 2}',
                             422, "invalid")
        ids = game_ids()
        game = _given(data, "game", ids[0] if ids else "")
        if not isinstance(game, str):
            raise _invalid("game", f"a string, not {_show(game)}")
        if game not in ids:
            raise LobbyError(say("unknown_game", game=game, known=", ".join(ids)))
        info = get_info(game)
        for key in data:
            if key not in TABLE_FIELDS and info.option(key) is None:
                offered = (f"{info.name()}'s options are {', '.join(o.name for o in info.options)}" if info.options
                           else f"{info.name()} has no options")
                raise _invalid(key, f"no such field: a table has {', '.join(TABLE_FIELDS)}, and {offered}")
        mode = _word(data, "mode", MODES, "friendly")
        color = _word(data, "color", COLORS, "random")
        opponent = _word(data, "opponent", OPPONENTS, "anyone")
        stake = _whole(data, "stake", 0, MAX_STAKE, 0) or 0
        to = _given(data, "to", None)
        if to is not None and (not isinstance(to, str) or not to.strip()):
            raise _invalid("to", f"the username of the player you challenge, not {_show(to)}")
        most = max(g.info.max_seats for g in games())
        seats = _whole(data, "seats", 1, most, 2 if to is not None else info.default_seats) or info.default_seats
        bots = _whole(data, "bots", 0, most - 1, None)
        level = _given(data, "bot_level", None)
        if level is not None:
            if not isinstance(level, str):
                raise _invalid("bot_level", f"a string, not {_show(level)}")
            if level not in info.bot_levels:
                raise _invalid("bot_level", f"a {game} bot is {_either(info.bot_levels)}, not {_show(level)}"
                               if info.bot_levels else f"{game} has no bots")
        options = _options(info, data)

        lo, hi = info.min_seats, info.max_seats
        if to is not None or opponent == "user":
            _challenge_terms(data, to, opponent, seats, lo, hi, game)
            opponent = "user"
        if not lo <= seats <= hi:
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise LobbyError(f"a {game} table has {span} seats, not {seats} (seats)")
        if opponent == "bot":
            if bots is not None and bots != seats - 1:
                raise LobbyError(f"opponent 'bot' gives every other seat to a bot: bots is {seats - 1}")
            bots = seats - 1
            if bots == 0:
                raise LobbyError("a one-seat table has no seat for a bot")
        else:
            bots = bots or 0
            if bots > seats - 1:
                raise LobbyError(f"bots is between 0 and {seats - 1}: you sit at one of the {seats} seats")
        if bots:
            if not info.bot_levels:
                raise LobbyError(say("no_bots", game=game))
            level = info.bot_level(level)
            if mode == "ranked":
                raise LobbyError("ranked tables are for people only: games against a bot never count")
            if stake:
                raise LobbyError("a table with a bot has stake 0: games against a bot never count")
        elif level is not None:
            raise LobbyError("bot_level only goes with opponent 'bot' or bot seats ('bots')")
        if info.cooperative:
            if mode == "ranked":
                raise LobbyError(f"{game} is cooperative: the table wins or loses together, so it is "
                                 "always friendly (never ranked)")
            if stake:
                raise LobbyError(f"{game} is cooperative: nobody wins a teammate's coins, so its stake is 0")
        if color != "random" and seats != 2:
            raise LobbyError("the seat order of a table of more or fewer than two seats is drawn at random: "
                             "color is 'random'")
        if bots and bots == seats - 1:
            opponent = "bot"  # nobody to wait for: the game starts at once
        clock = _time_control(info, data, people=seats - bots)
        return cls(game=game, mode=mode, stake=stake, color=color, opponent=opponent, bot_level=level,
                   seats=seats, bots=bots, options=options, time_control=clock, to=to.strip() if to else None)


def _challenge_terms(data: Mapping[str, Any], to: str | None, opponent: str, seats: int, lo: int, hi: int,
                     game: str) -> None:
    """A challenge is two people: its creator and the one named in ``to`` (400 otherwise)."""
    if to is None:
        raise LobbyError("opponent 'user' is a challenge: name the player you challenge in 'to'")
    if "opponent" in data and opponent != "user":
        raise LobbyError(f"a challenge ('to') is addressed to one person: opponent is 'user', not {opponent!r}")
    if _given(data, "bots", 0) or _given(data, "bot_level", None) is not None:
        raise LobbyError("a challenge is between two people: play a bot from the lobby instead")
    if not lo <= 2 <= hi:
        raise LobbyError(f"a challenge is for two players, and a {game} table has {lo} to {hi} seats")
    if seats != 2:
        raise LobbyError(f"a challenge is for two seats (you and the player you challenge), not {seats}")


TABLE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": True,
    "description": "A table to open. Every field is optional. The game's table options (GET /api/games: "
                   "`options`) go in `options`; each may also be given at the top level under its own name. "
                   "The seats, options, bot levels and cooperative rules are the chosen game's "
                   "(GET /api/games): a value of the wrong JSON type, an unknown field or a word outside its "
                   "values is 422 `invalid`; terms the game rules out are 400.",
    "properties": {
        "game": {"type": "string", "description": "a game id of GET /api/games (default: the first)"},
        "mode": {"type": "string", "enum": list(MODES), "default": "friendly",
                 "description": "ranked: people only, never a cooperative game"},
        "stake": {"type": "integer", "minimum": 0, "maximum": MAX_STAKE, "default": 0,
                  "description": "coins each player puts in; 0 with bots and in a cooperative game"},
        "color": {"type": "string", "enum": list(COLORS), "default": "random",
                  "description": "a two-seat table: the creator's seat (white: seat 0, black: seat 1)"},
        "opponent": {"type": "string", "enum": list(OPPONENTS), "default": "anyone",
                     "description": "bot: every other seat is a bot's, the game starts at once; user: a "
                                    "challenge (with `to`)"},
        "bot_level": {"type": ["string", "null"], "description": "one of the game's bot_levels (with bots only)"},
        "seats": {"type": ["integer", "null"], "minimum": 1,
                  "description": "from the game's min_seats to its max_seats (default: its default_seats)"},
        "bots": {"type": ["integer", "null"], "minimum": 0,
                 "description": "seats given to bots at once (friendly, stake 0)"},
        "options": {"type": ["object", "null"], "additionalProperties": True,
                    "description": "the game's table options by name, e.g. {\"difficulty\": \"hard\"}; "
                                   "defaults filled in"},
        "to": {"type": ["string", "null"],
               "description": "a challenge: the username of the one person who may take the other seat "
                              "(two seats, no bots; opponent `user`); not in the public list"},
        "time_control": {"type": ["object", "null"],
                         "description": "the clock: {\"initial\": s, \"increment\": s} (and \"maximum\": s, "
                                        "the most a reserve holds) or {\"correspondence_days\": d}; default: the "
                                        "game's first preset (GET /api/games: time_controls) at a table of "
                                        "people, none against bots only; null: untimed, only against bots"},
    },
}
"""The JSON schema of a table request, for the API's documentation (OpenAPI); the check
itself is :meth:`TableRequest.parse`."""


def seating_of(t: TableRow) -> dict[str, Any]:
    """The table's seating; a table from before seating existed has two seats, its creator in one."""
    if t.seating:
        return {"seats": int(t.seating.get("seats", 2)), "options": dict(t.seating.get("options") or {}),
                "sitting": list(t.seating.get("sitting") or []), "time_control": t.seating.get("time_control")}
    return {"seats": 2, "options": {}, "sitting": [{"user_id": t.creator_id, "name": None}, None],
            "time_control": None}


def _empty_seats_of(table: TableRow, user_id: int) -> None:
    """``user_id`` no longer sits at ``table`` (an open table): their seats are open again."""
    st = seating_of(table)
    table.seating = {**st, "sitting": [None if x and x.get("user_id") == user_id else x for x in st["sitting"]]}


def challenge_changed(table: TableRow) -> dict[str, Any]:
    """The lobby bus message that a challenge changed (to its creator's and addressee's sockets)."""
    return {"type": "challenges_changed", "table": table.id, "users": [table.creator_id, table.addressee_id]}


async def withdraw(s: Any, user_id: int) -> list[dict[str, Any]]:
    """In the caller's transaction ``s``, take ``user_id`` out of every open table (an account
    closing): theirs are cancelled, the challenges to them declined, their seats at the others
    emptied. Returns the lobby bus messages to publish once it is committed."""
    tables = await repo.open_tables_of(s, user_id)
    for table in tables:
        if table.creator_id == user_id:
            table.status = "cancelled"
        elif table.addressee_id == user_id:
            table.status = "declined"
        else:
            _empty_seats_of(table, user_id)
    messages = [{"type": "tables_changed"}] if tables else []
    return messages + [challenge_changed(t) for t in tables if t.addressee_id is not None]


async def part(s: Any, user_id: int, other_id: int) -> list[dict[str, Any]]:
    """In the caller's transaction ``s``, part ``user_id`` from ``other_id``, whom they block:
    the open challenges between the two close (declined if to ``user_id``, else cancelled),
    and ``other_id``'s seats at ``user_id``'s open tables are emptied. Returns the lobby bus
    messages to publish once it is committed."""
    changed = []
    for table in await repo.open_tables_of(s, other_id):
        if {table.creator_id, table.addressee_id} == {user_id, other_id}:
            table.status = "declined" if table.addressee_id == user_id else "cancelled"
        elif table.creator_id == user_id:
            _empty_seats_of(table, other_id)
        else:
            continue
        changed.append(table)
    messages = [{"type": "tables_changed"}] if changed else []
    return messages + [challenge_changed(t) for t in changed if t.addressee_id is not None]


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
        "options": st["options"],
        "time_control": st["time_control"],
        "speed": TimeControl.parse(st["time_control"]).speed if st["time_control"] else None,
        "cooperative": get_info(t.game_kind).cooperative if t.game_kind in game_ids() else False,
        # a challenge: the one person who may take the open seat
        "to": (t.seating or {}).get("to") if t.addressee_id is not None else None,
        "to_id": t.addressee_id,
    }
    if with_code and t.invite_code:
        out["invite_code"] = t.invite_code
        out["invite_url"] = f"/t/{t.id}?code={t.invite_code}"
    return out


def _players_of(table: dict[str, Any]) -> set[int]:
    """The user ids sitting at a table of :func:`table_json`."""
    return {x["user_id"] for x in table["sitting"] if x["user_id"] is not None}


def _bot_name(level: str) -> str:
    return f"Bot ({level})"


def _fill_level(table: TableRow, level: str | None) -> str:
    """The level of the bots that fill ``table``: ``level``, else its game's default."""
    if table.game_kind not in game_ids():
        raise LobbyError(say("game_gone"), 409, "table_closed")
    info = get_info(table.game_kind)
    if not info.bot_levels:
        raise LobbyError(say("no_bots", game=table.game_kind))
    if level is not None and level not in info.bot_levels:
        raise _invalid("bot_level", f"a {table.game_kind} bot is {_either(info.bot_levels)}, not {_show(level)}")
    return info.bot_level(level)


class Lobby:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.bot_games = LiveBotGames(hub.settings.bot_games_per_ip)
        """Games against bots in progress per client address, on this node."""
        hub.bot_rematch_check = self._rematch_check

    # ------------------------------------------------------------------ games against bots

    @contextlib.asynccontextmanager
    async def _bot_slot(self, ip: str | None) -> AsyncIterator[list[str]]:
        """Hold one of ``ip``'s slots of games against bots around the creation of one: the id
        appended to the list yielded takes it. 429 ``too_many_bot_games`` if none is left.
        ``ip`` None: no such game is created here, nothing is held."""
        made: list[str] = []
        if ip is None:
            yield made
            return

        async def still_active(ids: set[str]) -> set[str]:
            async with self.hub.db.read() as s:
                return await repo.still_active(s, ids)

        if not await self.bot_games.reserve(ip, still_active):
            raise LobbyError(say("bot_games_address", limit=self.bot_games.limit), 429, "too_many_bot_games")
        try:
            yield made
        finally:
            self.bot_games.settle(ip, made[0] if made else None)

    async def check_bot_slot(self, req: TableRequest, ip: str) -> None:
        """429 ``too_many_bot_games`` now if ``req`` starts a game against bots at once and
        ``ip`` has no slot left for one (:meth:`open_table` holds the slot itself)."""
        if req.opponent == "bot":
            async with self._bot_slot(ip):
                pass

    async def _check_bot_games(self, s: Any, creator_id: int, yours: bool = True) -> None:
        """429 ``too_many_bot_games`` if ``creator_id`` has ``bot_games_per_account`` games in
        progress from bot tables they opened (counted in the store: right after a restart and
        across nodes; the user's row is locked until the end of ``s`` on PostgreSQL)."""
        limit = self.hub.settings.bot_games_per_account
        if limit <= 0:
            return
        await repo.lock_users(s, [creator_id])
        n = await repo.live_bot_games(s, creator_id)
        if n >= limit:
            said = say("bot_games_yours", n=n) if yours else say("bot_games_creator", n=n)
            raise LobbyError(said, 429, "too_many_bot_games")

    async def _rematch_check(self, s: Any, room: Room, new_id: str) -> None:
        """Before a bot accepts a rematch (in its transaction): the table's creator, and the address
        that created the game, must have a slot for one more game against bots (MatchError)."""
        table = await repo.get_table(s, room.table_id) if room.table_id else None
        if table is None:
            return
        try:
            await self._check_bot_games(s, table.creator_id)
        except LobbyError as e:
            raise MatchError(e.reason, e.code) from None
        ip = self.bot_games.address_of(room.id)
        if ip is None:
            return
        if not await self.bot_games.reserve(ip, lambda ids: repo.still_active(s, ids)):
            raise MatchError(say("bot_games_address_rematch", limit=self.bot_games.limit), "too_many_bot_games")
        self.bot_games.settle(ip, new_id)

    # ------------------------------------------------------------------ tables

    async def open_table(self, user: User, req: TableRequest, ip: str | None = None) -> dict[str, Any]:
        """Open a table for ``user``, from the client address ``ip`` (the limit of games against
        bots per address applies when it is given)."""
        if user.is_guest:
            if req.mode == "ranked":
                raise LobbyError(say("ranked_account"), 403, "account_required")
            if req.stake:
                raise LobbyError(say("guest_stake_open"), 403, "account_required")
        seats, bots, options = req.seats, req.bots, req.options
        extra: dict[str, Any] = {}
        sitting: list[dict[str, Any] | None] = [{"user_id": user.id, "name": user.username}]
        sitting += [{"bot": req.bot_level, "name": _bot_name(req.bot_level or "")} for _ in range(bots)]
        sitting += [None] * (seats - len(sitting))
        starts = all(x is not None for x in sitting)
        vs_bot = starts and bots > 0
        async with self._bot_slot(ip if vs_bot else None) as made, self.hub.db.write() as s:
            if vs_bot:
                await self._check_bot_games(s, user.id)
            if req.stake:
                bal = await repo.balance(s, user.id)
                if req.stake > bal:
                    raise LobbyError(say("stake_above_balance", stake=req.stake, balance=bal), 400,
                                     "insufficient_balance")
            addressee = await self._addressee(s, user, req) if req.to is not None else None
            if addressee is not None:
                extra = {"addressee_id": addressee.id}
            if not starts and len(await repo.user_open_tables(s, user.id)) >= MAX_OPEN_TABLES:
                raise LobbyError(say("too_many_tables", most=MAX_OPEN_TABLES), 409, "too_many_tables")
            table = await repo.create_table(
                s, game_kind=req.game, mode=req.mode, stake=req.stake, color=req.color, opponent=req.opponent,
                bot_level=req.bot_level, invite_code=secrets.token_urlsafe(9) if req.opponent == "invite" else None,
                creator_id=user.id, seating={"seats": seats, "options": options, "sitting": sitting,
                                             "time_control": req.time_control.to_json() if req.time_control else None,
                                             **({"to": addressee.username} if addressee else {})},
                **extra)
            if starts:
                made.append(await self._start(s, table, sitting, user.id))
        if req.opponent == "anyone" and not starts:
            await self.hub.notify_lobby({"type": "tables_changed"})
        elif table.addressee_id is not None:
            await self._challenges_changed(table)
        else:  # a game against bots started at once: its creator's games changed
            await self.hub.notify_lobby({"type": "games_changed", "users": [user.id]})
        if table.game_id:
            await self._wake_bots(table.game_id)
        return table_json(table, user.username, with_code=True)

    async def _addressee(self, s: Any, user: User, req: TableRequest) -> User:
        """The person ``req`` challenges, who may play these terms: 404 for no such person, 400
        for oneself, 403 ``blocked`` when one of the two blocked the other, 403
        ``account_required`` for a guest asked to play ranked or for coins, 400
        ``insufficient_balance`` for a stake above their coins."""
        to = req.to or ""
        other = await repo.user_by_name(s, to)
        if other is None:
            raise LobbyError(say("no_such_player", name=to), 404, "not_found")
        if other.id == user.id:
            raise LobbyError(say("challenge_self"), 400, "bad_request")
        if await repo.blocked_with(s, user.id, [other.id]):
            raise LobbyError(say("challenge_blocked", name=other.username), 403, "blocked")
        if other.is_guest and (req.mode == "ranked" or req.stake):
            raise LobbyError(say("challenge_guest", name=other.username), 403, "account_required")
        if req.stake:
            bal = await repo.balance(s, other.id)
            if req.stake > bal:
                raise LobbyError(say("stake_above_their_balance", stake=req.stake, name=other.username, balance=bal),
                                 400, "insufficient_balance")
        return other

    async def _challenges_changed(self, table: TableRow) -> None:
        """Tell a challenge's creator and addressee (their lobby sockets) that it changed."""
        await self.hub.notify_lobby(challenge_changed(table))

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
        """The engine's setup options: the table's (``TableRequest.options``), then the test-only
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
        clock = seating_of(table)["time_control"]
        control = TimeControl.parse(clock) if clock else None
        seed = random.SystemRandom().randrange(2**53)
        options = self._game_options(table, len(seats)) or None
        game = await repo.create_game(s, kind=table.game_kind, mode=table.mode, stake=table.stake, seed=seed,
                                      options=options, seats=seats, table_id=table.id, time_control=clock,
                                      speed=control.speed if control else None,
                                      to_act=Match.start(get_game(table.game_kind), len(seats), seed, options).to_act())
        t = time.time()
        for i, spec in enumerate(seats):
            if spec.user_id is not None:
                alone = not any(o.user_id is not None for j, o in enumerate(seats) if j != i)
                await repo.set_absence(s, game.id, i, **self.hub._absence_values(
                    alone, t, control is not None and control.correspondence))
        table.status = "started"
        table.game_id = game.id
        return game.id

    async def _locked_table(self, s: Any, table_id: str) -> TableRow:
        table = await s.get(TableRow, table_id, with_for_update=True)
        if table is None:
            raise LobbyError(say("no_such_table"), 404, "not_found")
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
                    raise LobbyError(say("table_started"), 409, "table_closed")
                raise LobbyError(say("table_closed"), 409, "table_closed")
            if table.opponent == "invite" and not mine and (
                    not code or not secrets.compare_digest(code, table.invite_code or "")):
                raise LobbyError(say("invite_required"), 403, "invite_required")
            if table.addressee_id is not None and not mine and user.id != table.addressee_id:
                to = (table.seating or {}).get("to") or say("someone_else")
                raise LobbyError(say("not_addressee", name=to), 403, "not_addressee")
            if table.creator_id == user.id:
                raise LobbyError(say("own_table_join"), 409, "own_table")
            if mine:
                raise LobbyError(say("already_seated"), 409, "already_seated")
            if None not in sitting:
                raise LobbyError(say("table_full"), 409, "table_full")
            seated = [table.creator_id] + [x["user_id"] for x in sitting if x and x.get("user_id") is not None]
            if await repo.blocked_with(s, user.id, seated):
                raise LobbyError(say("join_blocked"), 403, "blocked")
            creator = await repo.user_by_id(s, table.creator_id)
            assert creator is not None
            if table.mode == "ranked" and (user.is_guest or creator.is_guest):
                raise LobbyError(say("ranked_account"), 403, "account_required")
            if table.stake:
                if user.is_guest:
                    raise LobbyError(say("guest_stake_join"), 403, "account_required")
                bal = await repo.balance(s, user.id)
                if table.stake > bal:
                    raise LobbyError(say("table_stake_above_balance", stake=table.stake, balance=bal), 400,
                                     "insufficient_balance")
            sitting = list(sitting)
            sitting[sitting.index(None)] = {"user_id": user.id, "name": user.username}
            if None not in sitting:
                await self._check_stakes(s, table, sitting)
                if any(x and x.get("bot") for x in sitting):
                    await self._check_bot_games(s, creator.id, yours=False)
                started = await self._start(s, table, sitting, creator.id)
            table.seating = {**st, "sitting": sitting}
            out = table_json(table, creator.username)
        await self.hub.notify_lobby({"type": "tables_changed"})
        if table.addressee_id is not None:
            await self._challenges_changed(table)
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
                who = say("the_creator") if uid == table.creator_id else (x or {}).get("name") or say("a_player")
                raise LobbyError(say("stake_gone", who=who), 409, "table_closed")

    async def _announce(self, table: TableRow, game_id: str, sitting: list[dict[str, Any] | None]) -> None:
        users = [x["user_id"] for x in sitting if x and x.get("user_id") is not None]
        await self.hub.notify_lobby({"type": "started", "game": game_id, "table": table.id, "users": users})
        await self._wake_bots(game_id)

    async def leave_table(self, user: User, table_id: str) -> dict[str, Any]:
        """Get up from a table before its game starts (its creator cancels it instead)."""
        async with self.hub.db.write() as s:
            table = await self._locked_table(s, table_id)
            if table.status != "open":
                raise LobbyError(say("table_closed"), 409, "table_closed")
            if table.creator_id == user.id:
                raise LobbyError(say("own_table_leave"), 409, "own_table")
            st = seating_of(table)
            sitting = list(st["sitting"])
            where = [i for i, x in enumerate(sitting) if x and x.get("user_id") == user.id]
            if not where:
                raise LobbyError(say("not_seated"), 409, "not_seated")
            sitting[where[0]] = None
            table.seating = {**st, "sitting": sitting}
            creator = await repo.user_by_id(s, table.creator_id)
            out = table_json(table, creator.username if creator else "?")
        await self.hub.notify_lobby({"type": "tables_changed"})
        return out

    async def fill_table(self, user: User, table_id: str, level: str | None, ip: str | None = None) -> dict[str, Any]:
        """The creator gives every open seat to a bot; the game starts at once (``ip``: the
        client's address, as for :meth:`open_table`)."""
        async with self._bot_slot(ip) as made, self.hub.db.write() as s:
            table = await self._locked_table(s, table_id)
            if table.creator_id != user.id:
                raise LobbyError(say("not_creator"), 403, "not_creator")
            if table.status != "open":
                raise LobbyError(say("table_closed"), 409, "table_closed")
            if table.addressee_id is not None:
                raise LobbyError(say("fill_challenge"), 409, "challenge")
            if table.mode == "ranked" or table.stake:
                raise LobbyError(say("fill_people_only"), 400)
            level = _fill_level(table, level)
            st = seating_of(table)
            sitting = [x if x is not None else {"bot": level, "name": _bot_name(level)} for x in st["sitting"]]
            table.seating = {**st, "sitting": sitting}
            if table.bot_level is None:
                table.bot_level = level
            await self._check_bot_games(s, user.id)
            started = await self._start(s, table, sitting, user.id)
            made.append(started)
            out = table_json(table, user.username)
        await self.hub.notify_lobby({"type": "tables_changed"})
        await self._announce(table, started, sitting)
        return out

    async def cancel_table(self, user: User, table_id: str) -> None:
        async with self.hub.db.write() as s:
            table = await repo.get_table(s, table_id)
            if table is None or table.creator_id != user.id:
                raise LobbyError(say("no_table_of_yours"), 404, "not_found")
            if table.status != "open":
                raise LobbyError(say("table_closed"), 409, "table_closed")
            table.status = "cancelled"
        await self.hub.notify_lobby({"type": "tables_changed"})
        if table.addressee_id is not None:
            await self._challenges_changed(table)

    async def decline_table(self, user: User, table_id: str) -> dict[str, Any]:
        """The addressee of a challenge turns it down: the table closes (status ``declined``)."""
        async with self.hub.db.write() as s:
            table = await self._locked_table(s, table_id)
            if table.addressee_id != user.id:
                raise LobbyError(say("no_challenge_to_you"), 404, "not_found")
            if table.status != "open":
                raise LobbyError(say("challenge_closed"), 409, "table_closed")
            table.status = "declined"
            creator = await repo.user_by_id(s, table.creator_id)
            out = table_json(table, creator.username if creator else "?")
        await self._challenges_changed(table)
        return out

    async def challenges(self, user: User) -> dict[str, list[dict[str, Any]]]:
        """The open challenges ``user`` received (``received``) and sent (``sent``), newest first."""
        async with self.hub.db.read() as s:
            rows = await repo.open_challenges(s, user.id)
        out: dict[str, list[dict[str, Any]]] = {"received": [], "sent": []}
        for t, creator, addressee in rows:
            tj = table_json(t, creator)
            tj["to"] = addressee  # the name now (a guest who registered has a new one)
            out["received" if t.addressee_id == user.id else "sent"].append(tj)
        return out

    async def open_tables(self, reader: int | None = None) -> list[dict[str, Any]]:
        """The open tables anyone may join, newest first, as ``reader`` (a user id, or None for
        a visitor) sees them: :meth:`open_tables_for`."""
        lists = await self.open_tables_for({reader} if reader is not None else set())
        return lists.get(reader, lists[None])

    async def open_tables_for(self, readers: Collection[int]) -> dict[int | None, list[dict[str, Any]]]:
        """The open tables anyone may join, newest first: the list of everyone (key None),
        and a list of their own for each of ``readers`` who has a block, either way, with a
        player sitting at one of them: that table is not in it, since its join would be
        refused (``blocked``), unless the reader sits there too. One read of the tables and
        one of the blocks touching their players, however many readers."""
        async with self.hub.db.read() as s:
            tables = [table_json(t, name) for t, name in await repo.open_tables(s)]
            players = {uid for tj in tables for uid in _players_of(tj)}
            pairs = await repo.blocks_touching(s, players) if readers and players else []
        apart: dict[int, set[int]] = {}
        wanted = set(readers)
        for a, b in pairs:
            if a in wanted:
                apart.setdefault(a, set()).add(b)
            if b in wanted:
                apart.setdefault(b, set()).add(a)
        out: dict[int | None, list[dict[str, Any]]] = {None: tables}
        for reader, others in apart.items():
            out[reader] = [tj for tj in tables if reader in (ids := _players_of(tj)) or not ids & others]
        return out
