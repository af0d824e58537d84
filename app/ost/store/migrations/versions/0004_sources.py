"""Catalogue sources the user can switch off, and each datasheet's JSON for fast loading.

Revision ID: 0004
Revises: 0003

``catalogue_sources`` gets one row per source found in ``catalogue_meta``
(the shipped catalogue, each BattleScribe import), all switched on.
``datasheets.data`` (the datasheet's JSON) and ``body`` (its hash without the
datasheet's ids) are left empty here: the store fills them right after the
migration (they need the datasheet models, which a migration must not import),
and reads rows without them from their columns.
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("datasheets") as batch:
        batch.add_column(sa.Column("data", sa.Text(), nullable=True))
        batch.add_column(sa.Column("body", sa.String(), nullable=True))
    sources = op.create_table(
        "catalogue_sources",
        sa.Column("id", sa.String(), primary_key=True),
        sa.Column("kind", sa.String(), nullable=False, server_default="other"),
        sa.Column("name", sa.String(), nullable=False, server_default=""),
        sa.Column("revision", sa.String(), nullable=True),
        sa.Column("fingerprint", sa.String(), nullable=True),
        sa.Column("enabled", sa.Boolean(), nullable=False, server_default=sa.true()),
    )
    meta = {str(k): str(v) for k, v in op.get_bind().execute(sa.text("SELECT key, value FROM catalogue_meta"))}
    rows = []
    if meta.get("source") == "ost":
        rows.append({"id": "ost", "kind": "shipped", "name": "Ost", "fingerprint": meta.get("fingerprint")})
    for key, value in meta.items():
        if not key.startswith("bsdata:"):
            continue
        try:
            info = json.loads(value)
        except ValueError:
            info = {}
        if not isinstance(info, dict):
            info = {}
        rows.append(
            {
                "id": key,
                "kind": "bsdata",
                "name": str(info.get("name") or key),
                "revision": None if info.get("revision") is None else str(info["revision"]),
            }
        )
    if rows:
        op.bulk_insert(sources, [{"revision": None, "fingerprint": None, "enabled": True, **r} for r in rows])


def downgrade() -> None:
    op.drop_table("catalogue_sources")
    with op.batch_alter_table("datasheets") as batch:
        batch.drop_column("body")
        batch.drop_column("data")
