"""What an import returns: the factions and datasheets, the coverage report, the warnings; and its errors."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ost.core.catalogue import Datasheet, Faction
from ost.core.fileio import InputProblem
from ost.core.i18n import Bilingual
from ost.formats.safexml import XmlInputError

#: ``progress(done, total, what)``: called as files are read and catalogues converted; ``total`` never changes
#: during one import and ``done`` only grows, ending at ``total``.
Progress = Callable[[int, int, str], None]


class BsDataError(XmlInputError):
    """BattleScribe data that cannot be imported; the message names the file (or files).

    Made with one :class:`~ost.core.i18n.Bilingual` detail (kept as ``text``); the
    ``message_fr``/``message_en`` and :meth:`message` of every input error still hold it.
    """

    def __init__(self, path: str | Path, text: Bilingual, *, kind: InputProblem = InputProblem.CONTENT) -> None:
        super().__init__(path, text.en, text.fr, kind=kind)
        self.text = text


@dataclass
class Coverage:
    """How complete the datasheets of one faction came out (the import's report)."""

    faction: str
    name: str
    revision: str
    datasheets: int = 0
    role: int = 0
    points: int = 0
    size: int = 0
    keywords: int = 0
    profiles: int = 0
    transports: int = 0
    transports_parsed: int = 0
    #: Names of the datasheets whose transport capacity was found but not understood (the report lists them).
    transports_unparsed: list[str] = field(default_factory=list)
    legends: int = 0
    hidden: int = 0
    #: Model kinds over all datasheets, datasheets with more than one, kinds whose wounds a profile gives.
    kinds: int = 0
    several_kinds: int = 0
    kinds_with_wounds: int = 0
    #: Cost modifiers under conditions: evaluated for the datasheet, or kept aside (see the warnings).
    modifiers_evaluated: int = 0
    modifiers_kept: int = 0
    warnings: int = 0


@dataclass(frozen=True)
class BsImportWarning:
    """Something the import skipped or chose; it does not stop the import.

    (Not ``ImportWarning``: that name is a Python builtin.)
    """

    path: str
    text: Bilingual

    def message(self, lang: str) -> str:
        """The file, then the warning in ``lang``."""
        return f"{self.path}: {self.text(lang)}"

    def __str__(self) -> str:
        return self.message("en")


def files_by_warnings(warnings: Iterable[BsImportWarning]) -> list[tuple[str, int]]:
    """Each file with how many of ``warnings`` it has, most first (then by path): for "and N more" lines."""
    per_file: dict[str, int] = {}
    for warning in warnings:
        per_file[warning.path] = per_file.get(warning.path, 0) + 1
    return sorted(per_file.items(), key=lambda item: (-item[1], item[0]))


def tally_wounds(sheets: Iterable[Datasheet], found: dict[int, int]) -> dict[int, int]:
    """``found`` with the model kinds of ``sheets`` counted in, by their number of wounds (and returned)."""
    for sheet in sheets:
        for kind in sheet.kinds:
            found[kind.wounds] = found.get(kind.wounds, 0) + 1
    return found


@dataclass
class BsImport:
    """What :func:`read_bsdata` found: factions and datasheets ready to store, and how it went."""

    factions: list[Faction]
    datasheets: list[Datasheet]
    coverage: list[Coverage]
    warnings: list[BsImportWarning]
    #: ``bsdata:<id>`` of every faction produced: the sources an import replaces.
    sources: list[str]
    #: (file, catalogue id, catalogue name, revision) of every file read.
    files: list[tuple[str, str, str, str]] = field(default_factory=list)
    #: The files and the importer that made this import (:func:`~ost.formats.bsdata.files.import_fingerprint`).
    fingerprint: str = ""
    #: The SHA-256 of each file given, by path (as :attr:`files` names them).
    digests: dict[str, str] = field(default_factory=dict)
    #: True: the files had not changed since they were imported last; the catalogue holds their datasheets
    #: already, :attr:`datasheets` is empty and :meth:`sheet_count` and :meth:`kinds_by_wounds` are the record's.
    reused: bool = False
    #: Read with a ``prepare`` (see :func:`~ost.formats.bsdata.read_bsdata`): what it made of the datasheets, in
    #: their order (the store's rows); :attr:`datasheets` is then empty, and the counts are those of the datasheets
    #: prepared. None otherwise.
    prepared: list[Any] | None = None
    _count: int = 0
    _by_wounds: dict[int, int] = field(default_factory=dict)
    #: Datasheets per source, when :attr:`datasheets` does not hold them (:attr:`prepared`).
    _counts: dict[str, int] = field(default_factory=dict)
    #: The prepared datasheets, kept alive to the end of a process that frees nothing (see ``free=False``).
    _kept: object = field(default=None, repr=False, compare=False)
    #: What collects what the reading left ending on its own (see :meth:`close`).
    _left: list[Callable[[], None]] = field(default_factory=list, repr=False, compare=False)

    def close(self) -> None:
        """Collect what the reading left to end on its own; harmless when nothing was left, and twice.

        Read with ``free=False`` (``ost import bsdata``), a forked child that has answered is not waited for
        (its exit took 10-45 ms): the command collects it here once it has written the import, the child long
        ended by then, which counts its time with the command's (a child never collected would be counted by
        no one).
        """
        while self._left:
            self._left.pop()()

    def hold(self) -> None:
        """Keep this import, and what it keeps (:attr:`_kept`), alive to the end of a process whose collector is off.

        A reference cycle (never collected with the collector off): the last reference to it dropped frees
        nothing, where the parsed files, the drafter and the rows were freed object by object (0.05 s on the full
        release) just before ``ost import bsdata``, run as the program, ended with ``os._exit``.
        """
        self._kept = (self._kept, self)

    def _held_elsewhere(self) -> bool:
        """Whether the counts are recorded rather than those of :attr:`datasheets` (reused, or prepared)."""
        return self.reused or self.prepared is not None

    def sheet_count(self) -> int:
        """How many datasheets the import gives (those it holds, or those it left in the catalogue)."""
        return self._count if self._held_elsewhere() else len(self.datasheets)

    def kinds_by_wounds(self) -> dict[int, int]:
        """How many model kinds have each number of wounds, over every datasheet of the import."""
        if self._held_elsewhere():
            return dict(self._by_wounds)
        return tally_wounds(self.datasheets, {})

    def source_counts(self) -> dict[str, int]:
        """Datasheets per source replaced (0 for a catalogue that gave none)."""
        counts = dict.fromkeys(self.sources, 0)
        if self.prepared is not None:
            counts.update(self._counts)
            return counts
        for sheet in self.datasheets:
            counts[sheet.source] = counts.get(sheet.source, 0) + 1
        return counts

    def record(self) -> dict[str, Any]:
        """What a later import of the same files needs to be this one without reading them (JSON values)."""
        return {
            "fingerprint": self.fingerprint,
            "factions": [f.model_dump(mode="json") for f in self.factions],
            "coverage": [asdict(c) for c in self.coverage],
            "warnings": [{"path": w.path, "fr": w.text.fr, "en": w.text.en} for w in self.warnings],
            "sources": self.sources,
            "files": [list(f) for f in self.files],
            "counts": self.source_counts(),
            "count": self.sheet_count(),
            "by_wounds": [[w, n] for w, n in sorted(self.kinds_by_wounds().items())],
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> BsImport:
        """The import a :meth:`record` describes, its datasheets left in the catalogue (``reused``).

        Raises ``KeyError``, ``TypeError`` or ``ValueError`` (the models'
        ``ValidationError`` is one) for a record that is not one.
        """
        return cls(
            factions=[Faction.model_validate(f) for f in data["factions"]],
            datasheets=[],
            coverage=[Coverage(**c) for c in data["coverage"]],
            warnings=[BsImportWarning(w["path"], Bilingual(fr=w["fr"], en=w["en"])) for w in data["warnings"]],
            sources=[str(s) for s in data["sources"]],
            files=[(str(a), str(b), str(c), str(d)) for a, b, c, d in data["files"]],
            fingerprint=str(data["fingerprint"]),
            reused=True,
            _count=int(data["count"]),
            _by_wounds={int(w): int(n) for w, n in data["by_wounds"]},
        )
