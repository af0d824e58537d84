"""Model kinds of datasheets, their BattleScribe counterpart and deliberate departures; faction counterparts.

Revision ID: 0003
Revises: 0002

Rows written before this revision get no kinds: reading them derives one kind
from the datasheet's size and wounds, as before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("datasheets") as batch:
        batch.add_column(sa.Column("kinds", sa.JSON(), nullable=False, server_default="[]"))
        batch.add_column(sa.Column("counterpart", sa.String(), nullable=True))
        batch.add_column(sa.Column("departures", sa.JSON(), nullable=False, server_default="{}"))
    with op.batch_alter_table("factions") as batch:
        batch.add_column(sa.Column("counterparts", sa.JSON(), nullable=False, server_default="[]"))
        batch.add_column(sa.Column("source_id", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("factions") as batch:
        batch.drop_column("source_id")
        batch.drop_column("counterparts")
    with op.batch_alter_table("datasheets") as batch:
        batch.drop_column("departures")
        batch.drop_column("counterpart")
        batch.drop_column("kinds")
