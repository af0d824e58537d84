"""Open, migrate, fill and read the catalogue database."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ost import __version__
from ost.core.collector import collector_paused
from ost.core.roles import Role
from ost.core.text import fold
from ost.store.migrations import HEAD_REVISION

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Connection, Engine

    from ost.core.catalogue import BandTable, Catalogue, CatalogueSource, Datasheet, Faction, GlossaryEntry
    from ost.store.browsing import BrowseTable

ENV_DB = "OST_DB"
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class StoreError(Exception):
    """The catalogue database cannot be opened, migrated or written."""


#: What a locked catalogue database means to the user, and the way on.
LOCKED = (
    "another Ost is writing to this catalogue database (an import or a rebuild in progress); nothing was changed: "
    "wait for it to finish or close it, then try again"
)


def _reason(exc: Exception) -> str:
    """What went wrong, in words: never the SQL statement or its parameters (harden, issue 13).

    SQLite's own message (``exc.orig`` under SQLAlchemy, the error itself from
    :mod:`sqlite3`) says what failed ("disk I/O error", "attempt to write a
    readonly database"); SQLAlchemy's ``str(exc)`` would add the whole
    statement and its data.
    """
    orig = exc if isinstance(exc, sqlite3.Error) else getattr(exc, "orig", None)
    detail = str(orig) if orig is not None else type(exc).__name__
    if "database is locked" in detail or "database table is locked" in detail:
        return LOCKED
    return detail.splitlines()[0][:200] if detail else type(exc).__name__


def default_db_path() -> Path:
    """``$OST_DB`` if set, else ``catalogue.sqlite`` in the user's data folder."""
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env).expanduser()
    import platformdirs  # (and tempfile with it): only when no database is named

    return Path(platformdirs.user_data_dir("ost", appauthor=False)) / "catalogue.sqlite"


def _alembic_config(connection: Connection | None = None) -> Config:
    # Alembic is imported only when a migration has to run: it costs a third of
    # a second at start-up, and an up-to-date database does not need it.
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str | None:
    """The newest migration, as Alembic sees it (tests check it is HEAD_REVISION)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_alembic_config()).get_current_head()


def search_text(sheet: Datasheet, faction: Faction | None) -> str:
    parts = [sheet.name, sheet.name_en, *sheet.aliases, sheet.faction, *sheet.keywords, *sheet.faction_keywords]
    if faction is not None:
        parts += [faction.name, faction.name_en or ""]
    return fold(" ".join(parts))


#: Fields that tell copies of one datasheet apart (a chapter catalogue repeats the Space Marines
#: datasheets under its own ids and source): left out of the ``body`` fingerprint.
_OWN_FIELDS = ("id", "faction", "source", "source_revision", "bs_ids")
_OWN_SET = set(_OWN_FIELDS)

#: The columns of ``datasheets`` a write fills, in the order of :func:`sheet_to_row`.
SHEET_COLUMNS = (
    "id",
    "name",
    "search_text",
    "faction",
    "role",
    "source",
    "source_revision",
    "bs_ids",
    "data",
    "body",
    "facts",
)


def _insert(table: str, columns: Sequence[str]) -> str:
    """The statement inserting one row of ``columns`` into ``table``, its values as parameters in that order."""
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"


def _delete_in(db: sqlite3.Connection, table: str, column: str, values: Sequence[str]) -> None:
    """Delete the rows of ``table`` whose ``column`` is one of ``values`` (any number of them)."""
    db.execute(f"DELETE FROM {table} WHERE {column} IN (SELECT value FROM json_each(?))", (_ids_param(values),))


_INSERT_SHEET = _insert("datasheets", SHEET_COLUMNS)
#: What :meth:`CatalogueStore._read_sheets` reads of a row: its JSON, its body hash and its own fields.
_READ_SHEET = "SELECT data, body, id, faction, source, source_revision, bs_ids FROM datasheets"
#: What :func:`_light_sheets` reads of a row.
_READ_LIGHT = "SELECT facts, data, id FROM datasheets ORDER BY id"
#: What :func:`_facts_text` reads of a row when each datasheet's JSON is read later (``deferred``): its facts, and
#: the body hash that tells a changed row.
_READ_DEFERRED = "SELECT facts, id, body FROM datasheets ORDER BY id"
#: A deferred datasheet's JSON, read only if its row is still the one it was built from (the same body: its heavy
#: fields are part of the body, which its hash names).
_READ_DATA = "SELECT data FROM datasheets WHERE id = ? AND body = ?"
#: The key of the kept facts in ``browse_cache`` (emptied by every write, as the browse table is).
_FACTS_KEY = "facts"
#: The layout of the kept facts text; a text of another layout, Ost version or facts' fields is read again from the
#: rows (2: complete facts only, defaults left out, decoded straight into light datasheets).
_FACTS_LAYOUT = 2
#: Keep a text in ``browse_cache`` under a key.
_KEEP = "INSERT OR REPLACE INTO browse_cache (key, value) VALUES (?, ?)"


@cache
def _facts() -> set[str]:
    from ost.core.catalogue import FACT_FIELDS

    return set(FACT_FIELDS)


def sheet_to_row(sheet: Datasheet, faction: Faction | None) -> dict[str, Any]:
    """The columns of a datasheet's row, by name (see :func:`sheet_row`)."""
    return dict(zip(SHEET_COLUMNS, sheet_row(sheet, faction), strict=True))


