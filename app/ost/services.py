"""What the command line and the GUI both do: open the catalogue, build it, read lists.

This layer wires the store, the file formats and the core together, so the
two front ends stay thin. Nothing here is global: callers pass paths in and
get objects back.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from ost import __version__
from ost.core.collector import collector_paused
from ost.core.i18n import Bilingual
from ost.core.resources import shipped_catalogue_dir, sources_fingerprint
from ost.core.roles import Role, UnitType
from ost.store import CatalogueStore, StoreError, default_db_path
from ost.store.database import LOCKED

if TYPE_CHECKING:
    from ost.core import listfile
    from ost.core.armylist import ArmyList
    from ost.core.catalogue import Catalogue, CatalogueSource, Datasheet, Faction
    from ost.core.validator import Report, ValidatorOptions
    from ost.formats.bsdata import BsImport, Progress
    from ost.formats.lists.batch_report import BatchRow
    from ost.formats.lists.listreader import ReadResult
    from ost.formats.lists.reading import ReadingReport
    from ost.formats.yamltext import SourceError

# The list readers (BattleScribe rosters, pasted text, share codes, name matching: a tenth of a
# second of imports) and the text export load when first used, not when the catalogue is opened
# (the window's start-up path). So do the datasheet models, the validator and the YAML
# reader: opening an up-to-date catalogue and listing it (`ost catalogue list`, the window's first
# paint) imports none of them.

#: ``catalogue_meta["source"]`` of a catalogue built from Ost's YAML (``ost.formats.catalog_source.SOURCE``,
#: which a test keeps equal: that module imports the datasheet models).
YAML_SOURCE = "ost"


class BuildResult(msgspec.Struct, frozen=True):
    datasheets: int
    factions: int
    source: Path


#: ``catalogue_meta`` keys of the YAML build: where from, the sources' content hash, their sizes and times.
META_SOURCE_DIR, META_SOURCE_KIND, META_FINGERPRINT, META_STAMP = "source_dir", "source_kind", "fingerprint", "stamp"
#: ``catalogue_meta`` key: the Ost version that built the shipped part (another version may read the sources otherwise).
META_OST_VERSION = "ost_version"


def keyword_names(folder: Path | None = None) -> dict[str, str]:
    """The shipped catalogue's keywords in English (French keyword -> English), for English printouts.

    Empty when the table is missing or unreadable: printouts then keep the catalogue's own words.
    """
    from ost.formats.catalog_source import KEYWORDS_FILE, read_keyword_table
    from ost.formats.yamltext import SourceError

    path = (folder or shipped_catalogue_dir()) / KEYWORDS_FILE
    try:
        table = read_keyword_table(path)
    except (OSError, SourceError):
        return {}
    return {french: names[0] for french, names in table.items() if names}


def source_stamp(folder: Path) -> str:
    """The folder, and the names, sizes and modification times of its source files, as one text: cheap, no file read.

    An unchanged stamp means unchanged sources (any editor, copy or install
    changes a file's time or size); a changed one says only "maybe", and the
    content fingerprint (:func:`ost.core.resources.sources_fingerprint`)
    decides. Kept as it is, not hashed: every command that opens the
    catalogue compares it, and hashing would load OpenSSL for it (3 ms of a
    0.1 s ``ost check``). A stamp an earlier Ost kept (a hash) differs once:
    the fingerprint says the sources are the same, and this stamp is kept.
    """
    lines = [str(folder.resolve())]
    for path in sorted(folder.rglob("*.yaml")):
        info = path.stat()
        lines.append(f"{path.relative_to(folder).as_posix()}\t{info.st_size}\t{info.st_mtime_ns}")
    return "\n".join(lines)


def _is_shipped(folder: Path) -> bool:
    try:
        return folder.resolve() == shipped_catalogue_dir().resolve()
    except OSError:
        return False


def read_catalogue(folder: Path) -> Catalogue:
    """The catalogue of Ost's YAML sources in ``folder`` (:func:`ost.formats.catalog_source.read_catalogue`).

    Imported when first called: the YAML reader brings the datasheet models.
    """
    from ost.formats.catalog_source import read_catalogue as read

    return read(folder)


def build_catalogue(store: CatalogueStore, source: Path | None = None) -> BuildResult:
    """Rebuild the catalogue from YAML sources; the database is untouched on any error.

    Everything is read and checked first, then written in one transaction;
    imported BattleScribe data, the user's overrides and the sources' on/off
    switches are kept. The build records where it came from (the shipped
    ``catalog/``, or the folder ``source``) and the sources' fingerprint, so
    that :func:`refresh_catalogue` can tell when they change.

    Raises :class:`ost.formats.yamltext.SourceError` for a bad source file and
    :class:`ost.store.StoreError` when the database cannot be written.
    """
    from ost.core.catalogue import BSDATA_SOURCE_PREFIX, SHIPPED_SOURCE, CatalogueSource
    from ost.formats.catalog_source import SOURCE

    folder = source or shipped_catalogue_dir()
    if source is not None:  # harden: recorded absolute, so the next start (from any folder) finds it again
        folder = Path(os.path.abspath(folder))
    shipped = source is None or _is_shipped(folder)
    stamp = source_stamp(folder)  # taken before reading: a file changed meanwhile shows at the next open
    fingerprint = sources_fingerprint(folder)
    catalogue = read_catalogue(folder)  # everything is read and checked before writing
    meta = {
        "source": SOURCE,
        META_SOURCE_DIR: str(folder),
        META_SOURCE_KIND: "shipped" if shipped else "folder",
        META_FINGERPRINT: fingerprint,
        META_STAMP: stamp,
        META_OST_VERSION: __version__,
    }
    described = CatalogueSource(
        id=SHIPPED_SOURCE,
        name="Ost" if shipped else f"Ost ({folder})",
        kind="shipped",
        revision=__version__,
        fingerprint=fingerprint,
    )
    store.replace_all(
        catalogue,
        meta,
        keep_prefixes=(BSDATA_SOURCE_PREFIX,),  # imported BattleScribe data is not the build's to drop
        sources=[described],
    )
    return BuildResult(len(catalogue), len(catalogue.factions), folder)


def _built_from(meta: dict[str, str]) -> Path:
    """The folder the catalogue was built from: the recorded folder, or the shipped one of this Ost.

    A database built by an Ost that did not record the kind of its folder is
    taken as shipped unless its folder is still there and is not an Ost's own
    (whose ``catalog/`` sits beside ``resources/``).
    """
    shipped = shipped_catalogue_dir()
    recorded = meta.get(META_SOURCE_DIR)
    kind = meta.get(META_SOURCE_KIND)
    if recorded and kind == "folder":
        return Path(recorded)
    if recorded and kind is None:
        folder = Path(recorded)
        if folder.is_dir() and not _is_shipped(folder) and not (folder.parent / "resources").is_dir():
            return folder
    return shipped


NoticeKind = Literal["built", "rebuilt", "source-error", "write-error"]


class CatalogueNotice(msgspec.Struct, frozen=True):
    """What opening the catalogue did or could not do, for the user (the CLI prints it, the window shows it)."""

    kind: NoticeKind
    text: Bilingual
    #: The bad source's error (file, line, field), for ``source-error``.
    error: SourceError | None = None

    def message(self, lang: str) -> str:
        return self.text(lang)


def _source_error_fr(exc: SourceError) -> str:
    where = exc.path
    if exc.line is not None:
        where += f", ligne {exc.line}"
    if exc.field:
        where += f", champ {exc.field}"
    return f"{where} : {exc.detail}"


def refresh_catalogue(store: CatalogueStore, source: Path | None = None) -> CatalogueNotice | None:
    """Rebuild the shipped part of the catalogue when its sources changed since it was built; None when not needed.

    The sources are those the database was built from (the shipped
    ``catalog/`` of this Ost, or the folder given to ``ost catalogue build
    --source``), or ``source``. Their stamp (names, sizes, times) is compared
    first, the content fingerprint only when the stamp differs, so an
    unchanged catalogue costs a few ``stat`` calls. A rebuild is one
    transaction that keeps imported data, overrides and switches. A bad
    source or a failed write leaves the database as it was and is told in
    the notice. Databases not built from YAML sources (no ``source`` fact)
    are left alone.
    """
    meta = store.meta()
    if meta.get("source") != YAML_SOURCE:
        return None
    folder = Path(source) if source is not None else _built_from(meta)
    if not folder.is_dir():
        return None
    stamp = source_stamp(folder)
    # A database built before the version was recorded counts as this version's: no rebuild for that alone.
    built_by = meta.get(META_OST_VERSION, __version__)
    same_ost = built_by == __version__
    if same_ost and meta.get(META_STAMP) == stamp and meta.get(META_SOURCE_DIR) == str(folder):
        return None
    from ost.formats.yamltext import SourceError

    if same_ost and meta.get(META_FINGERPRINT) == sources_fingerprint(folder):
        # Same content (a fresh copy, a touched file): remember the new stamp, rebuild nothing. A
        # read-only database cannot remember it: the content hash is taken again next time.
        with contextlib.suppress(StoreError):
            store.set_meta({META_STAMP: stamp, META_SOURCE_DIR: str(folder)})
        return None
    try:
        result = build_catalogue(store, None if _is_shipped(folder) else folder)
    except SourceError as exc:
        return CatalogueNotice(
            "source-error",
            Bilingual(
                fr=f"le catalogue n'a pas été mis à jour : {_source_error_fr(exc)}. "
                "Le catalogue précédent reste utilisé.",
                en=f"the catalogue was not updated: {exc}. The previous catalogue is still used.",
            ),
            error=exc,
        )
    except StoreError as exc:
        return CatalogueNotice(
            "write-error",
            Bilingual(
                fr=f"le catalogue n'a pas pu être mis à jour : {exc}. Le catalogue précédent reste utilisé.",
                en=f"the catalogue could not be updated: {exc}. The previous catalogue is still used.",
            ),
        )
    if not same_ost:
        return CatalogueNotice(
            "rebuilt",
            Bilingual(
                fr=f"Ost a changé de version ({built_by} → {__version__}) : catalogue reconstruit, "
                f"{result.datasheets} fiches ; données importées et valeurs personnelles conservées.",
                en=f"Ost changed version ({built_by} → {__version__}): catalogue rebuilt, {result.datasheets} "
                f"datasheets; imported data and your own values kept.",
            ),
        )
    return CatalogueNotice(
        "rebuilt",
        Bilingual(
            fr=f"les sources du catalogue ont changé ({folder}) : catalogue reconstruit, {result.datasheets} fiches ; "
            f"données importées et valeurs personnelles conservées.",
            en=f"the catalogue sources changed ({folder}): catalogue rebuilt, {result.datasheets} datasheets; "
            f"imported data and your own values kept.",
        ),
    )


def rebuild_catalogue(store: CatalogueStore) -> BuildResult:
    """Rebuild the shipped part now from the folder it was built from (*Catalogue ▸ Reconstruire*).

    Same guarantees as :func:`build_catalogue`, whose errors it raises.
    """
    folder = _built_from(store.meta())
    return build_catalogue(store, None if _is_shipped(folder) else folder)


def read_bsdata(
    paths: Iterable[Path | str],
    progress: Progress | None = None,
    *,
    free: bool = True,
    workers: int = 1,
    for_store: bool = False,
) -> BsImport:
    """Read and convert BattleScribe files (nothing written yet); the importer loads on first use.

    Raises :class:`ost.formats.safexml.XmlInputError` for a bad file. An
    exception raised by ``progress`` (a cancel) stops the reading there.
    ``free`` and ``workers`` (2: on two cores, where the process may fork): see
    :func:`ost.formats.bsdata.read_bsdata`. ``for_store``: the result holds the
    datasheets' database rows instead of the datasheets (:attr:`BsImport.prepared`,
    each made by the process that read it, as it was read), for
    :func:`save_import` only: what ``ost import bsdata`` does with them.
    """
    from ost.formats.bsdata import read_bsdata as read

    return read(paths, progress, free=free, workers=workers, prepare=_store_rows if for_store else None)


def read_and_save_bsdata(
    store: CatalogueStore,
    paths: Iterable[Path | str],
    progress: Progress | None = None,
    *,
    free: bool = True,
    workers: int = 1,
) -> BsImport:
    """:func:`read_bsdata` ``for_store`` and :func:`save_import` in one: each catalogue's rows written as it comes.

    What ``ost import bsdata`` does when its catalogue exists. The write is the
    same one transaction (any error, in the reading or the writing, leaves the
    catalogue as it was), begun while the files are still being read: on two
    cores, the parent process writes the rows of the catalogues read so far
    (its own, and those its child posted) while both read the rest, instead
    of writing all of them once both are done, on one core while the other
    waits (see :class:`ost.formats.bsdata.reader._Gather`). Raises as
    :func:`read_bsdata` and :func:`save_import` do. With ``free=False``, the
    caller collects the forked child with :meth:`BsImport.close
    <ost.formats.bsdata.BsImport.close>` once done.
    """
    from ost.formats.bsdata import read_bsdata as read

    writing = store.writing_sources()
    try:
        result = read(paths, progress, free=free, workers=workers, prepare=_store_rows, sink=writing)
        try:
            meta, described = _import_facts(result)
            if not writing.begun:
                writing.begin(result.sources)
            writing.finish(result.factions, meta, described)
        except BaseException:
            result.close()  # (the child, if one is left: nobody else will)
            raise
    except StoreError as exc:
        raise plain_store_error(exc, store.path) from None
    finally:
        writing.cancel()  # (after a failure; nothing left open once finished)
    return result


def _store_rows(sheets: list[Datasheet], faction: Faction | None) -> list[tuple[Any, ...]]:
    """The database rows of one catalogue's datasheets (its faction's names go into their search text)."""
    from ost.store.database import sheet_row

    return [sheet_row(sheet, faction) for sheet in sheets]


def import_bsdata(store: CatalogueStore, paths: Iterable[Path | str], progress: Progress | None = None) -> BsImport:
    """Import BattleScribe files into the catalogue, replacing earlier imports of the same catalogues.

    Everything is read and converted before the database is touched, then
    written in one transaction: any error leaves the catalogue as it was. Other
    sources (the shipped catalogue, other imported catalogues) and the user's
    overrides are kept. The same files again, unchanged since this catalogue
    imported them, are not read: the result is the recorded one, ``reused``
    (:func:`reused_import`). Raises :class:`ost.formats.safexml.XmlInputError`
    for a bad file and :class:`ost.store.StoreError` when the database cannot
    be written.
    """
    from ost.formats.bsdata import read_bsdata

    with collector_paused():  # through read, build and write: see ost.core.collector
        reused = reused_import(store, paths)
        if reused is not None:
            return reused
        result = read_bsdata(paths, progress)
        save_import(store, result)
    return result


#: The catalogue's record of the last BattleScribe import (:meth:`ost.formats.bsdata.BsImport.record`): a key
#: no catalogue build keeps, so a build or a rebuild forgets it (the next import reads its files again).
LAST_IMPORT = "bsdata-import"


def reused_import(store: CatalogueStore, paths: Iterable[Path | str]) -> BsImport | None:
    """The last import again, when ``paths`` are the same files, unchanged, and its datasheets are still stored.

    Same files means the same paths in the same order with the same bytes, read by
    the same importer (:func:`ost.formats.bsdata.files.import_fingerprint`); each
    source the import replaced must hold as many datasheets as it wrote (no import
    of one of its catalogues since, nothing removed). Then nothing is read or
    written: the result says ``reused`` and carries the recorded coverage and
    warnings. Any doubt (no record, an unreadable one, a file changed, added or
    missing): None, and the caller imports the files.
    """
    from ost.formats.bsdata import BsImport
    from ost.formats.bsdata.files import file_digest, find_files, import_fingerprint
    from ost.formats.safexml import XmlInputError

    text = store.meta().get(LAST_IMPORT)
    if not text:
        return None
    try:
        data = json.loads(text)
        found = find_files(paths)
    except (ValueError, XmlInputError):
        return None
    if not found or not isinstance(data, dict) or not isinstance(data.get("counts"), dict):
        return None
    digests = [file_digest(path) for path in found]
    if "" in digests or data.get("fingerprint") != import_fingerprint(found, digests):
        return None
    stored = store.source_counts()
    if any(stored.get(source, 0) != count for source, count in data["counts"].items()):
        return None
    try:
        return BsImport.from_record(data)
    except (KeyError, TypeError, ValueError):
        return None


def save_import(store: CatalogueStore, result: BsImport) -> None:
    """Write an import read by :func:`ost.formats.bsdata.read_bsdata`, in one transaction.

    The import's record goes with it (:data:`LAST_IMPORT`): importing the same
    files again finds it (:func:`reused_import`). A reused import writes nothing.
    """
    if result.reused:
        return
    meta, described = _import_facts(result)
    try:
        store.replace_sources(
            result.sources, result.datasheets, result.factions, meta, described, rows=result.prepared or ()
        )
    except StoreError as exc:
        raise plain_store_error(exc, store.path) from None


def _import_facts(result: BsImport) -> tuple[dict[str, str], list[CatalogueSource]]:
    """What an import writes besides its datasheets and factions: its meta keys (with its record) and its sources."""
    from ost.core.catalogue import BSDATA_SOURCE_PREFIX, CatalogueSource

    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    files = {BSDATA_SOURCE_PREFIX + catalogue_id: path for path, catalogue_id, _, _ in result.files}
    meta = {
        faction.source: json.dumps(
            {"name": faction.name, "revision": faction.revision, "file": files.get(faction.source, ""), "at": stamp},
            ensure_ascii=False,
        )
        for faction in result.factions
    }
    meta[LAST_IMPORT] = json.dumps(result.record(), ensure_ascii=False) if result.fingerprint else ""
    described = [
        CatalogueSource(
            id=faction.source,
            name=faction.name,
            kind="bsdata",
            revision=faction.revision,
            fingerprint=_known_fingerprint(result, files.get(faction.source)),
        )
        for faction in result.factions
    ]
    return meta, described


def plain_store_error(exc: StoreError, path: Path | str) -> StoreError:
    """``exc`` in one sentence (harden): a locked database says so and the way on; never SQL text or its data.

    The store's write errors may carry SQLAlchemy's whole message (the
    statement, its parameters, a link); only its first line before them is kept.
    """
    text = str(exc)
    if "database is locked" in text or "database table is locked" in text:
        return StoreError(f"{path}: {LOCKED}")
    first = text.split("\n", 1)[0]
    first = re.sub(r"\(sqlite3\.\w+\)\s*", "", first)
    return StoreError(first[:300])


def _known_fingerprint(result: BsImport, path: str | None) -> str | None:
    """A source file's fingerprint: from the digest the import took of it, else from the file."""
    digest = result.digests.get(path) if path else None
    return digest[:16] if digest else _file_fingerprint(path)


