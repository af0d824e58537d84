"""Rosters as BattleScribe 2.03 writes them for real units, read against the shipped catalogue.

Entry ids and names are those of the 9th-edition data (Orks.cat): a Boyz mob whose
Boss Nob carries a Power Klaw, the Klaw being the datasheet's "Boss Nob" option.
"""

from __future__ import annotations

from helpers import options_only
from ost.core.armylist import unit_points
from ost.core.catalogue import Catalogue, Datasheet, Faction, WargearOption
from ost.core.roles import Role
from ost.formats.lists.listreader import read_list
from ost.formats.lists.roster import read_roster

_NS = "http://www.battlescribe.net/schema/rosterSchema"
_TROOPS = (
    '<categories><category id="c1" name="Troops" entryId="5d76b6f5-20ae-4d70-8f59-ade72a2add3a" primary="true"/>'
    "</categories>"
)


def _cost(points: int) -> str:
    return f'<costs><cost name="pts" typeId="points" value="{points}.0"/></costs>'


def _boyz_roster(nob_gear: str, nob_gear_id: str, gear_points: int, boyz: int = 19) -> bytes:
    nob = (
        '<selection id="s3" name="Boss Nob" entryId="fffc-9253-282a-3f0f::b816-45d4-dcde-e771" '
        'entryGroupId="0f35-4e09-6673-45b4" number="1" type="model"><selections>'
        f'<selection id="s4" name="{nob_gear}" entryId="{nob_gear_id}" number="1" type="upgrade">'
        f"{_cost(gear_points)}</selection></selections>{_cost(8)}</selection>"
    )
    boys = (
        '<selection id="s5" name="Ork Boy w/ Slugga &amp; Choppa" entryId="c265-7969-10c0-0d77" '
        f'entryGroupId="0f35-4e09-6673-45b4" number="{boyz}" type="model">{_cost(8 * boyz)}</selection>'
    )
    unit = (
        '<selection id="s2" name="Boyz" entryId="e891-db86-4983-2a05::4923-2dbf-7fd5-8828" number="1" type="unit">'
        f"<selections>{nob}{boys}</selections>{_cost(0)}{_TROOPS}</selection>"
    )
    total = 8 * (boyz + 1) + gear_points
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><roster id="r" name="Goffs" '
        f'battleScribeVersion="2.03" gameSystemId="28ec-711c-d87f-3aeb" xmlns="{_NS}">{_cost(total)}'
        '<forces><force id="f" name="Patrol Detachment -2CP" entryId="x" catalogueId="3bba-af85-a93c-6bdf" '
        f'catalogueName="Orks"><selections>{unit}</selections></force></forces></roster>'
    ).encode()


def test_a_boss_nobs_power_klaw_is_the_datasheets_boss_nob_option(shipped: Catalogue) -> None:
    """On Boyz with option counters only (an older catalogue), the klaw is the Boss Nob's option."""
    older = options_only(shipped, "ork-boyz")
    data = _boyz_roster("Power Klaw", "5d19-15a5-9dd5-3536::fe00-451f-6735-6fd9", 10)
    army, report = read_roster(data, older)
    unit = next(u for _, u in army.units())
    assert unit.datasheet == "ork-boyz"
    assert unit.composition == {"boss-nob": 1, "boy": 19}
    assert unit.options == {"boss-nob-power-klaw": 1}
    assert unit.extra_options == []
    assert report.extras == [] and report.prices == []
    assert unit_points(unit, older) == unit.stated_points == 170


def test_a_boss_nobs_power_klaw_is_carried_by_the_nob_of_the_shipped_boyz(shipped: Catalogue) -> None:
    """The shipped Boyz state their choices: the Nob carries the klaw, priced once (not also as a counter)."""
    data = _boyz_roster("Power Klaw", "5d19-15a5-9dd5-3536::fe00-451f-6735-6fd9", 10)
    army, report = read_roster(data, shipped)
    unit = next(u for _, u in army.units())
    assert unit.options == {} and unit.extra_options == []
    nob = [g for g in unit.loadout if g.kind == "boss-nob"]
    assert [c.item for g in nob for c in g.wargear if c.item == "pince-energetik"] == ["pince-energetik"]
    assert report.extras == [] and report.prices == []
    assert unit_points(unit, shipped) == unit.stated_points == 170


