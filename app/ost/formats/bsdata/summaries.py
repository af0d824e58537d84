"""What a subtree sums to: the minimum configuration of an entry or group (price, models, options, profiles).

:func:`summarise` is memoised per scope; a subtree whose price depends on a
condition is read again where what the condition looks at differs (see
:mod:`.conditions`), one whose options a count of the force may hide is read
again for each catalogue, and an entry of a library is read once, in the
library's own scope, for every catalogue that links to it.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from ost.formats.bsdata.conditions import hidden_now, price
from ost.formats.bsdata.entries import (
    _MAX_DEPTH,
    _NO_MET,
    _NOTHING,
    _add,
    _Child,
    _counts,
    _not_gear,
    _Option,
    _Raw,
    _Sum,
    _times,
)
from ost.formats.bsdata.scope import _Scope


def _inherit(result: _Sum, part: _Sum) -> None:
    """What a child's subtree tells its parent about conditions: whether it depends on them, and which it met."""
    if part.sensitive:
        result.sensitive = True
        result.by_catalogue = result.by_catalogue or part.by_catalogue
        result.met = result.met | part.met if result.met else part.met
    elif part.by_catalogue:
        result.by_catalogue = True


def _merge(into: dict[str, Element], more: dict[str, Element]) -> None:
    for name, element in more.items():
        into.setdefault(name, element)


def summarise(scope: _Scope, element: Element, link: Element | None, depth: int = 0, *, loose: bool = False) -> _Sum:
    """The minimum configuration of ``element`` (through ``link``), memoised.

    ``loose`` also counts as models the upgrade entries that carry a Unit
    profile: some units are built only of those (Special Weapons Squad,
    fortification sections, Arvus Lighter), and are read again that way
    when the strict count finds no model at all.
    """
    return _summarise(scope, element, link, scope.shared.raw(link) if link is not None else None, depth, loose)


def _summarise(
    scope: _Scope, element: Element, link: Element | None, link_raw: _Raw | None, depth: int, loose: bool
) -> _Sum:
    """:func:`summarise` with the link already read (``link_raw``: the walks below hold it in their children)."""
    if link_raw is not None and link_raw.plain:
        link = link_raw = None  # a link that changes nothing its target computes: share the target's reading
    shared = scope.shared
    homes = shared.homes
    home = homes.get(element)
    if home is not None and home is not scope.owner and (link_raw is None or not link_raw.has_children):
        # An entry of a library (or of the game system): read in its own file's scope, where every
        # catalogue that links to it finds the same result. (Read on here, in that scope: its owner is the
        # home, so it would not send it on again.)
        other = shared.scopes.get(home.id) or shared.scope_of(home)
        if other is not scope:
            scope = other
            if home is not scope.owner:
                return _summarise(scope, element, link, link_raw, depth, loose)
    # A subtree whose prices depend on conditions is read again for each datasheet (and each parent);
    # the first reading tells whether it does, and is the only one kept for the others.
    plain = (element, link, loose, "")
    known = scope._sums.get(plain)
    key = plain
    if known is not None:
        context = shared.context
        if not (known.sensitive or known.by_catalogue) or context is None:
            return known
        # Read again where what the conditions look at differs: the entries above (ids and categories),
        # and the catalogue when a condition asks for it. Twelve chapters share one reading.
        key = (element, link, loose, _signature(scope) if known.sensitive else "")
        known = scope._sums.get(key) if known.sensitive else known
        if known is not None and known.by_catalogue:
            key = (element, link, loose, f"{key[3]}@{context.catalogue}")
            known = scope._sums.get(key)
        if known is not None:
            return known
    if key in scope._active or depth > _MAX_DEPTH:
        return _NOTHING  # a cycle of links, or absurd nesting: contributes nothing
    scope._active.add(key)
    try:
        raw = shared.raw(element)
        # Entries written inside this one live in the same file (links record theirs when resolved).
        entries, groups = scope.children(raw, link_raw)
        mine = home or scope.owner
        for child in (*entries, *groups):
            if child.link is None and child.element not in homes:
                homes[child.element] = mine
        if raw.kind == "group":
            result = _group(scope, raw, link_raw, depth, loose)
        else:
            result = _entry(scope, raw, link_raw, depth, loose)
    finally:
        scope._active.discard(key)
    scope._sums[key] = result
    if (result.sensitive or result.by_catalogue) and scope.context is not None:
        signature = _signature(scope) if result.sensitive else ""
        scope._sums.setdefault((element, link, loose, signature), result)
        if result.by_catalogue:
            scope._sums[(element, link, loose, f"{signature}@{scope.context.catalogue}")] = result
    return result


