"""Propose (and write) the shipped datasheets' default loadouts and choices from the 9th-edition data (issue 18).

For every shipped datasheet, its counterpart (``counterpart:``) is read from
the BattleScribe data through Ost's importer (:mod:`ost.formats.bsdata`), and
what the importer reads of its wargear is written in the shipped YAML's form:

- each model kind's ``loadout``, each choice group with its items, what they
  replace and the data's limits (min/max, per model or unit, every N models);
- items take the shipped datasheet's French name where one of its weapons has
  the data's name as ``name_en`` (else another shipped datasheet's, else our
  own French in :data:`WORDS`), and keep the data's English name as
  ``name_en``; a weapon profile the datasheet lacks is copied from another
  shipped datasheet when its characteristics are the data's;
- prices are the data's: an item's own, or its priced option's when the item
  reads free; a priced option no choice holds is a one-item choice of the unit.

What stays out (the fidelity test leaves it out of the comparison too, see
:func:`kept_groups`): the unit's once-per-army picks (warlord traits, relics,
psychic disciplines, specialist mobs, kustom jobs: the groups no model kind
makes), Legends and other chapters' items, damage-table holders ("Stat
Damage"), and limits the importer marks unverified.

Usage::

    PYTHONPATH=app python tools/wargear_from_data.py [--data DIR] [--only ID ...] [--apply] [--force] [--kinds]

Without ``--apply`` it prints the proposal and the review notes; with it, it
rewrites ``catalog/factions/*.yaml`` in place for every datasheet with choices
in the data and none shipped yet (``--force``: those with shipped choices too).
With ``--kinds``, a datasheet whose model kinds are not the data's takes the
data's kinds too (sizes, wounds, prices), each named in French after the
shipped kind of the same English name, else after the data's name
(:func:`french_kind_name`). Names it made up are listed at the end for review.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ost.core.catalogue import Catalogue, Datasheet, ModelKind, WargearGroup, WargearItem, WargearLimit, WeaponProfile
from ost.core.resources import shipped_catalogue_dir
from ost.core.text import fold, slug
from ost.core.wargear import base_name, item_weapons
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.catalog_source import read_catalogue

sys.path.insert(0, str(Path(__file__).resolve().parent))
from french_wargear import french

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "bsdata-9e"

#: Imported factions in the order a counterpart is looked up (as tests/test_catalogue_fidelity.py).
FACTION_ORDER = (
    "bs-orks",
    "bs-necrons",
    "bs-imperium-astra-militarum",
    "bs-imperium-adeptus-astartes-ultramarines",
    "bs-warhammer-40-000-9th-edition",
)
#: Items the shipped catalogue leaves out: Legends, another chapter's, damage-table holders.
LEFT_OUT = re.compile(r"Legends|Death Company|^Stat Damage", re.IGNORECASE)

#: Groups of powers a model knows (the Weirdboy's "Power of the WAAAGH!"): picks, not wargear.
PICKS = re.compile(r"power of the waaagh|discipline|psychic|warlord", re.IGNORECASE)


# --- what of the data's reading is shipped (the fidelity test applies the same rules) -----------------


def by_entry(data: BsImport) -> dict[str, Datasheet]:
    rank = {faction: i for i, faction in enumerate(FACTION_ORDER)}
    found: dict[str, Datasheet] = {}
    for sheet in sorted(data.datasheets, key=lambda s: rank.get(s.faction, len(rank))):
        if sheet.source_id:
            found.setdefault(sheet.source_id, sheet)
    return found


def verified(limit: WargearLimit) -> bool:
    """Whether the importer vouches for a limit (a ``verified`` flag, when the importer has one)."""
    return getattr(limit, "verified", True) is not False


def kept_groups(sheet: Datasheet) -> list[WargearGroup]:
    """The data's choice groups a shipped datasheet states: those its model kinds make, verified, items kept."""
    items = sheet.wargear_map
    out: list[WargearGroup] = []
    for group in sheet.choices:
        if not group.kinds or not verified(group.limit) or PICKS.search(group.name):
            continue
        # Ost counts what a model carries against a group's limit, its defaults too: an item the group's
        # kinds carry by default (a Deff Dread's big shoota, offered again for a klaw) stays out of the group.
        defaults = {i for k in sheet.kinds if k.id in group.kinds for i in k.loadout}
        kept = [i for i in group.items if i in items and i not in defaults and _shipped_item(items[i])]
        if not kept or any(not verified(v) for v in group.item_limits.values()):
            continue
        limit = group.limit
        if limit.min and defaults & set(group.items):
            limit = limit.model_copy(update={"min": 0})  # the default fills the minimum
        out.append(
            group.model_copy(
                update={
                    "limit": limit,
                    "items": kept,
                    "item_limits": {k: v for k, v in group.item_limits.items() if k in kept},
                    "replaces": [i for i in group.replaces if i in items and not LEFT_OUT.search(items[i].name)],
                }
            )
        )
    return out


