"""puzzles: Glicko-2 puzzle ratings (players and puzzles) and each player's attempts

Revision ID: 0007_puzzles
Revises: 0006_tutorials
Create Date: 2026-12-05 10:00:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007_puzzles'
down_revision: str | None = '0006_tutorials'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'puzzle_ratings',
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('subject', sa.String(length=48), nullable=False),
        sa.Column('rating', sa.Float(), nullable=False),
        sa.Column('rd', sa.Float(), nullable=False),
        sa.Column('vol', sa.Float(), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('game', 'subject'),
    )
    op.create_table(
        'puzzle_attempts',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('puzzle_id', sa.String(length=32), nullable=False),
        sa.Column('progress', sa.Integer(), nullable=False),
        sa.Column('tries', sa.Integer(), nullable=False),
        sa.Column('result', sa.String(length=8), nullable=True),
        sa.Column('rating_before', sa.Float(), nullable=True),
        sa.Column('rating_after', sa.Float(), nullable=True),
        sa.Column('created_at', sa.Float(), nullable=False),
        sa.Column('finished_at', sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('user_id', 'game', 'puzzle_id', name='uq_puzzle_attempts_user_puzzle'),
    )
    with op.batch_alter_table('puzzle_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_puzzle_attempts_user_id'), ['user_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('puzzle_attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_puzzle_attempts_user_id'))
    op.drop_table('puzzle_attempts')
    op.drop_table('puzzle_ratings')
