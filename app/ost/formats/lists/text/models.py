"""The lines under a unit line, and the units they make.

A unit line is kept as a :class:`Pending` with the :class:`Item` lines under
it (models, wargear, each with its own nested items) until the whole text is
read; :func:`units_of` then makes its units: the model count and composition
(each model line given a kind of the datasheet), the options matched to the
datasheet's, priced wargear the catalogue lacks kept at the text's price, marks
written as gear (warlord, reserve, placeholder values, sub-faction choices)
and each model's wargear (``Unit.loadout``) when the lines account for every
model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ost.core.armylist import ArmyList, Carried, Detachment, ModelGroup, StatedOption, Unit, UnitSnapshot, snapshot_of
from ost.core.catalogue import Catalogue, Datasheet, ModelKind, WargearKind, WargearOption
from ost.core.i18n import Bilingual
from ost.core.roles import Role
from ost.core.subfactions import Subfaction
from ost.core.text import fold, slug
from ost.core.wargear import set_upgrade_count, starting_upgrades, without_warlord
from ost.formats.lists.reading import (
    GUESS_THRESHOLD,
    MATCH_THRESHOLD,
    MatchedUnit,
    NameMatch,
    ReadingReport,
    UnknownEntry,
    match_option,
    name_key,
    names_match,
    shorten,
    variant_name,
)
from ost.formats.lists.text.grammar import (
    NON_MODEL_PREFIXES,
    PLACEHOLDER_VALUE,
    RESERVE,
    WARLORD,
    Header,
    parse_header,
    subfaction_of,
)

#: Sub-faction choices by detachment id ("" before any detachment): (sub-faction, value, line).
SubfactionChoices = dict[str, list[tuple[Subfaction, str, int]]]


@dataclass
class Item:
    """A wargear or model line under a unit, with its own nested items."""

    line: int
    level: int
    name: str
    count: int | None
    children: list[Item] = field(default_factory=list)
    #: Points written on the line itself ("5x Gizmo [100 pts]").
    points: int | None = None

    @property
    def times(self) -> int:
        return self.count if self.count is not None else 1


def item_of(line: int, level: int, text: str) -> Item | None:
    label, sep, value = text.partition(":")
    if PLACEHOLDER_VALUE.match(text.strip()) or (sep and value.strip() and subfaction_of(label) is not None):
        # "<CHAPITRE>: ULTRAMARINES" and "Chapter: Ultramarines" are one mark, not a name followed by gear.
        return Item(line, level, text.strip(), None)
    header = parse_header(text)
    if header is None:
        return None
    item = Item(line, level, header.name, header.count, points=header.points)
    for sub in header.gear:
        child = item_of(line, level + 1, sub)
        if child is not None:
            item.children.append(child)
    return item


@dataclass
class Pending:
    """A unit line and what follows it, resolved once the whole text is read."""

    line: int
    text: str
    header: Header
    detachment: Detachment
    hint: str | None
    role: Role | None
    indent: int
    items: list[Item] = field(default_factory=list)
    #: Items of a "Selections:" line under the unit, read like the gear on its own line.
    selections: list[tuple[int, str]] = field(default_factory=list)
    child_indent: int | None = None
    units: list[Unit] = field(default_factory=list)

    def add(self, item: Item) -> None:
        """Attach ``item`` under the last item of a lower level, or to the unit."""
        siblings = self.items
        while siblings and siblings[-1].level < item.level:
            siblings = siblings[-1].children
        siblings.append(item)


def units_of(pending: Pending, sheet: Datasheet | None, report: ReadingReport) -> list[Unit]:
    """The units a unit line and the lines under it give (several for "3x" of a one-model datasheet)."""
    header = pending.header
    flags = Flags()
    gear: list[Item] = []
    inline_models: list[Item] = []
    inline = [(pending.line, text) for text in header.gear] + pending.selections
    for line, text in inline:
        item = item_of(line, 1, text)
        if item is None:
            continue
        # BattleScribe writes childless models on the unit's own line: "Boyz [..]: 10x Boy".
        (inline_models if _names_a_model(item, sheet) else gear).append(item)
    model_items: list[Item] = []
    #: Gear written on model lines: an option the unit's line already gives is not taken twice
    #: (Ost's own export writes options on the unit's line and each model's wargear below).
    model_gear: set[int] = set()
    owners: dict[int, str] = {}
    for item in pending.items:
        if item.level == 1 and _is_model(item, sheet):
            model_items.append(item)
            gear.extend(item.children)
            model_gear.update(id(i) for i in _flatten(item.children))
            owners.update((id(i), item.name) for i in _flatten(item.children))
        else:
            gear.append(item)
    # A model both listed among the selections and written below (BattleScribe's full export) counts once.
    below = {name_key(i.name) for i in model_items}
    model_items += [i for i in inline_models if name_key(i.name) not in below]
    count, points = header.count, header.points
    # "Squad (10)": a model count when it fits the datasheet's size, else points.
    fits = sheet is not None and points is not None and 1 <= points <= sheet.max_models and sheet.max_models > 1
    if header.bare and fits and not model_items:
        count, points = points, None
        report.warn(
            Bilingual(
                fr=f"« {header.name} » : ({count}) lu comme un nombre de figurines.",
                en=f"“{header.name}”: ({count}) read as a number of models.",
            ),
            pending.line,
        )
    copies = 1
    composition: dict[str, int] = {}
    if model_items:
        models = sum(i.times for i in model_items)
        if sheet is not None and len(sheet.kinds) > 1:
            counts = composition_of(pending, sheet, model_items, report)
            models = sum(counts.values())
            # The datasheet's default split is not written down: the unit follows its size.
            composition = {} if counts == sheet.default_composition(models) else counts
    elif count is not None:
        models = count
        if sheet is not None and sheet.max_models == 1 and count > 1:
            copies, models = count, 1
    elif sheet is not None:
        models = sheet.min_models
        if sheet.min_models > 1:
            report.warn(
                Bilingual(
                    fr=f"« {header.name} » : nombre de figurines absent ; Ost compte le minimum ({models}).",
                    en=f"“{header.name}”: no model count given; Ost counts the minimum ({models}).",
                ),
                pending.line,
            )
    else:
        models = 1
    if copies > 1:
        report.warn(
            Bilingual(
                fr=f"« {header.name} » ×{copies} : fiche d'une figurine, lue comme {copies} unités.",
                en=f"“{header.name}” ×{copies}: a one-model datasheet, read as {copies} units.",
            ),
            pending.line,
        )
    options: dict[str, int] = {}
    extra: list[StatedOption] = []
    noted: list[str] = []
    from_unit_line: set[str] = set()
    loadout = _loadout(sheet, model_items, models, composition)
    # What the datasheet gives every unit with no alternative (a psyker's Smite): a text often leaves it out,
    # and the unit has it all the same; named in the text, it is no unmatched gear.
    forced = starting_upgrades(sheet, models, defaults=False) if sheet is not None else []
    forced_names = {name_key(n) for c in forced for n in _item_names(sheet, c.item)} if sheet is not None else set()
    # A datasheet with choices prices the wargear items its models carry in the loadout: an item
    # written on a model line is not also one of its older option counters (the roster reader's rule).
    carried = {name_key(i.name) for i in sheet.wargear} if sheet is not None and sheet.choices and loadout else set()
    # What the unit takes once (a mark, a power, a relic) named on the unit's line is one of its upgrades,
    # as a roster states it, not an older option counter: its choice then counts it.
    once = _once_items(sheet) if sheet is not None else {}
    named: dict[str, int] = {}
    for item in _flatten(gear):
        if flags.take(item.name):
            continue
        if id(item) in model_gear and name_key(item.name) in carried:
            continue
        taken = once.get(name_key(item.name)) if id(item) not in model_gear else None
        if taken is not None:
            named[taken] = named.get(taken, 0) + max(1, item.times)
            continue
        option = _owned_option(sheet, owners.get(id(item)), item.name) if sheet is not None else None
        if option is not None and id(item) in model_gear and option.id in from_unit_line:
            continue
        if option is not None:
            options[option.id] = options.get(option.id, 0) + item.times
            if id(item) not in model_gear:
                from_unit_line.add(option.id)
        elif item.points is not None and sheet is not None:
            extra.append(StatedOption(name=item.name, count=item.times, points=item.points))
            report.warn(
                Bilingual(
                    fr=f"« {header.name} » : « {item.name} » ({item.points} pts) n'est pas une option de la fiche ; "
                    "gardé avec le prix du texte.",
                    en=f"“{header.name}”: “{item.name}” ({item.points} pts) is no option of the datasheet; "
                    "kept at the text's price.",
                ),
                item.line,
            )
        elif not item.children and name_key(item.name) not in forced_names:
            noted.append(f"{item.name} ×{item.count}" if item.count and item.count > 1 else item.name)
    if points is None:
        child_points = [i.points for i in pending.items if i.points is not None]
        points = sum(child_points) if child_points else None
    per_copy = round(points / copies) if points is not None else None
    placeholders = dict(flags.placeholders)
    if sheet is not None:
        holes = sheet.faction_placeholders
        for subfaction, value in flags.subfactions:
            for placeholder in holes:
                if subfaction.fills(placeholder, holes):
                    placeholders[placeholder] = value.upper()
    upgrades = [c.model_copy(update={"count": max(c.count, named.pop(c.item or "", 0))}) for c in forced]
    leads = False
    if sheet is not None:
        for item_id, count in named.items():
            upgrades = set_upgrade_count(upgrades, sheet, item_id, count)
        # The data's "Warlord" selection (Abaddon must take it) is the warlord mark, not an upgrade beside it.
        upgrades, leads = without_warlord(upgrades, sheet)
    units: list[Unit] = []
    for _ in range(copies):
        if sheet is not None:
            snapshot = snapshot_of(sheet)
            datasheet_id = sheet.id
        else:
            snapshot = UnitSnapshot(name=header.name, role=pending.role or Role.UNSLOTTED, points=max(0, per_copy or 0))
            datasheet_id = "text:" + (slug(header.name) or "unit")
        units.append(
            Unit(
                id="new",
                datasheet=datasheet_id,
                snapshot=snapshot,
                models=models,
                composition=dict(composition),
                options=dict(options),
                extra_options=[o.model_copy() for o in extra],
                stated_points=per_copy,
                source=(sheet.source or None) if sheet is not None else None,
                placeholders=dict(placeholders),
                warlord=flags.warlord or leads,
                reserve=flags.reserve,
                custom_name=header.custom,
                notes="Équipement lu : " + ", ".join(noted) if noted else "",
                loadout=[g.model_copy(deep=True) for g in loadout],
                upgrades=[c.model_copy() for c in upgrades],
            )
        )
    return units


def _once_items(sheet: Datasheet) -> dict[str, str]:
    """The items of the choices ``sheet``'s unit makes once, by their names' keys (French and English) -> id."""
    out: dict[str, str] = {}
    for choice in sheet.choices:
        if not choice.kinds:
            for item_id in choice.items:
                for name in _item_names(sheet, item_id):
                    out.setdefault(name_key(name), item_id)
    return out


def _item_names(sheet: Datasheet, item_id: str | None) -> list[str]:
    """A wargear item's names, French and English (none for an item the datasheet lacks)."""
    item = sheet.wargear_map.get(item_id or "")
    return [n for n in (item.name, item.name_en) if n] if item is not None else []