def _shipped_item(item: WargearItem) -> bool:
    """Weapons and wargear (a relic blade is a weapon); not powers, traits or relics, nor Legends."""
    if LEFT_OUT.search(item.name):
        return False
    return item.kind not in ("psychic", "trait", "relic") or bool(item.weapons)


def _last_part(name: str) -> str:
    """The item a priced option names: «Boss Nob – Power Klaw» -> «power-klaw»."""
    return slug(re.split(r"\s+[–-]\s+", name)[-1])


def kept_loadout(sheet: Datasheet, kind: ModelKind) -> dict[str, int]:
    """A kind's default loadout, less what stays out (powers a group of picks filled by default)."""
    items = sheet.wargear_map
    picked = {i for g in sheet.choices if not g.kinds or PICKS.search(g.name) for i in (*g.items, *g.replaces)}
    return {i: n for i, n in kind.loadout.items() if i in items and i not in picked and _shipped_item(items[i])}


def option_price(sheet: Datasheet, name: str) -> int:
    """The data's priced option of that name (a thunder hammer at 10 points), 0 when none."""
    return max((o.points for o in sheet.options if _last_part(o.name) == slug(name)), default=0)


def extra_options(sheet: Datasheet, groups: Sequence[WargearGroup]) -> list[tuple[str, int, int | None]]:
    """Priced options (name, points, max) no kept choice holds: the unit's one-item choices."""
    held = {slug(sheet.wargear_map[i].name) for g in groups for i in g.items if i in sheet.wargear_map}
    held |= {slug(sheet.wargear_map[i].name) for k in sheet.kinds for i in k.loadout if i in sheet.wargear_map}
    out: dict[str, tuple[str, int, int | None]] = {}
    for option in sheet.options:
        # "Boss Nob – Power Klaw" is the Power Klaw a choice holds.
        if LEFT_OUT.search(option.name) or _last_part(option.name) in held:
            continue
        out.setdefault(slug(option.name), (" ".join(option.name.split()), option.points, option.max))
    return list(out.values())


def paired_kinds(ours: Datasheet, theirs: Datasheet) -> dict[str, list[str]]:
    """Each data kind id -> the shipped kind ids it is.

    Same number of kinds: paired in order of (min, max, wounds, price), which the fidelity test holds
    equal. Otherwise (a departure on ``kinds``): by name, else every data kind is the shipped bulk kind.
    """
    if len(ours.kinds) == len(theirs.kinds):
        order = sorted(range(len(ours.kinds)), key=lambda i: (_kind_key(ours.kinds[i]), i))
        other = sorted(range(len(theirs.kinds)), key=lambda i: (_kind_key(theirs.kinds[i]), i))
        return {theirs.kinds[b].id: [ours.kinds[a].id] for a, b in zip(order, other, strict=True)}
    bulk = ours.kinds[ours.bulk_index].id
    out: dict[str, list[str]] = {}
    for kind in theirs.kinds:
        named = [k.id for k in ours.kinds if fold(k.name) in fold(kind.name) or fold(kind.name) in fold(k.name)]
        out[kind.id] = named[:1] or (
            [k.id for k in ours.kinds] if len(ours.kinds) > 1 and "w/" not in kind.name else [bulk]
        )
    return out


def _kind_key(kind: ModelKind) -> tuple[int, int, int, int]:
    return kind.min, kind.max, kind.wounds, kind.points


# --- names ----------------------------------------------------------------------------------------------


def _words(name: str) -> list[str]:
    """The words of a name, singular ("Dread klaws" is the data's "Dread Klaw")."""
    return [w[:-1] if len(w) > 3 and w.endswith("s") else w for w in re.findall(r"[a-z0-9]+", fold(name))]


