"""The import's write overlapping its reading (issue 22): ``read_bsdata(sink=...)`` and ``ost import bsdata``.

Each catalogue's rows go to the sink (the database write, one transaction) in catalogue order as soon as those
of every catalogue before are in: the forked child posts its own as it reads them (:meth:`Forked.posting`). The
database must end the same, word for word and row for row, whatever becomes of the child; a failure anywhere
leaves it as it was.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from helpers import BSDATA_FULL, BSDATA_SAMPLE, NO_SAMPLE, TEST_DATA, run_cli, spy_forked_first
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.bsdata import reader as bsreader
from ost.formats.bsdata.files import _File
from ost.formats.bsdata.forked import Forked
from ost.services import _store_rows, open_store
from ost.store import CatalogueStore, StoreError

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork on this platform")
sample = pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)


class _Recording:
    """A sink that keeps what it is given: ``("begin", sources)``, ``("add", rows)``, ``("cancel", None)``."""

    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    def begin(self, sources: list[str]) -> None:
        self.events.append(("begin", list(sources)))

    def add(self, rows: list[Any]) -> None:
        self.events.append(("add", list(rows)))

    def cancel(self) -> None:
        self.events.append(("cancel", None))

    def kept(self) -> tuple[list[str], list[Any]]:
        """The sources and rows of the last begin (what a commit would keep)."""
        last = max(i for i, (what, _) in enumerate(self.events) if what == "begin")
        rows = [row for what, rows in self.events[last + 1 :] if what == "add" for row in rows]
        assert all(what == "add" for what, _ in self.events[last + 1 :])
        return self.events[last][1], rows


def _children() -> set[int]:
    """This process's children, running or ended and not collected yet (Linux; elsewhere none known)."""
    found: set[int] = set()
    tasks = Path("/proc/self/task")
    for task in tasks.iterdir() if tasks.is_dir() else ():
        with contextlib.suppress(OSError):
            found.update(int(pid) for pid in (task / "children").read_text().split())
    return found


@pytest.fixture
def before() -> set[int]:
    """The children there before the test (another test's command, run as the program, may leave one ending)."""
    return _children()


def _no_child_left(before: set[int]) -> bool:
    """No child left of those the test forked (each collected)."""
    return _children() <= before


def _descriptors() -> int:
    return len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 0


