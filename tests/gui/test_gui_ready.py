"""The catalogue pane is filled and searchable on the first paint, from rows kept in the database (issue 22).

The window reads the pane's rows (:mod:`ost.gui.browse_rows`) with the
standard library before any datasheet model is imported; the catalogue
itself loads after, and what needs it (adding a unit by a double-click, Enter
or a drag) waits for it and is then carried out. Right after a write nothing
is kept: the loader works the rows out, as ``ost catalogue list`` works its
browse table out, and keeps them for the next start.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import helpers
from ost.core.text import fold
from ost.gui.app import load_window_catalogue
from ost.gui.browse_rows import PaneRows, pane_rows, parse_rows, read_kept_rows
from ost.gui.main_window import MainWindow
from ost.gui.settings import Settings
from ost.services import set_source_enabled
from ost.store import CatalogueStore
from ost.store.browsing import forget_browse

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped catalogue and the 13-file sample of the real release (the test files when it is absent)."""
    return helpers.sample_database(tmp_path_factory.mktemp("ready") / "c.sqlite")


@pytest.fixture
def db(sample: Path, tmp_path: Path) -> Path:
    """A copy of the sample database, its pane's rows kept (as after one start of the window)."""
    copy = tmp_path / "copy.sqlite"
    shutil.copy(sample, copy)
    load_window_catalogue(copy)
    return copy


def _forget(db: Path) -> None:
    """Empty the browse table as every write of the store does."""
    with sqlite3.connect(db) as connection:
        forget_browse(connection.execute)


def _sheets(window: MainWindow, parent: QModelIndex | None = None) -> list[str]:
    """The datasheet ids the pane's search leaves, depth first."""
    model, parent = window.browser.model, parent if parent is not None else QModelIndex()
    found: list[str] = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        sheet = window.browser._sheet_id(index)
        found.extend([sheet] if sheet else _sheets(window, index))
    return found


def _search(window: MainWindow, text: str) -> list[str]:
    window.search.setText(text)
    window.browser.apply_filter()
    QApplication.processEvents()
    return _sheets(window)


def _frame(qtbot: QtBot, db: Path, tmp_path: Path, lang: str) -> tuple[MainWindow, PaneRows]:
    """The window as ``ost gui`` paints it first: its catalogue pane from the kept rows, no panes, no catalogue."""
    rows = read_kept_rows(db)
    assert rows is not None
    window = MainWindow(
        None, lang=lang, settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a", panes_later=True,
        rows=rows,
    )  # fmt: skip
    window.exec_dialog = lambda _dialog: 0  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    QApplication.processEvents()
    return window, rows


def test_right_after_a_write_the_rows_are_worked_out_as_the_listing_is_and_kept(db: Path) -> None:
    _forget(db)
    assert read_kept_rows(db) is None  # nothing kept: the window starts with "loading" in the pane
    catalogue, path, _notice, rows = load_window_catalogue(db)
    assert path == db
    kept = read_kept_rows(db)
    assert kept is not None and kept.text == rows.text and kept.rows == rows.rows
    # The same datasheets as `ost catalogue list` (worked out in its turn), hidden ones left out of the pane.
    with CatalogueStore(db) as store:
        listed = [row.id for row in store.browse().rows]
    shown = catalogue.get
    assert {row[0] for row in rows.rows} == {i for i in listed if not (sheet := shown(i)) or not sheet.hidden}
    assert len(rows.rows) > helpers.MANY_SHEETS
    assert pane_rows(catalogue).text == rows.text
    # The next start reads them back; the loader hands back the rows the pane shows, unchanged.
    again = load_window_catalogue(db, kept)
    assert again[3] is kept


