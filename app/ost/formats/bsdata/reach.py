"""What a datasheet's reading can see of its catalogue: the key under which drafts are shared (see :class:`Reach`).

Twelve Space Marine chapters each offer some two hundred units through links
to one shared library; Imperial armies each offer the Agents of the Imperium.
A draft (:mod:`.datasheets`) reads the scope of the catalogue holding its root
entry, and the primary catalogue of the roster only through conditions
(``instanceOf`` a catalogue, ``scope="primary-catalogue"``). Everything a draft
reads is inside the root entry, or inside an element found through a
``targetId`` of an entry link or an info link, transitively: the scope's
:meth:`~.scope._Scope.find` is only ever asked for those. That *reach* is
computed here without reading the datasheet, and tells:

* whether any attribute in reach (other than ``id``, which defines and never
  refers) names an id the catalogue file itself defines. If none does, every
  lookup of the reading answers from the other files of the scope, so the
  draft is the same in every catalogue with those other files (the chapters
  and their library): it is shared, keyed by those files, the link's content
  (its own ids aside) and the target;
* which catalogues the conditions in reach ask about: a draft differs between
  two primary catalogues only when one of them is among those. The key holds
  the primary catalogue's id in that case only;
* which ids the force-scoped counts in reach count: a draft differs between
  two primary catalogues where one gives such a category and the other does
  not (:meth:`.scope.Shared.force_decides`). The key holds those the primary
  catalogue leaves undecided: eleven chapters without the Blood Angels' "PC:
  BA" share a reading, the Blood Angels have theirs.

A root link that holds entries or groups of its own (their ids become option
ids), a target that cannot be found in reach (each catalogue warns about it)
and a reading that met a transport (its text is read with the words of the
whole scope) are never shared across catalogue files. :class:`Reach` is
complete by construction: every element a draft reads is in reach, so two
scopes that answer the same for every reference in it read the same data.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import attrgetter, methodcaller
from xml.etree.ElementTree import Element

from ost.formats.bsdata.files import _File
from ost.formats.bsdata.schema import _LOCAL, CAT_NS, GST_NS
from ost.formats.bsdata.scope import _Scope

#: The links whose targets a scope looks up (categories are read by id, through the references check).
_FOLLOWED = tuple(ns + tag for ns in (CAT_NS, GST_NS) for tag in ("entryLink", "infoLink"))
_ATTRIBUTES = attrgetter("attrib")
_ID = methodcaller("get", "id")
_CONDITIONS = tuple(ns + "condition" for ns in (CAT_NS, GST_NS))
#: Children of a root link that make it more than a pointer with a role and a price.
_OWN_ENTRIES = frozenset({"selectionEntries", "selectionEntryGroups", "entryLinks"})


@dataclass(frozen=True, slots=True)
class _Local:
    """One element's subtree as references: link targets, attribute values, catalogues asked about."""

    targets: tuple[str, ...]
    #: Every attribute value in the subtree, ``id`` ones included (see :meth:`Reaches.reach`).
    values: frozenset[str]
    catalogues: frozenset[str]
    #: The ids force-scoped conditions count.
    forced: frozenset[str]


@dataclass(frozen=True, slots=True)
class Asked:
    """What the conditions in a reach ask about the roster's catalogue: which catalogue it is, what its force counts."""

    catalogues: frozenset[str]
    forced: frozenset[str]


