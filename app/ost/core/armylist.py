"""Army lists and the operations that edit them.

An :class:`ArmyList` is what a ``.ost`` file holds. Every unit sits in exactly
one detachment, so that rule of seed 000 holds by construction. Each unit keeps
a :class:`UnitSnapshot` of what the list relied on when it was built, so a list
still opens and explains itself after the catalogue changed.

The operations below edit a list in place and return what is needed to undo
them; the GUI's undo commands are thin wrappers around them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Annotated, ClassVar

import msgspec
from msgspec import Meta

from ost.core.catalogue import Catalogue, Datasheet, WargearKind, WeaponProfile, faction_key_of
from ost.core.limits import MAX_MODELS, CatalogueNumber, Count, ModelCount, Points
from ost.core.model import Model
from ost.core.roles import Role
from ost.core.text import is_placeholder, keyword_key

SCHEMA_VERSION = 6


class _Model(Model, kw_only=True):
    """A list model (:class:`~ost.core.model.Model`)."""


class UnitSnapshot(_Model, kw_only=True):
    """What the list knew of the datasheet when the unit was added."""

    name: str
    role: Role
    points: CatalogueNumber
    keywords: list[str] = []
    faction_keywords: list[str] = []
    min_models: int | None = None
    max_models: int | None = None
    #: Identity key of the datasheet ("same datasheet" for the per-datasheet cap).
    #: Added in schema version 2; lists of version 1 fall back to the name.
    identity: str | None = None
    #: Price of each model past the minimum (the bulk kind's), to tell the player it changed.
    #: Lists saved before it was recorded lack it (None: nothing to compare).
    points_per_model: CatalogueNumber | None = None

    def __post_init__(self) -> None:
        if type(self.role) is not Role:  # built by hand from a word: decoding gives a member
            self.role = Role(self.role)


class StatedOption(_Model, kw_only=True):
    """Wargear a list's author took and priced that the catalogue lacks: kept with its price, not dropped."""

    name: Annotated[str, Meta(min_length=1)]
    count: Count = 1
    #: Points the list gave for all ``count`` of them.
    points: Points = 0
    #: Weapon profiles the source gave, as printed (may be empty).
    weapons: list[WeaponProfile] = []


class Carried(_Model, kw_only=True):
    """Something carried: by each model of a :class:`ModelGroup`, or by the unit.

    ``item`` is the catalogue's :class:`~ost.core.catalogue.WargearItem` id, None
    when the catalogue lacks it (then ``name``, ``points`` and ``weapons`` are all
    Ost knows, as the list gave them). ``count`` is per model in a model group,
    in all for the unit's own upgrades. ``points`` is the price the list stated
    for all ``count`` of them (None: not stated; the catalogue prices it).
    """

    item: str | None = None
    name: Annotated[str, Meta(min_length=1)]
    kind: WargearKind = "wargear"
    count: Count = 1
    points: Points | None = None
    weapons: list[WeaponProfile] = []
    #: Rules text the list gave (a relic or power the catalogue lacks).
    text: str | None = None
    #: In a model's wargear: how many of ``count`` it took through each of its choices (choice id ->
    #: count), where Ost knows it (the form records the choice a pick was made in). Two choices offering
    #: the same item (a Leviathan's arms, a Crisis suit's "Slot 2" and "Support System") then each hold
    #: their own picks. The rest (defaults, picks a list read did not place) are shared out among the
    #: choices as the data says (:func:`ost.core.wargear.choice_taken`). Left out of files when empty.
    taken_in: dict[str, Count] = {}

    omit_empty: ClassVar[frozenset[str]] = frozenset({"taken_in"})


class ModelGroup(_Model, kw_only=True):
    """``count`` identical models of one kind, each carrying ``wargear``.

    ``name`` is the list's own name for these models where it differs from
    their kind's (a roster's "Space Marine w/Eviscerator" of the kind "Space
    Marine"), shown in their place; None: the kind's name.
    """

    kind: Annotated[str, Meta(min_length=1)]
    count: ModelCount = 1
    wargear: list[Carried] = []
    name: Annotated[str, Meta(min_length=1)] | None = None


