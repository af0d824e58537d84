"""The kept browse table (ost.store.browsing): what `catalogue list` and search show, without building datasheets."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, sample_database
from helpers import run_cli as run
from ost.core.browse import browse_entries, entries_of
from ost.core.roles import Role
from ost.store import CatalogueStore


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    """The shipped catalogue and the 13-file sample of the real release (the test files when it is absent)."""
    return sample_database(tmp_path / "c.sqlite")


def _kept(db: Path) -> int:
    return sqlite3.connect(db).execute("SELECT count(*) FROM browse_cache").fetchone()[0]


def _as_entries(store: CatalogueStore) -> list[tuple[object, ...]]:
    """The browse entries the long way (every datasheet built and merged), as the table's rows say them."""
    rows = []
    for e in browse_entries(store.load()):
        s = e.sheet
        models = f"{s.min_models}" if s.min_models == s.max_models else f"{s.min_models}-{s.max_models}"
        points = f"{s.points}" + (f" +{s.points_per_model}" if s.points_per_model else "")
        sheets = tuple((x.source, x.id) for x in e.sheets)
        rows.append((s.id, s.label("fr"), s.label("en"), s.role, e.group, s.faction, models, points, sheets))
    return rows


def test_the_table_is_kept_and_says_what_the_long_way_says(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        assert _kept(sample_db) == 0  # the import's write emptied it
        first = store.browse()
        assert _kept(sample_db) == 1
        again = store.browse()  # read as kept
        assert first == again
        assert [tuple(r) for r in again.rows] == _as_entries(store)
        if BSDATA_SAMPLE.is_dir():  # the sample repeats shipped datasheets (the test files do not)
            assert any(len(r.sheets) > 1 for r in again.rows)  # shipped and imported copies as one line


def test_every_kind_of_write_empties_it(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        sheet_id = store.browse().rows[0].id
        store.set_override(sheet_id, "role", "elites")
        assert _kept(sample_db) == 0
        row = next(r for r in store.browse().rows if r.id == sheet_id)
        assert row.role is Role.ELITES
        store.clear_override(sheet_id)
        assert _kept(sample_db) == 0
        assert next(r for r in store.browse().rows if r.id == sheet_id).role is not Role.ELITES
        store.set_source_enabled("ost", False)
        assert _kept(sample_db) == 0
        assert all("ost" not in r.sources for r in store.browse().rows)
        assert [tuple(r) for r in store.browse().rows] == _as_entries(store)


def test_search_and_filters_match_the_entries(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        table = store.browse()
        catalogue = store.load()
        for query in ("rhino", "capitaine", "intercessor squad", "zzz"):
            found = store.search(query, limit=50)
            keys = store.search_keys(query, limit=50)
            assert keys == [(s.source, s.id) for s in found]
            assert [r.id for r in table.holding(keys)] == [e.sheet.id for e in entries_of(catalogue, found)]
        troops = table.filtered(None, Role.TROOPS)
        assert troops and all(r.role is Role.TROOPS for r in troops)
        group = table.rows[0].group
        assert {r.group for r in table.filtered(group)} == {group}


def test_a_database_it_cannot_write_is_listed_the_long_way(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Another Ost writing (the lock held): the list is worked out, said the same, and nothing is kept."""
    code, expected, _ = run(capsys, "--db", str(sample_db), "--lang", "en", "catalogue", "list")
    sqlite3.connect(sample_db).execute("DELETE FROM browse_cache").connection.commit()
    writer = sqlite3.connect(sample_db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    try:
        assert run(capsys, "--db", str(sample_db), "--lang", "en", "catalogue", "list") == (code, expected, "")
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert _kept(sample_db) == 0


def test_listing_in_french_and_english(sample_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, fr, _ = run(capsys, "--db", str(sample_db), "--lang", "fr", "catalogue", "list", "--role", "Troupes")
    assert code == 0 and fr.splitlines()[0].split()[:3] == ["id", "nom", "rôle"] and "Troupes" in fr
    code, en, _ = run(capsys, "--db", str(sample_db), "--lang", "en", "catalogue", "list", "--role", "Troops")
    assert code == 0 and en.splitlines()[0].split()[:3] == ["id", "name", "role"] and "Troops" in en
    assert len(fr.splitlines()) == len(en.splitlines())


def test_a_migrated_database_keeps_its_table_too(sample_db: Path) -> None:
    """Down to 0006 (no table) and up again: the table is back, empty, then kept."""
    from alembic import command

    from ost.store.database import _alembic_config

    store = CatalogueStore(sample_db)
    with store.engine.begin() as connection:
        command.downgrade(_alembic_config(connection), "0006")
    store.close()
    with CatalogueStore(sample_db) as migrated:
        assert _kept(sample_db) == 0
        assert [tuple(r) for r in migrated.browse().rows] == _as_entries(migrated)
        assert _kept(sample_db) == 1


def test_listing_imports_no_datasheet_model(sample_db: Path) -> None:
    """`ost catalogue list` and search on a kept table: no pydantic, no YAML reader, no SQLAlchemy."""
    with CatalogueStore(sample_db) as store:
        store.browse()
    probe = (
        "import sys\n"
        "from ost.cli.main import _main\n"
        "for words in (['catalogue', 'list'], ['catalogue', 'search', 'rhino']):\n"
        "    _main(['--db', sys.argv[1], *words])\n"
        "heavy = [m for m in ('pydantic', 'yaml', 'sqlalchemy', 'ost.core.catalogue') if m in sys.modules]\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
    )
    app = str(Path(__file__).resolve().parents[2] / "app")
    done = subprocess.run(
        [sys.executable, "-c", probe, str(sample_db)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": app},
        check=True,
    )
    assert "HEAVY []" in done.stderr


def test_a_table_kept_by_another_version_is_worked_out_again(sample_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ost.store import browsing

    with CatalogueStore(sample_db) as store:
        kept = store.browse()
        monkeypatch.setattr(browsing, "__version__", "0.0.0-other")
        db = sqlite3.connect(sample_db)
        with db:
            db.execute("UPDATE browse_cache SET value = json_set(value, '$.rows', json('[]'))")
        db.close()
        assert store.browse() == kept  # not the emptied rows: another version's text is not trusted
        stored = sqlite3.connect(sample_db).execute("SELECT json_extract(value, '$.ost') FROM browse_cache")
        assert stored.fetchone()[0] == "0.0.0-other"
