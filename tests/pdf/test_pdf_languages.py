"""Each printout speaks one language: no French name on English paper, no English name on French paper.

The sheet, the cards and the check report of every example list (legal and
illegal) and of lists read from the real rosters of ../shared/rosters-9e are
rendered in both languages and read back with pdftotext. The words looked for
are the catalogue's own: the names of datasheets, model kinds, keywords,
weapons, wargear and abilities whose English differs from their French. The
player's words (the list's name, its detachments', its units' own names and
placeholder values) print as the player wrote them and are left out.
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest

from helpers import EXAMPLES, SHARED
from ost.core import listfile
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.resources import shipped_catalogue_dir
from ost.core.validator import validate
from ost.formats.catalog_source import KEYWORDS_FILE, read_keyword_table
from ost.formats.lists.listreader import read_list_file
from ost.pdf.cards import cards_pdf
from ost.pdf.sheet import army_sheet_pdf, check_report_pdf
from ost.services import keyword_names

ROSTERS = SHARED / "rosters-9e"
LISTS = sorted((EXAMPLES / "legal").glob("*.ost")) + sorted((EXAMPLES / "illegal").glob("*.ost"))

pytestmark = [
    pytest.mark.slow,  # about 200 PDFs
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)"),
]


@functools.cache
def vocabulary(catalogue: Catalogue) -> dict[str, frozenset[str]]:
    """For each language, the catalogue's names that belong to it only (the other language names it otherwise).

    A name that is part of a name of the other language ("Bolter" in "Heavy
    bolter", "Scion" in "Tempestus Scion") says nothing and is left out, as are
    names of three letters or fewer, and keywords said the same in both languages.
    """
    pairs: set[tuple[str, str]] = set()
    for sheet in catalogue:
        pairs.add((sheet.name, sheet.name_en))
        pairs.update((kind.name, kind.name_en) for kind in sheet.kinds)
        pairs.update((weapon.name, weapon.name_en) for weapon in sheet.weapons)
        pairs.update((item.name, item.name_en) for item in sheet.wargear)
        pairs.update((ability.name, ability.name_en or "") for ability in sheet.abilities)
    table = read_keyword_table(shipped_catalogue_dir() / KEYWORDS_FILE)
    pairs.update((french, english) for french, names in table.items() for english in names)
    pairs = {(fr, en) for fr, en in pairs if en and fr.casefold() != en.casefold()}
    # Keywords the table leaves alone (TEMPESTUS SCIONS, CORE) are said the same in both languages.
    same = {k for sheet in catalogue for k in (*sheet.keywords, *sheet.faction_keywords) if k.upper() not in table}
    said = {lang: " | ".join([*(pair[i] for pair in pairs), *same]) for i, lang in enumerate(("fr", "en"))}
    out: dict[str, frozenset[str]] = {}
    for lang, other in (("fr", "en"), ("en", "fr")):
        own = {fr if lang == "fr" else en for fr, en in pairs}
        out[lang] = frozenset(w for w in own if len(w) > 3 and not _found(w, said[other]))
    return out


def _found(word: str, text: str) -> bool:
    return re.search(r"(?<![\w'-])" + re.escape(word) + r"(?![\w'-])", text, re.IGNORECASE) is not None


def players_words(army: ArmyList) -> list[str]:
    """What the player or the list's file wrote: names, placeholder values, wargear the catalogue lacks."""
    words = [army.name, *(d.name for d in army.detachments)]
    for _, unit in army.units():
        words.append(unit.custom_name or "")
        words.extend(unit.placeholders.values())
        stated = [*unit.extra_options, *(c for c in unit.upgrades if c.item is None)]
        stated += [c for group in unit.loadout for c in group.wargear if c.item is None]
        for item in stated:
            words += [item.name, *(w.name for w in item.weapons)]
    return sorted((w for w in words if w and w.strip()), key=len, reverse=True)


def known_units_only(army: ArmyList, catalogue: Catalogue) -> ArmyList:
    """``army`` without the units the catalogue lacks (their cards print what the roster says, in its words)."""
    out = army.model_copy(deep=True)
    for detachment in out.detachments:
        detachment.units = [u for u in detachment.units if catalogue.get(u.datasheet) is not None]
    out.detachments = [d for d in out.detachments if d.units]
    return out


def pdf_text(data: bytes) -> str:
    done = subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True)
    return re.sub(r"\s+", " ", done.stdout.decode())


def printed(catalogue: Catalogue, army: ArmyList, lang: str, names: dict[str, str] | None = None) -> str:
    """The text of the sheet, the cards and the check report of ``army`` in ``lang``, the player's words out."""
    report = validate(catalogue, army)
    names = keyword_names() if names is None else names
    text = " ".join(
        pdf_text(data)
        for data in (
            army_sheet_pdf(catalogue, army, report, lang=lang, keyword_names=names),
            cards_pdf(catalogue, army, report, lang=lang, keyword_names=names),
            check_report_pdf(catalogue, army, report, lang=lang, keyword_names=names),
        )
    )
    for word in players_words(army):
        text = text.replace(re.sub(r"\s+", " ", word.strip()), " ")
    return text


def foreign_words(catalogue: Catalogue, army: ArmyList, lang: str, names: dict[str, str] | None = None) -> list[str]:
    """The other language's names ``army``'s printouts in ``lang`` hold."""
    text = printed(catalogue, army, lang, names)
    other = "fr" if lang == "en" else "en"
    return sorted(w for w in vocabulary(catalogue)[other] if _found(w, text))


def rosters() -> Iterable[Path]:
    return sorted(p for p in ROSTERS.glob("*.ros*") if p.suffix in (".ros", ".rosz")) if ROSTERS.is_dir() else []


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.stem)
def test_example_printouts_speak_one_language(shipped: Catalogue, path: Path, lang: str) -> None:
    assert foreign_words(shipped, listfile.load(path), lang) == []


@pytest.mark.bsdata
@pytest.mark.skipif(not ROSTERS.is_dir(), reason=f"the real rosters are absent ({ROSTERS})")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_printouts_of_real_rosters_speak_one_language(shipped: Catalogue, lang: str) -> None:
    """Read with the shipped catalogue; on French paper, only the units it knows (the others speak the roster's)."""
    found = {}
    for path in rosters():
        army = read_list_file(path, shipped).army
        words = foreign_words(shipped, army if lang == "en" else known_units_only(army, shipped), lang)
        if words:
            found[path.name] = words
    assert found == {}


def test_the_check_is_not_blind(shipped: Catalogue) -> None:
    """French keywords left on English paper are found; the player's own words are not counted."""
    vocab = vocabulary(shipped)
    assert {"Escouade Tactique", "INFANTERIE", "Chimère"} <= vocab["fr"]
    assert {"Tactical Squad", "INFANTRY", "VEHICLE"} <= vocab["en"]
    assert "Bolter" not in vocab["fr"]  # a word of "Heavy bolter"
    army = listfile.load(EXAMPLES / "legal" / "space-marines-2000.ost")
    assert {"INFANTERIE", "VÉHICULE"} <= set(foreign_words(shipped, army, "en", names={}))
    unit = army.detachments[0].units[0]
    sheet = shipped.get(unit.datasheet)
    assert sheet is not None and sheet.name != sheet.label("en")
    unit.custom_name = f"{sheet.name} de Titus"
    assert sheet.name not in printed(shipped, army, "en")
