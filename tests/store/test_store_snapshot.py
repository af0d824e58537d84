"""A catalogue read deferred in a snapshot (:meth:`CatalogueStore.snapshot`): what the window reads (issue 22).

Its datasheets are built from the kept facts, as ``ost check`` builds them;
each reads its whole JSON when first used, from the snapshot the catalogue was
read in: from the open transaction (from any thread), then from the texts
:meth:`Snapshot.pin` fetched in it. A write made afterwards changes nothing
for a catalogue the window keeps; ``ost check``'s deferred catalogue refuses
a changed row instead (tested in ``test_light_catalogue``).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest

from helpers import fields_of, sample_database
from ost.core.catalogue import LightDatasheet
from ost.store import CatalogueStore, StoreError
from ost.store.database import Snapshot

KEY = "test-key"


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    """The shipped catalogue and the 13-file sample of the real release (the test files when it is absent)."""
    return sample_database(tmp_path / "c.sqlite")


def _kept(db: Path) -> list[str]:
    return sorted(k for (k,) in sqlite3.connect(db).execute("SELECT key FROM browse_cache"))


def _names(catalogue: object) -> dict[str, object]:
    return {"count": len(catalogue)}  # type: ignore[arg-type]


def _change_row(db: Path, sheet_id: str) -> None:
    """Another Ost rewrites a datasheet's row (an import): its weapons and body are no longer those read."""
    with sqlite3.connect(db, timeout=0.2) as writer:
        data = json.loads(writer.execute("SELECT data FROM datasheets WHERE id = ?", (sheet_id,)).fetchone()[0])
        data["weapons"] = []
        writer.execute("UPDATE datasheets SET body = 'other', data = ? WHERE id = ?", (json.dumps(data), sheet_id))


def test_the_first_snapshot_after_a_write_keeps_the_facts_and_the_text_and_is_pinned_at_once(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
        assert _kept(sample_db) == []
        first = store.snapshot(KEY, _names)
        assert first.pinned and first.kept == f'{{"count":{len(whole)}}}'
        assert _kept(sample_db) == ["facts", KEY]
        again = store.snapshot(KEY, _names)  # every later read: in an open snapshot, nothing worked out
        assert not again.pinned and again.kept == first.kept
        assert all(isinstance(s, LightDatasheet) for s in again.catalogue)
        assert {s.id: fields_of(s) for s in again.catalogue} == whole == {s.id: fields_of(s) for s in first.catalogue}
        again.pin()
        assert again.pinned
        # A text no longer current is worked out again and kept.
        other = store.snapshot(KEY, lambda _c: {"count": 0}, lambda text: text.startswith('{"count":0'))
        assert other.pinned and other.kept == '{"count":0}' and store.snapshot(KEY).kept == '{"count":0}'


def test_a_datasheet_is_read_from_the_snapshot_whatever_is_written_after_it(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        store.snapshot().pin()  # the facts kept, as after any first start
        whole = {s.id: fields_of(s) for s in store.load()}
        snapshot = store.snapshot()
        armed = next(s.id for s in snapshot.catalogue if s.bs_ids and whole[s.id]["weapons"])
        others = [s.id for s in snapshot.catalogue if s.bs_ids and s.id != armed][:2]
        before, after, untouched = (snapshot.catalogue.get(i) for i in (others[0], armed, others[1]))
        assert before is not None and after is not None and untouched is not None
        assert fields_of(before) == whole[before.id]  # read in the open transaction
        snapshot.pin()  # the transaction ends: writers no longer wait
        _change_row(sample_db, after.id)
        assert fields_of(after) == whole[after.id]  # as it was when the catalogue was read
        assert fields_of(untouched) == whole[untouched.id]
        assert whole[after.id]["weapons"] and store.load().get(after.id).weapons == []  # type: ignore[union-attr]


def test_until_it_is_pinned_a_snapshot_holds_writers_back(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        store.snapshot().pin()
        snapshot = store.snapshot()
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            _change_row(sample_db, next(iter(snapshot.catalogue)).id)
        snapshot.pin()
        _change_row(sample_db, next(iter(snapshot.catalogue)).id)


def test_a_snapshot_read_on_a_worker_is_read_from_another_thread_while_the_worker_pins(sample_db: Path) -> None:
    """The window's case: the worker reads and pins; the GUI thread reads datasheets meanwhile (one at a time)."""
    with CatalogueStore(sample_db) as store:
        store.snapshot().pin()
        whole = {s.id: fields_of(s) for s in store.load()}
        handed: list[Snapshot] = []
        ready, go = threading.Event(), threading.Event()

        def worker() -> None:
            handed.append(store.snapshot())
            ready.set()
            go.wait(5)
            handed[0].pin()

        thread = threading.Thread(target=worker)
        thread.start()
        assert ready.wait(5)
        catalogue = handed[0].catalogue
        sheets = list(catalogue)
        first = sheets[: len(sheets) // 2]
        assert [fields_of(s) for s in first[:20]] == [whole[s.id] for s in first[:20]]  # before the pin, on this thread
        go.set()
        assert [fields_of(s) for s in first[20:]] == [whole[s.id] for s in first[20:]]  # while it pins
        thread.join(5)
        assert handed[0].pinned
        assert [fields_of(s) for s in sheets[len(sheets) // 2 :]] == [whole[s.id] for s in sheets[len(sheets) // 2 :]]


def test_a_cancelled_pin_leaves_the_datasheets_to_their_rows(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        store.snapshot().pin()
        whole = {s.id: fields_of(s) for s in store.load()}
        snapshot = store.snapshot()
        snapshot.pin(lambda: True)  # the program quits: nothing fetched, the transaction ended
        assert snapshot.pinned
        changed, untouched = [s for s in snapshot.catalogue if s.bs_ids][:2]
        _change_row(sample_db, changed.id)
        assert fields_of(untouched) == whole[untouched.id]  # its row, unchanged
        with pytest.raises(StoreError, match="changed while it was read"):
            _ = changed.kinds


def test_a_snapshot_of_a_locked_database_reads_the_rows_and_keeps_nothing(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
        writer = sqlite3.connect(sample_db, isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")  # another Ost writing: nothing can be kept now
        try:
            snapshot = store.snapshot(KEY, _names)
            assert snapshot.kept == f'{{"count":{len(whole)}}}'
        finally:
            writer.execute("ROLLBACK")
            writer.close()
        assert {s.id: fields_of(s) for s in snapshot.catalogue} == whole
        snapshot.pin()
        assert _kept(sample_db) == []


def test_a_snapshot_waits_for_a_writer_as_other_reads_do(sample_db: Path) -> None:
    """Another Ost committing (an exclusive lock held 2.5 s): the window's read waits, not refused."""
    with CatalogueStore(sample_db) as store:
        store.snapshot().pin()  # the facts kept, as after a first start
    locked, release = threading.Event(), threading.Event()

    def writer() -> None:
        db = sqlite3.connect(sample_db, isolation_level=None)
        db.execute("BEGIN EXCLUSIVE")
        db.execute("INSERT OR REPLACE INTO catalogue_meta VALUES ('lock-test', 'x')")
        locked.set()
        release.wait(2.5)
        db.execute("COMMIT")
        db.close()

    with CatalogueStore(sample_db) as store:  # opened first: the window's store is open when its worker reads
        thread = threading.Thread(target=writer)
        thread.start()
        try:
            assert locked.wait(10)
            snapshot = store.snapshot()
            assert snapshot.catalogue is not None and len(snapshot.catalogue) > 100
            snapshot.pin()
        finally:
            release.set()
            thread.join()
