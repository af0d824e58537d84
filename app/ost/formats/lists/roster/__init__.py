"""BattleScribe rosters: ``.ros`` (XML) and ``.rosz`` (a zip holding one ``.ros``).

A roster is ``roster/forces/force/selections/selection``. Each force becomes a
detachment. Each top-level selection of type ``unit`` or ``model`` (or an
``upgrade`` whose primary category is a battlefield role) becomes a unit.

Models are counted over the datasheet's model kinds, whatever the selection
type: a ``model`` selection, an ``upgrade`` that carries a "Unit" profile
(Grey Knights enter their troopers so), and the unit's own selection when it
is a model (a Dark Apostle with his Disciples). Each model selection gets a
kind by BattleScribe id (``ModelKind.bs_ids``), then by name, then where the
kinds have room; a model inside another model's selection that fits no kind
(a Commander's Gun Drones) is wargear. The unit records its composition.

Every cost the roster states is kept: the unit's (``Unit.stated_points``),
the list's (``ArmyList.stated_total``) and each option's. Upgrades become the
datasheet's wargear options when it has a matching one; a priced option (or
wargear model) it lacks is kept with the roster's price and weapon profiles
(``Unit.extra_options``); free gear it lacks goes to the notes. The reading
report names options kept so and every price that differs from Ost's.

Configuration selections that name a sub-faction ("Craftworld Selection" →
"Saim-Hann", "Dynasty Choice" → "Dynasty: Szarekhan") set the placeholder
keyword they name on the force's units. The roster's data revisions (game
system and each force's catalogue) are read into ``ArmyList.origin`` and the
reading report, beside the catalogue's.

Datasheets are found by BattleScribe id first (``entryLinkId``, then
``entryId``, which may be a path of ids joined by ``::``; see
``Datasheet.bs_ids``), then by name among the enabled catalogue sources. A
unit the catalogue lacks is kept with what the roster says of it (role,
points, keywords) so the list still opens and the validator reports it as
``UNIT-UNKNOWN``.

Reading is bounded: the XML parser refuses DTDs and entities, sizes are
capped, and a ``.rosz`` member is decompressed chunk by chunk with a byte
count: :func:`parse_xml_safely` and :func:`read_single_member` call the shared
guarded reader of ``ost.formats.safexml`` (odd or empty member names included).

The package, one job a module:

- :mod:`.files` — opening: limits, the ``.rosz`` member, the guarded XML parser;
- :mod:`.elements` — what one element says: costs, categories, profiles, ids;
- :mod:`.reader` — forces and unit selections, in order, and the units they make;
- :mod:`.settings` — sub-faction choices and the placeholders they fill;
- :mod:`.walk` — one unit's selections: models, upgrades, prices stated;
- :mod:`.kinds` — each model selection given a kind of the datasheet;
- :mod:`.loadout` — what each model carries, and the unit's once-taken upgrades;
- :mod:`.prices` — upgrades matched to the datasheet's options, and their prices;
- :mod:`.format` — the ``.ros`` and ``.rosz`` list formats of the registry.

The names below load their module when first used: registering the formats
(every start) imports none of the reader.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from ost.formats.lists.lazy import lazy_names

if TYPE_CHECKING:
    from ost.formats.lists.roster.elements import ROLE_CATEGORY_IDS, ROSTER_VIEW, UNIT_PROFILE_TYPE
    from ost.formats.lists.roster.files import (
        MAX_ARCHIVE_BYTES,
        MAX_ARCHIVE_ENTRIES,
        MAX_DEPTH,
        MAX_UNITS,
        MAX_XML_BYTES,
        is_zip,
        parse_xml_safely,
        read_single_member,
    )
    from ost.formats.lists.roster.kinds import assign_kinds
    from ost.formats.lists.roster.reader import read_roster
    from ost.formats.lists.roster.settings import placeholder_words

#: Each name this package offers -> its module, imported when first asked for (PEP 562): the registry
#: imports :mod:`.format` at every start, and reading a text or an Ost list never loads the roster reader.
_HOME = {
    **dict.fromkeys(("ROLE_CATEGORY_IDS", "ROSTER_VIEW", "UNIT_PROFILE_TYPE"), "elements"),
    **dict.fromkeys(
        (
            "MAX_ARCHIVE_BYTES",
            "MAX_ARCHIVE_ENTRIES",
            "MAX_DEPTH",
            "MAX_UNITS",
            "MAX_XML_BYTES",
            "is_zip",
            "parse_xml_safely",
            "read_single_member",
        ),
        "files",
    ),
    "assign_kinds": "kinds",
    "read_roster": "reader",
    "placeholder_words": "settings",
}


def _modules() -> dict[str, ModuleType]:
    from ost.formats.lists.roster import elements, files, kinds, reader, settings

    return {"elements": elements, "files": files, "kinds": kinds, "reader": reader, "settings": settings}


__getattr__, __dir__ = lazy_names(__name__, _HOME, _modules)


__all__ = [
    "MAX_ARCHIVE_BYTES",
    "MAX_ARCHIVE_ENTRIES",
    "MAX_DEPTH",
    "MAX_UNITS",
    "MAX_XML_BYTES",
    "ROLE_CATEGORY_IDS",
    "ROSTER_VIEW",
    "UNIT_PROFILE_TYPE",
    "assign_kinds",
    "is_zip",
    "parse_xml_safely",
    "placeholder_words",
    "read_roster",
    "read_single_member",
]
