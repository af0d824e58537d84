"""Small dialogs: a summary with a list of lines (import warnings, reading reports), a pasted list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.validator import Report
from ost.gui.list_model import ArmyListModel
from ost.gui.report_view import ReportView

if TYPE_CHECKING:
    from ost.formats.lists.reading import ReadingReport


class TextListDialog(QDialog):
    """A summary sentence, an optional legend, and every line in a list the user can scroll and copy.

    With ``more``, those lines wait behind ``more_note`` (the list's last line,
    saying what is left out) and a button that lists them: an import of a
    whole BattleScribe release can give thousands of warnings.
    """

    def __init__(
        self,
        title: str,
        summary: str,
        lines: list[str],
        parent: QWidget | None = None,
        legend: str = "",
        *,
        more: Sequence[str] = (),
        more_note: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(640, 420)
        layout = QVBoxLayout(self)
        self.summary = QLabel(summary)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary)
        self.lines = QListWidget()
        self.lines.setWordWrap(True)
        self.lines.addItems(lines)
        self._more = list(more)
        if self._more:
            note = QListWidgetItem(more_note)
            note.setForeground(Qt.GlobalColor.gray)
            self.lines.addItem(note)
        self.lines.setVisible(bool(lines) or bool(self._more))
        layout.addWidget(self.lines, 1)
        self.legend = QLabel(legend)
        self.legend.setWordWrap(True)
        self.legend.setVisible(bool(legend))
        layout.addWidget(self.legend)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.show_all = QPushButton(self.tr("Show all (%n more)", "", len(self._more)))
        self.show_all.clicked.connect(self.list_all)
        buttons.addButton(self.show_all, QDialogButtonBox.ButtonRole.ActionRole)
        self.show_all.setVisible(bool(self._more))  # after addButton, which shows it
        layout.addWidget(buttons)

    def list_all(self) -> None:
        """Put the lines left out in place of the note that counted them."""
        if not self._more:
            return
        self.lines.takeItem(self.lines.count() - 1)
        self.lines.addItems(self._more)
        self._more = []
        self.show_all.setVisible(False)


def reading_legend() -> str:
    """What the marks at the start of the reading report's lines mean."""
    return QCoreApplication.translate(
        "Dialogs",
        "Marks: “~” a name read with doubt (the closest datasheet, with how sure Ost is); "
        "“?” a unit not in the catalogue (kept as the list gives it) or a line not understood (left out); "
        "“!” something Ost assumed or changed (a transport or a linked character the list does not give, "
        "a price).",
    )


class PastedListDialog(QDialog):
    """A list read from the clipboard, read-only: its verdict, its units and how it was read.

    "Open for editing" (the dialog's accept) makes it the window's list; Close leaves the window as it was.
    """

    def __init__(
        self,
        catalogue: Catalogue,
        army: ArmyList,
        report: Report,
        reading: ReadingReport,
        lang: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Pasted list (read-only)"))
        self.resize(860, 640)
        layout = QVBoxLayout(self)
        self.report_view = ReportView(lang)
        self.report_view.show_report(report, army, catalogue)
        self.model = ArmyListModel(catalogue, army, lang, self, words=self.report_view.words)
        self.model.set_report(report)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setDragEnabled(False)
        self.tree.expandAll()
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.report_view)
        splitter.setSizes([520, 340])
        layout.addWidget(splitter, 3)
        lines = reading.lines(lang)
        self.reading = QListWidget()
        self.reading.setWordWrap(True)
        self.reading.addItems(lines)
        layout.addWidget(QLabel(self.tr("How the text was read")))
        layout.addWidget(self.reading, 1)
        legend = QLabel(reading_legend())
        legend.setWordWrap(True)
        layout.addWidget(legend)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = buttons.addButton(self.tr("Open for editing"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
