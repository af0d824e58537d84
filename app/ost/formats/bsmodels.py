"""What a model is in BattleScribe structures: one definition for rosters and data.

BattleScribe writers enter the same unit in many shapes: a Librarian
Dreadnought as one ``model`` selection holding four weapon ``upgrade``
selections; Grey Knights as ``upgrade`` selections that carry a "Unit"
profile; Celestine and her Geminae under an entry with no profile of its own;
Chaos Cultists as a ``unit`` entry carrying the troopers' profile over
``model`` selections that have none. This module says, once, which entries
are models:

- a model is an entry typed ``model`` or carrying a model profile ("Unit" in
  the 9th-edition game system), that is not inside another model;
- everything under a model is that model's wargear (a Commander's Gun Drones
  included: they are inside him);
- an entry that only wraps models (no model profile of its own) is not one;
- a unit entry with a model profile that holds models is itself a model only
  when each model it holds has its own, different profile (a Dark Apostle with
  his Disciples); otherwise its profile is its models' (Chaos Cultists,
  Hellhounds with a Devil Dog) and it does not count itself.

The functions take a :class:`EntryView`: three plain accessors (the entry's
type, the names of its model profiles, its child entries), so the roster
reader (``<selection>`` elements) and the data importer (``<selectionEntry>``
elements) share the definition without sharing a tree type.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import msgspec

T = TypeVar("T")

#: The 9th-edition game system's "Unit" profile type: the profile of a model.
MODEL_PROFILE_TYPE_ID = "800f-21d0-4387-c943"

#: Deepest nesting followed (a roster's own limit is lower).
MAX_DEPTH = 64


def is_model_profile(type_id: str | None, type_name: str | None) -> bool:
    """Whether a profile of this type describes a model ("Unit", "Unit (Wounds 6+)", by id or name)."""
    name = (type_name or "").strip().casefold()
    return (type_id or "").strip() == MODEL_PROFILE_TYPE_ID or name == "unit" or name.startswith("unit (")


class EntryView(msgspec.Struct, Generic[T], frozen=True):
    """How to read an entry of some tree: its type, its model profiles' names, its children."""

    kind: Callable[[T], str]
    model_profiles: Callable[[T], Sequence[str]]
    children: Callable[[T], Sequence[T]]
    #: An entry the unit's datasheet names as one of its model kinds (by id): a model whatever its type,
    #: even inside the unit's own model entry (a Dark Apostle's Disciples). None: the structure alone decides.
    named_model: Callable[[T], bool] | None = None


class TooDeep(ValueError):
    """Entries nested deeper than :data:`MAX_DEPTH`: not a real unit."""


def carries_model(view: EntryView[T], entry: T) -> bool:
    """Typed ``model``, carrying a model profile or named a model kind (whether it is a model depends on where)."""
    if view.kind(entry).strip().lower() == "model" or view.model_profiles(entry):
        return True
    return view.named_model is not None and view.named_model(entry)


def _fellow(view: EntryView[T], entry: T) -> bool:
    """A model inside the unit's own model entry that is the unit's model all the same (the datasheet says so)."""
    return view.named_model is not None and carries_model(view, entry) and view.named_model(entry)


class Gear(msgspec.Struct, Generic[T]):
    """An entry under a model (or under the unit, outside every model), with the entries between."""

    entry: T
    #: Entries between the model (or the unit) and this one, outermost first.
    path: tuple[T, ...]
    #: A model inside a model: wargear of the outer one (a Commander's drones).
    model: bool = False


class Model(msgspec.Struct, Generic[T]):
    """One model entry of a unit (its ``number`` gives how many) and everything under it."""

    entry: T
    #: The unit's own entry (a character entered as his model).
    itself: bool
    gear: list[Gear[T]] = msgspec.field(default_factory=list)


