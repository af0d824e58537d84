"""The walk of one unit's selections: its models (as candidates for a kind), its upgrades, every price stated."""

from __future__ import annotations

from collections.abc import Iterator
from xml.etree.ElementTree import Element

import msgspec

from ost.core.catalogue import (
    Datasheet,
)
from ost.core.text import fold
from ost.formats.bsmodels import (
    EntryView,
    Gear,
    UnitModels,
    carries_model,
)
from ost.formats.lists.roster.elements import (
    ROSTER_VIEW,
    WARLORD,
    ids_of,
    key_of,
    number_of,
    own_ids,
    own_points,
    profiles_of,
)
from ost.formats.lists.roster.kinds import Candidate, closest_kind


class UnitGear(msgspec.Struct):
    """Upgrades found under a unit: name -> times taken, stated points and weapon profiles, in order."""

    counts: dict[str, int] = msgspec.field(default_factory=dict)
    points: dict[str, float] = msgspec.field(default_factory=dict)
    weapons: dict[str, list[Element]] = msgspec.field(default_factory=dict)
    #: Models that are wargear (a Commander's drones): kept as options, never as models.
    models: set[str] = msgspec.field(default_factory=set)
    #: BattleScribe ids of each upgrade's selections (a datasheet imported from the data names its options so).
    ids: dict[str, list[str]] = msgspec.field(default_factory=dict)
    #: The model whose selection holds the upgrade ("Boss Nob" for his Power Klaw), when it is not the unit.
    owners: dict[str, str] = msgspec.field(default_factory=dict)
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

    def shared(self, copies: int) -> UnitGear:
        """The gear of one of ``copies`` identical units (BattleScribe's numbers are totals)."""
        if copies <= 1:
            return self
        return UnitGear(
            counts={n: max(1, round(c / copies)) for n, c in self.counts.items()},
            points={n: p / copies for n, p in self.points.items()},
            weapons=self.weapons,
            models=self.models,
            ids=self.ids,
            owners=self.owners,
            warlord=self.warlord,
        )


class Walk(msgspec.Struct):
    """What sorting a unit's selections finds."""

    copies: int
    kind_ids: frozenset[str]
    #: The roster states each selection's cost with its children's (New Recruit): count each once.
    cumulative: bool = False
    view: EntryView[Element] = msgspec.field(default_factory=lambda: ROSTER_VIEW)
    gear: UnitGear = msgspec.field(default_factory=lambda: UnitGear())
    candidates: list[Candidate] = msgspec.field(default_factory=list)
    #: Every points cost stated in the unit's selections (each selection's own).
    prices: list[float] = msgspec.field(default_factory=list)


def selections_in(unit: Element, split: UnitModels[Element]) -> Iterator[Element]:
    """Every selection of a split unit, each once: the unit's own first."""
    yield unit
    for model in split.models:
        if model.entry is not unit:
            yield model.entry
        for item in model.gear:
            yield item.entry
    for item in split.unit_gear:
        yield item.entry


def sort_selections(unit: Element, split: UnitModels[Element], walk: Walk) -> None:
    """Models (by the one definition of :mod:`ost.formats.bsmodels`) and wargear, and every price stated."""
    copies = walk.copies
    for element in selections_in(unit, split):
        points = own_points(element, walk.cumulative)
        if points is not None:
            walk.prices.append(points)
    for model in split.models:
        element = model.entry
        name = " ".join((element.get("name") or "").split())
        profile_names, weapons = profiles_of(element)
        number = 1 if model.itself and (element.get("type") or "").strip().lower() != "model" else None
        if number is None:
            number = number_of(element.get("number"))
            if copies > 1:  # totals over the copies of the unit
                number = max(1, round(number / copies))
        walk.candidates.append(
            Candidate(
                name=name,
                ids=ids_of(element),
                number=number,
                itself=model.itself,
                nested=False,
                profile_names=profile_names,
                points=(own_points(element, walk.cumulative) or 0.0) / copies,
                weapons=weapons,
                entry=element,
                gear=model.gear,
            )
        )
        owner = None if model.itself else name
        _add_gear(model.gear, walk, owner)
    _add_gear(split.unit_gear, walk, None)


def _add_gear(items: list[Gear[Element]], walk: Walk, owner: str | None) -> None:
    for item in items:
        element = item.entry
        name = " ".join((element.get("name") or "").split())
        if not name:
            continue
        if fold(name) in WARLORD:
            walk.gear.warlord = True
            continue
        _, weapons = profiles_of(element)
        inner = next((p for p in reversed(item.path) if carries_model(walk.view, p)), None)
        who = " ".join((inner.get("name") or "").split()) if inner is not None else owner
        walk.gear.add(
            name,
            number_of(element.get("number")),
            own_points(element, walk.cumulative) or 0.0,
            weapons,
            model=item.model,
            ids=ids_of(element),
            owner=who,
        )


class Views:
    """How to read each datasheet's units in a roster (remembered per datasheet for one read)."""

    def __init__(self) -> None:
        self._kind_id_memo: dict[str, frozenset[str]] = {}

    def view(self, sheet: Datasheet | None) -> EntryView[Element]:
        """How to read this unit's selections: the structure, and the models its datasheet names.

        A selection whose own id is one of the datasheet's model kinds' (Grey
        Knights entered as upgrades with no profile), or a ``model`` selection
        named like one of its several kinds (a Grimnyr's drones), is a model of
        the unit wherever the writer put it.
        """
        if sheet is None:
            return ROSTER_VIEW
        kind_ids = self.kind_ids(sheet)
        names = (
            [(k.id, {key_of(k.name), key_of(k.profile or "")} - {""}) for k in sheet.kinds]
            if len(sheet.kinds) > 1
            else []
        )
        if not kind_ids and not names:
            return ROSTER_VIEW

        def named(selection: Element) -> bool:
            if any(i in kind_ids for i in own_ids(selection)):
                return True
            if not names or (selection.get("type") or "").strip().lower() != "model":
                return False
            key = {key_of(" ".join((selection.get("name") or "").split()))} - {""}
            return any(keys & key for _, keys in names) or closest_kind(names, key) is not None

        return msgspec.structs.replace(ROSTER_VIEW, named_model=named)

    def kind_ids(self, sheet: Datasheet | None) -> frozenset[str]:
        """The BattleScribe ids of ``sheet``'s model kinds (remembered per datasheet)."""
        if sheet is None:
            return frozenset()
        known = self._kind_id_memo.get(sheet.id)
        if known is None:
            known = frozenset(bs_id for kind in sheet.kinds for bs_id in kind.bs_ids)
            self._kind_id_memo[sheet.id] = known
        return known