class Unit(_Model, kw_only=True):
    id: Annotated[str, Meta(min_length=1)]
    datasheet: Annotated[str, Meta(min_length=1)]
    snapshot: UnitSnapshot
    #: Models in the unit, over every kind.
    models: ModelCount
    #: Models of each kind (kind id -> count); empty: the datasheet's default split of ``models``.
    #: When given, ``models`` is its sum (the operations keep both in step).
    composition: dict[str, ModelCount] = {}
    #: Wargear option id -> how many times it is taken.
    options: dict[str, Count] = {}
    #: Options the catalogue lacks, kept as the source priced them.
    extra_options: list[StatedOption] = []
    #: What each model carries, grouped into identical models. Empty: every model carries
    #: its kind's default loadout. When given, the counts per kind equal ``composition``.
    loadout: list[ModelGroup] = []
    #: What the unit takes once: psychic powers, warlord trait, relics, other upgrades.
    upgrades: list[Carried] = []
    #: The catalogue source the unit's datasheet came from ("ost", "bsdata:…"), if known.
    source: str | None = None
    #: The unit's price as the list's author stated it (a roster's cost, a text's ``[N pts]``).
    stated_points: Points | None = None
    #: Id of the unit's assigned transport.
    transport: str | None = None
    #: Id of the unit a linked character joins.
    linked_to: str | None = None
    #: Values of placeholder keywords ("<CHAPITRE>" -> "ULTRAMARINES").
    placeholders: dict[str, str] = {}
    warlord: bool = False
    reserve: bool = False
    #: A name the player gave the unit ("Escouade Titus").
    custom_name: str | None = None
    notes: str = ""

    @property
    def display_name(self) -> str:
        return self.custom_name or self.snapshot.name


class Detachment(_Model, kw_only=True):
    id: Annotated[str, Meta(min_length=1)]
    name: str = ""
    units: list[Unit] = []


class ListOrigin(_Model, kw_only=True):
    """Where a list read from another format came from, for the reading report."""

    #: The format it was read from ("roster", "text", "share", …).
    format: str = ""
    #: The data the author's tool used (a BattleScribe game system or catalogue name) and its revision.
    data: str | None = None
    revision: str | None = None


class ArmyList(_Model, kw_only=True):
    """A ``.ost`` list. ``points_limit`` is the declared game size, if any."""

    schema_version: int = SCHEMA_VERSION
    name: str = ""
    points_limit: Points | None = None
    #: Name of the catalogue the list was built with (informative).
    catalogue: str | None = None
    detachments: list[Detachment] = []
    notes: str = ""
    #: The list's own total as its author's tool stated it, if any.
    stated_total: Points | None = None
    origin: ListOrigin | None = None

    def units(self) -> Iterator[tuple[Detachment, Unit]]:
        for detachment in self.detachments:
            for unit in detachment.units:
                yield detachment, unit

    def unit(self, unit_id: str) -> Unit | None:
        for _, unit in self.units():
            if unit.id == unit_id:
                return unit
        return None

    def detachment(self, detachment_id: str) -> Detachment | None:
        for detachment in self.detachments:
            if detachment.id == detachment_id:
                return detachment
        return None

    def unit_count(self) -> int:
        return sum(len(d.units) for d in self.detachments)


def unit_label(unit: Unit, sheet: Datasheet | None, lang: str) -> str:
    """The unit's name for a reader of ``lang``: the name the player gave it, else its datasheet's.

    ``sheet`` is the unit's datasheet (None when the catalogue lacks it: the name the list saved).
    """
    if unit.custom_name:
        return unit.custom_name
    return sheet.label(lang) if sheet is not None else unit.snapshot.name


