"""notices: the operators' notice at the top of every page

Revision ID: 0014_notices
Revises: 0013_reports
Create Date: 2026-12-07 18:40:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0014_notices'
down_revision: str | None = '0013_reports'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'notices',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('texts', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.Float(), nullable=False),
        sa.Column('until', sa.Float(), nullable=True),
        sa.Column('cleared_at', sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('notices', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_notices_cleared_at'), ['cleared_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('notices', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_notices_cleared_at'))
    op.drop_table('notices')
