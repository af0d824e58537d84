"""Issue 22's held-back check of the window: the forms of a Carnifex, a Captain and a Devastator at both
sizes in both languages, units of several model kinds, the keyboard in the search and in the form."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot
from test_gui_window import SIZES, _form_fields_shown

from helpers import SHARED, opened_window
from ost.core.catalogue import Catalogue
from ost.gui.main_window import MainWindow
from ost.gui.unit_editor import varied_kinds

pytestmark = pytest.mark.gui
FULL_RELEASE = SHARED / "bsdata-9e-full"
#: The full release's files that hold the pictured units (the Ultramarines' Captain and Devastator Squad).
FILES = ("Warhammer 40,000.gst", "Imperium - Space Marines.cat", "Imperium - Ultramarines.cat", "Tyranids.cat")
CARNIFEX = "bs-tyranids-96c9-795a-8498-07e6"
CAPTAIN = "bs-imperium-adeptus-astartes-ultramarines-a0b8-6a5c-ea09-44f9"
DEVASTATOR = "bs-imperium-adeptus-astartes-ultramarines-a60f-c03f-ebe1-fa2c"
HEAVY = "devastator-marine-w-heavy-weapon"


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    """The shipped catalogue with the full release's Tyranids and Ultramarines imported."""
    if not all((FULL_RELEASE / name).exists() for name in FILES):
        pytest.skip("needs the full BattleScribe release in ../shared/bsdata-9e-full")
    from ost import services

    with services.open_store(tmp_path_factory.mktemp("full") / "c.sqlite") as store:
        services.import_bsdata(store, [FULL_RELEASE / name for name in FILES])
        return store.load()


@pytest.fixture
def window(shipped: Catalogue, tmp_path: Path, qtbot: QtBot) -> Iterator[MainWindow]:
    with opened_window(shipped, tmp_path) as made:
        yield made


def _settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


@pytest.mark.bsdata
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_the_forms_of_a_carnifex_a_captain_and_a_devastator_show_every_field(
    full: Catalogue, tmp_path: Path, qtbot: QtBot, size: tuple[int, int], lang: str
) -> None:
    """Every input visible, whole and inside the pane; every text whole or in its tooltip; the wargear's too."""
    units = (CARNIFEX, CAPTAIN, "sm-capitaine", "sm-escouade-devastator", DEVASTATOR)
    with opened_window(full, tmp_path, lang=lang, size=size) as window:
        for sheet_id in units:
            window.add_unit(sheet_id)
            assert window.editor.wargear.choice_boxes, sheet_id  # the wargear is in the form, not only its counts
            assert _form_fields_shown(window) == [], sheet_id
        window.editor.kind_boxes[HEAVY].setValue(2)  # the Devastator's heavy weapons: two more groups of inputs
        loadout = window.editor.wargear.loadout
        assert any(loadout[index].kind == HEAVY for index, _ in window.editor.wargear.choice_boxes)
        assert _form_fields_shown(window) == []


@pytest.mark.bsdata
def test_a_devastator_squad_of_the_release_takes_its_heavy_weapons(
    full: Catalogue, tmp_path: Path, qtbot: QtBot
) -> None:
    """Its heavy weapons are carried by a kind of model of their own (0 to 4): the form counts it."""
    sheet = full.get(DEVASTATOR)
    assert sheet is not None and [k.id for k in varied_kinds(sheet)] == ["devastator-marine", HEAVY]
    with opened_window(full, tmp_path, lang="en") as window:
        window.add_unit(DEVASTATOR)
        editor = window.editor
        assert set(editor.kind_boxes) == {"devastator-marine", HEAVY}
        assert editor.kind_boxes[HEAVY].value() == 0 and editor.kind_boxes["devastator-marine"].value() == 4
        before = window.report.total_points if window.report else 0
        editor.kind_boxes[HEAVY].setValue(2)
        unit = window.army.detachments[0].units[0]
        assert unit.models == 7 and unit.composition[HEAVY] == 2
        assert editor.models_box.value() == 7
        heavy = [i for i, group in enumerate(editor.wargear.loadout) if group.kind == HEAVY]
        assert [editor.wargear.loadout[i].count for i in heavy] == [2]
        box = next(b for (i, _), b in editor.wargear.choice_boxes.items() if i == heavy[0] and b.count() > 2)
        assert "Missile launcher" in [box.itemText(row).split(" (")[0] for row in range(box.count())]
        assert window.report is not None and window.report.total_points > before
        window.undo_stack.undo()
        assert unit.models == 5 and editor.kind_boxes[HEAVY].value() == 0
        window.undo_stack.redo()
        assert unit.composition[HEAVY] == 2 and editor.kind_boxes[HEAVY].value() == 2


