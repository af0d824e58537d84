"""The importer on the real BattleScribe 9th-edition sample (../shared/bsdata-9e), when it is there.

The expected counts and values come from the files themselves (see the notes
beside them): own datasheets plus those imported from linked catalogues, less
the three Imperial Navy entries whose catalogue is not in the sample.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, ListBuilder
from ost.cli.main import main
from ost.core import listfile
from ost.core.catalogue import Catalogue, Datasheet, SpaceRule
from ost.core.roles import Role
from ost.core.validator import validate
from ost.formats.bsdata import BsImport, read_bsdata
from ost.services import import_bsdata, open_store

SAMPLE = BSDATA_SAMPLE

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.skipif(not SAMPLE.is_dir(), reason=NO_SAMPLE),
]

FACTIONS = {
    "bs-orks": 102,
    "bs-necrons": 63,
    "bs-t-au-empire": 59,
    "bs-imperium-adeptus-astartes-ultramarines": 223,
    "bs-imperium-astra-militarum": 147,
}
#: Datasheets the files price at 0 points (Open Play variants, Ork vehicle builders, PL-only characters).
FREE_IN_THE_DATA = {
    "Kart",
    "Wagon",
    "Looted Wagon",
    "Looted 'Eavy Wagon",
    "Battle Fortress",
    "Grukk Face-Rippa",
    "Goff Rokker",
    "Skrak's Skull-nobz",
    "Land Raider Variant (Open Play)",
}


@pytest.fixture(scope="module")
def sample() -> BsImport:
    return read_bsdata([SAMPLE])


def find(result: BsImport, faction: str, name: str) -> Datasheet:
    found = [s for s in result.datasheets if s.faction == faction and s.name == name]
    assert len(found) == 1, f"{name} in {faction}: {len(found)} found"
    return found[0]


def test_every_datasheet_of_five_armies_has_role_points_and_size(sample: BsImport) -> None:
    coverage = {c.faction: c for c in sample.coverage}
    for faction, count in FACTIONS.items():
        sheets = [s for s in sample.datasheets if s.faction == faction]
        assert len(sheets) == count, faction
        for sheet in sheets:
            assert isinstance(sheet.role, Role)
            assert 1 <= sheet.min_models <= sheet.max_models, sheet.name
            assert sheet.points > 0 or sheet.name in FREE_IN_THE_DATA, sheet.name
        report = coverage[faction]
        assert report.datasheets == count
        assert report.size >= count - 2, (faction, report.size)  # two AM Legends units have no maximum
        assert report.keywords >= count - 2 and report.profiles >= count - 1
        assert sum(s.role is Role.UNSLOTTED for s in sheets) <= 1


def test_boyz(sample: BsImport) -> None:
    boyz = find(sample, "bs-orks", "Boyz")
    assert (boyz.role, boyz.min_models, boyz.max_models, boyz.points, boyz.points_per_model) == (
        Role.TROOPS,
        10,
        30,
        80,
        8,
    )
    assert boyz.faction_keywords == ["ORKS", "<CLAN>"]
    assert "INFANTRY" in boyz.keywords and boyz.identity == "BOYZ"
    # A Boss Nob of 2 wounds and 9 to 29 Boyz (the three Boy entries share the Ork Boy profile).
    assert [(k.name, k.min, k.max, k.wounds) for k in boyz.kinds] == [("Boss Nob", 1, 1, 2), ("Ork Boy", 9, 29, 1)]
    assert len(boyz.kinds[1].bs_ids) == 3 and boyz.kinds[0].bs_ids  # rosters name any of them
    assert boyz.wounds == 2
    assert boyz.unit_wounds(boyz.default_composition(10)) == 11


def test_commissar_is_one_model(sample: BsImport) -> None:
    commissar = find(sample, "bs-imperium-astra-militarum", "Commissar")
    assert (commissar.role, commissar.min_models, commissar.max_models, commissar.points) == (Role.ELITES, 1, 1, 40)
    assert [(k.name, k.min, k.max, k.wounds) for k in commissar.kinds] == [("Commissar", 1, 1, 4)]
    # The bodyguard bought with it is an option, not a model of the Commissar's unit.
    assert any(o.name == "Ogryn Bodyguard" and o.points == 50 for o in commissar.options)


def test_a_tau_commanders_drones_are_not_commanders(sample: BsImport) -> None:
    commander = find(sample, "bs-t-au-empire", "Commander in Crisis Battlesuit")
    assert [(k.name, k.min, k.max) for k in commander.kinds] == [("Commander in Crisis Battlesuit", 1, 1)]
    assert (commander.min_models, commander.max_models, commander.wounds) == (1, 1, 6)
    drones = {o.name: o for o in commander.options if "Drone" in o.name}
    assert drones["Gun Drone"].points == 10 and drones["Gun Drone"].max == 2


def test_multi_kind_units_of_the_sample(sample: BsImport) -> None:
    tactical = find(sample, "bs-imperium-adeptus-astartes-ultramarines", "Tactical Squad")
    assert [(k.name, k.min, k.max) for k in tactical.kinds] == [("Space Marine Sergeant", 1, 1), ("Space Marine", 4, 9)]
    relic = find(sample, "bs-imperium-adeptus-astartes-ultramarines", "Relic Terminator Squad")
    assert [(k.name, k.min, k.max, k.wounds) for k in relic.kinds] == [
        ("Relic Terminator Sergeant", 1, 1, 3),
        ("Relic Terminator", 4, 9, 3),
    ]
    krieg = find(sample, "bs-imperium-astra-militarum", "Death Korps of Krieg")
    assert (krieg.min_models, krieg.max_models) == (10, 10)
    assert sum(k.min for k in krieg.kinds) == 10
    # "Bodyguards" is a unit here, and its drones are wargear.
    guards = find(sample, "bs-t-au-empire", "Crisis Bodyguards")
    assert [(k.name, k.min, k.max) for k in guards.kinds] == [
        ("Crisis Bodyguard Shas'vre", 1, 1),
        ("Crisis Bodyguard Shas'ui", 1, 5),
    ]
    # A Grot Oiler "does not count as a model": a model entry without a profile, inside a model.
    mek = find(sample, "bs-orks", "Mek")
    assert [k.name for k in mek.kinds] == ["Mek"] and (mek.min_models, mek.max_models) == (1, 1)
    assert any(o.name == "Grot Oiler" and o.points == 5 for o in mek.options)
    silent = find(sample, "bs-necrons", "The Silent King")
    assert [(k.name, k.min, k.max, k.wounds) for k in silent.kinds] == [
        ("Szarekh", 1, 1, 16),
        ("Triarchal Menhir", 2, 2, 5),
    ]
    hydras = find(sample, "bs-imperium-astra-militarum", "Hydra Battery [Legends]")
    assert (hydras.min_models, hydras.max_models) == (1, 3)  # platforms entered as upgrades with a profile
    for sheet in sample.datasheets:
        assert sheet.kinds, sheet.name
        assert sheet.wounds == max(k.wounds for k in sheet.kinds), sheet.name
        assert sum(k.min for k in sheet.kinds) <= sheet.min_models <= sheet.max_models, sheet.name


def test_limits_that_change_with_the_units_own_selections(sample: BsImport) -> None:
    def kinds(faction: str, name: str) -> list[tuple[int, int]]:
        return [(k.min, k.max) for k in find(sample, faction, name).kinds]

    # The group of 9 Guardsmen (4 Veterans) loses a place when the heavy weapons team is taken.
    assert kinds("bs-imperium-astra-militarum", "Infantry Squad") == [(1, 1), (7, 9), (0, 1)]
    assert kinds("bs-imperium-astra-militarum", "Platoon Command Squad") == [(1, 1), (2, 4), (0, 1)]
    squad = find(sample, "bs-imperium-astra-militarum", "Infantry Squad")
    assert (squad.min_models, squad.max_models) == (9, 10)
    # A rider with a goad lance takes the place of one with a hunting lance: one kind of 4-9 riders.
    riders = find(sample, "bs-imperium-astra-militarum", "Attilan Rough Riders")
    assert [(k.name, k.min, k.max) for k in riders.kinds] == [("Rough Rider Sergeant", 1, 1), ("Rough Rider", 4, 9)]
    # A Reap-Blade more from 6 models; a Spanner, plus one per 4 Lootas.
    assert kinds("bs-necrons", "Skorpekh Destroyers") == [(3, 6)]
    assert kinds("bs-orks", "Lootas") == [(2, 12), (1, 3)]
    assert kinds("bs-orks", "Burna Boyz") == [(2, 12), (1, 3)]


def test_the_chimera_space_rule_finds_the_heavy_weapons_teams(sample: BsImport) -> None:
    chimera = find(sample, "bs-imperium-astra-militarum", "Chimera")
    assert chimera.transport is not None
    teams = [r for r in chimera.transport.space if "HEAVY WEAPONS TEAM" in r.keywords]
    squad = find(sample, "bs-imperium-astra-militarum", "Infantry Squad")
    command = find(sample, "bs-imperium-astra-militarum", "Platoon Command Squad")

    def space(sheet: Datasheet) -> dict[str, int]:
        return {
            k.name: next((r.space for r in teams if all(w in {*sheet.keywords, *k.keywords} for w in r.keywords)), 1)
            for k in sheet.kinds
        }

    assert space(squad) == {"Sergeant": 1, "Guardsman": 1, "Heavy Weapon Team": 2}
    assert space(command)["Veteran Heavy Weapons Team"] == 2 and space(command)["Veteran"] == 1


def test_intercessors(sample: BsImport) -> None:
    squad = find(sample, "bs-imperium-adeptus-astartes-ultramarines", "Intercessor Squad")
    assert (squad.role, squad.min_models, squad.max_models, squad.points, squad.points_per_model) == (
        Role.TROOPS,
        5,
        10,
        90,
        18,
    )


def test_necron_warriors(sample: BsImport) -> None:
    warriors = find(sample, "bs-necrons", "Necron Warriors")
    assert (warriors.min_models, warriors.max_models, warriors.points, warriors.points_per_model) == (10, 20, 110, 11)
    assert warriors.faction_keywords == ["<DYNASTY>", "NECRONS"]


def test_trukk_transport(sample: BsImport) -> None:
    trukk = find(sample, "bs-orks", "Trukk")
    assert trukk.role is Role.DEDICATED_TRANSPORT and trukk.points == 70
    capacity = trukk.transport
    assert capacity is not None and capacity.verified
    assert capacity.capacity == 12
    assert SpaceRule(keywords=["MEGA ARMOUR"], space=2) in capacity.space
    assert ["INFANTRY"] in capacity.allowed


def test_space_marine_transports_as_the_data_says(sample: BsImport) -> None:
    faction = "bs-imperium-adeptus-astartes-ultramarines"
    raider = find(sample, faction, "Land Raider").transport
    assert raider is not None and raider.verified and raider.capacity == 10
    assert raider.allowed == [["<CHAPTER>", "INFANTRY"]]
    assert raider.forbidden == ["PRIMARIS"]
    assert {tuple(r.keywords): r.space for r in raider.space} == {
        ("JUMP PACK",): 2,
        ("TERMINATOR",): 2,
        ("CENTURION",): 3,
    }
    rhino = find(sample, faction, "Rhino").transport
    assert rhino is not None and rhino.verified and rhino.capacity == 10
    assert rhino.allowed == [["<CHAPTER>", "INFANTRY"]]
    assert set(rhino.forbidden) >= {"JUMP PACK", "TERMINATOR", "PRIMARIS", "CENTURION"}


def test_transport_texts_understood(sample: BsImport) -> None:
    total = sum(c.transports for c in sample.coverage)
    understood = sum(c.transports_parsed for c in sample.coverage)
    assert understood >= 0.9 * total, f"{understood} of {total}"
    tau = next(c for c in sample.coverage if c.faction == "bs-t-au-empire")
    assert tau.transports_parsed >= 4  # the Devilfish (one more drone) and the Tidewalls (any number of…)
    devilfish = find(sample, "bs-t-au-empire", "TY7 Devilfish")  # "!TY7 Devilfish" in the data
    assert devilfish.transport is not None and devilfish.transport.verified


def test_the_import_report_lists_the_transports_it_did_not_understand(sample: BsImport) -> None:
    from ost.cli.import_cmd import coverage_text

    unread = [name for c in sample.coverage for name in c.transports_unparsed]
    total = sum(c.transports for c in sample.coverage)
    assert len(unread) == total - sum(c.transports_parsed for c in sample.coverage) > 0
    assert "Chimera" not in unread and "Castellum Stronghold" in unread
    for lang, words in (("en", "Transports not understood"), ("fr", "Transports non compris")):
        line = next(line for line in coverage_text(sample, lang).splitlines() if line.startswith(words))
        assert f"({len(unread)})" in line and all(name in line for name in unread)


def test_chimera_transport(sample: BsImport) -> None:
    chimera = find(sample, "bs-imperium-astra-militarum", "Chimera")
    capacity = chimera.transport
    assert capacity is not None and capacity.verified
    assert capacity.capacity == 12
    assert capacity.allowed == [["ASTRA MILITARUM", "INFANTRY"]]
    ogryns = [rule for rule in capacity.space if rule.keywords[0].startswith("OGRYN")]
    assert ogryns and ogryns[0].space == 3


def test_legends_and_imported_agents(sample: BsImport) -> None:
    orks = [s for s in sample.datasheets if s.faction == "bs-orks"]
    assert sum(s.legends for s in orks) == 18
    astra = {s.name for s in sample.datasheets if s.faction == "bs-imperium-astra-militarum"}
    assert "Inquisitor" in astra  # imported roots of the Inquisition catalogue
    assert any("8245-63be-d7bd-d042" in str(w) for w in sample.warnings)  # Imperial Navy is not in the sample
    assert any("introuvable" in w.message("fr") for w in sample.warnings)


def test_ids_are_unique_and_stable(sample: BsImport) -> None:
    ids = [s.id for s in sample.datasheets]
    assert len(ids) == len(set(ids))
    again = read_bsdata([SAMPLE / "Orks.cat", SAMPLE / "Warhammer 40,000.gst"])
    orks = {s.id for s in sample.datasheets if s.faction == "bs-orks"}
    assert {s.id for s in again.datasheets if s.faction == "bs-orks"} == orks


def _army(catalogue: Catalogue) -> ListBuilder:
    builder = ListBuilder(catalogue, limit=1000, name="Orks importés")
    by_name = {s.name: s.id for s in catalogue if s.faction == "bs-orks"}
    placeholders = {"<CLAN>": "GOFFS"}
    builder.add(by_name["Warboss"], placeholders=placeholders, warlord=True)
    boyz = builder.add(by_name["Boyz"], models=12, placeholders=placeholders)
    builder.add(by_name["Boyz"], placeholders=placeholders)
    trukk = builder.add(by_name["Trukk"], placeholders=placeholders)
    builder.unit(boyz).transport = trukk
    builder.add(by_name["Gretchin"], placeholders=placeholders)
    return builder


def test_a_list_of_imported_datasheets_validates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sample: BsImport
) -> None:
    db = tmp_path / "imported.sqlite"
    with open_store(db) as store:
        import_bsdata(store, [SAMPLE / "Orks.cat", SAMPLE / "Warhammer 40,000.gst"])
        catalogue = store.load()
    builder = _army(catalogue)
    report = validate(catalogue, builder.army)
    assert report.legal, [f.code for f in report.findings]
    path = tmp_path / "orks.ost"
    listfile.save(builder.army, path)
    code = main(["--db", str(db), "check", str(path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "TRANSPORT" not in out  # the Trukk's capacity was understood and the Boyz fit

    # Thirteen Boyz do not fit: the check says so, from the imported capacity.
    builder.unit(builder.army.detachments[0].units[1].id).models = 13
    listfile.save(builder.army, path)
    code = main(["--db", str(db), "check", str(path)])
    out = capsys.readouterr().out
    assert code == 1 and "TRANSPORT-EMBARK" in out
