"""BattleScribe rosters (``.ros``, ``.rosz``)."""

from ost.formats.lists.roster.reader import (
    MAX_ARCHIVE_BYTES,
    MAX_ARCHIVE_ENTRIES,
    MAX_DEPTH,
    MAX_UNITS,
    MAX_XML_BYTES,
    PLACEHOLDER_WORDS,
    ROLE_CATEGORY_IDS,
    ROSTER_VIEW,
    UNIT_PROFILE_TYPE,
    assign_kinds,
    is_zip,
    parse_xml_safely,
    placeholder_words,
    read_roster,
    read_single_member,
)

__all__ = [
    "MAX_ARCHIVE_BYTES",
    "MAX_ARCHIVE_ENTRIES",
    "MAX_DEPTH",
    "MAX_UNITS",
    "MAX_XML_BYTES",
    "PLACEHOLDER_WORDS",
    "ROLE_CATEGORY_IDS",
    "ROSTER_VIEW",
    "UNIT_PROFILE_TYPE",
    "assign_kinds",
    "is_zip",
    "parse_xml_safely",
    "placeholder_words",
    "read_roster",
    "read_single_member",
]
