"""The seed database (ost.store.seed): a first start copies it when fresh, builds from the YAML otherwise.

Seeds are made here by ``services.write_seed`` from the real shipped
catalogue, as the wheel's build hook and packaging/build.sh make them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import TEST_DATA
from helpers import run_cli as run
from ost import services
from ost.core.resources import shipped_catalogue_dir
from ost.services import (
    build_catalogue,
    import_bsdata,
    open_catalogue,
    rebuild_catalogue,
    refresh_catalogue,
    set_source_enabled,
    write_seed,
)
from ost.store import CatalogueStore
from ost.store import seed as seeds
from ost.store.database import head_revision
from ost.store.migrations import HEAD_REVISION

ROOT = Path(__file__).resolve().parents[2]
#: What a first start from a fresh seed must not import: building (YAML, pydantic), writing (SQLAlchemy), migrating.
HEAVY = ("sqlalchemy", "alembic", "pydantic", "yaml", "ost.formats.catalog_source", "ost.core.catalogue")


@pytest.fixture(scope="module")
def seed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_seed(tmp_path_factory.mktemp("seed") / seeds.SEED_NAME)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a first start leaves without a seed: the catalogue built from the YAML, then listed and checked."""
    db = tmp_path_factory.mktemp("built") / "catalogue.sqlite"
    with CatalogueStore(db) as store:
        build_catalogue(store)
        store.browse()
        store.load(light=True, deferred=True)
    return db


@pytest.fixture
def own_seed(seed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the seed (and its record) that the test may damage, used by every first start of the test."""
    folder = tmp_path / "seed"
    folder.mkdir()
    copy = folder / seed.name
    shutil.copy2(seed, copy)
    shutil.copy2(seeds.record_file(seed), seeds.record_file(copy))
    monkeypatch.setenv(seeds.SEED_ENV, str(copy))
    return copy


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[Path | None]:
    """Every build from the YAML that opening the catalogue runs (its ``source``)."""
    calls: list[Path | None] = []
    real = services.build_catalogue

    def counted(store: CatalogueStore, source: Path | None = None) -> services.BuildResult:
        calls.append(source)
        return real(store, source)

    monkeypatch.setattr(services, "build_catalogue", counted)
    return calls


def contents(db: Path) -> dict[str, Any]:
    """Every table's rows and the schema; of the catalogue's facts, all but the build's time."""
    con = sqlite3.connect(db)
    try:
        schema = con.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
        found: dict[str, Any] = {"schema": schema}
        for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall():
            found[table] = sorted(con.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr)
        found["catalogue_meta"] = [row for row in found["catalogue_meta"] if row[0] != "built_at"]
        return found
    finally:
        con.close()


def first_start(db: Path, seed: Path | str, lang: str, *words: str) -> tuple[str, list[str]]:
    """``ost catalogue list`` (or ``words``) as a first start in a new process: its output, heavy modules imported."""
    code = (
        "import sys\n"
        "from ost.cli.main import main\n"
        f"code = main({list(words or ('catalogue', 'list'))!r})\n"
        f"print('imported:', *[m for m in {HEAVY!r} if m in sys.modules])\n"
        "sys.exit(code)\n"
    )
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT / "app"),
        "OST_DB": str(db),
        "OST_SEED": str(seed),
        "OST_LANG": lang,
        "HOME": str(db.parent),
    }
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    *listing, imported = done.stdout.splitlines()
    return "\n".join(listing), imported.split()[1:]


# --- a fresh seed is copied -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_first_start_copies_a_fresh_seed_and_imports_nothing_heavy(
    seed: Path, built: Path, tmp_path: Path, lang: str
) -> None:
    db = tmp_path / "new" / "folder" / "catalogue.sqlite"  # the user's folder is made, as without a seed
    seeded, imported = first_start(db, seed, lang)
    assert imported == []  # no YAML, no pydantic, no SQLAlchemy, no Alembic: the seed was copied
    assert db.is_file() and sorted(p.name for p in db.parent.iterdir()) == ["catalogue.sqlite"]  # no temporary left
    listed, _ = first_start(built, "", lang)  # a later start on the database built from the YAML
    assert seeded == listed
    assert ("Escouade d'Intercessors  " if lang == "fr" else "Intercessor Squad  ") in seeded
    assert len(seeded.splitlines()) > 100


