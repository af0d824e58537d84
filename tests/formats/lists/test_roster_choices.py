"""A roster's pick lands in the choice it was taken through (``entryGroupId``), and counts there (13-file sample).

BattleScribe writes on each selection the group it was taken in: ``entryGroupId``, the ids leading to
it joined by ``::`` (the unit's link, the group's link, the group). The fragments below are written
as BattleScribe 2.03 writes them, with the ids of the T'au Empire data of the sample (revision 147,
the full release's): a Commander in Crisis Battlesuit reaches its "Commander Wargear - Slot 2" through
the link 5233-… to the shared group b4c7-…, and its Counterfire Defence System through the group's
link cf54-… to the shared entry 37b2-…. Each slot holds at most one Counterfire Defence System.

Beside them, two limits the checks missed: a Crisis suit's weapons on its three slots (its Support
System holds none), and a Captain's Chapter Master written among his unit's upgrades.
"""

from __future__ import annotations

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, sheet_named
from ost.core.armylist import ArmyList, Carried, Detachment, ModelGroup, Unit, snapshot_of
from ost.core.catalogue import BandTable, Catalogue, Datasheet, Faction
from ost.core.findings import Code
from ost.core.wargear import choice_taken, default_wargear, wargear_findings, wargear_problems
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.lists.roster import read_roster

pytestmark = [pytest.mark.bsdata, pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)]

_NS = "http://www.battlescribe.net/schema/rosterSchema"
_UNIT_LINK = "dc01-4d7c-1cd4-ccc0"
#: The Commander's slots as the data reaches them: (the group's link, the group, the link to the CDS inside it).
_SLOTS = {
    "Slot 2": ("5233-0d10-7fc2-e644", "b4c7-fdf8-20bb-b25a", "cf54-a2d0-b386-9678"),
    "Slot 3": ("4881-259c-9129-48d9", "8c57-1e90-d421-7c13", "8525-bc3e-d748-343d"),
}
_CDS = "37b2-6c11-d0b8-cd39"


@pytest.fixture(scope="module")
def sample() -> BsImport:
    return read_bsdata([BSDATA_SAMPLE])


def _sheet(sample: BsImport, name: str) -> Datasheet:
    return sheet_named(sample.datasheets, name)


def _catalogue(sheet: Datasheet) -> Catalogue:
    return Catalogue([sheet], BandTable(bands=[]), [], [Faction(id=sheet.faction, name="T'au Empire")])


def _cds(number: int, slot: str | None, selection_id: str) -> str:
    """A Counterfire Defence System taken in ``slot`` (None: a roster that does not say where)."""
    if slot is None:
        link, group, inner = _SLOTS["Slot 2"][0], None, _SLOTS["Slot 2"][2]
    else:
        link, group, inner = _SLOTS[slot]
    where = f' entryGroupId="{_UNIT_LINK}::{link}::{group}"' if group is not None else ""
    return (
        f'<selection id="{selection_id}" name="Counterfire Defence System" '
        f'entryId="{_UNIT_LINK}::{link}::{inner}::{_CDS}"{where} number="{number}" type="upgrade">'
        '<costs><cost name="pts" typeId="points" value="0.0"/></costs></selection>'
    )


def _commander_roster(*picks: str) -> bytes:
    unit = (
        '<selection id="s1" name="Commander in Crisis Battlesuit" '
        f'entryId="{_UNIT_LINK}::7f8e-4026-6462-8e74" number="1" type="model">'
        f"<selections>{''.join(picks)}</selections>"
        '<costs><cost name="pts" typeId="points" value="120.0"/></costs>'
        '<categories><category id="c1" name="HQ" entryId="848a6ff2-0def-4c72-8433-ff7da70e6bc7" primary="true"/>'
        "</categories></selection>"
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><roster id="r" name="Vior\'la" '
        f'battleScribeVersion="2.03" xmlns="{_NS}"><forces><force id="f" name="Patrol Detachment -2CP" '
        'entryId="x" catalogueId="c0bb-c0cd-a715-99c6" catalogueRevision="147" catalogueName="T\'au Empire">'
        f"<selections>{unit}</selections></force></forces></roster>"
    ).encode()


def _slot(sheet: Datasheet, name: str) -> str:
    return next(g.id for g in sheet.choices if g.name == f"Commander Wargear - {name}")


