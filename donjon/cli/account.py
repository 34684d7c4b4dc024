"""``donjon account password|logout|close|mute|unmute NAME``: an operator's help for a player
who lost their password or their device (the site has no e-mail to send a reset link to), or
who asks for their account to be closed; and the operator's answer to a player who abuses the
chat (``donjon reports`` lists what players reported).

``password`` sets a new password (typed twice at the prompt, one line read from standard
input when that is not a terminal, or ``--generate``: a random one, printed); ``logout`` ends
every session of the account; ``close`` closes it for good, as its owner can on ``/account``
(``donjon.server.account``: refused while it plays a game in progress). Each ends every
session of the account, so whoever held one must log in again. ``mute`` refuses every chat line
of the player (an account or a guest) for ``--days`` days (1 unless given), on every node at
once (the chat reads it before each line); ``unmute`` lifts it.

They open the site's database (``--database-url``, else ``DONJON_DATABASE_URL``, else
``./donjon.sqlite3``, as ``donjon serve``). On a site with Redis (``DONJON_REDIS_URL``) the
nodes are told, and they close the sockets of those sessions at once (and update their lobby
after a close); a one-process site (no Redis) cannot be told, and those sockets stay open until
they next reconnect, which then finds no session.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import secrets
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url

from donjon.cli.console import Console
from donjon.cli.terminal import Subparsers

if TYPE_CHECKING:
    from donjon.server.settings import Settings


def add(sub: Subparsers) -> None:
    p = sub.add_parser("account", help="set a player's password, end their sessions, close their account",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ps = p.add_subparsers(dest="account_command", metavar="ACTION", required=True)
    pw = ps.add_parser("password", help="set NAME's password; every session of NAME ends")
    pw.add_argument("name", metavar="NAME")
    pw.add_argument("--generate", action="store_true", help="a random password, printed")
    out = ps.add_parser("logout", help="end every session of NAME")
    out.add_argument("name", metavar="NAME")
    shut = ps.add_parser("close", help="close NAME's account for good (refused while NAME plays a game)")
    shut.add_argument("name", metavar="NAME")
    mute = ps.add_parser("mute", help="refuse NAME's chat lines for --days days")
    mute.add_argument("name", metavar="NAME")
    mute.add_argument("--days", type=float, default=1.0, help="how long, in days (default 1; at most 3650)")
    unmute = ps.add_parser("unmute", help="let NAME chat again")
    unmute.add_argument("name", metavar="NAME")
    for q in (pw, out, shut, mute, unmute):
        add_database_url(q)
        q.set_defaults(run=run)


def add_database_url(p: argparse.ArgumentParser) -> None:
    p.add_argument("--database-url", default=None,
                   help="SQLAlchemy URL (env DONJON_DATABASE_URL, default sqlite:///./donjon.sqlite3)")


def site_settings(args: argparse.Namespace, console: Console) -> Settings | None:
    """The site's settings with ``--database-url``, or None (said) when that names a SQLite
    file that is not there: an operator's command opens the site's database, not a new one."""
    from donjon.server.settings import Settings

    settings = Settings.from_env(database_url=args.database_url)
    u = make_url(settings.database_url)
    if u.drivername.startswith("sqlite") and u.database not in (None, "", ":memory:") \
            and not os.path.exists(u.database):
        console.error(f"no database at {u.database} (--database-url, or DONJON_DATABASE_URL)")
        return None
    return settings


def _new_password(args: argparse.Namespace, console: Console) -> str | None:
    from donjon.server.auth import AuthError, check_password

    if args.generate:
        password = secrets.token_urlsafe(12)
    elif console.inp.isatty():
        password = getpass.getpass(f"new password for {args.name}: ")
        if getpass.getpass("again: ") != password:
            console.error("the two passwords differ; nothing changed")
            return None
    else:
        password = console.inp.readline().rstrip("\r\n")
    try:
        return check_password(password)
    except AuthError as e:
        console.error(f"{e.reason}; nothing changed")
        return None


def run(args: argparse.Namespace, console: Console) -> int:
    settings = site_settings(args, console)
    if settings is None:
        return 1
    if args.account_command in ("mute", "unmute"):
        days = args.days if args.account_command == "mute" else None
        if days is not None and not 0 < days <= 3650:
            console.error("--days is more than 0 and at most 3650; nothing changed")
            return 2
        return asyncio.run(_mute(settings, args.name, days, console))
    password = None
    if args.account_command == "password":
        password = _new_password(args, console)
        if password is None:
            return 2
    return asyncio.run(_apply(settings, args.account_command, args.name, password, getattr(args, "generate", False),
                              console))


async def _apply(settings: Settings, action: str, name: str, password: str | None, show: bool,
                 console: Console) -> int:
    from donjon.bus import make_bus
    from donjon.server.account import StillPlaying, close, sessions_ended
    from donjon.server.auth import hash_password, password_hasher
    from donjon.store import Database, repo

    db = Database(settings.database_url)
    # without Redis nothing reaches a running site: an in-process bus with no listener
    bus = make_bus(settings.redis_url, "cli")
    await bus.start()
    try:
        async with db.read() as s:
            user = await repo.user_by_name(s, name)
        if user is None or user.is_guest:
            console.error(f"no account named {name!r}; nothing changed")
            return 1
        if action == "close":
            try:
                ended = await close(db, bus, user.id)
            except StillPlaying as e:
                console.error(f"{user.username} plays {len(e.games)} game(s) in progress ({', '.join(e.games)}): "
                              "they must end first; nothing changed")
                return 1
            console.print(f"{user.username}: account closed, {ended} session(s) ended")
            return 0
        hashed = await hash_password(password_hasher(settings), password) if password is not None else None
        async with db.write() as s:
            if hashed is not None:
                await repo.set_password_hash(s, user.id, hashed)
            hashes = await repo.end_sessions(s, user.id)
        await sessions_ended(bus, hashes)
    finally:
        await bus.stop()
        await db.dispose()
    if password is not None:
        console.print(f"{user.username}: password set" + (f" to {password}" if show else ""))
    console.print(f"{user.username}: {len(hashes)} session(s) ended")
    return 0


async def _mute(settings: Settings, name: str, days: float | None, console: Console) -> int:
    import time

    from donjon.store import Database, moderation, repo

    db = Database(settings.database_url)
    try:
        async with db.write() as s:
            user = await repo.user_by_name(s, name)
            if user is None:
                console.error(f"no player named {name!r}; nothing changed")
                return 1
            until = None if days is None else time.time() + days * 86400
            await moderation.set_muted_until(s, user.id, until)
    finally:
        await db.dispose()
    if until is None:
        console.print(f"{user.username}: may chat")
    else:
        console.print(f"{user.username}: muted until {moderation.utc(until)}")
    return 0
