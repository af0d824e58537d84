"""Two choices of one datasheet offering the same item: a pick is the choice's it was made in (13-file sample).

A Leviathan Dreadnought's "Right Arm" and "Left Arm" offer the same four weapons; an XV8 Crisis
suit's "Slot 2" offers every item of its "Support System". What a model carries says which items it
holds, not which choice each came through: the form records it (``Carried.taken_in``), so each box
shows its own picks, and a pick in one choice leaves the other's alone. The checks below do not depend
on it: where it places only some of a model's picks, a model's limits are what its choices allow
together (where it places all of a choice's picks, the choice's own bound holds: test_roster_choices.py).
"""

from __future__ import annotations

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, sheet_named
from ost.core import listfile, sharecode
from ost.core.armylist import ArmyList, Carried, Detachment, ModelGroup, Unit, snapshot_of
from ost.core.catalogue import BandTable, Catalogue, Datasheet
from ost.core.wargear import apply_choice, choice_taken, default_loadout, wargear_problems
from ost.formats.bsdata import BsImport, read_bsdata

pytestmark = [pytest.mark.bsdata, pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)]


@pytest.fixture(scope="module")
def sample() -> BsImport:
    return read_bsdata([BSDATA_SAMPLE])


def _sheet(sample: BsImport, name: str) -> Datasheet:
    return sheet_named(sample.datasheets, name)


def _shown(sheet: Datasheet, group: ModelGroup) -> dict[str, dict[str, int]]:
    """What each of the model's choices shows, by name: item name -> count (empty choices left out)."""
    names = {item.id: item.name for item in sheet.wargear}
    out = {}
    for choice in sheet.choices:
        if group.kind in choice.kinds:
            took = choice_taken(sheet, choice, group.kind, group.wargear)
            if took:
                out[choice.name] = {names[i]: n for i, n in took.items()}
    return out


def _ids(sheet: Datasheet) -> tuple[dict[str, str], dict[str, str]]:
    return {i.name: i.id for i in sheet.wargear}, {g.name: g.id for g in sheet.choices}


def _forgetting(loadout: list[ModelGroup]) -> list[ModelGroup]:
    """The same loadout as a list that does not say which choice each pick came through."""
    return [
        g.model_copy(update={"wargear": [c.model_copy(update={"taken_in": {}}) for c in g.wargear]}) for g in loadout
    ]


def test_a_leviathan_s_right_arm_pick_is_its_own(sample: BsImport) -> None:
    sheet = _sheet(sample, "Leviathan Dreadnought")
    item, choice = _ids(sheet)
    loadout = default_loadout(sheet, {sheet.kinds[0].id: 1})
    right = apply_choice(loadout, sheet, 0, 1, choice["Right Arm"], item["Storm cannon array"])
    assert _shown(sheet, right[0]) == {"Right Arm": {"Storm cannon array": 1}}
    both = apply_choice(right, sheet, 0, 1, choice["Left Arm"], item["Leviathan siege claw"])
    assert _shown(sheet, both[0]) == {"Right Arm": {"Storm cannon array": 1}, "Left Arm": {"Leviathan siege claw": 1}}
    assert "Grav-flux bombard" not in {c.name for c in both[0].wargear}
    # Giving the Right Arm's pick up gives one bombard back; the Left Arm keeps its claw.
    back = apply_choice(both, sheet, 0, 1, choice["Right Arm"], None)
    assert _shown(sheet, back[0]) == {"Left Arm": {"Leviathan siege claw": 1}}
    assert {c.name: c.count for c in back[0].wargear}["Grav-flux bombard"] == 1
    # A list that does not say (written before, or by another program) is shared out by name, as before.
    assert _shown(sheet, _forgetting(right)[0]) == {"Left Arm": {"Storm cannon array": 1}}
    # Illegal side: a third arm weapon is over the arms' limits, with or without the record.
    third = Carried(item=item["Cyclonic melta lance"], name="Cyclonic melta lance", kind="weapon")
    over = [both[0].model_copy(update={"wargear": [*both[0].wargear, third]})]
    for groups, broken in ((both, False), (over, True)):
        unit = Unit(id="u1", datasheet=sheet.id, snapshot=snapshot_of(sheet), models=1, loadout=groups)
        forgot = unit.model_copy(update={"loadout": _forgetting(groups)})
        assert bool(wargear_problems(unit, sheet)) is broken
        assert wargear_problems(unit, sheet) == wargear_problems(forgot, sheet)


