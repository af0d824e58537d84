"""The shipped datasheets whose model kinds follow the data again: the Devastator Squad (a Sergeant, Devastators
and 0-4 Devastators with a heavy weapon), the Munitorum Servitors (one kind per weapon) and the Skorpekh
Destroyers (one kind, a reap-blade per 3 models), as a player builds them, priced as the data prices them; and
a list saved when the Devastators were one kind, each with a missile launcher, opened today."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, TESTS, army_with, give, old_share_code, opened_window
from ost.core import armylist as ops
from ost.core.armylist import ArmyList, unit_points
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.findings import Code
from ost.core.presenter import present
from ost.core.validator import validate
from ost.core.wargear import effective_loadout, wargear_findings
from ost.formats.bsdata import read_bsdata
from ost.formats.lists.listreader import read_list

DEVASTATORS = "sm-escouade-devastator"
HEAVY = "devastator-avec-arme-lourde"
OLD_LIST = TESTS / "data" / "lists" / "devastators-one-kind.v5.ost"


def _unit_codes(army: ArmyList, catalogue: Catalogue) -> set[Code]:
    """The findings about the unit itself (a list of one unit also lacks HQ, Troops and a warlord)."""
    army_wide = {Code.ROLE_MIN, Code.WARLORD_NONE}
    return {f.code for f in validate(catalogue, army).findings if f.code not in army_wide}


def _carried(army: ArmyList, unit_id: str, catalogue: Catalogue) -> dict[str, list[tuple[int, set[str | None]]]]:
    """Kind id -> (models, what each carries) of the unit's model groups."""
    unit = army.unit(unit_id)
    assert unit is not None
    sheet = catalogue.get(unit.datasheet)
    assert sheet is not None
    out: dict[str, list[tuple[int, set[str | None]]]] = {}
    for group in effective_loadout(unit, sheet):
        out.setdefault(group.kind, []).append((group.count, {c.item for c in group.wargear}))
    return out


def test_the_devastator_squad_has_the_data_s_three_kinds(shipped: Catalogue) -> None:
    sheet = shipped.get(DEVASTATORS)
    assert sheet is not None
    assert [(k.id, k.min, k.max, k.points) for k in sheet.kinds] == [
        ("sergent", 1, 1, 0),
        ("devastator", 0, 9, 23),
        (HEAVY, 0, 4, 23),
    ]
    assert [k.label("fr") for k in sheet.kinds] == ["Sergent", "Devastator", "Devastator avec arme lourde"]
    assert [k.label("en") for k in sheet.kinds] == [
        "Devastator Marine Sergeant",
        "Devastator Marine",
        "Devastator Marine w/Heavy Weapon",
    ]
    sergeant, marine, heavy = (set(k.loadout) for k in sheet.kinds)
    assert sergeant == marine == {"grenades-frag-et-antichar", "pistolet-bolter", "bolter"}
    assert heavy == {"grenades-frag-et-antichar", "pistolet-bolter", "lance-missiles"}
    # The Sergeant's own choices are his; the heavy weapons are the heavy weapon Devastators'.
    offers = {g.id: g.kinds for g in sheet.choices}
    assert offers["sergent-bolter"] == offers["sergent-pistolet"] == ["sergent"]
    assert offers["armes-lourdes"] == [HEAVY]


@pytest.mark.parametrize(("models", "points"), [(5, 115), (10, 230)])
def test_a_devastator_squad_with_its_defaults_is_legal_at_the_data_s_price(
    shipped: Catalogue, models: int, points: int
) -> None:
    army, unit_id = army_with(shipped, DEVASTATORS, models)
    unit = army.unit(unit_id)
    assert unit is not None
    assert unit_points(unit, shipped) == points
    assert _unit_codes(army, shipped) == set()
    carried = _carried(army, unit_id, shipped)
    assert set(carried) == {"sergent", "devastator"}
    assert carried["sergent"] == [(1, {"grenades-frag-et-antichar", "pistolet-bolter", "bolter"})]
    assert carried["devastator"] == [(models - 1, {"grenades-frag-et-antichar", "pistolet-bolter", "bolter"})]


