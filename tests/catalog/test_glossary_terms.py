"""Seed-001 abilities are told in MAC HAMMER 40K's terms, once: the glossary summary agrees with the card.

Seed 001 comes from another game, which measures in cm, moves stands (socles), sorts
them by blocking class, gives them orders and has interception fire. Ost tells its
abilities twice: a short summary (``catalog/glossary.yaml``: the window's datasheet
view, ``ost catalogue show`` and the datasheet cards) and an ability card
(``resources/cards/abilities.{fr,en}.yaml``) that also names the seed words Ost
interprets (its ``reads`` line). These tests keep the other game's words out of both
texts, keep the two texts of one ability saying the same numbers, and check the
conversions the ``reads`` line announces (2 cm = 1", rounded up).
"""

from __future__ import annotations

import math
import re
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import SHARED
from ost.core.catalogue import Catalogue, GlossaryEntry
from ost.core.presenter import present
from ost.core.resources import shipped_catalogue_dir
from ost.core.text import fold
from ost.formats.catalog_source import read_glossary
from ost.pdf.rulecards import AbilityText, ability_text_path, read_ability_texts

SEEDS = SHARED / "seeds"
LANGS = ("fr", "en")

#: The other game's words, as (what, French pattern, English pattern); case is ignored. Each
#: French pattern is found in seed 001 (test_foreign_terms_come_from_seed_001). Words both games
#: share are left out or narrowed: "classe" alone is Ost's class, "ordre" alone is also a plain
#: word ("dans l'ordre voulu"), "assaut" alone is a weapon type, "socle" in seed 000 is a model's
#: base (the cards say "figurine" anyway).
FOREIGN: tuple[tuple[str, str, str], ...] = (
    ("distance in cm", r"\d+(?:[.,]\d+)?\s*cm\b", r"\d+(?:[.,]\d+)?\s*cm\b"),
    ("stand", r"\bsocles?\b", r"\bstands?\b"),
    ("interception fire", r"\binterception\b", r"\binterception\b"),
    ("blocking class", r"\bclasses? de blocage\b", r"\bblocking class"),
    (
        "order",
        r"\bordres?\s+(?:de\s+|d['’])(?:charge|avance|tir)|\btir appuyé|\bsans ordre\b",
        r"\b(?:charge|advance|steady fire)\s+orders?\b|\bsteady fire\b|\bno orders?\b",
    ),
    ("assault value FA", r"\bFA\b", r"\bFA\b"),
    ("PdV", r"\bPdV\b", r"\bPdV\b"),
    ("structure point", r"\bpoints? de structure\b", r"\bstructure points?\b"),
    ("hard target", r"\bcible difficile\b", r"\bhard target\b"),
    ("towing", r"\battelage\b", r"\btowing\b"),
    (
        "Assault as the melee phase",
        r"\ben assaut\b|\bjets? d['’]assaut\b",
        r"\bin (?:an )?assault\b|\bassault rolls?\b",
    ),
    ("fire arc", r"\b360\s*°", r"\b360\s*°"),
    ("broken morale", r"\bbrisée?s?\b", r"\bbroken\b"),
    ("surprise attack", r"\battaques? surprises?\b", r"\bsurprise attacks?\b"),
)
_FOREIGN = [(what, re.compile(f"{fr}|{en}", re.IGNORECASE)) for what, fr, en in FOREIGN]

#: Inches as each language writes them: "8 ps", 8".
_INCHES = {"fr": re.compile(r"(\d+)\s*ps\b"), "en": re.compile(r"(\d+)\s*(?:\"|″)")}
_THRESHOLD = re.compile(r"(?<![\d+\-−])(\d+)\+")
_MODIFIER = re.compile(r"(?<![\w+\-−])([+\-−])(\d+)(?![\d+])")
_DICE = re.compile(r"\b(\d*)D(\d+)\b")
#: A conversion announced by a ``reads`` line: "12 cm → 6 ps", '15 cm → 8"'.
_CONVERSION = {"fr": re.compile(r"(\d+)\s*cm\s*→\s*(\d+)\s*ps\b"), "en": re.compile(r"(\d+)\s*cm\s*→\s*(\d+)\s*\"")}


def foreign_terms(text: str) -> list[str]:
    """The other game's words ``text`` uses, by what they are."""
    return [what for what, pattern in _FOREIGN if pattern.search(text)]


