"""What the fuzz campaign found, kept as plain tests (each failed before its fix)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest

from ost.core import listfile
from ost.core.listfile import ListFileError
from ost.formats.bsdata import CAT_NS, BsDataError, read_bsdata

pytestmark = pytest.mark.fuzz

DATA = Path(__file__).resolve().parent.parent / "data" / "bsdata"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "legal" / "orks-1000.ost"


def test_a_number_of_ten_thousand_digits_is_refused_clearly() -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace('"points_limit": 1000', '"points_limit": ' + "9" * 10_000)
    with pytest.raises(ListFileError, match="number is far too long"):
        listfile.parse(text.encode("utf-8"), "big.ost")


def test_a_huge_unknown_key_gives_a_short_message() -> None:
    document = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    document["detachments"][0]["units"][0]["x" * 50_000] = 1
    with pytest.raises(ListFileError) as info:
        listfile.parse(json.dumps(document).encode("utf-8"), "key.ost")
    assert "unknown field" in str(info.value) and len(str(info.value)) < 300


def test_a_huge_duplicate_id_gives_a_short_message() -> None:
    document = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    units = document["detachments"][0]["units"]
    units[0]["id"] = units[1]["id"] = "u" * 50_000
    with pytest.raises(ListFileError, match="duplicate unit id") as info:
        listfile.parse(json.dumps(document).encode("utf-8"), "ids.ost")
    assert len(str(info.value)) < 300


def test_an_entry_with_an_empty_name_is_refused_naming_its_file(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    path = folder / "Testers.cat"
    ElementTree.register_namespace("", CAT_NS[1:-1])
    tree = ElementTree.parse(path)
    for entry in tree.getroot().iter(f"{CAT_NS}selectionEntry"):
        entry.set("name", "")  # neither a name nor an id: nothing to call the datasheet
        entry.set("id", "")
    tree.write(path, encoding="utf-8", xml_declaration=True)
    with pytest.raises(BsDataError, match="cannot become a datasheet") as info:
        read_bsdata([folder])
    assert "Testers.cat" in str(info.value) and len(str(info.value)) < 300


def test_a_huge_foreign_namespace_gives_a_short_message(tmp_path: Path) -> None:
    path = tmp_path / "odd.cat"
    namespace = "http://www.battlescribe.net/" + "x" * 20_000
    path.write_text(f'<catalogue xmlns="{namespace}" id="c" name="C"/>', encoding="utf-8")
    with pytest.raises(BsDataError, match="namespace") as info:
        read_bsdata([path])
    assert len(str(info.value)) < 400


def test_a_share_code_with_a_ten_thousand_digit_version_is_refused_clearly() -> None:
    from ost.core import sharecode

    with pytest.raises(ListFileError, match="another Ost version") as info:
        sharecode.decode("OST" + "9" * 10_000 + "-abc.0000", None, "code")
    assert len(str(info.value)) < 300
    with pytest.raises(ListFileError, match="another Ost version"):
        sharecode.decode("OST2-abc.00000000", None, "code")


def test_links_fanning_out_to_shared_groups_are_walked_once(tmp_path: Path) -> None:
    """A 29 KB catalogue whose groups link on to each other cost 4.9 million calls (0.65 s); work now stays small.

    The catalogue is the campaign's input ``bsdata#5287`` (elements duplicated, namespaces stripped).
    """
    from campaign import counted

    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    shutil.copy(Path(__file__).resolve().parent / "data" / "fanout.Test Allies.cat", folder / "Test Allies.cat")
    result, calls = counted(lambda: read_bsdata([folder]))
    assert result.datasheets
    assert calls < 200_000


def _looping_groups(folder: Path, fan_out: int) -> Path:
    """The test data with a shared group that links to itself ``fan_out`` times, linked from every root entry."""
    shutil.copytree(DATA, folder)
    path = folder / "Testers.cat"
    ElementTree.register_namespace("", CAT_NS[1:-1])
    tree = ElementTree.parse(path)
    root = tree.getroot()
    shared = root.find(f"{CAT_NS}sharedSelectionEntryGroups")
    if shared is None:
        shared = ElementTree.SubElement(root, f"{CAT_NS}sharedSelectionEntryGroups")
    group = ElementTree.SubElement(shared, f"{CAT_NS}selectionEntryGroup", {"id": "loop", "name": "Loop"})
    links = ElementTree.SubElement(group, f"{CAT_NS}entryLinks")
    for index in range(fan_out):
        attributes = {"id": f"l{index}", "name": "Loop", "targetId": "loop", "type": "selectionEntryGroup"}
        ElementTree.SubElement(links, f"{CAT_NS}entryLink", attributes)
    for entry in root.find(f"{CAT_NS}selectionEntries") or []:
        entry_links = entry.find(f"{CAT_NS}entryLinks")
        if entry_links is None:
            entry_links = ElementTree.SubElement(entry, f"{CAT_NS}entryLinks")
        attributes = {"id": "into", "name": "Loop", "targetId": "loop", "type": "selectionEntryGroup"}
        ElementTree.SubElement(entry_links, f"{CAT_NS}entryLink", attributes)
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return folder


def test_groups_that_link_to_themselves_cost_work_linear_in_their_links(tmp_path: Path) -> None:
    """8 self-links cost 3.9 million calls before, 32 would have cost billions; the work now barely grows."""
    from campaign import counted

    _, few = counted(lambda: read_bsdata([_looping_groups(tmp_path / "few", 8)]))
    _, many = counted(lambda: read_bsdata([_looping_groups(tmp_path / "many", 32)]))
    assert few < 300_000 and many < 2 * few


# --- round two (issue 24) ------------------------------------------------------------------------------------------


def test_a_wounds_characteristic_of_4400_digits_is_no_number(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    path = folder / "Testers.cat"
    text = path.read_text(encoding="utf-8")
    changed = re.sub(r'(<characteristic name="W"[^>]*>)\d+', lambda m: m.group(1) + "9" * 4400, text, count=1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    read_bsdata([folder])  # was: ValueError, Python's 4,300-digit limit of int()


def test_a_catalogue_source_with_a_huge_key_gives_a_short_message(tmp_path: Path) -> None:
    from ost.formats.catalog_source import read_bands
    from ost.formats.yamltext import SourceError

    bands = Path(__file__).resolve().parents[2] / "catalog" / "bands.yaml"
    path = tmp_path / "bands.yaml"
    path.write_text(
        bands.read_text(encoding="utf-8").replace("Troupes: 2-4", "Trou" + "p" * 1000 + "es: 2-4", 1), encoding="utf-8"
    )
    with pytest.raises(SourceError, match="unknown role") as info:
        read_bands(path)
    assert len(str(info.value)) < 600
