"""Import BattleScribe data files (``.gst``, ``.cat`` and zipped ``.gstz``/``.catz``) as datasheets.

The community BSData repositories describe each army as a BattleScribe
catalogue; ``docs/bsdata-import.md`` explains what Ost takes from them and
how. In short:

* **Files.** Every file is read through :mod:`ost.formats.safexml` (no DTD,
  size limits, safe zips). Exactly the BattleScribe game-system and catalogue
  roots are accepted; anything else is refused with a message naming the file.
* **Resolution.** Each catalogue resolves ids in its own file, then in the
  catalogues it links to (breadth first, transitively), then in the game
  system: shared containers first, then any element with that id. Entry links
  are resolved to their target; the link's own name, hidden flag, costs,
  constraints, categories and children override or extend the target's.
* **Datasheets.** A playable catalogue (``library="false"``) becomes a
  :class:`Faction`; its root entries, plus the root entries of catalogues it
  links with ``importRootEntries="true"`` (transitively), become datasheets
  when their primary category is a battlefield role (or an unslotted one:
  No Force Org Slot, Agent of the Imperium, Primarch…). The game system's own
  root entries (fortifications common to every army) form one more faction.
  The same target offered twice (under two roles) is one datasheet; a slotted
  role wins over an unslotted one and every link id is kept in ``bs_ids``.
* **Model kinds.** One kind per model entry of a unit, whatever BattleScribe
  calls it (a ``model``, an ``upgrade`` with a Unit profile, the unit entry
  itself when it is a model), entries of the same profile merged; drones,
  familiars and attachés bought with a unit that has other models are wargear
  options. Sizes are summed over the kinds, wounds are the toughest kind's.
  Limits that change with what the unit itself holds (a conditional or
  repeated constraint modifier: one Guardsman fewer with a Heavy Weapon Team)
  are evaluated over the unit's compositions (:class:`_Solver`); a model that
  takes another's place one for one is a weapon choice of that kind.
* **Facts.** Points are those of the minimum configuration: the entry's cost
  plus ``min ×`` each mandatory child, groups filled from their default entry.
  Unconditional modifiers (link repricing, constraint changes) are applied;
  conditional prices are evaluated for each datasheet (what it is, what its
  minimum configuration holds, its catalogue) and kept at the price without
  the change, with a warning, when they need the force or the roster.
  Hidden and Legends entries are kept and flagged.
* **Speed.** One pass indexes each file; every parsed entry and every
  computed subtree is memoised, so a shared weapon or wargear group is read
  once per catalogue scope (a subtree whose price depends on a condition once
  per datasheet and parent). ``benchmarks/import_bsdata.py`` keeps this within
  4 times a raw ``xml.etree`` parse, on the sample and on the sample grown to
  the full release's size.

:func:`read_bsdata` is the entry point; it returns a :class:`BsImport` with
the factions, the datasheets, a coverage report and warnings, and never
writes anywhere (``ost.services`` stores the result).
"""

from __future__ import annotations

import functools
import gc
import itertools
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from pydantic import ValidationError

from ost.core.catalogue import (
    BSDATA_SOURCE_PREFIX,
    AbilityRef,
    Datasheet,
    Faction,
    ModelKind,
    ModelProfile,
    TransportCapacity,
    WargearOption,
    WeaponProfile,
)
from ost.core.roles import Role, UnitType
from ost.core.text import slug
from ost.formats.safexml import DEFAULT_LIMITS, Limits, XmlDocument, XmlInputError, read_documents
from ost.formats.transport_text import Vocabulary, parse_transport

__all__ = [
    "SOURCE_PREFIX",
    "SUFFIXES",
    "BsDataError",
    "BsImport",
    "Coverage",
    "ImportWarning",
    "Progress",
    "find_files",
    "read_bsdata",
    "unit_type_and_class",
]

#: ``Datasheet.source`` and ``Faction.source`` of imported data: ``bsdata:<catalogue id>`` (the core's constant).
SOURCE_PREFIX = BSDATA_SOURCE_PREFIX
#: File name endings picked up in folders.
SUFFIXES = (".gst", ".cat", ".gstz", ".catz")
_MEMBER_SUFFIXES = (".gst", ".cat")

GST_NS = "{http://www.battlescribe.net/schema/gameSystemSchema}"
CAT_NS = "{http://www.battlescribe.net/schema/catalogueSchema}"

#: ``progress(done, total, what)``: called as files are read and catalogues converted; ``total`` never changes
#: during one import and ``done`` only grows, ending at ``total``.
Progress = Callable[[int, int, str], None]

_TAGS = (
    "gameSystem",
    "catalogue",
    "selectionEntries",
    "selectionEntry",
    "selectionEntryGroups",
    "selectionEntryGroup",
    "entryLinks",
    "entryLink",
    "constraints",
    "constraint",
    "costs",
    "cost",
    "profiles",
    "profile",
    "characteristics",
    "characteristic",
    "infoLinks",
    "infoLink",
    "rules",
    "rule",
    "description",
    "infoGroups",
    "infoGroup",
    "categoryLinks",
    "categoryLink",
    "categoryEntries",
    "categoryEntry",
    "modifiers",
    "modifier",
    "modifierGroups",
    "modifierGroup",
    "conditions",
    "conditionGroups",
    "conditionGroup",
    "condition",
    "repeats",
    "repeat",
    "sharedSelectionEntries",
    "sharedSelectionEntryGroups",
    "sharedProfiles",
    "sharedRules",
    "sharedInfoGroups",
    "catalogueLinks",
    "catalogueLink",
    "costTypes",
    "costType",
)
#: Qualified tag (either namespace) -> local name; one dictionary look-up per element.
_LOCAL = {ns + tag: tag for ns in (GST_NS, CAT_NS) for tag in _TAGS}
_SHARED = frozenset(
    {"sharedSelectionEntries", "sharedSelectionEntryGroups", "sharedProfiles", "sharedRules", "sharedInfoGroups"}
)
_LINK_TARGET_TAGS = tuple(ns + tag for ns in (CAT_NS, GST_NS) for tag in ("selectionEntry", "selectionEntryGroup"))
_INFO_TARGET_TAGS = tuple(ns + tag for ns in (CAT_NS, GST_NS) for tag in ("profile", "rule", "infoGroup"))
_TARGET_TAGS = frozenset((*_LINK_TARGET_TAGS, *_INFO_TARGET_TAGS))

#: Primary category name (folded) -> role. Unslotted categories are documented in docs/bsdata-import.md.
ROLE_BY_CATEGORY: dict[str, Role] = {
    name.casefold(): role
    for name, role in {
        "HQ": Role.HQ,
        "Troops": Role.TROOPS,
        "Elites": Role.ELITES,
        "Fast Attack": Role.FAST_ATTACK,
        "Heavy Support": Role.HEAVY_SUPPORT,
        "Flyer": Role.FLYER,
        "Flyers": Role.FLYER,
        "Dedicated Transport": Role.DEDICATED_TRANSPORT,
        "Lord of War": Role.LORD_OF_WAR,
        "Lords of War": Role.LORD_OF_WAR,
        "Fortification": Role.FORTIFICATION,
        "Fortifications": Role.FORTIFICATION,
        "No Force Org Slot": Role.UNSLOTTED,
        "Agent of the Imperium": Role.UNSLOTTED,
        "Primarch | Daemon Primarch | Supreme Commander": Role.UNSLOTTED,
        "Supreme Commander": Role.UNSLOTTED,
        "Primarch": Role.UNSLOTTED,
    }.items()
}
#: Category names that are not keywords of a unit.
_NOT_KEYWORDS = frozenset({"configuration", "stratagems", "legends", "unit"})
#: Keywords that make a vehicle a walker (9th-edition data has no WALKER keyword).
WALKER_KEYWORDS = frozenset(
    {"WALKER", "DREADNOUGHT", "DREADNOUGHTS", "SENTINEL", "SENTINELS", "KILLA KANS", "DEFF DREAD", "DEFF DREADS"}
)
#: Vehicles and monsters with this many wounds or more are heavy (class 4).
HEAVY_WOUNDS = 10
#: Words in the (lower-cased) names of wargear groups whose profiles are not the datasheet's: relics, traits…
_NOT_DATASHEET_GEAR = re.compile(
    r"\b(?:relics?|warlord|traits?|stratagems?|heirlooms?|artefacts?|artifacts?|kustom jobs?|psychic|disciplines?|"
    r"litany|litanies|prayers?|enhancements?|specialist mobs?)\b"
)
_LEGENDS_NAME = re.compile(r"[\[(]\s*legends?\s*[\]})]", re.IGNORECASE)
_NEVER_OBJECTIVES = re.compile(
    r"(?:cannot|can ?not|can never|never|may not)\s+(?:control|hold|capture|contest)\s+objective", re.IGNORECASE
)
_LEGENDS_TOGGLE_NAME = re.compile(r"hide\s+legends", re.IGNORECASE)
#: "Hide Legends Units" of the 9th-edition game system, in case its entry is not among the files.
_KNOWN_LEGENDS_TOGGLES = frozenset({"c47c-a3e1-c91e-436a"})
_NAMELESS_LINKS = frozenset({"", "new entrylink", "new entry link"})
_WEAPON_ABILITIES_MAX = 40
_MAX_DEPTH = 40
#: No cost or count in real data comes near this; larger values are clamped (SQLite integers are 64-bit).
_LARGEST = 1_000_000.0
#: Entries and groups looked at for a unit's model kinds (real units stay under 100).
_MAX_WALK = 600


class BsDataError(XmlInputError):
    """BattleScribe data that cannot be imported; the message names the file (or files)."""


@dataclass
class Coverage:
    """How complete the datasheets of one faction came out (the import's report)."""

    faction: str
    name: str
    revision: str
    datasheets: int = 0
    role: int = 0
    points: int = 0
    size: int = 0
    keywords: int = 0
    profiles: int = 0
    transports: int = 0
    transports_parsed: int = 0
    legends: int = 0
    hidden: int = 0
    #: Model kinds over all datasheets, datasheets with more than one, kinds whose wounds a profile gives.
    kinds: int = 0
    several_kinds: int = 0
    kinds_with_wounds: int = 0
    #: Cost modifiers under conditions: evaluated for the datasheet, or kept aside (see the warnings).
    modifiers_evaluated: int = 0
    modifiers_kept: int = 0
    warnings: int = 0


@dataclass(frozen=True)
class ImportWarning:
    """Something the import skipped or chose; it does not stop the import."""

    path: str
    message_en: str
    message_fr: str

    def message(self, lang: str) -> str:
        return f"{self.path}: {self.message_fr if lang == 'fr' else self.message_en}"

    def __str__(self) -> str:
        return self.message("en")


@dataclass
class BsImport:
    """What :func:`read_bsdata` found: factions and datasheets ready to store, and how it went."""

    factions: list[Faction]
    datasheets: list[Datasheet]
    coverage: list[Coverage]
    warnings: list[ImportWarning]
    #: ``bsdata:<id>`` of every faction produced: the sources an import replaces.
    sources: list[str]
    #: (file, catalogue id, catalogue name, revision) of every file read.
    files: list[tuple[str, str, str, str]] = field(default_factory=list)


# --- files -------------------------------------------------------------------------------------------------------


def find_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given, and the BattleScribe data files inside folders (sorted, recursively)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES))
        else:
            found.append(path)
    unique: list[Path] = []
    seen: set[Path] = set()
    for path in found:
        try:
            key = path.resolve()
        except (RuntimeError, OSError):  # harden: a symlink loop (RuntimeError before Python 3.13)
            raise BsDataError(
                path,
                "symbolic link loop (the link points back to itself); cannot read",
                "boucle de liens symboliques (le lien renvoie à lui-même) ; lecture impossible",
            ) from None
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


class _File:
    """One BattleScribe document, indexed."""

    def __init__(self, document: XmlDocument) -> None:
        root = document.root
        kind = _LOCAL.get(root.tag)
        if kind not in ("gameSystem", "catalogue"):
            shown = root.tag.split("}", 1)[-1]
            if shown in ("gameSystem", "catalogue"):  # harden: the right element in a foreign namespace
                namespace = root.tag[1:].split("}", 1)[0][:80] if root.tag.startswith("{") else ""
                raise BsDataError(
                    document.name,
                    f"<{shown}> is not in the BattleScribe namespace (it uses {namespace or 'no namespace'!r}, "
                    f"expected {(GST_NS if shown == 'gameSystem' else CAT_NS)[1:-1]!r})",
                    f"<{shown}> n'est pas dans l'espace de noms BattleScribe ({namespace or 'aucun'!r} au lieu de "
                    f"{(GST_NS if shown == 'gameSystem' else CAT_NS)[1:-1]!r})",
                )
            raise BsDataError(
                document.name,
                f"not a BattleScribe game system or catalogue (root element <{shown}>)",
                f"ni un système de jeu ni un catalogue BattleScribe (élément racine <{shown}>)",
            )
        self.path = document.name
        self.root = root
        self.is_game_system = kind == "gameSystem"
        self.id = root.get("id") or ""
        if not self.id:
            raise BsDataError(document.name, "the root element has no id", "l'élément racine n'a pas d'identifiant")
        self.name = root.get("name") or self.id
        self.revision = root.get("revision") or ""
        self.library = root.get("library") == "true"
        self.game_system_id = self.id if self.is_game_system else (root.get("gameSystemId") or "")
        self.shared: dict[str, Element] = {}
        self.categories: dict[str, str] = {}
        self.roots: list[Element] = []
        self.links: list[tuple[str, bool]] = []
        self.cost_types: dict[str, str] = {}
        self._anywhere: dict[str, Element] | None = None
        for child in root:
            local = _LOCAL.get(child.tag)
            if local in _SHARED:
                for item in child:
                    item_id = item.get("id")
                    if item_id and item_id not in self.shared:
                        self.shared[item_id] = item
            elif local == "categoryEntries":
                for item in child:
                    item_id = item.get("id")
                    if item_id:
                        self.categories[item_id] = item.get("name") or ""
            elif local in ("selectionEntries", "entryLinks"):
                self.roots.extend(child)
            elif local == "catalogueLinks":
                for link in child:
                    target = link.get("targetId")
                    if target:
                        self.links.append((target, link.get("importRootEntries") == "true"))
            elif local == "costTypes":
                for item in child:
                    self.cost_types[item.get("id") or ""] = (item.get("name") or "").strip()

    def anywhere(self, item_id: str) -> Element | None:
        """Any link target with ``item_id``, nested or not (built on first use, in one pass)."""
        if self._anywhere is None:
            found: dict[str, Element] = {}
            wanted = _TARGET_TAGS
            for element in self.root.iter():
                if element.tag in wanted:
                    element_id = element.get("id")
                    if element_id and element_id not in found:
                        found[element_id] = element
            self._anywhere = found
        return self._anywhere.get(item_id)


