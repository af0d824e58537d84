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

from functools import lru_cache

import msgspec

from ost.core.armylist import ArmyList, Carried, Detachment, ModelGroup, StatedOption, Unit, UnitSnapshot, snapshot_of
from ost.core.catalogue import Catalogue, Datasheet, ModelKind, WargearItem, WargearKind, WargearOption
from ost.core.i18n import Bilingual
from ost.core.roles import Role
from ost.core.subfactions import Subfaction, subfaction_of_placeholder
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


class Item(msgspec.Struct):
    """A wargear or model line under a unit, with its own nested items."""

    line: int
    level: int
    name: str
    count: int | None
    children: list[Item] = msgspec.field(default_factory=list)
    #: Points written on the line itself ("5x Gizmo [100 pts]").
    points: int | None = None
    #: Other readings of the text, when it has them: the name and count with its first ": " kept in the
    #: name ("Chapter Command: Chapter Master"), with its count kept in the name ("2 × Bolter lourd"),
    #: and whether the text after that ": " is then part of the name. The datasheet decides (:func:`join_names`).
    readings: list[tuple[str, int | None, bool]] = msgspec.field(default_factory=list)
    #: How many of ``children`` came from the text after that ": " (the rest are lines nested below).
    split: int = 0

    @property
    def times(self) -> int:
        return self.count if self.count is not None else 1


def item_of(line: int, level: int, text: str) -> Item | None:
    label, sep, value = text.partition(":")
    if PLACEHOLDER_VALUE.match(text.strip()) or (sep and value.strip() and subfaction_of(label) is not None):
        # "<CHAPITRE>: ULTRAMARINES" and "Chapter: Ultramarines" are one mark, not a name followed by gear.
        return Item(line, level, text.strip(), None)
    header = parse_header(text)
    whole = parse_header(text, split=False) if ": " in text else None
    if whole is not None and header is not None and whole.name == header.name:
        whole = None
    if header is None:
        if whole is None:
            return None
        # "1: Gate of Infinity": the text before the colon names nothing, so the colon is the name's.
        header, whole = whole, None
    item = Item(line, level, header.name, header.count, points=header.points)
    if header.written is not None:
        item.readings.append((header.written, None, False))
    if whole is not None:
        item.readings.append((whole.name, whole.count, True))
        if whole.written is not None:
            item.readings.append((whole.written, None, True))
    for sub in header.gear:
        child = item_of(line, level + 1, sub)
        if child is not None:
            item.children.append(child)
    item.split = len(item.children)
    return item


def join_names(items: list[Item], sheet: Datasheet) -> None:
    """Read each item as the datasheet names it, where the text's punctuation split one name.

    A line is split at its first ": " into a name and what follows ("1x
    Captain: Bolt pistol, …", "Mark of Chaos: Khorne"), at its commas into
    items, and a count is read from the front of a name ("2x Boy"). Some names
    hold a colon ("Chapter Command: Chapter Master", "Arkana : Orbe
    quantique"), a comma ("Follow Me, Ladz!") or start with a count ("2 ×
    Bolter lourd"): where the whole is one of the datasheet's items, options,
    weapons or abilities (French or English), the item is read whole; lines
    nested below stay its own.
    ``items`` are first-level items; the pieces of one line are merged only
    with each other.
    """
    known = _known_names(sheet)
    _merge_pieces(items, known)
    for item in _flatten(items):
        if item.readings:
            for name, count, whole in item.readings:
                if name_key(name) in known:
                    item.name, item.count = name, count
                    if whole:
                        item.children, item.split = item.children[item.split :], 0
                    break
        item.readings = []
        if item.split > 1:
            pieces = _merge_pieces(item.children[: item.split], known)
            item.children, item.split = pieces + item.children[item.split :], len(pieces)


#: Most pieces a comma may have split one name into ("Autogun, Autopistol, and Chainsword").
_MOST_PIECES = 4


def _merge_pieces(items: list[Item], known: frozenset[str]) -> list[Item]:
    """``items`` with runs of comma-split pieces of one line merged where together they name a known item.

    A run is merged only when not every piece is a known name by itself
    ("Bolt pistol, Chainsword" stays two). Changes ``items`` in place and returns it.
    """
    at = 0
    while at < len(items):
        for end in range(min(len(items), at + _MOST_PIECES), at + 1, -1):
            run = items[at:end]
            if any(p.children or p.line != run[0].line or p.level != run[0].level for p in run):
                continue
            if any(p.count is not None for p in run[1:]) or any(p.points is not None for p in run[:-1]):
                continue
            keys = [name_key(p.name) for p in run]
            if " ".join(keys) in known and not all(k in known for k in keys):
                first = run[0]
                first.name = ", ".join(p.name for p in run)
                first.points = run[-1].points
                first.readings = []
                items[at:end] = [first]
                break
        at += 1
    return items