class UnitModels(msgspec.Struct, Generic[T]):
    """A unit entry split into its models and what the unit carries outside them."""

    models: list[Model[T]] = msgspec.field(default_factory=list)
    #: Entries under the unit but inside no model (a squad-wide weapon choice, a warlord trait).
    unit_gear: list[Gear[T]] = msgspec.field(default_factory=list)


def held_models(view: EntryView[T], entry: T, depth: int = 0) -> list[T]:
    """The model entries under ``entry`` that are inside no other model (wrappers looked through)."""
    found: list[T] = []
    if depth > MAX_DEPTH:
        raise TooDeep("entries nested too deep")
    for child in view.children(entry):
        if carries_model(view, child):
            found.append(child)
        else:
            found.extend(held_models(view, child, depth + 1))
    return found


def counts_itself(view: EntryView[T], unit: T, held: Sequence[T]) -> bool:
    """Whether the unit's own entry is a model, beside the models ``held`` under it."""
    if view.kind(unit).strip().lower() == "model":
        return True
    own = set(view.model_profiles(unit))
    if not own:
        return False
    if not held:
        return True
    for model in held:
        theirs = set(view.model_profiles(model))
        if not theirs or theirs & own:
            return False
    return True


def split_unit(view: EntryView[T], unit: T) -> UnitModels[T]:
    """The models of a unit entry and the wargear of each, by the definition of this module."""
    result: UnitModels[T] = UnitModels()
    if view.kind(unit).strip().lower() == "model":
        # A model entry: whatever it holds, models included, is its wargear, but for models of the
        # unit's own kinds that a writer put inside it.
        itself = Model(entry=unit, itself=True)
        result.models.append(itself)
        fellows: list[T] = []
        itself.gear = _gear_under(view, unit, (), fellows=fellows)
        for fellow in fellows:
            result.models.append(Model(entry=fellow, itself=False, gear=_gear_under(view, fellow, ())))
        return result
    held = held_models(view, unit)
    own: Model[T] | None = None
    if counts_itself(view, unit, held):
        own = Model(entry=unit, itself=True)
        result.models.append(own)
    held_ids = {id(m) for m in held}
    for model in held:
        found = Model(entry=model, itself=False)
        found.gear = _gear_under(view, model, ())
        result.models.append(found)
    outside = _outside(view, unit, held_ids, (), 0)
    if own is not None:
        own.gear = outside
    else:
        result.unit_gear = outside
    return result


def _outside(view: EntryView[T], entry: T, held: set[int], path: tuple[T, ...], depth: int) -> list[Gear[T]]:
    """Entries under ``entry`` outside the held models."""
    found: list[Gear[T]] = []
    if depth > MAX_DEPTH:
        raise TooDeep("entries nested too deep")
    for child in view.children(entry):
        if id(child) in held:
            continue
        found.append(Gear(entry=child, path=path))
        found.extend(_outside(view, child, held, (*path, child), depth + 1))
    return found


def _gear_under(
    view: EntryView[T], model: T, path: tuple[T, ...], depth: int = 0, fellows: list[T] | None = None
) -> list[Gear[T]]:
    """Every entry under a model, in order, each with the entries between.

    With ``fellows``, entries the datasheet names as its models are put there instead (with what they hold).
    """
    found: list[Gear[T]] = []
    if depth > MAX_DEPTH:
        raise TooDeep("entries nested too deep")
    for child in view.children(model):
        if fellows is not None and _fellow(view, child):
            fellows.append(child)
            continue
        found.append(Gear(entry=child, path=path, model=carries_model(view, child)))
        found.extend(_gear_under(view, child, (*path, child), depth + 1, fellows))
    return found


def model_count(view: EntryView[T], unit: T, number: Callable[[T], int]) -> int:
    """How many models a unit entry holds (``number`` reads an entry's count)."""
    entered_as_model = view.kind(unit).strip().lower() == "model"
    return sum(number(m.entry) if entered_as_model or not m.itself else 1 for m in split_unit(view, unit).models)