def _file_fingerprint(path: str | Path | None) -> str | None:
    if not path:
        return None
    import hashlib

    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    except OSError:
        return None


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


class OpenedCatalogue(msgspec.Struct, frozen=True):
    """An open catalogue database and what opening it did (a first build, a rebuild, a bad source)."""

    store: CatalogueStore
    notice: CatalogueNotice | None = None


def open_catalogue(
    db: Path | str | None = None, *, source: Path | None = None, build_if_empty: bool = True, refresh: bool = True
) -> OpenedCatalogue:
    """Open (and migrate) the catalogue database, filled from ``catalog/`` on first use and never stale.

    On first use the shipped catalogue (or ``source``) is built, the shipped
    one copied from the seed database instead when that is fresh
    (:func:`_from_seed`); afterwards the shipped part is rebuilt whenever its
    sources changed (:func:`refresh_catalogue`). The notice says so, in French and English;
    a bad edited source leaves the previous catalogue and is told there too.
    Raises :class:`StoreError` when the database cannot be opened, and
    :class:`SourceError` when a first build meets a bad source.
    """
    path = Path(db) if db is not None else default_db_path()
    # A first start of the shipped catalogue copies the seed made when Ost was built, when it is still what
    # building would give (ost.store.seed); else it builds, as without one.
    seeded = _from_seed(path) if build_if_empty and source is None and not path.exists() else None
    store = CatalogueStore(path)
    try:
        if seeded is not None:
            return OpenedCatalogue(store, _built_notice(seeded, store.path))
        if build_if_empty and store.is_empty():
            result = build_catalogue(store, source)
            return OpenedCatalogue(store, _built_notice(result.datasheets, store.path))
        return OpenedCatalogue(store, refresh_catalogue(store, source) if refresh else None)
    except BaseException:
        store.close()
        raise


