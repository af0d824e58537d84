"""Model kinds of a unit: one per model entry (entries of the same profile merged), with their limits and price.

The groups' limits are applied innermost first; limits that move with what
the unit itself holds go to :class:`.solver._Solver`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.etree.ElementTree import Element

from ost.formats.bsdata.entries import _add, _Raw, _sum_highs, add_new
from ost.formats.bsdata.profiles import _profile_wounds
from ost.formats.bsdata.scope import _Scope
from ost.formats.bsdata.solver import _Solver
from ost.formats.bsdata.summaries import summarise
from ost.formats.bsdata.walk import _KindWalk, _Occurrence, walk_models


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


def kind_drafts(
    scope: _Scope,
    raw: _Raw,
    link_raw: _Raw | None,
    element: Element,
    link: Element | None,
    met: set[tuple[Element, bool, str]],
) -> tuple[list[_KindDraft], list[_Occurrence], int, int | None]:
    """The model kinds of a unit, its wargear models, and its size (min, max; None: no maximum)."""
    walk = walk_models(scope, raw, link_raw)
    if walk.overflow:
        return [], [], 0, None
    raws = (raw, link_raw) if link_raw is not None else (raw,)
    models = [o for o in walk.occurrences if not o.wargear]
    wargear = [o for o in walk.occurrences if o.wargear]
    own_profiles = scope.unit_profile_elements(raws)
    if raw.type == "model":
        # Inside a model, a model entry with no profile (a Grot Oiler "does not count as a model") is gear.
        profiled = [o for o in models if scope.unit_profile_elements(o.raws) or _named_profile(own_profiles, o.name)]
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
        profiles = scope.unit_profile_elements(occurrence.raws) or _named_profile(own_profiles, occurrence.name)
        profile_name = (profiles[0].get("name") or "") if profiles else ""
        key = " ".join((profile_name or occurrence.name).split()).casefold()
        scope._stack.append(raws)
        try:
            model = summarise(scope, occurrence.element, occurrence.link)
            price = model.price
            met.update(model.met)
        finally:
            scope._stack.pop()
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
        add_new(draft.bs_ids, [r.id for r in occurrence.raws])
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
                        capped if not any(index not in o.groups for o in kind.occurrences) else _add(outside, capped)
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
    solved = solve_kinds(scope, walk, raws, models, kinds, high_total)
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


def solve_kinds(
    scope: _Scope,
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
    solver = _Solver(scope, walk, unit_ids, models)
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
    if key in scope._solved:
        ranges = scope._solved[key]
    else:
        ranges = scope._solved[key] = solver.shared_ranges(buckets)
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
