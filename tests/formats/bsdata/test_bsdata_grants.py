"""Abilities an option grants or takes away: imported with what switches them, shown for a unit that takes it.

On the fixture (tests/data/bsdata-grants: one condition shape of the real data per ability) and on the
full release (../shared/bsdata-9e-full, when present). Cards are read back from the PDF.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, TEST_DATA, ListBuilder
from ost.core.armylist import Carried
from ost.core.catalogue import AbilityRef, BandTable, Catalogue, Datasheet
from ost.core.presenter import present
from ost.core.validator import validate
from ost.formats.bsdata import BsImport, read_bsdata
from ost.pdf.cards import CardKind, cards_pdf
from pdfcheck import page_texts, reader, squash

SYSTEM = TEST_DATA / "bsdata" / "Test System.gst"
GRANTS = TEST_DATA / "bsdata-grants" / "Grants.cat"
FULL = Path(os.environ.get("OST_BSDATA_FULL", BSDATA_SAMPLE.parent / "bsdata-9e-full"))


@pytest.fixture(scope="module")
def granters() -> Datasheet:
    result = read_bsdata([SYSTEM, GRANTS])
    return next(s for s in result.datasheets if s.id == "bs-granters-g-unit")


def _catalogue(*sheets: Datasheet) -> Catalogue:
    return Catalogue(list(sheets), BandTable(bands=[]))


def _shown(sheet: Datasheet, lang: str, **unit: object) -> list[str]:
    """The ability names a card shows: the datasheet's alone (no ``unit`` fields), else a unit's."""
    catalogue = _catalogue(sheet)
    if not unit:
        return [row.name for row in present(sheet, catalogue, lang).abilities]
    b = ListBuilder(catalogue)
    built = b.unit(b.add(sheet.id, **unit))
    return [row.name for row in present(sheet, catalogue, lang, built).abilities]


# --- the import, on the condition shapes ----------------------------------------------------------------------------


def test_each_condition_shape_names_the_option_that_switches_the_ability(granters: Datasheet) -> None:
    # Hidden while the unit holds no banner (equalTo 0 on the unit's id): granted by the banner.
    # Hidden outright, shown by a modifier once a jump pack of the group is taken (atLeast 1, self).
    assert [(a.name, a.granted_by) for a in granters.granted_abilities] == [
        ("Death From Above", ["g-jump"]),
        ("Rally (Aura)", ["g-banner"]),
    ]
    # Hidden once heavy armour is taken (greaterThan 0): the unit's, removed by the armour. A condition on the
    # roster cannot be evaluated: the ability stays, as before, switched by nothing.
    assert [(a.name, a.granted_by, a.removed_by) for a in granters.abilities] == [
        ("Nimble", [], ["g-armour"]),
        ("Drilled", [], []),
    ]
    rally = granters.granted_abilities[1]
    assert rally.text_en is not None and "Combat Attrition" in rally.text_en


def test_data_written_before_the_switches_reads_unchanged() -> None:
    old = AbilityRef.model_validate({"name": "Rally", "text_en": "Re-roll."})
    assert old.granted_by == [] and old.removed_by == []
    sheet = Datasheet.model_validate({"id": "x", "name": "X", "role": "troops", "abilities": [{"name": "Rally"}]})
    assert sheet.granted_abilities == [] and sheet.abilities[0].granted_by == []


# --- the presenter: the datasheet alone, and a unit ----------------------------------------------------------------


def test_the_datasheet_alone_names_the_option_in_both_languages(granters: Datasheet) -> None:
    assert _shown(granters, "fr") == [
        "Nimble (sans Heavy Armour)",
        "Drilled",
        "Death From Above (avec Jump Pack)",
        "Rally (Aura) (avec Banner)",
    ]
    assert _shown(granters, "en") == [
        "Nimble (without Heavy Armour)",
        "Drilled",
        "Death From Above (with Jump Pack)",
        "Rally (Aura) (with Banner)",
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_unit_shows_what_its_options_grant_and_nothing_else(granters: Datasheet, lang: str) -> None:
    assert _shown(granters, lang, models=5) == ["Nimble", "Drilled"]
    # An option counter taken; an upgrade carried (an item of the Packs group); both, and the armour.
    assert _shown(granters, lang, options={"g-banner": 1}) == ["Nimble", "Drilled", "Rally (Aura)"]
    assert _shown(granters, lang, options={"g-banner": 0}) == ["Nimble", "Drilled"]
    jump = Carried(item="g-jump", name="Jump Pack", kind="upgrade")
    assert _shown(granters, lang, upgrades=[jump]) == ["Nimble", "Drilled", "Death From Above"]
    armour = Carried(item="g-armour", name="Heavy Armour", kind="upgrade")
    assert _shown(granters, lang, upgrades=[jump, armour], options={"g-banner": 1}) == [
        "Drilled",
        "Death From Above",
        "Rally (Aura)",
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_cards_of_two_units_show_each_its_own_abilities(granters: Datasheet, lang: str) -> None:
    """Two units of one datasheet, one with a banner: two cards, the aura on that one only."""
    catalogue = _catalogue(granters)
    b = ListBuilder(catalogue)
    b.add(granters.id, custom_name="Plain")
    b.add(granters.id, custom_name="Proud", options={"g-banner": 1})
    data = cards_pdf(catalogue, b.army, validate(catalogue, b.army), lang=lang, kinds=[CardKind.DATASHEET])
    text = " ".join(squash(page) for page in page_texts(reader(data)))  # squashed: no spaces
    assert text.count("StandardBearers—") == 2
    plain, proud = text.index("StandardBearers—Plain"), text.index("StandardBearers—Proud")
    assert text.count("Rally(Aura):") == 1 and "(avec" not in text and "(with" not in text
    rally = text.index("Rally(Aura):")
    assert (proud < rally) if plain < proud else (proud < rally < plain)


# --- the full release ----------------------------------------------------------------------------------------------

full = pytest.mark.skipif(not FULL.is_dir(), reason=f"the full BattleScribe release is not present ({FULL})")


@pytest.fixture(scope="module")
def full_release() -> BsImport:
    return read_bsdata([FULL])


def _one(result: BsImport, catalogue_word: str, name: str) -> Datasheet:
    found = [s for s in result.datasheets if s.name == name and catalogue_word in s.id]
    assert found, name
    return found[0]


@full
@pytest.mark.slow
@pytest.mark.bsdata
def test_a_death_company_captain_has_the_black_rage_and_no_rites_of_battle(full_release: BsImport) -> None:
    captain = _one(full_release, "blood-angels", "Captain")
    option = next(o for o in captain.options if o.name == "Death Company Captain")
    granted = {a.name: a.granted_by for a in captain.granted_abilities}
    assert granted["Black Rage"] == [option.id] and granted["Death Visions"] == [option.id]
    assert next(a for a in captain.abilities if a.name == "Rites of Battle").removed_by == [option.id]
    assert "Black Rage (avec Death Company Captain)" in _shown(captain, "fr")
    assert "Rites of Battle (without Death Company Captain)" in _shown(captain, "en")
    for lang in ("fr", "en"):
        plain = _shown(captain, lang, models=1)
        assert "Rites of Battle" in plain and "Black Rage" not in plain
        taken = _shown(captain, lang, options={option.id: 1})
        assert "Black Rage" in taken and "Death Visions" in taken and "Rites of Battle" not in taken


@full
@pytest.mark.slow
@pytest.mark.bsdata
def test_options_switch_abilities_across_the_release(full_release: BsImport) -> None:
    """On the full release: 78 abilities granted on 45 datasheet copies, 79 taken away on 60 (see the docs).

    (408 on 155 and 179 on 160 while every chapter's Captain and Lieutenant was offered the Blood Angels'
    Death Company upgrade: its three rules on 110 copies, its Rites of Battle taken away on 110.)
    """
    champion = _one(full_release, "ultramarines", "Company Champion")
    swordsman = next(a for a in champion.granted_abilities if a.name == "Exquisite Swordsman")
    # The upgrade is a priced option and (no force-scoped count of another chapter hides it any more) a choice.
    granting = [
        champion.option_map[i].name if i in champion.option_map else champion.wargear_map[i].name
        for i in swordsman.granted_by
    ]
    assert {" ".join(name.split()) for name in granting} == {"Chapter Command: Chapter Champion"}
    assert "Exquisite Swordsman (with Chapter Command: Chapter Champion)" in _shown(champion, "en")
    assert "Exquisite Swordsman" not in _shown(champion, "fr", models=1)
    assert "Exquisite Swordsman" in _shown(champion, "fr", options={swordsman.granted_by[0]: 1})
    # The reverse: an Inquisitor who is a psyker loses Iron Will ("if this model is not a PSYKER").
    inquisitor = _one(full_release, "agents-of-the-imperium", "Inquisitor")
    iron_will = next(a for a in inquisitor.abilities if a.name == "Iron Will")
    assert iron_will.removed_by and "not a PSYKER" in (iron_will.text_en or "")
    granted = [a for s in full_release.datasheets for a in s.granted_abilities]
    removed = [a for s in full_release.datasheets for a in s.abilities if a.removed_by]
    assert 60 <= len(granted) <= 100 and 60 <= len(removed) <= 100
    assert all(a.granted_by for a in granted)


@full
@pytest.mark.slow
@pytest.mark.bsdata
def test_an_ability_the_warlord_selection_grants_shows_on_the_warlord(full_release: BsImport) -> None:
    """Yarrick's Voice of Command comes with the data's "Warlord" selection: Ost's warlord mark."""
    yarrick = _one(full_release, "astra-militarum", "Commissar Yarrick")
    (voice,) = [a for a in yarrick.granted_abilities if a.name == "Voice of Command"]
    assert [yarrick.wargear_map[i].name for i in voice.granted_by] == ["Warlord"]
    for lang in ("fr", "en"):
        assert "Voice of Command" in _shown(yarrick, lang, warlord=True)
        assert "Voice of Command" not in _shown(yarrick, lang, models=1)
