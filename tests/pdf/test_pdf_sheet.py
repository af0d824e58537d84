"""The army sheet and the check report, read back from the PDF (SPEC.md §4)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import ListBuilder
from ost.core.armylist import Unit, UnitSnapshot
from ost.core.catalogue import Catalogue
from ost.core.roles import Role
from ost.core.validator import validate
from ost.pdf.common import Paper
from ost.pdf.sheet import army_sheet_pdf, check_report_pdf
from pdfcheck import fonts_used, outside, page_texts, printed_words, reader, squash, text_runs

NAME = "Croisade « Œil de Fer » — Élite"


def legal_list(mini: Catalogue) -> ListBuilder:
    b = ListBuilder(mini, limit=1000, name=NAME)
    b.add("captain", warlord=True)
    tac = b.add("tactical", models=7, options={"flamer": 2}, custom_name="Escouade Titus")
    rhino = b.add("rhino")
    b.unit(tac).transport = rhino
    b.add("lieutenant", linked_to=tac)
    b.add("intercessors", reserve=True)
    return b


def illegal_list(mini: Catalogue, units: int = 60) -> ListBuilder:
    """Far too many units for 1000 points: several pages, many findings."""
    b = ListBuilder(mini, limit=1000, name="Horde illégale")
    for index in range(units):
        b.add(["intercessors", "tactical", "scouts", "captain", "predator"][index % 5])
    return b


def test_legal_sheet_shows_everything(mini: Catalogue) -> None:
    b = legal_list(mini)
    report = validate(mini, b.army)
    assert report.legal, report.codes()
    pdf = reader(army_sheet_pdf(mini, b.army, report))
    texts = page_texts(pdf)
    assert len(pdf.pages) == 1
    whole = squash(" ".join(texts))
    for expected in [
        NAME,
        "FEUILLE D'ARMÉE",
        "RÉGLEMENTAIRE",
        "tranche 1–1000",
        "Détachement 1",
        "Escouade Titus",
        "Escouade Tactique",  # the datasheet under the custom name
        "2× Lance-flammes",
        "136",  # 90 + 2 × 18 + 2 × 5
        "19,4",  # 136 ÷ 7 PV
        "×4",
        "Transport : Rhino",
        "Transporte : Escouade Titus",
        "Lié à : Escouade Titus",
        "Personnages : Lieutenant",
        "★ SG",
        "Rés.",
        "personnage indépendant",
        "Tableau des tranches",
        "Totaux",
        "Total de destruction",
        "aucun constat",
        "Page 1 / 1",
    ]:
        assert squash(expected) in whole, expected
    assert "NON" not in whole


def test_illegal_list_says_so_on_every_page(mini: Catalogue) -> None:
    b = illegal_list(mini)
    report = validate(mini, b.army)
    assert not report.legal
    pdf = reader(army_sheet_pdf(mini, b.army, report))
    texts = page_texts(pdf)
    pages = len(texts)
    assert pages >= 3
    for number, text in enumerate(texts, start=1):
        flat = squash(text)
        assert squash("NON RÉGLEMENTAIRE") in flat, number
        assert squash("Horde illégale") in flat, number
        assert squash(f"Page {number} / {pages}") in flat, number
    whole = squash(" ".join(texts))
    for item in report.findings:
        assert squash(item.code.value) in whole
        assert squash(item.message.fr) in whole, item.message.fr


def test_long_unit_table_repeats_its_header(mini: Catalogue) -> None:
    b = illegal_list(mini, units=80)
    b.unit("u2").options = {"flamer": 1}  # the wargear column shows only when a unit carries something
    pdf = reader(army_sheet_pdf(mini, b.army, validate(mini, b.army)))
    texts = page_texts(pdf)
    # 80 units take two pages of rows: the second starts with the repeated header row.
    pages_with_units = [t for t in texts if "Transport et" in t]
    assert len(pages_with_units) >= 2 and pages_with_units == texts[: len(pages_with_units)]
    for text in pages_with_units:
        assert "Équipement" in text and "Contrôle" in text
    # A table continued on the next page says whose it is.
    for text in pages_with_units[1:]:
        assert "Détachement 1 (suite)" in text


def test_english_sheet(mini: Catalogue) -> None:
    army = illegal_list(mini, units=30).army
    pdf = reader(army_sheet_pdf(mini, army, validate(mini, army), lang="en"))
    texts = page_texts(pdf)
    for text in texts:
        assert "NOT LEGAL" in text
    whole = " ".join(texts)
    assert "ARMY SHEET" in whole and "Points-band table" in whole and "Detachment 1" in whole
    assert "RÉGLEMENTAIRE" not in whole


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
def test_fonts_embedded_and_text_inside_the_page(mini: Catalogue, paper: Paper) -> None:
    army = illegal_list(mini).army
    pdf = reader(army_sheet_pdf(mini, army, validate(mini, army), paper=paper))
    width, height = paper.size
    for page in pdf.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((width, height))
    used = fonts_used(pdf)
    assert used and all(used.values()), used
    assert all("DejaVu" in name for name in used), used
    runs = text_runs(pdf)
    assert runs
    assert outside(runs, (0, 0, width, height)) == []
    # And inside the printable margins the sheet keeps (header and footer included).
    assert outside(runs, (10 * 2.8346, 5 * 2.8346, width - 20 * 2.8346, height - 10 * 2.8346)) == []


def test_unit_missing_from_catalogue(mini: Catalogue) -> None:
    b = legal_list(mini)
    b.army.detachments[0].units.append(
        Unit(
            id="ghost", datasheet="gone", snapshot=UnitSnapshot(name="Fantômes", role=Role.ELITES, points=50), models=3
        )
    )
    text = squash(" ".join(page_texts(reader(army_sheet_pdf(mini, b.army, validate(mini, b.army))))))
    assert squash("Fantômes") in text
    assert squash("fiche absente du catalogue") in text
    assert "UNIT-UNKNOWN" in text
    assert squash("PV inconnus") in text


def test_empty_list(mini: Catalogue) -> None:
    b = ListBuilder(mini, limit=None, name="")
    pdf = reader(army_sheet_pdf(mini, b.army, validate(mini, b.army)))
    text = squash(" ".join(page_texts(pdf)))
    assert squash("(liste sans nom)") in text
    assert "BAND-NONE" in text and squash("NON RÉGLEMENTAIRE") in text


def test_check_report_puts_the_verdict_and_findings_first(mini: Catalogue) -> None:
    b = illegal_list(mini, units=20)
    report = validate(mini, b.army)
    pdf = reader(check_report_pdf(mini, b.army, report, source="adversaire.ost"))
    texts = page_texts(pdf)
    first = squash(texts[0])
    assert squash("RAPPORT DE VÉRIFICATION") in first
    assert squash("NON RÉGLEMENTAIRE") in first
    assert squash("Fichier : adversaire.ost") in first
    assert squash("Constats de la vérification") in first
    assert first.index(squash("Constats de la vérification")) < first.index(squash(report.findings[0].message.fr))
    whole = squash(" ".join(texts))
    assert squash("Détachement 1") in whole and squash("Totaux") in whole
    for text in texts:
        assert squash("NON RÉGLEMENTAIRE") in squash(text)


def test_bad_arguments(mini: Catalogue) -> None:
    army = legal_list(mini).army
    with pytest.raises(ValueError, match="paper"):
        army_sheet_pdf(mini, army, validate(mini, army), paper="a3")
    with pytest.raises(ValueError, match="language"):
        army_sheet_pdf(mini, army, validate(mini, army), lang="de")


_NAME = printed_words(long_word_repeats=3, max_words=10)  # a word longer than a column


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(list_name=_NAME, det_name=_NAME, unit_name=_NAME, lang=st.sampled_from(["fr", "en"]))
@pytest.mark.slow
def test_any_names_stay_on_the_page(mini: Catalogue, list_name: str, det_name: str, unit_name: str, lang: str) -> None:
    b = ListBuilder(mini, name=list_name)
    b.army.detachments[0].name = det_name
    b.add("captain", custom_name=unit_name, warlord=True)
    tac = b.add("tactical", custom_name=unit_name, options={"flamer": 1})
    b.add("rhino")
    b.unit(tac).transport = "u3"
    b.add("lieutenant", linked_to=tac, custom_name=unit_name)
    for make in (army_sheet_pdf, check_report_pdf):
        pdf = reader(make(mini, b.army, validate(mini, b.army), lang=lang))
        assert outside(text_runs(pdf), (0, 0, *Paper.A4.size)) == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_sheet_prints_the_pv_value_of_each_model_kind(shipped: Catalogue, lang: str) -> None:
    """10 Boyz at 8 points: a Boy's PV is worth 8, the Boss Nob's (2 PV) 4 (SPEC §4)."""
    b = ListBuilder(shipped, limit=1000, name="Waaagh")
    b.add("ork-boyz", models=10)
    whole = squash(" ".join(page_texts(reader(army_sheet_pdf(shipped, b.army, validate(shipped, b.army), lang=lang)))))
    assert squash("8 (Boss Nob 4)") in whole
    assert squash("7,3") not in whole and squash("7.3") not in whole  # not 80 ÷ 11 for every PV


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_wargear_column_only_when_something_is_in_it(mini: Catalogue, lang: str) -> None:
    from ost.core.armylist import Carried

    word = "Équipement" if lang == "fr" else "Wargear"
    b = legal_list(mini)
    for _, unit in b.army.units():
        unit.options = {}
    bare = page_texts(reader(army_sheet_pdf(mini, b.army, validate(mini, b.army), lang=lang)))[0]
    assert word not in bare
    b.army.detachments[0].units[0].upgrades = [Carried(name="Relique du Chapitre", kind="relic")]
    carried = page_texts(reader(army_sheet_pdf(mini, b.army, validate(mini, b.army), lang=lang)))[0]
    assert word in carried and "Relique du Chapitre" in carried


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_sheet_agrees_with_its_findings(mini: Catalogue, lang: str) -> None:
    """SHEET-MAX: the band table marks the role, the unit rows carry the finding's number, the fix is printed."""
    from ost.core.findings import Code

    b = ListBuilder(mini, limit=1000, name="Trop d'Intercessors")
    b.add("captain", warlord=True)
    for _ in range(3):
        b.add("intercessors")
    report = validate(mini, b.army)
    sheet_max = [f for f in report.findings if f.code is Code.SHEET_MAX]
    if not sheet_max:
        pytest.skip("the test catalogue allows three of them")
    text = squash(" ".join(page_texts(reader(army_sheet_pdf(mini, b.army, report, lang=lang)))))
    assert squash("✗ par fiche" if lang == "fr" else "✗ per sheet") in text
    assert squash("✓ OK") in text  # other roles stay OK
    assert text.count("✗1") >= 2
    assert squash(("Correction : " if lang == "fr" else "Fix: ") + sheet_max[0].fix(lang)[:30]) in text


