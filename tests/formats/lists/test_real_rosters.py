"""Real 9th-edition rosters read exactly (issue 17), against the full BattleScribe release.

The rosters in ../shared/rosters-9e were written by players and by other tools
(see their sources.md); the release in ../shared/bsdata-9e-full is imported
once for the module. The roster's own model count comes from
tools/roster_audit.py, which reads the XML apart from Ost's reader. Skipped
where the folders are absent.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from helpers import ROOT, roundtrip_losses, through_own_formats
from ost.core.armylist import ArmyList, Unit, unit_points
from ost.core.catalogue import BSDATA_SOURCE_PREFIX, Catalogue
from ost.core.presenter import option_labels
from ost.core.validator import Code, validate
from ost.core.wargear import choice_taken, merged
from ost.formats.lists.listreader import ReadResult, read_list, read_list_file
from ost.formats.lists.text import export_text
from ost.services import import_bsdata, open_store

SHARED = ROOT.parent / "shared"
FULL = Path(os.environ.get("OST_BSDATA_FULL", SHARED / "bsdata-9e-full"))
ROSTERS = Path(os.environ.get("OST_ROSTERS_9E", SHARED / "rosters-9e"))

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.slow,  # one import of the full release for the module
    pytest.mark.skipif(not (FULL.is_dir() and ROSTERS.is_dir()), reason=f"real data absent ({FULL}, {ROSTERS})"),
]


@functools.cache
def _audit() -> ModuleType:
    """tools/roster_audit.py, which counts a roster's own models from its XML."""
    spec = importlib.util.spec_from_file_location("roster_audit", ROOT / "tools" / "roster_audit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("roster_audit", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    store = open_store(tmp_path_factory.mktemp("full") / "catalogue.sqlite")
    try:
        import_bsdata(store, [FULL])
        return store.load()
    finally:
        store.close()


@pytest.fixture(scope="module")
def reads(full: Catalogue) -> dict[str, ReadResult]:
    return {p.name: read_list_file(p, full) for p in sorted(ROSTERS.iterdir()) if p.suffix in (".ros", ".rosz")}


def units(army: ArmyList) -> list[Unit]:
    return [u for _, u in army.units()]


def unit_named(read: ReadResult, name: str) -> Unit:
    return next(u for u in units(read.army) if u.snapshot.name == name)


def test_every_units_model_count_is_the_rosters_own(reads: dict[str, ReadResult]) -> None:
    audit = _audit()
    wrong, total = [], 0
    for name, read in reads.items():
        forces = audit.read_roster_units(ROSTERS / name)
        for detachment, theirs in zip(read.army.detachments, forces, strict=True):
            assert len(detachment.units) == len(theirs), name
            for unit, mine in zip(detachment.units, theirs, strict=True):
                total += 1
                if unit.models != mine.models:
                    wrong.append(f"{name}: {mine.name} {unit.models} for {mine.models}")
    assert total == 100
    # The issue asks for 98 %; every unit of these rosters is right.
    assert wrong == []


def test_every_warlord_a_roster_names_is_kept(reads: dict[str, ReadResult]) -> None:
    audit = _audit()
    named = kept = 0
    for name, read in reads.items():
        theirs = [u for force in audit.read_roster_units(ROSTERS / name) for u in force]
        for unit, mine in zip(units(read.army), theirs, strict=True):
            named += mine.warlord
            kept += mine.warlord and unit.warlord
            assert unit.warlord == mine.warlord, f"{name}: {mine.name}"
    assert named == kept == 5
    assert unit_named(reads["dg-2000-wendigo.ros"], "Malignant Plaguecaster").warlord


def test_no_unit_takes_another_armys_copy_of_its_datasheet(reads: dict[str, ReadResult], full: Catalogue) -> None:
    audit = _audit()
    for name, read in reads.items():
        forces = audit.read_roster_units(ROSTERS / name)
        for detachment, theirs in zip(read.army.detachments, forces, strict=True):
            for unit, mine in zip(detachment.units, theirs, strict=True):
                sheet = full.get(unit.datasheet)
                if sheet is not None:
                    assert sheet.source == BSDATA_SOURCE_PREFIX + mine.catalogue_id, f"{name}: {mine.name}"
    # The Death Guard's own Daemon Prince, not the Chaos Space Marines' one; Imperial Fists' Eliminators.
    prince = unit_named(reads["dg-1364-farts.ros"], "Death Guard Daemon Prince")
    assert "DEATH GUARD" in prince.snapshot.faction_keywords
    eliminators = units(reads["imperialfists-150-eliminators.ros"].army)[0]
    assert eliminators.datasheet.startswith("bs-imperium-adeptus-astartes-imperial-fists-")


def test_no_unit_over_or_under_comes_from_a_misreading(reads: dict[str, ReadResult], full: Catalogue) -> None:
    for name, read in reads.items():
        report = validate(full, read.army)
        for finding in report.findings:
            if finding.code not in (Code.UNIT_OVER, Code.UNIT_UNDER):
                continue
            # The one left: 20 Noise Marines, as the roster (data revision 192) took them; the release caps them at 10.
            assert name == "csm-daemons-2000-rave.ros" and "Noise Marines" in finding.message("en")


def test_every_weapon_a_unit_carries_is_in_its_text_export(reads: dict[str, ReadResult], full: Catalogue) -> None:
    audit = _audit()
    missing = []
    for name, read in reads.items():
        theirs = [u for force in audit.read_roster_units(ROSTERS / name) for u in force]
        for unit, mine in zip(units(read.army), theirs, strict=True):
            alone = read.army.model_copy(deep=True)
            for detachment in alone.detachments:
                detachment.units = [u for u in detachment.units if u.id == unit.id]
            for lang in ("fr", "en"):
                text = export_text(alone, full, lang).casefold()
                missing += [f"{name}: {mine.name}: {w}" for w in mine.weapons if w.casefold() not in text]
    assert missing == []


def test_each_models_wargear_and_the_units_upgrades_are_kept(reads: dict[str, ReadResult], full: Catalogue) -> None:
    dread = units(reads["bloodangels-150-libdread.rosz"].army)[0]
    assert dread.models == 1
    (group,) = dread.loadout
    assert [(c.name, c.kind, c.count) for c in group.wargear] == [
        ("Furioso force halberd", "weapon", 1),
        ("Furioso fist", "weapon", 1),
        ("Storm bolter", "weapon", 1),
    ]
    assert group.wargear[2].weapons[0].type == "Rapid Fire 2"
    (smite,) = dread.upgrades
    assert smite.kind == "psychic" and smite.text is not None and "warp charge value of 5" in smite.text
    # Eliminators: the sergeant and two troopers, each with what the roster gives them, and the squad's choice.
    squad = units(reads["imperialfists-150-eliminators.ros"].army)[0]
    assert [(g.kind, g.count) for g in squad.loadout] == [("eliminator-sergeant", 1), ("eliminators", 2)]
    assert "Las Fusil" in [c.name for c in squad.loadout[0].wargear]
    assert [u.name for u in squad.upgrades] == ["Las Fusil"]
    # A T'au Commander's drones are wargear he carries, with their carbines.
    commander = units(reads["tau-133-commander.rosz"].army)[0]
    drones = next(c for c in commander.loadout[0].wargear if c.name == "MV1 Gun Drone")
    assert drones.count == 2 and drones.points == 20 and [w.name for w in drones.weapons] == ["Pulse carbine"]
    # Celestine and her two Geminae: two groups, as many models as the composition.
    celestine = units(reads["sororitas-200-celestine.rosz"].army)[0]
    assert [(g.kind, g.count) for g in celestine.loadout] == [("celestine", 1), ("geminae-superia", 2)]
    assert sum(g.count for g in celestine.loadout) == celestine.models == 3
    # A warlord trait and relics are the unit's, with their text.
    farseer = unit_named(reads["craftworlds-2757-tt-site.ros"], "Farseer Skyrunner")
    kinds = {u.kind for u in farseer.upgrades}
    assert "psychic" in kinds


def test_text_export_writes_each_models_wargear_on_its_line(reads: dict[str, ReadResult], full: Catalogue) -> None:
    army = reads["imperialfists-150-eliminators.ros"].army
    text = export_text(army, full, "en")
    assert "Eliminator Squad [75 pts]: Las Fusil" in text
    assert ". 1x Eliminator Sergeant: Bolt pistol, Frag & Krak grenades, Camo cloak, Las Fusil" in text
    assert ". 2x Eliminators: Bolt pistol, Camo cloak, Frag & Krak grenades" in text
    # Read back, the list keeps its units, sizes, options, prices and each model's wargear.
    back = read_list(text.encode(), "back.txt", full).army
    assert [(u.datasheet, u.models, u.options) for u in units(back)] == [
        (u.datasheet, u.models, u.options) for u in units(army)
    ]
    assert [[(g.kind, g.count, [c.name for c in g.wargear]) for g in u.loadout] for u in units(back)] == [
        [(g.kind, g.count, [c.name for c in g.wargear]) for g in u.loadout] for u in units(army)
    ]
    # An option on the unit's line and on a model's line is taken once (a Commander's burst cannon).
    tau = reads["tau-133-commander.rosz"].army
    again = read_list(export_text(tau, full, "fr").encode(), "tau.txt", full).army
    assert units(again)[0].options == units(tau)[0].options
    assert unit_points(units(again)[0], full) == unit_points(units(tau)[0], full)


def test_an_upgrade_the_catalogue_lacks_is_written_once(reads: dict[str, ReadResult], full: Catalogue) -> None:
    """The Terminators' Icon of Excess (not in today's data) is priced and described: the text says it once."""
    army = reads["csm-daemons-2000-rave.ros"].army
    (terminators,) = [u for u in units(army) if u.snapshot.name == "Chaos Terminator Squad"]
    assert [e.name for e in terminators.extra_options] == ["Icon of Excess"]
    assert "Icon of Excess" in [c.name for c in terminators.upgrades]
    for lang in ("fr", "en"):
        (line,) = [t for t in export_text(army, full, lang).splitlines() if t.startswith("Chaos Terminator Squad")]
        assert line.count("Icon of Excess") == 1 and "Icon of Excess [10 pts]" in line, line
    # The army sheet's wargear column and the cards name it once too (the cards keep its rule).
    sheet = full.get(terminators.datasheet)
    for lang in ("fr", "en"):
        labels = option_labels(terminators, sheet, lang)
        assert [t for t in labels if "Icon of Excess" in t] == ["Icon of Excess"], labels


def test_units_whose_roster_price_agrees_still_agree(reads: dict[str, ReadResult], full: Catalogue) -> None:
    agreeing = {
        ("craftworlds-2757-tt-site.ros", "Storm Guardians"),
        ("sororitas-200-celestine.rosz", "Celestine and Geminae Superia"),
        ("imperialfists-150-eliminators.ros", "Eliminator Squad"),
        ("bloodangels-150-libdread.rosz", "Librarian Dreadnought"),
    }
    for name, unit_name in agreeing:
        unit = unit_named(reads[name], unit_name)
        assert unit_points(unit, full) == unit.stated_points, f"{name}: {unit_name}"


def test_an_item_the_catalogue_prices_0_is_found_and_its_price_difference_said(
    reads: dict[str, ReadResult], full: Catalogue
) -> None:
    """Older data priced a Deathshroud's second gauntlet (5) and a Purgator's psycannon (5 each); today's
    data prices both 0. The items are the catalogue's (carried, priced by it), the difference is a price
    difference, never "not in the catalogue" (these two units agreed only by that misreading before)."""
    for name, unit_name, stated, priced, note in (
        ("dg-2000-yellowscribe.rosz", "Deathshroud Terminators", 155, 150, ("Plaguespurt gauntlet ×4", 5, 0)),
        ("gk-997-paladins.rosz", "Purgation Squad", 130, 110, ("Psycannon ×4", 20, 0)),
    ):
        reading = reads[name].reading
        unit = unit_named(reads[name], unit_name)
        assert (unit.stated_points, unit_points(unit, full)) == (stated, priced)
        assert unit.extra_options == []
        carried = {c.item for g in unit.loadout for c in g.wargear if c.name == note[0].split(" ×")[0]}
        assert carried and None not in carried
        mine = [p for p in reading.prices if p.unit_id == unit.id]
        assert (note[0], note[1], note[2], True) in [(p.text, p.stated, p.priced, p.option) for p in mine]
        assert (unit_name, stated, priced) in [(p.text, p.stated, p.priced) for p in mine if not p.option]
        en, fr = "\n".join(reading.lines("en")), "\n".join(reading.lines("fr"))
        assert f"{note[0]}: {note[1]} pts in the list, {note[2]} pts in the catalogue" in en
        assert f"{note[0]} : {note[1]} pts selon la liste, {note[2]} pts au catalogue" in fr
        assert note[0].split(" ×")[0] not in " ".join(e.text for e in reading.extras)


def test_no_item_the_catalogue_has_is_kept_as_missing_from_it(reads: dict[str, ReadResult], full: Catalogue) -> None:
    """Over every real roster: an option kept at the list's price is one the unit's datasheet lacks."""
    kept = 0
    for result in reads.values():
        units = {u.id: u for _, u in result.army.units()}
        for extra in result.reading.extras:
            sheet = full.get(units[extra.unit_id].datasheet)
            assert sheet is not None
            names = {n.casefold() for i in sheet.wargear for n in (i.name, i.name_en) if n}
            assert extra.text.casefold() not in names, extra
            kept += 1
    if ROSTERS == SHARED / "rosters-9e":
        assert kept == 2  # the Terminators' Icon of Excess and the Commander's MV1 Gun Drones: not in today's data


def test_an_older_unit_is_reported_with_its_own_armys_closest_datasheet(reads: dict[str, ReadResult]) -> None:
    reading = reads["csm-daemons-2000-rave.ros"].reading
    (unknown,) = reading.unknown_units
    assert unknown.text == "Greater Possessed" and unknown.guess == "Possessed"
    assert any("(closest: Possessed" in line for line in reading.lines("en"))
    assert any("(le plus proche : Possessed" in line for line in reading.lines("fr"))


# --- wargear limits on real rosters (issues 17 and 18) ---------------------------------------------------------------

#: A real data difference: the roster was built on revision 192, where 19 Noise Marines could carry sonic
#: blasters; the release Ost imports (224) allows at most 9 such models.
_DATA_DIFFERENCES = {("csm-daemons-2000-rave.ros", "Noise Marines")}


def test_rosters_built_with_battlescribe_break_no_wargear_limit(reads: dict[str, ReadResult], full: Catalogue) -> None:
    found = []
    for name, read in reads.items():
        report = validate(full, read.army)
        for f in report.findings:
            if f.code is Code.WARGEAR_LIMIT:
                unit = read.army.unit(f.units[0]) if f.units else None
                if unit is None or (name, unit.snapshot.name) not in _DATA_DIFFERENCES:
                    found.append(f"{name}: {f.message.en}")
    assert found == []


def test_marks_from_their_own_group_are_the_units_upgrades(reads: dict[str, ReadResult], full: Catalogue) -> None:
    sorcerer = unit_named(reads["csm-daemons-2000-rave.ros"], "Sorcerer")
    sheet = full.get(sorcerer.datasheet)
    assert sheet is not None
    mark = next(u for u in sorcerer.upgrades if u.name == "Mark of Slaanesh")
    assert mark.item is not None and sheet.wargear_map[mark.item].name == "Mark of Slaanesh"
    assert all(c.name != "Mark of Slaanesh" for g in sorcerer.loadout for c in g.wargear)
    # A discipline a mark opens: its bounds are advice, never checked.
    discipline = next(g for g in sheet.choices if g.name == "Dark Hereticus discipline")
    assert not discipline.limit.verified


def test_model_variants_count_models_not_items(reads: dict[str, ReadResult], full: Catalogue) -> None:
    squad = unit_named(reads["gk-997-paladins.rosz"], "Paladin Squad")
    sheet = full.get(squad.datasheet)
    assert sheet is not None
    incinerator = next(g for g in sheet.choices if g.name == "Paladin (Incinerator)")
    assert [sheet.wargear_map[i].name for i in incinerator.marks] == ["Incinerator (Terminator)"]
    assert incinerator.limit.max == 4 and incinerator.limit.verified


def test_model_variant_names_are_kept_where_they_say_more(reads: dict[str, ReadResult], full: Catalogue) -> None:
    """ "Purgator (Psycannon)" is a Purgator: counted as one, shown by the roster's name (text export,
    the window's loadout line and its read-back); a model named as its kind keeps the kind's name."""
    from ost.gui.loadout_view import loadout_text

    purgation = unit_named(reads["gk-997-paladins.rosz"], "Purgation Squad")
    sheet = full.get(purgation.datasheet)
    assert sheet is not None
    names = {(sheet.kind_map[g.kind].name, g.name, g.count) for g in purgation.loadout}
    assert ("Purgator", "Purgator (Psycannon)", 4) in names
    assert ("Purgator Justicar", None, 1) in names
    for lang in ("en", "fr"):
        text = export_text(reads["gk-997-paladins.rosz"].army, full, lang)
        assert ". 4x Purgator (Psycannon): " in text and ". 1x Purgator Justicar: " in text
        back = unit_named(read_list(text.encode(), f"gk-{lang}.txt", full), "Purgation Squad")
        groups = {(g.kind, g.name, g.count) for g in back.loadout}
        assert groups == {(g.kind, g.name, g.count) for g in purgation.loadout}
    assert "4× Purgator (Psycannon) (" in loadout_text(purgation, sheet)
    cultists = unit_named(reads["csm-daemons-2000-rave.ros"], "Cultists Mob")
    assert {g.name for g in cultists.loadout} >= {"Chaos Cultist w/ Autogun"}
    # Every variant name on the 16 rosters holds its kind's name.
    for result in reads.values():
        for unit in units(result.army):
            kinds = full.get(unit.datasheet)
            for group in unit.loadout:
                if group.name and kinds is not None:
                    own = set(kinds.kind_map[group.kind].name.casefold().split())
                    assert own < set(group.name.casefold().split()), group.name


def test_a_unit_wide_swap_goes_to_each_model_offered_it(reads: dict[str, ReadResult], full: Catalogue) -> None:
    """An older roster takes "Tesla Carbine" once on the unit (10 pts); the data offers it to each Immortal.

    Each of the five carries one in place of its gauss blaster, and the unit takes no upgrade; where the
    data bounds the choice over the unit (the Eliminators' "Unit Weapon Options") it stays the unit's.
    """
    immortals = units(reads["necrons-95-immortals.rosz"].army)[0]
    sheet = full.get(immortals.datasheet)
    assert sheet is not None
    assert immortals.upgrades == []
    assert sum(g.count for g in immortals.loadout) == immortals.models == 5
    for group in immortals.loadout:
        names = [sheet.wargear_map[c.item].name for c in group.wargear if c.item is not None]
        assert names == ["Tesla Carbine"] and [c.count for c in group.wargear] == [1]
    squad = units(reads["imperialfists-150-eliminators.ros"].army)[0]
    assert [u.name for u in squad.upgrades] == ["Las Fusil"]


def _through_text(army: ArmyList, full: Catalogue, lang: str) -> tuple[ArmyList, list[str]]:
    """``army`` written as text in ``lang`` and read back, with the report's notes in ``lang``."""
    back = read_list(export_text(army, full, lang).encode(), "back.txt", full)
    return back.army, [n.message(lang) for n in back.reading.notes]


def _upgrades(unit: Unit) -> list[tuple[str | None, int]]:
    return sorted(((c.item or "?" + c.name), c.count) for c in unit.upgrades)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_numbered_powers_and_upgrades_come_back_from_the_text(
    reads: dict[str, ReadResult], full: Catalogue, lang: str
) -> None:
    """Grey Knights' "4: Purifying Flame", "2: Empyric Amplification": named with a colon, read whole, kept."""
    army = reads["gk-997-paladins.rosz"].army
    back, said = _through_text(army, full, lang)
    for mine, again in zip(units(army), units(back), strict=True):
        known = [u for u in _upgrades(mine) if not str(u[0]).startswith("?")]
        assert [u for u in _upgrades(again) if not str(u[0]).startswith("?")] == known, mine.snapshot.name
        assert unit_points(again, full) == unit_points(mine, full)
    names = {c.name for u in units(back) for c in u.upgrades}
    assert {"4: Purifying Flame", "5: Armoured Resilience", "2: Empyric Amplification", "4: Vortex of Doom"} <= names
    # What the data lacks (the roster's own Psyk-out Grenade) is kept in the notes and said in the report.
    assert any("Psyk-out Grenade" in n for n in said)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_roster_keeps_its_units_and_points_through_text(
    reads: dict[str, ReadResult], full: Catalogue, lang: str
) -> None:
    """``ost convert`` to text and back: same datasheets, sizes and points for all but a datasheet the data lacks."""
    same = total = whole = 0
    for read in reads.values():
        back, _ = _through_text(read.army, full, lang)
        for mine, again in zip(units(read.army), units(back), strict=True):
            total += 1
            kept = (again.datasheet, again.models, unit_points(again, full)) == (
                mine.datasheet,
                mine.models,
                unit_points(mine, full),
            )
            same += kept
            whole += kept and _upgrades(again) == _upgrades(mine)
    # The one miss is the Greater Possessed, which today's data no longer has (read as a unit of its own).
    assert (total, same) == (100, 99)
    # Measured: 78 units kept their upgrades too before names with a colon were read whole and the unit's
    # line gave its upgrades back; 84 now (the rest are upgrades the data lacks, kept in the notes).
    assert whole >= 84


def test_a_pick_lands_in_the_choice_the_roster_took_it_through(reads: dict[str, ReadResult], full: Catalogue) -> None:
    # The Eliminator Sergeant's Las Fusil came through his own "Weapon Option" (entryGroupId …::898f-…); the
    # squad's "Unit Weapon Options" offers a Las Fusil too. Read without that record, the form counted his pick
    # in the squad's choice as well; now it is the choice's he used, and the squad's choice holds none of his.
    read = reads["imperialfists-150-eliminators.ros"]
    squad = next(u for u in units(read.army) if any(c.name == "Las Fusil" for g in u.loadout for c in g.wargear))
    sheet = full.get(squad.datasheet)
    assert sheet is not None
    (sergeant,) = [g for g in squad.loadout if g.kind == "eliminator-sergeant"]
    (fusil,) = [c for c in sergeant.wargear if c.name == "Las Fusil"]
    choices = {g.name: g for g in sheet.choices if "eliminator-sergeant" in g.kinds}
    own, squads = choices["Weapon Option"], choices["Unit Weapon Options"]
    assert fusil.item in own.items and fusil.item in squads.items
    assert fusil.taken_in == {own.id: 1}
    assert choice_taken(sheet, own, sergeant.kind, sergeant.wargear) == {fusil.item: 1}
    assert choice_taken(sheet, squads, sergeant.kind, sergeant.wargear) == {}
    bare = [c.model_copy(update={"taken_in": {}}) for c in sergeant.wargear]
    assert choice_taken(sheet, squads, sergeant.kind, bare) == {fusil.item: 1}  # the old reading


def test_picks_the_rosters_place_are_in_a_choice_offering_them_to_the_model(
    reads: dict[str, ReadResult], full: Catalogue
) -> None:
    placed = 0
    for read in reads.values():
        for unit in units(read.army):
            sheet = full.get(unit.datasheet)
            for group in unit.loadout if sheet is not None else []:
                for entry in group.wargear:
                    for choice_id, count in entry.taken_in.items():
                        choice = sheet.choice_map[choice_id]
                        assert entry.item in choice.items and group.kind in choice.kinds
                        assert 0 < count <= entry.count
                        placed += 1
    # Of 317 picks of catalogue items; most rosters were made with older data. 27 entries before the Blightlord
    # Terminators written in two orders became one group of each list (4 entries fewer, the same picks).
    assert placed >= 23


def test_models_alike_are_one_group_whatever_order_the_roster_writes_their_gear(
    reads: dict[str, ReadResult], full: Catalogue
) -> None:
    # Two selections of Blightlord Terminators, one writing its Combi-bolter first, the other its Bubotic Axe:
    # they were two groups of 4 alike (two lines on the sheet, two in the form), and 5 + 1 in the other list.
    for name, counts in (("dg-1364-farts.ros", [8]), ("dg-2000-wendigo.ros", [6])):
        squad = unit_named(reads[name], "Blightlord Terminators")
        terminators = [g for g in squad.loadout if g.kind == "blightlord-terminator"]
        assert [g.count for g in terminators] == counts, name
        assert sorted(c.name for c in terminators[0].wargear) == ["Bubotic Axe", "Combi-bolter"]
    for read in reads.values():  # no unit holds two groups of the same models
        for unit in units(read.army):
            sheet = full.get(unit.datasheet)
            if sheet is not None:
                assert len(merged(unit.loadout, sheet)) == len(unit.loadout), unit.display_name


def test_every_roster_comes_back_the_same_through_ost_lists_and_share_codes(
    reads: dict[str, ReadResult], full: Catalogue
) -> None:
    """Saved as an .ost list or a share code and opened again, each roster is the same list, checked the same.

    The Eliminators' unit-wide Las Fusil ("Unit Weapon Options", bounded over the unit) stays the unit's
    beside the Sergeant's own; a Paladin Squad's Sanctic Powers stay the unit's, not its Paragon's.
    """
    losses = [loss for name, read in reads.items() for loss in roundtrip_losses(read.army, full, name)]
    assert losses == []
    squad = units(reads["imperialfists-150-eliminators.ros"].army)[0]
    back = through_own_formats(reads["imperialfists-150-eliminators.ros"].army, full)
    for army in back.values():
        again = units(army)[0]
        assert [u.name for u in again.upgrades] == ["Las Fusil"] and again.loadout == squad.loadout
