"""BattleScribe conditions for the datasheet being read: prices, counts, hidden profiles; three-valued logic.

A condition Ost cannot evaluate (it needs the roster or the force) is
unknown (None), and unknown goes through ``and``/``or`` as the third value:
a price keeps its value without the modifier, a profile may be hidden.
One count of the force is known at import: that of a category no file of
the roster's catalogue's scope gives, 0 (:meth:`.scope.Shared.force_decides`).
Conditions are evaluated in the minimum configuration of the datasheet
(:data:`Shared.stack` holds the entries above the one being read).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from xml.etree.ElementTree import Element

from ost.formats.bsdata.entries import _MAX_DEPTH, _Child, _cost, _counts, _float, _has_repeats, _Raw
from ost.formats.bsdata.schema import _LOCAL
from ost.formats.bsdata.scope import Shared, _Scope

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


def _set_hidden(element: Element) -> Iterator[tuple[Element, tuple[Element, ...]]]:
    """``element``'s own ``set hidden`` modifiers, with the groups around them (:func:`_hidden_modifiers`)."""
    for part in element:
        if _LOCAL.get(part.tag) in ("modifiers", "modifierGroups"):
            yield from _hidden_modifiers(part, ())


def _hiding_conditions(element: Element) -> Iterator[Element]:
    """Every element under the conditions of ``element``'s ``set hidden`` modifiers and of their groups."""
    for modifier, holders in _set_hidden(element):
        for holder in (*holders, modifier):
            for container in holder:
                if _LOCAL.get(container.tag) in ("conditions", "conditionGroups"):
                    yield from container.iter()


def price(scope: _Scope, raws: Sequence[_Raw], met: set[tuple[Element, bool, str]]) -> float:
    """Points of one entry: its cost, unconditional modifiers, then the conditional ones that hold here.

    A condition that needs the roster or the force (another unit, a detachment) cannot be
    evaluated: the price without that modifier is kept. Each conditional modifier met is added
    to ``met`` as (modifier, kept, entry name), for the datasheet's coverage and warnings.
    """
    points = _cost(raws)
    conditional = [m for raw in raws for m in raw.cost_conditional]
    if not conditional or scope.shared.context is None:
        return points
    name = (raws[-1].display_name or raws[0].name) if len(raws) > 1 else raws[0].name
    for kind, value, holders in conditional:
        holds = _holders_hold(scope, holders, raws)
        # "+2 per model": a price that grows with the unit; the minimum configuration would price the
        # option for the smallest unit only, so such modifiers are kept aside.
        if holds is None or (holds and _has_repeats(holders[-1])):
            met.add((holders[-1], True, name))
            continue
        met.add((holders[-1], False, name))
        if holds:
            points = value if kind == "set" else points + (value if kind == "increment" else -value)
    return max(0.0, points)


def _holders_hold(scope: _Scope, holders: Sequence[Element], own: Sequence[_Raw]) -> bool | None:
    """:func:`conditions_hold` of every holder (the groups around a modifier, then the modifier), all of them.

    Read in order and no further than the first that fails, as BattleScribe does: the ones after it are
    never asked (what they ask of the catalogue is not counted). A loop, not :func:`_all3` of a generator:
    compiled (:mod:`.native`), a generator given to a function is read whole first.
    """
    unknown = False
    for holder in holders:
        result = conditions_hold(scope, holder, own)
        if result is False:
            return False
        if result is None:
            unknown = True
    return None if unknown else True


def conditions_hold(scope: _Scope, holder: Element, own: Sequence[_Raw]) -> bool | None:
    """The conditions (and condition groups) directly on ``holder``, all of them; None: cannot tell."""
    return condition_group(scope, holder, own, either=False)


