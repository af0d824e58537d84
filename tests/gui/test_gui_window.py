"""A new user's evening in the window: the unit form at every size, keyboard, drag, roles, totals, words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from helpers import ROOT, SHARED, ListBuilder, options_only
from helpers import open_window as _window
from ost.core import listfile
from ost.core.armylist import Carried, ModelGroup
from ost.core.catalogue import Catalogue
from ost.gui.list_model import COL_GEAR, COL_NAME, COL_POINTS
from ost.gui.loadout_view import OptionNames, readable_id
from ost.gui.main_window import MainWindow

pytestmark = pytest.mark.gui
FULL_RELEASE = SHARED / "bsdata-9e-full"
SIZES = [(1024, 700), (1920, 1080)]


@pytest.fixture
def shipped_window(shipped: Catalogue, tmp_path: Path, qtbot: QtBot) -> Iterator[MainWindow]:
    window = _window(shipped, tmp_path)
    yield window
    window.undo_stack.setClean()
    window.close()
    window.deleteLater()


@pytest.fixture
def mini_window(mini: Catalogue, tmp_path: Path, qtbot: QtBot) -> Iterator[MainWindow]:
    window = _window(mini, tmp_path)
    yield window
    window.undo_stack.setClean()
    window.close()
    window.deleteLater()


@pytest.fixture(scope="module")
def with_tyranids(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    """The shipped catalogue with the full release's Tyranids imported (the Carnifex's many options)."""
    if not (FULL_RELEASE / "Tyranids.cat").exists():
        pytest.skip("needs the full BattleScribe release in ../shared/bsdata-9e-full")
    from ost import services

    with services.open_store(tmp_path_factory.mktemp("tyr") / "c.sqlite") as store:
        services.import_bsdata(store, [FULL_RELEASE / "Warhammer 40,000.gst", FULL_RELEASE / "Tyranids.cat"])
        return store.load()


def _form_fields_shown(window: MainWindow) -> list[str]:
    """Every problem of the unit form as laid out: an input hidden, squeezed or out of sight, a text cut short.

    Every input counts, the wargear's too (its choice boxes, counts, check
    boxes, the reset button), not only the count boxes: a choice box squeezed
    below its smallest size, or pushed past the pane's right edge, hides what
    it says. A label cut (in height, or a word wider than the label) or
    without its tooltip, and a choice box whose entry is cut without the
    whole of it in its tooltip, are problems too.
    """
    for _ in range(6):  # wrapped labels settle their height in a few rounds of layout
        QApplication.processEvents()
    editor = window.editor
    area_width = editor.parentWidget().width() if editor.parentWidget() else editor.width()
    problems = []
    boxes: list[QSpinBox] = [editor.models_box, *editor._option_boxes.values()]
    for box in boxes:
        right = box.mapTo(editor, QPoint(box.width(), 0)).x()
        if not box.isVisible() or box.width() < box.minimumSizeHint().width() or right > area_width:
            problems.append(f"box {box.toolTip()!r}: visible={box.isVisible()} width={box.width()} right={right}")
    inputs = (QSpinBox, QComboBox, QLineEdit, QAbstractButton)
    for field in editor.findChildren(QWidget):
        if not isinstance(field, inputs) or not field.isVisibleTo(editor) or isinstance(field.parentWidget(), QSpinBox):
            continue
        name = f"{type(field).__name__} {field.toolTip()[:40]!r}"
        right = field.mapTo(editor, QPoint(field.width(), 0)).x()
        if field.width() < field.minimumSizeHint().width() or field.height() < field.minimumSizeHint().height():
            problems.append(f"{name} squeezed: {field.width()}x{field.height()}")
        if right > area_width:
            problems.append(f"{name} out of sight: its right edge at {right}, the pane {area_width} wide")
        if isinstance(field, QCheckBox) and field.text() and field.width() < field.sizeHint().width():
            problems.append(f"{name} cuts its text {field.text()!r}")
        if isinstance(field, QComboBox) and field.currentText() and field.currentText() not in field.toolTip():
            problems.append(f"{name}: its entry {field.currentText()!r} not in its tooltip (a narrow box cuts it)")
    for label in editor.form_host.findChildren(QLabel):
        text = label.text()
        fits = label.fontMetrics().boundingRect(0, 0, label.width(), 10_000, Qt.TextFlag.TextWordWrap, text)
        if fits.height() > label.height() + 2:
            problems.append(f"label {text!r} cut: {fits.height()} px of text in {label.height()} px")
        if label.isVisible() and fits.width() > label.width() + 1:
            problems.append(f"label {text!r} cut sideways: {fits.width()} px of text in {label.width()} px")
        if not label.toolTip():
            problems.append(f"label {text!r} without its tooltip")
        if label.isVisible() and label.width() <= 0:
            problems.append(f"label {text!r} has no width")
    return problems


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("sheet_id", ["sm-capitaine", "sm-escouade-devastator"])
def test_the_unit_form_shows_every_field(
    shipped: Catalogue, tmp_path: Path, qtbot: QtBot, size: tuple[int, int], sheet_id: str
) -> None:
    # The option counters' form (older catalogues; the shipped datasheets state their choices now).
    shipped = options_only(shipped, sheet_id)
    window = _window(shipped, tmp_path, size=size)
    try:
        window.add_unit(sheet_id)
        sheet = shipped.get(sheet_id)
        assert sheet is not None and sheet.options
        assert len(window.editor._option_boxes) == len(sheet.options)
        assert _form_fields_shown(window) == []
    finally:
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()


@pytest.mark.bsdata
@pytest.mark.parametrize("size", SIZES)
def test_a_carnifex_form_shows_every_field(
    with_tyranids: Catalogue, tmp_path: Path, qtbot: QtBot, size: tuple[int, int]
) -> None:
    carnifex = next(s for s in with_tyranids if s.name == "Carnifexes")
    assert len(carnifex.options) >= 5  # long option names: what hid the boxes before
    window = _window(with_tyranids, tmp_path, size=size)
    try:
        window.add_unit(carnifex.id)
        assert _form_fields_shown(window) == []
    finally:
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()


@pytest.mark.bsdata
def test_a_carnifex_form_says_its_talons_once(with_tyranids: Catalogue, tmp_path: Path, qtbot: QtBot) -> None:
    """The data's "Two Carnifex Scything Talons" taken twice is not shown "2× Two Carnifex Scything Talons"."""
    carnifex = next(s for s in with_tyranids if s.name == "Carnifexes")
    talons = next(i for i in carnifex.wargear if i.name == "Two Carnifex Scything Talons")
    assert carnifex.kinds[0].loadout[talons.id] == 2  # two weapon slots, each a pair
    window = _window(with_tyranids, tmp_path)
    try:
        window.add_unit(carnifex.id)
        gear = " | ".join(g.text() for _, g in window.editor.wargear.group_labels)
        assert "Two Carnifex Scything Talons" in gear and "× Two" not in gear
    finally:
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()