def test_a_carried_findings_table_says_suite(mini: Catalogue) -> None:
    b = ListBuilder(mini, limit=1000, name="Orphelins")
    for _ in range(40):
        b.add("lieutenant")
        b.add("rhino")  # an empty transport and an unlinked character each: 80 findings and more
    report = validate(mini, b.army)
    assert len(report.findings) > 60
    texts = page_texts(reader(check_report_pdf(mini, b.army, report)))
    assert any(squash("Constats de la vérification (suite)") in squash(t) for t in texts[1:])


def test_assumed_pairings_are_marked_as_assumed(mini: Catalogue) -> None:
    from ost.core.armylist import ListOrigin

    b = legal_list(mini)
    riders = [u for _, u in b.army.units() if u.transport]
    assert riders
    plain = squash(" ".join(page_texts(reader(army_sheet_pdf(mini, b.army, validate(mini, b.army))))))
    assert squash("(supposé)") not in plain
    b.army.origin = ListOrigin(format="ros")
    for lang, word in (("fr", "(supposé)"), ("en", "(assumed)")):
        read = squash(" ".join(page_texts(reader(army_sheet_pdf(mini, b.army, validate(mini, b.army), lang=lang)))))
        assert squash(word) in read


def test_the_share_code_is_sized_to_its_content(mini: Catalogue) -> None:
    """Modules of 0.4 mm at least (readable at 300 dpi): small lists in the title block, long ones at the end."""
    from reportlab.lib.units import mm

    from ost.pdf.sheet import QR_HEAD_MAX, share_code

    small = share_code(mini, legal_list(mini).army)
    assert small is not None and small.in_head and small.side / small.count >= 0.4 * mm - 1e-9
    long = illegal_list(mini, units=24).army
    code = share_code(mini, long)
    assert code is not None and code.side / code.count >= 0.4 * mm - 1e-9
    text = squash(" ".join(page_texts(reader(army_sheet_pdf(mini, long, validate(mini, long))))))
    assert squash("Code de partage (ost check)") in text
    if code.side > QR_HEAD_MAX:
        assert squash("Code de partage : en fin de feuille.") in text


