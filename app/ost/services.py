"""What the command line and the GUI both do: open the catalogue, build it, read lists.

This layer wires the store, the file formats and the core together, so the
two front ends stay thin. Nothing here is global: callers pass paths in and
get objects back.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ost.core import listfile
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.fileio import atomic_write
from ost.core.resources import shipped_catalogue_dir
from ost.core.roles import Role, UnitType
from ost.core.validator import Report, ValidatorOptions, validate
from ost.formats.batch_report import BatchRow, batch_html, batch_json
from ost.formats.catalog_source import SOURCE, read_catalogue, source_fingerprint
from ost.formats.listreader import LIST_SUFFIXES, ReadResult, read_list_file
from ost.formats.reading import NameMatcher, ReadingReport
from ost.formats.textlist import export_text
from ost.store import CatalogueStore, default_db_path

if TYPE_CHECKING:
    from ost.formats.bsdata import BsImport, Progress


@dataclass(frozen=True)
class BuildResult:
    datasheets: int
    factions: int
    source: Path


def build_catalogue(store: CatalogueStore, source: Path | None = None) -> BuildResult:
    """Rebuild the catalogue from YAML sources; the database is untouched on any error.

    Raises :class:`ost.formats.yamltext.SourceError` for a bad source file and
    :class:`ost.store.StoreError` when the database cannot be written.
    """
    from ost.formats.bsdata import SOURCE_PREFIX as BSDATA_PREFIX  # large module: loaded when needed

    folder = source or shipped_catalogue_dir()
    catalogue = read_catalogue(folder)  # everything is read and checked before writing
    store.replace_all(
        catalogue,
        {"source": SOURCE, "source_dir": str(folder), "fingerprint": source_fingerprint(folder)},
        keep_prefixes=(BSDATA_PREFIX,),  # imported BattleScribe data is not the build's to drop
    )
    return BuildResult(len(catalogue), len(catalogue.factions), folder)


def import_bsdata(store: CatalogueStore, paths: Iterable[Path | str], progress: Progress | None = None) -> BsImport:
    """Import BattleScribe files into the catalogue, replacing earlier imports of the same catalogues.

    Everything is read and converted before the database is touched, then
    written in one transaction: any error leaves the catalogue as it was. Other
    sources (the shipped catalogue, other imported catalogues) and the user's
    overrides are kept. Raises :class:`ost.formats.safexml.XmlInputError` for
    a bad file and :class:`ost.store.StoreError` when the database cannot be
    written.
    """
    from ost.formats.bsdata import read_bsdata

    result = read_bsdata(paths, progress)
    save_import(store, result)
    return result


def save_import(store: CatalogueStore, result: BsImport) -> None:
    """Write an import read by :func:`ost.formats.bsdata.read_bsdata`, in one transaction."""
    from ost.formats.bsdata import SOURCE_PREFIX as BSDATA_PREFIX

    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    files = {BSDATA_PREFIX + catalogue_id: path for path, catalogue_id, _, _ in result.files}
    meta = {
        faction.source: json.dumps(
            {"name": faction.name, "revision": faction.revision, "file": files.get(faction.source, ""), "at": stamp},
            ensure_ascii=False,
        )
        for faction in result.factions
    }
    store.replace_sources(result.sources, result.datasheets, result.factions, meta)


_TRUE = {"1", "true", "yes", "oui", "vrai", "on"}
_FALSE = {"0", "false", "no", "non", "faux", "off"}


def parse_override(field: str, text: str) -> Any:
    """The value of ``field`` typed as text on the command line ("90", "oui", "Troupes", "none")."""
    value = text.strip()
    if value.lower() in ("none", "null", "aucun", "-") and field in ("transport_space", "identity"):
        return None
    if field == "role":
        return Role.parse(value).value
    if field == "unit_type":
        return UnitType.parse(value).value
    if field in ("linked_character", "never_holds_objectives", "legends", "hidden"):
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise ValueError(f"expected yes/no (oui/non, true/false, 1/0), got {text!r}")
    if field == "identity":
        return value
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"expected a whole number, got {text!r}") from None


def open_store(db: Path | str | None = None, *, build_if_empty: bool = True) -> CatalogueStore:
    """Open (and migrate) the catalogue database; fill it from ``catalog/`` on first use."""
    store = CatalogueStore(Path(db) if db is not None else default_db_path())
    if build_if_empty and store.is_empty():
        build_catalogue(store)
    return store


# --- checking lists -------------------------------------------------------------


@dataclass(frozen=True)
class CheckResult:
    """The outcome for one file: a report, or why the file could not be read."""

    path: Path
    army: ArmyList | None = None
    report: Report | None = None
    error: str | None = None
    #: How the file was read: units matched, unknown units and lines, warnings.
    reading: ReadingReport | None = None


def expand_paths(paths: Iterable[Path | str], suffixes: tuple[str, ...] = LIST_SUFFIXES) -> Iterator[Path]:
    """Files as given, and the list files inside folders (sorted, recursively)."""
    for raw in paths:
        path = Path(raw)
        try:
            folder = path.is_dir()
        except OSError:  # a name too long to be a file: a share code given in its place
            folder = False
        if folder:
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in suffixes)
        else:
            yield path


def read_any(path: Path, catalogue: Catalogue) -> ReadResult:
    """Any list Ost reads (.ost, BattleScribe .ros/.rosz, pasted text), format told by content."""
    return read_list_file(path, catalogue)


def check_files(
    paths: Iterable[Path | str],
    catalogue: Catalogue,
    *,
    options: ValidatorOptions | None = None,
) -> Iterator[CheckResult]:
    """Read (any list format) and validate every file; a file that cannot be read gives an error result.

    The files share one name matcher, so the catalogue's name index is built once for the batch.
    """
    matcher = NameMatcher(catalogue)
    for path in expand_paths(paths):
        try:
            read = read_list_file(path, catalogue, matcher=matcher)
        except listfile.ListFileError as exc:
            yield CheckResult(path, error=str(exc))
            continue
        yield CheckResult(path, read.army, validate(catalogue, read.army, options), reading=read.reading)


# --- batch reports and conversion ----------------------------------------------------

#: Endings ``ost check --report`` understands.
REPORT_SUFFIXES = (".html", ".htm", ".json")


def batch_row(result: CheckResult) -> BatchRow:
    """The organiser's row for one checked file."""
    if result.error is not None or result.army is None or result.report is None:
        return BatchRow(file=str(result.path), error=result.error or "unreadable")
    report = result.report
    codes: list[str] = []
    for item in report.findings:
        if item.code.value not in codes:
            codes.append(item.code.value)
    reading = result.reading
    return BatchRow(
        file=str(result.path),
        name=result.army.name,
        legal=report.legal,
        points=report.total_points,
        points_limit=report.points_limit,
        band=report.band,
        errors=report.errors,
        warnings=report.warnings,
        reading_problems=reading.problems if reading is not None else 0,
        reading_format=reading.format if reading is not None else None,
        codes=tuple(codes),
    )


