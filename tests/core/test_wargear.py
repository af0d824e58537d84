"""Wargear as players choose it: loadouts, choices with undo, limits, findings, cards, old lists."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import BSDATA_SAMPLE, army_with, give
from ost.core import armylist as ops
from ost.core import listfile
from ost.core.armylist import ArmyList, Carried, ModelGroup, unit_points
from ost.core.catalogue import (
    BandTable,
    Catalogue,
    Datasheet,
    ModelKind,
    WargearGroup,
    WargearItem,
    WargearLimit,
    WargearOption,
    WeaponProfile,
)
from ost.core.findings import Code
from ost.core.presenter import present
from ost.core.roles import Role
from ost.core.wargear import (
    apply_choice,
    carried_points,
    carried_weapons,
    effective_loadout,
    wargear_findings,
    wargear_problems,
)
from ost.formats.lists.listreader import read_list

FULL_RELEASE = BSDATA_SAMPLE.parent / "bsdata-9e-full"
TYRANIDS = FULL_RELEASE / "Tyranids.cat"


def warriors() -> Datasheet:
    """Tyranid Warriors as the 9th-edition data (Tyranids.cat) builds them.

    Each warrior: one ranged weapon (devourer by default) and one melee pair;
    a Barbed Strangler or a Venom Cannon each "max 0 in the unit, +1 for every
    3 models"; biomorphs once per unit.
    """
    ranged = ["devourer", "deathspitter", "spinefists", "barbed-strangler", "venom-cannon"]
    return Datasheet(
        id="tyranid-warriors",
        name="Tyranid Warriors",
        role=Role.ELITES,
        min_models=3,
        max_models=9,
        points=90,
        points_per_model=30,
        kinds=[
            ModelKind(
                id="warrior",
                name="Tyranid Warrior",
                min=3,
                max=9,
                wounds=3,
                points=30,
                loadout={"devourer": 1, "scything-talons": 1},
            )
        ],
        weapons=[
            WeaponProfile(name="Devourer", range='18"', type="Assault 3", s="4", ap="0", d="1"),
            WeaponProfile(name="Barbed Strangler", range='36"', type="Assault D6", s="4", ap="-1", d="1"),
            WeaponProfile(name="Venom Cannon", range='36"', type="Heavy D3", s="8", ap="-2", d="2"),
            WeaponProfile(name="Scything Talons", range="Melee", type="Melee", s="User", ap="-2", d="1"),
        ],
        wargear=[
            *(WargearItem(id=i, name=i.replace("-", " ").title()) for i in ranged),
            WargearItem(id="barbed-strangler-priced", name="unused"),
            WargearItem(id="scything-talons", name="Scything Talons"),
            WargearItem(id="adrenal-glands", name="Adrenal Glands", kind="upgrade", points=15),
        ],
        choices=[
            WargearGroup(
                id="ranged",
                name="Ranged weapon",
                kinds=["warrior"],
                items=ranged[1:],
                replaces=["devourer"],
                limit=WargearLimit(max=1),
                item_limits={
                    "barbed-strangler": WargearLimit(max=1, per="unit", every=3),
                    "venom-cannon": WargearLimit(max=1, per="unit", every=3),
                },
            ),
            WargearGroup(
                id="biomorphs",
                name="Biomorphs",
                items=["adrenal-glands"],
                item_limits={"adrenal-glands": WargearLimit(max=1, per="unit")},
            ),
        ],
    )


def catalogue_of(*sheets: Datasheet) -> Catalogue:
    return Catalogue(sheets, BandTable(bands=[]))


# --- the data, read from the full release ---------------------------------------------------------


@pytest.mark.bsdata
@pytest.mark.skipif(not TYRANIDS.is_file(), reason="the 9th-edition full release is not present")
def test_the_warriors_fixture_says_what_tyranids_cat_says() -> None:
    """One Barbed Strangler and one Venom Cannon for every three models: max 0, +1 per 3 models in the unit."""
    ns = "{http://www.battlescribe.net/schema/catalogueSchema}"
    root = ET.parse(TYRANIDS).getroot()
    unit = next(e for e in root.iter(f"{ns}selectionEntry") if e.get("id") == "8ffc-a0f3-766e-8ae4")
    for name in ("Barbed Strangler", "Venom Cannon"):
        link = next(e for e in unit.iter(f"{ns}entryLink") if e.get("name") == name)
        caps = {c.get("id"): c for c in link.iter(f"{ns}constraint") if c.get("scope") == unit.get("id")}
        (cap,) = caps.values()
        assert (cap.get("type"), float(cap.get("value") or "-1")) == ("max", 0.0)
        step = next(m for m in unit.iter(f"{ns}modifier") if m.get("field") == cap.get("id"))
        repeat = next(step.iter(f"{ns}repeat"))
        assert (step.get("type"), float(step.get("value") or 0)) == ("increment", 1.0)
        assert (float(repeat.get("value") or 0), repeat.get("field"), repeat.get("childId")) == (
            3.0,
            "selections",
            "model",
        )
    limit = warriors().choice_map["ranged"].item_limits["barbed-strangler"]
    assert (limit.max, limit.per, limit.every) == (1, "unit", 3)


# --- limits: both sides ----------------------------------------------------------------------------


@pytest.mark.parametrize(("models", "stranglers", "problems"), [(6, 2, 0), (6, 3, 1), (5, 2, 1), (3, 1, 0), (9, 3, 0)])
def test_one_barbed_strangler_for_every_three_warriors(models: int, stranglers: int, problems: int) -> None:
    catalogue = catalogue_of(warriors())
    army, unit_id = army_with(catalogue, "tyranid-warriors", models)
    give(army, unit_id, catalogue, "ranged", "barbed-strangler", stranglers)
    unit = army.unit(unit_id)
    assert unit is not None
    found = wargear_problems(unit, warriors())
    assert len(found) == problems
    if problems:
        (problem,) = found
        assert (problem.problem, problem.item, problem.bound, problem.count) == (
            "over",
            "barbed-strangler",
            models // 3,
            stranglers,
        )


def test_three_and_three_on_six_warriors_are_refused_in_both_languages() -> None:
    catalogue = catalogue_of(warriors())
    army, unit_id = army_with(catalogue, "tyranid-warriors", 6)
    give(army, unit_id, catalogue, "ranged", "barbed-strangler", 3)
    give(army, unit_id, catalogue, "ranged", "venom-cannon", 3)
    findings = wargear_findings(army, catalogue)
    assert [f.code for f in findings] == [Code.WARGEAR_LIMIT, Code.WARGEAR_LIMIT]
    strangler = findings[0]
    assert strangler.units == (unit_id,)
    assert "Tyranid Warriors" in strangler.message.fr and "« Barbed Strangler »" in strangler.message.fr
    assert "au plus 1 par tranche de 3 figurines de l'unité (2 ici)" in strangler.message.fr
    assert "pris 3 fois" in strangler.message.fr
    assert "“Barbed Strangler”" in strangler.message.en and "at most 1 for every 3 models in the unit (2 here)" in (
        strangler.message.en
    )
    assert strangler.fix.fr == "Retirez « Barbed Strangler » à 1 figurine. Ou agrandissez l'unité."
    assert strangler.fix.en == "Remove “Barbed Strangler” from 1 model. Or add models to the unit."


def test_a_per_model_limit_and_its_legal_side(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 5)
    sergeant = 0  # leaders first
    ops.choose_wargear(army, unit_id, shipped, group=sergeant, models=1, choice="sergent-bolter", item="combi-plasma")
    assert wargear_findings(army, shipped) == []
    unit = army.unit(unit_id)
    assert unit is not None
    # Two items of one "replace with one of" on one model: over its per-model limit.
    unit.loadout[0].wargear.append(Carried(item="fulgurant", name="Fulgurant", kind="weapon"))
    (finding,) = wargear_findings(army, shipped)
    assert "Sergent en porte 2" in finding.message.fr and "au plus 1 par figurine" in finding.message.fr
    assert "Space Marine Sergeant carries 2" in finding.message.en and "at most 1 per model" in finding.message.en


def _team_must_choose(catalogue: Catalogue) -> Catalogue:
    """``catalogue`` with the Infantry Squad's heavy weapons team as Ost shipped it before following the data:
    a lasgun and a heavy weapon to choose (at least 1 per model), no heavy bolter by default."""
    sheets = []
    for sheet in catalogue:
        if sheet.id == "am-escouade-infanterie":
            data = sheet.model_dump()
            team = next(k for k in data["kinds"] if k["id"] == "equipe-d-armes-lourdes")
            team["loadout"] = {"fusil-laser": 1}
            heavy = next(g for g in data["choices"] if g["id"] == "arme-lourde")
            heavy.update(items=[*heavy["items"], "bolter-lourd"], item_limits={}, replaces=[])
            heavy["limit"].update(min=1, max=1)
            sheet = Datasheet.model_validate(data)
        sheets.append(sheet)
    return Catalogue(sheets, catalogue.bands, catalogue.glossary.values(), catalogue.factions.values())


def test_the_heavy_weapons_team_carries_the_data_s_heavy_bolter(shipped: Catalogue) -> None:
    """The shipped team starts with the data's heavy bolter (legal as it is) and may swap it for another."""
    army, unit_id = army_with(shipped, "am-escouade-infanterie", 10)
    ops.set_kind_count(army, unit_id, "equipe-d-armes-lourdes", 1, shipped)
    ops.set_kind_count(army, unit_id, "garde", 8, shipped)
    unit = army.unit(unit_id)
    sheet = shipped.get("am-escouade-infanterie")
    assert unit is not None and sheet is not None and wargear_findings(army, shipped) == []
    team = next(i for i, g in enumerate(effective_loadout(unit, sheet)) if g.kind == "equipe-d-armes-lourdes")
    assert {c.item for c in effective_loadout(unit, sheet)[team].wargear} == {"fusil-laser", "bolter-lourd"}
    ops.choose_wargear(army, unit_id, shipped, group=team, models=1, choice="arme-lourde", item="autocanon")
    carried = {c.item for g in effective_loadout(unit, sheet) if g.kind == "equipe-d-armes-lourdes" for c in g.wargear}
    assert carried == {"fusil-laser", "autocanon"} and wargear_findings(army, shipped) == []