@pytest.mark.parametrize(("lang", "label"), [("fr", "Équipe d'armes lourdes (0–1)"), ("en", "Heavy Weapon Team (0–1)")])
def test_an_infantry_squad_counts_its_heavy_weapon_team(
    shipped: Catalogue, tmp_path: Path, qtbot: QtBot, lang: str, label: str
) -> None:
    """Each kind of model that varies has its count in the form; the datasheet's limits still judge it."""
    with opened_window(shipped, tmp_path, lang=lang) as window:
        window.add_unit("sm-escouade-tactique")
        assert window.editor.kind_boxes == {}  # a Sergeant and Marines: the model count says it all
        window.add_unit("am-escouade-infanterie")
        editor = window.editor
        assert list(editor.kind_boxes) == ["garde", "equipe-d-armes-lourdes"]
        team = editor.kind_boxes["equipe-d-armes-lourdes"]
        shown = [label.text() for label in editor.form_host.findChildren(type(editor.title)) if label.text()]
        assert label in shown
        assert team.value() == 0 and not any(g.kind == "equipe-d-armes-lourdes" for g in editor.wargear.loadout)
        team.setValue(1)
        unit = next(u for _, u in window.army.units() if u.datasheet == "am-escouade-infanterie")
        assert unit.composition["equipe-d-armes-lourdes"] == 1 and editor.models_box.value() == unit.models
        assert any(key[1] == "arme-lourde" for key in editor.wargear.choice_boxes)  # its heavy weapon, offered
        assert window.report is not None
        legal = [f for f in window.report.findings if unit.id in f.units]
        team.setValue(2)  # one team at most
        broken = [f for f in window.report.findings if unit.id in f.units]
        assert len(broken) > len(legal)
        steps = window.undo_stack.count()
        team.setValue(1)
        assert window.undo_stack.count() == steps  # a count's steps are one edit
        window.undo_stack.undo()
        assert "equipe-d-armes-lourdes" not in unit.composition or unit.composition["equipe-d-armes-lourdes"] == 0


def test_a_cut_choice_says_itself_whole_in_its_tooltip(window: MainWindow) -> None:
    window.add_unit("sm-escouade-tactique")
    window.add_unit("rhino" if window.catalogue.get("rhino") else "sm-rhino")
    tactical = next(u for _, u in window.army.units() if u.datasheet == "sm-escouade-tactique")
    window.select_units([tactical.id])
    boxes = [window.editor.transport_box, *window.editor.wargear.choice_boxes.values()]
    for box in boxes:
        assert box.currentText() and box.currentText() in box.toolTip()
    window.editor.transport_box.setCurrentIndex(1)
    assert window.editor.transport_box.toolTip() == window.editor.transport_box.currentText()


def test_enter_adds_the_datasheet_the_search_names(window: MainWindow, qtbot: QtBot) -> None:
    """Not the first one found by a keyword: "ogryns" finds Bullgryns (OGRYN) before the Ogryns."""
    browser = window.browser
    for text, wanted in (("ogryns", "Ogryns"), ("infanterie", "Escouade d'Infanterie")):
        browser.search.setText(text)
        browser.apply_filter()
        browser.tree.setCurrentIndex(browser.model.index(0, 0))  # a faction row: no datasheet selected
        qtbot.keyClick(browser.search, Qt.Key.Key_Return)
        added = [u for _, u in window.army.units()]
        assert any(window.catalogue.get(u.datasheet).name == wanted for u in added), text  # type: ignore[union-attr]
    browser.search.setText("nothing is called like this")
    count = window.army.unit_count()
    qtbot.keyClick(browser.search, Qt.Key.Key_Return)
    assert window.army.unit_count() == count


def test_up_and_down_in_the_search_pick_a_result_and_enter_in_the_tree_adds(window: MainWindow, qtbot: QtBot) -> None:
    browser = window.browser
    browser.search.setText("capitaine")
    browser.apply_filter()
    qtbot.keyClick(browser.search, Qt.Key.Key_Down)
    assert browser.current_sheet_id() == "sm-capitaine"
    qtbot.keyClick(browser.search, Qt.Key.Key_Down)
    assert browser.current_sheet_id() == "sm-capitaine-motard"
    qtbot.keyClick(browser.search, Qt.Key.Key_Down)  # the last: it stays
    assert browser.current_sheet_id() == "sm-capitaine-motard"
    qtbot.keyClick(browser.search, Qt.Key.Key_Up)
    assert browser.current_sheet_id() == "sm-capitaine"
    assert browser.search.text() == "capitaine"  # the keys never reached the text
    qtbot.keyClick(browser.search, Qt.Key.Key_Down)
    qtbot.keyClick(browser.search, Qt.Key.Key_Return)
    assert [u.datasheet for _, u in window.army.units()] == ["sm-capitaine-motard"]
    qtbot.keyClick(browser.tree, Qt.Key.Key_Return)  # the tree's current datasheet, as a double click
    assert [u.datasheet for _, u in window.army.units()] == ["sm-capitaine-motard", "sm-capitaine-motard"]
    browser.tree.setCurrentIndex(browser.model.index(0, 0))
    qtbot.keyClick(browser.tree, Qt.Key.Key_Return)  # a faction: nothing to add
    assert window.army.unit_count() == 2


