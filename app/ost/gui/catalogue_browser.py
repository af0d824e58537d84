"""The catalogue pane: search, a tree of factions, roles and datasheets, an "add" button.

The tree shows plain rows (:class:`~ost.gui.browse_rows.PaneRows`): read
from the database before the datasheet models are even imported, so the pane
is filled and searchable on the window's first paint, or worked out from a
loaded catalogue. Its model (:class:`PaneItems`) is a
:class:`QAbstractItemModel` over Python lists, built once per set of rows:
thousands of ``QStandardItem`` objects, each filled through several calls
into Qt, took a tenth of a second on the full release.

A keystroke in the search box (after a short pause, so fast typing filters
once) scans the rows' folded texts (accents and case dropped when the rows
were made) in Python, a couple of milliseconds, and hands the matches and
their factions and roles to the filter proxy. The proxy asks only about the
rows the view reaches: the top factions, and the children of those unfolded.
The results are unfolded only as far as the pane shows (a couple of
screens), the rest as the user scrolls down to them
(:meth:`CatalogueBrowser.expand_more`). Expanding every result instead made
the proxy map, and the view lay out, all ~4,000 rows of a one-letter search
on the full release, and each later key walk them all again.

Factions from two sources (the shipped catalogue and a BattleScribe import)
show as one; a datasheet present in both shows once, found by either name,
with its sources named in its tooltip (the grouping is ``ost.core.browse``).
Datasheets of switched-off sources are left out, and hidden ones.

Before the catalogue's models are loaded, the pane's rows work: picking a
datasheet names its id (``sheet_selected``, ``add_requested``, a drag); the
window carries out what needs the models once they are there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QByteArray,
    QEvent,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLineEdit, QPushButton, QTreeView, QVBoxLayout, QWidget

from ost.core.roles import Role
from ost.core.text import fold
from ost.gui.browse_rows import PaneRows, SheetRow, pane_rows, search_text

if TYPE_CHECKING:
    from ost.core.browse import BrowseEntry
    from ost.core.catalogue import Catalogue, Datasheet

__all__ = ["FOLDED_ROLE", "ID_ROLE", "SHEET_MIME", "CatalogueBrowser", "PaneItems", "search_pattern", "search_text"]

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


def search_pattern(text: str) -> str:
    """A regular expression that matches folded text holding every word of ``text``, in any order.

    What a search means (every word, anywhere, in any order), as one pattern;
    the pane itself tests the words in Python. Anchored and lazy, so that a
    filter given this pattern does not try each lookahead from every position.
    """
    words = fold(text).split()
    return "^" + "".join(f"(?=.*?{re.escape(word)})" for word in words) if words else ""


def grouped_entries(catalogue: Catalogue, lang: str = "fr") -> dict[str, list[BrowseEntry]]:
    """Datasheets to show, by faction name: each once, whatever the sources that hold it.

    The grouping is the core's (:mod:`ost.core.browse`): one group per faction
    whatever the sources, one entry per datasheet. Hidden datasheets and
    switched-off sources are left out.
    """
    from ost.core.browse import browse_entries, faction_groups

    names = {group.id: group.label(lang) for group in faction_groups(catalogue)}
    groups: dict[str, list[BrowseEntry]] = {}
    for entry in browse_entries(catalogue):
        if not entry.sheet.hidden:
            groups.setdefault(names.get(entry.group, entry.group), []).append(entry)
    return groups


def grouped_sheets(catalogue: Catalogue, lang: str = "fr") -> dict[str, list[tuple[Datasheet, list[str]]]]:
    """:func:`grouped_entries` as (datasheet, the sources that hold it) pairs."""
    from ost.core.catalogue import SHIPPED_SOURCE

    return {
        name: [(e.sheet, [source or SHIPPED_SOURCE for source in e.sources]) for e in entries]
        for name, entries in grouped_entries(catalogue, lang).items()
    }


def empty_catalogue() -> Catalogue:
    """A catalogue with nothing in it: what the window holds until the real one is loaded."""
    from ost.core.catalogue import BandTable, Catalogue

    return Catalogue([], BandTable(bands=[]))


def sheet_ids(data: QMimeData) -> list[str]:
    """The datasheet ids dragged from the catalogue (none when ``data`` is something else)."""
    if not data.hasFormat(SHEET_MIME):
        return []
    return [i for i in bytes(data.data(SHEET_MIME).data()).decode("utf-8").split("\n") if i]


_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
# The roles as plain ints: the view asks data() thousands of times, and each look-up of an enum member by
# its class goes through a Python descriptor.
_DISPLAY, _TOOLTIP = int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.ToolTipRole)
_ALIGNMENT, _FOREGROUND = int(Qt.ItemDataRole.TextAlignmentRole), int(Qt.ItemDataRole.ForegroundRole)
_ID, _FOLDED = int(ID_ROLE), int(FOLDED_ROLE)
_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDragEnabled
# What a row is: its count column is grey (groups), its alignment right (groups and datasheets).
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_ROOT, _GROUP, _SHEET, _NOTE = range(4)
_NO_KIDS: list[int] = []


class PaneItems(QAbstractItemModel):
    """The tree's rows in plain lists: node ``n`` is a faction, a role, a datasheet or a notice.

    An index carries its node's number (``internalId``); node 0 is the
    invisible root. Every row has three columns (name, size or count, points).
    Every row answers ``ID_ROLE`` with a string (its datasheet id, else ""),
    never an empty value (see :meth:`CatalogueBrowser._sheet_id`). A dragged
    datasheet row carries its id (a faction or role row carries nothing).
    """

    def __init__(self, headers: Sequence[str], header_tips: dict[int, str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers = list(headers)
        self._header_tips = header_tips
        self._grey = QColor(Qt.GlobalColor.gray)  # (a QBrush costs its module 2 ms more to start)
        self.clear()

    def clear(self) -> None:
        """No rows (call between :meth:`beginResetModel` and :meth:`endResetModel`)."""
        self.parents: list[int] = [0]
        self.positions: list[int] = [0]
        self.kids: list[list[int]] = [[]]
        self.cells: list[tuple[str, str, str]] = [("", "", "")]
        self.tips: list[tuple[str, str]] = [("", "")]
        self.ids: list[str] = [""]
        self.folded: list[str] = [""]
        self.kinds: list[int] = [_ROOT]

    def add(self, parent: int, kind: int, cells: tuple[str, str, str], tips: tuple[str, str] = ("", ""),
            sheet_id: str = "", folded: str = "") -> int:  # fmt: skip
        """A new row under node ``parent``, last; its node number."""
        node = len(self.parents)
        siblings = self.kids[parent]
        self.parents.append(parent)
        self.positions.append(len(siblings))
        siblings.append(node)
        self.kids.append([])
        self.cells.append(cells)
        self.tips.append(tips)
        self.ids.append(sheet_id)
        self.folded.append(folded)
        self.kinds.append(kind)
        return node

    def add_sheets(
        self,
        parent: int,
        cells: list[tuple[str, str, str]],
        tips: list[tuple[str, str]],
        sheet_ids: list[str],
        folded: list[str],
    ) -> None:
        """Datasheet rows under node ``parent``, last, all at once (thousands of them on the full release)."""
        first, count = len(self.parents), len(cells)
        siblings = self.kids[parent]
        self.parents.extend([parent] * count)
        self.positions.extend(range(len(siblings), len(siblings) + count))
        siblings.extend(range(first, first + count))
        self.kids.extend([_NO_KIDS] * count)  # shared: a datasheet row never has any
        self.cells.extend(cells)
        self.tips.extend(tips)
        self.ids.extend(sheet_ids)
        self.folded.extend(folded)
        self.kinds.extend([_SHEET] * count)

    def node_index(self, node: int, column: int = 0) -> QModelIndex:
        return QModelIndex() if node == 0 else self.createIndex(self.positions[node], column, node)

    # -- QAbstractItemModel ------------------------------------------------------------

    def index(self, row: int, column: int, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        kids = self.kids[parent.internalId() if parent.isValid() else 0]
        if 0 <= row < len(kids) and 0 <= column < 3:
            return self.createIndex(row, column, kids[row])
        return QModelIndex()

    def parent(self, index: Any = None) -> Any:  # parent() without an index is QObject's
        if index is None:
            return QObject.parent(self)
        if not index.isValid():
            return QModelIndex()
        above = self.parents[index.internalId()]
        return QModelIndex() if above == 0 else self.createIndex(self.positions[above], 0, above)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self.kids[0])
        return 0 if parent.column() > 0 else len(self.kids[parent.internalId()])

    def columnCount(self, _parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 3

    def hasChildren(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        return _FLAGS if index.isValid() else _NO_FLAGS

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        node, column = index.internalId(), index.column()
        if role == _DISPLAY:
            return self.cells[node][column]
        if role == _ID:
            return self.ids[node] if column == 0 else ""
        if role == _TOOLTIP:
            return (self.tips[node][column] or None) if column < 2 else None
        if role == _FOLDED:
            return self.folded[node] if column == 0 else ""
        kind = self.kinds[node]
        if role == _ALIGNMENT and column > 0 and (kind == _SHEET or column == 1):
            return _RIGHT
        if role == _FOREGROUND and (kind == _NOTE or (kind == _GROUP and column == 1)):
            return self._grey
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < 3:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._header_tips.get(section)
        return None

    def mimeTypes(self) -> list[str]:
        return [SHEET_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        ids: list[str] = []
        for index in indexes:
            value = self.ids[index.internalId()] if index.isValid() else ""
            if value and value not in ids:
                ids.append(value)
        data = QMimeData()
        data.setData(SHEET_MIME, QByteArray("\n".join(ids).encode("utf-8")))
        return data


class _Filter(QSortFilterProxyModel):
    """Keeps the rows whose nodes were found (None: every row); asked only about rows the view reaches."""

    def __init__(self, items: PaneItems, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.items = items
        self.found: set[int] | None = None
        self.setSourceModel(items)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        found = self.found
        if found is None:
            return True
        return self.items.kids[source_parent.internalId() if source_parent.isValid() else 0][source_row] in found

    def hasChildren(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> bool:  # noqa: B008
        """Whether a row has rows kept under it, answered from the nodes (no filtering of its rows).

        Qt's own answer filters every row under it to learn that, and the view
        asks it of every row it shows: unfolding the factions filtered all
        3,500 datasheets of the full release (their roles' arrows), 4,000
        calls into Python before the pane could paint.
        """
        if parent.isValid() and parent.column() > 0:
            return False  # (only the first column has rows under it)
        node = self.mapToSource(parent).internalId() if parent.isValid() else 0
        kids = self.items.kids[node]
        found = self.found
        if found is None or not kids:
            return bool(kids)
        return any(kid in found for kid in kids)

    def keep(self, found: set[int] | None) -> None:
        """Filter again with the nodes ``found`` (their factions and roles among them)."""
        self.beginFilterChange()
        self.found = found
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)


class CatalogueBrowser(QWidget):
    """Emits ``sheet_selected`` when a datasheet is picked, ``add_requested`` to add it to the list."""

    sheet_selected = Signal(str)
    add_requested = Signal(str)

    def __init__(
        self,
        catalogue: Catalogue | None,
        lang: str = "fr",
        parent: QWidget | None = None,
        *,
        rows: PaneRows | None = None,
    ) -> None:
        """``catalogue`` None: the pane shows ``rows`` (read before the catalogue), else says it is loading."""
        super().__init__(parent)
        self.catalogue = catalogue
        self.rows: PaneRows | None = None
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
        self.search.installEventFilter(self)  # Up and Down pick among the results, the typing goes on
        self.items = PaneItems(
            [self.tr("Datasheet"), self.tr("Size"), self.tr("Pts")],
            {1: self.tr("Models in the unit"), 2: self.tr("Points")},
            self,
        )
        self.model = _Filter(self.items, self)
        self._by_id: dict[str, int] = {}
        self._texts: list[tuple[int, str]] = []  # (node, folded text) of every datasheet row
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
        self.tree.installEventFilter(self)  # Enter on a datasheet adds it, as a double click does
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
        if catalogue is not None:
            self.show_rows(pane_rows(catalogue))
        elif rows is not None:
            self.show_rows(rows)
        else:
            self.show_loading()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A narrow pane drops the size column (the datasheet shows it) so names keep their room."""
        super().resizeEvent(event)
        narrow = self.width() < NARROW_PANE_WIDTH
        if self.tree.isColumnHidden(1) != narrow:
            self.tree.setColumnHidden(1, narrow)
        if self._filtered:
            self.expand_more()

    def current_sheet_id(self) -> str:
        """The id of the datasheet row that is current ("" for none), the catalogue loaded or not."""
        return self._sheet_id(self.tree.currentIndex())

    def current_sheet(self) -> Datasheet | None:
        sheet_id = self.current_sheet_id()
        return self.catalogue.get(sheet_id) if sheet_id and self.catalogue is not None else None

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

    def set_catalogue(self, catalogue: Catalogue, rows: PaneRows | None = None) -> None:
        """Use ``catalogue``; the tree is built again from ``rows`` (else worked out from it) unless it shows them."""
        self.catalogue = catalogue
        rows = rows if rows is not None else pane_rows(catalogue)
        if self.rows is None or rows.text != self.rows.text:
            self.show_rows(rows)
        self.search.setEnabled(True)

    def show_loading(self) -> None:
        """Say the catalogue is on its way (the window shows before the database is read)."""
        self.rows = None
        self._fill(lambda items: items.add(0, _NOTE, (self.tr("Loading the catalogue…"), "", "")))
        self.search.setEnabled(False)
        self.add_button.setEnabled(False)
        self.tree.setFirstColumnSpanned(0, QModelIndex(), True)  # the whole width for the message

    def rebuild(self) -> None:
        """Build the tree again from the catalogue's rows."""
        if self.catalogue is not None:
            self.show_rows(pane_rows(self.catalogue))

    def show_rows(self, rows: PaneRows) -> None:
        """Build the tree from ``rows`` (once per catalogue, not per keystroke); the search works on them."""
        self.rows = rows
        self._fill(self._add_rows)
        self.search.setEnabled(True)

    def _fill(self, add: Any) -> None:
        items = self.items
        self.model.found = None  # node numbers of the rows going away; filtered again below
        items.beginResetModel()
        items.clear()
        add(items)
        items.endResetModel()
        self._by_id = {sheet: node for node, sheet in enumerate(items.ids) if sheet}
        self._texts = [(node, text) for node, text in enumerate(items.folded) if text]
        self._filtered = None
        self.apply_filter(collapsed=True)

    def _add_rows(self, items: PaneItems) -> None:
        rows = self.rows
        assert rows is not None
        lang = self.lang
        names = {group: fr if lang == "fr" else en for group, (fr, en) in rows.groups.items()}
        tree: dict[str, dict[str, list[SheetRow]]] = {}
        for row in rows.ordered(lang):  # in name order, so each role's rows are too
            tree.setdefault(names.get(row[4], row[4]), {}).setdefault(row[3], []).append(row)
        order = {role.value: n for n, role in enumerate(Role)}
        legends_mark = self.tr(" [Legends]")
        said: dict[tuple[str, ...], str] = {}
        english = lang == "en"
        for faction_name in sorted(tree, key=fold):
            by_role = tree[faction_name]
            size = sum(map(len, by_role.values()))
            faction = items.add(0, _GROUP, (faction_name, str(size), ""),
                                (faction_name, self.tr("%n datasheet(s)", "", size)))  # fmt: skip
            for value in sorted(by_role, key=order.__getitem__):
                role_rows = by_role[value]
                label = Role(value).label(lang)
                count = len(role_rows)
                role = items.add(faction, _GROUP, (label, str(count), ""),
                                 (label, self.tr("%n datasheet(s)", "", count)))  # fmt: skip
                for sheet in role_rows:
                    if sheet[9] not in said:
                        said[sheet[9]] = self._sources_text(sheet[9])
                titles = [row[2] for row in role_rows] if english else [row[1] for row in role_rows]
                shown = [t + legends_mark if row[5] else t for t, row in zip(titles, role_rows, strict=True)]
                items.add_sheets(
                    role,
                    [(label, row[6], row[7]) for label, row in zip(shown, role_rows, strict=True)],
                    [
                        (
                            f"{label} ({', '.join(row[10])})\n{said[row[9]]}"
                            if row[10]
                            else f"{label}\n{said[row[9]]}",
                            "",
                        )
                        for label, row in zip(shown, role_rows, strict=True)
                    ],
                    [row[0] for row in role_rows],
                    [row[8] for row in role_rows],
                )

    def _sources_text(self, sources: Sequence[str]) -> str:
        """The sources' names (the shipped catalogue's said in the user's language)."""
        known = self.rows.sources if self.rows is not None else {}
        return ", ".join(dict.fromkeys(known.get(source) or self.tr("Ost catalogue") for source in sources))

    def apply_filter(self, *, collapsed: bool = False) -> None:
        """Filter the tree with the search's words; ``collapsed``: nothing is unfolded (the model was just reset)."""
        self._timer.stop()
        text = self.search.text()
        pattern = search_pattern(text)
        if pattern == self._filtered:
            return
        self._filtered = pattern
        # Collapsed first: the view then follows thousands of rows coming and going cheaply
        # (expanded, it re-lays out its visible rows for each of them: 1.5 s for one keystroke).
        # A reset of the model has folded every row already (1-1.4 ms of the pane's first fill).
        if not collapsed:
            self.tree.collapseAll()
        words = fold(text).split()
        found: set[int] | None = None
        if words:
            if len(words) == 1:  # the common case while typing
                word = words[0]
                hits = [node for node, folded in self._texts if word in folded]
            else:
                hits = [node for node, folded in self._texts if all(word in folded for word in words)]
            parents = self.items.parents
            roles = {parents[node] for node in hits}
            found = {*hits, *roles, *(parents[role] for role in roles)}
        self.model.keep(found)
        self._unfolded = 0
        if pattern:
            self.expand_more()
        else:
            self.tree.expandToDepth(0)
        self.add_button.setEnabled(bool(self.current_sheet_id()))

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
        node = self._by_id.get(sheet_id)
        if node is None:
            return False
        index = self.model.mapFromSource(self.items.node_index(node))
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
        """Enter in the search box: add the datasheet selected, else the one the search finds best."""
        if self._timer.isActive():
            self.apply_filter()
        sheet_id = self.current_sheet_id()
        if not sheet_id:
            best = self._best_sheet()
            if best is None:
                return
            self.tree.setCurrentIndex(best)
            self.tree.scrollTo(best)
            sheet_id = self.current_sheet_id()
        if sheet_id:
            self.add_requested.emit(sheet_id)

    def step(self, rows: int) -> None:
        """Make the datasheet ``rows`` below (above, when negative) the current one current; none yet: the best.

        Up and Down in the search box call it: the player picks among the
        results without leaving the box, then Enter adds the one picked.
        """
        if self._timer.isActive():
            self.apply_filter()
        found = list(self._sheet_rows(QModelIndex()))
        if not found:
            return
        current = self.tree.currentIndex().siblingAtColumn(0)
        at = next((n for n, index in enumerate(found) if index == current), None)
        if at is None:
            best = self._best_sheet()
            target = best if best is not None else found[0]
        else:
            target = found[max(0, min(len(found) - 1, at + rows))]
        self.tree.setCurrentIndex(target)
        self.tree.scrollTo(target)

    def _best_sheet(self) -> QModelIndex | None:
        """The datasheet the search finds best: the first whose name holds every word, else the first found.

        "carnifex" finds Old One Eye first (a Carnifex by its keywords, and a
        QG before the Soutien), but a player typing it means the Carnifexes.
        """
        words = fold(self.search.text()).split()
        first: QModelIndex | None = None
        for index in self._sheet_rows(QModelIndex()):
            if first is None:
                first = index
            name = fold(str(index.data()))
            if all(word in name for word in words):
                return index
        return first

    def _sheet_rows(self, parent: QModelIndex) -> Iterator[QModelIndex]:
        """The datasheet rows the filter leaves, in the tree's order (depth first)."""
        for row in range(self.model.rowCount(parent)):
            index = self.model.index(row, 0, parent)
            if self._sheet_id(index):
                yield index
            else:
                yield from self._sheet_rows(index)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up/Down in the search box move among the results; Enter in the tree adds its datasheet."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            plain = event.modifiers() in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
            if watched is self.search and plain and key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
                self.step(1 if key == Qt.Key.Key_Down else -1)
                return True
            if watched is self.tree and plain and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                sheet_id = self.current_sheet_id()
                if sheet_id:
                    self.add_requested.emit(sheet_id)
                    return True
        return super().eventFilter(watched, event)

    def _add_current(self) -> None:
        sheet_id = self.current_sheet_id()
        if sheet_id:
            self.add_requested.emit(sheet_id)
