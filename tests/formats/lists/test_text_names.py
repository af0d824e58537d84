"""Text lists keep every item: names holding a colon read whole, and an English export in English.

A name the data writes with a colon ("Commandement de Chapitre : Maître de
Chapitre", "Arkana: Quantum Orb", "4: Purifying Flame") was split at it into a
name and its "gear", both unknown: the item was lost without a word. The reader
now keeps the colon in the name where the datasheet knows the whole name, and
says in its report what it still does not recognise. An English export writes
the catalogue's English names, and reads back as the French one does.
"""

from __future__ import annotations

import pytest

from helpers import army_with, give
from ost.core.armylist import ArmyList, Unit, unit_points
from ost.core.catalogue import Catalogue
from ost.core.wargear import effective_loadout, set_upgrade_count
from ost.formats.lists.reading import ReadingReport
from ost.formats.lists.text import export_text, read_text

CHAPTER_MASTER = "commandement-de-chapitre-maitre-de-chapitre"


def _captain_master(shipped: Catalogue) -> ArmyList:
    army, unit_id = army_with(shipped, "sm-capitaine", 1)
    give(army, unit_id, shipped, CHAPTER_MASTER + "-2", CHAPTER_MASTER, 1)
    return army


def _only(army: ArmyList) -> Unit:
    (unit,) = [u for _, u in army.units()]
    return unit


def _carried(unit: Unit) -> list[str | None]:
    return [c.item for g in unit.loadout for c in g.wargear]


def _notes(report: ReadingReport, lang: str) -> list[str]:
    return [n.message(lang) for n in report.notes]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_colon_name_on_a_model_line_is_read_whole(shipped: Catalogue, lang: str) -> None:
    army = _captain_master(shipped)
    back, report = read_text(export_text(army, shipped, lang), shipped)
    unit = _only(back)
    assert CHAPTER_MASTER in _carried(unit) and None not in _carried(unit)
    assert unit_points(unit, shipped) == unit_points(_only(army), shipped)
    assert report.unknown == [] and report.warnings == [] and report.notes == []


def test_the_french_export_is_unchanged_and_the_english_one_is_english(shipped: Catalogue) -> None:
    army = _captain_master(shipped)
    french = export_text(army, shipped, "fr")
    assert (
        ". 1x Capitaine: Grenades frag et antichar, Pistolet bolter, Bolter de maître, "
        "Commandement de Chapitre : Maître de Chapitre" in french.splitlines()
    )
    english = export_text(army, shipped, "en").splitlines()
    assert any(line.startswith("Captain [") for line in english)
    model = next(line for line in english if line.startswith(". "))
    assert model.startswith(". 1x Captain: ") and model.endswith("Chapter Command: Chapter Master")
    assert "Capitaine" not in "\n".join(english)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_colon_name_on_the_units_line_is_its_upgrade(shipped: Catalogue, lang: str) -> None:
    """A Technomancer's Arkana (15 points) and a Librarian's Chief Librarian, taken once per unit."""
    picks = (("nec-technomancien", "arkana-quantum-orb"), ("sm-bibliothecaire", "stratageme-bibliothecaire-en-chef"))
    for sheet_id, item in picks:
        sheet = shipped.get(sheet_id)
        assert sheet is not None
        army, unit_id = army_with(shipped, sheet_id, 1)
        unit = army.unit(unit_id)
        assert unit is not None
        unit.upgrades = set_upgrade_count(unit.upgrades, sheet, item, 1)
        back, report = read_text(export_text(army, shipped, lang), shipped)
        read = _only(back)
        assert [(c.item, c.count) for c in read.upgrades] == [(c.item, c.count) for c in unit.upgrades]
        assert unit_points(read, shipped) == unit_points(unit, shipped) and report.notes == []


def test_label_and_value_forms_still_read_as_before(shipped: Catalogue) -> None:
    """A sub-faction choice, a placeholder value and a model line keep their colon as a separator."""
    text = (
        "Chapter: Ultramarines\n"
        "Capitaine [115 pts]: <CHAPITRE>: ULTRAMARINES\n"
        ". 1x Capitaine: Pistolet bolter, Bolter de maître, Commandement de Chapitre : Maître de Chapitre\n"
    )
    army, report = read_text(text, shipped)
    unit = _only(army)
    assert unit.placeholders == {"<CHAPITRE>": "ULTRAMARINES"}
    assert [g.kind for g in unit.loadout] == ["model"] and CHAPTER_MASTER in _carried(unit)
    assert report.unknown == [] and report.notes == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_colon_name_the_datasheet_lacks_is_said_in_the_report(shipped: Catalogue, lang: str) -> None:
    """Close to a known name is not the name: an unknown "label: value" is kept as written, and said."""
    text = (
        "Capitaine [115 pts]: Trait de seigneur de guerre : Fin stratège\n"
        ". 1x Capitaine: Pistolet bolter, Commandement de Chapitre : Maître de Guerre\n"
    )
    army, report = read_text(text, shipped)
    unit = _only(army)
    assert CHAPTER_MASTER not in _carried(unit) and unit.upgrades == []
    (said,) = _notes(report, lang)
    assert "Fin stratège" in said and "Maître de Guerre" in said
    assert ("absent de la fiche" if lang == "fr" else "the datasheet lacks") in said


