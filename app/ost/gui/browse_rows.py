"""What the catalogue pane lists, as plain rows: kept in the database, so the pane fills before the models load.

The pane needs, for every datasheet it lists, its names, role, faction
group, size, points, sources and the folded text a search matches. Worked
out from a :class:`~ost.core.catalogue.Catalogue` (:func:`pane_payload`) that
takes building every datasheet (the core models and the validator to import,
then the load); kept as one JSON text in the database's
browse table under :data:`PANE_KEY` (:mod:`ost.store.browsing`), the next start
reads it with ``sqlite3`` and the standard JSON reader right after its
first paint (:func:`read_kept_rows`): neither msgspec nor the rest of the store is imported before the
pane is painted. Every write of the database empties it
with the browse table; the window's catalogue loader keeps it again.

This module imports none of the core models: they load only to
work the rows out.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ost import __version__
from ost.core.text import fold

if TYPE_CHECKING:
    from ost.core.catalogue import Catalogue, Datasheet

#: The key of the pane's rows in the database's browse table.
PANE_KEY = "pane"
#: The layout of the kept JSON: change it with the rows' fields (a text of another layout is worked out again).
PANE_LAYOUT = 1

#: One datasheet as the pane lists it: (id, French name, English name, role value, faction group id,
#: legends (0/1), size text, points text, folded search text, sources (ids), other sources' names).
SheetRow = tuple[str, str, str, str, str, int, str, str, str, tuple[str, ...], tuple[str, ...]]


class PaneRows(NamedTuple):
    """The pane's rows and what names their groups and sources; ``text`` is the JSON they were read from.

    (A named tuple: the window's start makes no dataclass before the pane is painted.)
    """

    #: Group id -> (French name, English name).
    groups: dict[str, tuple[str, str]]
    #: Source id -> its name ("": the shipped catalogue's, which the pane says in the user's language).
    sources: dict[str, str]
    #: In French name order (folded).
    rows: tuple[SheetRow, ...]
    #: Indexes into ``rows`` in English name order.
    english_order: tuple[int, ...]
    text: str

    def ordered(self, lang: str) -> Iterable[SheetRow]:
        """The rows in name order of ``lang``."""
        if lang == "en":
            rows = self.rows
            return (rows[i] for i in self.english_order)
        return self.rows


def search_text(sheet: Datasheet, faction_names: Iterable[str]) -> str:
    """What a search matches a datasheet by, folded once."""
    return fold(
        " ".join(
            [
                sheet.name,
                sheet.name_en,
                *sheet.aliases,
                sheet.faction,
                *faction_names,
                *sheet.keywords,
                *sheet.faction_keywords,
            ]
        )
    )


def pane_payload(catalogue: Catalogue) -> dict[str, Any]:
    """The pane's rows of ``catalogue`` as JSON-ready data (hidden datasheets and switched-off sources left out)."""
    from ost.core.browse import browse_entries, faction_groups
    from ost.core.catalogue import BSDATA_SOURCE_PREFIX, SHIPPED_SOURCE

    groups = {group.id: [group.name, group.name_en] for group in faction_groups(catalogue)}
    faction_names = {f.id: [f.name, f.name_en or ""] for f in catalogue.factions.values()}
    rows: list[list[Any]] = []
    for entry in browse_entries(catalogue):
        sheet = entry.sheet
        if sheet.hidden:
            continue
        others = [o.name for o in entry.others if o.name != sheet.name]
        low, high = sheet.min_models, sheet.max_models
        rows.append(
            [
                sheet.id,
                sheet.label("fr"),
                sheet.label("en"),
                sheet.role.value,
                entry.group,
                int(sheet.legends),
                str(low) if low == high else f"{low}–{high}",
                str(sheet.points),
                search_text(sheet, [*faction_names.get(sheet.faction, []), *others]),
                [source or SHIPPED_SOURCE for source in entry.sources],
                others,
            ]
        )
    # Stable sorts: rows of equal names keep the browse order, as the pane listed them.
    rows.sort(key=lambda row: fold(row[1]))
    english = sorted(range(len(rows)), key=lambda n: fold(rows[n][2]))
    sources: dict[str, str] = {}  # each source's name as the pane says it ("": the shipped one, said in the language)
    for source_id in sorted({source for row in rows for source in row[9]}):
        source = catalogue.sources.get(source_id)
        if source is not None and source.name:
            sources[source_id] = source.name
        else:
            sources[source_id] = "" if source_id == SHIPPED_SOURCE else source_id.removeprefix(BSDATA_SOURCE_PREFIX)
    return {"layout": PANE_LAYOUT, "ost": __version__, "groups": groups, "sources": sources, "rows": rows,
            "en": english}  # fmt: skip


def pane_rows(catalogue: Catalogue) -> PaneRows:
    """The pane's rows worked out from ``catalogue`` (what the window does when nothing is kept)."""
    found = parse_rows(json.dumps(pane_payload(catalogue), ensure_ascii=False, separators=(",", ":")))
    assert found is not None
    return found


def is_current(text: str) -> bool:
    """Whether a kept JSON text has this layout and this version of Ost (without reading it all)."""
    return text.startswith(json.dumps({"layout": PANE_LAYOUT, "ost": __version__}, separators=(",", ":"))[:-1] + ",")


def parse_rows(text: str) -> PaneRows | None:
    """The rows of a kept JSON text (None: another layout, another version of Ost, or not JSON).

    Read by :func:`json.loads`, not msgspec (1.9 ms instead of 3.5 on the full
    release, but importing msgspec costs the start 14 ms more before the pane
    is painted).
    """
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("layout") != PANE_LAYOUT or data.get("ost") != __version__:
        return None
    return PaneRows(
        groups={group: (fr, en) for group, (fr, en) in data["groups"].items()},
        sources=data["sources"],
        rows=tuple(
            (i, fr, en, role, group, legends, size, points, folded, tuple(sources), tuple(others))
            for i, fr, en, role, group, legends, size, points, folded, sources, others in data["rows"]
        ),
        english_order=tuple(data["en"]),
        text=text,
    )


def read_kept_rows(db: Path | None) -> PaneRows | None:
    """The rows kept in the database ``db`` (None: the default one), read-only; None when nothing usable is kept."""
    from ost.store.kept import read_kept

    if db is None:
        from ost.store.database import default_db_path

        db = default_db_path()
    text = read_kept(db, PANE_KEY)
    return parse_rows(text) if text is not None else None
