"""Ost's share code (``OST1-…``, one line of text) as a list format: pasted or given in place of a file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ost.core import sharecode
from ost.core.armylist import SCHEMA_VERSION, ArmyList
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual
from ost.formats.lists.reading import MatchedUnit, NameMatcher, ReadingReport, UnknownEntry
from ost.formats.lists.registry import ListFormat

if TYPE_CHECKING:
    from ost.formats.lists.registry import FormatRegistry


def _read(data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None) -> tuple[ArmyList, ReadingReport]:
    from ost.formats.lists.mending import mend_units  # (imported when a list is read, not to register)

    version: list[int] = []
    army = sharecode.decode(data, catalogue, name, read_version=version)
    report = ReadingReport(source=name, format="share")
    for detachment, unit in army.units():
        sheet = catalogue.get(unit.datasheet)
        if sheet is None:  # made with another catalogue: the validator reports it as UNIT-UNKNOWN
            report.unknown.append(UnknownEntry("unit", detachment.name, unit.snapshot.name, unit_id=unit.id))
        else:
            report.matched.append(
                MatchedUnit(detachment.name, unit.snapshot.name, unit.id, sheet.id, sheet.name, 1.0, "id")
            )
    # As an .ost list: a code of an earlier Ost holds what its list held (models on kinds since split,
    # upgrades held twice, the starting picks a version 4 list lacks), each change said.
    older = version[0] if version else SCHEMA_VERSION
    mend_units(army, catalogue, report, older=older < 5, before_kinds=older < 6)
    return army, report


def _write(army: ArmyList, catalogue: Catalogue, lang: str) -> bytes:
    return (sharecode.encode(army, catalogue) + "\n").encode("ascii")


SHARE = ListFormat(
    "share",
    Bilingual(fr="code de partage Ost", en="Ost share code"),
    (),
    lambda head, name: sharecode.looks_like_code(head),
    _read,
    _write,
    foreign=False,
)


def register(registry: FormatRegistry) -> None:
    """Add the share code."""
    registry.register(SHARE)