def _known_names(sheet: Datasheet) -> frozenset[str]:
    """The name keys of everything a datasheet's units carry or are: items, options, weapons, abilities, models."""
    names: list[str] = []
    for item in sheet.wargear:
        names += [item.name, item.name_en]
    names += [o.name for o in sheet.options]
    for weapon in sheet.weapons:
        names += [weapon.name, weapon.name_en]
    for ability in sheet.abilities:
        names += [ability.name, ability.name_en or ""]
    return frozenset(name_key(n) for n in names if n)


class Pending(msgspec.Struct):
    """A unit line and what follows it, resolved once the whole text is read."""

    line: int
    text: str
    header: Header
    detachment: Detachment
    hint: str | None
    role: Role | None
    indent: int
    items: list[Item] = msgspec.field(default_factory=list)
    #: Items of a "Selections:" line under the unit, read like the gear on its own line.
    selections: list[tuple[int, str]] = msgspec.field(default_factory=list)
    child_indent: int | None = None
    units: list[Unit] = msgspec.field(default_factory=list)

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
    inline_items = [item for line, text in inline if (item := item_of(line, 1, text)) is not None]
    if sheet is not None:
        join_names(inline_items, sheet)
        join_names(pending.items, sheet)
    for item in inline_items:
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
    # With each model's wargear on its own line, what the unit's line names besides its options is the unit's
    # own (a psychic power, a relic, a grenade the data gives the unit): an upgrade, as Ost's export writes it.
    held = _held_items(sheet) if sheet is not None and loadout else {}
    for item in _flatten(gear):
        if flags.take(item.name):
            continue
        if id(item) in model_gear and name_key(item.name) in carried:
            continue
        if id(item) in model_gear and loadout and _carried_item(sheet, owners.get(id(item)), item) is not None:
            continue  # named in English on a model line: the loadout carries it
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
        elif (own := _held(held, item, model_gear)) is not None:
            named[own] = named.get(own, 0) + max(1, item.times)
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
    _report_unread(report, header.name, noted, loadout, sheet, pending.line)
    if points is None:
        child_points = [i.points for i in pending.items if i.points is not None]
        points = sum(child_points) if child_points else None
    per_copy = round(points / copies) if points is not None else None
    placeholders = dict(flags.placeholders)
    if sheet is not None:
        holes = sheet.faction_placeholders
        for written in [p for p in placeholders if p not in holes]:
            # "<CHAPTER> = ULTRAMARINES" (an English text) is the datasheet's "<CHAPITRE>".
            kind = subfaction_of_placeholder(written)
            same = [h for h in holes if kind is not None and kind.fills(h, holes) and h not in placeholders]
            if len(same) == 1:
                placeholders[same[0]] = placeholders.pop(written)
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


def _report_unread(
    report: ReadingReport, unit: str, noted: list[str], loadout: list[ModelGroup], sheet: Datasheet | None, line: int
) -> None:
    """Note the gear of a unit that its datasheet does not name: kept in its notes or its models' wargear, unpriced.

    A note, not a warning: texts often name what the datasheet leaves out
    (a grenade, a rule); the reader of the report sees it all the same.
    """
    if sheet is None:
        return
    known = _known_names(sheet)
    found = [n for n in noted if name_key(n.partition(" ×")[0]) not in known]
    for group in loadout:
        for carried in group.wargear:
            if carried.item is None and name_key(carried.name) not in known:
                found.append(f"{carried.name} ×{carried.count}" if carried.count > 1 else carried.name)
    unread = list(dict.fromkeys(found))
    if unread:
        listed = ", ".join(f"“{u}”" for u in unread)
        report.note(
            Bilingual(
                fr=f"« {unit} » : équipement absent de la fiche, gardé tel quel sans prix : "
                + ", ".join(f"« {u} »" for u in unread)
                + ".",
                en=f"“{unit}”: gear the datasheet lacks, kept as written without a price: {listed}.",
            ),
            line,
        )


def _once_items(sheet: Datasheet) -> dict[str, str]:
    """The items of the choices ``sheet``'s unit makes once, by their names' keys (French and English) -> id."""
    out: dict[str, str] = {}
    for choice in sheet.choices:
        if not choice.kinds:
            for item_id in choice.items:
                for name in _item_names(sheet, item_id):
                    out.setdefault(name_key(name), item_id)
    return out