def test_gear_the_datasheet_lacks_under_a_model_is_still_kept_at_its_price(shipped: Catalogue) -> None:
    data = _boyz_roster("Squig Launcher", "zzzz-0000-0000-0000", 15)
    army, report = read_roster(data, shipped)
    unit = next(u for _, u in army.units())
    assert unit.options == {}
    assert [(o.name, o.points) for o in unit.extra_options] == [("Squig Launcher", 15)]
    assert [e.text for e in report.extras] == ["Squig Launcher"]


def test_an_option_is_found_by_its_battlescribe_id_whatever_the_roster_calls_it(shipped: Catalogue) -> None:
    sheet = Datasheet(
        id="bs-boyz",
        name="Boyz",
        role=Role.TROOPS,
        faction="orks",
        min_models=10,
        max_models=30,
        points=80,
        points_per_model=8,
        bs_ids=["4923-2dbf-7fd5-8828"],
        options=[
            WargearOption(id="8e81-bc80-3cbc-1627", name="Boss Nob – Big Choppa", points=5),
            WargearOption(id="5d19-15a5-9dd5-3536", name="Boss Nob – Power Klaw", points=10),
        ],
    )
    catalogue = Catalogue([sheet], shipped.bands, [], [Faction(id="orks", name="Orks")])
    data = _boyz_roster("Klaw (renamed)", "5d19-15a5-9dd5-3536::fe00-451f-6735-6fd9", 10)
    army, report = read_roster(data, catalogue)
    unit = next(u for _, u in army.units())
    assert unit.options == {"5d19-15a5-9dd5-3536": 1}
    assert unit.extra_options == [] and report.extras == []


def test_free_gear_under_a_model_is_not_taken_for_a_priced_option_of_a_close_name(shipped: Catalogue) -> None:
    # The Nob's plain Choppa is free; "Boss Nob – Big Choppa" (5 pts) is another weapon.
    data = _boyz_roster("Choppa", "8279-314c-08b7-a39f::c4df-c43d-08a6-18ab", 0, boyz=9)
    army, report = read_roster(data, shipped)
    unit = next(u for _, u in army.units())
    assert unit.options == {}
    assert report.prices == []
    assert unit_points(unit, shipped) == unit.stated_points == 80


def _commander_roster(blaster_points: int, unit_points: int) -> bytes:
    blaster = (
        '<selection id="s3" name="Fusion Blaster" entryId="35f7-591a-5869-98ce::36c0-1c30-1987-6213" number="1" '
        f'type="upgrade">{_cost(blaster_points)}</selection>'
    )
    hq = '<categories><category id="c1" name="HQ" entryId="848a6ff2-0def-4c72-8433-ff7da70e6bc7" primary="true"/>'
    unit = (
        '<selection id="s2" name="Commander in Crisis Battlesuit" entryId="dc01-4d7c-1cd4-ccc0::7f8e-4026-6462-8e74" '
        f'number="1" type="model"><selections>{blaster}</selections>{_cost(unit_points)}{hq}</categories></selection>'
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><roster id="r" name="Vior\'la" xmlns="{_NS}">'
        f"{_cost(unit_points + blaster_points)}"
        '<forces><force id="f" name="Patrol" entryId="x" catalogueId="c0bb-c0cd-a715-99c6" '
        'catalogueName="T\'au Empire">'
        f"<selections>{unit}</selections></force></forces></roster>"
    ).encode()


def _commander_catalogue(shipped: Catalogue) -> Catalogue:
    # As the importer prices it: the default Slot 1 weapon (10 pts) is in the base price, the option is the difference.
    sheet = Datasheet(
        id="bs-commander",
        name="Commander in Crisis Battlesuit",
        role=Role.HQ,
        faction="tau",
        points=120,
        bs_ids=["dc01-4d7c-1cd4-ccc0", "7f8e-4026-6462-8e74"],
        options=[WargearOption(id="36c0-1c30-1987-6213", name="Fusion Blaster", points=5)],
    )
    return Catalogue([sheet], shipped.bands, [], [Faction(id="tau", name="T'au Empire")])


