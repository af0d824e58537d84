"""Rosters as real data writes them: models of every kind and selection type, wargear models, stated prices,
options the catalogue lacks, configuration sub-factions, two factions, an older data revision.

The rosters in ``tests/data/readers/`` are written by hand in BattleScribe's layout; the catalogue below
has model kinds with BattleScribe ids (as the importer fills them) and some without (matched by name).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import run_cli as run
from ost.core.armylist import ArmyList, Unit, total_points, unit_points
from ost.core.catalogue import Catalogue, CatalogueSource, Datasheet, Faction
from ost.core.findings import Code
from ost.core.listfile import ListFileError
from ost.core.resources import shipped_catalogue_dir
from ost.core.roles import Role
from ost.core.validator import validate
from ost.formats.catalog_source import read_bands, read_glossary
from ost.formats.lists.listreader import read_list
from ost.formats.lists.roster import placeholder_words
from readers_support import reader_sheets, sample

GK = ["IMPERIUM", "GREY KNIGHTS", "<BROTHERHOOD>"]
CSM = ["CHAOS", "HERETIC ASTARTES", "<LEGION>"]


def _sheet(id: str, name: str, role: Role, faction: str, keywords: list[str], **kw: Any) -> Datasheet:
    return Datasheet.model_validate(
        {"id": id, "name": name, "role": role, "faction": faction, "faction_keywords": keywords, **kw}
    )


def kind_sheets() -> list[Datasheet]:
    return [
        _sheet(
            "gk-strike",
            "Strike Squad",
            Role.TROOPS,
            "gk",
            GK,
            min_models=5,
            max_models=10,
            points=120,
            bs_ids=["gk-strike"],
            kinds=[
                {"id": "justicar", "name": "Justicar", "min": 1, "max": 1, "wounds": 2, "bs_ids": ["gk-justicar"]},
                {
                    "id": "knight",
                    "name": "Grey Knight",
                    "min": 4,
                    "max": 9,
                    "wounds": 2,
                    "points": 22,
                    "bs_ids": ["gk-knight"],
                },
            ],
        ),
        _sheet(
            "gk-paladins",
            "Paladin Squad",
            Role.ELITES,
            "gk",
            GK,
            min_models=3,
            max_models=10,
            points=135,
            bs_ids=["gk-paladins"],
            # No BattleScribe ids on these kinds: the roster's "Unit" profiles name them.
            kinds=[
                {"id": "paragon", "name": "Paragon", "min": 1, "max": 1, "wounds": 3},
                {"id": "paladin", "name": "Paladin", "min": 2, "max": 9, "wounds": 3, "points": 49},
            ],
        ),
        _sheet(
            "gk-librarian", "Brotherhood Librarian", Role.HQ, "gk", GK, points=105, wounds=5, bs_ids=["gk-librarian"]
        ),
        _sheet(
            "csm-apostle",
            "Dark Apostle",
            Role.HQ,
            "csm",
            CSM,
            max_models=3,
            points=75,
            bs_ids=["csm-apostle"],
            kinds=[
                {"id": "apostle", "name": "Dark Apostle", "min": 1, "max": 1, "wounds": 4, "bs_ids": ["csm-apostle"]},
                {
                    "id": "disciple",
                    "name": "Dark Disciple",
                    "min": 0,
                    "max": 2,
                    "points": 10,
                    "bs_ids": ["csm-disciple"],
                },
            ],
        ),
        _sheet(
            "votann-grimnyr",
            "Grimnyr",
            Role.HQ,
            "votann",
            ["LEAGUES OF VOTANN", "<LEAGUE>"],
            max_models=3,
            points=80,
            kinds=[
                {"id": "grimnyr", "name": "Grimnyr", "min": 1, "max": 1, "wounds": 4},
                {"id": "drone", "name": "Ancestral Drone", "min": 0, "max": 2},
            ],
        ),
        _sheet(
            "tau-commander",
            "Commander in Crisis Battlesuit",
            Role.HQ,
            "tau",
            ["T'AU EMPIRE", "<SEPT>"],
            points=95,
            wounds=6,
            bs_ids=["tau-commander"],
            options=[{"id": "plasma", "name": "Plasma rifle", "points": 15, "max": 4}],
        ),
        _sheet(
            "dg-bloat",
            "Foetid Bloat-drone",
            Role.FAST_ATTACK,
            "dg",
            ["CHAOS", "DEATH GUARD"],
            points=90,
            wounds=10,
            bs_ids=["dg-bloat"],
        ),
        _sheet(
            "csm-lord",
            "Chaos Lord",
            Role.HQ,
            "csm",
            CSM,
            points=80,
            wounds=5,
            bs_ids=["csm-lord"],
            options=[{"id": "mark-nurgle", "name": "Mark of Nurgle", "points": 5, "max": 1}],
        ),
        _sheet(
            "csm-chosen",
            "Chosen",
            Role.ELITES,
            "csm",
            CSM,
            min_models=5,
            max_models=10,
            points=100,
            points_per_model=20,
            bs_ids=["csm-chosen"],
            options=[{"id": "mark-khorne", "name": "Mark of Khorne", "points": 2, "per_model": True}],
        ),
        _sheet(
            "ae-farseer",
            "Farseer",
            Role.HQ,
            "aeldari",
            ["AELDARI", "ASURYANI", "<VAISSEAU-MONDE>"],
            points=110,
            wounds=5,
            bs_ids=["ae-farseer"],
        ),
        _sheet(
            "ae-guardians",
            "Guardian Defenders",
            Role.TROOPS,
            "aeldari",
            ["AELDARI", "ASURYANI", "<CRAFTWORLD>"],
            min_models=10,
            max_models=20,
            points=90,
            points_per_model=9,
            bs_ids=["ae-guardians"],
        ),
    ]


def kinds_catalogue(sources: list[CatalogueSource] | None = None, extra: list[Datasheet] | None = None) -> Catalogue:
    folder = shipped_catalogue_dir()
    return Catalogue(
        [*reader_sheets(), *kind_sheets(), *(extra or [])],
        read_bands(folder / "bands.yaml"),
        read_glossary(folder / "glossary.yaml"),
        [
            Faction(id="sm", name="Space Marines"),
            Faction(id="orks", name="Orks"),
            Faction(id="necrons", name="Nécrons", name_en="Necrons"),
            Faction(id="gk", name="Chevaliers Gris", name_en="Grey Knights", revision="12", source_id="cat-gk"),
            Faction(id="csm", name="Space Marines du Chaos", name_en="Chaos Space Marines"),
            Faction(id="aeldari", name="Aeldari"),
        ],
        sources or [],
    )


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return kinds_catalogue()


def units_of(army: ArmyList) -> dict[str, Unit]:
    return {u.datasheet: u for _, u in army.units()}


# --- troopers as upgrades; an older data revision ----------------------------------------------


def test_troopers_entered_as_upgrades_are_models(cat: Catalogue) -> None:
    result = read_list(sample("grey-knights-old.ros"), "gk.ros", cat)
    units = units_of(result.army)
    strike, paladins, librarian = units["gk-strike"], units["gk-paladins"], units["gk-librarian"]
    # "Grey Knight (Sword)" ×4 are upgrades with a Unit profile: models of the "knight" kind (by id).
    assert strike.models == 5 and strike.composition == {"justicar": 1, "knight": 4}
    # Kinds without ids are told by the profile's name; the squad is not read at its minimum.
    assert paladins.models == 6 and paladins.composition == {"paragon": 1, "paladin": 5}
    assert unit_points(paladins, cat) == 282 == paladins.stated_points
    assert librarian.models == 1
    findings = validate(cat, result.army).codes()
    assert Code.UNIT_UNDER not in findings and Code.UNIT_OVER not in findings
    assert not any("minimum" in w.message.en for w in result.reading.warnings)


def test_older_data_revision_is_shown_and_its_prices_compared(cat: Catalogue) -> None:
    result = read_list(sample("grey-knights-old.ros"), "gk.ros", cat)
    army, reading = result.army, result.reading
    assert army.origin is not None
    assert (army.origin.format, army.origin.data, army.origin.revision) == (
        "ros",
        "Warhammer 40,000 9th Edition",
        "240",
    )
    assert [(d.what, d.revision, d.catalogue_revision) for d in reading.data] == [
        ("Warhammer 40,000 9th Edition", "240", None),
        ("Imperium - Grey Knights", "5", "12"),
    ]
    # Every stated price is kept; the catalogue's prices are Ost's, and each difference is said.
    assert army.stated_total == 512 and total_points(army, cat) == 120 + 282 + 105
    assert total_points(army, cat, as_priced=True) == 512
    stated = {u.datasheet: u.stated_points for _, u in army.units()}
    assert stated == {"gk-strike": 115, "gk-paladins": 282, "gk-librarian": 115}
    prices = [(p.text, p.stated, p.priced) for p in reading.prices]
    assert prices == [("Strike Squad", 115, 120), ("Brotherhood Librarian", 115, 105), ("Frères de Titan", 512, 507)]
    en = "\n".join(reading.lines("en"))
    assert (
        "The list's data: Warhammer 40,000 9th Edition (rev. 240); Imperium - Grey Knights (rev. 5, catalogue: rev. 12)"
        in en
    )
    assert "older data revision (5; the catalogue has 12)" in en
    assert "Strike Squad: 115 pts in the list, 120 pts in the catalogue" in en
    assert "the list's total is 512 pts, Ost counts 507 pts" in en
    fr = "\n".join(reading.lines("fr"))
    assert "Strike Squad : 115 pts selon la liste, 120 pts au catalogue" in fr
    assert "révision plus ancienne des données" in fr
    assert "2 prix différent(s)" in reading.summary("fr")
    data = reading.to_data()
    assert data["data"][1] == {"what": "Imperium - Grey Knights", "revision": "5", "catalogue_revision": "12"}
    assert {"text": "Strike Squad", "stated": 115, "priced": 120}.items() <= data["prices"][0].items()


def test_same_revision_gives_no_warning_and_no_price_note(cat: Catalogue) -> None:
    xml = sample("grey-knights-old.ros").replace(b'catalogueRevision="5"', b'catalogueRevision="12"')
    xml = xml.replace(
        b'value="115.0"/></costs>\n          <categories>\n            <category id="c3"',
        b'value="105.0"/></costs>\n          <categories>\n            <category id="c3"',
    )
    reading = read_list(xml, "gk.ros", cat).reading
    assert not any("revision" in w.message.en for w in reading.warnings)
    assert "Brotherhood Librarian" not in [p.text for p in reading.prices]


# --- models of every selection type; wargear models; options the catalogue lacks -------------------


def test_units_that_are_models_and_wargear_models(cat: Catalogue) -> None:
    result = read_list(sample("models-and-wargear.ros"), "mix.ros", cat)
    army, reading = result.army, result.reading
    units = units_of(army)
    assert not reading.unknown and len(units) == 6
    # The unit's own entry is a model: the Dark Apostle counts beside his two Disciples (by id) ...
    apostle = units["csm-apostle"]
    assert apostle.models == 3 and apostle.composition == {"apostle": 1, "disciple": 2} and apostle.warlord
    assert unit_points(apostle, cat) == 95 == apostle.stated_points
    # ... and the Grimnyr beside his drones (by name: the roster's ids are unknown).
    grimnyr = units["votann-grimnyr"]
    assert grimnyr.models == 3 and grimnyr.composition == {"grimnyr": 1, "drone": 2}
    # Gun Drones carried by a one-model Commander are wargear, with their price and profile, not Commanders.
    commander = units["tau-commander"]
    assert commander.models == 1 and commander.composition == {"model": 1}
    assert commander.options == {"plasma": 2}
    drones = commander.extra_options
    assert [(o.name, o.count, o.points) for o in drones] == [("Gun Drone", 2, 20)]
    assert [(w.name, w.range, w.type, w.s) for w in drones[0].weapons] == [("Pulse carbine", '18"', "Assault 2", "5")]
    assert unit_points(commander, cat) == 145 == commander.stated_points
    assert "2x Gun Drones" in commander.notes


def test_options_the_catalogue_lacks_keep_their_price_and_profile(cat: Catalogue) -> None:
    result = read_list(sample("models-and-wargear.ros"), "mix.ros", cat)
    bloat = units_of(result.army)["dg-bloat"]
    (mower,) = bloat.extra_options
    assert (mower.name, mower.count, mower.points) == ("Fleshmower", 1, 10)
    assert mower.weapons[0].abilities == "Make 6 hit rolls for each attack." and mower.weapons[0].ap == "-2"
    assert unit_points(bloat, cat) == 100 == bloat.stated_points
    extras = [(e.text, e.count, e.points) for e in result.reading.extras]
    assert extras == [("Gun Drone", 2, 20), ("Fleshmower", 1, 10)]
    en = "\n".join(result.reading.lines("en"))
    assert "“Fleshmower” not in the catalogue, kept at the list's price (10 pts)" in en
    assert "« Gun Drone » ×2 absent du catalogue, gardé au prix de la liste (20 pts)" in "\n".join(
        result.reading.lines("fr")
    )
    assert result.reading.to_data()["extras"][1] == {
        "where": "Patrol Detachment 0CP (Mixed Test Data) › Foetid Bloat-drone",
        "unit": bloat.id,
        "text": "Fleshmower",
        "count": 1,
        "points": 10,
    }


def test_option_costs_that_depend_on_the_datasheet(cat: Catalogue) -> None:
    result = read_list(sample("models-and-wargear.ros"), "mix.ros", cat)
    army, reading = result.army, result.reading
    units = units_of(army)
    # A mark priced once for the unit but per model in the catalogue: taken by the five models.
    chosen = units["csm-chosen"]
    assert chosen.options == {"mark-khorne": 5} and unit_points(chosen, cat) == 110 == chosen.stated_points
    # A mark the catalogue prices flat but the roster prices for this datasheet: kept, and the difference said.
    lord = units["csm-lord"]
    assert lord.options == {"mark-nurgle": 1} and lord.stated_points == 95 and unit_points(lord, cat) == 85
    prices = [(p.text, p.stated, p.priced, p.option) for p in reading.prices]
    assert ("Mark of Nurgle", 15, 5, True) in prices and ("Chaos Lord", 95, 85, False) in prices
    assert ("Bande d'essai", 625, 615, False) in prices
    assert len(prices) == 3
    # With the list's own prices (a tournament's points file), the total is the roster's.
    assert total_points(army, cat, as_priced=True) == 625 == army.stated_total


# --- configuration sub-factions; two factions ---------------------------------------------------


def test_configuration_sub_factions_and_two_factions(cat: Catalogue) -> None:
    result = read_list(sample("two-factions.ros"), "two.ros", cat)
    army, reading = result.army, result.reading
    eldar, necrons = army.detachments
    assert [u.datasheet for u in eldar.units] == ["ae-farseer", "ae-guardians"]
    assert [u.datasheet for u in necrons.units] == ["nec-overlord", "nec-warriors"]
    # "Craftworld Selection → Saim-Hann" fills the placeholder it names, in French or in English.
    assert eldar.units[0].placeholders == {"<VAISSEAU-MONDE>": "SAIM-HANN"}
    assert eldar.units[1].placeholders == {"<CRAFTWORLD>": "SAIM-HANN"}
    # "Dynasty Choice → Dynasty: Szarekhan" for the other force only.
    assert all(u.placeholders == {"<DYNASTIE>": "SZAREKHAN"} for u in necrons.units)
    assert necrons.units[1].models == 20
    # Configuration selections are accounted for, and what they set is said.
    assert [i.text for i in reading.ignored] == ["Detachment Command Cost", "Craftworld Selection", "Dynasty Choice"]
    notes = [n.message.en for n in reading.notes]
    assert any("“Craftworld Selection” gives SAIM-HANN" in n for n in notes)
    assert any("“Dynasty Choice” gives SZAREKHAN" in n for n in notes)
    report = validate(cat, army)
    assert Code.PLACEHOLDER_UNSET not in report.codes() and Code.DET_FACTION not in report.codes()
    assert report.total_points == army.stated_total == 555 and not reading.prices


def test_a_configuration_without_a_known_sub_faction_sets_nothing(cat: Catalogue) -> None:
    xml = sample("two-factions.ros").replace(b'name="Saim-Hann"', b'name="Craftworld: &lt;Custom&gt;"')
    xml = xml.replace(b'name="Dynasty Choice"', b'name="Battle Size"').replace(
        b"Dynasty: Szarekhan", b"2. Strike Force"
    )
    army = read_list(xml, "two.ros", cat).army
    assert army.detachments[0].units[0].placeholders == {}
    assert army.detachments[1].units[0].placeholders == {}
    assert Code.PLACEHOLDER_UNSET in validate(cat, army).codes()


@pytest.mark.parametrize(
    ("placeholder", "word"),
    [("<CHAPITRE>", "chapter"), ("<Dynasty>", "dynastie"), ("<VAISSEAU-MONDE>", "craftworld"), ("<CLAN>", "kultur")],
)
def test_placeholder_words(placeholder: str, word: str) -> None:
    assert word in placeholder_words(placeholder)


# --- catalogue sources --------------------------------------------------------------------------


def test_switched_off_sources_are_not_matched() -> None:
    twin = Datasheet(
        id="imported-farseer",
        name="Farseer",
        role=Role.HQ,
        faction="aeldari",
        source="bsdata:x",
        points=999,
        bs_ids=["ae-farseer"],
    )
    off = kinds_catalogue([CatalogueSource(id="bsdata:x", kind="bsdata", enabled=False)], extra=[twin])
    on = kinds_catalogue([CatalogueSource(id="bsdata:x", kind="bsdata", enabled=True)], extra=[twin])
    xml = sample("two-factions.ros")
    assert read_list(xml, "two.ros", off).army.detachments[0].units[0].datasheet == "ae-farseer"
    # By name alone (the roster's id unknown), the switched-off twin is never a candidate.
    by_name = xml.replace(b'entryId="ae-farseer"', b'entryId="zzz"')
    names = {read_list(by_name, "two.ros", off).army.detachments[0].units[0].datasheet}
    assert names == {"ae-farseer"}
    both = {read_list(by_name, "two.ros", on).army.detachments[0].units[0].datasheet}
    assert both <= {"ae-farseer", "imported-farseer"}


def test_no_models_in_the_roster_gives_the_minimum_and_says_so(cat: Catalogue) -> None:
    xml = b"""<roster name="x"><forces><force name="F"><selections>
      <selection name="Strike Squad" entryId="gk-strike" type="unit"/>
    </selections></force></forces></roster>"""
    result = read_list(xml, "x.ros", cat)
    (unit,) = [u for _, u in result.army.units()]
    assert unit.models == 5 and unit.composition == {} and unit.stated_points is None
    assert any("minimum (5)" in w.message.en for w in result.reading.warnings)


def test_too_many_troopers_stay_models_for_the_validator(cat: Catalogue) -> None:
    xml = b"""<roster name="x"><forces><force name="F"><selections>
      <selection name="Strike Squad" entryId="gk-strike" type="unit"><selections>
        <selection name="Justicar" entryId="gk-justicar" type="model"/>
        <selection name="Grey Knight" entryId="gk-knight" type="upgrade" number="11"/>
      </selections></selection>
    </selections></force></forces></roster>"""
    army = read_list(xml, "x.ros", cat).army
    (unit,) = [u for _, u in army.units()]
    assert unit.models == 12 and unit.composition == {"justicar": 1, "knight": 11}
    assert Code.UNIT_OVER in validate(cat, army).codes()


# --- mutated rosters never crash the reader ----------------------------------------------------

ROSTERS = [sample(n) for n in ("grey-knights-old.ros", "models-and-wargear.ros", "two-factions.ros")]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(ROSTERS), st.data())
def test_mutated_rosters_read_or_fail_cleanly(cat: Catalogue, roster: bytes, data: st.DataObject) -> None:
    """Truncated, with bytes changed, or with attributes swapped for odd values: a list or a ListFileError.

    (A first byte changed to "{" makes it an Ost list to the sniffer: the list file's own error, a ListFileError.)
    """
    mutation = data.draw(st.sampled_from(["truncate", "flip", "attribute"]))
    if mutation == "truncate":
        roster = roster[: data.draw(st.integers(0, len(roster)))]
    elif mutation == "flip":
        for _ in range(data.draw(st.integers(1, 8))):
            index = data.draw(st.integers(0, len(roster) - 1))
            roster = roster[:index] + bytes([data.draw(st.integers(0, 255))]) + roster[index + 1 :]
    else:
        attribute = data.draw(st.sampled_from([b'number="', b'value="', b'type="', b'entryId="', b'name="']))
        odd = data.draw(st.sampled_from([b"-1", b"1e999", b"NaN", b"", b"model", b"upgrade", b"unit", b"x" * 300]))
        roster = roster.replace(attribute + roster.split(attribute, 2)[1].split(b'"', 1)[0], attribute + odd, 1)
    try:
        result = read_list(roster, "mutant.ros", cat)
    except ListFileError:
        return
    for _, unit in result.army.units():
        assert unit.models >= 0 and (not unit.composition or sum(unit.composition.values()) == unit.models)
    validate(cat, result.army)
    result.reading.lines("fr")


def test_drones_of_a_multi_model_unit_are_wargear_when_kinds_have_ids() -> None:
    piranhas = _sheet(
        "tau-piranhas",
        "Piranhas",
        Role.FAST_ATTACK,
        "tau",
        ["T'AU EMPIRE", "<SEPT>"],
        max_models=5,
        points=60,
        points_per_model=60,
        bs_ids=["tau-piranhas"],
        kinds=[
            {"id": "piranha", "name": "Piranha", "min": 1, "max": 5, "wounds": 6, "points": 60, "bs_ids": ["piranha"]}
        ],
    )
    cat = kinds_catalogue(extra=[piranhas])
    xml = b"""<roster name="x"><forces><force name="F"><selections>
      <selection name="Piranhas" entryId="tau-piranhas" type="unit"><selections>
        <selection name="Piranha" entryId="tau-piranhas::piranha" type="model" number="2"><selections>
          <selection name="2x Gun Drones" type="upgrade" number="2"><selections>
            <selection name="Gun Drone" entryId="drone" type="model" number="4"/>
          </selections></selection>
        </selections></selection>
      </selections></selection>
    </selections></force></forces></roster>"""
    (unit,) = [u for _, u in read_list(xml, "x.ros", cat).army.units()]
    assert unit.models == 2 and unit.composition == {"piranha": 2}
    assert [(o.name, o.count, o.points) for o in unit.extra_options] == [("Gun Drone", 4, 0)]
    # Without ids on the kinds, Ost tells them apart only by room: four drones do not fit beside two Piranhas.
    plain = piranhas.model_copy(update={"kinds": [piranhas.kinds[0].model_copy(update={"bs_ids": []})]})
    (unit,) = [u for _, u in read_list(xml, "x.ros", kinds_catalogue(extra=[plain])).army.units()]
    assert unit.models == 2 and unit.extra_options[0].count == 4


def test_check_says_where_the_roster_s_prices_differ(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from ost.store import CatalogueStore

    path = tmp_path / "kinds.sqlite"
    with CatalogueStore(path) as store:
        store.replace_all(kinds_catalogue())
    roster = tmp_path / "gk.ros"
    roster.write_bytes(sample("grey-knights-old.ros"))
    code, out, _ = run(capsys, "--lang", "en", "check", "--catalogue", str(path), str(roster))
    assert code in (0, 1)
    assert "Reading (BattleScribe roster (.ros)): 3 unit(s) recognised, 2 price(s) differ" in out
    assert "The list's data: Warhammer 40,000 9th Edition (rev. 240); Imperium - Grey Knights (rev. 5" in out
    assert "≠ Patrol Detachment 0CP (Imperium - Grey Knights): Strike Squad: 115 pts in the list, 120 pts" in out
    assert "≠ the list's total is 512 pts, Ost counts 507 pts" in out
    _, out, _ = run(capsys, "check", "--format", "json", "--catalogue", str(path), str(roster))
    reading = json.loads(out)["results"][0]["reading"]
    assert [p["stated"] for p in reading["prices"]] == [115, 115, 512]
    assert reading["data"][0]["revision"] == "240"


def test_a_variant_name_is_one_that_says_more_than_its_kind() -> None:
    from ost.core.catalogue import ModelKind
    from ost.formats.lists.reading import variant_name

    marine = ModelKind(id="marine", name="Space Marine")
    assert variant_name(marine, "Space Marine w/Eviscerator") == "Space Marine w/Eviscerator"
    assert variant_name(marine, "space marine") is None  # its own name
    assert variant_name(marine, "Scout") is None  # another name altogether: the kind's
    intercessor = ModelKind(id="i", name="Intercesseur", name_en="Intercessor")
    assert variant_name(intercessor, "Intercessor") is None  # the English name of a French kind
    assert variant_name(intercessor, "Intercessor w/ Auto Bolt Rifle") == "Intercessor w/ Auto Bolt Rifle"
    assert variant_name(intercessor, "Intercesseur (fusil bolter)") == "Intercesseur (fusil bolter)"
