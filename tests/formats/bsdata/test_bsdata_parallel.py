"""The import on two cores (``read_bsdata(workers=2)``, what ``ost import bsdata`` uses) on the real sample.

A forked child reads part of the catalogues; the result must be the one read in
one process, word for word and in the same order, whatever becomes of the child.
"""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, run_cli
from ost.core.i18n import Bilingual
from ost.formats.bsdata import BsDataError, BsImport, read_bsdata
from ost.formats.bsdata import reader as bsreader
from ost.formats.bsdata.files import _File
from ost.formats.bsdata.forked import Forked

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE),
]


def _same(one: BsImport, other: BsImport) -> None:
    """Word for word and in the same order: datasheets, factions, coverage, warnings (both languages), sources."""
    assert [s.model_dump_json() for s in one.datasheets] == [s.model_dump_json() for s in other.datasheets]
    assert one.factions == other.factions
    assert one.coverage == other.coverage
    assert [(w.path, w.text.fr, w.text.en) for w in one.warnings] == [
        (w.path, w.text.fr, w.text.en) for w in other.warnings
    ]
    assert (one.sources, one.files, one.fingerprint, one.digests) == (
        other.sources,
        other.files,
        other.fingerprint,
        other.digests,
    )


@pytest.fixture(scope="module")
def alone() -> BsImport:
    """The sample read in one process."""
    return read_bsdata([BSDATA_SAMPLE])


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> list[Forked[object] | None]:
    """The children the import forks (None: a fork that failed)."""
    started: list[Forked[object] | None] = []
    original = Forked.start

    def spy(work: object) -> Forked[object] | None:
        child = original(work)  # type: ignore[arg-type]
        started.append(child)
        return child

    monkeypatch.setattr(bsreader.Forked, "start", staticmethod(spy))
    monkeypatch.setattr(bsreader, "cores", lambda: 2)  # as on any machine with two processors or more
    return started


def _in_child(parent: int) -> bool:
    return os.getpid() != parent


def test_two_cores_read_the_sample_as_one(alone: BsImport, forks: list[Forked[object] | None]) -> None:
    calls: list[tuple[int, int, str]] = []
    both = read_bsdata([BSDATA_SAMPLE], lambda done, total, what: calls.append((done, total, what)), workers=2)
    assert len(forks) == 1 and forks[0] is not None
    _same(both, alone)
    assert len(both.datasheets) == 633 and len(both.warnings) == 25
    # French and English alike: the Imperial Navy links of the sample, not in its files, are said in both.
    assert any("introuvable" in w.text.fr and "found in none" in w.text.en for w in both.warnings)
    # The process's own progress is shown, and still reaches the end.
    assert calls[-1][0] == calls[-1][1] and len({total for _, total, _ in calls}) == 1
    assert [c[0] for c in calls] == sorted(c[0] for c in calls)


def test_the_shares_split_the_producers_in_order(alone: BsImport, forks: list[Forked[object] | None]) -> None:
    """Each process reads its producers in their order; together they are every producer, once."""
    shares: list[tuple[list[int], list[int]]] = []
    original = bsreader._shares

    def spy(drafter: object, producers: list[_File]) -> tuple[list[int], list[int]]:
        shares.append(original(drafter, producers))  # type: ignore[arg-type]
        return shares[-1]

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(bsreader, "_shares", spy)
        read_bsdata([BSDATA_SAMPLE], workers=2)
    mine, theirs = shares[0]
    assert mine and theirs and mine == sorted(mine) and theirs == sorted(theirs)
    assert sorted(mine + theirs) == list(range(len(alone.sources)))


@pytest.mark.parametrize("how", ["raises", "dies"])
def test_a_failed_child_changes_nothing(
    alone: BsImport, forks: list[Forked[object] | None], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    parent = os.getpid()
    original = bsreader._produce

    def failing(*args: object) -> object:
        if _in_child(parent):
            if how == "dies":
                os.kill(os.getpid(), signal.SIGKILL)
            raise RuntimeError("the child fails")
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bsreader, "_produce", failing)
    calls: list[tuple[int, int, str]] = []
    both = read_bsdata([BSDATA_SAMPLE], lambda done, total, what: calls.append((done, total, what)), workers=2)
    assert len(forks) == 1 and forks[0] is not None
    _same(both, alone)
    assert calls[-1][0] == calls[-1][1]