@pytest.mark.parametrize("heavy", [1, 2, 3, 4])
def test_one_to_four_devastators_carry_a_heavy_weapon(shipped: Catalogue, heavy: int) -> None:
    army, unit_id = army_with(shipped, DEVASTATORS, 10)
    ops.set_kind_count(army, unit_id, "devastator", 9 - heavy, shipped)
    ops.set_kind_count(army, unit_id, HEAVY, heavy, shipped)
    unit = army.unit(unit_id)
    assert unit is not None and unit.models == 10
    assert unit_points(unit, shipped) == 230 and _unit_codes(army, shipped) == set()
    assert _carried(army, unit_id, shipped)[HEAVY] == [
        (heavy, {"grenades-frag-et-antichar", "pistolet-bolter", "lance-missiles"})
    ]
    give(army, unit_id, shipped, "armes-lourdes", "multi-fuseur", 1)  # 10 points, in place of a missile launcher
    assert unit_points(unit, shipped) == 240 and _unit_codes(army, shipped) == set()


def test_five_heavy_weapons_or_one_on_a_plain_devastator_are_not_allowed(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, DEVASTATORS, 10)
    ops.set_kind_count(army, unit_id, "devastator", 4, shipped)
    ops.set_kind_count(army, unit_id, HEAVY, 5, shipped)
    (over,) = [f for f in validate(shipped, army).findings if f.code is Code.UNIT_OVER]
    assert "5 × Devastator avec arme lourde, maximum 4" in over.message.fr
    assert "5 × Devastator Marine w/Heavy Weapon, maximum 4" in over.message.en
    # A plain Devastator is offered no heavy weapon, nor the Sergeant's power fist.
    army, unit_id = army_with(shipped, DEVASTATORS, 5)
    for choice, item in (("armes-lourdes", "canon-laser"), ("sergent-bolter", "gantelet-energetique")):
        with pytest.raises(ops.ListOperationError):
            ops.choose_wargear(army, unit_id, shipped, group=1, models=1, choice=choice, item=item)
    give(army, unit_id, shipped, "sergent-bolter", "gantelet-energetique", 1)  # the Sergeant's, in place of his boltgun
    assert _unit_codes(army, shipped) == set()
    assert _carried(army, unit_id, shipped)["sergent"] == [
        (1, {"grenades-frag-et-antichar", "pistolet-bolter", "gantelet-energetique"})
    ]


def test_the_card_shows_each_kind_s_weapons(shipped: Catalogue) -> None:
    sheet = shipped.get(DEVASTATORS)
    assert sheet is not None
    army, unit_id = army_with(shipped, DEVASTATORS, 5)
    unit = army.unit(unit_id)
    assert unit is not None
    plain = {w.name for w in present(sheet, shipped, "en", unit).weapons}
    assert plain == {"Frag grenades", "Krak grenades", "Bolt pistol", "Boltgun"}
    ops.set_kind_count(army, unit_id, "devastator", 2, shipped)
    ops.set_kind_count(army, unit_id, HEAVY, 2, shipped)
    french = present(sheet, shipped, "fr", unit)
    english = present(sheet, shipped, "en", unit)
    assert {"Lance-missiles (frag)", "Lance-missiles (antichar)", "Bolter"} <= {w.name for w in french.weapons}
    assert {"Missile launcher (frag)", "Missile launcher (krak)", "Boltgun"} <= {w.name for w in english.weapons}
    assert french.wounds_note == "Sergent 2 PV, Devastator 2 PV, Devastator avec arme lourde 2 PV"
    assert "Devastator Marine w/Heavy Weapon 2 W" in english.wounds_note


