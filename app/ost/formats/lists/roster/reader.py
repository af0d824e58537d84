"""BattleScribe rosters: ``.ros`` (XML) and ``.rosz`` (a zip holding one ``.ros``).

A roster is ``roster/forces/force/selections/selection``. Each force becomes a
detachment. Each top-level selection of type ``unit`` or ``model`` (or an
``upgrade`` whose primary category is a battlefield role) becomes a unit.

Models are counted over the datasheet's model kinds, whatever the selection
type: a ``model`` selection, an ``upgrade`` that carries a "Unit" profile
(Grey Knights enter their troopers so), and the unit's own selection when it
is a model (a Dark Apostle with his Disciples). Each model selection gets a
kind by BattleScribe id (``ModelKind.bs_ids``), then by name, then where the
kinds have room; a model inside another model's selection that fits no kind
(a Commander's Gun Drones) is wargear. The unit records its composition.

Every cost the roster states is kept: the unit's (``Unit.stated_points``),
the list's (``ArmyList.stated_total``) and each option's. Upgrades become the
datasheet's wargear options when it has a matching one; a priced option (or
wargear model) it lacks is kept with the roster's price and weapon profiles
(``Unit.extra_options``); free gear it lacks goes to the notes. The reading
report names options kept so and every price that differs from Ost's.

Configuration selections that name a sub-faction ("Craftworld Selection" →
"Saim-Hann", "Dynasty Choice" → "Dynasty: Szarekhan") set the placeholder
keyword they name on the force's units. The roster's data revisions (game
system and each force's catalogue) are read into ``ArmyList.origin`` and the
reading report, beside the catalogue's.

Datasheets are found by BattleScribe id first (``entryLinkId``, then
``entryId``, which may be a path of ids joined by ``::``; see
``Datasheet.bs_ids``), then by name among the enabled catalogue sources. A
unit the catalogue lacks is kept with what the roster says of it (role,
points, keywords) so the list still opens and the validator reports it as
``UNIT-UNKNOWN``.

Reading is bounded: the XML parser refuses DTDs and entities, sizes are
capped, and a ``.rosz`` member is decompressed chunk by chunk with a byte
count: :func:`parse_xml_safely` and :func:`read_single_member` call the shared
guarded reader of ``ost.formats.safexml`` (odd or empty member names included).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from xml.etree.ElementTree import Element

from rapidfuzz import fuzz

from ost.core.armylist import (
    ArmyList,
    Carried,
    Detachment,
    ListOrigin,
    ModelGroup,
    StatedOption,
    Unit,
    UnitSnapshot,
    snapshot_of,
)
from ost.core.catalogue import (
    BSDATA_SOURCE_PREFIX,
    Catalogue,
    Datasheet,
    WargearKind,
    WargearOption,
    WeaponProfile,
    source_kind,
)
from ost.core.roles import Role
from ost.core.text import fold, is_placeholder, keyword_key, slug
from ost.formats import safexml
from ost.formats.bsmodels import (
    MODEL_PROFILE_TYPE_ID,
    EntryView,
    Gear,
    TooDeep,
    UnitModels,
    carries_model,
    is_model_profile,
    split_unit,
)
from ost.formats.lists.reading import (
    MATCH_THRESHOLD,
    DataRevision,
    ExtraOption,
    IgnoredEntry,
    ListReadError,
    MatchedUnit,
    NameMatcher,
    PriceNote,
    ReadingReport,
    UnknownEntry,
    match_option,
    name_key,
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
    """The ``item`` children of ``element``'s ``container`` children, with or without a namespace."""
    container_end, item_end = "}" + container, "}" + item
    for child in element:
        tag = child.tag
        if isinstance(tag, str) and (tag == container or tag.endswith(container_end)):
            for grandchild in child:
                sub = grandchild.tag
                if isinstance(sub, str) and (sub == item or sub.endswith(item_end)):
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


def _points_of(element: Element) -> float | None:
    """The ``pts`` cost of one selection; None when it states none."""
    total: float | None = None
    for cost in _items(element, "costs", "cost"):
        type_id = (cost.get("typeId") or "").strip()
        name = (cost.get("name") or "").strip().casefold()
        if type_id != "points" and name not in _POINTS_NAMES:
            continue
        total = total or 0.0
        try:
            value = float((cost.get("value") or "0").strip())
        except ValueError:
            continue
        if math.isfinite(value) and abs(value) < 1e7:
            total += value
    return total


@lru_cache(maxsize=1024)
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


# --- profiles ----------------------------------------------------------------------------

#: The game system's "Unit" profile type: a selection that carries one is a model.
UNIT_PROFILE_TYPE = MODEL_PROFILE_TYPE_ID
_WEAPON_FIELDS = {"range": "range", "type": "type", "s": "s", "ap": "ap", "d": "d", "abilities": "abilities"}


def _is_unit_profile(profile: Element) -> bool:
    return is_model_profile(profile.get("typeId"), profile.get("typeName"))


