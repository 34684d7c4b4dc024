"""Persistence: SQLAlchemy models, queries and Alembic migrations (applied at server start).

SQLite (aiosqlite, WAL) is the embedded default; PostgreSQL (asyncpg) is chosen by the
database URL. The action log ``game_actions`` is the source of truth for every game.
"""

from donjon.store.db import Database, normalize_url, run_migrations

__all__ = ["Database", "normalize_url", "run_migrations"]
