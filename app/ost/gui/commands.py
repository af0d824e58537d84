"""Undo commands: each is a thin wrapper that calls one method of the list model.

Compound edits (removing a detachment with its units) are built from child
commands, so undo replays them in reverse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Detachment, Unit
from ost.core.catalogue import Datasheet
from ost.core.roles import Role
from ost.gui.list_model import ArmyListModel

#: The unit fields the editor can change (a wrong name is a type error, not a runtime one).
UnitField = Literal["models", "transport", "linked_to", "warlord", "reserve", "custom_name"]
#: The list fields the window can change.
ListField = Literal["name", "points_limit", "notes"]

#: Unit fields the editor can change, and the core operation that changes each.
_UNIT_SETTERS: dict[UnitField, Callable[[ArmyList, str, Any], Any]] = {
    "models": lambda army, unit_id, value: (
        ops.restore_size(army, unit_id, value)
        if isinstance(value, ops.SizeChange)
        else ops.set_models(army, unit_id, value)
    ),
    "transport": lambda army, unit_id, value: ops.assign_transport(army, unit_id, value),
    "linked_to": lambda army, unit_id, value: ops.link_character(army, unit_id, value),
    "warlord": lambda army, unit_id, value: ops.set_flag(army, unit_id, "warlord", value),
    "reserve": lambda army, unit_id, value: ops.set_flag(army, unit_id, "reserve", value),
    "custom_name": lambda army, unit_id, value: ops.rename_unit(army, unit_id, value),
}
_MERGE_ID = 0x05_7


def role_row(model: ArmyListModel, detachment: Detachment, role: Role) -> int:
    """Where a new unit of ``role`` goes in a detachment: after the units of its role and those before it.

    So a list built unit by unit reads grouped by role (QG, Troupes, Élite…) in
    the order the table gives, whatever order they were added in.
    """
    rank = ops.ROLE_RANK[role]
    row = 0
    for number, unit in enumerate(detachment.units):
        if ops.ROLE_RANK[ops.role_of(unit, model.catalogue)] <= rank:
            row = number + 1
    return row


class AddUnit(QUndoCommand):
    def __init__(self, model: ArmyListModel, sheet: Datasheet, detachment_id: str) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Add %1").replace("%1", sheet.name))
        self.model = model
        self.detachment_id = detachment_id
        self.unit: Unit = ops.make_unit(model.army, sheet)
        self.unit.placeholders = ops.suggested_placeholders(model.army, sheet, detachment_id)
        detachment = model.army.detachment(detachment_id)
        assert detachment is not None
        self.row = role_row(model, detachment, sheet.role)

    def redo(self) -> None:
        self.model.insert_unit(self.detachment_id, self.row, self.unit)

    def undo(self) -> None:
        self.model.remove_unit(self.unit.id)


class RemoveUnit(QUndoCommand):
    def __init__(self, model: ArmyListModel, unit_id: str) -> None:
        unit = model.army.unit(unit_id)
        super().__init__(
            QCoreApplication.translate("Commands", "Remove %1").replace("%1", unit.display_name if unit else unit_id)
        )
        self.model = model
        self.unit_id = unit_id
        self.removal: ops.Removal | None = None

    def redo(self) -> None:
        self.removal = self.model.remove_unit(self.unit_id)

    def undo(self) -> None:
        assert self.removal is not None
        self.model.restore_unit(self.removal)


class MoveUnit(QUndoCommand):
    def __init__(self, model: ArmyListModel, unit_id: str, detachment_id: str, row: int | None = None) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Move unit"))
        self.model = model
        self.unit_id = unit_id
        self.detachment_id = detachment_id
        self.row = row
        self.before: ops.UnitPlace | None = None

    def redo(self) -> None:
        self.before = self.model.move_unit(self.unit_id, self.detachment_id, self.row)

    def undo(self) -> None:
        assert self.before is not None
        self.model.move_unit(self.unit_id, self.before.detachment_id, self.before.index)


class SetUnitField(QUndoCommand):
    """Change one field of a unit; consecutive changes of the same field merge (spin boxes)."""

    def __init__(self, model: ArmyListModel, unit_id: str, field: UnitField, value: Any) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Edit unit"))
        self.model = model
        self.unit_id = unit_id
        self.field = field
        self.value = value
        self.old: Any = None

    def _set(self, value: Any) -> Any:
        setter = _UNIT_SETTERS[self.field]
        return self.model.edit_unit(self.unit_id, lambda army: setter(army, self.unit_id, value))

    def redo(self) -> None:
        self.old = self._set(self.value)

    def undo(self) -> None:
        self._set(self.old)

    def id(self) -> int:
        return _MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetUnitField) or other.unit_id != self.unit_id or other.field != self.field:
            return False
        if self.field not in ("models", "custom_name"):
            return False
        self.value = other.value
        return True


class SetOption(QUndoCommand):
    """Take a wargear option some number of times; consecutive changes of one option merge."""

    def __init__(self, model: ArmyListModel, unit_id: str, option_id: str, count: int) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Change wargear"))
        self.model = model
        self.unit_id = unit_id
        self.option_id = option_id
        self.count = count
        self.old = 0

    def redo(self) -> None:
        self.old = self.model.edit_unit(
            self.unit_id, lambda army: ops.set_option(army, self.unit_id, self.option_id, self.count)
        )

    def undo(self) -> None:
        self.model.edit_unit(self.unit_id, lambda army: ops.set_option(army, self.unit_id, self.option_id, self.old))

    def id(self) -> int:
        return _MERGE_ID + 2

    def mergeWith(self, other: QUndoCommand) -> bool:
        if isinstance(other, SetOption) and (other.unit_id, other.option_id) == (self.unit_id, self.option_id):
            self.count = other.count
            return True
        return False


class SetKindCount(QUndoCommand):
    """Set how many models of one kind a unit has; consecutive changes of one kind merge (spin boxes)."""

    def __init__(self, model: ArmyListModel, unit_id: str, kind_id: str, count: int) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Edit unit"))
        self.model = model
        self.unit_id = unit_id
        self.kind_id = kind_id
        self.count = count
        self.old: ops.SizeChange | None = None

    def redo(self) -> None:
        self.old = self.model.edit_unit(
            self.unit_id,
            lambda army: ops.set_kind_count(army, self.unit_id, self.kind_id, self.count, self.model.catalogue),
        )

    def undo(self) -> None:
        old = self.old
        assert old is not None
        self.model.edit_unit(self.unit_id, lambda army: ops.restore_size(army, self.unit_id, old))

    def id(self) -> int:
        return _MERGE_ID + 4

    def mergeWith(self, other: QUndoCommand) -> bool:
        if isinstance(other, SetKindCount) and (other.unit_id, other.kind_id) == (self.unit_id, self.kind_id):
            self.count = other.count
            return True
        return False


class _WargearCommand(QUndoCommand):
    """One wargear edit of a unit: redo runs one core operation, undo puts back the wargear it returned."""

    def __init__(self, model: ArmyListModel, unit_id: str, text: str) -> None:
        super().__init__(text)
        self.model = model
        self.unit_id = unit_id
        self.old: ops.WargearChange | None = None

    def change(self, army: ArmyList) -> ops.WargearChange:
        raise NotImplementedError

    def redo(self) -> None:
        self.old = self.model.edit_unit(self.unit_id, self.change)

    def undo(self) -> None:
        old = self.old
        assert old is not None
        self.model.edit_unit(self.unit_id, lambda army: ops.restore_wargear(army, self.unit_id, old))


class ChooseWargear(_WargearCommand):
    """``models`` models of a unit's model group take an item of a choice (None: nothing, their defaults back)."""

    def __init__(
        self, model: ArmyListModel, unit_id: str, group: int, models: int, choice: str, item: str | None
    ) -> None:
        super().__init__(model, unit_id, QCoreApplication.translate("Commands", "Change wargear"))
        self.group, self.models, self.choice, self.item = group, models, choice, item

    def change(self, army: ArmyList) -> ops.WargearChange:
        return ops.choose_wargear(
            army,
            self.unit_id,
            self.model.catalogue,
            group=self.group,
            models=self.models,
            choice=self.choice,
            item=self.item,
        )