def _held(held: dict[str, str], item: Item, model_gear: set[int]) -> str | None:
    """The item id an unpriced item on the unit's own line names among ``held`` (:func:`_held_items`), if any."""
    if id(item) in model_gear or item.points is not None:
        return None
    return held.get(name_key(item.name))


def _held_items(sheet: Datasheet) -> dict[str, str]:
    """Every wargear item of ``sheet`` by its names' keys (French first, then English) -> id."""
    out: dict[str, str] = {}
    for item in sheet.wargear:
        out.setdefault(name_key(item.name), item.id)
    for item in sheet.wargear:
        if item.name_en:
            out.setdefault(name_key(item.name_en), item.id)
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
    return _option_for(sheet, owner, name) or option_named(sheet, name)


def option_named(sheet: Datasheet, name: str) -> WargearOption | None:
    """The option ``name`` is: by its name or id, else by the English name of its item (an English export's)."""
    option = match_option(sheet, name)
    if option is not None or not sheet.options:
        return option
    key = name_key(name)
    items = sheet.wargear_map
    for option in sheet.options:
        item = items.get(option.id)
        if item is not None and item.name_en and name_key(item.name_en) == key:
            return option
    return None


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
    weapons = {name_key(n) for w in sheet.weapons for n in (w.name, w.name_en) if n}
    items = {name_key(i.name): i for i in sheet.wargear}
    groups: list[ModelGroup] = []
    for line in model_items:
        kind = kind_named(sheet, line.name) or sheet.kinds[sheet.bulk_index]
        carried = []
        for child in _flatten(line.children):
            key = name_key(child.name)
            known = items.get(key) or _carried_item(sheet, line.name, child)
            kind_of: WargearKind = known.kind if known is not None else ("weapon" if key in weapons else "wargear")
            carried.append(Carried(item=known.id if known else None, name=child.name, kind=kind_of, count=child.times))
        groups.append(ModelGroup(kind=kind.id, count=line.times, wargear=carried, name=variant_name(kind, line.name)))
    counts: dict[str, int] = {}
    for group in groups:
        counts[group.kind] = counts.get(group.kind, 0) + group.count
    wanted = {k: n for k, n in sheet.composition(models, composition).items() if n}
    return groups if counts == wanted else []


def _carried_item(sheet: Datasheet | None, owner: str | None, item: Item) -> WargearItem | None:
    """The wargear item a model line names by its English name ("Chapter Master", as an English export writes it).

    None for a French name (the loadout knows those by name), and for an item
    written with its own price that one of the datasheet's older option
    counters takes: "Power Klaw [10pts]" on a Boss Nob's line is the option
    "Boss Nob – Power Klaw", as it was read before Ost read English names.
    """
    if sheet is None:
        return None
    key = name_key(item.name)
    for known in sheet.wargear:
        if known.name_en and name_key(known.name_en) == key and name_key(known.name) != key:
            priced_option = item.points is not None and _owned_option(sheet, owner, item.name) is not None
            return None if priced_option else known
    return None


def _option_for(sheet: Datasheet, owner: str | None, name: str) -> WargearOption | None:
    """The option named for the model that takes it ("Boss Nob" and "Power Klaw": "boss-nob-power-klaw")."""
    if not owner:
        return None
    key = name_key(f"{owner} {name}")
    return next((o for o in sheet.options if key in (name_key(o.name), name_key(o.id))), None)


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
        kind_keys = [_kind_key(n) for n in (kind.name, kind.name_en) if n]
        if key in kind_keys:
            return kind
        score = max(max(fuzz.ratio(key, k), fuzz.token_set_ratio(key, k)) for k in kind_keys)
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
    if option_named(sheet, item.name):
        return True
    others = _keys(
        tuple(n for w in sheet.weapons for n in (w.name, w.name_en) if n)
        + tuple(n for a in sheet.abilities for n in (a.name, a.name_en) if n)
    )
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
    kinds = tuple(n for k in sheet.kinds for n in (k.name, k.name_en) if n)
    models = _keys(tuple(p.name for p in sheet.profiles) + kinds)
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


class Flags(msgspec.Struct):
    """Marks written as wargear: warlord, reserve, placeholder values."""

    warlord: bool = False
    reserve: bool = False
    placeholders: dict[str, str] = msgspec.field(default_factory=dict)
    #: Sub-faction choices written as gear ("Chapter: Ultramarines"): (sub-faction, value).
    subfactions: list[tuple[Subfaction, str]] = msgspec.field(default_factory=list)

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
