"""The table of list formats Ost reads and writes.

A :class:`ListFormat` names a format, its file endings, how to recognise its
content, its reader and its writer. The command line (``ost check``, ``ost
convert``, ``ost export``), the window's open dialog (:func:`file_filters`)
and the paste path all go through a :class:`FormatRegistry`.

This module knows no format. Each format declares itself in its own module,
which ends with a ``register(registry)`` function adding its ``ListFormat``
(as meshio's formats call ``register``): the ``.rosz`` and ``.ros`` rosters in
:mod:`ost.formats.lists.roster.format`, the share code in
:mod:`ost.formats.lists.sharecode`, Ost's list file in
:mod:`ost.formats.lists.ostfile` and pasted text in
:mod:`ost.formats.lists.text.format`. A new registry loads the modules named
in :data:`BUILTIN_MODULES` (by name: ``packaging/ost.spec`` collects them) and
lets each register itself; adding a format is one module and one line there,
or ``registry.register(fmt)`` at run time. Registering is light (every start
registers every format): a format's module imports its reader and writer in
the functions it registers, the first time they are called.

The content decides the format, never the name alone: formats are tried in
order and the first that recognises the bytes reads them (a zip is a
``.rosz``, XML a ``.ros``, ``OST1-…`` a share code, a JSON object an ``.ost``
list, anything else pasted text). The name only settles what the content
leaves open (a damaged file named ``.ost`` gets the list file's message).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator

import msgspec

from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual, pick
from ost.formats.lists.reading import NameMatcher, ReadingReport

#: ``read(data, name, catalogue, matcher)``: the list and how it was read; raises ``ListFileError``.
Reader = Callable[[bytes, str, Catalogue, NameMatcher | None], tuple[ArmyList, ReadingReport]]
#: ``write(army, catalogue, lang)``: the file's bytes.
Writer = Callable[[ArmyList, Catalogue, str], bytes]
#: ``recognise(head, name)``: ``head`` is the start of the data, BOM and leading spaces removed.
Recogniser = Callable[[bytes, str], bool]

#: The modules of the built-in formats, in the order their content is tried: each has ``register(registry)``.
BUILTIN_MODULES: tuple[str, ...] = (
    "ost.formats.lists.roster.format",
    "ost.formats.lists.sharecode",
    "ost.formats.lists.ostfile",
    "ost.formats.lists.text.format",
)

_UTF8_BOM = b"\xef\xbb\xbf"
_HEAD_BYTES = 4096


class ListFormat(msgspec.Struct, frozen=True):
    """One list format: its name, what it is called, its endings, how it is recognised, read and written."""

    name: str
    #: What the format is called ("roster BattleScribe" / "BattleScribe roster"), lower case.
    label: Bilingual
    #: File endings (lower case, with the dot); the first is the one written.
    suffixes: tuple[str, ...]
    recognise: Recogniser
    read: Reader
    write: Writer | None = None
    #: Written by another program: transports and characters are paired by assumption, prices compared.
    foreign: bool = True
    #: Recognises anything (pasted text): tried last, after every other format.
    catch_all: bool = False


class FormatRegistry:
    """The formats Ost knows, in the order their content is tried."""

    def __init__(self, formats: Iterable[ListFormat] | None = None) -> None:
        """The formats given, in order; by default the built-in ones, each registered by its own module."""
        self._formats: list[ListFormat] = []
        if formats is None:
            for module in BUILTIN_MODULES:
                importlib.import_module(module).register(self)
        else:
            for fmt in formats:
                self.register(fmt)

    def __iter__(self) -> Iterator[ListFormat]:
        return iter(self._formats)

    def register(self, fmt: ListFormat, *, before: str | None = None) -> None:
        """Add ``fmt``: tried before the format named ``before``, else before the catch-all (pasted text).

        A catch-all format goes last.
        """
        if any(f.name == fmt.name for f in self._formats):
            raise ValueError(f"a list format named {fmt.name!r} is already registered")
        names = [f.name for f in self._formats]
        if before in names:
            index = names.index(before)
        elif fmt.catch_all:
            index = len(self._formats)
        else:
            index = next((i for i, f in enumerate(self._formats) if f.catch_all), len(self._formats))
        self._formats.insert(index, fmt)

    def get(self, name: str) -> ListFormat | None:
        return next((f for f in self._formats if f.name == name), None)

    def detect(self, data: bytes, name: str = "") -> ListFormat:
        """The format of ``data`` (a file called ``name``), from its first bytes."""
        head = data[:_HEAD_BYTES]
        if head.startswith(_UTF8_BOM):
            head = head[len(_UTF8_BOM) :]
        head = head.lstrip()  # binary data (a zip) starts with neither
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
        every = pick(lang, fr="Listes d'armée", en="Army lists")
        out = [f"{every} ({patterns})"]
        for fmt in self._formats:
            if fmt.suffixes:
                label = fmt.label(lang)
                out.append(f"{label[:1].upper()}{label[1:]} ({' '.join('*' + s for s in fmt.suffixes)})")
        out.append(pick(lang, fr="Tous les fichiers (*)", en="All files (*)"))
        return out


def file_filters(lang: str, registry: FormatRegistry | None = None) -> list[str]:
    """The open dialog's filter strings, in ``lang`` (join them with ``;;`` for Qt)."""
    return (registry or FormatRegistry()).file_filters(lang)


def builtin_formats() -> tuple[ListFormat, ...]:
    """The built-in formats, in the order their content is tried."""
    return tuple(FormatRegistry())