@pytest.fixture(scope="module")
def alone() -> BsImport:
    """The sample read in one process, its rows made for the store."""
    return read_bsdata([BSDATA_SAMPLE], prepare=_store_rows)


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Two processors, as on any machine with two or more; whether each import took the forked-first way."""
    return spy_forked_first(monkeypatch)


# --- the child's posts ---------------------------------------------------------------------------------------------


def test_posts_come_in_order_as_they_are_posted_and_the_answer_after() -> None:
    big = ["x" * 1000 + str(i) for i in range(20_000)]  # larger than a pipe, as a catalogue's rows
    go_on = os.pipe()

    def work(post: Any) -> str:
        post(("first", 1))
        os.read(go_on[0], 1)  # waits for the parent to have taken the first
        post(big)
        post(None)
        return "done"

    child = Forked.posting(work)
    assert child is not None
    assert child.post() == (("first", 1),)
    assert child.post(wait=False) is None  # nothing more yet: the child waits
    os.write(go_on[1], b"!")
    assert child.post() == (big,)
    assert child.post() == (None,)  # a value None, in its tuple
    assert child.post() is None  # the answer came: no more posts
    assert child.result(wait=False) == "done"
    child.close()
    assert child._pid is None and child._reader is None and child._ready is None
    for fd in go_on:
        os.close(fd)


def test_a_child_that_dies_after_posting_gives_its_posts_then_none(before: set[int]) -> None:
    def work(post: Any) -> None:
        post("one")
        os.kill(os.getpid(), signal.SIGKILL)

    child = Forked.posting(work)
    assert child is not None
    assert child.post() == ("one",)
    assert child.post() is None and child.post(wait=False) is None
    assert child.result() is None
    child.close()
    assert child._pid is None and _no_child_left(before)


def test_posts_not_taken_are_skipped_by_the_answer() -> None:
    child = Forked.posting(lambda post: (post("a"), post("b"), 42)[2])
    assert child is not None and child.result() == 42
    assert child._pid is None  # waited for


# --- the rows handed on in order (the parent's gathering, with a child of our own making) --------------------------


class _Child:
    """Stands in for the forked child: posts given by the test, then its answer."""

    def __init__(self) -> None:
        self.posts: list[object] = []
        self.answer: object = None

    def post(self, wait: bool = True) -> tuple[object] | None:
        if self.posts:
            return (self.posts.pop(0),)
        return None

    def result(self, wait: bool = True) -> object:
        return self.answer


def _produced(name: str) -> bsreader._Produced:
    from ost.formats.bsdata.report import Coverage

    return bsreader._Produced(None, [], Coverage(faction=name, name=name, revision=""), [], [], prepared=[name])


def _gather(count: int) -> tuple[bsreader._Gather, _Child, _Recording]:
    child, sink = _Child(), _Recording()
    gather = bsreader._Gather(child, sink)  # type: ignore[arg-type]
    producers = [_File.__new__(_File) for _ in range(count)]
    for index, producer in enumerate(producers):
        producer.id = f"p{index}"
    gather.known(producers)
    return gather, child, sink


def test_each_producers_rows_go_on_as_soon_as_those_before_are_in() -> None:
    gather, child, sink = _gather(5)
    child.posts.append((1, _produced("one")))
    gather.mine(0, _produced("zero"))  # 0 read here, 1 posted by then: both written
    sources = ["bsdata:p0", "bsdata:p1", "bsdata:p2", "bsdata:p3", "bsdata:p4"]
    assert sink.events == [("begin", sources), ("add", ["zero"]), ("add", ["one"])]
    gather.mine(3, _produced("three"))  # 2 not in yet: 3 waits
    assert len(sink.events) == 3
    child.posts.extend([(2, _produced("two")), (4, _produced("four"))])
    child.answer = [1, 2, 4]
    gather.rest()
    assert sink.kept()[1] == ["zero", "one", "two", "three", "four"]
    assert sorted(gather.produced) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("posts", "answer"),
    [
        ([(1, _produced("one"))], [1]),  # the child ended before posting 2
        ([(1, _produced("one")), (1, _produced("one"))], [1, 1]),  # twice the same
        ([(0, _produced("zero"))], [0]),  # one this process read
        ([(7, _produced("seven"))], [7]),  # no such producer
        (["one"], [1]),  # not a producer's
        ([(1, _produced("one")), (2, _produced("two"))], [1]),  # an answer that says otherwise
    ],
)
def test_anything_unexpected_from_the_child_is_unsure(posts: list[object], answer: object) -> None:
    gather, child, _ = _gather(3)
    child.posts.extend(posts)
    child.answer = answer

    def read() -> None:
        gather.mine(0, _produced("zero"))
        gather.rest()

    with pytest.raises(bsreader._Unsure):
        read()


# --- the reading with a sink, on the real sample -------------------------------------------------------------------


@sample
@pytest.mark.parametrize("workers", [1, 2])
def test_the_sink_gets_every_row_in_order_once(
    alone: BsImport, two_cores: list[bool], workers: int, before: set[int]
) -> None:
    sink = _Recording()
    result = read_bsdata([BSDATA_SAMPLE], workers=workers, prepare=_store_rows, sink=sink)
    assert two_cores == ([True] if workers == 2 else [])
    assert [what for what, _ in sink.events].count("begin") == 1 and ("cancel", None) not in sink.events
    assert sink.kept() == (alone.sources, alone.prepared)
    assert result.prepared == [] and result.sheet_count() == alone.sheet_count() == 633
    assert (result.factions, result.coverage, result.warnings) == (alone.factions, alone.coverage, alone.warnings)
    assert result.record() == alone.record()
    assert _no_child_left(before)


def _child_dies_after_its_first_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """The forked child is killed as it starts its second catalogue (after posting its first)."""
    parent = os.getpid()
    original = bsreader._produce
    read: list[str] = []  # (the child's own copy, in the child)

    def dies(drafter: object, producer: _File, faction_id: str) -> object:
        if os.getpid() != parent:
            read.append(producer.name)
            if len(read) == 2:  # after posting its first catalogue
                os.kill(os.getpid(), signal.SIGKILL)
        return original(drafter, producer, faction_id)  # type: ignore[arg-type]

    monkeypatch.setattr(bsreader, "_produce", dies)


@sample
def test_a_child_dying_after_its_first_catalogue_cancels_the_sink_and_reads_again(
    alone: BsImport, two_cores: list[bool], monkeypatch: pytest.MonkeyPatch, before: set[int]
) -> None:
    _child_dies_after_its_first_catalogue(monkeypatch)
    sink = _Recording()
    descriptors = _descriptors()
    result = read_bsdata([BSDATA_SAMPLE], workers=2, prepare=_store_rows, sink=sink)
    assert two_cores == [False]  # read again in one process
    begins = [what for what, _ in sink.events].count("begin")
    assert begins == [what for what, _ in sink.events].count("cancel") + 1
    assert sink.kept() == (alone.sources, alone.prepared)
    assert result.record() == alone.record()
    assert _no_child_left(before) and _descriptors() <= descriptors


@sample
@pytest.mark.parametrize("error", [KeyboardInterrupt, StoreError])
def test_a_write_failing_or_stopped_cancels_the_sink_and_ends_the_child(
    two_cores: list[bool], error: type[BaseException], before: set[int]
) -> None:
    """The sink fails (a disk full) or the import is interrupted while the two processes read: the sink is
    cancelled, the child ended and collected, the error raised as it came."""

    class Failing(_Recording):
        def add(self, rows: list[Any]) -> None:
            super().add(rows)
            raise error("stop")

    sink = Failing()
    with pytest.raises(error):
        read_bsdata([BSDATA_SAMPLE], workers=2, prepare=_store_rows, sink=sink)
    assert [what for what, _ in sink.events] == ["begin", "add", "cancel"]
    assert two_cores == [] and _no_child_left(before) and threading.active_count() == 1


def test_a_sink_needs_prepared_rows() -> None:
    with pytest.raises(ValueError, match="prepare"):
        read_bsdata([BSDATA_SAMPLE], sink=_Recording())


# --- the write in steps (the store) ---------------------------------------------------------------------------------


def _table(db: Path, table: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as connection:
        return connection.execute(f"SELECT rowid, * FROM {table} ORDER BY rowid").fetchall()


_TABLES = ("datasheets", "factions", "catalogue_meta", "catalogue_sources", "browse_cache")


@sample
def test_the_write_in_steps_is_replace_sources(alone: BsImport, tmp_path: Path) -> None:
    from ost.services import _import_facts

    meta, described = _import_facts(alone)
    whole, steps = tmp_path / "whole.sqlite", tmp_path / "steps.sqlite"
    with open_store(whole):
        pass
    shutil.copy(whole, steps)
    with CatalogueStore(whole) as store:
        store.replace_sources(alone.sources, [], alone.factions, meta, described, rows=alone.prepared or [])
    with CatalogueStore(steps) as store:
        writing = store.writing_sources()
        descriptors = _descriptors()
        writing.begin(alone.sources)
        rows = alone.prepared or []
        for start in range(0, len(rows), 50):
            writing.add(rows[start : start + 50])
        writing.finish(alone.factions, meta, described)
        assert not writing.begun and _descriptors() <= descriptors and threading.active_count() == 1
    for table in _TABLES:
        assert _table(whole, table) == _table(steps, table)


@sample
def test_a_write_cancelled_or_failing_leaves_the_catalogue_as_it_was(alone: BsImport, tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    with open_store(db):
        pass
    before = {table: _table(db, table) for table in _TABLES}
    rows = alone.prepared or []
    with CatalogueStore(db) as store:
        writing = store.writing_sources()
        writing.cancel()  # nothing begun: harmless
        writing.begin(alone.sources)
        writing.add(rows[:100])
        writing.cancel()
        assert not writing.begun
        writing.begin(alone.sources)  # again, after a cancel
        writing.add(rows[:100])
        with pytest.raises(StoreError, match="cannot write the catalogue"):
            writing.add(rows[99:101])  # the same datasheet twice
        assert not writing.begun and threading.active_count() == 1
    assert {table: _table(db, table) for table in _TABLES} == before


def _read_elsewhere(db: Path) -> str:
    """What another process reads of ``db`` at once (no wait for a lock): the datasheets counted, or its error."""
    import subprocess
    import sys

    script = (
        "import sqlite3, sys\n"
        "try:\n"
        "    print(sqlite3.connect(sys.argv[1], timeout=0).execute('SELECT count(*) FROM datasheets').fetchone()[0])\n"
        "except sqlite3.Error as exc:\n"
        "    print(exc)\n"
    )
    return subprocess.run([sys.executable, "-c", script, str(db)], capture_output=True, text=True, check=True).stdout


@sample
def test_other_processes_read_the_catalogue_as_it_was_while_the_write_is_open(alone: BsImport, tmp_path: Path) -> None:
    """The import's rows (far more than SQLite's page cache of 2 MB) stay in memory until the commit.

    Spilled into the file mid-way, they took the exclusive lock from then on: a window or an ``ost check``
    beside an ``ost import bsdata`` found the catalogue locked for the whole reading (4.7 s on the full
    release), where it now waits only for the commit.
    """
    db = tmp_path / "c.sqlite"
    with open_store(db):
        pass
    count = _read_elsewhere(db)
    assert count.strip().isdigit()
    rows = alone.prepared or []
    assert sum(len(str(row)) for row in rows) > 4_000_000  # well over the page cache
    with CatalogueStore(db) as store:
        writing = store.writing_sources()
        writing.begin(alone.sources)
        for start in range(0, len(rows), 100):
            writing.add(rows[start : start + 100])
        assert _read_elsewhere(db) == count  # not "database is locked"
        writing.cancel()


# --- the command ----------------------------------------------------------------------------------------------------


def _database(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows with their rowids, the import's time stamps left out."""
    import re

    tables = {}
    with sqlite3.connect(db) as connection:
        for (table,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            rows = connection.execute(f"SELECT rowid, * FROM {table} ORDER BY rowid").fetchall()
            tables[table] = [
                tuple(re.sub(r'"at": "[^"]*"', "", v) if isinstance(v, str) else v for v in row) for row in rows
            ]
    return tables


@sample
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_command_writes_what_the_two_steps_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, two_cores: list[bool], lang: str, before: set[int]
) -> None:
    """Into an existing catalogue, written while read: the same rows as read first and saved after (no catalogue
    yet: the files are read before it is made), the same report."""
    from ost.services import read_bsdata as read_for
    from ost.services import save_import

    db, reference = tmp_path / "c.sqlite", tmp_path / "ref.sqlite"
    with open_store(db):  # the shipped catalogue, as on first use
        pass
    shutil.copy(db, reference)
    code, out, _ = run_cli(capsys, "--db", str(db), "--lang", lang, "import", "bsdata", "-q", str(BSDATA_SAMPLE))
    assert code == 0 and two_cores == [True]
    assert ("633 fiches de 8 factions" if lang == "fr" else "633 datasheets of 8 factions") in out
    with CatalogueStore(reference) as store:
        save_import(store, read_for([BSDATA_SAMPLE], for_store=True))
    assert _database(db) == _database(reference)
    assert _no_child_left(before)


