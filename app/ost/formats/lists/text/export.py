"""Ost lists written as text, in the BattleScribe-like form the text reader reads back."""

from __future__ import annotations

from ost.core.armylist import ArmyList, Carried, Unit, unit_points
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.i18n import pick
from ost.core.roles import Role
from ost.core.subfactions import subfaction_of_placeholder
from ost.core.text import fold, is_placeholder


def _custom(name: str | None) -> str:
    return f" « {name} »" if name else ""


def export_text(army: ArmyList, catalogue: Catalogue, lang: str = "fr", *, as_priced: bool = False) -> str:
    """An Ost list as BattleScribe-like text that :func:`read_text` reads back.

    Detachments, units (in order), model counts and the models of each kind,
    options, options the catalogue lacks (with their stated price), custom
    names, warlord and reserve marks, placeholder values and prices survive
    the round trip. Transports and linked characters do not (the text has no
    way to say them), nor the units' notes.

    The prices written are the ones Ost counts: the catalogue's, as the check,
    the window and the army sheet count them, the title's total their sum (a
    list read from another program may have stated others: the text then
    states Ost's, and reads back without them). With ``as_priced`` (the
    check's ``--as-priced``, the window's *List prices*), a unit's price is
    the one its list stated, else Ost's, and the title's total the list's
    stated total, else the sum of the prices written.
    """
    prices = {id(u): unit_points(u, catalogue, as_priced=as_priced) for _, u in army.units()}
    stated = army.stated_total if as_priced else None
    total = stated if stated is not None else sum(prices.values())
    out = [f"+++ {_clean(army.name) or pick(lang, fr='Liste', en='List')} [{total} pts] +++"]
    if army.points_limit is not None:
        out.append(pick(lang, fr=f"Limite de points : {army.points_limit}", en=f"Points limit: {army.points_limit}"))
    for index, detachment in enumerate(army.detachments, 1):
        det_points = sum(prices[id(u)] for u in detachment.units)
        default = pick(lang, fr=f"Détachement {index}", en=f"Detachment {index}")
        out += ["", f"++ {_clean(detachment.name) or default} [{det_points} pts] ++"]
        role: Role | None = None
        for unit in detachment.units:
            sheet = catalogue.get(unit.datasheet)
            unit_role = sheet.role if sheet is not None else unit.snapshot.role
            if unit_role is not role:
                role = unit_role
                out += ["", f"+ {role.label(lang)} +", ""]
            out += _unit_lines(unit, sheet, prices[id(unit)], lang)
    return "\n".join(out) + "\n"


def _clean(text: str) -> str:
    """Text safe inside a line of the export (no line breaks, no "+" fences, no brackets)."""
    return " ".join(text.replace("[", "(").replace("]", ")").split()).strip("+ ")


def _counted(count: int, name: str) -> str:
    return f"{count}x {name}" if count != 1 else name


def _item_name(item: Carried, sheet: Datasheet | None, lang: str) -> str:
    """A carried thing's name for a reader of ``lang``: the catalogue's English name where it has one."""
    known = sheet.wargear_map.get(item.item) if sheet is not None and item.item else None
    return known.name_en if known is not None and lang == "en" and known.name_en else item.name


def _carried(item: Carried, sheet: Datasheet | None, lang: str) -> str:
    """One carried thing as BattleScribe's export writes it; a carried model (a drone) with its weapons."""
    text = _counted(item.count, _clean(_item_name(item, sheet, lang)))
    if item.kind == "wargear" and item.weapons and all(w.name != item.name for w in item.weapons):
        text += " (" + ", ".join(_clean(w.label(lang)) for w in item.weapons) + ")"
    return text