def same_profile(shipped_en: str, data_name: str) -> bool:
    """Whether two names are one profile: «Plasma gun (standard)» is «Plasma gun, Standard»."""
    if fold(shipped_en) == fold(data_name):
        return True
    if _words(base_name(shipped_en)) != _words(base_name(data_name)):
        return False
    mode = set(_words(shipped_en)) - set(_words(base_name(shipped_en)))
    other = set(_words(data_name)) - set(_words(base_name(data_name)))
    return (bool(mode) and mode <= other) or (not mode and not other)


def _stat(value: str) -> str:
    text = re.sub(r"\s+", "", value.replace('""', '"')).lower()
    text = {"util.": "user", "mêlée": "melee"}.get(text, text)
    return text + '"' if text.isdigit() else text


def same_stats(a: WeaponProfile, b: WeaponProfile) -> bool:
    return all(_stat(x) == _stat(y) for x, y in ((a.range, b.range), (a.s, b.s), (a.ap, b.ap), (a.d, b.d)))


@dataclass
class Proposal:
    """What the tool writes for one datasheet, and what a reader should look at."""

    sheet: Datasheet
    loadouts: dict[str, dict[str, int]] = field(default_factory=dict)
    #: The data's model kinds, named as ours (``--kinds``); None: the shipped kinds stay.
    kinds: list[ModelKind] | None = None
    items: list[WargearItem] = field(default_factory=list)
    groups: list[WargearGroup] = field(default_factory=list)
    #: Weapon profiles copied from another shipped datasheet (French text and all).
    copied: list[WeaponProfile] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: French names of our own (no shipped datasheet names the item yet): (English, French).
    made_up: list[tuple[str, str]] = field(default_factory=list)


class Namer:
    """French names and profiles from the shipped catalogue (the datasheet's own first)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.known: dict[str, str] = {}
        self.profiles: list[WeaponProfile] = []
        self.options: dict[str, str] = {}
        for sheet in catalogue:
            for weapon in sheet.weapons:
                self.profiles.append(weapon)
                if weapon.name_en:
                    self.known.setdefault(fold(base_name(weapon.name_en)), _base_french(weapon.name))
            for item in sheet.wargear:
                if item.name_en:
                    self.known.setdefault(fold(item.name_en), item.name)
            for option in sheet.options:  # ids are slugs of the data's names
                self.options.setdefault(option.id, option.name)

    def french(self, sheet: Datasheet, english: str) -> tuple[str, bool]:
        """(French name, whether it is ours alone): the datasheet's weapon, the catalogue's, our words."""
        own = [w for w in sheet.weapons if w.name_en and same_profile(base_name(w.name_en), english)]
        if own:
            return _base_french(own[0].name), False
        own_items = [i for i in sheet.wargear if fold(i.name_en) == fold(english)]
        if own_items:
            return own_items[0].name, False
        known = french(english, self.known)
        if known is None and slug(english) in self.options:
            return self.options[slug(english)], False
        if known is not None:
            return known, fold(english) not in self.known
        return english, True


def _base_french(name: str) -> str:
    """A French weapon name without its mode: «Fusil à plasma (standard)» -> «Fusil à plasma»."""
    return name.split(" (", 1)[0].strip()


def kinds_differ(ours: Datasheet, theirs: Datasheet) -> bool:
    """Whether the shipped kinds are not the data's (as the fidelity test compares them: sizes, wounds, prices)."""
    return sorted(map(_kind_key, ours.kinds)) != sorted(map(_kind_key, theirs.kinds))


#: The data's model names in French, where no shipped kind has the same English name.
KIND_WORDS = {"servitor": "Serviteur"}


def french_kind_name(ours: Datasheet, english: str, namer: Namer, proposal: Proposal) -> str:
    """A data kind's French name: the shipped kind's of that English name, else made from the data's.

    "Devastator Marine w/Heavy Weapon" is the shipped "Devastator Marine" kind's name "avec arme lourde";
    "Servitor (Heavy Bolter)" is "Serviteur (bolter lourd)"; the one kind of a datasheet is named as it is.
    """
    by_english = {fold(k.name_en): k.name for k in ours.kinds if k.name_en}
    if fold(english) in by_english:
        return by_english[fold(english)]
    variant = re.match(r"^(.*?)\s*w/\s*(.+)$", english, re.IGNORECASE)
    bracket = re.match(r"^(.*?)\s+\((.+)\)$", english)
    if variant:
        base = by_english.get(fold(variant.group(1))) or KIND_WORDS.get(fold(variant.group(1)))
        what = MODEL_WORDS.get(fold(variant.group(2))) or namer.french(ours, variant.group(2))[0].lower()
        if base:
            return f"{base} avec {what}"
    if bracket:
        base = by_english.get(fold(bracket.group(1))) or KIND_WORDS.get(fold(bracket.group(1)))
        parts = [namer.french(ours, p.strip())[0].lower() for p in bracket.group(2).split("/")]
        if base:
            return f"{base} ({' / '.join(parts)})"
    proposal.made_up.append((f"kind {english}", english))
    return english