def _built_notice(datasheets: int, path: Path) -> CatalogueNotice:
    return CatalogueNotice(
        "built",
        Bilingual(
            fr=f"catalogue construit ({datasheets} fiches) : {path}",
            en=f"catalogue built ({datasheets} datasheets): {path}",
        ),
    )


def _from_seed(path: Path) -> int | None:
    """Put the seed in place as the new database ``path`` when it is fresh; its datasheet count, else None.

    Fresh: made by this Ost (version, schema, code) from the shipped sources
    as they are now (the hash of their bytes: nothing is parsed). The copy is
    given the sources' stamp and folder as installed here, as a build here
    would have recorded them, so the next start reads nothing again.
    """
    from ost.store import seed

    found = seed.seed_file()
    if found is None:
        return None
    folder = shipped_catalogue_dir()
    try:
        stamp = source_stamp(folder)  # taken before the content, as a build does
        sources = sources_fingerprint(folder)
    except OSError:
        return None
    return seed.install_seed(path, found, sources, {META_STAMP: stamp, META_SOURCE_DIR: str(folder)})


def write_seed(target: Path) -> Path:
    """Make the seed database ``target`` (:mod:`ost.store.seed`): what a first start of this Ost leaves behind.

    The shipped catalogue built from its YAML, its browse table and its kept
    facts worked out, in a scratch database beside ``target``; then compacted
    into ``target`` with its record. For the build of a wheel or of the
    desktop program (``ost catalogue seed``). Raises
    :class:`ost.formats.yamltext.SourceError` for a bad source file and
    :class:`StoreError` when the database cannot be written.
    """
    from ost.store import seed

    target = Path(os.path.abspath(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = target.with_name(f".{target.name}.{os.getpid()}-build.sqlite")
    for leftover in (scratch, scratch.with_name(scratch.name + "-journal")):
        leftover.unlink(missing_ok=True)
    try:
        with CatalogueStore(scratch) as store:
            build_catalogue(store)
            store.browse()  # the browse table kept, as `ost catalogue list` keeps it
            store.load(light=True, deferred=True)  # the facts kept, as `ost check` keeps them
            fingerprint = store.meta()[META_FINGERPRINT]
        seed.write_seed(scratch, target, fingerprint)
    finally:
        scratch.unlink(missing_ok=True)
    return target


def open_store(db: Path | str | None = None, *, build_if_empty: bool = True, refresh: bool = True) -> CatalogueStore:
    """:func:`open_catalogue` for callers that have nobody to tell what opening did."""
    return open_catalogue(db, build_if_empty=build_if_empty, refresh=refresh).store


# --- the catalogue's sources -------------------------------------------------------------------------------------


class SourceStatus(msgspec.Struct, frozen=True):
    source: CatalogueSource
    datasheets: int


class CatalogueStatus(msgspec.Struct, frozen=True):
    """What ``ost catalogue status`` shows: the database, its schema, its sources."""

    path: Path
    schema: str | None
    built_at: str | None
    #: The folder the shipped part was built from, and whether its sources still match (None: not built from one).
    source_dir: Path | None
    up_to_date: bool | None
    sources: list[SourceStatus]


def catalogue_status(store: CatalogueStore) -> CatalogueStatus:
    """The database path and schema, and every source with its kind, revision, fingerprint, switch and size."""
    meta = store.meta()
    counts = store.source_counts()
    folder: Path | None = None
    up_to_date: bool | None = None
    if meta.get("source") == YAML_SOURCE:
        folder = _built_from(meta)
        if folder.is_dir():
            up_to_date = meta.get(META_FINGERPRINT) == sources_fingerprint(folder)
    return CatalogueStatus(
        path=store.path,
        schema=store.revision(),
        built_at=meta.get("built_at"),
        source_dir=folder,
        up_to_date=up_to_date,
        sources=[SourceStatus(s, counts.get(s.id, 0)) for s in store.sources()],
    )


def set_source_enabled(store: CatalogueStore, source_id: str, on: bool) -> CatalogueSource:
    """Switch a source on or off; kept in the database. Raises :class:`StoreError` for an unknown source."""
    return store.set_source_enabled(source_id, on)


# --- checking lists -------------------------------------------------------------


class CheckResult(msgspec.Struct, frozen=True):
    """The outcome for one file: a report, or why the file could not be read."""

    path: Path
    army: ArmyList | None = None
    report: Report | None = None
    error: str | None = None
    #: The reader's error itself, for its message in the user's language.
    failure: listfile.ListFileError | None = None
    #: How the file was read: units matched, unknown units and lines, warnings.
    reading: ReadingReport | None = None


def expand_paths(paths: Iterable[Path | str], suffixes: tuple[str, ...] | None = None) -> Iterator[Path]:
    """Files as given, and the list files inside folders (sorted, recursively; by default the list endings)."""
    if suffixes is None:
        from ost.formats.lists.listreader import LIST_SUFFIXES

        suffixes = LIST_SUFFIXES
    endings = suffixes
    for raw in paths:
        path = Path(raw)
        try:
            folder = path.is_dir()
        except OSError:  # a name too long to be a file: a share code given in its place
            folder = False
        if folder:
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in endings)
        else:
            yield path


def read_any(path: Path, catalogue: Catalogue) -> ReadResult:
    """Any list Ost reads (.ost, BattleScribe .ros/.rosz, pasted text), format told by content."""
    from ost.formats.lists.listreader import read_list_file

    return read_list_file(path, catalogue)


def list_file_filters(lang: str) -> list[str]:
    """The open dialog's filters, from the table of list formats: every list, each format, every file."""
    from ost.formats.lists.registry import file_filters

    return file_filters(lang)


def output_formats() -> list[str]:
    """The names of the list formats Ost writes (``ost convert --to``), from the table of list formats."""
    from ost.formats.lists.registry import FormatRegistry

    return [f.name for f in FormatRegistry().writable]


def output_endings() -> list[str]:
    """The file endings Ost writes lists to (``.ost``, ``.txt``), to say which ones a wrong output lacks."""
    from ost.formats.lists.registry import FormatRegistry

    return [s for f in FormatRegistry().writable for s in f.suffixes]


def output_format(target: str, to: str | None = None) -> str | None:
    """The format to write ``target`` in: ``to`` when given, an Ost list for ``-`` (the screen), else its ending.

    None when Ost writes no list there.
    """
    from ost.formats.lists.registry import FormatRegistry

    registry = FormatRegistry()
    if to is not None:
        fmt = registry.get(to)
    elif target == "-":
        fmt = registry.get("ost")
    else:
        fmt = registry.writer_for(Path(target).name)
    return fmt.name if fmt is not None and fmt.write is not None else None


class Conversion(msgspec.Struct, frozen=True):
    """A list read in one format and written in another: what was read (with its report) and the bytes to write."""

    read: ReadResult
    data: bytes


def convert_list(path: Path, catalogue: Catalogue, to: str, lang: str) -> Conversion:
    """Read any list Ost reads from ``path`` and write it in the format named ``to`` (see :func:`output_format`).

    Raises :class:`~ost.core.listfile.ListFileError` when the list cannot be read.
    """
    from ost.formats.lists.registry import FormatRegistry

    fmt = FormatRegistry().get(to)
    if fmt is None or fmt.write is None:
        raise ValueError(f"Ost writes no list format named {to!r}")
    result = read_any(path, catalogue)
    data = fmt.write(result.army, catalogue, lang)
    note = _written_prices(result.army, catalogue, to)
    if note is not None:
        result.reading.note(note)
    return Conversion(result, data)


def _written_prices(army: ArmyList, catalogue: Catalogue, to: str) -> Bilingual | None:
    """Which prices a converted list carries, when the list stated others than Ost counts (None: they agree).

    Ost stands by its catalogue's prices, as the check and the army sheet do: a text written states
    them (the list's own are left out); an Ost list or share code is counted at them and keeps the
    list's own as the prices it stated (its check says both, as the roster's does).
    """
    from ost.core.armylist import total_points

    ours = total_points(army, catalogue)
    theirs = army.stated_total if army.stated_total is not None else total_points(army, catalogue, as_priced=True)
    if theirs == ours:
        return None
    if to == "text":
        return Bilingual(
            fr=f"Le texte écrit donne les prix du catalogue d'Ost ({ours} pts), comme la vérification et la "
            f"feuille d'armée ; ceux de la liste ({theirs} pts) n'y sont pas.",
            en=f"The text written gives the prices of Ost's catalogue ({ours} pts), as the check and the army "
            f"sheet do; the list's own ({theirs} pts) are left out.",
        )
    return Bilingual(
        fr=f"La liste écrite est comptée aux prix du catalogue d'Ost ({ours} pts), comme la vérification et la "
        f"feuille d'armée ; elle garde ceux de la liste ({theirs} pts) comme prix annoncés.",
        en=f"The list written is counted at the prices of Ost's catalogue ({ours} pts), as the check and the "
        f"army sheet count it; it keeps the list's own ({theirs} pts) as the prices it stated.",
    )


def read_pasted(data: bytes, name: str, catalogue: Catalogue) -> ReadResult:
    """A list given as bytes (pasted text, a roster's content, a share code), format told by content."""
    from ost.formats.lists.listreader import read_list

    return read_list(data, name, catalogue)


def list_text(army: ArmyList, catalogue: Catalogue, lang: str, *, as_priced: bool = False) -> str:
    """The list as text, in the layout Ost (and other builders) read back, at Ost's prices (or as priced)."""
    from ost.formats.lists.text import export_text

    return export_text(army, catalogue, lang, as_priced=as_priced)


def check_files(
    paths: Iterable[Path | str],
    catalogue: Catalogue,
    *,
    options: ValidatorOptions | None = None,
) -> Iterator[CheckResult]:
    """Read (any list format) and validate every file; a file that cannot be read gives an error result.

    The files share one name matcher, so the catalogue's name index is built once for the batch.
    """
    from ost.core import listfile
    from ost.core.validator import validate
    from ost.formats.lists.listreader import read_list_file
    from ost.formats.lists.reading import NameMatcher

    matcher = NameMatcher(catalogue)
    for path in expand_paths(paths):
        try:
            read = read_list_file(path, catalogue, matcher=matcher)
        except listfile.ListFileError as exc:
            yield CheckResult(path, error=str(exc), failure=exc)
            continue
        yield CheckResult(path, read.army, validate(catalogue, read.army, options), reading=read.reading)


# --- batch reports and conversion ----------------------------------------------------

#: Endings ``ost check --report`` understands.
REPORT_SUFFIXES = (".html", ".htm", ".json")


def batch_row(result: CheckResult) -> BatchRow:
    """The organiser's row for one checked file."""
    from ost.formats.lists.batch_report import BatchRow

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
    from ost.formats.lists.batch_report import batch_html, batch_json

    rows = list(rows)
    suffix = path.suffix.lower()
    if suffix in (".html", ".htm"):
        text = batch_html(rows, lang, generated=generated)
    elif suffix == ".json":
        text = batch_json(rows, generated=generated)
    else:
        raise ValueError(f"{path}: a report ends in .html or .json")
    from ost.core.fileio import atomic_write  # tempfile and shutil: not on the start-up path

    atomic_write(path, text.encode("utf-8"))
