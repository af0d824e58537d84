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

from helpers import BSDATA_SAMPLE, EXAMPLES, NO_SAMPLE, SHARED, roundtrip_losses, sample_database
from ost.core.catalogue import Catalogue
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
