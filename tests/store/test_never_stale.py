"""A catalogue that never goes stale: sources checked on every open, rebuilt in one transaction, switched on and off.

The shipped ``catalog/`` is replaced by a temporary copy (``shipped``
fixture) that the tests edit as a club or a newer Ost would.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from helpers import EXAMPLES, TEST_DATA
from helpers import run_cli as run
from ost import services
from ost.core.browse import browse_entries
from ost.core.resources import shipped_catalogue_dir
from ost.core.roles import Role
from ost.services import (
    catalogue_status,
    import_bsdata,
    open_catalogue,
    rebuild_catalogue,
    set_source_enabled,
)
from ost.store import CatalogueStore, StoreError
from ost.store.migrations import HEAD_REVISION

DATA = TEST_DATA / "bsdata"
IMPORTED = "bsdata:test-cat"
BOSS = "bs-testers-t-boss"


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped catalog/ that Ost takes for its own (with a resources/ beside it, like the real one)."""
    folder = tmp_path / "ost" / "catalog"
    shutil.copytree(shipped_catalogue_dir(), folder)
    (folder.parent / "resources").mkdir()
    monkeypatch.setattr(services, "shipped_catalogue_dir", lambda: folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def set_trukk_points(folder: Path, old: str, new: str) -> None:
    """Change the Trukk's price in ``folder``'s orks.yaml (``old``/``new`` as written)."""
    path = folder / "factions" / "orks.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("- id: ork-trukk")
    at = text.index(f"    points: {old}\n", start)
    path.write_text(text[:at] + f"    points: {new}\n" + text[at + len(f"    points: {old}\n") :], encoding="utf-8")


def trukk_points(store: CatalogueStore) -> int:
    sheet = store.datasheet("ork-trukk")
    assert sheet is not None
    return sheet.points


# --- rebuilt when the sources change -----------------------------------------------------------------------------


def test_first_open_builds_and_says_so(shipped: Path, tmp_path: Path) -> None:
    opened = open_catalogue(tmp_path / "c.sqlite")
    with opened.store as store:
        assert opened.notice is not None and opened.notice.kind == "built"
        assert "fiches" in opened.notice.message("fr") and "datasheets" in opened.notice.message("en")
        assert store.meta()["source_kind"] == "shipped"
        assert store.meta()["source_dir"] == str(shipped)


def test_a_changed_source_is_rebuilt_keeping_imports_overrides_and_switches(shipped: Path, tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
        store.set_override(BOSS, "points", 77)
        store.set_override("ork-boyz", "points", 99)
        set_source_enabled(store, IMPORTED, False)
        before = len(store.load())
        assert trukk_points(store) == 70
    set_trukk_points(shipped, "70", "75")
    opened = open_catalogue(db)
    with opened.store as store:
        assert opened.notice is not None and opened.notice.kind == "rebuilt"
        assert "reconstruit" in opened.notice.message("fr") and "rebuilt" in opened.notice.message("en")
        assert trukk_points(store) == 75
        catalogue = store.load()
        assert len(catalogue) == before  # the imported datasheets are all still there
        assert catalogue.get(BOSS) is not None and catalogue.get(BOSS).points == 77  # type: ignore[union-attr]
        assert catalogue.get("ork-boyz").points == 99  # type: ignore[union-attr]
        assert not catalogue.sources[IMPORTED].enabled
        assert IMPORTED in store.meta()
    again = open_catalogue(db)  # nothing changed since: nothing to do, nothing said
    with again.store:
        assert again.notice is None


def test_the_rebuild_is_one_transaction(shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails half-way leaves the previous catalogue whole, and the next open tries again."""
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
        count = len(store.load())
    set_trukk_points(shipped, "70", "75")

    def broken_bands(*_args: object) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(CatalogueStore, "_write_bands", staticmethod(broken_bands))
    opened = open_catalogue(db)
    with opened.store as store:
        assert opened.notice is not None and opened.notice.kind == "write-error"
        assert trukk_points(store) == 70 and len(store.load()) == count
    monkeypatch.undo()
    monkeypatch.setattr(services, "shipped_catalogue_dir", lambda: shipped)
    opened = open_catalogue(db)
    with opened.store as store:
        assert opened.notice is not None and opened.notice.kind == "rebuilt"
        assert trukk_points(store) == 75 and len(store.load()) == count


def _files_read_and_no_build(monkeypatch: pytest.MonkeyPatch, why: str) -> list[Path]:
    """The files read from now on (filled as they are read); a rebuild of the catalogue fails, saying ``why``."""
    read: list[Path] = []
    real_read_bytes = Path.read_bytes

    def counting(path: Path) -> bytes:
        read.append(path)
        return real_read_bytes(path)

    def no_build(*_args: object) -> None:
        raise AssertionError(why)

    monkeypatch.setattr(Path, "read_bytes", counting)
    monkeypatch.setattr(services, "read_catalogue", no_build)
    return read


def test_unchanged_sources_cost_a_few_stat_calls(
    shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.sqlite"
    open_catalogue(db).store.close()
    read = _files_read_and_no_build(monkeypatch, "the catalogue was rebuilt although nothing changed")
    opened = open_catalogue(db)
    opened.store.close()
    assert opened.notice is None
    assert read == []  # no source file was read, only their sizes and times


def test_a_touched_source_with_the_same_content_is_not_rebuilt(
    shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.sqlite"
    open_catalogue(db).store.close()
    bands = shipped / "bands.yaml"
    info = bands.stat()
    os.utime(bands, ns=(info.st_atime_ns, info.st_mtime_ns + 5_000_000_000))

    def no_build(*_args: object) -> None:
        raise AssertionError("rebuilt for a touched file")

    monkeypatch.setattr(services, "read_catalogue", no_build)
    opened = open_catalogue(db)
    with opened.store as store:
        assert opened.notice is None
        assert store.meta()["stamp"] == services.source_stamp(shipped)  # remembered: the next open reads nothing


def test_the_hashed_stamp_an_earlier_ost_kept_is_replaced_once_without_a_rebuild(
    shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An earlier Ost kept a hash of the sources' stamp (16 hex digits); this one keeps the text (issue 22).

    The first open finds them different, reads the sources' content once to
    learn they are the same, and keeps the stamp as text: no rebuild, no
    notice; the next open reads no source file.
    """
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        stamp = store.meta()["stamp"]
        assert stamp.startswith(str(shipped.resolve())) and "bands.yaml\t" in stamp
        whole = {s.id: s.points for s in store.load()}
        store.set_meta({"stamp": "3f1c9a0b7d2e4f68"})
    read = _files_read_and_no_build(monkeypatch, "rebuilt for a stamp kept by an earlier Ost")
    opened = open_catalogue(db)
    with opened.store as store:
        assert opened.notice is None
        assert store.meta()["stamp"] == stamp
        assert {s.id: s.points for s in store.load()} == whole
    assert read  # the content was read once
    read.clear()
    opened = open_catalogue(db)
    opened.store.close()
    assert opened.notice is None and read == []


def test_a_broken_source_leaves_the_working_catalogue(shipped: Path, tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        count = len(store.load())
    set_trukk_points(shipped, "70", "septante")
    opened = open_catalogue(db)
    with opened.store as store:
        notice = opened.notice
        assert notice is not None and notice.kind == "source-error" and notice.error is not None
        assert notice.error.path.endswith("orks.yaml") and notice.error.line is not None
        assert notice.error.field == "points"
        french = notice.message("fr")
        assert "orks.yaml" in french and "ligne" in french and "champ points" in french
        assert "précédent" in notice.message("fr") and "previous" in notice.message("en")
        assert len(store.load()) == count and trukk_points(store) == 70
    again = open_catalogue(db)  # still broken: said again
    with again.store:
        assert again.notice is not None and again.notice.kind == "source-error"
    set_trukk_points(shipped, "septante", "80")
    fixed = open_catalogue(db)
    with fixed.store as store:
        assert fixed.notice is not None and fixed.notice.kind == "rebuilt" and trukk_points(store) == 80


def test_a_catalogue_built_from_a_folder_follows_that_folder(shipped: Path, tmp_path: Path) -> None:
    club = tmp_path / "club"
    shutil.copytree(shipped, club)
    db = tmp_path / "c.sqlite"
    with CatalogueStore(db) as store:
        services.build_catalogue(store, club)
    set_trukk_points(shipped, "70", "75")  # not the club's
    opened = open_catalogue(db)
    with opened.store as store:
        assert opened.notice is None and trukk_points(store) == 70
        assert store.meta()["source_kind"] == "folder"
    set_trukk_points(club, "70", "71")
    opened = open_catalogue(db)
    with opened.store as store:
        assert opened.notice is not None and opened.notice.kind == "rebuilt" and trukk_points(store) == 71
        assert rebuild_catalogue(store).source == club


def test_a_database_not_built_from_sources_is_left_alone(mini_db: Path) -> None:
    opened = open_catalogue(mini_db)
    with opened.store as store:
        assert opened.notice is None and store.datasheet("captain") is not None


# --- the case: edit catalog/bands.yaml, run `ost check` -----------------------------------------------------


def test_editing_bands_then_check_uses_the_new_table(
    shipped: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "c.sqlite")
    listing = str(EXAMPLES / "legal" / "orks-1000.ost")
    code, out, _ = run(capsys, "--db", db, "--lang", "en", "check", listing)
    assert code == 0, out
    # A club allows one detachment less and asks for more Troops in the 1–1000 band.
    edit(shipped / "bands.yaml", "      Troupes: 2-4 (2)\n", "      Troupes: 5-6 (2)\n")
    code, out, err = run(capsys, "--db", db, "--lang", "en", "check", "--format", "json", listing)
    assert code == 1
    assert "rebuilt" in err
    result = json.loads(out)["results"][0]
    troops = next(c for c in result["role_counts"] if c["role"] == "troops")
    assert troops["min"] == 5
    assert any(f["code"] == "ROLE-MIN" for f in result["findings"])
    code, out, err = run(capsys, "--db", db, "check", listing)  # up to date now: nothing said
    assert code == 1 and err == ""


# --- status and switches ----------------------------------------------------------------------------------------------


def test_status_lists_sources_and_the_database(
    shipped: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
        status = catalogue_status(store)
        assert status.path == db and status.schema == HEAD_REVISION and status.up_to_date is True
        by_id = {s.source.id: s for s in status.sources}
        assert status.sources[0].source.id == "ost" and status.sources[0].source.kind == "shipped"
        assert by_id["ost"].datasheets == sum(1 for s in store.load() if s.source == "ost")
        assert by_id["ost"].source.fingerprint == store.meta()["fingerprint"]
        imported = by_id[IMPORTED]
        assert imported.source.kind == "bsdata" and imported.source.revision == "12" and imported.datasheets > 0
        assert imported.source.fingerprint and imported.source.enabled
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "status")
    assert code == 0
    assert f"Database: {db}" in out and f"Schema: {HEAD_REVISION}" in out and "up to date" in out
    ost_line = next(line for line in out.splitlines() if line.startswith("ost "))
    assert "shipped" in ost_line and by_id["ost"].source.fingerprint in ost_line and ost_line.endswith("yes")
    line = next(line for line in out.splitlines() if line.startswith(IMPORTED))
    assert "BattleScribe" in line and str(imported.datasheets) in line.split()
    code, out, _ = run(capsys, "--db", str(db), "catalogue", "status")
    assert f"Schéma : {HEAD_REVISION}" in out or f"Schéma: {HEAD_REVISION}" in out
    assert "empreinte" in out and "active" in out


def test_switching_a_source_off_persists_and_hides_it(
    shipped: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "source", "disable", "test-cat")
    assert code == 0 and "switched off" in out and IMPORTED in out
    with open_catalogue(db).store as store:
        catalogue = store.load()
        assert not catalogue.sources[IMPORTED].enabled
        boss = catalogue.get(BOSS)
        assert boss is not None and not catalogue.is_enabled(boss)  # still there for lists that use it
        assert boss not in list(catalogue.enabled_sheets())
        assert all(e.sheet.source != IMPORTED and IMPORTED not in e.sources for e in browse_entries(catalogue))
        assert not any(s.id == BOSS for s in catalogue.search("boss"))
        joining = catalogue.identities_joining(Role.HQ, frozenset({"TESTERS"}), {})
        names = [n for names in joining.values() for n in names]
        assert boss.name not in names
        # kept across a rebuild and a re-import, the shipped source's too
        set_source_enabled(store, "ost", False)
        rebuild_catalogue(store)
        import_bsdata(store, [DATA])
        assert not store.load().sources[IMPORTED].enabled and not store.load().sources["ost"].enabled
        set_source_enabled(store, "ost", True)
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "list", "--faction", "testers")
    assert code == 0 and BOSS not in out
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "search", "boss")
    assert code == 0 and BOSS not in out
    code, out, _ = run(capsys, "--db", str(db), "--lang", "fr", "catalogue", "source", "enable", IMPORTED)
    assert code == 0 and "activée" in out
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "list", "--faction", "testers")
    assert BOSS in out
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "search", "boss")
    assert BOSS in out
    with CatalogueStore(db) as store:
        catalogue = store.load()
        joining = catalogue.identities_joining(Role.HQ, frozenset({"TESTERS"}), {})
        names = [n for names in joining.values() for n in names]
        assert catalogue.get(BOSS).name in names  # type: ignore[union-attr]


