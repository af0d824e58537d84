"""The one definition of a model in BattleScribe structures (ost.formats.bsmodels).

The shapes are those real writers use (see tests/formats/lists/test_real_rosters.py for the
rosters themselves); here they are plain dictionaries read through an
:class:`EntryView`, as the data importer will read its own entries.
"""

from __future__ import annotations

from typing import Any

import pytest

from ost.formats.bsmodels import EntryView, TooDeep, counts_itself, is_model_profile, model_count, split_unit

Entry = dict[str, Any]

VIEW: EntryView[Entry] = EntryView(
    kind=lambda e: e.get("type", "upgrade"),
    model_profiles=lambda e: e.get("profiles", []),
    children=lambda e: e.get("children", []),
)


def entry(name: str, kind: str = "upgrade", number: int = 1, profiles: list[str] | None = None, *children: Entry):
    return {"name": name, "type": kind, "number": number, "profiles": profiles or [], "children": list(children)}


def count(unit: Entry, view: EntryView[Entry] = VIEW) -> int:
    return model_count(view, unit, lambda e: e["number"])


def names(unit: Entry) -> list[str]:
    return [m.entry["name"] for m in split_unit(VIEW, unit).models]


def test_a_model_profile_is_told_by_the_game_systems_type_id_or_its_name() -> None:
    assert is_model_profile("800f-21d0-4387-c943", "Whatever")
    assert is_model_profile(None, "Unit") and is_model_profile("", "Unit (Wounds 6+)")
    assert not is_model_profile("x", "Weapon") and not is_model_profile(None, "Unity")


def test_weapons_under_a_model_are_its_wargear_not_models() -> None:
    # A Librarian Dreadnought entered as one model holding four weapon entries.
    dread = entry(
        "Librarian Dreadnought",
        "model",
        1,
        ["Librarian Dreadnought"],
        entry("Furioso force halberd"),
        entry("Furioso fist"),
        entry("Smite"),
        entry("Storm bolter"),
    )
    assert count(dread) == 1
    (model,) = split_unit(VIEW, dread).models
    assert model.itself and [g.entry["name"] for g in model.gear][-1] == "Storm bolter" and len(model.gear) == 4


def test_a_wrapper_without_a_profile_is_not_a_model() -> None:
    celestine = entry(
        "Celestine and Geminae Superia",
        "unit",
        1,
        None,
        entry("Celestine", "model", 1, ["Celestine"], entry("The Ardent Blade")),
        entry("Geminae Superia", "model", 2, ["Geminae Superia"], entry("Power sword", number=2)),
    )
    assert count(celestine) == 3 and names(celestine) == ["Celestine", "Geminae Superia"]


def test_a_unit_entry_holding_its_model_does_not_count_itself() -> None:
    # The unit carries the profiles of the models it may hold; its one model has its own.
    hellhounds = entry(
        "Hellhounds", "unit", 1, ["Hellhound", "Devil Dog"], entry("Devil Dog", "model", 1, ["Devil Dog"])
    )
    assert count(hellhounds) == 1 and names(hellhounds) == ["Devil Dog"]
    # Troopers whose profile is on the unit (Chaos Cultists): the unit is not one more model.
    cultists = entry(
        "Chaos Cultists",
        "unit",
        1,
        ["Chaos Cultist"],
        entry("Cultist Champion", "model", 1, ["Cultist Champion"]),
        entry("Chaos Cultist w/ Autogun", "model", 9),
    )
    assert count(cultists) == 10
    assert not counts_itself(VIEW, cultists, cultists["children"])


def test_a_character_entry_with_followers_counts_itself() -> None:
    apostle = entry(
        "Dark Apostle",
        "unit",
        1,
        ["Dark Apostle"],
        entry("Accursed crozius"),
        entry("Dark Disciple", "model", 2, ["Dark Disciple"], entry("Close combat weapon", number=2)),
    )
    split = split_unit(VIEW, apostle)
    assert count(apostle) == 3 and names(apostle) == ["Dark Apostle", "Dark Disciple"]
    # What the unit holds outside its followers is its own model's wargear.
    assert [g.entry["name"] for g in split.models[0].gear] == ["Accursed crozius"] and split.unit_gear == []


def test_models_inside_a_model_are_its_wargear_unless_the_datasheet_names_them() -> None:
    commander = entry(
        "Commander",
        "model",
        1,
        ["Commander"],
        entry("Missile pod"),
        entry("2x Gun Drones", "upgrade", 1, None, entry("Gun Drone", "model", 2, ["Gun Drone"], entry("Carbine"))),
    )
    assert count(commander) == 1
    gear = split_unit(VIEW, commander).models[0].gear
    assert [(g.entry["name"], g.model) for g in gear] == [
        ("Missile pod", False),
        ("2x Gun Drones", False),
        ("Gun Drone", True),
        ("Carbine", False),
    ]
    # A writer that puts a character's followers inside his model: the datasheet's kinds say they are models.
    grimnyr = entry("Grimnyr", "model", 1, None, entry("Ancestral Drone", "model", 2))
    assert count(grimnyr) == 1
    named = EntryView(
        VIEW.kind, VIEW.model_profiles, VIEW.children, named_model=lambda e: e["name"] == "Ancestral Drone"
    )
    assert count(grimnyr, named) == 3


def test_upgrades_with_a_model_profile_and_squad_wide_gear() -> None:
    # Grey Knights enter their troopers as upgrades with a "Unit" profile; a squad-wide choice sits beside them.
    squad = entry(
        "Strike Squad",
        "unit",
        1,
        None,
        entry("Grey Knight Justicar", "model", 1, ["Grey Knight Justicar"], entry("Nemesis force sword")),
        entry("Grey Knights", "upgrade", 4, ["Grey Knight"], entry("Storm bolter", number=4)),
        entry("Psyk-out grenades"),
    )
    split = split_unit(VIEW, squad)
    assert count(squad) == 5
    assert [g.entry["name"] for g in split.unit_gear] == ["Psyk-out grenades"]
    # A vehicle entered as an upgrade with three wound-track profiles is one model.
    crawler = entry("Plagueburst Crawler", "upgrade", 1, ["Crawler 1", "Crawler 2", "Crawler 3"], entry("Mortar"))
    assert count(crawler) == 1


def test_nesting_deeper_than_any_unit_is_refused() -> None:
    deep = entry("Squad", "unit")
    node = deep
    for _ in range(80):
        child = entry("Box")
        node["children"].append(child)
        node = child
    with pytest.raises(TooDeep):
        split_unit(VIEW, deep)