# --- parsed entries ------------------------------------------------------------------------------------------------


class _Raw:
    """What Ost needs of one entry, entry link or group, read once from its element."""

    __slots__ = (
        "add_categories",
        "categories",
        "constraint_dynamic",
        "constraint_mods",
        "constraints",
        "cost_conditional",
        "cost_mods",
        "costs",
        "default",
        "display_name",
        "entries",
        "groups",
        "hidden",
        "id",
        "info_groups",
        "info_links",
        "kind",
        "legends_hidden",
        "links",
        "name",
        "not_gear",
        "not_model",
        "primary_modifier",
        "profiles",
        "remove_categories",
        "rules",
        "target",
        "type",
    )

    def __init__(self, element: Element, points_ids: frozenset[str], legends_toggles: frozenset[str]) -> None:
        tag = _LOCAL.get(element.tag, "")
        self.kind = "link" if tag == "entryLink" else ("group" if tag == "selectionEntryGroup" else "entry")
        self.id = element.get("id") or ""
        self.name = element.get("name") or ""
        self.display_name = "" if self.name.strip().casefold() in _NAMELESS_LINKS else self.name
        #: Relics, traits, stratagems…: their profiles are not the datasheet's.
        lowered = self.name.lower()
        self.type = element.get("type") or ""
        # A model named like gear ("Relic Terminator") is still a model.
        self.not_gear = self.type != "model" and _is_gear_name(lowered)
        self.not_model = "stat damage" in lowered or "battle honour" in lowered
        self.target = element.get("targetId") or ""
        self.hidden = element.get("hidden") == "true"
        self.default = element.get("defaultSelectionEntryId") or ""
        self.constraints: list[tuple[str, str, float, str]] = []
        self.costs: dict[str, float] = {}
        self.cost_mods: list[tuple[str, float]] = []
        #: Cost changes under conditions: (kind, value, the modifier and the groups around it that hold conditions).
        self.cost_conditional: list[tuple[str, float, tuple[Element, ...]]] = []
        self.constraint_mods: list[tuple[str, str, float]] = []
        #: Limit changes under conditions or repeats: (kind, constraint id, value, the modifier and its groups).
        #: Those that count the unit's own selections are evaluated per configuration (see ``_Scope.solve_kinds``).
        self.constraint_dynamic: list[tuple[str, str, float, tuple[Element, ...]]] = []
        self.add_categories: list[str] = []
        self.remove_categories: list[str] = []
        self.primary_modifier = ""
        self.legends_hidden = False
        self.categories: list[tuple[str, bool]] = []
        self.profiles: list[Element] = []
        self.rules: list[Element] = []
        self.info_links: list[tuple[str, str, bool]] = []
        self.info_groups: list[Element] = []
        self.entries: list[Element] = []
        self.groups: list[Element] = []
        self.links: list[Element] = []
        for child in element:
            local = _LOCAL.get(child.tag)
            if local == "constraints":
                for item in child:
                    if item.get("field") == "selections" and item.get("scope") == "parent":
                        self.constraints.append(
                            (item.get("type") or "", item.get("id") or "", _float(item.get("value")), "parent")
                        )
                    elif item.get("field") == "selections" and item.get("type") == "max":
                        self.constraints.append(("max", item.get("id") or "", _float(item.get("value")), "other"))
            elif local == "costs":
                for item in child:
                    if item.get("typeId") in points_ids:
                        self.costs["points"] = _float(item.get("value"))
            elif local in ("modifiers", "modifierGroups"):
                self._modifiers(child, (), points_ids, legends_toggles)
            elif local == "categoryLinks":
                for item in child:
                    target = item.get("targetId")
                    if target:
                        self.categories.append((target, item.get("primary") == "true"))
            elif local == "profiles":
                self.profiles.extend(child)
            elif local == "rules":
                self.rules.extend(child)
            elif local == "infoLinks":
                for item in child:
                    target = item.get("targetId")
                    if target:
                        self.info_links.append((item.get("type") or "", target, item.get("hidden") == "true"))
            elif local == "infoGroups":
                self.info_groups.extend(child)
            elif local == "selectionEntries":
                self.entries.extend(child)
            elif local == "selectionEntryGroups":
                self.groups.extend(child)
            elif local == "entryLinks":
                self.links.extend(child)

    @property
    def plain(self) -> bool:
        """A link that changes nothing of what its target's summary holds (costs, limits, profiles, children)."""
        return (
            self.kind == "link"
            and not self.not_gear
            and not (self.costs or self.cost_mods or self.cost_conditional)
            and not (self.constraints or self.constraint_mods)
            and not (self.profiles or self.rules or self.info_links or self.info_groups)
            and not self.has_children
        )

    @property
    def has_children(self) -> bool:
        """Entries, groups or links of its own (a link that adds children must be read where it is)."""
        return bool(self.entries or self.groups or self.links)

    def _modifiers(
        self,
        container: Element,
        holders: tuple[Element, ...],
        points_ids: frozenset[str],
        legends_toggles: frozenset[str],
    ) -> None:
        """Read modifiers (and modifier groups); ``holders`` are the enclosing groups that carry conditions.

        Unconditional ones change static facts at once; conditional cost
        changes are kept with their conditions, to be evaluated per datasheet.
        """
        for item in container:
            local = _LOCAL.get(item.tag)
            if local == "modifierGroup":
                nested = (*holders, item) if _has_conditions(item) else holders
                for part in item:
                    if _LOCAL.get(part.tag) in ("modifiers", "modifierGroups"):
                        self._modifiers(part, nested, points_ids, legends_toggles)
                continue
            if local != "modifier":
                continue
            kind = item.get("type") or ""
            target = item.get("field") or ""
            value = item.get("value") or ""
            has_conditions = bool(holders) or _has_conditions(item)
            if target == "hidden":
                if kind == "set" and value == "true" and legends_toggles and _mentions(item, legends_toggles):
                    self.legends_hidden = True
                continue
            if target == "category":
                if kind == "set-primary" and not self.primary_modifier:
                    self.primary_modifier = value
                elif not has_conditions and kind == "add":
                    self.add_categories.append(value)
                elif not has_conditions and kind == "remove":
                    self.remove_categories.append(value)
                continue
            if target in points_ids and kind in ("set", "increment", "decrement"):
                if has_conditions:
                    self.cost_conditional.append((kind, _float(value), (*holders, item)))
                else:
                    self.cost_mods.append((kind, _float(value)))
            elif kind not in ("set", "increment", "decrement") or target in ("name", "hidden"):
                continue
            elif has_conditions:
                self.constraint_dynamic.append((kind, target, _float(value), (*holders, item)))
            else:
                self.constraint_mods.append((kind, target, _float(value)))


@functools.lru_cache(maxsize=8192)
def _is_gear_name(lowered: str) -> bool:
    """Relics, traits, stratagems…: names of wargear that is not the datasheet's (names repeat a lot)."""
    return _NOT_DATASHEET_GEAR.search(lowered) is not None


def _bounded(value: float) -> int:
    """A whole, non-negative number small enough to store (products of hostile counts can explode)."""
    return int(min(max(round(value), 0), _LARGEST))


def _has_conditions(element: Element) -> bool:
    return any(_LOCAL.get(part.tag) in ("conditions", "conditionGroups", "repeats") for part in element)


def _has_repeats(element: Element) -> bool:
    return any(_LOCAL.get(part.tag) == "repeats" for part in element)


def _mentions(element: Element, ids: frozenset[str]) -> bool:
    return any(condition.get("childId") in ids for condition in element.iter() if condition.get("childId"))


def _float(text: str | None) -> float:
    """A number of the data; NaN, infinities and absurd sizes (hostile files) become 0 or are clamped."""
    try:
        value = float(text) if text else 0.0
    except ValueError:
        return 0.0
    if not math.isfinite(value):
        return 0.0
    return max(-_LARGEST, min(_LARGEST, value))


# --- summaries of subtrees ----------------------------------------------------------------------------------------


@dataclass
class _Option:
    id: str
    name: str
    points: float
    per_model: bool
    max: int | None
    #: The option's name already says which model takes it.
    named: bool = False


@dataclass
class _Sum:
    """The minimum configuration of one entry (or group) and what it can carry."""

    price: float = 0.0
    models_min: int = 0
    models_max: int | None = 0
    #: ``models_max`` with children that have no maximum counted at their minimum (a fallback).
    models_cap: int = 0
    grow: float | None = None
    options: dict[str, _Option] = field(default_factory=dict)
    unit_profiles: dict[str, Element] = field(default_factory=dict)
    weapons: dict[str, Element] = field(default_factory=dict)
    is_model: bool = False
    #: Some price in the subtree depends on a condition: it is read again where the entries above differ.
    sensitive: bool = False
    #: ... and a condition asks which catalogue the roster is of: read again per catalogue too.
    by_catalogue: bool = False
    #: The conditional cost modifiers met in the subtree: (modifier, kept aside, entry name).
    met: frozenset[tuple[Element, bool, str]] = frozenset()


_NOTHING = _Sum()
_NO_MET: frozenset[tuple[Element, bool, str]] = frozenset()


def _inherit(result: _Sum, part: _Sum) -> None:
    """What a child's subtree tells its parent about conditions: whether it depends on them, and which it met."""
    if part.sensitive:
        result.sensitive = True
        result.by_catalogue = result.by_catalogue or part.by_catalogue
        result.met = result.met | part.met if result.met else part.met


def _add(total: int | None, more: int | None) -> int | None:
    return None if total is None or more is None else total + more


def _times(count: int | None, each: int | None) -> int | None:
    if each == 0 or count == 0:
        return 0
    return None if count is None or each is None else count * each


@dataclass
class _Child:
    element: Element
    link: Element | None
    raw: _Raw
    link_raw: _Raw | None
    low: int
    high: int | None

    @property
    def ids(self) -> tuple[str, ...]:
        return (self.raw.id, self.link_raw.id) if self.link_raw else (self.raw.id,)

    @property
    def option_id(self) -> str:
        return self.link_raw.id if self.link_raw else self.raw.id

    @property
    def name(self) -> str:
        if self.link_raw and self.link_raw.display_name:
            return self.link_raw.display_name
        return self.raw.name

    @property
    def hidden(self) -> bool:
        return self.raw.hidden or bool(self.link_raw and self.link_raw.hidden)


