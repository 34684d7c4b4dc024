"""The migrations build the schema the models describe: after ``alembic upgrade head`` on an
empty database, autogenerate finds nothing to add, drop or change (a model changed without its
migration, or the other way round, fails here)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from donjon.store.db import alembic_config
from donjon.store.models import Base


def test_the_migrations_build_the_models_schema(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'head.sqlite3'}")
    try:
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "head")
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    finally:
        engine.dispose()
