"""What each model carries (``Unit.loadout``) and the upgrades the unit takes once (``Unit.upgrades``)."""

from __future__ import annotations

from xml.etree.ElementTree import Element

import msgspec

from ost.core.armylist import (
    Carried,
    ModelGroup,
)
from ost.core.catalogue import (
    Datasheet,
    WargearItem,
    WargearKind,
    WeaponProfile,
)
from ost.core.text import fold
from ost.core.wargear import offered_to
from ost.formats.bsmodels import (
    Gear,
    UnitModels,
    carries_model,
)
from ost.formats.lists.reading import (
    name_key,
    shorten,
    variant_name,
)
from ost.formats.lists.roster.elements import (
    WARLORD,
    children_of,
    ids_of,
    items_in,
    local_name,
    number_of,
    own_points,
    profiles_of,
    tree_points,
    weapon_of,
)
from ost.formats.lists.roster.files import MAX_DEPTH
from ost.formats.lists.roster.kinds import Candidate
from ost.formats.lists.roster.walk import Walk

_PSYCHIC_WORDS = ("psychic power", "pouvoir psychique", "pouvoirs psychiques", "psychic discipline")
_TRAIT_WORDS = ("warlord trait", "trait de seigneur", "traits de seigneur")
_RELIC_WORDS = ("relic", "relique", "heirloom", "artefact", "artifact")
_TEXT_FIELDS = {"description", "details", "effect", "abilities", "texte", "effet"}
_MAX_TEXT = 2000


class Contents(msgspec.Struct):
    loadout: list[ModelGroup] = msgspec.field(default_factory=list)
    upgrades: list[Carried] = msgspec.field(default_factory=list)


def _gear_kind(element: Element, path: tuple[Element, ...], model: bool) -> WargearKind:
    """What an entry under a unit is, by its profiles and the names of its selection and those above it."""
    if model:
        return "wargear"
    types = {(p.get("typeName") or "").strip().casefold() for p in items_in(element, "profiles", "profile")}
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
    if not children_of(element) or any(True for _ in items_in(element, "profiles", "profile")):
        return False
    return not own_points(element, cumulative)


def _text_of(element: Element) -> str | None:
    """The rules text a roster gives an upgrade (its profile's description, else its rule's)."""
    for profile in items_in(element, "profiles", "profile"):
        if (profile.get("typeName") or "").strip().casefold() in ("weapon", "unit"):
            continue
        for characteristic in items_in(profile, "characteristics", "characteristic"):
            name = (characteristic.get("name") or "").strip().casefold()
            if name in _TEXT_FIELDS or "description" in name:
                text = " ".join((characteristic.text or "").split())
                if text:
                    return shorten(text, _MAX_TEXT)
    for rule in items_in(element, "rules", "rule"):
        for child in rule:
            if local_name(child.tag) == "description":
                text = " ".join((child.text or "").split())
                if text:
                    return shorten(text, _MAX_TEXT)
    return None


def _weapons_under(element: Element, depth: int = 0) -> list[WeaponProfile]:
    """The weapon profiles of a selection and of the selections under it (a drone's carbines)."""
    found: list[WeaponProfile] = []
    for weapon in map(weapon_of, profiles_of(element)[1]):
        if weapon is not None and weapon not in found:
            found.append(weapon)
    if depth < MAX_DEPTH:
        for child in children_of(element):
            found.extend(w for w in _weapons_under(child, depth + 1) if w not in found)
    return found


def _item_of(sheet: Datasheet | None, element: Element, name: str) -> str | None:
    """The catalogue's wargear item an entry is: by BattleScribe id, then by name."""
    # The entry's own ids first (its link, its entry), then the links it was reached through, nearest first.
    item = catalogue_item(sheet, ids_of(element), name) if sheet is not None else None
    return item.id if item is not None else None


def catalogue_item(sheet: Datasheet, ids: list[str], name: str) -> WargearItem | None:
    """The datasheet's wargear item an upgrade is: by BattleScribe id (in the order given), else by name.

    Found whatever its price in the catalogue: an item priced 0 there (its price is in its model's,
    or the roster was made with older data that priced it) is still the catalogue's item, carried
    by the loadout. The loadout and the price check (:mod:`.prices`) both ask here, so an upgrade
    is never both carried and kept as an option the catalogue lacks.
    """
    if not sheet.wargear:
        return None
    by_id = _items_by_id(sheet)
    for bs_id in ids:
        found = by_id.get(bs_id)
        if found is not None:
            return next(i for i in sheet.wargear if i.id == found)
    key = name_key(name)
    for item in sheet.wargear:
        if key in (name_key(item.name), name_key(item.name_en), name_key(item.id)):
            return item
    return None


