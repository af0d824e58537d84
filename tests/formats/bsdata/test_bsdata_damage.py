"""Damage tables (issue 18): MAC HAMMER 40K prints none, so a model's "*" is the top row of its table.

On the fixture (tests/data/bsdata-damage, one structure of the real data per entry); the sample
is in test_bsdata_wargear.py, the full release in test_bsdata_full.py.
"""

from __future__ import annotations

import pytest

from helpers import TEST_DATA
from ost.core.catalogue import ModelProfile
from ost.formats.bsdata import BsImport, read_bsdata

SYSTEM = TEST_DATA / "bsdata" / "Test System.gst"
WRECKAGE = TEST_DATA / "bsdata-damage" / "Damage.cat"


@pytest.fixture(scope="module")
def wreckage() -> BsImport:
    return read_bsdata([SYSTEM, WRECKAGE])


def _profiles(result: BsImport, entry: str) -> list[ModelProfile]:
    found = [s for s in result.datasheets if s.id == f"bs-wreckage-{entry}"]
    assert len(found) == 1, entry
    return found[0].profiles


def _stats(profile: ModelProfile) -> tuple[str, ...]:
    return (profile.m, profile.ws, profile.bs, profile.a)


def test_numbered_columns_without_a_header_stand_for_the_stars_in_order(wreckage: BsImport) -> None:
    # "Characteristic 1..3" of the row for the most wounds -> M, BS, A (the profile's "*").
    assert [_stats(p) for p in _profiles(wreckage, "d-hauler")] == [('11"', "6+", "3+", "4")]


def test_a_header_row_names_the_numbered_columns(wreckage: BsImport) -> None:
    assert [_stats(p) for p in _profiles(wreckage, "d-walker")] == [('9"', "3+", "3+", "5")]


def test_a_table_of_the_catalogue_s_own_type_with_remaining_wounds(wreckage: BsImport) -> None:
    # Only A is "*": the "Attacks" column of the top row; "Banners" has no place on a profile.
    assert [_stats(p) for p in _profiles(wreckage, "d-lumberer")] == [('5"', "3+", "3+", "8")]


def test_brackets_written_as_profiles_fill_the_stars_and_are_no_models(wreckage: BsImport) -> None:
    profiles = _profiles(wreckage, "d-skiff")
    assert [p.name for p in profiles] == ["Skiff"]
    assert _stats(profiles[0]) == ('13"', "6+", "2+", "4")


def test_a_table_under_a_model_nested_in_an_upgrade(wreckage: BsImport) -> None:
    # The model is linked from the unit's platform; its table is a shared "Stat Damage" entry it links.
    assert [_stats(p) for p in _profiles(wreckage, "d-battery")] == [('8"', "6+", "4+", "3")]


def test_too_few_numbered_columns_leave_the_stars(wreckage: BsImport) -> None:
    # Two unnamed columns for three "*": which is which is unknown, so nothing is guessed.
    assert [_stats(p) for p in _profiles(wreckage, "d-odd")] == [("*", "6+", "*", "*")]