class _Scope:
    """Resolution and memoised summaries for one catalogue (its file, linked catalogues, game system)."""

    def __init__(self, reader: _Reader, files: list[_File]) -> None:
        self.reader = reader
        self.files = files
        self.owner = files[0]
        self._found: dict[str, Element | None] = {}
        self.categories: dict[str, str] = {}
        for file in reversed(files):
            self.categories.update(file.categories)
        self._sums: dict[tuple[Element, Element | None, bool, str], _Sum] = {}
        self._active: set[tuple[Element, Element | None, bool, str]] = set()
        self._picks: dict[tuple[tuple[_Raw, ...], bool], dict[str, int]] = {}
        self._children: dict[tuple[_Raw, _Raw | None], tuple[list[_Child], list[_Child]]] = {}
        self._category_kinds: dict[str, tuple[str, str]] = {}
        self._vocabulary: Vocabulary | None = None
        self._unit_profiles: dict[tuple[_Raw, ...], list[Element]] = {}
        self._solved: dict[object, tuple[tuple[int, int], list[tuple[int, int]], bool] | None] = {}
        self._abilities: dict[tuple[_Raw, _Raw | None], tuple[list[Element], list[Element]]] = {}
        self._profiles: dict[tuple[_Raw, ...], tuple[dict[str, Element], dict[str, Element]]] = {}

    @property
    def context(self) -> _Context | None:
        """The datasheet being read (None: no condition is evaluated); shared by every scope of the import."""
        return self.reader.context

    @context.setter
    def context(self, value: _Context | None) -> None:
        self.reader.context = value

    @property
    def _stack(self) -> list[tuple[_Raw, ...]]:
        """The entries above the one being read, the datasheet's own first."""
        return self.reader.stack

    @property
    def vocabulary(self) -> Vocabulary:
        if self._vocabulary is None:
            self._vocabulary = Vocabulary(name.removeprefix("Faction: ") for name in self.categories.values())
        return self._vocabulary

    def category_kind(self, target: str) -> tuple[str, str]:
        """What a category is to a datasheet: ("keyword"|"faction", NAME), ("legends", ""), or ("", "")."""
        known = self._category_kinds.get(target)
        if known is not None:
            return known
        name = " ".join(self.categories.get(target, "").split())
        key = name.casefold()
        result: tuple[str, str]
        if not name or key in ROLE_BY_CATEGORY or key in _NOT_KEYWORDS:
            result = ("legends", "") if key == "legends" else ("", "")
        elif name.startswith("Faction: "):
            value = name.removeprefix("Faction: ").strip().upper()
            result = ("faction", value) if value else ("", "")
        else:
            result = ("keyword", name.upper())
        self._category_kinds[target] = result
        return result

    def find(self, item_id: str) -> Element | None:
        if item_id in self._found:
            return self._found[item_id]
        found: Element | None = None
        for file in self.files:
            found = file.shared.get(item_id)
            if found is not None:
                break
        else:
            for file in self.files:
                found = file.anywhere(item_id)
                if found is not None:
                    break
        if found is not None:
            self.reader.homes.setdefault(found, file)
        self._found[item_id] = found
        return found

    # -- children --------------------------------------------------------------------------------------------------

    def children(self, raw_: _Raw, link_raw: _Raw | None) -> tuple[list[_Child], list[_Child]]:
        """Entries (and links to entries), then groups (and links to groups), of an entry and its link."""
        key = (raw_, link_raw)
        known = self._children.get(key)
        if known is not None:
            return known
        raws = (raw_, link_raw) if link_raw is not None else (raw_,)
        entries: list[_Child] = []
        groups: list[_Child] = []
        raw = self.reader.raw
        for owner in raws:
            for element in owner.entries:
                child_raw = raw(element)
                low, high = _counts((child_raw,))
                entries.append(_Child(element, None, child_raw, None, low, high))
            for element in owner.groups:
                child_raw = raw(element)
                groups.append(_Child(element, None, child_raw, None, 1, 1))
            for link in owner.links:
                link_raw = raw(link)
                target = self.find(link_raw.target)
                if target is None:
                    self.reader.unresolved(self.owner, link_raw)
                    continue
                target_raw = raw(target)
                if target_raw.kind == "group":
                    groups.append(_Child(target, link, target_raw, link_raw, 1, 1))
                elif target_raw.kind == "entry":
                    low, high = _counts((target_raw, link_raw))
                    entries.append(_Child(target, link, target_raw, link_raw, low, high))
        self._children[key] = (entries, groups)
        return entries, groups

    # -- summaries -------------------------------------------------------------------------------------------------

    def summary(self, element: Element, link: Element | None, depth: int = 0, *, loose: bool = False) -> _Sum:
        """The minimum configuration of ``element`` (through ``link``), memoised.

        ``loose`` also counts as models the upgrade entries that carry a Unit
        profile: some units are built only of those (Special Weapons Squad,
        fortification sections, Arvus Lighter), and are read again that way
        when the strict count finds no model at all.
        """
        if link is not None and self.reader.raw(link).plain:
            link = None  # a link that changes nothing its target computes: share the target's reading
        homes = self.reader.homes
        home = homes.get(element)
        if home is not None and home is not self.owner and (link is None or not self.reader.raw(link).has_children):
            # An entry of a library (or of the game system): read in its own file's scope, where every
            # catalogue that links to it finds the same result.
            other = self.reader.scope(home)
            if other is not self:
                return other.summary(element, link, depth, loose=loose)
        # A subtree whose prices depend on conditions is read again for each datasheet (and each parent);
        # the first reading tells whether it does, and is the only one kept for the others.
        plain = (element, link, loose, "")
        known = self._sums.get(plain)
        key = plain
        if known is not None:
            if not known.sensitive or self.context is None:
                return known
            # Read again where what the conditions look at differs: the entries above (ids and categories),
            # and the catalogue when a condition asks for it. Twelve chapters share one reading.
            key = (element, link, loose, self._signature())
            known = self._sums.get(key)
            if known is not None and known.by_catalogue:
                key = (element, link, loose, f"{key[3]}@{self.context.catalogue}")
                known = self._sums.get(key)
            if known is not None:
                return known
        if key in self._active or depth > _MAX_DEPTH:
            return _NOTHING  # a cycle of links, or absurd nesting: contributes nothing
        self._active.add(key)
        try:
            raw = self.reader.raw(element)
            link_raw = self.reader.raw(link) if link is not None else None
            # Entries written inside this one live in the same file (links record theirs when resolved).
            entries, groups = self.children(raw, link_raw)
            mine = home or self.owner
            for child in (*entries, *groups):
                if child.link is None and child.element not in homes:
                    homes[child.element] = mine
            if raw.kind == "group":
                result = self._group(raw, link_raw, depth, loose)
            else:
                result = self._entry(raw, link_raw, depth, loose)
        finally:
            self._active.discard(key)
        self._sums[key] = result
        if result.sensitive and self.context is not None:
            signature = self._signature()
            self._sums.setdefault((element, link, loose, signature), result)
            if result.by_catalogue:
                self._sums[(element, link, loose, f"{signature}@{self.context.catalogue}")] = result
        return result

    def _signature(self) -> str:
        """What conditions can see of the entries above: each one's id and categories."""
        parts = []
        cache = self.reader.signatures
        for raws in self._stack:
            known = cache.get(raws)
            if known is None:
                removed = {t for raw in raws for t in raw.remove_categories}
                categories = {t for raw in raws for t, _ in raw.categories}
                categories.update(t for raw in raws for t in raw.add_categories)
                known = raws[0].id + "|" + ",".join(sorted(categories - removed))
                cache[raws] = known
            parts.append(known)
        return "/".join(parts)

    def _own_profiles(self, raws: tuple[_Raw, ...], result: _Sum) -> None:
        """The entry's own Unit and Weapon profiles into ``result``.

        Memoised: conditional prices re-read an entry often, its profiles never change.
        """
        known = self._profiles.get(raws)
        if known is None:
            units: dict[str, Element] = {}
            weapons: dict[str, Element] = {}
            for profile in self.profiles_of(raws):
                kind = profile.get("typeName") or ""
                name = profile.get("name") or ""
                if kind.startswith("Unit"):
                    units.setdefault(name, profile)
                elif kind == "Weapon":
                    weapons.setdefault(name, profile)
            known = (units, weapons)
            self._profiles[raws] = known
        result.unit_profiles.update(known[0])
        result.weapons.update(known[1])

    def profiles_of(self, raws: Sequence[_Raw], *, rules: bool = False, depth: int = 0) -> list[Element]:
        """Profiles (or rules) on ``raws``: their own, through info links and in info groups; hidden ones skipped."""
        found: list[Element] = []
        if depth > 8:
            return found  # info groups that include each other
        raw = self.reader.raw
        wanted = "rule" if rules else "profile"
        for owner in raws:
            found.extend(e for e in (owner.rules if rules else owner.profiles) if e.get("hidden") != "true")
            for kind, target, hidden in owner.info_links:
                if hidden:
                    continue
                element = self.find(target)
                if element is None or element.get("hidden") == "true":
                    continue
                if kind == wanted:
                    found.append(element)
                elif kind == "infoGroup":
                    found.extend(self.profiles_of((raw(element),), rules=rules, depth=depth + 1))
            for group in owner.info_groups:
                if group.get("hidden") != "true":
                    found.extend(self.profiles_of((raw(group),), rules=rules, depth=depth + 1))
        return found

    def _entry(self, raw: _Raw, link_raw: _Raw | None, depth: int, loose: bool) -> _Sum:
        raws = (raw, link_raw) if link_raw is not None else (raw,)
        result = _Sum(is_model=raw.type == "model")
        asked = self.reader.catalogue_asked
        met: set[tuple[Element, bool, str]] = set()
        result.price = self.price(raws, met)
        result.met = frozenset(met) if met else _NO_MET
        result.sensitive = any(r.cost_conditional for r in raws)
        result.by_catalogue = self.reader.catalogue_asked != asked
        self._own_profiles(raws, result)
        if loose and raw.type == "upgrade" and result.unit_profiles and not raw.not_model:
            result.is_model = True
        if result.is_model:
            result.models_min = result.models_max = result.models_cap = 1
        gear = not raw.not_gear and not (link_raw is not None and link_raw.not_gear)
        entries, groups = self.children(raw, link_raw)
        self._stack.append(raws)
        try:
            return self._entry_children(result, entries, groups, depth, loose, gear)
        finally:
            self._stack.pop()

    def _entry_children(
        self, result: _Sum, entries: list[_Child], groups: list[_Child], depth: int, loose: bool, gear: bool
    ) -> _Sum:
        grow_from_entries: float | None = None
        grow_from_children: float | None = None
        for child in entries:
            if child.hidden:
                continue
            part = self.summary(child.element, child.link, depth + 1, loose=loose)
            _inherit(result, part)
            low, high = child.low, child.high
            if low:
                result.price += low * part.price
                result.models_min += low * part.models_min
            result.models_max = _add(result.models_max, _times(high, part.models_max))
            result.models_cap += (low if high is None else high) * part.models_cap
            if part.models_min >= 1 and (high is None or high > low) and grow_from_entries is None:
                grow_from_entries = part.price / part.models_min
            elif part.grow is not None and grow_from_children is None:
                grow_from_children = part.grow
            self._take_options(result, child, part, extra=low == 0)
            if gear:
                _merge(result.unit_profiles, part.unit_profiles)
                _merge(result.weapons, part.weapons)
        group_grow = self._add_groups(result, groups, depth, loose=loose, gear=gear)
        if grow_from_children is None:
            grow_from_children = group_grow
        result.grow = grow_from_entries if grow_from_entries is not None else grow_from_children
        return result

    def _add_groups(self, result: _Sum, groups: list[_Child], depth: int, *, loose: bool, gear: bool) -> float | None:
        """Add the nested groups' sums to ``result``; returns the first price per extra model they give."""
        grow: float | None = None
        for child in groups:
            if child.hidden:
                continue
            part = self.summary(child.element, child.link, depth + 1, loose=loose)
            _inherit(result, part)
            result.price += part.price
            result.models_min += part.models_min
            result.models_max = _add(result.models_max, part.models_max)
            result.models_cap += part.models_cap
            if grow is None:
                grow = part.grow
            for key, option in part.options.items():
                result.options.setdefault(key, option)
            if gear:
                _merge(result.unit_profiles, part.unit_profiles)
                _merge(result.weapons, part.weapons)
        return grow

    def _take_options(
        self, result: _Sum, child: _Child, part: _Sum, *, extra: bool, points: float | None = None
    ) -> None:
        """Record ``child`` as a priced option (when it is optional wargear) and pass its own options up."""
        carries_models = part.models_max != 0
        price = part.price if points is None else points
        if extra and not carries_models and price > 0:
            option_id = child.option_id
            result.options.setdefault(option_id, _Option(option_id, child.name, price, False, child.high))
        repeats = carries_models and part.is_model and (child.high is None or child.high > 1)
        for key, option in part.options.items():
            if key in result.options:
                continue
            if part.is_model and not option.named:
                # "Boss Nob – Power Klaw": say which model of the unit takes it.
                option = _Option(
                    option.id, f"{child.name} – {option.name}", option.points, option.per_model, option.max
                )
                option.named = True
            if repeats and not option.per_model:
                option = _Option(option.id, option.name, option.points, True, None, option.named)
            result.options[key] = option

    def _group(self, raw: _Raw, link_raw: _Raw | None, depth: int, loose: bool) -> _Sum:
        raws = (raw, link_raw) if link_raw is not None else (raw,)
        group_low, group_high = _counts(raws)
        result = _Sum()
        gear = not raw.not_gear and not (link_raw is not None and link_raw.not_gear)
        entries, groups = self.children(raw, link_raw)
        parts = [
            (child, self.summary(child.element, child.link, depth + 1, loose=loose))
            for child in entries
            if not child.hidden
        ]
        for _, part in parts:
            _inherit(result, part)
        chosen = sum(child.low for child, _ in parts)
        fill = max(0, group_low - chosen)
        pick: tuple[_Child, _Sum] | None = None
        if parts:
            defaults = [p for p in parts if raw.default and raw.default in p[0].ids]
            pick = defaults[0] if defaults else min(parts, key=lambda p: p[1].price)
        base_price = 0.0
        if fill and pick is not None:
            result.price += fill * pick[1].price
            result.models_min += fill * pick[1].models_min
            base_price = pick[1].price
        biggest = 0
        grow: float | None = None
        for child, part in parts:
            if child.low:
                result.price += child.low * part.price
                result.models_min += child.low * part.models_min
            result.models_max = _add(result.models_max, _times(child.high, part.models_max))
            result.models_cap += (child.low if child.high is None else child.high) * part.models_cap
            if part.models_max is None or part.models_max:
                biggest = max(biggest, part.models_max or 1)
            in_base = child.low > 0 or (fill > 0 and pick is not None and child is pick[0])
            difference = part.price - base_price if fill else part.price
            option_max = child.high if group_high is None else min(group_high, child.high or group_high)
            trimmed = _Child(child.element, child.link, child.raw, child.link_raw, child.low, option_max)
            self._take_options(result, trimmed, part, extra=not in_base, points=max(0.0, difference))
            if gear:
                _merge(result.unit_profiles, part.unit_profiles)
                _merge(result.weapons, part.weapons)
        can_grow = group_high is None or group_high > max(group_low, chosen)
        if can_grow and pick is not None and pick[1].models_min >= 1:
            grow = pick[1].price / pick[1].models_min
        elif can_grow:
            for child, part in parts:
                if part.models_min >= 1 and (child.high is None or child.high > child.low):
                    grow = part.price / part.models_min
                    break
        group_grow = self._add_groups(result, groups, depth, loose=loose, gear=gear)
        if grow is None:
            grow = group_grow
        if group_high is not None and biggest:
            cap = group_high * biggest
            result.models_max = cap if result.models_max is None else min(result.models_max, cap)
            result.models_cap = min(result.models_cap, cap)
        result.grow = grow
        return result

    # -- datasheets ------------------------------------------------------------------------------------------------

    def model_raws(
        self, raw: _Raw, link_raw: _Raw | None, depth: int = 0, seen: set[tuple[int, int]] | None = None
    ) -> list[tuple[_Raw, ...]]:
        """The model entries of a unit (through its groups), each as (entry, link) raws.

        Each group (with its link) is searched once (``seen``): a shared group
        linking on to itself would otherwise be walked once per path, which grows
        as the breadth to the power of the depth (harden, found by the fuzz campaign).
        """
        found: list[tuple[_Raw, ...]] = []
        seen = set() if seen is None else seen
        if depth > 6:
            return found
        entries, groups = self.children(raw, link_raw)
        for child in [*entries, *groups]:
            if child.hidden:
                continue
            if child.raw.type == "model":
                found.append((child.raw, child.link_raw) if child.link_raw else (child.raw,))
            elif child.raw.kind == "group" and (id(child.raw), id(child.link_raw)) not in seen:
                seen.add((id(child.raw), id(child.link_raw)))
                found.extend(self.model_raws(child.raw, child.link_raw, depth + 1, seen))
        return found

    def abilities_and_transports(
        self, raw: _Raw, link_raw: _Raw | None, depth: int = 0
    ) -> tuple[list[Element], list[Element]]:
        """Ability profiles and rules of the unit and its models, and its transport profiles.

        Only the entry itself, its groups and its model entries are searched,
        not wargear: relics and traits are options, not the datasheet's rules.
        """
        raws = (raw, link_raw) if link_raw is not None else (raw,)
        profiles = self.profiles_of(raws)
        abilities = [p for p in profiles if p.get("typeName") == "Abilities" and p.get("name") != "Transport"]
        abilities.extend(self.profiles_of(raws, rules=True))
        transports = [
            p
            for p in profiles
            if p.get("typeName") == "Transport" or (p.get("typeName") == "Abilities" and p.get("name") == "Transport")
        ]
        if depth > 6:
            return abilities, transports
        entries, groups = self.children(raw, link_raw)
        for child in [*entries, *groups]:
            if child.hidden or child.raw.not_gear:
                continue
            if child.raw.kind == "group" or child.raw.type in ("model", "unit"):
                more, carried = self._child_abilities(child, depth + 1)
                abilities.extend(more)
                transports.extend(carried)
        return abilities, transports

    def _child_abilities(self, child: _Child, depth: int) -> tuple[list[Element], list[Element]]:
        """A child's abilities and transports, memoised, read in its own file's scope like its summary."""
        link_raw = child.link_raw if child.link_raw is not None and not child.link_raw.plain else None
        scope: _Scope = self
        home = self.reader.homes.get(child.element)
        if home is not None and home is not self.owner and link_raw is None:
            scope = self.reader.scope(home)
        key = (child.raw, link_raw)
        known = scope._abilities.get(key)
        if known is None:
            scope._abilities[key] = ([], [])  # a cycle of links adds nothing
            known = scope.abilities_and_transports(child.raw, link_raw, depth)
            scope._abilities[key] = known
        return known

    # -- conditions ------------------------------------------------------------------------------------------------

    def push(self, raws: tuple[_Raw, ...]) -> None:
        """Read what follows as inside ``raws`` (a datasheet's own entry, for its models and profiles)."""
        self._stack.append(raws)

    def pop(self) -> None:
        self._stack.pop()

    def price(self, raws: Sequence[_Raw], met: set[tuple[Element, bool, str]]) -> float:
        """Points of one entry: its cost, unconditional modifiers, then the conditional ones that hold here.

        A condition that needs the roster or the force (another unit, a detachment) cannot be
        evaluated: the price without that modifier is kept. Each conditional modifier met is added
        to ``met`` as (modifier, kept, entry name), for the datasheet's coverage and warnings.
        """
        points = _cost(raws)
        conditional = [m for raw in raws for m in raw.cost_conditional]
        if not conditional or self.context is None:
            return points
        name = (raws[-1].display_name or raws[0].name) if len(raws) > 1 else raws[0].name
        for kind, value, holders in conditional:
            holds = _all3(self.holds(holder, raws) for holder in holders)
            # "+2 per model": a price that grows with the unit; the minimum configuration would price the
            # option for the smallest unit only, so such modifiers are kept aside.
            if holds is None or (holds and _has_repeats(holders[-1])):
                met.add((holders[-1], True, name))
                continue
            met.add((holders[-1], False, name))
            if holds:
                points = value if kind == "set" else points + (value if kind == "increment" else -value)
        return max(0.0, points)

    def holds(self, holder: Element, own: Sequence[_Raw]) -> bool | None:
        """The conditions (and condition groups) directly on ``holder``, all of them; None: cannot tell."""
        return self.condition_group(holder, own, either=False)

    def condition_group(
        self, group: Element, own: Sequence[_Raw], depth: int = 0, *, either: bool | None = None
    ) -> bool | None:
        """A condition group (``either``: its type is "or"), or the conditions directly on a modifier."""
        if depth > _MAX_DEPTH:
            return None
        results: list[bool | None] = []
        for part in group:
            local = _LOCAL.get(part.tag)
            if local == "conditions":
                results.extend(self.condition(c, own) for c in part)
            elif local == "conditionGroups":
                results.extend(self.condition_group(g, own, depth + 1) for g in part)
        if either is None:
            either = group.get("type") == "or"
        return _any3(results) if either else _all3(results)

    def condition(self, element: Element, own: Sequence[_Raw]) -> bool | None:
        """One BattleScribe condition for the datasheet being read, in its minimum configuration."""
        context = self.context
        if context is None or _LOCAL.get(element.tag) != "condition":
            return None
        kind = element.get("type") or ""
        scope = element.get("scope") or ""
        child = element.get("childId") or ""
        if kind in ("instanceOf", "notInstanceOf"):
            if scope == "primary-catalogue":
                self.reader.catalogue_asked += 1
                hit = child == context.catalogue
            elif scope == "ancestor":
                hit = any(self._is(raws, child) for raws in self._stack)
            elif scope == "parent":
                hit = bool(self._stack) and self._is(self._stack[-1], child)
            elif scope == "self":
                hit = self._is(own, child)
            else:
                return None
            return hit if kind == "instanceOf" else not hit
        compare = _COMPARISONS.get(kind)
        if compare is None or element.get("percentValue") == "true":
            return None
        count = self._count(element, own)
        return None if count is None else compare(count, _float(element.get("value")))

    def _count(self, element: Element, own: Sequence[_Raw]) -> int | None:
        """Selections of ``childId`` a condition or repeat counts, in the minimum configuration of its scope.

        None for the force, the roster or an entry outside the unit.
        """
        if element.get("field") != "selections":
            return None
        scope = element.get("scope") or ""
        target: Sequence[_Raw] | None = None
        if scope == "self" or any(r.id == scope for r in own):
            target = own
        elif scope == "parent":
            target = self._stack[-1] if self._stack else None
        else:
            target = next((raws for raws in reversed(self._stack) if any(r.id == scope for r in raws)), None)
        if target is None:
            return None
        picked = self._picked(tuple(target), element.get("includeChildSelections") == "true")
        return picked.get(element.get("childId") or "", 0)

    def _is(self, raws: Sequence[_Raw], wanted: str) -> bool:
        """Whether the entry is ``wanted`` (its id, its link's, its target's) or has it as a category."""
        removed = {target for raw in raws for target in raw.remove_categories}
        for raw in raws:
            if wanted in (raw.id, raw.target):
                return True
            if wanted not in removed and (
                any(target == wanted for target, _ in raw.categories) or wanted in raw.add_categories
            ):
                return True
        return False

    def _picked(self, raws: tuple[_Raw, ...], deep: bool, depth: int = 0) -> dict[str, int]:
        """How many selections of each id, type and category the minimum configuration of ``raws`` holds."""
        key = (raws, deep)
        known = self._picks.get(key)
        if known is not None:
            return known
        counts: dict[str, int] = {}
        self._picks[key] = counts  # a cycle of links adds nothing
        if depth < _MAX_DEPTH:
            self._pick_children(raws[0], raws[1] if len(raws) > 1 else None, 1, counts, deep, depth)
        return counts

    def _pick_children(
        self, raw: _Raw, link_raw: _Raw | None, times: int, counts: dict[str, int], deep: bool, depth: int
    ) -> int:
        """Add the selections of one entry's (or group's) minimum configuration; returns how many it made."""
        entries, groups = self.children(raw, link_raw)
        chosen = [(c, c.low) for c in entries if not c.hidden and c.low]
        if raw.kind == "group":
            low, _ = _counts((raw, link_raw) if link_raw is not None else (raw,))
            fill = low - sum(n for _, n in chosen)
            if fill > 0 and raw.default:
                default = next((c for c in entries if not c.hidden and raw.default in c.ids), None)
                if default is not None:
                    chosen.append((default, fill))
        made = 0
        for child, number in chosen:
            total = number * times
            made += total
            child_raws = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
            keys = {child.raw.id, child.raw.type, *(t for r in child_raws for t, _ in r.categories)}
            if child.link_raw is not None:
                keys.add(child.link_raw.id)
            for name in keys:
                if name:
                    counts[name] = counts.get(name, 0) + total
            if deep:
                for name, more in self._picked(child_raws, True, depth + 1).items():
                    counts[name] = counts.get(name, 0) + total * more
        for group in groups:
            if group.hidden or depth >= _MAX_DEPTH:
                continue
            inside = self._pick_children(group.raw, group.link_raw, times, counts, deep, depth + 1)
            made += inside
            # A group counts as the selections made in it.
            for name in (group.raw.id, group.link_raw.id if group.link_raw is not None else ""):
                if name:
                    counts[name] = counts.get(name, 0) + inside
        return made

    def hidden_now(self, element: Element, own: Sequence[_Raw]) -> bool | None:
        """Whether a profile is hidden for the datasheet being read.

        Statically, or by a modifier whose conditions hold; None when a modifier
        might change it but its conditions cannot be evaluated.
        """
        hidden: bool | None = element.get("hidden") == "true"
        for part in element:
            if _LOCAL.get(part.tag) not in ("modifiers", "modifierGroups"):
                continue
            for modifier, holders in _hidden_modifiers(part, ()):
                holds = _all3(self.holds(h, own) for h in (*holders, modifier))
                value = modifier.get("value") == "true"
                if holds is None:
                    if hidden is not None and hidden != value:
                        hidden = None
                elif holds:
                    hidden = value
        return hidden

    # -- model kinds -----------------------------------------------------------------------------------------------

    def unit_profile_elements(self, raws: Sequence[_Raw]) -> list[Element]:
        """The Unit-type profiles of an entry (its own, through info links and groups), memoised."""
        key = tuple(raws)
        known = self._unit_profiles.get(key)
        if known is None:
            known = [p for p in self.profiles_of(raws) if (p.get("typeName") or "").startswith("Unit")]
            self._unit_profiles[key] = known
        return known

    def walk_models(self, raw: _Raw, link_raw: _Raw | None) -> _KindWalk:
        """Every model entry of a unit, whatever BattleScribe calls it, with its limits and groups.

        A model is a ``model`` entry, or an ``upgrade`` that carries a Unit
        profile directly under the unit (or its groups); inside a model, only
        ``model`` entries are models (an upgrade with a profile there is gear).
        Wargear groups (relics, traits…) are not searched.
        """
        walk = _KindWalk()
        inside = raw.type == "model"
        self._walk(raw, link_raw, walk, (), inside, False, 0)
        return walk

    def _walk(
        self,
        raw: _Raw,
        link_raw: _Raw | None,
        walk: _KindWalk,
        groups: tuple[int, ...],
        inside_model: bool,
        gear_path: bool,
        depth: int,
    ) -> None:
        if depth > 8 or walk.overflow:
            return
        entries, nested = self.children(raw, link_raw)
        if len(walk.occurrences) + len(walk.groups) + len(entries) + len(nested) > _MAX_WALK:
            walk.overflow = True  # no real unit comes near: a hostile file is read without kinds
            return
        for child in entries:
            if child.hidden or child.raw.not_gear or (child.link_raw is not None and child.link_raw.not_gear):
                continue
            raws = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
            is_model = child.raw.type == "model" or (
                not inside_model
                and child.raw.type == "upgrade"
                and not child.raw.not_model
                and bool(self.unit_profile_elements(raws))
            )
            if not is_model:
                if child.raw.type == "unit":
                    # A unit inside the unit (the Veterans of a Command Squad): its models are the unit's.
                    index = len(walk.groups)
                    walk.groups.append((child.low, child.high))
                    walk.group_raws.append(None)
                    self._walk(child.raw, child.link_raw, walk, (*groups, index), False, gear_path, depth + 1)
                continue
            wargear = gear_path or any(_WARGEAR_MODEL_NAME.search(r.name) for r in raws)
            walk.occurrences.append(
                _Occurrence(
                    raws, child.name, child.low, child.high, groups, wargear, child.element, child.link, child.option_id
                )
            )
        for child in nested:
            if child.hidden or child.raw.not_gear or (child.link_raw is not None and child.link_raw.not_gear):
                continue
            raws = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
            index = len(walk.groups)
            walk.groups.append(_counts(raws))
            walk.group_raws.append(raws)
            words = gear_path or any(_WARGEAR_MODEL_NAME.search(r.name) for r in raws)
            self._walk(child.raw, child.link_raw, walk, (*groups, index), inside_model, words, depth + 1)

    def kind_drafts(
        self,
        raw: _Raw,
        link_raw: _Raw | None,
        element: Element,
        link: Element | None,
        met: set[tuple[Element, bool, str]],
    ) -> tuple[list[_KindDraft], list[_Occurrence], int, int | None]:
        """The model kinds of a unit, its wargear models, and its size (min, max; None: no maximum)."""
        walk = self.walk_models(raw, link_raw)
        if walk.overflow:
            return [], [], 0, None
        raws = (raw, link_raw) if link_raw is not None else (raw,)
        models = [o for o in walk.occurrences if not o.wargear]
        wargear = [o for o in walk.occurrences if o.wargear]
        own_profiles = self.unit_profile_elements(raws)
        if raw.type == "model":
            # Inside a model, a model entry with no profile (a Grot Oiler "does not count as a model") is gear.
            profiled = [o for o in models if self.unit_profile_elements(o.raws) or _named_profile(own_profiles, o.name)]
            wargear.extend(o for o in models if o not in profiled)
            models = profiled
        is_self = raw.type == "model" or (not models and bool(own_profiles) and not raw.not_model)
        if not models and not is_self and wargear:
            models, wargear = wargear, []  # a unit of drones: they are its models
        drafts: dict[str, _KindDraft] = {}
        if is_self:
            name = ((link_raw.display_name if link_raw else "") or raw.name).lstrip("! ")
            profile = own_profiles[0].get("name") if own_profiles else None
            drafts["\0self"] = _KindDraft(
                "\0self",
                name,
                1,
                1,
                _profile_wounds(own_profiles),
                0.0,
                profile,
                [],
                [r.id for r in raws],
                True,
                [],
            )
        for occurrence in models:
            profiles = self.unit_profile_elements(occurrence.raws) or _named_profile(own_profiles, occurrence.name)
            profile_name = (profiles[0].get("name") or "") if profiles else ""
            key = " ".join((profile_name or occurrence.name).split()).casefold()
            self._stack.append(raws)
            try:
                model = self.summary(occurrence.element, occurrence.link)
                price = model.price
                met.update(model.met)
            finally:
                self._stack.pop()
            draft = drafts.get(key)
            if draft is None:
                draft = _KindDraft(
                    key,
                    profile_name or occurrence.name,
                    0,
                    0,
                    _profile_wounds(profiles),
                    price,
                    profile_name or None,
                    [],
                    [],
                    False,
                    [],
                )
                drafts[key] = draft
            elif draft.wounds is None:
                draft.wounds = _profile_wounds(profiles)
            draft.occurrences.append(occurrence)
            draft.low += occurrence.low
            draft.high = _add(draft.high, occurrence.high)
            draft.price = min(draft.price, price)
            draft.bs_ids.extend(i for r in occurrence.raws for i in (r.id,) if i not in draft.bs_ids)
        kinds = list(drafts.values())
        for kind in kinds:
            if len(kind.occurrences) == 1:
                # One entry: its own name ("Szarekh", not the bracket of its profile "Szarekh [1] (9+ …)").
                kind.name = kind.occurrences[0].name.lstrip("! ") or kind.name
        extra_min = 0
        # Groups, innermost first: a group's maximum caps its kinds, its minimum may force them.
        for index in range(len(walk.groups) - 1, -1, -1):
            low, high = walk.groups[index]
            inside = {
                id(k): (
                    sum(o.low for o in k.occurrences if index in o.groups),
                    _sum_highs([o.high for o in k.occurrences if index in o.groups]),
                )
                for k in kinds
                if any(index in o.groups for o in k.occurrences)
            }
            if not inside:
                continue
            members = [k for k in kinds if id(k) in inside]
            lows = sum(v[0] for v in inside.values())
            if high is not None:
                for kind in members:
                    own_low, own_high = inside[id(kind)]
                    room = max(0, high - (lows - own_low))
                    capped = room if own_high is None else min(own_high, room)
                    outside = (kind.high - own_high) if kind.high is not None and own_high is not None else None
                    if own_high is None or capped < own_high:
                        kind.high = (
                            capped
                            if not any(index not in o.groups for o in kind.occurrences)
                            else _add(outside, capped)
                        )
            if low > lows:
                # What the other kinds cannot hold must be of this kind (1 Boss Nob at most: 9 Boyz at least).
                for kind in members:
                    own_low = inside[id(kind)][0]
                    spare = _sum_highs(inside[id(k)][1] for k in members if k is not kind)
                    if spare is not None and low - spare > own_low:
                        kind.low += low - spare - own_low
                        lows += low - spare - own_low
                extra_min += max(0, low - lows)
        low_total = sum(k.low for k in kinds) + extra_min
        high_total = _sum_highs([k.high for k in kinds])
        for index, (_, high) in enumerate(walk.groups):
            if high is not None and high_total is not None:
                held = _sum_highs(
                    [k.high for k in kinds if k.occurrences and all(index in o.groups for o in k.occurrences)]
                )
                if held is not None and held > high:
                    high_total -= held - high
        for kind in kinds:
            if kind.high is not None and kind.high < kind.low:
                kind.high = kind.low
        solved = self.solve_kinds(walk, raws, models, kinds, high_total)
        if solved is not None:
            kinds, low_total, high_total = solved
        for occurrence in wargear:
            cap = occurrence.high
            for index in occurrence.groups:
                group_high = walk.groups[index][1]
                if group_high is not None:
                    cap = group_high if cap is None else min(cap, group_high)
            occurrence.cap = cap
        return kinds, wargear, low_total, high_total

    # -- limits that depend on the unit's own selections ---------------------------------------------------------

    def solve_kinds(
        self,
        walk: _KindWalk,
        unit_raws: tuple[_Raw, ...],
        models: list[_Occurrence],
        kinds: list[_KindDraft],
        static_high: int | None,
    ) -> tuple[list[_KindDraft], int, int | None] | None:
        """Kind limits when some limit of the unit changes with what the unit itself holds.

        BattleScribe writes "9 Guardsmen, one fewer when the Heavy Weapons Team
        is taken" (a conditional ``decrement``), "a second Reap-Blade from 6
        models" (a conditional ``set``), "a Spanner, plus one per 4 Lootas" (a
        ``repeat``). Such limits are evaluated on every composition of the
        unit's model entries (the counts are small; past :data:`_MAX_COMPOSITIONS`
        the static reading is kept), and each kind gets the least and most it
        holds in a legal one. A model whose every selection removes a place of
        another kind's, one for one ("Rough Rider w/ Goad Lance" against the
        riders with a hunting lance), is a weapon choice of that kind: one kind.
        None when no limit of the unit depends on its own selections.
        """
        if not any(r.constraint_dynamic for o in models for r in o.raws) and not any(
            r.constraint_dynamic for raws in walk.group_raws if raws is not None for r in raws
        ):
            return None  # most units: no limit moves
        unit_ids = {i for r in unit_raws for i in (r.id, r.target) if i}
        solver = _Solver(self, walk, unit_ids, models)
        if not solver.dynamic:
            return None
        buckets: list[list[int]] = []
        drafts: list[_KindDraft] = []
        index_of = {id(o): i for i, o in enumerate(models)}
        for kind in kinds:
            buckets.append([index_of[id(o)] for o in kind.occurrences if id(o) in index_of])
            drafts.append(kind)
        for taker, given in solver.substitutions():
            a = next(k for k, b in enumerate(buckets) if taker in b)
            b = next(k for k, b_ in enumerate(buckets) if given in b_)
            same = (drafts[a].wounds, drafts[a].price) == (drafts[b].wounds, drafts[b].price)
            if a == b or len(buckets[b]) != 1 or not same:
                continue  # a dearer or tougher model is a kind of its own (Munitorum Servitors' heavy weapons)
            buckets[a] = [*buckets[a], *buckets[b]]
            merged = drafts[a]
            other = drafts[b]
            drafts[a] = _KindDraft(
                merged.key,
                _common_name(merged.name, other.name),
                merged.low,
                merged.high,
                merged.wounds,
                min(merged.price, other.price),
                merged.profile,
                merged.keywords,
                [*merged.bs_ids, *(i for i in other.bs_ids if i not in merged.bs_ids)],
                merged.is_self,
                [*merged.occurrences, *other.occurrences],
            )
            del buckets[b], drafts[b]
        # Twelve chapters offer the same library unit: its compositions are tried once.
        key = (unit_raws, tuple(tuple(models[i].raws for i in bucket) for bucket in buckets))
        if key in self._solved:
            ranges = self._solved[key]
        else:
            ranges = self._solved[key] = solver.ranges(buckets)
        if ranges is None:
            return None
        fixed = sum(1 for kind in drafts if kind.is_self)
        (low_total, most_total), per_bucket, bounded = ranges
        for kind, bucket, (low, high) in zip(drafts, buckets, per_bucket, strict=True):
            if bucket:
                # An entry without a maximum was counted up to a bound: the most it holds is not known from there.
                open_high = kind.high if kind.high is None or not bounded else max(kind.high, high)
                kind.low, kind.high = low, (high if not bounded else open_high)
        high_total: int | None = most_total + fixed
        if bounded:
            high_total = None if static_high is None else max(static_high, most_total + fixed)
        return drafts, low_total + fixed, high_total


