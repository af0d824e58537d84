"""Entries as Ost reads them (:class:`_Raw`): costs, limits, modifiers, categories; and count arithmetic.

Each entry, entry link or group element is read once into a :class:`_Raw`;
the helpers below compute what an entry costs and how many a parent takes,
after the modifiers that apply without conditions.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from ost.formats.bsdata.schema import _LOCAL

#: Words in the (lower-cased) names of wargear groups whose profiles are not the datasheet's: relics, traits…
_NOT_DATASHEET_GEAR = re.compile(
    r"\b(?:relics?|warlord|traits?|stratagems?|heirlooms?|artefacts?|artifacts?|kustom jobs?|psychic|disciplines?|"
    r"litany|litanies|prayers?|enhancements?|specialist mobs?)\b"
)
_LEGENDS_TOGGLE_NAME = re.compile(r"hide\s+legends", re.IGNORECASE)
#: "Hide Legends Units" of the 9th-edition game system, in case its entry is not among the files.
_KNOWN_LEGENDS_TOGGLES = frozenset({"c47c-a3e1-c91e-436a"})
_NAMELESS_LINKS = frozenset({"", "new entrylink", "new entry link"})
_NO_IDS: frozenset[str] = frozenset()
_MAX_DEPTH = 40
#: No cost or count in real data comes near this; larger values are clamped (SQLite integers are 64-bit).
_LARGEST = 1_000_000.0


def add_new(target: list[str], items: Iterable[str]) -> None:
    """Append each of ``items`` not in ``target`` yet, in order (one of several equal ones: the first).

    A loop, not ``target.extend(i for i in items if i not in target)``: compiled (:mod:`.native`), that
    generator is read whole before ``extend`` adds anything, and the repeats inside ``items`` stay.
    """
    for item in items:
        if item not in target:
            target.append(item)


class _Raw:
    """What Ost needs of one entry, entry link or group, read once from its element."""

    __slots__ = (
        "add_categories",
        "categories",
        "category_ids",
        "constraint_dynamic",
        "constraint_mods",
        "constraints",
        "cost_conditional",
        "cost_mods",
        "costs",
        "default",
        "display_name",
        "entries",
        "force_counted",
        "force_only",
        "groups",
        "has_children",
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
        "plain",
        "primary_modifier",
        "profiles",
        "remove_categories",
        "rules",
        "target",
        "type",
    )

    def __init__(self, element: Element, points_ids: frozenset[str], legends_toggles: frozenset[str]) -> None:
        # (Every element of the files in use is read here once: its lists are filled as locals, then kept.)
        get = element.get
        tag = _LOCAL.get(element.tag, "")
        self.kind = kind = "link" if tag == "entryLink" else ("group" if tag == "selectionEntryGroup" else "entry")
        self.id = get("id") or ""
        self.name = name = get("name") or ""
        self.display_name = "" if name.strip().casefold() in _NAMELESS_LINKS else name
        #: Relics, traits, stratagems…: their profiles are not the datasheet's.
        lowered = name.lower()
        self.type = type_ = get("type") or ""
        # A model or a unit named like gear ("Relic Terminator", "Relic Terminator Squad") is still one.
        self.not_gear = not_gear = type_ not in ("model", "unit") and _is_gear_name(lowered)
        self.not_model = "stat damage" in lowered or "battle honour" in lowered
        self.target = get("targetId") or ""
        self.hidden = get("hidden") == "true"
        self.default = get("defaultSelectionEntryId") or ""
        self.constraints: list[tuple[str, str, float, str]] = []
        constraints = self.constraints
        self.costs: dict[str, float] = {}
        costs = self.costs
        self.cost_mods: list[tuple[str, float]] = []
        #: Cost changes under conditions: (kind, value, the modifier and the groups around it that hold conditions).
        self.cost_conditional: list[tuple[str, float, tuple[Element, ...]]] = []
        self.constraint_mods: list[tuple[str, str, float]] = []
        #: Limit changes under conditions or repeats: (kind, constraint id, value, the modifier and its groups).
        #: Those that count the unit's own selections are evaluated per configuration (see ``kinds.solve_kinds``).
        self.constraint_dynamic: list[tuple[str, str, float, tuple[Element, ...]]] = []
        self.add_categories: list[str] = []
        self.remove_categories: list[str] = []
        self.primary_modifier = ""
        self.legends_hidden = False
        #: What the force-scoped conditions of its ``hidden`` modifiers count (another chapter's "PC: ..."):
        #: see :mod:`.summaries`.
        self.force_counted: tuple[str, ...] = ()
        #: Every condition of its ``hidden`` modifiers is on the force: their answer is the catalogue's alone.
        self.force_only = True
        self.categories: list[tuple[str, bool]] = []
        categories = self.categories
        self.profiles: list[Element] = []
        profiles = self.profiles
        self.rules: list[Element] = []
        rules = self.rules
        #: (type, target id, hidden, the link itself: its modifiers may hide it under conditions).
        self.info_links: list[tuple[str, str, bool, Element]] = []
        info_links = self.info_links
        self.info_groups: list[Element] = []
        info_groups = self.info_groups
        self.entries: list[Element] = []
        entries = self.entries
        self.groups: list[Element] = []
        groups = self.groups
        self.links: list[Element] = []
        links = self.links
        for child in element:
            local = _LOCAL.get(child.tag)
            if local == "constraints":
                for item in child:
                    if item.get("field") != "selections":
                        continue
                    if item.get("scope") == "parent":
                        constraints.append(
                            (item.get("type") or "", item.get("id") or "", _float(item.get("value")), "parent")
                        )
                    elif item.get("type") == "max":
                        constraints.append(("max", item.get("id") or "", _float(item.get("value")), "other"))
            elif local == "costs":
                for item in child:
                    if item.get("typeId") in points_ids:
                        costs["points"] = _float(item.get("value"))
            elif local == "modifiers" or local == "modifierGroups":
                self._modifiers(child, (), points_ids, legends_toggles)
            elif local == "categoryLinks":
                for item in child:
                    target = item.get("targetId")
                    if target:
                        categories.append((target, item.get("primary") == "true"))
            elif local == "profiles":
                profiles.extend(child)
            elif local == "rules":
                rules.extend(child)
            elif local == "infoLinks":
                for item in child:
                    target = item.get("targetId")
                    if target:
                        info_links.append((item.get("type") or "", target, item.get("hidden") == "true", item))
            elif local == "infoGroups":
                info_groups.extend(child)
            elif local == "selectionEntries":
                entries.extend(child)
            elif local == "selectionEntryGroups":
                groups.extend(child)
            elif local == "entryLinks":
                links.extend(child)
        # Read once here (a raw never changes after): the walks ask for these on every visit.
        #: The categories it links to, for asking whether it has one.
        self.category_ids = frozenset([target for target, _ in categories]) if categories else _NO_IDS
        #: Entries, groups or links of its own (a link that adds children must be read where it is).
        self.has_children = has_children = bool(entries or groups or links)
        #: A link that changes nothing of what its target's summary holds (costs, limits, profiles, children).
        self.plain = (
            kind == "link"
            and not not_gear
            and not (costs or self.cost_mods or self.cost_conditional)
            and not (constraints or self.constraint_mods)
            and not (profiles or rules or info_links or info_groups)
            and not has_children
        )

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
            if target == "hidden":
                if kind == "set" and value == "true" and legends_toggles and _mentions(item, legends_toggles):
                    self.legends_hidden = True
                if kind == "set":
                    counted: list[str] = []
                    on_force = True
                    for holder in (*holders, item):
                        more, holds = _force_facts(holder)
                        counted.extend(more)
                        on_force = on_force and holds
                    self.force_counted += tuple(c for c in counted if c not in self.force_counted)
                    if not on_force:
                        self.force_only = False
                continue
            has_conditions = bool(holders) or _has_conditions(item)
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


def _not_gear(raw: _Raw, link_raw: _Raw | None) -> bool:
    """Whether an entry, or the link it is reached through, is named as gear that is not the datasheet's.

    A model or a unit is not, whatever its link says ("Warlord Titan", "Relic Terminator Squad"): the
    weapons under it are the datasheet's.
    """
    if raw.type in ("model", "unit"):
        return False
    return raw.not_gear or (link_raw is not None and link_raw.not_gear)


@functools.lru_cache(maxsize=8192)
def _is_gear_name(lowered: str) -> bool:
    """Relics, traits, stratagems…: names of wargear that is not the datasheet's (names repeat a lot)."""
    return _NOT_DATASHEET_GEAR.search(lowered) is not None


