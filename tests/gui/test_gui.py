"""The window, driven with pytest-qt on the offscreen platform."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from helpers import ROOT, TEST_DATA, TESTS, ListBuilder
from ost.core import listfile
from ost.core.catalogue import Catalogue
from ost.gui.autosave import Autosaver
from ost.gui.catalogue_browser import ID_ROLE
from ost.gui.dialogs import TextListDialog
from ost.gui.list_model import COL_POINTS, COL_WITH, ArmyListModel
from ost.gui.main_window import MainWindow
from ost.gui.settings import Settings

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot: QtBot, mini: Catalogue, tmp_path: Path) -> Iterator[MainWindow]:
    settings = Settings(path=tmp_path / "settings.json")
    win = MainWindow(mini, lang="fr", settings=settings, autosave_dir=tmp_path / "autosave")
    # Modal dialogs are recorded and answered "Close" (nobody clicks offscreen); tests that
    # want another answer set ``win.dialog_answer``.
    shown: list[QDialog] = []
    win.shown_dialogs = shown  # type: ignore[attr-defined]
    win.dialog_answer = 0  # type: ignore[attr-defined]
    win.exec_dialog = lambda dialog: shown.append(dialog) or win.dialog_answer  # type: ignore[attr-defined,method-assign]
    win.show()
    win.undo_stack.setClean()
    yield win
    # Not qtbot.addWidget: pytest-qt would close the window before this teardown, and a
    # window with unsaved changes asks what to do with them.
    win.undo_stack.setClean()
    win.close()
    win.deleteLater()


def sample_list(mini: Catalogue) -> ListBuilder:
    b = ListBuilder(mini, 1000, name="Ultramarines")
    b.add("captain", warlord=True)
    b.add("intercessors")
    tactical = b.add("tactical")
    rhino = b.add("rhino")
    b.unit(tactical).transport = rhino
    b.det("Appui")
    b.add("lieutenant", det="d2")
    return b


def test_list_model_passes_the_model_tester(qtmodeltester: ModelTester, mini: Catalogue) -> None:
    model = ArmyListModel(mini, sample_list(mini).army)
    qtmodeltester.check(model)


def test_browser_filters_and_shows_details(window: MainWindow) -> None:
    window.search.setText("veterans")
    assert window.browser.select_sheet("tactical-vets")
    current = window.browser.current_sheet()
    assert current is not None and current.id == "tactical-vets"
    assert "Vétérans Tactiques" in window.details.toHtml()


def test_add_unit_undo_redo(window: MainWindow) -> None:
    assert window.limit_box.value() == 2000  # a new list starts at a common game size
    window.limit_box.setValue(1000)
    window.add_unit("captain")
    window.add_unit("intercessors")
    assert [u.datasheet for _, u in window.army.units()] == ["captain", "intercessors"]
    assert window.isWindowModified()
    assert window.report is not None and not window.report.legal  # one troop short
    window.add_unit("tactical")
    assert window.report.legal
    assert window.report_view.verdict.text().count("RÉGLEMENTAIRE") == 1
    window.undo_stack.undo()
    assert window.army.unit_count() == 2
    assert not window.report.legal
    window.undo_stack.redo()
    assert window.report.legal
    assert window.army.unit_count() == 3


def test_edit_models_through_the_form_merges_into_one_undo(window: MainWindow, mini: Catalogue) -> None:
    window.add_unit("tactical")
    unit_id = window.army.detachments[0].units[0].id
    window.select_units([unit_id])
    assert window.editor.unit_id == unit_id
    before = window.undo_stack.count()
    window.editor.models_box.setValue(6)
    window.editor.models_box.setValue(7)
    assert window.army.unit(unit_id).models == 7  # type: ignore[union-attr]
    assert window.undo_stack.count() == before + 1
    index = window.model.index_of_unit(unit_id, COL_POINTS)
    assert index.data() == str(90 + 2 * 18)
    window.undo_stack.undo()
    assert window.army.unit(unit_id).models == 5  # type: ignore[union-attr]
    assert window.editor.models_box.value() == 5


def test_the_empty_unit_form_is_built_once_and_units_still_show(window: MainWindow) -> None:
    """No unit shown while none is: the empty form stays as it is (a start asked for it three times)."""
    editor = window.editor
    empty = editor.form_host
    assert editor.title.text() == "<i>Select a unit of the list to edit it.</i>"  # (no translator installed here)
    editor.show_unit(window.army, None)
    window.documents.show(window.army)
    assert editor.form_host is empty and editor.unit_id is None and editor.army is window.army
    window.add_unit("tactical")  # selected once added: its form is built
    unit_id = window.army.detachments[0].units[0].id
    assert editor.unit_id == unit_id and editor.form_host is not empty
    assert "Escouade Tactique" in editor.title.text() and editor.models_box.value() == 5
    window.undo_stack.undo()  # the unit goes: the empty form again
    assert editor.unit_id is None and editor.title.text() == "<i>Select a unit of the list to edit it.</i>"
    assert not editor.form_host.findChildren(type(editor.title))
    window.undo_stack.redo()
    window.select_units([unit_id])
    assert editor.unit_id == unit_id and "Escouade Tactique" in editor.title.text()


def test_assign_transport_in_the_form(window: MainWindow) -> None:
    window.limit_box.setValue(1000)
    window.add_unit("captain")
    window.add_unit("intercessors")
    window.add_unit("tactical")
    window.add_unit("rhino")
    assert "TRANSPORT-ORPHAN" in window.report.codes()  # type: ignore[union-attr]
    tactical = window.army.detachments[0].units[2].id
    rhino = window.army.detachments[0].units[3].id
    window.select_units([tactical])
    box = window.editor.transport_box
    box.setCurrentIndex(box.findData(rhino))
    box.activated.emit(box.currentIndex())
    assert window.army.unit(tactical).transport == rhino  # type: ignore[union-attr]
    assert window.report.legal  # type: ignore[union-attr]
    assert "→ Rhino" in window.model.index_of_unit(tactical, COL_WITH).data()


def test_finding_selects_its_units(window: MainWindow) -> None:
    window.limit_box.setValue(1000)
    window.add_unit("captain")
    captain = window.army.detachments[0].units[0].id
    window.select_units([captain])
    edit = window.editor._placeholder_edits["<CHAPITRE>"]
    edit.setText("Ultramarines")
    edit.editingFinished.emit()
    window.add_unit("intercessors")
    window.add_unit("tactical")
    window.add_unit("rhino")
    rhino = window.army.detachments[0].units[3].id
    assert window.army.unit(rhino).placeholders == {"<CHAPITRE>": "Ultramarines"}  # type: ignore[union-attr]
    assert window.report_view.findings.count() == 2  # the orphan Rhino, then advice: no warlord chosen
    item = window.report_view.findings.item(0)
    assert "Rhino" in item.text()
    window.report_view.findings.itemClicked.emit(item)
    assert window.selected_unit_ids() == [rhino]
    assert window.editor.unit_id == rhino


def test_remove_detachment_and_undo_restores_units_and_links(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(sample_list(mini).army)
    window.tree.setCurrentIndex(window.model.index_of_detachment("d1"))
    window.tree.selectionModel().clearSelection()
    window.remove_selected()
    assert [d.id for d in window.army.detachments] == ["d2"]
    window.undo_stack.undo()
    assert [d.id for d in window.army.detachments] == ["d1", "d2"]
    assert [u.id for u in window.army.detachments[0].units] == ["u1", "u2", "u3", "u4"]
    assert window.army.unit("u3").transport == "u4"  # type: ignore[union-attr]


def test_move_unit_between_detachments(window: MainWindow, mini: Catalogue) -> None:
    from ost.gui import commands

    window.documents.show(sample_list(mini).army)
    window.push(commands.MoveUnit(window.model, "u2", "d2"))
    assert [u.id for u in window.army.detachments[1].units] == ["u5", "u2"]
    window.undo_stack.undo()
    assert [u.id for u in window.army.detachments[0].units] == ["u1", "u2", "u3", "u4"]


def test_save_and_open(window: MainWindow, mini: Catalogue, tmp_path: Path) -> None:
    window.documents.show(sample_list(mini).army)
    window.add_unit("scouts")
    path = tmp_path / "liste.ost"
    assert window.documents.save_to(path)
    assert not window.isWindowModified()
    assert listfile.load(path) == window.army
    assert window.settings is not None and window.settings.recent == [str(path)]
    window.new_list()
    assert window.army.unit_count() == 0
    assert window.documents.open_path(path)
    assert window.army.unit_count() == 6
    assert window.windowTitle().startswith("Ultramarines")


def test_open_pasted_text_list(window: MainWindow, tmp_path: Path) -> None:
    text = tmp_path / "adversaire.txt"
    text.write_text(
        "Ma liste (1000 pts)\n1x Capitaine (80 pts)\n1x Scouts (70 pts)\n1x Escouade Fantôme (99 pts)\n",
        encoding="utf-8",
    )
    assert window.documents.open_path(text)
    names = [u.datasheet for _, u in window.army.units()]
    assert "captain" in names and "scouts" in names
    assert window.path is None  # saved as a new .ost list, never over the text file
    dialog = window.shown_dialogs[-1]  # type: ignore[attr-defined]
    assert isinstance(dialog, TextListDialog)
    lines = [dialog.lines.item(n).text() for n in range(dialog.lines.count())]
    assert any("Fantôme" in line for line in lines)
    assert "“?”" in dialog.legend.text()  # the marks are explained
    # The reading report stays reachable after the dialog is closed.
    assert window.menu_actions.reading.isEnabled()
    again = window.documents.show_reading_report()
    assert again is not None and again.lines.count() == dialog.lines.count()


def test_open_bad_file_says_why(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: shown.append(text))
    bad = tmp_path / "bad.ost"
    bad.write_text("{", encoding="utf-8")
    assert not window.documents.open_path(bad)
    assert shown and "not JSON" in shown[0]


def test_autosave_and_recovery(qtbot: QtBot, mini: Catalogue, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "autosave"
    first = MainWindow(mini, lang="fr", autosave_dir=folder)
    first.add_unit("captain")
    assert first.autosaver.save_now()
    assert first.autosaver.list_path.exists()
    second = MainWindow(mini, lang="fr", autosave_dir=folder)
    # While the first window runs, its autosave is its own: nothing is offered.
    assert second.autosaver.leftovers() == []
    # The first window "crashes": its lock dies with it, its autosave stays.
    first.autosaver.release()
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Cancel)
    second.documents.recover_autosaves()  # Escape / "later": the work is kept
    assert first.autosaver.list_path.exists()
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Yes)
    second.documents.recover_autosaves()
    assert [u.datasheet for _, u in second.army.units()] == ["captain"]
    assert second.isWindowModified()
    assert not first.autosaver.list_path.exists()
    assert second.autosaver.list_path.exists()  # already safe in the new session's autosave
    for win in (first, second):
        win.undo_stack.setClean()
        win.close()


def test_saving_clears_the_autosave(window: MainWindow, tmp_path: Path) -> None:
    window.add_unit("captain")
    window.autosaver.save_now()
    assert window.autosaver.list_path.exists()
    window.documents.save_to(tmp_path / "l.ost")
    assert not window.autosaver.list_path.exists()


def test_close_asks_to_save(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    window.add_unit("captain")
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Cancel)
    assert not window.close()
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_settings_round_trip_and_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings.load(path)
    assert settings.recent == []
    settings.add_recent(tmp_path / "a.ost")
    settings.lang = "en"
    settings.save()
    again = Settings.load(path)
    assert again.recent == [str(tmp_path / "a.ost")] and again.lang == "en"
    assert json.loads(path.read_text())["schema_version"] == 1
    path.write_text("{broken", encoding="utf-8")
    assert Settings.load(path).recent == []
    assert (tmp_path / "settings.damaged.json").exists()


def test_autosaver_ignores_unreadable_leftovers(tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    (folder / "junk.ost").write_text("not json", encoding="utf-8")
    assert Autosaver(folder).leftovers() == []


def test_browser_add_button(window: MainWindow) -> None:
    window.search.setText("scouts")
    assert window.browser.select_sheet("scouts")
    assert window.browser.add_button.isEnabled()
    window.browser.add_button.click()
    assert [u.datasheet for _, u in window.army.units()] == ["scouts"]
    item = window.browser.model.index(0, 0)
    assert item.data() == "Space Marines"
    assert window.browser.tree.currentIndex().data(ID_ROLE) == "scouts"
    shown = window.tree.model().data(window.model.index_of_unit(window.army.detachments[0].units[0].id))
    assert shown == "! Scouts"  # warning: its <CHAPITRE> has no value yet
    assert window.limit_box.value() == 2000
    assert window.list_name.text() == "New list"  # no translator is installed in these tests
    added = window.army.detachments[0].units[0]
    assert window.editor.unit_id == added.id  # the unit just added is selected and in the form
    assert window.selected_unit_ids() == [added.id]


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run (Debian package xvfb)")
def test_window_under_xvfb_screenshot(tmp_path: Path) -> None:
    """The real program on a virtual X screen, as the README's first command starts it."""
    shot = tmp_path / "ost.png"
    env_db = tmp_path / "c.sqlite"
    result = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1400x860x24", sys.executable, "-m", "ost",
         "--db", str(env_db), "gui", "--screenshot", str(shot)],
        capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "OST_LANG": "fr"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("what", ["sheet", "cards", "report"])
