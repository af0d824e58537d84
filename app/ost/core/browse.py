"""One name per faction and one entry per datasheet across catalogue sources: what a browser shows.

With BattleScribe data imported beside the shipped catalogue, the same faction
comes from two sources (the shipped "Astra Militarum" and the imported
"Imperium - Astra Militarum") and so do many datasheets (the shipped
"Leman Russ" and the imported one). A person browsing wants one faction and
one Leman Russ, and to see where it comes from. This module works that out
from the catalogue alone (pure: no database, no Qt):

* :func:`faction_groups` merges factions that are one faction to the user;
* :func:`browse_entries` lists the datasheets of a group (or of every group),
  a datasheet present in several sources appearing once.

Switched-off sources (:class:`~ost.core.catalogue.CatalogueSource`) are left
out of both. The GUI's catalogue browser and ``ost catalogue list`` use them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ost.core.catalogue import BSDATA_SOURCE_PREFIX, Catalogue, Datasheet, Faction, source_kind
from ost.core.roles import Role
from ost.core.text import fold

_ROLE_ORDER = {role: index for index, role in enumerate(Role)}


@dataclass(frozen=True)
class FactionGroup:
    """Factions of several sources that are one faction to the user.

    ``id`` is the id of the faction that names the group (the shipped one
    when there is one); ``name`` is its name (French), ``name_en`` its
    English name. ``faction_ids`` lists every faction in the group, the
    naming one first; ``sources`` the sources they come from, in the same order.
    """

    id: str
    name: str
    name_en: str
    faction_ids: tuple[str, ...]
    sources: tuple[str, ...]

    def label(self, lang: str) -> str:
        return self.name if lang == "fr" else self.name_en


@dataclass(frozen=True)
class BrowseEntry:
    """One datasheet as the browser lists it: ``sheet`` to use, the same datasheet from other sources in ``others``.

    ``sheet`` is the shipped datasheet when the shipped catalogue has it,
    else the one of the first source (by name); ``others`` are switched-on
    sources' copies, in the same preference order.
    """

    sheet: Datasheet
    group: str
    others: tuple[Datasheet, ...] = field(default=())

    @property
    def sources(self) -> tuple[str, ...]:
        """Every source the datasheet is in, the one of :attr:`sheet` first."""
        return (self.sheet.source, *(s.source for s in self.others))

    @property
    def sheets(self) -> tuple[Datasheet, ...]:
        return (self.sheet, *self.others)


def plain_faction_name(name: str) -> str:
    """A faction's name without BattleScribe's grand-alliance prefix, folded.

    "Imperium - Astra Militarum" gives "astra militarum".
    """
    return fold(name.rsplit(" - ", 1)[-1])


def _faction_order(faction: Faction) -> tuple[bool, str, str]:
    return (source_kind(faction.source) != "shipped", fold(faction.name), faction.id)


def _catalogue_ids(faction: Faction) -> set[str]:
    """The BattleScribe catalogue ids a faction is known by (its own import, its counterparts)."""
    ids = set(faction.counterparts)
    if faction.source_id:
        ids.add(faction.source_id)
    if faction.source.startswith(BSDATA_SOURCE_PREFIX):
        ids.add(faction.source[len(BSDATA_SOURCE_PREFIX) :])
    return ids


def faction_groups(catalogue: Catalogue) -> list[FactionGroup]:
    """The catalogue's factions merged into one group per faction the user knows, in name order.

    Two factions are one when one names the other's BattleScribe catalogue
    among its ``counterparts`` (or as its own ``source_id``), or when their
    names agree once BattleScribe's "Imperium - " style prefix is dropped,
    accents and case ignored (either name, French or English). The group
    takes the shipped faction's names (French first), else those of the
    first faction by name. Factions of switched-off sources are left out.
    """
    by_catalogue: dict[str, list[Faction]] = {}
    by_name: dict[str, list[Faction]] = {}
    groups: list[list[Faction]] = []
    for faction in sorted(catalogue.factions.values(), key=_faction_order):
        if not catalogue.source_enabled(faction.source):
            continue
        ids = _catalogue_ids(faction)
        names = {plain_faction_name(faction.name), plain_faction_name(faction.name_en or faction.name)}
        group = next((by_catalogue[i] for i in sorted(ids) if i in by_catalogue), None)
        if group is None:
            group = next((by_name[n] for n in sorted(names) if n in by_name), None)
        if group is None:
            group = []
            groups.append(group)
        group.append(faction)
        for known in ids:
            by_catalogue.setdefault(known, group)
        for name in names:
            by_name.setdefault(name, group)
    result = [
        FactionGroup(
            id=members[0].id,
            name=members[0].name,
            name_en=members[0].name_en or members[0].name,
            faction_ids=tuple(f.id for f in members),
            sources=tuple(f.source for f in members),
        )
        for members in groups
    ]
    return sorted(result, key=lambda g: (fold(g.name), g.id))


def _sheet_order(sheet: Datasheet) -> tuple[bool, str, str]:
    return (source_kind(sheet.source) != "shipped", sheet.source, sheet.id)


def _keys(sheet: Datasheet) -> list[tuple[str, str]]:
    """What tells that two datasheets of different sources are one: BattleScribe ids, then names."""
    keys = [("bs", i) for i in ([sheet.counterpart] if sheet.counterpart else [])]
    keys += [("bs", i) for i in sheet.bs_ids]
    if sheet.source_id:
        keys.append(("bs", sheet.source_id))
    keys += [("name", fold(n)) for n in (sheet.name, *sheet.aliases)]
    return keys


def _merge(group: str, sheets: Iterable[Datasheet]) -> list[BrowseEntry]:
    entries: list[list[Datasheet]] = []
    index: dict[tuple[str, str], list[list[Datasheet]]] = {}
    for sheet in sorted(sheets, key=_sheet_order):
        keys = _keys(sheet)
        target = None
        for key in keys:
            for entry in index.get(key, []):
                # One datasheet per source in an entry: two sheets of one source are two datasheets.
                if all(s.source != sheet.source for s in entry):
                    target = entry
                    break
            if target is not None:
                break
        if target is None:
            target = []
            entries.append(target)
        target.append(sheet)
        for key in keys:
            known = index.setdefault(key, [])
            if target not in known:
                known.append(target)
    result = [BrowseEntry(sheet=e[0], group=group, others=tuple(e[1:])) for e in entries]
    return sorted(result, key=lambda e: (_ROLE_ORDER[e.sheet.role], fold(e.sheet.name), e.sheet.id))


def browse_entries(catalogue: Catalogue, group: FactionGroup | str | None = None) -> list[BrowseEntry]:
    """The datasheets to browse, one entry per datasheet whatever the number of sources that hold it.

    With ``group`` (a :class:`FactionGroup` or its id), only that faction's
    datasheets; without, every group's in turn (group name order). Within a
    group, datasheets of different sources are one entry when the shipped
    datasheet's BattleScribe ``counterpart`` is among the imported one's ids,
    when two imports share the BattleScribe entry (a chapter catalogue repeats
    the Space Marines ones), or when a name or alias is the other's name. The
    entry's :attr:`~BrowseEntry.sheet` is the shipped datasheet when there is
    one, else the first source's by name; the others are listed with their
    sources. Datasheets of switched-off sources are left out; entries come in
    role order, then name order.
    """
    groups = faction_groups(catalogue)
    group_of = {faction_id: g.id for g in groups for faction_id in g.faction_ids}
    wanted = group.id if isinstance(group, FactionGroup) else group
    buckets: dict[str, list[Datasheet]] = {}
    for sheet in catalogue.enabled_sheets():
        key = group_of.get(sheet.faction, sheet.faction)
        if wanted is None or key == wanted:
            buckets.setdefault(key, []).append(sheet)
    order = {g.id: index for index, g in enumerate(groups)}
    result: list[BrowseEntry] = []
    for key in sorted(buckets, key=lambda k: (order.get(k, len(order)), k)):
        result.extend(_merge(key, buckets[key]))
    return result


def entries_of(catalogue: Catalogue, sheets: Iterable[Datasheet]) -> list[BrowseEntry]:
    """The browse entries that hold ``sheets`` (search results), in the order they are first found, each once.

    A search finds the shipped "Char Leman Russ" and the imported "Leman Russ
    Battle Tanks"; the person wants one line, with both sources. A datasheet
    that no entry holds (its source switched off) is left out.
    """
    wanted = list(sheets)
    if not wanted:
        return []
    holder: dict[tuple[str, str], BrowseEntry] = {}
    for entry in browse_entries(catalogue):
        for sheet in entry.sheets:
            holder[(sheet.source, sheet.id)] = entry
    result: list[BrowseEntry] = []
    seen: set[int] = set()
    for sheet in wanted:
        found = holder.get((sheet.source, sheet.id))
        if found is not None and id(found) not in seen:
            seen.add(id(found))
            result.append(found)
    return result
