"""presence lease: node heartbeats and the node each connected seat is present on

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 09:00:00

Seats of games that are active when this revision runs keep ``present_node`` NULL: a seat
whose player was connected at that moment (no absence clock) is not bound to any node, so a
node dying later does not start its clock until the player connects again (docs/server.md,
"Known limits"). A single-node server's start sweeps them as before.
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('nodes',
    sa.Column('id', sa.String(length=64), nullable=False),
    sa.Column('seen_at', sa.Float(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('game_seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('present_node', sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('game_seats', schema=None) as batch_op:
        batch_op.drop_column('present_node')
    op.drop_table('nodes')
