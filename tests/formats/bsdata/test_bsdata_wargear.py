"""Wargear of imported datasheets: loadouts, choices and their limits (issue 18).

On the fixture (tests/data/bsdata-wargear, one structure of the real data per entry) and the
13-file sample; the full release is in test_bsdata_full.py.
"""

from __future__ import annotations

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, TEST_DATA, added_unit_limits
from ost.core.catalogue import Datasheet, WargearGroup, WargearLimit
from ost.formats.bsdata import BsImport, read_bsdata

DATA = TEST_DATA
SYSTEM = DATA / "bsdata" / "Test System.gst"
ARMOURY = DATA / "bsdata-wargear" / "Wargear.cat"


@pytest.fixture(scope="module")
def armoury() -> BsImport:
    return read_bsdata([SYSTEM, ARMOURY])


def _sheet(result: BsImport, sheet_id: str) -> Datasheet:
    found = [s for s in result.datasheets if s.id == sheet_id]
    assert len(found) == 1, sheet_id
    return found[0]


def _names(sheet: Datasheet, ids: list[str]) -> list[str]:
    by_id = {item.id: item.name for item in sheet.wargear}
    return [by_id[i] for i in ids]


def _group(sheet: Datasheet, name: str, kinds: list[str] | None = None) -> WargearGroup:
    found = [g for g in sheet.choices if g.name == name and (kinds is None or g.kinds == kinds)]
    assert len(found) == 1, f"{name}: {[g.name for g in sheet.choices]}"
    return found[0]


def test_default_loadout_and_a_group_that_replaces_its_default(armoury: BsImport) -> None:
    troop = _sheet(armoury, "bs-armoury-w-troop")
    trooper = troop.kind_map["trooper"]
    # A mandatory entry and the default of a group that must be filled.
    assert {_names(troop, [i])[0]: n for i, n in trooper.loadout.items()} == {"Knife": 1, "Rifle": 1}
    guns = _group(troop, "Guns")
    assert guns.kinds == ["trooper"]
    assert _names(troop, guns.replaces) == ["Rifle"]
    assert _names(troop, guns.items) == ["Cannon", "Torch"]
    assert guns.limit == WargearLimit(min=0, max=1, per="model")
    items = {i.name: i for i in troop.wargear}
    assert (items["Cannon"].kind, items["Cannon"].points, items["Cannon"].weapons) == ("weapon", 10, ["Cannon"])
    assert items["Rifle"].points == 0  # free choices are items too


def test_one_per_n_models_from_a_repeat_and_from_a_set_at_a_threshold(armoury: BsImport) -> None:
    troop = _sheet(armoury, "bs-armoury-w-troop")
    guns = _group(troop, "Guns")
    limits = {_names(troop, [i])[0]: limit for i, limit in guns.item_limits.items()}
    # "max 0 on the unit, +1 for every 3 models": one per three.
    assert limits["Cannon"] == WargearLimit(max=1, per="unit", every=3)
    assert limits["Cannon"].bounds(6) == (0, 2) and limits["Cannon"].bounds(5) == (0, 1)
    # "max 1, set to 2 from 10 models" with 3 models at least: one per five.
    assert limits["Torch"] == WargearLimit(max=1, per="unit", every=5)


def test_a_variant_model_is_a_choice_of_its_kind(armoury: BsImport) -> None:
    troop = _sheet(armoury, "bs-armoury-w-troop")
    assert [k.id for k in troop.kinds] == ["trooper"]
    banner = _group(troop, "Trooper w/ Banner")
    assert _names(troop, banner.items) == ["Banner"]
    assert _names(troop, banner.replaces) == ["Rifle"]  # the banner bearer carries a knife and the banner
    assert banner.limit == WargearLimit(max=1, per="unit")


def test_relics_and_powers_are_the_unit_s_choices_and_another_catalogue_s_relic_is_left_out(armoury: BsImport) -> None:
    troop = _sheet(armoury, "bs-armoury-w-troop")
    relics = _group(troop, "Relics")
    assert relics.kinds == [] and relics.limit == WargearLimit(max=1, per="unit")
    assert _names(troop, relics.items) == ["Old Banner"]  # the Stolen Crown is hidden outside its catalogue
    assert {i.name: i.kind for i in troop.wargear}["Old Banner"] == "relic"
    assert next(i for i in troop.wargear if i.name == "Old Banner").text_en == "The bearer never flees."
    powers = _group(troop, "Psychic Powers")
    assert [i.kind for i in troop.wargear if i.id in powers.items] == ["psychic"]
    assert "Crown Blade" not in [w.name for w in troop.weapons]  # nor its weapon on the card


