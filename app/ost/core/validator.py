"""The composition validator: a pure function of (catalogue, list) -> report.

The rules are those of ``SPEC.md`` §2–§3 (seed 000, COMPOSITION D'ARMÉE;
seed 001, Transport (X) and Personnage Lié). Choices where the texts are
silent are written down in ``docs/rules.md`` and tested.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from ost.core.armylist import (
    ArmyList,
    Detachment,
    Unit,
    resolved_faction_keys,
    unfilled_placeholders,
    unit_composition,
    unit_points,
)
from ost.core.catalogue import Band, Catalogue, Datasheet, TransportCapacity
from ost.core.findings import Code, Finding, Severity, finding
from ost.core.roles import Role, UnitType
from ost.core.text import is_placeholder, keyword_key

#: Roles the band table gives a minimum and maximum for.
COUNTED_ROLES: tuple[Role, ...] = (
    Role.HQ,
    Role.TROOPS,
    Role.ELITES,
    Role.FAST_ATTACK,
    Role.HEAVY_SUPPORT,
    Role.FLYER,
    Role.FORTIFICATION,
    Role.LORD_OF_WAR,
    Role.DEDICATED_TRANSPORT,
)
WALKER_MIN_CAPACITY = 6
MAX_LINKED_CHARACTERS = 2
#: Unit types an infantry (class 1) linked character may join: mounted units count as
#: cavalry (seed 001 gives the character the unit's "mode de transport").
CLASS_1_JOINS = frozenset({UnitType.INFANTRY, UnitType.CAVALRY, UnitType.BIKE})
#: At most this many names in a fix suggestion ("choisissez un Impulsor ou un Repulsor").
FIX_NAMES = 4


class RoleCount(BaseModel):
    model_config = ConfigDict(frozen=True)

    role: Role
    count: int
    min: int | None
    max: int | None
    per_sheet: int | None


class Report(BaseModel):
    """The validator's answer: findings and the summary a sheet prints."""

    model_config = ConfigDict(frozen=True)

    findings: tuple[Finding, ...]
    total_points: int
    points_limit: int | None
    band: str | None
    max_detachments: int | None
    detachments: int
    role_counts: tuple[RoleCount, ...]

    @property
    def legal(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)

    @property
    def errors(self) -> int:
        return sum(f.severity is Severity.ERROR for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.severity is Severity.WARNING for f in self.findings)

    def codes(self) -> list[str]:
        return [f.code.value for f in self.findings]

    def verdict(self, lang: str) -> str:
        if lang == "fr":
            return "RÉGLEMENTAIRE" if self.legal else "NON RÉGLEMENTAIRE"
        return "LEGAL" if self.legal else "NOT LEGAL"


@dataclass
class ValidatorOptions:
    """Choices a club may change; the defaults are documented in docs/rules.md."""

    #: Whether Legends datasheets count as "available" for the exhaustion exception.
    legends_available: bool = False
    #: Price units as their list states (a tournament's fixed points file) instead of by the catalogue.
    as_priced: bool = False


@dataclass(slots=True)
class _Entry:
    """A unit with what the checks need, computed once."""

    unit: Unit
    detachment: Detachment
    sheet: Datasheet | None
    role: Role
    identity: str
    name: str
    points: int
    faction_keys: frozenset[str]
    keys: frozenset[str] = field(default_factory=frozenset)


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _names(entries: Iterable[_Entry]) -> str:
    return ", ".join(e.name for e in entries)


