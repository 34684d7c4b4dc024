"""``donjon reports [list|show ID|close ID...]``: what players reported to the operators
(``donjon.server.reports``), read and closed.

``list`` (the default) prints the open reports, oldest first (``--all``: every report, the
newest first; ``--user NAME``: those about NAME). ``show ID`` prints one report with what
the operator needs to judge it: the chat of its game, or without a game the reported player's
last chat lines in any game, and the other reports about them. ``close ID...`` closes reports
(``--note`` keeps the operator's words with them). What to do about a report is the
operator's: ``donjon account mute NAME --days N`` refuses the player's chat lines, ``donjon
account close NAME`` closes an account for good.

They open the site's database (``--database-url``, else ``DONJON_DATABASE_URL``, else
``./donjon.sqlite3``, as ``donjon serve``).
"""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING

from donjon.cli.account import add_database_url, site_settings
from donjon.cli.console import Console
from donjon.cli.terminal import Subparsers

if TYPE_CHECKING:
    from donjon.store import Database
    from donjon.store.moderation import Report


def add(sub: Subparsers) -> None:
    p = sub.add_parser("reports", help="read and close what players reported to the operators",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ps = p.add_subparsers(dest="reports_command", metavar="ACTION")
    ls = ps.add_parser("list", help="the open reports (--all: every report)")
    show = ps.add_parser("show", help="one report, with the chat it is about")
    show.add_argument("id", metavar="ID", type=int)
    close = ps.add_parser("close", help="close reports once dealt with")
    close.add_argument("ids", metavar="ID", type=int, nargs="+")
    close.add_argument("--note", default=None, help="the operator's words, kept with the reports (500 characters)")
    for q in (p, ls):
        q.add_argument("--all", action="store_true", help="every report, closed ones too, the newest first")
        q.add_argument("--user", metavar="NAME", default=None, help="only the reports about NAME")
    for q in (p, ls, show, close):
        add_database_url(q)
    p.set_defaults(run=run)


def _when(at: float) -> str:
    from donjon.store.moderation import utc

    return utc(at).removesuffix(" UTC")  # the lines say "UTC" once, where a list of times starts


def _line(r: Report) -> str:
    state = f"closed {_when(r.closed_at)}" if r.closed_at is not None else "open"
    game = f" game {r.game_id}" if r.game_id else ""
    text = r.text.replace("\n", " ")
    return f"#{r.id} {_when(r.created_at)} {r.reporter} → {r.user}: {r.reason}{game} ({state})" + (
        f"  “{text[:60]}{'…' if len(text) > 60 else ''}”" if text else "")


def run(args: argparse.Namespace, console: Console) -> int:
    if getattr(args, "note", None) is not None and len(args.note) > 500:
        console.error("--note has at most 500 characters; nothing changed")
        return 2
    settings = site_settings(args, console)
    if settings is None:
        return 1
    return asyncio.run(_run(settings.database_url, args, console))


async def _run(url: str, args: argparse.Namespace, console: Console) -> int:
    from donjon.store import Database, moderation

    db = Database(url)
    try:
        action = args.reports_command or "list"
        if action == "show":
            return await _show(db, args.id, console)
        if action == "close":
            async with db.write() as s:
                closed = await moderation.close_reports(s, args.ids, args.note)
            for i in args.ids:
                console.print(f"#{i}: closed" if i in closed else f"#{i}: no open report")
            return 0 if closed else 1
        return await _list(db, args.all, args.user, console)
    finally:
        await db.dispose()


async def _list(db: Database, every: bool, name: str | None, console: Console) -> int:
    from donjon.store import moderation, repo

    async with db.read() as s:
        user_id = None
        if name is not None:
            user = await repo.user_by_name(s, name)
            if user is None:
                console.error(f"no player named {name!r}")
                return 1
            user_id = user.id
        found = await moderation.reports(s, closed=every, user_id=user_id)
    for r in found:
        console.print(_line(r))
    if not found:
        console.print("no report" if every else "no open report")
    return 0


async def _show(db: Database, report_id: int, console: Console) -> int:
    from donjon.store import moderation

    async with db.read() as s:
        r = await moderation.report(s, report_id)
        if r is None:
            console.error(f"no report #{report_id}")
            return 1
        user_id = r.user_id
        chat = await moderation.chat_of(s, r.game_id) if r.game_id else []
        lines = [] if r.game_id else await moderation.chat_by(s, user_id)
        others = [o for o in await moderation.reports(s, closed=True, user_id=user_id) if o.id != r.id]
        muted = await moderation.muted_until(s, user_id)
    console.print(_line(r))
    if r.text:
        console.print("  " + r.text.replace("\n", "\n  "))
    if r.note:
        console.print(f"  operator's note: {r.note}")
    if muted is not None:
        console.print(f"  {r.user} is muted until {_when(muted)} UTC")
    if r.game_id:
        console.print(f"chat of game {r.game_id} ({len(chat)} line(s), UTC):")
        for at, who, text in chat:
            mark = "*" if who == r.user else " "
            console.print(f" {mark}{_when(at)} {who}: {text}")
    else:
        console.print(f"last chat lines of {r.user} ({len(lines)}, UTC):")
        for at, game, text in lines:
            console.print(f"  {_when(at)} game {game}: {text}")
    console.print(f"other reports about {r.user}: {len(others)}")
    for o in others:
        console.print("  " + _line(o))
    return 0
