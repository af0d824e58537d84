"""The shared, read-only facts of one validation.

Every check of the package reads one :class:`Context`: the catalogue, the
list, the options, each unit with its resolved datasheet, role, identity,
points and keywords (an :class:`Entry`), the points band and the non-empty
detachments. The checks return findings; none of them changes the context.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from ost.core.armylist import ArmyList, Detachment, Unit, resolved_faction_keys, unit_label, unit_points
from ost.core.catalogue import Band, Catalogue, Datasheet, faction_key_of
from ost.core.findings import Code, Finding, finding
from ost.core.i18n import Bilingual
from ost.core.roles import Role
from ost.core.text import elide, is_placeholder, keyword_key
from ost.core.validator.words import detachment_name
from ost.core.wargear import UnitWargear, unit_wargear


class ValidatorOptions(msgspec.Struct):
    """Choices a club may change; the defaults are documented in docs/rules.md."""

    #: Whether Legends datasheets count as "available" for the exhaustion exception.
    legends_available: bool = False
    #: Price units as their list states (a tournament's fixed points file) instead of by the catalogue.
    as_priced: bool = False


class Entry(msgspec.Struct):
    """A unit with what the checks need, computed once."""

    unit: Unit
    detachment: Detachment
    sheet: Datasheet | None
    role: Role
    identity: str
    #: How the list names the unit (French messages): its own name, else the name it was saved with.
    name: str
    #: How English messages name it: its own name, else its datasheet's English name.
    name_en: str
    points: int
    faction_keys: frozenset[str]
    keys: frozenset[str] = msgspec.field(default_factory=frozenset)
    #: Whether the unit has a faction at all. An unaligned unit (no faction keyword, or only the
    #: data's UNALIGNED) joins any detachment; one whose only faction keywords are placeholders
    #: left unset is aligned, with no keyword it could share (SPEC §3).
    aligned: bool = True
    #: The points and limits of its wargear (None: the datasheet is unknown).
    wargear: UnitWargear | None = None

    @property
    def label(self) -> Bilingual:
        """The unit's name in both languages."""
        return Bilingual(fr=self.name, en=self.name_en)


class Context:
    """One validation's facts: built once from (catalogue, list, options), then only read."""

    def __init__(self, catalogue: Catalogue, army: ArmyList, options: ValidatorOptions | None = None) -> None:
        self.catalogue = catalogue
        self.army = army
        self.options = options or ValidatorOptions()
        self.entries: list[Entry] = []
        self.by_id: dict[str, Entry] = {}
        # Entries per detachment (by identity of the object): unit ids may repeat in a
        # list built in memory, and membership must not depend on them.
        self._members: dict[int, list[Entry]] = {}
        for detachment, unit in army.units():
            self._add_entry(detachment, unit)
        self.total = sum(e.points for e in self.entries)
        #: What chooses the band: the list's limit, else its total.
        self.basis = army.points_limit if army.points_limit is not None else self.total
        self.band: Band | None = catalogue.bands.band_for(self.basis) if self.basis > 0 else None
        #: Detachments with at least one unit: the ones that count.
        self.non_empty: list[Detachment] = [d for d in army.detachments if d.units]

    def _add_entry(self, detachment: Detachment, unit: Unit) -> None:
        sheet = self.catalogue.get(unit.datasheet)
        faction_keys = resolved_faction_keys(unit, sheet)
        wargear = unit_wargear(unit, sheet, self.catalogue) if sheet is not None else None
        points = unit_points(
            unit,
            self.catalogue,
            as_priced=self.options.as_priced,
            wargear_points=wargear.points if wargear is not None else None,
        )
        if sheet is not None:
            role, identity = sheet.role, sheet.identity_key
            plain = sheet.plain_keyword_keys
            aligned = not sheet.is_unaligned
        else:
            snap = unit.snapshot
            role = snap.role
            # The snapshot's identity when the file has one (schema 2), else the name: a
            # foreign roster's last category says nothing of the datasheet.
            identity = keyword_key(snap.identity or snap.name)
            plain = frozenset(keyword_key(k) for k in snap.keywords if not is_placeholder(k))
            aligned = any(is_placeholder(k) or faction_key_of(k) is not None for k in snap.faction_keywords)
        entry = Entry(
            unit=unit,
            detachment=detachment,
            sheet=sheet,
            role=role,
            identity=identity,
            name=elide(unit.display_name),  # harden: a 1,600-character name stays a readable finding
            name_en=elide(unit_label(unit, sheet, "en")),
            points=points,
            faction_keys=faction_keys,
            keys=plain | faction_keys,
            aligned=aligned,
            wargear=wargear,
        )
        self.entries.append(entry)
        self.by_id.setdefault(unit.id, entry)
        self._members.setdefault(id(detachment), []).append(entry)

    def members(self, detachment: Detachment) -> list[Entry]:
        """The entries of ``detachment``, in list order."""
        return self._members.get(id(detachment), [])

    def member_groups(self) -> list[list[Entry]]:
        """The entries of each detachment that has any."""
        return list(self._members.values())

    def joined_unit(self, entry: Entry) -> Entry | None:
        """The unit a linked character joins, when it is one and its unit is in the list."""
        if entry.sheet is None or not entry.sheet.linked_character or entry.unit.linked_to is None:
            return None
        target = self.by_id.get(entry.unit.linked_to)
        return target if target is not None and target is not entry else None

    def detachment_label(self, detachment: Detachment) -> Bilingual:
        """How messages name ``detachment``: its name, or its number in the list."""
        for index, candidate in enumerate(self.army.detachments):
            if candidate is detachment:
                return detachment_name(detachment, index)
        return Bilingual.same(detachment.name or detachment.id)


def found(code: Code, message: Bilingual, entries: Iterable[Entry] = (), fix: Bilingual | None = None) -> Finding:
    """A finding of ``code`` on the units of ``entries``."""
    return finding(code, message, [e.unit.id for e in entries], fix)