def test_a_reading_stopped_ends_its_child(forks: list[Forked[object] | None]) -> None:
    """Stopped while the child reads (an exception from the progress callback, an interruption): the child is ended
    and collected with it, no process left behind."""

    def stop(done: int, total: int, what: str) -> None:
        if done >= total // 2 and forks:  # converting the catalogues, the child forked
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        read_bsdata([BSDATA_SAMPLE], stop, workers=2)
    assert len(forks) == 1 and forks[0] is not None
    assert forks[0]._pid is None and forks[0]._reader is None  # collected, its pipe closed


def test_a_fork_that_fails_changes_nothing(alone: BsImport, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_fork() -> int:
        raise OSError("no more processes")

    monkeypatch.setattr(os, "fork", no_fork)
    _same(read_bsdata([BSDATA_SAMPLE], workers=2), alone)


def test_another_thread_running_reads_in_one_process(alone: BsImport, forks: list[Forked[object] | None]) -> None:
    """A process with another thread (the window reads in one of its own) never forks."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        result = read_bsdata([BSDATA_SAMPLE], workers=2)
    finally:
        stop.set()
        other.join()
    assert forks == []
    _same(result, alone)
    # From a thread of its own, the same.
    results: list[BsImport] = []
    reader = threading.Thread(target=lambda: results.append(read_bsdata([BSDATA_SAMPLE], workers=2)))
    reader.start()
    reader.join()
    assert forks == []
    _same(results[0], alone)


def test_one_worker_or_one_processor_never_forks(
    forks: list[Forked[object] | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    read_bsdata([BSDATA_SAMPLE])
    monkeypatch.setattr(bsreader, "cores", lambda: 1)
    read_bsdata([BSDATA_SAMPLE], workers=2)
    assert forks == []


@pytest.mark.parametrize("first", ["parent", "child"])
def test_an_error_of_the_files_is_the_first_producers_as_in_one_process(
    monkeypatch: pytest.MonkeyPatch, forks: list[Forked[object] | None], first: str
) -> None:
    """Two producers the import cannot read, one in each share: the earlier one's error is raised, as in one process."""
    shares: list[tuple[list[int], list[int]]] = []
    names: list[str] = []
    original_shares = bsreader._shares

    def spy(drafter: object, producers: list[_File]) -> tuple[list[int], list[int]]:
        names[:] = [p.name for p in producers]
        shares.append(original_shares(drafter, producers))  # type: ignore[arg-type]
        return shares[-1]

    with monkeypatch.context() as patched:
        patched.setattr(bsreader, "_shares", spy)
        read_bsdata([BSDATA_SAMPLE], workers=2)
    mine, theirs = shares[0]
    # The earlier broken producer is in the ``first`` share, the later one in the other.
    one, other = (mine, theirs) if first == "parent" else (theirs, mine)
    early = one[0]
    late = next(i for i in other if i > early)
    broken_names = {names[early], names[late]}
    original = bsreader._produce

    def broken(drafter: object, producer: _File, faction_id: str) -> object:
        if producer.name in broken_names:
            raise BsDataError(producer.path, Bilingual(fr=f"cassé : {producer.name}", en=f"broken: {producer.name}"))
        return original(drafter, producer, faction_id)  # type: ignore[arg-type]

    monkeypatch.setattr(bsreader, "_produce", broken)
    with pytest.raises(BsDataError) as alone:
        read_bsdata([BSDATA_SAMPLE])
    with pytest.raises(BsDataError) as both:
        read_bsdata([BSDATA_SAMPLE], workers=2)
    expected = Bilingual(fr=f"cassé : {names[early]}", en=f"broken: {names[early]}")
    assert alone.value.text == both.value.text == expected
    assert len(forks) == 2 and all(forks)


def test_the_command_reads_on_two_cores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, forks: list[Forked[object] | None], alone: BsImport
) -> None:
    for lang, said in (("en", "datasheets of"), ("fr", "fiches de")):
        db = str(tmp_path / f"{lang}.sqlite")
        code, out, _ = run_cli(capsys, "--db", db, "--lang", lang, "import", "bsdata", "-q", str(BSDATA_SAMPLE))
        assert code == 0 and f"{len(alone.datasheets)} {said} {len(alone.factions)}" in out
    assert len(forks) == 2 and all(forks)
