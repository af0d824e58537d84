"""A unit the player just added starts with what the choices it must fill give it (Smite, a default mark).

Hand-made datasheets for each shape of choice; the real files are read in
tests/formats/bsdata/test_bsdata_fresh.py and test_bsdata_full.py.
"""

from __future__ import annotations

import json

import pytest

from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Detachment, unit_points
from ost.core.catalogue import (
    BandTable,
    Catalogue,
    Datasheet,
    ModelKind,
    WargearGroup,
    WargearItem,
    WargearLimit,
)
from ost.core.findings import Code
from ost.core.roles import Role
from ost.core.validator import validate
from ost.core.wargear import set_upgrade_count, starting_upgrades, upgrades_swapping_in, wargear_problems
from ost.formats.lists.text import read_text

ONCE = WargearLimit(min=1, max=1, per="unit")


def _sorcerer() -> Datasheet:
    """A psyker lord: Smite (one item, must take), a mark (must take, Undivided by default), powers (choose 2)."""
    return Datasheet(
        id="sorcier",
        name="Sorcier",
        name_en="Sorcerer",
        role=Role.HQ,
        points=90,
        kinds=[ModelKind(id="sorcier", name="Sorcier", name_en="Sorcerer", min=1, max=1, loadout={"baton": 1})],
        wargear=[
            WargearItem(id="baton", name="Bâton de force", name_en="Force stave"),
            WargearItem(id="chatiment", name="Châtiment", name_en="Smite", kind="psychic"),
            WargearItem(id="sans-dieu", name="Chaos Indivisible", name_en="Chaos Undivided", kind="upgrade"),
            WargearItem(id="khorne", name="Marque de Khorne", name_en="Mark of Khorne", kind="upgrade", points=15),
            WargearItem(id="nurgle", name="Marque de Nurgle", name_en="Mark of Nurgle", kind="upgrade", points=10),
            WargearItem(id="p1", name="Prescience", kind="psychic"),
            WargearItem(id="p2", name="Regard infernal", name_en="Infernal Gaze", kind="psychic"),
            WargearItem(id="p3", name="Force diabolique", name_en="Diabolic Strength", kind="psychic"),
            WargearItem(id="lame", name="Lame d'exécuteur relique", name_en="Executioner Relic Blade", kind="relic"),
            WargearItem(id="calice", name="Calice", name_en="Chalice", kind="relic"),
        ],
        choices=[
            WargearGroup(id="smite", name="Châtiment", name_en="Smite", items=["chatiment"], limit=ONCE),
            WargearGroup(
                id="marque",
                name="Marque du Chaos",
                name_en="Mark of Chaos",
                items=["khorne", "nurgle", "sans-dieu"],
                limit=ONCE,
                default="sans-dieu",
            ),
            WargearGroup(
                id="pouvoirs",
                name="Discipline",
                items=["p1", "p2", "p3"],
                limit=WargearLimit(min=2, max=2, per="unit"),
            ),
            WargearGroup(id="lame", name="Lame", name_en="Blade", items=["lame"], limit=ONCE),
            WargearGroup(id="reliques", name="Relique", name_en="Relic", items=["calice"], limit=WargearLimit(max=1)),
        ],
    )


def _catalogue(*sheets: Datasheet) -> Catalogue:
    return Catalogue(list(sheets), BandTable(bands=[]))


def _army() -> ArmyList:
    return ArmyList(name="essai", detachments=[Detachment(id="d1", name="")])


def _taken(sheet: Datasheet, models: int, *, defaults: bool = True) -> list[tuple[str | None, int]]:
    return [(c.item, c.count) for c in starting_upgrades(sheet, models, defaults=defaults)]