def test_unknown_or_ambiguous_sources_are_refused(
    shipped: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
        with pytest.raises(StoreError, match="no catalogue source"):
            set_source_enabled(store, "bsdata:nope", False)
    code, _, err = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "source", "disable", "nope")
    assert code == 2 and "no such source" in err and "ost" in err
    code, _, err = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "source", "disable", "bsdata:")
    assert code == 2 and "several sources" in err


# --- migration 0004 ---------------------------------------------------------------------------------------------------


def test_a_0003_database_gets_its_sources_and_fast_rows(tmp_path: Path) -> None:
    from alembic import command

    from ost.store.database import _alembic_config

    db = tmp_path / "old.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
        # A 0003 database has no column for wargear items and choices (they live in 0004's ``data``),
        # nor for a datasheet's English name: what such a database held had none.
        expected = {s.id: s.model_copy(update={"wargear": [], "choices": [], "name_en": ""}) for s in store.load()}
        with store.engine.begin() as connection:
            command.downgrade(_alembic_config(connection), "0003")
        assert store.revision() == "0003"
    tables = {r[0] for r in sqlite3.connect(db).execute("select name from sqlite_master where type='table'")}
    assert "catalogue_sources" not in tables
    with CatalogueStore(db) as store:
        assert store.revision() == HEAD_REVISION
        catalogue = store.load()
        assert {s.id: s for s in catalogue} == expected
        assert catalogue.sources["ost"].kind == "shipped" and catalogue.sources["ost"].fingerprint
        assert catalogue.sources[IMPORTED].kind == "bsdata" and catalogue.sources[IMPORTED].revision == "12"
    with sqlite3.connect(db) as connection:
        assert connection.execute("select count(*) from datasheets where data is null").fetchone() == (0,)