class SetUpgrade(_WargearCommand):
    """The unit takes a power, a trait, a relic or an upgrade some number of times; a spin box's steps merge."""

    def __init__(self, model: ArmyListModel, unit_id: str, item: str, count: int) -> None:
        super().__init__(model, unit_id, QCoreApplication.translate("Commands", "Change wargear"))
        self.item, self.count = item, count

    def change(self, army: ArmyList) -> ops.WargearChange:
        return ops.set_upgrade(army, self.unit_id, self.model.catalogue, self.item, self.count)

    def id(self) -> int:
        return _MERGE_ID + 3

    def mergeWith(self, other: QUndoCommand) -> bool:
        if isinstance(other, SetUpgrade) and (other.unit_id, other.item) == (self.unit_id, self.item):
            self.count = other.count  # undo still restores the wargear before the first step
            return True
        return False


class SwapUpgrade(_WargearCommand):
    """The unit takes an item of a choice it has filled, in place of what it took there (one mark for another)."""

    def __init__(self, model: ArmyListModel, unit_id: str, item: str) -> None:
        super().__init__(model, unit_id, QCoreApplication.translate("Commands", "Change wargear"))
        self.item = item

    def change(self, army: ArmyList) -> ops.WargearChange:
        return ops.swap_upgrade(army, self.unit_id, self.model.catalogue, self.item)


