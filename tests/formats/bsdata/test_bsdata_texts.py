"""Ability texts and invulnerable saves of imported datasheets (issue 17).

On the fixture (tests/data/bsdata-wargear, our own words), the 13-file sample and the full
9th-edition release when they are present.
"""

from __future__ import annotations

import pytest

from helpers import BSDATA_SAMPLE, TEST_DATA
from ost.core.catalogue import AbilityRef, BandTable, Catalogue, Datasheet, GlossaryEntry, ModelProfile
from ost.core.presenter import invulnerable_save, present
from ost.core.roles import Role
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.bsdata.profiles import invulnerable_column, invulnerable_grants

DATA = TEST_DATA
SYSTEM = DATA / "bsdata" / "Test System.gst"
ARMOURY = DATA / "bsdata-wargear" / "Wargear.cat"


@pytest.fixture(scope="module")
def armoury() -> BsImport:
    return read_bsdata([SYSTEM, ARMOURY])


def _sheet(result: BsImport, sheet_id: str) -> Datasheet:
    found = [s for s in result.datasheets if s.id == sheet_id]
    assert len(found) == 1, sheet_id
    return found[0]


def _catalogue(*sheets: Datasheet, glossary: tuple[GlossaryEntry, ...] = ()) -> Catalogue:
    return Catalogue(list(sheets), BandTable(bands=[]), glossary=glossary)


# --- texts -------------------------------------------------------------------------------------------------------


def test_texts_of_profiles_rules_and_shared_rules_go_to_the_english_text(armoury: BsImport) -> None:
    shields = _sheet(armoury, "bs-armoury-w-shields")
    texts = {a.name: (a.text, a.text_en) for a in shields.abilities}
    assert texts == {
        # An Abilities profile through an info link, a rule of the entry (its lines kept), a rule of the .gst.
        "Bulwark": (None, "Models in this unit have a 5+ invulnerable save against ranged attacks."),
        "Halo": (None, "This unit's Bearer Captain model has a 4+ invulnerable save.\nOnce per battle it may shout."),
        "Brave": (None, "Test rule text, nothing more."),
    }


def test_english_data_text_shows_in_both_languages_and_never_hides_the_glossary_french() -> None:
    sheet = Datasheet(
        id="x",
        name="X",
        role=Role.HQ,
        abilities=[AbilityRef(name="Brave", text_en="Never runs."), AbilityRef(name="Deep Strike", text_en="Drops.")],
    )
    entry = GlossaryEntry(
        key="deep-strike",
        name_fr="Frappe en Profondeur",
        name_en="Deep Strike",
        summary_fr="Arrive en cours de partie.",
        summary_en="Arrives during the battle.",
    )
    catalogue = _catalogue(sheet, glossary=(entry,))
    french = {a.name: a.summary for a in present(sheet, catalogue, "fr").abilities}
    english = {a.name: a.summary for a in present(sheet, catalogue, "en").abilities}
    # Its own rule: the data's English in both (no French exists); a glossary ability: our French first.
    assert french == {"Brave": "Never runs.", "Frappe en Profondeur": "Arrive en cours de partie."}
    assert english == {"Brave": "Never runs.", "Deep Strike": "Drops."}


# --- invulnerable saves ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "grants"),
    [
        ("This model has a 4+ invulnerable save.", [(4, None, None)]),
        ("Models in this unit have a 5+ invulnerable save against ranged attacks.", [(5, "ranged", None)]),
        ("Every model in this unit has a 6+ invulnerable save.", [(6, None, None)]),
        (
            "This model has a 4+ invulnerable save against shooting, and a 5+ invulnerable save against melee attacks.",
            [(4, "ranged", None), (5, "melee", None)],
        ),
        ("This unit's GUARD CAPTAIN model has a 4+ invulnerable save.", [(4, None, "GUARD CAPTAIN")]),
        (
            "Old Sam has a 3+ invulnerable save. Other models in this unit have a 5+ invulnerable save.",
            [(3, None, "Old Sam"), (5, None, "*others")],
        ),
        (
            "While this model has its shield up, it has a 5+ invulnerable save against ranged attacks.",
            [(5, "ranged", None)],
        ),
        ("Power Source - Warmed Up: Models in this unit have a 6+ invulnerable save.", [(6, None, None)]),
        # Not this unit's for good: an aura, another unit, a while, a choice.
        ('While a friendly unit is within 6" of this model, models in that unit have a 5+ invulnerable save.', []),
        ("In your Command phase, select one friendly unit: until your next turn, it has a 5+ invulnerable save.", []),
        ("Each time this unit Advances, until your next turn, models in this unit gain a 5+ invulnerable save.", []),
        ("If this unit took the Old Oath:\n• Models in this unit have a 4+ invulnerable save.", []),
        ("Enemy attacks ignore invulnerable saves.", []),
    ],
)
def test_invulnerable_grants_read_from_english_text(
    text: str, grants: list[tuple[int, str | None, str | None]]
) -> None:
    assert invulnerable_grants(text) == grants


