"""Alembic environment: used at server start (a connection is handed over in
``config.attributes["connection"]``) and from the ``alembic`` command line, where the URL
comes from ``DONJON_DATABASE_URL`` (default ``sqlite:///./donjon.sqlite3``)."""

from __future__ import annotations

import asyncio
import os

from alembic import context

from donjon.store.models import Base

config = context.config
target_metadata = Base.metadata


def _do_run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_offline() -> None:
    from donjon.store.db import normalize_url

    url = normalize_url(os.environ.get("DONJON_DATABASE_URL", "sqlite:///./donjon.sqlite3"))
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_async() -> None:
    from sqlalchemy.ext.asyncio import create_async_engine

    from donjon.store.db import normalize_url

    url = normalize_url(os.environ.get("DONJON_DATABASE_URL", "sqlite:///./donjon.sqlite3"))
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(_do_run)
    await engine.dispose()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _do_run(connection)
    else:
        asyncio.run(_run_async())


if context.is_offline_mode():
    run_offline()
else:
    run_online()
