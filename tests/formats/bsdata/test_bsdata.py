"""The BattleScribe importer on small files written for these tests (tests/data/bsdata)."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import TEST_DATA
from ost.core.catalogue import Datasheet, SpaceRule
from ost.core.i18n import Bilingual
from ost.core.roles import Role, UnitType
from ost.formats.bsdata import BsDataError, BsImport, BsImportWarning, read_bsdata, unit_type_and_class
from ost.formats.safexml import XmlInputError

DATA = TEST_DATA / "bsdata"
SYSTEM = DATA / "Test System.gst"
TESTERS = DATA / "Testers.cat"


@pytest.fixture(scope="module")
def imported() -> BsImport:
    return read_bsdata([DATA])


def sheet(result: BsImport, entry_id: str, faction: str = "bs-testers") -> Datasheet:
    found = [s for s in result.datasheets if s.id == f"{faction}-{entry_id}"]
    assert found, f"{faction}-{entry_id} not imported"
    return found[0]


def test_factions_are_the_playable_catalogues_and_the_game_system(imported: BsImport) -> None:
    assert {f.id: f.name for f in imported.factions} == {
        "bs-testers": "Testers",
        "bs-far-testers": "Far Testers",
        "bs-test-system": "Test System",
    }
    testers = next(f for f in imported.factions if f.id == "bs-testers")
    assert testers.source == "bsdata:test-cat" and testers.revision == "12"
    assert set(imported.sources) == {"bsdata:test-cat", "bsdata:test-far", "bsdata:test-sys"}
    # Libraries are no factions; their entries come through the catalogues that use them.
    assert all(not s.id.startswith("bs-test-library") for s in imported.datasheets)


def test_unit_with_groups_links_and_defaults(imported: BsImport) -> None:
    squad = sheet(imported, "t-grunt-squad")
    assert squad.name == "Grunt Squad"
    assert squad.role is Role.TROOPS  # the link's primary category wins over the entry's (Elites)
    assert (squad.min_models, squad.max_models) == (5, 10)
    # Boss 12 (the link's cost overrides the entry's 10) + 4 default Grunts at 7; the gear group's default is free.
    assert squad.points == 40
    assert squad.points_per_model == 7
    assert squad.cost(10) == 75
    assert squad.keywords == ["INFANTRY", "GRUNTS"]
    assert squad.faction_keywords == ["TESTERS", "<TEST CLAN>"]
    assert squad.identity == "GRUNT SQUAD"  # no keyword names the datasheet: its name does
    assert [p.name for p in squad.profiles] == ["Grunt", "Grunt Boss"]
    assert squad.wounds == 2  # the toughest kind: the Boss
    assert [(k.name, k.min, k.max, k.wounds, k.points) for k in squad.kinds] == [
        ("Grunt Boss", 1, 1, 2, 0),
        ("Grunt", 4, 9, 1, 7),
    ]
    assert squad.unit_wounds(squad.default_composition(5)) == 6
    assert [w.name for w in squad.weapons] == ["Rifle"]
    assert squad.weapons[0].abilities == ""  # "-" means none
    assert [a.name for a in squad.abilities] == ["Brave"]
    assert all(a.text is None for a in squad.abilities)  # the data is English: never our French text
    assert [a.text_en for a in squad.abilities] == ["Test rule text, nothing more."]
    assert squad.source == "bsdata:test-cat" and squad.source_id == "t-grunt-squad"
    assert squad.source_revision == "12"
    assert squad.bs_ids == ["t-grunt-squad", "t-root-grunts"]


def test_options_with_points(imported: BsImport) -> None:
    options = {o.id: o for o in sheet(imported, "t-grunt-squad").options}
    # Per Grunt (the model repeats), named after it.
    big_gun = options["t-grunt-big-gun"]
    assert (big_gun.name, big_gun.points, big_gun.per_model) == ("Grunt – Big Gun", 5, True)
    # The non-default choice of a group with a free default.
    plasma = options["t-gear-plasma-link"]
    assert (plasma.name, plasma.points, plasma.per_model, plasma.max) == ("Plasma Kit", 10, False, 1)
    # An unconditional "set points" on the link reprices it; a conditional one does not.
    assert options["t-banner-link"].points == 20
    assert options["t-horn-link"].points == 3
    # A statically hidden link is no option; free and default gear neither.
    assert "t-hidden-option" not in options
    assert "t-gear-rifle-link" not in options and "t-grunt-rifle" not in options


def test_single_model_character(imported: BsImport) -> None:
    boss = sheet(imported, "t-boss")
    assert boss.role is Role.HQ and boss.points == 60 and (boss.min_models, boss.max_models) == (1, 1)
    assert boss.keywords == ["INFANTRY", "TEST BOSS", "CHARACTER"]
    assert boss.identity == "TEST BOSS"
    assert boss.unit_type is UnitType.INFANTRY and boss.unit_class == 1
    assert boss.wounds == 5 and boss.is_independent_character
    assert boss.profiles[0].model_dump(exclude={"extra", "top"}) == {
        "name": "Test Boss",
        "m": '6"',
        "ws": "2+",
        "bs": "3+",
        "s": "4",
        "t": "4",
        "w": "5",
        "a": "4",
        "ld": "9",
        "sv": "3+",
    }
    assert [w.name for w in boss.weapons] == ["Claw"] and boss.weapons[0].abilities == "Blast"
    assert [a.name for a in boss.abilities] == ["Bossy", "Brave"]  # the hidden ability is skipped
    assert boss.never_holds_objectives  # derived from "cannot control objective markers"
    assert not boss.linked_character


def test_transport_capacity_is_parsed(imported: BsImport) -> None:
    truck = sheet(imported, "t-truck")
    assert truck.role is Role.DEDICATED_TRANSPORT
    assert truck.unit_type is UnitType.VEHICLE and truck.unit_class == 4  # 10 wounds or more
    assert truck.transport is not None and truck.transport.verified
    assert truck.transport.capacity == 10
    assert truck.transport.allowed == [["<TEST CLAN>", "INFANTRY"]]
    assert truck.transport.space == [SpaceRule(keywords=["HEAVY"], space=2)]
    assert truck.is_transport


def test_links_resolve_through_libraries_transitively_and_to_nested_entries(imported: BsImport) -> None:
    scholars = sheet(imported, "lib-scholar-squad")
    assert scholars.name == "Scholar Squad"  # the link is called "New EntryLink"
    assert scholars.role is Role.ELITES
    assert (scholars.min_models, scholars.max_models) == (3, 6)
    assert scholars.points == 5 + 3 * 15  # unconditional "set points" on the link, plus the models
    assert scholars.faction_keywords == ["TEST EMPIRE"]
    far = sheet(imported, "lib-scholar-squad", faction="bs-far-testers")
    assert far.name == "Far Scholars" and far.points == 45  # Far Testers -> Testers -> Library
    sage = sheet(imported, "lib-nested-sage")
    assert sage.role is Role.HQ and sage.points == 33


def test_imported_roots_are_deduplicated_with_the_slotted_role(imported: BsImport) -> None:
    agent = sheet(imported, "ally-agent")
    assert agent.role is Role.HQ  # HQ beats "Agent of the Imperium"
    assert agent.bs_ids == ["ally-agent", "ally-link-hq", "ally-link-agent"]
    assert sum(s.name == "Ally Agent" for s in imported.datasheets) == 1


def test_hidden_legends_and_blocked_entries_are_kept_and_flagged(imported: BsImport) -> None:
    assert sheet(imported, "t-relic").legends  # by name
    assert sheet(imported, "t-sneaky").legends  # hidden by the "Hide Legends Units" toggle
    assert sheet(imported, "t-hidden").hidden  # static hidden
    assert sheet(imported, "t-blocked").hidden  # limited to 0
    assert not sheet(imported, "t-boss").hidden and not sheet(imported, "t-boss").legends
    names = {s.name for s in imported.datasheets}
    assert "Army Setting" not in names  # a Configuration entry is no datasheet
    assert "Hide Legends Units" not in names


def test_units_of_upgrade_entries_and_set_primary_role(imported: BsImport) -> None:
    battery = sheet(imported, "t-battery")
    assert (battery.min_models, battery.max_models, battery.points, battery.points_per_model) == (2, 3, 50, 25)
    stompy = sheet(imported, "t-stompy")
    assert stompy.role is Role.LORD_OF_WAR  # from a set-primary modifier
    assert stompy.unit_class == 5  # TITANIC


def test_link_cycles_end(imported: BsImport) -> None:
    loop = sheet(imported, "t-loop-unit")
    assert loop.role is Role.UNSLOTTED and loop.points == 11


def test_game_system_roots_are_one_common_faction(imported: BsImport) -> None:
    wall = sheet(imported, "sys-wall", faction="bs-test-system")
    assert wall.role is Role.FORTIFICATION and wall.points == 45
    assert wall.unit_type is UnitType.FORTIFICATION
    assert not any(s.name == "Wall of Tests" and s.faction == "bs-testers" for s in imported.datasheets)


def test_warnings_and_coverage(imported: BsImport) -> None:
    assert any("does-not-exist" in str(w) and "Testers.cat" in str(w) for w in imported.warnings)
    coverage = {c.faction: c for c in imported.coverage}
    testers = coverage["bs-testers"]
    assert testers.datasheets == 13
    assert testers.role == 12  # Loop Unit has no slot
    assert testers.points == 13 and testers.transports == testers.transports_parsed == 1
    assert testers.legends == 2 and testers.hidden == 2


def test_progress_is_reported(tmp_path: Path) -> None:
    calls: list[tuple[int, int, str]] = []
    read_bsdata([DATA], progress=lambda done, total, what: calls.append((done, total, what)))
    assert calls[-1][0] == calls[-1][1]
    assert len({total for _, total, _ in calls}) == 1  # a steady total, for a GUI progress bar
    assert all(0 <= done <= total for done, total, _ in calls)
    assert [c[0] for c in calls] == sorted(c[0] for c in calls)
    assert any(what == "Testers" for _, _, what in calls)


def test_zipped_files_are_read(tmp_path: Path) -> None:
    for path in DATA.iterdir():
        packed = tmp_path / (path.name + "z")
        with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(path, path.name)
    result = read_bsdata(sorted(tmp_path.iterdir()))
    assert len(result.datasheets) == len(read_bsdata([DATA]).datasheets)


def test_a_catalogue_given_twice_keeps_the_newer_revision(tmp_path: Path) -> None:
    older = tmp_path / "old" / "Testers.cat"
    older.parent.mkdir()
    older.write_text(TESTERS.read_text(encoding="utf-8").replace('revision="12"', 'revision="3"'), encoding="utf-8")
    result = read_bsdata([DATA, older])
    assert next(f for f in result.factions if f.id == "bs-testers").revision == "12"
    assert any("revision 12 is used" in str(w) for w in result.warnings)


def test_game_system_is_required(tmp_path: Path) -> None:
    shutil.copy(TESTERS, tmp_path)
    with pytest.raises(BsDataError, match="no game system"):
        read_bsdata([tmp_path])


def test_import_errors_and_warnings_speak_both_languages(tmp_path: Path) -> None:
    """Errors and warnings carry one Bilingual text; ``message`` puts the file first in either language."""
    shutil.copy(TESTERS, tmp_path)
    with pytest.raises(BsDataError) as info:
        read_bsdata([tmp_path])
    error = info.value
    assert error.text == Bilingual(
        fr="aucun système de jeu (.gst) parmi les fichiers ; les catalogues BattleScribe en ont besoin",
        en="no game system (.gst) among the files; BattleScribe catalogues need theirs",
    )
    assert error.message("fr") == f"{tmp_path}: {error.text.fr}" and error.message_fr == error.text.fr
    assert error.message("en") == f"{tmp_path}: {error.text.en}" == str(error)
    older = tmp_path / "Older.cat"
    older.write_text(TESTERS.read_text(encoding="utf-8").replace('revision="12"', 'revision="3"'), encoding="utf-8")
    [warning] = [w for w in read_bsdata([DATA, older]).warnings if w.path == str(older)]
    assert isinstance(warning, BsImportWarning)
    said = warning.message("fr")
    assert said.startswith(f"{older}: même catalogue que ") and "la révision 12 est prise" in said
    assert warning.message("en").endswith("revision 12 is used") and str(warning) == warning.message("en")


def test_a_catalogue_of_another_game_system_is_refused(tmp_path: Path) -> None:
    shutil.copy(SYSTEM, tmp_path)
    other = tmp_path / "Other.cat"
    other.write_text(TESTERS.read_text(encoding="utf-8").replace('gameSystemId="test-sys"', 'gameSystemId="x"'))
    with pytest.raises(BsDataError, match="needs the game system 'x'") as info:
        read_bsdata([tmp_path])
    assert str(other) in str(info.value)


def test_no_files(tmp_path: Path) -> None:
    with pytest.raises(BsDataError, match="no BattleScribe file"):
        read_bsdata([tmp_path])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'<?xml version="1.0"?><html><body>hello</body></html>', "not a BattleScribe game system or catalogue"),
        (
            b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r"/>',
            "not a BattleScribe game system or catalogue",
        ),
        (b'<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x"><selec', "truncated"),
        (
            b'<!DOCTYPE c [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            b'<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x" name="&b;"/>',
            "DTD",
        ),
        (
            b'<!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b'<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x" name="&x;"/>',
            "DTD",
        ),
        (b"PK\x03\x04 not really a zip", "not a valid zip"),
    ],
)
def test_hostile_or_foreign_files_are_refused_quickly(tmp_path: Path, content: bytes, message: str) -> None:
    from hostile import bounded

    shutil.copy(SYSTEM, tmp_path)
    bad = tmp_path / "Bad.cat"
    bad.write_bytes(content)
    with bounded(megabytes=16), pytest.raises(XmlInputError, match=message) as info:
        read_bsdata([tmp_path])
    assert str(bad) in str(info.value)


def test_unit_type_and_class_mapping() -> None:
    assert unit_type_and_class(["INFANTRY", "CHARACTER"], 5) == (UnitType.INFANTRY, 1)
    assert unit_type_and_class(["BIKER"], 3) == (UnitType.BIKE, 2)
    assert unit_type_and_class(["CAVALRY"], 3) == (UnitType.CAVALRY, 2)
    assert unit_type_and_class(["BEASTS"], 3) == (UnitType.BEAST, 2)
    assert unit_type_and_class(["SWARM"], 4) == (UnitType.SWARM, 2)
    assert unit_type_and_class(["VEHICLE"], 9) == (UnitType.VEHICLE, 3)
    assert unit_type_and_class(["VEHICLE"], 10) == (UnitType.VEHICLE, 4)
    assert unit_type_and_class(["VEHICLE", "DREADNOUGHT"], 8) == (UnitType.WALKER, 3)
    assert unit_type_and_class(["MONSTER"], 12) == (UnitType.MONSTER, 4)
    assert unit_type_and_class(["MONSTER", "TITANIC"], 24) == (UnitType.MONSTER, 5)
    assert unit_type_and_class(["VEHICLE", "AIRCRAFT"], 12) == (UnitType.AIRCRAFT, 4)
    assert unit_type_and_class(["BUILDING"], 12) == (UnitType.FORTIFICATION, 4)
    assert unit_type_and_class([], 1) == (UnitType.OTHER, 1)


VALUES = st.sampled_from(["nan", "inf", "-1", "-1.0", "0", "1e400", "999999999999", "abc", "", "3.5", "true", "t-boss"])


def mangled(data: st.DataObject, path: Path, attributes: str, values: st.SearchStrategy[str]) -> str:
    """The text of ``path`` with up to 8 values of ``attributes`` (a regex alternation) replaced."""
    import re

    text = path.read_text(encoding="utf-8")
    spots = [m.span(1) for m in re.finditer(rf'(?:{attributes})="([^"]*)"', text)]
    chosen = data.draw(st.lists(st.sampled_from(spots), max_size=8, unique=True))
    for start, end in sorted(chosen, reverse=True):
        text = text[:start] + data.draw(values) + text[end:]
    return text


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_mangled_catalogues_never_crash(data: st.DataObject) -> None:
    """Odd values anywhere (costs, constraints, ids, flags) or a cut file: an import or a clear refusal."""
    import tempfile

    text = mangled(data, TESTERS, "value|targetId|hidden|type|id", VALUES)
    if data.draw(st.booleans()):
        text = text[: data.draw(st.integers(0, len(text)))]
    with tempfile.TemporaryDirectory() as folder:
        shutil.copy(SYSTEM, folder)
        shutil.copy(DATA / "Test Library.cat", folder)
        (Path(folder) / "Testers.cat").write_text(text, encoding="utf-8")
        try:
            result = read_bsdata([folder])
        except XmlInputError as exc:
            refused: XmlInputError | None = exc
        else:
            refused = None
    if refused is not None:
        assert folder in refused.path  # the message names the file
        return
    for found in result.datasheets:
        assert 1 <= found.min_models <= found.max_models <= 1_000_000
        assert 0 <= found.points <= 1_000_000


def test_a_catz_with_a_1_gib_member_is_refused_quickly_in_little_memory(tmp_path: Path) -> None:
    from hostile import GIB, bounded, raw_zip, zero_stream

    shutil.copy(SYSTEM, tmp_path)
    bomb = tmp_path / "Bomb.catz"
    bomb.write_bytes(raw_zip("Bomb.cat", zero_stream(GIB), declared_size=GIB))
    liar = tmp_path / "Liar.catz"
    liar.write_bytes(raw_zip("Liar.cat", zero_stream(GIB), declared_size=4096))
    for path in (bomb, liar):
        with bounded(), pytest.raises(XmlInputError) as info:
            read_bsdata([SYSTEM, path])
        assert str(path) in str(info.value)


# --- model kinds and conditional prices (tests/data/bsdata-kinds) ----------------------------------------------------

KINDS = TEST_DATA / "bsdata-kinds" / "Kinds.cat"


@pytest.fixture(scope="module")
def kinds_import() -> BsImport:
    return read_bsdata([SYSTEM, KINDS])


def kinds_of(sheet_: Datasheet) -> list[tuple[str, int, int, int, int]]:
    return [(k.name, k.min, k.max, k.wounds, k.points) for k in sheet_.kinds]


def test_troopers_entered_as_upgrades_with_a_model_profile(kinds_import: BsImport) -> None:
    squad = sheet(kinds_import, "k-strike", "bs-kinds")
    assert kinds_of(squad) == [("Justicar", 1, 1, 3, 0), ("Grey Knight", 4, 9, 2, 20)]
    # The psycannon trooper has the Grey Knight profile: the same kind, named by both its entries.
    assert squad.kinds[1].bs_ids == ["k-knight", "k-knight-psycannon"]
    assert squad.kinds[1].profile == "Grey Knight"
    assert (squad.min_models, squad.max_models) == (5, 10)
    assert squad.points == 102 and squad.points_per_model == 20
    assert squad.wounds == 3  # the toughest kind
    assert squad.unit_wounds(squad.default_composition(10)) == 3 + 9 * 2


def test_the_unit_entry_is_itself_a_model_with_extra_models(kinds_import: BsImport) -> None:
    apostle = sheet(kinds_import, "k-apostle", "bs-kinds")
    assert kinds_of(apostle) == [("Dark Apostle", 1, 1, 4, 0), ("Dark Disciple", 0, 2, 1, 5)]
    assert apostle.kinds[0].bs_ids == ["k-apostle"]
    assert (apostle.min_models, apostle.max_models) == (1, 3)
    assert apostle.wounds == 4 and apostle.is_independent_character
    assert apostle.cost(3) == 80
    assert apostle.default_composition(3) == {"dark-apostle": 1, "dark-disciple": 2}


def test_drones_bought_as_wargear_are_options_not_models(kinds_import: BsImport) -> None:
    commander = sheet(kinds_import, "k-commander", "bs-kinds")
    assert kinds_of(commander) == [("Battle Commander", 1, 1, 6, 0)]
    assert (commander.min_models, commander.max_models) == (1, 1)
    drones = {o.id: o for o in commander.options}["k-drones-gun"]
    assert (drones.name, drones.points, drones.max) == ("Gun Drone", 10, 2)
    # A unit made of drones only: there they are the models.
    squadron = sheet(kinds_import, "k-drone-squad", "bs-kinds")
    assert kinds_of(squadron) == [("Gun Drone", 4, 12, 1, 10)]
    assert (squadron.min_models, squadron.max_models, squadron.points) == (4, 12, 40)


def test_a_commissar_is_one_model_whatever_comes_with_it(kinds_import: BsImport) -> None:
    commissar = sheet(kinds_import, "k-commissar", "bs-kinds")
    assert kinds_of(commissar) == [("Test Commissar", 1, 1, 4, 0)]
    assert (commissar.min_models, commissar.max_models, commissar.points) == (1, 1, 40)
    options = {o.id: o for o in commissar.options}
    assert (options["k-ogre"].points, options["k-ogre"].max) == (50, 1)
    assert options["k-aide"].points == 25


def test_a_price_set_by_the_datasheet_is_evaluated(kinds_import: BsImport) -> None:
    # The mark is free for a RAGE datasheet, 20 points for the others.
    assert sheet(kinds_import, "k-rage-champion", "bs-kinds").points == 80
    assert sheet(kinds_import, "k-rage-brute", "bs-kinds").points == 70
    lord = {o.id: o.points for o in sheet(kinds_import, "k-rage-lord", "bs-kinds").options}
    assert lord["k-rage-lord-mark"] == 20
    # The jump pack costs 5 more when the unit's own selections hold the mark (the Brute always does).
    assert lord["k-rage-lord-jump"] == 15
    brute = {o.id: o.points for o in sheet(kinds_import, "k-rage-brute", "bs-kinds").options}
    assert brute["k-rage-brute-jump"] == 20


def test_a_price_per_model_of_the_unit_is_kept_aside(kinds_import: BsImport) -> None:
    """A repeat ("+2 per model") grows with the unit: pricing it at the minimum size would be wrong later."""
    squad = sheet(kinds_import, "k-rage-squad", "bs-kinds")
    assert squad.points == 5 * 10  # the icon's own cost (0), without the per-model change
    assert kinds_of(squad) == [("Rager", 5, 10, 1, 10)]
    assert any("Icon of Rage" in w.text.en and "Rage Squad" in w.text.en for w in kinds_import.warnings)


def test_a_price_set_by_the_force_is_kept_flagged_and_counted(kinds_import: BsImport) -> None:
    commissar = sheet(kinds_import, "k-commissar", "bs-kinds")
    assert {o.id: o.points for o in commissar.options}["k-commissar-banner"] == 15  # the price without the change
    report = next(c for c in kinds_import.coverage if c.faction == "bs-kinds")
    assert report.modifiers_kept == 2 and report.warnings == 2  # the banner, and the icon priced per model
    assert report.modifiers_evaluated >= 4
    warned = [w for w in kinds_import.warnings if "Banner of Hate" in w.text.en]
    assert len(warned) == 1 and "Test Commissar" in warned[0].text.en and "Banner of Hate" in warned[0].text.fr
    assert (report.kinds, report.several_kinds, report.kinds_with_wounds) == (22, 6, 22)


def test_a_group_that_loses_a_place_for_a_heavy_team_gives_its_troopers_a_range(kinds_import: BsImport) -> None:
    # Astra Militarum Infantry Squad: 9 troopers, or 7 and a heavy team of 2 wounds (the group of 9 loses a place).
    squad = sheet(kinds_import, "k-line", "bs-kinds")
    assert kinds_of(squad) == [
        ("Line Sergeant", 1, 1, 1, 0),
        ("Line Trooper", 7, 9, 1, 0),
        ("Heavy Weapon Team", 0, 1, 2, 0),
    ]
    assert (squad.min_models, squad.max_models) == (9, 10)


def test_a_space_rule_finds_the_model_it_names(kinds_import: BsImport) -> None:
    # "Each Heavy Weapons Team takes the space of 2": the team has no such category, its profile has the name.
    carrier = sheet(kinds_import, "k-carrier", "bs-kinds")
    assert carrier.transport is not None and carrier.transport.verified
    assert [(r.keywords, r.space) for r in carrier.transport.space] == [(["HEAVY WEAPONS TEAM"], 2)]
    squad = sheet(kinds_import, "k-line", "bs-kinds")
    assert [k.keywords for k in squad.kinds] == [[], [], ["HEAVY WEAPONS TEAM"]]


def test_a_model_without_a_profile_takes_the_one_its_name_holds(kinds_import: BsImport) -> None:
    # "Assault Terminator Sergeant" is a "Terminator Sergeant"; "Devastator Marine w/Heavy Weapon" a "Space Marine".
    squad = sheet(kinds_import, "k-heavies", "bs-kinds")
    assert [(k.name, k.wounds, k.profile) for k in squad.kinds] == [
        ("Heavy Trooper Sergeant", 2, "Trooper Sergeant"),
        ("Heavy Trooper w/ Gun", 1, "Trooper"),
    ]
    report = next(c for c in kinds_import.coverage if c.faction == "bs-kinds")
    assert report.kinds_with_wounds == report.kinds


def test_a_limit_that_grows_with_the_unit_is_evaluated(kinds_import: BsImport) -> None:
    # Necron Skorpekh: a second scythe once the unit holds 6 models, so 3 to 6 models of one kind.
    squad = sheet(kinds_import, "k-reapers", "bs-kinds")
    assert kinds_of(squad) == [("Reaper", 3, 6, 3, 30)]
    assert (squad.min_models, squad.max_models) == (3, 6)


def test_a_model_that_takes_another_ones_place_is_the_same_kind(kinds_import: BsImport) -> None:
    # Attilan Rough Riders: a goad lance rider takes a hunting lance rider's place; 4-9 riders either way.
    riders = sheet(kinds_import, "k-riders", "bs-kinds")
    assert kinds_of(riders) == [("Rider Sergeant", 1, 1, 2, 0), ("Rider", 4, 9, 2, 20)]
    assert riders.kinds[1].bs_ids == ["k-rider-hunt", "k-rider-goad"]
    assert (riders.min_models, riders.max_models) == (5, 10)


def test_a_minimum_that_grows_with_the_unit_is_met_by_the_smallest_unit(kinds_import: BsImport) -> None:
    # Ork Lootas: 1 Spanner less 1, plus 1 per 4 Lootas; a mob of 5 can hold 4 Lootas at most, so 1 Spanner.
    mob = sheet(kinds_import, "k-looters", "bs-kinds")
    assert kinds_of(mob) == [("Looter", 2, 12, 1, 14), ("Fixer", 1, 3, 1, 14)]
    assert (mob.min_models, mob.max_models) == (5, 15)


@settings(max_examples=30, deadline=None)
@given(
    size=st.integers(min_value=1, max_value=12),
    trooper_max=st.integers(min_value=0, max_value=12),
    heavy_max=st.integers(min_value=0, max_value=2),
    fewer=st.integers(min_value=0, max_value=4),
    when=st.sampled_from(["equalTo", "atLeast", "greaterThan", "lessThan"]),
)
def test_a_group_limit_moved_by_the_units_own_selections_matches_every_composition(
    tmp_path_factory: pytest.TempPathFactory, size: int, trooper_max: int, heavy_max: int, fewer: int, when: str
) -> None:
    """The Line Squad with other numbers: each kind's range is what the legal compositions hold, counted by hand."""
    text = KINDS.read_text(encoding="utf-8")
    line = text[text.index('<selectionEntry id="k-line"') : text.index("<!-- Astra Militarum Chimera")]
    changed = (
        line.replace('childId="k-line-heavy" type="equalTo"', f'childId="k-line-heavy" type="{when}"')
        .replace('field="k-line-troopers-max" value="1"', f'field="k-line-troopers-max" value="{fewer}"')
        .replace('field="k-line-troopers-min" value="1"', f'field="k-line-troopers-min" value="{fewer}"')
        .replace('value="9" id="k-line-troopers-min"', f'value="{size}" id="k-line-troopers-min"')
        .replace('value="9" id="k-line-troopers-max"', f'value="{size}" id="k-line-troopers-max"')
        .replace('value="9" id="k-line-trooper-max"', f'value="{trooper_max}" id="k-line-trooper-max"')
        .replace('value="1" id="k-line-heavy-max"', f'value="{heavy_max}" id="k-line-heavy-max"')
    )
    folder = tmp_path_factory.mktemp("line")
    (folder / "Kinds.cat").write_text(text.replace(line, changed), encoding="utf-8")
    squad = sheet(read_bsdata([SYSTEM, folder / "Kinds.cat"]), "k-line", "bs-kinds")
    holds = {"equalTo": lambda n: n == 1, "atLeast": lambda n: n >= 1, "greaterThan": lambda n: n > 1}
    legal = [
        (troopers, heavy)
        for heavy in range(heavy_max + 1)
        for troopers in range(trooper_max + 2)  # the trooper and the trooper with a vox (at most 1)
        if troopers + heavy == size - (fewer if holds.get(when, lambda n: n < 1)(heavy) else 0)
    ]
    by_name = {k.name: (k.min, k.max) for k in squad.kinds}
    if legal and "Line Trooper" in by_name and "Heavy Weapon Team" in by_name:
        troopers = [t for t, _ in legal]
        heavies = [h for _, h in legal]
        assert by_name["Line Trooper"] == (min(troopers), max(troopers))
        assert by_name["Heavy Weapon Team"] == (min(heavies), max(heavies))
        assert (squad.min_models, squad.max_models) == (1 + min(map(sum, legal)), 1 + max(map(sum, legal)))
    assert all(k.min <= k.max for k in squad.kinds)
    assert sum(k.min for k in squad.kinds) <= squad.min_models <= squad.max_models