class ResetWargear(_WargearCommand):
    """Every model of the unit back to its default loadout, the unit to the upgrades a new one starts with."""

    def __init__(self, model: ArmyListModel, unit_id: str) -> None:
        super().__init__(model, unit_id, QCoreApplication.translate("Commands", "Default wargear"))

    def change(self, army: ArmyList) -> ops.WargearChange:
        return ops.reset_wargear(army, self.unit_id, self.model.catalogue)


class DuplicateUnit(QUndoCommand):
    """Put a copy of a unit right after it (Ctrl+D)."""

    def __init__(self, model: ArmyListModel, unit_id: str) -> None:
        unit = model.army.unit(unit_id)
        super().__init__(
            QCoreApplication.translate("Commands", "Duplicate %1").replace("%1", unit.display_name if unit else unit_id)
        )
        self.model = model
        self.place, self.unit = ops.duplicate_unit(model.army, unit_id)

    def redo(self) -> None:
        self.model.insert_unit(self.place.detachment_id, self.place.index, self.unit)

    def undo(self) -> None:
        self.model.remove_unit(self.unit.id)


class SetPlaceholder(QUndoCommand):
    def __init__(self, model: ArmyListModel, unit_id: str, placeholder: str, value: str) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Change %1").replace("%1", placeholder))
        self.model = model
        self.unit_id = unit_id
        self.placeholder = placeholder
        self.value = value
        self.old: str | None = None

    def redo(self) -> None:
        self.old = self.model.edit_unit(
            self.unit_id, lambda army: ops.set_placeholder(army, self.unit_id, self.placeholder, self.value)
        )

    def undo(self) -> None:
        old = self.old or ""
        self.model.edit_unit(self.unit_id, lambda army: ops.set_placeholder(army, self.unit_id, self.placeholder, old))


class SetListField(QUndoCommand):
    def __init__(self, model: ArmyListModel, field: ListField, value: Any) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Edit list"))
        self.model = model
        self.field = field
        self.value = value
        self.old: Any = None

    def redo(self) -> None:
        self.old = self.model.set_list_field(self.field, self.value)

    def undo(self) -> None:
        self.model.set_list_field(self.field, self.old)

    def id(self) -> int:
        return _MERGE_ID + 1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if isinstance(other, SetListField) and other.field == self.field and self.field in ("name", "notes"):
            self.value = other.value
            return True
        return False


class AddDetachment(QUndoCommand):
    def __init__(self, model: ArmyListModel, name: str = "") -> None:
        super().__init__(QCoreApplication.translate("Commands", "Add detachment"))
        self.model = model
        self.detachment = Detachment(id=ops.new_detachment_id(model.army), name=name)
        self.row = len(model.army.detachments)

    def redo(self) -> None:
        self.model.insert_detachment(self.detachment, self.row)

    def undo(self) -> None:
        self.model.remove_detachment(self.detachment.id)


class RemoveDetachment(QUndoCommand):
    """Remove a detachment and, first, each of its units (child commands)."""

    def __init__(self, model: ArmyListModel, detachment_id: str) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Remove detachment"))
        self.model = model
        self.detachment_id = detachment_id
        detachment = model.army.detachment(detachment_id)
        assert detachment is not None
        self._children = [RemoveUnit(model, unit.id) for unit in detachment.units]
        self.place: tuple[int, Detachment] | None = None

    def redo(self) -> None:
        for child in self._children:
            child.redo()
        self.place = self.model.remove_detachment(self.detachment_id)

    def undo(self) -> None:
        assert self.place is not None
        row, detachment = self.place
        self.model.insert_detachment(detachment, row)
        for child in reversed(self._children):
            child.undo()


class RenameDetachment(QUndoCommand):
    def __init__(self, model: ArmyListModel, detachment_id: str, name: str) -> None:
        super().__init__(QCoreApplication.translate("Commands", "Rename detachment"))
        self.model = model
        self.detachment_id = detachment_id
        self.name = name
        self.old = ""

    def redo(self) -> None:
        self.old = self.model.rename_detachment(self.detachment_id, self.name)

    def undo(self) -> None:
        self.model.rename_detachment(self.detachment_id, self.old)
