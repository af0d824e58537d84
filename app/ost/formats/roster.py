"""BattleScribe rosters: ``.ros`` (XML) and ``.rosz`` (a zip holding one ``.ros``).

A roster is ``roster/forces/force/selections/selection``. Each force becomes a
detachment. Each top-level selection of type ``unit`` or ``model`` (or an
``upgrade`` whose primary category is a battlefield role) becomes a unit; its
model count is the sum of the ``number`` of its ``model`` selections, its
points the sum of every ``pts`` cost in its subtree (BattleScribe prices each
selection separately). Upgrades become wargear options when the datasheet has
a matching option, and a note otherwise.

Datasheets are found by BattleScribe id first (``entryLinkId``, then
``entryId``, which may be a path of ids joined by ``::``; see
``Datasheet.bs_ids``), then by name. A unit the catalogue lacks is kept with
what the roster says of it (role, points, keywords) so the list still opens
and the validator reports it as ``UNIT-UNKNOWN``.

Reading is bounded: the XML parser refuses DTDs and entities, sizes are
capped, and a ``.rosz`` member is decompressed chunk by chunk with a byte
count: :func:`parse_xml_safely` and :func:`read_single_member` call the shared
guarded reader of ``ost.formats.safexml`` (odd or empty member names included).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from ost.core.armylist import ArmyList, Detachment, Unit, UnitSnapshot, snapshot_of
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.roles import Role
from ost.core.text import fold, is_placeholder, keyword_key, slug
from ost.formats import safexml
from ost.formats.reading import (
    GUESS_THRESHOLD,
    MATCH_THRESHOLD,
    IgnoredEntry,
    ListReadError,
    MatchedUnit,
    NameMatcher,
    ReadingReport,
    UnknownEntry,
    match_option,
    shorten,
)
from ost.formats.safexml import Limits, XmlInputError, parse_xml_bytes

#: Largest roster XML Ost reads (after decompression for a ``.rosz``).
MAX_XML_BYTES = 32 * 1024 * 1024
#: Largest ``.rosz`` archive Ost opens.
MAX_ARCHIVE_BYTES = 16 * 1024 * 1024
#: More entries than this in a ``.rosz`` is not a roster.
MAX_ARCHIVE_ENTRIES = 64
#: Deepest nesting of forces or selections Ost follows.
MAX_DEPTH = 64
#: Most units one roster may hold (a 4000-point army has far fewer).
MAX_UNITS = 2000

_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
_CHUNK = 64 * 1024

#: Fixed ids of the battlefield-role categories in the 9th-edition game system.
ROLE_CATEGORY_IDS: dict[str, Role] = {
    "848a6ff2-0def-4c72-8433-ff7da70e6bc7": Role.HQ,
    "5d76b6f5-20ae-4d70-8f59-ade72a2add3a": Role.TROOPS,
    "638d74c6-bd97-4de5-b65a-6aaa24e9f4b2": Role.ELITES,
    "c274d0b0-5866-44bc-9810-91c136ae7438": Role.FAST_ATTACK,
    "abf5fd55-9ac7-4263-8bc1-a9fb0a8fa6a6": Role.HEAVY_SUPPORT,
    "c888f08a-6cea-4a01-8126-d374a9231554": Role.LORD_OF_WAR,
    "d713cda3-5d0f-40d8-b621-69233263ec2a": Role.FORTIFICATION,
    "e888-1504-aa61-95ff": Role.FLYER,
    "1b66-3f5f-6705-079a": Role.DEDICATED_TRANSPORT,
}
_UNSLOTTED_NAMES = {
    fold(n) for n in ("No Force Org Slot", "Agent of the Imperium", "Primarch | Daemon Primarch | Supreme Commander")
}
_WARLORD = {fold("Warlord"), fold("Seigneur de guerre")}
_POINTS_NAMES = {"pts", "points", "pt"}
_FACTION_PREFIX = "faction:"


def is_zip(data: bytes) -> bool:
    return data[:4] in _ZIP_MAGIC


# --- safe reading -------------------------------------------------------------------------


def parse_xml_safely(data: bytes, source: str, limit: int = MAX_XML_BYTES) -> Element:
    """Parse XML through the shared guarded reader :mod:`ost.formats.safexml`; at most ``limit`` bytes."""
    if len(data) > limit:
        raise ListReadError(source, f"the XML is larger than {limit // (1024 * 1024)} MB")
    try:
        return parse_xml_bytes(data, source)
    except XmlInputError as exc:
        raise ListReadError(source, exc.message_en) from None


def read_single_member(data: bytes, source: str, limit: int = MAX_XML_BYTES) -> tuple[str, bytes]:
    """The name and bytes of the one file in a ``.rosz``, through the shared guarded zip reader."""
    limits = Limits(
        max_zip_bytes=MAX_ARCHIVE_BYTES, max_members=MAX_ARCHIVE_ENTRIES, max_member_bytes=limit, max_total_bytes=limit
    )
    try:
        return safexml.read_single_member(data, source, limits)
    except XmlInputError as exc:
        raise ListReadError(source, exc.message_en) from None


# --- XML helpers -----------------------------------------------------------------------


def _local(tag: object) -> str:
    text = tag if isinstance(tag, str) else ""
    return text.rsplit("}", 1)[-1]


def _items(element: Element, container: str, item: str) -> Iterator[Element]:
    for child in element:
        if _local(child.tag) == container:
            for grandchild in child:
                if _local(grandchild.tag) == item:
                    yield grandchild


def _number(value: str | None, default: int = 1) -> int:
    if value is None:
        return default
    try:
        number = float(value.strip())
    except ValueError:
        return default
    if not math.isfinite(number) or number < 0 or number > 1_000_000:
        return default
    return round(number)


def _points_of(element: Element) -> float:
    """The ``pts`` cost of one selection (0 when it has none)."""
    total = 0.0
    for cost in _items(element, "costs", "cost"):
        type_id = (cost.get("typeId") or "").strip()
        name = (cost.get("name") or "").strip().casefold()
        if type_id != "points" and name not in _POINTS_NAMES:
            continue
        try:
            value = float((cost.get("value") or "0").strip())
        except ValueError:
            continue
        if math.isfinite(value) and abs(value) < 1e7:
            total += value
    return total


def _role_of_category(entry_id: str, name: str) -> Role | None:
    role = ROLE_CATEGORY_IDS.get(entry_id.strip())
    if role is not None:
        return role
    key = fold(name)
    if key in _UNSLOTTED_NAMES:
        return Role.UNSLOTTED
    try:
        return Role.parse(name)
    except ValueError:
        return None


@dataclass
class _Categories:
    role: Role | None = None
    keywords: list[str] = field(default_factory=list)
    factions: list[str] = field(default_factory=list)


def _categories(selection: Element) -> _Categories:
    found = _Categories()
    for category in _items(selection, "categories", "category"):
        name = " ".join((category.get("name") or "").split())
        entry_id = category.get("entryId") or ""
        if (category.get("primary") or "").strip().lower() == "true" and found.role is None:
            found.role = _role_of_category(entry_id, name)
            if found.role is not None:
                continue
        if not name or _role_of_category(entry_id, name) is not None:
            continue
        if name.casefold().startswith(_FACTION_PREFIX):
            faction = name[len(_FACTION_PREFIX) :].strip()
            if faction and faction not in found.factions:
                found.factions.append(faction)
        elif name not in found.keywords:
            found.keywords.append(name)
    return found


# --- reading ---------------------------------------------------------------------------


@dataclass
class _Gear:
    """Upgrades found under a unit: name -> times taken, in order."""

    counts: dict[str, int] = field(default_factory=dict)
    warlord: bool = False


class _RosterReader:
    def __init__(
        self, catalogue: Catalogue, source: str, report: ReadingReport, matcher: NameMatcher | None = None
    ) -> None:
        self.catalogue = catalogue
        self.source = source
        self.report = report
        self.matcher = matcher if matcher is not None and matcher.catalogue is catalogue else NameMatcher(catalogue)
        self.army = ArmyList()
        self.unit_count = 0

    def read(self, root: Element) -> ArmyList:
        if _local(root.tag) != "roster":
            raise ListReadError(
                self.source, f"not a BattleScribe roster: the document is a <{shorten(_local(root.tag), 40)}>"
            )
        self.army.name = " ".join((root.get("name") or "").split())
        self.army.points_limit = self._points_limit(root)
        for force in self._forces(root, 0):
            self._read_force(force)
        if not self.army.detachments:
            self.report.warn(
                "Le roster ne contient aucune force (détachement).", "The roster holds no force (detachment)."
            )
        self._note_unrecorded_links()
        return self.army

    def _points_limit(self, root: Element) -> int | None:
        for limit in _items(root, "costLimits", "costLimit"):
            type_id = (limit.get("typeId") or "").strip()
            name = (limit.get("name") or "").strip().casefold()
            if type_id == "points" or name in _POINTS_NAMES:
                value = _number(limit.get("value"), 0)
                return value if value > 0 else None
        return None

    def _forces(self, element: Element, depth: int) -> Iterator[Element]:
        if depth > MAX_DEPTH:
            raise ListReadError(self.source, "forces are nested too deep to be a roster")
        for force in _items(element, "forces", "force"):
            yield force
            yield from self._forces(force, depth + 1)

    def _read_force(self, force: Element) -> None:
        name = " ".join((force.get("name") or "").split())
        catalogue_name = " ".join((force.get("catalogueName") or "").split())
        label = name or f"Force {len(self.army.detachments) + 1}"
        if catalogue_name:
            label = f"{label} ({catalogue_name})"
        detachment = Detachment(id=f"d{len(self.army.detachments) + 1}", name=label)
        self.army.detachments.append(detachment)
        hint = self.matcher.faction_of(catalogue_name) if catalogue_name else None
        for selection in _items(force, "selections", "selection"):
            self._read_selection(selection, detachment, hint)
        self._share_placeholders(detachment)

    def _share_placeholders(self, detachment: Detachment) -> None:
        """Give a sub-faction read on one unit to the units of the same force that lack it.

        BattleScribe writes the sub-faction ("Faction: Ultramarines") on some
        selections only; a force has one, so a single value found in the force
        holds for all its units.
        """
        values: dict[str, set[str]] = {}
        for unit in detachment.units:
            for key, value in unit.placeholders.items():
                values.setdefault(key, set()).add(value)
        for unit in detachment.units:
            sheet = self.catalogue.get(unit.datasheet)
            if sheet is None:
                continue
            for keyword in sheet.faction_keywords:
                found = values.get(keyword, set())
                if is_placeholder(keyword) and keyword not in unit.placeholders and len(found) == 1:
                    unit.placeholders[keyword] = next(iter(found))

    def _is_unit(self, selection: Element, categories: _Categories) -> bool:
        kind = (selection.get("type") or "").strip().lower()
        if kind in ("unit", "model"):
            return True
        return categories.role is not None and categories.role is not Role.UNSLOTTED

    def _read_selection(self, selection: Element, detachment: Detachment, hint: str | None) -> None:
        name = " ".join((selection.get("name") or "").split())
        where = detachment.name
        categories = _categories(selection)
        if not self._is_unit(selection, categories):
            self.report.ignored.append(_ignored(where, name))
            return
        sheet, method, confidence, best = self._resolve(selection, name, hint)
        kind = (selection.get("type") or "").strip().lower()
        number = max(1, _number(selection.get("number")))
        models = self._count_models(selection, 0)
        copies = 1
        if models == 0:
            if kind == "model":
                single = sheet.max_models == 1 if sheet is not None else False
                models, copies = (1, number) if single else (number, 1)
            else:
                copies = number
                models = sheet.min_models if sheet is not None else 1
                if sheet is not None and sheet.min_models > 1:
                    self.report.warn(
                        f"{where} : le roster ne donne pas de figurines ; Ost compte le minimum ({models}).",
                        f"{where}: the roster gives no models; Ost counts the minimum ({models}).",
                    )
        elif number > 1:
            # BattleScribe's child numbers and costs are totals over the copies: share them out.
            copies = number
            models = max(1, round(models / copies))
        if copies > 1:
            self.report.warn(
                f"{where} : sélection prise {copies} fois, lue comme {copies} unités.",
                f"{where}: selection taken {copies} times, read as {copies} units.",
            )
        points = max(0, round(self._subtree_points(selection, 0) / copies))
        gear = _Gear()
        self._collect_gear(selection, gear, 0)
        if copies > 1:
            gear.counts = {name: max(1, round(count / copies)) for name, count in gear.counts.items()}
        custom = " ".join((selection.get("customName") or "").split()) or None
        for _ in range(copies):
            self._add_unit(
                detachment,
                selection,
                name,
                where,
                sheet,
                method,
                confidence,
                best,
                models,
                points,
                gear,
                categories,
                custom,
            )

    def _resolve(
        self, selection: Element, name: str, hint: str | None
    ) -> tuple[Datasheet | None, str, float, tuple[str, float] | None]:
        candidates: list[str] = []
        link = (selection.get("entryLinkId") or "").strip()
        if link:
            candidates.append(link)
        entry = (selection.get("entryId") or "").strip()
        if entry:
            candidates.append(entry)
            parts = [p for p in entry.split("::") if p]
            candidates.extend(reversed(parts))
        for candidate in candidates:
            sheet = self.catalogue.by_bs_id(candidate)
            if sheet is not None:
                return sheet, "bs-id", 1.0, None
        found = self.matcher.best(name, hint)
        if found is not None and found.score >= MATCH_THRESHOLD:
            return found.sheet, found.method, found.confidence, None
        guess = (found.sheet.name, found.confidence) if found is not None and found.score >= GUESS_THRESHOLD else None
        return None, "", 0.0, guess

    def _count_models(self, selection: Element, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise ListReadError(self.source, "selections are nested too deep to be a roster")
        total = 0
        for child in _items(selection, "selections", "selection"):
            kind = (child.get("type") or "").strip().lower()
            if kind == "model":
                total += _number(child.get("number"))
            else:
                total += self._count_models(child, depth + 1)
        return total

    def _subtree_points(self, selection: Element, depth: int) -> float:
        if depth > MAX_DEPTH:
            raise ListReadError(self.source, "selections are nested too deep to be a roster")
        total = _points_of(selection)
        for child in _items(selection, "selections", "selection"):
            total += self._subtree_points(child, depth + 1)
        return total

    def _collect_gear(self, selection: Element, gear: _Gear, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise ListReadError(self.source, "selections are nested too deep to be a roster")
        for child in _items(selection, "selections", "selection"):
            kind = (child.get("type") or "").strip().lower()
            name = " ".join((child.get("name") or "").split())
            if kind != "model" and name:
                if fold(name) in _WARLORD:
                    gear.warlord = True
                else:
                    gear.counts[name] = gear.counts.get(name, 0) + _number(child.get("number"))
            self._collect_gear(child, gear, depth + 1)

    def _add_unit(
        self,
        detachment: Detachment,
        selection: Element,
        name: str,
        where: str,
        sheet: Datasheet | None,
        method: str,
        confidence: float,
        best: tuple[str, float] | None,
        models: int,
        points: int,
        gear: _Gear,
        categories: _Categories,
        custom: str | None,
    ) -> None:
        self.unit_count += 1
        if self.unit_count > MAX_UNITS:
            raise ListReadError(self.source, f"more than {MAX_UNITS} units: not an army list")
        unit_id = f"u{self.unit_count}"
        options: dict[str, int] = {}
        noted: list[str] = []
        for gear_name, count in gear.counts.items():
            option = match_option(sheet, gear_name) if sheet is not None else None
            if option is not None:
                options[option.id] = options.get(option.id, 0) + count
            else:
                noted.append(f"{gear_name} ×{count}" if count > 1 else gear_name)
        notes = "Équipement lu : " + ", ".join(noted) if noted else ""
        if sheet is not None:
            snapshot = snapshot_of(sheet)
            datasheet_id = sheet.id
            placeholders = _placeholders(sheet.faction_keywords, categories.factions)
            self.report.matched.append(
                MatchedUnit(
                    where=where,
                    text=name,
                    unit_id=unit_id,
                    datasheet_id=sheet.id,
                    datasheet_name=sheet.name,
                    confidence=confidence,
                    method=method,
                    points_read=points,
                )
            )
        else:
            snapshot = UnitSnapshot(
                name=name or "?",
                role=categories.role or Role.UNSLOTTED,
                points=points,
                keywords=[k.upper() for k in categories.keywords],
                faction_keywords=[f.upper() for f in categories.factions],
            )
            placeholders = {}
            datasheet_id = _unknown_id(selection, name)
            self.report.unknown.append(
                UnknownEntry(
                    kind="unit",
                    where=where,
                    text=name or "?",
                    unit_id=unit_id,
                    guess=best[0] if best else None,
                    guess_confidence=best[1] if best else None,
                )
            )
        detachment.units.append(
            Unit(
                id=unit_id,
                datasheet=datasheet_id,
                snapshot=snapshot,
                models=models,
                options=options,
                placeholders=placeholders,
                warlord=gear.warlord,
                custom_name=custom if custom and custom != name else None,
                notes=notes,
            )
        )

    def _note_unrecorded_links(self) -> None:
        transports = linked = False
        for _, unit in self.army.units():
            sheet = self.catalogue.get(unit.datasheet)
            if sheet is None:
                continue
            transports = transports or sheet.role is Role.DEDICATED_TRANSPORT
            linked = linked or sheet.linked_character
        if transports or linked:
            self.report.warn(
                "Un roster BattleScribe ne dit pas quelle unité monte dans quel transport ni quel personnage "
                "rejoint quelle unité : à indiquer dans Ost avant de conclure.",
                "A BattleScribe roster does not say which unit rides in which transport nor which character "
                "joins which unit: set them in Ost before concluding.",
            )


def _ignored(where: str, name: str) -> IgnoredEntry:
    return IgnoredEntry(where=where, text=name, reason="configuration")


def _unknown_id(selection: Element, name: str) -> str:
    entry = (selection.get("entryId") or "").strip()
    last = [p for p in entry.split("::") if p.strip()]
    if last:
        return "bs:" + shorten(last[-1], 80)
    return "bs:" + (slug(name) or "unit")


def _placeholders(faction_keywords: list[str], roster_factions: list[str]) -> dict[str, str]:
    """Values for the datasheet's placeholder keywords, from the roster's extra faction categories.

    The roster's faction categories that the datasheet does not already have
    ("Ultramarines" beside "Imperium" and "Adeptus Astartes") name the
    sub-faction. With one placeholder and one such name, the value is clear;
    otherwise Ost leaves it to the player (the validator warns).
    """
    holes = [k for k in faction_keywords if is_placeholder(k)]
    if len(holes) != 1:
        return {}
    known = {keyword_key(k) for k in faction_keywords if not is_placeholder(k)}
    extra = [f for f in roster_factions if not is_placeholder(f) and keyword_key(f) not in known]
    if len(extra) != 1:
        return {}
    return {holes[0]: extra[0].upper()}


def read_roster(
    data: bytes, catalogue: Catalogue, source: str = "roster", *, matcher: NameMatcher | None = None
) -> tuple[ArmyList, ReadingReport]:
    """Read a ``.ros`` or ``.rosz`` roster (told apart by content) into an Ost list.

    ``matcher`` (for ``catalogue``) may be shared by the reads of a batch.
    Raises :class:`ListReadError` for anything that is not a readable roster.
    """
    zipped = is_zip(data)
    report = ReadingReport(source=source, format="rosz" if zipped else "ros")
    xml = read_single_member(data, source)[1] if zipped else data
    root = parse_xml_safely(xml, source)
    army = _RosterReader(catalogue, source, report, matcher).read(root)
    return army, report
