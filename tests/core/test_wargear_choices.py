"""The questions the window asks before offering a choice: what would it break, and what was chosen."""

from __future__ import annotations

import pytest
from test_wargear import army_with, catalogue_of, give, warriors

from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Unit
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.wargear import (
    choice_problems,
    chosen_by_kind,
    effective_loadout,
    upgrade_problems,
    wargear_findings,
)


def _unit(army: ArmyList, unit_id: str, catalogue: Catalogue) -> tuple[Unit, Datasheet]:
    unit = army.unit(unit_id)
    assert unit is not None
    sheet = catalogue.get(unit.datasheet)
    assert sheet is not None
    return unit, sheet


def _group(unit: Unit, sheet: Datasheet, kind: str, item: str | None = None) -> int:
    """The index of a model group of ``kind`` (carrying ``item`` when given, else its defaults)."""
    defaults = set(sheet.kind_map[kind].loadout)
    for index, group in enumerate(effective_loadout(unit, sheet)):
        carried = {c.item for c in group.wargear}
        if group.kind == kind and (item in carried if item else carried == defaults):
            return index
    raise AssertionError(f"no group of {kind} with {item}")


def test_a_first_special_weapon_is_open_and_the_heavy_one_after_it_at_five_models(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 5)
    unit, sheet = _unit(army, unit_id, shipped)
    marines = _group(unit, sheet, "space-marine")
    assert choice_problems(unit, sheet, marines, 1, "arme-speciale", "lance-flammes") == []
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    marines = _group(unit, sheet, "space-marine")
    (reason,) = choice_problems(unit, sheet, marines, 1, "arme-lourde", "lance-missiles")
    assert reason.fr == "Arme spéciale ou lourde : au plus 1 par tranche de 5 figurines de l'unité (1 ici)"
    assert reason.en == "Special or heavy weapon: at most 1 for every 5 models in the unit (1 here)"
    # Going back to the defaults, or changing the flamer for another special weapon, is never refused.
    flamer = _group(unit, sheet, "space-marine", "lance-flammes")
    assert choice_problems(unit, sheet, flamer, 1, "arme-speciale", None) == []
    assert choice_problems(unit, sheet, flamer, 1, "arme-speciale", "fuseur") == []


def test_at_ten_models_a_heavy_weapon_is_open_but_not_a_second_one(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 10)
    unit, sheet = _unit(army, unit_id, shipped)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    marines = _group(unit, sheet, "space-marine")
    assert choice_problems(unit, sheet, marines, 1, "arme-lourde", "lance-missiles") == []
    give(army, unit_id, shipped, "arme-lourde", "lance-missiles", 1)
    assert wargear_findings(army, shipped) == []
    marines = _group(unit, sheet, "space-marine")
    reasons = choice_problems(unit, sheet, marines, 1, "arme-lourde", "canon-laser")
    assert [r.fr for r in reasons] == [
        "Arme spéciale ou lourde : au plus 1 par tranche de 5 figurines de l'unité (2 ici)",
        "Arme lourde : au plus 1 dans l'unité",
    ]
    assert reasons[1].en == "Heavy weapon: at most 1 in the unit"
    # Two models at once: over the limit even where one model is not.
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 10)
    unit, sheet = _unit(army, unit_id, shipped)
    marines = _group(unit, sheet, "space-marine")
    assert choice_problems(unit, sheet, marines, 1, "arme-speciale", "fuseur") == []
    assert [r.en for r in choice_problems(unit, sheet, marines, 2, "arme-speciale", "fuseur")] == [
        "Special weapon: at most 1 in the unit"
    ]


def test_a_model_with_a_special_weapon_cannot_add_a_heavy_one(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 10)
    unit, sheet = _unit(army, unit_id, shipped)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    flamer = _group(unit, sheet, "space-marine", "lance-flammes")
    reasons = choice_problems(unit, sheet, flamer, 1, "arme-lourde", "lance-missiles")
    assert [r.fr for r in reasons] == ["Arme remplaçant le bolter : au plus 1 par figurine"]
    assert reasons[0].en == "Weapon replacing the boltgun: at most 1 per model"