def test_kept_rows_are_read_as_json_reads_them_and_anything_else_is_not_read(db: Path) -> None:
    with sqlite3.connect(db) as connection:
        text = connection.execute("SELECT value FROM browse_cache WHERE key = 'pane'").fetchone()[0]
    rows = parse_rows(text)
    data = json.loads(text)
    assert rows is not None and len(rows.rows) > helpers.MANY_SHEETS
    assert rows.rows == tuple((*row[:9], tuple(row[9]), tuple(row[10])) for row in data["rows"])
    assert rows.groups == {group: tuple(names) for group, names in data["groups"].items()}
    assert rows.sources == data["sources"] and rows.english_order == tuple(data["en"]) and rows.text == text
    for broken in ("", "not JSON", text[:-1], "[1, 2]", '{"layout": 1}', text.replace('"layout":1', '"layout":7', 1)):
        assert parse_rows(broken) is None


def test_rows_of_another_version_are_not_read(db: Path) -> None:
    with sqlite3.connect(db) as connection:
        text = connection.execute("SELECT value FROM browse_cache WHERE key = 'pane'").fetchone()[0]
        older = text.replace('"layout":1,', '"layout":0,', 1)
        connection.execute("UPDATE browse_cache SET value = ? WHERE key = 'pane'", (older,))
    assert read_kept_rows(db) is None
    _catalogue, _path, _notice, rows = load_window_catalogue(db)  # worked out again and kept
    assert rows.text == text and read_kept_rows(db) is not None


def test_rows_are_read_from_the_default_database_and_reading_creates_nothing(db: Path, tmp_path: Path) -> None:
    default = Path(os.environ["OST_DB"])  # (a path of the test's own: tests/conftest.py)
    assert read_kept_rows(None) is None and not default.exists()  # the default database is not there yet
    shutil.copy(db, default)
    kept = read_kept_rows(None)
    assert kept is not None and kept == read_kept_rows(db)
    assert read_kept_rows(tmp_path / "not-a-database.sqlite") is None
    assert not (tmp_path / "not-a-database.sqlite").exists()
    (tmp_path / "bad.sqlite").write_bytes(b"this is not SQLite" * 100)
    assert read_kept_rows(tmp_path / "bad.sqlite") is None


@pytest.mark.parametrize(
    ("lang", "word", "name"),
    [("fr", "intercessor", "Escouade d'Intercessors"), ("en", "intercessor", "Intercessor Squad")],
)
def test_the_pane_is_filled_and_searchable_on_the_first_paint_without_the_models(
    db: Path, tmp_path: Path, lang: str, word: str, name: str
) -> None:
    """In a process of its own, as ``ost gui`` starts: no pydantic, no msgspec, no datasheet built, the search works."""
    code = f"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from ost.gui.app import install_translators
from ost.gui.browse_rows import read_kept_rows
from ost.gui.main_window import MainWindow
app = QApplication(sys.argv)
install_translators(app, {lang!r})
w = MainWindow(None, lang={lang!r}, autosave_dir=Path({str(tmp_path / "a")!r}), panes_later=True)
w.show(); app.processEvents()
first = type(w.centralWidget()).__name__
w.show_pane_rows(read_kept_rows(Path({str(db)!r})))
app.processEvents()
b = w.browser
factions = b.model.rowCount()
w.search.setText({word!r}); b.apply_filter(); app.processEvents()
def names(parent, model=b.model):
    out = []
    for r in range(model.rowCount(parent)):
        i = model.index(r, 0, parent)
        out.extend([i.data()] if b._sheet_id(i) else names(i))
    return out
from PySide6.QtCore import QModelIndex
found = names(QModelIndex())
print(json.dumps([factions, found, w.search.isEnabled(), "pydantic" in sys.modules,
                  "ost.core.catalogue" in sys.modules, w.centralWidget() is w.splitter, w.panes_built, first,
                  w.browser.width(), "msgspec" in sys.modules]))