def test_a_name_starting_with_a_number_and_a_colon_is_not_dropped(shipped: Catalogue) -> None:
    """ "1: Gate of Infinity" once read as "1" (no name: dropped) and its gear."""
    army, report = read_text("Capitaine [80 pts]: 1: Portail d'infinité\n", shipped)
    assert "1: Portail d'infinité" in _only(army).notes
    assert any("1: Portail d'infinité" in n for n in _notes(report, "fr"))


def _picks(shipped: Catalogue):  # type: ignore[no-untyped-def]
    """Every shipped datasheet with one pick of each item of each of its choices, as one-unit lists."""
    from ost.core import armylist as ops

    for sheet in shipped:
        for choice in sheet.choices:
            for item in choice.items:
                army, unit_id = army_with(shipped, sheet.id, sheet.min_models or 1)
                unit = army.unit(unit_id)
                assert unit is not None
                if choice.kinds:
                    groups = effective_loadout(unit, sheet)
                    at = next((i for i, g in enumerate(groups) if g.kind in choice.kinds), None)
                    if at is None:
                        continue
                    ops.choose_wargear(army, unit_id, shipped, group=at, models=1, choice=choice.id, item=item)
                else:
                    unit.upgrades = set_upgrade_count(unit.upgrades, sheet, item, 1)
                yield f"{sheet.id}/{choice.id}/{item}", army


def _kept(army: ArmyList, shipped: Catalogue) -> list[object]:
    out: list[object] = []
    for _, unit in army.units():
        sheet = shipped.get(unit.datasheet)
        assert sheet is not None
        groups = sorted(
            (g.kind, g.count, sorted((c.item or "?" + c.name, c.count) for c in g.wargear))
            for g in effective_loadout(unit, sheet)
        )
        upgrades = sorted((c.item or "?" + c.name, c.count) for c in unit.upgrades)
        points = unit_points(unit, shipped)
        out.append((unit.datasheet, unit.models, points, sorted(unit.options.items()), upgrades, groups))
    return out


def test_every_shipped_pick_comes_back_from_its_text_in_both_languages(shipped: Catalogue) -> None:
    """Each item of each choice of each shipped datasheet, written as French or English text and read back."""
    lost = []
    total = 0
    for name, army in _picks(shipped):
        total += 1
        want = _kept(army, shipped)
        for lang in ("fr", "en"):
            if _kept(read_text(export_text(army, shipped, lang), shipped)[0], shipped) != want:
                lost.append(f"{name} ({lang})")
    # Measured: 80 of 1,106 picks came back otherwise before names holding a colon, a comma or a count were
    # read whole (a Technomancer's Arkana, a Priest's "Autogun, Autopistol and Chainsword", "2 × Bolter lourd").
    # 1,110 picks since the Devastators, Servitors and Skorpekhs took the data's kinds.
    assert total >= 1106 and lost == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_names_holding_a_comma_or_a_count_are_read_whole(shipped: Catalogue, lang: str) -> None:
    """The Ork warlord trait "Suivez-moi, les gars !" and the Valkyrie's "2 × Bolter lourd" are one item each."""
    text = {
        "fr": "Big Boss [80 pts]: Suivez-moi, les gars !\nValkyrie [150 pts]\n. 1x Valkyrie: 2 × Bolter lourd\n",
        "en": "Warboss [80 pts]: Follow Me, Ladz!\nValkyrie [150 pts]\n. 1x Valkyrie: 2x Heavy Bolters\n",
    }[lang]
    army, report = read_text(text, shipped)
    boss, valkyrie = [u for _, u in army.units()]
    assert [c.item for c in boss.upgrades] == ["suivez-moi-les-gars"]
    assert [(c.item, c.count) for g in valkyrie.loadout for c in g.wargear] == [("2-bolter-lourd", 1)]
    assert report.notes == [] and report.unknown == []
    # Two names the datasheet has, split at a comma, stay two.
    army, _ = read_text("Valkyrie [150 pts]\n. 1x Valkyrie: Missiles Hellstrike, Multi-laser du Militarum\n", shipped)
    assert len([c for g in _only(army).loadout for c in g.wargear]) == 2


def test_an_english_export_names_the_placeholder_in_english(shipped: Catalogue) -> None:
    """ "<CHAPTER> = ULTRAMARINES" in English, "<CHAPITRE> = …" in French; both fill the datasheet's <CHAPITRE>."""
    army, unit_id = army_with(shipped, "sm-capitaine", 1)
    unit = army.unit(unit_id)
    assert unit is not None
    unit.placeholders = {"<CHAPITRE>": "ULTRAMARINES"}
    english, french = export_text(army, shipped, "en"), export_text(army, shipped, "fr")
    assert "<CHAPTER> = ULTRAMARINES" in english and "<CHAPITRE>" not in english
    assert "<CHAPITRE> = ULTRAMARINES" in french
    for text in (english, french):
        assert _only(read_text(text, shipped)[0]).placeholders == {"<CHAPITRE>": "ULTRAMARINES"}
    # A value written for a sub-faction the datasheet has no keyword for stays as written.
    read = _only(read_text("Capitaine [80 pts]: <CLAN> = GOFFS\n", shipped)[0])
    assert read.placeholders == {"<CLAN>": "GOFFS"}
