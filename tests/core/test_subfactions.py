"""One table of sub-faction words (ost.core.subfactions), read the same way by the roster and the text readers.

Before the table, the roster reader and the text reader each kept their own
words and drifted apart (the roster knew "Plague Company", "Brotherhood",
"League"…; the text knew "Sub-faction"). Here every word of the table, in a
roster's configuration ("Chapter Selection" → "Ultramarines") and in a text's
line ("Chapter Selection: Ultramarines"), must fill the same placeholder with
the same value, on the shipped catalogue's real placeholders and on a
datasheet made for each of the table's kinds.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

import pytest

from ost.core.catalogue import Catalogue, Datasheet
from ost.core.resources import shipped_catalogue_dir
from ost.core.roles import Role
from ost.core.subfactions import (
    ANY_SUBFACTION,
    SUBFACTIONS,
    Subfaction,
    placeholder_key,
    subfaction_named,
    subfaction_of_placeholder,
    word_key,
)
from ost.formats.catalog_source import read_catalogue
from ost.formats.lists.listreader import read_list
from ost.formats.lists.roster import placeholder_words

SHIPPED = read_catalogue(shipped_catalogue_dir())


def _roster(config: str, value: str, unit: str) -> bytes:
    """A roster whose one force's configuration names ``value`` under ``config``, with one ``unit``."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" name="Essai"
        gameSystemName="Warhammer 40,000 9th Edition">
  <forces>
    <force name="Patrol Detachment" catalogueName="Essai">
      <selections>
        <selection name="{escape(config)}" type="upgrade">
          <categories><category name="Configuration" primary="true"/></categories>
          <selections><selection name="{escape(value)}" type="upgrade"/></selections>
        </selection>
        <selection name="{escape(unit)}" type="model" number="1"/>
      </selections>
    </force>
  </forces>
