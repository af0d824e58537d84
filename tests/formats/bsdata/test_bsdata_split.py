"""The import on two cores that forks before parsing (``read_bsdata(workers=2)``: ``reader._read_split``).

Each process parses only the files it sums up and those its producers read; the
two swap what every file gives the state all scopes share. The result must be
the one read in one process with every file parsed first, word for word; a bad
file is refused with the same words, naming the same file; any failure reads the
import in one process, as before.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from helpers import BSDATA_FULL, BSDATA_SAMPLE, NO_SAMPLE, failing_in_child, spy_forked_first
from helpers import same_import as _same
from ost.formats.bsdata import BsImport, read_bsdata, shared_parts
from ost.formats.bsdata import reader as bsreader
from ost.formats.bsdata.files import _File, _read_files, find_files
from ost.formats.bsdata.forked import Claims, Exchange, Forked
from ost.formats.bsdata.scope import Shared
from ost.formats.bsdata.shared_parts import part_of, resolver
from ost.formats.safexml import DEFAULT_LIMITS, XmlInputError, read_file

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE),
    pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork on this platform"),
]


@pytest.fixture(scope="module")
def alone() -> BsImport:
    """The sample read in one process, every file parsed first."""
    return read_bsdata([BSDATA_SAMPLE])


@pytest.fixture
def split(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each import took the forked-first way to its end (True) or read as before (False); two cores."""
    return spy_forked_first(monkeypatch)


def test_the_sample_forked_before_parsing_reads_as_in_one_process(alone: BsImport, split: list[bool]) -> None:
    calls: list[tuple[int, int, str]] = []
    both = read_bsdata([BSDATA_SAMPLE], lambda done, total, what: calls.append((done, total, what)), workers=2)
    assert split == [True]
    _same(both, alone)
    assert len(both.datasheets) == 633
    # Progress: this process's files parsed, then its catalogues, always forward, to the end.
    assert [c[0] for c in calls] == sorted(c[0] for c in calls) and calls[-1][0] == calls[-1][1]
    assert any(what.endswith(".cat") for _, _, what in calls)


@pytest.mark.parametrize("folder", ["sample", "full"])
def test_the_parts_swapped_give_the_state_read_from_every_file(folder: str) -> None:
    """Each side's parts, from only the files it parsed (separate objects, as in two processes), summed: the state
    every scope shares, the root entries offered and the work shared out, as made one file at a time with every
    file parsed (``Shared.of``)."""
    path = BSDATA_SAMPLE if folder == "sample" else BSDATA_FULL
    if not path.is_dir():
        pytest.skip("needs the full release")
    found = find_files([path])
    datas = [read_file(p, DEFAULT_LIMITS.max_file_bytes) for p in found]
    sides = [[_File.later(p, d, DEFAULT_LIMITS) for p, d in zip(found, datas, strict=True)] for _ in range(2)]
    files = [f for f in sides[0] if f is not None]
    assert len(files) == len(found)
    guessed, _ = bsreader._producers(found, files, lambda system: True)
    plan = bsreader._plan(files, guessed, datas)
    assert sorted(plan.sums[0] + plan.sums[1]) == list(range(len(found)))  # each file summed up once
    parts = []
    for side, mine in enumerate(sides):
        assert all(f is not None for f in mine)
        for index in plan.parse[side]:
            mine[index].root  # type: ignore[union-attr]  # noqa: B018
        parts.append(bsreader._sum_up(mine, plan.sums[side], datas))  # type: ignore[arg-type]
    loaded = [sum(f.loaded for f in mine if f is not None) for mine in sides]
    assert 0 < loaded[0] < len(found) and 0 < loaded[1] < len(found)  # neither side parsed everything
    assert bsreader._agrees(parts[1], files) and bsreader._agrees(parts[0], sides[1])  # type: ignore[arg-type]
    swapped = {**parts[0].parts, **parts[1].parts}
    shared = Shared.of(files, [swapped[index] for index in range(len(files))])

    digests: list[str] = []
    full = _read_files(found, DEFAULT_LIMITS, None, 0, [], digests)
    drafter, producers, _ = bsreader._prepared(found, full)
    expected = drafter.shared
    # Each file's part alike, whichever files were parsed when it was made (its links looked up in those only).
    assert [swapped[index] for index in range(len(files))] == [expected.parts[f.id] for f in full]
    assert (shared.points_ids, shared.legends_toggles, shared.category_ids) == (
        expected.points_ids,
        expected.legends_toggles,
        expected.category_ids,
    )
    assert shared.roster_known() == expected.roster_known()
    assert list(shared.subfaction_choices().items()) == list(expected.subfaction_choices().items())
    assert shared._root_options == expected._root_options
    assert shared.offered_by == expected.offered_by
    # Every field alike (whatever Shared.of fills).
    for name in (f.name for f in dataclasses.fields(Shared)):
        mine, theirs = getattr(shared, name), getattr(expected, name)
        assert (list(mine) == list(theirs)) if name == "by_id" else (mine == theirs), name
    assert [p.id for p in bsreader._producers(found, files, lambda s: bool(s.roots))[0]] == [p.id for p in producers]
    assert bsreader._pins(shared, producers) == bsreader._pins(expected, producers)
    # The guesses made on the bytes before any parse (to share the parse out) hold on the real files.
    assert [bsreader._roots_in(d) for d in datas] == [len(f.roots) for f in full]
    assert [bsreader._links_in(d) for d in datas] == [f.links for f in full]
    assert {**parts[0].digests, **parts[1].digests} == dict(enumerate(digests))