def condition_group(
    scope: _Scope, group: Element, own: Sequence[_Raw], depth: int = 0, *, either: bool | None = None
) -> bool | None:
    """A condition group (``either``: its type is "or"), or the conditions directly on a modifier."""
    if depth > _MAX_DEPTH:
        return None
    results: list[bool | None] = []
    for part in group:
        local = _LOCAL.get(part.tag)
        if local == "conditions":
            results.extend(condition(scope, c, own) for c in part)
        elif local == "conditionGroups":
            results.extend(condition_group(scope, g, own, depth + 1) for g in part)
    if either is None:
        either = group.get("type") == "or"
    return _any3(results) if either else _all3(results)


def condition(scope: _Scope, element: Element, own: Sequence[_Raw]) -> bool | None:
    """One BattleScribe condition for the datasheet being read, in its minimum configuration."""
    context = scope.shared.context
    if context is None or _LOCAL.get(element.tag) != "condition":
        return None
    kind = element.get("type") or ""
    where = element.get("scope") or ""
    child = element.get("childId") or ""
    if kind in ("instanceOf", "notInstanceOf"):
        if where == "primary-catalogue":
            scope.shared.catalogue_asked += 1
            hit = child == context.catalogue
        elif where == "ancestor":
            hit = any(_is(scope, raws, child) for raws in scope._stack)
        elif where == "parent":
            hit = bool(scope._stack) and _is(scope, scope._stack[-1], child)
        elif where == "self":
            hit = _is(scope, own, child)
        else:
            return None
        return hit if kind == "instanceOf" else not hit
    compare = _COMPARISONS.get(kind)
    if compare is None or element.get("percentValue") == "true":
        return None
    if where == "force" and element.get("field") == "selections" and child in scope.shared.category_ids:
        # The answer depends on the roster's catalogue: a reading that met it is one per catalogue.
        scope.shared.catalogue_asked += 1
        if not scope.shared.force_decides(context.catalogue, child):
            return None
        return compare(0, _float(element.get("value")))
    count = _count(scope, element, own)
    if count is None and where in ("roster", "force") and element.get("field") == "selections":
        count = scope.shared.roster_count(child, where)
    return None if count is None else compare(count, _float(element.get("value")))


def _count(scope: _Scope, element: Element, own: Sequence[_Raw]) -> int | None:
    """Selections of ``childId`` a condition or repeat counts, in the minimum configuration of its scope.

    None for the force, the roster or an entry outside the unit.
    """
    if element.get("field") != "selections":
        return None
    return _counted(
        scope,
        element.get("scope") or "",
        element.get("childId") or "",
        element.get("includeChildSelections") == "true",
        own,
    )


def _counted(scope: _Scope, where: str, child: str, deep: bool, own: Sequence[_Raw]) -> int | None:
    """:func:`_count` of a condition read: selections of ``child`` in the entry ``where`` names."""
    target: Sequence[_Raw] | None = None
    if where == "self":
        target = own
    else:
        for raw in own:
            if raw.id == where:
                target = own
                break
        else:
            stack = scope._stack
            if where == "parent":
                target = stack[-1] if stack else None
            else:
                for raws in reversed(stack):
                    if _named(raws, where):
                        target = raws
                        break
    if target is None:
        return None
    raws = target if type(target) is tuple else tuple(target)
    picked = scope._picks.get((raws, deep))
    if picked is None:
        picked = _picked(scope, raws, deep)
    assumed = scope.shared.assumed  # (empty but while an opening is tried)
    return picked.get(child, 0) + assumed.get(child, 0) if assumed else picked.get(child, 0)


def _named(raws: Sequence[_Raw], wanted: str) -> bool:
    """Whether one of ``raws`` (an entry and its link) has the id ``wanted``."""
    return wanted in [raw.id for raw in raws]  # (no generator: asked for every condition read of a unit)


