"""What a unit's models carry (:attr:`Unit.loadout`) and what it takes once (:attr:`Unit.upgrades`), shown.

Read-only for now: the list's wargear column shows it on one line
(:func:`loadout_text`), the unit form as a short block (:class:`LoadoutView`).
Per-model editing is meant to grow from here.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from ost.core.armylist import Carried, ModelGroup, Unit
from ost.core.catalogue import Catalogue, Datasheet


def carried_text(item: Carried) -> str:
    """"2× Bolter" or "Bolter"."""
    return (f"{item.count}× " if item.count > 1 else "") + item.name


def kind_name(group: ModelGroup, sheet: Datasheet | None) -> str:
    """The model kind's name from the datasheet (its id when the catalogue lacks it)."""
    if sheet is not None:
        for kind in sheet.kinds:
            if kind.id == group.kind:
                return kind.name
    return group.kind


def group_text(group: ModelGroup, sheet: Datasheet | None) -> str:
    """"2× Sergent (Bolter, Épée tronçonneuse)": how many, of which kind, each carrying what."""
    gear = ", ".join(carried_text(item) for item in group.wargear if item.count)
    return f"{group.count}× {kind_name(group, sheet)}" + (f" ({gear})" if gear else "")


def loadout_parts(unit: Unit, sheet: Datasheet | None) -> tuple[list[str], list[str]]:
    """The unit's model groups and its once-per-unit upgrades, as texts."""
    groups = [group_text(group, sheet) for group in unit.loadout if group.count]
    upgrades = [carried_text(item) for item in unit.upgrades if item.count]
    return groups, upgrades


def loadout_text(unit: Unit, sheet: Datasheet | None) -> str:
    """Both on one line, for the list's wargear column: "1× Sergent (Épée) · 4× Marine (Bolter) · Relique"."""
    groups, upgrades = loadout_parts(unit, sheet)
    return " · ".join([*groups, *upgrades])


class LoadoutView(QLabel):
    """The unit form's block: one line per kind of model, then the upgrades; hidden when there is neither."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def show_unit(self, unit: Unit | None, sheet: Datasheet | None) -> None:
        groups, upgrades = loadout_parts(unit, sheet) if unit is not None else ([], [])
        if not groups and not upgrades:
            self.clear()
            self.hide()
            return
        blocks = []
        for heading, lines in ((self.tr("Models and their wargear"), groups), (self.tr("Upgrades"), upgrades)):
            if lines:
                blocks.append(f"<b>{escape(heading)}</b><br>" + "<br>".join(escape(line) for line in lines))
        self.setText("<p>" + "</p><p>".join(blocks) + "</p>")
        self.setToolTip(loadout_text(unit, sheet) if unit is not None else "")
        self.show()


class OptionNames:
    """The name of a wargear option a unit took, never its raw id.

    The unit's datasheet names its options; an option the datasheet lacks (a
    list saved with another catalogue, say the full BattleScribe release, and
    opened with the shipped one) is looked up in every datasheet of the
    catalogue (built once per catalogue), then in its wargear items; failing
    all that, a word-like id is written out ("thunder-hammer" → "Thunder
    hammer") and a machine id is said to be unknown.
    """

    def __init__(self, unknown: str) -> None:
        self.unknown = unknown
        self._catalogue: Catalogue | None = None
        self._index: dict[str, str] = {}

    def name(self, catalogue: Catalogue, sheet: Datasheet | None, option_id: str) -> str:
        if sheet is not None:
            for option in sheet.options:
                if option.id == option_id:
                    return option.name
            for item in sheet.wargear:
                if item.id == option_id:
                    return item.name
        if self._catalogue is not catalogue:
            self._catalogue = catalogue
            self._index = {}
            for other in catalogue:
                for item in other.wargear:
                    self._index.setdefault(item.id, item.name)
                for option in other.options:
                    self._index.setdefault(option.id, option.name)
        found = self._index.get(option_id)
        if found is not None:
            return found
        return readable_id(option_id) or self.unknown


def readable_id(option_id: str) -> str:
    """An id made of words, written out ("thunder-hammer" → "Thunder hammer"); "" for a machine id."""
    words = option_id.replace("_", "-").split("-")
    if not words or any(not word.isalpha() for word in words if word) or len(option_id) < 3:
        return ""  # hexadecimal runs, numbers: nothing a player would read
    text = " ".join(word for word in words if word)
    return text[:1].upper() + text[1:]
