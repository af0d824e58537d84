"""The window reads its catalogue deferred, as ``ost check`` does (issue 22), and answers as on a whole one.

:func:`ost.gui.app.read_window_catalogue` builds every datasheet from the
facts kept in one text; a datasheet's JSON is read only when it is used (a
unit form, a card, a check), from the snapshot the catalogue was read in
(:class:`ost.store.database.Snapshot`). Whatever the window shows of real
lists (the examples, rosters of the real release) must be what it shows on a
catalogue read whole, in both languages.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QCheckBox, QComboBox, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

import helpers
from ost.core.catalogue import Catalogue, LightDatasheet
from ost.gui.app import CatalogueLoader, read_window_catalogue
from ost.gui.main_window import MainWindow
from ost.gui.settings import Settings
from ost.services import import_bsdata, open_store
from ost.store import CatalogueStore

pytestmark = pytest.mark.gui

FULL_RELEASE = helpers.SHARED / "bsdata-9e-full"
ROSTERS = helpers.SHARED / "rosters-9e"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
#: Real lists: Ost's examples (shipped catalogue) and rosters of the real release (imported datasheets).
LISTS = (
    EXAMPLES / "legal" / "space-marines-2000.ost",
    EXAMPLES / "legal" / "necrons-4000.ost",
    EXAMPLES / "illegal" / "CHAR-MAX.ost",
    ROSTERS / "tyranids-1300-monsters.ros",
    ROSTERS / "csm-votann-275-characters.ros",
    ROSTERS / "gk-620-pwestling.rosz",
    ROSTERS / "craftworlds-215-hemlock.ros",
)


@pytest.fixture(scope="module")
def full_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped catalogue and the full BattleScribe release, imported."""
    if not (FULL_RELEASE / "Tyranids.cat").exists():
        pytest.skip("needs the full BattleScribe release in ../shared/bsdata-9e-full")
    db = tmp_path_factory.mktemp("deferred") / "c.sqlite"
    with open_store(db) as store:
        import_bsdata(store, [FULL_RELEASE])
    return db


