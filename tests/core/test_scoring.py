"""PV values, control factors and the destruction total (seed 000, FIN DE PARTIE; docs/rules.md)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import ListBuilder
from ost.core.armylist import ArmyList, Carried, Detachment, ModelGroup, Unit, UnitSnapshot
from ost.core.catalogue import Catalogue, Datasheet, ModelKind, WargearItem
from ost.core.presenter import present, unit_line
from ost.core.roles import Role
from ost.core.scoring import control_factor, format_value, pv_value, pv_value_text, score_army, score_unit


@pytest.mark.parametrize(
    ("role", "never_holds", "factor"),
    [
        (Role.TROOPS, False, 4),
        (Role.FLYER, False, 1),
        (Role.HQ, False, 2),
        (Role.ELITES, False, 2),
        (Role.FAST_ATTACK, False, 2),
        (Role.HEAVY_SUPPORT, False, 2),
        (Role.LORD_OF_WAR, False, 2),
        (Role.FORTIFICATION, False, 2),
        (Role.DEDICATED_TRANSPORT, False, 2),
        (Role.UNSLOTTED, False, 2),
        (Role.TROOPS, True, 0),
        (Role.FLYER, True, 0),
        (Role.HQ, True, 0),
    ],
)
def test_control_factor(role: Role, never_holds: bool, factor: int) -> None:
    assert control_factor(role, never_holds) == factor


def test_pv_value_is_cost_over_all_wounds() -> None:
    assert pv_value(100, 5, 2) == 10
    assert pv_value(80, 1, 5) == 16
    assert pv_value(100, 0, 2) is None
    assert pv_value(100, 5, 0) is None


def test_unit_scores(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    inter = b.add("intercessors", models=7)
    tac = b.add("tactical", models=7, options={"flamer": 2})
    cap = b.add("captain")
    pod = b.add("pod")
    score = score_army(b.army, mini)

    s = score.unit(inter)
    assert s is not None
    assert (s.points, s.wounds, s.pv_value, s.control_factor) == (140, 14, 10, 4)
    assert s.model_value == 20
    assert s.control_per_pv == 40
    assert s.full_control == 560

    # Options are part of the cost, shared by every PV (docs/rules.md, Sheets).
    s = score.unit(tac)
    assert s is not None
    assert s.points == 90 + 2 * 18 + 2 * 5
    assert s.pv_value == pytest.approx(136 / 7)

    s = score.unit(cap)
    assert s is not None and s.independent_character and s.control_factor == 2 and s.pv_value == 16

    s = score.unit(pod)
    assert s is not None
    assert not s.operational and s.control_factor == 0 and s.full_control == 0


def test_destruction_total_leaves_non_operational_units_out(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    b.add("captain")
    b.add("intercessors")
    b.add("pod")
    b.add("bastion")
    score = score_army(b.army, mini)
    assert score.total_points == 80 + 100 + 60 + 100
    assert score.destruction_total == 80 + 100
    assert [u.name for u in score.non_operational] == ["Module", "Bastion"]
    assert score.total_wounds == 5 + 10 + 8 + 20
    assert score.total_models == 1 + 5 + 1 + 1


def test_independent_character_needs_nine_wounds_or_fewer(mini: Catalogue) -> None:
    big = Datasheet(id="big", name="Gros Perso", role=Role.HQ, wounds=10, keywords=["MONSTRE", "PERSONNAGE"])
    small = Datasheet(id="small", name="Petit Perso", role=Role.HQ, wounds=9, keywords=["INFANTERIE", "CHARACTER"])
    plain = Datasheet(id="plain", name="Grunt", role=Role.TROOPS, wounds=1, keywords=["INFANTERIE"])
    catalogue = Catalogue([big, small, plain], mini.bands)
    army = ArmyList(
        detachments=[
            Detachment(
                id="d1",
                units=[
                    Unit(id=s.id, datasheet=s.id, snapshot=UnitSnapshot(name=s.name, role=s.role, points=0), models=1)
                    for s in (big, small, plain)
                ],
            )
        ]
    )
    flags = {u.unit_id: u.independent_character for u in score_army(army, catalogue).units}
    assert flags == {"big": False, "small": True, "plain": False}


def test_unknown_datasheet_keeps_snapshot_role_and_points(mini: Catalogue) -> None:
    unit = Unit(
        id="x",
        datasheet="gone",
        snapshot=UnitSnapshot(name="Disparus", role=Role.TROOPS, points=120),
        models=5,
    )
    s = score_unit(unit, mini)
    assert (s.points, s.role, s.control_factor, s.operational) == (120, Role.TROOPS, 4, True)
    assert s.wounds is None and s.pv_value is None and s.control_per_pv is None and s.full_control == 0
    army = ArmyList(detachments=[Detachment(id="d1", units=[unit])])
    score = score_army(army, mini)
    assert [u.name for u in score.unknown_wounds] == ["Disparus"]
    assert score.total_wounds == 0 and score.destruction_total == 120


def test_unit_lookup_is_by_id(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    b.add("captain")
    score = score_army(b.army, mini)
    assert score.unit("u1") is not None
    assert score.unit("nope") is None


@pytest.mark.parametrize(
    ("value", "lang", "text"),
    [(136 / 7, "fr", "19,4"), (136 / 7, "en", "19.4"), (10.0, "fr", "10"), (7.5, "fr", "7,5"), (None, "en", "–")],
)
def test_format_value(value: float | None, lang: str, text: str) -> None:
    assert format_value(value, lang) == text


@given(
    points=st.integers(min_value=0, max_value=5000),
    models=st.integers(min_value=1, max_value=60),
    wounds=st.integers(min_value=1, max_value=40),
)
def test_all_pv_together_are_worth_the_unit(points: int, models: int, wounds: int) -> None:
    value = pv_value(points, models, wounds)
    assert value is not None
    assert math.isclose(value * models * wounds, points, abs_tol=1e-6)


@given(st.lists(st.sampled_from(["captain", "intercessors", "pod", "bastion", "stormhawk", "rhino"]), max_size=12))
def test_destruction_total_never_exceeds_total(mini: Catalogue, sheets: list[str]) -> None:
    b = ListBuilder(mini)
    for sheet in sheets:
        b.add(sheet)
    score = score_army(b.army, mini)
    assert 0 <= score.destruction_total <= score.total_points
    assert score.total_points == sum(u.points for u in score.units)


def test_values_round_half_up() -> None:
    from ost.core.scoring import format_value

    assert format_value(65 / 4, "fr") == "16,3"  # 16.25: people round half up
    assert format_value(16.25, "en") == "16.3"
    assert format_value(2.675, "en", 2) == "2.68"
    assert format_value(10.0, "fr") == "10"


# --- PV value per model (SPEC §4, seed 000 FIN DE PARTIE) ---------------------------------


def test_ten_boyz_value_the_boss_nobs_pv_at_4_and_a_boys_at_8(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=1000)
    boyz = b.add("ork-boyz", models=10)
    s = score_unit(b.unit(boyz), shipped)
    assert s.points == 80 and s.wounds == 11  # the unit's PV and cost are unchanged
    assert [(k.name, k.count, k.points_each, k.pv_value) for k in s.kinds or ()] == [
        ("Boss Nob", 1, 8, 4),
        ("Boy", 9, 8, 8),
    ]
    assert s.pv_value is None  # not one value for the whole unit any more
    assert pv_value_text(s, "fr") == "8 (Boss Nob 4)" and pv_value_text(s, "en") == "8 (Boss Nob 4)"
    view = present(shipped.get("ork-boyz"), shipped, "en", b.unit(boyz))  # type: ignore[arg-type]
    assert "1 W = 8 (Boss Nob 4)" in unit_line(view)
    # The destruction total is the units' points, as before.
    assert score_army(b.army, shipped).destruction_total == 80


def test_a_unit_of_one_value_prints_one_number(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=1000)
    squad = b.add("ork-squighog-boyz", models=3)
    s = score_unit(b.unit(squad), shipped)
    assert s.pv_value == pytest.approx(s.points / 3 / 3)
    assert pv_value_text(s, "fr") == format_value(s.pv_value, "fr")


_NOBZ = Datasheet(
    id="nobz",
    name="Nobz",
    role=Role.ELITES,
    keywords=["INFANTERIE", "NOBZ"],
    faction_keywords=["ORKS"],
    min_models=5,
    max_models=10,
    points=100,
    kinds=[
        ModelKind(id="boss", name="Boss Nob", min=1, max=1, wounds=2),
        ModelKind(id="nob", name="Nob", min=4, max=9, wounds=2, points=20),
    ],
    wargear=[WargearItem(id="klaw", name="Pince énergétique", points=10)],
)


def _nobz(loadout: list[ModelGroup]) -> Unit:
    return Unit(
        id="n",
        datasheet="nobz",
        snapshot=UnitSnapshot(name="Nobz", role=Role.ELITES, points=100),
        models=5,
        composition={"boss": 1, "nob": 4},
        loadout=loadout,
    )


def test_a_model_is_worth_its_share_plus_the_wargear_it_carries(mini: Catalogue) -> None:
    catalogue = Catalogue([_NOBZ], mini.bands)
    # The Boss Nob and two Nobz carry a klaw: 10 points each at the catalogue's price (the 12 the list
    # states for two of them is what the list said; Ost prices with its catalogue).
    unit = _nobz(
        [
            ModelGroup(kind="boss", count=1, wargear=[Carried(item="klaw", name="Pince énergétique")]),
            ModelGroup(kind="nob", count=2, wargear=[Carried(item="klaw", name="Pince énergétique", points=12)]),
            ModelGroup(kind="nob", count=2),
        ]
    )
    s = score_unit(unit, catalogue, as_priced=False)
    # The unit costs 100 + 3 klaws = 130: the 30 points of wargear go to the models that carry it,
    # the rest is shared: (130 - 30) / 5 = 20 each.
    assert s.points == 130
    kinds = [(k.name, k.count, round(k.points_each, 6), round(k.pv_value or 0, 6)) for k in s.kinds or ()]
    assert kinds == [("Boss Nob", 1, 30.0, 15.0), ("Nob", 2, 20.0, 10.0), ("Nob", 2, 30.0, 15.0)]
    assert sum(k.points_each * k.count for k in s.kinds or ()) == pytest.approx(s.points)
    assert s.wounds == 10


def test_without_a_loadout_every_model_has_its_share_only(mini: Catalogue) -> None:
    catalogue = Catalogue([_NOBZ], mini.bands)
    s = score_unit(_nobz([]), catalogue)
    assert [(k.name, k.points_each, k.pv_value) for k in s.kinds or ()] == [("Boss Nob", 20, 10), ("Nob", 20, 10)]
    assert s.pv_value == 10  # every PV worth the same: one value