@cache
def _field_names(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A datasheet class's own fields and its facts' fields, each in the class's order (as ``model_dump_json``)."""
    names: tuple[str, ...] = getattr(cls, "__struct_fields__", ())
    facts = _facts()
    return tuple(n for n in names if n in _OWN_SET), tuple(n for n in names if n in facts)


def sheet_row(sheet: Datasheet, faction: Faction | None) -> tuple[Any, ...]:
    """A datasheet's row, in the order of :data:`SHEET_COLUMNS`: its whole JSON once, and what queries use.

    The JSON texts are the ones ``model_dump_json`` gives (msgspec's encoder
    over the datasheet's fields, all of them or those included), made from one
    shallow copy of its fields and kept as bytes until stored: the ``body``
    (the JSON without the datasheet's ids and source, which
    :meth:`CatalogueStore._read_sheets` recognises repeats by) is hashed as
    encoded, and ``data`` is the own fields put in front of it (JSON objects
    are unordered). ``facts`` is the JSON of the fact fields, for
    :class:`~ost.core.catalogue.LightDatasheet`.
    """
    from hashlib import blake2b  # here: a command that only reads hashes nothing

    import msgspec  # (loaded by any datasheet already; kept out of the light readers' start-up)

    encode = msgspec.json.encode
    fields = msgspec.structs.asdict(cast(msgspec.Struct, sheet))
    own_names, fact_names = _field_names(type(sheet))
    own = encode({name: fields[name] for name in own_names})
    facts = encode({name: fields[name] for name in fact_names})
    for name in _OWN_FIELDS:
        fields.pop(name, None)
    body = encode(fields)
    return (
        sheet.id,
        sheet.name,
        search_text(sheet, faction),
        sheet.faction,
        sheet.role.value,
        sheet.source,
        sheet.source_revision,
        json.dumps(sheet.bs_ids),  # the module's shared encoder: no new one per call
        (own[:-1] + b"," + body[1:]).decode(),
        blake2b(body, digest_size=12).hexdigest(),
        facts.decode(),
    )


#: (table, column) of the rows :meth:`CatalogueStore.replace_sources` removes for the sources it replaces.
_REPLACED = (
    ("catalogue_sources", "id"),
    ("datasheets", "source"),
    ("factions", "source"),
    ("catalogue_meta", "key"),
)
_FACTION_COLUMNS = ("id", "name", "name_en", "source", "revision", "counterparts", "source_id")
_INSERT_FACTION = _insert("factions", _FACTION_COLUMNS)
_SOURCE_COLUMNS = ("id", "kind", "name", "revision", "fingerprint", "enabled")
_INSERT_SOURCE = _insert("catalogue_sources", _SOURCE_COLUMNS)


def _faction_row(faction: Faction) -> tuple[Any, ...]:
    """A faction's row as :class:`ost.store.models.FactionRow` writes it (its JSON column by ``json.dumps``)."""
    return (
        faction.id,
        faction.name,
        faction.name_en,
        faction.source,
        faction.revision,
        json.dumps(faction.counterparts),
        faction.source_id,
    )


def _source_row(source: CatalogueSource, enabled: bool) -> tuple[Any, ...]:
    """A source's row as :class:`ost.store.models.SourceRow` writes it (its flag 1 or 0)."""
    return (source.id, source.kind, source.name, source.revision, source.fingerprint, int(enabled))


def _roll_back(db: sqlite3.Connection) -> None:
    """Undo the transaction in progress, if any (a failed write leaves the catalogue as it was)."""
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")


class SourcesWriting:
    """:meth:`CatalogueStore.replace_sources` in steps, in one transaction through :mod:`sqlite3` (all or nothing).

    :meth:`begin` opens it and deletes what the sources held, :meth:`add` writes datasheet rows as they come
    (:func:`sheet_row`'s), :meth:`finish` writes the factions, the meta keys and the sources, then commits;
    :meth:`cancel` rolls it back. ``ost import bsdata`` writes each catalogue's rows so while the import is
    still reading (it is the import's :class:`ost.formats.bsdata.reader.Sink`): the write no longer waits for
    the end of the reading, on one core while the other is idle.

    The same connection settings as the SQLAlchemy writes (foreign keys on, SQLite's own wait of 5 s for a
    lock), the kept browse table emptied in the transaction, SQLite's errors as :class:`StoreError` (the
    transaction rolled back, the catalogue as it was).

    The changes stay in SQLite's memory until the commit (``cache_spill`` off): other processes read the
    catalogue as it was until then, instead of being shut out from the first page spilled into the file.
    """

    def __init__(self, path: Path | str, what: str = "cannot write the catalogue") -> None:
        self._path = path
        self._what = what
        self._db: sqlite3.Connection | None = None
        self._switches: dict[str, bool] = {}  # each source's on/off switch, as found when it began

    @property
    def begun(self) -> bool:
        """Whether the transaction is open (begun, neither finished nor cancelled)."""
        return self._db is not None

    def begin(self, sources: Iterable[str]) -> None:
        """Open the transaction and delete what ``sources`` held (datasheets, factions, meta keys, sources)."""
        if self._db is not None:
            raise RuntimeError("the write has begun already")
        wanted = list(dict.fromkeys(sources))
        try:
            self._db = sqlite3.connect(self._path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"{self._path}: {self._what}: {_reason(exc)}") from None
        with self._failing() as db:
            db.execute("PRAGMA foreign_keys=ON")
            # The changes stay in memory until the commit: spilled into the file mid-way, they would take the
            # exclusive lock then and shut other processes' reads out (a window, `ost check`) for the rest of
            # the reading, where they now wait only for the commit.
            db.execute("PRAGMA cache_spill=OFF")
            db.execute("BEGIN")
            self._switches = {row[0]: bool(row[1]) for row in db.execute("SELECT id, enabled FROM catalogue_sources")}
            for table, column in _REPLACED:
                _delete_in(db, table, column, wanted)

    def add(self, rows: Iterable[tuple[Any, ...]]) -> None:
        """Write more datasheet rows (:func:`sheet_row`'s)."""
        with self._failing() as db:
            db.executemany(_INSERT_SHEET, rows)

    def finish(
        self, factions: Iterable[Faction], meta: dict[str, str] | None = None, described: Iterable[CatalogueSource] = ()
    ) -> None:
        """Write the factions, the meta keys and the ``described`` sources (keeping their switches); commit."""
        from ost.store.browsing import forget_browse  # (a command that only checks lists never loads it)

        with self._failing() as db:
            db.executemany(_INSERT_FACTION, [_faction_row(f) for f in factions])
            if meta:
                _delete_in(db, "catalogue_meta", "key", list(meta))
                db.executemany("INSERT INTO catalogue_meta (key, value) VALUES (?, ?)", meta.items())
            written = {s.id: s for s in described}
            _delete_in(db, "catalogue_sources", "id", list(written))
            db.executemany(
                _INSERT_SOURCE, [_source_row(s, self._switches.get(s.id, s.enabled)) for s in written.values()]
            )
            forget_browse(db.execute)
            db.execute("COMMIT")
        self._close()

    def cancel(self) -> None:
        """Roll back what was written (the catalogue as it was); harmless when nothing is open."""
        if self._db is not None:
            _roll_back(self._db)
            self._close()

    def _close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            db.close()

    @contextmanager
    def _failing(self) -> Iterator[sqlite3.Connection]:
        """The open connection; any failure rolls the transaction back (SQLite's own as :class:`StoreError`)."""
        if self._db is None:
            raise RuntimeError("the write has not begun")
        try:
            yield self._db
        except sqlite3.Error as exc:
            self.cancel()
            raise StoreError(f"{self._path}: {self._what}: {_reason(exc)}") from None
        except BaseException:
            self.cancel()
            raise


def sheet_from_data(data: dict[str, Any], overrides: dict[str, Any] | None = None) -> Datasheet:
    """The datasheet of stored ``data``, with the user's overrides applied.

    An override that no longer fits the datasheet (say, a minimum size above a
    new maximum) is left out rather than making the datasheet unreadable.
    """
    from ost.core.catalogue import Datasheet
    from ost.core.model import ValidationError

    if not overrides:
        return Datasheet.model_validate(data)
    try:
        return Datasheet.model_validate({**data, **overrides})
    except ValidationError:
        pass
    sheet = Datasheet.model_validate(data)
    for field, value in overrides.items():
        try:
            sheet = Datasheet.model_validate({**sheet.model_dump(), field: value})
        except ValidationError:
            continue
    return sheet


#: Datasheet fields a user may override (scalars: numbers, flags, role, type, identity).
OVERRIDABLE_FIELDS = (
    "points",
    "points_per_model",
    "min_models",
    "max_models",
    "wounds",
    "role",
    "unit_type",
    "unit_class",
    "transport_space",
    "identity",
    "linked_character",
    "never_holds_objectives",
    "legends",
    "hidden",
)

#: Columns of rows written before revision 0005 that hold JSON text (the others are plain values).
_LEGACY_JSON = {
    "keywords",
    "faction_keywords",
    "aliases",
    "options",
    "profiles",
    "weapons",
    "abilities",
    "transport",
    "bs_ids",
    "kinds",
    "departures",
}


def _ids_param(ids: Sequence[str]) -> str:
    """``ids`` as one JSON parameter for ``IN (SELECT value FROM json_each(?))``: no limit on how many."""
    return json.dumps(list(ids))


class CatalogueStore:
    """The catalogue database at ``path``; migrated to the current schema on open.

    Reading goes through the standard library's :mod:`sqlite3` (one short
    connection per call): commands and the window that only read never import
    SQLAlchemy. Writing and migrating use SQLAlchemy (and Alembic), imported
    on the first write; :attr:`engine` is created then.
    """

    def __init__(self, path: Path | str, *, migrate: bool = True) -> None:
        self.path = Path(path)
        if self.path.exists() and self.path.is_dir():
            raise StoreError(f"{self.path}: is a folder, not a catalogue database")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._engine: Engine | None = None
        if migrate:
            self.migrate()

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine for writes, made (and SQLAlchemy imported) on first use."""
        if self._engine is None:
            from sqlalchemy import create_engine, event

            engine = create_engine(f"sqlite:///{self.path}")
            event.listen(engine, "connect", _sqlite_pragmas)
            # pysqlite runs DDL outside transactions unless told otherwise: take over BEGIN so
            # that a migration (CREATE/ALTER TABLE) is all or nothing, like every other write.
            event.listen(engine, "begin", _begin)
            self._engine = engine
        return self._engine

    def close(self) -> None:
        if self._engine is not None:
            self._engine.dispose()

    def __enter__(self) -> CatalogueStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _reading(self, what: str = "cannot read the catalogue") -> Iterator[sqlite3.Connection]:
        """A short read connection (stdlib :mod:`sqlite3`); SQLite's errors become :class:`StoreError`."""
        try:
            db = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: {what}: {_reason(exc)}") from None
        try:
            db.execute("BEGIN")  # one snapshot for every query of the block
            yield db
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: {what} ({_reason(exc)})") from None
        finally:
            db.close()

    def _read(self, query: str, params: Sequence[Any] = (), *, what: str = "cannot read the catalogue") -> list[Any]:
        with self._reading(what) as db:
            return db.execute(query, params).fetchall()

    @contextmanager
    def _writing(self, what: str = "cannot write the catalogue") -> Iterator[Connection]:
        """One write transaction (all or nothing); SQLAlchemy's errors become :class:`StoreError`.

        Every write empties the kept browse table in the same transaction
        (:mod:`ost.store.browsing`): the next reader works it out again.
        """
        from sqlalchemy.exc import SQLAlchemyError

        from ost.store.browsing import forget_browse  # (a command that only checks lists never loads it)

        try:
            with self.engine.begin() as connection:
                yield connection
                forget_browse(connection.exec_driver_sql)
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.path}: {what}: {_reason(exc)}") from None

    # -- schema ---------------------------------------------------------------

    def revision(self) -> str | None:
        """The schema revision recorded in the database (None for a new, empty file)."""
        try:
            db = sqlite3.connect(self.path)
            try:
                known = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
                if db.execute(known).fetchone() is None:
                    return None
                row = db.execute("SELECT version_num FROM alembic_version").fetchone()
                return str(row[0]) if row else None
            finally:
                db.close()
        except sqlite3.DatabaseError as exc:
            if "locked" in str(exc):
                raise StoreError(f"{self.path}: {_reason(exc)}") from None
            raise StoreError(f"{self.path}: not a catalogue database ({exc})") from None

    def migrate(self) -> None:
        """Apply every pending Alembic migration (a no-op when up to date).

        A database older than revision 0005 is first brought to 0004, its rows
        given their JSON from their columns (:meth:`_fill_data`: this needs the
        datasheet models, which a migration must not import), then to the head,
        which drops those columns; all in one transaction.
        """
        current = self.revision()
        if current == HEAD_REVISION:
            return
        if current is None and self._create():
            return
        from alembic import command

        if current is not None and current not in _known_revisions():
            raise StoreError(
                f"{self.path}: the database schema ({current}) is newer than this Ost understands; "
                f"update Ost or use another database (--db)"
            )
        with self._writing("cannot migrate the database") as connection:
            config = _alembic_config(connection)
            if current is not None and current < "0005":
                command.upgrade(config, "0004")
                self._fill_data(connection)
            command.upgrade(config, "head")

    def _create(self) -> bool:
        """Give a new, empty database the current schema at once (no Alembic: a third of a second at first start).

        The tables come from the ORM models, which a test keeps equal to what
        the migrations make; the revision is stamped as the head. False when
        the file already holds tables (they are Alembic's to migrate).
        """
        from sqlalchemy import text

        from ost.store.models import Base

        with self._writing("cannot create the database") as connection:
            tables = connection.exec_driver_sql("SELECT count(*) FROM sqlite_master WHERE type = 'table'").scalar()
            if tables:
                return False
            Base.metadata.create_all(connection)
            connection.exec_driver_sql("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
            connection.execute(text("INSERT INTO alembic_version VALUES (:head)"), {"head": HEAD_REVISION})
        return True

    # -- writing --------------------------------------------------------------

    def replace_all(
        self,
        catalogue: Catalogue,
        meta: dict[str, str] | None = None,
        *,
        keep_prefixes: Sequence[str] = (),
        sources: Iterable[CatalogueSource] = (),
    ) -> None:
        """Replace the whole catalogue in one transaction (all or nothing).

        Datasheets, factions, sources and meta keys whose source starts with
        one of ``keep_prefixes`` stay: ``ost catalogue build`` keeps imported
        BattleScribe data this way. Overrides always stay, and so does the
        on/off switch of every source written again (``sources``).
        """
        from sqlalchemy import delete

        from ost.store.models import BandLimitRow, BandRow, DatasheetRow, FactionRow, GlossaryRow, MetaRow, SourceRow

        with self._writing() as connection:
            switches = self._switches(connection)
            for table in (BandLimitRow, BandRow, GlossaryRow):
                connection.execute(delete(table))
            for column in (DatasheetRow.source, FactionRow.source, MetaRow.key, SourceRow.id):
                statement = delete(column.class_)
                for prefix in keep_prefixes:
                    statement = statement.where(~column.startswith(prefix, autoescape=True))
                connection.execute(statement)
            self._write(connection, catalogue, meta or {})
            self._write_sources(connection, sources, switches)

    def replace_sources(
        self,
        sources: Iterable[str],
        datasheets: Iterable[Datasheet],
        factions: Iterable[Faction],
        meta: dict[str, str] | None = None,
        described: Iterable[CatalogueSource] = (),
        *,
        rows: Sequence[tuple[Any, ...]] = (),
    ) -> None:
        """Replace the datasheets and factions of ``sources`` in one transaction (all or nothing).

        Everything from other sources (the shipped catalogue, other imports),
        the band table, the glossary and the overrides stay as they are. Meta
        keys equal to a source are replaced by ``meta``'s; ``described``
        sources are written with their name and revision, keeping their on/off
        switch. ``rows`` are more datasheets, as :func:`sheet_row` made them
        (an import's, made as they were read: see :func:`ost.services.read_bsdata`).

        Written through the standard library's :mod:`sqlite3`, as the rows are
        read: an import (``ost import bsdata``) imports no SQLAlchemy (a sixth
        of a second). The values are the ones SQLAlchemy's tables write
        (:mod:`ost.store.models`: a JSON column is ``json.dumps`` of its value,
        a flag 1 or 0); a test compares the two. The same write in steps, its
        rows given as they come: :meth:`writing_sources`.
        """
        faction_list = list(factions)
        by_id = {f.id: f for f in faction_list}
        made = [sheet_row(s, by_id.get(s.faction)) for s in datasheets]
        writing = self.writing_sources()
        writing.begin(sources)
        writing.add(made)
        writing.add(rows)
        writing.finish(faction_list, meta, described)

    def writing_sources(self) -> SourcesWriting:
        """:meth:`replace_sources` in steps, its datasheet rows written as they come (nothing is opened yet)."""
        return SourcesWriting(self.path)

    def set_meta(self, meta: dict[str, str]) -> None:
        """Set (or replace) some keys of the catalogue's facts, in one transaction."""
        if not meta:
            return
        from sqlalchemy import delete, insert

        from ost.store.models import MetaRow

        with self._writing() as connection:
            connection.execute(delete(MetaRow).where(MetaRow.key.in_(list(meta))))
            connection.execute(insert(MetaRow), [{"key": k, "value": v} for k, v in meta.items()])

    @staticmethod
    def _write_sheets(connection: Connection, sheets: Iterable[Datasheet], factions: dict[str, Faction]) -> None:
        """Insert datasheets: one plain ``executemany`` of ready rows on the driver's cursor."""
        rows = [sheet_row(s, factions.get(s.faction)) for s in sheets]
        if rows:
            connection.exec_driver_sql(_INSERT_SHEET, rows)

    # -- sources --------------------------------------------------------------------------------------------------

    @staticmethod
    def _switches(connection: Connection) -> dict[str, bool]:
        found = connection.exec_driver_sql("SELECT id, enabled FROM catalogue_sources")
        return {row[0]: bool(row[1]) for row in found}

    @staticmethod
    def _write_sources(connection: Connection, sources: Iterable[CatalogueSource], switches: dict[str, bool]) -> None:
        from sqlalchemy import delete, insert

        from ost.store.models import SourceRow

        rows = [
            {**s.model_dump(), "enabled": switches.get(s.id, s.enabled)} for s in {s.id: s for s in sources}.values()
        ]
        if rows:
            connection.execute(delete(SourceRow).where(SourceRow.id.in_([r["id"] for r in rows])))
            connection.execute(insert(SourceRow), rows)

    def sources(self) -> list[CatalogueSource]:
        """Every source: those recorded, and any other source a datasheet names (switched on).

        The shipped catalogue first, then the others by name.
        """
        with self._reading() as db:
            return _sources(db.execute)

    def source_counts(self) -> dict[str, int]:
        """How many datasheets each source holds."""
        rows = self._read("SELECT source, count(*) FROM datasheets GROUP BY source")
        return {str(source): int(count) for source, count in rows}

    def set_source_enabled(self, source_id: str, enabled: bool) -> CatalogueSource:
        """Switch a source on or off (kept across rebuilds and re-imports); returns it as now stored.

        Raises :class:`StoreError` for a source the catalogue does not know.
        """
        with self._writing() as connection:
            known = {s.id: s for s in _sources(connection.exec_driver_sql)}
            source = known.get(source_id)
            if source is None:
                choices = ", ".join(known) or "none"
                raise StoreError(f"{self.path}: no catalogue source {source_id!r} (known: {choices})")
            source = source.model_copy(update={"enabled": enabled})
            self._write_sources(connection, [source], {})
            return source

    # -- the user's overrides ----------------------------------------------------------------------------------

    def set_override(self, datasheet_id: str, field: str, value: Any) -> Datasheet:
        """Give ``field`` of a datasheet the user's own ``value``; returns the datasheet as now read.

        Raises :class:`StoreError` for an unknown datasheet, a field that
        cannot be overridden, or a value the datasheet does not accept.
        """
        if field not in OVERRIDABLE_FIELDS:
            raise StoreError(f"field {field!r} cannot be overridden (possible: {', '.join(OVERRIDABLE_FIELDS)})")
        from ost.core.catalogue import Datasheet
        from ost.core.model import ValidationError

        current = self.datasheet(datasheet_id)
        if current is None:
            raise StoreError(f"{self.path}: no datasheet {datasheet_id!r}")
        try:
            checked = Datasheet.model_validate({**current.model_dump(), field: value})
        except ValidationError as exc:
            error = exc.errors()[0]
            raise StoreError(f"{datasheet_id}: invalid value {value!r} for {field}: {error['msg']}") from None
        stored = checked.model_dump(mode="json")[field]
        from sqlalchemy import delete, insert

        from ost.store.models import DatasheetOverrideRow

        with self._writing("cannot write the override") as connection:
            connection.execute(
                delete(DatasheetOverrideRow).where(
                    DatasheetOverrideRow.datasheet_id == datasheet_id, DatasheetOverrideRow.field == field
                )
            )
            connection.execute(
                insert(DatasheetOverrideRow).values(
                    datasheet_id=datasheet_id,
                    field=field,
                    value=stored,
                    set_at=datetime.now(UTC).isoformat(timespec="seconds"),
                )
            )
        updated = self.datasheet(datasheet_id)
        assert updated is not None
        return updated

    def clear_override(self, datasheet_id: str, field: str | None = None) -> int:
        """Remove the user's value of ``field`` (every field when ``None``); returns how many were removed."""
        from sqlalchemy import delete

        from ost.store.models import DatasheetOverrideRow

        statement = delete(DatasheetOverrideRow).where(DatasheetOverrideRow.datasheet_id == datasheet_id)
        if field is not None:
            statement = statement.where(DatasheetOverrideRow.field == field)
        with self._writing("cannot remove the override") as connection:
            return connection.execute(statement).rowcount or 0

    def overrides(self, datasheet_id: str | None = None) -> dict[str, dict[str, Any]]:
        """The user's values: datasheet id -> field -> value."""
        with self._reading() as db:
            return _overrides(db, None if datasheet_id is None else [datasheet_id])

    def _write(self, connection: Connection, catalogue: Catalogue, meta: dict[str, str]) -> None:
        from sqlalchemy import insert

        from ost.store.models import FactionRow, GlossaryRow, MetaRow

        factions = catalogue.factions
        if factions:
            connection.execute(insert(FactionRow), [f.model_dump() for f in factions.values()])
        self._write_sheets(connection, catalogue, factions)
        self._write_bands(connection, catalogue.bands)
        glossary = {e.key: e for e in catalogue.glossary.values()}
        if glossary:
            connection.execute(insert(GlossaryRow), [e.model_dump() for e in glossary.values()])
        stamp = {"built_at": datetime.now(UTC).isoformat(timespec="seconds"), **meta}
        connection.execute(insert(MetaRow), [{"key": k, "value": v} for k, v in stamp.items()])

    @staticmethod
    def _write_bands(connection: Connection, bands: BandTable) -> None:
        from sqlalchemy import insert

        from ost.store.models import BandLimitRow, BandRow

        for band in bands.bands:
            band_id = connection.execute(
                insert(BandRow).values(
                    label=band.label,
                    points_min=band.points_min,
                    points_max=band.points_max,
                    max_detachments=band.max_detachments,
                )
            ).inserted_primary_key
            assert band_id is not None
            limits = [
                {"band_id": band_id[0], "role": role.value, **limit.model_dump()} for role, limit in band.limits.items()
            ]
            if limits:
                connection.execute(insert(BandLimitRow), limits)

    # -- reading --------------------------------------------------------------

    def is_empty(self) -> bool:
        return not self._read("SELECT 1 FROM datasheets LIMIT 1")

    def meta(self) -> dict[str, str]:
        return {str(key): str(value) for key, value in self._read("SELECT key, value FROM catalogue_meta")}

    def factions(self) -> list[Faction]:
        with self._reading() as db:
            return _factions(db)

    def bands(self) -> BandTable:
        with self._reading() as db:
            return _bands(db)

    def glossary(self) -> list[GlossaryEntry]:
        with self._reading() as db:
            return _glossary(db)

    def datasheets(self, ids: Iterable[str] | None = None) -> list[Datasheet]:
        """Datasheets (all, or those of ``ids``) with the user's overrides applied."""
        wanted = list(ids) if ids is not None else None
        with self._reading() as db:
            if wanted is None:
                return self._read_sheets(db, f"{_READ_SHEET} ORDER BY id")
            query = f"{_READ_SHEET} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id"
            return self._read_sheets(db, query, (_ids_param(wanted),), wanted)

    def _read_sheets(
        self, db: sqlite3.Connection, query: str, params: Sequence[Any] = (), ids: list[str] | None = None
    ) -> list[Datasheet]:
        """The datasheets of ``query`` (:data:`_READ_SHEET`, or :data:`_READ_LIGHT`: see :meth:`load`), overrides on.

        Each datasheet was validated when written and is stored whole as JSON
        (``data``): it is rebuilt by msgspec's JSON decoder in one step.
        Datasheets that several sources repeat word for word but for their ids
        (``body``: the Space Marines ones in every chapter catalogue) are
        validated once and copied with their own ids.
        """
        from ost.core.model import ValidationError

        try:
            if query is _READ_LIGHT:
                return _light_sheets(db, _overrides(db, None))
            return _sheets(db, query, params, ids)
        except (ValidationError, _Unreadable) as exc:
            # Rows are validated when written: one that no longer validates comes from another Ost.
            where = "?"
            if isinstance(exc, ValidationError) and exc.errors():
                where = ".".join(str(p) for p in exc.errors()[0]["loc"])
            raise StoreError(
                f"{self.path}: a datasheet cannot be read ({where}): the database was written by another "
                f"version of Ost. Delete it (Ost builds a new one; import your BattleScribe data again) "
                f"or use that version."
            ) from None

    def _read_later(self, sheet_id: str, body: str) -> Datasheet:
        """The datasheet ``sheet_id`` read whole from its row, if the row still has the ``body`` it was built from."""
        from ost.core.catalogue import Datasheet

        found = self._read(_READ_DATA, (sheet_id, body))
        if not found or found[0][0] is None:
            raise StoreError(
                f"{self.path}: the catalogue changed while it was read (datasheet {sheet_id}): run the command again."
            )
        return Datasheet.model_validate_json(found[0][0])

    def datasheet(self, datasheet_id: str) -> Datasheet | None:
        found = self.datasheets([datasheet_id])
        return found[0] if found else None

    def search(self, query: str, *, limit: int = 50) -> list[Datasheet]:
        """Datasheets matching every word of ``query``, accents and case ignored; switched-off sources left out."""
        statement, params = _search_query(_READ_SHEET, query, limit)
        with self._reading() as db:
            return self._read_sheets(db, statement, params)

    def search_keys(self, query: str, *, limit: int = 50) -> list[tuple[str, str]]:
        """(source, id) of what :meth:`search` finds, in its order: no datasheet built."""
        statement, params = _search_query("SELECT source, id FROM datasheets", query, limit)
        return [(str(source), str(sheet_id)) for source, sheet_id in self._read(statement, params)]

    def browse(self) -> BrowseTable:
        """What browsing the catalogue shows, without building a datasheet when kept (:mod:`ost.store.browsing`)."""
        from ost.store.browsing import browse_table

        return browse_table(self)

    def load(
        self, *, light: bool = False, deferred: bool = False, connection: sqlite3.Connection | None = None
    ) -> Catalogue:
        """The whole catalogue in memory, indexed for the validator, read in one connection.

        With ``light``, each datasheet is a :class:`~ost.core.catalogue.LightDatasheet`
        built from its facts, its heavy fields read when first used: what a
        command that checks a list, or lists the catalogue, needs (a tenth of
        the work). A datasheet with the user's overrides is read whole.

        With ``deferred`` as well, the datasheets' whole JSON (three quarters
        of the database) is not even fetched: each light datasheet reads its
        own row again when first used, and refuses (:class:`StoreError`) if the
        row changed since (its facts or its body no longer those it was built
        from). For a command that reads once and ends (``ost check``): a
        window keeps its catalogue across writes and reads it whole from its
        snapshot.

        The garbage collector is paused meanwhile: loading makes a few hundred
        thousand objects that all live on, and the collections they would
        trigger cost more than the loading itself. ``connection``: read
        through it (in its transaction) instead of a connection of its own.
        """
        from ost.core.catalogue import Catalogue

        if light and deferred and connection is None:
            return self._load_deferred()
        reading = self._reading() if connection is None else contextlib.nullcontext(connection)
        with collector_paused(), reading as db:
            sheets = self._read_sheets(db, _READ_LIGHT if light else f"{_READ_SHEET} ORDER BY id")
            return Catalogue(sheets, _bands(db), _glossary(db), _factions(db), _sources(db.execute))

    def _load_deferred(self) -> Catalogue:
        """:meth:`load` ``deferred``: every datasheet's facts from one kept JSON text, kept first when missing.

        The facts of every row (with its id and body hash) are kept as one
        text in ``browse_cache``, emptied by every write as the browse table
        is: one ``json.loads`` of that text costs half of reading and
        decoding the rows one by one. The first reader after a write keeps it
        again in a write transaction that reads the rows (nothing written in
        between); a database it cannot write is read from its rows.
        """
        from ost.core.catalogue import Catalogue

        with collector_paused():
            with self._reading() as db:
                kept = _kept_facts(db)
                if kept is not None:
                    return Catalogue(_deferred_sheets(db, kept, self._read_later), *_rest(db))
            try:
                db = sqlite3.connect(self.path, isolation_level=None, timeout=0.5)
                try:
                    db.execute("BEGIN IMMEDIATE")
                    if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'browse_cache'").fetchone():
                        raise sqlite3.OperationalError("no browse_cache")  # a database of an older revision
                    rows = _kept_facts(db)  # kept meanwhile by another reader (checks run side by side)
                    if rows is None:
                        text = _facts_text(db)
                        db.execute("INSERT OR REPLACE INTO browse_cache (key, value) VALUES (?, ?)", (_FACTS_KEY, text))
                        rows = _fresh_rows(db, text)
                    catalogue = Catalogue(_deferred_sheets(db, rows, self._read_later), *_rest(db))
                    db.execute("COMMIT")
                    return catalogue
                finally:
                    db.close()
            except sqlite3.Error:  # read-only, locked: read the rows, keep nothing
                with self._reading() as db:
                    rows = _fresh_rows(db, _facts_text(db))
                    return Catalogue(_deferred_sheets(db, rows, self._read_later), *_rest(db))

    def snapshot(
        self,
        key: str | None = None,
        work: Callable[[Catalogue], dict[str, Any]] | None = None,
        current: Callable[[str], bool] | None = None,
    ) -> Snapshot:
        """The catalogue read ``deferred`` (see :meth:`load`) in a read transaction kept open: a :class:`Snapshot`.

        For a reader that keeps its catalogue across writes (the window):
        each datasheet reads its whole JSON when first used, from this
        snapshot whatever is written meanwhile; :meth:`Snapshot.pin` fetches
        the JSON of the datasheets still unread in it and ends the
        transaction (call it soon: until then a writer waits).

        ``key``: a text kept beside the facts (``browse_cache``) read in the
        same snapshot (:attr:`Snapshot.kept`) when ``current(text)``; else
        worked out as ``work(catalogue)`` and kept with the facts, in one write
        transaction that pins before it ends. A database that cannot be
        written is read, and nothing kept.
        """
        from ost.core.catalogue import Catalogue

        try:
            # Waits for a writer as the other reads do (another Ost committing an import): a start is not refused.
            db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot read the catalogue: {_reason(exc)}") from None
        snapshot = Snapshot(self, db)
        ok = False

        def text_of(catalogue: Catalogue) -> str | None:
            return json.dumps(work(catalogue), ensure_ascii=False, separators=(",", ":")) if work else None

        try:
            with collector_paused():
                db.execute("BEGIN")
                rows = _kept_facts(db)
                kept = _kept_text(db, key) if key is not None else None
                if rows is not None and (key is None or (kept is not None and (current is None or current(kept)))):
                    snapshot.catalogue = Catalogue(_deferred_sheets(db, rows, snapshot.read), *_rest(db))
                    snapshot.kept = kept
                    ok = True
                    return snapshot  # pinned later: the transaction stays open
                db.execute("COMMIT")
                try:
                    db.execute("BEGIN IMMEDIATE")
                    if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'browse_cache'").fetchone():
                        raise sqlite3.OperationalError("no browse_cache")  # a database of an older revision
                    rows = _kept_facts(db)  # kept meanwhile by another reader
                    if rows is None:
                        facts = _facts_text(db)
                        db.execute(_KEEP, (_FACTS_KEY, facts))
                        rows = _fresh_rows(db, facts)
                    snapshot.catalogue = Catalogue(_deferred_sheets(db, rows, snapshot.read), *_rest(db))
                    snapshot.kept = text_of(snapshot.catalogue)
                    if key is not None and snapshot.kept is not None:
                        db.execute(_KEEP, (key, snapshot.kept))
                    snapshot.pin()  # (before the write ends: the transaction is this snapshot)
                    ok = True
                    return snapshot
                except sqlite3.Error:  # read-only, locked: read the rows in a snapshot, keep nothing
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                db.execute("BEGIN")
                rows = _fresh_rows(db, _facts_text(db))
                snapshot.catalogue = Catalogue(_deferred_sheets(db, rows, snapshot.read), *_rest(db))
                snapshot.kept = text_of(snapshot.catalogue)
                ok = True
                return snapshot
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot read the catalogue ({_reason(exc)})") from None
        finally:
            if not ok:
                snapshot.close()

    @staticmethod
    def _fill_data(connection: Connection) -> None:
        """Give rows written before revision 0004 their ``data`` from their columns (unreadable rows keep none)."""
        rows = connection.exec_driver_sql("SELECT * FROM datasheets WHERE data IS NULL").mappings().all()
        from ost.core.catalogue import Datasheet
        from ost.core.model import ValidationError

        fields = Datasheet.model_fields
        filled = []
        for row in rows:
            data = {
                name: json.loads(value) if name in _LEGACY_JSON and isinstance(value, str) else value
                for name, value in row.items()
                if name in fields
            }
            try:
                sheet = sheet_from_data(data)
            except ValidationError:
                continue
            new = sheet_to_row(sheet, None)
            filled.append((new["data"], new["body"], row["id"]))
        if filled:
            connection.exec_driver_sql("UPDATE datasheets SET data = ?, body = ? WHERE id = ?", filled)


class Snapshot:
    """A catalogue read in one transaction, its datasheets read whole from it later (:meth:`CatalogueStore.snapshot`).

    The datasheets are light (their facts from the kept text); the first use
    of one reads its JSON in the transaction while it is open, then from the
    texts :meth:`pin` fetched in it: as it was when the catalogue was read,
    whatever was written since. The thread that read it hands the catalogue
    over and pins; any other thread (the window's) may read a datasheet
    meanwhile: the connection is used by one thread at a time (a lock).
    """

    catalogue: Catalogue
    #: The text kept under the key asked for, read in the same snapshot (or worked out): see
    #: :meth:`CatalogueStore.snapshot`.
    kept: str | None = None

    def __init__(self, store: CatalogueStore, db: sqlite3.Connection) -> None:
        self._store = store
        self._db: sqlite3.Connection | None = db
        self._texts: dict[str, str] = {}
        self._lock = threading.Lock()

    @property
    def pinned(self) -> bool:
        """Whether the transaction has ended (the unread datasheets' JSON fetched, or the connection closed)."""
        return self._db is None

    def read(self, sheet_id: str, body: str) -> Datasheet:
        """The datasheet ``sheet_id`` (built from ``body``) read whole, as it was in the snapshot."""
        from ost.core.catalogue import Datasheet

        text: str | None
        with self._lock:
            text = self._texts.pop(sheet_id, None)
            if text is None and self._db is not None:
                try:
                    found = self._db.execute(_READ_DATA, (sheet_id, body)).fetchone()
                except sqlite3.Error as exc:
                    raise StoreError(f"{self._store.path}: cannot read the catalogue ({_reason(exc)})") from None
                text = found[0] if found else None
        if text is None:  # not in the snapshot (its pinning failed): the row as it is now, if still the same
            return self._store._read_later(sheet_id, body)
        return Datasheet.model_validate_json(text)

    def pin(self, cancelled: Callable[[], bool] | None = None) -> None:
        """Fetch the JSON of every datasheet not read yet, then end the transaction (writers no longer wait).

        A failure leaves the datasheets to be read from their rows as they are
        then (if unchanged); so does ``cancelled()`` turning true while the
        rows are fetched (the program is quitting: nothing more is read).
        """
        with self._lock:
            db = self._db
            if db is None:
                return
            try:
                texts: dict[str, str] = {}
                cursor = db.execute("SELECT id, data FROM datasheets WHERE data IS NOT NULL")
                while batch := cursor.fetchmany(256):
                    if cancelled is not None and cancelled():
                        return
                    texts.update(batch)
                self._texts = {sheet.id: texts[sheet.id] for sheet in self.catalogue if _unread(sheet, texts)}
                if db.in_transaction:
                    db.execute("COMMIT")
            except sqlite3.Error:
                pass
            finally:
                self._close()

    def close(self) -> None:
        """End the transaction without fetching anything."""
        with self._lock:
            self._close()

    def _close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None


def _unread(sheet: Datasheet, texts: dict[str, str]) -> bool:
    """Whether ``sheet`` is a light datasheet whose heavy fields are still to be read (and its JSON is in ``texts``)."""
    from ost.core.catalogue import LightDatasheet

    return isinstance(sheet, LightDatasheet) and not sheet.is_whole and sheet.id in texts


def _kept_text(db: sqlite3.Connection, key: str) -> str | None:
    """The text kept under ``key`` in ``browse_cache`` (None: nothing, or no such table)."""
    try:
        row = db.execute("SELECT value FROM browse_cache WHERE key = ?", (key,)).fetchone()
    except sqlite3.OperationalError:
        return None
    return row[0] if row is not None and isinstance(row[0], str) else None


def _search_query(columns: str, query: str, limit: int) -> tuple[str, list[Any]]:
    """The statement (``columns`` of every word's match, switched-off sources left out) and its parameters."""
    where = ["source NOT IN (SELECT id FROM catalogue_sources WHERE enabled = 0)"]
    params: list[Any] = []
    for word in fold(query).split():
        escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        where.append("search_text LIKE ? ESCAPE '\\'")
        params.append(f"%{escaped}%")
    return f"{columns} WHERE {' AND '.join(where)} ORDER BY faction, role, name LIMIT ?", [*params, limit]


class _Unreadable(Exception):
    """A datasheet row without its JSON (written by another Ost and never filled)."""


def _sheets(db: sqlite3.Connection, query: str, params: Sequence[Any], ids: list[str] | None) -> list[Datasheet]:
    from ost.core.catalogue import Datasheet

    overrides = _overrides(db, ids)
    sheets: list[Datasheet] = []
    validate_json = Datasheet.model_validate_json
    bodies: dict[str, Datasheet] = {}
    for data, body, sheet_id, faction, source, source_revision, bs_ids in db.execute(query, params):
        own = overrides.get(sheet_id)
        if data is None:
            raise _Unreadable(sheet_id)
        if own:
            sheets.append(sheet_from_data(json.loads(data), own))
        elif body is None or (first := bodies.get(body)) is None:
            sheet = validate_json(data)
            if body is not None:
                bodies[body] = sheet
            sheets.append(sheet)
        else:
            # A repeat: a shallow copy with its own ids (datasheets are never changed in place,
            # and nothing has read ``first`` yet, so it has no cached values to pass on).
            own_fields = {
                "id": sheet_id,
                "faction": faction,
                "source": source,
                "source_revision": source_revision,
                "bs_ids": json.loads(bs_ids),
            }
            sheets.append(first.model_copy(update=own_fields))
    return sheets


def _light_sheets(db: sqlite3.Connection, overrides: dict[str, dict[str, Any]]) -> list[Datasheet]:
    """Every datasheet as a :class:`~ost.core.catalogue.LightDatasheet` (see :meth:`CatalogueStore.load`).

    Each keeps its row's JSON text to be read whole from: the snapshot of
    this read, whatever is written later.
    """
    from ost.core.catalogue import Datasheet, LightDatasheet

    sheets: list[Datasheet] = []
    loads = json.loads
    from_facts = LightDatasheet.from_facts
    validate_json = Datasheet.model_validate_json
    for facts, data, sheet_id in db.execute(_READ_LIGHT):
        if data is None:
            raise _Unreadable(sheet_id)
        own = overrides.get(sheet_id)
        if own:
            sheets.append(sheet_from_data(loads(data), own))
        elif facts is None:
            sheets.append(validate_json(data))
        else:
            sheets.append(from_facts(loads(facts), partial(validate_json, data)))
    return sheets


def _facts_text(db: sqlite3.Connection) -> str:
    """Every row's id, body hash and facts as one JSON text: what is kept (see :func:`_rows_of`).

    Each row's stored facts are checked complete (all of :data:`FACT_FIELDS
    <ost.core.catalogue.FACT_FIELDS>`, as this Ost types them: facts written
    by an Ost that knew fewer give null, that datasheet read whole), and
    written again without the fields that hold their default
    (:func:`~ost.core.catalogue.compact_facts_type`): a quarter shorter. All
    of it by msgspec in one go; done once after each write.
    """
    import msgspec

    from ost.core.catalogue import compact_facts_type, facts_type

    dumps = json.dumps
    rows = ",".join(
        f"[{dumps(sheet_id)},{dumps(body)},{facts or 'null'}]" for facts, sheet_id, body in db.execute(_READ_DEFERRED)
    )
    text = f"[{rows}]"
    compact: list[Any]
    try:
        msgspec.json.decode(text, type=list[tuple[str, str | None, facts_type() | None]])  # type: ignore[misc]
        compact = msgspec.json.decode(text, type=list[tuple[str, str | None, compact_facts_type() | None]])  # type: ignore[misc]
    except msgspec.ValidationError:  # some facts incomplete: each row on its own
        compact = [[sheet_id, body, _complete(facts)] for sheet_id, body, facts in json.loads(text)]
    # A row with facts names its datasheet there: its id is not written twice (a tenth of the text).
    rows_kept = [(None if facts is not None else sheet_id, body, facts) for sheet_id, body, facts in compact]
    return f"{_kept_head()}{msgspec.json.encode(rows_kept).decode()}}}"


def _complete(facts: dict[str, Any] | None) -> Any:
    """``facts`` as :func:`~ost.core.catalogue.compact_facts_type` when complete and well typed, else None."""
    import msgspec

    from ost.core.catalogue import compact_facts_type, facts_type

    if facts is None:
        return None
    try:
        msgspec.convert(facts, facts_type())
    except msgspec.ValidationError:
        return None
    return msgspec.convert(facts, compact_facts_type())


@cache
def _kept_head() -> str:
    """How a kept facts' text starts: its layout, this Ost's version and the facts' fields (names, types, defaults).

    A text that does not start so (kept by another Ost, or before the
    datasheet's fields changed) is not read: worked out again from the rows.
    """
    from ost.core.catalogue import facts_signature

    return (
        f'{{"layout":{_FACTS_LAYOUT},"ost":{json.dumps(__version__)},"fields":{json.dumps(facts_signature())},"rows":'
    )


def _kept_facts(db: sqlite3.Connection) -> list[Any] | None:
    """The kept facts' rows (see :func:`_rows_of`), or None when none are kept for this layout, Ost and fields.

    The text is fetched as bytes (``CAST``): msgspec decodes them as they are, no Python string of 3 MB made.
    """
    try:
        row = db.execute("SELECT CAST(value AS BLOB) FROM browse_cache WHERE key = ?", (_FACTS_KEY,)).fetchone()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):  # a database of an older revision: no browse_cache
            return None
        raise  # busy or locked: not an older database
    if row is None:
        return None
    return _rows_of(row[0])


