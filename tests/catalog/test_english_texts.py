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

from helpers import BSDATA_SAMPLE, NO_SAMPLE, ListBuilder
from ost.core.armylist import Carried, ModelGroup
from ost.core.catalogue import AbilityRef, Catalogue, WeaponProfile
from ost.core.presenter import DatasheetView, invulnerable_save, present
from ost.core.resources import shipped_catalogue_dir
from ost.core.text import fold
from ost.core.validator import validate
from ost.core.wargear import effective_loadout, offered_to
from ost.formats.bsdata import read_bsdata
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


def _printed_whole(name: str, text: str) -> bool:
    """Whether ``name`` is in ``text``, wrapped (if at all) at a space or after a hyphen, never inside a word."""
    parts = [re.escape(part) for part in re.split(r"(?<=-)|\s+", name) if part]
    return re.search(r"\s*".join(parts), text) is not None


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


def _through_store(catalogue: Catalogue, path: Path) -> Catalogue:
    """``catalogue`` written to a new database at ``path`` and read back."""
    with CatalogueStore(path) as store:
        store.replace_all(catalogue)
    with CatalogueStore(path) as store:
        return store.load()


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
    again = _through_store(catalogue, tmp_path / "essai.sqlite")
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


def _faction_cards(shipped: Catalogue, faction: str, lang: str) -> tuple[str, set[str]]:
    """The text of the datasheet cards of a list holding every datasheet of ``faction`` (whitespace
    made single spaces), and the names of the weapons its units carry, in ``lang``."""
    builder = ListBuilder(shipped, limit=None)
    for sheet in (s for s in shipped if s.faction == faction):
        builder.add(sheet.id)
        # A unit carries what its models take, and a kind's weapons only where the unit holds that kind (the
        # Servitors' heavy weapons): one more unit, with every kind, whose models carry every item offered.
        if sheet.choices or len(sheet.kinds) > 1:
            unit = builder.unit(builder.add(sheet.id))
            unit.composition = {k.id: max(k.min, min(k.max, 1)) for k in sheet.kinds}  # every kind present
            unit.models = sum(unit.composition.values())
            unit.loadout = [
                ModelGroup(kind=g.kind, count=g.count, wargear=[Carried(item=i, name=i) for i in sorted(offered)])
                for g in effective_loadout(unit, sheet)
                if (offered := offered_to(sheet, g.kind))
            ]
    text = " ".join(
        page_texts(
            reader(
                cards_pdf(shipped, builder.army, validate(shipped, builder.army), lang=lang, kinds=[CardKind.DATASHEET])
            )
        )
    )
    carried: set[str] = set()
    for _, unit in builder.army.units():
        sheet = shipped.get(unit.datasheet)
        assert sheet is not None
        carried |= {w.name for w in present(sheet, shipped, lang, unit).weapons}
    return " ".join(text.split()), carried


@pytest.mark.parametrize("faction", ["orks", "necrons", "space-marines", "astra-militarum"])
def test_english_cards_of_every_shipped_sheet_hold_no_french(shipped: Catalogue, faction: str) -> None:
    sheets = [s for s in shipped if s.faction == faction]
    flat, carried = _faction_cards(shipped, faction, "en")
    # Every English text of the faction is printed; the names (proper names) are left out of the check.
    english = {a.text_en for s in sheets for a in s.abilities if a.text_en}
    english |= {w.abilities_en for s in sheets for w in s.weapons if w.abilities_en}
    assert {e for e in english if " ".join(e.split()) not in flat} == set()
    # Own abilities carry their English names; no French one is printed.
    own = [a for s in sheets for a in s.abilities if a.name_en and a.name_en != a.name]
    assert {a.name_en for a in own if a.name_en not in flat} == set()
    unnamed = flat
    for sheet_name in sorted({s.name for s in sheets}, key=len, reverse=True):  # "Troupes de Choc Cadiennes"
        unnamed = unnamed.replace(sheet_name, " ")
    assert {a.name for a in own if re.search(rf"(?<!\w){re.escape(a.name)}(?!\w)", unnamed)} == set()
    names = {s.name for s in sheets} | {a.label("en") for s in sheets for a in s.abilities}
    # The weapons each unit carries are printed under their English names.
    assert len(carried) >= 20 and {w for w in carried if not _printed_whole(w, flat)} == set()
    assert carried & {w.name for s in sheets for w in s.weapons if w.name_en and w.name_en != w.name} == set()
    names |= {w.label("en") for s in sheets for w in s.weapons} | {o.name for s in sheets for o in s.options}
    names |= {k for s in sheets for k in (*s.keywords, *s.faction_keywords)}
    for name in sorted(names, key=len, reverse=True):
        flat = flat.replace(name, " ")
    assert french_words(flat) == []


