"""The catalogue store: SQLAlchemy 2 over SQLite, schema kept by Alembic migrations."""

from ost.store.database import CatalogueStore, StoreError, default_db_path

__all__ = ["CatalogueStore", "StoreError", "default_db_path"]