# --- the sample ------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sample() -> BsImport:
    if not BSDATA_SAMPLE.is_dir():
        pytest.skip(NO_SAMPLE)
    return read_bsdata([BSDATA_SAMPLE])


def _find(result: BsImport, faction: str, name: str) -> Datasheet:
    found = [s for s in result.datasheets if s.faction == faction and s.name == name]
    assert len(found) == 1, name
    return found[0]


@pytest.mark.bsdata
def test_the_tactical_squad_s_real_choices(sample: BsImport) -> None:
    squad = _find(sample, "bs-imperium-adeptus-astartes-ultramarines", "Tactical Squad")
    marine = squad.kind_map["space-marine"]
    assert sorted(_names(squad, list(marine.loadout))) == ["Bolt pistol", "Boltgun", "Frag & Krak grenades"]
    special = _group(squad, "Space Marine w/Special Weapon")
    assert _names(squad, special.replaces) == ["Boltgun"]
    assert {"Flamer", "Plasma gun", "Meltagun", "Grav-gun"} <= set(_names(squad, special.items))
    assert special.limit == WargearLimit(max=1, per="unit")
    heavy = _group(squad, "Space Marine w/Heavy Weapon")
    assert {"Missile launcher", "Heavy bolter", "Lascannon"} <= set(_names(squad, heavy.items))
    sergeant = squad.kind_map["space-marine-sergeant"]
    assert {"Bolt pistol", "Boltgun"} <= set(_names(squad, list(sergeant.loadout)))
    melee = _group(squad, "Melee Weapons")
    assert melee.kinds == ["space-marine-sergeant"] and "Power fist" in _names(squad, melee.items)


@pytest.mark.bsdata
def test_the_infantry_squad_s_real_choices(sample: BsImport) -> None:
    squad = _find(sample, "bs-imperium-astra-militarum", "Infantry Squad")
    assert _names(squad, list(squad.kind_map["guardsman"].loadout)) == ["Lasgun"]
    team = squad.kind_map["heavy-weapon-team"]
    assert "Heavy bolter" in _names(squad, list(team.loadout))
    heavy = _group(squad, "Astra Militarum Heavy Weapons")
    assert _names(squad, heavy.replaces) == ["Heavy bolter"]
    assert {"Mortar", "Lascannon", "Autocannon", "Missile launcher"} == set(_names(squad, heavy.items))
    special = _group(squad, "Guardsman W/ Special Weapon")
    assert _names(squad, special.replaces) == ["Lasgun"] and "Plasma gun" in _names(squad, special.items)
    vox = _group(squad, "Guardsman w/ Vox-caster")
    assert _names(squad, vox.items) == ["Vox-Caster"] and vox.limit.max == 1


@pytest.mark.bsdata
def test_relic_terminators_carry_their_weapons_and_each_model_chooses_its_own(sample: BsImport) -> None:
    """Groups under a model entry are that model's choices, whatever words the model's own name holds.

    The "Relic" of "Relic Terminator Sergeant" read as a relic made his weapon groups the unit's, their
    defaults carried by no one: a unit just added broke "Weapon Option 1: at least 1 in the unit".
    """
    squad = _find(sample, "bs-imperium-adeptus-astartes-ultramarines", "Relic Terminator Squad")
    sergeant = squad.kind_map["relic-terminator-sergeant"]
    terminator = squad.kind_map["relic-terminator"]
    assert sorted(_names(squad, list(sergeant.loadout))) == ["Combi-bolter", "Power fist"]
    # Two of the Terminator's "Weapon Options": the combi-bolter by its own minimum, the first free one with it.
    assert sorted(_names(squad, list(terminator.loadout))) == ["Combi-bolter", "Power fist"]
    first = _group(squad, "Weapon Option 1")
    assert first.kinds == ["relic-terminator-sergeant"] and _names(squad, first.replaces) == ["Power fist"]
    assert {"Power sword", "Chainfist", "Lightning Claw"} == set(_names(squad, first.items))
    assert first.limit == WargearLimit(max=1, per="model")
    second = _group(squad, "Weapon Option 2")
    assert second.kinds == ["relic-terminator-sergeant"] and _names(squad, second.replaces) == ["Combi-bolter"]
    assert _group(squad, "Weapon Options").kinds == ["relic-terminator"]
    assert {i.kind for i in squad.wargear} == {"weapon"}  # no relic among them
    # The card's weapon table: the "Relic" of the unit's name kept every profile under it off the datasheet.
    assert {"Power fist", "Combi-bolter", "Chainfist", "Plasma blaster, Standard"} <= {w.name for w in squad.weapons}
    for models in (squad.min_models, squad.max_models):
        assert added_unit_limits(squad, models) == []
    # The sergeant's plasma blaster is his own choice (one of Weapon Option 2, in place of his combi-bolter:
    # kept beside it, it is one too many); a Relic Terminator may not take it at all.
    (beside,) = added_unit_limits(squad, 5, extra="Plasma blaster", kind="relic-terminator-sergeant")
    assert "“Weapon Option 2”" in beside.message.en and "no choice" not in beside.message.en
    (finding,) = added_unit_limits(squad, 5, extra="Plasma blaster", kind="relic-terminator")
    assert "Relic Terminator porte « Plasma blaster », qu'aucun choix" in finding.message.fr
    assert "Relic Terminator carries “Plasma blaster”, which no choice" in finding.message.en


