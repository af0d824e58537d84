"""A Qt item model over a pure :class:`ArmyList`: detachments, and their units below.

The model owns no rules. Its editing methods call the core operations of
``ost.core.armylist`` and emit the matching Qt signals; the undo commands in
``ost.gui.commands`` call these methods and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Detachment, Unit
from ost.core.catalogue import Catalogue
from ost.core.findings import Severity
from ost.core.validator import Report

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()

COL_NAME, COL_ROLE, COL_MODELS, COL_POINTS, COL_WITH, COL_MARKS = range(6)
UNIT_ID_ROLE = Qt.ItemDataRole.UserRole + 10
DETACHMENT_ID_ROLE = Qt.ItemDataRole.UserRole + 11

_SEVERITY_COLOURS = {Severity.ERROR: QColor("#b3261e"), Severity.WARNING: QColor("#9a6700")}


class ArmyListModel(QAbstractItemModel):
    """Rows: detachments (top level) and their units (children). Six columns."""

    #: Emitted after every edit, so views can revalidate.
    edited = Signal()

    def __init__(self, catalogue: Catalogue, army: ArmyList, lang: str = "fr", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalogue = catalogue
        self.army = army
        self.lang = lang
        self._worst: dict[str, Severity] = {}

    # -- structure --------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = _ROOT) -> QModelIndex:
        if column < 0 or column >= self.columnCount() or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if row >= len(self.army.detachments):
                return QModelIndex()
            return self.createIndex(row, column, 0)
        if parent.internalId() != 0 or parent.row() >= len(self.army.detachments):
            return QModelIndex()
        if row >= len(self.army.detachments[parent.row()].units):
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not child.isValid() or child.internalId() == 0:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = _ROOT) -> int:
        if not parent.isValid():
            return len(self.army.detachments)
        if parent.internalId() == 0 and parent.column() == 0 and parent.row() < len(self.army.detachments):
            return len(self.army.detachments[parent.row()].units)
        return 0

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 6

    def detachment_at(self, index: Index) -> Detachment | None:
        if not index.isValid():
            return None
        row = index.row() if index.internalId() == 0 else index.internalId() - 1
        return self.army.detachments[row] if row < len(self.army.detachments) else None

    def unit_at(self, index: Index) -> Unit | None:
        if not index.isValid() or index.internalId() == 0:
            return None
        detachment = self.army.detachments[index.internalId() - 1]
        return detachment.units[index.row()] if index.row() < len(detachment.units) else None

    def index_of_unit(self, unit_id: str, column: int = 0) -> QModelIndex:
        for d_row, detachment in enumerate(self.army.detachments):
            for u_row, unit in enumerate(detachment.units):
                if unit.id == unit_id:
                    return self.createIndex(u_row, column, d_row + 1)
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
        return [self.tr("Unit"), self.tr("Role"), self.tr("Models"), self.tr("Points"), self.tr("With"), ""][section]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        unit = self.unit_at(index)
        if unit is None:
            detachment = self.detachment_at(index)
            return None if detachment is None else self._detachment_data(index, detachment, role)
        return self._unit_data(index, unit, role)

    def _detachment_data(self, index: Index, detachment: Detachment, role: int) -> Any:
        column = index.column()
        if role == DETACHMENT_ID_ROLE:
            return detachment.id
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.EditRole and column == COL_NAME:
            return detachment.name
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column == COL_NAME:
            return detachment.name or self.tr("Detachment %1").replace("%1", str(index.row() + 1))
        if column == COL_MODELS:
            return self.tr("%n unit(s)", "", len(detachment.units))
        if column == COL_POINTS:
            return str(sum(ops.unit_points(u, self.catalogue) for u in detachment.units))
        return None

    def _unit_data(self, index: Index, unit: Unit, role: int) -> Any:
        column = index.column()
        if role == UNIT_ID_ROLE:
            return unit.id
        if role == Qt.ItemDataRole.ForegroundRole and column == COL_NAME:
            severity = self._worst.get(unit.id)
            return QBrush(_SEVERITY_COLOURS[severity]) if severity in _SEVERITY_COLOURS else None
        if role == Qt.ItemDataRole.ToolTipRole and column == COL_NAME:
            sheet = self.catalogue.get(unit.datasheet)
            return (
                sheet.name
                if sheet
                else self.tr("Datasheet missing from the catalogue: %1").replace("%1", unit.datasheet)
            )
        if role == Qt.ItemDataRole.ToolTipRole and column == COL_MARKS:
            marks = [self.tr("Warlord")] if unit.warlord else []
            marks += [self.tr("Reserve")] if unit.reserve else []
            return ", ".join(marks) or None
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (COL_MODELS, COL_POINTS):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column == COL_NAME:
            severity = self._worst.get(unit.id)
            mark = "✗ " if severity is Severity.ERROR else ("! " if severity is Severity.WARNING else "")
            return mark + unit.display_name
        if column == COL_ROLE:
            return ops.role_of(unit, self.catalogue).label(self.lang)
        if column == COL_MODELS:
            return str(unit.models)
        if column == COL_POINTS:
            return str(ops.unit_points(unit, self.catalogue))
        if column == COL_WITH:
            parts = []
            if unit.transport:
                target = self.army.unit(unit.transport)
                parts.append("→ " + (target.display_name if target else unit.transport))
            if unit.linked_to:
                target = self.army.unit(unit.linked_to)
                parts.append("↔ " + (target.display_name if target else unit.linked_to))
            return "  ".join(parts)
        if column == COL_MARKS:
            return ("★" if unit.warlord else "") + ("⌛" if unit.reserve else "")
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def set_report(self, report: Report | None) -> None:
        """Colour units by the worst finding that names them."""
        worst: dict[str, Severity] = {}
        if report is not None:
            for item in report.findings:
                for unit_id in item.units:
                    known = worst.get(unit_id)
                    if known is None or item.severity.rank < known.rank:
                        worst[unit_id] = item.severity
        if worst != self._worst:
            self._worst = worst
            self._all_changed()

    # -- whole list -------------------------------------------------------------

    def set_army(self, army: ArmyList) -> None:
        self.beginResetModel()
        self.army = army
        self._worst = {}
        self.endResetModel()
        self.edited.emit()

    def _all_changed(self) -> None:
        for row in range(len(self.army.detachments)):
            parent = self.index(row, 0)
            self.dataChanged.emit(parent, self.index(row, self.columnCount() - 1))
            count = self.rowCount(parent)
            if count:
                self.dataChanged.emit(self.index(0, 0, parent), self.index(count - 1, self.columnCount() - 1, parent))

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
        self.beginResetModel()  # unit indexes encode their detachment's row
        ops.insert_detachment(self.army, detachment, row)
        self.endResetModel()
        self.edited.emit()

    def remove_detachment(self, detachment_id: str) -> tuple[int, Detachment]:
        self.beginResetModel()
        result = ops.remove_detachment(self.army, detachment_id)
        self.endResetModel()
        self.edited.emit()
        return result

    def rename_detachment(self, detachment_id: str, name: str) -> str:
        old = ops.rename_detachment(self.army, detachment_id, name)
        index = self.index_of_detachment(detachment_id)
        self.dataChanged.emit(index, index)
        self.edited.emit()
        return old

    def _finish(self) -> None:
        # Points, "with" columns and detachment totals depend on other rows: refresh all.
        self._all_changed()
        self.edited.emit()
