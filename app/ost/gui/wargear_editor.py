"""The unit form's wargear, as players know it from BattleScribe.

Each group of identical models is shown with what its models carry (their
defaults until a choice changes them); under it, each choice open to that kind
of model is a choice box, and a count says how many of the group's models
take what is chosen ("1 of 9 Space Marines: Lance-flammes instead of the
Bolter"). Choices the unit makes once (psychic powers, warlord traits, relics,
upgrades) are check boxes, or counts when the unit may take more than one.

A choice that would break a limit is greyed, its reasons in its tooltip: the
core answers that question (:func:`ost.core.wargear.choice_problems`,
:func:`~ost.core.wargear.upgrade_problems`); nothing here knows a rule. The
editor never changes the list either: it emits what the player asked for, and
the window turns each request into one undo command.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont, QResizeEvent, QStandardItemModel
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ost.core.armylist import Carried, ModelGroup, Unit
from ost.core.catalogue import Datasheet, WargearGroup, WargearItem
from ost.core.i18n import Bilingual
from ost.core.text import counted
from ost.core.wargear import (
    choice_problems,
    choice_taken,
    effective_loadout,
    new_unit_start,
    upgrade_problems,
    upgrades_swapping_in,
    warlord_items,
)
from ost.gui.loadout_view import kind_name
from ost.gui.widgets import FocusWheelComboBox, FocusWheelSpinBox, WrappingLabel

#: The most a count box offers when no limit bounds it.
MAX_COUNT = 99


def item_label(sheet: Datasheet, item_id: str | None, fallback: str, lang: str) -> str:
    """An item's name in ``lang`` (the list's own name for an item the catalogue lacks)."""
    item = sheet.wargear_map.get(item_id) if item_id is not None else None
    if item is None:
        return fallback
    return (item.name_en or item.name) if lang == "en" else item.name


def carried_label(sheet: Datasheet, entry: Carried, lang: str) -> str:
    """Named in ``lang``, counted when more than one: "2× Bolter" or "Bolter"."""
    return counted(entry.count, item_label(sheet, entry.item, entry.name, lang))


def choice_title(sheet: Datasheet, group: WargearGroup, lang: str) -> str:
    """A choice's name in ``lang``; a choice without one is named by its items ("Vox ou Fuseur")."""
    name = (group.name_en or group.name) if lang == "en" else group.name
    if name:
        return name
    joiner = " or " if lang == "en" else " ou "
    return joiner.join(item_label(sheet, i, i, lang) for i in group.items)


def per_model_choices(sheet: Datasheet, kind_id: str) -> list[WargearGroup]:
    """The choices a model of ``kind_id`` makes that offer items (groups that only bound others are not shown)."""
    return [g for g in sheet.choice_map.values() if kind_id in g.kinds and g.items]


def unit_choices(sheet: Datasheet) -> list[WargearGroup]:
    """The choices the unit makes once (powers, traits, relics, upgrades).

    Only the datasheet's own choices: priced options of older catalogues stay
    the form's option counts (:attr:`Unit.options`, which the checks, the
    prices and the exports read).
    """
    return [g for g in sheet.choices if not g.kinds and g.items]


def shows_wargear(sheet: Datasheet | None) -> bool:
    """Whether the editor has anything to show for a datasheet: loadouts or choices."""
    return sheet is not None and (sheet.has_loadouts or bool(sheet.choices))