def test_the_state_every_scope_shares_on_the_real_files() -> None:
    """What the summed parts say of the sample, checked against the data itself."""
    found = find_files([BSDATA_SAMPLE])
    files = _read_files(found, DEFAULT_LIMITS, None, 0, [], [])
    shared = Shared.of(files)
    by_name = {f.name: f for f in files}
    marines, agents = by_name["Imperium - Space Marines"], by_name["Imperium - Agents of the Imperium"]
    ultramarines = by_name["Imperium - Adeptus Astartes - Ultramarines"]
    # The Agents' root entries are offered by other armies too; the Ultramarines' by themselves only; the Space
    # Marines library (no root entries of its own in this sample) by none, though the Ultramarines import it.
    assert shared.offered_by[agents.id] == 3 and shared.offered_by[ultramarines.id] == 1
    assert not marines.roots and marines.id not in shared.offered_by
    assert {f.id for f in files if f.roots} == set(shared.offered_by)
    warlords, game_types = shared.roster_known()
    assert warlords and game_types and warlords.isdisjoint(game_types)
    names = {name for _, name in shared.subfaction_choices().values()}
    assert "Ultramarines" in names
    assert not shared._root_options & set(shared.subfaction_choices())
    assert "points" in shared.points_ids and shared.legends_toggles
    # A catalogue's part needs the files its choices link to (each process of an import on two cores parses
    # them): the Ultramarines' chapter choices are in the Space Marines library, some root entries link to the game
    # system's.
    part = shared.parts[ultramarines.id]
    alone = part_of(ultramarines, resolver([ultramarines]))
    assert alone.values.items() < part.values.items() and alone.warlords == part.warlords
    system = by_name["Warhammer 40,000 9th Edition"]
    assert part_of(ultramarines, resolver([marines, ultramarines, system])) == part
    assert (part.links, part.root_count) == (ultramarines.links, len(ultramarines.roots))


class _Forgets(dict):  # type: ignore[type-arg]
    """A memo that keeps nothing."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


@pytest.mark.python_reader
@pytest.mark.parametrize("folder", ["sample", "full"])
def test_the_sub_faction_walk_skips_only_what_adds_nothing(folder: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk of the choices' groups skips a group walked already from as deep (a group that links to itself
    stays linear: tests/fuzz): every part on the real files is the one walked without skipping, in the same order."""
    path = BSDATA_SAMPLE if folder == "sample" else BSDATA_FULL
    if not path.is_dir():
        pytest.skip("needs the full release")
    files = _read_files(find_files([path]), DEFAULT_LIMITS, None, 0, [], [])
    skipping = Shared.of(files)
    original = shared_parts._choice_values

    def walked(*args: object) -> None:
        original(*args[:5], _Forgets())  # type: ignore[arg-type]

    monkeypatch.setattr(shared_parts, "_choice_values", walked)
    every = Shared.of(files)
    assert [list(p.values.items()) for p in skipping.parts.values()] == [
        list(p.values.items()) for p in every.parts.values()
    ]
    assert skipping.parts == every.parts and sum(len(p.values) for p in every.parts.values()) > 100


