"""The kept facts (issue 22): one text of every datasheet's facts, decoded straight into light datasheets.

``ost check`` and the window read the catalogue deferred (:meth:`CatalogueStore.load` with ``deferred``,
:meth:`CatalogueStore.snapshot`): every datasheet's facts from one text kept in ``browse_cache`` after each
write. The text holds complete facts only, their defaults left out, and starts with its layout, the Ost
version and the facts' fields: a text that does not is worked out again from the rows. Whatever is read so
must be the datasheets the rows hold, word for word.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from helpers import BSDATA_FULL, fields_of, sample_database
from ost.core.catalogue import FACT_FIELDS, LightDatasheet
from ost.services import import_bsdata, open_store
from ost.store import CatalogueStore
from ost.store.database import _FACTS_KEY, _kept_head


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    """The shipped catalogue and the 13-file sample of the real release (the test files when it is absent)."""
    return sample_database(tmp_path / "c.sqlite")


def _kept_text(db: Path) -> str | None:
    row = sqlite3.connect(db).execute("SELECT value FROM browse_cache WHERE key = ?", (_FACTS_KEY,)).fetchone()
    return None if row is None else str(row[0])


def _set_kept_text(db: Path, text: str) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE browse_cache SET value = ? WHERE key = ?", (text, _FACTS_KEY))
    connection.close()


def _facts_of(sheet: object) -> dict[str, object]:
    return {name: getattr(sheet, name) for name in FACT_FIELDS}


def _light_and_unread(catalogue: object) -> bool:
    """Every datasheet a :class:`LightDatasheet` (of that very class: none left as decoded), none read whole yet."""
    return all(type(s) is LightDatasheet and not s.is_whole for s in catalogue)  # type: ignore[attr-defined]


def test_the_kept_text_holds_every_datasheets_facts_without_their_defaults(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
        from_rows = store.load(light=True, deferred=True)  # worked out from the rows, then kept
        text = _kept_text(sample_db)
        assert text is not None and text.startswith(_kept_head())
        rows_facts = sum(len(f) for (f,) in sqlite3.connect(sample_db).execute("SELECT facts FROM datasheets"))
        assert len(text) < rows_facts * 0.9  # defaults left out
        assert '"hidden":false' not in text and '"aliases":[]' not in text
        kept = store.load(light=True, deferred=True)  # from the kept text
        assert _light_and_unread(kept)
        assert {s.id: _facts_of(s) for s in kept} == {i: {n: f[n] for n in FACT_FIELDS} for i, f in whole.items()}
        assert _light_and_unread(kept)  # facts read: nothing read whole
        assert {s.id: fields_of(s) for s in kept} == whole == {s.id: fields_of(s) for s in from_rows}
        assert [s.id for s in kept] == [s.id for s in store.load()]  # in the same order


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"layout":2,', '"layout":1,'),  # another layout
        ('"ost":"', '"ost":"0.0.0-'),  # another Ost
        ("hidden:bool=", "hidden:int="),  # the datasheet's fields as another Ost declared them
        (";hidden:bool=False", ""),
        ("hidden:bool=False;", "hidden:bool=True;"),  # kept under another default: a left-out field reads otherwise
    ],
    ids=["layout", "ost", "field-type", "field-gone", "field-default"],
)
def test_a_text_kept_by_another_ost_or_for_other_fields_is_worked_out_again(
    sample_db: Path, old: str, new: str
) -> None:
    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
        store.load(light=True, deferred=True)
        text = _kept_text(sample_db)
        assert text is not None and old in text
        _set_kept_text(sample_db, text.replace(old, new, 1))
        again = store.load(light=True, deferred=True)
        assert _kept_text(sample_db) == text  # kept again, as this Ost writes it
        assert {s.id: fields_of(s) for s in again} == whole


def test_a_kept_text_that_no_longer_decodes_is_worked_out_again(sample_db: Path) -> None:
    """Its head as this Ost writes it, a value of another type inside (kept before a field's type changed)."""
    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
        store.load(light=True, deferred=True)
        text = _kept_text(sample_db)
        assert text is not None and '"points":' in text
        _set_kept_text(sample_db, text.replace('"points":', '"points":"x","was":', 1))
        again = store.load(light=True, deferred=True)
        assert _kept_text(sample_db) == text
        assert {s.id: fields_of(s) for s in again} == whole


@pytest.mark.parametrize("cut", [0.5, 0.999], ids=["half", "last-bytes"])
def test_a_truncated_kept_text_is_worked_out_again(sample_db: Path, cut: float) -> None:
    """A kept text cut short (a disk full, a hand edit): worked out again, never an error nor an empty catalogue."""
    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
        store.load(light=True, deferred=True)
        text = _kept_text(sample_db)
        assert text is not None
        _set_kept_text(sample_db, text[: int(len(text) * cut)])
        again = store.load(light=True, deferred=True)
        assert _kept_text(sample_db) == text
        assert {s.id: fields_of(s) for s in again} == whole
        _set_kept_text(sample_db, text[: int(len(text) * cut)])
        snapshot = store.snapshot()
        try:
            assert {s.id: fields_of(s) for s in snapshot.catalogue} == whole
        finally:
            snapshot.close()


def test_a_facts_text_that_cannot_be_read_back_reads_every_datasheet_whole(
    sample_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were the text just worked out unreadable (a fault of Ost's), the datasheets are read whole, none lost."""
    import ost.store.database as database

    with CatalogueStore(sample_db) as store:
        whole = {s.id: fields_of(s) for s in store.load()}
        monkeypatch.setattr(database, "_rows_of", lambda text: None)
        again = store.load(light=True, deferred=True)
        assert {s.id: fields_of(s) for s in again} == whole


def test_an_overridden_datasheet_is_read_whole_with_its_override(sample_db: Path) -> None:
    with CatalogueStore(sample_db) as store:
        sheet_id = next(s.id for s in store.load() if s.points > 0 and s.kinds)
        store.set_override(sheet_id, "points", 321)
        store.load(light=True, deferred=True)  # kept
        sheet = store.load(light=True, deferred=True).get(sheet_id)
        assert sheet is not None and sheet.points == 321
        assert not isinstance(sheet, LightDatasheet) or sheet.is_whole
        assert fields_of(sheet) == fields_of(store.load().get(sheet_id))  # type: ignore[arg-type]


@pytest.mark.bsdata
@pytest.mark.slow  # one import of the full release
@pytest.mark.skipif(not BSDATA_FULL.is_dir(), reason=f"the full release is absent ({BSDATA_FULL})")
def test_the_full_release_reads_alike_from_its_kept_text(tmp_path: Path) -> None:
    """3,807 datasheets: each the same read from the kept text, from the rows' facts, and whole."""
    db = tmp_path / "full.sqlite"
    store = open_store(db)
    try:
        import_bsdata(store, [BSDATA_FULL])
        whole = {s.id: fields_of(s) for s in store.load()}
        light = {s.id: _facts_of(s) for s in store.load(light=True)}  # each row's facts on their own
        store.load(light=True, deferred=True)  # kept
        kept = store.load(light=True, deferred=True)
    finally:
        store.close()
    assert len(whole) > 3_500
    assert _light_and_unread(kept)
    assert {s.id: _facts_of(s) for s in kept} == light
    assert _light_and_unread(kept)
    assert {s.id: fields_of(s) for s in kept} == whole
