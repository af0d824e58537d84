"""The models' base (ost.core.model): decoding as the old validating models did, dumps, copies, errors."""

from __future__ import annotations

import msgspec
import pytest

from ost.core.armylist import ArmyList, Carried, Unit
from ost.core.catalogue import AbilityRef, Datasheet, ModelKind, WargearGroup
from ost.core.findings import COMPOSITION, RuleRef
from ost.core.model import ValidationError, validated
from ost.core.roles import Role


def _first(exc: pytest.ExceptionInfo[ValidationError]) -> dict[str, object]:
    return exc.value.errors()[0]


def test_decoding_is_lax_as_before_and_fills_what_the_datasheet_works_out() -> None:
    sheet = Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "points": "5", "max_models": 3})
    assert sheet.points == 5 and sheet.role is Role.TROOPS
    assert (sheet.wounds, sheet.points_per_model, sheet.linked_character) == (1, 0, False)
    assert [k.id for k in sheet.kinds] == ["model"]


def test_stated_values_stick_and_unstated_ones_are_worked_out() -> None:
    kinds = [{"id": "boss", "name": "Boss", "min": 1, "max": 1, "wounds": 3}, {"id": "boy", "name": "Boy", "max": 9}]
    worked = Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "kinds": kinds})
    assert worked.wounds == 3
    stated = Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "kinds": kinds, "wounds": 1})
    assert stated.wounds == 1
    linked = {"id": "x", "name": "X", "role": "hq", "abilities": [{"name": "Personnage Lié"}]}
    assert Datasheet.model_validate(linked).linked_character
    assert not Datasheet.model_validate({**linked, "linked_character": False}).linked_character  # an override


def test_errors_name_the_field_and_the_bound() -> None:
    with pytest.raises(ValidationError) as bound:
        Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "points": -5})
    assert _first(bound)["loc"] == ("points",) and _first(bound)["type"] == "greater_than_equal"
    assert _first(bound)["msg"] == "Input should be greater than or equal to 0" and _first(bound)["input"] == -5
    kinds = [{"id": "k", "name": "K", "loadout": {"bolter": 1, "grenade": -2}}]
    with pytest.raises(ValidationError) as key:
        Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "kinds": kinds})
    assert _first(key)["loc"] == ("kinds", 0, "loadout", "grenade") and _first(key)["input"] == -2
    with pytest.raises(ValidationError) as missing:
        Datasheet.model_validate({"id": "x", "role": "troops"})
    assert (_first(missing)["loc"], _first(missing)["type"]) == (("name",), "missing")
    with pytest.raises(ValidationError) as unknown:
        Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "colour": "red"})
    assert (_first(unknown)["loc"], _first(unknown)["type"]) == (("colour",), "extra_forbidden")
    with pytest.raises(ValidationError) as check:  # a check of __post_init__: the object as a whole
        Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "min_models": 5, "max_models": 2})
    assert _first(check)["loc"] == () and "below min_models" in str(_first(check)["msg"])
    assert isinstance(check.value, ValueError) and isinstance(check.value, msgspec.ValidationError)


def test_json_that_is_not_json_is_a_validation_error() -> None:
    with pytest.raises(ValidationError) as broken:
        ArmyList.model_validate_json('{"name": ')
    assert _first(broken)["type"] == "json_invalid"


def test_dumps_leave_out_empty_marked_fields_and_write_enum_values_in_json_mode() -> None:
    group = WargearGroup(id="g")
    assert "needs" not in group.model_dump() and "fills" not in group.model_dump()
    assert WargearGroup(id="g", needs=["jump"]).model_dump()["needs"] == ["jump"]
    sheet = Datasheet.model_validate({"id": "x", "name": "X", "role": "troops"})
    assert sheet.model_dump()["role"] is Role.TROOPS and sheet.model_dump(mode="json")["role"] == "troops"
    assert set(sheet.model_dump(include={"id", "role"})) == {"id", "role"}
    assert "granted_abilities" not in sheet.model_dump()
    carried = Carried(name="Bolter")
    assert carried.model_dump(exclude_defaults=True) == {"name": "Bolter"}
    assert "granted_by" not in AbilityRef(name="Rally").model_dump_json()


def test_a_copy_works_out_its_cached_values_again_and_a_deep_copy_shares_no_list() -> None:
    sheet = Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "keywords": ["INFANTERIE", "X"]})
    assert sheet.identity_key == "X"
    renamed = sheet.model_copy(update={"keywords": ["INFANTERIE", "Y"]})
    assert renamed.identity_key == "Y" and sheet.identity_key == "X"
    deep = sheet.model_copy(deep=True)
    assert deep == sheet and deep.keywords is not sheet.keywords and deep.kinds[0] is not sheet.kinds[0]


def test_validated_checks_a_model_built_by_hand_and_copies_its_lists() -> None:
    keywords = ["INFANTERIE"]
    kind = ModelKind(id="k", name="K", max=3)
    sheet = validated(Datasheet(id="x", name="X", role=Role.TROOPS, keywords=keywords, kinds=[kind]))
    assert sheet.keywords == keywords and sheet.keywords is not keywords and sheet.kinds[0] is not kind
    with pytest.raises(ValidationError) as empty:
        validated(Unit(id="u1", datasheet="", snapshot={"name": "A", "role": "hq", "points": 1}, models=1))  # type: ignore[arg-type]
    assert _first(empty)["loc"] == ("datasheet",) and _first(empty)["type"] == "string_too_short"


def test_frozen_models_are_hashable_and_compare_by_value() -> None:
    assert RuleRef(seed="000", section="COMPOSITION D'ARMÉE") == COMPOSITION
    assert len({COMPOSITION, RuleRef(seed="000", section="COMPOSITION D'ARMÉE")}) == 1
    assert Datasheet.model_fields[:2] == ("id", "name")
