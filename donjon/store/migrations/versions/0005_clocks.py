"""clocks: a game's time control, its speed, the moment its next flag falls, who is to act

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 01:30:00

Games created before this revision keep ``time_control`` NULL: they are untimed.
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('time_control', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('speed', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('flag_at', sa.Float(), nullable=True))
        batch_op.add_column(sa.Column('to_act', sa.JSON(), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_flag_at'), ['flag_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_flag_at'))
        batch_op.drop_column('to_act')
        batch_op.drop_column('flag_at')
        batch_op.drop_column('speed')
        batch_op.drop_column('time_control')