def test_a_commander_s_two_systems_each_land_in_the_slot_the_roster_names(sample: BsImport) -> None:
    sheet = _sheet(sample, "Commander in Crisis Battlesuit")
    catalogue = _catalogue(sheet)
    army, _ = read_roster(_commander_roster(_cds(1, "Slot 2", "a"), _cds(1, "Slot 3", "b")), catalogue)
    (unit,) = [u for _, u in army.units()]
    (group,) = unit.loadout
    (cds,) = [c for c in group.wargear if c.item == _CDS]
    assert cds.count == 2
    assert cds.taken_in == {_slot(sheet, "Slot 2"): 1, _slot(sheet, "Slot 3"): 1}
    for slot in ("Slot 2", "Slot 3"):
        assert choice_taken(sheet, sheet.choice_map[_slot(sheet, slot)], group.kind, group.wargear) == {_CDS: 1}
    # Legal: one system in each slot. Read without the record, every slot counted both (a false WARGEAR-LIMIT).
    assert wargear_findings(army, catalogue) == []
    forgot = unit.model_copy(
        update={
            "loadout": [
                group.model_copy(update={"wargear": [c.model_copy(update={"taken_in": {}}) for c in group.wargear]})
            ]
        }
    )
    assert {p.group for p in wargear_problems(forgot, sheet)} >= {_slot(sheet, "Slot 2"), _slot(sheet, "Slot 3")}


def test_two_systems_in_one_slot_are_still_one_too_many(sample: BsImport) -> None:
    sheet = _sheet(sample, "Commander in Crisis Battlesuit")
    catalogue = _catalogue(sheet)
    army, _ = read_roster(_commander_roster(_cds(2, "Slot 2", "a")), catalogue)
    (unit,) = [u for _, u in army.units()]
    assert unit.loadout[0].wargear[-1].taken_in == {_slot(sheet, "Slot 2"): 2}
    problems = wargear_problems(unit, sheet)
    # The slot's own bound (one item) and the system's (one per slot): the other slots are left alone.
    assert [(p.problem, p.group, p.item, p.bound, p.count) for p in problems] == [
        ("over", _slot(sheet, "Slot 2"), None, 1, 2),
        ("over", _slot(sheet, "Slot 2"), _CDS, 1, 2),
    ]
    found = wargear_findings(army, catalogue)[0]
    assert found.code is Code.WARGEAR_LIMIT
    assert "Commander in Crisis Battlesuit" in found.message("en")
    assert "Commander Wargear - Slot 2" in found.message("en") and "carries 2" in found.message("en")
    assert "Commander Wargear - Slot 2" in found.message("fr") and "en porte 2" in found.message("fr")


def test_a_roster_that_does_not_say_is_checked_as_before(sample: BsImport) -> None:
    sheet = _sheet(sample, "Commander in Crisis Battlesuit")
    catalogue = _catalogue(sheet)
    army, _ = read_roster(_commander_roster(_cds(1, None, "a"), _cds(1, None, "b")), catalogue)
    (unit,) = [u for _, u in army.units()]
    assert all(not c.taken_in for g in unit.loadout for c in g.wargear)
    assert {p.group for p in wargear_problems(unit, sheet)} >= {_slot(sheet, "Slot 2")}


def test_a_group_of_another_data_revision_places_nothing(sample: BsImport) -> None:
    # The T'au roster of ../shared/rosters-9e (data revision 97) names a group the data no longer has.
    sheet = _sheet(sample, "Commander in Crisis Battlesuit")
    pick = (
        _cds(1, "Slot 2", "a")
        .replace("b4c7-fdf8-20bb-b25a", "d769-8d18-8cc8-8409")
        .replace("5233-0d10-7fc2-e644", "e843-a93e-2bdd-ac16")
    )
    army, _ = read_roster(_commander_roster(pick), _catalogue(sheet))
    (unit,) = [u for _, u in army.units()]
    (cds,) = [c for g in unit.loadout for c in g.wargear if c.item == _CDS]
    assert cds.taken_in == {}


# --- a Crisis suit's slots: its Support System holds no weapon ---------------------------------------------


