"""A Qt item model over a pure :class:`ArmyList`: detachments, and their units below.

The model owns no rules. Its editing methods call the core operations of
``ost.core.armylist`` and emit the matching Qt signals; the undo commands in
``ost.gui.commands`` call these methods and nothing else.

Edits refresh only what they change. Row inserts, removals and moves are
announced as such (never a reset), and after every edit or validation the
model compares what each row shows (its texts, colour and tooltip) with what
it showed before and emits ``dataChanged`` for the rows that differ. A view
over a 60-unit list therefore repaints one or two rows per edit, not the
whole tree.

Unit indexes carry a stable number for their detachment (not its row), so
inserting or removing a detachment does not invalidate the indexes of the
units of the others.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Detachment, Unit, unit_label
from ost.core.catalogue import Catalogue
from ost.core.findings import Severity
from ost.core.text import counted
from ost.core.validator import Report
from ost.gui.catalogue_browser import SHEET_MIME, sheet_ids
from ost.gui.finding_words import FindingWords
from ost.gui.loadout_view import OptionNames, choices_text

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()

#: Columns, the numbers first: in a narrow window the view scrolls sideways and the last ones go first.
COL_NAME, COL_MODELS, COL_POINTS, COL_ROLE, COL_GEAR, COL_WITH, COL_MARKS = range(7)
COLUMNS = 7
UNIT_ID_ROLE = Qt.ItemDataRole.UserRole + 10
DETACHMENT_ID_ROLE = Qt.ItemDataRole.UserRole + 11
#: The mime type of units dragged inside the list (their ids, one a line).
UNIT_MIME = "application/x-ost-unit-ids"

_SEVERITY_COLOURS = {Severity.ERROR: QColor("#b3261e"), Severity.WARNING: QColor("#9a6700")}
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_USED_ROLES = frozenset(
    int(getattr(role, "value", role))
    for role in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.EditRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.TextAlignmentRole,
        UNIT_ID_ROLE,
        DETACHMENT_ID_ROLE,
    )
)
_BOLD = QFont()
_BOLD.setBold(True)


class ArmyListModel(QAbstractItemModel):
    """Rows: detachments (top level) and their units (children). Seven columns."""

    #: Emitted after every edit, so views can revalidate.
    edited = Signal()
    #: Units dropped on a detachment: (unit ids, detachment id, row or -1 for the end).
    move_requested = Signal(list, str, int)
    #: Datasheets dragged from the catalogue onto a detachment: (datasheet ids, detachment id).
    add_requested = Signal(list, str)

    def __init__(
        self,
        catalogue: Catalogue,
        army: ArmyList,
        lang: str = "fr",
        parent: QObject | None = None,
        words: FindingWords | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalogue = catalogue
        self.army = army
        self.lang = lang
        #: Says the findings' keywords in ``lang`` in the units' tooltips.
        self.words = words or FindingWords(lang)
        self._worst: dict[str, Severity] = {}
        #: unit id -> "message — how to fix it" lines of the findings naming it.
        self._advice: dict[str, list[str]] = {}
        # detachment id <-> the stable number its units' indexes carry (0 is the top level).
        self._keys: dict[str, int] = {}
        self._ids: dict[int, str] = {}
        # What each row showed after the last refresh, to repaint only rows that change.
        self._shown: dict[str, tuple[Any, ...]] = {}
        self._shown_detachments: dict[str, tuple[Any, ...]] = {}
        #: How many rows the last refresh repainted (for tests and the benchmark).
        self.last_refresh_rows = 0
        self._refreshed = False
        #: Unit points by unit id while a refresh runs (each unit is priced once, not per column).
        self._points: dict[str, int] | None = None
        self._option_names = OptionNames(self.tr("option not in the catalogue"))
        #: Price units as their list stated (View ▸ List prices), as the verdict does, so rows and total agree.
        self.as_priced = False

    # -- structure --------------------------------------------------------------

    def _key(self, detachment_id: str) -> int:
        key = self._keys.get(detachment_id)
        if key is None:
            key = len(self._keys) + 1
            self._keys[detachment_id] = key
            self._ids[key] = detachment_id
        return key

    def _detachment_row(self, key: int) -> int:
        detachment_id = self._ids.get(key)
        for row, detachment in enumerate(self.army.detachments):
            if detachment.id == detachment_id:
                return row
        return -1

    def index(self, row: int, column: int, parent: Index = _ROOT) -> QModelIndex:
        if column < 0 or column >= COLUMNS or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if row >= len(self.army.detachments):
                return QModelIndex()
            return self.createIndex(row, column, 0)
        if parent.internalId() != 0 or parent.row() >= len(self.army.detachments):
            return QModelIndex()
        detachment = self.army.detachments[parent.row()]
        if row >= len(detachment.units):
            return QModelIndex()
        return self.createIndex(row, column, self._key(detachment.id))

    def parent(self, child: Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not child.isValid() or child.internalId() == 0:
            return QModelIndex()
        row = self._detachment_row(child.internalId())
        return self.createIndex(row, 0, 0) if row >= 0 else QModelIndex()

    def rowCount(self, parent: Index = _ROOT) -> int:
        if not parent.isValid():
            return len(self.army.detachments)
        if parent.internalId() == 0 and parent.column() == 0 and parent.row() < len(self.army.detachments):
            return len(self.army.detachments[parent.row()].units)
        return 0

    def columnCount(self, parent: Index = _ROOT) -> int:
        return COLUMNS

    def detachment_at(self, index: Index) -> Detachment | None:
        if not index.isValid():
            return None
        row = index.row() if index.internalId() == 0 else self._detachment_row(index.internalId())
        return self.army.detachments[row] if 0 <= row < len(self.army.detachments) else None

    def unit_at(self, index: Index) -> Unit | None:
        if not index.isValid() or index.internalId() == 0:
            return None
        row = self._detachment_row(index.internalId())
        if row < 0:
            return None
        units = self.army.detachments[row].units
        return units[index.row()] if index.row() < len(units) else None

    def index_of_unit(self, unit_id: str, column: int = 0) -> QModelIndex:
        for detachment in self.army.detachments:
            for u_row, unit in enumerate(detachment.units):
                if unit.id == unit_id:
                    return self.createIndex(u_row, column, self._key(detachment.id))
        return QModelIndex()

    def index_of_detachment(self, detachment_id: str) -> QModelIndex:
        for row, detachment in enumerate(self.army.detachments):
            if detachment.id == detachment_id:
                return self.createIndex(row, 0, 0)
        return QModelIndex()

    # -- display --------------------------------------------------------------

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        names = {
            COL_NAME: self.tr("Unit"),
            COL_ROLE: self.tr("Role"),
            COL_MODELS: self.tr("Models"),
            COL_POINTS: self.tr("Points"),
            COL_GEAR: self.tr("Wargear"),
            COL_WITH: self.tr("With"),
            COL_MARKS: "",
        }
        return names.get(section)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Views ask for many roles per cell on every paint: answer the unused ones at once,
        # and the texts from what the last refresh computed.
        if role not in _USED_ROLES or not index.isValid():
            return None
        unit = self.unit_at(index)
        if unit is not None and role == _DISPLAY:
            shown = self._shown.get(unit.id)
            if shown is not None:
                return shown[index.column()]
        if unit is None:
            detachment = self.detachment_at(index)
            return None if detachment is None else self._detachment_data(index.row(), index.column(), detachment, role)
        return self._unit_data(index.column(), unit, role)

    def _detachment_data(self, row: int, column: int, detachment: Detachment, role: int) -> Any:
        if role == DETACHMENT_ID_ROLE:
            return detachment.id
        if role == Qt.ItemDataRole.FontRole:
            return _BOLD
        if role == Qt.ItemDataRole.EditRole and column == COL_NAME:
            return detachment.name
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (COL_MODELS, COL_POINTS):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == COL_NAME:  # a roster's long name, cut in its column
            return detachment.name or self.tr("Detachment %1").replace("%1", str(row + 1))
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column == COL_NAME:
            return detachment.name or self.tr("Detachment %1").replace("%1", str(row + 1))
        if column == COL_MODELS:
            return self.tr("%n unit(s)", "", len(detachment.units))
        if column == COL_POINTS:
            return str(sum(self._points_of(u) for u in detachment.units))
        return None

    def _points_of(self, unit: Unit) -> int:
        if self._points is None:
            return ops.unit_points(unit, self.catalogue, as_priced=self.as_priced)
        points = self._points.get(unit.id)
        if points is None:
            points = self._points[unit.id] = ops.unit_points(unit, self.catalogue, as_priced=self.as_priced)
        return points

    def _unit_data(self, column: int, unit: Unit, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._unit_text(column, unit)
        if role == UNIT_ID_ROLE:
            return unit.id
        if role == Qt.ItemDataRole.ForegroundRole and column == COL_NAME:
            severity = self._worst.get(unit.id)
            return QBrush(_SEVERITY_COLOURS[severity]) if severity in _SEVERITY_COLOURS else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._unit_tooltip(column, unit)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (COL_MODELS, COL_POINTS):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def unit_name(self, unit: Unit) -> str:
        """The name the player gave the unit, else its datasheet's in the window's language."""
        return unit_label(unit, self.catalogue.get(unit.datasheet), self.lang)

    def _unit_text(self, column: int, unit: Unit) -> str:
        if column == COL_NAME:
            severity = self._worst.get(unit.id)
            mark = "✗ " if severity is Severity.ERROR else ("! " if severity is Severity.WARNING else "")
            return mark + self.unit_name(unit)
        if column == COL_ROLE:
            return ops.role_of(unit, self.catalogue).label(self.lang)
        if column == COL_MODELS:
            return str(unit.models)
        if column == COL_POINTS:
            return str(self._points_of(unit))
        if column == COL_GEAR:
            return self.wargear_text(unit)
        if column == COL_WITH:
            return self.with_text(unit)
        if column == COL_MARKS:
            return ("★" if unit.warlord else "") + ("⌛" if unit.reserve else "")
        return ""

    def with_text(self, unit: Unit) -> str:
        """The unit's transport (→) and the unit it is linked to (↔)."""
        parts = []
        if unit.transport:
            target = self.army.unit(unit.transport)
            parts.append("→ " + (target.display_name if target else unit.transport))
        if unit.linked_to:
            target = self.army.unit(unit.linked_to)
            parts.append("↔ " + (target.display_name if target else unit.linked_to))
        return "  ".join(parts)

    def wargear_text(self, unit: Unit) -> str:
        """The wargear the unit took: "2× Lance-flammes, Bolter lourd", then what its models chose.

        Options are named, never shown as ids (:class:`OptionNames`); the
        models' choices and the unit's upgrades follow (:func:`choices_text`).
        """
        sheet = self.catalogue.get(unit.datasheet)
        parts = [
            counted(count, self._option_names.name(self.catalogue, sheet, option_id))
            for option_id, count in unit.options.items()
            if count
        ]
        parts += [counted(extra.count, extra.name) for extra in unit.extra_options]
        carried = choices_text(unit, sheet, self.lang)
        return " · ".join(part for part in (", ".join(parts), carried) if part)

    def _unit_tooltip(self, column: int, unit: Unit) -> str | None:
        if column == COL_MARKS:
            marks = [self.tr("Warlord")] if unit.warlord else []
            marks += [self.tr("Reserve")] if unit.reserve else []
            return ", ".join(marks) or None
        if column == COL_GEAR:
            return self.wargear_text(unit) or None
        if column == COL_WITH:  # the whole text where a narrow column cuts it
            return self.with_text(unit) or None
        if column != COL_NAME:
            return None
        sheet = self.catalogue.get(unit.datasheet)
        missing = self.tr("Datasheet missing from the catalogue: %1").replace("%1", unit.datasheet)
        lines = [sheet.label(self.lang) if sheet else missing]
        lines += self._advice.get(unit.id, [])
        return "\n".join(lines)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDropEnabled
        if index.internalId() != 0:
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        return flags

    # -- validation -------------------------------------------------------------

    def set_report(self, report: Report | None) -> None:
        """Colour units by the worst finding that names them; their tooltips say what is wrong and how to fix it."""
        worst: dict[str, Severity] = {}
        advice: dict[str, list[str]] = {}
        if report is not None:
            for item in report.findings:
                fix = self.words.fix(item)
                line = "• " + self.words.message(item) + (f"\n  → {fix}" if fix else "")
                for unit_id in item.units:
                    known = worst.get(unit_id)
                    if known is None or item.severity.rank < known.rank:
                        worst[unit_id] = item.severity
                    advice.setdefault(unit_id, []).append(line)
        self._worst = worst
        self._advice = advice
        self.refresh()
        self._refreshed = True

    # -- repainting only what changed --------------------------------------------

    def _unit_signature(self, unit: Unit) -> tuple[Any, ...]:
        return (
            *(self._unit_text(column, unit) for column in range(COLUMNS)),
            self._worst.get(unit.id),
            tuple(self._advice.get(unit.id, ())),
        )

    def refresh(self) -> int:
        """Emit ``dataChanged`` for each row whose texts, colour or tooltip changed; returns how many."""
        self._points = {}
        try:
            return self._refresh()
        finally:
            self._points = None

    def _refresh(self) -> int:
        changed = 0
        shown: dict[str, tuple[Any, ...]] = {}
        shown_detachments: dict[str, tuple[Any, ...]] = {}
        last = COLUMNS - 1
        for d_row, detachment in enumerate(self.army.detachments):
            signature = tuple(
                self._detachment_data(d_row, column, detachment, Qt.ItemDataRole.DisplayRole)
                for column in (COL_NAME, COL_MODELS, COL_POINTS)
            )
            shown_detachments[detachment.id] = signature
            if self._shown_detachments.get(detachment.id) != signature:
                self.dataChanged.emit(self.createIndex(d_row, 0, 0), self.createIndex(d_row, last, 0))
                changed += 1
            key = self._key(detachment.id)
            first: int | None = None
            for u_row, unit in enumerate(detachment.units):
                unit_signature = self._unit_signature(unit)
                shown[unit.id] = unit_signature
                if self._shown.get(unit.id) != unit_signature:
                    changed += 1
                    if first is None:
                        first = u_row
                    continue
                if first is not None:  # one signal per run of changed rows
                    self.dataChanged.emit(self.createIndex(first, 0, key), self.createIndex(u_row - 1, last, key))
                    first = None
            if first is not None:
                self.dataChanged.emit(
                    self.createIndex(first, 0, key), self.createIndex(len(detachment.units) - 1, last, key)
                )
        self._shown = shown
        self._shown_detachments = shown_detachments
        self.last_refresh_rows = changed
        return changed

    # -- whole list -------------------------------------------------------------

    def set_army(self, army: ArmyList) -> None:
        self.beginResetModel()
        self.army = army
        self._worst = {}
        self._advice = {}
        self._keys = {}
        self._ids = {}
        self._shown = {}
        self._shown_detachments = {}
        self.endResetModel()
        self.edited.emit()
        self.refresh()

    def set_list_field(self, field: str, value: Any) -> Any:
        """Set ``name``, ``points_limit`` or ``notes`` of the list; returns the old value."""
        if field not in ("name", "points_limit", "notes"):
            raise ValueError(field)
        old = getattr(self.army, field)
        setattr(self.army, field, value)
        self.edited.emit()
        return old

    # -- units ----------------------------------------------------------------

    def insert_unit(self, detachment_id: str, row: int, unit: Unit) -> None:
        parent = self.index_of_detachment(detachment_id)
        self.beginInsertRows(parent, row, row)
        ops.insert_unit(self.army, detachment_id, row, unit)
        self.endInsertRows()
        self._finish()

    def remove_unit(self, unit_id: str) -> ops.Removal:
        index = self.index_of_unit(unit_id)
        self.beginRemoveRows(index.parent(), index.row(), index.row())
        removal = ops.remove_unit(self.army, unit_id)
        self.endRemoveRows()
        self._finish()
        return removal

    def restore_unit(self, removal: ops.Removal) -> None:
        parent = self.index_of_detachment(removal.place.detachment_id)
        self.beginInsertRows(parent, removal.place.index, removal.place.index)
        ops.restore_unit(self.army, removal)
        self.endInsertRows()
        self._finish()

    def move_unit(self, unit_id: str, detachment_id: str, row: int | None = None) -> ops.UnitPlace:
        """Move a unit to ``row`` of a detachment (None: its end); returns where it was.

        ``row`` is the unit's index once moved, as in :func:`ost.core.armylist.move_unit`.
        """
        source = self.index_of_unit(unit_id)
        target_parent = self.index_of_detachment(detachment_id)
        target_detachment = self.army.detachment(detachment_id)
        assert target_detachment is not None
        same = source.parent() == target_parent
        if row is None:
            row = len(target_detachment.units) - 1 if same else len(target_detachment.units)
        dest = row
        qt_dest = dest + 1 if same and dest > source.row() else dest
        if not self.beginMoveRows(source.parent(), source.row(), source.row(), target_parent, qt_dest):
            return ops.UnitPlace(detachment_id, source.row())  # a no-op move
        place = ops.move_unit(self.army, unit_id, detachment_id, dest)
        self.endMoveRows()
        self._finish()
        return place

    def edit_unit(self, unit_id: str, change: Callable[[ArmyList], Any]) -> Any:
        """Apply a core operation to one unit and refresh; returns what the operation returned."""
        result = change(self.army)
        self._finish()
        return result

    # -- detachments -----------------------------------------------------------

    def insert_detachment(self, detachment: Detachment, row: int) -> None:
        self.beginInsertRows(_ROOT, row, row)
        ops.insert_detachment(self.army, detachment, row)
        self.endInsertRows()
        self._finish()

    def remove_detachment(self, detachment_id: str) -> tuple[int, Detachment]:
        index = self.index_of_detachment(detachment_id)
        self.beginRemoveRows(_ROOT, index.row(), index.row())
        result = ops.remove_detachment(self.army, detachment_id)
        self.endRemoveRows()
        self._finish()
        return result

    def rename_detachment(self, detachment_id: str, name: str) -> str:
        old = ops.rename_detachment(self.army, detachment_id, name)
        self._finish()
        return old

    def _finish(self) -> None:
        self._refreshed = False
        self.edited.emit()  # a window revalidates, which refreshes the rows
        if not self._refreshed:  # a bare model (no window listening)
            self.refresh()

    # -- drag and drop -------------------------------------------------------------

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction  # copy: a datasheet from the catalogue

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [UNIT_MIME, SHEET_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        ids: list[str] = []
        for index in indexes:
            unit = self.unit_at(index)
            if unit is not None and unit.id not in ids:
                ids.append(unit.id)
        data = QMimeData()
        data.setData(UNIT_MIME, QByteArray("\n".join(ids).encode("utf-8")))
        return data

    def drop_target(self, row: int, parent: Index) -> tuple[str, int] | None:
        """The detachment and row where units dropped at (``row``, ``parent``) go (-1: its end)."""
        unit = self.unit_at(parent)
        if unit is not None:  # dropped on a unit: just before it
            detachment = self.detachment_at(parent)
            assert detachment is not None
            return detachment.id, parent.row()
        detachment = self.detachment_at(parent)
        if detachment is None:
            return None
        return detachment.id, row

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index) -> bool:
        if data.hasFormat(SHEET_MIME):
            return True  # a datasheet from the catalogue: anywhere in the list
        return data.hasFormat(UNIT_MIME) and self.drop_target(row, parent) is not None

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index) -> bool:
        if action == Qt.DropAction.IgnoreAction:
            return True
        sheets = sheet_ids(data)
        if sheets:  # from the catalogue: added to the detachment dropped on (the last one below the rows)
            target = self.drop_target(row, parent)
            last = self.army.detachments[-1].id if self.army.detachments else ""
            self.add_requested.emit(sheets, target[0] if target is not None else last)
            return False  # added by undo commands
        target = self.drop_target(row, parent) if data.hasFormat(UNIT_MIME) else None
        if target is None:
            return False
        ids = [i for i in bytes(data.data(UNIT_MIME).data()).decode("utf-8").split("\n") if self.army.unit(i)]
        if not ids:
            return False
        self.move_requested.emit(ids, target[0], target[1])
        return False  # the move is done by undo commands; the view must not remove rows itself