def _signature(scope: _Scope) -> str:
    """What conditions can see of the entries above: each one's id and categories."""
    parts = []
    cache = scope.shared.signatures
    for raws in scope._stack:
        known = cache.get(raws)
        if known is None:
            removed = {t for raw in raws for t in raw.remove_categories}
            categories = {t for raw in raws for t, _ in raw.categories}
            categories.update(t for raw in raws for t in raw.add_categories)
            known = raws[0].id + "|" + ",".join(sorted(categories - removed))
            cache[raws] = known
        parts.append(known)
    return "/".join(parts)


def _own_profiles(scope: _Scope, raws: tuple[_Raw, ...], result: _Sum) -> None:
    """The entry's own Unit and Weapon profiles into ``result``.

    Memoised: conditional prices re-read an entry often, its profiles never change.
    """
    known = scope._profiles.get(raws)
    if known is None:
        units: dict[str, Element] = {}
        weapons: dict[str, Element] = {}
        for profile in scope.profiles_of(raws):
            kind = profile.get("typeName") or ""
            name = profile.get("name") or ""
            if kind.startswith("Unit"):
                units.setdefault(name, profile)
            elif kind == "Weapon":
                weapons.setdefault(name, profile)
        known = (units, weapons)
        scope._profiles[raws] = known
    result.unit_profiles.update(known[0])
    result.weapons.update(known[1])


def _entry(scope: _Scope, raw: _Raw, link_raw: _Raw | None, depth: int, loose: bool) -> _Sum:
    raws = (raw, link_raw) if link_raw is not None else (raw,)
    result = _Sum(is_model=raw.type == "model")
    asked = scope.shared.catalogue_asked
    met: set[tuple[Element, bool, str]] = set()
    result.price = price(scope, raws, met)
    result.met = frozenset(met) if met else _NO_MET
    result.sensitive = any(r.cost_conditional for r in raws)
    result.by_catalogue = scope.shared.catalogue_asked != asked
    _own_profiles(scope, raws, result)
    if loose and raw.type == "upgrade" and result.unit_profiles and not raw.not_model:
        result.is_model = True
    if result.is_model:
        result.models_min = result.models_max = result.models_cap = 1
    # What is under a relic, a trait… is not the datasheet's; under a model, whatever its name, it is (the Chaos
    # Warlord Titan is an upgrade with a Unit profile of its own).
    gear = bool(result.unit_profiles) or not _not_gear(raw, link_raw)
    entries, groups = scope.children(raw, link_raw)
    scope._stack.append(raws)
    try:
        return _entry_children(scope, result, entries, groups, depth, loose, gear)
    finally:
        scope._stack.pop()


def _entry_children(
    scope: _Scope, result: _Sum, entries: list[_Child], groups: list[_Child], depth: int, loose: bool, gear: bool
) -> _Sum:
    grow_from_entries: float | None = None
    grow_from_children: float | None = None
    for child in entries:
        if child.hidden:
            continue
        part = _summarise(scope, child.element, child.link, child.link_raw, depth + 1, loose)
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
        _take_options(scope, result, child, part, extra=low == 0)
        if gear:
            _merge(result.unit_profiles, part.unit_profiles)
            _merge(result.weapons, part.weapons)
    group_grow = _add_groups(scope, result, groups, depth, loose=loose, gear=gear)
    if grow_from_children is None:
        grow_from_children = group_grow
    result.grow = grow_from_entries if grow_from_entries is not None else grow_from_children
    return result


