"""Importing the same BattleScribe files again: the catalogue's record of the last import stands in for reading them.

Reused only when nothing can differ: the same paths, in the same order, with the
same bytes, read by the same importer, and every source it replaced still
holding what it wrote. Anything else reads the files again.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, TEST_DATA
from helpers import run_cli as run
from ost.formats.bsdata import BsImport, files
from ost.services import LAST_IMPORT, build_catalogue, import_bsdata, open_store, read_bsdata, reused_import
from ost.store import CatalogueStore

DATA = TEST_DATA / "bsdata"
SQUAD = "bs-testers-t-grunt-squad"


def copy_data(tmp_path: Path, source: Path = DATA) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(source, folder)
    return folder


def never_read(*_: Any, **__: Any) -> BsImport:
    raise AssertionError("the files were read again")


def same_report(a: BsImport, b: BsImport) -> None:
    assert a.sheet_count() == b.sheet_count() > 0
    assert a.kinds_by_wounds() == b.kinds_by_wounds()
    assert a.factions == b.factions
    assert a.coverage == b.coverage
    assert a.warnings == b.warnings
    assert a.sources == b.sources
    assert a.files == b.files


def sheets(store: CatalogueStore) -> dict[str, str]:
    return {s.id: s.model_dump_json() for s in store.datasheets() if s.source.startswith("bsdata:")}


def test_the_same_files_again_are_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_data(tmp_path)
    with open_store(tmp_path / "c.sqlite") as store:
        first = import_bsdata(store, [folder])
        assert not first.reused and first.fingerprint
        before = sheets(store)
        monkeypatch.setattr("ost.formats.bsdata.read_bsdata", never_read)
        again = import_bsdata(store, [folder])
        assert again.reused and again.datasheets == []
        same_report(first, again)
        assert sheets(store) == before


@pytest.mark.parametrize("change", ["points", "order", "missing", "added", "importer"])
def test_any_change_reads_the_files_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    folder = copy_data(tmp_path)
    paths = sorted(folder.iterdir())
    with open_store(tmp_path / "c.sqlite") as store:
        import_bsdata(store, paths)
        testers = folder / "Testers.cat"
        if change == "points":
            text = testers.read_text(encoding="utf-8")
            old = '<cost name="pts" typeId="points" value="60.0"/>'
            assert old in text
            testers.write_text(text.replace(old, old.replace("60.0", "65.0")), encoding="utf-8")
        elif change == "order":
            paths = paths[::-1]
        elif change == "missing":
            paths = [p for p in paths if p.name != "Far Testers.cat"]
        elif change == "added":
            extra = tmp_path / "more" / "Far Testers Copy.cat"
            extra.parent.mkdir()
            shutil.copy(folder / "Far Testers.cat", extra)
            paths = [*paths, extra]
        else:
            monkeypatch.setattr(files, "_code_stamp", lambda: "another importer")
        assert reused_import(store, paths) is None
        result = import_bsdata(store, paths)
        assert not result.reused and result.datasheets
        assert result == read_bsdata(paths)  # what a first import of them gives
        if change == "points":
            boss = store.datasheet("bs-testers-t-boss")
            assert boss is not None and boss.points == 65
        # And now those files are the last import: the next time they are not read.
        assert reused_import(store, paths) is not None


def test_a_later_import_of_one_catalogue_replaces_the_record(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    with open_store(tmp_path / "c.sqlite") as store:
        import_bsdata(store, [folder])
        text = (folder / "Testers.cat").read_text(encoding="utf-8")
        (folder / "Testers.cat").write_text(text.replace('revision="12"', 'revision="13"'), encoding="utf-8")
        import_bsdata(store, [folder / "Testers.cat", folder / "Test System.gst", folder / "Test Library.cat"])
        (folder / "Testers.cat").write_text(text, encoding="utf-8")  # back to the first files
        assert reused_import(store, [folder]) is None
        result = import_bsdata(store, [folder])
        assert not result.reused
        assert store.load().factions["bs-testers"].revision == "12"


def test_removed_datasheets_read_the_files_again(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    with open_store(db) as store:
        import_bsdata(store, [DATA])
    with sqlite3.connect(db) as raw:
        raw.execute("DELETE FROM datasheets WHERE id = ?", (SQUAD,))
    with CatalogueStore(db) as store:
        assert reused_import(store, [DATA]) is None
        import_bsdata(store, [DATA])
        assert store.datasheet(SQUAD) is not None


def test_a_rebuild_forgets_the_record_and_keeps_the_data(tmp_path: Path) -> None:
    with open_store(tmp_path / "c.sqlite") as store:
        import_bsdata(store, [DATA])
        before = sheets(store)
        build_catalogue(store)
        assert LAST_IMPORT not in store.meta()
        assert reused_import(store, [DATA]) is None
        assert sheets(store) == before


@pytest.mark.parametrize("record", ["not json", "[]", '{"counts": {}}', '{"fingerprint": 3, "counts": []}'])
def test_an_unreadable_record_reads_the_files(tmp_path: Path, record: str) -> None:
    with open_store(tmp_path / "c.sqlite") as store:
        import_bsdata(store, [DATA])
        store.set_meta({LAST_IMPORT: record})
        assert reused_import(store, [DATA]) is None
        assert not import_bsdata(store, [DATA]).reused


def test_a_record_with_the_right_fingerprint_but_broken_reads_the_files(tmp_path: Path) -> None:
    with open_store(tmp_path / "c.sqlite") as store:
        first = import_bsdata(store, [DATA])
        data = json.loads(store.meta()[LAST_IMPORT])
        del data["coverage"]
        store.set_meta({LAST_IMPORT: json.dumps(data)})
        assert reused_import(store, [DATA]) is None
        assert import_bsdata(store, [DATA]) == first


def test_cli_says_the_files_were_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite")
    code, first, first_err = run(capsys, "--db", db, "--lang", "en", "import", "bsdata", str(DATA))
    assert code == 0 and "unchanged" not in first
    code, again, again_err = run(capsys, "--db", db, "--lang", "en", "import", "bsdata", str(DATA))
    assert code == 0
    assert again.startswith(first)  # the same coverage, the same count
    assert "(files unchanged since their last import: datasheets already in the catalogue" in again
    assert again_err == first_err  # the same warnings
    code, again, _ = run(capsys, "--db", db, "import", "bsdata", "-q", str(DATA))
    assert code == 0 and "15 fiches de 3 factions importées" in again and "fichiers inchangés" in again


@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_the_real_sample_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_data(tmp_path, BSDATA_SAMPLE)
    with open_store(tmp_path / "c.sqlite") as store:
        first = import_bsdata(store, [folder])
        before = sheets(store)
        with monkeypatch.context() as patch:
            patch.setattr("ost.formats.bsdata.read_bsdata", never_read)
            again = import_bsdata(store, [folder])
        same_report(first, again)
        assert sheets(store) == before
        # One catalogue changes (a new revision): everything is read again, and the catalogue says so.
        changed = next(p for p in sorted(folder.iterdir()) if p.suffix == ".cat")
        text = changed.read_text(encoding="utf-8")
        changed.write_text(text.replace(' revision="', ' revision="9', 1), encoding="utf-8")
        result = import_bsdata(store, [folder])
        assert not result.reused
        revisions = {c.name: c.revision for c in result.coverage}
        assert any(r.startswith("9") for r in revisions.values())


@pytest.mark.skipif(os.name != "posix", reason="FIFOs are POSIX")
def test_the_reuse_check_never_opens_a_named_pipe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.sqlite"
    folder = copy_data(tmp_path)
    pipe = folder / "pipe.cat"
    os.mkfifo(pipe)

    def writer() -> None:
        with open(pipe, "wb") as handle:  # blocks until someone opens the FIFO for reading
            handle.write(b"<catalogue/>")

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        with open_store(db) as store:
            import_bsdata(store, [folder])  # a folder's FIFO is no data file: skipped
            paths = sorted(p for p in folder.iterdir() if p != pipe)
            import_bsdata(store, paths)  # these files are the record now
            assert reused_import(store, [*paths, pipe]) is None
        code, _, err = run(capsys, "--db", str(db), "--lang", "en", "import", "bsdata", *map(str, [*paths, pipe]))
        assert code == 2 and "named pipe" in err
        assert thread.is_alive()  # nobody ever opened the FIFO for reading
    finally:
        if thread.is_alive():  # release the writer
            fd = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
            thread.join()
            os.close(fd)
