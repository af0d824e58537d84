"""A small catalogue written for the tests, and a builder of army lists."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ost.core.armylist import ArmyList, Detachment, Unit, snapshot_of
from ost.core.catalogue import (
    AbilityRef,
    BandTable,
    Catalogue,
    CatalogueSource,
    Datasheet,
    Faction,
    SpaceRule,
    TransportCapacity,
)
from ost.core.resources import shipped_catalogue_dir
from ost.core.roles import Role, UnitType
from ost.formats.catalog_source import read_bands, read_glossary

if TYPE_CHECKING:
    from ost.core.findings import Code, Finding
    from ost.formats.bsdata import BsImport
    from ost.gui.main_window import MainWindow

#: The places tests read from, whatever folder of tests/ they sit in.
TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
TEST_DATA = TESTS / "data"
EXAMPLES = ROOT / "examples"
#: The real data beside the repository (not ours to ship): ../shared.
SHARED = ROOT.parent / "shared"

#: The BattleScribe 9th-edition sample (not ours to ship): ../shared/bsdata-9e, or $OST_BSDATA_SAMPLE.
BSDATA_SAMPLE = Path(os.environ.get("OST_BSDATA_SAMPLE", SHARED / "bsdata-9e"))
#: The full 9th-edition release, beside the sample (or $OST_BSDATA_FULL); tests that need it skip without it.
BSDATA_FULL = Path(os.environ.get("OST_BSDATA_FULL", BSDATA_SAMPLE.parent / "bsdata-9e-full"))

#: More datasheets than the shipped catalogue's 109 hold: what :func:`sample_database` gives, the sample's 700-odd
#: or, without it, the test files' few more.
MANY_SHEETS = 500 if BSDATA_SAMPLE.is_dir() else 115

NO_SAMPLE = f"the BattleScribe sample is not present ({BSDATA_SAMPLE}; set OST_BSDATA_SAMPLE)"

SM = ["IMPERIUM", "ADEPTUS ASTARTES", "<CHAPITRE>"]
ORK = ["ORKS", "<CLAN>"]
LINKED = [AbilityRef(name="Personnage Lié")]


def _sheet(id: str, name: str, role: Role, **kw: Any) -> Datasheet:
    kw.setdefault("faction", "orks" if id.startswith("ork") else "sm")
    kw.setdefault("faction_keywords", ORK if id.startswith("ork") else SM)
    return Datasheet.model_validate({"id": id, "name": name, "role": role, **kw})


def mini_sheets() -> list[Datasheet]:
    walker = UnitType.WALKER
    return [
        _sheet(
            "captain", "Capitaine", Role.HQ, points=80, wounds=5, keywords=["INFANTERIE", "PERSONNAGE", "CAPITAINE"]
        ),
        _sheet(
            "lieutenant",
            "Lieutenant",
            Role.HQ,
            points=60,
            wounds=4,
            abilities=LINKED,
            keywords=["INFANTERIE", "PERSONNAGE", "LIEUTENANT"],
        ),
        _sheet(
            "librarian", "Archiviste", Role.HQ, points=90, wounds=4, keywords=["INFANTERIE", "PERSONNAGE", "ARCHIVISTE"]
        ),
        _sheet(
            "chaplain", "Chapelain", Role.HQ, points=70, wounds=4, keywords=["INFANTERIE", "PERSONNAGE", "CHAPELAIN"]
        ),
        _sheet(
            "bike-captain",
            "Capitaine Motard",
            Role.HQ,
            points=100,
            wounds=6,
            abilities=LINKED,
            unit_type=UnitType.BIKE,
            unit_class=2,
            keywords=["MOTARD", "PERSONNAGE", "CAPITAINE MOTARD"],
        ),
        _sheet(
            "dread-champion",
            "Champion Dreadnought",
            Role.HQ,
            points=150,
            wounds=8,
            abilities=LINKED,
            unit_type=walker,
            unit_class=3,
            keywords=["MARCHEUR", "PERSONNAGE", "CHAMPION DREADNOUGHT"],
        ),
        _sheet(
            "ancient",
            "Ancien",
            Role.HQ,
            points=70,
            wounds=4,
            abilities=LINKED,
            keywords=["INFANTERIE", "PERSONNAGE", "ANCIEN"],
        ),
        _sheet(
            "command-squad",
            "Escouade de Commandement",
            Role.HQ,
            min_models=3,
            max_models=5,
            points=90,
            wounds=2,
            keywords=["INFANTERIE", "COMMANDEMENT"],
        ),
        _sheet(
            "apothecary",
            "Apothicaire",
            Role.ELITES,
            points=60,
            wounds=4,
            abilities=LINKED,
            keywords=["INFANTERIE", "PERSONNAGE", "APOTHICAIRE"],
        ),
        _sheet(
            "honour-guard",
            "Garde d'Honneur",
            Role.ELITES,
            min_models=2,
            max_models=4,
            points=60,
            faction_keywords=["<CHAPITRE>"],
            keywords=["INFANTERIE", "GARDE D'HONNEUR"],
        ),
        _sheet(
            "intercessors",
            "Intercessors",
            Role.TROOPS,
            min_models=5,
            max_models=10,
            points=100,
            points_per_model=20,
            wounds=2,
            keywords=["INFANTERIE", "PRIMARIS", "INTERCESSORS"],
        ),
        _sheet(
            "tactical",
            "Escouade Tactique",
            Role.TROOPS,
            min_models=5,
            max_models=10,
            points=90,
            points_per_model=18,
            keywords=["INFANTERIE", "TACTIQUE"],
            options=[{"id": "flamer", "name": "Lance-flammes", "points": 5, "per_model": True, "max": 2}],
        ),
        _sheet(
            "tactical-vets",
            "Vétérans Tactiques",
            Role.TROOPS,
            min_models=5,
            max_models=10,
            points=110,
            keywords=["INFANTERIE", "VÉTÉRANS", "TACTIQUE"],
        ),
        _sheet(
            "scouts", "Scouts", Role.TROOPS, min_models=5, max_models=10, points=70, keywords=["INFANTERIE", "SCOUTS"]
        ),
        _sheet(
            "terminators",
            "Terminators",
            Role.ELITES,
            min_models=5,
            max_models=10,
            points=200,
            points_per_model=40,
            wounds=3,
            keywords=["INFANTERIE", "TERMINATOR", "TERMINATORS"],
        ),
        _sheet(
            "dreadnought",
            "Dreadnought",
            Role.ELITES,
            points=130,
            wounds=8,
            unit_type=walker,
            unit_class=3,
            keywords=["MARCHEUR", "DREADNOUGHT"],
        ),
        _sheet(
            "bikers",
            "Motards",
            Role.FAST_ATTACK,
            min_models=3,
            max_models=6,
            points=90,
            points_per_model=30,
            wounds=2,
            unit_type=UnitType.BIKE,
            unit_class=2,
            keywords=["MOTARD", "MOTARDS"],
        ),
        _sheet(
            "riders",
            "Chevaliers",
            Role.FAST_ATTACK,
            min_models=3,
            max_models=6,
            points=100,
            wounds=3,
            unit_type=UnitType.CAVALRY,
            unit_class=2,
            keywords=["CAVALERIE", "CHEVALIERS"],
        ),
        _sheet(
            "predator",
            "Predator",
            Role.HEAVY_SUPPORT,
            points=130,
            wounds=11,
            unit_type=UnitType.VEHICLE,
            unit_class=3,
            keywords=["VÉHICULE", "PREDATOR"],
        ),
        _sheet(
            "land-raider",
            "Land Raider",
            Role.HEAVY_SUPPORT,
            points=280,
            wounds=16,
            unit_type=UnitType.VEHICLE,
            unit_class=4,
            keywords=["VÉHICULE", "TRANSPORT", "LAND RAIDER"],
            transport=TransportCapacity(capacity=10, space=[SpaceRule(keywords=["TERMINATOR"], space=2)]),
        ),
        _sheet(
            "rhino",
            "Rhino",
            Role.DEDICATED_TRANSPORT,
            points=75,
            wounds=10,
            unit_type=UnitType.VEHICLE,
            unit_class=3,
            keywords=["VÉHICULE", "TRANSPORT", "RHINO"],
            transport=TransportCapacity(capacity=10, forbidden=["TERMINATOR", "PRIMARIS"]),
        ),
        _sheet(
            "razorback",
            "Razorback",
            Role.DEDICATED_TRANSPORT,
            points=90,
            wounds=10,
            unit_type=UnitType.VEHICLE,
            unit_class=3,
            keywords=["VÉHICULE", "TRANSPORT", "RAZORBACK"],
            transport=TransportCapacity(capacity=6),
        ),
        _sheet(
            "pod",
            "Module",
            Role.DEDICATED_TRANSPORT,
            points=60,
            wounds=8,
            never_holds_objectives=True,
            unit_type=UnitType.VEHICLE,
            unit_class=3,
            keywords=["VÉHICULE", "TRANSPORT", "MODULE"],
            transport=TransportCapacity(capacity=5),
        ),
        _sheet(
            "impulsor",
            "Impulsor",
            Role.DEDICATED_TRANSPORT,
            points=80,
            wounds=11,
            unit_type=UnitType.VEHICLE,
            unit_class=3,
            keywords=["VÉHICULE", "TRANSPORT", "IMPULSOR"],
            transport=TransportCapacity(capacity=6, allowed=[["PRIMARIS", "INFANTERIE"]]),
        ),
        _sheet(
            "mystery",
            "Transport Mystère",
            Role.DEDICATED_TRANSPORT,
            points=50,
            wounds=8,
            unit_type=UnitType.VEHICLE,
            unit_class=3,
            keywords=["VÉHICULE", "TRANSPORT", "MYSTÈRE"],
            transport=TransportCapacity(text="Peut transporter des choses", verified=False),
        ),
        _sheet(
            "stormhawk",
            "Stormhawk",
            Role.FLYER,
            points=160,
            wounds=12,
            unit_type=UnitType.AIRCRAFT,
            unit_class=4,
            keywords=["AÉRONEF", "STORMHAWK"],
        ),
        _sheet(
            "knight",
            "Chevalier Impérial",
            Role.LORD_OF_WAR,
            points=400,
            wounds=24,
            unit_type=UnitType.VEHICLE,
            unit_class=5,
            keywords=["VÉHICULE", "CHEVALIER"],
            faction_keywords=["IMPERIUM", "QUESTOR IMPERIALIS"],
        ),
        _sheet(
            "bastion",
            "Bastion",
            Role.FORTIFICATION,
            points=100,
            wounds=20,
            faction_keywords=[],
            unit_type=UnitType.FORTIFICATION,
            unit_class=5,
            never_holds_objectives=True,
            keywords=["FORTIFICATION", "BASTION"],
        ),
        _sheet(
            "legend-troops",
            "Vieille Garde",
            Role.TROOPS,
            points=100,
            min_models=5,
            max_models=10,
            legends=True,
            keywords=["INFANTERIE", "VIEILLE GARDE"],
        ),
        _sheet("ork-boss", "Big Boss", Role.HQ, points=80, wounds=6, keywords=["INFANTERIE", "PERSONNAGE", "BIG BOSS"]),
        _sheet(
            "ork-boyz",
            "Boyz",
            Role.TROOPS,
            min_models=10,
            max_models=30,
            points=80,
            points_per_model=8,
            keywords=["INFANTERIE", "BOYZ"],
        ),
        _sheet(
            "ork-trukk",
            "Trukk",
            Role.DEDICATED_TRANSPORT,
            points=70,
            wounds=10,
            unit_type=UnitType.VEHICLE,
            unit_class=3,
            keywords=["VÉHICULE", "TRANSPORT", "TRUKK"],
            transport=TransportCapacity(capacity=12, allowed=[["<CLAN>", "INFANTERIE"]]),
        ),
    ]


def mini_catalogue() -> Catalogue:
    folder = shipped_catalogue_dir()
    return Catalogue(
        mini_sheets(),
        read_bands(folder / "bands.yaml"),
        read_glossary(folder / "glossary.yaml"),
        [Faction(id="sm", name="Space Marines"), Faction(id="orks", name="Orks")],
    )


def run_cli(capsys: Any, *args: str) -> tuple[int, str, str]:
    """Run ``ost ARGS`` in-process; returns the exit status, stdout and stderr."""
    from ost.cli.main import main

    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


class ListBuilder:
    """Builds army lists tersely: ``b.add("intercessors", models=5)``."""

    def __init__(self, catalogue: Catalogue, limit: int | None = 1000, name: str = "Test") -> None:
        self.catalogue = catalogue
        self.army = ArmyList(name=name, points_limit=limit)
        self.det()

    def det(self, name: str = "") -> str:
        detachment = Detachment(id=f"d{len(self.army.detachments) + 1}", name=name)
        self.army.detachments.append(detachment)
        return detachment.id

    def add(self, sheet_id: str, det: str | None = None, models: int | None = None, **fields: Any) -> str:
        sheet = self.catalogue.get(sheet_id)
        assert sheet is not None, sheet_id
        detachment = self.army.detachment(det) if det else self.army.detachments[-1]
        assert detachment is not None
        unit_id = f"u{sum(len(d.units) for d in self.army.detachments) + 1}"
        fields.setdefault("placeholders", {"<CHAPITRE>": "ULTRAMARINES", "<CLAN>": "GOFFS"})
        unit = Unit(
            id=unit_id,
            datasheet=sheet_id,
            snapshot=snapshot_of(sheet),
            models=sheet.min_models if models is None else models,
            **fields,
        )
        detachment.units.append(unit)
        return unit_id

    def unit(self, unit_id: str) -> Unit:
        found = self.army.unit(unit_id)
        assert found is not None
        return found


# --- one army in two sources (browsing, `ost catalogue search`) -----------------------------------------------------

AM = ["IMPERIUM", "ASTRA MILITARUM"]
BS_AM = "bsdata:am-cat"


def _in_source(id: str, name: str, source: str, faction: str, **kw: object) -> Datasheet:
    return Datasheet.model_validate(
        {"id": id, "name": name, "role": "heavy_support", "faction_keywords": AM, "source": source, "faction": faction}
        | kw
    )


def two_sources(*, shipped_on: bool = True, imported_on: bool = True) -> Catalogue:
    """A shipped Astra Militarum and an imported one, with one Leman Russ each and a few others."""
    sheets = [
        _in_source("am-leman-russ", "Char Leman Russ", "ost", "astra-militarum", counterpart="lr-entry"),
        _in_source("am-chimere", "Chimère", "ost", "astra-militarum", aliases=["Chimera"], role="dedicated_transport"),
        _in_source("am-basilisk", "Basilisk", "ost", "astra-militarum"),
        _in_source("bs-am-lr-entry", "Leman Russ Battle Tanks", BS_AM, "bs-am", bs_ids=["lr-entry", "lr-link"]),
        _in_source("bs-am-chimera", "Chimera", BS_AM, "bs-am", bs_ids=["ch-entry"], role="dedicated_transport"),
        _in_source("bs-am-hydra", "Hydra", BS_AM, "bs-am", bs_ids=["hy-entry"]),
        # Two datasheets of one source with one name stay two.
        _in_source("bs-am-hydra-2", "Hydra", BS_AM, "bs-am", bs_ids=["hy-entry-2"]),
    ]
    factions = [
        Faction(id="astra-militarum", name="Astra Militarum", name_en="Astra Militarum", source="ost"),
        Faction(id="bs-am", name="Imperium - Astra Militarum", name_en="Imperium - Astra Militarum", source=BS_AM),
    ]
    sources = [
        CatalogueSource(id="ost", kind="shipped", name="Ost", enabled=shipped_on),
        CatalogueSource(id=BS_AM, kind="bsdata", name="Imperium - Astra Militarum", revision="5", enabled=imported_on),
    ]
    return Catalogue(sheets, BandTable(bands=[]), factions=factions, sources=sources)


# --- the window's boxes ----------------------------------------------------------------------------------------------


def box_entries(box: object) -> dict[str, tuple[bool, str]]:
    """unit id -> (enabled, text) of a choice box."""
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QComboBox

    assert isinstance(box, QComboBox)
    model = box.model()
    assert isinstance(model, QStandardItemModel)
    return {str(box.itemData(row)): (model.item(row).isEnabled(), box.itemText(row)) for row in range(1, box.count())}


def options_only(catalogue: Catalogue, *sheet_ids: str) -> Catalogue:
    """``catalogue`` with these datasheets in the older shape: their priced ``options`` and no wargear choices.

    The shipped datasheets state their choices now (issue 18); the option counters of older
    catalogues (and of imported data without choices) are still read, priced and shown.
    """
    sheets = []
    for sheet in catalogue:
        if sheet.id in sheet_ids:
            data = sheet.model_dump()
            data.update(wargear=[], choices=[], kinds=[{**k, "loadout": {}} for k in data["kinds"]])
            sheet = Datasheet.model_validate(data)
        sheets.append(sheet)
    return Catalogue(sheets, catalogue.bands, catalogue.glossary.values(), catalogue.factions.values())


# --- wargear choices ------------------------------------------------------------------------------------------------


def army_with(catalogue: Catalogue, sheet_id: str, models: int) -> tuple[ArmyList, str]:
    b = ListBuilder(catalogue, limit=None)
    unit_id = b.add(sheet_id, models=models)
    return b.army, unit_id


def fresh_unit_breaks(sheet: Datasheet) -> list[str]:
    """The unit-level minimums a new unit of ``sheet`` breaks though the data fills them (a default, one item).

    A default the datasheet may not take (its own maximum 0: a Daemon Prince's Chaos Undivided) fills nothing.
    """
    from ost.core import armylist as ops
    from ost.core.wargear import wargear_problems

    unit = ops.add_unit(ArmyList(detachments=[Detachment(id="d1")]), sheet, "d1")
    out: list[str] = []
    for problem in wargear_problems(unit, sheet):
        group = sheet.choice_map.get(problem.group or "")
        if problem.problem != "under" or group is None or group.kinds:
            continue
        own = group.item_limits.get(group.default or "")
        takeable = group.default is not None and (own is None or own.max != 0)
        if problem.item is not None or takeable or len(group.items) == 1:
            out.append(f"{sheet.name}: {group.name}")
    return out


def give(army: ArmyList, unit_id: str, catalogue: Catalogue, choice: str, item: str | None, models: int) -> None:
    """``models`` models still carrying their defaults take ``item``."""
    from ost.core import armylist as ops
    from ost.core.wargear import effective_loadout

    unit = army.unit(unit_id)
    assert unit is not None
    sheet = catalogue.get(unit.datasheet)
    assert sheet is not None
    loadout = effective_loadout(unit, sheet)
    kinds = sheet.choice_map[choice].kinds
    defaults = next(
        i
        for i, g in enumerate(loadout)
        if g.kind in kinds and g.count >= models and not any(c.item == item for c in g.wargear)
    )

    ops.choose_wargear(army, unit_id, catalogue, group=defaults, models=models, choice=choice, item=item)


def added_unit_limits(sheet: Datasheet, models: int, extra: str | None = None, kind: str = "") -> list[Finding]:
    """``WARGEAR-LIMIT`` findings of a unit of ``sheet`` just added, one model of ``kind`` also carrying ``extra``."""
    from ost.core.armylist import Carried
    from ost.core.findings import Code
    from ost.core.wargear import effective_loadout, wargear_findings

    catalogue = Catalogue([sheet], BandTable(bands=[]))
    army, unit_id = army_with(catalogue, sheet.id, models)
    if extra is not None:
        unit = army.unit(unit_id)
        assert unit is not None
        item = next(i for i in sheet.wargear if i.name == extra)
        groups = [g.model_copy(deep=True) for g in effective_loadout(unit, sheet)]
        at = next(n for n, g in enumerate(groups) if g.kind == (kind or groups[0].kind))
        one = groups[at].model_copy(deep=True, update={"count": 1})
        one.wargear.append(Carried(item=item.id, name=item.name, kind=item.kind, count=1))
        rest = [groups[at].model_copy(update={"count": groups[at].count - 1})] if groups[at].count > 1 else []
        unit.loadout = [*groups[:at], one, *rest, *groups[at + 1 :]]
    return [f for f in wargear_findings(army, catalogue) if f.code is Code.WARGEAR_LIMIT]


def fresh_model_limits(sheets: Iterable[Datasheet]) -> list[str]:
    """The model-level wargear limits each visible datasheet, added fresh at its smallest and largest size, breaks.

    A unit just added carries its kinds' default loadouts: BattleScribe would show it legal. Choices
    the unit makes once (``kinds == []``: powers, relics, marks) are left out: their defaults are the
    unit's upgrades, not its models' loadouts.
    """
    from ost.core.wargear import wargear_problems

    out: list[str] = []
    for sheet in sheets:
        if sheet.hidden:
            continue
        for size in sorted({sheet.min_models, sheet.max_models}):
            unit = Unit(id="u1", datasheet=sheet.id, snapshot=snapshot_of(sheet), models=size)
            for problem in wargear_problems(unit, sheet):
                group = sheet.choice_map.get(problem.group or "")
                if group is None or group.kinds:
                    what = group.name if group is not None else problem.item
                    out.append(f"{sheet.id} ({sheet.name}, {size} models): {problem.problem} {what}")
    return out


# --- the window ------------------------------------------------------------------------------------------------------


def open_window(
    catalogue: Catalogue, tmp_path: Path, lang: str = "fr", size: tuple[int, int] = (1400, 820)
) -> MainWindow:
    """The main window on ``catalogue``, shown at ``size``, its panes shared out, dialogs answered "no"."""
    from PySide6.QtWidgets import QApplication

    from ost.gui.main_window import MainWindow
    from ost.gui.settings import Settings

    window = MainWindow(catalogue, lang=lang, settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a")
    window.exec_dialog = lambda _dialog: 0  # type: ignore[method-assign]
    window.resize(*size)
    window.show()
    window.share_width()
    QApplication.processEvents()
    return window


@contextmanager
def opened_window(
    catalogue: Catalogue, tmp_path: Path, lang: str = "fr", size: tuple[int, int] = (1400, 820)
) -> Iterator[MainWindow]:
    """:func:`open_window`, closed afterwards without asking about unsaved work, whatever the test did."""
    window = open_window(catalogue, tmp_path, lang, size)
    try:
        yield window
    finally:
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()


def sample_database(path: Path) -> Path:
    """A catalogue database at ``path``: the shipped catalogue and the 13-file sample of the real release.

    The test files of ``tests/data/bsdata`` stand in for the sample when it is absent.
    """
    from ost.services import import_bsdata, open_store

    with open_store(path) as store:
        import_bsdata(store, [BSDATA_SAMPLE if BSDATA_SAMPLE.is_dir() else TEST_DATA / "bsdata"])
    return path


def read_whole(catalogue: Catalogue) -> list[str]:
    """The ids of the datasheets of a deferred catalogue that were read whole (all of a whole one)."""
    from ost.core.catalogue import LightDatasheet

    return [s.id for s in catalogue if not isinstance(s, LightDatasheet) or s.is_whole]


def fields_of(sheet: Datasheet) -> dict[str, object]:
    """Every field of ``sheet`` (a light one reads its whole JSON for it): what a reader must give back."""
    return {name: getattr(sheet, name) for name in Datasheet.model_fields}


# --- BattleScribe sample datasheets ------------------------------------------------------------------------------

#: The three sample files the Ultramarines read (fast: not the whole sample).
ULTRAMARINES_FILES = ("Warhammer 40,000.gst", "Imperium - Space Marines.cat", "Imperium - Ultramarines.cat")


def sheet_named(sheets: Iterable[Datasheet], name: str, faction: str | None = None) -> Datasheet:
    """The one datasheet of ``sheets`` called ``name``: of ``faction``, or else the one not hidden."""
    (sheet,) = [s for s in sheets if s.name == name and (s.faction == faction if faction else not s.hidden)]
    return sheet


def item_named(sheet: Datasheet, name: str) -> str:
    """The id of ``sheet``'s one wargear item called ``name``."""
    (item,) = [i.id for i in sheet.wargear if i.name == name]
    return item


def army_taking(sheet: Datasheet, *picks: str, warlord: bool = True, value: str | None = None) -> tuple[ArmyList, Unit]:
    """A list of one new unit of ``sheet`` taking each item named in ``picks`` once, its only placeholder ``value``."""
    from ost.core import armylist as ops
    from ost.core.wargear import set_upgrade_count

    army = ArmyList(detachments=[Detachment(id="d1")])
    unit = ops.add_unit(army, sheet, "d1")
    for name in picks:
        unit.upgrades = set_upgrade_count(unit.upgrades, sheet, item_named(sheet, name), 1)
    unit.warlord = warlord
    if value is not None:
        (placeholder,) = sheet.faction_placeholders
        unit.placeholders[placeholder] = value
    return army, unit


def findings_of(sheet: Datasheet, army: ArmyList, *codes: Code) -> list[Finding]:
    """The findings of ``codes`` the validator gives ``army``, whose units are all of ``sheet``."""
    from ost.core.validator import validate

    return [f for f in validate(Catalogue([sheet], BandTable(bands=[])), army).findings if f.code in codes]


def same_import(one: BsImport, other: BsImport) -> None:
    """Word for word and in the same order: datasheets, factions, coverage, warnings (both languages), sources."""
    assert [s.model_dump_json() for s in one.datasheets] == [s.model_dump_json() for s in other.datasheets]
    assert one.factions == other.factions
    assert one.coverage == other.coverage
    assert [(w.path, w.text.fr, w.text.en) for w in one.warnings] == [
        (w.path, w.text.fr, w.text.en) for w in other.warnings
    ]
    assert (one.sources, one.files, one.fingerprint, one.digests) == (
        other.sources,
        other.files,
        other.fingerprint,
        other.digests,
    )


def spy_forked_first(monkeypatch: Any) -> list[bool]:
    """Two processors, as on any machine with two or more; whether each import took the forked-first way
    (``reader._read_split``) to its end (True) or read as before (False)."""
    from ost.formats.bsdata import reader

    taken: list[bool] = []
    original = reader._read_split

    def spy(*args: Any) -> Any:
        try:
            result = original(*args)
        except reader._Unsure:
            taken.append(False)
            raise
        taken.append(result is not None)
        return result

    monkeypatch.setattr(reader, "_read_split", spy)
    monkeypatch.setattr(reader, "cores", lambda: 2)
    return taken


def failing_in_child(original: Any, how: str) -> Any:
    """``original`` as a forked child of this process meets it: raising (``how="raises"``) or killed (``"dies"``);
    this process calls it as it was."""
    import signal

    parent = os.getpid()

    def failing(*args: Any) -> Any:
        if os.getpid() != parent:
            if how == "dies":
                os.kill(os.getpid(), signal.SIGKILL)
            raise RuntimeError("the child fails")
        return original(*args)

    return failing


def read_release_files(folder: Path, *names: str) -> BsImport:
    """The BattleScribe files ``names`` of ``folder`` (the full release) read; the test skipped where it is absent."""
    import pytest

    from ost.formats.bsdata import read_bsdata

    if not folder.is_dir():
        pytest.skip(f"the full BattleScribe release is not present ({folder})")
    return read_bsdata([folder / name for name in names])


def through_own_formats(army: ArmyList, catalogue: Catalogue) -> dict[str, ArmyList]:
    """``army`` written as an ``.ost`` list and as a share code, each read back as Ost opens it."""
    from ost.core import listfile, sharecode
    from ost.formats.lists.listreader import read_list

    return {
        "ost": read_list(listfile.dumps(army).encode("utf-8"), "list.ost", catalogue).army,
        "share": read_list((sharecode.encode(army, catalogue) + "\n").encode("ascii"), "code", catalogue).army,
    }


def roundtrip_losses(army: ArmyList, catalogue: Catalogue, name: str) -> list[str]:
    """What ``army`` (called ``name``) loses through Ost's own formats: each unit or finding that differs.

    Empty when each format gives back the same list (units, counts, loadouts with their ``taken_in``,
    upgrades, warlord, transports, links, notes) and the check finds the same on it.
    """
    from ost.core.validator import validate

    findings = validate(catalogue, army).findings
    losses: list[str] = []
    for format_name, back in through_own_formats(army, catalogue).items():
        where = f"{name} through {format_name}"
        mine = [u for _, u in army.units()]
        theirs = [u for _, u in back.units()]
        if len(mine) != len(theirs):
            losses.append(f"{where}: {len(mine)} units, {len(theirs)} back")
        for unit, again in zip(mine, theirs, strict=False):
            if unit != again:
                before, after = (unit.loadout, unit.upgrades), (again.loadout, again.upgrades)
                losses.append(f"{where}: {unit.snapshot.name} {before} -> {after}")
        if back != army and not losses:
            losses.append(f"{where}: the list differs outside its units")
        if validate(catalogue, back).findings != findings:
            losses.append(f"{where}: the findings differ")
    return losses


def old_share_code(document: dict[str, object]) -> bytes:
    """A share code of ``document`` as the Ost that wrote it made one (its own schema version inside)."""
    import base64
    import json
    import zlib

    from ost.core import sharecode

    packed = zlib.compress(json.dumps(document, separators=(",", ":")).encode("utf-8"), 9)
    body = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return f"{sharecode.PREFIX}{body}.{sharecode._checksum(body)}".encode("ascii")


def fake_native_build(folder: Path, hashes: dict[str, str] | None = None) -> Path:
    """``folder`` made to look like a whole compiled reader (ost.formats.bsdata.native) of the sources ``hashes``.

    By default this very source; small files stand for the compiled modules, at their recorded size.
    """
    import json

    from ost.formats.bsdata import native

    built = {}
    for name in native.built_files():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"compiled")
        built[name] = len(b"compiled")
    sources = hashes if hashes is not None else native.source_hashes(native.dependencies())
    (folder / native.RECORD).write_text(json.dumps(native.record_for(sources, built)), encoding="utf-8")
    return folder
