"""The operators' notice at the top of every page (donjon/server/notices.py, donjon/cli/notice.py,
docs/deploy.md "A notice on every page"): posted, translated, hidden by a reader, replaced,
taken down by itself or by the operator; read once per few seconds per process."""

from __future__ import annotations

import contextlib
import io
import re
import sqlite3
import time
from typing import Any

import pytest

from donjon.cli import main
from donjon.server import notices
from tests.server.conftest import Site


@pytest.fixture(autouse=True)
def no_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page reads the notice again (the tests post and look at once)."""
    monkeypatch.setattr(notices, "TTL", 0.0)


def op(url: str, *argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*argv, "--database-url", url], stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue() + err.getvalue()


def shown(c: Any, path: str = "/", **params: str) -> tuple[str, str] | None:
    """(id, text) of the notice a page shows, or None."""
    html = c.get(path, params=params).text
    m = re.search(r'<div class="site-notice" id="site-notice" data-id="(\d+)" role="status">\s*<p>(.*?)</p>', html, re.S)
    return (m.group(1), m.group(2)) if m else None


def test_a_notice_on_every_page_in_the_readers_language(site: Site) -> None:
    url = f"sqlite:///{site.db}"
    c = site.user("alice")
    assert shown(c) is None and op(url, "notice")[1].strip() == "no notice"
    code, out = op(url, "notice", "post", "Restart at 20:00 UTC <b>", "--fr", "Redémarrage à 20 h UTC")
    assert code == 0 and out.startswith("notice #1 shown on every page until cleared (en, fr;")
    for path in ("/", "/watch", "/my-games", "/profile/alice", "/leaderboard/unfairchess", "/nowhere"):
        assert shown(c, path) == ("1", "Restart at 20:00 UTC &lt;b&gt;"), path  # plain text, escaped
    assert shown(c, lang="fr") == ("1", "Redémarrage à 20 h UTC")
    assert shown(site.client(), lang="es") == ("1", "Restart at 20:00 UTC &lt;b&gt;")  # no Spanish: English
    assert "fr: Redémarrage à 20 h UTC" in op(url, "notice", "show")[1]

    # a reader hides it on their browser (the button sets the cookie); the next notice shows again
    c.cookies.set("notice_seen", "1")
    assert shown(c) is None and shown(site.client()) is not None
    assert op(url, "notice", "post", "New: Citadel puzzles", "--es", "Nuevo: problemas de Ciudadelas")[0] == 0
    assert shown(c) == ("2", "New: Citadel puzzles") and shown(c, lang="es") == ("2", "Nuevo: problemas de Ciudadelas")
    assert site.sql("select id, cleared_at is not null from notices order by id") == [(1, 1), (2, 0)]  # replaced

    code, out = op(url, "notice", "clear")
    assert (code, out.strip()) == (0, "notice taken down") and shown(site.client()) is None
    assert op(url, "notice", "clear")[1].strip() == "there was no notice"


def test_a_notice_of_some_hours_goes_by_itself(site: Site) -> None:
    url = f"sqlite:///{site.db}"
    code, out = op(url, "notice", "post", "Maintenance tonight", "--hours", "2")
    assert code == 0 and "until 20" in out
    (until,) = site.sql("select until from notices")[0]
    assert 7190 < until - time.time() <= 7200
    assert shown(site.client()) is not None
    with contextlib.closing(sqlite3.connect(site.db)) as con, con:  # two hours later
        con.execute("update notices set until = ?", (time.time() - 1,))
    assert shown(site.client()) is None and op(url, "notice")[1].strip() == "no notice"


def test_bad_notices_change_nothing(site: Site) -> None:
    url = f"sqlite:///{site.db}"
    assert op(url, "notice", "post", "first")[0] == 0
    for argv in (("   ",), ("x" * 301,), ("ok", "--fr", ""), ("ok", "--hours", "0"), ("ok", "--hours", "9000")):
        code, out = op(url, "notice", "post", *argv)
        assert code == 2 and "nothing changed" in out, argv
    assert op(url.replace(site.db.name, "missing.sqlite3"), "notice", "post", "x")[0] == 1  # not the site's
    assert site.sql("select texts from notices") == [('{"en": "first"}',)]
    # spaces and line breaks are folded: a notice is one line
    assert op(url, "notice", "post", "two\n  lines")[0] == 0 and shown(site.client()) == ("2", "two lines")


def test_a_process_reads_the_notice_once_per_few_seconds(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notices, "TTL", 3600.0)
    c = site.client()
    board = site.app.state.notices
    board._read_at = -3600.0
    assert shown(c) is None  # read now: no notice
    assert op(f"sqlite:///{site.db}", "notice", "post", "hello")[0] == 0
    assert shown(c) is None  # not read again yet
    board._read_at -= 3600.0  # the time has passed
    assert shown(c) == ("1", "hello")


def test_notices_on_each_database(site_factory: Any, new_database: Any) -> None:
    url = new_database()
    site = site_factory(database_url=url)
    c = site.client()
    assert op(url, "notice", "post", "on every node", "--es", "en cada nodo", "--hours", "1")[0] == 0
    assert shown(c, lang="es") == ("1", "en cada nodo")
    assert op(url, "notice", "post", "second")[0] == 0 and shown(c) == ("2", "second")
    assert op(url, "notice", "clear")[0] == 0 and shown(c) is None
