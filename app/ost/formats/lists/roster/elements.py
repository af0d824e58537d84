"""What one roster element says: its costs, categories (role, keywords, factions), profiles and ids.

These read a ``<selection>`` (or ``<force>``, ``<roster>``) of the XML alone;
nothing here knows the catalogue.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from xml.etree.ElementTree import Element

import msgspec

from ost.core.catalogue import (
    WeaponProfile,
)
from ost.core.i18n import Bilingual
from ost.core.limits import OutOfBounds
from ost.core.roles import Role
from ost.core.text import fold
from ost.formats.bsmodels import (
    MODEL_PROFILE_TYPE_ID,
    EntryView,
    is_model_profile,
)
from ost.formats.lists.reading import (
    name_key,
    shorten,
)
from ost.formats.lists.roster.files import MAX_DEPTH

#: Fixed ids of the battlefield-role categories in the 9th-edition game system.
ROLE_CATEGORY_IDS: dict[str, Role] = {
    "848a6ff2-0def-4c72-8433-ff7da70e6bc7": Role.HQ,
    "5d76b6f5-20ae-4d70-8f59-ade72a2add3a": Role.TROOPS,
    "638d74c6-bd97-4de5-b65a-6aaa24e9f4b2": Role.ELITES,
    "c274d0b0-5866-44bc-9810-91c136ae7438": Role.FAST_ATTACK,
    "abf5fd55-9ac7-4263-8bc1-a9fb0a8fa6a6": Role.HEAVY_SUPPORT,
    "c888f08a-6cea-4a01-8126-d374a9231554": Role.LORD_OF_WAR,
    "d713cda3-5d0f-40d8-b621-69233263ec2a": Role.FORTIFICATION,
    "e888-1504-aa61-95ff": Role.FLYER,
    "1b66-3f5f-6705-079a": Role.DEDICATED_TRANSPORT,
}
_UNSLOTTED_NAMES = {
    fold(n) for n in ("No Force Org Slot", "Agent of the Imperium", "Primarch | Daemon Primarch | Supreme Commander")
}
WARLORD = {fold("Warlord"), fold("Seigneur de guerre")}
POINTS_NAMES = {"pts", "points", "pt"}
_FACTION_PREFIX = "faction:"


def local_name(tag: object) -> str:
    text = tag if isinstance(tag, str) else ""
    return text.rsplit("}", 1)[-1]


def items_in(element: Element, container: str, item: str) -> Iterator[Element]:
    """The ``item`` children of ``element``'s ``container`` children, with or without a namespace."""
    container_end, item_end = "}" + container, "}" + item
    for child in element:
        tag = child.tag
        if isinstance(tag, str) and (tag == container or tag.endswith(container_end)):
            for grandchild in child:
                sub = grandchild.tag
                if isinstance(sub, str) and (sub == item or sub.endswith(item_end)):
                    yield grandchild


def number_of(value: str | None, default: int = 1) -> int:
    if value is None:
        return default
    try:
        number = float(value.strip())
    except ValueError:
        return default
    if math.isnan(number) or number < 0:
        return default
    if number > 1_000_000:  # harden: refused, not read as 1 (the bounds of ost.core.limits then apply below this)
        shown = value.strip() if len(value.strip()) <= 20 else f"{value.strip()[:17]}..."
        raise OutOfBounds(
            Bilingual(
                fr=f"le nombre « {shown} » dépasse tout ce qu'Ost lit dans un roster",
                en=f"the number “{shown}” is beyond anything Ost reads in a roster",
            )
        )
    return round(number)


def points_of(element: Element) -> float | None:
    """The ``pts`` cost of one selection; None when it states none."""
    total: float | None = None
    for cost in items_in(element, "costs", "cost"):
        type_id = (cost.get("typeId") or "").strip()
        name = (cost.get("name") or "").strip().casefold()
        if type_id != "points" and name not in POINTS_NAMES:
            continue
        total = total or 0.0
        try:
            value = float((cost.get("value") or "0").strip())
        except ValueError:
            continue
        if math.isfinite(value) and abs(value) < 1e7:
            total += value
    return total


@lru_cache(maxsize=1024)
def _role_of_category(entry_id: str, name: str) -> Role | None:
    role = ROLE_CATEGORY_IDS.get(entry_id.strip())
    if role is not None:
        return role
    key = fold(name)
    if key in _UNSLOTTED_NAMES:
        return Role.UNSLOTTED
    try:
        return Role.parse(name)
    except ValueError:
        return None


class Categories(msgspec.Struct):
    role: Role | None = None
    keywords: list[str] = msgspec.field(default_factory=list)
    factions: list[str] = msgspec.field(default_factory=list)