def data_kinds(ours: Datasheet, theirs: Datasheet, namer: Namer, proposal: Proposal) -> list[ModelKind]:
    """The data's kinds in the shipped form: French names, ids kept where the shipped kind is the same model.

    A datasheet the data gives one kind keeps the catalogue's way for one-kind datasheets: the kind
    ``model``, named as the datasheet.
    """
    if len(theirs.kinds) == 1:
        (kind,) = theirs.kinds
        keep = ours.kinds[0] if len(ours.kinds) == 1 else None
        base = keep or ModelKind(id="model", name=ours.name, name_en=ours.name_en)
        size = {"min": kind.min, "max": kind.max, "wounds": kind.wounds, "points": kind.points}
        return [base.model_copy(update=size)]
    by_english = {fold(k.name_en): k for k in ours.kinds if k.name_en}
    out: list[ModelKind] = []
    taken: set[str] = set()
    for kind in theirs.kinds:
        size = {"min": kind.min, "max": kind.max, "wounds": kind.wounds, "points": kind.points}
        same = by_english.get(fold(kind.name))
        if same is not None:
            out.append(same.model_copy(update={**size, "loadout": {}}))
        else:
            name = french_kind_name(ours, kind.name, namer, proposal)
            new_id = _unique(slug(name) or "kind", taken | {k.id for k in ours.kinds})
            out.append(ModelKind(id=new_id, name=name, name_en=" ".join(kind.name.split()), **size))
        taken.add(out[-1].id)
    return out


def propose(ours: Datasheet, theirs: Datasheet, namer: Namer, *, with_kinds: bool = False) -> Proposal:
    proposal = Proposal(ours)
    if with_kinds and kinds_differ(ours, theirs):
        proposal.kinds = data_kinds(ours, theirs, namer, proposal)
        kinds = {data.id: [mine.id] for data, mine in zip(theirs.kinds, proposal.kinds, strict=True)}
        # Built anew: a copy would keep the kind index (a cached property) of the shipped kinds.
        ours = Datasheet.model_validate({**ours.model_dump(), "kinds": [k.model_dump() for k in proposal.kinds]})
        proposal.sheet = ours
    else:
        kinds = paired_kinds(ours, theirs)
    groups = kept_groups(theirs)
    used: list[str] = []
    for kind in theirs.kinds:
        used.extend(kept_loadout(theirs, kind))
    for group in groups:
        used.extend([*group.items, *group.replaces])
    extras = extra_options(theirs, groups)
    ids: dict[str, str] = {}  # data item id -> shipped item id
    taken: set[str] = set()
    existing = {fold(i.name_en): i for i in ours.wargear if i.name_en}
    weapons = list(ours.weapons)
    for data_id in dict.fromkeys(used):
        data = theirs.wargear_map[data_id]
        name, ours_alone = namer.french(ours, data.name)
        if ours_alone:
            proposal.made_up.append((data.name, name))
        before = existing.get(fold(data.name))
        item_id = before.id if before is not None else _unique(slug(name) or slug(data.name), taken)
        taken.add(item_id)
        ids[data_id] = item_id
        profiles, missing = _profiles(data, theirs, weapons, namer)
        for profile in profiles:
            if profile not in weapons:
                weapons.append(profile)
        kind = data.kind if data.kind in ("weapon", "wargear") else ("weapon" if data.weapons else "wargear")
        points = data.points or option_price(theirs, data.name)
        item = WargearItem(id=item_id, name=name, name_en=" ".join(data.name.split()), kind=kind, points=points)
        sheet_now = ours.model_copy(update={"weapons": weapons})
        if profiles and {id(w) for w in item_weapons(sheet_now, item, name)} != {id(w) for w in profiles}:
            item = item.model_copy(update={"weapons": [w.name for w in profiles]})
        if missing:
            proposal.notes.append(f"{data.name}: no profile for {', '.join(missing)}")
        proposal.items.append(item)
    for option_name, points, most in extras:
        name, ours_alone = namer.french(ours, option_name)
        if ours_alone:
            proposal.made_up.append((option_name, name))
        item_id = _unique(slug(name) or slug(option_name), taken)
        taken.add(item_id)
        proposal.items.append(WargearItem(id=item_id, name=name, name_en=option_name, kind="wargear", points=points))
        proposal.groups.append(
            WargearGroup(
                id=_unique(item_id, {g.id for g in proposal.groups} | taken),
                name=name,
                name_en=option_name,
                items=[item_id],
                limit=WargearLimit(max=most, per="unit"),
            )
        )
    for kind in theirs.kinds:
        for shipped_kind in kinds.get(kind.id, []):
            loadout = proposal.loadouts.setdefault(shipped_kind, {})
            for data_id, count in kept_loadout(theirs, kind).items():
                loadout[ids[data_id]] = max(loadout.get(ids[data_id], 0), count)
    group_ids: set[str] = {g.id for g in proposal.groups}
    for group in groups:
        shipped_kinds = list(dict.fromkeys(k for data_kind in group.kinds for k in kinds.get(data_kind, [])))
        name, name_en = _group_name(group, ours, shipped_kinds, proposal, namer)
        gid = _unique(slug(name) or "choix", group_ids | taken)
        group_ids.add(gid)
        proposal.groups.append(
            WargearGroup(
                id=gid,
                name=name,
                name_en=name_en,
                kinds=shipped_kinds,
                items=[ids[i] for i in group.items],
                item_limits={ids[i]: v for i, v in group.item_limits.items() if i in ids},
                replaces=[ids[i] for i in group.replaces if i in ids],
                limit=group.limit,
            )
        )
    proposal.copied = [w for w in weapons if w not in ours.weapons]
    return proposal


