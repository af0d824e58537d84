"""Ost's own list file (``.ost``, JSON) as a list format, read and written as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ost.core import listfile
from ost.core.armylist import SCHEMA_VERSION, ArmyList
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual
from ost.formats.lists.reading import ListReadError, NameMatcher, ReadingReport
from ost.formats.lists.registry import ListFormat

if TYPE_CHECKING:
    from ost.formats.lists.registry import FormatRegistry


def _read(data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None) -> tuple[ArmyList, ReadingReport]:
    from ost.formats.lists.mending import mend_units  # (imported when a list is read, not to register)

    if len(data) > listfile.MAX_LIST_BYTES:
        raise ListReadError(name, f"file is larger than {listfile.MAX_LIST_BYTES // (1024 * 1024)} MB")
    repaired: list[Bilingual] = []
    version: list[int] = []
    army, notes = listfile.parse_noted(data, name, repaired=repaired, read_version=version)
    report = ReadingReport(source=name, format="ost")
    for warning in repaired:  # harden: text that was not text, replaced as it was read
        report.warn(warning)
    for note in notes:
        report.note(note)
    older = version[0] if version else SCHEMA_VERSION
    mend_units(army, catalogue, report, older=older < 5, before_kinds=older < 6)
    return army, report


def _write(army: ArmyList, catalogue: Catalogue, lang: str) -> bytes:
    return listfile.dumps(army).encode("utf-8")


OST = ListFormat(
    "ost",
    Bilingual(fr="liste Ost", en="Ost list"),
    (listfile.SUFFIX,),
    # A JSON object; a damaged file named .ost gets the list file's own message, not the text reader's.
    lambda head, name: head.startswith(b"{") or name.lower().endswith(listfile.SUFFIX),
    _read,
    _write,
    foreign=False,
)


def register(registry: FormatRegistry) -> None:
    """Add Ost's list file."""
    registry.register(OST)
