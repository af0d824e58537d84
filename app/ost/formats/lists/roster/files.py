"""Opening a roster: the limits of what Ost reads, a ``.rosz``'s one member, the guarded XML parser."""

from __future__ import annotations

from xml.etree.ElementTree import Element

from ost.formats import safexml
from ost.formats.lists.reading import (
    ListReadError,
)
from ost.formats.safexml import Limits, XmlInputError, parse_xml_bytes

#: Largest roster XML Ost reads (after decompression for a ``.rosz``).
MAX_XML_BYTES = 32 * 1024 * 1024
#: Largest ``.rosz`` archive Ost opens.
MAX_ARCHIVE_BYTES = 16 * 1024 * 1024
#: More entries than this in a ``.rosz`` is not a roster.
MAX_ARCHIVE_ENTRIES = 64
#: Deepest nesting of forces or selections Ost follows.
MAX_DEPTH = 64
#: Most units one roster may hold (a 4000-point army has far fewer).
MAX_UNITS = 2000

_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
_CHUNK = 64 * 1024


def is_zip(data: bytes) -> bool:
    return data[:4] in _ZIP_MAGIC


# --- safe reading -------------------------------------------------------------------------


def parse_xml_safely(data: bytes, source: str, limit: int = MAX_XML_BYTES) -> Element:
    """Parse XML through the shared guarded reader :mod:`ost.formats.safexml`; at most ``limit`` bytes."""
    if len(data) > limit:
        raise ListReadError(source, f"the XML is larger than {limit // (1024 * 1024)} MB")
    try:
        return parse_xml_bytes(data, source)
    except XmlInputError as exc:
        raise ListReadError(source, exc.message_en) from None


def read_single_member(data: bytes, source: str, limit: int = MAX_XML_BYTES) -> tuple[str, bytes]:
    """The name and bytes of the one file in a ``.rosz``, through the shared guarded zip reader."""
    limits = Limits(
        max_zip_bytes=MAX_ARCHIVE_BYTES, max_members=MAX_ARCHIVE_ENTRIES, max_member_bytes=limit, max_total_bytes=limit
    )
    try:
        return safexml.read_single_member(data, source, limits)
    except XmlInputError as exc:
        raise ListReadError(source, exc.message_en) from None
