"""An older list whose unit records no wargear opens with its datasheet's defaults, and says what they leave out.

tests/data/lists/devastators-one-kind.v5.ost was written when the shipped Devastator Squad had one
kind of model, each with a missile launcher. Its second squad (5 models) kept every default, so the
list records no loadout for it: today its Devastators carry boltguns, the missile launcher being the
"Devastator w/Heavy Weapon" kind's, which the default split leaves empty. Never silently.
"""

from __future__ import annotations

import json

from helpers import ROOT, TESTS
from ost.core.armylist import SCHEMA_VERSION
from ost.core.catalogue import Catalogue
from ost.core.wargear import effective_loadout
from ost.formats.lists.listreader import read_list, read_list_file

OLD_LIST = TESTS / "data" / "lists" / "devastators-one-kind.v5.ost"


def _said(lines: list[str], word: str) -> list[str]:
    return [line for line in lines if word in line]


def test_an_old_squad_on_its_defaults_says_it_has_no_heavy_weapon(shipped: Catalogue) -> None:
    result = read_list(OLD_LIST.read_bytes(), OLD_LIST.name, shipped)
    small = [u for _, u in result.army.units()][1]
    assert small.loadout == [] and small.models == 5
    sheet = shipped.get(small.datasheet)
    assert sheet is not None
    # It keeps the datasheet's defaults: no model carries a missile launcher.
    assert all(c.item != "lance-missiles" for g in effective_loadout(small, sheet) for c in g.wargear)
    (english,) = _said(result.reading.lines("en"), "records no wargear")
    assert "Escouade Devastator: " in english
    assert "(1 × Devastator Marine Sergeant, 4 × Devastator Marine)" in english
    assert "with no Devastator Marine w/Heavy Weapon (Missile launcher)" in english
    assert "choose them in the unit's form" in english
    (french,) = _said(result.reading.lines("fr"), "n'écrit pas l'équipement")
    assert "(1 × Sergent, 4 × Devastator), sans Devastator avec arme lourde (Lance-missiles)" in french
    # The squad that records its models' wargear is mended as before, not said so.
    assert len(_said(result.reading.lines("en"), "Escouade Devastator: the list records")) == 1


def test_a_list_of_today_on_its_defaults_says_nothing(shipped: Catalogue) -> None:
    document = json.loads(OLD_LIST.read_text(encoding="utf-8"))
    document["schema_version"] = SCHEMA_VERSION
    result = read_list(json.dumps(document).encode(), "today.ost", shipped)
    assert _said(result.reading.lines("en"), "records no wargear") == []


def test_units_alike_are_said_once_with_how_many(shipped: Catalogue) -> None:
    document = json.loads(OLD_LIST.read_text(encoding="utf-8"))
    units = document["detachments"][0]["units"]
    small = next(u for u in units if u["datasheet"] == "sm-escouade-devastator" and not u["loadout"])
    units.append({**small, "id": "u-copy"})
    result = read_list(json.dumps(document).encode(), "two.ost", shipped)
    (english,) = _said(result.reading.lines("en"), "records no wargear")
    assert english.endswith("(×2)")
    # A squad whose default split holds its heavy weapons (none left out) has nothing to say.
    for unit in units:
        if unit["datasheet"] == "sm-escouade-devastator" and not unit["loadout"]:
            unit["composition"] = {"sergent": 1, "devastator-avec-arme-lourde": 4}
    quiet = read_list(json.dumps(document).encode(), "armed.ost", shipped)
    assert _said(quiet.reading.lines("en"), "records no wargear") == []


def test_squads_whose_defaults_fill_only_the_kinds_they_require_say_nothing(shipped: Catalogue) -> None:
    # Version-4 examples: Infantry Squads (the Heavy Weapon Team left out) and a Bike Squad (no Attack Bike)
    # on their defaults. The datasheet requires their Guardsmen and Bikers: the list chose nothing else.
    for name in ("astra-militarum-3000.ost", "space-marines-2000.ost"):
        result = read_list_file(ROOT / "examples" / "legal" / name, shipped)
        assert any(not u.loadout for _, u in result.army.units())
        assert _said(result.reading.lines("en"), "records no wargear") == []
        assert result.reading.notes == []
