"""The user's own values for datasheet fields (points, flags…), kept across rebuilds and imports.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "datasheet_overrides",
        sa.Column("datasheet_id", sa.String(), primary_key=True),
        sa.Column("field", sa.String(), primary_key=True),
        sa.Column("value", sa.JSON(), nullable=True),
        sa.Column("set_at", sa.String(), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_table("datasheet_overrides")
