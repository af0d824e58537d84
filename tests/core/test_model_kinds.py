"""Model kinds: a unit is a Boss Nob and Boyz, a Sergeant and Marines; sizes, prices, PV and space follow."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import ListBuilder, mini_catalogue
from ost.core import armylist as ops
from ost.core import listfile
from ost.core.armylist import SCHEMA_VERSION, unit_composition, unit_points
from ost.core.catalogue import Catalogue, Datasheet, ModelKind, SpaceRule, TransportCapacity
from ost.core.findings import Code
from ost.core.roles import Role, UnitType
from ost.core.scoring import score_unit
from ost.core.validator import validate
from ost.formats.catalog_source import read_faction_file

BOYZ = Datasheet(
    id="boyz",
    name="Boyz",
    role=Role.TROOPS,
    keywords=["INFANTERIE", "BOYZ"],
    faction_keywords=["ORKS"],
    min_models=10,
    max_models=30,
    points=80,
    kinds=[
        ModelKind(id="nob", name="Boss Nob", min=1, max=1, wounds=2, points=8),
        ModelKind(id="boy", name="Boy", min=9, max=30, wounds=1, points=8),
    ],
)

NOBZ = Datasheet(
    id="meganobz",
    name="Meganobz",
    role=Role.ELITES,
    keywords=["INFANTERIE", "MÉGA-ARMURE", "MEGANOBZ"],
    faction_keywords=["ORKS"],
    min_models=2,
    max_models=10,
    points=70,
    kinds=[ModelKind(id="meganob", name="Meganob", min=2, max=10, wounds=3, points=35, space=2)],
)


def test_a_total_splits_leaders_first_then_the_bulk() -> None:
    assert BOYZ.default_composition(10) == {"nob": 1, "boy": 9}
    sarge = Datasheet(
        id="tac",
        name="Tactical Squad",
        role=Role.TROOPS,
        min_models=5,
        max_models=10,
        points=90,
        kinds=[
            ModelKind(id="sergeant", name="Sergeant", min=1, max=1, wounds=1),
            ModelKind(id="marine", name="Marine", min=4, max=9, wounds=1, points=18),
        ],
    )
    assert sarge.default_composition(5) == {"sergeant": 1, "marine": 4}
    assert sarge.default_composition(10) == {"sergeant": 1, "marine": 9}
    assert sarge.default_composition(3) == {"sergeant": 1, "marine": 2}
    assert sarge.default_composition(12) == {"sergeant": 1, "marine": 11}  # too many: the bulk takes them
    assert sarge.cost(10) == 90 + 5 * 18
    assert sarge.points_per_model == 18


def test_ten_boyz_are_a_boss_nob_and_nine_boyz_with_eleven_pv() -> None:
    assert BOYZ.default_composition(10) == {"nob": 1, "boy": 9}
    assert BOYZ.unit_wounds(BOYZ.default_composition(10)) == 11
    assert BOYZ.cost(10) == 80
    assert BOYZ.cost(30) == 240


def test_a_sheet_without_kinds_gets_one_kind_from_its_size() -> None:
    sheet = Datasheet(
        id="x", name="X", role=Role.ELITES, min_models=3, max_models=6, points=60, points_per_model=20, wounds=2
    )
    (kind,) = sheet.kinds
    assert (kind.min, kind.max, kind.wounds, kind.points) == (3, 6, 2, 20)
    assert sheet.cost(5) == 100
    assert sheet.cost(2) == 40  # understrength saves the missing model's price


def test_explicit_price_per_model_prices_the_bulk_kind() -> None:
    sheet = Datasheet.model_validate({**BOYZ.model_dump(), "points_per_model": 9})
    assert sheet.kind_map["boy"].points == 9
    assert sheet.cost(11) == 89


def test_duplicate_kind_ids_and_inverted_limits_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate model kind"):
        Datasheet(id="x", name="X", role=Role.ELITES, kinds=[ModelKind(id="a", name="A"), ModelKind(id="a", name="B")])
    with pytest.raises(ValueError, match="below min"):
        ModelKind(id="a", name="A", min=3, max=1)


def test_wounds_default_to_the_toughest_kind() -> None:
    assert BOYZ.wounds == 2


@given(st.integers(min_value=0, max_value=60))
def test_default_composition_always_sums_to_the_total(models: int) -> None:
    counts = BOYZ.default_composition(models)
    assert sum(counts.values()) == models
    assert all(v >= 0 for v in counts.values())


def _catalogue(*sheets: Datasheet) -> Catalogue:
    base = mini_catalogue()
    return Catalogue([*base, *sheets], base.bands, base.glossary.values(), base.factions.values())


def test_a_unit_records_its_kinds_and_the_validator_checks_each() -> None:
    catalogue = _catalogue(BOYZ)
    b = ListBuilder(catalogue)
    unit = b.add("boyz", models=10, placeholders={})
    ops.set_kind_count(b.army, unit, "nob", 2, catalogue)
    assert b.unit(unit).models == 11
    assert unit_composition(b.unit(unit), BOYZ) == {"nob": 2, "boy": 9}
    report = validate(catalogue, b.army)
    over = [f for f in report.findings if f.code is Code.UNIT_OVER]
    assert over and "Boss Nob" in over[0].message.en and "maximum 1" in over[0].message.en
    old = ops.set_models(b.army, unit, 12)
    assert b.unit(unit).composition == {} and old.composition == {"nob": 2, "boy": 9}
    ops.restore_size(b.army, unit, old)
    assert b.unit(unit).models == 11 and b.unit(unit).composition == {"nob": 2, "boy": 9}
    with pytest.raises(ops.ListOperationError):
        ops.set_kind_count(b.army, unit, "grot", 1, catalogue)


def test_pv_of_a_unit_sums_its_kinds() -> None:
    catalogue = _catalogue(BOYZ)
    b = ListBuilder(catalogue)
    unit = b.add("boyz", models=10, placeholders={}, composition={"nob": 1, "boy": 9})
    score = score_unit(b.unit(unit), catalogue)
    assert score.wounds == 11
    # Each PV is worth its model's points ÷ its own wounds (SPEC §4): a model's share is 80 ÷ 10 = 8.
    assert [(k.name, k.pv_value) for k in score.kinds or ()] == [("Boss Nob", 4), ("Boy", 8)]
    assert score.pv_value is None  # the unit's PV are not all worth the same
    assert sum(k.points_each * k.count for k in score.kinds or ()) == 80
    assert [(k.name, k.count, k.wounds_each) for k in score.kinds or ()] == [("Boss Nob", 1, 2), ("Boy", 9, 1)]


def test_transport_space_is_counted_per_kind() -> None:
    trukk = Datasheet(
        id="trukk",
        name="Trukk",
        role=Role.DEDICATED_TRANSPORT,
        keywords=["VÉHICULE", "TRANSPORT", "TRUKK"],
        faction_keywords=["ORKS"],
        points=70,
        unit_type=UnitType.VEHICLE,
        transport=TransportCapacity(
            capacity=12, allowed=[["INFANTERIE"]], space=[SpaceRule(keywords=["MÉGA-ARMURE"], space=2)]
        ),
    )
    catalogue = _catalogue(NOBZ, trukk)
    b = ListBuilder(catalogue)
    nobz = b.add("meganobz", models=6, placeholders={})
    truck = b.add("trukk", placeholders={})
    b.unit(nobz).transport = truck
    assert Code.TRANSPORT_EMBARK not in {f.code for f in validate(catalogue, b.army).findings}
    b.unit(nobz).models = 7
    embark = [f for f in validate(catalogue, b.army).findings if f.code is Code.TRANSPORT_EMBARK]
    assert embark and "14 places" in embark[0].message.en


def test_kind_space_without_a_transport_rule() -> None:
    assert NOBZ.kind_space(NOBZ.kinds[0]) == 2
    assert BOYZ.kind_space(BOYZ.kinds[0]) == 1


def test_stated_prices_and_extra_options() -> None:
    catalogue = _catalogue(BOYZ)
    b = ListBuilder(catalogue)
    unit = b.add(
        "boyz",
        models=10,
        placeholders={},
        stated_points=95,
        extra_options=[ops.StatedOption(name="Kustom Shoota", count=1, points=5)],
    )
    assert unit_points(b.unit(unit), catalogue) == 85
    assert unit_points(b.unit(unit), catalogue, as_priced=True) == 95


def test_a_version_2_file_opens_with_default_kinds(tmp_path: Path) -> None:
    catalogue = _catalogue(BOYZ)
    b = ListBuilder(catalogue)
    b.add("boyz", models=12, placeholders={})
    document = listfile.dumps(b.army).replace('"schema_version": 3', '"schema_version": 2')
    army = listfile.parse(document)
    (unit,) = [u for _, u in army.units()]
    assert unit.composition == {} and unit.models == 12
    assert listfile.dumps(army).count(f'"schema_version": {SCHEMA_VERSION}') == 1


def test_kinds_in_the_yaml_source(tmp_path: Path) -> None:
    path = tmp_path / "orks.yaml"
    path.write_text(
        """faction: {id: orks, name: Orks}
datasheets:
  - id: boyz
    name: Boyz
    role: Troupes
    models: 10-30
    points: 80
    kinds:
      - {name: Boss Nob, models: 1, wounds: 2}
      - {name: Boy, models: 9-29, per_model: 8}
""",
        encoding="utf-8",
    )
    _, ((sheet, _),) = read_faction_file(path)
    assert [(k.id, k.min, k.max, k.wounds, k.points) for k in sheet.kinds] == [
        ("boss-nob", 1, 1, 2, 0),
        ("boy", 9, 29, 1, 8),
    ]
    assert sheet.wounds == 2 and sheet.cost(30) == 80 + 20 * 8