def composition_of(
    pending: Pending, sheet: Datasheet, model_items: list[Item], report: ReadingReport
) -> dict[str, int]:
    """Models of each kind (kind id -> count) from the model lines.

    Each line goes to the kind its name comes closest to ("17x Ork Boy W/
    Slugga" is an "Ork Boy"); a line close to no kind goes to the kind that
    takes the bulk of the unit, and the report says so. A leading kind no
    line names is the unit's own entry when the unit bears its name (a
    Dark Apostle with his Disciples): it counts its minimum.
    """
    counts = {k.id: 0 for k in sheet.kinds}
    named: set[str] = set()
    bulk = sheet.kinds[sheet.bulk_index]
    for item in model_items:
        kind = kind_named(sheet, item.name)
        if kind is None:
            kind = bulk
            report.warn(
                Bilingual(
                    fr=f"« {item.name} » : aucun type de figurine de « {sheet.name} » ne porte ce nom ; "
                    f"compté comme « {bulk.name} ».",
                    en=f"“{item.name}”: no model kind of “{sheet.name}” has this name; counted as “{bulk.name}”.",
                ),
                item.line,
            )
        else:
            named.add(kind.id)
        counts[kind.id] += item.times
    for kind in sheet.kinds:
        if kind.min and kind.id not in named and not counts[kind.id] and _close(kind.name, pending.header.name):
            counts[kind.id] = kind.min
            report.warn(
                Bilingual(
                    fr=f"« {pending.header.name} » : la ligne de l'unité compte pour {kind.min} « {kind.name} ».",
                    en=f"“{pending.header.name}”: the unit's own line counts as {kind.min} “{kind.name}”.",
                ),
                pending.line,
            )
    return counts


