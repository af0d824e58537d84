"""The catalogue pane: search, a tree of factions, roles and datasheets, an "add" button.

The tree is built once per catalogue. A keystroke in the search box only
changes the filter of a :class:`QSortFilterProxyModel` over text folded
(accents and case dropped) when the tree was built, after a short pause so
fast typing filters once; the matching runs in Qt's C++ code.

What a keystroke costs is what the proxy and the view walk, so neither walks
the whole catalogue: the results are unfolded only as far as the pane shows
(a couple of screens), the rest as the user scrolls down to it
(:meth:`CatalogueBrowser.expand_more`). Expanding every result instead made
the proxy map, and the view lay out, all ~4,000 rows of a one-letter search
on the full release, and each later key walk them all again.

Factions from two sources (the shipped catalogue and a BattleScribe import)
show as one; a datasheet present in both shows once, found by either name,
with its sources named in its tooltip (the grouping is ``ost.core.browse``).
Datasheets of switched-off sources are left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from PySide6.QtCore import (
    QByteArray,
    QMimeData,
    QModelIndex,
    QRegularExpression,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QResizeEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLineEdit, QPushButton, QTreeView, QVBoxLayout, QWidget

from ost.core.browse import BrowseEntry, browse_entries, faction_groups
from ost.core.catalogue import BSDATA_SOURCE_PREFIX, SHIPPED_SOURCE, BandTable, Catalogue, Datasheet
from ost.core.roles import Role
from ost.core.text import fold

ID_ROLE = Qt.ItemDataRole.UserRole + 1
#: The mime type of datasheets dragged from the catalogue (their ids, one a line); the list adds them.
SHEET_MIME = "application/x-ost-datasheet-ids"
#: The folded text a datasheet row is searched by (name, aliases, faction, keywords).
FOLDED_ROLE = Qt.ItemDataRole.UserRole + 2
#: Milliseconds of quiet typing before the tree is filtered.
SEARCH_DELAY_MS = 90
#: The narrowest the pane gets, so datasheet names are never cut to nothing.
MIN_PANE_WIDTH = 240
#: Under this width the pane hides its size column.
NARROW_PANE_WIDTH = 300
#: How many screens of search results are unfolded ahead of the one shown.
SCREENS_AHEAD = 2


def search_text(sheet: Datasheet, faction_names: Iterable[str]) -> str:
    """What a search matches a datasheet by, folded once."""
    return fold(
        " ".join(
            [
                sheet.name,
                sheet.name_en,
                *sheet.aliases,
                sheet.faction,
                *faction_names,
                *sheet.keywords,
                *sheet.faction_keywords,
            ]
        )
    )


def search_pattern(text: str) -> str:
    """A regular expression that matches folded text holding every word of ``text``, in any order.

    Anchored at the start: unanchored, each lookahead is tried from every
    position of the text, which made a keystroke cost half a second on 4,000
    datasheets. Lazy (``.*?``): each word is looked for from the start on,
    where a greedy ``.*`` runs to the end of the text and backs off a
    character at a time (a third more time per keystroke).
    """
    words = fold(text).split()
    return "^" + "".join(f"(?=.*?{re.escape(word)})" for word in words) if words else ""


def grouped_entries(catalogue: Catalogue, lang: str = "fr") -> dict[str, list[BrowseEntry]]:
    """Datasheets to show, by faction name: each once, whatever the sources that hold it.

    The grouping is the core's (:mod:`ost.core.browse`): one group per faction
    whatever the sources, one entry per datasheet. Hidden datasheets and
    switched-off sources are left out.
    """
    names = {group.id: group.label(lang) for group in faction_groups(catalogue)}
    groups: dict[str, list[BrowseEntry]] = {}
    for entry in browse_entries(catalogue):
        if not entry.sheet.hidden:
            groups.setdefault(names.get(entry.group, entry.group), []).append(entry)
    return groups


def grouped_sheets(catalogue: Catalogue, lang: str = "fr") -> dict[str, list[tuple[Datasheet, list[str]]]]:
    """:func:`grouped_entries` as (datasheet, the sources that hold it) pairs."""
    return {
        name: [(e.sheet, [source or SHIPPED_SOURCE for source in e.sources]) for e in entries]
        for name, entries in grouped_entries(catalogue, lang).items()
    }


def empty_catalogue() -> Catalogue:
    """A catalogue with nothing in it: what the window holds until the real one is loaded."""
    return Catalogue([], BandTable(bands=[]))


class _SheetItems(QStandardItemModel):
    """The tree's rows; a dragged datasheet row carries its id (a faction or role row carries nothing)."""

    def mimeTypes(self) -> list[str]:
        return [SHEET_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        ids: list[str] = []
        for index in indexes:
            value = index.siblingAtColumn(0).data(ID_ROLE)
            if isinstance(value, str) and value and value not in ids:
                ids.append(value)
        data = QMimeData()
        data.setData(SHEET_MIME, QByteArray("\n".join(ids).encode("utf-8")))
        return data


def sheet_ids(data: QMimeData) -> list[str]:
    """The datasheet ids dragged from the catalogue (none when ``data`` is something else)."""
    if not data.hasFormat(SHEET_MIME):
        return []
    return [i for i in bytes(data.data(SHEET_MIME).data()).decode("utf-8").split("\n") if i]


class CatalogueBrowser(QWidget):
    """Emits ``sheet_selected`` when a datasheet is picked, ``add_requested`` to add it to the list."""

    sheet_selected = Signal(str)
    add_requested = Signal(str)

    def __init__(self, catalogue: Catalogue | None, lang: str = "fr", parent: QWidget | None = None) -> None:
        """``catalogue`` None: the pane says it is loading until :meth:`set_catalogue`."""
        super().__init__(parent)
        self.catalogue = catalogue if catalogue is not None else empty_catalogue()
        self.lang = lang
        self.setMinimumWidth(MIN_PANE_WIDTH)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search the catalogue (name, keyword, faction)…"))
        self.search.setClearButtonEnabled(True)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(self.apply_filter)
        self.search.textChanged.connect(lambda _text: self._timer.start())
        self.search.returnPressed.connect(self.add_from_search)
        self.items = _SheetItems(self)
        self.items.setHorizontalHeaderLabels([self.tr("Datasheet"), self.tr("Size"), self.tr("Pts")])
        for column, tip in ((1, self.tr("Models in the unit")), (2, self.tr("Points"))):
            self.items.setHeaderData(column, Qt.Orientation.Horizontal, tip, Qt.ItemDataRole.ToolTipRole)
        self.model = QSortFilterProxyModel(self)
        self.model.setSourceModel(self.items)
        self.model.setFilterRole(FOLDED_ROLE)
        self.model.setFilterKeyColumn(0)
        self.model.setRecursiveFilteringEnabled(True)
        self.model.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseSensitive)  # the text is folded already
        self._by_id: dict[str, QStandardItem] = {}
        self._filtered: str | None = None
        self._unfolded = 0  # search results: the top rows (factions) unfolded so far
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setIndentation(14)  # three levels deep: the default 20 px each cut role names in a narrow pane
        self.tree.setDragEnabled(True)  # a datasheet dragged onto the list is added to it
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.tree.selectionModel().currentChanged.connect(self._current_changed)
        self.tree.doubleClicked.connect(self._double_clicked)
        self.tree.verticalScrollBar().valueChanged.connect(self._scrolled)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(20)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Fixed)
        metrics = self.tree.fontMetrics()
        for column, sample in ((1, "10–20"), (2, "0000")):
            title = str(self.items.headerData(column, Qt.Orientation.Horizontal))
            header.resizeSection(column, max(metrics.horizontalAdvance(sample), metrics.horizontalAdvance(title)) + 16)
        self.add_button = QPushButton(self.tr("Add to the list"))
        self.add_button.setEnabled(False)
        self.add_button.clicked.connect(self._add_current)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.add_button)
        if catalogue is None:
            self.show_loading()
        else:
            self.rebuild()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A narrow pane drops the size column (the datasheet shows it) so names keep their room."""
        super().resizeEvent(event)
        narrow = self.width() < NARROW_PANE_WIDTH
        if self.tree.isColumnHidden(1) != narrow:
            self.tree.setColumnHidden(1, narrow)
        if self._filtered:
            self.expand_more()

    def current_sheet(self) -> Datasheet | None:
        sheet_id = self._sheet_id(self.tree.currentIndex())
        return self.catalogue.get(sheet_id) if sheet_id else None

    @staticmethod
    def _sheet_id(index: QModelIndex) -> str:
        """The datasheet id of a row ("" for factions and roles).

        Every row carries a string, and an invalid index is never asked: with
        PySide6 6.12 on Python 3.11, each read of an empty value (None) from Qt
        takes one reference off None, and enough of them crash the program.
        """
        if not index.isValid():
            return ""
        value = index.siblingAtColumn(0).data(ID_ROLE)
        return value if isinstance(value, str) else ""

    def set_catalogue(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.search.setEnabled(True)
        self.rebuild()

    def show_loading(self) -> None:
        """Say the catalogue is on its way (the window shows before the database is read)."""
        self.items.removeRows(0, self.items.rowCount())
        self._by_id = {}
        self.search.setEnabled(False)
        self.add_button.setEnabled(False)
        note = _item(self.tr("Loading the catalogue…"))
        note.setForeground(Qt.GlobalColor.gray)
        self.items.invisibleRootItem().appendRow([note, _item(""), _item("")])
        self._filtered = None
        self.apply_filter()
        self.tree.setFirstColumnSpanned(0, QModelIndex(), True)  # the whole width for the message

    def rebuild(self) -> None:
        """Build the tree from the catalogue (once per catalogue, not per keystroke)."""
        # Rows only: clearing the whole model would drop the columns and the header's sizing with them.
        self.items.removeRows(0, self.items.rowCount())
        self._by_id = {}
        root = self.items.invisibleRootItem()
        order = {role: n for n, role in enumerate(Role)}
        legends_mark = self.tr(" [Legends]")
        other_faction_names = {f.id: [f.name, f.name_en or ""] for f in self.catalogue.factions.values()}
        groups = grouped_entries(self.catalogue, self.lang)
        for faction_name in sorted(groups, key=fold):
            entries = groups[faction_name]
            faction_item = _item(faction_name)
            faction_item.setToolTip(faction_name)
            by_role: dict[Role, list[BrowseEntry]] = {}
            for entry in entries:
                by_role.setdefault(entry.sheet.role, []).append(entry)
            faction_count = _count_item(len(entries), self.tr("%n datasheet(s)", "", len(entries)))
            for role in sorted(by_role, key=order.__getitem__):
                role_entries = sorted(by_role[role], key=lambda e: fold(e.sheet.label(self.lang)))
                label = role.label(self.lang)
                role_item = _item(label)
                role_item.setToolTip(label)
                count = _count_item(len(role_entries), self.tr("%n datasheet(s)", "", len(role_entries)))
                faction_item.appendRow([role_item, count, _item("")])
                for entry in role_entries:
                    sheet = entry.sheet
                    sources = [source or SHIPPED_SOURCE for source in entry.sources]
                    other_names = [o.name for o in entry.others if o.name != sheet.name]
                    row = _sheet_row(sheet, self.lang, legends_mark, self._sources_text(sources), other_names)
                    names = [*other_faction_names.get(sheet.faction, []), *other_names]
                    row[0].setData(search_text(sheet, names), FOLDED_ROLE)
                    self._by_id[sheet.id] = row[0]
                    role_item.appendRow(row)
            # Attached last: rows added to a detached item send no signal through the proxy and the view.
            root.appendRow([faction_item, faction_count, _item("")])
        self._filtered = None
        self.apply_filter()

    def _sources_text(self, sources: list[str]) -> str:
        names = []
        for source_id in sources:
            source = self.catalogue.sources.get(source_id)
            if source is not None and source.name:
                names.append(source.name)
            elif source_id in ("", SHIPPED_SOURCE):
                names.append(self.tr("Ost catalogue"))
            else:
                names.append(source_id.removeprefix(BSDATA_SOURCE_PREFIX))
        return ", ".join(dict.fromkeys(names))

    def apply_filter(self) -> None:
        self._timer.stop()
        text = self.search.text()
        pattern = search_pattern(text)
        if pattern == self._filtered:
            return
        self._filtered = pattern
        # Collapsed first: the view then follows thousands of rows coming and going cheaply
        # (expanded, it re-lays out its visible rows for each of them: 1.5 s for one keystroke).
        self.tree.collapseAll()
        words = fold(text).split()
        if len(words) == 1:  # the common case while typing: a plain substring test, faster than a regex
            self.model.setFilterFixedString(words[0])
        else:
            self.model.setFilterRegularExpression(QRegularExpression(pattern))
        self._unfolded = 0
        if pattern:
            self.expand_more()
        else:
            self.tree.expandToDepth(0)
        self.add_button.setEnabled(self.current_sheet() is not None)

    def expand_more(self) -> None:
        """Unfold search results (faction by faction, their roles with them) until a few screens are filled.

        Called after each filter, and again as the user scrolls near the end
        of what is unfolded or the pane grows; a result the program selects
        (:meth:`select_sheet`) is unfolded by the view itself.
        """
        rows = self.model.rowCount()
        line = max(1, self.tree.fontMetrics().height() + 4)  # about a row's height (uniform rows)
        screen = max(self.tree.viewport().height() // line, 20)
        top = self.tree.verticalScrollBar().value()
        if self.tree.verticalScrollMode() == QAbstractItemView.ScrollMode.ScrollPerPixel:
            top //= line
        wanted = top + (SCREENS_AHEAD + 1) * screen
        visible = rows + sum(self._unfolded_rows(self.model.index(r, 0)) for r in range(self._unfolded))
        while self._unfolded < rows and visible < wanted:
            faction = self.model.index(self._unfolded, 0)
            self._unfolded += 1
            self.tree.expand(faction)
            for role_row in range(self.model.rowCount(faction)):
                self.tree.expand(self.model.index(role_row, 0, faction))
            visible += self._unfolded_rows(faction)

    def _unfolded_rows(self, faction: QModelIndex) -> int:
        """The rows under an unfolded faction row: its roles and their datasheets."""
        roles = self.model.rowCount(faction)
        return roles + sum(self.model.rowCount(self.model.index(r, 0, faction)) for r in range(roles))

    def _scrolled(self, value: int) -> None:
        """Near the end of the unfolded results: unfold the next ones."""
        bar = self.tree.verticalScrollBar()
        if self._filtered and self._unfolded < self.model.rowCount() and value + 2 * bar.pageStep() >= bar.maximum():
            self.expand_more()

    def select_sheet(self, sheet_id: str) -> bool:
        """Make ``sheet_id`` the current item (used by tests and by "show datasheet")."""
        if self._timer.isActive():
            self.apply_filter()
        item = self._by_id.get(sheet_id)
        if item is None:
            return False
        index = self.model.mapFromSource(item.index())
        if not index.isValid():
            return False
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)
        return True

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        sheet_id = self._sheet_id(current)
        self.add_button.setEnabled(bool(sheet_id))
        if sheet_id:
            self.sheet_selected.emit(sheet_id)

    def _double_clicked(self, index: QModelIndex) -> None:
        sheet_id = self._sheet_id(index)
        if sheet_id:
            self.add_requested.emit(sheet_id)

    def add_from_search(self) -> None:
        """Enter in the search box: add the datasheet selected, else the first one the search finds."""
        if self._timer.isActive():
            self.apply_filter()
        sheet = self.current_sheet()
        if sheet is None:
            first = self._first_sheet(QModelIndex())
            if first is None:
                return
            self.tree.setCurrentIndex(first)
            self.tree.scrollTo(first)
            sheet = self.current_sheet()
        if sheet is not None:
            self.add_requested.emit(sheet.id)

    def _first_sheet(self, parent: QModelIndex) -> QModelIndex | None:
        """The first datasheet row the filter leaves, depth first."""
        for row in range(self.model.rowCount(parent)):
            index = self.model.index(row, 0, parent)
            if self._sheet_id(index):
                return index
            found = self._first_sheet(index)
            if found is not None:
                return found
        return None

    def _add_current(self) -> None:
        sheet = self.current_sheet()
        if sheet is not None:
            self.add_requested.emit(sheet.id)


_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _item(text: str) -> QStandardItem:
    item = QStandardItem(text)  # the view never edits (NoEditTriggers): no per-item flag needed
    item.setData("", ID_ROLE)  # never an empty value (see CatalogueBrowser._sheet_id)
    return item


def _count_item(count: int, tooltip: str) -> QStandardItem:
    item = _item(str(count))
    item.setToolTip(tooltip)
    item.setTextAlignment(_RIGHT)
    item.setForeground(Qt.GlobalColor.gray)
    return item


def _sheet_row(
    sheet: Datasheet, lang: str, legends_mark: str, sources: str, other_names: list[str]
) -> list[QStandardItem]:
    shown = sheet.label(lang) + (legends_mark if sheet.legends else "")
    name = _item(shown)
    name.setData(sheet.id, ID_ROLE)
    also = f" ({', '.join(other_names)})" if other_names else ""
    name.setToolTip(f"{shown}{also}\n{sources}")
    size = _item(
        str(sheet.min_models) if sheet.min_models == sheet.max_models else f"{sheet.min_models}–{sheet.max_models}"
    )
    points = _item(str(sheet.points))
    size.setTextAlignment(_RIGHT)
    points.setTextAlignment(_RIGHT)
    return [name, size, points]
