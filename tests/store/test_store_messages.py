"""Database problems in words: a busy database says another Ost is writing; write errors never show SQL."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from ost.core.catalogue import Catalogue
from ost.store import CatalogueStore, StoreError


@pytest.fixture
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite gives up at once on a lock instead of retrying for five seconds."""
    monkeypatch.setattr(sqlite3, "connect", functools.partial(sqlite3.connect, timeout=0.0))


@pytest.fixture
def locked_by_another(tmp_path: Path, mini: Catalogue) -> Iterator[Path]:
    """A catalogue database that another program holds an exclusive write lock on."""
    path = tmp_path / "busy.sqlite"
    with CatalogueStore(path) as store:
        store.replace_all(mini)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    yield path
    other.rollback()
    other.close()


def test_locked_database_on_open(no_waiting: None, locked_by_another: Path) -> None:
    with pytest.raises(StoreError) as info:
        CatalogueStore(locked_by_another)
    message = str(info.value)
    assert "another Ost is writing" in message and "try again" in message
    assert "not a catalogue database" not in message


@pytest.mark.slow
def test_locked_database_on_write(tmp_path: Path, mini: Catalogue, no_waiting: None) -> None:
    path = tmp_path / "busy.sqlite"
    store = CatalogueStore(path)
    store.replace_all(mini)
    store.engine.dispose()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer: reading still works, writing waits
    try:
        with pytest.raises(StoreError, match=r"another Ost is writing.*try again"):
            store.replace_all(mini)
        with pytest.raises(StoreError, match="another Ost is writing"):
            store.set_override(next(iter(mini)).id, "points", 5)
    finally:
        other.rollback()
        other.close()
        store.close()


def test_write_errors_name_the_failure_not_the_sql(tmp_path: Path, mini: Catalogue) -> None:
    store = CatalogueStore(tmp_path / "c.sqlite")

    def fail(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT"):
            raise sqlite3.OperationalError("disk I/O error")

    event.listen(store.engine, "before_cursor_execute", fail)
    try:
        with pytest.raises(StoreError) as info:
            store.replace_all(mini)
    finally:
        store.close()
    message = str(info.value)
    assert "cannot write the catalogue" in message and "disk I/O error" in message
    for leak in ("INSERT", "SELECT", "[SQL", "parameters", "Background on this error"):
        assert leak not in message
    assert len(message) < 300