def test_a_list_too_long_for_a_qr_code_says_so(mini: Catalogue) -> None:
    import hashlib

    from ost.pdf.sheet import share_code

    b = illegal_list(mini, units=150)
    for index, (_, unit) in enumerate(b.army.units()):  # names that do not compress
        unit.custom_name = hashlib.sha256(str(index).encode()).hexdigest()[:24]
    army = b.army

    assert share_code(mini, army) is None
    for lang, notice in (("fr", "trop longue pour un code QR"), ("en", "too long for a QR code")):
        text = squash(" ".join(page_texts(reader(army_sheet_pdf(mini, army, validate(mini, army), lang=lang)))))
        assert squash(notice) in text


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_band_tables_headings_keep_apart(shipped: Catalogue, lang: str, paper: Paper) -> None:
    """Seen on the example sheets: "Per sheet" ran into "Status" (no space between them)."""
    from helpers import EXAMPLES
    from ost.core import listfile

    army = listfile.load(EXAMPLES / "legal" / "space-marines-2000.ost")
    pdf = reader(army_sheet_pdf(shipped, army, validate(shipped, army), lang=lang, paper=paper))
    words = {
        "fr": ("Rôle", "Unités", "Min–max", "Par fiche", "État"),
        "en": ("Role", "Units", "Min–max", "Per sheet", "Status"),
    }
    runs = [r for r in text_runs(pdf) if r.text.strip() in words[lang]]
    line = [r for r in runs if abs(r.y - runs[-1].y) < 0.5 and r.page == runs[-1].page]
    line.sort(key=lambda r: r.x)
    assert [r.text.strip() for r in line] == list(words[lang])
    for left, right in itertools.pairwise(line):
        assert right.x - (left.x + left.width) >= 2.0, (left.text, right.text)  # points: a visible space