@pytest.mark.bsdata
def test_a_hive_fleet_box_suggests_a_hive_fleet(with_tyranids: Catalogue, tmp_path: Path, qtbot: QtBot) -> None:
    carnifex = next(s for s in with_tyranids if s.name == "Carnifexes")
    assert tuple(carnifex.faction_placeholders) == ("<HIVE FLEET>",)
    window = _window(with_tyranids, tmp_path)
    try:
        window.add_unit(carnifex.id)
        edit = window.editor._placeholder_edits["<HIVE FLEET>"]
        assert edit.placeholderText() == "p. ex. LEVIATHAN"
    finally:
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()


def _wheel(widget: QSpinBox, up: bool = True) -> None:
    centre = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(
        centre,
        widget.mapToGlobal(centre),
        QPoint(0, 0),
        QPoint(0, 120 if up else -120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_changes_a_spin_box_only_once_it_has_the_focus(
    shipped: Catalogue, tmp_path: Path, qtbot: QtBot
) -> None:
    window = _window(options_only(shipped, "sm-escouade-devastator"), tmp_path)  # its option counters
    try:
        window.add_unit("sm-escouade-devastator")
        box = next(iter(window.editor._option_boxes.values()))
        window.tree.setFocus()
        steps = window.undo_stack.count()
        _wheel(box)  # scrolling the form over the box: nothing changes
        assert box.value() == 0 and window.undo_stack.count() == steps
        box.setFocus()
        QApplication.processEvents()
        if box.hasFocus():  # offscreen, a window may not take the focus: then only the refusal is tested
            _wheel(box)
            assert box.value() == 1 and window.undo_stack.count() == steps + 1
        assert window.editor.models_box.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel never gives focus
    finally:
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()


def test_enter_in_the_search_adds_the_datasheet(mini_window: MainWindow, qtbot: QtBot) -> None:
    window = mini_window
    window.search.setText("scouts")
    qtbot.keyClick(window.search, Qt.Key.Key_Return)
    assert [u.datasheet for _, u in window.army.units()] == ["scouts"]
    window.search.setText("capitaine")
    window.browser.apply_filter()
    assert window.browser.select_sheet("captain")
    qtbot.keyClick(window.search, Qt.Key.Key_Return)  # the selected datasheet
    assert [u.datasheet for _, u in window.army.units()] == ["captain", "scouts"]
    window.search.setText("nothing is called like this")
    qtbot.keyClick(window.search, Qt.Key.Key_Return)
    assert window.army.unit_count() == 2  # no match: nothing added


def test_a_datasheet_dragged_from_the_catalogue_is_added(mini_window: MainWindow) -> None:
    window = mini_window
    window.add_detachment()
    assert window.browser.select_sheet("rhino")
    data = window.browser.model.mimeData([window.browser.tree.currentIndex()])
    second = window.model.index_of_detachment(window.army.detachments[1].id)
    assert window.model.canDropMimeData(data, Qt.DropAction.CopyAction, -1, 0, second)
    window.model.dropMimeData(data, Qt.DropAction.CopyAction, -1, 0, second)
    assert [u.datasheet for u in window.army.detachments[1].units] == ["rhino"]
    assert window.army.detachments[0].units == []
    window.undo_stack.undo()
    assert window.army.unit_count() == 0
    # A faction or role row carries no datasheet: nothing to add.
    faction = window.browser.model.index(0, 0)
    assert not window.model.canDropMimeData(
        window.browser.model.mimeData([faction]), Qt.DropAction.CopyAction, -1, 0, second
    ) or (
        window.model.dropMimeData(window.browser.model.mimeData([faction]), Qt.DropAction.CopyAction, -1, 0, second)
        is False
        and window.army.unit_count() == 0
    )


def test_units_are_grouped_by_role_as_they_are_added(shipped_window: MainWindow) -> None:
    window = shipped_window
    for sheet_id in ("sm-escouade-devastator", "sm-escouade-intercessor", "sm-capitaine", "sm-escouade-tactique"):
        if window.catalogue.get(sheet_id) is not None:
            window.add_unit(sheet_id)
    roles = [window.model.index(row, 3, window.model.index(0, 0)).data() for row in range(window.army.unit_count())]
    assert roles[0] == "QG" and roles[-1] == "Soutien"
    order = ["QG", "Troupes", "Élite", "Attaque Rapide", "Soutien"]
    assert roles == sorted(roles, key=order.index)
    assert len(window.army.detachments) == 1  # the detachments stay as they are


def test_a_list_file_on_the_command_line_opens_the_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ost.gui.app
    from ost.cli.main import main

    opened: list[object] = []
    monkeypatch.setattr(ost.gui.app, "run_gui", lambda **kwargs: opened.append(kwargs) or 0)
    path = tmp_path / "liste.ost"
    path.write_text("{}", encoding="utf-8")
    assert main([str(path)]) == 0
    assert main(["--lang", "en", str(tmp_path / "other.ros")]) == 0
    assert [k["files"] for k in opened] == [[path], [tmp_path / "other.ros"]]  # type: ignore[index]
    with pytest.raises(SystemExit):  # a mistyped command is still refused, not opened as a file
        main(["chek"])


def test_standard_dialogs_speak_french(qtbot: QtBot) -> None:
    from ost.gui.app import install_translators, speak_in_dialogs

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    translators = install_translators(app, "fr")
    try:
        speak_in_dialogs(app, "fr")
        box = QMessageBox()
        buttons = QMessageBox.StandardButton
        box.setStandardButtons(buttons.Save | buttons.Discard | buttons.Cancel)
        assert {b.text() for b in box.buttons()} == {"Enregistrer", "Ne pas tenir compte", "Annuler"}
        bar = QDialogButtonBox(QDialogButtonBox.StandardButton.Open)
        assert bar.buttons()[0].text().replace("&", "") == "Ouvrir"
        bar.deleteLater()
        # Qt's own file dialog (used when the system speaks another language): every label in French, the two
        # that Qt 6.12 renamed ("&Look in:", "Files of &type:") included.
        files = QFileDialog(None, "", str(Path.home()))
        files.setOption(QFileDialog.Option.DontUseNativeDialog)
        labels = {label.objectName(): label.text().replace("&", "") for label in files.findChildren(QLabel)}
        assert labels == {
            "lookInLabel": "Voir dans\u00a0:",
            "fileNameLabel": "Nom de fichier\u00a0:",
            "fileTypeLabel": "Fichiers de type\u00a0:",
        }
        files.deleteLater()
        from PySide6.QtCore import QLocale

        # Native dialogs speak the system's language: Qt's own are used when Ost speaks another.
        french_system = QLocale.system().language() == QLocale.Language.French
        assert app.testAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs) == (not french_system)
        box.deleteLater()
    finally:
        for translator in translators:
            app.removeTranslator(translator)
        speak_in_dialogs(app, "en")
        app.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, False)