def _within_item(sheet: Datasheet | None, path: tuple[Element, ...], entries: set[int]) -> bool:
    """Whether an entry lies inside another carried entry that the catalogue knows as one item."""
    return any(
        id(above) in entries and _item_of(sheet, above, " ".join((above.get("name") or "").split())) is not None
        for above in path
    )


def _items_by_id(sheet: Datasheet) -> dict[str, str]:
    """BattleScribe id -> the datasheet's item id (the first item naming it)."""
    table: dict[str, str] = {}
    for item in sheet.wargear:
        for bs_id in item.bs_ids:
            table.setdefault(bs_id, item.id)
    return table


class _Taken(msgspec.Struct):
    """One entry under a model or the unit, as it will be carried."""

    carried: Carried
    #: How many the roster gives in all (over the models of the entry).
    total: int
    points: float
    #: The datasheet's choices the roster says the entry was taken through (``entryGroupId``), innermost
    #: first: the one open to a model's kind is where its pick goes (:func:`_taken_in`).
    choices: tuple[str, ...] = ()


def _taken(sheet: Datasheet | None, items: list[Gear[Element]], walk: Walk) -> list[_Taken]:
    """The entries of ``items`` that are carried (wrappers, a Warlord mark and a drone's own gear left out)."""
    found: list[_Taken] = []
    copies, cumulative = walk.copies, walk.cumulative
    entries = {id(i.entry) for i in items}
    for item in items:
        element = item.entry
        if any(carries_model(walk.view, p) for p in item.path):
            continue  # a drone's gear: on the drone
        name = " ".join((element.get("name") or "").split())
        if not name or fold(name) in WARLORD:
            continue
        item_id = _item_of(sheet, element, name)
        if item_id is None and _is_wrapper(element, cumulative):
            continue
        if _within_item(sheet, item.path, entries):
            continue  # inside an entry the catalogue knows as one item ("Plasma Pistol & Chainsword")
        kind = _gear_kind(element, item.path, item.model)
        weapons = _weapons_under(element) if item.model else _weapons_under(element, MAX_DEPTH)
        total = max(1, round(number_of(element.get("number")) / copies))
        points = (own_points(element, cumulative) or 0.0) / copies
        if item.model:
            points += sum(tree_points(c) for c in children_of(element)) / copies if not cumulative else 0.0
        text = _text_of(element) if kind in ("psychic", "trait", "relic", "wargear", "upgrade") else None
        carried = Carried(
            item=item_id,
            name=shorten(name, 120),
            kind=kind,
            count=total,
            points=max(0, round(points)),
            weapons=weapons,
            text=text,
        )
        found.append(_Taken(carried, total, points, _choices_of(sheet, element, item_id)))
    return found


def _choices_of(sheet: Datasheet | None, element: Element, item_id: str | None) -> tuple[str, ...]:
    """The datasheet's choices offering ``item_id`` that a roster selection says it was taken through.

    BattleScribe writes on each selection the group it was taken in (``entryGroupId``): the ids of the
    entries and groups leading to it, joined by ``::``, the group's own last (the unit's link first). A
    choice imported from the data keeps its group's ids (:attr:`WargearGroup.bs_ids`, the group's and
    its link's). The innermost of those ids that names a choice offering the item gives it; an id that
    names none (data of another revision, a group Ost folds into another) is passed over for the one
    enclosing it. Several choices may share the ids (one per set of model kinds it was read for): all
    are given, the kind picks among them. Nothing when the roster does not say or no choice offers it.
    """
    path = (element.get("entryGroupId") or "").strip()
    if sheet is None or item_id is None or not path:
        return ()
    for bs_id in reversed([p.strip() for p in path.split("::") if p.strip()]):
        found = tuple(g.id for g in sheet.choices if bs_id in g.bs_ids and item_id in g.items)
        if found:
            return found
    return ()


def _taken_in(sheet: Datasheet | None, taken: _Taken, kind: str, count: int) -> dict[str, int]:
    """``count`` picks of a model of ``kind`` placed in the choice of ``taken.choices`` its kind makes."""
    if sheet is None or not taken.choices:
        return {}
    choice_map = sheet.choice_map
    choice = next((c for c in taken.choices if kind in choice_map[c].kinds), None)
    return {choice: count} if choice is not None else {}


