"""A new database gets its schema from the models at once; it must be the one the migrations make."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ost.store import CatalogueStore
from ost.store.migrations import HEAD_REVISION


def _shape(path: Path) -> dict[str, object]:
    """Tables with their columns (name, type, not null, primary key) and indexes with their columns."""
    db = sqlite3.connect(path)
    shape: dict[str, object] = {}
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
        columns = sorted((r[1], r[2].upper(), r[3], r[5]) for r in db.execute(f"PRAGMA table_info('{table}')"))
        indexes = sorted(
            (r[1], tuple(c[2] for c in db.execute(f"PRAGMA index_info('{r[1]}')")))
            for r in db.execute(f"PRAGMA index_list('{table}')")
            if not r[1].startswith("sqlite_autoindex")
        )
        shape[table] = (columns, indexes)
    db.close()
    return shape


def test_a_new_database_has_the_schema_the_migrations_make(tmp_path: Path) -> None:
    from alembic import command

    from ost.store.database import _alembic_config

    created = tmp_path / "new.sqlite"
    with CatalogueStore(created) as store:
        assert store.revision() == HEAD_REVISION
    migrated = tmp_path / "migrated.sqlite"
    store = CatalogueStore(migrated, migrate=False)
    with store.engine.begin() as connection:
        command.upgrade(_alembic_config(connection), "head")
    store.close()
    assert _shape(created) == _shape(migrated)
    assert "keywords" not in str(_shape(created)["datasheets"])