def test_without_a_seed_the_first_start_builds_from_the_yaml(built: Path, tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    listed, imported = first_start(db, "", "en")
    assert "yaml" in imported and "sqlalchemy" in imported  # built, as before seeds
    assert listed == first_start(built, "", "en")[0]
    alone, whole = contents(db), contents(built)
    assert [key for key, _ in alone.pop("browse_cache")] == ["entries"]  # the facts are kept by a first check
    whole.pop("browse_cache")
    assert alone == whole


def test_the_seeded_database_equals_the_one_built_from_the_yaml(
    own_seed: Path, built: Path, tmp_path: Path, builds: list[Path | None]
) -> None:
    db = tmp_path / "c.sqlite"
    opened = open_catalogue(db)
    with opened.store as store:
        assert builds == []  # copied, not built
        assert opened.notice is not None and opened.notice.kind == "built"
        assert "109 fiches" in opened.notice.message("fr") and "109 datasheets" in opened.notice.message("en")
        assert store.revision() == HEAD_REVISION == head_revision()
        assert store.meta()["source_dir"] == str(shipped_catalogue_dir())
        assert store.meta()["stamp"] == services.source_stamp(shipped_catalogue_dir())  # the stamp as installed here
        assert refresh_catalogue(store) is None  # the next start reads nothing again
    assert contents(db) == contents(built)  # rows, fingerprint, browse table and kept facts alike


def test_an_unchanged_copy_of_the_sources_elsewhere_takes_the_seed_with_its_own_stamp(
    own_seed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builds: list[Path | None]
) -> None:
    """An installed Ost's catalog/ is not where the seed was made: same bytes, so the seed is used."""
    folder = tmp_path / "installed" / "catalog"
    shutil.copytree(shipped_catalogue_dir(), folder)
    monkeypatch.setattr(services, "shipped_catalogue_dir", lambda: folder)
    with open_catalogue(tmp_path / "c.sqlite").store as store:
        assert builds == []
        assert store.meta()["source_dir"] == str(folder)
        assert store.meta()["stamp"] == services.source_stamp(folder)
    with open_catalogue(tmp_path / "c.sqlite").store as store:  # the next start: nothing to rebuild
        assert not store.is_empty()
    assert builds == []


# --- a stale seed is not used ------------------------------------------------------------------------------------


def test_a_seed_made_before_the_yaml_was_edited_is_not_used(
    own_seed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builds: list[Path | None]
) -> None:
    folder = tmp_path / "ost" / "catalog"
    shutil.copytree(shipped_catalogue_dir(), folder)
    orks = folder / "factions" / "orks.yaml"
    text = orks.read_text(encoding="utf-8")
    at = text.index("    points: ", text.index("- id: ork-trukk"))
    end = text.index("\n", at)
    orks.write_text(f"{text[:at]}    points: 777{text[end:]}", encoding="utf-8")
    monkeypatch.setattr(services, "shipped_catalogue_dir", lambda: folder)
    with open_catalogue(tmp_path / "c.sqlite").store as store:
        assert builds == [None]  # built from the edited sources
        trukk = store.datasheet("ork-trukk")
        assert trukk is not None and trukk.points == 777
        assert store.meta()["fingerprint"] == services.sources_fingerprint(folder)


@pytest.mark.parametrize("key", ["layout", "ost", "schema", "sources", "code"])
def test_a_seed_recorded_for_another_ost_schema_code_or_sources_is_not_used(
    own_seed: Path, built: Path, tmp_path: Path, builds: list[Path | None], key: str
) -> None:
    record = json.loads(seeds.record_file(own_seed).read_text(encoding="utf-8"))
    record[key] = "0" * len(str(record[key]))
    seeds.record_file(own_seed).write_text(json.dumps(record), encoding="utf-8")
    with open_catalogue(tmp_path / "c.sqlite").store:
        assert builds == [None]
    assert contents(tmp_path / "c.sqlite")["datasheets"] == contents(built)["datasheets"]


def test_a_frozen_program_does_not_hash_its_code(
    own_seed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builds: list[Path | None]
) -> None:
    """Its code is sealed in its archive by the build that made its seed: version, schema and sources still count."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert seeds.code_stamp(["store/seed.py"]) is None
    record = json.loads(seeds.record_file(own_seed).read_text(encoding="utf-8"))
    record["code"] = "made from a checkout"
    seeds.record_file(own_seed).write_text(json.dumps(record), encoding="utf-8")
    with open_catalogue(tmp_path / "c.sqlite").store:
        assert builds == []


# --- a damaged seed is refused, never a crash ---------------------------------------------------------------------


def _truncate(seed: Path) -> None:
    seed.write_bytes(seed.read_bytes()[: seed.stat().st_size // 2])


def _flip_a_byte(seed: Path) -> None:
    data = bytearray(seed.read_bytes())
    data[len(data) // 2] ^= 0xFF
    seed.write_bytes(bytes(data))


def _record_not_json(seed: Path) -> None:
    seeds.record_file(seed).write_text("{not json", encoding="utf-8")


def _record_a_list(seed: Path) -> None:
    seeds.record_file(seed).write_text("[]", encoding="utf-8")


def _no_record(seed: Path) -> None:
    seeds.record_file(seed).unlink()


def _code_file_gone(seed: Path) -> None:
    record = json.loads(seeds.record_file(seed).read_text(encoding="utf-8"))
    record["files"] = [*record["files"], "formats/gone_since.py"]
    seeds.record_file(seed).write_text(json.dumps(record), encoding="utf-8")


def _no_code_files(seed: Path) -> None:
    record = json.loads(seeds.record_file(seed).read_text(encoding="utf-8"))
    record["files"] = []
    seeds.record_file(seed).write_text(json.dumps(record), encoding="utf-8")


def _no_seed(seed: Path) -> None:
    seed.unlink()


def _rerecorded(seed: Path, data: bytes) -> None:
    """``data`` as the seed, with a record that says it is (size and hash agree): only opening it can tell."""
    record = json.loads(seeds.record_file(seed).read_text(encoding="utf-8"))
    seed.write_bytes(data)
    record.update(size=len(data), digest=seeds._digest(data))
    seeds.record_file(seed).write_text(json.dumps(record), encoding="utf-8")


def _garbage_recorded(seed: Path) -> None:
    _rerecorded(seed, b"not a database at all" * 500)


def _other_database_recorded(seed: Path) -> None:
    other = seed.with_name("other.sqlite")
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    _rerecorded(seed, other.read_bytes())


def _old_schema_recorded(seed: Path) -> None:
    copy = seed.with_name("old.sqlite")
    shutil.copy2(seed, copy)
    con = sqlite3.connect(copy)
    con.execute("UPDATE alembic_version SET version_num = '0006'")
    con.commit()
    con.close()
    _rerecorded(seed, copy.read_bytes())


@pytest.mark.parametrize(
    "damage",
    [
        _truncate,
        _flip_a_byte,
        _record_not_json,
        _record_a_list,
        _no_record,
        _code_file_gone,
        _no_code_files,
        _no_seed,
        _garbage_recorded,
        _other_database_recorded,
        _old_schema_recorded,
    ],
)
def test_a_damaged_seed_is_refused_and_the_catalogue_built(
    own_seed: Path, built: Path, tmp_path: Path, builds: list[Path | None], damage: Any
) -> None:
    damage(own_seed)
    db = tmp_path / "new" / "c.sqlite"
    opened = open_catalogue(db)
    with opened.store:
        assert builds == [None]
        assert opened.notice is not None and opened.notice.kind == "built"
    assert contents(db)["datasheets"] == contents(built)["datasheets"]
    assert sorted(p.name for p in db.parent.iterdir()) == ["c.sqlite"]  # no temporary copy left


def test_a_seed_that_is_a_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "seed.sqlite").mkdir()
    monkeypatch.setenv(seeds.SEED_ENV, str(tmp_path / "seed.sqlite"))
    with open_catalogue(tmp_path / "c.sqlite").store as store:
        assert not store.is_empty()


def test_a_seed_is_for_a_new_database_of_the_shipped_catalogue_only(
    own_seed: Path, tmp_path: Path, builds: list[Path | None]
) -> None:
    folder = tmp_path / "club"
    shutil.copytree(shipped_catalogue_dir(), folder)
    with open_catalogue(tmp_path / "club.sqlite", source=folder).store as store:
        assert builds == [folder]  # ost catalogue build --source: built from that folder
        assert store.meta()["source_kind"] == "folder"
    empty = tmp_path / "empty.sqlite"
    CatalogueStore(empty).close()  # a database that exists, empty: built as before
    with open_catalogue(empty).store:
        assert builds == [folder, None]


# --- a first start interrupted, or raced -------------------------------------------------------------------------


def test_a_copy_interrupted_in_process_leaves_no_database(
    own_seed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(tmp: Path, meta: dict[str, str]) -> int:
        assert tmp.is_file() and tmp.parent == target.parent  # the copy is written beside, under another name
        raise KeyboardInterrupt

    monkeypatch.setattr(seeds, "_adopt", interrupted)
    target = tmp_path / "data" / "c.sqlite"
    with pytest.raises(KeyboardInterrupt):
        open_catalogue(target)
    assert list(target.parent.iterdir()) == []


def test_a_first_start_killed_mid_copy_leaves_no_database_and_the_next_one_cleans_up(
    own_seed: Path, tmp_path: Path, builds: list[Path | None]
) -> None:
    target = tmp_path / "data" / "c.sqlite"
    code = (
        "import sys, time\n"
        "from ost.store import seed\n"
        "def stuck(tmp, target):\n"
        "    print('copied', flush=True)\n"
        "    time.sleep(60)\n"
        "seed._place = stuck\n"
        "from ost.services import open_catalogue\n"
        f"open_catalogue({str(target)!r})\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app")}
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "copied"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        if child.stdout is not None:
            child.stdout.close()
    assert not target.exists()
    leftovers = list(target.parent.iterdir())
    assert len(leftovers) == 1 and leftovers[0].name.startswith(".c.sqlite.") and leftovers[0].name.endswith(".tmp")
    with open_catalogue(target).store as store:  # the next first start: seeded, the dead one's copy removed
        assert builds == [] and not store.is_empty()
    assert sorted(p.name for p in target.parent.iterdir()) == ["c.sqlite"]


def test_a_database_made_meanwhile_by_another_ost_is_never_replaced(
    seed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "c.sqlite"
    real = seeds._adopt

    def raced(tmp: Path, meta: dict[str, str]) -> int | None:
        target.write_bytes(b"the other's")
        return real(tmp, meta)

    monkeypatch.setattr(seeds, "_adopt", raced)
    sources = services.sources_fingerprint(shipped_catalogue_dir())
    assert seeds.install_seed(target, seed, sources, {}) is None
    assert target.read_bytes() == b"the other's"
    assert [p.name for p in tmp_path.iterdir()] == ["c.sqlite"]


# --- a seeded database lives on as a built one ------------------------------------------------------------------


def test_writes_imports_overrides_and_rebuilds_work_on_a_seeded_database(
    own_seed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], builds: list[Path | None]
) -> None:
    db = tmp_path / "c.sqlite"
    with open_catalogue(db).store as store:
        assert builds == []
        store.set_override("ork-trukk", "points", 71)
        set_source_enabled(store, "ost", True)
        import_bsdata(store, sorted((TEST_DATA / "bsdata").iterdir()))
        sheet = store.datasheet("ork-trukk")
        assert sheet is not None and sheet.points == 71
        assert any(s.kind == "bsdata" for s in store.sources())
        rebuild_catalogue(store)
        sheet = store.datasheet("ork-trukk")
        assert sheet is not None and sheet.points == 71  # the override kept across the rebuild
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "list")
    assert code == 0 and "Trukk" in out and "bsdata:" in out


def test_migrations_still_run_on_a_seeded_database(own_seed: Path, tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    open_catalogue(db).store.close()
    con = sqlite3.connect(db)
    con.execute("DROP TABLE browse_cache")  # as revision 0006 had it
    con.execute("UPDATE alembic_version SET version_num = '0006'")
    con.commit()
    con.close()
    with CatalogueStore(db) as store:  # Alembic brings it to the head
        assert store.revision() == HEAD_REVISION
        assert len(store.browse().rows) > 100


# --- making a seed ---------------------------------------------------------------------------------------------


def test_ost_catalogue_seed_writes_a_seed_and_its_record_and_is_not_in_the_help(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out" / "s.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app")}
    done = subprocess.run(
        [sys.executable, "-m", "ost", "catalogue", "seed", str(target)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and done.stdout.strip() == str(target), done.stderr[-2000:]
    record = json.loads(seeds.record_file(target).read_text(encoding="utf-8"))
    assert record["size"] == target.stat().st_size
    assert record["schema"] == HEAD_REVISION
    assert record["sources"] == services.sources_fingerprint(shipped_catalogue_dir())
    assert record["code"] == seeds.code_stamp(record["files"])
    # The code the build ran, and only it: the YAML reader, the models, the store; not the window nor the PDF.
    ran = {"formats/catalog_source.py", "core/catalogue.py", "store/database.py", "services.py", "store/seed.py"}
    assert ran <= set(record["files"])
    assert not [name for name in record["files"] if name.startswith(("gui/", "pdf/"))]
    assert sorted(p.name for p in target.parent.iterdir()) == ["s.json", "s.sqlite"]  # no scratch database left
    with pytest.raises(SystemExit):
        run(capsys, "catalogue", "--help")
    out = capsys.readouterr().out
    assert "override" in out and "seed" not in out


def test_the_seed_is_looked_for_in_the_package_data_or_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(seeds.SEED_ENV)
    expected = ROOT / "build" / "seed" / seeds.SEED_NAME  # this checkout: no ost/_data/
    assert seeds.shipped_seed() == expected
    assert seeds.seed_file() == (expected if expected.is_file() else None)
    monkeypatch.setenv(seeds.SEED_ENV, "")
    assert seeds.seed_file() is None
