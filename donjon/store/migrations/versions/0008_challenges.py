"""challenges: a table addressed to one person (tables.addressee_id)

Revision ID: 0008_challenges
Revises: 0007_puzzles
Create Date: 2026-12-05 10:00:00

Tables opened before this revision keep ``addressee_id`` NULL: they are open to anyone
their ``opponent`` lets in.
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0008_challenges'
down_revision: str | None = '0007_puzzles'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('addressee_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_tables_addressee_id'), ['addressee_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_tables_addressee_id_users'), 'users', ['addressee_id'], ['id'],
                                    ondelete='CASCADE')


def downgrade() -> None:
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_tables_addressee_id_users'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_tables_addressee_id'))
        batch_op.drop_column('addressee_id')
