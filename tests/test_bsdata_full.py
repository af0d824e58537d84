"""The importer on the full 9th-edition release (../shared/bsdata-9e-full, or $OST_BSDATA_FULL), when present.

One import for the module: ability texts and saves (issue 17), wargear choices (issue 18), damage tables.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE
from ost.core.catalogue import BandTable, Catalogue, Datasheet
from ost.core.presenter import present
from ost.formats.bsdata import BsImport, read_bsdata

FULL = Path(os.environ.get("OST_BSDATA_FULL", BSDATA_SAMPLE.parent / "bsdata-9e-full"))

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.skipif(not FULL.is_dir(), reason=f"the full BattleScribe release is not present ({FULL})"),
]


@pytest.fixture(scope="module")
def full_release() -> BsImport:
    return read_bsdata([FULL])


def _catalogue(*sheets: Datasheet) -> Catalogue:
    return Catalogue(list(sheets), BandTable(bands=[]))


def test_the_full_release_diseased_terminators_have_their_armour(full_release: BsImport) -> None:
    abilities = [a for s in full_release.datasheets for a in s.abilities]
    assert sum(1 for a in abilities if a.text_en) >= 0.99 * len(abilities)
    blightlords = [s for s in full_release.datasheets if s.name == "Blightlord Terminators"]
    assert blightlords
    for sheet in blightlords:
        armour = next(a for a in sheet.abilities if a.name == "Diseased Terminator Armour")
        assert armour.text_en is not None and "4+ invulnerable save" in armour.text_en
        assert {p.extra["Inv"] for p in sheet.profiles} == {"4+"}
        card = present(sheet, _catalogue(sheet), "fr")
        assert {row.values[-1] for row in card.profiles} == {"4+"}
    with_inv = sum(1 for s in full_release.datasheets if any(p.extra.get("Inv", "-") != "-" for p in s.profiles))
    assert with_inv >= 1300