def _loadout_lines(unit: Unit, sheet: Datasheet | None, name: str, lang: str) -> list[str]:
    """One line per group of identical models, with what each model carries (BattleScribe's model lines).

    A one-model unit whose model is the unit itself is written as one model line all the same,
    so that its weapons are read back as its gear. A model's name the list gave (a variant,
    "Grey Knight (Falchions)") is written as given; the catalogue's kinds in ``lang``.
    """
    kinds = {k.id: k.label(lang) for k in sheet.kinds} if sheet is not None else {}
    lines = []
    for group in unit.loadout:
        model = _clean(group.name or kinds.get(group.kind, group.kind)) or name
        line = f". {group.count}x {model}"
        if group.wargear:
            line += ": " + ", ".join(_carried(c, sheet, lang) for c in group.wargear)
        lines.append(line)
    return lines


def _placeholder(placeholder: str, sheet: Datasheet | None, lang: str) -> str:
    """A datasheet's placeholder keyword for a reader of ``lang``: "<CHAPTER>" for "<CHAPITRE>" in English.

    Only a placeholder of the datasheet's own that names a known sub-faction: the reader gives it back
    to the datasheet's keyword of the same sub-faction.
    """
    kind = subfaction_of_placeholder(placeholder)
    if lang != "en" or kind is None or sheet is None or placeholder not in sheet.faction_placeholders:
        return placeholder
    return f"<{kind.name.upper()}>"


def _option_names(sheet: Datasheet, lang: str) -> dict[str, str]:
    """The options' names for a reader of ``lang`` (an option's English is its item's, where an item shares its id)."""
    items = sheet.wargear_map
    return {
        o.id: (items[o.id].name_en if lang == "en" and o.id in items and items[o.id].name_en else o.name)
        for o in sheet.options
    }


def _unit_lines(unit: Unit, sheet: Datasheet | None, price: int, lang: str) -> list[str]:
    name = _clean(sheet.label(lang) if sheet is not None else unit.snapshot.name)
    gear: list[str] = []
    if sheet is not None:
        names = _option_names(sheet, lang)
        for option_id, count in unit.options.items():
            gear.append(_counted(count, _clean(names.get(option_id, option_id))))
    written = {fold(g) for g in gear}
    for extra in unit.extra_options:
        bare = _counted(extra.count, _clean(extra.name))
        gear.append(f"{bare} [{extra.points} pts]")
        written.add(fold(bare))  # the reader keeps such an upgrade twice: priced here, described in upgrades
    for upgrade in unit.upgrades:
        text = _carried(upgrade, sheet, lang)
        if fold(text) not in written:
            written.add(fold(text))
            gear.append(text)
    if unit.warlord:
        gear.append(pick(lang, fr="Seigneur de guerre", en="Warlord"))
    if unit.reserve:
        gear.append(pick(lang, fr="Réserve", en="Reserve"))
    for placeholder, value in unit.placeholders.items():
        if is_placeholder(placeholder) and value.strip():
            gear.append(f"{_placeholder(placeholder, sheet, lang)} = {_clean(value)}")
    custom = unit.custom_name.replace("»", "").replace("«", "") if unit.custom_name else None
    head = f"{name}{_custom(_clean(custom) if custom else None)} [{price} pts]"
    lines = [head + (": " + ", ".join(gear) if gear else "")]
    if unit.loadout:
        return lines + _loadout_lines(unit, sheet, name, lang)
    if sheet is not None and len(sheet.kinds) > 1:
        # One line per kind; a leading kind with none is written too, so it is not taken for the unit's own line.
        counts = sheet.composition(unit.models, unit.composition)
        for kind in sheet.kinds:
            if counts[kind.id] or kind.min:
                lines.append(f". {counts[kind.id]}x {_clean(kind.label(lang))}")
        if len(lines) == 1:
            lines.append(f". 0x {_clean(sheet.kinds[sheet.bulk_index].label(lang))}")
        return lines
    single = sheet.max_models == 1 if sheet is not None else False
    if not (single and unit.models == 1) and not (sheet is None and unit.models == 1):
        lines.append(f". {unit.models}x {name}")
    return lines
