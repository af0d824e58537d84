"""The model walk: every model entry of a unit, whatever BattleScribe calls it, with its limits and groups."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from ost.formats.bsdata.entries import _counts, _not_gear, _Raw
from ost.formats.bsdata.scope import _Scope
from ost.formats.bsmodels import EntryView, carries_model, is_model_profile

#: Entries and groups looked at for a unit's model kinds (real units stay under 100).
_MAX_WALK = 600
#: Names (of a model entry or of a group or link on its way) that mark models bought as wargear: a
#: T'au Commander's drones, a familiar, a Commissar's "Attachés and Bodyguards". They are models of the unit
#: only when the unit has no other models (a unit of drones). "Bodyguard" alone is no such word: Crisis
#: Bodyguards are a unit.
_WARGEAR_MODEL_NAME = re.compile(r"\b(?:drones?|familiars?|attach[ée]s?|servo-skulls?)\b", re.IGNORECASE)


@dataclass
class _Occurrence:
    """One model entry met under a unit (directly, through groups, or the unit entry itself)."""

    raws: tuple[_Raw, ...]
    name: str
    low: int
    high: int | None
    #: Indexes of the groups (in :class:`_KindWalk`) that hold it, outermost first.
    groups: tuple[int, ...]
    wargear: bool
    element: Element
    link: Element | None
    option_id: str
    #: The most the unit can take (its own maximum and its groups'); set for wargear models.
    cap: int | None = None


@dataclass
class _KindWalk:
    occurrences: list[_Occurrence] = field(default_factory=list)
    #: (min, max) of each group met.
    groups: list[tuple[int, int | None]] = field(default_factory=list)
    #: The entries of each group (None: a unit inside the unit, whose limits count units, not models).
    group_raws: list[tuple[_Raw, ...] | None] = field(default_factory=list)
    #: More entries than any real unit holds: the unit is read without kinds.
    overflow: bool = False


def walk_models(scope: _Scope, raw: _Raw, link_raw: _Raw | None) -> _KindWalk:
    """Every model entry of a unit, whatever BattleScribe calls it, with its limits and groups.

    A model is a ``model`` entry, or an ``upgrade`` that carries a Unit
    profile directly under the unit (or its groups); inside a model, only
    ``model`` entries are models (an upgrade with a profile there is gear).
    Wargear groups (relics, traits…) are not searched.
    """
    walk = _KindWalk()
    inside = raw.type == "model"
    _walk(scope, _view(scope), raw, link_raw, walk, (), inside, False, 0)
    return walk


def _walk(
    scope: _Scope,
    view: EntryView[tuple[_Raw, ...]],
    raw: _Raw,
    link_raw: _Raw | None,
    walk: _KindWalk,
    groups: tuple[int, ...],
    inside_model: bool,
    gear_path: bool,
    depth: int,
) -> None:
    """Add the model entries under ``raw`` (through ``link_raw``) to ``walk``; ``view`` reads entries in ``scope``."""
    if depth > 8 or walk.overflow:
        return
    entries, nested = scope.children(raw, link_raw)
    if len(walk.occurrences) + len(walk.groups) + len(entries) + len(nested) > _MAX_WALK:
        walk.overflow = True  # no real unit comes near: a hostile file is read without kinds
        return
    for child in entries:
        if child.hidden or _not_gear(child.raw, child.link_raw):
            continue
        raws = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
        # The shared definition (ost.formats.bsmodels): typed model, or carrying a model profile, inside no
        # model; a unit inside the unit is walked through (its models are the unit's), and an entry named as
        # bookkeeping ("Stat Damage", "Battle Honours") carries no model whatever its profiles.
        is_model = child.raw.type == "model" or (
            not inside_model and child.raw.type != "unit" and not child.raw.not_model and carries_model(view, raws)
        )
        if not is_model:
            if child.raw.type == "unit":
                # A unit inside the unit (the Veterans of a Command Squad): its models are the unit's.
                index = len(walk.groups)
                walk.groups.append((child.low, child.high))
                walk.group_raws.append(None)
                inner = scope.home_of(child.element, child.link_raw)
                _walk(
                    inner,
                    view if inner is scope else _view(inner),
                    child.raw,
                    child.link_raw,
                    walk,
                    (*groups, index),
                    False,
                    gear_path,
                    depth + 1,
                )
            continue
        wargear = gear_path or any(_WARGEAR_MODEL_NAME.search(r.name) for r in raws)
        walk.occurrences.append(
            _Occurrence(
                raws, child.name, child.low, child.high, groups, wargear, child.element, child.link, child.option_id
            )
        )
    for child in nested:
        if child.hidden or child.raw.not_gear or (child.link_raw is not None and child.link_raw.not_gear):
            continue
        raws = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
        index = len(walk.groups)
        walk.groups.append(_counts(raws))
        walk.group_raws.append(raws)
        words = gear_path or any(_WARGEAR_MODEL_NAME.search(r.name) for r in raws)
        # A library's group is read in the library's scope, as its summary is.
        inner = scope.home_of(child.element, child.link_raw)
        inner_view = view if inner is scope else _view(inner)
        _walk(inner, inner_view, child.raw, child.link_raw, walk, (*groups, index), inside_model, words, depth + 1)


def _view(scope: _Scope) -> EntryView[tuple[_Raw, ...]]:
    """How :mod:`ost.formats.bsmodels` reads an entry of the data (its raws, in ``scope``)."""
    return EntryView(
        kind=lambda raws: raws[0].type,
        model_profiles=lambda raws: [
            p.get("name") or ""
            for p in scope.unit_profile_elements(raws)
            if is_model_profile(p.get("typeId"), p.get("typeName"))
        ],
        children=lambda raws: [],
    )