@cache
def _kept_decoder() -> Any:
    """The decoder of a kept facts' text (:func:`_facts_text`): each row's facts straight into a light datasheet."""
    import msgspec

    from ost.core.catalogue import DecodedFacts

    row: Any = tuple[str | None, str | None, DecodedFacts | None]
    return msgspec.json.Decoder(
        msgspec.defstruct("KeptFacts", [("layout", int), ("ost", str), ("fields", str), ("rows", list[row])])
    )


def _rows_of(text: str | bytes) -> list[Any] | None:
    """The rows of a kept facts' text, or None when it is of another layout, Ost or fields.

    Each row is ``(id, body hash, datasheet)`` (the id None when the
    datasheet is there, the datasheet None when it is to be read whole): the
    facts decoded in one go straight into a datasheet
    (:class:`~ost.core.catalogue.DecodedFacts`: the fields the text leaves
    out take their defaults), its heavy fields None until
    :func:`_deferred_sheets` makes it a light datasheet. Every call decodes
    new datasheets.
    """
    import msgspec

    data = text.encode() if isinstance(text, str) else text
    if not data.startswith(_kept_head().encode()):
        return None
    try:
        rows: list[Any] = _kept_decoder().decode(data).rows
    except msgspec.DecodeError:  # a type changed under the same declaration, a text cut short: worked out again
        return None
    return rows