def _unique(base: str, taken: set[str]) -> str:
    out, number = base, 2
    while out in taken:
        out, number = f"{base}-{number}", number + 1
    return out


def _profiles(
    data: WargearItem, theirs: Datasheet, weapons: list[WeaponProfile], namer: Namer
) -> tuple[list[WeaponProfile], list[str]]:
    """The shipped profiles an item gives (the datasheet's, else copied), and the data's it lacks."""
    found: list[WeaponProfile] = []
    missing: list[str] = []
    data_profiles = {fold(w.name): w for w in theirs.weapons}
    for wanted in data.weapons:
        mine = [w for w in weapons if w.name_en and same_profile(w.name_en, wanted)]
        if mine:
            found.extend(w for w in mine if w not in found)
            continue
        data_profile = data_profiles.get(fold(wanted))
        copies = [
            w
            for w in namer.profiles
            if w.name_en and same_profile(w.name_en, wanted) and (data_profile is None or same_stats(w, data_profile))
        ]
        if copies and data_profile is not None:
            found.append(copies[0])
        else:
            missing.append(wanted)
    return found, missing


#: The data's usual group names, in French.
GROUP_NAMES = {
    "weapon options": "Options d'armes",
    "weapon option": "Option d'arme",
    "weapon": "Arme",
    "weapons": "Armes",
    "weapon choice": "Choix d'arme",
    "unit weapon choice": "Arme de l'unité",
    "unit weapon options": "Armes de l'unité",
    "pistols": "Pistolets",
    "pistol": "Pistolet",
    "combi-weapons": "Armes combinées",
    "melee weapons": "Armes de mêlée",
    "melee weapon": "Arme de mêlée",
    "melee": "Mêlée",
    "cc weapon": "Arme de corps à corps",
    "ranged": "Arme de tir",
    "tank equipment": "Équipement de char",
    "pintle mount": "Arme de tourelle",
    "sponson weapons": "Armes de flanc",
    "sponsons": "Flancs",
    "hull weapon": "Arme de coque",
    "turret weapon": "Arme de tourelle",
    "wargear option": "Option d'équipement",
    "wargear": "Équipement",
    "options": "Options",
    "option 1": "Option 1",
    "option 2": "Option 2",
    "special weapons": "Armes spéciales",
    "heavy weapons": "Armes lourdes",
    "astra militarum heavy weapons": "Armes lourdes de l'Astra Militarum",
    "loadout": "Armement",
    "may pick one": "Un au choix",
    "additional weapon": "Arme supplémentaire",
    "cryptek arkana": "Arkana de Cryptek",
    "barge weapon": "Arme de barge",
    "nob arm 1": "Premier bras du Nob",
    "nob arm 2": "Second bras du Nob",
    "arm 1": "Bras 1",
    "arm 2": "Bras 2",
    "arm 3": "Bras 3",
    "arm 4": "Bras 4",
    "gun arm": "Bras armé",
    "shooty arm": "Bras qui tire",
    "stabby arm": "Bras qui tape",
    "kustom shoota arm": "Bras à fling kusto",
    "power klaw arm": "Bras à pince énergétik",
    "choppa arm": "Bras à kikoup'",
    "big gun": "Gros flingue",
    "dreadnought heavy weapons": "Armes lourdes de Dreadnought",
    "dreadnought arm weapons": "Armes de bras de Dreadnought",
    "servo options": "Options de servo-bras",
    "sgt equipment": "Équipement du Sergent",
    "captain specific:": "Propre au Capitaine",
    "chimera weaponry": "Armement de Chimera",
    "wing-mounted weapons": "Armes d'ailes",
    "baneblade sponsons": "Flancs de Baneblade",
    "cannon selection": "Choix du canon",
    "hellhound hull weapon": "Arme de coque du Hellhound",
    "sentinel weapon": "Arme de Sentinel",
    "sentinel chainsaw": "Tronçonneuse de Sentinel",
    "lascannon choice": "Choix du canon laser",
    "heavy bolter or heavy flamer": "Bolter lourd ou lance-flammes lourd",
    "heavy flamer or heavy bolter": "Lance-flammes lourd ou bolter lourd",
    "replace 2x vendetta twin lascannons:": "Remplacer les 2 canons laser jumelés de Vendetta",
    "chainsword option": "Option d'épée tronçonneuse",
    "laspistol option": "Option de pistolet laser",
    "storm bolter option": "Option de fulgurant",
    "replace rifle w/pistol": "Remplacer le fusil par un pistolet",
    "weapon option 1": "Option d'arme 1",
    "weapon option 2": "Option d'arme 2",
    "weapon option 3": "Option d'arme 3",
    "shield": "Bouclier",
    "force weapon": "Arme de force",
    "attilan rough rider lance": "Lance des Rough Riders d'Attila",
    "lobba": "Lobba",
}