def test_an_option_priced_otherwise_is_not_reported_when_the_units_price_agrees(shipped: Catalogue) -> None:
    result = read_list(_commander_roster(15, 110), "c.ros", _commander_catalogue(shipped))
    army, report = result.army, result.reading
    assert next(u for _, u in army.units()).options == {"36c0-1c30-1987-6213": 1}
    assert report.prices == []


def test_an_option_priced_otherwise_explains_a_unit_whose_price_differs(shipped: Catalogue) -> None:
    report = read_list(_commander_roster(20, 110), "c.ros", _commander_catalogue(shipped)).reading
    notes = [(p.text, p.stated, p.priced, p.option) for p in report.prices]
    assert ("Fusion Blaster", 20, 5, True) in notes
    assert ("Commander in Crisis Battlesuit", 130, 125, False) in notes


def test_the_data_line_follows_french_typography() -> None:
    from ost.formats.lists.reading import DataRevision, ReadingReport

    report = ReadingReport(source="x.ros", format="ros")
    report.data += [DataRevision("Warhammer 40,000 9th Edition", "250", None), DataRevision("Orks", "70", "77")]
    lines = "\n".join(report.lines("fr"))
    assert "(rév. 250) ; Orks (rév. 70, catalogue : rév. 77)" in lines
    assert "(rev. 250); Orks (rev. 70, catalogue: rev. 77)" in "\n".join(report.lines("en"))


def test_a_datasheet_not_yet_used_is_named_by_the_shipped_catalogue_first(shipped: Catalogue) -> None:
    ork = ["ORKS", "<CLAN>"]
    imported = Datasheet(
        id="bs-snagga",
        name="Beast Snagga Boyz",
        role=Role.TROOPS,
        faction="bs-orks",
        source="bsdata:orks",
        keywords=["INFANTRY", "BEAST SNAGGA", "BOYZ"],
        identity="BEAST SNAGGA BOYZ",
        faction_keywords=ork,
    )
    ours = imported.model_copy(
        update={"id": "ork-snagga", "name": "Boyz Beast Snagga", "source": "ost", "faction": "orks"}
    )
    catalogue = Catalogue([imported, ours], shipped.bands)
    found = catalogue.identities_joining(
        Role.TROOPS, frozenset(k for k in imported.faction_keys if "CLAN" not in k), {}
    )
    assert list(found.values()) == [["Boyz Beast Snagga", "Beast Snagga Boyz"]]


def test_an_unknown_roster_unit_the_catalogue_now_holds_is_named_in_the_fix(shipped: Catalogue) -> None:
    # Read when the catalogue lacked it ("bs:<entry id>"); the data imported since holds that entry.
    from helpers import ListBuilder
    from ost.core.findings import Code
    from ost.core.validator import validate

    b = ListBuilder(shipped)
    unit = b.add("ork-boyz", models=10)
    b.unit(unit).datasheet = "bs:4923-2dbf-7fd5-8828"
    finding = next(f for f in validate(shipped, b.army).findings if f.code is Code.UNIT_UNKNOWN)
    assert "Boyz" in (finding.fix.fr or "") and "Boyz" in (finding.fix.en or "")
    assert "Importer" not in (finding.fix.fr or "") and "Import" not in (finding.fix.en or "")
    b.unit(unit).datasheet = "bs:ffff-0000"
    finding = next(f for f in validate(shipped, b.army).findings if f.code is Code.UNIT_UNKNOWN)
    assert "Import" in (finding.fix.en or "")


