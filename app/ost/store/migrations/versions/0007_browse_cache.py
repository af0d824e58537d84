"""The browse table, kept beside the catalogue as one row of JSON.

Revision ID: 0007
Revises: 0006

``browse_cache`` holds what ``ost catalogue list`` and search show (one entry
per datasheet across sources, the faction groups), worked out once from the
catalogue and read back as one JSON text: listing the catalogue builds no
datasheet. Every write of the store empties it (``ost.store.browsing``); the
next reader fills it again. Empty here.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "browse_cache",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("browse_cache")
