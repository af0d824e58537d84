"""The shipped squads offer their real 9th-edition choices, with their limits (issue 18).

The choices come from the data (tools/wargear_from_data.py, checked field by
field by tests/test_catalogue_fidelity.py); these tests play them through the
wargear core on the shipped catalogue, the way a list takes them: a heavy
weapon one per ten Boyz, reapers for every Necron Warrior, the Tactical
Squad's special and heavy weapons, the Guard's special weapons; and every
shipped datasheet's units, carrying their defaults, break no limit.
"""

from __future__ import annotations

import pytest

from helpers import army_with, give
from ost.core.armylist import ArmyList, total_points, unit_points
from ost.core.catalogue import Catalogue
from ost.core.findings import Code
from ost.core.validator import validate
from ost.core.wargear import carried_weapons, effective_loadout, wargear_findings, wargear_problems


def _problems(army: ArmyList, unit_id: str, catalogue: Catalogue) -> list[str]:
    unit = army.unit(unit_id)
    assert unit is not None
    sheet = catalogue.get(unit.datasheet)
    assert sheet is not None
    return [f"{p.problem} {p.group} {p.item}" for p in wargear_problems(unit, sheet)]


def test_most_shipped_datasheets_state_their_wargear(shipped: Catalogue) -> None:
    """Every datasheet whose counterpart has wargear says what its models carry; most offer choices."""
    with_loadouts = [s.id for s in shipped if s.has_loadouts]
    with_choices = [s.id for s in shipped if s.choices]
    assert len(with_loadouts) >= 100
    assert len(with_choices) >= 85
    for sheet_id in ("sm-escouade-tactique", "am-escouade-infanterie", "ork-big-boss", "ork-boyz", "nec-guerriers"):
        assert sheet_id in with_choices


@pytest.mark.parametrize("size", ["min", "max"])
def test_every_shipped_unit_with_its_defaults_breaks_no_limit(shipped: Catalogue, size: str) -> None:
    """A unit as it is added (every model with its kind's defaults) is legal for its wargear, at both sizes."""
    broken = []
    for sheet in shipped:
        models = sheet.min_models if size == "min" else sheet.max_models
        army, unit_id = army_with(shipped, sheet.id, max(1, models))
        found = _problems(army, unit_id, shipped)
        if found:
            broken.append(f"{sheet.id}: {found}")
    assert not broken, "\n".join(broken)


def test_boyz_take_one_heavy_weapon_for_every_ten_models(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "ork-boyz", 10)
    give(army, unit_id, shipped, "boy-avec-arme-lourde", "gros-fling", 1)
    assert _problems(army, unit_id, shipped) == []
    give(army, unit_id, shipped, "boy-avec-arme-lourde", "lance-rokette", 1)
    assert _problems(army, unit_id, shipped) == ["over boy-avec-arme-lourde None"]
    (finding,) = [f for f in wargear_findings(army, shipped) if f.code is Code.WARGEAR_LIMIT]
    assert "Boy avec arme lourde" in finding.message.fr and "10" in finding.message.fr
    assert "Ork Boy w/ 'Eavy Weapon" in finding.message.en and "10" in finding.message.en
    # Twenty models: two heavy weapons.
    army, unit_id = army_with(shipped, "ork-boyz", 20)
    give(army, unit_id, shipped, "boy-avec-arme-lourde", "gros-fling", 1)
    give(army, unit_id, shipped, "boy-avec-arme-lourde", "lance-rokette", 1)
    assert _problems(army, unit_id, shipped) == []


def test_a_boy_with_a_shoota_gives_up_his_choppa_and_slugga(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "ork-boyz", 10)
    give(army, unit_id, shipped, "boy-avec-fling", "fling", 9)
    unit = army.unit(unit_id)
    sheet = shipped.get("ork-boyz")
    assert unit is not None and sheet is not None
    boys = [g for g in effective_loadout(unit, sheet) if g.kind == "boy"]
    assert [(g.count, sorted(c.item or "" for c in g.wargear)) for g in boys] == [(9, ["fling", "stikkbombes"])]
    counts = {w.weapon.name: w.count for w in carried_weapons(unit, sheet)}
    assert counts["Fling"] == 9 and counts["Kalibr"] == 1 and counts["Kikoup'"] == 1  # the Boss Nob's
    assert _problems(army, unit_id, shipped) == []


def test_the_boss_nob_changes_each_arm_once(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "ork-boyz", 10)
    give(army, unit_id, shipped, "premier-bras-du-nob", "pince-energetik", 1)
    assert _problems(army, unit_id, shipped) == []
    unit = army.unit(unit_id)
    sheet = shipped.get("ork-boyz")
    assert unit is not None and sheet is not None
    names = {w.weapon.name for w in carried_weapons(unit, sheet)}
    assert "Pince énergétik" in names
    # The klaw is priced (the data's 10 points), beyond the datasheet's.
    assert sheet.wargear_map["pince-energetik"].points == 10