class WargearEditor(QWidget):
    """Model groups with their wargear and choices, then the unit's own choices.

    ``choice_requested(unit id, model group, models, choice, item)`` (item ""
    for nothing: the defaults back), ``upgrade_requested(unit id, item,
    count)``, ``swap_requested(unit id, item)`` (the item in place of what
    fills its choice: one mark for another, in one click) and
    ``reset_requested(unit id)`` ask for edits. The model group is an index
    into :func:`~ost.core.wargear.effective_loadout`.
    """

    choice_requested = Signal(str, int, int, str, str)
    upgrade_requested = Signal(str, str, int)
    swap_requested = Signal(str, str)
    reset_requested = Signal(str)

    def __init__(self, lang: str = "fr", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lang = lang
        self.unit: Unit | None = None
        self.sheet: Datasheet | None = None
        self.loadout: list[ModelGroup] = []
        #: Each model group's header ("9 × Space Marine") and what its models carry.
        self.group_labels: list[tuple[QLabel, QLabel]] = []
        #: How many models of a group a choice changes (groups of more than one model only).
        self.count_boxes: dict[int, QSpinBox] = {}
        #: The choice box of each (model group, choice).
        self.choice_boxes: dict[tuple[int, str], QComboBox] = {}
        #: The unit's own choices, by item: a check box, or a count.
        self.upgrade_boxes: dict[str, QCheckBox | QSpinBox] = {}
        self.reset_button: QPushButton | None = None
        self._built: object = None
        self._host: QWidget | None = None
        self._outer = QVBoxLayout(self)
        self._outer.setContentsMargins(0, 0, 0, 0)
        self.hide()

    # -- building ----------------------------------------------------------------

    def show_unit(self, unit: Unit | None, sheet: Datasheet | None) -> None:
        """Show ``unit``'s wargear; rebuilt only when it changed (a count being set survives other edits)."""
        state = None
        if unit is not None and shows_wargear(sheet):
            dump = [g.model_dump() for g in unit.loadout], [c.model_dump() for c in unit.upgrades]
            # The warlord mark opens the warlord's traits, a placeholder's value a sub-faction's own choices:
            # what is offered changes with them too.
            opened = unit.warlord, sorted(unit.placeholders.items())
            state = (unit.id, id(sheet), unit.models, sorted(unit.composition.items()), repr(dump), opened, self.lang)
        if state == self._built and (state is None or self._host is not None):
            return
        self._built = state
        focused = self._focused_key()
        self._clear()
        if state is None or unit is None or sheet is None:
            self.unit, self.sheet, self.loadout = None, None, []
            self.hide()
            return
        self.unit, self.sheet = unit, sheet
        self.loadout = effective_loadout(unit, sheet)
        self._host = QWidget()
        column = QVBoxLayout(self._host)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(_heading(self.tr("Wargear")))
        for index, group in enumerate(self.loadout):
            column.addWidget(self._model_group(index, group))
        # The data's "Warlord" selection is the form's Warlord box (the list's mark): not offered twice.
        marks = warlord_items(sheet)
        groups = [g for g in unit_choices(sheet) if any(i not in marks for i in g.items)]
        if groups:
            column.addWidget(_heading(self.tr("Chosen once for the unit")))
            # An item two choices offer (the data lists a Hemlock's Twilight Gloom in two of its power lists) is one
            # pick: one row, under the first; a choice left with no row of its own is not shown.
            shown = set(marks)
            for choice in groups:
                rows = [i for i in dict.fromkeys(choice.items) if i not in shown]
                if not rows:
                    continue
                shown.update(rows)
                column.addWidget(wrapped_label(choice_title(sheet, choice, self.lang)))
                for item_id in rows:
                    self._upgrade_row(column, choice, item_id)
        offered = {i for g in groups for i in g.items} | marks
        others = [carried_label(sheet, c, self.lang) for c in unit.upgrades if c.count and c.item not in offered]
        if others:
            column.addWidget(wrapped_label(self.tr("Also taken: %1").replace("%1", ", ".join(others))))
        self.reset_button = QPushButton(self.tr("Default wargear"))
        self.reset_button.setToolTip(self.tr("Every model back to its default wargear, nothing chosen for the unit"))
        # Whatever the order the unit's upgrades were ticked in (Smite unticked and ticked again comes last).
        start = sorted((c.item or "", c.count) for c in new_unit_start(sheet, unit.models)[0])
        taken = sorted((c.item or "", c.count) for c in unit.upgrades if c.count)
        self.reset_button.setEnabled(bool(unit.loadout) or taken != start)
        self.reset_button.clicked.connect(self._reset)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.reset_button)
        column.addLayout(row)
        self._outer.addWidget(self._host)
        self.show()
        if focused is not None:
            self._refocus(focused)

    def _boxes(self) -> dict[object, QWidget]:
        """Every input of the editor by a key that names it again once rebuilt."""
        boxes: dict[object, QWidget] = {("count", i): box for i, box in self.count_boxes.items()}
        boxes.update({("choice", *key): box for key, box in self.choice_boxes.items()})
        boxes.update({("upgrade", item): box for item, box in self.upgrade_boxes.items()})
        if self.reset_button is not None:
            boxes["reset"] = self.reset_button
        return boxes

    def _focused_key(self) -> object | None:
        """The key of the input that has the focus (None: the focus is elsewhere)."""
        focus = QApplication.focusWidget()
        if focus is None or self._host is None or not self._host.isAncestorOf(focus):
            return None
        return next((key for key, box in self._boxes().items() if box is focus or box.isAncestorOf(focus)), "")

    def _refocus(self, key: object) -> None:
        """Give the focus back after a rebuild: to the same input, else to the editor (never out of the form).

        A choice made from the keyboard rebuilds the editor; the box that had
        the focus is gone, and Qt handed the focus to the next widget of the
        window (the catalogue's search box): the next arrow key went there.
        """
        boxes = self._boxes()
        box = boxes.get(key)
        if box is None or not box.isEnabled():
            box = next((b for b in boxes.values() if b.isEnabled()), None)
        (box or self).setFocus(Qt.FocusReason.OtherFocusReason)

    def _clear(self) -> None:
        self.group_labels, self.count_boxes, self.choice_boxes, self.upgrade_boxes = [], {}, {}, {}
        self.reset_button = None
        if self._host is not None:
            self._host.hide()
            self._host.deleteLater()  # later: the box whose signal asked for this edit may still be on the stack
            self._outer.removeWidget(self._host)
            self._host = None

    def _model_group(self, index: int, group: ModelGroup) -> QFrame:
        """One group of identical models: how many, of which kind, carrying what, and its choices."""
        assert self.sheet is not None
        sheet = self.sheet
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        column = QVBoxLayout(frame)
        column.setContentsMargins(6, 4, 6, 4)
        title = _bold(wrapped_label(f"{group.count} × {kind_name(group, sheet, self.lang)}"))
        gear = ", ".join(carried_label(sheet, c, self.lang) for c in group.wargear if c.count)
        carried = wrapped_label(gear or self.tr("nothing listed"))
        column.addWidget(title)
        column.addWidget(carried)
        self.group_labels.append((title, carried))
        choices = per_model_choices(sheet, group.kind)
        if choices and group.count > 1:
            count = _count_box()
            count.setRange(1, group.count)
            count.setValue(1)
            count.setToolTip(
                self.tr("How many of these %1 models the choices below change").replace("%1", str(group.count))
            )
            count.valueChanged.connect(lambda _value, at=index: self._grey_group(at))
            row = QHBoxLayout()
            row.addWidget(wrapped_label(self.tr("Models to change"), tooltip=count.toolTip()), 1)
            row.addWidget(count, 0, Qt.AlignmentFlag.AlignVCenter)
            column.addLayout(row)
            self.count_boxes[index] = count
        for choice in choices:
            column.addWidget(wrapped_label(choice_title(sheet, choice, self.lang)))
            box = _choice_box()
            # What these models took here: a default they carry for another choice (a Deff Dread's big
            # shoota, offered on its other arms too) is not this choice's pick.
            took = choice_taken(sheet, choice, group.kind, group.wargear)
            taken = next((c.item for c in group.wargear if c.item is not None and took.get(c.item)), None)
            box.addItem(self._nothing_label(choice, group, taken), "")
            for item_id in choice.items:
                box.addItem(self._item_text(sheet.wargear_map.get(item_id), item_id), item_id)
            box.setCurrentIndex(max(0, box.findData(taken or "")))
            box.setProperty("taken", taken or "")
            box.activated.connect(
                lambda row, at=index, chosen=choice.id, widget=box: self._choose(at, chosen, widget, row)
            )
            column.addWidget(box)
            self.choice_boxes[(index, choice.id)] = box
        self._grey_group(index)
        return frame

    def _nothing_label(self, choice: WargearGroup, group: ModelGroup, taken: str | None) -> str:
        """The entry for "nothing from this choice": the defaults it gives back, or none.

        None as well when the models took nothing here and no longer carry
        those defaults (a Marine whose bolter became a flamer has no bolter for
        a heavy weapon to replace).
        """
        assert self.sheet is not None
        carried = {c.item for c in group.wargear if c.count}
        if not choice.replaces or (taken is None and not carried & set(choice.replaces)):
            return self.tr("(none)")
        names = ", ".join(item_label(self.sheet, r, r, self.lang) for r in choice.replaces)
        return self.tr("%1 (default)").replace("%1", names)

    def _item_text(self, item: WargearItem | None, item_id: str) -> str:
        if item is None:
            return item_id
        name = (item.name_en or item.name) if self.lang == "en" else item.name
        return f"{name} (+{item.points} pts)" if item.points else name

    def _upgrade_row(self, column: QVBoxLayout, choice: WargearGroup, item_id: str) -> None:
        """One item the unit may take: a check box when it may take it once, else a count."""
        assert self.sheet is not None and self.unit is not None
        unit, sheet = self.unit, self.sheet
        most = _most(choice, item_id, unit.models)
        taken = sum(c.count for c in unit.upgrades if c.item == item_id)
        reasons = upgrade_problems(unit, sheet, item_id, taken + 1)
        text = self._item_text(sheet.wargear_map.get(item_id), item_id)
        swap = upgrades_swapping_in(unit, sheet, item_id) if reasons and not taken else None
        if swap is not None:
            given = [carried_label(sheet, c, self.lang) for c in unit.upgrades if c not in swap]
            reasons = [Bilingual(fr=f"à la place de {', '.join(given)}", en=f"in place of {', '.join(given)}")]
        tip = _tooltip(text, reasons, self.lang)
        box: QCheckBox | QSpinBox
        if most == 1 and taken <= 1:
            check = QCheckBox()
            check.setChecked(bool(taken))
            check.setEnabled(bool(taken) or not reasons or swap is not None)
            if swap is not None:
                check.toggled.connect(lambda _on, item=item_id: self._swap(item))
            else:
                check.toggled.connect(lambda on, item=item_id: self._upgrade(item, int(on)))
            box = check
        else:
            count = _count_box()
            count.setRange(0, max(taken, taken if reasons else (most if most is not None else MAX_COUNT)))
            count.setValue(taken)
            count.valueChanged.connect(lambda value, item=item_id: self._upgrade(item, value))
            box = count
        box.setToolTip(tip)
        row = QHBoxLayout()
        label = wrapped_label(text, tooltip=tip)
        label.setEnabled(box.isEnabled())
        row.addWidget(label, 1)
        row.addWidget(box, 0, Qt.AlignmentFlag.AlignVCenter)
        column.addLayout(row)
        self.upgrade_boxes[item_id] = box

    # -- limits ------------------------------------------------------------------

    def _grey_group(self, index: int) -> None:
        """Grey the items a group's models may not take (for as many models as its count says)."""
        if self.unit is None or self.sheet is None:
            return
        models = self.count_boxes[index].value() if index in self.count_boxes else 1
        for (at, choice_id), box in self.choice_boxes.items():
            if at != index:
                continue
            items = box.model()
            assert isinstance(items, QStandardItemModel)
            taken = box.property("taken") or ""
            for row in range(box.count()):
                item_id = box.itemData(row) or ""
                entry = items.item(row)
                base = entry.data(_PLAIN_TEXT) or entry.text()
                entry.setData(base, _PLAIN_TEXT)
                reasons = (
                    []
                    if item_id == taken
                    else choice_problems(self.unit, self.sheet, index, models, choice_id, item_id or None)
                )
                entry.setEnabled(not reasons)
                entry.setText(f"{base} — {reasons[0](self.lang)}" if reasons else base)
                entry.setToolTip(_tooltip(base, reasons, self.lang))

    # -- requests ----------------------------------------------------------------

    def _choose(self, index: int, choice_id: str, box: QComboBox, row: int) -> None:
        if self.unit is None:
            return
        item_id = box.itemData(row) or ""
        if item_id == (box.property("taken") or ""):
            return
        models = self.count_boxes[index].value() if index in self.count_boxes else 1
        self.choice_requested.emit(self.unit.id, index, models, choice_id, item_id)

    def _upgrade(self, item_id: str, count: int) -> None:
        if self.unit is not None:
            self.upgrade_requested.emit(self.unit.id, item_id, count)

    def _swap(self, item_id: str) -> None:
        if self.unit is not None:
            self.swap_requested.emit(self.unit.id, item_id)

    def _reset(self) -> None:
        if self.unit is not None:
            self.reset_requested.emit(self.unit.id)