def _fresh_rows(db: sqlite3.Connection, text: str) -> list[Any]:
    """The rows of a facts' text :func:`_facts_text` just made; should it not read back, every datasheet read whole.

    Never an empty catalogue: a row without facts is a datasheet read whole when first used.
    """
    rows = _rows_of(text)
    if rows is None:
        rows = [(sheet_id, body, None) for _facts, sheet_id, body in db.execute(_READ_DEFERRED)]
    return rows


def _deferred_sheets(
    db: sqlite3.Connection, rows: list[Any], later: Callable[[str, str], Datasheet]
) -> list[Datasheet]:
    """The light datasheets of ``rows`` (:func:`_rows_of`), each reading its row through ``later`` when first used.

    A datasheet with the user's overrides, or a row without facts or body
    (written by an older Ost), is read whole now, its JSON fetched alone.
    """
    from ost.core.catalogue import Datasheet, LightDatasheet

    overrides = _overrides(db, None)
    sheets: list[Datasheet] = []
    light: list[tuple[LightDatasheet, Callable[[], Datasheet]]] = []
    for sheet_id, body, sheet in rows:
        if sheet is not None:
            sheet_id = sheet.id
        own = overrides.get(sheet_id)
        if sheet is not None and body is not None and not own:
            sheets.append(sheet)
            light.append((sheet, partial(later, sheet_id, body)))
            continue
        data = db.execute("SELECT data FROM datasheets WHERE id = ?", (sheet_id,)).fetchone()
        if data is None or data[0] is None:
            raise _Unreadable(sheet_id)
        sheets.append(sheet_from_data(json.loads(data[0]), own) if own else Datasheet.model_validate_json(data[0]))
    LightDatasheet.lighten(light)
    return sheets