def _is(scope: _Scope, raws: Sequence[_Raw], wanted: str) -> bool:
    """Whether the entry is ``wanted`` (its id, its link's, its target's) or has it as a category."""
    for raw in raws:
        if wanted == raw.id or wanted == raw.target:
            return True
    for raw in raws:
        if wanted in raw.category_ids or wanted in raw.add_categories:
            # A category a modifier removes (on the entry or its link) is not had.
            return not any(wanted in other.remove_categories for other in raws)
    return False


def _picked(scope: _Scope, raws: tuple[_Raw, ...], deep: bool, depth: int = 0) -> dict[str, int]:
    """How many selections of each id, type and category the minimum configuration of ``raws`` holds."""
    key = (raws, deep)
    known = scope._picks.get(key)
    if known is not None:
        return known
    counts: dict[str, int] = {}
    scope._picks[key] = counts  # a cycle of links adds nothing
    if depth < _MAX_DEPTH:
        _pick_children(scope, raws[0], raws[1] if len(raws) > 1 else None, 1, counts, deep, depth)
    return counts


def _group_picked(scope: _Scope, group: _Child, deep: bool, depth: int) -> tuple[dict[str, int], int]:
    """What one of a group's minimum configuration holds (:func:`_pick_children` of it, once), and how many.

    Memoised per scope: the counts of a group taken ``times`` times are these times ``times``. A group met
    again inside itself (a cycle of links) is read on, without the memo, as deep as the depth allows.
    """
    key = (group.raw, group.link_raw, deep)
    known = scope._group_picks.get(key)
    if known is not None:
        return known
    held: dict[str, int] = {}
    if key in scope._picking:
        return held, _pick_children(scope, group.raw, group.link_raw, 1, held, deep, depth)
    scope._picking.add(key)
    try:
        made = _pick_children(scope, group.raw, group.link_raw, 1, held, deep, depth)
    finally:
        scope._picking.discard(key)
    known = scope._group_picks[key] = (held, made)
    return known


def _pick_children(
    scope: _Scope, raw: _Raw, link_raw: _Raw | None, times: int, counts: dict[str, int], deep: bool, depth: int
) -> int:
    """Add the selections of one entry's (or group's) minimum configuration; returns how many it made."""
    entries, groups = scope.children(raw, link_raw)
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
            # A library's entry holds the same wherever it is linked: read once, in the library's scope.
            inner = scope.home_of(child.element, child.link_raw)
            for name, more in _picked(inner, child_raws, True, depth + 1).items():
                counts[name] = counts.get(name, 0) + total * more
    for group in groups:
        if group.hidden or depth >= _MAX_DEPTH:
            continue
        held, each = _group_picked(scope.home_of(group.element, group.link_raw), group, deep, depth + 1)
        for name, more in held.items():
            counts[name] = counts.get(name, 0) + more * times
        inside = each * times
        made += inside
        # A group counts as the selections made in it.
        for name in (group.raw.id, group.link_raw.id if group.link_raw is not None else ""):
            if name:
                counts[name] = counts.get(name, 0) + inside
    return made