def test_a_minimum_per_model_the_heavy_weapons_team_must_choose(shipped: Catalogue) -> None:
    shipped = _team_must_choose(shipped)
    army, unit_id = army_with(shipped, "am-escouade-infanterie", 10)
    unit = army.unit(unit_id)
    assert unit is not None
    ops.set_kind_count(army, unit_id, "equipe-d-armes-lourdes", 1, shipped)
    ops.set_kind_count(army, unit_id, "garde", 8, shipped)
    (finding,) = wargear_findings(army, shipped)
    assert "au moins 1 par figurine" in finding.message.fr and "at least 1 per model" in finding.message.en
    assert "Choisissez encore 1" in finding.fix.fr
    team = next(
        i for i, g in enumerate(effective_loadout(unit, shipped.get(unit.datasheet))) if g.kind.startswith("equipe")
    )  # type: ignore[arg-type]
    ops.choose_wargear(army, unit_id, shipped, group=team, models=1, choice="arme-lourde", item="autocanon")
    assert wargear_findings(army, shipped) == []


def test_nested_groups_one_special_or_heavy_below_ten_models(shipped: Catalogue) -> None:
    for models, legal in ((10, True), (9, False)):
        army, unit_id = army_with(shipped, "sm-escouade-tactique", models)
        give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
        give(army, unit_id, shipped, "arme-lourde", "lance-missiles", 1)
        assert (wargear_findings(army, shipped) == []) is legal, models
    # Both on one marine: over the per-model limit of the group that holds them.
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 10)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    unit = army.unit(unit_id)
    assert unit is not None
    sheet = shipped.get(unit.datasheet)
    assert sheet is not None
    flamer = next(
        i for i, g in enumerate(effective_loadout(unit, sheet)) if any(c.item == "lance-flammes" for c in g.wargear)
    )
    ops.choose_wargear(army, unit_id, shipped, group=flamer, models=1, choice="arme-lourde", item="canon-laser")
    problems = wargear_problems(unit, sheet)
    assert [(p.group, p.problem) for p in problems] == [("arme-du-marine", "over")]


