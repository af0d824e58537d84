"""What a unit's models carry (:attr:`Unit.loadout`) and what it takes once (:attr:`Unit.upgrades`), shown.

The list's wargear column shows the choices on one line (:func:`choices_text`:
what differs from the defaults); the unit form edits them
(:mod:`ost.gui.wargear_editor`) and, for what its choices cannot show (a
datasheet without loadouts, a roster's wargear the catalogue lacks), shows the
loadout as a short read-only block (:class:`LoadoutView`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from ost.core.armylist import Carried, ModelGroup, Unit
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.text import counted
from ost.core.wargear import carried_name, chosen_by_kind, effective_loadout
from ost.gui.markup import escape


def carried_text(item: Carried) -> str:
    """Counted when more than one: "2× Bolter" or "Bolter"."""
    return counted(item.count, item.name)


def kind_name(group: ModelGroup, sheet: Datasheet | None, lang: str = "fr") -> str:
    """The list's own name for the group's models, else their kind's from the datasheet in ``lang``.

    A kind the catalogue lacks (a list made on the full release, opened on the
    shipped catalogue) is named by its id written out ("Devastator marine w
    heavy weapon", not "devastator-marine-w-heavy-weapon"); an id of no words
    is shown as it is.
    """
    if group.name:
        return group.name
    kind = sheet.kind_map.get(group.kind) if sheet is not None else None
    return kind.label(lang) if kind is not None else readable_id(group.kind) or group.kind


def group_text(group: ModelGroup, sheet: Datasheet | None, lang: str = "fr") -> str:
    """How many, of which kind, each carrying what: "2× Sergent (Bolter, Épée tronçonneuse)"."""
    gear = ", ".join(carried_text(item) for item in group.wargear if item.count)
    return f"{group.count}× {kind_name(group, sheet, lang)}" + (f" ({gear})" if gear else "")


def loadout_parts(unit: Unit, sheet: Datasheet | None, lang: str = "fr") -> tuple[list[str], list[str]]:
    """The unit's model groups and its once-per-unit upgrades, as texts (kinds named in ``lang``)."""
    groups = [group_text(group, sheet, lang) for group in unit.loadout if group.count]
    upgrades = [carried_text(item) for item in unit.upgrades if item.count]
    return groups, upgrades


def loadout_text(unit: Unit, sheet: Datasheet | None, lang: str = "fr") -> str:
    """Both on one line, for the list's wargear column: "1× Sergent (Épée) · 4× Marine (Bolter) · Relique"."""
    groups, upgrades = loadout_parts(unit, sheet, lang)
    return " · ".join([*groups, *upgrades])


def choices_text(unit: Unit, sheet: Datasheet | None, lang: str = "fr") -> str:
    """The unit's wargear choices on one line: "Lance-flammes, Lance-missiles ; Sergent : Gantelet énergétique".

    What its models carry beyond their defaults, per kind (the datasheet's
    many models first, unnamed), then its upgrades. A group of models the
    datasheet cannot read (a kind it lacks, an item the catalogue lacks: a
    roster's wargear) is shown whole, as the list gave it.
    """
    parts: list[str] = []
    if unit.loadout and sheet is not None:
        readable: list[ModelGroup] = []
        for group in effective_loadout(unit, sheet):
            known = group.kind in sheet.kind_map and all(
                c.item is not None and c.item in sheet.wargear_map for c in group.wargear if c.count
            )
            if known:
                readable.append(group)
            elif group.count:
                parts.append(group_text(group, sheet, lang))
        bulk = sheet.kinds[sheet.bulk_index].id if sheet.kinds else None
        chosen = []
        for kind, labels in chosen_by_kind(readable, sheet, lang):
            text = ", ".join(labels)
            if kind != bulk:
                name = sheet.kind_map[kind].label(lang) if kind in sheet.kind_map else kind
                text = f"{name}: {text}" if lang == "en" else f"{name} : {text}"
            chosen.append(text)
        parts[:0] = chosen
    elif unit.loadout:
        parts += [group_text(group, sheet, lang) for group in unit.loadout if group.count]
    for item in unit.upgrades:
        if item.count:
            parts.append(counted(item.count, carried_name(sheet, item, lang) if sheet is not None else item.name))
    return ("; " if lang == "en" else " ; ").join(parts)


class LoadoutView(QLabel):
    """The unit form's block: one line per kind of model, then the upgrades; hidden when there is neither."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def show_unit(self, unit: Unit | None, sheet: Datasheet | None, lang: str = "fr") -> None:
        groups, upgrades = loadout_parts(unit, sheet, lang) if unit is not None else ([], [])
        if not groups and not upgrades:
            self.clear()
            self.hide()
            return
        blocks = []
        for heading, lines in ((self.tr("Models and their wargear"), groups), (self.tr("Upgrades"), upgrades)):
            if lines:
                blocks.append(f"<b>{escape(heading)}</b><br>" + "<br>".join(escape(line) for line in lines))
        self.setText("<p>" + "</p><p>".join(blocks) + "</p>")
        self.setToolTip(loadout_text(unit, sheet, lang) if unit is not None else "")
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
