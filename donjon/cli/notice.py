"""``donjon notice [show|post TEXT|clear]``: the operators' notice at the top of every page
(``donjon.server.notices``), e.g. a restart announced, a new game, a tournament.

``show`` (the default) prints the current notice. ``post TEXT`` shows TEXT (English, plain
text, at most 300 characters) on every page from now on, replacing the notice before;
``--fr`` and ``--es`` give its French and Spanish (a reader of a language not given reads
the English), ``--hours H`` takes it down by itself after H hours. ``clear`` takes it down.
A player may hide a notice on their browser; a new notice shows again. Every node's pages
show a change within 5 s; a page already open keeps what it showed.

They open the site's database (``--database-url``, else ``DONJON_DATABASE_URL``, else
``./donjon.sqlite3``, as ``donjon serve``).
"""

from __future__ import annotations

import argparse
import asyncio
import time

from donjon.cli.account import add_database_url, site_settings
from donjon.cli.console import Console
from donjon.cli.terminal import Subparsers

LANGS = {"fr": "French", "es": "Spanish"}


def add(sub: Subparsers) -> None:
    p = sub.add_parser("notice", help="the operators' notice at the top of every page",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ps = p.add_subparsers(dest="notice_command", metavar="ACTION")
    show = ps.add_parser("show", help="the current notice")
    post = ps.add_parser("post", help="show a notice on every page (replaces the one before)")
    post.add_argument("text", metavar="TEXT", help="the notice in English")
    for lang, name in LANGS.items():
        post.add_argument(f"--{lang}", metavar="TEXT", default=None, help=f"the notice in {name}")
    post.add_argument("--hours", type=float, default=None, help="take it down by itself after this many hours")
    clear = ps.add_parser("clear", help="take the notice down")
    for q in (p, show, post, clear):
        add_database_url(q)
    p.set_defaults(run=run)


def _texts(args: argparse.Namespace, console: Console) -> dict[str, str] | None:
    """The notice's texts by language, or None (said) if one is empty, too long or not plain."""
    from donjon.store.notices import MAX_TEXT

    texts = {"en": args.text, **{lang: getattr(args, lang) for lang in LANGS if getattr(args, lang) is not None}}
    for lang, text in texts.items():
        text = " ".join(text.split())
        if not text or len(text) > MAX_TEXT:
            console.error(f"the {lang} text has 1 to {MAX_TEXT} characters; nothing changed")
            return None
        texts[lang] = text
    return texts


def run(args: argparse.Namespace, console: Console) -> int:
    action = args.notice_command or "show"
    texts = None
    if action == "post":
        texts = _texts(args, console)
        if texts is None:
            return 2
        if args.hours is not None and not 0 < args.hours <= 24 * 366:
            console.error("--hours is above 0 and at most a year; nothing changed")
            return 2
    settings = site_settings(args, console)
    if settings is None:
        return 1
    return asyncio.run(_run(settings.database_url, action, texts, getattr(args, "hours", None), console))


def _until(at: float | None) -> str:
    from donjon.store.moderation import utc

    return "until cleared" if at is None else f"until {utc(at)}"


async def _run(url: str, action: str, texts: dict[str, str] | None, hours: float | None, console: Console) -> int:
    from donjon.store import Database, notices

    db = Database(url)
    try:
        if action == "post":
            assert texts is not None
            until = time.time() + hours * 3600 if hours is not None else None
            async with db.write() as s:
                notice_id = await notices.post(s, texts, until)
            console.print(f"notice #{notice_id} shown on every page {_until(until)} "
                          f"({', '.join(texts)}; other languages read the English)")
            return 0
        if action == "clear":
            async with db.write() as s:
                cleared = await notices.clear(s)
            console.print("notice taken down" if cleared else "there was no notice")
            return 0
        async with db.read() as s:
            n = await notices.current(s)
        if n is None:
            console.print("no notice")
            return 0
        console.print(f"notice #{n.id}, {_until(n.until)}:")
        for lang, text in n.texts.items():
            console.print(f"  {lang}: {text}")
        return 0
    finally:
        await db.dispose()