def snapshot_of(sheet: Datasheet) -> UnitSnapshot:
    return UnitSnapshot(
        name=sheet.name,
        role=sheet.role,
        points=sheet.points,
        keywords=list(sheet.keywords),
        faction_keywords=list(sheet.faction_keywords),
        min_models=sheet.min_models,
        max_models=sheet.max_models,
        identity=sheet.identity_key,
        points_per_model=sheet.points_per_model,
    )


def resolved_faction_keys(unit: Unit, sheet: Datasheet | None) -> frozenset[str]:
    """The unit's faction keyword keys, placeholders replaced by the unit's values.

    A placeholder the unit gives no value for is left out: it names no faction.
    """
    if sheet is not None:
        base, placeholders = sheet.faction_keys, sheet.faction_placeholders
    else:
        keywords = unit.snapshot.faction_keywords
        base = frozenset(key for k in keywords if (key := faction_key_of(k)) is not None)
        placeholders = tuple(k for k in keywords if is_placeholder(k))
    if not placeholders or not unit.placeholders:
        return base
    values = {keyword_key(k): v for k, v in unit.placeholders.items() if v.strip()}
    filled = {keyword_key(values[key]) for p in placeholders if (key := keyword_key(p)) in values}
    return base | filled if filled else base


def unfilled_placeholders(unit: Unit, sheet: Datasheet | None) -> list[str]:
    if sheet is not None:
        placeholders = sheet.faction_placeholders
    else:
        placeholders = tuple(k for k in unit.snapshot.faction_keywords if is_placeholder(k))
    if not placeholders:
        return []
    values = {keyword_key(k) for k, v in unit.placeholders.items() if v.strip()}
    return [k for k in placeholders if keyword_key(k) not in values]


def unit_composition(unit: Unit, sheet: Datasheet | None) -> dict[str, int]:
    """Models of each kind of ``unit`` (kind id -> count); ``{}`` when the datasheet is unknown."""
    if sheet is None:
        return dict(unit.composition)
    return sheet.composition(unit.models, unit.composition)


def unit_points(unit: Unit, catalogue: Catalogue, *, as_priced: bool = False, wargear_points: int | None = None) -> int:
    """Cost of ``unit``: from its datasheet, or from its snapshot when the catalogue lacks it.

    Options the catalogue lacks add the price the list gave them; chosen
    wargear adds what its models carry beyond their defaults and the unit's
    upgrades (:func:`ost.core.wargear.wargear_points`; ``wargear_points`` when
    the caller has them already). With ``as_priced``, a unit whose list stated
    a price costs that price.
    """
    if as_priced and unit.stated_points is not None:
        return unit.stated_points
    sheet = catalogue.get(unit.datasheet)
    extra = sum(o.points for o in unit.extra_options)
    if sheet is None:
        return unit.snapshot.points + extra
    if wargear_points is not None:
        extra += wargear_points
    elif unit.loadout or unit.upgrades:
        from ost.core.wargear import unit_wargear  # wargear builds on this module

        extra += unit_wargear(unit, sheet, catalogue).points  # remembered per datasheet and contents
    return sheet.cost(unit.models, unit.options, unit.composition) + extra


def total_points(army: ArmyList, catalogue: Catalogue, *, as_priced: bool = False) -> int:
    return sum(unit_points(u, catalogue, as_priced=as_priced) for _, u in army.units())


# --- operations ---------------------------------------------------------------


class ListOperationError(ValueError):
    """An edit that cannot be made (unknown unit or detachment, bad count)."""


class UnitPlace(msgspec.Struct, frozen=True):
    """Where a unit sits: enough to put it back after a removal."""

    detachment_id: str
    index: int


def _new_id(prefix: str, taken: set[str]) -> str:
    for n in itertools.count(1):
        candidate = f"{prefix}{n}"
        if candidate not in taken:
            return candidate
    raise AssertionError("unreachable")


def new_unit_id(army: ArmyList) -> str:
    return _new_id("u", {u.id for _, u in army.units()})


