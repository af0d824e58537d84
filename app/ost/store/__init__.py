"""The catalogue store: SQLAlchemy 2 over SQLite, schema kept by Alembic migrations."""

from ost.store.database import OVERRIDABLE_FIELDS, CatalogueStore, StoreError, default_db_path

__all__ = ["OVERRIDABLE_FIELDS", "CatalogueStore", "StoreError", "default_db_path"]
