"""Relics, warlord traits and psychic powers of the shipped catalogue: who is offered them, and their limits."""

from __future__ import annotations

from helpers import ListBuilder
from ost.core import armylist as ops
from ost.core.catalogue import Catalogue
from ost.core.findings import Code
from ost.core.validator import validate
from ost.core.wargear import carried, choice_labels, upgrade_problems


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


def test_guard_and_necron_characters_are_offered_their_codex_picks_by_keyword(shipped: Catalogue) -> None:
    """Astra Militarum and Necrons (second round): each relic goes to the keywords the data gives it."""
    sheets = {
        s: shipped.get(s)
        for s in (
            "am-commandant-compagnie",
            "am-commissaire",
            "am-commandant-char",
            "am-psyker-primaris",
            "am-technaugure",
            "am-escouade-infanterie",
            "nec-seigneur",
            "nec-technomancien",
            "nec-guerriers",
        )
    }
    assert all(sheets.values())
    castellan, commissar, tank = (
        sheets["am-commandant-compagnie"],
        sheets["am-commissaire"],
        sheets["am-commandant-char"],
    )
    psyker, enginseer = sheets["am-psyker-primaris"], sheets["am-technaugure"]
    assert castellan and commissar and tank and psyker and enginseer
    relics = {
        name: set(s.choice_map["relique"].items)
        for name, s in (("castellan", castellan), ("commissar", commissar), ("tank", tank), ("psyker", psyker))
    }
    assert "relique-de-cadia-perdue" in relics["castellan"]  # CADIAN
    assert "relique-de-cadia-perdue" not in relics["commissar"]
    assert {"la-benediction-de-l-empereur", "manteau-nul"} <= relics["commissar"]  # COMMISSAR
    assert "la-benediction-de-l-empereur" not in relics["castellan"]
    assert "gardien-de-la-porte" in relics["tank"] and "gardien-de-la-porte" not in relics["castellan"]
    assert "masque-mortuaire-d-ollanius" not in relics["tank"]  # INFANTRY only
    assert "psy-sceau-de-sanction" in relics["psyker"] and "psy-sceau-de-sanction" not in relics["castellan"]
    # Officers' traits: the Enginseer (no OFFICER) keeps the one open to every character.
    assert enginseer.choice_map["trait-de-seigneur-de-guerre"].items == ["combattant-de-premiere-ligne"]
    assert "grand-strategiste" in castellan.choice_map["trait-de-seigneur-de-guerre"].items
    assert psyker.choice_map["discipline-psykana"].limit.max == 2
    assert "discipline-psykana" not in castellan.choice_map
    assert not {"relique", "trait-de-seigneur-de-guerre"} & set(sheets["am-escouade-infanterie"].choice_map)  # type: ignore[union-attr]
    overlord, technomancer = sheets["nec-seigneur"], sheets["nec-technomancien"]
    assert overlord and technomancer
    assert len(overlord.choice_map["trait-de-seigneur-de-guerre"].items) == 6
    assert "faucheuse-du-vide" in overlord.choice_map["relique"].items
    assert "arkana-de-cryptek" in technomancer.choice_map and "arkana-de-cryptek" not in overlord.choice_map
    assert not any(i.kind == "psychic" for i in overlord.wargear)