@sample
def test_the_command_with_a_child_dying_writes_the_same(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    two_cores: list[bool],
    monkeypatch: pytest.MonkeyPatch,
    before: set[int],
) -> None:
    db, reference = tmp_path / "c.sqlite", tmp_path / "ref.sqlite"
    with open_store(db):  # the shipped catalogue, as on first use
        pass
    shutil.copy(db, reference)
    assert run_cli(capsys, "--db", str(reference), "import", "bsdata", "-q", str(BSDATA_SAMPLE))[0] == 0
    _child_dies_after_its_first_catalogue(monkeypatch)
    code, out, _ = run_cli(capsys, "--db", str(db), "--lang", "en", "import", "bsdata", "-q", str(BSDATA_SAMPLE))
    assert code == 0 and two_cores == [True, False] and "633 datasheets of 8 factions" in out
    assert _database(db) == _database(reference)
    assert _no_child_left(before)


@sample
def test_the_command_stopped_while_writing_leaves_the_catalogue_as_it_was(
    tmp_path: Path, two_cores: list[bool], monkeypatch: pytest.MonkeyPatch, before: set[int]
) -> None:
    from ost.store.database import SourcesWriting

    db = tmp_path / "c.sqlite"
    with open_store(db):
        pass
    rows = _database(db)
    added = SourcesWriting.add

    def stops(self: SourcesWriting, rows: Any) -> None:
        added(self, rows)
        raise KeyboardInterrupt  # once some rows are written in the open transaction

    monkeypatch.setattr(SourcesWriting, "add", stops)
    from ost.cli.main import main

    with pytest.raises(KeyboardInterrupt):
        main(["--db", str(db), "import", "bsdata", "-q", str(BSDATA_SAMPLE)])
    assert _database(db) == rows
    assert _no_child_left(before) and threading.active_count() == 1


