"""The import: :func:`read_bsdata` reads the files, makes each playable catalogue's datasheets, reports coverage."""

from __future__ import annotations

import collections
import hashlib
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from xml.etree.ElementTree import Element

from ost.core.catalogue import Datasheet, Faction, ModelKind
from ost.core.collector import collector_paused
from ost.core.i18n import Bilingual
from ost.core.roles import Role
from ost.formats.bsdata.datasheets import _Draft, _Drafter
from ost.formats.bsdata.files import (
    SOURCE_PREFIX,
    _code_stamp,
    _faction_id,
    _File,
    _read_files,
    find_files,
    import_fingerprint,
)
from ost.formats.bsdata.forked import Claims, Exchange, Forked, Post, can_fork, cores
from ost.formats.bsdata.profiles import _words
from ost.formats.bsdata.report import BsDataError, BsImport, BsImportWarning, Coverage, Progress, tally_wounds
from ost.formats.bsdata.scope import Shared
from ost.formats.bsdata.shared_parts import Part, offered_ids, part_of
from ost.formats.safexml import DEFAULT_LIMITS, Limits, XmlInputError, read_file


def _space_phrases(sheets: Iterable[Datasheet]) -> dict[tuple[str, ...], list[str]]:
    """The keywords the faction's transports give space rules for (every spelling), by their words."""
    phrases: dict[tuple[str, ...], list[str]] = {}
    for sheet in sheets:
        if sheet.transport is not None:
            for rule in sheet.transport.space:
                for keyword in rule.keywords:
                    words = _words(keyword)
                    spellings = phrases.setdefault(words, []) if words else []
                    if words and not keyword.lstrip().startswith("<") and keyword not in spellings:
                        spellings.append(keyword)
    return phrases


def _named_keywords(kind: ModelKind, phrases: dict[tuple[str, ...], list[str]], keywords: list[str]) -> list[str]:
    """Space-rule keywords that a kind's name or profile name spells out, when no category gives them.

    BattleScribe gives the Heavy Weapons Team of an Infantry Squad no category of
    its own, yet the Chimera says "each Heavy Weapons Team takes the space of 2":
    the kind is the model the rule names, so it gets that keyword.
    """
    names = [_words(kind.name), *([_words(kind.profile)] if kind.profile else [])]
    found: list[str] = []
    seen = {word for name in names for word in name}
    for phrase, spellings in phrases.items():
        if phrase[0] not in seen:
            continue
        wanted = [k for k in spellings if k not in keywords and k not in kind.keywords]
        size = len(phrase)
        if wanted and any(name[i : i + size] == phrase for name in names for i in range(len(name) - size + 1)):
            found.extend(wanted)
    return found


@dataclass
class _Produced:
    """What one producer (a playable catalogue, or a game system with root entries of its own) gives the import.

    Made in either process of a two-process import (see :func:`read_bsdata`) and merged in producer order.
    """

    faction: Faction | None  # None: no datasheet came of it (its id is taken all the same)
    datasheets: list[Datasheet]
    coverage: Coverage
    #: Its datasheets' warnings (prices that depend on the army).
    warnings: list[BsImportWarning]
    #: The scopes' warnings (links not found) said while reading it, by what they are about: each is said once
    #: per import, by the first producer whose reading meets it.
    met: list[tuple[tuple[str, str], BsImportWarning]]
    #: With a ``prepare`` (see :func:`read_bsdata`): what it made of the datasheets, which are then dropped
    #: (:attr:`datasheets` empty); how many there were and their model kinds by wounds.
    prepared: list[Any] | None = None
    count: int = 0
    by_wounds: dict[int, int] | None = None


#: ``prepare(datasheets, faction)``: what the caller keeps of one catalogue's datasheets instead of them (the rows
#: the store writes), made in the process that read them.
Prepare = Callable[[list[Datasheet], Faction | None], list[Any]]


class Sink(Protocol):
    """Where an import's prepared rows go (see :func:`read_bsdata`): ``ost import bsdata`` writes them as they come.

    :meth:`begin` comes once before the first :meth:`add` (again after a :meth:`cancel`); each producer's rows
    are added once, in producer order. :meth:`cancel` drops what was added (the import is read again in one
    process, or failed); harmless when nothing was begun.
    """

    def begin(self, sources: list[str]) -> None:
        """The rows of ``sources`` (every producer's, :attr:`BsImport.sources`) are about to come."""

    def add(self, rows: list[Any]) -> None:
        """The next producer's rows."""

    def cancel(self) -> None:
        """Drop everything added since :meth:`begin`."""


def _prepared_in_place(one: _Produced, prepare: Prepare) -> list[Datasheet]:
    """``one`` with its datasheets made into what ``prepare`` gives, counted, and dropped; the datasheets dropped."""
    sheets = one.datasheets
    one.prepared = prepare(sheets, one.faction)
    one.count = len(sheets)
    one.by_wounds = tally_wounds(sheets, {})
    one.datasheets = []
    return sheets


