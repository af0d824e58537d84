"""Property-based tests: random lists and random bytes never break the validator or the reader."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import mini_catalogue
from ost.core import listfile
from ost.core.armylist import ArmyList, Detachment, Unit, UnitSnapshot, snapshot_of
from ost.core.catalogue import Catalogue
from ost.core.findings import Code, Severity
from ost.core.roles import Role
from ost.core.validator import validate

MINI = mini_catalogue()
SHEET_IDS = [s.id for s in MINI]
# 60 examples per property by default; HYPOTHESIS_PROFILE=thorough in conftest.py runs 1,000.
PROFILE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def units(draw: st.DrawFn, unit_id: str) -> Unit:
    sheet_id = draw(st.sampled_from([*SHEET_IDS, "unknown-sheet"]))
    sheet = MINI.get(sheet_id)
    snapshot = (
        snapshot_of(sheet)
        if sheet
        else UnitSnapshot(name="Inconnue", role=draw(st.sampled_from(list(Role))), points=draw(st.integers(0, 500)))
    )
    low = sheet.min_models if sheet else 1
    high = sheet.max_models if sheet else 10
    return Unit(
        id=unit_id,
        datasheet=sheet_id,
        snapshot=snapshot,
        models=draw(st.one_of(st.integers(low, high), st.integers(0, 40))),
        options=draw(st.dictionaries(st.sampled_from(["flamer", "nope"]), st.integers(0, 5), max_size=2)),
        placeholders=draw(
            st.one_of(
                st.just({"<CHAPITRE>": "ULTRAMARINES", "<CLAN>": "GOFFS"}),
                st.just({}),
                st.dictionaries(st.sampled_from(["<CHAPITRE>", "<CLAN>"]), st.text(max_size=8), max_size=2),
            )
        ),
        warlord=draw(st.booleans()),
        reserve=draw(st.booleans()),
    )


@st.composite
def army_lists(draw: st.DrawFn) -> ArmyList:
    detachment_count = draw(st.integers(0, 4))
    detachments = []
    counter = 0
    for d in range(detachment_count):
        members = []
        for _ in range(draw(st.integers(0, 8))):
            counter += 1
            members.append(draw(units(f"u{counter}")))
        detachments.append(Detachment(id=f"d{d + 1}", name=draw(st.text(max_size=6)), units=members))
    army = ArmyList(
        name=draw(st.text(max_size=10)),
        points_limit=draw(st.one_of(st.none(), st.integers(0, 6000))),
        detachments=detachments,
    )
    ids = [u.id for _, u in army.units()]
    if ids:
        for _, unit in army.units():
            if draw(st.booleans()):
                unit.transport = draw(st.sampled_from(ids))
            if draw(st.integers(0, 3)) == 0:
                unit.linked_to = draw(st.sampled_from(ids))
    return army


@PROFILE
@given(army_lists())
def test_validator_never_crashes_and_is_consistent(army: ArmyList) -> None:
    report = validate(MINI, army)
    assert report.legal == (not any(f.severity is Severity.ERROR for f in report.findings))
    assert report.total_points >= 0
    ids = {u.id for _, u in army.units()}
    for item in report.findings:
        assert set(item.units) <= ids
        assert item.message.fr and item.message.en
    assert validate(MINI, army) == report  # deterministic


@PROFILE
@given(army_lists(), st.sampled_from(SHEET_IDS), st.data())
def test_adding_a_unit_never_removes_role_max(army: ArmyList, sheet_id: str, data: st.DataObject) -> None:
    if army.points_limit is None or not army.detachments:
        army.points_limit = 1500
    before = validate(MINI, army)
    role_max_before = {f.units for f in before.findings if f.code is Code.ROLE_MAX}
    sheet = MINI.get(sheet_id)
    assert sheet is not None
    detachment = data.draw(st.sampled_from(army.detachments)) if army.detachments else None
    if detachment is None:
        detachment = Detachment(id="dx")
        army.detachments.append(detachment)
    detachment.units.append(
        Unit(id="new-unit", datasheet=sheet_id, snapshot=snapshot_of(sheet), models=sheet.min_models)
    )
    after = validate(MINI, army)
    roles_after = {
        role for role in Role for f in after.findings if f.code is Code.ROLE_MAX and role.label_fr in f.message.fr
    }
    roles_before = {
        role for role in Role for f in before.findings if f.code is Code.ROLE_MAX and role.label_fr in f.message.fr
    }
    assert roles_before <= roles_after
    assert len(role_max_before) <= sum(f.code is Code.ROLE_MAX for f in after.findings)
    assert after.total_points >= before.total_points


@PROFILE
@given(army_lists())
def test_unit_order_does_not_change_the_verdict(army: ArmyList) -> None:
    before = validate(MINI, army)
    for detachment in army.detachments:
        detachment.units.reverse()
    after = validate(MINI, army)
    assert sorted(f.code.value for f in before.findings) == sorted(f.code.value for f in after.findings)
    assert before.legal == after.legal


@PROFILE
@given(army_lists())
def test_list_file_round_trip(army: ArmyList) -> None:
    assert listfile.parse(listfile.dumps(army)) == army


@PROFILE
@given(st.binary(max_size=2000))
def test_reader_refuses_random_bytes_cleanly(data: bytes) -> None:
    try:
        listfile.parse(data, "random.ost")
    except listfile.ListFileError as exc:
        message = str(exc)
    else:
        return
    assert message.startswith("random.ost: ")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5000) | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=30,
)


@PROFILE
@given(army_lists(), st.data())
def test_reader_refuses_mutated_lists_cleanly(army: ArmyList, data: st.DataObject) -> None:
    """A real list with one value replaced by junk: read or refused, never a crash."""
    document: Any = json.loads(listfile.dumps(army))
    node = document
    for _ in range(data.draw(st.integers(0, 4))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
            if not isinstance(node[key], dict | list) or not node[key]:
                break
            node = node[key]
        elif isinstance(node, list) and node:
            index = data.draw(st.integers(0, len(node) - 1))
            if not isinstance(node[index], dict | list) or not node[index]:
                break
            node = node[index]
    if isinstance(node, dict) and node:
        node[data.draw(st.sampled_from(sorted(node)))] = data.draw(json_values)
    elif isinstance(node, list) and node:
        node[0] = data.draw(json_values)
    try:
        parsed = listfile.parse(json.dumps(document))
    except listfile.ListFileError:
        return
    validate(MINI, parsed)


def test_catalogue_helper_is_the_test_one() -> None:
    assert isinstance(MINI, Catalogue) and len(MINI) > 20