@pytest.mark.skipif(not BSDATA_FULL.is_dir(), reason="needs the full release")
def test_the_full_release_written_while_read_is_the_two_steps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, two_cores: list[bool]
) -> None:
    """The whole 9th-edition release: every table's rows, rowids included, and the report as read then saved."""
    from ost.cli.import_cmd import coverage_text
    from ost.services import read_bsdata as read_for
    from ost.services import save_import

    db, reference = tmp_path / "c.sqlite", tmp_path / "ref.sqlite"
    with open_store(db):
        pass
    shutil.copy(db, reference)
    code, out, _ = run_cli(capsys, "--db", str(db), "--lang", "en", "import", "bsdata", "-q", str(BSDATA_FULL))
    assert code == 0 and two_cores == [True]
    with CatalogueStore(reference) as store:
        result = read_for([BSDATA_FULL], for_store=True)
        save_import(store, result)
    assert coverage_text(result, "en") in out and f"{result.sheet_count()} datasheets of" in out
    assert _database(db) == _database(reference)


@sample
def test_a_reading_that_frees_nothing_leaves_its_child_to_close(
    alone: BsImport, two_cores: list[bool], before: set[int]
) -> None:
    """``free=False`` (the command run as the program): the child that answered is not waited for while reading;
    :meth:`BsImport.close` collects it (the command does once it has written the import); harmless again."""
    result = read_bsdata([BSDATA_SAMPLE], workers=2, prepare=_store_rows, free=False)
    assert two_cores == [True] and result.prepared == alone.prepared
    result.close()
    assert _no_child_left(before)
    result.close()


