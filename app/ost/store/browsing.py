"""The browse table: what ``ost catalogue list`` and search show, worked out once and kept in the database.

Listing the catalogue means one entry per datasheet across sources
(:func:`ost.core.browse.browse_entries`), which needs every datasheet built
and merged: a third of a second on the full BattleScribe release, every time.
The entries depend only on what is stored, so they are worked out once, after
a write, and kept as one JSON text in ``browse_cache``; a later reader reads
that text and builds no datasheet (no model import either).

Every write of the store empties ``browse_cache`` in its own transaction
(:func:`forget_browse`, from ``CatalogueStore._writing``: the YAML build, an
import, a switch, an override, a migration); an Ost older than revision 0007
refuses to write this database at all. The first reader after a write fills
it again, in a write transaction that also reads the catalogue, so no write
can slip between the two; a database it cannot write (read-only, locked) is
simply read the long way. (Not SQLite triggers: they run once per row, a
tenth more on the write of a whole BattleScribe release.)
This module imports only the standard library and light core modules; the
datasheet models load only to fill the table.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import msgspec

from ost import __version__
from ost.core.roles import Role
from ost.core.text import fold

if TYPE_CHECKING:
    from ost.core.catalogue import Catalogue
    from ost.store.database import CatalogueStore

_KEY = "entries"
#: The layout of the stored JSON. A text of another layout, or kept by another version of Ost (whose
#: merging of sources may differ), is worked out again: change this number with the rules of
#: :mod:`ost.core.browse` or with the rows' layout.
_LAYOUT = 1


class BrowseRow(NamedTuple):
    """One browse entry as listed: its datasheet's id, names, role, size and price, and every source's copy.

    ``sheets`` holds (source, datasheet id) of every copy, the listed one first. (A named tuple: the full
    release has four thousand of them to make at every listing.)
    """

    id: str
    name: str
    name_en: str
    role: Role
    group: str
    faction: str
    models: str
    points: str
    sheets: tuple[tuple[str, str], ...]

    def label(self, lang: str) -> str:
        return self.name_en if lang == "en" else self.name

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(source for source, _ in self.sheets)


class BrowseTable(msgspec.Struct, frozen=True):
    """Every entry in browse order (group, role, name), and each faction group with the names that select it."""

    rows: tuple[BrowseRow, ...]
    #: Group id -> folded names and ids that select it (its own, and every member faction's).
    groups: dict[str, frozenset[str]]

    def filtered(self, faction: str | None = None, role: Role | None = None) -> list[BrowseRow]:
        """The rows of a faction (a group's or a member faction's id or name, accents and case ignored) and a role."""
        rows: list[BrowseRow] = list(self.rows)
        if faction:
            key = fold(faction)
            chosen = {group for group, keys in self.groups.items() if key in keys}
            rows = [r for r in rows if r.group in chosen or fold(r.faction) == key]
        return [r for r in rows if role is None or r.role is role]

    def holding(self, sheets: list[tuple[str, str]]) -> list[BrowseRow]:
        """The rows that hold ``sheets`` ((source, id) pairs, search results), in the order first found, each once."""
        holder = {sheet: row for row in self.rows for sheet in row.sheets}
        found: list[BrowseRow] = []
        seen: set[int] = set()
        for sheet in sheets:
            row = holder.get(sheet)
            if row is not None and id(row) not in seen:
                seen.add(id(row))
                found.append(row)
        return found


def browse_table(store: CatalogueStore) -> BrowseTable:
    """The browse table of ``store``: read as kept, else worked out (and kept when the database can be written)."""
    from ost.store.database import StoreError

    with store._reading() as db:
        row = db.execute("SELECT value FROM browse_cache WHERE key = ?", (_KEY,)).fetchone()
    if row is not None:
        kept = json.loads(row[0])
        if kept.get("layout") == _LAYOUT and kept.get("ost") == __version__:
            return _table(kept)
    try:
        return _table(_fill(store))
    except (sqlite3.Error, StoreError):  # read-only, locked: read the long way, keep nothing
        return _table(payload(store.load(light=True)))


def forget_browse(execute: Callable[..., Any]) -> None:
    """Empty the kept browse table through ``execute`` (a write transaction's), when the schema has it."""
    if execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'browse_cache'").fetchone():
        execute("DELETE FROM browse_cache")


def _fill(store: CatalogueStore) -> dict[str, Any]:
    """Work the entries out and keep them, in one write transaction (no write can come between)."""
    db = sqlite3.connect(store.path, isolation_level=None, timeout=0.5)
    try:
        db.execute("BEGIN IMMEDIATE")
        found = payload(store.load(light=True, connection=db))
        db.execute(
            "INSERT OR REPLACE INTO browse_cache (key, value) VALUES (?, ?)",
            (_KEY, json.dumps(found, ensure_ascii=False, separators=(",", ":"))),
        )
        db.execute("COMMIT")
        return found
    finally:
        db.close()


def payload(catalogue: Catalogue) -> dict[str, Any]:
    """The browse table of ``catalogue`` as JSON-ready data (what :func:`browse_table` keeps)."""
    from ost.core.browse import browse_entries, faction_groups

    groups: dict[str, list[str]] = {}
    for group in faction_groups(catalogue):
        keys = {fold(group.id), fold(group.name), fold(group.name_en)}
        for member in (catalogue.factions.get(i) for i in group.faction_ids):
            if member is not None:
                keys |= {fold(member.id), fold(member.name), fold(member.name_en or "")}
        groups[group.id] = sorted(keys)
    rows = []
    for entry in browse_entries(catalogue):
        sheet = entry.sheet
        low, high = sheet.min_models, sheet.max_models
        models = f"{low}" if low == high else f"{low}-{high}"
        points = f"{sheet.points}" + (f" +{sheet.points_per_model}" if sheet.points_per_model else "")
        copies = [[s.source, s.id] for s in entry.sheets]
        rows.append([sheet.id, sheet.label("fr"), sheet.label("en"), sheet.role.value, entry.group, sheet.faction,
                     models, points, copies])  # fmt: skip
    return {"layout": _LAYOUT, "ost": __version__, "groups": groups, "rows": rows}


def _table(data: dict[str, Any]) -> BrowseTable:
    role = Role
    return BrowseTable(
        rows=tuple(
            BrowseRow(sheet_id, name, name_en, role(value), group, faction, models, points, tuple(map(tuple, copies)))
            for sheet_id, name, name_en, value, group, faction, models, points, copies in data["rows"]
        ),
        groups={group: frozenset(keys) for group, keys in data["groups"].items()},
    )