def _profiles(selection: Element) -> tuple[list[str], list[Element]]:
    """The names of the "Unit" profiles a roster selection carries, and its weapon profiles (read when kept)."""
    units: list[str] = []
    weapons: list[Element] = []
    for profile in _items(selection, "profiles", "profile"):
        if _is_unit_profile(profile):
            units.append(" ".join((profile.get("name") or "").split()))
        elif (profile.get("typeName") or "").strip().casefold() == "weapon":
            weapons.append(profile)
    return units, weapons


def _weapon(profile: Element) -> WeaponProfile | None:
    """A roster's weapon profile, as printed."""
    values: dict[str, str] = {}
    for characteristic in _items(profile, "characteristics", "characteristic"):
        key = _WEAPON_FIELDS.get((characteristic.get("name") or "").strip().casefold())
        if key is not None:
            values[key] = shorten(characteristic.text or "", 200) or "-"
    name = shorten(profile.get("name") or "", 80)
    return WeaponProfile(name=name, **values) if name else None


# --- configuration: sub-factions named by the roster ---------------------------------------

#: Words that name the same placeholder in rosters (English) and in the catalogue (French or English).
PLACEHOLDER_WORDS: tuple[frozenset[str], ...] = tuple(
    frozenset(words)
    for words in (
        ("chapter", "chapitre"),
        ("dynasty", "dynastie"),
        ("clan", "clan kultur", "kultur"),
        ("sept",),
        ("craftworld", "vaisseau monde"),
        ("regiment",),
        ("hive fleet", "flotte ruche", "flotte de la ruche"),
        ("order", "ordre"),
        ("forge world", "monde forge"),
        ("legion",),
        ("household", "maisonnee"),
        ("kabal", "cabale"),
        ("wych cult", "culte wych"),
        ("haemonculus coven", "convent haemonculus"),
        ("league", "ligue"),
        ("masque",),
        ("plague company", "compagnie de la peste"),
        ("cult", "culte"),
        ("brotherhood", "confrerie"),
        ("shield host",),
    )
)
_CHOICE_WORDS = {"selection", "choice", "select", "choose", "choix", "choisir"}


def _config_key(name: str) -> str:
    """The word a configuration selection names: "Craftworld Selection" -> "craftworld"."""
    words = [w for w in name_key(name).split() if w not in _CHOICE_WORDS]
    return " ".join(words)


def _words_of(key: str) -> frozenset[str]:
    for words in PLACEHOLDER_WORDS:
        if key in words:
            return words
    return frozenset({key}) if key else frozenset()


def placeholder_words(placeholder: str) -> frozenset[str]:
    """Every word naming ``placeholder`` ("<CHAPITRE>" -> {"chapter", "chapitre"})."""
    return _words_of(name_key(placeholder.strip().strip("<>")))


def _config_value(name: str, words: frozenset[str]) -> str | None:
    """The sub-faction a configuration choice names ("Dynasty: Szarekhan" -> "SZAREKHAN"); None for a custom one."""
    text = " ".join(name.split())
    head, colon, tail = text.partition(":")
    if colon and _config_key(head) in words:
        text = tail.strip()
    if not text or "<" in text or fold(text) in {"custom", "personnalise", "personnalisee"}:
        return None
    return text.upper()


# --- reading ---------------------------------------------------------------------------


@dataclass
class _Gear:
    """Upgrades found under a unit: name -> times taken, stated points and weapon profiles, in order."""

    counts: dict[str, int] = field(default_factory=dict)
    points: dict[str, float] = field(default_factory=dict)
    weapons: dict[str, list[Element]] = field(default_factory=dict)
    #: Models that are wargear (a Commander's drones): kept as options, never as models.
    models: set[str] = field(default_factory=set)
    #: BattleScribe ids of each upgrade's selections (a datasheet imported from the data names its options so).
    ids: dict[str, list[str]] = field(default_factory=dict)
    #: The model whose selection holds the upgrade ("Boss Nob" for his Power Klaw), when it is not the unit.
    owners: dict[str, str] = field(default_factory=dict)
    warlord: bool = False

    def add(
        self,
        name: str,
        count: int,
        points: float,
        weapons: list[Element],
        *,
        model: bool = False,
        ids: list[str] | None = None,
        owner: str | None = None,
    ) -> None:
        self.counts[name] = self.counts.get(name, 0) + count
        self.points[name] = self.points.get(name, 0.0) + points
        known = self.weapons.setdefault(name, [])
        known.extend(w for w in weapons if w not in known)
        if model:
            self.models.add(name)
        if ids:
            seen = self.ids.setdefault(name, [])
            seen.extend(i for i in ids if i not in seen)
        if owner:
            self.owners.setdefault(name, owner)

    def shared(self, copies: int) -> _Gear:
        """The gear of one of ``copies`` identical units (BattleScribe's numbers are totals)."""
        if copies <= 1:
            return self
        return _Gear(
            counts={n: max(1, round(c / copies)) for n, c in self.counts.items()},
            points={n: p / copies for n, p in self.points.items()},
            weapons=self.weapons,
            models=self.models,
            ids=self.ids,
            owners=self.owners,
            warlord=self.warlord,
        )


