"""Import BattleScribe data files (``.gst``, ``.cat`` and zipped ``.gstz``/``.catz``) as datasheets.

The community BSData repositories describe each army as a BattleScribe
catalogue; ``docs/bsdata-import.md`` explains what Ost takes from them and
how. In short:

* **Files.** Every file is read through :mod:`ost.formats.safexml` (no DTD,
  size limits, safe zips). Exactly the BattleScribe game-system and catalogue
  roots are accepted; anything else is refused with a message naming the file.
* **Resolution.** Each catalogue resolves ids in its own file, then in the
  catalogues it links to (breadth first, transitively), then in the game
  system: shared containers first, then any element with that id. Entry links
  are resolved to their target; the link's own name, hidden flag, costs,
  constraints, categories and children override or extend the target's.
* **Datasheets.** A playable catalogue (``library="false"``) becomes a
  :class:`Faction`; its root entries, plus the root entries of catalogues it
  links with ``importRootEntries="true"`` (transitively), become datasheets
  when their primary category is a battlefield role (or an unslotted one:
  No Force Org Slot, Agent of the Imperium, Primarch…). The game system's own
  root entries (fortifications common to every army) form one more faction.
  The same target offered twice (under two roles) is one datasheet; a slotted
  role wins over an unslotted one and every link id is kept in ``bs_ids``.
* **Model kinds.** One kind per model entry of a unit, whatever BattleScribe
  calls it (a ``model``, an ``upgrade`` with a Unit profile, the unit entry
  itself when it is a model), entries of the same profile merged; drones,
  familiars and attachés bought with a unit that has other models are wargear
  options. Sizes are summed over the kinds, wounds are the toughest kind's.
  Limits that change with what the unit itself holds (a conditional or
  repeated constraint modifier: one Guardsman fewer with a Heavy Weapon Team)
  are evaluated over the unit's compositions (:mod:`.solver`); a model that
  takes another's place one for one is a weapon choice of that kind.
* **Facts.** Points are those of the minimum configuration: the entry's cost
  plus ``min ×`` each mandatory child, groups filled from their default entry.
  Unconditional modifiers (link repricing, constraint changes) are applied;
  conditional prices are evaluated for each datasheet (what it is, what its
  minimum configuration holds, its catalogue) and kept at the price without
  the change, with a warning, when they need the force or the roster.
  Hidden and Legends entries are kept and flagged.
* **Speed.** One pass indexes each file; every parsed entry and every
  computed subtree is memoised, so a shared weapon or wargear group is read
  once per catalogue scope (a subtree whose price depends on a condition once
  per datasheet and parent), and a library's entry once, in the library's own
  scope, for every catalogue linking to it (its summary, its children, its
  item, its counts: ``_Scope.home_of``); an entry's hidden state is read once per
  catalogue and values of what its conditions read of the unit (the relic
  and trait groups every character links). A whole datasheet is read once for every
  catalogue whose differences it never reads (:mod:`.reach`: the chapters'
  links to one library unit, a library imported by several armies).
  ``read_bsdata(workers=2)`` (the command line's) reads on two processes, a
  family of catalogues on one library in one of them, the others to the
  first free, with the same result (:mod:`.forked`); it forks before any
  file is parsed, each process parsing only the files it sums up for the
  other and those its catalogues read (``reader._read_split``).
  ``benchmarks/import_bsdata.py`` measures the whole command against a raw
  ``xml.etree`` parse (README, "Speed (measured)").

:func:`read_bsdata` is the entry point; it returns a :class:`BsImport` with
the factions, the datasheets, a coverage report and warnings, and never
writes anywhere (``ost.services`` stores the result).

The package, one job per module (lower ones never import higher ones):

* :mod:`.schema`: namespaces, element and category names;
* :mod:`.report`: what an import returns (:class:`BsImport`, :class:`Coverage`,
  :class:`BsImportWarning`) and :class:`BsDataError`;
* :mod:`.files`: finding and reading the files, revisions, faction ids;
* :mod:`.entries`: one entry as read (``_Raw``), costs and counts;
* :mod:`.shared_parts`: what each file gives the state every scope shares, summed;
* :mod:`.scope`: id resolution in a catalogue's scope, and the state every
  scope of an import shares (``Shared``, handed to each scope);
* :mod:`.conditions`: conditions and conditional modifiers, three-valued;
* :mod:`.summaries`: the minimum configuration of a subtree;
* :mod:`.profiles`: model and weapon profiles, abilities, transports, unit type and class;
* :mod:`.walk`, :mod:`.solver`, :mod:`.kinds`: a unit's model entries, the
  limits that move with its composition, its model kinds;
* :mod:`.wargear`: each kind's default loadout and the choices of its models
  and of the unit, with their limits;
* :mod:`.reach`: what a datasheet's reading can see of its catalogue (the key
  drafts are shared under);
* :mod:`.datasheets`: a datasheet from a root entry;
* :mod:`.forked`: one piece of work done in a forked child (the second core);
* :mod:`.reader`: :func:`read_bsdata`, factions and the coverage report;
* :mod:`.native`: the reading's modules compiled to C, used where they were
  built from this source (installed first, before the modules it loads).

Names with a leading underscore are private to the package; the names below
are its public face.
"""

from __future__ import annotations

from ost.formats.bsdata.native import install

install()  # (before any module it may load compiled is imported)

from ost.formats.bsdata.files import SOURCE_PREFIX, SUFFIXES, find_files  # noqa: E402
from ost.formats.bsdata.profiles import HEAVY_WOUNDS, WALKER_KEYWORDS, unit_type_and_class  # noqa: E402
from ost.formats.bsdata.reader import read_bsdata  # noqa: E402
from ost.formats.bsdata.report import BsDataError, BsImport, BsImportWarning, Coverage, Progress  # noqa: E402
from ost.formats.bsdata.schema import CAT_NS, GST_NS, ROLE_BY_CATEGORY  # noqa: E402

__all__ = [
    "CAT_NS",
    "GST_NS",
    "HEAVY_WOUNDS",
    "ROLE_BY_CATEGORY",
    "SOURCE_PREFIX",
    "SUFFIXES",
    "WALKER_KEYWORDS",
    "BsDataError",
    "BsImport",
    "BsImportWarning",
    "Coverage",
    "Progress",
    "find_files",
    "read_bsdata",
    "unit_type_and_class",
]
