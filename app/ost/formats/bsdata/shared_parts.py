"""What each file gives the state every scope of one import shares (:class:`.scope.Shared`).

That state is always the sum of one :class:`Part` per file (:meth:`.scope.Shared.of`), each made by
:func:`part_of` whichever the import: in one process from every file; on two cores each process makes the parts
of its share of the files, from only the files it parsed, and the two swap them (:func:`.reader._read_split`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from xml.etree.ElementTree import Element

from ost.formats.bsdata.entries import _LEGENDS_TOGGLE_NAME
from ost.formats.bsdata.files import _File
from ost.formats.bsdata.schema import _LOCAL

#: The shared entry or group of an id in the import's files, the first that holds it (None: none).
Resolve = Callable[[str], Element | None]


@dataclass
class Part:
    """What one file gives the shared state (plain data: it crosses from one process to the other)."""

    #: Its cost types of points, its "Hide Legends" toggles (root entries), the categories it defines.
    points: set[str]
    toggles: set[str]
    categories: set[str]
    #: Its "Warlord" selections; the ids in its "Game Type" entry (a game system's).
    warlords: set[str]
    game_types: set[str]
    #: A catalogue's upgrade root entries (and their links) and its sub-faction values, in the order met.
    roots: set[str]
    values: dict[str, tuple[str, str]]
    #: Its catalogue links (target id, imports root entries), how many root entries and shared entries it has.
    links: list[tuple[str, bool]]
    root_count: int
    shared_count: int


def part_of(file: _File, resolve: Resolve) -> Part:
    """The part of ``file`` (see :meth:`.scope.Shared.subfaction_choices`); ``resolve`` finds a link's target."""
    warlords: set[str] = set()
    game_types: set[str] = set()
    for item_id, element in file.shared.items():
        name = " ".join((element.get("name") or "").split()).casefold()
        if name == "warlord" and element.get("type") == "upgrade":
            warlords.add(item_id)
        elif name == "game type" and file.is_game_system:
            game_types.update(e.get("id") or "" for e in element.iter())
    roots: set[str] = set()
    values: dict[str, tuple[str, str]] = {}
    for root in file.roots if not file.is_game_system else ():
        entry = root
        if _LOCAL.get(root.tag) == "entryLink":
            entry = resolve(root.get("targetId") or "") or root
        if _LOCAL.get(entry.tag) != "selectionEntry" or entry.get("type") != "upgrade":
            continue
        roots.update(i for i in (root.get("id"), entry.get("id")) if i)
        _choice_values(entry, entry.get("id") or "", values, 0, resolve, {})
    return Part(
        points={type_id for type_id, name in file.cost_types.items() if name.lower() == "pts"},
        toggles={root.get("id") or "" for root in file.roots if _LEGENDS_TOGGLE_NAME.search(root.get("name") or "")},
        categories=set(file.categories),
        warlords=warlords,
        game_types=game_types,
        roots=roots,
        values=values,
        links=list(file.links),
        root_count=len(file.roots),
        shared_count=len(file.shared),
    )


def resolver(files: Sequence[_File]) -> Resolve:
    """:data:`Resolve` over ``files``, the first that holds the id."""

    def resolve(target: str) -> Element | None:
        return next((f.shared[target] for f in files if target in f.shared), None)

    return resolve


def offered_ids(producer: _File, by_id: dict[str, _File], parts: dict[str, Part]) -> list[str]:
    """The files whose root entries ``producer`` offers: its own, then those of catalogues it imports roots from."""
    offered = [producer.id]
    seen = {producer.id}
    queue = [producer.id]
    while queue:
        for target, imports in parts[queue.pop(0)].links:
            linked = by_id.get(target)
            if not imports or linked is None or target in seen or linked.is_game_system:
                continue
            seen.add(target)
            offered.append(target)
            queue.append(target)
    return offered


def _choice_values(
    element: Element,
    choice: str,
    found: dict[str, tuple[str, str]],
    depth: int,
    resolve: Resolve,
    done: dict[Element, int],
) -> None:
    """Add the entries of ``element``'s groups (linked or not, and groups nested in them) as values of ``choice``.

    ``done``: the elements whose walk has ended, with the least depth each was walked from: walked again from as
    deep or deeper it would add nothing more (a group that links to itself: the walk stays linear in the links).
    """
    if depth > 3 or done.get(element, 4) <= depth:
        return
    in_group = _LOCAL.get(element.tag) == "selectionEntryGroup"
    for part in element:
        local = _LOCAL.get(part.tag)
        if local == "selectionEntryGroups":
            for group in part:
                _choice_values(group, choice, found, depth + 1, resolve, done)
        elif local in ("selectionEntries", "entryLinks"):
            for entry in part:
                target = resolve(entry.get("targetId") or "") if _LOCAL.get(entry.tag) == "entryLink" else entry
                if target is None:
                    continue
                if _LOCAL.get(target.tag) == "selectionEntryGroup":
                    _choice_values(target, choice, found, depth + 1, resolve, done)
                    continue
                if not in_group:
                    continue
                for entry_id in (entry.get("id"), entry.get("targetId")):
                    if entry_id and entry_id not in found:
                        found[entry_id] = (choice, " ".join((entry.get("name") or "").split()))
                _choice_values(target, choice, found, depth + 1, resolve, done)
    done[element] = depth
