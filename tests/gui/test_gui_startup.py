"""The window shows before the catalogue is read; what the user asks meanwhile waits, never lost."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from helpers import ROOT, ListBuilder
from ost.core import listfile
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual
from ost.gui.app import CatalogueLoader
from ost.gui.main_window import MainWindow
from ost.gui.settings import Settings

pytestmark = pytest.mark.gui


@pytest.fixture
def loading(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """A window shown without its catalogue yet, as ``ost gui`` shows it at start."""
    win = MainWindow(None, lang="fr", settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "auto")
    win.checks = []  # type: ignore[attr-defined]  # every verdict the window works out
    win.checked.connect(win.checks.append)  # type: ignore[attr-defined]
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.undo_stack.setClean()
    win.close()
    win.deleteLater()


def _action(window: MainWindow, text: str) -> QAction:
    found = [a for a in window.findChildren(QAction) if a.text() == text]
    assert len(found) == 1, text
    return found[0]


def test_window_is_shown_before_the_catalogue_and_says_it_is_loading(loading: MainWindow) -> None:
    assert loading.isVisible()
    assert not loading.catalogue_ready
    assert len(loading.catalogue) == 0
    browser = loading.browser
    assert browser.model.rowCount() == 1
    assert "catalogue" in str(browser.model.index(0, 0).data()).lower()
    assert not browser.search.isEnabled()
    assert "catalogue" in loading.catalogue_label.text().lower()
    assert "catalogue" in loading.report_view.verdict.text().lower()
    assert loading.checks == []  # type: ignore[attr-defined]  # no verdict on an empty catalogue (it would be all false errors)
    assert loading.menuBar().actions(), "the menus are there from the first paint"


def test_actions_taken_while_loading_run_once_the_catalogue_is_there(
    loading: MainWindow, mini: Catalogue, tmp_path: Path
) -> None:
    b = ListBuilder(mini, 1000, name="Ultramarines")
    b.add("captain", warlord=True)
    b.add("intercessors")
    path = tmp_path / "given.ost"
    listfile.save(b.army, path)
    clipboard = QGuiApplication.clipboard()
    clipboard.setText("before")

    assert loading.documents.open_path(path)  # a list named on the command line
    loading.add_unit("scouts")  # a unit asked for early
    _action(loading, "&Copy the list as text").trigger()  # a menu action that needs the catalogue
    loading.list_name.setText("Renamed")
    loading.list_name.editingFinished.emit()  # editing the list itself needs no catalogue
    assert loading.army.unit_count() == 0  # nothing ran against the empty catalogue
    assert loading.army.name == "Renamed"
    assert clipboard.text() == "before"

    loading.catalogue_loaded(
        mini, tmp_path / "cat.sqlite", Bilingual(fr="catalogue reconstruit", en="catalogue rebuilt")
    )

    assert loading.catalogue_ready and loading.catalogue is mini
    assert loading.path == path
    assert [u.datasheet for _, u in loading.army.units()] == ["captain", "intercessors", "scouts"]
    assert "Ultramarines" in clipboard.text()  # the copy ran after the list was opened, in the order asked
    assert len(loading.checks) >= 1 and loading.report is not None  # type: ignore[attr-defined]
    assert loading.browser.search.isEnabled()
    assert loading.browser.select_sheet("captain")
    assert str(len(mini)) in loading.catalogue_label.text()


def test_what_opening_the_catalogue_did_is_shown_in_the_status_bar(loading: MainWindow, mini: Catalogue) -> None:
    loading.catalogue_loaded(
        mini, None, Bilingual(fr="catalogue reconstruit (12 fiches)", en="catalogue rebuilt (12 datasheets)")
    )
    assert loading.statusBar().currentMessage() == "catalogue reconstruit (12 fiches)"


def test_loader_reads_the_database_on_a_worker_thread(qtbot: QtBot, loading: MainWindow, mini_db: Path) -> None:
    loader = CatalogueLoader(mini_db, loading)
    loader.loaded.connect(loading.catalogue_loaded)
    with qtbot.waitSignal(loading.catalogue_arrived, timeout=60_000):
        loader.start()
    assert loader.operation is not None and loader.operation.finished
    assert loading.catalogue_ready
    assert loading.catalogue.get("captain") is not None
    assert loading.db_path == mini_db


def test_loader_says_why_a_database_cannot_open(
    qtbot: QtBot, loading: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "not-a-database.sqlite"
    bad.write_bytes(b"this is not SQLite" * 100)
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: told.append(text))
    loader = CatalogueLoader(bad, loading)
    loader.failed.connect(loading.catalogue_failed)
    with qtbot.waitSignal(loader.failed, timeout=60_000):
        loader.start()
    qtbot.waitUntil(lambda: bool(told))
    assert not loading.catalogue_ready
    assert str(bad) in told[0] or "database" in told[0].lower() or "base" in told[0].lower()


def test_the_program_paints_before_touching_the_database_then_loads_it(tmp_path: Path) -> None:
    """``ost gui``: the first paint happens before the database is opened; then it is built and read."""
    db = tmp_path / "fresh.sqlite"
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(ROOT / "app"),
    }
    ost = [sys.executable, "-m", "ost", "--db", str(db), "gui"]
    shown = subprocess.run([*ost, "--quit-when-shown"], capture_output=True, text=True, timeout=120, env=env)
    assert shown.returncode == 0, shown.stderr[-2000:]
    assert not db.exists()  # the window was up before anything opened the database
    ready = subprocess.run([*ost, "--quit-when-ready"], capture_output=True, text=True, timeout=300, env=env)
    assert ready.returncode == 0, ready.stderr[-2000:]
    assert db.stat().st_size > 10_000  # built from the shipped catalogue, then read
    assert "none_dealloc" not in ready.stderr and "Traceback" not in ready.stderr


# -- the first paint needs only Qt (issue 22) -----------------------------------------------------

#: The modules ``ost gui`` imports before its first paint (the catalogue pane's, from the kept rows, among them).
FIRST_PAINT_MODULES = (
    "ost.cli.main",
    "ost.gui.app",
    "ost.gui.main_window",
    "ost.gui.catalogue_browser",
    "ost.gui.browse_rows",
    "ost.store.browsing",
)
#: What they must not import: the core models (pydantic), the database, the list model and panes; nor
#: OpenSSL's hashes (2 ms) and platformdirs (3 ms), which the first paint needs no more than the bare window does.
HEAVY = ("pydantic", "sqlalchemy", "ost.core.catalogue", "ost.core.armylist", "ost.gui.documents", "ost.gui.list_model",
         "hashlib", "platformdirs")  # fmt: skip


def test_the_first_paint_modules_import_neither_pydantic_nor_the_panes() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {name}\n" for name in FIRST_PAINT_MODULES)
        + f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT / "app")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [], "imported before the first paint"


def test_the_window_shown_on_its_first_paint_has_only_qt_inside(tmp_path: Path) -> None:
    """Built as ``ost gui`` builds it: the frame is painted before the core models are built."""
    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from ost.gui.main_window import MainWindow\n"
        "app = QApplication(sys.argv)\n"
        f"w = MainWindow(None, lang='fr', autosave_dir=__import__('pathlib').Path({str(tmp_path / 'a')!r}), "
        "panes_later=True)\n"
        "w.show(); app.processEvents()\n"
        "print('ost.core.catalogue' in sys.modules, bool(w.menuBar().actions()), w.centralWidget().text())\n"
        "w.build_panes(); app.processEvents()\n"
        "print('ost.core.catalogue' in sys.modules, w.centralWidget() is w.splitter,"
        " any(m.startswith('pydantic') for m in sys.modules))\n"
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(ROOT / "app"),
        "HOME": str(tmp_path),
    }
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    first, built = done.stdout.splitlines()
    assert first == "False True Loading the catalogue…"  # menus and the notice, no models yet
    assert built == "True True False"  # the panes and the core models, and still no pydantic


@pytest.mark.parametrize(("lang", "loading"), [("fr", "Chargement du catalogue…"), ("en", "Loading the catalogue…")])
def test_the_frame_says_the_catalogue_is_loading_in_the_users_language(
    qtbot: QtBot, tmp_path: Path, lang: str, loading: str
) -> None:
    from PySide6.QtWidgets import QApplication, QLabel

    from ost.gui.app import install_translators

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    translators = install_translators(app, lang)
    try:
        win = MainWindow(None, lang=lang, autosave_dir=tmp_path / "a", panes_later=True)
        qtbot.addWidget(win)
        win.show()
        qtbot.waitExposed(win)
        central = win.centralWidget()
        assert isinstance(central, QLabel) and central.text() == loading
        assert win.catalogue_label.text() == loading
        assert win.windowTitle() == ("Nouvelle liste[*] — Ost" if lang == "fr" else "New list[*] — Ost")
        assert not win.panes_built
        win.build_panes()
        assert win.panes_built and win.centralWidget() is win.splitter
        assert win.browser.model.rowCount() == 1  # the catalogue pane still says it is loading
        win.undo_stack.setClean()
        win.autosaver.release()
    finally:
        for translator in translators:
            app.removeTranslator(translator)


def test_menu_actions_taken_before_the_panes_wait_for_them(qtbot: QtBot, tmp_path: Path, mini: Catalogue) -> None:
    win = MainWindow(None, lang="en", autosave_dir=tmp_path / "a", panes_later=True)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    _action(win, "New &detachment").trigger()  # needs the list: waits for the panes
    _action(win, "&Copy the list as text").trigger()  # needs the catalogue too: waits for both
    assert not win.panes_built

    win.build_panes()
    assert len(win.army.detachments) == 2  # the detachment asked before the panes existed
    assert win.undo_stack.count() == 1

    clipboard = QGuiApplication.clipboard()
    clipboard.setText("before")
    win.catalogue_loaded(mini, tmp_path / "cat.sqlite", ())
    assert clipboard.text() != "before"  # the copy ran once the catalogue was there
    win.undo_stack.setClean()
    win.autosaver.release()


def test_a_catalogue_arriving_before_the_panes_builds_them(qtbot: QtBot, tmp_path: Path, mini: Catalogue) -> None:
    win = MainWindow(None, lang="en", autosave_dir=tmp_path / "a", panes_later=True)
    qtbot.addWidget(win)
    win.catalogue_loaded(mini, None, ())
    assert win.panes_built and win.catalogue is mini
    win.add_unit("captain")
    assert [u.datasheet for _, u in win.army.units()] == ["captain"]
    win.undo_stack.setClean()
    win.autosaver.release()