def numbers(text: str, lang: str) -> set[tuple[str, str]]:
    """The game numbers of ``text``: distances in inches, rolls (5+), modifiers (-1) and dice (1D6)."""
    found = {("in", n) for n in _INCHES[lang].findall(text)}
    found |= {("roll", n + "+") for n in _THRESHOLD.findall(text)}
    found |= {("mod", ("-" if sign in "-−" else "+") + n) for sign, n in _MODIFIER.findall(text)}
    found |= {("dice", f"{a or '1'}D{b}") for a, b in _DICE.findall(text)}
    return found


@cache
def glossary() -> dict[str, GlossaryEntry]:
    return {entry.key: entry for entry in read_glossary(shipped_catalogue_dir() / "glossary.yaml")}


@cache
def cards(lang: str) -> dict[str, AbilityText]:
    return read_ability_texts(ability_text_path(lang))


def summary(key: str, lang: str) -> str:
    return glossary()[key].summary(lang)


def texts() -> list[tuple[str, str, str, str]]:
    """Every text a player reads for a seed-001 ability: (where, key, lang, text)."""
    out = []
    for lang in LANGS:
        out += [("glossary summary", key, lang, entry.summary(lang)) for key, entry in glossary().items()]
        out += [("card", key, lang, card.text) for key, card in cards(lang).items()]
    return out


@cache
def seed_001() -> str:
    found = sorted(SEEDS.glob("001_*.txt"))
    if not found:
        pytest.skip(f"seed 001 is not present in {SEEDS}")
    return found[0].read_text(encoding="utf-8")


# --- the other game's words ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Chaque DR tire à 15 cm tout autour.",
        "Tire à 7,5cm.",
        "Porte X socles d'infanterie.",
        "Carries X infantry stands.",
        "Sur 7+ en interception.",
        "Un socle de même classe de blocage.",
        "A model of the same blocking class.",
        "Un ordre de Charge devient un ordre d'Avance.",
        "Il reçoit un ordre de Tir Appuyé révélé.",
        "A Charge order becomes an Advance order.",
        "+1 en FA.",
        "Il perd 1 PdV.",
        "Le bâtiment perd un point de structure.",
        "It loses a structure point.",
        "Pas de malus « cible difficile ».",
        "Ne fonctionne pas en Assaut.",
        "Relance un jet d'Assaut.",
        "Re-rolls an Assault roll.",
        "Tire à 360°.",
        "Brisé avec son unité.",
        "Broken with its unit.",
    ],
)
def test_the_other_game_s_words_are_caught(text: str) -> None:
    assert foreign_terms(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Les unités amies à 6 ps ou moins ont +1 Attaque.",
        'Friendly units within 6" have +1 Attack.',
        "Une figurine de même classe (classe 2+ : une unité de même classe).",
        "Elle agit dans l'ordre voulu ; les armes d'assaut tirent à -1.",
        "Assault weapons only, at -1 to hit; in melee, not in the charge.",
        "Une unité sonnée ; une figurine endommagée ; PA 0 ; 1D6 tirs.",
        "Sans effet tant que le Médecin est embarqué (corps-à-corps, contre-charge).",
    ],
)
def test_the_game_s_own_words_pass(text: str) -> None:
    assert not foreign_terms(text), (text, foreign_terms(text))


def test_foreign_terms_come_from_seed_001() -> None:
    """Each banned French word is one the seed really uses: the list is the other game's, not a guess."""
    seed = seed_001()
    for what, fr, _en in FOREIGN:
        assert re.search(fr, seed, re.IGNORECASE), what


def test_summaries_and_cards_speak_the_game_s_terms() -> None:
    bad = [(where, key, lang, foreign_terms(text)) for where, key, lang, text in texts() if foreign_terms(text)]
    assert not bad, bad


def test_each_language_writes_inches_its_own_way() -> None:
    for where, key, lang, text in texts():
        other = _INCHES["en" if lang == "fr" else "fr"]
        assert not other.search(text), (where, key, lang, text)
        assert not re.search(r"\bpouces?\b|\binch(?:es)?\b", text, re.IGNORECASE), (where, key, lang, text)


# --- reading the numbers of a text -------------------------------------------------------------


def test_numbers_reads_the_game_s_figures() -> None:
    fr = numbers("À 6 ps ou moins, 5+ ; -1 et +1 Attaque ; 1D6 tirs, D3 ; CT 2+ ; PA 0 ; 2 places.", "fr")
    assert fr == {
        ("in", "6"),
        ("roll", "5+"),
        ("mod", "-1"),
        ("mod", "+1"),
        ("dice", "1D6"),
        ("dice", "1D3"),
        ("roll", "2+"),
    }
    assert numbers('Within 6", 5+; -1 and +1 Attack; 1D6 shots, D3; BS 2+; AP 0; 2 places.', "en") == fr
    # A summary that says 12 ps where its card says 6 ps differs in its numbers.
    assert numbers("à 12 ps", "fr") - numbers("à 6 ps", "fr") == {("in", "12")}