def _produce(drafter: _Drafter, producer: _File, faction_id: str) -> _Produced:
    """The faction of ``producer``: its datasheets (each target once, a slotted role first), coverage, warnings."""
    before = len(drafter.shared.unresolved_targets)
    source = SOURCE_PREFIX + producer.id
    offers = drafter.offered(producer) if not producer.is_game_system else [(producer, r) for r in producer.roots]
    chosen: dict[str, _Draft] = {}
    link_ids: dict[str, list[str]] = {}
    for file, root in offers:
        draft = drafter.draft(file, root, producer)
        if draft is None:
            continue
        ids = link_ids.setdefault(draft.target_id, [])
        ids.extend(i for i in draft.link_ids if i not in ids)
        current = chosen.get(draft.target_id)
        if current is None or (current.role is Role.UNSLOTTED and draft.role is not Role.UNSLOTTED):
            chosen[draft.target_id] = draft
    report = Coverage(faction=faction_id, name=producer.name, revision=producer.revision)
    datasheets: list[Datasheet] = []
    warnings: list[BsImportWarning] = []
    phrases = _space_phrases(draft.sheet for draft in chosen.values())
    for target_id, draft in chosen.items():
        bs_ids = [target_id, *link_ids[target_id]]
        kinds = []
        for kind in draft.sheet.kinds:
            update: dict[str, list[str]] = {}
            if target_id in kind.bs_ids and any(i not in kind.bs_ids for i in bs_ids):
                # The unit's own model (a character) is named by every link that offers the datasheet.
                update["bs_ids"] = [*kind.bs_ids, *(i for i in bs_ids if i not in kind.bs_ids)]
            named = _named_keywords(kind, phrases, draft.sheet.keywords) if phrases else []
            if named:
                update["keywords"] = [*kind.keywords, *named]
            kinds.append(kind.model_copy(update=update) if update else kind)
        sheet = draft.sheet.model_copy(
            update={
                "id": f"{faction_id}-{target_id}",
                "faction": faction_id,
                "source": source,
                "source_revision": producer.revision or None,
                "bs_ids": bs_ids,
                "kinds": kinds,
            }
        )
        datasheets.append(sheet)
        report.datasheets += 1
        report.role += sheet.role is not Role.UNSLOTTED
        report.points += draft.has_points
        report.size += draft.has_size
        report.keywords += bool(sheet.keywords)
        report.profiles += bool(sheet.profiles)
        report.transports += draft.has_transport
        understood = bool(sheet.transport and sheet.transport.verified)
        report.transports_parsed += understood
        if draft.has_transport and not understood:
            report.transports_unparsed.append(sheet.name)
        report.legends += sheet.legends
        report.hidden += sheet.hidden
        report.kinds += len(sheet.kinds)
        report.several_kinds += len(sheet.kinds) > 1
        report.kinds_with_wounds += draft.kinds_with_wounds
        report.modifiers_evaluated += draft.modifiers_evaluated
        report.modifiers_kept += draft.modifiers_kept
        if draft.kept_names:
            shown = ", ".join(f"'{n}'" for n in draft.kept_names[:5]) + (" …" if len(draft.kept_names) > 5 else "")
            report.warnings += 1
            warnings.append(
                BsImportWarning(
                    draft.path,
                    Bilingual(
                        fr=f"{producer.name} – {sheet.name} : les points de {shown} dépendent de l'armée "
                        "(une autre unité, le détachement, la liste) ou de la taille de l'unité ; le prix sans ce "
                        "changement est gardé",
                        en=f"{producer.name} – {sheet.name}: the points of {shown} depend on the army "
                        "(another unit, the detachment, the roster) or grow with the unit; the price without that "
                        "change is kept",
                    ),
                )
            )
    faction = (
        Faction(id=faction_id, name=producer.name, name_en=producer.name, source=source, revision=producer.revision)
        if chosen
        else None
    )
    met = list(itertools.islice(drafter.shared.unresolved_targets.items(), before, None))
    return _Produced(faction, datasheets, report, warnings, met)