def record_unit(
    report: ReadingReport, pending: Pending, unit: Unit, sheet: Datasheet | None, found: NameMatch | None
) -> None:
    """Report how ``unit`` (one of ``pending``'s) was matched, or that it was not."""
    text = shorten(pending.text)
    if sheet is not None and found is not None:
        report.matched.append(
            MatchedUnit(
                where="",
                text=text,
                unit_id=unit.id,
                datasheet_id=sheet.id,
                datasheet_name=sheet.name,
                confidence=found.confidence,
                method=found.method,
                line=pending.line,
                points_read=pending.header.points,
            )
        )
    else:
        guess = found if found is not None and found.score >= GUESS_THRESHOLD else None
        report.unknown.append(
            UnknownEntry(
                kind="unit",
                where="",
                text=text,
                line=pending.line,
                unit_id=unit.id,
                guess=guess.sheet.name if guess is not None else None,
                guess_confidence=guess.confidence if guess is not None else None,
            )
        )


def fill_subfactions(
    army: ArmyList, catalogue: Catalogue, subfactions: SubfactionChoices, report: ReadingReport
) -> None:
    """Fill the placeholders the sub-faction lines name, for the units of their detachment.

    A choice written before any detachment holds for the whole list. A
    unit's own value (written on its line) wins. A choice that fills no
    unit's placeholder is reported.
    """
    used: set[int] = set()
    for detachment in army.detachments:
        choices = [*subfactions.get("", []), *subfactions.get(detachment.id, [])]
        for unit in detachment.units:
            sheet = catalogue.get(unit.datasheet)
            if sheet is None:
                continue
            holes = sheet.faction_placeholders
            for subfaction, value, line in choices:
                for placeholder in holes:
                    if subfaction.fills(placeholder, holes) and placeholder not in unit.placeholders:
                        unit.placeholders[placeholder] = value.upper()
                        used.add(line)
    every = (c for choices in subfactions.values() for c in choices)
    for _subfaction, value, line in sorted(every, key=lambda c: (c[0].name, c[1], c[2])):
        if line not in used:
            report.warn(
                Bilingual(
                    fr=f"« {value} » ne remplit le mot-clé d'aucune unité ; ignoré.",
                    en=f"“{value}” fills no unit's keyword; left out.",
                ),
                line,
            )


