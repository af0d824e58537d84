"""What changed in the catalogue for a list's units since the list was saved.

Each unit of an Ost list keeps a snapshot of the datasheet it was built on
(:class:`~ost.core.armylist.UnitSnapshot`). When the catalogue changes under a
saved list (a newer Ost with corrected facts, an edited source, a re-import,
an override), comparing the snapshots with the catalogue tells the player what
moved: a datasheet's price (at its minimum size or per extra model), its size
limits, its role, or the datasheet gone.
These are not rule findings (the validator judges the list against today's
catalogue); they explain why today's verdict may differ from the one the list
had when it was saved. ``ost check`` prints them and the window shows them.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from ost.core.armylist import ArmyList, Unit, UnitSnapshot
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.i18n import Bilingual
from ost.core.text import elide

ChangeKind = Literal["gone", "points", "model_points", "size", "role", "source_off"]

#: Datasheet ids the readers give units the catalogue lacked when the list was read (a roster's
#: ``bs:<entry id>``, a pasted text's ``text:<name>``): no catalogue held them, so none lost them.
FOREIGN_ID_PREFIXES = ("bs:", "text:")


class UnitChange(msgspec.Struct, frozen=True):
    """One change of a unit's datasheet since the list was saved; ``old``/``new`` as shown in the messages.

    ``message`` is a :class:`~ost.core.i18n.Bilingual`: ``change.message("fr")``.
    """

    unit_id: str
    unit_name: str
    datasheet: str
    kind: ChangeKind
    old: str | None
    new: str | None
    message: Bilingual

    def to_data(self) -> dict[str, str | None]:
        """The change as JSON data (``ost check --format json``)."""
        return {
            "unit": self.unit_id,
            "datasheet": self.datasheet,
            "kind": self.kind,
            "old": self.old,
            "new": self.new,
            "message_fr": self.message.fr,
            "message_en": self.message.en,
        }


def _size(low: int | None, high: int | None) -> str:
    return f"{low}" if low == high else f"{low}–{high}"


def unit_changes(unit: Unit, sheet: Datasheet | None) -> list[UnitChange]:
    """How ``sheet`` (the catalogue's datasheet of ``unit``, None when gone) differs from the unit's snapshot."""
    snap: UnitSnapshot = unit.snapshot
    name = elide(unit.display_name)

    def change(kind: ChangeKind, old: str | None, new: str | None, message: Bilingual) -> UnitChange:
        return UnitChange(unit.id, name, unit.datasheet, kind, old, new, message)

    if sheet is None:
        if unit.datasheet.startswith(FOREIGN_ID_PREFIXES):
            return []  # UNIT-UNKNOWN says it is missing; it never was in a catalogue
        return [
            change(
                "gone",
                snap.name,
                None,
                Bilingual(
                    fr=f"{name} : la fiche « {snap.name} » ({unit.datasheet}) n'est plus dans le catalogue.",
                    en=f"{name}: the datasheet '{snap.name}' ({unit.datasheet}) is no longer in the catalogue.",
                ),
            )
        ]
    found: list[UnitChange] = []
    if snap.points != sheet.points:
        found.append(
            change(
                "points",
                str(snap.points),
                str(sheet.points),
                Bilingual(
                    fr=f"{name} : la fiche coûte maintenant {sheet.points} points au minimum "
                    f"({snap.points} à l'enregistrement de la liste).",
                    en=f"{name}: the datasheet now costs {sheet.points} points at its minimum size "
                    f"({snap.points} when the list was saved).",
                ),
            )
        )
    if snap.points_per_model is not None and snap.points_per_model != sheet.points_per_model:
        found.append(
            change(
                "model_points",
                str(snap.points_per_model),
                str(sheet.points_per_model),
                Bilingual(
                    fr=f"{name} : la fiche coûte maintenant {sheet.points_per_model} points par figurine en plus du "
                    f"minimum ({snap.points_per_model} à l'enregistrement de la liste).",
                    en=f"{name}: the datasheet now costs {sheet.points_per_model} points per extra model "
                    f"({snap.points_per_model} when the list was saved).",
                ),
            )
        )
    if snap.min_models is not None and snap.max_models is not None:
        old, new = _size(snap.min_models, snap.max_models), _size(sheet.min_models, sheet.max_models)
        if old != new:
            found.append(
                change(
                    "size",
                    old,
                    new,
                    Bilingual(
                        fr=f"{name} : la fiche autorise maintenant {new} figurine(s) ({old} à l'enregistrement de la "
                        f"liste).",
                        en=f"{name}: the datasheet now allows {new} model(s) ({old} when the list was saved).",
                    ),
                )
            )
    if snap.role is not sheet.role:
        found.append(
            change(
                "role",
                snap.role.value,
                sheet.role.value,
                Bilingual(
                    fr=f"{name} : la fiche est maintenant {sheet.role.label_fr} ({snap.role.label_fr} à "
                    f"l'enregistrement de la liste).",
                    en=f"{name}: the datasheet is now {sheet.role.label_en} ({snap.role.label_en} when the list was "
                    f"saved).",
                ),
            )
        )
    return found


def catalogue_changes(army: ArmyList, catalogue: Catalogue) -> list[UnitChange]:
    """Every change of the list's units' datasheets since the list was saved, in the list's order.

    Empty when the catalogue still says what the snapshots say (a list just
    read from a roster or text has snapshots of today's catalogue).
    """
    found: list[UnitChange] = []
    for _, unit in army.units():
        sheet = catalogue.get(unit.datasheet)
        found.extend(unit_changes(unit, sheet))
        if sheet is not None and not catalogue.is_enabled(sheet):
            found.append(_source_off(unit, sheet, catalogue))
    return found


def _source_off(unit: Unit, sheet: Datasheet, catalogue: Catalogue) -> UnitChange:
    """The unit's datasheet comes from a source the user switched off: it is still used, and said so."""
    source = catalogue.sources.get(sheet.source)
    shown = (source.name if source is not None and source.name else "") or sheet.source
    name = elide(unit.display_name)
    return UnitChange(
        unit.id,
        name,
        unit.datasheet,
        "source_off",
        shown,
        None,
        Bilingual(
            fr=f"{name} : la fiche vient de la source « {shown} », désactivée ; la liste est vérifiée avec elle "
            f"quand même (réactivez-la, ou remplacez l'unité par une fiche d'une source active).",
            en=f"{name}: the datasheet comes from the source “{shown}”, which is switched off; the list is still "
            f"checked with it (switch it back on, or replace the unit with a datasheet of a source that is on).",
        ),
    )