@sample
def test_the_command_run_as_the_program_collects_its_child(tmp_path: Path, before: set[int]) -> None:
    import argparse
    import gc
    import io

    from ost.cli import import_cmd

    db = tmp_path / "c.sqlite"
    with open_store(db):
        pass
    args = argparse.Namespace(paths=[BSDATA_SAMPLE], quiet=True, all_warnings=False, db=db, one_shot=True)
    try:
        assert import_cmd.run(args, "en", io.StringIO()) == 0
    finally:
        gc.enable()
    assert _no_child_left(before)


def test_an_import_held_is_freed_by_nothing_but_the_collector() -> None:
    """:meth:`BsImport.hold` (the command run as the program, its collector off, ending next): dropping the last
    reference frees nothing of it; the collector, switched on, would."""
    import gc
    import weakref

    result = read_bsdata([TEST_DATA / "bsdata"], free=False)
    kept = weakref.ref(result)
    gc.disable()
    try:
        result.hold()
        del result
        assert kept() is not None
    finally:
        gc.enable()
    gc.collect()
    assert kept() is None


@sample
def test_a_commit_that_fails_leaves_the_catalogue_and_no_child(
    tmp_path: Path, two_cores: list[bool], monkeypatch: pytest.MonkeyPatch, before: set[int]
) -> None:
    """The write fails at its very end (the commit), the rows all written in the open transaction: the catalogue
    as it was, said in one sentence; the child that answered (not waited for: ``free=False``) collected."""
    from ost.services import read_and_save_bsdata
    from ost.store.database import SourcesWriting

    db = tmp_path / "c.sqlite"
    with open_store(db):
        pass
    rows = _database(db)

    def fails(self: SourcesWriting, *args: Any) -> None:
        raise StoreError(f"{db}: cannot write the catalogue: disk I/O error\nINSERT ...")

    monkeypatch.setattr(SourcesWriting, "finish", fails)
    exit_now = os._exit

    def slow_exit(code: int) -> None:  # the child still ending when the write fails
        time.sleep(0.5)
        exit_now(code)

    monkeypatch.setattr(os, "_exit", slow_exit)
    with CatalogueStore(db) as store, pytest.raises(StoreError) as error:
        read_and_save_bsdata(store, [BSDATA_SAMPLE], free=False, workers=2)
    assert str(error.value) == f"{db}: cannot write the catalogue: disk I/O error"
    assert two_cores == [True] and _database(db) == rows
    assert _no_child_left(before) and threading.active_count() == 1