"""
    env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(helpers.ROOT / "app"),
           "HOME": str(tmp_path)}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    factions, found, searchable, pydantic, models, split, built, first, width, msgspec = json.loads(
        done.stdout.splitlines()[-1]
    )
    assert first == "QLabel"  # the frame's first paint, then the pane
    assert factions > 3 and searchable and split and not built and width >= 240
    assert found and all(word in fold(n) for n in found) and any(n.startswith(name) for n in found)
    assert not pydantic and not models
    assert not msgspec  # (the core's structs need it: 14 ms of imports the pane's paint does without)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_units_asked_for_before_the_models_load_are_added_once_they_are(
    qtbot: QtBot, db: Path, tmp_path: Path, lang: str
) -> None:
    window, rows = _frame(qtbot, db, tmp_path, lang)
    browser = window.browser
    assert browser.search.isEnabled() and browser.model.rowCount() > 3
    assert not window.panes_built and not window.catalogue_ready
    found = _search(window, "rhino")
    assert found, "the search works on the kept rows"
    first = found[0]
    # A double-click, before even the panes exist.
    assert browser.select_sheet(first)
    browser.tree.doubleClicked.emit(browser.tree.currentIndex())
    window.build_panes()
    # Picked: the datasheet tab says it is on its way (its datasheet cannot be read yet).
    browser.sheet_selected.emit(first)
    assert "Loading the catalogue" in window.details.toPlainText()  # (no translator installed here)
    # Enter in the search box, then a drag onto the list.
    second = _search(window, "predator")[0]
    window.search.setFocus()
    qtbot.keyClick(window.search, Qt.Key.Key_Return)
    assert browser.select_sheet(second)
    dragged = browser.model.mimeData([browser.tree.currentIndex()])
    detachment = window.model.index_of_detachment(window.army.detachments[0].id)
    assert window.model.canDropMimeData(dragged, Qt.DropAction.CopyAction, -1, 0, detachment)
    window.model.dropMimeData(dragged, Qt.DropAction.CopyAction, -1, 0, detachment)
    assert window.army.unit_count() == 0  # nothing added against no catalogue

    window.catalogue_loaded(*load_window_catalogue(db, rows))
    assert sorted(u.datasheet for _, u in window.army.units()) == sorted([first, second, second])  # by role
    shown = window.catalogue.get(second)
    assert shown is not None and shown.label(lang) in window.details.toPlainText()  # the datasheet picked, now read
    assert browser.rows is rows  # the same rows: the pane was not built again
    assert window.catalogue.get(first) is not None and window.report is not None
    window.undo_stack.setClean()
    window.autosaver.release()


def test_a_write_between_the_first_paint_and_the_load_rebuilds_the_pane(qtbot: QtBot, db: Path, tmp_path: Path) -> None:
    window, rows = _frame(qtbot, db, tmp_path, "en")
    imported = _search(window, "rhino")
    with CatalogueStore(db) as store:  # the BattleScribe sources switched off meanwhile (a write)
        for source in store.sources():
            if source.id.startswith("bsdata:"):
                set_source_enabled(store, source.id, False)
    window.catalogue_loaded(*load_window_catalogue(db, rows))
    assert window.browser.rows is not rows
    after = _search(window, "rhino")
    assert after and set(after) <= set(imported) and len(window.browser.rows.rows) < len(rows.rows)
    if helpers.BSDATA_SAMPLE.is_dir():  # (the test files hold no Rhino)
        assert set(after) < set(imported)  # the imported Rhinos are gone from the pane
    window.undo_stack.setClean()
    window.autosaver.release()


@pytest.mark.parametrize("kept", [True, False])
def test_the_program_quits_when_ready_and_when_loaded(db: Path, tmp_path: Path, kept: bool) -> None:
    """``ost gui --quit-when-ready`` / ``--quit-when-loaded``: the benchmark's exits, with rows kept or not."""
    if not kept:
        _forget(db)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": str(helpers.ROOT / "app")}  # fmt: skip
    for flag in ("--quit-when-ready", "--quit-when-loaded"):
        done = subprocess.run(
            [sys.executable, "-m", "ost", "--db", str(db), "gui", flag], capture_output=True, text=True, timeout=120,
            env=env,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        assert "Traceback" not in done.stderr and "none_dealloc" not in done.stderr
    assert read_kept_rows(db) is not None  # kept by the loader when they were not
    # Left as the first-paint exit leaves: the user's settings (the window's geometry) are not written.
    assert not (tmp_path / ".config" / "ost" / "settings.json").exists()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_loaded_exit_looks_for_autosaves_as_every_start_does(db: Path, tmp_path: Path, lang: str) -> None:
    """``--quit-when-loaded`` leaves once the autosaves a crash left were looked for, as a user's start looks first."""
    code = f"""
import sys
from pathlib import Path
from ost.gui import app, documents
looked = []
documents.Documents.recover_autosaves = lambda self: looked.append(self.hooks.catalogue() is not None)
code = app.run_gui(Path({str(db)!r}), {lang!r}, quit_when_loaded=True)
print(code, looked)
"""
    env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(helpers.ROOT / "app"),
           "HOME": str(tmp_path)}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[-2] == "0 [True]"  # once, with the catalogue there


