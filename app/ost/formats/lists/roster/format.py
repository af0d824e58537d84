"""BattleScribe rosters as list formats: ``.rosz`` (a zip) and ``.ros`` (XML), read only.

Registering them is light: the reader is imported the first time a roster is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ost.core.i18n import Bilingual
from ost.formats.lists.registry import ListFormat

if TYPE_CHECKING:
    from ost.core.armylist import ArmyList
    from ost.core.catalogue import Catalogue
    from ost.formats.lists.reading import NameMatcher, ReadingReport
    from ost.formats.lists.registry import FormatRegistry


def _read(data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None) -> tuple[ArmyList, ReadingReport]:
    from ost.formats.lists.roster.reader import read_roster

    return read_roster(data, catalogue, name, matcher=matcher)


def _is_zip(head: bytes) -> bool:
    from ost.formats.lists.roster.files import is_zip

    return is_zip(head)


def _is_xml(head: bytes) -> bool:
    # UTF-16 rosters too; an HTML page (BattleScribe's HTML export) is text for the text reader.
    if head.startswith(b"<"):
        return not _is_html(head)
    from ost.formats.safexml import is_utf16_xml

    return is_utf16_xml(head)


def _is_html(head: bytes) -> bool:
    lowered = head[:2048].lower()
    return lowered.startswith((b"<!doctype html", b"<html")) or b"<body" in lowered


ROSZ = ListFormat(
    "rosz",
    Bilingual(fr="roster BattleScribe compressé", en="zipped BattleScribe roster"),
    (".rosz",),
    lambda head, name: _is_zip(head),
    _read,
)
ROS = ListFormat(
    "ros",
    Bilingual(fr="roster BattleScribe", en="BattleScribe roster"),
    (".ros",),
    lambda head, name: _is_xml(head),
    _read,
)


def register(registry: FormatRegistry) -> None:
    """Add the zipped roster, then the XML one (a zip is told first: it is never XML)."""
    registry.register(ROSZ)
    registry.register(ROS)