@dataclass
class _Walk:
    """What sorting a unit's selections finds."""

    copies: int
    kind_ids: frozenset[str]
    #: The roster states each selection's cost with its children's (New Recruit): count each once.
    cumulative: bool = False
    view: EntryView[Element] = field(default_factory=lambda: ROSTER_VIEW)
    gear: _Gear = field(default_factory=lambda: _Gear())
    candidates: list[_Candidate] = field(default_factory=list)
    #: Every points cost stated in the unit's selections (each selection's own).
    prices: list[float] = field(default_factory=list)


@dataclass
class _Candidate:
    """A selection that is a model (or models) of the unit, before it is given a kind."""

    name: str
    ids: list[str]
    number: int
    #: The unit's own selection (a character whose entry is the model).
    itself: bool
    #: Inside another model's selection (a drone a Commander carries).
    nested: bool
    profile_names: list[str]
    points: float
    weapons: list[Element]
    #: The model's selection and everything under it (its wargear).
    entry: Element | None = None
    gear: list[Gear[Element]] = field(default_factory=list)


def _children(selection: Element) -> list[Element]:
    return list(_items(selection, "selections", "selection"))


def _model_profiles(selection: Element) -> list[str]:
    return _profiles(selection)[0]


#: How :mod:`ost.formats.bsmodels` reads a roster's ``<selection>``.
ROSTER_VIEW: EntryView[Element] = EntryView(
    kind=lambda s: s.get("type") or "", model_profiles=_model_profiles, children=_children
)


def _selections_in(unit: Element, split: UnitModels[Element]) -> Iterator[Element]:
    """Every selection of a split unit, each once: the unit's own first."""
    yield unit
    for model in split.models:
        if model.entry is not unit:
            yield model.entry
        for item in model.gear:
            yield item.entry
    for item in split.unit_gear:
        yield item.entry


def _own_points(selection: Element, cumulative: bool) -> float | None:
    """A selection's own cost: as stated, or less its children's when costs are cumulative."""
    points = _points_of(selection)
    if points is None or not cumulative:
        return points
    below = sum(p for c in _children(selection) if (p := _points_of(c)) is not None)
    return max(0.0, points - below)


def _tree_points(selection: Element, depth: int = 0) -> float:
    """Every cost stated in a selection and under it, each level added."""
    total = _points_of(selection) or 0.0
    if depth < MAX_DEPTH:
        total += sum(_tree_points(c, depth + 1) for c in _children(selection))
    return total


def _is_cumulative(root: Element, forces: list[Element]) -> bool:
    """Whether the roster states each selection's cost with its children's (as New Recruit writes it).

    BattleScribe's total is every selection's cost added; a cumulative
    writer's total is its top-level selections' costs. When both agree (no
    priced child) the question does not matter.
    """
    total = _points_of(root)
    if total is None:
        return False
    tops = [s for force in forces for s in _items(force, "selections", "selection")]
    top = sum(_points_of(s) or 0.0 for s in tops)
    every = sum(_tree_points(s) for s in tops)
    return abs(top - total) < 0.5 and abs(every - total) >= 0.5


#: Name keys of kinds and model selections, remembered (the same few names come back in every roster).
_key = lru_cache(maxsize=8192)(name_key)


def _own_ids(selection: Element) -> list[str]:
    """A selection's own BattleScribe ids: its link's, and the last of its entry path (not its parents')."""
    ids = [i for i in ((selection.get("entryLinkId") or "").strip(),) if i]
    parts = [p for p in (selection.get("entryId") or "").split("::") if p.strip()]
    if parts:
        ids.append(parts[-1].strip())
    return ids


def _ids_of(selection: Element) -> list[str]:
    ids: list[str] = []
    link = (selection.get("entryLinkId") or "").strip()
    if link:
        ids.append(link)
    entry = (selection.get("entryId") or "").strip()
    if entry:
        ids.append(entry)
        ids.extend(reversed([p for p in entry.split("::") if p]))
    return ids


@dataclass
class _Composition:
    models: int
    #: Kind id -> count, when the datasheet is known.
    composition: dict[str, int]
    wargear: list[_Candidate]
    #: For each candidate, in order: the kinds its models went to (kind id, how many); empty: wargear.
    placed: list[list[tuple[str, int]]] = field(default_factory=list)


