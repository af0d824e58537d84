"""Army lists pasted as text, and Ost lists written out as text."""

from ost.formats.lists.text.reader import (
    MAX_COUNT,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_TEXT_BYTES,
    MAX_UNITS,
    decode_text,
    export_text,
    html_to_text,
    parse_header,
    points_in,
    read_text,
    split_items,
)

__all__ = [
    "MAX_COUNT",
    "MAX_LINES",
    "MAX_LINE_CHARS",
    "MAX_TEXT_BYTES",
    "MAX_UNITS",
    "decode_text",
    "export_text",
    "html_to_text",
    "parse_header",
    "points_in",
    "read_text",
    "split_items",
]
