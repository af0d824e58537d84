"""A unit just added with its default wargear breaks none of its own model limits (the 13-file sample).

BattleScribe shows such a unit legal: a default carried because of one choice is no pick of
another (a Deff Dread's arms), a choice's minimum is filled by its own entries first, and
what a unit of several kinds takes once is carried by one model (Aun'Va's invocations). The
limits still catch real excess. The full release is checked in test_bsdata_full.py.
"""

from __future__ import annotations

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, fresh_model_limits
from ost.core.armylist import Carried, ModelGroup, Unit, snapshot_of
from ost.core.catalogue import Datasheet
from ost.core.wargear import apply_choice, choice_taken, effective_loadout, problem_finding, wargear_problems
from ost.formats.bsdata import BsImport, read_bsdata

pytestmark = [pytest.mark.bsdata, pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)]


@pytest.fixture(scope="module")
def sample() -> BsImport:
    return read_bsdata([BSDATA_SAMPLE])


def _find(result: BsImport, faction: str, name: str) -> Datasheet:
    found = [s for s in result.datasheets if s.faction == faction and s.name == name]
    assert len(found) == 1, name
    return found[0]


def _ids(sheet: Datasheet) -> dict[str, str]:
    return {item.name: item.id for item in sheet.wargear}


def _group_id(sheet: Datasheet, name: str) -> str:
    return next(g.id for g in sheet.choices if g.name == name)


def _carried(sheet: Datasheet, loadout: list[ModelGroup]) -> list[dict[str, int]]:
    names = {item.id: item.name for item in sheet.wargear}
    return [{names[c.item or ""]: c.count for c in group.wargear} for group in loadout]


def _unit(sheet: Datasheet, loadout: list[ModelGroup] | None = None) -> Unit:
    models = sum(g.count for g in loadout) if loadout else sheet.min_models
    return Unit(id="u1", datasheet=sheet.id, snapshot=snapshot_of(sheet), models=models, loadout=loadout or [])


def test_every_sample_datasheet_added_fresh_breaks_none_of_its_model_limits(sample: BsImport) -> None:
    assert fresh_model_limits(sample.datasheets) == []


def test_a_deff_dread_s_default_arms_are_no_picks_of_its_other_arms(sample: BsImport) -> None:
    dread = _find(sample, "bs-orks", "Deff Dreads")
    item = _ids(dread)
    arm1, arm3 = _group_id(dread, "Arm 1"), _group_id(dread, "Arm 3")
    fresh = _unit(dread)
    assert wargear_problems(fresh, dread) == []
    (defaults,) = effective_loadout(fresh, dread)
    assert _carried(dread, [defaults]) == [{"Big Shoota": 2, "Dread Klaw": 2}]
    # Arm 3 offers a dread klaw and arm 1 a big shoota: the defaults of the other arms are not taken there.
    assert choice_taken(dread, dread.choice_map[arm1], defaults.kind, defaults.wargear) == {}
    assert choice_taken(dread, dread.choice_map[arm3], defaults.kind, defaults.wargear) == {}
    # A rokkit on arm 1 gives up one dread klaw, not both; a klaw on arm 3 then gives up one big shoota.
    rokkit = apply_choice([defaults], dread, 0, 1, arm1, item["Rokkit Launcha"])
    assert _carried(dread, rokkit) == [{"Big Shoota": 2, "Dread Klaw": 1, "Rokkit Launcha": 1}]
    assert choice_taken(dread, dread.choice_map[arm1], rokkit[0].kind, rokkit[0].wargear) == {item["Rokkit Launcha"]: 1}
    assert choice_taken(dread, dread.choice_map[arm3], rokkit[0].kind, rokkit[0].wargear) == {}
    klaws = apply_choice(rokkit, dread, 0, 1, arm3, item["Dread Klaw"])
    assert _carried(dread, klaws) == [{"Big Shoota": 1, "Dread Klaw": 2, "Rokkit Launcha": 1}]
    assert wargear_problems(_unit(dread, rokkit), dread) == []
    assert wargear_problems(_unit(dread, klaws), dread) == []
    # Taking nothing on arm 1 gives its klaw back.
    back = apply_choice(rokkit, dread, 0, 1, arm1, None)
    assert _carried(dread, back) == [{"Big Shoota": 2, "Dread Klaw": 2}]


def test_a_deff_dread_with_a_fifth_weapon_or_two_on_one_arm_breaks_its_arms(sample: BsImport) -> None:
    dread = _find(sample, "bs-orks", "Deff Dreads")
    item = _ids(dread)
    kind = dread.kinds[0].id

    def dread_with(**carried: int) -> Unit:
        gear = [Carried(item=item[name.replace("_", " ")], name=name, count=n) for name, n in carried.items()]
        return _unit(dread, [ModelGroup(kind=kind, count=1, wargear=gear)])

    # Four default arms kept and a rokkit besides: no arm was free for it.
    fifth = dread_with(Big_Shoota=2, Dread_Klaw=2, Rokkit_Launcha=1)
    problems = wargear_problems(fifth, dread)
    assert problems and {(p.problem, p.count, p.bound) for p in problems} == {("over", 1, 0)}
    finding = problem_finding(problems[0], fifth, dread)
    assert "Deff Dread carries 1; at most 0 per model" in finding.message.en
    assert "Deff Dread en porte 1 ; au plus 0 par figurine" in finding.message.fr
    # One klaw given up, two rokkits: one arm made, two picks.
    two = dread_with(Big_Shoota=2, Dread_Klaw=1, Rokkit_Launcha=2)
    assert {(p.problem, p.count, p.bound) for p in wargear_problems(two, dread)} == {("over", 2, 1)}
    # A third klaw kept with both big shootas: one weapon too many.
    klaws = dread_with(Big_Shoota=2, Dread_Klaw=3)
    assert {p.problem for p in wargear_problems(klaws, dread)} == {"over"}
    # Every arm changed: four rokkits are four arms' picks.
    assert wargear_problems(dread_with(Rokkit_Launcha=4), dread) == []


