"""chat: the lines a game's players write to each other (game_chat)

Revision ID: 0009_chat
Revises: 0008_challenges
Create Date: 2026-12-06 16:40:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009_chat'
down_revision: str | None = '0008_challenges'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'game_chat',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('game_id', sa.String(length=16), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('text', sa.String(length=200), nullable=False),
        sa.Column('created_at', sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('game_chat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_chat_game_id'), ['game_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('game_chat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_chat_game_id'))
    op.drop_table('game_chat')
