"""``ost export sheet|cards|report``, and the PDFs of the shipped catalogue end to end."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_pdf_cards import runs_outside_cards

from helpers import ROOT, ListBuilder
from helpers import run_cli as run
from ost.cli.main import main
from ost.core import listfile
from ost.core.catalogue import Catalogue
from ost.core.validator import validate
from ost.pdf.cards import CardKind, CardSize, cards_pdf, page_geometry
from ost.pdf.common import Paper
from ost.pdf.sheet import army_sheet_pdf
from pdfcheck import fonts_used, outside, page_texts, reader, squash, text_runs

EXAMPLE = ROOT / "docs" / "pdf-example.ost"


def write_list(tmp_path: Path, mini: Catalogue, *, legal: bool) -> Path:
    b = ListBuilder(mini, name="Liste d'essai « éàç »")
    b.add("captain")
    b.add("intercessors")
    if legal:
        b.add("tactical")
    path = tmp_path / "essai.ost"
    listfile.save(b.army, path)
    return path


def test_export_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path, mini: Catalogue) -> None:
    source = write_list(tmp_path, mini, legal=True)
    target = tmp_path / "out" / "armée.pdf"
    code, out, _ = run(capsys, "--db", str(mini_db), "export", "sheet", str(source), "-o", str(target))
    assert code == 0 and out.strip() == str(target)
    text = squash(" ".join(page_texts(reader(target.read_bytes()))))
    assert squash("Liste d'essai « éàç »") in text and squash("FEUILLE D'ARMÉE") in text

    # Default name next to the list; English and Letter paper.
    code, out, _ = run(
        capsys, "--db", str(mini_db), "export", "sheet", str(source), "--lang", "en", "--paper", "letter"
    )
    default = tmp_path / "essai.sheet.pdf"
    assert code == 0 and out.strip() == str(default)
    pdf = reader(default.read_bytes())
    assert float(pdf.pages[0].mediabox.width) == pytest.approx(612)
    assert "ARMY SHEET" in page_texts(pdf)[0]


def test_global_lang_reaches_export(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path, mini: Catalogue
) -> None:
    source = write_list(tmp_path, mini, legal=False)
    target = tmp_path / "s.pdf"
    code, _, _ = run(capsys, "--db", str(mini_db), "--lang", "en", "export", "sheet", str(source), "-o", str(target))
    assert code == 0
    assert "NOT LEGAL" in page_texts(reader(target.read_bytes()))[0]


def test_export_cards(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path, mini: Catalogue) -> None:
    source = write_list(tmp_path, mini, legal=True)
    target = tmp_path / "cards.pdf"
    code, _, _ = run(capsys, "--db", str(mini_db), "export", "cards", str(source), "-o", str(target), "--size", "a6")
    assert code == 0
    data = target.read_bytes()
    texts = page_texts(reader(data))
    assert squash("Escouade Tactique") in squash(" ".join(texts))
    assert runs_outside_cards(data, Paper.A4, CardSize.A6) == []


@pytest.mark.parametrize(
    ("only", "shown", "absent"),
    [
        (["datasheets"], ["Escouade Tactique"], ["Tour et activations", "Personnage Lié"]),
        (["rules"], ["Tour et activations", "Transport détruit"], ["Escouade Tactique"]),
        (["abilities", "rules"], ["Tour et activations"], ["Escouade Tactique"]),
        (["datasheets,rules"], ["Escouade Tactique", "Tour et activations"], []),
    ],
)
def test_export_only_some_cards(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    mini_db: Path,
    mini: Catalogue,
    only: list[str],
    shown: list[str],
    absent: list[str],
) -> None:
    source = write_list(tmp_path, mini, legal=True)
    target = tmp_path / "cards.pdf"
    flags = [arg for value in only for arg in ("--only", value)]
    code, _, _ = run(capsys, "--db", str(mini_db), "export", "cards", str(source), "-o", str(target), *flags)
    assert code == 0
    whole = squash(" ".join(page_texts(reader(target.read_bytes()))))
    for text in shown:
        assert squash(text) in whole, text
    for text in absent:
        assert squash(text) not in whole, text


def test_export_only_rejects_unknown_kinds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path, mini: Catalogue
) -> None:
    source = write_list(tmp_path, mini, legal=True)
    with pytest.raises(SystemExit):
        main(["--db", str(mini_db), "export", "cards", str(source), "--only", "weapons"])
    assert "unknown kind of card 'weapons'" in capsys.readouterr().err


@pytest.mark.parametrize(("legal", "status"), [(True, 0), (False, 1)])
def test_export_report_exit_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path, mini: Catalogue, legal: bool, status: int
) -> None:
    source = write_list(tmp_path, mini, legal=legal)
    target = tmp_path / "report.pdf"
    code, _, _ = run(capsys, "--db", str(mini_db), "export", "report", str(source), "-o", str(target))
    assert code == status
    first = squash(page_texts(reader(target.read_bytes()))[0])
    assert squash("RAPPORT DE VÉRIFICATION") in first and squash("essai.ost") in first


def test_export_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path, mini: Catalogue) -> None:
    code, _, err = run(capsys, "--db", str(mini_db), "export", "sheet", str(tmp_path / "absent.ost"))
    assert code == 2 and "absent.ost: no such file" in err
    broken = tmp_path / "cassé.ost"
    broken.write_text("{", encoding="utf-8")
    code, _, err = run(capsys, "--db", str(mini_db), "export", "cards", str(broken))
    assert code == 2 and "cassé.ost" in err and "not JSON" in err
    source = write_list(tmp_path, mini, legal=True)
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, _, err = run(capsys, "--db", str(mini_db), "export", "sheet", str(source), "-o", str(blocker / "x.pdf"))
    assert code == 2 and "x.pdf: écriture impossible" in err
    with pytest.raises(SystemExit):
        main(["--db", str(mini_db), "export", "cards", str(source), "--size", "tarot"])
    capsys.readouterr()


# --- the shipped catalogue, end to end ---------------------------------------------------


def test_shipped_example_list_is_legal_and_prints(shipped: Catalogue) -> None:
    """The list behind docs/sheet-example.png and docs/cards-example.png."""
    army = listfile.load(EXAMPLE)
    report = validate(shipped, army)
    assert report.legal, report.codes()
    sheet = reader(army_sheet_pdf(shipped, army, report))
    whole = squash(" ".join(page_texts(sheet)))
    assert squash("RÉGLEMENTAIRE") in whole and squash("NON RÉGLEMENTAIRE") not in whole
    for _, unit in army.units():
        assert squash(unit.display_name) in whole


@pytest.mark.slow
def test_every_shipped_datasheet_prints_on_cards_and_sheet(shipped: Catalogue) -> None:
    """One unit of every shipped datasheet: all cards fit, every text stays on its card and page."""
    b = ListBuilder(shipped, limit=4000, name="Tout le catalogue")
    for sheet in shipped:
        b.add(sheet.id)
    army = b.army
    for lang in ("fr", "en"):
        data = cards_pdf(
            shipped, army, validate(shipped, army), lang=lang, kinds=[CardKind.DATASHEET, CardKind.ABILITY]
        )
        pdf = reader(data)
        assert all(fonts_used(pdf).values())
        assert runs_outside_cards(data, Paper.A4, CardSize.POKER) == []
        whole = squash(" ".join(page_texts(pdf)))
        for sheet in shipped:
            assert squash(sheet.label(lang)) in whole, sheet.label(lang)  # English cards: its English name
    geo = page_geometry(Paper.A4, CardSize.POKER)
    assert geo.per_page == 9
    sheet_pdf = reader(army_sheet_pdf(shipped, army, validate(shipped, army)))
    assert outside(text_runs(sheet_pdf), (0, 0, *Paper.A4.size)) == []
    texts = page_texts(sheet_pdf)
    assert all(squash("NON RÉGLEMENTAIRE") in squash(t) for t in texts)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "C.UTF-8"}, "fr"),
        ({"LANG": "POSIX"}, "fr"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "OST_LANG": "fr"}, "fr"),
    ],
)
def test_the_default_language_follows_the_system_when_it_names_french_or_english(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: str
) -> None:
    from ost.cli.common import default_lang

    for name in ("OST_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert default_lang() == expected


def test_lang_wins_over_the_system(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path, mini: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("OST_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # a bare container: French, as documented
    source = write_list(tmp_path, mini, legal=False)
    target = tmp_path / "s.pdf"
    assert run(capsys, "--db", str(mini_db), "export", "sheet", str(source), "-o", str(target))[0] == 0
    assert "NON RÉGLEMENTAIRE" in page_texts(reader(target.read_bytes()))[0]
    assert run(capsys, "--db", str(mini_db), "export", "sheet", str(source), "-o", str(target), "--lang", "en")[0] == 0
    assert "NOT LEGAL" in page_texts(reader(target.read_bytes()))[0]
