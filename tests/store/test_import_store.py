"""Imports in the catalogue database: one transaction, replace per source, overrides, migrations, CLI."""

from __future__ import annotations

import io
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import MetaData, insert

from helpers import TEST_DATA
from helpers import run_cli as run
from hostile import bounded
from ost.cli.import_cmd import ProgressBar
from ost.core.catalogue import Catalogue
from ost.core.roles import Role
from ost.formats.safexml import XmlInputError
from ost.services import build_catalogue, import_bsdata, open_store, parse_override
from ost.store import CatalogueStore, StoreError
from ost.store.database import _alembic_config, head_revision, sheet_to_row
from ost.store.migrations import HEAD_REVISION

DATA = TEST_DATA / "bsdata"
BOSS = "bs-testers-t-boss"
SQUAD = "bs-testers-t-grunt-squad"


@pytest.fixture
def imported_db(tmp_path: Path) -> Path:
    db = tmp_path / "c.sqlite"
    with open_store(db) as store:  # the shipped catalogue first, as on first use
        import_bsdata(store, [DATA])
    return db


def copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


# --- replace per source --------------------------------------------------------------------------------------------


def test_import_keeps_the_shipped_catalogue(imported_db: Path, shipped: Catalogue) -> None:
    with CatalogueStore(imported_db) as store:
        catalogue = store.load()
        assert all(catalogue.get(s.id) is not None for s in shipped)
        assert catalogue.get(BOSS) is not None
        assert {"bs-testers", "bs-far-testers", "bs-test-system"} <= set(catalogue.factions)
        assert len(catalogue.bands.bands) == len(shipped.bands.bands)  # the band table is untouched
        meta = store.meta()
        assert '"revision": "12"' in meta["bsdata:test-cat"]
        assert meta["source"] == "ost"


def test_build_keeps_imported_data(imported_db: Path, shipped: Catalogue) -> None:
    with CatalogueStore(imported_db) as store:
        before = len(store.load())
        build_catalogue(store)
        catalogue = store.load()
        assert len(catalogue) == before
        assert catalogue.get(BOSS) is not None and "bs-testers" in catalogue.factions
        assert "bsdata:test-cat" in store.meta()


