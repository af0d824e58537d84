"""The list formats Ost reads and writes, in one place.

A :class:`ListFormat` names a format, its file endings, how to recognise its
content, its reader and its writer. The command line (``ost check``, ``ost
convert``, ``ost export``), the window's open dialog (:func:`file_filters`)
and the paste path all go through a :class:`FormatRegistry`, so adding a
format is one module: write its reader (and writer), declare its
``ListFormat`` there, and add it to :data:`BUILTIN_FORMATS` (or
``registry.register`` it).

The content decides the format, never the name alone: formats are tried in
order and the first that recognises the bytes reads them (a zip is a
``.rosz``, XML a ``.ros``, ``OST1-…`` a share code, a JSON object an ``.ost``
list, anything else pasted text). The name only settles what the content
leaves open (a damaged file named ``.ost`` gets the list file's message).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ost.core import listfile, sharecode
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.formats.lists.reading import ListReadError, MatchedUnit, NameMatcher, ReadingReport, UnknownEntry
from ost.formats.lists.roster import is_zip, read_roster
from ost.formats.lists.text import decode_text, export_text, read_text
from ost.formats.safexml import is_utf16_xml

#: ``read(data, name, catalogue, matcher)``: the list and how it was read; raises ``ListFileError``.
Reader = Callable[[bytes, str, Catalogue, NameMatcher | None], tuple[ArmyList, ReadingReport]]
#: ``write(army, catalogue, lang)``: the file's bytes.
Writer = Callable[[ArmyList, Catalogue, str], bytes]
#: ``recognise(head, name)``: ``head`` is the start of the data, BOM and leading spaces removed.
Recogniser = Callable[[bytes, str], bool]

_UTF8_BOM = b"\xef\xbb\xbf"
_HEAD_BYTES = 4096


@dataclass(frozen=True)
class ListFormat:
    name: str
    label_fr: str
    label_en: str
    #: File endings (lower case, with the dot); the first is the one written.
    suffixes: tuple[str, ...]
    recognise: Recogniser
    read: Reader
    write: Writer | None = None
    #: Written by another program: transports and characters are paired by assumption, prices compared.
    foreign: bool = True

    def label(self, lang: str) -> str:
        return self.label_fr if lang == "fr" else self.label_en


# --- the built-in formats ------------------------------------------------------------------


def _read_ost(
    data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None
) -> tuple[ArmyList, ReadingReport]:
    if len(data) > listfile.MAX_LIST_BYTES:
        raise ListReadError(name, f"file is larger than {listfile.MAX_LIST_BYTES // (1024 * 1024)} MB")
    army, notes = listfile.parse_noted(data, name)
    report = ReadingReport(source=name, format="ost")
    for note in notes:
        report.note(note.fr, note.en)
    return army, report


def _read_roster(
    data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None
) -> tuple[ArmyList, ReadingReport]:
    return read_roster(data, catalogue, name, matcher=matcher)


def _read_text(
    data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None
) -> tuple[ArmyList, ReadingReport]:
    return read_text(decode_text(data, name), catalogue, name, matcher=matcher)


def _read_share(
    data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None
) -> tuple[ArmyList, ReadingReport]:
    army = sharecode.decode(data, catalogue, name)
    report = ReadingReport(source=name, format="share")
    for detachment, unit in army.units():
        sheet = catalogue.get(unit.datasheet)
        if sheet is None:  # made with another catalogue: the validator reports it as UNIT-UNKNOWN
            report.unknown.append(UnknownEntry("unit", detachment.name, unit.snapshot.name, unit_id=unit.id))
        else:
            report.matched.append(
                MatchedUnit(detachment.name, unit.snapshot.name, unit.id, sheet.id, sheet.name, 1.0, "id")
            )
    return army, report


def _write_ost(army: ArmyList, catalogue: Catalogue, lang: str) -> bytes:
    return listfile.dumps(army).encode("utf-8")


def _write_text(army: ArmyList, catalogue: Catalogue, lang: str) -> bytes:
    return export_text(army, catalogue, lang).encode("utf-8")


def _write_share(army: ArmyList, catalogue: Catalogue, lang: str) -> bytes:
    return (sharecode.encode(army, catalogue) + "\n").encode("ascii")


def _is_html(head: bytes) -> bool:
    lowered = head[:2048].lower()
    return lowered.startswith((b"<!doctype html", b"<html")) or b"<body" in lowered


OST = ListFormat(
    "ost",
    "liste Ost",
    "Ost list",
    (listfile.SUFFIX,),
    lambda head, name: head.startswith(b"{") or name.lower().endswith(listfile.SUFFIX),
    _read_ost,
    _write_ost,
    foreign=False,
)
ROSZ = ListFormat(
    "rosz",
    "roster BattleScribe compressé",
    "zipped BattleScribe roster",
    (".rosz",),
    lambda head, name: is_zip(head),
    _read_roster,
)
ROS = ListFormat(
    "ros",
    "roster BattleScribe",
    "BattleScribe roster",
    (".ros",),
    # UTF-16 rosters too; an HTML page (BattleScribe's HTML export) is text for the text reader.
    lambda head, name: (head.startswith(b"<") and not _is_html(head)) or is_utf16_xml(head),
    _read_roster,
)
SHARE = ListFormat(
    "share",
    "code de partage Ost",
    "Ost share code",
    (),
    lambda head, name: sharecode.looks_like_code(head),
    _read_share,
    _write_share,
    foreign=False,
)
TEXT = ListFormat("text", "texte", "text", (".txt",), lambda head, name: True, _read_text, _write_text)

#: Tried in this order; the last one (text) takes anything.
BUILTIN_FORMATS: tuple[ListFormat, ...] = (ROSZ, ROS, SHARE, OST, TEXT)


class FormatRegistry:
    """The formats Ost knows, in the order their content is tried."""

    def __init__(self, formats: Iterable[ListFormat] = BUILTIN_FORMATS) -> None:
        self._formats: list[ListFormat] = list(formats)

    def __iter__(self) -> Iterator[ListFormat]:
        return iter(self._formats)

    def register(self, fmt: ListFormat, *, before: str | None = None) -> None:
        """Add ``fmt`` (tried before the format named ``before``, else before the catch-all last one)."""
        if any(f.name == fmt.name for f in self._formats):
            raise ValueError(f"a list format named {fmt.name!r} is already registered")
        names = [f.name for f in self._formats]
        index = names.index(before) if before in names else max(0, len(self._formats) - 1)
        self._formats.insert(index, fmt)

    def get(self, name: str) -> ListFormat | None:
        return next((f for f in self._formats if f.name == name), None)

    def detect(self, data: bytes, name: str = "") -> ListFormat:
        """The format of ``data`` (a file called ``name``), from its first bytes."""
        if is_zip(data):  # binary: no BOM or spaces to strip
            head = data[:_HEAD_BYTES]
        else:
            head = data[:_HEAD_BYTES]
            if head.startswith(_UTF8_BOM):
                head = head[len(_UTF8_BOM) :]
            head = head.lstrip()
        for fmt in self._formats:
            if fmt.recognise(head, name):
                return fmt
        return self._formats[-1]

    @property
    def read_suffixes(self) -> tuple[str, ...]:
        """Endings of the files Ost reads (for folders)."""
        return tuple(dict.fromkeys(s for f in self._formats for s in f.suffixes))

    def writer_for(self, name: str) -> ListFormat | None:
        """The format written to a file called ``name`` (by its ending), if Ost writes one there."""
        lower = name.lower()
        for fmt in self._formats:
            if fmt.write is not None and any(lower.endswith(s) for s in fmt.suffixes):
                return fmt
        return None

    @property
    def writable(self) -> list[ListFormat]:
        return [f for f in self._formats if f.write is not None]

    def file_filters(self, lang: str) -> list[str]:
        """Filters for an open dialog: every list first, then each format with endings, then every file."""
        patterns = " ".join(f"*{s}" for s in self.read_suffixes)
        every = "Listes d'armée" if lang == "fr" else "Army lists"
        out = [f"{every} ({patterns})"]
        for fmt in self._formats:
            if fmt.suffixes:
                label = fmt.label(lang)
                out.append(f"{label[:1].upper()}{label[1:]} ({' '.join('*' + s for s in fmt.suffixes)})")
        out.append("Tous les fichiers (*)" if lang == "fr" else "All files (*)")
        return out


def file_filters(lang: str, registry: FormatRegistry | None = None) -> list[str]:
    """The open dialog's filter strings, in ``lang`` (join them with ``;;`` for Qt)."""
    return (registry or FormatRegistry()).file_filters(lang)
