"""Relics and warlord traits a chapter's link adds to a library unit, as a legal MAC HAMMER list may take them.

"Imperium - Ultramarines.cat" links the library's Captain with a root entry link
that adds the chapter's "Chapter Relics" and "Warlord Traits". The data hides
both until the roster has a warlord (and plays no mission pack that asks for a
stratagem), the traits until the unit takes its "Warlord" selection: the
import offers them as a legal list may take them (docs/bsdata-import.md).
Tested on the 13-file sample, and on the full release when present.
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
from ost.core.validator import validate
from ost.core.wargear import set_upgrade_count, upgrade_problems, wargear_problems, warlord_items
from ost.formats.bsdata import BsImport, read_bsdata

FULL = BSDATA_FULL
ULTRAMARINES = "bs-imperium-adeptus-astartes-ultramarines"
#: The Ultramarines link's own children: its "Chapter Relics" and "Warlord Traits" entry links.
RELICS_LINK, TRAITS_LINK = "05ee-d84b-8ab6-b8ef", "113e-c457-0ff9-c90a"

pytestmark = [pytest.mark.bsdata, pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)]


@pytest.fixture(scope="module")
def chapter() -> BsImport:
    """The three sample files the Ultramarines read (fast: not the whole sample)."""
    return read_bsdata([BSDATA_SAMPLE / name for name in ULTRAMARINES_FILES])


def _sheet(result: BsImport, faction: str, name: str) -> Datasheet:
    return sheet_named(result.datasheets, name, faction)


_item, _army = item_named, army_taking


def _findings(sheet: Datasheet, army: ArmyList) -> list[Finding]:
    return findings_of(sheet, army, Code.WARGEAR_LIMIT, Code.WARGEAR_WARLORD, Code.WARGEAR_UNIQUE)


def test_the_captain_offers_what_the_chapters_link_adds(chapter: BsImport) -> None:
    captain = _sheet(chapter, ULTRAMARINES, "Captain")
    groups = {g.name: g for g in captain.choices if not g.kinds}
    names = {g: [captain.wargear_map[i].name for i in group.items] for g, group in groups.items()}
    # The link's own children, with the groups they hold.
    assert RELICS_LINK in groups["Chapter Relics"].bs_ids and TRAITS_LINK in groups["Warlord Traits"].bs_ids
    assert groups["Codex Relics"].within == groups["Chapter Relics"].id
    assert {"The Armour Indomitus", "The Honor Vehement", "Purgatorus"} <= set(names["Codex Relics"])
    assert "Adept of the Codex" in names["Warlord Traits (Ultramarines)"]
    assert "Iron Resolve" in names["Warlord Traits (Codex)"]
    assert groups["Warlord Traits (Codex)"].within == groups["Warlord Traits"].id
    assert {captain.wargear_map[i].kind for i in groups["Codex Relics"].items} == {"relic"}
    assert {captain.wargear_map[i].kind for i in groups["Warlord Traits (Ultramarines)"].items} == {"trait"}
    # Relics need a warlord in the army (a legal list has one); traits need this unit to be it.
    warlord = warlord_items(captain)
    assert len(warlord) == 1
    assert all(set(groups[g].needs) & warlord for g in groups if g.startswith("Warlord Traits"))
    assert not groups["Chapter Relics"].needs and not groups["Codex Relics"].needs
    # At most one of each, as the data's groups say; a new Captain starts with none of them.
    assert groups["Chapter Relics"].limit.max == 1 and groups["Chapter Relics"].limit.verified
    fresh = ops.make_unit(ArmyList(), captain)
    assert [c.name for c in fresh.upgrades] == []


def test_a_warlord_captain_with_one_relic_and_one_trait_is_legal(chapter: BsImport) -> None:
    captain = _sheet(chapter, ULTRAMARINES, "Captain")
    army, _ = _army(captain, "The Armour Indomitus", "Adept of the Codex", warlord=True)
    assert _findings(captain, army) == []
    # Without the trait, a Captain that is not the warlord may still take a relic.
    army, _ = _army(captain, "Purgatorus", warlord=False)
    assert _findings(captain, army) == []


def test_two_relics_break_the_chapter_relics_limit(chapter: BsImport) -> None:
    captain = _sheet(chapter, ULTRAMARINES, "Captain")
    army, _ = _army(captain, "The Armour Indomitus", "Digital Weapons", warlord=True)
    (finding,) = _findings(captain, army)
    assert finding.code is Code.WARGEAR_LIMIT
    assert finding.message.en == "Captain: “Chapter Relics”: taken 2 times; at most 1 in the unit."
    assert finding.message.fr == "Captain : « Chapter Relics » : pris 2 fois ; au plus 1 dans l'unité."


def test_a_trait_on_a_captain_that_is_not_the_warlord_is_flagged_once(chapter: BsImport) -> None:
    captain = _sheet(chapter, ULTRAMARINES, "Captain")
    army, unit = _army(captain, "Adept of the Codex", warlord=False)
    (finding,) = _findings(captain, army)  # WARGEAR-WARLORD says it; no WARGEAR-LIMIT beside it
    assert finding.code is Code.WARGEAR_WARLORD
    assert finding.message.en == "Captain takes the warlord trait “Adept of the Codex” but is not the warlord."
    assert "sans être le seigneur de guerre" in finding.message.fr
    # The form greys the traits of a unit that is not the warlord, and says why, in both languages.
    unit.upgrades = []
    (reason,) = upgrade_problems(unit, captain, _item(captain, "Master of Strategy"), 1)
    assert reason.en == "Warlord Traits: for the warlord only"
    assert reason.fr == "Warlord Traits : réservé au seigneur de guerre"
    unit.warlord = True
    assert upgrade_problems(unit, captain, _item(captain, "Master of Strategy"), 1) == []
    # A second trait: the data allows it with a stratagem the unit takes ("Exemplar of the Chapter"), so
    # the "at most 1" is advice, as every limit a choice of the unit changes.
    (traits,) = [g for g in captain.choices if g.name == "Warlord Traits"]
    assert traits.limit.max == 1 and not traits.limit.verified
    army, _ = _army(captain, "Adept of the Codex", "Iron Resolve", warlord=True)
    assert _findings(captain, army) == []


def test_units_without_such_links_read_as_before(chapter: BsImport) -> None:
    """A unit the data gives no relic nor trait gains none (a squad); Smite and the Warlord mark are unchanged."""
    tacticals = _sheet(chapter, ULTRAMARINES, "Tactical Squad")
    assert not [i for i in tacticals.wargear if i.kind in ("relic", "trait")]
    librarian = _sheet(chapter, ULTRAMARINES, "Librarian")
    assert [c.name for c in ops.make_unit(ArmyList(), librarian).upgrades] == ["Smite"]


# --- the full release (only the files needed) ------------------------------------------------------------------


@pytest.fixture(scope="module")
def full() -> BsImport:
    return read_release_files(
        FULL,
        "Warhammer 40,000.gst",
        "Imperium - Space Marines.cat",
        "Imperium - Blood Angels.cat",
        "Chaos - Chaos Space Marines.cat",
        "Chaos - Death Guard.cat",
    )


def test_a_blood_angels_captain_offers_his_chapters_relics_and_traits(full: BsImport) -> None:
    captain = _sheet(full, "bs-imperium-adeptus-astartes-blood-angels", "Captain")
    groups = {g.name: g for g in captain.choices if not g.kinds}
    assert {"Relics", "Warlord Traits", "Codex Relics", "Warlord Traits (Codex)"} <= set(groups)
    assert "a4a9-a8c7-ba3e-8e95" in groups["Relics"].bs_ids  # the Blood Angels link's own "Relics"
    assert groups["Codex Relics"].within == groups["Relics"].id
    army, _ = _army(captain, "The Armour Indomitus", "Iron Resolve", warlord=True)
    assert _findings(captain, army) == []


def test_a_relic_offered_only_to_the_warlord_is_flagged_on_another_unit(full: BsImport) -> None:
    """A Death Guard "Boarding Action Enhancements" (the data shows it only with the unit's Warlord selection)."""
    caster = _sheet(full, "bs-chaos-death-guard", "Malignant Plaguecaster")
    groups = {g.name: g for g in caster.choices if not g.kinds}
    assert set(groups["Boarding Action Enhancements"].needs) & warlord_items(caster)
    assert not groups["Relics of Decay"].needs  # shown once the army has a warlord
    army, _ = _army(caster, "Plague Vector", warlord=False)
    (finding,) = _findings(caster, army)
    assert finding.code is Code.WARGEAR_LIMIT
    assert finding.message.en == (
        "Malignant Plaguecaster: “Boarding Action Enhancements”: taken 1 time; for the warlord only."
    )
    assert finding.message.fr == (
        "Malignant Plaguecaster : « Boarding Action Enhancements » : pris 1 fois ; réservé au seigneur de guerre."
    )
    assert finding.fix is not None
    assert finding.fix.en == "Make this unit the warlord, or remove “Boarding Action Enhancements”."
    assert finding.fix.fr == "Désignez cette unité seigneur de guerre, ou retirez « Boarding Action Enhancements »."
    army, _ = _army(caster, "Plague Vector", warlord=True)
    assert _findings(caster, army) == []
    # The same relic under the army's own "Relics of Decay" needs no warlord.
    army, _ = _army(caster, "Plague Skull of Glothila", warlord=False)
    assert _findings(caster, army) == []


# --- a stratagem that gives a character who is not the warlord a trait ----------------------------------------


@pytest.fixture(scope="module")
def necrons() -> BsImport:
    """The sample's Necrons: the data shows a Lord's "Warlord Trait" with its Warlord selection or with the
    stratagem "Rarefied Nobility" the Lord may take."""
    return read_bsdata([BSDATA_SAMPLE / "Warhammer 40,000.gst", BSDATA_SAMPLE / "Necrons.cat"])


NOBILITY, ENDURING = "Rarefied Nobility", "Warlord Trait (Codex 1): Enduring Will"


def test_the_lord_offers_the_stratagem_that_opens_its_traits(necrons: BsImport) -> None:
    lord = _sheet(necrons, "bs-necrons", "Lord")
    groups = {g.name: g for g in lord.choices if not g.kinds}
    nobility = _item(lord, NOBILITY)
    assert lord.wargear_map[nobility].kind == "upgrade"
    assert not groups[NOBILITY].needs and groups[NOBILITY].limit.max == 1  # taken once, open to every Lord
    traits = groups["Warlord Trait"]
    assert nobility in traits.needs and len(traits.needs) > 1  # beside the data's Warlord selection
    assert [c.name for c in ops.make_unit(ArmyList(), lord).upgrades] == []  # a new Lord does not take it


def test_a_lord_with_the_stratagem_may_take_a_trait_without_being_the_warlord(necrons: BsImport) -> None:
    lord = _sheet(necrons, "bs-necrons", "Lord")
    army, unit = _army(lord, ENDURING, NOBILITY, warlord=False)
    assert _findings(lord, army) == []
    army, _ = _army(lord, ENDURING, warlord=True)
    assert _findings(lord, army) == []
    # The form offers the trait to a Lord holding the stratagem; without it, it says what opens it.
    unit.upgrades = set_upgrade_count([], lord, _item(lord, NOBILITY), 1)
    assert upgrade_problems(unit, lord, _item(lord, ENDURING), 1) == []
    unit.upgrades = []
    (reason,) = upgrade_problems(unit, lord, _item(lord, ENDURING), 1)
    assert reason.en == "Warlord Trait: for the warlord, or with “Rarefied Nobility”"
    assert reason.fr == "Warlord Trait : réservé au seigneur de guerre, ou avec « Rarefied Nobility »"


def test_a_warlord_lord_may_take_a_trait_though_the_data_keeps_no_warlord_item(necrons: BsImport) -> None:
    """The sample's Lord offers no "Warlord" item: the warlord mark stands for the selection his traits need."""
    lord = _sheet(necrons, "bs-necrons", "Lord")
    assert not any(i.name == "Warlord" for i in lord.wargear)
    _, unit = _army(lord, ENDURING, warlord=True)
    assert [p for p in wargear_problems(unit, lord) if p.problem == "needs"] == []
    assert upgrade_problems(unit, lord, _item(lord, ENDURING), 1) == []  # offered in the form, not greyed
    _, unit = _army(lord, ENDURING, warlord=False)
    assert [p.problem for p in wargear_problems(unit, lord)] == ["needs"]


def test_a_trait_on_a_lord_without_the_stratagem_is_still_flagged(necrons: BsImport) -> None:
    lord = _sheet(necrons, "bs-necrons", "Lord")
    army, _ = _army(lord, ENDURING, warlord=False)
    (finding,) = _findings(lord, army)
    assert finding.code is Code.WARGEAR_WARLORD
    assert finding.message.en == f"Lord takes the warlord trait “{ENDURING}” but is not the warlord."
    assert finding.fix is not None
    assert finding.fix.en == f"Make Lord the warlord, give it “{NOBILITY}”, or remove “{ENDURING}”."
    assert (
        finding.fix.fr == f"Faites de Lord le seigneur de guerre, donnez-lui « {NOBILITY} », ou retirez « {ENDURING} »."
    )
    # A trait whose choice nothing else opens keeps its fix (the Ultramarines Captain above).


ROSTERS = BSDATA_SAMPLE.parent / "rosters-9e"


@pytest.mark.parametrize(
    ("roster", "holder", "trait"),
    [
        ("dg-1364-farts.ros", "Death Guard Daemon Prince", "5. Rotten Constitution"),
        ("dg-2000-yellowscribe.rosz", "Foul Blightspawn", "4. Arch-Contaminator"),
    ],
)
def test_a_death_guard_roster_s_plaguechosen_character_takes_its_trait(
    full: BsImport, roster: str, holder: str, trait: str
) -> None:
    """Both real rosters give a trait to a character that is not the warlord with "Plaguechosen": legal.

    Was a false WARGEAR-WARLORD. The roster's selection reads as the datasheet's item; taken away, the
    trait is flagged again.
    """
    from ost.formats.lists.listreader import read_list

    path = ROSTERS / roster
    if not path.is_file():
        pytest.skip(f"the real rosters are not present ({ROSTERS})")
    catalogue = Catalogue(full.datasheets, BandTable(bands=[]))
    army = read_list(path.read_bytes(), roster, catalogue).army
    (unit,) = [u for _, u in army.units() if any(c.name == trait for c in u.upgrades)]
    sheet = catalogue.get(unit.datasheet)
    assert sheet is not None and sheet.name == holder and not unit.warlord
    (chosen,) = [c for c in unit.upgrades if c.item is not None and "Plaguechosen" in sheet.wargear_map[c.item].name]
    codes = [f.code for f in validate(catalogue, army).findings if unit.id in f.units]
    assert Code.WARGEAR_WARLORD not in codes and Code.WARGEAR_LIMIT not in codes
    unit.upgrades = [c for c in unit.upgrades if c is not chosen]
    (finding,) = [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_WARLORD]
    assert finding.message.en == f"{holder} takes the warlord trait “{trait}” but is not the warlord."
    assert f"« {trait} »" in finding.message.fr and "Plaguechosen" in finding.fix.fr  # type: ignore[union-attr]
