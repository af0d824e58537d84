"""The window's number boxes stay within what a list file accepts (issue 24).

A catalogue option may allow any number (BattleScribe data often states no
maximum, or a huge one); the unit form's box for it stops at
:data:`ost.core.limits.MAX_COUNT`, so a list saved from the window always
opens again. The models and points-limit boxes stop at their bounds too.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

import helpers
from helpers import ListBuilder
from ost.core import listfile
from ost.core.catalogue import Catalogue, WargearOption
from ost.core.limits import MAX_COUNT, MAX_MODELS, MAX_POINTS
from ost.gui.main_window import MainWindow
from ost.gui.settings import Settings
from ost.gui.unit_editor import count_ceiling

TEST_BSDATA = helpers.TEST_DATA / "bsdata"


@pytest.mark.parametrize(
    ("most", "offered"), [(None, MAX_COUNT), (2, 2), (0, 0), (10**9, MAX_COUNT), (10**300, MAX_COUNT)]
)
def test_a_count_box_offers_the_catalogue_maximum_within_the_bound(most: int | None, offered: int) -> None:
    assert count_ceiling(most) == offered


def _unbounded(mini: Catalogue) -> Catalogue:
    """The test catalogue with the Tactical Squad's flamer unbounded and a second option allowing a billion."""
    tactical = mini.get("tactical")
    assert tactical is not None
    options = [
        tactical.options[0].model_copy(update={"max": None}),
        WargearOption(id="banner", name="Bannière", points=10, max=10**6),
    ]
    sheets = [s.model_copy(update={"options": options}) if s.id == "tactical" else s for s in mini]
    return Catalogue(sheets, mini.bands, mini.glossary.values(), mini.factions.values(), mini.sources.values())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_count_boxes_stop_at_the_bounds_and_the_saved_list_opens(
    qtbot: QtBot, mini: Catalogue, tmp_path: Path, lang: str
) -> None:
    catalogue = _unbounded(mini)
    window = MainWindow(catalogue, lang=lang, settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a")
    qtbot.addWidget(window)
    assert window.limit_box.maximum() == MAX_POINTS
    builder = ListBuilder(catalogue)
    builder.add("tactical")
    window.documents.show(builder.army)
    window.select_units(["u1"])
    boxes = window.editor._option_boxes
    assert window.editor.models_box.maximum() == MAX_MODELS
    assert boxes["flamer"].maximum() == MAX_COUNT and boxes["banner"].maximum() == MAX_COUNT
    boxes["banner"].setValue(10**6)  # typed past the end: the box holds its maximum
    assert boxes["banner"].value() == MAX_COUNT
    unit = window.army.detachments[0].units[0]
    assert unit.options["banner"] == MAX_COUNT
    path = tmp_path / "big.ost"
    assert window.documents.save_to(path)
    reopened = listfile.load(path)  # within every bound: the file opens again
    assert reopened.detachments[0].units[0].options["banner"] == MAX_COUNT
    window.undo_stack.setClean()


def test_a_list_count_past_the_bound_is_refused_when_read(mini: Catalogue, tmp_path: Path) -> None:
    """What the cap protects against: a count above the bound makes a file that does not open."""
    builder = ListBuilder(mini)
    builder.add("tactical")
    text = listfile.dumps(builder.army).replace('"models": 5', f'"models": {MAX_MODELS + 1}')
    assert str(MAX_MODELS + 1) in text
    path = tmp_path / "over.ost"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(Exception, match=str(MAX_MODELS)):
        listfile.load(path)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_import_with_thousands_of_warnings_lists_the_first_and_counts_the_rest(
    qtbot: QtBot, mini: Catalogue, tmp_path: Path, lang: str
) -> None:
    from ost import services
    from ost.core.i18n import Bilingual
    from ost.formats.bsdata.report import BsImportWarning
    from ost.gui.dialogs import TextListDialog
    from ost.gui.importing import SHOWN_WARNINGS

    window = MainWindow(mini, lang=lang, settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a")
    qtbot.addWidget(window)
    shown: list[QDialog] = []
    window.exec_dialog = lambda dialog: shown.append(dialog) or 0  # type: ignore[method-assign]
    result = services.read_bsdata([TEST_BSDATA])
    # What the hostile campaign fed the window: one file with 4,400 warnings, a few from another.
    flood = [
        BsImportWarning("/data/Flood.cat", Bilingual(fr=f"entrée {n} ignorée", en=f"entry {n} skipped"))
        for n in range(4_400)
    ]
    other = [BsImportWarning("/data/Other.cat", Bilingual(fr=f"étrange {n}", en=f"odd {n}")) for n in range(5)]
    result = dataclasses.replace(result, warnings=[*result.warnings, *flood, *other])
    window.importer._imported(result, mini)
    dialog = shown[-1]
    assert isinstance(dialog, TextListDialog)
    lines = [dialog.lines.item(n).text() for n in range(dialog.lines.count())]
    assert len(lines) == SHOWN_WARNINGS + 1
    assert lines[:SHOWN_WARNINGS] == [w.message(lang) for w in result.warnings[:SHOWN_WARNINGS]]
    rest = len(result.warnings) - SHOWN_WARNINGS
    assert str(rest) in lines[-1] and "Flood.cat" in lines[-1] and "Other.cat 5" in lines[-1]
    assert lines[-1].index("Flood.cat") < lines[-1].index("Other.cat")  # the files with the most first
    assert str(len(result.warnings)) in dialog.summary.text()  # the summary counts them all
    assert dialog.show_all.isVisibleTo(dialog)
    dialog.list_all()  # on demand: every warning, the note gone
    assert dialog.lines.count() == len(result.warnings)
    assert dialog.lines.item(dialog.lines.count() - 1).text() == result.warnings[-1].message(lang)
    assert not dialog.show_all.isVisibleTo(dialog)


def test_a_short_import_report_lists_every_warning_without_a_button(qtbot: QtBot) -> None:
    from ost.gui.dialogs import TextListDialog

    dialog = TextListDialog("t", "summary", ["a", "b"])
    qtbot.addWidget(dialog)
    assert dialog.lines.count() == 2 and not dialog.show_all.isVisibleTo(dialog)
