"""List operations used by the GUI's undo commands: each one can be reversed."""

from __future__ import annotations

import pytest

from helpers import ListBuilder
from ost.core import armylist as ops
from ost.core.catalogue import Catalogue


def test_add_remove_restore(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    army = b.army
    sheet = mini.get("tactical")
    assert sheet is not None
    unit = ops.add_unit(army, sheet, "d1")
    rhino = ops.add_unit(army, mini.get("rhino"), "d1")  # type: ignore[arg-type]
    ops.assign_transport(army, unit.id, rhino.id)
    lieutenant = ops.add_unit(army, mini.get("lieutenant"), "d1")  # type: ignore[arg-type]
    ops.link_character(army, lieutenant.id, unit.id)
    before = army.model_dump()
    removal = ops.remove_unit(army, unit.id)
    assert army.unit(unit.id) is None
    assert army.unit(lieutenant.id).linked_to is None  # type: ignore[union-attr]
    ops.restore_unit(army, removal)
    assert army.model_dump() == before


def test_move_and_back(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    b.add("captain")
    tactical = b.add("tactical")
    b.det("B")
    place = ops.move_unit(b.army, tactical, "d2")
    assert [u.id for u in b.army.detachments[1].units] == [tactical]
    ops.move_unit(b.army, tactical, place.detachment_id, place.index)
    assert [u.id for u in b.army.detachments[0].units] == ["u1", tactical]


def test_setters_return_old_values(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    unit = b.add("tactical")
    assert ops.set_models(b.army, unit, 8).models == 5
    assert ops.set_option(b.army, unit, "flamer", 2) == 0
    assert ops.set_option(b.army, unit, "flamer", 0) == 2
    assert "flamer" not in b.unit(unit).options
    assert ops.set_flag(b.army, unit, "warlord", True) is False
    assert ops.rename_unit(b.army, unit, "Escouade Titus") is None
    assert b.unit(unit).display_name == "Escouade Titus"
    assert ops.set_placeholder(b.army, unit, "<CHAPITRE>", "") == "ULTRAMARINES"
    with pytest.raises(ops.ListOperationError):
        ops.set_models(b.army, unit, -1)
    with pytest.raises(ops.ListOperationError):
        ops.set_flag(b.army, unit, "colour", True)
    with pytest.raises(ops.ListOperationError):
        ops.assign_transport(b.army, unit, "nope")


def test_detachments(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    added = ops.add_detachment(b.army, "Appui")
    assert added.id == "d2"
    assert ops.rename_detachment(b.army, "d2", "Soutien") == "Appui"
    index, removed = ops.remove_detachment(b.army, "d2")
    ops.insert_detachment(b.army, removed, index)
    assert b.army.detachments[1].name == "Soutien"
    b.add("captain", det="d2")
    with pytest.raises(ops.ListOperationError, match="only an empty detachment"):
        ops.remove_detachment(b.army, "d2")


def test_new_ids_are_unique(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    sheet = mini.get("scouts")
    assert sheet is not None
    ids = {ops.add_unit(b.army, sheet, "d1").id for _ in range(20)}
    assert len(ids) == 20


def test_refresh_snapshot(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    unit = b.add("tactical")
    b.unit(unit).snapshot.points = 1
    old = ops.refresh_snapshot(b.army, unit, mini)
    assert old.points == 1 and b.unit(unit).snapshot.points == 90


def test_suggested_placeholders(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    b.add("captain", placeholders={"<CHAPITRE>": "BLOOD ANGELS"})
    b.det("B")
    b.add("scouts", det="d2", placeholders={"<chapitre>": "DARK ANGELS"})
    sheet = mini.get("tactical")
    assert sheet is not None
    assert ops.suggested_placeholders(b.army, sheet, "d2") == {"<CHAPITRE>": "DARK ANGELS"}
    assert ops.suggested_placeholders(b.army, sheet, "d1") == {"<CHAPITRE>": "BLOOD ANGELS"}
    bastion = mini.get("bastion")
    assert bastion is not None and ops.suggested_placeholders(b.army, bastion, "d1") == {}


def test_duplicate_unit_copies_the_choices_but_not_the_pairings(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    captain = b.add("captain", warlord=True)
    tactical = b.add("tactical")
    rhino = b.add("rhino")
    army = b.army
    ops.set_models(army, tactical, 8)
    ops.set_placeholder(army, tactical, "<CHAPITRE>", "Ultramarines")
    ops.rename_unit(army, tactical, "Escouade Titus")
    ops.assign_transport(army, tactical, rhino)
    place, copy = ops.duplicate_unit(army, tactical)
    assert place == ops.UnitPlace("d1", 2)
    assert copy.id not in {u.id for _, u in army.units()}
    assert (copy.models, copy.custom_name) == (8, "Escouade Titus")
    assert copy.placeholders == army.unit(tactical).placeholders  # type: ignore[union-attr]
    assert copy.placeholders["<CHAPITRE>"] == "Ultramarines"
    assert copy.transport is None and copy.linked_to is None
    ops.insert_unit(army, place.detachment_id, place.index, copy)
    assert [u.id for u in army.detachments[0].units] == [captain, tactical, copy.id, rhino]
    copy.placeholders["<CHAPITRE>"] = "Space Wolves"  # a deep copy: the original keeps its value
    assert army.unit(tactical).placeholders["<CHAPITRE>"] == "Ultramarines"  # type: ignore[union-attr]
    _, warlord_copy = ops.duplicate_unit(army, captain)
    assert not warlord_copy.warlord


def test_duplicate_unknown_unit_is_refused(mini: Catalogue) -> None:
    with pytest.raises(ops.ListOperationError):
        ops.duplicate_unit(ListBuilder(mini).army, "nope")