@pytest.mark.bsdata
def test_carnifex_and_enter_adds_the_carnifexes(full: Catalogue, tmp_path: Path, qtbot: QtBot) -> None:
    """Old One Eye (a Carnifex by its keywords, and a QG listed first) is not what the player typed."""
    with opened_window(full, tmp_path, lang="en") as window:
        window.browser.search.setText("carnifex")
        qtbot.keyClick(window.browser.search, Qt.Key.Key_Return)
        assert [u.datasheet for _, u in window.army.units()] == [CARNIFEX]


def test_a_choice_made_from_the_keyboard_keeps_the_focus_in_the_form(window: MainWindow, qtbot: QtBot) -> None:
    """The form is rebuilt after a choice; the focus stayed on the same box, not the catalogue's search."""
    window.add_unit("sm-escouade-tactique")
    window.activateWindow()
    editor = window.editor
    key = next(k for k in editor.wargear.choice_boxes if k[1] == "arme-speciale")
    box = editor.wargear.choice_boxes[key]
    box.setFocus()
    _settle()
    if not box.hasFocus():
        pytest.skip("this platform gives the window no focus")
    qtbot.keyClick(box, Qt.Key.Key_Down)  # the next entry: a flamer, one edit
    unit = window.army.detachments[0].units[0]
    assert any(c.item == "lance-flammes" for g in unit.loadout for c in g.wargear)
    _settle()
    focus = QApplication.focusWidget()
    assert isinstance(focus, QComboBox) and editor.isAncestorOf(focus)
    assert focus in editor.wargear.choice_boxes.values() and focus is not box
    assert focus is not window.browser.search


def test_a_roster_s_long_detachment_name_is_whole_in_its_tooltip(window: MainWindow) -> None:
    """A roster's "Battalion Detachment 0CP (Chaos - Death Guard)" is cut at 1024 px: the row says it on hover."""
    roster = SHARED / "rosters-9e" / "dg-2000-wendigo.ros"
    if not roster.exists():
        pytest.skip("needs the real rosters in ../shared/rosters-9e")
    assert window.documents.open_path(roster)
    detachment = window.army.detachments[0]
    index = window.model.index_of_detachment(detachment.id)
    assert detachment.name.startswith("Battalion Detachment")
    assert index.data(Qt.ItemDataRole.ToolTipRole) == index.data() == detachment.name
    window.add_detachment()  # a detachment without a name: the name it is shown with
    second = window.model.index_of_detachment(window.army.detachments[1].id)
    assert second.data(Qt.ItemDataRole.ToolTipRole) == second.data() == "Detachment 2"


@pytest.mark.bsdata
def test_a_list_of_the_full_release_opened_on_the_shipped_catalogue_names_its_models(
    full: Catalogue, shipped: Catalogue, tmp_path: Path, qtbot: QtBot
) -> None:
    """Kinds and sizes the shipped catalogue lacks: their names written out and the recorded sizes, not ids."""
    from ost.core import listfile
    from ost.gui.list_model import COL_GEAR

    with opened_window(full, tmp_path) as window:
        window.add_unit(DEVASTATOR)
        window.editor.kind_boxes[HEAVY].setValue(1)
        wargear = window.editor.wargear
        heavy = next(i for i, group in enumerate(wargear.loadout) if group.kind == HEAVY)
        box = next(b for (i, _), b in wargear.choice_boxes.items() if i == heavy and b.count() > 2)
        box.activated.emit(3)  # a lascannon, say: the unit's wargear is then written in the list
        path = tmp_path / "full.ost"
        listfile.save(window.army, path)
    with opened_window(shipped, tmp_path) as window:
        assert window.documents.open_path(path)
        unit = window.army.detachments[0].units[0]
        text = window.model.index_of_unit(unit.id, COL_GEAR).data()
        assert "Devastator marine w heavy weapon" in text and HEAVY not in text
        window.select_units([unit.id])
        assert window.editor.models_box.toolTip() == "From 5 to 10 models"
        assert "Devastator marine sergeant" in window.editor.loadout.text()
