"""Read any army list Ost understands, telling the format from the content.

:func:`read_list` takes the bytes of a file and its name and returns the list
with a :class:`~ost.formats.lists.reading.ReadingReport`. The formats and how each
is recognised live in :mod:`ost.formats.lists.registry`: a zip is a ``.rosz``, XML
is a ``.ros``, ``OST1-…`` is a share code, a JSON object is an ``.ost`` list,
anything else is read as pasted text. The name only serves messages (and to
refuse a zip or XML file that is not a roster with a clear reason).

Lists written by other programs (rosters, texts) do not pair transports and
linked characters, and state their own prices: Ost assumes the pairings and
compares the prices, and the reading report says both.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from ost.core import listfile, sharecode
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.validator import assume_pairings
from ost.formats.lists.reading import ListReadError, NameMatcher, ReadingReport, note_prices
from ost.formats.lists.registry import FormatRegistry
from ost.formats.lists.roster.files import MAX_ARCHIVE_BYTES, MAX_XML_BYTES

#: File name endings of the lists Ost reads (for folders and file dialogs).
LIST_SUFFIXES = FormatRegistry().read_suffixes
#: Largest file Ost reads as a list, whatever its format.
MAX_INPUT_BYTES = max(MAX_XML_BYTES, MAX_ARCHIVE_BYTES, listfile.MAX_LIST_BYTES)


class ReadResult(msgspec.Struct, frozen=True):
    army: ArmyList
    reading: ReadingReport


def detect_format(data: bytes, name: str = "", registry: FormatRegistry | None = None) -> str:
    """The name of the format of ``data`` (``"rosz"``, ``"ros"``, ``"share"``, ``"ost"``, ``"text"``…).

    The content decides; the name only settles what the content leaves open:
    a file named ``.ost`` that is neither a zip nor XML is read as an Ost list
    (so a damaged one gets the list file's precise error, not the text
    reader's).
    """
    return (registry or FormatRegistry()).detect(data, name).name


def read_list(
    data: bytes,
    name: str,
    catalogue: Catalogue,
    *,
    matcher: NameMatcher | None = None,
    registry: FormatRegistry | None = None,
) -> ReadResult:
    """The list in ``data`` (a file called ``name``) and how it was read.

    ``matcher`` (a :class:`NameMatcher` of ``catalogue``) may be shared by
    the reads of a batch, so its name index is built once.

    Raises :class:`~ost.core.listfile.ListFileError` (or its subclass
    :class:`ListReadError`) with a message naming ``name`` when the data is
    not a list Ost can read.
    """
    fmt = (registry or FormatRegistry()).detect(data, name)
    army, report = fmt.read(data, name, catalogue, matcher)
    if fmt.foreign:
        for assumption in assume_pairings(catalogue, army):
            report.warn(assumption.message)
        note_prices(report, army, catalogue)
    return ReadResult(army, report)


def read_list_file(
    path: Path | str,
    catalogue: Catalogue,
    *,
    matcher: NameMatcher | None = None,
    registry: FormatRegistry | None = None,
) -> ReadResult:
    """Read the list file at ``path`` (any format); errors name the file.

    A share code given instead of a path (``ost check OST1-…``) is read as the code.
    """
    text = str(path)
    if sharecode.looks_like_code(text) and not _is_file(Path(path)):
        return read_list(text.encode("ascii", "replace"), "code", catalogue, matcher=matcher, registry=registry)
    data = listfile.read_bytes(path, MAX_INPUT_BYTES, ListReadError)
    return read_list(data, text, catalogue, matcher=matcher, registry=registry)


def _is_file(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # a name too long to be a file
        return False