def test_items_not_open_to_that_model_or_unit(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "am-escouade-infanterie", 10)
    unit = army.unit(unit_id)
    assert unit is not None
    unit.loadout = [ModelGroup(kind="sergent", count=1, wargear=[Carried(item="mortier", name="Mortier")])]
    unit.upgrades = [Carried(item="vox", name="Vox")]  # a Guardsman's, not the unit's
    found = wargear_findings(army, shipped)
    closed = [f for f in found if "n'offre" in f.message.fr or "ne lui offre pas" in f.message.fr]
    assert len(closed) == 2
    assert any("Sergent porte « Mortier »" in f.message.fr for f in closed)
    assert any("Sergeant carries “Mortar”" in f.message.en for f in closed)
    assert all(f.fix.fr.startswith("Retirez") and f.fix.en.startswith("Remove") for f in closed)
    unit.loadout, unit.upgrades = [], []
    assert wargear_findings(army, shipped) == []


# --- choices, replaces, undo ----------------------------------------------------------------------------


def test_a_choice_replaces_the_default_and_prints_once_with_counts(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 10)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    unit = army.unit(unit_id)
    assert unit is not None
    sheet = shipped.get(unit.datasheet)
    assert sheet is not None
    counts = {w.weapon.name: w.count for w in carried_weapons(unit, sheet)}
    assert counts["Bolter"] == 9 and counts["Lance-flammes"] == 1 and counts["Pistolet bolter"] == 10
    assert "Lance-missiles (frag)" not in counts and "Gantelet énergétique" not in counts
    for lang in ("fr", "en"):
        view = present(sheet, shipped, lang, unit)
        names = [w.name for w in view.weapons]
        assert len(names) == len(set(names))
        assert {w.label for w in view.weapons} >= (
            {"9× Bolter", "Lance-flammes"} if lang == "fr" else {"9× Boltgun", "Flamer"}
        )
        assert not any("missile" in n.lower() for n in names)
    assert len(present(sheet, shipped, "fr").weapons) == len(sheet.weapons)  # the datasheet alone: everything


