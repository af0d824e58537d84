"""A catalogue database another version of Ost wrote: a clear error, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text

from helpers import run_cli as run
from ost.core.catalogue import Catalogue
from ost.store import CatalogueStore, StoreError


def _newer(path: Path, mini: Catalogue) -> None:
    """A database whose stored datasheets carry a field this Ost does not know (a newer Ost wrote them)."""
    with CatalogueStore(path) as store:
        store.replace_all(mini)
        with store.engine.begin() as connection:
            for row_id, data in connection.execute(text("SELECT id, data FROM datasheets")).all():
                document = json.loads(data)
                document["a_field_of_tomorrow"] = 1
                connection.execute(
                    text("UPDATE datasheets SET data = :data WHERE id = :id"),
                    {"data": json.dumps(document), "id": row_id},
                )


def test_datasheets_a_newer_ost_wrote_give_a_store_error(tmp_path: Path, mini: Catalogue) -> None:
    path = tmp_path / "newer.sqlite"
    _newer(path, mini)
    with CatalogueStore(path) as store:
        with pytest.raises(StoreError, match="another version of Ost"):
            store.load()
        with pytest.raises(StoreError, match="another version of Ost"):
            store.datasheet("tactical")


def test_the_cli_says_so_without_a_traceback(
    tmp_path: Path, mini: Catalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "newer.sqlite"
    _newer(path, mini)
    code, _, err = run(capsys, "--db", str(path), "--lang", "en", "catalogue", "show", "tactical")
    assert code != 0 and "another version of Ost" in err and "Traceback" not in err