def _either(names: list[str], lang: str) -> str:
    """"A, B ou C" / "A, B or C"."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    word = " ou " if lang == "fr" else " or "
    return ", ".join(names[:-1]) + word + names[-1]


def _band_text(band: Band, lang: str) -> str:
    if lang == "fr":
        return f"à {band.points_min}–{band.points_max} points"
    return f"at {band.points_min}–{band.points_max} points"


def _det_name(detachment: Detachment, index: int, lang: str) -> str:
    if detachment.name:
        return f"« {detachment.name} »" if lang == "fr" else f"“{detachment.name}”"
    return f"n°{index + 1}" if lang == "fr" else f"#{index + 1}"


def validate(catalogue: Catalogue, army: ArmyList, options: ValidatorOptions | None = None) -> Report:
    """Check ``army`` against the rules and ``catalogue``; never raises on list content."""
    return _Validator(catalogue, army, options or ValidatorOptions()).run()


class _Validator:
    def __init__(self, catalogue: Catalogue, army: ArmyList, options: ValidatorOptions) -> None:
        self.catalogue = catalogue
        self.army = army
        self.options = options
        self.findings: list[Finding] = []
        self.entries: list[_Entry] = []
        self.by_id: dict[str, _Entry] = {}
        # Entries per detachment (by identity of the object): unit ids may repeat in a
        # list built in memory, and membership must not depend on them.
        self.members: dict[int, list[_Entry]] = {}
        for detachment, unit in army.units():
            self._add_entry(detachment, unit)
        self.total = sum(e.points for e in self.entries)

    def _add_entry(self, detachment: Detachment, unit: Unit) -> None:
        sheet = self.catalogue.get(unit.datasheet)
        faction_keys = resolved_faction_keys(unit, sheet)
        points = unit_points(unit, self.catalogue, as_priced=self.options.as_priced)
        if sheet is not None:
            role, identity = sheet.role, sheet.identity_key
            plain = sheet.plain_keyword_keys
        else:
            snap = unit.snapshot
            role = snap.role
            # The snapshot's identity when the file has one (schema 2), else the name: a
            # foreign roster's last category says nothing of the datasheet.
            identity = keyword_key(snap.identity or snap.name)
            plain = frozenset(keyword_key(k) for k in snap.keywords if not is_placeholder(k))
        entry = _Entry(
            unit=unit,
            detachment=detachment,
            sheet=sheet,
            role=role,
            identity=identity,
            name=unit.display_name,
            points=points,
            faction_keys=faction_keys,
            keys=plain | faction_keys,
        )
        self.entries.append(entry)
        self.by_id.setdefault(unit.id, entry)
        self.members.setdefault(id(detachment), []).append(entry)

    def add(
        self, code: Code, fr: str, en: str, entries: Iterable[_Entry] = (), fix: tuple[str, str] | None = None
    ) -> None:
        self.findings.append(finding(code, fr, en, [e.unit.id for e in entries], fix))

    # -- run ------------------------------------------------------------------

    def run(self) -> Report:
        army = self.army
        basis = army.points_limit if army.points_limit is not None else self.total
        band = self.catalogue.bands.band_for(basis) if basis > 0 else None
        self._check_units()
        self._check_points()
        non_empty = self._check_detachments(band)
        counts = self._check_roles(band, non_empty)
        self._check_transports()
        self._check_characters()
        self._check_warlord()
        self._check_reserves()
        self._check_prices()
        if band is None:
            self._band_none(basis)
        order = {code: i for i, code in enumerate(Code)}
        self.findings.sort(key=lambda f: (f.severity.rank, order[f.code]))
        return Report(
            findings=tuple(self.findings),
            total_points=self.total,
            points_limit=army.points_limit,
            band=band.label if band else None,
            max_detachments=band.max_detachments if band else None,
            detachments=len(non_empty),
            role_counts=tuple(counts),
        )

    # -- points and band ----------------------------------------------------

    def _band_none(self, basis: int) -> None:
        table = self.catalogue.bands
        lo, hi = table.points_min, table.points_max
        if self.army.points_limit is not None:
            fr = f"Aucune tranche de points : la limite de {basis} points est hors du tableau ({lo}–{hi})."
            en = f"No points band: the limit of {basis} points is outside the table ({lo}–{hi})."
        else:
            fr = (
                f"Aucune tranche de points : la liste n'a pas de limite et son total de {basis} points "
                f"est hors du tableau ({lo}–{hi})."
            )
            en = (
                f"No points band: the list has no limit and its total of {basis} points "
                f"is outside the table ({lo}–{hi})."
            )
        fr += " Effectifs par rôle et détachements non vérifiés."
        en += " Role counts and detachments were not checked."
        self.add(
            Code.BAND_NONE,
            fr,
            en,
            (),
            (
                f"Donnez à la liste une limite de points entre {lo} et {hi} (la taille de la partie).",
                f"Give the list a points limit between {lo} and {hi} (the game size).",
            ),
        )

    def _check_points(self) -> None:
        limit = self.army.points_limit
        if limit is not None and self.total > limit:
            over = self.total - limit
            self.add(
                Code.POINTS_OVER,
                f"Total de {self.total} points pour une limite de {limit} points ({over} de trop).",
                f"Total of {self.total} points for a limit of {limit} points ({over} too many).",
                (),
                (
                    f"Retirez au moins {over} points (unités, figurines ou options), ou relevez la limite.",
                    f"Remove at least {over} points (units, models or options), or raise the limit.",
                ),
            )

    # -- units ----------------------------------------------------------------

    def _check_units(self) -> None:
        unset: dict[str, list[_Entry]] = {}
        for entry in self.entries:
            unit, sheet = entry.unit, entry.sheet
            if sheet is None:
                self.add(
                    Code.UNIT_UNKNOWN,
                    f"{entry.name} : la fiche « {unit.datasheet} » est absente du catalogue ; "
                    f"Ost utilise ce que le fichier en dit ({unit.snapshot.role.label_fr}, "
                    f"{unit.snapshot.points} points).",
                    f"{entry.name}: datasheet “{unit.datasheet}” is not in the catalogue; "
                    f"Ost uses what the file says of it ({unit.snapshot.role.label_en}, "
                    f"{unit.snapshot.points} points).",
                    [entry],
                    self._unknown_fix(unit),
                )
                lo, hi = unit.snapshot.min_models, unit.snapshot.max_models
            else:
                lo, hi = sheet.min_models, sheet.max_models
                self._check_options(entry, sheet)
            if lo is not None and unit.models < lo:
                self.add(
                    Code.UNIT_UNDER,
                    f"{entry.name} : {unit.models} {_plural(unit.models, 'figurine', 'figurines')}, "
                    f"minimum {lo} (unité en sous-effectif interdite).",
                    f"{entry.name}: {unit.models} {_plural(unit.models, 'model', 'models')}, "
                    f"minimum {lo} (understrength units are not allowed).",
                    [entry],
                    (
                        f"Portez {entry.name} à {lo} figurines au moins.",
                        f"Bring {entry.name} up to at least {lo} models.",
                    ),
                )
            if hi is not None and unit.models > hi:
                self.add(
                    Code.UNIT_OVER,
                    f"{entry.name} : {unit.models} figurines, maximum {hi}.",
                    f"{entry.name}: {unit.models} models, maximum {hi}.",
                    [entry],
                    (
                        f"Ramenez {entry.name} à {hi} figurines, ou prenez une seconde unité.",
                        f"Bring {entry.name} down to {hi} models, or take a second unit.",
                    ),
                )
            if sheet is not None and unit.composition and len(sheet.kinds) > 1:
                self._check_kinds(entry, sheet)
            for placeholder in unfilled_placeholders(unit, sheet):
                unset.setdefault(placeholder.upper(), []).append(entry)
        for placeholder, entries in unset.items():
            # One finding per keyword: a roster that never names its chapter would
            # otherwise give one warning per unit.
            if len(entries) == 1:
                fr_who, en_who = f"{entries[0].name} :", f"{entries[0].name}:"
                fr_verb = "n'a pas de valeur ; il ne compte"
            else:
                fr_who = en_who = f"{_names(entries)} —"
                fr_verb = f"n'a pas de valeur pour ces {len(entries)} unités ; il ne compte"
            en_verb = "has no value" if len(entries) == 1 else f"has no value for these {len(entries)} units"
            self.add(
                Code.PLACEHOLDER_UNSET,
                f"{fr_who} le mot-clef {placeholder} {fr_verb} pas pour les mots-clefs de faction.",
                f"{en_who} keyword {placeholder} {en_verb}; it does not count as a faction keyword.",
                entries,
                (
                    f"Donnez une valeur à {placeholder} dans la fiche de chaque unité (par exemple ULTRAMARINES).",
                    f"Give {placeholder} a value in each unit's form (for example ULTRAMARINES).",
                ),
            )

    def _check_kinds(self, entry: _Entry, sheet: Datasheet) -> None:
        """Each kind of model within its own limits (1 Boss Nob at most, 4 to 9 Marines…)."""
        counts = unit_composition(entry.unit, sheet)
        for kind in sheet.kinds:
            n = counts.get(kind.id, 0)
            if n < kind.min:
                self.add(
                    Code.UNIT_UNDER,
                    f"{entry.name} : {n} × {kind.name}, minimum {kind.min}.",
                    f"{entry.name}: {n} × {kind.name}, minimum {kind.min}.",
                    [entry],
                        (f"Prenez au moins {kind.min} × {kind.name}.", f"Take at least {kind.min} × {kind.name}."),
                )
            elif n > kind.max:
                self.add(
                    Code.UNIT_OVER,
                    f"{entry.name} : {n} × {kind.name}, maximum {kind.max}.",
                    f"{entry.name}: {n} × {kind.name}, maximum {kind.max}.",
                    [entry],
                    (f"Prenez au plus {kind.max} × {kind.name}.", f"Take at most {kind.max} × {kind.name}."),
                )

    def _check_options(self, entry: _Entry, sheet: Datasheet) -> None:
        known = sheet.option_map
        for option_id, count in entry.unit.options.items():
            option = known.get(option_id)
            if count < 0:
                self.add(
                    Code.UNIT_OPTION,
                    f"{entry.name} : option « {option_id} » prise {count} fois ; un nombre négatif n'a pas de sens.",
                    f"{entry.name}: option “{option_id}” taken {count} times; a negative count makes no sense.",
                    [entry],
                    ("Retirez cette option.", "Remove this option."),
                )
                continue
            if option is None:
                self.add(
                    Code.UNIT_OPTION,
                    f"{entry.name} : l'option « {option_id} » n'existe pas pour {sheet.name}.",
                    f"{entry.name}: option “{option_id}” does not exist for {sheet.name}.",
                    [entry],
                    (
                        f"Retirez cette option, ou choisissez une option de la fiche {sheet.name}.",
                        f"Remove this option, or choose one of {sheet.name}'s options.",
                    ),
                )
                continue
            cap = option.max if option.max is not None else (entry.unit.models if option.per_model else None)
            if cap is not None and count > cap:
                self.add(
                    Code.UNIT_OPTION,
                    f"{entry.name} : option « {option.name} » prise {count} fois, maximum {cap}.",
                    f"{entry.name}: option “{option.name}” taken {count} times, maximum {cap}.",
                    [entry],
                    (f"Prenez « {option.name} » {cap} fois au plus.", f"Take “{option.name}” at most {cap} times."),
                )

    # -- detachments ----------------------------------------------------------

    def _check_detachments(self, band: Band | None) -> list[Detachment]:
        non_empty: list[Detachment] = []
        for index, detachment in enumerate(self.army.detachments):
            if not detachment.units:
                self.add(
                    Code.DET_EMPTY,
                    f"Le détachement {_det_name(detachment, index, 'fr')} n'a aucune unité : il n'est pas compté.",
                    f"Detachment {_det_name(detachment, index, 'en')} has no unit: it is not counted.",
                    (),
                    ("Supprimez ce détachement ou ajoutez-y des unités.", "Delete this detachment or add units to it."),
                )
                continue
            non_empty.append(detachment)
            members = self.members.get(id(detachment), [])
            aligned = [e for e in members if e.faction_keys]
            if not aligned and members:
                # Every unit is unaligned (e.g. fortifications): nothing can clash.
                continue
            common = frozenset.intersection(*(e.faction_keys for e in aligned)) if aligned else frozenset()
            if not common:
                groups = "; ".join(f"{e.name} : {', '.join(sorted(e.faction_keys))}" for e in aligned)
                groups_en = "; ".join(f"{e.name}: {', '.join(sorted(e.faction_keys))}" for e in aligned)
                self.add(
                    Code.DET_FACTION,
                    f"Les unités du détachement {_det_name(detachment, index, 'fr')} n'ont aucun "
                    f"mot-clef de faction en commun ({groups}).",
                    f"The units of detachment {_det_name(detachment, index, 'en')} share no "
                    f"faction keyword ({groups_en}).",
                    aligned,
                    (
                        "Placez les unités de factions différentes dans des détachements séparés.",
                        "Put units of different factions in separate detachments.",
                    ),
                )
        if band is not None and len(non_empty) > band.max_detachments:
            n = len(non_empty)
            self.add(
                Code.DET_MAX,
                f"{n} détachements, maximum {band.max_detachments} {_band_text(band, 'fr')}.",
                f"{n} detachments, maximum {band.max_detachments} {_band_text(band, 'en')}.",
                (),
                (
                    f"Regroupez les unités en {band.max_detachments} détachement(s) au plus, ou relevez la limite "
                    f"de points.",
                    f"Regroup the units into at most {band.max_detachments} detachment(s), or raise the points limit.",
                ),
            )
        return non_empty

    def _joinable(self, detachments: list[Detachment]) -> list[tuple[frozenset[str], dict[str, frozenset[str]]]]:
        """Per non-empty detachment: the faction keywords its units share and its placeholder values.

        Detachments of unaligned units only, or whose units share nothing
        (already DET-FACTION), admit no datasheet in particular and are left out.
        """
        found: list[tuple[frozenset[str], dict[str, frozenset[str]]]] = []
        for detachment in detachments:
            members = self.members.get(id(detachment), [])
            sets = [e.faction_keys for e in members if e.faction_keys]
            if not sets:
                continue
            common = frozenset.intersection(*sets)
            if not common:
                continue
            values: dict[str, set[str]] = defaultdict(set)
            for entry in members:
                for key, value in entry.unit.placeholders.items():
                    if value.strip():
                        values[keyword_key(key)].add(keyword_key(value))
            found.append((common, {k: frozenset(v) for k, v in values.items()}))
        return found

    def _available(
        self, role: Role, joinable: list[tuple[frozenset[str], dict[str, frozenset[str]]]]
    ) -> dict[str, list[str]]:
        """Identities of ``role`` that could join one of the list's detachments as it stands (SPEC §3)."""
        result: dict[str, list[str]] = {}
        for common, values in joinable:
            found = self.catalogue.identities_joining(
                role, common, values, include_legends=self.options.legends_available
            )
            for identity, names in found.items():
                known = result.setdefault(identity, [])
                known.extend(n for n in names if n not in known)
        return result

    # -- roles ----------------------------------------------------------------

    def _check_roles(self, band: Band | None, non_empty: list[Detachment]) -> list[RoleCount]:
        by_role: dict[Role, list[_Entry]] = defaultdict(list)
        for entry in self.entries:
            by_role[entry.role].append(entry)
        counts: list[RoleCount] = []
        joinable: list[tuple[frozenset[str], dict[str, frozenset[str]]]] | None = None
        for role in COUNTED_ROLES:
            entries = by_role.get(role, [])
            limit = band.limit(role) if band else None
            counts.append(
                RoleCount(
                    role=role,
                    count=len(entries),
                    min=limit.min if limit else None,
                    max=limit.max if limit else None,
                    per_sheet=limit.per_sheet if limit else None,
                )
            )
            if band is None or limit is None:
                continue
            n = len(entries)
            label_fr, label_en = role.label_fr, role.label_en
            if n < limit.min:
                self.add(
                    Code.ROLE_MIN,
                    f"{n} {_plural(n, 'unité', 'unités')} {label_fr}, minimum {limit.min} {_band_text(band, 'fr')}.",
                    f"{n} {label_en} {_plural(n, 'unit', 'units')}, minimum {limit.min} {_band_text(band, 'en')}.",
                    (),  # no unit is at fault: the missing ones are
                    (
                        f"Ajoutez {limit.min - n} unité(s) {label_fr}.",
                        f"Add {limit.min - n} {label_en} {_plural(limit.min - n, 'unit', 'units')}.",
                    ),
                )
            if limit.max is not None and n > limit.max:
                self.add(
                    Code.ROLE_MAX,
                    f"{n} unités {label_fr}, maximum {limit.max} {_band_text(band, 'fr')} : {_names(entries)}.",
                    f"{n} {label_en} units, maximum {limit.max} {_band_text(band, 'en')}: {_names(entries)}.",
                    entries,
                    (
                        f"Retirez {n - limit.max} unité(s) {label_fr}, ou relevez la limite de points.",
                        f"Remove {n - limit.max} {label_en} {_plural(n - limit.max, 'unit', 'units')}, "
                        f"or raise the points limit.",
                    ),
                )
            if limit.per_sheet is None:
                continue
            per_identity: dict[str, list[_Entry]] = defaultdict(list)
            for entry in entries:
                per_identity[entry.identity].append(entry)
            for identity, group in per_identity.items():
                if len(group) <= limit.per_sheet:
                    continue
                if joinable is None:
                    joinable = self._joinable(non_empty)
                available = self._available(role, joinable)
                unused = sorted(
                    name
                    for other, names in available.items()
                    if other != identity and other not in per_identity
                    for name in names[:1]
                )
                if not unused:
                    continue  # exhaustion exception: every other datasheet is used
                self._sheet_max(role, band, group, limit.per_sheet, unused)
        return counts

    def _sheet_max(self, role: Role, band: Band, group: list[_Entry], cap: int, unused: list[str]) -> None:
        n = len(group)
        sheet_names = sorted({e.sheet.name if e.sheet else e.unit.snapshot.name for e in group})
        title = " / ".join(sheet_names)
        shown = unused[:12]
        more = len(unused) - len(shown)
        tail_fr = f" (et {more} autres)" if more else ""
        tail_en = f" (and {more} more)" if more else ""
        self.add(
            Code.SHEET_MAX,
            f"{n} unités {title} en {role.label_fr}, maximum {cap} par fiche {_band_text(band, 'fr')} ; "
            f"fiches {role.label_fr} encore inutilisées : {', '.join(shown)}{tail_fr}.",
            f"{n} {title} units as {role.label_en}, maximum {cap} per datasheet {_band_text(band, 'en')}; "
            f"{role.label_en} datasheets not yet used: {', '.join(shown)}{tail_en}.",
            group,
            (
                f"Remplacez {n - cap} unité(s) {title} par une autre fiche {role.label_fr}, par exemple "
                f"{_either(unused[:FIX_NAMES], 'fr')}.",
                f"Replace {n - cap} {title} unit(s) with another {role.label_en} datasheet, for example "
                f"{_either(unused[:FIX_NAMES], 'en')}.",
            ),
        )

    # -- transports -----------------------------------------------------------

    def _check_transports(self) -> None:
        riders: dict[str, list[_Entry]] = defaultdict(list)
        #: Transports named by a joined character: reported once, as TRANSPORT-INVALID.
        named_by_joined: set[str] = set()
        for entry in self.entries:
            if entry.unit.transport is None or self._rides_with_its_unit(entry):
                continue
            joined = self._joined_unit(entry)
            if joined is not None:
                named_by_joined.add(entry.unit.transport)
                self._joined_transport(entry, joined)
                continue
            riders[entry.unit.transport].append(entry)
        for entry in self.entries:
            if entry.role is Role.DEDICATED_TRANSPORT and entry.unit.id not in riders:
                if entry.unit.id in named_by_joined:
                    continue
                self.add(
                    Code.TRANSPORT_ORPHAN,
                    f"{entry.name} est un Transport Assigné mais n'est assigné à aucune unité.",
                    f"{entry.name} is a Dedicated Transport but is assigned to no unit.",
                    [entry],
                    (
                        f"Assignez {entry.name} à une unité de son détachement qui peut y embarquer, ou retirez-le.",
                        f"Assign {entry.name} to a unit of its detachment that can embark, or remove it.",
                    ),
                )
        for transport_id, group in riders.items():
            transport = self.by_id.get(transport_id)
            if transport is not None and len(group) > 1:
                self.add(
                    Code.TRANSPORT_SHARED,
                    f"{transport.name} est le transport assigné de {len(group)} unités ({_names(group)}) ; "
                    f"un transport assigné va avec une seule unité.",
                    f"{transport.name} is the assigned transport of {len(group)} units ({_names(group)}); "
                    f"an assigned transport goes with one unit only.",
                    [transport, *group],
                    (
                        f"Ne laissez {transport.name} qu'à une seule unité ; donnez aux autres leur propre transport.",
                        f"Leave {transport.name} to one unit only; give the others a transport of their own.",
                    ),
                )
            for rider in group:
                self._check_ride(rider, transport, transport_id)

    def _joined_unit(self, entry: _Entry) -> _Entry | None:
        """The unit a linked character joins, when it is one and its unit is in the list."""
        if entry.sheet is None or not entry.sheet.linked_character or entry.unit.linked_to is None:
            return None
        target = self.by_id.get(entry.unit.linked_to)
        return target if target is not None and target is not entry else None

    def _joined_transport(self, entry: _Entry, joined: _Entry) -> None:
        """A joined character names a transport of its own: it rides with its unit instead (SPEC §3)."""
        transport = self.by_id.get(entry.unit.transport or "")
        shown = transport.name if transport is not None else entry.unit.transport
        if joined.unit.transport:
            fix_fr = f"Retirez son transport : il voyage avec {joined.name}."
            fix_en = f"Remove its transport: it rides with {joined.name}."
        else:
            fix_fr = f"Retirez son transport, ou assignez {shown} à {joined.name} s'il peut y embarquer."
            fix_en = f"Remove its transport, or assign {shown} to {joined.name} if it can embark."
        self.add(
            Code.TRANSPORT_INVALID,
            f"{entry.name} rejoint {joined.name} comme personnage lié et ne peut pas avoir son propre "
            f"transport assigné ({shown}) : il voyage avec son unité.",
            f"{entry.name} joins {joined.name} as a linked character and cannot have an assigned "
            f"transport of its own ({shown}): it rides with its unit.",
            [entry] if transport is None else [entry, transport],
            (fix_fr, fix_en),
        )

    def _rides_with_its_unit(self, entry: _Entry) -> bool:
        """A linked character in its unit's transport: it takes no space and shares nothing."""
        if entry.sheet is None or not entry.sheet.linked_character or entry.unit.linked_to is None:
            return False
        target = self.by_id.get(entry.unit.linked_to)
        return target is not None and target.unit.transport == entry.unit.transport

    def _det_label(self, detachment: Detachment, lang: str) -> str:
        for index, candidate in enumerate(self.army.detachments):
            if candidate is detachment:
                return _det_name(detachment, index, lang)
        return detachment.name or detachment.id

    def _check_ride(self, rider: _Entry, transport: _Entry | None, transport_id: str) -> None:
        if transport is None:
            self.add(
                Code.TRANSPORT_INVALID,
                f"{rider.name} a pour transport l'unité « {transport_id} », absente de la liste.",
                f"{rider.name} has unit “{transport_id}” as transport, which is not in the list.",
                [rider],
                (
                    "Choisissez un transport présent dans la liste, ou aucun.",
                    "Choose a transport in the list, or none.",
                ),
            )
            return
        if transport is rider:
            self.add(
                Code.TRANSPORT_INVALID,
                f"{rider.name} est assigné à lui-même comme transport.",
                f"{rider.name} is assigned to itself as transport.",
                [rider],
                ("Retirez ce transport.", "Remove this transport."),
            )
            return
        if (rider.sheet is not None and rider.sheet.is_transport) or rider.role is Role.DEDICATED_TRANSPORT:
            self.add(
                Code.TRANSPORT_INVALID,
                f"{rider.name} est lui-même un transport et ne peut pas être assigné à {transport.name}.",
                f"{rider.name} is itself a transport and cannot be assigned to {transport.name}.",
                [rider, transport],
                (f"Retirez le transport de {rider.name}.", f"Remove {rider.name}'s transport."),
            )
            return
        if transport.detachment is not rider.detachment:
            self.add(
                Code.TRANSPORT_DETACHMENT,
                f"{transport.name} (détachement {self._det_label(transport.detachment, 'fr')}) "
                f"et {rider.name} (détachement {self._det_label(rider.detachment, 'fr')}) "
                f"doivent être dans le même détachement.",
                f"{transport.name} (detachment {self._det_label(transport.detachment, 'en')}) "
                f"and {rider.name} (detachment {self._det_label(rider.detachment, 'en')}) "
                f"must be in the same detachment.",
                [rider, transport],
                (
                    f"Déplacez {transport.name} dans le détachement de {rider.name}.",
                    f"Move {transport.name} to {rider.name}'s detachment.",
                ),
            )
        sheet = transport.sheet
        if sheet is None:
            if transport.role is not Role.DEDICATED_TRANSPORT:
                self._not_a_transport(rider, transport)
            else:
                self._unverified(rider, transport, None)
            return
        if not sheet.is_transport:
            self._not_a_transport(rider, transport)
            return
        capacity = sheet.transport
        if capacity is None or capacity.capacity is None or not capacity.verified:
            self._unverified(rider, transport, capacity)
            return
        if rider.sheet is None:
            return  # nothing known of the rider's models: UNIT-UNKNOWN already says so
        problems = self._embark_problems(rider, rider.sheet, transport, capacity)
        if problems:
            fr = "; ".join(p[0] for p in problems)
            en = "; ".join(p[1] for p in problems)
            self.add(
                Code.TRANSPORT_EMBARK,
                f"{rider.name} ne peut pas embarquer dans {transport.name} : {fr}.",
                f"{rider.name} cannot embark in {transport.name}: {en}.",
                [rider, transport],
                self._embark_fix(rider, transport),
            )

    def _embark_fix(self, rider: _Entry, transport: _Entry) -> tuple[str, str]:
        """Name transports ``rider`` could board: free ones of its detachment first, then the catalogue's."""
        sheet = rider.sheet
        if sheet is None:
            return ("Choisissez un autre transport.", "Choose another transport.")
        taken = {e.unit.transport for e in self.entries if e.unit.transport and e is not rider}
        names: list[str] = []
        for other in self.members.get(id(rider.detachment), []):
            capacity = other.sheet.transport if other.sheet is not None else None
            if (
                other is transport
                or other is rider
                or other.unit.id in taken
                or capacity is None
                or capacity.capacity is None
                or not capacity.verified
            ):
                continue
            if not self._embark_problems(rider, sheet, other, capacity) and other.name not in names:
                names.append(other.name)
        in_list = list(names)
        disabled = self.catalogue.switched_off()
        memo_key = (
            sheet.id,
            rider.unit.models,
            tuple(sorted(rider.unit.composition.items())),
            tuple(sorted(rider.unit.placeholders.items())),
            rider.faction_keys,
            transport.unit.datasheet,
            self.options.legends_available,
            disabled,
        )
        memo = self.catalogue.memo("transports-for")
        suggested: list[str] | None = memo.get(memo_key)
        if suggested is None:
            suggested = memo[memo_key] = self._catalogue_transports_for(rider, sheet, transport)
        names.extend(n for n in suggested if n not in names)
        names = names[:FIX_NAMES]
        if not names:
            capacity = transport.sheet.transport if transport.sheet is not None else None
            # Room is the only problem when the unit would board the same transport made huge.
            only_room = capacity is not None and not self._problems_boarding(
                rider, sheet, capacity.model_copy(update={"capacity": 10**6}), 1, transport.unit.placeholders
            )
            if only_room:
                return (
                    f"Réduisez {rider.name} pour qu'elle tienne dans {transport.name}, ou retirez son transport.",
                    f"Make {rider.name} small enough to fit in {transport.name}, or remove its transport.",
                )
            return (
                f"Retirez son transport : aucun transport du catalogue ne peut emporter {rider.name}.",
                f"Remove its transport: no transport of the catalogue can carry {rider.name}.",
            )
        if in_list:
            return (
                f"Faites embarquer {rider.name} dans {_either(names, 'fr')}.",
                f"Let {rider.name} ride in {_either(names, 'en')}.",
            )
        return (
            f"Choisissez un transport qui peut emporter {rider.name} : {_either(names, 'fr')}.",
            f"Choose a transport that can carry {rider.name}: {_either(names, 'en')}.",
        )

    def _catalogue_transports_for(self, rider: _Entry, sheet: Datasheet, transport: _Entry) -> list[str]:
        """Names of catalogue transports of the rider's factions it could board (a few, cheapest first)."""
        names: list[str] = []
        placeholders = rider.unit.placeholders
        values = {keyword_key(k): (keyword_key(v),) for k, v in placeholders.items() if v.strip()}
        for candidate in self.catalogue.transport_sheets(include_legends=self.options.legends_available):
            if len(names) >= FIX_NAMES:
                break
            if candidate.name in names or candidate.id == transport.unit.datasheet:
                continue
            # It must be able to join the rider's detachment: every faction keyword of the rider,
            # its placeholders taking the rider's values.
            if not candidate.has_faction_keys(rider.faction_keys, values):
                continue
            capacity = candidate.transport
            assert capacity is not None
            if not self._problems_boarding(rider, sheet, capacity, candidate.min_models, placeholders):
                names.append(candidate.name)
        return names

    def _link_fix(self, entry: _Entry) -> tuple[str, str]:
        """Name units of ``entry``'s detachment it could join."""
        joined: dict[str, int] = defaultdict(int)
        for other in self.entries:
            if other.unit.linked_to and other is not entry:
                joined[other.unit.linked_to] += 1
        names = [
            other.name
            for other in self.members.get(id(entry.detachment), [])
            if other is not entry
            and joined[other.unit.id] < MAX_LINKED_CHARACTERS
            and self._link_problem(entry, other) is None
        ][:FIX_NAMES]
        if not names:
            return (
                f"Retirez le lien de {entry.name}, ou ajoutez à son détachement une unité qu'il peut rejoindre.",
                f"Remove {entry.name}'s link, or add a unit it can join to its detachment.",
            )
        return (f"Liez {entry.name} à {_either(names, 'fr')}.", f"Link {entry.name} to {_either(names, 'en')}.")

    def _not_a_transport(self, rider: _Entry, transport: _Entry) -> None:
        self.add(
            Code.TRANSPORT_INVALID,
            f"{rider.name} a pour transport {transport.name}, qui n'a pas de capacité de transport.",
            f"{rider.name} has {transport.name} as transport, which has no transport capacity.",
            [rider, transport],
            (
                f"Retirez ce transport ou choisissez une unité de transport pour {rider.name}.",
                f"Remove this transport or choose a transport unit for {rider.name}.",
            ),
        )

    def _unverified(self, rider: _Entry, transport: _Entry, capacity: TransportCapacity | None) -> None:
        text = capacity.text if capacity is not None and capacity.text else None
        detail_fr = f" (texte non interprété : « {text} »)" if text else " (capacité inconnue du catalogue)"
        detail_en = f" (text not understood: “{text}”)" if text else " (capacity unknown to the catalogue)"
        self.add(
            Code.TRANSPORT_UNVERIFIED,
            f"Embarquement de {rider.name} dans {transport.name} non vérifié{detail_fr}.",
            f"Could not verify that {rider.name} can embark in {transport.name}{detail_en}.",
            [rider, transport],
            (
                f"Vérifiez à la main la capacité de {transport.name}, ou corrigez-la dans le catalogue "
                f"(ost catalogue override).",
                f"Check {transport.name}'s capacity by hand, or correct it in the catalogue (ost catalogue override).",
            ),
        )

    def _embark_problems(
        self, rider: _Entry, sheet: Datasheet, transport: _Entry, capacity: TransportCapacity
    ) -> list[tuple[str, str]]:
        return self._problems_boarding(rider, sheet, capacity, transport.unit.models, transport.unit.placeholders)

    def _problems_boarding(
        self,
        rider: _Entry,
        sheet: Datasheet,
        capacity: TransportCapacity,
        transport_models: int,
        transport_placeholders: dict[str, str],
    ) -> list[tuple[str, str]]:
        """Why ``rider`` cannot board a transport of ``capacity`` (empty when it can)."""
        problems: list[tuple[str, str]] = []
        per_model = capacity.capacity or 0
        total_capacity = per_model * max(1, transport_models)
        transport_values = {keyword_key(k): keyword_key(v) for k, v in transport_placeholders.items() if v.strip()}
        transport_shown = {keyword_key(k): v.strip() for k, v in transport_placeholders.items() if v.strip()}

        def resolve(keyword: str) -> str | None:
            key = keyword_key(keyword)
            if is_placeholder(keyword):
                return transport_values.get(key)  # unknown value: not checked
            return key

        keys = rider.keys
        forbidden = [k for k in capacity.forbidden if (r := resolve(k)) is not None and r in keys]
        if forbidden:
            joined = ", ".join(forbidden)
            problems.append((f"mot-clef interdit ({joined})", f"forbidden keyword ({joined})"))
        if capacity.allowed:
            fits = any(
                all((r := resolve(k)) is None or r in keys for k in alternative) for alternative in capacity.allowed
            )
            if not fits:

                def shown(keyword: str) -> str:
                    # A placeholder the transport gives a value for is shown with that value.
                    return transport_shown.get(keyword_key(keyword), keyword) if is_placeholder(keyword) else keyword

                wanted = " ou ".join(" ".join(shown(k) for k in a) for a in capacity.allowed)
                wanted_en = " or ".join(" ".join(shown(k) for k in a) for a in capacity.allowed)
                problems.append((f"il faut être {wanted}", f"it must be {wanted_en}"))
        else:
            kind = sheet.unit_type
            if kind is UnitType.WALKER:
                if per_model < WALKER_MIN_CAPACITY:
                    problems.append(
                        (
                            f"un marcheur n'embarque que dans une capacité de {WALKER_MIN_CAPACITY} ou plus "
                            f"(capacité {per_model})",
                            f"a walker only embarks with a capacity of {WALKER_MIN_CAPACITY} or more "
                            f"(capacity {per_model})",
                        )
                    )
            elif kind is not UnitType.INFANTRY:
                problems.append(
                    (
                        f"seuls l'infanterie et les marcheurs embarquent ({kind.label_fr.lower()})",
                        f"only infantry and walkers embark ({kind.label_en.lower()})",
                    )
                )
        # Places per kind of model: the transport's rules first (each JUMP PACK model takes 2),
        # else what the kind itself takes (1, a walker 2).
        counts = unit_composition(rider.unit, sheet)
        needed = 0
        parts: list[tuple[int, int]] = []
        for model_kind in sheet.kinds:
            count = counts.get(model_kind.id, 0)
            if not count:
                continue
            kind_keys = keys | {keyword_key(k) for k in model_kind.keywords} if model_kind.keywords else keys
            space = sheet.kind_space(model_kind)
            for rule in capacity.space:
                if rule.applies(model_kind.wounds) and all(
                    (r := resolve(k)) is None or r in kind_keys for k in rule.keywords
                ):
                    space = rule.space
                    break
            for limit in capacity.wound_limits:
                if (
                    model_kind.wounds >= limit.min_wounds
                    and all((r := resolve(k)) is None or r in kind_keys for k in limit.keywords)
                    and not any(resolve(k) in kind_keys for k in limit.unless)
                ):
                    problems.append(
                        (
                            f"{model_kind.wounds} PV ({model_kind.name}), au plus {limit.min_wounds - 1}",
                            f"{model_kind.wounds} wounds ({model_kind.name}), at most {limit.min_wounds - 1}",
                        )
                    )
            needed += space * count
            parts.append((count, space))
        if needed > total_capacity:
            models = sum(c for c, _ in parts)
            if len({space for _, space in parts}) <= 1:
                space = parts[0][1] if parts else 0
                fr_detail = f"{models} figurines × {space} place(s)"
                en_detail = f"{models} models × {space} space"
            else:
                fr_detail = " + ".join(f"{c} × {sp}" for c, sp in parts)
                en_detail = fr_detail
            problems.append(
                (
                    f"{fr_detail} = {needed} places, capacité {total_capacity}",
                    f"{en_detail} = {needed} places, capacity {total_capacity}",
                )
            )
        return problems

    # -- linked characters ----------------------------------------------------

    def _check_characters(self) -> None:
        linked: dict[str, list[_Entry]] = defaultdict(list)
        for entry in self.entries:
            target_id = entry.unit.linked_to
            can_link = entry.sheet.linked_character if entry.sheet is not None else None
            if target_id is None:
                if can_link:
                    self.add(
                        Code.CHAR_UNLINKED,
                        f"{entry.name} a la capacité Personnage Lié mais n'est lié à aucune unité.",
                        f"{entry.name} has the Linked Character ability but is linked to no unit.",
                        [entry],
                        (
                            f"Liez {entry.name} à une unité non-personnage de son détachement.",
                            f"Link {entry.name} to a non-character unit of its detachment.",
                        ),
                    )
                continue
            if can_link is False:
                self.add(
                    Code.CHAR_NOT_LINKABLE,
                    f"{entry.name} est lié à une unité sans avoir la capacité Personnage Lié.",
                    f"{entry.name} is linked to a unit without having the Linked Character ability.",
                    [entry],
                    (f"Retirez le lien de {entry.name}.", f"Remove {entry.name}'s link."),
                )
                continue
            target = self.by_id.get(target_id)
            if target is None:
                self.add(
                    Code.CHAR_TARGET,
                    f"{entry.name} est lié à l'unité « {target_id} », absente de la liste.",
                    f"{entry.name} is linked to unit “{target_id}”, which is not in the list.",
                    [entry],
                    (
                        f"Liez {entry.name} à une unité de la liste.",
                        f"Link {entry.name} to a unit of the list.",
                    ),
                )
                continue
            linked[target.unit.id].append(entry)
            self._check_link_target(entry, target)
        for target_id, group in linked.items():
            if len(group) > MAX_LINKED_CHARACTERS:
                target = self.by_id[target_id]
                self.add(
                    Code.CHAR_MAX,
                    f"{target.name} a {len(group)} personnages liés ({_names(group)}) ; "
                    f"maximum {MAX_LINKED_CHARACTERS}.",
                    f"{target.name} has {len(group)} linked characters ({_names(group)}); "
                    f"maximum {MAX_LINKED_CHARACTERS}.",
                    [target, *group],
                    (
                        f"Liez {len(group) - MAX_LINKED_CHARACTERS} de ces personnages à une autre unité.",
                        f"Link {len(group) - MAX_LINKED_CHARACTERS} of these characters to another unit.",
                    ),
                )

    def _check_link_target(self, entry: _Entry, target: _Entry) -> None:
        problem = self._link_problem(entry, target)
        if problem is not None:
            code, fr, en = problem
            self.add(code, fr, en, [entry, target], self._link_fix(entry))

    def _link_problem(self, entry: _Entry, target: _Entry) -> tuple[Code, str, str] | None:
        """Why ``entry`` may not join ``target`` (code and messages), or None when it may."""
        reason: tuple[str, str] | None = None
        target_sheet = target.sheet
        if target is entry:
            reason = ("à lui-même", "to itself")
        elif target_sheet is not None and target_sheet.is_character:
            reason = (f"à {target.name}, un personnage", f"to {target.name}, a character")
        elif target.role is Role.DEDICATED_TRANSPORT or (target_sheet is not None and target_sheet.is_transport):
            reason = (f"à {target.name}, un transport", f"to {target.name}, a transport")
        elif target.detachment is not entry.detachment:
            reason = (f"à {target.name}, d'un autre détachement", f"to {target.name}, from another detachment")
        if reason is not None:
            return (
                Code.CHAR_TARGET,
                f"{entry.name} est lié {reason[0]} ; un personnage lié rejoint une unité "
                f"non-personnage et non-transport de son détachement.",
                f"{entry.name} is linked {reason[1]}; a linked character joins a non-character, "
                f"non-transport unit of its own detachment.",
            )
        sheet = entry.sheet
        if sheet is None or target_sheet is None:
            return None
        if sheet.unit_class <= 1:
            if target_sheet.unit_type not in CLASS_1_JOINS:
                kind = target_sheet.unit_type
                return (
                    Code.CHAR_CLASS,
                    f"{entry.name} (classe 1, infanterie) ne peut pas rejoindre {target.name} "
                    f"({kind.label_fr.lower()}) : il rejoint de l'infanterie, de la cavalerie ou des "
                    f"unités montées (motos, motos jet).",
                    f"{entry.name} (class 1, infantry) cannot join {target.name} "
                    f"({kind.label_en.lower()}): it joins infantry, cavalry or mounted units (bikes, jetbikes).",
                )
        elif target_sheet.unit_class != sheet.unit_class:
            return (
                Code.CHAR_CLASS,
                f"{entry.name} (classe {sheet.unit_class}) ne peut pas rejoindre {target.name} "
                f"(classe {target_sheet.unit_class}) : un personnage de classe 2 ou plus rejoint "
                f"une unité de même classe.",
                f"{entry.name} (class {sheet.unit_class}) cannot join {target.name} "
                f"(class {target_sheet.unit_class}): a character of class 2 or more joins "
                f"a unit of the same class.",
            )
        return None

    def _unknown_fix(self, unit: Unit) -> tuple[str, str]:
        """How to replace a unit whose datasheet is not in the catalogue.

        A roster's unit read before its BattleScribe data was imported keeps
        the entry's id (``bs:<id>``): when the catalogue holds that entry now,
        the fix names the datasheet to take.
        """
        bs_id = unit.datasheet[3:] if unit.datasheet.startswith("bs:") else ""
        known = self.catalogue.by_bs_id(bs_id, enabled=True) if bs_id else None
        if known is not None:
            return (
                f"Remplacez-la par « {known.name} » ({known.id}), la fiche du catalogue pour cette entrée "
                f"BattleScribe, ou relisez le roster.",
                f"Replace it with “{known.name}” ({known.id}), the catalogue's datasheet for this BattleScribe "
                f"entry, or read the roster again.",
            )
        return (
            "Remplacez-la par une fiche du catalogue, ou importez les données BattleScribe qui la "
            "contiennent (Catalogue ▸ Importer).",
            "Replace it with a catalogue datasheet, or import the BattleScribe data that holds it "
            "(Catalogue ▸ Import).",
        )

    # -- warlord and reserves -------------------------------------------------

    def _check_warlord(self) -> None:
        warlords = [e for e in self.entries if e.unit.warlord]
        if len(warlords) > 1:
            self.add(
                Code.WARLORD_MANY,
                f"{len(warlords)} seigneurs de guerre désignés ({_names(warlords)}) ; un seul est permis.",
                f"{len(warlords)} warlords marked ({_names(warlords)}); only one is allowed.",
                warlords,
                ("Ne gardez qu'un seul seigneur de guerre.", "Keep only one warlord."),
            )
        singles = [e for e in self.entries if e.unit.models == 1]
        if not warlords:
            if self.entries:
                pool = singles or [e for e in self.entries if e.role is Role.HQ]
                choices_fr = f" : {_names(pool[:FIX_NAMES])}" if pool else ""
                choices_en = f": {_names(pool[:FIX_NAMES])}" if pool else ""
                self.add(
                    Code.WARLORD_NONE,
                    "Aucun seigneur de guerre n'est désigné.",
                    "No warlord is chosen.",
                    (),
                    (
                        f"Désignez le seigneur de guerre parmi les unités d'une seule figurine (ou, à défaut, "
                        f"les QG){choices_fr}.",
                        f"Choose the warlord among the single-model units (or, failing that, the HQ units)"
                        f"{choices_en}.",
                    ),
                )
            return
        for warlord in warlords:
            if singles and warlord.unit.models != 1:
                choices = ", ".join(e.name for e in singles[:8])
                self.add(
                    Code.WARLORD_INELIGIBLE,
                    f"{warlord.name} ({warlord.unit.models} figurines) ne peut pas fournir le seigneur de "
                    f"guerre : il vient d'une unité d'une seule figurine ({choices}).",
                    f"{warlord.name} ({warlord.unit.models} models) cannot provide the warlord: "
                    f"it comes from a single-model unit ({choices}).",
                    [warlord],
                    (
                        f"Choisissez le seigneur de guerre parmi {choices}.",
                        f"Choose the warlord among {choices}.",
                    ),
                )
            elif not singles and warlord.role is not Role.HQ:
                self.add(
                    Code.WARLORD_INELIGIBLE,
                    f"{warlord.name} n'est pas une unité QG : sans unité d'une seule figurine, "
                    f"le seigneur de guerre vient d'une unité QG.",
                    f"{warlord.name} is not an HQ unit: with no single-model unit, the warlord comes from an HQ unit.",
                    [warlord],
                    ("Choisissez le seigneur de guerre parmi les unités QG.", "Choose the warlord among the HQ units."),
                )

    def _check_reserves(self) -> None:
        """Reserves cost at most half the army; a joined character is in reserve exactly when its unit is."""
        in_reserve: list[_Entry] = []
        for entry in self.entries:
            joined = self._joined_unit(entry)
            if joined is None:
                if entry.unit.reserve:
                    in_reserve.append(entry)
                continue
            if entry.unit.reserve != joined.unit.reserve:
                self._reserves_split(entry, joined)
            # Joined, the two are one unit for the set-up: the character follows its unit.
            if joined.unit.reserve:
                in_reserve.append(entry)
        points = sum(e.points for e in in_reserve)
        if in_reserve and points * 2 > self.total:
            half = self.total / 2
            half_text = f"{half:g}"
            half_fr = half_text.replace(".", ",")
            excess = points - self.total // 2
            self.add(
                Code.RESERVES_MAX,
                f"{points} points en réserve ({_names(in_reserve)}), plus que la moitié de l'armée "
                f"({half_fr} sur {self.total} points).",
                f"{points} points in reserve ({_names(in_reserve)}), more than half the army "
                f"({half_text} of {self.total} points).",
                in_reserve,
                (
                    f"Placez sur la table des unités de réserve valant au moins {excess} points.",
                    f"Deploy reserve units worth at least {excess} points on the table instead.",
                ),
            )

    def _reserves_split(self, character: _Entry, unit: _Entry) -> None:
        if character.unit.reserve:
            fr_state, en_state = f"{character.name} est en réserve mais pas {unit.name}", (
                f"{character.name} is in reserve but {unit.name} is not"
            )
        else:
            fr_state, en_state = f"{unit.name} est en réserve mais pas {character.name}", (
                f"{unit.name} is in reserve but {character.name} is not"
            )
        self.add(
            Code.RESERVES_SPLIT,
            f"{fr_state} : un personnage lié et l'unité qu'il rejoint sont en réserve ensemble ou sur la table "
            f"ensemble.",
            f"{en_state}: a linked character and the unit it joins are in reserve together or on the table "
            f"together.",
            [character, unit],
            (
                f"Mettez {character.name} et {unit.name} tous deux en réserve, ou tous deux sur la table.",
                f"Put {character.name} and {unit.name} both in reserve, or both on the table.",
            ),
        )

    # -- prices stated by the list -----------------------------------------------

    def _check_prices(self) -> None:
        """A list priced by its author (a roster, a text's ``[N pts]``) against the catalogue's prices."""
        if self.army.stated_total is None and all(e.unit.stated_points is None for e in self.entries):
            return  # priced by nobody but Ost
        differ: list[tuple[_Entry, int, int]] = []
        catalogue_total = 0
        stated_sum = 0
        all_stated = bool(self.entries)
        for entry in self.entries:
            ours = unit_points(entry.unit, self.catalogue)
            catalogue_total += ours
            stated = entry.unit.stated_points
            if stated is None:
                all_stated = False
                stated_sum += ours
                continue
            stated_sum += stated
            if stated != ours and entry.sheet is not None:
                differ.append((entry, stated, ours))
        stated_total = self.army.stated_total
        if stated_total is None and all_stated:
            stated_total = stated_sum
        total_differs = stated_total is not None and stated_total != catalogue_total
        if not differ and not total_differs:
            return
        shown = differ[:8]
        more = len(differ) - len(shown)
        units_fr = ", ".join(f"{e.name} {stated} → {ours}" for e, stated, ours in shown)
        units_en = units_fr
        if more:
            units_fr += f" (et {more} autres)"
            units_en += f" (and {more} more)"
        if stated_total is not None:
            head_fr = (
                f"La liste annonce {stated_total} points ; aux prix du catalogue d'Ost elle en vaut {catalogue_total}"
            )
            head_en = (
                f"The list states {stated_total} points; at the prices of Ost's catalogue it costs {catalogue_total}"
            )
        else:
            head_fr = "Des prix annoncés par la liste diffèrent de ceux du catalogue d'Ost"
            head_en = "Prices stated by the list differ from those of Ost's catalogue"
        used_fr = "les prix de la liste" if self.options.as_priced else "les prix du catalogue"
        used_en = "the list's prices" if self.options.as_priced else "the catalogue's prices"
        detail_fr = f" ; unités au prix différent (liste → catalogue) : {units_fr}" if differ else ""
        detail_en = f"; units priced differently (list → catalogue): {units_en}" if differ else ""
        self.add(
            Code.POINTS_REPRICED,
            f"{head_fr}{detail_fr}. La vérification utilise {used_fr}.",
            f"{head_en}{detail_en}. The check uses {used_en}.",
            [e for e, _, _ in differ],
            (
                "Vérifiez que ces prix sont ceux du fichier de points du tournoi ; sinon, vérifiez la liste "
                "aux prix du catalogue.",
                "Check that these prices are those of the tournament's points file; if not, check the list "
                "at the catalogue's prices.",
            )
            if self.options.as_priced
            else (
                "Vérifiez les points avec l'auteur de la liste (données plus anciennes ?) ; si le tournoi a "
                "fixé ses points, vérifiez avec les prix de la liste (ost check --as-priced).",
                "Check the points with the list's author (older data?); if the tournament fixed its points, "
                "check with the list's prices (ost check --as-priced).",
            ),
        )