def _carry(carried: list[Carried], item: Carried) -> None:
    """Add ``item`` to what a model carries; the same thing entered twice (two Dreadfists) is counted."""
    for known in carried:
        if known.name == item.name and known.kind == item.kind and known.item == item.item:
            known.count += item.count
            known.points = (known.points or 0) + (item.points or 0)
            for choice, n in item.taken_in.items():  # the same weapon taken through two choices: both said
                known.taken_in[choice] = known.taken_in.get(choice, 0) + n
            return
    carried.append(item)


def _the_units(sheet: Datasheet | None, carried: Carried, kinds: list[str]) -> bool:
    """Whether the catalogue offers ``carried`` as a choice the unit makes, and not to these models.

    A roster writes a character's Mark of Chaos or prayer under his model; the
    datasheet offers it as the unit's (once) choice: it is one of the unit's upgrades.
    """
    if sheet is None or carried.item is None:
        return False
    if any(carried.item in offered_to(sheet, kind) for kind in set(kinds)):
        return False
    return any(not group.kinds and carried.item in group.items for group in sheet.choices)


def contents_of(
    sheet: Datasheet | None,
    split: UnitModels[Element],
    candidates: list[Candidate],
    placed: list[list[tuple[str, int]]],
    walk: Walk,
) -> Contents:
    """Each model's wargear (models grouped into identical ones) and the unit's once-taken upgrades."""
    found = Contents()
    groups: dict[tuple[str, str | None, tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...]], ModelGroup] = {}
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
            if taken.carried.kind in ("psychic", "trait", "relic") or _the_units(sheet, taken.carried, kinds):
                found.upgrades.append(taken.carried)
                continue
            if models == 0:
                continue
            base, extra = divmod(taken.total, models)
            for i in range(models):
                count = base + (1 if i < extra else 0)
                if count:
                    share = taken.points * count / max(1, taken.total)
                    update = {
                        "count": count,
                        "points": round(share),
                        "taken_in": _taken_in(sheet, taken, kinds[i], count),
                    }
                    _carry(per_model[i], taken.carried.model_copy(update=update))
        known = sheet.kind_map if sheet is not None else {}
        for i, kind in enumerate(kinds):
            model_kind = known.get(kind)
            name = variant_name(model_kind, candidate.name) if model_kind is not None and candidate.name else None
            # In any order: two selections of 4 Blightlord Terminators, one writing its Combi-bolter before its
            # Bubotic Axe, are 8 alike.
            gear = sorted((c.name, c.count, tuple(sorted(c.taken_in.items()))) for c in per_model[i])
            key = (kind, name, tuple(gear))
            group = groups.get(key)
            if group is None:
                groups[key] = ModelGroup(kind=kind, count=1, wargear=per_model[i], name=name)
            else:
                group.count += 1
    found.loadout = list(groups.values())
    for taken in _taken(sheet, split.unit_gear, walk):
        carried = taken.carried
        if _swap_for_all(sheet, found.loadout, carried):
            continue
        if carried.kind == "wargear":
            carried = carried.model_copy(update={"kind": "upgrade"})
        found.upgrades.append(carried)
    return found


def _swap_for_all(sheet: Datasheet | None, loadout: list[ModelGroup], carried: Carried) -> bool:
    """Give ``carried`` to every model offered it, when the roster took it once for the whole unit.

    Older data (and some rosters) write a unit-wide swap as one selection on
    the unit ("Tesla Carbine", 1, 10 pts: the five Immortals all take it)
    where the catalogue offers the item to each model, replacing its
    default, in choices bounded per model. Taken once, or once per model
    offered it, it goes to each of those models in place of what its choice
    group replaces. Otherwise (a choice bounded over the unit, models that
    already carry it, any other count) it stays one of the unit's upgrades.
    Returns whether it was given.
    """
    if sheet is None or carried.item is None or carried.kind in ("psychic", "trait", "relic"):
        return False
    offering = [group for group in sheet.choices if carried.item in group.items]
    if not offering or any(not group.kinds or group.limit.per != "model" for group in offering):
        return False  # the unit's own choice, or one bounded over the unit ("one in the unit"): an upgrade
    if any(c.item == carried.item for group in loadout for c in group.wargear):
        return False  # models carry it already: the unit's entry is something else (a squad-wide mark)
    takers = [group for group in loadout if carried.item in offered_to(sheet, group.kind)]
    models = sum(group.count for group in takers)
    if not takers or carried.count not in (1, models):
        return False
    replaced = {item_id for choice in sheet.choices if carried.item in choice.items for item_id in choice.replaces}
    each = None if carried.points is None else round(carried.points / models)  # a model's share of the price
    for group in takers:
        group.wargear = [c for c in group.wargear if c.item is None or c.item not in replaced]
        _carry(group.wargear, carried.model_copy(update={"count": 1, "points": each}))
    return True
