"""The registry of list formats: one place that tells formats apart, reads, writes and names them."""

from __future__ import annotations

import json

import pytest

from helpers import ListBuilder
from ost.core import listfile
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual
from ost.formats.lists.listreader import LIST_SUFFIXES, detect_format, read_list
from ost.formats.lists.reading import NameMatcher, ReadingReport
from ost.formats.lists.registry import BUILTIN_MODULES, FormatRegistry, ListFormat, builtin_formats, file_filters
from readers_support import reader_catalogue, sample, zipped


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return reader_catalogue()


@pytest.mark.parametrize(
    ("data", "name", "expected"),
    [
        (b"PK\x03\x04rest", "x.txt", "rosz"),
        (b"\xef\xbb\xbf  <roster/>", "x.ost", "ros"),
        (b"\n OST1-abc.DEADBEEF", "x.ost", "share"),
        (b'  {"schema_version": 3}', "x.txt", "ost"),
        (b"not json", "liste.OST", "ost"),
        (b"++ Patrol ++", "x.ros", "text"),
        (b"", "", "text"),
    ],
)
def test_the_content_decides_the_format(data: bytes, name: str, expected: str) -> None:
    assert detect_format(data, name) == expected


def test_every_builtin_format_reads_its_sample(cat: Catalogue) -> None:
    ros = sample("ultramarines.ros")
    samples = {
        "ros": ros,
        "rosz": zipped({"x.ros": ros}),
        "text": sample("battlescribe-export.txt"),
    }
    registry = FormatRegistry()
    for name, data in samples.items():
        fmt = registry.detect(data)
        assert fmt.name == name
        army, report = fmt.read(data, "sample", cat, None)
        assert army.unit_count() > 0 and report.format in (name, "text")


def test_writers_round_trip_through_their_readers(cat: Catalogue) -> None:
    b = ListBuilder(cat, name="Aller-retour")
    b.add("captain", warlord=True)
    b.add("intercessors", models=7)
    registry = FormatRegistry()
    for fmt in registry.writable:
        data = fmt.write(b.army, cat, "fr")
        back = read_list(data, f"x{fmt.suffixes[0] if fmt.suffixes else ''}", cat)
        assert registry.detect(data).name == fmt.name
        units = [(u.datasheet, u.models, u.warlord) for _, u in back.army.units()]
        assert units == [("captain", 1, True), ("intercessors", 7, False)], fmt.name


def test_suffixes_filters_and_writers() -> None:
    registry = FormatRegistry()
    assert LIST_SUFFIXES == registry.read_suffixes == (".rosz", ".ros", ".ost", ".txt")
    assert [f.name for f in registry.writable] == ["share", "ost", "text"]
    assert registry.writer_for("LISTE.OST") is registry.get("ost")
    assert registry.writer_for("liste.txt") is registry.get("text")
    assert registry.writer_for("liste.pdf") is None and registry.writer_for("liste.ros") is None
    assert file_filters("fr") == [
        "Listes d'armée (*.rosz *.ros *.ost *.txt)",
        "Roster BattleScribe compressé (*.rosz)",
        "Roster BattleScribe (*.ros)",
        "Liste Ost (*.ost)",
        "Texte (*.txt)",
        "Tous les fichiers (*)",
    ]
    assert file_filters("en")[0] == "Army lists (*.rosz *.ros *.ost *.txt)"
    assert file_filters("en")[-1] == "All files (*)"


def _read_json_lines(
    data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None
) -> tuple[ArmyList, ReadingReport]:
    """A made-up format: one datasheet id per line after a ``#units`` header."""
    b = ListBuilder(catalogue, name=name)
    for line in data.decode().splitlines()[1:]:
        b.add(line.strip())
    return b.army, ReadingReport(source=name, format="units")


