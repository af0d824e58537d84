"""Giving each model selection of a unit a kind of its datasheet."""

from __future__ import annotations

from xml.etree.ElementTree import Element

import msgspec

from ost.core.catalogue import (
    Datasheet,
)
from ost.formats.bsmodels import (
    Gear,
)
from ost.formats.lists.reading import (
    MATCH_THRESHOLD,
)
from ost.formats.lists.roster.elements import key_of


class Candidate(msgspec.Struct):
    """A selection that is a model (or models) of the unit, before it is given a kind."""

    name: str
    ids: list[str]
    number: int
    #: The unit's own selection (a character whose entry is the model).
    itself: bool
    #: Inside another model's selection (a drone a Commander carries).
    nested: bool
    profile_names: list[str]
    points: float
    weapons: list[Element]
    #: The model's selection and everything under it (its wargear).
    entry: Element | None = None
    gear: list[Gear[Element]] = msgspec.field(default_factory=list)


class Composition(msgspec.Struct):
    models: int
    #: Kind id -> count, when the datasheet is known.
    composition: dict[str, int]
    wargear: list[Candidate]
    #: For each candidate, in order: the kinds its models went to (kind id, how many); empty: wargear.
    placed: list[list[tuple[str, int]]] = msgspec.field(default_factory=list)


def assign_kinds(sheet: Datasheet, candidates: list[Candidate]) -> Composition:
    """Give each model selection a kind of ``sheet``: by BattleScribe id, by name, then where there is room.

    A model selection that matches no kind, inside another model's selection,
    is wargear (a Commander's or a Piranha's Gun Drones), not a model, when
    the kinds have BattleScribe ids (they name every model of the unit) or
    every kind is full.
    """
    counts = {k.id: 0 for k in sheet.kinds}
    placed: dict[int, list[tuple[str, int]]] = {}
    by_id: dict[str, str] = {}
    for kind in sheet.kinds:
        for bs_id in kind.bs_ids:
            by_id.setdefault(bs_id, kind.id)
    left: list[Candidate] = []
    for candidate in candidates:
        kind_id = next((by_id[i] for i in candidate.ids if i in by_id), None)
        if kind_id is None:
            left.append(candidate)
        else:
            counts[kind_id] += candidate.number
            placed[id(candidate)] = [(kind_id, candidate.number)]
    unnamed: list[Candidate] = []
    kind_keys = [(k.id, {key_of(k.name), key_of(k.profile or "")} - {""}) for k in sheet.kinds]
    for candidate in left:
        names = {key_of(candidate.name), *(key_of(n) for n in candidate.profile_names)} - {""}
        kind_id = next((kid for kid, keys in kind_keys if keys & names), None)
        if kind_id is None and len(sheet.kinds) > 1:
            kind_id = closest_kind(kind_keys, names)
        if kind_id is None:
            unnamed.append(candidate)
        else:
            counts[kind_id] += candidate.number
            placed[id(candidate)] = [(kind_id, candidate.number)]
    wargear: list[Candidate] = []
    bulk = sheet.kinds[sheet.bulk_index]
    ids_known = bool(by_id)
    for candidate in unnamed:
        number = candidate.number
        if candidate.itself:
            order = list(sheet.kinds)
        else:
            short = [k for k in sheet.kinds if counts[k.id] < k.min]
            order = [*short, bulk, *(k for k in sheet.kinds if k is not bulk and k not in short)]
        room = sum(max(0, k.max - counts[k.id]) for k in sheet.kinds)
        if candidate.nested and (ids_known or room < number):
            wargear.append(candidate)
            continue
        spots: list[tuple[str, int]] = []
        for kind in order:
            take = min(number, max(0, kind.max - counts[kind.id]))
            counts[kind.id] += take
            number -= take
            if take:
                spots.append((kind.id, take))
        counts[bulk.id] += number
        if number:
            spots.append((bulk.id, number))
        placed[id(candidate)] = spots
    return Composition(sum(counts.values()), counts, wargear, [placed.get(id(c), []) for c in candidates])


def closest_kind(kind_keys: list[tuple[str, set[str]]], names: set[str]) -> str | None:
    from rapidfuzz import fuzz  # here: most rosters name their models as the data does and never need it

    best: tuple[float, str] | None = None
    for kind_id, keys in kind_keys:
        for key in keys:
            for name in names:
                score = max(fuzz.ratio(key, name), fuzz.token_sort_ratio(key, name))
                if score >= MATCH_THRESHOLD and (best is None or score > best[0]):
                    best = (score, kind_id)
    return best[1] if best else None
