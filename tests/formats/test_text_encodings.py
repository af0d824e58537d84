"""Text that is not text: lone surrogates, file names that are not UTF-8, XML in unknown or contradicting encodings.

A lone surrogate (``"\\ud800"`` in a list's JSON) is replaced by U+FFFD as
the list is read, and the reading report says so; printing, a PDF, saving and
a share code then never meet it. The terminal escapes any that reach it (a
file name that is not UTF-8 arrives as ``\\udcff``) instead of crashing, and
a terminal that cannot show a letter gets a backslash escape.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from helpers import ROOT
from ost.cli.common import TerminalSafe, safe_text
from ost.cli.main import main
from ost.core import listfile, sharecode
from ost.core.listfile import ListFileError
from ost.formats.lists.roster import read_roster
from readers_support import reader_catalogue

EXAMPLE = ROOT / "examples" / "legal" / "orks-1000.ost"
ROSTER = ROOT / "tests" / "data" / "readers" / "orks-waaagh.ros"


@pytest.fixture(scope="module")
def shipped_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("db") / "shipped.sqlite"


def _surrogate_list(tmp_path: Path) -> Path:
    document = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    document["name"] = "Waaagh\ud800"
    boyz = next(u for d in document["detachments"] for u in d["units"] if u["datasheet"] == "ork-boyz")
    boyz["custom_name"] = "Boyz\udc80X"
    boyz["options"] = {"opt\ud83d": 1}  # an unknown option: a finding prints its name
    path = tmp_path / "surrogates.ost"
    path.write_text(json.dumps(document), encoding="utf-8")  # json escapes them: "\ud800"
    return path


def test_lone_surrogates_are_replaced_when_read_and_the_report_says_so(tmp_path: Path) -> None:
    repaired: list = []
    army = listfile.parse(_surrogate_list(tmp_path).read_bytes(), "s.ost", repaired=repaired)
    assert army.name == "Waaagh\ufffd"
    assert any(u.custom_name == "Boyz\ufffdX" for _, u in army.units())
    assert [note("en") for note in repaired] == [
        "3 character(s) that are not text (lone UTF-16 surrogates) replaced by “\ufffd”; "
        "the list will be saved that way"
    ]
    assert "remplacé(s) par « \ufffd »" in repaired[0]("fr")
    again = listfile.parse(listfile.dumps(army).encode("utf-8"), "again.ost")  # saved and read back: the same
    assert again == army


@pytest.mark.parametrize(("lang", "said"), [("fr", "demi-paires UTF-16"), ("en", "lone UTF-16 surrogates")])
def test_ost_check_prints_a_list_with_lone_surrogates(
    tmp_path: Path, shipped_db: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    code = main(["--db", str(shipped_db), "--lang", lang, "check", str(_surrogate_list(tmp_path))])
    out = capsys.readouterr().out  # pytest's capture is strict UTF-8: a surrogate would have raised
    assert code == 1 and "Boyz\ufffdX" in out and said in out


def test_saving_and_sharing_a_list_holding_lone_surrogates_replace_them(tmp_path: Path) -> None:
    army = listfile.load(EXAMPLE)
    army.name = "Nom\udcff"  # set by code, past any reader
    path = tmp_path / "out.ost"
    listfile.save(army, path)
    assert listfile.load(path).name == "Nom\ufffd"
    assert sharecode.decode(sharecode.encode(army)).name == "Nom\ufffd"


def test_a_pdf_of_a_list_read_with_lone_surrogates_is_written(
    tmp_path: Path, shipped_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.pdf"
    code = main(["--db", str(shipped_db), "export", "sheet", str(_surrogate_list(tmp_path)), "-o", str(out)])
    assert code == 0 and out.read_bytes().startswith(b"%PDF")


def test_a_file_name_that_is_not_utf8_is_checked_and_printed_escaped(
    tmp_path: Path, shipped_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = os.fsdecode(b"liste\xff.ost")  # what Linux gives Python for such a name: "liste\udcff.ost"
    (tmp_path / name).write_bytes(EXAMPLE.read_bytes())
    assert main(["--db", str(shipped_db), "--lang", "en", "check", str(tmp_path / name)]) == 0
    assert "liste\\udcff.ost" in capsys.readouterr().out
    missing = tmp_path / os.fsdecode(b"absente\xfe.ost")
    assert main(["--db", str(shipped_db), "--lang", "en", "check", str(missing)]) == 2
    assert "absente\\udcfe.ost: unreadable — no such file" in capsys.readouterr().out
    assert main(["--db", str(shipped_db), "check", "--format", "json", str(tmp_path / name)]) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["file"].endswith(name)  # the escape is JSON's


def test_terminal_safe_escapes_surrogates_and_what_the_terminal_cannot_show() -> None:
    assert safe_text("a\ud800b") == "a\\ud800b"
    ascii_terminal = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    stream = TerminalSafe(ascii_terminal)  # type: ignore[arg-type]
    stream.write("Réglementaire — \udcff\n")
    ascii_terminal.flush()
    assert ascii_terminal.buffer.getvalue() == b"R\\xe9glementaire \\u2014 \\udcff\n"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("declaration", "said"),
    [
        (b'<?xml version="1.0" encoding="x-unknown"?>', "declares the encoding 'x-unknown'"),
        (b'<?xml version="1.0" encoding="UTF-7"?>', "declares the encoding 'utf-7'"),
        (b'<?xml version="1.0"\tencoding = "utf-7"?>', "declares the encoding 'utf-7'"),
        (b'<?xml version="1.0" encoding="utf 7"?>', "XML declaration not well-formed"),
    ],
)
def test_xml_declaring_an_unknown_encoding_is_refused(declaration: bytes, said: str) -> None:
    body = ROSTER.read_bytes().split(b"?>", 1)[1]
    with pytest.raises(ListFileError, match=said):
        read_roster(declaration + body, reader_catalogue(), "e.ros")


def test_xml_switching_encoding_late_is_refused() -> None:
    head, body = ROSTER.read_bytes().split(b"?>", 1)
    late = head + b"?>" + body.replace(b"<roster", b'<?xml version="1.0" encoding="UTF-7"?><roster', 1)
    with pytest.raises(ListFileError, match="declaration not at start"):
        read_roster(late, reader_catalogue(), "late.ros")
    utf16 = ('<?xml version="1.0" encoding="UTF-7"?>' + body.decode("utf-8")).encode("utf-16")
    with pytest.raises(ListFileError, match="is UTF-16 but declares the encoding 'utf-7'") as info:
        read_roster(utf16, reader_catalogue(), "wide.ros")
    assert "Ost does not guess" in str(info.value)
    fine = ('<?xml version="1.0" encoding="UTF-16"?>' + body.decode("utf-8")).encode("utf-16")
    assert read_roster(fine, reader_catalogue(), "wide.ros")[0].name