def test_a_new_unit_takes_the_only_item_and_the_default_but_leaves_a_real_choice() -> None:
    sheet = _sorcerer()
    assert _taken(sheet, 1) == [("chatiment", 1), ("sans-dieu", 1), ("lame", 1)]
    # Without the defaults: only what the unit must take with no alternative.
    assert _taken(sheet, 1, defaults=False) == [("chatiment", 1), ("lame", 1)]
    unit = ops.add_unit(_army(), sheet, "d1")
    assert [(c.item, c.name, c.kind, c.count) for c in unit.upgrades] == [
        ("chatiment", "Châtiment", "psychic", 1),
        ("sans-dieu", "Chaos Indivisible", "upgrade", 1),
        ("lame", "Lame d'exécuteur relique", "relic", 1),
    ]
    # Only the powers are left to choose.
    (problem,) = wargear_problems(unit, sheet)
    assert (problem.group, problem.problem, problem.bound, problem.count) == ("pouvoirs", "under", 2, 0)


def test_the_choice_left_to_the_player_says_to_choose_in_both_languages() -> None:
    sheet = _sorcerer()
    army = _army()
    ops.add_unit(army, sheet, "d1")
    (finding,) = [f for f in validate(_catalogue(sheet), army).findings if f.code is Code.WARGEAR_LIMIT]
    assert finding.message.fr == "Sorcier : « Discipline » : pris 0 fois ; au moins 2 dans l'unité."
    assert finding.message.en == "Sorcerer: “Discipline”: taken 0 times; at least 2 in the unit."
    assert finding.fix is not None
    assert finding.fix.fr == "Choisissez encore 2 × « Discipline »."
    assert finding.fix.en == "Choose 2 more “Discipline”."


def test_minimums_per_item_counts_per_size_and_maximums_are_kept() -> None:
    base = _sorcerer()
    litanies = WargearGroup(
        id="litanies",
        name="Litanies",
        items=["p1", "p2"],
        item_limits={"p2": WargearLimit(min=1, max=1, per="unit")},
        limit=WargearLimit(max=2, per="unit"),
    )
    # A default the datasheet may not take (a Daemon Prince's Undivided set to 0): the player chooses.
    mark = base.choice_map["marque"].model_copy(update={"item_limits": {"sans-dieu": WargearLimit(max=0, per="unit")}})
    # Two of one item for every five models.
    pairs = WargearGroup(id="paires", name="Paires", items=["p3"], limit=WargearLimit(min=2, per="unit", every=5))
    # A minimum the import could not check: no guess.
    unsure = WargearGroup(id="incertain", items=["calice"], limit=WargearLimit(min=1, per="unit", verified=False))
    sheet = base.model_copy(
        update={
            "choices": [base.choice_map["smite"], mark, litanies, pairs, unsure],
            "kinds": [ModelKind(id="sorcier", name="Sorcier", min=1, max=20)],
            "min_models": 1,
            "max_models": 20,
        }
    )
    assert _taken(sheet, 1) == [("chatiment", 1), ("p2", 1)]
    assert _taken(sheet, 10) == [("chatiment", 1), ("p2", 1), ("p3", 4)]  # in the datasheet's order


def test_an_inner_groups_pick_counts_toward_the_group_around_it() -> None:
    base = _sorcerer()
    outer = WargearGroup(id="dehors", name="Dons", items=["p1", "p3"], limit=WargearLimit(min=1, max=1, per="unit"))
    inner = WargearGroup(id="dedans", name="Don", items=["p2"], limit=ONCE, within="dehors")
    sheet = base.model_copy(update={"choices": [outer, inner]})
    assert _taken(sheet, 1) == [("p2", 1)]
    assert wargear_problems(ops.add_unit(_army(), sheet, "d1"), sheet) == []


def test_reset_gives_the_start_back_and_undo_restores_exactly() -> None:
    sheet = _sorcerer()
    catalogue = _catalogue(sheet)
    army = _army()
    unit = ops.add_unit(army, sheet, "d1")
    ops.set_upgrade(army, unit.id, catalogue, "sans-dieu", 0)
    ops.set_upgrade(army, unit.id, catalogue, "khorne", 1)
    ops.set_upgrade(army, unit.id, catalogue, "chatiment", 0)
    before = [c.model_dump() for c in unit.upgrades]
    change = ops.reset_wargear(army, unit.id, catalogue)
    assert [(c.item, c.count) for c in unit.upgrades] == [("chatiment", 1), ("sans-dieu", 1), ("lame", 1)]
    assert unit.loadout == []
    ops.restore_wargear(army, unit.id, change)
    assert [c.model_dump() for c in unit.upgrades] == before
    # Without a catalogue (the older call) the reset takes every upgrade away, as it did.
    ops.reset_wargear(army, unit.id)
    assert unit.upgrades == []