def test_the_big_boss_gives_up_his_big_choppa_for_a_power_klaw(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "ork-big-boss", 1)
    ops.choose_wargear(army, unit_id, shipped, group=0, models=1, choice="bras-qui-tape", item="pince-energetik")
    unit = army.unit(unit_id)
    sheet = shipped.get("ork-big-boss")
    assert unit is not None and sheet is not None
    names = {w.weapon.name for w in carried_weapons(unit, sheet)}
    assert "Pince énergétik" in names and "Gros kikoup'" not in names
    assert unit_points(unit, shipped) == sheet.points + 10
    assert carried_points(unit, sheet, "big-boss") == 10
    assert wargear_findings(army, shipped) == []


def test_taking_nothing_gives_the_defaults_back(shipped: Catalogue) -> None:
    sheet = shipped.get("ork-big-boss")
    assert sheet is not None
    start = effective_loadout(ops.make_unit(ArmyList(), sheet), sheet)
    klaw = apply_choice(start, sheet, 0, 1, "bras-qui-tape", "pince-energetik")
    assert apply_choice(klaw, sheet, 0, 1, "bras-qui-tape", None) == start


@st.composite
def edits(draw: st.DrawFn) -> list[tuple[str, str | None, int]]:
    choices = [
        ("arme-speciale", ["lance-flammes", "fusil-plasma", "fuseur", "fusil-grav", None]),
        ("arme-lourde", ["lance-missiles", "canon-laser", None]),
        ("sergent-bolter", ["combi-plasma", "gantelet-energetique", None]),
        ("sergent-pistolet", ["pistolet-plasma", "epee-energetique", None]),
    ]
    out = []
    for _ in range(draw(st.integers(1, 8))):
        group, items = draw(st.sampled_from(choices))
        out.append((group, draw(st.sampled_from(items)), draw(st.integers(0, 20))))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=edits(), models=st.integers(5, 10))