def test_a_guard_officer_takes_one_relic_and_the_psyker_two_powers(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    castellan = b.add("am-commandant-compagnie", warlord=True)
    psyker = b.add("am-psyker-primaris")
    ops.set_upgrade(b.army, castellan, shipped, "relique-de-cadia-perdue", 1)
    ops.set_upgrade(b.army, castellan, shipped, "grand-strategiste", 1)
    ops.set_upgrade(b.army, psyker, shipped, "barriere-psychique", 1)
    ops.set_upgrade(b.army, psyker, shipped, "voile-de-nuit", 1)
    assert _codes(shipped, b) == []
    sheet = shipped.get("am-psyker-primaris")
    assert sheet is not None
    (reason,) = upgrade_problems(b.unit(psyker), sheet, "entraves-mentales", 1)
    assert reason.fr == "Discipline Psykana : au plus 2 dans l'unité"
    assert reason.en == "Psykana Discipline: at most 2 in the unit"
    # A trait off the warlord, in both languages.
    ops.set_upgrade(b.army, psyker, shipped, "combattant-de-premiere-ligne", 1)
    (finding,) = [f for f in validate(shipped, b.army).findings if f.code is Code.WARGEAR_WARLORD]
    assert "« Combattant de première ligne »" in finding.message.fr
    assert "“Front-line Combatant”" in finding.message.en


def test_a_necron_relic_is_taken_once_and_printed_with_its_summary(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    overlord = b.add("nec-seigneur", warlord=True)
    warden = b.add("nec-gardien-royal")
    ops.set_upgrade(b.army, overlord, shipped, "folie-eternelle", 1)
    ops.set_upgrade(b.army, overlord, shipped, "trame-sempiternelle", 1)
    ops.set_upgrade(b.army, warden, shipped, "cassette-de-nanoscarabees", 1)
    assert _codes(shipped, b) == []
    ops.set_upgrade(b.army, warden, shipped, "cassette-de-nanoscarabees", 0)
    ops.set_upgrade(b.army, warden, shipped, "trame-sempiternelle", 1)
    (finding,) = [f for f in validate(shipped, b.army).findings if f.code is Code.WARGEAR_UNIQUE]
    assert "La relique « Trame sempiternelle » est prise 2 fois" in finding.message.fr
    assert "The relic “Sempiternal Weave” is taken 2 times" in finding.message.en
    sheet = shipped.get("nec-seigneur")
    assert sheet is not None
    _, items = carried(b.unit(overlord), sheet)
    by_name = {i.label("en"): i for i in items}
    assert by_name["Eternal Madness"].summary("fr") == "Relance ses jets pour blesser en mêlée."
    assert by_name["Sempiternal Weave"].summary("en") == "INFANTRY or NOBLE: +1 T and +1 wound."


def test_a_roster_s_relic_is_found_by_its_battlescribe_id(shipped: Catalogue) -> None:
    """Rosters name the second round's picks "Relic: Null Coat", "WT: Old Grudges": their data id finds them."""
    from ost.formats.lists.roster.loadout import catalogue_item

    commissar = shipped.get("am-commissaire")
    overlord = shipped.get("nec-seigneur")
    assert commissar is not None and overlord is not None
    (bs_id,) = commissar.wargear_map["manteau-nul"].bs_ids
    found = catalogue_item(commissar, [bs_id], "Relic: Null Coat")
    assert found is not None and found.id == "manteau-nul"
    (bs_id,) = overlord.wargear_map["folie-eternelle"].bs_ids
    found = catalogue_item(overlord, [bs_id], "Warlord Trait (Codex 2): Eternal Madness")
    assert found is not None and found.name_en == "Eternal Madness"


# --- relic weapons: their own rows, the weapon they replace gone ------------------------------------


def _rows(shipped: Catalogue, builder: ListBuilder, unit_id: str, lang: str) -> dict[str, int]:
    """The weapon rows a card prints for a unit: name in ``lang`` -> count."""
    unit = builder.unit(unit_id)
    sheet = shipped.get(unit.datasheet)
    assert sheet is not None
    return {w.weapon.label(lang): w.count for w in carried(unit, sheet)[0]}


def test_the_burning_blade_prints_its_row_in_place_of_the_power_sword(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    captain = b.add("sm-capitaine", warlord=True)
    ops.choose_wargear(b.army, captain, shipped, group=0, models=1, choice="armes-de-melee", item="epee-energetique")
    assert _rows(shipped, b, captain, "fr")["Épée énergétique"] == 1
    ops.set_upgrade(b.army, captain, shipped, "la-lame-ardente", 1)
    fr, en = _rows(shipped, b, captain, "fr"), _rows(shipped, b, captain, "en")
    assert fr["La Lame ardente"] == 1 and "Épée énergétique" not in fr
    assert en["The Burning Blade"] == 1 and "Power sword" not in en
    assert fr["Pistolet bolter"] == 1 and en["Master-crafted boltgun"] == 1  # what it does not replace stays
    sheet = shipped.get("sm-capitaine")
    assert sheet is not None
    (blade,) = [w.weapon for w in carried(b.unit(captain), sheet)[0] if w.weapon.name == "La Lame ardente"]
    assert (blade.range, blade.type, blade.s, blade.ap, blade.d) == ("Mêlée", "Mêlée", "+3", "-5", "2")
    assert _codes(shipped, b) == []
    # The list's wargear column says what the Captain carries: the blade, not the sword it replaced.
    assert choice_labels(b.unit(captain), sheet, "fr") == ["La Lame ardente"]
    assert choice_labels(b.unit(captain), sheet, "en") == ["The Burning Blade"]
    # Taken back: the sword is printed again.
    ops.set_upgrade(b.army, captain, shipped, "la-lame-ardente", 0)
    assert "Power sword" in _rows(shipped, b, captain, "en")


def test_a_relic_weapon_on_a_bearer_without_the_weapon_it_replaces_takes_nothing_away(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    captain = b.add("sm-capitaine")
    before = _rows(shipped, b, captain, "en")
    ops.set_upgrade(b.army, captain, shipped, "la-lame-ardente", 1)
    assert _rows(shipped, b, captain, "en") == {**before, "The Burning Blade": 1}


def test_ork_relic_weapons_replace_the_klaw_or_the_big_choppa(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    boss = b.add("ork-big-boss", warlord=True)
    ops.set_upgrade(b.army, boss, shipped, "le-kikoup-de-headwoppa", 1)
    fr = _rows(shipped, b, boss, "fr")
    assert fr["Le Kikoup de Headwoppa"] == 1 and "Gros kikoup'" not in fr and fr["Lance-rokette"] == 1
    ops.set_upgrade(b.army, boss, shipped, "le-kikoup-de-headwoppa", 0)
    ops.choose_wargear(b.army, boss, shipped, group=0, models=1, choice="bras-qui-tape", item="pince-energetik")
    ops.set_upgrade(b.army, boss, shipped, "la-pince-tueuse", 1)
    en = _rows(shipped, b, boss, "en")
    assert en["Da Killa Klaw"] == 1 and "Power Klaw" not in en and "Big choppa" not in en
    assert _codes(shipped, b) == []


def test_a_relic_with_two_profiles_prints_both_rows(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    overlord = b.add("nec-seigneur")
    ops.choose_wargear(b.army, overlord, shipped, group=0, models=1, choice="option-d-arme", item="baton-de-lumiere")
    assert "Staff of light (shooting)" in _rows(shipped, b, overlord, "en")
    ops.set_upgrade(b.army, overlord, shipped, "baton-voltaique", 1)
    fr, en = _rows(shipped, b, overlord, "fr"), _rows(shipped, b, overlord, "en")
    assert fr["Bâton voltaïque (tir)"] == fr["Bâton voltaïque (mêlée)"] == 1
    assert {"Voltaic Staff (Shooting)", "Voltaic Staff (Melee)"} <= set(en)
    assert not any(n.startswith("Staff of light") for n in en)
    assert not any(n.startswith("Bâton de lumière") for n in fr)


def test_a_relic_shield_takes_the_storm_shield_off_the_card(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=None)
    captain = b.add("sm-capitaine")
    sheet = shipped.get("sm-capitaine")
    assert sheet is not None
    ops.choose_wargear(
        b.army, captain, shipped, group=0, models=1, choice="propre-au-capitaine", item="bouclier-tempete"
    )
    assert "Storm shield" in {i.label("en") for i in carried(b.unit(captain), sheet)[1]}
    ops.set_upgrade(b.army, captain, shipped, "le-bouclier-eternel", 1)
    items = {i.label("en"): i for i in carried(b.unit(captain), sheet)[1]}
    assert "Storm shield" not in items
    assert items["The Shield Eternal"].summary("fr").startswith("Remplace un bouclier")
