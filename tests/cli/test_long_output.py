"""Shapes nobody expects: a 1,600-character unit name, 80 unknown units in one paste, 4,400 import warnings.

Each stays readable where it is drawn in the terminal: names elided in the
middle, the reading report bounded per kind with "and N more", the import's
warnings listed up to a count and summarised per file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import ROOT
from ost.cli import import_cmd
from ost.cli.main import main
from ost.core.i18n import Bilingual
from ost.core.text import SHOWN_NAME, bounded, elide
from ost.formats.bsdata import BsImportWarning
from ost.formats.lists.reading import REPORT_LINES_PER_KIND
from ost.formats.lists.text import read_text
from readers_support import reader_catalogue

EXAMPLE = ROOT / "examples" / "legal" / "orks-1000.ost"


@pytest.fixture(scope="module")
def shipped_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of the shipped catalogue, built once for the module (on first open)."""
    return tmp_path_factory.mktemp("db") / "shipped.sqlite"


def test_elide_keeps_both_ends_and_the_limit() -> None:
    assert elide("Boyz") == "Boyz"
    long = "A" * 800 + "Z" * 800
    shown = elide(long)
    assert len(shown) == SHOWN_NAME and shown.startswith("AAA") and shown.endswith("ZZZ") and "…" in shown


def test_bounded_says_how_many_were_left_out() -> None:
    assert bounded(["a", "b"], 5, "+{count}") == ["a", "b"]
    assert bounded([str(i) for i in range(10)], 3, "+{count}") == ["0", "1", "2", "+7"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_1600_character_unit_name_is_elided_in_ost_check(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str], shipped_db: Path
) -> None:
    document = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    document["name"] = "L" * 1600
    boyz = next(u for d in document["detachments"] for u in d["units"] if u["datasheet"] == "ork-boyz")
    boyz["custom_name"], boyz["models"] = "B" * 1600, 50  # too many: a finding names the unit
    path = tmp_path / "long.ost"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["--db", str(shipped_db), "--lang", lang, "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "UNIT-OVER" in out and "B" * SHOWN_NAME not in out and "L" * SHOWN_NAME not in out
    assert max(len(line) for line in out.splitlines()) < 250


@pytest.mark.parametrize(
    ("lang", "more"), [("fr", "… et 60 autre(s) du même genre"), ("en", "… and 60 more of the same kind")]
)
def test_eighty_unknown_units_give_a_bounded_reading_report(lang: str, more: str) -> None:
    text = "Orks\n\n" + "".join(f"Unknown Unit Number {i} (50 pts)\n" for i in range(80)) + "Boyz\n"
    army, report = read_text(text, reader_catalogue(), "collé.txt")
    assert army.unit_count() == 81  # every unit is still in the list, kept as given
    lines = report.lines(lang)
    unknown = [line for line in lines if line.startswith("?")]
    assert len(unknown) == REPORT_LINES_PER_KIND
    assert lines[lines.index(unknown[-1]) + 1].strip() == more
    assert len(lines) < 30


def test_a_roster_unit_name_of_1600_characters_is_elided_in_the_reading_report() -> None:
    text = "Orks\n\n" + "X" * 900 + " (50 pts)\n"
    _, report = read_text(text, reader_catalogue(), "collé.txt")
    assert max(len(line) for line in report.lines("en")) <= 300


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_4400_import_warnings_are_listed_up_to_a_count_then_summarised_per_file(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    warnings = [
        BsImportWarning(
            f"/data/{'Orks' if i % 4 else 'Tyranids'}.cat",
            Bilingual(fr=f"entrée {i} : ignorée", en=f"entry {i}: skipped"),
        )
        for i in range(4400)
    ]
    import_cmd.print_warnings(warnings, lang)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == import_cmd.SHOWN_WARNINGS + 1
    summary = err[-1]
    assert "4370" in summary and "Orks.cat 3278" in summary and "Tyranids.cat 1092" in summary
    assert "--all-warnings" in summary
    import_cmd.print_warnings(warnings, lang, everything=True)
    assert len(capsys.readouterr().err.splitlines()) == 4400