class Reaches:
    """The reach of root entries in their scopes, with what it is made of memoised for one import."""

    def __init__(self) -> None:
        self._local: dict[Element, _Local] = {}
        self._defined: dict[str, frozenset[str]] = {}
        self._asked: dict[str, frozenset[str]] = {}
        self._asked_by: dict[tuple[str, ...], frozenset[str]] = {}
        self._signatures: dict[Element, tuple[object, ...]] = {}
        self._closures: dict[tuple[tuple[str, ...], str], tuple[frozenset[str], Asked] | None] = {}
        self._catalogues: dict[tuple[_Scope, Element], Asked] = {}
        self._forced: dict[str, bool] = {}

    def defined(self, file: _File) -> frozenset[str]:
        """Every id ``file`` defines (entries, groups, links, profiles, categories, constraints, modifiers…).

        Not the catalogue's own id: conditions ask about it only as the primary catalogue, which
        :attr:`Reach.catalogues` accounts for.
        """
        known = self._defined.get(file.id)
        if known is None:
            below = chain.from_iterable(map(Element.iter, file.root))  # every element but the catalogue's own
            known = frozenset(map(_ID, below)) - {None}
            self._defined[file.id] = known
        return known

    def asked(self, files: list[_File]) -> frozenset[str]:
        """The catalogues any ``primary-catalogue`` condition of ``files`` asks about (memoised by their ids)."""
        key = tuple([file.id for file in files])
        known_all = self._asked_by.get(key)
        if known_all is None:
            known_all = self._asked_by[key] = self._asked_in(files)
        return known_all

    def _asked_in(self, files: list[_File]) -> frozenset[str]:
        found: set[str] = set()
        for file in files:
            known = self._asked.get(file.id)
            if known is None:
                known = frozenset(
                    condition.get("childId") or ""
                    for tag in _CONDITIONS
                    for condition in file.root.iter(tag)
                    if condition.get("scope") == "primary-catalogue"
                )
                self._asked[file.id] = known
            found.update(known)
        return frozenset(found)

    def forces(self, files: list[_File]) -> bool:
        """Whether any condition of ``files`` counts selections in the force."""
        for file in files:
            known = self._forced.get(file.id)
            if known is None:
                known = self._forced[file.id] = any(
                    condition.get("scope") == "force" for tag in _CONDITIONS for condition in file.root.iter(tag)
                )
            if known:
                return True
        return False

    def local(self, element: Element) -> _Local:
        known = self._local.get(element)
        if known is None:
            # Whole subtrees at C speed: every attribute value, then the links and conditions by tag.
            values = frozenset(chain.from_iterable(map(dict.values, map(_ATTRIBUTES, element.iter()))))
            targets = [t for tag in _FOLLOWED for item in element.iter(tag) if (t := item.get("targetId"))]
            conditions = [item for tag in _CONDITIONS for item in element.iter(tag)]
            catalogues = frozenset(
                item.get("childId") or "" for item in conditions if item.get("scope") == "primary-catalogue"
            )
            forced = frozenset(item.get("childId") or "" for item in conditions if item.get("scope") == "force")
            known = _Local(tuple(dict.fromkeys(targets)), values, catalogues, forced)
            self._local[element] = known
        return known

    def portable(self, scope: _Scope, file: _File, root: Element) -> Asked | None:
        """What is asked about the catalogue in reach of a root link of ``file``; None: it may read ``file``'s own ids.

        The link itself is checked attribute by attribute (its own ids are defined in ``file``); what it
        leads to is each target's :meth:`_closure` in the other files of the scope, shared by every
        catalogue with those files. Where none of its values is an id of ``file``, ``scope`` finds every
        target in reach where the other files do: the closure is the reach in ``scope``. Otherwise None,
        without looking closer (a value may also be an entry's own ``id``: such a root is read alone).
        """
        own = self.defined(file)
        if _refers(root, own):
            return None
        local = self.local(root)
        catalogues = set(local.catalogues)
        forced = set(local.forced)
        for target in local.targets:
            closure = self._closure(scope, target)
            if closure is None or not closure[0].isdisjoint(own):
                return None
            catalogues.update(closure[1].catalogues)
            forced.update(closure[1].forced)
        return Asked(frozenset(catalogues), frozenset(forced))

    def catalogues(self, scope: _Scope, root: Element) -> Asked:
        """What the conditions in ``root``'s reach in ``scope`` ask about the catalogue (memoised per scope)."""
        key = (scope, root)
        known = self._catalogues.get(key)
        if known is None:
            found: set[str] = set()
            forced: set[str] = set()
            seen: set[Element] = {root}
            pending = [root]
            while pending:
                local = self.local(pending.pop())
                found.update(local.catalogues)
                forced.update(local.forced)
                for target in local.targets:
                    element = scope.find(target)
                    if element is not None and element not in seen:
                        seen.add(element)
                        pending.append(element)
            known = self._catalogues[key] = Asked(frozenset(found), frozenset(forced))
        return known

    def _closure(self, scope: _Scope, target: str) -> tuple[frozenset[str], Asked] | None:
        """The attribute values, and what is asked about the catalogue, in reach of ``target`` (None: one is missing).

        Found in the scope's files after its own, as :meth:`_Scope.find` would.
        Memoised by those files: the twelve chapters that link to one library share each closure.
        """
        files = scope.files[1:]
        key = (tuple(f.id for f in files), target)
        if key in self._closures:
            return self._closures[key]
        values: set[str] = set()
        catalogues: set[str] = set()
        forced: set[str] = set()
        result: tuple[frozenset[str], Asked] | None = None
        start = _find(files, target)
        if start is not None:
            seen: set[Element] = {start}
            pending = [start]
            complete = True
            while pending and complete:
                local = self.local(pending.pop())
                values.update(local.values)
                catalogues.update(local.catalogues)
                forced.update(local.forced)
                for more in local.targets:
                    element = _find(files, more)
                    if element is None:
                        complete = False
                        break
                    if element not in seen:
                        seen.add(element)
                        pending.append(element)
            if complete:
                result = (frozenset(values), Asked(frozenset(catalogues), frozenset(forced)))
        self._closures[key] = result
        return result

    def signature(self, link: Element) -> tuple[object, ...] | None:
        """A root link's content without its ids (None: it holds entries of its own, so it is never shared)."""
        known = self._signatures.get(link)
        if known is None:
            parts: list[object] = []
            for item in link.iter():
                if item is not link and _LOCAL.get(item.tag) in _OWN_ENTRIES:
                    self._signatures[link] = ()
                    return None
                parts.append((item.tag, tuple(sorted((k, v) for k, v in item.items() if k != "id")), item.text))
            known = self._signatures[link] = tuple(parts)
        return known or None


def _find(files: list[_File], item_id: str) -> Element | None:
    """What :meth:`_Scope.find` answers for ``item_id`` in a scope of ``files`` (without recording homes)."""
    for file in files:
        found = file.shared.get(item_id)
        if found is not None:
            return found
    for file in files:
        found = file.anywhere(item_id)
        if found is not None:
            return found
    return None


def _refers(element: Element, own: frozenset[str]) -> bool:
    """Whether an attribute other than ``id`` in ``element``'s subtree names one of ``own``."""
    return any(value in own for item in element.iter() for name, value in item.items() if name != "id")