@pytest.mark.parametrize("kept", [True, False])
def test_the_worker_imports_nothing_once_the_window_imported_its_modules(db: Path, tmp_path: Path, kept: bool) -> None:
    """What the catalogue's worker runs is imported on the GUI thread first: the worker itself imports no module.

    (Two threads importing at once crashed one start in six.) With the pane's
    rows kept, as at every start but the first after a write, and without.
    """
    if not kept:
        _forget(db)
    code = f"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from ost.gui.app import import_worker_modules, read_window_catalogue
from ost.gui.browse_rows import read_kept_rows
from ost.gui.main_window import MainWindow
app = QApplication(sys.argv)
db = Path({str(db)!r})
w = MainWindow(None, lang="fr", autosave_dir=Path({str(tmp_path / "a")!r}), panes_later=True)
rows = read_kept_rows(db)
w.build_panes()
import_worker_modules(rows_kept=rows is not None)
before = set(sys.modules)
(catalogue, _path, _notice, got), snapshot = read_window_catalogue(db, rows)
snapshot.close()
print(json.dumps([sorted(set(sys.modules) - before), len(catalogue), rows is not None, got is rows]))
"""
    env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(helpers.ROOT / "app"),
           "HOME": str(tmp_path)}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    imported, size, had_rows, same = json.loads(done.stdout.splitlines()[-1])
    assert imported == []
    assert size > helpers.MANY_SHEETS and had_rows == kept and same == kept


def _rows_under(window: MainWindow, parent: QModelIndex) -> list[QModelIndex]:
    model = window.browser.model
    return [model.index(row, 0, parent) for row in range(model.rowCount(parent))]


@pytest.mark.parametrize(("lang", "text"), [("fr", ""), ("fr", "rhino"), ("en", "captain"), ("en", "a"), ("fr", "zzz")])
def test_the_pane_says_which_rows_have_rows_under_them_as_its_filter_finds(
    qtbot: QtBot, db: Path, tmp_path: Path, lang: str, text: str
) -> None:
    """The arrows the pane draws: asked of its filter without filtering every datasheet, the same answer."""
    window, _rows = _frame(qtbot, db, tmp_path, lang)
    _search(window, text)
    model = window.browser.model
    if model.rowCount():
        assert not model.hasChildren(model.index(0, 1))  # the other columns have none
    asked = 0
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop()
        answer = model.hasChildren(parent)  # asked first: before the filter has looked under this row
        under = _rows_under(window, parent)
        assert answer == bool(under), (parent.data(), text)
        pending.extend(under)
        asked += 1
    assert asked > (3 if text != "zzz" else 0)
    window.undo_stack.setClean()


def test_filling_the_pane_filters_no_datasheet_row(
    qtbot: QtBot, db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The factions unfold without the filter being asked about the datasheets under their roles (issue 22)."""
    import ost.gui.catalogue_browser as browser_module

    asked: list[int] = []
    original = browser_module._Filter.filterAcceptsRow

    def counted(self: object, row: int, parent: QModelIndex) -> bool:
        asked.append(row)
        return original(self, row, parent)  # type: ignore[arg-type]

    monkeypatch.setattr(browser_module._Filter, "filterAcceptsRow", counted)
    window, rows = _frame(qtbot, db, tmp_path, "fr")
    factions = window.browser.model.rowCount()
    roles = sum(len(_rows_under(window, window.browser.model.index(n, 0))) for n in range(factions))
    assert factions > 3 and len(rows.rows) > helpers.MANY_SHEETS
    assert len(asked) <= 2 * (factions + roles)  # factions and roles only (4,264 asked before, on the full release)
    window.undo_stack.setClean()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_window_keeps_its_width_from_the_first_paint_to_the_panes(
    qtbot: QtBot, db: Path, tmp_path: Path, lang: str
) -> None:
    """On a screen narrower than the panes need (the offscreen platform's 800 px), the frame is as wide as the panes
    from its first paint: it does not grow when the pane's rows, then the panes, come (a whole new layout and paint).
    """
    from ost.gui.catalogue_browser import MIN_PANE_WIDTH
    from ost.gui.main_window import PANE_MIN_WIDTHS

    assert PANE_MIN_WIDTHS[0] == MIN_PANE_WIDTH
    screen = QApplication.primaryScreen()
    assert screen is not None
    window = MainWindow(
        None, lang=lang, settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a", panes_later=True
    )
    window.exec_dialog = lambda _dialog: 0  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    QApplication.processEvents()
    widths = [window.width()]
    rows = read_kept_rows(db)
    assert rows is not None
    window.show_pane_rows(rows)
    QApplication.processEvents()
    widths.append(window.width())
    window.build_panes()
    QApplication.processEvents()
    widths.append(window.width())
    catalogue, path, notice, rows = load_window_catalogue(db, rows)
    window.catalogue_loaded(catalogue, path, notice or (), rows)
    QApplication.processEvents()
    widths.append(window.width())
    assert len(set(widths)) == 1, widths
    assert widths[0] >= sum(PANE_MIN_WIDTHS)  # (and the panes at their narrowest fit in it)
    if screen.availableGeometry().width() < sum(PANE_MIN_WIDTHS):
        assert widths[0] == window.minimumSizeHint().width()  # as narrow as the panes allow, no wider
    window.undo_stack.setClean()