def test_servitors_and_skorpekhs_as_a_player_builds_them(shipped: Catalogue) -> None:
    army, unit_id = army_with(shipped, "am-serviteurs", 4)
    unit = army.unit(unit_id)
    assert unit is not None
    assert unit_points(unit, shipped) == 40 and _unit_codes(army, shipped) == set()
    assert _carried(army, unit_id, shipped) == {"serviteur-servo-bras": [(4, {"servo-bras"})]}
    ops.set_kind_count(army, unit_id, "serviteur-servo-bras", 2, shipped)
    ops.set_kind_count(army, unit_id, "serviteur-bolter-lourd", 1, shipped)
    ops.set_kind_count(army, unit_id, "serviteur-canon-a-plasma", 1, shipped)
    assert unit_points(unit, shipped) == 70 and _unit_codes(army, shipped) == set()  # 40 + 10 + 20
    ops.set_kind_count(army, unit_id, "serviteur-servo-bras", 1, shipped)
    ops.set_kind_count(army, unit_id, "serviteur-multi-fuseur", 1, shipped)  # three weapons: a servo-arm short
    assert Code.UNIT_UNDER in _unit_codes(army, shipped)
    for models, blades, legal in ((3, 1, True), (5, 2, False), (6, 2, True)):
        army, unit_id = army_with(shipped, "nec-destroyers-skorpekh", models)
        give(army, unit_id, shipped, "faux-lame", "faux-lame-hyperphase", blades)
        assert (wargear_findings(army, shipped) == []) is legal, (models, blades)


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_the_shipped_kinds_cost_what_the_data_s_cost(shipped: Catalogue) -> None:
    """Each composition of the shipped kinds costs what the same composition of the data's kinds costs."""
    data = {s.source_id: s for s in read_bsdata([BSDATA_SAMPLE]).datasheets if s.source_id}

    def cost(sheet: Datasheet, counts: list[int]) -> int:
        return sheet.cost(sum(counts), composition={k.id: n for k, n in zip(sheet.kinds, counts, strict=True)})

    for sheet_id, compositions in {
        DEVASTATORS: ([1, 4, 0], [1, 9, 0], [1, 5, 4], [1, 0, 4]),
        "am-serviteurs": ([0, 0, 0, 4], [2, 0, 0, 2], [0, 1, 1, 2], [0, 2, 0, 2]),
        "nec-destroyers-skorpekh": ([3], [6]),
    }.items():
        ours = shipped.get(sheet_id)
        assert ours is not None and ours.counterpart is not None
        theirs = data[ours.counterpart]
        assert [k.name for k in theirs.kinds] == [k.label("en") for k in ours.kinds] or len(ours.kinds) == 1
        for counts in compositions:
            assert cost(ours, counts) == cost(theirs, counts), (sheet_id, counts)


# --- a list saved when the Devastators were one kind ------------------------------------------------------------


def test_a_list_saved_with_one_kind_of_devastator_opens_and_says_what_changed(shipped: Catalogue) -> None:
    """Written by Ost before: a bare Sergeant, 9 Devastators with a missile launcher (one with a lascannon in its
    place, one with the Sergeant's power fist besides), and Skorpekhs of two kinds."""
    result = read_list(OLD_LIST.read_bytes(), OLD_LIST.name, shipped)
    army = result.army
    big, small, skorpekhs = (u for _, u in army.units())
    # The lascannon goes first to the heavy weapon kind, then three missile launchers; the Sergeant is armed.
    assert big.composition == {"sergent": 1, "devastator": 5, HEAVY: 4} and big.models == 10
    carried = _carried(army, big.id, shipped)
    assert carried["sergent"] == [(1, {"grenades-frag-et-antichar", "pistolet-bolter", "bolter"})]
    assert sorted(carried[HEAVY], key=lambda g: g[0]) == [
        (1, {"grenades-frag-et-antichar", "pistolet-bolter", "canon-laser"}),
        (3, {"grenades-frag-et-antichar", "pistolet-bolter", "lance-missiles"}),
    ]
    assert unit_points(big, shipped) == 230 and unit_points(small, shipped) == 115
    # Those left over keep what they carry: the check names it.
    limits = [f for f in validate(shipped, army).findings if f.code is Code.WARGEAR_LIMIT]
    assert sorted(f.message.en.split(" carries ")[1].split("”")[0] for f in limits) == [
        "“Missile launcher",
        "“Missile launcher",
        "“Power fist",
    ]
    assert skorpekhs.composition == {"model": 6}
    assert _carried(army, skorpekhs.id, shipped) == {
        "model": [(5, {"batteurs-hyperphase"}), (1, {"faux-lame-hyperphase"})]
    }
    assert unit_points(skorpekhs, shipped) == 180
    french, english = result.reading.lines("fr"), result.reading.lines("en")
    assert any("1 × Devastator avec Canon laser devient Devastator avec arme lourde" in line for line in french), french
    assert any(
        "3 × Devastator Marine with Missile launcher become Devastator Marine w/Heavy Weapon" in line
        for line in english
    ), english
    assert any("1 × Sergent ne portait rien" in line and "Bolter" in line for line in french)
    assert any("Devastator Marine Sergeant carried nothing" in line for line in english)
    assert any("n'a plus de figurines « skorpekh-batteur » ; 4 × Destroyers Skorpekh" in line for line in french)
    assert any("no longer has 'skorpekh-faux-lame' models; 2 × Skorpekh Destroyers" in line for line in english)
    # Read again as it is now: nothing more to say.
    again = read_list(result.army.model_dump_json().encode(), "again.ost", shipped)
    assert again.reading.notes == []


