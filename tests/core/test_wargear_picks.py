"""Relics, warlord traits and psychic powers of the shipped catalogue: who is offered them, and their limits."""

from __future__ import annotations

from helpers import ListBuilder
from ost.core import armylist as ops
from ost.core.catalogue import Catalogue
from ost.core.findings import Code
from ost.core.validator import validate
from ost.core.wargear import carried, upgrade_problems


def _codes(catalogue: Catalogue, builder: ListBuilder) -> list[str]:
    return [f.code.value for f in validate(catalogue, builder.army).findings if f.code.value.startswith("WARGEAR")]


def test_characters_are_offered_the_codex_picks_and_psykers_their_discipline(shipped: Catalogue) -> None:
    captain = shipped.get("sm-capitaine")
    librarian = shipped.get("sm-bibliothecaire")
    marines = shipped.get("sm-escouade-tactique")
    weirdboy = shipped.get("ork-zarbi")
    assert captain is not None and librarian is not None and marines is not None and weirdboy is not None
    assert {"relique", "trait-de-seigneur-de-guerre"} <= set(captain.choice_map)
    assert "discipline-librarius" not in captain.choice_map  # not a PSYKER
    assert not {"relique", "trait-de-seigneur-de-guerre"} & set(marines.choice_map)  # not a CHARACTER
    assert librarian.choice_map["discipline-librarius"].limit.max == 2  # two powers, as its datasheet says
    assert weirdboy.choice_map["pouvoir-du-waaagh"].limit.max == 2
    # A relic kept for some models goes only to them: the Tome to Librarians, the Cloak to PHOBOS models.
    assert "tome-de-malcador" in librarian.choice_map["relique"].items
    assert "tome-de-malcador" not in captain.choice_map["relique"].items
    assert "cape-de-trame-fantome" not in captain.choice_map["relique"].items


def test_one_relic_and_one_trait_per_character(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    captain = b.add("sm-capitaine", warlord=True)
    unit = b.unit(captain)
    sheet = shipped.get("sm-capitaine")
    assert sheet is not None
    ops.set_upgrade(b.army, captain, shipped, "l-armure-indomitus", 1)
    ops.set_upgrade(b.army, captain, shipped, "resolution-de-fer", 1)
    assert _codes(shipped, b) == []
    (reason,) = upgrade_problems(unit, sheet, "la-lame-ardente", 1)
    assert reason.fr == "Relique : au plus 1 dans l'unité"
    assert reason.en == "Relic: at most 1 in the unit"
    ops.set_upgrade(b.army, captain, shipped, "la-lame-ardente", 1)
    (finding,) = [f for f in validate(shipped, b.army).findings if f.code is Code.WARGEAR_LIMIT]
    assert "« Relique » : pris 2 fois ; au plus 1 dans l'unité" in finding.message.fr
    assert "“Relic”: taken 2 times; at most 1 in the unit" in finding.message.en


def test_a_warlord_trait_belongs_to_the_warlord(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    captain = b.add("sm-capitaine")
    ops.set_upgrade(b.army, captain, shipped, "tempete-de-feu", 1)
    (finding,) = [f for f in validate(shipped, b.army).findings if f.code is Code.WARGEAR_WARLORD]
    assert finding.message.fr.endswith(
        "prend le trait de seigneur de guerre « Tempête de feu » sans être le seigneur de guerre."
    )
    assert finding.message.en.endswith("takes the warlord trait “Storm of Fire” but is not the warlord.")
    assert "retirez « Tempête de feu »" in finding.fix.fr
    assert "remove “Storm of Fire”" in finding.fix.en
    ops.set_flag(b.army, captain, "warlord", True)
    assert Code.WARGEAR_WARLORD not in {f.code for f in validate(shipped, b.army).findings}


def test_a_relic_is_taken_once_in_the_army(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    boss = b.add("ork-big-boss", warlord=True)
    mek = b.add("ork-big-mek")
    ops.set_upgrade(b.army, boss, shipped, "la-pince-tueuse", 1)
    ops.set_upgrade(b.army, mek, shipped, "corps-supa-cyborg", 1)
    assert _codes(shipped, b) == []
    ops.set_upgrade(b.army, mek, shipped, "corps-supa-cyborg", 0)
    ops.set_upgrade(b.army, mek, shipped, "la-pince-tueuse", 1)
    (finding,) = [f for f in validate(shipped, b.army).findings if f.code is Code.WARGEAR_UNIQUE]
    assert "La relique « La Pince tueuse » est prise 2 fois" in finding.message.fr
    assert "The relic “Da Killa Klaw” is taken 2 times" in finding.message.en
    assert set(finding.units) == {boss, mek}
    assert finding.fix.en.startswith("Remove “Da Killa Klaw” from ")


def test_a_librarian_knows_two_powers_not_three(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    librarian = b.add("sm-bibliothecaire")
    unit = b.unit(librarian)
    sheet = shipped.get("sm-bibliothecaire")
    assert sheet is not None
    ops.set_upgrade(b.army, librarian, shipped, "voile-du-temps", 1)
    ops.set_upgrade(b.army, librarian, shipped, "zone-nulle", 1)
    assert _codes(shipped, b) == []
    (reason,) = upgrade_problems(unit, sheet, "fleau-psychique", 1)
    assert reason.en == "Librarius Discipline: at most 2 in the unit"
    assert reason.fr == "Discipline Librarius : au plus 2 dans l'unité"


def test_the_card_prints_what_was_chosen_with_its_summary(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    weirdboy = b.add("ork-zarbi", warlord=True)
    ops.set_upgrade(b.army, weirdboy, shipped, "le-saut", 1)
    ops.set_upgrade(b.army, weirdboy, shipped, "les-os-roussis", 1)
    unit = b.unit(weirdboy)
    sheet = shipped.get("ork-zarbi")
    assert sheet is not None
    _, items = carried(unit, sheet)
    by_name = {i.label("en"): i for i in items}
    assert by_name["Da Jump"].summary("fr").startswith("Retire une unité d'infanterie ORKS amie")
    assert by_name["Scorched Gitbonez"].kind == "relic"
    assert by_name["Scorched Gitbonez"].summary("en").startswith("+1 to Psychic tests")