def _add_groups(
    scope: _Scope, result: _Sum, groups: list[_Child], depth: int, *, loose: bool, gear: bool
) -> float | None:
    """Add the nested groups' sums to ``result``; returns the first price per extra model they give."""
    grow: float | None = None
    for child in groups:
        if child.hidden:
            continue
        part = _summarise(scope, child.element, child.link, child.link_raw, depth + 1, loose)
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
    scope: _Scope, result: _Sum, child: _Child, part: _Sum, *, extra: bool, points: float | None = None
) -> None:
    """Record ``child`` as a priced option (when it is optional wargear) and pass its own options up.

    Not one the roster's force hides (see :func:`_hidden_by_force`).
    """
    carries_models = part.models_max != 0
    price = part.price if points is None else points
    forced = child.raw.force_counted or (child.link_raw is not None and child.link_raw.force_counted)
    # (Asked only of what would give an option: a stratagem at 0 points depends on nothing here.)
    offers = (not carries_models and price > 0) or part.options
    if extra and forced and offers and _hidden_by_force(scope, result, child):
        return
    if extra and not carries_models and price > 0:
        option_id = child.option_id
        entry = child.raw.id if child.raw.id != option_id else ""
        result.options.setdefault(option_id, _Option(option_id, child.name, price, False, child.high, entry=entry))
    repeats = carries_models and part.is_model and (child.high is None or child.high > 1)
    for key, option in part.options.items():
        if key in result.options:
            continue
        if part.is_model and not option.named:
            # "Boss Nob – Power Klaw": say which model of the unit takes it.
            name = f"{child.name} – {option.name}"
            option = _Option(option.id, name, option.points, option.per_model, option.max, True, option.entry)
        if repeats and not option.per_model:
            option = _Option(option.id, option.name, option.points, True, None, option.named, option.entry)
        result.options[key] = option


def _hidden_by_force(scope: _Scope, result: _Sum, child: _Child) -> bool:
    """Whether a modifier that counts a category in the force hides an optional ``child`` for this catalogue.

    Such a count is decided where the catalogue's scope cannot give the category (the Blood Angels'
    Death Company Captain, an upgrade of the library every chapter's Captain links to, is hidden
    unless the force holds their "PC: BA"): another chapter's list never offers it. Only then are the
    child's ``hidden`` modifiers evaluated (an option stays unless it is hidden for sure); other
    conditional hides are the wargear reader's (:mod:`.wargear`), as before. ``result`` is marked as
    read for this catalogue and the entries above.
    """
    shared = scope.shared
    counted = [c for raw in (child.raw, child.link_raw) if raw is not None for c in raw.force_counted]
    categories = [c for c in counted if c in shared.category_ids]
    if not categories:
        return False
    # Marked whatever the answer (and without a datasheet being read), as a conditional price is.
    result.by_catalogue = True
    if not all(r.force_only for r in (child.raw, child.link_raw) if r is not None):
        result.sensitive = True  # its other conditions may look at the entries above
    context = scope.context
    if context is None or not any(shared.force_decides(context.catalogue, c) for c in categories):
        return False
    own = scope._stack[-1] if scope._stack else (child.raw,)
    return any(hidden_now(scope, e, own) is True for e in (child.element, child.link) if e is not None)


def _group(scope: _Scope, raw: _Raw, link_raw: _Raw | None, depth: int, loose: bool) -> _Sum:
    raws = (raw, link_raw) if link_raw is not None else (raw,)
    group_low, group_high = _counts(raws)
    result = _Sum()
    gear = not raw.not_gear and not (link_raw is not None and link_raw.not_gear)
    entries, groups = scope.children(raw, link_raw)
    parts = [
        (child, _summarise(scope, child.element, child.link, child.link_raw, depth + 1, loose))
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
        _take_options(scope, result, trimmed, part, extra=not in_base, points=max(0.0, difference))
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
    group_grow = _add_groups(scope, result, groups, depth, loose=loose, gear=gear)
    if grow is None:
        grow = group_grow
    if group_high is not None and biggest:
        cap = group_high * biggest
        result.models_max = cap if result.models_max is None else min(result.models_max, cap)
        result.models_cap = min(result.models_cap, cap)
    result.grow = grow
    return result
