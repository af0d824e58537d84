"""ORM tables of the catalogue database.

A datasheet is one JSON text (``datasheets.data``) beside the few columns
that queries search, filter and sort on; the other tables are small.
"""

from __future__ import annotations

from typing import Any, ClassVar

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class FactionRow(Base):
    __tablename__ = "factions"

    id: Mapped[str] = mapped_column(String, primary_key=True)
    name: Mapped[str] = mapped_column(String)
    name_en: Mapped[str | None] = mapped_column(String, nullable=True)
    source: Mapped[str] = mapped_column(String, default="")
    revision: Mapped[str | None] = mapped_column(String, nullable=True)
    counterparts: Mapped[list[Any]] = mapped_column(JSON, default=list)
    source_id: Mapped[str | None] = mapped_column(String, nullable=True)


class DatasheetRow(Base):
    """One datasheet: stored whole as JSON in ``data``; the other columns are the ones queries use.

    ``search_text``, ``faction``, ``role``, ``name`` and ``source`` serve
    search, filtering, sorting and the count per source; ``source_revision``
    and ``bs_ids`` (JSON text) are the datasheet's own fields that a repeat
    (same ``body``, another source) takes when it is copied from its first
    reading. Revision 0005 dropped the ~20 columns that repeated ``data``.
    """

    __tablename__ = "datasheets"

    id: Mapped[str] = mapped_column(String, primary_key=True)
    name: Mapped[str] = mapped_column(String)
    #: Folded name, aliases, faction and keywords for accent-insensitive search (``LIKE '%word%'``,
    #: which no index serves: revision 0005 dropped the one it had, a cost on every write).
    search_text: Mapped[str] = mapped_column(Text, default="")
    faction: Mapped[str] = mapped_column(String, index=True, default="")
    role: Mapped[str] = mapped_column(String, index=True)
    source: Mapped[str] = mapped_column(String, default="", index=True)
    source_revision: Mapped[str | None] = mapped_column(String, nullable=True)
    #: JSON text, written and read as such (the store's own SQL): SQLAlchemy never decodes it.
    bs_ids: Mapped[Any] = mapped_column(JSON, default=list)
    #: The whole datasheet as validated JSON (without the user's overrides): loading validates
    #: this one column in one step.
    data: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: ``data`` without the heavy fields (``ost.core.catalogue.HEAVY_FIELDS``): what commands that need
    #: every datasheet's name, role, keywords or ids read of each (revision 0006).
    facts: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: A hash of ``data`` without the datasheet's ids and source: equal for the copies of one
    #: datasheet that several sources repeat (loaded once, then copied).
    body: Mapped[str | None] = mapped_column(String, nullable=True)


class BandRow(Base):
    __tablename__ = "bands"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    label: Mapped[str] = mapped_column(String)
    points_min: Mapped[int] = mapped_column(Integer)
    points_max: Mapped[int] = mapped_column(Integer)
    max_detachments: Mapped[int] = mapped_column(Integer)
    limits: Mapped[list[BandLimitRow]] = relationship(
        back_populates="band", cascade="all, delete-orphan", order_by="BandLimitRow.role"
    )


class BandLimitRow(Base):
    __tablename__ = "band_limits"

    band_id: Mapped[int] = mapped_column(ForeignKey("bands.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String, primary_key=True)
    min: Mapped[int] = mapped_column(Integer, default=0)
    max: Mapped[int | None] = mapped_column(Integer, nullable=True)
    per_sheet: Mapped[int | None] = mapped_column(Integer, nullable=True)
    band: Mapped[BandRow] = relationship(back_populates="limits")


class GlossaryRow(Base):
    __tablename__ = "glossary"

    key: Mapped[str] = mapped_column(String, primary_key=True)
    name_fr: Mapped[str] = mapped_column(String)
    name_en: Mapped[str] = mapped_column(String)
    kind: Mapped[str] = mapped_column(String, default="unit")
    has_parameter: Mapped[bool] = mapped_column(Boolean, default=False)
    summary_fr: Mapped[str] = mapped_column(Text)
    summary_en: Mapped[str] = mapped_column(Text)


class MetaRow(Base):
    """Facts about the catalogue itself (where it was built from, when)."""

    __tablename__ = "catalogue_meta"

    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class SourceRow(Base):
    """A source of datasheets (the shipped catalogue, one BattleScribe import) and its on/off switch."""

    __tablename__ = "catalogue_sources"

    id: Mapped[str] = mapped_column(String, primary_key=True)
    kind: Mapped[str] = mapped_column(String, default="other")
    name: Mapped[str] = mapped_column(String, default="")
    revision: Mapped[str | None] = mapped_column(String, nullable=True)
    fingerprint: Mapped[str | None] = mapped_column(String, nullable=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)


class DatasheetOverrideRow(Base):
    """A user's own value for one field of one datasheet; it survives rebuilds and re-imports.

    Kept apart from ``datasheets`` (no foreign key) because imports replace
    datasheet rows wholesale; the override is applied whenever the datasheet
    is read, and simply waits when its datasheet is absent.
    """

    __tablename__ = "datasheet_overrides"

    datasheet_id: Mapped[str] = mapped_column(String, primary_key=True)
    field: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[Any] = mapped_column(JSON, nullable=True)
    set_at: Mapped[str] = mapped_column(String, default="")


class BrowseCacheRow(Base):
    """What browsing the catalogue shows, worked out once (``ost.store.browsing``); every store write empties it."""

    __tablename__ = "browse_cache"

    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[str] = mapped_column(Text)