def test_reimport_of_a_newer_revision_updates_in_place(imported_db: Path, tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    testers = folder / "Testers.cat"
    text = testers.read_text(encoding="utf-8").replace('revision="12"', 'revision="13"')
    text = text.replace(
        '<cost name="pts" typeId="points" value="60.0"/>', '<cost name="pts" typeId="points" value="65.0"/>'
    )
    start = text.index('<selectionEntry id="t-relic"')
    end = text.index("</selectionEntry>", start) + len("</selectionEntry>")
    testers.write_text(text[:start] + text[end:], encoding="utf-8")
    with CatalogueStore(imported_db) as store:
        store.set_override(SQUAD, "points", 44)
        far_before = [s for s in store.datasheets() if s.faction == "bs-far-testers"]
        import_bsdata(
            store, [testers, folder / "Test System.gst", folder / "Test Library.cat", folder / "Test Allies.cat"]
        )
        catalogue = store.load()
        boss = catalogue.get(BOSS)
        assert boss is not None and boss.points == 65 and boss.source_revision == "13"
        assert catalogue.get("bs-testers-t-relic") is None  # gone from the new revision
        assert catalogue.factions["bs-testers"].revision == "13"
        assert [s for s in catalogue if s.faction == "bs-far-testers"] == far_before  # another source: untouched
        squad = catalogue.get(SQUAD)
        assert squad is not None and squad.points == 44  # the user's value survives the re-import


def test_a_failed_write_leaves_the_catalogue_as_it_was(imported_db: Path) -> None:
    with CatalogueStore(imported_db) as store:
        before = store.load()
        boss = before.get(BOSS)
        assert boss is not None
        twin = boss.model_copy()
        with pytest.raises(StoreError, match="cannot write"):
            store.replace_sources(["bsdata:test-cat"], [boss, twin], [])  # the same id twice fails half-way
        after = store.load()
        assert {s.id: s for s in after} == {s.id: s for s in before}
        assert set(after.factions) == set(before.factions)


def test_a_bad_file_leaves_the_catalogue_as_it_was(imported_db: Path, tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    (folder / "Testers.cat").write_text("<catalogue", encoding="utf-8")
    with CatalogueStore(imported_db) as store:
        before = {s.id: s for s in store.load()}
        with pytest.raises(XmlInputError):
            import_bsdata(store, [folder])
        assert {s.id: s for s in store.load()} == before


# --- overrides -----------------------------------------------------------------------------------------------------


def test_override_set_show_and_clear(imported_db: Path) -> None:
    with CatalogueStore(imported_db) as store:
        sheet = store.set_override(BOSS, "points", 75)
        assert sheet.points == 75
        store.set_override(BOSS, "role", parse_override("role", "Élite"))
        store.set_override(BOSS, "hidden", parse_override("hidden", "oui"))
        loaded = store.load().get(BOSS)
        assert loaded is not None and (loaded.points, loaded.role, loaded.hidden) == (75, Role.ELITES, True)
        assert store.search("test boss")[0].points == 75
        assert store.overrides(BOSS) == {BOSS: {"hidden": True, "points": 75, "role": "elites"}}
        assert store.clear_override(BOSS, "points") == 1
        assert store.datasheet(BOSS).points == 60  # type: ignore[union-attr]
        assert store.clear_override(BOSS) == 2
        assert store.overrides(BOSS) == {}


def test_bad_overrides_are_refused(imported_db: Path) -> None:
    with CatalogueStore(imported_db) as store:
        with pytest.raises(StoreError, match="cannot be overridden"):
            store.set_override(BOSS, "name", "Other")
        with pytest.raises(StoreError, match="no datasheet"):
            store.set_override("nope", "points", 1)
        with pytest.raises(StoreError, match="invalid value"):
            store.set_override(BOSS, "points", -5)
        with pytest.raises(StoreError, match="invalid value"):
            store.set_override(BOSS, "min_models", 3)  # above max_models 1
    with pytest.raises(ValueError, match="whole number"):
        parse_override("points", "lots")
    with pytest.raises(ValueError, match="yes/no"):
        parse_override("legends", "maybe")
    assert parse_override("transport_space", "none") is None
    assert parse_override("unit_type", "Marcheur") == "walker"


def test_an_override_that_no_longer_fits_is_left_out(imported_db: Path) -> None:
    with CatalogueStore(imported_db) as store:
        store.set_override(SQUAD, "min_models", 8)
        store.set_override(SQUAD, "points", 50)
        with sqlite3.connect(imported_db) as db:  # as if a new revision had shrunk the unit
            db.execute("update datasheets set data = json_set(data, '$.max_models', 6) where id = ?", (SQUAD,))
        squad = store.datasheet(SQUAD)
        assert squad is not None and (squad.min_models, squad.max_models, squad.points) == (5, 6, 50)


def test_overrides_survive_a_rebuild(imported_db: Path) -> None:
    with CatalogueStore(imported_db) as store:
        store.set_override(BOSS, "points", 70)
        store.set_override("ork-trukk", "points", 71)
        build_catalogue(store)
        assert store.datasheet(BOSS).points == 70  # type: ignore[union-attr]
        assert store.datasheet("ork-trukk").points == 71  # type: ignore[union-attr]


# --- migration -----------------------------------------------------------------------------------------------------


def _fill_as_of(store: CatalogueStore, catalogue: Catalogue, meta: dict[str, str]) -> None:
    """Write ``catalogue`` into an older schema: only the columns that schema has."""
    with store.engine.begin() as connection:
        tables = MetaData()
        tables.reflect(connection)

        def rows(table: str, items: list[dict[str, Any]]) -> None:
            columns = set(tables.tables[table].c.keys())
            kept = [{k: v for k, v in i.items() if k in columns} for i in items]
            connection.execute(insert(tables.tables[table]), kept)

        rows("factions", [f.model_dump(mode="json") for f in catalogue.factions.values()])
        rows(
            "datasheets",
            [{**sheet_to_row(s, catalogue.factions.get(s.faction)), **s.model_dump(mode="json")} for s in catalogue],
        )
        CatalogueStore._write_bands(connection, catalogue.bands)
        rows("catalogue_meta", [{"key": k, "value": v} for k, v in meta.items()])


def test_a_0001_database_with_data_migrates_to_head(tmp_path: Path, mini: Catalogue) -> None:
    path = tmp_path / "old.sqlite"
    store = CatalogueStore(path, migrate=False)
    with store.engine.begin() as connection:
        command.upgrade(_alembic_config(connection), "0001")
    assert store.revision() == "0001"
    _fill_as_of(store, mini, {"source": "old"})
    store.close()
    tables = {row[0] for row in sqlite3.connect(path).execute("select name from sqlite_master where type='table'")}
    assert "datasheet_overrides" not in tables
    with CatalogueStore(path) as migrated:
        assert migrated.revision() == head_revision() == HEAD_REVISION
        assert {s.id: s for s in migrated.load()} == {s.id: s for s in mini}
        assert migrated.meta()["source"] == "old"
        migrated.set_override("captain", "points", 99)
        assert migrated.datasheet("captain").points == 99  # type: ignore[union-attr]


# --- command line --------------------------------------------------------------------------------------------------


def test_cli_import_prints_the_coverage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite")
    code, out, err = run(capsys, "--db", db, "--lang", "en", "import", "bsdata", str(DATA))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["catalogue", "rev.", "sheets", "role"]
    testers = next(line for line in lines if line.startswith("Testers"))
    assert testers.split()[1:5] == ["12", "13", "12", "13"]
    assert "1/1" in testers
    assert "15 datasheets of 3 factions imported" in out
    assert "does-not-exist" in err  # warnings go to stderr
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "catalogue", "show", BOSS)
    assert code == 0 and "never holds objectives" in out and "Source: bsdata:test-cat" in out


def test_cli_import_in_french_and_quiet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--db", str(tmp_path / "c.sqlite"), "import", "bsdata", "-q", str(DATA))
    assert code == 0 and "fiches" in out and "importées" in out
    assert err == ""


def test_cli_import_refuses_hostile_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "lol.cat"
    bad.write_text('<!DOCTYPE a [<!ENTITY x "xx">]><catalogue id="a">&x;</catalogue>', encoding="utf-8")
    with bounded(parsed=0):  # work, not seconds: refused before the XML parser sees a byte
        code, _, err = run(capsys, "--db", str(tmp_path / "c.sqlite"), "--lang", "en", "import", "bsdata", str(bad))
    assert code == 2 and str(bad) in err and "DTD" in err
    assert not (tmp_path / "c.sqlite").exists()  # refused before the database is even opened
    code, _, err = run(capsys, "--db", str(tmp_path / "c.sqlite"), "import", "bsdata", str(bad))
    assert code == 2 and "refusée" in err


def test_cli_override(imported_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(imported_db)
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "catalogue", "override", BOSS, "points", "72")
    assert code == 0 and "points = 72" in out
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "catalogue", "override", BOSS)
    assert code == 0 and out.strip() == "points = 72"
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "catalogue", "show", BOSS)
    assert "Points: 72" in out and "Your own values: points=72" in out
    code, _, err = run(capsys, "--db", db, "catalogue", "override", BOSS, "points", "many")
    assert code == 2 and "whole number" in err
    code, _, err = run(capsys, "--db", db, "--lang", "en", "catalogue", "override", "nope", "points", "1")
    assert code == 2 and "no datasheet" in err
    code, _, err = run(capsys, "--db", db, "--lang", "en", "catalogue", "override", BOSS, "points")
    assert code == 2 and "VALUE" in err
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "catalogue", "override", BOSS, "points", "--clear")
    assert code == 0 and "1 override(s) removed" in out
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "catalogue", "override", BOSS)
    assert "No override" in out