@pytest.mark.parametrize("faction", ["astra-militarum", "necrons"])
def test_french_cards_print_weapon_names_whole(shipped: Catalogue, faction: str) -> None:
    """A long French name wraps after its hyphen ("Canon Tremble-" / "Terre"), never inside a word."""
    flat, carried = _faction_cards(shipped, faction, "fr")
    assert len(carried) >= 30 and {w for w in carried if not _printed_whole(w, flat)} == set()


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


# --- ability names -----------------------------------------------------------------------------

#: Names the game spells the same way in French and English.
SAME_IN_BOTH = frozenset({"Psyker", "Rosarius", "Waaagh!", "Waaagh! Plane", "Narthecium", "Signum", "Turbo-boost"})

#: English names we wrote because the datasheet's counterpart in the 9th-edition data has no
#: ability of that name (its own rule is a MAC HAMMER summary, or an older edition's name);
#: every other English name is one of the counterpart's ability names.
OWN_ENGLISH_NAMES = frozenset(
    {
        ("am-commandant-char", "Tank Orders"),
        ("am-commandant-char", "Front Armour"),
        ("am-psyker-primaris", "Psyker"),
        ("am-psyker-primaris", "Aura of Abjuration"),
        ("am-escouade-infanterie", "Regimental Orders"),
        ("am-conscrits", "Cannon Fodder"),
        ("am-ogryns", "Avalanche of Muscle"),
        ("am-ogryns", "Loyal Brutes"),
        ("am-bullgryns", "Shield Wall"),
        ("am-escouade-commandement", "Regimental Standard"),
        ("am-pretre-ministorum", "War Hymns"),
        ("am-rough-riders", "Cavalry Charge"),
        ("am-hellhound", "Explosive Fuel Tanks"),
        ("am-leman-russ", "Grinding Advance"),
        ("am-basilisk", "Indirect Fire"),
        ("am-armes-lourdes", "Weapon Teams"),
        ("am-hydra", "Barrage Fire"),
        ("am-vendetta", "Tank Hunter"),
        ("am-baneblade", "Steel Behemoth"),
        ("am-chimere", "Firing Ports"),
        ("am-taurox", "All-terrain Tracks"),
        ("nec-seigneur", "Veil of Darkness"),
        ("nec-plasmancien", "Energy Infusion"),
        ("nec-barge-commandement", "Passing Strike"),
        ("nec-immortels", "Relentless Fire"),
        ("nec-ecorcheurs", "Grisly Ambush"),
        ("nec-pretoriens-triarches", "Personal Anti-grav"),
        ("nec-deathmarks", "Hunters from Hyperspace"),
        ("nec-tomb-blades", "Shadow Shield"),
        ("nec-scarabees-canoptek", "Self-replicating Swarm"),
        ("nec-scarabees-canoptek", "Mere Swarm"),
        ("nec-barge-annihilation", "Tesla Arcs"),
        ("nec-faucheur-nocturne", "Invasion Beams"),
        ("nec-convergence-domination", "Energy Pylons"),
        ("ork-big-boss", "Waaagh!"),
        ("ork-big-boss", "Da Biggest"),
        ("ork-big-boss-moto", "Da Biggest"),
        ("ork-big-boss-moto", "Kult of Speed"),
        ("ork-big-mek", "Kustom Force Field"),
        ("ork-zarbi", "Psyker"),
        ("ork-beastboss", "Monster Hunters"),
        ("ork-boyz-beast-snagga", "Monster Hunters"),
        ("ork-boyz-beast-snagga", "Thick Hide"),
        ("ork-snotlings", "Small Fry"),
        ("ork-nobz", "Big Lads"),
        ("ork-meganobz", "Mega Armour"),
        ("ork-squighog-boyz", "Ferocious Mount"),
        ("ork-deffkoptas", "Kopta Bombs"),
        ("ork-killa-kans", "Grot Pilots"),
        ("ork-deff-dread", "Armoured Brute"),
        ("ork-lootas", "Kobbled Kanons"),
        ("ork-dakkajet", "Waaagh! Plane"),
        ("ork-burna-bommer", "Burna Bombs"),
        ("ork-atelier-mek", "Tinkerin'"),
        ("sm-bibliothecaire", "Psyker"),
        ("sm-dreadnought-chapelain", "Litany of Hate"),
        ("sm-dreadnought-chapelain", "Rosarius"),
        ("sm-escouade-tactique", "Tactical Combat"),
        ("sm-intercessors", "Focused Fire"),
        ("sm-intercessors-assaut", "Shock Assault"),
        ("sm-escouade-terminator", "Tactical Dreadnought Armour"),
        ("sm-escouade-assaut", "Jump Pack Assault"),
        ("sm-land-speeder", "Anti-grav"),
        ("sm-predator", "Smoke Launchers"),
        ("sm-whirlwind", "Indirect Fire"),
        ("sm-land-raider", "Assault Vehicle"),
        ("sm-bunker-hammerfall", "Orbital Deployment"),
        ("sm-rhino", "Self-repair"),
    }
)