@pytest.mark.bsdata
def test_a_weapon_a_model_must_carry_is_no_relic_for_its_name(sample: BsImport) -> None:
    """The Royal Warden's "Relic Gauss Blaster" (a minimum of 1, a weapon profile) is his weapon, not a relic."""
    warden = _find(sample, "bs-necrons", "Royal Warden")
    (kind,) = warden.kinds
    assert _names(warden, list(kind.loadout)) == ["Relic Gauss Blaster"]
    blaster = next(i for i in warden.wargear if i.name == "Relic Gauss Blaster")
    assert blaster.kind == "weapon"
    assert "Relic Gauss Blaster" not in [g.name for g in warden.choices]
    assert added_unit_limits(warden, 1) == []  # "Relic Gauss Blaster: taken 0 times; at least 1" before


@pytest.mark.bsdata
def test_every_sample_datasheet_s_choices_name_its_items_and_kinds(sample: BsImport) -> None:
    with_choices = 0
    for sheet in sample.datasheets:
        items = {i.id for i in sheet.wargear}
        kinds = set(sheet.kind_map)
        for kind in sheet.kinds:
            assert set(kind.loadout) <= items, sheet.id
        for group in sheet.choices:
            assert set(group.items) <= items and set(group.replaces) <= items, sheet.id
            assert set(group.kinds) <= kinds, sheet.id
        names = [" ".join(w.name.split()).casefold() for w in sheet.weapons]
        assert len(names) == len(set(names)), sheet.id  # each weapon once
        with_choices += bool(sheet.choices)
    assert with_choices >= 500


# --- damage tables ---------------------------------------------------------------------------------------------------


@pytest.mark.bsdata
def test_a_vehicle_s_stars_take_the_top_row_of_its_damage_table(sample: BsImport) -> None:
    # The Chimera's profile says "*" for M, BS and A; its table is an entry of its own ("Stat Damage (Chimera)").
    chimera = _find(sample, "bs-imperium-astra-militarum", "Chimera")
    profile = chimera.profiles[0]
    assert (profile.m, profile.bs, profile.a) == ('12"', "4+", "3")
    baneblade = _find(sample, "bs-imperium-astra-militarum", "Baneblade")
    assert (baneblade.profiles[0].m, baneblade.profiles[0].bs, baneblade.profiles[0].a) == ('10"', "4+", "9")
    starred = [s for s in sample.datasheets if any("*" in (p.m + p.bs + p.a) for p in s.profiles)]
    assert len(starred) <= 7, [s.name for s in starred]  # 31 before


@pytest.mark.bsdata
@pytest.mark.parametrize(("models", "special", "legal"), [(5, 2, True), (5, 3, False), (10, 4, True), (10, 5, False)])
def test_a_variant_the_data_opens_per_five_models_is_checked_so(
    sample: BsImport, models: int, special: int, legal: bool
) -> None:
    """ "Tempestus Scion w/ Special Weapon": at most 0, raised by 2 for every 5 models (a repeat on the unit's models).

    Read before as "at most 0", unchecked: a squad could take none in the form and any number in a list.
    """
    from helpers import army_with, give
    from ost.core.catalogue import BandTable, Catalogue
    from ost.core.findings import Code
    from ost.core.validator import validate

    scions = _find(sample, "bs-imperium-astra-militarum", "Tempestus Scions")
    variant = _group(scions, "Tempestus Scion w/ Special Weapon")
    assert variant.limit == WargearLimit(max=2, per="unit", every=5)
    catalogue = Catalogue([scions], BandTable(bands=[]))
    army, unit_id = army_with(catalogue, scions.id, models)
    plasma = next(i for i in variant.items if scions.wargear_map[i].name == "Plasma gun")
    give(army, unit_id, catalogue, variant.id, plasma, special)
    broken = [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_LIMIT]
    if legal:
        assert broken == []
    else:
        (finding,) = broken
        assert "Tempestus Scion w/ Special Weapon" in finding.message.en
        assert f"taken {special} times; at most 2 for every 5 models in the unit" in finding.message.en
        assert f"pris {special} fois ; au plus 2 par tranche de 5" in finding.message.fr