# --- pairing units that a foreign list leaves unpaired -------------------------------


@dataclass(frozen=True)
class Assumption:
    """A pairing Ost made up because the source list could not say it."""

    kind: str  # "transport" or "linked_to"
    unit_id: str
    target_id: str
    message_fr: str
    message_en: str


def assume_pairings(catalogue: Catalogue, army: ArmyList) -> list[Assumption]:
    """Give unassigned Transport Assigné units a rider and unlinked linked characters a unit.

    BattleScribe rosters and pasted lists do not say which unit rides which
    transport, nor whom a linked character joins; checked as they are, every
    such list would be wrong. For each one, this picks the nearest unit of the
    same detachment (before it in the list first, then after) that the rules
    allow, sets the field on ``army`` and returns what it assumed, so the
    reading report can say so. Units it cannot pair stay unpaired and the
    validator reports them.
    """
    checker = _Validator(catalogue, army, ValidatorOptions())
    assumed: list[Assumption] = []
    carried = {e.unit.transport for e in checker.entries if e.unit.transport}

    def may_ride(entry: _Entry) -> bool:
        sheet = entry.sheet
        return (
            entry.unit.transport is None
            and sheet is not None
            and not sheet.is_transport
            and not sheet.linked_character  # linked characters ride with their unit
            and entry.unit.linked_to is None
        )

    riders = _Nearest(checker, may_ride)
    # Embarking depends only on the two units' datasheets, sizes and placeholder values.
    shapes = {
        id(e): (
            e.unit.datasheet,
            e.unit.models,
            tuple(sorted(e.unit.composition.items())),
            tuple(sorted(e.unit.placeholders.items())),
        )
        for e in checker.entries
    }
    verdicts: dict[tuple[object, ...], bool] = {}
    for entry in checker.entries:
        if entry.role is not Role.DEDICATED_TRANSPORT or entry.unit.id in carried or entry.sheet is None:
            continue
        capacity = entry.sheet.transport
        if capacity is None or capacity.capacity is None or not capacity.verified:
            continue
        for rider in riders(entry):
            if not may_ride(rider):
                continue  # paired with another transport meanwhile
            assert rider.sheet is not None
            key = (shapes[id(rider)], shapes[id(entry)])
            fits = verdicts.get(key)
            if fits is None:
                fits = verdicts[key] = not checker._embark_problems(rider, rider.sheet, entry, capacity)
            if not fits:
                continue
            rider.unit.transport = entry.unit.id
            carried.add(entry.unit.id)
            assumed.append(
                Assumption(
                    "transport",
                    rider.unit.id,
                    entry.unit.id,
                    f"Transport supposé : {rider.name} embarque dans {entry.name} (la liste ne le précise pas).",
                    f"Assumed transport: {rider.name} rides in {entry.name} (the list does not say).",
                )
            )
            break
    linked_count: dict[str, int] = {}
    for entry in checker.entries:
        if entry.unit.linked_to:
            linked_count[entry.unit.linked_to] = linked_count.get(entry.unit.linked_to, 0) + 1

    def may_be_joined(entry: _Entry) -> bool:
        sheet = entry.sheet
        if entry.role is Role.DEDICATED_TRANSPORT:
            return False
        return sheet is None or not (sheet.is_character or sheet.is_transport)

    targets = _Nearest(checker, may_be_joined)
    for entry in checker.entries:
        if entry.sheet is None or not entry.sheet.linked_character or entry.unit.linked_to is not None:
            continue
        for target in targets(entry):
            if linked_count.get(target.unit.id, 0) >= MAX_LINKED_CHARACTERS:
                continue
            if checker._link_problem(entry, target) is not None:
                continue
            entry.unit.linked_to = target.unit.id
            linked_count[target.unit.id] = linked_count.get(target.unit.id, 0) + 1
            assumed.append(
                Assumption(
                    "linked_to",
                    entry.unit.id,
                    target.unit.id,
                    f"Personnage lié supposé : {entry.name} rejoint {target.name} (la liste ne le précise pas).",
                    f"Assumed linked character: {entry.name} joins {target.name} (the list does not say).",
                )
            )
            break
    return assumed


