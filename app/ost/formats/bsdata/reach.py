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
  the primary catalogue's id in that case only.

A root link that holds entries or groups of its own (their ids become option
ids), a target that cannot be found in reach (each catalogue warns about it)
and a reading that met a transport (its text is read with the words of the
whole scope) are never shared across catalogue files. :class:`Reach` is
complete by construction: every element a draft reads is in reach, so two
scopes that answer the same for every reference in it read the same data.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.etree.ElementTree import Element

from ost.formats.bsdata.files import _File
from ost.formats.bsdata.schema import _LOCAL, CAT_NS, GST_NS
from ost.formats.bsdata.scope import _Scope

#: The links whose targets a scope looks up (categories are read by id, through the references check).
_FOLLOWED = frozenset(ns + tag for ns in (CAT_NS, GST_NS) for tag in ("entryLink", "infoLink"))
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


@dataclass(frozen=True, slots=True)
class Reach:
    """What a root entry's reading can read (see the module's docstring)."""

    #: No attribute in reach names an id the root's own file defines, and every target was found.
    portable: bool
    #: Catalogue ids the ``primary-catalogue`` conditions in reach ask about.
    catalogues: frozenset[str]


class Reaches:
    """The reach of root entries in their scopes, with what it is made of memoised for one import."""

    def __init__(self) -> None:
        self._local: dict[Element, _Local] = {}
        self._defined: dict[str, frozenset[str]] = {}
        self._asked: dict[str, frozenset[str]] = {}
        self._signatures: dict[Element, tuple[object, ...]] = {}

    def defined(self, file: _File) -> frozenset[str]:
        """Every id ``file`` defines (entries, groups, links, profiles, categories, constraints, modifiers…).

        Not the catalogue's own id: conditions ask about it only as the primary catalogue, which
        :attr:`Reach.catalogues` accounts for.
        """
        known = self._defined.get(file.id)
        if known is None:
            root = file.root
            known = frozenset(i for e in root.iter() if e is not root and (i := e.get("id")))
            self._defined[file.id] = known
        return known

    def asked(self, files: list[_File]) -> frozenset[str]:
        """The catalogues any ``primary-catalogue`` condition of ``files`` asks about."""
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

    def local(self, element: Element) -> _Local:
        known = self._local.get(element)
        if known is None:
            targets: list[str] = []
            values: set[str] = set()
            catalogues: set[str] = set()
            for item in element.iter():
                attributes = item.attrib
                values.update(attributes.values())
                if item.tag in _FOLLOWED:
                    target = attributes.get("targetId")
                    if target:
                        targets.append(target)
                elif attributes.get("scope") == "primary-catalogue" and item.tag in _CONDITIONS:
                    catalogues.add(attributes.get("childId") or "")
            known = _Local(tuple(dict.fromkeys(targets)), frozenset(values), frozenset(catalogues))
            self._local[element] = known
        return known

    def reach(self, scope: _Scope, file: _File, root: Element, *, portable: bool = True) -> Reach:
        """The reach of ``root`` (an entry or link of ``file``) read in ``scope``.

        ``portable=False``: only the catalogues asked about are wanted (the answer says not portable).
        """
        own = self.defined(file) if portable else frozenset()
        catalogues: set[str] = set()
        seen: set[Element] = {root}
        pending = [root]
        while pending:
            element = pending.pop()
            local = self.local(element)
            catalogues.update(local.catalogues)
            if portable and not local.values.isdisjoint(own) and _refers(element, own):
                portable = False
            for target in local.targets:
                found = scope.find(target)
                if found is None:
                    portable = False
                elif found not in seen:
                    seen.add(found)
                    pending.append(found)
        return Reach(portable, frozenset(catalogues))

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


def _refers(element: Element, own: frozenset[str]) -> bool:
    """Whether an attribute other than ``id`` in ``element``'s subtree names one of ``own``."""
    return any(value in own for item in element.iter() for name, value in item.items() if name != "id")
