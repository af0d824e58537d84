"""The catalogue store: SQLAlchemy 2 over SQLite, schema kept by Alembic migrations.

Its names are loaded when first asked for (PEP 562): the window's first modules read the kept
browse rows (:mod:`ost.store.browsing`) and the first start copies a seed (:mod:`ost.store.seed`)
without loading :mod:`ost.store.database` and what it imports.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ost.store.database import OVERRIDABLE_FIELDS, CatalogueStore, StoreError, default_db_path

__all__ = ["OVERRIDABLE_FIELDS", "CatalogueStore", "StoreError", "default_db_path"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from ost.store import database

        return getattr(database, name)
    raise AttributeError(f"module 'ost.store' has no attribute {name!r}")
