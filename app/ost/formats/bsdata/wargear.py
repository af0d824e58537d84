"""Wargear: what each model kind carries by default, and the choices its models and the unit make (issue 18).

The walk starts from the model entries of each kind (:mod:`.kinds`) and from
the unit entry itself; see docs/bsdata-import.md, "Wargear and choices":

* an entry under a model with a minimum of 1 or more is carried by default
  (its minimum per model), and so is a group's default entry when the group
  must be filled (``defaultSelectionEntryId``, the group's minimum);
* a group is a choice: its entries (less the default, which the choice
  ``replaces``) with the group's limits; an optional entry on its own is a
  choice of one item ("may take a …");
* limits are read from the constraints on the ``selections`` of the entry or
  group: scope ``parent`` counts per model (per unit for the unit's own
  choices), a scope naming the unit counts over the unit; a maximum raised by
  1 for every N models (a ``repeat`` of N on the unit's models) is "1 per N
  models" (``every``), and so is a maximum set to V from T models (T a
  multiple of V) when the unit's smallest size holds the unchanged maximum;
* relics, warlord traits, psychic powers, litanies and other unit upgrades
  (named so, or under groups named so) are the unit's choices (no kinds); such
  a group that must be filled keeps its default entry as one of its items and
  names it (``WargearGroup.default``): a new unit takes it;
* an entry hidden by a condition that holds for the datasheet (another
  legion's relic, in the catalogue being read) is left out, and so is one
  hidden by a condition Ost cannot decide at import time (it needs the roster
  or the force): choices stay what any list of this army may take. The
  weapons of the first leave the datasheet; those of the second stay;
* but a relic, trait or power a legal MAC HAMMER list shows is offered: once
  the roster has its warlord (``WargearGroup.needs`` for what only the
  warlord takes, :meth:`_Reader.opened_by`), or once the force holds a
  sub-faction's value (a chapter, a legion, a clan: ``WargearGroup.
  subfactions``, :meth:`_Reader.opened_for`), decided from the unit.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal
from xml.etree.ElementTree import Element

from ost.core.catalogue import WargearGroup, WargearItem, WargearKind, WargearLimit
from ost.formats.bsdata.conditions import conditions_hold, hidden_now, hiding_counts, unit_key
from ost.formats.bsdata.entries import _bounded, _Child, _float, _Raw, add_new
from ost.formats.bsdata.profiles import ability_text
from ost.formats.bsdata.schema import _LOCAL
from ost.formats.bsdata.scope import _Scope
from ost.formats.bsdata.summaries import _summarise
from ost.formats.bsdata.walk import _Occurrence

_PSYCHIC = re.compile(r"\b(?:psychic|disciplines?|psychic powers?|smite)\b", re.IGNORECASE)
_TRAIT = re.compile(r"\bwarlord\b|\btraits?\b", re.IGNORECASE)
_RELIC = re.compile(r"\b(?:relics?|heirlooms?|artefacts?|artifacts?)\b", re.IGNORECASE)
_UPGRADE = re.compile(
    r"\b(?:stratagems?|kustom jobs?|litany|litanies|prayers?|enhancements?|marks? of chaos|specialist mobs?|"
    r"battle honours?|battle scars?|crusade)\b",
    re.IGNORECASE,
)
#: Crusade bookkeeping and army rules: not wargear a list chooses.
_NOT_CHOICES = re.compile(r"\b(?:battle honours?|battle scars?|crusade|stratagems?)\b", re.IGNORECASE)
_MAX_DEPTH = 6
#: How many levels below the unit its "Warlord" selection is looked for (the unit, its options, their groups).
_WARLORD_LEVELS = 4
_MARK = re.compile(r"\bmarks? of chaos\b", re.IGNORECASE)


@dataclass(slots=True)
class _Limit:
    """Bounds read from constraints: ``per`` "model" (scope parent) or "unit" (the unit's scope)."""

    min: int = 0
    max: int | None = None
    per: str = "model"
    every: int | None = None
    verified: bool = True


@dataclass(frozen=True)
class _Force:
    """The sub-factions a choice is for, and the other values of the same force choice (:meth:`_Reader.opened_for`)."""

    opening: tuple[str, ...]
    rivals: tuple[str, ...]


@dataclass(slots=True)
class _Item:
    """A wargear item while the walk runs (its BattleScribe ids grow); see :meth:`WargearCache.item`."""

    id: str
    name: str
    kind: WargearKind
    points: int
    weapons: tuple[str, ...]
    text_en: str | None
    bs_ids: list[str]


@dataclass
class Wargear:
    """What :func:`read_wargear` found for one datasheet."""

    items: dict[str, _Item] = field(default_factory=dict)
    groups: list[WargearGroup] = field(default_factory=list)
    loadouts: dict[str, dict[str, int]] = field(default_factory=dict)
    #: Names of the weapon profiles of entries left out (hidden for this datasheet): not its weapons.
    hidden_weapons: set[str] = field(default_factory=set)
    #: Choices left out because a condition Ost cannot decide hides them.
    undecided: int = 0


#: What :meth:`_Reader.special_hidden` remembers of an answer (see :attr:`WargearCache.hidden`).
_Hidden = tuple[bool, tuple[str, ...] | None, _Force | None, bool, int, int, tuple[str, ...]]


@dataclass
class WargearCache:
    """What the datasheets of one import share: entries read once per catalogue scope.

    An item's price, weapons and text are read the first time the entry is met in a scope (its
    minimum configuration there); whether an element has ``hidden`` modifiers at all is read once.
    """

    #: By (scope id, element, link, the entries above when its price depends on them[, catalogue]).
    items: dict[tuple[object, ...], tuple[float, list[str], list[str], set[str]]] = field(default_factory=dict)
    hiding: dict[Element, bool] = field(default_factory=dict)
    #: Each profile's text (:func:`ability_text`).
    texts: dict[Element, str] = field(default_factory=dict)
    #: Each element's selection constraints as read by :func:`_selection_constraints`.
    constraints: dict[Element, list[tuple[str, str, str | None, float]]] = field(default_factory=dict)
    done: dict[tuple[object, ...], WargearItem] = field(default_factory=dict)
    limits: dict[tuple[int, int | None, str, int | None, bool], WargearLimit] = field(default_factory=dict)
    #: What :meth:`_Reader.item` makes of an entry's reading (name, same-item key, kind, points, text).
    made: dict[tuple[object, ...], tuple[str, tuple[str, tuple[str, ...]], WargearKind, int, str | None]] = field(
        default_factory=dict
    )
    #: The scopes of an element's and its link's selection constraints, "parent" left out (:meth:`_Reader.limit_of`).
    scopes: dict[tuple[Element, Element | None], tuple[str, ...]] = field(default_factory=dict)
    #: :meth:`_Reader.opened_by_unit`'s answers: (opened, sub-factions, alternatives found, catalogue questions).
    opened: dict[tuple[object, ...], tuple[tuple[str, ...] | None, _Force | None, tuple[str, ...], int]] = field(
        default_factory=dict
    )
    #: :meth:`_Reader.limit_of`'s bounds (min, max, per, every, verified) where no condition changes them.
    bounds: dict[tuple[object, ...], tuple[int, int | None, str, int | None, bool]] = field(default_factory=dict)
    #: Each element's ids its ``hidden`` modifiers count (:meth:`hiding_counts`).
    counted: dict[Element, list[str]] = field(default_factory=dict)
    #: :meth:`_Reader.special_hidden`'s answers: (hidden, opened, sub-factions, undecided, undecided choices
    #: counted, questions on the catalogue counted, alternatives found).
    hidden: dict[tuple[object, ...], _Hidden] = field(default_factory=dict)
    #: What the ``hidden`` modifiers of an entry and its link count (:meth:`_Reader.counted_of`).
    counted_pairs: dict[tuple[Element, Element | None], list[str]] = field(default_factory=dict)
    #: :meth:`_Reader.opened_for`'s answers, by what they read of the unit: (opened, sub-factions, alternatives).
    opened_for: dict[tuple[object, ...], tuple[tuple[str, ...] | None, _Force | None, tuple[str, ...]]] = field(
        default_factory=dict
    )
    #: The "Warlord" selections below an entry (:meth:`warlords_below`), by scope, entry, link and depth.
    warlords: dict[tuple[_Scope, _Raw, _Raw | None, int], tuple[frozenset[str], frozenset[str]]] = field(
        default_factory=dict
    )

    def hiding_counts(self, element: Element) -> list[str]:
        """What the conditions of ``element``'s ``hidden`` modifiers count (see :func:`.conditions.hiding_counts`)."""
        found = self.counted.get(element)
        if found is None:
            found = self.counted[element] = hiding_counts(element)
        return found

    def warlords_below(
        self, scope: _Scope, raw: _Raw, link_raw: _Raw | None, levels: int
    ) -> tuple[frozenset[str], frozenset[str]]:
        """The "Warlord" selections within ``levels`` levels below an entry or group, and the other entries there.

        Both are sets of ids, models left out. Read once per scope and entry: every character of a
        catalogue links the same relic and trait groups, walked once. (A "Warlord" entry is not looked
        into; the union over every path within ``levels`` levels is what a walk level by level that
        never enters an entry twice finds.)
        """
        key = (scope, raw, link_raw, levels)
        known = self.warlords.get(key)
        if known is None:
            found: set[str] = set()
            offered: set[str] = set()
            entries, groups = scope.children(raw, link_raw)
            for item in (*entries, *groups):
                if item.raw.type == "model":
                    continue
                if item.raw.kind == "entry" and _is_warlord(item.raw.name):
                    found.update(item.ids)
                    continue
                if item.raw.kind == "entry":
                    offered.update(item.ids)
                if levels > 1:
                    # What a library's entry holds is read in the library's scope, as its summary is: once for
                    # every catalogue that links to it.
                    inner = scope.home_of(item.element, item.link_raw)
                    below, others = self.warlords_below(inner, item.raw, item.link_raw, levels - 1)
                    if below:
                        found.update(below)
                    if others:
                        offered.update(others)
            known = self.warlords[key] = (frozenset(found), frozenset(offered))
        return known

    def constraints_of(self, element: Element) -> list[tuple[str, str, str | None, float]]:
        """``element``'s selection constraints (:func:`_selection_constraints`), read once."""
        found = self.constraints.get(element)
        if found is None:
            found = self.constraints[element] = _selection_constraints(element)
        return found

    def item(self, item: _Item) -> WargearItem:
        """One shared (validated once) item per value: chapters repeat their library's wargear."""
        key = (item.id, item.name, item.kind, item.points, item.weapons, item.text_en, tuple(item.bs_ids))
        known = self.done.get(key)
        if known is None:
            known = self.done[key] = WargearItem(
                id=item.id,
                name=item.name,
                kind=item.kind,
                points=item.points,
                weapons=list(item.weapons),
                text_en=item.text_en,
                bs_ids=item.bs_ids,
            )
        return known

    def limit(self, limit: _Limit) -> WargearLimit:
        per: Literal["model", "unit"] = "unit" if limit.per == "unit" else "model"
        key = (limit.min, limit.max, per, limit.every, limit.verified)
        known = self.limits.get(key)
        if known is None:
            known = self.limits[key] = WargearLimit(
                min=limit.min, max=limit.max, per=per, every=limit.every, verified=limit.verified
            )
        return known

    def may_hide(self, element: Element) -> bool:
        known = self.hiding.get(element)
        if known is None:
            known = self.hiding[element] = any(
                _LOCAL.get(part.tag) in ("modifiers", "modifierGroups")
                and any(m.get("field") == "hidden" for m in part.iter() if _LOCAL.get(m.tag) == "modifier")
                for part in element
            )
        return known


#: :meth:`_Reader.assuming` of nothing: the walk reads on as it stands.
_AS_IT_STANDS: contextlib.nullcontext[None] = contextlib.nullcontext()


class _Reader:
    def __init__(self, scope: _Scope, unit_raws: tuple[_Raw, ...], min_models: int, cache: WargearCache) -> None:
        self.cache = cache
        self.scope = scope
        self.unit_raws = unit_raws
        self.unit_ids = {i for r in unit_raws for i in (r.id, r.target) if i}
        self.min_models = min_models
        self.found = Wargear()
        self.group_ids: set[str] = set()
        self.model_elements: set[int] = set()
        #: Whether the last :meth:`hidden` answer came from a condition Ost cannot decide.
        self.undecided = False
        self.by_name: dict[tuple[str, tuple[str, ...]], _Item] = {}
        #: Where groups go (a variant of a model collects its own, see :func:`read_wargear`).
        self.groups: list[WargearGroup] = self.found.groups
        #: The ids of :attr:`found`'s groups (every group is added by :meth:`add_group`).
        self.taken: set[str] = set()
        #: Set while a unit of several kinds is read at its own level: the defaults of what the unit takes once
        #: as a whole (a minimum per unit filled) go here, for one model to carry, not into every model's.
        self.unit_carried: dict[str, int] | None = None
        #: Set by the last :meth:`hidden` answer: the child shows only once the unit takes these (its Warlord
        #: selection), empty when it shows as it stands.
        self.opened: tuple[str, ...] | None = None
        #: While a choice shown only with those is walked: what every group found under it needs.
        self.needs: tuple[str, ...] = ()
        #: Set by the last :meth:`hidden` answer: the child shows only in a force of one of these sub-factions, not
        #: of one of those (:meth:`opened_for`); None when no sub-faction decides it.
        self.opened_force: _Force | None = None
        #: While a choice shown only for a sub-faction is walked: the sub-factions of every group found under it.
        self.force: _Force | None = None
        #: Set while a choice :meth:`opened_by` showed is walked: its groups keep the limits that enclose them.
        self.reopened = False
        #: The id of the choice that encloses the groups being read (``WargearGroup.within``), if one was made.
        self.within: str | None = None
        self._unit_warlords: frozenset[str] | None = None
        self._unit_entries: frozenset[str] = frozenset()
        #: Ids of the unit's own entries that open a once-per-unit choice in place of its Warlord selection (a
        #: stratagem that gives a character who is not the warlord a trait): :meth:`opened_by` finds them.
        self.alternatives: set[str] = set()
        #: Entries left out as army rules (:func:`_not_choice`) while the unit is walked: those found to be
        #: such alternatives are offered once the walk is over (:meth:`offer_alternatives`).
        self.deferred: list[tuple[_Child, str, bool]] = []

    # --- items ----------------------------------------------------------------------------------------------------

    def hidden(self, child: _Child, own: Sequence[_Raw], special: bool = False) -> bool:
        """Whether a condition hides ``child`` here; undecidable conditions hide it too (counted).

        A once-per-unit choice (``special``: a relic, a warlord trait…) that would be hidden is asked again
        as a legal list shows it (:meth:`opened_by`); when it shows, :attr:`opened` says what it needs.
        """
        self.opened = None
        self.opened_force = None
        if child.hidden:
            # Hidden in the data unless a modifier shows it (a legion's relics, shown once the roster has a warlord).
            self.opened = self.opened_by_unit(child, own) if special else None
            return self.opened is None
        if special:
            shared = self.scope.shared
            if shared.context is not None and not shared.force_holds:
                return self.special_hidden(child, own, shared.context.catalogue)
        return self.hidden_read(child, own, special, self.hidden_verdict(child, own))

    def special_hidden(self, child: _Child, own: Sequence[_Raw], catalogue: str) -> bool:
        """:meth:`hidden` of a once-per-unit choice the data does not hide outright, remembered by what it reads.

        Its answer (what opens it, for which sub-factions, the alternatives found, whether it was undecided) is
        that of its hiding conditions' verdict (:func:`.conditions.hidden_now`, by what they read of the unit)
        and of :meth:`opened_by_unit` (by the same and the unit's Warlord selections and own entries among
        what they count): the relics of a catalogue's characters, read once for every unit that gives the same
        values, and taken again as the two memos would give them (their questions on the catalogue counted
        as those memos count them). Conditions on neither the roster's catalogue nor its force give every
        catalogue the same answer (see :func:`.conditions.hidden_now`).
        """
        scope = self.scope
        shared = scope.shared
        element, link = child.element, child.link
        # (counted_of and unit_key as they answer, without calling them where their memos already do: asked for
        # every relic and trait of every character.)
        counted = self.cache.counted_pairs.get((element, link))
        unit_warlords = self._unit_warlords
        if counted is None or unit_warlords is None:
            _, warlords, entries = self.counted_of(child)
        elif counted:
            unit_entries = self._unit_entries
            warlords = tuple([i for i in counted if i in unit_warlords])
            entries = tuple([i for i in counted if i in unit_entries])
        else:
            warlords = entries = ()
        reads = shared.unit_reads
        leaves = reads.get(element)
        element_key = unit_key(scope, element, own) if leaves is None or leaves else ()
        if link is None:
            link_key: tuple[bool | int | None, ...] = ()
        else:
            leaves = reads.get(link)
            link_key = unit_key(scope, link, own) if leaves is None or leaves else ()
        legal = shared.legal_roster
        asks = shared.asks_catalogue  # (filled by unit_key) conditions on none: the answer of every catalogue
        on_catalogue = asks[element] or (link is not None and asks[link])
        key = (element, link, catalogue if on_catalogue else "", legal, warlords, entries, element_key, link_key)
        known = self.cache.hidden.get(key)
        if known is not None:
            hidden, self.opened, self.opened_force, self.undecided, undecided, asked, added = known
            self.found.undecided += undecided
            shared.catalogue_asked += asked
            self.alternatives.update(added)
            return hidden
        undecided_before = self.found.undecided
        outer = self.alternatives
        self.alternatives = set()
        try:
            before = shared.catalogue_asked
            verdict = self.hidden_verdict(child, own)
            asked = shared.catalogue_asked - before  # what hidden_now's memo counts again, every time
            hidden = self.hidden_read(child, own, True, verdict)
            added = tuple(self.alternatives)
        finally:
            outer.update(self.alternatives)
            self.alternatives = outer
        opened = self.cache.opened.get((legal, element, link, catalogue, warlords, entries, element_key, link_key))
        if opened is not None and verdict is not False:
            asked += opened[3]  # (what opened_by_unit's memo counts again: opened_for's questions left out)
        self.cache.hidden[key] = (
            hidden,
            self.opened,
            self.opened_force,
            self.undecided,
            self.found.undecided - undecided_before,
            asked,
            added,
        )
        return hidden

    def hidden_read(self, child: _Child, own: Sequence[_Raw], special: bool, verdict: bool | None) -> bool:
        """:meth:`hidden` of a child the data does not hide outright, from its :meth:`hidden_verdict`."""
        self.undecided = False
        if verdict is None:
            self.found.undecided += 1
            self.undecided = True
            verdict = True
        elif not verdict:
            return False
        if special:
            opened = self.opened_by_unit(child, own)
            if opened is not None:
                if self.undecided:
                    self.found.undecided -= 1
                self.opened = opened
                return False
        return verdict

    def hidden_verdict(self, child: _Child, own: Sequence[_Raw]) -> bool | None:
        """Whether the entry or its link is hidden here (both are read).

        True when one is, else None when a condition Ost cannot decide leaves one open, else False.
        """
        # (The memo of may_hide read here first: asked for every entry of every walk.)
        hiding = self.cache.hiding
        element, link = child.element, child.link
        may = hiding.get(element)
        if may is None:
            may = self.cache.may_hide(element)
        verdict = hidden_now(self.scope, element, own) if may else False
        if link is not None:
            may = hiding.get(link)
            if may is None:
                may = self.cache.may_hide(link)
            if may:
                other = hidden_now(self.scope, link, own)
                if other is True or (other is None and verdict is False):
                    verdict = other
        return verdict

    def opened_by_unit(self, child: _Child, own: Sequence[_Raw]) -> tuple[str, ...] | None:
        """:meth:`opened_by` for :meth:`hidden`, remembered by what it reads of the unit.

        The answer is the same for every unit of a catalogue that gives the hiding conditions the same values
        (:func:`.conditions.unit_key`) and offers the same Warlord selections among those they count (a
        chapter's relics, behind "the roster has a warlord", "the force holds this chapter", "the unit takes
        its Warlord selection"): read once, and taken again as it was made: what it opens, the sub-factions it
        is for, the alternatives it found and the questions on the catalogue it asked (see :mod:`.reach`; the
        sub-faction part is :meth:`opened_for`'s own memo, which a unit with the same values takes again
        without asking).
        """
        scope = self.scope
        shared = scope.shared
        if shared.force_holds or scope.context is None:
            return self.opened_by(child, own)
        counted = self.counted_of(child)[0]
        key = (shared.legal_roster, *self.unit_reading(child, own))
        known = self.cache.opened.get(key)
        if known is not None:
            opened, force, added, asked = known
            shared.catalogue_asked += asked
            self.alternatives.update(added)
            self.opened_force = force
            return opened
        outer = self.alternatives
        self.alternatives = set()
        try:
            before = shared.catalogue_asked
            opened = self.opened_in_legal_list(child, own, counted)
            asked = shared.catalogue_asked - before
            if opened is None:
                choices = shared.subfaction_choices()
                values = [i for i in dict.fromkeys(counted) if i in choices]
                if values:
                    opened = self.opened_for(child, own, counted, values)
            added = tuple(self.alternatives)
        finally:
            outer.update(self.alternatives)
            self.alternatives = outer
        self.cache.opened[key] = (opened, self.opened_force, added, asked)
        return opened

    def opened_by(self, child: _Child, own: Sequence[_Raw]) -> tuple[str, ...] | None:
        """What a hidden once-per-unit choice needs to show in a list Ost deems legal; None: it stays hidden.

        The data shows a chapter's relics once the roster has a warlord, and unless its mission pack asks for
        a stratagem; its warlord traits once the unit takes its "Warlord" selection. A legal list has one
        warlord and plays no mission pack (:meth:`.scope.Shared.roster_count`): shown as it stands, ``()``.
        Else the unit's own Warlord selections the hiding conditions count are assumed taken: shown so, they
        are what the choice needs (the list's warlord mark stands for them). Anything else still undecided
        keeps it hidden.
        """
        counted = self.counted_of(child)[0]
        opened = self.opened_in_legal_list(child, own, counted)
        shared = self.scope.shared
        if opened is None and not shared.force_holds:
            choices = shared.subfaction_choices()
            values = [i for i in dict.fromkeys(counted) if i in choices]
            if values:
                return self.opened_for(child, own, counted, values)
        return opened

    def opened_in_legal_list(self, child: _Child, own: Sequence[_Raw], counted: list[str]) -> tuple[str, ...] | None:
        """:meth:`opened_by` in a legal list as it stands, the force's sub-faction unknown (unless held)."""
        shared = self.scope.shared
        warlords, game_types = shared.roster_known()
        if not any(i in warlords or i in game_types or i in shared.force_holds for i in counted):
            return None  # nothing a legal list decides is counted: hidden as before
        before = shared.legal_roster
        shared.legal_roster = True
        try:
            if self.hidden_verdict(child, own) is False:
                return ()
            warlords_here = self.unit_warlords()
            wanted = tuple(i for i in counted if i in warlords_here)
            if not wanted:
                return None
            with self.assuming(wanted):
                shown = self.hidden_verdict(child, own) is False
            if not shown:
                return None
            # The unit's own entries the same conditions count beside its Warlord selection, each of which shows
            # the choice alone (Death Guard's "Stratagem: Plaguechosen"): a unit that takes one needs no mark.
            others = [i for i in dict.fromkeys(counted) if i in self._unit_entries and i not in warlords_here]
            alternatives: list[str] = []
            for entry in others:
                if entry in warlords or entry in game_types:
                    continue
                with self.assuming((entry,)):
                    if self.hidden_verdict(child, own) is False:
                        alternatives.append(entry)
            self.alternatives.update(alternatives)
            return tuple(dict.fromkeys((*wanted, *alternatives)))
        finally:
            shared.legal_roster = before

    def unit_reading(self, child: _Child, own: Sequence[_Raw]) -> tuple[object, ...]:
        """What an answer on ``child``'s hiding conditions reads of the unit: the key it is remembered by.

        The entry, its link and catalogue; the unit's Warlord selections and its own entries among those the
        conditions count (:meth:`counted_of`: what :meth:`opened_by` assumes taken on top of the unit's counts is among
        them); the values the conditions read of the unit as it stands (:func:`.conditions.unit_key`).
        """
        scope = self.scope
        _, warlords, entries = self.counted_of(child)
        return (
            child.element,
            child.link,
            scope.context.catalogue if scope.context is not None else "",
            warlords,
            entries,
            unit_key(scope, child.element, own),
            unit_key(scope, child.link, own) if child.link is not None else (),
        )

    def counted_of(self, child: _Child) -> tuple[list[str], tuple[str, ...], tuple[str, ...]]:
        """What ``child``'s hiding conditions count, and the unit's Warlord selections and own entries among those.

        What they count is read once per entry and link (the list is shared, for reading only).
        """
        pair = (child.element, child.link)
        counted = self.cache.counted_pairs.get(pair)
        if counted is None:
            counted = self.cache.counted_pairs[pair] = [
                i for e in pair if e is not None for i in self.cache.hiding_counts(e)
            ]
        warlords = self.unit_warlords()  # (read here first for the unit, as its first such question always did)
        if not counted:
            return counted, (), ()
        entries = self._unit_entries
        return counted, tuple([i for i in counted if i in warlords]), tuple([i for i in counted if i in entries])

    def opened_for(
        self, child: _Child, own: Sequence[_Raw], counted: list[str], values: list[str]
    ) -> tuple[str, ...] | None:
        """:meth:`opened_by` for a choice the force's sub-faction shows: a chapter's own relics (Relics of Macragge).

        The data hides them unless the force holds its chapter's value of the "**Chapter Selector**" (not a
        successor's), and a list Ost reads records no such force choice. Each value of the choices the hiding
        conditions count is held in turn (:meth:`.scope.Shared.holding`): the choice is offered when some show
        it, and :attr:`opened_force` names those and the others, for the validator to decide from the unit
        (:func:`ost.core.wargear.subfaction_closed`). Shown for every value, no sub-faction decides it; for none,
        it stays hidden.
        """
        key = self.unit_reading(child, own)
        known = self.cache.opened_for.get(key)
        if known is None:
            alternatives = set(self.alternatives)
            self.alternatives.clear()
            self.opened_force = None
            try:
                opened = self.opened_force_of(child, own, values)
                known = self.cache.opened_for[key] = (opened, self.force_found(), tuple(self.alternatives))
            finally:
                self.alternatives.update(alternatives)
        self.opened_force = known[1]
        self.alternatives.update(known[2])
        return known[0]

    def force_found(self) -> _Force | None:
        """:attr:`opened_force` as :meth:`opened_force_of` left it.

        (Read through a call: a type checker keeps the ``None`` set before that call, and the compiled reader,
        see :mod:`.native`, checks the value against it.)
        """
        return self.opened_force

    def opened_force_of(self, child: _Child, own: Sequence[_Raw], values: list[str]) -> tuple[str, ...] | None:
        """:meth:`opened_for`, read from the data."""
        shared = self.scope.shared
        choices = shared.subfaction_choices()
        opening: list[str] = []
        rivals: list[str] = []
        found: tuple[str, ...] | None = None
        for choice in dict.fromkeys(choices[i][0] for i in values):
            every = shared.values_of(choice)
            # A value the conditions do not count reads as any other such value: one is held for all of them.
            others = [i for i in every if i not in values]
            for held in [*(i for i in every if i in values), *others[:1]]:
                with shared.holding(held):
                    opened = self.opened_by(child, own)
                names = opening if opened is not None else rivals
                for value in others if held not in values else (held,):
                    name = choices[value][1]
                    if name and name not in names:
                        names.append(name)
                if found is None:
                    found = opened
        if found is None:
            return None
        if rivals:
            self.opened_force = _Force(tuple(opening), tuple(n for n in rivals if n not in opening))
        return found

    def assuming(
        self, opened: tuple[str, ...] | None, force: _Force | None = None
    ) -> contextlib.AbstractContextManager[None]:
        """Read what follows as :meth:`opened_by` showed it (None: as it stands).

        The unit takes each of ``opened`` once, and every group found needs them (and is for ``force``'s
        sub-factions).
        """
        # (As it stands, the common case: one shared context that does nothing, not one made per child.)
        return _AS_IT_STANDS if opened is None else _Opening(self, opened, force)

    def unit_warlords(self) -> frozenset[str]:
        """The ids of the data's "Warlord" selections the unit itself offers (entries and their links).

        Read with them: :attr:`_unit_entries`, the ids of every entry the unit offers there (not its models).
        """
        if self._unit_warlords is None:
            link = self.unit_raws[1] if len(self.unit_raws) > 1 else None
            self._unit_warlords, self._unit_entries = self.cache.warlords_below(
                self.scope, self.unit_raws[0], link, _WARLORD_LEVELS
            )
        return self._unit_warlords

    def item(self, child: _Child, path: str, unit_level: bool, *, named: bool = True) -> _Item:
        """The item of an entry; its kind is read from ``path`` and, unless ``named`` is False, its own name."""
        raw = child.raw
        known = self.found.items.get(raw.id)
        if known is not None:
            return self.named(known, child)
        read = self.read_item(child)
        # What the item is made of, read once for every unit that meets the entry there (read_item's answers live
        # as long as the cache: their ids stand for them).
        key = (id(read), child.name, raw.id, path, named, unit_level)
        made = self.cache.made.get(key)
        if made is None:
            price, weapons, texts, types = read
            name = " ".join(child.name.split()).lstrip("! ") or raw.id or "?"
            made = self.cache.made[key] = (
                name,
                (name.casefold(), tuple(weapons)),
                _kind(f"{path} / {child.name}" if named else path, types, bool(weapons), unit_level),
                _bounded(price),
                "\n".join(texts) or None,
            )
        name, same, kind, points, text_en = made
        # The same thing under another entry (a chapter's own copy of a bolt pistol) is one item.
        known = self.by_name.get(same)
        if known is not None:
            return self.named(known, child)
        ids = child.ids
        item = _Item(
            raw.id or child.option_id,
            name,
            kind,
            points,
            same[1],
            text_en,
            # (An entry's id and its link's, once each: what dict.fromkeys gives, without making a dict.)
            [ids[0]] if len(ids) == 2 and ids[0] == ids[1] else list(ids),
        )
        self.found.items[item.id] = item
        self.by_name[same] = item
        return item

    def named(self, item: _Item, child: _Child) -> _Item:
        for extra in child.ids:
            if extra not in item.bs_ids:
                item.bs_ids.append(extra)
        return item

    def read_item(self, child: _Child) -> tuple[float, list[str], list[str], set[str]]:
        """Price, weapon names, texts and profile types of an entry (memoised per scope)."""
        # A price set by the entry's ancestors ("10 points in an Assault Squad") is read per datasheet and model.
        conditional = child.raw.cost_conditional or (child.link_raw is not None and child.link_raw.cost_conditional)
        where = tuple([id(r[0]) for r in self.scope._stack]) if conditional else ()
        # An entry of a library (or of the game system) is read in its own file's scope, as its summary is: once
        # for every catalogue that links to it, unless its price asked which catalogue is being read.
        scope = self.scope.home_of(child.element, child.link_raw)
        key: tuple[object, ...] = (id(scope), child.element, child.link, where)
        known = self.cache.items.get(key)
        if known is None and scope.context is not None:
            known = self.cache.items.get((*key, scope.context.catalogue))
        if known is None:
            raws = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
            part = _summarise(self.scope, child.element, child.link, child.link_raw, 0, False)
            texts: list[str] = []
            types: set[str] = set()
            for profile in scope.profiles_of(raws):
                kind = profile.get("typeName") or ""
                types.add(kind.casefold())
                if kind != "Weapon" and not kind.startswith("Unit"):
                    text = self.cache.texts.get(profile)
                    if text is None:
                        text = self.cache.texts[profile] = ability_text(profile)
                    if text:
                        texts.append(text)
            known = (part.price, list(part.weapons), texts, types)
            if part.by_catalogue and scope.context is not None:
                key = (*key, scope.context.catalogue)
            self.cache.items[key] = known
        return known

    # --- limits ---------------------------------------------------------------------------------------------------

    def limit_of(self, child: _Child, unit_level: bool) -> _Limit:
        """Bounds of an entry or group from its (and its link's) constraints and their modifiers.

        A fresh limit each time (callers loosen it). Where no conditional modifier changes a constraint, the
        bounds are the same for every unit that counts the same constraints over itself (a scope naming one of
        its ids): read once per element, link and those (:attr:`WargearCache.bounds`).
        """
        dynamic = child.raw.constraint_dynamic or (child.link_raw is not None and child.link_raw.constraint_dynamic)
        if dynamic:
            return self._limit_of(child, unit_level)
        pair = (child.element, child.link)
        scopes = self.cache.scopes.get(pair)
        if scopes is None:
            constraints = self.cache.constraints_of
            found_scopes = [c[0] for c in constraints(child.element) if c[0] != "parent"]
            if child.link is not None:
                found_scopes += [c[0] for c in constraints(child.link) if c[0] != "parent"]
            scopes = self.cache.scopes[pair] = tuple(found_scopes)
        # What the unit decides of them: which constraints count over it (a scope naming one of its ids).
        unit_ids = self.unit_ids
        key = (pair, unit_level, tuple([where in unit_ids for where in scopes]) if scopes else ())
        known = self.cache.bounds.get(key)
        if known is None:
            found = self._limit_of(child, unit_level)
            known = self.cache.bounds[key] = (found.min, found.max, found.per, found.every, found.verified)
        return _Limit(*known)

    def _limit_of(self, child: _Child, unit_level: bool) -> _Limit:
        limit = _Limit(per="unit" if unit_level else "model")
        ids: dict[str, str] = {}
        values: dict[str, float] = {}
        for element in (child.element, child.link):
            if element is None:
                continue
            for where, cid, kind, value in self.cache.constraints_of(element):
                if where == "parent":
                    per = limit.per
                elif where in self.unit_ids:
                    per = "unit"
                else:
                    continue  # the force's or the roster's count: not the unit's
                ids[cid] = f"{kind}:{per}"
                values[cid] = value
        raws = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
        for raw in raws:
            for kind, cid, value in raw.constraint_mods:
                if cid in values:
                    values[cid] = _modified(kind, values[cid], value)
        every: dict[str, tuple[int, float]] = {}
        for raw in raws:
            for kind, cid, value, holders in raw.constraint_dynamic:
                if cid not in values:
                    continue
                step = self.per_models(kind, value, values[cid], holders) if ids[cid].startswith("max") else None
                if step is not None:
                    every[cid] = step
                    continue
                holds = self.static_conditions(holders, child)
                if holds is None:
                    # The roster's own choices (or the force) decide it: a bound it may loosen is advice only.
                    if _loosens(kind, value, values[cid], ids[cid].startswith("max")):
                        limit.verified = False
                elif holds:
                    values[cid] = _modified(kind, values[cid], value)
        for cid, how in ids.items():
            kind_, per = how.split(":")
            bound = _bounded(values[cid])  # (an int: ``value`` above is a float)
            if cid in every:
                limit.every, most = every[cid]
                limit.max, limit.per = _bounded(most), "unit"
            elif kind_ == "max":
                if limit.max is None or bound < limit.max or per == "unit":
                    limit.max = bound
                    limit.per = per
            elif kind_ == "min" and per == limit.per:
                limit.min = max(limit.min, bound)
        return limit

    def static_conditions(self, holders: tuple[Element, ...], child: _Child) -> bool | None:
        """Whether a modifier's conditions hold for the datasheet, if they name only what it is.

        Conditions on what the datasheet or its catalogue is (``instanceOf``) are
        decided here; any that counts selections depends on what a list takes
        (a mark that opens a discipline, the army's other units): None.
        """
        for holder in holders:
            for element in holder.iter():
                local = _LOCAL.get(element.tag)
                if local == "repeat" or (
                    local == "condition" and element.get("type") not in ("instanceOf", "notInstanceOf")
                ):
                    return None
        own = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
        results = [conditions_hold(self.scope, h, own) for h in holders]
        if any(r is None for r in results):
            return None
        return all(results)

    def per_models(
        self, kind: str, value: float, base: float, holders: tuple[Element, ...]
    ) -> tuple[int, float] | None:
        """``(every, max)`` when a maximum grows with the unit's models ("1 per 3 models"), else None."""
        modifier = holders[-1]
        for part in modifier:
            if _LOCAL.get(part.tag) != "repeats":
                continue
            for repeat in part:
                counted = repeat.get("childId") or ""
                # (Two tests, not "in ('model', *ids)": mypyc cannot compile a starred tuple there.)
                if repeat.get("field") != "selections" or (counted != "model" and counted not in self.unit_ids):
                    continue
                where = repeat.get("scope") or ""
                if where != "parent" and where not in self.unit_ids:
                    continue
                step = _bounded(_float(repeat.get("value")))
                times = _bounded(_float(repeat.get("repeats")) or 1.0)
                if kind == "increment" and step >= 1 and base == 0 and value > 0:
                    return step, value * times
            return None
        if kind != "set" or len(holders) != 1 or base < 1 or value <= base:
            return None
        threshold = self.model_threshold(modifier)
        if threshold is None or threshold % value:
            return None
        every = int(threshold // value)
        # "1, set to 2 from 10 models" is "1 per 5 models" when the smallest unit (5) has the unchanged 1.
        if every >= 1 and max(1, self.min_models // every) == base:
            return every, 1.0
        return None

    def variant_limit(self, occurrence: _Occurrence, marked: bool) -> _Limit:
        """How many models of the unit may be the variant ``occurrence`` ("Scion w/ Special Weapon").

        Its maximum per unit, made "``max`` per ``every`` models" when the data raises it with the unit's
        models (0, plus 2 for every 5 models); checked only when the variant is told apart by what it
        carries (``marked``) and no other condition may raise it.
        """
        maxima = {cid: value for raw in occurrence.raws for kind, cid, value, _ in raw.constraints if kind == "max"}
        for raw in occurrence.raws:
            for kind, cid, value, holders in raw.constraint_dynamic:
                step = self.per_models(kind, value, maxima[cid], holders) if cid in maxima else None
                if step is not None:
                    every, most = step
                    others = [d for r in occurrence.raws for d in r.constraint_dynamic if d[3] is not holders]
                    loosened = any(c in maxima and _loosens(k, v, maxima[c], True) for k, c, v, _ in others)
                    return _Limit(max=_bounded(most), per="unit", every=every, verified=marked and not loosened)
        high = occurrence.high if occurrence.high is not None else self.unit_max(occurrence)
        return _Limit(max=high, per="unit", verified=marked and not _variant_loosened(occurrence))

    def unit_max(self, occurrence: _Occurrence) -> int | None:
        """A model entry's maximum counted over the unit (a constraint scoped to the unit entry), or None.

        A "Vigilant (Webber)" entry allows 1 model in the unit with a constraint naming the unit rather than
        its parent group: it is the variant's limit as much as a parent's would be (and what makes it no plain
        model, see :func:`_most`).
        """
        modifiers = [m for raw in occurrence.raws for m in raw.constraint_mods]
        found: list[int] = []
        for element in (occurrence.element, occurrence.link):
            if element is None:
                continue
            for where, cid, kind, value in self.cache.constraints_of(element):
                if kind != "max" or where not in self.unit_ids:
                    continue
                for how, target, amount in modifiers:
                    if target == cid:
                        value = _modified(how, value, amount)
                if value >= 0:
                    found.append(_bounded(value))
        return min(found) if found else None

    def model_threshold(self, modifier: Element) -> int | None:
        """T of a lone condition "the unit holds at least T models" (or more than T-1)."""
        conditions = [c for part in modifier if _LOCAL.get(part.tag) == "conditions" for c in part]
        groups = [g for part in modifier if _LOCAL.get(part.tag) == "conditionGroups" for g in part]
        if len(conditions) != 1 or groups:
            return None
        condition = conditions[0]
        if condition.get("childId") != "model" or (condition.get("scope") or "") not in self.unit_ids:
            return None
        value = _bounded(_float(condition.get("value")))
        kind = condition.get("type")
        if kind == "atLeast":
            return value
        if kind == "greaterThan":
            return value + 1
        return None

    # --- the walk -------------------------------------------------------------------------------------------------

    def walk(
        self,
        raw: _Raw,
        link_raw: _Raw | None,
        kinds: list[str],
        own: tuple[_Raw, ...],
        path: str,
        unit_level: bool,
        depth: int = 0,
        element: Element | None = None,
    ) -> dict[str, int]:
        """The choices under ``raw`` for ``kinds``; returns what each of those models carries by default.

        ``path`` names the groups and entries walked through from the unit or model entry, that entry's own
        name left out (the walks start with ""): the words that make a choice a relic, a trait or a power are
        read from it, and a "Relic Terminator Sergeant" or a "Warlord Titan" makes none of its weapons one.
        """
        carried: dict[str, int] = {}
        if depth > _MAX_DEPTH:
            return carried
        entries, groups = self.children_of(element, raw, link_raw)
        for child in entries:
            where = f"{path} / {child.name}"
            optional = child.low < 1 and _special(where)
            skipped = self.skipped(child)
            if skipped or self.hidden(child, own, optional):
                if not skipped and self.undecided and not child.hidden:
                    self.defer(child, path, unit_level)
                self.hide_weapons(child)
                continue
            opened, force = self.opened, self.opened_force
            if _not_choice(child.name):
                self.defer(child, path, unit_level)
                continue
            if child.raw.type == "unit":
                continue
            named = self.named_gear(child, path, where)
            special = not named and _special(where)
            item = self.item(child, path, unit_level or special, named=not named)
            limit = self.limit_of(child, unit_level or special)
            if child.low >= 1 and not special:
                carried[item.id] = carried.get(item.id, 0) + child.low
                if limit.max is not None and limit.max > child.low:
                    self.add_group(
                        child.option_id,
                        child.name,
                        kinds,
                        [item.id],
                        {},
                        [],
                        limit,
                        child.ids,
                        fills={item.id: child.low},
                    )
                continue
            with self.assuming(opened, force):
                self.add_group(
                    child.option_id, child.name, [] if special else kinds, [item.id], {}, [], limit, child.ids
                )
        for child in groups:
            where = f"{path} / {child.name}"
            if self.skipped(child) or self.hidden(child, own, _special(where)):
                self.hide_weapons(child)
                continue
            if _not_choice(child.name):
                continue
            with self.assuming(self.opened, self.opened_force):
                self.group(child, kinds, own, where, unit_level, carried, depth)
        return carried

    def children_of(
        self, element: Element | None, raw: _Raw, link_raw: _Raw | None
    ) -> tuple[list[_Child], list[_Child]]:
        """The entries and groups under ``element`` (``raw``, through ``link_raw``).

        A library's entry (or the game system's) is resolved in its own file's scope, as its summary is: the
        lists every catalogue that links to it finds, made once.
        """
        return self.scope.home_of(element, link_raw).children(raw, link_raw)

    def defer(self, child: _Child, path: str, unit_level: bool) -> None:
        """Keep an optional entry left out here, for :meth:`offer_alternatives` to offer if it opens a choice.

        An army rule (a stratagem), or an entry hidden only by a condition Ost cannot decide (one hidden in a
        Boarding Patrol force).
        """
        if child.raw.kind == "entry" and child.low < 1:
            self.deferred.append((child, path, unit_level))

    def offer_alternatives(self) -> None:
        """Offer the unit, once, each entry left out as an army rule that opens a choice (:attr:`alternatives`).

        Called once the walks are over, with the unit on the scope's stack: a player must be able to take the
        stratagem that gives a character who is not the warlord a warlord trait, and a roster that holds it
        finds it among the datasheet's items.
        """
        for child, path, _unit_level in self.deferred:
            if self.alternatives.isdisjoint(child.ids):
                continue
            item = self.item(child, path, True)
            self.add_group(child.option_id, child.name, [], [item.id], {}, [], self.limit_of(child, True), child.ids)

    def named_gear(self, child: _Child, path: str, where: str) -> bool:
        """Whether an entry only its own name makes a relic or a trait is gear its model must carry.

        An entry with a minimum, under no group named so, that is a weapon ("Warlord Feet" of a Warlord
        Titan, "Relic Gauss Blaster" of a Royal Warden) or that only the word relic (heirloom…) names
        (Asterion Moloc's "Relic Shield"): a relic or a trait is a choice, never what every such model
        carries. A power or a Warlord upgrade a model must take stays one. (``where``: ``path`` and the entry's
        name, as the walk made it.)
        """
        name = child.name
        if child.low < 1 or _special(path) or not _special(where):
            return False
        only_relic = not (_PSYCHIC.search(name) or _TRAIT.search(name) or _UPGRADE.search(name))
        return only_relic or bool(self.read_item(child)[1])

    def skipped(self, child: _Child) -> bool:
        """Models (kinds of their own, or wargear models priced as options) are no wargear items."""
        return child.raw.type == "model" or id(child.element) in self.model_elements

    def hide_weapons(self, child: _Child) -> None:
        """The weapons of an entry hidden here leave the datasheet, but not for a condition Ost cannot decide.

        The force may show them (another detachment, an army rule): their profiles stay among the
        datasheet's weapons, so a list that takes them finds them; they are no choice of the datasheet.
        """
        if child.hidden or child.raw.type == "model" or self.undecided:
            return
        self.found.hidden_weapons.update(self.read_item(child)[1])

    def group(
        self,
        child: _Child,
        kinds: list[str],
        own: tuple[_Raw, ...],
        path: str,
        unit_level: bool,
        carried: dict[str, int],
        depth: int,
    ) -> None:
        special = _special(path)
        entries, nested = self.children_of(child.element, child.raw, child.link_raw)
        model_elements = self.model_elements
        if any(e.raw.type in ("model", "unit") or id(e.element) in model_elements for e in entries):
            # A group of models: their wargear is read with their kinds; the rest of it is the unit's.
            for grandchild in nested:
                if not (self.skipped(grandchild) or self.hidden(grandchild, own)):
                    self.group(grandchild, kinds, own, f"{path} / {grandchild.name}", unit_level, carried, depth + 1)
            return
        limit = self.limit_of(child, unit_level or special)
        default_ids = {child.raw.default, *((child.link_raw.default,) if child.link_raw else ())} - {""}
        once = (
            unit_level
            and not special
            and (default_ids or limit.min >= 1)
            and limit.max == 1
            and limit.per == "unit"
            and not any(self.read_item(e)[1] for e in entries)
        )
        if once:
            # What a unit of several kinds must take once, and no weapon (a Wych squad's combat drug, its cult, a
            # Kasrkin squad's extra doctrine), is the unit's pick, not something every model carries: read as each
            # model's, it broke its own limit and no other item could ever be chosen. (A weapon so chosen, the
            # Intercessors' rifles, is every model's.)
            special = True
        items: list[str] = []
        item_limits: dict[str, WargearLimit] = {}
        replaces: list[str] = []
        default: str | None = None  # the unit's own choice that must be filled: what a new unit takes
        #: What each model carries by default because of this group and still counts in it (see WargearGroup.fills).
        fills: dict[str, int] = {}
        #: Entries a sub-faction opens in a choice open to others: each a choice of its own inside this one.
        forced: list[tuple[_Child, tuple[str, ...] | None, _Force]] = []
        for entry in entries:
            hidden = self.hidden(entry, own, special)
            opened, opened_force = self.opened, self.opened_force
            # (Whether what opens the entry is among what the choice needs already: asked for every entry.)
            needed = not opened or set(opened) <= set(self.needs)
            if not hidden and special and opened_force is not None and opened_force != self.force and needed:
                forced.append((entry, opened, opened_force))
                continue
            if not hidden and (not needed or (opened_force is not None and opened_force != self.force)):
                # An entry the Warlord (or a sub-faction) opens in a choice open to any unit (a need Ost keeps per
                # choice) stays hidden, as before.
                hidden = True
                self.found.undecided += self.undecided
            if hidden:
                if self.undecided and limit.min:
                    limit.verified = False  # an entry a list may take can fill the minimum: advice only
                self.hide_weapons(entry)
                continue
            item = self.item(entry, path, unit_level or special)
            entry_limit = self.limit_of(entry, unit_level or special)
            is_default = not default_ids.isdisjoint(entry.ids)
            if (is_default and limit.min >= 1 and not special) or (entry.low >= 1 and not special):
                count = max(entry.low, limit.min if is_default else 0)
                carried[item.id] = carried.get(item.id, 0) + count
                fills[item.id] = fills.get(item.id, 0) + count
                if is_default:
                    replaces.append(item.id)
                    continue
            if item.id not in items:
                items.append(item.id)
                if entry_limit.max is not None or entry_limit.every is not None:
                    item_limits[item.id] = self.cache.limit(entry_limit)
            if is_default and special and limit.min >= 1 and default is None:
                default = item.id
        if once and default is None and limit.min >= 1 and items:
            # No default named: the cheapest entry (the data's first among equals), as the models' choices fill.
            default = min(items, key=lambda i: self.found.items[i].points)
        if limit.min >= 1 and any(
            not g.hidden and (g.raw.default or (g.link_raw and g.link_raw.default)) for g in nested
        ):
            # The nested groups' picks (their defaults among them) count toward this minimum: Ost does not
            # count those defaults here, so the minimum is advice only, and no entry of its own fills it.
            limit.verified = False
        elif not default_ids and limit.min >= 1 and not special and items:
            # No default but a minimum (a Sergeant's "two of: bolt pistol, boltgun, …"): what its entries
            # must take counts first, then the cheapest entries fill the rest, each once and none beyond its
            # own maximum, as the datasheet's price counts them (free ones first, in the data's order); with
            # one to fill, the others replace it.
            taken = sum(fills.values())
            fill = _fill(items, fills, item_limits, self.found.items, limit.min - taken)
            swap = limit.min == 1 and not taken and bool(fill)
            # Several things a unit of several kinds takes once ("3 invocations"): one model carries them.
            target = (
                self.unit_carried if self.unit_carried is not None and limit.per == "unit" and not swap else carried
            )
            for item_id in fill:
                target[item_id] = target.get(item_id, 0) + 1
                fills[item_id] = fills.get(item_id, 0) + 1
            if swap:
                replaces.extend(fill)
                items = [i for i in items if i not in fill]
            elif limit.min == taken == 1:
                # One entry fills it by its own minimum (a Kill-broker's pulse rifle): the others replace it.
                placed = [i for i, n in fills.items() if n]
                replaces.extend(placed)
                items = [i for i in items if i not in placed]
            limit.min = max(0, limit.min - len(fill))
        if replaces:
            limit.min = 0  # the default fills the minimum
        within = self.within
        made: str | None = None
        if items:
            made = self.add_group(
                child.option_id,
                child.name,
                [] if special else kinds,
                items,
                item_limits,
                replaces,
                limit,
                child.ids,
                default=default,
                fills=fills,
            )
        elif (self.reopened and special and nested and limit.max is not None) or forced:
            # A chapter's "Warlord Traits" or "Chapter Relics", shown by opened_by: at most one of the groups
            # inside, which it holds (WargearGroup.within).
            made = self.add_group(child.option_id, child.name, [], [], {}, [], limit, child.ids)
        try:
            for entry, opened, force in forced:
                # A hive fleet's own relic among the relics any fleet takes: open to that fleet's units, inside
                # the choice.
                self.within = made if made is not None else within
                with self.assuming(opened, force):
                    item = self.item(entry, path, True)
                    self.add_group(
                        entry.option_id, entry.name, [], [item.id], {}, [], self.limit_of(entry, True), entry.ids
                    )
            self.within = made if made is not None and self.reopened and special and nested else within
            self.walk_nested(nested, kinds, own, path, unit_level, carried, depth)
        finally:
            self.within = within

    def walk_nested(
        self,
        nested: list[_Child],
        kinds: list[str],
        own: tuple[_Raw, ...],
        path: str,
        unit_level: bool,
        carried: dict[str, int],
        depth: int,
    ) -> None:
        """The groups inside a group."""
        for grandchild in nested:
            where = f"{path} / {grandchild.name}"
            if self.skipped(grandchild) or self.hidden(grandchild, own, _special(where)):
                self.hide_weapons(grandchild)
                continue
            with self.assuming(self.opened, self.opened_force):
                self.group(grandchild, kinds, own, where, unit_level, carried, depth + 1)

    def add_group(
        self,
        group_id: str,
        name: str,
        kinds: list[str],
        items: list[str],
        item_limits: dict[str, WargearLimit],
        replaces: list[str],
        limit: _Limit,
        bs_ids: Sequence[str],
        *,
        marks: Sequence[str] = (),
        default: str | None = None,
        fills: dict[str, int] | None = None,
    ) -> str | None:
        """Add a choice; returns its id (None: one of that id and kinds is there already)."""
        key = f"{group_id}|{','.join(kinds)}"
        if key in self.group_ids:
            return None
        self.group_ids.add(key)
        unique = group_id
        number = 2
        taken = self.taken
        if self.groups is not self.found.groups:
            taken = taken | {g.id for g in self.groups}
        if self.needs and limit.min:
            # A minimum for the warlord alone (the traits it must take) is none for the unit that is not: left out.
            limit = dataclasses.replace(limit, min=0)
            default = None
        while unique in taken:
            unique = f"{group_id}-{number}"
            number += 1
        if self.groups is self.found.groups:
            self.taken.add(unique)
        self.groups.append(
            WargearGroup(
                id=unique,
                name=" ".join(name.split()).lstrip("! "),
                kinds=list(kinds),
                items=items,
                item_limits=item_limits,
                replaces=replaces,
                limit=self.cache.limit(limit),
                bs_ids=list(dict.fromkeys(bs_ids)),
                marks=list(marks),
                needs=list(self.needs),
                subfactions=list(self.force.opening) if self.force is not None else [],
                subfaction_rivals=list(self.force.rivals) if self.force is not None else [],
                within=self.within,
                default=default,
                fills={i: n for i, n in (fills or {}).items() if (i in items or i in replaces) and n > 0},
            )
        )
        return unique


class _Opening:
    """:meth:`_Reader.assuming` what opens a choice: its needs, its sub-factions and the entries assumed taken.

    (A class, not a generator: see :class:`.scope._Assuming`.)
    """

    def __init__(self, reader: _Reader, opened: tuple[str, ...], force: _Force | None) -> None:
        self.reader = reader
        self.opened = opened
        self.force = force
        self.before: tuple[tuple[str, ...], bool, _Force | None] = (reader.needs, reader.reopened, reader.force)
        self.taken = reader.scope.shared.assuming(opened)

    def __enter__(self) -> None:
        reader = self.reader
        needs = reader.needs
        self.before = (needs, reader.reopened, reader.force)
        reader.needs = tuple(dict.fromkeys((*needs, *self.opened)))
        reader.reopened = True
        if self.force is not None:
            reader.force = self.force
        self.taken.__enter__()

    def __exit__(self, kind: object, value: object, trace: object) -> None:
        try:
            self.taken.__exit__(kind, value, trace)
        finally:
            reader = self.reader
            reader.needs, reader.reopened, reader.force = self.before


def read_wargear(
    scope: _Scope,
    unit_raws: tuple[_Raw, ...],
    kinds: list[tuple[str, bool, list[_Occurrence]]],
    wargear_models: list[_Occurrence],
    min_models: int,
    cache: WargearCache,
) -> Wargear:
    """The wargear of one datasheet: items, choices and each kind's default loadout.

    ``kinds`` are (kind id, is the unit entry itself, its model entries). Read
    with the unit on the scope's stack, so conditions see the datasheet.
    """
    reader = _Reader(scope, unit_raws, min_models, cache)
    for _, _, occurrences in kinds:
        reader.model_elements.update(id(o.element) for o in occurrences)
    reader.model_elements.update(id(o.element) for o in wargear_models)
    raw = unit_raws[0]
    link_raw = unit_raws[1] if len(unit_raws) > 1 else None
    scope.push(unit_raws)
    try:
        self_kinds = [kind_id for kind_id, is_self, _ in kinds if is_self]
        every_kind = [kind_id for kind_id, _, _ in kinds]
        unit_kinds = self_kinds or every_kind
        # Under the unit entry: the choices of its own model (a character), of its only kind (Termagants'
        # weapons), or of the whole unit (counted over the unit).
        unit_level = not self_kinds and len(every_kind) > 1
        unit_carried = reader.unit_carried = {} if unit_level else None
        carried = reader.walk(raw, link_raw, unit_kinds, unit_raws, "", unit_level)
        reader.unit_carried = None
        for kind_id in unit_kinds:
            reader.found.loadouts.setdefault(kind_id, {}).update(carried)
        if unit_carried:
            # What the unit must take once (Aun'Va's three invocations): its one-model leader carries it, else
            # (no such kind) every model, as before.
            leaders = [kind_id for kind_id, _, occurrences in kinds if _one_model(occurrences)][:1]
            for kind_id in leaders or unit_kinds:
                loadout = reader.found.loadouts.setdefault(kind_id, {})
                for item_id, count in unit_carried.items():
                    loadout[item_id] = loadout.get(item_id, 0) + count
        for kind_id, _, occurrences in kinds:
            # The entry most models of the kind are (no maximum first) gives the loadout; the others
            # ("Space Marine w/ Heavy Weapon", at most 1) are one choice each: what they carry beyond it,
            # in place of what they do not.
            order = sorted(occurrences, key=lambda o: -_most(o))
            base: dict[str, int] | None = None
            variants: list[tuple[_Occurrence, list[str], list[str], list[str]]] = []
            for occurrence in order:
                model_raw = occurrence.raws[0]
                model_link = occurrence.raws[1] if len(occurrence.raws) > 1 else None
                own_groups: list[WargearGroup] = []
                if base is not None:
                    reader.groups = own_groups
                scope.push(occurrence.raws)
                try:
                    own = reader.walk(
                        model_raw, model_link, [kind_id], occurrence.raws, "", False, element=occurrence.element
                    )
                finally:
                    scope.pop()
                    reader.groups = reader.found.groups
                if base is None:
                    base = own
                    loadout = reader.found.loadouts.setdefault(kind_id, {})
                    for item_id, count in own.items():
                        loadout[item_id] = loadout.get(item_id, 0) + count
                    continue
                takes = [i for i in own if i not in base]
                # A default one of its choices gave it (the first special weapon filling "one of") is no mark.
                chosen = {i for group in own_groups for i in (*group.items, *group.replaces)}
                direct = [i for i in takes if i not in chosen]
                for group in own_groups:
                    add_new(takes, group.items)
                gives = [i for i in base if i not in own]
                if takes or gives:
                    variants.append((occurrence, takes, direct, gives))
            for occurrence, takes, direct, gives in variants:
                # What makes a model this variant: what it carries that no other variant does, else what it
                # may choose that no other variant may ("Paladin (Incinerator)": the incinerator).
                # What every plain model carries tells no variant apart (a Scion w/ Medi-pack's optional lasgun).
                others = {i for o, t, _, _ in variants if o is not occurrence for i in t} | set(base or ())
                marks = [i for i in direct if i not in others] or [i for i in takes if i not in others]
                reader.add_group(
                    occurrence.option_id,
                    occurrence.name,
                    [kind_id],
                    takes,
                    {},
                    gives,
                    # A variant's count that grows with the unit's models ("2 Scions in 5") is "per N models";
                    # one that another condition changes (another choice, the army) is advice only.
                    reader.variant_limit(occurrence, bool(marks)),
                    [occurrence.option_id],
                    marks=marks,
                )
        reader.offer_alternatives()
    finally:
        scope.pop()
    return reader.found


def _most(occurrence: _Occurrence) -> int:
    """How many models of an entry a unit may hold, for picking the entry most models are.

    Its maximum per unit, else one its constraints set at another scope (a "Chaos Biker w/ special
    weapon", at most 2 in the unit), else a great number.
    """
    found = [occurrence.high] if occurrence.high is not None else []
    found += [
        _bounded(value)
        for raw in occurrence.raws
        for kind, _, value, where in raw.constraints
        if kind == "max" and where == "other"
    ]
    return min(found) if found else 1 << 30


def _one_model(occurrences: Sequence[_Occurrence]) -> bool:
    """Whether a kind's entries allow exactly one model of it in the unit (a leader)."""
    return bool(occurrences) and all(o.low == 1 and o.high == 1 for o in occurrences)


def _fill(
    items: Sequence[str],
    taken: dict[str, int],
    limits: dict[str, WargearLimit],
    known: dict[str, _Item],
    need: int,
) -> list[str]:
    """The entries of a group with no default that fill its minimum: ``need`` of them, each once, cheapest first.

    The data's order breaks ties, and an entry already ``taken`` up to its own per-model maximum is passed
    over (a Hive Tyrant's scything talons, taken once by their own minimum, leave the second weapon to the
    bonesword).
    """
    out: list[str] = []
    for item_id in sorted(items, key=lambda i: known[i].points):
        if len(out) >= need:
            break
        bound = limits.get(item_id)
        if bound is not None and bound.per == "model" and bound.max is not None and taken.get(item_id, 0) >= bound.max:
            continue
        out.append(item_id)
    return out


def _selection_constraints(element: Element) -> list[tuple[str, str, str | None, float]]:
    """(scope, id, type, value) of an element's constraints on selections (percentages left out), in data order."""
    found: list[tuple[str, str, str | None, float]] = []
    for part in element:
        if _LOCAL.get(part.tag) != "constraints":
            continue
        for constraint in part:
            if constraint.get("field") != "selections" or constraint.get("percentValue") == "true":
                continue
            found.append(
                (
                    constraint.get("scope") or "",
                    constraint.get("id") or "",
                    constraint.get("type"),
                    _float(constraint.get("value")),
                )
            )
    return found


def _loosens(kind: str, value: float, current: float, is_max: bool) -> bool:
    """Whether a modifier may loosen a bound: raise a maximum, or lower a minimum.

    One that only tightens it (a maximum set to 0 once a heavy weapon is taken)
    leaves the unchanged bound a true one: checking it never refuses a legal list.
    """
    if is_max:
        return kind == "increment" or (kind == "set" and value > current)
    return kind == "decrement" or (kind == "set" and value < current)


def _variant_loosened(occurrence: _Occurrence) -> bool:
    """Whether a condition may raise how many models a variant entry allows."""
    maxima = {cid: value for raw in occurrence.raws for kind, cid, value, _ in raw.constraints if kind == "max"}
    return any(
        cid in maxima and _loosens(kind, value, maxima[cid], True)
        for raw in occurrence.raws
        for kind, cid, value, _ in raw.constraint_dynamic
    )


def _modified(kind: str, current: float, value: float) -> float:
    if kind == "set":
        return value
    if kind == "increment":
        return current + value
    if kind == "decrement":
        return current - value
    return current


@functools.lru_cache(maxsize=1 << 16)
def _special(path: str) -> bool:
    """Relics, traits, powers and other upgrades the unit takes once (named so, or under groups named so).

    Memoised: twelve chapters walk the same library paths.
    """
    return bool(_PSYCHIC.search(path) or _TRAIT.search(path) or _RELIC.search(path) or _UPGRADE.search(path))


@functools.lru_cache(maxsize=1 << 16)
def _is_warlord(name: str) -> bool:
    """Whether an entry's name is the data's "Warlord" selection (memoised: names repeat across scopes)."""
    return " ".join(name.split()).casefold() == "warlord"


@functools.lru_cache(maxsize=1 << 16)
def _not_choice(name: str) -> bool:
    """Crusade bookkeeping and army rules (memoised: names repeat across datasheets)."""
    return _NOT_CHOICES.search(name) is not None


@functools.lru_cache(maxsize=1 << 16)
def _path_words(path: str) -> tuple[bool, bool, bool, bool, bool]:
    """What :func:`_kind` reads of a path: a mark, psychic, a warlord's trait, a relic, an upgrade (memoised)."""
    return (
        _MARK.search(path) is not None,
        _PSYCHIC.search(path) is not None,
        _TRAIT.search(path) is not None and "warlord" in path.casefold(),
        _RELIC.search(path) is not None,
        _UPGRADE.search(path) is not None,
    )


def _kind(path: str, types: set[str], has_weapons: bool, unit_level: bool) -> WargearKind:
    # The path's first part names the unit or model: a "Warlord Titan"'s guns are no warlord traits, nor a
    # "Relic Contemptor Dreadnought"'s relics.
    mark, psychic, trait, relic, upgrade = _path_words(path.partition(" / ")[2] or path)
    if mark:
        return "upgrade"
    if "psychic power" in types or psychic:
        return "psychic"
    if trait:
        return "trait"
    if relic:
        return "relic"
    if upgrade:
        return "upgrade"
    if has_weapons:
        return "weapon"
    return "upgrade" if unit_level else "wargear"