#: Compositions of a unit tried at most when its limits depend on its own selections (real units: a few hundred).
_MAX_COMPOSITIONS = 20_000
#: A model entry without a maximum is counted up to this many when compositions are tried.
_MAX_UNBOUNDED = 60


def _common_name(first: str, second: str) -> str:
    """The words two model names share at their start, without a dangling "w/" or "with".

    "Rough Rider" of "Rough Rider w/ Hunting Lance" and "Rough Rider w/ Goad
    Lance"; the first name when they share none.
    """
    shared: list[str] = []
    for a, b in zip(first.split(), second.split(), strict=False):
        if a.casefold() != b.casefold():
            break
        shared.append(a)
    while shared and shared[-1].casefold().strip("-–(,") in ("w/", "with", "and", ""):
        shared.pop()
    return " ".join(shared) or first


class _Solver:
    """The limits of a unit's model entries and groups as functions of the unit's composition."""

    def __init__(self, scope: _Scope, walk: _KindWalk, unit_ids: set[str], models: list[_Occurrence]) -> None:
        self.scope = scope
        self.unit_ids = unit_ids
        self.models = models
        self.dynamic = False
        self._weights: dict[tuple[str, bool], tuple[int, ...]] = {}
        self._compiled: dict[tuple[Element, ...], Callable[[Sequence[int]], int]] = {}
        self._fixed_groups: list[tuple[list[int], int, int | None]] | None = None
        self._moving_groups: list[tuple[list[int], _Limits]] = []
        self._moving_entries: list[tuple[int, _Limits]] = []
        #: (child id, counts gear too) of every condition and repeat the moving limits look at.
        self.referenced: list[tuple[str, bool]] = []
        self._group_raws = walk.group_raws
        self._group_ids = [
            {i for r in raws for i in (r.id, r.target) if i} if raws is not None else set() for raws in walk.group_raws
        ]
        self.entry_limits = [self._limits(o.raws) for o in models]
        self.group_limits: list[tuple[list[int], _Limits]] = []
        for index, raws in enumerate(walk.group_raws):
            if raws is None:
                continue
            members = [i for i, o in enumerate(models) if index in o.groups]
            if members:
                self.group_limits.append((members, self._limits(raws)))

    def _limits(self, raws: tuple[_Raw, ...]) -> _Limits:
        """(type, value after unconditional modifiers, modifiers that count the unit) of each parent constraint."""
        modifiers = [m for raw in raws for m in raw.constraint_mods]
        found: _Limits = []
        for raw in raws:
            for kind, constraint_id, value, scope in raw.constraints:
                if scope != "parent":
                    continue
                value = _modified(value, constraint_id, modifiers)
                dynamic = [
                    (mod_kind, amount, holders)
                    for r in raws
                    for mod_kind, target, amount, holders in r.constraint_dynamic
                    if target == constraint_id and self._internal(holders)
                ]
                self.dynamic = self.dynamic or bool(dynamic)
                for _, _, holders in dynamic:
                    for holder in holders:
                        for element in holder.iter():
                            if _LOCAL.get(element.tag) in ("condition", "repeat"):
                                wanted = (element.get("childId") or "", element.get("includeChildSelections") == "true")
                                if wanted not in self.referenced:
                                    self.referenced.append(wanted)
                found.append((kind, value, dynamic))
        return found

    def _internal(self, holders: tuple[Element, ...]) -> bool:
        """Whether every condition and repeat of a modifier counts selections of the unit itself."""
        seen = False
        for holder in holders:
            for element in holder.iter():
                local = _LOCAL.get(element.tag)
                if local in ("condition", "repeat"):
                    seen = True
                    if element.get("field") != "selections" or (
                        element.get("scope") != "parent" and element.get("scope") not in self.unit_ids
                    ):
                        return False
        return seen

    def weights(self, child: str, deep: bool) -> tuple[int, ...]:
        """How many selections of ``child`` each model entry brings (itself, its categories, its gear)."""
        key = (child, deep)
        known = self._weights.get(key)
        if known is not None:
            return known
        found: list[int] = []
        for occurrence in self.models:
            raws = occurrence.raws
            named = child == "model" or any(child in (r.id, r.target) for r in raws)
            categorised = any(child == t for r in raws for t, _ in r.categories)
            if named or categorised or any(child in self._group_ids[g] for g in occurrence.groups):
                found.append(1)
            elif deep:
                found.append(self.scope._picked(raws, True).get(child, 0))
            else:
                found.append(0)
        known = tuple(found)
        self._weights[key] = known
        return known

    def _counter(self, element: Element) -> Callable[[Sequence[int]], int]:
        """The count a condition or repeat asks for, as a function of the composition."""
        weights = self.weights(element.get("childId") or "", element.get("includeChildSelections") == "true")
        pairs = [(i, w) for i, w in enumerate(weights) if w]
        if len(pairs) == 1:
            only, weight = pairs[0]
            return lambda counts: counts[only] * weight
        return lambda counts: sum(counts[i] * w for i, w in pairs)

    def _check(self, holder: Element, either: bool, depth: int = 0) -> Callable[[Sequence[int]], bool | None]:
        """The conditions and condition groups on ``holder`` as a function of the composition (None: unknown)."""
        checks: list[Callable[[Sequence[int]], bool | None]] = []
        for part in holder:
            local = _LOCAL.get(part.tag)
            if local == "conditions":
                for condition in part:
                    compare = _COMPARISONS.get(condition.get("type") or "")
                    if compare is None or _LOCAL.get(condition.tag) != "condition":
                        checks.append(lambda counts: None)
                        continue
                    checks.append(_comparison(self._counter(condition), compare, _float(condition.get("value"))))
            elif local == "conditionGroups" and depth < _MAX_DEPTH:
                checks.extend(self._check(g, g.get("type") == "or", depth + 1) for g in part)
        if either:
            return lambda counts: _any3(check(counts) for check in checks)
        return lambda counts: _all3(check(counts) for check in checks)

    def _times(self, holders: tuple[Element, ...], counts: Sequence[int]) -> int:
        """How many times a modifier applies in this composition (0: its conditions do not hold)."""
        compiled = self._compiled.get(holders)
        if compiled is None:
            compiled = self._compile(holders)
            self._compiled[holders] = compiled
        return compiled(counts)

    def _compile(self, holders: tuple[Element, ...]) -> Callable[[Sequence[int]], int]:
        checks = [self._check(h, either=False) for h in holders]
        repeats: list[tuple[Callable[[Sequence[int]], int], float, bool, int]] = []
        for part in holders[-1]:
            if _LOCAL.get(part.tag) == "repeats":
                for repeat in part:
                    every = _float(repeat.get("value"))
                    if every <= 0:
                        return lambda counts: 0
                    repeats.append(
                        (
                            self._counter(repeat),
                            every,
                            repeat.get("roundUp") == "true",
                            max(0, int(_float(repeat.get("repeats")) or 1)),
                        )
                    )

        def times(counts: Sequence[int]) -> int:
            if _all3(check(counts) for check in checks) is not True:
                return 0
            result = 1
            for counter, every, up, each in repeats:
                ratio = counter(counts) / every
                result *= max(0, math.ceil(ratio) if up else math.floor(ratio)) * each
            return result

        return times

    def _bounds(self, limits: _Limits, counts: Sequence[int]) -> tuple[int, int | None]:
        low = 0
        high: int | None = None
        for kind, value, dynamic in limits:
            if value < 0:
                continue  # -1: no limit (a limit the composition lowers below 0 leaves no room instead)
            for mod_kind, amount, holders in dynamic:
                times = self._times(holders, counts)
                if times:
                    if mod_kind == "set":
                        value = amount
                    else:
                        value += (amount if mod_kind == "increment" else -amount) * times
            if kind == "min":
                low = max(low, math.ceil(value))
            elif kind == "max":
                high = math.floor(value) if high is None else min(high, math.floor(value))
        return low, high

    def _legal(self, counts: Sequence[int]) -> bool:
        """Whether a composition keeps every limit (the fixed limits of single entries hold by construction)."""
        if self._fixed_groups is None:
            fixed: list[tuple[list[int], int, int | None]] = []
            moving: list[tuple[list[int], _Limits]] = []
            for members, limits in self.group_limits:
                if any(dynamic for _, _, dynamic in limits):
                    moving.append((members, limits))
                else:
                    fixed.append((members, *self._bounds(limits, counts)))
            self._fixed_groups, self._moving_groups = fixed, moving
            self._moving_entries = [
                (i, limits) for i, limits in enumerate(self.entry_limits) if any(d for _, _, d in limits)
            ]
        for members, low, high in self._fixed_groups:
            total = sum(counts[i] for i in members)
            if total < low or (high is not None and total > high):
                return False
        for index, limits in self._moving_entries:
            low, high = self._bounds(limits, counts)
            if counts[index] < low or (high is not None and counts[index] > high):
                return False
        for members, limits in self._moving_groups:
            total = sum(counts[i] for i in members)
            low, high = self._bounds(limits, counts)
            if total < low or (high is not None and total > high):
                return False
        return True

    def substitutions(self) -> list[tuple[int, int]]:
        """(taker, given): the entry ``given`` removes one place of ``taker``'s maximum per selection."""
        found: list[tuple[int, int]] = []
        for index, limits in enumerate(self.entry_limits):
            for kind, _, dynamic in limits:
                if kind != "max":
                    continue
                for mod_kind, amount, holders in dynamic:
                    repeats = [r for part in holders[-1] if _LOCAL.get(part.tag) == "repeats" for r in part]
                    if mod_kind != "decrement" or amount != 1 or len(repeats) != 1 or len(holders) != 1:
                        continue
                    repeat = repeats[0]
                    if _float(repeat.get("value")) != 1 or _float(repeat.get("repeats") or "1") != 1:
                        continue
                    weights = self.weights(repeat.get("childId") or "", repeat.get("includeChildSelections") == "true")
                    givers = [i for i, w in enumerate(weights) if w]
                    if len(givers) == 1 and givers[0] != index and weights[givers[0]] == 1:
                        found.append((index, givers[0]))
        return found

    def ranges(self, buckets: list[list[int]]) -> tuple[tuple[int, int], list[tuple[int, int]], bool] | None:
        """The unit's least and most models, and each bucket's, over its legal compositions (None: too many or none).

        Entries that nothing tells apart (same kind, same groups, counted alike
        by every condition, no limit of their own that moves: the Boy with a
        slugga and the Boy with a shoota) are counted together. The flag says
        that a legal composition reached the bound an entry without a maximum
        was counted to.
        """
        finite = float(sum(o.high for o in self.models if o.high is not None))
        finite = max([finite, *(h for _, limits in self.group_limits for k, h, _ in limits if k == "max")])
        most = max(1, min(_MAX_UNBOUNDED, int(finite)))
        group_most: dict[int, float] = {}
        for index, raws in enumerate(self._group_raws):
            if raws is not None:
                static = [v for k, v, dynamic in self._limits(raws) if k == "max" and not dynamic and v >= 0]
                if static:
                    group_most[index] = min(static)
        bucket_of = {i: k for k, bucket in enumerate(buckets) for i in bucket}
        together: dict[object, list[int]] = {}
        for index, (occurrence, limits) in enumerate(zip(self.models, self.entry_limits, strict=True)):
            alone = any(dynamic for _, _, dynamic in limits)
            key: object = (
                ("alone", index)
                if alone
                else (bucket_of.get(index), occurrence.groups, tuple(self.weights(*r)[index] for r in self.referenced))
            )
            together.setdefault(key, []).append(index)
        variables = list(together.values())
        spans: list[range] = []
        capped: list[int] = []
        size = 1
        for number, members in enumerate(variables):
            first = self.models[members[0]]
            moving = {k for k, _, dynamic in self.entry_limits[members[0]] if dynamic}
            low = 0 if "min" in moving else sum(self.models[i].low for i in members)
            highs = [self.models[i].high for i in members]
            open_ = None in highs or "max" in moving
            high = most if open_ else sum(h for h in highs if h is not None)
            for group in first.groups:
                if group in group_most and group_most[group] < high:
                    high, open_ = int(group_most[group]), False
            if open_ or high > most:
                high = min(high, most)
                capped.append(number)
            if high < low:
                return None
            spans.append(range(low, high + 1))
            size *= high - low + 1
            if size > _MAX_COMPOSITIONS:
                return None
        total: list[int] | None = None
        per: list[list[int]] = []
        bounded = False
        full = [0] * len(self.models)
        for counts in itertools.product(*spans):
            for members, count in zip(variables, counts, strict=True):
                full[members[0]] = count  # counted alike: the first one stands for them all
            if not self._legal(full):
                continue
            bounded = bounded or any(counts[i] == most for i in capped)
            sums = [sum(full[i] for i in bucket) for bucket in buckets]
            whole = sum(counts)
            if total is None:
                total = [whole, whole]
                per = [[n, n] for n in sums]
                continue
            total[0], total[1] = min(total[0], whole), max(total[1], whole)
            for pair, n in zip(per, sums, strict=True):
                pair[0], pair[1] = min(pair[0], n), max(pair[1], n)
        if total is None:
            return None
        return (total[0], total[1]), [(a, b) for a, b in per], bounded