def _bounded(value: float) -> int:
    """A whole, non-negative number small enough to store (products of hostile counts can explode)."""
    whole = round(value)  # an int (a float's round); NaN and infinities raise, as before
    if whole <= 0:
        return 0
    return whole if whole < _LARGEST else int(_LARGEST)


def _has_conditions(element: Element) -> bool:
    return any(_LOCAL.get(part.tag) in ("conditions", "conditionGroups", "repeats") for part in element)


def _force_facts(holder: Element) -> tuple[list[str], bool]:
    """What the conditions of a modifier (or a group of them) count in the force, and whether all are on it.

    "All": every condition and repeat of it. Both are read in one pass over them.
    """
    counted: list[str] = []
    on_force = True
    for part in holder:
        local = _LOCAL.get(part.tag)
        conditions = local == "conditions" or local == "conditionGroups"
        if not conditions and local != "repeats":
            continue
        for element in part.iter():
            if element.get("scope") == "force":
                if conditions and element.get("field") == "selections":
                    counted.append(element.get("childId") or "")
            elif on_force and _LOCAL.get(element.tag) in ("condition", "repeat"):
                on_force = False
    return counted, on_force


def _has_repeats(element: Element) -> bool:
    return any(_LOCAL.get(part.tag) == "repeats" for part in element)