def new_detachment_id(army: ArmyList) -> str:
    return _new_id("d", {d.id for d in army.detachments})


def locate(army: ArmyList, unit_id: str) -> tuple[Detachment, int, Unit]:
    for detachment in army.detachments:
        for index, unit in enumerate(detachment.units):
            if unit.id == unit_id:
                return detachment, index, unit
    raise ListOperationError(f"no unit {unit_id!r} in the list")


def _detachment(army: ArmyList, detachment_id: str) -> Detachment:
    detachment = army.detachment(detachment_id)
    if detachment is None:
        raise ListOperationError(f"no detachment {detachment_id!r} in the list")
    return detachment


def add_detachment(army: ArmyList, name: str = "", index: int | None = None) -> Detachment:
    detachment = Detachment(id=new_detachment_id(army), name=name)
    insert_detachment(army, detachment, len(army.detachments) if index is None else index)
    return detachment


def insert_detachment(army: ArmyList, detachment: Detachment, index: int) -> None:
    if army.detachment(detachment.id) is not None:
        raise ListOperationError(f"detachment {detachment.id!r} already exists")
    army.detachments.insert(index, detachment)


def remove_detachment(army: ArmyList, detachment_id: str) -> tuple[int, Detachment]:
    """Remove an empty detachment; returns its index and itself for undo."""
    detachment = _detachment(army, detachment_id)
    if detachment.units:
        raise ListOperationError("only an empty detachment can be removed")
    index = army.detachments.index(detachment)
    del army.detachments[index]
    return index, detachment


def rename_detachment(army: ArmyList, detachment_id: str, name: str) -> str:
    detachment = _detachment(army, detachment_id)
    old, detachment.name = detachment.name, name
    return old


def make_unit(army: ArmyList, sheet: Datasheet, models: int | None = None) -> Unit:
    """A new unit of ``sheet`` at its minimum size, with an id free in ``army``.

    It takes what the data gives a new unit of the choices it must fill
    (:func:`ost.core.wargear.starting_upgrades`: Smite, a default mark), as
    BattleScribe does; its models carry their defaults. A unit the data makes
    take its "Warlord" selection (Abaddon, Ghazghkull) is the list's warlord
    (:func:`ost.core.wargear.warlord_items`: that selection is the mark).
    """
    from ost.core.wargear import new_unit_start  # wargear builds on this module

    size = min(sheet.min_models, MAX_MODELS) if models is None else models  # harden: a hostile catalogue
    picks, leads = new_unit_start(sheet, size)
    return Unit(
        id=new_unit_id(army),
        datasheet=sheet.id,
        snapshot=snapshot_of(sheet),
        models=size,
        source=sheet.source or None,
        upgrades=picks,
        warlord=leads,
    )


def suggested_placeholders(army: ArmyList, sheet: Datasheet, detachment_id: str) -> dict[str, str]:
    """Values for ``sheet``'s placeholder keywords already used in the detachment, else in the list.

    A player names the chapter once; units added later take the same value.
    """
    wanted = {keyword_key(p): p for p in sheet.faction_placeholders}
    if not wanted:
        return {}
    found: dict[str, str] = {}
    detachment = army.detachment(detachment_id)
    sources = [*(detachment.units if detachment else []), *(u for _, u in army.units())]
    for unit in sources:
        for key, value in unit.placeholders.items():
            name = wanted.get(keyword_key(key))
            if name is not None and value.strip() and name not in found:
                found[name] = value
    return found


def add_unit(
    army: ArmyList,
    sheet: Datasheet,
    detachment_id: str,
    *,
    models: int | None = None,
    index: int | None = None,
) -> Unit:
    unit = make_unit(army, sheet, models)
    detachment = _detachment(army, detachment_id)
    insert_unit(army, detachment_id, len(detachment.units) if index is None else index, unit)
    return unit


def insert_unit(army: ArmyList, detachment_id: str, index: int, unit: Unit) -> None:
    if army.unit(unit.id) is not None:
        raise ListOperationError(f"unit {unit.id!r} already exists")
    _detachment(army, detachment_id).units.insert(index, unit)