def test_the_datasheets_points_pay_for_the_start_and_a_priced_swap_costs_its_price() -> None:
    sheet = _sorcerer()
    catalogue = _catalogue(sheet)
    army = _army()
    unit = ops.add_unit(army, sheet, "d1")
    assert unit_points(unit, catalogue) == 90
    ops.set_upgrade(army, unit.id, catalogue, "sans-dieu", 0)
    ops.set_upgrade(army, unit.id, catalogue, "khorne", 1)
    assert unit_points(unit, catalogue) == 105
    # A priced default is paid by the datasheet (its price is the smallest unit's, the default taken).
    priced = sheet.model_copy(
        update={"wargear": [w.model_copy(update={"points": 5}) if w.id == "sans-dieu" else w for w in sheet.wargear]}
    )
    fresh = ops.add_unit(army, priced, "d1")
    assert unit_points(fresh, _catalogue(priced)) == 90


def test_the_datasheets_own_relic_is_no_pick_of_the_army() -> None:
    sheet = _sorcerer()
    catalogue = _catalogue(sheet)
    army = _army()
    first, second = ops.add_unit(army, sheet, "d1"), ops.add_unit(army, sheet, "d1")
    codes = [f.code for f in validate(catalogue, army).findings]
    assert Code.WARGEAR_UNIQUE not in codes
    # A relic the player chose is one per army still.
    ops.set_upgrade(army, first.id, catalogue, "calice", 1)
    ops.set_upgrade(army, second.id, catalogue, "calice", 1)
    (unique,) = [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_UNIQUE]
    assert "« Calice »" in unique.message.fr and "“Chalice”" in unique.message.en


def test_a_text_list_that_leaves_out_what_the_unit_must_take_has_it_all_the_same() -> None:
    sheet = _sorcerer()
    catalogue = _catalogue(sheet)
    army, reading = read_text(
        "++ Patrol ++\n\nSorcier [90 pts]: Châtiment, Prescience\n\nSorcier [90 pts]\n", catalogue
    )
    first, second = (u for _, u in army.units())
    # No default taken for the player: the text may have meant another mark. A power it names is taken.
    assert [(c.item, c.count) for c in first.upgrades] == [("chatiment", 1), ("lame", 1), ("p1", 1)]
    assert [(c.item, c.count) for c in second.upgrades] == [("chatiment", 1), ("lame", 1)]
    assert "Châtiment" not in first.notes  # named in the text: no unmatched gear
    assert "Prescience" not in first.notes
    assert reading.matched


def test_a_text_list_that_names_a_mark_or_powers_gives_them_to_the_unit_in_either_language() -> None:
    sheet = _sorcerer()
    catalogue = _catalogue(sheet)
    text = (
        "++ Patrol ++\n\nSorcier [105 pts]: Mark of Khorne, Prescience, Regard infernal\n\n"
        "Sorcier [90 pts]: Prescience\n"
    )
    army, _ = read_text(text, catalogue)
    first, second = (u for _, u in army.units())
    assert [(c.item, c.count) for c in first.upgrades] == [
        ("chatiment", 1),
        ("lame", 1),
        ("khorne", 1),
        ("p1", 1),
        ("p2", 1),
    ]
    assert first.options == {} and first.notes == ""
    assert unit_points(first, catalogue) == 105
    report = validate(catalogue, army)
    broken = [f for f in report.findings if f.code is Code.WARGEAR_LIMIT]
    # The first has all it must take; the second names no mark and one power of two: both are asked for.
    assert {f.units for f in broken} == {(second.id,)}
    assert sorted(f.message.en for f in broken) == [
        "Sorcerer: “Discipline”: taken 1 time; at least 2 in the unit.",
        "Sorcerer: “Mark of Chaos”: taken 0 times; at least 1 in the unit.",
    ]


