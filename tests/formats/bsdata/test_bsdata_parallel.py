"""The import on two cores (``read_bsdata(workers=2)``, what ``ost import bsdata`` uses) on the real sample.

A forked child reads part of the catalogues; the result must be the one read in
one process, word for word and in the same order, whatever becomes of the child.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers import BSDATA_FULL, BSDATA_SAMPLE, NO_SAMPLE, failing_in_child, run_cli
from helpers import same_import as _same
from ost.core.i18n import Bilingual
from ost.formats.bsdata import BsDataError, BsImport, read_bsdata
from ost.formats.bsdata import reader as bsreader
from ost.formats.bsdata.files import _File
from ost.formats.bsdata.forked import Claims, Forked

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE),
]


@pytest.fixture(scope="module")
def alone() -> BsImport:
    """The sample read in one process."""
    return read_bsdata([BSDATA_SAMPLE])


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> list[Forked[object] | None]:
    """The children the import forks (None: a fork that failed); each fork goes through :meth:`Forked.posting`."""
    started: list[Forked[object] | None] = []
    original = Forked.posting

    def spy(work: object) -> Forked[object] | None:
        child = original(work)  # type: ignore[arg-type]
        started.append(child)
        return child

    monkeypatch.setattr(bsreader.Forked, "posting", staticmethod(spy))
    monkeypatch.setattr(bsreader, "cores", lambda: 2)  # as on any machine with two processors or more
    return started


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


def _readers(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each producer read, with the process that read it, appended to ``path`` (one line each, from either process)."""
    original = bsreader._produce

    def spy(drafter: object, producer: _File, faction_id: str) -> object:
        with path.open("a", encoding="utf-8") as out:
            out.write(f"{os.getpid()}\t{producer.name}\n")
        return original(drafter, producer, faction_id)  # type: ignore[arg-type]

    monkeypatch.setattr(bsreader, "_produce", spy)