def assign_kinds(sheet: Datasheet, candidates: list[_Candidate]) -> _Composition:
    """Give each model selection a kind of ``sheet``: by BattleScribe id, by name, then where there is room.

    A model selection that matches no kind, inside another model's selection,
    is wargear (a Commander's or a Piranha's Gun Drones), not a model, when
    the kinds have BattleScribe ids (they name every model of the unit) or
    every kind is full.
    """
    counts = {k.id: 0 for k in sheet.kinds}
    placed: dict[int, list[tuple[str, int]]] = {}
    by_id: dict[str, str] = {}
    for kind in sheet.kinds:
        for bs_id in kind.bs_ids:
            by_id.setdefault(bs_id, kind.id)
    left: list[_Candidate] = []
    for candidate in candidates:
        kind_id = next((by_id[i] for i in candidate.ids if i in by_id), None)
        if kind_id is None:
            left.append(candidate)
        else:
            counts[kind_id] += candidate.number
            placed[id(candidate)] = [(kind_id, candidate.number)]
    unnamed: list[_Candidate] = []
    kind_keys = [(k.id, {_key(k.name), _key(k.profile or "")} - {""}) for k in sheet.kinds]
    for candidate in left:
        names = {_key(candidate.name), *(_key(n) for n in candidate.profile_names)} - {""}
        kind_id = next((kid for kid, keys in kind_keys if keys & names), None)
        if kind_id is None and len(sheet.kinds) > 1:
            kind_id = _closest_kind(kind_keys, names)
        if kind_id is None:
            unnamed.append(candidate)
        else:
            counts[kind_id] += candidate.number
            placed[id(candidate)] = [(kind_id, candidate.number)]
    wargear: list[_Candidate] = []
    bulk = sheet.kinds[sheet.bulk_index]
    ids_known = bool(by_id)
    for candidate in unnamed:
        number = candidate.number
        if candidate.itself:
            order = list(sheet.kinds)
        else:
            short = [k for k in sheet.kinds if counts[k.id] < k.min]
            order = [*short, bulk, *(k for k in sheet.kinds if k is not bulk and k not in short)]
        room = sum(max(0, k.max - counts[k.id]) for k in sheet.kinds)
        if candidate.nested and (ids_known or room < number):
            wargear.append(candidate)
            continue
        spots: list[tuple[str, int]] = []
        for kind in order:
            take = min(number, max(0, kind.max - counts[kind.id]))
            counts[kind.id] += take
            number -= take
            if take:
                spots.append((kind.id, take))
        counts[bulk.id] += number
        if number:
            spots.append((bulk.id, number))
        placed[id(candidate)] = spots
    return _Composition(sum(counts.values()), counts, wargear, [placed.get(id(c), []) for c in candidates])


def _closest_kind(kind_keys: list[tuple[str, set[str]]], names: set[str]) -> str | None:
    best: tuple[float, str] | None = None
    for kind_id, keys in kind_keys:
        for key in keys:
            for name in names:
                score = max(fuzz.ratio(key, name), fuzz.token_sort_ratio(key, name))
                if score >= MATCH_THRESHOLD and (best is None or score > best[0]):
                    best = (score, kind_id)
    return best[1] if best else None


# --- what each model carries ---------------------------------------------------------

_PSYCHIC_WORDS = ("psychic power", "pouvoir psychique", "pouvoirs psychiques", "psychic discipline")
_TRAIT_WORDS = ("warlord trait", "trait de seigneur", "traits de seigneur")
_RELIC_WORDS = ("relic", "relique", "heirloom", "artefact", "artifact")
_TEXT_FIELDS = {"description", "details", "effect", "abilities", "texte", "effet"}
_MAX_TEXT = 2000


@dataclass
class _Contents:
    loadout: list[ModelGroup] = field(default_factory=list)
    upgrades: list[Carried] = field(default_factory=list)


def _gear_kind(element: Element, path: tuple[Element, ...], model: bool) -> WargearKind:
    """What an entry under a unit is, by its profiles and the names of its selection and those above it."""
    if model:
        return "wargear"
    types = {(p.get("typeName") or "").strip().casefold() for p in _items(element, "profiles", "profile")}
    names = " | ".join(fold(e.get("name") or "") for e in (*path, element))
    if "psychic power" in types or any(w in names for w in _PSYCHIC_WORDS):
        return "psychic"
    if any(w in names for w in _TRAIT_WORDS):
        return "trait"
    if any(w in names for w in _RELIC_WORDS):
        return "relic"
    return "weapon" if "weapon" in types else "wargear"


def _is_wrapper(element: Element, cumulative: bool) -> bool:
    """A selection that only groups others ("Psychic Powers", "Weapon Options"): its children are listed instead."""
    if not _children(element) or any(True for _ in _items(element, "profiles", "profile")):
        return False
    return not _own_points(element, cumulative)


def _text_of(element: Element) -> str | None:
    """The rules text a roster gives an upgrade (its profile's description, else its rule's)."""
    for profile in _items(element, "profiles", "profile"):
        if (profile.get("typeName") or "").strip().casefold() in ("weapon", "unit"):
            continue
        for characteristic in _items(profile, "characteristics", "characteristic"):
            name = (characteristic.get("name") or "").strip().casefold()
            if name in _TEXT_FIELDS or "description" in name:
                text = " ".join((characteristic.text or "").split())
                if text:
                    return shorten(text, _MAX_TEXT)
    for rule in _items(element, "rules", "rule"):
        for child in rule:
            if _local(child.tag) == "description":
                text = " ".join((child.text or "").split())
                if text:
                    return shorten(text, _MAX_TEXT)
    return None


