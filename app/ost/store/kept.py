"""A text kept in the database's ``browse_cache``, read with ``sqlite3`` alone, before anything else of the store.

The window reads its catalogue pane's rows with it right after its first
paint (:func:`ost.gui.browse_rows.read_kept_rows`), before any other module
of the store, msgspec or the datasheet models are imported.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def read_kept(path: Path, key: str) -> str | None:
    """The JSON text kept under ``key`` in the database at ``path``, read-only (None: no database, nothing kept).

    For a reader that must not wait for the store (the window's first paint):
    no migration, no rebuild, nothing created; a database of an older schema,
    or one that cannot be read, simply has nothing kept. The caller checks the
    text's layout and version.
    """
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.2)
    except sqlite3.Error:
        return None
    try:
        row = db.execute("SELECT value FROM browse_cache WHERE key = ?", (key,)).fetchone()
    except sqlite3.Error:
        return None
    finally:
        db.close()
    return row[0] if row is not None and isinstance(row[0], str) else None