def test_a_share_code_of_the_old_list_opens_as_the_list_file_does(shipped: Catalogue) -> None:
    """An earlier Ost's share code of the one-kind Devastators: mended as its .ost is, each change said.

    Share codes were mended for upgrades held twice only: their models stayed on the kinds the datasheet no
    longer splits them so (a squad of nine missile launchers, and no note), and a version 4 code lacked the
    starting picks an .ost of the same list gets.
    """
    import json

    document = json.loads(OLD_LIST.read_text(encoding="utf-8"))
    assert document["schema_version"] == 5
    by_file = read_list(OLD_LIST.read_bytes(), OLD_LIST.name, shipped)
    by_code = read_list(old_share_code(document), "code.txt", shipped)
    assert by_code.reading.format == "share"
    file_units = [u for _, u in by_file.army.units()]
    code_units = [u for _, u in by_code.army.units()]
    assert [u.composition for u in code_units] == [u.composition for u in file_units]
    assert [u.loadout for u in code_units] == [u.loadout for u in file_units]
    assert code_units[0].composition == {"sergent": 1, "devastator": 5, HEAVY: 4}
    for lang in ("fr", "en"):
        assert by_code.reading.notes and [n.message(lang) for n in by_code.reading.notes] == [
            n.message(lang) for n in by_file.reading.notes
        ]
    # A code of today's Ost is read as it is: nothing to say.
    today = read_list(old_share_code(json.loads(by_code.army.model_dump_json())), "today.txt", shipped)
    assert today.reading.notes == []


@pytest.mark.gui
def test_the_window_says_what_reading_the_old_list_changed(shipped: Catalogue, tmp_path: Path, qtbot: object) -> None:
    from ost.gui.dialogs import TextListDialog

    with opened_window(shipped, tmp_path) as window:
        shown: list[object] = []
        window.exec_dialog = lambda dialog: shown.append(dialog) or 0  # type: ignore[method-assign]
        assert window.documents.open_path(OLD_LIST)
        (dialog,) = shown
        assert isinstance(dialog, TextListDialog)
        lines = [dialog.lines.item(i).text() for i in range(dialog.lines.count())]
        assert any("devient Devastator avec arme lourde" in line for line in lines), lines
        # Five mended, and the squad that records no wargear: its defaults leave its missile launchers out.
        assert any("n'écrit pas l'équipement" in line and "Lance-missiles" in line for line in lines), lines
        assert "(6 change" in window.statusBar().currentMessage()


def test_lists_of_today_s_kinds_are_left_as_they_are(shipped: Catalogue) -> None:
    """The examples and the older test lists (other chapters' gear, a version 1) move no model."""
    from helpers import ROOT
    from ost.core import listfile
    from ost.core.wargear import models_onto_kinds

    lists = [p for p in (*(ROOT / "examples").rglob("*.ost"), *(TESTS / "data").rglob("*.ost")) if p != OLD_LIST]
    assert len(lists) >= 30
    for path in lists:
        for _, unit in listfile.load(path).units():
            sheet = shipped.get(unit.datasheet)
            if sheet is not None:
                assert models_onto_kinds(unit, sheet) == [], (path.name, unit.id)
