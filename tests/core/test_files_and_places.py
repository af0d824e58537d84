"""Files and places: catalogue sources given oddly, saving through links and into closed folders, a locked database.

Tests run as root, where permissions never refuse: a refused write is
simulated by making ``os.replace`` or ``tempfile.mkstemp`` raise, as the
system would.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import ROOT
from ost.cli.main import main
from ost.core import fileio, listfile
from ost.core.fileio import OutputFileError, atomic_write, check_folder
from ost.formats.bsdata import read_bsdata
from ost.formats.yamltext import SourceError
from ost.services import build_catalogue, catalogue_status, save_import
from ost.store import CatalogueStore, StoreError
from ost.store.database import LOCKED

EXAMPLE = ROOT / "examples" / "legal" / "orks-1000.ost"
BSDATA = ROOT / "tests" / "data" / "bsdata"


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- catalogue sources ---------------------------------------------------------------------------------------------


def test_a_relative_catalogue_source_is_recorded_as_an_absolute_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(ROOT / "catalog", tmp_path / "mine")
    monkeypatch.chdir(tmp_path)
    with CatalogueStore(tmp_path / "db.sqlite") as store:
        build_catalogue(store, Path("mine"))
        status = catalogue_status(store)
    assert status.source_dir == tmp_path / "mine" and status.source_dir.is_absolute()


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda p: os.mkfifo(p), "catalogue source folder is a named pipe (FIFO), not a folder"),
        (lambda p: p.write_text("x", encoding="utf-8"), "catalogue source folder is a file, not a folder"),
        (lambda p: None, "catalogue source folder not found"),
    ],
)
def test_a_catalogue_source_that_is_not_a_folder_is_named_by_its_kind(tmp_path: Path, make: object, said: str) -> None:
    path = tmp_path / "source"
    make(path)  # type: ignore[operator]
    with CatalogueStore(tmp_path / "db.sqlite") as store, pytest.raises(SourceError, match=re.escape(said)):
        build_catalogue(store, path)


def test_a_device_as_catalogue_source_is_refused_without_reading_it() -> None:
    with pytest.raises(fileio.InputFileError, match="is a device, not a folder"):
        check_folder("/dev/zero")


@pytest.mark.parametrize(("lang", "said"), [("fr", "est un tube nommé (FIFO)"), ("en", "is a named pipe (FIFO)")])
def test_ost_catalogue_build_names_a_fifo_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert main(["--db", str(tmp_path / "db.sqlite"), "--lang", lang, "catalogue", "build", "--source", str(fifo)]) == 2
    assert "catalogue source folder is a named pipe" in capsys.readouterr().err  # SourceError speaks English


# --- saving ----------------------------------------------------------------------------------------------------------


def test_saving_over_a_symbolic_link_writes_through_to_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "liste.ost"
    target.write_bytes(EXAMPLE.read_bytes())
    link = tmp_path / "lien.ost"
    link.symlink_to(target)
    army = listfile.load(link)
    army.name = "Renommée"
    listfile.save(army, link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert listfile.load(target).name == "Renommée"
    assert _temporaries(tmp_path) == [] and _temporaries(tmp_path / "real") == []


def test_saving_over_a_dangling_link_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "lien.ost"
    link.symlink_to(tmp_path / "nouvelle.ost")
    listfile.save(listfile.load(EXAMPLE), link)
    assert link.is_symlink() and (tmp_path / "nouvelle.ost").is_file()


def test_saving_over_a_link_loop_is_refused_in_words(tmp_path: Path) -> None:
    loop = tmp_path / "boucle.ost"
    loop.symlink_to(loop)
    with pytest.raises(OutputFileError, match="symbolic link loop") as info:
        atomic_write(loop, b"{}")
    assert "boucle de liens symboliques" in info.value.message("fr")
    assert loop.is_symlink()


def _refuse(*_args: object, **_kwargs: object) -> None:
    raise PermissionError(errno.EACCES, "Permission denied")


@pytest.mark.parametrize("where", ["os.replace", "tempfile.mkstemp"])
def test_a_folder_without_write_permission_gives_a_clear_error_and_keeps_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    path = tmp_path / "liste.ost"
    path.write_bytes(b"old")
    monkeypatch.setattr(where, _refuse)
    with pytest.raises(OutputFileError) as info:
        atomic_write(path, b"new")
    assert isinstance(info.value, OSError)  # still an OSError for callers that catch those
    assert str(info.value) == (
        f"{path}: permission denied: Ost cannot write in this folder (read-only, or another user's); "
        "save the list in another folder"
    )
    assert "enregistrez la liste dans un autre dossier" in info.value.message("fr")
    assert path.read_bytes() == b"old" and _temporaries(tmp_path) == []


def test_no_temporary_file_outlives_a_write_that_fails_midway(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "liste.ost"
    path.write_bytes(b"old")

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)  # the bytes are written, the flush to disk fails
    with pytest.raises(OutputFileError, match="the disk is full; the previous file is untouched"):
        atomic_write(path, b"new" * 100_000)
    assert path.read_bytes() == b"old" and _temporaries(tmp_path) == []


@pytest.mark.parametrize(("lang", "said"), [("fr", "permission refusée"), ("en", "permission denied")])
def test_ost_convert_into_a_closed_folder_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    monkeypatch.setattr("tempfile.mkstemp", _refuse)
    db = str(tmp_path / "db.sqlite")
    code = main(["--db", db, "--lang", lang, "convert", str(EXAMPLE), "-o", str(tmp_path / "out.txt")])
    assert code == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "out.txt").exists()


# --- a locked database -----------------------------------------------------------------------------------------------


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Path]:
    """A catalogue database another program is writing to (a write transaction held open)."""
    path = tmp_path / "db.sqlite"
    with CatalogueStore(path) as store:
        build_catalogue(store)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield path
    finally:
        other.close()


def test_importing_while_another_ost_writes_gives_one_sentence_and_a_way_on(held: Path) -> None:
    result = read_bsdata([BSDATA])
    with CatalogueStore(held) as store, pytest.raises(StoreError) as info:
        save_import(store, result)
    assert str(info.value).startswith(f"{held}: ") and str(info.value).endswith(LOCKED)
    assert "SQL" not in str(info.value) and "sqlalche" not in str(info.value)


def test_ost_import_while_the_database_is_locked(held: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(held), "import", "bsdata", "-q", str(BSDATA)]) == 2
    err = capsys.readouterr().err
    assert "another Ost is writing to this catalogue database" in err and "then try again" in err
    assert "[SQL" not in err and len(err.splitlines()) == 1
