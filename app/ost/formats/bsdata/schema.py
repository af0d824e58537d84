"""The BattleScribe vocabulary the importer reads: namespaces, element names, category names."""

from __future__ import annotations

from ost.core.roles import Role

GST_NS = "{http://www.battlescribe.net/schema/gameSystemSchema}"
CAT_NS = "{http://www.battlescribe.net/schema/catalogueSchema}"

_TAGS = (
    "gameSystem",
    "catalogue",
    "selectionEntries",
    "selectionEntry",
    "selectionEntryGroups",
    "selectionEntryGroup",
    "entryLinks",
    "entryLink",
    "constraints",
    "constraint",
    "costs",
    "cost",
    "profiles",
    "profile",
    "characteristics",
    "characteristic",
    "infoLinks",
    "infoLink",
    "rules",
    "rule",
    "description",
    "infoGroups",
    "infoGroup",
    "categoryLinks",
    "categoryLink",
    "categoryEntries",
    "categoryEntry",
    "modifiers",
    "modifier",
    "modifierGroups",
    "modifierGroup",
    "conditions",
    "conditionGroups",
    "conditionGroup",
    "condition",
    "repeats",
    "repeat",
    "sharedSelectionEntries",
    "sharedSelectionEntryGroups",
    "sharedProfiles",
    "sharedRules",
    "sharedInfoGroups",
    "catalogueLinks",
    "catalogueLink",
    "costTypes",
    "costType",
)
#: Qualified tag (either namespace) -> local name; one dictionary look-up per element.
_LOCAL = {ns + tag: tag for ns in (GST_NS, CAT_NS) for tag in _TAGS}
_SHARED = frozenset(
    {"sharedSelectionEntries", "sharedSelectionEntryGroups", "sharedProfiles", "sharedRules", "sharedInfoGroups"}
)
_LINK_TARGET_TAGS = tuple(ns + tag for ns in (CAT_NS, GST_NS) for tag in ("selectionEntry", "selectionEntryGroup"))
_INFO_TARGET_TAGS = tuple(ns + tag for ns in (CAT_NS, GST_NS) for tag in ("profile", "rule", "infoGroup"))
_TARGET_TAGS = frozenset((*_LINK_TARGET_TAGS, *_INFO_TARGET_TAGS))

#: Primary category name (folded) -> role. Unslotted categories are documented in docs/bsdata-import.md.
ROLE_BY_CATEGORY: dict[str, Role] = {
    name.casefold(): role
    for name, role in {
        "HQ": Role.HQ,
        "Troops": Role.TROOPS,
        "Elites": Role.ELITES,
        "Fast Attack": Role.FAST_ATTACK,
        "Heavy Support": Role.HEAVY_SUPPORT,
        "Flyer": Role.FLYER,
        "Flyers": Role.FLYER,
        "Dedicated Transport": Role.DEDICATED_TRANSPORT,
        "Lord of War": Role.LORD_OF_WAR,
        "Lords of War": Role.LORD_OF_WAR,
        "Fortification": Role.FORTIFICATION,
        "Fortifications": Role.FORTIFICATION,
        "No Force Org Slot": Role.UNSLOTTED,
        "Agent of the Imperium": Role.UNSLOTTED,
        "Primarch | Daemon Primarch | Supreme Commander": Role.UNSLOTTED,
        "Supreme Commander": Role.UNSLOTTED,
        "Primarch": Role.UNSLOTTED,
    }.items()
}
#: Category names that are not keywords of a unit.
_NOT_KEYWORDS = frozenset({"configuration", "stratagems", "legends", "unit"})