def _renamed_boyz(shipped: Catalogue, *, imported_on: bool) -> Catalogue:
    from ost.core.catalogue import CatalogueSource

    ours = shipped.get("ork-boyz")
    assert ours is not None and ours.counterpart == "4923-2dbf-7fd5-8828"
    # A name no fuzzy match would take for "Boyz": only the BattleScribe id ties them.
    renamed = ours.model_copy(update={"name": "Gros Bras Verts", "aliases": []})
    imported = ours.model_copy(
        update={"id": "bs-orks-boyz", "source": "bsdata:orks", "bs_ids": ["4923-2dbf-7fd5-8828"], "counterpart": None}
    )
    sources = [
        CatalogueSource(id="ost", kind="shipped", name="Ost"),
        CatalogueSource(id="bsdata:orks", kind="bsdata", name="Orks", enabled=imported_on),
    ]
    return Catalogue([renamed, imported], shipped.bands, [], [Faction(id="orks", name="Orks")], sources)


def test_a_shipped_datasheet_is_found_by_its_battlescribe_counterpart(shipped: Catalogue) -> None:
    catalogue = _renamed_boyz(shipped, imported_on=False)
    army, report = read_roster(_boyz_roster("Choppa", "8279-314c-08b7-a39f::c4df-c43d-08a6-18ab", 0, boyz=9), catalogue)
    unit = next(u for _, u in army.units())
    assert unit.datasheet == "ork-boyz" and report.matched[0].method == "bs-id"


def test_an_imported_datasheet_holding_the_id_still_comes_first(shipped: Catalogue) -> None:
    catalogue = _renamed_boyz(shipped, imported_on=True)
    assert catalogue.by_bs_id("4923-2dbf-7fd5-8828").id == "bs-orks-boyz"  # type: ignore[union-attr]
    army, _ = read_roster(_boyz_roster("Choppa", "8279-314c-08b7-a39f::c4df-c43d-08a6-18ab", 0, boyz=9), catalogue)
    assert next(u for _, u in army.units()).datasheet == "bs-orks-boyz"


def test_a_roster_read_on_shipped_datasheets_shows_no_catalogue_revision_beside_its_data(shipped: Catalogue) -> None:
    # Ost's own version ("0.1.0") is no BattleScribe data revision: nothing to set beside the roster's "77".
    from ost.core.catalogue import CatalogueSource

    catalogue = _renamed_boyz(shipped, imported_on=False)
    catalogue.sources["ost"] = CatalogueSource(id="ost", kind="shipped", name="Ost", revision="0.1.0")
    data = _boyz_roster("Choppa", "8279-314c-08b7-a39f::c4df-c43d-08a6-18ab", 0, boyz=9)
    data = data.replace(b'catalogueName="Orks"', b'catalogueName="Orks" catalogueRevision="77"')
    _, report = read_roster(data, catalogue)
    orks = next(d for d in report.data if d.what == "Orks")
    assert orks.revision == "77" and orks.catalogue_revision is None


def test_a_singular_faction_category_is_the_faction_not_its_sub_faction(shipped: Catalogue) -> None:
    # Some links of the data call "Faction: Orks" "Faction: Ork": not a clan; the Clan Kultur choice names it.
    data = _boyz_roster("Choppa", "8279-314c-08b7-a39f::c4df-c43d-08a6-18ab", 0, boyz=9)
    categories = (
        '<category id="c2" name="Faction: Ork" entryId="1c58-037f-7b58-1223" primary="false"/>'
        '<category id="c3" name="Faction: &lt;Clan&gt;" entryId="2ab6-8d0f-494d-38e2" primary="false"/></categories>'
    )
    data = data.replace(b"</categories>", categories.encode(), 1)
    clan = (
        '<selection id="k1" name="Clan Kultur" entryId="fee6-89eb-b8fc-9982" number="1" type="upgrade"><selections>'
        '<selection id="k2" name="Goffs" entryId="5602-29aa-24d5-612d" number="1" type="upgrade"/>'
        "</selections></selection>"
    )
    data = data.replace(b'<selections><selection id="s2"', f'<selections>{clan}<selection id="s2"'.encode(), 1)
    army, _ = read_roster(data, shipped)
    unit = next(u for _, u in army.units())
    assert unit.placeholders == {"<CLAN>": "GOFFS"}
