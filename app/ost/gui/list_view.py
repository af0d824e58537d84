"""The list's tree view: columns that share the width sensibly, names never cut to nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeView

from ost.core.roles import Role
from ost.gui.list_model import COL_GEAR, COL_MARKS, COL_MODELS, COL_NAME, COL_POINTS, COL_ROLE, COL_WITH


class ListView(QTreeView):
    """The list's tree: the unit name takes the room left, but never less than a readable width.

    (A stretched column shrinks to nothing in a narrow window.) When the view
    is too narrow for every column, the "with", the wargear and then the role
    columns step aside (all three are in the unit form), then
    the view scrolls sideways; the names stay whole. In a wide view the name
    takes what it needs and the wargear and "with" columns share the rest.
    """

    MIN_NAME_WIDTH = 210
    #: The columns' widths before the view shares out its width (set from the font by the window).
    base_widths: dict[int, int]

    def __init__(self) -> None:
        super().__init__()
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setUniformRowHeights(True)
        # Units move inside the list; datasheets come in from the catalogue (the model tells them apart).
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDropIndicatorShown(True)

    def size_columns(self, lang: str) -> None:
        """Fixed widths from the font, not ResizeToContents (which measures every row on every change)."""
        header = self.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(24)
        metrics = self.fontMetrics()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        longest_role = max((role.label(lang) for role in Role), key=metrics.horizontalAdvance)
        self.base_widths = {}
        model = self.model()
        for column, sample in (
            (COL_MODELS, "10 unités"),
            (COL_POINTS, "00000"),
            (COL_ROLE, longest_role),
            # The two text columns start small and share a wide view's spare width (fit_name_column).
            (COL_GEAR, "Marteau tonnerre"),
            (COL_WITH, "→ Rhino de Titus"),
            (COL_MARKS, "★⌛"),
        ):
            title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            width = max(metrics.horizontalAdvance(sample), metrics.horizontalAdvance(title)) + 18
            header.resizeSection(column, width)
            self.base_widths[column] = width

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_name_column()

    def fit_name_column(self) -> None:
        header = self.header()
        base = getattr(self, "base_widths", None) or {c: header.sectionSize(c) for c in range(1, header.count())}
        # The header spans the viewport's width (the view lays it out so on every resize, before this runs).
        # Not ``self.viewport()``: the first call in a program returning a plain QWidget makes PySide6 look
        # for its exact class among every widget class, and build them all with their enums (8 ms at start).
        width = header.width()
        shown = [c for c in range(1, header.count()) if c in base]
        # The first to step aside in a narrow view: all three are in the unit form (the role in its
        # title, and the units are grouped by role), so the numbers and the marks stay in sight.
        for column in (COL_WITH, COL_GEAR, COL_ROLE):
            if width - sum(base[c] for c in shown) >= self.MIN_NAME_WIDTH:
                break
            shown.remove(column)
        for column in range(1, header.count()):
            if self.isColumnHidden(column) != (column not in shown):
                self.setColumnHidden(column, column not in shown)
        spare = width - sum(base[c] for c in shown)
        # Width beyond a readable name: the wargear (the longest texts) three shares, "with" two, the name one.
        shares = {c: n for c, n in ((COL_GEAR, 3), (COL_WITH, 2)) if c in shown}
        share = 0
        if spare > self.MIN_NAME_WIDTH and shares:
            share = (spare - self.MIN_NAME_WIDTH) // (sum(shares.values()) + 1)
        for column in shown:
            header.resizeSection(column, base[column] + share * shares.get(column, 0))
        header.resizeSection(COL_NAME, max(self.MIN_NAME_WIDTH, spare - share * sum(shares.values())))