class Removal(msgspec.Struct, frozen=True):
    """What :func:`remove_unit` took away, to put it back with :func:`restore_unit`."""

    place: UnitPlace
    unit: Unit
    #: Units that referred to the removed one: (unit id, "transport" | "linked_to").
    cleared: tuple[tuple[str, str], ...]


def remove_unit(army: ArmyList, unit_id: str) -> Removal:
    """Remove a unit and clear the references other units made to it."""
    detachment, index, unit = locate(army, unit_id)
    del detachment.units[index]
    cleared: list[tuple[str, str]] = []
    for _, other in army.units():
        if other.transport == unit_id:
            other.transport = None
            cleared.append((other.id, "transport"))
        if other.linked_to == unit_id:
            other.linked_to = None
            cleared.append((other.id, "linked_to"))
    return Removal(UnitPlace(detachment.id, index), unit, tuple(cleared))


def restore_unit(army: ArmyList, removal: Removal) -> None:
    insert_unit(army, removal.place.detachment_id, removal.place.index, removal.unit)
    for other_id, field in removal.cleared:
        _, _, other = locate(army, other_id)
        setattr(other, field, removal.unit.id)


def move_unit(army: ArmyList, unit_id: str, detachment_id: str, index: int | None = None) -> UnitPlace:
    """Move a unit to another detachment (or place); returns where it was."""
    target = _detachment(army, detachment_id)
    detachment, old_index, unit = locate(army, unit_id)
    del detachment.units[old_index]
    target.units.insert(len(target.units) if index is None else index, unit)
    return UnitPlace(detachment.id, old_index)


class SizeChange(msgspec.Struct, frozen=True):
    """A unit's size before an edit, to undo it."""

    models: int
    composition: dict[str, int]


def set_models(army: ArmyList, unit_id: str, models: int) -> SizeChange:
    """Set a unit's total; its kinds go back to the datasheet's default split. Returns the old size."""
    if models < 0:
        raise ListOperationError("a unit cannot have a negative number of models")
    _, _, unit = locate(army, unit_id)
    old = SizeChange(unit.models, dict(unit.composition))
    unit.models, unit.composition = models, {}
    return old


def set_kind_count(army: ArmyList, unit_id: str, kind_id: str, count: int, catalogue: Catalogue) -> SizeChange:
    """Set how many models of one kind the unit has (the others keep theirs). Returns the old size."""
    if count < 0:
        raise ListOperationError("a unit cannot have a negative number of models")
    _, _, unit = locate(army, unit_id)
    sheet = catalogue.get(unit.datasheet)
    if sheet is None or kind_id not in sheet.kind_map:
        raise ListOperationError(f"no model kind {kind_id!r} in the datasheet of {unit.display_name}")
    old = SizeChange(unit.models, dict(unit.composition))
    counts = sheet.composition(unit.models, unit.composition)
    counts[kind_id] = count
    unit.composition, unit.models = counts, sum(counts.values())
    return old


def restore_size(army: ArmyList, unit_id: str, size: SizeChange) -> SizeChange:
    """Put back a size from :func:`set_models` or :func:`set_kind_count`; returns the size it replaced."""
    _, _, unit = locate(army, unit_id)
    old = SizeChange(unit.models, dict(unit.composition))
    unit.models, unit.composition = size.models, dict(size.composition)
    return old


def set_option(army: ArmyList, unit_id: str, option_id: str, count: int) -> int:
    """Take ``option_id`` ``count`` times (0 removes it); returns the old count."""
    if count < 0:
        raise ListOperationError("an option cannot be taken a negative number of times")
    _, _, unit = locate(army, unit_id)
    old = unit.options.get(option_id, 0)
    if count:
        unit.options[option_id] = count
    else:
        unit.options.pop(option_id, None)
    return old