def test_export_pdf(window: MainWindow, mini: Catalogue, tmp_path: Path, what: str) -> None:
    from pypdf import PdfReader

    window.documents.show(sample_list(mini).army)
    target = tmp_path / f"liste.{what}.pdf"
    assert window.printer.export_pdf(what, target)
    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert "Ultramarines" in text or "Capitaine" in text


def test_export_through_the_dialog(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "feuille.pdf"
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *_a, **_k: (str(target), ""))
    window.printer.export_dialog("sheet")
    assert target.read_bytes().startswith(b"%PDF")


def test_import_bsdata_into_the_catalogue(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = window.shown_dialogs  # type: ignore[attr-defined]
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getExistingDirectory",
        lambda *_a, **_k: str(TEST_DATA / "bsdata"),
    )
    before = len(window.catalogue)
    window.add_unit("captain")
    window.importer.import_dialog()
    assert len(window.catalogue) > before
    assert len(shown) == 1
    assert "datasheet(s) imported from" in shown[0].summary.text()  # no translator is installed in these tests
    # The warnings are listed one by one, not only counted.
    from ost import services

    warnings = [w.message("fr") for w in services.read_bsdata([TEST_DATA / "bsdata"]).warnings]
    assert shown[0].lines.count() == len(warnings)
    if warnings:
        assert shown[0].lines.item(0).text() == warnings[0]
    assert window.army.unit_count() == 1  # the list being edited is kept
    factions = {window.browser.model.index(r, 0).data() for r in range(window.browser.model.rowCount())}
    assert len(factions) > 2