class _Nearest:
    """Candidates of an entry's detachment, the closest before it first, then after.

    Candidates (the units ``keep`` accepts) are gathered once per detachment and
    walked lazily from the entry outwards, so pairing a long list stays fast.
    """

    def __init__(self, checker: _Validator, keep: Callable[[_Entry], bool]) -> None:
        self.position = {id(e): i for i, e in enumerate(checker.entries)}
        self.pools: dict[int, list[_Entry]] = {
            key: [e for e in members if keep(e)] for key, members in checker.members.items()
        }

    def __call__(self, entry: _Entry) -> Iterator[_Entry]:
        pool = self.pools.get(id(entry.detachment), [])
        positions = [self.position[id(e)] for e in pool]
        split = bisect.bisect_left(positions, self.position[id(entry)])
        for index in range(split - 1, -1, -1):
            yield pool[index]
        for index in range(split, len(pool)):
            if pool[index] is not entry:
                yield pool[index]


# --- what the window offers ---------------------------------------------------------


def boarding_problems(
    catalogue: Catalogue, army: ArmyList, rider_id: str, candidate_ids: Iterable[str]
) -> dict[str, list[tuple[str, str]]]:
    """For each candidate transport, why ``rider_id`` may not be assigned to it (French, English).

    An empty list means the validator would accept the assignment (a capacity
    it cannot read counts as accepted: TRANSPORT-UNVERIFIED is a warning).
    The window uses it to offer only the transports a unit can board.
    """
    checker = _Validator(catalogue, army, ValidatorOptions())
    rider = checker.by_id.get(rider_id)
    answers: dict[str, list[tuple[str, str]]] = {}
    for candidate_id in candidate_ids:
        transport = checker.by_id.get(candidate_id)
        problems: list[tuple[str, str]] = []
        if rider is None or transport is None or transport is rider:
            problems.append(("unité introuvable", "unit not found"))
        elif transport.sheet is not None and not transport.sheet.is_transport:
            problems.append(("pas de capacité de transport", "no transport capacity"))
        else:
            if transport.detachment is not rider.detachment:
                problems.append(("dans un autre détachement", "in another detachment"))
            capacity = transport.sheet.transport if transport.sheet is not None else None
            verified = capacity is not None and capacity.capacity is not None and capacity.verified
            if rider.sheet is not None and capacity is not None and verified:
                problems.extend(checker._embark_problems(rider, rider.sheet, transport, capacity))
        answers[candidate_id] = problems
    return answers


def joining_problems(
    catalogue: Catalogue, army: ArmyList, character_id: str, candidate_ids: Iterable[str]
) -> dict[str, tuple[str, str] | None]:
    """For each candidate unit, why the linked character ``character_id`` may not join it (None: it may)."""
    checker = _Validator(catalogue, army, ValidatorOptions())
    character = checker.by_id.get(character_id)
    answers: dict[str, tuple[str, str] | None] = {}
    for candidate_id in candidate_ids:
        target = checker.by_id.get(candidate_id)
        if character is None or target is None:
            answers[candidate_id] = ("unité introuvable", "unit not found")
            continue
        problem = checker._link_problem(character, target)
        answers[candidate_id] = None if problem is None else (problem[1], problem[2])
    return answers
