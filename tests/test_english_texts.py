"""The datasheets' own texts in both languages: every ability and weapon note of the
shipped catalogue has its English, the reader's language is printed, French stays the same."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import ListBuilder
from ost.core.catalogue import AbilityRef, Catalogue, WeaponProfile
from ost.core.presenter import DatasheetView, invulnerable_save, present
from ost.core.resources import shipped_catalogue_dir
from ost.formats.catalog_source import read_catalogue
from ost.pdf.cards import CardKind, cards_pdf
from ost.store import CatalogueStore
from pdfcheck import page_texts, reader

#: Common French words that an English text of ours never holds (whole words, any case).
FRENCH_WORDS = ("les", "des", "une", "pour", "avec", "sur un", "peut", "peuvent", "unité", "unités", "chaque", "leurs")
_FRENCH = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in FRENCH_WORDS) + r")(?!\w)", re.IGNORECASE)


def french_words(text: str) -> list[str]:
    return _FRENCH.findall(text)


def test_the_french_word_finder() -> None:
    assert french_words("Une fois par partie, les Orks proches") == ["Une", "les"]
    assert french_words("Peut blesser le tireur sur un 1") == ["Peut", "sur un"]
    assert french_words("Nearby friendly CORE units re-roll hit rolls of 1.") == []
    assert french_words("Bullgryns' shields; Orks pour over the unit's hedges") == ["pour"]  # whole words only
    assert french_words("Desert Lance, unsure") == []


def test_every_shipped_text_has_its_english(shipped: Catalogue) -> None:
    missing = []
    for sheet in shipped:
        for ability in sheet.abilities:
            if ability.text and not ability.text_en:
                missing.append(f"{sheet.id}: {ability.name}")
        for weapon in sheet.weapons:
            if weapon.abilities and not weapon.abilities_en:
                missing.append(f"{sheet.id}: {weapon.name}")
    assert missing == []
    texts = sum(1 for s in shipped for a in s.abilities if a.text_en)
    notes = sum(1 for s in shipped for w in s.weapons if w.abilities_en)
    assert texts >= 125 and notes >= 60  # the four factions' own rules and weapon notes


def _own_texts(view: DatasheetView) -> list[str]:
    return [a.summary for a in view.abilities] + [w.abilities for w in view.weapons]


def test_english_views_of_every_shipped_sheet_hold_no_french(shipped: Catalogue) -> None:
    found = {}
    for sheet in shipped:
        for text in _own_texts(present(sheet, shipped, "en")):
            if french_words(text):
                found[sheet.id] = text
    assert found == {}


def test_french_views_keep_the_french_texts(shipped: Catalogue) -> None:
    for sheet in shipped:
        view = present(sheet, shipped, "fr")
        own = {a.summary for a in view.abilities}
        assert {a.text for a in sheet.abilities if a.text} <= own, sheet.id
        assert [w.abilities for w in view.weapons] == [w.abilities for w in sheet.weapons], sheet.id
        english = {a.text_en for a in sheet.abilities if a.text_en} | {w.abilities_en for w in sheet.weapons}
        assert not (english - {""}) & set(_own_texts(view)), sheet.id


def test_a_text_in_one_language_only_is_shown_in_both() -> None:
    both = AbilityRef(name="Waaagh!", text="Une fois par partie.", text_en="Once per game.")
    assert (both.summary("fr"), both.summary("en")) == ("Une fois par partie.", "Once per game.")
    french = AbilityRef(name="Waaagh!", text="Une fois par partie.")
    english = AbilityRef(name="Waaagh!", text_en="Once per game.")
    assert french.summary("en") == "Une fois par partie."
    assert english.summary("fr") == "Once per game."
    assert AbilityRef(name="QG").summary("en") is None
    weapon = WeaponProfile(name="Pince", abilities="-1 pour toucher", abilities_en="-1 to hit")
    assert (weapon.note("fr"), weapon.note("en")) == ("-1 pour toucher", "-1 to hit")
    assert WeaponProfile(name="Pince", abilities_en="-1 to hit").note("fr") == "-1 to hit"
    assert WeaponProfile(name="Pince", abilities="-1 pour toucher").note("en") == "-1 pour toucher"
    assert WeaponProfile(name="Pince").note("en") == ""


SOURCE = """\
faction: {id: essai, name: Essai}
datasheets:
  - id: chef
    name: Chef
    role: QG
    weapons:
      - {name: Pince, portée: Mêlée, type: Mêlée, capacités: "-1 pour toucher", capacités_en: "-1 to hit"}
      - {name: Kikoup, portée: Mêlée, type: Mêlée, capacites: "Une attaque de plus", abilities_en: "One extra attack"}
      - {name: Fling, portée: '18"', type: Assaut 2, abilities_en: "Only in English"}
    abilities:
      - {name: Waaagh!, text: "Une fois par partie.", text_en: "Once per game."}
      - {name: Gros, text_en: "Only in English."}
