"""Small dialogs: a summary with a list of lines (import warnings, reading reports)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QVBoxLayout, QWidget


class TextListDialog(QDialog):
    """A summary sentence, an optional legend, and every line in a list the user can scroll and copy."""

    def __init__(
        self, title: str, summary: str, lines: list[str], parent: QWidget | None = None, legend: str = ""
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
        self.lines.setVisible(bool(lines))
        layout.addWidget(self.lines, 1)
        self.legend = QLabel(legend)
        self.legend.setWordWrap(True)
        self.legend.setVisible(bool(legend))
        layout.addWidget(self.legend)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