def test_progress_bar_draws_on_a_terminal_only() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream, enabled=True)
    bar(0, 4, "Orks.cat")
    bar(4, 4, "")
    bar.finish()
    text = stream.getvalue()
    assert "Orks.cat" in text and "100%" in text and text.endswith("\r")
    quiet = io.StringIO()
    silent = ProgressBar(quiet)  # a StringIO is not a terminal
    silent(1, 2, "x")
    silent.finish()
    assert quiet.getvalue() == ""


def test_cli_import_run_as_the_program_leaves_the_collector_off(tmp_path: Path) -> None:
    import argparse
    import gc

    from ost.cli import import_cmd

    args = argparse.Namespace(paths=[DATA], quiet=True, all_warnings=False, db=tmp_path / "c.sqlite", one_shot=True)
    out = io.StringIO()
    try:
        assert import_cmd.run(args, "en", out) == 0
        # The process ends next (ost.cli.main): the collector is not switched back on to free the import first.
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert "15 datasheets of 3 factions imported" in out.getvalue()
    args.one_shot = False
    assert import_cmd.run(args, "en", io.StringIO()) == 0 and gc.isenabled()


# --- the import's write, without SQLAlchemy ---------------------------------------------------------------------------


def _rows(db: Path, table: str) -> list[tuple[Any, ...]]:
    """Every row of ``table`` with each value's SQLite type (a JSON text and a flag stored as SQLAlchemy does)."""
    with sqlite3.connect(db) as connection:
        columns = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]
        typed = ", ".join(f"{c}, typeof({c})" for c in columns)
        return connection.execute(f"SELECT {typed} FROM {table} ORDER BY rowid").fetchall()