def _weapons_under(element: Element, depth: int = 0) -> list[WeaponProfile]:
    """The weapon profiles of a selection and of the selections under it (a drone's carbines)."""
    found: list[WeaponProfile] = []
    for weapon in map(_weapon, _profiles(element)[1]):
        if weapon is not None and weapon not in found:
            found.append(weapon)
    if depth < MAX_DEPTH:
        for child in _children(element):
            found.extend(w for w in _weapons_under(child, depth + 1) if w not in found)
    return found


def _item_of(sheet: Datasheet | None, element: Element, name: str) -> str | None:
    """The catalogue's wargear item an entry is: by BattleScribe id, then by name."""
    if sheet is None or not sheet.wargear:
        return None
    ids = set(_ids_of(element))
    for item in sheet.wargear:
        if ids & set(item.bs_ids):
            return item.id
    key = name_key(name)
    for item in sheet.wargear:
        if key in (name_key(item.name), name_key(item.name_en), name_key(item.id)):
            return item.id
    return None


@dataclass
class _Taken:
    """One entry under a model or the unit, as it will be carried."""

    carried: Carried
    #: How many the roster gives in all (over the models of the entry).
    total: int
    points: float


def _taken(sheet: Datasheet | None, items: list[Gear[Element]], walk: _Walk) -> list[_Taken]:
    """The entries of ``items`` that are carried (wrappers, a Warlord mark and a drone's own gear left out)."""
    found: list[_Taken] = []
    copies, cumulative = walk.copies, walk.cumulative
    for item in items:
        element = item.entry
        if any(carries_model(walk.view, p) for p in item.path):
            continue  # a drone's gear: on the drone
        name = " ".join((element.get("name") or "").split())
        if not name or fold(name) in _WARLORD or _is_wrapper(element, cumulative):
            continue
        kind = _gear_kind(element, item.path, item.model)
        weapons = _weapons_under(element) if item.model else _weapons_under(element, MAX_DEPTH)
        total = max(1, round(_number(element.get("number")) / copies))
        points = (_own_points(element, cumulative) or 0.0) / copies
        if item.model:
            points += sum(_tree_points(c) for c in _children(element)) / copies if not cumulative else 0.0
        text = _text_of(element) if kind in ("psychic", "trait", "relic", "wargear", "upgrade") else None
        carried = Carried(
            item=_item_of(sheet, element, name),
            name=shorten(name, 120),
            kind=kind,
            count=total,
            points=max(0, round(points)),
            weapons=weapons,
            text=text,
        )
        found.append(_Taken(carried, total, points))
    return found


def _carry(carried: list[Carried], item: Carried) -> None:
    """Add ``item`` to what a model carries; the same thing entered twice (two Dreadfists) is counted."""
    for known in carried:
        if known.name == item.name and known.kind == item.kind and known.item == item.item:
            known.count += item.count
            known.points = (known.points or 0) + (item.points or 0)
            return
    carried.append(item)


def _contents(
    sheet: Datasheet | None,
    split: UnitModels[Element],
    candidates: list[_Candidate],
    placed: list[list[tuple[str, int]]],
    walk: _Walk,
) -> _Contents:
    """Each model's wargear (models grouped into identical ones) and the unit's once-taken upgrades."""
    found = _Contents()
    groups: dict[tuple[str, tuple[tuple[str, int], ...]], ModelGroup] = {}
    for index, candidate in enumerate(candidates):
        spots = placed[index] if index < len(placed) else []
        if sheet is None:
            spots = [(candidate.name or "?", candidate.number)]
        if not spots:
            continue  # made wargear by the kinds
        kinds = [kind for kind, n in spots for _ in range(n)]
        models = len(kinds)
        per_model: list[list[Carried]] = [[] for _ in range(models)]
        if candidate.entry is not None:
            # A model entered with its weapons on its own selection (a Support Weapon with its Shadow Weaver).
            for weapon in _weapons_under(candidate.entry, MAX_DEPTH):
                own = Carried(name=weapon.name, kind="weapon", count=1, points=0, weapons=[weapon])
                for model_gear in per_model:
                    model_gear.append(own.model_copy(deep=True))
        for taken in _taken(sheet, candidate.gear, walk):
            if taken.carried.kind in ("psychic", "trait", "relic"):
                found.upgrades.append(taken.carried)
                continue
            if models == 0:
                continue
            base, extra = divmod(taken.total, models)
            for i in range(models):
                count = base + (1 if i < extra else 0)
                if count:
                    share = taken.points * count / max(1, taken.total)
                    _carry(per_model[i], taken.carried.model_copy(update={"count": count, "points": round(share)}))
        for i, kind in enumerate(kinds):
            key = (kind, tuple((c.name, c.count) for c in per_model[i]))
            group = groups.get(key)
            if group is None:
                groups[key] = ModelGroup(kind=kind, count=1, wargear=per_model[i])
            else:
                group.count += 1
    found.loadout = list(groups.values())
    for taken in _taken(sheet, split.unit_gear, walk):
        carried = taken.carried
        if carried.kind == "wargear":
            carried = carried.model_copy(update={"kind": "upgrade"})
        found.upgrades.append(carried)
    return found


