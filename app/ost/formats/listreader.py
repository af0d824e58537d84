"""Read any army list Ost understands, telling the format from the content.

:func:`read_list` takes the bytes of a file and its name and returns the list
with a :class:`~ost.formats.reading.ReadingReport`. The content decides: a zip
is a ``.rosz``, XML is a ``.ros``, a JSON object is an ``.ost`` list, anything
else is read as pasted text. The name only serves messages (and to refuse a
zip or XML file that is not a roster with a clear reason).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ost.core import listfile
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.validator import assume_pairings
from ost.formats.reading import ListReadError, NameMatcher, ReadingReport
from ost.formats.roster import MAX_ARCHIVE_BYTES, MAX_XML_BYTES, is_zip, read_roster
from ost.formats.safexml import utf16_encoding
from ost.formats.textlist import decode_text, read_text

#: File name endings of the lists Ost reads (for folders and file dialogs).
LIST_SUFFIXES = (listfile.SUFFIX, ".ros", ".rosz", ".txt")
#: Largest file Ost reads as a list, whatever its format.
MAX_INPUT_BYTES = max(MAX_XML_BYTES, MAX_ARCHIVE_BYTES, listfile.MAX_LIST_BYTES)

_UTF8_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class ReadResult:
    army: ArmyList
    reading: ReadingReport


def detect_format(data: bytes, name: str = "") -> str:
    """``"rosz"``, ``"ros"``, ``"ost"`` or ``"text"``, from the first bytes.

    The content decides; the name only settles what the content leaves open:
    a file named ``.ost`` that is neither a zip nor XML is read as an Ost list
    (so a damaged one gets the list file's precise error, not the text
    reader's).
    """
    if is_zip(data):
        return "rosz"
    if utf16_encoding(data) is not None:  # UTF-16 XML: the roster reader re-encodes it
        return "ros"
    head = data[:4096]
    if head.startswith(_UTF8_BOM):
        head = head[len(_UTF8_BOM) :]
    start = head.lstrip()
    if start.startswith(b"<"):
        return "ros"
    if start.startswith(b"{") or name.lower().endswith(listfile.SUFFIX):
        return "ost"
    return "text"


def read_list(data: bytes, name: str, catalogue: Catalogue, *, matcher: NameMatcher | None = None) -> ReadResult:
    """The list in ``data`` (a file called ``name``) and how it was read.

    ``matcher`` (a :class:`NameMatcher` of ``catalogue``) may be shared by
    the reads of a batch, so its name index is built once.

    Raises :class:`~ost.core.listfile.ListFileError` (or its subclass
    :class:`ListReadError`) with a message naming ``name`` when the data is
    not a list Ost can read.
    """
    kind = detect_format(data, name)
    if kind in ("ros", "rosz"):
        army, report = read_roster(data, catalogue, name, matcher=matcher)
        return _paired(catalogue, army, report)
    if kind == "ost":
        if len(data) > listfile.MAX_LIST_BYTES:
            raise ListReadError(name, f"file is larger than {listfile.MAX_LIST_BYTES // (1024 * 1024)} MB")
        army = listfile.parse(data, name)
        return ReadResult(army, ReadingReport(source=name, format="ost"))
    text = decode_text(data, name)
    army, report = read_text(text, catalogue, name, matcher=matcher)
    return _paired(catalogue, army, report)


def _paired(catalogue: Catalogue, army: ArmyList, report: ReadingReport) -> ReadResult:
    """Rosters and texts do not pair transports and linked characters: assume, and say so."""
    for assumption in assume_pairings(catalogue, army):
        report.warn(assumption.message_fr, assumption.message_en)
    return ReadResult(army, report)


def read_list_file(path: Path | str, catalogue: Catalogue, *, matcher: NameMatcher | None = None) -> ReadResult:
    """Read the list file at ``path`` (any format); errors name the file."""
    data = listfile.read_bytes(path, MAX_INPUT_BYTES, ListReadError)
    return read_list(data, str(path), catalogue, matcher=matcher)