"""


def _essai(tmp_path: Path) -> Catalogue:
    return read_catalogue(_folder(tmp_path, SOURCE))


def _folder(tmp_path: Path, text: str) -> Path:
    root = tmp_path / "cat"
    (root / "factions").mkdir(parents=True)
    for name in ("bands.yaml", "glossary.yaml"):
        shutil.copy(shipped_catalogue_dir() / name, root)
    (root / "factions" / "essai.yaml").write_text(text, encoding="utf-8")
    return root


def test_yaml_english_keys_are_read_and_survive_the_store(tmp_path: Path) -> None:
    catalogue = _essai(tmp_path)
    sheet = catalogue.get("chef")
    assert sheet is not None
    assert [(w.abilities, w.abilities_en) for w in sheet.weapons] == [
        ("-1 pour toucher", "-1 to hit"),
        ("Une attaque de plus", "One extra attack"),
        ("", "Only in English"),
    ]
    assert [(a.text, a.text_en) for a in sheet.abilities] == [
        ("Une fois par partie.", "Once per game."),
        (None, "Only in English."),
    ]
    path = tmp_path / "essai.sqlite"
    with CatalogueStore(path) as store:
        store.replace_all(catalogue)
    with CatalogueStore(path) as store:
        again = store.load()
    stored = again.get("chef")
    assert stored is not None
    assert stored.abilities == sheet.abilities and stored.weapons == sheet.weapons
    assert [w.abilities for w in present(stored, again, "en").weapons] == [
        "-1 to hit",
        "One extra attack",
        "Only in English",
    ]
    assert [w.abilities for w in present(stored, again, "fr").weapons][:2] == ["-1 pour toucher", "Une attaque de plus"]


def test_an_unknown_english_weapon_key_is_refused(tmp_path: Path) -> None:
    from ost.formats.yamltext import SourceError

    root = _folder(tmp_path, SOURCE.replace("capacités_en:", "capacités_english:"))
    with pytest.raises(SourceError, match="capacités_english"):
        read_catalogue(root)


@pytest.mark.parametrize("faction", ["orks", "necrons", "space-marines", "astra-militarum"])
def test_english_cards_of_every_shipped_sheet_hold_no_french(shipped: Catalogue, faction: str) -> None:
    sheets = [s for s in shipped if s.faction == faction]
    builder = ListBuilder(shipped, limit=None)
    for sheet in sheets:
        builder.add(sheet.id)
    text = " ".join(page_texts(reader(cards_pdf(shipped, builder.army, lang="en", kinds=[CardKind.DATASHEET]))))
    flat = " ".join(text.split())
    # Every English text of the faction is printed; the names (French by design) are left out of the check.
    english = {a.text_en for s in sheets for a in s.abilities if a.text_en}
    english |= {w.abilities_en for s in sheets for w in s.weapons if w.abilities_en}
    assert {e for e in english if " ".join(e.split()) not in flat} == set()
    names = {s.name for s in sheets} | {a.name for s in sheets for a in s.abilities}
    names |= {w.name for s in sheets for w in s.weapons} | {o.name for s in sheets for o in s.options}
    names |= {k for s in sheets for k in (*s.keywords, *s.faction_keywords)}
    for name in sorted(names, key=len, reverse=True):
        flat = flat.replace(name, " ")
    assert french_words(flat) == []


def test_invulnerable_saves_read_from_either_language(shipped: Catalogue) -> None:
    for sheet in shipped:
        french_only = sheet.model_copy(
            update={"abilities": [a.model_copy(update={"text_en": None}) for a in sheet.abilities]}
        )
        assert invulnerable_save(sheet) == invulnerable_save(french_only), sheet.id
    captain = shipped.get("sm-capitaine-motard")
    assert captain is not None and invulnerable_save(captain) == "4+"
    english_only = captain.model_copy(
        update={"abilities": [AbilityRef(name="Iron Halo", text_en="Has a 4+ invulnerable save.")]}
    )
    assert invulnerable_save(english_only) == "4+"
    assert invulnerable_save(captain.model_copy(update={"abilities": []})) is None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    note=st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).filter(str.strip),
    summary=st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60).filter(str.strip),
)
def test_any_english_text_is_read_back(tmp_path_factory: pytest.TempPathFactory, note: str, summary: str) -> None:
    sheet = {
        "id": "chef",
        "name": "Chef",
        "role": "QG",
        "weapons": [{"name": "Pince", "capacités": "-1 pour toucher", "capacités_en": note}],
        "abilities": [{"name": "Waaagh!", "text": "Une fois par partie.", "text_en": summary}],
    }
    text = yaml.safe_dump({"faction": {"id": "essai", "name": "Essai"}, "datasheets": [sheet]}, allow_unicode=True)
    catalogue = read_catalogue(_folder(tmp_path_factory.mktemp("en"), text))
    read = catalogue.get("chef")
    assert read is not None
    assert read.weapons[0].note("en") == note and read.weapons[0].note("fr") == "-1 pour toucher"
    assert read.abilities[0].summary("en") == summary