def _owned_option(sheet: Datasheet, owner: str | None, name: str) -> WargearOption | None:
    """The option ``name`` is, or the one named for the model that takes it ("Boss Nob – Power Klaw")."""
    if owner:
        key = name_key(f"{owner} {name}")
        for option in sheet.options:
            if key in (name_key(option.name), name_key(option.id)):
                return option
    return match_option(sheet, name)


def _loadout(
    sheet: Datasheet | None, model_items: list[Item], models: int, composition: dict[str, int]
) -> list[ModelGroup]:
    """Each model line's wargear, as groups of identical models (``Unit.loadout``).

    Kept only when the lines account for every model of each kind, so that the
    loadout agrees with the unit's composition; an item the catalogue knows
    points to it, and one whose name is a weapon of the datasheet is a weapon.
    """
    if sheet is None or not model_items or not any(i.children for i in model_items):
        return []
    weapons = {name_key(w.name) for w in sheet.weapons}
    items = {name_key(i.name): i for i in sheet.wargear}
    groups: list[ModelGroup] = []
    for line in model_items:
        kind = kind_named(sheet, line.name) or sheet.kinds[sheet.bulk_index]
        carried = []
        for child in _flatten(line.children):
            key = name_key(child.name)
            known = items.get(key)
            kind_of: WargearKind = known.kind if known is not None else ("weapon" if key in weapons else "wargear")
            carried.append(Carried(item=known.id if known else None, name=child.name, kind=kind_of, count=child.times))
        groups.append(ModelGroup(kind=kind.id, count=line.times, wargear=carried, name=variant_name(kind, line.name)))
    counts: dict[str, int] = {}
    for group in groups:
        counts[group.kind] = counts.get(group.kind, 0) + group.count
    wanted = {k: n for k, n in sheet.composition(models, composition).items() if n}
    return groups if counts == wanted else []