def _french_ability_names(catalogue: Catalogue) -> set[str]:
    """The French names of the datasheets' own abilities that English spells differently."""
    return {a.name for s in catalogue for a in s.abilities if a.name_en and a.name_en != a.name}


def test_every_own_ability_has_an_english_name(shipped: Catalogue) -> None:
    missing, untranslated = [], []
    for sheet in shipped:
        for ability in sheet.abilities:
            if shipped.ability(ability.name) is not None:
                assert ability.name_en is None, f"{sheet.id}: {ability.name} takes its English from the glossary"
                continue
            if ability.text and not ability.name_en:
                missing.append(f"{sheet.id}: {ability.name}")
            elif ability.name_en == ability.name and ability.name not in SAME_IN_BOTH:
                untranslated.append(f"{sheet.id}: {ability.name}")
    assert missing == [] and untranslated == []
    assert len(_french_ability_names(shipped)) >= 100  # the four factions' own rules, French spelling


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_english_names_are_the_data_s_where_it_has_one(shipped: Catalogue) -> None:
    """Each English name is one of the counterpart's ability names in the 9th-edition data,
    unless listed in :data:`OWN_ENGLISH_NAMES` (the data has none for that rule)."""
    sample = read_bsdata([BSDATA_SAMPLE])
    data: dict[str, set[str]] = {}
    for sheet in sample.datasheets:
        if sheet.source_id:
            # "Warboss (Aura)", "Narthecium [Aura]", "Fire Points (Bastion)": the rule's name is the first part.
            names = {fold(re.sub(r"\s*[(\[][^)\]]*[)\]]$", "", a.name)) for a in sheet.abilities}
            data.setdefault(sheet.source_id, set()).update(names)
    from_data, ours = set(), set()
    for sheet in shipped:
        for ability in sheet.abilities:
            if ability.name_en:
                known = fold(ability.name_en) in data.get(sheet.counterpart or "", set())
                (from_data if known else ours).add((sheet.id, ability.name_en))
    assert ours - OWN_ENGLISH_NAMES == set(), "not in the data: name it as the data does, or list it"
    assert OWN_ENGLISH_NAMES - ours == set(), "the data has these names now: drop them from the list"
    assert len(from_data) >= 60
    assert ("nec-seigneur", "My Will Be Done") in from_data and ("ork-trukk", "Ramshackle") in from_data


