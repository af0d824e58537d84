"""The window reads its catalogue light (issue 22): the same window, without reading every datasheet whole.

:func:`ost.gui.app.load_catalogue` builds each datasheet from its facts; the
catalogue pane, the search and the list read only those, and a datasheet is
read whole when a list uses it. Whatever the window shows must be what it
shows on a catalogue read whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import helpers
from ost.core.catalogue import Catalogue, Datasheet, LightDatasheet
from ost.gui.app import load_catalogue
from ost.gui.main_window import MainWindow
from ost.gui.settings import Settings
from ost.store import CatalogueStore

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.UserRole + 1)


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped catalogue and the 13-file sample of the real release (the test files when it is absent)."""
    return helpers.sample_database(tmp_path_factory.mktemp("light") / "c.sqlite")


def _rows(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[tuple[object, ...]]:
    """What a model shows, row by row, depth first (text, tooltip, id of every column)."""
    parent = parent if parent is not None else QModelIndex()
    for row in range(model.rowCount(parent)):
        yield tuple(model.index(row, c, parent).data(role) for c in range(model.columnCount(parent)) for role in ROLES)
        yield from _rows(model, model.index(row, 0, parent))


def _window(qtbot: QtBot, catalogue: Catalogue, tmp_path: Path, name: str) -> MainWindow:
    window = MainWindow(catalogue, settings=Settings(path=tmp_path / f"{name}.json"), autosave_dir=tmp_path / name)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    QApplication.processEvents()
    return window


def test_the_window_loads_a_light_catalogue_and_browses_it_without_reading_it_whole(
    qtbot: QtBot, sample_db: Path, tmp_path: Path
) -> None:
    catalogue, path, _notice = load_catalogue(sample_db)
    assert path == sample_db
    assert len(catalogue) > helpers.MANY_SHEETS and all(isinstance(s, LightDatasheet) for s in catalogue)
    window = _window(qtbot, catalogue, tmp_path, "light")
    for text in ("intercessor", "capitaine", "rhino", "e", ""):
        window.search.setText(text)
        window.browser.apply_filter()
        QApplication.processEvents()
    assert helpers.read_whole(catalogue) == []  # the pane and the search read facts only
    assert window.browser.select_sheet(next(s.id for s in catalogue if "Rhino" in s.name))
    window.browser.add_button.click()
    read = helpers.read_whole(catalogue)  # what the list uses, read whole
    assert window.army.unit_count() == 1 and 1 <= len(read) < 10
    window.undo_stack.setClean()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_window_shows_the_same_on_a_light_and_a_whole_catalogue(
    qtbot: QtBot, sample_db: Path, tmp_path: Path, lang: str
) -> None:
    with CatalogueStore(sample_db) as store:
        catalogues = {"whole": store.load(), "light": store.load(light=True)}
    shown: dict[str, object] = {}
    for name, catalogue in catalogues.items():
        window = MainWindow(
            catalogue, lang=lang, settings=Settings(path=tmp_path / f"{name}.json"), autosave_dir=tmp_path / name
        )
        qtbot.addWidget(window)
        window.show()
        window.search.setText("marine")
        window.browser.apply_filter()
        browser = list(_rows(window.browser.model))
        for sheet_id in [i for i in window.browser._by_id if "rhino" in i or "captain" in i or "capitaine" in i][:6]:
            assert window.browser.select_sheet(sheet_id)
            window.browser.add_button.click()
        QApplication.processEvents()
        listed = list(_rows(window.model))
        findings = [(f.code, f.message(lang)) for f in window.report.findings] if window.report else []
        first = window.army.detachments[0].units[0]
        window.select_units([first.id])
        QApplication.processEvents()
        form = [label.text() for label in window.editor.findChildren(type(window.list_name))]
        shown[name] = (browser, listed, findings, form)
        window.undo_stack.setClean()
        window.close()
    assert shown["light"] == shown["whole"]
    assert isinstance(next(iter(catalogues["light"])), Datasheet)
