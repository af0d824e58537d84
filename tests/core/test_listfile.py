"""The .ost list file: round trip, clear errors, migrations, atomic saving."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers import ROOT, ListBuilder
from ost.core import listfile
from ost.core.armylist import SCHEMA_VERSION, ArmyList
from ost.core.catalogue import Catalogue
from ost.core.listfile import ListFileError


def sample(mini: Catalogue) -> ArmyList:
    b = ListBuilder(mini, 1000, name="Ultramarines — 1000 pts")
    b.add("captain", warlord=True, custom_name="Capitaine Titus")
    b.add("intercessors", models=7, reserve=True)
    tactical = b.add("tactical", options={"flamer": 1}, notes="Sergent à l'épée")
    rhino = b.add("rhino")
    b.unit(tactical).transport = rhino
    b.add("lieutenant", linked_to=tactical)
    return b.army


def test_round_trip(tmp_path: Path, mini: Catalogue) -> None:
    army = sample(mini)
    path = tmp_path / "liste.ost"
    listfile.save(army, path)
    loaded = listfile.load(path)
    assert loaded == army
    text = path.read_text(encoding="utf-8")
    assert "Capitaine Titus" in text  # UTF-8, not escaped
    assert json.loads(text)["schema_version"] == SCHEMA_VERSION


def test_save_replaces_atomically_and_leaves_no_temp(tmp_path: Path, mini: Catalogue) -> None:
    path = tmp_path / "liste.ost"
    listfile.save(sample(mini), path)
    army = sample(mini)
    army.name = "Nouveau nom"
    listfile.save(army, path)
    assert listfile.load(path).name == "Nouveau nom"
    assert sorted(os.listdir(tmp_path)) == ["liste.ost"]


def test_crash_while_saving_keeps_the_old_file(
    tmp_path: Path, mini: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "liste.ost"
    listfile.save(sample(mini), path)
    before = path.read_bytes()

    def boom(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    army = sample(mini)
    army.name = "jamais écrit"
    with pytest.raises(OSError, match="disk full"):
        listfile.save(army, path)
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["liste.ost"]


@pytest.mark.parametrize(
    ("content", "where", "message"),
    [
        (b"{not json", None, "not JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
        (b"\xff\xfe\x00garbage", None, "not UTF-8 text"),
        (b"[1, 2]", None, "expected a JSON object, got list"),
        (b'{"name": "x"}', "schema_version", "expected an integer schema version"),
        (b'{"schema_version": 99}', "schema_version", "schema version 99 is newer than this Ost understands"),
        (b'{"schema_version": 0}', "schema_version", "unknown schema version 0"),
        (b'{"schema_version": 1, "points_limit": "beaucoup"}', "points_limit", "valid integer"),
        (
            b'{"schema_version": 1, "detachments": [{"id": "d1", "units": [{"id": "u1"}]}]}',
            "detachments[0].units[0].datasheet",
            "this field is required",
        ),
        (b'{"schema_version": 1, "colour": "red"}', "colour", "unknown field"),
        (b"[" * 100000, None, "nesting is too deep"),
    ],
)
def test_unreadable_files_get_a_clear_message(tmp_path: Path, content: bytes, where: str | None, message: str) -> None:
    path = tmp_path / "bad.ost"
    path.write_bytes(content)
    with pytest.raises(ListFileError) as info:
        listfile.load(path)
    assert info.value.where == where
    assert message in str(info.value)
    assert str(info.value).startswith(str(path))
    assert path.read_bytes() == content  # never altered


def _doc(mini: Catalogue) -> dict[str, object]:
    return json.loads(listfile.dumps(sample(mini)))


def test_reference_to_unknown_unit(tmp_path: Path, mini: Catalogue) -> None:
    doc = _doc(mini)
    doc["detachments"][0]["units"][2]["transport"] = "u99"  # type: ignore[index]
    path = tmp_path / "l.ost"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ListFileError) as info:
        listfile.load(path)
    assert info.value.where == "detachments[0].units[2].transport"
    assert "refers to unit 'u99', which is not in the list" in str(info.value)


def test_duplicate_unit_id(tmp_path: Path, mini: Catalogue) -> None:
    doc = _doc(mini)
    doc["detachments"][0]["units"][1]["id"] = "u1"  # type: ignore[index]
    path = tmp_path / "l.ost"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ListFileError, match="duplicate unit id 'u1'"):
        listfile.load(path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(ListFileError, match="no such file"):
        listfile.load(tmp_path / "absent.ost")
    with pytest.raises(ListFileError, match="is a folder"):
        listfile.load(tmp_path)


def test_too_large(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listfile, "MAX_LIST_BYTES", 100)
    path = tmp_path / "big.ost"
    path.write_bytes(b" " * 200)
    with pytest.raises(ListFileError, match="larger than"):
        listfile.load(path)


def test_migration_chain_is_applied(monkeypatch: pytest.MonkeyPatch, mini: Catalogue) -> None:
    """A document of an older version goes through every migration in order."""
    calls: list[int] = []

    def step(n: int):  # type: ignore[no-untyped-def]
        def migrate(doc: dict[str, object]) -> dict[str, object]:
            calls.append(n)
            return doc

        return migrate

    monkeypatch.setattr("ost.core.armylist.SCHEMA_VERSION", 3)
    monkeypatch.setattr(listfile, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(listfile, "MIGRATIONS", {1: step(1), 2: step(2)})
    doc = {"schema_version": 1, "name": "ancienne"}
    migrated = listfile.migrate(doc)
    assert calls == [1, 2]
    assert migrated["schema_version"] == 3


def test_every_older_version_has_a_migration() -> None:
    assert set(listfile.MIGRATIONS) == set(range(1, SCHEMA_VERSION))


def test_published_json_schema_is_current() -> None:
    published = json.loads((ROOT / "docs" / "ost-list.schema.json").read_text(encoding="utf-8"))
    assert published == listfile.json_schema()


def test_version_1_file_opens_and_checks_the_same(shipped: Catalogue) -> None:
    from ost.core.validator import validate

    old = ROOT / "tests" / "data" / "lists" / "space-marines-2000.v1.ost"
    before = old.read_bytes()
    army = listfile.load(old)
    assert army.schema_version == SCHEMA_VERSION
    assert all(u.snapshot.identity is None for _, u in army.units())  # version 1 had none
    current = listfile.load(ROOT / "examples" / "legal" / "space-marines-2000.ost")
    assert [u.datasheet for _, u in army.units()] == [u.datasheet for _, u in current.units()]
    assert validate(shipped, army).legal
    assert old.read_bytes() == before  # reading never rewrites a file
