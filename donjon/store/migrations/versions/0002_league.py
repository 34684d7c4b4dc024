"""league: ledger keys, ratings, rating history, card plays, league events, equipped hat

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 05:30:00

Existing ledger rows get the key the league gives the fact they record
(``welcome:{user}``, ``stake:{game}:{user}``, ``settle:{game}:{user}``); other rows keep
no key (NULLs never collide in a unique index, on SQLite as on PostgreSQL).
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('hat', sa.String(length=16), nullable=True))

    with op.batch_alter_table('ledger', schema=None) as batch_op:
        batch_op.add_column(sa.Column('key', sa.String(length=96), nullable=True))
        batch_op.add_column(sa.Column('ref', sa.String(length=32), nullable=True))

    uid = "CAST(user_id AS VARCHAR(16))"
    op.execute(f"UPDATE ledger SET key = 'welcome:' || {uid} WHERE reason = 'welcome'")
    op.execute(f"UPDATE ledger SET key = 'stake:' || game_id || ':' || {uid} "
               "WHERE reason = 'stake' AND game_id IS NOT NULL")
    op.execute(f"UPDATE ledger SET key = 'settle:' || game_id || ':' || {uid} "
               "WHERE reason IN ('win', 'refund') AND game_id IS NOT NULL")

    with op.batch_alter_table('ledger', schema=None) as batch_op:
        batch_op.create_unique_constraint('uq_ledger_key', ['key'])

    op.create_table('ratings',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('rating', sa.Integer(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', 'game')
    )
    with op.batch_alter_table('ratings', schema=None) as batch_op:
        batch_op.create_index('ix_ratings_game_rating', ['game', 'rating'], unique=False)

    op.create_table('rating_history',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('rating_before', sa.Integer(), nullable=False),
    sa.Column('rating_after', sa.Integer(), nullable=False),
    sa.Column('at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'user_id', name='uq_rating_history_game_user')
    )
    with op.batch_alter_table('rating_history', schema=None) as batch_op:
        batch_op.create_index('ix_rating_history_user_game', ['user_id', 'game'], unique=False)

    op.create_table('card_plays',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('card', sa.String(length=48), nullable=False),
    sa.Column('plays', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', 'game', 'card')
    )

    op.create_table('league_events',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('day', sa.String(length=10), nullable=False),
    sa.Column('events', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', 'game_id')
    )
    with op.batch_alter_table('league_events', schema=None) as batch_op:
        batch_op.create_index('ix_league_events_user_day', ['user_id', 'day'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('league_events', schema=None) as batch_op:
        batch_op.drop_index('ix_league_events_user_day')
    op.drop_table('league_events')
    op.drop_table('card_plays')
    with op.batch_alter_table('rating_history', schema=None) as batch_op:
        batch_op.drop_index('ix_rating_history_user_game')
    op.drop_table('rating_history')
    with op.batch_alter_table('ratings', schema=None) as batch_op:
        batch_op.drop_index('ix_ratings_game_rating')
    op.drop_table('ratings')
    with op.batch_alter_table('ledger', schema=None) as batch_op:
        batch_op.drop_constraint('uq_ledger_key', type_='unique')
        batch_op.drop_column('ref')
        batch_op.drop_column('key')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('hat')
