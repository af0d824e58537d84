"""Pasted text as a list format: read from anything no other format recognises, written as ``.txt``.

Registering it is light: the reader and the writer (grammar, models, decoding)
are imported the first time a text is read or written, not at every start.
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
    from ost.formats.lists.text.decoding import decode_text
    from ost.formats.lists.text.reader import read_text

    return read_text(decode_text(data, name), catalogue, name, matcher=matcher)


def _write(army: ArmyList, catalogue: Catalogue, lang: str) -> bytes:
    from ost.formats.lists.text.export import export_text

    return export_text(army, catalogue, lang).encode("utf-8")


TEXT = ListFormat(
    "text",
    Bilingual(fr="texte", en="text"),
    (".txt",),
    lambda head, name: True,
    _read,
    _write,
    catch_all=True,
)


def register(registry: FormatRegistry) -> None:
    """Add pasted text: it takes anything, so it is tried last."""
    registry.register(TEXT)