def _copy_sample(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "data"
    shutil.copytree(BSDATA_SAMPLE, folder)
    return find_files([folder])


_BAD = {
    "truncated": lambda data: data[: len(data) // 2],
    "entity": lambda data: data.replace(b"<selectionEntries>", b'<selectionEntries><x a="&bomb;"/>', 1),
    "nul": lambda data: data[:-200] + b"\x00" + data[-199:],
    "doctype late": lambda data: data[:-20] + b"<!DOCTYPE x>" + data[-20:],
    "encoding": lambda data: data.replace(b'encoding="UTF-8"', b'encoding="UTF-7"', 1),
}


@pytest.mark.parametrize("how", sorted(_BAD))
def test_a_bad_file_among_many_is_refused_naming_the_first_as_in_one_process(
    tmp_path: Path, how: str, split: list[bool]
) -> None:
    """Two bad files (one in each half of the order): the first is named, in both languages, with the words of an
    import that parses every file first, whichever process meets it."""
    found = _copy_sample(tmp_path)
    first, second = found[3], found[9]
    for path in (first, second):
        path.write_bytes(_BAD[how](path.read_bytes()))
    errors = []
    for workers in (1, 2):
        with pytest.raises(XmlInputError) as caught:
            read_bsdata([tmp_path / "data"], workers=workers)
        errors.append(caught.value)
    one, two = errors
    assert one.path == two.path and str(first) in one.path
    assert (one.message("fr"), one.message("en")) == (two.message("fr"), two.message("en"))
    assert split in ([False], [])  # forked and failed (read again in one process), or never forked (said at once)


def test_a_zip_or_two_copies_of_a_catalogue_read_every_file_first(tmp_path: Path, split: list[bool]) -> None:
    found = _copy_sample(tmp_path)
    alone = read_bsdata([tmp_path / "data"])
    with zipfile.ZipFile(found[2].with_suffix(".catz"), "w") as archive:
        archive.write(found[2], found[2].name)
    found[2].unlink()
    zipped = read_bsdata([tmp_path / "data"], workers=2)
    assert split == [False] and len(zipped.datasheets) == len(alone.datasheets)
    copy = tmp_path / "data" / "zz copy.cat"
    shutil.copy(found[4], copy)
    twice = read_bsdata([tmp_path / "data"], workers=2)
    assert split == [False, False] and any("zz copy.cat" in w.path for w in twice.warnings)


@pytest.mark.parametrize("how", ["raises", "dies"])
def test_a_child_failing_before_the_swap_reads_the_import_in_one_process(
    alone: BsImport, split: list[bool], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    forks: list[object] = []
    start = Forked.posting  # (every fork goes through it)

    def spy_start(work: object) -> object:
        child = start(work)  # type: ignore[arg-type]
        forks.append(child)
        return child

    monkeypatch.setattr(bsreader, "_sum_up", failing_in_child(bsreader._sum_up, how))
    monkeypatch.setattr(bsreader.Forked, "posting", staticmethod(spy_start))
    _same(read_bsdata([BSDATA_SAMPLE], workers=2), alone)
    assert split == [False] and len(forks) == 1  # read again here, without forking again


def test_parts_that_disagree_read_the_import_in_one_process(
    alone: BsImport, split: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A look-up one process made among its files alone that a file of the other's comes first for: read again."""
    monkeypatch.setattr(bsreader, "_agrees", lambda theirs, files: False)
    _same(read_bsdata([BSDATA_SAMPLE], workers=2), alone)
    assert split == [False]


def _descriptors() -> int:
    return len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 0


def test_no_descriptor_left_for_the_swap_reads_as_before_and_leaks_none(
    alone: BsImport, split: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The swap's second file cannot be made (descriptors run out): the import forks as before, nothing left open."""
    from ost.formats.bsdata import forked

    made = forked._anonymous_file
    calls: list[int] = []

    def second_fails() -> int:
        calls.append(1)
        if len(calls) == 2:
            raise OSError(24, "Too many open files")
        return made()

    monkeypatch.setattr(forked, "_anonymous_file", second_fails)
    before = _descriptors()
    _same(read_bsdata([BSDATA_SAMPLE], workers=2), alone)
    assert split == [False] and len(calls) == 3  # the swap's two, then the fork of the import read as before
    assert _descriptors() == before


def test_the_swap_made_halfway_closes_what_it_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    from ost.formats.bsdata import forked

    def no_pipe() -> tuple[int, int]:
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(forked.os, "pipe", no_pipe)
    before = _descriptors()
    with pytest.raises(OSError):
        Exchange()
    assert _descriptors() == before


def test_a_file_known_by_its_start_is_parsed_on_first_use_as_a_whole_one(tmp_path: Path) -> None:
    found = find_files([BSDATA_SAMPLE])
    whole = _read_files(found, DEFAULT_LIMITS, None, 0, [], [])
    for path, parsed in zip(found, whole, strict=True):
        later = _File.later(path, read_file(path, DEFAULT_LIMITS.max_file_bytes), DEFAULT_LIMITS)
        assert later is not None and not later.loaded
        known = (later.path, later.id, later.name, later.revision, later.library, later.game_system_id)
        assert known == (parsed.path, parsed.id, parsed.name, parsed.revision, parsed.library, parsed.game_system_id)
        assert not later.loaded  # what the root element says needs no parse
        assert list(later.shared) == list(parsed.shared) and later.loaded
        assert (later.links, later.categories, later.cost_types) == (parsed.links, parsed.categories, parsed.cost_types)
        assert [r.get("id") for r in later.roots] == [r.get("id") for r in parsed.roots]
    data = found[0].read_bytes()
    unsure = {
        "zip": b"PK\x03\x04" + data,
        "utf-16": "\ufeff".encode("utf-16-le") + data.decode().encode("utf-16-le"),
        "doctype": data.replace(b"?>", b"?><!DOCTYPE catalogue>", 1),
        "foreign root": b'<?xml version="1.0"?><catalogue id="x" xmlns="urn:other"/>',
        "no id": data.replace(b' id="', b' ids="', 1),
        "no root": b"<?xml version='1.0'?>" + b" " * 10_000,
        "not xml": b"\x89PNG\r\n" + data,
    }
    for what, bytes_ in unsure.items():
        assert _File.later(tmp_path / "x.cat", bytes_, DEFAULT_LIMITS) is None, what
    # The start is fine, the rest is not: refused when first used.
    later = _File.later(tmp_path / "x.cat", data[: len(data) // 2], DEFAULT_LIMITS)
    assert later is not None
    with pytest.raises(XmlInputError, match="truncated"):
        later.roots  # noqa: B018


def test_two_processes_swap_answers_and_a_side_that_ends_gives_none() -> None:
    exchange = Exchange()
    big = ["x" * 100 + str(i) for i in range(50_000)]  # more than a pipe holds: neither waits for the other
    child = Forked.start(lambda: (exchange.side(child=True), exchange.swap(("child", big)))[1])
    exchange.side(child=False)
    assert exchange.swap(("parent", big)) == ("child", big)
    assert child is not None and child.result() == ("parent", big)
    exchange.close()
    exchange.close()  # (harmless twice)
    exchange = Exchange()
    child = Forked.start(lambda: (exchange.side(child=True), os._exit(0)))
    exchange.side(child=False)
    assert exchange.swap("anyone?") is None
    assert child is not None and child.result() is None
    exchange.close()
    # A side that has ended before the other even writes (its reading end closed): None too, no broken pipe.
    exchange = Exchange()
    child = Forked.start(lambda: (exchange.side(child=True), exchange.close(), os._exit(0)))
    exchange.side(child=False)
    assert child is not None and child.result() is None
    assert exchange.swap("too late?") is None
    exchange.close()


def test_claims_handed_out_after_the_fork_reach_a_child_that_waits(tmp_path: Path) -> None:
    claims = Claims(None)
    child = Forked.start(lambda: (claims.child(), claims.wait(), list(claims))[2])
    assert child is not None
    claims.fill([1, 3, 5, 7])
    mine = list(claims)
    theirs = child.result()
    assert isinstance(theirs, list) and sorted(mine + theirs) == [1, 3, 5, 7]
    claims.close()
    # Nothing to hand out: the child's wait ends all the same.
    claims = Claims(None)
    child = Forked.start(lambda: (claims.child(), claims.wait(), list(claims))[2])
    claims.fill([])
    assert child is not None and child.result() == []
    claims.close()