def test_kinds_survive_the_store(kinds_import: BsImport, tmp_path: Path) -> None:
    from ost.services import save_import
    from ost.store import CatalogueStore

    with CatalogueStore(tmp_path / "c.sqlite") as store:
        save_import(store, kinds_import)
        stored = store.datasheet("bs-kinds-k-strike")
    assert stored is not None
    assert stored.kinds == sheet(kinds_import, "k-strike", "bs-kinds").kinds


CONDITION_VALUES = st.sampled_from(
    [
        "ancestor",
        "parent",
        "self",
        "force",
        "roster",
        "primary-catalogue",
        "k-kw-rage",
        "k-mark",
        "test-kinds",
        "instanceOf",
        "notInstanceOf",
        "atLeast",
        "equalTo",
        "lessThan",
        "or",
        "and",
        "-1",
        "nan",
        "",
        "k-apostle",
    ]
)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_mangled_kinds_and_conditions_never_crash(data: st.DataObject) -> None:
    """Odd scopes, types, ids and counts in conditions and model entries: an import with sane kinds."""
    import tempfile

    text = mangled(data, KINDS, "value|childId|scope|type|targetId|id", st.one_of(CONDITION_VALUES, VALUES))
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "Kinds.cat").write_text(text, encoding="utf-8")
        try:
            result = read_bsdata([SYSTEM, Path(folder) / "Kinds.cat"])
        except XmlInputError:
            return
    for found in result.datasheets:
        assert found.kinds and all(k.min <= k.max for k in found.kinds)
        assert sum(k.min for k in found.kinds) <= found.min_models <= found.max_models
        assert found.wounds == max(k.wounds for k in found.kinds)
        assert len({k.id for k in found.kinds}) == len(found.kinds)