def test_adding_a_format_is_one_declaration(cat: Catalogue) -> None:
    units = ListFormat(
        "units",
        Bilingual(fr="liste d'identifiants", en="list of ids"),
        (".units",),
        lambda head, name: head.startswith(b"#units"),
        _read_json_lines,
        lambda army, catalogue, lang: json.dumps([u.datasheet for _, u in army.units()]).encode(),
        foreign=False,
    )
    registry = FormatRegistry()
    registry.register(units)
    assert [f.name for f in registry] == ["rosz", "ros", "share", "ost", "units", "text"]
    result = read_list(b"#units\ncaptain\nrhino\n", "a.units", cat, registry=registry)
    assert result.reading.format == "units" and result.army.unit_count() == 2
    assert ".units" in registry.read_suffixes and "Liste d'identifiants (*.units)" in registry.file_filters("fr")
    assert registry.writer_for("b.units") is units
    # Without it, the same bytes are pasted text.
    assert detect_format(b"#units\ncaptain\n") == "text"
    with pytest.raises(ValueError, match="already registered"):
        registry.register(units)


def test_the_builtin_formats_are_the_documented_ones() -> None:
    assert [f.name for f in builtin_formats()] == ["rosz", "ros", "share", "ost", "text"]
    assert [f.name for f in builtin_formats() if f.foreign] == ["rosz", "ros", "text"]


def test_each_format_declares_itself_in_its_own_module() -> None:
    """The registry knows no format: each built-in module registers its own, in the documented order."""
    import ast
    import importlib
    import inspect

    from ost.formats.lists import registry as registry_module

    tree = ast.parse(inspect.getsource(registry_module))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    # Only what a table needs: no reader, no format's module.
    assert {m for m in imported if m and m.startswith("ost.")} == {
        "ost.core.armylist",
        "ost.core.catalogue",
        "ost.core.i18n",
        "ost.formats.lists.reading",
    }
    assert FormatRegistry([]).writable == [] and list(FormatRegistry([])) == []
    owners = {}
    for module_name in BUILTIN_MODULES:
        module = importlib.import_module(module_name)
        alone = FormatRegistry([])
        module.register(alone)
        for fmt in alone:
            owners[fmt.name] = module_name
            # The format's facts live in its module: its reader (and writer) are that module's.
            assert fmt.read.__module__ == module_name and (fmt.write is None or fmt.write.__module__ == module_name)
    assert owners == {
        "rosz": "ost.formats.lists.roster.format",
        "ros": "ost.formats.lists.roster.format",
        "share": "ost.formats.lists.sharecode",
        "ost": "ost.formats.lists.ostfile",
        "text": "ost.formats.lists.text.format",
    }


def test_a_format_registered_later_goes_before_the_catch_all(cat: Catalogue) -> None:
    text = FormatRegistry().get("text")
    assert text is not None and text.catch_all
    registry = FormatRegistry([text])  # the catch-all first: what comes after still goes before it
    odd = ListFormat("odd", Bilingual.same("odd"), (".odd",), lambda head, name: head.startswith(b"odd"), text.read)
    registry.register(odd)
    assert [f.name for f in registry] == ["odd", "text"]
    assert registry.detect(b"odd 1x Captain").name == "odd" and registry.detect(b"1x Captain").name == "text"
    assert registry.file_filters("en")[1] == "Odd (*.odd)" and FormatRegistry().get("ost").label("fr") == "liste Ost"


def test_ost_lists_are_read_as_they_are(cat: Catalogue) -> None:
    b = ListBuilder(cat, name="Telle quelle")
    b.add("captain")
    result = read_list(listfile.dumps(b.army).encode(), "x.ost", cat)
    assert result.army == b.army and result.reading.format == "ost" and not result.reading.warnings


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_open_dialog_takes_its_filters_from_the_table(
    qtbot, mini: Catalogue, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog

    from ost.gui.main_window import MainWindow

    asked: list[str] = []

    def answer(parent: object, title: str, folder: str, filters: str) -> tuple[str, str]:
        asked.append(filters)
        return "", ""  # cancelled

    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    window = MainWindow(mini, lang=lang)
    qtbot.addWidget(window)
    window.documents.open_dialog()
    assert asked == [";;".join(file_filters(lang))]
    every = "Listes d'armée" if lang == "fr" else "Army lists"
    assert asked[0].split(";;")[0] == f"{every} (*.rosz *.ros *.ost *.txt)"
