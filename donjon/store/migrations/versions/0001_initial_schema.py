"""initial schema

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-30 01:36:43.969445
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0001'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('games',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('table_id', sa.String(length=16), nullable=True),
    sa.Column('mode', sa.String(length=16), nullable=False),
    sa.Column('stake', sa.Integer(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('outcome', sa.JSON(), nullable=True),
    sa.Column('plies', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.Column('finished_at', sa.Float(), nullable=True),
    sa.Column('rematch_of', sa.String(length=16), nullable=True),
    sa.Column('next_game', sa.String(length=16), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_games_status'), ['status'], unique=False)

    op.create_table('users',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('username', sa.String(length=32), nullable=False),
    sa.Column('username_key', sa.String(length=32), nullable=False),
    sa.Column('password_hash', sa.String(length=255), nullable=True),
    sa.Column('is_guest', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('username_key')
    )
    op.create_table('game_actions',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seq', name='uq_game_actions_game_seq')
    )
    op.create_table('game_seats',
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('bot_level', sa.String(length=8), nullable=True),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('away_since', sa.Float(), nullable=True),
    sa.Column('claim_at', sa.Float(), nullable=True),
    sa.Column('deadline_at', sa.Float(), nullable=True),
    sa.Column('deadline_kind', sa.String(length=8), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('game_id', 'seat')
    )
    with op.batch_alter_table('game_seats', schema=None) as batch_op:
        batch_op.create_index('ix_game_seats_deadline', ['deadline_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_seats_user_id'), ['user_id'], unique=False)

    op.create_table('ledger',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('amount', sa.Integer(), nullable=False),
    sa.Column('reason', sa.String(length=32), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=True),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'game_id', 'reason', name='uq_ledger_user_game_reason')
    )
    with op.batch_alter_table('ledger', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ledger_user_id'), ['user_id'], unique=False)

    op.create_table('sessions',
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.Column('expires_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('token_hash')
    )
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sessions_user_id'), ['user_id'], unique=False)

    op.create_table('tables',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('game_kind', sa.String(length=32), nullable=False),
    sa.Column('mode', sa.String(length=16), nullable=False),
    sa.Column('stake', sa.Integer(), nullable=False),
    sa.Column('color', sa.String(length=8), nullable=False),
    sa.Column('opponent', sa.String(length=8), nullable=False),
    sa.Column('bot_level', sa.String(length=8), nullable=True),
    sa.Column('invite_code', sa.String(length=32), nullable=True),
    sa.Column('creator_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=True),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['creator_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tables_creator_id'), ['creator_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tables_status'), ['status'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tables_status'))
        batch_op.drop_index(batch_op.f('ix_tables_creator_id'))

    op.drop_table('tables')
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sessions_user_id'))

    op.drop_table('sessions')
    with op.batch_alter_table('ledger', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ledger_user_id'))

    op.drop_table('ledger')
    with op.batch_alter_table('game_seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_seats_user_id'))
        batch_op.drop_index('ix_game_seats_deadline')

    op.drop_table('game_seats')
    op.drop_table('game_actions')
    op.drop_table('users')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_status'))

    op.drop_table('games')
