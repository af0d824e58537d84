"""An upgrade an earlier Ost held for the unit, now a model's choice, read once from every list of Ost's own.

A list written while a Captain's Chapter Master moved from the unit's upgrades onto his model may hold it
both ways: it was priced twice and said nothing. An ``.ost`` list and a share code are read alike
(:mod:`ost.formats.lists.mending`): the model keeps it, the upgrade goes, the reading report says so.
"""

from __future__ import annotations

import json

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, TESTS, old_share_code
from ost.core import listfile, sharecode
from ost.core.armylist import ArmyList, Carried, Unit, total_points, unit_points
from ost.core.catalogue import BandTable, Catalogue, Datasheet
from ost.core.wargear import doubled_upgrades_folded
from ost.formats.lists.listreader import read_list

CM = "commandement-de-chapitre-maitre-de-chapitre"
OLD = TESTS / "data" / "lists" / "space-marines-dropped-gear.v4.ost"


def _captain(army: ArmyList, sheet_id: str = "sm-capitaine") -> Unit:
    return next(u for _, u in army.units() if u.datasheet == sheet_id)


def _held(unit: Unit, item: str) -> tuple[int, int]:
    """How many times the unit holds ``item``: among its upgrades, on its models."""
    return (
        sum(c.count for c in unit.upgrades if c.item == item),
        sum(c.count * g.count for g in unit.loadout for c in g.wargear if c.item == item),
    )


def _both_ways(shipped: Catalogue, *, version: int) -> bytes:
    """The shipped v4 list, its Captain holding the Chapter Master as an upgrade and on his model."""
    army = read_list(OLD.read_bytes(), "old.ost", shipped).army  # moves it onto his model
    captain = _captain(army)
    captain.upgrades = [Carried(item=CM, name="Commandement de Chapitre : Maître de Chapitre")]
    document = json.loads(listfile.dumps(army))
    document["schema_version"] = version
    return json.dumps(document).encode("utf-8")


@pytest.mark.parametrize("version", [4, 5])
def test_a_chapter_master_held_both_ways_in_an_ost_list_is_counted_once(shipped: Catalogue, version: int) -> None:
    result = read_list(_both_ways(shipped, version=version), "both.ost", shipped)
    captain = _captain(result.army)
    assert _held(captain, CM) == (0, 1)
    assert unit_points(captain, shipped) == 120  # 85 + 35 once (155 when it was priced twice)
    assert any(
        "Capitaine : Commandement de Chapitre : Maître de Chapitre était pris deux fois" in line
        for line in result.reading.lines("fr")
    )
    assert any(
        "Capitaine: Chapter Command: Chapter Master was taken twice, for the unit and by a model" in line
        for line in result.reading.lines("en")
    )


def test_a_share_code_holding_it_both_ways_is_counted_once(shipped: Catalogue) -> None:
    army = listfile.parse(_both_ways(shipped, version=5))
    code = sharecode.encode(army, shipped)
    result = read_list(code.encode("ascii"), "code", shipped)
    captain = _captain(result.army)
    assert _held(captain, CM) == (0, 1) and unit_points(captain, shipped) == 120
    assert any("was taken twice" in line for line in result.reading.lines("en"))
    assert any("était pris deux fois" in line for line in result.reading.lines("fr"))


def test_a_share_code_moves_an_old_upgrade_onto_the_model_as_a_list_file_does(shipped: Catalogue) -> None:
    """A code made from the v4 list as read before Ost moved upgrades: the upgrade alone, not on the model."""
    army = listfile.parse(OLD.read_bytes())
    assert _held(_captain(army), CM) == (1, 0)
    result = read_list(sharecode.encode(army, shipped).encode("ascii"), "code", shipped)
    captain = _captain(result.army)
    assert _held(captain, CM) == (0, 1) and unit_points(captain, shipped) == 120
    from_file = read_list(OLD.read_bytes(), "old.ost", shipped)
    assert total_points(result.army, shipped) == total_points(from_file.army, shipped) == 320
    assert any("was taken for the unit" in line for line in result.reading.lines("en"))
    assert any("était pris pour l'unité" in line for line in result.reading.lines("fr"))


