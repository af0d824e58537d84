"""The browse table, kept beside the catalogue: one row of JSON, dropped by SQLite itself on any change.

Revision ID: 0007
Revises: 0006

``browse_cache`` holds what ``ost catalogue list`` and search show (one entry
per datasheet across sources, the faction groups), worked out once from the
catalogue and read back as one JSON text: listing the catalogue builds no
datasheet. Triggers on every table the entries depend on (datasheets,
factions, sources and their switches, the user's overrides) empty it on any
write, whoever writes; the next reader fills it again. A later migration that
rebuilds one of those tables (``batch_alter_table``) must create its triggers
again.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

#: ``ost.store.browsing.TRACKED`` when this revision was written.
TRACKED = ("datasheets", "factions", "catalogue_sources", "datasheet_overrides")


def upgrade() -> None:
    op.create_table(
        "browse_cache",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )
    for table in TRACKED:
        for event in ("INSERT", "UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER browse_stale_{table}_{event.lower()} AFTER {event} ON {table} "
                "BEGIN DELETE FROM browse_cache; END"
            )


def downgrade() -> None:
    for table in TRACKED:
        for event in ("insert", "update", "delete"):
            op.execute(f"DROP TRIGGER IF EXISTS browse_stale_{table}_{event}")
    op.drop_table("browse_cache")
