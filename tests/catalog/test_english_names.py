"""Datasheet and model-kind names in the reader's language (issue 21): ``name_en`` in the
shipped catalogue, read from YAML, kept by the store, printed on English cards, sheet and views;
French output unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, ROOT
from ost.core import listfile
from ost.core.catalogue import Catalogue, Datasheet, ModelKind
from ost.core.presenter import present
from ost.core.resources import shipped_catalogue_dir
from ost.core.scoring import pv_value_text, score_unit
from ost.core.validator import validate
from ost.formats.bsdata import read_bsdata
from ost.formats.catalog_source import read_catalogue
from ost.pdf.cards import CardKind, cards_pdf
from ost.pdf.sheet import army_sheet_pdf
from ost.store import CatalogueStore
from pdfcheck import page_texts, reader, squash

ASTRA = ROOT / "examples" / "legal" / "astra-militarum-3000.ost"


def _text(data: bytes) -> str:
    """The PDF's text, squashed (see :func:`pdfcheck.squash`): compare with :func:`_in`."""
    return squash(" ".join(page_texts(reader(data))))


def _in(name: str, text: str) -> bool:
    return squash(name) in text


def test_every_shipped_datasheet_and_kind_has_an_english_name(shipped: Catalogue) -> None:
    assert [s.id for s in shipped if not s.name_en] == []
    assert [(s.id, k.id) for s in shipped for k in s.kinds if not k.name_en] == []
    squad = shipped.get("am-escouade-infanterie")
    assert squad is not None and squad.label("en") == "Infantry Squad" and squad.label("fr") == "Escouade d'Infanterie"
    assert [k.label("en") for k in squad.kinds] == ["Sergeant", "Guardsman", "Heavy Weapon Team"]
    assert [k.label("fr") for k in squad.kinds] == ["Sergent", "Garde", "Équipe d'armes lourdes"]


def test_labels_fall_back_to_the_name() -> None:
    sheet = Datasheet.model_validate({"id": "x", "name": "Chimère", "role": "dedicated_transport"})
    assert sheet.label("en") == "Chimère" and sheet.kinds[0].label("en") == "Chimère"
    named = Datasheet.model_validate(
        {"id": "x", "name": "Chimère", "name_en": "Chimera", "role": "dedicated_transport"}
    )
    assert named.label("en") == "Chimera" and named.label("fr") == "Chimère"
    assert named.kinds[0].name_en == "Chimera"  # the one kind made from the datasheet takes its English too
    assert ModelKind(id="g", name="Garde", name_en="Guardsman").label("en") == "Guardsman"


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_english_datasheet_names_are_the_data_s(shipped: Catalogue) -> None:
    """Each shipped datasheet's English name is its counterpart's name in the data, but for our own few."""
    data = {s.source_id: s.name for s in read_bsdata([BSDATA_SAMPLE]).datasheets if s.source_id}
    ours = {s.id for s in shipped if s.counterpart and data.get(s.counterpart) != s.name_en}
    assert ours == {"sm-predator"}  # "Predator Annihilator", as the French says; the data's is "Predator"
    assert {s.id for s in shipped if not s.counterpart} == {"am-conscrits", "ork-snotlings", "sm-dreadnought-chapelain"}


def test_yaml_english_names_of_sheets_and_kinds_survive_the_store(tmp_path: Path) -> None:
    root = tmp_path / "cat"
    (root / "factions").mkdir(parents=True)
    for name in ("bands.yaml", "glossary.yaml"):
        (root / name).write_text((shipped_catalogue_dir() / name).read_text(encoding="utf-8"), encoding="utf-8")
    (root / "factions" / "essai.yaml").write_text(
        "faction: {id: essai, name: Essai}\n"
        "datasheets:\n"
        "  - id: boyz\n"
        "    name: Gars\n"
        "    nom_en: Boyz\n"
        "    role: Troupes\n"
        "    models: 2-10\n"
        "    kinds:\n"
        "      - {name: Chef, name_en: Boss Nob, models: 0-1, wounds: 2}\n"
        "      - {name: Gars, nom_en: Boy, models: 1-10}\n",
        encoding="utf-8",
    )
    catalogue = read_catalogue(root)
    sheet = catalogue.get("boyz")
    assert sheet is not None and sheet.name_en == "Boyz"
    assert [k.name_en for k in sheet.kinds] == ["Boss Nob", "Boy"]
    with CatalogueStore(tmp_path / "names.sqlite") as store:
        store.replace_all(catalogue)
    with CatalogueStore(tmp_path / "names.sqlite") as store:
        again = store.load()
    stored = again.get("boyz")
    assert stored is not None and stored.name_en == "Boyz" and stored.kinds == sheet.kinds
    assert present(stored, again, "en").name == "Boyz" and present(stored, again, "fr").name == "Gars"
    assert present(stored, again, "en").wounds_note == "Boss Nob 2 W, Boy 1 W"
    assert present(stored, again, "fr").wounds_note == "Chef 2 PV, Gars 1 PV"


def test_views_and_pv_lines_name_sheets_and_kinds_in_the_reader_s_language(shipped: Catalogue) -> None:
    army = listfile.load(ASTRA)
    squads = [u for _, u in army.units() if u.datasheet == "am-escouade-infanterie" and not u.custom_name]
    assert squads
    sheet = shipped.get("am-escouade-infanterie")
    assert sheet is not None
    english, french = present(sheet, shipped, "en", squads[0]), present(sheet, shipped, "fr", squads[0])
    assert english.name == "Infantry Squad" and french.name == "Escouade d'Infanterie"
    assert english.unit is not None and english.unit.name == "Infantry Squad"
    assert french.unit is not None and french.unit.name == "Escouade d'Infanterie"
    assert "Sergeant" in [p.name for p in english.profiles] and "Sergent" in [p.name for p in french.profiles]
    assert {k.name for k in english.unit.kinds} >= {"Sergeant"} and {k.name for k in french.unit.kinds} >= {"Sergent"}
    score = score_unit(squads[0], shipped)
    assert [k.label("en") for k in score.kinds or ()][:1] == ["Sergeant"]
    assert "Sergeant" not in pv_value_text(score, "fr")


@pytest.fixture(scope="module")
def astra_cards(shipped: Catalogue) -> dict[str, str]:
    army = listfile.load(ASTRA)
    report = validate(shipped, army)
    return {
        lang: _text(cards_pdf(shipped, army, report, lang=lang, kinds=[CardKind.DATASHEET])) for lang in ("en", "fr")
    }


def test_english_cards_name_datasheets_and_kinds_in_english(astra_cards: dict[str, str]) -> None:
    english, french = astra_cards["en"], astra_cards["fr"]
    for name in ("Infantry Squad", "Sergeant", "Guardsman", "Chimera"):
        assert _in(name, english), name
    for name in ("Escouade d'Infanterie", "Sergent", "Chimère"):
        assert not _in(name, english), name
        assert _in(name, french), name
    assert not _in("Infantry Squad", french) and not _in("Guardsman", french)


def test_english_sheet_names_units_in_english(shipped: Catalogue) -> None:
    army = listfile.load(ASTRA)
    report = validate(shipped, army)
    english = _text(army_sheet_pdf(shipped, army, report, lang="en"))
    french = _text(army_sheet_pdf(shipped, army, report, lang="fr"))
    assert _in("Infantry Squad", english) and not _in("Escouade d'Infanterie", english)
    assert _in("Escouade d'Infanterie", french) and not _in("Infantry Squad", french)
    custom = [u.custom_name for _, u in army.units() if u.custom_name]
    assert all(_in(name, english) and _in(name, french) for name in custom)