@given(st.integers(min_value=0, max_value=999), st.integers(min_value=2, max_value=6))
def test_numbers_finds_any_distance_and_roll(inches: int, roll: int) -> None:
    assert numbers(f"à {inches} ps, sur {roll}+", "fr") == {("in", str(inches)), ("roll", f"{roll}+")}
    assert numbers(f'within {inches}", on {roll}+', "en") == {("in", str(inches)), ("roll", f"{roll}+")}
    assert ("in", str(inches)) not in numbers(f"à {inches} cm", "fr")


# --- one ability, one story ----------------------------------------------------------------------


def test_every_glossary_key_has_a_card_in_both_languages_and_back() -> None:
    keys = set(glossary())
    for lang in LANGS:
        assert set(cards(lang)) == keys, (lang, sorted(set(cards(lang)) ^ keys))


def test_summaries_are_short_and_filled() -> None:
    for key, entry in glossary().items():
        for lang in LANGS:
            text = entry.summary(lang).strip()
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
            assert text and len(sentences) <= 2, (key, lang, text)
            assert len(text) <= 280, (key, lang, len(text))


def test_summary_numbers_are_the_card_s() -> None:
    """Every distance, roll, modifier and die of a summary is on the card of the same ability."""
    for key in glossary():
        for lang in LANGS:
            missing = numbers(summary(key, lang), lang) - numbers(cards(lang)[key].text, lang)
            assert not missing, (key, lang, sorted(missing), summary(key, lang))


def test_french_and_english_say_the_same_numbers() -> None:
    for key in glossary():
        assert numbers(summary(key, "fr"), "fr") == numbers(summary(key, "en"), "en"), key
        assert numbers(cards("fr")[key].text, "fr") == numbers(cards("en")[key].text, "en"), key


def test_conversions_the_cards_announce_are_made() -> None:
    """A reads line's "12 cm → 6 ps" is 2 cm to the inch rounded up, and both texts say 6 ps."""
    announced = 0
    for lang in LANGS:
        for key, card in cards(lang).items():
            for cm, inches in _CONVERSION[lang].findall(card.reads):
                announced += 1
                assert int(inches) == math.ceil(int(cm) / 2), (key, lang, cm, inches)
                assert ("in", inches) in numbers(card.text, lang), (key, lang, inches, card.text)
                assert ("in", inches) in numbers(summary(key, lang), lang), (key, lang, inches)
    # DR, Mécanicien, Médecin, Meneur and QG convert a distance in both languages.
    assert announced == 2 * 5


def test_every_card_distance_is_announced() -> None:
    """A card measures in inches only where its reads line says which seed distance it converts."""
    for lang in LANGS:
        for key, card in cards(lang).items():
            converted = {inches for _cm, inches in _CONVERSION[lang].findall(card.reads)}
            said = {n for kind, n in numbers(card.text, lang) if kind == "in"}
            assert said <= converted, (key, lang, sorted(said - converted))


def test_texts_are_our_own_words() -> None:
    """No run of six words of a French summary or card is copied from seed 001."""
    seed_words = re.findall(r"\w+", fold(seed_001()))
    runs = {tuple(seed_words[i : i + 6]) for i in range(len(seed_words) - 5)}
    for where, key, lang, text in texts():
        if lang != "fr":
            continue
        words = re.findall(r"\w+", fold(text))
        copied = [" ".join(words[i : i + 6]) for i in range(len(words) - 5) if tuple(words[i : i + 6]) in runs]
        assert not copied, (where, key, copied)


# --- what the window and the CLI show -----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_presenter_shows_the_new_summaries(shipped: Catalogue, lang: str) -> None:
    """``ost catalogue show`` and the window's datasheet view print the presenter's ability rows."""
    seen: set[str] = set()
    for sheet in shipped:
        own_text = {}
        for ability in sheet.abilities:
            entry = shipped.ability(ability.name)
            if entry is not None:
                own_text[entry.key] = ability.text
        for row in present(sheet, shipped, lang).abilities:
            if row.key is None or own_text.get(row.key):
                continue
            assert row.summary == summary(row.key, lang), (sheet.id, row.key)
            assert not foreign_terms(row.summary), (sheet.id, row.key, foreign_terms(row.summary))
            seen.add(row.key)
    # The shipped catalogue uses these seed-001 abilities; each shows its new summary.
    assert {"transport", "dr", "personnage-lie", "regeneration", "medecin", "mecanicien", "meneur"} <= seen
