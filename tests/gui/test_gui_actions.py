"""The window's everyday actions and guiding choices, driven with pytest-qt offscreen."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_gui
from PySide6.QtCore import QByteArray, QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from helpers import TEST_DATA, ListBuilder, box_entries, mini_sheets
from ost.core.catalogue import Catalogue, Faction
from ost.core.findings import Code, finding
from ost.core.i18n import Bilingual
from ost.core.validator import validate
from ost.gui import printing
from ost.gui.background import Progress
from ost.gui.catalogue_browser import CatalogueBrowser, grouped_sheets
from ost.gui.dialogs import PastedListDialog, TextListDialog
from ost.gui.list_model import COL_GEAR, COL_NAME, ArmyListModel
from ost.gui.main_window import MainWindow
from ost.gui.settings import Settings
from ost.gui.settings_dialog import SOURCE_ROLE, SettingsDialog

pytestmark = pytest.mark.gui
window = test_gui.window  # the window fixture (dialogs recorded, not shown), shared with test_gui.py
BSDATA = TEST_DATA / "bsdata"


def ultramarines(mini: Catalogue) -> ListBuilder:
    b = ListBuilder(mini, 1000, name="Ultramarines")
    b.add("captain", warlord=True)
    b.add("intercessors")
    b.add("tactical")
    b.add("rhino")
    b.add("impulsor")
    b.add("lieutenant")
    b.det("Appui")
    b.add("razorback", det="d2")
    return b


# --- choices that guide ---------------------------------------------------------------------


def test_the_transport_box_offers_only_what_the_unit_can_board(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(ultramarines(mini).army)
    window.select_units(["u2"])  # the Intercessors (PRIMARIS)
    entries = box_entries(window.editor.transport_box)
    assert entries["u5"][0]  # the Impulsor
    enabled, text = entries["u4"]  # the Rhino bars PRIMARIS
    assert not enabled and "PRIMARIS" in text
    enabled, text = entries["u7"]  # the Razorback is in the other detachment
    assert not enabled and "détachement" in text
    window.select_units(["u3"])  # the Tactical Squad may take the Rhino
    entries = box_entries(window.editor.transport_box)
    assert entries["u4"][0] and not entries["u5"][0]


def test_a_transport_already_taken_is_offered_no_more(window: MainWindow, mini: Catalogue) -> None:
    b = ultramarines(mini)
    b.unit("u3").transport = "u4"
    window.documents.show(b.army)
    window.select_units(["u1"])  # the Captain
    enabled, text = box_entries(window.editor.transport_box)["u4"]
    assert not enabled
    assert "Escouade Tactique" in text or "Tactical" in text


def test_the_link_box_greys_out_units_a_character_cannot_join(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(ultramarines(mini).army)
    window.select_units(["u6"])  # the Lieutenant, a linked character
    entries = box_entries(window.editor.link_box)
    assert entries["u2"][0] and entries["u3"][0]  # infantry of its detachment
    assert not entries["u1"][0]  # the Captain: a character
    assert not entries["u4"][0]  # the Rhino: a transport
    assert not entries["u7"][0]  # another detachment


def test_fix_suggestions_show_in_the_findings_and_the_row_tooltip(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(ultramarines(mini).army)
    report = validate(mini, window.army)
    advice = finding(
        Code.TRANSPORT_EMBARK,
        Bilingual(fr="Intercessors ne peuvent pas monter dans le Rhino.", en="Intercessors cannot board the Rhino."),
        ["u2"],
        fix=Bilingual(fr="choisissez un Impulsor", en="choose an Impulsor"),
    )
    report = report.model_copy(update={"findings": (*report.findings, advice)})
    window.model.set_report(report)
    window.report_view.show_report(report, window.army, mini)
    texts = [window.report_view.findings.item(n).text() for n in range(window.report_view.findings.count())]
    assert any("→ choisissez un Impulsor" in text for text in texts)
    tooltip = window.model.data(window.model.index_of_unit("u2", COL_NAME), Qt.ItemDataRole.ToolTipRole)
    assert "ne peuvent pas monter" in tooltip and "choisissez un Impulsor" in tooltip


def test_an_empty_list_is_neutral_not_illegal(window: MainWindow) -> None:
    assert window.army.unit_count() == 0
    assert window.report_view.empty
    assert "NON" not in window.report_view.verdict.text()
    assert "EMPTY" in window.report_view.verdict.text()  # no translator in the tests: English
    window.add_unit("captain")
    assert not window.report_view.empty
    assert "RÉGLEMENTAIRE" in window.report_view.verdict.text()


# --- everyday actions ---------------------------------------------------------------------


def test_duplicate_and_undo(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(ultramarines(mini).army)
    window.select_units(["u3"])
    window.editor.models_box.setValue(8)
    window.duplicate_selected()
    units = window.army.detachments[0].units
    assert [u.id for u in units][:4] == ["u1", "u2", "u3", units[3].id]
    copy = units[3]
    assert copy.datasheet == "tactical" and copy.models == 8 and not copy.warlord
    assert window.selected_unit_ids() == [copy.id]
    window.undo_stack.undo()
    assert window.army.unit(copy.id) is None
    window.undo_stack.redo()
    assert window.army.unit(copy.id) is not None


def test_copy_as_text_and_paste_back(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(ultramarines(mini).army)
    before = sorted(u.datasheet for _, u in window.army.units())
    window.copy_as_text()
    text = QGuiApplication.clipboard().text()
    assert "Capitaine" in text
    window.new_list()
    window.dialog_answer = QDialog.DialogCode.Accepted  # type: ignore[attr-defined]
    dialog = window.documents.check_pasted_list()
    assert isinstance(dialog, PastedListDialog)
    assert dialog.reading.count() >= 1  # the reading report is shown with the verdict
    assert sorted(u.datasheet for _, u in window.army.units()) == before
    assert window.path is None and window.menu_actions.reading.isEnabled()


def test_checking_a_pasted_list_leaves_the_window_alone_unless_asked(window: MainWindow) -> None:
    window.add_unit("captain")
    dialog = window.documents.check_pasted_list("1x Scouts (70 pts)\n1x Escouade Fantôme (99 pts)\n")
    assert isinstance(dialog, PastedListDialog)
    assert "RÉGLEMENTAIRE" in dialog.report_view.verdict.text()
    assert [u.datasheet for _, u in window.army.units()] == ["captain"]  # read-only: Close changes nothing


def test_an_empty_clipboard_says_so(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, _t, text: shown.append(text))
    assert window.documents.check_pasted_list("   \n") is None
    assert shown == ["The clipboard holds no text."]  # no translator is installed in these tests


def test_drag_units_to_another_detachment_and_to_reorder(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(ultramarines(mini).army)
    model = window.model
    data = model.mimeData([model.index_of_unit("u2"), model.index_of_unit("u3", 2)])
    target = model.index_of_detachment("d2")
    assert model.canDropMimeData(data, Qt.DropAction.MoveAction, 0, 0, target)
    model.dropMimeData(data, Qt.DropAction.MoveAction, 0, 0, target)
    assert [u.id for u in window.army.detachments[1].units] == ["u2", "u3", "u7"]
    window.undo_stack.undo()  # one step for the whole drop
    assert [u.id for u in window.army.detachments[1].units] == ["u7"]
    assert [u.id for u in window.army.detachments[0].units] == ["u1", "u2", "u3", "u4", "u5", "u6"]
    # Reorder: drop the Captain on the Rhino (before it).
    data = model.mimeData([model.index_of_unit("u1")])
    model.dropMimeData(data, Qt.DropAction.MoveAction, -1, 0, model.index_of_unit("u4"))
    assert [u.id for u in window.army.detachments[0].units] == ["u2", "u3", "u1", "u4", "u5", "u6"]


def test_the_wargear_column_shows_chosen_wargear(window: MainWindow, mini: Catalogue) -> None:
    sheet = next(s for s in mini if s.options)
    b = ListBuilder(mini)
    b.add(sheet.id)
    window.documents.show(b.army)
    option = sheet.options[0]
    window.select_units(["u1"])
    window.editor._option_boxes[option.id].setValue(1)
    assert option.name in window.model.data(window.model.index_of_unit("u1", COL_GEAR))


def test_role_points_in_the_band_table(window: MainWindow, mini: Catalogue) -> None:
    window.documents.show(ultramarines(mini).army)
    table = window.report_view.roles
    rows = {table.item(r, 0).text(): table.item(r, 3).text() for r in range(table.rowCount())}
    captain = mini.get("captain")
    lieutenant = mini.get("lieutenant")
    assert captain is not None and lieutenant is not None
    hq = next(text for role, text in rows.items() if role.startswith(("QG", "HQ")))
    assert hq.startswith(str(captain.points + lieutenant.points))


def test_redo_answers_ctrl_shift_z(window: MainWindow) -> None:
    actions = window.findChildren(type(window.menu_actions.reading))
    redo = next(a for a in actions if "Redo" in a.text() or "Rétablir" in a.text())
    assert "Ctrl+Shift+Z" in [k.toString() for k in redo.shortcuts()]


def test_toolbar_icons_exist_with_their_licence() -> None:
    from ost.core.resources import resource

    icons = resource("icons")
    assert (icons / "LICENSE-icons.txt").read_text(encoding="utf-8").startswith("Ost toolbar icons")
    for name in ("new", "open", "save", "undo", "redo", "duplicate", "remove", "copy-text", "preview", "settings"):
        assert (icons / f"{name}.svg").read_text(encoding="utf-8").startswith("<svg")


def test_print_preview_shows_the_pages(window: MainWindow, mini: Catalogue, monkeypatch: pytest.MonkeyPatch) -> None:
    window.documents.show(ultramarines(mini).army)
    rendered: list[bytes] = []
    real = printing.page_images

    def pages(data: bytes, dpi: int = printing.PREVIEW_DPI) -> list[Path] | None:
        rendered.append(data)
        return real(data, dpi)

    monkeypatch.setattr(printing, "page_images", pages)
    opened: list[str] = []
    monkeypatch.setattr(printing, "open_in_viewer", lambda _data, name: opened.append(name) or True)
    dialog = window.printer.preview("sheet")
    assert rendered and rendered[0].startswith(b"%PDF")
    if dialog is not None:  # pdftoppm present: the pages are in the dialog
        assert dialog.page_count >= 1
    else:
        assert opened


# --- settings -------------------------------------------------------------------------------


def test_settings_dialog_saves_and_applies(window: MainWindow) -> None:
    assert window.settings is not None
    window.dialog_answer = QDialog.DialogCode.Accepted  # type: ignore[attr-defined]
    original = window.exec_dialog

    def choose(dialog: QDialog) -> int:
        if isinstance(dialog, SettingsDialog):
            dialog.language.setCurrentIndex(dialog.language.findData("en"))
            dialog.paper.setCurrentIndex(dialog.paper.findData("letter"))
            dialog.card_size.setCurrentIndex(dialog.card_size.findData("a6"))
            dialog.legends.setChecked(True)
        return original(dialog)

    window.exec_dialog = choose  # type: ignore[method-assign]
    assert window.settings_dialog() is not None
    again = Settings.load(window.settings.path)
    assert (again.lang, again.paper, again.card_size, again.legends) == ("en", "letter", "a6", True)
    assert window.validator_options().legends_available
    assert window.printer.options().paper == "letter"


def test_switching_a_source_off_in_the_settings(window: MainWindow, tmp_path: Path) -> None:
    from ost import services

    db = tmp_path / "c.sqlite"
    with services.open_store(db) as store:
        services.import_bsdata(store, [BSDATA])
        catalogue = store.load()
    window.db_path = db
    window.set_catalogue(catalogue)
    imported = next(s for s in catalogue.sources.values() if s.kind == "bsdata")
    sheet = next(s for s in catalogue if s.source == imported.id and not s.hidden)
    assert any(sheet is s for entries in grouped_sheets(window.catalogue).values() for s, _ in entries)
    original = window.exec_dialog

    def switch_off(dialog: QDialog) -> int:
        if isinstance(dialog, SettingsDialog):
            for row in range(dialog.sources.count()):
                item = dialog.sources.item(row)
                if item.data(SOURCE_ROLE) == imported.id:
                    item.setCheckState(Qt.CheckState.Unchecked)
        original(dialog)
        return QDialog.DialogCode.Accepted

    window.exec_dialog = switch_off  # type: ignore[method-assign]
    window.settings_dialog()
    assert not window.catalogue.sources[imported.id].enabled
    assert not any(s.id == sheet.id for entries in grouped_sheets(window.catalogue).values() for s, _ in entries)
    with services.open_store(db) as store:  # the database keeps the switch
        assert not store.load().sources[imported.id].enabled


def test_one_faction_name_and_one_row_per_datasheet_across_sources(mini: Catalogue) -> None:
    sheets = mini_sheets()
    captain = next(s for s in sheets if s.id == "captain").model_copy(update={"counterpart": "bs-cap-id"})
    imported = {"source": "bsdata:sm", "faction": "bs-sm"}
    twin = captain.model_copy(update={"id": "bs-captain", "name": "Captain", "bs_ids": ["bs-cap-id"], **imported})
    other = captain.model_copy(update={"id": "bs-chaplain", "name": "Chaplain", "counterpart": None, **imported})
    catalogue = Catalogue(
        [*(s for s in sheets if s.id != "captain"), captain, twin, other],
        mini.bands,
        factions=[*mini.factions.values(), Faction(id="bs-sm", name="Space Marines", source="bsdata:sm")],
    )
    groups = grouped_sheets(catalogue)
    assert list(groups).count("Space Marines") == 1
    entries = {s.id: sources for s, sources in groups["Space Marines"]}
    assert "bs-captain" not in entries and entries["captain"] == ["ost", "bsdata:sm"]
    assert "bs-chaplain" in entries
    browser = CatalogueBrowser(catalogue)
    assert browser.model.rowCount() == 2  # Space Marines and Orks
    browser.deleteLater()


# --- the catalogue pane at small and large sizes ------------------------------------------


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_names_are_never_cut_to_nothing(window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    window.search.setText("capitaine")
    window.browser.apply_filter()
    QGuiApplication.processEvents()
    header = window.browser.tree.header()
    assert window.browser.width() >= 240
    assert header.sectionSize(0) >= 120  # the name column keeps room for a name
    assert window.browser.select_sheet("captain")
    index = window.browser.tree.currentIndex()
    assert "Capitaine" in index.data(Qt.ItemDataRole.ToolTipRole)  # the full name, whatever the width
    role_row = index.parent()
    assert role_row.siblingAtColumn(1).data().isdigit()  # role rows show their count


def test_a_saved_geometry_larger_than_the_screen_is_clamped(qtbot: QtBot, mini: Catalogue, tmp_path: Path) -> None:
    big = MainWindow(mini, settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a")
    big.setGeometry(QRect(-500, -400, 9000, 7000))
    saved = bytes(big.saveGeometry().toBase64().data()).decode("ascii")
    big.deleteLater()
    settings = Settings(path=tmp_path / "s.json", geometry=saved)
    win = MainWindow(mini, settings=settings, autosave_dir=tmp_path / "b")
    screen = win.screen() or QGuiApplication.primaryScreen()
    free = screen.availableGeometry()
    assert win.frameGeometry().width() <= free.width() and win.frameGeometry().height() <= free.height()
    assert free.contains(win.frameGeometry().topLeft())
    assert QByteArray.fromBase64(saved.encode("ascii"))
    win.undo_stack.setClean()
    win.deleteLater()


# --- import --------------------------------------------------------------------------------


def test_cancelling_an_import_midway_leaves_the_catalogue_unchanged(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from ost import services

    db = tmp_path / "c.sqlite"
    window.db_path = db
    with services.open_store(db) as store:
        before_db = len(store.load())
    before = window.catalogue
    real = Progress.step
    calls: list[int] = []

    def cancel_midway(self: Progress, done: int, total: int, name: str = "") -> None:
        calls.append(done)
        if len(calls) == 2:
            assert window.importer.operation is not None
            window.importer.operation.cancel()  # as the progress dialog's Cancel does
        real(self, done, total, name)

    monkeypatch.setattr(Progress, "step", cancel_midway)
    monkeypatch.setattr(Progress, "__call__", cancel_midway)
    assert not window.importer.import_bsdata([BSDATA])
    assert len(calls) == 2  # stopped at the next step after the cancel
    assert window.catalogue is before
    with services.open_store(db) as store:
        assert len(store.load()) == before_db
    assert not window.shown_dialogs  # type: ignore[attr-defined]


def test_the_list_prices_switch_checks_with_the_stated_prices(window: MainWindow, mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("captain", warlord=True, stated_points=200)
    window.documents.show(b.army)
    catalogue_total = window.report.total_points  # type: ignore[union-attr]
    window.menu_actions.as_priced.setChecked(True)
    assert window.validator_options().as_priced
    assert window.report.total_points != catalogue_total or catalogue_total == 200  # type: ignore[union-attr]


def test_rebuild_the_shipped_catalogue(window: MainWindow) -> None:
    size = len(window.catalogue)
    assert window.importer.rebuild_catalogue()
    assert len(window.catalogue) > size  # the shipped catalogue is larger than the test one
    assert window.browser.model.rowCount() > 2


def test_the_reading_report_dialog_lists_every_line() -> None:
    dialog = TextListDialog("t", "summary", ["~ a", "? b"], legend="marks")
    assert dialog.lines.count() == 2 and dialog.legend.text() == "marks"
    dialog.deleteLater()


def test_model_tester_with_drag_and_drop(qtmodeltester: object, mini: Catalogue) -> None:
    model = ArmyListModel(mini, ultramarines(mini).army)
    qtmodeltester.check(model)  # type: ignore[attr-defined]
