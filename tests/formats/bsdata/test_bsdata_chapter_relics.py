"""A sub-faction's own relics and warlord traits: the Relics of Macragge, a clan's or an order's own traits.

The data shows them only in a force whose chapter (legion, hive fleet, clan,
order…) choice is that one: "Relics of Macragge" is hidden while the force
holds neither "Ultramarines" (the "**Chapter Selector**" value, not
"Ultramarines Successor") nor a stratagem. The import offers them with the
sub-factions that open them (``WargearGroup.subfactions``) and the choice's
other values (``subfaction_rivals``); a unit whose placeholder value names a
rival takes ``WARGEAR-LIMIT`` (docs/bsdata-import.md). Tested on the sample's
Ultramarines, and on the full release when present.
"""

from __future__ import annotations

import pytest

from helpers import (
    BSDATA_FULL,
    BSDATA_SAMPLE,
    NO_SAMPLE,
    ULTRAMARINES_FILES,
    army_taking,
    findings_of,
    item_named,
    read_release_files,
    sheet_named,
)
from ost.core import armylist as ops
from ost.core.armylist import ArmyList
from ost.core.catalogue import BandTable, Catalogue, Datasheet
from ost.core.findings import Code, Finding
from ost.core.presenter import option_labels
from ost.core.validator import validate
from ost.core.wargear import upgrade_problems
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.lists.listreader import read_list

FULL = BSDATA_FULL
ULTRAMARINES = "bs-imperium-adeptus-astartes-ultramarines"
MACRAGGE = "9d84-7039-a74d-b6af"  # the "Relics of Macragge" group of "Imperium - Ultramarines.cat"

pytestmark = [pytest.mark.bsdata, pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)]


@pytest.fixture(scope="module")
def chapter() -> BsImport:
    return read_bsdata([BSDATA_SAMPLE / name for name in ULTRAMARINES_FILES])


def _sheet(result: BsImport, faction: str, name: str) -> Datasheet:
    return sheet_named(result.datasheets, name, faction)


_item, _army = item_named, army_taking


def _findings(sheet: Datasheet, army: ArmyList) -> list[Finding]:
    return findings_of(sheet, army, Code.WARGEAR_LIMIT, Code.WARGEAR_WARLORD)


def test_an_ultramarines_captain_is_offered_the_relics_of_macragge(chapter: BsImport) -> None:
    captain = _sheet(chapter, ULTRAMARINES, "Captain")
    groups = {g.name: g for g in captain.choices if not g.kinds}
    macragge = groups["Relics of Macragge"]
    assert macragge.id == MACRAGGE and macragge.within == groups["Chapter Relics"].id  # one relic in all
    assert {captain.wargear_map[i].name for i in macragge.items} == {
        "The Sanctic Halo",
        "Helm of Censure",
        "Tarentian Cloak",
    }
    assert {captain.wargear_map[i].kind for i in macragge.items} == {"relic"}
    assert macragge.subfactions == ["Ultramarines"] and not macragge.needs
    assert {"Ultramarines Successor", "Emperor's Spears", "Castellans of the Rift"} <= set(macragge.subfaction_rivals)
    # The successors' own relics and traits, each for its chapter; the Codex's for any.
    assert groups["Relics of the Emperor's Spears"].subfactions == ["Emperor's Spears"]
    assert groups["Warlord Traits (Emperor's Spears)"].subfactions == ["Emperor's Spears"]
    assert groups["Warlord Traits (Emperor's Spears)"].needs  # and for the warlord, as the data says
    assert not groups["Codex Relics"].subfactions and not groups["Warlord Traits (Ultramarines)"].subfactions
    assert [c.name for c in ops.make_unit(ArmyList(), captain).upgrades] == []  # a new Captain takes none


def test_a_captain_whose_list_names_no_chapter_may_take_one(chapter: BsImport) -> None:
    """Imported Captains carry no <CHAPTER>: the list does not say the chapter, so every chapter's relic is open."""
    captain = _sheet(chapter, ULTRAMARINES, "Captain")
    assert captain.faction_placeholders == ()
    for relic in ("Tarentian Cloak", "Beast-Hide Cloak"):
        army, unit = _army(captain, relic)
        assert _findings(captain, army) == []
    unit.upgrades = []
    assert upgrade_problems(unit, captain, _item(captain, "Helm of Censure"), 1) == []
    # The chapter's relics count toward "one relic": a second is one too many.
    army, _ = _army(captain, "Tarentian Cloak", "The Armour Indomitus")
    (finding,) = _findings(captain, army)
    assert finding.message.en == "Captain: “Chapter Relics”: taken 2 times; at most 1 in the unit."