def _read_own(
    drafter: _Drafter,
    producers: list[_File],
    faction_ids: list[str],
    order: Iterable[int],
    progress: Progress | None,
    done: int,
    total: int,
    prepare: Prepare | None = None,
    kept: list[list[Datasheet]] | None = None,
    each: Callable[[int, _Produced], None] | None = None,
) -> tuple[dict[int, _Produced], tuple[int, XmlInputError] | None]:
    """The producers of ``order`` (increasing indices), progress shown from ``done`` to ``total``; stops at an error.

    The error is returned with its producer's index: the other process may have met an earlier one, which is the
    one an import read in one process raises. With ``prepare``, each producer's datasheets are prepared as they
    are read (:func:`_prepared_in_place`), and the dropped datasheets added to ``kept`` when given. ``each`` is
    given each producer as soon as it is read (and prepared).
    """
    produced: dict[int, _Produced] = {}
    for index in order:
        if progress is not None:
            progress(done + (total - done) * index // len(producers), total, producers[index].name)
        try:
            one = produced[index] = _produce(drafter, producers[index], faction_ids[index])
        except XmlInputError as exc:
            return produced, (index, exc)
        if prepare is not None:
            dropped = _prepared_in_place(one, prepare)
            if kept is not None:
                kept.append(dropped)
        if each is not None:
            each(index, one)
    return produced, None


def _prepared(found: list[Path], files: list[_File]) -> tuple[_Drafter, list[_File], list[str]]:
    """The import's drafter, its producers in order and their faction ids; an error when a game system is missing."""
    producers, faction_ids = _producers(found, files)
    return _Drafter(files), producers, faction_ids


def _producers(
    found: list[Path], files: list[_File], has_roots: Callable[[_File], bool] = lambda system: bool(system.roots)
) -> tuple[list[_File], list[str]]:
    """The producers in order and their faction ids; an error when a game system is missing.

    ``has_roots`` says whether a game system has root entries of its own (which makes it a producer).
    """
    systems = [f for f in files if f.is_game_system]
    if not systems:
        raise BsDataError(
            found[0].parent,
            Bilingual(
                fr="aucun système de jeu (.gst) parmi les fichiers ; les catalogues BattleScribe en ont besoin",
                en="no game system (.gst) among the files; BattleScribe catalogues need theirs",
            ),
        )
    catalogues = [f for f in files if not f.is_game_system]
    system_ids = {s.id for s in systems}
    for catalogue in catalogues:
        if catalogue.game_system_id not in system_ids:
            raise BsDataError(
                catalogue.path,
                Bilingual(
                    fr=f"a besoin du système de jeu '{catalogue.game_system_id}', absent des fichiers",
                    en=f"needs the game system '{catalogue.game_system_id}', which is not among the files",
                ),
            )
    playable = [c for c in catalogues if not c.library]
    producers: list[_File] = [*playable, *[s for s in systems if has_roots(s)]]
    # Faction ids depend on the order (a name taken earlier gets its catalogue id appended): decided up front.
    taken: set[str] = set()
    return producers, [_faction_id(producer, taken) for producer in producers]


#: A producer that reads the same library as one before it in its process costs about this share of its entries:
#: readings of that library are shared (see :mod:`.reach`).
_SHARED_COST = 0.7


def _pins(shared: Shared, producers: list[_File]) -> tuple[list[int], list[int]]:
    """The producers each process reads whatever happens (indices, in order): this process's, then the child's.

    Producers that lean on the same library (the Space Marine chapters on theirs, the Chaos legions on theirs: by
    the linked library with the most shared entries) are one family, read by one process, so that they share its
    readings: read in both, each library's first reading is paid twice (the import's CPU grew by a tenth when
    every producer was free, by 0.6 s when the chapters were cut in two halves). The families go to the lighter
    process, heaviest first, by an estimate of their cost (their root entries). Producers of no family that come
    before the heavier side's last pinned one go to the lighter side while it stays the lighter
    (:func:`_pin_early_free`); the others are pinned to neither: the two processes take them as they come
    (:class:`Claims`), and so end together unless one family outweighs all the rest (the chapters are about half
    the full release).
    """
    by_id, parts = shared.by_id, shared.parts
    family_of: list[str] = []
    cost_of: list[float] = []
    for producer in producers:
        libraries = [by_id[t] for t, _ in parts[producer.id].links if t in by_id and by_id[t].library]
        family_of.append(max(libraries, key=lambda f: parts[f.id].shared_count).id if libraries else "")
        offered = [producer.id] if producer.is_game_system else offered_ids(producer, by_id, parts)
        cost_of.append(sum(parts[i].root_count for i in offered))
    return _pinned(family_of, cost_of)


def _free(pinned: tuple[list[int], list[int]], count: int) -> list[int]:
    """The producers (of ``count``) pinned to neither process: the two take them as they come (:class:`Claims`)."""
    taken = {*pinned[0], *pinned[1]}
    return [index for index in range(count) if index not in taken]


def _pinned(family_of: list[str], cost_of: list[float]) -> tuple[list[int], list[int]]:
    """:func:`_pins` of producers whose families (their main library's id, "" for none) and costs are known."""
    families: dict[str, list[int]] = {}
    costs: list[float] = []
    for index, (family, cost) in enumerate(zip(family_of, cost_of, strict=True)):
        costs.append(cost * (_SHARED_COST if family in families else 1.0))
        if family:
            families.setdefault(family, []).append(index)
    groups = [members for members in families.values() if len(members) > 1]  # one alone shares nothing: free
    sides: tuple[list[int], list[int]] = ([], [])
    loads = [0.0, 0.0]
    for group in sorted(groups, key=lambda g: -sum(costs[i] for i in g)):
        side = 0 if loads[0] <= loads[1] else 1
        sides[side].extend(group)
        loads[side] += sum(costs[i] for i in group)
    _pin_early_free(sides, loads, costs)
    return sorted(sides[0]), sorted(sides[1])


def _pin_early_free(sides: tuple[list[int], list[int]], loads: list[float], costs: list[float]) -> None:
    """Pin to the lighter side the free producers that come before the heavier side's last pinned one.

    A process reads in increasing order and takes a free producer when it comes before its next pinned one
    (:func:`_turns`), so the side holding the Space Marine chapters (about half the release, in the middle of
    the order) took the free armies before and between them as well, and ended a third of a second after the
    other, which had run out of free ones. Those go to the lighter side while it stays the lighter (by the
    estimates); the free ones after the heavier side's last pinned one stay free, and the two processes share
    them as they come, which evens out what the estimates miss.
    """
    heavy = 0 if loads[0] >= loads[1] else 1
    if not sides[heavy]:
        return
    light = 1 - heavy
    last = max(sides[heavy])
    pinned = {*sides[0], *sides[1]}
    for index in range(last):
        if index not in pinned and loads[light] + costs[index] <= loads[heavy]:
            sides[light].append(index)
            loads[light] += costs[index]


def _turns(pinned: list[int], claims: Claims, free: list[int]) -> Iterator[int]:
    """The indices a process reads, in increasing order: its ``pinned`` ones, and the ``free`` ones it takes first.

    Its next pinned index is read first while it comes before the next free index not yet taken (as far as
    :meth:`Claims.left` says: never further than it is); else it takes the next free index, reading any pinned
    one below that first.
    """
    mine = collections.deque(pinned)
    while True:
        if mine:
            left = claims.left()
            position = 0 if left is None else len(free) - left
            if position >= len(free) or mine[0] < free[position]:
                yield mine.popleft()
                continue
        claimed = claims.take()
        if claimed is None:
            break
        while mine and mine[0] < claimed:
            yield mine.popleft()
        yield claimed
    yield from mine


def _child_reads(
    drafter: _Drafter,
    producers: list[_File],
    faction_ids: list[str],
    pinned: list[int],
    claims: Claims,
    free: list[int],
    prepare: Prepare | None,
) -> _Shares:
    """The forked child's work: its pinned producers and the free ones it takes first, in order; raises an error.

    With ``prepare``, only what it makes of the datasheets is sent back (the store's rows: plain texts, pickled
    at the speed of a copy, where the datasheets' objects took a tenth of a second each way).
    """
    order = _turns(pinned, claims, free)
    produced, failed = _read_own(drafter, producers, faction_ids, order, None, 0, 0, prepare)
    if failed is not None:  # the parent reads this share again, and meets the error itself if it comes first
        raise failed[1]
    return produced


#: What each producer gives, by its index.
_Shares = dict[int, _Produced]


# --- An import on two cores from the start: each process parses only the files it needs -----------------------
#
# Parsing every file took a fifth of the import (0.5 s of the full release), all of it in one process before the
# fork. Here the fork comes first: each process parses the files it sums up (a share of every file, by their
# bytes), and the two hand each other what each of those files gives the state all scopes share (its part, as
# :mod:`.shared_parts` makes it whichever the import: see :class:`_Part`), then read their producers, each parsing
# the files of those producers it has not parsed yet (:meth:`.files._File.later`). Anything out of the ordinary (a
# zip, UTF-16, two files of one catalogue, a file the start of which says too little, a file refused, a
# failure of either process) and the import is read as before: every file parsed in order, first of all, which
# refuses the first bad file with its own words.


@dataclass
class _Part:
    """What one process hands the other: the parts (:mod:`.shared_parts`) of the files it summed up, by index.

    With them, the shared entries their sub-faction walks looked up, with the index of the file each was found in
    (-1: none) among the files this process had parsed (the other process checks that no file before holds one:
    :func:`_agrees`), and the files' digests.
    """

    parts: dict[int, Part] = field(default_factory=dict)
    resolved: dict[str, int] = field(default_factory=dict)
    digests: dict[int, str] = field(default_factory=dict)


def _sum_up(files: list[_File], indices: list[int], datas: list[bytes]) -> _Part:
    """The :class:`_Part` of the files of ``indices`` (parsed now, if not yet), their digests with it."""
    mine = _Part()
    for index in indices:
        files[index].root  # noqa: B018 (parsed now, if not yet)
    loaded = [(index, file) for index, file in enumerate(files) if file.loaded]

    def resolve(target: str) -> Element | None:
        for index, file in loaded:
            found = file.shared.get(target)
            if found is not None:
                mine.resolved.setdefault(target, index)
                return found
        mine.resolved.setdefault(target, -1)
        return None

    for index in indices:
        mine.digests[index] = hashlib.sha256(datas[index]).hexdigest()
        mine.parts[index] = part_of(files[index], resolve)
    return mine


def _agrees(theirs: _Part, files: list[_File]) -> bool:
    """Whether the other process's look-ups found the first file holding each entry.

    None of the files parsed here may hold one before the file it was found in (or at all, when not found).
    """
    loaded = [(index, file) for index, file in enumerate(files) if file.loaded]
    for target, where in theirs.resolved.items():
        for index, file in loaded:
            if where >= 0 and index >= where:
                break
            if target in file.shared:
                return False
    return True


_LINK = re.compile(rb"<catalogueLink\s[^>]*>")
_LINK_ATTRIBUTE = re.compile(rb"""\s(targetId|importRootEntries)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _links_in(data: bytes) -> list[tuple[str, bool]]:
    """A file's catalogue links as its bytes spell them: an estimate, only to share the work out (:func:`_plan`)."""
    links: list[tuple[str, bool]] = []
    start = data.rfind(b"<catalogueLinks>")  # (BattleScribe writes them last: found from the end, 2x sooner)
    end = data.find(b"</catalogueLinks>", start)
    for tag in _LINK.findall(data, start, end) if 0 <= start < end else ():
        values = {
            m.group(1): m.group(2) if m.group(2) is not None else m.group(3) for m in _LINK_ATTRIBUTE.finditer(tag)
        }
        target = values.get(b"targetId")
        if target:
            links.append((target.decode("utf-8", "replace"), values.get(b"importRootEntries") == b"true"))
    return links


def _roots_in(data: bytes) -> int:
    """About how many root entries a file has, counted on its bytes as BattleScribe lays them out.

    (Two spaces a level.) An estimate, only to share the work out (:func:`_plan`).
    """
    count = 0
    for tag in (b"selectionEntries", b"entryLinks"):
        start = data.find(b"\n  <" + tag + b">")
        end = data.find(b"\n  </" + tag + b">", start) if start >= 0 else -1
        if end > start:
            count += data.count(b"\n    <", start, end) - data.count(b"\n    </", start, end)
    return count


@dataclass
class _Plan:
    """Which files each process of an import on two cores parses before the two swap parts (see :func:`_read_split`).

    Decided before any is parsed, from the files' bytes: the producers each process will read are decided
    once the parts are swapped (:func:`_pins`), as when every file is parsed first; this guesses them.
    """

    #: The files each process sums up (:class:`_Part`), in order: each file in one of them.
    sums: tuple[list[int], list[int]]
    #: The files each process parses first: those it sums up and those they link to (where their sub-faction
    #: choices are found), in order.
    parse: tuple[list[int], list[int]]


def _plan(files: list[_File], producers: list[_File], datas: list[bytes]) -> _Plan:
    """The files each process sums up and parses first, by :func:`_pins` guessed from the files' bytes.

    The guess takes a library's bytes for its shared entries, and counts root entries on the bytes
    (:func:`_roots_in`); the catalogue links are read there too (:func:`_links_in`).

    A file only the producers pinned to one process need is summed up by that process; the others go to the
    one they make the lighter (by the bytes to parse first, the largest first), so that both are ready about
    together.
    """
    at = {file.id: index for index, file in enumerate(files)}
    sizes = [len(data) for data in datas]
    links = [_links_in(data) for data in datas]
    roots = [_roots_in(data) for data in datas]

    def reach(start: int, imports: bool) -> list[int]:
        reached = [start]
        queue = [start]
        while queue:
            for target, imported in links[queue.pop(0)]:
                index = at.get(target)
                if index is None or index in reached or (imports and (not imported or files[index].is_game_system)):
                    continue
                reached.append(index)
                queue.append(index)
        if not imports:
            system = at.get(files[start].game_system_id)
            if system is not None and system not in reached:
                reached.append(system)
        return reached

    family_of: list[str] = []
    cost_of: list[float] = []
    for producer in producers:
        start = at[producer.id]
        libraries = [at[t] for t, _ in links[start] if t in at and files[at[t]].library]
        family_of.append(files[max(libraries, key=lambda i: sizes[i])].id if libraries else "")
        cost_of.append(sum(roots[i] for i in ([start] if producer.is_game_system else reach(start, True))))
    pinned = _pinned(family_of, cost_of)
    needs = [{i for p in side for i in reach(at[producers[p].id], False)} for side in pinned]
    sums: tuple[list[int], list[int]] = ([], [])
    loads: tuple[set[int], set[int]] = (set(), set())
    either: list[int] = []
    for index in range(len(files)):
        if (index in needs[0]) != (index in needs[1]):
            side = 0 if index in needs[0] else 1
            sums[side].append(index)
            loads[side].update(reach(index, False))
        else:
            either.append(index)
    for index in sorted(either, key=lambda i: -sizes[i]):
        scope = reach(index, False)
        after = [sum(sizes[i] for i in loads[side].union(scope)) for side in (0, 1)]
        side = 0 if after[0] <= after[1] else 1
        sums[side].append(index)
        loads[side].update(scope)
    parse = tuple(sorted(loads[side]) for side in (0, 1))
    return _Plan((sorted(sums[0]), sorted(sums[1])), (parse[0], parse[1]))


class _Unsure(Exception):
    """The import on two cores from the start cannot go on: it is read as before (see :func:`_read_split`)."""


def _read_side(
    side: int,
    found: list[Path],
    files: list[_File],
    datas: list[bytes],
    plan: _Plan,
    exchange: Exchange,
    claims: Claims,
    progress: Progress | None,
    total: int,
    prepare: Prepare | None,
    kept: list[list[Datasheet]] | None,
    gather: _Gather | None = None,
    post: Post | None = None,
) -> tuple[list[_File], _Drafter, _Shares, dict[int, str]]:
    """One process's work in :func:`_read_split`: sum up its files, swap parts, read its producers; or _Unsure.

    Returns the producers, its drafter, what its producers gave and every file's digest (the other process
    hashed its own). The parent gives each producer it reads to ``gather`` as soon as it is read, the child posts
    it to the parent (``post``).
    """
    for index in plan.parse[side]:
        if progress is not None:
            progress(index, total, Path(files[index].path).name)
        files[index].root  # noqa: B018 (parsed now)
    mine = _sum_up(files, plan.sums[side], datas)
    theirs = exchange.swap(mine)
    if not isinstance(theirs, _Part) or not _agrees(theirs, files):
        raise _Unsure
    parts = {**mine.parts, **theirs.parts}
    shared = Shared.of(files, [parts[index] for index in range(len(files))])
    producers, faction_ids = _producers(found, files, lambda system: shared.parts[system.id].root_count > 0)
    if len(producers) > Claims.MOST:
        raise _Unsure
    drafter = _Drafter(files, shared)
    # The work shared out as when every file is parsed first (_pins), both processes deciding alike; the parent
    # hands the free producers out (the child waits for them).
    pinned = _pins(shared, producers)
    loose = _free(pinned, len(producers))
    if side == 0:
        claims.fill(loose)
        # The importer's stamp (hashed sources, cached) for the fingerprint, made while both read (the free
        # producers even the cost out): made at the end, it was 6-9 ms on this process alone.
        _code_stamp()
    else:
        claims.wait()
    order = _turns(pinned[side], claims, loose)
    done = len(files) if progress is not None else 0
    each: Callable[[int, _Produced], None] | None = None
    if gather is not None:
        gather.known(producers)
        each = gather.mine
    elif post is not None:
        each = lambda index, one: post((index, one))  # noqa: E731
    produced, failed = _read_own(drafter, producers, faction_ids, order, progress, done, total, prepare, kept, each)
    if failed is not None:
        raise _Unsure
    return producers, drafter, produced, {**mine.digests, **theirs.digests}


def _read_split(
    found: list[Path],
    limits: Limits,
    progress: Progress | None,
    total: int,
    prepare: Prepare | None,
    kept: list[list[Datasheet]] | None,
    sink: Sink | None = None,
    left: list[Callable[[], None]] | None = None,
) -> tuple[list[_File], list[_File], _Drafter, _Shares, list[str]] | None:
    """The import on two cores, each process parsing only the files it needs; None: read it as before.

    Returns the files, the producers, this process's drafter, what every producer gave and the files' digests.
    With a ``sink``, every producer's rows have been added to it, in order (see :class:`_Gather`). With ``left``,
    a child that answered is not waited for: what collects it is added there (:meth:`.forked.Forked.close`).
    None (nothing forked) and :class:`_Unsure` (something failed once forked: read it in this process alone) say
    nothing yet: the import read as before says what is wrong, if anything.
    """
    limit = max(limits.max_file_bytes, limits.max_zip_bytes)
    try:
        datas = [read_file(path, limit) for path in found]
    except XmlInputError:
        return None
    files: list[_File] = []
    for path, data in zip(found, datas, strict=True):
        file = _File.later(path, data, limits)
        if file is None or len(data) > limits.max_file_bytes:
            return None
        files.append(file)
    if len({file.id for file in files}) != len(files):  # two files of one catalogue: a warning, said as before
        return None
    try:
        guessed, _ = _producers(found, files, lambda system: True)  # (the game systems' roots unknown yet)
    except XmlInputError:
        return None
    if not 1 < len(guessed) <= Claims.MOST:
        return None
    plan = _plan(files, guessed, datas)
    try:  # (no descriptor left to make them: read as before, in one process)
        claims = Claims(None)  # the free producers, handed out once the parts are swapped (see _read_side)
    except OSError:
        return None
    try:
        exchange = Exchange()
    except OSError:
        claims.close()
        return None
    child: Forked[list[int]] | None = None
    #: What the child read, kept to its end: freed object by object, its drafter took 0.06-0.1 s before the
    #: child's answer went out (the child ends with ``os._exit``, which frees nothing).
    held: list[object] = []

    def work(post: Post) -> list[int]:
        exchange.side(child=True)
        claims.child()
        read = _read_side(1, found, files, datas, plan, exchange, claims, None, total, prepare, None, None, post)
        held.append(read)
        return sorted(read[2])  # (each posted as soon as read)

    try:
        child = Forked.posting(work)
        exchange.side(child=False)
        if child is None:  # (nothing done yet: read as before, which tries to fork again)
            return None
        gather = _Gather(child, sink)
        producers, drafter, _, digests = _read_side(
            0, found, files, datas, plan, exchange, claims, progress, total, prepare, kept, gather
        )
        gather.rest()
    except XmlInputError:
        raise _Unsure from None
    finally:
        if child is not None:
            child.close(wait=left is None)  # (it has answered and is ending: collected; else ended first)
            if left is not None:
                left.append(child.close)
        claims.close()
        exchange.close()
    return files, producers, drafter, gather.produced, [digests[index] for index in range(len(files))]


class _Gather:
    """What every producer gives, in the parent of an import on two cores (:func:`_read_split`), and the sink's rows.

    The parent's own producers come as it reads them (:meth:`mine`), the child's as the child posts them, each as
    soon as it is read; every producer's rows go to the sink in producer order as soon as those of every producer
    before it are in. So the database write runs while the two processes read (a little more of the reading
    goes to the child: the two share the free producers as they come, see :class:`.forked.Claims`), and what is
    left at the end is the rows of the last producers. Anything unexpected from the child: :class:`_Unsure`.
    """

    def __init__(self, child: Forked[list[int]], sink: Sink | None) -> None:
        self.produced: _Shares = {}
        self._child = child
        self._sink = sink
        self._sources: list[str] = []
        self._count = 0
        self._theirs: list[int] = []  # the producers the child posted, in order
        self._next = 0  # the first producer whose rows have not gone to the sink
        self._begun = False

    def known(self, producers: list[_File]) -> None:
        """The producers, decided (before any is read)."""
        self._count = len(producers)
        self._sources = [SOURCE_PREFIX + producer.id for producer in producers]

    def mine(self, index: int, one: _Produced) -> None:
        """One of this process's producers, read: in, with whatever the child has posted by now; rows written."""
        if index in self.produced:
            raise _Unsure
        self.produced[index] = one
        while self._take(wait=False):
            pass
        self._hand_on()

    def rest(self) -> None:
        """Once this process has read its share: the child's other producers as they come, every row written."""
        self._hand_on()
        while self._next < self._count:
            if not self._take(wait=True):
                raise _Unsure  # the child failed or ended before posting them all
            self._hand_on()
        if self._child.result(wait=False) != self._theirs:  # (its exit not waited for: see _read_split)
            raise _Unsure

    def _take(self, wait: bool) -> bool:
        """Whether the child had posted one more producer (``wait``: waiting for it)."""
        post = self._child.post(wait)
        if post is None:
            return False
        posted = post[0]
        if not (isinstance(posted, tuple) and len(posted) == 2 and isinstance(posted[1], _Produced)):
            raise _Unsure
        index, one = posted
        if not isinstance(index, int) or not 0 <= index < self._count or index in self.produced:
            raise _Unsure
        self.produced[index] = one
        self._theirs.append(index)
        return True

    def _hand_on(self) -> None:
        """The rows of the producers now in, up to the first one not in yet, to the sink."""
        while self._next < self._count and self._next in self.produced:
            if self._sink is not None:
                if not self._begun:
                    self._sink.begin(self._sources)
                    self._begun = True
                self._sink.add(self.produced[self._next].prepared or [])
            self._next += 1


def read_bsdata(
    paths: Iterable[str | Path],
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
    *,
    free: bool = True,
    workers: int = 1,
    prepare: Prepare | None = None,
    sink: Sink | None = None,
) -> BsImport:
    """Read BattleScribe files (folders, ``.gst``/``.cat``, ``.gstz``/``.catz``) into factions and datasheets.

    Raises :class:`BsDataError` (or :class:`ost.formats.safexml.XmlInputError`)
    naming the file for anything unreadable, refused or not BattleScribe data;
    nothing is returned partially.

    ``free=False`` leaves the parsed files and the memo tables to the garbage
    collector instead of freeing them before returning (they refer to each
    other): a command that ends the process right after, its collector paused
    (``ost import bsdata``), skips a fifth of a second of freeing them object
    by object; nor does it wait for a forked child's exit once the child has
    answered: :meth:`BsImport.close` collects it, once the command is done
    with the rest. The window keeps the default.

    ``workers=2`` reads the catalogues on two cores when there are two and this
    process may fork (:func:`.forked.can_fork`: a single thread, as the command
    line has; the window reads in a thread of its own, on one core): a forked
    child and this process share the catalogues out: each family of catalogues
    on one library to one process (:func:`_pins`), the others to the first
    process free (:class:`.forked.Claims`). Each reads its own in increasing
    order, which keeps the result the same, word for word and in the same order,
    as read in one process. The fork comes before any file is parsed: each
    process parses its share of the files and those its catalogues read, and the
    two swap what each file gives the state every catalogue's reading shares
    (:func:`_read_split`); anything unusual in the files (a zip, UTF-16, two
    copies of a catalogue) parses every file first, then forks; any failure once
    forked (a file refused, the child failing) reads the whole import again in
    this process, every file parsed first, in order, so the first bad file is
    refused with its own words.

    ``prepare`` (a caller that only stores the datasheets: ``ost import
    bsdata``) is given each catalogue's datasheets with its faction, in the
    process that read them, as soon as they are read; the result then holds
    what it returns (:attr:`BsImport.prepared`, in the datasheets' order)
    instead of the datasheets, with their counts.

    ``sink`` (with ``prepare``: ``ost import bsdata``, the database write) is given those rows in the
    datasheets' order, as soon as every catalogue before theirs is read: on two cores, while the two processes
    are still reading (see :class:`_Gather`); the result's :attr:`BsImport.prepared` is then empty. On any
    failure the sink is cancelled (:class:`Sink`).
    """
    if sink is not None and prepare is None:
        raise ValueError("a sink takes prepared rows: give prepare")
    with collector_paused():
        try:
            return _read_bsdata(list(paths), progress, limits, free, workers, prepare, sink)
        except BaseException:
            if sink is not None:
                sink.cancel()
            raise


def _read_parsed(
    found: list[Path],
    limits: Limits,
    progress: Progress | None,
    total: int,
    warnings: list[BsImportWarning],
    free: bool,
    workers: int,
    prepare: Prepare | None,
    kept: list[list[Datasheet]] | None,
) -> tuple[list[_File], list[_File], _Drafter, _Shares, list[str]]:
    """The import with every file parsed first, in order (the first bad one refused): as :func:`_read_split` gives."""
    # What the files are (a later import of the same files finds its result in the catalogue: see ost.services).
    digests: list[str] = []
    files = _read_files(found, limits, progress, total, warnings, digests)
    drafter, producers, faction_ids = _prepared(found, files)
    # On two cores, a forked child shares the producers out with this process: each reads the families of
    # producers pinned to it (_pins) and takes the next free one no process has taken (Claims), so both end
    # together; each reads its own in increasing order.
    order: Iterable[int] = range(len(producers))
    child: Forked[_Shares] | None = None
    claims: Claims | None = None
    try:
        if workers > 1 and cores() > 1 and can_fork() and 1 < len(producers) <= Claims.MOST:
            mine, theirs = _pins(drafter.shared, producers)
            loose = _free((mine, theirs), len(producers))
            claims = shared = Claims(loose)  # handed out before the fork: both see every one from the start
            child = Forked.start(lambda: _child_reads(drafter, producers, faction_ids, theirs, shared, loose, prepare))
            order = _turns(mine, claims, loose)
        produced, failed = _read_own(drafter, producers, faction_ids, order, progress, len(found), total, prepare, kept)
        got = child.result() if child is not None else None
    except BaseException:  # an interruption, or a bug: the child is ended with it
        if child is not None:
            child.cancel()
        raise
    finally:
        if child is not None:
            child.close()  # (it answered: collected as it ends)
        if claims is not None:
            claims.close()
    theirs = [index for index in range(len(producers)) if index not in produced]
    if theirs:
        if got is None or sorted(got) != theirs:
            # The child failed (or its fork did): its share is read here, in order, as it would have, up to
            # this process's error (an error of the files is the first producer's, as when read in one process).
            again = _Drafter(files)
            wanted = [index for index in theirs if failed is None or index < failed[0]]
            got, earlier = _read_own(again, producers, faction_ids, wanted, None, 0, 0, prepare, kept)
            failed = earlier or failed
            if free:
                again.close()
        produced.update(got)
    if failed is not None:
        raise failed[1]
    return files, producers, drafter, produced, digests


def _read_bsdata(
    paths: list[str | Path],
    progress: Progress | None,
    limits: Limits,
    free: bool,
    workers: int,
    prepare: Prepare | None,
    sink: Sink | None,
) -> BsImport:
    found = find_files(paths)
    if not found:
        raise BsDataError(
            ", ".join(str(p) for p in paths) or ".",
            Bilingual(
                fr="aucun fichier BattleScribe (.gst, .cat, .gstz, .catz) trouvé",
                en="no BattleScribe file (.gst, .cat, .gstz, .catz) found",
            ),
        )
    warnings: list[BsImportWarning] = []
    # Progress runs over 2 units per file given: reading them, then converting the catalogues.
    total = 2 * len(found)
    # The datasheets prepared here are kept to the end when nothing is freed (else dropped one by one, for nothing).
    kept: list[list[Datasheet]] | None = None if free else []
    split = None
    left: list[Callable[[], None]] = []  # what collects a child that answered, not waited for (free false)
    if workers > 1 and cores() > 1 and can_fork() and len(found) > 1:
        try:
            split = _read_split(found, limits, progress, total, prepare, kept, sink, None if free else left)
        except _Unsure:
            workers = 1  # a failure once forked: every file parsed here, in order, and read here
            if sink is not None:
                sink.cancel()  # (what it was given is read again)
    if split is not None:
        files, producers, drafter, produced, digests = split
    else:
        if kept:
            kept = []
        files, producers, drafter, produced, digests = _read_parsed(
            found, limits, progress, total, warnings, free, workers, prepare, kept
        )
        if sink is not None:
            sink.begin([SOURCE_PREFIX + producer.id for producer in producers])
            for index in range(len(producers)):
                sink.add(produced[index].prepared or [])
    if progress is not None:
        progress(total, total, "")
    if free:
        drafter.close()
    factions: list[Faction] = []
    datasheets: list[Datasheet] = []
    coverage: list[Coverage] = []
    said: dict[tuple[str, str], BsImportWarning] = {}  # the scopes' warnings, each as its first producer met it
    prepared: list[Any] = []
    count = 0
    counts: dict[str, int] = {}
    by_wounds: dict[int, int] = {}
    for index in range(len(producers)):
        one = produced[index]
        for key, warning in one.met:
            said.setdefault(key, warning)
        datasheets.extend(one.datasheets)
        warnings.extend(one.warnings)
        if one.faction is not None:
            coverage.append(one.coverage)
            factions.append(one.faction)
        if one.prepared is not None:
            if sink is None:  # (else written already)
                prepared.extend(one.prepared)
            count += one.count
            source = SOURCE_PREFIX + producers[index].id
            counts[source] = counts.get(source, 0) + one.count
            for wounds, number in (one.by_wounds or {}).items():
                by_wounds[wounds] = by_wounds.get(wounds, 0) + number
    return BsImport(
        factions=factions,
        datasheets=datasheets,
        coverage=coverage,
        warnings=[*said.values(), *warnings],
        sources=[SOURCE_PREFIX + producer.id for producer in producers],
        files=[(f.path, f.id, f.name, f.revision) for f in files],
        fingerprint=import_fingerprint(found, digests),
        digests={str(path): digest for path, digest in zip(found, digests, strict=True) if digest},
        prepared=prepared if prepare is not None else None,
        _count=count,
        _by_wounds=by_wounds,
        _counts=counts,
        _kept=None if free else (kept, files, drafter),  # the parsed files too: freeing them took 0.04 s
        _left=left,
    )