@pytest.mark.python_reader
def test_a_unit_of_thousands_of_model_entries_is_read_in_bounded_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hostile unit with 3,000 model entries in as many groups: read without kinds, not in quadratic time."""
    entries = "".join(
        f'<selectionEntryGroup id="g{i}" name="G{i}"><selectionEntries>'
        f'<selectionEntry id="m{i}" name="Model {i}" type="model"><constraints>'
        f'<constraint field="selections" scope="parent" value="1" id="c{i}" type="max"/></constraints>'
        f"</selectionEntry></selectionEntries></selectionEntryGroup>"
        for i in range(3000)
    )
    catalogue = (
        '<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="huge" name="Huge" revision="1" '
        'library="false" gameSystemId="test-sys"><selectionEntries>'
        '<selectionEntry id="horde" name="Horde" type="unit"><categoryLinks>'
        '<categoryLink id="h-role" targetId="cat-troops" primary="true"/></categoryLinks>'
        f"<selectionEntryGroups>{entries}</selectionEntryGroups></selectionEntry>"
        "</selectionEntries></catalogue>"
    )
    path = tmp_path / "Huge.cat"
    path.write_text(catalogue, encoding="utf-8")
    from ost.formats.bsdata import walk

    calls = 0
    original = walk._walk

    def counted(scope: object, *args: object) -> None:
        nonlocal calls
        calls += 1
        original(scope, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(walk, "_walk", counted)
    result = read_bsdata([SYSTEM, path])
    horde = sheet(result, "horde", "bs-huge")
    assert calls <= 3  # the walk gave up at once (one walk per datasheet: the horde and the wall)
    assert [k.id for k in horde.kinds] == ["model"]  # one kind made from the size
    assert horde.max_models == 3000


def test_absurd_counts_of_several_kinds_stay_consistent(tmp_path: Path) -> None:
    """Each kind's count is clamped on its own; the unit's size still holds their sum."""
    text = KINDS.read_text(encoding="utf-8")
    text = text.replace('value="1" id="k-justicar-min"', 'value="5000000" id="k-justicar-min"')
    text = text.replace('value="1" id="k-justicar-max"', 'value="5000000" id="k-justicar-max"')
    path = tmp_path / "Kinds.cat"
    path.write_text(text, encoding="utf-8")
    squad = sheet(read_bsdata([SYSTEM, path]), "k-strike", "bs-kinds")
    assert sum(k.min for k in squad.kinds) <= squad.min_models <= squad.max_models
    assert all(k.min <= k.max for k in squad.kinds)


def test_an_import_that_leaves_its_files_unfreed_reads_the_same() -> None:
    # ``ost import bsdata`` run as the program skips freeing the parsed files (the process ends next).
    freed, kept = read_bsdata([DATA]), read_bsdata([DATA], free=False)
    assert [s.model_dump_json() for s in kept.datasheets] == [s.model_dump_json() for s in freed.datasheets]
    assert kept.coverage == freed.coverage and kept.warnings == freed.warnings
