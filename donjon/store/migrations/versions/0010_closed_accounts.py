"""closed accounts: users.closed_at (when its owner closed the account; NULL: open)

Revision ID: 0010_closed_accounts
Revises: 0009_chat
Create Date: 2026-12-07 13:00:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0010_closed_accounts'
down_revision: str | None = '0009_chat'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('closed_at', sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('closed_at')