def _rest(db: sqlite3.Connection) -> tuple[BandTable, list[GlossaryEntry], list[Faction], list[CatalogueSource]]:
    """What a catalogue holds besides its datasheets: bands, glossary, factions, sources."""
    return _bands(db), _glossary(db), _factions(db), _sources(db.execute)


def _overrides(db: sqlite3.Connection, ids: Sequence[str] | None) -> dict[str, dict[str, Any]]:
    query = "SELECT datasheet_id, field, value FROM datasheet_overrides"
    params: tuple[str, ...] = ()
    if ids is not None:
        query += " WHERE datasheet_id IN (SELECT value FROM json_each(?))"
        params = (_ids_param(ids),)
    found: dict[str, dict[str, Any]] = {}
    for datasheet_id, field, value in db.execute(f"{query} ORDER BY datasheet_id, field", params):
        found.setdefault(datasheet_id, {})[field] = _json_value(value)
    return found


def _json_value(value: Any) -> Any:
    """A JSON column's value as read by :mod:`sqlite3`: JSON text, or a number SQLite's column affinity made of it."""
    return json.loads(value) if isinstance(value, str) else value


def _factions(db: sqlite3.Connection) -> list[Faction]:
    from ost.core.catalogue import Faction

    query = "SELECT id, name, name_en, source, revision, counterparts, source_id FROM factions ORDER BY name"
    return [
        Faction(
            id=row[0],
            name=row[1],
            name_en=row[2],
            source=row[3],
            revision=row[4],
            counterparts=_json_value(row[5]) or [],
            source_id=row[6],
        )
        for row in db.execute(query)
    ]


