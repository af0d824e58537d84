"""The import's warnings beyond the first 30: counted per file, busiest first (CLI and window share the count)."""

from __future__ import annotations

import pytest

from ost.cli.import_cmd import SHOWN_WARNINGS, print_warnings
from ost.core.i18n import Bilingual
from ost.formats.bsdata.report import BsImportWarning, files_by_warnings


def _warnings() -> list[BsImportWarning]:
    said = Bilingual(fr="lien inconnu", en="unknown link")
    # File k has k + 1 warnings: 10 files, 55 warnings.
    return [BsImportWarning(f"/data/file-{k:02}.cat", said) for k in range(10) for _ in range(k + 1)]


def test_files_come_busiest_first_then_by_path() -> None:
    found = files_by_warnings(_warnings())
    assert found[0] == ("/data/file-09.cat", 10) and found[-1] == ("/data/file-00.cat", 1)
    tie = [BsImportWarning(p, Bilingual.same("x")) for p in ("b.cat", "a.cat")]
    assert files_by_warnings(tie) == [("a.cat", 1), ("b.cat", 1)]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "… et 55 autre(s) avertissement(s) ("), ("en", "… and 55 more warning(s) (")],
)
def test_the_cli_counts_the_rest_per_file(capsys: pytest.CaptureFixture[str], lang: str, said: str) -> None:
    first = [BsImportWarning("/data/first.cat", Bilingual.same("x"))] * SHOWN_WARNINGS
    print_warnings(first + _warnings(), lang)
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.startswith(said)
    # Eight files named, busiest first; the two quietest counted.
    assert last.index("file-09.cat 10") < last.index("file-08.cat 9") < last.index("file-02.cat 3")
    assert "file-01.cat" not in last and "file-00.cat" not in last
    assert (", et 2 autre(s) fichier(s)" if lang == "fr" else ", and 2 more file(s)") in last