def test_a_successors_character_is_refused_another_chapters_trait(chapter: BsImport) -> None:
    """A Chaplain Venerable Dreadnought carries <CHAPTER>: its value says which chapter's traits it may take."""
    dread = _sheet(chapter, ULTRAMARINES, "Chaplain Venerable Dreadnought [Legends]")
    assert dread.faction_placeholders == ("<CHAPTER>",)
    army, _ = _army(dread, "Bloodied but Unbroken", value="Emperor's Spears")
    assert _findings(dread, army) == []
    army, _ = _army(dread, "Bloodied but Unbroken")
    assert _findings(dread, army) == []
    army, unit = _army(dread, "Bloodied but Unbroken", value="ULTRAMARINES")
    (finding,) = _findings(dread, army)
    assert finding.code is Code.WARGEAR_LIMIT and list(finding.units) == [unit.id]
    name = "Chaplain Venerable Dreadnought [Legends]"
    assert finding.message.en == (
        f"{name}: “Warlord Traits (Emperor's Spears)”: taken 1 time; "
        "for Emperor's Spears only (this unit: ULTRAMARINES)."
    )
    assert finding.message.fr == (
        f"{name} : « Warlord Traits (Emperor's Spears) » : pris 1 fois ; réservé à Emperor's Spears "
        "(cette unité : ULTRAMARINES)."
    )
    assert finding.fix is not None
    assert finding.fix.en == "Remove “Warlord Traits (Emperor's Spears)”."
    assert finding.fix.fr == "Retirez « Warlord Traits (Emperor's Spears) »."
    # The form greys the trait with the reason, in both languages; a successor's own stays open.
    unit.upgrades = []
    (reason,) = upgrade_problems(unit, dread, _item(dread, "Tribal Heritage"), 1)
    assert reason.en == "Warlord Traits (Emperor's Spears): for Emperor's Spears only"
    assert reason.fr == "Warlord Traits (Emperor's Spears) : réservé à Emperor's Spears"
    unit.placeholders["<CHAPTER>"] = "Silver Templars"
    assert upgrade_problems(unit, dread, _item(dread, "Accomplished Duellist"), 1) == []


# --- a roster as BattleScribe writes it -------------------------------------------------------------------------

ROSTER = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<roster id="5a1e-0000-0000-0001" name="Macragge" battleScribeVersion="2.03" gameSystemId="28ec-711c-d87f-3aeb"
    gameSystemName="Warhammer 40,000 9th Edition" gameSystemRevision="238"
    xmlns="http://www.battlescribe.net/schema/rosterSchema">
  <costs><cost name="pts" typeId="points" value="85.0"/></costs>
  <forces>
    <force id="5a1e-0000-0000-0002" name="Patrol Detachment -2CP" entryId="a0c7-2a71-bae0-215d"
        catalogueId="28e2-d179-3d66-a272" catalogueRevision="76"
        catalogueName="Imperium - Adeptus Astartes - Ultramarines">
      <selections>
        <selection id="5a1e-0000-0000-0003" name="**Chapter Selector**" entryId="3335-737f-3d12-1c66" number="1"
            type="upgrade">
          <selections>
            <selection id="5a1e-0000-0000-0004" name="Ultramarines" entryId="9780-910f-1c95-4bf2"
                entryGroupId="0e51-e258-3d85-d437" number="1" type="upgrade">
              <costs><cost name="pts" typeId="points" value="0.0"/></costs>
            </selection>
          </selections>
          <costs><cost name="pts" typeId="points" value="0.0"/></costs>
        </selection>
        <selection id="5a1e-0000-0000-0005" name="Captain" entryId="8340-10fe-75c5-36f3::a0b8-6a5c-ea09-44f9"
            number="1" type="model">
          <selections>
            <selection id="5a1e-0000-0000-0006" name="Warlord" entryId="8340-10fe-75c5-36f3::ee33-18fd-7317-1171"
                number="1" type="upgrade">
              <costs><cost name="pts" typeId="points" value="0.0"/></costs>
            </selection>
            <selection id="5a1e-0000-0000-0007" name="Tarentian Cloak"
                entryId="8340-10fe-75c5-36f3::05ee-d84b-8ab6-b8ef::72fb-6e0a-b550-3726"
                entryGroupId="8340-10fe-75c5-36f3::05ee-d84b-8ab6-b8ef::9d84-7039-a74d-b6af" number="1" type="upgrade">
              <costs><cost name="pts" typeId="points" value="0.0"/></costs>
            </selection>
          </selections>
          <costs><cost name="pts" typeId="points" value="85.0"/></costs>
          <categories>
            <category id="5a1e-0000-0000-0008" name="HQ" entryId="848a6ff2-0def-4c72-8433-ff7da70e6bc7"
                primary="true"/>
          </categories>
        </selection>
      </selections>
    </force>
  </forces>
