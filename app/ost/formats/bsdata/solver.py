"""The kind solver: a unit's limits as functions of its composition, when they move with what it holds."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from xml.etree.ElementTree import Element

from ost.formats.bsdata.conditions import _COMPARISONS, _picked
from ost.formats.bsdata.entries import _MAX_DEPTH, _float, _modified, _Raw
from ost.formats.bsdata.schema import _LOCAL
from ost.formats.bsdata.scope import _Scope
from ost.formats.bsdata.walk import _KindWalk, _Occurrence

#: Compositions of a unit tried at most when its limits depend on its own selections (real units: a few hundred).
_MAX_COMPOSITIONS = 20_000
#: A model entry without a maximum is counted up to this many when compositions are tried.
_MAX_UNBOUNDED = 60


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
                found.append(_picked(self.scope, raws, True).get(child, 0))
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
        decisive = either  # "or": True wins; "and": False wins; then unknown

        def combined(counts: Sequence[int]) -> bool | None:
            # conditions._three_valued without a generator: asked for every composition, and compiled (see
            # .native) a generator given to a function is read whole first.
            unknown = False
            for check in checks:
                result = check(counts)
                if result is decisive:
                    return decisive
                if result is None:
                    unknown = True
            return None if unknown else not decisive

        return combined

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
            # (Unless every check holds, none applies: _all3's answer is not True; asked for every composition.)
            for check in checks:
                if check(counts) is not True:
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

    def _split(self) -> list[tuple[list[int], int, int | None]]:
        """The groups whose limits never move, with their bounds; the moving groups and entries aside (once)."""
        if self._fixed_groups is None:
            fixed: list[tuple[list[int], int, int | None]] = []
            moving: list[tuple[list[int], _Limits]] = []
            nothing = [0] * len(self.models)
            for members, limits in self.group_limits:
                if any(dynamic for _, _, dynamic in limits):
                    moving.append((members, limits))
                else:
                    fixed.append((members, *self._bounds(limits, nothing)))
            self._fixed_groups, self._moving_groups = fixed, moving
            self._moving_entries = [
                (i, limits) for i, limits in enumerate(self.entry_limits) if any(d for _, _, d in limits)
            ]
        return self._fixed_groups

    def _legal(self, counts: Sequence[int]) -> bool:
        """Whether a composition keeps every limit (the fixed limits of single entries hold by construction)."""
        # (Lists, not generators, summed: asked for every composition tried.)
        for members, low, high in self._split():
            total = sum([counts[i] for i in members])
            if total < low or (high is not None and total > high):
                return False
        for index, limits in self._moving_entries:
            low, high = self._bounds(limits, counts)
            if counts[index] < low or (high is not None and counts[index] > high):
                return False
        for members, limits in self._moving_groups:
            total = sum([counts[i] for i in members])
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

    def shared_ranges(self, buckets: list[list[int]]) -> _Ranges:
        """:meth:`ranges`, or the answer of an earlier solver given the same inputs (in any scope).

        What the compositions are tried on is the model entries (their counts and groups), the limits read
        at :meth:`__init__` (those moving with the unit's own selections, as the unit's ids decide), the
        groups' entries and how many selections of each id the conditions count every entry brings
        (:meth:`weights`, the scope's answer): twelve chapters offer a library unit that gives them all alike.
        """
        memo = self.scope.shared.solved
        key = (
            tuple([(o.raws, o.low, o.high, o.groups) for o in self.models]),
            tuple([tuple(bucket) for bucket in buckets]),
            tuple(self._group_raws),
            tuple([_frozen(limits) for limits in self.entry_limits]),
            tuple([(tuple(members), _frozen(limits)) for members, limits in self.group_limits]),
            tuple([_frozen(self._limits(raws)) if raws is not None else None for raws in self._group_raws]),
            tuple(self.referenced),
            tuple([self.weights(*wanted) for wanted in self.referenced]),
        )
        if key in memo:
            return memo[key]
        found = memo[key] = self.ranges(buckets)
        return found

    def ranges(self, buckets: list[list[int]]) -> _Ranges:
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
        for counts in self._compositions(spans, [members[0] for members in variables]):
            for members, count in zip(variables, counts, strict=True):
                full[members[0]] = count  # counted alike: the first one stands for them all
            if not self._legal(full):
                continue
            bounded = bounded or any(counts[i] == most for i in capped)
            sums = [sum([full[i] for i in bucket]) for bucket in buckets]
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

    def _compositions(self, spans: list[range], firsts: list[int]) -> Iterator[tuple[int, ...]]:
        """The compositions of ``spans`` (one count per variable; ``firsts``: the entry standing for each).

        Those that put more in a group than its fixed maximum are never legal
        and are not even made: the counts are placed one variable after the
        other, and a count that overfills a group ends the span there (every
        larger one overfills it too). Most compositions of real units are
        such (a Crusader Squad's two special weapons among eight entries).
        """
        fixed = self._split()
        highs = [high if high is not None else -1 for _, _, high in fixed]
        capped = [
            [g for g, (members, _, high) in enumerate(fixed) if high is not None and first in members]
            for first in firsts
        ]
        if not any(capped):
            yield from itertools.product(*spans)
            return
        sums = [0] * len(fixed)
        counts = [0] * len(spans)
        last = len(spans) - 1

        def place(index: int) -> Iterator[tuple[int, ...]]:
            groups = capped[index]
            for value in spans[index]:
                if groups and any(sums[g] + value > highs[g] for g in groups):
                    break
                counts[index] = value
                if index == last:
                    yield tuple(counts)
                    continue
                for g in groups:
                    sums[g] += value
                yield from place(index + 1)
                for g in groups:
                    sums[g] -= value

        if spans:
            yield from place(0)
        else:
            yield ()


_Limits = list[tuple[str, float, list[tuple[str, float, tuple[Element, ...]]]]]
#: What :meth:`_Solver.ranges` gives: the unit's least and most models, each bucket's, whether a bound was reached.
_Ranges = tuple[tuple[int, int], list[tuple[int, int]], bool] | None


def _frozen(limits: _Limits) -> tuple[object, ...]:
    """``limits`` as a key (their modifiers' elements by identity)."""
    return tuple([(kind, value, tuple(dynamic)) for kind, value, dynamic in limits])


def _comparison(
    counter: Callable[[Sequence[int]], int], compare: Callable[[float, float], bool], value: float
) -> Callable[[Sequence[int]], bool | None]:
    """One count condition as a function of a unit's composition."""
    return lambda counts: compare(counter(counts), value)
