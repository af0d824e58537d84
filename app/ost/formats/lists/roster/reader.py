"""The roster reader: each force a detachment, each unit selection a unit of the list.

The walk goes force by force (:class:`_RosterReader`): configuration entries
give the force's sub-faction (:mod:`.settings`), each unit selection is found
in the catalogue (by BattleScribe id, then by name), its selections are walked
(:mod:`.walk`), its models given kinds (:mod:`.kinds`), its wargear matched
and priced (:mod:`.prices`) and carried (:mod:`.loadout`).
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.etree.ElementTree import Element

import msgspec

from ost.core.armylist import (
    ArmyList,
    Detachment,
    ListOrigin,
    Unit,
    UnitSnapshot,
    snapshot_of,
)
from ost.core.catalogue import (
    BSDATA_SOURCE_PREFIX,
    Catalogue,
    Datasheet,
    source_kind,
)
from ost.core.i18n import Bilingual
from ost.core.limits import OutOfBounds, over_bound
from ost.core.listfile import check_bounds, validation_error
from ost.core.model import ValidationError, validated
from ost.core.roles import Role
from ost.core.text import fold, is_placeholder, keyword_key, slug
from ost.formats.bsmodels import (
    TooDeep,
    split_unit,
)
from ost.formats.lists.reading import (
    MATCH_THRESHOLD,
    DataRevision,
    IgnoredEntry,
    ListReadError,
    MatchedUnit,
    NameMatcher,
    ReadingReport,
    UnknownEntry,
    shorten,
)
from ost.formats.lists.roster.elements import (
    POINTS_NAMES,
    WARLORD,
    Categories,
    categories_of,
    ids_of,
    is_cumulative,
    items_in,
    local_name,
    number_of,
    points_of,
)
from ost.formats.lists.roster.files import MAX_DEPTH, MAX_UNITS, is_zip, parse_xml_safely, read_single_member
from ost.formats.lists.roster.kinds import assign_kinds
from ost.formats.lists.roster.loadout import contents_of
from ost.formats.lists.roster.prices import options_of
from ost.formats.lists.roster.settings import (
    Settings,
    apply_settings,
    placeholders_of,
    read_settings,
    share_placeholders,
)
from ost.formats.lists.roster.walk import UnitGear, Views, Walk, sort_selections

#: Categories of a force's configuration entries, and the names such entries have (never units).
_CONFIG_CATEGORIES = {fold("Configuration"), fold("Config")}
_CONFIG_NAMES = {
    fold(n)
    for n in (
        "Gametype",
        "Game Type",
        "Battle Size",
        "Detachment Command Cost",
        "Detachment CP",
        "Detachment Choice",
        "Army Roster",
        "Show/Hide Options",
        "Show Legends",
    )
}


class _ForceData(msgspec.Struct):
    """What the reading report says of a force's data revision."""

    name: str
    catalogue_id: str
    revision: str | None


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
        self.cumulative = False
        #: The source of the force being read ("bsdata:<its catalogue id>"): its copies come first.
        self.force_source = ""
        self.views = Views()

    def read(self, root: Element) -> ArmyList:
        if local_name(root.tag) != "roster":
            raise ListReadError(
                self.source, f"not a BattleScribe roster: the document is a <{shorten(local_name(root.tag), 40)}>"
            )
        self.army.name = " ".join((root.get("name") or "").split())
        self.army.points_limit = self._points_limit(root)
        total = points_of(root)
        if total is not None:
            self.army.stated_total = max(0, round(total))
        system = " ".join((root.get("gameSystemName") or "").split()) or None
        system_revision = (root.get("gameSystemRevision") or "").strip() or None
        self.army.origin = ListOrigin(format=self.report.format, data=system, revision=system_revision)
        if system is not None:
            self.report.data.append(DataRevision(what=system, revision=system_revision, catalogue_revision=None))
        forces = list(self._forces(root, 0))
        self.cumulative = is_cumulative(root, forces)
        if self.cumulative:
            self.report.note(
                Bilingual(
                    fr="Le roster donne le coût de chaque sélection avec celui de ses enfants (New Recruit) : "
                    "Ost compte chaque coût une fois.",
                    en="The roster states each selection's cost with its children's (New Recruit): "
                    "Ost counts each cost once.",
                ),
            )
        for force in forces:
            self._read_force(force)
        if not self.army.detachments:
            self.report.warn(
                Bilingual(
                    fr="Le roster ne contient aucune force (détachement).", en="The roster holds no force (detachment)."
                )
            )
        self._note_unrecorded_links()
        return self.army

    def _points_limit(self, root: Element) -> int | None:
        for limit in items_in(root, "costLimits", "costLimit"):
            type_id = (limit.get("typeId") or "").strip()
            name = (limit.get("name") or "").strip().casefold()
            if type_id == "points" or name in POINTS_NAMES:
                value = number_of(limit.get("value"), 0)
                return value if value > 0 else None
        return None

    def _forces(self, element: Element, depth: int) -> Iterator[Element]:
        if depth > MAX_DEPTH:
            raise ListReadError(self.source, "forces are nested too deep to be a roster")
        for force in items_in(element, "forces", "force"):
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
        catalogue_id = (force.get("catalogueId") or "").strip()
        self.force_source = BSDATA_SOURCE_PREFIX + catalogue_id if catalogue_id else ""
        hint = self._own_faction(self.force_source)
        if hint is None:
            hint = self.matcher.faction_of(catalogue_name) if catalogue_name else None
        settings: Settings = {}
        for selection in items_in(force, "selections", "selection"):
            self._read_selection(selection, detachment, hint, settings)
        apply_settings(self.catalogue, self.report, detachment, settings)
        share_placeholders(self.catalogue, detachment)
        if catalogue_name:
            revision = (force.get("catalogueRevision") or "").strip() or None
            data = _ForceData(catalogue_name, (force.get("catalogueId") or "").strip(), revision)
            self._note_revision(data, detachment)

    # -- configuration ------------------------------------------------------------------

    def _own_faction(self, source: str) -> str | None:
        """The faction imported from the force's own catalogue, if it was imported."""
        if not source:
            return None
        return next((f.id for f in self.catalogue.factions.values() if f.source == source), None)

    def _note_revision(self, data: _ForceData, detachment: Detachment) -> None:
        """The force's data revision beside the catalogue's, with a warning when the roster's is older."""
        theirs = self._catalogue_revision(data, detachment)
        self.report.data.append(DataRevision(what=data.name, revision=data.revision, catalogue_revision=theirs))
        if data.revision is None or theirs is None:
            return
        try:
            older = float(data.revision) < float(theirs)
        except ValueError:
            return
        if older:
            self.report.warn(
                Bilingual(
                    fr=f"{detachment.name} : roster fait avec une révision plus ancienne des données "
                    f"({data.revision}, le catalogue a la {theirs}) : ses prix peuvent différer.",
                    en=f"{detachment.name}: roster made with an older data revision "
                    f"({data.revision}; the catalogue has {theirs}): its prices may differ.",
                ),
            )

    def _catalogue_revision(self, data: _ForceData, detachment: Detachment) -> str | None:
        for faction in self.catalogue.factions.values():
            if faction.revision and data.catalogue_id and faction.source_id == data.catalogue_id:
                return faction.revision
        for unit in detachment.units:
            sheet = self.catalogue.get(unit.datasheet)
            # Ost's own datasheets carry Ost's version, which no BattleScribe data revision compares with.
            if sheet is None or source_kind(sheet.source) == "shipped":
                continue
            if sheet.source_revision:
                return sheet.source_revision
            source = self.catalogue.sources.get(sheet.source)
            if source is not None and source.revision:
                return source.revision
        return None

    # -- units --------------------------------------------------------------------------

    def _is_unit(self, selection: Element, categories: Categories) -> bool:
        """A unit: typed ``unit`` or ``model``, or in a battlefield role; never a configuration entry.

        Some writers type a configuration entry ("Gametype", "Battle Size") as
        a unit: its "Configuration" category or its name says what it is.
        """
        name = fold(" ".join((selection.get("name") or "").split()))
        if name in _CONFIG_NAMES or any(fold(k) in _CONFIG_CATEGORIES for k in categories.keywords):
            return False
        kind = (selection.get("type") or "").strip().lower()
        if kind in ("unit", "model"):
            return True
        return categories.role is not None and categories.role is not Role.UNSLOTTED

    def _read_selection(
        self,
        selection: Element,
        detachment: Detachment,
        hint: str | None,
        settings: Settings,
    ) -> None:
        name = " ".join((selection.get("name") or "").split())
        where = detachment.name
        categories = categories_of(selection)
        if not self._is_unit(selection, categories):
            self.report.ignored.append(_ignored(where, name))
            read_settings(selection, settings)
            return
        sheet, method, confidence, best = self._resolve(selection, name, hint)
        kind = (selection.get("type") or "").strip().lower()
        number = max(1, number_of(selection.get("number")))
        copies = 1
        if number > 1 and (kind != "model" or (sheet is not None and sheet.max_models == 1)):
            # BattleScribe's child numbers and costs are totals over the copies: share them out.
            copies = number
        view = self.views.view(sheet)
        walk = Walk(copies, self.views.kind_ids(sheet), self.cumulative, view)
        try:
            split = split_unit(view, selection)
        except TooDeep:
            raise ListReadError(self.source, "selections are nested too deep to be a roster") from None
        sort_selections(selection, split, walk)
        gear, candidates = walk.gear, walk.candidates
        gear.warlord = gear.warlord or any(fold(k) in WARLORD for k in categories.keywords)
        gear = gear.shared(copies)
        composition: dict[str, int] = {}
        placed: list[list[tuple[str, int]]] = []
        if sheet is not None and candidates:
            found = assign_kinds(sheet, candidates)
            models, composition, placed = found.models, found.composition, found.placed
            for drone in found.wargear:
                gear.add(drone.name, drone.number, drone.points, drone.weapons, model=True)
        else:
            models = sum(c.number for c in candidates)
        if models == 0:
            models = sheet.min_models if sheet is not None else 1
            composition = {}
            if sheet is not None and sheet.min_models > 1:
                self.report.warn(
                    Bilingual(
                        fr=f"{where} : le roster ne donne pas de figurines ; Ost compte le minimum ({models}).",
                        en=f"{where}: the roster gives no models; Ost counts the minimum ({models}).",
                    ),
                )
        if copies > 1:
            self.report.warn(
                Bilingual(
                    fr=f"{where} : sélection prise {copies} fois, lue comme {copies} unités.",
                    en=f"{where}: selection taken {copies} times, read as {copies} units.",
                ),
            )
        if self.cumulative:
            top = points_of(selection)
            stated = max(0, round(top / copies)) if top is not None else None
        else:
            stated = max(0, round(sum(walk.prices) / copies)) if walk.prices else None
        custom = " ".join((selection.get("customName") or "").split()) or None
        contents = contents_of(sheet, split, candidates, placed, walk)
        for _ in range(copies):
            unit = self._add_unit(
                detachment, selection, name, sheet, method, confidence, best, models, stated, gear, categories, custom
            )
            unit.composition = dict(composition)
            fresh = copies == 1  # each copy of a unit taken several times gets its own
            if sum(g.count for g in contents.loadout) == models:
                unit.loadout = contents.loadout if fresh else [g.model_copy(deep=True) for g in contents.loadout]
            unit.upgrades = contents.upgrades if fresh else [u.model_copy(deep=True) for u in contents.upgrades]

    def _resolve(
        self, selection: Element, name: str, hint: str | None
    ) -> tuple[Datasheet | None, str, float, tuple[str, float] | None]:
        """The unit's datasheet: by BattleScribe id, the army's own copy first; else by name.

        An entry shared by several catalogues (the Space Marine units every
        chapter holds, the Chaos units of several legions) has a copy in each
        imported catalogue. The copy of the force's own catalogue comes first,
        then a copy whose faction keywords the roster gives the unit, never
        another army's copy while a fitting one exists.
        """
        for candidate in ids_of(selection):
            sheets = self.catalogue.all_by_bs_id(candidate, enabled=True)
            if sheets:
                return self._own_copy(sheets, selection), "bs-id", 1.0, None
        found = self.matcher.best(name, hint)
        if found is not None and found.score >= MATCH_THRESHOLD:
            return found.sheet, found.method, found.confidence, None
        close = self.matcher.guess(name, hint)
        return None, "", 0.0, (close.sheet.name, close.confidence) if close is not None else None

    def _own_copy(self, sheets: list[Datasheet], selection: Element) -> Datasheet:
        if len(sheets) == 1:
            return sheets[0]
        own = self.force_source
        factions = {keyword_key(f) for f in categories_of(selection).factions}

        def rank(sheet: Datasheet) -> tuple[bool, int, bool]:
            fitting = sum(keyword_key(k) in factions for k in sheet.faction_keywords if not is_placeholder(k))
            return (bool(own) and sheet.source == own, fitting, sheet.source == sheets[0].source)

        return max(sheets, key=rank)

    def _add_unit(
        self,
        detachment: Detachment,
        selection: Element,
        name: str,
        sheet: Datasheet | None,
        method: str,
        confidence: float,
        best: tuple[str, float] | None,
        models: int,
        stated: int | None,
        gear: UnitGear,
        categories: Categories,
        custom: str | None,
    ) -> Unit:
        self.unit_count += 1
        if self.unit_count > MAX_UNITS:
            raise ListReadError(self.source, f"more than {MAX_UNITS} units: not an army list")
        unit_id = f"u{self.unit_count}"
        where = f"{detachment.name} › {custom or name}"
        too_many = over_bound(models, "models")  # harden: name the unit (ost.core.limits)
        if too_many is not None:
            shown = custom or name or "?"
            raise OutOfBounds(Bilingual.same(f"{shown if len(shown) <= 60 else shown[:57] + '...'}: ") + too_many)
        options = options_of(self.report, sheet, gear, models, where, unit_id)
        notes = "Équipement lu : " + ", ".join(options.noted) if options.noted else ""
        if sheet is not None:
            snapshot = snapshot_of(sheet)
            datasheet_id = sheet.id
            placeholders = placeholders_of(sheet.faction_keywords, categories.factions)
            self.report.matched.append(
                MatchedUnit(
                    where=detachment.name,
                    text=name,
                    unit_id=unit_id,
                    datasheet_id=sheet.id,
                    datasheet_name=sheet.name,
                    confidence=confidence,
                    method=method,
                    points_read=stated,
                )
            )
        else:
            snapshot = UnitSnapshot(
                name=name or "?",
                role=categories.role or Role.UNSLOTTED,
                points=stated or 0,
                keywords=[k.upper() for k in categories.keywords],
                faction_keywords=[f.upper() for f in categories.factions],
            )
            placeholders = {}
            datasheet_id = _unknown_id(selection, name)
            self.report.unknown.append(
                UnknownEntry(
                    kind="unit",
                    where=detachment.name,
                    text=name or "?",
                    unit_id=unit_id,
                    guess=best[0] if best else None,
                    guess_confidence=best[1] if best else None,
                )
            )
        unit = Unit(
            id=unit_id,
            datasheet=datasheet_id,
            snapshot=snapshot,
            models=models,
            options=options.options,
            extra_options=options.extra,
            source=sheet.source or None if sheet is not None else None,
            stated_points=stated,
            placeholders=placeholders,
            warlord=gear.warlord,
            custom_name=custom if custom and custom != name else None,
            notes=notes,
        )
        detachment.units.append(unit)
        return unit

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
                Bilingual(
                    fr="Un roster BattleScribe ne dit pas quelle unité monte dans quel transport ni quel personnage "
                    "rejoint quelle unité : à indiquer dans Ost avant de conclure.",
                    en="A BattleScribe roster does not say which unit rides in which transport nor which character "
                    "joins which unit: set them in Ost before concluding.",
                ),
            )


def _ignored(where: str, name: str) -> IgnoredEntry:
    return IgnoredEntry(where=where, text=name, reason="configuration")


def _unknown_id(selection: Element, name: str) -> str:
    entry = (selection.get("entryId") or "").strip()
    last = [p for p in entry.split("::") if p.strip()]
    if last:
        return "bs:" + shorten(last[-1], 80)
    return "bs:" + (slug(name) or "unit")


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
    try:  # harden: numbers past ost.core.limits, with a sentence naming the field and the bound
        army = validated(_RosterReader(catalogue, source, report, matcher).read(root))  # checked as a file's list is
    except OutOfBounds as exc:
        raise ListReadError(source, exc.message.en, detail_fr=exc.message.fr) from None
    except ValidationError as exc:
        raise validation_error(exc, source, ListReadError) from None
    check_bounds(army, source, ListReadError)
    return army, report