def write_batch_report(path: Path, rows: Iterable[BatchRow], lang: str, *, generated: str | None = None) -> None:
    """Write the batch report as HTML or JSON, chosen by ``path``'s ending.

    Raises ``ValueError`` for another ending and ``OSError`` when the file
    cannot be written (the previous file, if any, is left whole).
    """
    rows = list(rows)
    suffix = path.suffix.lower()
    if suffix in (".html", ".htm"):
        text = batch_html(rows, lang, generated=generated)
    elif suffix == ".json":
        text = batch_json(rows, generated=generated)
    else:
        raise ValueError(f"{path}: a report ends in .html or .json")
    atomic_write(path, text.encode("utf-8"))


#: Endings ``ost convert`` writes: an Ost list, or text.
CONVERT_SUFFIXES = (listfile.SUFFIX, ".txt")


def convert_file(source: Path, target: Path, catalogue: Catalogue, *, lang: str = "fr") -> ReadResult:
    """Read any list and write it as an ``.ost`` list (or as text for a ``.txt`` target).

    Raises :class:`~ost.core.listfile.ListFileError` when ``source`` cannot be
    read, ``ValueError`` for a target of another kind, ``OSError`` when the
    target cannot be written.
    """
    suffix = target.suffix.lower()
    if suffix not in CONVERT_SUFFIXES:
        raise ValueError(f"{target}: the output ends in .ost or .txt")
    result = read_any(source, catalogue)
    if suffix == ".txt":
        atomic_write(target, export_text(result.army, catalogue, lang).encode("utf-8"))
    else:
        listfile.save(result.army, target)
    return result