def test_rows_without_their_json_are_read_from_their_columns(shipped: Path, tmp_path: Path) -> None:
    """A revision-0004 database whose rows have no JSON yet: the migration gives them theirs, then drops the columns."""
    from alembic import command

    from ost.store.database import _alembic_config

    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
        store.set_override(BOSS, "points", 66)
        # Imported wargear items and choices came after revision 0004: its columns never held them.
        expected = {
            s.id: s.model_copy(update={"wargear": [], "choices": []}) if s.source == IMPORTED else s
            for s in store.load()
        }
        with store.engine.begin() as connection:
            command.downgrade(_alembic_config(connection), "0004")  # the columns, filled again from the JSON
    with sqlite3.connect(db) as connection:
        connection.execute("update datasheets set data = null where source = ?", (IMPORTED,))
    with CatalogueStore(db) as store:
        assert {s.id: s for s in store.load()} == expected
        assert store.datasheet(BOSS).points == 66  # type: ignore[union-attr]
    with sqlite3.connect(db) as connection:
        columns = {row[1] for row in connection.execute("pragma table_info(datasheets)")}
        assert "keywords" not in columns and "data" in columns
        assert connection.execute("select count(*) from datasheets where data is null").fetchone() == (0,)


def test_switched_off_sources_are_not_matched_by_name(shipped: Path, tmp_path: Path) -> None:
    from ost.formats.lists.reading import NameMatcher

    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
        boss = store.datasheet(BOSS)
        assert boss is not None
        found = NameMatcher(store.load()).match(boss.name)
        assert found is not None and found.sheet.id == BOSS
        set_source_enabled(store, IMPORTED, False)
        matcher = NameMatcher(store.load())
        found = matcher.match(boss.name)
        assert found is None or found.sheet.id != BOSS


def test_another_ost_version_rebuilds_the_shipped_part_once(
    shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Same YAML, new code: a newer Ost may read the sources into other facts (new fields, kinds); rebuild them.
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        import_bsdata(store, [DATA])
        store.set_override("ork-boyz", "points", 99)
        assert store.meta()["ost_version"] == services.__version__
    monkeypatch.setattr(services, "__version__", "9.9.9")
    opened = open_catalogue(db)
    with opened.store as store:
        assert opened.notice is not None and opened.notice.kind == "rebuilt"
        assert "9.9.9" in opened.notice.message("fr") and "9.9.9" in opened.notice.message("en")
        assert store.meta()["ost_version"] == "9.9.9"
        assert store.datasheet("ork-boyz").points == 99  # type: ignore[union-attr]
        assert store.datasheet(BOSS) is not None
    again = open_catalogue(db)
    with again.store:
        assert again.notice is None


def test_the_yaml_source_mark_is_the_readers() -> None:
    """``services`` names the YAML build's mark itself (the reader's module imports the models); they agree."""
    from ost.formats.catalog_source import SOURCE

    assert services.YAML_SOURCE == SOURCE