def test_a_chapter_master_on_the_model_alone_is_left_as_it_is(shipped: Catalogue) -> None:
    """The legal side: held once, on the model, nothing moves and nothing is said."""
    army = read_list(OLD.read_bytes(), "old.ost", shipped).army
    data = listfile.dumps(army).encode("utf-8")
    result = read_list(data, "now.ost", shipped)
    captain = _captain(result.army)
    assert _held(captain, CM) == (0, 1) and unit_points(captain, shipped) == 120
    assert not any("Capitaine" in line for line in result.reading.lines("en"))
    assert doubled_upgrades_folded(captain, shipped.get("sm-capitaine")) == []  # type: ignore[arg-type]


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_the_real_captain_s_chapter_master_held_both_ways_is_counted_once() -> None:
    """The 13-file sample's Captain: "Chapter Command: Chapter Master" (35 pts) is his model's "Command Options"."""
    from ost.core import armylist as ops
    from ost.formats.bsdata import read_bsdata

    sheet: Datasheet = next(s for s in read_bsdata([BSDATA_SAMPLE]).datasheets if s.name == "Captain")
    item = next(i for i in sheet.wargear if i.name == "Chapter Command: Chapter Master")
    choice = next(g for g in sheet.choices if g.kinds and item.id in g.items)
    catalogue = Catalogue([sheet], BandTable(bands=[]))
    army = ArmyList(detachments=[ops.Detachment(id="d1")])
    unit = ops.add_unit(army, sheet, "d1")
    alone = unit_points(unit, catalogue)
    ops.choose_wargear(army, unit.id, catalogue, group=0, models=1, choice=choice.id, item=item.id)
    assert unit_points(unit, catalogue) == alone + 35
    unit.upgrades = [*unit.upgrades, Carried(item=item.id, name=item.name)]
    assert unit_points(unit, catalogue) == alone + 70  # priced twice as it was read before
    for data in (listfile.dumps(army).encode("utf-8"), sharecode.encode(army, catalogue).encode("ascii")):
        result = read_list(data, "both", catalogue)
        read = _captain(result.army, sheet.id)
        assert _held(read, item.id) == (0, 1)
        assert unit_points(read, catalogue) == alone + 35
        assert any("Chapter Master was taken twice" in line for line in result.reading.lines("en"))
    # Twice among the upgrades beside the model's: no double of one model's pick; left as written, unsaid.
    unit.upgrades = [Carried(item=item.id, name=item.name, count=2)]
    result = read_list(listfile.dumps(army).encode("utf-8"), "thrice.ost", catalogue)
    read = _captain(result.army, sheet.id)
    assert _held(read, item.id) == (2, 1)
    assert not any("was taken twice" in line for line in result.reading.lines("en"))


def test_a_version_4_share_code_is_mended_as_its_list_file(shipped: Catalogue) -> None:
    """An Ost of list version 4 made a code of the shipped v4 list: read, it is the list its file gives, said alike."""
    document = json.loads(OLD.read_text(encoding="utf-8"))
    assert document["schema_version"] == 4
    by_file = read_list(OLD.read_bytes(), OLD.name, shipped)
    by_code = read_list(old_share_code(document), "code.txt", shipped)
    file_units = [u for _, u in by_file.army.units()]
    code_units = [u for _, u in by_code.army.units()]
    assert [(u.upgrades, u.loadout, u.warlord) for u in code_units] == [
        (u.upgrades, u.loadout, u.warlord) for u in file_units
    ]
    for lang in ("fr", "en"):
        said = [n.message(lang) for n in by_code.reading.notes]
        assert said == [n.message(lang) for n in by_file.reading.notes]
    assert by_code.reading.notes  # (its Captain's Chapter Master moved onto his model; said)
