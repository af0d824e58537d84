"""Open, migrate, fill and read the catalogue database."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
from pydantic import ValidationError
from sqlalchemy import (
    Connection,
    Engine,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    type_coerce,
    update,
)
from sqlalchemy.exc import DatabaseError, SQLAlchemyError
from sqlalchemy.orm import Session, selectinload

from ost.core.catalogue import (
    Band,
    BandTable,
    Catalogue,
    CatalogueSource,
    Datasheet,
    Faction,
    GlossaryEntry,
    RoleLimit,
    source_kind,
)
from ost.core.collector import collector_paused
from ost.core.roles import Role
from ost.core.text import fold
from ost.store.migrations import HEAD_REVISION
from ost.store.models import (
    BandLimitRow,
    BandRow,
    DatasheetOverrideRow,
    DatasheetRow,
    FactionRow,
    GlossaryRow,
    MetaRow,
    SourceRow,
)

if TYPE_CHECKING:
    from alembic.config import Config

ENV_DB = "OST_DB"
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class StoreError(Exception):
    """The catalogue database cannot be opened, migrated or written."""


def _reason(exc: SQLAlchemyError) -> str:
    """What went wrong, in words: never the SQL statement or its parameters (harden, issue 13).

    SQLite's own message (``exc.orig``) says what failed ("disk I/O error",
    "attempt to write a readonly database"); SQLAlchemy's ``str(exc)`` would
    add the whole statement and its data.
    """
    orig = getattr(exc, "orig", None)
    detail = str(orig) if orig is not None else type(exc).__name__
    if "database is locked" in detail or "database table is locked" in detail:
        return "another Ost is writing to this database; try again in a moment"
    return detail.splitlines()[0][:200] if detail else type(exc).__name__


def default_db_path() -> Path:
    """``$OST_DB`` if set, else ``catalogue.sqlite`` in the user's data folder."""
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env).expanduser()
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
    parts = [sheet.name, *sheet.aliases, sheet.faction, *sheet.keywords, *sheet.faction_keywords]
    if faction is not None:
        parts += [faction.name, faction.name_en or ""]
    return fold(" ".join(parts))


_SHEET_COLUMNS = [c.name for c in DatasheetRow.__table__.columns if c.name not in ("search_text", "data", "body")]


#: Fields that tell copies of one datasheet apart (a chapter catalogue repeats the Space Marines
#: datasheets under its own ids and source): left out of the ``body`` fingerprint.
_OWN_FIELDS = ("id", "faction", "source", "source_revision", "bs_ids")


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _data_and_body(sheet: Datasheet) -> tuple[dict[str, Any], str, str]:
    """A datasheet's fields, its JSON, and the fingerprint of that JSON without its :data:`_OWN_FIELDS`."""
    data = sheet.model_dump(mode="json")
    body = _dumps({key: value for key, value in data.items() if key not in _OWN_FIELDS})
    return data, _dumps(data), hashlib.blake2b(body.encode(), digest_size=12).hexdigest()


def sheet_to_row(sheet: Datasheet, faction: Faction | None) -> dict[str, Any]:
    data, text, body = _data_and_body(sheet)
    return {**data, "data": text, "body": body, "search_text": search_text(sheet, faction)}


def row_to_sheet(row: Any, overrides: dict[str, Any] | None = None) -> Datasheet:
    """The datasheet of a database row (its columns), with the user's overrides applied."""
    return sheet_from_data({name: getattr(row, name) for name in _SHEET_COLUMNS}, overrides)


def sheet_from_data(data: dict[str, Any], overrides: dict[str, Any] | None = None) -> Datasheet:
    """The datasheet of stored ``data``, with the user's overrides applied.

    An override that no longer fits the datasheet (say, a minimum size above a
    new maximum) is left out rather than making the datasheet unreadable.
    """
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