#: Words of the data's "X w/ Y" model names, in French.
MODEL_WORDS = {
    "special weapon": "arme spéciale",
    "heavy weapon": "arme lourde",
    "'eavy weapon": "arme lourde",
}


def _group_name(
    group: WargearGroup, ours: Datasheet, shipped_kinds: list[str], proposal: Proposal, namer: Namer
) -> tuple[str, str]:
    english = " ".join(group.name.split())
    key = fold(english)
    if key in GROUP_NAMES:
        return GROUP_NAMES[key], english
    variant = re.match(r"^(.*?)\s+w/\s*(.+)$", english, re.IGNORECASE)
    bracket = re.match(r"^(.*?)\s+\((.+)\)$", english)
    if bracket and shipped_kinds:
        kind = ours.kind_map[shipped_kinds[0]]
        parts = [namer.french(ours, p.strip())[0].lower() for p in bracket.group(2).split("/")]
        return f"{kind.name} ({' / '.join(parts)})", english
    if variant and shipped_kinds:
        kind = ours.kind_map[shipped_kinds[0]]
        what = MODEL_WORDS.get(fold(variant.group(2)))
        if what is None:
            what = namer.french(ours, variant.group(2))[0].lower()
        return f"{kind.name} avec {what}", english
    name, alone = namer.french(ours, english)
    if alone and name == english:
        proposal.made_up.append((f"group {english}", name))
    return name, english


# --- YAML -----------------------------------------------------------------------------------------------

_PLAIN = re.compile(r"^[A-Za-zÀ-ÿŒœ][\wÀ-ÿŒœ' .\-!]*$")
_RESERVED = {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}


def q(text: str) -> str:
    """A YAML flow scalar: plain when safe, else double-quoted (JSON strings are YAML)."""
    if _PLAIN.match(text) and fold(text) not in _RESERVED and not text.endswith((" ", ".")):
        return text
    return json.dumps(text, ensure_ascii=False)


