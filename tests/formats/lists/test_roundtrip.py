"""A list opened, saved as an ``.ost`` list or a share code and opened again is the same list.

"Nothing is lost": reading what Ost wrote gives back the list it wrote, and the check finds the same on
it. Tried on the real rosters of ../shared/rosters-9e read against the 13-file sample (the full release:
tests/formats/lists/test_real_rosters.py) and on the shipped example lists. The mending of lists of
earlier Osts (:mod:`ost.formats.lists.mending`) must leave such lists alone: the Eliminators' unit-wide
Las Fusil was folded into the Sergeant's own, a Paladin Squad's Sanctic Powers moved onto its Paragon.

A text export read back is not tried: it names units and wargear rather than giving their ids, so it
loses what names cannot say (unit ids, prices the list stated, the choice a pick was taken through,
names a roster gave its models).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, EXAMPLES, NO_SAMPLE, SHARED, item_named, roundtrip_losses, sample_database
from ost.core.catalogue import Catalogue
from ost.core.wargear import doubled_upgrades_folded, unit_wide_pick, upgrades_onto_models
from ost.formats.lists.listreader import read_list_file
from ost.services import open_store

ROSTERS = Path(os.environ.get("OST_ROSTERS_9E", SHARED / "rosters-9e"))


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    if not (BSDATA_SAMPLE.is_dir() and ROSTERS.is_dir()):
        pytest.skip(f"{NO_SAMPLE}, or the real rosters are absent ({ROSTERS})")
    with open_store(sample_database(tmp_path_factory.mktemp("sample") / "catalogue.sqlite")) as store:
        return store.load()


@pytest.mark.bsdata
def test_every_real_roster_comes_back_the_same_on_the_sample(sample: Catalogue) -> None:
    losses = []
    paths = sorted(p for p in ROSTERS.iterdir() if p.suffix in (".ros", ".rosz"))
    assert len(paths) == 16
    for path in paths:
        losses += roundtrip_losses(read_list_file(path, sample).army, sample, path.name)
    assert losses == []


def test_every_example_list_comes_back_the_same(shipped: Catalogue) -> None:
    paths = sorted(EXAMPLES.glob("*/*.ost"))
    assert paths
    losses = []
    for path in paths:
        losses += roundtrip_losses(read_list_file(path, shipped).army, shipped, path.name)
    assert losses == []


@pytest.mark.bsdata
def test_a_unit_wide_pick_stays_the_units_and_a_lone_models_doubled_pick_is_folded(sample: Catalogue) -> None:
    """The Eliminators' "Unit Weapon Options" Las Fusil (bounded over the squad) is the unit's own pick beside
    the Sergeant's: never folded into his. The Captain's "Command Options" (his alone) is mended as before."""
    read = read_list_file(ROSTERS / "imperialfists-150-eliminators.ros", sample)
    squad = next(u for _, u in read.army.units())
    sheet = sample.get(squad.datasheet)
    assert sheet is not None
    fusil = item_named(sheet, "Las Fusil")
    assert unit_wide_pick(sheet, fusil)
    kept = squad.model_copy(deep=True)
    assert doubled_upgrades_folded(kept, sheet) == [] and upgrades_onto_models(kept, sheet) == []
    assert kept == squad and [u.name for u in kept.upgrades] == ["Las Fusil"]
    captains = [s for s in sample.enabled_sheets() if s.name == "Captain"]
    assert captains
    for captain in captains:
        full = sample.get(captain.id)
        assert full is not None
        assert not unit_wide_pick(full, item_named(full, "Chapter Command: Chapter Master"))
