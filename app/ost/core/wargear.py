"""Wargear as players choose it: what each model carries, the choices' limits, what a card prints.

A datasheet offers wargear items (:class:`~ost.core.catalogue.WargearItem`) and
choice groups (:class:`~ost.core.catalogue.WargearGroup`); each model kind has a
default loadout. A unit records what its models carry in ``Unit.loadout``
(identical models grouped) and what it takes once in ``Unit.upgrades``. This
module answers, without side effects:

- :func:`effective_loadout`: what the unit's models carry: its ``loadout`` when
  given, else each kind's default loadout × the composition. A loadout that no
  longer matches the composition (the unit grew or shrank) is reconciled:
  models added carry their kind's defaults, models removed go from the groups
  that carry the defaults first;
- :func:`apply_choice` / :func:`set_upgrade_count`: the new loadout after a
  choice (the edits themselves, with undo, are operations in
  :mod:`ost.core.armylist`);
- :func:`carried_weapons`: each weapon profile the unit carries once, with how
  many carry it ("2× lance-flammes"), replaced weapons gone;
- :func:`carried_points` (per model of a kind) and :func:`wargear_points` (the
  unit): the price of what is carried beyond each kind's defaults;
- :func:`wargear_problems` / :func:`wargear_findings`: every group's and item's
  limit (per model or per unit, ``every`` N models, nested groups), and items a
  model kind is not offered, as ``WARGEAR-LIMIT`` findings;
- :func:`choice_problems` / :func:`upgrade_problems`: what a choice would break,
  in words (the window greys it with these reasons); :func:`chosen_by_kind`:
  what each kind took beyond its defaults (the list's wargear column).

Older catalogues price wargear as counters (``Datasheet.options``, a
:class:`~ost.core.catalogue.WargearOption` each). Both paths are kept: the
counters in ``Unit.options`` are priced by ``Datasheet.cost`` and checked by the
validator's ``UNIT-OPTION`` as before, and a datasheet with options but no
``choices`` offers each option through the new shape too
(:func:`~ost.core.catalogue.legacy_wargear`: an item and a one-item group the
unit makes, in ``Unit.upgrades``), so the window and the checks need one shape.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Literal

import msgspec

from ost.core.armylist import ArmyList, Carried, ModelGroup, Unit, unit_composition, unit_label
from ost.core.catalogue import Catalogue, Datasheet, WargearGroup, WargearItem, WargearLimit, WeaponProfile
from ost.core.findings import Code, Finding, finding
from ost.core.i18n import Bilingual
from ost.core.subfactions import word_key
from ost.core.text import counted, fold

# --- loadouts -------------------------------------------------------------------------------------


def _carried(sheet: Datasheet, item_id: str, count: int) -> Carried:
    item = sheet.wargear_map.get(item_id)
    if item is None:
        return Carried(item=item_id, name=item_id, count=count)
    return Carried(item=item.id, name=item.name, kind=item.kind, count=count)


def default_wargear(sheet: Datasheet, kind_id: str) -> list[Carried]:
    """What one model of ``kind_id`` carries by default (its kind's ``loadout``)."""
    kind = sheet.kind_map.get(kind_id)
    if kind is None:
        return []
    return [_carried(sheet, item_id, count) for item_id, count in kind.loadout.items() if count > 0]


def default_loadout(sheet: Datasheet, composition: Mapping[str, int]) -> list[ModelGroup]:
    """Every model with its kind's default loadout: one group per kind present."""
    return [
        ModelGroup(kind=kind.id, count=composition.get(kind.id, 0), wargear=default_wargear(sheet, kind.id))
        for kind in sheet.kinds
        if composition.get(kind.id, 0) > 0
    ]


#: What tells two models' wargear apart: each entry as (is a catalogue item, its id or "", its name, its count,
#: the choices it was taken in).
WargearKey = tuple[tuple[bool, str, str, int, tuple[tuple[str, int], ...]], ...]


def _key(wargear: Iterable[Carried]) -> WargearKey:
    """What tells two models' wargear apart (order and zero counts aside).

    An entry the catalogue lacks has no item id: it sorts by its name among the others (a None beside an
    id cannot be compared: a roster's Chainaxe kept by name beside a Combi-bolter of the catalogue). Two
    models holding the same items through different choices (``Carried.taken_in``) made different choices.
    """
    return tuple(
        sorted(
            (c.item is not None, c.item or "", c.name, c.count, tuple(sorted(c.taken_in.items())))
            for c in wargear
            if c.count > 0
        )
    )


def _ordered(sheet: Datasheet, kind_id: str, wargear: Iterable[Carried]) -> list[Carried]:
    """``wargear`` in one order: the kind's defaults as its loadout lists them, then the datasheet's items."""
    kind = sheet.kind_map.get(kind_id)
    first = {item_id: i for i, item_id in enumerate(kind.loadout)} if kind is not None else {}
    known = {item.id: i for i, item in enumerate(sheet.offered[0])}
    return sorted(
        (c for c in wargear if c.count > 0),
        key=lambda c: (first.get(c.item or "", len(first) + known.get(c.item or "", len(known))), c.name),
    )


def merged(groups: Iterable[ModelGroup], sheet: Datasheet | None = None) -> list[ModelGroup]:
    """``groups`` with identical models (same kind, same wargear) in one group, empty groups gone.

    The first group of each kind of model keeps its place, so a loadout reads
    in the order the player built it; with ``sheet``, each model's wargear is
    listed in one order (its defaults first), so equal loadouts compare equal.
    """
    out: list[ModelGroup] = []
    index: dict[tuple[str, WargearKey], int] = {}
    for group in groups:
        if group.count <= 0:
            continue
        key = (group.kind, _key(group.wargear))
        at = index.get(key)
        if at is None:
            index[key] = len(out)
            wargear = [c for c in group.wargear if c.count > 0]
            if sheet is not None:
                wargear = _ordered(sheet, group.kind, wargear)
            out.append(ModelGroup(kind=group.kind, count=group.count, wargear=wargear, name=group.name))
        else:
            # Identical models the list named apart keep a name only where they all share it.
            name = out[at].name if out[at].name == group.name else None
            out[at] = out[at].model_copy(update={"count": out[at].count + group.count, "name": name})
    return out


def effective_loadout(unit: Unit, sheet: Datasheet) -> list[ModelGroup]:
    """What each model of ``unit`` carries, grouped, its counts per kind equal to the composition.

    The groups returned may be the unit's own: read them, never change them.

    An empty ``unit.loadout`` means every model carries its kind's defaults.
    Otherwise the unit's groups are kept, reconciled with its composition:
    models it lacks carry their defaults; models beyond the composition are
    taken from the groups that carry the defaults first, then from the last.
    """
    composition = unit_composition(unit, sheet)
    if not unit.loadout:
        return default_loadout(sheet, composition)
    stored: dict[str, int] = {}
    for group in unit.loadout:
        stored[group.kind] = stored.get(group.kind, 0) + group.count
    if all(stored.get(k, 0) == n for k, n in composition.items()) and set(stored) <= set(composition):
        return [g for g in unit.loadout if g.count > 0]  # as stored: callers must not change these groups
    groups = [g.model_copy() for g in unit.loadout if g.count > 0]
    for kind in sheet.kinds:
        wanted = composition.get(kind.id, 0)
        mine = [g for g in groups if g.kind == kind.id]
        have = sum(g.count for g in mine)
        if have < wanted:
            groups.append(ModelGroup(kind=kind.id, count=wanted - have, wargear=default_wargear(sheet, kind.id)))
        elif have > wanted:
            extra = have - wanted
            defaults = _key(default_wargear(sheet, kind.id))
            order = sorted(mine, key=lambda g: (_key(g.wargear) != defaults, -groups.index(g)))
            for group in order:
                take = min(extra, group.count)
                group.count -= take
                extra -= take
                if not extra:
                    break
    return merged(groups, sheet)


def _members(sheet: Datasheet) -> dict[str, frozenset[str]]:
    """Each group's items, the items of the groups nested in it (``within``) included."""
    return sheet.choice_members


def group_items(sheet: Datasheet, group_id: str) -> frozenset[str]:
    """The items a group counts: its own and those of the groups nested in it."""
    return _members(sheet).get(group_id, frozenset())


def offered_to(sheet: Datasheet, kind_id: str) -> frozenset[str]:
    """Item ids a model of ``kind_id`` may carry: its defaults and every item of a group its kind makes."""
    return sheet.kind_offers.get(kind_id, frozenset())


def taken_here(
    sheet: Datasheet, group: WargearGroup, kind_id: str, wargear: Iterable[Carried], items: frozenset[str] | None = None
) -> dict[str, int]:
    """What a model of ``kind_id`` carrying ``wargear`` took in ``group``: item id -> count.

    Each of the group's items (its members, or ``items``) the model carries,
    less the defaults it carries for something else: another choice's
    default, a weapon it always carries (see :attr:`WargearGroup.fills`). A
    Deff Dread carrying its two default big shootas took none on its arm 1,
    which offers one.
    """
    counted = items if items is not None else sheet.choice_members.get(group.id, frozenset(group.items))
    kind = sheet.kind_map.get(kind_id)
    defaults = kind.loadout if kind is not None else {}
    fills = sheet.choice_fills.get(group.id)
    held = {item_id: n for item_id, n in _held(wargear).items() if item_id in counted}
    if fills is None:
        return held  # not known (older data): all of it, as before
    out: dict[str, int] = {}
    for item_id, count in held.items():
        spare = count - max(0, defaults.get(item_id, 0) - fills.get(item_id, 0))
        if spare > 0:
            out[item_id] = spare
    return out


def choice_taken(sheet: Datasheet, group: WargearGroup, kind_id: str, wargear: Iterable[Carried]) -> dict[str, int]:
    """What a model of ``kind_id`` carrying ``wargear`` chose in ``group``, item id -> count (the form shows it).

    :func:`taken_here`, restricted to the group's own items; but when other
    choices of the model offer the same items (a Deff Dread's four arms), the
    model's picks are shared out among the choices it made, by name
    (see :func:`_choice_state`). A rokkit taken on arm 1 is
    then no pick of arm 3, which offers one too but still holds its big shoota.
    """
    return _choice_state(sheet, group, kind_id, wargear)[1]


def _choice_state(
    sheet: Datasheet, group: WargearGroup, kind_id: str, wargear: Iterable[Carried]
) -> tuple[bool, dict[str, int]]:
    """Whether a model made ``group`` (gave up the default it replaces, or it replaces none), and what it took there.

    A choice that replaces a default was made when the model carries fewer of
    that default than its kind does, each default given up making one choice
    (the first, by name, among the model's choices that share items with
    this one: see :func:`_pool`; first one that offers a pick of the model's).
    Its picks go to the choices so made before those that replace nothing.
    """
    kind = sheet.kind_map.get(kind_id)
    defaults = kind.loadout if kind is not None else {}
    wargear = list(wargear)
    held = _held(wargear)
    pool = _pool(sheet, group)
    made = _made_by(defaults, held, pool)
    if len(pool) == 1 or any(g.fills is None for g in pool):
        took = taken_here(sheet, group, kind_id, wargear, frozenset(group.items))
        return made(group), _less_taken_elsewhere(took, wargear, group.id)
    # Each item's picks: what is carried beyond the kind's defaults, plus the defaults the choices fill themselves.
    picks: dict[str, int] = {}
    for item_id in {i for g in pool for i in g.items}:
        own = sum((g.fills or {}).get(item_id, 0) for g in pool if item_id in g.items)
        spare = held.get(item_id, 0) - max(0, defaults.get(item_id, 0) - own)
        if spare > 0:
            picks[item_id] = spare
    # Picks the model made in a known choice (the form records it) are that choice's, before any sharing out;
    # one made in a choice outside this pool that offers the item too (a variant) is no pick of the pool's.
    placed: dict[str, dict[str, int]] = {}
    in_pool = {g.id for g in pool}
    for entry in wargear:
        for choice_id, count in entry.taken_in.items():
            item_id = entry.item or ""
            other = sheet.choice_map.get(choice_id)
            take = min(count, picks.get(item_id, 0))
            if other is None or item_id not in other.items or take <= 0:
                continue
            picks[item_id] -= take
            if choice_id in in_pool:
                mine = placed.setdefault(choice_id, {})
                mine[item_id] = mine.get(item_id, 0) + take

    def took_in(choice: WargearGroup) -> dict[str, int]:
        took = placed.pop(choice.id, {})
        room = choice.limit.max if choice.limit.per == "model" and choice.limit.max is not None else None
        for item_id in choice.items:
            left = picks.get(item_id, 0) if room is None else min(picks.get(item_id, 0), room - sum(took.values()))
            if left > 0:
                took[item_id] = took.get(item_id, 0) + left
                picks[item_id] -= left
        return took

    def unmade(choice: WargearGroup) -> dict[str, int]:
        for item_id, count in placed.pop(choice.id, {}).items():  # a choice not made holds nothing: back to share
            picks[item_id] = picks.get(item_id, 0) + count
        return {}

    # A default given up makes first a choice replacing it that the model took a pick in (the form says which,
    # else one that offers one of the model's picks: a Kratos' heavy flamers, offered by its "Weapon Option 2"
    # alone, make that one, not "Weapon Option 1"); then the other choices replacing it; picks go to the
    # choices so made, then to those that replace nothing and offer them too (a Canoness' condemnor boltgun in
    # place of her pistol is her "Plasma Pistol" choice, not her "Legends Options"), each in name order. Else
    # the choice made would show nothing, and its "nothing" would give the default back beside the pick.
    state: dict[str, tuple[bool, dict[str, int]]] = {}
    replacing = [g for g in pool if g.replaces]
    for choice in replacing:
        if choice.id in placed and made(choice):
            state[choice.id] = (True, took_in(choice))
    for choice in replacing:
        if choice.id not in state and any(picks.get(i, 0) > 0 for i in choice.items) and made(choice):
            state[choice.id] = (True, took_in(choice))
    for choice in replacing:
        if choice.id not in state:
            done = made(choice)
            state[choice.id] = (done, took_in(choice) if done else unmade(choice))
    for choice in pool:
        if not choice.replaces:
            state[choice.id] = (True, took_in(choice))
    return state.get(group.id, (False, {}))


def _less_taken_elsewhere(took: dict[str, int], wargear: Iterable[Carried], choice_id: str) -> dict[str, int]:
    """``took`` less the picks the model made in another of its choices (``Carried.taken_in``).

    Where the data does not link the choices (one offers the other's items without a pool of its own:
    a Relic Terminator's "Weapon Options" and his heavy weapon variant) or does not say what each
    fills, a choice counts every item of its own the model carries; a pick made in another is not one
    of its picks all the same.
    """
    elsewhere: dict[str, int] = {}
    for entry in wargear:
        if entry.item is not None and entry.item in took:
            others = sum(n for other, n in entry.taken_in.items() if other != choice_id)
            elsewhere[entry.item] = elsewhere.get(entry.item, 0) + others
    if not any(elsewhere.values()):
        return took
    return {i: n - elsewhere.get(i, 0) for i, n in took.items() if n - elsewhere.get(i, 0) > 0}


def _held(wargear: Iterable[Carried]) -> dict[str, int]:
    """How many of each item a model carrying ``wargear`` holds: item id -> count (entries of one item added)."""
    held: dict[str, int] = {}
    for entry in wargear:
        if entry.item is not None and entry.count > 0:
            held[entry.item] = held.get(entry.item, 0) + entry.count
    return held


def _made_by(
    defaults: Mapping[str, int], held: Mapping[str, int], choices: Iterable[WargearGroup]
) -> Callable[[WargearGroup], bool]:
    """A test of whether a model holding ``held`` made a choice among ``choices`` (each asked once, in turn).

    One that replaces nothing is always made; one that replaces a default is
    made while a default it replaces is given up (the model carries fewer than
    its kind does), each default given up making one choice: the first asked.
    """
    given_up = {r: max(0, defaults.get(r, 0) - held.get(r, 0)) for g in choices for r in g.replaces}

    def made(choice: WargearGroup) -> bool:
        for r in choice.replaces:
            if given_up.get(r, 0) > 0:
                given_up[r] -= 1
                return True
        return not choice.replaces

    return made


def _pool(sheet: Datasheet, group: WargearGroup) -> list[WargearGroup]:
    """``group`` and every per-model choice linked to it by shared items (:attr:`Datasheet.choice_pools`).

    In the order of their names ("Arm 1" … "Arm 4", whatever order the data lists them in), then the
    datasheet's: a pick that either of two choices may hold goes to the first a player reads.
    """
    pools = sheet.choice_pools
    found = {group.id}
    todo = [group.id]
    while todo:
        for other in pools.get(todo.pop(), ()):
            if other.id not in found:
                found.add(other.id)
                todo.append(other.id)
    return sorted((g for g in sheet.choice_map.values() if g.id in found), key=lambda g: fold(g.name))


class WargearError(ValueError):
    """A choice that cannot be applied (unknown group, item, kind or models)."""


def apply_choice(
    loadout: list[ModelGroup],
    sheet: Datasheet,
    index: int,
    models: int,
    group_id: str,
    item_id: str | None,
) -> list[ModelGroup]:
    """``loadout`` after ``models`` models of its group ``index`` make the choice ``group_id``.

    Those models give up what they took from that group before and the items
    the group ``replaces``, and take ``item_id`` (``None``: they take nothing
    from the group and get the replaced defaults back). The other models keep
    what they carry. The loadout is returned merged, ``loadout`` untouched.
    Raises :class:`WargearError` for a group, item or model group that does
    not exist; limits are the check's business (a player may pass through an
    illegal state while editing).
    """
    group = sheet.choice_map.get(group_id)
    if group is None or not group.kinds:
        raise WargearError(f"no per-model choice {group_id!r} on {sheet.name}")
    if item_id is not None and item_id not in group.items:
        raise WargearError(f"the choice {group_id!r} of {sheet.name} offers no item {item_id!r}")
    if not 0 <= index < len(loadout):
        raise WargearError(f"no model group {index} in the loadout")
    source = loadout[index]
    if source.kind not in group.kinds:
        raise WargearError(f"the choice {group_id!r} is not open to the models of kind {source.kind!r}")
    if not 0 < models <= source.count:
        raise WargearError(f"{models} models asked of a group of {source.count}")
    defaults = sheet.kind_map[source.kind].loadout
    made, took = _choice_state(sheet, group, source.kind, source.wargear)
    keeps_default = not made  # models that still hold the default this choice replaces give it up now
    kept: list[Carried] = []
    for entry in source.wargear:
        count, taken_in = entry.count, entry.taken_in
        if entry.item is not None and entry.item in took:
            gone = took.pop(entry.item)  # what they took here before; defaults carried for another reason stay
            count -= gone
            taken_in = _less(taken_in, group.id, gone)
        elif entry.item is not None and entry.item in group.replaces and (keeps_default or group.fills is None):
            count -= (group.fills or {}).get(entry.item, count)  # the group's own default (older data: all of it)
        if count > 0:
            kept.append(entry.model_copy(update={"count": count, "taken_in": _within(taken_in, count)}))
    adds: list[tuple[str, int]] = []
    if item_id is None:
        for r in group.replaces:  # the replaced defaults come back, as many as the group gave up
            have = sum(c.count for c in kept if c.item == r)
            adds.append((r, min((group.fills or {}).get(r, defaults.get(r, 0)), defaults.get(r, 0) - have)))
    else:
        adds.append((item_id, 1))
    for add_id, count in adds:
        if count <= 0:
            continue
        # The pick is this choice's, whichever other choice offers the same item (a Leviathan's two arms).
        taken_in = {group.id: count} if add_id == item_id else {}
        at = next((i for i, c in enumerate(kept) if c.item == add_id), None)
        if at is None:
            kept.append(_carried(sheet, add_id, count).model_copy(update={"taken_in": taken_in}))
        else:
            mine = dict(kept[at].taken_in)
            for choice_id, n in taken_in.items():
                mine[choice_id] = mine.get(choice_id, 0) + n
            kept[at] = kept[at].model_copy(update={"count": kept[at].count + count, "taken_in": mine})
    changed = ModelGroup(kind=source.kind, count=models, wargear=kept)
    rest = source.model_copy(update={"count": source.count - models})
    groups = list(loadout)
    groups[index : index + 1] = [rest, changed]
    return merged(groups, sheet)


def _less(taken_in: dict[str, int], choice_id: str, count: int) -> dict[str, int]:
    """``taken_in`` with ``count`` fewer picks made in ``choice_id`` (none left: the choice is gone from it)."""
    if choice_id not in taken_in:
        return taken_in
    out = dict(taken_in)
    out[choice_id] -= count
    if out[choice_id] <= 0:
        del out[choice_id]
    return out


def _within(taken_in: dict[str, int], count: int) -> dict[str, int]:
    """``taken_in`` for an entry now of ``count``: no more picks placed than it holds (the last choices cut)."""
    if sum(taken_in.values()) <= count:
        return taken_in
    out: dict[str, int] = {}
    for choice_id, n in taken_in.items():
        n = min(n, count - sum(out.values()))
        if n > 0:
            out[choice_id] = n
    return out


def set_upgrade_count(upgrades: list[Carried], sheet: Datasheet, item_id: str, count: int) -> list[Carried]:
    """``upgrades`` with the unit taking ``item_id`` ``count`` times (0 removes it); ``upgrades`` untouched."""
    if count < 0:
        raise WargearError("an upgrade cannot be taken a negative number of times")
    if item_id not in sheet.wargear_map:
        raise WargearError(f"{sheet.name} offers no item {item_id!r}")
    out = [c.model_copy() for c in upgrades if c.item != item_id]
    if count:
        at = next((i for i, c in enumerate(upgrades) if c.item == item_id), len(out))
        out.insert(min(at, len(out)), _carried(sheet, item_id, count))
    return out


def _depth(sheet: Datasheet, group: WargearGroup) -> int:
    """How many groups enclose ``group`` (``within``), cycles cut."""
    depth, seen, parent = 0, {group.id}, group.within
    while parent is not None and parent in sheet.choice_map and parent not in seen:
        depth += 1
        seen.add(parent)
        parent = sheet.choice_map[parent].within
    return depth


def mark_alternatives(sheet: Datasheet, item_id: str) -> list[str]:
    """The items of ``sheet`` other than the warlord mark that open a choice offering ``item_id``.

    A choice open only with one of its :attr:`~ost.core.catalogue.WargearGroup.needs` may be opened by
    the data's "Warlord" selection or by another entry of the unit: a stratagem (Death Guard's
    "Plaguechosen") that gives a character who is not the warlord a warlord trait.
    """
    marks = warlord_items(sheet)
    members = sheet.choice_members
    found: dict[str, None] = {}
    for group in sheet.choice_map.values():
        if group.needs and item_id in members.get(group.id, frozenset()):
            found.update((i, None) for i in group.needs if i in sheet.wargear_map and i not in marks)
    return list(found)


def opened_without_mark(unit: Unit, sheet: Datasheet, item_id: str) -> bool:
    """Whether ``unit`` holds one of the :func:`mark_alternatives` of ``item_id`` (it needs no warlord mark)."""
    held = {c.item for c in unit.upgrades if c.item is not None and c.count > 0}
    return bool(held) and not held.isdisjoint(mark_alternatives(sheet, item_id))


def _needs_met(unit: Unit, sheet: Datasheet, group: WargearGroup, taken: dict[str, int]) -> bool:
    """Whether ``unit`` takes one of what ``group`` needs (:attr:`~ost.core.catalogue.WargearGroup.needs`).

    A need the datasheet holds no item for is a "Warlord" selection of the data Ost keeps no item of (a
    Necron Lord's): the list's warlord mark stands for it, as it does for the items of :func:`warlord_items`
    (``taken`` holds those when the unit is the warlord) and as the form's reason says ("for the warlord").
    """
    if any(taken.get(i) for i in group.needs):
        return True
    return unit.warlord and any(i not in sheet.wargear_map for i in group.needs)


def _value_keys(name: str) -> set[str]:
    """The :func:`word_key` forms a sub-faction value is named by: whole, and each side of a colon.

    The data writes some values with their kind ("Order: Argent Shroud") and some with their rule
    ("Alaitoc: Fieldcraft"); a unit's placeholder value is the name alone.
    """
    head, _, tail = name.partition(":")
    return {k for k in (word_key(name), word_key(head), word_key(tail)) if k}


def stated_subfactions(unit: Unit, sheet: Datasheet) -> set[str]:
    """What ``unit`` says its sub-faction is (:func:`word_key` forms): the values of its datasheet's placeholders.

    Its faction keywords say none: a Sororitas unit's ADEPTUS MINISTORUM is every such unit's keyword, though the
    data's order choice has a value of that name.
    """
    values = (unit.placeholders.get(p, "") for p in sheet.faction_placeholders)
    return {word_key(v) for v in values if v.strip()} - {""}


def subfaction_closed(unit: Unit, sheet: Datasheet, group: WargearGroup) -> bool:
    """Whether ``group`` is closed to ``unit`` by its sub-faction (:attr:`WargearGroup.subfactions`).

    The data shows a chapter's own relics and traits only in a force whose chapter choice is that chapter
    (not one of its successors). Ost's lists record no force choice: a unit says its sub-faction by the
    value of its placeholder keyword (``<ORDER>`` → BLOODY ROSE, typed in its form or filled from a roster's
    configuration). A unit that names one of the choice's rivals, and none of its own values, is another
    sub-faction's; one that names none (most imported datasheets have no such placeholder) may be any, as
    the list does not say: it is offered what any force of its catalogue may take.
    """
    if not group.subfactions:
        return False
    stated = stated_subfactions(unit, sheet)
    if not stated:
        return False
    opening = {k for name in group.subfactions for k in _value_keys(name)}
    if stated & opening:
        return False
    return any(stated & _value_keys(name) for name in group.subfaction_rivals)


def warlord_items(sheet: Datasheet) -> set[str]:
    """The ids of ``sheet``'s items that are the data's "Warlord" selection: the list's warlord mark stands for them.

    A roster that takes one reads as the unit's warlord mark (``Unit.warlord``); a unit holds none among
    its upgrades, and its mark counts as one taken wherever the data's limits count them (a character
    who must lead the army).
    """
    return {item.id for item in sheet.wargear if fold(item.name) == "warlord"}


def without_warlord(picks: list[Carried], sheet: Datasheet) -> tuple[list[Carried], bool]:
    """``picks`` less the data's "Warlord" selection, and whether it was among them (the unit is then the warlord)."""
    marks = warlord_items(sheet)
    kept = [pick for pick in picks if pick.item not in marks]
    return kept, len(kept) != len(picks)


def new_unit_start(sheet: Datasheet, models: int) -> tuple[list[Carried], bool]:
    """What a new unit of ``models`` models takes once, and whether it holds the warlord mark.

    Its :func:`starting_upgrades`, the data's "Warlord" selection taken out
    (:func:`without_warlord`: a unit that must lead holds the mark). One
    answer for making a unit, for "Default wargear" and for the form telling
    whether a unit is as it started.
    """
    return without_warlord(starting_upgrades(sheet, models), sheet)


def warlord_upgrade_as_mark(unit: Unit, sheet: Datasheet) -> bool:
    """A unit holding the data's "Warlord" selection among its upgrades holds the warlord mark instead.

    Ost wrote it so for a while (Abaddon, Ghazghkull: lists and share codes of
    versions 4 and 5): read as it was written, such a unit held a selection the
    form no longer shows, and was no warlord for the checks, the sheet and the
    cards. True when the unit held it (it is the warlord now).
    """
    held = [c for c in unit.upgrades if c.count > 0]
    kept, leads = without_warlord(held, sheet)
    if leads:
        unit.upgrades = [c for c in unit.upgrades if c.count <= 0 or c in kept]
        unit.warlord = True
    return leads


def unit_wide_pick(sheet: Datasheet, item: str) -> bool:
    """Whether a choice offering ``item`` to models of ``sheet`` bounds it over a unit of several models.

    Such a pick is the unit's own, held among its upgrades (the Eliminators' "Unit Weapon Options" Las
    Fusil, a Paladin Squad's Sanctic Powers): the list means it, and reading the list again must not move
    it onto a model nor fold it into a model's own pick of the same item. A choice bounded "per unit"
    for a lone model (a Captain's Chapter Master) bounds that model: not such a pick.
    """
    kinds = sheet.kind_map
    return any(
        item in group.items
        and group.kinds
        and group.limit.per == "unit"
        and sum(kinds[k].max for k in group.kinds if k in kinds) > 1
        for group in sheet.choices
    )


def upgrades_onto_models(unit: Unit, sheet: Datasheet) -> list[Carried]:
    """The unit's upgrades its datasheet now offers only as a model's choice, moved onto a model; those moved.

    A list written when the shipped catalogue offered a Captain's Chapter
    Master once per unit holds it among the unit's upgrades; the datasheet now
    makes it his model's choice, which the form shows on the model (the
    upgrade left where it was would be priced but shown as neither). Only an
    item taken once, from a choice that adds it without replacing anything,
    by the first model group open to that choice holding none of its items;
    never a :func:`unit_wide_pick`; anything else stays as it was written
    (the check says what is wrong).
    """
    per_unit = {i for g in sheet.choices if not g.kinds for i in g.items}
    moved: list[Carried] = []
    for entry in list(unit.upgrades):
        if entry.item is None or entry.count != 1 or entry.item in per_unit or unit_wide_pick(sheet, entry.item):
            continue
        item = entry.item
        choice = next((g for g in sheet.choices if g.kinds and not g.replaces and item in g.items), None)
        if choice is None:
            continue
        loadout = effective_loadout(unit, sheet)
        index = next(
            (
                i
                for i, g in enumerate(loadout)
                if g.kind in choice.kinds and not any(c.item in choice.items and c.count for c in g.wargear)
            ),
            None,
        )
        if index is None:
            continue
        unit.loadout = apply_choice(loadout, sheet, index, 1, choice.id, item)
        unit.upgrades = [c for c in unit.upgrades if c is not entry]
        moved.append(entry)
    return moved


class KindMove(msgspec.Struct, frozen=True):
    """Models of a list put onto another kind of their datasheet by :func:`models_onto_kinds`.

    ``old_kind`` is the kind the list wrote (an id the datasheet may no longer
    have), ``new_kind`` the datasheet's kind they are now, ``carried`` what
    made them move: what they carry that their old kind is not offered
    (empty for a kind gone). ``old_kind == new_kind``: models that carried
    nothing, given their kind's default loadout.
    """

    count: int
    old_kind: str
    new_kind: str
    carried: tuple[Carried, ...] = ()


def models_onto_kinds(unit: Unit, sheet: Datasheet) -> list[KindMove]:
    """The unit's models put onto the kinds their datasheet gives what they carry; the moves made.

    For a list written when the datasheet split its models otherwise (the
    shipped Devastator Squad once had one kind of Devastator, each with a
    missile launcher; the data gives the heavy weapon to 0-4 "Devastators
    with a heavy weapon", and the Sergeant his own weapons):

    - models carrying items of the datasheet their kind is not offered go,
      as far as its maximum allows, to another kind offered all of them;
      they carry that kind's defaults with those items in place of what the
      item's choice replaces (a lascannon in place of the missile launcher);
    - models of a kind the datasheet no longer has go to the kind offered
      most of what they carry (the bulk kind on a tie), as far as it has room;
    - models that carry nothing of a kind with a default loadout carry it.

    Anything else stays as the list wrote it (the check says what is wrong).
    The unit's composition follows its model groups. A unit with no model
    groups written (every model with its defaults) is left alone.
    """
    if not unit.loadout:
        return []
    kinds = sheet.kind_map
    counts: dict[str, int] = {}
    for group in unit.loadout:
        if group.kind in kinds:
            counts[group.kind] = counts.get(group.kind, 0) + group.count
    bulk = sheet.kinds[sheet.bulk_index].id
    moves: dict[tuple[str, str, tuple[str | None, ...]], KindMove] = {}
    out: list[tuple[int, ModelGroup]] = []  # each with the place of the group it comes from
    # The fewest models first: a model that took a weapon of its own (a lascannon) keeps it before a
    # squad's worth of defaults fills the kind that carries it.
    for at, group in sorted(enumerate(unit.loadout), key=lambda pair: pair[1].count):
        known = group.kind in kinds
        ours = [c for c in group.wargear if c.count > 0 and c.item in sheet.wargear_map]
        if known and not group.wargear and kinds[group.kind].loadout and group.count > 0:
            out.append((at, group.model_copy(update={"wargear": default_wargear(sheet, group.kind)})))
            _add_move(moves, KindMove(group.count, group.kind, group.kind))
            continue
        foreign = [c for c in ours if c.item not in offered_to(sheet, group.kind)] if known else ours
        if group.count <= 0 or (known and not foreign):
            out.append((at, group))
            continue
        wanted = frozenset(c.item for c in foreign if c.item is not None)
        room = {k.id: k.max - counts.get(k.id, 0) for k in sheet.kinds if k.id != group.kind}
        covers = {k: len(wanted & offered_to(sheet, k)) for k in room}
        open_kinds = [k for k in room if room[k] > 0 and (not known or covers[k] == len(wanted))]
        if not open_kinds:
            out.append((at, group))
            continue
        target = max(open_kinds, key=lambda k: (covers[k], k == bulk))
        moved = min(group.count, room[target])
        counts[target] = counts.get(target, 0) + moved
        if known:
            counts[group.kind] -= moved
        out.append((at, ModelGroup(kind=target, count=moved, wargear=_carried_as(sheet, target, group.wargear))))
        if moved < group.count:
            out.append((at, group.model_copy(update={"count": group.count - moved})))
        _add_move(moves, KindMove(moved, group.kind, target, tuple(foreign) if known else ()))
    if moves:
        unit.loadout = merged((g for _, g in sorted(out, key=lambda pair: pair[0])), sheet)
        unit.composition = {k.id: counts.get(k.id, 0) for k in sheet.kinds}
        unit.models = sum(g.count for g in unit.loadout)
    return list(moves.values())


def _add_move(moves: dict[tuple[str, str, tuple[str | None, ...]], KindMove], move: KindMove) -> None:
    """``move`` added to ``moves``, models moved alike (same kinds, same items) counted together."""
    key = (move.old_kind, move.new_kind, tuple(c.item for c in move.carried))
    before = moves.get(key)
    moves[key] = move if before is None else msgspec.structs.replace(before, count=before.count + move.count)


def _carried_as(sheet: Datasheet, kind_id: str, wargear: list[Carried]) -> list[Carried]:
    """What a model moved to ``kind_id`` carries.

    The kind's defaults, with the items of ``wargear`` the kind is offered besides in place of what their
    choice replaces, and the entries the catalogue lacks.
    """
    out = {c.item: c for c in default_wargear(sheet, kind_id) if c.item is not None}
    kind = sheet.kind_map[kind_id]
    offered = offered_to(sheet, kind_id)
    kept: list[Carried] = []
    for entry in wargear:
        if entry.count <= 0:
            continue
        if entry.item is None:
            kept.append(entry)
        elif entry.item in offered and entry.item not in kind.loadout:
            choice = next((g for g in sheet.choices if kind_id in g.kinds and entry.item in g.items), None)
            for replaced in choice.replaces if choice is not None else ():
                out.pop(replaced, None)
            out[entry.item] = entry
    return [*out.values(), *kept]


def doubled_upgrades_folded(unit: Unit, sheet: Datasheet) -> list[Carried]:
    """The unit's upgrades one of its models carries already, taken off its upgrades; those taken off.

    A list written while a Captain's Chapter Master moved from the unit's
    upgrades onto his model may hold it both ways: priced twice, shown once
    (the form shows the model's). The model keeps it. Only an item taken
    once, that no choice of the unit offers, that no kind carries by default,
    and that a model open to one of the choices offering it carries; never a
    :func:`unit_wide_pick` (the unit's and a model's own pick are two picks);
    anything else stays as it was written (the check says what is wrong).
    """
    if not unit.upgrades:
        return []
    per_unit = {i for g in sheet.choices if not g.kinds for i in g.items}
    defaults = {i for kind in sheet.kinds for i, n in kind.loadout.items() if n > 0}
    folded: list[Carried] = []
    loadout: list[ModelGroup] | None = None
    for entry in list(unit.upgrades):
        item = entry.item
        if item is None or entry.count != 1 or item in per_unit or item in defaults or unit_wide_pick(sheet, item):
            continue
        kinds = {k for g in sheet.choices if g.kinds and item in g.items for k in g.kinds}
        if not kinds:
            continue
        if loadout is None:
            loadout = effective_loadout(unit, sheet)
        if any(g.kind in kinds and any(c.item == item and c.count > 0 for c in g.wargear) for g in loadout):
            unit.upgrades = [c for c in unit.upgrades if c is not entry]
            folded.append(entry)
    return folded


def starting_upgrades(sheet: Datasheet, models: int, *, defaults: bool = True) -> list[Carried]:
    """What a new unit of ``models`` models takes once before its player chooses anything.

    The choices the unit makes (groups open to no model kind) whose checked
    minimum nothing would meet, filled as the data fills them: an item whose
    own minimum asks for it ("Litany of Hate" among a Chaplain's litanies),
    the group's ``default`` ("Mark of Chaos": Chaos Undivided), else the
    group's only item, when it offers one ("Smite", "Warlord" for a
    character who must lead the army). Each is taken as many times as the
    minimum asks, within its own and its group's maximum; inner groups first
    (what they take counts toward the groups around them). A choice of
    several items with no default stays the player's: the check asks for it.

    With ``defaults`` False, only what the unit must take with no
    alternative (a list that does not name it still has it), not the
    defaults a player could have swapped.
    """
    taken: dict[str, int] = {}
    limits = sheet.choice_limits
    members = sheet.choice_members
    unit_groups = [g for g in sheet.choice_map.values() if not g.kinds and g.items]
    for group in sorted(unit_groups, key=lambda g: -_depth(sheet, g)):
        own, *items = limits[group.id]
        for limit, counts, item_id in (*items, own):
            if not limit.verified:
                continue
            low, _ = limit.bounds(models)
            missing = low - sum(taken.get(i, 0) for i in counts)
            if missing <= 0:
                continue
            if item_id is not None:
                pick = item_id
            elif defaults and group.default in group.items:
                pick = group.default
            elif len(group.items) == 1 and members[group.id] == {group.items[0]}:
                pick = group.items[0]
            else:
                continue
            room = [missing]  # within every maximum that counts the pick: its own, its group's, the enclosing ones
            for cap, capped, _ in (entry for g in unit_groups for entry in limits[g.id]):
                high = cap.bounds(models)[1] if cap.verified else None
                if high is not None and pick in capped:
                    room.append(high - sum(taken.get(i, 0) for i in capped))
            add = min(room)
            if add > 0 and pick in sheet.wargear_map:
                taken[pick] = taken.get(pick, 0) + add
    order = {item.id: i for i, item in enumerate(sheet.offered[0])}
    return [_carried(sheet, item_id, taken[item_id]) for item_id in sorted(taken, key=order.__getitem__)]


# --- weapons ----------------------------------------------------------------------------------------


def base_name(name: str) -> str:
    """A weapon's name without its mode, folded: "Lance-missiles (frag)" -> "lance-missiles"."""
    folded = fold(name)
    for cut in (" (", ", ", " - ", " – ", ": "):
        if cut in folded:
            folded = folded.split(cut, 1)[0]
    return folded.strip()


def item_weapons(sheet: Datasheet, item: WargearItem | None, name: str) -> list[WeaponProfile]:
    """The weapon profiles an item gives: its own ``profiles`` (a relic weapon), else the datasheet's.

    The datasheet's are the item's ``weapons``, else the profiles named like it.
    "Like it" is the item's name (or id) itself, or the name followed by a mode:
    "Lance-missiles" gives "Lance-missiles (frag)" and "Lance-missiles (antichar)".
    """
    if item is not None and item.profiles:
        return list(item.profiles)
    if item is not None and item.weapons:
        wanted = {fold(w) for w in item.weapons}
        return [w for w in sheet.weapons if fold(w.name) in wanted or fold(w.name_en) in wanted]
    names = {fold(name), base_name(name)}
    if item is not None:
        names |= {fold(item.id).replace("-", " "), base_name(item.name_en)} - {""}
    exact = [w for w in sheet.weapons if fold(w.name) in names or (w.name_en and fold(w.name_en) in names)]
    if exact:
        return exact
    return [w for w in sheet.weapons if base_name(w.name) in names or (w.name_en and base_name(w.name_en) in names)]


class CarriedWeapon(msgspec.Struct, frozen=True):
    """A weapon profile the unit carries, and how many of its models (or the unit) carry it."""

    weapon: WeaponProfile
    count: int


class CarriedItem(msgspec.Struct, frozen=True):
    """A carried item with no weapon profile (wargear, a relic, a power), with its count and text."""

    name: str
    name_en: str
    kind: str
    count: int
    text: str | None = None
    text_en: str | None = None

    def label(self, lang: str) -> str:
        return (self.name_en or self.name) if lang == "en" else self.name

    def summary(self, lang: str) -> str:
        if lang == "en":
            return self.text_en or self.text or ""
        return self.text or self.text_en or ""


def carried(unit: Unit, sheet: Datasheet) -> tuple[list[CarriedWeapon], list[CarriedItem]]:
    """What ``unit`` carries: each weapon profile once with its count, then the items without a profile.

    Counts are models × items per model for what models carry, the unit's
    count for its upgrades. Items the catalogue lacks keep the profiles and
    text the list gave them. An upgrade that ``replaces`` items (a relic weapon
    in place of a power sword) takes one carried item of those off per upgrade
    taken, when the unit carries one: the bearer gave it up.
    """
    weapons: dict[str, tuple[WeaponProfile, int]] = {}
    others: dict[str, CarriedItem] = {}

    def add(entry: Carried, times: int) -> None:
        if times <= 0:
            return
        item = sheet.wargear_map.get(entry.item) if entry.item is not None else None
        profiles = item_weapons(sheet, item, entry.name) if item is not None else list(entry.weapons)
        if profiles:
            for profile in profiles:
                key = fold(profile.name)
                known = weapons.get(key)
                weapons[key] = (profile, times + (known[1] if known else 0))
            return
        name = item.name if item is not None else entry.name
        key = fold(name)
        known_item = others.get(key)
        others[key] = CarriedItem(
            name=name,
            name_en=item.name_en if item is not None else "",
            kind=item.kind if item is not None else entry.kind,
            count=times + (known_item.count if known_item else 0),
            text=item.text if item is not None and item.text else entry.text,
            text_en=item.text_en if item is not None else None,
        )

    held = [(entry, entry.count * group.count) for group in effective_loadout(unit, sheet) for entry in group.wargear]
    given_up = _given_up(unit, sheet, held)
    for (entry, times), gone in zip(held, given_up, strict=True):
        add(entry, times - gone)
    for entry in unit.upgrades:
        add(entry, entry.count)
    return [CarriedWeapon(w, n) for w, n in weapons.values()], list(others.values())


def _names(sheet: Datasheet, entry: Carried) -> set[str]:
    """What a carried item answers to, folded: its id, its names in both languages, the list's name."""
    item = sheet.wargear_map.get(entry.item) if entry.item is not None else None
    names = {entry.name} if item is None else {item.id, item.name, item.name_en, entry.name}
    return {fold(n) for n in names if n}


def _given_up(unit: Unit, sheet: Datasheet, held: list[tuple[Carried, int]]) -> list[int]:
    """How many of each of ``held`` (entry, count) the unit's upgrades replace (see :func:`carried`).

    Each upgrade taken gives up one carried item of those it ``replaces``, the
    first the loadout lists; none when the unit carries none of them.
    """
    gone = [0] * len(held)
    for upgrade in unit.upgrades:
        item = sheet.wargear_map.get(upgrade.item) if upgrade.item is not None else None
        if item is None or not item.replaces:
            continue
        wanted = {fold(name) for name in item.replaces}
        for _ in range(upgrade.count):
            at = next(
                (i for i, (e, n) in enumerate(held) if n - gone[i] > 0 and _names(sheet, e) & wanted),
                None,
            )
            if at is None:
                break
            gone[at] += 1
    return gone


def carried_weapons(unit: Unit, sheet: Datasheet) -> list[CarriedWeapon]:
    """Each weapon profile ``unit`` carries, once, with how many carry it (see :func:`carried`)."""
    return carried(unit, sheet)[0]


def choice_labels(unit: Unit, sheet: Datasheet, lang: str = "fr") -> list[str]:
    """What the unit chose, in words: each item once, counted over the unit.

    Items its models carry beyond their defaults ("2× Lance-flammes"), less
    those an upgrade replaces (a power sword given up for a relic blade), then
    its upgrades.
    """
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    if unit.loadout:
        held = [
            (entry, entry.count * group.count)
            for group in effective_loadout(unit, sheet)
            for entry in _beyond_defaults(sheet, group.kind, group.wargear)
        ]
        for (entry, times), gone in zip(held, _given_up(unit, sheet, held), strict=True):
            key = entry.item or entry.name
            counts[key] = counts.get(key, 0) + times - gone
            names[key] = carried_name(sheet, entry, lang)
    for entry in unit.upgrades:
        key = entry.item or entry.name
        counts[key] = counts.get(key, 0) + entry.count
        names[key] = carried_name(sheet, entry, lang)
    return [counted(n, names[k]) for k, n in counts.items() if n > 0]


def carried_name(sheet: Datasheet, entry: Carried, lang: str) -> str:
    """What the unit carries, named by the catalogue in ``lang``; as the list saved it when the catalogue lacks it."""
    item = sheet.wargear_map.get(entry.item) if entry.item is not None else None
    if item is None:
        return entry.name
    return (item.name_en or item.name) if lang == "en" else item.name


# --- points -------------------------------------------------------------------------------------------


def _price(entry: Carried, sheet: Datasheet) -> int:
    """Points of one ``entry`` (all its ``count``): the catalogue's price.

    An entry the catalogue lacks (``item`` None) costs nothing here: a reader
    keeps its stated price in the unit's ``extra_options`` (or prices it through
    ``options``), which :func:`~ost.core.armylist.unit_points` adds once; its own
    ``points`` only tells the reader what the list said.
    """
    item = sheet.wargear_map.get(entry.item) if entry.item is not None else None
    return item.points * entry.count if item is not None else 0


def _beyond_defaults(sheet: Datasheet, kind_id: str, wargear: list[Carried]) -> list[Carried]:
    """What a model carries beyond its kind's defaults (the datasheet's points pay for those)."""
    kind = sheet.kind_map.get(kind_id)
    if kind is None or not kind.loadout:
        return [entry for entry in wargear if entry.count > 0]
    defaults = dict(kind.loadout)
    out: list[Carried] = []
    for entry in wargear:
        item = entry.item
        free = defaults.get(item, 0) if item is not None else 0
        paid = max(0, entry.count - free)
        if free and item is not None:
            defaults[item] = max(0, free - entry.count)
        if paid:
            out.append(entry if paid == entry.count else entry.model_copy(update={"count": paid}))
    return out


def model_wargear_points(sheet: Datasheet, kind_id: str, wargear: list[Carried]) -> int:
    """Points of what one model of ``kind_id`` carrying ``wargear`` has beyond its kind's defaults."""
    return sum(_price(e, sheet) for e in _beyond_defaults(sheet, kind_id, wargear))


def _group_points(sheet: Datasheet, group: ModelGroup) -> int:
    """Points of what the models of ``group`` carry beyond their defaults, in all."""
    return sum(_price(e, sheet) for e in _beyond_defaults(sheet, group.kind, group.wargear)) * group.count


def kind_wargear_points(unit: Unit, sheet: Datasheet) -> dict[str, int]:
    """Points of what the models of each kind carry beyond their defaults, in all (kind id -> points)."""
    totals: dict[str, int] = {}
    if not unit.loadout:
        return totals
    for group in effective_loadout(unit, sheet):
        paid = _group_points(sheet, group)
        if paid:
            totals[group.kind] = totals.get(group.kind, 0) + paid
    return totals


def carried_points(unit: Unit, sheet: Datasheet, kind_id: str) -> int:
    """Points of what one model of ``kind_id`` carries beyond its defaults (for its PV value).

    Models of one kind that carry different things share the price (their
    PV value is printed per kind): the kind's wargear points divided by its
    models, rounded down. 0 for a kind the unit has none of.
    """
    models = unit_composition(unit, sheet).get(kind_id, 0)
    if models <= 0:
        return 0
    return kind_wargear_points(unit, sheet).get(kind_id, 0) // models


def upgrades_points(unit: Unit, sheet: Datasheet) -> int:
    """Points of the unit's upgrades beyond those a new unit starts with (the datasheet's points pay for those).

    An imported datasheet's price is that of its smallest unit as the data
    builds it, a group's default taken (:func:`starting_upgrades`): swapping
    a free default mark for a priced one costs the priced one, and keeping
    the default costs nothing more.
    """
    points = sum(_price(e, sheet) for e in unit.upgrades)
    if not points:
        return 0
    for start in starting_upgrades(sheet, unit.models):
        kept = sum(e.count for e in unit.upgrades if e.item == start.item)
        points -= _price(start.model_copy(update={"count": min(kept, start.count)}), sheet)
    return points


def wargear_points(unit: Unit, sheet: Datasheet) -> int:
    """Points of the unit's chosen wargear: its models' beyond their defaults, and its upgrades (beyond its start)."""
    return sum(kind_wargear_points(unit, sheet).values()) + upgrades_points(unit, sheet)


# --- limits -------------------------------------------------------------------------------------------

ProblemKind = Literal["over", "under", "closed", "needs", "subfaction"]


class WargearProblem(msgspec.Struct, frozen=True):
    """A choice outside its limit, or an item a model is not offered.

    ``group`` is the choice (None for an item no choice offers), ``item`` the
    item when the limit is the item's own (or the item not offered);
    ``"needs"``: the unit took ``count`` items of a choice open only to a unit
    that takes one of its :attr:`~ost.core.catalogue.WargearGroup.needs` (a
    warlord trait on a unit that is not the warlord); ``"subfaction"``: it took
    ``count`` items of a choice another sub-faction's unit may not take
    (:func:`subfaction_closed`: an Ultramarines relic on a successor's Captain);
    ``bound`` the limit's bound that is broken (``max`` for "over", ``min`` for
    "under"), ``count`` what the unit (or each of ``models`` models of
    ``kind``) took.
    """

    unit_id: str
    problem: ProblemKind
    group: str | None
    item: str | None
    limit: WargearLimit | None
    bound: int
    count: int
    kind: str | None = None
    models: int = 0


def _count(wargear: Iterable[Carried], items: frozenset[str]) -> int:
    return sum(c.count for c in wargear if c.item in items)


def _check(
    out: list[WargearProblem],
    unit: Unit,
    limit: WargearLimit,
    count: int,
    group: str,
    item: str | None,
    kind: str | None = None,
    models: int = 0,
) -> None:
    if not limit.verified:
        return  # bounds the data changes under a condition the import could not decide: advice only
    low, high = limit.bounds(unit.models)
    if high is not None and count > high:
        out.append(WargearProblem(unit.id, "over", group, item, limit, high, count, kind, models))
    elif count < low:
        out.append(WargearProblem(unit.id, "under", group, item, limit, low, count, kind, models))


def wargear_problems(unit: Unit, sheet: Datasheet) -> list[WargearProblem]:
    """Every limit ``unit`` breaks and every item its models carry that their kind is not offered.

    Per-model limits are checked on each group of identical models; per-unit
    limits on the unit's total (the models of the group's kinds, or the
    unit's upgrades for a group the unit makes). ``every`` counts the unit's
    models. Items the catalogue lacks (``item`` None) are the reading
    report's business and are not checked here.
    """
    out: list[WargearProblem] = []
    groups = sheet.choice_map
    if not groups and not sheet.has_loadouts and not unit.loadout and not unit.upgrades:
        return out
    return _problems(unit, sheet, effective_loadout(unit, sheet))


def _problems(unit: Unit, sheet: Datasheet, loadout: list[ModelGroup]) -> list[WargearProblem]:
    """:func:`wargear_problems` of ``unit`` whose models carry ``loadout`` (its effective loadout)."""
    out: list[WargearProblem] = []
    tables = sheet.choice_limits
    upgrades, loadout = _onto_the_model(unit, sheet, loadout)
    taken: dict[str, int] = {}  # what the unit takes once, item -> times
    for entry in upgrades:
        if entry.item is not None and entry.count > 0:
            taken[entry.item] = taken.get(entry.item, 0) + entry.count
    if unit.warlord:  # the list's warlord mark is the data's "Warlord" selection
        for mark in warlord_items(sheet):
            taken[mark] = max(1, taken.get(mark, 0))
    members = sheet.choice_members
    carried_ids = {c.item for g in loadout for c in g.wargear if c.count > 0}
    for group in sheet.choice_map.values():
        limits = tables[group.id]
        if group.kinds:
            if (
                carried_ids.isdisjoint(members[group.id])
                and carried_ids.isdisjoint(group.marks)
                and not any(limit.min for limit, _, _ in limits)
            ):
                continue  # none of its items carried and no minimum: nothing to break
            mine = [g for g in loadout if g.kind in group.kinds]
            for limit, counted, item_id in limits:
                if group.marks and item_id is None:
                    # A model variant: its limit counts the models that are that variant, each once.
                    marks = frozenset(group.marks)
                    total = sum(g.count for g in mine if _count(g.wargear, marks))
                    _check(out, unit, limit, total, group.id, item_id)
                elif limit.per == "model":
                    for model_group in mine:
                        took, placed = _taken(sheet, group, model_group, counted)
                        count = sum(took.values())
                        # Picks the list placed in this choice (Carried.taken_in) count against its own bound.
                        bound = (
                            limit if item_id is not None or placed else _pooled(sheet, group, limit, model_group, took)
                        )
                        _check(out, unit, bound, count, group.id, item_id, model_group.kind, model_group.count)
                else:
                    total = sum(sum(_taken(sheet, group, g, counted)[0].values()) * g.count for g in mine)
                    _check(out, unit, limit, total, group.id, item_id)
        else:
            if group.needs and taken and not _needs_met(unit, sheet, group, taken):
                outer = sheet.choice_map.get(group.within or "")
                # An item another choice offers as it stands (a relic a legion's own list offers too) needs nothing.
                held = _held_beyond_open(sheet, members[group.id], taken)
                if held and not (outer is not None and set(group.needs) <= set(outer.needs)):
                    out.append(WargearProblem(unit.id, "needs", group.id, None, None, 0, held))
            if group.subfactions and taken and subfaction_closed(unit, sheet, group):
                outer = sheet.choice_map.get(group.within or "")
                held = _held_beyond_open(sheet, members[group.id], taken)
                # A choice inside one closed for the same reason is said once, by the outer one.
                if held and not (outer is not None and outer.subfactions == group.subfactions):
                    out.append(WargearProblem(unit.id, "subfaction", group.id, None, None, 0, held))
            for limit, counted, item_id in limits:
                if not taken:
                    if limit.min:  # nothing taken: only a minimum can be broken
                        _check(out, unit, limit, 0, group.id, item_id)
                    continue
                _check(out, unit, limit, sum(taken.get(i, 0) for i in counted), group.id, item_id)
    unit_items = sheet.unit_choice_items
    for model_group in loadout:
        if model_group.kind not in sheet.kind_map:
            continue
        open_items = sheet.kind_offers.get(model_group.kind, frozenset())
        for entry in model_group.wargear:
            if (
                entry.item is not None
                and entry.count > 0
                and entry.item not in open_items
                and entry.item not in unit_items
            ):
                out.append(
                    WargearProblem(
                        unit.id, "closed", None, entry.item, None, 0, entry.count, model_group.kind, model_group.count
                    )
                )
    for entry in upgrades:
        if entry.item is not None and entry.count > 0 and not _unit_may_take(sheet, entry.item, unit_items):
            out.append(WargearProblem(unit.id, "closed", None, entry.item, None, 0, entry.count))
    return out


def _onto_the_model(unit: Unit, sheet: Datasheet, loadout: list[ModelGroup]) -> tuple[list[Carried], list[ModelGroup]]:
    """The unit's upgrades and ``loadout`` as the checks count them: a lone model's own picks held as upgrades are his.

    A unit of one model holding, among what it takes once, an item only a choice of its model offers
    (a Captain's "Chapter Command: Chapter Master", one per model) carries it: counted with what his
    model carries, it meets his choice's limits (one on his model and two more beside it are two too
    many). Upgrades a choice of the unit offers, and the model's defaults (a roster writes a character's
    grenades once, under the unit), stay the unit's. A unit of several models is left as it stands: an
    upgrade taken once for it may be every model's (a squad-wide swap).
    """
    if len(loadout) != 1 or loadout[0].count != 1 or not unit.upgrades:
        return unit.upgrades, loadout
    model = loadout[0]
    kind = sheet.kind_map.get(model.kind)
    if kind is None:
        return unit.upgrades, loadout
    unit_items = sheet.unit_choice_items
    offered = offered_to(sheet, model.kind)
    own = [
        c
        for c in unit.upgrades
        if c.item is not None
        and c.count > 0
        and c.item in offered
        and c.item not in unit_items
        and c.item not in kind.loadout
    ]
    if not own:
        return unit.upgrades, loadout
    wargear = list(model.wargear)
    for entry in own:
        at = next((i for i, c in enumerate(wargear) if c.item == entry.item), None)
        if at is None:
            wargear.append(entry.model_copy(update={"taken_in": {}}))
        else:
            wargear[at] = wargear[at].model_copy(update={"count": wargear[at].count + entry.count})
    rest = [c for c in unit.upgrades if not any(c is o for o in own)]
    return rest, [model.model_copy(update={"wargear": wargear})]


def _held_beyond_open(sheet: Datasheet, items: Iterable[str], taken: Mapping[str, int]) -> int:
    """How many of ``items`` the unit took that no choice open as it stands offers (:func:`_open_unit_items`)."""
    open_items = _open_unit_items(sheet)
    return sum(taken.get(i, 0) for i in items if i not in open_items)


def _open_unit_items(sheet: Datasheet) -> frozenset[str]:
    """Items of the choices the unit makes once that need nothing (see :attr:`WargearGroup.needs`)."""
    return frozenset(
        i for g in sheet.choice_map.values() if not g.kinds and not g.needs and not g.subfactions for i in g.items
    )


def _taken(
    sheet: Datasheet, group: WargearGroup, model_group: ModelGroup, counted: frozenset[str]
) -> tuple[dict[str, int], bool]:
    """What each model of ``model_group`` took of ``counted`` in ``group``, and whether the list says so of all of it.

    When the list placed each of the model's picks of these items (``Carried.taken_in``: the form's
    record, or a roster's ``entryGroupId``; a pick in a choice nested in ``group`` is one of its own),
    in ``group`` or elsewhere, the picks placed here are what it took, and the second value is true:
    the choice's own bound holds, whatever other choices offer the same items (a Commander's Counterfire
    Defence System taken in "Slot 2" and another in "Slot 3" is one in each, not two in each). Else,
    or where some pick is not placed, :func:`taken_here` as before, bounded by what the choices the
    model made allow together (:func:`_pooled`).
    """
    took = taken_here(sheet, group, model_group.kind, model_group.wargear, counted)
    if not took or not any(c.taken_in for c in model_group.wargear):
        return took, False
    here: dict[str, int] = {}
    elsewhere: dict[str, int] = {}
    for entry in model_group.wargear:
        if entry.item is None or entry.item not in took:
            continue
        for choice_id, n in entry.taken_in.items():
            into = here if _inside(sheet, choice_id, group.id) else elsewhere
            into[entry.item] = into.get(entry.item, 0) + n
    left = {i: n - elsewhere.get(i, 0) for i, n in took.items() if n - elsewhere.get(i, 0) > 0}
    if all(n <= here.get(i, 0) for i, n in left.items()):
        return left, True
    return took, False


def _inside(sheet: Datasheet, choice_id: str, group_id: str) -> bool:
    """Whether the choice ``choice_id`` is ``group_id`` or nested in it (:attr:`WargearGroup.within`)."""
    seen: set[str] = set()
    current: str | None = choice_id
    while current is not None and current not in seen:
        if current == group_id:
            return True
        seen.add(current)
        choice = sheet.choice_map.get(current)
        current = choice.within if choice is not None else None
    return False


def _pooled(
    sheet: Datasheet, group: WargearGroup, limit: WargearLimit, model_group: ModelGroup, took: Mapping[str, int]
) -> WargearLimit:
    """A per-model maximum over items other choices of the same models offer too ("Slot 1" … "Slot 4", arms).

    What a model carries does not say which of those choices it filled: the
    bound is what the choices it made allow together. A choice that replaces
    nothing is always open; one that replaces a default was made when the
    model carries fewer of that default than its kind does, each default given
    up opening one such choice. A Deff Dread that kept its four default arms
    made none: a fifth weapon is one too many on whichever arm it is counted.
    Only the choices offering one of the items the model took here (``took``)
    could hold them: a Crisis suit's "Support System" shares its systems with
    its weapon slots, but holds none of their weapons, so four weapons are one
    too many on its three slots.
    """
    if limit.max is None:
        return limit
    pool = sheet.choice_pools.get(group.id, ())
    if not pool:
        return limit
    kind = sheet.kind_map.get(model_group.kind)
    defaults = kind.loadout if kind is not None else {}
    if group.fills is None or any(g.fills is None for g in pool):
        return _pooled_unknown(sheet, group, limit, model_group, pool, defaults)
    made = _made_by(defaults, _held(model_group.wargear), (group, *pool))
    own = made(group)
    members = sheet.choice_members
    sharing = [g for g in pool if made(g) and not members.get(g.id, frozenset()).isdisjoint(took)]
    if any(g.limit.max is None for g in sharing):
        return limit.model_copy(update={"max": None})
    return limit.model_copy(update={"max": (limit.max if own else 0) + sum(g.limit.max or 0 for g in sharing)})


def _pooled_unknown(
    sheet: Datasheet,
    group: WargearGroup,
    limit: WargearLimit,
    model_group: ModelGroup,
    pool: tuple[WargearGroup, ...],
    defaults: Mapping[str, int],
) -> WargearLimit:
    """:func:`_pooled` for choices whose :attr:`~WargearGroup.fills` are not known (a catalogue imported before).

    Their counts hold the model's defaults too: the bound is what the choices
    whose replaced defaults the model no longer carries allow together, plus
    its defaults among the group's items; the group's own bound when none.
    """
    assert limit.max is not None
    carried_ids = {c.item for c in model_group.wargear if c.count > 0}
    sharing = [g for g in pool if carried_ids.isdisjoint(g.replaces)]
    if not sharing:
        return limit
    if any(g.limit.max is None for g in sharing):
        return limit.model_copy(update={"max": None})
    items = sheet.choice_members[group.id]
    carried_defaults = sum(n for i, n in defaults.items() if i in items)
    return limit.model_copy(update={"max": limit.max + sum(g.limit.max or 0 for g in sharing) + carried_defaults})


def _unit_may_take(sheet: Datasheet, item_id: str, unit_items: frozenset[str]) -> bool:
    """Whether the unit may hold ``item_id`` among what it takes once.

    A choice the unit makes; a default its models carry (a roster writes a
    squad's grenades once, under the unit); an item of a choice open to every
    kind of model of the unit; or a power, trait, relic or
    upgrade some choice of the datasheet offers, whichever model makes it
    (a roster writes a squad's psychic powers under the unit). A weapon or
    piece of wargear one model may choose stays closed to the unit.
    """
    if item_id in unit_items or any(item_id in kind.loadout for kind in sheet.kinds):
        return True
    every_kind = {kind.id for kind in sheet.kinds}
    if any(item_id in g.items and every_kind <= set(g.kinds) for g in sheet.choice_map.values()):
        return True  # a choice every model makes alike ("the unit's sniper rifles become las fusils")
    item = sheet.wargear_map.get(item_id)
    if item is None or item.kind not in ("psychic", "trait", "relic", "upgrade"):
        return False
    return any(item_id in items for items in _members(sheet).values())


# --- what a choice would break (the window greys it) ----------------------------------------------------


def _problem_key(problem: WargearProblem) -> tuple[object, ...]:
    return (problem.problem, problem.group, problem.item, problem.kind, problem.count)


def _newly_broken(before: Unit, after: Unit, sheet: Datasheet) -> list[WargearProblem]:
    """Limits ``after`` breaks beyond what ``before`` already broke (a list may already be illegal).

    Each broken limit is weighed (a per-model one by its models), so a second
    model over a per-model limit counts. A minimum not yet met never forbids a
    choice: it asks for one.
    """
    known: Counter[tuple[object, ...]] = Counter()
    for p in wargear_problems(before, sheet):
        known[_problem_key(p)] += max(1, p.models)
    out: list[WargearProblem] = []
    for p in wargear_problems(after, sheet):
        if p.problem == "under":
            continue
        key = _problem_key(p)
        if known[key] >= max(1, p.models):
            known[key] -= max(1, p.models)
        else:
            known[key] = 0
            out.append(p)
    return out


def problem_reason(problem: WargearProblem, sheet: Datasheet) -> Bilingual:
    """A broken limit in a few words, for a greyed choice's tooltip.

    "Arme spéciale ou lourde : au plus 1 par tranche de 5 figurines de l'unité
    (1 ici)", "Lance-flammes : pas offert à Sergent".
    """
    choice = _choice_name(sheet, problem)
    if problem.problem == "needs":
        needed = _needs_words(sheet, problem)
        return Bilingual(fr=f"{choice.fr} : {needed.fr}", en=f"{choice.en}: {needed.en}")
    if problem.problem == "subfaction":
        needed = _subfaction_words(sheet, problem)
        return Bilingual(fr=f"{choice.fr} : {needed.fr}", en=f"{choice.en}: {needed.en}")
    if problem.problem == "closed" or problem.limit is None:
        kind = _kind_name(sheet, problem.kind)
        return Bilingual(
            fr=f"{choice.fr} : pas offert à {kind.fr}" if kind.fr else f"{choice.fr} : pas offert à l'unité",
            en=f"{choice.en}: not offered to {kind.en}" if kind.en else f"{choice.en}: not offered to the unit",
        )
    limit = limit_words(problem.limit, problem.bound, problem.problem)
    return Bilingual(fr=f"{choice.fr} : {limit.fr}", en=f"{choice.en}: {limit.en}")


def choice_problems(
    unit: Unit, sheet: Datasheet, index: int, models: int, group_id: str, item_id: str | None
) -> list[Bilingual]:
    """Why ``models`` models of the loadout group ``index`` may not take ``item_id`` from ``group_id``.

    Empty: they may. Otherwise one reason per limit the choice would break
    (:func:`problem_reason`), counting only what the choice adds to a list
    that may already be illegal, so the current choice and ways back to a
    legal list are never refused. ``index`` is a group of
    :func:`effective_loadout`, as for :func:`apply_choice`.
    """
    loadout = effective_loadout(unit, sheet)
    group = sheet.choice_map.get(group_id)
    if group is not None and 0 <= index < len(loadout) and loadout[index].kind not in group.kinds:
        kind = _kind_name(sheet, loadout[index].kind)
        return [
            Bilingual(
                fr=f"{_choice_name(sheet, _as_problem(group_id, item_id)).fr} : pas offert à {kind.fr}",
                en=f"{_choice_name(sheet, _as_problem(group_id, item_id)).en}: not offered to {kind.en}",
            )
        ]
    try:
        after = apply_choice(loadout, sheet, index, models, group_id, item_id)
    except WargearError as exc:
        return [Bilingual.same(str(exc))]
    changed = unit.model_copy(update={"loadout": after})
    return [problem_reason(p, sheet) for p in _newly_broken(unit, changed, sheet)]


def upgrade_problems(unit: Unit, sheet: Datasheet, item_id: str, count: int) -> list[Bilingual]:
    """Why the unit may not take ``item_id`` ``count`` times (empty: it may); see :func:`choice_problems`."""
    try:
        after = set_upgrade_count(unit.upgrades, sheet, item_id, count)
    except WargearError as exc:
        return [Bilingual.same(str(exc))]
    changed = unit.model_copy(update={"upgrades": after})
    return [problem_reason(p, sheet) for p in _newly_broken(unit, changed, sheet)]


def missing_starting_picks(unit: Unit, sheet: Datasheet) -> list[Carried]:
    """The starting picks (:func:`starting_upgrades`) of the choices ``unit`` left short of their minimum.

    For a unit of a list written before units held what they start with
    (a version-4 list: its psykers without Smite, its Chaos Lord without a
    mark): the picks of each once-per-unit choice whose minimum the unit's
    upgrades do not meet, those it does not take already.
    """
    under = [p for p in wargear_problems(unit, sheet) if p.problem == "under"]
    short_groups = {p.group for p in under if p.item is None}
    short_items = {p.item for p in under if p.item is not None}
    taken = {c.item for c in unit.upgrades if c.count}
    out: list[Carried] = []
    for pick in starting_upgrades(sheet, unit.models):
        if pick.item in taken:
            continue
        if pick.item in short_items or any(
            not c.kinds and c.id in short_groups and pick.item in c.items for c in sheet.choices
        ):
            out.append(pick)
    return out


def upgrades_swapping_in(unit: Unit, sheet: Datasheet, item_id: str) -> list[Carried] | None:
    """The unit's upgrades with ``item_id`` taken once in place of what fills its choice, or None.

    A choice the unit makes once and has filled (a mark of Chaos, one relic
    of a group of one) takes another of its items in one step: what the unit
    took of that choice gives way. None when taking ``item_id`` as it stands
    breaks nothing (no swap is needed), when no choice of the unit holding it
    is full, or when the swap would still break a limit. The innermost choice
    that gives a legal swap wins.
    """
    if item_id not in sheet.wargear_map or upgrade_problems(unit, sheet, item_id, 1) == []:
        return None
    holders = sorted((c for c in sheet.choices if not c.kinds and item_id in c.items), key=lambda c: -_depth(sheet, c))
    for choice in holders:
        others = {c.item for c in unit.upgrades if c.item in choice.items and c.item != item_id and c.count}
        if not others:
            continue
        kept = [c.model_copy() for c in unit.upgrades if c.item not in others]
        after = set_upgrade_count(kept, sheet, item_id, 1)
        if not _newly_broken(unit, unit.model_copy(update={"upgrades": after}), sheet):
            return after
    return None


def _as_problem(group_id: str, item_id: str | None) -> WargearProblem:
    return WargearProblem("", "closed", group_id, item_id, None, 0, 0)


def chosen_by_kind(groups: Iterable[ModelGroup], sheet: Datasheet, lang: str = "fr") -> list[tuple[str, list[str]]]:
    """What each kind of model carries beyond its defaults, counted over ``groups``: ``[(kind id, labels)]``.

    Labels read "2× Lance-flammes". The bulk kind (the datasheet's many
    models: Space Marines, Boyz) comes first, the others in the datasheet's
    order, kinds the datasheet lacks last; kinds that chose nothing are left
    out. This is what the list's wargear column shows of a loadout:
    "Lance-flammes, Lance-missiles ; Sergent : Gantelet énergétique".
    """
    counts: dict[str, dict[str, int]] = {}
    names: dict[str, str] = {}
    for group in groups:
        mine = counts.setdefault(group.kind, {})
        for entry in _beyond_defaults(sheet, group.kind, group.wargear):
            key = entry.item or entry.name
            mine[key] = mine.get(key, 0) + entry.count * group.count
            names[key] = carried_name(sheet, entry, lang)
    order = [k.id for k in sheet.kinds]  # in the datasheet's order, the items the same
    if sheet.kinds:
        bulk = sheet.kinds[sheet.bulk_index].id
        order.remove(bulk)
        order.insert(0, bulk)
    order += [k for k in counts if k not in order]
    known = {item.id: i for i, item in enumerate(sheet.offered[0])}
    out: list[tuple[str, list[str]]] = []
    for kind in order:
        taken = sorted((k for k, n in counts.get(kind, {}).items() if n > 0), key=lambda k: known.get(k, len(known)))
        if taken:
            out.append((kind, [counted(counts[kind][k], names[k]) for k in taken]))
    return out


# --- findings -----------------------------------------------------------------------------------------


def _item_name(sheet: Datasheet, item_id: str, unit: Unit | None = None) -> Bilingual:
    """An item's name; for one the datasheet no longer has, the name ``unit``'s list wrote beside it.

    (A list saved when the datasheet offered the item, since dropped from the
    catalogue: its entry keeps the name it was taken under, clearer than the id.)
    """
    item = sheet.wargear_map.get(item_id)
    if item is None:
        if unit is not None:
            entries = [*unit.upgrades, *(c for g in unit.loadout for c in g.wargear)]
            written = next((c.name for c in entries if c.item == item_id), None)
            if written:
                return Bilingual.same(written)
        return Bilingual.same(item_id)
    return Bilingual(fr=item.name, en=item.name_en or item.name)


def _choice_name(sheet: Datasheet, problem: WargearProblem, unit: Unit | None = None) -> Bilingual:
    if problem.item is not None:
        return _item_name(sheet, problem.item, unit)
    group = sheet.choice_map.get(problem.group or "")
    if group is None or not group.name:
        names = [_item_name(sheet, i) for i in (group.items if group else [])]
        return Bilingual.join(Bilingual(fr=" ou ", en=" or "), names) if names else Bilingual.same(problem.group or "")
    return Bilingual(fr=group.name, en=group.name_en or group.name)


def _needs_words(sheet: Datasheet, problem: WargearProblem) -> Bilingual:
    """What a choice open only with something else asks: "only for the warlord", "only with “Jump pack”"."""
    group = sheet.choice_map.get(problem.group or "")
    needs = [i for i in (group.needs if group else []) if i in sheet.wargear_map]
    marks = warlord_items(sheet)
    if not needs or set(needs) <= marks:
        return Bilingual(fr="réservé au seigneur de guerre", en="for the warlord only")
    # A need that is no item of the sheet is the data's Warlord selection as well (its link, or an entry the
    # datasheet does not offer as a choice).
    if marks & set(needs) or len(needs) < len(group.needs if group else []):
        # The warlord, or a unit that takes what else opens it (a stratagem that gives a trait).
        others = Bilingual.join(
            Bilingual(fr=" ou ", en=" or "), [_item_name(sheet, i) for i in needs if i not in marks]
        )
        return Bilingual(
            fr=f"réservé au seigneur de guerre, ou avec « {others.fr} »", en=f"for the warlord, or with “{others.en}”"
        )
    names = Bilingual.join(Bilingual(fr=" ou ", en=" or "), [_item_name(sheet, i) for i in needs])
    return Bilingual(fr=f"seulement avec « {names.fr} »", en=f"only with “{names.en}”")


def _subfaction_words(sheet: Datasheet, problem: WargearProblem) -> Bilingual:
    """Whom a sub-faction's own choice is for: "réservé à Ultramarines", "for Ultramarines only"."""
    group = sheet.choice_map.get(problem.group or "")
    values = [Bilingual.same(n) for n in (group.subfactions if group is not None else [])]
    names = Bilingual.join(Bilingual(fr=" ou ", en=" or "), values)
    return Bilingual(fr=f"réservé à {names.fr}", en=f"for {names.en} only")


def _kind_name(sheet: Datasheet, kind_id: str | None) -> Bilingual:
    kind = sheet.kind_map.get(kind_id or "")
    if kind is None:
        return Bilingual.same(kind_id or "")
    return Bilingual(fr=kind.name, en=kind.name_en or kind.name)


def limit_words(limit: WargearLimit, bound: int, problem: ProblemKind) -> Bilingual:
    """A limit in words: "au plus 1 par tranche de 3 figurines (1 ici)", "au moins 1 par figurine"."""
    edge = Bilingual(fr="au plus", en="at most") if problem == "over" else Bilingual(fr="au moins", en="at least")
    written = limit.max if problem == "over" else limit.min
    if limit.per == "model":
        scope = Bilingual(fr=" par figurine", en=" per model")
    elif limit.every is not None:
        scope = Bilingual(
            fr=f" par tranche de {limit.every} figurines de l'unité ({bound} ici)",
            en=f" for every {limit.every} models in the unit ({bound} here)",
        )
    else:
        scope = Bilingual(fr=" dans l'unité", en=" in the unit")
    return edge + Bilingual.same(f" {written if limit.every is not None else bound}") + scope


def problem_finding(problem: WargearProblem, unit: Unit, sheet: Datasheet) -> Finding:
    """The ``WARGEAR-LIMIT`` finding of one problem: what was taken, the limit, and how to fix it."""
    name = Bilingual(fr=unit_label(unit, sheet, "fr"), en=unit_label(unit, sheet, "en"))
    sheet_name = Bilingual(fr=sheet.label("fr"), en=sheet.label("en"))
    choice = _choice_name(sheet, problem, unit)
    kind = _kind_name(sheet, problem.kind)
    if problem.problem == "needs":
        needed = _needs_words(sheet, problem)
        taken = Bilingual(
            fr=f"pris {problem.count} fois", en=f"taken {problem.count} time" + ("" if problem.count == 1 else "s")
        )
        text = Bilingual(
            fr=f"{name.fr} : « {choice.fr} » : {taken.fr} ; {needed.fr}.",
            en=f"{name.en}: “{choice.en}”: {taken.en}; {needed.en}.",
        )
        group = sheet.choice_map.get(problem.group or "")
        if group is not None and set(group.needs) & warlord_items(sheet):
            fix = Bilingual(
                fr=f"Désignez cette unité seigneur de guerre, ou retirez « {choice.fr} ».",
                en=f"Make this unit the warlord, or remove “{choice.en}”.",
            )
        else:
            fix = Bilingual(fr=f"Retirez « {choice.fr} ».", en=f"Remove “{choice.en}”.")
        return finding(Code.WARGEAR_LIMIT, text, [unit.id], fix)
    if problem.problem == "subfaction":
        needed = _subfaction_words(sheet, problem)
        values = (unit.placeholders.get(p, "").strip().upper() for p in sheet.faction_placeholders)
        stated = ", ".join(sorted({v for v in values if v}))
        taken = Bilingual(
            fr=f"pris {problem.count} fois", en=f"taken {problem.count} time" + ("" if problem.count == 1 else "s")
        )
        why = Bilingual(fr=f" (cette unité : {stated})", en=f" (this unit: {stated})") if stated else Bilingual.same("")
        text = Bilingual(
            fr=f"{name.fr} : « {choice.fr} » : {taken.fr} ; {needed.fr}{why.fr}.",
            en=f"{name.en}: “{choice.en}”: {taken.en}; {needed.en}{why.en}.",
        )
        fix = Bilingual(fr=f"Retirez « {choice.fr} ».", en=f"Remove “{choice.en}”.")
        return finding(Code.WARGEAR_LIMIT, text, [unit.id], fix)
    if problem.problem == "closed":
        models = Bilingual(
            fr=f"{problem.models} × {kind.fr}" if problem.models > 1 else kind.fr,
            en=f"{problem.models} × {kind.en}" if problem.models > 1 else kind.en,
        )
        if problem.kind is None:
            text = Bilingual(
                fr=f"{name.fr} : l'unité prend « {choice.fr} », que la fiche {sheet_name.fr} ne lui offre pas.",
                en=f"{name.en}: the unit takes “{choice.en}”, which the {sheet_name.en} datasheet does not offer it.",
            )
        else:
            text = Bilingual(
                fr=f"{name.fr} : {models.fr} porte « {choice.fr} », qu'aucun choix de la fiche {sheet_name.fr} "
                f"n'offre à cette figurine.",
                en=f"{name.en}: {models.en} carries “{choice.en}”, which no choice of the {sheet_name.en} "
                f"datasheet offers that model.",
            )
        fix = Bilingual(fr=f"Retirez « {choice.fr} ».", en=f"Remove “{choice.en}”.")
        return finding(Code.WARGEAR_LIMIT, text, [unit.id], fix)
    assert problem.limit is not None
    limit = limit_words(problem.limit, problem.bound, problem.problem)
    if problem.limit.per == "model":
        who = Bilingual(
            fr=f"{problem.models} × {kind.fr} en portent {problem.count} chacun"
            if problem.models > 1
            else f"{kind.fr} en porte {problem.count}",
            en=f"{problem.models} × {kind.en} carry {problem.count} each"
            if problem.models > 1
            else f"{kind.en} carries {problem.count}",
        )
    else:
        who = Bilingual(
            fr=f"pris {problem.count} fois", en=f"taken {problem.count} time" + ("" if problem.count == 1 else "s")
        )
    text = Bilingual(
        fr=f"{name.fr} : « {choice.fr} » : {who.fr} ; {limit.fr}.",
        en=f"{name.en}: “{choice.en}”: {who.en}; {limit.en}.",
    )
    if problem.problem == "over":
        extra = problem.count - problem.bound
        fix = Bilingual(
            fr=f"Retirez « {choice.fr} » à {extra} figurine{'s' if extra > 1 else ''}"
            + (" (par figurine)." if problem.limit.per == "model" else "."),
            en=f"Remove “{choice.en}” from {extra} model{'s' if extra > 1 else ''}"
            + (" (each)." if problem.limit.per == "model" else "."),
        )
        if problem.limit.every is not None and problem.limit.max:
            fix = fix + Bilingual(
                fr=" Ou agrandissez l'unité.",
                en=" Or add models to the unit.",
            )
    else:
        missing = problem.bound - problem.count
        fix = Bilingual(
            fr=f"Choisissez encore {missing} × « {choice.fr} »"
            + (" pour chacune de ces figurines." if problem.limit.per == "model" else "."),
            en=f"Choose {missing} more “{choice.en}”"
            + (" for each of these models." if problem.limit.per == "model" else "."),
        )
    return finding(Code.WARGEAR_LIMIT, text, [unit.id], fix)


class UnitWargear(msgspec.Struct, frozen=True):
    """What a unit's wargear weighs in a check: the points it adds and the limits it breaks.

    ``problems`` carry no unit id: they are shared by every unit of the same
    datasheet and contents (:func:`contents_key`).
    """

    points: int
    problems: tuple[WargearProblem, ...]


def unit_wargear(unit: Unit, sheet: Datasheet, catalogue: Catalogue) -> UnitWargear:
    """The points and problems of ``unit``'s wargear, worked out once per datasheet and unit contents.

    Units carrying their defaults ask the same question of each size, and a
    list checked again after an edit asks it again of every unit the edit
    left alone: the answers are remembered in the catalogue's memo, keyed by
    the datasheet and :func:`contents_key` (built once per unit and check).
    """
    memo = catalogue.memo("wargear")
    key = (sheet.id, *contents_key(unit))
    known: UnitWargear | None = memo.get(key)
    if known is None:
        groups = sheet.choice_map
        if not groups and not sheet.has_loadouts and not unit.loadout and not unit.upgrades:
            known = UnitWargear(0, ())
        else:
            loadout = effective_loadout(unit, sheet)
            points = upgrades_points(unit, sheet)
            if unit.loadout:
                points += sum(_group_points(sheet, g) for g in loadout)
            problems = tuple(msgspec.structs.replace(p, unit_id="") for p in _problems(unit, sheet, loadout))
            known = UnitWargear(points, problems)
        memo[key] = known
    return known


def unit_wargear_findings(unit: Unit, sheet: Datasheet, facts: UnitWargear) -> list[Finding]:
    """The ``WARGEAR-LIMIT`` findings of ``unit`` from its :func:`unit_wargear`.

    A choice that needs the warlord, taken by another unit, is said by ``WARGEAR-WARLORD`` when all the
    unit took of it are warlord traits (:mod:`ost.core.validator.wargear`): not twice.
    """
    return [
        problem_finding(msgspec.structs.replace(p, unit_id=unit.id), unit, sheet)
        for p in facts.problems
        if not (p.problem == "needs" and _only_traits(unit, sheet, p.group))
    ]


def _only_traits(unit: Unit, sheet: Datasheet, group_id: str | None) -> bool:
    """Whether everything ``unit`` took once of the choice ``group_id`` is a warlord trait."""
    members = sheet.choice_members.get(group_id or "", frozenset())
    kinds = {sheet.wargear_map[c.item].kind for c in unit.upgrades if c.item in members and c.count > 0}
    return kinds == {"trait"}


def wargear_findings(army: ArmyList, catalogue: Catalogue) -> list[Finding]:
    """``WARGEAR-LIMIT`` findings for every unit of ``army`` (units of unknown datasheets are skipped)."""
    out: list[Finding] = []
    for _, unit in army.units():
        sheet = catalogue.get(unit.datasheet)
        if sheet is not None:
            out.extend(unit_wargear_findings(unit, sheet, unit_wargear(unit, sheet, catalogue)))
    return out


def contents_key(unit: Unit) -> tuple[Hashable, ...]:
    """Everything of ``unit`` its wargear's limits and price depend on, as a hashable key.

    An entry's item, name, count and the choices it was taken through: its kind and stated points change neither
    (an item is priced and checked by the catalogue's entry). The warlord mark
    too: it counts as the data's "Warlord" selection (:func:`warlord_items`).
    """
    return (
        unit.models,
        tuple(unit.composition.items()) if unit.composition else (),
        tuple(
            (g.kind, g.count, tuple([(c.item, c.name, c.count, tuple(c.taken_in.items())) for c in g.wargear]))
            for g in unit.loadout
        ),
        tuple([(c.item, c.name, c.count) for c in unit.upgrades]),
        unit.warlord,
    )
