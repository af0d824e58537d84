"""Each datasheet stored once: the columns that repeated its JSON are dropped.

Revision ID: 0005
Revises: 0004

Since revision 0004 a datasheet is read whole from ``datasheets.data``; the
columns that repeated its fields (eleven JSON lists among them) were written
on every import and never read back. The store gives every row its ``data``
(from those columns) before this step runs, so nothing is lost; a row that
still has none (written by another Ost, not readable by this one) keeps its
place and is reported when read. The downgrade fills the columns again from
``data`` with SQLite's JSON functions. The index on ``search_text`` goes
too: searches match ``LIKE '%word%'``, which no index serves.
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

#: The dropped columns: name -> (type, nullable, server default when not nullable).
DROPPED: dict[str, tuple[sa.types.TypeEngine[Any], bool, str | None]] = {
    "identity": (sa.String(), True, None),
    "keywords": (sa.JSON(), False, "[]"),
    "faction_keywords": (sa.JSON(), False, "[]"),
    "aliases": (sa.JSON(), False, "[]"),
    "min_models": (sa.Integer(), False, "1"),
    "max_models": (sa.Integer(), False, "1"),
    "points": (sa.Integer(), False, "0"),
    "points_per_model": (sa.Integer(), False, "0"),
    "options": (sa.JSON(), False, "[]"),
    "wounds": (sa.Integer(), False, "1"),
    "unit_type": (sa.String(), False, "infantry"),
    "unit_class": (sa.Integer(), False, "1"),
    "transport_space": (sa.Integer(), True, None),
    "profiles": (sa.JSON(), False, "[]"),
    "weapons": (sa.JSON(), False, "[]"),
    "abilities": (sa.JSON(), False, "[]"),
    "transport": (sa.JSON(), True, None),
    "linked_character": (sa.Boolean(), False, "0"),
    "never_holds_objectives": (sa.Boolean(), False, "0"),
    "legends": (sa.Boolean(), False, "0"),
    "hidden": (sa.Boolean(), False, "0"),
    "source_id": (sa.String(), True, None),
    "kinds": (sa.JSON(), False, "[]"),
    "counterpart": (sa.String(), True, None),
    "departures": (sa.JSON(), False, "{}"),
}


def upgrade() -> None:
    with op.batch_alter_table("datasheets") as batch:
        batch.drop_index("ix_datasheets_search_text")  # LIKE '%word%' cannot use it; every write paid for it
        for name in DROPPED:
            batch.drop_column(name)


def downgrade() -> None:
    with op.batch_alter_table("datasheets") as batch:
        for name, (kind, nullable, default) in DROPPED.items():
            batch.add_column(sa.Column(name, kind, nullable=nullable, server_default=default))
    # json_extract gives JSON text for lists and objects, 1/0 for booleans, NULL for null: each column's own form.
    filled = ", ".join(
        f"{name} = coalesce(json_extract(data, '$.{name}'), {name})"
        if not nullable
        else f"{name} = json_extract(data, '$.{name}')"
        for name, (_, nullable, _) in DROPPED.items()
    )
    op.execute(f"UPDATE datasheets SET {filled} WHERE data IS NOT NULL")  # fixed column names
    op.create_index("ix_datasheets_search_text", "datasheets", ["search_text"])
