"""The operators' notice at the top of every page (``donjon notice post TEXT``; the store's
:mod:`donjon.store.notices` keeps it).

Every page shows the current notice in the reader's language (English where the operator gave
none), with a button that hides it on this browser: a cookie, ``notice_seen``, holds the id of
the notice hidden, so a new notice shows again. A process reads the current notice at most
once every :data:`TTL` seconds, however many pages it renders: a notice posted or cleared
reaches every node's pages within that time. A page already open keeps what it showed.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from donjon.games.info import pick
from donjon.store import notices

TTL = 5.0
"""Seconds a process keeps the current notice before it reads it again."""

SEEN_COOKIE = "notice_seen"


class NoticeBoard:
    """The current notice of one process, read again once :data:`TTL` has passed."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self._notice: notices.Notice | None = None
        self._read_at = -TTL
        self._lock = asyncio.Lock()

    async def current(self) -> notices.Notice | None:
        if time.monotonic() - self._read_at >= TTL:
            async with self._lock:  # one read for the pages that ask meanwhile
                if time.monotonic() - self._read_at >= TTL:
                    async with self.db.read() as s:
                        self._notice = await notices.current(s)
                    self._read_at = time.monotonic()
        n = self._notice
        return None if n is None or (n.until is not None and n.until <= time.time()) else n

    async def for_page(self, lang: str, seen: str | None) -> dict[str, Any] | None:
        """What a page in ``lang`` shows (``{"id", "text"}``), or None: no notice, or the
        reader hid this one (``seen``: the cookie's value)."""
        n = await self.current()
        if n is None or seen == str(n.id):
            return None
        return {"id": n.id, "text": pick(n.texts, lang)}