def test_aun_va_himself_knows_the_three_invocations_his_unit_takes(sample: BsImport) -> None:
    aun_va = _find(sample, "bs-t-au-empire", "Aun'Va")
    names = {item.id: item.name for item in aun_va.wargear}
    leader, guard = aun_va.kinds
    invocations = next(g for g in aun_va.choices if g.name == "Invocations of the Ethereals")
    assert invocations.limit.max == 3 and invocations.limit.per == "unit"
    assert sum(n for i, n in leader.loadout.items() if i in invocations.items) == 3
    assert not set(guard.loadout) & set(invocations.items)
    assert [names[i] for i in guard.loadout] == ["Supreme Honour Blade"]
    fresh = _unit(aun_va)
    assert wargear_problems(fresh, aun_va) == []
    # A fourth invocation is one too many.
    loadout = effective_loadout(fresh, aun_va)
    at = next(i for i, g in enumerate(loadout) if g.kind == leader.id)
    extra = next(i for i in invocations.items if i not in leader.loadout)
    more = [g.model_copy() for g in loadout]
    more[at] = more[at].model_copy(update={"wargear": [*more[at].wargear, Carried(item=extra, name=names[extra])]})
    unit = _unit(aun_va, more)
    over = [p for p in wargear_problems(unit, aun_va) if p.item is None]
    assert [(p.problem, p.count, p.bound) for p in over] == [("over", 4, 3)]
    finding = problem_finding(over[0], unit, aun_va)
    assert "“Invocations of the Ethereals”: taken 4 times; at most 3 in the unit." in finding.message.en
    assert "« Invocations of the Ethereals » : pris 4 fois ; au plus 3 dans l'unité." in finding.message.fr


def test_a_scion_s_optional_lasgun_marks_no_variant(sample: BsImport) -> None:
    squad = _find(sample, "bs-imperium-astra-militarum", "Militarum Tempestus Command Squad")
    names = {item.id: item.name for item in squad.wargear}
    scion = squad.kind_map["tempestus-scion"]
    medic = next(g for g in squad.choices if g.name == "Tempestus Scion w/ Medi-pack")
    assert not set(medic.marks) & set(scion.loadout)
    vox = next(g for g in squad.choices if g.name == "Tempestus Scion w/ Master-Vox")
    assert [names[i] for i in vox.marks] == ["Master Vox"]
    assert wargear_problems(_unit(squad), squad) == []


def test_a_kratos_pick_that_only_one_of_its_sponsons_offers_is_that_sponson_s(sample: BsImport) -> None:
    """Its two sponson choices both replace a pair of heavy bolters; "Weapon Option 2" alone offers heavy flamers.

    Read before by name order, the bolters given up made "Weapon Option 1", which holds no flamers: the form showed
    the flamers on neither choice, and "nothing" on option 2 left them beside the bolters it gave back.
    """
    kratos = _find(sample, "bs-imperium-adeptus-astartes-ultramarines", "Kratos")
    item = _ids(kratos)
    one, two = (kratos.choice_map[_group_id(kratos, f"Weapon Option {n}")] for n in (1, 2))
    (defaults,) = effective_loadout(_unit(kratos), kratos)
    flamers = apply_choice([defaults], kratos, 0, 1, two.id, item["2x Heavy Flamers"])
    expected = {**_carried(kratos, [defaults])[0], "2x Heavy Bolters": 1, "2x Heavy Flamers": 1}
    assert _carried(kratos, flamers)[0] == expected
    assert choice_taken(kratos, two, flamers[0].kind, flamers[0].wargear) == {item["2x Heavy Flamers"]: 1}
    assert choice_taken(kratos, one, flamers[0].kind, flamers[0].wargear) == {}
    assert wargear_problems(_unit(kratos, flamers), kratos) == []
    back = apply_choice(flamers, kratos, 0, 1, two.id, None)
    assert _carried(kratos, back) == _carried(kratos, [defaults])
    # Both sponsons changed: each holds its own pick; flamers kept beside both bolters are one pair too many.
    both = apply_choice(flamers, kratos, 0, 1, one.id, item["2x Autocannons"])
    assert choice_taken(kratos, one, both[0].kind, both[0].wargear) == {item["2x Autocannons"]: 1}
    assert choice_taken(kratos, two, both[0].kind, both[0].wargear) == {item["2x Heavy Flamers"]: 1}
    assert wargear_problems(_unit(kratos, both), kratos) == []
    gear = [*defaults.wargear, Carried(item=item["2x Heavy Flamers"], name="2x Heavy Flamers")]
    extra = [defaults.model_copy(update={"wargear": gear})]
    (over,) = wargear_problems(_unit(kratos, extra), kratos)
    assert (over.problem, over.count, over.bound) == ("over", 1, 0)
    finding = problem_finding(over, _unit(kratos, extra), kratos)
    assert "Kratos carries 1; at most 0 per model" in finding.message.en
    assert "Kratos en porte 1 ; au plus 0 par figurine" in finding.message.fr