def _flatten(items: list[Item]) -> list[Item]:
    out: list[Item] = []
    stack = list(reversed(items))
    while stack:
        item = stack.pop()
        out.append(item)
        stack.extend(reversed(item.children))
    return out


def _close(name: str, other: str) -> bool:
    """Whether two names are the same, loosely ("Ork Boy W/ Slugga & Choppa" and "Ork Boy")."""
    key, other_key = name_key(name), name_key(other)
    if not key or not other_key:
        return False
    from rapidfuzz import fuzz  # here: reading a roster (this module registers the text format) never needs it

    return key == other_key or fuzz.token_set_ratio(key, other_key) >= MATCH_THRESHOLD


#: English words of model lines and the French ones Ost's kinds are named with (compared after folding).
_KIND_WORDS = {
    "sergeant": "sergent",
    "sergeants": "sergent",
    "veterans": "veteran",
    "biker": "motard",
    "bikers": "motard",
    "guardsman": "garde",
    "guardsmen": "garde",
}
#: Words that name a unit's leader: a line with one goes to a kind with one, a line without to a kind without.
_LEADER_WORDS = frozenset(
    {"sergent", "boss", "champion", "exarch", "tempestor", "superior", "commandant", "leader", "chef", "sarge", "alpha"}
)


def _kind_key(name: str) -> str:
    return " ".join(_KIND_WORDS.get(word, word) for word in name_key(name).split())


def kind_named(sheet: Datasheet, name: str) -> ModelKind | None:
    """The model kind of ``sheet`` that ``name`` names: exactly, else the closest loosely.

    "17x Ork Boy W/ Slugga & Choppa" names the "Boy"; a leader's line goes to
    the leader's kind and a trooper's to a trooper's even where both kinds
    share the trooper's name ("Intercessor Sergeant" and "Intercessor" beside
    "Sergent Intercessor" and "Intercessor"; English "Sergeant" is the
    catalogue's "Sergent").
    """
    from rapidfuzz import fuzz

    key = _kind_key(name)
    candidates: list[tuple[float, int, ModelKind]] = []
    for index, kind in enumerate(sheet.kinds):
        kind_key = _kind_key(kind.name)
        if kind_key == key:
            return kind
        score = max(fuzz.ratio(key, kind_key), fuzz.token_set_ratio(key, kind_key))
        if score >= MATCH_THRESHOLD:
            candidates.append((score, -index, kind))
    leading = _LEADER_WORDS & set(key.split())
    led = [c for c in candidates if bool(leading & set(_kind_key(c[2].name).split())) == bool(leading)]
    return max(led or candidates, key=lambda c: c[:2])[2] if candidates else None