def flow(pairs: Iterable[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"


def limit_yaml(limit: WargearLimit) -> str:
    pairs: list[tuple[str, str]] = []
    if limit.min:
        pairs.append(("min", str(limit.min)))
    if limit.max is not None:
        pairs.append(("max", str(limit.max)))
    if limit.per != "model":
        pairs.append(("per", limit.per))
    if limit.every is not None:
        pairs.append(("every", str(limit.every)))
    return flow(pairs)


def item_line(item: WargearItem) -> str:
    pairs = [("id", item.id), ("name", q(item.name)), ("name_en", q(item.name_en))]
    if item.kind != "weapon":
        pairs.append(("kind", item.kind))
    if item.points:
        pairs.append(("points", str(item.points)))
    if item.weapons:
        pairs.append(("weapons", "[" + ", ".join(q(w) for w in item.weapons) + "]"))
    return f"      - {flow(pairs)}"


def group_line(group: WargearGroup) -> str:
    pairs = [("id", group.id), ("name", q(group.name)), ("name_en", q(group.name_en))]
    if group.kinds:
        pairs.append(("kinds", "[" + ", ".join(group.kinds) + "]"))
    pairs.append(("items", "[" + ", ".join(group.items) + "]"))
    if group.item_limits:
        pairs.append(("item_limits", flow((k, limit_yaml(v)) for k, v in group.item_limits.items())))
    if group.replaces:
        pairs.append(("replaces", "[" + ", ".join(group.replaces) + "]"))
    if group.limit != WargearLimit():
        pairs.append(("limit", limit_yaml(group.limit)))
    return f"      - {flow(pairs)}"


def weapon_line(weapon: WeaponProfile) -> str:
    pairs = [
        ("name", q(weapon.name)),
        ("name_en", q(weapon.name_en)),
        ("portée", json.dumps(weapon.range, ensure_ascii=False)),
        ("type", q(weapon.type)),
        ("F", json.dumps(weapon.s, ensure_ascii=False)),
        ("PA", json.dumps(weapon.ap, ensure_ascii=False)),
        ("D", json.dumps(weapon.d, ensure_ascii=False)),
    ]
    if weapon.abilities:
        pairs.append(("capacités", json.dumps(weapon.abilities, ensure_ascii=False)))
    if weapon.abilities_en:
        pairs.append(("capacités_en", json.dumps(weapon.abilities_en, ensure_ascii=False)))
    return f"      - {flow(pairs)}"


def kind_line(kind: ModelKind, sheet: Datasheet, loadout: dict[str, int]) -> str:
    pairs = [("id", kind.id), ("name", q(kind.name))]
    if kind.name_en:
        pairs.append(("name_en", q(kind.name_en)))
    pairs.append(("models", str(kind.min) if kind.min == kind.max else f"{kind.min}-{kind.max}"))
    pairs.append(("wounds", str(kind.wounds)))
    if kind.points:
        pairs.append(("per_model", str(kind.points)))
    if kind.space is not None:
        pairs.append(("space", str(kind.space)))
    if kind.profile:
        pairs.append(("profile", q(kind.profile)))
    if kind.keywords:
        pairs.append(("keywords", "[" + ", ".join(q(k) for k in kind.keywords) + "]"))
    if kind.bs_ids:
        pairs.append(("bs_ids", "[" + ", ".join(q(b) for b in kind.bs_ids) + "]"))
    pairs.append(("loadout", flow((k, str(v)) for k, v in loadout.items())))
    return f"      - {flow(pairs)}"


def apply(path: Path, proposals: dict[str, Proposal]) -> int:
    """Rewrite one faction file: each proposed datasheet gets its kinds' loadouts, wargear and choices."""
    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if re.match(r"^  - id: ", line)]
    done = 0
    for start in reversed(starts):
        sheet_id = lines[start].split(":", 1)[1].strip()
        proposal = proposals.get(sheet_id)
        if proposal is None:
            continue
        end = next((s for s in starts if s > start), len(lines))
        while end > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
            end -= 1
        block = lines[start:end]
        block = _drop_field(block, "wargear")
        block = _drop_field(block, "choices")
        block = _set_loadouts(block, proposal)
        block = _add_weapons(block, proposal.copied)
        at = next((i for i, line in enumerate(block) if line.startswith("    departures:")), len(block))
        new = ["    wargear:", *(item_line(i) for i in proposal.items)]
        if proposal.groups:
            new += ["    choices:", *(group_line(g) for g in proposal.groups)]
        block[at:at] = new
        lines[start:end] = block
        done += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return done


def _field_span(block: list[str], name: str) -> tuple[int, int] | None:
    for i, line in enumerate(block):
        if line.startswith(f"    {name}:"):
            end = i + 1
            while end < len(block) and (block[end].startswith("      ") or not block[end].strip()):
                end += 1
            return i, end
    return None


def _drop_field(block: list[str], name: str) -> list[str]:
    span = _field_span(block, name)
    return block if span is None else block[: span[0]] + block[span[1] :]


def _set_loadouts(block: list[str], proposal: Proposal) -> list[str]:
    sheet = proposal.sheet
    span = _field_span(block, "kinds")
    new = [kind_line(k, sheet, proposal.loadouts.get(k.id, {})) for k in sheet.kinds]
    if span is None:
        at = next(i for i, line in enumerate(block) if re.match(r"^    (type|class|profiles):", line))
        return [*block[:at], "    kinds:", *new, *block[at:]]
    return [*block[: span[0] + 1], *new, *block[span[1] :]]


def _add_weapons(block: list[str], copied: list[WeaponProfile]) -> list[str]:
    if not copied:
        return block
    span = _field_span(block, "weapons")
    lines = [weapon_line(w) for w in copied]
    if span is None:
        at = next(i for i, line in enumerate(block) if re.match(r"^    (abilities|options|departures):", line))
        return [*block[:at], "    weapons:", *lines, *block[at:]]
    return [*block[: span[1]], *lines, *block[span[1] :]]


# --- the command ----------------------------------------------------------------------------------------


def proposals_for(
    catalogue: Catalogue, data: BsImport, only: Sequence[str] = (), force: bool = False, with_kinds: bool = False
) -> tuple[dict[str, Proposal], int]:
    """Proposals for every shipped datasheet with choices in the data; and how many had choices before."""
    entries = by_entry(data)
    namer = Namer(catalogue)
    out: dict[str, Proposal] = {}
    before = 0
    for sheet in catalogue:
        before += bool(sheet.choices)
        theirs = entries.get(sheet.counterpart or "")
        if theirs is None or (only and sheet.id not in only):
            continue
        if not kept_groups(theirs) and not any(kept_loadout(theirs, k) for k in theirs.kinds):
            continue
        if sheet.choices and not force:
            continue
        out[sheet.id] = propose(sheet, theirs, namer, with_kinds=with_kinds)
    return out, before


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="BattleScribe data folder (the 9th-edition release)")
    parser.add_argument("--only", nargs="*", default=[], help="datasheet ids")
    parser.add_argument("--apply", action="store_true", help="rewrite catalog/factions/*.yaml")
    parser.add_argument("--force", action="store_true", help="also datasheets that already have choices")
    parser.add_argument("--kinds", action="store_true", help="the data's model kinds where the shipped ones differ")
    args = parser.parse_args(argv)
    folder = shipped_catalogue_dir()
    catalogue = read_catalogue(folder)
    data = read_bsdata([args.data])
    proposals, before = proposals_for(catalogue, data, args.only, args.force, args.kinds)
    made_up: dict[tuple[str, str], list[str]] = {}
    for proposal in proposals.values():
        if not args.apply:
            print(f"# {proposal.sheet.id}")
            for kind in proposal.sheet.kinds:
                print(kind_line(kind, proposal.sheet, proposal.loadouts.get(kind.id, {})))
            print("    wargear:")
            print("\n".join(item_line(i) for i in proposal.items))
            print("    choices:")
            print("\n".join(group_line(g) for g in proposal.groups))
            for weapon in proposal.copied:
                print(f"  + weapon {weapon_line(weapon).strip()}")
        for note in proposal.notes:
            print(f"note {proposal.sheet.id}: {note}", file=sys.stderr)
        for pair in proposal.made_up:
            made_up.setdefault(pair, []).append(proposal.sheet.id)
    if args.apply:
        by_faction: dict[str, dict[str, Proposal]] = {}
        for proposal in proposals.values():
            by_faction.setdefault(proposal.sheet.faction, {})[proposal.sheet.id] = proposal
        for faction, found in sorted(by_faction.items()):
            path = folder / "factions" / f"{faction}.yaml"
            print(f"{path.name}: {apply(path, found)} datasheets written")
    print(f"\nFrench names of our own, to review ({len(made_up)}):", file=sys.stderr)
    for (english, name), sheets in sorted(made_up.items()):
        shown = "(kept in English)" if english.endswith(name) else name
        print(f"  {english} -> {shown}   [{', '.join(sheets)}]", file=sys.stderr)
    print(f"\nDatasheets with choices shipped before: {before}; proposed now: {len(proposals)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