def test_option_names_never_raw_ids(shipped: Catalogue, mini: Catalogue, tmp_path: Path, qtbot: QtBot) -> None:
    """A list made on a richer catalogue, opened on one that lacks its options: names, not ids."""
    b = ListBuilder(mini, 1000)
    tactical = b.add("tactical")
    b.unit(tactical).options = {"flamer": 1, "thunder-hammer": 2, "bs-9a1c-4be2-0f3e-77d1": 1}
    path = tmp_path / "l.ost"
    listfile.save(b.army, path)
    window = _window(mini, tmp_path)
    try:
        assert window.documents.open_path(path)
        unit = window.army.detachments[0].units[0]
        text = window.model.index_of_unit(unit.id, COL_GEAR).data()
        assert "Lance-flammes" in text or "Flamer" in text  # the datasheet's own option
        assert "2× Thunder hammer" in text  # an id made of words, written out
        assert "bs-9a1c" not in text and "option not in the catalogue" in text  # no player reads a machine id
    finally:
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()
    names = OptionNames("?")
    sheet = shipped.get("sm-capitaine")
    assert sheet is not None and sheet.options
    option = sheet.options[0]
    assert names.name(shipped, None, option.id) == option.name  # found on another datasheet of the catalogue
    assert readable_id("bs-9a1c-4be2") == "" and readable_id("jump_pack") == "Jump pack"