def test_english_views_show_no_french_ability_name(shipped: Catalogue) -> None:
    french = _french_ability_names(shipped)
    found = {}
    for sheet in shipped:
        view = present(sheet, shipped, "en")
        shown = [a.name for a in view.abilities]
        wrong = [n for n in shown if n in french or french_words(n)]
        if wrong:
            found[sheet.id] = wrong
    assert found == {}
    boss = shipped.get("ork-big-boss")
    assert boss is not None
    assert [a.name for a in present(boss, shipped, "en").own_abilities] == ["Waaagh!", "Da Biggest"]


def test_french_views_keep_the_french_ability_names(shipped: Catalogue) -> None:
    for sheet in shipped:
        view = present(sheet, shipped, "fr")
        own = [a.name for a in view.abilities if a.key is None]
        assert own == [a.display for a in sheet.abilities if shipped.ability(a.name) is None], sheet.id
    boss = shipped.get("ork-big-boss")
    assert boss is not None
    assert [a.name for a in present(boss, shipped, "fr").own_abilities] == ["Waaagh!", "Le Plus Gros"]


def test_glossary_abilities_keep_their_glossary_names(shipped: Catalogue) -> None:
    """A glossary ability is found by its French name and shown with the glossary's English."""
    big_mek = shipped.get("ork-big-mek")
    assert big_mek is not None
    english = {a.name: a.key for a in present(big_mek, shipped, "en").special_abilities}
    french = {a.name: a.key for a in present(big_mek, shipped, "fr").special_abilities}
    assert set(english.values()) == set(french.values()) and None not in english.values()
    assert english.keys() != french.keys()  # QG / HQ, Mécanicien / its English
    # An English name on a glossary ability does not hide the glossary entry.
    named = big_mek.model_copy(
        update={"abilities": [a.model_copy(update={"name_en": "Something"}) for a in big_mek.abilities]}
    )
    assert [a.key for a in present(named, shipped, "en").special_abilities] == list(english.values())


def test_an_ability_label_falls_back_to_the_french_name() -> None:
    both = AbilityRef(name="Le Plus Gros", name_en="Da Biggest")
    assert (both.label("fr"), both.label("en")) == ("Le Plus Gros", "Da Biggest")
    assert AbilityRef(name="Le Plus Gros").label("en") == "Le Plus Gros"
    with_parameter = AbilityRef(name="Régénération", name_en="Regeneration", parameter="5+")
    assert (with_parameter.label("fr"), with_parameter.label("en")) == ("Régénération (5+)", "Regeneration (5+)")


def test_yaml_english_names_are_read_and_survive_the_store(tmp_path: Path) -> None:
    text = SOURCE.replace("{name: Waaagh!,", "{name: Le Plus Gros, name_en: Da Biggest,")
    catalogue = read_catalogue(_folder(tmp_path, text))
    sheet = catalogue.get("chef")
    assert sheet is not None
    assert [(a.name, a.name_en) for a in sheet.abilities] == [("Le Plus Gros", "Da Biggest"), ("Gros", None)]
    again = _through_store(catalogue, tmp_path / "names.sqlite")
    stored = again.get("chef")
    assert stored is not None and stored.abilities == sheet.abilities
    assert [a.name for a in present(stored, again, "en").abilities] == ["Da Biggest", "Gros"]
    assert [a.name for a in present(stored, again, "fr").abilities] == ["Le Plus Gros", "Gros"]
    with pytest.raises(Exception, match="name_english"):
        read_catalogue(_folder(tmp_path / "bad", SOURCE.replace("{name: Waaagh!,", "{name: X, name_english: Y,")))


# --- weapon names ------------------------------------------------------------------------------