def test_undo_restores_exactly(shipped: Catalogue, steps: list[tuple[str, str | None, int]], models: int) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", models)
    unit = army.unit(unit_id)
    sheet = shipped.get("sm-escouade-tactique")
    assert unit is not None and sheet is not None
    history = []
    for group_id, item, pick in steps:
        loadout = effective_loadout(unit, sheet)
        kinds = sheet.choice_map[group_id].kinds
        places = [i for i, g in enumerate(loadout) if g.kind in kinds]
        index = places[pick % len(places)]
        before = unit.model_copy(deep=True)
        change = ops.choose_wargear(
            army, unit_id, shipped, group=index, models=1 + pick % loadout[index].count, choice=group_id, item=item
        )
        history.append((before, change))
        after = effective_loadout(unit, sheet)
        assert sum(g.count for g in after) == models  # no model lost or made
        assert all(g.count > 0 for g in after)
    for before, change in reversed(history):
        ops.restore_wargear(army, unit_id, change)
        assert unit == before


@settings(max_examples=80, deadline=None)
@given(models=st.integers(3, 9), stranglers=st.integers(0, 9), cannons=st.integers(0, 9))
def test_the_limit_check_matches_the_rule(models: int, stranglers: int, cannons: int) -> None:
    sheet = warriors()
    stranglers, cannons = min(stranglers, models), min(cannons, models - min(stranglers, models))
    plain = models - stranglers - cannons
    loadout = [
        ModelGroup(
            kind="warrior", count=n, wargear=[Carried(item=i, name=i), Carried(item="scything-talons", name="t")]
        )
        for n, i in ((stranglers, "barbed-strangler"), (cannons, "venom-cannon"), (plain, "devourer"))
        if n
    ]
    army, unit_id = army_with(catalogue_of(sheet), "tyranid-warriors", models)
    unit = army.unit(unit_id)
    assert unit is not None
    unit.loadout = loadout
    found = {p.item for p in wargear_problems(unit, sheet)}
    expected = {i for i, n in (("barbed-strangler", stranglers), ("venom-cannon", cannons)) if n > models // 3}
    assert found == expected


# --- older shapes: options, lists of schema 3 ------------------------------------------------------


def test_priced_options_are_offered_through_the_new_shape() -> None:
    sheet = Datasheet(
        id="boss",
        name="Boss",
        role=Role.HQ,
        options=[WargearOption(id="squig", name="Squig d'attaque", points=5, max=1)],
    )
    assert [g.id for g in sheet.choice_map.values()] == ["option:squig"]
    catalogue = catalogue_of(sheet)
    army, unit_id = army_with(catalogue, "boss", 1)
    ops.set_upgrade(army, unit_id, catalogue, "squig", 1)
    unit = army.unit(unit_id)
    assert unit is not None
    assert unit_points(unit, catalogue) == 5 and wargear_findings(army, catalogue) == []
    change = ops.set_upgrade(army, unit_id, catalogue, "squig", 2)
    (finding,) = wargear_findings(army, catalogue)
    assert "« Squig d'attaque » : pris 2 fois ; au plus 1 dans l'unité" in finding.message.fr
    assert "“Squig d'attaque”: taken 2 times; at most 1 in the unit" in finding.message.en
    ops.restore_wargear(army, unit_id, change)
    assert wargear_findings(army, catalogue) == []


def test_a_list_of_schema_3_opens_with_default_loadouts_and_says_so(shipped: Catalogue) -> None:
    army, _ = army_with(shipped, "sm-escouade-tactique", 10)
    document = json.loads(listfile.dumps(army))
    document["schema_version"] = 3
    for detachment in document["detachments"]:
        for unit in detachment["units"]:
            del unit["loadout"], unit["upgrades"]
    old = json.dumps(document).encode()
    loaded, notes = listfile.parse_noted(old)
    assert loaded.schema_version == listfile.SCHEMA_VERSION and notes
    assert "équipement par défaut" in notes[0].fr and "default wargear" in notes[0].en
    assert all(u.loadout == [] for _, u in loaded.units())
    read = read_list(old, "ancienne.ost", shipped)
    assert [n.message.en for n in read.reading.notes] == [notes[0].en]
    assert listfile.parse_noted(listfile.dumps(loaded))[1] == []  # a current list says nothing


def test_no_star_in_a_printed_profile(shipped: Catalogue) -> None:
    for sheet in shipped:
        for lang in ("fr", "en"):
            for row in present(sheet, shipped, lang).profiles:
                assert "*" not in row.values, (sheet.id, row.name)
    russ = shipped.get("am-leman-russ")
    assert russ is not None
    row = present(russ, shipped, "fr").profiles[0]
    assert row.values[:3] == ('10"', "6+", "4+")


def test_models_with_wargear_kept_by_name_beside_catalogue_items_are_grouped() -> None:
    """A roster's weapon the catalogue lacks (no item id) beside one it has: groups merge, nothing raises."""
    from ost.core.wargear import merged

    def carrying() -> list[Carried]:
        return [
            Carried(item="combi-bolter", name="Combi-bolter", kind="weapon", count=1),
            Carried(item=None, name="Chainaxe", kind="weapon", count=1),
        ]

    groups = [
        ModelGroup(kind="terminator", count=4, wargear=carrying()),
        ModelGroup(kind="terminator", count=5, wargear=list(reversed(carrying()))),
        ModelGroup(kind="terminator", count=1, wargear=[Carried(item=None, name="Chainaxe", kind="weapon", count=1)]),
    ]
    out = merged(groups)
    assert [(g.count, sorted(c.name for c in g.wargear)) for g in out] == [
        (9, ["Chainaxe", "Combi-bolter"]),
        (1, ["Chainaxe"]),
    ]


@pytest.mark.parametrize(
    ("sheet_id", "choice", "models", "taken", "legal"),
    [
        ("am-scions", "scion-avec-arme-speciale", 5, 2, True),
        ("am-scions", "scion-avec-arme-speciale", 5, 3, False),
        ("am-scions", "scion-avec-arme-speciale", 10, 4, True),
        ("ork-boyz-beast-snagga", "beast-snagga-boy-avec-lance-bombe", 10, 1, True),
        ("ork-boyz-beast-snagga", "beast-snagga-boy-avec-lance-bombe", 10, 2, False),
        ("ork-boyz-beast-snagga", "beast-snagga-boy-avec-lance-bombe", 20, 2, True),
    ],
)
def test_the_shipped_special_weapons_per_models_follow_the_datasheet(
    shipped: Catalogue, sheet_id: str, choice: str, models: int, taken: int, legal: bool
) -> None:
    """Scions: 2 special weapons per 5 models; Beast Snaggas: 1 thump gun per 10 (read as 0 before: none at all)."""
    army, unit_id = army_with(shipped, sheet_id, models)
    sheet = shipped.get(sheet_id)
    assert sheet is not None
    give(army, unit_id, shipped, choice, sheet.choice_map[choice].items[0], taken)
    unit = army.unit(unit_id)
    assert unit is not None
    broken = [p for p in wargear_problems(unit, sheet) if p.group == choice]
    assert (broken == []) is legal