def test_list_prices_the_rows_and_the_total_agree(mini_window: MainWindow, mini: Catalogue) -> None:
    window = mini_window
    b = ListBuilder(mini, 1000)
    b.add("captain", warlord=True, stated_points=200)
    b.add("intercessors", stated_points=77)
    window.documents.show(b.army)

    def detachment_points() -> int:
        return int(window.model.index(0, COL_POINTS).data())

    def rows_points() -> int:
        return sum(int(window.model.index_of_unit(u.id, COL_POINTS).data()) for u in window.army.detachments[0].units)

    assert window.report is not None
    assert detachment_points() == rows_points() == window.report.total_points  # catalogue prices
    window.menu_actions.as_priced.setChecked(True)
    assert window.report.total_points == 277
    assert detachment_points() == rows_points() == 277  # the list's prices, everywhere
    spent = [window.report_view.roles.item(r, 3).text() for r in range(window.report_view.roles.rowCount())]
    assert sum(int(text.split()[0]) for text in spent) == 277
    window.menu_actions.as_priced.setChecked(False)
    assert detachment_points() == window.report.total_points != 277


def test_the_list_copied_as_text_is_priced_as_its_rows(mini_window: MainWindow, mini: Catalogue) -> None:
    """Catalogue prices by default, as the rows and the sheet; the list's own under View ▸ List prices."""
    window = mini_window
    b = ListBuilder(mini, 1000)
    captain = b.add("captain", warlord=True, stated_points=200)
    b.add("intercessors", stated_points=77)
    window.documents.show(b.army)
    assert window.report is not None
    ours = window.report.total_points
    row = int(window.model.index_of_unit(captain, COL_POINTS).data())
    text = window.list_text()
    assert f"[{ours} pts] +++" in text.splitlines()[0] and f"[{row} pts]" in text and "[200 pts]" not in text
    window.menu_actions.as_priced.setChecked(True)
    text = window.list_text()
    assert "[277 pts] +++" in text.splitlines()[0] and "[200 pts]" in text and "[77 pts]" in text
    window.menu_actions.as_priced.setChecked(False)


def test_an_empty_list_shows_every_error_it_counts(mini_window: MainWindow) -> None:
    window = mini_window
    assert window.army.unit_count() == 0 and window.report is not None
    assert window.report.errors >= 1
    view = window.report_view
    shown = [view.findings.item(row) for row in range(view.findings.count())]
    errors = [item for item in shown if item.toolTip()]  # findings carry their code; the hint does not
    assert len(errors) == len(window.report.findings)
    assert str(window.report.errors) in view.summary.text()
    assert "empty" in shown[0].text().lower()