#: Weapons left without an English name: the data has no weapon they stand for.
WEAPONS_WITHOUT_ENGLISH = frozenset(
    {
        ("am-pretre-ministorum", "Fusil Zélote"),
        ("ork-snotlings", "Bouts d'os et cailloux"),
        ("ork-meganobz", "Fling kombi"),
    }
)
#: English weapon names that are not (words of) one of the counterpart's weapons or options in the
#: data: our French names a pair of guns the data counts in its profile, a name the sample spells
#: wrong ("Astreus"), or a weapon the sample leaves off that datasheet.
WEAPON_NAMES_OF_OURS = frozenset(
    {
        ("am-taurox", "Twin autocannon"),
        ("ork-burna-bommer", "Twin supa shoota"),
        ("sm-stormhawk", "Twin assault cannon"),
        ("sm-predator", "Lascannon sponsons"),
        ("sm-astraeus", "Astraeus las-ripper"),
        ("sm-escouade-assaut", "Hand flamer"),
    }
)


def _words(text: str) -> set[str]:
    """The words of a weapon's name, folded, plural "s" dropped ("Heavy bolters" ~ "Heavy bolter")."""
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9']+(?:-[a-z0-9']+)*", fold(text))}


def test_every_shipped_weapon_has_an_english_name(shipped: Catalogue) -> None:
    without = {(s.id, w.name) for s in shipped for w in s.weapons if not w.name_en}
    assert without == WEAPONS_WITHOUT_ENGLISH
    assert sum(1 for s in shipped for w in s.weapons if w.name_en) >= 240


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_english_weapon_names_are_the_data_s(shipped: Catalogue) -> None:
    """Each English weapon name (its mode in brackets aside) is made of the words of one of the
    counterpart's weapons or options in the 9th-edition data ("Battle cannon" in "Leman Russ
    Battle Cannon"), unless listed in :data:`WEAPON_NAMES_OF_OURS`."""
    sample = read_bsdata([BSDATA_SAMPLE])
    data: dict[str, list[set[str]]] = {}
    for sheet in sample.datasheets:
        if sheet.source_id:
            names = [w.name for w in sheet.weapons] + [o.name for o in sheet.options]
            data.setdefault(sheet.source_id, []).extend(_words(n) for n in names)
    ours = set()
    for sheet in shipped:
        if not sheet.counterpart:
            continue
        for weapon in sheet.weapons:
            base = _words(re.sub(r"\s*\([^)]*\)$", "", weapon.name_en))
            if weapon.name_en and not any(base <= known for known in data.get(sheet.counterpart, [])):
                ours.add((sheet.id, weapon.name_en))
    assert ours == WEAPON_NAMES_OF_OURS


def test_views_name_weapons_in_the_reader_s_language(shipped: Catalogue) -> None:
    for sheet in shipped:
        assert [w.name for w in present(sheet, shipped, "fr").weapons] == [w.name for w in sheet.weapons], sheet.id
        english = [w.name for w in present(sheet, shipped, "en").weapons]
        assert english == [w.name_en or w.name for w in sheet.weapons], sheet.id
    boyz = shipped.get("ork-boyz")
    assert boyz is not None
    assert "Choppa" in [w.name for w in present(boyz, shipped, "en").weapons]
    assert "Kikoup'" in [w.name for w in present(boyz, shipped, "fr").weapons]


def test_yaml_english_weapon_names_are_read_and_survive_the_store(tmp_path: Path) -> None:
    text = SOURCE.replace("{name: Pince, ", "{name: Pince, name_en: Klaw, ").replace(
        "{name: Kikoup, ", "{nom: Kikoup, nom_en: Choppa, "
    )
    catalogue = read_catalogue(_folder(tmp_path, text))
    sheet = catalogue.get("chef")
    assert sheet is not None
    assert [(w.name, w.name_en) for w in sheet.weapons] == [("Pince", "Klaw"), ("Kikoup", "Choppa"), ("Fling", "")]
    again = _through_store(catalogue, tmp_path / "weapons.sqlite")
    stored = again.get("chef")
    assert stored is not None and stored.weapons == sheet.weapons
    assert [w.name for w in present(stored, again, "en").weapons] == ["Klaw", "Choppa", "Fling"]
    assert [w.name for w in present(stored, again, "fr").weapons] == ["Pince", "Kikoup", "Fling"]
    assert (sheet.weapons[2].label("en"), sheet.weapons[0].label("fr")) == ("Fling", "Pince")
