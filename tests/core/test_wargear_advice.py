"""Wargear limits Ost can and cannot decide (issues 17 and 18): fixtures for each mechanism.

Real BattleScribe rosters are legal in their data; these fixtures pin the
mechanisms that keep them so in Ost (tests/test_real_rosters.py runs the
rosters themselves): bounds a condition changes are advice, a model variant
counts models, choices sharing items pool their bounds, a default another
choice gives is no pick of a choice that offers the same item, and what a unit
takes once is closed only when no choice of the datasheet offers it.
"""

from __future__ import annotations

from ost.core.armylist import Carried, ModelGroup, Unit, snapshot_of
from ost.core.catalogue import Datasheet, ModelKind, WargearGroup, WargearItem, WargearLimit
from ost.core.roles import Role
from ost.core.wargear import apply_choice, choice_taken, default_wargear, problem_finding, wargear_problems


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


def _walker() -> Datasheet:
    """A walker with two arm pairs: arms 1-2 replace a klaw (and offer a gun), arms 3-4 replace a gun (and a klaw)."""
    gun, klaw, rokkit = "gun", "klaw", "rokkit"
    arms = [
        WargearGroup(
            id=f"arm{n}",
            name=f"Arm {n}",
            kinds=["walker"],
            items=[rokkit, gun] if n <= 2 else [rokkit, klaw],
            replaces=[klaw] if n <= 2 else [gun],
            fills={klaw: 1} if n <= 2 else {gun: 1},
            limit=WargearLimit(max=1),
        )
        for n in (3, 4, 2, 1)  # the data's order
    ]
    return Datasheet(
        id="walker",
        name="Walker",
        role=Role.HEAVY_SUPPORT,
        points=85,
        kinds=[ModelKind(id="walker", name="Walker", min=1, max=1, loadout={gun: 2, klaw: 2})],
        wargear=[WargearItem(id=i, name=i.title(), points=10 if i == rokkit else 0) for i in (gun, klaw, rokkit)],
        choices=arms,
    )


def _walking(sheet: Datasheet, **carried: int) -> Unit:
    gear = [Carried(item=i, name=i.title(), count=n) for i, n in carried.items()]
    return Unit(
        id="u1",
        datasheet=sheet.id,
        models=1,
        loadout=[ModelGroup(kind="walker", count=1, wargear=gear)],
        snapshot=snapshot_of(sheet),
    )


def test_a_default_another_choice_gives_is_no_pick_of_a_choice_offering_the_same_item() -> None:
    walker = _walker()
    assert wargear_problems(_walking(walker, gun=2, klaw=2), walker) == []
    # One klaw given up for a rokkit, or for a third gun: one arm made, one pick.
    assert wargear_problems(_walking(walker, gun=2, klaw=1, rokkit=1), walker) == []
    assert wargear_problems(_walking(walker, gun=3, klaw=1), walker) == []
    assert wargear_problems(_walking(walker, rokkit=4), walker) == []
    # A fifth weapon, or two picks for one arm made: over, in both languages.
    fifth = _walking(walker, gun=2, klaw=2, rokkit=1)
    problems = wargear_problems(fifth, walker)
    assert {p.group for p in problems} == {"arm1", "arm2", "arm3", "arm4"}
    assert {(p.problem, p.count, p.bound) for p in problems} == {("over", 1, 0)}
    finding = problem_finding(problems[0], fifth, walker)
    assert "Walker carries 1; at most 0 per model." in finding.message.en
    assert "Walker en porte 1 ; au plus 0 par figurine." in finding.message.fr
    assert {(p.count, p.bound) for p in wargear_problems(_walking(walker, gun=2, klaw=1, rokkit=2), walker)} == {(2, 1)}
    # Fills unknown (a catalogue imported before): every carried item counts, as before, defaults too.
    bare = walker.model_copy(update={"choices": [g.model_copy(update={"fills": None}) for g in walker.choices]})
    assert {(p.problem, p.count) for p in wargear_problems(_walking(bare, gun=2, klaw=2), bare)} == {("over", 2)}


def test_a_choice_gives_up_its_own_default_only_and_shows_its_pick_on_the_first_arm_made() -> None:
    walker = _walker()
    defaults = [ModelGroup(kind="walker", count=1, wargear=default_wargear(walker, "walker"))]

    def carried(loadout: list[ModelGroup]) -> dict[str, int]:
        return {c.item or "": c.count for c in loadout[0].wargear}

    rokkit = apply_choice(defaults, walker, 0, 1, "arm1", "rokkit")
    assert carried(rokkit) == {"gun": 2, "klaw": 1, "rokkit": 1}
    shown = {g.id: choice_taken(walker, g, "walker", rokkit[0].wargear) for g in walker.choices}
    assert shown == {"arm1": {"rokkit": 1}, "arm2": {}, "arm3": {}, "arm4": {}}
    assert carried(apply_choice(rokkit, walker, 0, 1, "arm3", "klaw")) == {"gun": 1, "klaw": 2, "rokkit": 1}
    assert carried(apply_choice(rokkit, walker, 0, 1, "arm1", None)) == {"gun": 2, "klaw": 2}
    assert carried(apply_choice(rokkit, walker, 0, 1, "arm1", "gun")) == {"gun": 3, "klaw": 1}
    # Fills unknown (a catalogue imported before): a choice gives up all it offers and replaces, as before.
    bare = walker.model_copy(update={"choices": [g.model_copy(update={"fills": None}) for g in walker.choices]})
    assert carried(apply_choice(defaults, bare, 0, 1, "arm1", "rokkit")) == {"rokkit": 1}