def test_every_necron_warrior_may_take_a_gauss_reaper(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "nec-guerriers", 20)
    give(army, unit_id, shipped, "guerriers-necrons-faucheur-a-fission", "faucheur-a-fission", 20)
    assert _problems(army, unit_id, shipped) == []
    unit = army.unit(unit_id)
    sheet = shipped.get("nec-guerriers")
    assert unit is not None and sheet is not None
    assert {w.weapon.name: w.count for w in carried_weapons(unit, sheet)} == {"Faucheur à fission": 20}


def test_the_tactical_squad_takes_its_heavy_weapon_beside_a_special_one_at_ten_models(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 5)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    give(army, unit_id, shipped, "arme-lourde", "lance-missiles", 1)
    assert _problems(army, unit_id, shipped) == ["over speciale-ou-lourde None"]
    army, unit_id = army_with(shipped, "sm-escouade-tactique", 10)
    give(army, unit_id, shipped, "arme-speciale", "lance-flammes", 1)
    give(army, unit_id, shipped, "arme-lourde", "multi-fuseur", 1)
    assert _problems(army, unit_id, shipped) == []
    sheet = shipped.get("sm-escouade-tactique")
    assert sheet is not None and sheet.wargear_map["multi-fuseur"].points == 10  # the data's price


def test_guardsmen_take_their_special_weapons_within_the_data_limits(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "am-troupes-choc-cadiennes", 10)
    choice = "soldat-de-choc-avec-arme-speciale"
    give(army, unit_id, shipped, choice, "fuseur", 1)
    give(army, unit_id, shipped, choice, "lance-flammes", 1)
    assert _problems(army, unit_id, shipped) == []
    give(army, unit_id, shipped, choice, "fusil-a-plasma", 1)
    assert _problems(army, unit_id, shipped) == [f"over {choice} None"]
    army, unit_id = army_with(shipped, "am-escouade-infanterie", 10)
    give(army, unit_id, shipped, "arme-speciale", "fusil-plasma", 1)
    assert _problems(army, unit_id, shipped) == []


def test_a_list_of_shipped_units_with_defaults_and_choices_validates(shipped: Catalogue) -> None:
    """The validator reports the wargear limits of shipped units too, French and English."""
    army, unit_id = army_with(shipped, "ork-boyz", 10)
    for _ in range(2):
        give(army, unit_id, shipped, "boy-avec-arme-lourde", "gros-fling", 1)
    report = validate(shipped, army)
    limits = [f for f in report.findings if f.code is Code.WARGEAR_LIMIT]
    assert len(limits) == 1 and not report.legal
    assert limits[0].message.fr != limits[0].message.en


def test_a_list_saved_before_the_space_marines_followed_the_data_opens_with_named_findings(shipped: Catalogue) -> None:
    """A version-4 list (written by Ost before the shipped Space Marines lost other chapters' gear) still opens.

    Its Tactical Squad's heavy flamer, Techmarine's jump pack and Company
    Veterans' combat shield and heavy flamer are no longer offered: each is a
    WARGEAR-LIMIT naming the item as the list wrote it (not its bare id), and
    is not priced; the Captain's Chapter Master taken then as an upgrade stays
    legal and priced (35 points).
    """
    from helpers import TESTS
    from ost.formats.lists.listreader import read_list

    data = (TESTS / "data" / "lists" / "space-marines-dropped-gear.v4.ost").read_bytes()
    result = read_list(data, "old.ost", shipped)
    army = result.army
    units = {u.datasheet: u for _, u in army.units()}
    captain = units["sm-capitaine"]
    assert unit_points(captain, shipped) == 120
    # Taken then as the unit's upgrade, the Chapter Master is now the Captain's model's choice: he carries it.
    assert captain.upgrades == []
    assert [c.item for g in captain.loadout for c in g.wargear].count(
        "commandement-de-chapitre-maitre-de-chapitre"
    ) == 1
    assert any(
        "Capitaine: Chapter Command: Chapter Master was taken for the unit" in line
        for line in result.reading.lines("en")
    )
    assert any(
        "Capitaine : Commandement de Chapitre : Maître de Chapitre était pris pour l'unité" in line
        for line in result.reading.lines("fr")
    )
    assert total_points(army, shipped) == 320  # 358 then: the jump pack (25), shield (3) and flamer (10) unpriced
    report = validate(shipped, army)
    limits = [f for f in report.findings if f.code is Code.WARGEAR_LIMIT]
    assert len(limits) == 4
    assert all(units["sm-capitaine"].id not in f.units for f in limits)
    en = " ".join(f.message("en") for f in limits)
    fr = " ".join(f.message("fr") for f in limits)
    for written in ("Lance-flammes lourd", "Réacteurs dorsaux", "Bouclier de combat (Company Veteran Sergeant)"):
        assert f"“{written}”" in en and f"« {written} »" in fr
    assert "reacteurs-dorsaux" not in en and "lance-flammes-lourd" not in fr
    # Legal side: the same squad with a heavy weapon the data offers is no finding.
    tactical = units["sm-escouade-tactique"]
    for group in tactical.loadout:
        for entry in group.wargear:
            if entry.item == "lance-flammes-lourd":
                entry.item, entry.name = "multi-fuseur", "Multi-fuseur"
    assert _problems(army, tactical.id, shipped) == []
