"""The ``ost`` command line, run in-process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ListBuilder
from helpers import run_cli as run
from ost.cli.main import main
from ost.core import listfile
from ost.core.catalogue import Catalogue


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for command in ("catalogue", "check", "gui"):
        assert command in out


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "rôle inconnu 'bogus' (rôles : QG, Troupes"), ("en", "unknown role 'bogus' (roles: HQ, Troops")],
)
def test_an_unknown_role_is_said_not_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    db = str(tmp_path / "shipped.sqlite")
    assert run(capsys, "--db", db, "catalogue", "build")[0] == 0
    code, out, err = run(capsys, "--db", db, "--lang", lang, "catalogue", "list", "--role", "bogus")
    assert code == 2 and out == "" and said in err and "Traceback" not in err
    code, out, _ = run(capsys, "--db", db, "--lang", lang, "catalogue", "list", "--role", "HQ")
    assert code == 0 and len(out.splitlines()) > 3


def test_python_dash_m_works() -> None:
    result = subprocess.run([sys.executable, "-m", "ost", "--version"], capture_output=True, text=True, check=True)
    assert result.stdout.startswith("ost ")


def test_catalogue_build_list_show_search(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "shipped.sqlite")
    code, out, _ = run(capsys, "--db", db, "catalogue", "build")
    assert code == 0 and "fiches" in out
    code, out, _ = run(capsys, "--db", db, "catalogue", "list", "--faction", "Nécrons", "--role", "Troupes")
    assert code == 0
    assert all("necrons" in line for line in out.splitlines()[1:])
    code, out, _ = run(capsys, "--db", db, "catalogue", "search", "necron")
    assert code == 0 and len(out.splitlines()) > 3
    first_id = out.splitlines()[1].split()[0]
    code, out, _ = run(capsys, "--db", db, "catalogue", "show", first_id)
    assert code == 0 and f"[{first_id}]" in out and "Mots-clefs" in out


def test_catalogue_show_unknown(capsys: pytest.CaptureFixture[str], mini_db: Path) -> None:
    code, _, err = run(capsys, "--db", str(mini_db), "--lang", "en", "catalogue", "show", "tactica")
    assert code == 2
    assert "no datasheet 'tactica'" in err


def test_first_use_builds_the_catalogue(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "fresh.sqlite"
    code, out, _ = run(capsys, "--db", str(db), "catalogue", "search", "boyz")
    assert code == 0 and "Boyz" in out


def test_broken_source_reports_file_and_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "cat"
    (folder / "factions").mkdir(parents=True)
    (folder / "bands.yaml").write_text("bands:\n  - label: x\n    points: 1-\n", encoding="utf-8")
    code, _, err = run(capsys, "--db", str(tmp_path / "c.sqlite"), "catalogue", "build", "--source", str(folder))
    assert code == 2
    assert "bands.yaml, line 3, field points" in err


def _write(path: Path, b: ListBuilder) -> Path:
    listfile.save(b.army, path)
    return path


def legal_list(mini: Catalogue) -> ListBuilder:
    b = ListBuilder(mini, 1000, name="Légale")
    b.add("captain", warlord=True)
    b.add("intercessors")
    b.add("tactical")
    return b


def test_check_as_priced(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path) -> None:
    b = legal_list(mini)
    b.army.points_limit = 300
    b.unit("u2").stated_points = 150  # 80 + 150 + 90 = 320 as priced by its author; 270 by the catalogue
    path = _write(tmp_path / "priced.ost", b)
    code, out, _ = run(capsys, "--lang", "en", "check", "--catalogue", str(mini_db), str(path))
    assert code == 0 and "POINTS-REPRICED" in out and "POINTS-OVER" not in out
    assert "→ Check the points with the list's author" in out
    code, out, _ = run(capsys, "--lang", "en", "check", "--as-priced", "--catalogue", str(mini_db), str(path))
    assert code == 1 and "POINTS-OVER" in out and "320 / 300" in out


def test_check_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path) -> None:
    good = _write(tmp_path / "good.ost", legal_list(mini))
    bad_list = legal_list(mini)
    bad_list.army.name = "Trop chère"
    bad_list.army.points_limit = 100
    bad = _write(tmp_path / "bad.ost", bad_list)
    broken = tmp_path / "broken.ost"
    broken.write_text("{", encoding="utf-8")

    code, out, _ = run(capsys, "check", "--catalogue", str(mini_db), str(good))
    assert code == 0 and "RÉGLEMENTAIRE" in out and "NON" not in out
    code, out, _ = run(capsys, "check", "--catalogue", str(mini_db), str(good), str(bad))
    assert code == 1 and "NON RÉGLEMENTAIRE" in out and "POINTS-OVER" in out
    code, out, _ = run(capsys, "check", "--catalogue", str(mini_db), str(good), str(bad), str(broken))
    assert code == 2 and "broken.ost" in out and "not JSON" in out


def test_check_english(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path) -> None:
    b = legal_list(mini)
    b.army.points_limit = 100
    path = _write(tmp_path / "l.ost", b)
    code, out, _ = run(capsys, "--lang", "en", "check", "--catalogue", str(mini_db), str(path))
    assert code == 1
    assert "NOT LEGAL" in out
    assert "Total of 270 points for a limit of 100 points" in out
    assert "[seed 000, COMPOSITION D'ARMÉE]" in out


def test_global_options_may_follow_the_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path
) -> None:
    """``ost check --lang en --db DB FILE`` reads as ``ost --lang en --db DB check FILE``; one after wins."""
    b = legal_list(mini)
    b.army.points_limit = 100
    path = _write(tmp_path / "l.ost", b)
    code, out, _ = run(capsys, "check", "--lang", "en", "--db", str(mini_db), str(path))
    assert code == 1 and "NOT LEGAL" in out
    code, out, _ = run(capsys, "--lang", "en", "check", "--db", str(mini_db), str(path))
    assert code == 1 and "NOT LEGAL" in out
    code, out, _ = run(capsys, "--lang", "en", "check", "--lang", "fr", "--db", str(mini_db), str(path))
    assert code == 1 and "NON RÉGLEMENTAIRE" in out
    # Two levels down, and a wrong value is refused as before the command.
    code, out, _ = run(capsys, "--db", str(mini_db), "catalogue", "list", "--lang", "en")
    assert code == 0 and "Troops" in out and "Troupes" not in out
    with pytest.raises(SystemExit):
        run(capsys, "check", "--lang", "de", str(path))
    # export keeps its own --lang: the PDF's language.
    pdf = tmp_path / "l.pdf"
    code, _, _ = run(capsys, "--db", str(mini_db), "export", "sheet", "--lang", "en", str(path), "-o", str(pdf))
    assert code == 0 and pdf.read_bytes().startswith(b"%PDF")


def test_check_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path) -> None:
    b = legal_list(mini)
    b.add("rhino")
    path = _write(tmp_path / "l.ost", b)
    broken = tmp_path / "z.ost"
    broken.write_text("[]", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--format", "json", "--catalogue", str(mini_db), str(path), str(broken))
    assert code == 2
    data = json.loads(out)
    assert data["format_version"] == 1
    first, second = data["results"]
    assert first["legal"] is False and first["errors"] == 1
    assert first["findings"][0]["code"] == "TRANSPORT-ORPHAN"
    assert first["findings"][0]["units"] == ["u4"]
    assert first["findings"][0]["rule"] == {"seed": "000", "section": "COMPOSITION D'ARMÉE"}
    assert {c["role"] for c in first["role_counts"]} >= {"hq", "troops"}
    assert second["file"].endswith("z.ost") and "expected a JSON object" in second["error"]


def test_check_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini: Catalogue, mini_db: Path) -> None:
    folder = tmp_path / "tournoi"
    (folder / "sub").mkdir(parents=True)
    for i in range(3):
        _write(folder / f"l{i}.ost", legal_list(mini))
    _write(folder / "sub" / "l9.ost", legal_list(mini))
    (folder / "notes.md").write_text("pas une liste", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--catalogue", str(mini_db), str(folder))
    assert code == 0
    assert out.count("RÉGLEMENTAIRE") == 4
    # Folders also pick up .txt (pasted lists): one that holds no list is reported, not skipped.
    (folder / "notes.txt").write_text("pas une liste", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--catalogue", str(mini_db), str(folder))
    assert code == 2
    assert "notes.txt" in out and "no army list found" in out


def test_check_empty_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path) -> None:
    empty = tmp_path / "vide"
    empty.mkdir()
    code, _, err = run(capsys, "check", "--catalogue", str(mini_db), str(empty))
    assert code == 2
    assert "aucun fichier de liste trouvé" in err


def test_check_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_db: Path) -> None:
    code, out, _ = run(capsys, "check", "--catalogue", str(mini_db), str(tmp_path / "absent.ost"))
    assert code == 2
    assert "absent.ost" in out and "no such file" in out
