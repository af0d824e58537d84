"""What the reader tests share: the mini catalogue with English aliases, BattleScribe ids and a few Necrons."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from helpers import mini_sheets
from ost.core.catalogue import Catalogue, Datasheet, Faction, WargearOption
from ost.core.resources import shipped_catalogue_dir
from ost.core.roles import Role
from ost.formats.catalog_source import read_bands, read_glossary

DATA = Path(__file__).resolve().parent / "data" / "readers"
NECRONS = ["NÉCRONS", "<DYNASTIE>"]

#: What each mini datasheet is called in English lists, and its BattleScribe ids.
_EXTRA: dict[str, dict[str, list[str]]] = {
    "captain": {"aliases": ["Captain", "Primaris Captain"], "bs_ids": ["bs-captain-link", "bs-captain-entry"]},
    "librarian": {"aliases": ["Librarian"]},
    "chaplain": {"aliases": ["Chaplain"]},
    "lieutenant": {"aliases": ["Primaris Lieutenant"]},
    "apothecary": {"aliases": ["Apothecary"]},
    "intercessors": {"aliases": ["Intercessor Squad"], "bs_ids": ["bs-intercessors"]},
    "tactical": {"aliases": ["Tactical Squad"]},
    "scouts": {"aliases": ["Scout Squad"]},
    "terminators": {"aliases": ["Terminator Squad"]},
    "bikers": {"aliases": ["Bike Squad"]},
    "land-raider": {"bs_ids": ["bs-land-raider"]},
    "ork-boss": {"aliases": ["Warboss"], "bs_ids": ["bs-warboss"]},
    "ork-boyz": {"aliases": ["Ork Boyz"], "bs_ids": ["bs-boyz"]},
}


def _necrons() -> list[Datasheet]:
    return [
        Datasheet(
            id="nec-overlord",
            name="Seigneur Nécron",
            faction="necrons",
            role=Role.HQ,
            aliases=["Overlord", "Necron Overlord"],
            points=95,
            wounds=5,
            keywords=["INFANTERIE", "PERSONNAGE", "SEIGNEUR"],
            faction_keywords=NECRONS,
            options=[WargearOption(id="orbe", name="Orbe de résurrection", points=30, max=1)],
        ),
        Datasheet(
            id="nec-warriors",
            name="Guerriers Nécrons",
            faction="necrons",
            role=Role.TROOPS,
            aliases=["Necron Warriors"],
            min_models=10,
            max_models=20,
            points=130,
            points_per_model=13,
            keywords=["INFANTERIE", "GUERRIERS"],
            faction_keywords=NECRONS,
            bs_ids=["bs-warriors"],
        ),
        Datasheet(
            id="nec-flayed",
            name="Écorcheurs",
            faction="necrons",
            role=Role.ELITES,
            aliases=["Flayed Ones"],
            min_models=5,
            max_models=20,
            points=85,
            points_per_model=17,
            keywords=["INFANTERIE", "ÉCORCHEURS"],
            faction_keywords=NECRONS,
        ),
    ]


def reader_sheets() -> list[Datasheet]:
    sheets: list[Datasheet] = []
    for sheet in mini_sheets():
        update: dict[str, object] = dict(_EXTRA.get(sheet.id, {}))
        if sheet.id == "ork-boss":
            update["options"] = [{"id": "power-klaw", "name": "Pince énergétik", "points": 10, "max": 1}]
        if sheet.id == "ork-boyz":
            update["options"] = [
                {"id": "rokkit", "name": "Rokkit Launcha", "points": 10, "per_model": True, "max": 3},
                {"id": "big-choppa", "name": "Big Choppa", "points": 5, "max": 1},
            ]
        sheets.append(Datasheet.model_validate(sheet.model_dump() | update) if update else sheet)
    return [*sheets, *_necrons()]


def reader_catalogue() -> Catalogue:
    folder = shipped_catalogue_dir()
    return Catalogue(
        reader_sheets(),
        read_bands(folder / "bands.yaml"),
        read_glossary(folder / "glossary.yaml"),
        [
            Faction(id="sm", name="Space Marines"),
            Faction(id="orks", name="Orks"),
            Faction(id="necrons", name="Nécrons", name_en="Necrons"),
        ],
    )


def zipped(members: dict[str, bytes]) -> bytes:
    """A zip archive (as bytes) holding ``members``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def sample(name: str) -> bytes:
    return (DATA / name).read_bytes()
