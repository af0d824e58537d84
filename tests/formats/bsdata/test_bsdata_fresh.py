"""Units added fresh from the real 13-file sample start with what the data gives them (Smite, a Warlord's mark).

The full release's Marks of Chaos are checked in test_bsdata_full.py.
"""

from __future__ import annotations

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, fresh_unit_breaks
from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Detachment, unit_points
from ost.core.catalogue import BandTable, Catalogue, Datasheet
from ost.core.findings import Code
from ost.core.validator import validate
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.lists.text import read_text

pytestmark = [pytest.mark.bsdata, pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)]


@pytest.fixture(scope="module")
def sample() -> BsImport:
    return read_bsdata([BSDATA_SAMPLE])


def _named(result: BsImport, faction: str, name: str) -> Datasheet:
    (sheet,) = [s for s in result.datasheets if s.faction == faction and s.name == name]
    return sheet


def test_no_datasheet_added_fresh_lacks_what_the_data_gives_it(sample: BsImport) -> None:
    broken = [line for sheet in sample.datasheets for line in fresh_unit_breaks(sheet)]
    assert broken == []
    # The sample's psykers take Smite, its must-be-warlords the warlord mark, and those were findings before.
    starts = {
        (s.name, tuple(c.name for c in ops.make_unit(ArmyList(), s).upgrades))
        for s in sample.datasheets
        if s.faction in ("bs-orks", "bs-necrons", "bs-imperium-adeptus-astartes-ultramarines")
    }
    assert ("Ghazghkull Thraka", ()) in starts  # the data's Warlord selection is the warlord mark (below)
    # His relic gun is a weapon he carries (his own name for it), not a pick the unit makes.
    assert ("Royal Warden", ()) in starts
    warden = _named(sample, "bs-necrons", "Royal Warden")
    assert [warden.wargear_map[i].name for i in warden.kinds[0].loadout] == ["Relic Gauss Blaster"]
    assert ("Librarian", ("Smite",)) in starts
    assert ("Boyz", ()) in starts


def test_a_relic_dreadnought_carries_the_weapons_the_data_fills_its_choice_with(sample: BsImport) -> None:
    contemptor = _named(sample, "bs-imperium-adeptus-astartes-ultramarines", "Relic Contemptor Dreadnought")
    (kind,) = contemptor.kinds
    assert {contemptor.wargear_map[i].name: n for i, n in kind.loadout.items()} == {"Heavy plasma cannon": 2}
    (weapons,) = [g for g in contemptor.choices if g.name == "Weapons"]
    assert weapons.kinds == [kind.id] and len(weapons.items) > 2
    unit = ops.make_unit(ArmyList(), contemptor)
    assert unit.upgrades == []
    catalogue = Catalogue([contemptor], BandTable(bands=[]))
    assert unit_points(unit, catalogue) == contemptor.points
    # Its name says "Relic": its guns are weapons all the same (no relic to take once per army).
    assert all(contemptor.wargear_map[i].kind == "weapon" for i in kind.loadout)


def test_the_choice_left_to_the_player_is_asked_for_in_both_languages(sample: BsImport) -> None:
    kill_rig = _named(sample, "bs-orks", "Kill Rig")
    (discipline,) = [g for g in kill_rig.choices if g.name == "Beasthead Discipline"]
    assert discipline.default is None and len(discipline.items) > 1 and discipline.limit.min == 2
    army = ArmyList(detachments=[Detachment(id="d1")])
    ops.add_unit(army, kill_rig, "d1")
    limits = [
        f for f in validate(Catalogue([kill_rig], BandTable(bands=[])), army).findings if "Beasthead" in f.message.en
    ]
    (finding,) = [f for f in limits if f.code is Code.WARGEAR_LIMIT]
    assert finding.message.en == "Kill Rig: “Beasthead Discipline”: taken 0 times; at least 2 in the unit."
    assert finding.message.fr == "Kill Rig : « Beasthead Discipline » : pris 0 fois ; au moins 2 dans l'unité."
    assert finding.fix is not None
    assert finding.fix.en == "Choose 2 more “Beasthead Discipline”."
    assert finding.fix.fr == "Choisissez encore 2 × « Beasthead Discipline »."


def test_two_royal_wardens_carry_their_own_relic_gun(sample: BsImport) -> None:
    warden = _named(sample, "bs-necrons", "Royal Warden")
    army = ArmyList(detachments=[Detachment(id="d1")])
    ops.add_unit(army, warden, "d1")
    ops.add_unit(army, warden, "d1")
    codes = {f.code for f in validate(Catalogue([warden], BandTable(bands=[])), army).findings}
    assert not {Code.WARGEAR_UNIQUE, Code.WARGEAR_LIMIT} & codes