def hidden_now(scope: _Scope, element: Element, own: Sequence[_Raw]) -> bool | None:
    """Whether a profile is hidden for the datasheet being read.

    Statically, or by a modifier whose conditions hold; None when a modifier
    might change it but its conditions cannot be evaluated.

    Read once per answer to what it asks of the unit: the conditions of a
    chapter's relics and warlord traits are the same for every unit of a
    catalogue ("shown once the roster has a warlord", "only in this
    chapter's army", "hidden unless the unit takes its Warlord selection").
    What they read of the unit (the counts and the kinds of the unit, of the
    entries above it) is read for each unit; what they read of the roster,
    its catalogue, :attr:`.scope.Shared.legal_roster` and the sub-faction
    the force holds (:attr:`.scope.Shared.force_key`) is the same for a
    catalogue. The first unit that gives those values reads the element;
    every other takes its answer (its conditions on the catalogue counted as
    asked, as reading them would, see :mod:`.reach`). An element none of
    whose conditions is on the roster's catalogue or its force (most
    abilities, the options a unit's own selections hide) has the same answer
    in every catalogue: read once for all of them.
    """
    context = scope.shared.context
    if context is None:
        return _hidden_read(scope, element, own)
    shared = scope.shared
    leaves = shared.unit_reads.get(element)
    if leaves is None:
        leaves = _read_leaves(shared, element)
    catalogue = context.catalogue if shared.asks_catalogue[element] else ""
    key: tuple[object, ...]
    if leaves:
        values = [_unit_value(scope, leaf, own) for leaf in leaves]
        key = (element, catalogue, shared.legal_roster, shared.force_key, *values)
    else:  # (most elements read nothing of the unit)
        key = (element, catalogue, shared.legal_roster, shared.force_key)
    known = shared.hidden_answers.get(key)
    if known is None:
        asked = shared.catalogue_asked
        hidden = _hidden_read(scope, element, own)
        known = shared.hidden_answers[key] = (hidden, shared.catalogue_asked - asked)
    else:
        shared.catalogue_asked += known[1]
    return known[0]


def unit_key(scope: _Scope, element: Element, own: Sequence[_Raw]) -> tuple[bool | int | None, ...]:
    """What :func:`hidden_now` reads of the unit to answer ``element``: two units that give the same answer alike."""
    shared = scope.shared
    leaves = shared.unit_reads.get(element)
    if leaves is None:
        leaves = _read_leaves(shared, element)
    if not leaves:  # (most elements read nothing of the unit)
        return ()
    return tuple([_unit_value(scope, leaf, own) for leaf in leaves])


def _read_leaves(shared: Shared, element: Element) -> tuple[_Leaf, ...]:
    """:func:`_leaves_read` of ``element`` and whether its conditions read the catalogue, kept."""
    leaves = shared.unit_reads[element] = _leaves_read(element, shared.category_ids)
    shared.asks_catalogue[element] = _asks_catalogue(element)
    return leaves


def _asks_catalogue(element: Element) -> bool:
    """Whether a condition of ``element``'s ``set hidden`` modifiers is on the roster's catalogue or its force.

    Only those read the catalogue (:func:`condition`: ``primary-catalogue``, a force-scoped count of a
    category); what the others read is the unit, the entries above it and the roster's counts a legal list
    decides (all in :func:`hidden_now`'s key).
    """
    return any(leaf.get("scope") in ("primary-catalogue", "force") for leaf in _hiding_conditions(element))


#: One condition :func:`hidden_now` reads of the unit, as read from its element once: (whether it is an
#: ``instanceOf``/``notInstanceOf``, its scope, its childId, ``includeChildSelections``, whether it counts
#: selections).
_Leaf = tuple[bool, str, str, bool, bool]


def _unit_leaves(element: Element, categories: frozenset[str]) -> tuple[Element, ...]:
    """The conditions of ``element``'s ``set hidden`` modifiers that read the unit or the entries above it.

    What :func:`condition` reads of the others is the roster's catalogue (``primary-catalogue``, a
    force-scoped count of a category), the counts a legal list decides (:meth:`.scope.Shared.roster_count`)
    or nothing (a condition it cannot evaluate): never ``own``, the stack or :attr:`.scope.Shared.assumed`
    (a count of the "roster" or the "force" is no count of the unit's: those are BattleScribe's words,
    never an id).
    """
    return tuple(
        leaf
        for leaf in _hiding_conditions(element)
        if _LOCAL.get(leaf.tag) == "condition" and _reads_unit(leaf, categories)
    )


def _leaves_read(element: Element, categories: frozenset[str]) -> tuple[_Leaf, ...]:
    """:func:`_unit_leaves`, each as :func:`_unit_value` reads it."""
    return tuple(
        (
            leaf.get("type") in ("instanceOf", "notInstanceOf"),
            leaf.get("scope") or "",
            leaf.get("childId") or "",
            leaf.get("includeChildSelections") == "true",
            leaf.get("field") == "selections",
        )
        for leaf in _unit_leaves(element, categories)
    )