class WargearChange(msgspec.Struct, frozen=True):
    """A unit's wargear before an edit (its loadout and upgrades, as stored), to undo it."""

    loadout: tuple[ModelGroup, ...]
    upgrades: tuple[Carried, ...]


def _wargear_of(unit: Unit) -> WargearChange:
    return WargearChange(
        tuple(g.model_copy(deep=True) for g in unit.loadout), tuple(c.model_copy(deep=True) for c in unit.upgrades)
    )


def _sheet_of(unit: Unit, catalogue: Catalogue) -> Datasheet:
    sheet = catalogue.get(unit.datasheet)
    if sheet is None:
        raise ListOperationError(f"the catalogue has no datasheet {unit.datasheet!r}")
    return sheet


def choose_wargear(
    army: ArmyList,
    unit_id: str,
    catalogue: Catalogue,
    *,
    group: int,
    models: int,
    choice: str,
    item: str | None,
) -> WargearChange:
    """Models of the unit take ``item`` from the choice ``choice`` (None: nothing from it).

    ``models`` models of the unit's model group ``group`` (an index in its
    effective loadout) make the choice; with ``item`` None they get the
    replaced defaults back. The unit's loadout is stored in full from then
    on. Returns the wargear before, for :func:`restore_wargear`. Limits are
    not enforced here: the check reports them (``WARGEAR-LIMIT``), as for
    every other rule.
    """
    from ost.core.wargear import WargearError, apply_choice, effective_loadout

    _, _, unit = locate(army, unit_id)
    sheet = _sheet_of(unit, catalogue)
    old = _wargear_of(unit)
    try:
        unit.loadout = apply_choice(effective_loadout(unit, sheet), sheet, group, models, choice, item)
    except WargearError as exc:
        raise ListOperationError(str(exc)) from None
    return old


def set_upgrade(army: ArmyList, unit_id: str, catalogue: Catalogue, item: str, count: int) -> WargearChange:
    """The unit takes ``item`` (a power, a trait, a relic, an upgrade) ``count`` times (0: not at all)."""
    from ost.core.wargear import WargearError, set_upgrade_count

    _, _, unit = locate(army, unit_id)
    sheet = _sheet_of(unit, catalogue)
    old = _wargear_of(unit)
    try:
        unit.upgrades = set_upgrade_count(unit.upgrades, sheet, item, count)
    except WargearError as exc:
        raise ListOperationError(str(exc)) from None
    return old


def swap_upgrade(army: ArmyList, unit_id: str, catalogue: Catalogue, item: str) -> WargearChange:
    """The unit takes ``item`` in place of what fills its choice (Khorne's mark for Chaos Undivided).

    See :func:`ost.core.wargear.upgrades_swapping_in`; raises
    :class:`ListOperationError` when no such swap is open.
    """
    from ost.core.wargear import upgrades_swapping_in

    _, _, unit = locate(army, unit_id)
    sheet = _sheet_of(unit, catalogue)
    after = upgrades_swapping_in(unit, sheet, item)
    if after is None:
        raise ListOperationError(f"{sheet.name}: no choice of the unit gives way to {item!r}")
    old = _wargear_of(unit)
    unit.upgrades = after
    return old


def reset_wargear(army: ArmyList, unit_id: str, catalogue: Catalogue | None = None) -> WargearChange:
    """Every model back to its kind's default loadout; returns the wargear before.

    The unit keeps only the upgrades a new unit of its size starts with
    (:func:`ost.core.wargear.new_unit_start`, read in ``catalogue``; none
    without one, or for a datasheet it lacks).
    """
    from ost.core.wargear import new_unit_start

    _, _, unit = locate(army, unit_id)
    old = _wargear_of(unit)
    sheet = catalogue.get(unit.datasheet) if catalogue is not None else None
    unit.loadout = []
    unit.upgrades = new_unit_start(sheet, unit.models)[0] if sheet is not None else []
    return old