</roster>
"""


def test_a_rosters_relic_of_macragge_reads_back_as_that_relic(chapter: BsImport) -> None:
    """Was dropped without a word (a free option the catalogue lacked); now the Captain's relic, legal."""
    catalogue = Catalogue(chapter.datasheets, BandTable(bands=[]))
    result = read_list(ROSTER.encode(), "macragge.ros", catalogue)
    ((_, unit),) = list(result.army.units())
    sheet = catalogue.get(unit.datasheet)
    assert sheet is not None and sheet.name == "Captain" and unit.warlord
    (relic,) = unit.upgrades
    assert relic.item == _item(sheet, "Tarentian Cloak") and relic.count == 1 and relic.points == 0
    assert relic.item in sheet.choice_map[MACRAGGE].items
    assert result.reading.unknown == [] and result.reading.extras == []
    assert "Tarentian Cloak" in " ".join(option_labels(unit, sheet, "en"))  # the army sheet's wargear column
    codes = {f.code for f in validate(catalogue, result.army).findings}
    assert Code.WARGEAR_LIMIT not in codes and Code.WARGEAR_WARLORD not in codes


# --- the full release ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def full() -> BsImport:
    return read_release_files(
        FULL,
        "Warhammer 40,000.gst",
        "Imperium - Space Marines.cat",
        "Imperium - Blood Angels.cat",
        "Imperium - Adepta Sororitas.cat",
        "Orks.cat",
    )


def test_a_blood_angels_captain_is_offered_the_relics_of_baal(full: BsImport) -> None:
    captain = _sheet(full, "bs-imperium-adeptus-astartes-blood-angels", "Captain")
    groups = {g.name: g for g in captain.choices if not g.kinds}
    assert groups["Relics of Baal"].subfactions == ["Blood Angels"]
    assert groups["Relics of Baal"].within == groups["Relics"].id
    assert groups["Relics of Cretacia"].subfactions == ["Flesh Tearers"]
    assert "Flesh Tearers" in groups["Relics of Baal"].subfaction_rivals
    army, _ = _army(captain, "Icon of The Angel")
    assert _findings(captain, army) == []


def test_an_order_of_the_sisters_has_its_own_trait(full: BsImport) -> None:
    """A Canoness carries <ORDER>; the data names the orders "Order: Bloody Rose"."""
    canoness = _sheet(full, "bs-imperium-adepta-sororitas", "Canoness")
    (group,) = [g for g in canoness.choices if g.name == "Warlord Trait: Blazing Ire"]
    assert group.subfactions == ["Order: Bloody Rose"] and "Order: Sacred Rose" in group.subfaction_rivals
    trait = "Warlord Trait: Blazing Ire"
    for value in ("Bloody Rose", None):
        army, _ = _army(canoness, trait, value=value)
        assert _findings(canoness, army) == []
    army, _ = _army(canoness, trait, value="SACRED ROSE")
    (finding,) = _findings(canoness, army)
    assert finding.message.en == (
        f"Canoness: “{trait}”: taken 1 time; for Order: Bloody Rose only (this unit: SACRED ROSE)."
    )
    # Its faction keywords name no order, though the data's order choice has an "Adeptus Ministorum" value.
    assert "ADEPTUS MINISTORUM" in canoness.faction_keywords and "Adeptus Ministorum" in group.subfaction_rivals


def test_an_ork_clan_trait_is_open_to_that_clan_only(full: BsImport) -> None:
    warboss = _sheet(full, "bs-orks", "Warboss")
    trait = "Proper Killy (Goffs)"
    (group,) = [g for g in warboss.choices if trait in [warboss.wargear_map[i].name for i in g.items]]
    assert group.subfactions == ["Goffs"] and group.within is not None  # inside the traits any clan takes
    army, _ = _army(warboss, trait, value="Goffs")
    assert _findings(warboss, army) == []
    army, _ = _army(warboss, trait, value="Bad Moons")
    (finding,) = _findings(warboss, army)
    assert finding.code is Code.WARGEAR_LIMIT and "for Goffs only (this unit: BAD MOONS)" in finding.message.en
    assert "réservé à Goffs (cette unité : BAD MOONS)" in finding.message.fr