_Limits = list[tuple[str, float, list[tuple[str, float, tuple[Element, ...]]]]]


def _comparison(
    counter: Callable[[Sequence[int]], int], compare: Callable[[float, float], bool], value: float
) -> Callable[[Sequence[int]], bool | None]:
    """One count condition as a function of a unit's composition."""
    return lambda counts: compare(counter(counts), value)


#: Names (of a model entry or of a group or link on its way) that mark models bought as wargear: a
#: T'au Commander's drones, a familiar, a Commissar's "Attachés and Bodyguards". They are models of the unit
#: only when the unit has no other models (a unit of drones). "Bodyguard" alone is no such word: Crisis
#: Bodyguards are a unit.
_WARGEAR_MODEL_NAME = re.compile(r"\b(?:drones?|familiars?|attach[ée]s?|servo-skulls?)\b", re.IGNORECASE)
_LEADING_NUMBER = re.compile(r"^\s*(\d+)")


@dataclass
class _Occurrence:
    """One model entry met under a unit (directly, through groups, or the unit entry itself)."""

    raws: tuple[_Raw, ...]
    name: str
    low: int
    high: int | None
    #: Indexes of the groups (in :class:`_KindWalk`) that hold it, outermost first.
    groups: tuple[int, ...]
    wargear: bool
    element: Element
    link: Element | None
    option_id: str
    #: The most the unit can take (its own maximum and its groups'); set for wargear models.
    cap: int | None = None