def _crisis_unit(sheet: Datasheet, shas_ui: list[str]) -> Unit:
    names = {i.name: i for i in sheet.wargear}
    wargear = [Carried(item=names[n].id, name=n, kind=names[n].kind) for n in shas_ui]
    burst = Carried(item=names["Burst Cannon"].id, name="Burst Cannon", kind="weapon")
    loadout = [
        ModelGroup(kind="crisis-shas-ui", count=1, wargear=wargear),
        ModelGroup(kind="crisis-shas-vre", count=1, wargear=[burst]),
    ]
    composition = {"crisis-shas-ui": 1, "crisis-shas-vre": 1}
    return Unit(
        id="u1", datasheet=sheet.id, snapshot=snapshot_of(sheet), models=2, composition=composition, loadout=loadout
    )


@pytest.mark.parametrize(
    ("carried", "broken"),
    [
        (["Plasma Rifle", "Fusion Blaster", "Missile Pod"], False),  # its three slots
        (["Plasma Rifle", "Fusion Blaster", "Missile Pod", "Multi-tracker"], False),  # and its Support System
        (["Plasma Rifle", "Fusion Blaster", "Multi-tracker", "Target Lock"], False),  # two systems: one in a slot
        (["Plasma Rifle", "Fusion Blaster", "Missile Pod", "T'au Flamer"], True),  # a fourth weapon
        (["Burst Cannon", "Plasma Rifle", "Fusion Blaster"], False),  # its default kept, two slots filled
        (["Burst Cannon", "Plasma Rifle", "Fusion Blaster", "Missile Pod"], True),  # and a third
    ],
)
def test_a_crisis_suit_carries_no_more_weapons_than_its_slots(
    sample: BsImport, carried: list[str], broken: bool
) -> None:
    sheet = _sheet(sample, "XV8 Crisis Battlesuits")
    unit = _crisis_unit(sheet, carried)
    problems = wargear_problems(unit, sheet)
    assert bool(problems) is broken
    if broken:
        slots = {sheet.choice_map[p.group or ""].name for p in problems}
        assert slots == {f"Crisis Wargear - Slot {n}" for n in (1, 2, 3)}
        catalogue = _catalogue(sheet)
        army = ArmyList(detachments=[Detachment(id="d1", units=[unit])])
        found = wargear_findings(army, catalogue)
        assert found and all(f.code is Code.WARGEAR_LIMIT for f in found)
        english, french = found[0].message("en"), found[0].message("fr")
        assert "XV8 Crisis Battlesuits" in english and "Crisis Wargear - Slot" in english and "at most" in english
        assert "Crisis Wargear - Slot" in french and "au plus" in french


# --- a lone model's own picks held among the unit's upgrades count as his -----------------------------------


def _captain(sheet: Datasheet, on_model: int, beside: int) -> Unit:
    (master,) = [i for i in sheet.wargear if i.name == "Chapter Command: Chapter Master"]
    pick = Carried(item=master.id, name=master.name, kind=master.kind)
    wargear = default_wargear(sheet, "captain") + ([pick.model_copy(update={"count": on_model})] if on_model else [])
    upgrades = [pick.model_copy(update={"count": beside})] if beside else []
    return Unit(
        id="u1",
        datasheet=sheet.id,
        snapshot=snapshot_of(sheet),
        models=1,
        loadout=[ModelGroup(kind="captain", count=1, wargear=wargear)],
        upgrades=upgrades,
    )


@pytest.mark.parametrize(
    ("on_model", "beside", "count"), [(1, 0, None), (0, 1, None), (1, 1, 2), (1, 2, 3), (0, 2, 2), (2, 0, 2)]
)
def test_a_captain_takes_one_chapter_master_wherever_the_list_writes_it(
    sample: BsImport, on_model: int, beside: int, count: int | None
) -> None:
    sheet = _sheet(sample, "Captain")
    unit = _captain(sheet, on_model, beside)
    problems = wargear_problems(unit, sheet)
    if count is None:
        assert problems == []
        return
    assert {(p.problem, sheet.choice_map[p.group or ""].name, p.bound, p.count) for p in problems} == {
        ("over", "Command Options", 1, count)
    }
    found = wargear_findings(ArmyList(detachments=[Detachment(id="d1", units=[unit])]), _catalogue(sheet))
    assert found and found[0].code is Code.WARGEAR_LIMIT
    assert found[0].message("en").startswith("Captain: “Command Options”: Captain carries")
    assert "at most 1 per model" in found[0].message("en")
    assert "« Command Options »" in found[0].message("fr") and "au plus 1 par figurine" in found[0].message("fr")