class CatalogueStore:
    """The catalogue database at ``path``; migrated to the current schema on open."""

    def __init__(self, path: Path | str, *, migrate: bool = True) -> None:
        self.path = Path(path)
        if self.path.exists() and self.path.is_dir():
            raise StoreError(f"{self.path}: is a folder, not a catalogue database")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(f"sqlite:///{self.path}")
        event.listen(self.engine, "connect", _sqlite_pragmas)
        # pysqlite runs DDL outside transactions unless told otherwise: take over BEGIN so
        # that a migration (CREATE/ALTER TABLE) is all or nothing, like every other write.
        event.listen(self.engine, "begin", _begin)
        if migrate:
            self.migrate()

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> CatalogueStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- schema ---------------------------------------------------------------

    def revision(self) -> str | None:
        """The schema revision recorded in the database (None for a new, empty file)."""
        try:
            with self.engine.connect() as connection:
                if not inspect(connection).has_table("alembic_version"):
                    return None
                row = connection.execute(text("SELECT version_num FROM alembic_version")).first()
                return str(row[0]) if row else None
        except DatabaseError as exc:
            if "locked" in str(exc.orig):
                raise StoreError(f"{self.path}: {_reason(exc)}") from None
            raise StoreError(f"{self.path}: not a catalogue database ({exc.orig})") from None

    def migrate(self) -> None:
        """Apply every pending Alembic migration (a no-op when up to date)."""
        current = self.revision()
        if current == HEAD_REVISION:
            return
        from alembic import command

        if current is not None and current not in _known_revisions():
            raise StoreError(
                f"{self.path}: the database schema ({current}) is newer than this Ost understands; "
                f"update Ost or use another database (--db)"
            )
        try:
            with self.engine.begin() as connection:
                command.upgrade(_alembic_config(connection), "head")
                self._fill_data(connection)
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.path}: cannot migrate the database: {_reason(exc)}") from None

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine) as session:
            yield session

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
        try:
            with self.engine.begin() as connection:
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
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.path}: cannot write the catalogue: {_reason(exc)}") from None

    def replace_sources(
        self,
        sources: Iterable[str],
        datasheets: Iterable[Datasheet],
        factions: Iterable[Faction],
        meta: dict[str, str] | None = None,
        described: Iterable[CatalogueSource] = (),
    ) -> None:
        """Replace the datasheets and factions of ``sources`` in one transaction (all or nothing).

        Everything from other sources (the shipped catalogue, other imports),
        the band table, the glossary and the overrides stay as they are. Meta
        keys equal to a source are replaced by ``meta``'s; ``described``
        sources are written with their name and revision, keeping their on/off
        switch.
        """
        wanted = list(dict.fromkeys(sources))
        faction_list = list(factions)
        by_id = {f.id: f for f in faction_list}
        try:
            with self.engine.begin() as connection:
                switches = self._switches(connection)
                if wanted:
                    connection.execute(delete(SourceRow).where(SourceRow.id.in_(wanted)))
                    connection.execute(delete(DatasheetRow).where(DatasheetRow.source.in_(wanted)))
                    connection.execute(delete(FactionRow).where(FactionRow.source.in_(wanted)))
                    connection.execute(delete(MetaRow).where(MetaRow.key.in_(wanted)))
                if faction_list:
                    connection.execute(insert(FactionRow), [f.model_dump() for f in faction_list])
                rows = [sheet_to_row(s, by_id.get(s.faction)) for s in datasheets]
                if rows:
                    connection.execute(insert(DatasheetRow), rows)
                if meta:
                    connection.execute(delete(MetaRow).where(MetaRow.key.in_(list(meta))))
                    connection.execute(insert(MetaRow), [{"key": k, "value": v} for k, v in meta.items()])
                self._write_sources(connection, described, switches)
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.path}: cannot write the catalogue: {exc}") from None

    def set_meta(self, meta: dict[str, str]) -> None:
        """Set (or replace) some keys of the catalogue's facts, in one transaction."""
        if not meta:
            return
        try:
            with self.engine.begin() as connection:
                connection.execute(delete(MetaRow).where(MetaRow.key.in_(list(meta))))
                connection.execute(insert(MetaRow), [{"key": k, "value": v} for k, v in meta.items()])
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.path}: cannot write the catalogue: {exc}") from None

    # -- sources --------------------------------------------------------------------------------------------------

    @staticmethod
    def _switches(connection: Connection) -> dict[str, bool]:
        return {row.id: bool(row.enabled) for row in connection.execute(select(SourceRow.id, SourceRow.enabled))}

    @staticmethod
    def _write_sources(connection: Connection, sources: Iterable[CatalogueSource], switches: dict[str, bool]) -> None:
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
        with self.engine.connect() as connection:
            return self._sources(connection)

    @staticmethod
    def _sources(connection: Connection) -> list[CatalogueSource]:
        found = {
            row.id: CatalogueSource.model_validate(row._asdict()) for row in connection.execute(select(SourceRow))
        }
        for (source,) in connection.execute(select(DatasheetRow.source).distinct()):
            if source and source not in found:
                found[source] = CatalogueSource(id=source, name=source, kind=source_kind(source))
        return sorted(found.values(), key=lambda s: (s.kind != "shipped", fold(s.name), s.id))

    def source_counts(self) -> dict[str, int]:
        """How many datasheets each source holds."""
        with self.engine.connect() as connection:
            query = select(DatasheetRow.source, func.count()).group_by(DatasheetRow.source)
            return {str(source): int(count) for source, count in connection.execute(query)}

    def set_source_enabled(self, source_id: str, enabled: bool) -> CatalogueSource:
        """Switch a source on or off (kept across rebuilds and re-imports); returns it as now stored.

        Raises :class:`StoreError` for a source the catalogue does not know.
        """
        try:
            with self.engine.begin() as connection:
                known = {s.id: s for s in self._sources(connection)}
                source = known.get(source_id)
                if source is None:
                    choices = ", ".join(known) or "none"
                    raise StoreError(f"{self.path}: no catalogue source {source_id!r} (known: {choices})")
                source = source.model_copy(update={"enabled": enabled})
                connection.execute(delete(SourceRow).where(SourceRow.id == source_id))
                connection.execute(insert(SourceRow), [source.model_dump()])
                return source
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.path}: cannot write the catalogue: {_reason(exc)}") from None

    # -- the user's overrides ----------------------------------------------------------------------------------

    def set_override(self, datasheet_id: str, field: str, value: Any) -> Datasheet:
        """Give ``field`` of a datasheet the user's own ``value``; returns the datasheet as now read.

        Raises :class:`StoreError` for an unknown datasheet, a field that
        cannot be overridden, or a value the datasheet does not accept.
        """
        if field not in OVERRIDABLE_FIELDS:
            raise StoreError(f"field {field!r} cannot be overridden (possible: {', '.join(OVERRIDABLE_FIELDS)})")
        current = self.datasheet(datasheet_id)
        if current is None:
            raise StoreError(f"{self.path}: no datasheet {datasheet_id!r}")
        try:
            checked = Datasheet.model_validate({**current.model_dump(), field: value})
        except ValidationError as exc:
            error = exc.errors()[0]
            raise StoreError(f"{datasheet_id}: invalid value {value!r} for {field}: {error['msg']}") from None
        stored = checked.model_dump(mode="json")[field]
        try:
            with self.engine.begin() as connection:
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
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.path}: cannot write the override: {_reason(exc)}") from None
        updated = self.datasheet(datasheet_id)
        assert updated is not None
        return updated

    def clear_override(self, datasheet_id: str, field: str | None = None) -> int:
        """Remove the user's value of ``field`` (every field when ``None``); returns how many were removed."""
        statement = delete(DatasheetOverrideRow).where(DatasheetOverrideRow.datasheet_id == datasheet_id)
        if field is not None:
            statement = statement.where(DatasheetOverrideRow.field == field)
        try:
            with self.engine.begin() as connection:
                return connection.execute(statement).rowcount or 0
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.path}: cannot remove the override: {_reason(exc)}") from None

    def overrides(self, datasheet_id: str | None = None) -> dict[str, dict[str, Any]]:
        """The user's values: datasheet id -> field -> value."""
        query = select(DatasheetOverrideRow).order_by(DatasheetOverrideRow.datasheet_id, DatasheetOverrideRow.field)
        if datasheet_id is not None:
            query = query.where(DatasheetOverrideRow.datasheet_id == datasheet_id)
        with self.engine.connect() as connection:
            return self._overrides(connection, query)

    @staticmethod
    def _overrides(connection: Connection, query: Any) -> dict[str, dict[str, Any]]:
        found: dict[str, dict[str, Any]] = {}
        for row in connection.execute(query):
            found.setdefault(row.datasheet_id, {})[row.field] = row.value
        return found

    def _write(self, connection: Connection, catalogue: Catalogue, meta: dict[str, str]) -> None:
        factions = catalogue.factions
        if factions:
            connection.execute(insert(FactionRow), [f.model_dump() for f in factions.values()])
        rows = [sheet_to_row(s, factions.get(s.faction)) for s in catalogue]
        if rows:
            connection.execute(insert(DatasheetRow), rows)
        self._write_bands(connection, catalogue.bands)
        glossary = {e.key: e for e in catalogue.glossary.values()}
        if glossary:
            connection.execute(insert(GlossaryRow), [e.model_dump() for e in glossary.values()])
        stamp = {"built_at": datetime.now(UTC).isoformat(timespec="seconds"), **meta}
        connection.execute(insert(MetaRow), [{"key": k, "value": v} for k, v in stamp.items()])

    @staticmethod
    def _write_bands(connection: Connection, bands: BandTable) -> None:
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
        with self.engine.connect() as connection:
            return connection.execute(select(DatasheetRow.id).limit(1)).first() is None

    def meta(self) -> dict[str, str]:
        with self.engine.connect() as connection:
            return {row.key: row.value for row in connection.execute(select(MetaRow))}

    def factions(self) -> list[Faction]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(FactionRow).order_by(FactionRow.name))
            return [Faction.model_validate(row._asdict()) for row in rows]

    def bands(self) -> BandTable:
        with self.session() as session:
            rows = session.scalars(select(BandRow).options(selectinload(BandRow.limits))).all()
            return BandTable(
                bands=[
                    Band(
                        label=row.label,
                        points_min=row.points_min,
                        points_max=row.points_max,
                        max_detachments=row.max_detachments,
                        limits={
                            Role(limit.role): RoleLimit(min=limit.min, max=limit.max, per_sheet=limit.per_sheet)
                            for limit in row.limits
                        },
                    )
                    for row in rows
                ]
            )

    def glossary(self) -> list[GlossaryEntry]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(GlossaryRow).order_by(GlossaryRow.key))
            return [GlossaryEntry.model_validate(row._asdict()) for row in rows]

    def datasheets(self, ids: Iterable[str] | None = None) -> list[Datasheet]:
        """Datasheets (all, or those of ``ids``) with the user's overrides applied."""
        query = _sheet_query().order_by(DatasheetRow.__table__.c.id)
        wanted = list(ids) if ids is not None else None
        if wanted is not None:
            query = query.where(DatasheetRow.__table__.c.id.in_(wanted))
        with self.engine.connect() as connection:
            try:
                return self._read_sheets(connection, query, wanted)
            except ValidationError as exc:
                # Rows are validated when written: one that no longer validates comes from another Ost.
                where = ".".join(str(p) for p in exc.errors()[0]["loc"]) if exc.errors() else "?"
                raise StoreError(
                    f"{self.path}: a datasheet cannot be read ({where}): the database was written by another "
                    f"version of Ost. Delete it (Ost builds a new one; import your BattleScribe data again) "
                    f"or use that version."
                ) from None

    def _read_sheets(self, connection: Connection, query: Any, ids: list[str] | None = None) -> list[Datasheet]:
        """The datasheets of ``query`` (a :func:`_sheet_query`), overrides applied.

        Each datasheet was validated when written and is stored whole as JSON
        (``data``): it is rebuilt by pydantic's JSON validator in one step,
        without SQLAlchemy decoding a dozen JSON columns. Datasheets that
        several sources repeat word for word but for their ids (``body``: the
        Space Marines ones in every chapter catalogue) are validated once and
        copied with their own ids. Rows written before ``data`` existed are
        read from their columns.
        """
        overrides_query = select(DatasheetOverrideRow)
        if ids is not None:
            overrides_query = overrides_query.where(DatasheetOverrideRow.datasheet_id.in_(ids))
        overrides = self._overrides(connection, overrides_query)
        rows = connection.execute(query).all()
        legacy: dict[str, Any] = {}
        missing = [row.id for row in rows if row.data is None]
        if missing:
            table = DatasheetRow.__table__
            columns = select(*[table.c[name] for name in _SHEET_COLUMNS]).where(table.c.id.in_(missing))
            legacy = {row.id: row for row in connection.execute(columns)}
        sheets: list[Datasheet] = []
        validate_json = Datasheet.model_validate_json
        bodies: dict[str, Datasheet] = {}
        for row in rows:
            own = overrides.get(row.id)
            if row.data is None:
                sheets.append(row_to_sheet(legacy[row.id], own))
            elif own:
                sheets.append(sheet_from_data(json.loads(row.data), own))
            elif row.body is None or (first := bodies.get(row.body)) is None:
                sheet = validate_json(row.data)
                if row.body is not None:
                    bodies[row.body] = sheet
                sheets.append(sheet)
            else:
                # A repeat: a shallow copy with its own ids (datasheets are never changed in place,
                # and nothing has read ``first`` yet, so it has no cached values to pass on).
                own_fields = {
                    "id": row.id,
                    "faction": row.faction,
                    "source": row.source,
                    "source_revision": row.source_revision,
                    "bs_ids": json.loads(row.bs_ids),
                }
                sheets.append(first.model_copy(update=own_fields))
        return sheets

    def datasheet(self, datasheet_id: str) -> Datasheet | None:
        found = self.datasheets([datasheet_id])
        return found[0] if found else None

    def search(self, query: str, *, limit: int = 50) -> list[Datasheet]:
        """Datasheets matching every word of ``query``, accents and case ignored; switched-off sources left out."""
        table = DatasheetRow.__table__
        switched_off = select(SourceRow.id).where(SourceRow.enabled.is_(False))
        statement = _sheet_query().where(table.c.source.not_in(switched_off))
        for word in fold(query).split():
            escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            statement = statement.where(table.c.search_text.like(f"%{escaped}%", escape="\\"))
        statement = statement.order_by(table.c.faction, table.c.role, table.c.name).limit(limit)
        with self.engine.connect() as connection:
            return self._read_sheets(connection, statement)

    def load(self) -> Catalogue:
        """The whole catalogue in memory, indexed for the validator.

        The garbage collector is paused meanwhile: loading makes a few hundred
        thousand objects that all live on, and the collections they would
        trigger cost more than the loading itself.
        """
        with collector_paused():
            try:
                return Catalogue(self.datasheets(), self.bands(), self.glossary(), self.factions(), self.sources())
            except DatabaseError as exc:
                raise StoreError(f"{self.path}: cannot read the catalogue ({_reason(exc)})") from None

    def _fill_data(self, connection: Connection) -> None:
        """Give rows written before revision 0004 their ``data``; rows that no longer validate keep none."""
        table = DatasheetRow.__table__
        query = select(*[table.c[name] for name in _SHEET_COLUMNS]).where(table.c.data.is_(None))
        for row in connection.execute(query).all():
            try:
                sheet = row_to_sheet(row)
            except ValidationError:
                continue
            _, data, body = _data_and_body(sheet)
            connection.execute(update(DatasheetRow).where(DatasheetRow.id == row.id).values(data=data, body=body))


def _sheet_query() -> Any:
    """The columns :meth:`CatalogueStore._read_sheets` reads: ``data``, ``body`` and the datasheet's own fields.

    ``bs_ids`` comes as its JSON text: decoding it is needed for repeats only.
    """
    table = DatasheetRow.__table__
    own = [table.c[name] for name in _OWN_FIELDS if name != "bs_ids"]
    return select(table.c.data, table.c.body, *own, type_coerce(table.c.bs_ids, Text).label("bs_ids"))


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