def categories_of(selection: Element) -> Categories:
    found = Categories()
    for category in items_in(selection, "categories", "category"):
        name = " ".join((category.get("name") or "").split())
        entry_id = category.get("entryId") or ""
        if (category.get("primary") or "").strip().lower() == "true" and found.role is None:
            found.role = _role_of_category(entry_id, name)
            if found.role is not None:
                continue
        if not name or _role_of_category(entry_id, name) is not None:
            continue
        if name.casefold().startswith(_FACTION_PREFIX):
            faction = name[len(_FACTION_PREFIX) :].strip()
            if faction and faction not in found.factions:
                found.factions.append(faction)
        elif name not in found.keywords:
            found.keywords.append(name)
    return found


# --- profiles ----------------------------------------------------------------------------

#: The game system's "Unit" profile type: a selection that carries one is a model.
UNIT_PROFILE_TYPE = MODEL_PROFILE_TYPE_ID
_WEAPON_FIELDS = {"range": "range", "type": "type", "s": "s", "ap": "ap", "d": "d", "abilities": "abilities"}


def _is_unit_profile(profile: Element) -> bool:
    return is_model_profile(profile.get("typeId"), profile.get("typeName"))


def profiles_of(selection: Element) -> tuple[list[str], list[Element]]:
    """The names of the "Unit" profiles a roster selection carries, and its weapon profiles (read when kept)."""
    units: list[str] = []
    weapons: list[Element] = []
    for profile in items_in(selection, "profiles", "profile"):
        if _is_unit_profile(profile):
            units.append(" ".join((profile.get("name") or "").split()))
        elif (profile.get("typeName") or "").strip().casefold() == "weapon":
            weapons.append(profile)
    return units, weapons


def weapon_of(profile: Element) -> WeaponProfile | None:
    """A roster's weapon profile, as printed."""
    values: dict[str, str] = {}
    for characteristic in items_in(profile, "characteristics", "characteristic"):
        key = _WEAPON_FIELDS.get((characteristic.get("name") or "").strip().casefold())
        if key is not None:
            values[key] = shorten(characteristic.text or "", 200) or "-"
    name = shorten(profile.get("name") or "", 80)
    return WeaponProfile(name=name, **values) if name else None


def children_of(selection: Element) -> list[Element]:
    return list(items_in(selection, "selections", "selection"))


def _model_profiles(selection: Element) -> list[str]:
    return profiles_of(selection)[0]


#: How :mod:`ost.formats.bsmodels` reads a roster's ``<selection>``.
ROSTER_VIEW: EntryView[Element] = EntryView(
    kind=lambda s: s.get("type") or "", model_profiles=_model_profiles, children=children_of
)


def own_points(selection: Element, cumulative: bool) -> float | None:
    """A selection's own cost: as stated, or less its children's when costs are cumulative."""
    points = points_of(selection)
    if points is None or not cumulative:
        return points
    below = sum(p for c in children_of(selection) if (p := points_of(c)) is not None)
    return max(0.0, points - below)


def tree_points(selection: Element, depth: int = 0) -> float:
    """Every cost stated in a selection and under it, each level added."""
    total = points_of(selection) or 0.0
    if depth < MAX_DEPTH:
        total += sum(tree_points(c, depth + 1) for c in children_of(selection))
    return total


def is_cumulative(root: Element, forces: list[Element]) -> bool:
    """Whether the roster states each selection's cost with its children's (as New Recruit writes it).

    BattleScribe's total is every selection's cost added; a cumulative
    writer's total is its top-level selections' costs. When both agree (no
    priced child) the question does not matter.
    """
    total = points_of(root)
    if total is None:
        return False
    tops = [s for force in forces for s in items_in(force, "selections", "selection")]
    top = sum(points_of(s) or 0.0 for s in tops)
    every = sum(tree_points(s) for s in tops)
    return abs(top - total) < 0.5 and abs(every - total) >= 0.5


#: Name keys of kinds and model selections, remembered (the same few names come back in every roster).
key_of = lru_cache(maxsize=8192)(name_key)


def own_ids(selection: Element) -> list[str]:
    """A selection's own BattleScribe ids: its link's, and the last of its entry path (not its parents')."""
    ids = [i for i in ((selection.get("entryLinkId") or "").strip(),) if i]
    parts = [p for p in (selection.get("entryId") or "").split("::") if p.strip()]
    if parts:
        ids.append(parts[-1].strip())
    return ids


def ids_of(selection: Element) -> list[str]:
    ids: list[str] = []
    link = (selection.get("entryLinkId") or "").strip()
    if link:
        ids.append(link)
    entry = (selection.get("entryId") or "").strip()
    if entry:
        ids.append(entry)
        ids.extend(reversed([p for p in entry.split("::") if p]))
    return ids
