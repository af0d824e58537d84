"""From a file's bytes to the lines the text reader reads: decoding, and HTML pages made text.

BattleScribe's HTML export reaches Ost two ways: saved or pasted as HTML
source (:func:`is_html`, turned into the lines a browser shows by
:func:`html_to_text`), or copied from a browser as text
(:func:`looks_like_html_export`, which the reader then reads its own way).
"""

from __future__ import annotations

import re

from ost.core.text import fold
from ost.formats.lists.reading import ListReadError
from ost.formats.lists.text.grammar import BRACKET, MAX_LINES, MAX_TEXT_BYTES, POWER_LEVEL, fenced

#: One HTML tag (bounded: the tags of BattleScribe's export are short); block tags end a line.
_TAG = re.compile(r"<(/?)([a-zA-Z!][a-zA-Z0-9-]{0,10})[^<>]{0,2000}>")
_BLOCK_TAGS = {"h1", "h2", "h3", "h4", "h5", "p", "li", "tr", "br", "div", "ul", "table"}
_CELL_TAGS = {"td", "th"}
_ENTITIES = {"&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&apos;": "'", "&nbsp;": " ", "&amp;": "&"}


def decode_text(data: bytes, source: str) -> str:
    """Text from bytes: UTF-8 (with or without BOM), UTF-16 with a BOM, else Windows-1252.

    Raises :class:`ListReadError` for data that is too large or binary.
    """
    if len(data) > MAX_TEXT_BYTES:
        raise ListReadError(source, f"the text is larger than {MAX_TEXT_BYTES // (1024 * 1024)} MB: not an army list")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise ListReadError(source, "not readable UTF-16 text") from None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    controls = sum(1 for ch in text if (ord(ch) < 32 and ch not in "\t\n\r\f") or ch == "\x7f")
    if "\x00" in text or controls > max(2, len(text) // 100):
        raise ListReadError(source, "binary data, not a text list")
    return text


def is_html(text: str) -> bool:
    """An HTML page (BattleScribe's export saved or pasted as source)."""
    head = text.lstrip()[:2000].casefold()
    return head.startswith(("<!doctype html", "<html")) or ('class="battlescribe"' in head and "<body" in head)


def html_to_text(text: str) -> str:
    """The text a browser shows of an HTML page: a line per heading, paragraph and table row, cells tab-separated."""
    out: list[str] = []
    position = 0
    lowered = text.casefold()
    for skip in ("<style", "<script", "<head"):
        while (start := lowered.find(skip, position)) >= 0:
            end = lowered.find("</" + skip[1:], start)
            end = len(text) if end < 0 else lowered.find(">", end) + 1 or len(text)
            text = text[:start] + text[end:]
            lowered = lowered[:start] + lowered[end:]
    for tag in _TAG.finditer(text):
        out.append(text[position : tag.start()])
        name = tag.group(2).casefold()
        if name in _BLOCK_TAGS:
            out.append("\n")
        elif name in _CELL_TAGS and not tag.group(1):
            out.append("\t")
        position = tag.end()
    out.append(text[position:])
    plain = "".join(out)
    for entity, char in _ENTITIES.items():
        plain = plain.replace(entity, char)
    return "\n".join(_clean_cells(line) for line in plain.splitlines() if line.strip())


def _clean_cells(line: str) -> str:
    """One line of the page: spaces collapsed, table cells kept apart by tabs."""
    cells = [" ".join(cell.replace("\u00a0", " ").split()) for cell in line.split("\t")]
    return "\t".join(c for c in cells if c) if len(cells) > 1 else cells[0]


def looks_like_html_export(lines: list[str]) -> bool:
    """BattleScribe's HTML export copied as text: detail lines and cost brackets, but no "+" fences.

    Its text export fences the roster, each force and each section with
    "+"; the HTML export writes them as plain headings, which a reader of
    the text layouts would take for units.
    """
    details = fences = powered = 0
    for line in lines[:MAX_LINES]:
        text = line.strip()
        if fenced(text) is not None:
            fences += 1
        key, sep, _ = text.partition(":")
        if sep and fold(key) in ("selections", "categories"):
            details += 1
        bracket = BRACKET.search(text)
        if bracket is not None and POWER_LEVEL.search(bracket.group(1)):
            powered += 1
    return fences == 0 and details >= 2 and powered >= 2