def test_a_list_already_illegal_refuses_only_what_makes_it_worse(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 5)
    unit, sheet = _unit(army, unit_id, shipped)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    give(army, unit_id, shipped, "arme-lourde", "lance-missiles", 1)  # illegal at five models
    assert len(wargear_findings(army, shipped)) == 1
    missile = _group(unit, sheet, "space-marine", "lance-missiles")
    assert choice_problems(unit, sheet, missile, 1, "arme-lourde", "canon-laser") == []  # no worse
    assert choice_problems(unit, sheet, missile, 1, "arme-lourde", None) == []  # the way back
    marines = _group(unit, sheet, "space-marine")
    assert choice_problems(unit, sheet, marines, 1, "arme-speciale", "fuseur")  # a third: worse


def test_a_choice_not_open_to_that_model_says_so(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 5)
    unit, sheet = _unit(army, unit_id, shipped)
    sergeant = _group(unit, sheet, "sergent")
    (reason,) = choice_problems(unit, sheet, sergeant, 1, "arme-lourde", "lance-missiles")
    assert reason.fr == "Lance-missiles : pas offert à Sergent"
    assert reason.en == "Missile launcher: not offered to Space Marine Sergeant"


def test_the_sergeant_and_the_big_boss_choose_freely(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 5)
    unit, sheet = _unit(army, unit_id, shipped)
    sergeant = _group(unit, sheet, "sergent")
    assert all(
        choice_problems(unit, sheet, sergeant, 1, "sergent-bolter", item) == []
        for item in sheet.choice_map["sergent-bolter"].items
    )
    army, unit_id = army_with(shipped, "ork-big-boss", 1)
    unit, sheet = _unit(army, unit_id, shipped)
    assert choice_problems(unit, sheet, 0, 1, "bras-qui-tape", "pince-energetik") == []


@pytest.mark.parametrize(("models", "open_to_one_more"), [(3, False), (6, True)])
def test_unit_choices_and_per_n_models_items(models: int, open_to_one_more: bool) -> None:
    sheet = warriors()
    catalogue = catalogue_of(sheet)
    army, unit_id = army_with(catalogue, sheet.id, models)
    unit, _ = _unit(army, unit_id, catalogue)
    assert upgrade_problems(unit, sheet, "adrenal-glands", 1) == []
    ops.set_upgrade(army, unit_id, catalogue, "adrenal-glands", 1)
    (reason,) = upgrade_problems(unit, sheet, "adrenal-glands", 2)
    assert reason.fr == "Adrenal Glands : au plus 1 dans l'unité"
    assert reason.en == "Adrenal Glands: at most 1 in the unit"
    assert upgrade_problems(unit, sheet, "adrenal-glands", 0) == []
    give(army, unit_id, catalogue, "ranged", "barbed-strangler", 1)
    warriors_left = _group(unit, sheet, "warrior", "devourer")
    second = choice_problems(unit, sheet, warriors_left, 1, "ranged", "barbed-strangler")
    assert (second == []) is open_to_one_more
    if not open_to_one_more:
        assert second[0].en == "Barbed Strangler: at most 1 for every 3 models in the unit (1 here)"
        assert second[0].fr == "Barbed Strangler : au plus 1 par tranche de 3 figurines de l'unité (1 ici)"


def test_what_was_chosen_per_kind_the_many_models_first(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 10)
    unit, sheet = _unit(army, unit_id, shipped)
    assert chosen_by_kind(effective_loadout(unit, sheet), sheet) == []  # defaults: nothing chosen
    give(army, unit_id, shipped, "arme-lourde", "lance-missiles", 1)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    ops.choose_wargear(
        army, unit_id, shipped, group=0, models=1, choice="sergent-pistolet", item="gantelet-energetique"
    )
    assert chosen_by_kind(effective_loadout(unit, sheet), sheet, "fr") == [
        ("space-marine", ["Lance-flammes", "Lance-missiles"]),  # the datasheet's order
        ("sergent", ["Gantelet énergétique"]),
    ]
    assert chosen_by_kind(effective_loadout(unit, sheet), sheet, "en")[1] == ("sergent", ["Power fist"])
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 10)
    unit, sheet = _unit(army, unit_id, shipped)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    unit.loadout[-1].count = 2  # two flamers (illegal, but said as it is)
    unit.loadout[-2].count = 7
    assert chosen_by_kind(effective_loadout(unit, sheet), sheet) == [("space-marine", ["2× Lance-flammes"])]