def test_the_import_write_stores_what_sqlalchemy_stores(tmp_path: Path) -> None:
    """``replace_sources`` writes through ``sqlite3`` (no SQLAlchemy imported): its faction, source and meta rows are
    the ones the ORM tables write from the same values, JSON columns, flags and NULLs included."""
    from ost.core.catalogue import CatalogueSource, Faction
    from ost.store.models import FactionRow, MetaRow, SourceRow

    factions = [
        Faction(id="bs-a", name="Armée", name_en="Army", source="bsdata:a", revision="3", counterparts=["x", "é"]),
        Faction(id="bs-b", name="B", source="bsdata:b"),
    ]
    sources = [
        CatalogueSource(id="bsdata:a", name="Armée", kind="bsdata", revision="3", fingerprint="ab12"),
        CatalogueSource(id="bsdata:b", name="B", kind="bsdata", enabled=False),
    ]
    meta = {"bsdata:a": '{"name": "Armée"}', "bsdata:b": ""}
    plain, orm = tmp_path / "plain.sqlite", tmp_path / "orm.sqlite"
    with CatalogueStore(plain) as store:
        store.replace_sources(["bsdata:a", "bsdata:b"], [], factions, meta, sources)
    with CatalogueStore(orm) as store, store.engine.begin() as connection:
        connection.execute(insert(FactionRow), [f.model_dump() for f in factions])
        connection.execute(insert(MetaRow), [{"key": k, "value": v} for k, v in meta.items()])
        connection.execute(insert(SourceRow), [s.model_dump() for s in sources])
    for table in ("factions", "catalogue_meta", "catalogue_sources"):
        assert _rows(plain, table) == _rows(orm, table) != []


def test_an_import_imports_no_sqlalchemy(tmp_path: Path) -> None:
    """``ost import bsdata`` into an existing catalogue reads and writes through ``sqlite3`` only."""
    import os
    import subprocess
    import sys

    db = tmp_path / "c.sqlite"
    with open_store(db):
        pass
    code = (
        "import sys; from ost.cli.main import main; "
        f"status = main(['--db', {str(db)!r}, 'import', 'bsdata', '-q', {str(DATA)!r}]); "
        "assert status == 0, status; "
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic')); "
        "assert not loaded, loaded"
    )
    app = str(Path(__file__).resolve().parents[2] / "app")
    env = {**os.environ, "PYTHONPATH": app}
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env)
    with CatalogueStore(db) as store:
        assert store.load().get(BOSS) is not None
