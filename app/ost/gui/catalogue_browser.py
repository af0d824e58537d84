"""The catalogue pane: search, a tree of factions, roles and datasheets, an "add" button."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QHeaderView, QLineEdit, QPushButton, QTreeView, QVBoxLayout, QWidget

from ost.core.catalogue import Catalogue, Datasheet
from ost.core.roles import Role
from ost.core.text import fold

ID_ROLE = Qt.ItemDataRole.UserRole + 1


class CatalogueBrowser(QWidget):
    """Emits ``sheet_selected`` when a datasheet is picked, ``add_requested`` to add it to the list."""

    sheet_selected = Signal(str)
    add_requested = Signal(str)

    def __init__(self, catalogue: Catalogue, lang: str = "fr") -> None:
        super().__init__()
        self.catalogue = catalogue
        self.lang = lang
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search the catalogue (name, keyword, faction)…"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.refilter)
        self.model = QStandardItemModel(self)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.selectionModel().currentChanged.connect(self._current_changed)
        self.tree.doubleClicked.connect(self._double_clicked)
        header = self.tree.header()
        header.setStretchLastSection(False)
        self.add_button = QPushButton(self.tr("Add to the list"))
        self.add_button.setEnabled(False)
        self.add_button.clicked.connect(self._add_current)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.add_button)
        self.refilter("")

    def current_sheet(self) -> Datasheet | None:
        sheet_id = self.tree.currentIndex().siblingAtColumn(0).data(ID_ROLE)
        return self.catalogue.get(sheet_id) if sheet_id else None

    def refilter(self, text: str) -> None:
        words = fold(text).split()
        self.model.clear()
        self.model.setHorizontalHeaderLabels([self.tr("Datasheet"), self.tr("Models"), self.tr("Points")])
        factions: dict[str, QStandardItem] = {}
        roles: dict[tuple[str, Role], QStandardItem] = {}
        order = list(Role)
        sheets = (
            self.catalogue.search(text)
            if words
            else sorted(self.catalogue, key=lambda s: (s.faction, order.index(s.role), fold(s.name)))
        )
        for sheet in sheets:
            if sheet.hidden:
                continue
            faction_item = factions.get(sheet.faction)
            if faction_item is None:
                faction = self.catalogue.factions.get(sheet.faction)
                faction_item = _item(faction.name if faction else sheet.faction)
                factions[sheet.faction] = faction_item
                self.model.appendRow([faction_item, _item(""), _item("")])
            key = (sheet.faction, sheet.role)
            role_item = roles.get(key)
            if role_item is None:
                role_item = _item(sheet.role.label(self.lang))
                roles[key] = role_item
                faction_item.appendRow([role_item, _item(""), _item("")])
            role_item.appendRow(_sheet_row(sheet, self.tr(" [Legends]")))
        if words:
            self.tree.expandAll()
        else:
            self.tree.expandToDepth(0)
        header = self.tree.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.add_button.setEnabled(False)

    def select_sheet(self, sheet_id: str) -> bool:
        """Make ``sheet_id`` the current item (used by tests and by "show datasheet")."""
        for row in range(self.model.rowCount()):
            faction = self.model.index(row, 0)
            for role_row in range(self.model.rowCount(faction)):
                role = self.model.index(role_row, 0, faction)
                for sheet_row in range(self.model.rowCount(role)):
                    index = self.model.index(sheet_row, 0, role)
                    if index.data(ID_ROLE) == sheet_id:
                        self.tree.setCurrentIndex(index)
                        return True
        return False

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        sheet_id = current.siblingAtColumn(0).data(ID_ROLE)
        self.add_button.setEnabled(bool(sheet_id))
        if sheet_id:
            self.sheet_selected.emit(sheet_id)

    def _double_clicked(self, index: QModelIndex) -> None:
        sheet_id = index.siblingAtColumn(0).data(ID_ROLE)
        if sheet_id:
            self.add_requested.emit(sheet_id)

    def _add_current(self) -> None:
        sheet = self.current_sheet()
        if sheet is not None:
            self.add_requested.emit(sheet.id)


def _item(text: str) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    return item


def _sheet_row(sheet: Datasheet, legends_mark: str) -> list[QStandardItem]:
    name = _item(sheet.name + (legends_mark if sheet.legends else ""))
    name.setData(sheet.id, ID_ROLE)
    size = _item(
        str(sheet.min_models) if sheet.min_models == sheet.max_models else f"{sheet.min_models}–{sheet.max_models}"
    )
    points = _item(str(sheet.points))
    for item in (size, points):
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return [name, size, points]
