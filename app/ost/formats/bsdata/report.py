"""What an import returns: the factions and datasheets, the coverage report, the warnings; and its errors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

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