def _shares_read(path: Path) -> dict[int, list[str]]:
    """The producers each process read, in its order (from :func:`_readers`)."""
    shares: dict[int, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        pid, name = line.split("\t", 1)
        shares.setdefault(int(pid), []).append(name)
    return shares


def test_the_shares_split_the_producers_in_order(
    alone: BsImport, forks: list[Forked[object] | None], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each process reads its producers in their order; together they are every producer, once."""
    _readers(tmp_path / "read.txt", monkeypatch)
    both = read_bsdata([BSDATA_SAMPLE], workers=2)
    _same(both, alone)
    order = [c.name for c in alone.coverage]  # every sample catalogue gives a faction: the producers' order
    shares = _shares_read(tmp_path / "read.txt")
    assert len(shares) == 2 and os.getpid() in shares
    mine, theirs = shares[os.getpid()], next(v for k, v in shares.items() if k != os.getpid())
    assert mine and theirs
    assert mine == sorted(mine, key=order.index) and theirs == sorted(theirs, key=order.index)
    assert sorted(mine + theirs, key=order.index) == order


def _split(monkeypatch: pytest.MonkeyPatch, parent_takes: Callable[[int], bool]) -> None:
    """Pin every producer by a fixed rule (the parent those ``parent_takes``), none left to take as they come."""

    def fixed(drafter: object, producers: list[_File], *parts: object) -> tuple[list[int], list[int]]:
        every = range(len(producers))
        return [i for i in every if parent_takes(i)], [i for i in every if not parent_takes(i)]

    monkeypatch.setattr(bsreader, "_pins", fixed)  # (both ways: the import that forks before parsing too)


def test_any_split_reads_the_sample_as_one(
    alone: BsImport, forks: list[Forked[object] | None], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Whichever process reads which producer (here: alternately, and the first half against the second), the
    result is the one read in one process, word for word."""
    for number, rule in enumerate((lambda index: index % 2 == 0, lambda index: index >= 4)):
        with monkeypatch.context() as patched:
            _split(patched, rule)
            _readers(tmp_path / f"read{number}.txt", patched)
            _same(read_bsdata([BSDATA_SAMPLE], workers=2), alone)
        shares = _shares_read(tmp_path / f"read{number}.txt")
        # Each producer read once: the child's answer was taken, not read again here.
        assert len(shares) == 2 and sum(len(names) for names in shares.values()) == len(alone.sources)
    assert len(alone.sources) == 8


def test_the_claims_give_each_index_once_in_order(tmp_path: Path) -> None:
    """Two processes asking one :class:`Claims` in turn get each index once, each its own in increasing order; both
    see how many are left."""
    handed = list(range(0, 1000, 2))
    claims = Claims(handed)
    assert claims.left() == 500
    pid = os.fork()
    if pid == 0:  # the child: writes what it got, then ends at once
        code = 1
        try:
            taken = [str(index) for index in claims]
            (tmp_path / "child.txt").write_text(" ".join(taken))
            code = 0
        finally:
            os._exit(code)
    mine = list(claims)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert claims.left() == 0 and claims.take() is None
    claims.close()
    claims.close()  # (harmless twice)
    theirs = [int(word) for word in (tmp_path / "child.txt").read_text().split()]
    assert mine == sorted(mine) and theirs == sorted(theirs)
    assert sorted(mine + theirs) == handed
    with pytest.raises(ValueError):
        Claims(range(Claims.MOST + 1))


def test_a_process_reads_its_pinned_producers_before_taking_a_later_free_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`reader._turns`: the pinned indices and the free ones taken, in increasing order; a pinned index below
    the next free one left is read without taking it (the other process may)."""
    claims = Claims([1, 4, 5, 9])
    turns = bsreader._turns([0, 2, 3, 7], claims, [1, 4, 5, 9])
    assert [next(turns), next(turns)] == [0, 1]  # 0 before the first free index, then 1 taken
    assert claims.left() == 3
    assert [next(turns), next(turns)] == [2, 3]  # below 4, the next free one: read without taking it
    assert claims.left() == 3
    assert list(turns) == [4, 5, 7, 9]
    claims.close()
    # Another process took 4 and 5 meanwhile: this one reads 7 and takes 9.
    claims = Claims([1, 4, 5, 9])
    turns = bsreader._turns([0, 7], claims, [1, 4, 5, 9])
    assert [next(turns), next(turns)] == [0, 1]
    assert claims.take() == 4 and claims.take() == 5
    assert list(turns) == [7, 9]
    claims.close()
    # Where the system cannot say how many are left: a pinned index only before the first free one, then in order.
    claims = Claims([1, 4, 5, 9])
    monkeypatch.setattr(Claims, "left", lambda self: None)
    assert list(bsreader._turns([0, 2, 7], claims, [1, 4, 5, 9])) == [0, 1, 2, 4, 5, 7, 9]
    claims.close()


@pytest.mark.skipif(not BSDATA_FULL.is_dir(), reason="needs the full release")
def test_families_of_the_full_release_are_read_by_one_process() -> None:
    """The Space Marine chapters, the Chaos legions, the Aeldari and the Astra Militarum with the Renegades: each
    family in one process, on the lighter side; the armies of no family left free."""
    from ost.formats.bsdata.files import _read_files, find_files
    from ost.formats.safexml import DEFAULT_LIMITS

    found = find_files([BSDATA_FULL])
    drafter, producers, _ = bsreader._prepared(found, _read_files(found, DEFAULT_LIMITS, None, 0, [], []))
    mine, theirs = bsreader._pins(drafter.shared, producers)
    names = [p.name for p in producers]
    side = {names[i]: 0 for i in mine} | {names[i]: 1 for i in theirs}
    chapters = [n for n in names if n.startswith("Imperium - Adeptus Astartes - ")]
    assert len(chapters) == 11 and {side[n] for n in chapters} == {0}  # the heaviest family, on the first side
    for family in (
        ["Chaos - Chaos Space Marines", "Chaos - Death Guard", "Chaos - Thousand Sons", "Chaos - World Eaters"],
        ["Aeldari - Craftworlds", "Aeldari - Drukhari", "Aeldari - Harlequins"],
        ["Imperium - Astra Militarum", "Chaos - Renegades & Heretics [LEGENDS]"],
    ):
        assert len({side[n] for n in family}) == 1, family
    assert {"Orks", "Necrons", "Tyranids", "T'au Empire"}.isdisjoint(side)
    assert 0 in side.values() and 1 in side.values()
    # The free armies before the last chapter go to the other side (the chapters' side took them as they came and
    # ended last); those after it stay free, shared as they come.
    last = max(mine)
    assert all(side.get(names[i]) == 1 for i in range(last) if names[i] not in chapters)
    assert {"Chaos - Chaos Knights", "Chaos - Daemons", "Imperium - Imperial Knights"} <= {names[i] for i in theirs}
    assert all(names[i] not in side for i in range(last + 1, len(names)))


def test_free_producers_before_the_heavier_sides_last_are_pinned_to_the_lighter_while_it_stays_lighter() -> None:
    """:func:`reader._pin_early_free`: in order, each free index below the heavier side's last pinned one goes to
    the lighter side unless it would pass the heavier; the others stay free."""
    sides: tuple[list[int], list[int]] = ([2, 5, 6], [0])
    loads = [10.0, 3.0]
    costs = [3.0, 4.0, 3.0, 2.0, 2.0, 3.0, 3.0, 1.0]
    bsreader._pin_early_free(sides, loads, costs)
    # 1 (3+4=7), 3 (9), then 4 would make 11 > 10: left free; 7 comes after the last pinned (6): free.
    assert sides == ([2, 5, 6], [0, 1, 3]) and loads == [10.0, 9.0]
    # The heavier side second; and nothing pinned anywhere: nothing to do.
    sides = ([0], [3])
    loads = [1.0, 5.0]
    bsreader._pin_early_free(sides, loads, [1.0, 1.0, 1.0, 5.0])
    assert sides == ([0, 1, 2], [3])
    sides = ([], [])
    bsreader._pin_early_free(sides, [0.0, 0.0], [1.0, 1.0])
    assert sides == ([], [])


@pytest.mark.parametrize("how", ["raises", "dies"])
def test_a_failed_child_changes_nothing(
    alone: BsImport, forks: list[Forked[object] | None], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:

    monkeypatch.setattr(bsreader, "_produce", failing_in_child(bsreader._produce, how))
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
    monkeypatch: pytest.MonkeyPatch, forks: list[Forked[object] | None], first: str, alone: BsImport
) -> None:
    """Two producers the import cannot read, one in each share: the earlier one's error is raised, as in one process."""
    names = [c.name for c in alone.coverage]  # the producers, in order
    early, late = 2, 6
    assert len(names) == len(alone.sources) == 8
    # The earlier broken producer is read by the ``first`` process, the later one by the other.
    _split(monkeypatch, lambda index: (index <= early) == (first == "parent"))
    broken_names = {names[early], names[late]}
    original = bsreader._produce

    def broken(drafter: object, producer: _File, faction_id: str) -> object:
        if producer.name in broken_names:
            raise BsDataError(producer.path, Bilingual(fr=f"cassé : {producer.name}", en=f"broken: {producer.name}"))
        return original(drafter, producer, faction_id)  # type: ignore[arg-type]

    monkeypatch.setattr(bsreader, "_produce", broken)
    with pytest.raises(BsDataError) as alone_error:
        read_bsdata([BSDATA_SAMPLE])
    with pytest.raises(BsDataError) as both:
        read_bsdata([BSDATA_SAMPLE], workers=2)
    expected = Bilingual(fr=f"cassé : {names[early]}", en=f"broken: {names[early]}")
    assert alone_error.value.text == both.value.text == expected
    assert len(forks) == 1 and all(forks)


def test_the_command_reads_on_two_cores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, forks: list[Forked[object] | None], alone: BsImport
) -> None:
    for lang, said in (("en", "datasheets of"), ("fr", "fiches de")):
        db = str(tmp_path / f"{lang}.sqlite")
        code, out, _ = run_cli(capsys, "--db", db, "--lang", lang, "import", "bsdata", "-q", str(BSDATA_SAMPLE))
        assert code == 0 and f"{len(alone.datasheets)} {said} {len(alone.factions)}" in out
    assert len(forks) == 2 and all(forks)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_import_read_for_the_store_holds_its_rows(
    alone: BsImport, forks: list[Forked[object] | None], workers: int, tmp_path: Path
) -> None:
    """``for_store`` (what ``ost import bsdata`` reads): each datasheet's row, made by the process that read it, in
    the datasheets' order; counts, coverage, warnings and the record as without; the database the same."""
    from ost.services import read_bsdata as read_for
    from ost.services import save_import
    from ost.store import CatalogueStore
    from ost.store.database import sheet_row

    stored = read_for([BSDATA_SAMPLE], workers=workers, for_store=True)
    assert len(forks) == (1 if workers == 2 else 0)
    factions = {f.id: f for f in alone.factions}
    assert stored.datasheets == [] and stored.prepared is not None
    assert stored.prepared == [sheet_row(s, factions.get(s.faction)) for s in alone.datasheets]
    assert stored.sheet_count() == alone.sheet_count() == 633
    assert stored.kinds_by_wounds() == alone.kinds_by_wounds()
    assert stored.source_counts() == alone.source_counts()
    assert stored.record() == alone.record()
    assert (stored.factions, stored.coverage, stored.warnings) == (alone.factions, alone.coverage, alone.warnings)
    rows = []
    for name, result in (("plain", alone), ("stored", stored)):
        with CatalogueStore(tmp_path / f"{name}.sqlite") as store:
            save_import(store, result)
        with sqlite3.connect(tmp_path / f"{name}.sqlite") as db:
            rows.append(db.execute("SELECT * FROM datasheets ORDER BY rowid").fetchall())
    assert rows[0] == rows[1] and len(rows[0]) == 633


@pytest.mark.parametrize("memfd", [True, False])
def test_a_childs_answer_comes_back_whole(monkeypatch: pytest.MonkeyPatch, memfd: bool) -> None:
    """The answer (tens of megabytes, as the full release's rows) comes back through an anonymous file: in memory
    where the system has ``memfd_create``, else a temporary file without a name; a child that fails gives None."""
    if not memfd:
        monkeypatch.delattr(os, "memfd_create", raising=False)
    big = ["x" * 1000 + str(i) for i in range(30_000)]
    child = Forked.start(lambda: big)
    assert child is not None and child.result() == big
    assert child._reader is None and child._pid is None

    def fails() -> object:
        raise RuntimeError("no")

    failing = Forked.start(fails)
    assert failing is not None and failing.result() is None