def _reads_unit(element: Element, categories: frozenset[str]) -> bool:
    """Whether :func:`condition` reads the unit or the entries above it to answer ``element`` (see above)."""
    kind = element.get("type") or ""
    where = element.get("scope") or ""
    if kind in ("instanceOf", "notInstanceOf"):
        return where in ("ancestor", "parent", "self")
    if kind not in _COMPARISONS or element.get("percentValue") == "true" or element.get("field") != "selections":
        return False
    if where == "force" and (element.get("childId") or "") in categories:
        return False
    return where not in ("roster", "force")


def _unit_value(scope: _Scope, leaf: _Leaf, own: Sequence[_Raw]) -> bool | int | None:
    """What :func:`condition` reads of the unit to answer one of :func:`_unit_leaves`."""
    is_kind, where, child, deep, selections = leaf
    if is_kind:
        if where == "ancestor":
            return any(_is(scope, raws, child) for raws in scope._stack)
        if where == "parent":
            return bool(scope._stack) and _is(scope, scope._stack[-1], child)
        return _is(scope, own, child)
    return _counted(scope, where, child, deep, own) if selections else None


def _hidden_read(scope: _Scope, element: Element, own: Sequence[_Raw]) -> bool | None:
    """:func:`hidden_now`, read from the conditions."""
    hidden: bool | None = element.get("hidden") == "true"
    for modifier, holders in _set_hidden(element):
        holds = _holders_hold(scope, (*holders, modifier), own)
        value = modifier.get("value") == "true"
        if holds is None:
            if hidden is not None and hidden != value:
                hidden = None
        elif holds:
            hidden = value
    return hidden


def _selection_ids(container: Element, depth: int = 0) -> Iterator[str]:
    """The ``childId`` of every condition (and repeat) on a selection count under ``container``."""
    if depth > _MAX_DEPTH:
        return
    for part in container:
        local = _LOCAL.get(part.tag)
        if local in ("condition", "repeat") and part.get("field") == "selections" and part.get("childId"):
            yield part.get("childId") or ""
        elif local in ("conditions", "conditionGroups", "conditionGroup", "repeats"):
            yield from _selection_ids(part, depth + 1)


def hiding_counts(element: Element) -> list[str]:
    """The entries whose selections the conditions of ``element``'s ``set hidden`` modifiers count, once each."""
    found: list[str] = []
    for modifier, holders in _set_hidden(element):
        for holder in (*holders, modifier):
            for counted in _selection_ids(holder):  # (a loop: see .entries.add_new)
                if counted not in found:
                    found.append(counted)
    return found


def switched_by(scope: _Scope, element: Element, own: Sequence[_Raw], hidden: bool) -> tuple[str, ...]:
    """The entries whose selection turns a profile's ``hidden`` state over: options that grant or take an ability.

    BattleScribe shows a banner's aura only once the banner is taken: the
    ability is hidden in the minimum configuration (``hidden`` True) by a
    modifier counting the unit's selections of that banner. Each entry such a
    ``set hidden`` modifier counts is assumed taken once more
    (:attr:`.scope.Shared.assumed`); it answers when the profile's state then
    turns over (shown, or hidden when ``hidden`` is False). A condition on the
    roster or the force cannot be evaluated, so it answers nothing.
    """
    found: list[str] = []
    shared = scope.shared
    # (What the modifiers count is read once per element: every datasheet that shows the ability asks.)
    counted = shared.hiding_counted.get(element)
    if counted is None:
        counted = shared.hiding_counted[element] = hiding_counts(element)
    for candidate in counted:
        with shared.assuming((candidate,)):
            turned = hidden_now(scope, element, own)
        if turned is not None and turned != hidden:
            found.append(candidate)
    return tuple(found)
