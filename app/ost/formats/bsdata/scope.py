"""A catalogue's scope: how ids resolve, and what every scope of one import shares.

A :class:`_Scope` is one catalogue with the catalogues it links to and its
game system: it finds the element behind an id, lists an entry's children,
gathers profiles, and holds the memo tables of the walks that run in it
(:mod:`.summaries`, :mod:`.conditions`, :mod:`.kinds`, :mod:`.profiles`).
What the scopes of one import share (parsed entries, the file each subtree
lives in, the datasheet being read and the entries above it) is one
:class:`Shared`, handed to each scope.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from ost.core.i18n import Bilingual
from ost.formats.bsdata.entries import _KNOWN_LEGENDS_TOGGLES, _Child, _counts, _Raw, _Sum
from ost.formats.bsdata.files import _File
from ost.formats.bsdata.report import BsImportWarning
from ost.formats.bsdata.schema import _NOT_KEYWORDS, ROLE_BY_CATEGORY
from ost.formats.bsdata.shared_parts import Part, offered_ids, part_of, resolver
from ost.formats.transport_text import Vocabulary

#: Whether a profile, rule, info link or info group shows for the datasheet being read.
Shown = Callable[[Element], bool]


@dataclass
class _Context:
    """The datasheet being read: what its conditions are evaluated against."""

    #: The producing catalogue and the root entry.
    key: str
    #: The primary catalogue of a roster of this faction.
    catalogue: str


#: Abilities an option turns over: the profile or rule -> (True: shown only once one of the entries is taken,
#: False: hidden once one is taken; the BattleScribe ids of those entries). See :mod:`.profiles`.
Switches = dict[Element, tuple[bool, tuple[str, ...]]]


@dataclass(eq=False)
class Shared:
    """What every scope of one import shares: handed to each :class:`_Scope` (scopes read and write it)."""

    #: The files read, by catalogue id.
    by_id: dict[str, _File]
    #: Cost type ids of points, and the ids of the "Hide Legends" toggles.
    points_ids: frozenset[str]
    legends_toggles: frozenset[str]
    #: Warnings of the scopes (links and catalogues not found), in the order met.
    warnings: list[BsImportWarning] = field(default_factory=list)
    #: The file each link target was found in: its subtree is read in that file's scope, once for every
    #: catalogue that uses it (twelve Space Marine chapters share one library).
    homes: dict[Element, _File] = field(default_factory=dict)
    #: The datasheet being read (None: no condition is evaluated).
    context: _Context | None = None
    #: The entries above the one being read, the datasheet's own first.
    stack: list[tuple[_Raw, ...]] = field(default_factory=list)
    #: Conditions on the primary catalogue evaluated so far (a subtree that meets one is read per catalogue).
    catalogue_asked: int = 0
    #: Selections assumed taken on top of the minimum configuration (entry id -> count): set only within
    #: :meth:`assuming` (:func:`.conditions.switched_by`, the wargear walk's Warlord and stratagem openings).
    assumed: dict[str, int] = field(default_factory=dict)
    signatures: dict[tuple[_Raw, ...], str] = field(default_factory=dict)
    raws: dict[Element, _Raw] = field(default_factory=dict)
    #: (file id, target id) of every link or catalogue link already warned about, with its warning, in the order
    #: met (one entry per warning in :attr:`warnings`): an import read in two processes merges them by key.
    unresolved_targets: dict[tuple[str, str], BsImportWarning] = field(default_factory=dict)
    scopes: dict[str, _Scope] = field(default_factory=dict)
    #: Every category the files define: a force-scoped count of one of them may be decided (see
    #: :meth:`force_decides`); of anything else (an entry), never.
    category_ids: frozenset[str] = frozenset()
    #: The categories some file of each catalogue's scope gives (by catalogue id; see :meth:`force_decides`).
    given: dict[str, frozenset[str]] = field(default_factory=dict)
    #: Children lists (see :meth:`_Scope.children`) with the link targets they were made from: a scope that
    #: finds the same targets takes the same lists.
    children: dict[tuple[_Raw, _Raw | None], tuple[tuple[Element | None, ...], tuple[list[_Child], list[_Child]]]] = (
        field(default_factory=dict)
    )
    #: Set while :mod:`.wargear` asks whether a once-per-unit choice (a relic, a warlord trait) shows for a list
    #: Ost deems legal: the roster's counts of the data's "Warlord" selection and "Game Type" entries are then
    #: known (see :meth:`roster_count`).
    legal_roster: bool = False
    #: The conditions of each element's ``set hidden`` modifiers that read the unit, and the element's answers
    #: (element, catalogue, legal_roster, what those read) -> (hidden, conditions on the catalogue asked):
    #: see :func:`.conditions.hidden_now`.
    unit_reads: dict[Element, tuple[tuple[bool, str, str, bool, bool], ...]] = field(default_factory=dict)
    hidden_answers: dict[tuple[object, ...], tuple[bool | None, int]] = field(default_factory=dict)
    #: Whether an element's ``set hidden`` conditions read the roster's catalogue (see :func:`.conditions.hidden_now`).
    asks_catalogue: dict[Element, bool] = field(default_factory=dict)
    #: The kind solver's answers by everything it reads (:meth:`.solver._Solver.shared_ranges`).
    solved: dict[object, tuple[tuple[int, int], list[tuple[int, int]], bool] | None] = field(default_factory=dict)
    #: What each element's ``set hidden`` modifiers count (:func:`.conditions.hiding_counts`), read once.
    hiding_counted: dict[Element, list[str]] = field(default_factory=dict)
    #: The force's sub-faction choice, known while :meth:`holding` one (see :meth:`subfaction_choices`): entry id ->
    #: count (1 for the value held, 0 for the other values of its choice), and the same as a memo key.
    force_holds: dict[str, int] = field(default_factory=dict)
    force_key: tuple[tuple[str, int], ...] = ()
    #: Made from every file's part (:mod:`.shared_parts`) with the state: see :meth:`roster_known`,
    #: :meth:`subfaction_choices`, :meth:`holding`.
    _warlords: frozenset[str] = frozenset()
    _game_types: frozenset[str] = frozenset()
    _subfactions: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The catalogues' other root options ("Army of Renown - …", a force-wide upgrade): see :meth:`holding`.
    _root_options: frozenset[str] = frozenset()
    #: How many producers (playable catalogues, game systems with roots) offer each file's root entries (by file
    #: id; files with none left out), and each file's part.
    offered_by: dict[str, int] = field(default_factory=dict)
    parts: dict[str, Part] = field(default_factory=dict)
    _by_choice: dict[str, list[str]] = field(default_factory=dict)
    #: :attr:`force_holds` while holding each value (read once).
    _holds: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, files: list[_File], parts: list[Part] | None = None) -> Shared:
        """The shared state of an import of ``files``: the sum of every file's part (:mod:`.shared_parts`).

        ``parts`` (``parts[i]`` is ``files[i]``'s) are made here when not given, every file parsed; an import on
        two cores gives those its two processes made and swapped (:func:`.reader._read_split`).
        """
        if parts is None:
            resolve = resolver(files)
            parts = [part_of(file, resolve) for file in files]
        by_id = {file.id: file for file in files}
        by_file = {file.id: part for file, part in zip(files, parts, strict=True)}
        toggles = set(_KNOWN_LEGENDS_TOGGLES).union(*(p.toggles for p in parts)) - {""}
        warlords = frozenset().union(*(p.warlords for p in parts))
        game_types = frozenset(set().union(*(p.game_types for p in parts)) - {""})
        found: dict[str, tuple[str, str]] = {}
        for part in parts:
            for key, value in part.values.items():
                found.setdefault(key, value)
        roots = set().union(*(p.roots for p in parts))
        offered_by: dict[str, int] = {}
        for file in files:
            if file.library and not file.is_game_system:
                continue
            for file_id in [file.id] if file.is_game_system else offered_ids(file, by_id, by_file):
                if by_file[file_id].root_count:
                    offered_by[file_id] = offered_by.get(file_id, 0) + 1
        return cls(
            by_id,
            frozenset({"points"}.union(*(p.points for p in parts))),
            frozenset(toggles),
            category_ids=frozenset().union(*(p.categories for p in parts)),
            _warlords=warlords,
            _game_types=game_types,
            _subfactions=found,
            _root_options=frozenset(roots - set(found) - warlords - game_types),
            offered_by=offered_by,
            parts=by_file,
        )

    def close(self) -> None:
        """Drop the memoised trees so they are freed at once (scopes refer back to this state)."""
        self.scopes.clear()
        self.raws.clear()
        self.children.clear()
        self.hidden_answers.clear()
        self.solved.clear()

    def assuming(self, entries: Iterable[str]) -> _Assuming:
        """Read what follows as if the unit took each of ``entries`` once more (see :attr:`assumed`)."""
        return _Assuming(self.assumed, tuple(entries))

    def raw(self, element: Element) -> _Raw:
        known = self.raws.get(element)
        if known is None:
            known = _Raw(element, self.points_ids, self.legends_toggles)
            self.raws[element] = known
        return known

    def roster_count(self, entry: str, where: str = "roster") -> int | None:
        """How many selections of ``entry`` a legal MAC HAMMER list holds (``where``: "roster" or "force").

        None where Ost does not know; known only while :attr:`legal_roster` is set. The data's "Warlord"
        selection: one in the roster (a list names exactly one warlord, ``WARLORD-NONE``/``WARLORD-MANY``;
        the mark stands for that selection), unknown in one force of several. The game system's "Game Type"
        entry and everything under it (Open, Narrative, the Matched mission packs: War Zone Nephilim, Arks
        of Omen…): none anywhere, MAC HAMMER plays its own missions. The data hides relics
        and warlord traits behind these counts ("no relic unless the roster has a warlord", "no trait
        under the Nephilim pack without a stratagem").
        """
        held = self.force_holds.get(entry)
        if held is not None:
            return held
        if not self.legal_roster:
            return None
        warlords, game_types = self.roster_known()
        if entry in warlords and where == "roster":
            return 1
        if entry in game_types:
            return 0
        return None

    def roster_known(self) -> tuple[frozenset[str], frozenset[str]]:
        """The ids of the data's "Warlord" selections and of its "Game Type" entries (see :meth:`roster_count`)."""
        return self._warlords, self._game_types

    def subfaction_choices(self) -> dict[str, tuple[str, str]]:
        """The values of each force-level choice of the catalogues: entry id -> (the choice's id, the value's name).

        A catalogue's root entry that is no unit ("**Chapter Selector**", "Hive Fleet", "Legion", "Clan
        Kultur"…) is a selection of the force itself; the entries of its groups (and of the groups inside
        those, to three levels: a successor chapter) are the values a force picks: the chapter, a successor,
        a hive fleet. The data shows a sub-faction's own relics and traits only in a force that holds its value
        (:meth:`holding`). The game system's roots ("Game Type") are :meth:`roster_known`'s. Each file's
        share is walked once, in :func:`.shared_parts.part_of`; this is their sum.
        """
        return self._subfactions

    def values_of(self, choice: str) -> list[str]:
        """The ids of the values of the force choice ``choice`` (:meth:`subfaction_choices`), in the data's order."""
        by_choice = self._by_choice
        if not by_choice:
            for value, (owner, _) in self.subfaction_choices().items():
                by_choice.setdefault(owner, []).append(value)
        return by_choice.get(choice, [])

    def holding(self, entry: str) -> _Holding:
        """Read what follows in a force that holds the sub-faction value ``entry`` (see :meth:`subfaction_choices`).

        The force holds it once and none of the other values of its choice, nor any other root option of the
        catalogues (an "Army of Renown", which makes another army of it: Ost's lists have none); a legal MAC
        HAMMER list is assumed (:attr:`legal_roster`), as for the relics a warlord opens.
        """
        return _Holding(self, entry)

    def holds_of(self, entry: str) -> dict[str, int]:
        """What a force holding ``entry`` holds (:meth:`holding`), made once per value."""
        holds = self._holds.get(entry)
        if holds is None:
            choices = self.subfaction_choices()
            choice = choices[entry][0]
            holds = dict.fromkeys(self._root_options, 0)
            holds[choice] = 1
            holds.update((i, int(i == entry)) for i in self.values_of(choice))
            self._holds[entry] = holds
        return holds

    def unresolved(self, file: _File, link: _Raw) -> None:
        key = (file.id, link.target)
        if key not in self.unresolved_targets:
            self._warn(
                key,
                BsImportWarning(
                    file.path,
                    Bilingual(
                        fr=f"le lien « {link.name or link.id} » vise '{link.target}', "
                        "introuvable dans les fichiers liés ; il est ignoré",
                        en=f"link '{link.name or link.id}' points to '{link.target}', "
                        "found in none of the files in scope; it is skipped",
                    ),
                ),
            )

    def _warn(self, key: tuple[str, str], warning: BsImportWarning) -> None:
        self.unresolved_targets[key] = warning
        self.warnings.append(warning)

    def force_decides(self, catalogue: str, category: str) -> bool:
        """Whether no force of ``catalogue`` holds a selection of ``category``: none of its scope's files gives it.

        A force takes its selections from its catalogue's scope (the catalogue, those it links to, the game
        system): a category none of them links to, adds or makes primary (the Blood Angels' "PC: BA", given
        only by their chapter selector) is one a force of another chapter counts 0 of, though the library
        it shares holds the condition. Anything else (an entry's id, a category given somewhere in scope)
        is left to the roster.
        """
        if category not in self.category_ids:
            return False
        given = self.given.get(catalogue)
        if given is None:
            file = self.by_id.get(catalogue)
            if file is None:
                given = self.category_ids
            else:
                given = frozenset().union(*(f.given_categories for f in self._order(file, warn=False)))
            self.given[catalogue] = given
        return category not in given

    def scope_of(self, file: _File) -> _Scope:
        """``file``, the catalogues it links to (breadth first, transitively), then its game system."""
        known = self.scopes.get(file.id)
        if known is not None:
            return known
        scope = _Scope(self, self._order(file, warn=True))
        self.scopes[file.id] = scope
        return scope

    def _order(self, file: _File, *, warn: bool) -> list[_File]:
        """The files of ``file``'s scope in the order ids resolve; ``warn``: about catalogues not among them."""
        order: list[_File] = [file]
        seen = {file.id}
        queue = [file]
        while queue:
            current = queue.pop(0)
            for target, _ in current.links:
                if target in seen:
                    continue
                seen.add(target)
                linked = self.by_id.get(target)
                if linked is None:
                    if not warn or (current.id, target) in self.unresolved_targets:
                        continue
                    self._warn(
                        (current.id, target),
                        BsImportWarning(
                            current.path,
                            Bilingual(
                                fr=f"renvoie au catalogue '{target}', absent des fichiers ; "
                                "les entrées qui ne sont que là sont ignorées",
                                en=f"links to catalogue '{target}', which is not among the files; "
                                "entries found only there are skipped",
                            ),
                        ),
                    )
                    continue
                order.append(linked)
                queue.append(linked)
        system = self.by_id.get(file.game_system_id)
        if system is not None and system not in order:
            order.append(system)
        return order


class _Assuming:
    """:meth:`Shared.assuming`: each entry counted once more while the block runs.

    (A class, not a generator under :func:`contextlib.contextmanager`: compiled by mypyc, see :mod:`.native`,
    those generators lost a reference to ``None`` at each use, and a long session crashed.)
    """

    def __init__(self, assumed: dict[str, int], taken: tuple[str, ...]) -> None:
        self.assumed = assumed
        self.taken = taken

    def __enter__(self) -> None:
        assumed = self.assumed
        for entry in self.taken:
            assumed[entry] = assumed.get(entry, 0) + 1

    def __exit__(self, kind: object, value: object, trace: object) -> None:
        assumed = self.assumed
        for entry in self.taken:
            assumed[entry] -= 1
            if not assumed[entry]:
                del assumed[entry]


class _Holding:
    """:meth:`Shared.holding`: the force holds one sub-faction value while the block runs (see :class:`_Assuming`)."""

    def __init__(self, shared: Shared, entry: str) -> None:
        self.shared = shared
        self.entry = entry
        self.before: tuple[dict[str, int], tuple[tuple[str, int], ...], bool] | None = None

    def __enter__(self) -> None:
        shared = self.shared
        holds = shared.holds_of(self.entry)
        self.before = shared.force_holds, shared.force_key, shared.legal_roster
        shared.force_holds, shared.force_key, shared.legal_roster = holds, ((self.entry, 1),), True

    def __exit__(self, kind: object, value: object, trace: object) -> None:
        before = self.before
        if before is not None:
            shared = self.shared
            shared.force_holds, shared.force_key, shared.legal_roster = before


class _Scope:
    """Resolution for one catalogue (its file, linked catalogues, game system), and the memo tables of its walks.

    The walks are functions of a scope in their own modules; what all scopes
    share is :attr:`shared`, never a reference to the importer.
    """

    def __init__(self, shared: Shared, files: list[_File]) -> None:
        self.shared = shared
        self.files = files
        self.owner = files[0]
        #: The entries above the one being read, the datasheet's own first: :attr:`Shared.stack` itself (one list
        #: for every scope, changed in place only), held here for the walks that read it at every condition.
        self._stack = shared.stack
        self._found: dict[str, Element | None] = {}
        self.categories: dict[str, str] = {}
        for file in reversed(files):
            self.categories.update(file.categories)
        # Memo tables of the walks run in this scope: summaries (.summaries), selections counted by conditions
        # (.conditions), kind limits solved (.kinds), abilities (.profiles).
        self._sums: dict[tuple[Element, Element | None, bool, str], _Sum] = {}
        self._active: set[tuple[Element, Element | None, bool, str]] = set()
        self._picks: dict[tuple[tuple[_Raw, ...], bool], dict[str, int]] = {}
        self._group_picks: dict[tuple[_Raw, _Raw | None, bool], tuple[dict[str, int], int]] = {}
        self._picking: set[tuple[_Raw, _Raw | None, bool]] = set()
        self._children: dict[tuple[_Raw, _Raw | None], tuple[list[_Child], list[_Child]]] = {}
        self._category_kinds: dict[str, tuple[str, str]] = {}
        self._vocabulary: Vocabulary | None = None
        self._unit_profiles: dict[tuple[_Raw, ...], list[Element]] = {}
        self._solved: dict[object, tuple[tuple[int, int], list[tuple[int, int]], bool] | None] = {}
        #: (entry, link) -> its abilities and transports; (entry, link, catalogue id) where they depend on it.
        self._abilities: dict[tuple[object, ...], tuple[list[Element], list[Element], Switches]] = {}
        self._profiles: dict[tuple[_Raw, ...], tuple[dict[str, Element], dict[str, Element]]] = {}
        self._profile_lists: dict[tuple[tuple[_Raw, ...], bool], list[Element]] = {}

    @property
    def context(self) -> _Context | None:
        """The datasheet being read (None: no condition is evaluated); shared by every scope of the import."""
        return self.shared.context

    @context.setter
    def context(self, value: _Context | None) -> None:
        self.shared.context = value

    @property
    def vocabulary(self) -> Vocabulary:
        if self._vocabulary is None:
            self._vocabulary = Vocabulary(name.removeprefix("Faction: ") for name in self.categories.values())
        return self._vocabulary

    def category_kind(self, target: str) -> tuple[str, str]:
        """What a category is to a datasheet: ("keyword"|"faction", NAME), ("legends", ""), or ("", "")."""
        known = self._category_kinds.get(target)
        if known is not None:
            return known
        name = " ".join(self.categories.get(target, "").split())
        key = name.casefold()
        result: tuple[str, str]
        if not name or key in ROLE_BY_CATEGORY or key in _NOT_KEYWORDS:
            result = ("legends", "") if key == "legends" else ("", "")
        elif name.startswith("Faction: "):
            value = name.removeprefix("Faction: ").strip().upper()
            result = ("faction", value) if value else ("", "")
        else:
            result = ("keyword", name.upper())
        self._category_kinds[target] = result
        return result

    def find(self, item_id: str) -> Element | None:
        try:
            return self._found[item_id]  # (one look-up: asked for every link of every walk)
        except KeyError:
            pass
        found: Element | None = None
        for file in self.files:
            found = file.shared.get(item_id)
            if found is not None:
                break
        else:
            for file in self.files:
                found = file.anywhere(item_id)
                if found is not None:
                    break
        if found is not None:
            self.shared.homes.setdefault(found, file)
        self._found[item_id] = found
        return found

    def home_of(self, element: Element | None, link_raw: _Raw | None) -> _Scope:
        """The scope ``element`` (reached through ``link_raw``) is read in: its own file's, for a library's entry.

        An entry of a library (or of the game system) is read where every catalogue that links to it finds the
        same result (see :func:`.summaries.summarise`), unless its link adds entries of its own; anything else,
        and what has no known home yet, here.
        """
        shared = self.shared
        home = shared.homes.get(element) if element is not None else None
        if home is None or home is self.owner or (link_raw is not None and link_raw.has_children):
            return self
        # (scope_of's memo read here first: asked for every child of every walk.)
        return shared.scopes.get(home.id) or shared.scope_of(home)

    # -- children --------------------------------------------------------------------------------------------------

    def children(self, raw_: _Raw, link_raw: _Raw | None) -> tuple[list[_Child], list[_Child]]:
        """Entries (and links to entries), then groups (and links to groups), of an entry and its link."""
        key = (raw_, link_raw)
        known = self._children.get(key)
        if known is not None:
            return known
        raws = (raw_, link_raw) if link_raw is not None else (raw_,)
        raw = self.shared.raw
        # Where this scope finds each link's target: the lists are the same in every scope that finds the same
        # targets (twelve chapters and their library), so they are made once and shared between those scopes.
        links = [raw(link) for owner in raws for link in owner.links]
        targets: list[Element | None] = []
        for link_raw_ in links:
            target = self.find(link_raw_.target)
            if target is None:
                self.shared.unresolved(self.owner, link_raw_)
            targets.append(target)
        found = tuple(targets)
        shared = self.shared.children.get(key)
        if shared is not None and shared[0] == found:
            self._children[key] = shared[1]
            return shared[1]
        entries: list[_Child] = []
        groups: list[_Child] = []
        index = 0
        for owner in raws:
            for element in owner.entries:
                child_raw = raw(element)
                low, high = _counts((child_raw,))
                entries.append(_Child(element, None, child_raw, None, low, high))
            for element in owner.groups:
                child_raw = raw(element)
                groups.append(_Child(element, None, child_raw, None, 1, 1))
            for link in owner.links:
                link_raw_, target = links[index], found[index]
                index += 1
                if target is None:
                    continue
                target_raw = raw(target)
                if target_raw.kind == "group":
                    groups.append(_Child(target, link, target_raw, link_raw_, 1, 1))
                elif target_raw.kind == "entry":
                    low, high = _counts((target_raw, link_raw_))
                    entries.append(_Child(target, link, target_raw, link_raw_, low, high))
        result = (entries, groups)
        self._children[key] = result
        if shared is None:
            self.shared.children[key] = (found, result)
        return result

    def profiles_of(
        self, raws: Sequence[_Raw], *, rules: bool = False, depth: int = 0, shown: Shown | None = None
    ) -> list[Element]:
        """Profiles (or rules) on ``raws``: their own, through info links and in info groups; hidden ones skipped.

        ``shown`` (a profile, rule, info link or info group -> whether it shows) decides instead, what is
        hidden outright included: it also skips what modifiers hide under conditions that hold for the
        datasheet being read (:mod:`.profiles` passes it for abilities); without it only what is hidden
        outright is skipped. Without ``shown`` the answer is
        memoised per scope (an entry's profiles are asked for by its summary, its item, its abilities): the
        list returned is shared, for reading only.
        """
        if depth == 0 and shown is None:
            key = (tuple(raws), rules)
            known = self._profile_lists.get(key)
            if known is None:
                known = self._profile_lists[key] = self._profiles_of(raws, rules, 0, None)
            return known
        return self._profiles_of(raws, rules, depth, shown)

    def _profiles_of(self, raws: Sequence[_Raw], rules: bool, depth: int, shown: Shown | None) -> list[Element]:
        found: list[Element] = []
        if depth > 8:
            return found  # info groups that include each other
        raw = self.shared.raw
        wanted = "rule" if rules else "profile"

        def show(element: Element) -> bool:
            return element.get("hidden") != "true" if shown is None else shown(element)

        for owner in raws:
            found.extend(e for e in (owner.rules if rules else owner.profiles) if show(e))
            for kind, target, hidden, link in owner.info_links:
                if (hidden and shown is None) or (shown is not None and not shown(link)):
                    continue
                element = self.find(target)
                if element is None or not show(element):
                    continue
                if kind == wanted:
                    found.append(element)
                elif kind == "infoGroup":
                    found.extend(self._profiles_of((raw(element),), rules, depth + 1, shown))
            for group in owner.info_groups:
                if show(group):
                    found.extend(self._profiles_of((raw(group),), rules, depth + 1, shown))
        return found

    def unit_profile_elements(self, raws: Sequence[_Raw]) -> list[Element]:
        """The Unit-type profiles of an entry (its own, through info links and groups), memoised."""
        key = tuple(raws)
        known = self._unit_profiles.get(key)
        if known is None:
            known = [p for p in self.profiles_of(raws) if (p.get("typeName") or "").startswith("Unit")]
            self._unit_profiles[key] = known
        return known

    def push(self, raws: tuple[_Raw, ...]) -> None:
        """Read what follows as inside ``raws`` (a datasheet's own entry, for its models and profiles)."""
        self._stack.append(raws)

    def pop(self) -> None:
        self._stack.pop()