def _rows(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[tuple[object, ...]]:
    parent = parent if parent is not None else QModelIndex()
    for row in range(model.rowCount(parent)):
        yield tuple(model.index(row, c, parent).data(role) for c in range(model.columnCount(parent)) for role in ROLES)
        yield from _rows(model, model.index(row, 0, parent))


def _form(window: MainWindow) -> list[object]:
    """What the unit form shows: its labels, boxes, choices and ticks, in order."""
    shown: list[object] = []
    for widget in window.editor.findChildren(QLabel):
        shown.append(("label", widget.text()))
    for line in window.editor.findChildren(QLineEdit):
        shown.append(("line", line.text()))
    for box in window.editor.findChildren(QAbstractSpinBox):
        shown.append(("box", box.text(), box.isEnabled()))
    for combo in window.editor.findChildren(QComboBox):
        shown.append(("combo", [combo.itemText(i) for i in range(combo.count())], combo.currentIndex()))
    for check in window.editor.findChildren(QCheckBox):
        shown.append(("check", check.text(), check.isChecked()))
    return shown


def _what_the_window_shows(qtbot: QtBot, catalogue: Catalogue, tmp_path: Path, name: str, lang: str) -> list[object]:
    window = MainWindow(
        catalogue, lang=lang, settings=Settings(path=tmp_path / f"{name}.json"), autosave_dir=tmp_path / name
    )
    qtbot.addWidget(window)
    window.exec_dialog = lambda _dialog: 0  # type: ignore[method-assign]
    window.show()
    shown: list[object] = []
    try:
        for path in LISTS:
            assert window.documents.open_path(path), path
            QApplication.processEvents()
            findings = [(f.code, f.message(lang)) for f in window.report.findings] if window.report else []
            shown.append((path.name, list(_rows(window.model)), findings))
            for _detachment, unit in list(window.army.units())[:8]:
                window.select_units([unit.id])
                QApplication.processEvents()
                shown.append(_form(window))
                window._show_sheet(unit.datasheet, switch=False)  # the card of its datasheet
                shown.append(window.details.toHtml())
            window.undo_stack.setClean()
    finally:
        window.undo_stack.setClean()
        window.close()
    return shown


@pytest.mark.bsdata
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_window_shows_real_lists_the_same_on_a_deferred_and_a_whole_catalogue(
    qtbot: QtBot, full_db: Path, tmp_path: Path, lang: str
) -> None:
    _first, snapshot = read_window_catalogue(full_db)  # (the first after the import keeps the facts and the rows)
    snapshot.pin()
    (deferred, path, _notice, rows), snapshot = read_window_catalogue(full_db)  # as every later start reads it
    assert path == full_db and len(rows.rows) > 3000
    assert len(deferred) > 3000 and all(isinstance(s, LightDatasheet) for s in deferred)
    assert helpers.read_whole(deferred) == [] and not snapshot.pinned  # nothing read whole yet: facts only
    snapshot.pin()  # (as the window's loader does once the catalogue is handed over)
    with CatalogueStore(full_db) as store:
        whole = store.load()
    expected = _what_the_window_shows(qtbot, whole, tmp_path, "whole", lang)
    seen = _what_the_window_shows(qtbot, deferred, tmp_path, "deferred", lang)
    assert seen == expected
    # The lists' datasheets were read whole, and those only.
    used = len(helpers.read_whole(deferred))
    assert 10 < used < 300, used
    assert any(finding for entry in seen if isinstance(entry, tuple) for finding in entry[2])  # CHAR-MAX is illegal


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    """The shipped catalogue and the 13-file sample, its facts and pane rows kept (as after a first start)."""
    db = helpers.sample_database(tmp_path / "c.sqlite")
    read_window_catalogue(db)[1].pin()
    return db


def _loaded_window(qtbot: QtBot, db: Path, tmp_path: Path) -> tuple[MainWindow, CatalogueLoader]:
    """A window given its catalogue by the loader, as ``ost gui`` does."""
    window = MainWindow(
        None, lang="fr", db_path=db, settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a"
    )
    qtbot.addWidget(window)
    window.show()
    loader = CatalogueLoader(db, window)
    window.settle_catalogue = loader.settle  # type: ignore[method-assign]
    loader.loaded.connect(window.catalogue_loaded)
    with qtbot.waitSignal(window.catalogue_arrived, timeout=60_000):
        loader.start()
    return window, loader


def test_the_loader_pins_the_snapshot_a_moment_after_the_hand_over(
    qtbot: QtBot, sample_db: Path, tmp_path: Path
) -> None:
    window, loader = _loaded_window(qtbot, sample_db, tmp_path)
    snapshot = loader._snapshot
    assert snapshot is not None and not snapshot.pinned  # the window paints and checks first
    assert all(isinstance(s, LightDatasheet) for s in window.catalogue)
    qtbot.waitUntil(lambda: snapshot.pinned, timeout=10_000)
    # Pinned, the loader lets it go: the window's catalogue alone holds it (an import replacing it frees it).
    qtbot.waitUntil(lambda: loader._snapshot is None and loader.pinning is None, timeout=10_000)
    # Another Ost rewrites every row: the window's datasheets are still those it read.
    with CatalogueStore(sample_db) as store:
        whole = {s.id: s.weapons for s in store.load()}
    with sqlite3.connect(sample_db) as writer:
        writer.execute("UPDATE datasheets SET body = 'other', data = json_set(data, '$.weapons', json('[]'))")
    assert {s.id: s.weapons for s in window.catalogue} == whole
    window.undo_stack.setClean()


def test_a_write_made_by_the_window_before_the_pin_does_not_wait_for_it(
    qtbot: QtBot, sample_db: Path, tmp_path: Path
) -> None:
    """Without :meth:`CatalogueLoader.settle` the write would wait for the open snapshot and fail as locked."""
    window, loader = _loaded_window(qtbot, sample_db, tmp_path)
    snapshot = loader._snapshot
    assert snapshot is not None and not snapshot.pinned
    unread = [s for s in window.catalogue if s.bs_ids][-1]
    source = next(iter(window.catalogue.sources))
    assert window.importer.switch_sources([source])  # written at once: the snapshot was pinned first
    assert snapshot.pinned
    assert unread.weapons is not None  # read from the pinned snapshot
    assert not window.catalogue.sources[source].enabled  # the catalogue read back
    window.undo_stack.setClean()


@pytest.mark.bsdata
def test_every_unit_of_every_real_roster_shows_its_form(qtbot: QtBot, full_db: Path, tmp_path: Path) -> None:
    """Each unit of the 16 real rosters selected in the window: its form and card are built, no error.

    Seven of them raised TypeError in the form: models keeping a weapon by name (no catalogue id) beside
    one of the catalogue could not be sorted into groups of identical models.
    """
    with CatalogueStore(full_db) as store:
        catalogue = store.load()
    window = MainWindow(catalogue, lang="en", settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a")
    qtbot.addWidget(window)
    window.exec_dialog = lambda _dialog: 0  # type: ignore[method-assign]
    window.show()
    rosters = sorted(p for p in ROSTERS.iterdir() if p.suffix in (".ros", ".rosz"))
    assert len(rosters) == 16
    shown = 0
    try:
        for path in rosters:
            assert window.documents.open_path(path), path
            for _detachment, unit in list(window.army.units()):
                window.select_units([unit.id])
                QApplication.processEvents()
                assert window.editor.findChildren(QLabel), (path.name, unit.snapshot.name)
                shown += 1
            window.undo_stack.setClean()
    finally:
        window.undo_stack.setClean()
        window.close()
    assert shown > 90
