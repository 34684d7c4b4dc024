"""table seating: seat count, who sits where and setup options of a lobby table

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 05:40:00

Tables opened before this revision keep ``seating`` NULL: the lobby reads them as the
two-seat tables they were.
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seating', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('seating')
