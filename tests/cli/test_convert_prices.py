"""``ost convert`` of a roster made with older data: every output counts the catalogue's prices, as the sheet does.

The T'au Commander of ../shared/rosters-9e was built on revision 97 of the T'au catalogue (133 points);
the 13-file sample holds revision 147, where he costs 150. Ost stands by its catalogue's prices (the
check uses them): the text written states them, the Ost list and the share code are counted at them
(keeping the roster's as stated prices), the army sheet prints them, and the reading report says which.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, SHARED, run_cli, sample_database
from pdfcheck import page_texts, reader

ROSTERS = Path(os.environ.get("OST_ROSTERS_9E", SHARED / "rosters-9e"))
TAU = ROSTERS / "tau-133-commander.rosz"
FISTS = ROSTERS / "imperialfists-150-eliminators.ros"

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE),
    pytest.mark.skipif(not TAU.is_file(), reason=f"real rosters absent ({ROSTERS})"),
]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sample_database(tmp_path_factory.mktemp("sample") / "catalogue.sqlite")


def _points_line(capsys: pytest.CaptureFixture[str], db: Path, source: str, lang: str = "fr") -> list[str]:
    _, out, _ = run_cli(capsys, "--lang", lang, "check", "--catalogue", str(db), source)
    return out.splitlines()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_output_of_one_conversion_counts_the_catalogue_s_prices(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path, lang: str
) -> None:
    roster = _points_line(capsys, db, str(TAU), lang)
    assert roster[1].strip().startswith("150 points")

    text = tmp_path / "tau.txt"
    code, out, _ = run_cli(capsys, "--lang", lang, "convert", "--catalogue", str(db), str(TAU), "-o", str(text))
    written = text.read_text(encoding="utf-8")
    assert code == 0 and written.startswith("+++ New Roster [150 pts] +++")
    assert "Commander in Crisis Battlesuit [150 pts]" in written and "133" not in written
    said = {
        "fr": "Le texte écrit donne les prix du catalogue d'Ost (150 pts), comme la vérification et la feuille "
        "d'armée ; ceux de la liste (133 pts) n'y sont pas.",
        "en": "The text written gives the prices of Ost's catalogue (150 pts), as the check and the army sheet "
        "do; the list's own (133 pts) are left out.",
    }
    assert said[lang] in out
    assert _points_line(capsys, db, str(text), lang)[1] == roster[1]

    ost = tmp_path / "tau.ost"
    code, out, _ = run_cli(capsys, "--lang", lang, "convert", "--catalogue", str(db), str(TAU), "-o", str(ost))
    assert code == 0 and ("comptée aux prix du catalogue d'Ost (150 pts)" if lang == "fr" else "(150 pts)") in out
    assert ("(133 pts) comme prix annoncés" if lang == "fr" else "keeps the list's own (133 pts)") in out
    checked = _points_line(capsys, db, str(ost), lang)
    assert checked[1] == roster[1] and any("POINTS-REPRICED" in line and "133" in line for line in checked)

    code, out, _ = run_cli(capsys, "convert", "--catalogue", str(db), str(TAU), "-o", "-", "--to", "share")
    assert code == 0
    assert _points_line(capsys, db, out.strip(), lang)[1] == roster[1]

    sheet = tmp_path / "tau.pdf"
    code, _, _ = run_cli(capsys, "export", "sheet", "--catalogue", str(db), "--lang", lang, str(TAU), "-o", str(sheet))
    assert code == 0
    printed = " ".join(page_texts(reader(sheet.read_bytes())))
    assert "150 pts ·" in printed  # the sheet's head: its total, then the limit


def test_as_priced_the_text_and_the_sheet_keep_the_list_s_prices(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    """The tournament that fixed its points: the list's prices, asked for, in the text as in the check."""
    from ost.formats.lists.listreader import read_list_file
    from ost.formats.lists.text import export_text
    from ost.services import open_store

    with open_store(db) as store:
        catalogue = store.load()
    army = read_list_file(TAU, catalogue).army
    assert export_text(army, catalogue, "en", as_priced=True).startswith("+++ New Roster [133 pts] +++")
    assert export_text(army, catalogue, "en").startswith("+++ New Roster [150 pts] +++")
    lines = _points_line(capsys, db, str(TAU))
    _, out, _ = run_cli(capsys, "check", "--as-priced", "--catalogue", str(db), str(TAU))
    assert out.splitlines()[1].strip().startswith("133 points") and lines[1].strip().startswith("150 points")


def test_a_roster_at_the_catalogue_s_prices_converts_without_a_word_on_prices(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    """The legal side: the Imperial Fists' Eliminators cost what the roster says; nothing to tell."""
    text = tmp_path / "fists.txt"
    code, out, _ = run_cli(capsys, "convert", "--catalogue", str(db), str(FISTS), "-o", str(text))
    assert code == 0 and "Eliminator Squad [75 pts]" in text.read_text(encoding="utf-8")
    assert "prix du catalogue d'Ost" not in out and "≠" not in out
    code, _, err = run_cli(capsys, "--lang", "en", "convert", "--catalogue", str(db), str(FISTS), "-o", "-")
    assert code == 0 and "Reading" in err and "prices of Ost's catalogue" not in err