@dataclass
class _KindWalk:
    occurrences: list[_Occurrence] = field(default_factory=list)
    #: (min, max) of each group met.
    groups: list[tuple[int, int | None]] = field(default_factory=list)
    #: The entries of each group (None: a unit inside the unit, whose limits count units, not models).
    group_raws: list[tuple[_Raw, ...] | None] = field(default_factory=list)
    #: More entries than any real unit holds: the unit is read without kinds.
    overflow: bool = False


@dataclass
class _KindDraft:
    key: str
    name: str
    low: int
    high: int | None
    wounds: int | None
    price: float
    profile: str | None
    keywords: list[str]
    bs_ids: list[str]
    is_self: bool
    occurrences: list[_Occurrence]


def _named_profile(profiles: Sequence[Element], name: str) -> list[Element]:
    """The unit's profile of a model that has none of its own.

    The profile of the same name, else the longest one the model's name starts
    with ("Space Marine w/Heavy Weapon" is a Space Marine).
    """
    wanted = " ".join(name.split()).casefold()
    best: Element | None = None
    best_length = 0
    for profile in profiles:
        label = " ".join((profile.get("name") or "").split()).casefold()
        if not label:
            continue
        if label == wanted:
            return [profile]
        if wanted.startswith(label) and len(label) > best_length:
            best, best_length = profile, len(label)
    return [best] if best is not None else []


@dataclass
class _Context:
    """The datasheet being read: what its conditions are evaluated against."""

    #: The producing catalogue and the root entry.
    key: str
    #: The primary catalogue of a roster of this faction.
    catalogue: str


_COMPARISONS: dict[str, Callable[[float, float], bool]] = {
    "equalTo": lambda a, b: a == b,
    "notEqualTo": lambda a, b: a != b,
    "atLeast": lambda a, b: a >= b,
    "atMost": lambda a, b: a <= b,
    "greaterThan": lambda a, b: a > b,
    "lessThan": lambda a, b: a < b,
}


def _three_valued(results: Iterable[bool | None], decisive: bool) -> bool | None:
    """AND (``decisive`` False) or OR (True) over true, false and unknown: the decisive value wins, then unknown."""
    unknown = False
    for result in results:
        if result is decisive:
            return decisive
        if result is None:
            unknown = True
    return None if unknown else not decisive


def _all3(results: Iterable[bool | None]) -> bool | None:
    return _three_valued(results, False)


def _any3(results: Iterable[bool | None]) -> bool | None:
    return _three_valued(results, True)


def _hidden_modifiers(
    container: Element, holders: tuple[Element, ...]
) -> Iterator[tuple[Element, tuple[Element, ...]]]:
    """``set hidden`` modifiers in a modifiers/modifierGroups container, with the groups around them."""
    for item in container:
        local = _LOCAL.get(item.tag)
        if local == "modifierGroup":
            for part in item:
                if _LOCAL.get(part.tag) in ("modifiers", "modifierGroups"):
                    yield from _hidden_modifiers(part, (*holders, item))
        elif local == "modifier" and item.get("field") == "hidden" and item.get("type") == "set":
            yield item, holders


_VARIANT_NAME = re.compile(r"\(([^()]{1,60})\)\s*$")


def _for_faction(profiles: list[Element], scope: _Scope) -> list[Element]:
    """Of profiles named per faction ("Transport (Space Marines)"), the one of a catalogue in ``scope``."""
    if len(profiles) < 2:
        return profiles
    names = [" ".join(f.name.split()).casefold() for f in scope.files]
    matching = []
    for profile in profiles:
        found = _VARIANT_NAME.search(profile.get("name") or "")
        if found and any(found.group(1).strip().casefold() in name for name in names):
            matching.append(profile)
    return matching if len(matching) == 1 else profiles


def _sum_highs(highs: Iterable[int | None]) -> int | None:
    total: int | None = 0
    for high in highs:
        total = _add(total, high)
    return total


def _profile_wounds(profiles: Iterable[Element]) -> int | None:
    """The most wounds of these Unit profiles (damage brackets repeat the model), None when none says."""
    most: int | None = None
    for profile in profiles:
        text = _characteristics(profile).get("W", "")
        match = _LEADING_NUMBER.match(text)
        if match:
            value = int(match.group(1))
            most = value if most is None else max(most, value)
    return most


def _merge(into: dict[str, Element], more: dict[str, Element]) -> None:
    for name, element in more.items():
        into.setdefault(name, element)


def _counts(raws: Iterable[_Raw]) -> tuple[int, int | None]:
    """Min and max selections per parent, after unconditional constraint modifiers."""
    low = 0
    high: int | None = None
    modifiers = [m for raw in raws for m in raw.constraint_mods]
    for raw in raws:
        for kind, constraint_id, value, scope in raw.constraints:
            if scope != "parent":
                continue
            value = _modified(value, constraint_id, modifiers)
            if value < 0:
                continue  # -1 means no limit
            if kind == "min":
                low = max(low, int(value))
            elif kind == "max":
                high = int(value) if high is None else min(high, int(value))
    if high is not None and high < low:
        high = low
    return low, high


def _modified(value: float, constraint_id: str, modifiers: Iterable[tuple[str, str, float]]) -> float:
    """A constraint's value after the unconditional modifiers aimed at it."""
    for kind, target, amount in modifiers:
        if target == constraint_id:
            value = amount if kind == "set" else value + (amount if kind == "increment" else -amount)
    return value


def _cost(raws: Sequence[_Raw]) -> float:
    """Points of one entry: the link's cost overrides the target's; unconditional modifiers then apply."""
    points = 0.0
    for raw in raws:
        if "points" in raw.costs:
            points = raw.costs["points"]
    for raw in raws:
        for kind, value in raw.cost_mods:
            if kind == "set":
                points = value
            elif kind == "increment":
                points += value
            else:
                points -= value
    return max(0.0, points)


def _blocked(raws: Sequence[_Raw]) -> bool:
    """A root entry limited to 0 (unless a modifier raises it) is not available by default."""
    modifiers = {target for raw in raws for _, target, _ in raw.constraint_mods}
    return any(
        kind == "max" and value == 0 and constraint_id not in modifiers
        for raw in raws
        for kind, constraint_id, value, _ in raw.constraints
    )


def unit_type_and_class(keywords: Iterable[str], wounds: int) -> tuple[UnitType, int]:
    """Unit type and class from English BattleScribe keywords (see docs/bsdata-import.md).

    Infantry is class 1; cavalry, bikers, beasts and swarms class 2; vehicles,
    walkers and monsters class 3, or 4 from :data:`HEAVY_WOUNDS` wounds;
    aircraft and buildings 4; anything TITANIC 5.
    """
    words = {k.upper() for k in keywords}
    titanic = "TITANIC" in words
    heavy = 5 if titanic else 4
    if "BUILDING" in words:
        return UnitType.FORTIFICATION, heavy
    if "AIRCRAFT" in words:
        return UnitType.AIRCRAFT, heavy
    if "VEHICLE" in words or "WALKER" in words:
        kind = UnitType.WALKER if words & WALKER_KEYWORDS else UnitType.VEHICLE
        return kind, heavy if titanic or wounds >= HEAVY_WOUNDS else 3
    if "MONSTER" in words:
        return UnitType.MONSTER, heavy if titanic or wounds >= HEAVY_WOUNDS else 3
    if "SWARM" in words:
        return UnitType.SWARM, 2
    if "CAVALRY" in words:
        return UnitType.CAVALRY, 2
    if "BIKER" in words or "BIKERS" in words:
        return UnitType.BIKE, 2
    if "BEAST" in words or "BEASTS" in words:
        return UnitType.BEAST, 2
    if "INFANTRY" in words:
        return UnitType.INFANTRY, 1
    return UnitType.OTHER, heavy if titanic else 1


def _characteristics(profile: Element) -> dict[str, str]:
    values: dict[str, str] = {}
    for part in profile:
        if _LOCAL.get(part.tag) == "characteristics":
            for item in part:
                values[item.get("name") or ""] = (item.text or "").strip()
    return values


_PROFILE_FIELDS = {"M": "m", "WS": "ws", "BS": "bs", "S": "s", "T": "t", "W": "w", "A": "a", "Ld": "ld", "Save": "sv"}


def _model_profile(profile: Element) -> ModelProfile:
    values = _characteristics(profile)
    data: dict[str, object] = {"name": profile.get("name") or "?"}
    extra: dict[str, str] = {}
    for key, value in values.items():
        target = _PROFILE_FIELDS.get(key)
        if target:
            data[target] = value or "-"
        elif key:
            extra[key] = value
    if extra:
        data["extra"] = extra
    return ModelProfile.model_validate(data)


def _weapon_profile(profile: Element) -> WeaponProfile:
    values = _characteristics(profile)
    abilities = values.get("Abilities", "").strip()
    if abilities in ("-", "–"):
        abilities = ""
    return WeaponProfile(
        name=profile.get("name") or "?",
        range=values.get("Range") or "-",
        type=values.get("Type") or "-",
        s=values.get("S") or "-",
        ap=values.get("AP") or "-",
        d=values.get("D") or "-",
        abilities=abilities if len(abilities) <= _WEAPON_ABILITIES_MAX else "",
    )


def _wounds(profiles: Iterable[ModelProfile]) -> tuple[int | None, int | None]:
    """Wounds of the first profile that gives a number (the unit's main model), and the most of any."""
    first: int | None = None
    most: int | None = None
    for profile in profiles:
        match = re.match(r"^\s*(\d+)", profile.w)
        if match:
            value = int(match.group(1))
            first = value if first is None else first
            most = value if most is None else max(most, value)
    return first, most


def _text_of(element: Element) -> str:
    """Description text of an ability profile or a rule."""
    parts: list[str] = []
    for item in element.iter():
        local = _LOCAL.get(item.tag)
        if local in ("characteristic", "description") and item.text:
            parts.append(item.text)
    return " ".join(parts)


# --- drafts and the reader ------------------------------------------------------------------------------------------