def test_a_crisis_suit_s_support_system_pick_stays_when_slot_2_takes_a_weapon(sample: BsImport) -> None:
    sheet = _sheet(sample, "XV8 Crisis Battlesuits")
    item, _ = _ids(sheet)
    choice = {g.name: g.id for g in sheet.choices if "crisis-shas-ui" in g.kinds}
    loadout = default_loadout(sheet, {"crisis-shas-ui": 1})
    tracker = apply_choice(loadout, sheet, 0, 1, choice["Crisis Wargear - Support System"], item["Multi-tracker"])
    assert _shown(sheet, tracker[0]) == {"Crisis Wargear - Support System": {"Multi-tracker": 1}}
    pod = apply_choice(tracker, sheet, 0, 1, choice["Crisis Wargear - Slot 2"], item["Missile Pod"])
    assert {c.name: c.count for c in pod[0].wargear} == {"Burst Cannon": 1, "Missile Pod": 1, "Multi-tracker": 1}
    assert _shown(sheet, pod[0]) == {
        "Crisis Wargear - Slot 2": {"Missile Pod": 1},
        "Crisis Wargear - Support System": {"Multi-tracker": 1},
    }
    # The checks do not depend on the record.
    unit = Unit(id="u1", datasheet=sheet.id, snapshot=snapshot_of(sheet), models=1, loadout=pod)
    forgot = unit.model_copy(update={"loadout": _forgetting(pod)})
    assert wargear_problems(unit, sheet) == wargear_problems(forgot, sheet) == []


def test_the_choice_a_pick_came_through_is_saved_and_shared(sample: BsImport) -> None:
    sheet = _sheet(sample, "Leviathan Dreadnought")
    item, choice = _ids(sheet)
    loadout = apply_choice(
        default_loadout(sheet, {sheet.kinds[0].id: 1}), sheet, 0, 1, choice["Right Arm"], item["Storm cannon array"]
    )
    unit = Unit(id="u1", datasheet=sheet.id, snapshot=snapshot_of(sheet), models=1, loadout=loadout)
    army = ArmyList(detachments=[Detachment(id="d1", units=[unit])])
    catalogue = Catalogue([sheet], BandTable(bands=[]))
    text = listfile.dumps(army)
    assert text.count('"taken_in"') == 1  # only where a choice is known: other entries write no such key
    for back in (listfile.parse(text), sharecode.decode(sharecode.encode(army, catalogue), catalogue)):
        group = back.detachments[0].units[0].loadout[0]
        assert _shown(sheet, group) == {"Right Arm": {"Storm cannon array": 1}}
    plain = ArmyList(
        detachments=[Detachment(id="d1", units=[unit.model_copy(update={"loadout": _forgetting(loadout)})])]
    )
    assert '"taken_in"' not in listfile.dumps(plain)  # a list without any is written as before


def test_every_pick_shows_on_its_own_box_and_on_no_other(sample: BsImport) -> None:
    """Each item of each choice that shares items with another, taken by one model of a fresh unit.

    Before the form recorded the choice, 149 of these 568 picks were not shown in the box they were
    made in and 157 were shown in another's (the full release and the shipped catalogue: 399 and
    493 of 2,462; none now).
    """
    tried, wrong = 0, []
    for sheet in sample.datasheets:
        if sheet.hidden or not sheet.choice_pools:
            continue
        loadout = default_loadout(sheet, sheet.composition(sheet.min_models, {}))
        for index, group in enumerate(loadout):
            choices = [g for g in sheet.choice_map.values() if group.kind in g.kinds and g.items]
            for choice in choices:
                if not sheet.choice_pools.get(choice.id):
                    continue
                for item_id in choice.items:
                    after = apply_choice(loadout, sheet, index, 1, choice.id, item_id)
                    mine = [g for g in after if g.kind == group.kind]
                    model = next((g for g in reversed(mine) if g.count == 1 and g != group), mine[-1])
                    tried += 1
                    if item_id not in choice_taken(sheet, choice, model.kind, model.wargear):
                        wrong.append(f"{sheet.name}: {choice.name} does not show {item_id}")
                    for other in choices:
                        if other.id == choice.id or item_id not in other.items:
                            continue
                        was = choice_taken(sheet, other, group.kind, group.wargear).get(item_id, 0)
                        if choice_taken(sheet, other, model.kind, model.wargear).get(item_id, 0) > was:
                            wrong.append(f"{sheet.name}: {choice.name}'s {item_id} shown on {other.name}")
    assert tried >= 500 and wrong == [], (tried, len(wrong), len([w for w in wrong if "shown on" in w]))
