"""Every PDF prints the verdict its caller worked out: sheet, cards and report agree with the window.

The PDF layer once validated the list again with default options, so with the
list's own prices on ("Prix de la liste", ``--as-priced``) the window and the
sheet said LEGAL while every card said NOT LEGAL.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import ListBuilder
from helpers import run_cli as run
from ost.core import listfile
from ost.core.catalogue import Catalogue
from ost.core.validator import Report, ValidatorOptions, validate
from ost.gui.printing import PrintOptions, render_pdf
from ost.pdf.cards import CardKind, cards_pdf
from ost.pdf.sheet import army_sheet_pdf, check_report_pdf
from pdfcheck import page_texts, reader, squash

VERDICTS = {
    "fr": ("réglementaire", "NON RÉGLEMENTAIRE"),
    "en": ("legal", "NOT LEGAL"),
}


def priced_list(mini: Catalogue) -> ListBuilder:
    """Over its limit by the catalogue's prices (270 > 250), within it by its own (80 + 80 + 90 = 250)."""
    b = ListBuilder(mini, 250, name="Prix fixés")
    b.add("captain", warlord=True)
    b.add("intercessors", stated_points=80)
    b.add("tactical")
    return b


def verdicts(data: bytes, lang: str) -> tuple[bool, bool]:
    """Whether any page says legal, and whether any says not legal (case and spaces folded)."""
    legal, illegal = VERDICTS[lang]
    texts = [squash(text).lower() for text in page_texts(reader(data))]
    said_illegal = any(squash(illegal).lower() in text for text in texts)
    said_legal = any(squash(legal).lower() in text.replace(squash(illegal).lower(), "") for text in texts)
    return said_legal, said_illegal


def test_the_list_is_legal_only_at_its_own_prices(mini: Catalogue) -> None:
    b = priced_list(mini)
    assert not validate(mini, b.army).legal
    assert validate(mini, b.army, ValidatorOptions(as_priced=True)).legal


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("as_priced", [True, False])
def test_sheet_cards_and_report_print_the_callers_verdict(mini: Catalogue, lang: str, as_priced: bool) -> None:
    b = priced_list(mini)
    report = validate(mini, b.army, ValidatorOptions(as_priced=as_priced))
    assert report.legal is as_priced
    cards = cards_pdf(mini, b.army, report, lang=lang, kinds=[CardKind.DATASHEET])
    sheet = army_sheet_pdf(mini, b.army, report, lang=lang)
    checked = check_report_pdf(mini, b.army, report, lang=lang)
    for data in (cards, sheet, checked):
        assert verdicts(data, lang) == (as_priced, not as_priced)
    # Every card carries the verdict at its foot.
    legal, illegal = VERDICTS[lang]
    for text in page_texts(reader(cards)):
        assert squash(illegal if not as_priced else legal).lower() in squash(text).lower()


def test_the_windows_printing_hands_its_report_to_the_cards(mini: Catalogue) -> None:
    b = priced_list(mini)
    report: Report = validate(mini, b.army, ValidatorOptions(as_priced=True))
    options = PrintOptions(lang="fr")
    for what in ("sheet", "cards", "report"):
        data = render_pdf(what, mini, b.army, report, options)  # type: ignore[arg-type]
        assert verdicts(data, "fr") == (True, False), what


@pytest.mark.parametrize("what", ["sheet", "cards", "report"])
def test_export_as_priced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path, mini: Catalogue, what: str
) -> None:
    source = tmp_path / "prix.ost"
    listfile.save(priced_list(mini).army, source)
    for extra, legal in (([], False), (["--as-priced"], True)):
        target = tmp_path / f"{what}-{legal}.pdf"
        code, _, _ = run(capsys, "--db", str(mini_db), "export", what, str(source), "-o", str(target), *extra)
        assert code == (0 if legal or what != "report" else 1)
        assert verdicts(target.read_bytes(), "fr") == (legal, not legal)