def restore_wargear(army: ArmyList, unit_id: str, change: WargearChange) -> WargearChange:
    """Put back the wargear of :func:`choose_wargear`, :func:`set_upgrade` or :func:`reset_wargear`.

    Returns the wargear it replaced (for redo).
    """
    _, _, unit = locate(army, unit_id)
    old = _wargear_of(unit)
    unit.loadout = [g.model_copy(deep=True) for g in change.loadout]
    unit.upgrades = [c.model_copy(deep=True) for c in change.upgrades]
    return old


def assign_transport(army: ArmyList, unit_id: str, transport_id: str | None) -> str | None:
    _, _, unit = locate(army, unit_id)
    if transport_id is not None:
        locate(army, transport_id)
    old, unit.transport = unit.transport, transport_id
    return old


def link_character(army: ArmyList, character_id: str, target_id: str | None) -> str | None:
    _, _, unit = locate(army, character_id)
    if target_id is not None:
        locate(army, target_id)
    old, unit.linked_to = unit.linked_to, target_id
    return old


def set_placeholder(army: ArmyList, unit_id: str, placeholder: str, value: str) -> str | None:
    _, _, unit = locate(army, unit_id)
    old = unit.placeholders.get(placeholder)
    if value:
        unit.placeholders[placeholder] = value
    else:
        unit.placeholders.pop(placeholder, None)
    return old


def set_flag(army: ArmyList, unit_id: str, flag: str, value: bool) -> bool:
    """Set the ``warlord`` or ``reserve`` mark of a unit; returns the old value."""
    if flag not in ("warlord", "reserve"):
        raise ListOperationError(f"unknown flag {flag!r}")
    _, _, unit = locate(army, unit_id)
    old = bool(getattr(unit, flag))
    setattr(unit, flag, value)
    return old


def rename_unit(army: ArmyList, unit_id: str, name: str | None) -> str | None:
    _, _, unit = locate(army, unit_id)
    old, unit.custom_name = unit.custom_name, (name or None)
    return old


def refresh_snapshot(army: ArmyList, unit_id: str, catalogue: Catalogue) -> UnitSnapshot:
    """Update a unit's snapshot from the catalogue; returns the old one."""
    _, _, unit = locate(army, unit_id)
    sheet = catalogue.get(unit.datasheet)
    if sheet is None:
        raise ListOperationError(f"the catalogue has no datasheet {unit.datasheet!r}")
    old, unit.snapshot = unit.snapshot, snapshot_of(sheet)
    return old


def role_of(unit: Unit, catalogue: Catalogue) -> Role:
    sheet = catalogue.get(unit.datasheet)
    return sheet.role if sheet is not None else unit.snapshot.role


#: Each role's rank in the table's order (QG, Troupes, Élite…): how a detachment's units are grouped.
ROLE_RANK: dict[Role, int] = {role: number for number, role in enumerate(Role)}


def group_by_role(army: ArmyList, catalogue: Catalogue) -> None:
    """Put each detachment's units in the table's role order, keeping their order within a role.

    A list read from another program comes in the order its units were added; the window keeps a
    list grouped by role as units are added (QG, Troupes, Élite…), and so does a list read from a file.
    """
    for detachment in army.detachments:
        detachment.units.sort(key=lambda unit: ROLE_RANK[role_of(unit, catalogue)])


def duplicate_unit(army: ArmyList, unit_id: str) -> tuple[UnitPlace, Unit]:
    """A copy of a unit (size, wargear, placeholders, name) with a new id, not yet in the list.

    Returns where it goes (right after the original, in the same detachment)
    and the copy, for :func:`insert_unit`. The copy is not the warlord and
    takes no transport and joins no unit: one warlord per list, one rider
    per transport, and a copied link would break the linked-character limit.
    """
    detachment, index, unit = locate(army, unit_id)
    copy = unit.model_copy(
        deep=True,
        update={"id": new_unit_id(army), "warlord": False, "transport": None, "linked_to": None},
    )
    return UnitPlace(detachment.id, index + 1), copy
