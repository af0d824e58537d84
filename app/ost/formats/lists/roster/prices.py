"""A unit's upgrades matched to its datasheet's options, with every price the roster states that differs."""

from __future__ import annotations

import msgspec

from ost.core.armylist import (
    StatedOption,
)
from ost.core.catalogue import (
    Datasheet,
    WargearOption,
    WeaponProfile,
)
from ost.formats.lists.reading import (
    ExtraOption,
    PriceNote,
    ReadingReport,
    match_option,
    name_key,
)
from ost.formats.lists.roster.elements import weapon_of
from ost.formats.lists.roster.loadout import catalogue_item
from ost.formats.lists.roster.walk import UnitGear


class Options(msgspec.Struct):
    """A unit's wargear as the list keeps it: the datasheet's options, options it lacks, free gear noted."""

    options: dict[str, int] = msgspec.field(default_factory=dict)
    extra: list[StatedOption] = msgspec.field(default_factory=list)
    noted: list[str] = msgspec.field(default_factory=list)


def options_of(
    report: ReadingReport, sheet: Datasheet | None, gear: UnitGear, models: int, where: str, unit_id: str
) -> Options:
    """Wargear matched to the datasheet's options; priced or model wargear it lacks kept as stated."""
    found = Options()
    for gear_name, count in gear.counts.items():
        stated = max(0, round(gear.points.get(gear_name, 0.0)))
        item = catalogue_item(sheet, gear.ids.get(gear_name, []), gear_name) if sheet is not None else None
        # A datasheet with choices prices its wargear items in the loadout: not its older option counters too.
        option = _gear_option(sheet, gear, gear_name) if sheet is not None and not (item and sheet.choices) else None
        if option is not None:
            if option.per_model and option.points and stated and stated % option.points == 0:
                # A per-model price stated once for the unit: it was taken by that many models.
                count = min(max(count, stated // option.points), max(count, models))
            found.options[option.id] = found.options.get(option.id, 0) + count
            if stated and stated != option.points * count:
                report.prices.append(_option_note(where, unit_id, option.name, count, stated, option.points))
        elif item is not None:
            # A wargear item of the catalogue, whatever its price there: the unit's loadout carries and
            # prices it; a price the roster states beside the catalogue's is a price difference.
            if stated and stated != item.points * count:
                report.prices.append(_option_note(where, unit_id, gear_name, count, stated, item.points))
        elif sheet is not None and (stated or gear_name in gear.models):
            weapons: list[WeaponProfile] = []
            for weapon in map(weapon_of, gear.weapons.get(gear_name, [])):
                if weapon is not None and weapon not in weapons:
                    weapons.append(weapon)
            extra = StatedOption(name=gear_name, count=count, points=stated, weapons=weapons)
            found.extra.append(extra)
            report.extras.append(ExtraOption(where=where, unit_id=unit_id, text=gear_name, count=count, points=stated))
        else:
            found.noted.append(f"{gear_name} ×{count}" if count > 1 else gear_name)
    return found


def _option_note(where: str, unit_id: str, name: str, count: int, stated: int, each: int) -> PriceNote:
    text = f"{name} ×{count}" if count > 1 else name
    return PriceNote(where=where, unit_id=unit_id, text=text, stated=stated, priced=each * count, option=True)


def _gear_option(sheet: Datasheet, gear: UnitGear, name: str) -> WargearOption | None:
    """The datasheet's option an upgrade is: by BattleScribe id, then by name.

    An upgrade inside a model's selection may be named for that model in the
    catalogue ("Boss Nob – Power Klaw", ``boss-nob-power-klaw``) while the
    roster calls it "Power Klaw": the owner's name then qualifies it.
    """
    ids = set(gear.ids.get(name, ()))
    if ids:
        for option in sheet.options:
            if option.id in ids:
                return option
    owner = gear.owners.get(name)
    qualified = f"{owner} {name}" if owner else None
    if qualified is not None:
        key = name_key(qualified)
        for option in sheet.options:
            if key in (name_key(option.name), name_key(option.id)):
                return option
    # Not the qualified name loosely: "Boss Nob Choppa" is close to "Boss Nob – Big Choppa" and is not it.
    return match_option(sheet, name)