def test_what_the_models_carry_is_shown(mini_window: MainWindow, mini: Catalogue) -> None:
    window = mini_window
    b = ListBuilder(mini, 1000)
    tactical = b.add("tactical")
    unit = b.unit(tactical)
    unit.loadout = [
        ModelGroup(kind="model", count=1, wargear=[Carried(name="Épée énergétique"), Carried(name="Pistolet bolter")]),
        ModelGroup(kind="model", count=4, wargear=[Carried(name="Bolter", count=1)]),
    ]
    unit.upgrades = [Carried(name="Relique du Chapitre", kind="relic")]
    window.documents.show(b.army)
    text = window.model.index_of_unit(unit.id, COL_GEAR).data()
    assert "1× " in text and "Épée énergétique, Pistolet bolter" in text
    assert "4× " in text and "(Bolter)" in text and "Relique du Chapitre" in text
    window.select_units([unit.id])
    shown = window.editor.loadout
    assert not shown.isHidden()
    assert "Épée énergétique" in shown.text() and "Relique du Chapitre" in shown.text()
    assert "Upgrades" in shown.text()  # no translator in these tests: English
    window.add_unit("captain")  # a unit that carries nothing listed: the block goes
    assert window.editor.loadout.isHidden()
    name_tip = window.model.index_of_unit(unit.id, COL_NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert name_tip


def test_the_whole_name_is_in_the_form_title_tooltip(mini_window: MainWindow) -> None:
    window = mini_window
    window.add_unit("tactical")
    assert "Escouade Tactique" in window.editor.title.toolTip() or "Tactical" in window.editor.title.toolTip()
    QGuiApplication.processEvents()


@pytest.mark.parametrize(
    ("lang", "shown", "hidden"),
    [("en", "Infantry Squad", "Escouade d'Infanterie"), ("fr", "Escouade d'Infanterie", "Infantry Squad")],
)
def test_the_list_and_the_form_name_units_in_the_window_language(
    shipped: Catalogue, tmp_path: Path, qtbot: QtBot, lang: str, shown: str, hidden: str
) -> None:
    from ost.core import listfile
    from ost.gui.list_model import COL_NAME

    window = _window(shipped, tmp_path, lang=lang)
    army = listfile.load(ROOT / "examples" / "legal" / "astra-militarum-3000.ost")
    window.documents.show(army)
    unit = next(u for _, u in army.units() if u.datasheet == "am-escouade-infanterie" and not u.custom_name)
    names = [window.model.data(window.model.index_of_unit(u.id, COL_NAME)) for _, u in army.units()]
    assert any(name.endswith(shown) for name in names) and not any(name.endswith(hidden) for name in names)
    window.select_units([unit.id])
    assert shown in window.editor.title.text() and hidden not in window.editor.title.text()
    window.undo_stack.setClean()
    window.close()
    window.deleteLater()


@pytest.mark.bsdata
def test_a_roster_opens_grouped_by_role_and_an_ost_list_keeps_its_order(
    with_tyranids: Catalogue, tmp_path: Path, qtbot: QtBot
) -> None:
    """A list read from another program reads as the window builds one (QG, Troupes…); an Ost list as saved."""
    from ost import services
    from ost.core.armylist import ROLE_RANK, role_of

    roster = SHARED / "rosters-9e" / "tyranids-1300-monsters.ros"
    as_read = services.read_any(roster, with_tyranids).army
    file_order = [role_of(u, with_tyranids) for _, u in as_read.units()]
    assert file_order != sorted(file_order, key=ROLE_RANK.__getitem__)  # the roster is not in role order
    window = _window(with_tyranids, tmp_path)
    try:
        assert window.documents.open_path(roster)
        for detachment in window.army.detachments:
            ranks = [ROLE_RANK[role_of(u, with_tyranids)] for u in detachment.units]
            assert ranks == sorted(ranks)
        assert sorted(u.id for _, u in window.army.units()) == sorted(u.id for _, u in as_read.units())
        # Saved as an Ost list in the roster's own order, it opens in that order.
        path = tmp_path / "as-read.ost"
        listfile.save(as_read, path)
        assert window.documents.open_path(path)
        assert [u.id for _, u in window.army.units()] == [u.id for _, u in as_read.units()]
    finally:
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()
