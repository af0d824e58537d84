"""Light datasheets (issue 22): commands that read the whole catalogue build every datasheet from its facts.

A :class:`~ost.core.catalogue.LightDatasheet` holds every field but the heavy
ones (options, wargear, kinds, profiles, weapons, abilities...) and reads
those from the store's JSON the first time one is used. Whatever reads it
must see the same datasheet as a whole one.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from alembic import command

from helpers import BSDATA_SAMPLE, EXAMPLES, SHARED, fields_of, sample_database
from helpers import run_cli as run
from ost.core.catalogue import FACT_FIELDS, HEAVY_FIELDS, Datasheet, LightDatasheet
from ost.core.validator import validate
from ost.formats.lists.listreader import read_list_file
from ost.store import CatalogueStore
from ost.store.database import _alembic_config
from ost.store.migrations import HEAD_REVISION

SAMPLE = BSDATA_SAMPLE
ROSTERS = SHARED / "rosters-9e"


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    """The shipped catalogue and the 13-file sample of the real release (the test files when it is absent)."""
    return sample_database(tmp_path / "c.sqlite")


def test_a_light_catalogue_holds_the_same_datasheets(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        full = {s.id: s for s in store.load()}
        light = {s.id: s for s in store.load(light=True)}
    assert light.keys() == full.keys()
    assert all(isinstance(s, LightDatasheet) for s in light.values())
    for sheet_id, sheet in light.items():
        assert fields_of(sheet) == fields_of(full[sheet_id]), sheet_id
        assert sheet == full[sheet_id] and full[sheet_id] == sheet
        assert sheet.model_dump() == full[sheet_id].model_dump()


def test_heavy_fields_are_read_on_first_use_only(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        catalogue = store.load(light=True)
        whole = {s.id: s for s in store.load()}
    sheet = next(s for s in catalogue if len(whole[s.id].kinds) > 1)
    assert isinstance(sheet, LightDatasheet) and not sheet.is_whole
    assert sheet.name == whole[sheet.id].name and sheet.role is whole[sheet.id].role  # facts: nothing read
    assert not sheet.is_whole
    assert sheet.kinds == whole[sheet.id].kinds  # the first heavy field read fills them all
    assert sheet.is_whole and all(getattr(sheet, name) == getattr(whole[sheet.id], name) for name in HEAVY_FIELDS)
    assert sheet.cost(sheet.max_models) == whole[sheet.id].cost(sheet.max_models)
    other = next(s for s in catalogue if s.id != sheet.id)
    assert other != sheet and isinstance(other, LightDatasheet) and not other.is_whole  # told apart by facts
    copy = other.model_copy(update={"points": 1})
    assert copy.points == 1 and copy.options == whole[other.id].options


def test_facts_that_lack_a_field_give_the_whole_datasheet() -> None:
    sheet = Datasheet(id="x", name="X", role="troops", min_models=5, max_models=10)
    facts = json.loads(sheet.model_dump_json(include=set(FACT_FIELDS)))
    del facts["legends"]
    assert LightDatasheet.from_facts(facts, lambda: sheet) is sheet


def test_overrides_apply_to_a_light_catalogue(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        sheet_id = next(iter(store.load(light=True))).id
        store.set_override(sheet_id, "points", 777)
        light = store.load(light=True).get(sheet_id)
        assert light is not None and light.points == 777
        assert light == store.load().get(sheet_id)


def test_migration_0006_gives_old_rows_the_facts_a_write_gives(sample_db: Path) -> None:
    written = dict(sqlite3.connect(sample_db).execute("SELECT id, facts FROM datasheets"))
    store = CatalogueStore(sample_db)
    with store.engine.begin() as connection:
        command.downgrade(_alembic_config(connection), "0005")
    store.close()
    assert store.revision() == "0005"
    with CatalogueStore(sample_db) as migrated:
        assert migrated.revision() == HEAD_REVISION  # 0006, or a later head
        light = {s.id: s for s in migrated.load(light=True)}
        assert light == {s.id: s for s in migrated.load()}
    filled = dict(sqlite3.connect(sample_db).execute("SELECT id, facts FROM datasheets"))
    assert {k: json.loads(v) for k, v in filled.items()} == {k: json.loads(v) for k, v in written.items()}


@pytest.mark.bsdata
@pytest.mark.skipif(not ROSTERS.is_dir() or not SAMPLE.is_dir(), reason="needs the real rosters and sample")
def test_real_rosters_check_alike_on_a_light_catalogue(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        full, light = store.load(), store.load(light=True)
    for roster in sorted(ROSTERS.glob("*.ros*")):
        found = []
        for catalogue in (full, light):
            read = read_list_file(roster, catalogue)
            found.append(validate(catalogue, read.army).findings if read.army is not None else read.error)
        assert found[0] == found[1], roster.name


def test_cli_list_and_check_read_a_light_catalogue(capsys: pytest.CaptureFixture[str], sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        store.set_override(next(iter(store.load())).id, "role", "elites")
    code, out, _ = run(capsys, "--db", str(sample_db), "--lang", "en", "catalogue", "list", "--role", "Elites")
    assert code == 0 and "Elites" in out
    legal = sorted((EXAMPLES / "legal").glob("*.ost"))[0]
    code, out, _ = run(capsys, "--db", str(sample_db), "--lang", "fr", "check", "--format", "json", str(legal))
    assert code == 0 and json.loads(out)["results"][0]["legal"] is True


def test_a_deferred_catalogue_holds_the_same_datasheets_and_reads_each_row_when_used(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        store.set_override(next(iter(store.load())).id, "points", 555)
        whole = {s.id: s for s in store.load()}
        deferred = store.load(light=True, deferred=True)
        sheet = next(s for s in deferred if s.id in whole and len(whole[s.id].kinds) > 1)
        assert not any(name in sheet.__dict__ for name in HEAVY_FIELDS)
        assert sheet.kinds == whole[sheet.id].kinds  # read from its row now
        assert {s.id: fields_of(s) for s in deferred} == {k: fields_of(s) for k, s in whole.items()}
        assert any(s.points == 555 for s in deferred)  # the override is applied, as on a whole catalogue


def test_a_deferred_datasheet_refuses_a_row_changed_since_it_was_read(sample_db: Path) -> None:
    from ost.store.database import StoreError

    with CatalogueStore(sample_db) as store:
        deferred = store.load(light=True, deferred=True)
        kept = store.load(light=True)  # the snapshot: its datasheets keep the JSON they were read with
        changed, untouched = [s for s in deferred if s.bs_ids][:2]
        db = sqlite3.connect(sample_db)
        with db:  # another Ost writes (an import) meanwhile: the row's JSON is no longer what the facts were
            db.execute("UPDATE datasheets SET body = 'other' WHERE id = ?", (changed.id,))
        db.close()
        with pytest.raises(StoreError, match="changed while it was read"):
            _ = changed.kinds
        assert untouched.kinds == kept.get(untouched.id).kinds  # type: ignore[union-attr]
        assert kept.get(changed.id).kinds == store.load().get(changed.id).kinds  # type: ignore[union-attr]


@pytest.mark.bsdata
@pytest.mark.skipif(not ROSTERS.is_dir() or not SAMPLE.is_dir(), reason="needs the real rosters and sample")
def test_real_rosters_check_alike_on_a_deferred_catalogue(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        full, deferred = store.load(), store.load(light=True, deferred=True)
    for roster in [*sorted(ROSTERS.glob("*.ros*")), *sorted((EXAMPLES / "illegal").glob("*.ost"))]:
        found = []
        for catalogue in (full, deferred):
            read = read_list_file(roster, catalogue)
            found.append(validate(catalogue, read.army).findings if read.army is not None else read.error)
        assert found[0] == found[1], roster.name


def _kept_facts(db: Path) -> list[str]:
    return [k for (k,) in sqlite3.connect(db).execute("SELECT key FROM browse_cache WHERE key = 'facts'")]


def test_a_deferred_read_keeps_every_datasheets_facts_until_the_next_write(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        assert _kept_facts(sample_db) == []
        first = {s.id: fields_of(s) for s in store.load(light=True, deferred=True)}  # read from the rows, then kept
        assert _kept_facts(sample_db) == ["facts"]
        again = store.load(light=True, deferred=True)  # from the kept text
        assert {s.id: fields_of(s) for s in again} == first == {s.id: fields_of(s) for s in store.load()}
        sheet_id = next(iter(first))
        store.set_override(sheet_id, "points", 321)  # any write empties it
        assert _kept_facts(sample_db) == []
        changed = store.load(light=True, deferred=True).get(sheet_id)
        assert changed is not None and changed.points == 321 and _kept_facts(sample_db) == ["facts"]


def test_kept_facts_that_lack_a_field_read_that_datasheet_whole(sample_db: Path) -> None:
    """Facts written by an Ost that knew fewer fields: the kept text is read as plain JSON, that datasheet whole."""
    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
    db = sqlite3.connect(sample_db)
    old_id, facts = db.execute("SELECT id, facts FROM datasheets WHERE facts IS NOT NULL ORDER BY id").fetchone()
    older = json.loads(facts)
    del older["hidden"]
    with db:
        db.execute("UPDATE datasheets SET facts = ? WHERE id = ?", (json.dumps(older), old_id))
        db.execute("DELETE FROM browse_cache WHERE key = 'facts'")
    db.close()
    with CatalogueStore(sample_db) as store:
        for _ in range(2):  # worked out from the rows and kept, then from the kept text
            deferred = {s.id: s for s in store.load(light=True, deferred=True)}
            assert not isinstance(deferred[old_id], LightDatasheet) or deferred[old_id].is_whole
            assert sum(isinstance(s, LightDatasheet) and not s.is_whole for s in deferred.values()) > len(whole) // 2
            assert {i: fields_of(s) for i, s in deferred.items()} == whole


def test_a_deferred_read_of_a_locked_database_reads_the_rows_and_keeps_nothing(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
        writer = sqlite3.connect(sample_db, isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")  # another Ost writing: the facts cannot be kept now
        try:
            assert {s.id: fields_of(s) for s in store.load(light=True, deferred=True)} == whole
        finally:
            writer.execute("ROLLBACK")
            writer.close()
        assert _kept_facts(sample_db) == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_checking_a_roster_imports_no_pydantic(sample_db: Path, lang: str) -> None:
    """`ost check` (a real roster, then a `.ost` list) and `ost catalogue show`: the core's models need no pydantic."""
    roster = ROSTERS / "dg-2000-wendigo.ros"
    if not roster.is_file():
        pytest.skip("needs the real rosters in ../shared/rosters-9e")
    listed = EXAMPLES / "legal" / "space-marines-2000.ost"
    probe = (
        "import sys\n"
        "from ost.cli.main import _main\n"
        "db, lang, roster, listed = sys.argv[1:]\n"
        "for words in (['check', roster], ['check', listed], ['catalogue', 'show', 'sm-intercessors']):\n"
        "    try:\n"
        "        _main(['--db', db, '--lang', lang, *words])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('MODELS', 'ost.core.catalogue' in sys.modules, file=sys.stderr)\n"
        "print('HEAVY', sorted(m for m in sys.modules if m.startswith('pydantic')), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(sample_db), lang, str(roster), str(listed)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(EXAMPLES.parent / "app")},
        timeout=120,
    )
    assert "MODELS True" in done.stderr, done.stderr[-2000:]  # the datasheets were built…
    assert "HEAVY []" in done.stderr  # …with no pydantic module imported
    verdict = ("RÉGLEMENTAIRE", "NON RÉGLEMENTAIRE") if lang == "fr" else ("LEGAL", "NOT LEGAL")
    assert done.stdout.count(verdict[0]) >= 2  # both lists were checked ("NON RÉGLEMENTAIRE" holds the other word)
    assert "Intercessor" in done.stdout
