"""The example lists of examples/: legal ones are legal, each illegal one breaks its rule."""

from __future__ import annotations

import pytest

from helpers import EXAMPLES
from ost.core import listfile
from ost.core.catalogue import Catalogue
from ost.core.findings import Code
from ost.core.validator import validate

ALSO_EXPECTED = {Code.TRANSPORT_UNVERIFIED.value: {Code.UNIT_UNKNOWN.value}}
#: Codes whose example list is being written with their rule (issue 9/10/11 work in progress).
PENDING: set[str] = set()  # codes whose example list comes with their rule


def test_a_legal_list_in_every_band(shipped: Catalogue) -> None:
    bands = set()
    for path in sorted((EXAMPLES / "legal").glob("*.ost")):
        report = validate(shipped, listfile.load(path))
        assert report.legal and not report.findings, (path.name, [f.message.fr for f in report.findings])
        bands.add(report.band)
    assert bands == {b.label for b in shipped.bands.bands}


@pytest.mark.parametrize("code", [c.value for c in Code])
def test_an_illegal_list_per_code(shipped: Catalogue, code: str) -> None:
    if code in PENDING:
        pytest.skip("example list comes with the rule")
    army = listfile.load(EXAMPLES / "illegal" / f"{code}.ost")
    report = validate(shipped, army)
    assert {f.code.value for f in report.findings} == {code} | ALSO_EXPECTED.get(code, set())
    assert army.notes  # each example says what it breaks