@pytest.mark.parametrize("kept", [True, False])
def test_the_start_runs_no_collection_until_the_panes_are_built_then_the_collector_is_back(
    db: Path, tmp_path: Path, kept: bool
) -> None:
    """``ost gui``: from PySide6's import to the panes built, the collector makes no pass (their objects all live on,
    then are frozen); once they are built it runs again, as it did before the start."""
    if not kept:
        _forget(db)
    code = f"""
import gc, json, sys
passes, marks = [], []
gc.callbacks.append(lambda phase, info: phase == "start" and passes.append(len(marks)))
import ost.cli.main
from ost.gui import main_window
built = main_window.MainWindow.build_panes
def build_panes(self):
    marks.append(("built", gc.isenabled()))
    built(self)
main_window.MainWindow.build_panes = build_panes
marks.append(("start", gc.isenabled()))
sys.argv[1:] = ["--db", {str(db)!r}, "gui", "--quit-when-loaded"]
code = ost.cli.main.main([*sys.argv[1:]])
marks.append(("end", gc.isenabled()))
print(json.dumps([code, marks, passes]))
"""
    env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(helpers.ROOT / "app"),
           "HOME": str(tmp_path)}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    code, marks, passes = json.loads(done.stdout.splitlines()[-1])
    assert code == 0
    assert [name for name, _on in marks][:2] == ["start", "built"] and marks[-1][0] == "end"
    assert marks[0][1] and not marks[1][1] and marks[-1][1]  # paused for the start, back at its end
    assert all(mark != 1 for mark in passes)  # no pass between the start and the panes built