@dataclass
class _Draft:
    """A datasheet before it is given to a faction."""

    target_id: str
    link_ids: list[str]
    role: Role
    sheet: Datasheet
    has_points: bool
    has_size: bool
    has_transport: bool
    #: Model kinds whose wounds were read from their own profile (or the unit's profile of that name).
    kinds_with_wounds: int = 0
    #: Conditional cost modifiers met: evaluated for this datasheet, or kept aside (the price without them).
    modifiers_evaluated: int = 0
    modifiers_kept: int = 0
    kept_names: list[str] = field(default_factory=list)
    path: str = ""


class _Reader:
    """One import: the files, their scopes, memoised parses and the warnings."""

    def __init__(self, files: list[_File]) -> None:
        self.files = files
        self.by_id: dict[str, _File] = {}
        self.warnings: list[ImportWarning] = []
        self._raws: dict[Element, _Raw] = {}
        #: The file each link target was found in: its subtree is read in that file's scope, once for every
        #: catalogue that uses it (twelve Space Marine chapters share one library).
        self.homes: dict[Element, _File] = {}
        self.context: _Context | None = None
        self.stack: list[tuple[_Raw, ...]] = []
        #: Conditions on the primary catalogue evaluated so far (a subtree that meets one is read per catalogue).
        self.catalogue_asked = 0
        self.signatures: dict[tuple[_Raw, ...], str] = {}
        self._unresolved: set[tuple[str, str]] = set()
        self._scopes: dict[str, _Scope] = {}
        self._drafts: dict[tuple[str, str, Element], _Draft | None] = {}
        self._profiles: dict[Element, ModelProfile] = {}
        self._never: dict[Element, bool] = {}
        self._abilities: dict[str, AbilityRef] = {}
        self._options: dict[tuple[str, str, int, bool, int | None], WargearOption] = {}
        self._weapons: dict[Element, WeaponProfile] = {}
        self._transports: dict[tuple[str, str], TransportCapacity] = {}
        for file in files:
            self.by_id[file.id] = file
        points_ids = {"points"}
        toggles = set(_KNOWN_LEGENDS_TOGGLES)
        for file in files:
            points_ids.update(type_id for type_id, name in file.cost_types.items() if name.lower() == "pts")
        for file in files:
            for root in file.roots:
                if _LEGENDS_TOGGLE_NAME.search(root.get("name") or ""):
                    toggles.add(root.get("id") or "")
        self.points_ids = frozenset(points_ids)
        self.legends_toggles = frozenset(t for t in toggles if t)

    def close(self) -> None:
        """Drop the memoised trees so they are freed at once (scopes refer back to the reader)."""
        self._scopes.clear()
        self._drafts.clear()
        self._raws.clear()

    def raw(self, element: Element) -> _Raw:
        known = self._raws.get(element)
        if known is None:
            known = _Raw(element, self.points_ids, self.legends_toggles)
            self._raws[element] = known
        return known

    def unresolved(self, file: _File, link: _Raw) -> None:
        key = (file.id, link.target)
        if key not in self._unresolved:
            self._unresolved.add(key)
            self.warnings.append(
                ImportWarning(
                    file.path,
                    f"link '{link.name or link.id}' points to '{link.target}', found in none of the files in scope; "
                    "it is skipped",
                    f"le lien « {link.name or link.id} » vise '{link.target}', introuvable dans les fichiers liés ; "
                    "il est ignoré",
                )
            )

    def scope(self, file: _File) -> _Scope:
        """``file``, the catalogues it links to (breadth first, transitively), then its game system."""
        known = self._scopes.get(file.id)
        if known is not None:
            return known
        order: list[_File] = [file]
        seen = {file.id}
        queue = [file]
        while queue:
            current = queue.pop(0)
            for target, _ in current.links:
                if target in seen:
                    continue
                seen.add(target)
                linked = self.by_id.get(target)
                if linked is None:
                    if (current.id, target) in self._unresolved:
                        continue
                    self._unresolved.add((current.id, target))
                    self.warnings.append(
                        ImportWarning(
                            current.path,
                            f"links to catalogue '{target}', which is not among the files; "
                            "entries found only there are skipped",
                            f"renvoie au catalogue '{target}', absent des fichiers ; "
                            "les entrées qui ne sont que là sont ignorées",
                        )
                    )
                    continue
                order.append(linked)
                queue.append(linked)
        system = self.by_id.get(file.game_system_id)
        if system is not None and system not in order:
            order.append(system)
        scope = _Scope(self, order)
        self._scopes[file.id] = scope
        return scope

    def offered(self, file: _File) -> list[tuple[_File, Element]]:
        """Root entries ``file`` offers: its own, then those of catalogues it imports roots from."""
        result: list[tuple[_File, Element]] = [(file, root) for root in file.roots]
        seen = {file.id}
        queue = [file]
        while queue:
            current = queue.pop(0)
            for target, imports in current.links:
                linked = self.by_id.get(target)
                if not imports or linked is None or target in seen or linked.is_game_system:
                    continue
                seen.add(target)
                result.extend((linked, root) for root in linked.roots)
                queue.append(linked)
        return result

    def draft(self, file: _File, root: Element, producer: _File) -> _Draft | None:
        """The datasheet of a root entry of ``file`` as offered by ``producer`` (its catalogue is the roster's)."""
        key = (producer.id, file.id, root)
        if key in self._drafts:
            return self._drafts[key]
        scope = self.scope(file)
        self.homes.setdefault(root, file)
        scope.context = _Context(key=f"{producer.id}:{file.id}:{root.get('id') or id(root)}", catalogue=producer.id)
        try:
            draft = self._make_draft(file, root)
        except ValidationError as exc:  # harden (fuzz): an entry no datasheet can be made of, e.g. with no name
            error = exc.errors()[0]
            field = ".".join(str(part) for part in error["loc"]) or "?"
            entry = (root.get("id") or "?")[:60]
            raise BsDataError(
                file.path,
                f"entry {entry!r} cannot become a datasheet ({field}: {error['msg']})",
                f"l'entrée {entry!r} ne peut pas devenir une fiche ({field} : {error['msg']})",
            ) from None
        finally:
            scope.context = None
        self._drafts[key] = draft
        return draft

    def _make_draft(self, file: _File, root: Element) -> _Draft | None:
        scope = self.scope(file)
        raw = self.raw(root)
        link_raw: _Raw | None = None
        link: Element | None = None
        element = root
        if raw.kind == "link":
            target = scope.find(raw.target)
            if target is None:
                self.unresolved(file, raw)
                return None
            link, link_raw, element = root, raw, target
            raw = self.raw(target)
            if raw.kind != "entry":
                return None
        raws: tuple[_Raw, ...] = (raw, link_raw) if link_raw is not None else (raw,)
        role = self._role(scope, raws)
        if role is None:
            return None
        name = (link_raw.display_name if link_raw else "") or raw.name or raw.id
        # "!TY7 Devilfish": a leading "!" only sorts the entry first in BattleScribe.
        name = name.lstrip("! ") or name
        summary = scope.summary(element, link)
        if summary.models_max == 0:
            summary = scope.summary(element, link, loose=True)
        keywords, faction_keywords, legends_category = self._keywords(scope, raws)
        if not keywords:
            # Units of several named models (The Silent King, Rein and Raus) carry keywords on the models.
            for model_raws in scope.model_raws(raw, link_raw):
                more, more_factions, _ = self._keywords(scope, model_raws)
                keywords.extend(k for k in more if k not in keywords)
                faction_keywords.extend(k for k in more_factions if k not in faction_keywords)
        profiles = [self._model(p) for p in summary.unit_profiles.values()]
        weapons = [self._weapon(p) for p in summary.weapons.values()]
        ability_elements, transport_elements = scope.abilities_and_transports(raw, link_raw)
        if len(transport_elements) > 1:
            # Variants switched by conditions (the Astra Militarum and the Renegades Chimera): keep the ones
            # that are not hidden for this catalogue.
            scope.push(raws)
            try:
                shown = [e for e in transport_elements if scope.hidden_now(e, raws) is not True]
            finally:
                scope.pop()
            transport_elements = _for_faction(shown, scope)
        abilities: list[AbilityRef] = []
        never_holds = False
        seen_names: set[str] = set()
        for element_ in ability_elements:
            ability_name = (element_.get("name") or "").strip()
            if ability_name and ability_name.casefold() not in seen_names:
                seen_names.add(ability_name.casefold())
                abilities.append(self._ability(ability_name))
            if not never_holds and self._never_holds(element_):
                never_holds = True
        transport = self._transport(scope, transport_elements)
        wounds, most_wounds = _wounds(profiles)
        met: set[tuple[Element, bool, str]] = set(summary.met)
        drafts, wargear_models, kinds_min, kinds_max = scope.kind_drafts(raw, link_raw, element, link, met)
        unit_max = kinds_max if kinds_max is not None else max(1, kinds_min, summary.models_cap)
        kinds, kinds_with_wounds = self._kinds(scope, drafts, profiles, keywords, unit_max)
        if kinds:
            wounds = max(k.wounds for k in kinds)
            most_wounds = max(wounds, most_wounds or 0)
        unit_type, unit_class = unit_type_and_class(keywords, most_wounds or 1)
        models_max: int | None
        if kinds:
            models_min = max(1, kinds_min)
            models_max = unit_max
            has_size = True
        else:
            models_min = summary.models_min
            models_max = summary.models_max
            has_size = models_min >= 1 and models_max is not None
            if models_max == 0 and summary.unit_profiles:
                models_min = models_max = 1  # a "unit" entry with its own profile and no model entries
                has_size = True
            if models_max is None:
                models_max = summary.models_cap  # a model entry without a maximum: count it at its minimum
        if models_min < 1:
            models_min = 1
        # Each kind is clamped on its own (hostile counts): the unit holds at least their sum.
        models_min = max(_bounded(models_min), sum(k.min for k in kinds))
        models_max = max(models_min, _bounded(models_max))
        points = _bounded(summary.price)
        per_model = _bounded(summary.grow) if summary.grow and models_max > models_min else 0
        found_options = dict(summary.options)
        for occurrence in wargear_models:
            # Drones, familiars, bodyguards: bought like wargear, so priced as options of the unit.
            if occurrence.option_id not in found_options:
                scope.push(raws)
                try:
                    bought = scope.summary(occurrence.element, occurrence.link)
                    price = bought.price
                    met.update(bought.met)
                finally:
                    scope.pop()
                found_options[occurrence.option_id] = _Option(
                    occurrence.option_id, occurrence.name, price, False, occurrence.cap
                )
        legends = bool(
            _LEGENDS_NAME.search(name)
            or _LEGENDS_NAME.search(raw.name)
            or legends_category
            or raw.legends_hidden
            or (link_raw is not None and link_raw.legends_hidden)
        )
        hidden = raw.hidden or (link_raw is not None and link_raw.hidden) or _blocked(raws)
        identity = _identity(name, keywords)
        options = [
            self._option(o.id, o.name, _bounded(o.points), o.per_model, _bounded(o.max) if o.max else None)
            for o in found_options.values()
            if _bounded(o.points) > 0
        ]
        sheet = Datasheet(
            id=raw.id or "draft",
            name=name,
            role=role,
            identity=identity,
            keywords=keywords,
            faction_keywords=faction_keywords,
            min_models=models_min,
            max_models=models_max,
            points=points,
            **({} if kinds else {"points_per_model": per_model}),
            options=options,
            wounds=wounds if wounds is not None else 1,
            unit_type=unit_type,
            unit_class=unit_class,
            profiles=profiles,
            weapons=weapons,
            abilities=abilities,
            transport=transport,
            never_holds_objectives=never_holds,
            legends=legends,
            hidden=hidden,
            source_id=raw.id,
            bs_ids=[raw.id, *([link_raw.id] if link_raw else [])],
            kinds=kinds,
        )
        kept = {m for m, aside, _ in met if aside}
        return _Draft(
            target_id=raw.id,
            link_ids=[link_raw.id] if link_raw else [],
            role=role,
            sheet=sheet,
            has_points=points > 0,
            has_size=has_size,
            has_transport=bool(transport_elements),
            kinds_with_wounds=kinds_with_wounds,
            modifiers_evaluated=len({m for m, _, _ in met} - kept),
            modifiers_kept=len(kept),
            kept_names=sorted({name for m, aside, name in met if aside}),
            path=file.path,
        )

    def _kinds(
        self,
        scope: _Scope,
        drafts: list[_KindDraft],
        profiles: list[ModelProfile],
        keywords: list[str],
        unit_max: int,
    ) -> tuple[list[ModelKind], int]:
        """Model kinds from their drafts: the unit's own model first, then leaders, then the rest in data order.

        Also returns how many kinds had their wounds from a profile (the others take the unit's first).
        """
        if not drafts:
            return [], 0
        read = 0
        fallback = _wounds(profiles)[0]
        by_name = {p.name.casefold(): p for p in profiles}
        taken: set[str] = set()
        found: list[tuple[int, int, ModelKind]] = []
        own = set(keywords)
        for order, draft in enumerate(drafts):
            wounds = draft.wounds
            profile_name = draft.profile
            if wounds is None:
                same = by_name.get(draft.name.casefold()) or _closest_profile(draft.name, profiles)
                wounds = _wounds([same])[0] if same is not None else None
                if same is not None and wounds is not None:
                    profile_name = profile_name or same.name
            if wounds is None:
                wounds = fallback if fallback is not None else 1
            else:
                read += 1
            base = slug(draft.name) or "model"
            kind_id = base
            number = 2
            while kind_id in taken:
                kind_id = f"{base}-{number}"
                number += 1
            taken.add(kind_id)
            extra: list[str] = []
            for occurrence in draft.occurrences:
                more, _, _ = self._keywords(scope, occurrence.raws)
                extra.extend(k for k in more if k not in own and k not in extra)
            low = _bounded(draft.low)
            # No kind holds more than the unit less the other kinds' minimum.
            room = _bounded(unit_max) - sum(_bounded(other.low) for other in drafts if other is not draft)
            high = _bounded(draft.high) if draft.high is not None else room
            high = max(low, min(high, room))
            kind = ModelKind(
                id=kind_id,
                name=" ".join(draft.name.split()) or kind_id,
                min=low,
                max=high,
                wounds=_bounded(wounds),
                points=_bounded(draft.price) if high > low else 0,
                profile=profile_name,
                keywords=extra,
                bs_ids=draft.bs_ids,
            )
            rank = 0 if draft.is_self else (1 if low == high == 1 else 2)
            found.append((rank, order, kind))
        found.sort(key=lambda item: (item[0], item[1]))
        return [kind for _, _, kind in found], read

    def _role(self, scope: _Scope, raws: Sequence[_Raw]) -> Role | None:
        """The role from the link's primary category, else the entry's, else a set-primary modifier."""
        for raw in reversed(raws):  # the link (last) first
            for target, primary in raw.categories:
                if primary:
                    return ROLE_BY_CATEGORY.get(scope.categories.get(target, "").strip().casefold())
        for raw in reversed(raws):
            if raw.primary_modifier:
                return ROLE_BY_CATEGORY.get(scope.categories.get(raw.primary_modifier, "").strip().casefold())
        return None

    def _keywords(self, scope: _Scope, raws: Sequence[_Raw]) -> tuple[list[str], list[str], bool]:
        """Keywords and faction keywords (upper case, "Faction: " dropped, placeholders kept)."""
        removed = {target for raw in raws for target in raw.remove_categories}
        targets: list[str] = []
        for raw in raws:
            targets.extend(target for target, _ in raw.categories)
            targets.extend(raw.add_categories)
        keywords: list[str] = []
        factions: list[str] = []
        legends = False
        for target in targets:
            if target in removed:
                continue
            kind, value = scope.category_kind(target)
            if kind == "keyword":
                if value not in keywords:
                    keywords.append(value)
            elif kind == "faction":
                if value not in factions:
                    factions.append(value)
            elif kind == "legends":
                legends = True
        return _ordered_keywords(keywords), factions, legends

    def _ability(self, name: str) -> AbilityRef:
        """One shared (validated once) ability reference per name: thousands of datasheets repeat them."""
        known = self._abilities.get(name)
        if known is None:
            known = self._abilities[name] = AbilityRef(name=name)
        return known

    def _option(self, option_id: str, name: str, points: int, per_model: bool, most: int | None) -> WargearOption:
        """One shared (validated once) option per value: chapters repeat their library's options."""
        key = (option_id, name, points, per_model, most)
        known = self._options.get(key)
        if known is None:
            known = WargearOption(id=option_id, name=name, points=points, per_model=per_model, max=most)
            self._options[key] = known
        return known

    def _never_holds(self, element: Element) -> bool:
        """Whether an ability says the unit cannot hold objectives (memoised: abilities are shared)."""
        known = self._never.get(element)
        if known is None:
            known = _NEVER_OBJECTIVES.search(_text_of(element)) is not None
            self._never[element] = known
        return known

    def _model(self, profile: Element) -> ModelProfile:
        known = self._profiles.get(profile)
        if known is None:
            known = _model_profile(profile)
            self._profiles[profile] = known
        return known

    def _weapon(self, profile: Element) -> WeaponProfile:
        known = self._weapons.get(profile)
        if known is None:
            known = _weapon_profile(profile)
            self._weapons[profile] = known
        return known

    def _transport(self, scope: _Scope, profiles: list[Element]) -> TransportCapacity | None:
        texts: list[str] = []
        for profile in profiles:
            values = _characteristics(profile)
            text = values.get("Capacity") or values.get("Description") or ""
            if text.strip() and text.strip() not in texts:
                texts.append(text.strip())
        if not texts:
            return None
        key = (scope.owner.id, texts[0])
        parsed = self._transports.get(key)
        if parsed is None:
            parsed = parse_transport(texts[0], scope.vocabulary)
            self._transports[key] = parsed
        if len(texts) > 1 and parsed.verified:
            # Several capacities (variants switched by conditions Ost cannot evaluate): keep the first, unverified.
            parsed = parsed.model_copy(update={"verified": False, "text": " / ".join(texts)})
        return parsed


