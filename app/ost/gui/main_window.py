"""The main window. For now: a catalogue browser with search and datasheet details."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTextBrowser,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ost.core.catalogue import Catalogue, Datasheet
from ost.core.roles import Role
from ost.core.text import fold
from ost.gui.datasheet_view import datasheet_html

ID_ROLE = Qt.ItemDataRole.UserRole + 1


class MainWindow(QMainWindow):
    def __init__(self, catalogue: Catalogue, *, lang: str = "fr", db_path: Path | None = None) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.lang = lang
        self.setWindowTitle(self.tr("Ost — MAC HAMMER 40K army lists"))
        self.resize(1100, 720)

        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search the catalogue (name, keyword, faction)…"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._refilter)

        self.model = QStandardItemModel(self)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setHeaderHidden(False)
        self.tree.setUniformRowHeights(True)
        self.tree.selectionModel().currentChanged.connect(self._show_current)

        self.details = QTextBrowser()
        self.details.setOpenExternalLinks(False)

        left = QWidget()
        layout = QVBoxLayout(left)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.details)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        self.setCentralWidget(splitter)

        count = len(catalogue)
        where = f" — {db_path}" if db_path else ""
        self.statusBar().addWidget(QLabel(self.tr("%n datasheet(s) in the catalogue", "", count) + where))
        self._build_menus()
        self._refilter("")
        self.details.setHtml(self._welcome())

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        find_action = QAction(self.tr("&Find a datasheet"), self)
        find_action.setShortcut(QKeySequence.StandardKey.Find)
        find_action.triggered.connect(self.search.setFocus)
        file_menu.addAction(find_action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        about = QAction(self.tr("&About Ost"), self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

    def _welcome(self) -> str:
        title = self.tr("Welcome to Ost")
        text = self.tr(
            "Browse the unit catalogue on the left, or type a name, a keyword or a faction in the search box. "
            "Select a datasheet to see its profile, weapons, abilities and keywords."
        )
        return f"<h2>{title}</h2><p>{text}</p>"

    def _about(self) -> None:
        from ost import __version__

        QMessageBox.about(
            self,
            self.tr("About Ost"),
            self.tr("Ost %1 — army lists for MAC HAMMER 40K.").replace("%1", __version__),
        )

    def _refilter(self, text: str) -> None:
        words = fold(text).split()
        self.model.clear()
        self.model.setHorizontalHeaderLabels([self.tr("Datasheet"), self.tr("Models"), self.tr("Points")])
        factions: dict[str, QStandardItem] = {}
        roles: dict[tuple[str, Role], QStandardItem] = {}
        sheets = (
            self.catalogue.search(text)
            if words
            else sorted(self.catalogue, key=lambda s: (s.faction, list(Role).index(s.role), fold(s.name)))
        )
        for sheet in sheets:
            faction_item = factions.get(sheet.faction)
            if faction_item is None:
                faction = self.catalogue.factions.get(sheet.faction)
                faction_item = QStandardItem(faction.name if faction else sheet.faction)
                faction_item.setEditable(False)
                factions[sheet.faction] = faction_item
                self.model.appendRow([faction_item, _blank(), _blank()])
            key = (sheet.faction, sheet.role)
            role_item = roles.get(key)
            if role_item is None:
                role_item = QStandardItem(sheet.role.label(self.lang))
                role_item.setEditable(False)
                roles[key] = role_item
                faction_item.appendRow([role_item, _blank(), _blank()])
            role_item.appendRow(_sheet_row(sheet))
        if words:
            self.tree.expandAll()
        else:
            self.tree.expandToDepth(0)
        self.tree.resizeColumnToContents(0)

    def _show_current(self) -> None:
        index = self.tree.currentIndex().siblingAtColumn(0)
        sheet_id = index.data(ID_ROLE)
        sheet = self.catalogue.get(sheet_id) if sheet_id else None
        self.details.setHtml(datasheet_html(sheet, self.catalogue, self.lang) if sheet else self._welcome())


def _blank() -> QStandardItem:
    item = QStandardItem("")
    item.setEditable(False)
    return item


def _sheet_row(sheet: Datasheet) -> list[QStandardItem]:
    name = QStandardItem(sheet.name)
    name.setData(sheet.id, ID_ROLE)
    size = QStandardItem(
        str(sheet.min_models) if sheet.min_models == sheet.max_models else f"{sheet.min_models}–{sheet.max_models}"
    )
    points = QStandardItem(str(sheet.points))
    for item in (name, size, points):
        item.setEditable(False)
    size.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    points.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return [name, size, points]
