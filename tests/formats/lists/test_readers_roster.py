"""BattleScribe rosters (.ros, .rosz): hand-written rosters, unknown units, hostile files."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from hostile import bounded
from ost.core.catalogue import Catalogue
from ost.core.findings import Code
from ost.core.validator import validate
from ost.formats.lists import roster
from ost.formats.lists.listreader import detect_format, read_list
from ost.formats.lists.reading import ListReadError
from readers_support import reader_catalogue, sample, zipped


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return reader_catalogue()


def units_of(army):  # type: ignore[no-untyped-def]
    return [u for _, u in army.units()]


def test_ultramarines_roster(cat: Catalogue) -> None:
    result = read_list(sample("ultramarines.ros"), "ultramarines.ros", cat)
    army, reading = result.army, result.reading
    assert reading.format == "ros"
    assert army.name == "Ultramarines – Patrouille d'Éryx"
    assert army.points_limit == 1000
    assert [d.name for d in army.detachments] == ["Patrol Detachment 0CP (Imperium - Adeptus Astartes - Ultramarines)"]
    captain, intercessors, tactical, rhino = units_of(army)
    # By BattleScribe id (the last part of an entryId path), with its custom name and warlord mark.
    assert captain.datasheet == "captain" and captain.custom_name == "Capitaine Titus" and captain.warlord
    assert captain.models == 1
    # A priced upgrade the datasheet lacks is kept with the roster's price, and reported.
    assert [(o.name, o.count, o.points) for o in captain.extra_options] == [("Master-crafted power sword", 1, 5)]
    assert captain.stated_points == 85
    assert "Rites of War" in captain.notes
    # The sub-faction comes from the roster's extra faction category, and is shared with the force.
    assert captain.placeholders == {"<CHAPITRE>": "ULTRAMARINES"}
    assert tactical.placeholders == {"<CHAPITRE>": "ULTRAMARINES"}
    # Models counted from nested model selections.
    assert intercessors.datasheet == "intercessors" and intercessors.models == 7
    # By name (the entry id is unknown), wargear matched to the datasheet's option by its id.
    assert tactical.datasheet == "tactical" and tactical.models == 5 and tactical.options == {"flamer": 1}
    assert rhino.datasheet == "rhino"
    methods = {m.datasheet_id: m.method for m in reading.matched}
    assert methods == {"captain": "bs-id", "intercessors": "bs-id", "tactical": "alias", "rhino": "name"}
    points = {m.datasheet_id: m.points_read for m in reading.matched}
    assert points == {"captain": 85, "intercessors": 140, "tactical": 95, "rhino": 75}
    # The Battle Size selection is configuration, not a unit, and is accounted for.
    assert [i.text for i in reading.ignored] == ["Battle Size"]
    assert not reading.unknown
    # Rosters do not record transports: the report says so.
    assert any("transport" in w.message.en for w in reading.warnings)


def test_rosz_with_any_member_name_and_nested_forces(cat: Catalogue) -> None:
    data = zipped({"Mon Waaagh! (final) v2.ros": sample("orks-waaagh.ros")})
    result = read_list(data, "orks.rosz", cat)
    army = result.army
    assert result.reading.format == "rosz"
    assert army.points_limit == 2000
    assert [d.name for d in army.detachments] == [
        "Battalion Detachment -3CP (Xenos - Orks)",
        "Patrol Detachment (Xenos - Orks)",
    ]
    boss, boyz, ladz, trukk = units_of(army)
    assert boss.datasheet == "ork-boss" and boss.warlord and boss.options == {"power-klaw": 1}
    assert boss.placeholders == {"<CLAN>": "GOFF"}
    assert boyz.models == 20 and boyz.options == {"big-choppa": 1, "rokkit": 2}
    assert "Choppa ×17" in boyz.notes
    assert ladz.custom_name == "Da Ladz" and ladz.models == 10 and ladz.display_name == "Da Ladz"
    assert trukk.datasheet == "ork-trukk"
    assert army.detachments[1].units == [trukk]


def test_roster_with_units_the_catalogue_lacks_still_opens(cat: Catalogue) -> None:
    result = read_list(sample("necrons-unknown.ros"), "necrons.ros", cat)
    army, reading = result.army, result.reading
    lord, warriors, skorpekh, doomstalker = units_of(army)
    # What it could read: the accented name, the option, the BattleScribe id inside a path.
    assert lord.datasheet == "nec-overlord" and lord.options == {"orbe": 1}
    assert lord.placeholders == {"<DYNASTIE>": "SZAREKHAN"}
    assert warriors.datasheet == "nec-warriors" and warriors.models == 20
    # What it could not: kept with the roster's role, points, keywords and models.
    assert skorpekh.datasheet.startswith("bs:")
    assert skorpekh.snapshot.name == "Skorpekh Destroyers"
    assert skorpekh.snapshot.role.value == "elites" and skorpekh.snapshot.points == 115
    assert skorpekh.snapshot.keywords == ["INFANTRY", "DESTROYER CULT"]
    assert skorpekh.snapshot.faction_keywords == ["NECRONS"]
    assert skorpekh.models == 3
    assert doomstalker.snapshot.role.value == "heavy_support" and doomstalker.snapshot.points == 140
    assert [u.text for u in reading.unknown_units] == ["Skorpekh Destroyers", "Canoptek Doomstalker"]
    assert [u.unit_id for u in reading.unknown_units] == [skorpekh.id, doomstalker.id]
    report = validate(cat, army)
    unknown = [f for f in report.findings if f.code is Code.UNIT_UNKNOWN]
    assert [f.units for f in unknown] == [(skorpekh.id,), (doomstalker.id,)]
    assert "Élite, 115 points" in unknown[0].message.fr
    assert report.total_points == 95 + 30 + 130 + 10 * 13 + 115 + 140
    lines = "\n".join(reading.lines("en"))
    assert "Skorpekh Destroyers" in lines and "not in the catalogue" in lines


def test_roster_without_namespace_and_odd_values(cat: Catalogue) -> None:
    xml = b"""<roster name="  Sans   espace de noms ">
      <costLimits><costLimit name="pts" value="-1"/></costLimits>
      <forces><force name="F"><selections>
        <selection name="Intercessors" type="unit" number="2">
          <costs><cost name="pts" value="NaN"/><cost name="pts" value="1e400"/><cost name="pts" value="120"/></costs>
        </selection>
        <selection name="Rhino" type="model" number="abc"/>
        <selection name="Predator" type="model" number="2"/>
      </selections></force></forces>
    </roster>"""
    result = read_list(xml, "odd.ros", cat)
    army = result.army
    assert army.name == "Sans espace de noms" and army.points_limit is None
    units = units_of(army)
    # number="2" on a unit: two units; no model selection: the minimum, with a warning.
    assert [u.datasheet for u in units] == ["intercessors", "intercessors", "rhino", "predator", "predator"]
    assert units[0].models == 5
    assert [m.points_read for m in result.reading.matched][:2] == [60, 60]
    assert any("minimum" in w.message.en for w in result.reading.warnings)
    assert any("2 units" in w.message.en for w in result.reading.warnings)


def test_empty_roster_is_a_list_with_a_warning(cat: Catalogue) -> None:
    result = read_list(b'<?xml version="1.0"?><roster name="x"/>', "empty.ros", cat)
    assert result.army.detachments == []
    assert result.reading.warnings[0].message.en == "The roster holds no force (detachment)."


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"<catalogue name='x'/>", "not a BattleScribe roster: the document is a <catalogue>"),
        (b"<roster><forces>", "not well-formed XML"),
        (b"<roster>\xff\xfe</roster>", "not well-formed XML"),
        (b"PK\x03\x04 broken", "not a valid zip archive"),
        (zipped({}), "the archive is empty"),
        (zipped({"a.ros": b"<roster/>", "b.ros": b"<roster/>"}), "the archive holds 2 files"),
        (zipped({"a.txt": b"hello"}), "not well-formed XML"),
    ],
)
def test_bad_rosters_give_clear_errors(cat: Catalogue, data: bytes, message: str) -> None:
    with pytest.raises(ListReadError) as info:
        read_list(data, "bad.rosz", cat)
    assert str(info.value).startswith("bad.rosz: ")
    assert message in str(info.value)


# --- hostile files ---------------------------------------------------------------------

ENTITY_BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE roster [
  <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
  <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
  <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
  <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
]>
<roster name="&f;"/>
"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<roster name="&secret;"/>
"""