@lru_cache(maxsize=4096)
def _keys(names: tuple[str, ...]) -> tuple[str, ...]:
    """The comparison keys of a datasheet's weapon and ability names (asked for every line under its units)."""
    return tuple(name_key(n) for n in names)


def _gear_name(item: Item, sheet: Datasheet) -> bool:
    """Whether an item names one of the datasheet's options, weapons or abilities."""
    if match_option(sheet, item.name):
        return True
    others = _keys(tuple(w.name for w in sheet.weapons) + tuple(a.name for a in sheet.abilities))
    if not others:
        return False
    key = name_key(item.name)
    from rapidfuzz import fuzz, process

    return key in others or process.extractOne(key, others, scorer=fuzz.ratio, score_cutoff=MATCH_THRESHOLD) is not None


def _names_a_model(item: Item, sheet: Datasheet | None) -> bool:
    """Whether an item written on a unit's own line names one of its datasheet's models.

    Without a count the name must be a model's exactly ("Runtherd"); with one,
    a close match will do ("10x Boy" for "Ork Boy"). Weapons, abilities and
    options never count, whatever their names share with a model's.
    """
    if sheet is None or sheet.max_models == 1 or item.points is not None or _gear_name(item, sheet):
        return False
    key = name_key(item.name)
    models = _keys(tuple(p.name for p in sheet.profiles) + tuple(k.name for k in sheet.kinds))
    if item.count is None:
        return key in models
    from rapidfuzz import fuzz

    return any(key == other or fuzz.token_set_ratio(key, other) >= MATCH_THRESHOLD for other in models)


def _is_model(item: Item, sheet: Datasheet | None) -> bool:
    """Whether a first-level line under a unit gives models (rather than wargear).

    A line that names a model kind of the datasheet does, whatever else it
    says; one that names an option, a weapon or an ability does not. Under a
    datasheet of one model, only a line with the datasheet's own name is a
    model (a Commander's Gun Drones are wargear); under a larger unit, any
    other line is (troopers named after their weapons, "Grey Knight (Sword)").
    """
    key = fold(item.name)
    if key in WARLORD or key in RESERVE or PLACEHOLDER_VALUE.match(item.name):
        return False
    if key.startswith(NON_MODEL_PREFIXES) or subfaction_of(item.name.partition(":")[0]) is not None:
        return False
    if sheet is None:
        return item.count is not None or bool(item.children)
    if len(sheet.kinds) > 1 and kind_named(sheet, item.name) is not None:
        return True
    if _gear_name(item, sheet):
        return False
    if sheet.max_models == 1:
        return names_match(sheet, item.name)
    return True


@dataclass
class Flags:
    """Marks written as wargear: warlord, reserve, placeholder values."""

    warlord: bool = False
    reserve: bool = False
    placeholders: dict[str, str] = field(default_factory=dict)
    #: Sub-faction choices written as gear ("Chapter: Ultramarines"): (sub-faction, value).
    subfactions: list[tuple[Subfaction, str]] = field(default_factory=list)

    def take(self, name: str) -> bool:
        key = fold(name)
        label, sep, value = name.partition(":")
        subfaction = subfaction_of(label) if sep else None
        if subfaction is not None and value.strip():
            self.subfactions.append((subfaction, " ".join(value.split())))
            return True
        if key in WARLORD:
            self.warlord = True
            return True
        if key in RESERVE:
            self.reserve = True
            return True
        placeholder = PLACEHOLDER_VALUE.match(name.strip())
        if placeholder:
            self.placeholders[placeholder.group(1).upper()] = placeholder.group(2).strip()
            return True
        return False
