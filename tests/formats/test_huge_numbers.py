"""Huge and extreme numbers: every reader bounds them (``ost.core.limits``) and says so in a sentence.

A list with 10^300 models, a points limit of 2^31, a roster whose ``number``
is 10^300, a paste of "9999x Boyz", a catalogue integer of 20 or 4,400
digits: each is refused naming the file, the field and the bound, never
accepted (and printed as a 300-digit number) nor a crash. Numbers at the
bound are still read.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from helpers import ROOT
from ost.core import listfile, sharecode
from ost.core.catalogue import Catalogue
from ost.core.limits import MAX_MODELS, MAX_POINTS, over_bound, shown_number
from ost.core.listfile import ListFileError
from ost.formats.catalog_source import read_catalogue
from ost.formats.lists.listreader import read_list
from ost.formats.lists.roster import read_roster
from ost.formats.lists.text import read_text
from ost.formats.yamltext import SourceError
from readers_support import reader_catalogue

EXAMPLE = ROOT / "examples" / "legal" / "orks-1000.ost"
#: The real rosters (not ours to ship): ../shared/rosters-9e beside the repository, or $OST_ROSTERS.
ROSTERS = Path(os.environ.get("OST_ROSTERS", "") or next(
    (p for p in (ROOT.parent / "shared" / "rosters-9e", Path("/work/shared/rosters-9e")) if p.is_dir()),
    ROOT.parent / "shared" / "rosters-9e",
))  # fmt: skip
ORKS_ROSTER = ROOT / "tests" / "data" / "readers" / "orks-waaagh.ros"


def _document() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def _boyz(document: dict) -> dict:
    return next(u for d in document["detachments"] for u in d["units"] if u["datasheet"] == "ork-boyz")


def test_shown_number_never_prints_a_huge_number_in_full() -> None:
    assert shown_number(2**31) == "2147483648"
    assert shown_number(10**300) == "~10^300"
    assert shown_number(10**5000) == "~10^5000"  # more digits than str() would even convert
    assert shown_number(-(10**20)) == "-~10^20"


def test_over_bound_names_the_value_and_the_bound_in_both_languages() -> None:
    assert over_bound(MAX_MODELS, "models") is None
    problem = over_bound(10**300, "models")
    assert problem is not None
    assert problem("en") == "~10^300 models: more than the 1000 Ost accepts"
    assert problem("fr") == "~10^300 figurines : plus que les 1000 qu'Ost accepte"


@pytest.mark.parametrize(
    ("change", "where", "shown"),
    [
        (lambda d: _boyz(d).__setitem__("models", 10**300), "units[1].models", "~10^300"),
        (lambda d: _boyz(d).__setitem__("models", 2**31), "units[1].models", "2147483648"),
        (lambda d: d.__setitem__("points_limit", 2**31), "points_limit", "2147483648"),
        (lambda d: d.__setitem__("stated_total", 10**20), "stated_total", "~10^20"),
        (lambda d: _boyz(d).__setitem__("stated_points", MAX_POINTS + 1), "stated_points", "100001"),
        (lambda d: _boyz(d)["options"].__setitem__("x", 10**30), "options.x", "~10^30"),
        (  # a unit in reserve is bounded like any other
            lambda d: _boyz(d).update(reserve=True, models=10**300),
            "units[1].models",
            "~10^300",
        ),
    ],
)
def test_a_list_file_with_a_number_past_its_bound_is_refused_naming_field_and_bound(
    change: object, where: str, shown: str
) -> None:
    document = _document()
    change(document)  # type: ignore[operator]
    with pytest.raises(ListFileError) as info:
        listfile.parse(json.dumps(document).encode("utf-8"), "big.ost")
    message = str(info.value)
    assert message.startswith("big.ost: ") and where in message and shown in message
    assert "the most Ost accepts here" in message and len(message) < 200
    assert "le plus qu'Ost accepte ici" in info.value.reason("fr")


def test_a_list_at_the_bounds_still_reads() -> None:
    document = _document()
    _boyz(document)["models"] = MAX_MODELS
    document["points_limit"] = MAX_POINTS
    army = listfile.parse(json.dumps(document).encode("utf-8"), "edge.ost")
    assert army.points_limit == MAX_POINTS


def test_a_share_code_with_10_to_the_300_models_is_refused_with_the_field(shipped: Catalogue) -> None:
    army = listfile.load(EXAMPLE)
    next(u for _, u in army.units() if u.datasheet == "ork-boyz").models = 10**300
    code = sharecode.encode(army, shipped)  # the writer does not check; the reader must
    with pytest.raises(ListFileError) as info:
        sharecode.decode(code, shipped, "code")
    assert "models: ~10^300 is more than 1000" in str(info.value)
    assert "dépasse 1000" in info.value.reason("fr")


def _huge_roster(text: str, number: str) -> bytes:
    """The roster with the ``number`` of its first model selection replaced."""

    def swap(tag: re.Match[str]) -> str:
        return re.sub(r'number="[^"]*"', f'number="{number}"', tag.group(0), count=1)

    return re.sub(r'<selection\b[^>]*type="model"[^>]*>', swap, text, count=1).encode("utf-8")


@pytest.mark.parametrize("number", ["1" + "0" * 300, "1e300", "inf"])
def test_a_roster_with_a_number_of_300_digits_is_refused(number: str) -> None:
    data = _huge_roster(ORKS_ROSTER.read_text(encoding="utf-8"), number)
    with pytest.raises(ListFileError) as info:
        read_roster(data, reader_catalogue(), "huge.ros")
    assert "beyond anything Ost reads in a roster" in str(info.value) and len(str(info.value)) < 200
    assert "dépasse tout ce qu'Ost lit" in info.value.reason("fr")


def test_a_roster_unit_of_5000_models_is_refused_naming_the_unit() -> None:
    text = ORKS_ROSTER.read_text(encoding="utf-8").replace('entryId="boy" number="17"', 'entryId="boy" number="5000"')
    with pytest.raises(ListFileError) as info:
        read_roster(text.encode("utf-8"), reader_catalogue(), "big.ros")
    assert str(info.value) == "big.ros: Boyz: 5003 models: more than the 1000 Ost accepts"
    assert info.value.reason("fr") == "Boyz: 5003 figurines : plus que les 1000 qu'Ost accepte"


@pytest.mark.bsdata
@pytest.mark.skipif(not ROSTERS.is_dir(), reason="needs /work/shared/rosters-9e")
def test_a_real_roster_with_a_huge_number_is_refused_and_the_original_reads(shipped: Catalogue) -> None:
    path = ROSTERS / "tyranids-1300-monsters.ros"
    original = path.read_bytes()
    read_list(original, path.name, shipped)  # the real file reads
    data = _huge_roster(original.decode("utf-8"), "1" + "0" * 300)
    assert data != original
    with pytest.raises(ListFileError, match="beyond anything Ost reads in a roster"):
        read_list(data, path.name, shipped)


@pytest.mark.parametrize(
    ("text", "expected_en", "expected_fr"),
    [
        ("Orks\n\n9999x Boyz\n", "“9999x Boyz”: 9999 models: more than the 1000 Ost accepts", "9999 figurines"),
        (
            "Orks\nLimite : 2147483648 points\nBoyz\n",
            "“Limite : 2147483648 points”: a number of 10 digits, beyond anything Ost reads",
            "un nombre de 10 chiffres",
        ),
    ],
)
def test_pasted_text_with_a_huge_count_or_limit_is_refused_with_its_line(
    text: str, expected_en: str, expected_fr: str
) -> None:
    with pytest.raises(ListFileError) as info:
        read_text(text, reader_catalogue(), "collé.txt")
    assert str(info.value) == f"collé.txt: {expected_en}"
    assert expected_fr in info.value.reason("fr")


def test_pasted_text_of_fourteen_digits_is_not_read_as_a_count() -> None:
    with pytest.raises(ListFileError, match="no army list found"):
        read_text("99999999999999x Boyz\n", reader_catalogue(), "collé.txt")


def test_pasted_text_at_the_bound_still_reads() -> None:
    army, _ = read_text("Orks\n\n1000x Boyz\n", reader_catalogue(), "collé.txt")
    assert [u.models for _, u in army.units()] == [1000]


@pytest.mark.parametrize("digits", [20, 4400])
def test_a_catalogue_integer_of_many_digits_is_refused_with_file_line_and_field(tmp_path: Path, digits: int) -> None:
    folder = tmp_path / "catalog"
    shutil.copytree(ROOT / "catalog", folder)
    path = folder / "factions" / "orks.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"points: \d+", "points: " + "9" * digits, text, count=1), encoding="utf-8")
    with pytest.raises(SourceError) as info:
        read_catalogue(folder)
    message = str(info.value)
    assert "orks.yaml" in message and "field points" in message and f"a number of {digits} digits" in message
    assert len(message) < 300


def test_a_catalogue_price_past_the_bound_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "catalog"
    shutil.copytree(ROOT / "catalog", folder)
    path = folder / "factions" / "orks.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"points: \d+", "points: 9999999", text, count=1), encoding="utf-8")
    with pytest.raises(SourceError, match="less than or equal to 100000"):
        read_catalogue(folder)
