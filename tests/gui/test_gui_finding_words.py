"""Issue 21: an English window names keywords and placeholders in English in its findings, as the printouts do."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from helpers import EXAMPLES
from helpers import open_window as _window
from ost.core import listfile
from ost.core.catalogue import Catalogue
from ost.core.findings import Code
from ost.core.validator import validate
from ost.formats.lists.reading import ReadingReport
from ost.gui.dialogs import PastedListDialog
from ost.gui.finding_words import FindingWords
from ost.gui.list_model import COL_NAME
from ost.gui.report_view import ReportView

UNSET = EXAMPLES / "illegal" / "PLACEHOLDER-UNSET.ost"

#: What each language calls the placeholder the example leaves unset, and the other language's word.
WORDS = {"en": ("<CHAPTER>", "<CHAPITRE>"), "fr": ("<CHAPITRE>", "<CHAPTER>")}


def _texts(view: ReportView) -> list[tuple[str, str]]:
    rows = (view.findings.item(row) for row in range(view.findings.count()))
    return [(item.text(), item.toolTip()) for item in rows if item is not None]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_findings_pane_and_the_units_tooltips_name_placeholders_in_the_windows_language(
    shipped: Catalogue, tmp_path: Path, qtbot: QtBot, lang: str
) -> None:
    ours, theirs = WORDS[lang]
    window = _window(shipped, tmp_path, lang=lang)
    qtbot.addWidget(window)
    try:
        assert window.documents.open_path(UNSET)
        assert window.report is not None and window.report.findings  # a warning: the list stays legal
        shown = _texts(window.report_view)
        placeholder = [(text, tip) for text, tip in shown if ours in text]
        # The message and its fix line ("Give <CHAPTER> a value in each unit's form").
        assert placeholder and all(text.count(ours) == 2 for text, _ in placeholder), shown
        assert not any(theirs in text for text, _ in shown)
        # The tooltip says where the rule is in the reader's words, not "seed 000".
        assert all(tip and "seed" not in tip and "MAC HAMMER 40K" in tip for _, tip in placeholder), shown
        if lang == "en":
            assert not any("COMPOSITION D'ARMÉE" in tip for _, tip in shown)
        named = [unit for item in window.report.findings if item.code is Code.PLACEHOLDER_UNSET for unit in item.units]
        assert named
        for unit_id in named:
            tooltip = window.model.index_of_unit(unit_id, COL_NAME).data(Qt.ItemDataRole.ToolTipRole)
            assert ours in tooltip and theirs not in tooltip
    finally:
        window.undo_stack.setClean()
        window.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_pasted_lists_check_names_placeholders_in_the_windows_language(
    shipped: Catalogue, qtbot: QtBot, lang: str
) -> None:
    ours, theirs = WORDS[lang]
    army = listfile.load(UNSET)
    report = validate(shipped, army)
    dialog = PastedListDialog(shipped, army, report, ReadingReport(source="clipboard", format="ost"), lang)
    qtbot.addWidget(dialog)
    shown = " ".join(text for text, _ in _texts(dialog.report_view))
    assert ours in shown and theirs not in shown
    assert dialog.model.words is dialog.report_view.words


def test_the_keyword_table_is_read_once_and_only_for_english() -> None:
    reads: list[int] = []

    def table() -> dict[str, str]:
        reads.append(1)
        return {"<CHAPITRE>": "<CHAPTER>", "VÉHICULE": "VEHICLE"}

    english = FindingWords("en", table)
    assert english("Escouade: <CHAPITRE> sans valeur") == "Escouade: <CHAPTER> sans valeur"
    assert english("a VÉHICULE, a VÉHICULES") == "a VEHICLE, a VÉHICULES"  # whole keywords only
    assert reads == [1]
    french = FindingWords("fr", table)
    assert french("<CHAPITRE>") == "<CHAPITRE>" and reads == [1]
