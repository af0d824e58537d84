"""The form that edits the selected unit: size, wargear, transport, link, marks.

The form never changes the list itself: it emits what the player asked for,
and the main window turns each request into an undo command.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Unit
from ost.core.catalogue import Catalogue, Datasheet, ModelKind
from ost.core.limits import MAX_COUNT, MAX_MODELS
from ost.core.roles import Role
from ost.core.subfactions import placeholder_hint
from ost.core.validator import boarding_problems, joining_problems
from ost.gui.commands import UnitField
from ost.gui.loadout_view import LoadoutView
from ost.gui.wargear_editor import WargearEditor, shows_wargear
from ost.gui.widgets import FocusWheelComboBox, FocusWheelSpinBox, wrapped_label


class UnitEditor(QWidget):
    """Shows one unit; emits ``field_requested(unit_id, field, value)`` and friends."""

    field_requested = Signal(str, str, object)
    option_requested = Signal(str, str, int)
    #: (unit id, model kind id, count): how many models of one kind the unit has.
    kind_requested = Signal(str, str, int)
    placeholder_requested = Signal(str, str, str)
    #: (unit id, model group, models, choice, item or ""), see :class:`WargearEditor`.
    choice_requested = Signal(str, int, int, str, str)
    upgrade_requested = Signal(str, str, int)
    swap_requested = Signal(str, str)
    reset_wargear_requested = Signal(str)

    def __init__(self, catalogue: Catalogue, lang: str = "fr") -> None:
        super().__init__()
        self.catalogue = catalogue
        self.lang = lang
        self.army: ArmyList | None = None
        self.unit_id: str | None = None
        #: Price units as their list stated (View ▸ List prices), as the verdict does.
        self.as_priced = False
        self._option_boxes: dict[str, QSpinBox] = {}
        #: A count per model kind, for datasheets whose unit mixes kinds of several sizes (see :func:`varied_kinds`).
        self.kind_boxes: dict[str, QSpinBox] = {}
        self._link_shown = False
        self._placeholder_edits: dict[str, QLineEdit] = {}
        #: True while the form is the empty one (no unit shown, nothing in it).
        self._empty = False
        self.wargear = self._new_wargear()
        outer = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        outer.addWidget(self.title)
        self.loadout = LoadoutView()
        outer.addWidget(self.loadout)
        self.form_host = QWidget()
        self.form = QVBoxLayout(self.form_host)
        outer.addWidget(self.form_host)
        outer.addStretch(1)
        self._outer = outer
        self.show_unit(None, None)

    # -- building ----------------------------------------------------------------

    def _new_form(self) -> None:
        """A fresh column of rows for another unit: labels wrap, the boxes keep their width.

        Rows of their own and not a form layout: a form layout hid the boxes of
        units with long option names in a narrow pane. Here a label never
        pushes its box out of sight: it wraps onto more lines (its whole text
        in its tooltip), and fields that need width (name, transport, link)
        take a row of their own under their label.
        """
        old = self.form_host
        self.form_host = QWidget()
        self.form = QVBoxLayout(self.form_host)
        self.form.setContentsMargins(0, 0, 0, 0)
        self._outer.replaceWidget(old, self.form_host)
        old.hide()
        old.deleteLater()

    def _new_wargear(self) -> WargearEditor:
        """The models and their wargear, choices in place (in each unit's form)."""
        editor = WargearEditor(self.lang)
        editor.choice_requested.connect(self.choice_requested)
        editor.upgrade_requested.connect(self.upgrade_requested)
        editor.swap_requested.connect(self.swap_requested)
        editor.reset_requested.connect(self.reset_wargear_requested)
        return editor

    def _add_wide(self, label: str, field: QWidget) -> None:
        """A label above a field that takes the whole width."""
        self.form.addWidget(wrapped_label(label))
        self.form.addWidget(field)

    def _add_box(self, label: str, box: QWidget, tooltip: str | None = None) -> None:
        """A label (wrapped when long) beside a small box."""
        row = QHBoxLayout()
        row.addWidget(wrapped_label(label, tooltip=tooltip), 1)
        row.addWidget(box, 0, Qt.AlignmentFlag.AlignVCenter)
        self.form.addLayout(row)

    def _add_row(self, widget: QWidget) -> None:
        self.form.addWidget(widget)

    def show_unit(self, army: ArmyList | None, unit_id: str | None) -> None:
        """Rebuild the form for another unit (or none).

        No unit while the form shows none already: nothing is built again (a
        start asks three times: the panes built, the list shown, the catalogue
        arrived).
        """
        self.army = army
        if unit_id is None and self._empty:
            self.unit_id = None
            return
        self.unit_id = unit_id
        self._empty = False
        self._new_form()
        self._option_boxes = {}
        self.kind_boxes = {}
        self._placeholder_edits = {}
        self.wargear = self._new_wargear()
        unit = self._unit()
        if unit is None:
            self.title.setText(self.tr("<i>Select a unit of the list to edit it.</i>"))
            self.loadout.show_unit(None, None)
            self._empty = True
            return
        sheet = self.catalogue.get(unit.datasheet)

        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(unit.snapshot.name)
        self.name_edit.setToolTip(unit.snapshot.name)
        self.name_edit.editingFinished.connect(
            lambda: self._request("custom_name", self.name_edit.text().strip() or None)
        )
        self._add_wide(self.tr("Name"), self.name_edit)

        self.models_box = _number_box()
        # A datasheet the catalogue lacks: the sizes the list recorded when the unit was added ("1–1000" said nothing).
        low = sheet.min_models if sheet else unit.snapshot.min_models or 1
        high = sheet.max_models if sheet else unit.snapshot.max_models or MAX_MODELS
        self.models_box.setRange(0, MAX_MODELS)
        self.models_box.setToolTip(self.tr("From %1 to %2 models").replace("%1", str(low)).replace("%2", str(high)))
        self.models_box.valueChanged.connect(lambda value: self._request("models", value))
        self._add_box(self.tr("Models (%1–%2)").replace("%1", str(low)).replace("%2", str(high)), self.models_box)

        for kind in varied_kinds(sheet):
            box = _number_box()
            box.setRange(0, MAX_MODELS)
            box.setToolTip(self.tr("From %1 to %2 models").replace("%1", str(kind.min)).replace("%2", str(kind.max)))
            box.valueChanged.connect(lambda value, kind_id=kind.id: self._request_kind(kind_id, value))
            self._add_box(f"{kind.label(self.lang)} ({kind.min}–{kind.max})", box)
            self.kind_boxes[kind.id] = box

        if sheet is not None:
            for option in sheet.options:
                if sheet.choices and not unit.options.get(option.id):
                    continue  # the datasheet's choices offer it now (still shown while taken, to give it up)
                box = _number_box()
                box.setRange(0, count_ceiling(option.max))
                box.valueChanged.connect(lambda value, option_id=option.id: self._request_option(option_id, value))
                each = self.tr(" each") if option.per_model else ""
                text = f"{option.name} (+{option.points}{each})"
                box.setToolTip(text)
                self._add_box(text, box)
                self._option_boxes[option.id] = box
            for placeholder in sheet.faction_placeholders:
                edit = QLineEdit()
                edit.setPlaceholderText(placeholder_hint(placeholder)(self.lang))
                edit.editingFinished.connect(
                    lambda key=placeholder, widget=edit: self._request_placeholder(key, widget.text().strip())
                )
                self._add_wide(placeholder, edit)
                self._placeholder_edits[placeholder] = edit

        self.transport_box: FocusWheelComboBox = _choice_box()
        self.transport_box.activated.connect(
            lambda _i: self._request("transport", self.transport_box.currentData() or None)
        )
        self._add_wide(self.tr("Assigned transport"), self.transport_box)

        self.link_box = _choice_box(self.form_host)
        self.link_box.activated.connect(lambda _i: self._request("linked_to", self.link_box.currentData() or None))
        self._link_shown = bool((sheet is not None and sheet.linked_character) or unit.linked_to)
        if self._link_shown:
            self._add_wide(self.tr("Linked to"), self.link_box)
        else:
            self.link_box.hide()

        self.warlord_box = QCheckBox(self.tr("Warlord"))
        self.warlord_box.toggled.connect(lambda value: self._request("warlord", value))
        self.reserve_box = QCheckBox(self.tr("In reserve"))
        self.reserve_box.toggled.connect(lambda value: self._request("reserve", value))
        self._add_row(self.warlord_box)
        self._add_row(self.reserve_box)
        self._add_row(self.wargear)  # last: it grows with the unit's choices
        self.sync()

    def sync(self) -> None:
        """Show the unit's current values (after an edit or an undo) without rebuilding."""
        unit = self._unit()
        if unit is None:
            if self.unit_id is not None:
                self.show_unit(self.army, None)
            return
        assert self.army is not None
        sheet = self.catalogue.get(unit.datasheet)
        points = ops.unit_points(unit, self.catalogue, as_priced=self.as_priced)
        role = ops.role_of(unit, self.catalogue).label(self.lang)
        name = sheet.label(self.lang) if sheet else unit.snapshot.name
        shown = ops.unit_label(unit, sheet, self.lang)
        missing = "" if sheet else " — " + self.tr("not in the catalogue")
        self.title.setText(
            f"<h3>{_escape(shown)}</h3><p>{_escape(name)} · {_escape(role)} · "
            f"{points} {self.tr('points')}{_escape(missing)}</p>"
        )
        self.title.setToolTip(f"{shown} — {name}")  # the whole name, should a narrow pane cut it
        self.wargear.show_unit(unit, sheet)
        # The read-only block, for what the choices cannot show (a datasheet without loadouts, a roster's wargear).
        self.loadout.show_unit(None if shows_wargear(sheet) else unit, sheet, self.lang)
        widgets = [
            self.name_edit,
            self.models_box,
            self.transport_box,
            self.link_box,
            self.warlord_box,
            self.reserve_box,
            *self._option_boxes.values(),
            *self.kind_boxes.values(),
            *self._placeholder_edits.values(),
        ]
        for widget in widgets:
            widget.blockSignals(True)
        try:
            if not self.name_edit.hasFocus():
                self.name_edit.setText(unit.custom_name or "")
            self.models_box.setValue(unit.models)
            if self.kind_boxes:
                counts = ops.unit_composition(unit, sheet)
                for kind_id, box in self.kind_boxes.items():
                    box.setValue(counts.get(kind_id, 0))
            for option_id, box in self._option_boxes.items():
                box.setValue(unit.options.get(option_id, 0))
            for key, edit in self._placeholder_edits.items():
                if not edit.hasFocus():
                    edit.setText(unit.placeholders.get(key, ""))
            self._fill_choices(self.transport_box, unit.transport, self._transport_choices(unit))
            if self._link_shown:
                self._fill_choices(self.link_box, unit.linked_to, self._link_choices(unit))
            self.warlord_box.setChecked(unit.warlord)
            self.reserve_box.setChecked(unit.reserve)
        finally:
            for widget in widgets:
                widget.blockSignals(False)
        self.transport_box.say_current()  # filled with their signals blocked: their tooltips follow now
        self.link_box.say_current()

    def _fill_choices(self, box: QComboBox, current: str | None, choices: list[tuple[Unit, str | None]]) -> None:
        """Fill a choice box: allowed units first, then the others greyed out with the reason."""
        box.clear()
        box.addItem(self.tr("(none)"), "")  # "" not None: see CatalogueBrowser._sheet_id
        model = box.model()
        assert isinstance(model, QStandardItemModel)
        for other, reason in sorted(choices, key=lambda pair: pair[1] is not None):
            if reason is None:
                box.addItem(other.display_name, other.id)
                continue
            box.addItem(f"{other.display_name} — {reason}", other.id)
            row = box.count() - 1
            box.setItemData(row, reason, Qt.ItemDataRole.ToolTipRole)
            item = model.item(row)
            if other.id != current:  # the current choice stays selectable, with its problem shown
                item.setEnabled(False)
        if current is not None and box.findData(current) < 0:
            box.addItem(current, current)  # a reference the choices do not offer: still shown
        box.setCurrentIndex(max(0, box.findData(current)) if current is not None else 0)

    def _transport_choices(self, unit: Unit) -> list[tuple[Unit, str | None]]:
        """Every transport of the list, with why this unit may not board it (None: it may)."""
        assert self.army is not None
        candidates: list[Unit] = []
        carried: dict[str, str] = {}
        for _, other in self.army.units():
            if other.transport and other.id != unit.id and other.linked_to is None:
                carried.setdefault(other.transport, other.display_name)
            sheet = self.catalogue.get(other.datasheet)
            is_transport = sheet.is_transport if sheet else other.snapshot.role is Role.DEDICATED_TRANSPORT
            if other.id != unit.id and is_transport:
                candidates.append(other)
        problems = boarding_problems(self.catalogue, self.army, unit.id, [c.id for c in candidates])
        found: list[tuple[Unit, str | None]] = []
        for other in candidates:
            reasons = [p(self.lang) for p in problems.get(other.id, [])]
            if other.id in carried:
                reasons.append(self.tr("already carries %1").replace("%1", carried[other.id]))
            found.append((other, "; ".join(reasons) or None))
        return found

    def _link_choices(self, unit: Unit) -> list[tuple[Unit, str | None]]:
        """Every other unit, with why this character may not join it (None: it may)."""
        assert self.army is not None
        candidates = [other for _, other in self.army.units() if other.id != unit.id]
        problems = joining_problems(self.catalogue, self.army, unit.id, [c.id for c in candidates])
        found: list[tuple[Unit, str | None]] = []
        for other in candidates:
            problem = problems.get(other.id)
            found.append((other, None if problem is None else _reason(problem(self.lang))))
        return found

    def commit(self) -> None:
        """Ask for what the text boxes hold but have not sent yet (they send on losing focus)."""
        if self._unit() is None:
            return
        for box in (self.models_box, *self.kind_boxes.values(), *self._option_boxes.values()):
            box.interpretText()
        self._request("custom_name", self.name_edit.text().strip() or None)
        for key, edit in self._placeholder_edits.items():
            self._request_placeholder(key, edit.text().strip())

    # -- requests ----------------------------------------------------------------

    def _unit(self) -> Unit | None:
        if self.army is None or self.unit_id is None:
            return None
        return self.army.unit(self.unit_id)

    def _request(self, field: UnitField, value: object) -> None:
        unit = self._unit()
        if unit is not None and getattr(unit, field) != value:
            self.field_requested.emit(unit.id, field, value)

    def _request_option(self, option_id: str, count: int) -> None:
        unit = self._unit()
        if unit is not None and unit.options.get(option_id, 0) != count:
            self.option_requested.emit(unit.id, option_id, count)

    def _request_kind(self, kind_id: str, count: int) -> None:
        unit = self._unit()
        if unit is not None and ops.unit_composition(unit, self.catalogue.get(unit.datasheet)).get(kind_id) != count:
            self.kind_requested.emit(unit.id, kind_id, count)

    def _request_placeholder(self, key: str, value: str) -> None:
        unit = self._unit()
        if unit is not None and unit.placeholders.get(key, "") != value:
            self.placeholder_requested.emit(unit.id, key, value)


def varied_kinds(sheet: Datasheet | None) -> list[ModelKind]:
    """The model kinds whose count the form asks for one by one: none unless two kinds or more vary.

    A unit of a Sergeant and 4 to 9 Marines is sized by its model count alone;
    one that also holds 0 to 4 Marines with a heavy weapon, or 0 or 1 Exarch,
    needs a count per kind (the total alone gives the datasheet's default
    split, which never takes the optional kinds).
    """
    if sheet is None:
        return []
    varied = [kind for kind in sheet.kinds if kind.min < kind.max]
    return varied if len(varied) > 1 else []


def _choice_box(parent: QWidget | None = None) -> FocusWheelComboBox:
    """A choice box as wide as its pane allows, not as wide as its longest choice (reasons are long)."""
    box = FocusWheelComboBox(parent)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(10)
    return box


def count_ceiling(most: int | None) -> int:
    """The most a count box offers: the catalogue's own maximum, never past the bound a list accepts.

    A catalogue (an imported one above all) may allow any number of an
    option; a list holding more than :data:`~ost.core.limits.MAX_COUNT` of
    one would be saved, then refused when opened again.
    """
    return MAX_COUNT if most is None else max(0, min(most, MAX_COUNT))


def _number_box() -> QSpinBox:
    """A count: wide enough for three digits, changed by the wheel only once it has the focus."""
    box = FocusWheelSpinBox()
    box.setKeyboardTracking(False)  # a typed number is one edit, sent on Enter or focus out
    box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    box.setMinimumWidth(box.fontMetrics().horizontalAdvance("0000") + 44)
    return box


def _reason(message: str) -> str:
    """The short reason of a validator message ("X est lié à Y, un personnage ; un personnage…")."""
    return message.split(" ; ")[0].split("; ")[0]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