</roster>
""".encode()


def _text(config: str, value: str, unit: str) -> bytes:
    return f"++ Patrol Detachment ++\n\n{config}: {value}\n\n{unit} [80 pts]\n".encode()


def _both(catalogue: Catalogue, config: str, value: str, unit: str) -> tuple[dict[str, str], dict[str, str]]:
    """The placeholders the one unit gets, read from a roster and from a text saying the same."""
    roster = read_list(_roster(config, value, unit), "essai.ros", catalogue)
    text = read_list(_text(config, value, unit), "essai.txt", catalogue)
    (_, from_roster), (_, from_text) = next(roster.army.units()), next(text.army.units())
    return from_roster.placeholders, from_text.placeholders


def _shipped_cases() -> list[tuple[str, str, str]]:
    """(placeholder, a datasheet bearing it alone, a word of its sub-faction) for the shipped catalogue."""
    cases = []
    for placeholder in sorted({p for sheet in SHIPPED for p in sheet.faction_placeholders}):
        alone = [s for s in SHIPPED if list(s.faction_placeholders) == [placeholder]]
        sheet = min(alone, key=lambda s: (s.max_models, s.id))
        kind = subfaction_of_placeholder(placeholder)
        assert kind is not None, f"{placeholder}: no sub-faction of the table names it"
        cases += [(placeholder, sheet.name, word) for word in sorted(kind.words)]
    return cases


@pytest.mark.parametrize(("placeholder", "unit", "word"), _shipped_cases())
def test_both_readers_fill_the_shipped_placeholders_from_every_word(placeholder: str, unit: str, word: str) -> None:
    for config in (f"{word.title()} Selection", f"{word.title()} Choice", word.upper()):
        from_roster, from_text = _both(SHIPPED, config, "Ultramarines", unit)
        assert from_roster == from_text == {placeholder: "ULTRAMARINES"}, config


def _made_sheets() -> tuple[Catalogue, list[tuple[Subfaction, str, str]]]:
    """A datasheet for every word of every kind of the table, its placeholder spelt with that word."""
    sheets, cases = [], []
    for kind in SUBFACTIONS:
        for index, word in enumerate(sorted(kind.words)):
            name = f"Essai {word_key(kind.name).replace(' ', '')} {index}"
            placeholder = f"<{word.upper().replace(' ', '-')}>"
            sheets.append(
                Datasheet(
                    id=f"essai-{len(sheets)}",
                    name=name,
                    role=Role.HQ,
                    faction="essai",
                    points=80,
                    faction_keywords=["ESSAI", placeholder],
                )
            )
            cases.append((kind, name, placeholder))
    return Catalogue(sheets, SHIPPED.bands), cases


MADE, MADE_CASES = _made_sheets()


@pytest.mark.parametrize(("kind", "unit", "placeholder"), MADE_CASES, ids=[c[1] for c in MADE_CASES])
def test_both_readers_fill_every_kind_of_the_table(kind: Subfaction, unit: str, placeholder: str) -> None:
    for word in sorted(kind.words):
        from_roster, from_text = _both(MADE, f"{word} selection", "Saim-Hann", unit)
        assert from_roster == from_text == {placeholder: "SAIM-HANN"}, word


def test_a_word_of_another_kind_fills_nothing_in_either_reader() -> None:
    chapter = next(s for s in SHIPPED if list(s.faction_placeholders) == ["<CHAPITRE>"] and s.max_models == 1)
    assert _both(SHIPPED, "Dynasty Choice", "Szarekhan", chapter.name) == ({}, {})
    assert _both(SHIPPED, "Chapter Tactics", "Ultramarines", chapter.name)[0] == {}  # names no choice


def test_a_generic_word_fills_the_only_placeholder_in_both_readers() -> None:
    sheet = next(s for s in SHIPPED if list(s.faction_placeholders) == ["<DYNASTIE>"] and s.max_models == 1)
    assert _both(SHIPPED, "Sous-faction", "Sautekh", sheet.name) == ({"<DYNASTIE>": "SAUTEKH"},) * 2
    assert ANY_SUBFACTION.fills("<A>", ["<A>"]) and not ANY_SUBFACTION.fills("<A>", ["<A>", "<B>"])


def test_the_table_reads_its_words_loosely_and_whole() -> None:
    craftworld = subfaction_named("Craftworld Selection")
    assert craftworld is not None and craftworld.name == "craftworld"
    assert subfaction_named("VAISSEAU-MONDE") is subfaction_named("Vaisseau monde") is craftworld
    assert subfaction_named("Choose Chapter") is subfaction_named("Chapitre") is not None
    assert subfaction_named("Clan Kultur") is subfaction_named("Clan") is not None
    assert subfaction_named("Chapter Tactics") is None and subfaction_named("Selection") is None
    assert placeholder_key("<VAISSEAU-MONDE>") == "vaisseau monde"
    assert subfaction_of_placeholder("<Flotte de la Ruche>") is subfaction_named("Hive Fleet")
    assert subfaction_of_placeholder("<SOUS-FACTION>") is None  # a generic word is no placeholder's kind
    # Every word belongs to one kind only, and every kind has its English name among its words.
    words = [w for kind in (*SUBFACTIONS, ANY_SUBFACTION) for w in kind.words]
    assert len(words) == len(set(words))
    assert all(kind.name in kind.words for kind in SUBFACTIONS)
    # The roster reader's old question still has its answer.
    assert {"chapter", "chapitre"} <= placeholder_words("<CHAPITRE>")
    assert placeholder_words("<Inconnu>") == {"inconnu"}


def test_a_placeholder_hint_comes_from_its_own_kind() -> None:
    from ost.core.subfactions import placeholder_hint

    assert placeholder_hint("<HIVE FLEET>")("en") == "e.g. LEVIATHAN"
    assert placeholder_hint("<Flotte-Ruche>")("fr") == "p. ex. LEVIATHAN"
    assert placeholder_hint("<CHAPITRE>")("fr") == "p. ex. ULTRAMARINES"
    assert placeholder_hint("<CLAN>")("en") == "e.g. GOFFS"
    assert placeholder_hint("<TITAN LEGION>")("en") == "e.g. LEGIO METALICA"
    # A placeholder the table does not know is given no other army's name.
    for lang in ("fr", "en"):
        unknown = placeholder_hint("<SAEDATH>")(lang)
        assert not any(kind.example in unknown for kind in SUBFACTIONS)
    assert placeholder_hint("<SAEDATH>")("en") == "the army's chosen value"
    assert all(kind.example and kind.example.upper() == kind.example for kind in SUBFACTIONS)