def _ordered_keywords(keywords: list[str]) -> list[str]:
    """Unit-type keywords first, the rest in the data's order."""
    first = ("INFANTRY", "CAVALRY", "BIKER", "BEAST", "BEASTS", "SWARM", "VEHICLE", "MONSTER", "AIRCRAFT", "BUILDING")
    return [k for k in keywords if k in first] + [k for k in keywords if k not in first]


def _identity(name: str, keywords: list[str]) -> str:
    """The keyword naming the datasheet (its identity), else the name without "[Legends]"."""
    bare = _LEGENDS_NAME.sub("", name).strip()
    key = " ".join(bare.split()).casefold()
    for keyword in keywords:
        if keyword.casefold() == key:
            return keyword
    return " ".join(bare.split()).upper() or name.upper()


# --- the import ---------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    """Upper-case words, a plural "s" dropped ("Heavy Weapon Team" and "HEAVY WEAPONS TEAMS" are alike)."""
    return tuple(w[:-1] if len(w) > 3 and w.endswith("S") else w for w in _WORD.findall(text.upper()))


_WORD = re.compile(r"[A-Z0-9'’-]+")


def _closest_profile(name: str, profiles: Sequence[ModelProfile]) -> ModelProfile | None:
    """The datasheet's profile of a model whose entry has none, from the words of their names.

    A profile whose name the model's name holds wins ("Assault Terminator
    Sergeant" is a "Terminator Sergeant", "Servitor (Heavy Bolter)" a
    "Servitor"), the longest first; else the one sharing the most words, the
    shortest first ("Devastator Marine Sergeant" is a "Space Marine Sergeant",
    "Devastator Marine" a "Space Marine"). None when no word is shared.
    """
    words = _words(name)
    best: ModelProfile | None = None
    best_score = (False, 0, 0)
    for profile in profiles:
        label = _words(profile.name)
        if not label:
            continue
        size = len(label)
        held = any(words[i : i + size] == label for i in range(len(words) - size + 1))
        shared = len(set(label) & set(words))
        score = (held, size if held else shared, -size)
        if shared and score > best_score:
            best, best_score = profile, score
    return best


def _space_phrases(sheets: Iterable[Datasheet]) -> dict[tuple[str, ...], list[str]]:
    """The keywords the faction's transports give space rules for (every spelling), by their words."""
    phrases: dict[tuple[str, ...], list[str]] = {}
    for sheet in sheets:
        if sheet.transport is not None:
            for rule in sheet.transport.space:
                for keyword in rule.keywords:
                    words = _words(keyword)
                    spellings = phrases.setdefault(words, []) if words else []
                    if words and not keyword.lstrip().startswith("<") and keyword not in spellings:
                        spellings.append(keyword)
    return phrases


def _named_keywords(kind: ModelKind, phrases: dict[tuple[str, ...], list[str]], keywords: list[str]) -> list[str]:
    """Space-rule keywords that a kind's name or profile name spells out, when no category gives them.

    BattleScribe gives the Heavy Weapons Team of an Infantry Squad no category of
    its own, yet the Chimera says "each Heavy Weapons Team takes the space of 2":
    the kind is the model the rule names, so it gets that keyword.
    """
    names = [_words(kind.name), *([_words(kind.profile)] if kind.profile else [])]
    found: list[str] = []
    seen = {word for name in names for word in name}
    for phrase, spellings in phrases.items():
        if phrase[0] not in seen:
            continue
        wanted = [k for k in spellings if k not in keywords and k not in kind.keywords]
        size = len(phrase)
        if wanted and any(name[i : i + size] == phrase for name in names for i in range(len(name) - size + 1)):
            found.extend(wanted)
    return found


def _read_files(
    paths: Sequence[Path], limits: Limits, progress: Progress | None, total: int, warnings: list[ImportWarning]
) -> list[_File]:
    files: list[_File] = []
    by_id: dict[str, _File] = {}
    for index, path in enumerate(paths):
        if progress is not None:
            progress(index, total, path.name)
        documents = list(read_documents(path, limits, _MEMBER_SUFFIXES))
        if not documents:
            raise BsDataError(path, "holds no .gst or .cat file", "ne contient aucun fichier .gst ou .cat")
        for document in documents:
            file = _File(document)
            earlier = by_id.get(file.id)
            if earlier is not None:
                newer = _revision(file.revision) > _revision(earlier.revision)
                kept, dropped = (file, earlier) if newer else (earlier, file)
                warnings.append(
                    ImportWarning(
                        dropped.path,
                        f"same catalogue as {kept.path} ({file.name}); revision {kept.revision or '?'} is used",
                        f"même catalogue que {kept.path} ({file.name}) ; la révision {kept.revision or '?'} est prise",
                    )
                )
                if newer:
                    files[files.index(earlier)] = file
                    by_id[file.id] = file
                continue
            by_id[file.id] = file
            files.append(file)
    return files


def _revision(text: str) -> int:
    return int(text) if text.isdigit() else -1


def _faction_id(file: _File, taken: set[str]) -> str:
    base = "bs-" + (slug(file.name) or slug(file.id))
    candidate = base if base not in taken else f"{base}-{slug(file.id)}"
    taken.add(candidate)
    return candidate


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the duration of an import.

    The parsed trees are a few hundred thousand long-lived objects that the
    collector would scan again and again while the import allocates; pausing
    it halves the import time. The import makes no garbage cycles of its own
    worth collecting before it ends, and the previous state is restored.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_bsdata(
    paths: Iterable[str | Path],
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> BsImport:
    """Read BattleScribe files (folders, ``.gst``/``.cat``, ``.gstz``/``.catz``) into factions and datasheets.

    Raises :class:`BsDataError` (or :class:`ost.formats.safexml.XmlInputError`)
    naming the file for anything unreadable, refused or not BattleScribe data;
    nothing is returned partially.
    """
    with _collector_paused():
        return _read_bsdata(list(paths), progress, limits)


def _read_bsdata(paths: list[str | Path], progress: Progress | None, limits: Limits) -> BsImport:
    found = find_files(paths)
    if not found:
        raise BsDataError(
            ", ".join(str(p) for p in paths) or ".",
            "no BattleScribe file (.gst, .cat, .gstz, .catz) found",
            "aucun fichier BattleScribe (.gst, .cat, .gstz, .catz) trouvé",
        )
    warnings: list[ImportWarning] = []
    # Progress runs over 2 units per file given: reading them, then converting the catalogues.
    total = 2 * len(found)
    files = _read_files(found, limits, progress, total, warnings)
    systems = [f for f in files if f.is_game_system]
    if not systems:
        raise BsDataError(
            found[0].parent,
            "no game system (.gst) among the files; BattleScribe catalogues need theirs",
            "aucun système de jeu (.gst) parmi les fichiers ; les catalogues BattleScribe en ont besoin",
        )
    catalogues = [f for f in files if not f.is_game_system]
    system_ids = {s.id for s in systems}
    for catalogue in catalogues:
        if catalogue.game_system_id not in system_ids:
            raise BsDataError(
                catalogue.path,
                f"needs the game system '{catalogue.game_system_id}', which is not among the files",
                f"a besoin du système de jeu '{catalogue.game_system_id}', absent des fichiers",
            )
    reader = _Reader(files)
    playable = [c for c in catalogues if not c.library]
    producers: list[_File] = [*playable, *[s for s in systems if s.roots]]
    factions: list[Faction] = []
    datasheets: list[Datasheet] = []
    coverage: list[Coverage] = []
    taken: set[str] = set()
    sources: list[str] = []
    for index, producer in enumerate(producers):
        if progress is not None:
            progress(len(found) + len(found) * index // len(producers), total, producer.name)
        faction_id = _faction_id(producer, taken)
        source = SOURCE_PREFIX + producer.id
        sources.append(source)
        offers = reader.offered(producer) if not producer.is_game_system else [(producer, r) for r in producer.roots]
        chosen: dict[str, _Draft] = {}
        link_ids: dict[str, list[str]] = {}
        for file, root in offers:
            draft = reader.draft(file, root, producer)
            if draft is None:
                continue
            ids = link_ids.setdefault(draft.target_id, [])
            ids.extend(i for i in draft.link_ids if i not in ids)
            current = chosen.get(draft.target_id)
            if current is None or (current.role is Role.UNSLOTTED and draft.role is not Role.UNSLOTTED):
                chosen[draft.target_id] = draft
        report = Coverage(faction=faction_id, name=producer.name, revision=producer.revision)
        phrases = _space_phrases(draft.sheet for draft in chosen.values())
        for target_id, draft in chosen.items():
            bs_ids = [target_id, *link_ids[target_id]]
            kinds = []
            for kind in draft.sheet.kinds:
                update: dict[str, list[str]] = {}
                if target_id in kind.bs_ids:
                    # The unit's own model (a character) is named by every link that offers the datasheet.
                    update["bs_ids"] = [*kind.bs_ids, *(i for i in bs_ids if i not in kind.bs_ids)]
                named = _named_keywords(kind, phrases, draft.sheet.keywords) if phrases else []
                if named:
                    update["keywords"] = [*kind.keywords, *named]
                kinds.append(kind.model_copy(update=update) if update else kind)
            sheet = draft.sheet.model_copy(
                update={
                    "id": f"{faction_id}-{target_id}",
                    "faction": faction_id,
                    "source": source,
                    "source_revision": producer.revision or None,
                    "bs_ids": bs_ids,
                    "kinds": kinds,
                }
            )
            datasheets.append(sheet)
            report.datasheets += 1
            report.role += sheet.role is not Role.UNSLOTTED
            report.points += draft.has_points
            report.size += draft.has_size
            report.keywords += bool(sheet.keywords)
            report.profiles += bool(sheet.profiles)
            report.transports += draft.has_transport
            report.transports_parsed += bool(sheet.transport and sheet.transport.verified)
            report.legends += sheet.legends
            report.hidden += sheet.hidden
            report.kinds += len(sheet.kinds)
            report.several_kinds += len(sheet.kinds) > 1
            report.kinds_with_wounds += draft.kinds_with_wounds
            report.modifiers_evaluated += draft.modifiers_evaluated
            report.modifiers_kept += draft.modifiers_kept
            if draft.kept_names:
                shown = ", ".join(f"'{n}'" for n in draft.kept_names[:5]) + (" …" if len(draft.kept_names) > 5 else "")
                report.warnings += 1
                warnings.append(
                    ImportWarning(
                        draft.path,
                        f"{producer.name} – {sheet.name}: the points of {shown} depend on the army (another unit, "
                        "the detachment, the roster) or grow with the unit; the price without that change is kept",
                        f"{producer.name} – {sheet.name} : les points de {shown} dépendent de l'armée (une autre "
                        "unité, le détachement, la liste) ou de la taille de l'unité ; le prix sans ce changement "
                        "est gardé",
                    )
                )
        if not chosen:
            continue
        coverage.append(report)
        factions.append(
            Faction(id=faction_id, name=producer.name, name_en=producer.name, source=source, revision=producer.revision)
        )
    if progress is not None:
        progress(total, total, "")
    reader.close()
    return BsImport(
        factions=factions,
        datasheets=datasheets,
        coverage=coverage,
        warnings=reader.warnings + warnings,
        sources=sources,
        files=[(f.path, f.id, f.name, f.revision) for f in files],
    )
