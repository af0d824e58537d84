"""Each datasheet's facts beside its JSON, for commands that need them of every datasheet.

Revision ID: 0006
Revises: 0005

``datasheets.facts`` holds the datasheet's JSON without its heavy fields
(options, wargear, choices, model kinds, profiles, weapons, abilities,
departures: ``ost.core.catalogue.HEAVY_FIELDS``): a quarter of its size.
Checking one list or listing the catalogue reads the facts of every
datasheet and the whole JSON only of the few it uses. Rows are filled here
with SQLite's own JSON functions (no model is imported).
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

#: ``ost.core.catalogue.HEAVY_FIELDS`` when this revision was written (a migration never imports the models),
#: and the heavy fields added since ("granted_abilities"): rows written before them lack them (json_remove
#: passes over a missing path), rows downgraded and upgraded again get the facts a write gives.
HEAVY = (
    "options",
    "wargear",
    "choices",
    "kinds",
    "profiles",
    "weapons",
    "abilities",
    "granted_abilities",
    "departures",
)


def upgrade() -> None:
    with op.batch_alter_table("datasheets") as batch:
        batch.add_column(sa.Column("facts", sa.Text(), nullable=True))
    paths = ", ".join(f"'$.{name}'" for name in HEAVY)
    op.execute(f"UPDATE datasheets SET facts = json_remove(data, {paths}) WHERE data IS NOT NULL")  # fixed names


def downgrade() -> None:
    with op.batch_alter_table("datasheets") as batch:
        batch.drop_column("facts")