EXTERNAL_DTD = b"""<?xml version="1.0"?>
<!DOCTYPE roster SYSTEM "http://example.invalid/roster.dtd">
<roster name="x"/>
"""


@pytest.mark.parametrize("data", [ENTITY_BOMB, EXTERNAL_ENTITY, EXTERNAL_DTD])
def test_xml_entities_and_dtds_are_refused(cat: Catalogue, data: bytes) -> None:
    with bounded(parsed=0), pytest.raises(ListReadError) as info:  # work, not seconds: the parser never runs
        read_list(data, "evil.ros", cat)
    assert "refuses for safety" in str(info.value) and "DTD" in str(info.value)
    # Zipped, the same.
    with pytest.raises(ListReadError, match="refuses for safety"):
        read_list(zipped({"r.ros": data}), "evil.rosz", cat)


def test_zip_bomb_member_stops_at_the_limit(cat: Catalogue) -> None:
    bomb = zipped({"bomb.ros": b"<roster>" + b" " * (roster.MAX_XML_BYTES + 1024) + b"</roster>"})
    assert len(bomb) < 200_000  # the archive is small; what it unpacks to is not
    # Work, not seconds: decompression stops one chunk past the limit and nothing is parsed.
    with (
        bounded(megabytes=200, decompressed=roster.MAX_XML_BYTES + 256 * 1024, parsed=0),
        pytest.raises(ListReadError, match="larger than 32 MB once unpacked"),
    ):
        read_list(bomb, "bomb.rosz", cat)