def _mentions(element: Element, ids: frozenset[str]) -> bool:
    return any(condition.get("childId") in ids for condition in element.iter() if condition.get("childId"))


@functools.lru_cache(maxsize=1 << 12)
def _float(text: str | None) -> float:
    """A number of the data; NaN, infinities and absurd sizes (hostile files) become 0 or are clamped.

    Memoised: the data writes a few values ("1.0", "-1.0", "0.0") tens of thousands of times.
    """
    try:
        value = float(text) if text else 0.0
    except ValueError:
        return 0.0
    if not math.isfinite(value):
        return 0.0
    return max(-_LARGEST, min(_LARGEST, value))


def _add(total: int | None, more: int | None) -> int | None:
    return None if total is None or more is None else total + more


def _times(count: int | None, each: int | None) -> int | None:
    if each == 0 or count == 0:
        return 0
    return None if count is None or each is None else count * each


@dataclass(slots=True, init=False)
class _Child:
    """An entry or group under a parent (through its link, if any), with the parent's count of it.

    Its ids, name and static hidden flag are read once here: the walks ask
    for them hundreds of thousands of times. (Its own ``__init__``: some
    hundred thousand are made, without a ``__post_init__`` call each.)
    """

    element: Element
    link: Element | None
    raw: _Raw
    link_raw: _Raw | None
    low: int
    high: int | None
    ids: tuple[str, ...]
    option_id: str
    name: str
    hidden: bool

    def __init__(
        self, element: Element, link: Element | None, raw: _Raw, link_raw: _Raw | None, low: int, high: int | None
    ) -> None:
        self.element = element
        self.link = link
        self.raw = raw
        self.link_raw = link_raw
        self.low = low
        self.high = high
        if link_raw is not None:
            self.ids = (raw.id, link_raw.id)
            self.option_id = link_raw.id
            self.name = link_raw.display_name or raw.name
            self.hidden = raw.hidden or link_raw.hidden
        else:
            self.ids = (raw.id,)
            self.option_id = raw.id
            self.name = raw.name
            self.hidden = raw.hidden


@dataclass
class _Option:
    id: str
    name: str
    points: float
    per_model: bool
    max: int | None
    #: The option's name already says which model takes it.
    named: bool = False
    #: The entry a linked option stands for (its link's target id; empty when ``id`` is the entry's own).
    entry: str = ""


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
    #: A condition asks which catalogue the roster is of (or what its force may hold): read again per catalogue
    #: (and, when ``sensitive``, where the entries above differ).
    by_catalogue: bool = False
    #: The conditional cost modifiers met in the subtree: (modifier, kept aside, entry name).
    met: frozenset[tuple[Element, bool, str]] = frozenset()


_NOTHING = _Sum()
_NO_MET: frozenset[tuple[Element, bool, str]] = frozenset()


def _sum_highs(highs: Iterable[int | None]) -> int | None:
    total: int | None = 0
    for high in highs:
        total = _add(total, high)
    return total


def _counts(raws: Sequence[_Raw]) -> tuple[int, int | None]:
    """Min and max selections per parent, after unconditional constraint modifiers."""
    low = 0
    high: int | None = None
    for raw in raws:
        if raw.constraints:
            break
    else:
        return low, high  # (most entries: asked for every child of every list made)
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
