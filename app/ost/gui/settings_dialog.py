"""The settings dialog: language, printing, Legends datasheets, catalogue sources.

The choices are saved in :class:`ost.gui.settings.Settings`, except the
sources' switches, which the catalogue database keeps (the window writes
them through ``services.set_source_enabled``). The language applies at the
next start (the window's texts are built once); the other choices at once.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ost.core.catalogue import SHIPPED_SOURCE, Catalogue
from ost.gui.settings import Settings

SOURCE_ROLE = Qt.ItemDataRole.UserRole + 30


class SettingsDialog(QDialog):
    """Edits a copy of the choices; :meth:`apply` writes them to the settings."""

    def __init__(self, settings: Settings, catalogue: Catalogue, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(self.tr("Settings"))
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.language = QComboBox()
        self.language.addItem(self.tr("System language"), "")
        self.language.addItem("Français", "fr")
        self.language.addItem("English", "en")
        self.language.setCurrentIndex(max(0, self.language.findData(settings.lang or "")))
        form.addRow(self.tr("Language"), self.language)
        note = QLabel(self.tr("The language changes at the next start of Ost."))
        note.setWordWrap(True)
        form.addRow("", note)
        self.paper = QComboBox()
        self.paper.addItem(self.tr("A4"), "a4")
        self.paper.addItem(self.tr("US Letter"), "letter")
        self.paper.setCurrentIndex(max(0, self.paper.findData(settings.paper)))
        form.addRow(self.tr("Paper"), self.paper)
        self.card_size = QComboBox()
        self.card_size.addItem(self.tr("Poker (63 × 88 mm)"), "poker")
        self.card_size.addItem(self.tr("A6 (105 × 148 mm)"), "a6")
        self.card_size.setCurrentIndex(max(0, self.card_size.findData(settings.card_size)))
        form.addRow(self.tr("Reference cards"), self.card_size)
        self.legends = QCheckBox(self.tr("Legends datasheets count as available"))
        self.legends.setToolTip(
            self.tr("When checked, a Legends datasheet can be what a band requires you to take first.")
        )
        self.legends.setChecked(settings.legends)
        form.addRow("", self.legends)
        layout.addLayout(form)

        group = QGroupBox(self.tr("Catalogue sources"))
        group_layout = QVBoxLayout(group)
        self.sources = QListWidget()
        self.sources.setWordWrap(True)
        revision_word = self.tr("revision")
        for source_id, source in sorted(catalogue.sources.items()):
            name = source.name or (self.tr("Ost catalogue") if source_id == SHIPPED_SOURCE else source_id)
            revision = f" ({revision_word} {source.revision})" if source.revision else ""
            item = QListWidgetItem(name + revision)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if source.enabled else Qt.CheckState.Unchecked)
            item.setData(SOURCE_ROLE, source_id)
            self.sources.addItem(item)
        if not catalogue.sources:
            only = QListWidgetItem(self.tr("Only the shipped catalogue: import BattleScribe data to add sources."))
            only.setData(SOURCE_ROLE, "")
            self.sources.addItem(only)
        group_layout.addWidget(self.sources)
        hint = QLabel(self.tr("A source switched off stays in the database; lists that use it still open."))
        hint.setWordWrap(True)
        group_layout.addWidget(hint)
        layout.addWidget(group, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def disabled_sources(self) -> list[str]:
        disabled = []
        for row in range(self.sources.count()):
            item = self.sources.item(row)
            source_id = item.data(SOURCE_ROLE)
            if source_id and item.checkState() != Qt.CheckState.Checked:
                disabled.append(source_id)
        return disabled

    def apply(self) -> None:
        """Write the choices to the settings and save them (the sources' switches are the window's to write)."""
        lang = self.language.currentData()
        self.settings.lang = lang if lang in ("fr", "en") else None
        self.settings.paper = str(self.paper.currentData())
        self.settings.card_size = str(self.card_size.currentData())
        self.settings.legends = self.legends.isChecked()
        self.settings.save()