def test_a_filled_choice_takes_another_of_its_items_in_one_step() -> None:
    sheet = _sorcerer()
    army = _army()
    unit = ops.add_unit(army, sheet, "d1")
    catalogue = _catalogue(sheet)
    # Khorne's mark as it stands breaks the mark's maximum: the swap gives Undivided away.
    assert upgrades_swapping_in(unit, sheet, "khorne") is not None
    old = ops.swap_upgrade(army, unit.id, catalogue, "khorne")
    assert [(c.item, c.count) for c in unit.upgrades] == [("chatiment", 1), ("lame", 1), ("khorne", 1)]
    assert unit_points(unit, catalogue) == 90 + 15
    assert not [p for p in wargear_problems(unit, sheet) if p.group == "marque"]
    ops.restore_wargear(army, unit.id, old)
    assert [c.item for c in unit.upgrades] == ["chatiment", "sans-dieu", "lame"]


def test_no_swap_where_nothing_need_give_way_or_nothing_can() -> None:
    sheet = _sorcerer()
    army = _army()
    unit = ops.add_unit(army, sheet, "d1")
    # A relic group with room: taking the chalice breaks nothing, no swap.
    assert upgrades_swapping_in(unit, sheet, "calice") is None
    # Taken already, or an item the datasheet lacks.
    assert upgrades_swapping_in(unit, sheet, "sans-dieu") is None
    assert upgrades_swapping_in(unit, sheet, "inconnu") is None
    # The mark's group empty (the player took Undivided off): taking Khorne is a plain take, no swap.
    ops.set_upgrade(army, unit.id, _catalogue(sheet), "sans-dieu", 0)
    assert upgrades_swapping_in(unit, sheet, "khorne") is None
    with pytest.raises(ops.ListOperationError):
        ops.swap_upgrade(army, unit.id, _catalogue(sheet), "khorne")


def test_a_swap_that_would_still_break_a_limit_is_not_offered() -> None:
    base = _sorcerer()
    # Nurgle's mark closed to this datasheet (max 0): giving Undivided away does not make it legal.
    mark = base.choice_map["marque"].model_copy(update={"item_limits": {"nurgle": WargearLimit(max=0, per="unit")}})
    sheet = base.model_copy(update={"choices": [mark if c.id == "marque" else c for c in base.choices]})
    unit = ops.add_unit(_army(), sheet, "d1")
    assert upgrades_swapping_in(unit, sheet, "nurgle") is None
    assert upgrades_swapping_in(unit, sheet, "khorne") is not None


def _as_version(army: ArmyList, version: int) -> bytes:
    from ost.core import listfile

    document = json.loads(listfile.dumps(army))
    document["schema_version"] = version
    return json.dumps(document).encode()


def test_a_list_written_before_starting_picks_gets_them_and_says_so() -> None:
    from ost.formats.lists.listreader import read_list

    sheet = _sorcerer()
    catalogue = _catalogue(sheet)
    army = _army()
    bare = ops.add_unit(army, sheet, "d1")
    bare.upgrades = []  # as Ost wrote it before version 5
    chose = ops.add_unit(army, sheet, "d1")
    chose.upgrades = set_upgrade_count([], sheet, "khorne", 1)  # a mark chosen then: kept, no Undivided added
    result = read_list(_as_version(army, 4), "old.ost", catalogue)
    first, second = (u for _, u in result.army.units())
    assert [(c.item, c.count) for c in first.upgrades] == [("chatiment", 1), ("sans-dieu", 1), ("lame", 1)]
    assert [c.item for c in second.upgrades] == ["khorne", "chatiment", "lame"]
    notes = result.reading.lines("en")
    assert any("added: Smite, Chaos Undivided, Executioner Relic Blade" in line for line in notes)
    assert any(
        "ajouté : Châtiment, Chaos Indivisible, Lame d'exécuteur relique" in line for line in result.reading.lines("fr")
    )
    # Written by this Ost (version 5), a unit without them left them out on purpose: read as it is.
    current = read_list(_as_version(army, 5), "new.ost", catalogue)
    assert [u.upgrades for _, u in current.army.units()] == [[], second.upgrades[:1]]