def test_a_text_list_that_leaves_out_smite(sample: BsImport) -> None:
    librarian = _named(sample, "bs-imperium-adeptus-astartes-ultramarines", "Librarian")
    catalogue = Catalogue([librarian], BandTable(bands=[]))
    army, _ = read_text(
        "++ Patrol Detachment ++\n\n+ HQ +\n\nLibrarian [80 pts]: Force sword, Bolt pistol\n", catalogue
    )
    (unit,) = [u for _, u in army.units()]
    assert [c.name for c in unit.upgrades] == ["Smite"]
    assert not [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_LIMIT]


def test_what_a_squad_takes_once_is_the_squads_pick_and_swaps_in_one_step(sample: BsImport) -> None:
    """A Kasrkin squad's extra doctrine (a group under a unit of two kinds, one per unit, no weapon).

    Read before as something every model carried: five doctrines in a unit allowed one, and no other could be
    chosen. Now the squad takes one (the data's first), and another takes its place in one step.
    """
    from ost.core.wargear import upgrades_swapping_in, wargear_problems

    kasrkin = _named(sample, "bs-imperium-astra-militarum", "Kasrkin")
    (doctrine,) = [g for g in kasrkin.choices if g.name == "Extra Regimental Doctrine"]
    assert doctrine.kinds == [] and doctrine.limit.max == 1 and doctrine.limit.per == "unit"
    assert all(doctrine.default not in kind.loadout for kind in kasrkin.kinds)
    army = ArmyList(detachments=[Detachment(id="d1")])
    unit = ops.add_unit(army, kasrkin, "d1")
    assert [c.item for c in unit.upgrades] == [doctrine.default]
    assert wargear_problems(unit, kasrkin) == []
    other = next(i for i in doctrine.items if i != doctrine.default)
    after = upgrades_swapping_in(unit, kasrkin, other)
    assert after is not None and [c.item for c in after] == [other]
    catalogue = Catalogue([kasrkin], BandTable(bands=[]))
    ops.swap_upgrade(army, unit.id, catalogue, other)
    assert not [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_LIMIT]


def test_a_model_variant_capped_in_the_unit_by_the_unit_s_own_constraint_is_checked(sample: BsImport) -> None:
    """A variant whose maximum names the unit entry as its scope ("Vigilant (Webber)": 1 in the squad).

    Read before as having no maximum: five webbers in a Vigilant Squad were no finding. One is fine; two are one
    too many, said in both languages.
    """
    from helpers import give

    squad = _named(sample, "bs-imperium-agents-of-the-imperium", "Vigilant Squad")
    variants = {g.name: g for g in squad.choices if g.marks}
    for name in ("Vigilant (Webber)", "Vigilant (Heavy Stubber)", "Vigilant (Executioner Shotgun)"):
        assert (variants[name].limit.max, variants[name].limit.per, variants[name].limit.verified) == (1, "unit", True)
    kasrkin = _named(sample, "bs-imperium-astra-militarum", "Kasrkin")
    (vox,) = [g for g in kasrkin.choices if g.name == "Kasrkin w/ Vox-caster"]
    assert (vox.limit.max, vox.limit.per) == (1, "unit")
    catalogue = Catalogue([squad], BandTable(bands=[]))
    webber = variants["Vigilant (Webber)"]
    for models, broken in ((1, False), (2, True)):
        army = ArmyList(detachments=[Detachment(id="d1")])
        unit = ops.add_unit(army, squad, "d1")
        give(army, unit.id, catalogue, webber.id, webber.items[0], models)
        found = [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_LIMIT]
        assert bool(found) is broken, found
        if broken:
            (finding,) = found
            assert finding.message.en == "Vigilant Squad: “Vigilant (Webber)”: taken 2 times; at most 1 in the unit."
            assert finding.message.fr == (
                "Vigilant Squad : « Vigilant (Webber) » : pris 2 fois ; au plus 1 dans l'unité."
            )


def test_a_character_the_data_makes_lead_the_army_is_its_warlord(sample: BsImport) -> None:
    """Ghazghkull must take the data's "Warlord" selection: a new Ghazghkull is the list's warlord (no WARLORD-NONE)."""
    ghaz = _named(sample, "bs-orks", "Ghazghkull Thraka")
    boyz = _named(sample, "bs-orks", "Boyz")
    army = ArmyList(detachments=[Detachment(id="d1")])
    assert not ops.add_unit(army, boyz, "d1").warlord
    unit = ops.add_unit(army, ghaz, "d1")
    assert unit.warlord and unit.upgrades == []  # the mark, not an upgrade beside it
    catalogue = Catalogue([ghaz, boyz], BandTable(bands=[]))
    codes = {f.code for f in validate(catalogue, army).findings}
    assert Code.WARLORD_NONE not in codes and Code.WARGEAR_LIMIT not in codes
    # He must lead: without the mark, the data's Warlord choice asks for it.
    ops.set_flag(army, unit.id, "warlord", False)
    (finding,) = [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_LIMIT]
    assert "“Warlord”: taken 0 times; at least 1" in finding.message.en
    assert "« Warlord » : pris 0 fois ; au moins 1" in finding.message.fr