def test_import_bad_file_says_why(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    bad = tmp_path / "bad.cat"
    bad.write_text("<catalogue", encoding="utf-8")
    before = len(window.catalogue)
    assert not window.importer.import_bsdata([bad])
    assert shown and "bad.cat" in shown[0]
    assert len(window.catalogue) == before


def test_save_commits_the_name_being_typed(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "l.ost"
    window.documents.save_to(path)
    window.list_name.setText("Ma liste")  # typed, focus still in the box: no command yet
    assert window.documents.save()
    assert listfile.load(path).name == "Ma liste"
    assert not window.isWindowModified()


def test_undo_restores_the_header_boxes(window: MainWindow) -> None:
    window.list_name.setText("Foo")
    window._name_edited()
    window.limit_box.setValue(1500)
    window.undo_stack.undo()
    assert window.limit_box.value() == 2000
    window.undo_stack.undo()
    assert window.list_name.text() == window.army.name != "Foo"


def test_delete_with_a_current_but_unselected_unit_removes_nothing(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(sample_list(mini).army)
    index = window.model.index_of_unit("u2")
    window.tree.setCurrentIndex(index)
    window.tree.selectionModel().clearSelection()
    window.remove_selected()
    assert window.army.unit_count() == 5


def test_settings_of_a_newer_ost_are_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"schema_version": 99, "recent": ["x"]}', encoding="utf-8")
    settings = Settings.load(path)
    assert settings.read_only and settings.recent == []
    settings.add_recent(tmp_path / "a.ost")
    settings.save()
    assert json.loads(path.read_text(encoding="utf-8"))["schema_version"] == 99


@pytest.mark.parametrize("version", ["0", "-3", '"deux"', "true"])
def test_settings_with_a_bad_version_are_set_aside(tmp_path: Path, version: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(f'{{"schema_version": {version}}}', encoding="utf-8")
    assert Settings.load(path).recent == []
    assert (tmp_path / "settings.damaged.json").exists()


def test_move_to_the_end_of_its_own_detachment(window: MainWindow, mini: Catalogue) -> None:
    from ost.gui import commands

    window.documents.show(sample_list(mini).army)
    window.push(commands.MoveUnit(window.model, "u1", "d1"))
    assert [u.id for u in window.army.detachments[0].units] == ["u2", "u3", "u4", "u1"]
    window.undo_stack.undo()
    assert [u.id for u in window.army.detachments[0].units] == ["u1", "u2", "u3", "u4"]


# --- speed: edits repaint what they change ------------------------------------------


def test_an_edit_repaints_only_the_rows_it_changes(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(sample_list(mini).army)
    resets: list[bool] = []
    changed: list[tuple[int, int, int]] = []  # (detachment row or -1, first row, last row)
    window.model.modelReset.connect(lambda: resets.append(True))
    window.model.dataChanged.connect(
        lambda top, bottom, _roles=(): changed.append(
            (top.parent().row() if top.parent().isValid() else -1, top.row(), bottom.row())
        )
    )
    expanded_before = window.tree.isExpanded(window.model.index_of_detachment("d2"))
    window.select_units(["u2"])
    window.editor.models_box.setValue(7)
    assert not resets
    # The intercessors' row and their detachment's totals; nothing else.
    assert sorted(changed) == [(-1, 0, 0), (0, 1, 1)]
    assert window.tree.isExpanded(window.model.index_of_detachment("d2")) == expanded_before


def test_detachments_come_and_go_without_a_reset(window: MainWindow, mini: Catalogue) -> None:
    from PySide6.QtCore import QPersistentModelIndex

    window.documents.show(sample_list(mini).army)
    resets: list[bool] = []
    window.model.modelReset.connect(lambda: resets.append(True))
    lieutenant = QPersistentModelIndex(window.model.index_of_unit("u5"))
    window.tree.setCurrentIndex(window.model.index_of_detachment("d1"))
    window.add_detachment()
    window.tree.setCurrentIndex(window.model.index_of_detachment("d1"))
    window.tree.selectionModel().clearSelection()
    window.remove_selected()
    assert [d.id for d in window.army.detachments] == ["d2", "d3"]
    assert not resets
    assert lieutenant.isValid() and window.model.unit_at(lieutenant).id == "u5"  # type: ignore[union-attr]
    window.undo_stack.undo()
    assert [u.id for u in window.army.detachments[0].units] == ["u1", "u2", "u3", "u4"]
    assert window.tree.isExpanded(window.model.index_of_detachment("d1"))


def test_search_waits_for_a_pause_in_the_typing(window: MainWindow, qtbot: QtBot) -> None:
    visible = window.browser.model.rowCount()
    window.search.setText("rhino")
    assert window.browser.model.rowCount() == visible  # not filtered at each keystroke
    qtbot.waitUntil(lambda: window.browser.model.rowCount() == 1, timeout=2000)
    assert window.browser.select_sheet("rhino")
    window.search.setText("épices inconnues")
    window.browser.apply_filter()
    assert window.browser.model.rowCount() == 0


def test_none_cannot_be_freed_by_qt_calls() -> None:
    """PySide6 6.12 drops a reference to None per call on Python 3.11; ost.gui guards against it."""
    import ost.gui  # noqa: F401

    if sys.version_info < (3, 12):
        assert sys.getrefcount(None) > 2**39


def test_starting_and_quitting_the_window_repeatedly_never_crashes(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from helpers import mini_catalogue\n"
        "from ost.gui.main_window import MainWindow\n"
        "from ost.gui.settings import Settings\n"
        "from pathlib import Path\n"
        "app = QApplication([])\n"
        "catalogue = mini_catalogue()\n"
        "tmp = Path(sys.argv[1])\n"
        "for n in range(4):\n"
        "    w = MainWindow(catalogue, settings=Settings(path=tmp / 's.json'), autosave_dir=tmp / 'a')\n"
        "    w.show(); app.processEvents()\n"
        "    for _ in range(300):\n"
        "        w.search.setText('cap'); w.browser.apply_filter(); w.browser.select_sheet('captain')\n"
        "        w.search.setText(''); w.browser.apply_filter()\n"
        "    w.add_unit('captain'); w.undo_stack.setClean(); w.close(); w.deleteLater(); app.processEvents()\n"
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": f"{TESTS}:{ROOT / 'app'}",
    }
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=300, env=env
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "none_dealloc" not in result.stderr


# --- one undo step per finished edit -----------------------------------------------------


def test_typing_a_limit_is_one_undo_step_and_one_validation(window: MainWindow, qtbot: QtBot) -> None:
    before_steps = window.undo_stack.count()
    checks: list[object] = []
    window.checked.connect(checks.append)
    window.limit_box.setFocus()
    window.limit_box.selectAll()
    qtbot.keyClicks(window.limit_box.lineEdit(), "1750")
    assert window.army.points_limit == 2000  # nothing sent while typing
    qtbot.keyClick(window.limit_box, Qt.Key.Key_Return)
    assert window.army.points_limit == 1750
    assert window.undo_stack.count() == before_steps + 1
    assert len(checks) == 1
    window.undo_stack.undo()
    assert window.army.points_limit == 2000
    assert window.limit_box.value() == 2000


def test_typing_a_size_is_one_undo_step(window: MainWindow, qtbot: QtBot) -> None:
    window.add_unit("tactical")
    unit_id = window.army.detachments[0].units[0].id
    window.select_units([unit_id])
    box = window.editor.models_box
    before = window.undo_stack.count()
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box.lineEdit(), "10")
    assert window.army.unit(unit_id).models == 5  # type: ignore[union-attr]
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert window.army.unit(unit_id).models == 10  # type: ignore[union-attr]
    assert window.undo_stack.count() == before + 1
    window.undo_stack.undo()
    assert window.army.unit(unit_id).models == 5  # type: ignore[union-attr]


def test_saving_sends_a_limit_still_being_typed(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    window.limit_box.setFocus()
    window.limit_box.selectAll()
    qtbot.keyClicks(window.limit_box.lineEdit(), "1500")
    assert window.documents.save_to(tmp_path / "l.ost")
    assert listfile.load(tmp_path / "l.ost").points_limit == 1500


def test_a_saved_list_opened_against_a_changed_catalogue_says_what_changed(
    window: MainWindow, mini: Catalogue, tmp_path: Path
) -> None:
    b = sample_list(mini)
    b.unit("u2").snapshot.points = 90  # saved when Intercessors cost 90; the catalogue says 100 now
    path = tmp_path / "old.ost"
    listfile.save(b.army, path)
    assert window.documents.open_path(path)
    dialog = window.shown_dialogs[-1]  # type: ignore[attr-defined]
    assert isinstance(dialog, TextListDialog)
    lines = [dialog.lines.item(i).text() for i in range(dialog.lines.count())]
    assert lines == [
        "Intercessors : la fiche coûte maintenant 100 points au minimum (90 à l'enregistrement de la liste)."
    ]
    assert "(1 change" in window.statusBar().currentMessage()  # "1 change(s)", or "1 changement" translated
    # A list saved against today's catalogue opens without a word.
    listfile.save(sample_list(mini).army, path)
    count = len(window.shown_dialogs)  # type: ignore[attr-defined]
    window.undo_stack.setClean()
    assert window.documents.open_path(path)
    assert len(window.shown_dialogs) == count  # type: ignore[attr-defined]


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run (Debian package xvfb)")
def test_screenshot_of_a_list_that_opens_with_its_reading_report(tmp_path: Path) -> None:
    """A pasted-text list opens with its reading report (a dialog): the screenshot is taken and the program ends."""
    pasted = tmp_path / "liste.txt"
    pasted.write_text(
        "+++ Liste [200 pts] +++\n\n++ Détachement 1 [200 pts] ++\n\n+ QG +\n\n"
        "Capitaine [80 pts]\nUnité Venue d'Ailleurs [120 pts]\n",
        encoding="utf-8",
    )
    shot = tmp_path / "ost.png"
    result = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1400x860x24", sys.executable, "-m", "ost",
         "--db", str(tmp_path / "c.sqlite"), "gui", "--screenshot", str(shot), str(pasted)],
        capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "OST_LANG": "fr", "OST_SEED": ""},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000
