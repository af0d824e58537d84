"""Wargear limits Ost can and cannot decide (issues 17 and 18): fixtures for each mechanism.

Real BattleScribe rosters are legal in their data; these fixtures pin the
mechanisms that keep them so in Ost (tests/test_real_rosters.py runs the
rosters themselves): bounds a condition changes are advice, a model variant
counts models, choices sharing items pool their bounds, and what a unit takes
once is closed only when no choice of the datasheet offers it.
"""

from __future__ import annotations

from ost.core.armylist import Carried, ModelGroup, Unit, snapshot_of
from ost.core.catalogue import Datasheet, ModelKind, WargearGroup, WargearItem, WargearLimit
from ost.core.roles import Role
from ost.core.wargear import problem_finding, wargear_problems


def squad(*choices: WargearGroup) -> Datasheet:
    items = ["bolter", "flamer", "plasma", "evisc", "pistol", "mark", "power", "grenades", "fist"]
    return Datasheet(
        id="squad",
        name="Squad",
        role=Role.TROOPS,
        min_models=5,
        max_models=10,
        points=90,
        kinds=[
            ModelKind(id="sarge", name="Sergeant", min=1, max=1, loadout={"bolter": 1, "grenades": 1}),
            ModelKind(id="marine", name="Marine", min=4, max=9, loadout={"bolter": 1, "grenades": 1}),
        ],
        wargear=[
            *(WargearItem(id=i, name=i.title()) for i in items if i not in ("mark", "power")),
            WargearItem(id="mark", name="Mark", kind="upgrade"),
            WargearItem(id="power", name="Power", kind="psychic"),
        ],
        choices=list(choices),
    )


def unit(marines: list[tuple[int, list[str]]], upgrades: tuple[str, ...] = ()) -> Unit:
    groups = [ModelGroup(kind="sarge", count=1, wargear=[Carried(item="bolter", name="Bolter")])]
    groups += [
        ModelGroup(kind="marine", count=n, wargear=[Carried(item=i, name=i.title()) for i in carried])
        for n, carried in marines
    ]
    models = sum(g.count for g in groups)
    return Unit(
        id="u1",
        datasheet="squad",
        models=models,
        composition={"sarge": 1, "marine": models - 1},
        loadout=groups,
        upgrades=[Carried(item=i, name=i.title()) for i in upgrades],
        snapshot=snapshot_of(squad()),
    )


def test_a_bound_a_condition_may_loosen_is_advice_only() -> None:
    discipline = WargearGroup(id="disc", name="Discipline", items=["power"], limit=WargearLimit(max=0, per="unit"))
    sheet = squad(discipline)
    assert [p.problem for p in wargear_problems(unit([(4, ["bolter"])], ("power",)), sheet)] == ["over"]
    advice = discipline.model_copy(update={"limit": WargearLimit(max=0, per="unit", verified=False)})
    assert wargear_problems(unit([(4, ["bolter"])], ("power",)), squad(advice)) == []


def test_a_model_variant_counts_its_models_once_each() -> None:
    # "Marine w/Eviscerator", at most 1: the eviscerator makes the variant; the pistol it may also take
    # is carried by another variant's model and does not count.
    variant = WargearGroup(
        id="evisc-variant",
        name="Marine w/Eviscerator",
        kinds=["marine"],
        items=["evisc", "pistol"],
        replaces=["bolter"],
        limit=WargearLimit(max=1, per="unit"),
        marks=["evisc"],
    )
    sheet = squad(variant)
    legal = unit([(3, ["bolter"]), (1, ["evisc"]), (1, ["pistol"])])
    assert wargear_problems(legal, sheet) == []
    illegal = unit([(3, ["bolter"]), (2, ["evisc"])])
    (problem,) = wargear_problems(illegal, sheet)
    assert (problem.problem, problem.count, problem.bound) == ("over", 2, 1)
    finding = problem_finding(problem, illegal, sheet)
    assert "taken 2 times; at most 1" in finding.message.en
    assert "pris 2 fois ; au plus 1" in finding.message.fr
    # Without marks, the items are counted, as before.
    unmarked = squad(variant.model_copy(update={"marks": []}))
    assert [p.count for p in wargear_problems(legal, unmarked)] == [2]


def test_choices_sharing_items_pool_their_per_model_bounds() -> None:
    slots = [
        WargearGroup(
            id=f"slot{n}", name=f"Slot {n}", kinds=["marine"], items=["flamer", "plasma"], limit=WargearLimit(max=1)
        )
        for n in (1, 2)
    ]
    sheet = squad(*slots)
    assert wargear_problems(unit([(4, ["bolter", "flamer", "plasma"])]), sheet) == []
    over = wargear_problems(unit([(4, ["bolter", "flamer", "plasma", "plasma"])]), sheet)
    assert {p.problem for p in over} == {"over"}
    # A choice whose replaced default the model still carries was not made: its bound is not pooled.
    swap = [s.model_copy(update={"replaces": ["bolter"]}) for s in slots]
    assert {p.group for p in wargear_problems(unit([(4, ["bolter", "flamer", "plasma"])]), squad(*swap))} == {
        "slot1",
        "slot2",
    }


def test_what_the_unit_takes_once_is_closed_only_when_nothing_offers_it() -> None:
    sheet = squad(
        WargearGroup(id="marks", name="Mark", items=["mark"], limit=WargearLimit(max=1, per="unit")),
        WargearGroup(id="powers", name="Powers", kinds=["sarge"], items=["power"]),
        WargearGroup(id="all", name="Unit weapons", kinds=["sarge", "marine"], items=["plasma"]),
        WargearGroup(id="sarge-fist", name="Fist", kinds=["sarge"], items=["fist"]),
    )
    # Marks, the squad's grenades written once, a sergeant's power, a unit-wide swap: all the unit's to take.
    legal = unit([(4, ["bolter"])], ("mark", "grenades", "power", "plasma"))
    assert wargear_problems(legal, sheet) == []
    # A weapon one model may choose stays closed to the unit, and a mark is not a model's weapon choice.
    (closed,) = wargear_problems(unit([(4, ["bolter"])], ("fist",)), sheet)
    assert (closed.problem, closed.item, closed.kind) == ("closed", "fist", None)
    assert wargear_problems(unit([(4, ["bolter", "mark"])]), sheet) == []