def test_the_inv_column_keeps_the_best_save_and_a_better_limited_one() -> None:
    assert invulnerable_column([]) == "-"
    assert invulnerable_column([(5, None), (4, None)]) == "4+"
    assert invulnerable_column([(5, None), (4, "melee"), (6, "ranged")]) == "5+ / 4+ (melee)"
    assert invulnerable_column([(4, "ranged"), (5, "melee")]) == "4+ (ranged) / 5+ (melee)"


def test_each_model_gets_the_save_its_unit_s_abilities_give_it(armoury: BsImport) -> None:
    shields = _sheet(armoury, "bs-armoury-w-shields")
    assert [(p.name, p.extra) for p in shields.profiles] == [
        ("Bearer Captain", {"Inv": "4+"}),  # "This unit's Bearer Captain model": not the Bearers
        ("Bearer", {"Inv": "5+ (ranged)"}),
    ]
    catalogue = _catalogue(shields)
    for lang, shooting in (("fr", "tir"), ("en", "shooting")):
        view = present(shields, catalogue, lang)
        assert view.profile_head[-1] == "Inv"
        assert [row.values[-1] for row in view.profiles] == ["4+", f"5+ ({shooting})"]
    # An aura gives its save to others: the Warden has none, and the text is not searched again.
    warden = _sheet(armoury, "bs-armoury-w-warden")
    assert warden.profiles[0].extra == {"Inv": "-"}
    assert invulnerable_save(warden, warden.profiles[0]) is None
    assert "Inv" not in present(warden, _catalogue(warden), "en").profile_head


def test_a_written_inv_column_still_decides_for_shipped_style_profiles() -> None:
    profile = ModelProfile(name="Chef", extra={"Inv.": "4+"})
    sheet = Datasheet(id="c", name="Chef", role=Role.HQ, profiles=[profile])
    assert invulnerable_save(sheet, profile) == "4+"
    with_text = sheet.model_copy(update={"abilities": [AbilityRef(name="Halo", text="Sauvegarde invulnérable de 5+.")]})
    assert invulnerable_save(with_text, ModelProfile(name="Chef")) == "5+"  # no column: the text, as before
    assert invulnerable_save(with_text, ModelProfile(name="Chef", extra={"Inv": "-"})) is None


# --- real data ------------------------------------------------------------------------------------------------------


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason="the BattleScribe sample is not present")
def test_the_sample_s_abilities_have_their_texts_and_saves() -> None:
    result = read_bsdata([BSDATA_SAMPLE])
    abilities = [a for s in result.datasheets for a in s.abilities]
    assert sum(1 for a in abilities if a.text_en) == len(abilities)
    assert all(a.text is None for a in abilities)
    by_id = {s.id: s for s in result.datasheets}
    captain = by_id["bs-imperium-adeptus-astartes-ultramarines-a0b8-6a5c-ea09-44f9"]
    assert captain.name == "Captain" and captain.profiles[0].extra["Inv"] == "4+"
    judiciar = by_id["bs-imperium-adeptus-astartes-ultramarines-335d-a06f-0afb-c749"]
    assert judiciar.profiles[0].extra["Inv"] == "4+ (melee)"
    catalogue = _catalogue(judiciar)
    assert present(judiciar, catalogue, "fr").profiles[0].values[-1] == "4+ (mêlée)"
    assert present(judiciar, catalogue, "en").profiles[0].values[-1] == "4+ (melee)"
    riptide = by_id["bs-t-au-empire-725a-82bb-106e-d3d9"]
    # "This unit's RIPTIDE model has a 4+ invulnerable save": not its drone.
    assert {p.name: p.extra["Inv"] for p in riptide.profiles}["Shielded Missile Drone"] == "-"
    assert all(p.extra["Inv"] == "4+" for p in riptide.profiles if p.name.startswith("Riptide"))
    assert sum(1 for s in result.datasheets if any(p.extra.get("Inv", "-") != "-" for p in s.profiles)) >= 190