#: Where a choice box's entry keeps its text without the reason appended.
_PLAIN_TEXT = Qt.ItemDataRole.UserRole + 7


def _most(choice: WargearGroup, item_id: str, models: int) -> int | None:
    """The most times the unit may take ``item_id`` of a unit choice (None: no bound)."""
    bounds = [choice.limit.bounds(models)[1]]
    if item_id in choice.item_limits:
        bounds.append(choice.item_limits[item_id].bounds(models)[1])
    known = [b for b in bounds if b is not None]
    return min(known) if known else None


def _tooltip(text: str, reasons: list[Bilingual], lang: str) -> str:
    return "\n".join([text, *(r(lang) for r in reasons)])


class _FittedLabel(WrappingLabel):
    """A wrapped label whose size hint is its height at the width it has.

    A word-wrapped label hints at a narrow, tall shape ("Remplacer le pistolet
    bolter du Sergent" on three lines); the frames of the model groups added
    those heights up and left gaps between their rows once the labels got
    their real width.
    """

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self.testAttribute(Qt.WidgetAttribute.WA_Resized) and self.width() > 0:
            needed = self.heightForWidth(self.width())
            if needed > 0:
                return QSize(hint.width(), needed)
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()


def wrapped_label(text: str, *, tooltip: str | None = None) -> QLabel:
    """As :func:`ost.gui.widgets.wrapped_label` (wraps, its whole text in its tooltip), fitted to its width."""
    label = _FittedLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setToolTip(tooltip if tooltip is not None else text)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    return label


def _heading(text: str) -> QLabel:
    return _bold(wrapped_label(text))


def _bold(label: QLabel) -> QLabel:
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label


def _choice_box() -> QComboBox:
    """A choice box as wide as the pane allows (greyed entries carry their reason: long)."""
    box = FocusWheelComboBox()
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(10)
    box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return box


def _count_box() -> QSpinBox:
    box = FocusWheelSpinBox()
    box.setKeyboardTracking(False)
    box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    box.setMinimumWidth(box.fontMetrics().horizontalAdvance("0000") + 44)
    return box
