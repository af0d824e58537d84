"""Terminal-safe output: names and texts read from files never reach the terminal as control characters."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import ListBuilder
from helpers import run_cli as run
from ost.cli.common import TerminalSafe, safe_text
from ost.core import listfile
from ost.core.catalogue import Catalogue

#: Clear the screen, retitle the window (OSC), NUL, BEL, a one-character CSI (C1), a right-to-left override.
HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x00\x9b31m\u202eevil\u2066\x7f\rX"
FORBIDDEN = ["\x1b", "\x07", "\x00", "\x9b", "\u202e", "\u2066", "\x7f", "\r"]


def _hostile_list(mini: Catalogue, tmp_path: Path) -> Path:
    b = ListBuilder(mini, 1000, name=HOSTILE)
    b.add("captain")
    b.add("intercessors")
    b.army.notes = HOSTILE
    path = tmp_path / "hostile.ost"
    listfile.save(b.army, path)
    return path


def _clean(text: str) -> bool:
    return not any(ch in text for ch in FORBIDDEN)


def test_safe_text_escapes_controls_and_keeps_the_rest() -> None:
    assert safe_text("Nécrons\tOrks\n") == "Nécrons\tOrks\n"
    assert safe_text("\x1b[2J") == "\\u001b[2J"
    assert safe_text("a\u202eb") == "a\\u202eb"
    assert safe_text("\x9b") == "\\u009b"
    assert safe_text("\r") == "\\u000d"


@given(st.text())
def test_safe_text_never_lets_a_control_through(text: str) -> None:
    shown = safe_text(text)
    assert _clean(shown)
    assert all(ch in "\t\n" or not (ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F) for ch in shown)


@given(st.text())
def test_escaped_json_decodes_back_to_the_original(text: str) -> None:
    out = io.StringIO()
    stream = TerminalSafe(out)
    json.dump({"name": text}, stream, ensure_ascii=False)
    assert _clean(out.getvalue())
    assert json.loads(out.getvalue()) == {"name": text}


def test_ost_check_text_output_escapes_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path
) -> None:
    path = _hostile_list(mini, tmp_path)
    code, out, err = run(capsys, "--lang", "en", "check", "--catalogue", str(mini_db), str(path))
    assert code in (0, 1)
    assert _clean(out) and _clean(err)
    assert "\\u001b]0;pwned\\u0007" in out  # shown, not obeyed


def test_ost_check_json_output_escapes_and_round_trips(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path
) -> None:
    path = _hostile_list(mini, tmp_path)
    code, out, _ = run(capsys, "check", "--format", "json", "--catalogue", str(mini_db), str(path))
    assert code in (0, 1)
    assert _clean(out)
    assert json.loads(out)["results"][0]["name"] == HOSTILE


def test_unreadable_file_with_a_hostile_name(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path) -> None:
    path = tmp_path / "\x1b]0;title\x07.ost"
    path.write_text("{", encoding="utf-8")
    code, out, err = run(capsys, "check", "--catalogue", str(mini_db), str(path))
    assert code == 2 and _clean(out) and _clean(err)
    code, out, err = run(capsys, "convert", "--catalogue", str(mini_db), str(path), "-o", str(tmp_path / "x.ost"))
    assert code == 2 and _clean(out) and _clean(err) and "title" in err


def test_ost_convert_escapes_what_it_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path
) -> None:
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(f"++ {HOSTILE} ++\n1x Inconnu\x1b[31m (100 pts)\n", encoding="utf-8")
    code, out, err = run(capsys, "convert", "--catalogue", str(mini_db), str(pasted), "-o", str(tmp_path / "o.ost"))
    assert _clean(out) and _clean(err)
    assert code in (0, 2)


def test_progress_bar_escapes_file_names() -> None:
    from ost.cli.import_cmd import ProgressBar

    out = io.StringIO()
    bar = ProgressBar(out, enabled=True)
    bar(0, 2, "\x1b]0;x\x07.cat")
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
