"""The first catalogue schema: factions, datasheets, band table, glossary.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "factions",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_en", sa.String(), nullable=True),
        sa.Column("source", sa.String(), nullable=False, server_default=""),
        sa.Column("revision", sa.String(), nullable=True),
    )
    op.create_table(
        "datasheets",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("search_text", sa.Text(), nullable=False, server_default=""),
        sa.Column("faction", sa.String(), nullable=False, server_default=""),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("identity", sa.String(), nullable=True),
        sa.Column("keywords", sa.JSON(), nullable=False),
        sa.Column("faction_keywords", sa.JSON(), nullable=False),
        sa.Column("aliases", sa.JSON(), nullable=False),
        sa.Column("min_models", sa.Integer(), nullable=False),
        sa.Column("max_models", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("points_per_model", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("wounds", sa.Integer(), nullable=False),
        sa.Column("unit_type", sa.String(), nullable=False),
        sa.Column("unit_class", sa.Integer(), nullable=False),
        sa.Column("transport_space", sa.Integer(), nullable=True),
        sa.Column("profiles", sa.JSON(), nullable=False),
        sa.Column("weapons", sa.JSON(), nullable=False),
        sa.Column("abilities", sa.JSON(), nullable=False),
        sa.Column("transport", sa.JSON(), nullable=True),
        sa.Column("linked_character", sa.Boolean(), nullable=False),
        sa.Column("never_holds_objectives", sa.Boolean(), nullable=False),
        sa.Column("legends", sa.Boolean(), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.Column("source", sa.String(), nullable=False, server_default=""),
        sa.Column("source_id", sa.String(), nullable=True),
        sa.Column("source_revision", sa.String(), nullable=True),
        sa.Column("bs_ids", sa.JSON(), nullable=False),
    )
    op.create_index("ix_datasheets_search_text", "datasheets", ["search_text"])
    op.create_index("ix_datasheets_faction", "datasheets", ["faction"])
    op.create_index("ix_datasheets_role", "datasheets", ["role"])
    op.create_index("ix_datasheets_source", "datasheets", ["source"])
    op.create_table(
        "bands",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("label", sa.String(), nullable=False),
        sa.Column("points_min", sa.Integer(), nullable=False),
        sa.Column("points_max", sa.Integer(), nullable=False),
        sa.Column("max_detachments", sa.Integer(), nullable=False),
    )
    op.create_table(
        "band_limits",
        sa.Column("band_id", sa.Integer(), sa.ForeignKey("bands.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("role", sa.String(), primary_key=True),
        sa.Column("min", sa.Integer(), nullable=False),
        sa.Column("max", sa.Integer(), nullable=True),
        sa.Column("per_sheet", sa.Integer(), nullable=True),
    )
    op.create_table(
        "glossary",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("name_fr", sa.String(), nullable=False),
        sa.Column("name_en", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("has_parameter", sa.Boolean(), nullable=False),
        sa.Column("summary_fr", sa.Text(), nullable=False),
        sa.Column("summary_en", sa.Text(), nullable=False),
    )
    op.create_table(
        "catalogue_meta",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    for table in ("catalogue_meta", "glossary", "band_limits", "bands", "datasheets", "factions"):
        op.drop_table(table)