def test_zip_member_that_lies_about_its_size(cat: Catalogue) -> None:
    data = bytearray(zipped({"r.ros": sample("ultramarines.ros")}))
    # Shrink the uncompressed size in the central directory: the data no longer checks out.
    central = data.rfind(b"PK\x01\x02")
    data[central + 24 : central + 28] = (10).to_bytes(4, "little")
    with pytest.raises(ListReadError):
        read_list(bytes(data), "liar.rosz", cat)


def test_bounded_member_reading_counts_bytes() -> None:
    data = zipped({"r.ros": b"x" * 5000})
    with pytest.raises(ListReadError, match="larger than"):
        roster.read_single_member(data, "small.rosz", limit=4096)
    name, content = roster.read_single_member(data, "small.rosz", limit=5000)
    assert name == "r.ros" and len(content) == 5000


def test_path_tricks_in_member_names_are_harmless(cat: Catalogue, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    data = zipped({"../../../../tmp/evil.ros": sample("ultramarines.ros")})
    result = read_list(data, "tricky.rosz", cat)
    assert result.army.unit_count() == 4
    assert list(tmp_path.iterdir()) == []  # nothing is ever extracted to disk
    with pytest.raises(ListReadError, match="holds 2 files"):
        read_list(zipped({"/etc/passwd": b"x", "ok.ros": b"<roster/>"}), "tricky.rosz", cat)


def test_folders_and_mac_metadata_in_a_rosz_are_skipped(cat: Catalogue) -> None:
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("dossier/", b"")
        archive.writestr("__MACOSX/._roster.ros", b"\x00\x05\x16\x07")
        archive.writestr("dossier/roster.ros", sample("orks-waaagh.ros"))
    assert read_list(buffer.getvalue(), "mac.rosz", cat).army.unit_count() == 4


def test_deep_nesting_is_an_error_not_a_crash(cat: Catalogue) -> None:
    depth = 5000
    xml = (
        b"<roster><forces><force><selections>"
        + b'<selection name="Boyz" type="unit"><selections>' * depth
        + b"</selections></selection>" * depth
        + b"</selections></force></forces></roster>"
    )
    with pytest.raises(ListReadError, match="nested too deep"):
        read_list(xml, "deep.ros", cat)
    forces = b"<roster>" + b"<forces><force>" * depth + b"</force></forces>" * depth + b"</roster>"
    with pytest.raises(ListReadError, match="nested too deep"):
        read_list(forces, "deep.ros", cat)


def test_detection_by_content_not_name(cat: Catalogue) -> None:
    ros = sample("ultramarines.ros")
    assert detect_format(ros) == "ros"
    assert detect_format(b"\xef\xbb\xbf  " + ros) == "ros"
    assert detect_format(zipped({"x": ros})) == "rosz"
    # A roster saved as .txt, or a zip named .ros, still reads as what it is.
    assert read_list(ros, "liste.txt", cat).reading.format == "ros"
    assert read_list(zipped({"x": ros}), "liste.ros", cat).reading.format == "rosz"


def test_selection_taken_twice_shares_its_models_and_costs(cat: Catalogue) -> None:
    """BattleScribe's child numbers and costs are totals over the copies."""
    xml = b"""<roster name="Deux escouades"><forces><force name="F"><selections>
        <selection name="Intercessors" type="unit" number="2">
          <selections><selection name="Intercessor" type="model" number="10">
            <costs><cost name="pts" value="200"/></costs></selection></selections>
        </selection>
      </selections></force></forces></roster>"""
    result = read_list(xml, "deux.ros", cat)
    units = units_of(result.army)
    assert [(u.datasheet, u.models) for u in units] == [("intercessors", 5), ("intercessors", 5)]
    assert [m.points_read for m in result.reading.matched] == [100, 100]