def _bands(db: sqlite3.Connection) -> BandTable:
    from ost.core.catalogue import Band, BandTable, RoleLimit

    limits: dict[int, dict[Role, RoleLimit]] = {}
    for band_id, role, low, high, per_sheet in db.execute(
        "SELECT band_id, role, min, max, per_sheet FROM band_limits ORDER BY band_id, role"
    ):
        limits.setdefault(band_id, {})[Role(role)] = RoleLimit(min=low, max=high, per_sheet=per_sheet)
    query = "SELECT id, label, points_min, points_max, max_detachments FROM bands ORDER BY id"
    return BandTable(
        bands=[
            Band(label=label, points_min=low, points_max=high, max_detachments=most, limits=limits.get(band_id, {}))
            for band_id, label, low, high, most in db.execute(query)
        ]
    )


def _glossary(db: sqlite3.Connection) -> list[GlossaryEntry]:
    from ost.core.catalogue import GlossaryEntry

    query = "SELECT key, name_fr, name_en, kind, has_parameter, summary_fr, summary_en FROM glossary ORDER BY key"
    return [
        GlossaryEntry(
            key=key,
            name_fr=name_fr,
            name_en=name_en,
            kind=kind,
            has_parameter=bool(has_parameter),
            summary_fr=summary_fr,
            summary_en=summary_en,
        )
        for key, name_fr, name_en, kind, has_parameter, summary_fr, summary_en in db.execute(query)
    ]


def _sources(execute: Callable[..., Any]) -> list[CatalogueSource]:
    """Every source (see :meth:`CatalogueStore.sources`), through ``execute`` (sqlite3's or SQLAlchemy's driver SQL)."""
    from ost.core.catalogue import CatalogueSource, source_kind

    found = {
        row[0]: CatalogueSource(
            id=row[0], kind=row[1], name=row[2], revision=row[3], fingerprint=row[4], enabled=bool(row[5])
        )
        for row in execute("SELECT id, kind, name, revision, fingerprint, enabled FROM catalogue_sources")
    }
    for (source,) in execute("SELECT DISTINCT source FROM datasheets"):
        if source and source not in found:
            found[source] = CatalogueSource(id=source, name=source, kind=source_kind(source))
    return sorted(found.values(), key=lambda s: (s.kind != "shipped", fold(s.name), s.id))


def _known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {script.revision for script in ScriptDirectory.from_config(_alembic_config()).walk_revisions()}


def _begin(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN")


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event issues BEGIN itself
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