@dataclass
class _ForceData:
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
        self._kind_id_memo: dict[str, frozenset[str]] = {}

    def read(self, root: Element) -> ArmyList:
        if _local(root.tag) != "roster":
            raise ListReadError(
                self.source, f"not a BattleScribe roster: the document is a <{shorten(_local(root.tag), 40)}>"
            )
        self.army.name = " ".join((root.get("name") or "").split())
        self.army.points_limit = self._points_limit(root)
        total = _points_of(root)
        if total is not None:
            self.army.stated_total = max(0, round(total))
        system = " ".join((root.get("gameSystemName") or "").split()) or None
        system_revision = (root.get("gameSystemRevision") or "").strip() or None
        self.army.origin = ListOrigin(format=self.report.format, data=system, revision=system_revision)
        if system is not None:
            self.report.data.append(DataRevision(what=system, revision=system_revision, catalogue_revision=None))
        forces = list(self._forces(root, 0))
        self.cumulative = _is_cumulative(root, forces)
        if self.cumulative:
            self.report.note(
                "Le roster donne le coût de chaque sélection avec celui de ses enfants (New Recruit) : "
                "Ost compte chaque coût une fois.",
                "The roster states each selection's cost with its children's (New Recruit): Ost counts each cost once.",
            )
        for force in forces:
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
        catalogue_id = (force.get("catalogueId") or "").strip()
        self.force_source = BSDATA_SOURCE_PREFIX + catalogue_id if catalogue_id else ""
        hint = self._own_faction(self.force_source)
        if hint is None:
            hint = self.matcher.faction_of(catalogue_name) if catalogue_name else None
        settings: dict[frozenset[str], tuple[str, str]] = {}
        for selection in _items(force, "selections", "selection"):
            self._read_selection(selection, detachment, hint, settings)
        self._apply_settings(detachment, settings)
        self._share_placeholders(detachment)
        if catalogue_name:
            revision = (force.get("catalogueRevision") or "").strip() or None
            data = _ForceData(catalogue_name, (force.get("catalogueId") or "").strip(), revision)
            self._note_revision(data, detachment)

    # -- configuration ------------------------------------------------------------------

    def _read_settings(
        self, selection: Element, settings: dict[frozenset[str], tuple[str, str]], depth: int = 0
    ) -> None:
        """Sub-faction choices in a configuration selection ("Craftworld Selection" → "Saim-Hann")."""
        if depth > 3:
            return
        name = " ".join((selection.get("name") or "").split())
        head, colon, _ = name.partition(":")
        words = _words_of(_config_key(head if colon else name))
        if colon and any(words == group for group in PLACEHOLDER_WORDS):
            value = _config_value(name, words)
            if value is not None:
                settings.setdefault(words, (value, name))
                return
        children = list(_items(selection, "selections", "selection"))
        if any(words == group for group in PLACEHOLDER_WORDS) and children:
            chosen = " ".join((children[0].get("name") or "").split())
            value = _config_value(chosen, words)
            if value is not None:
                settings.setdefault(words, (value, name))
            return
        for child in children:
            self._read_settings(child, settings, depth + 1)

    def _apply_settings(self, detachment: Detachment, settings: dict[frozenset[str], tuple[str, str]]) -> None:
        """Give the units of the force the sub-faction its configuration names, for the placeholder it names."""
        used: set[frozenset[str]] = set()
        for unit in detachment.units:
            sheet = self.catalogue.get(unit.datasheet)
            placeholders = sheet.faction_placeholders if sheet is not None else ()
            for placeholder in placeholders:
                words = placeholder_words(placeholder)
                found = settings.get(words)
                if found is not None and placeholder not in unit.placeholders:
                    unit.placeholders[placeholder] = found[0]
                    used.add(words)
        for words in used:
            value, where = settings[words]
            self.report.note(
                f"{detachment.name} : « {where} » donne {value} aux unités de la force.",
                f"{detachment.name}: “{where}” gives {value} to the force's units.",
            )

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
                f"{detachment.name} : roster fait avec une révision plus ancienne des données "
                f"({data.revision}, le catalogue a la {theirs}) : ses prix peuvent différer.",
                f"{detachment.name}: roster made with an older data revision "
                f"({data.revision}; the catalogue has {theirs}): its prices may differ.",
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

    def _is_unit(self, selection: Element, categories: _Categories) -> bool:
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
        settings: dict[frozenset[str], tuple[str, str]],
    ) -> None:
        name = " ".join((selection.get("name") or "").split())
        where = detachment.name
        categories = _categories(selection)
        if not self._is_unit(selection, categories):
            self.report.ignored.append(_ignored(where, name))
            self._read_settings(selection, settings)
            return
        sheet, method, confidence, best = self._resolve(selection, name, hint)
        kind = (selection.get("type") or "").strip().lower()
        number = max(1, _number(selection.get("number")))
        copies = 1
        if number > 1 and (kind != "model" or (sheet is not None and sheet.max_models == 1)):
            # BattleScribe's child numbers and costs are totals over the copies: share them out.
            copies = number
        view = self._view(sheet)
        walk = _Walk(copies, self._kind_ids(sheet), self.cumulative, view)
        try:
            split = split_unit(view, selection)
        except TooDeep:
            raise ListReadError(self.source, "selections are nested too deep to be a roster") from None
        self._sort(selection, split, walk)
        gear, candidates = walk.gear, walk.candidates
        gear.warlord = gear.warlord or any(fold(k) in _WARLORD for k in categories.keywords)
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
                    f"{where} : le roster ne donne pas de figurines ; Ost compte le minimum ({models}).",
                    f"{where}: the roster gives no models; Ost counts the minimum ({models}).",
                )
        if copies > 1:
            self.report.warn(
                f"{where} : sélection prise {copies} fois, lue comme {copies} unités.",
                f"{where}: selection taken {copies} times, read as {copies} units.",
            )
        if self.cumulative:
            top = _points_of(selection)
            stated = max(0, round(top / copies)) if top is not None else None
        else:
            stated = max(0, round(sum(walk.prices) / copies)) if walk.prices else None
        custom = " ".join((selection.get("customName") or "").split()) or None
        contents = _contents(sheet, split, candidates, placed, walk)
        for _ in range(copies):
            unit = self._add_unit(
                detachment, selection, name, sheet, method, confidence, best, models, stated, gear, categories, custom
            )
            unit.composition = dict(composition)
            fresh = copies == 1  # each copy of a unit taken several times gets its own
            if sum(g.count for g in contents.loadout) == models:
                unit.loadout = contents.loadout if fresh else [g.model_copy(deep=True) for g in contents.loadout]
            unit.upgrades = contents.upgrades if fresh else [u.model_copy(deep=True) for u in contents.upgrades]

    def _sort(self, unit: Element, split: UnitModels[Element], walk: _Walk) -> None:
        """Models (by the one definition of :mod:`ost.formats.bsmodels`) and wargear, and every price stated."""
        copies = walk.copies
        for element in _selections_in(unit, split):
            points = _own_points(element, walk.cumulative)
            if points is not None:
                walk.prices.append(points)
        for model in split.models:
            element = model.entry
            name = " ".join((element.get("name") or "").split())
            profile_names, weapons = _profiles(element)
            number = 1 if model.itself and (element.get("type") or "").strip().lower() != "model" else None
            if number is None:
                number = _number(element.get("number"))
                if copies > 1:  # totals over the copies of the unit
                    number = max(1, round(number / copies))
            walk.candidates.append(
                _Candidate(
                    name=name,
                    ids=_ids_of(element),
                    number=number,
                    itself=model.itself,
                    nested=False,
                    profile_names=profile_names,
                    points=(_own_points(element, walk.cumulative) or 0.0) / copies,
                    weapons=weapons,
                    entry=element,
                    gear=model.gear,
                )
            )
            owner = None if model.itself else name
            self._add_gear(model.gear, walk, owner)
        self._add_gear(split.unit_gear, walk, None)

    @staticmethod
    def _add_gear(items: list[Gear[Element]], walk: _Walk, owner: str | None) -> None:
        for item in items:
            element = item.entry
            name = " ".join((element.get("name") or "").split())
            if not name:
                continue
            if fold(name) in _WARLORD:
                walk.gear.warlord = True
                continue
            _, weapons = _profiles(element)
            inner = next((p for p in reversed(item.path) if carries_model(walk.view, p)), None)
            who = " ".join((inner.get("name") or "").split()) if inner is not None else owner
            walk.gear.add(
                name,
                _number(element.get("number")),
                _own_points(element, walk.cumulative) or 0.0,
                weapons,
                model=item.model,
                ids=_ids_of(element),
                owner=who,
            )

    def _view(self, sheet: Datasheet | None) -> EntryView[Element]:
        """How to read this unit's selections: the structure, and the models its datasheet names.

        A selection whose own id is one of the datasheet's model kinds' (Grey
        Knights entered as upgrades with no profile), or a ``model`` selection
        named like one of its several kinds (a Grimnyr's drones), is a model of
        the unit wherever the writer put it.
        """
        if sheet is None:
            return ROSTER_VIEW
        kind_ids = self._kind_ids(sheet)
        names = (
            [(k.id, {_key(k.name), _key(k.profile or "")} - {""}) for k in sheet.kinds] if len(sheet.kinds) > 1 else []
        )
        if not kind_ids and not names:
            return ROSTER_VIEW

        def named(selection: Element) -> bool:
            if any(i in kind_ids for i in _own_ids(selection)):
                return True
            if not names or (selection.get("type") or "").strip().lower() != "model":
                return False
            key = {_key(" ".join((selection.get("name") or "").split()))} - {""}
            return any(keys & key for _, keys in names) or _closest_kind(names, key) is not None

        return replace(ROSTER_VIEW, named_model=named)

    def _kind_ids(self, sheet: Datasheet | None) -> frozenset[str]:
        """The BattleScribe ids of ``sheet``'s model kinds (remembered per datasheet)."""
        if sheet is None:
            return frozenset()
        known = self._kind_id_memo.get(sheet.id)
        if known is None:
            known = frozenset(bs_id for kind in sheet.kinds for bs_id in kind.bs_ids)
            self._kind_id_memo[sheet.id] = known
        return known

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
        for candidate in _ids_of(selection):
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
        factions = {keyword_key(f) for f in _categories(selection).factions}

        def rank(sheet: Datasheet) -> tuple[bool, int, bool]:
            fitting = sum(keyword_key(k) in factions for k in sheet.faction_keywords if not is_placeholder(k))
            return (bool(own) and sheet.source == own, fitting, sheet.source == sheets[0].source)

        return max(sheets, key=rank)

    def _options(self, sheet: Datasheet | None, gear: _Gear, models: int, where: str, unit_id: str) -> _Options:
        """Wargear matched to the datasheet's options; priced or model wargear it lacks kept as stated."""
        found = _Options()
        for gear_name, count in gear.counts.items():
            stated = max(0, round(gear.points.get(gear_name, 0.0)))
            option = _gear_option(sheet, gear, gear_name) if sheet is not None else None
            if option is not None:
                if option.per_model and option.points and stated and stated % option.points == 0:
                    # A per-model price stated once for the unit: it was taken by that many models.
                    count = min(max(count, stated // option.points), max(count, models))
                found.options[option.id] = found.options.get(option.id, 0) + count
                if stated and stated != option.points * count:
                    self.report.prices.append(
                        PriceNote(
                            where=where,
                            unit_id=unit_id,
                            text=f"{option.name} ×{count}" if count > 1 else option.name,
                            stated=stated,
                            priced=option.points * count,
                            option=True,
                        )
                    )
            elif sheet is not None and (stated or gear_name in gear.models):
                weapons: list[WeaponProfile] = []
                for weapon in map(_weapon, gear.weapons.get(gear_name, [])):
                    if weapon is not None and weapon not in weapons:
                        weapons.append(weapon)
                extra = StatedOption(name=gear_name, count=count, points=stated, weapons=weapons)
                found.extra.append(extra)
                self.report.extras.append(
                    ExtraOption(where=where, unit_id=unit_id, text=gear_name, count=count, points=stated)
                )
            else:
                found.noted.append(f"{gear_name} ×{count}" if count > 1 else gear_name)
        return found

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
        gear: _Gear,
        categories: _Categories,
        custom: str | None,
    ) -> Unit:
        self.unit_count += 1
        if self.unit_count > MAX_UNITS:
            raise ListReadError(self.source, f"more than {MAX_UNITS} units: not an army list")
        unit_id = f"u{self.unit_count}"
        where = f"{detachment.name} › {custom or name}"
        options = self._options(sheet, gear, models, where, unit_id)
        notes = "Équipement lu : " + ", ".join(options.noted) if options.noted else ""
        if sheet is not None:
            snapshot = snapshot_of(sheet)
            datasheet_id = sheet.id
            placeholders = _placeholders(sheet.faction_keywords, categories.factions)
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
                "Un roster BattleScribe ne dit pas quelle unité monte dans quel transport ni quel personnage "
                "rejoint quelle unité : à indiquer dans Ost avant de conclure.",
                "A BattleScribe roster does not say which unit rides in which transport nor which character "
                "joins which unit: set them in Ost before concluding.",
            )


