"""The store does not import the league: the group commit takes the league's settlement as an
on-finish hook (``GroupCommit(db, on_finish)``). Import circles and layering in general are
checked by ``tests/test_layering.py``, whose walker this uses."""

from __future__ import annotations

from tests.test_layering import graph


def test_the_group_commit_and_the_database_do_not_import_the_league() -> None:
    g = graph()
    assert "donjon.store.groupcommit" in g["donjon.store.db"]  # the walk sees the store's imports
    for mod in ("donjon.store.db", "donjon.store.groupcommit", "donjon.store.repo"):
        assert "donjon.store.league" not in g[mod], mod
        assert not {m for m in g[mod] if m.startswith("donjon.league")} - {"donjon.league.errors"}, mod