def _gear_option(sheet: Datasheet, gear: _Gear, name: str) -> WargearOption | None:
    """The datasheet's option an upgrade is: by BattleScribe id, then by name.

    An upgrade inside a model's selection may be named for that model in the
    catalogue ("Boss Nob – Power Klaw", ``boss-nob-power-klaw``) while the
    roster calls it "Power Klaw": the owner's name then qualifies it.
    """
    ids = set(gear.ids.get(name, ()))
    if ids:
        for option in sheet.options:
            if option.id in ids:
                return option
    owner = gear.owners.get(name)
    qualified = f"{owner} {name}" if owner else None
    if qualified is not None:
        key = name_key(qualified)
        for option in sheet.options:
            if key in (name_key(option.name), name_key(option.id)):
                return option
    # Not the qualified name loosely: "Boss Nob Choppa" is close to "Boss Nob – Big Choppa" and is not it.
    return match_option(sheet, name)


@dataclass
class _Options:
    options: dict[str, int] = field(default_factory=dict)
    extra: list[StatedOption] = field(default_factory=list)
    noted: list[str] = field(default_factory=list)


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
    # The data names some links of "Faction: Orks" "Faction: Ork": a plural's singular is that faction.
    known |= {k[:-1] for k in known if k.endswith("S")} | {f"{k}S" for k in known}
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
